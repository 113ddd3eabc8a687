"""Battles and what they leave behind: totals, rolls, ties, defeats, spills, rearrangements.

An attack is a small sequence: declared (``begin``), perhaps intercepted by the guard of the
base die attacked (the defender decides), perhaps answered by the defender's flash dice, then
rolled (``resolve``). A defeated base die spills its guard (the defender decides where) and
lets the defender rearrange the base. Those decisions wait in ``state.queue``.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.actions import seat_name
from ...core.events import Event
from ...core.words import and_list
from . import chance
from .data import components
from .dice import (
    carried,
    dtype,
    face,
    guard,
    kind,
    power,
    powers,
    rack_flash,
    riders,
    symbols,
    unit,
    value,
)
from .dice import name as die_name
from .state import Battle, RolledBonesState

R = "rolled_bones."
S = RolledBonesState


# ---- totals --------------------------------------------------------------------------------------


def total_parts(s: S, dice: tuple[int, ...], attacking: bool) -> list[tuple[str, int]]:
    """What a unit adds to its Bones roll, part by part: each die's face value, the magic on
    it, the weapon (attacking) or armour (defending) its creature carries, and the powers that
    add to it."""
    parts: list[tuple[str, int]] = []
    for i in dice:
        t = dtype(s, i)
        parts.append((t.name, face(s, i).value))
        magic = sum(s.amount[r] for r in riders(s, i) if kind(s, r) == "magic")
        if magic:
            parts.append(("magic", magic))
        for r in riders(s, i):  # an item with a recurring power, working on this die
            if kind(s, r) == "item" and s.amount[r]:
                parts.append((dtype(s, r).name, s.amount[r]))
        item = carried(s, i) if t.kind == "creature" else -1
        if item >= 0 and dtype(s, item).item == ("weapon" if attacking else "armour"):
            # the item's value with the magic on it: magic may go on any item (magic.apply)
            parts.append((dtype(s, item).name, value(s, item)))
        p = power(s, i)
        if p == "frenzy" and attacking:
            parts.append(("frenzy", 2))
        if p == "thick" and not attacking:
            parts.append(("thick", 2))
        below = s.on[i]
        if below >= 0 and kind(s, below) == "base" and power(s, below) == "lookout":
            parts.append(("lookout", 1))
    return parts


def fixed_total(s: S, dice: tuple[int, ...], attacking: bool) -> int:
    """A unit's total before the Bones (see ``total_parts``)."""
    return sum(n for _, n in total_parts(s, dice, attacking))


def sum_text(roll: int, parts: list[tuple[str, int]]) -> str:
    """``roll 2 + Goblin 4 + magic 1 = 7``: a battle total as the rulebook adds it up."""
    terms = [f"roll {roll}"] + [f"{label} {n}" if n >= 0 else f"{label} {n}" for label, n in parts]
    return " + ".join(terms).replace("+ magic -", "- magic ") + f" = {roll + sum(n for _, n in parts)}"


def extra_rolls(s: S, dice: tuple[int, ...], attacking: bool) -> int:
    """One more Bones roll for each creature showing its power face with the weapon (attacking)
    or armour (defending) that suits it."""
    n = 0
    for i in dice:
        if kind(s, i) != "creature" or s.face[i] != 5:
            continue
        item = carried(s, i)
        if (
            item >= 0
            and dtype(s, item).suits == s.codes[i]
            and dtype(s, item).item == ("weapon" if attacking else "armour")
        ):
            n += 1
    return n


def _roll(
    s: S, seat: int, dice: tuple[int, ...], attacking: bool, why: str, events: list[Event] | None, rule: str
) -> int:
    total = chance.bones(s, seat, why, rule, events)
    for _ in range(extra_rolls(s, dice, attacking)):
        total += chance.bones(
            s,
            seat,
            why + " (suited " + ("weapon" if attacking else "armour") + ")",
            R + "dice.weapons",
            events,
        )
    return total


# ---- the attack ----------------------------------------------------------------------------------


