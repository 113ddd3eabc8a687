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
    let top = 0;
    for (const n of counts.values()) top = Math.max(top, n);
    return {width: c.width, height: c.height, colours: counts.size,
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

  return {stats, hash, tag, canvasOf, stepLatency};
})();
"""

# Open a notebook in JupyterLab (window.jupyterapp, exposed by --LabApp.expose_app_in_browser),
# wait for its kernel, clear the saved outputs, run all cells and wait for the kernel to be idle.
RUN_NOTEBOOK_JS = r"""
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
  const kernel = () => panel.sessionContext.session && panel.sessionContext.session.kernel;
  while (!kernel()) { if (Date.now() > deadline) throw new Error('no kernel'); await sleep(50); }
  await within(kernel().info, 'kernel info');
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const t0 = performance.now();
  const ok = await within(app.commands.execute('notebook:run-all-cells'), 'run all cells');
  while (kernel().status !== 'idle') { if (Date.now() > deadline) throw new Error('kernel never idle'); await sleep(50); }
  const cells = panel.content.widgets.filter((c) => c.model.type === 'code');
  const errors = [];
  for (const cell of cells) {
    for (const out of cell.model.outputs.toJSON()) {
      if (out.output_type === 'error') errors.push(`${out.ename}: ${out.evalue}`);
    }
  }
  return {ok, seconds: (performance.now() - t0) / 1000, codeCells: cells.length,
          notRun: cells.filter((c) => c.model.executionCount == null && c.model.sharedModel.getSource().trim()).length,
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
        test machine is offline: those fail with net::ERR_NAME_NOT_RESOLVED, and only those)."""
        out = [f"uncaught: {e}" for e in self.page_errors]
        for m in self.console:
            if m["type"] != "error":
                continue
            host = urlparse(m["url"]).hostname or ""
            if "net::ERR_NAME_NOT_RESOLVED" in m["text"] and host and host not in LOCAL_HOSTS:
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
                if text.startswith("Stepper("):
                    found["stepper"] += 1
                elif text.startswith("Table("):
                    found["table"] += 1
    return found


def table_summaries(notebook: Path) -> list[str]:
    """The text/plain summaries of the Tables a committed notebook displays, in order
    (e.g. 'Table(bad_bones, 3 seats, 0 actions, view P1, digest ...)')."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    out = []
    for cell in nb.get("cells", []):
        for o in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            text = "".join((o.get("data") or {}).get("text/plain", ""))
            if text.startswith("Table("):
                out.append(text)
    return out


def shot(page, selector: str, folder: Path, name: str) -> Path:
    """An element screenshot, named ``name``.png in ``folder``."""
    path = folder / (re.sub(r"[^A-Za-z0-9_.-]+", "-", name) + ".png")
    element = page.locator(selector)
    element.scroll_into_view_if_needed()
    # JupyterLab sizes off-screen cells lazily: once scrolled to, the cells above may grow and
    # push the element down. Shoot only when its box has stopped moving.
    box = None
    for _ in range(30):
        page.wait_for_timeout(100)
        now = element.bounding_box()
        if now == box:
            break
        box = now
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
    typical = min(steps, key=lambda s: (abs(len(comm(s, "kernel→browser")) - statistics.median_low(recv)), len(s)))
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
