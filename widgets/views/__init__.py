"""Game views: functions that turn a state into a Scene, one module per game."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bonekit.core.game import Game

from ..scene import Scene
from . import bad_bones, bone_to_pick, bone_wars, rolled_bones

VIEWS: dict[str, Callable[..., Scene]] = {"bone_to_pick": bone_to_pick.render, "bad_bones": bad_bones.render,
                                          "rolled_bones": rolled_bones.render, "bone_wars": bone_wars.render}


def render(game: Game, state: Any, seat: int | None = None, active: int | None = None,
           selection: str | None = None, previous: Any = None) -> Scene:
    """The Scene of ``state`` as ``seat`` sees it (None: all-seeing); ``active`` may click.

    ``selection`` is the first part of an action built over several clicks (e.g. a trap picked
    from the supply before its square): views that need it show it and offer the next clicks.
    Hit regions target either an action label or ``select:<text>`` to change the selection.

    ``previous`` is the state one step before (the Stepper passes it): views mark what changed
    since then (the skeleton that moved and its path, the cards just played).
    """
    return VIEWS[game.id](game, state, seat, active, selection, previous)
