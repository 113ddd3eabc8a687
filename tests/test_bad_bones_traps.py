"""Bad Bones traps: walls, catapults, the dragon (with its landing) and the treasure, every
chain ruling of rules.md, when traps wear out, and the rulebook's worked examples recreated on
hand-built boards and driven through ``game.apply``."""
from __future__ import annotations

import pytest

from bonekit.games.bad_bones import Trap
from test_bad_bones_rules import (
    R,
    at,
    bb,
    empty,
    end_movement,
    kinds,
    lay,
    place_of,
    play,
    put,
    sent_to,
    to_movement,
)


@pytest.fixture(scope="module")
def game():
    """Bad Bones (conftest's `game` is Bone to Pick)."""
    return bb()


HERO_AWAY = {0: "d4", 1: "d4", 2: "d4"}


def moving(state, traps=None, hero=None):
    return to_movement(state, hero=hero or HERO_AWAY, traps=traps)[0]


# ---- wall --------------------------------------------------------------------------------------

# Expected by the geometry of a diagonal: "/" runs bottom-left to top-right, "\" top-left to
# bottom-right. a2's neighbours carry no arrows; west of a2 is the left forest.
RICOCHET = {"/": {"e": "n", "n": "e", "w": "s", "s": "w"},
            "\\": {"e": "s", "s": "e", "w": "n", "n": "w"}}
INTO_A2_FROM = {"e": "left-2", "s": "a1", "n": "a3", "w": "b2"}
FROM_A2 = {"n": "a1", "e": "b2", "s": "a3", "w": "left-2"}


@pytest.mark.parametrize("orientation", ["/", "\\"])
@pytest.mark.parametrize("incoming", list("nesw"))
def test_wall_ricochets_a_quarter_turn_then_steps_once_more(game, orientation, incoming):
    state = empty(2)
    lay(state, 0, "a2", "wall", orientation)
    start = INTO_A2_FROM[incoming]
    sid = put(state, 0, start, incoming)
    state = moving(state)
    state, events = game.apply(state, f"P1 move {start} {incoming}")
    out = RICOCHET[orientation][incoming]
    dest = FROM_A2[out]
    if dest == "left-2":                     # through the left forest to the left neighbour
        assert sent_to(state, sid) == 1
    else:
        assert place_of(state, sid) == ("board", 0, dest) and at(state, 0, sid) == (dest, out)
    wall = [e for e in events if e.kind == "wall"]
    assert len(wall) == 1 and wall[0].rule == R + "traps.wall" and f"({orientation})" in wall[0].text
    assert state.phase == "hero"                       # it was the only skeleton
    assert state.boards[0].traps["a2"] == Trap("wall", True, orientation)


def test_rulebook_example_wall_ricochet(game):
    """Two skeletons move onto a wall, both ricochet 90° and advance; the wall is damaged."""
    state = empty(2)
    lay(state, 0, "b2", "wall", "/")
    a, b = put(state, 0, "a2", "e"), put(state, 0, "a2", "e")
    state = moving(state)
    state, events = game.apply(state, "P1 move a2 e")
    assert state.boards[0].traps["b2"] == Trap("wall", False, "/")     # damaged only after the phase
    state, events2 = game.apply(state, "P1 move a2 e")
    assert at(state, 0, a) == at(state, 0, b) == ("b1", "n")
    assert {state.boards[0].skeletons[x].side for x in (a, b)} == {state.token}
    assert state.boards[0].traps["b2"] == Trap("wall", True, "/")
    damaged = [e for e in events2 if e.kind == "trap_damaged"]
    assert len(damaged) == 1 and damaged[0].rule == R + "traps" and "b2" in damaged[0].text


def test_wall_damaged_then_destroyed_on_a_second_use_keeping_its_orientation(game):
    state = empty(2, seed=3)
    lay(state, 0, "b2", "wall", "/")
    a = put(state, 0, "a2", "e")
    b = put(state, 0, "left-2", "e", model="yellow-left")
    state = moving(state, hero={0: "d4", 1: "d4"})
    state, _ = game.apply(state, "P1 move-all")
    assert at(state, 0, a) == ("b1", "n") and at(state, 0, b) == ("a2", "e")
    assert state.boards[0].traps["b2"] == Trap("wall", True, "/")        # orientation kept
    state, _ = end_movement(state)
    assert state.round == 2
    state = moving(state, hero={0: "d3", 1: "d3"})
    state, events = game.apply(state, "P1 move a2 e")
    assert at(state, 0, b) == ("b1", "n")              # the damaged wall still works this phase
    state, events2 = end_movement(state)
    assert "b2" not in state.boards[0].traps and state.boards[0].removed_traps == ["wall"]
    assert state.boards[0].supply.count("wall") == 1    # the other wall is untouched
    gone = [e for e in events2 if e.kind == "trap_destroyed"]
    assert len(gone) == 1 and gone[0].rule == R + "traps" and gone[0].data["kind"] == "wall"
    assert game.score(state, 0) == 2 + 2 + 2 + 3 + 2 + 16 + 15


