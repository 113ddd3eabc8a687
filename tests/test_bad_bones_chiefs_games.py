"""Whole Bad Bones games with the Skeleton Chiefs, in every version and at every table size:
every token conserved (chiefs and the emperor out of the game included), units and
bookkeeping consistent, the fast path equal to the checked one, replays and determinism."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import bonekit
from bonekit import RandomBot, Replay, play_out
from bonekit.games.bad_bones import GuardBot

GAME = bonekit.load("bad_bones")
D = GAME.data
TABLES = [(1, "solo", {}), (1, "solo", {"advanced": True}), (2, "basic", {}), (3, "advanced", {}),
          (4, "basic", {}), (5, "advanced", {}), (6, "basic", {}), (6, "advanced", {}), (3, "coop", {}),
          (6, "coop", {})]


def new(players, variant, seed, options):
    return GAME.new(players, variant, seed=seed, chiefs=True, **options)


def check(state, prev=None):
    """What must hold after every action of a game with the chiefs."""
    ids = list(state.bag)
    for b in state.boards:
        ids += list(b.skeletons) + list(b.cemetery) + list(b.exiled)
    assert sorted(ids) == list(range(D.all_tokens)), "tokens not conserved"
    for seat, b in enumerate(state.boards):
        assert all(D.chief(t).kind == "emperor" for t in b.exiled) and len(b.exiled) <= 1
        if state.phase != "start":                        # (co-op heroes are placed first)
            assert (b.hero is None) == bool(b.exiled)    # the hero leaves only with the emperor
        for leader, followers in b.units.items():
            assert D.chief(leader).kind == "instructor" and followers and not set(followers) & set(b.units)
        if state.phase == "hero":
            assert b.sabotage == () and b.triggered == []
            for leader, followers in b.units.items():   # a unit stands together between moves
                lead = b.skeletons[leader]              # (units are tidied after each movement)
                assert all((b.skeletons[f].r, b.skeletons[f].c) == (lead.r, lead.c) for f in followers)
            frozen = b.frozen
            assert {sk.side for sid, sk in b.skeletons.items() if sid not in frozen} <= {state.token}
            assert state.done[seat] or b.hero is not None     # no hero: nothing to do in this phase
        if prev is not None and b.overrun:
            assert state.phase in ("move", "over")
        assert 0 <= b.floors <= b.tower_size and 0 <= b.houses <= b.village_size
    owing = GAME.to_move(state)
    assert (len(owing) == 0) == state.over == (GAME.outcome(state) is not None)
    for seat in range(state.players):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in owing) and len(set(legal)) == len(legal)


def run(players, variant, seed, options, kind="random", full=True):
    state = new(players, variant, seed, options)
    make = GuardBot if kind == "guard" else RandomBot
    bots = {s: make(seed * 10 + s) for s in range(players)}
    order = random.Random(f"chiefs:{players}:{seed}:{kind}")
    labels, seen = [], Counter()
    check(state)
    while GAME.to_move(state):
        assert len(labels) < 20_000
        seat = order.choice(GAME.to_move(state))
        action = bots[seat].choose(GAME, state, seat)
        before = copy.deepcopy(state) if full else None
        after, events = GAME.apply(state, action)
        assert events and all(e.rule in GAME.rules for e in events)
        seen.update(e.kind for e in events)
        if any(t >= D.tokens for b in after.boards for t in b.skeletons):
            seen["a chief on a board"] += 1
        if full:
            assert state == before, "apply changed its input"
            check(after, state)
        state = after
        labels.append(action.label)
    return labels, state, seen


@pytest.mark.parametrize("players, variant, options", TABLES)
def test_random_games_with_the_chiefs_keep_every_invariant(players, variant, options):
    seen = Counter()
    for seed in range(8):
        _, final, kinds = run(players, variant, seed, options)
        seen += kinds
        assert GAME.outcome(final).rule in GAME.rules
    # the chiefs really were in play
    assert seen["draw"] and seen["a chief on a board"] > 0


def test_over_many_games_every_chief_power_shows_up():
    seen = Counter()
    for seed in range(60):
        players, variant, options = TABLES[seed % len(TABLES)]
        seen += run(players, variant, seed, options, full=False)[2]
    for kind in ("unit", "immortal", "necromancer", "sabotaged", "overrun", "emperor_slain"):
        assert seen[kind] > 0, kind


@pytest.mark.parametrize("players, variant, options",
                         [(1, "solo", {}), (3, "basic", {}), (4, "advanced", {})])
def test_guard_bots_play_games_with_the_chiefs(players, variant, options):
    _, final, _ = run(players, variant, 1, options, kind="guard")
    assert final.over


@pytest.mark.parametrize("players, variant, options",
                         [(1, "solo", {}), (3, "advanced", {}), (6, "basic", {})])
def test_replays_round_trip_and_games_are_deterministic(players, variant, options):
    labels, final, _ = run(players, variant, 5, options, full=False)
    assert run(players, variant, 5, options, full=False)[0] == labels
    replay = Replay.from_json(Replay("bad_bones", players, 5, variant=variant,
                                     options={"chiefs": True, **options}, actions=labels).to_json())
    assert GAME.text(replay.final_state()) == GAME.text(final)


def test_the_fast_path_reaches_the_checked_states():
    for players, variant, options in TABLES:
        for seed in range(4):
            state = new(players, variant, seed, options)
            fast = GAME.copy_state(state)
            checked, quick = ({s: RandomBot(seed * 10 + s) for s in range(players)} for _ in range(2))
            while GAME.to_move(state):
                seat = GAME.to_move(state)[-1]
                action = checked[seat].choose(GAME, state, seat)
                assert quick[seat].choose(GAME, fast, seat) == action
                state, _ = GAME.apply(state, action)
                GAME.step_fast(fast, action)
                assert fast == state, action.label


@pytest.mark.parametrize("players, variant, options", TABLES)
def test_playout_ends_where_the_checked_loop_ends(players, variant, options):
    for seed in range(300, 310):
        state = new(players, variant, seed, options)
        final, count = GAME.playout(state, {s: RandomBot(seed + s) for s in range(players)})
        ref, actions = play_out(GAME, state, {s: RandomBot(seed + s) for s in range(players)})
        assert final == ref and count == len(actions)
