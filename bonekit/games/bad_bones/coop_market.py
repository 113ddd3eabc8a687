"""The advanced co-op game's Market (rule section bad_bones.coop.market): the team shops as one.

There are no turns. One purse holds 12 coins a player; while the Market is open any player may
buy from it, a trap for the team's supply or a weapon card for their own board (one each), and
passes (``P1 pass``) when they have finished; the Market closes once everyone is done (ruling
bad_bones.coop.ruling.team_shopping). The team's single treasure comes free, as in the basic
co-op supply. The stock is the advanced game's table for the number of players.

Labels: ``P1 buy wall``, ``P2 buy ice_wand``, ``P1 pass`` (finished shopping). The Market is
immutable and replaced.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.actions import Action, seat_name
from ...core.events import Event
from ...core.words import plural, short
from .board import components, item_words
from .market import COST, ITEMS, WEAPONS, stock_for
from .moves import R, who
from .state import BadBonesState, own

COINS_EACH: int = components().raw["coop"]["coins_per_player"]


@dataclass(frozen=True, slots=True)
class TeamMarket:
    """The co-op Market: what is left of each of ``ITEMS``, the shared purse, what each seat
    bought and who has finished shopping."""

    stock: tuple[int, ...]
    purse: int
    bought: tuple[tuple[str, ...], ...]
    done: tuple[bool, ...]

    team = True   # what tells it from the turn-taking Market (not a field)

    def left(self, item: str) -> int:
        return self.stock[ITEMS.index(item)] if item in ITEMS else 0

    @property
    def open(self) -> bool:
        return not all(self.done)


def open_team_market(state: BadBonesState, events: list[Event] | None) -> None:
    """Stock the Market for the table and fill the team's purse."""
    n = state.players
    stock = stock_for(n)
    state.market = TeamMarket(tuple(stock[i] for i in ITEMS), COINS_EACH * n, ((),) * n, (False,) * n)
    state.phase = "market"
    state.done = [False] * n
    if events is not None:
        events.append(Event("market", R + "coop.market",
                            f"The Market opens for the team: one purse of {COINS_EACH * n} coins "
                            f"({COINS_EACH} a player). Anyone may buy at any time, and passes when "
                            "finished."))


def can_buy(state: BadBonesState, seat: int, item: str) -> bool:
    m = state.market
    return (m.left(item) > 0 and COST[item] <= m.purse
            and (item not in WEAPONS or state.boards[seat].weapon is None))


def legal_actions(state: BadBonesState, seat: int) -> list[Action]:
    if state.market.done[seat]:
        return []
    return [Action(seat, "buy", (item,)) for item in ITEMS if can_buy(state, seat, item)] + [
        Action(seat, "pass")]


def is_legal(state: BadBonesState, action: Action) -> bool:
    seat = action.seat
    if state.market.done[seat]:
        return False
    if action.verb == "pass":
        return not action.args
    return action.verb == "buy" and len(action.args) == 1 and can_buy(state, seat, action.args[0])


def why_illegal(state: BadBonesState, action: Action) -> tuple[str, str]:
    m, seat, who_ = state.market, action.seat, seat_name(action.seat)
    rule = R + "coop.market"
    if m.done[seat]:
        return f"{who_} has finished shopping; the others may still buy", R + "coop.ruling.team_shopping"
    if action.verb != "buy" or len(action.args) != 1:
        return f"at the team's Market {who_} buys ('{who_} buy wall') or finishes ('{who_} pass')", rule
    item = action.args[0]
    if item not in ITEMS:
        return f"the Market sells no {short(item)}", rule
    if m.left(item) == 0:
        return f"no {item_words(item)} is left at the Market", rule
    if COST[item] > m.purse:
        return (f"the {item_words(item)} costs {COST[item]} coins and the team's purse holds {m.purse}",
                rule)
    return f"{who_} already holds a weapon card: one each", R + "market.weapons"


def apply(state: BadBonesState, action: Action, events: list[Event] | None) -> None:
    m, seat = state.market, action.seat
    if action.verb == "pass":
        done = list(m.done)
        done[seat] = True
        state.market = replace(m, done=tuple(done))
        flags = list(state.done)
        flags[seat] = True
        state.done = flags
        if events is not None:
            events.append(Event("pass", R + "coop.ruling.team_shopping",
                                f"{who(state, seat)} has finished shopping.", {"seat": seat}))
        return
    item = action.args[0]
    i = ITEMS.index(item)
    stock = list(m.stock)
    stock[i] -= 1
    bought = list(m.bought)
    bought[seat] = (*bought[seat], item)
    state.market = replace(m, stock=tuple(stock), purse=m.purse - COST[item], bought=tuple(bought))
    if item in WEAPONS:
        own(state, seat).weapon = item
        where = f"the {item_words(item)} for {who(state, seat)}'s board"
    else:
        state.shared = sorted([*state.shared, item])
        where = f"a {item_words(item)} for the team's supply"
    if events is not None:
        events.append(Event("buy", R + "coop.market",
                            f"{who(state, seat)} buys {where} ({COST[item]} coins); the purse holds "
                            f"{plural(state.market.purse, 'coin')}.", {"seat": seat, "item": item}))


def text_lines(state: BadBonesState) -> list[str]:
    m = state.market
    if not isinstance(m, TeamMarket) or not m.open:
        return []
    stock = ", ".join(f"{item_words(i)} {m.left(i)}×{COST[i]}" for i in ITEMS if m.left(i))
    shoppers = ", ".join(seat_name(s) for s in range(state.players) if not m.done[s])
    return [f"The team's Market: purse {m.purse} coins · still shopping: {shoppers}",
            f"  for sale (left × coins): {stock}"]
