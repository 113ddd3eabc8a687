"""The small pure rules of Bone to Pick, usable on their own (the notebooks show them)."""
from __future__ import annotations

from collections.abc import Sequence


def trophy_winner(plays: Sequence[int]) -> int | None:
    """Seat that played the highest value nobody else played (0 never wins), or None."""
    ranking = unique_ranking(plays)
    return ranking[0] if ranking else None


def legend(hands: Sequence[Sequence[int]], trophies: Sequence[Sequence[int]]
           ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(scores, Legend seats): hand plus trophy values, ties to more trophies, then shared."""
    scores = tuple(sum(h) + sum(t) for h, t in zip(hands, trophies))
    keys = [(s, len(t)) for s, t in zip(scores, trophies)]
    best = max(keys)
    return scores, tuple(i for i, k in enumerate(keys) if k == best)


def scapegoat(hands: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(scores, Scapegoat seats): hand values only, ties to the highest single card, then shared."""
    scores = tuple(sum(h) for h in hands)
    keys = [(s, max(h, default=0)) for s, h in zip(scores, hands)]
    worst = max(keys)
    return scores, tuple(i for i, k in enumerate(keys) if k == worst)


def unique_ranking(plays: Sequence[int]) -> list[int]:
    """Seats whose value above 0 nobody else played, highest value first.

    The first takes the trophy; in an epic game the second takes the other undead.
    """
    # Tables are small: counting each value in place beats building a Counter. The values
    # kept are distinct, so sorting them high to low needs no tie rule.
    unique = [s for s, v in enumerate(plays) if v > 0 and plays.count(v) == 1]
    return sorted(unique, key=plays.__getitem__, reverse=True)


def rank_groups(keys: Sequence[tuple]) -> list[list[int]]:
    """Indices grouped by equal keys, the highest key first (ties share a group)."""
    order = sorted(set(keys), reverse=True)
    return [[i for i, k in enumerate(keys) if k == key] for key in order]


def campaign_ranking(victory_points: Sequence[int], defeated: Sequence[int],
                     best_legend: Sequence[int | None]) -> list[list[int]]:
    """Campaign standings, best first: victory points, then defeated undead, then the most
    valuable Legend card gained (none ranks below any); players still tied share a place."""
    keys = [(vp, d, -99 if legend is None else legend)
            for vp, d, legend in zip(victory_points, defeated, best_legend)]
    return rank_groups(keys)
