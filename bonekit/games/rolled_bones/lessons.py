"""Staged positions and small readers for the Rolled Bones learn-to-play lesson
(notebooks/rolled_bones/01_learn_to_play.ipynb), including one small table per fifth-face power
(``POWER_SCENES``, ``power_scene``), and the arena notebook's count of where each player's dice
are (``place_line``, notebooks/rolled_bones/03_alliances_and_arena.ipynb).

``stage`` sets dice by hand on a real game: each piece is a die of a seat's bag, with the face
it shows and where it is (rack, base, arena, or on another piece). The position is a live
engine state, so every action a lesson plays on it is checked and narrated by the engine.
Battles need exact Bones rolls: ``script`` scripts them as the ``script`` option does, and the
events mark them as scripted. The scenes below are the lesson's positions; their dice keep the
numbers the starter bags give them (P1 has the ``keep`` bag, d1-d20; P2 the ``raid`` bag,
d21-d40), the same as in the rulebook's example:

    P1: d1-d4 Bone Wall, d5-d6 Decoy Gate, d7-d9 Watch Post, d10-d11 Goblin, d12 Archer,
        d13-d14 Skeleton Knight, d15 Bone Golem, d16 Rusty Blade, d17 Bone Shield,
        d18-d19 Contortion, d20 Warp
    P2: d21-d24 Bone Wall, d25-d26 Decoy Gate, d27-d28 Watch Post, d29-d30 Goblin,
        d31-d32 Archer, d33 Skeleton Knight, d34-d35 Bat Swarm, d36 Rusty Blade, d37 Longbow,
        d38 Contortion, d39 Warp, d40 Slow Drain
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.actions import parse_label, seat_name
from ...core.replay import Replay
from ...core.rules import RuleCatalog, RuleSection
from . import scenarios
from .battle import max_magic
from .bots import BuilderBot
from .data import KINDS, components, die_type
from .dice import doors, guard, kind, magic_on, on_door
from .dice import name as die_name
from .state import RolledBonesState, die_label

S = RolledBonesState
Piece = tuple[str, str, int, str]  # (seat "P1", D'Code, face 1-6, where)
PLACES = ("rack", "base", "arena", "yard")  # "yard": in the base, standing on no base die

LESSON_SEED = 35
"""The lesson's table: P1 starts, its first rack holds two base dice (r2 and r5), and after the
refill the Bones roll of 6 brings in a goblin."""

FIRST_TURN = ("P1 build r2", "P1 build r4", "P1 draw", "P1 roll", "P1 enter arena", "P1 next")
"""P1's first turn on the lesson's table: both base dice into the base (the second one has moved
up to r4 once the first left), refill, the Bones roll, the goblin into the arena, next."""

STEPPER_SEED = 49
"""The whole bot game of the lesson: two builder bots, 108 actions; P1 declares its base complete,
loses the claim when P2's magic wears a base die down, declares again and holds."""


# ---- staging ----------------------------------------------------------------------------------------


def stage(
    pieces: Mapping[str, Piece],
    *,
    turn: str = "P1",
    phase: str = "act",
    script: Mapping[str, Mapping[str, Sequence]] | None = None,
    bags: Sequence[Any] = ("keep", "raid"),
    base_size: int = 6,
    round_no: int = 2,
) -> tuple[S, dict[str, str]]:
    """A two-player game with ``pieces`` set by hand, and each piece's die label (``"d10"``).

    ``pieces`` maps a name to ``(seat, D'Code, face, where)``; ``where`` is ``"rack"`` (in rack
    order), ``"base"`` (a base die, joining the row left to right), ``"arena"``, ``"yard"``
    (in the base, on no base die), or the name of an earlier piece: a base die to guard, a
    creature to be carried by (items), or any non-magic die in play (magic). Every other die
    stays in its owner's bag. It is ``turn``'s turn in ``phase``: ``"build"`` (its start),
    ``"arrange"`` (after the refill, before the Bones roll) or ``"act"`` (after the Bones roll:
    dice on a door now may leave the base). ``script`` fixes chance to come, per seat, like the
    game's ``script`` option (``{"P1": {"bones": [4]}}``).

    Built on ``scenarios.empty_table`` and ``scenarios.place``; this adds names, the kit's
    stacking limits (a position the rules could never reach is refused) and the round.
    """
    if phase not in ("build", "arrange", "act"):
        raise ValueError(f"phase must be build, arrange or act, not {phase!r}")
    seat = _seat(turn)
    s = scenarios.empty_table(2, "base", seat=seat, phase=phase, bags=list(bags), base=base_size)
    dice: dict[str, str] = {}
    index: dict[str, int] = {}
    for name, piece in pieces.items():
        index[name] = i = _place(s, name, piece, index)
        dice[name] = die_label(i)
    s.first, s.round = 0, round_no
    s.turns = (round_no - 1) * s.players + seat + 1
    # as the Bones roll marks them: a die on a door at the roll may leave by it this turn
    s.door_at_roll = bytearray(phase == "act" and on_door(s, i) for i in range(len(s.codes)))  # as flags()
    if script:
        scenarios.script(s, **{who: dict(parts) for who, parts in script.items()})
    for p in range(s.players):
        if len(s.bases[p]) >= base_size:
            s.completed[p] = s.turns
    return s, dice


