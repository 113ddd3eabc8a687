"""What each seat may do now: the legal actions of every step, and why others are refused.

Labels: ``P1 build r2`` · ``P1 declare`` · ``P1 draw`` · ``P1 swap r1 r4`` · ``P1 roll`` ·
``P1 enter arena|base|d7|bag`` · ``P1 move d3 arena|base`` · ``P1 step d3 d9|yard`` ·
``P1 attack d3 d12`` · ``P1 shoot d3 d12`` · ``P1 band d3 d5`` · ``P1 unband d3`` ·
``P1 flash r2`` · ``P1 propose p3`` · ``P1 break p3`` · ``P1 grant p3`` · ``P1 next``; and, when
asked,
``P2 intercept|hold`` · ``P2 flash r2|pass`` · ``P2 spill arena|base`` · ``P2 swap d4 d9|done``
· ``P3 accept|decline``. Dice are named by number (``d7``), rack places by ``r1``-``r6``, a
band by its lowest die.
"""

from __future__ import annotations

from ...core.actions import Action, seat_name
from .battle import max_magic
from .dice import (
    base_targets,
    carried,
    commands,
    dtype,
    face,
    flash_ready,
    flying,
    guard,
    has_base,
    in_play,
    kind,
    leader,
    magic_on,
    on_door,
    place,
    projectile,
    standing,
    unit,
)
from .dice import name as die_name
from .state import FRESH, MAY_ATTACK, UNBANDED, RolledBonesState, die_index, die_label
from .turn import SWAPS

R = "rolled_bones."
S = RolledBonesState


def owing(s: S) -> tuple[int, ...]:
    if s.phase == "over":
        return ()
    if s.queue:
        return (s.queue[0][1],)
    return (s.turn_seat,)


def may_declare(s: S, seat: int) -> bool:
    """The claim is open at the start of one's own turn, and all through the turn (anyone's)
    in which the base was completed; a claim owed by someone else is asked for (``claim``)."""
    return (
        s.variant == "base"
        and s.declared[seat] < 0
        and len(s.bases[seat]) >= s.base_size
        and s.turn_seat == seat
        and not s.queue
        and (s.phase == "build" or s.completed[seat] == s.turns)
    )


def legal(s: S, seat: int) -> list[Action]:
    if s.phase == "over" or not 0 <= seat < s.players:
        return []
    if seat not in owing(s):
        # off-turn, with no decision owed: an alliance may still be broken at any time
        return _breaks(s, seat)
    if s.queue:
        out = _asked(s, seat, s.queue[0])
        if s.queue[0][0] != "enter":  # flash and break at any moment one may act
            out += _flashes(s, seat, out) + _breaks(s, seat)
        return out
    a = lambda *args: Action(seat, args[0], tuple(args[1:]))  # noqa: E731
    if s.phase == "build":
        out = [a("build", f"r{k + 1}") for k, i in enumerate(s.racks[seat]) if kind(s, i) == "base"]
        if may_declare(s, seat):
            out.append(a("declare"))
        out.append(a("draw"))
    elif s.phase == "arrange":
        n = len(s.racks[seat])
        out = (
            [a("swap", f"r{i}", f"r{j}") for i in range(1, n + 1) for j in range(i + 1, n + 1)]
            if s.swaps < SWAPS
            else []
        )
        if may_declare(s, seat):  # a base completed by a flash in this turn
            out.append(a("declare"))
        out.append(a("roll"))
    elif s.phase == "act":
        return _act(s, seat)
    else:
        return []
    return out + _flashes(s, seat, out) + _breaks(s, seat)


def _flashes(s: S, seat: int, already: list[Action]) -> list[Action]:
    """``flash`` actions of ``seat``'s rack dice showing flash (those not already offered)."""
    out = [Action(seat, "flash", (f"r{k}",)) for k in flash_places(s, seat)]
    return [x for x in out if x not in already]


