"""The deterministic text board of Bone to Pick (also the widgets' accessible alternative).

``render_text`` draws the base game's board; the solo and co-op boards (``SoloMode.text``,
``CoopMode.text``) share the helpers here: heading, Haven, undead and last line.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ...core.actions import seat_name
from .state import HIDDEN, BoneToPickState

if TYPE_CHECKING:
    from .game import BoneToPick


def viewer_name(viewer: int | None) -> str:
    """Who is looking: the last words of the boards' and pictures' titles."""
    return "all-seeing view" if viewer is None else f"view of {seat_name(viewer)}"


def heading(s, game: str, players: str, options: str = "") -> str:
    """The board's first line; the seed is shown only to the all-seeing view."""
    seed = f" · seed {s.seed}" if s.viewer is None else ""
    return f"Bone to Pick · {game} game · {players}{seed}{options} · {viewer_name(s.viewer)}"


def haven_text(game: "BoneToPick", s) -> str:
    return f"Haven {s.hit_points - game.damage(s)} of {s.hit_points} hit points left"


def undead_text(u, players: int) -> str:
    """The undead being fought, its power for ``players`` players."""
    return f"Undead: {u.name} [{u.id}, {u.level}] · power {u.power_for(players)} · damage {u.damage}"


def last_line(out, waiting: Callable[[], str]) -> str:
    """How the game ended, or who it waits for (``waiting()``, asked only while it goes on)."""
    return f"Game over ({out.result}): {out.summary}" if out else f"Waiting for: {waiting()}"


def modes_header(game: "BoneToPick", s, name: str, players: str, power_players: int,
                 options: str = "", turn_extra: str = "") -> list[str]:
    """The first lines shared by the solo and co-op boards: heading, turn and Haven, undead."""
    lines = [heading(s, name, players, options),
             f"Turn {s.turn} · {haven_text(game, s)} · undead left in the stack: {len(s.stack)}"
             + turn_extra]
    if s.current is not None:
        lines.append(undead_text(game.data.undead[s.current], power_players))
    return lines


def card_names(cards) -> str:
    """Weapon cards as ``red 7 blue 0``; upgrades by their id."""
    return " ".join(c.replace(":", " ") for c in cards)


def _cards(values: list[int]) -> str:
    if not values:
        return "-"
    if all(v == HIDDEN for v in values):
        return f"{len(values)} cards (hidden)"
    return " ".join(str(v) for v in values)


def render_text(game: "BoneToPick", s: BoneToPickState) -> str:
    undead = game.data.undead
    lines = [heading(s, s.variant, f"{s.players} players")]
    row = ", ".join(f"{undead[u].name} {undead[u].damage}" for u in s.damage_row) or "none"
    lines.append(f"Turn {s.turn} of {s.turns} · {haven_text(game, s)} · damage row: {row}")
    if s.current is not None:
        u = undead[s.current]
        lines.append(f"{undead_text(u, s.players)} · trophy {u.trophy}")
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
    lines.append(last_line(out, lambda: ", ".join(seat_name(x) for x in game.to_move(s))))
    return "\n".join(lines)
