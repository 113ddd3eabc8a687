"""The Rolled Bones picture (issue 20: it fits a notebook 934 px wide, 1366×768 with the file
browser open, at full size with no text under 12 px; issue 22: nothing overlaps, nothing is cut
off, nothing is left out). Along random games of each variant and table size, in the seat to
move's view (with a die picked, too) and the all-seeing one."""

from __future__ import annotations

import random

import pytest

from bonekit.games.rolled_bones import RolledBones
from bonekit.games.rolled_bones.dice import magic_on
from bonekit.games.rolled_bones.scenarios import empty_table, place
from bonekit.widgets import Scene, Text, render
from bonekit.widgets.theme import dark
from picture_checks import layout_problems

GAME = RolledBones()
CASES = [("base", 2, {}), ("base", 3, {}), ("base", 4, {}), ("base", 6, {}), ("base", 4, {"alliances": True}),
         ("arena", 2, {}), ("arena", 3, {}), ("arena", 6, {})]


def _id(case) -> str:
    variant, players, options = case
    return f"{variant}-{players}" + "".join(f"-{k}" for k in options)


def problems(scene: Scene, state) -> list[str]:
    """Everything wrong with one picture of ``state``."""
    out = layout_problems(scene)
    labels = [t.text for t in scene.shapes if isinstance(t, Text) and t.text.strip()]
    for i, area in enumerate(state.area):
        if area in ("rack", "base", "arena") and labels.count(f"d{i + 1}") != 1:
            out.append(f"d{i + 1} ({area}) drawn {labels.count(f'd{i + 1}')} times")
    return out


def pictures(case, moves: int = 260, every: int = 3):
    """(state, scene) along a random game of ``case``: the seat to move's view, with one of its
    dice picked now and then, and the all-seeing view."""
    variant, players, options = case
    state = GAME.new(players, variant=variant, seed=players * 7 + len(options), **options)
    rng = random.Random(players)
    for step in range(moves):
        if step % every == 0 or GAME.is_over(state):
            seat = (GAME.to_move(state) or (0,))[0]
            scene = render(GAME, state, seat, seat)
            yield state, scene
            picks = sorted(h.target for h in scene.hits if h.target.startswith("select:"))
            if picks:
                yield state, render(GAME, state, seat, seat, rng.choice(picks)[len("select:"):])
            if step % (every * 5) == 0:
                yield state, render(GAME, state)
        if GAME.is_over(state):
            return
        state, _ = GAME.apply(state, rng.choice(GAME.all_legal_actions(state)))


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_every_die_is_drawn_and_labelled_with_12_px_text_that_neither_overlaps_nor_leaves(case):
    seen = 0
    for state, scene in pictures(case):
        assert scene.width <= 930
        wrong = problems(scene, state)
        assert not wrong, f"{_id(case)}, round {state.round}, {state.phase}: {wrong[:6]}"
        seen += 1
    assert seen > 20


def test_every_text_reads_in_light_and_dark_on_a_crowded_table_and_along_a_game():
    """The new grounds (a guard's shaded stack, magic chips, door tags, owner tags, buttons)
    keep every text at 4.5:1 in both themes."""
    from test_views_access import contrast_failures

    scenes = [render(GAME, _crowded()[0], 0, 0)] + [sc for _, sc in pictures(CASES[4], moves=150, every=5)]
    for scene in scenes:
        assert not contrast_failures(scene) and not contrast_failures(dark(scene)), scene.title


def _crowded():
    """P1 with a full base, a guard carrying an item on its front door, magic on a base die and
    on the guard, more dice in the base than one row holds; fifteen dice in the arena, one of
    them standing on an item."""
    bag = {"B0001": 8, "C0001": 12, "I0001": 2, "M0001": 2}
    s = empty_table(2, bags=[bag, bag])
    base = [place(s, 0, "B0001", 4, "base") for _ in range(6)]
    goblin = place(s, 0, "C0001", 3, base[0])
    place(s, 0, "I0001", 2, goblin)
    place(s, 0, "M0001", 5, base[1])
    place(s, 0, "M0001", 1, goblin)
    yard = [place(s, 0, "C0001", 2, "base") for _ in range(8)]
    arena = [place(s, 0, "C0001", 4, "arena") for _ in range(3)]
    arena += [place(s, 1, "C0001", 4, "arena") for _ in range(10)]
    blade = place(s, 1, "I0001", 5, "arena")
    rider = place(s, 1, "C0001", 3, blade)  # a creature standing on an item
    for code in ("B0001", "B0001", "I0001"):
        place(s, 0, code, 1, "rack")
    return s, base, yard, arena + [blade, rider]


def test_a_crowded_table_wraps_its_rows_and_leaves_no_die_out():
    """The old picture stopped drawing at the right edge ('+3 more', or nothing for the dice in
    the base); now rows wrap, and every die can still be clicked."""
    s, base, yard, arena = _crowded()
    scene = render(GAME, s, 0, 0)
    assert not problems(scene, s)
    targets = {h.target for h in scene.hits}
    for i in yard + arena[:3]:
        assert f"select:d{i + 1}" in targets, i
    assert any(t.text == "+3" for t in scene.shapes if isinstance(t, Text))  # the magic on base[1]
    assert magic_on(s, base[1])
    # after picking a creature in the arena, each of P2's dice there is a target
    scene = render(GAME, s, 0, 0, f"d{arena[0] + 1}")
    attacks = {h.target for h in scene.hits if " attack " in h.target}
    assert {f"P1 attack d{arena[0] + 1} d{i + 1}" for i in arena[3:]} <= attacks