def _breaks(s: S, seat: int) -> list[Action]:
    """``break`` actions for each alliance ``seat`` is in (breakable at any time), and ``grant``
    for each ally not yet allowed to use ``seat``'s dice against him."""
    if not s.options.get("alliances"):
        return []
    allies = [o for o in range(s.players) if o != seat and (min(seat, o), max(seat, o)) in s.allies]
    return [Action(seat, "break", (f"p{o + 1}",)) for o in allies] + [
        Action(seat, "grant", (f"p{o + 1}",)) for o in allies if (seat, o) not in s.grants
    ]


def _asked(s: S, seat: int, q: tuple) -> list[Action]:
    a = lambda *args: Action(seat, args[0], tuple(args[1:]))  # noqa: E731
    what = q[0]
    if what == "intercept":
        return [a("intercept"), a("hold")]
    if what == "flash":
        return [a("flash", f"r{k}") for k in flash_places(s, seat)] + [a("pass")]
    if what == "enter":
        return [a("enter", w) for w in enter_options(s, seat, s.entering)]
    if what == "spill":
        return [a("spill", "arena"), a("spill", "base")]
    if what == "rearrange":
        base = s.bases[seat]
        out = [a("swap", die_label(x), die_label(y)) for k, x in enumerate(base) for y in base[k + 1 :]]
        return out + [a("done")]
    if what == "alliance":
        return [a("accept"), a("decline")]
    if what == "claim":
        return [a("declare"), a("pass")]
    return []


def flash_places(s: S, seat: int) -> list[int]:
    """Rack places of flash dice that could come into play now."""
    return [
        k + 1
        for k, i in enumerate(s.racks[seat])
        if flash_ready(s, i) and (kind(s, i) == "base" or enter_options(s, seat, i))
    ]


def enter_options(s: S, seat: int, die: int) -> list[str]:
    """Where die ``die`` (a creature, item or magic die) may come into play."""
    k = kind(s, die)
    arena_game = s.variant == "arena"
    free_base = [b for b in s.bases[seat] if guard(s, b) < 0]
    # a die may also come in standing on one of its owner's free items (base game)
    on_items = [die_label(x) for a in ("base", "arena") for x in item_seats(s, seat, a, die)]
    if k == "creature":
        return ["arena"] if arena_game else ["arena", "base"] + [die_label(b) for b in free_base] + on_items
    if k == "item":
        creatures = [
            c
            for c in range(len(s.codes))
            if s.owners[c] == seat and kind(s, c) == "creature" and standing(s, c) and carried(s, c) < 0
        ]
        out = ["arena"] if arena_game else ["arena", "base"] + [die_label(b) for b in free_base] + on_items
        return out + [die_label(c) for c in creatures]
    if k == "magic":
        limit = max_magic()
        # in the arena game magic may go on any die in the game: the racks' dice too
        anywhere = ("base", "arena", "rack") if arena_game else ("base", "arena")
        targets = [
            t
            for t in range(len(s.codes))
            if s.area[t] in anywhere and t != die and kind(s, t) != "magic" and len(magic_on(s, t)) < limit
        ]
        return [die_label(t) for t in targets] or ["bag"]
    return []


def item_seats(s: S, seat: int, area: str, die: int) -> list[int]:
    """``seat``'s items standing on nothing in ``area`` with no die on top: a creature or an
    item may stand on one (the base game), and may then take attacks on it for it. ``die``
    itself, and any die with a creature or item on it already, is left out (stacks stay two
    high)."""
    if s.variant != "base" or _holds_stander(s, die):
        return []
    return [
        x
        for x in range(len(s.codes))
        if x != die
        and s.owners[x] == seat
        and s.area[x] == area
        and kind(s, x) == "item"
        and s.on[x] < 0
        and guard(s, x) < 0
    ]


def _holds_stander(s: S, i: int) -> bool:
    """An item with a creature or item standing on it (a creature's carried item is no stander)."""
    return kind(s, i) == "item" and guard(s, i) >= 0


