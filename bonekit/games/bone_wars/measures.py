"""How big a Bone Wars game plays: what a game's seats did, measured along the simulation path.

The figures the economy is judged by (issue 21's table): papers published, debunks, cards played
per round, final RP, credibility at the final scoring, patron switches, and passes made while a
card could still be played with $4 or more in hand.

    from bonekit.games.bone_wars.measures import measure_game, summarize
    m = measure_game(game, game.new(4, seed=0), {i: ScholarBot(i) for i in range(4)})
    summarize([m]).table()
"""
from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .rounds import credibility
from .state import PATRONS, BoneWarsState

RICH = 4  # $ held: a pass with this much and a playable card counts as a pass "with money left"


@dataclass
class SeatMeasures:
    """What one seat did in one game."""

    papers: int = 0
    debunks: int = 0
    cards: int = 0
    switches: int = 0
    passes: int = 0
    rich_passes: int = 0  # passes while a card was playable and $4 or more was held
    rp: int = 0


@dataclass
class GameMeasures:
    """One finished game: its seats' measures, its rounds, both patrons' final credibility and
    its winners."""

    seats: list[SeatMeasures]
    rounds: int
    credibility: dict[str, int] = field(default_factory=dict)
    winners: tuple[int, ...] = ()
    actions: int = 0


def measure_game(game: Any, state: BoneWarsState, bots: Mapping[int, Any],
                 max_actions: int = 20_000) -> GameMeasures:
    """Play ``state`` to the end with ``bots`` (seat -> bot) on a private copy, in place with
    events (the simulation path), and measure it."""
    s = state.copy()
    seats = [SeatMeasures() for _ in range(s.players)]
    n = 0
    while not s.over:
        if n >= max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
        seat = game.to_move(s)[0]
        action = bots[seat].choose(game, s, seat)
        if action.verb == "pass" and not s.pending and s.turn is None:
            seats[seat].passes += 1
            playable = any(a.verb == "play" for a in game.legal_actions(s, seat))
            seats[seat].rich_passes += playable and s.boards[seat].money >= RICH
        if action.verb == "play" and not s.pending:
            seats[seat].cards += 1
        patrons = [b.patron for b in s.boards]
        events: list = []
        game.step_fast(s, action, events)
        n += 1
        for e in events:
            who = e.data.get("seat")
            if who is None or not 0 <= who < s.players:
                continue
            if e.kind == "publish":
                seats[who].papers += 1
            elif e.kind == "debunk":
                seats[who].debunks += 1
        for i, b in enumerate(s.boards):
            seats[i].switches += b.patron != patrons[i] and s.phase != "bundles"
    for i, b in enumerate(s.boards):
        seats[i].rp = b.rp
    outcome = game.outcome(s)
    return GameMeasures(seats, s.round, {p: credibility(s, p) for p in PATRONS},
                        outcome.winners if outcome else (), n)


@dataclass
class Summary:
    """Means over games of what issue 21's table measures, per player per game unless named."""

    games: int
    players: int
    papers: float
    debunks_per_game: float
    cards_per_round: float
    rp_mean: float
    rp_min: int
    rp_max: int
    best_credibility: float
    switches: float
    rich_pass_share: float  # of the passes made, the share made with a playable card and $4+

    def table(self) -> str:
        """The figures as aligned lines of text."""
        rows = [
            ("papers published per player", f"{self.papers:.2f}"),
            ("debunks per game (whole table)", f"{self.debunks_per_game:.2f}"),
            ("cards played per player per round", f"{self.cards_per_round:.2f}"),
            ("final RP, mean (min-max)", f"{self.rp_mean:.1f} ({self.rp_min}-{self.rp_max})"),
            ("best credibility at the final scoring", f"{self.best_credibility:.2f}"),
            ("patron switches per player", f"{self.switches:.2f}"),
            (f"passes with a playable card and ${RICH}+", f"{100 * self.rich_pass_share:.0f}%"),
        ]
        width = max(len(k) for k, _ in rows)
        head = f"{self.games} games of {self.players} players"
        return "\n".join([head] + [f"  {k:<{width}}  {v}" for k, v in rows])


def summarize(games: Iterable[GameMeasures]) -> Summary:
    """The means of a list of measured games (all of one table size)."""
    games = list(games)
    if not games:
        raise ValueError("summarize needs at least one measured game")
    players = len(games[0].seats)
    seats = [s for g in games for s in g.seats]
    rps = [s.rp for s in seats]
    passes = sum(s.passes for s in seats)
    return Summary(
        games=len(games),
        players=players,
        papers=statistics.fmean(s.papers for s in seats),
        debunks_per_game=statistics.fmean(sum(s.debunks for s in g.seats) for g in games),
        cards_per_round=statistics.fmean(s.cards / g.rounds for g in games for s in g.seats),
        rp_mean=statistics.fmean(rps), rp_min=min(rps), rp_max=max(rps),
        best_credibility=statistics.fmean(max(g.credibility.values()) for g in games),
        switches=statistics.fmean(s.switches for s in seats),
        rich_pass_share=(sum(s.rich_passes for s in seats) / passes) if passes else 0.0,
    )


__all__ = ["GameMeasures", "SeatMeasures", "Summary", "measure_game", "summarize"]
