"""Pieces of Bone to Pick's pictures drawn the same way in the base game (bone_to_pick.py) and in
the solo and co-op games (bone_to_pick_modes.py): the colours, card backs and piles, the undead
card, the Haven with its damage row, the last attack, the seat rows' frames.

Each picture keeps its own sizes and positions: the undead card and the Haven take a layout
(``UndeadLayout``, ``HavenLayout``) that the picture defines.
"""
from __future__ import annotations

from dataclasses import dataclass

from bonekit.core.actions import seat_name
from bonekit.games.bone_to_pick.text import viewer_name

from ..scene import Circle, Line, Polygon, Rect, Scene, Text

LEVEL_FILL = {"easy": "#cfe8c4", "medium": "#f5e3a3", "hard": "#d9c4ea"}
LEVEL_EDGE = {"easy": "#3d8b37", "medium": "#b7950b", "hard": "#7d3c98"}
SKULLS = {"easy": 1, "medium": 2, "hard": 3}
INK, MUTED, BACK = "#222", "#777", "#5d4037"
BACK_EDGE, BACK_CROSS = "#3e2723", "#8d6e63"
GOOD, BAD = "#1e8449", "#922b21"
PAPER = "#fbf8f1"  # the page behind the whole picture


def new_scene(width: int, height: int, title: str, seat: int | None) -> Scene:
    """An empty picture whose title ends with who is looking."""
    return Scene(width, height, title=f"{title}, {viewer_name(seat)}", background=PAPER)


def board(scene: Scene, width: float, height: float, title: str, subtitle: str,
          title_size: float, subtitle_y: float) -> None:
    """The enemy board's band with the game's title and a line under it."""
    scene.add(Rect(6, 6, width - 12, height, "#efe6d2", "#a1887f", 1.5, 8),
              Text(18, 22, title, title_size, INK, bold=True),
              Text(18, subtitle_y, subtitle, 12, MUTED))


def card_back(scene: Scene, x: float, y: float, w: float, h: float, inset: float,
              radius: float) -> None:
    """A face-down card: brown with a cross."""
    scene.add(Rect(x, y, w, h, BACK, BACK_EDGE, 1, radius),
              Line(x + inset, y + inset, x + w - inset, y + h - inset, BACK_CROSS, 1.5),
              Line(x + w - inset, y + inset, x + inset, y + h - inset, BACK_CROSS, 1.5))


def pile(scene: Scene, x: float, y: float, w: float, h: float, n: int, shift: float,
         radius: float) -> None:
    """``n`` card backs, each shifted down and right by ``shift``: a deck or a used pile."""
    for i in range(n):
        scene.add(Rect(x + shift * i, y + shift * i, w, h, BACK, BACK_EDGE, 1, radius))


def chip(scene: Scene, u, x: float, y: float, w: float, h: float, label: str, size: float,
         ink: str = INK, bold: bool = True) -> None:
    """A small card in the colours of undead ``u``'s level with a centred label (damage row,
    trophies)."""
    scene.add(Rect(x, y, w, h, LEVEL_FILL[u.level], LEVEL_EDGE[u.level], 1.5, 3),
              Text(x + w / 2, y + h / 2, label, size, ink, "middle", bold))


def seat_label(names, p: int) -> str:
    """``P2``, or ``P2 Ann`` when the seat has a name of its own."""
    return names[p] if names[p] == seat_name(p) else f"{seat_name(p)} {names[p]}"


def seat_frame(scene: Scene, y: float, width: float, height: float, colour: str, owes: bool,
               active: bool, label: str, label_y: float, size: float) -> None:
    """A seat's row: warm while it owes a decision, edged in its colour while it may click."""
    scene.add(Rect(6, y, width - 12, height, "#fff6e0" if owes else "#fffdf8",
                   colour if active else "#d7ccc8", 2.5 if active else 1, 6),
              Circle(22, label_y, 7, colour),
              Text(34, label_y, label, size, INK, bold=True))


@dataclass(frozen=True)
class UndeadLayout:
    x: float
    y: float
    w: float
    h: float
    edge: float          # distance of the top and bottom lines' centres from the card's edges
    name_y: float
    name_fits: int       # names shorter than this keep the 13 pt font
    power_y: float
    power_size: float
    power_note: bool     # "(power for N players)" under the power


