"""Bone to Pick's fast engine, proven equal to the checked one.

* ``playout`` and ``step_fast`` (one private state changed in place, no events, no checks)
  reach, after every action, exactly the state of the checked ``apply`` loop: thousands of
  games, random and the kit's bots, every variant at every table size;
* the direct ``check`` (``is_legal``) accepts exactly the listed legal actions, over real
  states and many near misses, and refuses the rest with the general path's words and rules;
* states are copy-on-write: no change ever reaches an earlier state, ``copy_state`` is deep,
  the shape tables cover every mutable field, and a long game's timeline stays small;
* what a player sees is byte-identical to the engine before this work (recorded digests).
"""
from __future__ import annotations

import copy
import dataclasses
import hashlib
import random
import sys
from types import MappingProxyType

import pytest

import bonekit
from bonekit import Action, Game, IllegalAction, RandomBot, play_out
from bonekit.games.bone_to_pick import CarefulBot, GreedyBot, studies
from bonekit.games.bone_to_pick.bots import CoopBot, SoloBot
from bonekit.games.bone_to_pick.modes_state import COOP_SHAPES, SOLO_SHAPES, CoopState, SoloState
from bonekit.games.bone_to_pick.state import STATE_SHAPES, BoneToPickState

GAME = bonekit.load("bone_to_pick")

# Every variant at every table size, the campaign of the epic and team games, and the options
# that change the rules' path.
TABLES = ([("base", p, {}) for p in GAME.player_counts["base"]]
          + [("campaign", p, {}) for p in GAME.player_counts["campaign"]]
          + [("epic", p, {}) for p in GAME.player_counts["epic"]]
          + [("epic", p, {"campaign": True}) for p in GAME.player_counts["epic"]]
          + [("team", p, {}) for p in GAME.player_counts["team"]]
          + [("team", p, {"campaign": True}) for p in GAME.player_counts["team"]]
          + [("solo", 1, {}), ("coop", 2, {}), ("coop", 3, {})]
          + [("base", 4, {"easier_haven": True, "easy_deck": True, "youngest": "P3"}),
             ("campaign", 3, {"easier_haven": True, "youngest": "P2"}),
             ("coop", 3, {"hard": True, "start": "P2"}), ("coop", 2, {"free_talk": "wave"})])


def table_id(table) -> str:
    variant, players, options = table
    return f"{variant}-{players}p" + "".join(f"-{k}" for k in options)


def bots_for(variant: str, players: int, seed: int, kind: str) -> dict:
    """Fresh bots for one game: RandomBot in every seat, or the kit's bots for the mode (the
    base game and its modes: careful players with a greedy one among them)."""
    if kind == "random":
        return {s: RandomBot(seed * 100 + s) for s in range(players)}
    if variant == "solo":
        return {0: SoloBot(seed)}
    if variant == "coop":
        return {s: CoopBot(seed) for s in range(players)}
    bots = {s: CarefulBot(seed * 10 + s, margin=-0.4 if s == 1 else 0.0) for s in range(players)}
    bots[players - 1] = GreedyBot()
    return bots


def is_campaign(variant: str, options: dict) -> bool:
    return variant == "campaign" or bool(options.get("campaign"))


# ---- the fast path reaches the states of apply -------------------------------------------------

def play_both_ways(table, seed: int, kind: str, snapshots: bool) -> int:
    """One game played by the checked loop and, in step, by ``step_fast`` on a private copy;
    the states must be equal after every action. With ``snapshots``, every state of the
    checked timeline must still equal a deep copy taken when it was made. Then ``playout``
    (its own bots, seeded alike, deciding on its private state) must end where the checked
    loop ended, after as many actions."""
    variant, players, options = table
    start = GAME.new(players, variant=variant, seed=seed, **options)
    checked, fast = start, GAME.copy_state(start)
    bots = bots_for(variant, players, seed, kind)
    timeline = [(checked, copy.deepcopy(checked))] if snapshots else []
    actions = 0
    while True:
        owing = GAME.to_move(checked)
        assert GAME.to_move(fast) == owing
        if not owing:
            break
        seat = owing[0]
        action = bots[seat].choose(GAME, checked, seat)
        checked, _ = GAME.apply(checked, action)
        assert GAME.step_fast(fast, action) is None
        assert fast == checked, (table, seed, kind, actions, action.label)
        if snapshots:
            timeline.append((checked, copy.deepcopy(checked)))
        actions += 1
    assert GAME.outcome(fast) == GAME.outcome(checked)
    for step, (state, snap) in enumerate(timeline):
        assert state == snap, f"a later action changed the state after action {step}"
    final, count = GAME.playout(start, bots_for(variant, players, seed, kind))
    assert final == checked and count == actions
    assert start == GAME.new(players, variant=variant, seed=seed, **options), "playout changed its input"
    return actions


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_step_fast_and_playout_reach_the_states_of_apply(table):
    variant, players, options = table
    seeds = 6 if is_campaign(variant, options) else 24 if players >= 7 else 40
    games = actions = 0
    for kind in ("random", "kit"):
        for seed in range(seeds):
            actions += play_both_ways(table, seed, kind, snapshots=seed % 8 == 0)
            games += 1
    assert games == 2 * seeds and actions > games  # every game took actions


