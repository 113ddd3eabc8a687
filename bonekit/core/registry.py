"""Finding games by id."""
from __future__ import annotations

import importlib

from .errors import UnknownGame
from .game import Game
from .words import short

# id -> (module, class name). Games not built yet are listed in COMING.
GAMES: dict[str, tuple[str, str]] = {
    "bone_to_pick": ("bonekit.games.bone_to_pick", "BoneToPick"),
    "bad_bones": ("bonekit.games.bad_bones", "BadBones"),
    "rolled_bones": ("bonekit.games.rolled_bones", "RolledBones"),
    "bone_wars": ("bonekit.games.bone_wars", "BoneWars"),
}
COMING: dict[str, str] = {}
_loaded: dict[str, Game] = {}


def load(game_id: str) -> Game:
    """The Game object for ``game_id`` (e.g. ``"bone_to_pick"``)."""
    if game_id not in _loaded:
        if game_id not in GAMES:
            hint = " (not built yet)" if game_id in COMING else ""
            raise UnknownGame(f"no game {short(game_id)}{hint}; available: {', '.join(GAMES)}")
        module, cls = GAMES[game_id]
        _loaded[game_id] = getattr(importlib.import_module(module), cls)()
    return _loaded[game_id]


def available() -> list[str]:
    return list(GAMES)
