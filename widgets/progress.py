"""A progress bar for simulations that reads well in a saved notebook.

Live, it is an ipywidgets bar with a count. Saved, a widget shows its ``text/plain`` form (on
GitHub, in a static view, in a notebook opened untrusted) and that is what nbval compares; a
tqdm bar saves its first frame there ("0%| | 0/400"). This one saves the finished state
("solo games: 400/400 done") from the start: the count is known up front and a notebook is only
saved once its cells have run.
"""
from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sized
from typing import TypeVar

import ipywidgets as w

T = TypeVar("T")
REDRAW_EVERY = 0.1  # seconds between redraws: one comm message per redraw, not per game


class Progress(w.HBox):
    """A bar, its label and ``done/total`` count; iterate through ``progress(...)``."""

    def __init__(self, total: int, desc: str):
        self.total, self.desc, self.done = total, desc, 0
        self.bar = w.IntProgress(min=0, max=max(total, 1), value=0, description=desc,
                                 style={"description_width": "initial"}, layout=w.Layout(width="420px"))
        self.count = w.Label(f"0/{total}")
        super().__init__([self.bar, self.count])
        self._last = 0.0

    def advance(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if done >= self.total or now - self._last >= REDRAW_EVERY:
            self._last = now
            self.bar.value = min(done, self.total)
            self.count.value = f"{done}/{self.total}" + (" done" if done >= self.total else "")

    def __call__(self, done: int, total: int | None = None) -> None:
        """The ``progress(done, total)`` callback of ``bonekit.simulate``."""
        self.advance(done)

    def __repr__(self) -> str:
        return f"{self.desc}: {self.total}/{self.total} done"

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else dict(bundle or {})
        data["text/plain"] = repr(self)
        return data


def progress(items: Iterable[T], desc: str = "games", total: int | None = None) -> Iterator[T]:
    """Yield ``items`` while a progress bar counts them (``total`` if ``items`` has no length)."""
    from IPython.display import display

    if total is None:
        total = len(items) if isinstance(items, Sized) else 0
    bar = Progress(total, desc)
    display(bar)
    done = 0
    for item in items:
        yield item
        done += 1
        bar.advance(done)
    if done != total:  # fewer or more than announced: say so on the live bar
        bar.total = done
        bar.bar.max = max(done, 1)
        bar.advance(done)


def progress_bar(total: int, desc: str = "games") -> Progress:
    """Show a progress bar now and return it; pass it as ``simulate(..., progress=bar)``."""
    from IPython.display import display

    bar = Progress(total, desc)
    display(bar)
    return bar
