"""Playwright helpers: what a page logged, the kernel messages it exchanged, canvas pixels,
and opening + running a notebook in JupyterLab.

Widgets are found by structure, the same way in JupyterLab and Voilà: every ipycanvas canvas
sits directly in its widget's VBox; a VBox with a "next step" button is a Stepper, one with a
role="status" line is a Table. They are tagged ``data-bonekit="stepper-1"`` etc. for locators.
"""
from __future__ import annotations

import json
import re
import statistics
import struct
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
# JupyterLab's debugger asks each new kernel for its state; when the suite shuts that kernel
# down first, JupyterLab logs this. It names no bonekit code and changes nothing on the page.
DEBUGGER_RACE = ("Could not restore the debugger state: Canceled future for debug_request message "
                 "before replies were done")

# Installed in every document before its own scripts run (page.add_init_script).
HELPERS_JS = r"""
window.bonekitTest = (() => {
  const pixels = (c) => new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);

  // How much is drawn: distinct colours, share of pixels unlike the most common colour
  // (the background), share of opaque pixels. A never-drawn canvas is all transparent.
  function stats(c) {
    const px = pixels(c);
    const counts = new Map();
    let opaque = 0;
    for (let i = 0; i < px.length; i++) {
      const v = px[i];
      counts.set(v, (counts.get(v) || 0) + 1);
      if ((v >>> 24) === 255) opaque++;
    }
    let top = 0, common = 0;
    for (const [v, n] of counts) if (n > top) { top = n; common = v; }
    // The most common colour (the picture's background) as [r, g, b] (pixels are RGBA bytes).
    const background = [common & 255, (common >>> 8) & 255, (common >>> 16) & 255];
    return {width: c.width, height: c.height, colours: counts.size, background,
            ink: px.length ? 1 - top / px.length : 0, opaque: px.length ? opaque / px.length : 0};
  }

  function hash(c) {  // FNV-1a over the pixels
    const px = pixels(c);
    let h = 0x811c9dc5;
    for (let i = 0; i < px.length; i++) { h ^= px[i]; h = Math.imul(h, 0x01000193); }
    return `${c.width}x${c.height}:${(h >>> 0).toString(16)}`;
  }

  function tag() {
    const counters = {};
    const found = [];
    document.querySelectorAll('canvas').forEach((c) => {
      const root = c.parentElement;
      let kind = 'canvas';
      if (root && root.querySelector(":scope > .widget-hbox button[title^='next step']")) kind = 'stepper';
      else if (root && root.querySelector(":scope > .widget-html [role=status]")) kind = 'table';
      counters[kind] = (counters[kind] || 0) + 1;
      const id = `${kind}-${counters[kind]}`;
      c.dataset.bonekitCanvas = id;
      if (root && kind !== 'canvas') root.dataset.bonekit = id;
      found.push({id, kind, width: c.width, height: c.height});
    });
    return found;
  }

  const canvasOf = (id) => document.querySelector(`canvas[data-bonekit-canvas="${id}"]`);

  // Click a Stepper's "next" button and resolve with the milliseconds until the first
  // animation frame whose canvas pixels differ from before the click.
  function stepLatency(id, timeoutMs) {
    const root = document.querySelector(`[data-bonekit="${id}"]`);
    const c = canvasOf(id);
    const button = root.querySelector("button[title^='next step']");
    const before = pixels(c).slice();
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const check = () => {
        const now = pixels(c);
        let changed = now.length !== before.length;
        for (let i = 0; !changed && i < now.length; i++) changed = now[i] !== before[i];
        const dt = performance.now() - t0;
        if (changed) resolve(dt);
        else if (dt > timeoutMs) reject(new Error(`canvas ${id} unchanged ${timeoutMs} ms after "next"`));
        else requestAnimationFrame(check);
      };
      button.click();
      requestAnimationFrame(check);
    });
  }

  // ---- contrast (WCAG 2) ----------------------------------------------------------------
  const rgba = (css) => {  // computed colours: rgb(), rgba() or color(srgb r g b / a)
    const m = css.match(/(rgba?|color)\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const v = m[2].replace('srgb', '').split(/[ ,\/]+/).filter(Boolean).map(Number);
    const scale = m[1] === 'color' ? 255 : 1;
    return [v[0] * scale, v[1] * scale, v[2] * scale, v.length > 3 ? v[3] : 1];
  };
  const over = (top, below) => {  // top (with alpha) composited over an opaque colour
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The colour behind an element: its own and its ancestors' backgrounds, composited from
  // the first opaque one down (the page's own background, else white, at the bottom).
  function background(el) {
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let colour = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : [255, 255, 255, 1];
    while (layers.length) colour = over(layers.pop(), colour);
    return colour;
  }
  const visible = (el) => {
    const style = getComputedStyle(el);
    return el.getClientRects().length > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  // Every visible piece of text under each part of a widget (a part: a CSS selector inside the
  // widget's root): its colour against what is behind it. Disabled controls are left out
  // (WCAG does not ask contrast of inactive controls); icons are measured as text.
  function contrast(rootSelector, parts) {
    const root = document.querySelector(rootSelector);
    const result = {};
    for (const [name, selector] of Object.entries(parts)) {
      const found = root ? [...root.querySelectorAll(selector)].filter(visible) : [];
      const samples = [];
      for (const part of found) {
        const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        const texts = [part, ...part.querySelectorAll('*')].filter(
            (e) => visible(e) && !e.closest(':disabled') && (ownText(e) || e.matches('i.fa, select, input')));
        for (const e of texts) {
          const bg = background(e);
          const fg = rgba(getComputedStyle(e).color);
          fg[3] *= opacity(e);
          const shown = over(fg, bg);
          const text = (e.matches('input') ? e.value
                        : e.matches('i.fa') ? `icon ${e.className}` : e.innerText || '').trim();
          samples.push({text: text.slice(0, 50), tag: e.tagName.toLowerCase(), ratio: ratio(shown, bg),
                        colour: getComputedStyle(e).color,
                        background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`});
        }
      }
      samples.sort((a, b) => a.ratio - b.ratio);
      result[name] = {elements: found.length, texts: samples.length, worst: samples.slice(0, 3)};
    }
    return result;
  }

  // ---- keyboard ----------------------------------------------------------------------------
  const tabbable = () => [...document.querySelectorAll(
      'a[href], button, input, select, textarea, canvas, [tabindex], [contenteditable="true"]')]
    .filter((e) => !e.disabled && e.tabIndex >= 0 && visible(e) && !e.closest('[inert]'));
  // The elements next to a widget's canvas in the page's tab order (null at either end).
  function neighbours(id) {
    const all = tabbable();
    const i = all.indexOf(canvasOf(id));
    return {index: i, before: i > 0 ? all[i - 1] : null,
            after: i >= 0 && i < all.length - 1 ? all[i + 1] : null};
  }
  const describe = (e) => {
    if (!e) return 'nothing';
    if (e === document.body) return 'the page body';
    const text = (e.innerText || '').trim();
    return `${e.tagName.toLowerCase()}${e.dataset.bonekitCanvas ? '#' + e.dataset.bonekitCanvas : ''}` +
           `${e.title ? ` "${e.title}"` : ''}${text ? ` "${text.slice(0, 30)}"` : ''}`;
  };
  const focused = () => describe(document.activeElement);
  // Focus the element next to the canvas (before it, else after it), tagged so that Playwright
  // can find it: data-bonekit-focus="before" / "after".
  function markNeighbours(id) {
    document.querySelectorAll('[data-bonekit-focus]').forEach((e) => delete e.dataset.bonekitFocus);
    const n = neighbours(id);
    if (n.before) n.before.dataset.bonekitFocus = 'before';
    if (n.after) n.after.dataset.bonekitFocus = 'after';
    return {before: describe(n.before), after: describe(n.after),
            beforeInWidget: !!(n.before && n.before.closest(`[data-bonekit="${id}"]`))};
  }

  return {stats, hash, tag, canvasOf, stepLatency, contrast, focused, describe, markNeighbours};
})();
"""

