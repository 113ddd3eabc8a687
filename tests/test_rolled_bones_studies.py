"""The Rolled Bones odds lab and variants lessons (bonekit.games.rolled_bones.odds and .studies,
bonekit.widgets.lessons.rolled_bones_variants): the enumerations are complete and exact, the
engine's battles agree with them (exactly over scripted rolls, within sampling error over random
ones), the staged states are sound, the whole-game study is the same on any number of workers,
and every guided step is legal at its step and does what its text says."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import bonekit
from bonekit.core.rng import Rng
from bonekit.games.rolled_bones import odds, studies
from bonekit.games.rolled_bones.battle import fixed_total
from bonekit.games.rolled_bones.dice import symbols, unit
from bonekit.games.rolled_bones.studies import Fighter

GAME = bonekit.load("rolled_bones")
FLAGS = list(product((False, True), repeat=2))


def places(state):
    """Every die's place from the lists that hold it (bags, racks, bases) and its area."""
    held = {}
    for name, lists in (("bag", state.bags), ("rack", state.racks), ("base", state.bases)):
        for seat, dice in enumerate(lists):
            for i in dice:
                assert i not in held, f"d{i + 1} is in two lists"
                held[i] = name
                assert state.owners[i] == seat
    return held


# ---- the enumerations ------------------------------------------------------------------------------
@pytest.mark.parametrize("dice", [(1, 1), (2, 1), (1, 2), (2, 2)])
def test_melee_odds_sum_to_one_over_every_outcome(dice):
    for attack, defence in product(range(0, 9), repeat=2):
        for first, tough in product(FLAGS, FLAGS):
            o = odds.melee_odds(attack, defence, first_strike=first, unyielding=tough, dice=dice)
            assert o.win + o.lose + o.both + o.neither == 1
            assert o.outcomes == 6 ** sum(dice) and all(p >= 0 for p in o.as_dict().values())
            if not tough[1] and not (tough[0] and not first[1]):
                assert o.neither == 0


def test_melee_odds_agree_with_the_bots_hand_to_hand():
    for attack, defence in product(range(0, 9), repeat=2):
        for first in FLAGS:
            o = odds.melee_odds(attack, defence, first_strike=first)
            assert (o.win, o.lose, o.both) == odds.hand_to_hand(attack, defence, *first)


def test_only_the_difference_of_totals_matters():
    for d in range(-6, 7):
        assert odds.melee_odds(d + 4, 4) == odds.melee_odds(d, 0)
        assert odds.shot_odds(d + 3, 3, volley=True) == odds.shot_odds(d, 0, volley=True)


def test_known_values_of_the_lab():
    assert odds.melee_odds(4, 4).as_dict() == {"win": Fraction(15, 36), "lose": Fraction(15, 36),
                                               "both": Fraction(6, 36), "neither": 0}
    assert (odds.melee_odds(5, 4).win, odds.melee_odds(5, 4).both) == (Fraction(7, 12), Fraction(5, 36))
    assert odds.melee_odds(4, 4, first_strike=(True, True)) == odds.melee_odds(4, 4)
    assert odds.melee_odds(4, 4, unyielding=(True, True)).neither == Fraction(6, 36)
    assert odds.melee_odds(4, 4, dice=(2, 1)).win == Fraction(181, 216)
    # a +1 wins exactly where first strike does, and turns some losses into ties
    for d in range(-6, 6):
        plus, strike = odds.melee_odds(d + 1, 0), odds.melee_odds(d, 0, first_strike=(True, False))
        assert plus.win == strike.win and plus.lose <= strike.lose


def test_shot_odds_are_a_hit_then_damage():
    assert odds.shot_odds(0, 0).hit == Fraction(21, 36) == odds.hit_chance()
    assert odds.shot_odds(0, 0, volley=True).hit == Fraction(161, 216) == odds.hit_chance(True)
    for attack, defence in product(range(0, 8), repeat=2):
        for volley in (False, True):
            s = odds.shot_odds(attack, defence, volley=volley)
            assert s.win == s.hit * s.damage and 0 <= s.win <= s.hit <= 1
            assert s.win == odds.projectile_win(attack, defence, volley)
    assert odds.shot_odds(5, 5).win == Fraction(49, 144)
    assert odds.shot_odds(0, 0, dice=(2, 1)).damage == sum(
        1 for a, b, c in product(range(1, 7), repeat=3) if a + b >= c) / Fraction(216)


