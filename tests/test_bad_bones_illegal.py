"""Illegal actions in Bad Bones: every refusal raises IllegalAction citing a rule section of the
catalog and naming the problem, and leaves the state exactly as it was (deep equality and text).
A hypothesis fuzz test throws random labels at a set of situations."""
from __future__ import annotations

import copy

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bonekit import Action, IllegalAction, RandomBot, play_out
from conftest import apply_any, refused
from test_bad_bones_rules import R, bb, empty, lay, play, put, to_movement


@pytest.fixture(scope="module")
def game():
    """Bad Bones (conftest's `game` is Bone to Pick)."""
    return bb()


# ---- situations ------------------------------------------------------------------------------

def hero_phase():
    state = empty(2)
    state.boards[0].hero = "a1"
    put(state, 0, "b3", "s")
    return state


def trap_phase():
    state = empty(2)
    lay(state, 0, "d2", "catapult")
    put(state, 0, "b2", "s")
    put(state, 0, "top-a", "s")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4"])
    assert state.phase == "traps"
    return state


def move_phase():
    state = empty(3)
    lay(state, 0, "b2", "catapult")
    lay(state, 0, "d2", "dragon")
    put(state, 0, "a2", "e")
    put(state, 0, "b1", "n")
    put(state, 0, "e2", "w")
    put(state, 0, "d5", "e")
    put(state, 1, "a1", "e")
    state, _ = to_movement(state, hero={0: "c4", 1: "c4", 2: "c4"})
    assert state.phase == "move"
    return state


def pending_send():
    state, _ = play(move_phase(), ["P1 move b1 n"])
    assert state.pending[0][0].kind == "send"
    return state


def pending_repel_bottom_row():
    state = empty(2)
    lay(state, 0, "c5", "dragon")
    put(state, 0, "b5", "e")
    state, _ = to_movement(state, hero={0: "d4"})
    state, _ = play(state, ["P1 move b5 e"])
    assert state.pending[0][0].kind == "repel"
    return state


def landing():
    state = empty(2)
    put(state, 0, "c2", "s")
    put(state, 0, "c2", "s")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4", "P1 place dragon c2"])
    assert state.pending[0][0].reason == "landing"
    return state


def finished():
    state, _ = play_out(bb(), bb().new(2, seed=12), RandomBot(seed=12))
    assert state.over
    return state


# ---- hero phase ------------------------------------------------------------------------------

def test_hero_standing_still(game):
    refused(game, hero_phase(), "P1 hero a1", R + "phase.hero", "must move", "cannot stay on a1")


@pytest.mark.parametrize("to", ["a3", "c3", "c1", "e5"])
def test_hero_two_squares_away(game, to):
    refused(game, hero_phase(), f"P1 hero {to}", R + "phase.hero", "exactly one square", f"{to} is too far")


@pytest.mark.parametrize("to", ["a0", "f1", "top-a", "left-1", "village", "z9", "a"])
def test_hero_off_the_board(game, to):
    refused(game, hero_phase(), f"P1 hero {to}", R + "phase.hero", "not a square of the board")


@pytest.mark.parametrize("label", ["P1 hero", "P1 hero a2 b2", "P1 pass", "P1 place wall b2 /",
                                   "P1 move b3 s", "P1 move-all", "P1 retrieve b2"])
def test_other_actions_in_the_hero_phase(game, label):
    refused(game, hero_phase(), label, R + "phase.hero", "moves the hero", "P1 hero b2")


# ---- trap phase ------------------------------------------------------------------------------

