"""Render the pictures the README shows, with the kit itself: python docs/make_pictures.py"""
from pathlib import Path

import bonekit
from bonekit.widgets import render

DOCS = Path(__file__).resolve().parent


def bone_to_pick() -> None:
    game = bonekit.load("bone_to_pick")
    state = game.new(4, seed=3, names=["Jeanette", "Adam", "Pjotr", "Kim"])
    for label in ["P1 play 7", "P2 play 9", "P3 play 9", "P4 play 8", "P1 play 3", "P3 play 5"]:
        state, _ = game.apply(state, label)
    (DOCS / "bone_to_pick.svg").write_text(render(game, state).to_svg() + "\n", encoding="utf-8")


if __name__ == "__main__":
    bone_to_pick()
