"""The pictures in JupyterLab's dark theme, made from the light ones by one rule.

* Neutral colours (the page, cards, ink, grey lines: little chroma in OKLab) have their
  perceived lightness (OKLab's L) turned over, hue kept: a cream card becomes a dark one and its
  dark ink a light one, so each pair stays as far apart as it was.
* Coloured fills and lines (the players' and the symbols' colours) stay as they are, so the
  palettes keep the distances tests/test_views_access.py checks under colour blindness, and the
  legends still name them.
* Text follows what it is drawn on: on a coloured ground it keeps its light-theme ink (the pair
  was chosen for contrast); on a neutral ground it is turned over like the ground, and lightened
  further if it would read below 4.5:1 there.

(Turning over every colour does not work: a saturated teal comes out brighter than its label,
and the players' colours crowd together.) The views draw one palette; this is the only place
the dark one is made. tests/test_views_access.py checks the dark scenes with the light rule.
"""
from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

from .scene import Circle, Line, Polygon, Rect, Scene, Text

# The named colours the views use, as hex (anything else passes through unchanged).
NAMED = {"white": "#ffffff", "black": "#000000", "yellow": "#ffff00", "red": "#ff0000",
         "green": "#008000", "blue": "#0000ff", "grey": "#808080", "gray": "#808080"}
# The darkest and lightest (OKLab L) a dark picture goes: its page near JupyterLab Dark's
# (#111), not black, and its brightest ink a soft white.
DARKEST, LIGHTEST = 0.18, 0.96
# OKLab chroma below which a colour is neutral (cream #f6f1e7 has 0.01; the palettes' 0.1+).
NEUTRAL = 0.06
AA = 4.5
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_RGB = re.compile(r"^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$")


def parse(colour: str) -> tuple[int, int, int, float | None] | None:
    """``colour`` as (r, g, b, alpha or None), or None if it is not one this module reads."""
    colour = NAMED.get(colour.strip().lower(), colour.strip())
    m = _HEX.match(colour)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), None
    m = _RGB.match(colour)
    if m:
        return int(m.group(1)), int(m.group(2)), int(m.group(3)), (float(m.group(4)) if m.group(4) else None)
    return None


def _hex(rgb: tuple[float, float, float], alpha: float | None) -> str:
    r, g, b = (min(255, max(0, round(v))) for v in rgb)
    return f"#{r:02x}{g:02x}{b:02x}" if alpha is None else f"rgba({r}, {g}, {b}, {alpha:g})"


def _turned(lightness: float, a: float, b: float, alpha: float | None) -> str:
    """The colour at OKLab ``lightness`` with as much of (a, b)'s chroma as fits in sRGB."""
    for k in (1.0, 0.8, 0.6, 0.4, 0.2, 0.0):
        rgb = _srgb(lightness, a * k, b * k)
        if all(-0.5 <= v <= 255.5 for v in rgb):
            break
    return _hex(rgb, alpha)


def is_neutral(colour: str) -> bool:
    parsed = parse(colour)
    if parsed is None:
        return False
    _, a, b = _oklab(*parsed[:3])
    return (a * a + b * b) ** 0.5 < NEUTRAL


@lru_cache(maxsize=4096)
def dark_colour(colour: str) -> str:
    """The dark theme's version of ``colour``: a neutral one turned over, a coloured one kept
    (a colour this module cannot read comes back unchanged)."""
    parsed = parse(colour)
    if parsed is None or not is_neutral(colour):
        return colour
    lightness, a, b = _oklab(*parsed[:3])
    return _turned(DARKEST + (LIGHTEST - DARKEST) * (1 - lightness), a, b, parsed[3])


