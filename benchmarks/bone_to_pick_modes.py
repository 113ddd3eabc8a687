"""Benchmark: every Bone to Pick mode, with random bots and with the kit's sensible bots.

For each mode (variant, player count, options) it plays ``--games`` games from seeds 0, 1, ...
and prints games per second, actions per second, the mean time of one ``game.apply`` call,
and how the games ended: the share of games (of waves, in a campaign) the table won.

    python benchmarks/bone_to_pick_modes.py --games 200
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

import bonekit
from bonekit import RandomBot
from bonekit.games.bone_to_pick.bots import CarefulBot, CoopBot, SoloBot

try:
    from tqdm import tqdm
except ImportError:  # a progress bar is a nicety, not a requirement
    tqdm = None

# (label, players, variant, options, the sensible bot for the mode)
MODES = [
    ("base", 4, "base", {}, CarefulBot),
    ("campaign", 4, "campaign", {}, CarefulBot),
    ("campaign, easier side", 4, "campaign", {"easier_haven": True}, CarefulBot),
    ("epic", 9, "epic", {}, CarefulBot),
    ("epic campaign", 12, "epic", {"campaign": True}, CarefulBot),
    ("team", 6, "team", {}, CarefulBot),
    ("team campaign (epic)", 8, "team", {"campaign": True}, CarefulBot),
    ("solo", 1, "solo", {}, SoloBot),
    ("co-op", 2, "coop", {}, CoopBot),
    ("co-op", 3, "coop", {}, CoopBot),
]


def play(game, players: int, variant: str, options: dict, seed: int, bot_type, timer: list[float]):
    """One game to the end; returns (final state, actions)."""
    state = game.new(players, variant=variant, seed=seed, **options)
    bots = [bot_type(seed * 100 + s) for s in range(players)]
    actions = 0
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        action = bots[seat].choose(game, state, seat)
        t0 = time.perf_counter()
        state, _ = game.apply(state, action)
        timer.append(time.perf_counter() - t0)
        actions += 1
    return state, actions


def won(game, state) -> tuple[int, int]:
    """(won, played): waves in a campaign, else the game itself."""
    if getattr(state, "campaign", False):
        return sum(r.result == "victory" for r in state.results), len(state.results)
    return int(game.outcome(state).result == "victory"), 1


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per mode and bot")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    game = bonekit.load("bone_to_pick")
    print(f"bonekit {bonekit.__version__} · Bone to Pick modes · {args.games} games per row · "
          f"Python {sys.version.split()[0]}\n")
    print(f"{'mode':<24} {'players':>7} {'bot':>8} {'games/s':>8} {'actions/s':>9} "
          f"{'apply µs':>8} {'won':>10}")
    for label, players, variant, options, sensible in MODES:
        for bot_type in (RandomBot, sensible):
            seeds = range(args.games)
            name = getattr(bot_type, "name", bot_type.__name__)
            if tqdm is not None:
                seeds = tqdm(seeds, desc=f"{label} {players}p {name}", leave=False, file=sys.stderr)
            timer: list[float] = []
            total_actions, wins, rounds = 0, 0, 0
            t0 = time.perf_counter()
            for seed in seeds:
                final, n = play(game, players, variant, options, seed, bot_type, timer)
                total_actions += n
                w, r = won(game, final)
                wins, rounds = wins + w, rounds + r
            elapsed = time.perf_counter() - t0
            print(f"{label:<24} {players:>7} {name:>8} {args.games / elapsed:>8.1f} "
                  f"{total_actions / elapsed:>9.0f} {statistics.fmean(timer) * 1e6:>8.1f} "
                  f"{wins / rounds:>9.0%}" + (" of waves" if rounds > args.games else ""))


if __name__ == "__main__":
    main()
