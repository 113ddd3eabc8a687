"""Bad Bones, the advanced version's six traps (barricade, bomb, hearse, labyrinth, portal,
spring): each trap, its special cases and the kit's rulings, staged in the trap lab's sandbox
(``lab_state``) or on empty boards and driven through ``game.apply``; refusals, scoring, data,
and random playouts with the new traps in play."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from bonekit.core.bots import RandomBot
from bonekit.core.errors import IllegalAction
from bonekit.games.bad_bones import GuardBot, Trap
from bonekit.games.bad_bones.board import ALL_TRAP_KINDS, NEW_TRAP_KINDS, TRAP_KINDS, components
from bonekit.games.bad_bones.sandbox import lab_state, march
from test_bad_bones_rules import R, at, bb, conserved, empty, end_movement, lay, place_of, put, to_movement


@pytest.fixture(scope="module")
def game():
    """Bad Bones (conftest's `game` is Bone to Pick)."""
    return bb()


def run(state, hero="d4", trap="pass"):
    """One round's hero and trap phases (the hero to ``hero``, ``trap`` for P1), then every
    skeleton moves; returns the state after the movement phase's last step and all events."""
    state, events = to_movement(state, hero={0: hero, 1: "d4", 2: "d4"}, traps={0: trap})
    state, more = end_movement(state)
    return state, events + more


def sid_at(state, sq, seat=0):
    """The only skeleton on ``sq`` of ``seat``'s board."""
    (sid,) = [s.id for s in state.boards[seat].skeletons.values() if at(state, seat, s.id)[0] == sq]
    return sid


def rules_of(events, kind):
    return [e.rule for e in events if e.kind == kind]


def trap_tokens(state):
    """Every trap tile of the table, wherever it is (supply, board, out of the game)."""
    out = Counter()
    for b in state.boards:
        out.update(b.supply)
        out.update(t.kind for t in b.traps.values())
        out.update(b.removed_traps)
    return out


# ---- barricade ----------------------------------------------------------------------------------

def test_barricade_holds_a_skeleton_in_place_flipped_then_wears_out(game):
    state = lab_state(skeletons=[("b1", "s")], traps=[("barricade", "b2")])
    sid = sid_at(state, "b1")
    state, events = run(state)
    assert at(state, 0, sid) == ("b1", "s")
    assert state.boards[0].skeletons[sid].side == "black"      # flipped: it has moved
    assert state.boards[0].traps["b2"] == Trap("barricade", True)
    assert R + "traps.barricade" in rules_of(events, "barricade")
    assert rules_of(events, "trap_damaged") == [R + "traps.barricade"]
    state, events = run(state, hero="c3")                        # used again: removed
    assert at(state, 0, sid) == ("b1", "s") and "b2" not in state.boards[0].traps
    assert "barricade" in state.boards[0].removed_traps
    assert rules_of(events, "trap_destroyed") == [R + "traps.barricade"]
    state, _ = run(state)                                        # the way is free now
    assert at(state, 0, sid) == ("b2", "s")


def test_a_hero_on_the_barricade_does_not_stop_it(game):
    state = lab_state(skeletons=[("b1", "s")], traps=[("barricade", "b2")], hero="b3")
    sid = sid_at(state, "b1")
    state, events = run(state, hero="b2")
    assert state.boards[0].hero == "b2"
    assert at(state, 0, sid) == ("b1", "s")                     # not killed by the hero
    assert "hero_kill" not in [e.kind for e in events]
    assert state.boards[0].traps["b2"].damaged


def test_a_wall_sending_a_skeleton_into_a_barricade_uses_both(game):
    # a2 heading east meets the wall on b2 ("/": east turns north), aimed at b1: the barricade.
    state = lab_state(skeletons=[("a2", "e")], traps=[("wall", "b2", "/"), ("barricade", "b1")])
    sid = sid_at(state, "a2")
    state, events = run(state)
    assert at(state, 0, sid) == ("a2", "e")                     # back where it started, as it faced
    assert state.boards[0].skeletons[sid].side == "black"
    traps = state.boards[0].traps
    assert traps["b2"] == Trap("wall", True, "/") and traps["b1"] == Trap("barricade", True)
    assert rules_of(events, "barricade") == [R + "advanced.ruling.barricade_wall"]


def test_a_forest_skeleton_held_by_a_barricade_stays_in_its_forest(game):
    state = lab_state(skeletons=[("left-2", "e")], traps=[("barricade", "a2")])
    sid = sid_at(state, "left-2")
    state, _ = run(state)
    assert at(state, 0, sid) == ("left-2", "e") and state.boards[0].traps["a2"].damaged


# ---- bomb ---------------------------------------------------------------------------------------

def test_bomb_eliminates_everyone_stepping_on_it_and_leaves_a_blast_area(game):
    state = lab_state(skeletons=[("b1", "s"), ("a2", "e")], traps=[("bomb", "b2")])
    ids = sorted(state.boards[0].skeletons)
    state, events = run(state)
    assert all(place_of(state, sid) == "bag" for sid in ids)
    assert state.boards[0].traps["b2"] == Trap("bomb", True) and state.boards[0].traps["b2"].blast
    assert rules_of(events, "bomb") == [R + "traps.bomb"] * 2
    assert rules_of(events, "blast") == [R + "traps.bomb"]
    assert conserved(state)


def test_skeletons_and_the_hero_cross_a_blast_area_and_its_arrow_still_works(game):
    # c2 carries an arrow that turns a skeleton heading east to the south.
    state = lab_state(skeletons=[("b2", "e")], traps=[("bomb", "c2", "damaged")], hero="d1")
    sid = sid_at(state, "b2")
    state, events = run(state, hero="c2")                        # the hero may step onto it
    assert state.boards[0].hero == "c2"
    assert place_of(state, sid) == "bag"                         # it walked into the hero there
    state = lab_state(skeletons=[("b2", "e")], traps=[("bomb", "c2", "damaged")])
    sid = sid_at(state, "b2")
    state, events = run(state)
    assert at(state, 0, sid) == ("c2", "s")                      # turned by the arrow
    assert R + "phase.move.arrows" in rules_of(events, "move")
    assert state.boards[0].traps["c2"] == Trap("bomb", True)     # the blast area stays


def test_a_bomb_placed_on_a_crowd_goes_off_at_once(game):
    state = lab_state(skeletons=[("b2", "s"), ("b2", "e")], supply=["bomb"])
    ids = sorted(state.boards[0].skeletons)
    state, events = game.apply(state, "P1 hero c4")
    assert "P1 place bomb b2" in [a.label for a in game.legal_actions(state, 0)]
    state, events = game.apply(state, "P1 place bomb b2")
    assert all(place_of(state, sid) == "bag" for sid in ids)
    assert state.boards[0].traps["b2"].blast and "bomb" not in state.boards[0].supply
    assert rules_of(events, "blast") == [R + "traps.bomb.at_once"]
    assert conserved(state)


def refused(game, state, label, rule):
    """``label`` is refused with ``rule`` and the state is left exactly as it was."""
    before, text = game.copy_state(state), game.text(state)
    assert not game.is_legal(state, game.parse_action(state, label))
    assert label not in [a.label for a in game.legal_actions(state, 0)]
    with pytest.raises(IllegalAction) as err:
        game.apply(state, label)
    assert err.value.rule == rule, err.value
    assert state == before and game.text(state) == text
    return err.value


def test_refusals_around_bombs_and_labyrinths_name_their_rule(game):
    state = lab_state(skeletons=[("a1", "s")], traps=[("bomb", "b2", "damaged"), ("wall", "d2", "/")],
                      supply=["bomb", "labyrinth", "portal"], hero="c4")
    state, _ = game.apply(state, "P1 hero c5")
    assert state.phase == "traps"
    err = refused(game, state, "P1 place portal b2", R + "traps.bomb")
    assert "blast area" in str(err)
    refused(game, state, "P1 place wall b2 /", R + "traps.bomb")
    refused(game, state, "P1 retrieve b2", R + "traps.bomb")
    refused(game, state, "P1 place bomb d2", R + "phase.traps.place")
    refused(game, state, "P1 place labyrinth e2", R + "traps.labyrinth")
    refused(game, state, "P1 place labyrinth e2 grey", R + "traps.labyrinth")
    refused(game, state, "P1 place portal a1", R + "traps.dragon.landing")   # skeletons there
    # What stays allowed: retrieving the wall, a bomb on the crowd at a1 or under the hero on c5
    # (any trap may go under a hero off the tower), a labyrinth with a colour.
    labels = [a.label for a in game.legal_actions(state, 0)]
    assert {"P1 retrieve d2", "P1 place bomb a1", "P1 place bomb c5", "P1 place labyrinth e2 white",
            "P1 place labyrinth e2 black"} <= set(labels)


# ---- hearse -------------------------------------------------------------------------------------

def test_hearse_carries_the_skeleton_and_itself_to_the_chosen_opponent(game):
    state = empty(3)
    state.boards[0].supply.append("hearse")
    lay(state, 0, "b2", "hearse")
    sid = put(state, 0, "b1", "s")
    put(state, 0, "e1", "s")                     # still to move: the phase stays open
    before = [game.score(state, s) for s in range(3)]
    state, events = to_movement(state, hero={0: "d4", 1: "d4", 2: "d4"})
    state, evs = game.apply(state, "P1 move b1 s")
    assert state.pending[0][0].reason == "hearse"
    assert {a.label for a in game.legal_actions(state, 0)} == {"P1 send p2", "P1 send p3"}
    assert rules_of(evs, "choice") == [R + "traps.hearse"]
    with pytest.raises(IllegalAction) as err:
        game.apply(state, "P1 move-all")
    assert err.value.rule == R + "traps.hearse"
    state, evs = game.apply(state, "P1 send p3")
    assert place_of(state, sid) == ("cemetery", 2)
    assert "b2" not in state.boards[0].traps and "hearse" in state.boards[2].supply
    assert rules_of(evs, "hearse") == [R + "traps.hearse"]
    # scored by whoever holds it now
    stars = components().stars("hearse", False)
    assert [game.score(state, s) for s in range(3)] == [before[0] - stars, before[1], before[2] + stars]
    state, _ = end_movement(state)
    assert trap_tokens(state)["hearse"] == 1 and conserved(state)


def test_hearse_in_a_two_player_game_goes_to_the_one_opponent(game):
    state = empty(2)
    state.boards[0].supply.append("hearse")
    lay(state, 0, "b2", "hearse")
    sid = put(state, 0, "b1", "s")
    put(state, 0, "e1", "s")
    state, _ = to_movement(state, hero={0: "d4", 1: "d4"})
    state, _ = game.apply(state, "P1 move b1 s")
    assert not state.pending[0] and place_of(state, sid) == ("cemetery", 1)
    assert state.boards[1].supply.count("hearse") == 1


def test_solo_hearse_ruling_own_cemetery_and_back_to_supply(game):
    state = lab_state(skeletons=[("b1", "s"), ("e1", "s")], traps=[("hearse", "b2")])
    sid = sid_at(state, "b1")
    state, events = game.apply(state, "P1 hero d4")
    state, _ = game.apply(state, "P1 pass")
    state, events = game.apply(state, "P1 move b1 s")
    assert place_of(state, sid) == ("cemetery", 0)
    assert state.boards[0].supply.count("hearse") == 1 and "b2" not in state.boards[0].traps
    assert set(rules_of(events, "hearse") + rules_of(events, "sent")) == {R + "advanced.ruling.solo_hearse"}


# ---- labyrinth ----------------------------------------------------------------------------------

def staged_black(skeletons, traps):
    """A lab board whose skeletons show black, before a movement phase that turns the token white."""
    state = lab_state(skeletons=skeletons, traps=traps)
    state.token = "black"
    board = state.boards[0]
    for sid, sk in list(board.skeletons.items()):
        board.skeletons[sid] = type(sk)(sk.id, sk.model, sk.r, sk.c, sk.facing, "black")
    return state


def test_labyrinth_example_1_black_skeleton_in_a_white_labyrinth_flips_in_place(game):
    state = staged_black([("b2", "e")], [("labyrinth", "b2", "white")])
    sid = sid_at(state, "b2")
    (after, events), = march(state)
    assert after.token == "white"
    assert at(after, 0, sid) == ("b2", "e") and after.boards[0].skeletons[sid].side == "white"
    assert [e.rule for e in events if e.kind == "lost"] == [R + "traps.labyrinth"]
    assert after.boards[0].traps["b2"] == Trap("labyrinth", False, "white")   # never flips


def test_labyrinth_example_2_black_skeleton_in_a_black_labyrinth_walks_out(game):
    # out of b2 eastward onto c2, whose arrow turns eastbound skeletons south
    state = staged_black([("b2", "e")], [("labyrinth", "b2", "black")])
    sid = sid_at(state, "b2")
    (after, events), = march(state)
    assert at(after, 0, sid) == ("c2", "s") and after.boards[0].skeletons[sid].side == "white"
    assert after.boards[0].traps["b2"] == Trap("labyrinth", False, "black")


def test_labyrinth_is_placed_with_a_colour_entered_freely_and_never_worn(game):
    state = lab_state(skeletons=[("b1", "s")], supply=["labyrinth"])
    sid = sid_at(state, "b1")
    state, events = run(state, trap="place labyrinth b2 white")
    assert state.boards[0].traps["b2"] == Trap("labyrinth", False, "white")
    assert at(state, 0, sid) == ("b2", "s")                      # walked in, flipped to black
    assert state.boards[0].skeletons[sid].side == "black"
    assert rules_of(events, "on_labyrinth") == [R + "traps.labyrinth"]
    # It shows black; the labyrinth is white: next phase it is lost there (flips to white).
    state, events = run(state, hero="c3")
    assert at(state, 0, sid) == ("b2", "s") and state.boards[0].skeletons[sid].side == "white"
    # Now white in a white labyrinth: it walks out to b3 (whose arrow turns it east).
    state, events = run(state)
    assert at(state, 0, sid) == ("b3", "e")
    assert state.boards[0].traps["b2"] == Trap("labyrinth", False, "white")
    state, _ = game.apply(state, "P1 hero c4")
    state, _ = game.apply(state, "P1 retrieve b2")              # it can be taken back
    assert "labyrinth" in state.boards[0].supply


# ---- portal -------------------------------------------------------------------------------------

def test_portal_sends_the_skeleton_back_to_its_forest_spot_flipped(game):
    state = lab_state(skeletons=[("b1", "s"), ("e1", "s")], traps=[("portal", "b2")])
    sid = sid_at(state, "b1")
    model = components().model_of(sid)
    state, events = game.apply(state, "P1 hero d4")
    state, _ = game.apply(state, "P1 pass")
    state, events = game.apply(state, "P1 move b1 s")
    sk = state.boards[0].skeletons[sid]
    assert (at(state, 0, sid), sk.side) == ((model.spot, model.facing), state.token)
    assert state.phase == "move" and sid not in [s.id for s in game.unmoved(state, 0)]   # done
    assert rules_of(events, "portal") == [R + "traps.portal"]
    state, _ = end_movement(state)
    assert state.boards[0].traps["b2"] == Trap("portal", True)
    # used again: removed after the phase
    state = lab_state(skeletons=[("b1", "s")], traps=[("portal", "b2", "damaged")])
    state, events = run(state)
    assert "b2" not in state.boards[0].traps and "portal" in state.boards[0].removed_traps


# ---- spring -------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    # (skeleton, spring, other traps, hero, where it ends (square, facing) or a fate)
    ("b1", "b2", [], None, ("b4", "s")),               # over b3's arrow: not turned by it
    ("c1", "c2", [], None, ("c4", "s")),               # over the tower: no floor lost
    ("b1", "b2", [], "b3", ("b4", "s")),               # over the hero: not killed
    ("b1", "b2", [], "b4", "bag"),                     # onto the hero: killed
    ("top-c", "c1", [], None, "floor"),                # onto the tower: a floor falls
    ("b3", "b4", [], None, "house"),                   # past the bottom edge: the village
    ("top-b", "b1", [("spring", "b3")], None, ("b5", "s")),      # onto another spring: again
    ("a1", "a2", [], None, ("a4", "s")),               # lands on a4: its arrow is for eastbound
    ("left-4", "a4", [], None, ("c4", "n")),           # lands on c4: arrow turns eastbound north
    ("b1", "b2", [("wall", "b4", "/")], None, ("a4", "w")),      # onto a wall: ricochets on
])
def test_spring_throws_two_squares_and_only_the_landing_counts(game, case):
    start, spring, traps, hero, expected = case
    facing = {"top": "s", "left": "e"}.get(start.split("-")[0], "s")
    state = lab_state(skeletons=[(start, facing)], traps=[("spring", spring), *traps])
    sid = next(iter(state.boards[0].skeletons))
    floors, houses = state.boards[0].floors, state.boards[0].houses
    (after, events), = march(state, hero_path=[hero] if hero else [])
    board = after.boards[0]
    if expected == "bag":
        assert place_of(after, sid) == "bag" and board.floors == floors
    elif expected == "floor":
        assert place_of(after, sid) == "bag" and board.floors == floors - 1
    elif expected == "house":
        assert place_of(after, sid) == "bag" and board.houses == houses - 1
    else:
        assert at(after, 0, sid) == expected
        assert (board.floors, board.houses) == (floors, houses)
    assert R + "traps.spring" in [e.rule for e in events if e.kind == "spring"]
    assert board.traps[spring] == Trap("spring", True)                # worn like a wall (ruling)


