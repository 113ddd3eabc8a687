"""HTML panels shared by the widgets: event log, cited rules, text board, status line.

Colours come from JupyterLab's theme variables (``--jp-layout-color1`` for backgrounds,
``--jp-content-font-color1`` for text, ...), so the panels read in the light and the dark
theme; each variable has a light fallback for pages without them (GitHub, nbviewer).

The purple of the rule citations is mixed from the theme's strongest text colour: darker on a
light theme, lighter on a dark one, ≥ 4.5:1 against the panels in JupyterLab's light and dark
themes (about 6.1:1 at worst). A browser without ``color-mix`` keeps the plain colour before it.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from bonekit.core.errors import IllegalAction
from bonekit.core.events import Event
from bonekit.core.game import Game

TEXT = "var(--jp-content-font-color1, #222)"
MUTED = "var(--jp-content-font-color2, #666)"
BACKGROUND = "var(--jp-layout-color1, #fff)"
BORDER = "var(--jp-border-color2, #ddd)"
CODE_FONT = "var(--jp-code-font-family, monospace)"
ACCENT = "#7d3c98"
ACCENT_MIXED = "color-mix(in srgb, var(--jp-content-font-color0, #000) 30%, #a569bd)"
OK_MARK = "var(--jp-success-color1, #1e8449)"
REFUSED_MARK = "var(--jp-error-color1, #922b21)"

CITE_STYLE = f"color:{ACCENT};color:{ACCENT_MIXED}"
LOG_STYLE = (f"max-height:220px;overflow-y:auto;font-size:12px;line-height:1.45;border:1px solid {BORDER};"
             f"padding:4px 6px;background:{BACKGROUND};color:{TEXT}")
RULES_STYLE = (f"font-size:12px;line-height:1.45;max-width:880px;color:{TEXT};background:#f7f2fb;"
               f"background:color-mix(in srgb, {BACKGROUND} 92%, {ACCENT});"
               f"border-left:3px solid {ACCENT};border-left-color:{ACCENT_MIXED};padding:4px 8px")
BOARD_STYLE = (f"font-size:12px;line-height:1.35;white-space:pre-wrap;margin:0;color:{TEXT};"
               f"font-family:{CODE_FONT}")


def refusal(game: Game, error: IllegalAction) -> str:
    """A refused action in words: its reason and the rule it breaks, with the rule's title."""
    return f"{error.reason} (rule {error.rule}: {rule_title(game, error.rule)})"


def rule_title(game: Game, rule_id: str) -> str:
    return game.rules[rule_id].title if rule_id in game.rules else rule_id


def log_html(game: Game, steps: Sequence[tuple[int, Iterable[Event]]], current: int | None = None) -> str:
    """Events, newest first, each citing its rule; the events of step ``current`` are bold."""
    rows = []
    for step, events in steps:
        for e in events:
            text = escape(e.text)
            if step == current:
                text = f"<b>{text}</b>"
            rows.append(f'<div><span style="color:{MUTED}">{step:>3}</span> {text} '
                        f'<code title="{escape(rule_title(game, e.rule))}" style="{CITE_STYLE}">'
                        f'{escape(e.rule)}</code></div>')
    # Newest first: the current step stays in view without scrolling (an HTML widget cannot
    # be told to scroll to its bottom from the kernel).
    body = "\n".join(reversed(rows[-200:])) or "<i>no events yet</i>"
    return f'<div role="log" aria-label="event log" style="{LOG_STYLE}">{body}</div>'


def rules_html(game: Game, rule_ids: Iterable[str]) -> str:
    """The rule sections cited by a step, in our own words."""
    seen: list[str] = []
    for r in rule_ids:
        if r not in seen and r in game.rules:
            seen.append(r)
    if not seen:
        return ""
    parts = [f'<div style="margin-bottom:6px"><b>{escape(game.rules[r].title)}</b> '
             f'<code style="{CITE_STYLE}">{escape(r)}</code><br>{escape(game.rules[r].text)}</div>'
             for r in seen]
    return f'<div aria-label="rules of this step" style="{RULES_STYLE}">' + "".join(parts) + "</div>"


def board_html(text: str) -> str:
    """The text board, the accessible alternative to the picture."""
    return f'<pre aria-label="text board" style="{BOARD_STYLE}">{escape(text)}</pre>'


def status_html(message: str, ok: bool = True) -> str:
    """The status line: text in the theme's colour, a green (done) or red (refused) bar."""
    mark = OK_MARK if ok else REFUSED_MARK
    return (f'<div role="status" style="color:{TEXT};font-size:13px;min-height:18px;'
            f'border-left:4px solid {mark};padding-left:6px">{escape(message)}</div>')
