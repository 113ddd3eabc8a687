"""Pieces of Bone to Pick's pictures drawn the same way in the base game (bone_to_pick.py), the
campaign, epic and team games (bone_to_pick_campaign.py) and the solo and co-op games
(bone_to_pick_modes.py): the colours, card backs and piles, the undead card, the Haven with its
damage row, the last attack, the seat rows' frames, the legend's entries and the words of the
text description.

Each picture keeps its own sizes and positions: the undead card and the Haven take a layout
(``UndeadLayout``, ``HavenLayout``) that the picture defines.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bonekit.core.actions import seat_name
from bonekit.core.words import plural
from bonekit.games.bone_to_pick.text import viewer_name

from ..scene import Circle, Line, Polygon, Rect, Scene, Text
from . import access
from .access import Entry

# Level colours light enough that dark words read on them; the level is also told by the number
# of skulls on the card and of dots on a chip.
LEVEL_FILL = {"easy": "#dcefd3", "medium": "#f8ecc0", "hard": "#e8dcf2"}
LEVEL_EDGE = {"easy": "#3d8b37", "medium": "#b7950b", "hard": "#7d3c98"}
LEVEL_INK = {"easy": "#2d6a2a", "medium": "#6b5200", "hard": "#5b2c83"}   # the skulls and dots
SKULLS = {"easy": 1, "medium": 2, "hard": 3}
INK, MUTED, BACK = "#222", "#555", "#5d4037"
BACK_EDGE, BACK_CROSS = "#3e2723", "#8d6e63"
GOOD, BAD = "#176a3a", "#922b21"
WARM_INK = "#8a5300"   # "choosing…" and other words in the warm colour of a seat that owes
PAPER = "#fbf8f1"  # the page behind the whole picture
# The seats' and weapon sets' colours by name: hues that stay apart under red-green colour
# blindness (after Okabe and Ito, and Tol) and still read as the colour named.
NAMED = {"red": "#cc3311", "green": "#009e73", "yellow": "#ddcc77", "blue": "#33bbee",
         "purple": "#6a3d9a", "orange": "#e69f00"}


def colour_of(game, i: int) -> str:
    """The colour of seat (or weapon set) number ``i``."""
    names = game.data.colour_names
    name = names[i % len(names)]
    return NAMED.get(name, game.data.colour_hex[i % len(names)])


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
    trophies), and one dot per level (as the skulls on the card) along its top edge."""
    scene.add(Rect(x, y, w, h, LEVEL_FILL[u.level], LEVEL_EDGE[u.level], 1.5, 3))
    for i in range(SKULLS[u.level]):
        scene.add(Circle(x + 4.5 + i * 4.5, y + 4.5, 1.6, LEVEL_INK[u.level]))
    scene.add(Text(x + w / 2, y + h / 2 + (1.5 if h < 30 else 2), label, size, ink, "middle", bold))


def seat_label(names, p: int) -> str:
    """``P2``, or ``P2 Ann`` when the seat has a name of its own."""
    return names[p] if names[p] == seat_name(p) else f"{seat_name(p)} {names[p]}"