def _seat(who: str) -> int:
    if who not in ("P1", "P2"):
        raise ValueError(f"a staged seat is P1 or P2, not {who!r}")
    return int(who[1]) - 1


def _place(s: S, name: str, piece: Piece, index: Mapping[str, int]) -> int:
    """Check that ``piece`` may stand where it says, then take its die out of its owner's bag
    and put it there (``scenarios.place``)."""
    who, code, face_, where = piece
    seat = _seat(who)
    if code not in components().dice:
        raise ValueError(f"{name}: no kit die {code!r}")
    if type(face_) is not int or not 1 <= face_ <= 6:
        raise ValueError(f"{name}: a face is 1 to 6, not {face_!r}")
    die = next((i for i in s.bags[seat] if s.codes[i] == code), None)
    if die is None:
        raise ValueError(f"{name}: {who}'s bag has no {code} left")
    k = die_type(code).kind
    below = index.get(where, -1)
    if where not in PLACES and below < 0:
        raise ValueError(f"{name}: where is one of {', '.join(PLACES)} or an earlier piece, not {where!r}")
    if k == "base" and where not in ("rack", "base"):
        raise ValueError(f"{name}: a base die is in the rack or the base")
    if k != "base" and where == "base":
        raise ValueError(f"{name}: only base dice join the base row; use 'yard' or a base die's name")
    if k == "magic" and where in ("arena", "yard"):
        raise ValueError(f"{name}: a magic die in play sits on another die")
    if below >= 0:
        _check_on(s, name, die, k, seat, below)
    if where == "rack" and len(s.racks[seat]) >= components().rack_size:
        raise ValueError(f"{name}: {who}'s rack is full")
    spot = below if below >= 0 else "base" if where == "yard" else where
    return scenarios.place(s, seat, code, face_, spot)


def _check_on(s: S, name: str, die: int, k: str, seat: int, below: int) -> None:
    """Whether die ``die`` (of kind ``k``, owned by ``seat``) may sit on ``below`` (kit stacking)."""
    under = kind(s, below)
    if s.area[below] not in ("base", "arena"):
        raise ValueError(f"{name}: it can only sit on a die in play")
    if k == "magic":
        if under == "magic" or len(magic_on(s, below)) >= max_magic():
            raise ValueError(f"{name}: magic sits on a non-magic die with under {max_magic()} magic dice")
        return
    if k == "base":
        raise ValueError(f"{name}: base dice never sit on other dice")
    if s.owners[below] != seat:
        raise ValueError(f"{name}: a die stands only on its owner's dice")
    if under == "base":
        if guard(s, below) >= 0:
            raise ValueError(f"{name}: that base die already has a guard")
    elif under == "creature" and k == "item":
        if any(kind(s, j) == "item" and s.on[j] == below for j in range(len(s.codes))):
            raise ValueError(f"{name}: that creature already carries an item")
    else:
        raise ValueError(f"{name}: a creature or item stands on a base die; an item may ride a creature")


# ---- the lesson's scenes -------------------------------------------------------------------------


def _bases(p1: Sequence[tuple[str, int]], p2: Sequence[tuple[str, int]]) -> dict[str, Piece]:
    """Base rows for both players: ``(D'Code, face)`` pairs, named ``p1_base1``... left to right."""
    out: dict[str, Piece] = {}
    for who, row in (("P1", p1), ("P2", p2)):
        for k, (code, face_) in enumerate(row, 1):
            out[f"{who.lower()}_base{k}"] = (who, code, face_, "base")
    return out


