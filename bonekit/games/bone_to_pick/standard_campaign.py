"""The end of a wave and the campaign between waves: titles and their cards, the reset of the
table, the upgrade phase (draw, keep one in place of a weapon), and the next wave."""
from __future__ import annotations

from ...core.events import Event
from .data import components
from .shared_rules import R, and_names, card_name, draw_upgrades, name, order, reveal
from .standard_scoring import end_event, wave_result
from .state import BoneToPickState, TitleCard, WaveResult

C = R + "campaign."


def end_wave(state: BoneToPickState, events: list[Event] | None) -> None:
    """The last turn of a wave (or of a single game) is over: titles, then the campaign goes
    on to the upgrade phase, or the game ends."""
    result = wave_result(state)
    if not state.campaign:
        state.over = True
        if events is not None:
            end_event(state, events)
        return
    state.own("results").append(result)
    kind = "Legend" if result.result == "victory" else "Scapegoat"
    conf = components().raw["campaign"]
    vp = conf["legend" if kind == "Legend" else "scapegoat"][state.wave - 1]
    for seat in result.card_to:
        state.own_seat("cards", seat).append(TitleCard(kind, state.wave, vp))
    if events is not None:
        titled = and_names(name(state, s) for s in result.titled)
        given = and_names(name(state, s) for s in result.card_to)
        verb = "holds" if len(result.titled) == 1 else "hold"
        points = "point" if abs(vp) == 1 else "points"
        events.append(Event("wave_end", C + "round",
                            f"Wave {state.wave} is {'won' if kind == 'Legend' else 'lost'}. "
                            f"{titled} {verb} the title of {kind}; "
                            + (f"{given} gain{'s' if len(result.card_to) == 1 else ''} the "
                               f"wave-{state.wave} {kind} card ({vp:+d} victory {points})."
                               if result.card_to else f"nobody gains the {kind} card (a full tie)."),
                            {"wave": state.wave, "result": result.result, "titled": result.titled,
                             "card_to": result.card_to, "scores": result.scores}))
    if state.wave >= state.waves:  # the final count: the last wave's table stays in view
        state.over = True
        if events is not None:
            end_event(state, events)
        return
    # Trophies are set aside (1 victory point each at the end); the rest goes to the box.
    for seat in range(state.players):
        state.own_seat("set_aside", seat).extend(state.trophies[seat])
        state.own("trophies")[seat] = []
    state.own("box").extend(state.damage_row + state.unclaimed + state.deck)
    state.damage_row, state.unclaimed, state.deck = [], [], []
    state.prevented = 0
    # Everyone takes back their whole set: the used piles return to hand.
    for seat in range(state.players):
        hand, ups = state.own_seat("hands", seat), state.own_seat("upgrades", seat)
        for card in state.used_piles[seat]:
            (ups if isinstance(card, str) else hand).append(card)
        state.own("used_piles")[seat] = []
        hand.sort()
        ups.sort()
    if events is not None:
        events.append(Event("wave_reset", C + "round",
                            "Trophies are set aside face down; beaten and unbeaten undead go to "
                            "the box; everyone takes their used cards back into hand."))
    upgrade_draws(state, result, events)
    if not any(state.offers):
        next_wave(state, events)


def upgrade_draws(state: BoneToPickState, result: WaveResult, events: list[Event] | None) -> None:
    """Each player draws upgrades by their part in the wave (the Scapegoat of a lost wave none)."""
    draws = components().raw["campaign"]["draws"]
    won = result.result == "victory"
    for seat in order(state):
        if won:
            n = draws["legend"] if seat in result.titled else draws["others_on_victory"]
        else:
            n = draws["scapegoat"] if seat in result.titled else draws["others_on_defeat"]
        got = draw_upgrades(state, n, events, C + "upgrade", C + "upgrade")
        state.own("offers")[seat] = got
        if events is None:
            continue
        if n == 0:
            events.append(Event("no_upgrade", C + "upgrade", f"{name(state, seat)} is "
                                "the Scapegoat and draws no upgrade.", {"seat": seat}))
            continue
        events.append(Event("draw_upgrades", C + "upgrade",
                            f"{name(state, seat)} draws {len(got)} upgrade "
                            f"card{'s' if len(got) != 1 else ''}"
                            + (f" (only {len(got)} left)" if len(got) < n else "") + ".",
                            {"seat": seat, "count": len(got)}))
        if got:
            events.append(Event("upgrades_drawn", C + "upgrade",
                                f"{name(state, seat)} draws "
                                + ", ".join(card_name(u) for u in got) + ".",
                                {"seat": seat, "cards": tuple(got)}, visible_to=(seat,)))


def keep(state: BoneToPickState, seat: int, card: str, weapon: int,
         events: list[Event] | None) -> None:
    """``seat`` keeps upgrade ``card`` of its draw and puts ``weapon`` back in the box; when
    the last player has chosen, the next wave begins."""
    offer = state.offers[seat]
    state.own("offers")[seat] = []
    state.own("upgrade_discard").extend(u for u in offer if u != card)
    ups = state.own_seat("upgrades", seat)
    ups.append(card)
    ups.sort()
    state.own_seat("kept", seat).append(card)
    state.own_seat("hands", seat).remove(weapon)
    state.own_seat("exchanged", seat).append(weapon)
    if events is not None:
        events.append(Event("keep_upgrade", C + "upgrade",
                            f"{name(state, seat)} keeps {card_name(card)} and puts the "
                            f"weapon {weapon} back in the box.",
                            {"seat": seat, "card": card, "weapon": weapon}, visible_to=(seat,)))
        discarded = len(offer) - 1
        events.append(Event("upgrade_done", C + "upgrade",
                            f"{name(state, seat)} exchanges a weapon for an upgrade"
                            + (f" and discards {discarded} face down." if discarded else "."),
                            {"seat": seat}))
    if not any(state.offers):
        next_wave(state, events)


def next_wave(state: BoneToPickState, events: list[Event] | None) -> None:
    state.wave += 1
    state.turn = 0
    state.hit_points = state.wave_hit_points[state.wave - 1]
    state.deck = state.own("wave_decks").pop(0)
    if events is not None:
        events.append(Event("wave_start", C + "round",
                            f"Wave {state.wave} begins: the Haven is restored to "
                            f"{state.hit_points} hit points and slot "
                            f"{'I II III IV'.split()[state.wave - 1]}'s deck is placed.",
                            {"wave": state.wave}))
    reveal(state, events)
