"""Scene (display list, SVG, PNG), the ipycanvas painter, SceneCanvas and the Bone to Pick view.

Widgets run without a browser here: comms are no-ops, so the tests spy on what ipycanvas
would send (``_CanvasManager._send_custom``) instead of looking at pixels.
"""
from __future__ import annotations

import base64
import contextlib
import io
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipycanvas import Canvas
from ipycanvas.canvas import COMMANDS
from PIL import Image

import bonekit
import bonekit.widgets.painter as painter_module
from bonekit.core.bots import play_out
from bonekit.core.errors import IllegalAction
from bonekit.games.bone_to_pick import CarefulBot, GreedyBot
from bonekit.widgets import Circle, Hit, Line, Polygon, Rect, Scene, Text, raster, render
from bonekit.widgets.canvas import SceneCanvas, key_name
from bonekit.widgets.painter import paint
from bonekit.widgets.scene import _n
from bonekit.widgets.views import bone_to_pick as view
from picture_checks import NOTEBOOK, SMALLEST, text_box

SVG = "{http://www.w3.org/2000/svg}"
CMD_NAMES = {i: name for name, i in COMMANDS.items()}


# ---- helpers ------------------------------------------------------------------------------------
def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def svg_texts(svg: str) -> list[str]:
    return [el.text or "" for el in parse(svg).iter(SVG + "text")]


def texts(scene: Scene) -> list[Text]:
    return [s for s in scene.shapes if isinstance(s, Text)]


def row_band(p: int) -> tuple[float, float]:
    return view.TOP + view.ROW * p, view.TOP + view.ROW * (p + 1)


HAND_X = (150, 150 + 12 * (view.CARD_W + view.GAP))            # the twelve hand slots
CHOSEN_X = (HAND_X[1] + 12, HAND_X[1] + 12 + view.CARD_W)       # the chosen / last-played slot
LABELS = {"hand", "chosen", "used"}


def row_texts(scene: Scene, p: int, x0: float, x1: float) -> list[str]:
    """Text in player ``p``'s row between x0 and x1, without the small slot labels."""
    y0, y1 = row_band(p)
    return [t.text for t in texts(scene)
            if y0 <= t.y < y1 and x0 <= t.x < x1 and t.text not in LABELS
            and not t.text.startswith("turn ")]


def hand_texts(scene: Scene, p: int) -> list[str]:
    return row_texts(scene, p, *HAND_X)


def chosen_texts(scene: Scene, p: int) -> list[str]:
    return row_texts(scene, p, *CHOSEN_X)


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bone_to_pick")


def finished(game, players: int, bots, seed: int = 0):
    state = game.new(players, seed=seed)
    final, _ = play_out(game, state, bots)
    return final


def a_victory(game, players=4):
    for seed in range(40):
        s = finished(game, players, {i: CarefulBot(seed * 10 + i) for i in range(players)}, seed)
        if game.outcome(s).result == "victory":
            return s
    raise AssertionError("no CarefulBot victory found in 40 seeds")


def small_scene() -> Scene:
    sc = Scene(200, 120, title="small")
    sc.add(Rect(0.25, 1, 50, 20, "#f00", "#000", 2, 4), Rect(3, 4, 5, 6, "#0f0"),
           Circle(30, 30, 5, "#00f", "#000"), Line(0, 0, 10, 10, "#333", 1.5),
           Polygon(((0, 0), (10, 0), (5, 8)), "#aaa", "#111"),
           Text(10, 10, "hello", 12, "#222", "start"), Text(20, 20, "bold", 14, "#000", "middle", True),
           Text(30, 30, "end", 11, "#000", "end"))
    sc.hit(0, 0, 100, 100, "under", "bottom")
    sc.hit(50, 50, 100, 50, "over", "top")
    return sc


# ---- Scene and SVG -------------------------------------------------------------------------------
def test_svg_is_well_formed_with_size_viewbox_and_title():
    sc = small_scene()
    root = parse(sc.to_svg())
    assert root.get("width") == "200" and root.get("height") == "120"
    assert root.get("viewBox") == "0 0 200 120"
    title = root.find(SVG + "title")
    assert title is not None and title.text == "small"
    # One element per shape, after the title and the background rect.
    drawn = [el for el in root if el.tag != SVG + "title"]
    assert len(drawn) == 1 + len(sc.shapes)
    kinds = ("rect", "rect", "circle", "line", "polygon", "text", "text", "text")
    assert [el.tag for el in drawn[1:]] == [SVG + t for t in kinds]
    assert sc._repr_svg_() == sc.to_svg()