Rolls = int | Sequence[int]


def face_off(attacker: tuple[str, int], defender: tuple[str, int], rolls: tuple[Rolls, Rolls]) -> S:
    """P1's creature ``attacker`` (D'Code, face) and P2's ``defender`` face each other in the
    arena, P1 to act; the coming Bones rolls are scripted: P1 rolls ``rolls[0]``, P2 ``rolls[1]``
    (a number, or several in order: a shot's hit roll, then its damage roll).

    The attacker is P1's first die of its kind (Goblin d10, Archer d12, Skeleton Knight d13,
    Bone Golem d15), the defender P2's (Goblin d29, Archer d31, Skeleton Knight d33, Bat Swarm d34).
    """
    pieces = _bases([("B0001", 3), ("B0003", 3)], [("B0001", 4), ("B0003", 2)])
    pieces["attacker"] = ("P1", attacker[0], attacker[1], "arena")
    pieces["defender"] = ("P2", defender[0], defender[1], "arena")
    p1, p2 = ([r] if isinstance(r, int) else list(r) for r in rolls)
    s, _ = stage(pieces, script={"P1": {"bones": p1}, "P2": {"bones": p2}})
    return s


DUEL = (("C0001", 3), ("C0003", 2))
"""The first duel: P1's Goblin d10 showing 4 against P2's Skeleton Knight d33 showing 3."""


def doors_scene() -> S:
    """Doors and interception, P1 to act after its Bones roll.

    P1's base is d1 (front door), d7, d2 (back door); the Skeleton Knight d13 stands on the back
    door (so it was there at the roll), the Bone Golem d15 on d7 in the middle, and the Goblin
    d10 waits in the arena. P2's base is d21 (front door, guarded by the Archer d31), d27, d25.
    Scripted: P1 rolls 3, P2 rolls 5 for the goblin's attack.
    """
    pieces = _bases([("B0001", 3), ("B0003", 3), ("B0001", 4)], [("B0001", 3), ("B0003", 3), ("B0002", 3)])
    pieces |= {
        "knight": ("P1", "C0003", 2, "p1_base3"),
        "golem": ("P1", "C0005", 2, "p1_base2"),
        "goblin": ("P1", "C0001", 3, "arena"),
        "archer": ("P2", "C0002", 3, "p2_base1"),
    }
    s, _ = stage(pieces, script={"P1": {"bones": [3]}, "P2": {"bones": [5]}})
    return s


def flyer_scene() -> S:
    """Flying: P2's Bat Swarm d34 stands on d27, in the middle of P2's base (no door), P2 to act."""
    pieces = _bases([("B0001", 3), ("B0003", 3)], [("B0001", 3), ("B0003", 3), ("B0002", 3)])
    pieces["bats"] = ("P2", "C0004", 4, "p2_base2")
    pieces["goblin"] = ("P1", "C0001", 3, "arena")
    s, _ = stage(pieces, turn="P2")
    return s


def spill_scene() -> S:
    """A base die falls: P1's Goblin d10 (4) in the arena, P2's base d21 (front door, value 2,
    guarded by the Archer d31), d27, d25, d22. Scripted: P1 rolls 4 and P2 rolls 2, so an
    attack on the front door wins 8 to 4."""
    pieces = _bases([("B0001", 3), ("B0003", 3)],
                    [("B0001", 1), ("B0003", 3), ("B0002", 2), ("B0001", 6)])
    pieces["goblin"] = ("P1", "C0001", 3, "arena")
    pieces["archer"] = ("P2", "C0002", 3, "p2_base1")
    s, _ = stage(pieces, script={"P1": {"bones": [4]}, "P2": {"bones": [2]}})
    return s


