"""Bad Bones, the Skeleton Chiefs (rule sections bad_bones.chiefs.*): the 19 tokens as kit data,
the option in every version, each chief's power with its special cases and the kit's rulings,
and refusals with a rule id and the state untouched. Boards are staged on empty games (chiefs
put by hand), then driven through ``game.apply``; whole games are in
test_bad_bones_chiefs_games.py."""
from __future__ import annotations

from collections import Counter

import pytest

import bonekit
from bonekit.core.errors import IllegalAction
from bonekit.games.bad_bones import Skeleton, Trap
from bonekit.games.bad_bones.board import CHIEF_KINDS, coords, square

GAME = bonekit.load("bad_bones")
D = GAME.data
R = "bad_bones."


def chief(name: str) -> int:
    """The token of the chief called ``name`` ("instructor-1", "emperor")."""
    return next(c.token for c in D.chiefs if c.name == name)


def table(players=2, **options):
    """A game with the chiefs and no starting skeletons, in the hero phase."""
    variant = "solo" if players == 1 else "basic"
    return GAME.new(players, variant, seed=0, setup="empty", chiefs=True, **options)


def put(state, seat, sq, facing, token=None):
    """Stand ``token`` (default: the first ordinary skeleton in the bag) on ``sq``."""
    token = next(t for t in state.bag if t < D.tokens) if token is None else token
    state.bag.remove(token)
    r, c = coords(sq)
    state.boards[seat].skeletons[token] = Skeleton(token, D.model_of(token).name, r, c, facing, state.token)
    return token


def where(state, sid):
    """"bag", "out" (out of the game), ("cemetery", seat) or (seat, square, facing)."""
    if sid in state.bag:
        return "bag"
    for seat, b in enumerate(state.boards):
        if sid in b.exiled:
            return "out"
        if sid in b.cemetery:
            return ("cemetery", seat)
        if sid in b.skeletons:
            sk = b.skeletons[sid]
            return (seat, square(sk.r, sk.c), sk.facing)
    raise AssertionError(f"token {sid} is nowhere")


def play(state, *labels):
    events = []
    for label in labels:
        state, more = GAME.apply(state, label)
        events += more
    return state, events


def to_movement(state, heroes=None):
    """Hero steps (default: every hero to e1... a quiet corner) and passes, into the movement phase."""
    heroes = heroes or {}
    labels = []
    for seat in range(state.players):
        if state.boards[seat].hero is not None:
            labels.append(f"P{seat + 1} hero {heroes.get(seat, 'd2')}")
    labels += [f"P{seat + 1} pass" for seat in range(state.players)]
    return play(state, *labels)


def finish(state):
    """Every seat still owing a move in this movement phase moves all its skeletons."""
    events = []
    while state.phase == "move" and not state.over:
        seat = GAME.to_move(state)[0]
        state, more = GAME.apply(state, f"P{seat + 1} move-all")
        events += more
    return state, events


def conserved(state):
    ids = list(state.bag)
    for b in state.boards:
        ids += list(b.skeletons) + list(b.cemetery) + list(b.exiled)
    return sorted(ids) == list(range(D.all_tokens))


def refused(state, label, rule):
    before = state.copy()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, label)
    assert err.value.rule == rule, err.value
    assert state == before
    return err.value


def kinds(events):
    return [e.kind for e in events]


# ---- the tokens and the option -------------------------------------------------------------------
def test_nineteen_chiefs_three_of_each_kind_and_one_emperor():
    assert len(D.chiefs) == 19 and D.all_tokens == D.tokens + 19 == 199
    count = Counter(c.kind for c in D.chiefs)
    assert count == {k: (1 if k == "emperor" else 3) for k in CHIEF_KINDS}
    assert len({c.name for c in D.chiefs}) == 19
    assert [c.token for c in D.chiefs] == list(range(180, 199))
    for c in D.chiefs:
        assert D.chief(c.token) == c and D.model_of(c.token) == c.model and D.token_name(c.token) == c.name
        assert c.model in D.models
    for kind in CHIEF_KINDS[:-1]:   # kit design: one per forest, three different symbols
        mine = [c.model for c in D.chiefs if c.kind == kind]
        assert {m.forest for m in mine} == {"top", "left", "right"}
        assert len({m.symbol for m in mine}) == 3
    assert D.chief(179) is None and D.token_name(0) == D.model_of(0).name
    assert "kit" in D.raw["chiefs"]["source"] and "rulebook" in D.raw["chiefs"]["source"]


