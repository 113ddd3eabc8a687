"""Rolled Bones engine fixes of issue 19, each tested against what the rulebook says: a creature
acts once a turn, magic on a carried item counts in battle, and magic leaves play with the die
it modifies."""
from __future__ import annotations

from bonekit.games.rolled_bones.dice import value
from bonekit.games.rolled_bones.scenarios import empty_table, place, script
from test_rolled_bones_rules import GAME, bones, d, labels, play, quiet_turn, refused


def fill_racks(s, face: int = 4) -> None:
    """Arena staging: every die still in a bag goes to its owner's rack (face 4 shows no flash)."""
    for seat in range(s.players):
        for i in list(s.bags[seat]):
            place(s, seat, s.codes[i], face, "rack")


# ---- R6: items add their value in battle, and magic may sit on an item: the item counts with
# the magic on it
def test_magic_on_a_carried_weapon_adds_to_the_attack_and_on_armour_to_the_defence():
    s = empty_table()
    knight = place(s, 1, "C0003", 2, "arena")  # P2's knight, value 3
    blade = place(s, 1, "I0001", 3, knight)  # a weapon, value 2
    place(s, 1, "M0001", 5, blade)  # Contortion +3 on the blade: the blade is worth 5
    goblin = place(s, 0, "C0001", 1, "arena")  # P1's goblin, value 2
    shield = place(s, 0, "I0002", 4, goblin)  # armour, value 3
    place(s, 1, "M0002", 2, shield)  # P2's Warp -1 on the shield: worth 2
    s.turn_seat = 1
    bones(s, P2=[1], P1=[1])
    after, events = play(s, f"P2 attack {d(knight)} {d(goblin)}")
    battle = [e for e in events if e.kind == "battle"][-1]
    assert (battle.data["attack"], battle.data["defence"]) == (1 + 3 + 5, 1 + 2 + 2)


# ---- R7: a defeated die goes back to the bag together with the dice that modify it
def test_magic_on_a_defeated_die_goes_back_with_that_die_to_its_bag():
    s = empty_table()
    mine = place(s, 0, "C0001", 1, "arena")  # P1's goblin, value 2
    warp = place(s, 1, "M0002", 1, mine)  # P2's Warp on it: value 1
    knight = place(s, 1, "C0003", 3, "arena")  # P2's knight, value 4
    s.turn_seat = 1
    bones(s, P2=[3], P1=[1])
    after, events = play(s, f"P2 attack {d(knight)} {d(mine)}")
    assert mine in after.bags[0] and warp in after.bags[0] and warp not in after.bags[1]
    assert "P1's bag" in [e for e in events if e.kind == "defeated"][-1].text


def test_in_the_arena_each_player_keeps_his_six_dice_so_magic_returns_to_its_own_rack():
    s = empty_table(variant="arena")
    mine = place(s, 0, "C0001", 1, "arena")
    contortion = place(s, 1, "M0001", 4, mine)  # the arena set's one magic die
    knight = place(s, 1, "C0003", 3, "arena")
    fill_racks(s)
    s.turn_seat = 1
    bones(s, P2=[3], P1=[1])
    script(s, P1={"faces": [4]}, P2={"faces": [4]})
    after, _ = play(s, f"P2 attack {d(knight)} {d(mine)}")
    assert after.racks[0][-1] == mine and after.racks[1][-1] == contortion
    # six dice each, still: P2's knight stands in the arena, the rest are in the racks
    assert len(after.racks[0]) == 6 and len(after.racks[1]) == 5 and after.area[knight] == "arena"


