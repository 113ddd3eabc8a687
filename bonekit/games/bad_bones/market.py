"""The advanced game's Market: the shopping phase before round 1.

Every player holds 20 coins and a free treasure. A random first buyer opens the Market; one
purchase per turn, clockwise, then back counter-clockwise starting with the last player, and
so on, snaking, until everyone has passed (a pass is final: ruling bad_bones.advanced.ruling.market_pass).
A player who can afford nothing left is passed for automatically. Traps bought go to the
player's supply, the weapon card to ``Board.weapon``.

The Market's bookkeeping is one immutable ``Market`` value on the state, replaced at every
purchase or pass, so states that share it (copy-on-write) never see each other's changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.words import plural, short
from .board import components, item_words
from .moves import R, who
from .state import BadBonesState, Board, own

_RAW = components().raw
_MARKET = _RAW["market"]
TRAPS_ON_SALE: tuple[str, ...] = tuple(_MARKET["stock"]["1"])
"""The traps the Market sells, in the rulebook table's order."""
WEAPONS: tuple[str, ...] = tuple(_RAW["weapons"])
"""The eight weapon cards, in the kit data's order."""
ITEMS: tuple[str, ...] = TRAPS_ON_SALE + WEAPONS
COST: dict[str, int] = {**{k: _RAW["traps"][k]["cost"] for k in TRAPS_ON_SALE},
                        **{w: _RAW["weapons"][w]["cost"] for w in WEAPONS}}
COINS: int = _MARKET["coins"]
FREE: tuple[str, ...] = tuple(_MARKET["free"])
"""What every player gets for nothing (the treasure): their whole supply when shopping starts."""
_CHEAPEST = min(COST.values())


words = item_words
"""An item's name in words: ``ice_wand`` -> "ice wand" (``board.item_words``)."""


def stock_for(players: int) -> dict[str, int]:
    """What the Market holds at the start for ``players`` (1-6): the rulebook's table for the
    traps, and ``weapons_each`` card of every weapon."""
    if not 1 <= players <= 6:
        raise ValueError(f"the Market is stocked for 1 to 6 players, not {short(players)}")
    traps = dict(_MARKET["stock"][str(players)])
    return {**traps, **{w: _MARKET["weapons_each"] for w in WEAPONS}}


@dataclass(frozen=True, slots=True)
class Market:
    """Where the Market stands. ``order``: the seats clockwise from the first buyer; ``lap``
    counts the passes through it (even laps clockwise, odd laps counter-clockwise, starting
    with the seat that ended the previous lap) and ``turn`` is the position in the lap."""

    stock: tuple[int, ...]              # what is left of each of ITEMS
    coins: tuple[int, ...]
    bought: tuple[tuple[str, ...], ...]  # each seat's purchases, in order
    passed: tuple[bool, ...]
    order: tuple[int, ...]
    lap: int = 0
    turn: int = 0

    @property
    def buyer(self) -> int:
        """The seat whose turn it is (passed or not)."""
        return self.order[self.turn] if self.lap % 2 == 0 else self.order[-1 - self.turn]

    @property
    def clockwise(self) -> bool:
        return self.lap % 2 == 0

    def left(self, item: str) -> int:
        """How many of ``item`` are still for sale (0 for anything the Market does not sell)."""
        return self.stock[ITEMS.index(item)] if item in ITEMS else 0

    @property
    def open(self) -> bool:
        return not all(self.passed)


def is_advanced(state: BadBonesState) -> bool:
    """Whether ``state`` plays the advanced rules (the variant, or the solo game's option)."""
    return state.variant == "advanced" or bool(state.options.get("advanced"))


def can_buy(market: Market, board: Board, seat: int, item: str) -> bool:
    """Whether ``seat`` may buy ``item`` now, turn aside: in stock, affordable, and no second
    weapon."""
    return (market.left(item) > 0 and COST[item] <= market.coins[seat]
            and (item not in WEAPONS or board.weapon is None))


def _affordable(market: Market, board: Board, seat: int) -> bool:
    if market.coins[seat] < _CHEAPEST:
        return False
    return any(can_buy(market, board, seat, item) for item in ITEMS)


