"""Illegal actions in Bone to Pick: every refusal raises IllegalAction naming a rule section of
the catalog and the problem, and leaves the state exactly as it was."""
from __future__ import annotations

import copy

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bonekit import Action, IllegalAction, RandomBot, play_out
from conftest import FULL_HAND, apply_any, btp, play_turn, refused, snapshot

R = "bone_to_pick."
DECK = ["E01", "E02", "E03", "E04", "E05", "E06", "E07", "E08", "E09", "E10"]




@pytest.fixture
def fresh(game):
    return game.new(4, seed=3, deck=DECK)


@pytest.fixture
def later(game):
    """Turn 3 of a 2-player game: P1 has used 7 and 0, P2 has used 0 and 0."""
    state = game.new(2, deck=DECK)
    state, _ = play_turn(game, state, [7, 0])
    state, _ = play_turn(game, state, [0, 0])     # E02 (power 4) gets through
    assert state.turn == 3 and not state.over
    return state


@pytest.fixture
def finished(game):
    state, _ = play_out(game, game.new(3, seed=12), RandomBot(seed=12))
    assert game.is_over(state)
    return state


def test_a_face_down_weapon_may_be_exchanged_until_the_reveal(game, fresh):
    """The rulebook lets a player swap the weapon lying face down on the board for another from
    hand at any time before the cards are turned over; only the reveal makes the choice final."""
    state, _ = game.apply(fresh, "P1 play 5")
    assert game.to_move(state) == (1, 2, 3)          # P1 owes nothing more, but may still swap
    assert "P1 play 7" in {a.label for a in game.legal_actions(state, 0)}
    swapped, events = game.apply(state, "P1 play 7")
    assert swapped.chosen[0] == 7 and 5 in swapped.hands[0] and 7 not in swapped.hands[0]
    assert sorted(swapped.hands[0]) == swapped.hands[0]
    assert [e.kind for e in events] == ["take_back", "exchange", "choose", "commit"]
    assert all(e.visible_to == (0,) for e in events if e.kind in ("take_back", "choose"))
    # Once every card is down they are revealed, and nothing can be exchanged any more.
    for label in ("P2 play 1", "P3 play 2", "P4 play 3"):
        swapped, _ = game.apply(swapped, label)
    assert swapped.turn == 2 and swapped.chosen == [None] * 4
    assert 7 in swapped.used(0) and 5 in swapped.hands[0]
    # The card already down is not in hand, so it cannot be laid a second time.
    refused(game, state, "P1 play 5", R + "turn.prepare", "no weapon of value 5")


@pytest.mark.parametrize("label, who", [("P9 play 3", "P9"), ("P5 play 3", "P5"),
                                        ("p12 PLAY 0", "P12"), ("P99 play 1", "P99")])
def test_seat_beyond_the_table(game, fresh, label, who):
    refused(game, fresh, label, R + "setup", f"there is no {who}", "4-player table")


def test_negative_seat_action_object(game, fresh):
    refused(game, fresh, Action(-1, "play", ("3",)), R + "setup", "there is no P0")


@pytest.mark.parametrize("label, value", [("P2 play 11", 11), ("P2 play 99", 99),
                                          ("P2 play 12", 12)])
def test_card_not_in_hand(game, fresh, label, value):
    refused(game, fresh, label, R + "turn.prepare", f"no weapon of value {value}",
            f"hand: {FULL_HAND}")


def test_card_already_used(game, later):
    refused(game, later, "P1 play 7", R + "turn.prepare", "P1 has no weapon of value 7",
            "hand: 0 1 2 3 4 5 6 8 9 10")
    # P1 still holds one 0, P2 has used both.
    game.apply(later, "P1 play 0")
    refused(game, later, "P2 play 0", R + "turn.prepare", "P2 has no weapon of value 0",
            f"hand: {FULL_HAND.removeprefix('0 0 ')}")


def test_third_zero(game):
    state = game.new(2, deck=DECK)
    state, _ = play_turn(game, state, [0, 5])
    state, _ = play_turn(game, state, [0, 6])
    assert 0 not in state.hands[0]
    refused(game, state, "P1 play 0", R + "turn.prepare", "no weapon of value 0")
    assert "P1 play 0" not in [a.label for a in game.legal_actions(state, 0)]


@pytest.mark.parametrize("label, verb", [("P1 attack 7", "attack"), ("P1 pass", "pass"),
                                         ("P1 reveal", "reveal"), ("P1 swap 7", "swap"),
                                         ("P1 PLAYS 7", "plays")])
def test_wrong_verb(game, fresh, label, verb):
    refused(game, fresh, label, R + "turn.prepare", f"cannot '{verb}'", "play <value>")


@pytest.mark.parametrize("label", ["P1 play", "P1 play seven", "P1 play 7 8", "P1 play -1",
                                   "P1 play 3.5", "P1 play 0x7", "P1 play +7", "P1 play 7!",
                                   "P1 play 1234", "P1 play " + "9" * 150,
                                   # digits that are not ASCII decimals
                                   "P1 play ²", "P1 play ①", "P1 play \u0663", "P1 play \uff17"])
def test_missing_or_garbage_argument(game, fresh, label):
    refused(game, fresh, label, R + "turn.prepare", "'play' takes one weapon value",
            "P1 play 7")


LONG = "P1 play " + "9" * 492