def test_spring_past_the_left_edge_lands_in_the_forest(game):
    state = lab_state(skeletons=[("b2", "w"), ("e1", "s")], traps=[("spring", "a2")])
    sid = sid_at(state, "b2")
    state, _ = game.apply(state, "P1 hero d4")
    state, _ = game.apply(state, "P1 pass")
    state, events = game.apply(state, "P1 move b2 w")
    assert place_of(state, sid) == ("cemetery", 0)                    # solo: own cemetery
    assert any("left forest" in e.text for e in events if e.kind == "sent")


def test_spring_onto_a_barricade_kills_on_the_spikes_and_uses_the_barricade(game):
    state = lab_state(skeletons=[("b1", "s")], traps=[("spring", "b2"), ("barricade", "b4")])
    sid = sid_at(state, "b1")
    state, events = run(state)
    assert place_of(state, sid) == "bag"
    traps = state.boards[0].traps
    assert traps["b4"] == Trap("barricade", True) and traps["b2"] == Trap("spring", True)
    assert rules_of(events, "spikes") == [R + "traps.spring"]
    assert conserved(state)


def test_spring_landing_next_to_the_treasure_is_lured(game):
    state = lab_state(skeletons=[("b1", "s")], traps=[("spring", "b2"), ("treasure", "c4")])
    sid = sid_at(state, "b1")
    (after, _), = march(state)
    assert at(after, 0, sid) == ("b4", "e")