def test_svg_escapes_text_and_title():
    sc = Scene(100, 50, title='a <b> & "c"')
    sc.add(Text(1, 2, "x < y & z > w"))
    svg = sc.to_svg()
    root = parse(svg)
    assert root.find(SVG + "title").text == 'a <b> & "c"'
    assert root.get("aria-label") == 'a <b> & "c"'
    assert [el.text for el in root.iter(SVG + "text")] == ["x < y & z > w"]
    assert "<b>" not in svg


def test_svg_deterministic_and_numbers_stable():
    a, b = small_scene(), small_scene()
    assert a.to_svg() == b.to_svg()
    sc = Scene(10, 10)
    sc.add(Rect(0.1 + 0.2, 1.0, 2.04, 3.96), Circle(-0.04, 1 / 3, 2.5))
    svg = sc.to_svg()
    assert 'x="0.3"' in svg and 'y="1"' in svg and 'width="2"' in svg and 'height="4"' in svg
    assert 'cx="0"' in svg and 'cy="0.3"' in svg and 'r="2.5"' in svg
    assert "0.30000000000000004" not in svg and "-0" not in svg
    assert [_n(x) for x in (0, 1.0, 2.5, -3.25, 12.0001, 7.96, -0.01)] == \
        ["0", "1", "2.5", "-3.2", "12", "8", "0"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6),
                          st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs")),
                                  max_size=20)),
                max_size=8))
def test_svg_any_text_and_numbers_parse_and_round_trip(items):
    sc = Scene(300, 200, title="fuzz")
    for x, y, s in items:
        sc.add(Text(x, y, s), Rect(x, y, abs(y), abs(x)))
    svg = sc.to_svg()
    assert svg == sc.to_svg()
    root = parse(svg)
    got = [el.text or "" for el in root.iter(SVG + "text")]
    # XML normalises CR line ends to LF when parsing.
    assert got == [s.replace("\r\n", "\n").replace("\r", "\n") for _, _, s in items]
    for el in root.iter(SVG + "rect"):
        for attr in ("x", "y", "width", "height"):
            v = el.get(attr)
            if v is not None:
                assert "e" not in v and (v.count(".") == 0 or len(v.split(".")[1]) == 1), v
                float(v)


def test_svg_control_character_in_text_is_still_well_formed(game):
    sc = Scene(100, 40, title="ti\x0btle")
    sc.add(Text(5, 20, "tab\x0bname\x00"))
    svg = sc.to_svg()
    parse(svg)
    assert "tabname" in svg and "title" in svg
    with pytest.raises(ValueError):  # the engine refuses unprintable names in the first place
        game.new(3, seed=0, names=["tab\x0bname", "P2", "P3"])


def test_svg_describes_the_picture_in_words():
    sc = Scene(100, 40, title="Bad Bones, round 2", description="P1 to move: 3 <skeletons> & a trap.")
    root = parse(sc.to_svg())
    assert root.get("role") == "img"
    assert root.find(SVG + "desc").text == "P1 to move: 3 <skeletons> & a trap."
    assert root.get("aria-label") == "Bad Bones, round 2. P1 to move: 3 <skeletons> & a trap." == sc.alt_text
    # <desc> follows <title>, before anything drawn.
    assert [el.tag for el in root][:3] == [SVG + "title", SVG + "desc", SVG + "rect"]
    assert Scene(10, 10, title="Over!", description="P2 wins.").alt_text == "Over! P2 wins."
    assert Scene(10, 10, description="only words").alt_text == "only words"
    # Without a description there is no <desc>, and the label is the title alone.
    bare = parse(small_scene().to_svg())
    assert bare.find(SVG + "desc") is None and bare.get("aria-label") == "small"