@pytest.mark.parametrize("players, variant, options", [(2, "basic", {}), (6, "basic", {}), (1, "solo", {}),
                                                      (1, "solo", {"advanced": True}), (3, "advanced", {})])
def test_the_chiefs_are_an_option_of_every_version(players, variant, options):
    plain = GAME.new(players, variant, seed=4, **options)
    with_chiefs = GAME.new(players, variant, seed=4, chiefs=True, **options)
    on_boards = sum(len(b.skeletons) for b in with_chiefs.boards)
    assert len(plain.bag) + 19 == len(with_chiefs.bag) == 199 - on_boards
    assert with_chiefs.options["chiefs"] is True and "chiefs" not in plain.options
    events = GAME.setup_events(with_chiefs)
    assert any(e.rule == R + "chiefs" for e in events)
    assert "with the chiefs" in GAME.text(with_chiefs) and "with the chiefs" not in GAME.text(plain)


def test_a_bad_chiefs_option_is_refused():
    with pytest.raises(ValueError, match="chiefs must be True or False"):
        GAME.new(2, chiefs="yes")
    assert GAME.new(2, chiefs=False).options.get("chiefs") is None


def test_chiefs_may_be_drawn_at_setup_and_a_necromancer_there_calls_nobody():
    seen = Counter()
    for seed in range(60):
        state = GAME.new(4, seed=seed, chiefs=True)
        for b in state.boards:
            assert len(b.skeletons) == 4   # ruling bad_bones.chiefs.ruling.setup
            assert sorted(D.model_of(t).symbol for t in b.skeletons) == sorted(D.setup_symbols)
            seen.update(D.chief(t).kind for t in b.skeletons if t >= D.tokens)
        assert conserved(state)
    assert sum(seen.values()) > 5 and seen["necromancer"] > 0
    assert R + "chiefs.ruling.setup" in GAME.rules


# ---- artificer, nice chief ------------------------------------------------------------------------
def test_the_artificer_takes_two_floors_or_two_houses():
    state = table()
    a1, a2 = chief("artificer-1"), chief("artificer-2")
    put(state, 0, "c2", "s", a1)
    put(state, 0, "b5", "s", a2)
    state, _ = to_movement(state, {0: "d4"})
    state, events = play(state, "P1 move c2 s", "P1 move b5 s")
    b = state.boards[0]
    assert (b.floors, b.houses) == (2, 3)
    assert where(state, a1) == where(state, a2) == "bag"
    assert [e.rule for e in events if e.kind in ("floor", "house")] == [R + "chiefs.artificer"] * 2
    assert "two floors" in events[0].text or any("two floors" in e.text for e in events)


def test_the_artificer_on_the_last_floor_leaves_none_and_the_game_ends():
    state = table()
    state.boards[0].floors = 1
    put(state, 0, "c2", "s", chief("artificer-3"))
    state, _ = to_movement(state, {0: "d4"})
    state, events = play(state, "P1 move c2 s")
    assert state.boards[0].floors == 0 and state.over and state.eliminated == [True, False]


def test_the_nice_chief_rebuilds_what_is_missing_and_otherwise_does_nothing():
    state = table()
    b = state.boards[0]
    b.floors, b.houses = 2, 5
    n1, n2 = chief("nice-1"), chief("nice-2")
    put(state, 0, "c2", "s", n1)
    put(state, 0, "b5", "s", n2)
    state, _ = to_movement(state, {0: "d4"})
    state, events = play(state, "P1 move c2 s", "P1 move b5 s")
    b = state.boards[0]
    assert (b.floors, b.houses) == (3, 5)     # a floor rebuilt; the village was whole
    assert where(state, n1) == where(state, n2) == "bag"
    texts = [e.text for e in events if e.rule == R + "chiefs.nice"]
    assert len(texts) == 2 and "rebuilds a floor" in texts[0] and "nothing to rebuild" in texts[1]


def test_the_nice_chief_never_builds_above_the_start():
    state = table(1)   # the solo tower has one floor
    put(state, 0, "c2", "s", chief("nice-3"))
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move c2 s")
    assert state.boards[0].floors == 1 == state.boards[0].tower_size


