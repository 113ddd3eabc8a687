"""The advanced version's eight weapon cards (rule sections bad_bones.weapons.*).

A weapon is triggered when its owner's hero eliminates three or more skeletons at once
(ruling bad_bones.advanced.ruling.weapon_at_once): in the hero phase by his step, in the movement phase
by one stack walking into him. The trigger queues a ``WeaponChoice`` on the player's pending
list: first "use it or skip it", then the weapon's own small decisions, one at a time, each
an ordinary action with a label (``P1 weapon use``, ``P1 shoot c3 red-top``, ``P1 face n``).
A weapon acts on the skeletons on its owner's 25 squares only, never on the forests, and what
it eliminates never triggers it again (its kills go through no trigger).

Like the rest of the engine, nothing here edits a shared container: boards come through
``own`` and the bag, pending lists, ``frozen`` and ``struck`` are replaced by changed copies.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.words import plural
from . import moves
from .board import (
    COORDS,
    DIR_NAMES,
    KING,
    NAMES,
    components,
    item_words,
    neighbours4,
    on_board,
    other_side,
)
from .state import BadBonesState, Skeleton, own

R = "bad_bones."
WEAPONS = tuple(components().raw["weapons"])
"""The eight weapon cards, by the kit's names (data.json "weapons")."""
_TOWER = components().tower
_DIRS = ("n", "e", "s", "w")

FIRST_STEP = {"crossbow": "shoot", "ice_wand": "freeze", "death_wand": "send", "teleportation_wand": "",
              "two_handed_sword": "hero", "battleaxe": "symbol", "morning_star": "lift", "rapier": "point"}
"""The decision each weapon asks for once used ("" = none: it acts at once)."""


@dataclass(frozen=True, slots=True)
class WeaponChoice:
    """A weapon decision a player owes, queued like the send/repel ``Pending`` choices.

    ``step``: "use" (use the weapon or skip it) or one of the weapon's steps (``FIRST_STEP``,
    then "drop" after the morning star's "lift", "face" after the rapier's "point");
    ``killed``: the skeletons whose elimination triggered it (the death wand's cargo);
    ``square``: the morning star's lifted square or the rapier's square; ``skeleton``: the
    skeleton a "face" step turns."""

    step: str
    weapon: str
    killed: tuple[int, ...] = ()
    square: str = ""
    skeleton: int = -1

    kind = "weapon"   # what the engine's pending queue dispatches on (not a field)


# ---- the trigger --------------------------------------------------------------------------------
def trigger_weapon(state: BadBonesState, seat: int, killed: list[int] | tuple[int, ...],
            events: list[Event] | None) -> None:
    """``seat``'s hero has just eliminated ``killed`` at once: if that is three or more and the
    player holds a weapon with something to act on, queue the choice to use it."""
    weapon = state.boards[seat].weapon
    if (weapon is None or len(killed) < 3 or state.boards[seat].hero is None
            or not _has_target(state, seat, weapon)):
        return
    _push(state, seat, [WeaponChoice("use", weapon, tuple(killed))])
    if events is not None:
        events.append(Event("weapon_ready", R + "weapons",
                            f"{moves.who(state, seat)}'s hero eliminated {len(killed)} skeletons at once: "
                            f"the {_name(weapon)} may be used ('{seat_name(seat)} weapon use' or "
                            f"'{seat_name(seat)} weapon skip').", {"seat": seat, "weapon": weapon}))


def hero_struck(state: BadBonesState, seat: int, sk: Skeleton, events: list[Event] | None) -> None:
    """Movement phase: ``sk`` (as it stood before its move) walked into the hero. The kills of
    one stack (the skeletons that started the phase on one spot with one facing) add up; once
    the last of the stack has moved, three or more trigger the weapon."""
    board = own(state, seat)
    key = (sk.r, sk.c, sk.facing)
    kills = (*board.struck.get(key, ()), sk.id)
    token = state.token
    if any(s.side != token and (s.r, s.c, s.facing) == key for s in board.skeletons.values()):
        board.struck = {**board.struck, key: kills}
        return
    board.struck = {k: v for k, v in board.struck.items() if k != key}
    trigger_weapon(state, seat, kills, events)