def magic_scene() -> S:
    """Magic, P1 about to roll the Bones: P1's Goblin d10 (face 2) stands in the arena with P2's
    Slow Drain d40 (-1, recurring) on it, so it shows 1. P1's rack: r1 Skeleton Knight d13,
    r2 Contortion d18 (+2), r3 Bone Shield d17. Scripted: P1's Bones roll is a 2."""
    pieces = _bases([("B0001", 3), ("B0003", 3)], [("B0001", 4), ("B0003", 2)])
    pieces |= {
        "goblin": ("P1", "C0001", 1, "arena"),
        "drain": ("P2", "M0003", 1, "goblin"),
        "knight": ("P1", "C0003", 2, "rack"),
        "contortion": ("P1", "M0001", 3, "rack"),
        "shield": ("P1", "I0002", 4, "rack"),
        "archer": ("P2", "C0002", 3, "arena"),
    }
    s, _ = stage(pieces, phase="arrange", script={"P1": {"bones": [2]}})
    return s


def items_scene() -> S:
    """Weapons and armour, P2 to act: P2's Skeleton Knight d33 shows its power face (4, charge)
    and carries its suited Rusty Blade d36 (2); it stands on P2's front door d21. P1's Goblin d10
    shows its power face (3, frenzy) and carries its suited Bone Shield d17 (3), in the arena.
    Scripted: P2 rolls 4 and 3 (the suited weapon's extra roll), P1 rolls 2 and 3 (the suited
    armour's extra roll)."""
    pieces = _bases([("B0001", 3), ("B0003", 3)], [("B0001", 4), ("B0003", 2)])
    pieces |= {
        "knight": ("P2", "C0003", 5, "p2_base1"),
        "blade": ("P2", "I0001", 3, "knight"),
        "goblin": ("P1", "C0001", 5, "arena"),
        "shield": ("P1", "I0002", 4, "goblin"),
    }
    s, _ = stage(pieces, turn="P2", script={"P2": {"bones": [4, 3]}, "P1": {"bones": [2, 3]}})
    return s


def band_scene() -> S:
    """Banding, P1 to act: P1's Goblin d10 (3, banding) and Bone Golem d15 (4, banding) in the
    arena; P2's Skeleton Knight d33 (6, banding) too. Scripted: P1 rolls 3, P2 rolls 2."""
    pieces = _bases([("B0001", 3), ("B0003", 3)], [("B0001", 4), ("B0003", 2)])
    pieces |= {
        "goblin": ("P1", "C0001", 2, "arena"),
        "golem": ("P1", "C0005", 3, "arena"),
        "knight": ("P2", "C0003", 6, "arena"),
    }
    s, _ = stage(pieces, script={"P1": {"bones": [3]}, "P2": {"bones": [2]}})
    return s


def flash_scene() -> S:
    """Flash dice, P1 to act after its Bones roll: P1's rack holds the Archer d12 on its flash
    face (2) at r1 and the Bone Wall d1 on its flash face (3) at r2; P1's Skeleton Knight d13 (5)
    is in the arena. P2's Goblin d29 (4) is in the arena and P2's rack holds the Bat Swarm d34 on
    its flash face (2, flying) at r1. Scripted: P1 rolls 4, P2 rolls 2."""
    pieces = _bases([("B0003", 3), ("B0003", 3)], [("B0001", 4), ("B0003", 2)])
    pieces |= {
        "archer": ("P1", "C0002", 1, "rack"),
        "wall": ("P1", "B0001", 2, "rack"),
        "knight": ("P1", "C0003", 4, "arena"),
        "goblin": ("P2", "C0001", 3, "arena"),
        "bats": ("P2", "C0004", 3, "rack"),
    }
    s, _ = stage(pieces, script={"P1": {"bones": [4]}, "P2": {"bones": [2]}})
    return s


WIN_PLAY = ("P1 build r1", "P1 declare", "P1 draw", "P1 roll", "P1 enter arena", "P1 next",
            "P2 draw", "P2 roll", "P2 enter arena")
"""The claim: P1 completes the base, declares, plays on; P2's turn follows (then "P2 next", or
first an attack on P1's front door)."""


