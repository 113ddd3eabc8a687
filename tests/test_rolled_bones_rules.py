"""Rolled Bones, rule by rule: each rule, power and ruling of the catalog on a small table
staged for it (``scenarios.empty_table`` / ``place`` / ``script``), the Bones rolls scripted so
every battle's numbers are known; and the rulebook's worked example, number by number."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bonekit
from bonekit import IllegalAction, RandomBot, play_out
from bonekit.games.rolled_bones import scenarios
from bonekit.games.rolled_bones.battle import total_parts
from bonekit.games.rolled_bones.dice import doors, unit, value
from bonekit.games.rolled_bones.scenarios import empty_table, place, script

GAME = bonekit.load("rolled_bones")
R = "rolled_bones."
ENGINE = Path(bonekit.__file__).parent / "games" / "rolled_bones"


# ---- helpers -------------------------------------------------------------------------------------
def d(i: int) -> str:
    """A die's label argument."""
    return f"d{i + 1}"


def play(s, *labels):
    """Apply ``labels`` in turn; the last state and every event on the way."""
    events = []
    for label in labels:
        s, evs = GAME.apply(s, label)
        events += evs
    return s, events


def labels(s) -> set[str]:
    return {a.label for seat in GAME.to_move(s) for a in GAME.legal_actions(s, seat)}


def refused(s, label: str, rule: str) -> str:
    """``label`` is refused on ``s`` with ``rule``, and ``s`` is left as it was; the reason."""
    before = s.copy()
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, label)
    assert e.value.rule == R + rule, e.value
    assert s == before
    return e.value.reason


def bones(s, **rolls: list[int]) -> None:
    """Script the Bones rolls each seat makes next."""
    script(s, **{who: {"bones": r} for who, r in rolls.items()})


def used_up(s) -> None:
    """Every scripted roll was used (so the battle rolled exactly what the test says)."""
    assert all(not left for parts in s.script.values() for left in parts.values()), s.script


def of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def quiet_turn(s, seat: int):
    """Fill ``seat``'s rack with base dice (draw takes nothing), script a Bones roll of 1 and
    play the turn out: draw, roll (a base die joins the base), next."""
    rack = s.racks[seat]
    for i in [i for i in s.bags[seat] if GAME.kind(s, i) == "base"][: 6 - len(rack)]:
        place(s, seat, s.codes[i], 1, "rack")
    bones(s, **{f"P{seat + 1}": [1]})
    return play(s, f"P{seat + 1} draw", f"P{seat + 1} roll", f"P{seat + 1} next")


def duel(att, dfn, p1, p2, verb="attack"):
    """P1's ``att`` (code, face) and P2's ``dfn`` in the arena; the first attacks the second
    with the Bones scripted. Returns the state after, its events, and the two dice."""
    s = empty_table(bags=["keep", "keep"])
    a, t = place(s, 0, *att, "arena"), place(s, 1, *dfn, "arena")
    bones(s, P1=p1, P2=p2)
    after, events = play(s, f"P1 {verb} {d(a)} {d(t)}")
    used_up(after)
    return after, events, a, t


def totals(events) -> tuple[int, int]:
    e = (of(events, "battle") or of(events, "damage"))[-1]
    return e.data["attack"], e.data["defence"]


# ---- the staging helpers themselves -------------------------------------------------------------------
def test_staging_places_dice_where_it_is_told():
    s = empty_table(bags=["keep", "raid"])
    assert sum(map(len, s.bags)) == len(s.codes) and not any(s.racks) and not any(s.bases)
    wall, goblin = place(s, 0, "B0001", 6, "base"), place(s, 0, "C0001", 3, "arena")
    guard, magic = place(s, 0, "C0003", 2, wall), place(s, 1, "M0002", 3, goblin)
    assert s.bases[0] == [wall] and s.area[goblin] == "arena" and s.on[guard] == wall
    assert s.area[magic] == "arena" and value(s, goblin) == 4 - 2
    assert wall not in s.bags[0] and magic not in s.bags[1]
    with pytest.raises(ValueError, match="no more C0004"):
        place(s, 0, "C0004", 1, "arena")  # the keep bag has no bats


# ---- the turn's first steps ---------------------------------------------------------------------------
def test_base_dice_go_from_rack_to_base_only_before_drawing_then_the_rack_is_refilled_and_rolled():
    s = empty_table(phase="build")
    wall, goblin = place(s, 0, "B0001", 2, "rack"), place(s, 0, "C0001", 3, "rack")
    late_wall = place(s, 0, "B0003", 4, "rack")
    assert {label for label in labels(s) if " build " in label} == {"P1 build r1", "P1 build r3"}
    refused(s, "P1 build r2", "turn.build")  # a goblin is no base die
    s, events = play(s, "P1 build r1", "P1 draw")
    assert s.bases[0] == [wall] and s.racks[0][:2] == [goblin, late_wall] and len(s.racks[0]) == 6
    assert [e.data["die"] for e in of(events, "roll")] == s.racks[0][2:]
    assert all(1 <= s.face[i] <= 6 for i in s.racks[0]) and s.face[late_wall] == 4  # kept its face
    assert "only at the start of the turn" in refused(s, "P1 build r2", "turn.build")
    refused(s, "P1 draw", "turn.build")


def test_the_rack_is_arranged_before_the_roll_only_and_an_empty_place_is_rolled_again():
    s = empty_table(phase="arrange")
    first, second = place(s, 0, "C0001", 3, "rack"), place(s, 0, "C0003", 2, "rack")
    s, _ = play(s, *["P1 swap r1 r2"] * 5)
    assert s.racks[0] == [second, first] and "P1 swap r1 r2" not in labels(s)  # five swaps a turn
    refused(s, "P1 swap r1 r2", "turn.arrange")
    bones(s, P1=[5, 2])
    s, events = play(s, "P1 roll")
    assert [e.data["roll"] for e in of(events, "bones")] == [5, 2] and of(events, "reroll")
    assert s.entering == first and s.racks[0] == [second]
    s, _ = play(s, "P1 enter arena")
    refused(s, "P1 swap r1 r2", "turn.bones_roll")  # the order is fixed from the roll on
    refused(s, "P1 roll", "turn.bones_roll")


def test_a_base_die_the_roll_picks_joins_the_base_at_once():
    s = empty_table(phase="arrange")
    old = place(s, 0, "B0001", 1, "base")
    new = place(s, 0, "B0002", 2, "rack")
    bones(s, P1=[1])
    s, events = play(s, "P1 roll")
    assert s.bases[0] == [old, new] and s.phase == "act" and not s.queue and of(events, "build")


# ---- areas and doors ---------------------------------------------------------------------------------
def test_the_front_door_is_leftmost_the_back_door_furthest_and_one_die_is_both():
    s = empty_table()
    front = place(s, 0, "B0001", 1, "base")
    assert doors(s, 0) == (front,)
    place(s, 0, "B0003", 1, "base")
    back = place(s, 0, "B0002", 2, "base")
    assert doors(s, 0) == (front, back)
    assert f"front door {d(front)}, back door {d(back)}" in GAME.text(s)


