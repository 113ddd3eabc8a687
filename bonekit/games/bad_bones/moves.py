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
from . import weapons
from .board import (
    COORDS,
    DIR_NAMES,
    DIRS,
    FLEE,
    FLEE_COOP,
    NAMES,
    REFLECT,
    SIZE,
    TOWARD,
    TRAP_KINDS,
    components,
    coords,
    direction_between,
    neighbours4,
    on_board,
    square,
)
from .state import BadBonesState, Board, Pending, Skeleton, Trap, own

R = "bad_bones."
_DATA = components()
FIRST_CHIEF = _DATA.tokens
"""Tokens from here on are Skeleton Chiefs: one ``sid >= FIRST_CHIEF`` test keeps their powers
off the path of ordinary skeletons."""
_KIND = tuple(c.kind for c in _DATA.chiefs)


def chief_kind(sid: int) -> str | None:
    """A chief token's kind ("instructor", ...), None for an ordinary skeleton."""
    return _KIND[sid - FIRST_CHIEF] if sid >= FIRST_CHIEF else None


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
    return tuple(s for s in range(n) if s != seat)   # the top (the co-op side's bottom): any other


def forest_of(r: int, c: int) -> str:
    return ("top" if r < 0 else "left" if c < 0 else "right" if c >= SIZE else "bottom" if r >= SIZE
            else "")


def treasure_square(state: BadBonesState, seat: int) -> str | None:
    for sq, t in state.boards[seat].traps.items():
        if t.kind == "treasure":
            return sq
    return None


def who(state: BadBonesState, seat: int) -> str:
    name = state.names[seat]
    return name if name == seat_name(seat) else f"{name} ({seat_name(seat)})"


def _label(sk: Skeleton) -> str:
    if sk.id >= FIRST_CHIEF:
        return f"{_DATA.chief(sk.id).title} ({sk.model.split('-')[0]})"
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


def eliminate(state: BadBonesState, seat: int, sid: int, by_hero: bool, events: list[Event] | None) -> None:
    """A skeleton on ``seat``'s board is eliminated (by the hero or his weapon when ``by_hero``,
    else by a trap): back to the bag, except that a Spectral Chief goes to ``seat``'s cemetery
    (ruling bad_bones.chiefs.ruling.immortal) and the Skeleton Emperor slain by the hero leaves
    the game and takes the hero with him (bad_bones.chiefs.emperor)."""
    kind = chief_kind(sid)
    if kind == "spectral":
        _home_or_bag(state, seat, sid)
        if events is not None:
            events.append(Event("immortal", R + "chiefs.spectral",
                                f"{who(state, seat)}: the Spectral Chief cannot die; it goes to "
                                f"{who(state, seat)}'s cemetery instead of the bag.",
                                {"seat": seat, "skeleton": sid}))
    elif kind == "emperor" and by_hero:
        board = own(state, seat)
        del board.skeletons[sid]
        board.exiled = (*board.exiled, sid)
        board.hero = None
        if events is not None:
            events.append(Event("emperor_slain", R + "chiefs.emperor",
                                f"{who(state, seat)}'s hero slays the Skeleton Emperor: both leave the game; "
                                "from now on this board has no hero.", {"seat": seat, "skeleton": sid}))
    else:
        destroy(state, seat, sid)


def reach_home(state: BadBonesState, seat: int, sid: int, where: str, events: list[Event] | None,
               text: str = "", rule: str = "") -> None:
    """A skeleton ends its move on the tower (``where`` = "tower") or walks into the village
    ("village"): a floor or a house falls and it goes back to the bag, or a chief's power acts
    instead. ``text`` opens the event's sentence (the path so far); ``rule`` overrides the rule
    cited for an ordinary skeleton."""
    board = own(state, seat)
    tower = where == "tower"
    kind = chief_kind(sid)
    if events is not None:
        text = text or f"{who(state, seat)}: the {_label(board.skeletons[sid])} reaches the {where}"
    left = board.floors if tower else board.houses
    size = board.tower_size if tower else board.village_size
    if kind == "emperor":
        board.overrun = True
        destroy(state, seat, sid)
        if events is not None:
            events.append(Event("overrun", R + "chiefs.emperor",
                                f"{text}: the Skeleton Emperor has reached the {where}, and "
                                f"{who(state, seat)} has lost.", {"seat": seat, "skeleton": sid}))
        return
    if kind == "nice":
        after = min(size, left + 1)
        words = (f"rebuilds a {'floor' if tower else 'house'}" if after > left
                 else "finds nothing to rebuild and simply leaves")
        rule = R + "chiefs.nice"
    else:
        lost = 2 if kind == "artificer" else 1
        after = max(0, left - lost)
        if kind == "artificer":
            words, rule = ("brings down two floors" if tower else "burns two houses"), R + "chiefs.artificer"
        else:
            words = "a floor falls" if tower else "burns a house"
            rule = rule or R + ("whatif.tower" if tower else "whatif.village")
    if tower:
        board.floors = after
    else:
        board.houses = after
    if kind == "spectral":
        rule = R + "chiefs.spectral"
        words += f"; immortal, it goes to {who(state, seat) if events is not None else ''}'s cemetery"
    _home_or_bag(state, seat, sid)
    if events is not None:
        events.append(Event("floor" if tower else "house", rule,
                            f"{text}: {words}; {plural(after, 'floor' if tower else 'house')} left.",
                            {"seat": seat, "skeleton": sid, "floors" if tower else "houses": after}))


