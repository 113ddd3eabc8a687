"""Chief Instructors and their units (rule section bad_bones.chiefs.instructor and its rulings).

When a Chief Instructor moves, every skeleton still to move on its square joins it: they turn
its way and go where it goes, as one unit. ``Board.units`` remembers each leader's followers
between moves, so that a dragon landing or a weapon treats them as one. The leader walks
through the ordinary ``moves.move_skeleton`` with a trace of what it met; ``follow`` then gives
each follower the same fate, token by token, so a chief among them keeps its own power at the
tower or the village and a Chief Saboteur among them wrecks the traps the unit triggered.

Like the rest of the engine, boards come through ``own`` and ``units`` is replaced, never edited.
"""
from __future__ import annotations

from ...core.events import Event
from ...core.words import plural
from . import weapons
from .board import COORDS, DIR_NAMES, NAMES, components, on_board, square
from .moves import (
    FIRST_CHIEF,
    R,
    _label,
    add_pending,
    burn_capital,
    chief_kind,
    destroy,
    eliminate,
    emperor_on_ruins,
    fell_tower,
    move_skeleton,
    note_trigger,
    reach_home,
    send,
    who,
)
from .state import BadBonesState, Board, Pending, Skeleton, own

_DATA = components()
_TOKEN_OF = {c.name: c.token for c in _DATA.chiefs}


def can_lead(board: Board, s: Skeleton) -> bool:
    """Whether ``s`` leads the skeletons on its spot when it moves: a Chief Instructor on a
    board square, or one already leading a unit (a unit the portal sent back waits in the
    forest together)."""
    return s.id >= FIRST_CHIEF and (s.id in board.units or (chief_kind(s.id) == "instructor"
                                                            and on_board(s.r, s.c)))


def leaders(board: Board, token: str) -> dict[tuple[int, int], list[Skeleton]]:
    """(r, c) -> the skeletons still to move there that would lead a unit, a leader already in
    place first (only the spots that have one)."""
    out: dict[tuple[int, int], list[Skeleton]] = {}
    for s in board.skeletons.values():
        if s.id >= FIRST_CHIEF and s.side != token and can_lead(board, s):
            out.setdefault((s.r, s.c), []).append(s)
    for found in out.values():
        found.sort(key=lambda s: (s.id not in board.units, s.id))
    return out


def lead_name(sid: int) -> str:
    """The word a move uses to name the chief who leads ("instructor-2")."""
    return _DATA.token_name(sid)


def lead_token(name: str) -> int | None:
    """The chief token a move's last word names, or None."""
    return _TOKEN_OF.get(name)


ALONE = "alone"
"""A move's last word for a skeleton that leaves an instructor's square before it, though it
faces the instructor's way (``P1 move b2 s alone``)."""


def loose(board: Board, here: list[Skeleton], r: int, c: int, token: str) -> dict[str, int]:
    """facing -> the lowest token on (r, c) still to move that may go before the would-be
    leaders ``here``: neither one of them nor a member of a unit one of them leads."""
    bound = {s.id for s in here} | {f for s in here for f in board.units.get(s.id, ())}
    out: dict[str, int] = {}
    for k in board.skeletons.values():
        if k.r == r and k.c == c and k.side != token and k.id not in bound:
            if k.facing not in out or k.id < out[k.facing]:
                out[k.facing] = k.id
    return out


def resolve(board: Board, r: int, c: int, facing: str, extra: str | None,
            token: str) -> tuple[int, bool] | None:
    """What ``move <square> <facing> [<extra>]`` moves from (r, c) in a game with the chiefs,
    as (token, whether it leads a unit), or None when that move is not legal. The player moves
    skeletons in any order, so those on an instructor's square may leave before it, one by one
    (``extra`` "alone" when one faces a leader's way; ruling bad_bones.chiefs.ruling.unit_join);
    a unit already formed stays whole; the instructor's own move takes everyone still there,
    and with two or more instructors it names the one who leads (bad_bones.chiefs.instructor)."""
    here = leaders(board, token).get((r, c))
    if not here:
        return None
    facings = {s.facing for s in here}
    if extra is None and facing in facings:
        return (here[0].id, True) if len(here) == 1 else None
    if extra is None or extra == ALONE:
        if (extra == ALONE) != (facing in facings):
            return None
        sid = loose(board, here, r, c, token).get(facing)
        return None if sid is None else (sid, False)
    lead = next((s for s in here if s.facing == facing and lead_name(s.id) == extra), None)
    return None if lead is None or len(here) < 2 else (lead.id, True)


