"""Bad Bones, the cooperative game (rule sections bad_bones.coop.*): the co-op side of the
boards (four one-floor towers, ruins that reveal arrows, the bottom forest, the capital beyond
the top edge), the shared capital and supply, the hero's starting tower, the retrieval rule,
the team's end, and whole games with their invariants, replays and the fast path."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import bonekit
from bonekit import RandomBot, Replay, play_out
from bonekit.core.errors import IllegalAction
from bonekit.games.bad_bones import GuardBot, Skeleton, Trap
from bonekit.games.bad_bones.board import coords, square

GAME = bonekit.load("bad_bones")
D = GAME.data
R = "bad_bones."
COOP = D.raw["coop"]
COOP_TOWERS = tuple(COOP["towers"])


def table(players=2, **options):
    """A co-op game with no starting skeletons, the heroes still to place."""
    return GAME.new(players, "coop", seed=0, setup="empty", **options)


def play(state, *labels):
    events = []
    for label in labels:
        state, more = GAME.apply(state, label)
        events += more
    return state, events


def started(players=2, heroes=None, **options):
    """Every hero on a tower (default d4), in round 1's hero phase."""
    state = table(players, **options)
    heroes = heroes or {}
    return play(state, *(f"P{s + 1} start {heroes.get(s, 'd4')}" for s in range(players)))[0]


def put(state, seat, sq, facing, token=None):
    token = next(t for t in state.bag) if token is None else token
    state.bag.remove(token)
    r, c = coords(sq)
    state.boards[seat].skeletons[token] = Skeleton(token, D.model_of(token).name, r, c, facing, state.token)
    return token


def to_movement(state, heroes=None):
    heroes = heroes or {}
    labels = [f"P{s + 1} hero {heroes.get(s, 'e5')}" for s in range(state.players)]
    labels += [f"P{s + 1} pass" for s in range(state.players)]
    return play(state, *labels)[0]


def refused(state, label, rule):
    before = state.copy()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, label)
    assert err.value.rule == rule, err.value
    assert state == before
    return err.value


def where(state, sid):
    if sid in state.bag:
        return "bag"
    for seat, b in enumerate(state.boards):
        if sid in b.cemetery:
            return ("cemetery", seat)
        if sid in b.skeletons:
            sk = b.skeletons[sid]
            return (seat, square(sk.r, sk.c), sk.facing)
    raise AssertionError(sid)


# ---- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_builds_the_capital_the_shared_supply_and_the_co_op_boards(players):
    state = GAME.new(players, "coop", seed=players)
    assert state.capital == state.capital_size == players
    want = Counter({k: n * players for k, n in COOP["supply_per_player"].items()}) + Counter(treasure=1)
    assert Counter(state.shared) == want and state.held == ()
    for b in state.boards:
        assert b.towers == ("b2", "d2", "b4", "d4") and b.floors == 4 and b.houses == 0 and b.hero is None
        assert b.supply == [] and len(b.skeletons) == 4
        for t, sk in b.skeletons.items():
            assert (sk.r, sk.c, sk.facing) == D.coop_spot(t)
            if D.model_of(t).forest == "top":   # the top forest waits below the board, pointing up
                assert square(sk.r, sk.c).startswith("bottom-") and sk.facing == "n"
    assert state.phase == "start" and GAME.stage(state)[0] == "before round 1"
    assert sum(len(b.skeletons) for b in state.boards) + len(state.bag) == D.tokens


def test_red_skeletons_are_drawn_at_co_op_setup():
    symbols = Counter(D.model_of(t).symbol for seed in range(30)
                      for b in GAME.new(3, "coop", seed=seed).boards for t in b.skeletons)
    assert symbols["red"] > 0 and set(symbols) == set(D.symbols)


def test_each_hero_starts_on_a_tower_of_its_player_s_choice():
    state = table()
    assert [a.label for a in GAME.legal_actions(state, 0)] == [f"P1 start {t}" for t in COOP["towers"]]
    refused(state, "P1 start c3", R + "coop.setup")
    state, events = play(state, "P1 start b2")
    assert state.boards[0].hero == "b2" and state.phase == "start" and GAME.to_move(state) == (1,)
    state, events = play(state, "P2 start d4")
    assert state.phase == "hero" and state.round == 1 and [b.hero for b in state.boards] == ["b2", "d4"]
    assert any(e.kind == "round" for e in events)


