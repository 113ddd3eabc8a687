"""Exact duel odds from the rules: every pair of Bones rolls enumerated (36 equally likely, or
216 and more when a suited weapon or armour adds a die, or volley a second hit roll)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

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


# ---- the general duel: extra Bones dice, first strike, unyielding, volley ---------------------------
# (added for the odds lab; the functions above stay as the bot uses them)


def bones_sums(dice: int) -> list[int]:
    """The sum of ``dice`` Bones rolls for each of the 6**dice equally likely outcomes (a suited
    weapon or armour adds a die to its side's roll)."""
    return [sum(rolls) for rolls in product(FACES, repeat=dice)]


# A tie that first strike does not settle: who survives, by (attacker, defender) unyielding.
TIE = {(False, False): "both", (True, False): "win", (False, True): "lose", (True, True): "neither"}


@dataclass(frozen=True)
class MeleeOdds:
    """A hand-to-hand duel's exact odds, seen from the attacker: ``win`` (only the defender
    falls), ``lose`` (only the attacker falls), ``both`` (a tie that defeats both) and
    ``neither`` (a tie that defeats nobody: two unyielding dice); ``outcomes`` is how many
    equally likely Bones outcomes were counted (36 with one die a side)."""

    win: Fraction
    lose: Fraction
    both: Fraction
    neither: Fraction
    outcomes: int

    def as_dict(self) -> dict[str, Fraction]:
        return {"win": self.win, "lose": self.lose, "both": self.both, "neither": self.neither}


def melee_odds(
    attack: int,
    defence: int,
    *,
    first_strike: tuple[bool, bool] = (False, False),
    unyielding: tuple[bool, bool] = (False, False),
    dice: tuple[int, int] = (1, 1),
) -> MeleeOdds:
    """Exact odds of a hand-to-hand duel between the fixed totals ``attack`` and ``defence``
    (face values and everything added to them, before the Bones), enumerating every roll.

    The higher total wins. On a tie with an unyielding side, every side that is not unyielding
    falls (the power overrules first strike); otherwise a side with first strike wins if the
    other has none, and else both fall (the order the engine's ``battle.resolve`` applies them
    in). ``first_strike``, ``unyielding`` and ``dice`` (Bones dice rolled: 2 for a creature
    with its suited weapon or armour) are (attacker, defender).
    """
    counts = {"win": 0, "lose": 0, "both": 0, "neither": 0}
    a_sums, d_sums = bones_sums(dice[0]), bones_sums(dice[1])
    fa, fd = first_strike
    for ra in a_sums:
        for rd in d_sums:
            a, d = ra + attack, rd + defence
            if a != d:
                counts["win" if a > d else "lose"] += 1
            elif fa != fd and not any(unyielding):
                counts["win" if fa else "lose"] += 1
            else:
                counts[TIE[unyielding]] += 1
    n = len(a_sums) * len(d_sums)
    return MeleeOdds(*(Fraction(counts[k], n) for k in ("win", "lose", "both", "neither")), n)


@dataclass(frozen=True)
class ShotOdds:
    """A projectile attack's exact odds: ``hit`` (the hit roll succeeds), ``damage`` (a hit
    then defeats the target) and ``win`` = hit × damage. The shooter never falls."""

    hit: Fraction
    damage: Fraction
    win: Fraction
    outcomes: int  # equally likely Bones outcomes counted: hit rolls times damage rolls

    def as_dict(self) -> dict[str, Fraction]:
        return {"hit": self.hit, "win": self.win}


def shot_odds(attack: int, defence: int, *, volley: bool = False, dice: tuple[int, int] = (1, 1)) -> ShotOdds:
    """Exact odds of a projectile attack: a hit roll (plain Bones, the higher of two with
    volley; the attacker's equal or higher roll hits), then a damage roll of the fixed totals
    ``attack`` against ``defence`` plus ``dice`` Bones dice a side, equal or higher defeats."""
    hit_rolls = [max(r) for r in product(FACES, repeat=2 if volley else 1)]
    hits = sum(1 for ra in hit_rolls for rd in FACES if ra >= rd)
    hit = Fraction(hits, len(hit_rolls) * 6)
    a_sums, d_sums = bones_sums(dice[0]), bones_sums(dice[1])
    wins = sum(1 for ra in a_sums for rd in d_sums if ra + attack >= rd + defence)
    damage = Fraction(wins, len(a_sums) * len(d_sums))
    return ShotOdds(hit, damage, hit * damage, len(hit_rolls) * 6 * len(a_sums) * len(d_sums))