def test_scene_mime_bundle_has_svg_png_and_words():
    sc = small_scene()
    sc.description = "three shapes and some text"
    data, metadata = sc._repr_mimebundle_()
    assert set(data) == {"text/plain", "image/svg+xml", "image/png"}
    assert data["image/svg+xml"] == sc.to_svg()
    assert base64.b64decode(data["image/png"]) == sc.to_png()
    assert metadata == {"image/png": {"width": 200, "height": 120}}
    assert data["text/plain"] == "small. three shapes and some text"
    # A scene without words still says what it is.
    assert Scene(5, 5)._repr_mimebundle_()[0]["text/plain"] == repr(Scene(5, 5))


def test_hit_at_topmost_and_none_outside():
    sc = small_scene()
    assert sc.hit_at(10, 10).target == "under"
    assert sc.hit_at(75, 75).target == "over"          # both contain it: the later one is on top
    assert sc.hit_at(100, 100).target == "over"        # edges are inside
    assert sc.hit_at(150, 100).target == "over"
    assert sc.hit_at(151, 75) is None
    assert sc.hit_at(-1, -1) is None
    assert sc.hit_at(199, 119) is None
    assert Scene(10, 10).hit_at(5, 5) is None
    h = Hit(1, 2, 3, 4, "t")
    assert h.contains(1, 2) and h.contains(4, 6) and not h.contains(4.01, 6)


# ---- painter ------------------------------------------------------------------------------------
@pytest.fixture
def sent(monkeypatch):
    """Every message the shared canvas manager sends: a list of command lists."""
    from ipycanvas.canvas import _CANVAS_MANAGER as manager
    messages: list = []
    original = manager._send_custom

    def spy(command, buffers=None):
        messages.append(command)
        return original(command, [] if buffers is None else buffers)

    monkeypatch.setattr(manager, "_send_custom", spy)
    return messages


def batch_commands(message) -> list:
    """The commands of one batched message (a list of [name id, args, n buffers])."""
    assert isinstance(message, list) and message and isinstance(message[0], list), message
    return message


def test_paint_is_one_batch_with_every_text(sent, monkeypatch):
    holds = []
    real = painter_module.hold_canvas

    @contextlib.contextmanager
    def spy_hold(*args):
        holds.append(args)
        with real(*args):
            yield

    monkeypatch.setattr(painter_module, "hold_canvas", spy_hold)
    sc = small_scene()
    canvas = Canvas(width=sc.width, height=sc.height)
    sent.clear()
    paint(canvas, sc)
    assert len(holds) == 1
    assert len(sent) == 1, "one paint must be one message"
    commands = batch_commands(sent[0])
    names = [CMD_NAMES[c[0]] for c in commands]
    assert "clear" in names and names.index("clear") < names.index("fillRect")
    fill_texts = [c[1][0] for c in commands if CMD_NAMES[c[0]] == "fillText"]
    assert fill_texts == [t.text for t in texts(sc)]
    assert names.count("arc") == 1 and names.count("arcTo") == 4   # circle, rounded rect
    from ipycanvas.canvas import _CANVAS_MANAGER
    assert _CANVAS_MANAGER._caching is False                     # hold released


def test_paint_game_scene_is_one_message(game, sent):
    sc = render(game, game.new(6, seed=3), None, 0)
    canvas = Canvas(width=sc.width, height=sc.height)
    sent.clear()
    paint(canvas, sc)
    paint(canvas, sc)
    assert len(sent) == 2
    for message in sent:
        texts_sent = [c[1][0] for c in batch_commands(message) if CMD_NAMES[c[0]] == "fillText"]
        assert texts_sent == [t.text for t in texts(sc)]


def test_scene_canvas_repaints_on_client_ready_and_show(game, sent):
    sc = small_scene()
    hits = []
    scv = SceneCanvas(sc, on_hit=lambda h, x, y: hits.append((h and h.target, x, y)))
    assert scv.paints == 1
    assert (scv.canvas.width, scv.canvas.height) == (200, 120)
    sent.clear()
    # The browser view says it is ready: ipycanvas dispatches the registered callbacks.
    scv.canvas._handle_frontend_event(scv.canvas, {"event": "client_ready"}, [])
    assert scv.paints == 2 and len(sent) == 1
    scv.canvas._client_ready_callbacks()
    assert scv.paints == 3 and len(sent) == 2
    # A mouse press from the browser goes to the hit region under it.
    scv.canvas._handle_frontend_event(scv.canvas, {"event": "mouse_down", "x": 60, "y": 60}, [])
    scv.click(5, 5)
    scv.click(190, 5)
    assert hits == [("over", 60, 60), ("under", 5, 5), (None, 190, 5)]
    # A new scene of another size resizes the canvas and repaints.
    big = render(game, game.new(5, seed=1))
    scv.show(big)
    assert scv.paints == 4 and scv.scene is big
    assert (scv.canvas.width, scv.canvas.height) == (big.width, big.height)
    # ... and keeps it scaled to the notebook's width, the height following the width
    assert (scv.canvas.layout.width, scv.canvas.layout.max_width, scv.canvas.layout.height) == (
        f"{big.width}px", "100%", "auto")