# ---- chain rulings: what a wall's extra step meets (ruling.wall_chain) -------------------------

def test_wall_into_a_second_wall(game):
    state = empty(2)
    lay(state, 0, "b2", "wall", "/")
    lay(state, 0, "b1", "wall", "\\")
    sid = put(state, 0, "a2", "e")
    state = moving(state)
    state, events = game.apply(state, "P1 move a2 e")
    assert at(state, 0, sid) == ("a1", "w")              # e -> n on b2, n -> w on b1
    assert kinds(events).count("wall") == 2
    assert state.boards[0].traps == {"b2": Trap("wall", True, "/"), "b1": Trap("wall", True, "\\")}
    assert R + "ruling.wall_chain" in game.rules


def test_wall_into_a_catapult(game):
    state = empty(3)
    lay(state, 0, "b2", "wall", "/")
    lay(state, 0, "b1", "catapult")
    sid = put(state, 0, "a2", "e")
    state = moving(state)
    state, events = game.apply(state, "P1 move a2 e")
    p = state.pending[0]
    assert len(p) == 1 and (p[0].kind, p[0].reason, p[0].square) == ("send", "catapult", "b1")
    assert [a.label for a in game.legal_actions(state, 0)] == ["P1 send p2", "P1 send p3"]
    state, events = game.apply(state, "P1 send p2")
    assert sent_to(state, sid) == 1
    assert state.boards[0].traps == {"b2": Trap("wall", True, "/"), "b1": Trap("catapult", True)}


def test_wall_into_the_dragon_and_fleeing_back_onto_the_wall(game):
    state = empty(2)
    lay(state, 0, "b2", "wall", "/")
    lay(state, 0, "b1", "dragon")
    sid = put(state, 0, "a2", "e")
    state = moving(state)
    state, events = game.apply(state, "P1 move a2 e")
    p = state.pending[0][0]
    assert (p.kind, p.reason, p.square) == ("repel", "dragon", "b1")
    assert [a.label for a in game.legal_actions(state, 0)] == \
        ["P1 repel top-b", "P1 repel c1", "P1 repel b2", "P1 repel a1"]
    state, events = game.apply(state, "P1 repel b2")     # onto the wall: chased, not walking
    assert at(state, 0, sid) == ("b2", "s") and "wall" not in kinds(events)
    assert state.boards[0].traps == {"b2": Trap("wall", True, "/"), "b1": Trap("dragon", True)}


def test_wall_into_the_tower(game):
    state = empty(2)
    lay(state, 0, "c2", "wall", "\\")          # the tile covers c2's arrow
    sid = put(state, 0, "b2", "e")
    state = moving(state)
    state, events = game.apply(state, "P1 move b2 e")
    assert place_of(state, sid) == "bag" and state.boards[0].floors == 3
    assert "floor" in kinds(events) and state.boards[0].traps["c2"] == Trap("wall", True, "\\")


def test_wall_into_the_hero_destroys_the_skeleton(game):
    state = empty(2)
    state.boards[0].hero = "a1"
    lay(state, 0, "b2", "wall", "/")
    lay(state, 0, "b1", "catapult")                 # under the hero: never set off
    sid = put(state, 0, "a2", "e")
    state = moving(state, hero={0: "b1"})
    state, events = game.apply(state, "P1 move a2 e")
    assert place_of(state, sid) == "bag"
    kill = [e for e in events if e.kind == "hero_kill"]
    assert len(kill) == 1 and kill[0].rule == R + "whatif.hero"
    assert state.boards[0].traps == {"b1": Trap("catapult"), "b2": Trap("wall", True, "/")}


def test_wall_into_a_forest(game):
    state = empty(2)
    lay(state, 0, "a2", "wall", "\\")
    sid = put(state, 0, "a3", "n")
    state = moving(state)
    state, events = game.apply(state, "P1 move a3 n")
    assert sent_to(state, sid) == 1
    assert any(e.kind == "sent" and "left forest" in e.text for e in events)