# ---- R1: each creature has one action a turn
def test_an_arena_die_beaten_back_to_the_rack_and_flashed_in_again_may_not_attack_twice():
    s = empty_table(variant="arena")
    archer = place(s, 0, "C0002", 1, "arena")  # value 2, no first strike
    goblin = place(s, 1, "C0001", 1, "arena")  # value 2
    knight = place(s, 1, "C0003", 4, "arena")
    fill_racks(s)
    bones(s, P1=[3], P2=[3])  # a tie: both fall
    script(s, P1={"faces": [1]}, P2={"faces": [4]})  # the archer comes back showing flash
    s, _ = play(s, f"P1 attack {d(archer)} {d(goblin)}")
    assert s.racks[0][-1] == archer and s.face[archer] == 1
    s, events = play(s, "P1 flash r6", "P1 enter arena")
    entered = [e for e in events if e.kind == "enter"][-1]
    assert s.area[archer] == "arena" and "acted this turn" in entered.text
    assert not {x for x in labels(s) if x.startswith(f"P1 attack {d(archer)}")}
    assert "already acted" in refused(s, f"P1 attack {d(archer)} {d(knight)}", "turn.actions")


def seat_labels(s, seat: int) -> set[str]:
    """What ``seat`` may do now, owed or not (an optional action counts)."""
    return {a.label for a in GAME.legal_actions(s, seat)}


# ---- R2: a change of band holds until the player's next turn
def test_a_die_unbanded_this_turn_may_not_band_again_until_the_next_turn():
    s = empty_table(bags=["keep", "keep"])
    goblin = place(s, 0, "C0001", 2, "arena")  # banding
    golem = place(s, 0, "C0005", 1, "arena")  # banding
    knight = place(s, 0, "C0003", 6, "arena")  # banding
    s.band[goblin] = s.band[golem] = goblin  # banded in an earlier turn
    s, _ = play(s, f"P1 unband {d(golem)}")
    assert s.band[golem] == -1 and s.band[goblin] == -1
    assert not any(d(golem) in label.split()[2:] for label in labels(s) if " band " in label)
    reason = refused(s, f"P1 band {d(golem)} {d(knight)}", "turn.band")
    assert "until your next turn" in reason
    assert f"P1 band {d(goblin)} {d(knight)}" in labels(s)  # the goblin's band was not its own change


# ---- R3: a flash die may come in at any moment its owner may act, the arrange step too
def test_a_flash_die_may_be_played_in_the_arrange_step_and_the_turn_goes_on_there():
    s = empty_table(phase="arrange", bags=["keep", "keep"])
    place(s, 0, "C0001", 3, "rack")  # no flash
    archer = place(s, 0, "C0002", 1, "rack")  # flash
    assert "P1 flash r2" in labels(s)
    s, _ = play(s, "P1 flash r2", "P1 enter arena")
    assert s.area[archer] == "arena" and s.phase == "arrange" and "P1 roll" in labels(s)


# ---- R4: in the arena game too, the defender may flash before the battle's rolls
def test_the_arena_defender_is_offered_his_flash_dice_before_the_rolls():
    s = empty_table(variant="arena")
    goblin = place(s, 0, "C0001", 3, "arena")
    theirs = place(s, 1, "C0001", 3, "arena")
    fill_racks(s)
    archer = place_flash(s, 1)
    s, _ = play(s, f"P1 attack {d(goblin)} {d(theirs)}")
    assert GAME.to_move(s) == (1,) and f"P2 flash r{s.racks[1].index(archer) + 1}" in labels(s)
    assert "P2 pass" in labels(s)
    bones(s, P1=[3], P2=[6])
    s, events = play(s, f"P2 flash r{s.racks[1].index(archer) + 1}", "P2 enter arena")
    kinds = [e.kind for e in events]
    assert kinds.index("enter") < kinds.index("battle")  # in play before the rolls
    assert s.area[archer] == "arena"


def place_flash(s, seat: int) -> int:
    """Turn ``seat``'s rack archer to its flash face (face 1) and return it."""
    archer = next(i for i in s.racks[seat] if s.codes[i] == "C0002")
    s.face[archer] = 1
    return archer