def test_spring_wear_ruling_damaged_then_removed(game):
    state = lab_state(skeletons=[("b1", "s")], traps=[("spring", "b2", "damaged")])
    state, events = run(state)
    assert "b2" not in state.boards[0].traps
    assert rules_of(events, "trap_destroyed") == [R + "advanced.ruling.spring_wear"]


# ---- data, catalog, scoring, text ---------------------------------------------------------------

def test_data_every_trap_has_stars_wear_and_a_cost_and_the_weapons_table(game):
    raw = components().raw
    assert tuple(raw["traps"]) == ALL_TRAP_KINDS and set(NEW_TRAP_KINDS).isdisjoint(TRAP_KINDS)
    for t in raw["traps"].values():
        assert isinstance(t["cost"], int) and t["cost"] >= 0 and "kit" in t["cost_source"]
        assert set(t["after_use"]) == set(t["stars"]) and t["source"]
    basic_six = sum(components().cost(k) * raw["traps"][k]["count"] for k in TRAP_KINDS)
    assert 15 <= basic_six < 20                       # 20 coins: the basic six plus a little
    assert raw["traps"]["treasure"]["cost"] == 0
    assert raw["traps"]["bomb"]["stars"]["damaged"] == 0            # a blast area scores nothing
    assert [k for k, t in raw["traps"].items() if len(t["stars"]) == 1] == ["treasure", "hearse", "labyrinth"]
    assert components().starting_supply() == ["catapult", "catapult", "dragon", "treasure", "wall", "wall"]
    weapons = raw["weapons"]
    assert sorted(weapons) == sorted(["crossbow", "ice_wand", "death_wand", "teleportation_wand",
                                      "two_handed_sword", "battleaxe", "morning_star", "rapier"])
    assert all(isinstance(w["cost"], int) and 0 < w["cost"] <= 20 and w["effect"] for w in weapons.values())