def test_wall_into_the_village(game):
    state = empty(2)
    lay(state, 0, "b5", "wall", "/")
    sid = put(state, 0, "c5", "w")
    state = moving(state)
    state, events = game.apply(state, "P1 move c5 w")
    assert place_of(state, sid) == "bag" and state.boards[0].houses == 4
    assert [e.rule for e in events if e.kind == "house"] == [R + "whatif.village"]


def test_wall_extra_step_onto_an_arrow_turns(game):
    state = empty(2)
    lay(state, 0, "b2", "wall", "/")
    sid = put(state, 0, "b3", "n")
    state = moving(state)
    state, events = game.apply(state, "P1 move b3 n")
    assert at(state, 0, sid) == ("c2", "s")            # n -> e on the wall, then c2's arrow
    assert [e.rule for e in events if e.kind == "move"] == [R + "phase.move.arrows"]


def test_wall_loop_stops_on_the_wall_met_again(game):
    """ruling.wall_loop: four walls (set by hand; a supply has two) make a loop."""
    state = empty(2)
    b = state.boards[0]
    b.traps.update({"a2": Trap("wall", False, "/"), "a1": Trap("wall", False, "/"),
                    "b1": Trap("wall", False, "\\"), "b2": Trap("wall", False, "/")})
    sid = put(state, 0, "left-2", "e")
    state = moving(state)
    state, events = game.apply(state, "P1 move left-2 e")
    # a2: e -> n; a1: n -> e; b1: e -> s; b2: s -> w; a2 again: stop there
    assert at(state, 0, sid) == ("a2", "w")
    assert kinds(events).count("wall") == 4
    stop = [e for e in events if e.kind == "wall_stop"]
    assert len(stop) == 1 and stop[0].rule == R + "ruling.wall_loop" and stop[0].rule in game.rules
    assert all(t.damaged for t in state.boards[0].traps.values())


# ---- catapult ----------------------------------------------------------------------------------

def test_catapult_one_target_per_catapult_and_phase(game):
    """ruling.catapult_target: the first skeleton asks, the next ones follow it."""
    state = empty(3)
    lay(state, 0, "b2", "catapult")
    lay(state, 0, "d2", "catapult")
    a, b, c = put(state, 0, "a2", "e"), put(state, 0, "b1", "s"), put(state, 0, "e2", "w")
    state = moving(state)
    state, events = game.apply(state, "P1 move a2 e")
    assert state.pending[0][0].reason == "catapult" and game.to_move(state) == (0,)
    assert "P1 move b1 s" not in [x.label for x in game.legal_actions(state, 0)]
    state, events = game.apply(state, "P1 send p3")
    assert place_of(state, a) == ("cemetery", 2)
    assert [e.rule for e in events if e.kind == "sent"] == [R + "traps.catapult"]
    assert state.boards[0].traps["b2"] == Trap("catapult")           # intact until the phase ends
    state, events = game.apply(state, "P1 move b1 s")
    assert not state.pending[0] and place_of(state, b) == ("cemetery", 2)
    # the other catapult asks on its own
    state, events = game.apply(state, "P1 move e2 w")
    assert state.pending[0][0].square == "d2"
    state, events = game.apply(state, "P1 send p2")
    assert state.phase == "hero"
    assert sent_to(state, c) == 1
    assert state.boards[0].traps == {"b2": Trap("catapult", True), "d2": Trap("catapult", True)}
    assert R + "ruling.catapult_target" in game.rules


def test_catapult_asks_again_in_a_later_phase(game):
    state = empty(3)
    lay(state, 0, "b2", "catapult")
    put(state, 0, "a2", "e")
    state = moving(state)
    state, _ = play(state, ["P1 move a2 e", "P1 send p3"])
    state, _ = end_movement(state)
    assert state.boards[0].catapult_targets == {}
    put(state, 0, "b1", "s")
    state = moving(state, hero={0: "d3", 1: "d3", 2: "d3"})
    state, _ = game.apply(state, "P1 move b1 s")
    assert state.pending[0] and state.pending[0][0].reason == "catapult"


def test_catapult_with_two_players_and_solo_needs_no_choice(game):
    for players, target in ((2, 1), (1, 0)):
        state = empty(players)
        lay(state, 0, "b2", "catapult")
        put(state, 0, "a2", "e")
        state = moving(state)
        state, events = game.apply(state, "P1 move a2 e")
        assert not state.pending[0]
        assert [e.data["to"] for e in events if e.kind == "sent"] == [target]


# ---- dragon ------------------------------------------------------------------------------------