def test_the_options_of_the_co_op_game():
    assert GAME.new(2, "coop", rounds=4).options["rounds"] == 4
    assert GAME.new(2, "coop").options["rounds"] == COOP["rounds"] == 10
    assert GAME.new(2, "coop", chiefs=True).options["chiefs"] is True
    with pytest.raises(ValueError, match="players"):
        GAME.new(1, "coop")
    with pytest.raises(ValueError, match="solo"):
        GAME.new(2, "coop", heroic=True)


# ---- the shared supply ------------------------------------------------------------------------------
def test_the_team_places_from_one_supply_and_the_one_treasure_goes_once():
    state = started()
    state, _ = play(state, "P1 hero e5", "P2 hero e5", "P1 place treasure a1")
    assert "treasure" not in state.shared and state.boards[0].traps["a1"] == Trap("treasure")
    assert not any(a.args[:1] == ("treasure",) for a in GAME.legal_actions(state, 1))
    refused(state, "P2 place treasure a1", R + "coop.supply")
    places = [a for a in GAME.legal_actions(state, 1) if a.verb == "place"]
    assert all(a.args[1] not in COOP["towers"] for a in places)
    assert any(a.label == "P2 place wall c3 /" for a in places)   # no tower in the middle
    refused(state, "P2 place wall b2 /", R + "phase.traps.place")


def test_a_trap_taken_back_waits_out_the_round():
    state = started()
    state.boards[0].traps["a1"] = Trap("catapult")
    state.shared.remove("catapult")
    state.shared.remove("catapult")   # the team's other catapult is on P2's board
    state.boards[1].traps["a1"] = Trap("catapult")
    state, _ = play(state, "P1 hero e5", "P2 hero e5", "P1 retrieve a1")
    assert state.held == ("catapult",) and "catapult" not in state.shared
    err = refused(state, "P2 place catapult c3", R + "coop.retrieved")
    assert "next round" in str(err)
    state, _ = play(state, "P2 pass")       # no skeleton: the movement phase ends at once
    assert state.round == 2 and state.held == () and state.shared.count("catapult") == 1


# ---- towers, ruins, edges ---------------------------------------------------------------------------
def test_a_tower_stops_one_skeleton_and_its_ruins_turn_the_next():
    state = started()
    first = put(state, 0, "a2", "e")
    second = put(state, 0, "a2", "e")
    state = to_movement(state)
    state, events = play(state, "P1 move a2 e")
    b = state.boards[0]
    assert b.towers == ("d2", "b4", "d4") and b.floors == 3 and where(state, first) == "bag"
    assert next(e for e in events if e.kind == "floor").rule == R + "coop.towers"
    state, _ = play(state, "P1 move a2 e")
    assert where(state, second) == (0, "b2", "n")   # the ruins' arrow: moving east turns north
    assert b.arrows is not D.coop_arrows and state.boards[1].arrows is D.coop_arrows


def test_a_hero_on_a_tower_does_not_save_it():
    state = started(heroes={0: "b2"})
    put(state, 0, "a2", "e")
    state, _ = play(state, "P1 hero a1", "P2 hero e5")
    state.boards[0].hero = "b2"          # back on his tower for the movement phase
    state, events = play(state, "P1 pass", "P2 pass", "P1 move a2 e")
    assert "b2" not in state.boards[0].towers and state.boards[0].hero == "b2"
    assert not any(e.kind == "hero_kill" for e in events)


def test_walking_off_the_top_burns_a_house_of_the_capital():
    state = started()
    sid = put(state, 0, "c1", "n")
    state = to_movement(state)
    state, events = play(state, "P1 move c1 n")
    assert state.capital == 1 and where(state, sid) == "bag"
    assert next(e for e in events if e.kind == "capital").rule == R + "coop.capital"


def test_the_bottom_forest_sends_to_another_player_of_the_player_s_choice():
    state = started(3)
    sid = put(state, 0, "a5", "s")
    state = to_movement(state)
    state, _ = play(state, "P1 move a5 s")
    assert state.pending[0]
    assert [a.label for a in GAME.legal_actions(state, 0)] == ["P1 send p2", "P1 send p3"]
    state, events = play(state, "P1 send p3")
    assert where(state, sid) == ("cemetery", 2) or where(state, sid)[0] == 2   # arrived, if the round ended
    assert any(e.rule == R + "coop.bottom" for e in events)


