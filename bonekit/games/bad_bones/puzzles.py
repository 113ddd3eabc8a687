"""Trap-lab puzzles for Bad Bones: fixed skeletons, a few traps to place, a goal to reach.

Each puzzle sets skeletons on an empty sandbox board (rule section bad_bones.kit.sandbox),
lets the learner place a small set of traps, marches the skeletons for a few movement phases
with ``sandbox.march`` (no new skeletons arrive, the hero stays on the tower) and judges the
goal. Nothing here imports Jupyter.

    from bonekit.games.bad_bones.puzzles import PUZZLES, check
    solved, message = check(PUZZLES["shield"], [("wall", "c2", "/"), ("wall", "b2", "/")])

A placement is ``(kind, square)``, or ``("wall", square, "/" or "\\")`` for a wall. As in the
trap phase (bad_bones.phase.traps.place) a trap goes on a board square that is not the tower
and holds no other trap and no skeleton; only the dragon may land on skeletons
(bad_bones.traps.dragon.landing). Placements are made in the order given, so placing a
treasure turns the skeletons next to it at once (bad_bones.traps.treasure).

Where a skeleton flees from a dragon is a player's choice; the checker always picks the
square where it does least harm (``flee``).

The puzzles and the rule sections each one teaches:

- ``shield``: two walls keep three skeletons off the tower (traps.wall, ruling.wall_chain,
  phase.move.arrows, traps, whatif.tower).
- ``clear``: one catapult and one wall get three skeletons off the board (traps.catapult,
  traps, traps.wall, whatif.forest, phase.move.arrows).
- ``bait``: the treasure lures two skeletons away from the village (traps.treasure,
  ruling.arrows_under_traps, whatif.village, whatif.forest).
- ``dragon``: the dragon lands on a pack next to the tower, a wall deals with one more
  skeleton (traps.dragon.landing, traps.dragon, ruling.dragon_landing, traps.wall,
  phase.move.arrows).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.events import Event
from ...core.words import plural
from .board import DIR_NAMES, SIZE, TRAP_KINDS, components, coords, on_board, square
from .moves import place_trap, repel, repel_options
from .sandbox import lab_state, march
from .state import BadBonesState

GOALS = ("protect", "clear")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle. ``goal``: "protect" (no floor and no house lost during ``phases``
    movement phases) or "clear" (also: no skeleton left on the board or in its forests
    afterwards). ``allowed`` maps a trap kind to how many of it may be placed (at most).
    ``teaches`` lists the rule sections the puzzle exercises; ``solution`` is one known
    answer (the tests check that it solves the puzzle); ``starter`` a first attempt that
    does not, for the notebook to start from."""

    id: str
    title: str
    task: str
    skeletons: tuple[tuple[str, str], ...]
    allowed: dict[str, int]
    phases: int
    goal: str
    teaches: tuple[str, ...]
    hint: str
    solution: tuple[tuple, ...]
    starter: tuple[tuple, ...] = ()
    floors: int = 4
    houses: int = 5

    def start(self) -> BadBonesState:
        """The puzzle's board before any trap is placed."""
        return lab_state(skeletons=self.skeletons, floors=self.floors, houses=self.houses)


