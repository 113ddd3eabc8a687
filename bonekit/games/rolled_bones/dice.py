"""Questions about dice in play: their faces, values, stacks, bands, doors and abilities.
Pure reads of a state; nothing here changes it."""

from __future__ import annotations

from .data import POWER_FACE, DieType, Face, die_type
from .state import RolledBonesState

S = RolledBonesState


def kind(s: S, i: int) -> str:
    return die_type(s.codes[i]).kind


def dtype(s: S, i: int) -> DieType:
    return die_type(s.codes[i])


def face(s: S, i: int) -> Face:
    return die_type(s.codes[i]).face(s.face[i])


def power(s: S, i: int) -> str | None:
    """The power die ``i`` shows (its fifth face is up), or None."""
    return face(s, i).power if s.face[i] == POWER_FACE else None


def in_play(s: S, i: int) -> bool:
    return s.area[i] in ("base", "arena")


def riders(s: S, i: int) -> list[int]:
    """The dice sitting or standing directly on die ``i``."""
    on = s.on
    if i not in on:  # most dice carry nothing: a scan in C first
        return []
    return [j for j, below in enumerate(on) if below == i]


def magic_on(s: S, i: int) -> list[int]:
    return [j for j in riders(s, i) if kind(s, j) == "magic"]


def carried(s: S, i: int) -> int:
    """The item creature ``i`` carries, or -1."""
    for j in riders(s, i):
        if kind(s, j) == "item":
            return j
    return -1


def guard(s: S, base_die: int) -> int:
    """The creature or item standing on ``base_die``, or -1."""
    for j in riders(s, base_die):
        if kind(s, j) in ("creature", "item"):
            return j
    return -1


def is_carried(s: S, i: int) -> bool:
    """An item on a creature: it fights with its carrier and does not act alone."""
    return s.on[i] >= 0 and kind(s, i) == "item" and kind(s, s.on[i]) == "creature"


def standing(s: S, i: int) -> bool:
    """A creature or item in play that can act and be attacked on its own."""
    return in_play(s, i) and kind(s, i) in ("creature", "item") and not is_carried(s, i)


def value(s: S, i: int) -> int:
    """Die ``i``'s value: its face value plus every change the dice on it made (its magic, and
    an item with a recurring power; other riders change nothing: their amount is 0)."""
    return face(s, i).value + sum(s.amount[r] for r in riders(s, i))


def recurring_item(s: S, i: int) -> bool:
    return kind(s, i) == "item" and face(s, i).effect == "recurring"


def unit(s: S, i: int) -> tuple[int, ...]:
    """Die ``i`` and the dice banded with it, in die order."""
    b = s.band[i]
    if b < 0:
        return (i,)
    return tuple(j for j, bj in enumerate(s.band) if bj == b)


def leader(s: S, members: tuple[int, ...]) -> int:
    """The die that names a unit in actions: its lowest creature or item (a band may hold a
    base die, which never acts on its own)."""
    return next((j for j in members if standing(s, j)), members[0])


def has_base(s: S, members: tuple[int, ...]) -> bool:
    return any(kind(s, j) == "base" for j in members)


def place(s: S, i: int) -> tuple[str, int]:
    """Where die ``i`` is, as an area: ("arena", -1) or ("base", seat)."""
    if s.area[i] == "base":
        return ("base", s.owners[i])
    return (s.area[i], -1)


def symbols(s: S, dice: tuple[int, ...]) -> frozenset[str]:
    """The symbols a unit has: its members' faces and their carried items' (a band shares
    all its abilities)."""
    out: set[str] = set()
    for i in dice:
        out |= face(s, i).symbols
        item = carried(s, i) if kind(s, i) == "creature" else -1
        if item >= 0:
            out |= face(s, item).symbols
    return frozenset(out)


def powers(s: S, dice: tuple[int, ...]) -> set[str]:
    return {p for i in dice if (p := power(s, i))}


def projectile(s: S, dice: tuple[int, ...]) -> bool:
    return any(dtype(s, i).projectile for i in dice)


def flying(s: S, dice: tuple[int, ...]) -> bool:
    return "flying" in symbols(s, dice)


def doors(s: S, seat: int) -> tuple[int, ...]:
    """The base's front and back doors (one die is both when the base has one die)."""
    base = s.bases[seat]
    if not base:
        return ()
    return (base[0],) if len(base) == 1 else (base[0], base[-1])


def on_door(s: S, i: int) -> bool:
    return s.area[i] == "base" and s.on[i] >= 0 and s.on[i] in doors(s, s.owners[i])


def base_targets(s: S, seat: int, attackers: tuple[int, ...]) -> list[int]:
    """The base dice of ``seat`` that ``attackers`` may attack: the front door, unless a decoy
    shows its power (then the leftmost decoy) or the attackers swoop (then any)."""
    base = s.bases[seat]
    if not base:
        return []
    if "swoop" in powers(s, attackers):
        return list(base)
    decoys = [b for b in base if power(s, b) == "decoy"]
    return [decoys[0]] if decoys else [base[0]]


def allied(s: S, a: int, b: int) -> bool:
    return a != b and (min(a, b), max(a, b)) in s.allies


def commands(s: S, seat: int, i: int) -> bool:
    """Whether ``seat`` may act with die ``i`` (its own, or an ally's creature or item)."""
    return s.owners[i] == seat or allied(s, seat, s.owners[i])


def flash_ready(s: S, i: int) -> bool:
    return "flash" in face(s, i).symbols


def rack_flash(s: S, seat: int) -> list[int]:
    """Rack positions (1 = leftmost) of ``seat``'s dice showing flash."""
    return [k + 1 for k, i in enumerate(s.racks[seat]) if flash_ready(s, i)]


def name(s: S, i: int) -> str:
    """``d7 Archer (3)``: a die as the text board and events name it."""
    t = dtype(s, i)
    if s.area[i] == "bag":
        return f"d{i + 1} {t.name}"
    f = face(s, i)
    if t.kind == "magic":
        return f"d{i + 1} {t.name} ({f.value:+d})"
    return f"d{i + 1} {t.name} ({value(s, i)})"