NEW_RULINGS = ("barricade_wall", "blast_stars", "solo_hearse", "spring_wear")


def test_every_new_trap_and_ruling_has_a_catalog_section(game):
    ids = {*(f"traps.{k}" for k in NEW_TRAP_KINDS), "traps.bomb.at_once", "traps.new",
           *(f"advanced.ruling.{r}" for r in NEW_RULINGS)}
    for rid in ids:
        assert R + rid in game.rules, rid
        assert len(game.rules[R + rid].text) > 60, rid
    rulings = [R + "advanced.ruling." + r for r in NEW_RULINGS]
    assert all("Alternative" in game.rules[r].text for r in rulings)


def test_scoring_counts_the_new_traps_stars(game):
    state = lab_state(traps=[("labyrinth", "a1", "black"), ("bomb", "b2", "damaged"),
                             ("portal", "d2", "damaged"), ("spring", "e2")],
                      supply=["barricade", "hearse"], floors=2, houses=1)
    stars = components().stars
    expected = (sum(stars(k, False) for k in state.boards[0].supply)
                + stars("labyrinth", False) + 0 + stars("portal", True) + stars("spring", False)
                + 2 * 4 + 1 * 3)
    assert game.score(state, 0) == expected
    assert stars("bomb", True) == 0


def test_text_board_shows_the_new_traps_and_their_key(game):
    state = lab_state(traps=[("labyrinth", "a1", "black"), ("bomb", "b2", "damaged"), ("barricade", "d2"),
                             ("spring", "e2"), ("portal", "a4"), ("hearse", "e4")])
    text = game.text(state)
    assert "labyrinth black on a1" in text and "blast area on b2" in text
    rows = text.splitlines()
    assert "Lb" in rows[[i for i, r in enumerate(rows) if r.strip().startswith("1 ")][0]]
    assert "B barricade, X bomb" in text
    for mark in (" x ", " B ", " S ", " P ", " + "):
        assert mark in text
    basic = game.text(lab_state(traps=[("wall", "b2", "/")]))
    assert "barricade" not in basic                      # basic boards read as before