# Open a notebook in JupyterLab (window.jupyterapp, exposed by --LabApp.expose_app_in_browser),
# wait for its kernel, clear the saved outputs, run all cells and wait for the kernel to be idle.
# The start of every script that opens a notebook panel (path and timeoutMs given): wait for
# JupyterLab, open the notebook, wait for its model and session, bring it to the front.
OPEN_PANEL_JS = r"""
async ({path, timeoutMs}) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const deadline = Date.now() + timeoutMs;
  const within = (p, what) => Promise.race([p, new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`timed out: ${what}`)), Math.max(0, deadline - Date.now())))]);
  const app = window.jupyterapp;
  await within(app.restored, 'JupyterLab restored');
  if (app.shell.collapseLeft) app.shell.collapseLeft();
  const panel = await within(app.commands.execute('docmanager:open', {path, factory: 'Notebook'}), 'open');
  await within(panel.context.ready, 'notebook model');
  await within(panel.sessionContext.ready, 'session');
  app.shell.activateById(panel.id);
"""

RUN_NOTEBOOK_JS = OPEN_PANEL_JS + r"""
  const kernel = () => panel.sessionContext.session && panel.sessionContext.session.kernel;
  while (!kernel()) { if (Date.now() > deadline) throw new Error('no kernel'); await sleep(50); }
  await within(kernel().info, 'kernel info');
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const t0 = performance.now();
  const ok = await within(app.commands.execute('notebook:run-all-cells'), 'run all cells');
  while (kernel().status !== 'idle') {
    if (Date.now() > deadline) throw new Error('kernel never idle');
    await sleep(50);
  }
  const cells = panel.content.widgets.filter((c) => c.model.type === 'code');
  const errors = [];
  for (const cell of cells) {
    for (const out of cell.model.outputs.toJSON()) {
      if (out.output_type === 'error') errors.push(`${out.ename}: ${out.evalue}`);
    }
  }
  return {ok, seconds: (performance.now() - t0) / 1000, codeCells: cells.length,
          notRun: cells.filter((c) => c.model.executionCount == null
                                      && c.model.sharedModel.getSource().trim()).length,
          errors, kernel: kernel().name};
}
"""


