"""A turn of Rolled Bones, step by step, and every action's effect on the state.

The turn player's steps (``state.phase``): build (base dice from the rack into the base, the
claim), then draw (refill and roll the rack), arrange (swap rack dice, then the Bones roll picks
the die that comes into play), enter (where it goes), act (moves, attacks, bands, flash dice,
alliances, "next"). Decisions owed by others, or by the turn player outside that flow, wait in
``state.queue`` (see ``battle`` and ``state``). Every function here changes the state in place
(``apply`` gives them a private copy) and appends events unless ``events`` is None.
"""

from __future__ import annotations

from ...core.actions import seat_name
from ...core.events import Event
from . import battle, chance
from .data import components, die_type
from .dice import doors, face, flying, kind, magic_on, name, on_door, powers, recurring_item, riders, unit
from .state import BANDED, DONE, FRESH, MAY_ATTACK, UNBANDED, RolledBonesState, flags

R = "rolled_bones."
S = RolledBonesState
SWAPS = 5  # rack swaps a turn may make (the order of a full rack does not change the odds)


def rack_size() -> int:
    return components().rack_size


# ---- the turn's start and end -----------------------------------------------------------------


def start_turn(s: S, seat: int, events: list[Event] | None) -> None:
    s.turn_seat = seat
    s.turns += 1
    n = len(s.codes)
    s.acted = flags(n)  # all FRESH
    s.door_at_roll = flags(n)
    s.stepped = flags(n)
    s.band_changed = flags(n)
    s.swaps = 0
    s.attacked = False
    s.proposed = False
    s.entering = -1
    if events is not None:
        events.append(
            Event(
                "turn",
                R + "turn",
                f"Round {s.round}: {seat_name(seat)}'s turn.",
                {"seat": seat, "round": s.round},
            )
        )
    if s.round > s.options.get("max_rounds", 100):
        finish(
            s,
            -1,
            R + "ruling.round_limit",
            events,
            f"No one has won after {s.options.get('max_rounds', 100)} rounds: the game stops unfinished.",
        )
        return
    _recurring(s, seat, events)
    # a claim wins once every other player has had a turn since it (a full round): one made
    # in another player's turn waits for that player's next turn to pass too
    if (
        s.variant == "base"
        and s.declared[seat] >= 0
        and s.turns - s.declared[seat] >= s.players
        and len(s.bases[seat]) >= s.base_size
    ):
        finish(
            s,
            seat,
            R + "goal.hold",
            events,
            f"{seat_name(seat)}'s base held {s.base_size} base dice for a full round: "
            f"{seat_name(seat)} wins.",
        )
        return
    if s.variant == "arena":
        _arena_play(s, seat, events)
    else:
        s.phase = "build"


def _recurring(s: S, seat: int, events: list[Event] | None) -> None:
    """Recurring magic the turn player cast works again on its target."""
    for m in range(len(s.codes)):
        if s.owners[m] != seat or s.on[m] < 0:
            continue
        if recurring_item(s, m) and s.area[m] in ("base", "arena"):
            charm_works(s, m, events)
            continue
        if kind(s, m) != "magic":
            continue
        f = face(s, m)
        if f.effect != "drain":
            continue
        target = s.on[m]
        was = name(s, target)
        s.w("amount")[m] += f.value
        if events is not None:
            events.append(
                Event(
                    "recurring",
                    R + "magic.recurring",
                    f"{name(s, m)} works again on {was}: {f.value:+d}, now {battle.value(s, target)}.",
                    {"magic": m, "target": target, "change": f.value},
                )
            )
        battle.worn_out(s, target, events)


def charm_works(s: S, item: int, events: list[Event] | None) -> None:
    """An item with a recurring power works on the die it sits on: its change again, until
    the item's face value is reached in all (``dice.item_recurring``)."""
    f = face(s, item)
    target = s.on[item]
    step = max(0, min(f.change, f.value - s.amount[item]))
    if target < 0 or not step:
        return
    s.w("amount")[item] += step
    if events is not None:
        events.append(
            Event(
                "recurring",
                R + "dice.item_recurring",
                f"{name(s, item)} works on {name(s, target)}: {step:+d} "
                f"({s.amount[item]:+d} of {f.value} so far).",
                {"item": item, "target": target, "change": step},
            )
        )


def charm_leaves(s: S, item: int) -> None:
    """An item with a recurring power leaves the die it sat on: what it gave goes with it."""
    if recurring_item(s, item) and s.amount[item]:
        s.w("amount")[item] = 0


