"""What makes the widgets usable by everyone, driven from Python (no browser: comms are no-ops):

* a PNG beside the SVG in every mime bundle (JupyterLab shows SVG only in trusted notebooks);
* panels coloured with JupyterLab's theme variables, readable (≥ 4.5:1) in its light and dark
  themes, checked against the themes' own values;
* the text-board toggle button; the keyboard helper and its aria-label;
* the Stepper's jumps to the next / previous phase and round (``game.stage``), and the
  previous state it hands the views so they can mark what changed.

The browser suite (tests/browser) checks the same things in JupyterLab and Voilà.
"""
from __future__ import annotations

import base64
import io
import re
import sys
from pathlib import Path

import ipywidgets as w
import pytest
from PIL import Image

import bonekit
import bonekit.widgets.stepper as stepper_module
from bonekit.core.bots import play_out
from bonekit.core.events import Event
from bonekit.core.replay import Replay
from bonekit.games.bad_bones.bots import GuardBot
from bonekit.games.bone_to_pick import CarefulBot
from bonekit.games.bone_to_pick.bots import CoopBot, SoloBot
from bonekit.widgets import Keyboard, Stepper, Table, panels
from bonekit.widgets.base import WIDGET_CLASS
from bonekit.widgets.keyboard import (
    ACTIONS_CLASS,
    BOARD_CLASS,
    BOARD_TOGGLE_CLASS,
    ESM,
    OFFLINE_CLASS,
    OFFLINE_TEXT,
)


# ---- replays of every mode ------------------------------------------------------------------------
def recorded(game_id: str, players: int, variant: str | None, seed: int, bot, **options) -> Replay:
    game = bonekit.load(game_id)
    state = game.new(players, variant=variant, seed=seed, **options)
    _, actions = play_out(game, state, {i: bot(i) for i in range(players)})
    replay = Replay(game_id, players, seed, variant, options, [a.label for a in actions])
    assert game.is_over(replay.final_state())
    return replay


MODES = {
    "base": lambda: recorded("bone_to_pick", 4, None, 3, CarefulBot),
    "campaign": lambda: recorded("bone_to_pick", 3, "campaign", 1, CarefulBot),
    "epic": lambda: recorded("bone_to_pick", 8, "epic", 1, CarefulBot),
    "team": lambda: recorded("bone_to_pick", 4, "team", 1, CarefulBot),
    "solo": lambda: recorded("bone_to_pick", 1, "solo", 1, lambda i: SoloBot()),
    "coop": lambda: recorded("bone_to_pick", 3, "coop", 2, lambda i: CoopBot(), hard=True),
    "bad_bones": lambda: recorded("bad_bones", 4, None, 1, GuardBot),
    "bad_bones_solo": lambda: recorded("bad_bones", 1, None, 1, GuardBot),
}


@pytest.fixture(scope="module")
def replays() -> dict[str, Replay]:
    return {name: make() for name, make in MODES.items()}


@pytest.fixture(scope="module")
def base_replay(replays) -> Replay:
    return replays["base"]


def data_of(widget) -> tuple[dict, dict]:
    data, metadata = widget._repr_mimebundle_()
    return data, metadata


def png_size(b64: str) -> tuple[int, int]:
    image = Image.open(io.BytesIO(base64.b64decode(b64)))
    assert image.format == "PNG"
    return image.size


# ---- PNG in every mime bundle ---------------------------------------------------------------------
def test_stepper_and_table_bundles_carry_png_at_the_scene_size(base_replay):
    stepper = Stepper(base_replay, step=6)
    table = Table("bone_to_pick", ["human", "careful", "careful"], seed=2)
    for widget in (stepper, table):
        data, metadata = data_of(widget)
        scene = widget.current_scene()
        assert {"image/png", "image/svg+xml", "text/plain",
                "application/vnd.jupyter.widget-view+json"} <= set(data)
        assert png_size(data["image/png"]) == (scene.width, scene.height)
        assert base64.b64decode(data["image/png"]) == scene.to_png()
        assert metadata["image/png"] == {"width": scene.width, "height": scene.height}
        assert data["text/plain"] == widget.summary()          # nbval still reads the digest
    # The PNG follows the step shown.
    before = data_of(stepper)[0]["image/png"]
    stepper.next()
    assert data_of(stepper)[0]["image/png"] != before


