"""Display helpers of the Bone to Pick campaign notebook and epic-and-teams notebook: their
guided first moves.

* ``first_upgrade()``: a four-player campaign (seed ``UPGRADE_SEED``), the learner as P1 with
  three CarefulBots. The campaign's new decision comes after a wave, so wave 1 is played ahead
  for every seat (a ``CarefulBot(seed=0)`` stands in for the learner) and the Table opens at the
  first upgrade phase; ``FIRST_UPGRADE`` then asks for an upgrade choice and for playing the
  new card in wave 2. Those bots have the seeds of ``campaign_scenarios.careful_bots(4)``, so
  the table is the notebook's own seed-0 campaign.
* ``first_epic_turn()``: a nine-player epic game (seed ``EPIC_SEED``), the learner as P1 with
  eight CarefulBots; ``EPIC_TURN`` asks for the card that wins the first pick of two trophies,
  then for the pick.

The bots are seeded, so what each step's ``done`` text says is what happens; the test
``tests/test_lessons_bone_to_pick_campaign.py`` checks it.
"""
from __future__ import annotations

from collections.abc import Callable

from bonekit.core.bots import Bot
from bonekit.games.bone_to_pick import CarefulBot

from ..guided import GuidedTable, Step

UPGRADE_SEED = 0
UPGRADE_SEATS = ("human", "careful", "careful", "careful")

FIRST_UPGRADE = (
    Step("P1 keep u30 for 0",
         "Wave 1 is over (it was played for you) and won: P3 is its Legend and draws three "
         "upgrades, everyone else two. You drew U30 (value 13, 1 victory point) and U18 (value 9, "
         "3 victory points). Keep one; it takes the place of a weapon of your choice. Keep the 13 "
         "and give up one of your two 0s: a 0 never takes a trophy.",
         "U30 is in your hand, a 0 went back to the box and U18 was discarded face down. The bots "
         "chose too, so wave 2 began: a Mummy attacks (power 14, trophy 4).",
         {"P1 keep u18 for 0": "U18 scores 2 more victory points at the end, but it fights as a 9; "
                               "this lesson takes the 13.",
          "P1 keep u30 for 10": "Your 10 is a strong weapon: give up a 0, which never wins a trophy."}),
    Step("P1 play u30",
         "Play your new upgrade like any weapon. No weapon card goes above 10, so your 13 takes "
         "the Mummy if it is beaten and nobody else plays a 13.",
         "13 + 3 + 1 + 6 = 23 beats the Mummy's 14, and your 13 was the highest value played "
         "once: the Mummy is your trophy (4 points)."),
)

EPIC_SEED = 19
EPIC_SEATS = ("human",) + ("careful",) * 8

EPIC_TURN = (
    Step("P1 play 10",
         "Nine players, two undead at once: the Plague Lord (trophy 8) and the Grave Rat Swarm "
         "(trophy 1) attack together with a total power of 45. Play your 10: if nobody else plays "
         "a 10, it is the highest value played only once, and you choose your trophy first.",
         "58 against 45: both undead are beaten. Yours was the only 10, so you choose; P3's 9 is "
         "the next value played once, so P3 gets the undead you leave.",
         {"P1 play 0": "A 0 never takes a trophy; this lesson wants the first pick for you."}),
    Step("P1 take h07",
         "Choose: take the Plague Lord, worth 8 trophy points (the Grave Rat Swarm is worth 1).",
         "The Plague Lord is your trophy (8 points) and P3 takes the Grave Rat Swarm.",
         {"P1 take e02": "The Grave Rat Swarm is worth 1 point, the Plague Lord 8: take the Lord."}),
)


def play_ahead(table: GuidedTable, stand_in: Bot, stop: Callable[[object], bool],
               message: str) -> GuidedTable:
    """Let ``stand_in`` play the human seat and the table's own bots the others until
    ``stop(table.state)``; then the bots answer and the learner takes over, with ``message``.

    The actions go into ``table.actions`` like any others, so ``table.replay`` is the whole game.
    """
    game = table.game
    while not stop(table.state) and not game.is_over(table.state):
        seat = game.to_move(table.state)[0]
        bot = stand_in if seat in table.humans else table.bots[seat]
        table._take(bot.choose(game, table.state, seat))
    table._run_bots()
    table._refresh(message)
    table._show_guide("")
    return table


def first_upgrade() -> GuidedTable:
    """The campaign notebook's guided upgrade choice (see the module docstring)."""
    table = GuidedTable("bone_to_pick", list(UPGRADE_SEATS), steps=FIRST_UPGRADE, seed=UPGRADE_SEED,
                        variant="campaign")
    return play_ahead(table, CarefulBot(seed=0), lambda s: bool(s.results),
                      "Wave 1 was played for you. The upgrade phase waits for your choice.")


def first_epic_turn() -> GuidedTable:
    """The epic notebook's guided first turn (see the module docstring)."""
    return GuidedTable("bone_to_pick", list(EPIC_SEATS), steps=EPIC_TURN, seed=EPIC_SEED, variant="epic")