def test_playout_counts_actions_and_stops_runaway_games():
    state = GAME.new(4, seed=3)
    final, count = GAME.playout(state, bots_for("base", 4, 3, "random"))
    assert GAME.is_over(final) and count == len(play_out(GAME, state, bots_for("base", 4, 3, "random"))[1])
    with pytest.raises(RuntimeError, match="no end after 5 actions"):
        GAME.playout(state, bots_for("base", 4, 3, "random"), max_actions=5)


def test_play_fast_of_the_labs_is_the_engines_playout():
    for variant, players, bot in (("base", 4, None), ("solo", 1, SoloBot()), ("coop", 3, CoopBot())):
        state = GAME.new(players, variant=variant, seed=11)
        bots = bot or studies.careful_table(players, 11)
        final = studies.play_fast(GAME, state, bots)
        assert final == play_out(GAME, state, bots)[0]
        table = bots if isinstance(bots, dict) else {s: bots for s in range(players)}
        assert final == GAME.playout(state, table)[0]


def test_bot_view_shows_what_view_shows():
    for table in TABLES[::3]:
        variant, players, options = table
        state = GAME.new(players, variant=variant, seed=5, **options)
        bots = bots_for(variant, players, 5, "random")
        for _ in range(60):
            owing = GAME.to_move(state)
            if not owing:
                break
            for seat in range(players):
                assert GAME.bot_view(state, seat) == GAME.view(state, seat)
                assert GAME.text(GAME.bot_view(state, seat)) == GAME.text(state, seat)
            state, _ = GAME.apply(state, bots[owing[0]].choose(GAME, state, owing[0]))


# ---- the direct check --------------------------------------------------------------------------

VERBS = ("play", "take", "keep", "share", "reuse", "pass", "PLAY")


def arg_variants(arg: str, rnd: random.Random) -> set[str]:
    """Near misses of one label argument: other numbers and spellings, other rows, other
    cards, words of other verbs."""
    out = {arg + "0", "0" + arg, arg.upper(), arg + "b", arg[:-1], arg[1:], "none", "u99",
           "u7", "-1", "", "for", "types", "values", " " + arg, arg + " "}
    digits = "".join(c for c in arg if c.isdigit())
    if digits:
        head = arg[:len(arg) - len(digits)]
        for delta in (-2, -1, 1, 2, 10):
            out.add(f"{head}{int(digits) + delta}")
        out.add(f"{head}{int(digits):02d}")
    if arg[:1] in ("a", "b"):
        out.add(("b" if arg[0] == "a" else "a") + arg[1:])
    return {a for a in out if a != arg} | {f"u{rnd.randrange(40):02d}"}


def near_misses(state, legal: list[Action], rnd: random.Random) -> set[Action]:
    """Actions close to the legal ones: other seats, other verbs, changed, missing, extra or
    borrowed arguments."""
    players = state.players
    pool = sorted({a for act in legal for a in act.args})
    out: set[Action] = set()
    for act in legal:
        for seat in (-1, *range(players + 1)):
            out.add(Action(seat, act.verb, act.args))
        for verb in VERBS:
            out.add(Action(act.seat, verb, act.args))
        out.add(Action(act.seat, act.verb, act.args[:-1]))
        out.add(Action(act.seat, act.verb, act.args + ("x",)))
        out.add(Action(act.seat, act.verb, act.args + act.args[-1:]))
        for i, arg in enumerate(act.args):
            for other in arg_variants(arg, rnd) | set(rnd.sample(pool, min(3, len(pool)))):
                out.add(Action(act.seat, act.verb, act.args[:i] + (other,) + act.args[i + 1:]))
        if len(act.args) == 2:
            out.add(Action(act.seat, act.verb, act.args[::-1]))
    for seat in range(players):
        for verb in VERBS:
            out.add(Action(seat, verb, ()))
            out.add(Action(seat, verb, (rnd.choice(pool),) if pool else ()))
    return out


