"""The advanced Bad Bones game's Market as a Scene (``phase == "market"``, before round 1).

The picture shows the stock: each trap on sale as its tile, each weapon as a card with its
effect, with its cost in coins and how many are left; then one row per player with their
coins, what they bought (after the free treasure) and whether they are buying now, waiting or
have passed. The buyer clicks a trap or a weapon to buy it, or the pass button. Every item is a
real label (``P1 buy wall``): the ones the buyer may buy are outlined, and a click on another
is still sent so that the engine says why not (too dear, sold out, a second weapon). Words
carry every state (``sold out``, ``can't afford``, ``passed``), never colour alone.

Given the state one step before, the picture marks what the step changed: the item bought (in
the stock and in the buyer's row) and the players who passed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from bonekit.core.actions import seat_name
from bonekit.core.words import plural
from bonekit.games.bad_bones import BadBones, BadBonesState
from bonekit.games.bad_bones.coop_market import TeamMarket
from bonekit.games.bad_bones.market import COINS, COST, FREE, ITEMS, TRAPS_ON_SALE, WEAPONS, Market

from ..scene import Rect, Scene, Text
from . import access
from .access import Entry, describe
from .bad_bones import (
    ACTIVE_EDGE,
    ACTIVE_INK,
    BOARD_BG,
    CELL,
    CELL_EDGE,
    GAP,
    HEADER,
    INK,
    LEGAL_EDGE,
    LEGEND,
    LOSS_INK,
    MUTED,
    NEW_TRAPS,
    OWING_BG,
    PAPER,
    STRIP_BG,
    WEAPON_EDGE,
    WEAPON_ENTRY,
    WEAPON_INK,
    _button,
    _fit,
    _trap,
    _trap_icon,
    _wrap,
    layout,
    weapon_effect,
    weapon_glyph,
    weapon_name,
)

MIN_WIDTH = 900
CARD_H = 112          # a trap's card in the stock
WEAPON_ROW = 54       # a weapon's row in the stock (two columns)
PLAYER_ROW = 44       # a player's row
SOLD_FILL = "#ece7df"  # an item no longer for sale: greyed, and the words "sold out"
TRAP_SECTION = HEADER + 26
WEAPON_SECTION = TRAP_SECTION + CARD_H + 30


def item_words(item: str) -> str:
    """An item of the Market in words: "ice wand", "two-handed sword", "wall"."""
    return weapon_name(item)


def geometry(players: int) -> dict:
    """Where everything lies: the scene's width, the trap cards, the weapon rows, the player
    rows and the top of the legend band (all in pixels)."""
    width = max(layout(players)[1], MIN_WIDTH)
    inner = width - 2 * GAP
    n = len(TRAPS_ON_SALE)
    cw = (inner - (n - 1) * 8) / n
    cards = {k: (GAP + i * (cw + 8), TRAP_SECTION + 10, cw, CARD_H) for i, k in enumerate(TRAPS_ON_SALE)}
    col = (inner - GAP) / 2
    per_col = math.ceil(len(WEAPONS) / 2)
    rows = {w: (GAP + (i // per_col) * (col + GAP), WEAPON_SECTION + 10 + (i % per_col) * (WEAPON_ROW + 6),
                col, WEAPON_ROW) for i, w in enumerate(WEAPONS)}
    players_y = WEAPON_SECTION + 10 + per_col * (WEAPON_ROW + 6) + 22
    seats = [(GAP, players_y + 10 + p * (PLAYER_ROW + 6), inner, PLAYER_ROW) for p in range(players)]
    bottom = players_y + 10 + players * (PLAYER_ROW + 6)
    return {"width": int(math.ceil(width)), "cards": cards, "weapons": rows, "players_y": players_y,
            "seats": seats, "bottom": bottom}


def item_box(players: int, item: str) -> tuple[float, float, float, float]:
    """The stock's card (trap) or row (weapon) of ``item``."""
    geo = geometry(players)
    return geo["cards"].get(item) or geo["weapons"][item]


def pass_box(players: int, seat: int) -> tuple[float, float, float, float]:
    """The pass button in ``seat``'s row."""
    x, y, w, h = geometry(players)["seats"][seat]
    return x + w - 8 - 80, y + (h - 24) / 2, 80, 24


def purchase_box(players: int, seat: int, i: int) -> tuple[float, float, float, float]:
    """The i-th thing in ``seat``'s row: the free treasure first, then the purchases in order."""
    x, y, w, h = geometry(players)["seats"][seat]
    return x + 330 + i * 34, y + (h - 28) / 2, 28, 28


