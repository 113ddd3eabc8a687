"""The Skeleton Chiefs in the Bad Bones pictures: every kind drawn as the ordinary token in a
thick orange band with a sign of its own and its symbol's letter, never under a stack; a Chief
Instructor's unit marked (brackets, member outlines, a "unit of N" tag); the board whose hero fell
with the emperor and the board the emperor got into, said in words; key entries only for the kinds
shown; the description; contrast; clicks in a Table (a unit moved, an instructor shot by the
crossbow); a Stepper over a whole game with the chiefs; and pictures without chiefs unchanged.
"""
from __future__ import annotations

import hashlib
import math

import pytest

import bonekit
from bonekit.core.bots import play_out
from bonekit.core.errors import IllegalAction
from bonekit.core.replay import Replay
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.board import CHIEF_KINDS, SIZE, coords
from bonekit.games.bad_bones.sandbox import lab_state
from bonekit.games.bad_bones.units import leaders
from bonekit.widgets import Circle, Line, Polygon, Scene, Stepper, Table, Text, render
from bonekit.widgets.scene import _svg
from bonekit.widgets.views import bad_bones as view
from test_bad_bones_advanced_widgets import assert_readable, click, texts
from test_views_access import board_shapes, contrast_ratio, legend_shapes

# One chief of every kind, each alone on a square (facings varied), and one ordinary skeleton.
EVERY_KIND = [("a1", "s", "artificer"), ("b1", "e", "necromancer"), ("c1", "s", "nice"),
              ("d1", "w", "instructor"), ("e1", "s", "spectral"), ("a2", "n", "saboteur"),
              ("b2", "s", "emperor"), ("e4", "n")]


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bad_bones")


def chief_stacks(game, s, seat: int = 0):
    """(chief, cx, cy, size, facing) of every chief drawn on board ``seat``."""
    g = view.layout(s.players)[0][seat]
    b = s.boards[seat]
    out = []
    for rc in sorted({(k.r, k.c) for k in b.skeletons.values()}):
        for facing, _side, sks, cx, cy, size in view.stacks_at(s, g, *rc):
            chief = game.data.chief(sks[0].id)
            if chief is not None:
                out.append((chief, cx, cy, size, facing))
    return out


def sign_shapes(kind: str, cx: float, cy: float, size: float, colour: str) -> list:
    """The shapes of a kind's sign on a token of ``size`` centred on (cx, cy)."""
    scene = Scene(10, 10)
    view.chief_glyph(scene, kind, cx, cy, size * 0.3, view.ink_on(colour), colour)
    return scene.shapes


def inside(points, x: float, y: float) -> bool:
    """Whether (x, y) lies in a convex polygon."""
    sign = 0
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross:
            if sign and (cross > 0) != (sign > 0):
                return False
            sign = cross
    return True


def rim_of(shapes, cx: float, cy: float):
    """The index and shape of the orange rim drawn round the token centred on (cx, cy)."""
    found = [(i, p) for i, p in enumerate(shapes) if isinstance(p, Polygon) and p.fill == view.CHIEF_RIM
             and math.dist(centroid(p.points), (cx, cy)) < 4]
    assert len(found) == 1, (cx, cy, found)
    return found[0]


def centroid(points) -> tuple[float, float]:
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


