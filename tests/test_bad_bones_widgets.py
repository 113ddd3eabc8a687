"""The Bad Bones picture and its clicks: the Scene compared with the engine state, hit regions
compared with ``legal_actions``, and Stepper and Table driven from Python (no browser).

Reading the picture: each board's squares are located with ``view.layout``; a skeleton stack
is one rim polygon (white or black fill) whose point shows its facing, plus a number badge
when it holds more than one skeleton.
"""
from __future__ import annotations

import html
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import bonekit
from bonekit.core.bots import play_out
from bonekit.core.errors import IllegalAction
from bonekit.core.replay import Replay
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.board import DIRS, SIZE, coords, square
from bonekit.widgets import Circle, Line, Polygon, Rect, Stepper, Table, Text, render
from bonekit.widgets.views import VIEWS
from bonekit.widgets.views import bad_bones as view
from bonekit.widgets.views.access import legend_start

SVG = "{http://www.w3.org/2000/svg}"


# ---- fixtures and helpers -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def game():
    return bonekit.load("bad_bones")


def guard_replay(players: int, seed: int) -> Replay:
    game = bonekit.load("bad_bones")
    _, actions = play_out(game, game.new(players, seed=seed), {i: GuardBot(i) for i in range(players)})
    return Replay("bad_bones", players, seed, None, {}, [a.label for a in actions])


@pytest.fixture(scope="module")
def replays():
    return {n: guard_replay(n, 1) for n in (1, 2, 4, 6)}


def richness(state) -> tuple:
    """How much a state shows: a pending repel, damaged traps, traps, stacks."""
    damaged = sum(t.damaged for b in state.boards for t in b.traps.values())
    traps = sum(len(b.traps) for b in state.boards)
    stacks = sum(1 for b in state.boards for v in Counter((k.r, k.c, k.facing, k.side)
                                                          for k in b.skeletons.values()).values() if v > 1)
    repel = any(p and p[0].kind == "repel" for p in state.pending)
    return repel, damaged > 0, min(traps, 6) + stacks


@pytest.fixture(scope="module")
def showcase(replays):
    """Setup, a rich mid-game state and the end, for 1, 2, 4 and 6 players."""
    out = []
    for n, r in replays.items():
        states = r.states
        out += [(n, "setup", states[0]), (n, "mid", max(states[:-1], key=richness)), (n, "over", states[-1])]
    return out


def board_shapes(scene) -> list:
    """The shapes of the boards: everything drawn before the legend (whose samples are drawn
    with the boards' own code)."""
    return scene.shapes[:legend_start(scene)]


def inside(box, x, y) -> bool:
    bx, by, bw, bh = box
    return bx <= x <= bx + bw and by <= y <= by + bh


def geometry(state, seat):
    return view.layout(state.players)[0][seat]


def stacks_in(scene, box) -> list[tuple[str, str, int]]:
    """(facing, side, count) of every skeleton stack drawn in ``box``, read from the shapes."""
    rims = [s for s in scene.shapes if isinstance(s, Polygon) and s.fill in (view.WHITE_RIM, view.BLACK_RIM)
            and len(s.points) == 5 and inside(box, *_centre(s.points))]
    badges = [t for t in scene.shapes if isinstance(t, Text) and t.text.isdigit() and inside(box, t.x, t.y)
              and any(isinstance(c, Circle) and (c.cx, c.cy) == (t.x, t.y) for c in scene.shapes)]
    out = []
    for rim in rims:
        cx, cy = _centre(rim.points)
        tip = rim.points[3]
        facing = min(DIRS, key=lambda d: _angle_gap(d, tip[0] - cx, tip[1] - cy))
        xs, ys = [p[0] for p in rim.points], [p[1] for p in rim.points]
        across = (max(xs) - min(xs)) if facing in "ns" else (max(ys) - min(ys))
        size = across / 0.84
        # The badge sits at the token's top-right corner.
        want = (cx + 0.42 * size, cy - 0.42 * size)
        mine = [b for b in badges if math.dist((b.x, b.y), want) < 0.12 * size + 2]
        assert len(mine) <= 1
        for b in mine:
            badges.remove(b)
        out.append((facing, "white" if rim.fill == view.WHITE_RIM else "black",
                    int(mine[0].text) if mine else 1))
    assert not badges, f"badges without a stack in {box}"
    return sorted(out)


