"""A turn of the base game and the modes built on it: each player lays a card face down
(prepare); when all have, the cards are revealed and added up with the upgrades' abilities
(attack); the undead is beaten and its trophy taken, or it hurts the Haven (outcome); the
played cards go to the used piles (rest); then the next undead is revealed, or the wave ends.

Each step reports its events into ``events``, or builds none when it is None (the fast path).
"""
from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from ...core.events import Event
from ...core.words import plural
from .data import abilities, card_type, card_value, components
from .labels import is_upgrade_arg, match
from .rules_logic import unique_ranking
from .shared_rules import E, R, card_name, damage, foes, name, played_abilities, power, reveal
from .standard_campaign import end_wave
from .state import BoneToPickState, PendingTurn, TurnRecord

U = R + "upgrade."


def play(state: BoneToPickState, seat: int, arg: str, events: list[Event] | None) -> None:
    """``seat`` lays the card that label argument ``arg`` names face down. A seat that has
    already laid a card takes it back into hand first: until the reveal a face-down card may be
    exchanged (``ruling.changing_your_mind``)."""
    card: int | str
    if state.chosen[seat] is not None:
        take_back(state, seat, events)
    if is_upgrade_arg(arg):
        card = match(arg, state.upgrades[seat])
        state.own_seat("upgrades", seat).remove(card)
    else:
        card = int(arg)
        state.own_seat("hands", seat).remove(card)
    chosen = state.own("chosen")
    chosen[seat] = card
    if events is not None:
        events.append(Event("choose", R + "turn.prepare", f"{name(state, seat)} chooses "
                            f"{card_name(card)}.",
                            {"seat": seat, "card": card, "value": card_value(card)},
                            visible_to=(seat,)))
        events.append(Event("commit", R + "turn.prepare",
                            f"{name(state, seat)} lays a "
                            f"{'card' if state.campaign else 'weapon'} face down.", {"seat": seat}))
    if None not in chosen:
        resolve(state, events)


def take_back(state: BoneToPickState, seat: int, events: list[Event] | None) -> None:
    """``seat`` picks its face-down card up again, before the reveal."""
    chosen = state.own("chosen")
    card, chosen[seat] = chosen[seat], None
    if isinstance(card, str):  # an upgrade id
        state.own_seat("upgrades", seat).append(card)
    else:  # weapons stay in value order, as dealt
        insort(state.own_seat("hands", seat), card)
    if events is not None:
        events.append(Event("take_back", R + "ruling.changing_your_mind",
                            f"{name(state, seat)} takes {card_name(card)} back into hand.",
                            {"seat": seat, "card": card}, visible_to=(seat,)))
        events.append(Event("exchange", R + "ruling.changing_your_mind",
                            f"{name(state, seat)} picks up the face-down "
                            f"{'card' if state.campaign else 'weapon'} to lay another.",
                            {"seat": seat}))


def beaten(undead: list[str]) -> str:
    names = " and the ".join(components().undead[u].name for u in undead)
    return f"the {names} {'is' if len(undead) == 1 else 'are'} beaten"


def resolve(state: BoneToPickState, events: list[Event] | None) -> None:
    """Every card is down: reveal them, add them up, and settle the outcome."""
    plays = tuple(state.chosen)
    values = tuple(card_value(c) for c in plays)
    if events is not None:
        shown = ", ".join(f"{name(state, s)} {card_name(c)}" for s, c in enumerate(plays))
        events.append(Event("reveal_weapons", R + "turn.attack",
                            f"{'Cards' if state.campaign else 'Weapons'} revealed: {shown}.",
                            {"plays": plays}))
    bonus = 0
    for seat, ability in played_abilities(state, plays, "attack"):
        if ability == "boost":
            add = 2
        else:  # rally: one for every other card of the same weapon type
            kind = card_type(plays[seat])
            add = sum(card_type(c) == kind for s, c in enumerate(plays) if s != seat)
        bonus += add
        if events is not None:
            events.append(Event("ability", U + "ability." + ability,
                                f"{abilities()[ability].name} ({name(state, seat)}, "
                                f"{plays[seat]}): +{add} to the attack.",
                                {"seat": seat, "ability": ability, "bonus": add}))
    total = sum(values) + bonus
    need = power(state)
    defeated = total >= need
    attackers = foes(state)
    if events is not None:
        extra = f" (cards {sum(values)} + abilities {bonus})" if bonus else ""
        events.append(Event("attack", E + "attack" if state.epic else R + "turn.attack",
                            f"Total {total}{extra} against power {need}: "
                            f"{beaten(attackers) if defeated else 'not enough'}.",
                            {"total": total, "power": need, "defeated": defeated}))
    if not defeated:
        hurt_haven(state, plays, events)
        finish(state, plays, need, total, bonus, False, {}, events)
        return
    ranking = unique_ranking(values)
    if state.epic and len(ranking) >= 2:
        state.pending = PendingTurn(plays, need, total, bonus, ranking[0], ranking[1])
        if events is not None:
            events.append(Event("choose_trophy", E + "trophies",
                                f"{name(state, ranking[0])} played the highest unique value "
                                f"and picks one of the two undead; "
                                f"{name(state, ranking[1])} gets the other.",
                                {"seat": ranking[0], "other": ranking[1]}))
        return
    taken: dict[str, int] = {}
    if ranking:
        for u in attackers:
            taken[u] = ranking[0]
    finish(state, plays, need, total, bonus, True, taken, events)


def take(state: BoneToPickState, seat: int, undead: str, events: list[Event] | None) -> None:
    """Epic: the best unique value's player takes ``undead``; the runner-up gets the other."""
    p = state.pending
    other = state.second if undead == state.current else state.current
    state.pending = None
    finish(state, p.plays, p.power, p.total, p.bonus, True, {undead: seat, other: p.other}, events)


