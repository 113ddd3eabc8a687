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

SOLO_SEED = 5
SOLO_SEATS = ("human",)

SOLO_FIRST_MOVES = (
    Step("P1 play a6 b0",
         "The Skeletal Hound attacks with power 6. Take one face-up card from row A and one from "
         "row B; together they must reach 6. Red 6 and blue 0 make exactly 6 and keep your red 10 "
         "for a bigger monster: play them.",
         "6 against 6: the Hound is your first trophy. Each row drew a card for the one it gave "
         "up (red 5 into row A, blue 8 into row B).",
         {"P1 play a10 b0": "That beats it too, but spends your 10 on an undead of power 6.",
          "P1 play a0 b4": "0 + 4 is short of 6: the Hound would get through and cost the Haven "
                           "a hit point."}),
    Step("P1 play a5 b8",
         "The Ossuary Titan: power 12, ✖ 2. Your 10 with the 4 would do it, but 5 + 8 = 13 is "
         "enough and saves the 10. Play red 5 and blue 8.",
         "13 against 12: a second trophy, and your 10 is still in row A.",
         {"P1 play a10 b4": "14 is enough too, but it spends your 10; 5 + 8 does it with less.",
          "P1 play a10 b8": "18 is far more than the 12 needed, and it spends your 10."}),
    Step("P1 play a0 b6",
         "The Graveyard Imp: power 6. The cheapest pair is red 0 with blue 6.",
         "Trophy number three.",
         {"P1 play a1 b6": "7 beats it, but 0 + 6 is exactly enough and keeps the 1."}),
    Step("P1 play a7 b1",
         "The Wailing Spirit: power 7. No pair makes exactly 7; red 7 with blue 1 makes 8, the "
         "least that is enough. It will be your fourth trophy.",
         "Four trophies: they are set aside, and the top three upgrade cards are turned up for "
         "you to choose from."),
    Step("P1 keep u18",
         "Keep one upgrade: U07 (value 6), U18 (value 9) or U01 (value 3). In the solo game only "
         "the number counts. Keep U18, the 9.",
         "U18 waits beside the rows. On a later turn it can take the place of either row's card "
         "(P1 play u18 b4, say), and that row then draws nothing.",
         {"P1 keep u07": "A 6 is useful, but the 9 is the strongest of the three.",
          "P1 keep u01": "A 3 rarely helps: keep the 9."}),
)

COOP_SEED = 17
COOP_SEATS = ("human", "coop")

COOP_FIRST_MOVES = (
    Step("P1 share values",
         "You and a CoopBot defend the Haven together. The Carrion Knight attacks with power 8. "
         "Turn 1 is the only turn in which you may tell the table your numbers: tell them.",
         "Your partner now knows you hold 2, 4 and 6."),
    Step("P1 play 6",
         "You play first, face up; P2 plays after you and sees your card. Play your 6: P2 then "
         "needs only 2 more.",
         "P2 answered with a 4: 10 against 8, the Knight is beaten. Your 6 was the highest value "
         "played only once, so the Knight is your trophy. Each of you drew a card.",
         {"P1 play 4": "Then P2's smallest card that finishes the job would be a 4 too: equal "
                       "values cancel, and nobody would keep the trophy.",
          "P1 play 2": "Then P2 would need 6 more and would have to spend its 10."}),
    Step("P1 share types",
         "Turn 2: the Lich, power 10. From now on only the type icons may be told, never the "
         "numbers: tell your types.",
         "The table now knows you hold two melee cards (values 1 to 4) and one ranged card "
         "(5 to 8)."),
    Step("P1 play 2",
         "You cannot see P2's hand, but P2 plays last and will see your card. Play your 2, keep "
         "the 4 and the 5, and let P2 finish the job if it can.",
         "P2 had a 10: 12 against 10, the Lich is beaten and P2's 10 takes it. Your 4 and 5 are "
         "still in your hand.",
         {"P1 play 5": "The lesson keeps your 4 and 5 for later turns: play the 2.",
          "P1 play 4": "The lesson keeps your 4 and 5 for later turns: play the 2."}),
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
