"""Layout checks shared by the picture tests (tests/test_*_picture.py): where a text is drawn,
which texts touch, and what of a picture is too small or outside it at a laptop's width."""
from __future__ import annotations

from bonekit.widgets import Rect, Scene, Text, raster

NOTEBOOK = 934  # px a picture gets at 1366x768 with JupyterLab's file browser open
SMALLEST = 12  # px: the smallest text issue 20 accepts there


def text_box(t: Text) -> tuple[float, float, float, float]:
    """Where ``t`` is drawn (the raster's font; the height a little under the font size)."""
    width = raster.font(t.size, t.bold).getlength(t.text)
    x0 = {"start": t.x, "middle": t.x - width / 2, "end": t.x - width}[t.anchor]
    return x0, t.y - 0.4 * t.size, x0 + width, t.y + 0.4 * t.size


def overlaps(scene: Scene) -> list[tuple[str, str]]:
    """Pairs of texts that touch (more than a pixel side by side, any height one above the other)."""
    boxes = sorted((text_box(t), t.text) for t in scene.shapes if isinstance(t, Text) and t.text.strip())
    out = []
    for k, (p, a) in enumerate(boxes):
        for q, b in boxes[k + 1:]:
            if q[0] > p[2] - 1:
                break
            if min(p[2], q[2]) - max(p[0], q[0]) > -1 and min(p[3], q[3]) - max(p[1], q[1]) > 0:
                out.append((a, b))
    return out


def layout_problems(scene: Scene) -> list[str]:
    """Texts under SMALLEST px as shown NOTEBOOK px wide, texts, boxes and click regions outside
    the picture, and texts that touch."""
    out = []
    scale = min(1.0, NOTEBOOK / scene.width)
    texts = [t for t in scene.shapes if isinstance(t, Text) and t.text.strip()]
    out += [f"{t.text!r} at {t.size * scale:.1f} px" for t in texts if t.size * scale < SMALLEST]
    for t in texts:
        x0, y0, x1, y1 = text_box(t)
        if x0 < 0 or x1 > scene.width or y0 < 0 or y1 > scene.height:
            out.append(f"{t.text!r} outside the picture ({x0:.0f}..{x1:.0f} of {scene.width})")
    out += [f"{a!r} overlaps {b!r}" for a, b in overlaps(scene)]
    out += [f"a box at x {r.x:.0f}..{r.x + r.w:.0f}, y {r.y:.0f}..{r.y + r.h:.0f} outside the picture"
            for r in scene.shapes
            if isinstance(r, Rect) and (r.x < 0 or r.x + r.w > scene.width or r.y + r.h > scene.height)]
    out += [f"{h.target!r}'s region outside the picture" for h in scene.hits
            if h.x < 0 or h.x + h.w > scene.width or h.y < 0 or h.y + h.h > scene.height]
    return out