def legend_for(s: BadBonesState) -> list[Entry]:
    """The Market's key: the tiles on sale, the weapon card, the click outline and the marks."""
    basic = ("wall", "catapult", "dragon", "treasure")
    new = [k for k in NEW_TRAPS if k in TRAPS_ON_SALE]
    by_text = {e.text: e for e in LEGEND}
    return [
        Entry("traps: " + ", ".join(basic), access.icons(*(_trap_icon(k) for k in basic), step=25), 96),
        Entry("advanced traps: " + ", ".join(new), access.icons(*(_trap_icon(k) for k in new), step=25),
              25 * len(new) - 4),
        WEAPON_ENTRY,
        by_text["you may click there"],
        access.CHANGE_ENTRIES["box"],
    ]


@dataclass(frozen=True)
class TeamView:
    """The co-op team's Market read as the turn-taking Market the picture draws: every player
    "buys now" (no turns), each row shows the shared purse, and a pass is being done."""

    market: TeamMarket
    clicker: int | None

    team = True
    clockwise = True
    lap = 0

    @property
    def stock(self) -> tuple[int, ...]:
        return self.market.stock

    @property
    def bought(self) -> tuple[tuple[str, ...], ...]:
        return self.market.bought

    @property
    def passed(self) -> tuple[bool, ...]:
        return self.market.done

    @property
    def done(self) -> tuple[bool, ...]:   # what the engine's own checks read
        return self.market.done

    @property
    def purse(self) -> int:
        return self.market.purse

    @property
    def coins(self) -> tuple[int, ...]:
        return (self.market.purse,) * len(self.market.done)

    @property
    def buyer(self) -> int:
        """The clicking seat, else the first one still shopping (for the highlight only)."""
        if self.clicker is not None:
            return self.clicker
        return next((p for p, done in enumerate(self.market.done) if not done), 0)

    def left(self, item: str) -> int:
        return self.market.left(item)


def _team(s: BadBonesState) -> bool:
    return bool(getattr(s.market, "team", False))


def render(game: BadBones, s: BadBonesState, seat: int | None = None, active: int | None = None,
           previous: BadBonesState | None = None) -> Scene:
    """The Market of ``s`` (already the view of ``seat``); ``active`` clicks if it is the buyer.
    The co-op team's Market is drawn the same way through a ``TeamView``."""
    if isinstance(s.market, TeamMarket):
        clicker = active if active is not None and active in game.to_move(s) else None
        s = replace(s, market=TeamView(s.market, clicker))
        if previous is not None and isinstance(previous.market, TeamMarket):
            previous = replace(previous, market=TeamView(previous.market, None))
    m = s.market
    geo = geometry(s.players)
    legend = legend_for(s)
    width = geo["width"]
    height = int(geo["bottom"] + access.legend_height(legend, width - 2 * GAP) + 12)
    who = "all-seeing view" if seat is None else f"view of {seat_name(seat)}"
    scene = Scene(width, height, background=PAPER, title=f"Bad Bones, the Market before round 1, {who}")
    clicker = active if active is not None and active in game.to_move(s) else None
    legal = {a.label for a in game.legal_actions(s, clicker)} if clicker is not None else set()
    _header(s, scene, clicker)
    board = s.boards[clicker] if clicker is not None else None
    scene.add(Text(GAP, TRAP_SECTION, "Traps for sale: cost in coins, how many are left", 13, INK, bold=True))
    for kind in TRAPS_ON_SALE:
        _trap_card(s, scene, geo["cards"][kind], kind, clicker, board, legal)
    scene.add(Text(GAP, WEAPON_SECTION, "Weapon cards: one per player at most", 13, INK, bold=True))
    for weapon in WEAPONS:
        _weapon_row(game, s, scene, geo["weapons"][weapon], weapon, clicker, board, legal)
    scene.add(Text(GAP, geo["players_y"], "Players: coins, what they bought, whose turn", 13, INK, bold=True))
    for p in range(s.players):
        _player_row(s, scene, geo["seats"][p], p, seat, clicker, legal)
    before = previous.market if previous is not None and previous.phase == "market" else None
    changes = changes_since(before, m) if before is not None else []
    for kind, p, item in changes:
        _mark(s, scene, kind, p, item)
    access.draw_legend(scene, legend, GAP, height - access.legend_height(legend, width - 2 * GAP) - 4,
                       width - 2 * GAP)
    scene.description = description(s, changes)
    return scene


