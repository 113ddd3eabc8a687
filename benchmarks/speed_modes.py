"""What the speed benchmark measures: every game and mode, the rows of each, and issue 10's
targets. Data only, shared by the benchmark (benchmarks/speed.py) and its worker processes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TITLES = {"bone_to_pick": "Bone to Pick", "bad_bones": "Bad Bones", "rolled_bones": "Rolled Bones",
          "bone_wars": "Bone Wars"}


@dataclass(frozen=True)
class Mode:
    """One way to play a game: what ``game.new`` is given, and the mode's own bot."""

    game: str
    label: str
    players: int
    variant: str
    bot: str  # the mode's own bot, a key of ``game.bots``
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return TITLES[self.game]

    @property
    def key(self) -> tuple[str, str]:
        return (self.game, self.label)


MODES = (
    Mode("bone_to_pick", "base 2p", 2, "base", "careful"),
    Mode("bone_to_pick", "base 4p", 4, "base", "careful"),
    Mode("bone_to_pick", "base 6p", 6, "base", "careful"),
    Mode("bone_to_pick", "campaign 4p", 4, "campaign", "careful"),
    Mode("bone_to_pick", "epic 9p", 9, "epic", "careful"),
    Mode("bone_to_pick", "epic campaign 12p", 12, "epic", "careful", {"campaign": True}),
    Mode("bone_to_pick", "team 6p", 6, "team", "careful"),
    Mode("bone_to_pick", "solo", 1, "solo", "solo"),
    Mode("bone_to_pick", "co-op 2p", 2, "coop", "coop"),
    Mode("bone_to_pick", "co-op 3p", 3, "coop", "coop"),
    Mode("bad_bones", "2p", 2, "basic", "guard"),
    Mode("bad_bones", "4p", 4, "basic", "guard"),
    Mode("bad_bones", "6p", 6, "basic", "guard"),
    Mode("bad_bones", "solo", 1, "solo", "guard"),
    Mode("bad_bones", "advanced 2p", 2, "advanced", "guard"),
    Mode("bad_bones", "advanced 6p", 6, "advanced", "guard"),
    Mode("bad_bones", "advanced solo", 1, "solo", "guard", {"advanced": True}),
    Mode("bad_bones", "chiefs 4p", 4, "basic", "guard", {"chiefs": True}),
    Mode("bad_bones", "chiefs solo", 1, "solo", "guard", {"chiefs": True}),
    Mode("bad_bones", "advanced chiefs 6p", 6, "advanced", "guard", {"chiefs": True}),
    Mode("bad_bones", "co-op 3p", 3, "coop", "guard"),
    Mode("bad_bones", "co-op 6p", 6, "coop", "guard"),
    Mode("rolled_bones", "base 2p", 2, "base", "builder"),
    Mode("rolled_bones", "base 4p", 4, "base", "builder"),
    Mode("rolled_bones", "base 6p alliances", 6, "base", "builder", {"alliances": True}),
    Mode("rolled_bones", "arena 2p", 2, "arena", "builder"),
    Mode("rolled_bones", "arena 4p", 4, "arena", "builder"),
    Mode("bone_wars", "2p", 2, "basic", "scholar"),
    Mode("bone_wars", "4p", 4, "basic", "scholar"),
    Mode("bone_wars", "solo", 1, "solo", "scholar"),
)

# The rows of every mode: (path, bots). "apply" is the plain checked loop (game.apply after
# each bot choice), "playout" the simulation path (game.playout); "own" is the mode's own bot.
PATHS = (("apply", "random"), ("playout", "random"), ("playout", "own"))

# Issue 10's targets. TTT: OpenSpiel's Python tic-tac-toe, random playouts, in the same run.
APPLY_VS_TODAY = 2.0         # must: the checked apply loop, every game and mode, against today
PLAYOUT_VS_TTT = 1.0         # must: the simulation path with random bots, every Bone to Pick mode
TIMELINE_MB = 2.0            # must: the longest game's timeline (its states), every mode
IMPORT_MS = 100.0            # must: import bonekit, with no Jupyter module
AIM_BASE_VS_TTT = 2.0        # aim: Bone to Pick base on the simulation path
AIM_BAD_BONES_VS_TTT = 1.0   # aim: Bad Bones on the simulation path

# Top-level packages of the notebook front end: the engine must not pull any of them in.
JUPYTER = ("IPython", "ipykernel", "ipywidgets", "ipycanvas", "anywidget", "jupyter_client",
           "jupyter_core", "jupyterlab", "notebook", "nbformat", "traitlets", "comm",
           "widgetsnbextension")