def test_sandbox_refuses_bad_new_trap_staging(game):
    for kwargs in ({"traps": [("labyrinth", "b2")]}, {"traps": [("labyrinth", "b2", "grey")]},
                   {"traps": [("hearse", "b2", "damaged")]}, {"supply": ["rocket"]},
                   {"traps": [("bomb", "c3")]}):
        with pytest.raises(ValueError):
            lab_state(**kwargs)


# ---- legality and random playouts ----------------------------------------------------------------

def table_with_new_traps(players, seed):
    """A basic game whose players also hold the six new traps."""
    state = bb().new(players, seed=seed)
    for b in state.boards:
        b.supply = sorted([*b.supply, *NEW_TRAP_KINDS])
    return state


def test_is_legal_agrees_with_the_listed_actions_with_new_traps(game):
    rnd = random.Random(3)
    bots = [RandomBot(seed=s) for s in range(3)]
    state, checked = table_with_new_traps(3, 5), 0
    words = ("bomb", "labyrinth", "white", "black", "grey", "spring", "b2", "c3", "/", "hearse")
    while not state.over and checked < 4000:
        for seat in game.to_move(state):
            listed = set(game.legal_actions(state, seat))
            for a in list(listed)[:20]:
                near = [type(a)(a.seat, a.verb, a.args[:i] + (w,) + a.args[i + 1:])
                        for i in range(len(a.args)) for w in rnd.sample(words, 3)]
                near.append(type(a)(a.seat, a.verb, (*a.args, "white")))
                for b in [a, *near]:
                    assert game.is_legal(state, b) == (b in listed), b
                    checked += 1
        seat = rnd.choice(game.to_move(state))
        state, _ = game.apply(state, bots[seat].choose(game, state, seat))
    assert checked > 1000


