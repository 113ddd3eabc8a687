"""The advanced game's Market (bad_bones.market): the stock table for 1-6 players, the snaking
turn order with passes, coins, the one-weapon limit, the free treasure, refusals that leave the
state untouched, the automatic pass, GuardBot's shopping, and whole advanced games (2-6
players, and the advanced solo game) played to the end with their invariants, replays,
determinism and the fast path."""
from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

import pytest

import bonekit
from bonekit import Action, IllegalAction, RandomBot, Replay, play_out
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.market import COINS, COST, ITEMS, WEAPONS, stock_for

GAME = bonekit.load("bad_bones")

# The rulebook's Market table (Advanced Version, Setup), copied by hand, one row per table size.
STOCK_KINDS = ("barricade", "bomb", "catapult", "dragon", "hearse", "labyrinth", "portal", "spring", "wall")
RULEBOOK_STOCK = {1: (1, 1, 2, 2, 1, 1, 1, 1, 2), 2: (1, 1, 4, 3, 1, 1, 1, 1, 4),
                  3: (2, 2, 6, 5, 2, 2, 2, 2, 6), 4: (2, 2, 8, 6, 2, 2, 2, 2, 8),
                  5: (3, 3, 10, 8, 3, 3, 3, 3, 10), 6: (3, 3, 12, 9, 3, 3, 3, 3, 12)}
EIGHT_WEAPONS = {"crossbow", "ice_wand", "death_wand", "teleportation_wand", "two_handed_sword",
                 "battleaxe", "morning_star", "rapier"}


def new(players, seed=0, **options):
    """An advanced game: the variant for 2-6, the solo game's option for one player."""
    if players == 1:
        return GAME.new(1, "solo", seed=seed, advanced=True, **options)
    return GAME.new(players, "advanced", seed=seed, **options)


def play(state, *labels):
    for label in labels:
        state, _ = GAME.apply(state, label)
    return state


def buyer(state):
    (seat,) = GAME.to_move(state)
    return seat


def refused(state, label, rule, words=""):
    """``label`` is refused under ``rule`` (with ``words`` in the reason) and ``state`` is as
    it was, text board included."""
    before, text = copy.deepcopy(state), GAME.text(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, label)
    assert err.value.rule == rule and err.value.rule in GAME.rules, (err.value.rule, err.value.reason)
    assert words in err.value.reason, err.value.reason
    assert not GAME.is_legal(state, GAME.parse_action(state, label))
    assert state == before and GAME.text(state) == text


# ---- setup and stock ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_the_stock_is_the_rulebook_table_for_every_player_count(players):
    expected = dict(zip(STOCK_KINDS, RULEBOOK_STOCK[players]))
    stock = stock_for(players)
    assert {k: v for k, v in stock.items() if k not in WEAPONS} == expected
    assert set(WEAPONS) == EIGHT_WEAPONS and all(stock[w] == 1 for w in WEAPONS)
    state = new(players, seed=players)
    assert {item: state.market.left(item) for item in ITEMS} == stock
    table = {str(n): dict(zip(STOCK_KINDS, row)) for n, row in RULEBOOK_STOCK.items()}
    assert GAME.data.raw["market"]["stock"] == table


@pytest.mark.parametrize("players", [1, 2, 6])
def test_advanced_setup_gives_the_free_treasure_and_20_coins_only(players):
    state = new(players, seed=3)
    assert state.phase == "market" and state.round == 1
    assert state.market.coins == (COINS,) * players and COINS == 20
    for b in state.boards:
        assert b.supply == ["treasure"] and b.traps == {} and b.weapon is None
        assert len(b.skeletons) == 4
        assert (b.floors, b.houses) == ((1, 1) if players == 1 else (4, 5))
    header = "solo (10 rounds, advanced) · 1 player" if players == 1 else f"advanced · {players} players"
    assert GAME.text(state).startswith(f"Bad Bones · {header}")
    events = GAME.setup_events(state)
    assert events[0].rule == "bad_bones.setup.advanced" and "free treasure" in events[0].text
    opened = [e for e in events if e.kind == "market"]
    assert len(opened) == 1 and opened[0].data["seat"] == buyer(state)
    assert events[-1].kind != "round"           # round 1 starts when the Market closes
    # the treasure is never for sale
    assert all(a.args != ("treasure",) for a in GAME.legal_actions(state, buyer(state)))
    refused(state, f"P{buyer(state) + 1} buy treasure", "bad_bones.setup.advanced", "free")


