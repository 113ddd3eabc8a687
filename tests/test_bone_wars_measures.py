"""bonekit.games.bone_wars.measures: the economy's figures, counted along the simulation path,
agree with the same games played on the checked path and counted from their events."""
from __future__ import annotations

import pytest

import bonekit
from bonekit.games.bone_wars.bots import ScholarBot
from bonekit.games.bone_wars.measures import RICH, measure_game, summarize
from bonekit.games.bone_wars.rounds import credibility

GAME = bonekit.load("bone_wars")


def checked_counts(players: int, seed: int):
    """The same game on the checked ``apply`` path, counted by hand from its actions and events."""
    bots = {i: ScholarBot(seed * players + i) for i in range(players)}
    state = GAME.new(players, seed=seed)
    papers, debunks, cards = [0] * players, [0] * players, [0] * players
    switches, passes, rich = [0] * players, [0] * players, [0] * players
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(GAME, state, seat)
        if action.verb == "pass" and not state.pending and state.turn is None:
            passes[seat] += 1
            rich[seat] += (any(a.verb == "play" for a in GAME.legal_actions(state, seat))
                           and state.boards[seat].money >= RICH)
        cards[seat] += action.verb == "play" and not state.pending
        before = [b.patron for b in state.boards]
        state, events = GAME.apply(state, action)
        for e in events:
            if e.kind in ("publish", "debunk"):
                (papers if e.kind == "publish" else debunks)[e.data["seat"]] += 1
        for i, b in enumerate(state.boards):
            switches[i] += b.patron != before[i] and state.phase != "bundles"
    return state, papers, debunks, cards, switches, passes, rich


@pytest.mark.parametrize("players, seed", [(2, 0), (3, 4), (4, 1)])
def test_measures_agree_with_the_checked_path(players, seed):
    final, papers, debunks, cards, switches, passes, rich = checked_counts(players, seed)
    bots = {i: ScholarBot(seed * players + i) for i in range(players)}
    m = measure_game(GAME, GAME.new(players, seed=seed), bots)
    assert [s.papers for s in m.seats] == papers and [s.debunks for s in m.seats] == debunks
    assert [s.cards for s in m.seats] == cards and [s.switches for s in m.seats] == switches
    assert [s.passes for s in m.seats] == passes and [s.rich_passes for s in m.seats] == rich
    assert [s.rp for s in m.seats] == [b.rp for b in final.boards]
    assert m.credibility == {p: credibility(final, p) for p in ("marsh", "cope")}
    assert m.winners == GAME.outcome(final).winners and m.rounds == final.round
    assert sum(cards) > 0 and sum(passes) >= players  # everyone passes at least once a game


def test_summary_means_and_its_table():
    games = [measure_game(GAME, GAME.new(2, seed=s), {i: ScholarBot(2 * s + i) for i in range(2)})
             for s in range(3)]
    summary = summarize(games)
    seats = [s for g in games for s in g.seats]
    assert summary.papers == pytest.approx(sum(s.papers for s in seats) / 6)
    assert summary.rp_min == min(s.rp for s in seats) and summary.rp_max == max(s.rp for s in seats)
    assert 0 <= summary.rich_pass_share <= 1
    text = summary.table()
    assert text.startswith("3 games of 2 players") and "papers published per player" in text
    with pytest.raises(ValueError):
        summarize([])
