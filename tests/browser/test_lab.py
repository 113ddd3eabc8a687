"""The notebooks in JupyterLab, in headless Chromium: run all cells, then look at the pixels
and drive the widgets the way a learner does (mouse, slider, keyboard).

One page per notebook (module-scoped): the tests below run in order on it. The tutorial is
picked up as soon as ``notebooks/bone_to_pick/01_learn_to_play.ipynb`` exists.
"""
from __future__ import annotations

import json
import re

import pytest

from bonekit.widgets.table import SELECT

from .conftest import LAB_NOTEBOOKS, VIEWPORT, report
from .pages import (RUN_NOTEBOOK_JS, Watch, canvas_hash, drawn, expected_widgets, open_page, shot,
                    summarize_steps, table_summaries, wait_for_change, wait_for_widgets)

pytestmark = pytest.mark.browser

STEPS_MEASURED = 10


class Notebook:
    def __init__(self, path: str, page, watch: Watch, run: dict, widgets: list[dict], expected: dict,
                 tables: list[str]):
        self.path, self.page, self.watch, self.run, self.widgets = path, page, watch, run, widgets
        self.expected, self.tables = expected, tables
        self.name = "lab-" + path.removesuffix(".ipynb").replace("/", "-")

    def of_kind(self, kind: str) -> list[dict]:
        return [w for w in self.widgets if w["kind"] == kind]

    def root(self, w: dict):
        return self.page.locator(f"[data-bonekit='{w['id']}']")

    def canvas(self, w: dict):
        return self.page.locator(f"canvas[data-bonekit-canvas='{w['id']}']")


