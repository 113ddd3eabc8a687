"""Bad Bones: setup, the four phases, what happens when skeletons leave the board, the end of
the game and scoring, one group of tests per section of rules.md, driven through ``game.apply``
with action labels. Hand-built boards start from ``game.new(..., setup="empty")``; the helpers
below take skeleton tokens out of the bag so that the 180 tokens stay conserved.

The helpers are imported by the other ``test_bad_bones_*`` modules."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

import bonekit
from bonekit import IllegalAction
from bonekit.games.bad_bones import Skeleton, Trap
from bonekit.games.bad_bones.board import DIRS, FOREST_FACING, KING_STEPS, coords, on_board, square
from conftest import snapshot

R = "bad_bones."
TRAP_SUPPLY = ["catapult", "catapult", "dragon", "treasure", "wall", "wall"]


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bad_bones")


# ---- helpers ---------------------------------------------------------------------------------

def bb():
    return bonekit.load("bad_bones")


def empty(players=2, seed=0, **options):
    """A game after setup with no starting skeletons (the sandbox setup), phase hero."""
    variant = "solo" if players == 1 else "basic"
    return bb().new(players, variant, seed=seed, setup="empty", **options)


def put(state, seat, sq, facing, model=None, side=None):
    """Take a skeleton token (of ``model``, e.g. "blue-left", or the first one) from the bag and
    stand it on square or forest spot ``sq`` of ``seat``'s board. Returns its id."""
    d = bb().data
    token = next(t for t in state.bag if model is None or d.model_of(t).name == model)
    state.bag.remove(token)
    r, c = coords(sq)
    state.boards[seat].skeletons[token] = Skeleton(token, d.model_of(token).name, r, c, facing,
                                                   side or state.token)
    return token


def lay(state, seat, sq, kind, orientation=None, damaged=False):
    """Put a trap from ``seat``'s supply on ``sq`` (by hand, without the trap phase)."""
    board = state.boards[seat]
    board.supply.remove(kind)
    board.traps[sq] = Trap(kind, damaged, orientation)


def at(state, seat, sid):
    """(square, facing) of skeleton ``sid`` on ``seat``'s board, or None if it is not there."""
    sk = state.boards[seat].skeletons.get(sid)
    return None if sk is None else (square(sk.r, sk.c), sk.facing)


def place_of(state, sid):
    """Where token ``sid`` is: "bag", ("cemetery", seat) or ("board", seat, square)."""
    if sid in state.bag:
        return "bag"
    for seat, b in enumerate(state.boards):
        if sid in b.cemetery:
            return ("cemetery", seat)
        if sid in b.skeletons:
            sk = b.skeletons[sid]
            return ("board", seat, square(sk.r, sk.c))
    return None


def sent_to(state, sid):
    """The seat whose cemetery received skeleton ``sid``, checked exactly: in that cemetery while
    the phase lasts, at its own forest spot on that board once the new skeletons arrived."""
    where = place_of(state, sid)
    if state.phase in ("traps", "move"):
        assert where[0] == "cemetery", where
    else:
        assert where[0] == "board" and where[2] == bb().data.model_of(sid).spot, where
    return where[1]


def play(state, labels):
    """Apply labels in order; returns (state, all events flattened)."""
    game, events = bb(), []
    for label in labels:
        state, evs = game.apply(state, label)
        events.extend(evs)
    return state, events


def to_movement(state, hero=None, traps=None):
    """Drive the hero and trap phases with labels: ``hero[seat]`` is the hero's square (default:
    the first legal square holding no skeleton), ``traps[seat]`` the trap action(s) without the
    seat ("place wall b2 /", or a list to answer choices; default "pass")."""
    game, hero, traps = bb(), hero or {}, traps or {}
    assert state.phase == "hero"
    labels = []
    for seat in range(state.players):
        to = hero.get(seat)
        if to is None:
            taken = {square(s.r, s.c) for s in state.boards[seat].skeletons.values()}
            to = next(a.args[0] for a in game.legal_actions(state, seat) if a.args[0] not in taken)
        labels.append(f"P{seat + 1} hero {to}")
    state, events = play(state, labels)
    assert state.phase == "traps"
    for seat in range(state.players):
        todo = traps.get(seat, "pass")
        for tail in [todo] if isinstance(todo, str) else todo:
            state, evs = game.apply(state, f"P{seat + 1} {tail}")
            events.extend(evs)
    return state, events


def end_movement(state):
    """Every seat still owing the movement phase moves everything ("P1 move-all")."""
    events = []
    while state.phase == "move" and not state.over:
        seat = bb().to_move(state)[0]
        state, evs = bb().apply(state, f"P{seat + 1} move-all")
        events.extend(evs)
    return state, events


def total_tokens(state):
    ids = list(state.bag)
    for b in state.boards:
        ids += list(b.skeletons) + list(b.cemetery)
    return ids


def conserved(state):
    ids = total_tokens(state)
    return sorted(ids) == list(range(180))




def kinds(events):
    return [e.kind for e in events]


# ---- components and setup ----------------------------------------------------------------------