# ---- necromancer ----------------------------------------------------------------------------------
def test_each_necromancer_calls_three_more_and_it_adds_up():
    totals = Counter()
    necros = [chief(f"necromancer-{i}") for i in (1, 2, 3)]
    for seed in range(40):
        state = GAME.new(1, "solo", seed=seed, setup="empty", chiefs=True)
        ordinary = [t for t in state.bag if t < D.tokens][:6]
        state.bag = sorted(necros + ordinary)
        state, events = to_movement(state)   # no skeleton on the board: the round ends at once
        drawn = next(e for e in events if e.kind == "draw").data["drawn"]
        called = sum(1 for t in drawn if t in necros)
        assert len(drawn) == min(9, 3 + 3 * called)
        assert sorted(drawn) == sorted(state.boards[0].skeletons)
        calls = [e for e in events if e.kind == "necromancer"]
        assert bool(calls) == bool(called) and all(e.rule == R + "chiefs.necromancer" for e in calls)
        totals[len(drawn)] += 1
    assert totals[3] and totals[9] and set(totals) <= {3, 6, 9}


def test_a_necromancer_with_an_empty_bag_calls_what_is_left():
    state = GAME.new(1, "solo", seed=1, setup="empty", chiefs=True)
    state.bag = [chief("necromancer-1"), 0, 1, 2]
    state, events = to_movement(state)
    drawn = next(e for e in events if e.kind == "draw").data["drawn"]
    # either the necromancer came in the first three (and called the last token) or it stayed
    assert len(drawn) in (3, 4) and (len(drawn) == 4) == (chief("necromancer-1") in drawn)
    assert R + "chiefs.ruling.necromancer_bag" in GAME.rules


# ---- spectral -------------------------------------------------------------------------------------
def test_the_spectral_chief_cannot_die():
    state = table()
    s1, s2, s3 = (chief(f"spectral-{i}") for i in (1, 2, 3))
    put(state, 0, "d3", "w", s1)     # walks into the tower
    put(state, 0, "b2", "n", s2)     # the hero steps onto it
    put(state, 0, "a4", "e", s3)     # walks into the hero on b4 in the movement phase
    put(state, 1, "a1", "e")          # P2 keeps the phase open
    state, events = play(state, "P1 hero b2", "P2 hero d2")
    assert where(state, s2) == ("cemetery", 0) and "immortal" in kinds(events)
    state, _ = play(state, "P1 pass", "P2 pass")
    state.boards[0].hero = "b4"        # stand the hero where the third one walks
    state, events = play(state, "P1 move d3 w", "P1 move a4 e")
    assert state.boards[0].floors == 3                      # it still does its damage
    assert where(state, s1) == where(state, s3) == where(state, s2) == ("cemetery", 0)
    assert [e.rule for e in events if e.kind == "immortal"] == [R + "chiefs.spectral"]   # the hero's kill
    assert [e.rule for e in events if e.kind == "floor"] == [R + "chiefs.spectral"]
    state, _ = finish(state)            # then all three come back from the cemetery
    assert {where(state, t)[:2] for t in (s1, s2, s3)} == {(0, D.model_of(t).spot) for t in (s1, s2, s3)}


def test_a_bomb_or_spikes_send_the_spectral_chief_home_too():
    state = table()
    state.boards[0].traps["b3"] = Trap("bomb")
    sid = put(state, 0, "b2", "s", chief("spectral-1"))
    put(state, 1, "a1", "e")
    state, _ = to_movement(state, {0: "d4"})
    state, events = play(state, "P1 move b2 s")
    assert where(state, sid) == ("cemetery", 0) and state.boards[0].traps["b3"] == Trap("bomb")
    assert "immortal" in kinds(events)
    assert R + "chiefs.ruling.immortal" in GAME.rules


def test_a_catapulted_spectral_chief_is_immortal_on_the_board_it_reaches():
    state = table(3)
    state.boards[0].traps["b3"] = Trap("catapult")
    sid = put(state, 0, "b2", "s", chief("spectral-2"))
    put(state, 1, "a1", "e")
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b2 s", "P1 send p3")
    assert where(state, sid) == ("cemetery", 2)
    state, _ = finish(state)
    # it arrives on P3's forest spot; P3's hero kills it there later: it goes to P3's cemetery
    assert where(state, sid)[:2] == (2, D.model_of(sid).spot)
    board = state.boards[2]
    m = D.model_of(sid)
    board.skeletons[sid] = Skeleton(sid, m.name, 1, 2, "n", board.skeletons[sid].side)   # on c2
    state, _ = play(state, "P3 hero c2")
    assert where(state, sid) == ("cemetery", 2)