def begin(s: S, seat: int, attacker: int, target: int, shoot: bool, events: list[Event] | None) -> None:
    """Declare an attack by ``attacker``'s unit on ``target`` (already checked legal)."""
    attackers = unit(s, attacker)
    for i in attackers:
        s.w("acted")[i] = 2
    s.attacked = True
    defender = s.owners[target]
    pair = (min(seat, defender), max(seat, defender))
    if pair in s.allies:
        s.allies.remove(pair)
        s.grants[:] = [g for g in s.grants if set(g) != set(pair)]  # they end with the alliance
        if events is not None:
            events.append(
                Event(
                    "alliance_broken",
                    R + "alliances.break",
                    f"{seat_name(seat)} attacks an ally: the alliance with {seat_name(defender)} is broken.",
                    {"seats": pair},
                )
            )
    if events is not None:
        how = "shoots at" if shoot else "attacks"
        events.append(
            Event(
                "attack",
                R + ("battle.projectile" if shoot else "battle.hand_to_hand"),
                f"{seat_name(seat)}'s {_unit_name(s, attackers)} {how} {seat_name(defender)}'s "
                f"{die_name(s, target)}.",
                {"attackers": attackers, "target": target, "projectile": shoot},
            )
        )
    s.battle = Battle(seat, attackers, unit(s, target), shoot, target, "intercept")
    # a die standing on the base die or item attacked may take the attack for it
    g = guard(s, target) if kind(s, target) in ("base", "item") else -1
    if g >= 0:
        s.queue.insert(0, ("intercept", defender))
    else:
        s.battle = replace(s.battle, stage="flash")


def intercept(s: S, yes: bool, events: list[Event] | None) -> None:
    """The defender's answer: the guard on the attacked base die takes the attack, or not."""
    b = s.battle
    assert b is not None
    g = guard(s, b.named)
    if yes:
        b = replace(b, target=unit(s, g))
    if events is not None:
        d = seat_name(s.owners[b.named])
        events.append(
            Event(
                "intercept" if yes else "no_intercept",
                R + "battle.intercept",
                f"{d}'s {die_name(s, g)} intercepts the attack."
                if yes
                else f"{d} lets {die_name(s, b.named)} take the attack.",
                {"guard": g, "yes": yes},
            )
        )
    s.battle = replace(b, stage="flash")


def defender(s: S) -> int:
    b = s.battle
    assert b is not None
    return s.owners[b.target[0]]


def flash_window(s: S) -> bool:
    """Whether the defender may now play a flash die (before the rolls; arena game too)."""
    from .choices import flash_places  # a flash die that can come in (no import circle at load)

    return bool(rack_flash(s, defender(s))) and bool(flash_places(s, defender(s)))


def proceed(s: S, events: list[Event] | None) -> None:
    """Carry an attack on until it needs a decision or is over."""
    while not s.queue and s.battle is not None:
        if s.battle.stage == "flash" and flash_window(s):
            s.queue.insert(0, ("flash", defender(s)))
            return
        resolve(s, events)