def may_band(s: S, i: int) -> bool:
    """Die ``i`` shows the banding symbol, is in play (a base die in its base counts: the
    symbol groups base, creature and item dice), and was not unbanded this turn (a change of
    band holds until the owner's next turn)."""
    return (
        (standing(s, i) or (kind(s, i) == "base" and s.area[i] == "base"))
        and "band" in face(s, i).symbols
        and s.band_changed[i] != UNBANDED
    )


def ready_to_move(s: S, members: tuple[int, ...]) -> bool:
    return all(s.acted[i] == FRESH for i in members)


def ready_to_attack(s: S, members: tuple[int, ...]) -> bool:
    return all(s.acted[i] in (FRESH, MAY_ATTACK) for i in members)


def may_exit(s: S, members: tuple[int, ...]) -> bool:
    """A unit leaves the base if it flies, or if one of it stands on a door now and stood on a
    door at this turn's Bones roll (stepping onto a door makes the exit wait a turn)."""
    return flying(s, members) or any(s.door_at_roll[i] and on_door(s, i) for i in members)


def reach(s: S, attackers: tuple[int, ...], target: int) -> bool:
    """Whether ``attackers`` can reach ``target``: the same area, or an adjacent one (the arena
    touches every base), or any area for flyers; a base die only from the arena."""
    pa, pt = place(s, attackers[0]), place(s, target)
    if kind(s, target) == "base":
        return pa[0] == "arena"
    return pa == pt or "arena" in (pa[0], pt[0]) or flying(s, attackers)


def targets(s: S, seat: int, attackers: tuple[int, ...]) -> list[int]:
    """The dice ``attackers`` (commanded by ``seat``) may attack, a band named by its lowest die."""
    owner = s.owners[attackers[0]]
    out = []
    for t in range(len(s.codes)):
        o = s.owners[t]
        # an ally's die is turned against its owner only with his leave (``grant``)
        if o == seat or (o == owner and (owner, seat) not in s.grants) or not in_play(s, t):
            continue
        if t in attackers or (kind(s, t) != "base" and set(unit(s, t)) & set(attackers)):
            continue  # never itself
        if kind(s, t) == "base":
            if t in base_targets(s, o, attackers) and reach(s, attackers, t):
                out.append(t)
        elif (
            standing(s, t)
            and leader(s, unit(s, t)) == t
            and not has_base(s, unit(s, t))  # a band holding a base die is attacked at the base
            and reach(s, attackers, t)
        ):
            out.append(t)
    return out


def _act(s: S, seat: int) -> list[Action]:
    a = lambda *args: Action(seat, args[0], tuple(args[1:]))  # noqa: E731
    out: list[Action] = []
    n = len(s.codes)
    for i in range(n):
        if not (standing(s, i) and commands(s, seat, i)):
            continue
        members = unit(s, i)
        if has_base(s, members) and any(s.owners[j] != seat for j in members):
            continue  # an ally's base dice are never his to use
        lead = leader(s, members) == i
        d = die_label(i)
        if lead and ready_to_move(s, members) and not has_base(s, members):  # base dice stay put
            if s.area[i] == "arena" and s.variant == "base":
                out.append(a("move", d, "base"))
            elif s.area[i] == "base" and may_exit(s, members):
                out.append(a("move", d, "arena"))
        if s.variant == "base":  # moving within an area is free, as often as wished
            # a die carrying a stander stays put (stacks stay two high)
            spots = s.bases[s.owners[i]] if s.area[i] == "base" and not _holds_stander(s, i) else []
            for b in spots + item_seats(s, s.owners[i], s.area[i], i):
                if b != s.on[i] and guard(s, b) < 0:
                    out.append(a("step", d, die_label(b)))
            if s.on[i] >= 0:
                out.append(a("step", d, "yard"))
        if lead and ready_to_attack(s, members):
            for t in targets(s, seat, members):
                out.append(a("attack", d, die_label(t)))
                if projectile(s, members):
                    out.append(a("shoot", d, die_label(t)))
    if not s.attacked:
        mine = [i for i in range(n) if s.owners[i] == seat and may_band(s, i)]
        for k, x in enumerate(mine):
            for y in mine[k + 1 :]:
                if (
                    place(s, x) == place(s, y)
                    and (s.band[x] < 0 or s.band[x] != s.band[y])
                    and unit(s, x)[0] == x
                    and unit(s, y)[0] == y
                ):
                    out.append(a("band", die_label(x), die_label(y)))
        for i in range(n):
            if s.owners[i] == seat and s.band[i] >= 0 and not s.band_changed[i]:
                out.append(a("unband", die_label(i)))
    if s.variant == "arena" and s.swaps < SWAPS:
        # the rack may be arranged on one's turn; its leftmost die plays at the next turn's start
        k = len(s.racks[seat])
        out += [a("swap", f"r{i}", f"r{j}") for i in range(1, k + 1) for j in range(i + 1, k + 1)]
    out += [a("flash", f"r{k}") for k in flash_places(s, seat)]
    if may_declare(s, seat):
        out.append(a("declare"))
    if s.options.get("alliances"):
        for other in range(s.players):
            if other == seat:
                continue
            pair = (min(seat, other), max(seat, other))
            if pair in s.allies:
                out.append(a("break", f"p{other + 1}"))
                if (seat, other) not in s.grants:
                    out.append(a("grant", f"p{other + 1}"))
            elif not s.proposed:
                out.append(a("propose", f"p{other + 1}"))
    out.append(a("next"))
    return out


