"""The staging behind the Bone to Pick campaign and epic-and-teams notebooks: what the helpers
produce, and every claim the notebooks' prose makes about their seeded games."""
from __future__ import annotations

import pytest

import bonekit
from bonekit.core.actions import seat_name
from bonekit.core.events import events_for
from bonekit.games.bone_to_pick import CarefulBot, GreedyBot
from bonekit.games.bone_to_pick.campaign_scenarios import (
    BOT_TABLES,
    RULEBOOK_FINAL_SCORING,
    Finisher,
    advance,
    campaign_stats,
    careful_bots,
    deck_levels,
    epic_pair,
    epic_turn,
    give,
    play_campaign,
    staged_campaign,
    staged_result,
    staged_turn,
    trophy_takers,
    upgrade_draws,
    wave_begins,
    wave_over,
)
from bonekit.games.bone_to_pick.rules_logic import campaign_ranking
from bonekit.widgets.lessons.bone_to_pick_campaign import (
    EPIC_SEATS,
    EPIC_SEED,
    first_epic_turn,
    first_upgrade,
)

game = bonekit.load("bone_to_pick")


@pytest.fixture(scope="module")
def camp():
    return game.new(4, variant="campaign", seed=0)


@pytest.fixture(scope="module")
def after1(camp):
    return advance(camp, careful_bots(4), wave_over)[0]


# ---- advance and the seed-0 campaign the notebook tells ------------------------------------------
def test_advance_stops_at_the_end_of_wave_1_with_p3_as_legend(camp, after1):
    assert after1.wave == 1 and len(after1.results) == 1 and camp.results == []   # camp untouched
    result = after1.results[0]
    assert result.result == "victory" and result.titled == (2,) and result.card_to == (2,)
    assert [len(o) for o in after1.offers] == [2, 2, 3, 2]
    assert after1.offers[0] == ["U30", "U18"] and after1.offers[3][0] == "U17"


def test_advance_returns_every_event_and_stops_at_the_next_wave(after1):
    kept, _ = game.apply(after1, "P4 keep u17 for 0")
    wave2, events = advance(kept, careful_bots(4), wave_begins(2))
    assert wave2.wave == 2 and wave2.turn == 1 and all(len(k) == 1 for k in wave2.kept)
    kinds = [e.kind for e in events]
    assert kinds.count("upgrade_done") == 3 and "wave_start" in kinds
    assert kept.hands[3].count(0) == 1 and kept.upgrades[3] == ["U17"]


def test_the_keep_event_is_secret_to_its_player(after1):
    _, events = game.apply(after1, "P4 keep u17 for 0")
    assert [e.kind for e in events_for(events, 0)] == ["upgrade_done"]
    assert "keep_upgrade" in [e.kind for e in events_for(events, 3)]


def test_a_greedy_table_loses_wave_1_and_p4_is_the_lone_scapegoat(camp):
    mixed = {0: CarefulBot(seed=0), 1: CarefulBot(seed=1, margin=-1), 2: CarefulBot(seed=2), 3: GreedyBot()}
    lost, _ = advance(camp, mixed, wave_over)
    assert lost.results[0].result == "defeat" and lost.results[0].card_to == (3,)
    assert [len(o) for o in lost.offers] == [1, 1, 1, 0] and game.to_move(lost) == (0, 1, 2)
    # the draw table the exercise reads agrees with the engine, after a won and a lost wave
    assert upgrade_draws(4, won=False, titled=[3]) == {"P1": 1, "P2": 1, "P3": 1, "P4": 0}


def test_upgrade_draws_follow_the_board_for_won_lost_and_tied_waves(after1):
    offered = {seat_name(s): len(o) for s, o in enumerate(after1.offers)}
    assert upgrade_draws(4, won=True, titled=["P3"]) == offered
    assert upgrade_draws(4, won=False, titled=["P1", "P2"]) == {"P1": 0, "P2": 0, "P3": 1, "P4": 1}
    with pytest.raises(ValueError):
        upgrade_draws(4, won=True, titled=["P5"])


def test_deck_levels_match_the_campaign_slots(camp):
    assert deck_levels(camp) == game.data.raw["campaign"]["slots"]
    assert sum(sum(d.values()) for d in deck_levels(camp)) == 40


