"""Random and GuardBot playouts of Bad Bones for 1 to 6 players, with invariants checked after
every action: the 180 skeletons and each player's six traps conserved, towers and villages that
never grow, every skeleton showing the tracking token's side after each movement phase, legal
actions for exactly the seats that owe one, replays that round-trip, determinism (also in a
fresh process) and ``apply`` never mutating its input."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bonekit import RandomBot, Replay, play_out
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.board import coords, on_board, square
from conftest import replay_texts
from test_bad_bones_rules import TRAP_SUPPLY, bb


@pytest.fixture(scope="module")
def game():
    """Bad Bones (conftest's `game` is Bone to Pick)."""
    return bb()


PHASES = ("hero", "traps", "move", "over")


def bots_for(kind, players, seed):
    if kind == "random":
        return {s: RandomBot(seed=1000 * seed + s) for s in range(players)}
    if kind == "guard":
        return {s: GuardBot(seed=1000 * seed + s) for s in range(players)}
    # mixed: guards on odd seats (and on the solo seat), random bots elsewhere
    return {s: (GuardBot if s % 2 or players == 1 else RandomBot)(seed=1000 * seed + s)
            for s in range(players)}


def check_invariants(game, state, prev=None):
    """What must hold after every action; ``prev`` is the state before the action."""
    n = state.players
    # Skeletons: every token in exactly one place.
    ids = list(state.bag)
    for b in state.boards:
        ids += list(b.skeletons) + list(b.cemetery)
    assert sorted(ids) == list(range(180)), "skeletons not conserved"
    assert state.bag == sorted(state.bag)
    for seat, b in enumerate(state.boards):
        for sid, sk in b.skeletons.items():
            assert sk.id == sid and sk.model == game.data.model_of(sid).name
            sq = square(sk.r, sk.c)
            assert sq and sq != game.data.tower, (sid, sk)            # a square or a forest spot
            assert sk.side in ("white", "black") and sk.facing in "nesw"
        pend = [p.skeleton for p in state.pending[seat]]
        assert len(pend) == len(set(pend)) and set(pend) <= set(b.skeletons), "pending skeleton missing"
        assert state.phase in ("traps", "move") or not pend
        # Traps: supply + board + removed from the game = the six starting traps.
        have = Counter(b.supply) + Counter(t.kind for t in b.traps.values()) + Counter(b.removed_traps)
        assert have == Counter(TRAP_SUPPLY), have
        for sq, t in b.traps.items():
            assert on_board(*coords(sq)) and sq != game.data.tower
            assert (t.orientation in ("/", "\\")) == (t.kind == "wall")
            assert not (t.kind == "treasure" and t.damaged)
        assert b.removed_traps.count("treasure") <= 1
        assert on_board(*coords(b.hero))
        assert 0 <= b.floors <= b.tower_size == (1 if state.variant == "solo" else 4)
        assert 0 <= b.houses <= b.village_size == (1 if state.variant == "solo" else 5)
        if state.phase in ("hero", "over"):          # per-phase bookkeeping is cleared
            assert b.triggered == [] and b.catapult_targets == {} and b.landed == []
        if prev is not None:
            pb = prev.boards[seat]
            assert b.floors <= pb.floors and b.houses <= pb.houses, "a tower or village grew"
            assert len(b.removed_traps) >= len(pb.removed_traps) and "treasure" not in (
                set(b.supply) | {t.kind for t in b.traps.values()}) - (
                set(pb.supply) | {t.kind for t in pb.traps.values()}), "something came back from the box"
    assert state.phase in PHASES
    # Whose decision.
    owing = game.to_move(state)
    assert (len(owing) == 0) == state.over == (game.outcome(state) is not None) == (state.phase == "over")
    for seat in range(n):
        legal = game.legal_actions(state, seat)
        if seat in owing:
            assert legal, f"P{seat + 1} owes a decision but has no legal action"
            assert len(set(legal)) == len(legal)
        else:
            assert legal == []
    if state.phase == "hero" or (state.over and not any(state.pending)):
        # after every completed movement phase every skeleton shows the token's side
        sides = {sk.side for b in state.boards for sk in b.skeletons.values()}
        assert sides <= {state.token}, (state.round, sides)
    if state.phase == "move":
        for seat in range(n):
            unmoved = game.unmoved(state, seat)
            assert state.done[seat] == (not unmoved and not state.pending[seat])
    assert 1 <= state.round <= state.options["max_rounds"]


def run_game(game, players, seed, bot_kind, options=None, full_checks=True):
    """Play one game; the next seat to act is picked at random among those that owe a decision.
    Returns (labels, texts, events): ``texts[k]`` is the all-seeing text after k actions."""
    options = options or {}
    state = game.new(players, seed=seed, **options)
    bots = bots_for(bot_kind, players, seed)
    order = random.Random(f"order:{players}:{seed}:{bot_kind}")
    labels, texts, all_events = [], [game.text(state)], [game.setup_events(state)]
    check_invariants(game, state)
    while True:
        owing = game.to_move(state)
        if not owing:
            break
        assert len(labels) < 20_000
        seat = order.choice(owing)
        action = bots[seat].choose(game, state, seat)
        assert action in game.legal_actions(state, seat)
        if full_checks:
            before, before_text = copy.deepcopy(state), game.text(state)
        new, events = game.apply(state, action)
        assert events
        if full_checks:
            assert state == before and game.text(state) == before_text, "apply mutated its input"
            check_invariants(game, new, state)
            if state.phase == "move" and new.phase != "move":       # a round just ended
                heroic_time = (state.variant == "solo" and state.options["heroic"]
                               and state.round >= state.options["rounds"])
                draws = [e for e in events if e.kind == "draw"]
                eliminated = any(new.eliminated)
                assert len(draws) == (0 if heroic_time or eliminated else players)
        state = new
        labels.append(action.label)
        texts.append(game.text(state))
        all_events.append(events)
    out = game.outcome(state)
    ended = all_events[-1][-1]
    assert ended.kind == "end" and ended.rule == out.rule and out.rule in game.rules
    if state.variant == "solo":
        assert out.result in ("victory", "defeat", "heroic victory")
        if out.result == "defeat":
            assert state.boards[0].floors == 0 or state.boards[0].houses == 0
    else:
        assert state.ended in ("elimination", "cap")
        alive = [s for s in range(players) if not state.eliminated[s]]
        assert set(out.winners) <= set(alive)
        if state.ended == "elimination":
            assert any(state.eliminated)
        for s in range(players):
            assert out.scores[s] == (0 if state.eliminated[s] else game.score(state, s))
    return labels, texts, all_events, state




CASES = [(1, "random", 12), (1, "guard", 4), (2, "random", 10), (2, "mixed", 3), (3, "random", 8),
         (3, "mixed", 2), (4, "random", 6), (4, "mixed", 2), (5, "random", 5), (6, "random", 4),
         (6, "mixed", 1)]


@pytest.mark.parametrize("players, bot_kind, seeds", CASES)
def test_playouts_keep_invariants_and_are_deterministic(game, players, bot_kind, seeds):
    lengths, results = [], Counter()
    for seed in range(seeds):
        labels, texts, all_events, final = run_game(game, players, seed, bot_kind)
        # Same seed, same labels: the same game, step by step.
        if seed < 2:
            assert replay_texts(game, players, seed, labels) == texts
        for events in all_events:
            for e in events:
                assert e.rule in game.rules, e.rule
        lengths.append(len(labels))
        results[game.outcome(final).result] += 1
    assert len(set(lengths)) > 1 or seeds == 1


@pytest.mark.parametrize("options", [{"rounds": 2}, {"rounds": 3, "heroic": True},
                                     {"rounds": 1, "heroic": True}, {"rounds": 2, "max_rounds": 2}])
def test_solo_playouts_with_options(game, options):
    ends = Counter()
    for seed in range(6):
        labels, texts, _, final = run_game(game, 1, seed, "guard" if seed % 2 else "random", options)
        ends[final.ended] += 1
        assert final.round <= (options.get("rounds", 10) if not options.get("heroic") else final.round)
        if final.ended == "rounds":
            assert final.round == options["rounds"] and game.outcome(final).result == "victory"
        if final.ended == "heroic":
            b = final.boards[0]
            assert not b.skeletons and not b.cemetery and final.round >= options["rounds"]
    assert sum(ends.values()) == 6


def test_basic_playouts_with_a_round_cap(game):
    for players in (2, 4):
        for seed in range(3):
            _, _, events, final = run_game(game, players, seed, "guard", {"max_rounds": 2})
            assert final.round <= 2
            if final.ended == "cap":
                assert final.round == 2 and not any(final.eliminated)
                assert "cap of 2 rounds" in game.outcome(final).summary


def test_guard_bots_outlast_random_bots(game):
    """A sanity check on GuardBot: against random bots it survives more often."""
    guard_wins = random_wins = 0
    for seed in range(6):
        state = game.new(2, seed=seed)
        guard, random_bot = GuardBot(seed), RandomBot(seed)
        bots = {0: guard, 1: random_bot} if seed % 2 == 0 else {0: random_bot, 1: guard}
        final, _ = play_out(game, state, bots)
        winners = game.outcome(final).winners
        guard = 0 if seed % 2 == 0 else 1
        guard_wins += guard in winners
        random_wins += (1 - guard) in winners
    assert guard_wins > random_wins


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_replay_round_trip(game, players):
    for seed in range(2):
        labels, texts, _, _ = run_game(game, players, seed, "random", full_checks=False)
        for k in sorted({0, 1, len(labels) // 3, len(labels) // 2, len(labels) - 1, len(labels)}):
            replay = Replay("bad_bones", players, seed, None, {}, labels[:k])
            loaded = Replay.from_json(replay.to_json())
            assert loaded == replay
            assert game.text(loaded.final_state()) == texts[k]
            assert len(loaded.states) == k + 1 and len(loaded.events) == k + 1


def test_replay_round_trip_with_options(game):
    options = {"rounds": 3, "heroic": True, "names": ["Solo"]}
    labels, texts, _, _ = run_game(game, 1, 5, "guard", options, full_checks=False)
    replay = Replay.from_json(Replay("bad_bones", 1, 5, "solo", options, labels).to_json())
    assert game.text(replay.final_state()) == texts[-1]


def test_play_out_helper_matches_replay(game):
    for players in (1, 2, 5):
        state0 = game.new(players, seed=players)
        final, actions = play_out(game, state0, RandomBot(seed=players))
        assert game.is_over(final)
        replay = Replay("bad_bones", players, players, None, {}, [a.label for a in actions])
        assert game.text(replay.final_state()) == game.text(final)
        assert game.text(state0) == game.text(game.new(players, seed=players))   # untouched


def test_different_seeds_give_different_games(game):
    finals = {game.text(play_out(game, game.new(3, seed=s), RandomBot(seed=1))[0]) for s in range(5)}
    assert len(finals) == 5


def test_views_show_the_whole_table_but_not_the_seed(game):
    labels, _, _, final = run_game(game, 3, 1, "random", full_checks=False)
    state = game.new(3, seed=1)
    for label in labels[:40]:
        state, _ = game.apply(state, label)
        for seat in range(3):
            v = game.view(state, seat)
            assert v.boards == state.boards and v.bag == state.bag and v.viewer == seat
            assert v.seed == 0 and "seed 1" not in game.text(state, seat)
        assert "seed 1" in game.text(state)


# ---- a property over random seeds, player counts and action sequences -------------------------

@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), players=st.integers(1, 6), seed=st.integers(0, 2**63))
def test_random_legal_sequences_keep_invariants(game, data, players, seed):
    options = ({"rounds": data.draw(st.integers(1, 4)), "heroic": data.draw(st.booleans())}
               if players == 1 else {})
    state = game.new(players, seed=seed, **options)
    labels = []
    while game.to_move(state) and len(labels) < 150:
        seat = data.draw(st.sampled_from(game.to_move(state)), label="seat")
        action = data.draw(st.sampled_from(game.legal_actions(state, seat)), label="action")
        before = copy.deepcopy(state)
        nxt, _ = game.apply(state, action.label)
        assert state == before
        check_invariants(game, nxt, state)
        state = nxt
        labels.append(action.label)
    replay = Replay.from_json(Replay("bad_bones", players, seed, None, options, labels).to_json())
    assert game.text(replay.final_state()) == game.text(state)