# ---- every kind: rim, sign, letter ---------------------------------------------------------------
def test_every_kind_has_its_orange_rim_its_sign_and_its_letter(game):
    s = lab_state(skeletons=EVERY_KIND)
    scene = render(game, s)
    shapes = board_shapes(scene)
    drawn = chief_stacks(game, s)
    assert sorted(c.kind for c, *_ in drawn) == sorted(CHIEF_KINDS)
    signs = {}
    for chief, cx, cy, size, facing in drawn:
        i, rim = rim_of(shapes, cx, cy)
        # thick: every corner of the ordinary outline lies well inside the orange band
        outline = view._token_points(cx, cy, size, facing)
        assert rim.stroke == view.CHIEF_EDGE
        assert all(inside(list(rim.points), x, y) for x, y in outline)
        assert min(math.dist(a, b) for a, b in zip(rim.points, outline)) >= 2.5
        # the ordinary token follows, then the kind's sign, exactly, in the middle
        after = shapes[i + 1:]
        assert isinstance(after[0], Polygon) and after[0].points == outline
        colour = view.SYMBOL_FILL[chief.model.symbol]
        sign = sign_shapes(chief.kind, cx, cy, size, colour)
        assert after[2:2 + len(sign)] == sign, chief.kind
        signs[chief.kind] = sign
        # its symbol's letter on a disc of its colour on the token's back
        letter = view.SYMBOL_LETTER[chief.model.symbol]
        disc = [c for c in after if isinstance(c, Circle) and c.fill == colour and c.stroke == view.CHIEF_EDGE
                and math.dist((c.cx, c.cy), (cx, cy)) < size]
        on_disc = [t for t in after if isinstance(t, Text) and disc
                   and math.dist((t.x, t.y), (disc[0].cx, disc[0].cy)) < 1.5]
        assert [t.text for t in on_disc] == [letter], chief.kind
    # seven different signs: no two kinds drawn alike (shapes, normalised to the token's place)
    def normal(kind):
        return sign_shapes(kind, 0, 0, 30, "#ffffff")
    kinds = list(CHIEF_KINDS)
    assert all(normal(a) != normal(b) for i, a in enumerate(kinds) for b in kinds[i + 1:])
    # the ordinary skeleton has no rim and its letter in the middle, as ever
    ex, ey = next((st[3], st[4]) for st in view.stacks_at(s, view.layout(1)[0][0], *coords("e4")))
    assert not [p for p in shapes if isinstance(p, Polygon) and p.fill == view.CHIEF_RIM
                and math.dist(centroid(p.points), (ex, ey)) < 4]


def test_signs_read_on_every_symbol_and_the_rim_on_light_and_dark(game):
    for colour in view.SYMBOL_FILL.values():
        ink = view.ink_on(colour)
        assert contrast_ratio(ink, colour) >= 3, colour   # a sign is a graphic: 3:1
    # the "+3" is text: 4.5:1 on every symbol
    assert all(contrast_ratio(view.ink_on(c), c) >= 4.5 for c in view.SYMBOL_FILL.values())
    # the orange band stands out from the board's light grounds and from the black side's rim
    for ground in (view.CELL, view.PAPER, view.FOREST_BG, view.TOWER_BG, "#ffffff"):
        assert contrast_ratio(view.CHIEF_RIM, ground) >= 3, ground
    assert contrast_ratio(view.CHIEF_RIM, view.BLACK_RIM) >= 3
    assert contrast_ratio(view.CHIEF_RIM, view.WHITE_RIM) >= 3
    assert view.CHIEF_RIM not in (view.FOCUS, view.OFFER_EDGE, view.ACTIVE_EDGE)   # no choice ring
    assert contrast_ratio(view.CHIEF_EDGE, view.TRAP_FILL["catapult"]) >= 3        # on an orange tile


def test_chiefs_scenes_pass_the_access_checks(game):
    s = lab_state(skeletons=[*EVERY_KIND, ("c4", "n", "instructor"), ("c4", "n"), ("c4", "e")],
                  traps=[("catapult", "d4"), ("wall", "a4", "/")])
    assert_readable("every kind", render(game, s))
    assert_readable("every kind, P1", render(game, s, 0, 0))


# ---- never under a stack -----------------------------------------------------------------------------
def test_a_chief_is_never_counted_in_a_stack_and_is_drawn_on_top(game):
    s = lab_state(skeletons=[("b3", "n"), ("b3", "n"), ("b3", "n", "spectral"), ("d2", "e", "artificer"),
                             ("d2", "e", "saboteur")])
    g = view.layout(1)[0][0]
    stacks = view.stacks_at(s, g, *coords("b3"))
    groups = [[k.id for k in st[2]] for st in stacks]
    b = s.boards[0]
    chief = next(sid for sid in b.skeletons if sid >= view.FIRST_CHIEF and b.skeletons[sid].r == 2)
    assert groups[-1] == [chief] and len(groups) == 2 and len(groups[0]) == 2   # same facing, own slot
    scene = render(game, s)
    shapes = board_shapes(scene)
    # the stack's count says 2 (the chief is not in it)
    (_f, _side, _sks, sx, sy, size), (_cf, _cs, _csks, cx, cy, csize) = stacks
    corner = (sx + size * 0.42, sy - size * 0.42)
    badges = [t.text for t in shapes if isinstance(t, Text) and math.dist((t.x, t.y), corner) < 1]
    assert badges == ["2"]
    # the chief is drawn after the stack, and no ordinary token covers its centre
    i, _rim = rim_of(shapes, cx, cy)
    outline = view._token_points(sx, sy, size, "n")
    tokens = [j for j, p in enumerate(shapes) if isinstance(p, Polygon) and p.points == outline]
    assert tokens and max(tokens) < i
    assert not inside(list(outline), cx, cy)
    # two chiefs of one facing: two slots, two rims, no count
    d2 = view.stacks_at(s, g, *coords("d2"))
    assert [len(st[2]) for st in d2] == [1, 1]
    for st in d2:
        rim_of(shapes, st[3], st[4])


