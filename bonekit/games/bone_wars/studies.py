"""Studies for the Bone Wars strategy lab (notebooks/bone_wars/03_strategy_lab.ipynb): what the
planning bot (``PlannerBot``) counts a thing to be worth, and what its games show. Pure engine
code: nothing here imports Jupyter.

* One game, move by move: ``lab_game`` lets planners play a table on the engine's fast path and
  keeps the table before every action with the engine's events (a ``Timeline``); its moments
  (``scoring_table``, ``key_pass``, ``first_debunk``; ``debunk_game`` looks further if the game
  has no debunk) are the tables the notebook studies.
* What a thing is worth, in the planner's words (``planner.horizons``, ``multiplier``,
  ``forecast``, ``paper_worth``): ``step_worth`` (one more loyalty step on each track, scoring by
  scoring), ``paper_parts`` (``paper_worth`` taken apart), ``university_options`` (how the
  planner rates each university, and so each patron, at a pass).
* What it would pay if the scoring came now (the engine's own scoring on a copy, narrated):
  ``score_now``, ``steps_now``, ``paper_now``, ``debunk_now``. A paper or a debunk changes
  what *every* seat scores, so these give each seat's change.
* Many games: ``Diary`` seats planners for ``bonekit.simulate`` that write their game down, and
  its ``measure`` turns each game into a row of ``GameFacts`` (papers, debunks, patron switches
  with what each earned, the cards and money at each pass). ``economy_study`` runs it with a
  progress bar; ``switch_summary``, ``worth_in_hindsight``, ``paper_summary``,
  ``debunk_summary`` and ``row_summary`` sum the rows up. ``*_words`` and ``*_lines`` put
  things in words for the notebook's cells.

A study takes ``progress``, a ``simulate`` progress callback (the notebook passes its bar).
"""
from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core.actions import Action
from ...core.events import Event
from ...core.simulate import Progress, Results, bot_seed, simulate
from . import effects, rounds, turn
from .data import components
from .game import BoneWars
from .measures import RICH
from .planner import (
    LOYALTY_PACE,
    PlannerBot,
    evaluate,
    forecast,
    horizons,
    multiplier,
    paper_worth,
)
from .planner import paper_parts as planner_paper_parts  # studies.paper_parts takes no horizons
from .state import PATRONS, BoneWarsState, Turn, rival
from .text import and_list, grant_words

S = BoneWarsState

LAB_PLAYERS = 2
LAB_SEED = 0
"""The lab's game: two planners, seed 0 (the bots seeded as ``simulate`` seeds them)."""
STUDY_GAMES = 10
"""Games of the notebook's live study (two planners each, seeds 0-9): about 6 s of CPU."""
SCORINGS = ("mid", "final")


@cache
def _game() -> BoneWars:
    return BoneWars()


def planner_table(players: int, seed: int) -> dict[int, PlannerBot]:
    """One PlannerBot per seat, seeded as ``bonekit.simulate`` seeds the game of ``seed``."""
    return {seat: PlannerBot(bot_seed(seed, seat)) for seat in range(players)}