def after_movement(state: BadBonesState, seat: int, events: list[Event] | None) -> None:
    """End of a movement phase: the stack tally is cleared; frozen skeletons count down, the
    ones still frozen for the next phase show its side now, the others thaw."""
    board = own(state, seat)
    board.struck = {}
    if not board.frozen:
        return
    frozen, thawed = {}, []
    for sid, left in sorted(board.frozen.items()):
        sk = board.skeletons.get(sid)
        if sk is None or not on_board(sk.r, sk.c):
            continue   # gone from the board: the freeze went with it
        if left > 1:
            frozen[sid] = left - 1
            board.skeletons[sid] = Skeleton(sid, sk.model, sk.r, sk.c, sk.facing, other_side(state.token))
        else:
            thawed.append(sid)
    board.frozen = frozen
    if thawed and events is not None:
        events.append(Event("thaw", R + "weapons.ice_wand",
                            f"{moves.who(state, seat)}: {plural(len(thawed), 'frozen skeleton')} "
                            f"{'thaws' if len(thawed) == 1 else 'thaw'}.",
                            {"seat": seat, "thawed": tuple(thawed)}))


# ---- what a player may answer -------------------------------------------------------------------
def weapon_actions(state: BadBonesState, seat: int, p: WeaponChoice) -> list[Action]:
    """The answers to weapon choice ``p``, in a fixed order ("skip" first: the default)."""
    board = state.boards[seat]
    step = p.step
    if step == "use":
        return [Action(seat, "weapon", ("skip",)), Action(seat, "weapon", ("use",))]
    if step == "shoot":
        name = components().token_name
        return [Action(seat, "shoot", (sq, model)) for sq, model in
                sorted({(NAMES[s.r, s.c], name(s.id)) for s in _on_squares(board)})]
    if step == "freeze":
        return [Action(seat, "freeze", (sq,)) for sq in _occupied(board)]
    if step == "send":
        return [Action(seat, "send", (f"p{t + 1}",)) for t in moves._exits(state.players, seat, "top")
                if t != seat]
    if step == "hero":
        return [Action(seat, "hero", (to,)) for to in KING[board.hero]]
    if step == "tower":   # co-op: the teleportation wand goes to any standing tower
        return [Action(seat, "tower", (sq,)) for sq in board.towers if sq != board.hero]
    if step == "symbol":
        return [Action(seat, "symbol", (sym,)) for sym in _axe_symbols(board)]
    if step == "lift":
        return [Action(seat, "lift", (sq,)) for sq in _adjacent(board) if sq in _occupied(board)
                and _drops(board, sq)]
    if step == "drop":
        return [Action(seat, "drop", (sq,)) for sq in _drops(board, p.square)]
    if step == "point":
        return [Action(seat, "point", (sq,)) for sq in _adjacent(board) if sq in _occupied(board)]
    return [Action(seat, "face", (d,)) for d in _DIRS]   # "face"


def weapon_is_legal(state: BadBonesState, seat: int, p: WeaponChoice, action: Action) -> bool:
    """Whether ``action`` answers ``p`` (the lists are short: a lookup is enough)."""
    return action in weapon_actions(state, seat, p)


def why_weapon_illegal(state: BadBonesState, seat: int, p: WeaponChoice, action: Action) -> tuple[str, str]:
    """The refusal of an action that does not answer weapon choice ``p``, with its rule."""
    who_ = seat_name(seat)
    rule = R + "weapons" if p.step == "use" else R + f"weapons.{p.weapon}"
    asked = {
        "use": f"whether to use the {_name(p.weapon)}: '{who_} weapon use' or '{who_} weapon skip'",
        "shoot": f"which skeleton the crossbow shoots, on a square of the board: '{who_} shoot c3 red-top'",
        "freeze": f"which square of the board the ice wand freezes: '{who_} freeze c3'",
        "send": f"whose cemetery the death wand sends the eliminated skeletons to: '{who_} send p2'",
        "hero": f"where the hero steps again with the two-handed sword: '{who_} hero b2'",
        "tower": f"which standing tower the teleportation wand takes the hero to: '{who_} tower b2'",
        "symbol": f"which symbol the battleaxe strikes beside the hero: '{who_} symbol red'",
        "lift": f"which square beside the hero the morning star sweeps: '{who_} lift b2'",
        "drop": f"where the morning star puts the skeletons from {p.square}: a trap-free square beside "
                f"the hero ('{who_} drop b3')",
        "point": f"which square beside the hero the rapier turns: '{who_} point b2'",
        "face": f"which way the rapier turns the skeleton on {p.square}: '{who_} face n' (n, e, s or w)",
    }[p.step]
    options = ", ".join(" ".join(a.args) for a in weapon_actions(state, seat, p))
    if action.verb not in {a.verb for a in weapon_actions(state, seat, p)}:
        return f"{who_} must first choose {asked}", rule
    if p.step in ("shoot", "freeze", "lift", "point") and action.args and _off_board(action.args[0]):
        rule = R + "weapons"   # own board only: forests, the village and beyond are out of reach
    return f"'{' '.join(action.args)}' is not among the choices ({options}); {who_} must choose {asked}", rule