def win_scene() -> S:
    """The last base die, P1 at the start of its turn: P1's base holds five (d1 front door, d7,
    d5, d2, d8); the rack r1 Bone Wall d3, r2 Goblin d10 (4), then Skeleton Knight d13, Bone
    Golem d15, Contortion d18 and Archer d12. P2's base has two, its Skeleton Knight d33 (5,
    first strike) waits in the arena and its rack holds the Goblin d29 (4) first. Scripted: the
    refills (P1 draws the Skeleton Knight d14, P2 the Bone Wall d23), both Bones rolls pick rack
    place 1, and if P2's knight attacks P1's front door, P2 rolls 6 and P1 rolls 1."""
    pieces = _bases([("B0001", 3), ("B0003", 3), ("B0002", 4), ("B0001", 4), ("B0003", 2)],
                    [("B0001", 4), ("B0003", 2)])
    pieces |= {
        "wall": ("P1", "B0001", 3, "rack"),
        "goblin": ("P1", "C0001", 3, "rack"),
        "p1_knight": ("P1", "C0003", 2, "rack"),
        "golem": ("P1", "C0005", 2, "rack"),
        "contortion": ("P1", "M0001", 4, "rack"),
        "archer": ("P1", "C0002", 3, "rack"),
        "knight": ("P2", "C0003", 4, "arena"),
        "p2_goblin": ("P2", "C0001", 3, "rack"),
        "p2_wall": ("P2", "B0001", 3, "rack"),
        "p2_goblin2": ("P2", "C0001", 2, "rack"),
        "p2_archer": ("P2", "C0002", 3, "rack"),
        "longbow": ("P2", "I0003", 3, "rack"),
    }
    script = {"P1": {"bones": [1, 1], "draws": ["C0003"], "faces": [3]},
              "P2": {"bones": [1, 6], "draws": ["B0001"], "faces": [4]}}
    s, _ = stage(pieces, phase="build", script=script)
    return s


# ---- powers: the fifth face ---------------------------------------------------------------------


@dataclass(frozen=True)
class PowerScene:
    """A small staged table that shows one fifth-face power at work.

    ``pieces`` and ``script`` are as ``stage`` takes them, for ``turn`` to act after its Bones
    roll; ``die`` names the piece whose face 5 shows the power, and ``plain`` is a face of that
    die with the same value but no power, so the same table can be staged without it."""

    about: str
    turn: str
    pieces: Mapping[str, Piece]
    die: str
    plain: int
    script: Mapping[str, Mapping[str, Sequence[int]]] = field(default_factory=dict)


_P1_ROW = (("B0001", 3), ("B0003", 3))  # d1 Bone Wall (4), d7 Watch Post (3)
_P2_ROW = (("B0001", 4), ("B0003", 2))  # d21 Bone Wall (4), d27 Watch Post (2)


def _scene(p1_row: Sequence[tuple[str, int]] = _P1_ROW, p2_row: Sequence[tuple[str, int]] = _P2_ROW,
           **others: Piece) -> dict[str, Piece]:
    return _bases(p1_row, p2_row) | others


POWER_SCENES: dict[str, PowerScene] = {
    "thick": PowerScene(
        "P1's Goblin d10 (4) attacks P2's base, whose front door is the Bone Wall d21 on its power "
        "face (4, thick). Scripted: P1 rolls 4, P2 rolls 3.",
        "P1", _scene(p2_row=[("B0001", 5), ("B0003", 3)], goblin=("P1", "C0001", 3, "arena")),
        "p2_base1", 3, {"P1": {"bones": [4]}, "P2": {"bones": [3]}}),
    "decoy": PowerScene(
        "P2's base is the Bone Wall d21 (front door), the Decoy Gate d25 on its power face (3, "
        "decoy) and the Watch Post d27; P1's Goblin d10 (4) stands in the arena.",
        "P1", _scene(p2_row=[("B0001", 3), ("B0002", 5), ("B0003", 3)], goblin=("P1", "C0001", 3, "arena")),
        "p2_base2", 3),
    "lookout": PowerScene(
        "P2's front door is the Watch Post d27 on its power face (4, lookout), guarded by P2's "
        "Goblin d29 (4); P1's Goblin d10 (4) attacks the base. Scripted: both roll 3.",
        "P1", _scene(p2_row=[("B0003", 5), ("B0001", 3)], guard=("P2", "C0001", 3, "p2_base1"),
                     goblin=("P1", "C0001", 3, "arena")),
        "p2_base1", 4, {"P1": {"bones": [3]}, "P2": {"bones": [3]}}),
    "frenzy": PowerScene(
        "P1's Goblin d10 on its power face (3, frenzy) attacks P2's Goblin d29 (4) in the arena. "
        "Scripted: both roll 3.",
        "P1", _scene(goblin=("P1", "C0001", 5, "arena"), enemy=("P2", "C0001", 3, "arena")),
        "goblin", 2, {"P1": {"bones": [3]}, "P2": {"bones": [3]}}),
    "volley": PowerScene(
        "P1's Archer d12 on its power face (3, volley) shoots at P2's Goblin d29 (4). Scripted: "
        "P1's two hit rolls are 2 and 5, P2's is 4; then damage rolls 5 for P1 and 2 for P2.",
        "P1", _scene(archer=("P1", "C0002", 5, "arena"), enemy=("P2", "C0001", 3, "arena")),
        "archer", 2, {"P1": {"bones": [2, 5, 5]}, "P2": {"bones": [4, 2]}}),
    "swoop": PowerScene(
        "P2's turn: P2's Bat Swarm d34 on its power face (2, swoop) and P2's Goblin d29 (4) stand "
        "in the arena; P1's base is d1 (front door), d7 and d2.",
        "P2", _scene(p1_row=[("B0001", 3), ("B0003", 3), ("B0001", 4)],
                     bats=("P2", "C0004", 5, "arena"), goblin=("P2", "C0001", 3, "arena")),
        "bats", 2),
    "unyielding": PowerScene(
        "P1's Bone Golem d15 on its power face (5, unyielding) attacks P2's Skeleton Knight d33 "
        "showing 5 with first strike. Scripted: both roll 3, a tie.",
        "P1", _scene(golem=("P1", "C0005", 5, "arena"), knight=("P2", "C0003", 4, "arena")),
        "golem", 4, {"P1": {"bones": [3]}, "P2": {"bones": [3]}}),
}
"""One staged table per power the notebook demonstrates (charge is shown by ``items_scene``)."""

