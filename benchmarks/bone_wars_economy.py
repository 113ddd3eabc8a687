"""Benchmark: how big Bone Wars games play, against issue 21's targets.

Plays ``games`` self-play games per table size (seeds 0, 1, 2, ...) with one bot kind in every
seat, measures them (bonekit.games.bone_wars.measures) and prints each figure beside its target.

    python benchmarks/bone_wars_economy.py                 # 200 games at 4 and at 2 players, scholar
    python benchmarks/bone_wars_economy.py 50 --players 2 --bot scholar
"""
from __future__ import annotations

import argparse
import time

from tqdm import tqdm

import bonekit
from bonekit.games.bone_wars.measures import Summary, measure_game, summarize

# (figure, target as text, is it met?) — issue 21's targets, per player per game unless named
TARGETS = [
    ("papers", "≥ 3 per player", lambda s: s.papers >= 3),
    ("debunks_per_game", "≥ 1 a game", lambda s: s.debunks_per_game >= 1),
    ("best_credibility", "≥ 3 at the final scoring", lambda s: s.best_credibility >= 3),
    ("rp_mean", "≥ 20", lambda s: s.rp_mean >= 20),
    ("switches", "≥ 1 per player", lambda s: s.switches >= 1),
    ("rich_pass_share", "≤ 25%", lambda s: s.rich_pass_share <= 0.25),
]


def targets(summary: Summary) -> str:
    lines = []
    for name, goal, met in TARGETS:
        value = getattr(summary, name)
        shown = f"{100 * value:.0f}%" if name == "rich_pass_share" else f"{value:.2f}"
        lines.append(f"  {'met ' if met(summary) else 'MISS'} {name:<18} {shown:>7}  target {goal}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200, help="games per table size (default 200)")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 2])
    parser.add_argument("--bot", default="scholar", help="the bot kind in every seat (default scholar)")
    args = parser.parse_args(argv)
    game = bonekit.load("bone_wars")
    make = game.bots[args.bot]
    for players in args.players:
        start = time.perf_counter()
        measured = [measure_game(game, game.new(players, seed=seed),
                                 {i: make(seed * players + i) for i in range(players)})
                    for seed in tqdm(range(args.games), desc=f"{players} players", leave=False)]
        summary = summarize(measured)
        print(f"Bone Wars, {args.bot} self-play: {summary.table()}")
        print(targets(summary))
        print(f"  ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
