"""Display helpers of the Bad Bones solo notebook and trap lab (notebooks/bad_bones/02_solo and
03_trap_lab).

- ``FIRST_SOLO_ROUND``: the guided moves of a first solo round, for ``GuidedTable`` (seed 35).
- ``watch(state, phases)``: march the skeletons of a sandbox board and print where each one
  walks, phase by phase, and what the engine reported.
- ``pose(puzzle)``: a puzzle's card in words, and its board as a picture.
- ``solves(puzzle)``: the judge to hand to the one exercise checker,
  ``check(answer, solves(puzzle), hint=puzzle.hint)``: it prints the skeletons' paths for the
  answer, then says solved or why not.

The pure work is done by ``bonekit.games.bad_bones`` (``sandbox.march``, ``puzzles.trace``,
``studies.puzzle_verdict``); this module only prints and draws, in plain cell output that
nbval compares.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bonekit.core.events import Event
from bonekit.games.bad_bones.board import DIR_NAMES
from bonekit.games.bad_bones.puzzles import Puzzle, flee, trace
from bonekit.games.bad_bones.sandbox import march
from bonekit.games.bad_bones.state import BadBonesState
from bonekit.games.bad_bones.studies import puzzle_verdict

from ..guided import GuidedTable, Step
from ..narration import show
from ..scene import Scene
from ..views import render

Frames = list[tuple[BadBonesState, list[Event]]]

FIRST_SOLO_ROUND = [
    Step("P1 hero d2",
         "Phase 1: your hero must step to one of the eight squares around him. Take him to d2, "
         "next to the corner where three of the four skeletons come in:",
         "The hero is off the tower. Whatever stands on a square he steps onto, or walks into him "
         "later, is destroyed."),
    Step("P1 place catapult e2",
         "Phase 2: the green skeleton in the right forest (right-2) will step onto e2 this round. "
         "Put a catapult in its way:",
         "A catapult on e2: whatever steps on it in this movement phase is thrown off the board.",
         {"P1 pass": "Passing is allowed, but this lesson wants to show where a thrown skeleton goes.",
          "P1 place catapult e1": "e1 is where the yellow skeleton steps; the green one steps onto e2."}),
    Step("P1 move-all",
         "Phase 3: every skeleton takes one step forward. March them all at once:",
         "The catapult threw the green skeleton into your own cemetery, and in phase 4 it went "
         "straight back to its forest with the three new skeletons: four wait to walk in now. "
         "Nothing you push away is gone for good."),
]
"""Round 1 of the seed-35 solo game (``GuidedTable(game, ["human"], FIRST_SOLO_ROUND, seed=35,
variant="solo")``): move the hero, set a catapult, march, and watch the thrown skeleton come back."""


def first_solo_round() -> GuidedTable:
    """The solo notebook's guided first round: the 10-round solo game of seed 35, you are P1."""
    return GuidedTable("bad_bones", ["human"], steps=FIRST_SOLO_ROUND, seed=35, variant="solo", rounds=10)


def watch(state: BadBonesState, phases: int, before: BadBonesState | None = None,
          hero_path: Sequence[str] = (), events: bool = True, names: bool = False) -> Frames:
    """March the skeletons for ``phases`` movement phases and print the path table (one line
    per skeleton: where it stands and faces after each phase, or how it left), the events of
    each phase that did more than take steps, and what is left of the tower and the village.

    ``before`` is the board before the traps were placed (adds a *placed* column);
    ``hero_path`` the hero's square at the start of each phase. A fleeing skeleton goes where
    it harms least (``puzzles.flee``); ``names``: name every token in the table (chiefs by
    their own names). Returns (state, events) after each phase."""
    frames = march(state, phases, hero_path=hero_path, choose=flee)
    print(trace(state, frames, before, names=names))
    if events:
        for number, (_, evs) in enumerate(frames, 1):
            if any(e.kind != "move" for e in evs):
                print(f"\n-- movement phase {number}")
                show(evs, skip=("move",))
    end = (frames[-1][0] if frames else state).boards[0]
    print(f"\nafter {phases} movement phase{'s' if phases != 1 else ''}: tower {end.floors} of "
          f"{end.tower_size} floors, village {end.houses} of {end.village_size} houses")
    return frames


def _traps(allowed: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}{'s' if n != 1 else ''}" for kind, n in allowed.items())


def pose(puzzle: Puzzle) -> Scene:
    """Print a puzzle's goal, traps and skeletons (in words, for reading without the picture)
    and return the picture of its board before any trap is placed."""
    print(f"{puzzle.title}: goal {puzzle.goal}, {puzzle.phases} movement phases, "
          f"traps: {_traps(puzzle.allowed)}")
    for sq, facing in puzzle.skeletons:
        print(f"  a skeleton at {sq}, facing {DIR_NAMES[facing]}")
    return render(_game(), puzzle.start())


def solves(puzzle: Puzzle, paths: bool = True) -> Callable[[Any], tuple[bool, str]]:
    """A judge for ``check``: given placements, print the skeletons' paths (when the traps can
    be placed at all and ``paths`` is set) and return ``(solved, message)``."""
    def judge(placements: Any) -> tuple[bool, str]:
        verdict = puzzle_verdict(puzzle, placements)
        if paths and verdict.paths:
            print(verdict.paths)
        return verdict.solved, verdict.message
    return judge


def _game():
    from bonekit.core.registry import load
    return load("bad_bones")


__all__ = ["FIRST_SOLO_ROUND", "first_solo_round", "pose", "solves", "watch"]