def test_scene_canvas_key_handler():
    keys = []
    scv = SceneCanvas(small_scene(), on_key=keys.append)
    scv.canvas._handle_frontend_event(scv.canvas, {"event": "key_down", "key": "ArrowRight",
                                                   "shift_key": False, "ctrl_key": False,
                                                   "meta_key": False}, [])
    assert keys == ["ArrowRight"]


def test_scene_canvas_names_modified_keys():
    keys = []
    scv = SceneCanvas(small_scene(), on_key=keys.append)
    for key, shift, ctrl in (("PageDown", True, False), ("PageDown", False, False), ("]", False, False),
                             ("N", True, False), ("n", False, True)):
        scv.canvas._handle_frontend_event(scv.canvas, {"event": "key_down", "key": key, "shift_key": shift,
                                                       "ctrl_key": ctrl, "meta_key": False}, [])
    # Shift is named only where the key has no character of its own.
    assert keys == ["Shift+PageDown", "PageDown", "]", "N", "Ctrl+n"]
    assert key_name("Home", False, False, True) == "Meta+Home"


# ---- the Bone to Pick view ----------------------------------------------------------------------
def test_scene_height_grows_with_players(game):
    heights = [render(game, game.new(n, seed=0)).height for n in range(2, 7)]
    assert heights == sorted(set(heights)) and len(heights) == 5
    for n, h in zip(range(2, 7), heights):
        sc = render(game, game.new(n, seed=0))
        root = parse(sc.to_svg())
        assert root.get("height") == str(h) and sc.width == view.WIDTH
        assert root.find(SVG + "title").text.startswith("Bone to Pick, turn 1 of 10")


def test_render_is_deterministic(game):
    s = game.new(4, seed=5)
    s, _ = game.apply(s, "P2 play 7")
    assert render(game, s).to_svg() == render(game, game.copy_state(s)).to_svg()
    assert render(game, s, 1, 1).to_svg() == render(game, s, 1, 1).to_svg()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_all_seeing_shows_every_hand_and_seat_view_hides_others(game, players):
    s = game.new(players, seed=players)
    s, _ = game.apply(s, "P1 play 4")
    full = render(game, s)
    for p in range(players):
        assert sorted(map(int, hand_texts(full, p))) == sorted(s.hands[p])
    for seat in range(players):
        sc = render(game, s, seat)
        assert sorted(map(int, hand_texts(sc, seat))) == sorted(s.hands[seat])
        for other in range(players):
            if other != seat:
                assert hand_texts(sc, other) == [], (seat, other)
        parse(sc.to_svg())
        assert f"view of P{seat + 1}" in parse(sc.to_svg()).find(SVG + "title").text


def test_seat_view_svg_does_not_depend_on_hidden_cards(game):
    s = game.new(3, seed=2)
    a, _ = game.apply(s, "P2 play 7")
    b, _ = game.apply(s, "P2 play 9")
    # P1 and P3 cannot tell the two apart; P2 and the all-seeing view can.
    assert render(game, a, 0).to_svg() == render(game, b, 0).to_svg()
    assert render(game, a, 2).to_svg() == render(game, b, 2).to_svg()
    assert render(game, a, 1).to_svg() != render(game, b, 1).to_svg()
    assert render(game, a).to_svg() != render(game, b).to_svg()


def test_face_down_choice_hidden_from_others_peekable_by_owner(game):
    s = game.new(4, seed=1)
    s, _ = game.apply(s, "P2 play 8")
    assert chosen_texts(render(game, s, 0), 1) == []          # P1 sees a card back only
    assert chosen_texts(render(game, s, 3), 1) == []
    assert chosen_texts(render(game, s, 1), 1) == ["8"]       # its owner may peek
    assert chosen_texts(render(game, s), 1) == ["8"]          # and so may the all-seeing view
    # The text board agrees: P1 reads "face down", P2 reads its value.
    assert "P2 · hand: 11 cards (hidden) · chosen: face down" in game.text(s, 0)
    assert "chosen: 8 (face down)" in game.text(s, 1)


