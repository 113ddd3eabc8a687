"""The game pictures read without colour and without sight, checked over many rendered scenes of
every game and mode (setup, mid-game, game over; all-seeing, a seat's view, the seat that clicks):

* text contrast: every Text's ink against the fill it is drawn on (the topmost filled shape
  under it drawn before it, or the scene's background) is at least 4.5:1 (WCAG 2);
* the text description (``scene.description``) names the round or turn, whom the game waits
  for and the key counts, with right plural forms, and gives nothing hidden away;
* the legend explains every icon the picture uses, and Bad Bones' symbols carry a letter as
  well as a colour, in palettes that stay apart under red-green colour blindness;
* the marks of the last step appear exactly when something changed, on the things that changed.

The contrast checker is written here from the WCAG formulas (not imported from the views) and is
itself tested on scenes made to fail.
"""
from __future__ import annotations

import itertools
import math
import re
from collections import Counter

import pytest

import bonekit
from bonekit.core.bots import play_out
from bonekit.core.replay import Replay
from bonekit.core.words import plural
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.board import SIZE
from bonekit.games.bone_to_pick import CarefulBot
from bonekit.games.bone_to_pick.bots import CoopBot, SoloBot
from bonekit.widgets import Circle, Line, Polygon, Rect, Scene, Text, render
from bonekit.widgets.views import access
from bonekit.widgets.views import bad_bones as bb_view
from bonekit.widgets.views import bone_to_pick as base_view
from bonekit.widgets.views import bone_to_pick_parts as parts

AA = 4.5


# ---- WCAG contrast, written from the definition -------------------------------------------------
def relative_luminance(colour: str) -> float:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    assert re.fullmatch(r"[0-9a-fA-F]{6}", h), f"not a #rgb colour: {colour!r}"

    def lin(c8: int) -> float:
        c = c8 / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(h[i:i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _in_polygon(points, x: float, y: float) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _near_segment(line: Line, x: float, y: float) -> bool:
    dx, dy = line.x2 - line.x1, line.y2 - line.y1
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - line.x1) * dx + (y - line.y1) * dy) / length2))
    return math.dist((x, y), (line.x1 + t * dx, line.y1 + t * dy)) <= line.width / 2


def fill_under(scene: Scene, index: int, x: float, y: float) -> str:
    """The colour under (x, y) just before shape ``index`` is drawn: the topmost filled shape
    there (a thick line counts: text on it sits on its ink), else the background."""
    for s in reversed(scene.shapes[:index]):
        if isinstance(s, Rect) and s.fill and s.x <= x <= s.x + s.w and s.y <= y <= s.y + s.h:
            return s.fill
        if isinstance(s, Circle) and s.fill and math.dist((x, y), (s.cx, s.cy)) <= s.r:
            return s.fill
        if isinstance(s, Polygon) and s.fill and _in_polygon(list(s.points), x, y):
            return s.fill
        if isinstance(s, Line) and s.width >= 3 and _near_segment(s, x, y):
            return s.stroke
    return scene.background


def text_points(t: Text) -> list[tuple[float, float]]:
    """Where a text's glyphs lie: its anchor and the middle of its (estimated) run."""
    run = 0.55 * t.size * len(t.text)
    middle = {"start": t.x + run / 2, "middle": t.x, "end": t.x - run / 2}[t.anchor]
    return [(t.x, t.y), (middle, t.y)]


def contrast_failures(scene: Scene, minimum: float = AA) -> list[tuple[str, str, str, float]]:
    """(text, ink, fill, ratio) of every Text whose ink is below ``minimum`` against the fill
    under its anchor or the middle of its run."""
    out = []
    for i, t in enumerate(scene.shapes):
        if not isinstance(t, Text) or not t.text.strip():
            continue
        for x, y in text_points(t):
            under = fill_under(scene, i, x, y)
            ratio = contrast_ratio(t.fill, under)
            if ratio < minimum:
                out.append((t.text, t.fill, under, round(ratio, 2)))
                break
    return out


