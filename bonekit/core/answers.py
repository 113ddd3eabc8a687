"""Reading a learner's answer to a chance question, for the notebooks' exercise checkers: a
Fraction, a whole number, a text such as ``"7/12"`` or ``"58.3%"``, or a decimal."""
from __future__ import annotations

from fractions import Fraction
from typing import Any


def as_fraction(answer: Any) -> Fraction | None:
    """``answer`` as a Fraction, or None if it is no number (True and False are not numbers)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (int, Fraction)):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(1000)
    if isinstance(answer, str):
        text = answer.strip().replace(" ", "")
        try:
            return Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
        except (ValueError, ZeroDivisionError):
            return None
    return None


def judge_chance(answer: Any, right: Fraction, example: str = "Fraction(7, 12)") -> tuple[bool, str]:
    """(right?, a sentence): an exact answer (a Fraction, a whole number, a text fraction) must
    equal ``right``; a decimal or a percentage may be off by half a percentage point."""
    value = as_fraction(answer)
    if value is None:
        return False, f"{str(answer)[:40]!r} is not a chance; write it like {example}."
    exact = isinstance(answer, (int, Fraction)) or (isinstance(answer, str) and "%" not in answer
                                                  and "." not in answer)
    if value == right or (not exact and abs(float(value) - float(right)) < 0.005):
        return True, f"{right} = {float(right):.1%}."
    return False, f"{value} = {float(value):.1%} is not it."
