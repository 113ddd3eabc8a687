"""Rolled Bones bots. ``BuilderBot`` builds its base, guards its front door and attacks when
the odds favour it (exact duel odds from ``odds``); it never peeks into bags or the generator."""

from __future__ import annotations

import random
from typing import Any

from ...core.actions import Action
from .battle import fixed_total
from .dice import kind, symbols, unit, value
from .odds import hand_to_hand, projectile_win
from .state import die_index


class BuilderBot:
    name = "builder"

    def __init__(self, seed: int = 0, margin: float = 0.55):
        self._random = random.Random(f"rolled-bones-builder:{seed}")
        self.margin = margin  # the least chance of winning a duel it attacks at

    def choose(self, game: Any, state: Any, seat: int) -> Action:
        s = game.bot_view(state, seat)
        acts = game.legal_actions(s, seat)
        by = {}
        for a in acts:
            by.setdefault(a.verb, []).append(a)
        for verb in ("build", "declare"):
            if verb in by:
                return by[verb][0]
        if "draw" in by:
            return by["draw"][0]
        if "roll" in by:
            return by["roll"][0]
        if "intercept" in by:
            return self._intercept(s, by)
        if "pass" in by or "hold" in by:
            return (by.get("pass") or by["hold"])[0]
        if "spill" in by:
            return next(a for a in by["spill"] if a.args == ("base",))
        if "done" in by:
            return self._rearrange(s, seat, by)
        if "decline" in by:
            return by["decline"][0]
        if "enter" in by:
            return self._enter(s, seat, by["enter"])
        best = self._attack(s, seat, by.get("attack", []) + by.get("shoot", []))
        if best is not None:
            return best
        guard = self._guard(s, seat, by.get("step", []))
        if guard is not None:
            return guard
        return by["next"][0] if "next" in by else self._random.choice(acts)

    def _enter(self, s: Any, seat: int, options: list[Action]) -> Action:
        die = s.entering
        k = kind(s, die)
        args = [a.args[0] for a in options]
        if k == "magic":
            change = _face_value(s, die)
            want_own = change > 0
            ranked, spare = [], []
            for a in options:
                t = die_index(a.args[0])
                if t is None:
                    continue
                own = s.owners[t] == seat
                if own == want_own:  # a boost on its strongest die, a curse on the weakest foe
                    ranked.append((-_strength(s, t) if want_own else _strength(s, t), t, a))
                elif own:  # a curse with no foe to take it: where it hurts least
                    spare.append((-value(s, t), t, a))
            if ranked:
                return min(ranked)[2]
            return min(spare)[2] if spare else options[0]
        if k == "item":
            creatures = [
                a for a in options if (t := die_index(a.args[0])) is not None and kind(s, t) == "creature"
            ]
            if creatures:
                return creatures[0]
        front = s.bases[seat][0] if s.bases[seat] else None
        if front is not None and f"d{front + 1}" in args:
            return next(a for a in options if a.args[0] == f"d{front + 1}")
        return next(a for a in options if a.args[0] == "arena")

    def _attack(self, s: Any, seat: int, attacks: list[Action]) -> Action | None:
        best, best_p = None, self.margin
        for a in attacks:
            att, tgt = die_index(a.args[0]), die_index(a.args[1])
            mine, theirs = unit(s, att), unit(s, tgt)
            ta, td = fixed_total(s, mine, True), fixed_total(s, theirs, False)
            if a.verb == "shoot":
                p = projectile_win(ta, td)
            else:
                fa, fd = "first_strike" in symbols(s, mine), "first_strike" in symbols(s, theirs)
                win, lose, _ = hand_to_hand(ta, td, fa, fd)
                p = win - lose * 0.5
            p += 0.1 if kind(s, tgt) == "base" else 0
            if p > best_p:
                best, best_p = a, p
        return best

    def _guard(self, s: Any, seat: int, steps: list[Action]) -> Action | None:
        if not s.bases[seat]:
            return None
        front = f"d{s.bases[seat][0] + 1}"
        for a in steps:
            if a.args[1] == front:
                return a
        return None

    def _intercept(self, s: Any, by: dict) -> Action:
        b = s.battle
        base_die = b.named
        g = next(
            (r for r in range(len(s.codes)) if s.on[r] == base_die and kind(s, r) in ("creature", "item")), -1
        )
        if g >= 0 and fixed_total(s, unit(s, g), False) > fixed_total(s, (base_die,), False):
            return by["intercept"][0]
        return by["hold"][0]

    def _rearrange(self, s: Any, seat: int, by: dict) -> Action:
        base = s.bases[seat]
        strongest = max(base, key=lambda b: (fixed_total(s, (b,), False), -b))
        if base and base[0] != strongest:
            for a in by.get("swap", []):
                if {die_index(x) for x in a.args} == {base[0], strongest}:
                    return a
        return by["done"][0]


def _face_value(s: Any, die: int) -> int:
    from .dice import face

    return face(s, die).value


def _strength(s: Any, i: int) -> int:
    return fixed_total(s, unit(s, i), False)
