"""Rolled Bones played whole, by random and builder bots at every table size, in both variants,
with and without alliances: every die is always in exactly one place and every action keeps
the game's invariants; games are deterministic and survive a replay file; views hide what they
must; the fast simulation path reaches the states the checked ``apply`` loop reaches; and
illegal actions are refused with a rule id, leaving the state as it was."""
from __future__ import annotations

import random

import pytest

import bonekit
from bonekit import Action, IllegalAction, RandomBot, Replay, play_out
from bonekit.core.rng import Rng
from bonekit.games.rolled_bones import BuilderBot, components, scenarios
from bonekit.games.rolled_bones.dice import guard, kind, magic_on
from bonekit.games.rolled_bones.scenarios import empty_table, place, script

GAME = bonekit.load("rolled_bones")
R = "rolled_bones."
DICE = components().dice

TABLES = [(n, "base", False) for n in range(2, 7)] + [(n, "base", True) for n in range(3, 7)] + [
    (n, "arena", False) for n in range(2, 7)
]
"""(players, variant, alliances): every table the engine plays."""
KINDS = ("random", "builder", "mixed")


def new(players, variant, seed, alliances=False, **options):
    if alliances:
        options["alliances"] = True
    return GAME.new(players, variant, seed=seed, **options)


def bots_for(kind_, players, seed):
    """Random bots, builder bots, or both (builders on odd seats)."""
    def pick(seat):
        builder = kind_ == "builder" or (kind_ == "mixed" and seat % 2)
        return BuilderBot(seed * 10 + seat) if builder else RandomBot(seed * 10 + seat)
    return {seat: pick(seat) for seat in range(players)}


def d(i: int) -> str:
    return f"d{i + 1}"


# ---- invariants ----------------------------------------------------------------------------------
def check_invariants(s) -> None:
    """Every die is in exactly one place, consistent with its ``area`` and ``on``; nothing
    breaks the stacking limits; bands keep to one owner and one area."""
    n = len(s.codes)
    listed: dict[int, str] = {}
    for seat in range(s.players):
        assert len(s.racks[seat]) <= 6, f"P{seat + 1}'s rack holds {len(s.racks[seat])}"
        for where, dice in (("bag", s.bags[seat]), ("rack", s.racks[seat]), ("base", s.bases[seat])):
            for i in dice:
                assert i not in listed, f"{d(i)} is in the {listed[i]} and the {where}"
                listed[i] = where
                assert s.owners[i] == seat and s.area[i] == where, (d(i), s.area[i], where)
                assert where != "base" or kind(s, i) == "base"
                assert where == "base" or s.on[i] == -1
    # the Bones dice are no dice of the state: every die is one of the kit's B/C/M/I dice
    assert all(code in DICE for code in s.codes) and all(0 <= i < n for i in listed)
    if s.variant == "arena":  # the rack is the bag: six dice a player, between rack and arena
        assert not any(s.bags)
        for seat in range(s.players):
            assert sum(1 for i in range(n) if s.owners[i] == seat) == 6
    for i in range(n):
        if i in listed:
            continue
        if i == s.entering:  # on its way from the rack into play
            assert s.area[i] == "rack" and s.queue and s.queue[0][0] == "enter"
            continue
        if s.area[i] == "rack":  # arena magic may sit on a rack die (magic on any die in the game)
            assert s.variant == "arena" and kind(s, i) == "magic" and s.area[s.on[i]] == "rack", d(i)
            continue
        assert s.area[i] in ("base", "arena"), f"{d(i)} is in the {s.area[i]} but in no list"
        assert kind(s, i) != "base", f"base die {d(i)} in play outside a base"
        below = s.on[i]
        if below >= 0:
            assert s.area[i] == s.area[below], f"{d(i)} rides on {d(below)} in another area"
            assert kind(s, below) != "magic", f"{d(i)} sits on magic die {d(below)}"
            if kind(s, i) != "magic":
                assert s.owners[i] == s.owners[below], f"{d(i)} stands on another player's die"
        if s.area[i] == "base" and kind(s, i) != "magic":
            # on nothing, a guard on a base die, carried by a creature, or standing on an item
            assert below < 0 or below in s.bases[s.owners[i]] or kind(s, below) in ("creature", "item")
        if below >= 0 and kind(s, below) == "item" and kind(s, i) != "magic":
            assert s.on[below] < 0 and kind(s, i) in ("creature", "item"), "stacks stay two high"
        if s.area[i] in ("base", "arena"):
            assert len(magic_on(s, i)) <= 2
        if kind(s, i) == "magic":
            assert below >= 0, f"magic die {d(i)} in play on nothing"
    for seat in range(s.players):
        for b in s.bases[seat]:
            guards = [j for j in range(n) if s.on[j] == b and kind(s, j) in ("creature", "item")]
            assert len(guards) <= 1 and (not guards or guards[0] == guard(s, b))
    bands: dict[int, list[int]] = {}
    for i in range(n):
        if s.band[i] >= 0:
            bands.setdefault(s.band[i], []).append(i)
    for number, members in bands.items():
        assert len(members) >= 2 and members[0] == number
        assert len({s.area[j] for j in members}) == 1 and len({s.owners[j] for j in members}) == 1