# ---- the checker fails where it must -----------------------------------------------------------
def test_contrast_formula_matches_known_values():
    assert contrast_ratio("#000", "#fff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio("#b7950b", "#f5e3a3") < 2.3          # the old yellow card's skulls


def test_checker_catches_bad_text_and_passes_good_text():
    good = Scene(300, 100, background="#ffffff")
    good.add(Rect(0, 0, 150, 100, "#1a1a1a"), Text(20, 50, "light on dark", 12, "#ffffff"),
             Text(200, 50, "dark on white", 12, "#222222"))
    assert contrast_failures(good) == []

    faint = Scene(300, 100, background="#ffffff").add(Text(20, 50, "faint", 12, "#999999"))
    assert [f[0] for f in contrast_failures(faint)] == ["faint"]

    # The topmost fill drawn before the text counts; a shape drawn after it does not.
    stacked = Scene(300, 100, background="#ffffff")
    stacked.add(Rect(0, 0, 300, 100, "#ffffff"), Rect(10, 10, 200, 80, "#303030"),
                Text(50, 50, "dark on dark", 12, "#222222"), Rect(0, 0, 300, 100, "#ffffff"))
    assert [f[0] for f in contrast_failures(stacked)] == ["dark on dark"]
    later = Scene(300, 100, background="#ffffff")
    later.add(Text(50, 50, "before the box", 12, "#222222"), Rect(10, 10, 200, 80, "#303030"))
    assert contrast_failures(later) == []

    # Circles, polygons and thick lines are grounds too; the background counts where none is.
    shapes = Scene(300, 100, background="#202020")
    shapes.add(Circle(50, 50, 20, "#f0e442"), Text(50, 50, "Y", 12, "#ffffff", "middle"),
               Polygon(((120, 20), (180, 20), (150, 80)), "#0072b2"),
               Text(150, 40, "B", 12, "#000000", "middle"),
               Line(200, 10, 280, 90, "#4e3b1f", 8), Text(240, 50, "W", 12, "#3d2f17", "middle"),
               Text(250, 95, "x", 12, "#333333", "middle"))
    assert sorted(f[0] for f in contrast_failures(shapes)) == ["B", "W", "Y", "x"]

    # Text whose run leaves its anchor's ground: the middle of the run is checked as well.
    run = Scene(400, 100, background="#ffffff")
    run.add(Rect(0, 0, 100, 100, "#f4f4f4"), Rect(100, 0, 300, 100, "#333333"),
            Text(90, 50, "a long line running on", 12, "#222222"))
    assert [f[0] for f in contrast_failures(run)] == ["a long line running on"]


# ---- the scenes ---------------------------------------------------------------------------------
def _states(game, state, choose) -> list:
    out = [state]
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, choose(state, seat))
        out.append(state)
    return out


