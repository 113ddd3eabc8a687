"""The deterministic text board of Bad Bones (also the widgets' accessible alternative)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.actions import seat_name
from ...core.words import plural
from . import talk
from .board import COLS, NEW_TRAP_KINDS, SIZE, square
from .coop_market import text_lines as team_market_lines
from .market import text_lines as market_lines
from .state import BadBonesState, Trap

if TYPE_CHECKING:
    from .game import BadBones

ARROW = {"n": "^", "e": ">", "s": "v", "w": "<"}
TRAP = {"wall": "W", "catapult": "C", "dragon": "D", "treasure": "$",
        "barricade": "B", "bomb": "X", "hearse": "+", "labyrinth": "L", "portal": "P", "spring": "S"}
NEW_KEY = ("B barricade, X bomb (x: its blast area), + hearse, L labyrinth (Lw white, Lb black), "
           "P portal, S spring.")
"""The key's second line, shown only when an advanced trap is in play (basic boards read as before)."""
CHIEF = {"artificer": "A", "necromancer": "N", "nice": "K", "instructor": "I", "spectral": "G",
         "saboteur": "S", "emperor": "E"}
"""A chief's letter on the text board (K: the kind one; G: the ghost)."""
CHIEF_KEY = ("chiefs in brackets: A artificer, N necromancer, K nice chief, I instructor, G spectral, "
             "S saboteur, E emperor.")


def _cell(game: BadBones, s: BadBonesState, seat: int, r: int, c: int) -> str:
    b = s.boards[seat]
    sq = square(r, c)
    here = [k for k in b.skeletons.values() if (k.r, k.c) == (r, c)]
    parts = []
    if s.capital_size:   # the co-op side: one-floor towers, and the ruins of fallen ones
        if sq in b.towers:
            parts.append("T")
        elif sq in game.data.coop_towers:
            parts.append("t")
    elif sq == game.data.tower:
        parts.append(f"T{b.floors}")
    if b.hero == sq:
        parts.append("H")
    trap = b.traps.get(sq)
    if trap:
        turn = trap.orientation or ""
        mark = TRAP[trap.kind] + (turn[0] if trap.kind == "labyrinth" and turn else turn)
        parts.append(mark.lower() if trap.damaged else mark)
    if here:
        counts = Counter(ARROW[k.facing] for k in here)
        parts.append("".join(f"{n if n > 1 else ''}{a}" for a, n in sorted(counts.items())))
        chiefs = "".join(sorted(CHIEF[c.kind] for k in here if (c := game.data.chief(k.id))))
        if chiefs:
            parts.append(f"[{chiefs}]")
    return ("".join(parts) or ".").center(6)


def board_text(game: BadBones, s: BadBonesState, seat: int) -> list[str]:
    b = s.boards[seat]

    def forest(r: int, c: int) -> str:
        n = sum(1 for k in b.skeletons.values() if (k.r, k.c) == (r, c))
        return (str(n) if n else "").center(6)
    lines = (["       " + " " * 6 * SIZE + "   (beyond the top edge: the capital)"] if s.capital_size
             else ["       " + "".join(forest(-1, c) for c in range(SIZE)) + "   (top forest)"])
    lines.append("       " + "".join(f"  {COLS[c]}   " for c in range(SIZE)))
    for r in range(SIZE):
        row = "".join(_cell(game, s, seat, r, c) for c in range(SIZE))
        lines.append(f"{forest(r, -1)} {r + 1}{row}{forest(r, SIZE)}")
    if s.capital_size:
        lines.append("       " + "".join(forest(SIZE, c) for c in range(SIZE)) + "   (bottom forest)")
    else:
        lines.append(f"        village: {plural(b.houses, 'house')}")
    return lines