def checked_game(players, variant, seed, kind_, alliances, rules_seen=None):
    """One game by the checked loop, invariants after every action; returns the final state
    and the labels played."""
    s = new(players, variant, seed, alliances)
    bots = bots_for(kind_, players, seed)
    check_invariants(s)
    played = []
    while GAME.to_move(s):
        for seat in GAME.to_move(s):
            assert GAME.legal_actions(s, seat), f"P{seat + 1} owes a decision but has no legal action"
        seat = GAME.to_move(s)[0]
        action = bots[seat].choose(GAME, s, seat)
        s, events = GAME.apply(s, action)
        played.append(action.label)
        if rules_seen is not None:
            rules_seen.update(e.rule for e in events)
        check_invariants(s)
    assert all(not GAME.legal_actions(s, seat) for seat in range(players))
    return s, played


@pytest.mark.parametrize("players, variant, alliances", TABLES)
def test_playouts_keep_every_invariant_and_end(players, variant, alliances):
    rules_seen: set[str] = set()
    endings = set()
    for seed in range(3):
        s, played = checked_game(players, variant, seed, KINDS[seed], alliances, rules_seen)
        outcome = GAME.outcome(s)
        assert outcome is not None and len(played) > 10
        endings.add(s.ended)
        if s.winner >= 0:
            if variant == "arena":
                assert s.kills[s.winner] >= 6 and s.ended == R + "arena.win"
            else:
                assert len(s.bases[s.winner]) >= s.base_size and s.ended == R + "goal.hold"
    assert endings <= {R + "arena.win", R + "goal.hold", R + "ruling.round_limit"}
    assert rules_seen <= set(GAME.rules.ids()), rules_seen - set(GAME.rules.ids())


def test_alliances_are_made_and_broken_in_bot_games():
    kinds = set()
    for seed in range(6):
        s = new(4, "base", seed, alliances=True)
        bots = bots_for("random", 4, seed)
        while GAME.to_move(s):
            seat = GAME.to_move(s)[0]
            s, events = GAME.apply(s, bots[seat].choose(GAME, s, seat))
            kinds |= {e.kind for e in events}
    assert {"propose", "accept", "decline", "alliance_broken"} <= kinds


# ---- determinism and replays -------------------------------------------------------------------
def event_record(events):
    return [(e.kind, e.rule, e.text, sorted(e.data.items(), key=str)) for e in events]


@pytest.mark.parametrize("players, variant, alliances",
                         [(2, "base", False), (4, "base", True), (3, "arena", False)])
