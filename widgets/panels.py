"""HTML panels shared by the widgets: event log, cited rules, text board, status line."""
from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

from bonekit.core.events import Event
from bonekit.core.game import Game

LOG_STYLE = ("max-height:220px;overflow-y:auto;font-size:12px;line-height:1.45;border:1px solid #ddd;"
             "padding:4px 6px;background:#fff")


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
            rows.append(f'<div><span style="color:#888">{step:>3}</span> {text} '
                        f'<code title="{escape(rule_title(game, e.rule))}" style="color:#7d3c98">'
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
             f'<code style="color:#7d3c98">{escape(r)}</code><br>{escape(game.rules[r].text)}</div>'
             for r in seen]
    return ('<div aria-label="rules of this step" style="font-size:12px;line-height:1.45;max-width:880px;'
            'background:#f7f2fb;border-left:3px solid #7d3c98;padding:4px 8px">' + "".join(parts) + "</div>")


def board_html(text: str) -> str:
    """The text board, the accessible alternative to the picture."""
    return (f'<pre aria-label="text board" style="font-size:12px;line-height:1.35;white-space:pre-wrap;'
            f'margin:0">{escape(text)}</pre>')


def status_html(message: str, ok: bool = True) -> str:
    colour = "#1e8449" if ok else "#922b21"
    return f'<div role="status" style="color:{colour};font-size:13px;min-height:18px">{escape(message)}</div>'
