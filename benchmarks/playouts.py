"""Benchmark: Bone to Pick playouts per player count.

Plays ``--games`` games per player count from seeds 0, 1, 2, ... with one bot per seat and
prints, per count, games per second, actions per second and mean actions per game; then the
mean time of one ``game.apply`` call and the peak memory (tracemalloc) of one game.

    python benchmarks/playouts.py --games 500 --players 2 4 6 --bot careful
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc

import bonekit
from bonekit import RandomBot
from bonekit.games.bone_to_pick import CarefulBot

try:
    from tqdm import tqdm
except ImportError:  # a progress bar is a nicety, not a requirement
    tqdm = None

BOTS = {"random": RandomBot, "careful": CarefulBot}


def play_game(game, players: int, seed: int, bot_kind: str, timer=None) -> int:
    """Play one game to the end; returns the number of actions. ``timer`` collects the
    seconds spent inside each ``game.apply`` call if given."""
    state = game.new(players, seed=seed)
    bots = [BOTS[bot_kind](seed=seed * 100 + s) for s in range(players)]
    actions = 0
    while True:
        owing = game.to_move(state)
        if not owing:
            return actions
        seat = owing[0]
        action = bots[seat].choose(game, state, seat)
        if timer is None:
            state, _ = game.apply(state, action)
        else:
            t0 = time.perf_counter()
            state, _ = game.apply(state, action)
            timer.append(time.perf_counter() - t0)
        actions += 1


def run(games: int, counts: list[int], bot_kind: str) -> None:
    game = bonekit.load("bone_to_pick")
    print(f"bonekit {bonekit.__version__} · Bone to Pick · bot {bot_kind} · {games} games per count"
          f" · Python {sys.version.split()[0]}")
    rows = []
    for players in counts:
        seeds = range(games)
        if tqdm is not None:
            seeds = tqdm(seeds, desc=f"{players} players", leave=False, file=sys.stderr)
        total_actions = 0
        t0 = time.perf_counter()
        for seed in seeds:
            total_actions += play_game(game, players, seed, bot_kind)
        elapsed = time.perf_counter() - t0
        rows.append((players, games / elapsed, total_actions / elapsed, total_actions / games))

    print()
    print(f"{'players':>7}  {'games/s':>9}  {'actions/s':>10}  {'actions/game':>12}")
    for players, gps, aps, mean in rows:
        print(f"{players:>7}  {gps:>9.1f}  {aps:>10.0f}  {mean:>12.1f}")

    # Time of game.apply alone (bots excluded), over a sample of games at each count.
    print()
    print(f"{'players':>7}  {'apply µs (mean)':>15}  {'apply µs (median)':>17}  {'calls':>6}")
    sample = max(1, min(games, 200))
    for players in counts:
        timer: list[float] = []
        for seed in range(sample):
            play_game(game, players, seed, bot_kind, timer)
        print(f"{players:>7}  {statistics.fmean(timer) * 1e6:>15.1f}  "
              f"{statistics.median(timer) * 1e6:>17.1f}  {len(timer):>6}")

    # Peak memory of one game at the largest count, from new() to the end.
    players = max(counts)
    tracemalloc.start()
    tracemalloc.reset_peak()
    play_game(game, players, 0, bot_kind)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print()
    print(f"peak memory of one {players}-player game (tracemalloc): {peak / 1024:.1f} KiB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6],
                        choices=[2, 3, 4, 5, 6], help="player counts to run")
    parser.add_argument("--bot", choices=sorted(BOTS), default="random", help="bot for every seat")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    run(args.games, args.players, args.bot)


if __name__ == "__main__":
    main()