def test_same_seed_and_actions_give_the_same_states_and_events(players, variant, alliances):
    s = new(players, variant, 7, alliances)
    assert s == new(players, variant, 7, alliances) and s != new(players, variant, 8, alliances)
    twin = new(players, variant, 7, alliances)
    assert event_record(GAME.setup_events(s)) == event_record(GAME.setup_events(twin))
    bots = bots_for("mixed", players, 7)
    states, records, played = [s], [], []
    while GAME.to_move(s):
        seat = GAME.to_move(s)[0]
        action = bots[seat].choose(GAME, s, seat)
        s, events = GAME.apply(s, action)
        states.append(s)
        records.append(event_record(events))
        played.append(action.label)
    again = new(players, variant, 7, alliances)
    for i, label in enumerate(played):
        again, events = GAME.apply(again, label)
        assert again == states[i + 1] and event_record(events) == records[i], f"step {i + 1}: {label}"


def test_a_replay_file_round_trips(tmp_path):
    s, played = checked_game(3, "base", 5, "mixed", True)
    replay = Replay("rolled_bones", 3, seed=5, variant="base", options={"alliances": True}, actions=played)
    replay.save(tmp_path / "game.json")
    loaded = Replay.load(tmp_path / "game.json")
    assert loaded.actions == played and GAME.text(loaded.final_state()) == GAME.text(s)
    assert loaded.final_state() == s

    s, played = checked_game(4, "arena", 6, "builder", False)
    Replay("rolled_bones", 4, seed=6, variant="arena", actions=played).save(tmp_path / "arena.json")
    assert GAME.text(Replay.load(tmp_path / "arena.json").final_state()) == GAME.text(s)


# ---- views ---------------------------------------------------------------------------------------
def sample_states(count_per_table=2):
    """States from real games at every table (every seventh state), with whatever they hold."""
    out = []
    for players, variant, alliances in TABLES:
        for seed in range(count_per_table):
            s = new(players, variant, 100 + seed, alliances)
            bots = bots_for(KINDS[seed % 3], players, seed)
            n = 0
            while GAME.to_move(s):
                if n % 7 == 0 or s.queue:
                    out.append(s)
                seat = GAME.to_move(s)[0]
                s, _ = GAME.apply(s, bots[seat].choose(GAME, s, seat))
                n += 1
            out.append(s)
    return out


def test_views_hide_the_other_bags_and_chance_and_change_nothing():
    states = sample_states(1)[::5]
    scripted = GAME.new(2, seed=0, **scenarios.example_options())
    for s in [*states, scripted]:
        before = s.copy()
        for seat in range(s.players):
            for v in (GAME.view(s, seat), GAME.bot_view(s, seat)):
                assert v.viewer == seat and v.rng == Rng(0, 0) and v.script == {}
                for i, code in enumerate(v.codes):
                    hidden = s.area[i] == "bag" and s.owners[i] != seat
                    assert (code == "?") == hidden, (d(i), s.area[i], code)
                    assert hidden or code == s.codes[i]
                assert v.racks == s.racks and v.bases == s.bases and v.area == s.area
            if seat in GAME.to_move(s):
                assert GAME.legal_actions(GAME.bot_view(s, seat), seat) == GAME.legal_actions(s, seat)
            GAME.text(s, seat)
        assert s == before
    assert scripted.script and "?" in GAME.view(scripted, 0).codes


def test_the_engine_plays_on_a_view_without_touching_its_source():
    s = new(3, "base", 2)
    before = s.copy()
    seat = GAME.to_move(s)[0]
    v = GAME.view(s, seat)
    after, _ = GAME.apply(v, GAME.legal_actions(v, seat)[0])
    assert s == before and after is not v