@pytest.mark.parametrize("label, rule, fragments", [
    ("P1 place catapult c3", "phase.traps.place", ["tower"]),
    ("P1 place wall c3 /", "phase.traps.place", ["tower"]),
    ("P1 place dragon c3", "phase.traps.place", ["tower"]),
    ("P1 place catapult b2", "traps.dragon.landing", ["b2 holds skeletons", "only the dragon"]),
    ("P1 place treasure b2", "traps.dragon.landing", ["holds skeletons"]),
    ("P1 place wall b2 \\", "traps.dragon.landing", ["holds skeletons"]),
    ("P1 place catapult top-a", "phase.traps.place", ["forest"]),
    ("P1 place dragon left-3", "phase.traps.place", ["forest"]),
    ("P1 place treasure right-5", "phase.traps.place", ["forest"]),
    ("P1 place catapult c6", "phase.traps.place", ["not a square"]),
    ("P1 place catapult village", "phase.traps.place", ["not a square"]),
    ("P1 place dragon d2", "phase.traps.place", ["d2 already holds a catapult"]),
    ("P1 place wall d2 /", "phase.traps.place", ["already holds"]),
    ("P1 place wall b4", "traps.wall", ["wall needs its orientation"]),
    ("P1 place wall b4 |", "traps.wall", ["orientation"]),
    ("P1 place catapult b4 /", "phase.traps.place", ["not a placement"]),
    ("P1 place rocket b4", "phase.traps.place", ["name a trap and a square"]),
    ("P1 place", "phase.traps.place", ["name a trap"]),
    ("P1 place wall", "phase.traps.place", ["name a trap"]),
    ("P1 retrieve b4", "phase.traps.retrieve", ["no trap of P1's on b4"]),
    ("P1 retrieve", "phase.traps.retrieve", ["no trap"]),
    ("P1 retrieve c3", "phase.traps.retrieve", ["no trap"]),
    ("P1 hero c3", "phase.traps", ["places a trap", "retrieves one", "passes"]),
    ("P1 move b2 s", "phase.traps", ["P1 pass"]),
    ("P1 pass now", "phase.traps", ["passes"]),
])
def test_illegal_trap_actions(game, label, rule, fragments):
    refused(game, trap_phase(), label, R + rule, *fragments)


def test_kind_not_in_supply(game):
    state = trap_phase()
    lay(state, 0, "a4", "wall", "/")
    lay(state, 0, "e4", "wall", "\\")
    refused(game, state, "P1 place wall b4 /", R + "phase.traps.place", "P1 has no wall left in supply")
    err = refused(game, state, "P1 place wall b4 /", R + "phase.traps.place", "no wall")
    assert "stolen" not in err.reason


def test_kind_that_was_stolen_or_destroyed(game):
    state = empty(2)
    lay(state, 0, "c2", "treasure")
    lay(state, 0, "b2", "dragon", damaged=True)
    put(state, 0, "c1", "s")
    put(state, 0, "a2", "e")
    state, _ = to_movement(state, hero={0: "d4", 1: "d4"})
    state, _ = play(state, ["P1 move c1 s", "P1 move a2 e", "P1 repel b1"])
    while state.phase == "move":
        state, _ = game.apply(state, f"P{game.to_move(state)[0] + 1} move-all")
    assert sorted(state.boards[0].removed_traps) == ["dragon", "treasure"]
    state, _ = play(state, ["P1 hero d5", "P2 hero d5"])
    place = R + "phase.traps.place"
    refused(game, state, "P1 place treasure b4", place, "no treasure left", "stolen or destroyed")
    refused(game, state, "P1 place dragon b4", place, "no dragon left", "stolen or destroyed")


# ---- movement phase --------------------------------------------------------------------------

@pytest.mark.parametrize("label, fragment", [
    ("P1 move c3 s", "no unmoved skeleton at c3 s"),
    ("P1 move a2 w", "no unmoved skeleton at a2 w"),      # a skeleton is there, facing east
    ("P1 move top-c s", "no unmoved skeleton at top-c s"),
    ("P1 move a2", "no unmoved skeleton at a2"),
    ("P1 move", "no unmoved skeleton at ?"),
    ("P1 move a2 e e", "no unmoved skeleton"),
])
def test_moving_a_skeleton_that_is_not_there(game, label, fragment):
    refused(game, move_phase(), label, R + "phase.move", fragment, "P1 move b2 s")