def test_components_180_tokens_of_15_models(game):
    d = game.data
    assert d.tokens == 180 and len(d.models) == 15 and d.copies == 12
    assert len({m.name for m in d.models}) == 15
    # Each forest holds the five symbols once; a model is a symbol in a forest.
    for forest in ("top", "left", "right"):
        here = [m for m in d.models if m.forest == forest]
        assert sorted(m.symbol for m in here) == sorted(d.symbols)
        assert {m.facing for m in here} == {FOREST_FACING[forest]}
    assert d.setup_symbols == ("green", "purple", "blue", "yellow")
    assert "red" in d.symbols and "red" not in d.setup_symbols
    assert Counter(d.model_of(t).name for t in range(180)) == {m.name: 12 for m in d.models}
    assert d.tower == "c3" and d.hero_start == "c3"
    assert d.starting_supply() == TRAP_SUPPLY


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_setup_boards(game, players, seed):
    state = game.new(players, seed=seed)
    d = game.data
    solo = players == 1
    assert state.variant == ("solo" if solo else "basic")
    assert state.phase == "hero" and state.round == 1 and state.token == "white" and not state.over
    assert conserved(state)
    assert len(state.bag) == 180 - 4 * players
    for b in state.boards:
        assert b.hero == "c3"
        assert (b.floors, b.houses) == ((1, 1) if solo else (4, 5)) == (b.tower_size, b.village_size)
        assert b.supply == TRAP_SUPPLY and b.traps == {} and b.cemetery == [] and b.removed_traps == []
        assert len(b.skeletons) == 4
        assert sorted(d.model_of(t).symbol for t in b.skeletons) == sorted(d.setup_symbols)
        for sid, sk in b.skeletons.items():
            m = d.model_of(sid)
            assert sk.model == m.name and (sk.r, sk.c) == (m.r, m.c)
            assert sk.side == "white" and sk.facing == FOREST_FACING[m.forest]
            assert not on_board(sk.r, sk.c)          # waiting in the forest, not on a square
    assert game.to_move(state) == tuple(range(players))
    draws = [e for e in game.setup_events(state) if e.kind == "setup_draw"]
    assert len(draws) == players and all(e.rule == R + "setup.skeletons" for e in draws)


def test_setup_example_every_starting_skeleton_points_into_the_board(game):
    """The rulebook's setup example: every point aims into the board from its forest."""
    forests = Counter()
    for seed in range(40):
        state = game.new(4, seed=seed)
        for b in state.boards:
            for sk in b.skeletons.values():
                dr, dc = DIRS[sk.facing]
                assert on_board(sk.r + dr, sk.c + dc), (sk, "does not point into the board")
                forests[game.data.model_of(sk.id).forest] += 1
    # ruling.setup_draw: a random token of each symbol, so every forest gets used.
    assert set(forests) == {"top", "left", "right"}
    assert R + "ruling.setup_draw" in game.rules


def test_setup_draws_depend_on_the_seed(game):
    draws = {tuple(sorted(game.new(2, seed=s).boards[0].skeletons)) for s in range(20)}
    assert len(draws) > 10
    assert game.new(3, seed=5) == game.new(3, seed=5)