PUZZLES: dict[str, Puzzle] = {p.id: p for p in [
    Puzzle(
        id="shield",
        title="Shield the tower with two walls",
        task="Three skeletons are closing in on the tower: one from the top forest, one already "
             "on b1 and one from the left forest. Place two walls so that the tower keeps every "
             "floor, and the village every house, for three movement phases.",
        skeletons=(("top-c", "s"), ("b1", "s"), ("left-3", "e")),
        allowed={"wall": 2},
        phases=3,
        goal="protect",
        teaches=("bad_bones.traps.wall", "bad_bones.ruling.wall_chain", "bad_bones.phase.move.arrows",
                 "bad_bones.traps", "bad_bones.whatif.tower"),
        hint="Two of the skeletons reach the same square in the same phase, and a wall acts on "
             "every skeleton that steps on it in one phase. Watch the arrow on b3, too.",
        solution=(("wall", "b3", "/"), ("wall", "c1", "/")),
        starter=(("wall", "c2", "/"), ("wall", "b2", "/")),
    ),
    Puzzle(
        id="clear",
        title="Empty the board with one catapult and one wall",
        task="Three skeletons enter from the top, left and right forests. With one catapult and "
             "one wall, get every one of them off the board within three movement phases, without "
             "losing a floor or a house.",
        skeletons=(("top-b", "s"), ("left-3", "e"), ("right-3", "w")),
        allowed={"catapult": 1, "wall": 1},
        phases=3,
        goal="clear",
        teaches=("bad_bones.traps.catapult", "bad_bones.traps", "bad_bones.traps.wall",
                 "bad_bones.whatif.forest", "bad_bones.phase.move.arrows"),
        hint="A catapult survives two uses: damaged after the first phase it is used in, gone "
             "after the second. A wall can turn a skeleton back toward a forest.",
        solution=(("catapult", "b3"), ("wall", "e3", "\\")),
        starter=(("catapult", "c1"), ("wall", "a3", "/")),
    ),
    Puzzle(
        id="bait",
        title="Bait them away from the village",
        task="Two skeletons on b4 and d4 are marching down toward the village. Place the treasure "
             "so that both of them leave the board within four movement phases, and no house burns.",
        skeletons=(("b4", "s"), ("d4", "s")),
        allowed={"treasure": 1},
        phases=4,
        goal="clear",
        teaches=("bad_bones.traps.treasure", "bad_bones.ruling.arrows_under_traps",
                 "bad_bones.whatif.village", "bad_bones.whatif.forest"),
        hint="Placing the treasure turns its orthogonal neighbours at once. Thieves keep the "
             "direction they had when they stepped on it, and walk on.",
        solution=(("treasure", "c4"),),
        starter=(("treasure", "c5"),),
    ),
    Puzzle(
        id="dragon",
        title="Drop the dragon on the pack",
        task="A pack of three skeletons on b3 will walk into the tower in the very next movement "
             "phase, and another one is coming down from d1. With the dragon and one wall, keep "
             "every floor and every house for three movement phases.",
        skeletons=(("b3", "e"), ("b3", "e"), ("b3", "e"), ("d1", "s")),
        allowed={"dragon": 1, "wall": 1},
        phases=3,
        goal="protect",
        teaches=("bad_bones.traps.dragon.landing", "bad_bones.traps.dragon",
                 "bad_bones.ruling.dragon_landing", "bad_bones.traps.wall",
                 "bad_bones.phase.move.arrows"),
        hint="Only the dragon may be placed on a square with skeletons, and they flee at once. "
             "For the other skeleton, check where a wall would send it, and what arrow waits there.",
        solution=(("dragon", "b3"), ("wall", "d2", "\\")),
        starter=(("wall", "d2", "/"),),
    ),
]}
"""The puzzles by id, in the order the trap lab poses them."""


def _describe(placement: Any) -> str:
    return repr(tuple(placement)) if isinstance(placement, (tuple, list)) else repr(placement)


def _validate(puzzle: Puzzle, placements: Any) -> str | None:
    """Why the placements cannot be made, or None if they are fine."""
    if not isinstance(placements, (list, tuple)):
        return "placements must be a list such as [(\"wall\", \"b3\", \"/\")]"
    start = puzzle.start()
    occupied = {square(s.r, s.c) for s in start.boards[0].skeletons.values()}
    tower = components().tower
    used: Counter[str] = Counter()
    taken: set[str] = set()
    allowed = ", ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in puzzle.allowed.items())
    for p in placements:
        shown = _describe(p)
        if not isinstance(p, (list, tuple)) or len(p) < 2 or not all(isinstance(x, str) for x in p):
            return f"{shown} is not a placement: write (\"catapult\", \"d4\") or (\"wall\", \"b3\", \"/\")"
        kind, sq, *rest = p
        if kind not in TRAP_KINDS:
            return f"{shown}: there is no trap called {kind!r} (traps: {', '.join(TRAP_KINDS)})"
        used[kind] += 1
        if kind not in puzzle.allowed:
            return f"{shown}: this puzzle gives you no {kind}; you may place {allowed}"
        if used[kind] > puzzle.allowed[kind]:
            return (f"{shown}: this puzzle lets you place {allowed}, no more "
                    "[rule bad_bones.phase.traps.place]")
        rc = coords(sq)
        if rc is None:
            return f"{shown}: {sq!r} is not a square; squares run from a1 to e5"
        if not on_board(*rc):
            return f"{shown}: traps never go in a forest [rule bad_bones.phase.traps.place]"
        if sq == tower:
            return f"{shown}: no trap may go on the tower ({tower}) [rule bad_bones.phase.traps.place]"
        if sq in taken:
            return f"{shown}: {sq} already holds a trap [rule bad_bones.phase.traps.place]"
        if sq in occupied and kind != "dragon":
            return (f"{shown}: a skeleton stands on {sq}; only the dragon may land on skeletons "
                    f"[rule bad_bones.traps.dragon.landing]")
        if kind == "wall" and (len(rest) != 1 or rest[0] not in ("/", "\\")):
            return f"{shown}: a wall needs its direction, \"/\" or \"\\\\\" [rule bad_bones.traps.wall]"
        if kind != "wall" and rest:
            return f"{shown}: only a wall has a direction; write ({kind!r}, {sq!r})"
        taken.add(sq)
    return None