def resolve(s: S, events: list[Event] | None) -> None:
    """Roll the battle and carry out its result."""
    b = s.battle
    assert b is not None
    s.battle = None
    a_seat = b.seat
    alive = all(s.area[i] in ("base", "arena") for i in b.attackers + b.target)
    if not alive:
        if events is not None:
            events.append(
                Event("battle_off", R + "battle", "The battle is off: one side is no longer in play.")
            )
        return
    d_seat = s.owners[b.target[0]]
    pa, pd = total_parts(s, b.attackers, True), total_parts(s, b.target, False)
    ta, td = sum(n for _, n in pa), sum(n for _, n in pd)
    losers: list[tuple[int, ...]] = []
    rolls: dict = {
        "attacker": a_seat,
        "defender": d_seat,
        "projectile": b.projectile,
        "attackers": b.attackers,
        "target": b.target,
        "parts": (tuple(pa), tuple(pd)),
        "fixed": (ta, td),
    }
    if b.projectile:
        rule = R + "battle.projectile"
        ha = chance.bones(s, a_seat, "the hit roll", rule, events)
        if "volley" in powers(s, b.attackers):
            ha = max(ha, chance.bones(s, a_seat, "the hit roll (volley)", R + "powers.volley", events))
        hd = chance.bones(s, d_seat, "the hit roll", rule, events)
        rolls["hit"] = (ha, hd)
        hit = ha >= hd
        if events is not None:
            events.append(
                Event(
                    "hit" if hit else "miss",
                    rule,
                    f"Hit roll {ha} against {hd}: " + ("a hit." if hit else "a miss."),
                    {"attacker": ha, "defender": hd},
                )
            )
        if hit:
            ra = _roll(s, a_seat, b.attackers, True, "damage", events, rule)
            rd = _roll(s, d_seat, b.target, False, "defence", events, rule)
            rolls["rolls"] = (ra, rd)
            rolls["totals"] = (ra + ta, rd + td)
            if events is not None:
                events.append(
                    Event(
                        "damage",
                        rule,
                        f"Damage {sum_text(ra, pa)} against {sum_text(rd, pd)}: "
                        + ("the target is defeated." if ra + ta >= rd + td else "it holds."),
                        {"attack": ra + ta, "defence": rd + td},
                    )
                )
            if ra + ta >= rd + td:
                losers.append(b.target)
    else:
        rule = R + "battle.hand_to_hand"
        ra = _roll(s, a_seat, b.attackers, True, "attack", events, rule)
        rd = _roll(s, d_seat, b.target, False, "defence", events, rule)
        rolls["rolls"] = (ra, rd)
        rolls["totals"] = (ra + ta, rd + td)
        if ra + ta != rd + td:
            losers.append(b.target if ra + ta > rd + td else b.attackers)
            why = "the higher total wins"
        else:
            fa = "first_strike" in symbols(s, b.attackers)
            fd = "first_strike" in symbols(s, b.target)
            ua = "unyielding" in powers(s, b.attackers)
            ud = "unyielding" in powers(s, b.target)
            rule = R + "battle.ties"
            if ua or ud:  # a power overrules the first-strike symbol
                rule = R + "powers.unyielding"
                losers += [u for u, holds in ((b.attackers, ua), (b.target, ud)) if not holds]
                why = "a tie: unyielding, both stand" if ua and ud else "a tie: the unyielding side stands"
            elif fa != fd:
                losers.append(b.target if fa else b.attackers)
                why = "a tie, won by first strike"
            else:
                losers += [b.attackers, b.target]
                why = "a tie: both sides fall"
        if events is not None:
            events.append(
                Event(
                    "battle",
                    rule,
                    f"Attack {sum_text(ra, pa)} against defence {sum_text(rd, pd)}: {why}.",
                    {"attack": ra + ta, "defence": rd + td},
                )
            )
    s.last_rolls = rolls
    for lost in losers:
        credit = a_seat if lost == b.target else -1
        defeat(s, lost, events, R + "battle.defeat", credit)


def _unit_name(s: S, dice: tuple[int, ...]) -> str:
    if len(dice) == 1:
        return die_name(s, dice[0])
    return "band of " + " and ".join(die_name(s, i) for i in dice)


# ---- defeat ----------------------------------------------------------------------------------------


def stack_of(s: S, i: int) -> list[int]:
    """Die ``i`` and every die modifying it in its stack (its magic, its carried item and their
    magic), not counting a guard standing on a base die (that one spills) or on an item (it
    stays where it stands)."""
    out, todo = [], [i]
    while todo:
        j = todo.pop()
        out.append(j)
        for r in riders(s, j):
            if not (kind(s, j) in ("base", "item") and kind(s, r) in ("creature", "item")):
                todo.append(r)
    return out