# ---- units ----------------------------------------------------------------------------------------
def unit_lab(game):
    """A board in its movement phase: an instructor on b2 with three more to move there (one a
    chief), two instructors facing apart on d1, and the emperor on d4."""
    s = lab_state(skeletons=[("b2", "s", "instructor"), ("b2", "e"), ("b2", "e"), ("b2", "n", "artificer"),
                             ("d4", "w", "emperor"), ("d1", "s", "instructor"), ("d1", "w", "instructor"),
                             ("d1", "n")], hero="e5")
    for label in ("P1 hero e4", "P1 pass"):
        s, _ = game.apply(s, label)
    assert s.phase == "move"
    return s


def unit_shapes(scene):
    shapes = board_shapes(scene)
    lines = [x for x in shapes if isinstance(x, Line) and x.stroke == view.UNIT_EDGE]
    outlines = [x for x in shapes if isinstance(x, Polygon) and x.stroke == view.UNIT_EDGE]
    tags = [t.text for t in shapes if isinstance(t, Text) and t.text.startswith("unit of")]
    return lines, outlines, tags


def test_a_unit_is_marked_with_brackets_outlines_and_a_tag(game):
    s = unit_lab(game)
    before = render(game, s, 0, 0)
    assert unit_shapes(before) == ([], [], [])
    assert view.UNIT_ENTRY.text not in [t.text for t in texts(legend_shapes(before))]
    s2, _ = game.apply(s, "P1 move b2 s")
    b = s2.boards[0]
    leader = next(iter(b.units))
    assert len(b.units[leader]) == 3
    scene = render(game, s2, 0, 0, previous=s)
    lines, outlines, tags = unit_shapes(scene)
    g = view.layout(1)[0][0]
    x, y, w, h = g.square_box("b3")
    assert len(lines) == 8 and all(x <= ln.x1 <= x + w and y <= ln.y1 <= y + h for ln in lines)  # 4 corners
    assert tags == ["unit of 4"]
    # one outline per member stack, just outside it: the leader's thick, the others thin
    stacks = view.stacks_at(s2, g, *coords("b3"))
    assert len(outlines) == len(stacks) == 3   # two followers stacked, the artificer, the leader
    widths = {}
    for _f, _side, sks, cx, cy, _size in stacks:
        ring = next(o for o in outlines if math.dist(centroid(o.points), (cx, cy)) < 4)
        widths[sks[0].id] = ring.stroke_width
    assert widths[leader] > max(wd for sid, wd in widths.items() if sid != leader)
    assert view.UNIT_ENTRY.text in [t.text for t in texts(legend_shapes(scene))]
    assert_readable("unit", scene)


def test_a_skeleton_outside_the_unit_shows_no_outline(game):
    s = lab_state(skeletons=[("b2", "s", "instructor"), ("b2", "s"), ("b4", "n")], hero="e5")
    for label in ("P1 hero e4", "P1 pass", "P1 move b2 s"):
        s, _ = game.apply(s, label)
    assert s.phase == "move" and len(s.boards[0].skeletons) == 3
    # the skeleton from b4 walks into b3, where the unit stands, but does not join it
    s, _ = game.apply(s, "P1 move b4 n")
    b = s.boards[0]
    assert {(k.r, k.c) for k in b.skeletons.values() if 0 <= k.r < SIZE and 0 <= k.c < SIZE} == {coords("b3")}
    scene = render(game, s)
    _lines, outlines, tags = unit_shapes(scene)
    assert tags == ["unit of 2"]
    g = view.layout(1)[0][0]
    member = {sid for leader, fs in b.units.items() for sid in (leader, *fs)}
    outsiders = 0
    for _f, _side, sks, cx, cy, _size in view.stacks_at(s, g, *coords("b3")):
        ringed = any(math.dist(centroid(o.points), (cx, cy)) < 4 for o in outlines)
        assert ringed == any(k.id in member for k in sks)
        outsiders += not ringed
    assert outsiders == 1