def test_rulebook_example_dragon_repel(game):
    """Three skeletons step onto the dragon; each flees where the player chooses, pointing away;
    the dragon is damaged. A fleeing skeleton ignores arrows (b3 turns south-movers east)."""
    state = empty(2)
    lay(state, 0, "b2", "dragon")
    a, b, c = put(state, 0, "a2", "e"), put(state, 0, "b1", "s"), put(state, 0, "c2", "w")
    state = moving(state)
    state, events = game.apply(state, "P1 move a2 e")
    assert [x.label for x in game.legal_actions(state, 0)] == \
        ["P1 repel b1", "P1 repel c2", "P1 repel b3", "P1 repel a2"]
    assert [e.rule for e in events if e.kind == "dragon"] == [R + "traps.dragon"]
    state, _ = play(state, ["P1 repel b1", "P1 move b1 s", "P1 repel a2"])
    state, events = play(state, ["P1 move c2 w", "P1 repel b3"])
    assert (at(state, 0, a), at(state, 0, b), at(state, 0, c)) == (("b1", "n"), ("a2", "w"), ("b3", "s"))
    assert state.phase == "hero"
    assert state.boards[0].traps["b2"] == Trap("dragon", True)
    assert [e.rule for e in events if e.kind == "repel"] == [R + "traps.dragon"]


@pytest.mark.parametrize("players, to", [(3, 1), (2, 1)])
def test_dragon_repels_through_a_side_forest(game, players, to):
    state = empty(players)
    lay(state, 0, "a2", "dragon")
    sid = put(state, 0, "b2", "w")
    state = moving(state)
    state, _ = game.apply(state, "P1 move b2 w")
    assert [x.args[0] for x in game.legal_actions(state, 0)] == ["a1", "b2", "a3", "left-2"]
    state, events = game.apply(state, "P1 repel left-2")
    assert sent_to(state, sid) == to
    assert any(e.kind == "sent" and "flees into the left forest" in e.text for e in events)


def test_dragon_repels_through_the_top_forest_then_asks_whose_cemetery(game):
    state = empty(3)
    lay(state, 0, "b1", "dragon")
    sid = put(state, 0, "c1", "w")
    state = moving(state)
    state, _ = play(state, ["P1 move c1 w", "P1 repel top-b"])
    assert state.pending[0][0].kind == "send" and state.pending[0][0].square == "top-b"
    state, _ = game.apply(state, "P1 send p3")
    assert sent_to(state, sid) == 2


@pytest.mark.parametrize("dragon, options", [("b5", ["b4", "c5", "a5"]), ("e5", ["e4", "right-5", "d5"]),
                                             ("a1", ["top-a", "b1", "a2", "left-1"])])
def test_dragon_never_repels_into_the_village(game, dragon, options):
    state = empty(2)
    lay(state, 0, dragon, "dragon")
    r, c = dragon[0], int(dragon[1])
    start = f"{r}{c - 1}" if c > 1 else f"{'abcde'['abcde'.index(r) + 1]}{c}"
    facing = "s" if c > 1 else "w"
    put(state, 0, start, facing)
    state = moving(state)
    state, _ = game.apply(state, f"P1 move {start} {facing}")
    assert [x.args[0] for x in game.legal_actions(state, 0)] == options


def test_dragon_pushing_onto_the_tower_costs_a_floor(game):
    state = empty(2)
    lay(state, 0, "c2", "dragon")
    sid = put(state, 0, "b2", "e")
    state = moving(state)
    state, _ = game.apply(state, "P1 move b2 e")
    assert "P1 repel c3" in [x.label for x in game.legal_actions(state, 0)]
    state, events = game.apply(state, "P1 repel c3")
    assert place_of(state, sid) == "bag" and state.boards[0].floors == 3
    assert [e.rule for e in events if e.kind == "floor"] == [R + "ruling.dragon_landing"]


def test_dragon_pushing_onto_the_hero_destroys(game):
    state = empty(2)
    lay(state, 0, "c2", "dragon")
    sid = put(state, 0, "b2", "e")
    state = moving(state, hero={0: "d2"})
    state, _ = game.apply(state, "P1 move b2 e")
    state, events = game.apply(state, "P1 repel d2")
    assert place_of(state, sid) == "bag"
    assert [e.rule for e in events if e.kind == "hero_kill"] == [R + "ruling.dragon_landing"]


def test_fleeing_onto_another_trap_sets_nothing_off(game):
    state = empty(3)
    lay(state, 0, "b2", "dragon")
    lay(state, 0, "b1", "catapult")
    sid = put(state, 0, "a2", "e")
    state = moving(state)
    state, events = play(state, ["P1 move a2 e", "P1 repel b1"])
    assert not state.pending[0] and at(state, 0, sid) == ("b1", "n")
    assert state.phase == "hero"
    assert state.boards[0].traps == {"b2": Trap("dragon", True), "b1": Trap("catapult")}


