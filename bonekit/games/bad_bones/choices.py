"""The decisions of Bad Bones: each seat's legal actions, a direct legality test, and the
explanation of a refusal.

Actions are immutable, so every action a seat can ever take is built once (per seat and
table size) and handed out from tables: listing the ~65 placements of a trap phase filters a
precomputed list instead of building 65 objects. ``is_legal`` answers "is this action among
``legal_actions``?" without listing them; the tests prove the two agree.
"""
from __future__ import annotations

from functools import cache
from operator import attrgetter

from ...core.actions import Action, seat_name
from ...core.words import short
from . import coop_market, market
from .board import (
    ALL_TRAP_KINDS,
    COORDS,
    KING,
    NAMES,
    ON_BOARD,
    SIDES,
    SQUARES,
    components,
    coords,
    on_board,
    square,
)
from .moves import R, _exits, repel_options
from .state import BadBonesState, Board, Pending, Skeleton
from .units import ALONE, lead_name, leaders, resolve, spot_moves
from .weapons import weapon_actions, weapon_is_legal, why_weapon_illegal

ORIENTATIONS = ("/", "\\")
TURNS = {"wall": ORIENTATIONS, "labyrinth": SIDES}
"""The traps placed with a third word: a wall's diagonal, a labyrinth's colour."""
_TOWER = components().tower
PLACEABLE = tuple(sq for sq in SQUARES if sq != _TOWER)
"""Where a trap may go, row by row: every board square but the tower."""
CANONICAL = attrgetter("r", "c", "facing", "id")
"""The order in which skeletons are listed and moved: by square, facing, then token."""


class SeatActions:
    """Every action one seat can take, built once."""

    def __init__(self, seat: int):
        self.seat = seat
        self.pass_ = Action(seat, "pass")
        self.move_all = Action(seat, "move-all")
        self.hero = {sq: [Action(seat, "hero", (to,)) for to in KING[sq]] for sq in SQUARES}
        self.retrieve = {sq: Action(seat, "retrieve", (sq,)) for sq in SQUARES}
        self.place = {kind: [(sq, Action(seat, "place", (kind, sq, o) if o else (kind, sq)))
                             for sq in PLACEABLE for o in TURNS.get(kind, (None,))]
                      for kind in ALL_TRAP_KINDS}
        # the co-op side has no tower in the middle: every square, its standing towers filtered out
        self.place_coop = {kind: [(sq, Action(seat, "place", (kind, sq, o) if o else (kind, sq)))
                                  for sq in SQUARES for o in TURNS.get(kind, (None,))]
                           for kind in ALL_TRAP_KINDS}
        self.start = {sq: Action(seat, "start", (sq,)) for sq in SQUARES}
        self.repel = {sq: Action(seat, "repel", (sq,)) for sq in NAMES.values()}
        self.moves = {(r, c, f): Action(seat, "move", (sq, f))
                      for (r, c), sq in NAMES.items() for f in "nesw"}

    def move(self, r: int, c: int, facing: str) -> Action:
        """The action moving the group on (r, c) with ``facing`` (made once, then kept)."""
        key = (r, c, facing)
        action = self.moves.get(key)
        if action is None:
            action = self.moves[key] = Action(self.seat, "move", (square(r, c), facing))
        return action


@cache
def seat_actions(seat: int) -> SeatActions:
    """The table of ``seat``'s actions."""
    return SeatActions(seat)


@cache
def send_actions(seat: int, players: int) -> tuple[Action, ...]:
    """Whose cemetery ``seat`` may send a skeleton to (top forest, catapult): one action each."""
    return tuple(Action(seat, "send", (seat_name(t).lower(),)) for t in _exits(players, seat, "top"))


def unmoved(state: BadBonesState, seat: int) -> list[Skeleton]:
    """Skeletons of ``seat`` still to move this phase, in the canonical order."""
    if state.phase != "move":
        return []
    token = state.token
    return sorted((s for s in state.boards[seat].skeletons.values() if s.side != token), key=CANONICAL)


def any_unmoved(board: Board, token: str) -> bool:
    """Whether a skeleton on ``board`` still shows the side opposite ``token``."""
    for s in board.skeletons.values():
        if s.side != token:
            return True
    return False