def test_hits_only_for_active_seat_and_legal(game):
    s = game.new(4, seed=0)
    s, _ = game.apply(s, "P1 play 3")
    assert render(game, s).hits == []
    assert render(game, s, 2).hits == []
    for active in (1, 2, 3):
        for seat in (None, active):
            sc = render(game, s, seat, active)
            legal = {a.label for a in game.legal_actions(s, active)}
            y0, y1 = row_band(active)
            assert len(sc.hits) == len(s.hands[active])
            assert all(y0 <= h.y and h.y + h.h <= y1 for h in sc.hits)
            assert {h.target for h in sc.hits} == legal
            for h in sc.hits:    # clicking the middle of a card finds that card
                assert sc.hit_at(h.x + h.w / 2, h.y + h.h / 2) == h
    # Another seat's hand is face down in this view: nothing to click there.
    assert render(game, s, 0, 2).hits == []


def test_used_pile_hit_explains_rather_than_plays(game):
    s = game.new(2, seed=0)
    s, _ = game.apply(s, "P1 play 5")
    s, _ = game.apply(s, "P2 play 5")
    sc = render(game, s, 0, 0)
    card_hits = [h for h in sc.hits if h.x < HAND_X[1]]
    pile_hits = [h for h in sc.hits if h.x >= HAND_X[1]]
    assert {h.target for h in card_hits} == {a.label for a in game.legal_actions(s, 0)}
    assert [h.target for h in pile_hits] == ["P1 reuse"]
    with pytest.raises(IllegalAction) as refusal:
        game.apply(s, "P1 reuse")
    assert refusal.value.rule == "bone_to_pick.turn.rest" and "used" in refusal.value.reason


def test_used_pile_hit_never_targets_a_legal_action(game):
    s = game.new(2, seed=0)
    s, _ = game.apply(s, "P1 play 0")
    s, _ = game.apply(s, "P2 play 5")
    sc = render(game, s, 0, 0)
    pile_hits = [h for h in sc.hits if h.x >= HAND_X[1]]
    assert pile_hits
    legal = {a.label for a in game.legal_actions(s, 0)}
    assert all(h.target not in legal for h in pile_hits)


def test_names_are_escaped_in_game_svg(game):
    names = ["<b>Ann & Bo</b>", 'Cy "the" Dee', "P3"]
    s = game.new(3, seed=0, names=names)
    svg = render(game, s).to_svg()
    words = svg_texts(svg)
    assert "P1 <b>Ann & Bo</b>" in words
    assert 'P2 Cy "the" Dee' in words
    assert "P3" in words
    assert "<b>" not in svg


def row_titles(sc: Scene, players: int, title: str) -> list[int]:
    return [p for p in range(players)
            if any(t.text == title and row_band(p)[0] <= t.y < row_band(p)[1] for t in texts(sc))]


def test_outcome_victory_in_scene(game):
    s = a_victory(game)
    out = game.outcome(s)
    for seat in (None, 0, 2):
        words = svg_texts(render(game, s, seat).to_svg())
        assert "VICTORY" in words and "THE HAVEN FALLS" not in words
        assert not any(w == "choosing…" for w in words)
    sc = render(game, s)
    assert row_titles(sc, 4, "Legend") == sorted(out.winners) != []
    assert sc.hits == []


def test_outcome_defeat_in_scene(game):
    s = finished(game, 5, GreedyBot(), seed=0)
    out = game.outcome(s)
    assert out.result == "defeat"
    for seat in (None, 2):
        words = svg_texts(render(game, s, seat).to_svg())
        assert "THE HAVEN FALLS" in words and "VICTORY" not in words
        assert not any(w == "choosing…" for w in words)
    assert row_titles(render(game, s), 5, "Scapegoat") == sorted(out.titles) != []


