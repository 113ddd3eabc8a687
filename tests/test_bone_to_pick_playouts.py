"""Random and careful playouts of Bone to Pick, with invariants checked after every action:
components conserved, legal actions until the end, determinism (also across processes),
replay round trips, views that hide secrets, and ``apply`` never mutating its input."""
from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bonekit import RandomBot, Replay, play_out
from bonekit.core import events_for
from bonekit.games.bone_to_pick import HIDDEN, CarefulBot, GreedyBot
from conftest import FULL_HAND, PLAYER_COUNTS, check_invariants, check_view, replay_texts

SEEDS_PER_COUNT = 40
BOTS = {"random": RandomBot, "careful": CarefulBot}


def run_game(game, players, seed, bot_kind, options=None, full_checks=True):
    """Play one game with one bot per seat; the next seat to act is picked at random among
    the seats that owe a decision, so every interleaving of the simultaneous step occurs.

    Returns (labels, texts, events): ``texts[k]`` is the all-seeing text after k actions.
    """
    options = options or {}
    state = game.new(players, seed=seed, **options)
    bots = {s: BOTS[bot_kind](seed=1000 * seed + s) for s in range(players)}
    order = random.Random(f"order:{players}:{seed}:{bot_kind}")
    setup = game.setup_events(state)
    deck_at_setup = next(e.data["deck"] for e in setup if e.kind == "shuffle")
    labels, texts, all_events = [], [game.text(state)], [setup]
    check_invariants(game, state)
    while True:
        owing = game.to_move(state)
        if not owing:
            break
        assert len(labels) < 10 * players, "more actions than ten turns allow"
        seat = order.choice(owing)
        action = bots[seat].choose(game, state, seat)
        assert action in game.legal_actions(state, seat)
        if full_checks:
            # Every seat's view on the first games; the acting seat's view on all of them.
            for s in (range(players) if seed < 4 else (seat,)):
                check_view(game, state, s)
            before, before_text = copy.deepcopy(state), game.text(state)
        new, events = game.apply(state, action)
        if full_checks:
            assert state == before and game.text(state) == before_text, "apply mutated its input"
            check_invariants(game, new)
            # A seat's own choice is told only to that seat.
            for e in events:
                if e.kind == "choose":
                    assert e.visible_to == (seat,) and e.data["value"] == int(action.args[0])
            for other in range(players):
                if other != seat:
                    assert not any(e.kind == "choose" for e in events_for(events, other))
        state = new
        labels.append(action.label)
        texts.append(game.text(state))
        all_events.append(events)
    assert game.outcome(state) is not None and state.turn <= 10
    assert [r.undead for r in state.history] == list(deck_at_setup[:len(state.history)])
    ended = all_events[-1][-1]
    assert ended.kind == "end" and ended.rule == game.outcome(state).rule
    assert ended.rule in ("bone_to_pick.end.legend", "bone_to_pick.end.scapegoat")
    return labels, texts, all_events




@pytest.mark.parametrize("bot_kind", sorted(BOTS))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_playouts_keep_invariants_and_are_deterministic(game, players, bot_kind):
    results = set()
    lengths = []
    for seed in range(SEEDS_PER_COUNT):
        labels, texts, all_events = run_game(game, players, seed, bot_kind)
        # Same seed, same labels: the same game, step by step.
        assert replay_texts(game, players, seed, labels) == texts
        # Every event cites a rule section of the catalog.
        for events in all_events:
            for e in events:
                assert e.rule in game.rules, e.rule
        results.add(all_events[-1][-1].data["result"])
        lengths.append(len(labels))
    # The sample is not degenerate: games of different lengths occurred.
    assert len(set(lengths)) > 1 or bot_kind == "careful"
    assert results <= {"victory", "defeat"}


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_playouts_easy_deck_and_easier_haven(game, players):
    for seed in range(8):
        options = {"easy_deck": seed % 2 == 0, "easier_haven": seed % 4 < 2}
        labels, texts, _ = run_game(game, players, seed, "random", options)
        assert replay_texts(game, players, seed, labels, options) == texts


def test_careful_bots_win_sometimes_and_random_bots_lose_sometimes(game):
    """A sanity check that both outcomes are reached (so both end paths are exercised)."""
    outcomes = {"random": set(), "careful": set()}
    for kind in outcomes:
        for seed in range(30):
            _, _, events = run_game(game, 4, seed, kind, full_checks=False)
            outcomes[kind].add(events[-1][-1].data["result"])
    assert "defeat" in outcomes["random"]
    assert "victory" in outcomes["careful"]


@pytest.mark.parametrize("bot_kind", sorted(BOTS))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_replay_round_trip_at_every_prefix(game, players, bot_kind):
    for seed in range(2):
        labels, texts, _ = run_game(game, players, seed, bot_kind, full_checks=False)
        for k in range(len(labels) + 1):
            replay = Replay("bone_to_pick", players, seed, None, {}, labels[:k])
            loaded = Replay.from_json(replay.to_json())
            assert loaded == replay
            assert game.text(loaded.final_state()) == texts[k]
            assert len(loaded.states) == k + 1
            assert len(loaded.events) == k + 1