def test_the_first_buyer_is_a_seeded_random_draw():
    firsts = [buyer(new(4, seed)) for seed in range(30)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [buyer(new(4, seed)) for seed in range(30)]


def test_basic_and_solo_games_have_no_market():
    for state in (GAME.new(3, "basic", seed=1), GAME.new(1, "solo", seed=1)):
        assert state.market is None and state.phase == "hero" and "Market" not in GAME.text(state)
        assert len(state.boards[0].supply) == 6


def test_options_are_checked():
    with pytest.raises(ValueError, match="options of the solo game"):
        GAME.new(3, "basic", advanced=True)
    with pytest.raises(ValueError, match="options of the solo game"):
        GAME.new(3, "advanced", advanced=True)
    with pytest.raises(ValueError, match="True or False"):
        GAME.new(1, "solo", advanced=1)
    with pytest.raises(ValueError, match="2-6 players"):
        GAME.new(1, "advanced")
    assert GAME.new(1, "solo", advanced=False).market is None
    assert "advanced" in GAME.variants and GAME.player_counts["advanced"] == (2, 3, 4, 5, 6)


# ---- turns ---------------------------------------------------------------------------------------
def test_the_order_snakes_clockwise_then_back_and_skips_those_who_passed():
    state = new(3, seed=0)
    f = buyer(state)
    a, b, c = f, (f + 1) % 3, (f + 2) % 3
    seen = []
    for _ in range(6):                          # two laps of plain purchases
        seat = buyer(state)
        seen.append(seat)
        state = play(state, f"P{seat + 1} buy wall" if len(seen) % 2 else f"P{seat + 1} buy catapult")
    assert seen == [a, b, c, c, b, a]
    assert GAME.to_move(state) == (a,)          # the third lap starts where the second ended
    state = play(state, f"P{a + 1} buy barricade", f"P{b + 1} pass")
    assert buyer(state) == c
    state = play(state, f"P{c + 1} buy portal")
    assert buyer(state) == c                    # the next lap turns back at c, skipping b ...
    state = play(state, f"P{c + 1} buy spring")
    assert buyer(state) == a                    # ... to a
    state, events = GAME.apply(state, f"P{a + 1} buy bomb")
    assert buyer(state) == a                    # and clockwise again from a
    turns = [e for e in events if e.kind == "market_turn"]
    assert turns and turns[0].rule == "bad_bones.market.order" and "turns clockwise" in turns[0].text
    assert state.market.bought[b] == ("catapult", "wall") and state.market.passed[b]


def test_to_move_stage_and_text_follow_the_market():
    state = new(2, seed=5)
    seat = buyer(state)
    assert GAME.stage(state) == ("before round 1", "market")
    assert GAME.current_rule(state) == "bad_bones.market"
    state = play(state, f"P{seat + 1} buy dragon")
    text = GAME.text(state)
    assert f"Market · P{2 - seat} to buy" in text
    assert f"P{seat + 1}: 15 coins · bought dragon" in text and f"P{2 - seat}: 20 coins" in text
    assert "dragon 2 (5)" in text and "wall 4 (3)" in text and "crossbow 1 (3)" in text
    assert GAME.to_move(state) == (1 - seat,)
    assert GAME.legal_actions(state, seat) == []


def test_coins_pay_for_purchases_and_bought_traps_go_to_the_supply():
    state = new(2, seed=1)
    p = buyer(state)
    q = 1 - p
    state = play(state, f"P{p + 1} buy dragon", f"P{q + 1} buy wall", f"P{q + 1} buy crossbow",
                 f"P{p + 1} buy hearse")
    m = state.market
    assert m.coins[p] == 20 - COST["dragon"] - COST["hearse"] and m.coins[q] == 20 - 3 - 3
    assert state.boards[p].supply == ["dragon", "hearse", "treasure"]
    assert state.boards[q].supply == ["treasure", "wall"] and state.boards[q].weapon == "crossbow"
    assert m.left("dragon") == 2 and m.left("crossbow") == 0 and m.left("hearse") == 0
    assert GAME.score(state, q) == GAME.score(new(2, seed=1), q) + 2   # a wall's stars; coins and
    # weapons are not points


def test_every_purchase_and_pass_is_an_event_of_the_market():
    state = new(2, seed=2)
    p = buyer(state)
    state, events = GAME.apply(state, f"P{p + 1} buy crossbow")
    (e,) = [e for e in events if e.kind == "buy"]
    assert e.rule == "bad_bones.market.weapons" and e.data == {"seat": p, "item": "crossbow", "cost": 3,
                                                                "coins": 17}
    state, events = GAME.apply(state, f"P{2 - p} buy wall")
    assert events[0].rule == "bad_bones.market" and "wall" in events[0].text
    state, events = GAME.apply(state, f"P{2 - p} pass")
    assert events[0].kind == "market_pass" and events[0].rule == "bad_bones.market"
    assert not events[0].data["auto"]


# ---- refusals ------------------------------------------------------------------------------------
def test_refusals_name_their_rule_and_leave_the_state_untouched():
    state = new(2, seed=4)
    p = buyer(state)
    P, Q = f"P{p + 1}", f"P{2 - p}"
    refused(state, f"{Q} buy wall", "bad_bones.market.order", f"{P}'s turn")          # out of turn
    refused(state, f"{Q} pass", "bad_bones.market.order")
    refused(state, f"{P} buy sword", "bad_bones.market", "sells no")
    refused(state, f"{P} buy", "bad_bones.market", "buy wall")
    refused(state, f"{P} place wall b2 /", "bad_bones.market")
    refused(state, f"{P} hero b2", "bad_bones.market")
    state = play(state, f"{P} buy crossbow", f"{Q} buy dragon", f"{Q} buy dragon")
    refused(state, f"{P} buy rapier", "bad_bones.market.weapons", "one weapon")      # a second weapon
    assert not any(a.args[0] in WEAPONS for a in GAME.legal_actions(state, p) if a.verb == "buy")
    refused(state, f"{P} buy crossbow", "bad_bones.market", "no crossbow left")     # out of stock
    # laps: P Q, Q P, P Q, Q P, P Q, ... (each lap turns back at the player who ended the last)
    state = play(state, f"{P} buy dragon", f"{P} buy catapult", f"{Q} buy two_handed_sword")
    assert state.market.coins[p] == 9 and state.market.coins[1 - p] == 5
    refused(state, f"{Q} buy dragon", "bad_bones.market", "no dragon left")           # out of stock
    state = play(state, f"{Q} buy wall", f"{P} buy wall", f"{P} buy wall")
    assert state.market.coins[1 - p] == 2 and state.market.coins[p] == 3
    assert GAME.to_move(state) == (p,) and state.market.passed[1 - p]                # Q was passed for
    refused(state, f"{P} buy bomb", "bad_bones.market", "costs 4 coins")            # beyond the coins
    state = play(state, f"{P} buy catapult")
    assert state.phase == "hero"                                                    # P had 0 coins


def test_a_pass_is_final():
    state = new(3, seed=6)
    p = buyer(state)
    state = play(state, f"P{p + 1} pass")
    while state.phase == "market":
        assert buyer(state) != p
        refused(state, f"P{p + 1} buy wall", "bad_bones.advanced.ruling.market_pass", "final")
        seat = buyer(state)
        cheapest = min((a for a in GAME.legal_actions(state, seat) if a.verb == "buy"),
                       key=lambda a: COST[a.args[0]], default=Action(seat, "pass"))
        state = play(state, cheapest.label)
    assert state.market.bought[p] == () and state.market.coins[p] == 20
    assert state.boards[p].supply == ["treasure"]


def test_a_player_who_can_afford_nothing_is_passed_for_and_the_market_closes():
    state = new(2, seed=7)
    p = buyer(state)
    P, Q = f"P{p + 1}", f"P{2 - p}"
    state = play(state, f"{P} buy dragon", f"{Q} pass", f"{P} buy dragon", f"{P} buy two_handed_sword")
    state, events = GAME.apply(state, f"{P} buy wall")      # 2 coins left: nothing costs so little
    kinds = [e.kind for e in events]
    assert kinds == ["buy", "market_pass", "market_closed", "round"]
    auto = events[1]
    assert auto.rule == "bad_bones.advanced.ruling.market_unaffordable"
    assert auto.data == {"seat": p, "auto": True}
    assert state.phase == "hero" and GAME.to_move(state) == (0, 1) and state.market.passed == (True, True)
    assert GAME.stage(state) == ("round 1", "hero phase")
    assert "Market closed · coins left (not points)" in GAME.text(state)
    assert "two-handed sword" in GAME.text(state)


def test_a_weapon_owner_facing_only_weapons_is_passed_for():
    state = GAME.copy_state(new(2, seed=8))
    p = buyer(state)
    state = play(state, f"P{p + 1} buy crossbow")
    staged = GAME.copy_state(state)                                       # sell out every trap by hand
    m = staged.market
    staged.market = dataclasses.replace(m, stock=tuple(0 if i not in WEAPONS else n
                                                       for i, n in zip(ITEMS, m.stock)))
    assert [a.label for a in GAME.legal_actions(staged, 1 - p)][:2] == [f"P{2 - p} pass",
                                                                        f"P{2 - p} buy ice_wand"]
    after, events = GAME.apply(staged, f"P{2 - p} pass")
    assert [e.kind for e in events] == ["market_pass", "market_pass", "market_closed", "round"]
    assert events[1].data == {"seat": p, "auto": True} and after.phase == "hero"


# ---- direct check against the listing ------------------------------------------------------------
def market_states():
    out = []
    for players in (1, 2, 4, 6):
        for seed in range(3):
            state, bot = new(players, seed), RandomBot(seed)
            while state.phase == "market":
                out.append(state)
                seat = buyer(state)
                state, _ = GAME.apply(state, bot.choose(GAME, state, seat))
            out.append(state)
    return out


def test_is_legal_agrees_with_legal_actions_in_the_market():
    words = (*ITEMS, "treasure", "sword", "", "wall wall")
    checked = 0
    for state in market_states():
        for seat in range(state.players + 1):
            listed = GAME.legal_actions(state, seat)
            tries = [Action(seat, "pass"), Action(seat, "pass", ("wall",)), Action(seat, "buy", ()),
                     *(Action(seat, verb, tuple(w.split())) for verb in ("buy", "place") for w in words)]
            for a in tries:
                assert GAME.is_legal(state, a) == (a in listed), a
                if a not in listed and not state.over:
                    with pytest.raises(IllegalAction) as err:
                        GAME.check(state, a)
                    assert err.value.rule in GAME.rules
                checked += 1
    assert checked > 2000


# ---- bots ----------------------------------------------------------------------------------------
def shop_with(bots, state):
    while state.phase == "market":
        seat = buyer(state)
        state, _ = GAME.apply(state, bots[seat].choose(GAME, state, seat))
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4, 6])
def test_guard_bots_buy_the_kit_they_know_and_one_weapon(players):
    state = shop_with({s: GuardBot(s) for s in range(players)}, new(players, seed=players))
    for seat, b in enumerate(state.boards):
        held = Counter(b.supply)
        assert held["dragon"] == 1 and held["catapult"] == 2 and held["wall"] == 2, held
        assert held["treasure"] == 1 and state.market.coins[seat] < 3
    weapons = [b.weapon for b in state.boards if b.weapon]
    assert len(set(weapons)) == len(weapons)
    # four weapons cost the 3 coins left after the basic kit: with more guards, the others buy a trap
    assert len(weapons) == min(players, 4)