def _centre(points):
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _angle_gap(d: str, dx: float, dy: float) -> float:
    want = math.atan2(DIRS[d][0], DIRS[d][1])   # screen y grows downward, like rows
    got = math.atan2(dy, dx)
    return abs((got - want + math.pi) % (2 * math.pi) - math.pi)


def engine_stacks(board, r, c) -> list[tuple[str, str, int]]:
    here = Counter((k.facing, k.side) for k in board.skeletons.values() if (k.r, k.c) == (r, c))
    return sorted((f, side, n) for (f, side), n in here.items())


def centre(hit) -> tuple[float, float]:
    return hit.x + hit.w / 2, hit.y + hit.h / 2


def targets(table: Table) -> list[str]:
    return [h.target for h in table.picture.scene.hits]


def click(table: Table, target: str) -> None:
    """Click the centre of the (topmost) hit region with ``target``, as the browser would."""
    hit = next(h for h in reversed(table.picture.scene.hits) if h.target == target)
    assert table.picture.scene.hit_at(*centre(hit)) is hit
    table.click(*centre(hit))


def status(table: Table) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", table.status.value))


def snapshot(table: Table):
    return list(table.actions), table.game.text(table.state)


def all_boxes(g):
    for r in range(-1, SIZE):
        for c in range(-1, SIZE + 1):
            if square(r, c):
                yield square(r, c), g.box(r, c)


# ---- the picture --------------------------------------------------------------------------------
def test_registered(game):
    assert VIEWS["bad_bones"] is view.render
    assert render(game, game.new(2)).title.startswith("Bad Bones")


def test_svg_well_formed_deterministic_and_readable(game, showcase):
    for n, name, state in showcase:
        scene = render(game, state)
        svg = scene.to_svg()
        root = ET.fromstring(svg)
        assert root.tag == SVG + "svg"
        assert svg == render(game, state).to_svg() == render(game, game.copy_state(state)).to_svg()
        assert scene.width <= 1200, (n, scene.width)
        assert all(t.size >= 11 for t in scene.shapes if isinstance(t, Text)), (n, name)
        # Nothing drawn outside the picture.
        for s in scene.shapes:
            if isinstance(s, Rect):
                assert -4 <= s.x and s.x + s.w <= scene.width + 4 and s.y + s.h <= scene.height + 4
        words = " ".join(el.text or "" for el in root.iter(SVG + "text"))
        assert f"round {state.round}" in words
        assert f"tracking token {state.token}" in words
        if name == "over":
            assert game.outcome(state).summary[:40] in words
    # Different states draw differently.
    assert len({render(game, st).to_svg() for _, _, st in showcase}) == len(showcase)


def test_every_board_with_hero_tower_houses_and_scores(game, showcase):
    d = game.data
    for n, name, state in showcase:
        scene = render(game, state)
        texts = [t for t in scene.shapes if isinstance(t, Text)]
        heroes = [p for p in board_shapes(scene) if isinstance(p, Polygon) and p.fill == view.HERO_FILL]
        assert len(heroes) == n   # one hero per board
        assert len(heroes) < len([p for p in scene.shapes if isinstance(p, Polygon)
                                  and p.fill == view.HERO_FILL])   # and the legend's sample
        for seat in range(n):
            g = geometry(state, seat)
            b = state.boards[seat]
            panel = (g.x, g.y, g.w, g.h)
            assert any(t.text.startswith(f"P{seat + 1}") and inside(panel, t.x, t.y) for t in texts)
            score = "out" if state.eliminated[seat] else f"score {game.score(state, seat)}"
            assert any(t.text == score and inside(panel, t.x, t.y) for t in texts), (n, name, seat)
            # The hero on his square.
            hero = [h for h in heroes if inside(g.square_box(b.hero), *_centre(h.points))]
            assert len(hero) == 1, (n, name, seat, b.hero)
            # The tower's floors: standing ones dark, fallen ones faint.
            tower = g.square_box(d.tower)
            standing = [r for r in scene.shapes if isinstance(r, Rect) and r.fill == view.FLOOR_FILL
                        and inside(tower, r.x, r.y)]
            fallen = [r for r in scene.shapes if isinstance(r, Rect) and r.fill == "#f1ece4"
                      and inside(tower, r.x, r.y)]
            total = d.raw["solo" if n == 1 else "tower"]["floors"]
            assert (len(standing), len(fallen)) == (b.floors, total - b.floors)
            # Houses: intact walls light, burnt ones dark, inside the village strip.
            village = (g.gx, g.village_y, SIZE * g.cs, 0.62 * g.cs)
            tiles = [r for r in scene.shapes if isinstance(r, Rect) and inside(village, r.x, r.y)]
            intact = [r for r in tiles if r.fill == "#f5deb3"]
            burnt = [r for r in tiles if r.fill == "#4d4d4d"]
            houses = d.raw["solo" if n == 1 else "village"]["houses"]
            assert (len(intact), len(burnt)) == (b.houses, houses - b.houses)
            if state.eliminated[seat]:
                assert any(t.text.startswith("ELIMINATED") and inside(panel, t.x, t.y) for t in texts)


