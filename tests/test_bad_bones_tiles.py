"""The advanced version's six trap tiles in the Bad Bones picture, on boards staged by hand:
each kind intact and damaged, both labyrinth colours, a bomb's blast area on an arrow square,
and every kind in a supply. Each tile carries its letter or glyph, the legend explains it, every
text passes the contrast check, and a picture of the basic game is exactly what it was before
the new tiles existed.
"""
from __future__ import annotations

import hashlib

import pytest

import bonekit
from bonekit.games.bad_bones.state import Skeleton, Trap
from bonekit.widgets import Line, Polygon, Rect, Text, render
from bonekit.widgets.views import bad_bones as view
from test_views_access import _tokens, board_shapes, contrast_failures, contrast_ratio, legend_shapes

NEW = ("barricade", "bomb", "hearse", "labyrinth", "portal", "spring")
GLYPH = {"barricade": "#", "bomb": "*", "hearse": "H", "labyrinth": "L", "portal": "@", "spring": "S"}


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bad_bones")


def _arrow_square(game) -> str:
    return sorted(sq for sq, _ in game.data.arrows)[0]


def staged(game, with_skeletons: bool = True):
    """Two boards: P1 with every new kind intact and damaged, both labyrinth colours and a blast
    area on an arrow square (skeletons standing on some tiles); P2 with every kind in supply."""
    s = game.copy_state(game.new(2, setup="empty", seed=1))
    a, b = s.boards
    a.traps = {"a1": Trap("barricade"), "b1": Trap("barricade", True), "c1": Trap("bomb"),
               "d1": Trap("hearse"), "e1": Trap("labyrinth", False, "white"),
               "a2": Trap("labyrinth", False, "black"), "b2": Trap("portal"), "c2": Trap("portal", True),
               "d2": Trap("spring"), "e2": Trap("spring", True),
               _arrow_square(game): Trap("bomb", True)}
    if with_skeletons:   # a stack on the labyrinths and a token on the blast: the signs stay clear
        m = game.data.models
        a.skeletons = {0: Skeleton(0, m[0].name, 0, 4, "s", "white"),
                       1: Skeleton(1, m[1].name, 1, 0, "e", "black"),
                       2: Skeleton(2, m[2].name, 1, 0, "n", "white")}
    b.supply = list(NEW)
    b.removed_traps = ["portal"]
    return s


def texts(shapes) -> list[Text]:
    return [t for t in shapes if isinstance(t, Text)]


def _on_board(scene, g, sq: str) -> list[Text]:
    x, y, w, h = g.square_box(sq)
    return [t for t in texts(board_shapes(scene)) if x <= t.x <= x + w and y <= t.y <= y + h]


def test_each_tile_shows_its_sign_and_the_legend_lists_it(game):
    s = staged(game)
    for seat in (None, 0, 1):
        scene = render(game, s, seat, seat)
        g1 = view.layout(2)[0][0]
        want = {"a1": "#", "b1": "#", "c1": "*", "d1": "H", "e1": "L", "a2": "L", "b2": "@", "c2": "@",
                "d2": "S", "e2": "s"}
        for sq, sign in want.items():
            assert sign in {t.text for t in _on_board(scene, g1, sq)}, (seat, sq, sign)
        legend = [t.text for t in texts(legend_shapes(scene))]
        tokens = _tokens(legend)
        for kind in NEW:
            assert GLYPH[kind] in tokens, kind
            assert any(kind in line for line in legend), kind
        for damaged in ("s", "#", "@"):
            assert damaged in tokens
        # The legend rule of test_views_access: every single sign on the board is in the key.
        for t in texts(board_shapes(scene)):
            if len(t.text) == 1 and not t.text.isdigit() and t.text not in "abcde+":
                assert t.text in tokens, t.text