def legal_actions(state: BadBonesState, seat: int) -> list[Action]:
    """``seat``'s legal actions, in a fixed order (a pending choice first; then the hero's
    steps, or pass / retrieves / placements, or one move per group and move-all)."""
    if state.over or seat not in range(state.players) or state.done[seat]:
        return []
    if state.phase == "market":
        return (coop_market if state.capital_size else market).legal_actions(state, seat)
    table = seat_actions(seat)
    if state.pending[seat]:
        return pending_actions(state, seat, state.pending[seat][0])
    board = state.boards[seat]
    phase = state.phase
    if phase == "hero":
        return list(table.hero[board.hero])
    if phase == "traps":
        traps = board.traps
        out = [table.pass_]
        out += [table.retrieve[sq] for sq in sorted(traps) if not traps[sq].blast]
        occupied = {NAMES.get((s.r, s.c)) for s in board.skeletons.values()}
        occupied.update(traps)
        coop = bool(state.capital_size)
        places = table.place_coop if coop else table.place
        towers = set(board.towers) if coop else set()
        for kind in sorted(set(state.shared if coop else board.supply)):
            # the dragon and the bomb may go on skeletons (any trap may go under the hero)
            blocked = traps if kind in ("dragon", "bomb") else occupied
            out += [a for sq, a in places[kind] if sq not in blocked and sq not in towers]
        return out
    if phase == "start":   # co-op: the hero starts on a tower of the player's choice
        return [table.start[sq] for sq in board.towers]
    # the movement phase: one action per (square, facing) still to move, then move-all
    token = state.token
    groups = sorted({(s.r, s.c, s.facing) for s in board.skeletons.values() if s.side != token})
    led = leaders(board, token) if state.options.get("chiefs") else None
    if led:  # a would-be leader's spot has moves of its own (units.spot_moves)
        groups = [g for g in groups if (g[0], g[1]) not in led]
    moves = table.moves
    out = [moves[g] if g in moves else table.move(*g) for g in groups]
    if led:
        out += [Action(seat, "move", args) for rc, here in led.items()
                for args in spot_moves(board, here, rc[0], rc[1], token)]
        out.sort(key=lambda a: (coords(a.args[0]), a.args))
    out.append(table.move_all)
    return out


def pending_actions(state: BadBonesState, seat: int, p: Pending) -> list[Action]:
    """The answers to the pending choice ``p``."""
    if p.kind == "weapon":
        return weapon_actions(state, seat, p)
    if p.kind == "send":
        return list(send_actions(seat, state.players))
    table = seat_actions(seat).repel
    return [table[sq] for sq in repel_options(state, seat, p.square)]


def is_legal(state: BadBonesState, action: Action) -> bool:
    """Whether a well-formed ``action`` is one of ``legal_actions(state, action.seat)``,
    decided without listing them."""
    seat, verb, args = action.seat, action.verb, action.args
    if state.over or not 0 <= seat < state.players or state.done[seat]:
        return False
    if state.phase == "market":
        return (coop_market if state.capital_size else market).is_legal(state, action)
    if state.pending[seat]:
        p = state.pending[seat][0]
        if p.kind == "weapon":
            return weapon_is_legal(state, seat, p, action)
        if p.kind == "send":
            return verb == "send" and action in send_actions(seat, state.players)
        return verb == "repel" and len(args) == 1 and args[0] in repel_options(state, seat, p.square)
    board = state.boards[seat]
    phase = state.phase
    if phase == "hero":
        return verb == "hero" and len(args) == 1 and args[0] in KING[board.hero]
    if phase == "start":
        return verb == "start" and len(args) == 1 and args[0] in board.towers
    if phase == "traps":
        if verb == "pass":
            return not args
        if verb == "retrieve":
            return len(args) == 1 and args[0] in board.traps and not board.traps[args[0]].blast
        if verb != "place" or len(args) < 2:
            return False
        kind, sq = args[0], args[1]
        if kind in TURNS:
            if len(args) != 3 or args[2] not in TURNS[kind]:
                return False
        elif len(args) != 2 or kind not in ALL_TRAP_KINDS:
            return False
        if state.capital_size:
            if kind not in state.shared or sq in board.towers or sq not in ON_BOARD or sq in board.traps:
                return False
        elif kind not in board.supply or sq == _TOWER or sq not in ON_BOARD or sq in board.traps:
            return False
        return kind in ("dragon", "bomb") or not _occupied(board, sq)
    if verb == "move-all":
        return not args
    if verb != "move" or len(args) not in (2, 3):
        return False
    rc = coords(args[0])
    if rc is None or _first(board, rc[0], rc[1], args[1], state.token) is None:
        return False
    if not state.options.get("chiefs"):
        return len(args) == 2
    if rc not in leaders(board, state.token):
        return len(args) == 2
    return resolve(board, rc[0], rc[1], args[1], args[2] if len(args) == 3 else None, state.token) is not None