def test_a_dragon_scares_skeletons_into_the_bottom_forest_never_into_the_capital():
    state = started()
    state.boards[0].traps["a5"] = Trap("dragon")
    state.shared.remove("dragon")
    state.boards[0].traps["a1"] = Trap("dragon")
    state.shared.remove("dragon")
    put(state, 0, "b5", "w")
    put(state, 0, "b1", "w")
    state = to_movement(state)
    state, _ = play(state, "P1 move b5 w")
    assert [a.args[0] for a in GAME.legal_actions(state, 0)] == ["a4", "b5", "bottom-a", "left-5"]
    state, _ = play(state, "P1 repel bottom-a", "P1 move b1 w")
    assert [a.args[0] for a in GAME.legal_actions(state, 0)] == ["b1", "a2", "left-1"]


# ---- the end ------------------------------------------------------------------------------------------
def test_the_team_wins_after_the_last_round():
    state = started(rounds=2)
    while not state.over:
        seat = GAME.to_move(state)[0]
        state, events = GAME.apply(state, GAME.legal_actions(state, seat)[-1] if state.phase == "hero"
                                   else GAME.legal_actions(state, seat)[0])
    out = GAME.outcome(state)
    assert out.result == "victory" and out.winners == (0, 1) and out.scores == (2, 2) and state.round == 2
    assert out.rule == R + "coop.end"


def test_the_team_loses_when_the_capital_burns_down():
    state = started()
    state.capital = 1
    put(state, 0, "c1", "n")
    put(state, 1, "a1", "e")            # P2 still to move: the game ends all the same, at once
    state = to_movement(state)
    state, _ = play(state, "P1 move c1 n")
    assert state.capital == 0 and state.over and not GAME.to_move(state)
    out = GAME.outcome(state)
    assert state.over and out.result == "defeat" and out.winners == () and "capital" in out.summary
    assert out.scores == (0, 0)


def test_the_team_loses_when_one_player_has_lost_every_tower():
    state = started()
    board = state.boards[1]
    board.towers, board.floors = ("d2",), 1
    put(state, 1, "c2", "e")
    state = to_movement(state)
    state, _ = play(state, "P2 move c2 e")
    out = GAME.outcome(state)
    assert out.result == "defeat" and "P2 lost every tower" in out.summary


# ---- whole games ------------------------------------------------------------------------------------------
def check(state):
    ids = list(state.bag)
    for b in state.boards:
        ids += list(b.skeletons) + list(b.cemetery)
    assert sorted(ids) == list(range(D.tokens))
    have = Counter(state.shared) + Counter(state.held)
    for b in state.boards:
        have += Counter(t.kind for t in b.traps.values()) + Counter(b.removed_traps)
        assert b.supply == [] and b.houses == 0 and set(b.towers) <= set(COOP["towers"])
        assert b.floors == len(b.towers)
    per = COOP["supply_per_player"]
    assert have == Counter({k: n * state.players for k, n in per.items()}) + Counter(treasure=1)
    assert 0 <= state.capital <= state.capital_size == state.players
    owing = GAME.to_move(state)
    assert (not owing) == state.over
    for seat in range(state.players):
        assert bool(GAME.legal_actions(state, seat)) == (seat in owing)


def run(players, seed, kind="random", full=True):
    state = GAME.new(players, "coop", seed=seed)
    make = GuardBot if kind == "guard" else RandomBot
    bots = {s: make(seed * 10 + s) for s in range(players)}
    order = random.Random(f"coop:{players}:{seed}")
    labels = []
    check(state)
    while GAME.to_move(state):
        seat = order.choice(GAME.to_move(state))
        action = bots[seat].choose(GAME, state, seat)
        before = copy.deepcopy(state) if full else None
        after, events = GAME.apply(state, action)
        assert events and all(e.rule in GAME.rules for e in events)
        if full:
            assert state == before
            check(after)
        state, labels = after, labels + [action.label]
    return labels, state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_co_op_games_keep_every_invariant(players):
    rounds = []
    for seed in range(4):
        _, final = run(players, seed)
        out = GAME.outcome(final)
        assert out.result in ("victory", "defeat") and out.rule in GAME.rules
        rounds.append(final.round)
    _, final = run(players, 9, "guard")
    assert final.over