@pytest.fixture(scope="module", params=list(LAB_NOTEBOOKS.values()), ids=list(LAB_NOTEBOOKS))
def notebook(request, browser, lab_server):
    path = request.param
    context, page, watch = open_page(browser, lab_server.root, path, VIEWPORT)
    page.goto(f"{lab_server.url}/lab?reset", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands", timeout=60_000)
    run = page.evaluate(RUN_NOTEBOOK_JS, {"path": path, "timeoutMs": 240_000})
    expected = expected_widgets(lab_server.root / path)
    try:
        widgets = wait_for_widgets(page, expected)
    except AssertionError as e:
        raise AssertionError(f"{e}\nnotebook run: {run}\nconsole: {watch.console_errors()}") from None
    report(f"{path}: {run['codeCells']} code cells ran in {run['seconds']:.1f} s in JupyterLab; "
           f"widgets {', '.join(w['id'] for w in widgets)}")
    yield Notebook(path, page, watch, run, widgets, expected, table_summaries(lab_server.root / path))
    context.close()


def test_all_cells_run_without_errors(notebook):
    run = notebook.run
    assert run["errors"] == [], f"error outputs in {notebook.path}: {run['errors']}"
    assert run["ok"] is True, f"JupyterLab reports a failed run: {run}"
    assert run["notRun"] == 0, f"{run['notRun']} code cells were not executed"


def test_every_canvas_is_drawn(notebook, screenshots):
    if not any(notebook.expected.values()):
        # Only static pictures here (the trap lab): they must show as SVG images.
        pictures = notebook.page.locator(".jp-RenderedSVG svg, .jp-RenderedSVG img").count()
        assert pictures > 0, "no picture shown"
        return
    assert notebook.widgets, "no canvas on the page"
    for kind, n in notebook.expected.items():
        assert len(notebook.of_kind(kind)) == n, f"the notebook displays {n} {kind}(s), the page shows {notebook.widgets}"
    for w in notebook.widgets:
        stats = w["stats"]
        assert drawn(stats), f"{w['id']} looks blank: {stats}"
        box = notebook.canvas(w).bounding_box()
        assert box and box["width"] >= stats["width"] * 0.99, f"{w['id']} is squeezed on the page: {box}"
        target = f"[data-bonekit='{w['id']}']" if w["kind"] != "canvas" else f"canvas[data-bonekit-canvas='{w['id']}']"
        shot(notebook.page, target, screenshots, f"{notebook.name}-{w['id']}")


def _readout(notebook, w) -> str:
    return notebook.root(w).locator(".widget-readout").inner_text().strip()


def _log(notebook, w) -> str:
    return notebook.root(w).locator("[role=log]").inner_text()


def _go_first(notebook, w) -> None:
    first = notebook.root(w).locator("button[title^='first step']")
    if first.is_enabled():
        before = canvas_hash(notebook.page, w["id"])
        first.click()
        wait_for_change(notebook.page, w["id"], before)
    _expect_readout(notebook, w, "0")


def _expect_readout(notebook, w, value: str) -> None:
    from playwright.sync_api import expect

    expect(notebook.root(w).locator(".widget-readout")).to_have_text(value, timeout=15_000)


def test_stepper_next_changes_picture_and_log(notebook, screenshots):
    steppers = notebook.of_kind("stepper")
    if not steppers:
        pytest.skip("no Stepper in this notebook")
    for w in steppers:
        root = notebook.root(w)
        _go_first(notebook, w)
        before, log_before = canvas_hash(notebook.page, w["id"]), _log(notebook, w)
        root.locator("button[title^='next step']").click()
        wait_for_change(notebook.page, w["id"], before)
        _expect_readout(notebook, w, "1")
        notebook.page.wait_for_function(
            "([id, old]) => document.querySelector(`[data-bonekit='${id}'] [role=log]`).innerText !== old",
            arg=[w["id"], log_before], timeout=15_000)
        assert drawn(notebook.page.evaluate("(id) => bonekitTest.stats(bonekitTest.canvasOf(id))", w["id"]))
        assert root.locator("button[title^='back one step']").is_enabled()
        shot(notebook.page, f"[data-bonekit='{w['id']}']", screenshots, f"{notebook.name}-{w['id']}-after-next")


def test_stepper_slider_and_keyboard(notebook, screenshots):
    steppers = notebook.of_kind("stepper")
    if not steppers:
        pytest.skip("no Stepper in this notebook")
    page = notebook.page
    for w in steppers:
        root, cid = notebook.root(w), w["id"]
        _go_first(notebook, w)
        last = int(root.locator(".widget-slider .noUi-handle").get_attribute("aria-valuemax").split(".")[0])
        assert last >= 3, f"{cid}: too few steps to test ({last})"

        # Drag the slider handle to the middle of its track.
        handle, track = root.locator(".widget-slider .noUi-handle"), root.locator(".widget-slider .noUi-base")
        hb, tb = handle.bounding_box(), track.bounding_box()
        before = canvas_hash(page, cid)
        page.mouse.move(hb["x"] + hb["width"] / 2, hb["y"] + hb["height"] / 2)
        page.mouse.down()
        page.mouse.move(tb["x"] + tb["width"] / 2, tb["y"] + tb["height"] / 2, steps=8)
        page.mouse.up()
        wait_for_change(page, cid, before)
        dragged = int(_readout(notebook, w))
        assert 0 < dragged < last, f"{cid}: dragging to the middle gave step {dragged} of {last}"

        # Keys on the focused slider handle.
        before = canvas_hash(page, cid)
        handle.focus()
        page.keyboard.press("ArrowRight")
        _expect_readout(notebook, w, str(dragged + 1))
        wait_for_change(page, cid, before)

        # Keys on the picture (it takes keys once clicked): Home, →, End, ←.
        canvas = notebook.canvas(w)
        canvas.click(position={"x": 5, "y": 5})
        for key, value in (("Home", 0), ("ArrowRight", 1), ("End", last), ("ArrowLeft", last - 1)):
            before = canvas_hash(page, cid)
            page.keyboard.press(key)
            _expect_readout(notebook, w, str(value))
            wait_for_change(page, cid, before)
        focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.bonekitCanvas")
        assert focused == cid, "the picture lost the keyboard focus"
        shot(page, f"[data-bonekit='{cid}']", screenshots, f"{notebook.name}-{cid}-after-keys")


def test_stepper_step_latency_and_messages(notebook):
    """The figures the suite prints: how fast "next" repaints, and what one step sends."""
    steppers = notebook.of_kind("stepper")
    if not steppers:
        pytest.skip("no Stepper in this notebook")
    w = steppers[0]
    page, watch = notebook.page, notebook.watch
    _go_first(notebook, w)
    last = int(notebook.root(w).locator(".widget-slider .noUi-handle").get_attribute("aria-valuemax").split(".")[0])
    watch.settle()
    latencies, steps = [], []
    for _ in range(min(STEPS_MEASURED, last)):
        mark = len(watch.frames)
        latencies.append(page.evaluate("(id) => bonekitTest.stepLatency(id, 15000)", w["id"]))
        watch.settle()
        steps.append(watch.frames[mark:])
    assert all(any(f["msg_type"] == "comm_msg" for f in s) for s in steps)
    for line in summarize_steps(latencies, steps):
        report(f"{notebook.path} {w['id']}: {line}")


def _playable_tables(notebook) -> list[tuple[dict, int, dict, str]]:
    """(widget, human seat, setup, game id) for each Table with one human seat, from the
    committed notebook's summary of that Table ('Table(bad_bones, 3 seats, 0 actions, view P1,
    ..., setup {...})': the view is the human's; the setup rebuilds the same Table)."""
    tables = notebook.of_kind("table")
    if not tables:
        pytest.skip("no Table in this notebook")
    assert len(tables) == len(notebook.tables), f"{tables} vs {notebook.tables}"
    playable = []
    for w, summary in zip(tables, notebook.tables):
        m = re.match(r"Table\((\w+), (\d+) seats, \d+ actions, view P(\d+).*, setup (\{.*\})\)$",
                     summary)
        if m:
            playable.append((w, int(m.group(3)) - 1, json.loads(m.group(4)), m.group(1)))
    assert playable, f"no Table with a human seat: {notebook.tables}"
    return playable


def _mirror(game_id: str, setup: dict):
    """A Python Table built like the page's, to read where its hit regions are."""
    from bonekit.widgets import Table

    return Table(game_id, setup["seats"], seed=setup["seed"], variant=setup["variant"],
                 **setup["options"])


def _click_canvas(notebook, w, hit) -> None:
    box = notebook.canvas(w).bounding_box()
    scale = box["width"] / w["width"]
    notebook.canvas(w).click(position={"x": (hit.x + hit.w / 2) * scale, "y": (hit.y + hit.h / 2) * scale})


def _status(notebook, w) -> str:
    return notebook.root(w).locator("[role=status]").inner_text().strip()


def _wait_status_change(notebook, w, old: str) -> str:
    notebook.page.wait_for_function(
        "([id, old]) => document.querySelector(`[data-bonekit='${id}'] [role=status]`).innerText.trim() !== old",
        arg=[w["id"], old], timeout=15_000)
    return _status(notebook, w)


def _new_rows(before: str, after: str) -> str:
    # The log lists the newest events first: what a click added comes before the old log.
    return after[:len(after) - len(before)] if after.endswith(before) else after


def _first_move(game_id: str, setup: dict, seat: int):
    """The clicks of the human's first move (a selection first, when the move takes two
    clicks), and log lines that prove it: the bots' answers in the base games, the move's own
    events in the other variants."""
    mirror = _mirror(game_id, setup)
    me = f"P{seat + 1}"
    bots = [f"P{s + 1}" for s in range(len(setup["seats"])) if s != seat]
    if game_id == "bad_bones":
        hit = next(h for h in mirror.current_scene().hits if h.target.startswith(f"{me} hero"))
        return [hit], [f"{me}'s hero moves", "Trap phase"] + [f"{b}'s hero moves" for b in bots]
    if setup["variant"] in (None, "base"):
        hit = next(h for h in mirror.current_scene().hits if h.target.startswith(f"{me} play"))
        # The bots choose after the human, so the turn resolves and the reveal follows.
        return [hit], [f"{me} lays a weapon face down", "Weapons revealed"] + [
            f"{b} lays a weapon face down" for b in bots]
    legal = {a.label for a in mirror.game.legal_actions(mirror.state, seat)}
    hits = mirror.current_scene().hits
    clicks = [next((h for h in hits if h.target in legal), None)]
    if clicks[0] is None:  # e.g. the solo game: pick a card from row A, then one from row B
        pick = next(h for h in hits if h.target.startswith(SELECT))
        mirror.selection = pick.target[len(SELECT):]
        clicks = [pick, next(h for h in mirror._scene().hits if h.target in legal)]
    _, events = mirror.game.apply(mirror.state, clicks[-1].target)
    seen = [e.text for e in events if e.visible_to is None or seat in e.visible_to]
    return clicks, seen[:2]


def test_table_click_plays_and_bots_answer(notebook, screenshots):
    for w, seat, setup, game_id in _playable_tables(notebook):
        clicks, expected = _first_move(game_id, setup, seat)
        status, log = _status(notebook, w), _log(notebook, w)
        for pick in clicks[:-1]:  # a selection only redraws the picture
            before = canvas_hash(notebook.page, w["id"])
            _click_canvas(notebook, w, pick)
            wait_for_change(notebook.page, w["id"], before)
        hit = clicks[-1]
        before = canvas_hash(notebook.page, w["id"])
        _click_canvas(notebook, w, hit)
        status = _wait_status_change(notebook, w, status)
        wait_for_change(notebook.page, w["id"], before)
        assert "✗" not in status, f"{w['id']}: the click ({hit.target}) was refused: {status}"
        rows = _new_rows(log, _log(notebook, w))
        for line in expected:
            assert line in rows, f"{w['id']}: after clicking {hit.target}, {line!r} is missing from {rows!r}"
        shot(notebook.page, f"[data-bonekit='{w['id']}']", screenshots, f"{notebook.name}-{w['id']}-after-click")


def _illegal_clicks(game_id: str, setup: dict, seat: int, log: str):
    """Clicks (hits) that end in a refusal, in order, with what the refusal must say. A Bone to
    Pick used pile needs a card in it; Bad Bones tries a trap on the tower in the trap phase."""
    mirror = _mirror(game_id, setup)
    me = f"P{seat + 1}"
    if game_id == "bone_to_pick":
        setup_clicks = [] if f"{me} lays a weapon face down" in log else [
            next(h for h in mirror.current_scene().hits if h.target.startswith(f"{me} play"))]
        mirror.act(mirror.game.legal_actions(mirror.state, seat)[0])
        pile = next(h for h in mirror.current_scene().hits if h.tip == "your used pile")
        return setup_clicks, pile, "used pile"
    setup_clicks = [] if f"{me}'s hero moves" in log else [
        next(h for h in mirror.current_scene().hits if h.target.startswith(f"{me} hero"))]
    mirror.act(next(a for a in mirror.game.legal_actions(mirror.state, seat) if a.verb == "hero"))
    pick = next(h for h in mirror.current_scene().hits if h.target == "select:place catapult")
    mirror.selection = "place catapult"
    tower = next(h for h in mirror._scene().hits if h.target == f"{me} place catapult c3")
    return setup_clicks + [pick], tower, "tower"


def test_table_illegal_click_shows_its_reason(notebook, screenshots):
    # The base games' pictures have a known refusal to click (a used pile, the tower); the
    # other variants' refusals are covered from Python (tests/test_*_widgets.py).
    tables = [t for t in _playable_tables(notebook) if t[2]["variant"] in (None, "base", "basic")]
    if not tables:
        pytest.skip("no base-game Table in this notebook")
    for w, seat, setup, game_id in tables:
        setup_clicks, bad, says = _illegal_clicks(game_id, setup, seat, _log(notebook, w))
        for hit in setup_clicks:
            status = _status(notebook, w)
            _click_canvas(notebook, w, hit)
            _wait_status_change(notebook, w, status)
        status, log = _status(notebook, w), _log(notebook, w)
        before = canvas_hash(notebook.page, w["id"])
        _click_canvas(notebook, w, bad)
        refusal = _wait_status_change(notebook, w, status)
        assert refusal.startswith("✗") and re.search(r"rule [a-z_]+\.[a-z_.]+", refusal), refusal
        assert says in refusal, refusal
        assert _log(notebook, w) == log, "a refused click changed the event log"
        notebook.page.wait_for_timeout(300)
        assert canvas_hash(notebook.page, w["id"]) == before, "a refused click changed the picture"
        shot(notebook.page, f"[data-bonekit='{w['id']}']", screenshots, f"{notebook.name}-{w['id']}-refused")


def test_browser_console_and_kernel_show_no_errors(notebook):
    assert notebook.watch.console_errors() == []
    assert notebook.watch.kernel_errors() == []