def send(state: BadBonesState, seat: int, sid: int, target: int, events: list[Event] | None, why: str,
         rule: str) -> None:
    own(state, seat).skeletons.pop(sid, None)
    board = own(state, target)
    board.cemetery = [*board.cemetery, sid]
    if events is not None:
        model = _DATA.model_of(sid).name
        what = (f"{_DATA.chief(sid).title} ({model.split('-')[0]})" if sid >= FIRST_CHIEF
                else f"{model.split('-')[0]} skeleton")
        events.append(Event("sent", rule, f"{who(state, seat)}: the {what} {why} "
                            f"and goes to {who(state, target)}'s cemetery.",
                            {"seat": seat, "skeleton": sid, "to": target}))


def forest_spot(state: BadBonesState, sid: int) -> tuple[int, int, str]:
    """(r, c, facing) where token ``sid`` waits to enter: its model's forest spot (on the co-op
    side the top forest's models wait below the board, pointing up)."""
    if state.capital_size:
        return _DATA.coop_spot(sid)
    m = _DATA.model_of(sid)
    return m.r, m.c, m.facing


def burn_capital(state: BadBonesState, seat: int, sid: int, events: list[Event] | None,
                 name: str = "") -> None:
    """Co-op: a skeleton walks off the top edge into the shared capital; a house burns and it
    returns to the bag (ruling bad_bones.coop.ruling.capital_edge). A chief's power acts there
    as in a village (ruling bad_bones.coop.ruling.chiefs)."""
    kind = chief_kind(sid)
    before = state.capital
    rule = R + "coop.capital"
    if kind == "emperor":
        own(state, seat).overrun = True
        words, rule = "the Skeleton Emperor is in the capital: the team has lost", R + "chiefs.emperor"
    elif kind == "nice":
        state.capital = min(state.capital_size, state.capital + 1)
        words = "it rebuilds a house" if state.capital > before else "nothing to rebuild: it simply leaves"
        rule = R + "chiefs.nice"
    else:
        state.capital = max(0, state.capital - (2 if kind == "artificer" else 1))
        words = "two houses of the capital burn" if kind == "artificer" else "a house of the capital burns"
    _home_or_bag(state, seat, sid)
    if events is not None:
        text = name + "the capital)" if name else f"{who(state, seat)}: the {_label_of(state, seat, sid)} " \
                                                  "reaches the capital"
        events.append(Event("capital", rule, f"{text}: {words}; {plural(state.capital, 'house')} left.",
                            {"seat": seat, "skeleton": sid, "capital": state.capital}))


def emperor_on_ruins(state: BadBonesState, seat: int, sid: int, sq: str) -> bool:
    """Co-op: the Skeleton Emperor comes onto the ruins of one of the board's towers, which loses
    the game as a standing tower does (ruling bad_bones.coop.ruling.chiefs)."""
    return (bool(state.capital_size) and chief_kind(sid) == "emperor" and sq in _DATA.coop_towers
            and sq not in own(state, seat).towers)


