"""Display helpers of the Bad Bones advanced-version notebook (notebooks/bad_bones/04_advanced).

- ``first_purchases()``: the guided first purchases at the Market, a ready ``GuidedTable``
  scripted by ``FIRST_PURCHASES`` (two players, seed ``FIRST_PURCHASES_SEED``, where P1 is
  drawn to buy first).
- ``study_chart(study)``: the shopping study's win rates as a bar chart, long list names
  wrapped under their bars (the text table keeps them on one line).
- ``watch(state, phases)``: the trap lab's ``watch`` (its path table knows every way off the
  board, the advanced traps' and the chiefs' too), re-exported for the notebook.

The staging is pure engine code in ``bonekit.games.bad_bones.advanced_lessons``; this module
only prints, in plain cell output that nbval compares.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..charts import Chart, bar_chart
from ..guided import GuidedTable, Step
from .bad_bones_lab import watch

FIRST_PURCHASES_SEED = 3
"""A two-player advanced table on which P1 is drawn to buy first."""

FIRST_PURCHASES: list[Step] = [
    Step("P1 buy dragon",
         "You are drawn to buy first, with 20 coins. Start with the dearest of the basic traps: "
         "click the dragon's tile, press its button, or type the label.",
         "The dragon is in your supply and you have 15 coins. The first lap is over after P2's "
         "turn; the second runs the other way, starting with P2 again, so P2 buys twice in a row "
         "now and then the turn comes back to you.",
         {"P1 pass": "A pass at the Market is final: you would play with the treasure alone."}),
    Step("P1 buy catapult",
         "Your turn again. Buy a catapult (3 coins): a cheap trap that throws skeletons at your "
         "opponent.",
         "12 coins left. You ended the second lap, so you also open the third: buy again.",
         {"P1 buy dragon": "A second dragon is allowed, but this lesson spreads your coins over "
                           "more traps."}),
    Step("P1 buy ice_wand",
         "Now a weapon card: the ice wand (4 coins). Remember that a player may own only one weapon.",
         "The ice wand lies beside your board, and every other weapon is closed to you now: try to "
         "buy one and the table tells you why. Spend the rest of your 8 coins as you like, then pass; "
         "round 1 starts once both of you have passed.",
         {"P1 buy crossbow": "The crossbow is a fine weapon, but the lesson asks for the ice wand; "
                             "you will meet the crossbow further down."}),
]
"""The guided Market: a dragon, then a catapult on the turn after P2's two purchases, then
(a turn later, the laps having turned) a weapon card; then the learner shops on freely."""


def first_purchases() -> GuidedTable:
    """The notebook's guided Market: you are P1 at a two-player advanced table, a GuardBot is P2."""
    return GuidedTable("bad_bones", ["human", "guard"], steps=FIRST_PURCHASES, seed=FIRST_PURCHASES_SEED,
                       variant="advanced")


def study_chart(study: Any, title: str = "Shopping lists: games won") -> Chart:
    """The win rate of each list of a ``studies.shopping_study`` result as a bar chart, with
    the table size and games per list in the title; names with "and" wrap under their bars."""
    rates = study.rows()
    full = f"{title} ({study.players} players, {study.games} games each)"
    wrapped = bar_chart({name.replace(" and ", "\nand "): rate for name, rate in rates.items()}, title=full,
                        xlabel="shopping list", ylabel="win rate", fmt="{:.0%}", ylim=(0, 1), width=8.5,
                        height=3.6)
    plain = bar_chart(rates, title=full, ylabel="win rate", fmt="{:.0%}")
    return replace(wrapped, table=plain.table)


__all__ = ["FIRST_PURCHASES", "FIRST_PURCHASES_SEED", "first_purchases", "study_chart", "watch"]