# ---- theme colours --------------------------------------------------------------------------------
THEMES = Path(sys.prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab"


def theme_variables(name: str) -> dict[str, str]:
    css = (THEMES / f"theme-{name}-extension" / "index.css").read_text()
    return dict(re.findall(r"(--jp-[\w-]+):\s*([^;}]+)", css))


def _call(text: str, start: int) -> tuple[str, int]:
    """The inside of the parenthesis opened at ``start`` and the index after it closes."""
    depth, i = 0, start
    while True:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1:i], i + 1
        i += 1


def _split(args: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in args:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    return parts + [current.strip()]


def resolve(value: str, variables: dict[str, str]) -> str:
    """CSS ``var(--x, fallback)`` replaced by the theme's value (or the fallback)."""
    while (i := value.find("var(")) >= 0:
        inside, end = _call(value, i + 3)
        name, *fallback = _split(inside)
        value = value[:i] + variables.get(name, fallback[0] if fallback else "") + value[end:]
    return value


def rgba(value: str) -> tuple[float, float, float, float]:
    value = value.strip()
    if value.startswith("color-mix("):
        inside, _ = _call(value, len("color-mix"))
        space, first, second = _split(inside)
        assert space == "in srgb"
        (a, pa), (b, pb) = [(c.rsplit(" ", 1) if c.endswith("%") else (c, None)) for c in (first, second)]
        pa = float(pa[:-1]) / 100 if pa else (1 - float(pb[:-1]) / 100 if pb else 0.5)
        ca, cb = rgba(a), rgba(b)
        return tuple(x * pa + y * (1 - pa) for x, y in zip(ca, cb))  # type: ignore[return-value]
    if value.startswith("rgb"):
        nums = [float(n) for n in re.findall(r"[\d.]+", value)]
        return (*nums[:3], nums[3] if len(nums) > 3 else 1.0)  # type: ignore[return-value]
    named = {"white": "#fff", "black": "#000"}
    h = named.get(value, value).lstrip("#")
    h = "".join(c * 2 for c in h) if len(h) == 3 else h
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0)


def over(top, below):
    a = top[3]
    return tuple(t * a + b * (1 - a) for t, b in zip(top[:3], below[:3])) + (1.0,)


