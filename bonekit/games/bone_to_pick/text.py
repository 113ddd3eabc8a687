"""The deterministic text board of Bone to Pick (also the widgets' accessible alternative).

``render_text`` draws the board of the base game and the modes built on it; the solo and co-op
boards (``SoloMode.text``, ``CoopMode.text``) share the helpers here: heading, Haven, undead and
last line. The boards are drawn from a view and what the mode says of it (its outcome, who it
waits for), so this module needs no mode.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.actions import seat_name
from ...core.game import Outcome
from .data import components
from .shared_rules import columns, damage, power
from .state import HIDDEN, BoneToPickState


def viewer_name(viewer: int | None) -> str:
    """Who is looking: the last words of the boards' and pictures' titles."""
    return "all-seeing view" if viewer is None else f"view of {seat_name(viewer)}"


def heading(s, game: str, players: str, options: str = "") -> str:
    """The board's first line; the seed is shown only to the all-seeing view."""
    seed = f" · seed {s.seed}" if s.viewer is None else ""
    return f"Bone to Pick · {game} game · {players}{seed}{options} · {viewer_name(s.viewer)}"


def haven_text(s) -> str:
    return f"Haven {s.hit_points - damage(s)} of {s.hit_points} hit points left"


def undead_text(u, players: int) -> str:
    """The undead being fought, its power for ``players`` players."""
    return f"Undead: {u.name} [{u.id}, {u.level}] · power {u.power_for(players)} · damage {u.damage}"


def last_line(out, waiting: Callable[[], str]) -> str:
    """How the game ended, or who it waits for (``waiting()``, asked only while it goes on)."""
    return f"Game over ({out.result}): {out.summary}" if out else f"Waiting for: {waiting()}"


def modes_header(s, name: str, players: str, power_players: int,
                 options: str = "", turn_extra: str = "") -> list[str]:
    """The first lines shared by the solo and co-op boards: heading, turn and Haven, undead."""
    lines = [heading(s, name, players, options),
             f"Turn {s.turn} · {haven_text(s)} · undead left in the stack: {len(s.stack)}"
             + turn_extra]
    if s.current is not None:
        lines.append(undead_text(components().undead[s.current], power_players))
    return lines


def card_names(cards) -> str:
    """Weapon cards as ``red 7 blue 0``; upgrades by their id."""
    return " ".join(c.replace(":", " ") for c in cards)


def _cards(values: list[int]) -> str:
    if not values:
        return "-"
    if all(v == HIDDEN for v in values):
        return f"{len(values)} card{'' if len(values) == 1 else 's'} (hidden)"
    return " ".join(str(v) for v in values)


def _chosen(c) -> str:
    if c is None:
        return "-"
    return "face down" if c == HIDDEN else f"{str(c).lower()} (face down)"


def render_text(s: BoneToPickState, out: Outcome | None, owing: Sequence[int]) -> str:
    """The board of the base, campaign, epic and team games, drawn from the view ``s``, its
    outcome ``out`` and the seats ``owing`` a decision (the extra lines appear only in the
    modes that have them, so a base game's board is the same as ever)."""
    undead = components().undead
    kind = s.variant + (" (epic)" if s.epic and s.variant != "epic" else "") \
        + (" campaign" if s.campaign and s.variant != "campaign" else "")
    lines = [heading(s, kind, f"{s.players} players")]
    row = ", ".join(f"{undead[u].name} {undead[u].damage}" for u in s.damage_row) or "none"
    wave = f"Wave {s.wave} of {s.waves} · " if s.campaign else ""
    spared = f" ({s.prevented} spared by Bulwark)" if s.prevented else ""
    lines.append(f"{wave}Turn {s.turn} of {s.turns} · {haven_text(s)}{spared} · "
                 f"damage row: {row}")
    if s.current is not None and s.second is not None:
        a, b = undead[s.current], undead[s.second]
        hi, lo = columns(s)
        lines.append(f"Undead: {a.name} [{a.id}, {a.level}] power {a.power_for(hi)} and "
                     f"{b.name} [{b.id}, {b.level}] power {b.power_for(lo)} · total power "
                     f"{power(s)} · damage {a.damage} and {b.damage} · trophies "
                     f"{a.trophy} and {b.trophy}")
    elif s.current is not None:
        u = undead[s.current]
        lines.append(f"{undead_text(u, s.players)} · trophy {u.trophy}")
    deck = " ".join(s.deck) if s.viewer is None else f"{len(s.deck)} face down"
    lines.append(f"Deck: {deck or 'empty'} · beaten without a taker: {len(s.unclaimed)}")
    if s.teams:
        lines.append("Teams: " + "; ".join(f"{i + 1}: " + " + ".join(seat_name(x) for x in t)
                                             for i, t in enumerate(s.teams)))
    for seat in range(s.players):
        trophies = " ".join(f"{undead[t].name}({undead[t].trophy})" for t in s.trophies[seat]) or "-"
        name = s.names[seat] if s.names[seat] != seat_name(seat) else ""
        ups = ""
        if s.campaign:
            shown = " ".join(u.lower() for u in s.upgrades[seat]) or "-"
            if s.upgrades[seat] and all(u == "?" for u in s.upgrades[seat]):
                shown = f"{len(s.upgrades[seat])} hidden"
            ups = f" · upgrades: {shown}"
        lines.append(f"{seat_name(seat)} {name}".rstrip() + f" · hand: {_cards(s.hands[seat])}"
                     f"{ups} · chosen: {_chosen(s.chosen[seat])} · used: {len(s.used(seat))}"
                     f" · trophies: {trophies}")
    if s.campaign:
        for seat in range(s.players):
            cards = ", ".join(f"{c.kind} {c.wave} ({c.victory_points:+d})" for c in s.cards[seat])
            lines.append(f"{seat_name(seat)} campaign · trophies set aside: {len(s.set_aside[seat])}"
                         f" · title cards: {cards or '-'} · upgrades gained: {len(s.kept[seat])}")
        for r in s.results:
            lines.append(f"Wave {r.wave}: {r.result}; title "
                         + (" ".join(seat_name(x) for x in r.titled) or "-") + "; card "
                         + (" ".join(seat_name(x) for x in r.card_to) or "nobody"))
        for seat in range(s.players):
            if s.offers[seat]:
                offer = " ".join(u.lower() for u in s.offers[seat])
                lines.append(f"{seat_name(seat)} upgrade draw: {offer}")
    if s.pending is not None:
        lines.append(f"{seat_name(s.pending.chooser)} picks a trophy first; "
                     f"{seat_name(s.pending.other)} gets the other")
    if s.history:
        h = s.history[-1]
        result = "beaten" if h.defeated else "got through"
        foes = undead[h.undead].name + (f" and {undead[h.second].name}" if h.second else "")
        plays = " ".join(str(p).lower() for p in h.plays)
        bonus = f" + {h.bonus}" if h.bonus else ""
        lines.append(f"Last attack: {plays}{bonus} = {h.total} vs {h.power}, {foes} {result}")
    lines.append(last_line(out, lambda: ", ".join(seat_name(x) for x in owing)))
    return "\n".join(lines)