def end_turn(s: S, events: list[Event] | None) -> None:
    if events is not None:
        events.append(
            Event("next", R + "turn.next", f"{seat_name(s.turn_seat)} says next.", {"seat": s.turn_seat})
        )
    nxt = (s.turn_seat + 1) % s.players
    if nxt == s.first:
        s.round += 1
    start_turn(s, nxt, events)


def finish(s: S, winner: int, rule: str, events: list[Event] | None, text: str) -> None:
    s.phase = "over"
    s.winner = winner
    s.ended = rule
    s.queue = []
    s.battle = None
    if events is not None:
        events.append(Event("end", rule, text, {"winner": winner}))


# ---- build, draw, arrange, roll ------------------------------------------------------------------


def _take(s: S, seat: int, pos: int) -> int:
    """Take the die at rack place ``pos`` (1 = leftmost) out of ``seat``'s rack."""
    rack = s.racks[seat] = list(s.racks[seat])
    return rack.pop(pos - 1)


def add_to_base(s: S, seat: int, die: int, rule: str, events: list[Event] | None) -> None:
    """A base die joins the right end of its owner's base."""
    s.bases[seat] = [*s.bases[seat], die]  # racks, bags and bases are replaced, never edited
    s.w("area")[die] = "base"
    s.w("on")[die] = -1
    if events is not None:
        events.append(
            Event(
                "build",
                rule,
                f"{seat_name(seat)} adds {name(s, die)} to the base ({len(s.bases[seat])} of {s.base_size}).",
                {"seat": seat, "die": die},
            )
        )
    if len(s.bases[seat]) == s.base_size:  # just completed (again): the claim is due this turn
        s.completed[seat] = s.turns
        if seat != s.turn_seat and s.variant == "base" and s.declared[seat] < 0:
            # completed in another player's turn (a flashed base die): he is asked at once
            s.queue.insert(0, ("claim", seat))


def build(s: S, seat: int, pos: int, events: list[Event] | None) -> None:
    die = _take(s, seat, pos)
    add_to_base(s, seat, die, R + "turn.build", events)


def declare(s: S, seat: int, events: list[Event] | None) -> None:
    s.declared[seat] = s.turns
    if events is not None:
        events.append(
            Event(
                "declare",
                R + "goal.declare",
                f"{seat_name(seat)} declares the base complete: it must hold "
                f"{s.base_size} base dice until {seat_name(seat)}'s next turn.",
                {"seat": seat},
            )
        )


def draw(s: S, seat: int, events: list[Event] | None) -> None:
    """Refill the rack to six from the bag, rolling each die drawn; then arrange."""
    want = rack_size() - len(s.racks[seat])
    drawn, scripted = chance.draw(s, seat, want)
    for i in drawn:
        s.w("area")[i] = "rack"
    s.racks[seat] = s.racks[seat] + drawn
    if events is not None:
        left = len(s.bags[seat])
        events.append(
            Event(
                "draw",
                R + "turn.refill",
                f"{seat_name(seat)} draws {len(drawn)} from the bag"
                + (" (scripted)" if scripted else "")
                + f"; {left} left in it.",
                {"seat": seat, "dice": tuple(drawn), "scripted": scripted},
            )
        )
    chance.roll_dice(s, drawn, R + "turn.refill", events, "into the rack")
    s.phase = "arrange"
    if not s.racks[seat]:
        if events is not None:
            events.append(
                Event(
                    "empty_rack",
                    R + "turn.bones_roll",
                    f"{seat_name(seat)}'s rack and bag are empty: no die comes into play.",
                )
            )
        s.phase = "act"


def swap_rack(s: S, seat: int, a: int, b: int, events: list[Event] | None) -> None:
    rack = s.racks[seat] = list(s.racks[seat])
    rack[a - 1], rack[b - 1] = rack[b - 1], rack[a - 1]
    s.swaps += 1
    if events is not None:
        events.append(
            Event(
                "arrange",
                R + ("arena.rack" if s.variant == "arena" else "turn.arrange"),
                f"{seat_name(seat)} swaps rack places {a} and {b}.",
                {"seat": seat, "places": (a, b)},
            )
        )