def _sample(states: list, n: int) -> list[int]:
    """About ``n`` step numbers spread over a game: setup, the middle, the end."""
    step = max(1, len(states) // n)
    return sorted(set(range(0, len(states), step)) | {len(states) - 1})


@pytest.fixture(scope="module")
def bad_bones_games():
    game = bonekit.load("bad_bones")
    out = {}
    for players, seed in ((1, 1), (2, 1), (4, 3)):
        state = game.new(players, seed=seed)
        _, actions = play_out(game, state, {i: GuardBot(i) for i in range(players)})
        out[players] = Replay("bad_bones", players, seed, None, {}, [a.label for a in actions])
    return game, out


BTP_GAMES = [  # (players, variant, options, bot)
    (2, "base", {}, "careful"), (4, "base", {}, "careful"), (4, "campaign", {}, "careful"),
    (9, "epic", {}, "careful"), (6, "team", {}, "careful"), (1, "solo", {}, "solo"),
    (2, "coop", {}, "coop"), (3, "coop", {"hard": True}, "coop"),
]


@pytest.fixture(scope="module")
def bone_to_pick_games():
    game = bonekit.load("bone_to_pick")
    out = {}
    for players, variant, options, bot in BTP_GAMES:
        bots = {"careful": [CarefulBot(i) for i in range(players)], "solo": [SoloBot()],
                "coop": [CoopBot()] * players}[bot]
        state = game.new(players, variant=variant, seed=1, **options)
        out[(players, variant)] = _states(game, state,
                                          lambda s, seat, bots=bots: bots[seat].choose(game, s, seat))
    return game, out


def _renders(game, states: list, n: int):
    """(label, state, previous, scene) for sampled steps: all-seeing with the step marked, a
    seat's view, and the seat that owes (so its click outlines are drawn)."""
    for i in _sample(states, n):
        state, prev = states[i], states[i - 1] if i else None
        yield f"step {i} all-seeing", state, prev, render(game, state, previous=prev)
        yield f"step {i} P1's view", state, prev, render(game, state, 0, previous=prev)
        owing = game.to_move(state)
        if owing:
            seat = owing[0]
            scene = render(game, state, seat, seat, previous=prev)
            yield f"step {i} P{seat + 1} clicks", state, prev, scene
            # And with the first part of a two-click action picked (a trap, a card).
            picks = sorted(h.target for h in scene.hits if h.target.startswith("select:"))
            if picks:
                yield (f"step {i} P{seat + 1} picked {picks[0]}", state, prev,
                       render(game, state, seat, seat, picks[0][len("select:"):], previous=prev))


@pytest.fixture(scope="module")
def rolled_bones_games():
    """Builder games of the base game (2 and 4 players) and of the arena rules, and the rulebook's
    example (scripted), as replays."""
    from bonekit.games.rolled_bones.scenarios import rulebook_example

    game = bonekit.load("rolled_bones")
    out = {"example": rulebook_example()}
    for players, variant, seed in ((2, "base", 41), (4, "base", 3), (3, "arena", 2)):
        state = game.new(players, variant=variant, seed=seed)
        _, actions = play_out(game, state, {i: game.bots["builder"](seed * 100 + i) for i in range(players)})
        out[f"{variant} {players}p"] = Replay("rolled_bones", players, seed, variant, {},
                                              [a.label for a in actions])
    return game, out


@pytest.fixture(scope="module")
def scenes(bad_bones_games, bone_to_pick_games, rolled_bones_games):
    """Many scenes over every game and mode, each with its game, state and previous state."""
    out = []
    game, replays = bad_bones_games
    for players, r in replays.items():
        for label, state, prev, scene in _renders(game, r.states, 10):
            out.append((f"bad_bones {players}p {label}", game, state, prev, scene))
    game, games = bone_to_pick_games
    for (players, variant), states in games.items():
        for label, state, prev, scene in _renders(game, states, 8):
            out.append((f"bone_to_pick {variant} {players}p {label}", game, state, prev, scene))
    game, replays = rolled_bones_games
    for key, r in replays.items():
        for label, state, prev, scene in _renders(game, r.states, 8):
            out.append((f"rolled_bones {key} {label}", game, state, prev, scene))
    return out


def board_shapes(scene: Scene) -> list:
    return scene.shapes[:access.legend_start(scene)]


def legend_shapes(scene: Scene) -> list:
    return scene.shapes[access.legend_start(scene):]


# ---- contrast -----------------------------------------------------------------------------------
def test_every_text_reads_against_its_ground(scenes):
    bad = Counter()
    for name, _, _, _, scene in scenes:
        for text, ink, under, ratio in contrast_failures(scene):
            bad[(name.split(" step")[0], text[:30], ink, under, ratio)] += 1
    assert not bad, "\n".join(f"{k} ×{n}" for k, n in sorted(bad.items())[:20])


def test_the_undead_cards_skulls_read_on_every_level(bone_to_pick_games):
    game, _ = bone_to_pick_games
    for level, fill in parts.LEVEL_FILL.items():
        assert contrast_ratio(parts.LEVEL_INK[level], fill) >= AA, level
        assert contrast_ratio(parts.BAD, fill) >= AA and contrast_ratio(parts.MUTED, fill) >= AA


# ---- the text description -----------------------------------------------------------------------
PLURALS = {"floor": "floors", "house": "houses", "skeleton": "skeletons", "trap": "traps",
           "point": "points", "player": "players", "card": "cards", "trophy": "trophies",
           "upgrade": "upgrades"}


def test_descriptions_say_the_round_whom_the_game_waits_for_and_the_counts(scenes):
    for name, game, state, _prev, scene in scenes:
        d = scene.description
        assert d and d == d.strip() and d.endswith("."), name
        view = game.view(state, None)
        if game.id == "bad_bones":
            assert f"round {view.round}" in d, name
            for p in range(view.players):
                b = view.boards[p]
                if not view.eliminated[p]:
                    assert f"score {game.score(view, p)}" in d
                    assert f"{b.floors} of {plural(b.tower_size, 'tower floor')}" in d, name
                    assert f"{b.houses} of {plural(b.village_size, 'house')}" in d, name
        elif game.id == "rolled_bones":
            assert f"round {view.round}" in d, name
            for p in range(view.players):
                counts = (f"{plural(view.kills[p], 'kill')}" if view.variant == "arena" else
                          f"base {len(view.bases[p])} of {view.base_size}")
                assert f"P{p + 1}" in d and counts in d, (name, counts)
        else:
            assert f"turn {view.turn}" in d, name
            if view.current is not None:
                u = game.data.undead[view.current]
                assert u.name in d and f"power {game.power(view)}" in d, name
            left = max(0, view.hit_points - game.damage(view))
            assert f"{left} of {plural(view.hit_points, 'hit point')} left" in d, name
        out = game.outcome(state)
        if out:
            assert "over" in d.lower() or out.summary in d, name
        else:
            assert "waiting for" in d.lower() or "chooses" in d, name
            for seat in game.to_move(state):
                assert f"P{seat + 1}" in d, (name, seat)
        # Plural forms: "1 floor", "2 floors", never "1 floors", "2 floor" or "floor(s)".
        assert "(s)" not in d, name
        for one, many in PLURALS.items():
            assert not re.search(rf"(?<![\d-])1 (tower |hit |trophy )?{many}\b", d), (name, many, d)
            assert not re.search(rf"\b(0|[2-9]|[1-9]\d+) (tower |hit |trophy )?{one}\b(?! point)", d), \
                (name, one, d)


def test_descriptions_are_deterministic_and_keep_secrets(bone_to_pick_games):
    game, _ = bone_to_pick_games
    s = game.new(3, seed=2)
    a, _ = game.apply(s, "P2 play 7")
    b, _ = game.apply(s, "P2 play 9")
    # P1 and P3 cannot tell the two apart; P2 can.
    for seat in (0, 2):
        assert render(game, a, seat).description == render(game, b, seat).description
    assert "P2 has chosen" in render(game, a, 0).description
    assert render(game, a).description == render(game, game.copy_state(a)).description





# ---- the legend explains every sign --------------------------------------------------------------
TYPOGRAPHY = set("·…—–‘’“”")        # punctuation, not signs


def _tokens(texts) -> set[str]:
    return {w for t in texts for w in re.split(r"[\s:,()/]+", t) if w}


def test_legends_list_every_icon_used(scenes):
    for name, game, _state, _prev, scene in scenes:
        start = access.legend_start(scene)
        assert start < len(scene.shapes), f"{name}: no legend"
        board = [t.text for t in board_shapes(scene) if isinstance(t, Text)]
        legend = [t.text for t in legend_shapes(scene) if isinstance(t, Text)]
        signs = "".join(legend)
        assert "changed in the last step" in signs, name
        for text in board:
            for c in text:
                if ord(c) > 127 and c not in TYPOGRAPHY:
                    assert c in signs, f"{name}: {c!r} (in {text!r}) is not in the legend"
            # Single letters and signs on tokens, traps, cards: each has its legend entry.
            if len(text) == 1 and not text.isdigit() and text not in "abcde+":
                assert text in _tokens(legend), f"{name}: {text!r} is not in the legend"
        if game.id == "bone_to_pick":
            assert "hit points (crossed out: lost)" in legend
            if any(isinstance(s, Rect) and s.fill == parts.BACK for s in board_shapes(scene)):
                assert "face-down card" in legend, name


def _token_letters(shapes) -> set[tuple[str, str]]:
    """(fill, letter) of every skeleton token and forest symbol: a letter drawn on a filled
    token polygon (its inner colour) or symbol disc."""
    out = set()
    for i, t in enumerate(shapes):
        if isinstance(t, Text) and len(t.text) == 1 and t.text.isupper():
            for s in reversed(shapes[:i]):
                if isinstance(s, Polygon) and s.fill and _in_polygon(list(s.points), t.x, t.y) \
                        or isinstance(s, Circle) and s.fill and math.dist((t.x, t.y), (s.cx, s.cy)) <= s.r:
                    if s.fill in bb_view.SYMBOL_FILL.values():
                        out.add((s.fill, t.text))
                    break
    return out


def test_bad_bones_symbols_have_a_letter_as_well_as_a_colour(scenes):
    colour_of = {v: k for k, v in bb_view.SYMBOL_FILL.items()}
    for name, game, state, _prev, scene in scenes:
        if game.id != "bad_bones":
            continue
        shapes = board_shapes(scene)
        tokens = [s for s in shapes if isinstance(s, Polygon) and s.fill in colour_of and len(s.points) == 5]
        on = _token_letters(shapes)
        # Every skeleton stack's top token carries its letter; the letter names its colour.
        assert len(tokens) >= sum(len(b.skeletons) > 0 for b in state.boards)
        assert on and all(letter == colour_of[fill][0].upper() for fill, letter in on), name
        assert on <= _token_letters(legend_shapes(scene)), name  # and the legend shows each pair
        legend = _tokens(t.text for t in legend_shapes(scene) if isinstance(t, Text))
        for symbol in colour_of.values():
            assert symbol in legend


def test_bad_bones_every_top_token_has_its_letter(bad_bones_games):
    game, replays = bad_bones_games
    state = max(replays[4].states, key=lambda s: sum(len(b.skeletons) for b in s.boards))
    scene = render(game, state)
    shapes = board_shapes(scene)
    letters = [t for t in shapes if isinstance(t, Text) and t.text in bb_view.SYMBOL_LETTER.values()]
    stacks = 0
    for p, g in enumerate(bb_view.layout(state.players)[0]):
        places = {(k.r, k.c) for k in state.boards[p].skeletons.values()}
        for r, c in places:
            for _facing, _side, sks, cx, cy, _size in bb_view.stacks_at(state, g, r, c):
                stacks += 1
                want = bb_view.SYMBOL_LETTER[game.data.model_of(sks[0].id).symbol]
                assert any(t.text == want and math.dist((t.x, t.y), (cx, cy)) < 2 for t in letters)
    assert stacks > 20


# Machado, Oliveira and Fernandes (2009), severity 1: linear-RGB matrices.
CVD = {"deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                        (-0.011820, 0.042940, 0.968881)),
       "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                      (-0.003882, -0.048116, 1.051998))}


def _lab(rgb_linear) -> tuple[float, float, float]:
    r, g, b = rgb_linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _seen(colour: str, kind: str | None) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    lin = [(lambda c: c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)(int(h[i:i + 2], 16) / 255)
           for i in (0, 2, 4)]
    if kind:
        lin = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin)))) for row in CVD[kind]]
    return _lab(lin)