# ---- saboteur -------------------------------------------------------------------------------------
def test_the_saboteur_destroys_the_traps_he_triggered_and_goes_back_to_the_bag():
    state = table()
    b = state.boards[0]
    b.traps.update({"b3": Trap("wall", orientation="/"), "d2": Trap("labyrinth", orientation="white"),
                    "e3": Trap("bomb")})
    sab, other = chief("saboteur-1"), chief("saboteur-2")
    third = chief("saboteur-3")
    put(state, 0, "b2", "s", sab)        # ricochets off the wall on b3 to a3
    put(state, 0, "d1", "s", other)      # into the labyrinth, which cannot be destroyed otherwise
    put(state, 0, "e2", "s", third)      # onto the bomb
    idle = put(state, 0, "a1", "e")      # an ordinary skeleton passing by
    state, _ = to_movement(state, {0: "d4"})
    state, events = finish(state)
    b = state.boards[0]
    assert "b3" not in b.traps and "d2" not in b.traps
    assert b.traps["e3"] == Trap("bomb", damaged=True)      # the blast area stays
    assert Counter(b.removed_traps) >= Counter(["wall", "labyrinth"])
    assert where(state, sab) == where(state, other) == where(state, third) == "bag"
    assert where(state, idle)[0] == 0
    sabotage = [e for e in events if e.kind == "sabotaged"]
    assert sabotage and sabotage[0].rule == R + "chiefs.saboteur"
    assert b.sabotage == ()


def test_a_saboteur_that_triggers_nothing_stays_and_one_thrown_away_still_goes_to_the_bag():
    """The rulebook has the saboteur wreck what he set off and then go back to the bag, with no
    exception for one a catapult threw into another cemetery."""
    state = table()
    state.boards[0].traps["b3"] = Trap("catapult")
    calm, thrown = chief("saboteur-1"), chief("saboteur-2")
    put(state, 0, "d1", "e", calm)
    put(state, 0, "b2", "s", thrown)
    state, _ = to_movement(state, {0: "d4"})
    state, _ = finish(state)
    assert where(state, calm)[0] == 0 and where(state, thrown) == "bag"
    assert "b3" not in state.boards[0].traps and "catapult" in state.boards[0].removed_traps


def test_a_saboteur_riding_the_hearse_wrecks_it():
    state = table(3)
    state.boards[0].traps["b3"] = Trap("hearse")
    sab = put(state, 0, "b2", "s", chief("saboteur-3"))
    put(state, 1, "a1", "e")
    state, _ = to_movement(state, {0: "d4"})
    state, events = play(state, "P1 move b2 s", "P1 send p2")
    assert where(state, sab) == ("cemetery", 1)
    assert "hearse" not in state.boards[1].supply and "hearse" in state.boards[0].removed_traps
    assert any(e.rule == R + "chiefs.ruling.saboteur_hearse" for e in events)


# ---- emperor --------------------------------------------------------------------------------------
@pytest.mark.parametrize("start, facing", [("c2", "s"), ("a5", "s")])
def test_the_emperor_reaching_the_tower_or_village_loses_the_game(start, facing):
    state = table()
    emp = put(state, 0, start, facing, chief("emperor"))
    put(state, 1, "a1", "e")
    state, _ = to_movement(state, {0: "d4"})
    state, events = play(state, f"P1 move {start} {facing}")
    assert state.boards[0].overrun and not state.over         # the phase is played out first
    assert state.boards[0].floors == 4 and state.boards[0].houses == 5   # whatever their state
    state, events = play(state, "P2 move-all")
    out = GAME.outcome(state)
    assert state.over and state.eliminated == [True, False] and out.winners == (1,)
    assert any(e.kind == "eliminated" and e.rule == R + "chiefs.emperor" for e in events)
    assert where(state, emp) == "bag" and conserved(state)


def test_the_emperor_ends_a_solo_game_in_defeat():
    state = table(1)
    put(state, 0, "c2", "s", chief("emperor"))
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move c2 s")
    out = GAME.outcome(state)
    assert out.result == "defeat" and out.rule == R + "chiefs.emperor" and "Emperor" in out.summary


