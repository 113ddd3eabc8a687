"""Draws a Scene on an ipycanvas Canvas, in one batch (one message per frame)."""
from __future__ import annotations

import math

from ipycanvas import Canvas, hold_canvas

from .scene import FONT, Circle, Line, Polygon, Rect, Scene, Text

_ALIGN = {"start": "left", "middle": "center", "end": "right"}

# A drawing command: ("set", attribute, value) or ("call", method, args).
Command = tuple[str, str, tuple]


def commands(scene: Scene) -> list[Command]:
    """The canvas calls that draw ``scene``, computed up front.

    Everything that can fail happens here, outside ``hold_canvas``: ipycanvas's batching
    context has no ``finally``, so an error inside it would leave every canvas in the kernel
    batching forever.
    """
    out: list[Command] = [("call", "clear", ()), ("set", "fill_style", scene.background),
                          ("call", "fill_rect", (0, 0, scene.width, scene.height)),
                          ("set", "text_baseline", "middle")]
    for s in scene.shapes:
        out.extend(_shape(s))
    return out


def paint(canvas: Canvas, scene: Scene) -> None:
    """Clear ``canvas`` and draw ``scene`` on it as one batch."""
    todo = commands(scene)
    with hold_canvas():
        for kind, name, value in todo:
            if kind == "set":
                setattr(canvas, name, value)
            else:
                getattr(canvas, name)(*value)


def _fill_stroke(fill: str | None, stroke: str | None, width: float) -> list[Command]:
    out: list[Command] = []
    if fill:
        out += [("set", "fill_style", fill), ("call", "fill", ())]
    if stroke:
        out += [("set", "stroke_style", stroke), ("set", "line_width", width), ("call", "stroke", ())]
    return out


def _rounded(x: float, y: float, w: float, h: float, r: float) -> list[Command]:
    r = min(r, w / 2, h / 2)
    return [("call", "begin_path", ()), ("call", "move_to", (x + r, y)),
            ("call", "arc_to", (x + w, y, x + w, y + h, r)),
            ("call", "arc_to", (x + w, y + h, x, y + h, r)),
            ("call", "arc_to", (x, y + h, x, y, r)),
            ("call", "arc_to", (x, y, x + w, y, r)), ("call", "close_path", ())]


def _shape(s) -> list[Command]:
    if isinstance(s, Rect):
        if s.radius:
            return _rounded(s.x, s.y, s.w, s.h, s.radius) + _fill_stroke(s.fill, s.stroke, s.stroke_width)
        out: list[Command] = []
        if s.fill:
            out += [("set", "fill_style", s.fill), ("call", "fill_rect", (s.x, s.y, s.w, s.h))]
        if s.stroke:
            out += [("set", "stroke_style", s.stroke), ("set", "line_width", s.stroke_width),
                    ("call", "stroke_rect", (s.x, s.y, s.w, s.h))]
        return out
    if isinstance(s, Circle):
        return ([("call", "begin_path", ()), ("call", "arc", (s.cx, s.cy, s.r, 0, 2 * math.pi))]
                + _fill_stroke(s.fill, s.stroke, s.stroke_width))
    if isinstance(s, Line):
        return [("set", "stroke_style", s.stroke), ("set", "line_width", s.width),
                ("call", "stroke_line", (s.x1, s.y1, s.x2, s.y2))]
    if isinstance(s, Polygon):
        out = []
        if s.fill:
            out += [("set", "fill_style", s.fill), ("call", "fill_polygon", (list(s.points),))]
        if s.stroke:
            out += [("set", "stroke_style", s.stroke), ("set", "line_width", s.stroke_width),
                    ("call", "stroke_polygon", (list(s.points),))]
        return out
    if isinstance(s, Text):
        return [("set", "font", f"{'bold ' if s.bold else ''}{s.size:g}px {FONT}"),
                ("set", "text_align", _ALIGN[s.anchor]), ("set", "fill_style", s.fill),
                ("call", "fill_text", (s.text, s.x, s.y))]
    raise TypeError(f"not a shape: {s!r}")