def _closest_pair(colours, kind) -> float:
    return min(math.dist(_seen(a, kind), _seen(b, kind)) for a, b in itertools.combinations(colours, 2))


@pytest.mark.parametrize("kind", [None, "deuteranopia", "protanopia"])
def test_palettes_stay_apart_under_colour_blindness(kind):
    # CIE76 ΔE between the closest two colours; the kit's old palettes fall under 15.
    assert _closest_pair(bb_view.SYMBOL_FILL.values(), kind) >= 25
    assert _closest_pair(parts.NAMED.values(), kind) >= 20
    old = ("#2e8b57", "#7d3c98", "#2e86c1", "#d4ac0d", "#c0392b")
    if kind == "deuteranopia":
        assert _closest_pair(old, kind) < 15      # the measure does see the problem


# ---- the marks of the last step ------------------------------------------------------------------
def marks(scene: Scene) -> list:
    """The change marks on the picture (the legend's samples left out)."""
    return [s for s in board_shapes(scene)
            if getattr(s, "stroke", None) == access.CHANGE or getattr(s, "fill", None) == access.CHANGE]


def inside(box, x, y) -> bool:
    bx, by, bw, bh = box
    return bx <= x <= bx + bw and by <= y <= by + bh


def test_nothing_is_marked_without_a_step_before(scenes):
    for name, game, state, prev, scene in scenes:
        again = render(game, state, previous=state)
        assert marks(again) == [] and "Last step" not in again.description, name
        if prev is None:
            assert marks(scene) == [] and "Last step" not in scene.description, name