# ---- refusals -------------------------------------------------------------------------------------


def why_not(s: S, act: Action) -> tuple[str, str]:
    """Why ``act`` is refused: the message and the rule section."""
    who = seat_name(act.seat)
    if s.phase == "over":
        return "the game is over", s.ended or R + "goal"
    if act.seat not in owing(s):
        return f"{who} does not owe a decision now (waiting for {seat_name(owing(s)[0])})", current_rule(s)
    if s.queue:
        return _why_asked(s, act)
    verb, args = act.verb, act.args
    phase = s.phase
    if verb in ("build", "draw") and phase != "build":
        return (
            "base dice go from the rack into the base only at the start of the turn, before drawing"
            if verb == "build"
            else "the rack is refilled once, at the start of the turn"
        ), R + "turn.build"
    if verb == "build":
        k = _place(args, s.racks[act.seat])
        if k is None:
            return "build names a rack place holding a base die, e.g. 'build r2'", R + "turn.build"
        return f"r{k} holds {die_name(s, s.racks[act.seat][k - 1])}, not a base die", R + "turn.build"
    if verb == "declare":
        return (
            f"declare when your base holds {s.base_size} base dice (it has {len(s.bases[act.seat])}); "
            "a claim forgotten in the turn the base was completed waits for the start of your next turn",
            R + "goal.declare",
        )
    if verb == "swap" and s.variant == "arena" and phase == "act":
        return (
            f"swap two places of your rack, e.g. 'swap r1 r3' (at most {SWAPS} swaps a turn)",
            R + "arena.rack",
        )
    if verb in ("roll", "swap") and phase != "arrange":
        return "the rack is arranged and the Bones rolled once a turn, after drawing", R + "turn.bones_roll"
    if verb == "swap":
        return f"swap two rack places, e.g. 'swap r1 r3' (at most {SWAPS} swaps a turn)", R + "turn.arrange"
    if phase != "act":
        want = {"build": "build, declare or draw", "arrange": "swap rack places or roll the Bones"}.get(
            phase, phase
        )
        return f"now is the time to {want}", current_rule(s)
    return _why_act(s, act)


def _place(args: tuple[str, ...], rack: list[int]) -> int | None:
    if len(args) == 1 and args[0][:1] == "r" and args[0][1:].isdigit():
        k = int(args[0][1:])
        if 1 <= k <= len(rack):
            return k
    return None


def _die(s: S, arg: str) -> int | None:
    i = die_index(arg)
    return i if i is not None and i < len(s.codes) else None