def test_bones_sums_list_every_outcome():
    assert sorted(odds.bones_sums(1)) == [1, 2, 3, 4, 5, 6]
    two = odds.bones_sums(2)
    assert len(two) == 36 and two.count(7) == 6 and two.count(2) == two.count(12) == 1


# ---- staging --------------------------------------------------------------------------------------
def test_a_staged_duel_has_two_dice_in_play_and_nothing_else():
    duel = studies.stage_duel(GAME, Fighter("C0003", 5, item=("I0001", 3), magic=2), Fighter("C0005", 4))
    s = duel.state
    held = places(s)
    assert all(held.get(i, s.area[i]) == s.area[i] for i in range(len(s.codes)))
    assert not any(s.racks) and not any(s.bases) and s.phase == "act" and not s.queue
    in_play = [i for i in range(len(s.codes)) if s.area[i] in ("arena", "base")]
    assert sorted(s.codes[i] for i in in_play) == ["C0003", "C0005", "I0001", "M0001"]
    assert duel.label in [a.label for a in GAME.legal_actions(s, 0)]
    assert duel.totals == (4 + 2 + 2, 5)        # knight 4, blade face 3 = 2, +2 contortion; golem 5
    assert unit(s, duel.attacker) == (duel.attacker,) and "1 extra Bones die" in duel.describe()


def test_a_base_die_defends_as_the_front_door():
    duel = studies.stage_duel(GAME, Fighter("C0001", 3, magic=1), Fighter("B0001", 4))
    assert duel.state.bases[1] == [duel.target] and duel.totals == (5, 4)
    after, _ = GAME.apply(duel.state, duel.label)   # no interception, no flash: the battle is fought
    assert after.battle is None and after.last_rolls["fixed"] == (5, 4)


def test_staging_refuses_what_cannot_fight():
    with pytest.raises(ValueError):
        studies.stage_duel(GAME, Fighter("M0001", 1), Fighter("C0001", 1))
    with pytest.raises(ValueError):
        studies.stage_duel(GAME, Fighter("C0001", 7), Fighter("C0001", 1))
    with pytest.raises(ValueError):
        studies.contortion(4)
    with pytest.raises(bonekit.IllegalAction):   # only an archer shoots: the label is refused
        studies.stage_duel(GAME, Fighter("C0001", 1), Fighter("C0001", 1), shoot=True)
    assert [studies.contortion(c)[0] for c in (1, 2, 3, -1, -2, -3)] == ["M0001"] * 3 + ["M0002"] * 3


# ---- the engine against the enumeration ------------------------------------------------------------
EXTRA_DUELS = {
    "both first strike": (Fighter("C0003", 4), Fighter("C0001", 6), False),
    "unyielding attacker": (Fighter("C0005", 5), Fighter("C0001", 4, magic=1), False),
    "armour on its power face": (Fighter("C0002", 3, magic=1), Fighter("C0001", 5, item=("I0002", 4)), False),
    "against a base die": (Fighter("C0004", 6), Fighter("B0002", 4), False),
    "a plain shot": (Fighter("C0002", 3, magic=2), Fighter("C0001", 3, magic=1), True),
}


@pytest.mark.parametrize("name", list(studies.LAB_DUELS) + list(EXTRA_DUELS))
def test_the_engine_gives_exactly_the_enumerated_odds(name):
    attacker, defender, shoot = {**studies.LAB_DUELS, **EXTRA_DUELS}[name]
    duel = studies.stage_duel(GAME, attacker, defender, shoot)
    exact = studies.outcome_odds(duel)
    assert sum(exact.values()) == 1
    assert studies.engine_odds(GAME, duel) == exact


def test_the_extra_duels_test_what_their_names_say():
    duels = {n: studies.stage_duel(GAME, a, d, s) for n, (a, d, s) in EXTRA_DUELS.items()}
    assert studies.duel_odds(duels["both first strike"]).both > 0       # first strikes cancel
    assert studies.duel_odds(duels["unyielding attacker"]).win == Fraction(21, 36)
    assert studies.rolls_needed(duels["armour on its power face"]) == (1, 2)
    assert studies.rolls_needed(duels["a plain shot"]) == (2, 2)