def _board_changed(prev, state) -> bool:
    """Whether anything on a Bad Bones board changed (the phase and whose turn aside)."""
    def seen(b):
        return (b.hero, sorted(b.traps.items()), sorted(b.skeletons.items()), b.floors, b.houses,
                len(b.cemetery))
    return any(seen(a) != seen(b) for a, b in zip(prev.boards, state.boards))


def test_marks_appear_exactly_when_something_changed(bad_bones_games, bone_to_pick_games):
    game, replays = bad_bones_games
    seen = Counter()
    for r in replays.values():
        for prev, state in list(zip(r.states, r.states[1:]))[:150]:
            scene = render(game, state, previous=prev)
            has = bool(marks(scene))
            assert has == _board_changed(prev, state) == ("Last step" in scene.description)
            seen[has] += 1
    assert seen[True] > 50 and seen[False] > 5, seen
    # Bone to Pick: marks exactly when the description tells a change; every step changes
    # something (a card chosen or played, a share, a choice made).
    game, games = bone_to_pick_games
    for states in games.values():
        for prev, state in list(zip(states, states[1:]))[:60]:
            for seat in (None, 0):
                scene = render(game, state, seat, previous=prev)
                assert bool(marks(scene)) == ("Last step" in scene.description), scene.description
                assert marks(scene), (state.variant, seat, scene.description)