def test_a_single_base_die_is_both_doors_so_its_guard_may_leave():
    s = empty_table(phase="arrange")
    only = place(s, 0, "B0001", 1, "base")
    guard = place(s, 0, "C0003", 2, only)
    place(s, 0, "C0001", 3, "rack")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll", "P1 enter arena")
    s, _ = play(s, f"P1 move {d(guard)} arena")
    assert s.area[guard] == "arena" and s.on[guard] == -1


def test_leaving_the_base_needs_a_door_stood_on_at_the_bones_roll_unless_flying():
    s = empty_table(phase="arrange", bags=["raid", "raid"])
    front, middle, back = (place(s, 0, "B0001", 1, "base") for _ in range(3))
    on_front = place(s, 0, "C0001", 3, front)
    on_middle = place(s, 0, "C0003", 2, middle)
    bat = place(s, 0, "C0004", 1, "base")  # flying, off the base dice
    archer = place(s, 0, "C0002", 2, "base")
    place(s, 0, "C0002", 3, "rack")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll", "P1 enter arena")
    moves = {label for label in labels(s) if " move " in label}
    assert moves == {f"P1 move {d(on_front)} arena", f"P1 move {d(bat)} arena"}
    assert "door it stood on" in refused(s, f"P1 move {d(on_middle)} arena", "areas.doors")
    # stepping onto a door after the roll: the exit waits for the next turn
    s, _ = play(s, f"P1 step {d(archer)} {d(back)}")
    refused(s, f"P1 move {d(archer)} arena", "areas.doors")
    # a die that stood on a door at the roll leaves only while it stands on one
    stepped_off, _ = play(s, f"P1 step {d(on_front)} yard")
    refused(stepped_off, f"P1 move {d(on_front)} arena", "areas.doors")
    s, events = play(s, f"P1 move {d(on_front)} arena", f"P1 move {d(bat)} arena")
    assert s.area[on_front] == s.area[bat] == "arena" and s.on[on_front] == -1
    assert "(through a door)" in of(events, "move")[0].text


def test_steps_within_the_base_are_free_as_often_as_wished():
    s = empty_table()
    w1, w2 = place(s, 0, "B0001", 1, "base"), place(s, 0, "B0001", 1, "base")
    knight = place(s, 0, "C0003", 2, "base")
    other = place(s, 0, "C0001", 3, w1)
    target = place(s, 1, "C0002", 2, "arena")
    assert f"P1 step {d(knight)} {d(w1)}" not in labels(s)  # one guard per base die
    refused(s, f"P1 step {d(knight)} {d(w1)}", "stacking")
    s, events = play(s, f"P1 step {d(knight)} {d(w2)}")
    assert s.on[knight] == w2 and "onto" in of(events, "step")[0].text
    # moving within an area costs nothing: it may step again, and still attack
    s, _ = play(s, f"P1 step {d(knight)} yard", f"P1 step {d(knight)} {d(w2)}")
    assert s.on[knight] == w2
    assert f"P1 attack {d(knight)} {d(target)}" in labels(s)  # the steps cost no action
    assert f"P1 step {d(other)} yard" in labels(s)


def test_base_dice_never_move_nor_act():
    s = empty_table()
    wall = place(s, 0, "B0001", 1, "base")
    target = place(s, 1, "C0002", 2, "arena")
    assert "never move" in refused(s, f"P1 move {d(wall)} arena", "dice.base")
    refused(s, f"P1 attack {d(wall)} {d(target)}", "dice.base")
    refused(s, f"P1 step {d(wall)} yard", "dice.base")
    assert not any(label.split()[2:3] == [d(wall)] for label in labels(s))


def test_attacks_reach_the_same_area_or_the_next_and_base_dice_only_from_the_arena():
    s = empty_table(bags=["raid", "raid"])
    place(s, 0, "B0001", 1, "base")
    mine_in_base = place(s, 0, "C0001", 3, "base")
    bat = place(s, 0, "C0004", 1, "base")
    their_door = place(s, 1, "B0001", 1, "base")
    their_guard = place(s, 1, "C0003", 2, their_door)
    in_arena = place(s, 1, "C0002", 2, "arena")
    assert f"P1 attack {d(mine_in_base)} {d(in_arena)}" in labels(s)  # the base touches the arena
    assert "out of reach" in refused(s, f"P1 attack {d(mine_in_base)} {d(their_guard)}", "areas.adjacent")
    assert f"P1 attack {d(bat)} {d(their_guard)}" in labels(s)  # flying reaches any area
    refused(s, f"P1 attack {d(bat)} {d(their_door)}", "areas.arena")  # ...but not base dice


# ---- actions ------------------------------------------------------------------------------------------
def test_one_action_a_creature_but_charge_moves_then_attacks():
    s = empty_table(phase="arrange", bags=["keep", "raid"])
    front, back = place(s, 0, "B0001", 1, "base"), place(s, 0, "B0001", 1, "base")
    knight = place(s, 0, "C0003", 5, front)  # charge
    goblin = place(s, 0, "C0001", 3, back)
    place(s, 0, "C0002", 2, "rack")
    golem_like = place(s, 1, "C0003", 3, "arena")  # 4
    bat = place(s, 1, "C0004", 1, "arena")
    bones(s, P1=[1, 6], P2=[1])
    s, _ = play(s, "P1 roll", "P1 enter arena", f"P1 move {d(knight)} arena", f"P1 move {d(goblin)} arena")
    assert f"P1 attack {d(knight)} {d(golem_like)}" in labels(s)
    assert "already acted" in refused(s, f"P1 attack {d(goblin)} {d(bat)}", "turn.actions")
    s, _ = play(s, f"P1 attack {d(knight)} {d(golem_like)}")
    assert s.area[golem_like] == "bag"
    refused(s, f"P1 attack {d(knight)} {d(bat)}", "turn.actions")
    refused(s, f"P1 move {d(knight)} base", "turn.actions")


def test_a_second_attack_by_one_creature_is_refused():
    s, _, goblin, _ = duel(("C0003", 6), ("C0001", 1), [6], [1])
    bat = place(s, 1, "C0001", 1, "arena")
    assert "already acted" in refused(s, f"P1 attack {d(goblin)} {d(bat)}", "turn.actions")


def test_coming_in_is_the_die_s_action_in_the_base_game():
    s = empty_table(phase="arrange")
    target = place(s, 1, "C0002", 2, "arena")
    newcomer = place(s, 0, "C0001", 3, "rack")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll")
    assert labels(s) >= {"P1 enter arena", "P1 enter base"}
    s, _ = play(s, "P1 enter arena")
    assert s.area[newcomer] == "arena"
    refused(s, f"P1 attack {d(newcomer)} {d(target)}", "turn.actions")


