"""Every notebook opened in JupyterLab WITHOUT running it, the way a learner first meets it on a
fresh clone or on Binder: each saved picture must show as a picture.

The server's copy of the notebooks is untrusted (its Jupyter data folder is new), so JupyterLab
refuses the saved SVG and the widget views and falls back to the next thing in each output's
mime bundle: that must be the PNG, not the text repr (``<Scene 900x358 ...>``, ``Stepper(...)``).
Then the copy is trusted (``jupyter trust``, as ``tasks.py lab`` and Binder's postBuild do) and
reloaded: the pictures must still show, now as SVG and as the restored widgets.

One page for the module; each notebook is opened, checked untrusted, trusted, checked again and
closed with its kernel shut down.
"""
from __future__ import annotations

import json
import re
import shutil

import pytest

from bonekit.widgets.keyboard import OFFLINE_CLASS, OFFLINE_TEXT

from .conftest import LAB_NOTEBOOKS, START, VIEWPORT, notebook_id, report, shutdown_kernels, trust
from .pages import (
    BARE_REPR,
    CLOSE_JS,
    OPEN_UNRUN_JS,
    REVERT_JS,
    RUN_NOTEBOOK_JS,
    SCROLL_TO_CELL_JS,
    SHOWN_OUTPUTS_JS,
    THEMES,
    contrast,
    contrast_failures,
    is_picture,
    open_page,
    picture_shown,
    saved_outputs,
    set_theme,
)

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab_page(browser, lab_server):
    context, page, watch = open_page(browser, lab_server.root, START, VIEWPORT)
    page.goto(f"{lab_server.url}/lab?reset", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands", timeout=60_000)
    yield page, watch
    context.close()
    shutdown_kernels(lab_server)


def _check(saved: list[dict], shown: list[dict], state: str) -> tuple[list[str], int]:
    """Problems (one line each) and the number of saved pictures shown as pictures. ``shown``
    lists the outputs as JupyterLab holds them (it merges consecutive stream outputs, so their
    count may differ from the file's, never the pictures')."""
    problems, pictures = [], 0
    in_file = [(s["cell"], s["mimes"]) for s in saved if s["picture"]]
    on_page = [(s["cell"], s["mimes"]) for s in shown if is_picture(s)]
    if in_file != on_page:
        problems.append(f"{state}: the page holds other pictures than the file: {on_page} vs {in_file}")
    for out in shown:
        where = f"cell {out['cell']} output {out['output']}"
        if out["pending"]:
            problems.append(f"{state} {where}: never rendered ({out['text']!r})")
        elif is_picture(out):
            if picture_shown(out):
                pictures += 1
            else:
                problems.append(f"{state} {where}: a saved picture ({', '.join(out['mimes'])}) is shown as "
                                f"{out['shown']}: {out['text'][:100]!r}, images {out['images']}, "
                                f"canvas colours {[c['colours'] for c in out['canvases']]}")
        if BARE_REPR.match(out["text"]):
            problems.append(f"{state} {where}: shows the bare repr {out['text'][:80]!r}")
    return problems, pictures


@pytest.mark.parametrize("path", list(LAB_NOTEBOOKS.values()), ids=list(LAB_NOTEBOOKS))
def test_saved_pictures_show_unrun_untrusted_and_trusted(lab_page, lab_server, path, screenshots):
    page, watch = lab_page
    saved = saved_outputs(lab_server.root / path)
    expected = sum(s["picture"] for s in saved)
    opened = page.evaluate(OPEN_UNRUN_JS, {"path": path, "timeoutMs": 90_000})
    try:
        assert opened["trusted"] is False, f"{path}: the server's fresh copy should not be trusted yet"
        shown = page.evaluate(SHOWN_OUTPUTS_JS, {"path": path, "timeoutMs": 30_000})
        untrusted, shown_untrusted = _check(saved, shown, "untrusted")
        if path == START:
            _gallery_views(page, path, saved, screenshots)

        trust(lab_server, lab_server.root / path)
        assert page.evaluate(REVERT_JS, {"path": path}) is True, \
            f"{path}: still untrusted after jupyter trust"
        shown = page.evaluate(SHOWN_OUTPUTS_JS, {"path": path, "timeoutMs": 30_000})
        trusted, shown_trusted = _check(saved, shown, "trusted")
        svg = sum(s["shown"] == "image/svg+xml" for s in shown)
        notes = _offline_notes(page, path) if any(s["shown"] == "widget" for s in shown) else None
    finally:
        page.evaluate(CLOSE_JS, {"path": path})
    report(f"{path} unrun: {expected} saved pictures; shown untrusted {shown_untrusted}, "
           f"trusted {shown_trusted} ({svg} as SVG)")
    assert expected > 0, f"{path} saves no picture"
    assert untrusted + trusted == [], "\n".join(untrusted + trusted)
    assert shown_untrusted == shown_trusted == expected
    if notes is not None:  # saved widgets with no kernel behind them say how to play
        report(f"{path} unrun: {notes['widgets']} saved widgets, {notes['notes']} say "
               f"'{OFFLINE_TEXT}'; after a click on a picture: {notes['afterClick']!r}")
        assert notes["notes"] == notes["widgets"] > 0, notes
        assert "Run All Cells" in notes["afterClick"], notes
    assert watch.console_errors() == []


def _offline_notes(page, path: str) -> dict:
    """Wait for each saved bonekit widget of the open panel to say it needs a run, then click
    the first one's picture: what the learner reads there."""
    panel = ".jp-NotebookPanel:not(.lm-mod-hidden)"
    widgets = page.locator(f"{panel} .bonekit-widget")
    page.wait_for_function(
        "([sel, cls]) => { const ws = document.querySelectorAll(sel + ' .bonekit-widget');"
        " return ws.length > 0 && [...ws].every((w) => w.querySelector('.' + cls)); }",
        arg=[panel, OFFLINE_CLASS], timeout=20_000)
    first = widgets.first
    first.locator("canvas").first.scroll_into_view_if_needed()
    first.locator("canvas").first.click(position={"x": 30, "y": 30})
    note = first.locator(f".{OFFLINE_CLASS}")
    # the note must read in both themes (its fill is the theme's pale warning colour)
    failures = []
    try:
        for name, theme in THEMES.items():
            set_theme(page, theme)
            measured = contrast(page, f"{panel} .bonekit-widget", {"offline note": f".{OFFLINE_CLASS}"})
            failures += contrast_failures(measured, f"{path} ({name})")
    finally:
        set_theme(page, THEMES["light"])
    assert not failures, failures
    return {"widgets": widgets.count(), "notes": page.locator(f"{panel} .{OFFLINE_CLASS}").count(),
            "afterClick": note.text_content() if note.is_visible() else ""}


def _gallery_views(page, path: str, saved: list[dict], screenshots) -> None:
    """The start page as first opened (untrusted), at its first saved picture, light and dark."""
    page.evaluate(SCROLL_TO_CELL_JS, {"path": path, "cell": next(s["cell"] for s in saved if s["picture"])})
    page.wait_for_timeout(300)
    main = ".jp-NotebookPanel:not(.lm-mod-hidden)"
    try:
        for name, theme in (("light", THEMES["light"]), ("dark", THEMES["dark"])):
            set_theme(page, theme)
            page.locator(main).screenshot(path=str(screenshots / f"unrun-{name}-{notebook_id(path)}.png"),
                                          animations="disabled")
    finally:
        set_theme(page, THEMES["light"])


# The notebooks the issue saw broken after a run and a save (their guided Tables).
SAVED_AFTER_A_RUN = ["rolled_bones/01_learn_to_play.ipynb", "bone_wars/01_learn_to_play.ipynb"]


@pytest.mark.parametrize("path", SAVED_AFTER_A_RUN, ids=[notebook_id(p) for p in SAVED_AFTER_A_RUN])
def test_run_save_reopen_keeps_the_widgets(lab_page, lab_server, path):
    """A learner runs a notebook, JupyterLab saves it, and it is opened again later (its kernel
    gone): every widget output shows its picture from the saved widget state, none says
    'model not found' (binder/overrides.json turns the widget manager's saveState on)."""
    page, watch = lab_page
    copy = f"saved-{notebook_id(path)}.ipynb"
    shutil.copy(lab_server.root / path, lab_server.root / copy)
    trust(lab_server, lab_server.root / copy)
    run = page.evaluate(RUN_NOTEBOOK_JS, {"path": copy, "timeoutMs": 180_000})
    assert run["ok"] and not run["errors"], run
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
                           timeout=30_000)
    page.evaluate("() => { const p = window.jupyterapp.shell.currentWidget;"
                  " return p.sessionContext.shutdown().then(() => p.dispose()); }")
    shutdown_kernels(lab_server)

    nb = json.loads((lab_server.root / copy).read_text(encoding="utf-8"))
    state = nb["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    views = [o["data"][WIDGET_VIEW]["model_id"] for c in nb["cells"] for o in c.get("outputs", [])
             if WIDGET_VIEW in o.get("data", {})]
    assert views, f"{copy}: no widget output was saved"
    assert set(views) <= set(state), f"{copy}: saved views without saved state: {set(views) - set(state)}"

    page.evaluate(OPEN_UNRUN_JS, {"path": copy, "timeoutMs": 90_000})
    try:
        shown = page.evaluate(SHOWN_OUTPUTS_JS, {"path": copy, "timeoutMs": 30_000})
    finally:
        page.evaluate(CLOSE_JS, {"path": copy})
    broken = [o for o in shown if re.search(r"model not found|Error displaying widget", o["text"])]
    widgets = [o for o in shown if o["shown"] == "widget"]
    blank = [o for o in widgets if o["canvases"] and not picture_shown(o)]
    report(f"{path} run, saved, reopened: {len(views)} widget views saved with their state; "
           f"{len(widgets)} shown as widgets, {len(blank)} blank, {len(broken)} broken")
    assert not broken, f"reopened after a save: {[o['text'][:100] for o in broken]}"
    assert len(widgets) >= len(views) and not blank, (widgets, blank)