# ---- answering ----------------------------------------------------------------------------------
def answer_weapon(state: BadBonesState, seat: int, action: Action, events: list[Event] | None) -> None:
    """Apply a legal answer to ``seat``'s first pending weapon choice."""
    p = moves.pop_pending(state, seat)
    arg = action.args[0]
    w = p.weapon
    who_ = "" if events is None else moves.who(state, seat)
    if p.step == "use":
        if arg == "skip":
            if events is not None:
                events.append(Event("weapon_skip", R + "weapons", f"{who_} keeps the {_name(w)} for later.",
                                    {"seat": seat, "weapon": w}))
            return
        if events is not None:
            events.append(Event("weapon", R + f"weapons.{w}", f"{who_} uses the {_name(w)}.",
                                {"seat": seat, "weapon": w}))
        step = FIRST_STEP[w]
        if w == "teleportation_wand" and state.capital_size:
            _push(state, seat, [WeaponChoice("tower", w, p.killed)])
        elif w == "teleportation_wand":
            own(state, seat).hero = _TOWER
            _say(events, "teleport", w, f"{who_}'s hero is back on top of the tower ({_TOWER}).", seat)
        elif w == "death_wand" and len(weapon_actions(state, seat, WeaponChoice("send", w))) == 1:
            _curse(state, seat, p.killed, moves._exits(state.players, seat, "top")[0], events)
        else:
            _push(state, seat, [WeaponChoice(step, w, p.killed)])
        return
    board = own(state, seat)
    if p.step == "shoot":
        sq, model = action.args
        name = components().token_name
        sid = min(s.id for s in _at(board, sq) if name(s.id) == model)
        words = moves._label(board.skeletons[sid])
        if sid >= moves.FIRST_CHIEF:
            _shoot_chief(state, seat, sid, events)
        else:
            moves.destroy(state, seat, sid)
        _say(events, "shot", w, f"{who_}'s crossbow eliminates the {words} on {sq}.", seat)
    elif p.step == "freeze":
        _freeze(state, seat, arg, events)
    elif p.step == "tower":
        board.hero = arg
        _say(events, "teleport", w, f"{who_}'s hero is teleported to the tower on {arg}.", seat)
    elif p.step == "send":
        _curse(state, seat, p.killed, int(arg[1:]) - 1, events)
    elif p.step == "hero":
        before, board.hero = board.hero, arg
        rc = COORDS[arg]
        killed = sorted(sid for sid, s in board.skeletons.items() if (s.r, s.c) == rc)
        _kill(state, seat, killed, events)   # straight to the bag: they never trigger it again
        kills = f" and destroys {plural(len(killed), 'skeleton')}" if killed else ""
        _say(events, "sword", w, f"{who_}'s hero strikes on with the sword, {before} → {arg}{kills}.", seat)
    elif p.step == "symbol":
        near = {rc for rc in neighbours4(*COORDS[board.hero]) if on_board(*rc)}
        data = components()
        killed = sorted(s.id for s in board.skeletons.values()
                        if (s.r, s.c) in near and data.model_of(s.id).symbol == arg)
        _kill(state, seat, killed, events)
        _say(events, "axe", w, f"{who_}'s battleaxe cuts down {plural(len(killed), arg + ' skeleton')} "
             "beside the hero.", seat)
    elif p.step == "lift":
        _push(state, seat, [WeaponChoice("drop", w, p.killed, arg)])
    elif p.step == "drop":
        to = COORDS[arg]
        here = _at(board, p.square)
        for s in here:   # neither flipped nor turned
            board.skeletons[s.id] = Skeleton(s.id, s.model, to[0], to[1], s.facing, s.side)
        _say(events, "sweep", w, f"{who_}'s morning star sweeps {plural(len(here), 'skeleton')} from "
             f"{p.square} to {arg}.", seat)
        for s in sorted(here, key=lambda s: s.id):   # dropped on a tower: they reach it
            # a co-op tower felled by the first: the rest stand on its ruins, but the emperor
            # loses the game on ruins too
            if arg not in own(state, seat).towers and not moves.emperor_on_ruins(state, seat, s.id, arg):
                continue
            if state.capital_size:
                moves.fell_tower(state, seat, s.id, arg, events)
            else:
                moves.reach_home(state, seat, s.id, "tower", events)
    elif p.step == "point":
        # a Chief Instructor's unit turns as one (ruling bad_bones.chiefs.ruling.unit_weapons)
        led = {f for fs in board.units.values() for f in fs} if board.units else ()
        _push(state, seat, [WeaponChoice("face", w, p.killed, arg, s.id) for s in _at(board, arg)
                            if s.id not in led or not _with_leader(board, s)])
    else:   # face
        s = board.skeletons[p.skeleton]
        board.skeletons[s.id] = Skeleton(s.id, s.model, s.r, s.c, arg, s.side)
        for f in board.units.get(s.id, ()) if board.units else ():
            t = board.skeletons.get(f)
            if t is not None and (t.r, t.c) == (s.r, s.c):
                board.skeletons[f] = Skeleton(f, t.model, t.r, t.c, arg, t.side)
        _say(events, "rapier", w, f"{who_}'s rapier turns the {s.model.split('-')[0]} skeleton on {p.square} "
             f"{DIR_NAMES[arg]}.", seat)