def parse_kernel_frame(payload: str | bytes) -> dict:
    """A kernel websocket frame as {channel, msg_type, content, size}; understands the JSON
    protocol and the binary v1.kernel.websocket.jupyter.org protocol JupyterLab 4 uses."""
    size = len(payload)
    if isinstance(payload, str):
        msg = json.loads(payload)
        return {"channel": msg.get("channel"), "msg_type": msg["header"]["msg_type"],
                "content": msg.get("content") or {}, "size": size}
    (n,) = struct.unpack_from("<Q", payload, 0)
    offsets = struct.unpack_from(f"<{n}Q", payload, 8)
    parts = [payload[offsets[i]:offsets[i + 1]] for i in range(n - 1)]
    header = json.loads(parts[1])
    content = json.loads(parts[4]) if len(parts) > 4 and parts[4] else {}
    return {"channel": parts[0].decode(), "msg_type": header["msg_type"], "content": content, "size": size}


def comm_method(frame: dict) -> str:
    """'update', 'custom', 'echo_update' ... for a comm_msg frame, else the msg_type."""
    if frame["msg_type"] != "comm_msg":
        return frame["msg_type"]
    data = frame["content"].get("data") or {}
    method = data.get("method", "?")
    if method in ("update", "echo_update"):
        return f"{method}({','.join(sorted(data.get('state') or {}))})"
    return method