def test_rulebook_example_dragon_landing(game):
    """Three skeletons threaten the tower from c2; the dragon lands on them in the trap phase,
    is damaged at once, and they flee, flipped, and do not move this round."""
    state = empty(2)
    ids = [put(state, 0, "c2", "s") for _ in range(3)]
    other = put(state, 0, "e1", "s")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4"])
    state, events = game.apply(state, "P1 place dragon c2")
    assert state.boards[0].traps["c2"] == Trap("dragon", True)
    assert [e.rule for e in events if e.kind == "landing"] == [R + "traps.dragon.landing"]
    assert [(p.kind, p.reason) for p in state.pending[0]] == [("repel", "landing")] * 3
    assert game.to_move(state) == (0, 1) and not state.done[0]
    assert [x.args[0] for x in game.legal_actions(state, 0)] == ["c1", "d2", "c3", "b2"]
    state, _ = play(state, ["P1 repel c1", "P1 repel d2", "P1 repel b2"])
    assert state.done[0] and state.phase == "traps"
    assert [at(state, 0, s) for s in ids] == [("c1", "n"), ("d2", "e"), ("b2", "w")]
    assert {state.boards[0].skeletons[s].side for s in ids} == {"black"}   # the side after moving
    state, _ = game.apply(state, "P2 pass")
    assert state.phase == "move" and state.token == "black"
    assert [x.label for x in game.legal_actions(state, 0)] == ["P1 move e1 s", "P1 move-all"]
    state, _ = game.apply(state, "P1 move-all")
    assert [at(state, 0, s) for s in ids] == [("c1", "n"), ("d2", "e"), ("b2", "w")]
    assert at(state, 0, other) == ("e2", "s")
    assert state.boards[0].floors == 4 and state.boards[0].traps["c2"] == Trap("dragon", True)
    assert state.phase == "hero"


def test_dead_dragon(game):
    """The dragon lands, then another skeleton steps onto it in the same round: it still flees,
    and the dragon, used twice in a row, is removed after the phase."""
    state = empty(2)
    first = put(state, 0, "c2", "s")
    second = put(state, 0, "b2", "e")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4", "P1 place dragon c2", "P1 repel c1", "P2 pass"])
    assert state.phase == "move"
    state, events = game.apply(state, "P1 move b2 e")
    assert state.pending[0][0].square == "c2" and state.pending[0][0].reason == "dragon"
    assert state.boards[0].traps["c2"] == Trap("dragon", True)
    state, events = game.apply(state, "P1 repel d2")
    assert at(state, 0, second) == ("d2", "e") and at(state, 0, first) == ("c1", "n")
    assert "c2" not in state.boards[0].traps and state.boards[0].removed_traps == ["dragon"]
    dead = [e for e in events if e.kind == "trap_destroyed"]
    assert len(dead) == 1 and dead[0].rule == R + "traps.dragon.landing" and "dead" in dead[0].text
    assert "dragon" not in state.boards[0].supply
    assert game.score(state, 0) == 2 + 2 + 2 + 2 + 2 + 16 + 15


def test_dragon_landing_fleeing_onto_another_trap_does_not_trigger_it(game):
    state = empty(3)
    lay(state, 0, "b2", "catapult")
    lay(state, 0, "c1", "wall", "/")
    ids = [put(state, 0, "c2", "s"), put(state, 0, "c2", "s")]
    state, _ = play(state, ["P1 hero d4", "P2 hero d4", "P3 hero d4", "P1 place dragon c2"])
    state, events = play(state, ["P1 repel b2", "P1 repel c1"])
    assert not state.pending[0] and state.done[0]
    assert [at(state, 0, s) for s in ids] == [("b2", "w"), ("c1", "n")]
    assert "wall" not in kinds(events) and "sent" not in kinds(events)
    state, _ = play(state, ["P2 pass", "P3 pass"])
    assert state.phase == "hero"
    assert state.boards[0].traps == {"b2": Trap("catapult"), "c1": Trap("wall", False, "/"),
                                     "c2": Trap("dragon", True)}