# ---- the hero-less board and the board the emperor got into --------------------------------------
def test_a_board_without_a_hero_says_so(game):
    s = lab_state(skeletons=[("c4", "n", "emperor"), ("b2", "s")])
    s2, _ = game.apply(s, "P1 hero c4")
    assert s2.boards[0].hero is None and s2.boards[0].exiled
    scene = render(game, s2, 0, 0, previous=s)
    shapes = board_shapes(scene)
    assert not [p for p in shapes if isinstance(p, Polygon) and p.fill == view.HERO_FILL]   # no hero drawn
    status = [t.text for t in shapes if isinstance(t, Text) and view.NO_HERO in t.text]
    assert status and status[0].startswith("choosing")
    assert "no hero (he slew the Skeleton Emperor, and both left the game)" in scene.description
    assert "hero on" not in scene.description
    assert "the Skeleton Emperor is out of the game" in scene.description
    assert "P1's hero slew the Skeleton Emperor on c4 and left the game with him" in scene.description
    assert "P1's Skeleton Emperor (yellow) on c4 left the game" in scene.description
    # the next rounds draw too, and still say it
    s3, _ = game.apply(s2, "P1 pass")
    while s3.phase != "over" and s3.round == 1:
        s3, _ = game.apply(s3, game.legal_actions(s3, 0)[-1])
    assert s3.boards[0].hero is None
    words = [t.text for t in board_shapes(render(game, s3, 0, 0)) if isinstance(t, Text)]
    assert any(view.NO_HERO in t for t in words)


def test_the_board_the_emperor_got_into_says_so(game):
    # two players: P1's movement goes on after the emperor got in, then P1 is eliminated
    s = game.copy_state(game.new(2, setup="empty", seed=1, chiefs=True))
    emperor = next(c.token for c in game.data.chiefs if c.kind == "emperor")
    from bonekit.games.bad_bones.state import Skeleton
    b = s.boards[0]
    s.bag.remove(emperor)
    b.skeletons = {emperor: Skeleton(emperor, game.data.model_of(emperor).name, 1, 2, "s", s.token),
                   1: Skeleton(1, game.data.model_of(1).name, 4, 0, "n", s.token)}
    s.bag.remove(1)
    s.phase, s.done = "move", [False, True]
    s.token = "black" if s.token == "white" else "white"
    s2, _ = game.apply(s, "P1 move c2 s")
    assert s2.boards[0].overrun and not s2.eliminated[0]
    scene = render(game, s2, 0, 0, previous=s)
    line_y = view.layout(2)[0][0].y + 32   # a board's status line
    status = [t.text for t in board_shapes(scene) if isinstance(t, Text) and t.y == line_y]
    assert status[0] == "the Skeleton Emperor got in: P1 has lost"
    assert "the Skeleton Emperor got in, so P1 has lost" in scene.description
    assert "P1's Skeleton Emperor (yellow) on c2 got in" in scene.description
    s3, _ = game.apply(s2, "P1 move-all")
    assert s3.eliminated[0]
    scene = render(game, s3)
    words = [t.text for t in board_shapes(scene) if isinstance(t, Text)]
    assert "ELIMINATED: the Skeleton Emperor got in" in words
    assert "ELIMINATED: the emperor got in" in words            # the banner
    assert "P1 is eliminated (the Skeleton Emperor got in)" in scene.description
    assert_readable("overrun", scene)


# ---- the key ----------------------------------------------------------------------------------
def test_key_entries_only_for_the_kinds_shown(game):
    titles = {c.kind: c.title for c in game.data.chiefs}

    def entries(scene):
        return [t.text for t in texts(legend_shapes(scene))]
    every = entries(render(game, lab_state(skeletons=EVERY_KIND)))
    for kind in CHIEF_KINDS:
        assert f"{titles[kind]}: {view.CHIEF_POWER[kind]}" in every
    assert view.CHIEF_ENTRY.text in every
    two = entries(render(game, lab_state(skeletons=[("b2", "s", "spectral"), ("c4", "n", "emperor"),
                                                    ("a1", "e")])))
    shown = [k for k in CHIEF_KINDS if f"{titles[k]}: {view.CHIEF_POWER[k]}" in two]
    assert shown == ["spectral", "emperor"]
    # a game with the chiefs but none on the picture: the basic key, unchanged
    none = lab_state(skeletons=[("b2", "s")], chiefs=True)
    assert none.options.get("chiefs")
    assert view.legend_for(none) == view.LEGEND
    assert view.CHIEF_ENTRY.text not in entries(render(game, none))


