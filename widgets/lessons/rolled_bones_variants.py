"""Guided moves of two Rolled Bones notebooks, each behind one function that returns the ready
guided Table: the odds lab's first fight (02, on a staged base-game table), the arena's first
fight (03, an arena game with scripted rolls) and the alliance game (03). The staging behind
them is engine code (``bonekit.games.rolled_bones.tutorial`` and ``studies``); each step's move is
legal at its step and does what its text says (tests/test_lessons_rolled_bones.py and
tests/test_rolled_bones_studies.py play them).

    guided_first_fight()      # 02: your goblin and archer against P2's, in the arena
    guided_arena_fight()      # 03: three moves of an arena game
    guided_alliance()         # 03: a first turn, an alliance, an ally's knight commanded
"""
from __future__ import annotations

from typing import Any

from bonekit.core.simulate import bot_seed
from bonekit.games.rolled_bones.studies import ALLIANCE_OPTIONS, ALLIANCE_SEED, AllyBot, fresh_options
from bonekit.games.rolled_bones.tutorial import lab_fight_table

from ..guided import GuidedTable, Step

# ---- notebook 02: a first fight, in the base game -------------------------------------------------

LAB_FIGHT_SEED = 7
"""The Table's seed: its setup has P1 start (the staging then replaces the position), and its
bots and the unscripted chance after the guided moves follow from it."""
LAB_FIGHT_SEATS = ["human", "builder"]

_NO_SWAP = "Swapping rack places is allowed before the roll, but this lesson rolls the rack as it stands."

LAB_FIGHT: list[Step] = [
    Step("P1 roll",
         "A staged fight: nobody has a base yet, and two goblins and two archers stand in the "
         "arena. It is your turn and you have drawn: roll the Bones (click \"roll the Bones\" "
         "in the picture, or press its button).",
         "A 3: the Contortion (+1) at r3 comes into play. A magic die goes onto a die in play.",
         {f"P1 swap r{i} r{j}": _NO_SWAP for i in range(1, 7) for j in range(i + 1, 7)}),
    Step("P1 enter d10",
         "Put the Contortion on your Goblin (d10): click the goblin. It shows 4, as P2's Goblin "
         "(d29) does; with the +1 it fights with 5.",
         "Your goblin now fights with 5 against 4.",
         {"P1 enter d29": "Magic may go on an opponent's die too, but a +1 on P2's goblin helps P2.",
          "P1 enter d31": "Magic may go on an opponent's die too, but a +1 on P2's archer helps P2.",
          "P1 enter d12": "On your archer the +1 would help too, but this lesson's first attack is "
                          "the goblin's."}),
    Step("P1 attack d10 d29",
         "Attack P2's goblin with yours: press the button, or type the label.",
         "9 against 7: P2's goblin goes back to P2's bag. How likely was that win before the "
         "rolls? Exercise 1 asks you to count it.",
         {"P1 attack d12 d29": "Your archer would fight 3 against 4, hand to hand, and risk "
                               "itself: your goblin has the better odds.",
          "P1 shoot d12 d29": "Your archer may shoot, but your goblin fights this one with the "
                              "better odds: 5 against 4.",
          "P1 next": "Saying next is allowed, but 5 against 4 is a good bet: attack."}),
    Step("P1 shoot d12 d31",
         "Now your Archer (d12, showing 3) against P2's Archer (d31, also 3). Shoot: a hit roll, "
         "then a damage roll, and a miss costs your archer nothing.",
         "Hit roll 5 against 2, then damage 4 + 3 = 7 against 2 + 3 = 5: P2's archer goes back "
         "to P2's bag.",
         {"P1 attack d12 d31": "Hand to hand, 3 against 3, your archer would fall in 21 duels "
                               "of 36, alone or with its target; a shot never costs it anything. "
                               "Section 3 weighs the two.",
          "P1 next": "Your archer may still act: shoot at P2's archer."}),
    Step("P1 next",
         "Both your dice have acted. Say next: P2, the builder bot, plays its turn.",
         "P2's rack was empty: it drew six dice, rolled the Bones and played the die they "
         "picked (the log under the picture says which). From here the game is yours."),
]
"""The odds lab's guided fight, on ``tutorial.lab_fight_table``: the Bones bring in a +1
Contortion, which goes on P1's goblin; the goblin, fighting with 5, beats P2's with 4 (9
against 7); an archer's shot defeats an archer (hit 5 against 2, damage 7 against 5); then P2's
turn (the Bones rolls are scripted)."""


def guided_first_fight() -> GuidedTable:
    """The odds lab's first fight: you are P1, a builder bot plays P2 (``LAB_FIGHT``)."""
    return GuidedTable("rolled_bones", list(LAB_FIGHT_SEATS), steps=LAB_FIGHT, seed=LAB_FIGHT_SEED,
                       stage=lab_fight_table)


# ---- notebook 03: a first arena fight ----------------------------------------------------------------

FIRST_FIGHT_SEED = 1
FIRST_FIGHT_SEATS = ["human", "builder"]
# The arena dice's faces as they are rolled into the racks (the dice in the kit's order: Goblin,
# Archer, Skeleton Knight, Bat Swarm, Bone Golem, Contortion; P2's seventh face is its goblin's
# re-roll), and the Bones rolls of the two battles.
FIRST_FIGHT_SCRIPT: dict[str, dict[str, list[int]]] = {
    "P1": {"faces": [6, 2, 4, 3, 5, 1], "bones": [3, 2]},
    "P2": {"faces": [3, 2, 2, 1, 4, 3, 4], "bones": [4, 3]},
}