def test_slaying_the_emperor_costs_the_hero_and_the_board_plays_on_without_one():
    state = table()
    emp = put(state, 0, "b2", "s", chief("emperor"))
    walker = put(state, 0, "b1", "s")
    state, events = play(state, "P1 hero b2")
    assert where(state, emp) == "out" and state.boards[0].hero is None
    assert any(e.kind == "emperor_slain" and e.rule == R + "chiefs.emperor" for e in events)
    state, _ = play(state, "P2 hero d2", "P1 pass", "P2 pass")
    state, _ = play(state, "P1 move b1 s")    # it walks onto b2: no hero to stop it
    assert where(state, walker)[:2] == (0, "b2")
    assert state.phase == "hero" and GAME.to_move(state) == (1,) and GAME.legal_actions(state, 0) == []
    assert "the hero fell with the emperor" in GAME.text(state)
    state, _ = play(state, "P2 hero d3")
    assert state.phase == "traps"
    assert any(a.label == "P1 place wall b3 /" for a in GAME.legal_actions(state, 0))
    assert conserved(state)


def test_a_crossbow_that_shoots_the_emperor_takes_the_hero_too():
    state = table()
    state.boards[0].weapon = "crossbow"
    for _ in range(3):
        put(state, 0, "b2", "s")
    emp = put(state, 0, "e5", "n", chief("emperor"))
    state, _ = play(state, "P1 hero b2", "P1 weapon use", "P1 shoot e5 emperor")
    assert where(state, emp) == "out" and state.boards[0].hero is None
    assert R + "chiefs.ruling.hero_kills" in GAME.rules


# ---- instructor -----------------------------------------------------------------------------------
def unit_table(facings=("e", "n"), leader_facing="s", sq="b2", players=2, leader="instructor-1"):
    state = table(players)
    lead = put(state, 0, sq, leader_facing, chief(leader))
    others = [put(state, 0, sq, f) for f in facings]
    return state, lead, others


def test_a_unit_forms_with_everyone_still_on_the_square_when_the_instructor_moves():
    state, lead, others = unit_table()
    state, _ = to_movement(state, {0: "d4"})
    moves = [a.label for a in GAME.legal_actions(state, 0) if a.verb == "move"]
    assert moves == ["P1 move b2 e", "P1 move b2 n", "P1 move b2 s"]
    state, events = play(state, "P1 move b2 s")
    spots = {where(state, t) for t in [lead, *others]}
    assert len(spots) == 1 and next(iter(spots))[2] == where(state, lead)[2]
    assert state.boards[0].units == {lead: tuple(sorted(others))}
    assert events[0].kind == "unit" and events[0].rule == R + "chiefs.instructor"
    assert all(state.boards[0].skeletons[t].side == state.token for t in [lead, *others])


# The player orders the moves as they like, so a skeleton on an instructor's square may leave
# first and stay out of the unit; only those still there when the instructor moves join it.
def test_a_skeleton_moved_before_the_instructor_stays_out_of_its_unit():
    state, lead, (east, north) = unit_table()
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b2 e")
    assert where(state, east)[1] == "c2" and where(state, lead)[1] == "b2"
    assert [a.label for a in GAME.legal_actions(state, 0) if a.verb == "move" and a.args[0] == "b2"] == [
        "P1 move b2 n", "P1 move b2 s"]
    state, _ = play(state, "P1 move b2 s")
    assert state.boards[0].units == {lead: (north,)} and where(state, east)[1] == "c2"


def test_one_facing_the_instructor_s_way_leaves_first_by_saying_alone():
    state, lead, (same,) = unit_table(facings=("s",))
    state, _ = to_movement(state, {0: "d4"})
    assert [a.label for a in GAME.legal_actions(state, 0) if a.verb == "move"] == [
        "P1 move b2 s", "P1 move b2 s alone"]
    alone, _ = play(state, "P1 move b2 s alone")
    assert lead not in alone.boards[0].units and where(alone, lead)[1] == "b2"
    assert alone.boards[0].skeletons[lead].side != alone.token   # the instructor has still to move
    together, _ = play(state, "P1 move b2 s")
    assert together.boards[0].units == {lead: (same,)}


def test_a_unit_already_formed_cannot_be_left():
    state, lead, others = unit_table(sq="d1")
    state, _ = to_movement(state, {0: "b4"})
    state, _ = play(state, "P1 move d1 s")
    state, _ = finish(state)
    state, _ = to_movement(state, {0: "b3", 1: "d3"})
    sq = where(state, lead)[1]
    way = where(state, lead)[2]
    assert [a.label for a in GAME.legal_actions(state, 0) if a.verb == "move" and a.args[0] == sq] == [
        f"P1 move {sq} {way}"]
    err = refused(state, f"P1 move {sq} {way} alone", R + "chiefs.ruling.unit_join")
    assert f"'P1 move {sq} {way}'" in str(err)