def test_guard_bot_shopping_is_not_random():
    kits = {tuple(tuple(b.supply) + (b.weapon,) for b in
                  shop_with({s: GuardBot(seed) for s in range(2)}, new(2, seed=0)).boards)
            for seed in range(4)}
    assert len(kits) == 1


def test_random_bots_buy_varied_kits():
    kits = {tuple(b.supply) for seed in range(6)
            for b in shop_with({s: RandomBot(seed * 2 + s) for s in range(2)}, new(2, seed)).boards}
    assert len(kits) > 4


# ---- whole games ---------------------------------------------------------------------------------
def check_invariants(state, prev=None):
    """What must hold after every action of an advanced game."""
    n, m = state.players, state.market
    ids = list(state.bag)
    for b in state.boards:
        ids += list(b.skeletons) + list(b.cemetery)
    assert sorted(ids) == list(range(180)), "skeletons not conserved"
    # The Market: coins, stock and purchases agree; one weapon at most, the one bought.
    sold = Counter(item for bought in m.bought for item in bought)
    start = stock_for(n)
    assert all(m.left(i) + sold[i] == start[i] for i in ITEMS)
    for seat, b in enumerate(state.boards):
        assert m.coins[seat] == COINS - sum(COST[i] for i in m.bought[seat]) >= 0
        weapons = [i for i in m.bought[seat] if i in WEAPONS]
        assert len(weapons) <= 1 and b.weapon == (weapons[0] if weapons else None)
        assert 0 <= b.floors <= b.tower_size and 0 <= b.houses <= b.village_size
        if prev is not None:
            pb = prev.boards[seat]
            assert b.floors <= pb.floors and b.houses <= pb.houses, "a tower or village grew"
    # Traps: every trap bought plus the free treasures is in a supply, on a board or in the box
    # (a hearse may change boards).
    have = Counter()
    for b in state.boards:
        have += Counter(b.supply) + Counter(t.kind for t in b.traps.values()) + Counter(b.removed_traps)
    assert have == Counter({"treasure": n}) + Counter(i for i in sold.elements() if i not in WEAPONS)
    owing = GAME.to_move(state)
    if state.phase == "market":
        assert owing == (m.buyer,) and not m.passed[m.buyer] and m.open
    else:
        assert not m.open
    assert (len(owing) == 0) == state.over == (GAME.outcome(state) is not None)
    for seat in range(n):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in owing) and len(set(legal)) == len(legal)
    if state.phase == "hero" or (state.over and not any(state.pending)):
        for b in state.boards:   # after movement every skeleton shows the token, frozen ones aside
            frozen = getattr(b, "frozen", {})
            assert {sk.side for sid, sk in b.skeletons.items() if sid not in frozen} <= {state.token}