def _why_act(s: S, act: Action) -> tuple[str, str]:
    seat, verb, args = act.seat, act.verb, act.args
    if verb in ("move", "step", "attack", "shoot", "band", "unband"):
        if not args:
            return f"'{verb}' names a die, e.g. '{verb} d3 ...'", R + "turn.actions"
        i = _die(s, args[0])
        if i is None:
            return f"no die {args[0][:12]}: dice are named d1 to d{len(s.codes)}", R + "turn.actions"
        if not commands(s, seat, i):
            return f"{die_name(s, i)} is {seat_name(s.owners[i])}'s, not an ally's", R + "alliances.command"
        base_band = verb in ("band", "unband") and kind(s, i) == "base" and s.area[i] == "base"
        if not standing(s, i) and not base_band:
            if kind(s, i) == "base":
                return f"{die_name(s, i)} is a base die: base dice never move or attack", R + "dice.base"
            if kind(s, i) == "magic":
                return f"{die_name(s, i)} is a magic die: it stays on its target", R + "magic.apply"
            if in_play(s, i):
                return f"{die_name(s, i)} is carried and fights with its creature", R + "stacking"
            return f"{die_name(s, i)} is not in play (it is in the {s.area[i]})", R + "areas"
        members = unit(s, i)
        if verb in ("band", "unband") and s.attacked:
            return "banding and unbanding come before the turn's first attack", R + "turn.band"
        if verb == "unband" and s.band_changed[i]:
            return (
                f"{die_name(s, i)}'s band was changed this turn; it stays until your next turn",
                R + "turn.band",
            )
        if verb == "band":
            j = _die(s, args[1]) if len(args) == 2 else None
            if j is None or not (standing(s, j) or (kind(s, j) == "base" and s.area[j] == "base")):
                return "band two of your dice in play, e.g. 'band d3 d5'", R + "turn.band"
            for x in (i, j):
                if "band" not in face(s, x).symbols:
                    return f"{die_name(s, x)} shows no banding symbol", R + "symbols.banding"
                if s.band_changed[x] == UNBANDED:
                    return (
                        f"{die_name(s, x)} left its band this turn; that change holds until your next turn",
                        R + "turn.band",
                    )
            if seat != s.owners[i] or seat != s.owners[j]:
                return "you band your own dice only", R + "band.abilities"
            if place(s, i) != place(s, j):
                return "bands form among dice in the same area", R + "band.abilities"
        if verb in ("move", "attack", "shoot") and leader(s, members) != i:
            return (
                f"a band acts as one: name it by its lowest creature or item, "
                f"{die_label(leader(s, members))}",
                R + "band.abilities",
            )
        if verb in ("move", "attack", "shoot") and has_base(s, members) and seat != s.owners[i]:
            return "an ally's base dice are never yours to use", R + "alliances.command"
        if verb == "move" and has_base(s, members):
            return "a band holding a base die stays in the base: base dice never move", R + "dice.base"
        if verb == "move":
            if not ready_to_move(s, members):
                return (
                    f"{die_name(s, i)} has already acted this turn (one action: a move or an attack)",
                    R + "turn.actions",
                )
            if s.area[i] == "base" and args[1:] == ("arena",) and not may_exit(s, members):
                return (
                    f"{die_name(s, i)} can leave the base only through a door it stood on when the "
                    "Bones were rolled",
                    R + "areas.doors",
                )
            return "move a die to the other area: 'move d3 arena' or 'move d3 base'", R + "turn.move"
        if verb in ("attack", "shoot"):
            if not ready_to_attack(s, members):
                return (
                    f"{die_name(s, i)} has already acted this turn (one action: a move or an attack)",
                    R + "turn.actions",
                )
            if verb == "shoot" and not projectile(s, members):
                return (
                    f"{die_name(s, i)} has no projectile weapon: it fights hand to hand",
                    R + "battle.projectile",
                )
            t = _die(s, args[1]) if len(args) == 2 else None
            if t is None:
                return f"'{verb}' names the attacker and the target, e.g. '{verb} d3 d12'", R + "battle"
            if kind(s, t) == "magic":
                return f"{die_name(s, t)} is a magic die: magic dice are never attacked", R + "battle.targets"
            if t in members:
                return "a die never attacks itself or its own band", R + "battle.targets"
            if s.owners[t] == s.owners[i] != seat:
                return (f"{die_name(s, i)} is {seat_name(s.owners[i])}'s: an ally's dice are turned "
                        f"against him only if he grants it ('{seat_name(s.owners[i])} grant "
                        f"p{seat + 1}')", R + "alliances.command")
            if s.owners[t] == seat:
                return f"{die_name(s, t)} is on your own side", R + "battle.targets"
            if not in_play(s, t):
                return f"{die_name(s, t)} is not in play (it is in the {s.area[t]})", R + "battle.targets"
            if kind(s, t) == "base":
                if place(s, i)[0] != "arena":
                    return "a base is attacked from the arena", R + "areas.arena"
                door = base_targets(s, s.owners[t], members)[0]
                if door != s.bases[s.owners[t]][0]:  # a decoy shows its power
                    return (f"{die_name(s, door)} shows its decoy power: attacks on this base must go "
                            "to it", R + "powers.decoy")
                return f"attacks on a base hit its front door, {die_name(s, door)}", R + "battle.base_target"
            if kind(s, t) == "item" and not standing(s, t):
                return f"{die_name(s, t)} is carried: attack its creature", R + "stacking"
            if not reach(s, members, t):
                return (
                    f"{die_name(s, t)} is out of reach: attacks stay in one area or the next",
                    R + "areas.adjacent",
                )
        if verb == "step":
            if s.variant != "base":
                return "the arena game has no stacks to step onto", R + "turn.move"
            return (
                "step onto a base die or one of your items with nothing on it, or 'step d3 yard' "
                "to step off", R + "stacking",
            )
    if verb == "flash":
        return (
            "flash names a rack place whose die shows the flash symbol and can come into play",
            R + "flash.play",
        )
    if verb in ("propose", "break", "grant"):
        if not s.options.get("alliances"):
            return "alliances are an option of games of 3 or more (alliances=True)", R + "alliances"
        return (
            "propose one alliance a turn to a player you are not allied with; break one you have, "
            "or grant an ally the use of your dice against you",
            R + "alliances.propose",
        )
    return f"{act.label} is not a legal action now", R + "turn.actions"