def _header(s: BadBonesState, scene: Scene, clicker: int | None) -> None:
    m = s.market
    mode = "solo game, advanced" if s.variant == "solo" else f"{s.players} players"
    way = "clockwise" if m.clockwise else "counter-clockwise"
    order = "" if s.players == 1 else f" · lap {m.lap + 1}, {way}"
    rule = (f"The team shops together from one purse of {m.coins[0]} coins, no turns: traps for the team's "
            "supply, one weapon per player" if _team(s) else
            f"Buy traps and at most one weapon with {COINS} coins, one purchase a turn; "
            f"{seat_name(m.buyer)} buys now{order}")
    scene.add(Text(GAP, 16, f"Bad Bones · {mode} · the Market, before round 1", 16, INK, bold=True),
              Text(GAP, 38, _fit(rule, scene.width - 2 * GAP, 13), 13, INK))
    if clicker is not None:
        hint = (f"{seat_name(clicker)}: click a trap or weapon outlined in green to buy it, or ‘pass’ "
                "(a pass is final: you buy nothing more).")
        scene.add(Text(GAP, 56, _fit(hint, scene.width - 2 * GAP, 12), 12, ACTIVE_INK, bold=True))
    elif _team(s):
        shopping = ", ".join(seat_name(p) for p in range(s.players) if not m.passed[p])
        scene.add(Text(GAP, 56, f"still shopping: {shopping}", 12, MUTED))
    else:
        scene.add(Text(GAP, 56, f"waiting for {seat_name(m.buyer)}", 12, MUTED))


def _refusal(m: Market, board, seat: int, item: str) -> str:
    """Why ``seat`` may not buy ``item`` now, in two or three words ("" if it may)."""
    if m.left(item) == 0:
        return ""   # the card says "sold out" already
    if item in WEAPONS and board.weapon is not None:
        return "one weapon only"
    if COST[item] > m.coins[seat]:
        return "can't afford"
    return ""


def _offer(scene: Scene, box, label: str, legal: set[str], tip: str) -> None:
    """A stock item the buyer may click: outlined if the engine allows the buy."""
    x, y, w, h = box
    if label in legal:
        scene.add(Rect(x + 2, y + 2, w - 4, h - 4, None, LEGAL_EDGE, 2.5, 5))
    scene.hit(x, y, w, h, label, tip)


def _trap_card(s: BadBonesState, scene: Scene, box, kind: str, clicker: int | None, board,
               legal: set[str]) -> None:
    m = s.market
    x, y, w, h = box
    left = m.left(kind)
    scene.add(Rect(x, y, w, h, CELL if left else SOLD_FILL, CELL_EDGE, 1.2, 6))
    t = 40
    _trap(scene, (x + (w - t) / 2, y + 6, t, t), kind, False, "/" if kind == "wall" else None)
    scene.add(Text(x + w / 2, y + 58, item_words(kind), 12, INK, "middle"),
              Text(x + w / 2, y + 74, f"cost {COST[kind]}", 12, INK, "middle", True))
    if left:
        scene.add(Text(x + w / 2, y + 90, f"{left} left", 12, INK, "middle"))
    else:
        scene.add(Text(x + w / 2, y + 90, "sold out", 12, LOSS_INK, "middle", True))
    if clicker is not None:
        why = _refusal(m, board, clicker, kind)
        if why:
            scene.add(Text(x + w / 2, y + 104, why, 12, LOSS_INK, "middle"))
        _offer(scene, box, f"{seat_name(clicker)} buy {kind}", legal,
               f"buy the {item_words(kind)} for {plural(COST[kind], 'coin')}")


def _weapon_row(game: BadBones, s: BadBonesState, scene: Scene, box, weapon: str, clicker: int | None,
                board, legal: set[str]) -> None:
    m = s.market
    x, y, w, h = box
    left = m.left(weapon)
    owner = next((p for p in range(s.players) if s.boards[p].weapon == weapon), None)
    scene.add(Rect(x, y, w, h, STRIP_BG if left else SOLD_FILL, WEAPON_EDGE if left else CELL_EDGE, 1.2, 6))
    weapon_glyph(scene, x + 6, y + 7, 26, h - 14)
    stock = f"cost {COST[weapon]} · {left} left" if left else (
        f"cost {COST[weapon]} · sold to {seat_name(owner)}" if owner is not None else "sold out")
    scene.add(Text(x + 40, y + 13, weapon_name(weapon), 12, WEAPON_INK, bold=True),
              Text(x + w - 8, y + 13, stock, 12, INK if left else LOSS_INK, "end", True))
    why = _refusal(m, board, clicker, weapon) if clicker is not None else ""
    if why:
        scene.add(Text(x + w - 8 - 0.62 * 12 * len(stock) - 10, y + 13, why, 12, LOSS_INK, "end"))
    for i, line in enumerate(_wrap(weapon_effect(game, weapon), w - 50, 11, 2)):
        scene.add(Text(x + 40, y + 29 + 13 * i, line, 12, INK))
    if clicker is not None:
        _offer(scene, box, f"{seat_name(clicker)} buy {weapon}", legal,
               f"buy the {weapon_name(weapon)} for {plural(COST[weapon], 'coin')}: "
               f"{weapon_effect(game, weapon)}")