def test_in_the_arena_game_the_leftmost_die_plays_with_a_free_move_that_may_attack():
    faces = {"faces": [3, 2, 2, 1, 2, 1, 6]}
    s = GAME.new(2, "arena", seed=0, first="P1", script={"P1": faces, "P2": {"faces": [3, 2, 2, 1, 2, 1]}})
    goblin1, goblin2 = 0, 6  # each rack starts Goblin, Archer, Knight, Bat, Golem, Contortion
    assert s.area[goblin1] == "arena" and s.racks[0] == [1, 2, 3, 4, 5]
    assert f"P1 attack {d(goblin1)} {d(goblin2)}" not in labels(s)  # P2's goblin is still in the rack
    bones(s, P2=[5], P1=[1])
    s, events = play(s, "P1 next")
    assert s.area[goblin2] == "arena" and "may attack" in of(events, "enter")[0].text
    s, events = play(s, f"P2 attack {d(goblin2)} {d(goblin1)}")
    used_up(s)
    # the fallen goblin is re-rolled onto the right end of its rack; a kill for the attacker
    assert s.racks[0] == [1, 2, 3, 4, 5, goblin1] and s.face[goblin1] == 6
    assert of(events, "roll")[0].rule == R + "arena.destroyed"
    assert s.kills == [0, 1]


def test_arena_kills_go_to_attackers_only_a_tie_credits_the_attacker_and_six_win():
    def arena(p1, p2, kills=(0, 0)):
        s = empty_table(variant="arena")
        s.kills = list(kills)
        a, t = place(s, 0, "C0001", 3, "arena"), place(s, 1, "C0001", 4, "arena")
        for seat in (0, 1):
            for i in list(s.bags[seat]):
                place(s, seat, s.codes[i], 1, "rack")
        bones(s, P1=p1, P2=p2)
        script(s, P1={"faces": [2]}, P2={"faces": [2]})
        s = play(s, f"P1 attack {d(a)} {d(t)}")[0]
        if s.queue and s.queue[0][0] == "flash":  # the arena's defender may flash too: he passes
            s = play(s, "P2 pass")[0]
        return s

    assert arena([1], [6]).kills == [0, 0]  # the defender won: no kill for a defender
    tie = arena([3], [3])
    assert tie.kills == [1, 0] and len(tie.racks[0]) == len(tie.racks[1]) == 6
    won = arena([6], [1], kills=(5, 0))
    assert won.phase == "over" and won.winner == 0 and won.ended == R + "arena.win"
    assert GAME.outcome(won).titles == {0: "Champion of the Arena"}


# ---- battles ------------------------------------------------------------------------------------------
def test_hand_to_hand_the_higher_total_wins_and_the_loser_goes_back():
    s, events, goblin, knight = duel(("C0001", 3), ("C0003", 2), [3], [2])  # 3+4=7 against 2+3=5
    assert totals(events) == (7, 5) and s.area[goblin] == "arena"
    assert knight in s.bags[1] and s.face[knight] == 0
    s, events, goblin, knight = duel(("C0001", 3), ("C0003", 2), [1], [4])  # 5 against 7
    assert s.area[knight] == "arena" and goblin in s.bags[0]


@pytest.mark.parametrize(
    "att, dfn, p1, p2, attacker_falls, defender_falls",
    [
        (("C0001", 3), ("C0005", 2), 3, 3, True, True),  # 4 + 3 against 4 + 3: both fall
        (("C0001", 6), ("C0005", 4), 2, 2, False, True),  # the attacker's first strike wins
        (("C0001", 3), ("C0002", 4), 2, 2, True, False),  # the defender's first strike wins
        (("C0003", 4), ("C0001", 6), 1, 1, True, True),  # first strike on both sides: both fall
        (("C0001", 3), ("C0005", 5), 3, 2, True, False),  # unyielding: 4 + 3 against 5 + 2
        (("C0001", 6), ("C0005", 5), 1, 1, True, False),  # unyielding overrules first strike
        (("C0005", 5), ("C0001", 6), 1, 1, False, True),  # ... attacking too
    ],
)
def test_ties(att, dfn, p1, p2, attacker_falls, defender_falls):
    s, events, a, t = duel(att, dfn, [p1], [p2])
    attack, defence = totals(events)
    assert attack == defence
    assert (s.area[a] == "bag", s.area[t] == "bag") == (attacker_falls, defender_falls)


def test_both_unyielding_golems_stand():
    s = empty_table(bags=["keep", "keep"])
    a, t = place(s, 0, "C0005", 5, "arena"), place(s, 1, "C0005", 5, "arena")
    bones(s, P1=[2], P2=[2])
    s, events = play(s, f"P1 attack {d(a)} {d(t)}")
    assert s.area[a] == s.area[t] == "arena" and of(events, "battle")[0].rule == R + "powers.unyielding"


def test_projectile_a_hit_on_equal_or_higher_then_damage_equal_or_higher_defeats():
    s, events, archer, goblin = duel(("C0002", 2), ("C0001", 3), [4, 2], [4, 1], "shoot")
    assert of(events, "hit")[0].data == {"attacker": 4, "defender": 4}
    assert totals(events) == (2 + 3, 1 + 4) and goblin in s.bags[1] and s.area[archer] == "arena"


def test_projectile_a_miss_or_failed_damage_harms_no_one():
    s, events, archer, goblin = duel(("C0002", 2), ("C0001", 3), [2], [3], "shoot")
    assert of(events, "miss") and not of(events, "damage")
    assert s.area[archer] == s.area[goblin] == "arena"
    s, events, archer, goblin = duel(("C0002", 2), ("C0001", 3), [5, 1], [2, 6], "shoot")
    assert totals(events) == (4, 10) and s.area[archer] == s.area[goblin] == "arena"


def test_only_a_projectile_weapon_shoots_and_an_archer_may_fight_hand_to_hand():
    s = empty_table(bags=["keep", "keep"])
    archer, goblin = place(s, 0, "C0002", 2, "arena"), place(s, 0, "C0001", 3, "arena")
    target = place(s, 1, "C0003", 2, "arena")
    assert {f"P1 attack {d(archer)} {d(target)}", f"P1 shoot {d(archer)} {d(target)}"} <= labels(s)
    refused(s, f"P1 shoot {d(goblin)} {d(target)}", "battle.projectile")
    bones(s, P1=[6], P2=[1])
    s, events = play(s, f"P1 attack {d(archer)} {d(target)}")
    assert of(events, "battle")[0].rule == R + "battle.hand_to_hand" and not of(events, "hit")


def test_volley_rolls_two_hit_rolls_and_keeps_the_higher():
    s, events, _, goblin = duel(("C0002", 5), ("C0001", 3), [2, 5, 6], [4, 1], "shoot")
    hit_rolls = [e.data["roll"] for e in of(events, "bones") if e.data["seat"] == 0][:2]
    assert hit_rolls == [2, 5] and of(events, "hit")[0].data["attacker"] == 5 and goblin in s.bags[1]
    s, events, _, goblin = duel(("C0002", 2), ("C0001", 3), [2], [4], "shoot")  # no volley: a miss
    assert of(events, "miss") and s.area[goblin] == "arena"


