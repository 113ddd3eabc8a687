"""Bad Bones, the advanced version's weapon cards: the trigger (three at once, in the hero
phase and in the movement phase), optional use, own board only, no chaining, each weapon's
decisions and the kit's rulings, refusals with rule ids and the state untouched. Boards are
staged with the sandbox (``lab_state(weapon=...)``) or on empty boards, then driven through
``game.apply``."""
from __future__ import annotations

import pytest

from bonekit.core.errors import IllegalAction
from bonekit.games.bad_bones import Trap
from bonekit.games.bad_bones.board import other_side
from bonekit.games.bad_bones.sandbox import lab_state
from bonekit.games.bad_bones.weapons import WEAPONS
from test_bad_bones_rules import R, at, bb, conserved, empty, put


@pytest.fixture(scope="module")
def game():
    return bb()


def armed(weapon, players=1, crowd="b2", n=3, facing="s"):
    """An empty game whose P1 holds ``weapon``, with ``n`` skeletons on ``crowd`` (P1's board)."""
    state = empty(players)
    state.boards[0].weapon = weapon
    models = ("green-top", "red-left", "blue-right", "purple-top")[:n]
    ids = [put(state, 0, crowd, facing, model=m) for m in models]
    return state, ids


def step(game, state, *labels):
    """Apply ``labels`` in turn; returns the last state and all events."""
    events = []
    for label in labels:
        state, more = game.apply(state, label)
        events += more
    return state, events


def labels(game, state, seat=0):
    return [a.label for a in game.legal_actions(state, seat)]


def refused(game, state, label, rule):
    """``label`` is refused with ``rule`` and ``state`` is left as it was."""
    before = state.copy()
    with pytest.raises(IllegalAction) as err:
        game.apply(state, label)
    assert err.value.rule == rule
    assert state == before
    return err.value


def bag_has(state, ids):
    return all(i in state.bag for i in ids)


# ---- the trigger ---------------------------------------------------------------------------------
def test_three_at_once_offer_the_weapon_two_do_not(game):
    state, ids = armed("crossbow")
    put(state, 0, "e5", "n")
    state, events = step(game, state, "P1 hero b2")
    assert bag_has(state, ids) and state.phase == "hero"
    assert labels(game, state) == ["P1 weapon skip", "P1 weapon use"]
    assert "weapon_ready" in [e.kind for e in events]
    assert game.to_move(state) == (0,)
    two, _ = armed("crossbow", n=2)
    put(two, 0, "e5", "n")
    two, _ = step(game, two, "P1 hero b2")
    assert two.phase == "traps" and not two.pending[0]


def test_a_board_without_a_weapon_never_offers_one(game):
    state, _ = armed(None, n=4)
    state, events = step(game, state, "P1 hero b2")
    assert state.phase == "traps" and not any(state.pending)
    assert not [e for e in events if "weapon" in e.rule]


def test_skipping_is_allowed_and_the_weapon_comes_back_next_time(game):
    state, ids = armed("teleportation_wand")
    state, events = step(game, state, "P1 hero b2", "P1 weapon skip")
    assert state.phase == "traps" and state.boards[0].hero == "b2"
    assert [e.rule for e in events if e.kind == "weapon_skip"] == [R + "weapons"]
    state, _ = step(game, state, "P1 pass")   # nothing to move: the round ends
    assert state.phase == "hero" and state.round == 2
    # unlimited uses: a second crowd of three triggers it again
    state = game.copy_state(state)
    for m in ("green-top", "red-left", "blue-right"):
        put(state, 0, "a1", "e", model=m)
    state, _ = step(game, state, "P1 hero a1")
    assert labels(game, state) == ["P1 weapon skip", "P1 weapon use"]


def test_a_stack_walking_into_the_hero_triggers_it_in_the_movement_phase(game):
    state, ids = armed("teleportation_wand", crowd="b1", n=3, facing="s")
    state, _ = step(game, state, "P1 hero b2", "P1 pass")
    assert state.phase == "move"
    state, _ = step(game, state, "P1 move b1 s", "P1 move b1 s")
    assert not state.pending[0]                      # two of the stack so far: not yet
    state, events = step(game, state, "P1 move b1 s")
    assert bag_has(state, ids) and labels(game, state) == ["P1 weapon skip", "P1 weapon use"]
    state, _ = step(game, state, "P1 weapon use")
    assert state.boards[0].hero == "c3" and state.phase == "hero" and state.round == 2