def test_the_key_samples_draw_each_kind_sign(game):
    scene = render(game, lab_state(skeletons=EVERY_KIND))
    legend = legend_shapes(scene)
    svg = [_svg(x) for x in legend]
    found = set()
    for i, rim in enumerate(legend):
        if not (isinstance(rim, Polygon) and rim.fill == view.CHIEF_RIM):
            continue
        token = legend[i + 1]           # the sample's ordinary outline, pointing north
        (x1, y1), (x2, _y2) = token.points[0], token.points[1]
        size = (x2 - x1) / 0.84
        cx, cy = (x1 + x2) / 2, y1 - 0.5 * size
        for kind in CHIEF_KINDS:
            colour = view.SYMBOL_FILL[view.CHIEF_ICON_SYMBOL[kind]]
            sign = [_svg(x) for x in sign_shapes(kind, cx, cy, size, colour)]
            if svg[i + 3:i + 3 + len(sign)] == sign:
                found.add(kind)
    assert found == set(CHIEF_KINDS)
    assert_readable("key", scene)


# ---- the description --------------------------------------------------------------------------
def test_description_names_the_chiefs_and_whom_an_instructor_leads(game):
    s = unit_lab(game)
    d = render(game, s).description
    assert "P1's chiefs: " in d
    for words in ("the Chief Instructor (yellow) on b2", "the Chief Artificer (green) on b2",
                  "the Skeleton Emperor (yellow) on d4", "the Chief Instructor (green) on d1"):
        assert words in d, words
    assert "leads" not in d   # no unit yet
    s2, _ = game.apply(s, "P1 move b2 s")
    d = render(game, s2, previous=s).description
    assert "the Chief Instructor (yellow) on b3 leads 3 skeletons" in d
    assert "P1's Chief Instructor (yellow) went from b2 to b3" in d
    assert "P1's Chief Artificer (green) went from b2 to b3" in d
    assert "the Chief Instructor (yellow) on b3 leads 3 skeletons as one unit" in d   # the change
    # a game without the chiefs says nothing of them
    plain = game.new(2, seed=3)
    assert "chief" not in render(game, plain).description.lower()


def test_pending_choices_name_the_chief_and_its_unit(game):
    s = lab_state(skeletons=[("b2", "s", "instructor"), ("b2", "s")], traps=[("dragon", "b3")], hero="e5")
    for label in ("P1 hero e4", "P1 pass", "P1 move b2 s"):
        s, _ = game.apply(s, label)
    pend = s.pending[0][0]
    assert pend.kind == "repel" and pend.unit
    scene = render(game, s, 0, 0)
    words = [t.text for t in board_shapes(scene) if isinstance(t, Text)]
    assert words[words.index(next(w for w in words if w.startswith("P1: the ")))].startswith(
        "P1: the Chief Instructor (yellow) with its unit of 2 flees the dragon on b3")
    assert ("P1 chooses: the Chief Instructor (yellow) with its unit of 2 flees the dragon on b3"
            in scene.description)
    # an ordinary skeleton's choice reads as before
    plain = lab_state(skeletons=[("b2", "s")], traps=[("dragon", "b3")], hero="e5")
    for label in ("P1 hero e4", "P1 pass", "P1 move b2 s"):
        plain, _ = game.apply(plain, label)
    assert view.pending_who(plain.pending[0][0]) == plain.pending[0][0].model.split("-")[0] + " skeleton"


