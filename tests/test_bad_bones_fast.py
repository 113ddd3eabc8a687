"""Bad Bones' fast engine, proven against the checked one.

- ``step_fast`` (in place, no events) reaches the same state as ``apply`` after every step, in
  games of random bots and GuardBots at every table size and variant, and ``playout`` ends
  where the checked loop ends, after as many actions.
- States share boards copy-on-write, yet nothing done to a later state ever shows in an
  earlier one, and a ``copy_state`` copy can be changed by hand in every part without
  touching its original.
- ``is_legal`` (the direct check behind ``apply``) accepts exactly the actions
  ``legal_actions`` lists, over states from real games and many near-miss actions.
- Digests of whole games (every label, event, text board and outcome) recorded with the
  engine as it was before the speed work: everything observable stayed byte-identical.
"""
from __future__ import annotations

import hashlib
import random

import pytest

import bonekit
from bonekit import Action, IllegalAction, RandomBot, play_out
from bonekit.games.bad_bones import GuardBot, Pending, Skeleton, Trap
from bonekit.games.bad_bones.board import COORDS, NAMES, SQUARES, TRAP_KINDS

GAME = bonekit.load("bad_bones")

TABLES = [(1, {}), (1, {"rounds": 3, "heroic": True}), (1, {"rounds": 2}), (2, {}), (3, {}), (4, {}),
          (5, {}), (6, {}), (3, {"max_rounds": 3})]
"""(players, options): every table size, the solo game's options and the round cap."""


def new(players, seed, **options):
    return GAME.new(players, "solo" if players == 1 else "basic", seed=seed, **options)


def bots_for(kind, players, seed):
    """Random bots, GuardBots, or both (guards on odd seats and the solo seat)."""
    def pick(seat):
        guard = kind == "guard" or (kind == "mixed" and (seat % 2 or players == 1))
        return GuardBot if guard else RandomBot
    return {s: pick(s)(seed * 10 + s) for s in range(players)}


def lockstep(players, seed, kind, options):
    """Play one game with ``apply`` and, action by action, with ``step_fast`` on a private copy
    (each path with its own, equally seeded bots; the next seat picked at random among those
    that owe a decision). Both must choose alike and reach equal states after every step.
    Every state of the checked timeline is compared at the end with a private snapshot taken
    when it was made: a later step leaking into a shared board would show there."""
    state = new(players, seed, **options)
    fast = GAME.copy_state(state)
    checked_bots, fast_bots = bots_for(kind, players, seed), bots_for(kind, players, seed)
    order = random.Random(f"order:{players}:{seed}:{kind}")
    timeline, snapshots = [state], [state.copy()]
    while GAME.to_move(state):
        seat = order.choice(GAME.to_move(state))
        action = checked_bots[seat].choose(GAME, state, seat)
        assert fast_bots[seat].choose(GAME, fast, seat) == action
        state, _ = GAME.apply(state, action)
        GAME.step_fast(fast, action)
        assert fast == state, f"step {len(timeline)}: {action.label}"
        timeline.append(state)
        snapshots.append(state.copy())
    assert fast.over and GAME.outcome(fast) == GAME.outcome(state)
    for i, (kept, snapshot) in enumerate(zip(timeline, snapshots)):
        assert kept == snapshot, f"state {i} changed after it was made"
    return len(timeline) - 1


@pytest.mark.parametrize("players, options", TABLES)
def test_step_fast_reaches_the_states_apply_reaches_with_random_bots(players, options):
    steps = sum(lockstep(players, seed, "random", options) for seed in range(80))
    assert steps > 80 * (10 if players == 1 else 40)


@pytest.mark.parametrize("players, options", TABLES)
def test_step_fast_reaches_the_states_apply_reaches_with_guard_bots(players, options):
    for seed in range(2 if players > 3 else 4):
        lockstep(players, seed, "guard" if seed % 2 == 0 else "mixed", options)


@pytest.mark.parametrize("players, options", TABLES)
@pytest.mark.parametrize("kind", ["random", "guard"])
def test_playout_ends_where_the_checked_loop_ends(players, options, kind):
    seeds = range(100, 200 if kind == "random" else 102)
    for seed in seeds:
        state = new(players, seed, **options)
        before = state.copy()
        taken = []
        final, count = GAME.playout(state, bots_for(kind, players, seed), actions=taken)
        assert state == before, "playout changed its input"
        ref, actions = play_out(GAME, state, bots_for(kind, players, seed))
        assert final == ref and count == len(actions) == len(taken)
        assert [a.label for a in taken] == [a.label for a in actions]
        assert GAME.text(final) == GAME.text(ref)


def test_playout_from_a_finished_game_takes_no_action_and_the_cap_is_kept():
    state, _ = play_out(GAME, new(2, 0), RandomBot(0))
    final, count = GAME.playout(state, bots_for("random", 2, 0))
    assert count == 0 and final == state
    with pytest.raises(RuntimeError, match="no end after 5 actions"):
        GAME.playout(new(2, 0), bots_for("random", 2, 0), max_actions=5)