# ---- one game, move by move ------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One action of a game: the table just before it (a private copy), the action, and what
    the engine reported."""

    before: S
    action: Action
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Timeline:
    """A whole game: its steps in order and the final table."""

    steps: tuple[Step, ...]
    final: S

    def after(self, i: int) -> S:
        """The table just after step ``i``."""
        return self.steps[i + 1].before if i + 1 < len(self.steps) else self.final

    def labels(self) -> list[str]:
        """Every action's label (a ``Replay`` of the game needs only these)."""
        return [s.action.label for s in self.steps]

    def events(self, kinds: Iterable[str] = ()) -> list[Event]:
        """The engine's events of the whole game, of ``kinds`` only if given."""
        kinds = set(kinds)
        return [e for s in self.steps for e in s.events if not kinds or e.kind in kinds]

    def first(self, test: Callable[[Step], bool], start: int = 0) -> int | None:
        """The index of the first step from ``start`` that passes ``test``."""
        return next((i for i in range(start, len(self.steps)) if test(self.steps[i])), None)

    def scoring_table(self, when: str = "mid") -> S:
        """The table the ``when`` scoring ("mid" or "final") scored: for the mid scoring the
        table as round 3 begins (nothing but the scoring and the reset happened since round 2's
        last action), for the final one the end of the game."""
        if when == "final":
            return self.final
        i = self.first(lambda s: s.before.round >= 3)
        if i is None:
            raise ValueError("the game never reached round 3")
        return self.steps[i].before

    def last_pass(self, seat: int | None, round_no: int = 2) -> int:
        """The index of ``seat``'s (or anyone's, for None) last university choice in
        ``round_no``, where a pass sets the patron for the next round."""
        found = [i for i, s in enumerate(self.steps) if s.action.verb == "university"
                 and s.before.round == round_no and seat in (None, s.action.seat)]
        if not found:
            raise ValueError(f"no university choice in round {round_no}")
        return found[-1]

    def key_pass(self) -> int:
        """The index of the game's last real patron choice before the mid scoring: a university
        choice (rounds 1 and 2) that offered both patrons. If the game has none, the last
        university choice of round 2."""
        found = [i for i, s in enumerate(self.steps)
                 if s.action.verb == "university" and s.before.round <= 2
                 and len(set(_university_patrons(s.before, s.action.seat))) == 2]
        return found[-1] if found else self.last_pass(None, 2)

    def first_debunk(self) -> int | None:
        """The index of the game's first debunk (the table before it has the set still in the
        crates), or None."""
        return self.first(lambda s: s.action.verb == "debunk")

    def facts(self) -> GameFacts:
        """The game's ``GameFacts`` (as ``Diary.measure`` counts them)."""
        return game_facts([(s.before, s.action) for s in self.steps], self.final)


def lab_game(players: int = LAB_PLAYERS, seed: int = LAB_SEED) -> Timeline:
    """Planners play the game of ``seed`` to the end on the fast path (the states ``simulate``
    reaches), keeping every table and the engine's events."""
    game = _game()
    bots = planner_table(players, seed)
    s = game.new(players, seed=seed)
    steps: list[Step] = []
    while not s.over:
        seat = game.to_move(s)[0]
        action = bots[seat].choose(game, s, seat)
        before, events = s.copy(), []
        game.step_fast(s, action, events)
        steps.append(Step(before, action, tuple(events)))
    return Timeline(tuple(steps), s)


def debunk_game(first: Timeline, players: int = LAB_PLAYERS, seeds: Iterable[int] = range(1, 30)) -> Timeline:
    """``first`` if it holds a debunk, else the first planner game of ``seeds`` that does."""
    if first.first_debunk() is not None:
        return first
    for seed in seeds:
        game = lab_game(players, seed)
        if game.first_debunk() is not None:
            return game
    raise ValueError("no debunk in any of these games")


# ---- what the planner counts a thing to be worth ------------------------------------------------
def scorings_left(state: S) -> tuple[str, ...]:
    """The scorings still to come: both before round 3 begins, the final one after."""
    if state.over:
        return ()
    return SCORINGS if state.round <= 2 else ("final",)


@dataclass(frozen=True)
class StepWorth:
    """What the planner counts one more loyalty step on ``patron``'s track worth at one scoring:
    ``rounds_left`` of play before it (``horizons``), the credibility the patron has now and the
    credibility it forecasts then, and the RP the step adds there (the multiplier's rise over
    one step, which the planner smooths to half a multiplier, times the forecast)."""

    patron: str
    scoring: str
    rounds_left: float
    credibility: int
    forecast: float
    worth: float