POWER_SHOWN_BY = {"charge": "items_scene"}
"""Powers demonstrated by another scene of the lesson rather than one of ``POWER_SCENES``."""


def power_scene(power_name: str, power_up: bool = True) -> S:
    """The staged table of ``POWER_SCENES[power_name]``; with ``power_up=False`` the power's die
    shows its plain face of the same value instead, so the power is the only difference."""
    scene = POWER_SCENES[power_name]
    pieces = dict(scene.pieces)
    if not power_up:
        who, code, _, where = pieces[scene.die]
        pieces[scene.die] = (who, code, scene.plain, where)
    s, _ = stage(pieces, turn=scene.turn,
                 script={who: {k: list(v) for k, v in parts.items()} for who, parts in scene.script.items()})
    return s


def attack_targets(game: Any, s: S, die: str) -> list[str]:
    """The dice that die ``die`` (a label such as ``"d10"``) may attack or shoot at now, as labels."""
    seat = game.to_move(s)[0]
    out: list[str] = []
    for a in game.legal_actions(s, seat):
        if a.verb in ("attack", "shoot") and a.args[0] == die and a.args[1] not in out:
            out.append(a.args[1])
    return out


# ---- readers for exercises and prose -------------------------------------------------------------------


def or_words(items: Sequence[str]) -> str:
    """``a, b or c``: a list said as a sentence ends (``nothing`` when empty)."""
    items = list(items)
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def options_line(game: Any, s: S, seat: int, verbs: Sequence[str] = (), die: str | None = None) -> str:
    """``P2 intercept or P2 hold``: the labels ``seat`` may play now (only ``verbs``, if given;
    only those of die ``die``, a label such as ``"d33"``, if given)."""
    return or_words([a.label for a in game.legal_actions(s, seat)
                     if (not verbs or a.verb in verbs) and (die is None or a.args[:1] == (die,))])


def dice_line(s: S, labels: Sequence[str]) -> str:
    """``d1 Bone Wall (2), d7 Watch Post (2) or d10 Goblin (3)``: dice labels, with names and values."""
    return or_words([die_name(s, int(label[1:]) - 1) for label in labels])


def outcome_line(game: Any, s: S) -> str:
    """The game's result in words: the outcome's summary, or ``no winner yet``."""
    outcome = game.outcome(s)
    return "no winner yet" if outcome is None else outcome.summary


def tally_line(replay: Replay) -> str:
    """``build 11, draw 15, ...``: ``tally`` in words, the commonest verbs first."""
    counts = tally(replay)
    return ", ".join(f"{verb} {n}" for verb, n in sorted(counts.items(), key=lambda kv: -kv[1]))



