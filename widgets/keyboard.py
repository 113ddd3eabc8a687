"""Keyboard and screen-reader access for the picture of a Stepper or a Table.

ipycanvas's front end cancels every key pressed on its canvas (it calls ``preventDefault`` on
each keydown, to send the key to the kernel), so Tab, Shift+Tab and Escape could not leave
the picture: a keyboard trap. ``Keyboard`` is a tiny anywidget (its JavaScript is below, no
build step) placed inside the widget's box. In the browser it

* listens to keydown on the box in the capture phase, before the canvas: Tab and Shift+Tab
  never reach ipycanvas, so the browser moves focus as usual; Escape leaves the picture and
  puts focus on the box itself (``tabindex=-1``, a ``role="group"`` named ``widget_label``),
  from where Tab reaches the first control; every other key (arrows, PageDown, …) still goes
  to the canvas and on to the kernel;
* gives the canvas ``role="img"``, ``aria-roledescription`` and ``aria-label`` (``label``: the
  current scene's title and description, kept up to date from Python);
* gives the text-board toggle (the ``BOARD_TOGGLE_CLASS`` button) ``aria-pressed``,
  ``aria-expanded`` and ``aria-controls`` that follow its state;
* makes the first click land where the pointer is: ipycanvas focuses the canvas on mousedown
  and only then reads the pointer against the canvas's box, so on a picture taller than the
  window the focus scroll moved the box under the pointer; a capture-phase listener focuses the
  canvas first, with ``preventScroll``, so ipycanvas's own focus call changes nothing;
* lets the mouse wheel scroll the page over the picture (ipycanvas cancels wheel events to send
  them to the kernel, and no widget here uses them); keys still go to a focused picture;
* tells a learner who clicks a widget shown from a saved notebook (no kernel behind it) to run
  the notebook first: it pings the kernel and, with no answer, shows a note on the widget
  (``OFFLINE_CLASS``) that a click brings forward; an answer removes it;
* reports the page's theme (``dark``: JupyterLab's ``data-jp-theme-light`` is "false"), so the
  picture is drawn in the dark palette there (``follow_theme``; see ``theme``);
* paints ``picture`` (the scene's PNG, saved with the notebook) on a canvas that is still blank
  a moment after the page shows it: a trusted notebook opened unrun restores its widgets from
  saved state, and ipycanvas may show its view before it has drawn the saved ``image_data``
  (then nothing ever redraws it). A live canvas is drawn at once and is never painted over.

It finds its box as the nearest ancestor with the class ``bonekit-widget`` (``WIDGET_CLASS``).
"""
from __future__ import annotations

import json

import anywidget
import ipywidgets as w
import traitlets

from .base import WIDGET_CLASS
from .canvas import SceneCanvas

BOARD_TOGGLE_CLASS = "bonekit-board-toggle"
BOARD_CLASS = "bonekit-text-board"
ACTIONS_CLASS = "bonekit-actions"   # a row of buttons a widget replaces as the game moves on
OFFLINE_CLASS = "bonekit-offline"   # the note on a widget that no kernel answers for
OFFLINE_TEXT = "This is a saved picture. Run the notebook to play: Run \u2192 Run All Cells."
# How long a widget waits for the kernel's answer before it says it is a saved picture: a live
# kernel busy running the next cells of a Run All may answer late (the note then goes away).
OFFLINE_AFTER_MS = 3000

