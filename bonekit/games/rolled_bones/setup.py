"""Setting up a game of Rolled Bones: the bags, the dice, the first racks, the first player.

Options: ``base`` (base dice needed to win, 6), ``bags`` (one per seat: a starter bag's name or
a ``{D'Code: count}`` of the player's own, within the minimums), ``first`` (the seat that
starts, e.g. the last game's winner; otherwise a Bones roll-off), ``alliances`` (3+ players),
``max_rounds`` (a kit safety stop), ``script`` (scripted chance, see ``chance``), ``names``.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import seat_name, seat_option
from ...core.events import Event
from ...core.options import names_option, unknown_options
from ...core.rng import Rng
from ...core.words import plural, short
from . import chance
from .data import KINDS, components, die_type
from .state import RolledBonesState, flags, numbers

R = "rolled_bones."
OPTIONS = {"base", "bags", "first", "alliances", "max_rounds", "script", "names"}
PLAYERS = (2, 3, 4, 5, 6)
DEFAULT_BAGS = ("keep", "raid")  # seats take them in turn unless ``bags`` says otherwise


def check_bag(bag: dict[str, int], base_size: int, who: str) -> None:
    """Refuse a bag outside the kit's minimum Chaos Bag requirements (a kit ruling)."""
    rules = components().bag_rules
    dice = components().dice
    for code, n in bag.items():
        if code not in dice:
            raise ValueError(
                f"{who}'s bag names {short(code)}, which is no die of the kit "
                f"(dice: {', '.join(dice)}) [rule {R}setup.bags]"
            )
        if type(n) is not int or n < 0:
            raise ValueError(f"{who}'s bag must count each die with a whole number, not {short(n)}")
    count = {k: sum(n for c, n in bag.items() if dice[c].kind == k) for k in KINDS}
    total = sum(count.values())
    need_base = base_size + rules["min_base_over_size"]
    problems = []
    if count["base"] < need_base:
        problems.append(f"at least {plural(need_base, 'base die', 'base dice')} (it has {count['base']})")
    if count["creature"] < rules["min_creatures"]:
        problems.append(f"at least {rules['min_creatures']} creature dice (it has {count['creature']})")
    if not rules["min_dice"] <= total <= rules["max_dice"]:
        problems.append(f"{rules['min_dice']} to {rules['max_dice']} dice in all (it has {total})")
    if problems:
        raise ValueError(f"{who}'s bag needs " + "; ".join(problems) + f" [rule {R}setup.bags]")


def _bags(players: int, option: Any, base_size: int) -> list[dict[str, int]]:
    starters = components().starter_bags
    if option is None:
        option = [DEFAULT_BAGS[s % 2] for s in range(players)]
    if not isinstance(option, (list, tuple)) or len(option) != players:
        raise ValueError(f"bags must list one bag per player ({players}), not {short(option)}")
    out = []
    for seat, bag in enumerate(option):
        if isinstance(bag, str):
            if bag not in starters:
                raise ValueError(
                    f"no starter bag {short(bag)}; starter bags: {', '.join(starters)} [rule {R}setup.bags]"
                )
            bag = starters[bag]
        if not isinstance(bag, dict):
            raise ValueError(f"a bag is a starter bag's name or a {{D'Code: count}} dict, not {short(bag)}")
        check_bag(bag, base_size, seat_name(seat))
        out.append(dict(bag))
    return out


def _script(option: Any, players: int) -> dict[str, dict[str, list]]:
    if option is None:
        return {}
    if not isinstance(option, dict):
        raise ValueError(f"script must map seats ('P1') to their scripted chance, not {short(option)}")
    out: dict[str, dict[str, list]] = {}
    for who, parts in option.items():
        seat = seat_option(who, players, "a script's seat")
        if not isinstance(parts, dict) or set(parts) - {"bones", "draws", "faces"}:
            raise ValueError(f"a seat's script has 'bones', 'draws' and 'faces' lists, not {short(parts)}")
        for kind, items in parts.items():
            ok = isinstance(items, (list, tuple)) and all(
                (type(x) is int and 1 <= x <= 6)
                if kind != "draws"
                else (isinstance(x, str) and x in components().dice)
                for x in items
            )
            if not ok:
                raise ValueError(
                    f"{seat_name(seat)}'s scripted {kind} must be "
                    + ("D'Codes of kit dice" if kind == "draws" else "rolls from 1 to 6")
                    + f", not {short(items)} [rule {R}script]"
                )
        out[seat_name(seat)] = {k: list(v) for k, v in parts.items()}
    return out