def test_co_op_replays_round_trip_and_games_are_deterministic():
    labels, final = run(3, 5, full=False)
    assert run(3, 5, full=False)[0] == labels
    replay = Replay.from_json(Replay("bad_bones", 3, 5, variant="coop", actions=labels).to_json())
    assert GAME.text(replay.final_state()) == GAME.text(final)


def test_the_fast_path_reaches_the_checked_co_op_states():
    for players in (2, 4, 6):
        for seed in range(3):
            state = GAME.new(players, "coop", seed=seed)
            fast = GAME.copy_state(state)
            checked, quick = ({s: RandomBot(seed + s) for s in range(players)} for _ in range(2))
            while GAME.to_move(state):
                seat = GAME.to_move(state)[-1]
                action = checked[seat].choose(GAME, state, seat)
                assert quick[seat].choose(GAME, fast, seat) == action
                state, _ = GAME.apply(state, action)
                GAME.step_fast(fast, action)
                assert fast == state, action.label
            final, count = GAME.playout(GAME.new(players, "coop", seed=seed),
                                        {s: RandomBot(seed + s) for s in range(players)})
            assert final == play_out(GAME, GAME.new(players, "coop", seed=seed),
                                     {s: RandomBot(seed + s) for s in range(players)})[0]


def test_the_text_board_shows_the_co_op_side():
    state = started()
    text = GAME.text(state)
    assert "Capital: 2 houses of 2" in text and "the team's supply: catapult, catapult" in text
    assert "towers b2, d2, b4, d4 (4 of 4)" in text and "(bottom forest)" in text and "the capital" in text


# ---- the Skeleton Chiefs in the co-op game ----------------------------------------------------------------
def chief(name):
    return next(c.token for c in D.chiefs if c.name == name)


def test_the_emperor_on_any_tower_loses_the_game_for_the_team():
    state = started(chiefs=True)
    put(state, 0, "a2", "e", chief("emperor"))
    state = to_movement(state)
    state, events = play(state, "P1 move a2 e")
    out = GAME.outcome(state)
    assert out.result == "defeat" and "Emperor" in out.summary and "b2" in state.boards[0].towers
    assert any(e.rule == R + "chiefs.emperor" for e in events)


def test_the_artificer_brings_down_two_towers_and_the_nice_chief_spares_one():
    state = started(chiefs=True)
    put(state, 0, "a2", "e", chief("artificer-1"))
    put(state, 1, "a2", "e", chief("nice-1"))
    state = to_movement(state)
    state, events = play(state, "P1 move a2 e", "P2 move a2 e")
    assert state.boards[0].towers == ("b4", "d4") and state.boards[1].towers == COOP_TOWERS
    assert where(state, chief("nice-1")) == "bag"
    assert any(e.rule == R + "coop.ruling.chiefs" for e in events)


def test_chiefs_at_the_capital():
    state = started(chiefs=True)
    state.capital = 1
    put(state, 0, "c1", "n", chief("nice-2"))
    spectral = put(state, 1, "c1", "n", chief("spectral-1"))
    state = to_movement(state)
    state, _ = play(state, "P1 move c1 n")
    assert state.capital == 2                       # rebuilt
    state, _ = play(state, "P2 move c1 n")
    assert state.capital == 1 and where(state, spectral)[0] == 1   # back from P2's cemetery


def test_whole_co_op_games_with_the_chiefs_keep_the_tokens():
    for players in (2, 4, 6):
        for seed in range(4):
            state = GAME.new(players, "coop", seed=seed, chiefs=True)
            final, _ = GAME.playout(state, {s: RandomBot(seed + s) for s in range(players)})
            ids = list(final.bag)
            for b in final.boards:
                ids += list(b.skeletons) + list(b.cemetery) + list(b.exiled)
            assert sorted(ids) == list(range(D.all_tokens)) and GAME.outcome(final) is not None


