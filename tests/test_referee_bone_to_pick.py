"""An independent referee for Bone to Pick's shared-Haven games (base, epic, team).

Random and bot games, biased toward the rare moments (ties for a trophy, a lone unique value
in an epic turn, a Haven falling, tied titles, players changing their face-down card), are
checked after every action against the rulebook, written out here on its own: the referee
never calls the engine's rule code. It reads the state's public fields and the component data
(the undead cards' printed numbers) and works out, from the plays, what the table must do.
"""
from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path

import pytest

import bonekit
from bonekit.core.actions import Action
from bonekit.core.errors import IllegalAction

GAME = bonekit.load("bone_to_pick")
DATA = json.loads((Path(bonekit.__file__).parent / "games" / "bone_to_pick" / "data.json")
                  .read_text(encoding="utf-8"))
CARDS = {u["id"]: u for u in DATA["undead"]}
# Each seat's weapon set, and the epic power table (which player-count column of the first and
# of the second undead add up), both component data the rulebook gives.
WEAPON_SET = sorted(c["value"] for c in DATA["weapons"]["cards"] for _ in range(c["copies"]))
EPIC_COLUMNS = {int(n): tuple(cols) for n, cols in DATA["epic"]["power_columns"].items()}


def card(undead_id: str) -> dict:
    return CARDS[undead_id.rstrip("b")]  # an epic game's second box marks its copies with b


def unique_ranking(plays) -> list[int]:
    """Seats whose value nobody else played, highest value first; a 0 never takes a trophy."""
    counts = Counter(plays)
    return [s for s, v in sorted(enumerate(plays), key=lambda sv: -sv[1])
            if v > 0 and counts[v] == 1]


def damage(state) -> int:
    return sum(card(u)["damage"] for u in state.damage_row)


class Referee:
    """Follows one game and checks each step against the rules written out above."""

    def __init__(self, state):
        self.n, self.epic = state.players, state.epic
        self.teams = state.teams or tuple((s,) for s in range(self.n))
        self.seen = Counter()

    def check_cards(self, state) -> None:
        for seat in range(self.n):
            mine = list(state.hands[seat]) + list(state.used(seat))
            if state.chosen[seat] is not None:
                mine.append(state.chosen[seat])
            assert sorted(mine) == WEAPON_SET, f"P{seat + 1}'s twelve weapons are not all there: {mine}"
        assert damage(state) < state.hit_points or state.over, "a fallen Haven must end the game at once"

    def check_turn(self, before, after) -> None:
        """A turn was resolved: the plays were revealed, added up and settled."""
        record = after.history[-1]
        plays = record.plays
        first = card(record.undead)
        if self.epic:
            second = card(record.second)
            c1, c2 = EPIC_COLUMNS[self.n]
            power = first["power"][str(c1)] + second["power"][str(c2)]
        else:
            power = first["power"][str(self.n)]
        assert record.power == power, "the undead's power is read for the table's size"
        assert record.total == sum(plays), "the attack is the sum of the weapons played"
        assert record.defeated == (sum(plays) >= power), "equal to the power or more beats the undead"
        ranking = unique_ranking(plays)
        self.seen["turns"] += 1
        if record.defeated:
            self.seen["beaten"] += 1
            if self.epic:
                self._epic_trophies(before, after, record, ranking)
            elif ranking:
                assert record.trophy_to == ranking[0], "the highest unique value takes the trophy"
                assert after.trophies[ranking[0]][-1] == record.undead
            else:
                self.seen["no unique value"] += 1
                assert record.trophy_to is None and record.undead in after.unclaimed
            assert damage(after) == damage(before), "a beaten undead does no damage"
        else:
            self.seen["got through"] += 1
            hurt = first if not self.epic else min(
                (first, card(record.second)), key=lambda c: c["damage"])
            assert damage(after) - damage(before) == hurt["damage"], (
                "the undead that gets through deals its damage (in epic, only the gentler one)")
            assert record.trophy_to is None and record.second_to is None

    def _epic_trophies(self, before, after, record, ranking) -> None:
        if not ranking:
            self.seen["no unique value"] += 1
            assert record.trophy_to is None and record.second_to is None
        elif len(ranking) == 1:
            self.seen["one unique value takes both"] += 1
            assert record.trophy_to == record.second_to == ranking[0]
        else:
            assert {record.trophy_to, record.second_to} == set(ranking[:2]), (
                "the best two unique values take one undead each")

    def check_swap(self, before, after, seat) -> None:
        """A seat whose card was down laid another: the first went back to its hand."""
        old, new = before.chosen[seat], after.chosen[seat]
        assert old is not None and new is not None, "only a seat whose card is down may exchange it"
        assert Counter(after.hands[seat]) == Counter(before.hands[seat]) - Counter([new]) + Counter([old])
        assert after.history == before.history, "an exchange before the reveal settles nothing"
        self.seen["exchanges"] += 1

    def check_end(self, state) -> None:
        out = GAME.outcome(state)
        assert out is not None and GAME.to_move(state) == ()
        fallen = damage(state) >= state.hit_points
        assert fallen or len(state.history) == state.turns, "the game ends at the last turn or a fall"
        hand = [sum(state.hands[s]) for s in range(self.n)]
        if fallen:
            self.seen["Haven fell"] += 1
            scores = [sum(hand[s] for s in team) for team in self.teams]
            best = max(scores)
            top = [t for t, v in enumerate(scores) if v == best]
            if len(top) > 1 and not state.teams:
                # the rulebook's worked example: the highest single weapon left breaks the tie
                high = {t: max(state.hands[t], default=0) for t in top}
                top = [t for t in top if high[t] == max(high.values())]
                self.seen["scapegoat tie"] += 1
            titled = sorted(s for t in top for s in self.teams[t])
            assert out.result == "defeat" and sorted(out.titles) == titled
            assert set(out.titles.values()) == {"Scapegoat"}
        else:
            self.seen["Haven held"] += 1
            points = [hand[s] + sum(card(u)["trophy"] for u in state.trophies[s]) for s in range(self.n)]
            scores = [sum(points[s] for s in team) for team in self.teams]
            beaten = [sum(len(state.trophies[s]) for s in team) for team in self.teams]
            best = max(scores)
            top = [t for t, v in enumerate(scores) if v == best]
            if len(top) > 1 and not state.teams:
                self.seen["legend tie"] += 1
                most = max(beaten[t] for t in top)
                top = [t for t in top if beaten[t] == most]   # then the most undead defeated
            titled = sorted(s for t in top for s in self.teams[t])
            assert out.result == "victory" and sorted(out.winners) == titled
            assert set(out.titles.values()) == {"Legend"}