# ---- upgrades handed out by hand -----------------------------------------------------------------
def test_give_swaps_a_weapon_for_an_upgrade_on_a_copy(camp):
    given = give(camp, [(1, "U01", 0), ("P4", "U11", 5)])
    assert camp.upgrades == [[], [], [], []] and camp.hands[1].count(0) == 2     # untouched
    assert given.upgrades[1] == ["U01"] and given.hands[1].count(0) == 1 and given.kept[1] == ["U01"]
    assert given.upgrades[3] == ["U11"] and 5 not in given.hands[3] and given.exchanged[3] == [5]
    assert len(given.hands[1]) + len(given.upgrades[1]) == 12
    with pytest.raises(ValueError, match="no upgrade card"):
        give(camp, {"P1": "U99"})
    with pytest.raises(ValueError, match="no weapon 11"):
        give(camp, [("P1", "U01", 11)])


@pytest.mark.parametrize("youngest, robber", [("P1", 1), ("P3", 3)])
def test_two_grave_robbers_the_first_in_activation_order_takes_it(youngest, robber):
    start = staged_campaign({"P2": "U01", "P4": "U11"}, youngest=youngest)
    turn = staged_turn(start, ["P1 play 3", "P2 play u01", "P3 play 7", "P4 play u11"])
    assert turn.defeated and turn.total == 20 and turn.trophy_to == robber


def test_bulwark_battle_cry_and_rally_as_the_notebook_tells():
    start = staged_campaign({"P1": "U04", "P2": "U05", "P3": "U07"})
    foe = game.data.undead[start.current]
    after = start
    for label in ["P1 play u04", "P2 play 1", "P3 play 1", "P4 play 1"]:
        after, _ = game.apply(after, label)
    assert not after.history[-1].defeated and game.damage(after) == foe.damage - 1 == 0
    turn = staged_turn(start, ["P1 play 1", "P2 play u05", "P3 play u07", "P4 play 6"])
    assert turn.bonus == 4 and turn.total == 22 and turn.trophy_to == 1


def test_exercise_2_total_and_trophy():
    quiz = staged_campaign({"P1": "U09", "P2": "U17"})
    turn = staged_turn(quiz, ["P1 play u09", "P2 play u17", "P3 play 9", "P4 play 5"])
    assert (turn.total, turn.bonus, turn.trophy_to) == (32, 3, 0)


# ---- final scoring ---------------------------------------------------------------------------------
def test_the_rulebook_final_scoring_example_comes_out_as_written():
    assert [p.sum_line() for p in RULEBOOK_FINAL_SCORING] == [
        "Pjotr: 12 + 2 - 5 + 11 = 20", "Kate: 8 + 1 + 15 = 24", "Mike: 13 + 3 + 8 = 24"]
    points = [p.points for p in RULEBOOK_FINAL_SCORING]
    legends = [p.best_legend for p in RULEBOOK_FINAL_SCORING]
    assert legends == [2, 1, 3]
    assert campaign_ranking(points, [12, 8, 13], legends) == [[2], [1], [0]]          # Mike: more undead
    assert campaign_ranking(points, [12, 13, 13], legends)[0] == [2]                  # Mike: better Legend
    assert campaign_ranking(points, [12, 13, 13], [None] * 3)[0] == [1, 2]            # shared


def test_exercise_3_counts_a_scapegoat_card_negative():
    anna = Finisher("Anna", defeated=9, cards=(("Legend", 3), ("Scapegoat", 1)), upgrade_points=7)
    assert anna.points == 17 and anna.best_legend == 3 and anna.sum_line() == "Anna: 9 + 3 - 2 + 7 = 17"
    assert Finisher("Ben", 4, (), 0).best_legend is None


def test_the_seed_0_campaign_outcome_agrees_with_campaign_ranking(camp):
    from bonekit import play_out
    final, _ = play_out(game, camp, careful_bots(4))
    outcome = game.outcome(final)
    best = [max((c.victory_points for c in final.cards[s] if c.kind == "Legend"), default=None)
            for s in range(4)]
    ranking = campaign_ranking(outcome.scores, [len(a) for a in final.set_aside], best)
    assert tuple(ranking[0]) == outcome.winners


