"""Game views: functions that turn a state into a Scene, one module per game."""
from __future__ import annotations

from typing import Any, Callable

from bonekit.core.game import Game

from ..scene import Scene
from . import bone_to_pick

VIEWS: dict[str, Callable[..., Scene]] = {"bone_to_pick": bone_to_pick.render}


def render(game: Game, state: Any, seat: int | None = None, active: int | None = None) -> Scene:
    """The Scene of ``state`` as ``seat`` sees it (None: all-seeing); ``active`` may click."""
    return VIEWS[game.id](game, state, seat, active)