# ---- copies --------------------------------------------------------------------------------------
def busy_state():
    """A state with something in every container: traps (a damaged wall), a shortened supply,
    skeletons on squares and in forests, a cemetery, used traps, a pending choice."""
    state = new(3, 4)
    for label in ["P1 hero b2", "P2 hero d4", "P3 hero b4", "P1 place wall b3 /", "P2 place dragon c2",
                  "P3 pass"]:
        state, _ = GAME.apply(state, label)
    while not any(state.pending) and not state.over:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    return state


def scribble(state):
    """Change every mutable part of ``state`` by hand."""
    for b in state.boards:
        b.hero, b.floors, b.houses = "a1", 0, 0
        b.traps["a5"] = Trap("catapult", True)
        for t in list(b.traps):
            b.traps[t] = Trap("dragon")
        b.supply.append("wall")
        b.skeletons[999] = Skeleton(999, "red-top", 0, 0, "n", "black")
        for sid, sk in list(b.skeletons.items()):
            b.skeletons[sid] = Skeleton(sk.id, sk.model, 4, 4, "w", "black")
        b.cemetery.append(998)
        b.triggered.append("a5")
        b.catapult_targets["a5"] = 1
        b.removed_traps.append("treasure")
        b.landed.append("a5")
    state.boards.append(state.boards[0])
    state.bag.append(997)
    state.done[0] = not state.done[0]
    for p in state.pending:
        p.append(Pending("send", 1, "red-top", "top", "top-a"))
    state.pending.append([])
    state.eliminated[0] = not state.eliminated[0]
    state.options["rounds"] = 99
    state.rng.counter += 5
    state.token, state.round, state.phase = "black", 50, "traps"


def test_a_copy_changed_by_hand_in_every_part_leaves_its_original_as_it_was():
    original = busy_state()
    assert any(original.pending) and any(b.triggered for b in original.boards)
    snapshot, text = original.copy(), GAME.text(original)
    copy = GAME.copy_state(original)
    assert copy == original
    scribble(copy)
    assert copy != original
    assert original == snapshot and GAME.text(original) == text


def test_states_from_apply_and_views_never_reach_back_into_their_source():
    state = busy_state()
    snapshot = state.copy()
    seat = GAME.to_move(state)[0]
    view = GAME.view(state, seat)
    assert view.viewer == seat and view.seed == 0 and view.boards == state.boards
    after, _ = GAME.apply(view, GAME.legal_actions(view, seat)[0])   # the engine plays on the view
    GAME.playout(view, bots_for("random", 3, 1))
    assert state == snapshot
    GAME.step_fast(state, GAME.legal_actions(state, seat)[0])         # ... and on the source, in place
    GAME.playout(state, bots_for("random", 3, 1))
    assert view.boards == snapshot.boards and view.viewer == seat
    assert after.boards != view.boards or after.done != view.done


def test_a_timeline_shares_the_boards_an_action_did_not_touch():
    state = new(4, 3)
    after, _ = GAME.apply(state, "P2 hero b2")
    assert after.boards[1] is not state.boards[1] and after.boards[1].hero == "b2"
    assert all(after.boards[s] is state.boards[s] for s in (0, 2, 3))
    assert state.boards[1].hero == "c3"


# ---- the direct check ----------------------------------------------------------------------------
def sample_states():
    """States from real games at every table size: every third state of a few random and
    guarded games, plus the staged situations with pending choices."""
    out = []
    for players in range(1, 7):
        for seed, kind in ((0, "random"), (1, "random"), (2, "mixed")):
            state = new(players, seed)
            bots = bots_for(kind, players, seed)
            order = random.Random(seed)
            n = 0
            while GAME.to_move(state):
                if n % 3 == 0 or any(state.pending):
                    out.append(state)
                seat = order.choice(GAME.to_move(state))
                state, _ = GAME.apply(state, bots[seat].choose(GAME, state, seat))
                n += 1
            out.append(state)
    return out


VERBS = ("hero", "pass", "retrieve", "place", "move", "move-all", "send", "repel", "play", "")
WORDS = (*SQUARES[:7], "c3", "e5", "top-a", "left-3", "right-5", "top-z", "f1", "A1", "", *"nesw", "x",
         *TRAP_KINDS, "trap", "/", "\\", "|", "p1", "p2", "p3", "p6", "p7", "P2", "p0")


def near_misses(action, players, rnd):
    """Actions one small change away from ``action``: another word in one place, a word more
    or less, another verb, another seat."""
    args = action.args
    out = [Action(action.seat, action.verb, args[:i] + (w,) + args[i + 1:])
           for i in range(len(args)) for w in rnd.sample(WORDS, 6)]
    out += [Action(action.seat, action.verb, args[:-1]),
            Action(action.seat, action.verb, (*args, rnd.choice(WORDS)))]
    out += [Action(action.seat, verb, args) for verb in rnd.sample(VERBS, 4)]
    out += [Action(seat, action.verb, args) for seat in (action.seat + 1, action.seat - 1, players, -1)]
    return out