# ---- many campaigns ------------------------------------------------------------------------------
def test_campaign_stats_counts_what_it_says():
    finals = [play_campaign("3 careful + greedy", seed) for seed in range(6)]
    st = campaign_stats(finals)
    assert st.campaigns == 6 and len(st.wave_won) == 4
    assert st.wave_won[0] == sum(g.results[0].result == "victory" for g in finals) / 6
    assert 0 <= st.winner_was_legend <= 1 and 0 < st.upgrades_per_player <= 3
    assert st.all_scapegoats <= st.lone_scapegoats + st.all_scapegoats <= st.lost_waves
    assert sum(st.scapegoat_seats.values()) >= st.lost_waves    # every lost wave has a Scapegoat
    assert play_campaign("4 careful", 3).history == play_campaign("4 careful", 3).history  # seeded
    assert set(BOT_TABLES) == {"4 careful", "3 careful + greedy"}
    with pytest.raises(ValueError):
        campaign_stats([])


@pytest.mark.parametrize("table", sorted(BOT_TABLES))
def test_the_fast_path_reaches_the_same_final_states_as_apply(table):
    for seed in range(4):
        safe, fast = play_campaign(table, seed, fast=False), play_campaign(table, seed)
        assert game.outcome(fast) == game.outcome(safe)
        assert (fast.history, fast.results, fast.kept, fast.cards, fast.set_aside, fast.hands) == \
               (safe.history, safe.results, safe.kept, safe.cards, safe.set_aside, safe.hands)


def test_the_greedy_table_gains_from_upgrades_after_wave_1():
    """The notebook's claim: the later decks are stronger, yet the greedy table wins the later
    waves more often than the first (its upgrades make up for the decks)."""
    st = campaign_stats([play_campaign("3 careful + greedy", seed) for seed in range(40)])
    assert st.wave_won[0] < 0.75 and min(st.wave_won[1:]) > st.wave_won[0] + 0.2
    # ... and the hoarder is a Scapegoat in nearly every lost wave, most often alone
    assert st.scapegoat_seats["P4"] >= 0.85 * st.lost_waves and st.lone_scapegoats > st.lost_waves / 2
    assert st.lost_waves == sum(g.results[w].result == "defeat" for g in [play_campaign(
        "3 careful + greedy", seed) for seed in range(40)] for w in range(4))


# ---- epic and team staging -----------------------------------------------------------------------
NAMES = ["Tom", "Mary", "James", "Kim", "Terry", "Joey", "Rachel", "Paul", "Ruby"]
STACK = ["H02", "E04b"] + [f"M{n:02d}" for n in range(1, 19)]


@pytest.fixture(scope="module")
def example():
    return game.new(9, variant="epic", names=NAMES, deck=STACK)


def test_the_rulebook_trophy_example_and_the_exercise(example):
    assert trophy_takers(example, [10, 10, 9, 7, 7, 7, 5, 5, 4]) == ("James", "Ruby")
    after = epic_turn(example, [10, 10, 9, 7, 7, 7, 5, 5, 4])
    assert after.trophies[2] == ["H02"] and after.trophies[8] == ["E04b"]      # James took the Dragon
    assert trophy_takers(example, [8, 3, 8, 6, 10, 6, 3, 1, 10]) == ("Paul", "Paul")
    assert trophy_takers(example, [10, 10, 9, 9, 8, 8, 7, 7, 0]) == (None, None)
    with pytest.raises(ValueError):
        epic_turn(example, [1, 2])


def test_staged_result_applies_the_epic_and_team_tie_rules():
    big = game.new(9, variant="epic", seed=2, campaign=True)
    cases = {(9, 8, 7, 5, 5, 4, 3, 2, 1): ((0, 1), (0, 1)),
             (9, 9, 9, 5, 5, 4, 3, 2, 1): ((0, 1, 2), ()),
             (9, 9, 7, 5, 5, 4, 3, 2, 1): ((0, 1), (0, 1)),
             (9, 7, 7, 5, 5, 4, 3, 2, 1): ((0, 1, 2), (0,))}
    for scores, (titled, cards) in cases.items():
        r = staged_result(big, scores)
        assert (r.titled, r.card_to, r.result) == (titled, cards, "victory")
    chosen = game.new(4, variant="team", seed=0, teams=[["P1", "P3"], ["P2", "P4"]])
    assert staged_result(chosen, [5, 4, 3, 4]).titled == (0, 1, 2, 3)
    assert staged_result(chosen, [5, 4, 4, 4]).titled == (0, 2)
    with pytest.raises(ValueError):
        staged_result(chosen, [1, 2, 3])