def bones_roll(s: S, seat: int, events: list[Event] | None) -> None:
    """Roll the Bones: the die at that rack place comes into play (an empty place is rolled
    again, a kit ruling). Dice on a door now may leave the base this turn."""
    rack = s.racks[seat]
    for i in range(len(s.codes)):  # every die: allies may lead each other's dice out
        s.w("door_at_roll")[i] = on_door(s, i)
    while True:
        n = chance.bones(s, seat, "the Bones roll", R + "turn.bones_roll", events)
        if n <= len(rack):
            break
        if events is not None:
            events.append(
                Event(
                    "reroll",
                    R + "turn.bones_roll",
                    f"Place {n} of the rack is empty: roll again.",
                    {"roll": n},
                )
            )
    die = _take(s, seat, n)
    if events is not None:
        events.append(
            Event(
                "into_play",
                R + "turn.bones_roll",
                f"Place {n} of {seat_name(seat)}'s rack holds {name(s, die)}: it comes into play.",
                {"seat": seat, "place": n, "die": die},
            )
        )
    s.phase = "enter"
    come_in(s, seat, die, "act", events)


def come_in(s: S, seat: int, die: int, resume: str, events: list[Event] | None) -> None:
    """Die ``die`` leaves the rack for play: a base die joins the base at once; anything else
    waits for its owner to say where (``enter``)."""
    if kind(s, die) == "base":
        add_to_base(s, seat, die, R + "turn.enter", events)
        after_enter(s, resume, events)
        return
    s.entering = die
    s.resume = resume
    s.queue.insert(0, ("enter", seat))


def after_enter(s: S, resume: str, events: list[Event] | None) -> None:
    """Play goes on where it was: "act" after the turn's Bones roll; otherwise (a flash) the
    step or question the die was flashed in."""
    s.entering = -1
    if resume == "act":
        s.phase = "act"
    battle.proceed(s, events)


# ---- entering play ----------------------------------------------------------------------------------


def enter(s: S, seat: int, where: str, target: int, events: list[Event] | None) -> None:
    """Put the entering die ``where``: "arena", "base", "on" ``target``, or "bag" (a magic die
    with no target goes back)."""
    die = s.entering
    s.queue.pop(0)
    resume = s.resume
    t = die_type(s.codes[die])
    rule = R + ("arena.turn" if s.variant == "arena" else "turn.enter")
    if where == "bag":
        arena_game = s.variant == "arena"
        if events is not None:
            events.append(
                Event(
                    "no_target",
                    R + "magic.no_target",
                    f"{name(s, die)} has no die to work on and goes back to the "
                    + ("right end of the rack." if arena_game else "bag."),
                    {"die": die},
                )
            )
        if arena_game:  # the rack is the arena game's bag: back to its right end, re-rolled
            s.racks[seat] = [*s.racks[seat], die]
            chance.roll_dice(s, [die], R + "magic.no_target", events, "back to the rack")
        else:
            s.w("area")[die] = "bag"
            s.w("face")[die] = 0
            s.bags[seat] = sorted(s.bags[seat] + [die])
    elif t.kind == "magic":
        f = face(s, die)
        was = name(s, target)  # named as it was before the change
        s.w("on")[die] = target
        s.w("area")[die] = s.area[target]
        s.w("amount")[die] = f.value
        if events is not None:
            events.append(
                Event(
                    "magic",
                    R + "magic.apply",
                    f"{seat_name(seat)} plays {name(s, die)} on {was}: "
                    f"{f.value:+d}, now {battle.value(s, target)}.",
                    {"magic": die, "target": target, "change": f.value},
                )
            )
        battle.worn_out(s, target, events)
    else:
        if where == "on":
            s.w("on")[die] = target
            set_area(s, die, s.area[target])  # with any magic it took on in the rack
            what = "picks up" if kind(s, target) == "creature" else "stands on"
            text = (
                f"{name(s, target)} {what} {name(s, die)}"
                if what == "picks up"
                else f"{name(s, die)} comes in on {name(s, target)}"
            )
        else:
            set_area(s, die, where)
            text = f"{name(s, die)} comes into the {where}"
        if where == "on" and recurring_item(s, die):  # works when first added to a die
            charm_works(s, die, events)
        arena_game = s.variant == "arena"
        # the arena's free move lets a die attack, but only a die that has not acted this
        # turn (one back from the rack after acting stays done: one action a turn)
        fresh = s.acted[die] == FRESH
        s.w("acted")[die] = MAY_ATTACK if arena_game and fresh else DONE
        if events is not None:
            events.append(
                Event(
                    "enter",
                    rule,
                    f"{seat_name(seat)}: {text}"
                    + (
                        (" (a free move: it may attack)." if fresh else " (it has acted this turn already).")
                        if arena_game
                        else "."
                    ),
                    {"die": die, "where": where, "target": target},
                )
            )
    after_enter(s, resume, events)


