"""The staging behind the Rolled Bones notebooks (bonekit.games.rolled_bones.lessons and tutorial,
bonekit.widgets.lessons.rolled_bones and rolled_bones_variants): staged positions hold the dice
their docstrings name, every label a notebook plays is legal where it plays it and does what the
prose says, the guided tables do what their texts say, and the exercises' answers are the
engine's. The numbers notebooks 02 and 03 quote are checked here (the notebooks show them, in
words, with no asserts of their own), and so is what the notebooks may show: no staging code,
no rule section twice, the first move near the top, no exercise answered before it is asked."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import bonekit
from bonekit.core.errors import IllegalAction
from bonekit.games.rolled_bones import lessons, odds, scenarios, studies, tutorial
from bonekit.games.rolled_bones.battle import fixed_total, total_parts
from bonekit.games.rolled_bones.data import components, die_type
from bonekit.games.rolled_bones.dice import face, guard, kind, power, value
from bonekit.games.rolled_bones.state import die_index
from bonekit.widgets.lessons import rolled_bones_variants as variants
from bonekit.widgets.lessons.rolled_bones import (
    FIRST_TURN_SEED,
    FIRST_TURN_STEPS,
    bot_turn,
    dice_sheet,
    first_turn,
    tell,
)
from bonekit.widgets.scene import Rect, Text
from bonekit.widgets.teaching import check, play, refuse

game = bonekit.load("rolled_bones")


def die(state, label):
    """(name, shown value, area) of die ``label``."""
    i = die_index(label)
    return die_type(state.codes[i]).name, value(state, i), state.area[i]


def events_of(state, *labels):
    """The state after ``labels`` and all their events."""
    out = []
    for label in labels:
        state, events = game.apply(state, label)
        out += events
    return state, out


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def bag_codes(state, seat):
    return sorted(state.codes[i] for i in state.bags[seat])


def check_places(state):
    """Every die is in exactly one place, and the lists agree with ``area``."""
    n = len(state.codes)
    seen = [i for p in range(state.players) for i in state.bags[p] + state.racks[p] + state.bases[p]]
    listed = set(seen)
    assert len(seen) == len(listed)
    for i in range(n):
        p = state.owners[i]
        where = state.area[i]
        if where in ("bag", "rack"):
            assert i in (state.bags[p] if where == "bag" else state.racks[p])
        elif die_type(state.codes[i]).kind == "base":
            assert where == "base" and i in state.bases[p]
        else:
            assert i not in listed and where in ("base", "arena")
            if state.on[i] >= 0:
                assert state.area[state.on[i]] == where
    assert all(len(r) <= 6 for r in state.racks)


# ---- staging -----------------------------------------------------------------------------------------


def test_stage_places_the_named_dice_and_bags_the_rest():
    state, dice = lessons.stage(
        {
            "wall": ("P2", "B0001", 3, "base"),
            "post": ("P2", "B0003", 5, "base"),
            "guard": ("P2", "C0001", 2, "wall"),
            "goblin": ("P1", "C0001", 4, "arena"),
            "plus": ("P1", "M0001", 3, "goblin"),
            "shield": ("P1", "I0002", 1, "goblin"),
            "knight": ("P1", "C0003", 2, "rack"),
        },
        script={"P1": {"bones": [6]}},
    )
    assert dice == {
        "wall": "d21",
        "post": "d27",
        "guard": "d29",
        "goblin": "d10",
        "plus": "d18",
        "shield": "d17",
        "knight": "d13",
    }
    assert state.bases == [[], [20, 26]] and state.racks == [[12], []]
    assert guard(state, 20) == 28 and state.area[28] == "base"
    assert value(state, 9) == 4 + 2 and state.amount[17] == 2 and state.on[16] == 9
    assert state.area[16] == state.area[17] == "arena"
    assert (state.turn_seat, state.phase, state.round) == (0, "act", 2)
    assert state.script == {"P1": {"bones": [6]}}
    assert len(state.bags[0]) == 20 - 4 and len(state.bags[1]) == 20 - 3
    check_places(state)


@pytest.mark.parametrize(
    "pieces",
    [
        {"x": ("P1", "B0001", 3, "arena")},  # base dice only in a base
        {"x": ("P1", "C0001", 3, "base")},  # creatures do not join the row
        {"x": ("P1", "M0001", 3, "arena")},  # magic sits on a die
        {"x": ("P1", "C0004", 3, "arena")},  # keep has no Bat Swarm
        {"x": ("P1", "C0001", 7, "arena")},  # no face 7
        {"x": ("P1", "C0001", 3, "nowhere")},
        {"a": ("P1", "C0001", 3, "arena"), "b": ("P1", "C0003", 3, "a")},  # a creature on a creature
        {
            "w": ("P1", "B0001", 3, "base"),
            "a": ("P1", "C0001", 3, "w"),
            "b": ("P1", "C0003", 3, "w"),
        },  # two guards
        {"w": ("P2", "B0001", 3, "base"), "a": ("P1", "C0001", 3, "w")},  # a guard on another's base
        {
            "a": ("P1", "C0001", 3, "arena"),
            "m": ("P1", "M0001", 3, "a"),
            "n": ("P1", "M0002", 3, "m"),
        },  # magic on magic
        {
            "a": ("P1", "C0001", 3, "arena"),
            "m": ("P1", "M0001", 3, "a"),
            "n": ("P1", "M0001", 4, "a"),
            "o": ("P1", "M0002", 3, "a"),
        },  # a third magic die
        {f"r{k}": ("P1", "B0001" if k < 4 else "B0003", 3, "rack") for k in range(7)},  # a rack of seven
    ],
)
def test_stage_refuses_impossible_positions(pieces):
    with pytest.raises(ValueError):
        lessons.stage(pieces)


def test_stage_checks_its_phase_and_seat():
    with pytest.raises(ValueError):
        lessons.stage({}, phase="enter")
    with pytest.raises(ValueError):
        lessons.stage({}, turn="P3")


@pytest.mark.parametrize(
    "scene",
    [
        lessons.doors_scene,
        lessons.flyer_scene,
        lessons.spill_scene,
        lessons.magic_scene,
        lessons.items_scene,
        lessons.band_scene,
        lessons.flash_scene,
        lessons.win_scene,
        lessons.exercise_duel,
        *[lambda name=name: lessons.power_scene(name) for name in lessons.POWER_SCENES],
    ],
)
def test_every_scene_is_a_sound_position(scene):
    state = scene()
    check_places(state)
    assert game.to_move(state) == (state.turn_seat,) and game.legal_actions(state, state.turn_seat)
    assert game.text(state)  # the engine can describe it


def test_doors_at_the_roll_mark_the_dice_standing_on_a_door():
    state = lessons.doors_scene()
    assert [i + 1 for i, at in enumerate(state.door_at_roll) if at] == [13, 31]  # knight, archer
    assert not any(
        lessons.stage({"w": ("P1", "B0001", 3, "base"), "g": ("P1", "C0001", 3, "w")}, phase="build")[
            0
        ].door_at_roll
    )


# ---- battles ----------------------------------------------------------------------------------------


def test_the_first_duel_is_won_by_the_higher_total():
    duel = lessons.face_off(*lessons.DUEL, rolls=(4, 2))
    assert die(duel, "d10") == ("Goblin", 4, "arena") and die(duel, "d33") == ("Skeleton Knight", 3, "arena")
    after, events = events_of(duel, "P1 attack d10 d33")
    assert after.last_rolls["totals"] == (8, 5) and after.area[32] == "bag" and after.area[9] == "arena"
    assert all(e.data["scripted"] for e in kinds(events, "bones"))
    assert lessons.duel_result(game, duel, "P1 attack d10 d33") == "attacker wins"


def test_ties_both_fall_unless_one_side_strikes_first():
    tie = lessons.face_off(*lessons.DUEL, rolls=(4, 5))
    assert lessons.duel_result(game, tie, "P1 attack d10 d33") == "both fall"
    first = lessons.face_off(("C0001", 3), ("C0003", 1), rolls=(4, 5))
    assert die(first, "d33")[1] == 3 and "first_strike" in face(first, 32).symbols
    after, _ = events_of(first, "P1 attack d10 d33")
    assert after.last_rolls["totals"] == (8, 8) and after.area[9] == "bag" and after.area[32] == "arena"


def test_exercise_two_is_a_tie_of_two_first_strikes():
    duel = lessons.exercise_duel()
    for i in (9, 32):
        assert face(duel, i).value == 5 and "first_strike" in face(duel, i).symbols
    after, _ = events_of(duel, "P1 attack d10 d33")
    assert after.last_rolls["totals"] == (8, 8) and after.area[9] == after.area[32] == "bag"
    answer = lessons.duel_result(game, duel, "P1 attack d10 d33")
    assert answer == "both fall" and check("Both fall.", answer).ok and not check("defender wins", answer).ok


def test_a_shot_that_misses_hurts_no_one_and_an_equal_hit_roll_hits():
    miss = lessons.face_off(("C0002", 3), ("C0001", 3), rolls=(2, 4))
    shots = {a.label for a in game.legal_actions(miss, 0)}
    assert {"P1 attack d12 d29", "P1 shoot d12 d29"} <= shots
    after, events = events_of(miss, "P1 shoot d12 d29")
    assert kinds(events, "miss") and not kinds(events, "defeated")
    assert after.area[11] == after.area[28] == "arena"
    assert lessons.duel_result(game, miss, "P1 shoot d12 d29") == "no one falls"
    hit = lessons.face_off(("C0002", 3), ("C0001", 3), rolls=((4, 5), (4, 2)))
    after, events = events_of(hit, "P1 shoot d12 d29")
    assert kinds(events, "hit") and after.last_rolls["hit"] == (4, 4)
    assert after.last_rolls["totals"] == (8, 6) and after.area[28] == "bag"  # the notebook's 8 against 6
    assert all(e.data["scripted"] for e in kinds(events, "bones"))


def test_an_archer_may_fight_hand_to_hand_and_then_risks_itself():
    shot = lessons.face_off(("C0002", 3), ("C0001", 3), rolls=(2, 4))
    after, events = events_of(shot, "P1 attack d12 d29")  # the notebook's 5 against 8
    assert not kinds(events, "hit") and not kinds(events, "miss")
    assert after.last_rolls["projectile"] is False and after.last_rolls["totals"] == (5, 8)
    assert after.area[11] == "bag" and after.area[28] == "arena"


# ---- doors, interception, spills -----------------------------------------------------------------


def test_doors_scene_exits_only_from_a_door_stood_on_at_the_roll():
    doors = lessons.doors_scene()
    assert lessons.door_words(doors, 0).startswith("front door d1 ") and doors.bases[0] == [0, 6, 1]
    assert doors.on[14] == 6 and doors.on[12] == 1 and doors.on[30] == 20
    with pytest.raises(IllegalAction) as refused:
        game.apply(doors, "P1 move d15 arena")
    assert refused.value.rule == "rolled_bones.areas.doors"
    stepped = play(game, doors, "P1 step d15 d1", quiet=True)
    assert stepped.on[14] == 0
    with pytest.raises(IllegalAction) as refused:
        game.apply(stepped, "P1 move d15 arena")
    assert refused.value.rule == "rolled_bones.areas.doors"
    out = play(game, stepped, "P1 move d13 arena", quiet=True)
    assert out.area[12] == "arena" and out.on[12] == -1


def test_flying_leaves_from_the_middle_of_the_base():
    flyer = lessons.flyer_scene()
    assert flyer.turn_seat == 1 and flyer.on[33] == flyer.bases[1][1]  # d27, no door
    assert play(game, flyer, "P2 move d34 arena", quiet=True).area[33] == "arena"


def test_interception_turns_the_attack_on_the_guard():
    doors = play(game, lessons.doors_scene(), "P1 step d15 d1", "P1 move d13 arena", quiet=True)
    asked = play(game, doors, "P1 attack d10 d21", quiet=True)
    assert [a.label for a in game.legal_actions(asked, 1)] == ["P2 intercept", "P2 hold"]
    after, events = events_of(asked, "P2 intercept")
    assert after.last_rolls["target"] == (30,) and after.last_rolls["totals"] == (7, 8)
    assert after.area[9] == "bag" and after.area[30] == "base" and after.bases[1][0] == 20  # the wall stands


def test_a_fallen_front_door_spills_its_guard_and_the_row_closes_up():
    fall = play(game, lessons.spill_scene(), "P1 attack d10 d21", "P2 hold", quiet=True)
    assert fall.area[20] == "bag" and fall.last_rolls["totals"] == (8, 4)
    assert [a.label for a in game.legal_actions(fall, 1)] == ["P2 spill arena", "P2 spill base"]
    after = play(game, fall, "P2 spill arena", "P2 done", quiet=True)
    assert after.area[30] == "arena" and lessons.front_door(after, 1) == "d27"
    assert lessons.door_words(after, 1) == "front door d27 Watch Post (3), back door d22 Bone Wall (6)"


def test_exercise_three_rearranges_the_strongest_die_to_the_front():
    fall = play(game, lessons.spill_scene(), "P1 attack d10 d21", "P2 hold", quiet=True)
    after = play(game, fall, *lessons.EXERCISE_SWAPS, quiet=True)
    assert lessons.front_door(after, 1) == "d22" and after.bases[1] == [21, 24, 26]
    assert after.area[30] == "base" and after.on[30] == -1 and not after.queue


# ---- magic, items, bands, flash ----------------------------------------------------------------------


def test_magic_scene_contortion_targets_every_die_in_play_but_magic():
    magic = lessons.magic_scene()
    assert die(magic, "d10") == ("Goblin", 1, "arena") and magic.on[39] == 9
    rolled = play(game, magic, "P1 roll", quiet=True)
    assert rolled.entering == 17
    targets = [a.args[0] for a in game.legal_actions(rolled, 0)]
    assert targets == ["d1", "d7", "d10", "d21", "d27", "d31"]
    with pytest.raises(IllegalAction):
        game.apply(rolled, "P1 enter d40")


def test_the_drain_recurs_and_wears_an_unprotected_goblin_out():
    rolled = play(game, lessons.magic_scene(), "P1 roll", quiet=True)
    saved = play(game, rolled, "P1 enter d10", quiet=True)
    assert value(saved, 9) == 3
    with pytest.raises(IllegalAction) as refused:
        game.apply(saved, "P1 attack d10 d40")
    assert refused.value.rule == "rolled_bones.battle.targets"
    saved, events = events_of(saved, "P1 next")
    assert kinds(events, "recurring") and value(saved, 9) == 2 and saved.area[9] == "arena"
    lost, events = events_of(rolled, "P1 enter d31", "P1 next")
    assert kinds(events, "worn_out") and lost.area[9] == "bag" and 9 in lost.bags[0]
    assert 39 in lost.bags[0]  # the drain goes with the goblin it wore out
    assert value(lost, 30) == 5  # the archer keeps its +2


def test_items_count_on_one_side_only_and_their_creatures_roll_once_more():
    items = lessons.items_scene()
    assert face(items, 32).power == "charge" and items.on[35] == 32 and face(items, 9).power == "frenzy"
    assert [p for p in total_parts(items, (32,), True)] == [("Skeleton Knight", 4), ("Rusty Blade", 2)]
    assert [p for p in total_parts(items, (32,), False)] == [("Skeleton Knight", 4)]
    assert [p for p in total_parts(items, (9,), False)] == [("Goblin", 3), ("Bone Shield", 3)]
    after, events = events_of(items, "P2 move d33 arena", "P2 attack d33 d10")
    assert len([e for e in kinds(events, "bones") if e.rule == "rolled_bones.dice.weapons"]) == 2
    assert after.last_rolls["rolls"] == (7, 5) and after.last_rolls["totals"] == (13, 11)
    assert after.area[9] == after.area[16] == "bag"  # the goblin goes back with its shield


def test_a_band_fights_as_one_and_stays_set_for_the_turn():
    band = play(game, lessons.band_scene(), "P1 band d10 d15", quiet=True)
    assert band.band[9] == band.band[14] == 9
    for label, rule in (
        ("P1 unband d10", "rolled_bones.turn.band"),
        ("P1 attack d15 d33", "rolled_bones.band.abilities"),
    ):
        with pytest.raises(IllegalAction) as refused:
            game.apply(band, label)
        assert refused.value.rule == rule
    after = play(game, band, "P1 attack d10 d33", quiet=True)
    assert fixed_total(band, (9, 14), True) == 7 and after.last_rolls["totals"] == (10, 8)
    assert after.area[32] == "bag"
    with pytest.raises(IllegalAction, match="before the turn's first attack"):
        game.apply(after, "P1 unband d10")


def test_flash_dice_come_in_out_of_turn_and_in_the_defenders_window():
    flash = play(game, lessons.flash_scene(), "P1 flash r1", "P1 enter arena", "P1 flash r1", quiet=True)
    assert flash.area[11] == "arena" and flash.bases[0][-1] == 0 and not flash.racks[0]
    asked = play(game, flash, "P1 attack d13 d29", quiet=True)
    assert [a.label for a in game.legal_actions(asked, 1)] == ["P2 flash r1", "P2 pass"]
    after = play(game, asked, "P2 flash r1", "P2 enter arena", quiet=True)
    assert after.area[33] == "arena" and after.area[28] == "bag" and after.last_rolls["totals"] == (9, 6)


# ---- powers: the fifth face -------------------------------------------------------------------------


def battle_parts(state):
    """The (attack, defence) parts of the last battle, as dicts of label -> amount."""
    return tuple(dict(side) for side in state.last_rolls["parts"])


def test_every_power_has_a_scene_whose_die_shows_it_and_a_plain_twin_that_does_not():
    assert set(lessons.POWER_SCENES) | set(lessons.POWER_SHOWN_BY) == set(components().powers)
    for name, scene in lessons.POWER_SCENES.items():
        shown, plain = lessons.power_scene(name), lessons.power_scene(name, power_up=False)
        i = die_index(lessons.stage(scene.pieces)[1][scene.die])
        assert power(shown, i) == name and power(plain, i) is None
        assert value(shown, i) == value(plain, i)  # the power is the only difference
        assert components().powers[name]["die"] == shown.codes[i]
        assert game.to_move(shown) == (0 if scene.turn == "P1" else 1,)
    knight = lessons.items_scene()
    assert power(knight, die_index("d33")) == "charge"


def test_thick_adds_two_to_the_walls_defence_and_holds_the_door():
    after, _ = events_of(lessons.power_scene("thick"), "P1 attack d10 d21")
    attack, defence = battle_parts(after)
    assert defence == {"Bone Wall": 4, "thick": 2} and "thick" not in attack
    assert after.last_rolls["totals"] == (8, 9) and after.area[20] == "base" and after.area[9] == "bag"
    plain, _ = events_of(lessons.power_scene("thick", power_up=False), "P1 attack d10 d21")
    assert plain.last_rolls["totals"] == (8, 7) and plain.area[20] == "bag"  # "would have won 8 to 7"


def test_decoy_draws_the_base_attack_away_from_the_front_door():
    decoy = lessons.power_scene("decoy")
    assert decoy.bases[1] == [20, 24, 26] and lessons.front_door(decoy, 1) == "d21"
    assert lessons.attack_targets(game, decoy, "d10") == ["d25"]
    with pytest.raises(IllegalAction):
        game.apply(decoy, "P1 attack d10 d21")
    assert lessons.attack_targets(game, lessons.power_scene("decoy", power_up=False), "d10") == ["d21"]


def test_lookout_gives_the_guard_one_more_and_the_interception_wins():
    lookout = lessons.power_scene("lookout")
    assert guard(lookout, die_index("d27")) == die_index("d29") and lessons.front_door(lookout, 1) == "d27"
    after, events = events_of(lookout, "P1 attack d10 d27", "P2 intercept")
    assert kinds(events, "intercept")
    assert battle_parts(after)[1] == {"Goblin": 4, "lookout": 1} and after.last_rolls["totals"] == (7, 8)
    assert after.area[9] == "bag" and after.area[28] == "base"
    plain, _ = events_of(lessons.power_scene("lookout", power_up=False), "P1 attack d10 d27", "P2 intercept")
    assert plain.last_rolls["totals"] == (7, 7) and plain.area[9] == plain.area[28] == "bag"


def test_frenzy_adds_two_to_the_goblins_attack():
    after, _ = events_of(lessons.power_scene("frenzy"), "P1 attack d10 d29")
    assert battle_parts(after)[0] == {"Goblin": 3, "frenzy": 2} and after.last_rolls["totals"] == (8, 7)
    assert after.area[28] == "bag" and after.area[9] == "arena"
    plain, _ = events_of(lessons.power_scene("frenzy", power_up=False), "P1 attack d10 d29")
    assert plain.last_rolls["totals"] == (6, 7) and plain.area[9] == "bag"


def test_volley_rolls_twice_for_the_hit_and_keeps_the_better():
    after, events = events_of(lessons.power_scene("volley"), "P1 shoot d12 d29")
    hits = [
        e.data["roll"] for e in kinds(events, "bones") if e.data["seat"] == 0 and "hit roll" in e.data["why"]
    ]
    assert hits == [2, 5] and [e.rule for e in kinds(events, "bones")][1] == "rolled_bones.powers.volley"
    assert after.last_rolls["hit"] == (5, 4) and after.last_rolls["totals"] == (8, 6)
    assert after.area[28] == "bag"
    plain, events = events_of(lessons.power_scene("volley", power_up=False), "P1 shoot d12 d29")
    assert kinds(events, "miss") and plain.last_rolls["hit"] == (2, 4) and plain.area[28] == "arena"


def test_swoop_may_attack_any_base_die_where_others_only_reach_the_front_door():
    swoop = lessons.power_scene("swoop")
    assert swoop.bases[0] == [0, 6, 1]
    assert sorted(lessons.attack_targets(game, swoop, "d34")) == ["d1", "d2", "d7"]
    assert lessons.attack_targets(game, swoop, "d29") == ["d1"]
    assert lessons.attack_targets(game, lessons.power_scene("swoop", power_up=False), "d34") == ["d1"]
    _, events = events_of(swoop, "P2 attack d34 d2")  # the swoop really goes for the back door
    assert kinds(events, "attack")[0].data["target"] == 1 and kinds(events, "battle")


def test_unyielding_stands_through_a_tie_even_against_first_strike():
    unyielding = lessons.power_scene("unyielding")
    assert "first_strike" in face(unyielding, die_index("d33")).symbols
    after, events = events_of(unyielding, "P1 attack d15 d33")
    assert after.last_rolls["totals"] == (8, 8)
    assert kinds(events, "battle")[0].rule == "rolled_bones.powers.unyielding"
    assert after.area[14] == "arena" and after.area[32] == "bag"
    plain, _ = events_of(lessons.power_scene("unyielding", power_up=False), "P1 attack d15 d33")
    assert plain.area[14] == "bag" and plain.area[32] == "arena"  # first strike wins the plain tie


# ---- winning ----------------------------------------------------------------------------------------


def test_a_declared_base_held_for_a_round_wins():
    win = play(game, lessons.win_scene(), *lessons.WIN_PLAY, quiet=True)
    assert win.declared[0] >= 0 and len(win.bases[0]) == 6 and win.turn_seat == 1
    assert win.area[9] == "arena" and win.area[28] == "arena"  # both goblins came in
    after = play(game, win, "P2 next", quiet=True)
    assert game.outcome(after).winners == (0,) and game.outcome(after).rule == "rolled_bones.goal.hold"


def test_an_attack_in_between_voids_the_claim():
    win = play(game, lessons.win_scene(), *lessons.WIN_PLAY, quiet=True)
    broken, events = events_of(win, "P2 attack d33 d1", "P1 done", "P2 next")
    assert kinds(events, "claim_lost") and game.outcome(broken) is None
    assert len(broken.bases[0]) == 5 and broken.turn_seat == 0 and broken.declared[0] == -1


def test_a_forgotten_claim_waits_for_the_next_turn():
    forgot = play(game, lessons.win_scene(), "P1 build r1", *lessons.WIN_PLAY[2:], "P2 next", quiet=True)
    assert game.outcome(forgot) is None and forgot.turn_seat == 0
    assert [a.label for a in game.legal_actions(forgot, 0)] == ["P1 declare", "P1 draw"]


def test_the_turn_starts_with_the_claim_check_and_the_winner_starts_the_next_game():
    win = play(game, lessons.win_scene(), *lessons.WIN_PLAY, quiet=True)
    won, events = events_of(win, "P2 next")
    # P1's turn begins (no recurring magic of P1's is out), then the standing claim wins it
    assert [(e.kind, e.rule) for e in events][1:] == [
        ("turn", "rolled_bones.turn"),
        ("end", "rolled_bones.goal.hold"),
    ]
    assert game.outcome(won).winners == (0,) and won.declared[0] >= 0
    rematch = game.new(2, seed=1, first=game.outcome(won).winners[0])
    setup = game.setup_events(rematch)
    assert rematch.turn_seat == 0 and not kinds(setup, "bones")
    assert [e.rule for e in kinds(setup, "first")] == ["rolled_bones.goal.next_game"]


# ---- the lesson's table, the guided turn and exercise 1 ----------------------------------------------


def test_the_lesson_table_is_as_the_notebook_tells_it():
    state = game.new(2, seed=lessons.LESSON_SEED)
    setup = game.setup_events(state)
    assert len(kinds(setup, "redraw")) == 1 and kinds(setup, "redraw")[0].data["seat"] == 1
    assert [e.data["roll"] for e in kinds(setup, "bones")] == [1, 6] and state.turn_seat == 0
    base_places = [k + 1 for k, i in enumerate(state.racks[0]) if die_type(state.codes[i]).kind == "base"]
    assert base_places == [2, 5]
    after = play(game, state, *lessons.FIRST_TURN[:3], quiet=True)
    assert after.bases[0] == [1, 7]
    assert [die(after, f"d{i + 1}")[0] for i in after.racks[0][-2:]] == ["Decoy Gate", "Goblin"]
    with pytest.raises(IllegalAction) as refused:
        game.apply(after, "P1 build r5")
    assert refused.value.rule == "rolled_bones.turn.build"


def test_exercise_one_counts_rack_places_after_the_refill():
    state = game.new(2, seed=lessons.LESSON_SEED)
    ready = play(game, state, "P1 build r2", "P1 build r4", "P1 draw", quiet=True)
    assert lessons.comes_in(ready, lessons.EXERCISE_ROLL) == "Contortion"
    assert lessons.comes_in(ready, 6) == "Goblin"
    rolled = play(game, ready, "P1 roll", quiet=True)
    assert die_type(rolled.codes[rolled.entering]).name == "Goblin"  # the game's own roll was a 6
    with pytest.raises(ValueError):
        lessons.comes_in(ready, 7)


def test_the_first_bot_turn_warps_the_front_door(capsys):
    state = play(game, game.new(2, seed=lessons.LESSON_SEED), *lessons.FIRST_TURN, quiet=True)
    capsys.readouterr()
    after = bot_turn(game, state)
    out = capsys.readouterr().out
    assert "» P2 build r1" in out and "» P2 next" in out
    assert after.turn_seat == 0 and len(after.bases[1]) == 4
    warp = next(i for i in range(len(after.codes)) if after.codes[i] == "M0002" and after.area[i] != "bag")
    assert after.on[warp] == 1 and value(after, 1) == 1  # on P1's front door, the Bone Wall d2


def test_guided_first_turn_does_what_its_texts_say():
    table = first_turn()
    assert table.seed == FIRST_TURN_SEED and [s.move for s in FIRST_TURN_STEPS] == list(lessons.FIRST_TURN)
    for k, step in enumerate(FIRST_TURN_STEPS):
        assert table.expected is not None and table.expected.label == step.move
        assert table.act(step.move), step.move
        s = table.state
        if k == 0:
            assert s.bases[0] == [1] and die(s, f"d{s.racks[0][3] + 1}")[0] == "Watch Post"
        if k == 2:
            new = [
                (die_type(s.codes[i]).name, face(s, i).value, sorted(face(s, i).symbols))
                for i in s.racks[0][4:]
            ]
            assert new == [("Decoy Gate", 1, ["flash"]), ("Goblin", 5, ["first_strike"])]
        if k == 3:
            assert die_type(s.codes[s.entering]).name == "Goblin"
        if k == 4:
            assert s.area[10] == "arena"
    s = table.state
    assert table.finished and s.turn_seat == 0 and len(s.bases[1]) == 4 and value(s, 1) == 1
    assert "Guided moves done" in table.guide.value


def test_guided_table_explains_a_wrong_move():
    table = first_turn()
    assert not table.act("P1 draw") and "stuck in the rack" in table.status.value
    assert not table.act("P1 build r5") and "front door" in table.status.value
    assert not table.act("P1 build r1") and "rolled_bones.turn.build" in table.status.value
    assert table.actions == [] and table.done_steps == 0
    for step in FIRST_TURN_STEPS[:4]:
        table.act(step.move)
    assert not table.act("P1 enter d2") and "front door" in table.status.value
    assert table.done_steps == 4 and table.state.entering == 10


def test_every_hint_names_a_legal_move_of_its_step():
    state = game.new(2, seed=lessons.LESSON_SEED)
    for step in FIRST_TURN_STEPS:
        legal = {a.label for a in game.legal_actions(state, 0)}
        assert step.move in legal and set(step.hints) <= legal | {
            f"P1 swap r{i} r{j}" for i in range(1, 7) for j in range(i + 1, 7)
        }
        state = play(game, state, step.move, quiet=True)


# ---- the rulebook's example, told -------------------------------------------------------------------


def test_tell_replays_the_example_sentence_by_sentence(capsys):
    start = game.new(2, seed=0, **scenarios.example_options())
    end = tell(game, start, scenarios.EXAMPLE_STEPS)
    out = capsys.readouterr().out
    assert out.count("▶ ") == len(scenarios.EXAMPLE_STEPS)
    for sums in (
        "Attack roll 2 + Goblin 4 + magic 1 = 7 against defence roll 1 + Bone Wall 4 = 5",
        "Hit roll 4 against 3: a hit.",
        "Damage roll 5 + Archer 3 + magic 2 = 10 against roll 4 + Goblin 4 + magic 1 = 9",
    ):
        assert sums in out
    assert game.text(end) == game.text(scenarios.rulebook_example().final_state())
    assert end.area[9] == end.area[17] == "bag" and end.area[20] == "bag" and end.area[30] == "arena"


def test_tell_stops_at_a_refused_label(capsys):
    start = game.new(2, seed=0, **scenarios.example_options())
    end = tell(game, start, [("A tries to roll first.", ["P1 roll", "P1 next"])])
    assert "✗ P1 roll: refused" in capsys.readouterr().out and end is start


# ---- the kit's data and rulings --------------------------------------------------------------------


def test_dice_table_and_sheet_show_every_die_face_by_face():
    table = lessons.dice_table()
    c = components()
    for code, t in c.dice.items():
        assert t.title in table and " · ".join(lessons.face_words(code)) in table
    assert lessons.face_words("C0001") == ["2", "3 banding", "4", "4", "3 ★frenzy", "5 first strike"]
    assert lessons.face_words("M0002")[0] == "-1 flash"
    sheet = dice_sheet()
    faces = [s for s in sheet.shapes if isinstance(s, Rect) and s.w == s.h == 40]
    assert len(faces) == 6 * (len(c.dice) + 1)  # every die and the Bones
    texts = {s.text for s in sheet.shapes if isinstance(s, Text)}
    assert {t.name for t in c.dice.values()} <= texts and "+3" in texts and "F" in texts
    assert sheet.to_svg().startswith("<svg")


def test_data_sources_and_rulings():
    sources = dict(lessons.data_sources())
    assert all(sources[t.title].startswith("kit: ") for t in components().dice.values())
    assert sources["bag_rules"].startswith("kit: ")
    found = lessons.rulings(game.rules)
    ids = {s.id for s in found}
    assert {
        "rolled_bones.ruling.full_round",
        "rolled_bones.ruling.first_strike_both",
        "rolled_bones.ruling.worn_out",
        "rolled_bones.ruling.flying",
        "rolled_bones.ruling.stack_limits",
    } <= ids
    assert "rolled_bones.battle.hand_to_hand" not in ids
    assert "starter bag 'keep' (20 dice" in lessons.bags_table()


# ---- the whole bot game -------------------------------------------------------------------------------


def test_the_bot_game_is_short_with_battles_and_a_lost_claim():
    replay = lessons.bot_replay()
    assert replay.seed == lessons.STEPPER_SEED and len(replay.actions) < 250
    final = replay.final_state()
    assert game.outcome(final).winners == (0,)
    events = [e for step in replay.events for e in step]
    assert len(kinds(events, "battle")) >= 4 and kinds(events, "claim_lost")
    declares = kinds(events, "declare")
    assert [e.data["seat"] for e in declares] == [0, 0]
    assert lessons.tally(replay)["declare"] == 2


def test_the_opening_picture_shows_a_claimed_base_and_a_lost_attack_on_a_guard():
    replay = lessons.bot_replay()
    shown = replay.states[68]
    assert (shown.round, shown.turn_seat) == (7, 1) and shown.declared[0] >= 0
    assert len(shown.bases[0]) == 6 and sum(1 for i in shown.bases[0] if kind(shown, i) == "base") == 6
    rolls = shown.last_rolls
    assert rolls["totals"] == (8, 9) and rolls["parts"] == ((("Skeleton Knight", 6),), (("Bat Swarm", 4),))
    # the declaring rounds of the prose, and the Warp that voids the first claim
    rounds = [s.round for s, label in zip(replay.states[1:], replay.actions) if label.endswith("declare")]
    assert rounds == [6, 7]
    events = [e for step in replay.events for e in step]
    lost = next(i for i, e in enumerate(events) if e.kind == "claim_lost")
    assert events[lost - 1].kind == "worn_out" and "Watch Post" in events[lost - 1].text
    assert "Warp" in events[lost - 2].text and "P1's bag" in events[lost + 1].text


# ---- notebook 03's arena reader ------------------------------------------------------------------


def test_place_counts_show_the_arena_rack_as_base_and_bag():
    arena = game.new(2, variant="arena", seed=0)
    for seat in (0, 1):
        counts = lessons.place_counts(arena, seat)
        assert sum(counts.values()) == 6 and counts["bag"] == counts["base"] == 0
    assert lessons.place_line(arena, 0) == (
        "P1's 6 dice: 5 in the rack, 1 in the arena, 0 in the base, 0 in the bag"
    )
    base = lessons.place_counts(game.new(2, seed=lessons.LESSON_SEED), 0)
    assert base == {"rack": 6, "arena": 0, "base": 0, "bag": 14}


# ---- every catalog section is taught -------------------------------------------------------------------

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks" / "rolled_bones"


def notebook_text(path):
    """Every cell's source and every output's text (streams and text/* data) of a saved notebook."""

    def joined(x):
        return "".join(x) if isinstance(x, list) else x

    parts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        parts.append(joined(cell["source"]))
        for out in cell.get("outputs", []):
            parts.append(joined(out.get("text", "")))
            parts += [joined(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(parts)


def test_every_rule_section_appears_in_the_three_notebooks():
    paths = sorted(NOTEBOOKS.glob("0[123]_*.ipynb"))
    assert [p.name for p in paths] == [
        "01_learn_to_play.ipynb",
        "02_odds_lab.ipynb",
        "03_alliances_and_arena.ipynb",
    ]
    text = "\n".join(notebook_text(p) for p in paths)
    # a whole id: "rolled_bones.arena" is not counted by "rolled_bones.arena.rack"
    missing = [rule for rule in game.rules.ids() if not re.search(re.escape(rule) + r"(?!\w|\.\w)", text)]
    assert missing == []


# ---- readers in words --------------------------------------------------------------------------------


def test_readers_say_options_dice_outcomes_and_tallies_in_words():
    assert lessons.or_words([]) == "nothing" and lessons.or_words(["a"]) == "a"
    assert lessons.or_words(["a", "b", "c"]) == "a, b or c"
    doors = play(game, lessons.doors_scene(), "P1 attack d10 d21", quiet=True)
    assert lessons.options_line(game, doors, 1) == "P2 intercept or P2 hold"
    shot = lessons.face_off(("C0002", 3), ("C0001", 3), rolls=(2, 4))
    assert lessons.options_line(game, shot, 0, verbs=("shoot",)) == "P1 shoot d12 d21 or P1 shoot d12 d29"
    assert lessons.options_line(game, shot, 0, die="d29") == "nothing"  # not P1's die
    swoop = lessons.power_scene("swoop")
    assert lessons.dice_line(swoop, lessons.attack_targets(game, swoop, "d29")) == "d1 Bone Wall (4)"
    assert lessons.outcome_line(game, swoop) == "no winner yet"
    won = play(game, lessons.win_scene(), *lessons.WIN_PLAY, "P2 next", quiet=True)
    assert lessons.outcome_line(game, won) == game.outcome(won).summary and "P1 wins" in lessons.outcome_line(
        game, won
    )
    line = lessons.tally_line(lessons.bot_replay())
    assert line.startswith("draw 15, ") and "declare 2" in line and "{" not in line
    assert tutorial.and_words([-5, -4, -3]) == "-5, -4 and -3" and tutorial.and_words([]) == "none"


# ---- notebook 02: the first fight, in the base game ----------------------------------------------------


def test_the_labs_first_fight_is_a_base_game_with_the_dice_its_texts_name():
    table = variants.guided_first_fight()
    s = table.state
    assert (
        table.variant is None
        and table.setup()["stage"] == "bonekit.games.rolled_bones.tutorial:lab_fight_table"
    )
    assert table.actions == [] and s.turn_seat == 0 and s.phase == "arrange" and s.bases == [[], []]
    assert [die(s, label) for label in ("d10", "d12", "d29", "d31")] == [
        ("Goblin", 4, "arena"),
        ("Archer", 3, "arena"),
        ("Goblin", 4, "arena"),
        ("Archer", 3, "arena"),
    ]
    assert [die(s, f"d{i + 1}")[0] for i in s.racks[0]][2] == "Contortion" and len(s.racks[0]) == 6
    assert s.racks[1] == [] and not any("flash" in face(s, i).symbols for i in s.racks[0])
    # the staged event says what the opening events of the discarded setup do not
    assert table.history[0][1][-1].kind == "staged"
    assert "P1 rolled lowest" in " ".join(e.text for e in table.history[0][1])
    # the first move is a click on the picture (the browser suite clicks it)
    assert "P1 roll" in [h.target for h in table.current_scene().hits]


def test_the_labs_first_fight_does_what_its_steps_say():
    table = variants.guided_first_fight()
    roll, enter, attack, shoot, _ = variants.LAB_FIGHT
    for step in variants.LAB_FIGHT:
        legal = {a.label for a in game.legal_actions(table.state, 0)}
        assert step.move in legal and set(step.hints) <= legal, step.move
        if step is shoot:
            # the hint's claim: hand to hand 3 against 3, the archer falls in 21 duels of 36
            even = odds.melee_odds(3, 3)
            assert (
                even.lose + even.both == Fraction(21, 36)
                and "21 duels of 36" in step.hints["P1 attack d12 d31"]
            )
        assert table.act(step.move), (step.move, table.status.value)
        s = table.state
        if step is roll:
            assert die(s, f"d{s.entering + 1}") == ("Contortion", 1, "rack") and "A 3" in step.done
        if step is enter:
            assert value(s, 9) == 5 and die(s, "d29")[1] == 4
        if step is attack:
            assert s.last_rolls["totals"] == (9, 7) and s.area[28] == "bag" and "9 against 7" in step.done
            # the done text must not give exercise 1 away
            assert "7/12" not in step.done and "7 in 12" not in step.done
        if step is shoot:
            assert s.area[30] == "bag" and s.last_rolls["totals"] == (7, 5)
            assert "5 against 2" in step.done and "7 against 2 + 3 = 5" in step.done
    s = table.state
    assert table.finished and s.turn_seat == 0 and s.round == 2
    assert table.actions[5] == "P2 draw" and "P2 next" in table.actions
    assert not table.act("P1 shoot d12 d31")  # free play: the archer's target is gone


def test_the_labs_first_fight_explains_the_wrong_moves():
    table = variants.guided_first_fight()
    assert not table.act("P1 swap r1 r3") and "as it stands" in table.status.value
    assert table.act("P1 roll")
    assert not table.act("P1 enter d29") and "helps P2" in table.status.value
    assert table.act("P1 enter d10")
    assert not table.act("P1 next") and "good bet" in table.status.value
    assert not table.act("P1 attack d12 d29") and "better odds" in table.status.value
    assert table.act("P1 attack d10 d29")
    assert not table.act("P1 attack d12 d31") and "21 duels of 36" in table.status.value
    assert table.actions == ["P1 roll", "P1 enter d10", "P1 attack d10 d29"]


# ---- notebook 02: the numbers the lab quotes ---------------------------------------------------------


def test_the_lab_counts_36_pairs_and_only_the_difference_matters():
    even = odds.melee_odds(4, 4)
    assert (even.win, even.both, even.lose) == (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))
    assert odds.melee_odds(9, 8) == odds.melee_odds(5, 4) == odds.melee_odds(1, 0)
    assert odds.melee_odds(5, 4).win == Fraction(7, 12)  # exercise 1


def test_first_strike_and_unyielding_take_the_ties():
    plain = odds.melee_odds(4, 4)
    attacker = odds.melee_odds(4, 4, first_strike=(True, False))
    assert attacker.win == plain.win + plain.both == Fraction(21, 36)
    assert (
        odds.melee_odds(4, 4, first_strike=(False, True)).lose
        == odds.melee_odds(4, 4, unyielding=(False, True)).lose
        == Fraction(21, 36)
    )
    assert odds.melee_odds(4, 4, first_strike=(True, True)) == plain
    # exercise 2: the contortion beats first strike against a defender's first strike
    assert odds.melee_odds(5, 4, first_strike=(False, True)).win == Fraction(21, 36)
    assert odds.melee_odds(4, 4, first_strike=(True, True)).win == Fraction(15, 36)


def test_shots_hit_seven_times_in_twelve_and_pay_only_when_far_behind():
    plain, volley = odds.shot_odds(3, 4), odds.shot_odds(3, 4, volley=True)
    assert (plain.hit, volley.hit) == (Fraction(21, 36), Fraction(161, 216))
    assert plain.win == plain.hit * plain.damage
    diffs = range(-5, 6)
    better = [d for d in diffs if odds.shot_odds(d, 0).win > odds.melee_odds(d, 0).win]
    assert better == [-5, -4, -3] and odds.shot_odds(5, 0).win == Fraction(7, 12)
    assert odds.shot_odds(5, 5).win == Fraction(49, 144)  # exercise 3


def test_an_extra_bones_die_is_worth_about_three_points():
    assert odds.melee_odds(4, 4, dice=(2, 1)).win == Fraction(181, 216)
    assert odds.melee_odds(0, 3, dice=(2, 1)).win == Fraction(1, 2)
    diffs = range(-6, 6)
    two = [d for d in diffs if odds.melee_odds(d, 0, dice=(2, 1)).win > odds.melee_odds(d + 3, 0).win]
    assert two == list(range(-6, 1))


def test_the_engines_battles_agree_with_the_counts():
    duels = studies.lab_duels(game)
    counts = studies.simulate_duels(game, duels, 4000)
    apart = [
        abs(r.z) for name, d in duels.items() for r in studies.compare(studies.outcome_odds(d), counts[name])
    ]
    assert len(apart) == 13 and max(apart) < 3 and f"{max(apart):.1f}" == "2.1"  # as the prose says
    for name, d in duels.items():
        assert studies.engine_odds(game, d) == studies.outcome_odds(d), name


def test_the_bag_study_as_the_lab_reports_it():
    bags = studies.bag_study(game, ("keep", "raid"), games=200)
    assert bags.wins["keep"] > 0.6 and min(bags.seating(0)["keep"], bags.seating(1)["keep"]) > 0.6
    assert 0.5 < bags.first_wins < 0.55 and 5 < bags.rounds < 6
    assert (f"{bags.wins['keep']:.0%}", f"{bags.first_wins:.1%}", f"{bags.rounds:.1f}") == (
        "63%",
        "54.5%",
        "5.4",
    )


# ---- notebook 03: alliances and the arena ------------------------------------------------------------


def test_alliance_cells_refuse_and_break_as_the_prose_says():
    start = studies.alliance_start(game)
    allied = play(game, start, "P1 propose p2", "P2 accept", quiet=True)
    declined = play(game, start, "P1 propose p2", "P2 decline", quiet=True)
    assert tutorial.alliance_line(allied) == "P1 and P2 are allies"
    assert tutorial.alliance_line(declined) == "no alliances"
    assert refuse(game, declined, "P1 propose p3")
    assert (
        lessons.options_line(game, allied, 0, die="d33")
        == "P1 move d33 base, P1 attack d33 d41 or P1 attack d33 d50"
    )
    fought = play(game, allied, "P1 attack d33 d50", quiet=True)
    assert fought.area[die_index("d50")] == "bag"
    for label, rule in (
        ("P1 attack d21 d50", "rolled_bones.dice.base"),
        ("P1 move d34 arena", "rolled_bones.areas"),
        ("P1 attack d33 d21", "rolled_bones.alliances.command"),
    ):
        with pytest.raises(IllegalAction) as refused:
            game.apply(allied, label)
        assert refused.value.rule == rule, label
    assert f"P1 attack d33 {lessons.front_door(allied, 2)}" == "P1 attack d33 d41"  # exercise 1
    broken = play(game, allied, "P1 break p2", quiet=True)
    assert refuse(game, broken, "P1 attack d33 d50") and broken.allies == []
    p2_turn = tutorial.alliance_bots_play(game, play(game, fought, "P1 next", quiet=True), until_turn_of="P2")
    assert p2_turn.turn_seat == 1 and p2_turn.allies == [(0, 1)]
    assert "P2 attack d13 d41" in lessons.options_line(game, p2_turn, 1, die="d13")
    betrayed = play(game, p2_turn, "P2 attack d33 d13", quiet=True)
    assert betrayed.allies == [] and tutorial.alliance_line(betrayed) == "no alliances"


def test_the_arena_replay_as_the_notebook_tells_it():
    replay = studies.arena_replay(seed=0)
    final = replay.states[-1]
    assert game.outcome(final).winners == (1,) and tutorial.kills_line(final) == "P1 3 kills, P2 6 kills"
    steps = tutorial.kill_steps(replay)
    assert [p for _, p in steps] == [0, 1, 1, 1, 0, 0, 1, 1, 1]
    assert (
        tutorial.first_kill(replay)
        == 4
        == studies.find_events(replay, "defeated", lambda e: e.data["credit"] >= 0)[0]
    )
    assert tutorial.kill_steps_line(replay).startswith("4 (P1), 10 (P2), ")
    curves = tutorial.kill_curves(replay)
    assert list(curves) == ["P1", "P2"] and curves["P2"][-1] == (len(replay.states) - 1, 6)
    lost = tutorial.unscored_defeats(replay)[0]
    assert replay.states[lost - 1].kills == replay.states[lost].kills
    magic = tutorial.first_magic(replay)
    assert magic == lost - 2 and "d7 Goblin (5)" in tutorial.magic_targets(game, replay.states[magic - 1], 0)
    # exercises 2 and 3
    assert tutorial.kills_gained(replay, 34, 37) == [0, 1]
    assert tutorial.next_arena_die(replay.states[37], 0) == "d2"
    later = tutorial.act_step(replay, seat=0, after=38)
    assert later == 39 and refuse(game, replay.states[later], "P1 band d1 d4")


# ---- what the notebooks show ---------------------------------------------------------------------------


def cells(name):
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


def output_text(cell):
    parts = []
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        parts += ["".join(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(parts)


ALL = ["01_learn_to_play.ipynb", "02_odds_lab.ipynb", "03_alliances_and_arena.ipynb"]


@pytest.mark.parametrize("name", ALL)
def test_no_asserts_staging_or_raw_structures_in_sight(name):
    for k, cell in enumerate(cells(name)):
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        assert not re.search(r"^\s*assert\b", text, re.M), f"cell {k} asserts: {text[:80]}"
        assert not re.search(r"import \(?[A-Z_]{4,}", text), f"cell {k} imports staging constants"
        assert "Step(" not in text and "source_hidden" not in json.dumps(cell["metadata"]), f"cell {k}"
        shown = "\n".join("".join(o.get("text", "")) for o in cell.get("outputs", []))
        assert not re.search(r"\[['\"(\d-]|\{'|\bNone\b|^True$", shown, re.M), (
            f"cell {k} prints {shown[:120]!r}"
        )


@pytest.mark.parametrize("name", ALL)
def test_each_rule_section_is_shown_once(name):
    shown = [
        m
        for cell in cells(name)
        for m in re.findall(r"^\*\*[^*]+\*\* `(rolled_bones\.[\w.]+)`$", output_text(cell), re.M)
    ]
    assert len(shown) == len(set(shown)), [r for r in set(shown) if shown.count(r) > 1]


@pytest.mark.parametrize("name", ALL)
def test_the_first_move_comes_right_after_the_title_and_the_imports(name):
    """A cheap stand-in for the browser suite's screens to the first move: before the first
    Table, only markdown and code without pictures, at most 250 words of prose."""
    words = 0
    for cell in cells(name):
        out = output_text(cell)
        if "Table(rolled_bones" in out:
            break
        assert not any("image/svg+xml" in o.get("data", {}) for o in cell.get("outputs", [])), source(cell)[
            :60
        ]
        words += len(source(cell).split()) if cell["cell_type"] == "markdown" else 0
    else:
        pytest.fail("no Table")
    assert words <= 250


def test_notebook_02_plays_the_base_game_the_arena_comes_in_03():
    tables = [output_text(c) for c in cells("02_odds_lab.ipynb") if "Table(rolled_bones" in output_text(c)]
    assert tables and all('"variant":null' in t for t in tables)
    text = "\n".join(source(c) for c in cells("02_odds_lab.ipynb"))
    assert 'variant="arena"' not in text and "guided_first_fight()" in text
    first_arena = next(
        k for k, c in enumerate(cells("03_alliances_and_arena.ipynb")) if "variant arena" in output_text(c)
    )
    rules = next(
        k
        for k, c in enumerate(cells("03_alliances_and_arena.ipynb"))
        if "`rolled_bones.arena.turn`" in output_text(c)
    )
    assert rules < first_arena


def test_exercise_two_of_03_is_not_answered_before_it_is_asked():
    nb = cells("03_alliances_and_arena.ipynb")
    asked = next(k for k, c in enumerate(nb) if "tutorial.kills_gained(replay, 34, 37)" in source(c))
    before = "\n".join(output_text(c) for c in nb[:asked])
    assert "A kill for P2" in "\n".join(output_text(c) for c in nb[asked:])  # told after it, at the end
    replay = studies.arena_replay(seed=0)
    told = [e.text for step in (35, 36, 37) for e in replay.events[step] if e.kind in ("defeated", "battle")]
    assert len(told) >= 6
    for text in told:  # who fought whom, and who fell (with the kill credit)
        assert text not in before, text