def test_traps_show_kind_orientation_and_damage(game, showcase):
    seen = Counter()
    for n, _name, state in showcase:
        scene = render(game, state)
        for seat in range(n):
            g = geometry(state, seat)
            for sq, trap in state.boards[seat].traps.items():
                box = g.square_box(sq)
                letters = [t.text for t in scene.shapes if isinstance(t, Text) and inside(box, t.x, t.y)
                           and t.text.lower() in "wcd$"]
                want = view.LETTER[trap.kind]
                assert letters == [want.lower() if trap.damaged else want], (n, seat, sq, trap, letters)
                tile = next(r for r in scene.shapes if isinstance(r, Rect) and inside(box, r.x, r.y)
                            and r.fill in (view.TRAP_FILL[trap.kind], view.DAMAGED_FILL[trap.kind]))
                assert tile.fill == (view.DAMAGED_FILL if trap.damaged else view.TRAP_FILL)[trap.kind]
                if trap.kind == "wall":
                    diag = [s for s in scene.shapes if isinstance(s, Line) and s.width >= 3
                            and inside(box, s.x1, s.y1) and inside(box, s.x2, s.y2)
                            and s.x1 != s.x2 and s.y1 != s.y2]
                    assert len(diag) == 1
                    # "/" climbs to the right
                    rises = (diag[0].y2 - diag[0].y1) / (diag[0].x2 - diag[0].x1) < 0
                    assert rises == (trap.orientation == "/")
                seen[(trap.kind, trap.damaged)] += 1
            # The supply, one icon per trap.
            icons = [t.text for t in scene.shapes if isinstance(t, Text) and t.y < g.info_y + 30
                     and t.y > g.info_y and g.x + 50 < t.x < g.x + 52 + 6 * 34 and t.text in "WCD$"
                     and t.fill != view.MUTED]      # the traps gone for good are drawn faint
            assert sorted(icons) == sorted(view.LETTER[k] for k in state.boards[seat].supply)
    assert sum(seen[(kind, True)] for kind in ("wall", "catapult", "dragon")) > 0, "no damaged trap seen"
    assert len({k for k, _ in seen}) >= 3


def test_skeleton_stacks_per_square_match_the_engine(game, showcase):
    checked = 0
    for n, name, state in showcase:
        scene = render(game, state)
        for seat in range(n):
            g = geometry(state, seat)
            b = state.boards[seat]
            for sq, box in all_boxes(g):
                r, c = coords(sq)
                assert stacks_in(scene, box) == engine_stacks(b, r, c), (n, name, seat, sq)
                checked += len(engine_stacks(b, r, c))
            # The cemetery count.
            assert any(isinstance(t, Text) and t.text == str(len(b.cemetery)) and t.y > g.info_y + 30
                       and t.x < g.x + 40 and g.y < t.y < g.y + g.h for t in scene.shapes)
    assert checked > 50


def test_feeds_name_the_receiving_seats(game):
    state = game.new(4, seed=2)
    scene = render(game, state)
    for seat in range(4):
        g = geometry(state, seat)
        words = [t.text for t in scene.shapes
                 if isinstance(t, Text) and inside((g.x, g.y, g.w, g.h), t.x, t.y)]
        assert f"→ P{(seat + 1) % 4 + 1}" in words          # left forest: the next seat
        assert f"→ P{(seat - 1) % 4 + 1}" in words          # right forest: the previous seat
        assert "top forest → any opponent (you choose)" in words
    two = render(game, game.new(2))
    assert "top forest → P2" in [t.text for t in two.shapes if isinstance(t, Text)]