def _freeze(state: BadBonesState, seat: int, sq: str, events: list[Event] | None) -> None:
    """Freeze the skeletons on ``sq`` for one movement (ruling bad_bones.advanced.ruling.frozen).

    Before the movement phase they sit out this round's movement and show its side at once.
    During it, one still to move sits out the rest of this phase (it shows the side of those
    that moved); one that has moved sits out the next round's movement, and shows that side
    from the end of this phase. A frozen skeleton never blocks the end of a phase."""
    board = own(state, seat)
    frozen = dict(board.frozen)
    token, moving = state.token, state.phase == "move"
    here = _at(board, sq)
    for s in here:
        if moving and s.side == token:
            frozen[s.id] = 2
            continue
        side = token if moving else other_side(token)
        board.skeletons[s.id] = Skeleton(s.id, s.model, s.r, s.c, s.facing, side)
        frozen[s.id] = 1
    board.frozen = frozen
    _say(events, "freeze", "ice_wand", f"{moves.who(state, seat) if events is not None else ''}'s ice wand "
         f"freezes {plural(len(here), 'skeleton')} on {sq} for a round.", seat)


def _curse(state: BadBonesState, seat: int, killed: tuple[int, ...], target: int,
           events: list[Event] | None) -> None:
    """The death wand: the skeletons just eliminated leave the bag for ``target``'s cemetery."""
    gone = set(killed)
    state.bag = [t for t in state.bag if t not in gone]
    mine = own(state, seat)   # a Spectral Chief among them went to its owner's cemetery
    if gone & set(mine.cemetery):
        mine.cemetery = [t for t in mine.cemetery if t not in gone]
    gone -= set(mine.exiled)  # the emperor is out of the game (and then no weapon is left to use)
    killed = tuple(t for t in killed if t in gone)
    board = own(state, target)
    board.cemetery = [*board.cemetery, *sorted(killed)]
    _say(events, "death", "death_wand", f"{moves.who(state, seat) if events is not None else ''}'s death "
         f"wand sends the {plural(len(killed), 'eliminated skeleton')} to "
         f"{moves.who(state, target) if events is not None else ''}'s cemetery.", seat)


