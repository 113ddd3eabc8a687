"""Teaching helpers for the tutorial notebooks, so their cells stay about the game.

- ``show`` / ``play`` / ``refuse``: print what the engine reports, one line per event with its
  rule id; apply labels one after another; demonstrate a refused action and the rule behind it.
- ``recap``: catalog sections at a notebook's end, those shown above named in a line each.
- ``check``: the one exercise checker of every notebook: ✓ or ✗ with a hint, never a traceback,
  forgiving of case, spacing and order where order does not matter.
- ``GuidedTable``: a Table that walks a learner through named first moves and explains a
  wrong one (see ``bonekit.widgets.guided``).
- ``progress`` / ``progress_bar``: a progress bar for simulations (around a loop, or as the
  ``progress=`` callback of ``bonekit.simulate``) that still reads well in a saved notebook.
- ``bar_chart`` / ``line_chart``: charts drawn by matplotlib with a colour-blind safe palette,
  a marker or hatch per series, deterministic SVG (nbval compares it), a PNG for notebooks
  opened untrusted, and the numbers as a text table.
"""
from __future__ import annotations

from .charts import Chart, bar_chart, line_chart
from .checking import Check, check
from .guided import GuidedTable, Step
from .narration import Recap, play, recap, refuse, show
from .progress import Progress, progress, progress_bar

__all__ = ["Chart", "Check", "GuidedTable", "Progress", "Recap", "Step", "bar_chart", "check",
           "line_chart", "play", "progress", "progress_bar", "recap", "refuse", "show"]
