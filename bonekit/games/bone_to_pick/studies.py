"""Simulations and small game theory for two Bone to Pick notebooks: the solo and co-op
notebook (04) and the strategy lab (05). Pure engine code: nothing here imports Jupyter.

* Playing one game: ``play_fast`` plays bots to the end on the engine's fast path
  (``game.playout``: the same states as ``play_out``), ``play_until`` plays them to a
  moment the notebook wants to show (keeping the events), ``careful_table`` / ``greedy_table``
  seat the bots the lab compares, seeded as ``bonekit.simulate`` and a ``Table`` seed them.
* Playing many games: the studies below run through ``bonekit.simulate`` (one row per game,
  the same table for any number of ``workers``), with this module's ``measure`` functions
  (``mode_measure``, ``greed_measure``) adding the columns they need.
* Solo and co-op: ``mode_study`` (win rates and titles of the kit's bots in each mode),
  ``stack_levels`` (the undead stack's levels, deck by deck), ``title_bands`` (a title table
  in words) and the exercise judges ``judge_cheapest_pair`` and ``judge_last_card``.
* Base game: ``win_study`` (settings × table sizes) and ``greed_study`` (one greedy player
  among careful ones).
* The trophy rule as a toy game, "highest unique number wins": exact ``win_chance`` against
  opponent distributions, ``best_response``, ``fictitious_play`` for the mixed equilibrium,
  and the judges of the lab's exercises (``judge_best_response``, ``judge_chance``).

A study takes ``track``, a function that wraps an iterable and is told ``desc="games"`` (the
notebooks pass their progress bar, ``bonekit.widgets.teaching.progress``): it is handed one
item per game of the study and is advanced as ``simulate`` reports finished games. It changes
nothing in the results. A study's seeds must be consecutive (``range(100)``), because
``simulate`` plays game ``i`` from seed ``first + i``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import product
from typing import Any, TypeVar

from ...core import answers
from ...core.actions import Action
from ...core.bots import Bot
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.game import Outcome
from ...core.simulate import BotSpec, Results, Ticks, Track, bot_seed, no_track
from .bots import CarefulBot, CoopBot, GreedyBot, SoloBot
from .data import Components, card_value
from .game import BoneToPick
from .labels import arg_value, is_upgrade_arg
from .rules_logic import trophy_winner

T = TypeVar("T")
Bots = Mapping[int, Bot] | Bot
Distribution = Mapping[int, Any]          # {number: probability}, Fractions or floats



def _bot(bots: Bots, seat: int) -> Bot:
    return bots[seat] if isinstance(bots, Mapping) else bots


def _power(game: BoneToPick, state: Any) -> int:
    power = game.power(state)
    assert power is not None, "no undead is attacking"
    return power


def _outcome(game: BoneToPick, final: Any) -> Outcome:
    out = game.outcome(final)
    assert out is not None, "the game is not over"
    return out


def _first_and_count(seeds: Iterable[int]) -> tuple[int, int]:
    """``seeds`` as ``simulate`` takes them: the first seed and how many follow it."""
    seeds = list(seeds)
    first = seeds[0] if seeds else 0
    if seeds != list(range(first, first + len(seeds))):
        raise ValueError("a study's seeds must be consecutive whole numbers, such as range(100)")
    return first, len(seeds)


# ---- playing one game ------------------------------------------------------------------------

def play_fast(game: BoneToPick, state: Any, bots: Bots) -> Any:
    """Play ``bots`` (one per seat, or one for every seat) from ``state`` to the end and
    return the final state: ``game.playout``, the engine's fast path (one private copy
    changed in place, no events, no re-checks), which reaches the state ``play_out`` does.
    ``state`` is untouched."""
    table = bots if isinstance(bots, Mapping) else {seat: bots for seat in game.seats(state)}
    return game.playout(state, table)[0]


@dataclass(frozen=True)
class Run:
    """Bots played to a chosen moment: the ``state`` reached, the ``actions`` taken, all
    their ``events`` in order, and the events of the last action alone (``last_events``)."""

    state: Any
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    last_events: tuple[Event, ...] = ()

    @property
    def last(self) -> Action | None:
        """The last action taken (None if none was needed)."""
        return self.actions[-1] if self.actions else None


def play_until(game: BoneToPick, state: Any, bots: Bots,
               stop: Callable[[Any, Action | None], bool]) -> Run:
    """Let ``bots`` play from ``state`` until ``stop(state, last_action)`` is true (checked
    before every action, ``last_action`` None at first) or the game is over."""
    actions: list[Action] = []
    events: list[Event] = []
    last: tuple[Event, ...] = ()
    while not stop(state, actions[-1] if actions else None) and not game.is_over(state):
        seat = game.to_move(state)[0]
        action = _bot(bots, seat).choose(game, state, seat)
        state, last = game.apply(state, action)
        actions.append(action)
        events.extend(last)
    return Run(state, tuple(actions), tuple(events), last)


def upgrade_played(state: Any, last: Action | None) -> bool:
    """A ``play_until`` stop: true once the last action played an upgrade card."""
    return last is not None and last.verb == "play" and any(is_upgrade_arg(a) for a in last.args)


def to_turn(game: BoneToPick, state: Any, turn: int, bots: Bots | None = None) -> Any:
    """The state at the start of ``turn``, the turns before it played by ``bots`` (by default
    the kit's bot for the mode: SoloBot, CoopBot, or a careful table in the base game)."""
    if bots is None:
        bots = {"solo": SoloBot(), "coop": CoopBot()}.get(state.variant) or \
            careful_table(state.players, state.seed)
    return play_until(game, state, bots, lambda s, _: s.turn >= turn and not s.offer).state


def careful_table(players: int, seed: int) -> dict[int, Bot]:
    """One CarefulBot per seat, each with a seed (and so a temperament) of its own: the bots
    that ``simulate`` (and a ``Table``) seat for the game of ``seed`` (``bot_seed(seed, seat)``)."""
    return {seat: CarefulBot(seed=bot_seed(seed, seat)) for seat in range(players)}


def greedy_bot(margin: float | None) -> BotSpec:
    """P1's bot in ``greed_study``, as ``simulate`` takes it: a CarefulBot with ``margin`` (its
    aim moved by that share of its fair share), or the kit's GreedyBot (always its lowest card)
    for None."""
    return "greedy" if margin is None else partial(CarefulBot, margin=margin)


def greedy_table(seed: int, margin: float | None, players: int = 4) -> dict[int, Bot]:
    """``careful_table`` with P1 made greedy (see ``greedy_bot``): the table ``greed_study``
    plays for the deal ``seed``."""
    bots = careful_table(players, seed)
    bots[0] = GreedyBot() if margin is None else CarefulBot(seed=bot_seed(seed, 0), margin=margin)
    return bots


# ---- solo and co-op --------------------------------------------------------------------------

MODES = {"solo": 1, "co-op, 2 players": 2, "co-op, 3 players": 3}


@dataclass(frozen=True)
class ModeGame:
    """How one bot game of the solo or co-op mode ended."""

    result: str          # "victory" or "defeat"
    title: str           # the table's title
    left: int            # undead still in the stack


def mode_measure(game: BoneToPick, final: Any) -> dict[str, Any]:
    """``simulate`` columns of a solo or co-op game: the table's ``title`` and the undead
    ``left`` in the stack."""
    return {"title": _outcome(game, final).titles[0], "left": len(final.stack)}


def mode_study(game: BoneToPick, seeds: Iterable[int], modes: Mapping[str, int] = MODES,
               track: Track = no_track, workers: int | None = 1) -> dict[str, list[ModeGame]]:
    """Every mode of ``modes`` ({name: players}) played once per seed, through ``simulate``:
    SoloBot alone (1 player) or a CoopBot in every seat (2 or 3). The games per mode, in seed
    order."""
    seeds_ = _first_and_count(seeds)
    ticks = Ticks(track, seeds_[1] * len(modes))
    results: dict[str, list[ModeGame]] = {}
    for mode, players in modes.items():
        solo = players == 1
        rows = ticks.run(game, "solo" if solo else "coop", seeds_, players=players,
                         variant="solo" if solo else "coop", measure=mode_measure, workers=workers)
        results[mode] = [ModeGame(r["result"], r["title"], r["left"]) for r in rows]
    return results


def level_counts(data: Components, ids: Iterable[str]) -> dict[str, int]:
    """How many easy, medium and hard undead a list of undead ids holds."""
    found = Counter(data.undead[u].level for u in ids)
    return {level: found[level] for level in ("easy", "medium", "hard")}


def stack_levels(data: Components, state: Any, recipe: Sequence[Mapping[str, int]]) -> list[dict[str, int]]:
    """The levels of a solo or co-op stack (the face-up undead put back on top), cut into the
    small decks of ``recipe`` (one {level: count} per deck, top deck first)."""
    whole = ([state.current] if state.current else []) + list(state.stack)
    counts, start = [], 0
    for deck in recipe:
        size = sum(deck.values())
        counts.append(level_counts(data, whole[start:start + size]))
        start += size
    return counts


def title_bands(titles: Sequence[Sequence]) -> list[tuple[str, str]]:
    """A solo/co-op title table ``[(low, high, title)]`` in words: ("13 to 20", "Acolyte")."""
    def band(low: int, high: int | None) -> str:
        return f"{low}" if low == high else f"{low} or more" if high is None else f"{low} to {high}"
    return [(band(low, high), title) for low, high, title in titles]


def spent(action: Action) -> int:
    """The value a ``play`` action adds: its weapons and upgrades by value, ``none`` as 0."""
    return sum(arg_value(a) for a in action.args)


def cheapest_wins(game: BoneToPick, state: Any, seat: int = 0) -> list[tuple[int, str]]:
    """(value spent, label) of every play that reaches the power, cheapest first."""
    power = _power(game, state)
    return sorted((spent(a), a.label) for a in game.legal_actions(state, seat)
                  if a.verb == "play" and spent(a) >= power)


def judge_cheapest_pair(game: BoneToPick, state: Any, answer: str) -> tuple[bool, str]:
    """Judge a solo answer: it must beat the undead while spending the least value possible."""
    try:
        after, _ = game.apply(state, answer)
    except IllegalAction as refusal:
        return False, f"the engine refuses {answer!r}: {refusal.reason}."
    turn = after.history[-1]
    if not turn.defeated:
        return False, f"{turn.total} is not enough against power {turn.power}."
    cheapest = cheapest_wins(game, state)[0][0]
    if turn.total > cheapest:
        return False, f"it wins, but spends {turn.total}; a win is possible with {cheapest}."
    ups = sum(is_upgrade_arg(a) for a in game.parse_action(state, answer).args)
    keep = " and keeps the upgrade for later" if state.upgrades and not ups else ""
    return True, f"{turn.total} against power {turn.power}: the cheapest win{keep}."


def judge_last_card(game: BoneToPick, state: Any, answer: str) -> tuple[bool, str]:
    """Judge a co-op answer for the last player of a turn: complete the attack with the
    smallest card that is enough."""
    try:
        action = game.parse_action(state, answer)
        after, _ = game.apply(state, action)
    except IllegalAction as refusal:
        return False, f"the engine refuses {answer!r}: {refusal.reason}."
    turn = after.history[-1]
    if not turn.defeated:
        return False, f"the total is {turn.total}, short of the power {turn.power}."
    cheapest = cheapest_last_card(game, state, action.seat)
    if spent(action) > cheapest:
        return False, f"enough, but a card of value {cheapest} would do it too."
    return True, f"total {turn.total} against power {turn.power}, with the smallest card that is enough."


def cheapest_last_card(game: BoneToPick, state: Any, seat: int) -> int:
    """The smallest card value with which the last player of a co-op turn completes the attack."""
    missing = _power(game, state) - sum(card_value(c) for c in state.played if c is not None)
    return min(spent(a) for a in game.legal_actions(state, seat)
               if a.verb == "play" and spent(a) >= missing)


# ---- the base game: settings and greed ---------------------------------------------------------

SETTINGS = {"standard": {}, "easy deck": {"easy_deck": True}, "4-HP Haven": {"easier_haven": True}}


def _won(row: Mapping[str, Any]) -> bool:
    """A ``simulate`` row test: the table beat the horde."""
    return row["result"] == "victory"


def win_study(game: BoneToPick, settings: Mapping[str, Mapping[str, Any]], players: Iterable[int],
              seeds: Iterable[int], track: Track = no_track,
              workers: int | None = 1) -> dict[tuple[str, int], float]:
    """Share of games won by a careful table (``careful_table``), per (setting, players),
    through ``simulate``; the same seeds everywhere."""
    seeds_, players = _first_and_count(seeds), list(players)
    ticks = Ticks(track, seeds_[1] * len(settings) * len(players))
    rate = {}
    for setting, options in settings.items():
        for n in players:
            rows = ticks.run(game, "careful", seeds_, players=n, workers=workers, **options)
            rate[setting, n] = rows.share(_won)
    return rate


@dataclass
class GreedRow:
    """One greed level of ``greed_study``, as shares of its games (``hand_left`` an average)."""

    games: int = 0
    won: float = 0.0               # the table beat the horde
    legend: float = 0.0            # P1 is (or shares) the Legend
    scapegoat: float = 0.0         # P1 is (or shares) the Scapegoat
    sole_scapegoat: float = 0.0    # P1 alone is the Scapegoat
    partner_legend: float = 0.0    # P2, a careful partner, is (or shares) the Legend
    hand_left: float = 0.0         # weapon value left in P1's hand at the end


@dataclass(frozen=True)
class GreedStudy:
    """Rows per greed level, and for the all-careful table (margin 0), over all its games: how
    many undead got through in each turn, and in how many games the Haven fell in each turn."""

    rows: dict[str, GreedRow]
    hits_by_turn: dict[int, int]
    falls_by_turn: dict[int, int]


def greed_measure(game: BoneToPick, final: Any) -> dict[str, Any]:
    """``simulate`` columns of a base game for ``greed_study``: every seat's ``titles`` (None
    for no title), the weapon value left in P1's hand (``hand_left``), the turns in which an
    undead got through (``through``) and the ``last_turn`` played."""
    out = _outcome(game, final)
    return {"titles": tuple(out.titles.get(seat) for seat in range(final.players)),
            "hand_left": sum(final.hands[0]),
            "through": tuple(r.turn for r in final.history if not r.defeated),
            "last_turn": final.history[-1].turn}


def greed_row(rows: Results) -> GreedRow:
    """The shares of ``greed_study`` over the ``simulate`` rows of one greed level."""
    def share(test: Callable[[tuple], bool]) -> float:
        return rows.share(lambda r: test(r["titles"]))

    return GreedRow(len(rows), won=rows.share(_won),
                    legend=share(lambda t: t[0] == "Legend"),
                    scapegoat=share(lambda t: t[0] == "Scapegoat"),
                    sole_scapegoat=share(lambda t: t[0] == "Scapegoat" and not any(t[1:])),
                    partner_legend=share(lambda t: t[1] == "Legend"),
                    hand_left=rows.mean("hand_left"))


def greed_study(game: BoneToPick, levels: Sequence[tuple[str, float | None]], deals: Iterable[int],
                players: int = 4, track: Track = no_track, workers: int | None = 1) -> GreedStudy:
    """P1 at each greed level (``greedy_bot``) among careful players, on the same deals, through
    ``simulate`` (each level plays the tables ``greedy_table`` seats)."""
    deals_ = _first_and_count(deals)
    ticks = Ticks(track, deals_[1] * len(levels))
    rows: dict[str, GreedRow] = {}
    hits: Counter = Counter()
    falls: Counter = Counter()
    for label, margin in levels:
        bots = [greedy_bot(margin)] + ["careful"] * (players - 1)
        results = ticks.run(game, bots, deals_, measure=greed_measure, workers=workers)
        rows[label] = greed_row(results)
        if margin == 0.0:                          # the all-careful table
            for r in results:
                hits.update(r["through"])
                falls[r["last_turn"]] += r["result"] == "defeat"
    turns = range(1, max([*hits, *falls], default=0) + 1)
    return GreedStudy(rows, {t: hits[t] for t in turns}, {t: falls[t] for t in turns})


# ---- the trophy rule as a toy game: highest unique number wins ---------------------------------

def uniform(k: int) -> dict[int, Fraction]:
    """An opponent who picks 1 to ``k`` at random, each equally likely."""
    return {v: Fraction(1, k) for v in range(1, k + 1)}


def top_heavy(k: int, top: Fraction = Fraction(1, 2)) -> dict[int, Fraction]:
    """An opponent who picks ``k`` with chance ``top`` and otherwise 1 to ``k`` at random."""
    return {v: (1 - top) * Fraction(1, k) + (top if v == k else 0) for v in range(1, k + 1)}


def win_chance(my_pick: int, opponents: Sequence[Distribution]) -> Any:
    """The exact chance that ``my_pick`` is the highest number nobody else picked, with one
    distribution per opponent (exact with Fractions: every combination is enumerated)."""
    chance: Any = 0
    for combo in product(*(d.items() for d in opponents)):
        if trophy_winner((my_pick,) + tuple(v for v, _ in combo)) == 0:   # seat 0 is me
            p: Any = 1
            for _, q in combo:
                p *= q
            chance += p
    return chance


def best_response(opponents: Sequence[Distribution], k: int) -> tuple[int, dict[int, Any]]:
    """The pick from 1 to ``k`` most likely to win (the smaller on a tie), and every pick's chance."""
    chances = {v: win_chance(v, opponents) for v in range(1, k + 1)}
    return max(chances, key=lambda v: (chances[v], -v)), chances


def fictitious_play(k: int, rounds: int, players: int = 3) -> dict[int, float]:
    """The average mix of fictitious play: round after round every player picks the best
    response to the mix of all earlier picks (each number counted once at the start). In a
    symmetric game like this one the average settles towards a mixed equilibrium."""
    others = players - 1
    wins = {v: [combo for combo in product(range(1, k + 1), repeat=others)
                if trophy_winner((v,) + combo) == 0] for v in range(1, k + 1)}
    counts = Counter(range(1, k + 1))
    for _ in range(rounds):
        total = sum(counts.values())
        mix = {v: counts[v] / total for v in range(1, k + 1)}
        counts[max(mix, key=lambda v: float_chance(v, mix, wins))] += 1
    total = sum(counts.values())
    return {v: counts[v] / total for v in range(1, k + 1)}


def float_chance(pick: int, mix: Mapping[int, float], wins: Mapping[int, list] | None = None,
                 players: int = 3) -> float:
    """``win_chance`` in floating point for opponents who all play ``mix`` (fast enough for
    thousands of rounds); ``wins`` may hold the winning opponent picks per pick, precomputed."""
    if wins is None:
        k = max(mix)
        combos = [c for c in product(range(1, k + 1), repeat=players - 1)
                  if trophy_winner((pick,) + c) == 0]
    else:
        combos = wins[pick]
    total = 0.0
    for combo in combos:
        p = 1.0
        for v in combo:
            p *= mix[v]
        total += p
    return total


# A learner's best response is tried on these (name, opponents, k), and judged by win chance.
BEST_RESPONSE_CASES = (
    ("random opponents", (uniform(5), uniform(5)), 5),
    ("opponents who go for the top half the time", (top_heavy(5), top_heavy(5)), 5),
    ("two opponents who always pick 5", ({5: Fraction(1)}, {5: Fraction(1)}), 5),
    ("one random opponent and one who always picks 3", (uniform(3), {3: Fraction(1)}), 3),
)


def judge_best_response(function: Callable[[list, int], int]) -> tuple[bool, str]:
    """Judge a learner's ``function(opponents, k)`` against ``best_response`` on
    ``BEST_RESPONSE_CASES``: the first case it gets wrong is named, with both win chances."""
    if not callable(function):
        return False, "the answer should be your function itself (answer = my_best_response)."
    for name, opponents, k in BEST_RESPONSE_CASES:
        right, chances = best_response(list(opponents), k)
        try:
            got = function([dict(d) for d in opponents], k)
        except Exception as error:  # noqa: BLE001 - the learner's code: report it, never raise
            return False, f"against {name} it raised {type(error).__name__}: {error}."
        if got == right:
            continue
        if got not in chances:
            return False, f"against {name} it answers {got!r}, which is not a pick from 1 to {k}."
        return False, (f"against {name} it answers {got} (wins {float(chances[got]):.0%}), "
                       f"but {right} wins {float(chances[right]):.0%}"
                       + (" and is the smaller pick." if chances[got] == chances[right] else "."))
    return True, f"right in all {len(BEST_RESPONSE_CASES)} test cases."


def judge_chance(answer: Any, right: Fraction) -> tuple[bool, str]:
    """Judge a chance answer (see ``bonekit.core.answers.judge_chance``)."""
    return answers.judge_chance(answer, right, "Fraction(1, 2)")
    return None