def test_a_unit_flees_a_dragon_as_one():
    state, lead, others = unit_table()
    state.boards[0].traps["b3"] = Trap("dragon")
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b2 s")
    pending = state.pending[0]
    assert len(pending) == 1 and pending[0].skeleton == lead and pending[0].unit == tuple(sorted(others))
    state, _ = play(state, "P1 repel a3")
    assert {where(state, t) for t in [lead, *others]} == {(0, "a3", "w")}


def test_a_unit_bounces_off_a_wall_together():
    state, lead, others = unit_table()
    state.boards[0].traps["b3"] = Trap("wall", orientation="/")
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b2 s")
    assert {where(state, t) for t in [lead, *others]} == {(0, "a3", "w")}


def test_the_portal_sends_the_whole_unit_to_the_leader_s_spot_and_it_stays_one():
    state, lead, others = unit_table()
    state.boards[0].traps["b3"] = Trap("portal")
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b2 s")
    spot = D.model_of(lead).spot
    assert {where(state, t)[1] for t in [lead, *others]} == {spot}
    assert state.boards[0].units == {lead: tuple(sorted(others))}
    # next round: they enter together from the leader's spot
    state, _ = to_movement(state, {0: "d3", 1: "d3"})
    state, _ = play(state, f"P1 move {spot} {D.model_of(lead).facing}")
    assert len({where(state, t) for t in [lead, *others]}) == 1


def test_every_member_of_a_unit_does_its_own_damage_at_the_tower():
    state = table()
    lead = put(state, 0, "c2", "s", chief("instructor-1"))
    art = put(state, 0, "c2", "e", chief("artificer-1"))
    plain = put(state, 0, "c2", "w")
    state, _ = to_movement(state, {0: "d4"})
    state, events = play(state, "P1 move c2 s")
    assert state.boards[0].floors == 4 - 1 - 2 - 1 == 0
    assert all(where(state, t) == "bag" for t in (lead, art, plain))
    assert R + "chiefs.ruling.unit_traps" in GAME.rules


def test_a_unit_walking_into_the_hero_dies_together_and_sets_off_the_weapon():
    state, lead, others = unit_table(sq="b1")
    state.boards[0].weapon = "crossbow"
    put(state, 0, "e5", "n")
    state, _ = to_movement(state, {0: "b2"})
    state, _ = play(state, "P1 move b1 s")
    assert all(where(state, t) == "bag" for t in [lead, *others])
    assert state.pending[0] and state.pending[0][0].kind == "weapon"


def test_a_catapult_asks_once_for_the_whole_unit():
    state, lead, others = unit_table(players=3)
    state.boards[0].traps["b3"] = Trap("catapult")
    put(state, 1, "a1", "e")
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b2 s")
    assert len(state.pending[0]) == 1
    state, _ = play(state, "P1 send p3")
    assert {where(state, t) for t in [lead, *others]} == {("cemetery", 2)}
    state, _ = finish(state)   # the unit breaks up in the cemetery: each to its own spot
    unit = [lead, *others]
    assert {where(state, t)[:2] for t in unit} == {(2, D.model_of(t).spot) for t in unit}
    assert state.boards[2].units == {}


def test_two_instructors_the_move_names_the_leader():
    state = table()
    first = put(state, 0, "b2", "s", chief("instructor-1"))
    second = put(state, 0, "b2", "e", chief("instructor-2"))
    plain = put(state, 0, "b2", "n")
    state, _ = to_movement(state, {0: "d4"})
    assert [a.label for a in GAME.legal_actions(state, 0) if a.verb == "move"] == [
        "P1 move b2 e instructor-2", "P1 move b2 n", "P1 move b2 s instructor-1"]
    state, _ = play(state, "P1 move b2 e instructor-2")
    assert state.boards[0].units == {second: tuple(sorted([first, plain]))}
    assert len({where(state, t) for t in (first, second, plain)}) == 1 and where(state, second)[1] == "c2"


# Two instructors on one square: the player chooses which leads, every time, even when both
# face the same way (the rulebook leaves the kit no pick of its own).
def twin_instructors():
    state = table()
    first = put(state, 0, "b2", "s", chief("instructor-1"))
    second = put(state, 0, "b2", "s", chief("instructor-2"))
    plain = put(state, 0, "b2", "e")
    state, _ = to_movement(state, {0: "d4"})
    return state, first, second, plain