ESM = """
const WIDGET = ".%(widget)s", TOGGLE = ".%(toggle)s", BOARD = ".%(board)s", ACTIONS = ".%(actions)s";
const OFFLINE = "%(offline)s", OFFLINE_TEXT = %(offline_text)s, OFFLINE_AFTER_MS = %(offline_after)d;
function uniqueId(prefix) {  // a module is loaded per widget: no shared counter
  for (let n = 1; ; n++) if (!document.getElementById(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

function render({ model, el }) {
  let host = null, canvas = null, toggle = null, watcher = null, timer = null, stopped = false;
  let tries = 0, lastFocused = null, children = null;
  let live = false, note = null, offlineTimer = null;

  function label() {
    if (!canvas) return;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-roledescription", model.get("roledescription"));
    canvas.setAttribute("aria-label", model.get("label"));
    if (host) {
      host.setAttribute("role", "group");
      host.setAttribute("aria-label", model.get("widget_label"));
    }
  }

  function pressed() {
    if (!toggle) return;
    const on = toggle.classList.contains("mod-active");
    toggle.setAttribute("aria-pressed", String(on));
    toggle.setAttribute("aria-expanded", String(on));
  }

  // Capture phase on the box: runs before ipycanvas's own listener on the canvas.
  function keydown(event) {
    if (!canvas || event.target !== canvas) return;
    if (event.key === "Tab") {
      event.stopPropagation();        // no preventDefault: the browser moves focus on
    } else if (event.key === "Escape") {
      event.stopPropagation();
      event.preventDefault();
      canvas.blur();
      host.focus();
    }
  }

  // Capture phase, before ipycanvas's mousedown (which focuses the canvas, scrolling the page
  // if the picture does not fit, and then reads the pointer against the moved box).
  function mousedown(event) {
    if (!live) offline(true);
    if (canvas && event.target === canvas && document.activeElement !== canvas) {
      canvas.focus({ preventScroll: true });
    }
  }
  // ipycanvas cancels the wheel on its canvas; stop it there so the page scrolls as usual.
  function wheel(event) { if (canvas && event.target === canvas) event.stopPropagation(); }

  // No kernel behind this widget (a saved notebook, unrun): say so where the learner looks.
  function offline(pressed) {
    if (live || !host) return;
    if (!note) {
      note = document.createElement("div");
      note.className = OFFLINE;
      note.setAttribute("role", "note");
      note.textContent = OFFLINE_TEXT;
      note.style.cssText = "padding:6px 10px;margin:0 0 6px 0;border-radius:4px;font-weight:600;" +
        "border:2px solid var(--jp-warn-color1, #b36b00);background:var(--jp-warn-color3, #fff3cd);" +
        "color:#1a1a1a;font-size:var(--jp-ui-font-size1, 13px)";  // dark ink: the warn fill is pale in both themes
      host.insertBefore(note, host.firstChild);
    }
    if (pressed) {
      note.animate([{ transform: "scale(1.03)" }, { transform: "scale(1)" }], { duration: 300 });
      note.scrollIntoView({ block: "nearest" });
    }
  }
  function answered(message) {
    if (!message || message.event !== "pong") return;
    live = true;
    clearTimeout(offlineTimer);
    if (note) { note.remove(); note = null; }
  }

  // A Table replaces its action buttons after every move: if the focused one goes, focus
  // would fall to the page body. Put it on the new first action (or the box) instead.
  function focusin(event) { lastFocused = event.target; }
  function focusout(event) {
    if (event.relatedTarget && !host.contains(event.relatedTarget)) lastFocused = null;
  }
  function pointerdown(event) { if (host && !host.contains(event.target)) lastFocused = null; }
  // (The new buttons may come a moment after the old ones went: until then focus waits on
  // the box, for at most a second.)
  let waitingUntil = 0;
  function refocus() {
    const next = host.querySelector(`${ACTIONS} button:not([disabled]), ${ACTIONS} select`);
    if (waitingUntil && document.activeElement === host && next && performance.now() < waitingUntil) {
      waitingUntil = 0;
      next.focus();
      return;
    }
    if (!lastFocused || lastFocused.isConnected) return;
    const active = document.activeElement;
    lastFocused = null;
    if (active && active !== document.body) return;   // focus went somewhere on purpose
    if (next) next.focus();
    else { host.focus(); waitingUntil = performance.now() + 1000; }
  }

  function attach() {
    if (stopped) return;
    host = el.isConnected ? el.closest(WIDGET) : null;
    canvas = host ? host.querySelector("canvas") : null;
    if (!canvas) {                    // not in the page yet: views attach after render
      if (tries++ < 600) timer = setTimeout(attach, 50);
      return;
    }
    if (!host.hasAttribute("tabindex")) host.tabIndex = -1;
    host.addEventListener("keydown", keydown, true);
    host.addEventListener("mousedown", mousedown, true);
    host.addEventListener("wheel", wheel, true);
    host.addEventListener("focusin", focusin);
    host.addEventListener("focusout", focusout);
    document.addEventListener("pointerdown", pointerdown, true);
    children = new MutationObserver(refocus);
    children.observe(host, { childList: true, subtree: true });
    label();
    if (!live) offlineTimer = setTimeout(() => offline(false), OFFLINE_AFTER_MS);
    toggle = host.querySelector(TOGGLE);
    const board = host.querySelector(BOARD);
    if (toggle) {
      if (board) {
        if (!board.id) board.id = uniqueId("bonekit-text-board");
        toggle.setAttribute("aria-controls", board.id);
      }
      pressed();
      watcher = new MutationObserver(pressed);
      watcher.observe(toggle, { attributes: true, attributeFilter: ["class"] });
    }
  }

  // A canvas still blank once the page settles gets the saved picture (see the docstring).
  function blank() {
    try {
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 16) if (data[i] !== 0) return false;
      return true;
    } catch (e) { return false; }
  }
  function paintIfBlank() {
    const png = model.get("picture");
    if (stopped || !canvas || !png || !canvas.width || !blank()) return;
    const image = new Image();
    image.onload = () => {
      if (!stopped && blank()) canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
    };
    image.src = "data:image/png;base64," + png;
  }
  const paintTimers = [400, 1500, 4000].map((ms) => setTimeout(() => { if (canvas) paintIfBlank(); }, ms));

  // The page's theme: JupyterLab marks its body; the picture follows (see follow_theme).
  function theme() {
    const dark = document.body.dataset.jpThemeLight === "false";
    if (model.get("dark") !== dark) { model.set("dark", dark); model.save_changes(); }
  }
  const themeWatcher = new MutationObserver(theme);
  themeWatcher.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  theme();

  model.on("msg:custom", answered);
  try { model.send({ event: "ping" }); } catch (e) { /* no kernel: the note will say so */ }
  model.on("change:label", label);
  model.on("change:roledescription", label);
  model.on("change:widget_label", label);
  attach();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(offlineTimer);
    if (note) note.remove();
    paintTimers.forEach(clearTimeout);
    if (host) {
      host.removeEventListener("keydown", keydown, true);
      host.removeEventListener("mousedown", mousedown, true);
      host.removeEventListener("wheel", wheel, true);
      host.removeEventListener("focusin", focusin);
      host.removeEventListener("focusout", focusout);
    }
    document.removeEventListener("pointerdown", pointerdown, true);
    themeWatcher.disconnect();
    if (watcher) watcher.disconnect();
    if (children) children.disconnect();
  };
}

export default { render };
""" % {"widget": WIDGET_CLASS, "toggle": BOARD_TOGGLE_CLASS, "board": BOARD_CLASS,  # noqa: UP031 - JS braces
       "actions": ACTIONS_CLASS, "offline": OFFLINE_CLASS, "offline_text": json.dumps(OFFLINE_TEXT),
       "offline_after": OFFLINE_AFTER_MS}


