"""Display helpers of the Rolled Bones learn-to-play notebook: the guided first turn, a sheet of
every die's six faces, the rulebook's example told sentence by sentence, and a bot's turn
narrated (the staging itself is in ``bonekit.games.rolled_bones.lessons``).

    first_turn()                                   # GuidedTable: P1 against a builder bot
    dice_sheet()                                   # a Scene: the kit's dice, faces 1 to 6
    state = tell(game, state, EXAMPLE_STEPS[:3])   # the example's sentences, then their events
    state = bot_turn(game, state)                  # the builder bot plays until the turn passes
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bonekit.core.actions import seat_name
from bonekit.core.errors import IllegalAction
from bonekit.core.game import Game
from bonekit.games.rolled_bones import BuilderBot
from bonekit.games.rolled_bones.data import KINDS, components
from bonekit.games.rolled_bones.lessons import FIRST_TURN, LESSON_SEED

from ..guided import GuidedTable, Step
from ..narration import show
from ..panels import refusal
from ..scene import Rect, Scene, Text
from ..views.rolled_bones import EDGE, FILL, INK, MUTED, PAPER, SYMBOL_LETTER, star

FIRST_TURN_SEED = LESSON_SEED
FIRST_TURN_SEATS = ("human", "builder")

_NO_SWAP = "Swapping rack places is allowed before the roll, but this lesson rolls the rack as it stands."

FIRST_TURN_STEPS: list[Step] = [
    Step(FIRST_TURN[0],
         "Your rack (top row, places r1 to r6) holds two base dice: the Bone Wall at r2 and the "
         "Watch Post at r5. Base dice go into the base before you draw anything. Build the "
         "Bone Wall: click it, or press its button.",
         "The Bone Wall d2 is your first base die; on its own it is both your front and your "
         "back door. The rack closed up, so the Watch Post is now at r4.",
         {"P1 draw": "Drawing now would leave both base dice stuck in the rack until your next "
                     "turn: build them first.",
          "P1 build r5": "The Watch Post goes in too, right after; build the Bone Wall first, so "
                         "that it becomes your front door."}),
    Step(FIRST_TURN[1],
         "Now the Watch Post, which moved up to r4.",
         "Two base dice: d2 on the left is your front door, d8 on the right your back door. "
         "Four more and your base is complete.",
         {"P1 draw": "The Watch Post would have to wait a whole turn: build it first."}),
    Step(FIRST_TURN[2],
         "Refill the rack: draw from your bag until the rack holds six dice again. Each new die "
         "is rolled as it comes out, and its top face is what it is from now on.",
         "Two dice came out: a Decoy Gate showing 1 (flash) at r5 and a Goblin showing 5 "
         "(first strike) at r6."),
    Step(FIRST_TURN[3],
         "You may swap rack places now, up to the Bones roll. Leave the rack as it is and roll "
         "the Bones: the number is the rack place, counted from the left, of the die that comes "
         "into play.",
         "A 6: the Goblin at r6 comes into play. Say where it goes.",
         {f"P1 swap r{i} r{j}": _NO_SWAP for i in range(1, 7) for j in range(i + 1, 7)}),
    Step(FIRST_TURN[4],
         "A creature comes into the arena or into your base, where it may stand guard on a base "
         "die. Send the goblin into the arena: from there it can attack P2's base.",
         "The goblin stands in the arena. Coming in was its action for this turn, so it cannot "
         "attack before your next turn.",
         {"P1 enter base": "In the base it would be safe, but it could not reach P2's base from "
                           "there: this lesson wants an attacker in the arena.",
          "P1 enter d2": "A guard on your front door is a good idea too, but this lesson wants "
                         "an attacker in the arena.",
          "P1 enter d8": "A guard on your back door is a good idea too, but this lesson wants "
                         "an attacker in the arena."}),
    Step(FIRST_TURN[5],
         "Nothing else of yours can act this turn: say next.",
         "P2, the builder bot, played its turn at once: it built four base dice, drew, rolled "
         "a 2 and put a Warp (-1) on your front door, which now shows 1."),
]
"""The guided first turn on the lesson's table (seed 35): build, build, draw, roll, enter, next.
What each ``done`` text says is what the engine does (tests/test_lessons_rolled_bones.py)."""


def first_turn() -> GuidedTable:
    """The notebook's guided first turn: you are P1, a builder bot plays P2."""
    return GuidedTable("rolled_bones", list(FIRST_TURN_SEATS), steps=FIRST_TURN_STEPS, seed=FIRST_TURN_SEED)


# ---- the dice sheet --------------------------------------------------------------------------------

FACE = 40
GAP = 6
ROW = 62
TITLE_W = 170
COLUMN_W = 490