def test_damaged_tiles_are_grey_lower_case_and_cracked(game):
    scene = render(game, staged(game))
    g1 = view.layout(2)[0][0]
    for sq, kind in (("b1", "barricade"), ("c2", "portal"), ("e2", "spring")):
        x, y, w, h = g1.square_box(sq)
        inside = [sh for sh in board_shapes(scene)
                  if isinstance(sh, (Rect, Line)) and x <= getattr(sh, "x", getattr(sh, "x1", -1)) <= x + w
                  and y <= getattr(sh, "y", getattr(sh, "y1", -1)) <= y + h]
        tiles = [r for r in inside if isinstance(r, Rect) and r.fill in view.DAMAGED_FILL.values()]
        assert [r.fill for r in tiles] == [view.DAMAGED_FILL[kind]], sq
        assert len([ln for ln in inside if isinstance(ln, Line) and ln.stroke == "#555555"]) == 3, sq
        assert view.TRAP_FILL[kind] not in {r.fill for r in inside if isinstance(r, Rect)}, sq


def test_labyrinth_colour_is_written_not_only_filled(game):
    scene = render(game, staged(game))
    g1 = view.layout(2)[0][0]
    assert "white" in {t.text for t in _on_board(scene, g1, "e1")}
    assert "black" in {t.text for t in _on_board(scene, g1, "a2")}
    # Both tiles share one fill: the colour is told by the word (on a pill of that colour).
    fills = {sq: [r.fill for r in board_shapes(scene) if isinstance(r, Rect)
                  and r.fill == view.TRAP_FILL["labyrinth"]
                  and g1.square_box(sq)[0] <= r.x <= g1.square_box(sq)[0] + g1.cs
                  and g1.square_box(sq)[1] <= r.y <= g1.square_box(sq)[1] + g1.cs] for sq in ("e1", "a2")}
    assert fills["e1"] == fills["a2"] == [view.TRAP_FILL["labyrinth"]]
    # The word lies in the square's top strip, above the skeletons standing there.
    for sq in ("e1", "a2"):
        word = next(t for t in _on_board(scene, g1, sq) if t.text in ("white", "black"))
        assert word.y < g1.square_box(sq)[1] + 0.3 * g1.cs
        tokens = [p for p in board_shapes(scene) if isinstance(p, Polygon) and len(p.points) == 5
                  and g1.square_box(sq)[0] <= p.points[0][0] <= g1.square_box(sq)[0] + g1.cs
                  and g1.square_box(sq)[1] <= p.points[0][1] <= g1.square_box(sq)[1] + g1.cs]
        assert tokens, sq
        assert all(min(py for _, py in p.points) > word.y + 4 for p in tokens), sq
    # A labyrinth in the supply has no colour yet: no word there.
    sx, sy, sw, sh = view.supply_box(view.layout(2)[0][1], 3)
    assert not [t for t in texts(board_shapes(scene)) if t.text in ("white", "black")
                and sx <= t.x <= sx + sw and sy <= t.y <= sy + sh]


def test_blast_area_is_not_a_live_bomb_and_shows_the_arrow(game):
    scene = render(game, staged(game, with_skeletons=False))
    g1 = view.layout(2)[0][0]
    sq = _arrow_square(game)
    x, y, w, h = g1.square_box(sq)
    here = [t.text for t in _on_board(scene, g1, sq)]
    assert "blast" in here and "*" not in here          # the live bomb's glyph is not there
    assert "*" in [t.text for t in _on_board(scene, g1, "c1")]
    rects = [r for r in board_shapes(scene)
             if isinstance(r, Rect) and x <= r.x <= x + w and y <= r.y <= y + h]
    assert view.TRAP_FILL["bomb"] not in {r.fill for r in rects}
    assert view.BLAST_FILL in {r.fill for r in rects}
    # The board's arrow is drawn after the blast area, so it shows through.
    shapes = board_shapes(scene)
    blast_at = next(i for i, r in enumerate(shapes) if isinstance(r, Rect) and r.fill == view.BLAST_FILL)
    arrows = [i for i, ln in enumerate(shapes) if isinstance(ln, Line) and ln.stroke == view.ARROW_INK
              and x <= ln.x1 <= x + w and y <= ln.y1 <= y + h]
    assert arrows and max(arrows) > blast_at
    legend = [t.text for t in texts(legend_shapes(scene))]
    assert any(line.startswith("blast") for line in legend)


