"""The trap lab's sandbox (rule section bad_bones.kit.sandbox): set up a board by hand and
watch the skeletons march, with the engine's own movement rules.

    state = lab_state(skeletons=[("b1", "s"), ("left-3", "e")], traps=[("wall", "b3", "/")])
    for state, events in march(state, phases=3):
        ...
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ...core.events import Event
from ...core.words import short
from .board import ALL_TRAP_KINDS, CHIEF_KINDS, DIRS, NEW_TRAP_KINDS, components, coords, on_board, other_side
from .bots import _safest
from .choices import TURNS
from .moves import answer_send, end_of_movement, pop_pending, repel, send
from .state import BadBonesState, Skeleton, Trap
from .units import follow
from .weapons import WEAPONS


def _game():
    from ...core.registry import load
    return load("bad_bones")


def lab_state(skeletons: Iterable[tuple[str, ...]] = (), traps: Iterable[tuple] = (),
              hero: str | None = None, floors: int = 4, houses: int = 5, seed: int = 0,
              supply: Iterable[str] = (), weapon: str | None = None, chiefs: bool = False) -> BadBonesState:
    """A one-board sandbox: skeletons as (square or forest spot, facing n/e/s/w), traps as
    (kind, square), ("wall", square, "/" or "\\") or ("labyrinth", square, "white" or
    "black"), the hero on a square (None: on the tower).

    The basic traps come from the basic supply; the advanced version's traps (``NEW_TRAP_KINDS``)
    are handed out by the lab. Add "damaged" to a trap's tuple to stage its used side (a bomb's
    is its blast area). ``supply``: extra traps (any kind) put in the supply, to place by actions.
    ``weapon``: the weapon card the board holds (one of ``weapons.WEAPONS``), for weapon lessons.
    A skeleton given as (square, facing, chief) is a Skeleton Chief: a kind ("instructor": the
    first of that kind still in the bag) or a token's name ("instructor-2"); placing one, or
    ``chiefs=True``, plays the board with the chiefs' rules."""
    game = _game()
    chiefs = chiefs or any(len(sk) > 2 for sk in skeletons)
    state = game.new(1, "solo", seed=seed, setup="empty", **({"chiefs": True} if chiefs else {}))
    board = state.boards[0]
    board.floors, board.houses = floors, houses
    if weapon is not None and weapon not in WEAPONS:
        raise ValueError(f"there is no weapon called {short(weapon)}")
    board.weapon = weapon
    board.tower_size, board.village_size = floors, houses
    for kind in supply:
        if kind not in ALL_TRAP_KINDS:
            raise ValueError(f"there is no trap called {short(kind)}")
        board.supply.append(kind)
    board.supply.sort()
    if hero is not None:
        if coords(hero) is None or not on_board(*coords(hero)):
            raise ValueError(f"the hero must stand on a board square, not {short(hero)}")
        board.hero = hero
    for trap in traps:
        kind, sq, *rest = trap
        damaged = "damaged" in rest
        rest = [x for x in rest if x != "damaged"]
        rc = coords(sq)
        if rc is None or not on_board(*rc) or sq == game.data.tower or sq in board.traps:
            raise ValueError(f"a trap cannot go on {short(sq)}")
        if kind not in NEW_TRAP_KINDS and kind not in board.supply:
            raise ValueError(f"no {kind} left in the supply")
        turns = TURNS.get(kind)
        if turns and (not rest or rest[0] not in turns):
            what = "an orientation, '/' or '\\'" if kind == "wall" else "a colour, 'white' or 'black'"
            raise ValueError(f"a {kind} needs {what}")
        if damaged and len(components().trap(kind)["stars"]) < 2:
            raise ValueError(f"a {kind} has no damaged side")
        if kind not in NEW_TRAP_KINDS:   # the lab's box holds the new traps; the supply keeps its own
            board.supply.remove(kind)
        board.traps[sq] = Trap(kind, damaged, rest[0] if turns else None)
    data = components()
    models = data.models
    for i, (sq, facing, *chief) in enumerate(skeletons):
        rc = coords(sq)
        if rc is None or facing not in DIRS:
            raise ValueError(f"cannot put a skeleton on {short(sq)} facing {short(facing)}")
        if chief:
            token = next((c.token for c in data.chiefs
                          if chief[0] in (c.kind, c.name) and c.token in state.bag), None)
            if token is None:
                raise ValueError(f"no Skeleton Chief called {short(chief[0])} is left to place (kinds: "
                                 f"{', '.join(CHIEF_KINDS)})")
        else:
            # A forest spot gets its own model; board squares get varied symbols, for telling apart.
            wanted = next((m for m in models if m.spot == sq), models[(i * 4) % len(models)])
            token = next(t for t in state.bag if data.model_of(t) == wanted)
        state.bag.remove(token)
        m = components().model_of(token)
        board.skeletons[token] = Skeleton(token, m.name, rc[0], rc[1], facing, state.token)
    return state


def march(state: BadBonesState, phases: int = 1, hero_path: Sequence[str] = (),
          choose: Callable[[BadBonesState, str], str] | None = None,
          ) -> list[tuple[BadBonesState, list[Event]]]:
    """Run ``phases`` movement phases on board 0 with no new skeletons, every choice answered
    by ``choose(state, dragon_square)`` (default: where the fleeing skeleton harms least).
    ``hero_path`` gives the hero's square at the start of each phase (he kills as he lands).
    Returns (state, events) after each phase; the input state is not changed."""
    game = _game()
    out = []
    s = game.copy_state(state)
    for i in range(phases):
        s = game.copy_state(s)
        events: list[Event] = []
        board = s.boards[0]
        if i < len(hero_path):
            game._hero(s, 0, hero_path[i], events)
        s.token = other_side(s.token)
        for sid in sorted(board.skeletons):
            sk = board.skeletons.get(sid)
            if sk is None or sk.side == s.token:
                continue
            game._move(s, 0, sid, events)
            while s.pending[0]:
                p = pop_pending(s, 0)
                if p.kind == "weapon":  # the march keeps weapons for later: lessons use apply
                    continue
                before, trace = s.pending[0], ([] if p.unit else None)
                if p.kind == "send" and p.reason == "hearse":
                    answer_send(s, 0, p, 0, events)
                elif p.kind == "send":
                    send(s, 0, p.skeleton, 0, events, "leaves the board", "bad_bones.kit.sandbox")
                else:
                    to = (choose or (lambda st, sq: _safest(game, st, 0, sq)))(s, p.square)
                    repel(s, 0, p.skeleton, p.square, to, events, trace)
                if p.unit:
                    follow(s, 0, p.skeleton, p.unit, trace, before, events)
        end_of_movement(s, 0, events)
        board.cemetery = []  # the lab keeps no cemetery: whatever leaves is gone
        out.append((s, events))
    return out