def _arena_play(s: S, seat: int, events: list[Event] | None) -> None:
    """Arena rules: the leftmost rack die plays at the start of the turn."""
    s.phase = "act"
    if not s.racks[seat]:
        return
    die = _take(s, seat, 1)
    if events is not None:
        events.append(
            Event(
                "into_play",
                R + "arena.turn",
                f"{seat_name(seat)} plays the leftmost die, {name(s, die)}.",
                {"seat": seat, "place": 1, "die": die},
            )
        )
    if kind(s, die) == "creature":
        s.entering = die
        s.resume = "act"
        s.queue.insert(0, ("enter", seat))
        enter(s, seat, "arena", -1, events)
        return
    s.phase = "enter"
    come_in(s, seat, die, "act", events)


# ---- moves, bands, flash -----------------------------------------------------------------------------


def set_area(s: S, i: int, area: str) -> None:
    """Move die ``i`` and everything riding on it (its carried item, its magic) to ``area``;
    a creature or item standing on a moving item steps off and stays where it was."""
    s.w("area")[i] = area
    for r in riders(s, i):
        if kind(s, i) == "item" and kind(s, r) in ("creature", "item"):
            charm_leaves(s, r)
            s.w("on")[r] = -1
            continue
        set_area(s, r, area)


def move(s: S, seat: int, die: int, area: str, events: list[Event] | None) -> None:
    """A unit changes area (its action); its dice leave any base die they stood on."""
    members = unit(s, die)
    charge = "charge" in powers(s, members)
    for i in members:
        charm_leaves(s, i)
        s.w("on")[i] = -1
        set_area(s, i, area)
        s.w("acted")[i] = MAY_ATTACK if charge else DONE
    if events is not None:
        where = "the arena" if area == "arena" else f"{seat_name(s.owners[die])}'s base"
        how = " (through a door)" if area == "arena" and not flying(s, members) else ""
        events.append(
            Event(
                "move",
                R + "turn.move",
                f"{seat_name(seat)} moves "
                + " and ".join(name(s, i) for i in members)
                + f" to {where}{how}.",
                {"dice": members, "area": area},
            )
        )


def step(s: S, seat: int, die: int, target: int, events: list[Event] | None) -> None:
    """A free move within an area: onto a base die or an item (guarding it), or off what the
    die stood on (target -1)."""
    was = s.on[die]
    charm_leaves(s, die)
    s.w("on")[die] = target
    s.w("stepped")[die] = True
    if events is not None:
        where = (
            f"onto {name(s, target)}" + (" (a door)" if target in doors(s, s.owners[die]) else "")
            if target >= 0
            else "off the base dice"
            if kind(s, was) == "base"
            else f"off {name(s, was)}"
        )
        events.append(
            Event(
                "step",
                R + "turn.move",
                f"{seat_name(seat)} steps {name(s, die)} {where}.",
                {"die": die, "target": target},
            )
        )
    if target >= 0 and recurring_item(s, die):  # added to another die: it works at once
        charm_works(s, die, events)


def band(s: S, seat: int, a: int, b: int, events: list[Event] | None) -> None:
    members = sorted(set(unit(s, a)) | set(unit(s, b)))
    for i in members:
        s.w("band")[i] = members[0]
    changed = s.w("band_changed")
    changed[a] = changed[b] = BANDED
    if events is not None:
        events.append(
            Event(
                "band",
                R + "turn.band",
                f"{seat_name(seat)} bands " + " and ".join(name(s, i) for i in members) + " into one force.",
                {"dice": tuple(members)},
            )
        )


def unband(s: S, seat: int, a: int, events: list[Event] | None) -> None:
    old = s.band[a]
    s.w("band")[a] = -1
    s.w("band_changed")[a] = UNBANDED
    battle._tidy_band(s, old)
    if events is not None:
        events.append(
            Event(
                "unband",
                R + "turn.band",
                f"{seat_name(seat)} takes {name(s, a)} out of its band.",
                {"die": a},
            )
        )


def flash(s: S, seat: int, pos: int, events: list[Event] | None) -> None:
    """A flash die leaves the rack for play at any moment its owner may act: in any step of
    his turn, in a battle's flash window, or while a question waits for him."""
    die = _take(s, seat, pos)
    if events is not None:
        events.append(
            Event(
                "flash",
                R + "flash.play",
                f"{seat_name(seat)} flashes {name(s, die)} from rack place {pos}.",
                {"seat": seat, "die": die, "place": pos},
            )
        )
    if s.queue and s.queue[0][0] == "flash":
        s.queue.pop(0)  # the window opens again after the die is in, while flash dice remain
    come_in(s, seat, die, "stay", events)