@pytest.mark.parametrize("label", ["", "   ", "hello", "P0 play 1", "play 7", "P play 7",
                                   "P123 play 1", "1 play 7", "Px play 7", "P1", "\x00\x01",
                                   "P-1 play 7", LONG])
def test_garbage_labels(game, fresh, label):
    err = refused(game, fresh, label, R + "turn.prepare", "could not read",
                  "labels look like 'P1 <verb> <arguments>'")
    if label == LONG:
        assert len(LONG) == 500 and LONG not in err.reason


@pytest.mark.parametrize("thing", [None, 7, 7.0, b"P1 play 7", ["P1", "play", "7"]])
def test_non_string_labels_are_refused_by_parse_action(game, fresh, thing):
    before, before_text = snapshot(game, fresh)
    with pytest.raises(IllegalAction) as info:
        game.parse_action(fresh, thing)
    assert info.value.rule in game.rules
    assert "could not read" in info.value.reason
    assert type(thing).__name__ in info.value.reason
    assert fresh == before and game.text(fresh) == before_text


@pytest.mark.parametrize("thing", [None, 7])
def test_non_string_labels_are_refused_by_apply(game, fresh, thing):
    refused(game, fresh, thing, R + "turn.prepare", "could not read")


@pytest.mark.parametrize("label, value", [("P1 play 07", 7), ("P1 play 007", 7),
                                          ("P1 play 00", 0)])
def test_non_canonical_number_is_called_malformed(game, fresh, label, value):
    with pytest.raises(IllegalAction) as err:
        game.apply(fresh, label)
    assert f"no weapon of value {value} in hand" not in err.value.reason
    assert "plain number" in err.value.reason and err.value.rule == R + "turn.prepare"


def test_acting_after_the_end(game, finished):
    out = game.outcome(finished)
    assert game.to_move(finished) == ()
    for seat in range(3):
        assert game.legal_actions(finished, seat) == []
    for label in ["P1 play 0", "P2 play 10", "P3 play 5", "P4 play 1", "P1 attack 2"]:
        refused(game, finished, label, out.rule, "the game is over")
    # Garbage after the end is still refused as garbage, citing the end of the game.
    refused(game, finished, "hello", R + "end", "could not read")


def test_illegal_action_keeps_every_later_action_possible(game, fresh):
    """A refusal is not half-applied: the very same state accepts the legal action after."""
    with pytest.raises(IllegalAction):
        game.apply(fresh, "P1 play 11")
    state, events = game.apply(fresh, "P1 play 10")
    assert state.chosen[0] == 10 and events


# ---- fuzzing -----------------------------------------------------------------------------------

def _states():
    game = btp()
    fresh = game.new(4, seed=3)
    one_chose, _ = game.apply(fresh, "P3 play 4")
    mid = game.new(3, seed=5)
    mid, _ = play_turn(game, mid, [0, 10, 5])
    mid, _ = play_turn(game, mid, [0, 9, 4])
    over, _ = play_out(game, game.new(2, seed=9), RandomBot(seed=1))
    return [fresh, one_chose, mid, over]


STATES = _states()


words = st.one_of(
    st.sampled_from(["play", "PLAY", "Play", "attack", "pass", "", "p1", "0", "00", "07", "10",
                     "11", "-1", "+3", "3.0", "٣", "²", "①", " "]),
    st.integers(-3, 14).map(str),
    st.text(max_size=6),
)
labels = st.one_of(
    st.text(max_size=40),
    st.tuples(st.sampled_from(["P", "p", "P0", "P1", "p2", "P3", "P4", "P5", "P7", "P12", "P99",
                               "P100", "Q1", ""]),
              st.integers(-1, 13).map(str) | st.just(""),
              st.lists(words, max_size=4),
              st.sampled_from([" ", "  ", "\t", "\n", " \u3000 "]))
    .map(lambda t: (t[0] + t[1] + t[3] + t[3].join(t[2]))),
    st.text(min_size=190, max_size=260),
)


@settings(max_examples=600, deadline=None)
@given(label=labels, which=st.integers(0, len(STATES) - 1))
@example(label="P1 play 3", which=0)
@example(label="  p2   PLAY\t10 ", which=1)
@example(label="P3 play 4", which=1)
@example(label="P2 play 0", which=2)
@example(label="P1 play 1", which=3)
@example(label="P3 PLAY 0", which=1)   # a swap by a seat that owes nothing
def test_fuzz_labels(game, label, which):
    state = STATES[which]
    applied = apply_any(game, state, label)
    if applied:
        new, events, action = applied
        assert new.chosen[action.seat] == int(action.args[0])
        assert events


@settings(max_examples=300, deadline=None)
@given(seat=st.integers(-2, 8), verb=st.sampled_from(["play", "attack", "Play", ""]),
       args=st.lists(st.sampled_from(["0", "5", "10", "11", "x", "", "-1"]), max_size=3),
       which=st.integers(0, len(STATES) - 1))
def test_fuzz_action_objects(game, seat, verb, args, which):
    state = STATES[which]
    before = copy.deepcopy(state)
    action = Action(seat, verb, tuple(args))
    # legal_actions is the authority, for a seat that owes nothing too (it may swap its card)
    legal = action in game.legal_actions(state, seat)
    try:
        game.apply(state, action)
        assert legal
    except IllegalAction as err:
        assert not legal and err.rule in game.rules
    assert state == before