# ---- opening, turns and closing ---------------------------------------------------------------
def open_market(state: BadBonesState, events: list[Event] | None) -> None:
    """Stock the Market, hand out the coins, draw the first buyer and give them the turn."""
    n = state.players
    first = state.rng.sample(range(n), 1)[0]
    stock = stock_for(n)
    state.market = Market(tuple(stock[i] for i in ITEMS), (COINS,) * n, ((),) * n, (False,) * n,
                          tuple((first + k) % n for k in range(n)))
    state.phase = "market"
    if events is not None:
        order = "" if n == 1 else ", then clockwise and back counter-clockwise"
        events.append(Event("market", R + "market.order",
                            f"The Market opens: {COINS} coins each. {who(state, first)} is drawn to buy "
                            f"first{order}.", {"seat": first}))
    _settle(state, events, 0)


def _next(market: Market) -> Market:
    """The turn moves one place on; the end of a lap turns the direction around."""
    turn, lap = market.turn + 1, market.lap
    if turn == len(market.order):
        turn, lap = 0, lap + 1
    return replace(market, turn=turn, lap=lap)


def _settle(state: BadBonesState, events: list[Event] | None, lap: int) -> None:
    """Hand the turn to the next seat that can still buy, passing for those who cannot;
    close the Market once everyone has passed. ``lap``: the lap of the turn just taken (a
    new one is announced)."""
    m = state.market
    while m.open:
        seat = m.buyer
        if m.passed[seat]:
            m = _next(m)
            continue
        if not _affordable(m, state.boards[seat], seat):
            m = replace(m, passed=_set(m.passed, seat, True))
            if events is not None:
                events.append(Event("market_pass", R + "advanced.ruling.market_unaffordable",
                                    f"{who(state, seat)} cannot afford anything left with "
                                    f"{plural(m.coins[seat], 'coin')} and passes for good.",
                                    {"seat": seat, "auto": True}))
            m = _next(m)
            continue
        break
    state.market = m
    n = state.players
    if m.open:
        state.done = [s != m.buyer for s in range(n)]
        if events is not None and m.lap != lap and n > 1:
            way = "clockwise" if m.clockwise else "counter-clockwise"
            events.append(Event("market_turn", R + "market.order",
                                f"The order turns {way}: {who(state, m.buyer)} buys next.",
                                {"seat": m.buyer, "lap": m.lap}))
        return
    state.phase = "hero"
    state.done = [False] * n
    if events is not None:
        events.append(Event("market_closed", R + "market",
                            "Everyone has passed: the Market closes (coins left over are worth nothing)."))
        events.append(Event("round", R + "round", "Round 1 begins: everyone moves their hero."))


def _set(values: tuple, seat: int, value) -> tuple:
    return values[:seat] + (value,) + values[seat + 1:]


def apply(state: BadBonesState, action: Action, events: list[Event] | None) -> None:
    """Apply a legal Market action (``buy <item>`` or ``pass``) to ``state`` in place."""
    seat, m = action.seat, state.market
    if action.verb == "pass":
        m = replace(m, passed=_set(m.passed, seat, True))
        if events is not None:
            events.append(Event("market_pass", R + "market",
                                f"{who(state, seat)} passes and keeps {plural(m.coins[seat], 'coin')}; "
                                "that is their last turn at the Market.", {"seat": seat, "auto": False}))
    else:
        item = action.args[0]
        board = own(state, seat)
        if item in WEAPONS:
            board.weapon = item
        else:
            board.supply = sorted([*board.supply, item])
        i = ITEMS.index(item)
        coins = m.coins[seat] - COST[item]
        m = replace(m, stock=_set(m.stock, i, m.stock[i] - 1), coins=_set(m.coins, seat, coins),
                    bought=_set(m.bought, seat, (*m.bought[seat], item)))
        if events is not None:
            kind = "weapon card" if item in WEAPONS else "trap"
            events.append(Event("buy", R + ("market.weapons" if item in WEAPONS else "market"),
                                f"{who(state, seat)} buys the {words(item)} {kind} for "
                                f"{plural(COST[item], 'coin')} ({coins} left).",
                                {"seat": seat, "item": item, "cost": COST[item], "coins": coins}))
    state.market = _next(m)
    _settle(state, events, m.lap)


