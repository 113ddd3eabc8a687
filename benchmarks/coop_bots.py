"""Benchmark: GuardBot against CoopBot in the Bad Bones co-op game, on the same seeds.

For every team size it plays ``--games`` games from seeds 0, 1, 2, ... once with a team of
GuardBots and once with a team of CoopBots (bot ``i`` seeded ``i`` in both), and prints the wins
and the mean complete rounds survived of each team, then the paired comparison: the games only
one of the two teams won, the exact two-sided sign-test p-value over those games, and the mean
difference in rounds survived with a 95% interval (normal approximation over the pairs).

    python benchmarks/coop_bots.py                 # 200 games a team size, sizes 2-6
    python benchmarks/coop_bots.py 60 --players 3 5 --advanced
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

import bonekit
from bonekit.games.bad_bones.bots import CoopBot, GuardBot

BOTS = {"guard": GuardBot, "coop": CoopBot}


def play(game, players: int, seed: int, bot: type, **options) -> tuple[bool, int]:
    """One co-op game: (whether the team won, complete rounds survived)."""
    final, _ = game.playout(game.new(players, "coop", seed=seed, **options),
                            {i: bot(i) for i in range(players)})
    return final.ended != "defeat", game.outcome(final).scores[0]


def sign_test(wins: int, losses: int) -> float:
    """The exact two-sided binomial p-value of ``wins`` against ``losses`` (ties dropped)."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def mean_interval(diffs: list[int]) -> tuple[float, float]:
    """The mean of ``diffs`` and the half-width of its 95% interval."""
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200, help="games per team size (default 200)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--advanced", action="store_true", help="the advanced co-op game (the Market)")
    parser.add_argument("--chiefs", action="store_true", help="with the Skeleton Chiefs")
    args = parser.parse_args(argv)
    game = bonekit.load("bad_bones")
    options = {k: True for k in ("advanced", "chiefs") if getattr(args, k)}
    print(f"Bad Bones co-op{' ' + ' '.join(options) if options else ''}: {args.games} games per team "
          "size, same seeds for both teams")
    print(f"{'team':>4} | {'guard wins':>10} {'rounds':>6} {'s/game':>6} | {'coop wins':>9} {'rounds':>6} "
          f"{'s/game':>6} | {'only guard':>10} {'only coop':>9} {'sign p':>7} | {'rounds diff (95%)':>17}")
    for players in args.players:
        results: dict[str, list[tuple[bool, int]]] = {}
        seconds: dict[str, float] = {}
        for kind, bot in BOTS.items():
            start, results[kind] = time.perf_counter(), []
            for seed in range(args.games):
                results[kind].append(play(game, players, seed, bot, **options))
                print(f"\r{players} players, {kind}: game {seed + 1}/{args.games}", end="", file=sys.stderr)
            seconds[kind] = (time.perf_counter() - start) / args.games
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
        guard, coop = results["guard"], results["coop"]
        only_guard = sum(g[0] and not c[0] for g, c in zip(guard, coop))
        only_coop = sum(c[0] and not g[0] for g, c in zip(guard, coop))
        mean, half = mean_interval([c[1] - g[1] for g, c in zip(guard, coop)])

        def wins(rs):
            return sum(w for w, _ in rs)

        def rounds(rs):
            return statistics.fmean(r for _, r in rs)
        print(f"{players:>4} | {wins(guard):>10} {rounds(guard):>6.2f} {seconds['guard']:>6.3f} | "
              f"{wins(coop):>9} {rounds(coop):>6.2f} {seconds['coop']:>6.3f} | "
              f"{only_guard:>10} {only_coop:>9} "
              f"{sign_test(only_coop, only_guard):>7.2g} | {mean:>+8.2f} ± {half:<6.2f}", flush=True)


if __name__ == "__main__":
    main()