def test_only_the_guard_of_the_attacked_base_die_intercepts():
    s = empty_table(bags=["keep", "keep"])
    goblin, goblin2 = place(s, 0, "C0001", 3, "arena"), place(s, 0, "C0001", 3, "arena")
    front, back = place(s, 1, "B0001", 1, "base"), place(s, 1, "B0001", 1, "base")
    on_front, on_back = place(s, 1, "C0003", 2, front), place(s, 1, "C0003", 2, back)
    s, _ = play(s, f"P1 attack {d(goblin)} {d(front)}")
    assert GAME.to_move(s) == (1,) and labels(s) == {"P2 intercept", "P2 hold"}
    bones(s, P1=[3], P2=[1])
    s, events = play(s, "P2 intercept")
    assert totals(events) == (3 + 4, 1 + 3)
    assert on_front in s.bags[1] and s.area[front] == "base" and s.area[on_back] == "base"
    # a creature attacked directly (a guard, here) has no one to intercept for it
    bones(s, P1=[6], P2=[1])
    s, _ = play(s, f"P1 attack {d(goblin2)} {d(on_back)}")
    assert not s.queue and on_back in s.bags[1]


def test_a_base_attack_hits_the_front_door_a_decoy_draws_it_and_a_swoop_picks_any():
    s = empty_table(bags=["raid", "keep"])
    goblin = place(s, 0, "C0001", 3, "arena")
    swoop, bat = place(s, 0, "C0004", 5, "arena"), place(s, 0, "C0004", 2, "arena")
    front = place(s, 1, "B0001", 1, "base")
    gate = place(s, 1, "B0002", 2, "base")
    post = place(s, 1, "B0003", 1, "base")
    attacks = {label for label in labels(s) if f"attack {d(goblin)}" in label}
    assert attacks == {f"P1 attack {d(goblin)} {d(front)}"}
    assert "front door" in refused(s, f"P1 attack {d(goblin)} {d(post)}", "battle.base_target")
    s.face[gate] = 5  # the gate turns to its decoy face
    assert {label for label in labels(s) if f"attack {d(goblin)}" in label} == {
        f"P1 attack {d(goblin)} {d(gate)}"
    }
    assert "decoy power" in refused(s, f"P1 attack {d(goblin)} {d(front)}", "powers.decoy")
    assert {label for label in labels(s) if f"attack {d(swoop)}" in label} == {
        f"P1 attack {d(swoop)} {d(x)}" for x in (front, gate, post)
    }
    assert {label for label in labels(s) if f"attack {d(bat)}" in label} == {f"P1 attack {d(bat)} {d(gate)}"}


# ---- powers and modifiers ---------------------------------------------------------------------------
def base_attack(wall_face, guard=None, intercept=False, p1=(3,), p2=(1,)):
    """P1's goblin (4) attacks P2's front door, a Watch Post or Bone Wall, maybe guarded."""
    s = empty_table(bags=["keep", "keep"])
    goblin = place(s, 0, "C0001", 3, "arena")
    door = place(s, 1, *wall_face, "base")
    if guard:
        place(s, 1, *guard, door)
    bones(s, P1=list(p1), P2=list(p2))
    answer = ["P2 intercept" if intercept else "P2 hold"] if guard else []
    s, events = play(s, f"P1 attack {d(goblin)} {d(door)}", *answer)
    used_up(s)
    return s, events, door


def test_thick_adds_two_to_the_wall_s_defence():
    s, events, door = base_attack(("B0001", 5))
    assert totals(events) == (3 + 4, 1 + 4 + 2) and "thick 2" in of(events, "battle")[0].text
    s, events, door = base_attack(("B0001", 3))
    assert totals(events) == (7, 5) and door in s.bags[1]


def test_lookout_adds_one_to_the_guard_s_totals():
    s, events, _ = base_attack(("B0003", 5), guard=("C0003", 2), intercept=True)
    assert totals(events) == (3 + 4, 1 + 3 + 1)
    s, events, _ = base_attack(("B0003", 4), guard=("C0003", 2), intercept=True)
    assert totals(events) == (7, 1 + 3)
    s = empty_table(bags=["keep", "keep"])
    post = place(s, 0, "B0003", 5, "base")
    knight = place(s, 0, "C0003", 2, post)
    target = place(s, 1, "C0001", 3, "arena")
    bones(s, P1=[1], P2=[6])
    s, events = play(s, f"P1 attack {d(knight)} {d(target)}")
    assert totals(events) == (1 + 3 + 1, 6 + 4)


def test_frenzy_adds_two_to_the_goblin_s_attack_only():
    s, events, *_ = duel(("C0001", 5), ("C0003", 2), [1], [6])
    assert totals(events) == (1 + 3 + 2, 6 + 3)
    s, events, *_ = duel(("C0003", 2), ("C0001", 5), [1], [6])
    assert totals(events) == (1 + 3, 6 + 3)


def carrying(att, item, dfn, p1, p2, owner_of_item=0):
    s = empty_table(bags=["raid", "keep"] if item[0] == "I0003" else ["keep", "keep"])
    a, t = place(s, 0, *att, "arena"), place(s, 1, *dfn, "arena")
    place(s, owner_of_item, *item, a if owner_of_item == 0 else t)
    bones(s, P1=p1, P2=p2)
    s, events = play(s, f"P1 attack {d(a)} {d(t)}")
    used_up(s)
    return s, events, a, t


def test_a_weapon_adds_to_attack_only_and_armour_to_defence_only():
    _, events, *_ = carrying(("C0003", 2), ("I0001", 5), ("C0001", 3), [1], [6])
    assert totals(events) == (1 + 3 + 3, 6 + 4) and "Rusty Blade 3" in of(events, "battle")[0].text
    _, events, *_ = carrying(("C0003", 2), ("I0002", 4), ("C0001", 3), [1], [6])  # armour, attacking
    assert totals(events) == (1 + 3, 6 + 4)
    _, events, *_ = carrying(("C0003", 2), ("I0002", 4), ("C0001", 3), [1], [6], owner_of_item=1)
    assert totals(events) == (1 + 3, 6 + 4 + 3)
    _, events, *_ = carrying(("C0003", 2), ("I0001", 5), ("C0001", 3), [1], [6], owner_of_item=1)
    assert totals(events) == (1 + 3, 6 + 4)  # a weapon does not defend


def test_a_suited_creature_on_its_power_face_rolls_one_more_bones_die():
    s, events, knight, _ = carrying(("C0003", 5), ("I0001", 3), ("C0001", 3), [2, 3], [6])
    assert totals(events) == (2 + 3 + 4 + 2, 6 + 4) and s.area[knight] == "arena"
    assert [e.rule for e in of(events, "bones") if e.data["seat"] == 0] == [
        R + "battle.hand_to_hand", R + "dice.weapons"]
    # off its power face, or with an item made for another creature: one roll
    for att, item in ((("C0003", 2), ("I0001", 3)), (("C0003", 5), ("I0003", 3))):
        _, events, *_ = carrying(att, item, ("C0001", 3), [2], [6])
        assert len([e for e in of(events, "bones") if e.data["seat"] == 0]) == 1
    # suited armour on a defending goblin's power face: the defender rolls twice
    _, events, *_ = carrying(("C0003", 2), ("I0002", 2), ("C0001", 5), [6], [1, 1], owner_of_item=1)
    assert totals(events) == (6 + 3, 1 + 1 + 3 + 2)