def states_of_real_games(table, seeds, every: int):
    variant, players, options = table
    for seed in seeds:
        for kind in ("random", "kit"):
            state = GAME.new(players, variant=variant, seed=seed, **options)
            bots = bots_for(variant, players, seed, kind)
            step = 0
            while True:
                if step % every == 0 or GAME.is_over(state):
                    yield state
                owing = GAME.to_move(state)
                if not owing:
                    break
                state, _ = GAME.apply(state, bots[owing[0]].choose(GAME, state, owing[0]))
                step += 1


def refusal(check, state, action) -> tuple[str, str] | None:
    try:
        check(state, action)
    except IllegalAction as e:
        return e.reason, e.rule
    return None


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_the_direct_check_accepts_exactly_the_legal_actions(table):
    variant, players, options = table
    rnd = random.Random(table_id(table))
    engine = GAME.engines[variant]
    every = 25 if is_campaign(variant, options) else 2 if players < 7 else 5
    tried = accepted = 0
    for state in states_of_real_games(table, range(2), every):
        legal = [a for seat in range(-1, players + 1) for a in GAME.legal_actions(state, seat)]
        assert legal or GAME.is_over(state)
        misses = sorted(near_misses(state, legal, rnd) - set(legal))
        for action in legal + rnd.sample(misses, min(len(misses), 150)):
            listed = action in GAME.legal_actions(state, action.seat)
            assert engine.is_legal(state, action) == listed, (table_id(table), action.label, listed)
            # The game's check and the general one (which lists every legal action) agree,
            # word for word, on what they refuse.
            mine = refusal(GAME.check, state, action)
            assert mine == refusal(lambda s, a: Game.check(GAME, s, a), state, action)
            assert (mine is None) == listed
            tried += 1
            accepted += listed
    assert accepted and tried > 2 * accepted  # near misses outnumber the legal actions


def test_malformed_actions_are_refused_before_the_rules_look():
    state = GAME.new(4, seed=1)
    for bad in (Action(0, "play", (7,)), Action(0.0, "play", ("7",)), Action(0, "play", None),
                Action("P1", "play", ("7",)), Action(0, 7, ("7",))):
        with pytest.raises(IllegalAction, match="a seat number, a verb and a tuple"):
            GAME.check(state, bad)


# ---- copy-on-write states ----------------------------------------------------------------------

SHAPES = {BoneToPickState: STATE_SHAPES, SoloState: SOLO_SHAPES, CoopState: COOP_SHAPES}


def shapes_of(state) -> dict[str, str]:
    return SHAPES[type(state)]