def test_two_instructors_facing_the_same_way_the_player_still_chooses():
    state, first, second, plain = twin_instructors()
    assert [a.label for a in GAME.legal_actions(state, 0) if a.verb == "move"] == [
        "P1 move b2 e", "P1 move b2 s instructor-1", "P1 move b2 s instructor-2"]
    for pick, other in ((first, second), (second, first)):
        after, events = play(state, f"P1 move b2 s {D.chiefs[pick - D.tokens].name}")
        assert after.boards[0].units == {pick: tuple(sorted([other, plain]))}
        assert len({where(after, t) for t in (first, second, plain)}) == 1   # one unit, on b3
        assert where(after, pick)[1] == "b3"
        assert events[0].kind == "unit" and events[0].data["skeleton"] == pick


def test_two_instructors_a_move_that_names_no_leader_is_refused_with_the_choices():
    state, *_ = twin_instructors()
    for label in ("P1 move b2 s", "P1 move b2 s instructor-3"):
        err = refused(state, label, R + "chiefs.instructor")
        assert "P1 move b2 s instructor-1" in str(err) and "P1 move b2 s instructor-2" in str(err)


def test_a_leader_named_where_there_is_no_choice_is_refused():
    state, lead, others = unit_table()
    state, _ = to_movement(state, {0: "d4"})
    err = refused(state, "P1 move b2 s instructor-1", R + "chiefs.ruling.unit_leader")
    assert "'P1 move b2 s'" in str(err)


def test_the_chosen_leader_leads_from_then_on():
    state, first, second, plain = twin_instructors()
    state, _ = play(state, "P1 move b2 s instructor-2")
    state, _ = finish(state)   # the next round: the unit still stands together on b3
    state, _ = to_movement(state, {0: "d3", 1: "d3"})
    way = where(state, second)[2]   # the unit's facing after b3's arrow
    here = [a.label for a in GAME.legal_actions(state, 0) if a.verb == "move" and a.args[0] == "b3"]
    assert here == [f"P1 move b3 {way} instructor-1", f"P1 move b3 {way} instructor-2"]   # asked again
    state, _ = play(state, f"P1 move b3 {way} instructor-1")
    assert set(state.boards[0].units) == {first}


def test_skeletons_that_already_moved_are_not_pulled_along():
    state = table()
    lead = put(state, 0, "b3", "e", chief("instructor-2"))
    early = put(state, 0, "b2", "s")      # moves first, onto the instructor's square
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b2 s")
    assert where(state, early)[1] == "b3"
    state, _ = play(state, "P1 move b3 e")
    assert where(state, early)[1] == "b3" and where(state, lead)[1] != "b3"
    assert lead not in state.boards[0].units


def test_shooting_the_leader_frees_the_unit():
    state, lead, others = unit_table(sq="d4")
    state, _ = to_movement(state, {0: "b2"})
    state, _ = play(state, "P1 move d4 s")
    assert state.boards[0].units
    board = state.boards[0]
    board.weapon = "crossbow"
    for _ in range(3):
        put(state, 0, "a2", "e")
    square_ = where(state, lead)[1]
    state, events = play(state, "P1 hero a2", "P1 weapon use", f"P1 shoot {square_} instructor-1")
    assert where(state, lead) == "bag" and state.boards[0].units == {}
    assert any(e.kind == "unit_free" for e in events)
    assert all(where(state, t)[1] == square_ for t in others)


def test_a_dragon_landing_on_a_unit_scatters_it_as_one():
    state, lead, others = unit_table(sq="d1")
    state, _ = to_movement(state, {0: "b4"})
    state, _ = play(state, "P1 move d1 s")
    sq = where(state, lead)[1]
    state, _ = play(state, "P1 hero a4", "P2 hero d3", f"P1 place dragon {sq}")
    assert len(state.pending[0]) == 1 and state.pending[0][0].unit == tuple(sorted(others))
    to = GAME.legal_actions(state, 0)[0].label
    state, _ = play(state, to)
    assert len({where(state, t) for t in [lead, *others]}) == 1 and not state.pending[0]


def test_the_rapier_turns_a_unit_one_way():
    state, lead, others = unit_table(sq="b1")
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b1 s")
    sq = where(state, lead)[1]                        # b2
    board = state.boards[0]
    board.weapon = "rapier"
    for _ in range(3):
        put(state, 0, "c1", "e")
    board.hero = "d1"
    state, _ = play(state, "P1 hero c1")
    assert state.boards[0].hero == "c1"
    state, _ = play(state, "P1 weapon use", f"P1 point {sq}")
    faces = [p for p in state.pending[0] if p.kind == "weapon"]
    assert len(faces) == 1 and faces[0].skeleton == lead
    state, _ = play(state, "P1 face w")
    assert {where(state, t)[2] for t in [lead, *others]} == {"w"}