def step_worth(state: S, seat: int) -> list[StepWorth]:
    """One more loyalty step on each patron's track, scoring by scoring, as the planner counts
    it for ``seat``: the loyalty still to come this game goes to the current patron (``LOYALTY_PACE``
    a round), so that track's step is counted from further up."""
    b = state.boards[seat]
    out = []
    for when, h in zip(scorings_left(state), horizons(state)):
        for p in PATRONS:
            level = b.loyalty[p] + (LOYALTY_PACE * h if p == b.patron else 0.0)
            cred = forecast(state, p, h)
            out.append(StepWorth(p, when, h, rounds.credibility(state, p), cred,
                                 (multiplier(level + 1) - multiplier(level)) * cred))
    return out


def game_clock(state: S) -> float:
    """How far the game has come, in rounds (0 at the start of round 1, 4 at the end): the
    rounds gone plus the share of this round's slots already played."""
    return 4 - horizons(state)[-1] if not state.over else 4.0


def worth_curve(timeline: Timeline, seat: int) -> dict[str, list[tuple[float, float]]]:
    """``worth_of_step`` for ``seat`` and each patron at the start of every turn of the game
    (x: ``game_clock``)."""
    out: dict[str, list[tuple[float, float]]] = {p.title(): [] for p in PATRONS}
    for step in timeline.steps:
        s = step.before
        if s.phase == "turn" and s.turn is None and not s.pending:
            x = round(game_clock(s), 2)
            for p in PATRONS:
                out[p.title()].append((x, round(worth_of_step(s, seat, p), 2)))
    return out


def worth_of_step(state: S, seat: int, patron: str) -> float:
    """``step_worth`` summed over the scorings left: what one more step for ``patron`` is worth."""
    return sum(w.worth for w in step_worth(state, seat) if w.patron == patron)


def paper_parts(state: S, seat: int) -> dict[str, float]:
    """``planner.paper_worth`` taken apart (``planner.paper_parts``) at ``state``'s scorings ahead."""
    return planner_paper_parts(state, seat, horizons(state))


def paper_value(state: S, seat: int) -> float:
    """The planner's own figure: ``paper_worth`` at ``state``'s scorings ahead."""
    return paper_worth(state, seat, horizons(state))


@dataclass(frozen=True)
class Option:
    """One university a seat may return its team to at a pass, as the planner sees it."""

    space: int
    patron: str
    grant: str
    value: float            # the planner's evaluation of the table after the choice


def university_options(state: S, seat: int) -> list[Option]:
    """Every university ``seat`` may choose at this pass (``state`` owes that decision): its
    patron, its grant, and the planner's evaluation of the table after it, as the planner makes
    it (from ``game.bot_view``, one step on): the planner takes the highest."""
    game = _game()
    if not state.pending or state.pending[0].kind != "university" or state.pending[0].seat != seat:
        raise ValueError(f"P{seat + 1} owes no university choice here")
    view = game.bot_view(state, seat)
    out = []
    for a in game.legal_actions(view, seat):
        nxt = view.copy()
        game.step_fast(nxt, a)
        space = int(a.args[0])
        out.append(Option(space, nxt.boards[seat].patron, state.grants.get(space, ""), evaluate(nxt, seat)))
    return out


# ---- what it would pay if the scoring came now --------------------------------------------------
def score_now(state: S, events: list[Event] | None = None) -> tuple[int, ...]:
    """What a scoring would pay each seat on ``state`` (the engine's scoring, on a copy)."""
    probe = state.copy()
    rounds.score(probe, "probe", events)
    return tuple(probe.scored["probe"])


def _change(before: S, after: S, scorings: int) -> tuple[int, ...]:
    return tuple(scorings * (a - b) for a, b in zip(score_now(after), score_now(before)))