@dataclass
class Watch:
    """Everything a page showed in its console and exchanged with its kernel."""

    page: object
    console: list[dict] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    frames: list[dict] = field(default_factory=list)

    def __post_init__(self):
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        self.page.on("websocket", self._websocket)
        self.page.add_init_script(HELPERS_JS)

    def _console(self, msg) -> None:
        loc = msg.location or {}
        self.console.append({"type": msg.type, "text": msg.text, "url": loc.get("url", "")})

    def _websocket(self, ws) -> None:
        if "/api/kernels/" not in ws.url:
            return
        ws.on("framereceived", lambda p: self._frame("kernel→browser", p))
        ws.on("framesent", lambda p: self._frame("browser→kernel", p))

    def _frame(self, direction: str, payload) -> None:
        try:
            f = parse_kernel_frame(payload)
        except Exception as e:  # noqa: BLE001 - keep the raw size, never break the page
            f = {"channel": "?", "msg_type": f"unparsed ({e})", "content": {}, "size": len(payload)}
        f["direction"], f["t"] = direction, time.monotonic()
        self.frames.append(f)

    # ---- what went wrong -------------------------------------------------------------------
    def console_errors(self) -> list[str]:
        """Console errors and uncaught exceptions, except failed loads from remote CDNs (the
        test machine is offline: those fail with net::ERR_NAME_NOT_RESOLVED, and only those)
        and JupyterLab's own debugger losing its state query to a kernel the suite just shut
        down (``DEBUGGER_RACE``: the suite closes each notebook with its kernel; seen once in
        CI, on a notebook opened and closed unrun)."""
        out = [f"uncaught: {e}" for e in self.page_errors]
        for m in self.console:
            if m["type"] != "error":
                continue
            host = urlparse(m["url"]).hostname or ""
            if "net::ERR_NAME_NOT_RESOLVED" in m["text"] and host and host not in LOCAL_HOSTS:
                continue
            if m["text"] == DEBUGGER_RACE and "/static/lab/" in m["url"]:
                continue
            out.append(f"console.error: {m['text']} ({m['url']})")
        return out

    def kernel_errors(self) -> list[str]:
        """Tracebacks the kernel sent (e.g. an exception in a widget callback: JupyterLab shows
        those only in its log console, never in the notebook)."""
        return [f"{f['content'].get('ename')}: {f['content'].get('evalue')}" for f in self.frames
                if f["direction"] == "kernel→browser" and f["msg_type"] == "error"]

    # ---- waiting -------------------------------------------------------------------------------
    def settle(self, quiet_ms: int = 400, timeout_ms: int = 10000) -> None:
        """Wait until no kernel frame has arrived for ``quiet_ms`` (events are delivered while
        Playwright waits, so wait with the page, never with time.sleep)."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout_ms / 1000:
            last = self.frames[-1]["t"] if self.frames else t0
            if time.monotonic() - last >= quiet_ms / 1000:
                return
            self.page.wait_for_timeout(50)


# ---- canvases ------------------------------------------------------------------------------------
MIN_COLOURS, MIN_INK, MIN_OPAQUE = 24, 0.03, 0.99


def open_page(browser, root: Path, path: str, viewport: dict):
    """A fresh browser context and page for the notebook ``path`` under ``root``, watched for
    console and kernel errors: (context, page, watch)."""
    import pytest

    if not (root / path).exists():
        pytest.fail(f"{path} is missing")
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page, Watch(page)


def drawn(stats: dict) -> bool:
    """A picture, not a blank, transparent or single-colour canvas."""
    return stats["colours"] >= MIN_COLOURS and stats["ink"] >= MIN_INK and stats["opaque"] >= MIN_OPAQUE


def canvas_stats(page, cid: str) -> dict:
    return page.evaluate("(id) => bonekitTest.stats(bonekitTest.canvasOf(id))", cid)


def canvas_hash(page, cid: str) -> str:
    return page.evaluate("(id) => bonekitTest.hash(bonekitTest.canvasOf(id))", cid)


def tag_widgets(page) -> list[dict]:
    return page.evaluate("() => bonekitTest.tag()")


def wait_for_widgets(page, expected: dict[str, int], timeout_s: float = 90, draw_s: float = 20) -> list[dict]:
    """Wait (up to ``timeout_s``) until the page shows at least ``expected`` widgets of each
    kind and at least one canvas, then (up to ``draw_s`` more) until every canvas is drawn;
    returns the tagged widgets with their pixel stats. Raises AssertionError naming the
    canvases still blank."""
    t0 = time.monotonic()
    shown = None
    while True:
        widgets = tag_widgets(page)
        for w in widgets:
            w["stats"] = canvas_stats(page, w["id"])
        kinds = {k: sum(w["kind"] == k for w in widgets) for k in expected}
        # A notebook without widgets (only static pictures) needs no canvas.
        if shown is None and (widgets or not any(expected.values())) and all(
                kinds[k] >= n for k, n in expected.items()):
            shown = time.monotonic()
        if shown is not None and all(drawn(w["stats"]) for w in widgets):
            return widgets
        now = time.monotonic()
        if (shown is None and now - t0 > timeout_s) or (shown is not None and now - shown > draw_s):
            blank = [f"{w['id']} {w['stats']}" for w in widgets if not drawn(w["stats"])]
            raise AssertionError(f"after {now - t0:.0f}s: widgets {kinds} (expected {expected}); "
                                 f"canvases not drawn: {blank or 'none'}")
        page.wait_for_timeout(250)


def wait_for_change(page, cid: str, before: str, timeout_s: float = 15) -> str:
    t0 = time.monotonic()
    while True:
        now = canvas_hash(page, cid)
        if now != before:
            return now
        if time.monotonic() - t0 > timeout_s:
            raise AssertionError(f"canvas {cid} did not change within {timeout_s:.0f}s")
        page.wait_for_timeout(30)


# The text/plain of a Stepper or a Table, or of a widget built on one (GuidedTable(...)).
STEPPER_REPR = re.compile(r"^\w*Stepper\(")
TABLE_REPR = re.compile(r"^\w*Table\(")


def expected_widgets(notebook: Path) -> dict[str, int]:
    """How many Steppers and Tables the committed notebook displays, from its saved outputs
    (their text/plain is the widget's summary, e.g. 'Stepper(bone_to_pick, step 30 of 30 ...)')."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    found = {"stepper": 0, "table": 0}
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            data = out.get("data") or {}
            text = "".join(data.get("text/plain", ""))
            if "application/vnd.jupyter.widget-view+json" in data:
                if STEPPER_REPR.match(text):
                    found["stepper"] += 1
                elif TABLE_REPR.match(text):
                    found["table"] += 1
    return found


def table_summaries(notebook: Path) -> list[str]:
    """The text/plain summaries of the Tables a committed notebook displays, in order
    (e.g. 'Table(bad_bones, 3 seats, 0 actions, view P1, digest ...)'; 'GuidedTable(...)' too)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    out = []
    for cell in nb.get("cells", []):
        for o in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            data = o.get("data") or {}
            text = "".join(data.get("text/plain", ""))
            if "application/vnd.jupyter.widget-view+json" in data and TABLE_REPR.match(text):
                out.append(text)
    return out


def into_view(page, element) -> dict:
    """Scroll ``element`` (a locator) into view and return its box once it stops moving:
    JupyterLab sizes off-screen cells lazily, so once scrolled to, the cells above may grow and
    push the element down (a click or a screenshot taken at once would miss it)."""
    element.scroll_into_view_if_needed()
    box = None
    for _ in range(30):
        page.wait_for_timeout(100)
        now = element.bounding_box()
        if now == box:
            break
        box = now
    return box


def shot(page, selector: str, folder: Path, name: str) -> Path:
    """An element screenshot, named ``name``.png in ``folder``."""
    path = folder / (re.sub(r"[^A-Za-z0-9_.-]+", "-", name) + ".png")
    element = page.locator(selector)
    into_view(page, element)
    element.screenshot(path=str(path), animations="disabled")
    return path


def summarize_steps(latencies: list[float], steps: list[list[dict]]) -> list[str]:
    """Report lines: median latency; messages one step exchanges with the kernel."""
    def comm(step, direction):
        return [f for f in step if f["direction"] == direction and f["msg_type"] == "comm_msg"]

    recv = [len(comm(s, "kernel→browser")) for s in steps]  # medians of counts: median_low, a real count
    sent = [len(comm(s, "browser→kernel")) for s in steps]
    frames = [sum(f["direction"] == "kernel→browser" for f in s) for s in steps]
    kbytes = [sum(f["size"] for f in s if f["direction"] == "kernel→browser") / 1024 for s in steps]
    typical = min(steps, key=lambda s: (abs(len(comm(s, "kernel→browser")) - statistics.median_low(recv)),
                                        len(s)))
    kinds: dict[str, int] = {}
    for f in comm(typical, "kernel→browser"):
        kinds[comm_method(f)] = kinds.get(comm_method(f), 0) + 1
    return [
        f"step latency ('next' click → first frame with the new picture): median "
        f"{statistics.median(latencies):.0f} ms over {len(latencies)} steps "
        f"(min {min(latencies):.0f}, max {max(latencies):.0f})",
        f"messages per step: {statistics.median_low(recv):g} comm messages kernel→browser "
        f"(range {min(recv)}-{max(recv)}), {statistics.median_low(sent):g} browser→kernel; "
        f"{statistics.median_low(frames):g} websocket frames kernel→browser in all (with busy/idle status), "
        f"{statistics.median(kbytes):.1f} kB",
        "  a typical step, kernel→browser: " + ", ".join(f"{n}× {k}" for k, n in sorted(kinds.items())),
    ]


# ---- themes and contrast --------------------------------------------------------------------------
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
MIN_CONTRAST = 4.5  # WCAG 2 AA for normal text (the panels' text is 12-13px)

# The parts of a widget whose text must read in both themes (selectors inside its root).
PANELS = {"event log": "[role=log]", "rules panel": "[aria-label='rules of this step']",
          "status line": "[role=status]", "text board": "[aria-label='text board']",
          "button labels": "button"}


def set_theme(page, theme: str, timeout_ms: int = 30_000) -> None:
    """Switch JupyterLab's theme (``THEMES`` value) as its Settings menu does, and wait until
    the new theme's CSS applies."""
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})", theme)
    light = theme == THEMES["light"]
    page.wait_for_function(
        """([theme, light]) => document.body.dataset.jpThemeName === theme &&
             document.body.dataset.jpThemeLight === String(light) &&
             getComputedStyle(document.body).getPropertyValue('--jp-layout-color0').trim() !== ''""",
        arg=[theme, light], timeout=timeout_ms)
    page.wait_for_timeout(300)  # let the restyle paint before pixels or colours are read