def test_dragon_landing_onto_the_tower_and_the_hero(game):
    state = empty(2)
    ids = [put(state, 0, "c2", "s"), put(state, 0, "c2", "s")]
    state, _ = play(state, ["P1 hero d2", "P2 hero d4", "P1 place dragon c2"])
    state, events = play(state, ["P1 repel c3", "P1 repel d2"])
    assert all(place_of(state, s) == "bag" for s in ids)
    assert state.boards[0].floors == 3
    assert {e.kind for e in events} >= {"floor", "hero_kill"}


def test_only_the_dragon_lands_on_skeletons(game):
    state = empty(2)
    put(state, 0, "b2", "s")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4"])
    for kind in ("wall", "catapult", "treasure"):
        assert not [a for a in game.legal_actions(state, 0)
                    if a.verb == "place" and a.args[:2] == (kind, "b2")]
    assert "P1 place dragon b2" in [a.label for a in game.legal_actions(state, 0)]


# ---- treasure ----------------------------------------------------------------------------------

def test_treasure_lures_adjacent_skeletons_when_placed(game):
    state = empty(2)
    n, w, e, s = (put(state, 0, "b1", "e"), put(state, 0, "a2", "n"), put(state, 0, "c2", "s"),
                  put(state, 0, "b3", "e"))
    diag, far = put(state, 0, "a1", "e"), put(state, 0, "b4", "e")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4"])
    state, events = game.apply(state, "P1 place treasure b2")
    assert [at(state, 0, x)[1] for x in (n, w, e, s, diag, far)] == ["s", "e", "w", "n", "e", "e"]
    lures = [e for e in events if e.kind == "lure"]
    assert len(lures) == 4 and all(x.rule == R + "traps.treasure" for x in lures)


def test_treasure_beats_arrows_after_a_move(game):
    state = empty(2)
    lay(state, 0, "c1", "treasure")
    sid = put(state, 0, "b2", "e")
    state = moving(state)
    state, events = game.apply(state, "P1 move b2 e")
    assert at(state, 0, sid) == ("c2", "n")          # c2's arrow would turn it south
    assert [e.kind for e in events][:2] == ["move", "lure"]


def test_treasure_lures_after_a_ricochet(game):
    state = empty(2)
    lay(state, 0, "b2", "treasure")
    lay(state, 0, "a1", "wall", "\\")
    sid = put(state, 0, "top-a", "s")
    state = moving(state)
    state, events = game.apply(state, "P1 move top-a s")     # a1 turns s -> e: onto b1
    assert at(state, 0, sid) == ("b1", "s")
    assert kinds(events) [:3] == ["wall", "move", "lure"]


def test_treasure_lures_after_fleeing_the_dragon(game):
    state = empty(2)
    lay(state, 0, "c1", "treasure")
    lay(state, 0, "b2", "dragon")
    near, far = put(state, 0, "b1", "s"), put(state, 0, "a2", "e")
    state = moving(state)
    state, events = play(state, ["P1 move b1 s", "P1 repel c2"])
    assert at(state, 0, near) == ("c2", "n")            # fled east, then turned to the treasure
    assert "lure" in kinds(events)
    state, events = play(state, ["P1 move a2 e", "P1 repel b3"])
    assert at(state, 0, far) == ("b3", "s") and "lure" not in kinds(events)


def test_rulebook_example_treasure_bait(game):
    """Three skeletons close to the tower; the treasure, sacrificed on c2, turns them; they step
    onto it; it is stolen and gone for good; the thieves keep their facing (the arrow on c2,
    visible again, does not turn them)."""
    state = empty(2)
    w, e, s = put(state, 0, "b2", "s"), put(state, 0, "d2", "s"), put(state, 0, "c1", "s")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4"])
    state, events = game.apply(state, "P1 place treasure c2")
    assert [at(state, 0, x)[1] for x in (w, e, s)] == ["e", "w", "s"]
    state, _ = game.apply(state, "P2 pass")
    state, _ = play(state, ["P1 move b2 e", "P1 move d2 w"])
    assert state.boards[0].traps["c2"] == Trap("treasure")          # stolen only after the phase
    state, events = game.apply(state, "P1 move c1 s")
    assert [at(state, 0, x) for x in (w, e, s)] == [("c2", "e"), ("c2", "w"), ("c2", "s")]
    assert "c2" not in state.boards[0].traps and state.boards[0].removed_traps == ["treasure"]
    assert "treasure" not in state.boards[0].supply
    stolen = [x for x in events if x.kind == "stolen"]
    assert len(stolen) == 1 and stolen[0].rule == R + "traps.treasure" and "3 skeletons on" in stolen[0].text
    # never back: not in the next trap phase's placements
    state, _ = play(state, ["P1 hero d5", "P2 hero d5"])
    assert not [a for a in game.legal_actions(state, 0) if a.args[:1] == ("treasure",)]
    assert game.score(state, 0) == 2 + 2 + 3 + 2 + 2 + 16 + 15