def _player_row(s: BadBonesState, scene: Scene, box, p: int, viewer: int | None, clicker: int | None,
                legal: set[str]) -> None:
    m = s.market
    x, y, w, h = box
    buying = p == m.buyer
    scene.add(Rect(x, y, w, h, OWING_BG if buying else BOARD_BG, ACTIVE_EDGE if buying else "#cbbfa8",
                   3 if buying else 1.2, 6))
    name = seat_name(p) if s.names[p] == seat_name(p) else f"{seat_name(p)} {s.names[p]}"
    if viewer == p:
        name += " (you)"
    if m.passed[p]:
        status, ink = "passed: done shopping", MUTED
    elif _team(s):
        status, ink = "shopping", ACTIVE_INK if buying else INK
    elif buying:
        status, ink = "buying now", ACTIVE_INK
    else:
        status, ink = "waiting for a turn", MUTED
    scene.add(Text(x + 10, y + 15, _fit(name, 170, 13), 13, INK, bold=True),
              Text(x + 10, y + 32, status, 12, ink, bold=buying and not m.passed[p]),
              Text(x + 200, y + h / 2, plural(m.coins[p], "coin") + ("" if _team(s) else " left"),
                   13, INK, bold=True),
              Text(x + 322, y + h / 2, "has", 12, MUTED, "end"))
    things = [*m.bought[p]] if _team(s) else [*FREE, *m.bought[p]]   # the team's treasure is shared
    for i, item in enumerate(things):
        bx, by, bw, bh = purchase_box(s.players, p, i)
        if item in WEAPONS:
            weapon_glyph(scene, bx + 4, by, bw - 8, bh)
        else:
            _trap(scene, (bx, by, bw, bh), item, False, "/" if item == "wall" else None)
    end = purchase_box(s.players, p, len(things))[0]
    weapon = s.boards[p].weapon
    said = f"weapon: {weapon_name(weapon)}" if weapon else ""
    if not m.bought[p]:
        said = "nothing bought yet" if _team(s) else "the free treasure; nothing bought yet"
    if said:
        scene.add(Text(end + 2, y + h / 2, said, 12, INK))
    if p == clicker:
        label = f"{seat_name(p)} pass"
        _button(scene, pass_box(s.players, p), "pass", label,
                "buy nothing more: a pass at the Market is final", strong=label in legal)


# ---- what the last step changed ------------------------------------------------------------------
def changes_since(before: Market, after: Market) -> list[tuple[str, int, str]]:
    """("buy", seat, item) and ("pass", seat, "") for every purchase and pass between two
    Market states a step apart."""
    out = []
    for p in range(len(after.coins)):
        for item in after.bought[p][len(before.bought[p]):]:
            out.append(("buy", p, item))
        if after.passed[p] and not before.passed[p]:
            out.append(("pass", p, ""))
    return out


def _mark(s: BadBonesState, scene: Scene, kind: str, p: int, item: str) -> None:
    if kind == "buy":
        access.box(scene, *item_box(s.players, item), 2, 7)
        i = (0 if _team(s) else len(FREE)) + s.market.bought[p].index(item)
        access.box(scene, *purchase_box(s.players, p, i), 2, 4)
    else:
        x, y, _, h = geometry(s.players)["seats"][p]
        access.box(scene, x + 6, y + h / 2 + 1, 150, 16, 1, 4)


def description(s: BadBonesState, changes: list[tuple[str, int, str]] = ()) -> str:
    """The Market in words: whose turn, the stock, each player's coins and purchases, and what
    the last step changed."""
    m = s.market
    mode = "solo game, advanced" if s.variant == "solo" else f"{s.players} players"
    turning = "clockwise" if m.clockwise else "counter-clockwise"
    way = "" if s.players == 1 else f" (lap {m.lap + 1}, {turning})"
    stock = ", ".join(f"{item_words(i)} {m.left(i)} at {COST[i]}" for i in ITEMS if m.left(i)) or "nothing"
    rows = []
    for p in range(s.players):
        bought = ", ".join(item_words(i) for i in m.bought[p]) or "nothing yet"
        purse = "" if _team(s) else f"{plural(m.coins[p], 'coin')} left, "
        rows.append(f"{seat_name(p)}: {purse}bought {bought}" + (", passed" if m.passed[p] else ""))
    said = [f"{seat_name(p)} bought the {item_words(item)}" if kind == "buy" else f"{seat_name(p)} passed"
            for kind, p, item in changes]
    turn = (f"the team shops together, no turns, from one purse of {plural(m.coins[0], 'coin')}" if _team(s)
            else f"{seat_name(m.buyer)} buys now{way}")
    return describe(f"Bad Bones, {mode}, the Market before round 1",
                    turn, f"for sale (coins): {stock}", *rows,
                    "last step: " + "; ".join(said) if said else "")