def run_game(players, seed, kind, full=True):
    """One advanced game, the next seat picked at random among those owing a decision."""
    state = new(players, seed)
    bots = {s: (GuardBot if kind == "guard" else RandomBot)(seed * 10 + s) for s in range(players)}
    order = random.Random(f"order:{players}:{seed}:{kind}")
    labels = []
    check_invariants(state)
    while GAME.to_move(state):
        assert len(labels) < 20_000
        seat = order.choice(GAME.to_move(state))
        action = bots[seat].choose(GAME, state, seat)
        before = copy.deepcopy(state) if full else None
        new_state, events = GAME.apply(state, action)
        assert events and all(e.rule in GAME.rules for e in events)
        if full:
            assert state == before, "apply changed its input"
            check_invariants(new_state, state)
        state = new_state
        labels.append(action.label)
    out = GAME.outcome(state)
    assert out.rule in GAME.rules
    if players > 1:
        assert state.ended in ("elimination", "cap")
        for s in range(players):
            assert out.scores[s] == (0 if state.eliminated[s] else GAME.score(state, s))
    return labels, state


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("kind", ["random", "guard"])
def test_whole_advanced_games_keep_the_invariants(players, kind):
    seeds = range(4 if kind == "random" else 1)
    lengths = []
    for seed in seeds:
        labels, final = run_game(players, seed, kind)
        lengths.append(len(labels))
        assert any(" buy " in label for label in labels)
        assert final.market.bought != ((),) * players
    assert len(set(lengths)) > 1 or len(seeds) == 1