def _moved(prev, state, p):
    """Skeletons of board ``p`` that changed place between two states: id -> (old, new)."""
    a, b = prev.boards[p].skeletons, state.boards[p].skeletons
    return {sid: ((a[sid].r, a[sid].c), (b[sid].r, b[sid].c)) for sid in a.keys() & b.keys()
            if (a[sid].r, a[sid].c) != (b[sid].r, b[sid].c)}


def test_a_skeleton_move_marks_its_old_and_new_square(bad_bones_games):
    game, replays = bad_bones_games
    checked = forests = 0
    for players, r in replays.items():
        geos = bb_view.layout(players)[0]
        for i, label in enumerate(r.actions, 1):
            if " move " not in label:
                continue
            prev, state = r.states[i - 1], r.states[i]
            scene = render(game, state, previous=prev)
            dots = [s for s in marks(scene) if isinstance(s, Circle) and s.fill == access.CHANGE]
            heads = [s for s in marks(scene) if isinstance(s, Polygon) and s.fill == access.CHANGE]
            trails = 0
            for p in range(players):
                g = geos[p]
                for sid, (old, new) in _moved(prev, state, p).items():
                    assert any(inside(g.box(*old), d.cx, d.cy) for d in dots), (label, sid, old)
                    assert any(inside(g.box(*new), *_centre(h.points)) for h in heads), (label, sid, new)
                    trails += 1
                    checked += 1
                    forests += not (0 <= old[0] < SIZE and 0 <= old[1] < SIZE)
                # Skeletons that left: a ghost where they were.
                left = prev.boards[p].skeletons.keys() - state.boards[p].skeletons.keys()
                for sid in left:
                    k = prev.boards[p].skeletons[sid]
                    ghosts = [s for s in board_shapes(scene) if isinstance(s, Circle)
                              and s.stroke == access.GHOST and inside(g.box(k.r, k.c), s.cx, s.cy)]
                    assert ghosts, (label, sid)
                    # A trail to the cemetery it went to, if it went to one.
                    to = [t for t in range(players) if sid in state.boards[t].cemetery]
                    trails += bool(to)
            # No trail for what did not move: one start dot per trail (dots of rings aside).
            assert len([d for d in dots if d.r == 4]) == trails, label
    assert checked > 50 and forests > 5