def invariants(game, state, traps0):
    assert conserved(state)
    assert trap_tokens(state) == traps0
    for b in state.boards:
        assert all(not t.blast or t.orientation is None for t in b.traps.values())
        assert all(t.orientation in ("white", "black") for t in b.traps.values() if t.kind == "labyrinth")
    if state.phase == "hero":      # after a movement phase everything shows the token's side
        assert all(s.side == state.token for b in state.boards for s in b.skeletons.values())


@pytest.mark.parametrize("seed", range(4))
def test_random_sandbox_playouts_with_new_traps_keep_the_invariants(game, seed):
    rnd = random.Random(seed)
    spots = ["top-a", "top-b", "top-d", "left-1", "left-4", "right-2", "b2", "d4", "a5"]
    squares = [sq for sq in ("a1", "b1", "d1", "a2", "b3", "d3", "e3", "b4", "d5", "e5")]
    rnd.shuffle(squares)
    kinds = list(NEW_TRAP_KINDS)
    rnd.shuffle(kinds)
    traps = [(k, sq, *(["white"] if k == "labyrinth" else [])) for k, sq in zip(kinds[:4], squares)]
    state = lab_state(skeletons=[(rnd.choice(spots), rnd.choice("nesw")) for _ in range(6)], traps=traps,
                      supply=kinds[4:] + ["bomb", "labyrinth"], seed=seed)
    traps0 = trap_tokens(state)
    bot = RandomBot(seed=seed)
    for _ in range(400):
        if state.over:
            break
        state, _ = game.apply(state, bot.choose(game, state, 0))
        invariants(game, state, traps0)
    assert state.round > 2