class Keyboard(anywidget.AnyWidget):
    """Invisible helper that frees Tab/Shift+Tab/Escape from the picture and labels it for
    screen readers (see the module docstring). Put it inside a box with class ``bonekit-widget``
    that holds the picture's canvas; set ``label`` whenever the picture changes."""

    _esm = ESM
    label = traitlets.Unicode("", help="the canvas's aria-label: what the picture shows").tag(sync=True)
    roledescription = traitlets.Unicode("game picture",
                                        help="the canvas's aria-roledescription").tag(sync=True)
    widget_label = traitlets.Unicode("", help="the aria-label of the widget's box").tag(sync=True)
    picture = traitlets.Unicode("", help="the scene's PNG (base64), painted on a canvas left "
                                "blank when a saved notebook is opened").tag(sync=True)
    dark = traitlets.Bool(False, help="whether the page shows JupyterLab's dark theme "
                          "(set by the browser)").tag(sync=True)

    def __init__(self, label: str = "", widget_label: str = "", **kwargs):
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(label=label, widget_label=widget_label, **kwargs)
        self.on_msg(self._answer)

    def _answer(self, _widget: object, content: dict, _buffers: object) -> None:
        """A view asks whether a kernel is behind it (see ``OFFLINE_CLASS``): say yes."""
        if isinstance(content, dict) and content.get("event") == "ping":
            self.send({"event": "pong"})


def follow_theme(keyboard: Keyboard, picture: SceneCanvas) -> None:
    """Draw ``picture`` in the page's theme, as ``keyboard`` reports it, now and on every change."""
    picture.set_dark(keyboard.dark)
    keyboard.observe(lambda change: picture.set_dark(change["new"]), "dark")


def board_toggle(board: w.HTML) -> w.ToggleButton:
    """A "Show text board" / "Hide text board" button that shows or hides ``board`` (the text
    board, the accessible view of the picture); its ``value`` is whether the board shows."""
    board.add_class(BOARD_CLASS)
    toggle = w.ToggleButton(value=False, description="Show text board", icon="align-left",
                            tooltip="show or hide the text board: the whole state in words",
                            layout=w.Layout(width="auto", align_self="flex-start"))
    toggle.add_class(BOARD_TOGGLE_CLASS)

    def show(shown: bool) -> None:
        toggle.description = "Hide text board" if shown else "Show text board"
        board.layout.display = None if shown else "none"

    toggle.observe(lambda change: show(change["new"]), "value")
    show(False)
    return toggle
