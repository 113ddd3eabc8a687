"""What every game view shares so that its picture reads without sight and without colour:
words for the text description (plurals, lists of seats), the legend band that explains every
icon, the marks of what changed in the last step, and the contrast arithmetic (WCAG 2) the
views use to choose an ink that reads on a given fill.

The marks are drawn in dark ink with a white halo, so they show on any fill without hiding it:
a trail (a line with a dot where it starts and an arrowhead where it ends), a ghost (a faint
outline crossed out: something left from here), a ring (this changed) and a box (this card or
count changed).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bonekit.core.actions import seat_name
from bonekit.core.words import and_list

from ..scene import Circle, Line, Polygon, Rect, Scene, Text

CHANGE = "#1a1a1a"      # the marks of what changed
HALO = "#ffffff"        # under every mark, so it shows on dark fills too
GHOST = "#7a7a7a"
LEGEND_RULE = "#c9bfae"  # the line over the legend band: every shape after it is the legend
LEGEND_INK = "#4a4a4a"
LEGEND_SIZE = 12
LEGEND_ROW = 22


# ---- words ------------------------------------------------------------------------------------
# plural and and_list are the engine's own (bonekit.core.words), re-exported for the views.


def seats_words(seats: Iterable[int]) -> str:
    return and_list(seat_name(s) for s in seats)


def sentence(text: str) -> str:
    """Capitalised and ending with a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def describe(*sentences: str) -> str:
    """Sentences joined into one paragraph, empty ones left out."""
    return " ".join(sentence(s) for s in sentences if s and s.strip())


# ---- contrast (WCAG 2.x) ----------------------------------------------------------------------
def rgb(colour: str) -> tuple[int, int, int]:
    """``#abc`` or ``#aabbcc`` as 0-255 channels."""
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def luminance(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: str, dark: str = "#111111", light: str = "#ffffff") -> str:
    """The ink (dark or light) that reads best on ``fill``."""
    return dark if contrast(dark, fill) >= contrast(light, fill) else light


# ---- marks of what changed --------------------------------------------------------------------
def trail(scene: Scene, x1: float, y1: float, x2: float, y2: float, head: float = 7,
          part: str = "all") -> None:
    """Where something went in the last step: a line from a dot (the old place) to an arrowhead
    (the new place), stopping short of the new place's centre so that the token stays visible.
    ``part`` "line" draws the line only and "ends" the dot and arrowhead only: a view draws the
    line under its tokens (so that it hides none) and the ends over them."""
    d = math.dist((x1, y1), (x2, y2))
    if d < 1:
        return
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    stop = min(d * 0.45, 14)
    ex, ey = x2 - ux * stop, y2 - uy * stop
    px, py = -uy, ux
    tip = ((ex + ux * head, ey + uy * head), (ex + px * head * 0.6, ey + py * head * 0.6),
           (ex - px * head * 0.6, ey - py * head * 0.6))
    if part in ("all", "line"):
        scene.add(Line(x1, y1, ex, ey, HALO, 5.5), Line(x1, y1, ex, ey, CHANGE, 2.5))
    if part in ("all", "ends"):
        scene.add(Circle(x1, y1, 4, CHANGE, HALO, 1.5), Polygon(tip, CHANGE, HALO, 1.2))


def ghost(scene: Scene, cx: float, cy: float, r: float) -> None:
    """Something left this place in the last step: a faint circle crossed out."""
    k = r * 0.62
    scene.add(Circle(cx, cy, r, None, HALO, 4), Circle(cx, cy, r, None, GHOST, 1.5),
              Line(cx - k, cy - k, cx + k, cy + k, HALO, 4.5),
              Line(cx - k, cy + k, cx + k, cy - k, HALO, 4.5),
              Line(cx - k, cy - k, cx + k, cy + k, CHANGE, 2),
              Line(cx - k, cy + k, cx + k, cy - k, CHANGE, 2))


def ring(scene: Scene, cx: float, cy: float, r: float) -> None:
    """This changed in the last step: a dark ring with a white halo and a dot on it."""
    scene.add(Circle(cx, cy, r, None, HALO, 5), Circle(cx, cy, r, None, CHANGE, 2.2),
              Circle(cx + r * 0.71, cy - r * 0.71, 3.5, CHANGE, HALO, 1.2))