# ---- the advanced co-op game: the team's Market ------------------------------------------------
def test_the_team_shops_from_one_purse_without_turns():
    state = GAME.new(3, "coop", seed=2, advanced=True)
    assert state.phase == "market" and state.market.purse == 36 and state.shared == ["treasure"]
    assert GAME.to_move(state) == (0, 1, 2)
    state, events = play(state, "P2 buy dragon", "P1 buy crossbow", "P2 buy wall", "P3 buy wall")
    assert state.market.purse == 36 - 5 - 3 - 3 - 3 and state.shared == ["dragon", "treasure", "wall", "wall"]
    assert state.boards[0].weapon == "crossbow"
    refused(state, "P1 buy rapier", R + "market.weapons")
    state, _ = play(state, "P1 pass")
    refused(state, "P1 buy wall", R + "coop.ruling.team_shopping")
    state.market = type(state.market)(state.market.stock, 2, state.market.bought, state.market.done)
    err = refused(state, "P2 buy wall", R + "coop.market")
    assert "purse holds 2" in str(err)
    state, events = play(state, "P2 pass", "P3 pass")
    assert state.phase == "start" and not state.market.open
    state, _ = play(state, "P1 start b2", "P2 start d2", "P3 start b4")
    assert state.phase == "hero" and "The team's Market" not in GAME.text(state)


def test_the_teleportation_wand_goes_to_a_standing_tower_in_the_co_op_game():
    state = started()
    board = state.boards[0]
    board.weapon = "teleportation_wand"
    board.towers, board.floors = ("b2", "d4"), 2
    for _ in range(3):
        put(state, 0, "e5", "n")
    state, _ = play(state, "P1 hero e5", "P1 weapon use")
    assert [a.label for a in GAME.legal_actions(state, 0)] == ["P1 tower b2", "P1 tower d4"]
    state, events = play(state, "P1 tower b2")
    assert state.boards[0].hero == "b2" and any(e.kind == "teleport" for e in events)


def test_a_hearse_ridden_to_a_teammate_joins_the_team_s_supply():
    state = started()
    state.boards[0].traps["a3"] = Trap("hearse")
    put(state, 0, "a2", "s")
    state = to_movement(state)
    state, _ = play(state, "P1 move a2 s")
    assert "hearse" in state.shared and "hearse" not in state.boards[1].supply


@pytest.mark.parametrize("players", [2, 4, 6])
def test_whole_advanced_co_op_games_with_and_without_the_chiefs(players):
    for seed in range(3):
        for chiefs in (False, True):
            state = GAME.new(players, "coop", seed=seed, advanced=True, chiefs=chiefs)
            final, _ = GAME.playout(state, {s: RandomBot(seed + s) for s in range(players)})
            ref, actions = play_out(GAME, state, {s: RandomBot(seed + s) for s in range(players)})
            assert final == ref and GAME.outcome(final).result in ("victory", "defeat")
            bought = Counter(i for b in final.market.bought for i in b)
            assert final.market.purse == 12 * players - sum(GAME.data.raw["traps"][i]["cost"] if i in
                                                            GAME.data.raw["traps"] else
                                                            GAME.data.raw["weapons"][i]["cost"]
                                                            for i in bought.elements())
    labels = [a.label for a in actions]
    options = {"advanced": True, "chiefs": True}
    replay = Replay.from_json(Replay("bad_bones", players, seed, variant="coop", options=options,
                                     actions=labels).to_json())
    assert GAME.text(replay.final_state()) == GAME.text(ref)


# ---- the co-op bot ---------------------------------------------------------------------------------------
def test_the_co_op_bot_leaves_the_last_trap_to_the_board_it_saves_most():
    from bonekit.games.bad_bones.bots import CoopBot

    state = started()
    state.shared = ["wall"]
    put(state, 0, "c2", "n")                        # P1: one skeleton bound for the capital
    for _ in range(3):
        put(state, 1, "c2", "n")                    # P2: three about to burn the whole capital
    state, _ = play(state, "P1 hero e5", "P2 hero e5")
    alone = GuardBot(1).choose(GAME, state, 0)      # for itself, P1 would take the wall
    assert alone.verb == "place" and alone.args[0] == "wall", alone
    p1 = CoopBot(1).choose(GAME, state, 0)
    assert p1.verb != "place", p1
    p2 = CoopBot(2).choose(GAME, state, 1)
    assert p2.verb == "place" and p2.args[0] == "wall", p2


def test_the_co_op_bot_sends_skeletons_to_the_strongest_teammate():
    from bonekit.games.bad_bones.bots import CoopBot

    state = started(3)
    state.boards[1].towers, state.boards[1].floors = ("b2",), 1
    put(state, 0, "a5", "s")
    state = to_movement(state)
    state, _ = play(state, "P1 move a5 s")
    assert CoopBot(0).choose(GAME, state, 0).label == "P1 send p3"
    assert "coop" in GAME.bots