def test_play_out_helper_matches_replay(game):
    for players in PLAYER_COUNTS:
        state0 = game.new(players, seed=players)
        bots = {s: CarefulBot(seed=s) for s in range(players)}
        final, actions = play_out(game, state0, bots)
        assert game.is_over(final)
        replay = Replay("bone_to_pick", players, players, None, {}, [a.label for a in actions])
        assert game.text(replay.final_state()) == game.text(final)
        assert game.text(state0) == game.text(game.new(players, seed=players))   # untouched
        final2, actions2 = play_out(game, state0, RandomBot(seed=3))
        assert game.is_over(final2) and len(actions2) <= 10 * players
    with pytest.raises(RuntimeError, match="no end after 3 actions"):
        play_out(game, game.new(2, seed=0), RandomBot(), max_actions=3)


def test_greedy_bot_plays_lowest_card_and_loses(game):
    state = game.new(3, seed=5)
    final, actions = play_out(game, state, GreedyBot())
    assert game.outcome(final).result == "defeat"
    for a in actions[:3]:
        assert a.args == ("0",)


# ---- views hide secrets ------------------------------------------------------------------------

def scramble_hidden(state, seat, rnd):
    """A copy of ``state`` that differs only in what ``seat`` may not know."""
    s = copy.deepcopy(state)
    for other in range(s.players):
        if other == seat:
            continue
        size = len(s.hands[other])
        pool = [0, 0, *range(1, 11)]
        s.hands[other] = sorted(rnd.sample(pool, size))
        if s.chosen[other] is not None:
            s.chosen[other] = rnd.randrange(11)
    rnd.shuffle(s.deck)
    rnd.shuffle(s.box)
    s.seed = rnd.randrange(10**6)
    s.rng.seed, s.rng.counter = s.seed, rnd.randrange(5)
    return s


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_views_are_identical_when_only_secrets_differ(game, players):
    rnd = random.Random(players)
    for seed in range(6):
        state = game.new(players, seed=seed)
        bot = RandomBot(seed)
        while not game.is_over(state):
            for seat in range(players):
                other = scramble_hidden(state, seat, rnd)
                assert game.view(other, seat) == game.view(state, seat)
                assert game.text(other, seat) == game.text(state, seat)
                if seat in game.to_move(state):
                    for kind in BOTS:
                        a = BOTS[kind](seed=seed).choose(game, state, seat)
                        b = BOTS[kind](seed=seed).choose(game, other, seat)
                        assert a == b, "a bot decided on something its seat cannot see"
                # ... while the all-seeing text does show the difference.
                if state.deck and other.deck != state.deck:
                    assert game.text(other) != game.text(state)
            seat = rnd.choice(game.to_move(state))
            state, _ = game.apply(state, bot.choose(game, state, seat))


def test_view_text_hides_other_hands_and_choices(game):
    state = game.new(3, seed=8, names=["Ann", "Bob", "Cyd"])
    state, _ = game.apply(state, "P2 play 9")
    mine = game.text(state, 1)
    theirs = game.text(state, 0)
    assert f"P2 Bob · hand: {FULL_HAND.replace(' 9 ', ' ')} · chosen: 9 (face down)" in mine
    assert "P2 Bob · hand: 11 cards (hidden) · chosen: face down" in theirs
    assert f"P1 Ann · hand: {FULL_HAND} · chosen: -" in theirs
    assert game.view(state, 0).chosen == [None, HIDDEN, None]
    assert "Deck: 9 face down" in theirs and " ".join(state.deck) in game.text(state)
    assert "seed 8" in game.text(state) and "seed" not in theirs


# ---- a property over random seeds, options and action sequences --------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(2, 6), seed=st.integers(0, 2**63),
       easy_deck=st.booleans(), easier_haven=st.booleans())
def test_random_legal_sequences_keep_invariants(game, data, players, seed, easy_deck,
                                                easier_haven):
    options = {"easy_deck": easy_deck, "easier_haven": easier_haven}
    state = game.new(players, seed=seed, **options)
    labels = []
    while game.to_move(state):
        owing = game.to_move(state)
        seat = data.draw(st.sampled_from(owing), label="seat")
        action = data.draw(st.sampled_from(game.legal_actions(state, seat)), label="action")
        before = copy.deepcopy(state)
        state_next, _ = game.apply(state, action.label)
        assert state == before
        state = state_next
        labels.append(action.label)
        check_invariants(game, state)
    assert game.outcome(state) is not None and len(labels) <= 10 * players
    replay = Replay.from_json(Replay("bone_to_pick", players, seed, None, options, labels).to_json())
    assert game.text(replay.final_state()) == game.text(state)