def _kill(state: BadBonesState, seat: int, killed: list[int], events: list[Event] | None) -> None:
    """A weapon's kills: back to the bag, the chiefs' powers acting (the hero wields the weapon:
    ruling bad_bones.chiefs.ruling.hero_kills)."""
    board = own(state, seat)
    if killed and killed[-1] >= moves.FIRST_CHIEF:
        for sid in killed:
            if sid >= moves.FIRST_CHIEF:
                _shoot_chief(state, seat, sid, events)
            else:
                moves.destroy(state, seat, sid)
        return
    for sid in killed:
        del board.skeletons[sid]
    moves.to_bag(state, killed)


def _shoot_chief(state: BadBonesState, seat: int, sid: int, events: list[Event] | None) -> None:
    """A chief falls to the hero's weapon; a unit whose leader falls is free again."""
    board = own(state, seat)
    if sid in board.units:
        board.units = {k: v for k, v in board.units.items() if k != sid}
        if events is not None:
            events.append(Event("unit_free", R + "chiefs.instructor",
                                f"{moves.who(state, seat)}: the unit's Chief Instructor falls; the "
                                "others march "
                                "on, each on its own again.", {"seat": seat, "skeleton": sid}))
    moves.eliminate(state, seat, sid, True, events)


def _with_leader(board, s: Skeleton) -> bool:
    """Whether follower ``s`` stands with the leader of its unit."""
    for leader, fs in board.units.items():
        if s.id in fs:
            lead = board.skeletons.get(leader)
            return lead is not None and (lead.r, lead.c) == (s.r, s.c)
    return False


# ---- helpers -------------------------------------------------------------------------------------
def _has_target(state: BadBonesState, seat: int, weapon: str) -> bool:
    """Whether ``weapon`` has something to act on (ruling bad_bones.advanced.ruling.weapon_idle);
    the death wand needs another player (ruling bad_bones.advanced.ruling.solo_death_wand)."""
    board = state.boards[seat]
    if weapon == "death_wand":
        return state.players > 1
    if weapon == "teleportation_wand":   # co-op: any standing tower (bad_bones.coop.market)
        return (any(t != board.hero for t in board.towers) if state.capital_size
                else board.hero != _TOWER)
    if weapon == "two_handed_sword":
        return True
    step = FIRST_STEP[weapon]
    return bool(weapon_actions(state, seat, WeaponChoice(step, weapon)))


def _push(state: BadBonesState, seat: int, choices: list[WeaponChoice]) -> None:
    """Put ``choices`` at the front of ``seat``'s pending queue (the list is replaced)."""
    pending = list(state.pending)
    pending[seat] = [*choices, *pending[seat]]
    state.pending = pending


def _say(events: list[Event] | None, kind: str, weapon: str, text: str, seat: int) -> None:
    if events is not None:
        events.append(Event(kind, R + f"weapons.{weapon}", text, {"seat": seat, "weapon": weapon}))


def _name(weapon: str) -> str:
    return item_words(weapon)


def _on_squares(board) -> list[Skeleton]:
    """The skeletons on the 25 squares (not in the forests)."""
    return [s for s in board.skeletons.values() if on_board(s.r, s.c)]


def _occupied(board) -> list[str]:
    return sorted({NAMES[s.r, s.c] for s in _on_squares(board)})


def _at(board, sq: str) -> list[Skeleton]:
    rc = COORDS[sq]
    return sorted((s for s in board.skeletons.values() if (s.r, s.c) == rc), key=lambda s: s.id)


def _adjacent(board) -> tuple[str, ...]:
    """The squares around the hero (the eight a hero could step to)."""
    return KING[board.hero]


def _drops(board, lifted: str) -> list[str]:
    """Where the morning star may put the skeletons of ``lifted``: another square beside the
    hero with no trap on it, a standing tower too (a tower is no trap; they then reach it, as
    ruling bad_bones.advanced.ruling.morning_star says). The board's own geometry decides: on
    the co-op side the middle square is plain ground and the towers stand elsewhere."""
    traps = board.traps
    return [sq for sq in _adjacent(board) if sq != lifted and (sq not in traps or traps[sq].blast)]


def _axe_symbols(board) -> list[str]:
    near = {rc for rc in neighbours4(*COORDS[board.hero]) if on_board(*rc)}
    data = components()
    found = {data.model_of(s.id).symbol for s in board.skeletons.values() if (s.r, s.c) in near}
    return [sym for sym in data.symbols if sym in found]


def _off_board(sq: str) -> bool:
    rc = COORDS.get(sq)
    return rc is None or not on_board(*rc)