def test_defeated_dice_go_back_with_their_stack_magic_too_into_the_defeated_die_s_bag():
    s = empty_table(bags=["keep", "keep"])
    knight = place(s, 0, "C0003", 6, "arena")
    goblin = place(s, 1, "C0001", 3, "arena")
    shield = place(s, 1, "I0002", 1, goblin)
    warp = place(s, 0, "M0002", 1, goblin)
    bones(s, P1=[6], P2=[1])
    s, events = play(s, f"P1 attack {d(knight)} {d(goblin)}")
    assert totals(events) == (6 + 6, 1 + 3 + 1) and "- magic 1" in of(events, "battle")[0].text
    # the Warp goes along with the goblin it modified, into P2's bag, and P2 may draw it now
    assert {goblin, shield, warp} <= set(s.bags[1]) and warp not in s.bags[0] and s.owners[warp] == 1
    assert all(s.on[i] == -1 and s.face[i] == 0 and s.amount[i] == 0 for i in (goblin, shield, warp))


def test_a_destroyed_base_die_spills_its_guard_where_the_defender_says_and_he_may_rearrange():
    def attack_door():
        s = empty_table(bags=["keep", "raid"])
        knight = place(s, 0, "C0003", 6, "arena")
        door, middle, back = (place(s, 1, "B0001", f, "base") for f in (1, 3, 4))
        archer = place(s, 1, "C0002", 2, door)
        magic = place(s, 1, "M0001", 1, archer)
        bones(s, P1=[6], P2=[1])
        s, _ = play(s, f"P1 attack {d(knight)} {d(door)}", "P2 hold")
        assert door in s.bags[1] and GAME.to_move(s) == (1,)
        assert labels(s) == {"P2 spill arena", "P2 spill base"}  # never onto another base die
        return s, archer, magic, middle, back

    s, archer, magic, middle, back = attack_door()
    s, _ = play(s, "P2 spill base")
    assert s.area[archer] == s.area[magic] == "base" and s.on[archer] == -1 and s.on[magic] == archer
    assert labels(s) == {f"P2 swap {d(middle)} {d(back)}", "P2 done"}
    s, _ = play(s, "P2 done")
    assert s.bases[1] == [middle, back] and GAME.to_move(s) == (0,) and s.phase == "act"

    s, archer, magic, middle, back = attack_door()
    s, _ = play(s, "P2 spill arena", f"P2 swap {d(middle)} {d(back)}")
    assert s.area[archer] == s.area[magic] == "arena"
    assert s.bases[1] == [back, middle] and doors(s, 1) == (back, middle) and GAME.to_move(s) == (0,)


# ---- magic --------------------------------------------------------------------------------------------
def test_magic_never_goes_on_magic_at_most_two_on_a_die_and_is_never_attacked():
    s = empty_table(phase="arrange", bags=["keep", "raid"])
    wall = place(s, 0, "B0001", 1, "base")
    goblin = place(s, 0, "C0001", 3, "arena")
    on_goblin = place(s, 0, "M0001", 1, goblin), place(s, 1, "M0002", 2, goblin)
    knight = place(s, 1, "C0003", 2, "arena")
    place(s, 0, "M0001", 3, "rack")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll")
    assert labels(s) == {f"P1 enter {d(wall)}", f"P1 enter {d(knight)}"}
    refused(s, f"P1 enter {d(on_goblin[0])}", "turn.enter")
    s, _ = play(s, f"P1 enter {d(knight)}")
    assert value(s, knight) == 3 + 2
    assert "never attacked" in refused(s, f"P1 attack {d(goblin)} {d(on_goblin[1])}", "battle.targets")


def test_a_die_worn_down_to_zero_is_defeated():
    def warp_onto(face_of_goblin):
        s = empty_table(phase="arrange", bags=["keep", "keep"])
        goblin = place(s, 1, "C0001", face_of_goblin, "arena")
        warp = place(s, 0, "M0002", 3, "rack")  # -2
        bones(s, P1=[1])
        s, events = play(s, "P1 roll", f"P1 enter {d(goblin)}")
        return s, events, goblin, warp

    s, events, goblin, warp = warp_onto(1)  # 2 - 2 = 0
    assert of(events, "worn_out") and {goblin, warp} <= set(s.bags[1])
    s, events, goblin, warp = warp_onto(3)  # 4 - 2 = 2
    assert not of(events, "worn_out") and value(s, goblin) == 2 and s.on[warp] == goblin


def test_recurring_magic_works_again_at_the_start_of_each_of_its_caster_s_turns():
    s = empty_table(phase="arrange", bags=["raid", "keep"])
    golem = place(s, 1, "C0005", 6, "arena")
    drain = place(s, 0, "M0003", 4, "rack")  # -2, recurring
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll", f"P1 enter {d(golem)}")
    assert value(s, golem) == 4
    s, events = play(s, "P1 next")
    assert value(s, golem) == 4 and not of(events, "recurring")  # P2's turn: not the caster's
    s, events = quiet_turn(s, 1)
    assert value(s, golem) == 2 and of(events, "recurring")[0].data == {
        "magic": drain, "target": golem, "change": -2}
    s, events = quiet_turn(s, 0)
    s, events = quiet_turn(s, 1)
    assert golem in s.bags[1] and of(events, "worn_out")  # 2 - 2 = 0


def test_magic_with_nothing_to_change_goes_back_to_the_bag():
    s = empty_table(phase="arrange")
    magic = place(s, 0, "M0001", 1, "rack")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll")
    assert labels(s) == {"P1 enter bag"}
    s, events = play(s, "P1 enter bag")
    assert magic in s.bags[0] and s.area[magic] == "bag" and of(events, "no_target")


def test_in_the_arena_magic_may_go_on_rack_dice_and_goes_back_to_the_rack_only_with_no_target():
    s = empty_table(variant="arena", seat=1)
    for seat in (0, 1):
        for i in sorted(s.bags[seat], key=lambda i: GAME.kind(s, i) != "magic"):
            place(s, seat, s.codes[i], 1, "rack")
    magic = s.racks[0][0]
    script(s, P1={"faces": [4]})
    s, events = play(s, "P2 next")
    # magic goes on any die in the game in the arena: each rack die that is not magic is offered
    rack_dice = {d(t) for p in (0, 1) for t in s.racks[p] if GAME.kind(s, t) != "magic"}
    assert {a.args[0] for a in GAME.legal_actions(s, 0)} == rack_dice
    # with no other die in the game (staged: only the magic die is out), it goes back to the rack
    s = empty_table(variant="arena", seat=1)
    magic = place(s, 0, next(s.codes[i] for i in s.bags[0] if GAME.kind(s, i) == "magic"), 1, "rack")
    script(s, P1={"faces": [4]})
    s, _ = play(s, "P2 next")
    assert labels(s) == {"P1 enter bag"}
    s, _ = play(s, "P1 enter bag")
    assert s.racks[0] == [magic] and s.area[magic] == "rack" and s.face[magic] == 4