def refused_changes_nothing(state, rnd: random.Random) -> None:
    seat = rnd.randrange(state.players)
    label = rnd.choice([f"P{seat + 1} play 11", f"P{seat + 1} play -1", f"P{seat + 1} take x",
                        f"P{seat + 1} reuse 3"])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, label)
    assert err.value.rule in GAME.rules and state == before


def pick(state, rnd: random.Random, bots) -> Action:
    """A bot's move for a seat that owes one; now and then a seat whose card is down changes it
    (to exercise the exchange), and low cards are favoured so the Haven falls in some games."""
    owing = GAME.to_move(state)
    waiting = [s for s in range(state.players) if s not in owing and GAME.legal_actions(state, s)]
    if waiting and rnd.random() < 0.15:
        return rnd.choice(GAME.legal_actions(state, rnd.choice(waiting)))
    seat = rnd.choice(owing)
    bot = bots.get(seat)
    if bot is not None:
        return bot.choose(GAME, state, seat)
    legal = GAME.legal_actions(state, seat)
    if rnd.random() < 0.5:  # a timid player: many ties and lost Havens follow
        return min(legal, key=lambda a: int(a.args[0]) if a.verb == "play" and a.args[0].isdigit() else 0)
    return rnd.choice(legal)


def referee_game(variant: str, players: int, seed: int, options: dict) -> Counter:
    rnd = random.Random(seed)
    state = GAME.new(players, variant, seed=seed, **options)
    bots = {s: GAME.bots[rnd.choice(["careful", "greedy"])](seed + s)
            for s in range(players) if rnd.random() < 0.4}
    ref = Referee(state)
    ref.check_cards(state)
    while not GAME.is_over(state):
        if rnd.random() < 0.05:
            refused_changes_nothing(state, rnd)
        action = pick(state, rnd, bots)
        owed = action.seat in GAME.to_move(state)
        after, _ = GAME.apply(state, action)
        ref.check_cards(after)
        if len(after.history) > len(state.history):
            ref.check_turn(state, after)
        elif not owed:
            ref.check_swap(state, after, action.seat)
        state = after
    ref.check_end(state)
    return ref.seen


TABLES = [("base", 2, {}), ("base", 3, {}), ("base", 4, {"easier_haven": True}), ("base", 6, {}),
          ("epic", 7, {}), ("epic", 10, {}), ("epic", 12, {}), ("team", 4, {}), ("team", 6, {}),
          ("team", 9, {})]


@pytest.mark.parametrize("variant, players, options", TABLES,
                         ids=[f"{v}-{n}p{'-easier' if o else ''}" for v, n, o in TABLES])
def test_referee_follows_every_action(variant, players, options):
    seen = Counter()
    for seed in range(12):
        seen += referee_game(variant, players, seed, options)
    # The referee saw the situations it is there for, not only quiet games.
    assert seen["beaten"] and seen["got through"] and seen["exchanges"], seen
    assert seen["Haven fell"] and seen["turns"] >= 12 * 3, seen


def test_referee_saw_the_rare_moments():
    seen = Counter()
    for variant, players, options in TABLES:
        for seed in range(12, 20):
            seen += referee_game(variant, players, seed, options)
    for moment in ("no unique value", "one unique value takes both", "Haven held", "scapegoat tie"):
        assert seen[moment], (moment, seen)
