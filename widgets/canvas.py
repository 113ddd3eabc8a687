"""SceneCanvas: an ipycanvas Canvas that shows one Scene and forwards clicks on hit regions."""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w
from ipycanvas import Canvas

from .painter import paint
from .scene import Hit, Scene
from .theme import dark

SIZE_TOGGLE_CLASS = "bonekit-size-toggle"   # the "Large picture" button (tests find it by it)


def key_name(key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> str:
    """A key as the widgets name it: ``"ArrowRight"``, ``"Shift+PageDown"``, ``"Ctrl+n"``.

    Shift is named only with keys that have no character of their own (a shifted letter or
    ``{`` already says so itself).
    """
    prefix = ("Ctrl+" if ctrl else "") + ("Meta+" if meta else "")
    if shift and len(key) > 1:
        prefix += "Shift+"
    return prefix + key


def fit(width: int, large: bool = False) -> w.Layout:
    """The picture's layout: its own size, scaled down (never up) to the width of the
    notebook, its height following; ``large`` (a projector's size): the notebook's whole
    width, scaled up as well. ipycanvas reads clicks against the drawn size, so a scaled
    picture still takes clicks where the pointer is."""
    return w.Layout(width="100%" if large else f"{width}px", max_width="100%", height="auto")


class SceneCanvas:
    """Owns a Canvas sized to the scene; repaints on every update and whenever a browser
    view connects (pixels are not part of the widget state, so a new view starts blank).
    The picture scales down to the notebook's width (see ``fit``) and is drawn in the dark
    palette while ``dark`` is set (``set_dark``: the page's theme, reported by ``Keyboard``)."""

    def __init__(self, scene: Scene, on_hit: Callable[[Hit | None, float, float], None] | None = None,
                 on_key: Callable[[str], None] | None = None):
        self.scene = scene
        self.dark = False
        self.large = False
        self.canvas = Canvas(width=scene.width, height=scene.height, layout=fit(scene.width))
        self.paints = 0
        self._on_hit = on_hit
        self.canvas.on_client_ready(self._repaint)
        if on_hit:
            self.canvas.on_mouse_down(self.click)
        if on_key:
            self.canvas.on_key_down(lambda key, *modifiers: on_key(key_name(key, *modifiers)))
        self._repaint()

    def show(self, scene: Scene) -> None:
        if (scene.width, scene.height) != (self.scene.width, self.scene.height):
            self.canvas.width, self.canvas.height = scene.width, scene.height
            self.canvas.layout.width = "100%" if self.large else f"{scene.width}px"
        self.scene = scene
        self._repaint()

    def set_large(self, large: bool) -> None:
        """Show the picture as wide as the notebook (a projector's size), or at its own size
        again (scaled down only)."""
        self.large = bool(large)
        self.canvas.layout.width = "100%" if self.large else f"{self.scene.width}px"

    def size_toggle(self) -> w.ToggleButton:
        """A "Large picture" button (for a projector): the picture fills the notebook's width."""
        toggle = w.ToggleButton(value=self.large, description="Large picture", icon="expand",
                                tooltip="projector size: the picture as wide as the notebook",
                                layout=w.Layout(width="auto", align_self="flex-start"))
        toggle.add_class(SIZE_TOGGLE_CLASS)
        toggle.observe(lambda change: self.set_large(change["new"]), "value")
        return toggle

    def set_dark(self, dark: bool) -> None:
        """Draw in the dark palette (or the light one again) from now on."""
        if bool(dark) != self.dark:
            self.dark = bool(dark)
            self._repaint()

    def click(self, x: float, y: float) -> None:
        """Handle a click at canvas coordinates (also how tests press things)."""
        if self._on_hit:
            self._on_hit(self.scene.hit_at(x, y), x, y)

    def _repaint(self, *_: object) -> None:
        paint(self.canvas, dark(self.scene) if self.dark else self.scene)
        self.paints += 1
