"""Display helpers of the Bad Bones notebooks: the guided first rounds, ready to play, and a
narrated ``p1_plays`` for the staged examples (the staging itself is in
``bonekit.games.bad_bones.scenarios`` and ``coop_lessons``).

    first_round()         # 01: GuidedTable(game, ["human", "guard", "guard"], steps=FIRST_ROUND, seed=5)
    coop_first_round()    # 06: the co-op table of coop_lessons.GAME_SEED, scripted by its FIRST_ROUND
    state = p1_plays(state, "P1 hero d5", "P1 pass", "P1 move-all")
    print("P1 may now:", choices(state), "| on the board:", standing(state))   # in words
"""
from __future__ import annotations

from typing import Any

from bonekit.core.errors import IllegalAction
from bonekit.core.registry import load
from bonekit.games.bad_bones.board import DIR_NAMES
from bonekit.games.bad_bones.scenarios import LESSON_SEED, on_squares, play_seat
from bonekit.games.bad_bones.state import BadBonesState

from ..guided import GuidedTable, Step
from ..narration import show

FIRST_ROUND_SEED = LESSON_SEED
FIRST_ROUND_SEATS = ("human", "guard", "guard")

RULINGS_MET = (  # the rulings notebooks/bad_bones/01 shows in full before its recap (tests check it)
    "bad_bones.ruling.setup_draw", "bad_bones.ruling.wall_chain", "bad_bones.ruling.wall_loop",
    "bad_bones.ruling.catapult_target", "bad_bones.ruling.dragon_landing",
    "bad_bones.ruling.arrows_under_traps", "bad_bones.ruling.seating", "bad_bones.ruling.houses",
    "bad_bones.ruling.end_timing",
)
"""The basic game's rulings that 01_learn_to_play meets along the way, in its recap named only."""
"""The guided round is played on the lesson's table (seed 5), the one the notebook studies."""

FIRST_ROUND: list[Step] = [
    Step("P1 hero d2",
         "Phase 1, the hero. Your hero stands on the tower (c3) and must step to one of the eight "
         "squares around him. Step up and to the right, to d2.",
         "Your hero is on d2. The skeletons are all still in the forests, so there was nothing to "
         "smash yet; the bots moved their heroes at the same time."),
    Step("P1 place catapult e1",
         "Phase 2, the traps. Your yellow skeleton waits at top-e and will step onto e1 in the next "
         "phase. Put a catapult there: click the catapult in your supply, then e1.",
         "The catapult lies on e1, right in the yellow skeleton's path.",
         hints={"P1 pass": "Passing is allowed, but then nothing stops the yellow skeleton."}),
    Step("P1 move top-e s",
         "Phase 3, the skeletons. Every skeleton takes one step the way it points, in the order you "
         "choose. Move the yellow one first (click it): it walks onto your catapult.",
         "It landed on the catapult, which throws it to an opponent of your choice.",
         hints={"P1 move-all": "move-all would move every skeleton at once; move the yellow one "
                               "alone first, to watch the catapult."}),
    Step("P1 send p3",
         "Choose whose cemetery the yellow skeleton flies to: send it to P3 (click P3's board).",
         "It waits in P3's cemetery and will walk onto P3's board next round."),
    Step("P1 move-all",
         "Now move your other three skeletons in one go, with move all.",
         "The blue one stepped onto d1; the green and the purple ones entered at a4 and e4, where "
         "arrows turned them south, toward your village. Phase 4 needs no decision: everyone drew "
         "three new skeletons for their forests, and round 2 began."),
    Step("P1 hero d1",
         "Round 2. The blue skeleton stands on d1, next to your hero. Step onto it: the hero smashes "
         "every skeleton on the square he steps to.",
         "Smashed: it went back into the bag."),
    Step("P1 place wall a5 /",
         "The green skeleton on a4 is marching south to your village. Put a wall on a5, running "
         "like a slash (/): it will bounce the skeleton west, out through the left forest.",
         "Now move your skeletons yourself, one at a time or all at once: the green one bounces off "
         "the wall and leaves by the left forest, for your left neighbour P2.",
         hints={"P1 place wall a5 \\": "A \\ wall would bounce it east, along the row in front of "
                                       "your village."}),
]
"""The guided first round: hero, trap, skeletons (with a catapult's choice), then round 2's
hero and trap. Every label is legal in turn on the seed-5 table whatever the bots do, because
the bots only ever add skeletons to P1's forests."""


def first_round() -> GuidedTable:
    """The learn-to-play notebook's guided first round: you are P1, two GuardBots play P2 and P3."""
    return GuidedTable("bad_bones", list(FIRST_ROUND_SEATS), steps=FIRST_ROUND, seed=FIRST_ROUND_SEED)


def coop_first_round() -> GuidedTable:
    """The co-op notebook's guided first round: you are P1, two CoopBots are your teammates, on
    the three-player co-op table of ``coop_lessons.GAME_SEED`` (the one its pictures study)."""
    from bonekit.games.bad_bones import coop_lessons

    steps = [Step(*step) for step in coop_lessons.FIRST_ROUND]
    return GuidedTable("bad_bones", ["human", "coop", "coop"], steps=steps, seed=coop_lessons.GAME_SEED,
                       variant="coop")


# ---- the table in words (what the notebooks print instead of Python lists and records) ------------
def choices(state: BadBonesState, seat: int = 0) -> str:
    """The labels ``seat`` may play now, one after another: ``P1 send p2, P1 send p3`` (or ``nothing``)."""
    return ", ".join(a.label for a in load("bad_bones").legal_actions(state, seat)) or "nothing"


def standing(state: BadBonesState, seat: int = 0) -> str:
    """The skeletons on ``seat``'s 25 squares: ``a4 facing north, d1 facing south`` (or ``none``)."""
    return ", ".join(f"{sq} facing {DIR_NAMES[facing]}" for sq, facing in on_squares(state, seat)) or "none"


def trap_words(trap: Any) -> str:
    """A trap on the board: ``a / wall, damaged side up``, ``a dragon, intact``."""
    shape = f"{trap.orientation} " if trap.orientation else ""
    return f"a {shape}{trap.kind}, {'damaged side up' if trap.damaged else 'intact'}"


def p1_plays(state: BadBonesState, *labels: str) -> BadBonesState:
    """Play P1's actions while the other players keep pace with their simplest action, print
    the events that concern P1 (and the phase changes), and return the new state. A refused
    label is reported with its reason and rule, and the state before it is returned."""
    for label in labels:
        try:
            state, events = play_seat(state, label)
        except IllegalAction as e:
            print(f"✗ {label}: refused: {e.reason} (rule {e.rule})")
            return state
        show(events)
    return state


__all__ = ["FIRST_ROUND", "FIRST_ROUND_SEATS", "FIRST_ROUND_SEED", "choices", "coop_first_round",
           "first_round", "p1_plays", "standing", "trap_words"]
