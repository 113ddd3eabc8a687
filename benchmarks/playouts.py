"""Benchmark: Bone to Pick and Bad Bones playouts per player count.

Plays ``--games`` games per player count from seeds 0, 1, 2, ... with one bot per seat and
prints, per count, games per second, actions per second and mean actions per game; then the
mean time of one ``game.apply`` call and the peak memory (tracemalloc) of one game.

Bone to Pick runs with ``--bot`` (random or careful) at 2-6 players. Bad Bones runs with
RandomBot at 1-6 players (1 is the solo game), plus one line for GuardBot at 2 players
(``--guard-games`` games: it traces every skeleton ahead, so it is much slower).

    python benchmarks/playouts.py --games 500 --players 2 4 6 --bot careful
    python benchmarks/playouts.py --game bad_bones --games 200 --guard-games 20
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc

import bonekit
from bonekit import RandomBot
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bone_to_pick import CarefulBot

try:
    from tqdm import tqdm
except ImportError:  # a progress bar is a nicety, not a requirement
    tqdm = None

BOTS = {"random": RandomBot, "careful": CarefulBot}
BAD_BONES_BOTS = {"random": RandomBot, "guard": GuardBot}
GAMES = {"bone_to_pick": ("Bone to Pick", BOTS, (2, 3, 4, 5, 6)),
         "bad_bones": ("Bad Bones", BAD_BONES_BOTS, (1, 2, 3, 4, 5, 6))}


def play_game(game, players: int, seed: int, bot_kind: str, timer=None, bots=BOTS) -> int:
    """Play one game to the end; returns the number of actions. ``timer`` collects the
    seconds spent inside each ``game.apply`` call if given."""
    state = game.new(players, seed=seed)
    seat_bots = [bots[bot_kind](seed=seed * 100 + s) for s in range(players)]
    actions = 0
    while True:
        owing = game.to_move(state)
        if not owing:
            return actions
        seat = owing[0]
        action = seat_bots[seat].choose(game, state, seat)
        if timer is None:
            state, _ = game.apply(state, action)
        else:
            t0 = time.perf_counter()
            state, _ = game.apply(state, action)
            timer.append(time.perf_counter() - t0)
        actions += 1


def throughput(game, games: int, players: int, bot_kind: str, bots) -> tuple[float, float, float]:
    """(games/s, actions/s, actions per game) over ``games`` games from seeds 0, 1, ..."""
    seeds = range(games)
    if tqdm is not None:
        seeds = tqdm(seeds, desc=f"{game.id} {players} players {bot_kind}", leave=False, file=sys.stderr)
    total_actions = 0
    t0 = time.perf_counter()
    for seed in seeds:
        total_actions += play_game(game, players, seed, bot_kind, bots=bots)
    elapsed = time.perf_counter() - t0
    return games / elapsed, total_actions / elapsed, total_actions / games


def run(games: int, counts: list[int], bot_kind: str, game_id: str = "bone_to_pick",
        extra: list[tuple[int, str, int]] = ()) -> None:
    """Benchmark ``game_id`` with ``bot_kind`` at each count; ``extra`` adds rows
    (players, bot kind, games) such as Bad Bones' GuardBot line."""
    game = bonekit.load(game_id)
    title, bots, _ = GAMES[game_id]
    print(f"bonekit {bonekit.__version__} · {title} · bot {bot_kind} · {games} games per count"
          f" · Python {sys.version.split()[0]}")
    rows = []
    for players in counts:
        rows.append((players, bot_kind, *throughput(game, games, players, bot_kind, bots)))
    for players, kind, n in extra:
        rows.append((players, kind, *throughput(game, n, players, kind, bots)))

    print()
    print(f"{'players':>7}  {'bot':>7}  {'games/s':>9}  {'actions/s':>10}  {'actions/game':>12}")
    for players, kind, gps, aps, mean in rows:
        print(f"{players:>7}  {kind:>7}  {gps:>9.1f}  {aps:>10.0f}  {mean:>12.1f}")

    # Time of game.apply alone (bots excluded), over a sample of games at each count.
    print()
    print(f"{'players':>7}  {'bot':>7}  {'apply µs (mean)':>15}  {'apply µs (median)':>17}  {'calls':>6}")
    sample = max(1, min(games, 200))
    timed = [(players, bot_kind, sample) for players in counts]
    timed += [(players, kind, max(1, min(n, 5))) for players, kind, n in extra]
    for players, kind, n in timed:
        timer: list[float] = []
        for seed in range(n):
            play_game(game, players, seed, kind, timer, bots=bots)
        print(f"{players:>7}  {kind:>7}  {statistics.fmean(timer) * 1e6:>15.1f}  "
              f"{statistics.median(timer) * 1e6:>17.1f}  {len(timer):>6}")

    # Peak memory of one game at the largest count, from new() to the end.
    players = max(counts)
    tracemalloc.start()
    tracemalloc.reset_peak()
    play_game(game, players, 0, bot_kind, bots=bots)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print()
    print(f"peak memory of one {players}-player game (tracemalloc): {peak / 1024:.1f} KiB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["bone_to_pick", "bad_bones", "both"], default="both",
                        help="which game to benchmark (default: both)")
    parser.add_argument("--games", type=int, default=2000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=None, choices=[1, 2, 3, 4, 5, 6],
                        help="player counts to run (default: 2-6 for Bone to Pick, 1-6 for Bad Bones; "
                             "counts a game does not support are skipped)")
    parser.add_argument("--bot", choices=sorted(BOTS), default="random",
                        help="Bone to Pick bot for every seat (Bad Bones always uses RandomBot)")
    parser.add_argument("--guard-games", type=int, default=20,
                        help="games for Bad Bones' 2-player GuardBot line (0: skip it)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.guard_games < 0:
        parser.error("--guard-games must be at least 0")
    game_ids = ["bone_to_pick", "bad_bones"] if args.game == "both" else [args.game]
    for i, game_id in enumerate(game_ids):
        supported = GAMES[game_id][2]
        counts = [p for p in (args.players or supported) if p in supported]
        if not counts:
            parser.error(f"{game_id} is not played by {' '.join(map(str, args.players))} player(s)")
        if i:
            print("\n" + "-" * 72 + "\n")
        if game_id == "bone_to_pick":
            run(args.games, counts, args.bot, game_id)
        else:
            extra = [(2, "guard", args.guard_games)] if args.guard_games else []
            run(args.games, counts, "random", game_id, extra)


if __name__ == "__main__":
    main()
