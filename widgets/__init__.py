"""bonekit.widgets: Jupyter widgets that draw games and let people step through and play them.

- ``Scene`` and the views in ``bonekit.widgets.views`` turn a state into a picture (SVG, PNG
  or canvas);
- ``Stepper(replay)`` walks through a recorded game;
- ``Table(game, seats)`` plays a game against bots.
"""
from .keyboard import Keyboard
from .raster import to_png
from .scene import Circle, Hit, Line, Polygon, Rect, Scene, Text
from .stepper import Stepper
from .table import Table
from .views import render

__all__ = ["Circle", "Hit", "Keyboard", "Line", "Polygon", "Rect", "Scene", "Stepper", "Table", "Text",
           "render", "to_png"]
