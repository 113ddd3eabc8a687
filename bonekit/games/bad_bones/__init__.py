"""Bad Bones: skeletons march across your board; hero and traps keep them off tower and village."""
from .board import components
from .bots import GuardBot
from .game import BadBones
from .state import BadBonesState, Board, Pending, Skeleton, Trap

__all__ = ["BadBones", "BadBonesState", "Board", "GuardBot", "Pending", "Skeleton", "Trap", "components"]