def test_fight_is_the_checked_battle_on_the_fast_path():
    for name, duel in studies.lab_duels(GAME).items():
        for seed in range(30):
            checked = duel.state.copy()
            checked.rng = Rng(seed)
            after, _ = GAME.apply(checked, duel.label)
            outcome = studies.fight(GAME, duel, seed)
            fell = (after.area[duel.attacker] == "bag", after.area[duel.target] == "bag")
            if duel.projectile:
                assert fell[0] is False and (outcome == "win") == fell[1]
            else:
                assert studies.FALLEN[fell] == outcome, (name, seed)


def test_random_battles_agree_with_the_exact_odds():
    counts = studies.simulate_duels(GAME, studies.lab_duels(GAME), battles=3000, seed=5)
    for name, duel in studies.lab_duels(GAME).items():
        rows = studies.compare(studies.outcome_odds(duel), counts[name])
        assert sum(counts[name].counts.values()) == 3000
        assert rows and all(abs(r.z) < 4 for r in rows), (name, studies.agreement_text(rows))


def test_simulate_duels_counts_every_battle_on_its_bar():
    taken = []

    def track(items, desc):
        assert desc == "battles"
        for item in items:
            taken.append(item)
            yield item
        taken.append("finished")

    duels = dict(list(studies.lab_duels(GAME).items())[:2])
    studies.simulate_duels(GAME, duels, battles=10, track=track)
    assert taken == list(range(20)) + ["finished"]
    # different duels use different seeds: the first battles of two equal duels differ somewhere
    twin = {"a": duels[next(iter(duels))], "b": duels[next(iter(duels))]}
    c = studies.simulate_duels(GAME, twin, battles=200)
    assert c["a"].counts != c["b"].counts


def test_agreement_words_fit_the_kind_of_attack():
    duels = studies.lab_duels(GAME)
    shot = next(d for d in duels.values() if d.projectile)
    text = studies.agreement_text(studies.compare(studies.outcome_odds(shot),
                                                  studies.simulate_duel(GAME, shot, 50)))
    assert "a miss" in text and "the target falls" in text and "attacker wins" not in text


def test_win_curve_and_roll_grid():
    assert studies.win_curve([0, 1]) == [(0, 15 / 36), (1, 21 / 36)]
    grid = studies.roll_grid(5, 4).splitlines()[3:]
    assert sum(row.count("W") for row in grid) == 21 and sum(row.count("T") for row in grid) == 5
    assert studies.roll_grid(4, 4, (True, False)).count("T") == 1   # only the legend's T is left


def test_judge_chance():
    right = Fraction(7, 12)
    for answer in (Fraction(7, 12), "7/12", " 21 / 36 ", 0.583, "58.3%"):
        assert studies.judge_chance(answer, right)[0], answer
    for answer in (Fraction(1, 2), "1/2", 0.5, "7/13", True, "seven", None, [7, 12]):
        ok, message = studies.judge_chance(answer, right)
        assert not ok and message
    assert not studies.judge_chance("0.58", Fraction(1, 2))[0]


# ---- the whole-game study ----------------------------------------------------------------------------
def test_the_bag_study_is_the_same_table_for_one_and_two_workers():
    one = studies.bag_study(GAME, games=16, workers=1)
    two = studies.bag_study(GAME, games=16, workers=2)
    assert one == two and one.tables == two.tables
    assert one.wins["keep"] + one.wins["raid"] == 1 and len(one.tables[0]) == len(one.tables[1]) == 16
    row = one.tables[0].rows[0]
    assert {"first", "rounds", "winners"} <= set(row)
    # the tables are bonekit.simulate's, with the bags in the seats the study says
    direct = bonekit.simulate(GAME, "builder", games=16, players=2, measure=studies.measure,
                              bags=["raid", "keep"])
    assert direct == one.tables[1]
    assert one.seating(1)["keep"] == direct.win_rate(1)
    firsts = [r for t in one.tables for r in t]
    assert one.first_wins == sum(r["winners"] == (r["first"],) for r in firsts) / 32


def test_the_bag_study_drives_its_progress_bar_to_the_end():
    taken = []

    def track(items, desc):
        for item in items:
            taken.append(item)
            yield item
        taken.append("finished")

    studies.bag_study(GAME, games=6, track=track)
    assert taken == list(range(12)) + ["finished"]