def _luminance(colour: str) -> float:
    r, g, b, _ = parse(colour) or (0, 0, 0, None)
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast(ink: str, ground: str) -> float:
    """WCAG 2's contrast ratio."""
    hi, lo = sorted((_luminance(ink), _luminance(ground)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@lru_cache(maxsize=4096)
def dark_ink(ink: str, ground: str) -> str:
    """Text ``ink`` drawn on ``ground`` (a light-theme colour), for the dark theme."""
    if not is_neutral(ground) or parse(ink) is None:
        return ink
    night = dark_colour(ground)
    if is_neutral(ink):
        turned = dark_colour(ink)
    else:   # coloured ink on a neutral ground: its lightness turned over, its chroma kept
        r, g, b, alpha = parse(ink)
        lightness, a, b_ = _oklab(r, g, b)
        turned = _turned(DARKEST + (LIGHTEST - DARKEST) * (1 - lightness), a, b_, alpha)
    r, g, b, alpha = parse(turned)
    lightness, a, b_ = _oklab(r, g, b)
    lighter = _luminance(night) < 0.18
    while contrast(turned, night) < max(AA, min(contrast(ink, ground), 7.0)) and 0.02 < lightness < 0.98:
        lightness += 0.02 if lighter else -0.02
        turned = _turned(lightness, a, b_, alpha)
    return turned


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = 12.92 * v if v <= 0.0031308 else 1.055 * abs(v) ** (1 / 2.4) * (1 if v >= 0 else -1) - 0.055
    return 255 * v


def _oklab(r: int, g: int, b: int) -> tuple[float, float, float]:
    """sRGB bytes to OKLab (Björn Ottosson's matrices)."""
    lr, lg, lb = _linear(r), _linear(g), _linear(b)
    l_ = (0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb) ** (1 / 3)
    m_ = (0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb) ** (1 / 3)
    s_ = (0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb) ** (1 / 3)
    return (0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
            1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
            0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)


def _srgb(lightness: float, a: float, b: float) -> tuple[float, float, float]:
    """OKLab to sRGB bytes (unclipped: a value outside 0-255 is out of gamut)."""
    l_ = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
    m_ = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
    s_ = (lightness - 0.0894841775 * a - 1.2914855480 * b) ** 3
    return (_gamma(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
            _gamma(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
            _gamma(-0.0041960863 * l_ - 0.7034186168 * m_ + 1.7076147010 * s_))


_FIELDS = {Rect: ("fill", "stroke"), Circle: ("fill", "stroke"), Polygon: ("fill", "stroke"),
           Line: ("stroke",)}


def _inside(points: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _on_line(line: Line, x: float, y: float) -> bool:
    dx, dy = line.x2 - line.x1, line.y2 - line.y1
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - line.x1) * dx + (y - line.y1) * dy) / length2))
    return (x - line.x1 - t * dx) ** 2 + (y - line.y1 - t * dy) ** 2 <= (line.width / 2) ** 2


def ground(shapes: list, x: float, y: float, background: str) -> str:
    """The light-theme colour under (x, y) among ``shapes`` (the topmost filled one)."""
    for s in reversed(shapes):
        if isinstance(s, Rect) and s.fill and s.x <= x <= s.x + s.w and s.y <= y <= s.y + s.h:
            return s.fill
        if isinstance(s, Circle) and s.fill and (x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r ** 2:
            return s.fill
        if isinstance(s, Polygon) and s.fill and _inside(s.points, x, y):
            return s.fill
        if isinstance(s, Line) and s.width >= 3 and _on_line(s, x, y):
            return s.stroke
    return background


def dark(scene: Scene) -> Scene:
    """``scene`` in the dark palette: the same shapes, text and hit regions, new colours."""
    shapes: list = []
    for k, shape in enumerate(scene.shapes):
        if isinstance(shape, Text):
            under = ground(scene.shapes[:k], shape.x, shape.y, scene.background)
            shapes.append(dataclasses.replace(shape, fill=dark_ink(shape.fill, under)))
            continue
        changes = {f: dark_colour(v) for f in _FIELDS[type(shape)] if (v := getattr(shape, f))}
        shapes.append(dataclasses.replace(shape, **changes) if changes else shape)
    return Scene(scene.width, scene.height, scene.title, dark_colour(scene.background),
                 scene.description, shapes, list(scene.hits))