def test_pending_repel_is_highlighted_for_everyone(game, replays):
    state = next(s for s in replays[4].states if any(p and p[0].kind == "repel" for p in s.pending))
    seat = next(i for i, p in enumerate(state.pending) if p and p[0].kind == "repel")
    offered = [a.args[0] for a in game.legal_actions(state, seat)]
    g = geometry(state, seat)
    scene = render(game, state)             # the all-seeing view: no clicks, but visible
    assert scene.hits == []
    rings = [r for r in scene.shapes
             if isinstance(r, Rect) and r.stroke == view.OFFER_EDGE and r.fill is None]
    ringed = sorted(sq for sq, box in all_boxes(g) if any(inside(box, r.x, r.y) for r in rings))
    assert ringed == sorted(offered)
    sk = state.boards[seat].skeletons[state.pending[seat][0].skeleton]
    focus = [c for c in board_shapes(scene) if isinstance(c, Circle) and c.stroke == view.FOCUS]
    assert len(focus) == 1 and inside(g.box(sk.r, sk.c), focus[0].cx, focus[0].cy)


# ---- hit regions --------------------------------------------------------------------------------
def test_hits_are_legal_and_only_for_the_seat_that_owes(game, replays):
    """Over every 5th state of a 4-player game: no selection gives only legal labels and select:
    targets, on the active seat's board (a send also marks the opponents' boards); together
    with the selections, every legal action has a region."""
    states = replays[4].states
    for state in states[::5]:
        assert render(game, state).hits == []
        owing = game.to_move(state)
        for seat in range(4):
            scene = render(game, state, seat, seat)
            if seat not in owing:
                assert scene.hits == []
                continue
            legal = {a.label for a in game.legal_actions(state, seat)}
            g = geometry(state, seat)
            covered = set()
            for h in scene.hits:
                assert h.target in legal or h.target.startswith("select:"), h.target
                assert h.target.startswith((f"P{seat + 1} ", "select:"))
                if " send " not in h.target:
                    assert inside((g.x, g.y, g.w, g.h), *centre(h)), h
                covered.add(h.target)
            for sel in sorted(t[len("select:"):] for t in covered if t.startswith("select:")):
                for h in render(game, state, seat, seat, sel).hits:
                    covered.add(h.target)
                    if not (h.target in legal or h.target.startswith("select:")):
                        with pytest.raises(IllegalAction) as e:   # a real label the engine explains
                            game.apply(state, h.target)
                        assert e.value.rule in game.rules
            place_walls = {a for a in legal if " place wall " in a}
            if place_walls:  # the rotate control reaches the other orientation
                covered |= {h.target for h in render(game, state, seat, seat, "place wall \\").hits}
            assert legal <= covered, sorted(legal - covered)[:5]


def test_trap_selection_gives_every_square_a_real_label(game):
    state = game.new(2, seed=3)
    state, _ = game.apply(state, game.legal_actions(state, 0)[0])
    state, _ = game.apply(state, game.legal_actions(state, 1)[0])
    assert state.phase == "traps"
    for sel, suffix in (("place wall /", " /"), ("place wall \\", " \\"), ("place dragon", "")):
        scene = render(game, state, 0, 0, sel)
        g = geometry(state, 0)
        kind = sel.split()[1]
        for r in range(SIZE):
            for c in range(SIZE):
                hit = scene.hit_at(*[v + d / 2 for v, d in zip(g.box(r, c)[:2], g.box(r, c)[2:])])
                assert hit is not None and hit.target == f"P1 place {kind} {square(r, c)}{suffix}"
        assert "select:" + sel in [h.target for h in scene.hits]       # clicking it again cancels
    # A selection that makes no sense now is ignored rather than drawn.
    assert render(game, state, 0, 0, "garbage").to_svg() == render(game, state, 0, 0).to_svg()
    assert render(game, state, 1, 1, "place wall /").hits
    state, _ = game.apply(state, "P2 pass")
    assert render(game, state, 1, 1, "place wall /").hits == []        # P2 has finished


# ---- Table --------------------------------------------------------------------------------------
def first_entry(board):
    """A forest skeleton of ``board`` and the square it steps onto first."""
    for sk in sorted(board.skeletons.values(), key=lambda k: k.id):
        dr, dc = DIRS[sk.facing]
        if sk.r < 0 or sk.c < 0 or sk.c >= SIZE:
            return sk, square(sk.r + dr, sk.c + dc)
    raise AssertionError("no forest skeleton")


