"""GuardBot in the advanced Bad Bones game, and the shopping-list study.

- Weapons: every weapon decision, in the hero and the movement phase, is judged on scratch
  copies (a staged crossbow shot in the movement phase that saves the tower); over seeded
  advanced games a GuardBot made to buy each weapon uses it (the "weapon" event), some of
  those uses in the movement phase.
- Traps: staged positions where the right new trap is the only good answer (a bomb on a
  crowd, a labyrinth of the right colour, a hearse sent to the leader); over seeded games
  every new kind is placed, and does what it is for (blast at once, throws, portals, riders).
- Shopping lists: ``GuardBot(shopping=...)`` checks its list and buys it; ``KITS`` are
  affordable and buyable; ``shopping_study`` is deterministic for a seed, seats the lists
  fairly, and its counts add up to its tables.

The basic and solo games of the default GuardBot are pinned by test_bad_bones_fast.py's
recorded digests (byte-identical games), which these changes must keep.
"""
from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from bonekit.core.simulate import bot_seed
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.bots import SHOPPING_LIST, shopping_list
from bonekit.games.bad_bones.market import COINS, COST, WEAPONS, stock_for
from bonekit.games.bad_bones.studies import KITS, kit_cost, seatings, shopping_study
from test_bad_bones_rules import bb, empty, put

GAME = bb()
BASIC = ("dragon", "catapult", "catapult", "wall", "wall")
NEW_TRAPS = ("barricade", "bomb", "hearse", "labyrinth", "portal", "spring")
# two lists that buy the six new traps between them (all six cost 21 coins, one more than a player has)
TRAP_LISTS = (("bomb", "barricade", "hearse", "wall", "catapult"),
              ("labyrinth", "portal", "spring", "dragon", "wall"))


def play_events(players, seed, bots):
    """An advanced game played to the end through ``apply``: every (phase before, event)."""
    state = GAME.new(players, "advanced", seed=seed)
    seen = []
    while not GAME.is_over(state):
        seat = state.done.index(False)
        phase = state.phase
        state, events = GAME.apply(state, bots[seat].choose(GAME, state, seat))
        seen += [(phase, e) for e in events]
    return state, seen


def drive(state, bot, seat=0, until=lambda s: False):
    """Let ``bot`` answer ``seat``'s decisions while it owes one; the labels it chose."""
    chosen = []
    while not GAME.is_over(state) and not state.done[seat] and not until(state):
        action = bot.choose(GAME, state, seat)
        chosen.append(action.label)
        state, _ = GAME.apply(state, action)
    return state, chosen


# ---- weapons -------------------------------------------------------------------------------------
def test_a_weapon_in_the_movement_phase_is_used_when_it_saves_the_tower():
    """A stack of three walks into the hero on b2 and triggers the crossbow; a fourth skeleton
    on c2 is about to reach the tower (the solo tower's only floor). Skipping (the first
    answer, what the bot did before) loses the game; GuardBot uses it and shoots that one."""
    state = empty(1)
    state.boards[0].weapon = "crossbow"
    for model in ("green-top", "red-left", "blue-right"):
        put(state, 0, "b1", "s", model=model)
    runner = put(state, 0, "c2", "s")
    model = state.boards[0].skeletons[runner].model
    for label in ("P1 hero b2", "P1 pass"):
        state, _ = GAME.apply(state, label)
    state, chosen = drive(state, GuardBot(0), until=lambda s: s.phase != "move")
    assert chosen[3:] == ["P1 weapon use", f"P1 shoot c2 {model}"], chosen
    assert state.round == 2 and state.boards[0].floors == 1 and not GAME.is_over(state)


@cache
def weapon_games(weapon: str, games: int = 10) -> tuple[Counter, int]:
    """``games`` seeded 2-player advanced games where P1 is a GuardBot made to buy ``weapon``
    first: how often it used it, by the phase it was used in, and how often it was offered."""
    used, offered = Counter(), 0
    for seed in range(games):
        bots = {0: GuardBot(seed, shopping=(weapon, *BASIC)), 1: GuardBot(seed + 1)}
        final, seen = play_events(2, seed, bots)
        assert final.boards[0].weapon == weapon
        for phase, e in seen:
            if e.data.get("seat") == 0 and e.kind == "weapon":
                assert e.data["weapon"] == weapon
                used[phase] += 1
            offered += e.kind == "weapon_ready" and e.data["seat"] == 0
    return used, offered