def _seat_views_disagree(game):
    """Finished games whose true titles differ from the ones a seat's view computes."""
    cases = []
    for seed in (0, 3):   # seed 0: a shared Scapegoat; seed 3: P4 is the Legend
        s = finished(game, 4, {i: CarefulBot(seed * 10 + i) for i in range(4)}, seed)
        cases.append(s)
    return cases


def test_outcome_titles_same_in_every_view(game):
    for s in _seat_views_disagree(game):
        out = game.outcome(s)
        title = "Legend" if out.result == "victory" else "Scapegoat"
        expected = sorted(out.titles)
        assert row_titles(render(game, s), 4, title) == expected
        for seat in range(4):
            assert row_titles(render(game, s, seat), 4, title) == expected, (out.result, seat)


def test_during_game_owing_seats_say_choosing(game):
    s = game.new(3, seed=0)
    s, _ = game.apply(s, "P3 play 2")
    sc = render(game, s)
    choosing = [p for p in range(3) if any(t.text == "choosing…" and row_band(p)[0] <= t.y < row_band(p)[1]
                                           for t in texts(sc))]
    assert choosing == [0, 1]
    assert not any(t.text in ("VICTORY", "THE HAVEN FALLS") for t in texts(sc))


# ---- PNG ------------------------------------------------------------------------------------------
def png_image(scene: Scene) -> Image.Image:
    image = Image.open(io.BytesIO(scene.to_png()))
    assert image.format == "PNG" and image.size == (scene.width, scene.height)
    return image.convert("RGB")


def ink_box(image: Image.Image, box: tuple[int, int, int, int], background=(255, 255, 255)):
    """The bounding box of the pixels in ``box`` that are not the background (or None)."""
    part = image.crop(box)
    mask = Image.eval(part, lambda v: 0).convert("L")
    mask.putdata([0 if px == background else 255 for px in part.getdata()])
    found = mask.getbbox()
    if found is None:
        return None
    return (found[0] + box[0], found[1] + box[1], found[2] + box[0], found[3] + box[1])


