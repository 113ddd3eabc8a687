"""The one exercise checker of every notebook: ✓ or ✗ with a hint, never a traceback.

A notebook exercise is a cell like::

    answer = ...            # replace ... with your answer
    check(answer, 7, hint="Count the cards the others still hold.")

``check`` forgives what does not matter: case, spacing and a final full stop in words, a number
typed as text, the order of a collection when ``ordered=False``, and small rounding in decimals
(``tol``). ``expected`` may also be a function that judges the answer itself (for answers that
are functions or states): it returns True/False or ``(ok, message)``; whatever it raises
becomes a ✗ with the error's message, never a traceback.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any

NOT_ANSWERED = (Ellipsis, None)


@dataclass(frozen=True)
class Check:
    """The verdict on one answer; shows as a line of text (and a styled line in JupyterLab)."""

    ok: bool
    message: str
    answered: bool = True

    def __bool__(self) -> bool:
        return self.ok

    @property
    def line(self) -> str:
        mark = "✓" if self.ok else ("✗" if self.answered else "…")
        return f"{mark} {self.message}"

    def __repr__(self) -> str:
        return self.line

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, str]:
        colour = ("var(--jp-success-color0, #1e6b3a)" if self.ok else
                  "var(--jp-error-color0, #8f2418)" if self.answered else "var(--jp-ui-font-color1, #333)")
        html = (f'<div role="status" style="font-size:14px;color:{colour};border-left:4px solid {colour};'
                f'padding:2px 8px">{escape(self.line)}</div>')
        return {"text/plain": self.line, "text/html": html}


def check(answer: Any, expected: Any, *, hint: str = "", explain: str = "", ordered: bool = True,
          tol: float = 1e-9) -> Check:
    """Compare a learner's ``answer`` with ``expected`` and say ✓ or ✗ (with ``hint``).

    ``explain`` is added to a right answer (why it is right). ``ordered=False`` compares
    collections as bags; ``tol`` is the allowed difference between numbers.
    """
    hint_text = f" Hint: {hint}" if hint else ""
    if any(answer is p for p in NOT_ANSWERED):
        return Check(False, f"Not answered yet: replace ... with your answer.{hint_text}", answered=False)
    try:
        if callable(expected) and not isinstance(expected, type):
            verdict = expected(answer)
            ok, message = verdict if isinstance(verdict, tuple) else (bool(verdict), "")
        else:
            ok, message = _same(answer, expected, ordered, tol), ""
    except Exception as e:  # a learner's function may fail in any way: report, never raise
        return Check(False, f"Your answer raised {type(e).__name__}: {_short(str(e))}.{hint_text}")
    if ok:
        return Check(True, " ".join(x for x in ("Right!", message, explain) if x))
    return Check(False, " ".join(x for x in ("Not quite.", message) if x) + hint_text)


def _same(answer: Any, expected: Any, ordered: bool, tol: float) -> bool:
    if isinstance(expected, bool):
        return _truth(answer) is expected
    if isinstance(expected, (int, float)):
        number = _number(answer)
        return number is not None and math.isclose(number, expected, rel_tol=0, abs_tol=tol)
    if isinstance(expected, str):
        return isinstance(answer, str) and _words(answer) == _words(expected)
    if isinstance(expected, (set, frozenset)):
        return _iterable(answer) and {_key(v) for v in answer} == {_key(v) for v in expected}
    if isinstance(expected, (list, tuple)):
        if not _iterable(answer):
            return False
        items = list(answer)
        if len(items) != len(expected):
            return False
        if ordered:
            return all(_same(a, e, True, tol) for a, e in zip(items, expected))
        return _bag(items) == _bag(expected)
    if isinstance(expected, dict):
        return (isinstance(answer, dict) and {_key(k) for k in answer} == {_key(k) for k in expected}
                and all(_same(_lookup(answer, k), v, ordered, tol) for k, v in expected.items()))
    return answer == expected


def _words(text: str) -> str:
    return " ".join(text.split()).casefold().rstrip(".")


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        text = value.strip().rstrip("%")
        try:
            number = float(text)
        except ValueError:
            return None
        return number / 100 if value.strip().endswith("%") else number
    return None


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return {"yes": True, "true": True, "no": False, "false": False}.get(_words(value))
    return None


def _key(value: Any) -> Any:
    """A comparable form of one item: words normalised, numbers as floats."""
    if isinstance(value, str):
        number = _number(value)
        return number if number is not None else _words(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, (list, tuple)):
        return tuple(_key(v) for v in value)
    return value


def _bag(items: Any) -> list:
    return sorted((_key(v) for v in items), key=repr)


def _lookup(answer: dict, key: Any) -> Any:
    for k, v in answer.items():
        if _key(k) == _key(key):
            return v
    return None


def _iterable(value: Any) -> bool:
    return isinstance(value, (list, tuple, set, frozenset))


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"