def hurt_haven(state: BoneToPickState, plays: Sequence, events: list[Event] | None) -> None:
    """The attack fell short: the undead gets through (epic: the gentler of the two)."""
    undead = components().undead
    attackers = foes(state)
    # Epic: only the undead with the lower damage hurts the Haven (the first one on a tie).
    hurt = min(attackers, key=lambda u: undead[u].damage)
    for u in attackers:
        if u != hurt:
            state.own("box").append(u)
            if events is not None:
                events.append(Event("to_box", E + "damage", f"The {undead[u].name} has "
                                    "the higher damage and goes back to the box.", {"undead": u}))
    state.own("damage_row").append(hurt)
    card = undead[hurt]
    spared = 0
    for seat, ability in played_abilities(state, plays, "outcome"):
        if ability == "bulwark" and spared < card.damage:
            spared += 1
            if events is not None:
                events.append(Event("ability", U + "ability.bulwark",
                                    f"Bulwark ({name(state, seat)}): the Haven takes 1 damage "
                                    "less.", {"seat": seat, "ability": "bulwark"}))
    state.prevented += spared
    if events is not None:
        events.append(Event("damage", E + "damage" if state.epic else R + "turn.outcome.damage",
                            f"The {card.name} gets through: the Haven takes "
                            f"{card.damage - spared} damage ({damage(state)} of "
                            f"{state.hit_points}).", {"undead": hurt, "damage": card.damage - spared}))


def finish(state: BoneToPickState, plays: tuple, need: int, total: int, bonus: int,
           defeated: bool, taken: dict[str, int], events: list[Event] | None) -> None:
    """Trophies to their takers (or unclaimed), the rest step, the turn's record; then the
    next undead, or the end of the wave."""
    undead = components().undead
    attackers = foes(state)
    trophy_rule = E + "trophies" if state.epic else R + "turn.outcome.trophy"
    if defeated:
        untaken = [u for u in attackers if u not in taken]
        claimed: dict[str, int] = {}
        for seat, ability in played_abilities(state, plays, "outcome"):
            if ability == "claim" and untaken:
                u = untaken.pop(0)
                taken[u] = claimed[u] = seat
                if events is not None:
                    events.append(Event("ability", U + "ability.claim",
                                        f"Grave Robber ({name(state, seat)}): nobody took the "
                                        f"{undead[u].name}, so it is taken as a trophy.",
                                        {"seat": seat, "ability": "claim", "undead": u}))
        for u in attackers:
            if u in taken:
                seat = taken[u]
                state.own_seat("trophies", seat).append(u)
                if events is not None:
                    card = undead[u]
                    why = "" if u in claimed else (
                        f": {card_value(plays[seat])} is the highest value played only once"
                        if len(attackers) == 1 else "")
                    events.append(Event("trophy", trophy_rule,
                                        f"{name(state, seat)} takes the {card.name} as a "
                                        f"trophy ({plural(card.trophy, 'point')}){why}.",
                                        {"seat": seat, "undead": u,
                                         "value": card_value(plays[seat])}))
            else:
                state.own("unclaimed").append(u)
                if events is not None:
                    what = "the trophy" if len(attackers) == 1 else f"the {undead[u].name}"
                    events.append(Event("no_trophy", trophy_rule,
                                        f"Nobody takes {what}: no value above 0 was played by "
                                        "one player alone.", {"undead": u}))
    for seat, card in enumerate(plays):
        state.own_seat("used_piles", seat).append(card)
    if events is not None:
        events.append(Event("rest", R + "turn.rest",
                            f"The played {'cards' if state.campaign else 'weapons'} go to the "
                            "used piles.", {"turn": state.turn}))
    for seat, ability in played_abilities(state, plays, "rest"):
        rest_ability(state, seat, ability, events)
    first, second = state.current, state.second
    state.own("history").append(TurnRecord(
        state.turn, first, need, plays, total, defeated, taken.get(first), second,
        taken.get(second) if second else None, state.wave, bonus))
    state.chosen = [None] * state.players
    state.current = state.second = None
    if damage(state) >= state.hit_points or state.turn >= state.turns or not state.deck:
        end_wave(state, events)
    else:
        reveal(state, events)


def rest_ability(state: BoneToPickState, seat: int, ability: str,
                 events: list[Event] | None) -> None:
    """Recall (a used weapon back to hand) and Scout (a look at the next undead)."""
    if ability == "recall":
        weapons = [c for c in state.used_piles[seat] if isinstance(c, int)]
        if weapons:
            best = max(weapons)
            state.own_seat("used_piles", seat).remove(best)
            hand = state.own_seat("hands", seat)
            hand.append(best)
            hand.sort()
            text = f"takes the {best} back from the used pile into hand"
        else:
            text = "has no used weapon to take back"
        if events is not None:
            events.append(Event("ability", U + "ability.recall",
                                f"Recall ({name(state, seat)}): {text}.",
                                {"seat": seat, "ability": "recall"}))
    elif ability == "scout" and events is not None:  # a look: it changes nothing
        undead = components().undead
        ahead = state.deck[:2 if state.epic else 1]
        seen = ", ".join(f"the {undead[u].name} ({u})" for u in ahead) or "nothing"
        events.append(Event("ability", U + "ability.scout",
                            f"Scout ({name(state, seat)}) looks at the top of the "
                            "undead deck.", {"seat": seat, "ability": "scout"}))
        events.append(Event("scouted", U + "ability.scout",
                            f"{name(state, seat)} sees {seen} coming next.",
                            {"seat": seat, "undead": tuple(ahead)},
                            visible_to=(seat,)))