def test_table_round_played_by_clicks(game):
    t = Table("bad_bones", ["human", "guard", "guard"], seed=5)
    assert t.active == 0 and t.state.phase == "hero"
    b = t.state.boards[0]
    sk, entry = first_entry(b)
    # Hero: the eight squares around c3.
    heroes = [x for x in targets(t) if " hero " in x]
    assert sorted(heroes) == sorted(a.label for a in game.legal_actions(t.state, 0))
    to = next(x for x in heroes if x.split()[-1] != entry)
    click(t, to)
    assert t.state.boards[0].hero == to.split()[-1] and t.state.phase == "traps"

    # Illegal: the tower with a wall selected. Refused with a rule, nothing changes.
    click(t, "select:place wall /")
    assert t.selection == "place wall /"
    click(t, "select:place wall \\")                   # the rotate control
    assert t.selection == "place wall \\"
    before = snapshot(t)
    click(t, "P1 place wall c3 \\")
    assert status(t).startswith("✗") and "tower" in status(t) and "bad_bones.phase.traps.place" in status(t)
    assert snapshot(t) == before and t.selection == "place wall \\"
    click(t, "select:place wall /")                    # the supply icon: back to /
    click(t, "select:place wall /")                    # and again: cancelled
    assert t.selection is None

    # The dragon, on the square the forest skeleton steps onto.
    click(t, "select:place dragon")
    click(t, f"P1 place dragon {entry}")
    assert t.state.boards[0].traps[entry].kind == "dragon" and t.selection is None
    assert t.state.phase == "move"

    # Skeletons one by one; the one meeting the dragon asks where to flee.
    start = square(sk.r, sk.c)
    click(t, f"P1 move {start} {sk.facing}")
    pend = t.state.pending[0]
    assert pend and pend[0].kind == "repel" and pend[0].square == entry
    offered = sorted(a.label for a in game.legal_actions(t.state, 0))
    assert sorted(x for x in targets(t) if " repel " in x) == offered
    assert not any(" move" in x for x in targets(t))
    hero, tower = t.state.boards[0].hero, game.data.tower
    choice = next(x for x in offered if x.split()[-1] not in (hero, tower) and "-" not in x.split()[-1])
    click(t, choice)
    assert not t.state.pending[0]
    fled = t.state.boards[0].skeletons[sk.id]
    (r, c), (dr, dc) = coords(choice.split()[-1]), coords(entry)
    assert (fled.r, fled.c) == (r, c) and fled.side == t.state.token
    assert DIRS[fled.facing] == (r - dr, c - dc)        # pointing away from the dragon
    # One more by clicking its stack, then the rest with move all.
    left = len(game.unmoved(t.state, 0))
    moves = [x for x in targets(t) if " move " in x]
    assert sorted(moves) == sorted(a.label for a in game.legal_actions(t.state, 0) if a.verb == "move")
    click(t, moves[0])
    assert len(game.unmoved(t.state, 0)) == left - 1 or t.state.pending[0]
    while t.state.pending[0]:
        click(t, next(x for x in targets(t) if " repel " in x or " send " in x))
    if t.state.phase == "move":
        click(t, "P1 move-all")
    assert t.state.round == 2 and t.state.phase == "hero" and t.active == 0
    replayed = Replay("bad_bones", 3, 5, None, {}, list(t.actions)).final_state()
    assert replayed.boards[0].traps == t.state.boards[0].traps

    # Round 2: a wall on a square with skeletons is refused (only the dragon lands on them);
    # then the rotated wall goes on an empty square with its orientation.
    click(t, next(x for x in targets(t) if " hero " in x))
    assert t.state.phase == "traps"
    b = t.state.boards[0]
    occupied = sorted({square(k.r, k.c) for k in b.skeletons.values() if 0 <= k.r < SIZE and 0 <= k.c < SIZE}
                      - set(b.traps) - {b.hero})
    assert occupied
    click(t, "select:place wall /")
    before = snapshot(t)
    click(t, f"P1 place wall {occupied[0]} /")
    assert "only the dragon may land on skeletons" in status(t)
    assert "bad_bones.traps.dragon.landing" in status(t) and snapshot(t) == before
    click(t, "select:place wall \\")
    free = next(a.args[1] for a in game.legal_actions(t.state, 0)
                if a.verb == "place" and a.args[0] == "wall")
    click(t, f"P1 place wall {free} \\")
    assert t.state.boards[0].traps[free].orientation == "\\"
    drawn = render(game, t.state, t.viewer, t.active, t.selection, t.previous)
    assert t.picture.scene.to_svg() == drawn.to_svg()


