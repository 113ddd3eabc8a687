"""Scenes: a tiny display list (shapes, text, hit regions) that draws on an ipycanvas Canvas,
as SVG and as PNG. Game views build Scenes; they never touch a canvas themselves.

The SVG is deterministic text: it is the static fallback of every widget (GitHub and
nbviewer show it) and what nbval compares. The PNG (``raster.to_png``) is what JupyterLab
shows where it will not render SVG: in a notebook it does not trust (a fresh clone, Binder).
"""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, sans-serif"


_CONTROL = dict.fromkeys(c for c in range(32) if c not in (9, 10, 13))


def _text(value: str) -> str:
    """Escape for XML; control characters (not allowed in XML 1.0) are dropped."""
    return escape(value.translate(_CONTROL))


def _n(x: float) -> str:
    """Numbers in SVG with at most one decimal, so output is stable."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else str(r)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1
    radius: float = 0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000"
    width: float = 1


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 13
    fill: str = "#222"
    anchor: str = "start"  # start | middle | end
    bold: bool = False


@dataclass(frozen=True)
class Hit:
    """A clickable region; ``target`` is what a click forwards (an action label)."""

    x: float
    y: float
    w: float
    h: float
    target: str
    tip: str = ""

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


Shape = Rect | Circle | Line | Polygon | Text


@dataclass(repr=False)
class Scene:
    width: int
    height: int
    title: str = ""
    background: str = "#ffffff"
    # A short text alternative of what the picture shows (whose turn, key counts), for screen
    # readers and for anyone who cannot see the picture; views fill it in.
    description: str = ""
    shapes: list[Shape] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)

    def add(self, *shapes: Shape) -> Scene:
        self.shapes.extend(shapes)
        return self

    def hit(self, x: float, y: float, w: float, h: float, target: str, tip: str = "") -> None:
        self.hits.append(Hit(x, y, w, h, target, tip))

    def hit_at(self, px: float, py: float) -> Hit | None:
        """The topmost hit region under a point (later regions lie on top)."""
        for h in reversed(self.hits):
            if h.contains(px, py):
                return h
        return None

    @property
    def alt_text(self) -> str:
        """The picture in words: the title, then the description (if any). The SVG's and the
        canvas's aria-label, and the text/plain of the scene's mime bundle."""
        title, description = self.title.strip(), self.description.strip()
        if not (title and description):
            return title or description
        return f"{title}{'' if title[-1] in '.:!?' else '.'} {description}"

    # ---- SVG and PNG --------------------------------------------------------------------------
    def to_svg(self) -> str:
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
               f'viewBox="0 0 {self.width} {self.height}" role="img" '
               f'aria-label={quoteattr(self.alt_text.translate(_CONTROL))} font-family="{FONT}">',
               f"<title>{_text(self.title)}</title>"]
        if self.description.strip():
            out.append(f"<desc>{_text(self.description.strip())}</desc>")
        out.append(f'<rect width="{self.width}" height="{self.height}" fill="{self.background}"/>')
        out.extend(_svg(s) for s in self.shapes)
        out.append("</svg>")
        return "\n".join(out)

    def to_png(self) -> bytes:
        """The picture as PNG bytes, ``width`` x ``height`` pixels (see ``raster.to_png``)."""
        from .raster import to_png  # Pillow is needed only when a PNG is asked for

        return to_png(self)

    def mime_bundle(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """(data, metadata) for Jupyter: SVG, PNG (base64, shown at its natural size) and
        the picture in words as text/plain."""
        data = {"text/plain": self.alt_text or repr(self), "image/svg+xml": self.to_svg(),
                "image/png": base64.b64encode(self.to_png()).decode("ascii")}
        return data, {"image/png": {"width": self.width, "height": self.height}}

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any):
        return self.mime_bundle()

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __repr__(self) -> str:
        return (f"<Scene {self.width}x{self.height} {self.title!r}: {len(self.shapes)} shapes, "
                f"{len(self.hits)} hit regions>")


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    s = f' fill="{fill or "none"}"'
    if stroke:
        s += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    return s


def _svg(s: Shape) -> str:
    if isinstance(s, Rect):
        rx = f' rx="{_n(s.radius)}"' if s.radius else ""
        return (f'<rect x="{_n(s.x)}" y="{_n(s.y)}" width="{_n(s.w)}" height="{_n(s.h)}"{rx}'
                f'{_paint(s.fill, s.stroke, s.stroke_width)}/>')
    if isinstance(s, Circle):
        return (f'<circle cx="{_n(s.cx)}" cy="{_n(s.cy)}" r="{_n(s.r)}"'
                f'{_paint(s.fill, s.stroke, s.stroke_width)}/>')
    if isinstance(s, Line):
        return (f'<line x1="{_n(s.x1)}" y1="{_n(s.y1)}" x2="{_n(s.x2)}" y2="{_n(s.y2)}" '
                f'stroke="{s.stroke}" stroke-width="{_n(s.width)}"/>')
    if isinstance(s, Polygon):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
        return f'<polygon points="{pts}"{_paint(s.fill, s.stroke, s.stroke_width)}/>'
    if isinstance(s, Text):
        weight = ' font-weight="bold"' if s.bold else ""
        return (f'<text x="{_n(s.x)}" y="{_n(s.y)}" font-size="{_n(s.size)}" fill="{s.fill}" '
                f'text-anchor="{s.anchor}" dominant-baseline="central"{weight}>{_text(s.text)}</text>')
    raise TypeError(f"not a shape: {s!r}")
