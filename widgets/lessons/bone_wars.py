"""Display helpers of the Bone Wars notebooks: the guided tables' scripts as ``Step`` objects
(the moves and their words live, engine-checked, in ``bonekit.games.bone_wars.lessons`` and
``solo_lessons``).

    lesson.first_turn()    # notebook 01: GuidedTable(game, ["human", "scholar"], steps=FIRST_TURN, ...)
    lesson.solo_setup()    # notebook 02: GuidedTable(game, ["human"], variant="solo", steps=SOLO_SETUP, ...)
"""
from __future__ import annotations

from bonekit.core.registry import load
from bonekit.games.bone_wars import lessons, solo_lessons

from ..guided import GuidedTable, Step

FIRST_TURN_SEED = lessons.GUIDED_SEED
"""Notebook 01's guided table: P1 (the learner) against one ScholarBot."""

FIRST_TURN: list[Step] = [Step(**move) for move in lessons.FIRST_TURN]
"""Notebook 01's nine guided moves: both setup bundles, the profession's upgrade and the
paleontologist card it pays, the step off the university, then a first team turn (play, dig
twice, end)."""

SOLO_SETUP_SEED = solo_lessons.TABLE_SEED
"""Notebook 02's guided solo setup, on the seed-1 table the notebook studies."""

SOLO_SETUP: list[Step] = [Step(**move) for move in solo_lessons.SETUP_STEPS]
"""Notebook 02's three guided moves: your species bundle, your career, and the paleontologist
card your profession pays."""


def first_turn() -> GuidedTable:
    """Notebook 01's guided table: you (P1) against a ScholarBot, through FIRST_TURN."""
    return GuidedTable(load("bone_wars"), ["human", "scholar"], steps=FIRST_TURN, seed=FIRST_TURN_SEED)


def solo_setup() -> GuidedTable:
    """Notebook 02's guided solo table: your setup against Theodore, through SOLO_SETUP."""
    return GuidedTable(load("bone_wars"), ["human"], variant="solo", steps=SOLO_SETUP, seed=SOLO_SETUP_SEED)