def _face_box(scene: Scene, kind: str, x: float, y: float, value: str, letters: str, power: bool,
              recurring: bool) -> None:
    scene.add(Rect(x, y, FACE, FACE, FILL.get(kind, "#ffffff"), EDGE.get(kind, INK), 1.4, 6),
              Text(x + FACE / 2, y + FACE * 0.56, value, FACE * 0.42, INK, "middle", True))
    if letters:
        scene.add(Text(x + FACE - 3, y + 7, letters, 8, INK, "end", True))
    if power:
        star(scene, x + 7, y + FACE - 7, 5)
    if recurring:
        scene.add(Text(x + FACE - 3, y + FACE - 7, "↻", 10, INK, "end", True))


def dice_sheet() -> Scene:
    """Every die of the kit with its six faces (1 to 6, left to right), drawn as the table draws
    dice: the value, the symbols as letters, a star on the power face, ↻ for recurring magic."""
    c = components()
    groups: list[list[tuple[str, str, str, list]]] = [[], []]
    for kind in KINDS:
        for t in c.dice.values():
            if t.kind == kind:
                note = (f"power: {next(f.power for f in t.faces if f.power)}" if kind in ("base", "creature")
                        else f"{t.item}, suits {c.dice[t.suits].name}" if t.suits else
                        "recurring" if any(f.effect == "drain" for f in t.faces) else "contortion")
                if t.projectile:
                    note += " · shoots"
                groups[0 if kind in ("base", "creature") else 1].append((t.title, kind, note, list(t.faces)))
    groups[1].append(("Bones (one each)", "bones", "picks the rack place; every battle roll", None))
    height = 56 + ROW * max(len(g) for g in groups) + 44
    scene = Scene(1000, height, "The kit's dice, faces 1 to 6", background=PAPER,
                  description=f"{len(c.dice)} dice and the Bones die: base, creature, item and magic dice "
                              "with their six faces; the table above lists the same in words.")
    scene.add(Text(12, 18, "The kit's dice: faces 1 to 6, left to right", 15, INK, "start", True))
    for col, rows in enumerate(groups):
        x0 = 12 + col * (COLUMN_W + 8)
        for k in range(6):
            x = x0 + TITLE_W + k * (FACE + GAP) + FACE / 2
            scene.add(Text(x, 42, f"face {k + 1}", 9, MUTED, "middle"))
        for r, (title, kind, note, faces) in enumerate(rows):
            y = 54 + r * ROW
            code, _, name = title.partition("-")
            scene.add(Text(x0, y + 10, code if name else title, 11, INK, "start", True),
                      Text(x0, y + 25, name, 11, INK),
                      Text(x0, y + 40, note, 9, MUTED))
            for k in range(6):
                x = x0 + TITLE_W + k * (FACE + GAP)
                if faces is None:
                    _face_box(scene, kind, x, y, str(k + 1), "", False, False)
                    continue
                f = faces[k]
                value = f"{f.value:+d}" if kind == "magic" else str(f.value)
                letters = "".join(SYMBOL_LETTER[s] for s in ("flash", "band", "first_strike", "flying")
                                  if s in f.symbols)
                _face_box(scene, kind, x, y, value, letters, bool(f.power), f.effect == "drain")
    scene.add(Text(12, height - 20, "Letters: F flash · B banding · S first strike · W flying.   "
                   "★ the power face (face 5).   ↻ recurring magic.   The colour and the D'Code's first "
                   "letter both tell the kind.", 11, INK))
    return scene


# ---- narration ------------------------------------------------------------------------------------------


def tell(game: Game, state: Any, steps: Sequence[tuple[str, Sequence[str]]]) -> Any:
    """For each (sentence, labels) of ``steps``: print the sentence, then play its labels and
    print their events; returns the state reached. A refused label stops with its reason."""
    for sentence, labels in steps:
        print(f"▶ {sentence}")
        for label in labels:
            try:
                state, events = game.apply(state, label)
            except IllegalAction as e:
                print(f"✗ {label}: refused: {refusal(game, e)}")
                return state
            show(events)
        print()
    return state


def bot_turn(game: Game, state: Any, bot: Any = None) -> Any:
    """Let a builder bot play every decision until the turn passes to another seat (or the game
    ends), printing each action's label and its events; returns the state reached."""
    bot = bot or BuilderBot(0)
    seat = state.turn_seat
    while game.outcome(state) is None and state.turn_seat == seat:
        who = game.to_move(state)[0]
        action = bot.choose(game, state, who)
        print(f"» {action.label}" + ("" if who == seat else f" ({seat_name(who)} answers)"))
        state, events = game.apply(state, action)
        show(events)
    return state


__all__ = ["FIRST_TURN_SEATS", "FIRST_TURN_SEED", "FIRST_TURN_STEPS", "bot_turn", "dice_sheet", "first_turn",
           "tell"]