# ---- the fast path -------------------------------------------------------------------------------
def lockstep(players, variant, seed, kind_, alliances):
    """One game by ``apply`` and, action by action, by ``step_fast`` on a private copy, each
    with its own equally seeded bots: both choose alike and reach equal states (and text
    boards) after every step; no later step reaches back into a kept state."""
    state = new(players, variant, seed, alliances)
    fast = GAME.copy_state(state)
    checked_bots, fast_bots = bots_for(kind_, players, seed), bots_for(kind_, players, seed)
    timeline, snapshots = [state], [state.copy()]
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        action = checked_bots[seat].choose(GAME, state, seat)
        assert fast_bots[seat].choose(GAME, fast, seat) == action
        state, _ = GAME.apply(state, action)
        GAME.step_fast(fast, action)
        assert fast == state, f"step {len(timeline)}: {action.label}"
        assert GAME.text(fast) == GAME.text(state)
        timeline.append(state)
        snapshots.append(state.copy())
    assert GAME.outcome(fast) == GAME.outcome(state)
    assert all(kept == snap for kept, snap in zip(timeline, snapshots))
    return len(timeline) - 1


@pytest.mark.parametrize("players, variant, alliances", TABLES)
def test_step_fast_reaches_the_states_apply_reaches(players, variant, alliances):
    steps = sum(lockstep(players, variant, seed, KINDS[seed % 3], alliances) for seed in range(12))
    assert steps > 12 * 20


@pytest.mark.parametrize("players, variant, alliances", TABLES)
def test_playout_ends_where_the_checked_loop_ends(players, variant, alliances):
    for seed in range(200, 212):
        kind_ = KINDS[seed % 3]
        state = new(players, variant, seed, alliances)
        before = state.copy()
        final, count = GAME.playout(state, bots_for(kind_, players, seed))
        assert state == before, "playout changed its input"
        ref, actions = play_out(GAME, state, bots_for(kind_, players, seed))
        assert final == ref and count == len(actions)
        assert GAME.text(final) == GAME.text(ref)


def test_playout_from_a_finished_game_takes_no_action_and_keeps_its_cap():
    done, _ = play_out(GAME, new(2, "base", 0), RandomBot(0))
    assert GAME.playout(done, bots_for("random", 2, 0)) == (done, 0)
    with pytest.raises(RuntimeError, match="no end after 5 actions"):
        GAME.playout(new(2, "base", 0), bots_for("random", 2, 0), max_actions=5)


# ---- illegal actions -------------------------------------------------------------------------------
def refused(s, action, rule=None):
    """``action`` is refused as IllegalAction with a catalog rule (``rule`` if given) and the
    state is left exactly as it was."""
    before = s.copy()
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, action)
    assert e.value.rule in GAME.rules, e.value.rule
    if rule is not None:
        assert e.value.rule == R + rule, e.value
    assert s == before
    return e.value


def arena_fight():
    """P1's goblin and archer in the arena, P1's base guarded; P2's knight in the arena, a
    magic die on it, P2's base of two."""
    s = empty_table(phase="arrange", bags=["keep", "raid"])
    front, middle, _ = (place(s, 0, "B0001", 1, "base") for _ in range(3))
    on_middle = place(s, 0, "C0003", 2, middle)
    goblin = place(s, 0, "C0001", 2, "arena")  # banding face
    golem = place(s, 0, "C0005", 1, "arena")  # banding face
    archer = place(s, 0, "C0002", 2, "rack")
    knight = place(s, 1, "C0003", 2, "arena")
    warp = place(s, 1, "M0002", 2, knight)
    their_front = place(s, 1, "B0001", 1, "base")
    their_guard = place(s, 1, "C0002", 2, their_front)
    script(s, P1={"bones": [1]})
    s, _ = GAME.apply(s, "P1 roll")
    s, _ = GAME.apply(s, "P1 enter arena")
    return s, locals()


