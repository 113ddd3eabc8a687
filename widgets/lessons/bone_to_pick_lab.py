"""Display helpers of two Bone to Pick notebooks: the guided first moves of the solo and co-op
notebook (04) and of the strategy lab (05).

* ``SOLO_FIRST_MOVES``: the solo game, seed ``SOLO_SEED``, you alone (``SOLO_SEATS``): four
  cheapest pairs, then the first upgrade to keep.
* ``COOP_FIRST_MOVES``: the co-op game for two, seed ``COOP_SEED``, you as P1 and a CoopBot as
  P2 (``COOP_SEATS``): tell your values, play, tell your types, play.
* ``LAB_FIRST_MOVES``: a four-player base game, seed ``LAB_SEED``, you as P1 with three
  CarefulBots (``LAB_SEATS``): free-ride twice, then pay.

``first_solo_moves()``, ``first_coop_moves()`` and ``first_lab_moves()`` build the tables as
the notebooks do. The bots are seeded, so what each step's ``done`` text says is what
happens; tests/test_lessons_bone_to_pick_lab.py plays the steps and checks it.
"""
from __future__ import annotations

from ..guided import GuidedTable, Step

SOLO_SEED = 0
SOLO_SEATS = ("human",)

SOLO_FIRST_MOVES = (
    Step("P1 play a5 b8",
         "The Plague Lord attacks with power 13 (✖ 2). Take one face-up card from row A and one "
         "from row B; together they must reach 13. Red 5 and blue 8 make exactly 13 and keep your "
         "red 7 and 8 for later: play them.",
         "13 against 13: the Plague Lord is your first trophy. Each row drew a card for the one "
         "it gave up (red 3 into row A, blue 9 into row B).",
         {"P1 play a8 b8": "16 beats it too, but spends 3 more than needed, and your red 8 with it.",
          "P1 play a7 b4": "7 + 4 = 11 is short of 13: the Plague Lord would get through and cost "
                           "the Haven 2 hit points."}),
    Step("P1 play a3 b2",
         "The Crypt Crawler: power 5. Red 3 and blue 2 make exactly 5: play them.",
         "5 against 5: a second trophy, and your red 7 and 8 are still in row A.",
         {"P1 play a3 b4": "7 beats it, but 3 + 2 is exactly enough and keeps the 4.",
          "P1 play a7 b2": "9 is far more than the 5 needed: keep the 7 for a bigger monster."}),
    Step("P1 play a4 b4",
         "The Ossuary Guard: power 7. No pair makes exactly 7 this time; red 4 with blue 4 makes "
         "8, the least that is enough.",
         "Trophy number three.",
         {"P1 play a4 b6": "10 beats it, but 4 + 4 = 8 is enough and keeps the 6.",
          "P1 play a7 b4": "11 beats it, but spends your red 7; 4 + 4 does it with less."}),
    Step("P1 play a0 b9",
         "The Bone Witch: power 8, ✖ 2. A 0 is a card like any other: red 0 with blue 9 makes 9, "
         "while every pair without the 0 spends 13 or more. It will be your fourth trophy.",
         "Four trophies: they are set aside, and the top three upgrade cards are turned up for "
         "you to choose from.",
         {"P1 play a7 b6": "13 beats it, but spends 13 where 9 will do.",
          "P1 play a0 b6": "0 + 6 is short of 8: the Witch would get through and cost the Haven "
                           "2 hit points."}),
    Step("P1 keep u30",
         "Keep one upgrade: U04 (value 4), U30 (value 13) or U21 (value 10). In the solo game "
         "only the number counts. Keep U30, the 13.",
         "U30 waits beside the rows. On a later turn it can take the place of either row's card "
         "(P1 play u30 b5, say), and that row then draws nothing.",
         {"P1 keep u21": "A 10 is useful, but the 13 is the strongest of the three.",
          "P1 keep u04": "A 4 rarely helps: keep the 13."}),
)

COOP_SEED = 23
COOP_SEATS = ("human", "coop")

COOP_FIRST_MOVES = (
    Step("P1 share values",
         "You and a CoopBot defend the Haven together. The Skeleton Spear Wall attacks with power "
         "8. Turn 1 is the only turn in which you may tell the table your numbers: tell them.",
         "Your partner now knows you hold 4, 5 and 10."),
    Step("P1 play 5",
         "You play first, face up; P2 plays after you and sees your card. Play your 5: P2 then "
         "needs only 3 more.",
         "P2 answered with a 4: 9 against 8, the Spear Wall is beaten. Your 5 was the highest "
         "value played only once, so the Spear Wall is your trophy. Each of you drew a card.",
         {"P1 play 4": "Then P2's smallest card that finishes the job would be a 4 too: equal "
                       "values cancel, and nobody would keep the trophy.",
          "P1 play 10": "Your 10 would beat it on its own, but it is your best card; with P2's "
                        "help a 5 is enough."}),
    Step("P1 share types",
         "Turn 2: the Shambling Corpse, power 5. From now on only the type icons may be told, "
         "never the numbers: tell your types.",
         "The table now knows you hold two melee cards (values 1 to 4) and one siege card "
         "(9 and up)."),
    Step("P1 play 2",
         "You cannot see P2's hand, but P2 plays last and will see your card. Play your 2, keep "
         "the 4 and the 10, and let P2 finish the job if it can.",
         "P2 had a 5: 7 against 5, the Corpse is beaten and P2's 5 takes it. Your 4 and 10 are "
         "still in your hand.",
         {"P1 play 10": "A 10 against power 5 wastes most of it: play the 2.",
          "P1 play 4": "The lesson keeps your 4 and 10 for later turns: play the 2."}),
)

LAB_SEED = 3
LAB_SEATS = ("human", "careful", "careful", "careful")

LAB_FIRST_MOVES = (
    Step("P1 play 0",
         "Four players; the Dust Wraith attacks with power 12 (★ 3). Try free-riding: play a 0 "
         "and let the other three pay.",
         "2 + 4 + 6 = 12: the others beat it without you, and you kept every real card. P4's 6 "
         "took the trophy."),
    Step("P1 play 0",
         "The Skeletal Hound: power 11 (★ 2). Free-ride once more: play your other 0.",
         "This time the others played low too: 3 + 2 + 2 = 7, short of 11. The Hound got through "
         "and the Haven lost a hit point (2 of 3 left)."),
    Step("P1 play 6",
         "The Rattling Skeleton: power 11 (★ 1). Another hit would leave the Haven one hit from "
         "falling. Pay: play your 6.",
         "6 + 1 + 3 + 1 = 11, exactly enough; without your 6 the others had only 5. Your 6 was "
         "also the highest value played once: the Skeleton is your trophy."),
)


def first_solo_moves() -> GuidedTable:
    """The solo and co-op notebook's guided solo game (see the module docstring)."""
    return GuidedTable("bone_to_pick", list(SOLO_SEATS), steps=SOLO_FIRST_MOVES, seed=SOLO_SEED,
                       variant="solo")


def first_coop_moves() -> GuidedTable:
    """The solo and co-op notebook's guided co-op game for two (see the module docstring)."""
    return GuidedTable("bone_to_pick", list(COOP_SEATS), steps=COOP_FIRST_MOVES, seed=COOP_SEED,
                       variant="coop")


def first_lab_moves() -> GuidedTable:
    """The strategy lab's guided free-riding turns (see the module docstring)."""
    return GuidedTable("bone_to_pick", list(LAB_SEATS), steps=LAB_FIRST_MOVES, seed=LAB_SEED)
