"""The notebooks served by Voilà (app mode, as on a classroom projector), in headless Chromium.

Voilà runs every cell in the kernel before the page's widget manager connects, so anything
drawn at that time never reaches the page: the canvases show a picture only because the
widgets repaint when the client says it is ready (SceneCanvas uses on_client_ready).
"""
from __future__ import annotations

import time

import pytest

from .conftest import VIEWPORT, VOILA_NOTEBOOKS, report
from .pages import canvas_hash, drawn, expected_widgets, open_page, shot, wait_for_change, wait_for_widgets

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module", params=list(VOILA_NOTEBOOKS.values()), ids=list(VOILA_NOTEBOOKS))
def app(request, browser, voila_server):
    path = request.param
    context, page, watch = open_page(browser, voila_server.root, path, VIEWPORT)
    t0 = time.monotonic()
    page.goto(f"{voila_server.url}/voila/render/{path}", wait_until="domcontentloaded", timeout=120_000)
    expected = expected_widgets(voila_server.root / path)
    widgets = wait_for_widgets(page, expected, timeout_s=120)
    report(f"Voilà {path}: {len(widgets)} canvases drawn {time.monotonic() - t0:.1f} s "
           f"after opening the page")
    yield page, watch, widgets, expected, path
    context.close()


def test_voila_shows_every_canvas_drawn(app, screenshots):
    page, _, widgets, expected, path = app
    for kind, n in expected.items():
        assert sum(w["kind"] == kind for w in widgets) == n, f"expected {n} {kind}(s): {widgets}"
    name = "voila-" + path.removesuffix(".ipynb").replace("/", "-")
    for w in widgets:
        assert drawn(w["stats"]), f"{w['id']} looks blank in Voilà: {w['stats']}"
        target = (f"[data-bonekit='{w['id']}']" if w["kind"] != "canvas"
                  else f"canvas[data-bonekit-canvas='{w['id']}']")
        shot(page, target, screenshots, f"{name}-{w['id']}")


def test_voila_stepper_next_repaints(app):
    page, _, widgets, _, _ = app
    steppers = [w for w in widgets if w["kind"] == "stepper"]
    if not steppers:
        pytest.skip("no Stepper in this notebook")
    for w in steppers:
        root = page.locator(f"[data-bonekit='{w['id']}']")
        button = root.locator("button[title^='next step']")
        if not button.is_enabled():
            before = canvas_hash(page, w["id"])
            root.locator("button[title^='first step']").click()
            wait_for_change(page, w["id"], before)
        before = canvas_hash(page, w["id"])
        button.click()
        wait_for_change(page, w["id"], before)
        # a taller picture resizes (and so clears) the canvas before the new frame arrives: the
        # first change seen may be the cleared canvas, so wait for the frame (a slow machine
        # shows the gap; a canvas that stays blank still fails)
        stats = {}
        for _ in range(150):
            stats = page.evaluate("(id) => bonekitTest.stats(bonekitTest.canvasOf(id))", w["id"])
            if drawn(stats):
                break
            page.wait_for_timeout(100)
        assert drawn(stats), f"{w['id']} blank after 'next': {stats}"


def test_voila_shows_no_errors(app):
    page, watch, _, _, _ = app
    failed_cells = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert failed_cells.count() == 0, failed_cells.all_inner_texts()
    assert watch.console_errors() == []
    assert watch.kernel_errors() == []