# ---- clicks ---------------------------------------------------------------------------------------
def test_clicks_on_an_instructor_square_make_the_instructors_move(game):
    s = unit_lab(game)
    scene = render(game, s, 0, 0)
    g = view.layout(1)[0][0]
    legal = {a.label for a in game.legal_actions(s, 0)}
    # on b2 the instructor's token and the square make its move (everyone there goes along);
    # the others, free to go first, each make their own move out of the unit
    for f, _side, sks, cx, cy, _size in view.stacks_at(s, g, *coords("b2")):
        lead = sks[0].id >= view.FIRST_CHIEF and game.data.chief(sks[0].id).kind == "instructor"
        assert scene.hit_at(cx, cy).target == ("P1 move b2 s" if lead else f"P1 move b2 {f}")
    assert {"P1 move b2 s", "P1 move b2 e", "P1 move b2 n"} <= legal
    x, y, w, h = g.square_box("b2")
    assert scene.hit_at(x + 4, y + h - 4).target == "P1 move b2 s"
    # two instructors on d1: the player picks the leader; each one's token makes the move naming
    # it, the other skeleton there its own move, and the square picks nobody
    led = leaders(s.boards[0], s.token)[coords("d1")]
    names = {k.id: f"P1 move d1 {k.facing} {view.lead_name(k.id)}" for k in led}
    names.update({k.id: "P1 move d1 n" for k in s.boards[0].skeletons.values()
                  if view.square(k.r, k.c) == "d1" and k.facing == "n"})
    assert set(names.values()) <= legal and len(names) == 3
    for _f, _side, sks, cx, cy, _size in view.stacks_at(s, g, *coords("d1")):
        hit = scene.hit_at(cx, cy)
        assert (hit and hit.target) == names.get(sks[0].id)
    x, y, w, h = g.square_box("d1")
    assert scene.hit_at(x + 4, y + h - 4) is None
    # every region is a legal label
    assert {h.target for h in scene.hits} <= legal


def test_table_moves_a_unit_by_a_click(game):
    table = Table(game, ["human"], variant="solo", seed=26, chiefs=True)
    bot = GuardBot(0)
    for _ in range(200):   # play on (as the bot would) until an instructor leads a crowd
        s = table.state
        if s.phase == "move" and not s.pending[0]:
            crowd = [rc for rc, here in leaders(s.boards[0], s.token).items() if 0 <= rc[0] < SIZE
                     and 0 <= rc[1] < SIZE and sum(1 for k in s.boards[0].skeletons.values()
                                                     if (k.r, k.c) == rc and k.side != s.token) > len(here)]
            if crowd:
                break
        assert table.act(bot.choose(game, s, 0))
    else:
        pytest.fail("no instructor with followers in 200 actions")
    rc = crowd[0]
    g = view.layout(1)[0][0]
    lead = leaders(s.boards[0], s.token)[rc][0]
    token = next(st for st in view.stacks_at(s, g, *rc) if st[2][0].id == lead.id)
    others = {k.id for k in s.boards[0].skeletons.values()
              if (k.r, k.c) == rc and k.side != s.token and k.id != lead.id}
    scene = table.current_scene()
    hit = scene.hit_at(token[3], token[4])
    assert hit.target.endswith(f"move {view.square(*rc)} {lead.facing}")
    table.click(token[3], token[4])   # the instructor's token: its move, with everyone there
    after = table.state
    assert table.actions[-1] == hit.target
    assert lead.id in after.boards[0].units or lead.id not in after.boards[0].skeletons
    moved = [k for k in after.boards[0].skeletons.values() if k.id in others]
    assert all(k.side == after.token or (k.r, k.c) != rc for k in moved)


def test_table_crossbow_shoots_an_instructor_by_a_click(game):
    table = Table(game, ["human"], variant="solo", seed=1, chiefs=True)
    # staged: three skeletons for the hero on b2, an instructor and one more on c4
    table.state = lab_state(skeletons=[("b2", "n"), ("b2", "n"), ("b2", "e"), ("c4", "n", "instructor"),
                                       ("c4", "n"), ("d4", "w")], weapon="crossbow", seed=1)
    assert table.act("P1 hero b2")
    click(table, "P1 weapon use")
    scene = table.current_scene()
    g = view.layout(1)[0][0]
    c4 = view.stacks_at(table.state, g, *coords("c4"))
    chief = next(st for st in c4 if st[2][0].id >= view.FIRST_CHIEF)
    hit = scene.hit_at(chief[3], chief[4])
    assert hit.target == "P1 shoot c4 instructor-1"
    assert "Chief Instructor (yellow)" in hit.tip
    ordinary = next(st for st in c4 if st[2][0].id < view.FIRST_CHIEF)
    assert scene.hit_at(ordinary[3], ordinary[4]).target == "P1 shoot c4 " + ordinary[2][0].model
    table.click(chief[3], chief[4])
    assert table.actions[-1] == "P1 shoot c4 instructor-1"
    assert chief[2][0].id not in table.state.boards[0].skeletons
    assert ordinary[2][0].id in table.state.boards[0].skeletons


