"""The text board: every die in play, rack and base in words (also the widgets' accessible
alternative). Deterministic, one line per area."""

from __future__ import annotations

from typing import Any

from ...core.actions import seat_name
from .data import die_type
from .dice import carried, doors, face, guard, kind, power, riders, standing, unit
from .state import RolledBonesState


def die_text(s: RolledBonesState, i: int) -> str:
    """``d7 Archer 3 [first strike] {power volley}``: a die as it shows now."""
    if s.codes[i] == "?":
        return f"d{i + 1} ?"
    t = die_type(s.codes[i])
    f = face(s, i)
    if t.kind == "magic":
        out = f"d{i + 1} {t.name} {f.value:+d}" + (" recurring" if f.effect == "drain" else "")
    else:
        mods = sum(s.amount[m] for m in riders(s, i))  # magic, and a recurring item's change
        out = f"d{i + 1} {t.name} {f.value}" + (f"{mods:+d}={f.value + mods}" if mods else "")
    if f.effect == "recurring":
        out += f" recurring {f.change:+d} (up to {f.value})"
    marks = sorted(sym.replace("_", " ") for sym in f.symbols)
    if marks:
        out += " [" + ", ".join(marks) + "]"
    p = power(s, i)
    if p:
        out += f" {{power {p}}}"
    return out


def _stack_text(s: RolledBonesState, i: int) -> str:
    out = die_text(s, i)
    extras = [
        die_text(s, r)
        for r in riders(s, i)
        if kind(s, r) in ("magic",) or (kind(s, r) == "item" and kind(s, i) == "creature")
    ]
    if s.band[i] >= 0:
        extras.append("band " + "+".join(f"d{j + 1}" for j in unit(s, i)))
    below = s.on[i]
    if below >= 0 and kind(s, below) == "item" and kind(s, i) in ("creature", "item"):
        extras.append(f"standing on d{below + 1}")
    return out + (" (" + "; ".join(extras) + ")" if extras else "")


def board_text(game: Any, s: RolledBonesState, seat: int | None) -> str:
    out = out_lines = []
    status = "over" if s.phase == "over" else f"{seat_name(s.turn_seat)}'s turn, {s.phase}"
    out.append(f"Rolled Bones ({s.variant}) · round {s.round} · {status}")
    for p in range(s.players):
        name = s.names[p]
        head = f"{seat_name(p)}" + (f" ({name})" if name != seat_name(p) else "")
        if s.variant == "arena":
            head += f": kills {s.kills[p]} of 6"
        else:
            front = doors(s, p)
            head += (
                f": bag {len(s.bags[p])} · base {len(s.bases[p])} of {s.base_size}"
                + (f" (front door d{front[0] + 1}, back door d{front[-1] + 1})" if front else "")
                + (" · claimed base complete" if s.declared[p] >= 0 else "")
            )
        allies = [seat_name(q) for q in range(s.players) if (min(p, q), max(p, q)) in s.allies]
        if allies:
            head += " · allied with " + ", ".join(allies)
        out.append(head)
        out.append(
            "  rack: "
            + (" · ".join(f"r{k + 1} {_stack_text(s, i)}" for k, i in enumerate(s.racks[p])) or "empty")
        )
        if s.variant == "base":
            parts = []
            for b in s.bases[p]:
                g = guard(s, b)
                parts.append(_stack_text(s, b) + (f" <guard {_stack_text(s, g)}>" if g >= 0 else ""))
            out.append("  base: " + (" · ".join(parts) or "empty"))
            yard = [
                i
                for i in range(len(s.codes))
                if s.area[i] == "base" and s.owners[i] == p and standing(s, i)
                and (s.on[i] < 0 or kind(s, s.on[i]) == "item")  # on a base die: a guard
            ]
            if yard:
                out.append("  in the base: " + " · ".join(_stack_text(s, i) for i in yard))
    arena = [i for i in range(len(s.codes)) if s.area[i] == "arena" and standing(s, i)]
    out.append(
        "arena: " + (" · ".join(f"{seat_name(s.owners[i])} {_stack_text(s, i)}" for i in arena) or "empty")
    )
    if s.queue:
        q = s.queue[0]
        out.append(f"waiting: {seat_name(q[1])} to answer ({q[0]})")
    if s.entering >= 0:
        out.append(f"entering: {die_text(s, s.entering)}")
    outcome = game.outcome(s)
    if outcome is not None:
        out.append(outcome.summary)
    return "\n".join(out_lines)


__all__ = ["board_text", "carried"]