def undead_card(scene: Scene, game, current: str | None, players: int, k: UndeadLayout) -> None:
    """The undead being fought (trophy, id, name, power for ``players``, damage, level), or an
    empty place."""
    x, y, w, h = k.x, k.y, k.w, k.h
    if current is None:
        scene.add(Rect(x, y, w, h, "#f6f1e6", "#bcaaa4", 1.5, 8),
                  Text(x + w / 2, y + h / 2, "no undead", 13, MUTED, "middle"))
        return
    u = game.data.undead[current]
    scene.add(Rect(x, y, w, h, LEVEL_FILL[u.level], LEVEL_EDGE[u.level], 2.5, 8),
              Text(x + 8, y + k.edge, f"★ {u.trophy}", 14, INK, bold=True),
              Text(x + w - 8, y + k.edge, u.id, 11, MUTED, "end"),
              Text(x + w / 2, y + k.name_y, u.name, 13 if len(u.name) < k.name_fits else 11, INK,
                   "middle", True),
              Text(x + w / 2, y + k.power_y, f"POWER {u.power_for(players)}", k.power_size, INK,
                   "middle", True))
    if k.power_note:
        scene.add(Text(x + w / 2, y + k.power_y + 20, f"(power for {players} players)", 10,
                       MUTED, "middle"))
    scene.add(Text(x + 8, y + h - k.edge, f"✖ {u.damage} damage", 12, BAD),
              Text(x + w - 8, y + h - k.edge, "☠" * SKULLS[u.level], 13, LEVEL_EDGE[u.level],
                   "end"))


@dataclass(frozen=True)
class HavenLayout:
    x: float
    y: float
    title_size: float
    shield: float        # half the width of a shield
    first: float         # first shield's centre, right of x
    step: float          # between shields
    left_y: float        # "n of m hit points left", below y
    left_size: float
    left_ink: str
    row_y: float         # the damage row's label and chips' centres, below y
    row_x: float         # first damage chip, right of x
    row_max: int | None  # damage chips shown at most (None: all)
    row_empty: bool      # "none yet" while the damage row is empty


def haven(scene: Scene, game, s, k: HavenLayout) -> None:
    """The Haven: one shield per hit point, broken ones crossed out; then the damage row, the
    undead that got through with their damage."""
    hx, hy, r = k.x, k.y, k.shield
    dmg = game.damage(s)
    scene.add(Text(hx, hy, "Haven", k.title_size, INK, bold=True))
    for i in range(s.hit_points):
        cx = hx + k.first + i * k.step
        lost = i < dmg
        scene.add(Polygon(((cx - r, hy - r + 1), (cx + r, hy - r + 1), (cx + r, hy + 2),
                           (cx, hy + r + 1), (cx - r, hy + 2)),
                          "#d5d8dc" if lost else "#5dade2", "#1b4f72", 1.5))
        if lost:
            scene.add(Line(cx - r + 2, hy - r + 3, cx + r - 2, hy + r - 1, "#c0392b", 2.5))
    scene.add(Text(hx, hy + k.left_y, f"{max(0, s.hit_points - dmg)} of {s.hit_points} hit points left",
                   k.left_size, k.left_ink))
    scene.add(Text(hx, hy + k.row_y, "damage row", 11, MUTED))
    for i, uid in enumerate(s.damage_row[:k.row_max]):
        u = game.data.undead[uid]
        chip(scene, u, hx + k.row_x + i * 40, hy + k.row_y - 12, 36, 24, f"✖{u.damage}", 11, BAD)
    if k.row_empty and not s.damage_row:
        scene.add(Text(hx + k.row_x, hy + k.row_y, "none yet", 11, MUTED))


def last_attack(scene: Scene, game, r, values, x: float, y: float, gap: float,
                trophy: str | None) -> None:
    """The last attack (``r``, a history entry, with the cards' ``values``) so the reveal and its
    outcome stay readable after the step; ``trophy`` is a last line, if any. The lines below the
    heading start ``gap`` under it, 18 apart."""
    u = game.data.undead[r.undead]
    y1 = y + gap
    scene.add(Text(x, y, f"Last attack (turn {r.turn})", 12, INK, bold=True),
              Text(x, y1, f"{' + '.join(map(str, values))} = {r.total}", 12, INK),
              Text(x, y1 + 18, f"against power {r.power}: {u.name}", 12, INK),
              Text(x, y1 + 36, "beaten" if r.defeated else "got through", 12,
                   GOOD if r.defeated else BAD, bold=True))
    if trophy is not None:
        scene.add(Text(x, y1 + 54, trophy, 12, INK))


def result_label(out) -> tuple[str, str]:
    """The end's headline and its colour."""
    if out.result == "victory":
        return "VICTORY", GOOD
    return "THE HAVEN FALLS", BAD