def _centre(points):
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def test_hero_steps_and_traps_are_marked(bad_bones_games):
    game, replays = bad_bones_games
    r = replays[2]
    geos = bb_view.layout(2)[0]
    heroes = traps = 0
    for i, label in enumerate(r.actions, 1):
        prev, state = r.states[i - 1], r.states[i]
        seat = int(label.split()[0][1:]) - 1
        g = geos[seat]
        scene = render(game, state, previous=prev)
        if " hero " in label:
            old = prev.boards[seat].hero
            dots = [s for s in marks(scene) if isinstance(s, Circle) and s.r == 4]
            assert any(inside(g.square_box(old), d.cx, d.cy) for d in dots), label
            heroes += 1
        elif " place " in label:
            sq = label.split()[3]
            boxes = [s for s in marks(scene) if isinstance(s, Rect)]
            assert any(inside(g.square_box(sq), b.x + b.w / 2, b.y + b.h / 2) for b in boxes), label
            traps += 1
        elif " retrieve " in label:
            sq = label.split()[2]
            assert any(isinstance(s, Circle) and s.stroke == access.GHOST
                       and inside(g.square_box(sq), s.cx, s.cy) for s in board_shapes(scene)), label
            traps += 1
        elif label.endswith(" pass"):
            others = [s for s in marks(scene) if inside((g.x, g.y, g.w, g.h), *_xy(s))]
            assert others == [], label     # passing changes nothing on that board
    assert heroes > 5 and traps > 3


def _xy(s) -> tuple[float, float]:
    if isinstance(s, Rect):
        return s.x + s.w / 2, s.y + s.h / 2
    if isinstance(s, Circle):
        return s.cx, s.cy
    if isinstance(s, Polygon):
        return _centre(s.points)
    return s.x1, s.y1


def test_bone_to_pick_marks_the_card_chosen_then_every_card_revealed(bone_to_pick_games):
    game, _ = bone_to_pick_games
    s0 = game.new(4, seed=3)
    s1, _ = game.apply(s0, "P2 play 7")
    boxes = [m for m in marks(render(game, s1, previous=s0)) if isinstance(m, Rect)]
    chosen_x = 150 + 12 * (base_view.CARD_W + base_view.GAP) + 12
    row = base_view.TOP + base_view.ROW * 1
    assert len(boxes) == 1 and inside((chosen_x - 4, row, base_view.CARD_W + 8, base_view.ROW),
                                      boxes[0].x + boxes[0].w / 2, boxes[0].y + boxes[0].h / 2)
    assert "P2 chooses a card" in render(game, s1, 0, previous=s0).description
    s, prev = s1, s1
    for label in ("P1 play 3", "P3 play 9", "P4 play 5"):
        prev, (s, _) = s, game.apply(s, label)
    scene = render(game, s, previous=prev)
    boxes = [m for m in marks(scene) if isinstance(m, Rect)]
    for p in range(4):   # each seat's revealed card
        band = (chosen_x - 4, base_view.TOP + base_view.ROW * p, base_view.CARD_W + 8, base_view.ROW)
        assert any(inside(band, b.x + b.w / 2, b.y + b.h / 2) for b in boxes), p
    assert any(b.y < base_view.TOP and b.x < 330 and b.w > 140 for b in boxes)   # the new undead
    r = s.history[-1]
    if r.defeated and r.trophy_to is not None:
        assert "as a trophy" in scene.description
    else:
        assert "damage" in scene.description