def _occupied(board: Board, sq: str) -> bool:
    rc = coords(sq)
    return any((s.r, s.c) == rc for s in board.skeletons.values())


def first_of_group(state: BadBonesState, seat: int, sq: str, facing: str) -> int:
    """The token that ``move <sq> <facing>`` moves: the first unmoved one of the group."""
    r, c = COORDS[sq]
    first = _first(state.boards[seat], r, c, facing, state.token)
    if first is None:
        raise ValueError(f"no unmoved skeleton at {sq} facing {facing}")
    return first


def _first(board: Board, r: int, c: int, facing: str, token: str) -> int | None:
    """The lowest token among the skeletons on (r, c) with ``facing`` not yet showing ``token``."""
    first = None
    for s in board.skeletons.values():
        if s.r == r and s.c == c and s.facing == facing and s.side != token:
            if first is None or s.id < first:
                first = s.id
    return first


def why_illegal(game, state: BadBonesState, action: Action) -> tuple[str, str]:
    seat, who_ = action.seat, seat_name(action.seat)
    if not 0 <= seat < state.players:
        return f"there is no {who_} at a {state.players}-player table", R + "setup"
    if state.phase == "market":
        return (coop_market if state.capital_size else market).why_illegal(state, action)
    phase_rule = game.current_rule(state)
    if state.done[seat]:
        waiting = ", ".join(seat_name(s) for s in game.to_move(state))
        return (f"{who_} has finished the {state.phase} phase; waiting for {waiting}", phase_rule)
    board = state.boards[seat]
    if state.pending[seat]:
        p = state.pending[seat][0]
        if p.kind == "weapon":
            return why_weapon_illegal(state, seat, p, action)
        if p.kind == "send":
            rule = R + {"catapult": "traps.catapult", "hearse": "traps.hearse"}.get(p.reason, "whatif.forest")
            return (f"{who_} must first choose whose cemetery the {p.model.split('-')[0]} skeleton goes "
                    f"to ('{who_} send p2', ...)", rule)
        opts = ", ".join(repel_options(state, seat, p.square))
        rule = R + ("ruling.dragon_landing" if action.verb == "repel" else "traps.dragon")
        return (f"{who_} must first choose where the skeleton flees from the dragon on {p.square}: "
                f"one of {opts} (an orthogonal neighbour; never the village)", rule)
    args = action.args
    if state.phase == "start":
        towers = ", ".join(board.towers)
        return (f"{who_}'s hero starts on one of the towers ({towers}): '{who_} start {board.towers[0]}'",
                R + "coop.setup")
    if state.phase == "hero":
        if action.verb != "hero" or len(args) != 1:
            return f"in the hero phase {who_} moves the hero: '{who_} hero b2'", phase_rule
        target = coords(args[0])
        if target is None or not on_board(*target):
            return (f"{short(args[0])} is not a square of the board; the hero never leaves its 25 squares",
                    phase_rule)
        if args[0] == board.hero:
            return f"the hero must move; he cannot stay on {board.hero}", phase_rule
        return (f"the hero moves exactly one square, to any of the 8 around {board.hero}; "
                f"{args[0]} is too far", phase_rule)
    if state.phase == "traps":
        return _why_trap_illegal(state, action)
    named = (2, 3) if state.options.get("chiefs") else (2,)   # a third word names a leader
    if action.verb == "move" and len(args) in named and coords(args[0]) is not None \
            and _first(board, *coords(args[0]), args[1], state.token) is not None:
        here = leaders(board, state.token).get(coords(args[0]), [])
        if len(here) > 1 and args[-1] != ALONE and args[1] in {s.facing for s in here}:
            # the player names the leader (the rulebook's own choice)
            ways = " or ".join(f"'{who_} move {args[0]} {s.facing} {lead_name(s.id)}'" for s in here)
            return (f"{len(here)} Chief Instructors are on {args[0]}: {who_} chooses which one leads "
                    f"the unit, and the move names it: {ways}", R + "chiefs.instructor")
        offered = ", ".join(f"'{who_} move {' '.join(a)}'"
                            for a in (spot_moves(board, here, *coords(args[0]), state.token) if here else ()))
        if len(args) == 3 and args[2] == ALONE and here:
            return (f"no skeleton facing {args[1]} on {args[0]} may leave before the Chief Instructor "
                    f"(a unit already formed stays whole); the moves there: {offered}",
                    R + "chiefs.ruling.unit_join")
        if len(args) == 3:
            plain = f"'{who_} move {args[0]} {here[0].facing if here else args[1]}'"
            return (f"a move names its leader only where two Chief Instructors or more share a "
                    f"square; here play {plain}", R + "chiefs.ruling.unit_leader")
        return (f"the skeletons of the unit on {args[0]} move with their Chief Instructor, its way; "
                f"the moves there: {offered}", R + "chiefs.instructor")
    if action.verb == "move":
        return (f"{who_} has no unmoved skeleton at {' '.join(args) or '?'}; labels look like "
                f"'{who_} move b2 s' (square and facing) or '{who_} move top-c s'", phase_rule)
    return (f"in the movement phase {who_} moves skeletons one at a time ('{who_} move b2 s') "
            f"or all at once ('{who_} move-all')", phase_rule)