def steps_now(state: S, seat: int, patron: str, n: int = 1) -> int:
    """The RP ``n`` more loyalty with ``patron`` would add to ``seat``'s scorings still to come,
    the shelves and everything else staying as they are."""
    after = state.copy()
    effects.gain_loyalty(after, seat, patron, n, None)
    over = after.boards[seat].rp - state.boards[seat].rp  # steps over the top pay at once
    return over + _change(state, after, len(scorings_left(state)))[seat]


@dataclass(frozen=True)
class WhatIf:
    """A paper or a debunk staged on a copy of the table: the engine's events, and each seat's
    RP change at one scoring (``per_scoring``) if it came now; ``scorings`` still to come."""

    table: S
    events: tuple[Event, ...]
    per_scoring: tuple[int, ...]
    scorings: int

    def total(self, seat: int) -> int:
        """``seat``'s change over every scoring still to come, nothing else changing."""
        return self.per_scoring[seat] * self.scorings

    def lead(self, seat: int) -> int:
        """How much ``seat`` gains on the best of the others over the scorings to come."""
        others = [self.total(s) for s in range(len(self.per_scoring)) if s != seat]
        return self.total(seat) - max(others)


def paper_now(state: S, seat: int, bones: int = 2) -> WhatIf:
    """``seat`` publishes one ``bones``-bone paper (2-4): its paper joins the patron's side and
    its loyalty is paid (prize, envelope and bonuses left out: they are not scored)."""
    if bones not in turn.PAPER_LOYALTY:
        raise ValueError("a paper takes 2, 3 or 4 bones")
    after, events = state.copy(), []
    b = after.boards[seat]
    turn.add_paper(after, b.patron, bones, events, seat)
    effects.gain_loyalty(after, seat, b.patron, turn.PAPER_LOYALTY[bones], events)
    return WhatIf(after, tuple(events), _change(state, after, 1), len(scorings_left(state)))


def debunk_now(state: S, seat: int, value: int, bone: str = "torso") -> WhatIf:
    """``seat`` debunks a value-``value`` paper of the other patron's with a set of ``bone``,
    by the engine's debunk on a copy (the bones the crates lack put there for the purpose; no
    card bonus or grant)."""
    if value not in turn.debunk_targets(state, rival(state.boards[seat].patron)):
        raise ValueError(f"no value-{value} paper on the rival's side to debunk")
    after, events = state.copy(), []
    b = after.boards[seat]
    b.grant = None
    b.crates.extend([bone] * max(0, value - b.crates.count(bone)))
    t = Turn(seat, "", 0, mode="paleo", action="debunk")
    turn.debunk(after, seat, t, [bone] * value, events)
    effects.run(after, events)
    return WhatIf(after, tuple(events), _change(state, after, 1), len(scorings_left(state)))


def stay_or_switch(state: S, seat: int, gained: int) -> dict[str, int]:
    """What the final scoring would pay ``seat`` if the ``gained`` loyalty still to come went
    to each patron in turn (the shelves as they are now, nothing else changing)."""
    out = {}
    for p in PATRONS:
        after = state.copy()
        effects.gain_loyalty(after, seat, p, gained, None)
        out[p] = score_now(after)[seat] + after.boards[seat].rp - state.boards[seat].rp
    return out


def stay_gain(state: S, seat: int, gained: int) -> int:
    """``stay_or_switch``: how many RP more the final scoring pays ``seat`` if the ``gained``
    loyalty goes to the current patron rather than the other one (negative: switching pays)."""
    paid = stay_or_switch(state, seat, gained)
    patron = state.boards[seat].patron
    return paid[patron] - paid[rival(patron)]


# ---- many games ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Switch:
    """A seat changed patron. ``earned``: for each scoring at or after it, the RP that scoring
    paid more than it would have had the loyalty gained on the new track while serving it gone
    to the old track instead (the shelves as they were then)."""

    seat: int
    round: int
    verb: str               # "university" (a pass), or the bonus or site action that swapped
    old: str
    new: str
    credibility: tuple[int, int]    # Marsh's and Cope's, just before the switch
    earned: tuple[tuple[str, int], ...]
    stronger: bool          # the new patron was the more credible at the next scoring
    forced: bool            # at a pass, no university of the old patron was free

    @property
    def total(self) -> int:
        return sum(rp for _, rp in self.earned)

    @property
    def before_mid(self) -> bool:
        return self.round <= 2


