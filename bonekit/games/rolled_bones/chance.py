"""Every roll and draw, from the state's seeded generator or from a scenario's script.

A script (option ``script``) names, per seat, the Bones rolls, the dice drawn (by D'Code) and
the faces rolled, to be used in that order before the generator takes over: the notebooks
replay the rulebook's example with it. Scripted chance is marked ``scripted`` in its events.
"""

from __future__ import annotations

from ...core.actions import seat_name
from ...core.events import Event
from .data import die_type
from .state import RolledBonesState

R = "rolled_bones."


def _scripted(s: RolledBonesState, seat: int, kind: str) -> list:
    return s.script.get(seat_name(seat), {}).get(kind, [])


def bones(s: RolledBonesState, seat: int, why: str, rule: str, events: list[Event] | None) -> int:
    """Roll ``seat``'s Bones die (for ``why``: "the Bones roll", "attack", ...)."""
    queue = _scripted(s, seat, "bones")
    scripted = bool(queue)
    roll = queue.pop(0) if scripted else s.rng.roll(6)
    if events is not None:
        mark = " (scripted)" if scripted else ""
        events.append(
            Event(
                "bones",
                rule,
                f"{seat_name(seat)} rolls the Bones for {why}: {roll}{mark}.",
                {"seat": seat, "roll": roll, "why": why, "scripted": scripted},
            )
        )
    return roll


def draw(s: RolledBonesState, seat: int, k: int) -> tuple[list[int], bool]:
    """Take ``k`` dice (or all that are left) out of ``seat``'s bag, in draw order. Returns the
    dice and whether the script chose them."""
    bag = s.bags[seat]
    k = min(k, len(bag))
    queue = _scripted(s, seat, "draws")
    out: list[int] = []
    scripted = False
    while queue and len(out) < k:
        code = queue.pop(0)
        die = next((i for i in bag if s.codes[i] == code and i not in out), None)
        if die is None:
            raise ValueError(f"the script draws {code} for {seat_name(seat)}, but no such die is in the bag")
        out.append(die)
        scripted = True
    if len(out) < k:
        rest = [i for i in bag if i not in out]
        out += s.rng.sample(rest, k - len(out))
    s.bags[seat] = [i for i in bag if i not in out]  # a new list: states may share the old one
    return out, scripted


def roll_face(s: RolledBonesState, i: int) -> tuple[int, bool]:
    """Roll die ``i``: the face that comes up (1-6), and whether the script chose it."""
    queue = _scripted(s, s.owners[i], "faces")
    if queue:
        return queue.pop(0), True
    return s.rng.roll(6), False


def roll_dice(s: RolledBonesState, dice: list[int], rule: str, events: list[Event] | None, why: str) -> None:
    """Roll each of ``dice`` and leave its face up."""
    for i in dice:
        s.w("face")[i], scripted = roll_face(s, i)
        if events is not None:
            t = die_type(s.codes[i])
            f = t.face(s.face[i])
            extra = "".join(f" {sym.replace('_', ' ')}" for sym in sorted(f.symbols))
            power = f" power {f.power}" if f.power else ""
            mark = " (scripted)" if scripted else ""
            shown = f"{f.value:+d}" if t.kind == "magic" else str(f.value)
            events.append(
                Event(
                    "roll",
                    rule,
                    f"{seat_name(s.owners[i])} rolls d{i + 1} {t.name} ({why}): "
                    f"face {s.face[i]}, {shown}{extra}{power}{mark}.",
                    {"die": i, "face": s.face[i], "scripted": scripted},
                )
            )