def test_is_legal_accepts_exactly_the_listed_actions():
    rnd = random.Random(10)
    checked = accepted = 0
    for state in sample_states():
        n = state.players
        listed = {s: GAME.legal_actions(state, s) for s in range(n)}
        candidates = [a for s in range(n) for a in listed[s]]
        for a in rnd.sample(candidates, min(len(candidates), 12)):
            candidates += near_misses(a, n, rnd)
        # words that no legal action of this state contains, for each verb
        candidates += [Action(rnd.randrange(-1, n + 1), verb, tuple(rnd.sample(WORDS, rnd.randrange(4))))
                       for verb in VERBS for _ in range(3)]
        for a in candidates:
            legal = 0 <= a.seat < n and a in listed[a.seat]
            assert GAME.is_legal(state, a) == legal, (GAME.text(state), a)
            checked += 1
            accepted += legal
    assert checked > 20_000 and 0.05 < accepted / checked < 0.8


def test_a_refusal_from_the_direct_check_is_the_contract_s_refusal():
    """``check`` refuses what ``is_legal`` refuses, with ``why_illegal``'s message and rule."""
    rnd = random.Random(3)
    for state in sample_states()[::15]:
        legal = [a for s in GAME.to_move(state) for a in GAME.legal_actions(state, s)]
        tried = rnd.sample(legal, min(3, len(legal)))
        for a in (near for x in tried for near in near_misses(x, state.players, rnd)):
            if GAME.is_legal(state, a):
                GAME.check(state, a)
                continue
            with pytest.raises(IllegalAction) as refused:
                GAME.check(state, a)
            if not state.over and a.seat in GAME.to_move(state):
                assert (refused.value.reason, refused.value.rule) == GAME.why_illegal(state, a)
            assert refused.value.rule in GAME.rules


def test_ill_typed_actions_are_refused_before_the_rules_look():
    state = new(2, 0)
    ill_typed = (Action(0.0, "hero", ("b2",)), Action(0, "hero", ["b2"]), Action(0, "hero", (2,)),
                 "P1 hero b2")
    for bad in ill_typed:
        assert not GAME.is_legal(state, bad)
    with pytest.raises(IllegalAction, match="tuple of text arguments"):
        GAME.apply(state, Action(0, "hero", ["b2"]))


# ---- byte-identical --------------------------------------------------------------------------
def digest(players, seed, kind, **options):
    """Every label, event (kind, rule, text, data), all-seeing and seated text board and stage
    of one checked game, hashed; the last seat owing a decision moves first."""
    state = new(players, seed, **options)
    bots = bots_for(kind, players, seed)
    h = hashlib.sha256()

    def feed(*parts):
        h.update(repr(parts).encode())
    for e in GAME.setup_events(state):
        feed(e.kind, e.rule, e.text, sorted(e.data.items()), e.visible_to)
    feed(GAME.text(state))
    n = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[-1]
        action = bots[seat].choose(GAME, state, seat)
        state, events = GAME.apply(state, action)
        feed(action.label)
        for e in events:
            feed(e.kind, e.rule, e.text, sorted(e.data.items()), e.visible_to)
        feed(GAME.text(state), GAME.text(state, seat), GAME.stage(state))
        n += 1
    feed(GAME.outcome(state))
    return n, h.hexdigest()[:20]


# Recorded with the engine before the speed work (PYTHONPATH=<the commit before> and this digest);
# re-recorded once when an arrow's event lost its dangling "and" ("(a2 → b2) turns north (arrow)"):
# with the old words put back, the new engine gave the old digests for all nine games.
RECORDED = [
    (1, 3, "random", {}, 26, "85f0b8016622b09176db"),
    (1, 35, "guard", {"rounds": 10}, 95, "00f35a9302666b230233"),
    (1, 9, "guard", {"rounds": 3, "heroic": True}, 124, "a388fc6aed9cf8ba4f9c"),
    (2, 1, "random", {}, 119, "f64f2a15150d9ffa24c6"),
    (3, 5, "guard", {}, 514, "bea81b6b399bf4ac1972"),
    (4, 2, "random", {}, 165, "4937ac3f69c0ad1593e9"),
    (5, 4, "mixed", {}, 307, "bfb1c293e29d6440b829"),
    (6, 7, "random", {}, 368, "ad1f4206a0c004cb13a2"),
    (6, 2, "guard", {"max_rounds": 12}, 939, "37de071b1fdf612e6fac"),
]


@pytest.mark.parametrize("players, seed, kind, options, actions, expected", RECORDED)
def test_whole_games_are_byte_identical_to_the_engine_before_the_speed_work(players, seed, kind, options,
                                                                              actions, expected):
    assert digest(players, seed, kind, **options) == (actions, expected)


def test_the_tables_cover_the_board():
    """The lookup tables the move code uses agree with the square names."""
    assert len(SQUARES) == 25 and len(NAMES) == 25 + 15 + 5   # forests: top, left, right; bottom (co-op)
    assert all(NAMES[COORDS[name]] == name for name in NAMES.values())