@dataclass(frozen=True)
class Pass:
    """A seat passed: when, with how much money, how many cards it had played into how many
    slots, and whether a card could still have been played."""

    seat: int
    round: int
    money: int
    played: int
    slots: int
    playable: bool


@dataclass(frozen=True)
class GameFacts:
    """What one game's seats did, counted from the tables before each action."""

    players: int
    papers: tuple[tuple[int, int, int], ...]        # (seat, round, bones) per paper
    debunks: tuple[tuple[int, int, int], ...]       # (seat, round, value) per debunk
    switches: tuple[Switch, ...]
    passes: tuple[Pass, ...]
    credibility: dict[str, tuple[int, int]]         # "mid"/"final" -> (Marsh, Cope)
    scored: dict[str, tuple[int, ...]]              # "mid"/"final" -> RP per seat
    rp: tuple[int, ...]

    def count(self, what: str, seat: int) -> int:
        """``seat``'s papers, debunks or switches."""
        return sum(1 for x in getattr(self, what) if (x.seat if isinstance(x, Switch) else x[0]) == seat)


def _creds(s: S) -> tuple[int, int]:
    return tuple(rounds.credibility(s, p) for p in PATRONS)  # type: ignore[return-value]


def game_facts(pages: Sequence[tuple[S, Action]], final: S) -> GameFacts:
    """``GameFacts`` of a game given as (table before, action) pairs in order and the final
    table (the tables must be copies that later actions do not change)."""
    game = _game()
    tables = [s for s, _ in pages] + [final]
    mid = next((i for i, s in enumerate(tables) if s.round >= 3), len(tables) - 1)
    at = {"mid": tables[mid], "final": final}
    papers, debunks, passes, switches = [], [], [], []
    for i, (s, a) in enumerate(pages):
        nxt, seat = tables[i + 1], a.seat
        if a.verb == "done" and s.turn is not None and s.turn.action == "publish":
            papers += [(seat, s.round, len(paid)) for _, paid in s.turn.papers]
        elif a.verb == "debunk":
            debunks.append((seat, s.round, int(a.args[1])))
        elif a.verb == "pass" and not s.pending and s.turn is None:
            b = s.boards[seat]
            playable = any(x.verb == "play" for x in game.legal_actions(s, seat))
            played = sum(1 for c in b.played if c)
            passes.append(Pass(seat, s.round, b.money, played, len(b.played), playable))
        if s.phase != "turn":
            continue
        for who, (b0, b1) in enumerate(zip(s.boards, nxt.boards)):
            if b0.patron != b1.patron:
                switches.append(_switch(tables, i, who, a, at, mid))
    return GameFacts(final.players, tuple(papers), tuple(debunks), tuple(switches), tuple(passes),
                     {k: _creds(v) for k, v in at.items()},
                     {k: tuple(v) for k, v in final.scored.items()}, tuple(b.rp for b in final.boards))


