"""The rulebook's final-scoring example (Marsh credibility 2 at x3, Cope 4 at x5: 6 + 20 = 26 RP),
reached by legal play rather than a staged shelf (issue 21).

The replay is a default two-player game of PlannerBots, game seed 280, seat i's bot seeded
2800 + i; P2 scores the example. benchmarks/bone_wars_final_scoring_replay.py regenerates it.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bonekit import Replay
from bonekit.games.bone_wars import components
from bonekit.games.bone_wars.rounds import credibility

FILE = Path(__file__).parent / "replays" / "bone_wars_final_scoring_example.json"
SEAT = 1  # P2


@pytest.fixture(scope="module")
def replay():
    return Replay.load(FILE)  # re-applies every action through the checked game.apply


def test_a_default_game_played_to_its_end(replay):
    raw = json.loads(FILE.read_text(encoding="utf-8"))
    assert replay.game_id == "bone_wars" and 2 <= replay.players <= 4
    assert replay.variant is None and replay.options == {}
    assert len(replay.actions) == len(raw["actions"]) > 100
    assert len(replay.states) == len(replay.actions) + 1
    assert replay.final_state().over
    assert not any(s.over for s in replay.states[:-1])


def test_every_action_was_legal_when_played(replay):
    game = replay.game
    for i, (state, label) in enumerate(zip(replay.states, replay.actions)):
        legal = {a.label for seat in game.to_move(state) for a in game.legal_actions(state, seat)}
        assert label in legal, f"action {i + 1}: {label}"


def test_the_final_scoring_is_the_rulebooks_example(replay):
    before, final = replay.states[-2], replay.final_state()
    assert "final" not in before.scored and "final" in final.scored
    cred = {p: credibility(final, p) for p in ("marsh", "cope")}
    assert cred == {"marsh": 2, "cope": 4}
    mult = components().loyalty.multipliers
    loyalty = final.boards[SEAT].loyalty
    assert (mult[loyalty["marsh"]], mult[loyalty["cope"]]) == (3, 5)
    assert (mult[loyalty["marsh"]] * cred["marsh"], mult[loyalty["cope"]] * cred["cope"]) == (6, 20)
    assert final.scored["final"][SEAT] == 26
    scores = [e for e in replay.events[-1] if e.kind == "score"]
    assert [e.data for e in scores if e.data["seat"] == SEAT] == [{"seat": SEAT, "rp": 26}]
    assert final.boards[SEAT].rp - before.boards[SEAT].rp == 26
