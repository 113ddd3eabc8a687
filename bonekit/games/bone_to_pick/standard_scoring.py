"""Titles and the end of the base game and the modes built on it: who is Legend or
Scapegoat after a game or a wave (alone or as a team), the campaign's victory points, and the
outcome."""
from __future__ import annotations

from ...core.events import Event
from ...core.game import Outcome
from .data import card_value, upgrades
from .rules_logic import campaign_ranking, rank_groups
from .shared_rules import R, and_names, damage, name, team_name, trophy_points
from .state import BoneToPickState, WaveResult

C = R + "campaign."
T = R + "team."


def hand_cards(state: BoneToPickState, seat: int) -> list[int]:
    """Values of every card in a seat's hand (weapons and upgrades)."""
    return list(state.hands[seat]) + [card_value(u) for u in state.upgrades[seat]]


def wave_result(state: BoneToPickState) -> WaveResult:
    """The title of the current wave (or base game) from the cards and trophies now."""
    won = damage(state) < state.hit_points
    hands = [hand_cards(state, s) for s in range(state.players)]
    if won:
        scores = tuple(sum(h) + trophy_points(state, s) for s, h in enumerate(hands))
        tiebreak = [len(state.trophies[s]) for s in range(state.players)]
    else:
        scores = tuple(sum(h) for h in hands)
        tiebreak = [max(h, default=0) for h in hands]
    cards = 2 if state.epic and state.campaign else 1
    if state.teams:
        team_keys = [(sum(scores[s] for s in t),) for t in state.teams]
        groups = rank_groups(team_keys)
        titled_teams, card_teams = award(groups, cards)
        titled = tuple(sorted(s for i in titled_teams for s in state.teams[i]))
        card_to = []
        for i in card_teams:  # the team's card goes to its best member, unless they tie
            members = state.teams[i]
            best = rank_groups([(scores[s], tiebreak[s]) for s in members])[0]
            if len(best) == 1:
                card_to.append(members[best[0]])
        return WaveResult(state.wave, "victory" if won else "defeat", scores, titled,
                          tuple(sorted(card_to)) if state.campaign else ())
    groups = rank_groups([(scores[s], tiebreak[s]) for s in range(state.players)])
    titled, card_to = award(groups, cards)
    return WaveResult(state.wave, "victory" if won else "defeat", scores,
                      tuple(sorted(titled)), tuple(sorted(card_to)) if state.campaign else ())


def award(groups: list[list[int]], cards: int) -> tuple[list[int], list[int]]:
    """Who holds a title and who gets its cards, from contenders grouped best first.

    One card: a lone leader gets it; a tie shares the title and nobody gets the card. Two
    cards (epic campaign): two leaders take both; more than two tied leaders share the title
    without cards; a lone leader takes one and a lone runner-up the other, while tied
    runners-up are treated as title holders but get no card.
    """
    top = groups[0]
    if cards == 1 or len(top) > 2:
        return list(top), (list(top) if len(top) == 1 else [])
    if len(top) == 2:
        return list(top), list(top)
    runners = groups[1] if len(groups) > 1 else []
    return list(top) + list(runners), list(top) + (list(runners) if len(runners) == 1 else [])


def victory_points(state: BoneToPickState, seat: int) -> int:
    """A campaign score: 1 per defeated undead, title cards, upgrade cards' points."""
    return (len(state.set_aside[seat]) + len(state.trophies[seat])
            + sum(c.victory_points for c in state.cards[seat])
            + sum(upgrades()[u].victory_points for u in state.kept[seat]))


def outcome(state: BoneToPickState) -> Outcome | None:
    """How the game ended (None while it goes on)."""
    if not state.over:
        return None
    if state.campaign:
        return campaign_outcome(state)
    r = wave_result(state)
    kind = "Legend" if r.result == "victory" else "Scapegoat"
    who = and_names(name(state, s) for s in r.titled)
    if state.teams:
        team_scores = "; ".join(f"{team_name(state, t)}: {sum(r.scores[s] for s in t)}"
                                for t in state.teams)
        detail = f"Team scores: {team_scores}. {kind} team: {who}."
    else:
        detail = (", ".join(f"{name(state, s)} {v}" for s, v in enumerate(r.scores))
                  + f". {kind}: {who}.")
    rule = (T + "titles") if state.teams else R + ("end.legend" if kind == "Legend"
                                                   else "end.scapegoat")
    if r.result == "defeat":
        return Outcome("defeat", (), r.scores, {s: kind for s in r.titled},
                       f"The Haven falls in turn {state.turn}. Weapons left in hand: "
                       + detail, rule)
    return Outcome("victory", r.titled, r.scores, {s: kind for s in r.titled},
                   "The Haven survives all ten turns. Scores (hand + trophies): "
                   + detail, rule)


def campaign_outcome(state: BoneToPickState) -> Outcome:
    vps = tuple(victory_points(state, s) for s in range(state.players))
    defeated = [len(state.set_aside[s]) + len(state.trophies[s]) for s in range(state.players)]
    if state.teams:
        team_vp = [sum(vps[s] for s in t) for t in state.teams]
        team_def = [sum(defeated[s] for s in t) for t in state.teams]
        best = rank_groups(list(zip(team_vp, team_def)))[0]
        winners = tuple(sorted(s for i in best for s in state.teams[i]))
        detail = "; ".join(f"{team_name(state, t)}: {v}"
                           for t, v in zip(state.teams, team_vp))
        return Outcome("campaign", winners, vps, {s: "Campaign winner" for s in winners},
                       f"After four waves the team victory points are {detail}. "
                       f"Winners: {and_names(name(state, s) for s in winners)}.",
                       T + "campaign_end")
    legends = [max((c.victory_points for c in state.cards[s] if c.kind == "Legend"),
                   default=None) for s in range(state.players)]
    winners = tuple(campaign_ranking(vps, defeated, legends)[0])
    detail = ", ".join(f"{name(state, s)} {v}" for s, v in enumerate(vps))
    return Outcome("campaign", winners, vps, {s: "Campaign winner" for s in winners},
                   f"After four waves the victory points are {detail}. "
                   f"Winner: {and_names(name(state, s) for s in winners)}.", C + "end")


def end_event(state: BoneToPickState, events: list[Event]) -> None:
    """Report the end of the game: its outcome, with the rule that decided it."""
    out = outcome(state)
    events.append(Event("end", out.rule, out.summary,
                        {"result": out.result, "titles": dict(out.titles),
                         "scores": out.scores}))