def place(state: BadBonesState, placements: Sequence[tuple]) -> tuple[BadBonesState, list[Event]]:
    """A copy of a sandbox board with traps placed as in a trap phase, one after the other,
    and the events of placing them: a treasure turns its neighbours at once, and skeletons a
    dragon lands on flee at once (to ``flee``'s square) and sit out the next movement phase.
    Only checks that each trap is in the supply; ``check`` explains illegal placements."""
    from ...core.registry import load
    state = load("bad_bones").copy_state(state)
    events: list[Event] = []
    for kind, sq, *rest in placements:
        if kind not in state.boards[0].supply:
            raise ValueError(f"no {kind} left in the supply")
        place_trap(state, 0, kind, sq, rest[0] if rest else None, events)
        while state.pending[0]:  # the dragon landed on skeletons: each one flees now
            p = state.pending[0].pop(0)
            repel(state, 0, p.skeleton, p.square, flee(state, p.square), events)
    return state, events


def setup(puzzle: Puzzle, placements: Sequence[tuple]) -> tuple[BadBonesState, list[Event]]:
    """The puzzle board with the placements made (in order, as in a trap phase) and the
    events of placing them. Raises ValueError if a placement is not allowed."""
    problem = _validate(puzzle, placements)
    if problem:
        raise ValueError(problem)
    return place(puzzle.start(), placements)


def run(puzzle: Puzzle,
        placements: Sequence[tuple]) -> tuple[BadBonesState, list[tuple[BadBonesState, list[Event]]]]:
    """The board after placing, and (state, events) after each movement phase."""
    state, _ = setup(puzzle, placements)
    return state, march(state, puzzle.phases, choose=flee)


def flee(state: BadBonesState, dragon: str) -> str:
    """Where a skeleton fleeing the dragon on ``dragon`` goes in a puzzle: where it does least
    harm. A forest first (it leaves the board), then the hero's square off the tower (he
    destroys it), then the free square farthest from the tower, avoiding the bottom row;
    the tower last. Ties go to the first square name."""
    board = state.boards[0]
    tower = components().tower
    tr = coords(tower)

    def harm(sq: str) -> tuple:
        r, c = coords(sq)
        if not on_board(r, c):
            return (0, 0)
        if sq == tower:
            return (9, 0)
        if sq == board.hero:
            return (1, 0)
        return (2, -(abs(r - tr[0]) + abs(c - tr[1])) + (2 if r == SIZE - 1 else 0))
    return min(repel_options(state, 0, dragon), key=lambda sq: (harm(sq), sq))


def _where(state: BadBonesState, origin: dict[int, str]) -> str:
    out = []
    for s in sorted(state.boards[0].skeletons.values(), key=lambda s: (s.r, s.c, s.facing, s.id)):
        out.append(f"the one from {origin.get(s.id, '?')} on {square(s.r, s.c)} "
                   f"heading {DIR_NAMES[s.facing]}")
    return "; ".join(out)


def check(puzzle: Puzzle, placements: Any) -> tuple[bool, str]:
    """Place the traps, march the skeletons for the puzzle's phases, and judge the goal.
    Returns (solved, a message saying why or why not)."""
    problem = _validate(puzzle, placements)
    if problem:
        return False, "Not a legal set of traps: " + problem
    origin = {sid: square(s.r, s.c) for sid, s in puzzle.start().boards[0].skeletons.items()}
    start, placing = setup(puzzle, placements)
    frames = march(start, puzzle.phases, choose=flee)
    floors, houses = puzzle.floors, puzzle.houses
    timeline = [("while the traps are placed", placing)]
    timeline += [(f"in movement phase {i}", events) for i, (_, events) in enumerate(frames, 1)]
    for when, events in timeline:
        for e in events:
            if e.kind in ("floor", "house"):
                return False, f"Not yet: {when}, {_story(e, origin)} [rule {e.rule}]"
    final = frames[-1][0] if frames else start
    n = puzzle.phases
    if puzzle.goal == "clear" and final.boards[0].skeletons:
        left = final.boards[0].skeletons
        return False, (f"Not yet: nothing was lost, but after {plural(n, 'movement phase')} "
                       f"{plural(len(left), 'skeleton')} {'is' if len(left) == 1 else 'are'} still around: "
                       f"{_where(final, origin)}")
    if puzzle.goal == "clear":
        return True, (f"Solved! Within {plural(n, 'movement phase')} every skeleton has left the board, "
                      f"and the tower and the village are untouched.")
    return True, (f"Solved! The tower keeps its {floors} floors and the village its {houses} "
                  f"houses for {n} movement phases.")


