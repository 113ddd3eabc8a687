"""Rolled Bones engine fixes of issue 19, each tested against what the rulebook says: a creature
acts once a turn, magic on a carried item counts in battle, and magic leaves play with the die
it modifies."""
from __future__ import annotations

from bonekit.games.rolled_bones.scenarios import empty_table, place, script
from test_rolled_bones_rules import bones, d, labels, play, refused


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