def _why_asked(s: S, act: Action) -> tuple[str, str]:
    what = s.queue[0][0]
    rules = {
        "intercept": ("answer 'intercept' (the guard takes the attack) or 'hold'", "battle.intercept"),
        "flash": ("play a flash die ('flash r2') or 'pass'", "flash.play"),
        "enter": (
            "say where the die comes in: " + ", ".join(enter_options(s, act.seat, s.entering)),
            "turn.enter",
        ),
        "spill": ("say where the guard spills: 'spill arena' or 'spill base'", "battle.spill"),
        "rearrange": ("swap two base dice ('swap d4 d9') or 'done'", "battle.base_destroyed"),
        "alliance": ("answer 'accept' or 'decline'", "alliances.propose"),
        "claim": ("your base is complete: 'declare' it now or 'pass'", "goal.declare"),
    }
    text, rule = rules.get(what, ("answer the question asked", "turn"))
    return text, R + rule


def current_rule(s: S) -> str:
    if s.phase == "over":
        return s.ended or R + "goal"
    if s.queue:
        return {
            "intercept": R + "battle.intercept",
            "flash": R + "flash.play",
            "enter": R + "turn.enter",
            "spill": R + "battle.spill",
            "rearrange": R + "battle.base_destroyed",
            "alliance": R + "alliances.propose",
            "claim": R + "goal.declare",
        }.get(s.queue[0][0], R + "turn")
    return {"build": R + "turn.build", "arrange": R + "turn.arrange", "act": R + "turn.actions"}.get(
        s.phase, R + "turn"
    )


__all__ = ["dtype"]