def _why_trap_illegal(state: BadBonesState, action: Action) -> tuple[str, str]:
    who_, board, args = seat_name(action.seat), state.boards[action.seat], action.args
    place, retrieve = R + "phase.traps.place", R + "phase.traps.retrieve"
    if action.verb == "retrieve":
        sq = args[0] if args else "?"
        if len(args) == 1 and sq in board.traps and board.traps[sq].blast:
            return (f"the blast area on {sq} stays for the rest of the game; it cannot be retrieved",
                    R + "traps.bomb")
        return f"there is no trap of {who_}'s on {sq} to retrieve", retrieve
    if action.verb != "place":
        return (f"in the trap phase {who_} places a trap, retrieves one, or passes "
                f"('{who_} place wall b2 /', '{who_} retrieve b2', '{who_} pass')", R + "phase.traps")
    if len(args) < 2 or args[0] not in ALL_TRAP_KINDS:
        return f"name a trap and a square: '{who_} place catapult d4'", place
    kind, sq = args[0], args[1]
    coop = bool(state.capital_size)
    if coop and kind not in state.shared:
        if kind in state.held:
            return (f"the {kind} was taken back this round: nobody may place it before the next round",
                    R + "coop.retrieved")
        return f"the team's supply has no {kind} left", R + "coop.supply"
    if not coop and kind not in board.supply:
        gone = " (it was stolen or destroyed)" if kind in board.removed_traps else ""
        return f"{who_} has no {kind} left in supply{gone}", place
    rc = coords(sq)
    if rc is None:
        return f"{short(sq)} is not a square", place
    if not on_board(*rc):
        return f"traps never go in a forest or the village ({sq})", place
    if sq in board.towers:
        return f"no trap may be placed on {'a' if state.capital_size else 'the'} tower ({sq})", place
    if sq in board.traps:
        if board.traps[sq].blast:
            return (f"{sq} is a blast area: no trap may be placed there for the rest of the game",
                    R + "traps.bomb")
        return f"{sq} already holds a {board.traps[sq].kind}", place
    if _occupied(board, sq) and kind not in ("dragon", "bomb"):
        return (f"{sq} holds skeletons; only the dragon may land on skeletons", R + "traps.dragon.landing")
    if kind == "wall":
        return f"a wall needs its orientation: '{who_} place wall {sq} /' or '\\'", R + "traps.wall"
    if kind == "labyrinth":
        return (f"a labyrinth needs its colour: '{who_} place labyrinth {sq} white' or 'black'",
                R + "traps.labyrinth")
    return f"'{' '.join(args)}' is not a placement {who_} can make", place