# ---- flash -----------------------------------------------------------------------------------------------
def test_flash_dice_come_from_the_rack_at_any_step_of_your_own_turn():
    s = empty_table(phase="build", bags=["keep", "keep"])
    goblin = place(s, 0, "C0001", 3, "rack")  # no flash
    archer = place(s, 0, "C0002", 1, "rack")  # flash
    # flash means at any time: in the build step too, and the turn goes on where it was
    assert {label for label in labels(s) if " flash " in label} == {"P1 flash r2"}
    built, _ = play(s, "P1 flash r2", "P1 enter arena")
    assert built.area[archer] == "arena" and built.phase == "build" and "P1 draw" in labels(built)
    s.phase = "act"
    assert {label for label in labels(s) if " flash " in label} == {"P1 flash r2"}
    refused(s, "P1 flash r1", "flash.play")
    s, _ = play(s, "P1 flash r2", "P1 enter arena")
    assert s.area[archer] == "arena" and s.racks[0] == [goblin] and s.phase == "act"


def test_the_defender_may_flash_when_attacked_before_the_rolls():
    s = empty_table(bags=["keep", "keep"])
    goblin, theirs = place(s, 0, "C0001", 3, "arena"), place(s, 1, "C0001", 3, "arena")
    place(s, 1, "M0001", 2, "rack")  # +1, flash
    place(s, 1, "B0001", 3, "rack")  # no flash
    s, _ = play(s, f"P1 attack {d(goblin)} {d(theirs)}")
    assert GAME.to_move(s) == (1,) and labels(s) == {"P2 flash r1", "P2 pass"}
    bones(s, P1=[3], P2=[3])
    passed, events = play(s, "P2 pass")
    assert totals(events) == (7, 7)
    s, events = play(s, "P2 flash r1", f"P2 enter {d(theirs)}")
    assert totals(events) == (3 + 4, 3 + 4 + 1) and goblin in s.bags[0] and s.area[theirs] == "arena"


# ---- bands -----------------------------------------------------------------------------------------------
def band_table():
    s = empty_table(bags=["keep", "keep"])
    goblin = place(s, 0, "C0001", 2, "arena")  # 3, banding
    golem = place(s, 0, "C0005", 1, "arena")  # 3, banding
    plain = place(s, 0, "C0001", 1, "arena")  # no banding symbol
    knight = place(s, 0, "C0003", 6, "base")  # banding, in the other area
    enemy = place(s, 1, "C0003", 3, "arena")  # 4
    return s, goblin, golem, plain, knight, enemy


def test_banding_needs_the_symbol_and_one_area_and_comes_before_any_attack():
    s, goblin, golem, plain, knight, enemy = band_table()
    assert {label for label in labels(s) if " band " in label} == {f"P1 band {d(goblin)} {d(golem)}"}
    refused(s, f"P1 band {d(goblin)} {d(plain)}", "symbols.banding")
    assert "same area" in refused(s, f"P1 band {d(goblin)} {d(knight)}", "band.abilities")
    bones(s, P1=[6], P2=[1])
    attacked, _ = play(s, f"P1 attack {d(plain)} {d(enemy)}")
    reason = refused(attacked, f"P1 band {d(goblin)} {d(golem)}", "turn.band")
    assert "before the turn's first attack" in reason


def test_a_band_fights_as_one_and_is_fixed_until_its_owner_s_next_turn():
    s, goblin, golem, plain, knight, enemy = band_table()
    s, _ = play(s, f"P1 band {d(goblin)} {d(golem)}")
    assert unit(s, goblin) == unit(s, golem) == (goblin, golem)
    refused(s, f"P1 unband {d(golem)}", "turn.band")
    assert "lowest creature or item" in refused(s, f"P1 attack {d(golem)} {d(enemy)}", "band.abilities")
    bones(s, P1=[2], P2=[1])
    s, events = play(s, f"P1 attack {d(goblin)} {d(enemy)}")
    assert totals(events) == (2 + 3 + 3, 1 + 4) and enemy in s.bags[1]
    s, _ = play(s, "P1 next")
    s, _ = quiet_turn(s, 1)
    place(s, 0, "B0001", 1, "rack")
    bones(s, P1=[1])
    s, _ = play(s, "P1 draw", "P1 roll")
    assert f"P1 unband {d(goblin)}" in labels(s)


def test_a_band_moves_and_falls_together_and_shares_its_symbols():
    s, goblin, golem, *_ = band_table()
    s, _ = play(s, f"P1 band {d(goblin)} {d(golem)}", f"P1 move {d(goblin)} base")
    assert s.area[goblin] == s.area[golem] == "base"

    s, goblin, golem, _, _, enemy = band_table()
    bones(s, P1=[1], P2=[6])
    s, events = play(s, f"P1 band {d(goblin)} {d(golem)}", f"P1 attack {d(goblin)} {d(enemy)}")
    assert totals(events) == (1 + 6, 6 + 4) and {goblin, golem} <= set(s.bags[0])

    # the knight's blade shows first strike; banded, the goblin fights with it too
    s = empty_table(bags=["keep", "keep"])
    goblin, knight = place(s, 0, "C0001", 2, "arena"), place(s, 0, "C0003", 6, "arena")
    place(s, 0, "I0001", 4, knight)  # 2, first strike
    golem = place(s, 1, "C0005", 6, "arena")
    bones(s, P1=[1], P2=[6])
    s, events = play(s, f"P1 band {d(goblin)} {d(knight)}", f"P1 attack {d(goblin)} {d(golem)}")
    assert totals(events) == (1 + 3 + 6 + 2, 6 + 6) and golem in s.bags[1] and s.area[goblin] == "arena"


def test_a_banded_guard_spilled_into_the_arena_leaves_its_band():
    s = empty_table(bags=["keep", "keep"])
    attacker = place(s, 0, "C0003", 6, "arena")
    door = place(s, 1, "B0001", 1, "base")
    place(s, 1, "B0001", 1, "base")
    guard, mate = place(s, 1, "C0001", 2, door), place(s, 1, "C0005", 1, "base")
    s.band[guard] = s.band[mate] = min(guard, mate)
    bones(s, P1=[6], P2=[1])
    s, _ = play(s, f"P1 attack {d(attacker)} {d(door)}", "P2 hold", "P2 spill arena")
    assert s.band[guard] == s.band[mate] == -1 and s.area[guard] == "arena" and s.area[mate] == "base"