# ---- decisions ----------------------------------------------------------------------------------
@cache
def _actions(seat: int) -> tuple[Action, dict[str, Action]]:
    return Action(seat, "pass"), {item: Action(seat, "buy", (item,)) for item in ITEMS}


def legal_actions(state: BadBonesState, seat: int) -> list[Action]:
    """The buyer's choices: pass, then every item it may buy, in the Market's order."""
    m = state.market
    if seat != m.buyer:
        return []
    pass_, buys = _actions(seat)
    board = state.boards[seat]
    return [pass_, *(buys[item] for item in ITEMS if can_buy(m, board, seat, item))]


def is_legal(state: BadBonesState, action: Action) -> bool:
    """``action in legal_actions(...)``, decided directly."""
    m, seat, args = state.market, action.seat, action.args
    if seat != m.buyer:
        return False
    if action.verb == "pass":
        return not args
    return (action.verb == "buy" and len(args) == 1 and args[0] in COST
            and can_buy(m, state.boards[seat], seat, args[0]))


def why_illegal(state: BadBonesState, action: Action) -> tuple[str, str]:
    """Why the Market refuses ``action``: (message, rule id)."""
    m, seat, args = state.market, action.seat, action.args
    me, buyer = seat_name(seat), seat_name(m.buyer)
    if m.passed[seat]:
        return (f"{me} has passed; a pass at the Market is final (waiting for {buyer})",
                R + "advanced.ruling.market_pass")
    if seat != m.buyer:
        return (f"it is {buyer}'s turn at the Market, not {me}'s: one purchase per turn, "
                "clockwise, then back counter-clockwise", R + "market.order")
    how = f"at the Market {me} buys one thing or passes ('{me} buy wall', '{me} pass')"
    if action.verb not in ("buy", "pass") or (action.verb == "pass" and args) or len(args) != 1:
        return how, R + "market"
    item = args[0]
    if item in FREE:
        return (f"the {item} is not for sale: every player already has one, free",
                R + "setup.advanced")
    if item not in COST:
        return (f"the Market sells no {short(item)}; it sells "
                f"{', '.join(words(i) for i in ITEMS)}", R + "market")
    if m.left(item) == 0:
        return f"there is no {words(item)} left at the Market", R + "market"
    weapon = state.boards[seat].weapon
    if item in WEAPONS and weapon is not None:
        return (f"{me} already has the {words(weapon)}; a player may buy one weapon only",
                R + "market.weapons")
    return (f"the {words(item)} costs {plural(COST[item], 'coin')}; {me} has "
            f"{m.coins[seat]} left", R + "market")


# ---- words --------------------------------------------------------------------------------------
def stage(state: BadBonesState) -> tuple[str, str]:
    return "before round 1", "market"


def text_lines(state: BadBonesState) -> list[str]:
    """The Market on the text board: while it is open, the turn, the stock and every player's
    coins and purchases; once closed, the coins left and each player's weapon."""
    m = state.market
    if m is None:
        return []
    n = state.players
    if state.phase != "market":
        left = ", ".join(f"{seat_name(s)} {m.coins[s]}" for s in range(n))
        arms = ", ".join(f"{seat_name(s)} {words(state.boards[s].weapon or 'none')}" for s in range(n))
        return [f"Market closed · coins left (not points): {left} · weapons: {arms}"]
    way = "clockwise" if m.clockwise else "counter-clockwise"
    stock = ", ".join(f"{words(i)} {m.left(i)} ({COST[i]})" for i in ITEMS if m.left(i))
    lines = [f"Market · {seat_name(m.buyer)} to buy · lap {m.lap + 1}, {way}",
             f"  for sale (cost in coins): {stock or 'nothing'}"]
    for s in range(n):
        bought = ", ".join(words(i) for i in m.bought[s]) or "nothing yet"
        lines.append(f"  {seat_name(s)}: {plural(m.coins[s], 'coin')} · bought {bought}"
                     + (" · passed" if m.passed[s] else ""))
    return lines
