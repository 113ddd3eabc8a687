"""The notebooks in JupyterLab, in headless Chromium: run all cells, then look at the pixels
and drive the widgets the way a learner does (mouse, slider, keyboard).

One page per notebook (module-scoped): the tests below run in order on it. The tutorial is
picked up as soon as ``notebooks/bone_to_pick/01_learn_to_play.ipynb`` exists.
"""
from __future__ import annotations

import re

import pytest

from .conftest import START, TUTORIAL, VIEWPORT, report
from .pages import (RUN_NOTEBOOK_JS, Watch, canvas_hash, drawn, expected_widgets, shot, summarize_steps,
                    wait_for_change, wait_for_widgets)

pytestmark = pytest.mark.browser

STEPS_MEASURED = 10


class Notebook:
    def __init__(self, path: str, page, watch: Watch, run: dict, widgets: list[dict], expected: dict):
        self.path, self.page, self.watch, self.run, self.widgets = path, page, watch, run, widgets
        self.expected = expected
        self.name = "lab-" + path.rsplit("/", 1)[-1].removesuffix(".ipynb")

    def of_kind(self, kind: str) -> list[dict]:
        return [w for w in self.widgets if w["kind"] == kind]

    def root(self, w: dict):
        return self.page.locator(f"[data-bonekit='{w['id']}']")

    def canvas(self, w: dict):
        return self.page.locator(f"canvas[data-bonekit-canvas='{w['id']}']")


@pytest.fixture(scope="module", params=[START, TUTORIAL], ids=["start_here", "learn_to_play"])
def notebook(request, browser, lab_server):
    path = request.param
    if not (lab_server.root / path).exists():
        pytest.fail(f"{path} is missing")
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch = Watch(page)
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
    yield Notebook(path, page, watch, run, widgets, expected)
    context.close()


def test_all_cells_run_without_errors(notebook):
    run = notebook.run
    assert run["errors"] == [], f"error outputs in {notebook.path}: {run['errors']}"
    assert run["ok"] is True, f"JupyterLab reports a failed run: {run}"
    assert run["notRun"] == 0, f"{run['notRun']} code cells were not executed"


def test_every_canvas_is_drawn(notebook, screenshots):
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


def _table_seat(notebook, w) -> tuple[int, int] | None:
    """(human seat, players) from the Table's action buttons ('P1 play 7') and canvas height;
    None when nobody human owes a move (a bots-only table, or a finished game)."""
    from bonekit.widgets.views import bone_to_pick as view

    titles = notebook.root(w).locator(".widget-button[title]").evaluate_all("bs => bs.map(b => b.title)")
    seats = {int(m.group(1)) - 1 for t in titles if (m := re.match(r"P(\d+) \w+", t))}
    if not seats:
        return None
    assert len(seats) == 1, f"{w['id']}: expected the buttons of one human seat, got {titles}"
    players = round((w["height"] - view.TOP - 10) / view.ROW)
    return seats.pop(), players


def _playable_tables(notebook) -> list[tuple[dict, int, int]]:
    tables = notebook.of_kind("table")
    if not tables:
        pytest.skip("no Table in this notebook")
    playable = [(w, *seat) for w in tables if (seat := _table_seat(notebook, w))]
    assert playable, f"no Table waits for a human move: {tables}"
    return playable


def _table_hits(players: int, seat: int):
    """Where the human's first hand card and used pile are, from the view's own hit regions."""
    from bonekit.widgets import Table

    seats = ["random"] * players
    seats[seat] = "human"
    table = Table("bone_to_pick", seats, seed=0)
    card = next(h for h in table.current_scene().hits if h.target.startswith(f"P{seat + 1} play"))
    table.act(table.game.legal_actions(table.state, seat)[0])
    pile = next(h for h in table.current_scene().hits if h.tip == "your used pile")
    return card, pile


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


def test_table_click_on_a_card_plays_it_and_bots_answer(notebook, screenshots):
    for w, seat, players in _playable_tables(notebook):
        card, _ = _table_hits(players, seat)
        status, log = _status(notebook, w), _log(notebook, w)
        before = canvas_hash(notebook.page, w["id"])
        _click_canvas(notebook, w, card)
        status = _wait_status_change(notebook, w, status)
        wait_for_change(notebook.page, w["id"], before)
        assert "✗" not in status, f"{w['id']}: the card click was refused: {status}"
        after = _log(notebook, w)
        # The log lists the newest events first: what the click added comes before the old log.
        new_rows = after[:len(after) - len(log)] if after.endswith(log) else after
        assert f"P{seat + 1} lays a weapon face down" in new_rows, f"{w['id']}: the click did not play: {new_rows!r}"
        # The bots answer at once (they choose after the human in a simultaneous step), so the
        # turn resolves: the reveal names every bot's weapon.
        assert "Weapons revealed" in new_rows, f"{w['id']}: the turn did not resolve: {new_rows!r}"
        for bot in (f"P{s + 1}" for s in range(players) if s != seat):
            assert f"{bot} lays a weapon face down" in new_rows, f"{w['id']}: {bot} did not answer: {new_rows!r}"
        shot(notebook.page, f"[data-bonekit='{w['id']}']", screenshots, f"{notebook.name}-{w['id']}-after-click")


def test_table_illegal_click_shows_its_reason(notebook, screenshots):
    for w, seat, players in _playable_tables(notebook):
        _, pile = _table_hits(players, seat)
        root = notebook.root(w)
        # Make sure the used pile holds a card: play one with a button if nothing was played yet.
        if f"P{seat + 1} lays a weapon face down" not in _log(notebook, w):
            status = _status(notebook, w)
            root.locator(".widget-button[title^='P']").first.click()
            _wait_status_change(notebook, w, status)
        status, log = _status(notebook, w), _log(notebook, w)
        before = canvas_hash(notebook.page, w["id"])
        _click_canvas(notebook, w, pile)
        refusal = _wait_status_change(notebook, w, status)
        assert refusal.startswith("✗") and re.search(r"rule [a-z_]+\.[a-z_.]+", refusal), refusal
        assert "used pile" in refusal, refusal
        assert _log(notebook, w) == log, "a refused click changed the event log"
        notebook.page.wait_for_timeout(300)
        assert canvas_hash(notebook.page, w["id"]) == before, "a refused click changed the picture"
        shot(notebook.page, f"[data-bonekit='{w['id']}']", screenshots, f"{notebook.name}-{w['id']}-refused")


def test_browser_console_and_kernel_show_no_errors(notebook):
    assert notebook.watch.console_errors() == []
    assert notebook.watch.kernel_errors() == []
