"""How one skeleton moves, and what happens where it lands.

These functions change ``state`` in place: a private copy (``game.copy_state``), or a state
that shares boards with its predecessor, whose boards they take through ``state.own`` first
(copy-on-write). They append events to ``events``; with ``events=None`` (the simulation path)
they build none and skip the words. A move that needs a player's choice (where a skeleton
leaving by the top goes, where a catapult throws, where a skeleton flees a dragon) stops with
a Pending choice.

Besides the skeletons dict of a board, nothing here is edited in place: the bag, the pending
lists and a board's other lists and dicts are replaced by changed copies, so that states can
share them (see ``state``).
"""
from __future__ import annotations

from functools import cache

from ...core.actions import seat_name
from ...core.events import Event
from ...core.words import plural
from .board import (
    COORDS,
    DIR_NAMES,
    DIRS,
    FLEE,
    NAMES,
    REFLECT,
    SIZE,
    TOWARD,
    components,
    coords,
    direction_between,
    neighbours4,
    on_board,
    square,
)
from .state import BadBonesState, Pending, Skeleton, Trap, own

R = "bad_bones."
_DATA = components()
_TOWER = _DATA.tower
_ARROWS = _DATA.arrows


def exit_targets(state: BadBonesState, seat: int, forest: str) -> list[int]:
    """Whose cemetery a skeleton leaving ``seat``'s board through ``forest`` may go to."""
    return list(_exits(state.players, seat, forest))


@cache
def _exits(n: int, seat: int, forest: str) -> tuple[int, ...]:
    if n == 1:
        return (seat,)
    if forest == "left":
        return ((seat + 1) % n,)
    if forest == "right":
        return ((seat - 1) % n,)
    return tuple(s for s in range(n) if s != seat)


def forest_of(r: int, c: int) -> str:
    return "top" if r < 0 else "left" if c < 0 else "right" if c >= SIZE else ""


def treasure_square(state: BadBonesState, seat: int) -> str | None:
    for sq, t in state.boards[seat].traps.items():
        if t.kind == "treasure":
            return sq
    return None


def who(state: BadBonesState, seat: int) -> str:
    name = state.names[seat]
    return name if name == seat_name(seat) else f"{name} ({seat_name(seat)})"


def _label(sk: Skeleton) -> str:
    return f"{sk.model.split('-')[0]} skeleton"


def add_pending(state: BadBonesState, seat: int, choice: Pending) -> None:
    """Queue a choice for ``seat`` (the pending lists are replaced, never edited)."""
    pending = list(state.pending)
    pending[seat] = [*pending[seat], choice]
    state.pending = pending


def pop_pending(state: BadBonesState, seat: int) -> Pending:
    """Take ``seat``'s first pending choice off its queue."""
    pending = list(state.pending)
    first, pending[seat] = pending[seat][0], pending[seat][1:]
    state.pending = pending
    return first


def to_bag(state: BadBonesState, sids: list[int]) -> None:
    """Put skeleton tokens back into the bag, which stays sorted."""
    bag = state.bag + sids
    bag.sort()
    state.bag = bag


def destroy(state: BadBonesState, seat: int, sid: int) -> None:
    """A skeleton leaves the board for the bag."""
    del own(state, seat).skeletons[sid]
    to_bag(state, [sid])


def send(state: BadBonesState, seat: int, sid: int, target: int, events: list[Event] | None, why: str,
         rule: str) -> None:
    own(state, seat).skeletons.pop(sid, None)
    board = own(state, target)
    board.cemetery = [*board.cemetery, sid]
    if events is not None:
        model = _DATA.model_of(sid).name
        events.append(Event("sent", rule, f"{who(state, seat)}: the {model.split('-')[0]} skeleton {why} "
                            f"and goes to {who(state, target)}'s cemetery.",
                            {"seat": seat, "skeleton": sid, "to": target}))


def leave_by_forest(state: BadBonesState, seat: int, sid: int, spot: tuple[int, int],
                    events: list[Event] | None, reason: str) -> None:
    """A skeleton steps into a forest: to a neighbour's cemetery, or a choice for the top."""
    forest = forest_of(*spot)
    targets = _exits(state.players, seat, forest)
    why = "" if events is None else (f"leaves through the {forest} forest" if reason != "dragon"
                                     else f"flees into the {forest} forest")
    if len(targets) == 1:
        send(state, seat, sid, targets[0], events, why, R + "whatif.forest")
    else:
        sk = state.boards[seat].skeletons[sid]
        add_pending(state, seat, Pending("send", sid, sk.model, "top", NAMES.get(spot, "")))
        if events is not None:
            events.append(Event("choice", R + "whatif.forest",
                                f"{who(state, seat)}: the {_label(sk)} {why}; choose whose cemetery "
                                "it goes to.",
                                {"seat": seat, "skeleton": sid}))


