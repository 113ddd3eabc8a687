"""Benchmark: ScholarBot in Bone Wars, against RandomBot and against itself.

For every table size it plays ``games`` games from seeds 0, 1, 2, ...: first one ScholarBot
with RandomBots in the other seats (the scholar's seat rotates with the seed), then a table of
ScholarBots. It prints the mean RP and win rates (a shared win counts for each winner).

    python benchmarks/bone_wars_bots.py               # 100 games a table size, 2-4 players
    python benchmarks/bone_wars_bots.py 20 --players 2 4
"""
from __future__ import annotations

import argparse
import statistics

import bonekit
from bonekit.core.bots import RandomBot
from bonekit.games.bone_wars.bots import ScholarBot


def against_random(game, players: int, games: int) -> tuple[list[int], list[int], int]:
    """(scholar RP per game, random RP per seat-game, scholar wins)."""
    mine, theirs, wins = [], [], 0
    for seed in range(games):
        me = seed % players
        bots = {i: ScholarBot(seed) if i == me else RandomBot(seed * players + i) for i in range(players)}
        final, _ = game.playout(game.new(players, seed=seed), bots)
        out = game.outcome(final)
        mine.append(out.scores[me])
        theirs += [out.scores[i] for i in range(players) if i != me]
        wins += me in out.winners
    return mine, theirs, wins


def self_play(game, players: int, games: int) -> tuple[list[list[int]], list[int]]:
    """(RP per seat, wins per seat) over games of ScholarBots only."""
    rp: list[list[int]] = [[] for _ in range(players)]
    wins = [0] * players
    for seed in range(games):
        bots = {i: ScholarBot(seed * players + i) for i in range(players)}
        final, _ = game.playout(game.new(players, seed=seed), bots)
        out = game.outcome(final)
        for i in range(players):
            rp[i].append(out.scores[i])
            wins[i] += i in out.winners
    return rp, wins


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=100, help="games per table size (default 100)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args(argv)
    game = bonekit.load("bone_wars")
    print(f"Bone Wars, ScholarBot: {args.games} games per table size")
    for players in args.players:
        mine, theirs, wins = against_random(game, players, args.games)
        print(
            f"{players} players vs RandomBot: scholar mean {statistics.fmean(mine):.2f} RP, "
            f"random mean {statistics.fmean(theirs):.2f} RP, scholar wins {wins}/{args.games} "
            f"({100 * wins / args.games:.0f}%)"
        )
        rp, seat_wins = self_play(game, players, args.games)
        seats = ", ".join(
            f"P{i + 1} {statistics.fmean(rp[i]):.2f} RP {100 * seat_wins[i] / args.games:.0f}%"
            for i in range(players)
        )
        every = statistics.fmean(x for seat in rp for x in seat)
        print(f"{players} players, scholar only: mean {every:.2f} RP; by seat: {seats}")


if __name__ == "__main__":
    main()