# ---- notebook 02's guided fight ---------------------------------------------------------------------
def first_fight():
    from bonekit.widgets.lessons import rolled_bones_variants as lesson
    from bonekit.widgets.teaching import GuidedTable
    return lesson, GuidedTable(GAME, lesson.FIRST_FIGHT_SEATS, steps=lesson.FIRST_FIGHT,
                               seed=lesson.FIRST_FIGHT_SEED, variant="arena", **lesson.first_fight_options())


def test_the_first_fight_does_what_its_steps_say():
    lesson, table = first_fight()
    s = table.state
    assert (s.codes[0], s.area[0], s.codes[6], s.area[6]) == ("C0001", "arena", "C0001", "arena")
    assert fixed_total(s, (0,), True) == 5 and fixed_total(s, (6,), False) == 4
    assert "first_strike" in symbols(s, (0,)) and "first_strike" not in symbols(s, (6,))
    step1, step2, step3 = lesson.FIRST_FIGHT
    assert table.act(step1.move)
    after = table.state
    assert after.kills == [1, 0] and after.area[6] == "rack" and after.racks[1][-1] == 6
    assert after.last_rolls["totals"] == (8, 8)                      # a tie, won by first strike
    assert table.act(step2.move)
    s = table.state
    assert s.turn_seat == 0 and s.area[7] == "arena" and s.area[1] == "arena"   # both archers in
    assert not [a for a in table.actions if a.startswith("P2") and a.split()[1] in ("attack", "shoot")]
    # the hints of step 3 are legal at step 3, and the chances the text quotes are right
    for label in step3.hints:
        assert label in [a.label for a in GAME.legal_actions(s, 0)], label
    assert studies.duel_odds(studies.Duel(s, step3.move, 0, 7, False)).win == Fraction(5, 6)
    assert round(float(studies.duel_odds(studies.Duel(s, "P1 shoot d2 d8", 1, 7, True)).win), 2) == 0.34
    assert table.act("P1 shoot d2 d8") is False and "one shot in three" in table.status.value
    assert table.act(step3.move)
    assert table.finished and table.state.kills == [2, 0] and table.state.last_rolls["totals"] == (7, 6)


def test_the_first_fights_first_hint_is_legal():
    lesson, table = first_fight()
    for label in lesson.FIRST_FIGHT[0].hints:
        assert label in [a.label for a in GAME.legal_actions(table.state, 0)]
    assert table.act("P1 next") is False and "attack" in table.status.value


# ---- notebook 03: alliances and the arena ------------------------------------------------------------
def test_the_alliance_start_is_where_the_guided_game_gets_to():
    from bonekit.widgets.lessons import rolled_bones_variants as lesson
    from bonekit.widgets.teaching import GuidedTable
    start = studies.alliance_start(GAME)
    assert start.turn_seat == 0 and start.phase == "act" and not start.allies
    knights = (32, 12)   # d33 (P2's) and d13 (P1's)
    assert [(start.area[i], start.codes[i]) for i in knights] == [("arena", "C0003")] * 2
    assert start.on[49] == start.bases[2][0] and start.codes[49] == "C0001"   # P3's goblin guards the door
    table = GuidedTable(GAME, lesson.alliance_seats(), steps=lesson.ALLIANCE_STEPS, seed=lesson.ALLIANCE_SEED,
                        **lesson.alliance_options())
    for step in lesson.ALLIANCE_STEPS:
        for label in step.hints:
            assert label in [a.label for a in GAME.legal_actions(table.state, 0)], label
        if step.move == "P1 propose p2":
            assert table.state.area == start.area and table.state.face == start.face
        assert table.act(step.move), (step.move, table.status.value)
        if step.move == "P1 propose p2":
            assert table.state.allies == [(0, 1)]                # the ally bot accepted at once
        if step.move == "P1 attack d33 d50":
            assert table.state.area[49] == "bag" and table.state.last_rolls["totals"] == (8, 6)
    assert table.finished
    # the last step's promise: P2 commanded P1's knight against P3's front door and destroyed it
    log = [e for _, evs in table.history for e in evs]
    attack = next(e for e in log if e.kind == "attack" and e.data["attackers"] == (12,))
    assert attack.text.startswith("P2's d13") and attack.data["target"] == 40
    assert table.state.area[40] == "bag"