# ---- whole games ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def chiefs_replay(game):
    players, seed = 2, 2      # a unit forms, chiefs share squares and forests
    state = game.new(players, seed=seed, chiefs=True)
    _, actions = play_out(game, state, {i: GuardBot(i) for i in range(players)})
    return Replay("bad_bones", players, seed, "basic", {"chiefs": True}, [a.label for a in actions])


def test_stepper_renders_every_step_of_a_chiefs_game(game, chiefs_replay):
    r = chiefs_replay
    st = Stepper(r)
    kinds, units = set(), 0
    for step in range(len(r.actions) + 1):
        st.go(step)
        scene = st.picture.scene
        assert st.step == step and scene.width > 0 and scene.description
        state = r.states[step]
        kinds |= set(view.chiefs_shown(state))
        units += view.units_shown(state)
        n = sum(1 for b in state.boards for sid in b.skeletons if sid >= view.FIRST_CHIEF)
        rims = [p for p in board_shapes(scene) if isinstance(p, Polygon) and p.fill == view.CHIEF_RIM]
        assert len(rims) == n, step     # every chief on a board or in a forest, drawn
    assert len(kinds) >= 4 and units
    words = " ".join(t.text for t in texts(st.picture.scene.shapes))
    assert game.outcome(r.final_state()).summary[:30] in words


def test_chiefs_game_scenes_read_and_click_for_every_seat(game, chiefs_replay):
    states = chiefs_replay.states
    picked = [i for i, s in enumerate(states) if any(b.units for b in s.boards) or any(s.pending)]
    picked = sorted(set(picked[::6] + list(range(0, len(states), 50))))
    for i in picked:
        s, prev = states[i], states[i - 1] if i else None
        assert_readable(f"step {i}", render(game, s, previous=prev))
        for seat in game.to_move(s):
            scene = render(game, s, seat, seat, previous=prev)
            assert_readable(f"step {i} P{seat + 1}", scene)
            legal = {a.label for a in game.legal_actions(s, seat)}
            for h in scene.hits:
                if h.target in legal or h.target.startswith("select:"):
                    continue
                with pytest.raises(IllegalAction):
                    game.apply(s, h.target)
            if s.phase == "move" and not s.pending[seat]:   # every move offered has a region
                assert {a.label for a in game.legal_actions(s, seat) if a.verb == "move"} <= \
                    {h.target for h in scene.hits}


# ---- pictures without chiefs: unchanged --------------------------------------------------------------
# SVG digests (with the hit regions) of pictures made before the chiefs were drawn (commit da66513).
UNCHANGED = {
    "basic 2p setup": "cc9bddf9d8a53c40",
    "basic 2p round 3": "16788a59d39f10ef",
    "basic 6p setup": "8b3e8a67532ef395",
    "solo setup": "520b4487975a69ab",
    "advanced 3p market": "11ac3b55b45f5152",
    "advanced 3p boards": "a306517465a7e5de",
}


def unchanged_scenes(game) -> dict[str, Scene]:
    adv = game.new(3, variant="advanced", seed=9)
    bots = {i: GuardBot(i) for i in range(3)}
    boards = adv
    while boards.phase == "market":
        seat = game.to_move(boards)[0]
        boards, _ = game.apply(boards, bots[seat].choose(game, boards, seat))
    mid = game.new(2, seed=3)
    two = {i: GuardBot(i) for i in range(2)}
    while mid.round < 3 or mid.phase != "move":   # a movement phase under way, with a step to mark
        seat = game.to_move(mid)[0]
        before = mid
        mid, _ = game.apply(mid, two[seat].choose(game, mid, seat))
    seat = game.to_move(mid)[0]
    return {"basic 2p setup": render(game, game.new(2, seed=3), 0, 0),
            "basic 2p round 3": render(game, mid, seat, seat, previous=before),
            "basic 6p setup": render(game, game.new(6, seed=5)),
            "solo setup": render(game, game.new(1, seed=2), 0, 0),
            "advanced 3p market": render(game, adv, adv.market.buyer, adv.market.buyer),
            "advanced 3p boards": render(game, boards, previous=adv)}


def digest(scene: Scene) -> str:
    return hashlib.sha256((scene.to_svg() + repr(scene.hits)).encode()).hexdigest()[:16]


def test_pictures_without_chiefs_are_unchanged(game):
    got = {name: digest(scene) for name, scene in unchanged_scenes(game).items()}
    assert got == UNCHANGED