def test_kills_of_different_stacks_do_not_add_up(game):
    """advanced.ruling.weapon_at_once: two skeletons from b1 and one from a2 walk into the hero on b2."""
    state, _ = armed("teleportation_wand", crowd="b1", n=2, facing="s")
    put(state, 0, "a2", "e", model="purple-top")
    state, _ = step(game, state, "P1 hero b2", "P1 pass", "P1 move-all")
    assert state.round == 2 and state.boards[0].hero == "b2" and not state.pending[0]
    assert not [s for s in state.boards[0].skeletons.values() if s.r >= 0 and 0 <= s.c < 5]
    assert R + "advanced.ruling.weapon_at_once" in game.rules


def test_move_all_keeps_the_weapon_for_later(game):
    """move-all answers every choice with its first option: "skip" for a weapon."""
    state, ids = armed("teleportation_wand", crowd="b1", n=3, facing="s")
    state, events = step(game, state, "P1 hero b2", "P1 pass", "P1 move-all")
    assert bag_has(state, ids) and state.round == 2 and state.boards[0].hero == "b2"
    assert [e.kind for e in events if "weapon" in e.kind] == ["weapon_ready", "weapon_skip"]


def test_the_weapon_never_chains(game):
    """The sword's second step kills three more: no new weapon decision."""
    state, ids = armed("two_handed_sword")
    more = [put(state, 0, "a1", "n", model=m) for m in ("yellow-top", "green-left", "red-right")]
    state, _ = step(game, state, "P1 hero b2", "P1 weapon use")
    assert "P1 hero a1" in labels(game, state)
    state, events = step(game, state, "P1 hero a1")
    assert bag_has(state, ids + more) and state.boards[0].hero == "a1"
    assert state.phase == "traps" and not state.pending[0]
    assert [e.kind for e in events if e.kind == "weapon_ready"] == []


def test_the_weapon_acts_on_the_own_board_only(game):
    state, _ = armed("crossbow", players=2)
    forest = put(state, 0, "top-a", "s", model="green-top")
    theirs = put(state, 1, "d4", "n")
    mine = put(state, 0, "e5", "n", model="yellow-top")
    state, _ = step(game, state, "P1 hero b2", "P2 hero d2", "P1 weapon use")
    offered = labels(game, state)
    assert offered == ["P1 shoot e5 yellow-top"]
    err = refused(game, state, "P1 shoot top-a green-top", R + "weapons")
    assert "not among the choices" in err.reason
    state, _ = step(game, state, "P1 shoot e5 yellow-top")
    assert mine in state.bag and forest in state.boards[0].skeletons and theirs in state.boards[1].skeletons


def test_refusals_name_the_weapon_s_rule_and_leave_the_state(game):
    state, _ = armed("ice_wand")
    put(state, 0, "d4", "n")
    state, _ = step(game, state, "P1 hero b2")
    refused(game, state, "P1 pass", R + "weapons")
    refused(game, state, "P1 hero c2", R + "weapons")
    state, _ = step(game, state, "P1 weapon use")
    err = refused(game, state, "P1 freeze a1", R + "weapons.ice_wand")
    assert "d4" in err.reason
    refused(game, state, "P1 weapon skip", R + "weapons.ice_wand")


# ---- each weapon ---------------------------------------------------------------------------------
def test_crossbow_shoots_one_skeleton_of_a_square(game):
    state, _ = armed("crossbow")
    a = put(state, 0, "d4", "n", model="yellow-top")
    b = put(state, 0, "d4", "n", model="green-left")
    state, _ = step(game, state, "P1 hero b2", "P1 weapon use")
    assert labels(game, state) == ["P1 shoot d4 green-left", "P1 shoot d4 yellow-top"]
    state, events = step(game, state, "P1 shoot d4 green-left")
    assert b in state.bag and a in state.boards[0].skeletons and conserved(state)
    assert events[0].rule == R + "weapons.crossbow"


def test_ice_wand_in_the_hero_phase_skips_this_round_and_thaws(game):
    state = lab_state(skeletons=[("b2", "s")] * 3 + [("d1", "s"), ("d1", "s")], weapon="ice_wand")
    frozen = sorted(s.id for s in state.boards[0].skeletons.values() if at(state, 0, s.id)[0] == "d1")
    state, _ = step(game, state, "P1 hero b2", "P1 weapon use")
    assert labels(game, state) == ["P1 freeze d1"]
    state, _ = step(game, state, "P1 freeze d1")
    token = state.token
    assert all(state.boards[0].skeletons[s].side == other_side(token) for s in frozen)   # shown flipped
    assert set(state.boards[0].frozen) == set(frozen)
    state, events = step(game, state, "P1 pass")
    assert state.round == 2 and all(at(state, 0, s) == ("d1", "s") for s in frozen)     # did not move
    assert state.boards[0].frozen == {} and "thaw" in [e.kind for e in events]
    state, _ = step(game, state, "P1 hero b3", "P1 pass", "P1 move-all")
    assert all(at(state, 0, s) == ("d2", "s") for s in frozen)                        # thawed: moves