def defeat(
    s: S, dice: tuple[int, ...], events: list[Event] | None, rule: str, credit: int = -1, rack: bool = False
) -> None:
    """Defeat ``dice``: each goes back with its stack (to its owner's bag; in the arena game
    re-rolled onto the right end of its owner's rack). Guards on a defeated base die spill."""
    gone: list[int] = []
    for i in dice:
        if s.area[i] not in ("base", "arena") and not rack:  # ``rack``: an arena rack die worn out
            continue
        owner = s.owners[i]
        if kind(s, i) == "item" and guard(s, i) >= 0:  # its rider stays, standing on nothing
            _off(s, guard(s, i))
        if kind(s, i) == "base":
            g = guard(s, i)
            if g >= 0 and g not in dice:  # a guard banded with its base die falls with it
                _off(s, g)
                s.queue.append(("spill", owner, g))
            s.bases[owner] = [b for b in s.bases[owner] if b != i]  # replaced, never edited
            if len(s.bases[owner]) >= 2:
                s.queue.append(("rearrange", owner, len(s.bases[owner]) - 1))
            if s.declared[owner] >= 0 and len(s.bases[owner]) < s.base_size:
                s.declared[owner] = -1
                if events is not None:
                    events.append(
                        Event(
                            "claim_lost",
                            R + "goal.hold",
                            f"{seat_name(owner)}'s base is below {s.base_size} again: the claim is void.",
                            {"seat": owner},
                        )
                    )
        gone += stack_of(s, i)
    if credit >= 0:
        s.kills[credit] += sum(1 for i in dice if kind(s, i) in ("creature", "item"))
    # each die goes home to its owner; a magic die goes back with the die it modified, so to
    # that die's bag (the defeated die returns "along with" the dice modifying it). In the
    # arena game each player plays with only his six rack dice (a rack holds six): there
    # magic goes back to its own player's rack.
    with_die = s.variant != "arena"
    home = {
        i: s.owners[s.on[i]] if with_die and kind(s, i) == "magic" and s.on[i] >= 0 else s.owners[i]
        for i in gone
    }
    if any(home[i] != s.owners[i] for i in gone):
        # the magic now lies in another player's bag, so it is his to draw and play
        s.owners = tuple(home.get(i, o) for i, o in enumerate(s.owners))
    for i in gone:
        _return(s, i, home[i])
    if events is not None:
        events.append(
            Event(
                "defeated",
                rule,
                and_list([die_name(s, i) for i in gone])
                + (" go back to " if len(gone) > 1 else " goes back to ")
                + _homes(s, [home[i] for i in gone])
                + (" A kill for " + seat_name(credit) + "." if credit >= 0 and s.variant == "arena" else ""),
                {"dice": tuple(gone), "credit": credit},
            )
        )
    for i in gone:
        if s.variant == "arena":
            s.racks[home[i]] = [*s.racks[home[i]], i]
    if s.variant == "arena":
        chance.roll_dice(s, [i for i in gone], R + "arena.destroyed", events, "back to the rack")


def _off(s: S, g: int) -> None:
    """Guard ``g`` loses the die it stood on; a recurring item's gift goes with it."""
    s.w("on")[g] = -1
    if kind(s, g) == "item" and face(s, g).effect == "recurring":
        s.w("amount")[g] = 0


def _homes(s: S, homes: list[int]) -> str:
    where = "rack" if s.variant == "arena" else "bag"
    owners = sorted(set(homes))
    if len(owners) == 1:
        return f"{seat_name(owners[0])}'s {where}."
    return f"their owners' {where}s."


def _return(s: S, i: int, home: int) -> None:
    """Die ``i`` leaves play for seat ``home``'s bag (arena: rack). What it did this turn
    stays marked: one action per creature per turn, even if it comes back (turn.actions)."""
    band = s.band[i]
    s.w("on")[i] = -1
    s.w("amount")[i] = 0
    s.w("band")[i] = -1
    s.w("door_at_roll")[i] = False
    if band >= 0:
        _tidy_band(s, band)
    if s.variant == "arena":
        s.w("area")[i] = "rack"
        return
    s.w("area")[i] = "bag"
    s.w("face")[i] = 0
    s.bags[home] = sorted([*s.bags[home], i])


def _tidy_band(s: S, band: int) -> None:
    """A band keeps the lowest member's number; a band of one is no band."""
    members = [j for j, b in enumerate(s.band) if b == band]
    if len(members) == 1:
        s.w("band")[members[0]] = -1
    elif members and members[0] != band:
        for j in members:
            s.w("band")[j] = members[0]


def worn_out(s: S, i: int, events: list[Event] | None) -> None:
    """A die whose value falls to 0 or below is defeated (a kit ruling); in the arena game a
    rack die too (magic may go on it there): it is re-rolled onto the rack's right end."""
    rack = s.variant == "arena" and s.area[i] == "rack"
    if (s.area[i] in ("base", "arena") or rack) and kind(s, i) != "magic" and value(s, i) <= 0:
        if events is not None:
            events.append(
                Event(
                    "worn_out",
                    R + "magic.worn_out",
                    f"{die_name(s, i)} is worn down to {value(s, i)} and is defeated.",
                    {"die": i},
                )
            )
        if rack:
            owner = s.owners[i]
            s.racks[owner] = [j for j in s.racks[owner] if j != i]
        defeat(s, (i,), events, R + "magic.worn_out", rack=rack)


def max_magic() -> int:
    return components().bag_rules["max_magic_per_die"]