# ---- the guided tables ---------------------------------------------------------------------------
def test_first_upgrade_opens_at_the_upgrade_phase_of_the_notebooks_campaign(after1):
    t = first_upgrade()
    assert t.state.offers == after1.offers and t.state.results == after1.results
    assert len(t.actions) == 40 and t.replay.final_state().history == after1.history
    assert "Move 1 of 2" in t.guide.value and "P1 keep u30 for 0" in t.guide.value
    assert not t.act("P1 keep u18 for 0") and "fights as a 9" in t.status.value
    assert not t.act("P1 keep u30 for 10") and "give up a 0" in t.status.value
    assert t.act("P1 keep u30 for 0") and t.state.wave == 2 and t.state.upgrades[0] == ["U30"]
    assert "Mummy" in t.guide.value and t.state.current == "M07"
    assert t.act("P1 play u30") and t.finished
    turn = t.state.history[-1]
    assert turn.plays == ("U30", 3, 1, 6) and turn.total == 23 and turn.trophy_to == 0
    assert t.state.trophies[0] == ["M07"]


def test_first_epic_turn_gives_the_first_pick_and_then_the_plague_lord():
    t = first_epic_turn()
    assert t.seed == EPIC_SEED and len(t.seats) == len(EPIC_SEATS) == 9
    assert {t.state.current, t.state.second} == {"H07", "E02"} and game.power(t.state) == 45
    assert t.act("P1 play 10") and t.state.pending.chooser == 0 and t.state.pending.other == 2
    assert t.state.pending.total == 58
    assert not t.act("P1 take e02") and "Plague Lord" in t.status.value
    assert t.act("P1 take h07") and t.finished
    assert t.state.trophies[0] == ["H07"] and t.state.trophies[2] == ["E02"]


# ---- the notebooks' exercises: the folded solutions pass the one checker, wrong answers do not --
def test_exercise_checks_accept_the_solutions_in_any_case_and_refuse_wrong_answers(example):
    from bonekit.widgets.teaching import check
    quiz = staged_campaign({"P1": "U09", "P2": "U17"})
    turn = staged_turn(quiz, ["P1 play u09", "P2 play u17", "P3 play 9", "P4 play 5"])
    anna = Finisher("Anna", defeated=9, cards=(("Legend", 3), ("Scapegoat", 1)), upgrade_points=7)
    chosen = game.new(4, variant="team", seed=0, teams=[["P1", "P3"], ["P2", "P4"]])
    exercises = [  # (expected as the notebook computes it, the solution, a wrong answer, check options)
        (upgrade_draws(4, won=False, titled=["P1", "P2"]), {"p1": 0, "P2": 0, "P3": 1, "P4": "1"},
         {"P1": 1, "P2": 1, "P3": 1, "P4": 1}, {}),
        ((turn.total, seat_name(turn.trophy_to)), (32, "p1"), (29, "P1"), {}),
        (anna.points, 17, 21, {}),
        (game.power(epic_pair(11, "H05", "M07")), "52", 56, {}),
        (trophy_takers(example, [8, 3, 8, 6, 10, 6, 3, 1, 10]), ("paul", "PAUL "), ("Terry", "Ruby"), {}),
        ([seat_name(s) for s in staged_result(chosen, [12, 9, 4, 8]).titled], ["p4", "P2"], ["P1", "P3"],
         {"ordered": False}),
    ]
    for expected, solution, wrong, options in exercises:
        assert check(solution, expected, hint="h", **options).ok, (expected, solution)
        verdict = check(wrong, expected, hint="look again", **options)
        assert not verdict.ok and verdict.line.endswith("Hint: look again")
        assert not check(..., expected, **options).answered