def test_supply_and_gone_panels_show_the_new_kinds(game):
    scene = render(game, staged(game))
    g2 = view.layout(2)[0][1]
    signs = []
    for i in range(len(NEW)):
        bx, by, bw, bh = view.supply_box(g2, i)
        signs += [t.text for t in texts(board_shapes(scene)) if bx <= t.x <= bx + bw and by <= t.y <= by + bh]
    assert signs == [GLYPH[k] for k in NEW]
    last = view.supply_box(g2, len(NEW) - 1)
    gone = [t for t in texts(board_shapes(scene)) if t.text == "@" and t.x > last[0] + last[2]
            and g2.info_y <= t.y <= g2.info_y + 30]
    assert len(gone) == 1    # the portal gone for good, crossed out after the supply


def test_every_text_passes_the_contrast_check(game):
    for with_skeletons in (True, False):
        s = staged(game, with_skeletons)
        for seat in (None, 0, 1):
            for selection in (None, "place labyrinth", "place bomb"):
                scene = render(game, s, seat, seat, selection)
                assert contrast_failures(scene) == [], (seat, selection, contrast_failures(scene)[:5])
    for fill, ink in view.SIDE_PILL.values():
        assert contrast_ratio(fill, ink) >= 4.5
    for kind in NEW:
        assert contrast_ratio(view.TRAP_FILL[kind], view.TRAP_INK[kind]) >= 4.5, kind
        assert contrast_ratio(view.DAMAGED_FILL[kind], "#595959") >= 4.5, kind


def test_legend_lists_only_the_kinds_the_picture_shows(game):
    s = game.copy_state(game.new(2, setup="empty", seed=1))
    s.boards[0].supply = ["spring"]
    legend = [t.text for t in texts(legend_shapes(render(game, s)))]
    assert "advanced traps: spring" in legend
    assert not any("labyrinth" in line or line.startswith("blast") for line in legend)
    basic = [t.text for t in texts(legend_shapes(render(game, game.new(2, seed=1))))]
    assert not any("advanced" in line for line in basic)


# Digests of basic-game pictures (since text of 12 px or more at a laptop's width; the committed
# basic notebooks' SVGs must match the engine too: nbval checks those).
BASIC_DIGESTS = {
    "new game": "99f124f9c397c1ff685bb1239c61c3278a6cb1f7f80ee976e9a5b1d320280c03",
    "new game, P1 clicks": "43ada2937e93fe739f5deba986774eaca374321e1cc8569f2910b71bed7acd03",
    "trap lab": "a5138de432b3a1eefeab4a37e59e21d7bee3c6509ac08ce1d78e1c0287cdc192",
}


def test_basic_pictures_are_unchanged(game):
    s = game.new(2, seed=1)
    lab = game.copy_state(game.new(1, variant="solo", setup="empty", seed=1))
    b = lab.boards[0]
    b.traps = {"b2": Trap("wall", False, "/"), "c2": Trap("wall", True, "\\"), "d2": Trap("catapult"),
               "b4": Trap("dragon"), "d4": Trap("treasure")}
    b.supply = ["wall", "catapult", "treasure"]
    b.removed_traps = ["dragon"]
    scenes = {"new game": render(game, s), "new game, P1 clicks": render(game, s, 0, 0),
              "trap lab": render(game, lab)}
    for name, scene in scenes.items():
        assert hashlib.sha256(scene.to_svg().encode()).hexdigest() == BASIC_DIGESTS[name], name