def seat_frame(scene: Scene, y: float, width: float, height: float, colour: str, owes: bool,
               active: bool, label: str, label_y: float, size: float) -> None:
    """A seat's row: warm while it owes a decision, edged in its colour while it may click."""
    scene.add(Rect(6, y, width - 12, height, "#fff6e0" if owes else "#fffdf8",
                   colour if active else "#d7ccc8", 2.5 if active else 1, 6),
              Circle(22, label_y, 7, colour, "#555555", 1),
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


def undead_card(scene: Scene, game, current: str | None, players: int, k: UndeadLayout,
                changed: bool = False) -> None:
    """The undead being fought (trophy, id, name, power for ``players``, damage, level), or an
    empty place; ``changed``: it was revealed in the last step."""
    x, y, w, h = k.x, k.y, k.w, k.h
    if current is None:
        scene.add(Rect(x, y, w, h, "#f6f1e6", "#bcaaa4", 1.5, 8),
                  Text(x + w / 2, y + h / 2, "no undead", 13, MUTED, "middle"))
        return
    u = game.data.undead[current]
    scene.add(Rect(x, y, w, h, LEVEL_FILL[u.level], LEVEL_EDGE[u.level], 2.5, 8),
              Text(x + 8, y + k.edge, f"★ {u.trophy}", 14, INK, bold=True),
              Text(x + w - 8, y + k.edge, u.id, 12, MUTED, "end"),
              Text(x + w / 2, y + k.name_y, u.name, 13 if len(u.name) < k.name_fits else 12, INK,
                   "middle", True),
              Text(x + w / 2, y + k.power_y, f"POWER {u.power_for(players)}", k.power_size, INK,
                   "middle", True))
    if k.power_note:
        scene.add(Text(x + w / 2, y + k.power_y + 20, f"(power for {players} players)", 12,
                       MUTED, "middle"))
    scene.add(Text(x + 8, y + h - k.edge, f"✖ {u.damage} damage", 12, BAD),
              Text(x + w - 8, y + h - k.edge, "☠" * SKULLS[u.level], 13, LEVEL_INK[u.level],
                   "end"))
    if changed:
        access.box(scene, x, y, w, h, 4, 10)


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


def shield(scene: Scene, cx: float, cy: float, r: float, lost: bool) -> None:
    """One hit point of the Haven: a blue shield, or grey and crossed out once lost."""
    scene.add(Polygon(((cx - r, cy - r + 1), (cx + r, cy - r + 1), (cx + r, cy + 2),
                       (cx, cy + r + 1), (cx - r, cy + 2)),
                      "#d5d8dc" if lost else "#5dade2", "#1b4f72", 1.5))
    if lost:
        scene.add(Line(cx - r + 2, cy - r + 3, cx + r - 2, cy + r - 1, "#c0392b", 2.5))


def haven(scene: Scene, game, s, k: HavenLayout, before=None) -> None:
    """The Haven: one shield per hit point, broken ones crossed out; then the damage row, the
    undead that got through with their damage. With ``before`` (the state a step earlier) the
    shields lost and the damage chips added since are marked."""
    hx, hy, r = k.x, k.y, k.shield
    dmg = game.damage(s)
    old_dmg = game.damage(before) if before is not None else dmg
    old_row = len(before.damage_row) if before is not None else len(s.damage_row)
    scene.add(Text(hx, hy, "Haven", k.title_size, INK, bold=True))
    for i in range(s.hit_points):
        cx = hx + k.first + i * k.step
        shield(scene, cx, hy, r, i < dmg)
        if old_dmg <= i < dmg:
            access.box(scene, cx - r, hy - r + 1, 2 * r, 2 * r, 2, 3)
    scene.add(Text(hx, hy + k.left_y, f"{max(0, s.hit_points - dmg)} of {s.hit_points} hit points left",
                   k.left_size, k.left_ink))
    scene.add(Text(hx, hy + k.row_y, "damage row", 12, MUTED))
    for i, uid in enumerate(s.damage_row[:k.row_max]):
        u = game.data.undead[uid]
        chip(scene, u, hx + k.row_x + i * 40, hy + k.row_y - 12, 36, 24, f"✖{u.damage}", 12, BAD)
        if i >= old_row:
            access.box(scene, hx + k.row_x + i * 40, hy + k.row_y - 12, 36, 24, 2, 4)
    if k.row_empty and not s.damage_row:
        scene.add(Text(hx + k.row_x, hy + k.row_y, "none yet", 12, MUTED))


def last_attack(scene: Scene, game, r, values, x: float, y: float, gap: float,
                trophy: str | None, changed: bool = False) -> None:
    """The last attack (``r``, a history entry, with the cards' ``values``) so the reveal and its
    outcome stay readable after the step; ``trophy`` is a last line, if any. The lines below the
    heading start ``gap`` under it, 18 apart. ``changed``: the attack happened in the last step."""
    u = game.data.undead[r.undead]
    y1 = y + gap
    scene.add(Text(x, y, f"Last attack (turn {r.turn})", 12, INK, bold=True),
              Text(x, y1, f"{' + '.join(map(str, values))} = {r.total}", 12, INK),
              Text(x, y1 + 18, f"against power {r.power}: {u.name}", 12, INK),
              Text(x, y1 + 36, "beaten" if r.defeated else "got through", 12,
                   GOOD if r.defeated else BAD, bold=True))
    if trophy is not None:
        scene.add(Text(x, y1 + 54, trophy, 12, INK))
    if changed:
        access.box(scene, x - 6, y - 10, 250, gap + (72 if trophy is not None else 54), 2, 6)


def result_label(out) -> tuple[str, str]:
    """The end's headline and its colour."""
    if out.result == "victory":
        return "VICTORY", GOOD
    return "THE HAVEN FALLS", BAD


# ---- what changed in the last step ------------------------------------------------------------
@dataclass
class Changes:
    """What the last step changed: keys that the drawing code looks up (``("played", 2)``,
    ``("trophy", 0, 1)``, ``("undead",)``…) and the same in words for the description."""

    keys: set = field(default_factory=set)
    words: list[str] = field(default_factory=list)

    def add(self, key: tuple, words: str = "") -> None:
        self.keys.add(key)
        if words and words not in self.words:
            self.words.append(words)

    def __contains__(self, key: tuple) -> bool:
        return key in self.keys

    def __bool__(self) -> bool:
        return bool(self.keys)


def table_changes(game, before, s, ch: Changes) -> None:
    """What every mode shares: a finished attack and damage to the Haven (``undead_changes``
    adds the new undead: call it last, so the words follow the order of play)."""
    if len(s.history) > len(before.history):
        r = s.history[-1]
        ch.add(("attack",), f"turn {r.turn}'s cards are revealed: {r.total} against power "
                            f"{r.power}, " + ("the undead is beaten" if r.defeated else
                                             "the undead gets through"))
    dmg, old = game.damage(s), game.damage(before)
    if len(s.damage_row) > len(before.damage_row):
        ch.add(("damage",), f"the Haven takes {plural(dmg - old, 'damage', 'damage')}")


def undead_changes(game, before, s, ch: Changes) -> None:
    """A new undead (and in an epic game a second one) revealed since the step before."""
    if s.current is not None and s.current != before.current:
        ch.add(("undead",), f"the {game.data.undead[s.current].name} is revealed")
    second = getattr(s, "second", None)
    if second is not None and second != getattr(before, "second", None):
        ch.add(("undead", 1), f"the {game.data.undead[second].name} is revealed beside it")


def trophy_changes(before_list: list, now_list: list, key: tuple, who: str, ch: Changes,
                   game) -> None:
    """Trophies added to one seat's pile since the step before."""
    for i in range(len(before_list), len(now_list)):
        u = game.data.undead[now_list[i]]
        ch.add(key + (i,), f"{who} takes the {u.name} as a trophy ({plural(u.trophy, 'point')})")


def same_game(before, s) -> bool:
    """Whether ``before`` can be compared with ``s`` (one game, a step apart)."""
    return (before is not None and before.variant == s.variant and before.players == s.players)


# ---- the legend -------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Level:
    level: str


def chip_icon(level: str, label: str = "3"):
    def draw(scene: Scene, x: float, y: float) -> None:
        chip(scene, _Level(level), x - 10, y - 11, 20, 22, label, 12)
    return draw


def _shield_icon(scene: Scene, x: float, y: float) -> None:
    shield(scene, x - 9, y, 8, False)
    shield(scene, x + 9, y, 8, True)


def _back_icon(scene: Scene, x: float, y: float) -> None:
    card_back(scene, x - 8, y - 11, 16, 22, 3, 3)


LEGEND = [
    Entry("★ trophy, with its points"),
    Entry("✖ damage to the Haven if it gets through"),
    Entry("☠ / one dot: easy", chip_icon("easy")),
    Entry("☠☠ / two dots: medium", chip_icon("medium")),
    Entry("☠☠☠ / three dots: hard", chip_icon("hard")),
    Entry("hit points (crossed out: lost)", _shield_icon, 36),
    Entry("face-down card", _back_icon, 16),
    access.CHANGE_ENTRIES["box"],
]


def legend(scene: Scene, entries: list[Entry], y: float, width: float) -> None:
    access.draw_legend(scene, entries, 12, y, width - 24)


def legend_height(entries: list[Entry], width: float) -> int:
    return int(access.legend_height(entries, width - 24)) + 4


# ---- words --------------------------------------------------------------------------------------
def undead_words(game, uid: str, power: int | None) -> str:
    u = game.data.undead[uid]
    strength = f"power {power}, " if power is not None else ""
    return (f"the {u.name} ({u.level}, {strength}{u.damage} damage, worth "
            f"{plural(u.trophy, 'trophy point')})")


def haven_words(game, s) -> str:
    left = max(0, s.hit_points - game.damage(s))
    row = len(s.damage_row)
    return (f"the Haven has {left} of {plural(s.hit_points, 'hit point')} left, "
            f"{plural(row, 'undead')} in the damage row")


def name_of(names, p: int) -> str:
    return seat_label(names, p)


def last_step_words(ch: Changes) -> str:
    return ("last step: " + "; ".join(ch.words)) if ch.words else ""