# ---- the claim -------------------------------------------------------------------------------------------
def claim_table():
    """base=2: P1's rack holds six base dice, P2's too; P1 to build."""
    s = empty_table(phase="build", base=2)
    for seat in (0, 1):
        for _ in range(6):
            place(s, seat, "B0001" if len(s.racks[seat]) < 4 else "B0003", 1, "rack")
    return s


def test_a_declared_base_held_for_a_full_round_wins():
    s = claim_table()
    assert "P1 declare" not in labels(s)
    s, _ = play(s, "P1 build r1", "P1 build r1", "P1 declare")
    assert s.declared[0] >= 0 and "declare" not in " ".join(labels(s))
    bones(s, P1=[1])
    s, _ = play(s, "P1 draw", "P1 roll", "P1 next")
    assert s.phase != "over"
    s, events = quiet_turn(s, 1)
    assert s.phase == "over" and s.winner == 0 and s.ended == R + "goal.hold"
    assert GAME.outcome(s).titles == {0: "Base Complete"}


def test_the_claim_is_open_all_the_turn_the_base_is_completed_and_only_then():
    s = claim_table()
    s, _ = play(s, "P1 build r1", "P1 build r1", "P1 draw")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll")
    assert "P1 declare" in labels(s)  # the turn the base was completed
    s, _ = play(s, "P1 next")
    s, _ = quiet_turn(s, 1)
    assert s.phase == "build" and s.turn_seat == 0  # no claim, no win
    assert "P1 declare" in labels(s)  # forgotten: open again at the start of the next turn
    late, _ = play(s, "P1 declare")
    s, _ = play(s, "P1 draw")
    assert "forgotten" in refused(s, "P1 declare", "goal.declare")
    bones(late, P1=[1])
    late, _ = play(late, "P1 draw", "P1 roll", "P1 next")
    late, _ = quiet_turn(late, 1)
    assert late.winner == 0  # a late claim is held for a round too


def test_a_base_dropping_below_its_size_cancels_the_claim():
    s = empty_table(seat=1, base=2, bags=["keep", "keep"])
    front, _ = place(s, 0, "B0001", 1, "base"), place(s, 0, "B0001", 1, "base")
    s.declared[0] = 0
    goblin = place(s, 1, "C0001", 3, "arena")
    bones(s, P2=[6], P1=[1])
    s, events = play(s, f"P2 attack {d(goblin)} {d(front)}")
    assert s.declared[0] == -1 and of(events, "claim_lost")
    assert not s.queue  # one base die left: nothing to spill or rearrange
    s, _ = play(s, "P2 next")
    assert s.phase == "build" and s.winner == -1 and s.turn_seat == 0


# ---- setup -----------------------------------------------------------------------------------------------
def test_a_first_rack_without_a_base_die_is_drawn_again():
    no_base = ["C0001", "C0001", "C0002", "C0003", "C0003", "C0005"]
    drawn = ["C0001", "B0002", "C0002", "C0003", "I0001", "M0001"]
    s = GAME.new(2, seed=0, script={"P1": {"draws": no_base + drawn}})
    assert [s.codes[i] for i in s.racks[0]] == drawn
    events = GAME.setup_events(s)
    assert [e.data["seat"] for e in of(events, "redraw")] == [0]
    assert len(s.bags[0]) == 20 - 6 and all(s.area[i] == "bag" and s.face[i] == 0 for i in s.bags[0])


def test_the_lowest_roll_starts_and_tied_lowest_roll_again():
    s = GAME.new(3, seed=0, script={"P1": {"bones": [3, 5]}, "P2": {"bones": [3, 2]}, "P3": {"bones": [6]}})
    assert s.first == 1 and s.turn_seat == 1
    events = GAME.setup_events(s)
    assert of(events, "tie")[0].data == {"seats": (0, 1)}
    assert [e.data["seat"] for e in of(events, "bones")] == [0, 1, 2, 0, 1]


def test_the_first_option_skips_the_roll_off():
    s = GAME.new(3, seed=0, first="P3")
    assert s.first == 2 and s.turn_seat == 2
    events = GAME.setup_events(s)
    assert not of(events, "bones") and of(events, "first")[0].rule == R + "goal.next_game"


@pytest.mark.parametrize(
    "bag, problem",
    [
        ({"B0001": 7, "C0001": 2, "C0003": 2, "I0001": 5}, "at least 8 base dice"),
        ({"B0001": 8, "C0001": 3, "I0001": 5}, "at least 4 creature dice"),
        ({"B0001": 8, "C0001": 4, "I0001": 1}, "16 to 24 dice"),
        ({"B0001": 8, "C0001": 4, "I0001": 13}, "16 to 24 dice"),
        ({"B0001": 8, "C0001": 4, "X0009": 4}, "no die of the kit"),
    ],
)
def test_bags_outside_the_minimums_are_refused_with_the_rule(bag, problem):
    with pytest.raises(ValueError, match=problem) as e:
        GAME.new(2, bags=[bag, "raid"])
    assert f"[rule {R}setup.bags]" in str(e.value)
    GAME.new(2, bags=[{"B0001": 8, "C0001": 4, "I0001": 4}, "raid"])  # at the minimums: fine


def test_a_smaller_base_lowers_the_base_dice_a_bag_needs():
    GAME.new(2, base=3, bags=[{"B0001": 5, "C0001": 4, "I0001": 7}, "raid"])
    with pytest.raises(ValueError, match="at least 6 base dice"):
        GAME.new(2, base=4, bags=[{"B0001": 5, "C0001": 4, "I0001": 7}, "raid"])


# ---- alliances -------------------------------------------------------------------------------------------
def alliance_table():
    s = empty_table(3, alliances=True)
    mine = place(s, 0, "C0001", 3, "arena")
    ally = place(s, 1, "C0002", 2, "arena")
    ally_base = place(s, 1, "B0001", 1, "base")
    place(s, 1, "C0002", 1, "rack")  # a flash die in the ally's rack
    enemy = place(s, 2, "C0003", 2, "arena")
    return s, mine, ally, ally_base, enemy


def test_an_alliance_is_proposed_on_your_turn_and_answered_by_the_other():
    s, *_ = alliance_table()
    s, _ = play(s, "P1 propose p2")
    assert GAME.to_move(s) == (1,) and labels(s) - {"P2 flash r1"} == {"P2 accept", "P2 decline"}
    declined, events = play(s, "P2 decline")
    assert declined.allies == [] and of(events, "decline")
    assert "one alliance a turn" in refused(declined, "P1 propose p3", "alliances.propose")
    s, _ = play(s, "P2 accept")
    assert s.allies == [(0, 1)] and GAME.to_move(s) == (0,)
    assert "P1 break p2" in labels(s) and "P1 propose p2" not in labels(s)