def test_every_mode_marks_the_cards_just_played(bone_to_pick_games):
    game, games = bone_to_pick_games
    for (_players, variant), states in games.items():
        marked = 0
        for prev, state in list(zip(states, states[1:]))[:40]:
            scene = render(game, state, previous=prev)
            if len(state.history) > len(prev.history):
                assert marks(scene), (variant, state.turn)
                assert f"turn {state.history[-1].turn}" in scene.description.lower() or \
                    "played" in scene.description or "revealed" in scene.description
                marked += 1
        assert marked >= 2, variant
    # Co-op: a play marks that seat's "played" slot, and nothing else.
    states = games[(2, "coop")]
    prev, state = next((a, b) for a, b in zip(states, states[1:])
                       if sum(c is not None for c in b.played) == 1 and not any(a.played))
    seat = next(p for p, c in enumerate(state.played) if c is not None)
    boxes = [m for m in marks(render(game, state, previous=prev)) if isinstance(m, Rect)]
    y = parts_row_y(seat)
    assert len(boxes) == 1 and inside((716, y, 60, 112), boxes[0].x + 5, boxes[0].y + 5)


def parts_row_y(seat: int) -> float:
    from bonekit.widgets.views import bone_to_pick_modes as modes
    return modes.TOP + 6 + seat * modes.ROW


# ---- the dark theme ---------------------------------------------------------------------------------
def test_every_text_reads_against_its_ground_in_the_dark_theme(scenes):
    from bonekit.widgets.theme import dark

    bad = Counter()
    for name, _, _, _, scene in scenes:
        for text, ink, under, ratio in contrast_failures(dark(scene)):
            bad[(name.split(" step")[0], text[:30], ink, under, ratio)] += 1
    assert not bad, "\n".join(f"{k} ×{n}" for k, n in sorted(bad.items())[:20])


def test_the_dark_theme_turns_every_colour_and_keeps_the_rest(scenes):
    from bonekit.widgets.theme import dark, parse

    for name, _, _, _, scene in scenes[::7]:
        night = dark(scene)
        colours = {c for s in scene.shapes
                   for c in (getattr(s, "fill", None), getattr(s, "stroke", None)) if c}
        unread = sorted(c for c in colours if parse(c) is None and c != "none")
        assert not unread, f"{name}: colours the dark theme cannot read: {unread}"
        assert contrast_ratio(night.background, "#111111") < 1.3, name   # JupyterLab Dark's page
        assert [type(s) for s in night.shapes] == [type(s) for s in scene.shapes]
        assert night.hits == scene.hits and night.description == scene.description
        texts = [getattr(s, "text", None) for s in scene.shapes]
        assert [getattr(s, "text", None) for s in night.shapes] == texts


@pytest.mark.parametrize("kind", [None, "deuteranopia", "protanopia"])
def test_dark_palettes_stay_apart_under_colour_blindness(kind):
    from bonekit.widgets.theme import dark_colour

    assert _closest_pair([dark_colour(c) for c in bb_view.SYMBOL_FILL.values()], kind) >= 25
    assert _closest_pair([dark_colour(c) for c in parts.NAMED.values()], kind) >= 20
