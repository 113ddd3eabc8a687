"""Exact duel odds from the rules: every pair of Bones rolls enumerated (36 equally likely)."""

from __future__ import annotations

from fractions import Fraction

FACES = range(1, 7)


def hand_to_hand(
    attack: int, defence: int, attacker_first: bool = False, defender_first: bool = False
) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender wins, both fall) for fixed totals before the Bones."""
    win = lose = both = 0
    for ra in FACES:
        for rd in FACES:
            a, d = ra + attack, rd + defence
            if a > d or (a == d and attacker_first and not defender_first):
                win += 1
            elif d > a or (a == d and defender_first and not attacker_first):
                lose += 1
            else:
                both += 1
    return Fraction(win, 36), Fraction(lose, 36), Fraction(both, 36)


def hit_chance(volley: bool = False) -> Fraction:
    """The chance a projectile hits: the attacker's roll (the higher of two with volley) is
    equal to or higher than the defender's."""
    hits = total = 0
    for rd in FACES:
        for r1 in FACES:
            for r2 in FACES if volley else (1,):
                total += 1
                hits += max(r1, r2) >= rd if volley else r1 >= rd
    return Fraction(hits, total)


def projectile_win(attack: int, defence: int, volley: bool = False) -> Fraction:
    """The chance a projectile attack defeats its target: a hit, then damage equal or higher."""
    damage = sum(1 for ra in FACES for rd in FACES if ra + attack >= rd + defence)
    return hit_chance(volley) * Fraction(damage, 36)