def comes_in(s: S, roll: int) -> str:
    """The name of the die a Bones roll of ``roll`` brings into play from the turn player's rack
    (the rack place counted from the left)."""
    rack = s.racks[s.turn_seat]
    if not 1 <= roll <= len(rack):
        raise ValueError(f"the rack has places 1 to {len(rack)}")
    return die_type(s.codes[rack[roll - 1]]).name


def duel_result(game: Any, s: S, label: str) -> str:
    """What the attack ``label`` does on ``s``: "attacker wins", "defender wins", "both fall" or
    "no one falls" (read from the engine's defeat events)."""
    act = parse_label(label)
    attacker = int(act.args[0][1:]) - 1
    owner = s.owners[attacker]
    after, events = game.apply(s, label)
    while after.queue and after.battle is not None:  # the defender holds and passes
        answer = next(a for a in game.legal_actions(after, after.queue[0][1]) if a.verb in ("hold", "pass"))
        after, more = game.apply(after, answer)
        events += more
    fallen = {s.owners[i] for e in events if e.kind == "defeated" for i in e.data["dice"]}
    if fallen == {owner, 1 - owner}:
        return "both fall"
    if not fallen:
        return "no one falls"
    return "defender wins" if owner in fallen else "attacker wins"


def front_door(s: S, seat: int) -> str:
    """The label of ``seat``'s front door (the first die of the base row)."""
    d = doors(s, seat)
    return die_label(d[0]) if d else ""


def door_words(s: S, seat: int) -> str:
    """``front door d25 Decoy Gate (2), back door d22 Bone Wall (6)`` for ``seat``'s base."""
    d = doors(s, seat)
    if not d:
        return "no base yet"
    return f"front door {die_name(s, d[0])}, back door {die_name(s, d[-1])}"


AREAS = ("rack", "arena", "base", "bag")


def place_counts(s: S, seat: int) -> dict[str, int]:
    """How many of ``seat``'s dice are in each area (``AREAS``), the Bones die not counted."""
    counts = dict.fromkeys(AREAS, 0)
    for i, owner in enumerate(s.owners):
        if owner == seat:
            counts[s.area[i]] += 1
    return counts


def place_line(s: S, seat: int) -> str:
    """``P1's 6 dice: 5 in the rack, 1 in the arena, 0 in the base, 0 in the bag``."""
    counts = place_counts(s, seat)
    where = ", ".join(f"{n} in the {area}" for area, n in counts.items())
    return f"{seat_name(seat)}'s {sum(counts.values())} dice: {where}"


EXERCISE_ROLL = 4
"""Exercise 1: which die does a Bones roll of 4 bring in, on the lesson table after P1's refill?"""

EXERCISE_DUEL = (("C0001", 6), ("C0003", 4), (3, 3))
"""Exercise 2: P1's Goblin d10 showing 5 with first strike attacks P2's Skeleton Knight d33
showing 5 with first strike; both roll 3."""

EXERCISE_SWAPS = ("P2 spill base", "P2 swap d27 d22", "P2 done")
"""Exercise 3: after the goblin destroys d21 in ``spill_scene``, P2 keeps the archer in the base
and swaps d22 with d27."""


def exercise_duel() -> S:
    attacker, defender, rolls = EXERCISE_DUEL
    return face_off(attacker, defender, rolls)


# ---- the kit's data and rulings, as text -------------------------------------------------------------

SYMBOL_WORDS = {"flash": "flash", "band": "banding", "first_strike": "first strike", "flying": "flying"}


def face_words(code: str) -> list[str]:
    """The six faces of die ``code`` in words: ``4 first strike``, ``3 ★frenzy``, ``+1``."""
    t = die_type(code)
    out = []
    for f in t.faces:
        text = f"{f.value:+d}" if t.kind == "magic" else str(f.value)
        text += "".join(f" {SYMBOL_WORDS[sym]}" for sym in ("flash", "band", "first_strike", "flying")
                        if sym in f.symbols)
        if f.power:
            text += f" ★{f.power}"
        out.append(text)
    return out


