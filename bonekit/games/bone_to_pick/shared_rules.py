"""The rule pieces every Bone to Pick mode uses: the Haven's damage, trophies, the power to
reach, upgrade draws, turning over the next undead and letting one through.

This is the lower layer of the package: the modes (``standard``, ``solo``, ``coop``) and the
text boards import it, and it imports none of them. Each function takes the state it reads or
changes, and the list that collects the events it reports, or None on the fast path of
simulations (``BoneToPick.playout``), which builds no events at all. A function changes only
parts the state owns (``own``, see ``sharing``), so no change reaches an earlier state.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...core.actions import seat_name
from ...core.events import Event
from ...core.rng import Rng
from .data import abilities, components, upgrades

R = "bone_to_pick."
E = R + "epic."
MODES = ("solo", "coop")   # the variants with a stack of undead and no used piles
NO_RNG = Rng(0, 0)  # the generator bot views show in place of the state's (it would reveal the deck)


# ---- numbers ------------------------------------------------------------------------------------

def damage(state: Any) -> int:
    """Damage the Haven has taken so far (any mode: the damage row is the same idea), less
    what Bulwark spared this wave."""
    undead = components().undead
    return sum(undead[u].damage for u in state.damage_row) - getattr(state, "prevented", 0)


def trophy_points(state: Any, seat: int) -> int:
    """The trophy values of the undead ``seat`` holds as trophies now."""
    undead = components().undead
    return sum(undead[u].trophy for u in state.trophies[seat])


def foes(state: Any) -> list[str]:
    """The undead attacking this turn (two in an epic game)."""
    return [u for u in (state.current, state.second) if u is not None]


def columns(state: Any) -> tuple[int, int]:
    """Epic: the player-count columns read on the first and the second undead."""
    hi, lo = components().raw["epic"]["power_columns"][str(state.players)]
    return hi, lo


def power(state: Any) -> int | None:
    """The power the table must reach this turn (None between turns). Solo reads the
    two-player column; an epic turn adds the two undead's powers in their own columns."""
    if state.current is None:
        return None
    undead = components().undead
    first = undead[state.current]
    if state.variant in MODES:
        return first.power_for(2 if state.variant == "solo" else state.players)
    if state.epic:
        hi, lo = columns(state)
        return first.power_for(hi) + undead[state.second].power_for(lo)
    return first.power_for(state.players)


# ---- names --------------------------------------------------------------------------------------

def name(state: Any, seat: int) -> str:
    """A seat as the events name it: "P2", or "Kim (P2)" when the seat has a name."""
    given = state.names[seat]
    return given if given == seat_name(seat) else f"{given} ({seat_name(seat)})"


def team_name(state: Any, team: Sequence[int]) -> str:
    return " + ".join(state.names[s] for s in team)


def and_names(names: Iterable[str]) -> str:
    """``nobody``, ``a``, ``a and b``, ``a, b and c``."""
    names = list(names)
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def card_name(card: int | str) -> str:
    """A card played in the base game and its modes: a weapon by value, an upgrade by id with
    its value and ability."""
    if isinstance(card, int):
        return str(card)
    u = upgrades()[card]
    ability = f", {abilities()[u.ability].name}" if u.ability else ""
    return f"upgrade {card} (value {u.value}{ability})"


# ---- the table's steps --------------------------------------------------------------------------

def order(state: Any) -> list[int]:
    """Activation order of upgrade abilities: the youngest player first, then clockwise."""
    return [(state.youngest + i) % state.players for i in range(state.players)]


def played_abilities(state: Any, plays: Sequence, timing: str) -> list[tuple[int, str]]:
    """(seat, ability) of the upgrades played this turn with this timing, in activation order."""
    played = [seat for seat, card in enumerate(plays) if isinstance(card, str)]
    if not played:  # weapons only: the common case, and every turn outside a campaign
        return []
    out = []
    for seat in order(state):
        card = plays[seat]
        if isinstance(card, str):
            ability = upgrades()[card].ability
            if ability and abilities()[ability].timing == timing:
                out.append((seat, ability))
    return out


def reveal(state: Any, events: list[Event] | None) -> None:
    """Turn over the next undead of the deck (two in an epic game) and start the next turn
    (the base game and the modes built on it)."""
    deck = state.own("deck")
    state.current = deck.pop(0)
    state.turn += 1
    if state.epic:
        state.second = deck.pop(0)
    if events is None:
        return
    undead = components().undead
    wave = f"Wave {state.wave}, turn" if state.campaign else "Turn"
    if state.epic:
        a, b = undead[state.current], undead[state.second]
        hi, lo = columns(state)
        events.append(Event("reveal", E + "reveal",
                            f"{wave} {state.turn}: the {a.name} and the {b.name} attack "
                            f"(power {a.power_for(hi)} + {b.power_for(lo)} = "
                            f"{power(state)} for {state.players} players; damage "
                            f"{a.damage} and {b.damage}).",
                            {"turn": state.turn, "undead": a.id, "second": b.id}))
        return
    u = undead[state.current]
    events.append(Event("reveal", R + "turn.reveal",
                        f"{wave} {state.turn}: the {u.name} attacks ({u.level}, power "
                        f"{u.power_for(state.players)} for {state.players} players, damage "
                        f"{u.damage}, trophy {u.trophy}).",
                        {"turn": state.turn, "undead": u.id}))


def reveal_next(state: Any, power_players: int, rule: str, events: list[Event] | None) -> None:
    """Turn over the next undead of the stack (the solo and co-op games share this step)."""
    state.current = state.own("stack").pop(0)
    state.turn += 1
    if events is None:
        return
    u = components().undead[state.current]
    events.append(Event("reveal", rule, f"Turn {state.turn}: the {u.name} attacks ({u.level}, power "
                        f"{u.power_for(power_players)}, damage {u.damage}).",
                        {"turn": state.turn, "undead": u.id}))


def let_through(state: Any, undead: Any, rule: str, events: list[Event] | None) -> None:
    """An unbeaten undead joins the damage row (the solo and co-op games share this step)."""
    state.own("damage_row").append(undead.id)
    if events is not None:
            events.append(Event("damage", rule, f"The {undead.name} gets through: {undead.damage} "
                            f"damage ({damage(state)} of {state.hit_points}).",
                            {"undead": undead.id, "damage": undead.damage}))


def draw_upgrades(state: Any, n: int, events: list[Event] | None, rule: str,
                  reshuffle_rule: str = R + "modes.ruling.upgrades_run_out") -> list[str]:
    """Draw up to ``n`` upgrades; an empty deck is refilled from the upgrade discards (the
    campaign's rule; a ruling in the solo and co-op games)."""
    out: list[str] = []
    while len(out) < n:
        if not state.upgrade_deck:
            if not state.upgrade_discard:
                break
            state.upgrade_deck = state.own("rng").shuffled(state.upgrade_discard)
            state.upgrade_discard = []
            if events is not None:
                events.append(Event("reshuffle_upgrades", reshuffle_rule,
                                    "The upgrade deck is empty: its discards are shuffled into a "
                                    "new deck.", {"order": tuple(state.upgrade_deck)},
                                    visible_to=()))
        out.append(state.own("upgrade_deck").pop(0))
    return out