def test_ice_wand_in_the_movement_phase_never_blocks_its_end(game):
    """advanced.ruling.frozen: a skeleton frozen after its move sits out the next round; one frozen
    before its move sits out the rest of this phase; neither keeps the phase from ending."""
    state, ids = armed("ice_wand", crowd="b1", n=3, facing="s")
    moved = put(state, 0, "a1", "s", model="yellow-top")     # moves first (canonical order)
    waiting = put(state, 0, "e1", "s", model="yellow-left")  # after the stack
    state, _ = step(game, state, "P1 hero b2", "P1 pass", "P1 move a1 s",
                    "P1 move b1 s", "P1 move b1 s", "P1 move b1 s", "P1 weapon use")
    assert at(state, 0, moved) == ("a2", "s") and "P1 freeze a2" in labels(game, state)
    state, _ = step(game, state, "P1 freeze a2")
    assert state.phase == "move" and game.to_move(state) == (0,)   # e1 still to move
    before = state.copy()
    state, _ = step(game, before, "P1 move e1 s")
    assert state.round == 2 and at(state, 0, moved) == ("a2", "s") and at(state, 0, waiting) == ("e2", "s")
    assert state.boards[0].skeletons[moved].side == other_side(state.token)   # flipped until it thaws
    state, _ = step(game, state, "P1 hero b3", "P1 pass", "P1 move-all")
    assert at(state, 0, moved) == ("a2", "s") and state.boards[0].frozen == {}   # sat out round 2
    state, _ = step(game, state, "P1 hero b2", "P1 pass", "P1 move-all")
    assert at(state, 0, moved) == ("a3", "s")                                    # thawed in round 3
    # frozen before it moved: it sits out the rest of the phase, which ends at once
    again, ids = armed("ice_wand", crowd="b1", n=3, facing="s")
    late = put(again, 0, "e1", "s", model="yellow-left")
    again, _ = step(game, again, "P1 hero b2", "P1 pass", "P1 move b1 s", "P1 move b1 s",
                    "P1 move b1 s", "P1 weapon use", "P1 freeze e1")
    assert again.round == 2 and at(again, 0, late) == ("e1", "s")
    again, _ = step(game, again, "P1 hero b3", "P1 pass", "P1 move-all")
    assert at(again, 0, late) == ("e2", "s")
    assert R + "advanced.ruling.frozen" in game.rules


def test_death_wand_sends_the_fallen_to_the_only_opponent(game):
    state, ids = armed("death_wand", players=2)
    state, events = step(game, state, "P2 hero d2", "P1 hero b2", "P1 weapon use")
    assert sorted(state.boards[1].cemetery) == sorted(ids) and not any(i in state.bag for i in ids)
    assert conserved(state) and R + "weapons.death_wand" in [e.rule for e in events]


def test_death_wand_asks_whom_at_a_bigger_table(game):
    state, ids = armed("death_wand", players=3)
    state, _ = step(game, state, "P2 hero d2", "P3 hero d2", "P1 hero b2", "P1 weapon use")
    assert labels(game, state) == ["P1 send p2", "P1 send p3"]
    refused(game, state, "P1 send p1", R + "weapons.death_wand")
    state, _ = step(game, state, "P1 send p3")
    assert sorted(state.boards[2].cemetery) == sorted(ids) and state.boards[1].cemetery == []


def test_death_wand_is_never_offered_in_the_solo_game(game):
    """advanced.ruling.solo_death_wand."""
    state, ids = armed("death_wand")
    state, _ = step(game, state, "P1 hero b2")
    assert state.phase == "traps" and bag_has(state, ids)
    assert R + "advanced.ruling.solo_death_wand" in game.rules


def test_teleportation_wand_puts_the_hero_on_the_tower(game):
    state = lab_state(skeletons=[("d4", "n")] * 3, hero="d3", weapon="teleportation_wand")
    state, events = step(game, state, "P1 hero d4", "P1 weapon use")
    assert state.boards[0].hero == "c3" and state.phase == "traps"
    assert "teleport" in [e.kind for e in events]


def test_two_handed_sword_steps_again_and_kills_there(game):
    state, _ = armed("two_handed_sword")
    lone = put(state, 0, "c2", "n", model="yellow-top")
    state, _ = step(game, state, "P1 hero b2", "P1 weapon use")
    around = ("a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3")
    assert set(labels(game, state)) == {f"P1 hero {sq}" for sq in around}
    state, _ = step(game, state, "P1 hero c2")
    assert state.boards[0].hero == "c2" and lone in state.bag and state.phase == "traps"