def _story(event: Event, origin: dict[int, str]) -> str:
    """An event's text told for the puzzle: skeletons named by where they started."""
    text = event.text.split(": ", 1)[1] if event.text.startswith("P1: ") else event.text
    sid = event.data.get("skeleton")
    if sid in origin:
        text = re.sub(r"^the \w+ skeleton", f"the skeleton that started at {origin[sid]}", text)
    return text


ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}


FATES = {"floor": "TOWER!", "house": "VILLAGE!", "overrun": "HOME! lost", "hero_kill": "hero",
         "bomb": "bomb", "spikes": "spikes", "immortal": "cemetery", "emperor_slain": "slain"}
"""How a skeleton can leave a board in a movement phase, by the event that took it (a path
table's cell); "catapult", "hearse", "bag" and "forest" are told apart by ``fate``."""


def fate(events: Sequence[Event], sid: int) -> str:
    """How token ``sid`` left the board in a phase with ``events``: a ``FATES`` word (for a
    Spectral Chief followed by "→ cemetery": it cannot die), "catapult", "hearse", "bag" (a
    Chief Saboteur done with his work) or "forest"."""
    mine = [e for e in events if e.data.get("skeleton") == sid]
    kinds = [e.kind for e in mine]
    found = next((FATES[k] for k in kinds if k in FATES and k != "immortal"), None)
    chief = components().chief(sid)
    if chief is not None and chief.kind == "spectral" and (found or "immortal" in kinds):
        return f"{found} → cemetery" if found else "cemetery"
    if found:
        return found
    for e in mine:
        if e.kind == "sent" and e.rule.endswith("catapult"):
            return "catapult"
        if e.kind == "sent" and e.rule.endswith("hearse"):
            return "hearse"
    if any(e.kind == "sabotaged" and sid in e.data.get("saboteurs", ()) for e in events):
        return "bag"
    return "forest"


def token_name(sid: int) -> str:
    """A token as the path tables call it: a chief's own name, or an ordinary skeleton's symbol."""
    data = components()
    chief = data.chief(sid)
    return chief.name if chief else data.model_of(sid).symbol


def trace(start: BadBonesState, frames: Sequence[tuple[BadBonesState, list[Event]]],
          before: BadBonesState | None = None, names: bool = False) -> str:
    """A table with one line per skeleton: where it stands (and faces) after each movement
    phase, and how it leaves: through a forest, thrown by a catapult, into the TOWER or the
    VILLAGE, or destroyed by the hero. ``start`` is the board the phases started from; give
    ``before`` (the board before any trap was placed) to add a first column when placing the
    traps already moved or turned skeletons (a treasure's pull, a dragon's landing).
    ``names``: a first column naming each token (``token_name``: chiefs by their own names), the
    columns as wide as their cells."""
    def spot(state: BadBonesState, sid: int) -> str:
        sk = state.boards[0].skeletons.get(sid)
        return f"{square(sk.r, sk.c)} {ARROWS[sk.facing]}" if sk else "-"

    first = before if before is not None else start
    sks = first.boards[0].skeletons
    ids = sorted(sks, key=lambda i: (sks[i].r, sks[i].c, i))
    columns = ["start"]
    rows = {sid: [spot(first, sid)] for sid in ids}
    gone = {sid for sid in ids if sid not in start.boards[0].skeletons}
    if before is not None and any(spot(before, i) != spot(start, i) for i in ids):
        columns.append("placed")
        blasts = {sq for sq, t in start.boards[0].traps.items() if t.blast}
        for sid in ids:   # a bomb placed on a crowd is the one placement that removes skeletons
            bombed = sid in gone and spot(before, sid).split()[0] in blasts
            rows[sid].append("bomb" if bombed else spot(start, sid))
    for n, (state, events) in enumerate(frames, 1):
        columns.append(f"phase {n}")
        for sid in ids:
            row = rows[sid]
            if sid in gone:
                row.append("")
                continue
            if sid in state.boards[0].skeletons:
                row.append(spot(state, sid))
                continue
            row.append(fate(events, sid))
            gone.add(sid)
    if names:
        columns = ["token", *columns]
        rows = {sid: [token_name(sid), *row] for sid, row in rows.items()}
        widths = [max(len(columns[i]), *(len(r[i]) for r in rows.values())) + 2 for i in range(len(columns))]
    else:
        widths = [10] * len(columns)
    lines = ["".join(f"{c:<{w}}" for c, w in zip(columns, widths)).rstrip()]
    lines += ["".join(f"{cell:<{w}}" for cell, w in zip(rows[sid], widths)).rstrip() for sid in ids]
    return "\n".join(lines)


__all__ = ["FATES", "GOALS", "PUZZLES", "Puzzle", "check", "fate", "flee", "place", "run", "setup",
           "token_name", "trace"]