def spot_moves(board: Board, here: list[Skeleton], r: int, c: int, token: str) -> list[tuple[str, ...]]:
    """The move arguments offered on a would-be leader's spot: the instructor's move (one per
    instructor, named, when there are several), then one for each skeleton that may go first."""
    sq = square(r, c)
    facings = {s.facing for s in here}
    out = ([(sq, here[0].facing)] if len(here) == 1
           else [(sq, s.facing, lead_name(s.id)) for s in here])
    out += [(sq, f, ALONE) if f in facings else (sq, f) for f in loose(board, here, r, c, token)]
    return sorted(out)


def leaves_instructor(board: Board, action, token: str) -> bool:
    """Whether a move takes a skeleton off an instructor's square before the instructor."""
    rc = COORDS.get(action.args[0])
    here = leaders(board, token).get(rc) if rc is not None else None
    if not here:
        return False
    got = resolve(board, rc[0], rc[1], action.args[1], action.args[2] if len(action.args) > 2 else None,
                  token)
    return got is not None and not got[1]


def move(state: BadBonesState, seat: int, sid: int, events: list[Event] | None) -> None:
    """Move skeleton ``sid`` (the first of the group a move action names) in a game with chiefs:
    alone, or as part of the unit a Chief Instructor on its spot leads."""
    board = state.boards[seat]
    sk = board.skeletons[sid]
    token = state.token
    here = leaders(board, token).get((sk.r, sk.c))
    if not here:
        return move_skeleton(state, seat, sid, events)
    # With two would-be leaders the move named one (``sid``); else the one there leads (move-all
    # moves the first token of the spot: a leader with that facing, one already leading first).
    chosen = [s for s in here if s.id == sid] or [s for s in here if s.facing == sk.facing] or here
    leader = chosen[0].id
    if on_board(sk.r, sk.c):
        followers = tuple(sorted(s.id for s in board.skeletons.values() if (s.r, s.c) == (sk.r, sk.c)
                                 and s.side != token and s.id != leader))
    else:  # a unit waiting in a forest spot: only its own followers
        followers = tuple(f for f in board.units.get(leader, ()) if f in board.skeletons
                          and board.skeletons[f].side != token)
    if not followers:
        if leader in board.units:
            own(state, seat).units = {k: v for k, v in board.units.items() if k != leader}
        return move_skeleton(state, seat, leader, events)
    move_unit(state, seat, leader, followers, events)


def move_unit(state: BadBonesState, seat: int, leader: int, followers: tuple[int, ...],
              events: list[Event] | None) -> None:
    """The Chief Instructor ``leader`` moves and ``followers`` go with it, facing its way."""
    board = own(state, seat)
    lead = board.skeletons[leader]
    for f in followers:
        s = board.skeletons[f]
        if s.facing != lead.facing:
            board.skeletons[f] = Skeleton(f, s.model, s.r, s.c, lead.facing, s.side)
    units = {k: v for k, v in board.units.items() if k != leader and k not in followers}
    units[leader] = followers
    board.units = units
    if events is not None:
        events.append(Event("unit", R + "chiefs.instructor",
                            f"{who(state, seat)}: the Chief Instructor on {NAMES.get((lead.r, lead.c), '?')} "
                            f"moves with {plural(len(followers), 'skeleton')} as one unit, all facing "
                            f"{DIR_NAMES[lead.facing]}.",
                            {"seat": seat, "skeleton": leader, "unit": followers}))
    trace: list = []
    before = state.pending[seat]
    move_skeleton(state, seat, leader, events, trace)
    follow(state, seat, leader, followers, trace, before, events, struck=True)