def fell_tower(state: BadBonesState, seat: int, sid: int, here: str, events: list[Event] | None,
               name: str = "") -> None:
    """Co-op: a skeleton reaches a standing tower, which falls (its ruins' arrows now act), and
    it returns to the bag; the skeletons after it walk on over the ruins (bad_bones.coop.towers).
    With the chiefs (ruling bad_bones.coop.ruling.chiefs): the emperor on any tower, standing or
    in ruins, loses the game, a Nice Chief finds nothing to rebuild and leaves, an artificer
    brings down a second standing tower of the board, a Spectral Chief goes to the cemetery."""
    board = own(state, seat)
    kind = chief_kind(sid)
    ruins = here not in board.towers
    rule, fallen = R + "coop.towers", [here]
    if kind == "emperor":
        board.overrun = True
        fallen, rule = [], R + "chiefs.emperor"
    elif kind == "nice":
        fallen, rule = [], R + "chiefs.nice"
    elif kind == "artificer":
        rule = R + "coop.ruling.chiefs"
        fallen += [t for t in board.towers if t != here][:1]
    if fallen:
        board.towers = tuple(t for t in board.towers if t not in fallen)
        board.floors = len(board.towers)
        arrows = dict(board.arrows)
        for t in fallen:
            arrows.update(_DATA.ruins[t])
        board.arrows = arrows
    label = _label_of(state, seat, sid) if events is not None else ""
    _home_or_bag(state, seat, sid)
    if events is not None:
        where = f"the ruins of the tower on {here}" if ruins else f"the tower on {here}"
        text = f"{name}{here})" if name else f"{who(state, seat)}: the {label} reaches {where}"
        if kind == "emperor":
            words = (f"the Skeleton Emperor has reached {'the ruins of ' if ruins else ''}a tower: "
                     "the team has lost")
        elif kind == "nice":
            words = "a whole tower, nothing to rebuild: it simply leaves"
        else:
            words = (f"the {plural(len(fallen), 'tower')} on {' and '.join(fallen)} "
                     f"{'fall' if len(fallen) > 1 else 'falls'}, the ruins showing new arrows")
        events.append(Event("floor", rule, f"{text}: {words}; {plural(board.floors, 'tower')} left.",
                            {"seat": seat, "skeleton": sid, "floors": board.floors, "square": here}))


def _label_of(state: BadBonesState, seat: int, sid: int) -> str:
    sk = state.boards[seat].skeletons.get(sid)
    return _label(sk) if sk is not None else "skeleton"


def _home_or_bag(state: BadBonesState, seat: int, sid: int) -> None:
    """Back to the bag, or to ``seat``'s cemetery for an immortal Spectral Chief."""
    if chief_kind(sid) == "spectral":
        board = own(state, seat)
        del board.skeletons[sid]
        board.cemetery = [*board.cemetery, sid]
    else:
        destroy(state, seat, sid)


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