def test_treasure_stays_while_the_hero_guards_it(game):
    state = empty(2)
    lay(state, 0, "b2", "treasure")
    sid = put(state, 0, "a2", "e")
    state = moving(state, hero={0: "b2"})
    state, events = game.apply(state, "P1 move a2 e")
    assert place_of(state, sid) == "bag" and state.boards[0].traps["b2"] == Trap("treasure")
    assert "stolen" not in kinds(events)


def test_treasure_with_a_thief_is_stolen_even_if_the_thief_fled_there(game):
    """A skeleton repelled by the dragon onto the treasure stands on it at the end of the
    movement phase: the treasure is stolen."""
    state = empty(2)
    lay(state, 0, "b2", "dragon")
    lay(state, 0, "b1", "treasure")
    put(state, 0, "a2", "e")
    state = moving(state)
    state, _ = play(state, ["P1 move a2 e", "P1 repel b1"])
    assert "b1" not in state.boards[0].traps and "treasure" in state.boards[0].removed_traps


def test_treasure_can_be_retrieved_before_it_is_stolen(game):
    state = empty(2)
    lay(state, 0, "b2", "treasure")
    state, _ = play(state, ["P1 hero d4", "P2 hero d4", "P1 retrieve b2"])
    assert "treasure" in state.boards[0].supply and not state.boards[0].traps


# ---- wear and tear ------------------------------------------------------------------------------

def test_traps_wear_out_only_after_the_movement_phase(game):
    state = empty(2)
    lay(state, 0, "b2", "wall", "/")
    lay(state, 0, "d2", "catapult", damaged=True)
    put(state, 0, "a2", "e")
    put(state, 0, "e2", "w")
    state = moving(state)
    state, _ = game.apply(state, "P1 move a2 e")
    assert state.boards[0].traps == {"b2": Trap("wall", False, "/"), "d2": Trap("catapult", True)}
    assert state.boards[0].triggered == ["b2"]
    state, events = game.apply(state, "P1 move e2 w")
    assert state.boards[0].traps == {"b2": Trap("wall", True, "/")}
    assert state.boards[0].removed_traps == ["catapult"] and state.boards[0].triggered == []
    k = kinds(events)
    assert k.index("sent") < k.index("trap_damaged") < k.index("trap_destroyed") < k.index("draw")


def test_a_trap_used_by_many_skeletons_wears_once(game):
    state = empty(2)
    lay(state, 0, "b2", "catapult")
    for sq, f in (("a2", "e"), ("b1", "s"), ("c2", "w"), ("b3", "n")):
        put(state, 0, sq, f)
    state = moving(state)
    state, events = game.apply(state, "P1 move-all")
    assert state.boards[0].traps == {"b2": Trap("catapult", True)}
    assert kinds(events).count("sent") == 4 and kinds(events).count("trap_damaged") == 1


def test_retrieved_damaged_traps_come_back_intact(game):
    state = empty(2)
    lay(state, 0, "b2", "dragon", damaged=True)
    state, _ = play(state, ["P1 hero d4", "P2 hero d4", "P1 retrieve b2", "P2 pass"])
    state, _ = end_movement(state)
    state, _ = play(state, ["P1 hero d3", "P2 hero d3", "P1 place dragon b4"])
    assert state.boards[0].traps["b4"] == Trap("dragon", False)


# ---- data and scoring --------------------------------------------------------------------------

def test_data_stars_from_the_scoring_example(game):
    d = game.data
    assert d.stars("wall", False) == 2
    assert d.stars("catapult", True) == 1
    assert d.stars("dragon", True) == 2
    assert d.trap("treasure")["after_use"] == {"intact": "intact"}
    for kind in ("wall", "catapult", "dragon"):
        assert d.trap(kind)["after_use"] == {"intact": "damaged", "damaged": "destroyed"}


def test_rulebook_scoring_example_19_points(game):
    """2 floors, a damaged dragon and a damaged catapult on the board, 2 houses, an intact wall
    in supply: 8 + 2 + 1 + 6 + 2 = 19."""
    state = empty(2)
    b = state.boards[0]
    b.floors, b.houses = 2, 2
    b.supply = ["wall"]
    b.traps = {"b2": Trap("dragon", True), "d4": Trap("catapult", True)}
    b.removed_traps = ["wall", "catapult", "treasure"]
    assert game.score(state, 0) == 19
    assert "score 19" in game.text(state)
    # and it is the score at the end, if P2 falls that round
    state.boards[1].floors = 1
    put(state, 1, "c2", "s")
    state = moving(state, hero={0: "c2", 1: "d4"})
    state, events = end_movement(state)
    assert state.over and game.outcome(state).scores == (19, 0) and game.outcome(state).winners == (0,)