def new_state(
    players: int, variant: str, seed: int, options: dict[str, Any], events: list[Event] | None
) -> RolledBonesState:
    """A new game, set up: its events go to ``events`` (None: none are made)."""
    unknown_options(options, OPTIONS, f" for Rolled Bones ({variant})")
    if type(players) is not int or players not in PLAYERS:
        raise ValueError(f"Rolled Bones is for 2 to 6 players, not {short(players)} [rule {R}setup]")
    if type(seed) is not int:
        raise ValueError(f"seed must be an integer, not {short(seed)}")
    names = names_option(options.get("names"), players)
    base_size = options.get("base", components().base_size)
    if type(base_size) is not int or not 1 <= base_size <= 12:
        raise ValueError(f"base must be a whole number of base dice from 1 to 12, not {short(base_size)}")
    if type(options.get("alliances", False)) is not bool:
        raise ValueError(f"alliances must be True or False, not {short(options['alliances'])}")
    if options.get("alliances") and players < 3:
        raise ValueError(f"alliances need 3 or more players [rule {R}alliances]")
    max_rounds = options.get("max_rounds", 100)
    if type(max_rounds) is not int or not 1 <= max_rounds <= 1000:
        raise ValueError(f"max_rounds must be a whole number from 1 to 1000, not {short(max_rounds)}")
    first = seat_option(options["first"], players, "first") if "first" in options else -1
    if variant == "arena":
        if "bags" in options:
            raise ValueError(
                f"the arena game has no bags: every player starts with the arena dice [rule {R}arena.rack]"
            )
        bags = [{c: 1 for c in components().arena_dice} for _ in range(players)]
    else:
        bags = _bags(players, options.get("bags"), base_size)
    codes: list[str] = []
    owners: list[int] = []
    for seat, bag in enumerate(bags):
        for code in sorted(bag):
            codes += [code] * bag[code]
            owners += [seat] * bag[code]
    n = len(codes)
    state = RolledBonesState(
        players=players,
        variant=variant,
        seed=seed,
        names=names,
        options=dict(options),
        rng=Rng(seed),
        base_size=base_size,
        codes=tuple(codes),
        owners=tuple(owners),
        area=["bag"] * n,
        face=flags(n),
        on=numbers(n, -1),
        amount=numbers(n, 0),
        band=numbers(n, -1),
        acted=flags(n),
        door_at_roll=flags(n),
        stepped=flags(n),
        band_changed=flags(n),
        bags=[[i for i in range(n) if owners[i] == s] for s in range(players)],
        racks=[[] for _ in range(players)],
        bases=[[] for _ in range(players)],
        script=_script(options.get("script"), players),
        declared=[-1] * players,
        completed=[-1] * players,
        kills=[0] * players,
    )
    if events is not None:
        for seat, bag in enumerate(bags):
            shown = ", ".join(
                f"{k} {die_type(k).name}" + (f" ×{v}" if v > 1 else "") for k, v in sorted(bag.items())
            )
            events.append(
                Event(
                    "bag",
                    R + ("arena.rack" if variant == "arena" else "setup.bags"),
                    f"{seat_name(seat)}'s dice: {shown}.",
                    {"seat": seat, "bag": dict(bag)},
                )
            )
    for seat in range(players):
        _first_rack(state, seat, events)
    state.first = first if first >= 0 else _roll_off(state, events)
    if first >= 0 and events is not None:
        events.append(
            Event("first", R + "goal.next_game", f"{seat_name(first)} starts, as agreed.", {"seat": first})
        )
    return state


def _first_rack(state: RolledBonesState, seat: int, events: list[Event] | None) -> None:
    rule = R + ("arena.rack" if state.variant == "arena" else "setup.first_rack")
    while True:
        drawn, scripted = chance.draw(state, seat, components().rack_size)
        if state.variant == "arena":
            drawn.sort()  # the arena dice start in the kit's order
        state.racks[seat] = drawn
        for i in drawn:
            state.area[i] = "rack"
        if events is not None:
            events.append(
                Event(
                    "draw",
                    rule,
                    f"{seat_name(seat)} draws {plural(len(drawn), 'die', 'dice')}"
                    + (" (scripted)" if scripted else "")
                    + ".",
                    {"seat": seat, "dice": tuple(drawn), "scripted": scripted},
                )
            )
        chance.roll_dice(state, drawn, rule, events, "into the rack")
        if state.variant == "arena" or any(die_type(state.codes[i]).kind == "base" for i in drawn):
            return
        if events is not None:
            events.append(
                Event(
                    "redraw",
                    rule,
                    f"{seat_name(seat)}'s first rack has no base die: the dice go "
                    "back and six more are drawn.",
                    {"seat": seat},
                )
            )
        for i in drawn:
            state.area[i] = "bag"
            state.face[i] = 0
        state.bags[seat] = sorted(state.bags[seat] + drawn)
        state.racks[seat] = []


def _roll_off(state: RolledBonesState, events: list[Event] | None) -> int:
    """Everyone rolls the Bones; the lowest starts; tied lowest roll again."""
    rolling = list(range(state.players))
    while True:
        rolls = {
            s: chance.bones(state, s, "the first player", R + "setup.first_player", events) for s in rolling
        }
        low = min(rolls.values())
        rolling = [s for s in rolling if rolls[s] == low]
        if len(rolling) == 1:
            if events is not None:
                events.append(
                    Event(
                        "first",
                        R + "setup.first_player",
                        f"{seat_name(rolling[0])} rolled lowest ({low}) and goes first.",
                        {"seat": rolling[0]},
                    )
                )
            return rolling[0]
        if events is not None:
            events.append(
                Event(
                    "tie",
                    R + "setup.first_player",
                    f"{' and '.join(seat_name(s) for s in rolling)} tie on {low} and roll again.",
                    {"seats": tuple(rolling)},
                )
            )