@pytest.mark.parametrize("players", [1, 3, 6])
def test_replays_round_trip_and_games_are_deterministic(players):
    labels, final = run_game(players, 11, "random", full=False)
    assert run_game(players, 11, "random", full=False)[0] == labels
    variant, options = ("solo", {"advanced": True}) if players == 1 else ("advanced", {})
    replay = Replay.from_json(Replay("bad_bones", players, 11, variant=variant, options=options,
                                     actions=labels).to_json())
    assert GAME.text(replay.final_state()) == GAME.text(final)


def lockstep(players, seed, kind):
    """``apply`` and ``step_fast`` side by side: equal states after every action."""
    state = new(players, seed)
    fast = GAME.copy_state(state)
    make = GuardBot if kind == "guard" else RandomBot
    checked, quick = ({s: make(seed * 10 + s) for s in range(players)} for _ in range(2))
    while GAME.to_move(state):
        seat = GAME.to_move(state)[-1]
        action = checked[seat].choose(GAME, state, seat)
        assert quick[seat].choose(GAME, fast, seat) == action
        state, _ = GAME.apply(state, action)
        GAME.step_fast(fast, action)
        assert fast == state, action.label


def test_the_fast_path_reaches_the_checked_states():
    for players in range(1, 7):
        for seed in range(3):
            lockstep(players, seed, "random")
        lockstep(players, 99, "guard")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_playout_ends_where_the_checked_loop_ends(players):
    seeds = list(range(200, 216)) + [300]
    for seed in seeds:                                # 17 games a table size: 102 in all
        kind = GuardBot if seed == 300 else RandomBot
        state = new(players, seed)
        before = state.copy()
        taken = []
        final, count = GAME.playout(state, {s: kind(seed + s) for s in range(players)}, actions=taken)
        assert state == before
        ref, actions = play_out(GAME, state, {s: kind(seed + s) for s in range(players)})
        assert final == ref and count == len(actions)
        assert [a.label for a in taken] == [a.label for a in actions]