def test_the_illegal_actions_of_the_brief_are_refused_with_their_rules():
    s, dice = arena_fight()
    g = {k: d(v) for k, v in dice.items() if isinstance(v, int)}
    refused(s, f"P1 move {g['on_middle']} arena", "areas.doors")  # away from a door
    refused(s, f"P1 attack {g['goblin']} {g['warp']}", "battle.targets")  # a magic die
    refused(s, f"P1 move {g['front']} arena", "dice.base")  # a base die told to move
    refused(s, f"P1 attack {g['on_middle']} {g['their_guard']}", "areas.adjacent")  # out of reach
    refused(s, f"P1 attack {g['archer']} {g['knight']}", "turn.actions")  # came in: its action
    refused(s, f"P1 attack d999 {g['knight']}", "turn.actions")  # unknown dice
    refused(s, f"P1 attack {g['goblin']} d0", "battle")
    refused(s, "P1 attack dx d1", "turn.actions")
    refused(s, "P2 next", "turn.actions")  # not P2's turn
    script(s, P1={"bones": [6]}, P2={"bones": [1]})
    attacked, _ = GAME.apply(s, f"P1 attack {g['goblin']} {g['knight']}")
    assert attacked.area[dice["knight"]] == "bag"
    refused(attacked, f"P1 attack {g['goblin']} {g['their_front']}", "turn.actions")  # a second action
    refused(attacked, f"P1 move {g['goblin']} base", "turn.actions")
    refused(attacked, f"P1 band {g['golem']} {g['goblin']}", "turn.band")  # banding after an attack


@pytest.mark.parametrize("bad", [
    Action(0.0, "next", ()), Action(0, "next", ["x"]), Action(0, 5, ()), Action(0, "attack", (3, 4)),
    Action(0, "next", None), Action(True, "next", ()), "P1", "", "next P1", 42, None,
])
def test_ill_typed_actions_are_refused_as_illegal(bad):
    s, _ = arena_fight()
    refused(s, bad)


def near_misses(action, players, rnd, dice):
    """Actions one small change away from ``action``: another word in one place, a word more
    or less, another verb, another seat."""
    words = ["arena", "base", "yard", "bag", "r1", "r6", "r7", "p1", "p3", "p9", "d0", "d1",
             f"d{dice}", f"d{dice + 1}", "x", ""] + [f"d{rnd.randrange(1, dice + 1)}" for _ in range(4)]
    verbs = ["build", "declare", "draw", "swap", "roll", "enter", "move", "step", "attack", "shoot",
             "band", "unband", "flash", "propose", "break", "next", "intercept", "hold", "pass",
             "spill", "done", "accept", "decline", "jump"]
    args = action.args
    out = [Action(action.seat, action.verb, args[:i] + (w,) + args[i + 1:])
           for i in range(len(args)) for w in rnd.sample(words, 5)]
    out += [Action(action.seat, action.verb, args[:-1]), Action(action.seat, action.verb, (*args, "d1"))]
    out += [Action(action.seat, verb, args) for verb in rnd.sample(verbs, 5)]
    out += [Action(seat, action.verb, args) for seat in (action.seat + 1, action.seat - 1, players)]
    return out


def test_near_miss_actions_are_refused_with_a_catalog_rule_and_the_contract_s_reason():
    """Over states from real games: every action one change away from a legal one is either
    listed as legal and accepted, or refused with ``why_illegal``'s reason and a catalog rule,
    the state untouched; nothing else is ever raised."""
    rnd = random.Random(11)
    tried = refusals = 0
    for s in sample_states(1)[::3]:
        listed = {seat: GAME.legal_actions(s, seat) for seat in range(s.players)}
        legal = [a for seat in GAME.to_move(s) for a in listed[seat]]
        for base in rnd.sample(legal, min(3, len(legal))):
            for a in near_misses(base, s.players, rnd, len(s.codes)):
                tried += 1
                if 0 <= a.seat < s.players and a in listed[a.seat]:
                    GAME.apply(s, a)
                    continue
                e = refused(s, a)
                refusals += 1
                if s.phase != "over" and a.seat in GAME.to_move(s):
                    assert (e.reason, e.rule) == GAME.why_illegal(s, a)
    assert tried > 2000 and refusals > tried // 2
