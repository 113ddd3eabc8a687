"""Benchmark: how big Bone Wars games play and how strong the planner is, against issue 21's targets.

Three studies, each game from seeds 0, 1, 2, ... (bot seeds follow from the game's):

- self-play: ``games`` games per table size with one bot kind in every seat, measured
  (bonekit.games.bone_wars.measures) and printed beside each target;
- the planner against ScholarBot: one planner at a table of scholars, its seat rotating with the
  seed; the share of scholar seats it finishes ahead of (target ≥ 75%);
- the planner against Theodore, at the advanced and the expert level (target: wins 35-65% at
  advanced, fewer at expert).

    python benchmarks/bone_wars_economy.py                 # 200 games each, every study
    python benchmarks/bone_wars_economy.py 50 --players 2 --studies self
    python benchmarks/bone_wars_economy.py 20 --bot scholar --studies self
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor

from tqdm import tqdm

import bonekit
from bonekit.games.bone_wars.bots import ScholarBot
from bonekit.games.bone_wars.measures import GameMeasures, Summary, measure_game, summarize
from bonekit.games.bone_wars.planner import PlannerBot

# (figure, target as text, is it met?) — issue 21's targets, per player per game unless named
TARGETS = [
    ("papers", "≥ 3 per player", lambda s: s.papers >= 3),
    ("debunks_per_game", "≥ 1 a game", lambda s: s.debunks_per_game >= 1),
    ("best_credibility", "≥ 3 at the final scoring", lambda s: s.best_credibility >= 3),
    ("rp_mean", "≥ 20", lambda s: s.rp_mean >= 20),
    ("switches", "≥ 1 per player", lambda s: s.switches >= 1),
    ("rich_pass_share", "≤ 25%", lambda s: s.rich_pass_share <= 0.25),
]
BEATS_SCHOLAR = 0.75
THEODORE_ADVANCED = (0.35, 0.65)
STUDIES = ("self", "scholar", "theodore")


def targets(summary: Summary) -> str:
    lines = []
    for name, goal, met in TARGETS:
        value = getattr(summary, name)
        shown = f"{100 * value:.0f}%" if name == "rich_pass_share" else f"{value:.2f}"
        lines.append(f"  {'met ' if met(summary) else 'MISS'} {name:<18} {shown:>7}  target {goal}")
    return "\n".join(lines)


# ---- one game of each study (module level, so worker processes can run them) -----------------------
def self_play_game(job: tuple[str, int, int]) -> GameMeasures:
    bot, players, seed = job
    game = bonekit.load("bone_wars")
    make = game.bots[bot]
    return measure_game(
        game, game.new(players, seed=seed), {i: make(seed * players + i) for i in range(players)}
    )


def scholar_game(job: tuple[int, int]) -> tuple[int, int, float, float]:
    """(scholar seats the planner finished ahead of, scholar seats, planner RP, scholars' mean RP)."""
    players, seed = job
    game = bonekit.load("bone_wars")
    me = seed % players
    bots = {i: PlannerBot(seed) if i == me else ScholarBot(seed * players + i) for i in range(players)}
    final, _ = game.playout(game.new(players, seed=seed), bots)
    scores = game.outcome(final).scores
    others = [scores[i] for i in range(players) if i != me]
    return sum(scores[me] > x for x in others), len(others), scores[me], statistics.fmean(others)


def theodore_game(job: tuple[str, int]) -> tuple[bool, int, int]:
    """(did the planner win outright, its RP, Theodore's RP)."""
    level, seed = job
    game = bonekit.load("bone_wars")
    final, _ = game.playout(game.new(1, "solo", seed=seed, level=level), {0: PlannerBot(seed)})
    outcome = game.outcome(final)
    return outcome.winners == (0,), final.boards[0].rp, final.boards[1].rp


def run(pool: ProcessPoolExecutor | None, fn: Callable, jobs: list, desc: str) -> list:
    """``fn`` over ``jobs`` (in order), in ``pool`` if given, with a progress bar."""
    results: Iterable = pool.map(fn, jobs, chunksize=4) if pool else map(fn, jobs)
    return list(tqdm(results, total=len(jobs), desc=desc, leave=False))


# ---- the studies ----------------------------------------------------------------------------------
def study_self(pool, games: int, players_list: list[int], bot: str) -> None:
    for players in players_list:
        start = time.perf_counter()
        measured = run(pool, self_play_game, [(bot, players, s) for s in range(games)], f"{players} players")
        summary = summarize(measured)
        print(f"Bone Wars, {bot} self-play: {summary.table()}")
        print(targets(summary))
        print(f"  ({time.perf_counter() - start:.1f} s)")


def study_scholar(pool, games: int, players_list: list[int]) -> None:
    beaten = seats = 0
    for players in players_list:
        rows = run(pool, scholar_game, [(players, s) for s in range(games)], f"vs scholar, {players} players")
        b, n = sum(r[0] for r in rows), sum(r[1] for r in rows)
        beaten, seats = beaten + b, seats + n
        print(
            f"Planner vs ScholarBot, {games} games of {players} players (one planner, seat rotating): "
            f"ahead of {b}/{n} scholar seats ({100 * b / n:.0f}%), "
            f"planner {statistics.fmean(r[2] for r in rows):.1f} RP, "
            f"scholars {statistics.fmean(r[3] for r in rows):.1f} RP"
        )
    share = beaten / seats
    print(
        f"  {'met ' if share >= BEATS_SCHOLAR else 'MISS'} beats ScholarBot     {100 * share:>5.0f}%  "
        f"target ≥ {100 * BEATS_SCHOLAR:.0f}% of seats"
    )


def study_theodore(pool, games: int) -> None:
    rates = {}
    for level in ("advanced", "expert"):
        rows = run(pool, theodore_game, [(level, s) for s in range(games)], f"vs Theodore, {level}")
        rates[level] = sum(r[0] for r in rows) / games
        print(
            f"Planner vs Theodore ({level}), {games} games: planner wins {sum(r[0] for r in rows)} "
            f"({100 * rates[level]:.0f}%), planner {statistics.fmean(r[1] for r in rows):.1f} RP, "
            f"Theodore {statistics.fmean(r[2] for r in rows):.1f} RP"
        )
    lo, hi = THEODORE_ADVANCED
    adv = lo <= rates["advanced"] <= hi
    print(
        f"  {'met ' if adv else 'MISS'} wins vs advanced    {100 * rates['advanced']:>5.0f}%  "
        f"target {100 * lo:.0f}-{100 * hi:.0f}%"
    )
    exp = rates["expert"] < rates["advanced"]
    print(
        f"  {'met ' if exp else 'MISS'} wins vs expert      {100 * rates['expert']:>5.0f}%  "
        "target fewer than at advanced"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "games", type=int, nargs="?", default=200, help="games per table size and study (default 200)"
    )
    parser.add_argument("--players", type=int, nargs="+", default=[4, 2])
    parser.add_argument(
        "--bot", default="planner", help="the bot kind in every seat of the self-play (default planner)"
    )
    parser.add_argument("--studies", nargs="+", choices=STUDIES, default=list(STUDIES))
    parser.add_argument(
        "--workers", type=int, default=None, help="processes (default: one per CPU; 1 stays in-process)"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    pool = None if args.workers == 1 else ProcessPoolExecutor(args.workers)
    try:
        if "self" in args.studies:
            study_self(pool, args.games, args.players, args.bot)
        if "scholar" in args.studies:
            study_scholar(pool, args.games, args.players)
        if "theodore" in args.studies:
            study_theodore(pool, args.games)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