def close(a, b, tolerance=12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_png_decodes_at_scene_size_deterministic_and_palette():
    sc = small_scene()
    png = sc.to_png()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png == small_scene().to_png() == raster.to_png(sc)
    image = Image.open(io.BytesIO(png))
    assert image.size == (200, 120) and image.mode == "P"        # palette: small files


def test_png_draws_each_shape_where_the_svg_does():
    sc = Scene(120, 80, background="#ffffff")
    sc.add(Rect(10, 10, 30, 20, "#ff0000"),                       # plain
           Rect(60, 10, 40, 30, "#0000ff", radius=10),            # rounded: corners stay white
           Circle(25, 60, 10, "#00aa00"),
           Line(60, 60, 110, 60, "#000000", 4),
           Polygon(((60, 70), (80, 70), (70, 79)), "#ffaa00"),
           Rect(2, 2, 116, 76, None, "#777777", 2))               # stroke only, centred on the edge
    image = png_image(sc)
    px = image.getpixel
    assert close(px((25, 20)), (255, 0, 0)) and close(px((45, 20)), (255, 255, 255))
    assert close(px((80, 25)), (0, 0, 255)) and close(px((61, 11)), (255, 255, 255))
    assert close(px((25, 60)), (0, 170, 0)) and close(px((16, 51)), (255, 255, 255))
    assert close(px((85, 60)), (0, 0, 0)) and close(px((85, 57)), (255, 255, 255))
    assert close(px((70, 72)), (255, 170, 0))
    # A 2 px stroke on x = 2 covers x 1..3 (pixels 1 and 2); inside and outside it is background.
    assert close(px((1, 40)), (119, 119, 119)) and close(px((2, 40)), (119, 119, 119))
    assert close(px((0, 40)), (255, 255, 255)) and close(px((3, 40)), (255, 255, 255))


def test_png_blends_colours_with_alpha():
    sc = Scene(20, 20, background="#ffffff").add(Rect(0, 0, 20, 20, "#ff000080"))
    r, g, b = png_image(sc).getpixel((10, 10))
    assert r > 250 and 110 < g < 145 and 110 < b < 145


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_png_text_anchor_and_vertical_centre(anchor):
    sc = Scene(300, 60, background="#ffffff").add(Text(150, 30, "HHHH", 20, "#000000", anchor))
    left, top, right, bottom = ink_box(png_image(sc), (0, 0, 300, 60))
    if anchor == "start":
        assert 149 <= left <= 153 and right > 180
    elif anchor == "middle":
        assert abs((left + right) / 2 - 150) <= 2
    else:
        assert 147 <= right <= 151 and left < 120
    # dominant-baseline="central": the line's middle (caps sit a little above it) is at y.
    assert top < 30 < bottom and abs((top + bottom) / 2 - 30) <= 4


def test_png_text_size_and_bold():
    def ink(size, bold):
        sc = Scene(300, 60, background="#ffffff").add(Text(10, 30, "Haven", size, "#000000", bold=bold))
        box = ink_box(png_image(sc), (0, 0, 300, 60))
        dark = sum(1 for p in png_image(sc).getdata() if sum(p) < 300)
        return box[2] - box[0], box[3] - box[1], dark
    small, big, bold = ink(10, False), ink(20, False), ink(20, True)
    assert 1.7 < big[0] / small[0] < 2.3 and 1.6 < big[1] / small[1] < 2.4
    assert bold[2] > big[2] * 1.2                               # heavier strokes


def test_png_whitespace_collapses_like_svg():
    one = Scene(200, 40).add(Text(10, 20, "a  b\nc"))
    other = Scene(200, 40).add(Text(10, 20, "a b c"))
    assert one.to_png() == other.to_png()


def scenes_of_every_view():
    """Pictures from both games' views in several modes and moments (all-seeing and seats)."""
    from bonekit.games.bad_bones.bots import GuardBot
    from bonekit.games.bone_to_pick.bots import CoopBot, SoloBot
    out = []
    cases = [("bone_to_pick", 4, None, lambda i: CarefulBot(i)), ("bone_to_pick", 3, "campaign", CarefulBot),
             ("bone_to_pick", 8, "epic", CarefulBot), ("bone_to_pick", 1, "solo", lambda i: SoloBot()),
             ("bone_to_pick", 2, "coop", lambda i: CoopBot()), ("bad_bones", 3, None, GuardBot),
             ("bad_bones", 1, None, GuardBot)]
    for game_id, players, variant, bot in cases:
        game = bonekit.load(game_id)
        state = game.new(players, variant=variant, seed=1)
        states = [state]
        bots = {i: bot(i) for i in range(players)}
        while not game.is_over(state) and len(states) < 400:
            seat = game.to_move(state)[0]
            state, _ = game.apply(state, bots[seat].choose(game, state, seat))
            states.append(state)
        for s in states[::max(1, len(states) // 6)] + [states[-1]]:
            out.append(render(game, s, None))
            out.append(render(game, s, 0, 0))
    return out


def test_png_fonts_have_every_glyph_the_views_use():
    from fontTools.ttLib import TTFont
    cmaps = {bold: TTFont(raster.font_path(bold)).getBestCmap() for bold in (False, True)}
    used = {False: set(), True: set()}
    for sc in scenes_of_every_view():
        for t in texts(sc):
            used[t.bold].update(" ".join(t.text.split()))
    assert any(ord(c) > 127 for c in used[False])               # ★ ✖ ☠ ... are among them
    for bold, chars in used.items():
        missing = sorted(c for c in chars if ord(c) not in cmaps[bold])
        assert missing == [], f"DejaVu Sans{' Bold' if bold else ''} lacks {missing}"


def test_png_of_a_bone_to_pick_table_is_small(game):
    state = game.new(4, seed=5)
    for label in ("P1 play 7", "P2 play 3", "P3 play 9", "P4 play 1", "P1 play 2"):
        state, _ = game.apply(state, label)
    sc = render(game, state)
    png = sc.to_png()
    assert len(png) <= 40_000, f"{len(png)} bytes"
    assert Image.open(io.BytesIO(png)).size == (sc.width, sc.height)
    # It is the picture, not a blank: many colours, text drawn.
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert len(image.getcolors(1 << 16)) > 20


# ---- text size at a laptop's width ----------------------------------------------------------------
LAPTOP_NOTEBOOK_WIDTH, MIN_SHOWN_TEXT = NOTEBOOK, SMALLEST   # 934 px shown, 12 px text (picture_checks)
# Tables (game, variant, players) whose pictures are checked along random games. The ones still
# drawing smaller text are strict expected failures: an XPASS means drop the mark.
TEXT_TABLES = [("bone_to_pick", None, n) for n in (2, 4, 6)] + [
    ("bone_to_pick", "campaign", 3), ("bone_to_pick", "campaign", 6), ("bone_to_pick", "epic", 9),
    ("bone_to_pick", "team", 4), ("bone_to_pick", "solo", 1), ("bone_to_pick", "coop", 3),
    ("bad_bones", None, 1), ("bad_bones", None, 3), ("bad_bones", None, 6), ("bad_bones", "solo", 1),
    ("bad_bones", "advanced", 3), ("bad_bones", "advanced", 5), ("bad_bones", "coop", 2),
    ("bad_bones", "coop", 5), ("bad_bones", None, 4, {"chiefs": True}),
    ("rolled_bones", None, 2), ("rolled_bones", None, 4), ("rolled_bones", None, 6),
    ("rolled_bones", "arena", 3),
    ("bone_wars", None, 2), ("bone_wars", None, 4), ("bone_wars", "solo", 1),
]
STILL_SMALL: dict[tuple, str] = {  # what is left of issue 20's 12 px target (shown size at 934 px, measured)
}


def _text_cases():
    for case in TEXT_TABLES:
        yield pytest.param(case, id="-".join(str(x) for x in case[:3]))
    for case, why in STILL_SMALL.items():
        yield pytest.param(case, id="-".join(str(x) for x in case),
                           marks=pytest.mark.xfail(strict=True, reason=f"issue 20: {why}"))


@pytest.mark.parametrize("case", _text_cases())
def test_picture_text_is_at_least_12_px_at_a_laptops_width(case):
    """Every text of the picture, at the size it is shown in a notebook 934 px wide, is 12 px or
    more: at the start and after each of 40 random moves (a game's later states add text)."""
    import random

    from bonekit.widgets import Table

    name, variant, players, *options = case
    bot = "random" if "random" in getattr(bonekit.load(name), "bots", {"random": 0}) else "builder"
    table = Table(name, ["human"] + [bot] * (players - 1), seed=3, variant=variant,
                  **(options[0] if options else {}))
    game, state, rng = table.game, table.state, random.Random(players)
    small: dict[float, str] = {}
    for _ in range(40):
        scene = render(game, state, 0, 0)
        scale = min(1.0, LAPTOP_NOTEBOOK_WIDTH / scene.width)
        small.update({s.size: s.text for s in scene.shapes
                      if isinstance(s, Text) and s.text.strip() and s.size * scale < MIN_SHOWN_TEXT})
        if game.is_over(state):
            break
        state, _ = game.apply(state, rng.choice(game.all_legal_actions(state)))
    assert not small, (f"{case}: {scene.width} px wide, shown at {scale:.2f}; text sizes below "
                       f"{MIN_SHOWN_TEXT} px there: {small}")


@pytest.mark.parametrize("case", [c for c in TEXT_TABLES if c[0] == "bone_to_pick"],
                         ids=lambda c: "-".join(str(x) for x in c))
def test_bone_to_pick_labels_neither_overlap_nor_leave_the_picture(case):
    """Along random games of every mode, no two texts of a Bone to Pick picture touch, and each
    lies inside the picture (12 px text made the old layouts collide: 'U27' ran into '1 VP')."""
    import random

    from bonekit.widgets import Table

    name, variant, players = case
    table = Table(name, ["human"] + ["random"] * (players - 1), seed=5, variant=variant)
    game, state, rng = table.game, table.state, random.Random(players)
    for _ in range(150):
        scene = render(game, state, 0, 0)
        boxes = [(s.text, text_box(s)) for s in scene.shapes if isinstance(s, Text) and s.text.strip()]
        outside = [t for t, (x0, _, x1, _) in boxes if x0 < 0 or x1 > scene.width]
        assert not outside, f"{case}: text beyond the picture's {scene.width} px: {outside}"
        for i, (a, p) in enumerate(boxes):
            for b, q in boxes[i + 1:]:
                assert min(p[2], q[2]) - max(p[0], q[0]) <= -1 or min(p[3], q[3]) - max(p[1], q[1]) <= 0, \
                    f"{case}: {a!r} and {b!r} overlap"
        if game.is_over(state):
            break
        state, _ = game.apply(state, rng.choice(game.all_legal_actions(state)))
