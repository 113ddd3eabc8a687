"""The deterministic text board of Bone to Pick (also the widgets' accessible alternative)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import seat_name
from .state import HIDDEN, BoneToPickState

if TYPE_CHECKING:
    from .game import BoneToPick


def _cards(values: list[int]) -> str:
    if not values:
        return "-"
    if all(v == HIDDEN for v in values):
        return f"{len(values)} cards (hidden)"
    return " ".join(str(v) for v in values)


def render_text(game: "BoneToPick", s: BoneToPickState) -> str:
    undead = game.data.undead
    who = "all-seeing view" if s.viewer is None else f"view of {seat_name(s.viewer)}"
    seed = f" · seed {s.seed}" if s.viewer is None else ""
    lines = [f"Bone to Pick · {s.variant} game · {s.players} players{seed} · {who}"]
    dmg = game.damage(s)
    row = ", ".join(f"{undead[u].name} {undead[u].damage}" for u in s.damage_row) or "none"
    lines.append(f"Turn {s.turn} of {s.turns} · Haven {s.hit_points - dmg} of {s.hit_points} "
                 f"hit points left · damage row: {row}")
    if s.current is not None:
        u = undead[s.current]
        lines.append(f"Undead: {u.name} [{u.id}, {u.level}] · power {u.power_for(s.players)} · "
                     f"damage {u.damage} · trophy {u.trophy}")
    deck = " ".join(s.deck) if s.viewer is None else f"{len(s.deck)} face down"
    lines.append(f"Deck: {deck or 'empty'} · beaten without a taker: {len(s.unclaimed)}")
    for seat in range(s.players):
        c = s.chosen[seat]
        chosen = "-" if c is None else ("face down" if c == HIDDEN else f"{c} (face down)")
        trophies = " ".join(f"{undead[t].name}({undead[t].trophy})" for t in s.trophies[seat]) or "-"
        name = s.names[seat] if s.names[seat] != seat_name(seat) else ""
        lines.append(f"{seat_name(seat)} {name}".rstrip() + f" · hand: {_cards(s.hands[seat])}"
                     f" · chosen: {chosen} · used: {len(s.used(seat))} · trophies: {trophies}")
    if s.history:
        h = s.history[-1]
        result = "beaten" if h.defeated else "got through"
        lines.append(f"Last attack: {' '.join(map(str, h.plays))} = {h.total} vs {h.power}, "
                     f"{undead[h.undead].name} {result}")
    out = game.outcome(s)
    if out:
        lines.append(f"Game over ({out.result}): {out.summary}")
    else:
        lines.append("Waiting for: " + ", ".join(seat_name(x) for x in game.to_move(s)))
    return "\n".join(lines)