def contrast(fg, bg) -> float:
    def lum(c):
        ch = [v / 255 for v in c[:3]]
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    shown = over(fg, bg)
    hi, lo = sorted((lum(shown), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def declared(style: str, prop: str) -> str:
    """The last declaration of ``prop`` in an inline style (later ones win in CSS)."""
    found = [v for p, v in (d.split(":", 1) for d in _split_declarations(style)) if p.strip() == prop]
    return found[-1].strip()


def _split_declarations(style: str) -> list[str]:
    out, depth, current = [], 0, ""
    for ch in style:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == ";" and depth == 0:
            out.append(current)
            current = ""
        else:
            current += ch
    return [d for d in out + [current] if ":" in d]


def test_panels_use_jupyterlab_theme_variables_with_light_fallbacks():
    game = bonekit.load("bone_to_pick")
    log = panels.log_html(game, [(0, (Event("x", "bone_to_pick.setup", "set up"),))], current=0)
    rules = panels.rules_html(game, ["bone_to_pick.setup"])
    board, ok = panels.board_html("P1 · hand"), panels.status_html("done")
    refused = panels.status_html("no", ok=False)
    for html, needed in ((log, ["--jp-layout-color1, #fff", "--jp-content-font-color1, #222",
                                "--jp-content-font-color2, #666", "--jp-border-color2, #ddd",
                                "--jp-content-font-color0, #000"]),
                         (rules, ["--jp-layout-color1, #fff", "--jp-content-font-color1, #222"]),
                         (board, ["--jp-content-font-color1, #222"]),
                         (ok, ["--jp-content-font-color1, #222", "--jp-success-color1, #1e8449"]),
                         (refused, ["--jp-error-color1, #922b21"])):
        for variable in needed:
            assert f"var({variable})" in html, (variable, html[:200])
    # No fixed white background or text colour is left to clash with the dark theme.
    for html in (log, rules, board, ok, refused):
        assert "background:#fff;" not in html and "color:#888" not in html


@pytest.mark.skipif(not THEMES.is_dir(), reason="JupyterLab's themes are not installed here")
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_panel_text_contrast_in_jupyterlab_themes(theme):
    """Every text colour of the panels against what is behind it, with the theme's values."""
    v = theme_variables(theme)
    page = rgba(resolve("var(--jp-layout-color0)", v))     # the notebook's own background
    colour = lambda css: rgba(resolve(css, v))             # noqa: E731
    log_bg = over(colour(declared(panels.LOG_STYLE, "background")), page)
    rules_bg = over(colour(declared(panels.RULES_STYLE, "background")), page)
    cite = colour(declared(panels.CITE_STYLE, "color"))
    pairs = {
        "log text": (colour(declared(panels.LOG_STYLE, "color")), log_bg),
        "log step number": (colour(panels.MUTED), log_bg),
        "log citation": (cite, log_bg),
        "rules text": (colour(declared(panels.RULES_STYLE, "color")), rules_bg),
        "rules citation": (cite, rules_bg),
        "board text": (colour(declared(panels.BOARD_STYLE, "color")), page),
        "status text": (colour(panels.TEXT), page),
        "stage words": (colour(panels.MUTED), page),
    }
    ratios = {name: round(contrast(fg, bg), 2) for name, (fg, bg) in pairs.items()}
    assert all(r >= 4.5 for r in ratios.values()), ratios
    # The themes really differ: the log's background follows them.
    assert (sum(log_bg[:3]) > 600) == (theme == "light")


# ---- text board toggle ----------------------------------------------------------------------------
def test_text_board_toggle_is_a_button_that_shows_and_hides_the_board(base_replay):
    for widget in (Stepper(base_replay), Table("bone_to_pick", ["human", "careful"], seed=1)):
        toggle, board = widget.board_toggle, widget.board
        row = next(c for c in widget.children if isinstance(c, w.HBox) and toggle in c.children)
        assert isinstance(toggle, w.ToggleButton) and board in widget.children
        assert widget.children.index(row) < widget.children.index(board)  # the button just above it
        assert not any(isinstance(c, w.Accordion) for c in widget.children)
        assert BOARD_TOGGLE_CLASS in toggle._dom_classes and BOARD_CLASS in board._dom_classes
        assert toggle.value is False and toggle.description == "Show text board"
        assert board.layout.display == "none"
        assert "text board" in board.value                       # filled in while hidden
        toggle.value = True
        assert toggle.description == "Hide text board" and board.layout.display in (None, "")
        toggle.value = False
        assert toggle.description == "Show text board" and board.layout.display == "none"


# ---- keyboard helper ------------------------------------------------------------------------------
def test_keyboard_helper_is_in_stepper_and_table_and_follows_the_scene(base_replay):
    stepper = Stepper(base_replay)
    table = Table("bone_to_pick", ["human", "careful", "careful"], seed=1)
    for widget in (stepper, table):
        kb = widget.keyboard
        assert isinstance(kb, Keyboard) and kb in widget.children
        assert WIDGET_CLASS in widget._dom_classes            # how its script finds its widget
        assert kb.layout.display == "none"
        assert kb.label == widget.current_scene().alt_text != ""
        assert widget.game.title in kb.widget_label and widget.game.title in kb.roledescription
    first = stepper.keyboard.label
    stepper.next_phase()
    assert stepper.keyboard.label == stepper.current_scene().alt_text != first
    before = table.keyboard.label
    assert table.act(table.game.legal_actions(table.state, 0)[0])
    assert table.keyboard.label == table.current_scene().alt_text != before
    assert ACTIONS_CLASS in table.buttons._dom_classes


def test_keyboard_script_frees_tab_and_escape_only():
    # The script registers in the capture phase on the widget's box and handles exactly
    # Tab and Escape; every other key is left to the canvas.
    assert 'addEventListener("keydown", keydown, true)' in ESM
    handled = set(re.findall(r'event\.key === "(\w+)"', ESM))
    assert handled == {"Tab", "Escape"}
    assert "stopPropagation" in ESM and f".{WIDGET_CLASS}" in ESM and f".{BOARD_TOGGLE_CLASS}" in ESM
    for attribute in ("aria-label", "aria-roledescription", "aria-pressed", "aria-expanded", "aria-controls"):
        assert attribute in ESM
    # Tab must keep its default action (the browser moves focus): no preventDefault for it.
    tab_branch = ESM[ESM.index('event.key === "Tab"'):ESM.index('event.key === "Escape"')]
    assert "preventDefault()" not in tab_branch


def test_keyboard_answers_the_kernel_ping_of_its_view():
    # A view pings; only a live kernel answers, and the answer is what removes the "run the
    # notebook" note (a widget shown from saved state never gets it).
    kb = Keyboard()
    sent = []
    kb.send = lambda content, buffers=None: sent.append(content)
    kb._handle_custom_msg({"event": "ping"}, [])
    kb._handle_custom_msg({"event": "something else"}, [])
    assert sent == [{"event": "pong"}]
    assert '"pong"' in ESM and 'event: "ping"' in ESM and OFFLINE_CLASS in ESM
    assert "Run All Cells" in OFFLINE_TEXT


def test_keyboard_script_fixes_the_first_click_and_the_wheel():
    # ipycanvas focuses the canvas on mousedown and then reads the pointer against the moved
    # box: the helper focuses it first without scrolling, in the capture phase on the box.
    assert 'addEventListener("mousedown", mousedown, true)' in ESM
    assert "focus({ preventScroll: true })" in ESM
    # The wheel is stopped before ipycanvas (which cancels it) and not cancelled itself.
    assert 'addEventListener("wheel", wheel, true)' in ESM
    wheel = ESM[ESM.index("function wheel"):ESM.index("\n", ESM.index("function wheel"))]
    assert "stopPropagation" in wheel and "preventDefault" not in wheel


def test_pictures_follow_the_page_theme(base_replay, monkeypatch):
    import bonekit.widgets.canvas as canvas_module
    from bonekit.widgets.theme import dark

    painted = []
    monkeypatch.setattr(canvas_module, "paint", lambda canvas, scene: painted.append(scene))
    for widget in (Stepper(base_replay), Table("bone_to_pick", ["human", "careful", "careful"], seed=1)):
        painted.clear()
        light = widget.current_scene()
        widget.keyboard.dark = True                      # the browser reports JupyterLab Dark
        assert widget.picture.dark and len(painted) == 1
        assert painted[-1].to_svg() == dark(light).to_svg() != light.to_svg()
        widget.keyboard.dark = True                      # no change, no repaint
        assert len(painted) == 1
        widget.keyboard.dark = False
        assert not widget.picture.dark and painted[-1].to_svg() == light.to_svg()
    assert 'attributeFilter: ["data-jp-theme-light"]' in ESM


# ---- stages: phase and round jumps ----------------------------------------------------------------
def landings(stepper: Stepper, forward: bool, kind: str) -> list[int]:
    """Where repeated presses of next (or previous) phase/round land, until the button is off."""
    press = getattr(stepper, f"{'next' if forward else 'previous'}_{kind}")
    button = getattr(stepper, f"{'next' if forward else 'previous'}_{kind}_button")
    out = []
    while not button.disabled:
        press()
        out.append(stepper.step)
        assert len(out) <= len(stepper.replay.states)
    press()                                 # a press with nowhere to go does nothing
    assert not out or stepper.step == out[-1]
    return out


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("kind", ["phase", "round"])
def test_jumps_land_exactly_on_stage_changes(replays, mode, kind):
    replay = replays[mode]
    game = replay.game
    part = (lambda s: s) if kind == "phase" else (lambda s: s[0])
    stage = [part(game.stage(s)) for s in replay.states]
    stepper = Stepper(replay)
    forward = landings(stepper, True, kind)
    assert forward, f"{mode}: no {kind} change in a whole game"
    starts = [0] + forward
    for a, b in zip(starts, starts[1:]):
        assert a < b and stage[b] != stage[b - 1]              # lands where the stage changes
        assert len(set(stage[a:b])) == 1                        # and skips no change on the way
    assert len(set(stage[starts[-1]:])) == 1                    # nothing changes after the last
    assert stepper.stage_starts(kind) == starts
    backward = landings(stepper, False, kind)
    assert backward == starts[-2::-1]                           # back through the same steps to 0
    # From inside a phase, "previous" goes to its start first.
    longest = max(zip(starts, starts[1:] + [len(stage)]), key=lambda ab: ab[1] - ab[0])
    if longest[1] - longest[0] > 1:
        stepper.go(longest[0] + 1)
        getattr(stepper, f"previous_{kind}")()
        assert stepper.step == longest[0]


def test_stage_words_of_every_mode(replays):
    phases = {m: {r.game.stage(s)[1] for s in r.states} for m, r in replays.items()}
    rounds = {m: [r.game.stage(s)[0] for s in r.states] for m, r in replays.items()}
    assert phases["base"] == {"choose weapons", "game over"}
    assert {"choose weapons", "choose upgrades", "game over"} <= phases["campaign"]
    assert "take a trophy" in phases["epic"]
    assert {"choose two weapons", "keep an upgrade", "game over"} <= phases["solo"]
    assert {"play in turn", "game over"} <= phases["coop"]
    assert phases["bad_bones"] == {"hero phase", "trap phase", "movement phase", "game over"}
    assert rounds["base"][0] == "turn 1 of 10" and rounds["base"][-1].startswith("after turn ")
    assert rounds["campaign"][0] == "wave 1 of 4 · turn 1 of 10"
    assert rounds["campaign"][-1].startswith("after wave ")
    assert rounds["solo"][0] == "turn 1" and rounds["coop"][0] == "turn 1"
    assert rounds["bad_bones"][0] == "round 1" and rounds["bad_bones"][-1].startswith("after round ")
    assert rounds["bad_bones_solo"][0] == "round 1 of 10"
    for replay in replays.values():                            # every stage is words
        assert all(a and b for a, b in map(replay.game.stage, replay.states))


def test_bad_bones_next_phase_skips_a_whole_movement_phase(replays):
    replay = replays["bad_bones"]
    moves = sum(1 for a in replay.actions if " move " in a)
    assert len(replay) > 400 and moves > 200                    # a long game, mostly single moves
    stepper = Stepper(replay)
    # To the first movement phase, then one press past all of its moves.
    while stepper.state.phase != "move":
        stepper.next_phase()
    start, round_ = stepper.step, stepper.state.round
    stepper.next_phase()
    assert stepper.state.phase == "hero" and stepper.state.round == round_ + 1
    skipped = replay.actions[start:stepper.step]
    assert sum(" move " in a for a in skipped) >= 4
    # Three phases a round: a whole game is a few dozen presses, not hundreds of steps.
    presses = len(stepper.stage_starts("phase")) - 1
    rounds = replay.final_state().round
    assert presses == 3 * rounds and presses < len(replay) / 5
    assert len(stepper.stage_starts("round")) - 1 == rounds     # round 2 .. the end


def test_stage_keys_and_label(base_replay):
    stepper = Stepper(base_replay)
    starts = stepper.stage_starts("round")
    canvas = stepper.picture.canvas

    def press(key, shift=False):
        canvas._handle_frontend_event(canvas, {"event": "key_down", "key": key, "shift_key": shift,
                                               "ctrl_key": False, "meta_key": False}, [])
    assert "turn 1 of 10 · choose weapons" in stepper.stage_label.value
    press("PageDown")
    assert stepper.step == stepper.stage_starts("phase")[1]
    press("PageDown", shift=True)
    assert stepper.step == starts[2]
    press("]")
    assert stepper.step == starts[3]
    assert "turn 4 of 10" in stepper.stage_label.value
    press("[")
    assert stepper.step == starts[2]
    press("PageUp", shift=True)
    assert stepper.step == starts[1]
    press("PageUp")
    assert stepper.step == 0 and stepper.previous_phase_button.disabled
    press("ArrowRight", shift=True)                             # Shift alone changes nothing else
    assert stepper.step == 1
    for button, key in ((stepper.next_phase_button, "PageDown"), (stepper.previous_phase_button, "PageUp"),
                        (stepper.next_round_button, "]"), (stepper.previous_round_button, "[")):
        assert key in button.tooltip
    assert all(k in Stepper.__doc__ for k in ("PageDown", "Shift+PageDown", "Escape"))
    stepper.last()
    assert stepper.next_phase_button.disabled and stepper.next_round_button.disabled
    assert "game over" in stepper.stage_label.value
    with pytest.raises(ValueError):
        stepper.stage_starts("wave")


def test_stepper_gives_the_views_the_state_before(base_replay, monkeypatch):
    seen = []
    real = stepper_module.render

    def spy(game, state, seat=None, active=None, selection=None, previous=None):
        seen.append((state, previous))
        return real(game, state, seat, active, selection, previous)

    monkeypatch.setattr(stepper_module, "render", spy)
    stepper = Stepper(base_replay)
    stepper.go(7)
    stepper.first()
    states = base_replay.states
    assert seen[0] == (states[0], None)
    assert (states[7], states[6]) in seen
    assert seen[-1] == (states[0], None)