def _switch(tables: list[S], i: int, seat: int, a: Action, at: dict[str, S], mid: int) -> Switch:
    """The switch made by action ``i`` (``tables[i]`` before it), with what it earned."""
    s = tables[i]
    old, new = s.boards[seat].patron, tables[i + 1].boards[seat].patron
    # the stint: from this switch to the next one of the seat's (or the end)
    end = next((j for j in range(i + 1, len(tables) - 1)
                if tables[j].phase == "turn" and tables[j + 1].boards[seat].patron != new), len(tables) - 1)
    start = s.boards[seat].loyalty[new]
    earned, stronger = [], None
    for when, j in (("mid", mid), ("final", len(tables) - 1)):
        if when == "mid" and s.round > 2:
            continue
        gained = tables[min(end, j)].boards[seat].loyalty[new] - start
        table = at[when]
        cred = {p: rounds.credibility(table, p) for p in PATRONS}
        level = table.boards[seat].loyalty
        mult = components().loyalty.multiplier
        actual = sum(mult(level[p]) * cred[p] for p in PATRONS)
        moved = {new: level[new] - gained, old: level[old] + gained}
        instead = sum(mult(moved[p]) * cred[p] for p in PATRONS)
        earned.append((when, actual - instead))
        if stronger is None:
            stronger = cred[new] > cred[old]
    verb = a.verb if a.seat == seat else "other"
    forced = verb == "university" and all(p != old for p in _university_patrons(s, seat))
    return Switch(seat, s.round, verb, old, new, _creds(s), tuple(earned), bool(stronger), forced)


def _university_patrons(state: S, seat: int) -> list[str]:
    """The patrons of the universities ``seat`` may return to at this pass."""
    d = {u.space: u.patron for u in components().universities}
    return [d[int(a.args[0])] for a in _game().legal_actions(state, seat) if a.verb == "university"]


class Diary:
    """Planners that write their game down, for ``bonekit.simulate``: pass ``diary.bot`` as
    every seat's bot factory and ``diary.measure`` as the measure; each row then holds the
    game's ``GameFacts`` under ``"facts"``. Every action of a game is chosen by one of its bots,
    so the bots together see the table before each one (kept by the game's seed; ``measure``
    takes the game's pages out again). Works on several workers too: a worker's bots and
    measure share one unpickled diary."""

    def __init__(self) -> None:
        self.pages: dict[int, list[tuple[S, Action]]] = {}

    def bot(self, seed: int) -> _DiaryBot:
        return _DiaryBot(seed, self)

    def measure(self, game: Any, final: S) -> dict[str, Any]:
        pages = self.pages.pop(final.seed, [])
        return {"facts": game_facts(pages, final)}


class _DiaryBot(PlannerBot):
    """A PlannerBot that writes each table it decides on, and its choice, into a ``Diary``."""

    def __init__(self, seed: int, diary: Diary):
        super().__init__(seed)
        self.diary = diary

    def choose(self, game: Any, state: S, seat: int) -> Action:
        action = super().choose(game, state, seat)
        self.diary.pages.setdefault(state.seed, []).append((state.copy(), action))
        return action


def economy_study(games: int = STUDY_GAMES, players: int = LAB_PLAYERS, seed: int = 0,
                  progress: Progress | None = None, workers: int | None = 1) -> list[GameFacts]:
    """``games`` planner self-play games (seeds ``seed``, ``seed + 1``, ...) through
    ``bonekit.simulate``, each as its ``GameFacts``."""
    diary = Diary()
    rows: Results = simulate("bone_wars", [diary.bot] * players, games=games, seed=seed,
                             workers=workers, progress=progress, measure=diary.measure)
    return [r["facts"] for r in rows]


# ---- the study summed up ---------------------------------------------------------------------------
def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return statistics.fmean(values) if values else 0.0


def _seats(games: Sequence[GameFacts]) -> int:
    return sum(g.players for g in games)


@dataclass(frozen=True)
class SwitchSummary:
    """The patron switches of a study: how many per player, by round; the mean RP a switch of
    each round earned; the shares that went to the patron more credible at the next scoring,
    that earned RP, and that were forced (no university of the old patron free at the pass)."""

    total: int
    per_player: float
    by_round: dict[int, float]          # switches per player made in each round
    earned_by_round: dict[int, float]   # mean RP earned by a switch made in that round
    stronger: float
    paid: float
    forced: float

    def words(self) -> str:
        return (f"{self.total} switches, {self.per_player:.2f} per player; {self.stronger:.0%} went to "
                f"the patron more credible at the next scoring, {self.paid:.0%} earned RP, and "
                f"{self.forced:.0%} were forced (the old patron's universities were taken).")


