"""Draws a Scene as a PNG with Pillow: the picture JupyterLab shows in an untrusted notebook
(a fresh clone, Binder), where it refuses to render SVG.

The drawing follows the SVG (``Scene.to_svg``): strokes centred on the outline, text anchored
start/middle/end and centred vertically like ``dominant-baseline="central"``, whitespace
collapsed. Shapes are drawn at ``SUPERSAMPLE`` times the size and scaled down, which smooths
their edges (Pillow draws shapes without anti-aliasing), then the picture is reduced to a
palette of at most ``COLOURS`` colours, which keeps a notebook holding dozens of pictures small.

The fonts are DejaVu Sans and DejaVu Sans Bold, the ones matplotlib ships, which cover every
symbol the views use (★ ✖ ☠ ⚔ …). The same scene always gives the same bytes.
"""
from __future__ import annotations

import io
import os
from functools import lru_cache

from PIL import Image, ImageColor, ImageDraw, ImageFont

from .scene import Circle, Line, Polygon, Rect, Scene, Shape, Text

SUPERSAMPLE = 2
COLOURS = 128
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
# Where DejaVu may be found when matplotlib is not installed (Debian's fonts-dejavu-core).
SYSTEM_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu",)
_ANCHOR = {"start": "lm", "middle": "mm", "end": "rm"}


def font_path(bold: bool = False) -> str | None:
    """The DejaVu Sans file (bold or regular) from matplotlib's data, else the system's."""
    dirs: list[str] = []
    try:
        import matplotlib

        dirs.append(os.path.join(matplotlib.get_data_path(), "fonts", "ttf"))
    except ImportError:
        pass
    dirs.extend(SYSTEM_FONT_DIRS)
    for d in dirs:
        path = os.path.join(d, FONT_FILES[bold])
        if os.path.isfile(path):
            return path
    return None


@lru_cache(maxsize=64)
def font(size: float, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans at ``size`` pixels. The basic layout engine (not raqm, which may or may not
    be installed) keeps the pixels the same on every machine with the same Pillow."""
    path = font_path(bold)
    if path is None:  # no DejaVu anywhere: Pillow's own font still gives a readable picture
        return ImageFont.load_default(size)
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=512)
def colour(value: str) -> tuple[int, int, int, int]:
    """An SVG colour (#rgb, #rrggbb, #rrggbbaa, a name, rgb()/rgba()) as RGBA."""
    rgba = ImageColor.getcolor(value, "RGBA")
    assert isinstance(rgba, tuple)
    return rgba  # type: ignore[return-value]


def to_png(scene: Scene) -> bytes:
    """The PNG of ``scene``, ``scene.width`` x ``scene.height`` pixels, palette-coded."""
    k = SUPERSAMPLE
    size = (max(1, scene.width * k), max(1, scene.height * k))
    image = Image.new("RGB", size, colour(scene.background)[:3])
    # "RGBA" mode blends colours that have an alpha channel over what is drawn already.
    draw = ImageDraw.Draw(image, "RGBA")
    for shape in scene.shapes:
        _draw(draw, shape, k)
    small = image.reduce(k) if k > 1 else image
    palette = small.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True)
    return out.getvalue()


# ---- shapes ---------------------------------------------------------------------------------------
def _box(x0: float, y0: float, x1: float, y1: float, k: int) -> tuple[int, int, int, int] | None:
    """A Pillow box (both corners inside) for the area x0..x1, y0..y1, at scale ``k``."""
    a, b = round(min(x0, x1) * k), round(min(y0, y1) * k)
    c, d = round(max(x0, x1) * k) - 1, round(max(y0, y1) * k) - 1
    return (a, b, c, d) if c >= a and d >= b else None


def _width(stroke_width: float, k: int) -> int:
    return max(1, round(stroke_width * k))


def _draw(draw: ImageDraw.ImageDraw, s: Shape, k: int) -> None:
    if isinstance(s, Rect):
        _rect(draw, s, k)
    elif isinstance(s, Circle):
        if s.fill and (box := _box(s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r, k)):
            draw.ellipse(box, fill=colour(s.fill))
        if s.stroke:
            h = s.stroke_width / 2
            if box := _box(s.cx - s.r - h, s.cy - s.r - h, s.cx + s.r + h, s.cy + s.r + h, k):
                draw.ellipse(box, outline=colour(s.stroke), width=_width(s.stroke_width, k))
    elif isinstance(s, Line):
        draw.line([(s.x1 * k, s.y1 * k), (s.x2 * k, s.y2 * k)], fill=colour(s.stroke),
                  width=_width(s.width, k))
    elif isinstance(s, Polygon):
        points = [(x * k, y * k) for x, y in s.points]
        if len(points) < 2:
            return
        if s.fill and len(points) >= 3:
            draw.polygon(points, fill=colour(s.fill))
        if s.stroke:  # a closed line, centred on the outline like an SVG stroke
            draw.line(points + [points[0]], fill=colour(s.stroke), width=_width(s.stroke_width, k),
                      joint="curve")
    elif isinstance(s, Text):
        _text(draw, s, k)
    else:
        raise TypeError(f"not a shape: {s!r}")


def _rect(draw: ImageDraw.ImageDraw, s: Rect, k: int) -> None:
    r = min(s.radius, abs(s.w) / 2, abs(s.h) / 2) if s.radius else 0
    if s.fill and (box := _box(s.x, s.y, s.x + s.w, s.y + s.h, k)):
        if r:
            draw.rounded_rectangle(box, radius=round(r * k), fill=colour(s.fill))
        else:
            draw.rectangle(box, fill=colour(s.fill))
    if s.stroke:
        h = s.stroke_width / 2   # Pillow strokes inside the box, SVG on the outline: grow the box
        if box := _box(s.x - h, s.y - h, s.x + s.w + h, s.y + s.h + h, k):
            width = _width(s.stroke_width, k)
            if r:
                draw.rounded_rectangle(box, radius=round((r + h) * k), outline=colour(s.stroke), width=width)
            else:
                draw.rectangle(box, outline=colour(s.stroke), width=width)


def _text(draw: ImageDraw.ImageDraw, s: Text, k: int) -> None:
    words = " ".join(s.text.split())  # SVG collapses runs of whitespace and line ends
    if not words or s.size <= 0:
        return
    draw.text((s.x * k, s.y * k), words, fill=colour(s.fill), font=font(s.size * k, s.bold),
              anchor=_ANCHOR.get(s.anchor, "lm"))