@pytest.mark.parametrize("players,kind", [(2, "random"), (3, "random"), (4, "random"), (3, "guard")])
def test_table_games_with_new_traps_in_every_supply_play_to_the_end(game, players, kind):
    state = table_with_new_traps(players, seed=players)
    traps0 = trap_tokens(state)
    bots = [(GuardBot if kind == "guard" else RandomBot)(seed=s) for s in range(players)]
    order = random.Random(players)
    n = 0
    while not state.over:
        seat = order.choice(game.to_move(state))
        state, _ = game.apply(state, bots[seat].choose(game, state, seat))
        invariants(game, state, traps0)
        n += 1
        assert n < 6000
    assert game.outcome(state) is not None


def test_the_fast_path_reaches_the_states_apply_reaches_with_new_traps(game):
    state = table_with_new_traps(3, seed=11)
    fast = game.copy_state(state)
    bots = [RandomBot(seed=s) for s in range(3)]
    order, cited = random.Random(11), set()
    while not state.over:
        seat = order.choice(game.to_move(state))
        action = bots[seat].choose(game, state, seat)
        state, events = game.apply(state, action)
        cited.update(e.rule for e in events)
        game.step_fast(fast, action)
        assert fast == state
    assert all(rule in game.rules for rule in cited)
    assert any(rule.startswith(R + "traps.") and rule.split(".")[2] in NEW_TRAP_KINDS for rule in cited)


def test_spring_past_the_top_edge_waits_in_the_top_forest_for_the_choice(game):
    state = empty(3)
    state.boards[0].supply.append("spring")
    lay(state, 0, "b1", "spring")
    sid = put(state, 0, "b2", "n")
    put(state, 0, "e1", "s")
    state, _ = to_movement(state, hero={0: "d4", 1: "d4", 2: "d4"})
    state, _ = game.apply(state, "P1 move b2 n")
    p = state.pending[0][0]
    assert (p.kind, p.reason, p.square) == ("send", "top", "top-b")
    assert at(state, 0, sid) == ("top-b", "n")
    state, _ = game.apply(state, "P1 send p2")
    assert place_of(state, sid) == ("cemetery", 1)