@pytest.mark.parametrize("weapon", WEAPONS)
def test_guard_bot_uses_every_weapon(weapon):
    used, offered = weapon_games(weapon)
    assert sum(used.values()) > 0, (weapon, used, offered)
    assert sum(used.values()) <= offered


def test_weapons_are_used_in_the_movement_phase_too():
    phases = Counter()
    for weapon in WEAPONS:
        phases.update(weapon_games(weapon)[0])
    assert phases["move"] > 0 and phases["hero"] > 0, phases


def test_guard_bot_is_deterministic_for_a_seed_in_advanced_games():
    def labels(seed):
        bots = {0: GuardBot(seed, shopping=("morning_star", *BASIC)), 1: GuardBot(seed + 1)}
        actions = []
        GAME.playout(GAME.new(2, "advanced", seed=seed), bots, actions=actions)
        return [a.label for a in actions]
    assert labels(4) == labels(4)
    assert labels(4) != labels(5)


# ---- the new traps -------------------------------------------------------------------------------
def trap_phase(supply, *skeletons, players=1, hero="b4"):
    """An empty board in the trap phase: P1 holds ``supply``, its skeletons stand as
    (square, facing), everyone's hero has stepped to ``hero``."""
    state = empty(players)
    state.boards[0].supply = list(supply)
    for sq, facing in skeletons:
        put(state, 0, sq, facing)
    for seat in range(players):
        state, _ = GAME.apply(state, f"P{seat + 1} hero {hero}")
    assert state.phase == "traps"
    return state


def test_a_bomb_goes_on_the_crowd_about_to_reach_the_tower():
    state = trap_phase(["bomb"], ("c2", "s"), ("c2", "s"), ("c2", "s"))
    assert GuardBot(0).choose(GAME, state, 0).label == "P1 place bomb c2"


def test_a_labyrinth_takes_the_colour_the_skeleton_will_not_show():
    """The skeleton on c1 walks onto c2 this movement and shows the other side: a labyrinth of
    the colour it shows now (the token's) holds it there next round; the other colour lets
    it walk on into the tower."""
    state = trap_phase(["labyrinth"], ("c1", "s"))
    assert GuardBot(0).choose(GAME, state, 0).label == f"P1 place labyrinth c2 {state.token}"


def test_the_hearse_carries_a_skeleton_to_the_leader():
    state = trap_phase(["hearse"], ("c1", "s"), players=3)
    (rider,) = state.boards[0].skeletons
    state.boards[2].supply = [*state.boards[2].supply, "dragon"]   # P3 leads on points
    state, chosen = drive(state, GuardBot(0))
    assert chosen == ["P1 place hearse c2"]
    for seat in (1, 2):
        state, _ = GAME.apply(state, f"P{seat + 1} pass")
    state, chosen = drive(state, GuardBot(0), until=lambda s: s.phase != "move")
    assert chosen[-1] == "P1 send p3"
    # the rider came out of P3's cemetery at the end of the round, onto P3's board
    assert "hearse" in state.boards[2].supply and rider in state.boards[2].skeletons
    assert not state.boards[0].traps and rider not in state.boards[0].skeletons


@cache
def trap_games(games: int = 6) -> tuple[Counter, Counter, set]:
    """Seeded advanced games where P1 buys the new traps (``TRAP_LISTS`` in turn): the kinds it
    placed, what its traps did (events by kind), and the labyrinth colours it chose."""
    placed, effects, colours = Counter(), Counter(), set()
    for k, shopping in enumerate(TRAP_LISTS):
        for seed in range(games):
            bots = {0: GuardBot(seed, shopping=shopping), 1: GuardBot(seed + 1)}
            _, seen = play_events(2, 100 * k + seed, bots)
            for _, e in seen:
                if e.data.get("seat") != 0:
                    continue
                if e.kind == "place":
                    placed[e.data["kind"]] += 1
                    if e.data["kind"] == "labyrinth":
                        colours.add(e.text.split("(")[1].split(")")[0])
                effects[e.kind] += 1
    return placed, effects, colours