def switch_summary(games: Sequence[GameFacts]) -> SwitchSummary:
    switches = [w for g in games for w in g.switches]
    seats = _seats(games)
    by_round = {r: sum(1 for w in switches if w.round == r) / seats for r in (1, 2, 3, 4)}
    earned = {r: _mean(w.total for w in switches if w.round == r) for r in (1, 2, 3, 4)}
    return SwitchSummary(len(switches), len(switches) / seats, by_round, earned,
                         _mean(w.stronger for w in switches), _mean(w.total > 0 for w in switches),
                         _mean(w.forced for w in switches))


def worth_in_hindsight(games: Sequence[GameFacts]) -> dict[str, dict[str, float]]:
    """What one loyalty step turned out to be worth, on average over ``games``: half a multiplier
    (the average step) times the credibility at each scoring it was counted in, for a step taken
    before the mid scoring (counted twice) and after it (once), on the track of the patron more
    credible at the final scoring and of the other one."""
    out: dict[str, dict[str, float]] = {}
    for when, twice in (("before the mid scoring", True), ("after it", False)):
        strong, weak = [], []
        for g in games:
            final = dict(zip(PATRONS, g.credibility["final"]))
            mid = dict(zip(PATRONS, g.credibility["mid"]))
            top = max(PATRONS, key=lambda p: (final[p], p))
            for p, into in ((top, strong), (rival(top), weak)):
                into.append(0.5 * (final[p] + (mid[p] if twice else 0)))
        out[when] = {"the patron stronger at the end": _mean(strong), "the other patron": _mean(weak)}
    return out


@dataclass(frozen=True)
class PaperSummary:
    per_player: float
    by_round: dict[int, float]       # papers per player in each round
    by_bones: dict[int, int]         # papers of 2, 3 and 4 bones
    final_credibility: float         # the more credible patron's, at the final scoring


def paper_summary(games: Sequence[GameFacts]) -> PaperSummary:
    papers = [p for g in games for p in g.papers]
    seats = _seats(games)
    return PaperSummary(len(papers) / seats,
                        {r: sum(1 for p in papers if p[1] == r) / seats for r in (1, 2, 3, 4)},
                        {n: sum(1 for p in papers if p[2] == n) for n in (2, 3, 4)},
                        _mean(max(g.credibility["final"]) for g in games))


@dataclass(frozen=True)
class DebunkSummary:
    per_game: float
    by_round: dict[int, float]       # debunks per game in each round
    by_value: dict[int, int]


def debunk_summary(games: Sequence[GameFacts]) -> DebunkSummary:
    debunks = [d for g in games for d in g.debunks]
    n = len(games)
    by_round = {r: sum(1 for d in debunks if d[1] == r) / n for r in (1, 2, 3, 4)}
    by_value = {v: sum(1 for d in debunks if d[2] == v) for v in (2, 3, 4)}
    return DebunkSummary(len(debunks) / n, by_round, by_value)


@dataclass(frozen=True)
class RowSummary:
    """Each round's passes: cards played before passing (how far along the row of action slots),
    the slots the row had, the money held, and the share of passes made with money ($4+) while a
    card was playable."""

    cards: dict[int, float]
    slots: dict[int, float]          # action slots in the row at the pass (upgrades add some)
    money: dict[int, float]
    rich: dict[int, float]
    rich_overall: float


def row_summary(games: Sequence[GameFacts]) -> RowSummary:
    passes = [p for g in games for p in g.passes]

    def of(r: int) -> list[Pass]:
        return [p for p in passes if p.round == r]

    rich = lambda ps: _mean(p.playable and p.money >= RICH for p in ps)  # noqa: E731
    return RowSummary({r: _mean(p.played for p in of(r)) for r in (1, 2, 3, 4)},
                      {r: _mean(p.slots for p in of(r)) for r in (1, 2, 3, 4)},
                      {r: _mean(p.money for p in of(r)) for r in (1, 2, 3, 4)},
                      {r: rich(of(r)) for r in (1, 2, 3, 4)}, rich(passes))