# ---- R5: an alliance may be broken at any time, by either member, off-turn too
def test_an_alliance_may_be_broken_by_a_member_who_owes_no_decision():
    s = empty_table(3, alliances=True)
    place(s, 0, "C0001", 3, "arena")
    place(s, 1, "C0002", 2, "arena")
    s.allies = [(0, 1)]
    assert GAME.to_move(s) == (0,)
    assert seat_labels(s, 1) == {"P2 break p1", "P2 grant p1"} and seat_labels(s, 2) == set()
    after, events = play(s, "P2 break p1")
    assert after.allies == [] and GAME.to_move(after) == (0,) and after.phase == s.phase
    assert [e.rule for e in events] == ["rolled_bones.alliances.break"]
    # in the build step of one's own turn too
    s.phase = "build"
    assert "P1 break p2" in labels(s)


# ---- R8: in the arena game magic may go on any die in the game, rack dice too
def test_arena_magic_may_go_on_a_rack_die_and_comes_into_play_with_it():
    s = empty_table(variant="arena", seat=1)
    fill_racks(s, face=2)
    magic = next(i for i in s.racks[0] if GAME.kind(s, i) == "magic")
    s.racks[0].remove(magic)
    s.racks[0].insert(0, magic)
    s.face[magic] = 5  # Contortion +3
    theirs = next(i for i in s.racks[1] if GAME.kind(s, i) == "creature")
    s, _ = play(s, "P2 next")
    assert f"P1 enter {d(theirs)}" in labels(s)
    mine = s.racks[0][0]
    s, _ = play(s, f"P1 enter {d(mine)}")
    assert s.on[magic] == mine and s.area[magic] == "rack" and GAME.kind(s, mine) != "magic"
    assert f"{d(magic)} Contortion +3" in GAME.text(s)  # shown with its rack die
    from bonekit.widgets.scene import Text
    from bonekit.widgets.views.rolled_bones import render

    shapes = render(GAME, s, None, None, None, None).shapes
    chips = [t for t in shapes if isinstance(t, Text) and t.text == "+3"]
    assert chips  # and drawn on it in the picture


# ---- Base complete in another player's turn: a flashed base die finishes the base
def test_a_base_finished_by_a_flash_in_another_s_turn_is_declared_then_and_held_a_full_round():
    s = empty_table(bags=["keep", "keep"], base=4)
    goblin = place(s, 0, "C0001", 3, "arena")
    theirs = place(s, 1, "C0001", 3, "arena")
    for _ in range(3):
        place(s, 1, "B0001", 1, "base")
    gate = place(s, 1, "B0002", 1, "rack")  # face 1 shows flash
    s, _ = play(s, f"P1 attack {d(goblin)} {d(theirs)}")
    s, events = play(s, "P2 flash r1")
    assert s.bases[1][-1] == gate and len(s.bases[1]) == 4
    assert GAME.to_move(s) == (1,) and labels(s) == {"P2 declare", "P2 pass"}
    bones(s, P1=[1], P2=[6])
    s, events = play(s, "P2 declare")
    assert s.declared[1] >= 0 and of_kind(events, "battle")  # then the battle goes on
    # the claim was made in P1's turn: P2's next turn is not a full round yet, the one after is
    s, _ = play(s, "P1 next")
    assert s.phase != "over" and s.turn_seat == 1
    s, _ = quiet_turn(s, 1)
    s, _ = quiet_turn(s, 0)
    assert s.phase == "over" and s.winner == 1 and s.ended == "rolled_bones.goal.hold"


def test_a_player_who_passes_on_the_claim_waits_for_the_start_of_his_next_turn():
    s = empty_table(bags=["keep", "keep"], base=4)
    goblin = place(s, 0, "C0001", 3, "arena")
    theirs = place(s, 1, "C0001", 3, "arena")
    for _ in range(3):
        place(s, 1, "B0001", 1, "base")
    place(s, 1, "B0002", 1, "rack")
    bones(s, P1=[1], P2=[6])
    s, _ = play(s, f"P1 attack {d(goblin)} {d(theirs)}", "P2 flash r1", "P2 pass")
    assert s.declared[1] < 0 and "P2 declare" not in seat_labels(s, 1)
    s, _ = play(s, "P1 next")
    assert "P2 declare" in labels(s) and s.phase == "build"  # late, at the start of his turn


