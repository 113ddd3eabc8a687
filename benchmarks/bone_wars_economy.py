"""Benchmark: how big Bone Wars games play and how strong the planner is, against issue 21's targets.

Three studies, each game from seeds 10 000, 10 001, ... (bot seeds follow from the game's). The
planner's weights and the kit's economy were tuned on games of seeds 0-299, so the benchmark plays
other seeds by default (``--first-seed 0`` replays the tuning games, whose figures run a few points
kinder):

- self-play: ``games`` games per table size with one bot kind in every seat, measured
  (bonekit.games.bone_wars.measures) and printed beside each target;
- the planner against ScholarBot: one planner at a table of scholars, its seat rotating with the
  seed; the share of scholar seats it finishes ahead of, ranked as the rulebook ranks the end (most
  RP, then most archived species cards), target ≥ 75%, and by RP alone;
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
from bonekit.games.bone_wars.rounds import standing

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
FIRST_SEED = 10_000  # past the seeds the weights and the economy were tuned on


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


def scholar_game(job: tuple[int, int]) -> tuple[int, int, float, float, int]:
    """(scholar seats the planner finished ahead of by the rulebook's ranking, scholar seats,
    planner RP, scholars' mean RP, scholar seats it had more RP than)."""
    players, seed = job
    game = bonekit.load("bone_wars")
    me = seed % players
    bots = {i: PlannerBot(seed) if i == me else ScholarBot(seed * players + i) for i in range(players)}
    final, _ = game.playout(game.new(players, seed=seed), bots)
    scores = game.outcome(final).scores
    others = [i for i in range(players) if i != me]
    # ahead = ranked above: more RP, or as many and more archived species cards (the tie-break)
    ahead = sum(standing(final, me) > standing(final, i) for i in others)
    more_rp = sum(scores[me] > scores[i] for i in others)
    return ahead, len(others), scores[me], statistics.fmean(scores[i] for i in others), more_rp


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
def study_self(pool, games: int, players_list: list[int], bot: str, first: int = FIRST_SEED) -> None:
    for players in players_list:
        start = time.perf_counter()
        jobs = [(bot, players, s) for s in range(first, first + games)]
        measured = run(pool, self_play_game, jobs, f"{players} players")
        summary = summarize(measured)
        print(f"Bone Wars, {bot} self-play: {summary.table()}")
        print(targets(summary))
        print(f"  ({time.perf_counter() - start:.1f} s)")


def study_scholar(pool, games: int, players_list: list[int], first: int = FIRST_SEED) -> None:
    beaten = seats = richer = 0
    for players in players_list:
        jobs = [(players, s) for s in range(first, first + games)]
        rows = run(pool, scholar_game, jobs, f"vs scholar, {players} players")
        b, n, r = sum(x[0] for x in rows), sum(x[1] for x in rows), sum(x[4] for x in rows)
        beaten, seats, richer = beaten + b, seats + n, richer + r
        print(
            f"Planner vs ScholarBot, {games} games of {players} players (one planner, seat rotating): "
            f"ahead of {b}/{n} scholar seats ({100 * b / n:.0f}%; more RP than {r}, {100 * r / n:.0f}%), "
            f"planner {statistics.fmean(x[2] for x in rows):.1f} RP, "
            f"scholars {statistics.fmean(x[3] for x in rows):.1f} RP"
        )
    share = beaten / seats
    print(
        f"  {'met ' if share >= BEATS_SCHOLAR else 'MISS'} beats ScholarBot     {100 * share:>5.0f}%  "
        f"target ≥ {100 * BEATS_SCHOLAR:.0f}% of seats (ranked as the rulebook ranks: RP, then archived "
        f"cards; by RP alone {100 * richer / seats:.0f}%)"
    )


def study_theodore(pool, games: int, first: int = FIRST_SEED) -> None:
    rates = {}
    for level in ("advanced", "expert"):
        jobs = [(level, s) for s in range(first, first + games)]
        rows = run(pool, theodore_game, jobs, f"vs Theodore, {level}")
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
        "--first-seed", type=int, default=FIRST_SEED, help=f"the first game's seed (default {FIRST_SEED})"
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="processes (default: one per CPU; 1 stays in-process)"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    pool = None if args.workers == 1 else ProcessPoolExecutor(args.workers)
    try:
        if "self" in args.studies:
            study_self(pool, args.games, args.players, args.bot, args.first_seed)
        if "scholar" in args.studies:
            study_scholar(pool, args.games, args.players, args.first_seed)
        if "theodore" in args.studies:
            study_theodore(pool, args.games, args.first_seed)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
