"""Draws a Scene on an ipycanvas Canvas, in one batch (one message per frame)."""
from __future__ import annotations

import math

from ipycanvas import Canvas, hold_canvas

from .scene import FONT, Circle, Line, Polygon, Rect, Scene, Text

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def paint(canvas: Canvas, scene: Scene) -> None:
    """Clear ``canvas`` and draw ``scene`` on it inside ``hold_canvas``."""
    with hold_canvas(canvas):
        canvas.clear()
        canvas.fill_style = scene.background
        canvas.fill_rect(0, 0, scene.width, scene.height)
        canvas.text_baseline = "middle"
        for s in scene.shapes:
            _draw(canvas, s)


def _rounded(canvas: Canvas, x: float, y: float, w: float, h: float, r: float) -> None:
    r = min(r, w / 2, h / 2)
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def _draw(canvas: Canvas, s) -> None:
    if isinstance(s, Rect):
        if s.radius:
            _rounded(canvas, s.x, s.y, s.w, s.h, s.radius)
            if s.fill:
                canvas.fill_style = s.fill
                canvas.fill()
            if s.stroke:
                canvas.stroke_style, canvas.line_width = s.stroke, s.stroke_width
                canvas.stroke()
        else:
            if s.fill:
                canvas.fill_style = s.fill
                canvas.fill_rect(s.x, s.y, s.w, s.h)
            if s.stroke:
                canvas.stroke_style, canvas.line_width = s.stroke, s.stroke_width
                canvas.stroke_rect(s.x, s.y, s.w, s.h)
    elif isinstance(s, Circle):
        canvas.begin_path()
        canvas.arc(s.cx, s.cy, s.r, 0, 2 * math.pi)
        if s.fill:
            canvas.fill_style = s.fill
            canvas.fill()
        if s.stroke:
            canvas.stroke_style, canvas.line_width = s.stroke, s.stroke_width
            canvas.stroke()
    elif isinstance(s, Line):
        canvas.stroke_style, canvas.line_width = s.stroke, s.width
        canvas.stroke_line(s.x1, s.y1, s.x2, s.y2)
    elif isinstance(s, Polygon):
        if s.fill:
            canvas.fill_style = s.fill
            canvas.fill_polygon(list(s.points))
        if s.stroke:
            canvas.stroke_style, canvas.line_width = s.stroke, s.stroke_width
            canvas.stroke_polygon(list(s.points))
    elif isinstance(s, Text):
        canvas.font = f"{'bold ' if s.bold else ''}{s.size:g}px {FONT}"
        canvas.text_align = _ALIGN[s.anchor]
        canvas.fill_style = s.fill
        canvas.fill_text(s.text, s.x, s.y)