@pytest.mark.parametrize("kind", NEW_TRAPS)
def test_guard_bot_places_every_new_trap(kind):
    placed, _, _ = trap_games()
    assert placed[kind] > 0, placed


def test_the_new_traps_do_their_work():
    _, effects, colours = trap_games()
    # blast (a bomb gone off), barricade (held back), hearse (rides to the opponent), lost and
    # on_labyrinth, portal, spring (a throw)
    for kind in ("blast", "barricade", "hearse", "lost", "on_labyrinth", "portal", "spring"):
        assert effects[kind] > 0, (kind, effects)
    assert colours == {"white", "black"}


# ---- shopping lists ------------------------------------------------------------------------------
def test_the_default_list_is_the_old_one():
    assert GuardBot().shopping == GuardBot(shopping=None).shopping == SHOPPING_LIST
    assert GuardBot(shopping=["bomb", "weapon"]).shopping == ("bomb", "weapon")


@pytest.mark.parametrize("bad", [("treasure",), ("wall", "laser"), "wall", (3,)])
def test_a_shopping_list_names_what_the_market_sells(bad):
    with pytest.raises(ValueError):
        GuardBot(shopping=bad)
    with pytest.raises(ValueError):
        shopping_list(bad)


def shop(bots, seed=0, players=2):
    state = GAME.new(players, "advanced", seed=seed)
    while state.phase == "market":
        (seat,) = GAME.to_move(state)
        state, _ = GAME.apply(state, bots[seat].choose(GAME, state, seat))
    return state


def test_a_named_weapon_is_bought_and_a_second_never():
    state = shop({0: GuardBot(0, shopping=("rapier", "weapon", "battleaxe", *BASIC)), 1: GuardBot(1)})
    assert state.boards[0].weapon == "rapier"
    assert [i for i in state.market.bought[0] if i in WEAPONS] == ["rapier"]


def test_leftover_coins_buy_the_dearest_trap_left():
    state = shop({0: GuardBot(0, shopping=("bomb",)), 1: GuardBot(1)})
    bought = state.market.bought[0]
    assert bought[0] == "bomb" and state.market.coins[0] < min(COST.values())
    assert all(i not in WEAPONS for i in bought)   # the fallback buys traps only


def test_kits_are_affordable_and_in_stock():
    assert 4 <= len(KITS) <= 6 and "basic kit" in KITS
    for name, kit in KITS.items():
        assert shopping_list(kit) == kit
        assert kit_cost(kit) == sum(COST[i] for i in kit) <= COINS, name
        assert sum(1 for i in kit if i in WEAPONS) <= 1, name
        for players in range(2, 7):
            stock = stock_for(players)
            assert all(n <= stock[item] for item, n in Counter(kit).items()), (name, players)
    assert Counter(KITS["basic kit"]) == Counter(t for t in GAME.data.starting_supply() if t != "treasure")


@pytest.mark.parametrize("name", list(KITS))
def test_each_kit_is_bought_whole_against_the_default_list(name):
    kit = KITS[name]
    for seed in range(3):
        for seat in (0, 1):
            bots = {s: GuardBot(s) for s in range(2)}
            bots[seat] = GuardBot(seat, shopping=kit)
            state = shop(bots, seed)
            assert not Counter(kit) - Counter(state.market.bought[seat]), (name, seed, seat)


# ---- the study -----------------------------------------------------------------------------------
LISTS = {"bombs": ("bomb", "barricade", "dragon", "wall"), "basic": BASIC}


@cache
def small_study(seed=3):
    ticks = []
    study = shopping_study(LISTS, games=5, seed=seed,
                           progress=lambda done, total: ticks.append((done, total)))
    return study, tuple(ticks)


def test_the_study_is_deterministic_for_a_seed():
    study, _ = small_study()
    assert shopping_study(LISTS, games=5, seed=3) == study
    assert shopping_study(LISTS, games=5, seed=4) != study


def test_the_study_seats_every_list_in_every_seat_on_the_same_deals():
    study, _ = small_study()
    assert study.seats == seatings(5, 2, 3) == ((0, 3, 3), (1, 3, 2))
    for name in LISTS:
        tables = study.tables[name]
        assert [[r["seed"] for r in t] for t in tables] == [[3, 4, 5], [3, 4]]
    assert seatings(7, 3) == ((0, 0, 3), (1, 0, 2), (2, 0, 2))
    assert seatings(2, 3) == ((0, 0, 1), (1, 0, 1))