def test_table_retrieve_and_pass_by_clicks(game):
    t = Table("bad_bones", ["human", "guard"], seed=8)
    click(t, next(x for x in targets(t) if " hero " in x))
    click(t, "select:place catapult")
    sq = next(a.args[1] for a in game.legal_actions(t.state, 0) if a.args[:1] == ("catapult",))
    click(t, f"P1 place catapult {sq}")
    if t.state.phase == "move":
        click(t, "P1 move-all")
    while t.state.pending[0]:
        click(t, next(x for x in targets(t) if " send " in x or " repel " in x))
    click(t, next(x for x in targets(t) if " hero " in x))
    if sq in t.state.boards[0].traps:
        supply = len(t.state.boards[0].supply)
        click(t, f"P1 retrieve {sq}")
        assert sq not in t.state.boards[0].traps and len(t.state.boards[0].supply) == supply + 1
    else:
        click(t, "P1 pass")
    assert t.state.phase == "move"


def test_table_send_answered_by_clicking_an_opponents_board(game):
    t = Table("bad_bones", ["human", "guard", "guard"], seed=5)
    sk, entry = first_entry(t.state.boards[0])
    click(t, next(x for x in targets(t) if " hero " in x and not x.endswith(entry)))
    click(t, "select:place catapult")
    click(t, f"P1 place catapult {entry}")
    click(t, f"P1 move {square(sk.r, sk.c)} {sk.facing}")
    assert t.state.pending[0][0].kind == "send"
    g = geometry(t.state, 2)
    t.click(g.x + g.w / 2, g.y + g.h / 2)          # anywhere on P3's board
    assert t.actions[-1] == "P1 send p3"
    assert sk.id in t.state.boards[2].cemetery and sk.id not in t.state.boards[0].skeletons


def test_table_whole_game_with_one_human_ends(game):
    t = Table("bad_bones", ["human", "guard", "guard"], seed=11)
    clicks = 0
    while not game.is_over(t.state):
        assert t.active == 0 and clicks < 400
        options = targets(t)
        if "P1 move-all" in options:
            click(t, "P1 move-all")
        elif "P1 pass" in options:
            click(t, "P1 pass")
        else:
            click(t, next(x for x in options if not x.startswith("select:")))
        clicks += 1
    assert t.active is None and t.picture.scene.hits == [] and t.state.round > 2
    words = [s.text for s in t.picture.scene.shapes if isinstance(s, Text)]
    assert game.outcome(t.state).summary[:30] in " ".join(words)


# ---- Stepper ------------------------------------------------------------------------------------
def old_side_count(scene, state, seat) -> int:
    """Skeletons of ``seat`` drawn with the side they showed before this movement phase."""
    old = "black" if state.token == "white" else "white"
    g = geometry(state, seat)
    return sum(n for _, box in all_boxes(g) for f, side, n in stacks_in(scene, box) if side == old)


def test_stepper_steps_one_skeleton_move_at_a_time(game):
    replay = guard_replay(2, 4)
    st = Stepper(replay)
    move_steps = [i for i, a in enumerate(replay.actions, 1) if " move " in a][:40]
    assert move_steps
    for step in move_steps:
        st.go(step - 1)
        seat = int(replay.actions[step - 1].split()[0][1:]) - 1
        before = old_side_count(st.picture.scene, st.state, seat)
        st.next()
        assert st.step == step
        # The picture marks the step: the state drawn against the one before.
        assert st.picture.scene.to_svg() == render(game, replay.states[step],
                                                   previous=replay.states[step - 1]).to_svg()
        assert st.picture.scene.to_svg() != render(game, replay.states[step]).to_svg()
        assert st.picture.scene.hits == []
        after = old_side_count(st.picture.scene, st.state, seat)
        assert after == before - 1, (step, replay.actions[step - 1])
    st.last()
    words = [s.text for s in st.picture.scene.shapes if isinstance(s, Text)]
    assert game.outcome(replay.final_state()).summary[:30] in " ".join(words)