def spill(s: S, seat: int, area: str, events: list[Event] | None) -> None:
    """The guard of a destroyed base die goes to the arena or stays in the base."""
    _, _, g = s.queue.pop(0)
    old = s.band[g]
    if old >= 0 and any(s.area[j] != area for j in unit(s, g) if j != g):  # a band stays in one area
        s.w("band")[g] = -1
        battle._tidy_band(s, old)
    set_area(s, g, area)
    if events is not None:
        events.append(
            Event(
                "spill",
                R + "battle.spill",
                f"{name(s, g)} spills out into the " + ("arena." if area == "arena" else "base."),
                {"die": g, "area": area},
            )
        )
    battle.proceed(s, events)


def rearrange(s: S, seat: int, a: int, b: int, events: list[Event] | None) -> None:
    kind_, who, left = s.queue[0]
    base = s.bases[seat] = list(s.bases[seat])
    ia, ib = base.index(a), base.index(b)
    base[ia], base[ib] = base[ib], base[ia]
    s.queue[0] = (kind_, who, left - 1)
    if left - 1 <= 0:
        s.queue.pop(0)
    if events is not None:
        events.append(
            Event(
                "rearrange",
                R + "battle.base_destroyed",
                f"{seat_name(seat)} swaps {name(s, a)} and {name(s, b)} in the base; "
                f"the front door is {name(s, base[0])}.",
                {"dice": (a, b)},
            )
        )
    battle.proceed(s, events)


def rearrange_done(s: S, seat: int, events: list[Event] | None) -> None:
    s.queue.pop(0)
    if events is not None and s.bases[seat]:
        events.append(
            Event(
                "rearranged",
                R + "battle.base_destroyed",
                f"{seat_name(seat)}'s front door is {name(s, s.bases[seat][0])}.",
                {"seat": seat},
            )
        )
    battle.proceed(s, events)


# ---- alliances ------------------------------------------------------------------------------------------


def propose(s: S, seat: int, other: int, events: list[Event] | None) -> None:
    s.proposed = True
    s.queue.insert(0, ("alliance", other, seat))
    if events is not None:
        events.append(
            Event(
                "propose",
                R + "alliances.propose",
                f"{seat_name(seat)} proposes an alliance to {seat_name(other)}.",
                {"from": seat, "to": other},
            )
        )


def answer_alliance(s: S, seat: int, yes: bool, events: list[Event] | None) -> None:
    _, _, proposer = s.queue.pop(0)
    if yes:
        s.allies.append((min(seat, proposer), max(seat, proposer)))
        s.allies.sort()
    if events is not None:
        events.append(
            Event(
                "accept" if yes else "decline",
                R + "alliances.propose",
                f"{seat_name(seat)} "
                + ("accepts" if yes else "declines")
                + f" {seat_name(proposer)}'s alliance.",
                {"seat": seat, "from": proposer},
            )
        )


def grant(s: S, seat: int, other: int, events: list[Event] | None) -> None:
    """``seat`` lets his ally ``other`` use ``seat``'s dice against him (until the alliance ends)."""
    s.grants.append((seat, other))
    s.grants.sort()
    if events is not None:
        events.append(
            Event(
                "grant",
                R + "alliances.command",
                f"{seat_name(seat)} lets {seat_name(other)} use {seat_name(seat)}'s dice against "
                f"{seat_name(seat)}.",
                {"seat": seat, "ally": other},
            )
        )


def end_grants(s: S, a: int, b: int) -> None:
    """An alliance's grants end with it."""
    s.grants[:] = [g for g in s.grants if set(g) != {a, b}]


def break_alliance(s: S, seat: int, other: int, events: list[Event] | None) -> None:
    s.allies.remove((min(seat, other), max(seat, other)))
    end_grants(s, seat, other)
    if events is not None:
        events.append(
            Event(
                "alliance_broken",
                R + "alliances.break",
                f"{seat_name(seat)} breaks the alliance with {seat_name(other)}.",
                {"seats": (seat, other)},
            )
        )


def check_arena_win(s: S, events: list[Event] | None) -> None:
    if s.variant != "arena" or s.phase == "over":
        return
    need = components().arena_kills
    for seat in range(s.players):
        if s.kills[seat] >= need:
            finish(
                s,
                seat,
                R + "arena.win",
                events,
                f"{seat_name(seat)} has {s.kills[seat]} kills: Champion of the Arena.",
            )
            return


__all__ = ["magic_on", "unit"]