def test_setup_solo_one_house_one_floor_and_rounds(game):
    state = game.new(1)
    assert state.variant == "solo" and state.options["rounds"] == 10 and not state.options["heroic"]
    assert state.options["max_rounds"] == 60
    state = game.new(1, "solo", rounds=3, heroic=True)
    assert state.options["rounds"] == 3 and state.options["heroic"] is True
    assert (state.boards[0].floors, state.boards[0].houses) == (1, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_basic_accepts_two_to_six(game, players):
    state = game.new(players, "basic")
    assert state.players == players and len(state.boards) == players


@pytest.mark.parametrize("players, variant", [(0, None), (7, None), (-1, None), (12, None),
                                              (1, "basic"), (2, "solo"), (3, "solo"), ("2", None),
                                              (2.0, None), (True, None), (None, "basic")])
def test_setup_refuses_other_player_counts(game, players, variant):
    with pytest.raises(ValueError, match="players"):
        game.new(players, variant)


@pytest.mark.parametrize("players, options, match", [
    (2, {"rounds": 3}, "solo"),
    (3, {"heroic": True}, "solo"),
    (1, {"rounds": 0}, "rounds"),
    (1, {"rounds": 51}, "rounds"),
    (1, {"rounds": "3"}, "rounds"),
    (1, {"rounds": 2.0}, "rounds"),
    (1, {"rounds": True}, "rounds"),
    (2, {"max_rounds": 0}, "max_rounds"),
    (2, {"max_rounds": "60"}, "max_rounds"),
    (2, {"max_rounds": 501}, "max_rounds"),
    (2, {"setup": "full"}, "setup"),
    (2, {"seed": "1"}, "seed"),
    (2, {"seed": 1.5}, "seed"),
    (2, {"names": ["Ann"]}, "names"),
    (2, {"names": ["Ann", ""]}, "names"),
    (2, {"names": ["Ann", "B\nob"]}, "names"),
    (2, {"names": ["Ann", "x" * 41]}, "names"),
    (2, {"easy": True}, "unknown option"),
])
def test_setup_validates_options(game, players, options, match):
    options = dict(options)
    seed = options.pop("seed", 0)
    with pytest.raises(ValueError, match=match):
        game.new(players, seed=seed, **options)


def test_setup_refuses_unknown_variant(game):
    with pytest.raises(ValueError, match="unknown variant"):
        game.new(2, "expert")   # (advanced and coop are variants now: test_bad_bones_market/_coop.py)


@pytest.mark.parametrize("heroic", ["no", "false", 0.5, [1]])
def test_setup_refuses_heroic_of_the_wrong_type(game, heroic):
    with pytest.raises(ValueError, match="heroic"):
        game.new(1, heroic=heroic)


def test_setup_refuses_names_given_as_one_string(game):
    with pytest.raises(ValueError, match="names"):
        game.new(2, names="AB")


def test_setup_names(game):
    state = game.new(2, names=["Ann", "Bob"])
    assert state.names == ("Ann", "Bob")
    assert "P1 Ann" in game.text(state)


# ---- phases: simultaneous play ---------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_every_seat_acts_in_every_phase(game, players):
    state = game.new(players, seed=3)
    everyone = tuple(range(players))
    assert game.to_move(state) == everyone and state.phase == "hero"
    for seat in reversed(range(players)):        # any order
        assert game.to_move(state) == tuple(s for s in everyone if s <= seat)
        state, _ = game.apply(state, f"P{seat + 1} hero d4")
    assert state.phase == "traps" and game.to_move(state) == everyone
    for seat in range(players):
        state, _ = game.apply(state, f"P{seat + 1} pass")
    assert state.phase == "move" and game.to_move(state) == everyone
    assert state.token == "black"
    for seat in range(players):
        assert game.legal_actions(state, seat)[-1].label == f"P{seat + 1} move-all"
        state, _ = game.apply(state, f"P{seat + 1} move-all")
    assert state.phase == "hero" and state.round == 2 and game.to_move(state) == everyone


def test_a_seat_that_finished_the_phase_is_refused(game):
    state = game.new(3, seed=1)
    state, _ = game.apply(state, "P2 hero b2")
    before = snapshot(game, state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, "P2 hero c3")
    assert info.value.rule == R + "phase.hero"
    assert "P2 has finished the hero phase" in info.value.reason and "waiting for P1, P3" in info.value.reason
    assert snapshot(game, state) == before
    assert game.legal_actions(state, 1) == []
    assert game.to_move(state) == (0, 2)


# ---- phase 1: the hero -------------------------------------------------------------------------

@pytest.mark.parametrize("start, count", [("c3", 8), ("a1", 3), ("e5", 3), ("c1", 5), ("a3", 5), ("b2", 8)])
def test_hero_moves_exactly_one_square_in_eight_directions(game, start, count):
    state = empty(2)
    state.boards[0].hero = start
    targets = [a.args[0] for a in game.legal_actions(state, 0)]
    r, c = coords(start)
    expected = {square(r + dr, c + dc) for dr, dc in KING_STEPS if on_board(r + dr, c + dc)}
    assert len(targets) == count == len(expected) and set(targets) == expected
    assert start not in targets
    for t in targets:
        after, events = game.apply(state, f"P1 hero {t}")
        assert after.boards[0].hero == t and state.boards[0].hero == start
        assert events[0].kind == "hero" and events[0].rule == R + "phase.hero"


def test_hero_may_step_onto_the_tower(game):
    state = empty(2)
    state.boards[0].hero = "b2"
    state, _ = game.apply(state, "P1 hero c3")
    assert state.boards[0].hero == "c3" and state.boards[0].floors == 4


def test_hero_steps_onto_a_trap_without_triggering_it(game):
    state = empty(2)
    lay(state, 0, "b2", "wall", "/")
    lay(state, 0, "d2", "catapult")
    traps = dict(state.boards[0].traps)
    state, events = game.apply(state, "P1 hero b2")
    assert state.boards[0].hero == "b2" and state.boards[0].traps == traps
    state, _ = play(state, ["P2 hero d4", "P1 pass", "P2 pass"])
    assert state.phase == "hero" and state.round == 2          # nothing to move this round
    # round 2: the new skeletons only reach the edge squares
    state, _ = play(state, ["P1 hero c1", "P2 hero d5", "P1 pass", "P2 pass", "P1 move-all",
                            "P2 move-all", "P1 hero d2"])
    assert state.boards[0].hero == "d2"
    assert state.boards[0].traps == traps == {"b2": Trap("wall", False, "/"), "d2": Trap("catapult")}
    assert state.boards[0].triggered == []


def test_hero_destroys_every_skeleton_where_he_lands(game):
    state = empty(2)
    ids = [put(state, 0, "b2", f) for f in "nesw"] + [put(state, 0, "b3", "s")]
    bag = len(state.bag)
    state, events = game.apply(state, "P1 hero b2")
    assert all(place_of(state, t) == "bag" for t in ids[:4])
    assert place_of(state, ids[4]) == ("board", 0, "b3")
    assert len(state.bag) == bag + 4 and conserved(state)
    assert events[0].data["killed"] == 4 and "destroys 4 skeletons." in events[0].text


def test_hero_never_stays_or_leaves_the_board(game):
    state = empty(2)
    state.boards[0].hero = "a1"
    for label in ["P1 hero a1", "P1 hero a0", "P1 hero top-a", "P1 hero left-1", "P1 hero a3"]:
        with pytest.raises(IllegalAction) as info:
            game.apply(state, label)
        assert info.value.rule == R + "phase.hero"


# ---- phase 2: traps ----------------------------------------------------------------------------

def placements(game, state, seat, kind):
    return {a.args[1] for a in game.legal_actions(state, seat) if a.verb == "place" and a.args[0] == kind}


def in_trap_phase(state, hero=None):
    state, _ = play(state, [f"P{s + 1} hero {(hero or {}).get(s, 'd4')}" for s in range(state.players)])
    assert state.phase == "traps"
    return state


def test_trap_placement_squares(game):
    state = empty(2)
    lay(state, 0, "a1", "wall", "/")
    put(state, 0, "b2", "s")
    put(state, 0, "top-c", "s")
    state = in_trap_phase(state, {0: "d4"})
    board_squares = {square(r, c) for r in range(5) for c in range(5)}
    for kind in ("catapult", "treasure", "wall"):
        squares = placements(game, state, 0, kind)
        # never the tower, another trap, a skeleton; allowed under the hero (d4); forests never.
        assert squares == board_squares - {"c3", "a1", "b2"}, kind
        assert "d4" in squares
    # The dragon alone may land on skeletons.
    assert placements(game, state, 0, "dragon") == board_squares - {"c3", "a1"}
    walls = [a.args for a in game.legal_actions(state, 0) if a.args[:2] == ("wall", "e5")]
    assert walls == [("wall", "e5", "/"), ("wall", "e5", "\\")]
    assert all(len(a.args) == 2 for a in game.legal_actions(state, 0)
               if a.verb == "place" and a.args[0] != "wall")


def test_trap_placed_under_the_hero(game):
    state = in_trap_phase(empty(2), {0: "b2"})
    state, events = game.apply(state, "P1 place catapult b2")
    b = state.boards[0]
    assert b.hero == "b2" and b.traps == {"b2": Trap("catapult")}
    assert b.supply == ["catapult", "dragon", "treasure", "wall", "wall"]
    assert events[0].rule == R + "phase.traps.place"
    state, _ = game.apply(state, "P2 place wall e5 \\")
    assert state.boards[1].traps == {"e5": Trap("wall", False, "\\")}
    assert state.phase == "hero" and state.round == 2


def test_retrieve_under_the_hero_returns_the_trap_intact(game):
    state = empty(2)
    lay(state, 0, "d4", "catapult", damaged=True)
    lay(state, 0, "b2", "wall", "\\", damaged=True)
    state = in_trap_phase(state, {0: "d4"})
    assert {a.label for a in game.legal_actions(state, 0) if a.verb == "retrieve"} == \
        {"P1 retrieve b2", "P1 retrieve d4"}
    state, events = game.apply(state, "P1 retrieve d4")
    b = state.boards[0]
    assert "d4" not in b.traps and b.supply.count("catapult") == 2 and b.hero == "d4"
    assert events[0].rule == R + "phase.traps.retrieve" and "intact" in events[0].text
    # supply: 2 catapults, dragon, treasure, wall = 11 stars; the damaged wall on b2: 1 star
    assert game.score(state, 0) == 11 + 1 + 16 + 15
    # Placed again later, it comes back intact.
    state, _ = end_movement(game.apply(state, "P2 pass")[0])
    state, _ = play(state, ["P1 hero d5", "P2 hero d5", "P1 place catapult a1"])
    assert state.boards[0].traps["a1"] == Trap("catapult", False, None)
    state, _ = end_movement(game.apply(state, "P2 pass")[0])
    state, _ = play(state, ["P1 hero d4", "P2 hero d4", "P1 retrieve b2"])
    assert state.boards[0].supply.count("wall") == 2 and "b2" not in state.boards[0].traps


def test_pass_changes_nothing_but_finishes_the_phase(game):
    state = in_trap_phase(game.new(2, seed=4))
    before = copy.deepcopy(state.boards)
    state, events = game.apply(state, "P1 pass")
    assert state.boards == before and state.done == [True, False]
    assert events[0].kind == "pass" and events[0].rule == R + "phase.traps"


# ---- phase 3: movement -------------------------------------------------------------------------

def test_movement_token_flips_at_the_start(game):
    state = empty(2)
    put(state, 0, "b2", "s")
    state = in_trap_phase(state)
    assert state.token == "white"
    state, events = play(state, ["P1 pass", "P2 pass"])
    assert state.phase == "move" and state.token == "black"
    flip = [e for e in events if e.rule == R + "phase.move.sides"]
    assert len(flip) == 1 and "turns black" in flip[0].text
    # P2 has nothing to move: finished at once; P1 owes the movement.
    assert game.to_move(state) == (0,)


def test_each_skeleton_steps_once_the_way_it_points_in_the_chosen_order(game):
    state = empty(2)
    a = put(state, 0, "b2", "e")
    b = put(state, 0, "d2", "s")      # d3: no arrow for... d3 turns south movers west
    c = put(state, 0, "right-5", "w")
    d = put(state, 0, "a5", "n")
    state, _ = to_movement(state, hero={0: "d4"})
    legal = [x.label for x in game.legal_actions(state, 0)]
    assert legal == ["P1 move b2 e", "P1 move d2 s", "P1 move a5 n", "P1 move right-5 w", "P1 move-all"]
    state, events = game.apply(state, "P1 move a5 n")          # the player's order, not ours
    assert at(state, 0, d) == ("a4", "n")
    sk = state.boards[0].skeletons
    assert sk[d].side == "black" and sk[a].side == sk[b].side == sk[c].side == "white"
    assert [x.label for x in game.legal_actions(state, 0)] == legal[:2] + legal[3:]
    with pytest.raises(IllegalAction, match="no unmoved skeleton at a4 n"):
        game.apply(state, "P1 move a4 n")
    state, _ = play(state, ["P1 move right-5 w", "P1 move d2 s", "P1 move b2 e"])
    assert at(state, 0, c) == ("e5", "w")
    assert at(state, 0, b) == ("d3", "w")       # arrow on d3 turns south-movers west
    assert at(state, 0, a) == ("c2", "s")       # arrow on c2 turns east-movers south
    assert state.phase == "hero" and state.round == 2
    assert all(s.side == "black" for s in state.boards[0].skeletons.values())


def test_stacked_skeletons_move_one_label_at_a_time(game):
    state = empty(2)
    ids = [put(state, 0, "b1", "s") for _ in range(3)] + [put(state, 0, "b1", "e")]
    state, _ = to_movement(state, hero={0: "d4"})
    assert [x.label for x in game.legal_actions(state, 0)] == ["P1 move b1 e", "P1 move b1 s", "P1 move-all"]
    state, _ = game.apply(state, "P1 move b1 s")
    moved = [t for t in ids if at(state, 0, t) == ("b2", "s")]
    assert len(moved) == 1
    state, _ = play(state, ["P1 move b1 s", "P1 move b1 s"])
    assert [x.label for x in game.legal_actions(state, 0)] == ["P1 move b1 e", "P1 move-all"]
    state, _ = game.apply(state, "P1 move b1 e")
    assert sorted(at(state, 0, t) for t in ids) == [("b2", "s")] * 3 + [("c1", "e")]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_after_every_movement_phase_every_skeleton_shows_the_token_side(game, players):
    state = game.new(players, seed=11)
    for rnd in range(4):
        state, _ = to_movement(state)
        token = state.token
        for seat in range(players):
            state, _ = game.apply(state, f"P{seat + 1} move-all")
            if state.over:
                break
        if state.over:
            break
        assert state.token == token and state.phase == "hero"
        sides = {sk.side for b in state.boards for sk in b.skeletons.values()}
        assert sides == {token}, (rnd, sides)


def arrow_cases():
    """(arrow square, direction of the step onto it, where the step starts) for every arrow
    square and every direction one can arrive from (not from the tower)."""
    out = []
    for sq in sorted({a[0] for a in bb().data.arrows}):
        r, c = coords(sq)
        for moving, (dr, dc) in DIRS.items():
            start = square(r - dr, c - dc)
            if start and start != "c3":
                out.append((sq, moving, start))
    return out


@pytest.mark.parametrize("sq, moving, start", arrow_cases())
def test_arrows_turn_only_skeletons_moving_along_them(game, sq, moving, start):
    state = empty(2)
    sid = put(state, 0, start, moving)
    hero = next(h for h in ("d4", "b4", "d2", "b2") if h not in (sq, start))
    state, events = to_movement(state, hero={0: hero})
    state, events = game.apply(state, f"P1 move {start} {moving}")
    turn = game.data.arrows.get((sq, moving))
    assert at(state, 0, sid) == (sq, turn or moving)
    rules = [e.rule for e in events if e.kind == "move"]
    assert rules == [R + ("phase.move.arrows" if turn else "phase.move")]


def test_board_has_the_kit_arrows(game):
    assert game.data.arrows == {("c2", "e"): "s", ("c2", "w"): "s", ("b3", "s"): "e", ("d3", "s"): "w",
                                ("c4", "e"): "n", ("c4", "w"): "n", ("a4", "e"): "s", ("e4", "w"): "s"}


def test_arrow_under_a_trap_does_not_turn(game):
    """ruling.arrows_under_traps: the treasure tile covers c2's arrow."""
    state = empty(2)
    lay(state, 0, "c2", "treasure")
    sid = put(state, 0, "b2", "e")
    state, _ = to_movement(state, hero={0: "d4"})
    state, events = game.apply(state, "P1 move b2 e")
    assert at(state, 0, sid) == ("c2", "e")
    assert R + "ruling.arrows_under_traps" in game.rules
    assert "on_treasure" in kinds(events)


# ---- phase 4: new skeletons --------------------------------------------------------------------

def test_new_skeletons_three_each_and_the_whole_cemetery_to_the_forests(game):
    d = game.data
    state = empty(3, seed=8)
    sent = [put(state, 0, "a2", "w"), put(state, 0, "a3", "w")]   # to P2 by the left forest
    state, _ = to_movement(state, hero={0: "d4"})
    bag = len(state.bag)
    state, events = game.apply(state, "P1 move-all")
    assert state.round == 2 and state.phase == "hero"
    draws = [e for e in events if e.kind == "draw"]
    assert [e.data["seat"] for e in draws] == [0, 1, 2]
    assert all(len(e.data["drawn"]) == 3 and e.rule == R + "phase.new" for e in draws)
    assert len(state.bag) == bag - 9
    counts = [len(b.skeletons) for b in state.boards]
    assert counts == [3, 5, 3]
    for b in state.boards:
        assert b.cemetery == []
        for sid, sk in b.skeletons.items():
            m = d.model_of(sid)
            assert (sk.r, sk.c) == (m.r, m.c) and sk.facing == m.facing and sk.side == state.token == "black"
    for sid in sent:
        assert sent_to(state, sid) == 1
        assert place_of(state, sid)[2] == d.model_of(sid).spot
    drawn = {t for e in draws for t in e.data["drawn"]}
    assert drawn.isdisjoint(state.bag) and conserved(state)


def test_new_skeletons_are_random_per_seed(game):
    outcomes = set()
    for seed in range(10):
        state = empty(2, seed=seed)
        state, _ = to_movement(state)
        outcomes.add(tuple(sorted(state.boards[0].skeletons)))
    assert len(outcomes) > 5


# ---- what happens if... -----------------------------------------------------------------------

@pytest.mark.parametrize("players, seat, left, right", [
    (3, 0, 1, 2), (3, 1, 2, 0), (3, 2, 0, 1), (2, 0, 1, 1), (2, 1, 0, 0), (6, 0, 1, 5), (6, 5, 0, 4)])
def test_left_and_right_forests_feed_the_neighbours(game, players, seat, left, right):
    """ruling.seating: the left neighbour is the next seat, the right one the previous seat."""
    state = empty(players)
    lt, rt = put(state, seat, "a2", "w"), put(state, seat, "e4", "e")
    state, _ = to_movement(state)
    state, events = game.apply(state, f"P{seat + 1} move-all")
    assert state.phase == "hero"
    assert sent_to(state, lt) == left and sent_to(state, rt) == right
    sent = [e for e in events if e.kind == "sent"]
    assert [e.data["to"] for e in sent] == [left, right]
    assert all(e.rule == R + "whatif.forest" for e in sent)
    assert "left forest" in sent[0].text and "right forest" in sent[1].text
    assert R + "ruling.seating" in game.rules


def test_top_forest_is_a_choice_with_three_players(game):
    state = empty(3)
    a, b = put(state, 0, "b1", "n"), put(state, 0, "d1", "n")
    state, _ = to_movement(state)
    state, events = game.apply(state, "P1 move b1 n")
    assert state.pending[0] and state.pending[0][0].kind == "send" and state.pending[0][0].reason == "top"
    assert [x.label for x in game.legal_actions(state, 0)] == ["P1 send p2", "P1 send p3"]
    assert game.to_move(state) == (0,)
    state, events = game.apply(state, "P1 send p3")
    assert place_of(state, a) == ("cemetery", 2)
    # Each skeleton leaving by the top is its own choice.
    state, _ = game.apply(state, "P1 move d1 n")
    assert [x.label for x in game.legal_actions(state, 0)] == ["P1 send p2", "P1 send p3"]
    state, _ = game.apply(state, "P1 send p2")
    assert sent_to(state, b) == 1      # arrived in P2's forest in phase 4


def test_top_forest_is_automatic_with_two_players(game):
    state = empty(2)
    put(state, 1, "e1", "n")
    state, _ = to_movement(state)
    state, events = game.apply(state, "P2 move e1 n")
    assert not state.pending[1]
    assert any(e.kind == "sent" and e.data["to"] == 0 for e in events)


def test_village_burns_a_house(game):
    state = empty(2)
    sids = [put(state, 0, "a5", "s"), put(state, 0, "e5", "s")]
    state, _ = to_movement(state, hero={0: "d4"})
    state, events = game.apply(state, "P1 move-all")
    assert state.boards[0].houses == 3
    assert all(place_of(state, s) in ("bag", ("board", 0, game.data.model_of(s).spot)) for s in sids)
    house = [e for e in events if e.kind == "house"]
    assert [e.data["houses"] for e in house] == [4, 3] and all(e.rule == R + "whatif.village" for e in house)
    assert R + "ruling.houses" in game.rules


def test_tower_loses_a_floor_even_with_the_hero_on_it(game):
    state = empty(2)
    state.boards[0].hero = "b2"
    put(state, 0, "c2", "s")
    put(state, 0, "d3", "w")
    state, _ = to_movement(state, hero={0: "c3"})
    state, events = game.apply(state, "P1 move-all")
    assert state.boards[0].floors == 2 and state.boards[0].hero == "c3"
    floors = [e for e in events if e.kind == "floor"]
    assert len(floors) == 2 and all(e.rule == R + "whatif.tower" for e in floors)
    assert "cannot stop it" in floors[0].text


def test_stepping_onto_the_hero_destroys_the_skeleton_without_trap_or_theft(game):
    state = empty(2)
    state.boards[0].hero = "b3"
    lay(state, 0, "b2", "catapult")
    lay(state, 0, "d2", "treasure")
    a = put(state, 0, "a2", "e")          # onto the hero standing on the catapult
    b = put(state, 0, "d1", "s")          # onto the hero guarding the treasure
    state, _ = to_movement(state, hero={0: "b2"})
    state, events = game.apply(state, "P1 move a2 e")
    assert place_of(state, a) == "bag" and not state.pending[0]
    assert [e.rule for e in events if e.kind == "hero_kill"] == [R + "whatif.hero"]
    # next round the hero guards the treasure on d2
    state, _ = game.apply(state, "P1 move d1 s")
    assert at(state, 0, b) == ("d2", "s")
    assert state.phase == "hero"
    # the skeleton on the treasure at the end of movement stole it (the hero was not there)
    assert "d2" not in state.boards[0].traps
    assert state.boards[0].traps["b2"] == Trap("catapult")          # never triggered


def test_hero_guarding_the_treasure(game):
    state = empty(2)
    state.boards[0].hero = "d3"
    lay(state, 0, "d2", "treasure")
    lay(state, 0, "b2", "wall", "/")
    s = put(state, 0, "d1", "s")
    put(state, 0, "a2", "e")
    state, _ = to_movement(state, hero={0: "d2"})          # the hero stands on the treasure
    state, events = game.apply(state, "P1 move d1 s")
    assert place_of(state, s) == "bag"
    state, events = game.apply(state, "P1 move a2 e")          # the wall sends it onto... b1
    assert state.phase == "hero"
    assert state.boards[0].traps["d2"] == Trap("treasure") and "treasure" not in state.boards[0].removed_traps
    assert state.boards[0].traps["b2"] == Trap("wall", True, "/")


# ---- end of the game and scoring ---------------------------------------------------------------

def test_game_ends_after_the_movement_phase_in_which_a_tower_falls(game):
    state = empty(3, seed=2)
    state.boards[1].floors = 1
    put(state, 1, "c2", "s")
    put(state, 0, "b1", "s")
    put(state, 2, "a1", "e")
    state, _ = to_movement(state, hero={0: "d4", 1: "d4", 2: "d4"})
    bag = len(state.bag)
    state, events = play(state, ["P2 move-all"])
    assert not state.over and state.boards[1].floors == 0          # the phase is not over yet
    state, events = play(state, ["P1 move-all", "P3 move-all"])
    assert state.over and state.phase == "over" and state.ended == "elimination"
    assert game.to_move(state) == () and all(game.legal_actions(state, s) == [] for s in range(3))
    assert state.eliminated == [False, True, False]
    assert "draw" not in kinds(events) and "arrive" not in kinds(events)
    assert len(state.bag) == bag + 1          # only the skeleton that hit the tower returned
    out = game.outcome(state)
    assert out.scores[1] == 0 and out.scores[0] == game.score(state, 0) == 44
    assert out.winners == (0, 2) and out.result == "victory" and out.rule == R + "end.scoring"
    assert events[-1].kind == "end" and events[-1].rule == out.rule
    assert R + "ruling.end_timing" in game.rules
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(state, "P1 hero b2")


def test_game_ends_when_a_village_falls_traps_still_wear_out_first(game):
    state = empty(2)
    state.boards[0].houses = 1
    lay(state, 1, "b2", "wall", "/")
    lay(state, 1, "d2", "wall", "\\", damaged=True)
    put(state, 0, "b5", "s")
    put(state, 1, "a2", "e")
    put(state, 1, "d1", "s")
    state, _ = to_movement(state, hero={0: "d4", 1: "d4"})
    state, events = play(state, ["P1 move-all", "P2 move-all"])
    assert state.over and state.eliminated == [True, False]
    # used traps are damaged or removed before scoring (ruling.end_timing)
    assert state.boards[1].traps == {"b2": Trap("wall", True, "/")}
    assert state.boards[1].removed_traps == ["wall"]
    # P2: supply 2 catapults, dragon, treasure (9 stars) + the damaged wall (1) + 16 + 15
    assert game.outcome(state).scores == (0, 9 + 1 + 16 + 15)
    assert game.outcome(state).winners == (1,)


def finish_with(state, losing):
    """Drive one round in which each seat in ``losing`` loses its one remaining floor."""
    for seat in losing:
        state.boards[seat].floors = 1
        put(state, seat, "c2", "s")
    state, _ = to_movement(state, hero={s: "d4" for s in range(state.players)})
    state, events = play(state, [f"P{s + 1} move-all" for s in game_seats(state)])
    assert state.over
    return state, events


def game_seats(state):
    return [s for s in range(state.players) if not state.done[s]]


def test_score_breaks_ties_by_the_taller_tower(game):
    state = empty(3)
    b0, b1 = state.boards[0], state.boards[1]
    b0.floors = 3
    b0.supply = ["catapult", "dragon", "treasure", "wall"]            # 2+3+2+2 = 9
    b1.floors = 2
    b1.supply = list(TRAP_SUPPLY)                                         # 13
    b1.houses = 5
    state, events = finish_with(state, [2])
    # 3*4 + 15 + 9 = 36 ; 2*4 + 15 + 13 = 36
    assert game.score(state, 0) == game.score(state, 1) == 36
    out = game.outcome(state)
    assert out.winners == (0,) and out.scores == (36, 36, 0)
    assert "Winner: P1." in out.summary


def test_a_remaining_tie_is_shared(game):
    state = empty(4)
    state, _ = finish_with(state, [3])
    out = game.outcome(state)
    assert out.winners == (0, 1, 2) and out.scores == (44, 44, 44, 0)
    assert out.titles == {0: "Winner", 1: "Winner", 2: "Winner"}


def test_higher_score_beats_the_taller_tower(game):
    state = empty(2)
    state.boards[0].floors, state.boards[0].houses = 3, 1     # 12 + 3 + 13 = 28 (and falls? no)
    state.boards[1].floors, state.boards[1].houses = 2, 5     # 8 + 15 + 13 = 36
    state.options["max_rounds"] = 1
    state, _ = to_movement(state)
    assert state.over and state.ended == "cap"
    out = game.outcome(state)
    assert out.scores == (28, 36) and out.winners == (1,)
    assert out.rule == R + "end.scoring" and "cap of 1 round ends" in out.summary


def test_everyone_eliminated_nobody_wins(game):
    state = empty(2)
    state, events = finish_with(state, [0, 1])
    out = game.outcome(state)
    assert out.winners == () and out.result == "draw" and out.scores == (0, 0)
    assert out.rule == R + "end.scoring"


def test_score_counts_stars_floors_and_houses(game):
    state = empty(2)
    assert game.score(state, 0) == 13 + 16 + 15
    b = state.boards[0]
    lay(state, 0, "b2", "wall", "/", damaged=True)
    lay(state, 0, "d2", "dragon")
    assert game.score(state, 0) == (2 + 2 + 2 + 2) + 1 + 3 + 16 + 15
    b.removed_traps.append("treasure")
    b.supply.remove("treasure")
    b.floors, b.houses = 1, 2
    assert game.score(state, 0) == 6 + 1 + 3 + 4 + 6


def test_max_rounds_cap_ends_a_basic_game(game):
    state = game.new(2, seed=5, max_rounds=2)
    rounds = 0
    while not state.over:
        state, _ = to_movement(state)
        state, _ = play(state, [f"P{s + 1} move-all" for s in game_seats(state)])
        rounds += 1
    assert rounds <= 2
    if state.ended == "cap":
        assert state.round == 2 and not any(state.eliminated)
        out = game.outcome(state)
        assert out.winners and R + "ruling.round_cap" in game.rules
    else:
        assert state.ended == "elimination"


def test_max_rounds_cap_after_one_round(game):
    state = game.new(3, seed=1, max_rounds=1)
    state, _ = to_movement(state)
    state, events = play(state, [f"P{s + 1} move-all" for s in game_seats(state)])
    assert state.over and state.ended == "cap" and state.round == 1
    # the last round's new skeletons were still drawn before the cap
    assert kinds(events).count("draw") == 3
    out = game.outcome(state)
    assert out.result == "victory" and set(out.winners) <= {0, 1, 2}
    assert events[-1].kind == "end"


# ---- solo --------------------------------------------------------------------------------------

def test_solo_everything_leaving_returns_to_your_own_cemetery(game):
    state = empty(1)
    lay(state, 0, "d2", "catapult")
    ids = [put(state, 0, "a2", "w"), put(state, 0, "e2", "e"), put(state, 0, "b1", "n"),
           put(state, 0, "d1", "s")]
    state, _ = to_movement(state, hero={0: "d4"})
    state, events = game.apply(state, "P1 move-all")
    sent = [e for e in events if e.kind == "sent"]
    assert len(sent) == 4 and all(e.data["to"] == 0 for e in sent)
    for sid in ids:
        assert place_of(state, sid) == ("board", 0, game.data.model_of(sid).spot)
    assert not state.over and state.round == 2


def test_solo_lose_when_the_tower_falls(game):
    state = empty(1, rounds=5)
    put(state, 0, "c2", "s")
    state, _ = to_movement(state, hero={0: "d4"})
    state, events = game.apply(state, "P1 move-all")
    out = game.outcome(state)
    assert state.over and out.result == "defeat" and out.winners == () and out.rule == R + "solo"
    assert "tower falls in round 1" in out.summary


def test_solo_lose_when_the_house_falls(game):
    state = empty(1)
    put(state, 0, "e5", "s")
    state, _ = to_movement(state, hero={0: "d4"})
    state, events = game.apply(state, "P1 move-all")
    out = game.outcome(state)
    assert state.over and out.result == "defeat" and "house falls" in out.summary


@pytest.mark.parametrize("rounds", [1, 2])
def test_solo_win_after_the_rounds(game, rounds):
    """The starting skeletons need three rounds to reach the tower or village."""
    state = game.new(1, seed=9, rounds=rounds)
    heroes = ["b2", "a1", "b2"]
    for rnd in range(rounds):
        assert not state.over and state.round == rnd + 1
        state, _ = to_movement(state, hero={0: heroes[rnd]})
        state, events = play(state, ["P1 move-all"] if not state.done[0] else [])
    assert state.over and state.ended == "rounds" and state.round == rounds
    out = game.outcome(state)
    assert out.result == "victory" and out.winners == (0,) and out.rule == R + "solo"
    assert f"after {rounds} round{'' if rounds == 1 else 's'}:" in out.summary


def test_solo_ten_rounds_by_default(game):
    state = empty(1)
    assert state.options["rounds"] == 10
    state.round = 9
    state, _ = to_movement(state)              # nothing on the board: the round ends at once
    assert not state.over and state.round == 10
    state, _ = to_movement(state)
    state, _ = game.apply(state, "P1 move-all")        # the new arrivals step onto the edges
    assert state.over and state.ended == "rounds" and state.round == 10
    out = game.outcome(state)
    assert out.result == "victory" and "after 10 rounds" in out.summary


def test_solo_heroic_no_new_skeletons_after_the_last_round(game):
    state = empty(1, rounds=1, heroic=True)
    # one skeleton the hero catches this round, one that walks around
    put(state, 0, "b2", "s")
    w = put(state, 0, "a1", "w", model="blue-left")
    state, _ = to_movement(state, hero={0: "b3"})
    bag = len(state.bag)
    state, events = game.apply(state, "P1 move-all")
    assert not state.over and state.round == 2
    assert "draw" not in kinds(events)          # no new skeletons after the last round
    assert len(state.bag) == bag + 1            # the one the hero destroyed
    assert place_of(state, w) == ("board", 0, "left-1")
    # round 2: it enters a1; the hero waits on a2; round 3 the hero steps onto it
    state, _ = to_movement(state, hero={0: "a2"})
    state, events = game.apply(state, "P1 move-all")
    assert not state.over and at(state, 0, w) == ("a1", "e") and "draw" not in kinds(events)
    state, events = to_movement(state, hero={0: "a1"})
    assert state.over and state.ended == "heroic"
    out = game.outcome(state)
    assert out.result == "heroic victory" and out.winners == (0,) and out.rule == R + "solo.heroic"


def test_solo_heroic_win_at_once_when_nothing_is_left(game):
    state = empty(1, rounds=1, heroic=True)
    state, events = to_movement(state)
    assert state.over and game.outcome(state).result == "heroic victory"
    assert "draw" not in kinds(events)


def test_solo_heroic_still_loses_when_the_tower_falls(game):
    state = empty(1, rounds=1, heroic=True)
    put(state, 0, "b3", "e")
    state, _ = to_movement(state, hero={0: "d4"})
    state, _ = game.apply(state, "P1 move-all")
    assert state.over and game.outcome(state).result == "defeat"


def test_solo_cap_before_the_last_round_is_not_a_victory(game):
    try:
        state = empty(1, rounds=5, max_rounds=2)
    except ValueError:
        return                                   # refusing the combination is a fix too
    for _ in range(2):
        state, _ = to_movement(state)
        if not state.over and state.phase == "move":
            state, _ = game.apply(state, "P1 move-all")
    assert state.over
    assert game.outcome(state).result != "victory"