def test_alliance_refusals_and_breaks_as_the_notebook_shows_them():
    start = studies.alliance_start(GAME)
    allied, _ = GAME.apply(GAME.apply(start, "P1 propose p2")[0], "P2 accept")
    declined, _ = GAME.apply(GAME.apply(start, "P1 propose p2")[0], "P2 decline")
    assert allied.allies == [(0, 1)] and declined.allies == [] and declined.proposed
    mine = [a.label for a in GAME.legal_actions(allied, 0) if a.args[:1] == ("d33",)]
    assert mine == ["P1 move d33 base", "P1 attack d33 d41", "P1 attack d33 d50"]
    for state, label, rule in [(declined, "P1 propose p3", "alliances.propose"),
                               (allied, "P1 attack d21 d50", "dice.base"),
                               (allied, "P1 move d34 arena", "areas"),
                               (allied, "P1 attack d33 d21", "alliances.command")]:
        with pytest.raises(bonekit.IllegalAction) as refused:
            GAME.apply(state, label)
        assert refused.value.rule == "rolled_bones." + rule
    broken, _ = GAME.apply(allied, "P1 break p2")
    with pytest.raises(bonekit.IllegalAction) as refused:
        GAME.apply(broken, "P1 attack d33 d50")
    assert refused.value.rule == "rolled_bones.alliances.command"
    fought, _ = GAME.apply(allied, "P1 attack d33 d50")
    p2_turn = studies.bots_play(GAME, GAME.apply(fought, "P1 next")[0], studies.alliance_bots(),
                                until=studies.acting(1))
    assert p2_turn.turn_seat == 1 and p2_turn.allies == [(0, 1)]
    assert "P2 attack d13 d41" in [a.label for a in GAME.legal_actions(p2_turn, 1)]
    betrayed, events = GAME.apply(p2_turn, "P2 attack d33 d13")
    assert betrayed.allies == [] and events[0].kind == "alliance_broken"


def test_the_ally_bot_accepts_and_sends_creatures_to_the_arena():
    bot = studies.AllyBot(1)
    start = studies.alliance_start(GAME)
    asked, _ = GAME.apply(start, "P1 propose p2")
    assert bot.choose(GAME, asked, 1).verb == "accept"
    assert studies.AllyBot(1).name == "ally"


def test_the_arena_replay_shows_the_moments_the_notebook_names():
    replay = studies.arena_replay(seed=0)
    final = replay.states[-1]
    assert GAME.outcome(final).winners == (1,) and final.kills == [3, 6] and len(replay.actions) == 50
    kills = studies.find_events(replay, "defeated", lambda e: e.data["credit"] >= 0)
    lost = studies.find_events(replay, "defeated", lambda e: e.data["credit"] < 0)[0]
    magic = studies.find_events(replay, "magic")[0]
    # the first kill comes as P2 passes on a flash (the arena's defender may flash too)
    assert kills[0] == 4 and replay.actions[3] == "P2 pass" and magic == lost - 2 == 14
    before, after = replay.states[lost - 1], replay.states[lost]
    assert before.kills == after.kills and studies.rack_line(after, 0).startswith("r1 d4 Bat Swarm")
    # a defeated die goes to the right end of its owner's rack
    assert replay.states[kills[0]].racks[1][-1] == 6
    # steps 35 to 37: two attackers lose to P1's Bat Swarm (no kill), the third wins (a kill)
    assert [replay.states[k].kills for k in (34, 35, 36, 37)] == [[3, 3], [3, 3], [3, 3], [3, 4]]
    # P1's leftmost die after step 37 is the one P1 plays at the start of its next turn
    nxt = next(k for k in range(38, len(replay.states)) if replay.states[k].turn_seat == 0)
    played = next(e for e in replay.events[nxt] if e.kind == "into_play")
    assert played.data["die"] == replay.states[37].racks[0][0] == 1
    # magic in the arena goes onto any die in the game, rack dice of either side too
    targets = {a.args[0] for a in GAME.legal_actions(replay.states[13], 0)}
    assert {"d1", "d8", "d2", "d9"} <= targets


def test_rack_line_and_fresh_options():
    s = GAME.new(2, variant="arena", seed=0)
    assert studies.rack_line(s, 1).startswith("r1 d7 Goblin") and studies.rack_line(s, 1).count("·") == 5
    opts = studies.fresh_options(studies.ALLIANCE_OPTIONS)
    opts["script"]["P1"]["bones"].pop()
    assert studies.ALLIANCE_OPTIONS["script"]["P1"]["bones"] == [1, 3]