def immutable(value) -> bool:
    if isinstance(value, (int, str, float, bool, type(None))):
        return True
    if isinstance(value, tuple):
        return all(immutable(v) for v in value)
    if dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen:
        return all(immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return isinstance(value, MappingProxyType)


def mid_game_states():
    """A state of every table, some turns in (campaigns: into a later wave)."""
    for table in TABLES:
        variant, players, options = table
        state = GAME.new(players, variant=variant, seed=2, **options)
        bots = bots_for(variant, players, 2, "random")
        steps, enough = 0, 3 * players * (11 if is_campaign(variant, options) else 1)
        while GAME.to_move(state) and steps < enough:
            owing = GAME.to_move(state)
            state, _ = GAME.apply(state, bots[owing[0]].choose(GAME, state, owing[0]))
            steps += 1
        yield table, state


def test_the_shape_tables_cover_every_mutable_field():
    for table, state in mid_game_states():
        shapes = shapes_of(state)
        for f in dataclasses.fields(state):
            value = getattr(state, f.name)
            if f.name in shapes:
                assert isinstance(value, dict if shapes[f.name] == "data" else
                                  (list if shapes[f.name] != "rng" else object)), (table, f.name)
            else:
                assert immutable(value), (table_id(table), f.name, value)


def mutate_everything(state) -> None:
    """Change every mutable part of ``state`` in place: each list (and each seat's list),
    the options, the generator."""
    for name, shape in shapes_of(state).items():
        value = getattr(state, name)
        if shape == "rng":
            value.counter += 1
        elif shape == "data":
            value["mutated"] = True
            for v in value.values():
                if isinstance(v, list):
                    v.append("mutated")
        else:
            if shape == "lists":
                for inner in value:
                    inner.append("mutated")
            value.append(["mutated"] if shape == "lists" else "mutated")


def test_copy_state_is_deep_both_ways():
    for table, state in mid_game_states():
        snap, text = copy.deepcopy(state), GAME.text(state)
        clone = GAME.copy_state(state)
        assert clone == state
        mutate_everything(clone)
        assert state == snap and GAME.text(state) == text, table_id(table)
        again = GAME.copy_state(state)
        mutate_everything(state)
        assert again == snap, table_id(table)


def test_states_share_what_an_action_did_not_change():
    state = GAME.new(12, variant="epic", seed=4, campaign=True)
    after, _ = GAME.apply(state, "P1 play 5")
    # A play changes one hand and the face-down cards; the rest is the very same objects.
    assert after.hands[0] is not state.hands[0] and after.chosen is not state.chosen
    assert all(after.hands[s] is state.hands[s] for s in range(1, 12))
    for name in ("deck", "box", "history", "used_piles", "upgrade_deck", "wave_decks", "options"):
        assert getattr(after, name) is getattr(state, name), name
    # Changing the new state by hand (a lesson staging a position) needs copy_state first.
    staged = GAME.copy_state(after)
    staged.hands[1].clear()
    assert state.hands[1] and after.hands[1]


def deep_size(roots) -> int:
    """Bytes reachable from ``roots``, each object once (the figure the benchmark prints)."""
    seen, total, todo = set(), 0, list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo.extend(obj)
        elif dataclasses.is_dataclass(obj):
            todo.extend(getattr(obj, f.name) for f in dataclasses.fields(obj))
    return total


def test_the_longest_timeline_stays_small():
    """An epic campaign at twelve players, every state kept (as a Stepper keeps them): it
    was 7.8 MB when every state was a full copy; sharing brings it well under 2 MB."""
    state = GAME.new(12, variant="epic", seed=5, campaign=True)
    bots = bots_for("epic", 12, 5, "random")
    states = [state]
    while GAME.to_move(state):
        owing = GAME.to_move(state)
        state, _ = GAME.apply(state, bots[owing[0]].choose(GAME, state, owing[0]))
        states.append(state)
    assert len(states) > 400
    everything = deep_size(states)
    assert everything < 2_000_000
    copies = deep_size([GAME.copy_state(s) for s in states[::10]]) * 10
    assert copies > 4 * everything  # what full copies would cost


# ---- what players see is what it always was -----------------------------------------------------

def event_line(e) -> str:
    return f"{e.kind}|{e.rule}|{e.text}|{sorted((k, repr(v)) for k, v in e.data.items())}|{e.visible_to}"


def game_digest(variant: str, players: int, options: dict, seed: int, kind: str) -> str:
    """A digest of everything a game shows: setup and action events, every seat's text board
    and legal labels after every action, the outcome."""
    h = hashlib.sha256()
    state = GAME.new(players, variant=variant, seed=seed, **options)
    h.update("\n".join(event_line(e) for e in GAME.setup_events(state)).encode())
    bots = bots_for(variant, players, seed, kind)
    while True:
        owing = GAME.to_move(state)
        h.update(repr((owing, GAME.current_rule(state), GAME.stage(state))).encode())
        h.update(GAME.text(state).encode())
        for seat in range(players):
            h.update(GAME.text(state, seat).encode())
            # The labels of the seats that owe a decision: the optional exchange of a face-down
            # card (a seat not in to_move) came after these digests and is tested on its own.
            if seat in owing:
                h.update(" ".join(a.label for a in GAME.legal_actions(state, seat)).encode())
        if not owing:
            break
        action = bots[owing[0]].choose(GAME, state, owing[0])
        state, events = GAME.apply(state, action)
        h.update((action.label + "\n" + "\n".join(event_line(e) for e in events)).encode())
    h.update(repr(GAME.outcome(state)).encode())
    return h.hexdigest()[:16]


# Two games of every mode and bot (seeds 0 and 1), with their digests as the engine before
# the speed work (the baseline commit) made them.
DIGEST_TABLES = [("base", 2, {}), ("base", 5, {}), ("base", 4, {"easier_haven": True, "youngest": "P3"}),
                 ("campaign", 4, {}), ("epic", 9, {}), ("epic", 8, {"campaign": True}),
                 ("team", 6, {}), ("team", 4, {"campaign": True}),
                 # solo and co-op dealt as before replay format 3 (one seeding per shuffle):
                 # with that one change undone, everything is as the baseline made it
                 ("solo", 1, {"deal": "each"}), ("coop", 2, {"deal": "each"}),
                 ("coop", 3, {"hard": True, "start": "P2", "deal": "each"})]
DIGEST_GAMES = {f"{table_id(t)}-{kind}-{seed}": (*t, seed, kind)
                for t in DIGEST_TABLES for kind in ("random", "kit") for seed in (0, 1)}
DIGESTS = {
    "base-2p-kit-0": "86877ed262c36c64",
    "base-2p-kit-1": "a899e845f4022eb0",
    "base-2p-random-0": "56966358fcc44429",
    "base-2p-random-1": "5cef5916792ae378",
    "base-4p-easier_haven-youngest-kit-0": "6e06e6c8b6190872",
    "base-4p-easier_haven-youngest-kit-1": "0de6700ffb0c448f",
    "base-4p-easier_haven-youngest-random-0": "83c83ea4090027c9",
    "base-4p-easier_haven-youngest-random-1": "7379b892e67a5f31",
    "base-5p-kit-0": "cd9b6fee8baebba3",
    "base-5p-kit-1": "ec466e0e9a02ce4b",
    "base-5p-random-0": "2fef6740145564cb",
    "base-5p-random-1": "d9c9b1dcd6011e07",
    "campaign-4p-kit-0": "1bf782535092f6be",
    "campaign-4p-kit-1": "478841a52956bab4",
    "campaign-4p-random-0": "c158f689bf087ad8",
    "campaign-4p-random-1": "9726c7391e4b3705",
    "coop-2p-deal-kit-0": "3d53f73df8d02709",
    "coop-2p-deal-kit-1": "08441d353147bbf8",
    "coop-2p-deal-random-0": "1e1a55f11e6a63e6",
    "coop-2p-deal-random-1": "97e4204fe7ef1cae",
    "coop-3p-hard-start-deal-kit-0": "0e1f58a959669020",
    "coop-3p-hard-start-deal-kit-1": "a7c210e8c322b00a",
    "coop-3p-hard-start-deal-random-0": "dafa121d4137bc19",
    "coop-3p-hard-start-deal-random-1": "54714ffeeb7253f7",
    "epic-8p-campaign-kit-0": "ab1f907bd33cb1a7",
    "epic-8p-campaign-kit-1": "7587c30006c03fa6",
    "epic-8p-campaign-random-0": "58f7b91c687ab064",
    "epic-8p-campaign-random-1": "c465bcb3dbb07d17",
    "epic-9p-kit-0": "0cf4621ed2d86124",
    "epic-9p-kit-1": "95191d2a345d1c39",
    "epic-9p-random-0": "0f1e1a7a3d9f32ae",
    "epic-9p-random-1": "f85106086476d518",
    "solo-1p-deal-kit-0": "afa0a453827625a6",
    "solo-1p-deal-kit-1": "51753925d6bf3579",
    "solo-1p-deal-random-0": "0b8bb5bc7b64937b",
    "solo-1p-deal-random-1": "8119cfef2aa40851",
    "team-4p-campaign-kit-0": "5d53d7ef318b78b2",
    "team-4p-campaign-kit-1": "3ef4419e7678d831",
    "team-4p-campaign-random-0": "2fe1d0a2470cfa19",
    "team-4p-campaign-random-1": "6d226294057e4e38",
    "team-6p-kit-0": "a462f611ea6eca60",
    "team-6p-kit-1": "4e76b3203dd8875d",
    "team-6p-random-0": "3ee46d5621ce926e",
    "team-6p-random-1": "21a11034c74f2860",
}


@pytest.mark.parametrize("key", sorted(DIGEST_GAMES))
def test_every_text_and_event_is_as_before(key):
    assert game_digest(*DIGEST_GAMES[key]) == DIGESTS[key]