def move_skeleton(state: BadBonesState, seat: int, sid: int, events: list[Event] | None) -> None:
    """Advance one skeleton one space (plus any wall ricochets) and resolve where it ends.

    The skeleton is flipped to the tracking token's side (it has moved this phase). It walks
    one square in its facing; a wall there turns it and it walks on (each wall once per move,
    ruling bad_bones.ruling.wall_loop); elsewhere it stops and what is there acts on it.
    """
    board = own(state, seat)
    sk = board.skeletons[sid]
    side, model = state.token, sk.model
    r, c, facing = sk.r, sk.c, sk.facing
    path = [NAMES.get((r, c), "")] if events is not None else None
    walls: list[str] = []
    while True:
        dr, dc = DIRS[facing]
        r, c = r + dr, c + dc
        name = "" if path is None else f"{who(state, seat)}: the {_label(sk)} ({' → '.join(path)} → "
        if r >= SIZE:  # into the village
            board.houses = max(0, board.houses - 1)
            destroy(state, seat, sid)
            if events is not None:
                events.append(Event("house", R + "whatif.village",
                                    f"{name}village) burns a house; {board.houses} left.",
                                    {"seat": seat, "skeleton": sid, "houses": board.houses}))
            return
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            board.skeletons[sid] = Skeleton(sid, model, r, c, facing, side)
            leave_by_forest(state, seat, sid, (r, c), events, "move")
            return
        here = NAMES[r, c]
        if here == _TOWER:
            board.floors = max(0, board.floors - 1)
            destroy(state, seat, sid)
            if events is not None:
                hero = " (the hero standing there cannot stop it)" if board.hero == here else ""
                events.append(Event("floor", R + "whatif.tower",
                                    f"{name}{here}) reaches the tower: a floor falls{hero}; "
                                    f"{board.floors} left.",
                                    {"seat": seat, "skeleton": sid, "floors": board.floors}))
            return
        if board.hero == here:
            destroy(state, seat, sid)
            if events is not None:
                events.append(Event("hero_kill", R + "whatif.hero",
                                    f"{name}{here}) walks into the hero and is destroyed.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
            return
        traps = board.traps
        trap = traps.get(here)
        if trap is None:
            turned = _ARROWS.get((here, facing), facing)
            # the treasure's lure (``lure``), folded in: a skeleton ending next to it turns to it
            lured = None
            for at, t in traps.items():
                if t.kind == "treasure":
                    lured = TOWARD[at].get((r, c))
                    break
            board.skeletons[sid] = Skeleton(sid, model, r, c, lured or turned, side)
            if events is not None:
                note = f" and turns {DIR_NAMES[turned]} (arrow)" if turned != facing else ""
                rule = R + "phase.move.arrows" if turned != facing else R + "phase.move"
                events.append(Event("move", rule, f"{name}{here}){note}.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
                if lured is not None and lured != turned:
                    events.append(Event("lure", R + "traps.treasure",
                                        f"{who(state, seat)}: the {_label(sk)} on {here} turns "
                                        f"{DIR_NAMES[lured]}, toward the treasure.",
                                        {"seat": seat, "skeleton": sid}))
            return
        if here not in board.triggered:
            board.triggered = [*board.triggered, here]
        kind = trap.kind
        if kind == "wall":
            if here in walls:  # ruling: a skeleton bounces off each wall once per move
                board.skeletons[sid] = Skeleton(sid, model, r, c, facing, side)
                if events is not None:
                    events.append(Event("wall_stop", R + "ruling.wall_loop",
                                        f"{name}{here}) meets the same wall again and stops on it.",
                                        {"seat": seat, "skeleton": sid, "square": here}))
                return
            walls.append(here)
            facing = REFLECT[trap.orientation][facing]
            board.skeletons[sid] = Skeleton(sid, model, r, c, facing, side)
            if path is not None:
                events.append(Event("wall", R + "traps.wall",
                                    f"{name}{here}) ricochets off the wall ({trap.orientation}) and "
                                    f"heads {DIR_NAMES[facing]}.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
                path.append(here)
            continue
        board.skeletons[sid] = Skeleton(sid, model, r, c, facing, side)
        if kind == "catapult":
            catapult(state, seat, sid, here, events)
        elif kind == "dragon":
            add_pending(state, seat, Pending("repel", sid, model, "dragon", here))
            if events is not None:
                events.append(Event("dragon", R + "traps.dragon",
                                    f"{name}{here}) meets the dragon; choose where it flees.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
        elif events is not None:  # treasure: the skeleton stands on it (the tile covers any arrow)
            events.append(Event("on_treasure", R + "traps.treasure",
                                f"{name}{here}) stands on the treasure.", {"seat": seat, "skeleton": sid}))
        return


def lure(state: BadBonesState, seat: int, sid: int, events: list[Event] | None) -> None:
    """A skeleton that ends next to the treasure turns toward it (stronger than anything)."""
    t = treasure_square(state, seat)
    if t is None:
        return
    board = state.boards[seat]
    sk = board.skeletons.get(sid)
    if sk is None:
        return
    facing = TOWARD[t].get((sk.r, sk.c)) if t in TOWARD else _toward(t, sk)
    if facing is not None and facing != sk.facing:
        own(state, seat).skeletons[sid] = Skeleton(sk.id, sk.model, sk.r, sk.c, facing, sk.side)
        if events is not None:
            events.append(Event("lure", R + "traps.treasure",
                                f"{who(state, seat)}: the {_label(sk)} on {square(sk.r, sk.c)} turns "
                                f"{DIR_NAMES[facing]}, toward the treasure.",
                                {"seat": seat, "skeleton": sid}))


def _toward(t: str, sk: Skeleton) -> str | None:
    """The direction from ``sk`` toward square ``t`` if it stands next to it on the board."""
    tr = coords(t)
    if tr is None or not on_board(sk.r, sk.c) or (sk.r, sk.c) not in neighbours4(*tr):
        return None
    return direction_between((sk.r, sk.c), tr)


def catapult(state: BadBonesState, seat: int, sid: int, here: str, events: list[Event] | None) -> None:
    board = state.boards[seat]
    targets = _exits(state.players, seat, "top")
    chosen = board.catapult_targets.get(here)
    if chosen is None and len(targets) == 1:
        chosen = targets[0]
    if chosen is not None:
        send(state, seat, sid, chosen, events, f"is thrown by the catapult on {here}", R + "traps.catapult")
        return
    sk = board.skeletons[sid]
    add_pending(state, seat, Pending("send", sid, sk.model, "catapult", here))
    if events is not None:
        events.append(Event("choice", R + "traps.catapult",
                            f"{who(state, seat)}: the {_label(sk)} lands on the catapult on {here}; choose "
                            f"which opponent's cemetery it flies to.", {"seat": seat, "skeleton": sid}))


def repel_options(state: BadBonesState, seat: int, dragon: str) -> list[str]:
    """Squares a skeleton may flee to from a dragon: its orthogonal neighbours on the board,
    and forest spots beside it (never the village)."""
    if dragon in FLEE:
        return list(FLEE[dragon])
    dr = coords(dragon)
    return [name for r, c in neighbours4(*dr) if r < SIZE for name in [square(r, c)] if name]


def repel(state: BadBonesState, seat: int, sid: int, dragon: str, to: str,
          events: list[Event] | None) -> None:
    """Move a skeleton fleeing the dragon on ``dragon`` to ``to``, facing away from it.

    Ruling bad_bones.ruling.dragon_landing: the hero and the tower act on a fleeing skeleton,
    forests send it away and the treasure lures it, but it triggers no trap where it lands.
    """
    board = own(state, seat)
    sk = board.skeletons[sid]
    tr, dr = COORDS[to], COORDS[dragon]
    facing = direction_between(dr, tr)
    board.skeletons[sid] = sk = Skeleton(sk.id, sk.model, tr[0], tr[1], facing, sk.side)
    name = ("" if events is None
            else f"{who(state, seat)}: the {_label(sk)} flees the dragon on {dragon} to {to}")
    if not on_board(*tr):
        leave_by_forest(state, seat, sid, tr, events, "dragon")
    elif to == _TOWER:
        board.floors = max(0, board.floors - 1)
        destroy(state, seat, sid)
        if events is not None:
            events.append(Event("floor", R + "ruling.dragon_landing",
                                f"{name}, the tower: a floor falls; {board.floors} left.",
                                {"seat": seat, "skeleton": sid, "floors": board.floors}))
    elif board.hero == to:
        destroy(state, seat, sid)
        if events is not None:
            events.append(Event("hero_kill", R + "ruling.dragon_landing",
                                f"{name}, into the hero, and is destroyed.", {"seat": seat, "skeleton": sid}))
    else:
        if events is not None:
            events.append(Event("repel", R + "traps.dragon", f"{name}, facing {DIR_NAMES[facing]}.",
                                {"seat": seat, "skeleton": sid, "square": to}))
        lure(state, seat, sid, events)


def end_of_movement(state: BadBonesState, seat: int, events: list[Event] | None) -> None:
    """Used traps are damaged or destroyed; an unguarded treasure with a thief is stolen."""
    board = own(state, seat)
    traps = board.traps
    if board.triggered:
        traps = dict(traps)
        removed = list(board.removed_traps)
        for sq in board.triggered:
            trap = traps.get(sq)
            if trap is None or trap.kind == "treasure":
                continue
            after = _DATA.trap(trap.kind)["after_use"]["damaged" if trap.damaged else "intact"]
            if after == "destroyed":
                del traps[sq]
                removed.append(trap.kind)
                if events is not None:
                    twice = trap.kind == "dragon" and sq in board.landed
                    dead = " (used twice in a row: it is dead)" if twice else ""
                    events.append(Event("trap_destroyed", R + ("traps.dragon.landing" if dead else "traps"),
                                        f"{who(state, seat)}: the damaged {trap.kind} on {sq} is used "
                                        "again and "
                                        f"destroyed{dead}.", {"seat": seat, "square": sq, "kind": trap.kind}))
            elif after == "damaged":
                traps[sq] = Trap(trap.kind, True, trap.orientation)
                if events is not None:
                    events.append(Event("trap_damaged", R + "traps",
                                        f"{who(state, seat)}: the {trap.kind} on {sq} is flipped to its "
                                        "damaged side.",
                                        {"seat": seat, "square": sq, "kind": trap.kind}))
        board.traps, board.removed_traps = traps, removed
    board.triggered = []
    board.catapult_targets = {}
    board.landed = []
    t = treasure_square(state, seat)
    if t is not None and board.hero != t:
        rc = COORDS.get(t)
        thieves = [s for s in board.skeletons.values() if (s.r, s.c) == rc]
        if thieves:
            board.traps = {sq: trap for sq, trap in board.traps.items() if sq != t}
            board.removed_traps = [*board.removed_traps, "treasure"]
            if events is not None:
                events.append(Event("stolen", R + "traps.treasure",
                                    f"{who(state, seat)}: {plural(len(thieves), 'skeleton')} on {t} "
                                    f"{'steals' if len(thieves) == 1 else 'steal'} the treasure; "
                                    f"it is gone for good.", {"seat": seat, "square": t}))


def place_trap(state: BadBonesState, seat: int, kind: str, sq: str, orientation: str | None,
               events: list[Event] | None) -> None:
    board = own(state, seat)
    supply = list(board.supply)
    supply.remove(kind)
    board.supply = supply
    rc = COORDS.get(sq)
    landing = kind == "dragon" and any((s.r, s.c) == rc for s in board.skeletons.values())
    board.traps = {**board.traps, sq: Trap(kind, damaged=landing, orientation=orientation)}
    if landing:
        board.landed = [*board.landed, sq]
    if events is not None:
        shown = f"{kind} ({orientation})" if orientation else kind
        events.append(Event("place", R + "phase.traps.place", f"{who(state, seat)} places a {shown} on {sq}.",
                            {"seat": seat, "kind": kind, "square": sq}))
    if landing:
        here = sorted(s.id for s in board.skeletons.values() if (s.r, s.c) == rc)
        if events is not None:
            events.append(Event("landing", R + "traps.dragon.landing",
                                f"{who(state, seat)}: the dragon lands on {plural(len(here), 'skeleton')} "
                                f"on {sq} and "
                                f"is flipped to its damaged side; choose where each one flees.",
                                {"seat": seat, "square": sq}))
        moved = "black" if state.token == "white" else "white"
        for sid in here:
            sk = board.skeletons[sid]
            # They have moved now: flipped to the side everything will show after moving.
            board.skeletons[sid] = Skeleton(sk.id, sk.model, sk.r, sk.c, sk.facing, moved)
            add_pending(state, seat, Pending("repel", sid, sk.model, "landing", sq))
    if kind == "treasure":
        near = TOWARD.get(sq, {})
        for sid, sk in sorted(board.skeletons.items()):
            facing = near.get((sk.r, sk.c))
            if facing is not None and facing != sk.facing:
                board.skeletons[sid] = Skeleton(sk.id, sk.model, sk.r, sk.c, facing, sk.side)
                if events is not None:
                    events.append(Event("lure", R + "traps.treasure",
                                        f"{who(state, seat)}: the {_label(sk)} on {square(sk.r, sk.c)} turns "
                                        f"{DIR_NAMES[facing]}, toward the new treasure.",
                                        {"seat": seat, "skeleton": sid}))
