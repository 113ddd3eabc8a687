"""How one skeleton moves, and what happens where it lands.

These functions change a private copy of the state (the engine copies before applying) and
append events. A move that needs a player's choice (where a skeleton leaving by the top goes,
where a catapult throws, where a skeleton flees a dragon) stops with a Pending choice.
"""
from __future__ import annotations

from dataclasses import replace

from ...core.actions import seat_name
from ...core.events import Event
from ...core.words import plural
from .board import (DIR_NAMES, DIRS, REFLECT, SIZE, components, coords, direction_between,
                    neighbours4, on_board, square)
from .state import BadBonesState, Pending, Skeleton, Trap

R = "bad_bones."


def exit_targets(state: BadBonesState, seat: int, forest: str) -> list[int]:
    """Whose cemetery a skeleton leaving ``seat``'s board through ``forest`` may go to."""
    n = state.players
    if n == 1:
        return [seat]
    if forest == "left":
        return [(seat + 1) % n]
    if forest == "right":
        return [(seat - 1) % n]
    return [s for s in range(n) if s != seat]


def forest_of(r: int, c: int) -> str:
    return "top" if r < 0 else "left" if c < 0 else "right" if c >= SIZE else ""


def treasure_square(state: BadBonesState, seat: int) -> str | None:
    return next((sq for sq, t in state.boards[seat].traps.items() if t.kind == "treasure"), None)


def who(state: BadBonesState, seat: int) -> str:
    return state.names[seat] if state.names[seat] == seat_name(seat) else f"{state.names[seat]} ({seat_name(seat)})"


def _label(sk: Skeleton) -> str:
    return f"{sk.model.split('-')[0]} skeleton"


def destroy(state: BadBonesState, seat: int, sid: int) -> None:
    """A skeleton leaves the board for the bag."""
    del state.boards[seat].skeletons[sid]
    state.bag.append(sid)
    state.bag.sort()


def send(state: BadBonesState, seat: int, sid: int, target: int, events: list[Event], why: str,
         rule: str) -> None:
    board = state.boards[seat]
    board.skeletons.pop(sid, None)
    state.boards[target].cemetery.append(sid)
    model = components().model_of(sid).name
    events.append(Event("sent", rule, f"{who(state, seat)}: the {model.split('-')[0]} skeleton {why} "
                        f"and goes to {who(state, target)}'s cemetery.",
                        {"seat": seat, "skeleton": sid, "to": target}))


def leave_by_forest(state: BadBonesState, seat: int, sid: int, spot: tuple[int, int],
                    events: list[Event], reason: str) -> None:
    """A skeleton steps into a forest: to a neighbour's cemetery, or a choice for the top."""
    forest = forest_of(*spot)
    targets = exit_targets(state, seat, forest)
    why = f"leaves through the {forest} forest" if reason != "dragon" else f"flees into the {forest} forest"
    if len(targets) == 1:
        send(state, seat, sid, targets[0], events, why, R + "whatif.forest")
    else:
        sk = state.boards[seat].skeletons[sid]
        state.pending[seat].append(Pending("send", sid, sk.model, "top", square(*spot)))
        events.append(Event("choice", R + "whatif.forest",
                            f"{who(state, seat)}: the {_label(sk)} {why}; choose whose cemetery it goes to.",
                            {"seat": seat, "skeleton": sid}))


def move_skeleton(state: BadBonesState, seat: int, sid: int, events: list[Event]) -> None:
    """Advance one skeleton one space (plus any wall ricochets) and resolve where it ends."""
    board = state.boards[seat]
    sk = board.skeletons[sid]
    board.skeletons[sid] = sk = replace(sk, side=state.token)  # flipped: it has moved this phase
    start = square(sk.r, sk.c)
    _step(state, seat, sid, sk.facing, [start], set(), events)