def test_battleaxe_strikes_one_symbol_on_the_four_orthogonal_neighbours(game):
    state, _ = armed("battleaxe")
    d = game.data
    red_n = put(state, 0, "b1", "s", model="red-top")
    red_e = put(state, 0, "c2", "s", model="red-left")
    blue_w = put(state, 0, "a2", "s", model="blue-right")
    red_diag = put(state, 0, "a1", "s", model="red-right")
    state, _ = step(game, state, "P1 hero b2", "P1 weapon use")
    assert sorted(labels(game, state)) == ["P1 symbol blue", "P1 symbol red"]   # the symbols beside him
    state, events = step(game, state, "P1 symbol red")
    assert red_n in state.bag and red_e in state.bag
    assert blue_w in state.boards[0].skeletons and red_diag in state.boards[0].skeletons
    assert d.model_of(blue_w).symbol == "blue" and events[0].rule == R + "weapons.battleaxe"


def test_morning_star_the_rulebook_example(game):
    """The hero kills three, which sets off his morning star; he sweeps the two skeletons beside
    him to another square beside him, neither flipped nor turned."""
    state, ids = armed("morning_star")
    pair = [put(state, 0, "b1", "w", model="yellow-top"), put(state, 0, "b1", "e", model="green-left")]
    state.boards[0].traps["a3"] = Trap("catapult")
    state.boards[0].supply.remove("catapult")
    state, _ = step(game, state, "P1 hero b2", "P1 weapon use")
    assert labels(game, state) == ["P1 lift b1"]
    state, _ = step(game, state, "P1 lift b1")
    drops = labels(game, state)
    # a trap-free square beside the hero: not the catapult's a3, not b1 itself; the tower (c3) is
    # no trap, so it is offered (what happens there: test_bad_bones_coop_fidelity)
    assert "P1 drop a3" not in drops and "P1 drop c3" in drops and "P1 drop b1" not in drops
    refused(game, state, "P1 drop a3", R + "weapons.morning_star")
    sides = {s: state.boards[0].skeletons[s].side for s in pair}
    state, _ = step(game, state, "P1 drop a1")
    assert [at(state, 0, s) for s in pair] == [("a1", "w"), ("a1", "e")]
    assert {s: state.boards[0].skeletons[s].side for s in pair} == sides and bag_has(state, ids)


def test_rapier_turns_each_skeleton_of_a_square_its_own_way(game):
    """advanced.ruling.rapier_each: one direction per skeleton, in token order."""
    state, _ = armed("rapier")
    a, b = sorted(put(state, 0, "c2", "s", model=m) for m in ("yellow-top", "green-left"))
    state, _ = step(game, state, "P1 hero b2", "P1 weapon use", "P1 point c2")
    assert labels(game, state) == ["P1 face n", "P1 face e", "P1 face s", "P1 face w"]
    refused(game, state, "P1 face up", R + "weapons.rapier")
    state, _ = step(game, state, "P1 face n")
    assert state.phase == "hero" and labels(game, state)[0] == "P1 face n"
    state, _ = step(game, state, "P1 face w")
    assert at(state, 0, a) == ("c2", "n") and at(state, 0, b) == ("c2", "w") and state.phase == "traps"


def test_every_weapon_has_its_rule_section(game):
    assert len(WEAPONS) == 8
    for w in WEAPONS:
        assert R + f"weapons.{w}" in game.rules
    with pytest.raises(ValueError, match="no weapon called"):
        lab_state(weapon="slingshot")


@pytest.mark.parametrize("weapon", WEAPONS)
def test_random_games_with_weapons_conserve_tokens_and_both_paths_agree(game, weapon):
    """Random bots take every weapon decision they are offered; the checked path (apply) and
    the simulation path (step_fast) reach the same state, and no token is lost."""
    from bonekit.core.bots import RandomBot
    start = game.new(3, "basic", seed=7)
    for seat, b in enumerate(start.boards):
        b.weapon = weapon
        for sq in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"):   # the hero's first step kills 3
            for _ in range(3):
                put(start, seat, sq, "n")
    bots = [RandomBot(s) for s in range(3)]
    state, fast, used = start, game.copy_state(start), 0
    while game.to_move(state):
        seat = game.to_move(state)[-1]
        action = bots[seat].choose(game, state, seat)
        used += action.args == ("use",) and action.verb == "weapon"
        state, _ = game.apply(state, action)
        game.step_fast(fast, action)
        assert fast == state
    assert conserved(state) and used > 0