def box(scene: Scene, x: float, y: float, w: float, h: float, pad: float = 3,
        radius: float = 5, flush_top: bool = False) -> None:
    """This card or count changed in the last step: a dark frame just outside it with a white
    halo, and a dot on its bottom-right corner. ``flush_top`` lays the frame's top on the card's
    own top edge, leaving the words printed just above the card (a slot's label) clear."""
    top = 0 if flush_top else pad
    x, y, w, h = x - pad, y - top, w + 2 * pad, h + pad + top
    scene.add(Rect(x, y, w, h, None, HALO, 4, radius), Rect(x, y, w, h, None, CHANGE, 2.2, radius),
              Circle(x + w, y + h, 3.5, CHANGE, HALO, 1.2))


# ---- the legend ------------------------------------------------------------------------------
Icon = Callable[[Scene, float, float], None]   # draws a sample centred on (x, y), ~18 px


@dataclass(frozen=True)
class Entry:
    """One item of a legend: a sample drawn from the picture's own drawing code (or none), and
    its words. ``room`` is the sample's width."""

    text: str
    icon: Icon | None = None
    room: float = 20


def _text_width(text: str, size: float = LEGEND_SIZE) -> float:
    return 0.58 * size * len(text)


def _entry_width(e: Entry) -> float:
    return (e.room + 6 if e.icon else 0) + _text_width(e.text) + 16


def legend_rows(entries: list[Entry], width: float) -> list[list[Entry]]:
    """The entries flowed into rows of at most ``width`` pixels."""
    rows: list[list[Entry]] = [[]]
    used = 0.0
    for e in entries:
        w = _entry_width(e)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append(e)
        used += w
    return [r for r in rows if r]


def legend_height(entries: list[Entry], width: float) -> float:
    """The band's height: a heading row and the rows of entries."""
    return 16 + LEGEND_ROW * len(legend_rows(entries, width - 40)) + 6


def draw_legend(scene: Scene, entries: list[Entry], x: float, y: float, width: float) -> None:
    """The legend band from ``y`` down: a rule, the word "Key", then each sample and its words.
    Draw it last: tests read every shape after the rule as the legend."""
    scene.add(Line(x, y + 4, x + width, y + 4, LEGEND_RULE, 1),
              Text(x, y + 16 + LEGEND_ROW / 2 - 6, "Key", LEGEND_SIZE + 1, LEGEND_INK, bold=True))
    for i, row in enumerate(legend_rows(entries, width - 40)):
        cy = y + 16 + LEGEND_ROW * i + LEGEND_ROW / 2 - 6
        cx = x + 40
        for e in row:
            if e.icon:
                e.icon(scene, cx + e.room / 2, cy)
                cx += e.room + 6
            scene.add(Text(cx, cy, e.text, LEGEND_SIZE, LEGEND_INK))
            cx += _text_width(e.text) + 16


def legend_start(scene: Scene) -> int:
    """The index of the legend's rule among ``scene.shapes`` (len(shapes) when there is none)."""
    for i, s in enumerate(scene.shapes):
        if isinstance(s, Line) and s.stroke == LEGEND_RULE:
            return i
    return len(scene.shapes)


def icons(*samples: Icon, step: float = 24) -> Icon:
    """Several samples side by side as one (``step`` apart): give the entry ``room`` to match."""
    def draw(scene: Scene, x: float, y: float) -> None:
        left = x - step * (len(samples) - 1) / 2
        for i, sample in enumerate(samples):
            sample(scene, left + i * step, y)
    return draw


# Samples of the marks for the legends.
def trail_icon(scene: Scene, x: float, y: float) -> None:
    trail(scene, x - 14, y, x + 20, y, 6)


def ghost_icon(scene: Scene, x: float, y: float) -> None:
    ghost(scene, x, y, 7)


def ring_icon(scene: Scene, x: float, y: float) -> None:
    ring(scene, x, y, 7)


def box_icon(scene: Scene, x: float, y: float) -> None:
    scene.add(Rect(x - 7, y - 9, 14, 18, "#ffffff", "#8a8a8a", 1, 3))
    box(scene, x - 7, y - 8, 14, 16, 2, 4)


CHANGE_ENTRIES = {
    "trail": Entry("moved in the last step (dot: from, arrow: to)", trail_icon, 30),
    "ghost": Entry("left this place in the last step", ghost_icon, 16),
    "ring": Entry("changed in the last step", ring_icon, 16),
    "box": Entry("changed in the last step", box_icon, 16),
    "ring or box": Entry("changed in the last step", icons(ring_icon, box_icon, step=22), 40),
}
