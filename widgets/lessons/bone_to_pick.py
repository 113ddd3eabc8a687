"""Display helpers of the Bone to Pick learn-to-play notebook: its guided first game.

The notebook builds ``GuidedTable(game, ["human", "careful", "careful"], steps=FIRST_MOVES,
seed=21)``, as ``first_moves()`` does: a three-player base game with the learner as P1 and two
CarefulBots, scripted by ``FIRST_MOVES`` for three turns and three lessons (a high card takes the
trophy; a 0 saves your cards but never takes one; equal values cancel each other out). The bots
are seeded, so what each step's ``done`` text says is what happens; tests/test_lessons_bone_to_pick.py
checks it.
"""
from __future__ import annotations

from ..guided import GuidedTable, Step

FIRST_MOVES_SEED = 21
FIRST_MOVES_SEATS = ("human", "careful", "careful")

FIRST_MOVES = (
    Step("P1 play 7",
         "The Graveyard Imp attacks: power 9 at three players, ★ 2 for whoever keeps it. A 7 is "
         "more than your share of 9, and likely the highest card on the table. Play your 7.",
         "7 + 2 + 2 = 11 reaches the power of 9: the Imp is beaten. Your 7 was the highest value "
         "that only one player played, so the Imp is your trophy (2 points).",
         {"P1 play 0": "A 0 never takes a trophy; this lesson wants the Imp for you.",
          "P1 play 10": "A 10 would also do it, but it is your best card: keep it for later."}),
    Step("P1 play 0",
         "The Banshee attacks: power 10, ★ 4. Your 7 is spent for good. Let the others carry this "
         "one and save your strength: play one of your two 0s.",
         "P2's 6 and P3's 4 make exactly 10: the Banshee is beaten without you. A 0 can never take "
         "a trophy, so P2's 6 wins it. You kept your big cards, and cards left in hand score at "
         "the end.",
         {"P1 play 10": "Your 10 would beat it, but the lesson is about saving cards: play a 0."}),
    Step("P1 play 6",
         "The Ossuary Guard attacks: power 11, ★ 4. Play your 6 and watch what happens when two "
         "players lay down the same value.",
         "P3 played a 6 too: the two 6s cancel each other out, and the highest value played only "
         "once is P2's 3. P2 takes the trophy with a 3!"),
)


def first_moves() -> GuidedTable:
    """The notebook's guided first game, as it builds it: you are P1 (see the module docstring)."""
    return GuidedTable("bone_to_pick", list(FIRST_MOVES_SEATS), steps=FIRST_MOVES,
                       seed=FIRST_MOVES_SEED)