def follow(state: BadBonesState, seat: int, leader: int, followers: tuple[int, ...], trace: list,
           before: list, events: list[Event] | None, struck: bool = False) -> None:
    """Give ``followers`` the fate their leader just met (its ``trace``; ``before``: the seat's
    pending queue before the leader acted). A choice the leader now owes carries them along;
    where the leader stands they stand; the cemetery it went to they go to; an end it met (the
    tower, the village, the hero, a bomb, spikes) each of them meets in turn. ``struck``: a
    walk into the hero that may set off the weapon (not a dragon's push)."""
    board = own(state, seat)
    met = [x[1] for x in trace if x[0] == "trap"]
    if met:
        for f in followers:
            if chief_kind(f) == "saboteur":
                for sq in met:
                    note_trigger(board, f, sq, None)
    pending = state.pending[seat]
    last = pending[-1] if pending else None
    fresh = last is not None and last.skeleton == leader and (not before or last is not before[-1])
    if fresh and last.kind == "send" and last.reason == "top":
        # through a forest off the board's edge each skeleton leaving goes where the player
        # sends it, one by one (bad_bones.whatif.forest): no trap holds the unit together there
        _gather(state, seat, leader, followers, events)
        for f in followers:
            if f in board.skeletons:
                add_pending(state, seat, Pending("send", f, board.skeletons[f].model, "top", last.square))
        if events is not None:
            events.append(Event("choice", R + "whatif.forest",
                                f"{who(state, seat)}: the {plural(len(followers), 'skeleton')} of its unit "
                                "leave with the Chief Instructor; choose for each whose cemetery it goes to.",
                                {"seat": seat, "skeleton": leader, "unit": followers}))
        return
    if fresh and last.kind in ("send", "repel"):
        queue = list(state.pending)
        shared = Pending(last.kind, leader, last.model, last.reason, last.square, followers)
        queue[seat] = [*pending[:-1], shared]
        state.pending = queue
        _gather(state, seat, leader, followers, events)
        return
    if leader in board.skeletons:
        _gather(state, seat, leader, followers, events)
        return
    target = next((t for t in range(state.players) if leader in state.boards[t].cemetery), None)
    if target is not None:
        for f in followers:
            send(state, seat, f, target, events, "follows its Chief Instructor", R + "chiefs.instructor")
        return
    end = next((x[1] for x in trace if x[0] == "end"), "bomb")
    if end == "capital":   # each member burns its own house (or does its chief's deed)
        for f in followers:
            burn_capital(state, seat, f, events)
        return
    if end == "tower" and state.capital_size:
        # a co-op tower stops one skeleton (bad_bones.coop.towers): the leader felled it, and
        # the others walk the same way on over its ruins, each on its own now
        for f in followers:
            if f in own(state, seat).skeletons:
                move_skeleton(state, seat, f, events)
        return
    for f in followers:
        if end in ("tower", "village"):
            reach_home(state, seat, f, end, events)
            continue
        sk = board.skeletons[f]
        if events is not None:
            how = {"hero": "walks into the hero", "bomb": "is blown up by the bomb",
                   "spikes": "dies on the barricade's spikes"}[end]
            events.append(Event("hero_kill" if end == "hero" else end, R + "chiefs.instructor",
                                f"{who(state, seat)}: with its unit, the {_label(sk)} {how}.",
                                {"seat": seat, "skeleton": f}))
        if f < FIRST_CHIEF:
            destroy(state, seat, f)
        else:
            eliminate(state, seat, f, end == "hero", events)
        if end == "hero" and struck and board.weapon is not None:
            weapons.hero_struck(state, seat, sk, events)


def _gather(state: BadBonesState, seat: int, leader: int, followers: tuple[int, ...],
            events: list[Event] | None) -> None:
    """The followers stand where their leader stands, facing and showing as it does; an emperor
    among them brought onto a co-op tower's ruins loses the game (bad_bones.coop.ruling.chiefs)."""
    board = own(state, seat)
    lead = board.skeletons[leader]
    at = NAMES.get((lead.r, lead.c), "")
    for f in followers:
        s = board.skeletons.get(f)
        if s is not None:
            board.skeletons[f] = Skeleton(f, s.model, lead.r, lead.c, lead.facing, lead.side)
            if emperor_on_ruins(state, seat, f, at):
                fell_tower(state, seat, f, at, events)

