"""What every bonekit widget shares: a static SVG and a digest in its mime bundle."""
from __future__ import annotations

import hashlib

from .scene import Scene


def digest(text: str) -> str:
    """A short, stable fingerprint of the state shown (its text board)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


class StaticFallback:
    """Mixin for ipywidgets containers: adds the current scene as ``image/svg+xml`` and a
    digest as ``text/plain``, so saved notebooks show a picture and nbval notices drift."""

    def current_scene(self) -> Scene:
        raise NotImplementedError

    def summary(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.summary()

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = bundle[0] if isinstance(bundle, tuple) else dict(bundle or {})
        data["text/plain"] = self.summary()
        data["image/svg+xml"] = self.current_scene().to_svg()
        return data