# ---- the trap lab agrees with the engine -------------------------------------------------------

def test_lab_state_refuses_impossible_boards():
    from bonekit.games.bad_bones.sandbox import lab_state
    for kwargs in ({"traps": [("wall", "c3", "/")]}, {"traps": [("wall", "b2")]},
                   {"traps": [("dragon", "b2"), ("dragon", "b3")]}, {"traps": [("catapult", "top-a")]},
                   {"skeletons": [("b2", "x")]}, {"skeletons": [("z9", "n")]}, {"hero": "left-1"}):
        with pytest.raises(ValueError):
            lab_state(**kwargs)


def test_lab_march_matches_the_engine_on_random_boards(game):
    """sandbox.march and the engine's own movement phase (``move-all``) give the same board for
    random layouts of walls, a catapult and the treasure (no choices involved: a solo board)."""
    import random

    from bonekit.games.bad_bones.board import on_board, square
    from bonekit.games.bad_bones.sandbox import lab_state, march
    squares = [square(r, c) for r in range(5) for c in range(5) if (r, c) != (2, 2)]
    spots = squares + [f"top-{x}" for x in "abcde"] + [f"left-{i}" for i in range(1, 6)] + \
        [f"right-{i}" for i in range(1, 6)]
    for seed in range(60):
        rnd = random.Random(seed)
        where = rnd.sample(squares, 5)
        traps = [("wall", where[0], rnd.choice("/\\")), ("wall", where[1], rnd.choice("/\\")),
                 ("catapult", where[2]), ("treasure", where[3])][:rnd.randint(1, 4)]
        lab = lab_state(skeletons=[(rnd.choice(spots), rnd.choice("nesw")) for _ in range(7)], traps=traps,
                        hero=where[4], seed=seed)
        (after_lab, _), = march(lab, 1)
        # the engine, from the same board put in its movement phase by hand
        state = game.copy_state(lab)
        state.phase, state.token, state.done = "move", "black", [False]
        state, _ = game.apply(state, "P1 move-all")
        a, b = after_lab.boards[0], state.boards[0]
        assert ((a.floors, a.houses, a.traps, a.removed_traps)
                == (b.floors, b.houses, b.traps, b.removed_traps))
        on = {k: (s.r, s.c, s.facing) for k, s in a.skeletons.items() if on_board(s.r, s.c)}
        assert on == {k: (s.r, s.c, s.facing) for k, s in b.skeletons.items() if on_board(s.r, s.c)}


def test_a_damaged_dragon_used_in_a_later_round_is_destroyed(game):
    """Kit data: a damaged dragon is removed on its next use, even rounds later."""
    state = empty(2, seed=1)
    lay(state, 0, "b2", "dragon", damaged=True)
    sid = put(state, 0, "a2", "e")
    state = moving(state, hero={0: "d4", 1: "d4"})
    state, events = play(state, ["P1 move a2 e", "P1 repel b1"])
    assert at(state, 0, sid) == ("b1", "n") and "b2" not in state.boards[0].traps
    assert state.boards[0].removed_traps == ["dragon"]


def test_an_ordinary_dragon_death_cites_the_wear_rule_not_the_landing(game):
    """Only a dragon that landed this round is "dead"; one worn out by ordinary use over two
    rounds is simply destroyed (rule bad_bones.traps)."""
    state = empty(2, seed=1)
    lay(state, 0, "b2", "dragon")
    put(state, 0, "a2", "e")
    state = moving(state, hero={0: "d4", 1: "d4"})
    state, _ = play(state, ["P1 move a2 e", "P1 repel b1"])        # round 1: damaged
    state, _ = end_movement(state)
    assert state.boards[0].traps["b2"] == Trap("dragon", True)
    put(state, 0, "c2", "w")              # the new arrivals only reach the edges this round
    state = moving(state, hero={0: "d3", 1: "d3"})                   # round 2 (or later): used again
    state, events = play(state, ["P1 move c2 w", "P1 repel b3"])
    state, more = end_movement(state)
    gone = [e for e in list(events) + list(more) if e.kind == "trap_destroyed"]
    assert len(gone) == 1 and "b2" not in state.boards[0].traps
    assert gone[0].rule == R + "traps" and "in a row" not in gone[0].text
