"""Regenerate tests/replays/bone_wars_final_scoring_example.json: a two-player Bone Wars game of
PlannerBots (game seed 280, bot seeds 2800 and 2801) in which P2's final scoring is the rulebook's
example, Marsh credibility 2 at x3 and Cope credibility 4 at x5, 26 RP.

Every action goes through the checked ``game.apply``. ``--search N`` instead plays the seeds
0..N-1 and prints those whose final scoring matches.

    python benchmarks/bone_wars_final_scoring_replay.py
    python benchmarks/bone_wars_final_scoring_replay.py --search 60
"""
from __future__ import annotations

import argparse
from pathlib import Path

import bonekit
from bonekit.games.bone_wars import components
from bonekit.games.bone_wars.rounds import credibility

PLAYERS, SEED = 2, 280
OUT = Path(__file__).resolve().parents[1] / "tests" / "replays" / "bone_wars_final_scoring_example.json"


def planner_game(seed: int, players: int = PLAYERS) -> bonekit.Replay:
    """Planner self-play from ``seed`` (seat i's bot seeded ``10 * seed + i``), as a replay."""
    game = bonekit.load("bone_wars")
    bots = {i: game.bots["planner"](10 * seed + i) for i in range(players)}
    state, labels = game.new(players, seed=seed), []
    while not state.over:
        seat = game.to_move(state)[0]
        label = bots[seat].choose(game, state, seat).label
        state, _ = game.apply(state, label)
        labels.append(label)
    return bonekit.Replay("bone_wars", players, seed, None, {}, labels)


def example_seats(replay: bonekit.Replay) -> list[int]:
    """The seats whose final scoring is Marsh 2 x3 plus Cope 4 x5."""
    state, mult = replay.final_state(), components().loyalty.multipliers
    if (credibility(state, "marsh"), credibility(state, "cope")) != (2, 4):
        return []
    return [i for i, b in enumerate(state.boards)
            if (mult[b.loyalty["marsh"]], mult[b.loyalty["cope"]]) == (3, 5)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", type=int, metavar="N", help="try seeds 0..N-1 instead")
    parser.add_argument("--from", dest="start", type=int, default=0, help="the first seed --search tries")
    args = parser.parse_args(argv)
    if args.search:
        for seed in range(args.start, args.start + args.search):
            seats = example_seats(planner_game(seed))
            if seats:
                print(f"seed {seed}: seats {seats}")
        return
    replay = planner_game(SEED)
    assert example_seats(replay) == [1], "the planner no longer plays this game; try --search"
    replay.save(OUT)
    print(f"{OUT}: {len(replay.actions)} actions")


if __name__ == "__main__":
    main()