def test_moving_a_skeleton_already_moved(game):
    state, _ = play(move_phase(), ["P1 move d5 e"])
    refused(game, state, "P1 move e5 e", R + "phase.move", "no unmoved skeleton at e5 e")
    refused(game, state, "P1 move d5 e", R + "phase.move", "no unmoved skeleton at d5 e")


@pytest.mark.parametrize("label", ["P1 pass", "P1 hero b2", "P1 place wall a4 /", "P1 retrieve b2",
                                   "P1 send p2", "P1 repel b1", "P1 moveall"])
def test_other_actions_in_the_movement_phase(game, label):
    refused(game, move_phase(), label, R + "phase.move", "move-all")


def test_seat_that_already_finished_the_movement(game):
    state = move_phase()
    assert game.to_move(state) == (0, 1)          # P3 has nothing to move
    refused(game, state, "P3 move-all", R + "phase.move", "P3 has finished the move phase",
            "waiting for P1, P2")
    state, _ = game.apply(state, "P2 move-all")
    refused(game, state, "P2 move a1 e", R + "phase.move", "P2 has finished")


# ---- pending choices -------------------------------------------------------------------------

@pytest.mark.parametrize("label", ["P1 send p1", "P1 send p4", "P1 send p9", "P1 send", "P1 send p0",
                                   "P1 send 2", "P1 send two", "P1 send p2 p3", "P1 move a2 e",
                                   "P1 move-all", "P1 repel b1", "P1 pass"])
def test_answering_the_top_forest_choice_wrongly(game, label):
    refused(game, pending_send(), label, R + "whatif.forest", "must first choose whose cemetery",
            "P1 send p2")


def test_answering_the_catapult_choice_wrongly(game):
    state, _ = play(move_phase(), ["P1 move a2 e"])
    assert state.pending[0][0].reason == "catapult"
    refused(game, state, "P1 send p1", R + "traps.catapult", "whose cemetery")
    refused(game, state, "P1 send p7", R + "traps.catapult", "whose cemetery")
    state, _ = game.apply(state, "P1 send p3")
    assert game.legal_actions(state, 0)[0].verb == "move"


@pytest.mark.parametrize("to", ["c6", "village", "c5", "c4 c4", "a5", "top-c", "e5", ""])
def test_repel_into_the_village_or_elsewhere(game, to):
    state = pending_repel_bottom_row()
    assert [a.args[0] for a in game.legal_actions(state, 0)] == ["c4", "d5", "b5"]
    refused(game, state, f"P1 repel {to}".strip(), R + "ruling.dragon_landing", "flees from the dragon on c5",
            "c4, d5, b5", "never the village")


def test_other_actions_while_a_skeleton_flees(game):
    state = pending_repel_bottom_row()
    refused(game, state, "P1 move-all", R + "traps.dragon", "must first choose where the skeleton flees")
    refused(game, state, "P1 send p2", R + "traps.dragon", "flees")


def test_landing_choices_and_other_seats(game):
    state = landing()
    refused(game, state, "P1 repel c2", R + "ruling.dragon_landing", "one of c1, d2, c3, b2")
    refused(game, state, "P1 pass", R + "traps.dragon", "flees")
    refused(game, state, "P1 place wall a1 /", R + "traps.dragon", "flees")
    state, _ = game.apply(state, "P2 pass")
    refused(game, state, "P2 pass", R + "phase.traps", "P2 has finished the traps phase", "waiting for P1")


# ---- seats and the end -------------------------------------------------------------------------

@pytest.mark.parametrize("label, who", [("P3 hero b2", "P3"), ("P9 pass", "P9"), ("p12 hero b2", "P12")])
def test_seat_beyond_the_table(game, label, who):
    refused(game, hero_phase(), label, R + "setup", f"there is no {who}", "2-player table")


def test_negative_seat_action_object(game):
    refused(game, hero_phase(), Action(-1, "hero", ("b2",)), R + "setup", "there is no P0")