def dice_table() -> str:
    """The kit's dice set as a text table: D'Code-name, kind, the six faces, and notes (power,
    projectile, suited creature, recurring)."""
    c = components()
    lines = [f"{'die':24} {'kind':9} faces 1-6"]
    for kind_ in KINDS:
        for code, t in c.dice.items():
            if t.kind != kind_:
                continue
            notes = []
            power = next((f.power for f in t.faces if f.power), None)
            if power:
                notes.append(f"power {power}: {c.powers[power]['text']}")
            if t.projectile:
                notes.append("projectile weapon")
            if t.item:
                notes.append(f"{t.item} suited to {die_type(t.suits).title}" if t.suits else t.item)
            if any(f.effect == "drain" for f in t.faces):
                notes.append("recurring")
            lines.append(f"{t.title:24} {t.kind:9} " + " · ".join(face_words(code)))
            lines += [f"{'':34}{note}" for note in notes]
    return "\n".join(lines)


def bags_table() -> str:
    """The bag rules and the two starter bags, as text."""
    c = components()
    rules = c.bag_rules
    lines = [
        f"a bag needs: at least base size + {rules['min_base_over_size']} base dice, "
        f"at least {rules['min_creatures']} creatures, "
        f"{rules['min_dice']} to {rules['max_dice']} dice in all; "
        f"at most {rules['max_magic_per_die']} magic dice on one die"
    ]
    for name, bag in c.starter_bags.items():
        text = c.raw["starter_bags"][name]["text"]
        lines.append(f"starter bag {name!r} ({sum(bag.values())} dice, {text}):")
        lines.append("  " + ", ".join(f"{n}× {die_type(code).name}" for code, n in bag.items()))
    return "\n".join(lines)


def data_sources() -> list[tuple[str, str]]:
    """(what, where it comes from) for the kit's component data: ``kit: <reason>`` or ``rulebook``."""
    raw = components().raw
    out = []
    for d in raw["dice"]:
        out.append((f"{d['code']}-{d['name']}", f"{d['source']}: {d['why']}"))
    for key in ("bag_rules", "arena_dice"):
        out.append((key, f"{raw[key]['source']}: {raw[key]['why']}"))
    sym = raw["symbols"]["flying"]
    out.append(("flying", f"{sym['source']}: {sym['why']}"))
    return out


def rulings(catalog: RuleCatalog) -> list[RuleSection]:
    """The catalog's kit rulings: the sections where the kit decided what the rulebook leaves open."""
    return [s for s in catalog if "Kit ruling" in s.text or s.id.startswith("rolled_bones.ruling.")]


# ---- the whole bot game ------------------------------------------------------------------------------------


def bot_replay(seed: int = STEPPER_SEED) -> Replay:
    """A whole game of two builder bots (seeded as a Table seeds them) as a Replay."""
    from ...core.registry import load

    game = load("rolled_bones")
    state = game.new(2, seed=seed)
    bots = {p: BuilderBot(seed * 100 + p) for p in range(2)}
    labels = []
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        action = bots[seat].choose(game, state, seat)
        state, _ = game.apply(state, action)
        labels.append(action.label)
    return Replay("rolled_bones", 2, seed=seed, actions=labels)


def tally(replay: Replay) -> dict[str, int]:
    """How often each verb was played in ``replay``."""
    out: dict[str, int] = {}
    for label in replay.actions:
        verb = label.split()[1]
        out[verb] = out.get(verb, 0) + 1
    return out


__all__ = [
    "AREAS",
    "DUEL",
    "EXERCISE_DUEL",
    "EXERCISE_ROLL",
    "EXERCISE_SWAPS",
    "FIRST_TURN",
    "LESSON_SEED",
    "POWER_SCENES",
    "POWER_SHOWN_BY",
    "STEPPER_SEED",
    "WIN_PLAY",
    "PowerScene",
    "attack_targets",
    "bags_table",
    "band_scene",
    "bot_replay",
    "comes_in",
    "data_sources",
    "dice_table",
    "door_words",
    "doors_scene",
    "duel_result",
    "exercise_duel",
    "face_off",
    "face_words",
    "flash_scene",
    "flyer_scene",
    "front_door",
    "items_scene",
    "magic_scene",
    "place_counts",
    "place_line",
    "power_scene",
    "rulings",
    "spill_scene",
    "stage",
    "tally",
    "win_scene",
    "dice_line",
    "options_line",
    "or_words",
    "outcome_line",
    "tally_line",
]