def test_every_chief_rule_and_ruling_is_in_the_catalog():
    ids = [R + "chiefs"] + [R + f"chiefs.{k}" for k in CHIEF_KINDS]
    ids += [R + f"chiefs.ruling.{r}" for r in ("setup", "necromancer_bag", "nice_full", "immortal",
                                                 "hero_kills", "no_hero", "emperor_end", "travel",
                                                 "unit_join",
                                                 "unit_leader", "unit_traps", "unit_weapons", "unit_break",
                                                 "saboteur_fate", "saboteur_hearse")]
    for rule_id in ids:
        assert rule_id in GAME.rules, rule_id


# ---- issue 19, bugs 1 and 2 ---------------------------------------------------------------------
def test_a_saboteur_on_an_unguarded_treasure_steals_it():
    """The chiefs follow the rules of ordinary skeletons save for their powers; a skeleton left on
    the treasure with no hero there steals it. The saboteur's power does not undo the theft."""
    state = table()
    state.boards[0].traps["b3"] = Trap("treasure")
    sab = put(state, 0, "b2", "s", chief("saboteur-1"))
    state, _ = to_movement(state, {0: "d4"})
    state, events = finish(state)
    b = state.boards[0]
    assert "b3" not in b.traps and "treasure" in b.removed_traps
    assert where(state, sab) == "bag"
    assert "stolen" in kinds(events) or any("stolen" in e.text for e in events)


def test_a_bomb_placed_on_a_spectral_chief_sends_it_to_the_cemetery():
    """The Spectral Chief is immortal: a bomb going off at once on its square sends it to the
    cemetery like any other kill, never to the bag."""
    state = table()
    state.boards[0].supply = [*state.boards[0].supply, "bomb"]
    sid = put(state, 0, "b2", "s", chief("spectral-1"))
    plain = put(state, 0, "b2", "s")
    state, events = play(state, "P1 hero d4", "P2 hero d2", "P1 place bomb b2")
    assert where(state, sid) == ("cemetery", 0)
    assert where(state, plain) == "bag"
    assert state.boards[0].traps["b2"] == Trap("bomb", True)
    assert conserved(state)


def test_guard_bot_chooses_the_leader_that_keeps_the_unit_off_the_tower():
    from bonekit.games.bad_bones import GuardBot
    state = table()
    put(state, 0, "c4", "n", chief("instructor-1"))   # its way leads the unit into the tower (c3)
    put(state, 0, "c4", "w", chief("instructor-2"))
    put(state, 0, "c4", "e")
    state, _ = to_movement(state, {0: "d2"})
    assert D.tower == "c3"
    named = [a.label for a in GAME.legal_actions(state, 0) if len(a.args) == 3]
    assert named == ["P1 move c4 n instructor-1", "P1 move c4 w instructor-2"]   # the tower's first
    choice = GuardBot(0).choose(GAME, state, 0)
    assert choice.label == "P1 move c4 w instructor-2"


def test_move_all_takes_the_first_leader_offered_even_over_the_one_leading():
    state, first, second, plain = twin_instructors()
    state, _ = play(state, "P1 move b2 s instructor-2")
    state, _ = finish(state)
    state, _ = to_movement(state, {0: "d3", 1: "d3"})
    assert set(state.boards[0].units) == {second}
    offered = next(a for a in GAME.legal_actions(state, 0) if a.verb == "move" and len(a.args) == 3)
    after, _ = play(state, "P1 move-all")
    assert offered.args[2] == "instructor-1" and first in after.boards[0].units
    assert second not in after.boards[0].units


def test_a_unit_leaving_by_the_top_forest_may_split_between_cemeteries():
    # skeletons leaving through the top together may each go to a different opponent; a forest
    # is no trap, so a unit is no exception
    state, lead, others = unit_table(leader_facing="n", sq="b1", players=3)
    state, _ = to_movement(state, {0: "d4"})
    state, _ = play(state, "P1 move b1 n")
    assert [p.skeleton for p in state.pending[0]] == [lead, *sorted(others)]
    state, _ = play(state, "P1 send p2", "P1 send p3", "P1 send p2")
    # the phase is over: each arrived on the board it was sent to (or waits in its cemetery)
    spots = [where(state, t) for t in (lead, *sorted(others))]
    boards = [w[1] if w[0] == "cemetery" else w[0] for w in spots]
    assert boards == [1, 2, 1]
