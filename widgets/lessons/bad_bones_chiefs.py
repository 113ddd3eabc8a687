"""Display helpers of the Skeleton Chiefs notebook (notebooks/bad_bones/05_skeleton_chiefs).

- ``first_chief_round()``: the guided first round, a ready ``GuidedTable`` scripted by
  ``FIRST_CHIEF_ROUND`` (three players, seed ``chief_lessons.GAME_SEED``, where P1 draws the
  Skeleton Emperor at setup).
- ``watch(state, phases)``: the trap lab's ``watch`` with every token named in the path table.
- ``draw(events)``: a phase 4 draw split into the three first tokens and what each Chief
  Necromancer called.

The staging is pure engine code in ``bonekit.games.bad_bones.chief_lessons``; this module only
prints, in plain cell output that nbval compares.
"""
from __future__ import annotations

from collections.abc import Sequence

from bonekit.core.events import Event
from bonekit.games.bad_bones.chief_lessons import GAME_SEED, name, stages
from bonekit.games.bad_bones.state import BadBonesState

from ..guided import GuidedTable, Step
from ..narration import show
from .bad_bones_lab import watch as lab_watch

Frames = list[tuple[BadBonesState, list[Event]]]

FIRST_CHIEF_ROUND: list[Step] = [
    Step("P1 hero d2",
         "Phase 1: step your hero off the tower, to d2, clear of the Skeleton Emperor's path (a2, b2, "
         "c2): a hero who kills the Emperor leaves the game with him.",
         "The hero is on d2, out of the Emperor's way."),
    Step("P1 place catapult a2",
         "Phase 2: the Emperor at left-2 faces east. He steps onto a2 now, then b2 and c2, whose arrow "
         "turns him into your tower, and that would lose you the game. Put a catapult on a2: click the "
         "catapult in your supply, then a2.",
         "A catapult waits on a2, the first square of the Emperor's path.",
         {"P1 pass": "Then nothing stops the Emperor: in round 3 he stands on c2, in round 4 on your tower.",
          "P1 place wall a2 /": "A / wall turns him north to a1, still on your board. The catapult gets rid "
                                "of him in one go.",
          "P1 place wall a2 \\": "A \\ wall turns him south, down column a toward your village."}),
    Step("P1 move left-2 e",
         "Phase 3: move the Emperor first (click him, the yellow token at left-2): he steps onto the "
         "catapult.",
         "The catapult throws him off your board; you choose whose cemetery he lands in.",
         {"P1 move-all": "move-all would move everyone at once; move the Emperor alone first to "
                         "watch the catapult."}),
    Step("P1 send p3",
         "Send him to P3 (click P3's board, or the p3 button).",
         "The Emperor waits in P3's cemetery and enters P3's board next round from his own spot, "
         "left-2. There, P3's tower and village are the ones he threatens."),
    Step("P1 move-all",
         "Move your other skeletons with move all. The Chief Artificer from left-1 walks along row 1.",
         "Phase 4 brought three new skeletons to every board, a Chief Instructor among yours (at "
         "top-e). Look at P3's left forest: the Emperor is there now. The table is yours; play on "
         "as you like."),
]
"""Round 1 of the seed-36 table with the chiefs: keep the hero clear of the Emperor, catapult
him to P3, move the rest. Every label is legal in turn whatever the bots do, because the bots
only ever add skeletons to P1's forests and cemetery."""


def first_chief_round() -> GuidedTable:
    """The notebook's guided first round with the chiefs: you are P1, two GuardBots play P2 and P3."""
    return GuidedTable("bad_bones", ["human", "guard", "guard"], steps=FIRST_CHIEF_ROUND, seed=GAME_SEED,
                       chiefs=True)


def watch(state: BadBonesState, phases: int, hero_path: Sequence[str] = (), events: bool = True) -> Frames:
    """The trap lab's ``watch`` with every token named in the path table (chiefs by their own
    names): march ``phases`` movement phases, print the table, the events that did more than
    take steps, and what is left of the tower and the village."""
    return lab_watch(state, phases, hero_path=hero_path, events=events, names=True)


def draw(events: Sequence[Event]) -> None:
    """Print a phase 4 draw stage by stage: the first three tokens, then what each round of
    Chief Necromancers called, then the engine's own events."""
    for e in events:
        if e.kind == "draw":
            for number, (caller, tokens) in enumerate(stages(e.data["drawn"])):
                who = "the first three" if number == 0 else f"called by {' and '.join(caller)}"
                print(f"{who:>38}: {', '.join(name(t) for t in tokens)}")
    print()
    show(events)


__all__ = ["FIRST_CHIEF_ROUND", "draw", "first_chief_round", "watch"]