def contrast(page, root_selector: str, parts: dict[str, str] = PANELS) -> dict:
    """Per part: how many elements and texts it shows and its three lowest-contrast texts."""
    return page.evaluate("([root, parts]) => bonekitTest.contrast(root, parts)", [root_selector, parts])


def contrast_failures(measured: dict, where: str, minimum: float = MIN_CONTRAST) -> list[str]:
    return [f"{where} {part}: {s['ratio']:.2f}:1 for {s['text']!r} "
            f"({s['tag']}, {s['colour']} on {s['background']})"
            for part, m in measured.items() for s in m["worst"] if s["ratio"] < minimum]


# ---- notebooks opened without running them --------------------------------------------------------
PICTURE_MIMES = ("image/png", "image/svg+xml")
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# What a picture's text/plain looks like when JupyterLab shows it instead of the picture.
BARE_REPR = re.compile(r"^\s*(<Scene \d+x\d+|\w*Stepper\(|\w*Table\()")


def saved_outputs(notebook: Path) -> list[dict]:
    """Every saved output of a notebook's code cells, in order: {cell, output, mimes,
    picture (a PNG or SVG is saved), widget (a widget view is saved)}."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    found = []
    for c, cell in enumerate(nb.get("cells", [])):
        for o, out in enumerate(cell.get("outputs", []) if cell.get("cell_type") == "code" else []):
            mimes = sorted(out.get("data") or {})
            found.append({"cell": c, "output": o, "mimes": mimes,
                          "picture": any(m in mimes for m in PICTURE_MIMES), "widget": WIDGET_MIME in mimes})
    return found


# Open a notebook in JupyterLab without running it (as a learner who just opens it does), and
# keep its panel for the calls below.
OPEN_UNRUN_JS = OPEN_PANEL_JS + r"""
  window.bonekitPanels = window.bonekitPanels || {};
  window.bonekitPanels[path] = panel;
  return {trusted: panel.content.widgets.filter((c) => c.model.type === 'code')
                     .every((c) => c.model.trusted)};
}
"""

# What JupyterLab shows for each saved output of the panel opened above, once every output has
# rendered: the mime type it chose (or "widget"), its text, its images and canvases.
SHOWN_OUTPUTS_JS = r"""
async ({path, timeoutMs}) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const deadline = Date.now() + timeoutMs;
  const panel = window.bonekitPanels[path];
  const cells = panel.content.widgets;
  const pending = (node) => !node || /^(Loading widget\.\.\.)?$/.test(node.textContent.trim()) &&
      !node.querySelector('img, canvas, svg, pre, table, p, div.widget-html-content, button');
  const blankCanvases = (node) => {
    const canvases = [...node.querySelectorAll('canvas')];
    return canvases.length > 0 && canvases.every((c) => bonekitTest.stats(c).colours <= 1);
  };
  let shown = [];
  while (true) {
    shown = [];
    cells.forEach((cell, c) => {
      if (cell.model.type !== 'code') return;
      for (let o = 0; o < cell.model.outputs.length; o++) {
        const child = cell.outputArea.widgets[o];
        const node = child && child.node.querySelector('.jp-OutputArea-output');
        const typed = node && (node.matches('[data-mime-type]') ? node
                                                                : node.querySelector('[data-mime-type]'));
        const widget = node && node.querySelector('.jupyter-widgets');
        shown.push({cell: c, output: o, node, mimes: Object.keys(cell.model.outputs.get(o).data).sort(),
                    shown: widget ? 'widget' : typed ? typed.getAttribute('data-mime-type') : null,
                    // a widget's canvas paints its saved picture a moment after the view appears
                    pending: pending(node) || (widget && /Loading widget/.test(node.textContent))
                             || (widget && blankCanvases(node))});
      }
    });
    if (!shown.some((s) => s.pending) || Date.now() > deadline) break;
    await sleep(200);
  }
  const result = [];
  for (const s of shown) {
    const images = s.node ? [...s.node.querySelectorAll('img')] : [];
    for (const img of images) { try { await img.decode(); } catch (e) { /* reported as naturalWidth 0 */ } }
    const canvases = s.node ? [...s.node.querySelectorAll('canvas')] : [];
    result.push({cell: s.cell, output: s.output, mimes: s.mimes, shown: s.shown, pending: !!s.pending,
                 text: s.node ? s.node.textContent.trim().slice(0, 160) : '',
                 images: images.map((i) => ({width: i.naturalWidth, complete: i.complete,
                                             src: i.src.slice(0, 22)})),
                 canvases: canvases.map((c) => bonekitTest.stats(c))});
  }
  return result;
}
"""

# Scroll the panel opened above to a cell (by index).
SCROLL_TO_CELL_JS = r"""
({path, cell}) => window.bonekitPanels[path].content.widgets[cell].node.scrollIntoView({block: 'start'})
"""

# Reload the panel's notebook from the server (after its trust changed), keeping the kernel.
REVERT_JS = r"""
async ({path}) => {
  const panel = window.bonekitPanels[path];
  await panel.context.revert();
  return panel.content.widgets.filter((c) => c.model.type === 'code').every((c) => c.model.trusted);
}
"""

CLOSE_JS = r"""
async ({path}) => {
  const panel = window.bonekitPanels[path];
  delete window.bonekitPanels[path];
  await panel.sessionContext.shutdown();
  panel.dispose();
}
"""


def is_picture(out: dict) -> bool:
    return any(m in out["mimes"] for m in PICTURE_MIMES)


def picture_shown(out: dict) -> bool:
    """A saved picture JupyterLab shows as one: an image that decoded (PNG or SVG), or a
    widget with a drawn canvas or a decoded image."""
    images = [i for i in out["images"] if i["complete"] and i["width"] > 0]
    if out["shown"] in PICTURE_MIMES:
        return bool(images)
    if out["shown"] == "widget":
        return bool(images) or any(drawn(c) for c in out["canvases"])
    return False