def of_kind(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


# ---- base dice showing the banding symbol band like any other (one force: the base die
# defends with the creatures banded to it, and stays put)
def test_a_base_die_showing_banding_bands_with_a_creature_in_its_base():
    s = empty_table(bags=["keep", "keep"])
    post = place(s, 0, "B0003", 3, "base")  # Watch Post, face 3: 3, banding
    golem_bag = next(i for i in s.bags[0] if s.codes[i] == "C0001")
    goblin = place(s, 0, s.codes[golem_bag], 2, "base")  # Goblin, face 2: 3, banding
    raider = place(s, 1, "C0003", 3, "arena")  # 4
    assert f"P1 band {d(post)} {d(goblin)}" in labels(s)
    s, _ = play(s, f"P1 band {d(post)} {d(goblin)}")
    assert s.band[post] == s.band[goblin] >= 0
    assert not any(x.startswith(f"P1 move {d(goblin)}") for x in labels(s))  # base dice stay put
    assert "base dice never move" in refused(s, f"P1 move {d(goblin)} arena", "dice.base")
    s = opponent_acts(s)
    bones(s, P2=[4], P1=[1])
    s, events = play(s, f"P2 attack {d(raider)} {d(post)}")
    assert totals(events) == (4 + 4, 1 + 3 + 3)  # the band defends as one
    assert post not in s.bases[0] and goblin in s.bags[0]  # and falls as one


def opponent_acts(s):
    """Staging: the same table, now at P2's act step (its turn's drawing left out)."""
    s = s.copy()
    s.turn_seat, s.phase = 1, "act"
    s.acted, s.band_changed = bytearray(len(s.codes)), bytearray(len(s.codes))
    return s


def totals(events) -> tuple[int, int]:
    e = [x for x in events if x.kind == "battle"][-1]
    return e.data["attack"], e.data["defence"]


# ---- dice may stack on items: what stands on an item may take attacks on it
def test_a_creature_may_stand_on_an_item_and_intercept_attacks_on_it():
    s = empty_table(bags=["keep", "keep"])
    shield = place(s, 0, "I0002", 3, "arena")  # an item standing alone in the arena
    goblin = place(s, 0, "C0001", 3, "arena")
    raider = place(s, 1, "C0003", 3, "arena")
    assert f"P1 step {d(goblin)} {d(shield)}" in labels(s)
    s, events = play(s, f"P1 step {d(goblin)} {d(shield)}")
    assert s.on[goblin] == shield and s.area[goblin] == "arena"
    assert f"P1 attack {d(goblin)} {d(raider)}" in labels(s)  # the step was free
    s = opponent_acts(s)
    s, _ = play(s, f"P2 attack {d(raider)} {d(shield)}")
    assert labels(s) >= {"P1 intercept", "P1 hold"}
    bones(s, P2=[1], P1=[6])
    s, events = play(s, "P1 intercept")
    assert of_kind(events, "intercept") and raider in s.bags[1] and s.area[shield] == "arena"


def test_a_stander_stays_when_its_item_moves_or_falls():
    s = empty_table(bags=["keep", "keep"])
    shield = place(s, 0, "I0002", 3, "arena")
    goblin = place(s, 0, "C0001", 3, shield)
    s, _ = play(s, f"P1 move {d(shield)} base")
    assert s.area[shield] == "base" and s.area[goblin] == "arena" and s.on[goblin] == -1


# ---- an item with a recurring power: works when first put on a die, then at the start of
# each of its owner's turns (the kit's Bone Charm, up to its face value in all)
def test_the_bone_charm_works_on_arrival_and_at_each_of_its_owner_s_turns():
    s = empty_table(bags=["keep", {**KEEP, "I0004": 1}])
    s.turn_seat = 1
    goblin = place(s, 1, "C0001", 3, "arena")  # 4
    charm = place(s, 1, "I0004", 3, "rack")  # face 3: +1 a time, up to 2
    s.phase = "arrange"
    bones(s, P2=[1])
    s, events = play(s, "P2 roll", f"P2 enter {d(goblin)}")
    assert s.on[charm] == goblin  # carried by the goblin
    assert [e.rule for e in of_kind(events, "recurring")] == ["rolled_bones.dice.item_recurring"]
    assert value(s, goblin) == 5
    s, _ = play(s, "P2 next")
    s, _ = quiet_turn(s, 0)
    assert value(s, goblin) == 6  # again at the start of P2's turn
    s, _ = quiet_turn(s, 1)
    s, _ = quiet_turn(s, 0)
    assert value(s, goblin) == 6  # its face value (2) is reached: no more


KEEP = {"B0001": 4, "B0002": 2, "B0003": 3, "C0001": 2, "C0002": 1, "C0003": 2, "C0005": 1,
        "I0001": 1, "I0002": 1, "M0001": 2, "M0002": 1}


# ---- an owner's dice are used against him only if he grants it
def test_an_ally_uses_an_owner_s_dice_against_him_only_once_he_grants_it():
    s = empty_table(3, alliances=True)
    ally = place(s, 1, "C0002", 2, "arena")  # P2's archer
    mine = place(s, 1, "C0001", 3, "arena")  # P2's goblin
    s.allies = [(0, 1)]
    assert f"P1 attack {d(ally)} {d(mine)}" not in labels(s)
    assert "only if he grants it" in refused(s, f"P1 attack {d(ally)} {d(mine)}", "alliances.command")
    assert "P2 grant p1" in seat_labels(s, 1)  # his choice, at any time
    s, events = play(s, "P2 grant p1")
    assert s.grants == [(1, 0)] and of_kind(events, "grant")
    assert f"P1 attack {d(ally)} {d(mine)}" in labels(s)
    bones(s, P1=[6], P2=[1])
    s, events = play(s, f"P1 attack {d(ally)} {d(mine)}")
    # turning P2's die on P2 is an attack between members: the alliance and its grant end
    assert s.allies == [] and s.grants == [] and of_kind(events, "alliance_broken")


# ---- the arena rack may be arranged by its owner: in his turn, after its leftmost die played
def test_in_the_arena_a_player_arranges_his_own_rack_and_its_leftmost_die_opens_his_next_turn():
    s = empty_table(variant="arena")
    fill_racks(s)
    first, second = s.racks[0][0], s.racks[0][1]
    assert "P1 swap r1 r2" in labels(s) and not any(x.startswith("P2 swap") for x in seat_labels(s, 1))
    s, events = play(s, "P1 swap r1 r2")
    assert s.racks[0][:2] == [second, first]
    assert of_kind(events, "arrange")[0].rule == "rolled_bones.arena.rack"
    for _ in range(4):
        s, _ = play(s, "P1 swap r1 r2")
    assert "at most 5 swaps" in refused(s, "P1 swap r1 r2", "arena.rack")
    s, _ = play(s, "P1 next")
    s, events = play(s, "P2 next")  # P2 passes; P1's next turn opens with the die now leftmost
    played = [e for e in events if e.kind == "into_play"][-1]
    assert played.data["die"] == second and played.data["seat"] == 0


def _allied_p1_p2(s):
    """P1 and P2 allied (staged)."""
    s.allies = [(0, 1)]
    return s


def test_a_table_takes_a_break_typed_by_a_human_who_owes_no_decision():
    from bonekit.widgets import Table

    table = Table("rolled_bones", ["human", "human", "builder"], seed=3, alliances=True, stage=_allied_p1_p2)
    assert GAME.to_move(table.state) == (0,) and table.active == 0
    assert table.act("P2 break p1")  # P2 owes nothing, yet may end the alliance at any time
    assert table.state.allies == [] and table.actions == ["P2 break p1"]
    assert "✗" not in table.status.value and table.active == 0  # P1's turn goes on