# ---- words -----------------------------------------------------------------------------------------
def switch_words(w: Switch) -> str:
    """A switch in one line."""
    how = "at a pass" if w.verb == "university" else f"by '{w.verb}'"
    earned = and_list([f"{rp:+d} RP at the {when} scoring" for when, rp in w.earned])
    return (f"round {w.round}: P{w.seat + 1} leaves {w.old.title()} for {w.new.title()} {how} "
            f"(credibility Marsh {w.credibility[0]}, Cope {w.credibility[1]}); it earned {earned}")


def table_words(state: S) -> list[str]:
    """The table in a few lines: each patron's credibility, each seat's patron, loyalty (with
    the multiplier it scores) and RP."""
    cred = {p: rounds.credibility(state, p) for p in PATRONS}
    lines = [f"round {state.round}: credibility Marsh {cred['marsh']}, Cope {cred['cope']}"]
    mult = components().loyalty.multiplier
    for seat, b in enumerate(state.boards):
        tracks = ", ".join(f"{p.title()} {b.loyalty[p]} (x{mult(b.loyalty[p])})" for p in PATRONS)
        lines.append(f"{state.names[seat]}: patron {b.patron.title()} · loyalty {tracks} · {b.rp} RP")
    return lines


def worth_lines(state: S, seat: int) -> list[str]:
    """``step_worth`` in words, a line per scoring and patron."""
    return [f"{w.scoring} scoring, {w.rounds_left:.1f} rounds ahead: {w.patron.title():5} credibility "
            f"{w.credibility} now, {w.forecast:.1f} forecast: a step is worth {w.worth:.2f} RP"
            for w in step_worth(state, seat)]


def option_lines(state: S, seat: int) -> list[str]:
    """``university_options`` in words, a line per university."""
    names = {u.space: u.name for u in components().universities}
    return [f"space {o.space}, {names[o.space]}: patron {o.patron.title()}, grant: {grant_words(o.grant)}; "
            f"the planner rates the table after it {o.value:.1f}" for o in university_options(state, seat)]


def what_if_lines(what: WhatIf) -> list[str]:
    """Each seat's change at one scoring and over the scorings still to come."""
    return [f"P{seat + 1}: {rp:+d} RP at a scoring now, {what.total(seat):+d} over the {what.scorings} "
            f"still to come" for seat, rp in enumerate(what.per_scoring)]


def university_words() -> list[str]:
    """Each university space with its name and patron."""
    return [f"space {u.space}: {u.name} ({u.patron.title()})" for u in components().universities]


def track_words() -> str:
    """The loyalty track: the multiplier each position scores."""
    return " ".join(f"{n}:x{m}" for n, m in enumerate(components().loyalty.multipliers))


def slot_prices() -> list[int]:
    """The printed action slots' prices, left to right."""
    return [slot.cost for slot in components().action_slots]


__all__ = [
    "Diary", "GameFacts", "LAB_PLAYERS", "LAB_SEED", "Option", "Pass", "STUDY_GAMES", "Step",
    "StepWorth", "Switch", "Timeline", "WhatIf", "debunk_game", "debunk_now", "debunk_summary",
    "economy_study", "game_clock", "game_facts", "lab_game", "option_lines", "paper_now",
    "paper_parts", "paper_summary", "paper_value", "planner_table", "row_summary", "score_now",
    "scorings_left", "slot_prices", "stay_gain", "stay_or_switch", "step_worth", "steps_now",
    "switch_summary", "switch_words", "table_words", "track_words", "university_options", "university_words",
    "what_if_lines", "worth_curve", "worth_in_hindsight", "worth_lines", "worth_of_step",
]