def _step(state: BadBonesState, seat: int, sid: int, facing: str, path: list[str],
          walls: set[str], events: list[Event]) -> None:
    data = components()
    board = state.boards[seat]
    sk = board.skeletons[sid]
    dr, dc = DIRS[facing]
    r, c = sk.r + dr, sk.c + dc
    name = f"{who(state, seat)}: the {_label(sk)} ({' → '.join(path)} → "
    if r >= SIZE:  # into the village
        board.houses = max(0, board.houses - 1)
        destroy(state, seat, sid)
        events.append(Event("house", R + "whatif.village",
                            f"{name}village) burns a house; {board.houses} left.",
                            {"seat": seat, "skeleton": sid, "houses": board.houses}))
        return
    if not on_board(r, c):
        board.skeletons[sid] = replace(sk, r=r, c=c)
        leave_by_forest(state, seat, sid, (r, c), events, "move")
        return
    here = square(r, c)
    if here == data.tower:
        board.floors = max(0, board.floors - 1)
        destroy(state, seat, sid)
        hero = " (the hero standing there cannot stop it)" if board.hero == here else ""
        events.append(Event("floor", R + "whatif.tower",
                            f"{name}{here}) reaches the tower: a floor falls{hero}; {board.floors} left.",
                            {"seat": seat, "skeleton": sid, "floors": board.floors}))
        return
    if board.hero == here:
        destroy(state, seat, sid)
        events.append(Event("hero_kill", R + "whatif.hero",
                            f"{name}{here}) walks into the hero and is destroyed.",
                            {"seat": seat, "skeleton": sid, "square": here}))
        return
    trap = board.traps.get(here)
    if trap is not None:
        if here not in board.triggered:
            board.triggered.append(here)
        if trap.kind == "wall":
            if here in walls:  # ruling: a skeleton bounces off each wall once per move
                board.skeletons[sid] = replace(sk, r=r, c=c)
                events.append(Event("wall_stop", R + "ruling.wall_loop",
                                    f"{name}{here}) meets the same wall again and stops on it.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
                return
            walls.add(here)
            turned = REFLECT[trap.orientation][facing]
            board.skeletons[sid] = replace(sk, r=r, c=c, facing=turned)
            events.append(Event("wall", R + "traps.wall",
                                f"{name}{here}) ricochets off the wall ({trap.orientation}) and "
                                f"heads {DIR_NAMES[turned]}.", {"seat": seat, "skeleton": sid, "square": here}))
            _step(state, seat, sid, turned, path + [here], walls, events)
            return
        if trap.kind == "catapult":
            board.skeletons[sid] = replace(sk, r=r, c=c)
            catapult(state, seat, sid, here, events)
            return
        if trap.kind == "dragon":
            board.skeletons[sid] = replace(sk, r=r, c=c)
            state.pending[seat].append(Pending("repel", sid, sk.model, "dragon", here))
            events.append(Event("dragon", R + "traps.dragon",
                                f"{name}{here}) meets the dragon; choose where it flees.",
                                {"seat": seat, "skeleton": sid, "square": here}))
            return
        # treasure: the skeleton stands on it (the tile covers any arrow there)
        board.skeletons[sid] = replace(sk, r=r, c=c, facing=facing)
        events.append(Event("on_treasure", R + "traps.treasure",
                            f"{name}{here}) stands on the treasure.", {"seat": seat, "skeleton": sid}))
        return
    turned = data.arrows.get((here, facing), facing)
    board.skeletons[sid] = replace(sk, r=r, c=c, facing=turned)
    note = f" and turns {DIR_NAMES[turned]} (arrow)" if turned != facing else ""
    rule = R + "phase.move.arrows" if turned != facing else R + "phase.move"
    events.append(Event("move", rule, f"{name}{here}){note}.",
                        {"seat": seat, "skeleton": sid, "square": here}))
    lure(state, seat, sid, events)


def lure(state: BadBonesState, seat: int, sid: int, events: list[Event]) -> None:
    """A skeleton that ends next to the treasure turns toward it (stronger than anything)."""
    board = state.boards[seat]
    t = treasure_square(state, seat)
    sk = board.skeletons.get(sid)
    if t is None or sk is None or not on_board(sk.r, sk.c):
        return
    tr = coords(t)
    if (sk.r, sk.c) in neighbours4(*tr):
        facing = direction_between((sk.r, sk.c), tr)
        if facing != sk.facing:
            board.skeletons[sid] = replace(sk, facing=facing)
            events.append(Event("lure", R + "traps.treasure",
                                f"{who(state, seat)}: the {_label(sk)} on {square(sk.r, sk.c)} turns "
                                f"{DIR_NAMES[facing]}, toward the treasure.", {"seat": seat, "skeleton": sid}))


def catapult(state: BadBonesState, seat: int, sid: int, here: str, events: list[Event]) -> None:
    board = state.boards[seat]
    targets = exit_targets(state, seat, "top")
    chosen = board.catapult_targets.get(here)
    if chosen is None and len(targets) == 1:
        chosen = targets[0]
    if chosen is not None:
        send(state, seat, sid, chosen, events, f"is thrown by the catapult on {here}", R + "traps.catapult")
        return
    sk = board.skeletons[sid]
    state.pending[seat].append(Pending("send", sid, sk.model, "catapult", here))
    events.append(Event("choice", R + "traps.catapult",
                        f"{who(state, seat)}: the {_label(sk)} lands on the catapult on {here}; choose "
                        f"which opponent's cemetery it flies to.", {"seat": seat, "skeleton": sid}))


def repel_options(state: BadBonesState, seat: int, dragon: str) -> list[str]:
    """Squares a skeleton may flee to from a dragon: its orthogonal neighbours on the board,
    and forest spots beside it (never the village)."""
    dr = coords(dragon)
    out = []
    for r, c in neighbours4(*dr):
        if r >= SIZE:
            continue
        name = square(r, c)
        if name:
            out.append(name)
    return out


def repel(state: BadBonesState, seat: int, sid: int, dragon: str, to: str, events: list[Event]) -> None:
    """Move a skeleton fleeing the dragon on ``dragon`` to ``to``, facing away from it.

    Ruling bad_bones.ruling.dragon_landing: the hero and the tower act on a fleeing skeleton,
    forests send it away and the treasure lures it, but it triggers no trap where it lands.
    """
    data = components()
    board = state.boards[seat]
    sk = board.skeletons[sid]
    tr, dr = coords(to), coords(dragon)
    facing = direction_between(dr, tr)
    board.skeletons[sid] = sk = replace(sk, r=tr[0], c=tr[1], facing=facing)
    name = f"{who(state, seat)}: the {_label(sk)} flees the dragon on {dragon} to {to}"
    if not on_board(*tr):
        leave_by_forest(state, seat, sid, tr, events, "dragon")
    elif to == data.tower:
        board.floors = max(0, board.floors - 1)
        destroy(state, seat, sid)
        events.append(Event("floor", R + "ruling.dragon_landing",
                            f"{name}, the tower: a floor falls; {board.floors} left.",
                            {"seat": seat, "skeleton": sid, "floors": board.floors}))
    elif board.hero == to:
        destroy(state, seat, sid)
        events.append(Event("hero_kill", R + "ruling.dragon_landing",
                            f"{name}, into the hero, and is destroyed.", {"seat": seat, "skeleton": sid}))
    else:
        events.append(Event("repel", R + "traps.dragon", f"{name}, facing {DIR_NAMES[facing]}.",
                            {"seat": seat, "skeleton": sid, "square": to}))
        lure(state, seat, sid, events)


def end_of_movement(state: BadBonesState, seat: int, events: list[Event]) -> None:
    """Used traps are damaged or destroyed; an unguarded treasure with a thief is stolen."""
    data = components()
    board = state.boards[seat]
    for sq in board.triggered:
        trap = board.traps.get(sq)
        if trap is None or trap.kind == "treasure":
            continue
        after = data.trap(trap.kind)["after_use"]["damaged" if trap.damaged else "intact"]
        if after == "destroyed":
            del board.traps[sq]
            board.removed_traps.append(trap.kind)
            dead = " (used twice in a row: it is dead)" if trap.kind == "dragon" and sq in board.landed else ""
            events.append(Event("trap_destroyed", R + ("traps.dragon.landing" if dead else "traps"),
                                f"{who(state, seat)}: the damaged {trap.kind} on {sq} is used again and "
                                f"destroyed{dead}.", {"seat": seat, "square": sq, "kind": trap.kind}))
        elif after == "damaged":
            board.traps[sq] = replace(trap, damaged=True)
            events.append(Event("trap_damaged", R + "traps",
                                f"{who(state, seat)}: the {trap.kind} on {sq} is flipped to its damaged side.",
                                {"seat": seat, "square": sq, "kind": trap.kind}))
    board.triggered = []
    board.catapult_targets = {}
    board.landed = []
    t = treasure_square(state, seat)
    if t is not None and board.hero != t:
        thieves = [s for s in board.skeletons.values() if square(s.r, s.c) == t]
        if thieves:
            del board.traps[t]
            board.removed_traps.append("treasure")
            events.append(Event("stolen", R + "traps.treasure",
                                f"{who(state, seat)}: {plural(len(thieves), 'skeleton')} on {t} {'steals' if len(thieves) == 1 else 'steal'} the treasure; "
                                f"it is gone for good.", {"seat": seat, "square": t}))


def place_trap(state: BadBonesState, seat: int, kind: str, sq: str, orientation: str | None,
               events: list[Event]) -> None:
    board = state.boards[seat]
    board.supply.remove(kind)
    landing = kind == "dragon" and any(square(s.r, s.c) == sq for s in board.skeletons.values())
    board.traps[sq] = Trap(kind, damaged=landing, orientation=orientation)
    if landing:
        board.landed.append(sq)
    shown = f"{kind} ({orientation})" if orientation else kind
    events.append(Event("place", R + "phase.traps.place", f"{who(state, seat)} places a {shown} on {sq}.",
                        {"seat": seat, "kind": kind, "square": sq}))
    if landing:
        here = sorted(s.id for s in board.skeletons.values() if square(s.r, s.c) == sq)
        events.append(Event("landing", R + "traps.dragon.landing",
                            f"{who(state, seat)}: the dragon lands on {plural(len(here), 'skeleton')} on {sq} and "
                            f"is flipped to its damaged side; choose where each one flees.",
                            {"seat": seat, "square": sq}))
        for sid in here:
            sk = board.skeletons[sid]
            # They have moved now: flipped to the side everything will show after moving.
            board.skeletons[sid] = replace(sk, side="black" if state.token == "white" else "white")
            state.pending[seat].append(Pending("repel", sid, sk.model, "landing", sq))
    if kind == "treasure":
        t = coords(sq)
        for sid, sk in sorted(board.skeletons.items()):
            if on_board(sk.r, sk.c) and (sk.r, sk.c) in neighbours4(*t):
                facing = direction_between((sk.r, sk.c), t)
                if facing != sk.facing:
                    board.skeletons[sid] = replace(sk, facing=facing)
                    events.append(Event("lure", R + "traps.treasure",
                                        f"{who(state, seat)}: the {_label(sk)} on {square(sk.r, sk.c)} turns "
                                        f"{DIR_NAMES[facing]}, toward the new treasure.",
                                        {"seat": seat, "skeleton": sid}))