def first_fight_options() -> dict[str, Any]:
    """The first fight's options: P2 starts, and the script above (a fresh copy each time)."""
    return fresh_options({"first": "P2", "script": FIRST_FIGHT_SCRIPT})


FIRST_FIGHT: list[Step] = [
    Step("P1 attack d1 d7",
         "An arena game: each turn the leftmost die of your rack comes into the arena for free and "
         "may fight at once. P2 went first and its Goblin (d7) stands there showing 4. Your Goblin "
         "(d1) has just come in showing 5 with first strike (the S). Attack P2's goblin: click "
         "your goblin, then P2's, or press the button.",
         "8 against 8, a tie, and first strike won it: P2's goblin goes back to P2's rack, rolled "
         "again, and the kill is yours.",
         hints={"P1 next": "Saying next is allowed, but 5 against 4 with first strike wins most "
                           "duels: attack."}),
    Step("P1 next",
         "Your goblin has had its action, and your other dice wait their turn in the rack. Say next.",
         "P2's Archer (d8) came into the arena showing 3 and did not attack: its odds against your "
         "goblin were poor. Now your Archer (d2) has come in, and your goblin may act again."),
    Step("P1 attack d1 d8",
         "Attack P2's archer with your goblin, hand to hand: 5 and first strike against 3.",
         "7 against 6: a second kill. This duel was won 5 times in 6 before a single die was "
         "rolled; the odds lab (notebook 02) shows how to count that.",
         hints={"P1 shoot d2 d8": "Your archer could shoot, but a shot must first hit (7 times in "
                                  "12) and then win a damage roll of 3 against 3 (7 in 12): about "
                                  "one shot in three. The goblin wins 5 duels in 6.",
                "P1 attack d2 d8": "Your archer would fight 3 against 3: as likely to lose as to "
                                   "win. The goblin does far better."}),
]
"""The arena's guided fight: two attacks of a goblin showing 5 with first strike, the first won
on a tie, the second 7 against 6 (the Bones rolls are scripted)."""


def guided_arena_fight() -> GuidedTable:
    """Three guided moves of an arena game: you are P1, a builder bot plays P2 and starts."""
    return GuidedTable("rolled_bones", list(FIRST_FIGHT_SEATS), steps=FIRST_FIGHT, seed=FIRST_FIGHT_SEED,
                       variant="arena", **first_fight_options())


# ---- notebook 03: the alliance game ---------------------------------------------------------------


def alliance_seats(seed: int = ALLIANCE_SEED) -> list[Any]:
    """You as P1, a friendly ``AllyBot`` as P2 (it accepts alliances), a builder bot as P3."""
    return ["human", AllyBot(bot_seed(seed, 1)), "builder"]


def alliance_options() -> dict[str, Any]:
    """The alliance game's options (alliances on, P2 starts, the script), a fresh copy."""
    return fresh_options(ALLIANCE_OPTIONS)


ALLIANCE_STEPS: list[Step] = [
    Step("P1 build r1",
         "Three players, alliances allowed. P2 and P3 have had their first turns: P2's Skeleton "
         "Knight (d33) stands in the arena, and P3's Goblin (d50) guards P3's front door. Your turn "
         "starts as usual: put the base die at r1 into your base.",
         "Your base has its first die."),
    Step("P1 draw", "Refill your rack from your bag.", "The rack is full again."),
    Step("P1 roll", "Roll the Bones to pick the die that comes into play.",
         "A 1: the die at r1, your own Skeleton Knight, comes into play."),
    Step("P1 enter arena",
         "Send your knight into the arena. Coming in is its action for this turn.",
         "Your knight stands in the arena, but it has used its action."),
    Step("P1 propose p2",
         "Your knight cannot fight this turn, but P2's can, if P2 is your ally. Propose an "
         "alliance to P2.",
         "P2 accepted, and the alliance holds at once.",
         hints={"P1 propose p3": "P3 is a builder bot, which declines every alliance; P2 is the "
                                 "friendly one.",
                "P1 next": "You may end your turn, but an alliance would give you a fresh knight "
                           "to fight with now."}),
    Step("P1 attack d33 d50",
         "Command your ally's knight (d33): attack P3's goblin (d50) with it. You roll the Bones "
         "for it, since an ally lends dice, never his Bones.",
         "8 against 6: P3's goblin goes back to P3's bag.",
         hints={"P1 attack d33 d41": "That would attack P3's front door, and P3 could send the "
                                     "goblin to intercept; this lesson attacks the goblin itself."}),
    Step("P1 next",
         "Say next. On P2's turn, P2 may command your knight in the same way.",
         "P2 and P3 have played their turns, and P2 did command your knight: it sent it against "
         "P3's front door and destroyed it (see the log). Your turn again."),
]
"""The alliance lesson: P1's first turn, an alliance proposed to P2 and accepted, and P2's
knight commanded against P3's goblin (Bones rolls and draws scripted)."""


def guided_alliance() -> GuidedTable:
    """The alliance lesson at a three-player table: you are P1, a friendly bot P2, a builder P3."""
    return GuidedTable("rolled_bones", alliance_seats(), steps=ALLIANCE_STEPS, seed=ALLIANCE_SEED,
                       **alliance_options())


__all__ = ["ALLIANCE_SEED", "ALLIANCE_STEPS", "FIRST_FIGHT", "FIRST_FIGHT_SEATS", "FIRST_FIGHT_SEED",
           "LAB_FIGHT", "LAB_FIGHT_SEATS", "LAB_FIGHT_SEED", "alliance_options", "alliance_seats",
           "first_fight_options", "guided_alliance", "guided_arena_fight", "guided_first_fight"]