def test_an_ally_commands_your_creatures_on_his_turn_but_never_against_you():
    s, mine, ally, ally_base, enemy = alliance_table()
    s, _ = play(s, "P1 propose p2", "P2 accept")
    assert {f"P1 attack {d(ally)} {d(enemy)}", f"P1 shoot {d(ally)} {d(enemy)}"} <= labels(s)
    refused(s, f"P1 attack {d(ally)} {d(ally_base)}", "alliances.command")  # never against its owner
    refused(s, f"P1 attack {d(ally)} {d(mine)}", "battle.targets")
    assert not any(" flash " in label for label in labels(s))  # the ally's rack is his
    bones(s, P1=[6], P3=[1])  # the commander rolls his own Bones
    s, events = play(s, f"P1 attack {d(ally)} {d(enemy)}")
    assert enemy in s.bags[2] and {e.data["seat"] for e in of(events, "bones")} == {0, 2}
    assert s.allies == [(0, 1)]


def test_an_ally_may_lead_your_creature_out_through_your_door():
    s = empty_table(3, phase="arrange", alliances=True)
    s.allies = [(0, 1)]
    door = place(s, 1, "B0001", 1, "base")
    on_door = place(s, 1, "C0002", 2, door)
    in_yard = place(s, 1, "C0001", 3, "base")
    place(s, 0, "C0001", 3, "rack")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll", "P1 enter arena")
    assert f"P1 move {d(on_door)} arena" in labels(s)
    refused(s, f"P1 move {d(in_yard)} arena", "areas.doors")
    s, _ = play(s, f"P1 move {d(on_door)} arena")
    assert s.area[on_door] == "arena" and s.owners[on_door] == 1


def test_an_item_comes_in_onto_a_creature_and_then_fights_with_it():
    s = empty_table(phase="arrange", bags=["keep", "keep"])
    knight = place(s, 0, "C0003", 2, "arena")
    blade = place(s, 0, "I0001", 5, "rack")
    target = place(s, 1, "C0001", 3, "arena")
    bones(s, P1=[1])
    s, _ = play(s, "P1 roll")
    assert labels(s) == {"P1 enter arena", "P1 enter base", f"P1 enter {d(knight)}"}
    s, _ = play(s, f"P1 enter {d(knight)}")
    assert s.on[blade] == knight and s.area[blade] == "arena"
    assert "carried" in refused(s, f"P1 attack {d(blade)} {d(target)}", "stacking")
    assert f"P1 attack {d(knight)} {d(target)}" in labels(s)  # the pick-up was the blade's entry only


def test_an_attack_between_allies_or_a_break_ends_the_alliance():
    s, mine, ally, *_ = alliance_table()
    s, _ = play(s, "P1 propose p2", "P2 accept")
    broken, _ = play(s, "P1 break p2")
    assert broken.allies == []
    bones(s, P1=[6], P2=[1])
    s, events = play(s, f"P1 attack {d(mine)} {d(ally)}")
    assert s.allies == [] and of(events, "alliance_broken")[0].rule == R + "alliances.break"


def test_alliances_are_an_option_of_three_or_more():
    s = empty_table(3)
    place(s, 0, "C0001", 3, "arena")
    refused(s, "P1 propose p2", "alliances")
    with pytest.raises(ValueError, match="3 or more"):
        GAME.new(2, alliances=True)


# ---- the kit's safety stop and the catalog ---------------------------------------------------------------
def test_a_game_with_no_winner_after_max_rounds_stops_unfinished():
    s, _ = play_out(GAME, GAME.new(3, seed=4, max_rounds=2), RandomBot(4))
    assert s.ended == R + "ruling.round_limit" and s.round == 3
    outcome = GAME.outcome(s)
    assert outcome.result == "unfinished" and outcome.winners == () and outcome.rule == s.ended


def cited_rule_ids() -> set[str]:
    """Every rule id the engine's code names: ``R + "x"`` (either branch of an ``if``) and
    ``{R}x`` in f-strings."""
    ids = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Name) and node.left.id == "R":
                ids |= {c.value for c in ast.walk(node.right) if isinstance(c, ast.Constant)
                        and isinstance(c.value, str)}
            if isinstance(node, ast.JoinedStr):
                parts = node.values
                for a, b in zip(parts, parts[1:]):
                    if (isinstance(a, ast.FormattedValue) and isinstance(a.value, ast.Name)
                            and a.value.id == "R" and isinstance(b, ast.Constant)):
                        ids.add(b.value.split("]")[0])
    return {R + i for i in ids}


def test_every_rule_id_the_engine_cites_is_in_the_catalog():
    cited = cited_rule_ids()
    assert len(cited) > 50 and R + "ruling.round_limit" in cited and R + "setup.bags" in cited
    assert sorted(cited - set(GAME.rules.ids())) == []
    assert GAME.rule_text(R + "ruling.round_limit")


# ---- the rulebook's worked example ---------------------------------------------------------------------
def test_the_rulebook_example_plays_as_written():
    replay = scenarios.rulebook_example()
    states, events = replay.states, [e for evs in replay.events for e in evs]
    number = {name: int(getattr(scenarios, name)[1:]) - 1
              for name in ("GOBLIN", "FRONT_DOOR", "ARCHER", "A_CONTORTION", "B_CONTORTION")}
    goblin, front, archer = number["GOBLIN"], number["FRONT_DOOR"], number["ARCHER"]
    goblin_magic, archer_magic = number["A_CONTORTION"], number["B_CONTORTION"]
    labels_ = scenarios.example_labels()
    before_attack = states[labels_.index(f"P1 attack {scenarios.GOBLIN} {scenarios.FRONT_DOOR}")]
    before_shot = states[labels_.index(f"P2 shoot {scenarios.ARCHER} {scenarios.GOBLIN}")]

    (battle,) = of(events, "battle")
    assert battle.data == {"attack": 7, "defence": 5}
    assert total_parts(before_attack, (goblin,), True) == [("Goblin", 4), ("magic", 1)]  # 2 + 4 + 1
    assert total_parts(before_attack, (front,), False) == [("Bone Wall", 4)]  # 1 + 4 + 0
    fights = ("attack", "damage", "defence")
    fight_rolls = [e.data["roll"] for e in of(events, "bones") if e.data["why"] in fights]
    assert fight_rolls == [2, 1, 5, 4]  # the goblin's fight, then the archer's damage roll
    assert of(events, "hit")[0].data == {"attacker": 4, "defender": 3}
    assert of(events, "damage")[0].data == {"attack": 10, "defence": 9}
    assert total_parts(before_shot, (archer,), True) == [("Archer", 3), ("magic", 2)]  # 5 + 3 + 2
    assert total_parts(before_shot, (goblin,), False) == [("Goblin", 4), ("magic", 1)]  # 4 + 4 + 1

    end = replay.final_state()
    assert {goblin, goblin_magic} <= set(end.bags[0]) and front in end.bags[1]
    assert end.area[archer] == "arena" and end.on[archer_magic] == archer
    assert end.turn_seat == 0 and end.round == 3
    used_up(end)
    chance = [e for e in events if e.kind in ("bones", "roll", "draw")]
    assert chance and all(e.data["scripted"] for e in chance)
