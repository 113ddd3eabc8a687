"""ScholarBot, the Bone Wars greedy bot: deterministic, always legal, better than RandomBot,
and it publishes when a full skeleton is waiting."""
from __future__ import annotations

import pytest

import bonekit
from bonekit.core.bots import RandomBot
from bonekit.games.bone_wars.bots import ScholarBot, evaluate, skeleton

GAME = bonekit.load("bone_wars")


def _play(players: int, seed: int, bots: dict) -> tuple[object, list]:
    """A whole game through the checked ``apply`` (an illegal action raises)."""
    state, labels = GAME.new(players, seed=seed), []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(GAME, state, seat)
        assert action in GAME.legal_actions(state, seat)
        labels.append(action.label)
        state, _ = GAME.apply(state, action)
    return state, labels


def test_the_same_seed_plays_the_same_game():
    first = _play(2, 5, {i: ScholarBot(i) for i in range(2)})[1]
    again = _play(2, 5, {i: ScholarBot(i) for i in range(2)})[1]
    assert first == again


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_action_is_legal(players):
    final, labels = _play(players, 11, {i: ScholarBot(i) for i in range(players)})
    assert GAME.outcome(final) is not None and len(labels) > 50


@pytest.mark.parametrize("players", [2, 4])
def test_beats_random_bots_in_most_games(players):
    # measured with seeds 0-19 (benchmarks/bone_wars_bots.py): 19/20 at 2 players, 17/20 at 4
    wins = 0
    for seed in range(20):
        me = seed % players
        bots = {i: ScholarBot(seed) if i == me else RandomBot(seed * players + i) for i in range(players)}
        final, _ = GAME.playout(GAME.new(players, seed=seed), bots)
        wins += me in GAME.outcome(final).winners
    assert wins > 10


def _turn_start(players: int = 2, seed: int = 0):
    """The first turn of round 1, the setup bundles chosen by ScholarBots."""
    state = GAME.new(players, seed=seed)
    bots = {i: ScholarBot(i) for i in range(players)}
    while state.phase != "turn" or state.pending or state.turn is not None:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, bots[seat].choose(GAME, state, seat))
    return state


def test_publishes_a_full_skeleton_when_it_can():
    state = _turn_start()
    seat = state.current
    b = state.boards[seat]
    sp = next(c for c in sorted(GAME.data.species) if c not in state.species_deck)
    paleo = GAME.data.paleontologists[0].id
    b.hand = [c for c in b.hand if c in GAME.data.team_cards] + [paleo, sp]
    b.crates = list(skeleton(sp, sorted(GAME.data.bones)))
    assert len(b.crates) == 4
    b.money, b.paleo, b.archive = 5, None, {}
    bot = ScholarBot(0)
    labels = []
    while GAME.to_move(state) == (seat,) and (state.turn is not None or not labels):
        action = bot.choose(GAME, state, seat)
        labels.append(action.label)
        state, _ = GAME.apply(state, action)
    assert f"P{seat + 1} play {paleo}" in labels
    assert f"P{seat + 1} go publish" in labels
    assert f"P{seat + 1} publish {sp}" in labels
    assert sp in [c for cards in state.boards[seat].archive.values() for c in cards]
    assert labels.count(next(x for x in labels if x.endswith(" paper"))) == 1
    assert sum(1 for x in labels if " bone " in x) == 4  # every part paid: a 4-bone paper


def test_the_evaluation_counts_points_and_skeletons():
    state = _turn_start()
    seat = state.current
    before = evaluate(state, seat)
    richer = state.copy()
    richer.boards[seat].rp += 3
    assert evaluate(richer, seat) == pytest.approx(before + 3)
    sp = next(c for c in richer.boards[seat].hand if c in GAME.data.species)
    fuller = state.copy()
    fuller.boards[seat].crates = list(skeleton(sp, sorted(GAME.data.bones)))
    emptier = state.copy()
    emptier.boards[seat].crates = []
    assert evaluate(fuller, seat) > evaluate(emptier, seat)