def test_a_list_like_the_opponents_wins_its_even_share():
    """Duplicate play: GuardBot's own list against itself wins exactly the decisive games'
    even share, each deal being played from both sides."""
    study = shopping_study({"own": SHOPPING_LIST}, games=6, seed=11)
    (r,) = study.results
    assert r.win_rate == pytest.approx(r.even) and r.even == (1 - r.draws / 6) / 2


def test_the_study_counts_add_up():
    study, ticks = small_study()
    assert [r.name for r in study.results] == list(LISTS)
    for r in study.results:
        rows = [(seat, row) for (seat, _, _), table in zip(study.seats, study.tables[r.name])
                for row in table]
        assert r.games == len(rows) == 5 and r.items == LISTS[r.name] and r.players == 2
        assert r.wins == sum(seat in row["winners"] for seat, row in rows)
        assert r.draws == sum(not row["winners"] for _, row in rows)
        assert r.win_rate == r.wins / 5
        assert r.mean_score == pytest.approx(sum(row["scores"][seat] for seat, row in rows) / 5)
        assert r.mean_rounds == pytest.approx(sum(row["rounds"] for _, row in rows) / 5)
        total = Counter(i for seat, row in rows for i in row["bought"][seat])
        assert dict(r.bought) == {i: round(n / 5, 2) for i, n in total.items()}
        assert [n for _, n in r.bought] == sorted((n for _, n in r.bought), reverse=True)
        for seat, row in rows:   # the list's seat bought its list, the others GuardBot's own
            assert not Counter(r.items) - Counter(row["bought"][seat])
            assert all(row["bought"][o][:1] == ("dragon",) for o in range(2) if o != seat)
    assert study.rows() == {r.name: r.win_rate for r in study.results}
    assert study.rows("mean_score") == {r.name: r.mean_score for r in study.results}
    assert study.result("bombs") is study.results[0]
    with pytest.raises(ValueError):
        study.rows("luck")
    with pytest.raises(KeyError):
        study.result("luck")
    # progress: rising, up to every game of every list
    assert ticks[-1] == (10, 10) and all(a[0] < b[0] for a, b in zip(ticks, ticks[1:]))
    lines = study.table().splitlines()
    assert lines[0].split()[:3] == ["list", "games", "wins"] and len(lines) == 3


def test_the_study_bots_are_the_table_s_bots():
    """The list's seat of a study game is the game GuardBot(bot_seed(deal, seat), shopping=list) plays."""
    study, _ = small_study()
    row = study.tables["bombs"][1].rows[1]   # seat 1, deal 4
    bots = {0: GuardBot(bot_seed(4, 0)), 1: GuardBot(bot_seed(4, 1), shopping=LISTS["bombs"])}
    final, n = GAME.playout(GAME.new(2, "advanced", seed=4), bots)
    assert (n, final.market.bought, GAME.outcome(final).scores) == \
        (row["actions"], row["bought"], row["scores"])


def test_the_study_refuses_what_it_cannot_play():
    with pytest.raises(ValueError):
        shopping_study({}, games=2)
    with pytest.raises(ValueError):
        shopping_study({"odd": ("laser",)}, games=2)
    with pytest.raises(ValueError):
        shopping_study(LISTS, games=0)
    with pytest.raises(ValueError):
        shopping_study(LISTS, games=2, players=1)


def test_a_list_beyond_the_coins_buys_what_they_reach():
    dear = ("bomb", "dragon", "dragon", "barricade", "hearse")   # 21 coins
    assert kit_cost(dear) > COINS
    study = shopping_study({"dear": dear}, games=2)
    for (seat, _, _), table in zip(study.seats, study.tables["dear"]):
        for row in table:   # 17 coins spent, the 3 left buy a cheaper trap than the hearse
            bought = row["bought"][seat]
            assert bought[:4] == dear[:4] and "hearse" not in bought


def test_study_rows_draw_a_chart():
    from bonekit.widgets.teaching import bar_chart

    study, _ = small_study()
    chart = bar_chart(study.rows(), title="Win rate by shopping list", fmt="{:.0%}")
    assert "bombs" in chart.table and "basic" in chart.table
