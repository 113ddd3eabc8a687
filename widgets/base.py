"""What every bonekit widget shares: a static picture (SVG and PNG) and a digest in its mime bundle."""
from __future__ import annotations

import base64
import hashlib
from typing import Any

from .scene import Scene

# Classes on a widget's outer box: the keyboard helper finds its widget by the first one.
WIDGET_CLASS = "bonekit-widget"


def digest(text: str) -> str:
    """A short, stable fingerprint of the state shown (its text board)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


class StaticFallback:
    """Mixin for ipywidgets containers: adds the current scene as ``image/svg+xml`` and
    ``image/png`` and a digest as ``text/plain``, so saved notebooks show a picture (the PNG
    where JupyterLab does not trust the notebook and hides SVG) and nbval notices drift.

    ``_repr_mimebundle_`` returns ``(data, metadata)``; the metadata gives the PNG its size.
    """

    def current_scene(self) -> Scene:
        raise NotImplementedError

    def summary(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.summary()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
        metadata = dict(bundle[1]) if isinstance(bundle, tuple) and len(bundle) > 1 else {}
        picture, picture_metadata = self.current_scene().mime_bundle()
        data["image/svg+xml"] = picture["image/svg+xml"]
        data["image/png"] = picture["image/png"]
        data["text/plain"] = self.summary()
        metadata.update(picture_metadata)
        # A trusted notebook opened unrun shows its widgets from their saved state, where a
        # canvas has no pixels; ipycanvas draws ``image_data`` when its model starts, so give it
        # the same picture (a live view repaints over it as soon as it connects).
        canvas = getattr(getattr(self, "picture", None), "canvas", None)
        if canvas is not None and hasattr(canvas, "image_data"):
            canvas.set_trait("image_data", base64.b64decode(picture["image/png"]))
        # ... and if ipycanvas shows its view before drawing it, the keyboard helper paints it
        keyboard = getattr(self, "keyboard", None)
        if keyboard is not None and hasattr(keyboard, "picture"):
            keyboard.picture = picture["image/png"]
        return data, metadata