def move_skeleton(state: BadBonesState, seat: int, sid: int, events: list[Event] | None,
                  trace: list | None = None) -> None:
    """Advance one skeleton one space (plus any wall ricochets and spring throws) and resolve
    where it ends.

    The skeleton is flipped to the tracking token's side (it has moved this phase). It walks
    one square in its facing; a wall there turns it and it walks on (each wall once per move,
    ruling bad_bones.ruling.wall_loop), a spring throws it two squares further; elsewhere it
    stops and what is there acts on it. A skeleton lost in a labyrinth of the other colour,
    or stopped by a barricade, stays where it started, flipped.

    ``trace``, if given, receives ("trap", square) for each trap the move triggers and
    ("end", how) when it ends the skeleton ("village", "tower", "capital", "hero", "bomb",
    "spikes"): what
    a Chief Instructor's followers repeat (``units``).
    """
    board = own(state, seat)
    sk = board.skeletons[sid]
    side, model = state.token, sk.model
    r, c, facing = sk.r, sk.c, sk.facing
    if board.traps and _lost_in_labyrinth(state, seat, sk, events):
        return
    path = [NAMES.get((r, c), "")] if events is not None else None
    walls: list[str] = []
    jump = 1   # squares the next step covers: 2 after a spring
    while True:
        dr, dc = DIRS[facing]
        thrown = jump > 1
        r, c, jump = r + dr * jump, c + dc * jump, 1
        if thrown:  # thrown past a forest edge: it lands in that forest
            r, c = min(max(r, -1), SIZE), min(max(c, -1), SIZE)
        name = "" if path is None else f"{who(state, seat)}: the {_label(sk)} ({' → '.join(path)} → "
        if (r >= SIZE or r < 0) and state.capital_size:  # the co-op side: the capital, or the bottom forest
            if r < 0:
                if trace is not None:
                    trace.append(("end", "capital"))
                return burn_capital(state, seat, sid, events, name)
            board.skeletons[sid] = Skeleton(sid, model, r, c, facing, side)
            return leave_by_forest(state, seat, sid, (r, c), events, "move")
        if r >= SIZE:  # into the village
            if trace is not None:
                trace.append(("end", "village"))
            if sid >= FIRST_CHIEF:
                return reach_home(state, seat, sid, "village", events, name and name + "village)")
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
        held = board.traps.get(here)
        # the emperor takes a tower whatever its state; a barricade on the ruins still bars the way
        if here in board.towers or (emperor_on_ruins(state, seat, sid, here)
                                    and (held is None or held.kind != "barricade")):
            if trace is not None:
                trace.append(("end", "tower"))
            if state.capital_size:
                return fell_tower(state, seat, sid, here, events, name)
            if sid >= FIRST_CHIEF:
                return reach_home(state, seat, sid, "tower", events, name and f"{name}{here})")
            board.floors = max(0, board.floors - 1)
            destroy(state, seat, sid)
            if events is not None:
                hero = " (the hero standing there cannot stop it)" if board.hero == here else ""
                events.append(Event("floor", R + "whatif.tower",
                                    f"{name}{here}) reaches the tower: a floor falls{hero}; "
                                    f"{board.floors} left.",
                                    {"seat": seat, "skeleton": sid, "floors": board.floors}))
            return
        traps = board.traps
        trap = traps.get(here)
        if trap is not None and trap.kind == "barricade":  # before the hero: it is never entered
            _barricade(state, seat, sk, here, thrown, bool(walls), events, trace)
            return
        if board.hero == here:
            if trace is not None:
                trace.append(("end", "hero"))
            if sid < FIRST_CHIEF:
                destroy(state, seat, sid)
            if events is not None:
                events.append(Event("hero_kill", R + "whatif.hero",
                                    f"{name}{here}) walks into the hero and is destroyed.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
            if sid >= FIRST_CHIEF:
                eliminate(state, seat, sid, True, events)
            if board.weapon is not None:  # a stack of three or more may trigger the weapon
                weapons.hero_struck(state, seat, sk, events)
            return
        if trap is not None and trap.blast:  # a blast area is an empty square, arrows and all
            trap = None
        if trap is None:
            turned = board.arrows.get((here, facing), facing)
            # the treasure's lure (``lure``), folded in: a skeleton ending next to it turns to it
            lured = None
            for at, t in traps.items():
                if t.kind == "treasure":
                    lured = TOWARD[at].get((r, c))
                    break
            board.skeletons[sid] = Skeleton(sid, model, r, c, lured or turned, side)
            if events is not None:
                note = f" turns {DIR_NAMES[turned]} (arrow)" if turned != facing else ""
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
        if sid >= FIRST_CHIEF or trace is not None:
            note_trigger(board, sid, here, trace)
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
        if kind == "spring":  # ruling: the landing is a step like any other (even onto a spring)
            jump = 2
            if path is not None:
                events.append(Event("spring", R + "traps.spring",
                                    f"{name}{here}) is thrown two squares {DIR_NAMES[facing]} by the spring.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
                path.append(here)
            continue
        if kind == "catapult":
            catapult(state, seat, sid, here, events)
        elif kind == "dragon":
            add_pending(state, seat, Pending("repel", sid, model, "dragon", here))
            if events is not None:
                events.append(Event("dragon", R + "traps.dragon",
                                    f"{name}{here}) meets the dragon; choose where it flees.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
        elif kind == "bomb":
            if trace is not None:
                trace.append(("end", "bomb"))
            if events is not None:
                events.append(Event("bomb", R + "traps.bomb",
                                    f"{name}{here}) steps on the bomb and is blown up.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
            eliminate(state, seat, sid, False, events)
        elif kind == "portal":
            mr, mc, mf = forest_spot(state, sid)
            board.skeletons[sid] = Skeleton(sid, model, mr, mc, mf, side)
            if events is not None:
                events.append(Event("portal", R + "traps.portal",
                                    f"{name}{here}) enters the portal and is back on its forest spot "
                                    f"{NAMES[mr, mc]}, done for this round.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
        elif kind == "hearse":
            hearse(state, seat, sid, here, events, name)
        elif kind == "labyrinth":
            if events is not None:
                events.append(Event("on_labyrinth", R + "traps.labyrinth",
                                    f"{name}{here}) wanders into the {trap.orientation} labyrinth.",
                                    {"seat": seat, "skeleton": sid, "square": here}))
            lure(state, seat, sid, events)
        elif events is not None:  # treasure: the skeleton stands on it (the tile covers any arrow)
            events.append(Event("on_treasure", R + "traps.treasure",
                                f"{name}{here}) stands on the treasure.", {"seat": seat, "skeleton": sid}))
        return


def _lost_in_labyrinth(state: BadBonesState, seat: int, sk: Skeleton, events: list[Event] | None) -> bool:
    """A skeleton standing on a labyrinth of the other colour flips in place instead of moving."""
    if not on_board(sk.r, sk.c):
        return False
    here = NAMES[sk.r, sk.c]
    trap = state.boards[seat].traps.get(here)
    if trap is None or trap.kind != "labyrinth" or trap.orientation == sk.side:
        return False
    own(state, seat).skeletons[sk.id] = Skeleton(sk.id, sk.model, sk.r, sk.c, sk.facing, state.token)
    if events is not None:
        events.append(Event("lost", R + "traps.labyrinth",
                            f"{who(state, seat)}: the {_label(sk)}, {sk.side} side up, is lost in the "
                            f"{trap.orientation} labyrinth on {here}: it flips to {state.token} without "
                            "moving.",
                            {"seat": seat, "skeleton": sk.id, "square": here}))
    return True


def note_trigger(board: Board, sid: int, here: str, trace: list | None) -> None:
    """Skeleton ``sid`` has triggered the trap on ``here``: a Chief Saboteur remembers it (he
    destroys it after the movement phase), and a traced move records it."""
    if trace is not None:
        trace.append(("trap", here))
    if sid >= FIRST_CHIEF and _KIND[sid - FIRST_CHIEF] == "saboteur" and (sid, here) not in board.sabotage:
        board.sabotage = (*board.sabotage, (sid, here))


def _barricade(state: BadBonesState, seat: int, sk: Skeleton, here: str, thrown: bool, walled: bool,
               events: list[Event] | None, trace: list | None = None) -> None:
    """A barricade on the square a skeleton would reach: a skeleton thrown there by a spring
    dies on its spikes; any other stays on the square it started its move from, with its
    facing, flipped (ruling bad_bones.advanced.ruling.barricade_wall). Either way the barricade is used."""
    board = own(state, seat)
    if sk.id >= FIRST_CHIEF or trace is not None:
        note_trigger(board, sk.id, here, trace)
    if here not in board.triggered:
        board.triggered = [*board.triggered, here]
    start = NAMES.get((sk.r, sk.c), "")
    if thrown:
        if trace is not None:
            trace.append(("end", "spikes"))
        if events is not None:
            events.append(Event("spikes", R + "traps.spring",
                                f"{who(state, seat)}: the {_label(sk)} is thrown onto the barricade on "
                                f"{here} and dies on its spikes.",
                                {"seat": seat, "skeleton": sk.id, "square": here}))
        eliminate(state, seat, sk.id, False, events)
        return
    board.skeletons[sk.id] = Skeleton(sk.id, sk.model, sk.r, sk.c, sk.facing, state.token)
    if events is not None:
        via = " (sent there by a wall, which is used too)" if walled else ""
        rule = R + ("advanced.ruling.barricade_wall" if walled else "traps.barricade")
        events.append(Event("barricade", rule,
                            f"{who(state, seat)}: the barricade on {here} holds the {_label(sk)} back{via}; "
                            f"it stays on {start}, flipped as if it had moved.",
                            {"seat": seat, "skeleton": sk.id, "square": here}))


def hearse(state: BadBonesState, seat: int, sid: int, here: str, events: list[Event] | None,
           name: str = "") -> None:
    """A skeleton on the hearse: it and the hearse go to one opponent's cemetery (a choice
    unless there is a single opponent; solo: ruling bad_bones.advanced.ruling.solo_hearse)."""
    targets = _exits(state.players, seat, "top")
    if len(targets) == 1:
        ride_hearse(state, seat, sid, here, targets[0], events)
        return
    sk = state.boards[seat].skeletons[sid]
    add_pending(state, seat, Pending("send", sid, sk.model, "hearse", here))
    if events is not None:
        events.append(Event("choice", R + "traps.hearse",
                            f"{name}{here}) climbs into the hearse; choose which {_others(state)} "
                            "cemetery it and the hearse go to.", {"seat": seat, "skeleton": sid}))


def _others(state: BadBonesState) -> str:
    """Whose cemetery a send goes to, in words: an opponent's, or in the co-op game a teammate's."""
    return "teammate's" if state.capital_size else "opponent's"


def ride_hearse(state: BadBonesState, seat: int, sid: int, here: str, target: int,
                events: list[Event] | None) -> None:
    """The skeleton goes to ``target``'s cemetery and the hearse into ``target``'s supply (unless
    a Chief Saboteur rides it: ruling bad_bones.chiefs.ruling.saboteur_hearse)."""
    board = own(state, seat)
    board.traps = {sq: t for sq, t in board.traps.items() if sq != here}
    solo = target == seat
    rule = R + ("advanced.ruling.solo_hearse" if solo else "traps.hearse")
    riders = (sid, *board.units.get(sid, ())) if board.units else (sid,)
    send(state, seat, sid, target, events, f"rides the hearse from {here}", rule)
    if max(riders) >= FIRST_CHIEF and any(chief_kind(t) == "saboteur" for t in riders):
        board.removed_traps = [*board.removed_traps, "hearse"]
        if events is not None:
            events.append(Event("sabotaged", R + "chiefs.ruling.saboteur_hearse",
                                f"{who(state, seat)}: a Chief Saboteur rides the hearse, which is wrecked on "
                                "the way and leaves the game.",
                                {"seat": seat, "square": here, "kind": "hearse"}))
        return
    if state.capital_size:   # co-op: the team's one supply (bad_bones.coop.supply)
        state.shared = sorted([*state.shared, "hearse"])
    else:
        receiver = own(state, target)
        receiver.supply = sorted([*receiver.supply, "hearse"])
    if events is not None:
        words = ("returns to their own supply" if solo else "joins the team's supply, having left "
                 f"its rider in {who(state, target)}'s cemetery" if state.capital_size
                 else f"joins {who(state, target)}'s supply")
        events.append(Event("hearse", rule, f"{who(state, seat)}: the hearse {words}.",
                            {"seat": seat, "to": target, "square": here}))


def answer_send(state: BadBonesState, seat: int, p: Pending, target: int, events: list[Event] | None) -> None:
    """Resolve a pending ``send`` choice: the skeleton (and a hearse) go to ``target``."""
    if p.reason == "catapult":
        board = own(state, seat)
        board.catapult_targets = {**board.catapult_targets, p.square: target}
        send(state, seat, p.skeleton, target, events, f"is thrown by the catapult on {p.square}",
             R + "traps.catapult")
    elif p.reason == "hearse":
        ride_hearse(state, seat, p.skeleton, p.square, target, events)
    elif p.square.startswith("bottom"):
        send(state, seat, p.skeleton, target, events, "leaves through the bottom forest", R + "coop.bottom")
    else:
        send(state, seat, p.skeleton, target, events, "leaves through the top forest", R + "whatif.forest")


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
                            f"which {_others(state)} cemetery it flies to.", {"seat": seat, "skeleton": sid}))


def repel_options(state: BadBonesState, seat: int, dragon: str) -> list[str]:
    """Squares a skeleton may flee to from a dragon: its orthogonal neighbours on the board,
    and forest spots beside it (never the village)."""
    if dragon in FLEE:
        return list(FLEE_COOP[dragon] if state.capital_size else FLEE[dragon])
    dr = coords(dragon)
    return [name for r, c in neighbours4(*dr) if r < SIZE for name in [square(r, c)] if name]


def repel(state: BadBonesState, seat: int, sid: int, dragon: str, to: str,
          events: list[Event] | None, trace: list | None = None) -> None:
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
    elif to in board.towers or emperor_on_ruins(state, seat, sid, to):
        if trace is not None:
            trace.append(("end", "tower"))
        if state.capital_size:
            return fell_tower(state, seat, sid, to, events, name)
        if sid >= FIRST_CHIEF:
            return reach_home(state, seat, sid, "tower", events, name and name + ", the tower")
        board.floors = max(0, board.floors - 1)
        destroy(state, seat, sid)
        if events is not None:
            events.append(Event("floor", R + "ruling.dragon_landing",
                                f"{name}, the tower: a floor falls; {board.floors} left.",
                                {"seat": seat, "skeleton": sid, "floors": board.floors}))
    elif board.hero == to:
        if trace is not None:
            trace.append(("end", "hero"))
        if sid < FIRST_CHIEF:
            destroy(state, seat, sid)
        if events is not None:
            events.append(Event("hero_kill", R + "ruling.dragon_landing",
                                f"{name}, into the hero, and is destroyed.", {"seat": seat, "skeleton": sid}))
        if sid >= FIRST_CHIEF:
            eliminate(state, seat, sid, True, events)
    else:
        if events is not None:
            events.append(Event("repel", R + "traps.dragon", f"{name}, facing {DIR_NAMES[facing]}.",
                                {"seat": seat, "skeleton": sid, "square": to}))
        lure(state, seat, sid, events)


def end_of_movement(state: BadBonesState, seat: int, events: list[Event] | None) -> None:
    """Used traps are damaged or destroyed; an unguarded treasure with a thief is stolen."""
    board = own(state, seat)
    t = treasure_square(state, seat)
    # a Chief Saboteur standing on the treasure is a thief like any skeleton: note who stands
    # there before the saboteurs go back to the bag
    thieves = ([s for s in board.skeletons.values() if (s.r, s.c) == COORDS.get(t)]
               if t is not None else [])
    if board.sabotage:
        _sabotage(state, seat, events)
    if board.units:
        prune_units(board)
    traps = board.traps
    if board.triggered:
        traps = dict(traps)
        removed = list(board.removed_traps)
        for sq in board.triggered:
            trap = traps.get(sq)
            if trap is None or trap.kind == "treasure":
                continue
            after = _DATA.trap(trap.kind)["after_use"]["damaged" if trap.damaged else "intact"]
            if trap.kind == "bomb":
                if not trap.damaged:
                    traps[sq] = Trap("bomb", True)
                    if events is not None:
                        events.append(Event("blast", R + "traps.bomb",
                                            f"{who(state, seat)}: the bomb on {sq} has gone off; its blast "
                                            "area stays for the rest of the game.",
                                            {"seat": seat, "square": sq, "kind": "bomb"}))
            elif after == "destroyed":
                del traps[sq]
                removed.append(trap.kind)
                if events is not None:
                    twice = trap.kind == "dragon" and sq in board.landed
                    dead = " (used twice in a row: it is dead)" if twice else ""
                    rule = "traps.dragon.landing" if dead else _wear_rule(trap.kind)
                    events.append(Event("trap_destroyed", R + rule,
                                        f"{who(state, seat)}: the damaged {trap.kind} on {sq} is used "
                                        "again and "
                                        f"destroyed{dead}.", {"seat": seat, "square": sq, "kind": trap.kind}))
            elif after == "damaged":
                traps[sq] = Trap(trap.kind, True, trap.orientation)
                if events is not None:
                    events.append(Event("trap_damaged", R + _wear_rule(trap.kind),
                                        f"{who(state, seat)}: the {trap.kind} on {sq} is flipped to its "
                                        "damaged side.",
                                        {"seat": seat, "square": sq, "kind": trap.kind}))
        board.traps, board.removed_traps = traps, removed
    board.triggered = []
    board.catapult_targets = {}
    board.landed = []
    if board.frozen or board.struck:
        weapons.after_movement(state, seat, events)
    if t is not None and board.hero != t and t in board.traps:
        if thieves:
            board.traps = {sq: trap for sq, trap in board.traps.items() if sq != t}
            board.removed_traps = [*board.removed_traps, "treasure"]
            if events is not None:
                events.append(Event("stolen", R + "traps.treasure",
                                    f"{who(state, seat)}: {plural(len(thieves), 'skeleton')} on {t} "
                                    f"{'steals' if len(thieves) == 1 else 'steal'} the treasure; "
                                    f"it is gone for good.", {"seat": seat, "square": t}))


def _sabotage(state: BadBonesState, seat: int, events: list[Event] | None) -> None:
    """After the movement phase every trap a Chief Saboteur triggered (alone or in a unit) is
    removed from the game, the indestructible ones too; a bomb still leaves its blast area.
    The saboteurs still on this board return to the bag (ruling bad_bones.chiefs.ruling.saboteur_fate)."""
    board = own(state, seat)
    traps, removed = dict(board.traps), list(board.removed_traps)
    wrecked = []
    for sq in dict.fromkeys(sq for _, sq in board.sabotage):
        trap = traps.get(sq)
        if trap is None or trap.kind in ("bomb", "treasure"):  # a blast stays; a treasure is stolen as usual
            continue
        del traps[sq]
        removed.append(trap.kind)
        wrecked.append(f"the {trap.kind} on {sq}")
    board.traps, board.removed_traps = traps, removed
    board.triggered = [sq for sq in board.triggered if sq in traps]
    saboteurs = sorted({sid for sid, _ in board.sabotage})
    for sid in saboteurs:   # back to the bag from wherever a trap sent him (a cemetery too)
        if sid in board.skeletons:
            destroy(state, seat, sid)
            continue
        for t, b in enumerate(state.boards):
            if sid in b.cemetery:
                b = own(state, t)
                b.cemetery = [x for x in b.cemetery if x != sid]
                to_bag(state, [sid])
                break
    board.sabotage = ()
    if events is not None and (wrecked or saboteurs):
        gone = f"destroys {', '.join(wrecked)}" if wrecked else "finds nothing left to destroy"
        back = f"; {plural(len(saboteurs), 'saboteur')} back to the bag" if saboteurs else ""
        events.append(Event("sabotaged", R + "chiefs.saboteur",
                            f"{who(state, seat)}: the Chief Saboteur {gone}, for good{back}.",
                            {"seat": seat, "count": len(wrecked), "saboteurs": tuple(saboteurs)}))


def prune_units(board: Board) -> None:
    """Forget units whose leader has left the board and followers no longer beside their leader
    (a unit that leaves the board breaks up: ruling bad_bones.chiefs.ruling.unit_break)."""
    skeletons, units = board.skeletons, {}
    for leader, followers in board.units.items():
        lead = skeletons.get(leader)
        if lead is None:
            continue
        kept = tuple(f for f in followers
                     if f in skeletons and (skeletons[f].r, skeletons[f].c) == (lead.r, lead.c))
        if kept:
            units[leader] = kept
    board.units = units


def _wear_rule(kind: str) -> str:
    """The section a trap's wear cites: the basic traps share one, a new trap has its own."""
    if kind == "spring":
        return "advanced.ruling.spring_wear"
    return "traps" if kind in TRAP_KINDS else f"traps.{kind}"


def supply_of(state: BadBonesState, seat: int) -> list[str]:
    """The traps ``seat`` may place from: its own supply, or the team's in the co-op game."""
    return state.shared if state.capital_size else state.boards[seat].supply


def take_from_supply(state: BadBonesState, seat: int, kind: str) -> None:
    supply = list(supply_of(state, seat))
    supply.remove(kind)
    if state.capital_size:
        state.shared = supply
    else:
        own(state, seat).supply = supply


def return_to_supply(state: BadBonesState, seat: int, kind: str) -> None:
    """A trap taken back: into the player's supply, intact; in the co-op game it is held until
    the round ends, when it goes back into the team's supply (bad_bones.coop.retrieved)."""
    if state.capital_size:
        state.held = (*state.held, kind)
    else:
        board = own(state, seat)
        board.supply = sorted([*board.supply, kind])


def place_trap(state: BadBonesState, seat: int, kind: str, sq: str, orientation: str | None,
               events: list[Event] | None) -> None:
    board = own(state, seat)
    take_from_supply(state, seat, kind)
    rc = COORDS.get(sq)
    landing = kind == "dragon" and any((s.r, s.c) == rc for s in board.skeletons.values())
    if kind == "bomb" and any((s.r, s.c) == rc for s in board.skeletons.values()):
        return _bomb_at_once(state, seat, sq, events)
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
        # a Chief Instructor's unit flees as one (ruling bad_bones.chiefs.ruling.unit_traps)
        led = ({f: leader for leader, fs in board.units.items() if leader in here for f in fs}
               if board.units else {})
        for sid in here:
            sk = board.skeletons[sid]
            # They have moved now: flipped to the side everything will show after moving.
            board.skeletons[sid] = Skeleton(sk.id, sk.model, sk.r, sk.c, sk.facing, moved)
            if sid not in led:
                unit = tuple(f for f in here if led.get(f) == sid)
                add_pending(state, seat, Pending("repel", sid, sk.model, "landing", sq, unit))
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


def _bomb_at_once(state: BadBonesState, seat: int, sq: str, events: list[Event] | None) -> None:
    """A bomb placed on a square holding only skeletons goes off at once: they return to the
    bag and the blast area stays."""
    board = own(state, seat)
    rc = COORDS[sq]
    board.traps = {**board.traps, sq: Trap("bomb", True)}
    here = sorted(s.id for s in board.skeletons.values() if (s.r, s.c) == rc)
    if events is not None:
        events.append(Event("place", R + "traps.bomb.at_once", f"{who(state, seat)} places a bomb on {sq}.",
                            {"seat": seat, "kind": "bomb", "square": sq}))
        events.append(Event("blast", R + "traps.bomb.at_once",
                            f"{who(state, seat)}: the bomb goes off at once and blows up "
                            f"{plural(len(here), 'skeleton')} on {sq}; its blast area stays for the rest "
                            "of the game.", {"seat": seat, "square": sq, "killed": len(here)}))
    for sid in here:   # a Spectral Chief is immortal: to the cemetery, whatever kills it
        eliminate(state, seat, sid, False, events)