def test_seat_that_already_moved_its_hero(game):
    state, _ = game.apply(hero_phase(), "P1 hero b1")
    refused(game, state, "P1 hero a1", R + "phase.hero", "P1 has finished the hero phase", "waiting for P2")


@pytest.mark.parametrize("label", ["P1 hero b2", "P2 pass", "P1 move-all", "P1 send p2", "P3 pass"])
def test_acting_after_the_end(game, label):
    state = finished()
    rule = game.outcome(state).rule
    refused(game, state, label, rule, "game is over")
    assert rule in (R + "end.scoring",)


def test_acting_after_a_solo_end(game):
    state = empty(1, rounds=1)
    state, _ = to_movement(state)
    assert state.over
    refused(game, state, "P1 hero b2", R + "solo", "game is over")


@pytest.mark.parametrize("label", ["", "   ", "hero b2", "P1", "1 hero b2", "P0 hero b2", "Q1 hero b2",
                                   "P hero b2", "P-1 hero b2", "x" * 201, "P100 hero b2", 42, None,
                                   b"P1 pass"])
def test_garbage_labels(game, label):
    state = hero_phase()
    before, before_text = copy.deepcopy(state), game.text(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, label)
    assert info.value.rule in game.rules and info.value.reason
    assert state == before and game.text(state) == before_text


# ---- fuzz --------------------------------------------------------------------------------------

def _states():
    return [hero_phase(), trap_phase(), move_phase(), pending_send(), pending_repel_bottom_row(), landing(),
            finished(), bb().new(1, seed=3), bb().new(6, seed=4)]


STATES = _states()

words = st.one_of(
    st.sampled_from(["hero", "place", "retrieve", "pass", "move", "move-all", "send", "repel", "wall",
                     "catapult", "dragon", "treasure", "/", "\\", "|", "a1", "b2", "c3", "e5", "a6", "f1",
                     "top-a", "top-f", "left-0", "left-3", "right-6", "n", "e", "s", "w", "x", "p1", "p2",
                     "p3", "p0", "p7", "village", "", "²", "①", "Ⅰ", "b２"]),
    st.text(max_size=6),
)
labels = st.one_of(
    st.text(max_size=40),
    st.tuples(st.sampled_from(["P", "p", "P0", "P1", "p2", "P3", "P6", "P7", "P12", "P99", "P100", "Q1", ""]),
              st.lists(words, max_size=5),
              st.sampled_from([" ", "  ", "\t", "\n", " \u3000 "]))
    .map(lambda t: t[0] + t[2] + t[2].join(t[1])),
    st.text(min_size=190, max_size=260),
)


@settings(max_examples=500, deadline=None)
@given(label=labels, which=st.integers(0, len(STATES) - 1))
@example(label="P1 hero b2", which=0)
@example(label="P1 place wall b4 \\", which=1)
@example(label="P1 move a2 e", which=2)
@example(label="P1 send p3", which=3)
@example(label="P1 repel d5", which=4)
@example(label="P1 repel b2", which=5)
def test_fuzz_labels(game, label, which):
    state = STATES[which]
    applied = apply_any(game, state, label)
    if applied:
        new, events, action = applied
        assert events and new != state


@settings(max_examples=300, deadline=None)
@given(seat=st.integers(-2, 8),
       verb=st.sampled_from(["hero", "place", "retrieve", "pass", "move", "move-all", "send", "repel",
                             "Hero", ""]),
       args=st.lists(st.sampled_from(["b2", "c3", "a1", "wall", "dragon", "/", "s", "p2", "p1", "top-a",
                                      "a2", "e", "c4", "", "x"]), max_size=3),
       which=st.integers(0, len(STATES) - 1))
def test_fuzz_action_objects(game, seat, verb, args, which):
    state = STATES[which]
    before = copy.deepcopy(state)
    action = Action(seat, verb, tuple(args))
    legal = action in game.all_legal_actions(state)
    try:
        game.apply(state, action)
        assert legal
    except IllegalAction as err:
        assert not legal and err.rule in game.rules
    assert state == before