def render_text(game: BadBones, s: BadBonesState) -> str:
    who = "all-seeing view" if s.viewer is None else f"view of {seat_name(s.viewer)}"
    seed = f" · seed {s.seed}" if s.viewer is None else ""
    heroic = ", heroic" if s.options["heroic"] else ""
    heroic += ", advanced" if s.options.get("advanced") else ""
    chiefs = ", with the chiefs" if s.options.get("chiefs") else ""
    mode = s.variant + (f" ({plural(s.options['rounds'], 'round')}{heroic})" if s.variant == "solo" else "")
    lines = [f"Bad Bones · {mode}{chiefs} · {plural(s.players, 'player')}{seed} · {who}",
             f"Round {s.round} · phase {s.phase} · tracking token {s.token} · bag {len(s.bag)}"]
    lines += team_market_lines(s) if s.capital_size else market_lines(s)
    if s.capital_size:
        lines.append(f"Capital: {plural(s.capital, 'house')} of {s.capital_size} · the team's supply: "
                     f"{', '.join(s.shared) or 'empty'}"
                     + (f" · taken back this round: {', '.join(s.held)}" if s.held else ""))
    for seat in range(s.players):
        b = s.boards[seat]
        name = s.names[seat] if s.names[seat] != seat_name(seat) else ""
        traps = ", ".join(_trap_words(t) + f" on {sq}" for sq, t in sorted(b.traps.items())) or "none"
        unmoved = sum(1 for k in b.skeletons.values() if k.side != s.token) if s.phase == "move" else 0
        lines.append("")
        if s.capital_size:
            lines.append(f"{seat_name(seat)} {name}".rstrip() + f" · towers {', '.join(b.towers) or 'none'} "
                         f"({len(b.towers)} of {b.tower_size}) · hero {b.hero or 'not placed yet'}")
            lines.append(f"  on board: {traps}")
            heard = talk.heard(s, seat)
            if heard:
                lines.append("  suggested: " + "; ".join(f"by {seat_name(by)}, {talk.words(s, a)}"
                                                       for by, a in heard))
        else:
            lines.append(f"{seat_name(seat)} {name}".rstrip() + f" · tower {plural(b.floors, 'floor')} · "
                         f"village {plural(b.houses, 'house')} · hero {b.hero} · score {game.score(s, seat)}"
                         + (" · ELIMINATED" if s.eliminated[seat] else ""))
            lines.append(f"  supply: {', '.join(b.supply) or 'empty'} · on board: {traps}")
        lines.append(f"  cemetery: {len(b.cemetery)} · skeletons: {len(b.skeletons)}"
                     + (f" ({unmoved} still to move)" if unmoved else "")
                     + (f" · owes: {_owed(s.pending[seat][0])}" if s.pending[seat] else ""))
        if s.options.get("chiefs"):
            lines.append(f"  chiefs: {_chief_words(game, b)}")
        lines.extend("  " + line for line in board_text(game, s, seat))
    out = game.outcome(s)
    lines.append("")
    if out:
        lines.append(f"Game over ({out.result}): {out.summary}")
    else:
        lines.append("Waiting for: " + ", ".join(seat_name(x) for x in game.to_move(s)))
    tower_key = "T tower, t its ruins" if s.capital_size else "T tower floors"
    lines.append(f"Key: {tower_key}, H hero, W wall, C catapult, D dragon, $ treasure "
                 "(lower case: damaged),"
                 " ^>v< skeletons by facing (with counts); forest numbers are skeletons waiting there.")
    if s.options.get("chiefs"):
        lines.append("     " + CHIEF_KEY)
    if any(t.kind in NEW_TRAP_KINDS for b in s.boards for t in b.traps.values()) \
            or any(k in NEW_TRAP_KINDS for b in s.boards for k in b.supply):
        lines.append("     " + NEW_KEY)
    return "\n".join(lines)


def _chief_words(game: BadBones, b) -> str:
    """The chiefs on a board, where they stand and whom they lead: "instructor-1 on b2 (leads 2)"."""
    out = []
    for sid in sorted(b.skeletons):
        c = game.data.chief(sid)
        if c is not None:
            k = b.skeletons[sid]
            lead = f" (leads {len(b.units[sid])})" if sid in b.units else ""
            out.append(f"{c.name} on {square(k.r, k.c)}{lead}")
    if b.hero is None:
        out.append("the hero fell with the emperor")
    return ", ".join(out) or "none on the board"


def _trap_words(t: Trap) -> str:
    """A trap on the board in words: "wall / (damaged)", "labyrinth white", "blast area"."""
    if t.blast:
        return "blast area"
    return f"{t.kind}{' ' + t.orientation if t.orientation else ''}{' (damaged)' if t.damaged else ''}"


def _owed(choice) -> str:
    """The choice a seat owes, in words: a send or repel for a skeleton, or a weapon's step."""
    if choice.kind == "weapon":
        return f"the {choice.weapon.replace('_', ' ')}'s {choice.step}" + (
            f" ({choice.square})" if choice.square else "")
    return f"{choice.kind} for the skeleton at {choice.square}"
