"""The helpers behind notebooks/bone_to_pick/04_solo_and_coop.ipynb and 05_strategy_lab.ipynb:
the fast simulation path reaches the same games as the safe one, the staged tables and puzzles
are what the notebooks say, the exercise judges accept the solutions and explain wrong
answers without raising, and the guided first moves do what their texts say."""
from __future__ import annotations

from fractions import Fraction

import pytest

import bonekit
from bonekit import play_out
from bonekit.games.bone_to_pick import CarefulBot, GreedyBot, studies, trophy_winner
from bonekit.games.bone_to_pick.bots import CoopBot, SoloBot
from bonekit.games.bone_to_pick.data import title_for
from bonekit.widgets.lessons import bone_to_pick_lab as lab
from bonekit.widgets.teaching import check

game = bonekit.load("bone_to_pick")
SOLO, COOP = game.data.raw["solo"], game.data.raw["coop"]


# ---- the fast path -----------------------------------------------------------------------------

@pytest.mark.parametrize("new, bots", [
    (lambda s: game.new(4, seed=s), lambda s: studies.careful_table(4, s)),
    (lambda s: game.new(3, seed=s, easy_deck=True), lambda s: studies.careful_table(3, s)),
    (lambda s: game.new(4, seed=s), lambda s: studies.greedy_table(s, None)),
    (lambda s: game.new(1, variant="solo", seed=s), lambda s: SoloBot()),
    (lambda s: game.new(3, variant="coop", seed=s), lambda s: CoopBot()),
])
@pytest.mark.parametrize("seed", [0, 7])
def test_play_fast_reaches_the_states_of_play_out(new, bots, seed):
    start = new(seed)
    before = game.text(start)
    slow, _ = play_out(game, start, bots(seed))
    fast = studies.play_fast(game, start, bots(seed))
    assert fast.history == slow.history and game.outcome(fast) == game.outcome(slow)
    assert game.text(fast) == game.text(slow)
    assert game.text(start) == before          # the start state is untouched


def test_greedy_table_seats_one_greedy_player_among_careful_ones():
    bots = studies.greedy_table(5, None)
    assert isinstance(bots[0], GreedyBot) and all(isinstance(bots[s], CarefulBot) for s in (1, 2, 3))
    stingy = studies.greedy_table(5, -0.4)
    assert stingy[0].margin == -0.4 and stingy[1].seed == 51
    # margin 0 is the careful table itself
    careful = studies.greedy_table(5, 0.0)
    same = studies.careful_table(4, 5)
    a = studies.play_fast(game, game.new(4, seed=5), careful)
    b = studies.play_fast(game, game.new(4, seed=5), same)
    assert a.history == b.history


def test_play_until_stops_where_asked_and_keeps_the_events():
    start = game.new(1, variant="solo", seed=5)
    run = studies.play_until(game, start, SoloBot(), lambda s, last: bool(s.offer))
    assert run.state.offer == ["U07", "U18", "U01"] and len(run.state.set_aside) == 4
    assert run.last.label == "P1 play a7 b1" and len(run.actions) == 4
    assert run.last_events[-1].kind == "offer" and run.events[-len(run.last_events):] == run.last_events
    nothing = studies.play_until(game, start, SoloBot(), lambda s, last: True)
    assert nothing.state is start and nothing.last is None and nothing.events == ()


def test_upgrade_played_stops_after_the_first_upgrade_play():
    run = studies.play_until(game, game.new(1, variant="solo", seed=5), SoloBot(), studies.upgrade_played)
    assert run.last.label == "P1 play a1 u28" and run.state.history[-1].turn == 13
    assert run.state.history[-1].defeated and sorted(run.state.upgrades) == ["U18", "U22"]


# ---- the solo and co-op notebook ----------------------------------------------------------------

def test_first_picture_needs_an_upgrade():
    state = studies.to_turn(game, game.new(1, variant="solo", seed=5), 13)
    assert state.turn == 13 and game.power(state) == 13 and len(state.stack) == 27
    assert state.upgrades == ["U18", "U22", "U28"] and len(state.set_aside) == 12
    rows_best = sum(max(int(c.split(":")[1]) for c in row) for row in state.rows)
    assert rows_best < game.power(state) == 13
    assert studies.cheapest_wins(game, state)[0] == (13, "P1 play a1 u28")


def test_to_turn_waits_out_an_open_offer():
    state = studies.to_turn(game, game.new(1, variant="solo", seed=5), 4)
    assert state.turn == 4 and not state.offer       # turn 4 before its attack
    state = studies.to_turn(game, game.new(2, variant="coop", seed=3), 5)
    assert state.turn == 5 and not state.offer


@pytest.mark.parametrize("players, seed", [(1, 5), (2, 3), (3, 3)])
def test_stack_levels_follow_the_recipe(players, seed):
    state = game.new(players, variant="solo" if players == 1 else "coop", seed=seed)
    recipe = SOLO["undead_decks"] if players == 1 else COOP["by_players"][str(players)]["undead_decks"]
    assert studies.stack_levels(game.data, state, recipe) == recipe


def test_level_counts_and_title_bands():
    assert studies.level_counts(game.data, ["E01", "E02", "H01"]) == {"easy": 2, "medium": 0, "hard": 1}
    assert studies.title_bands(SOLO["titles"]) == [
        ("0", "Legend"), ("1 to 3", "Doom of the Undead"), ("4 to 7", "Zombie Hunter"),
        ("8 to 12", "Trophy Collector"), ("13 to 20", "Acolyte"), ("21 or more", "Undead Food")]
    assert studies.title_bands(COOP["by_players"]["3"]["titles"])[-1] == ("16 or more", "Undead Food")


def solo_puzzle():
    return studies.to_turn(game, game.new(1, variant="solo", seed=11), 6)


def test_solo_puzzle_and_its_judge():
    puzzle = solo_puzzle()
    assert game.power(puzzle) == 7 and puzzle.upgrades == ["U19"]
    ok, message = studies.judge_cheapest_pair(game, puzzle, "P1 play a0 b7")
    assert ok and "keeps the upgrade" in message
    assert studies.judge_cheapest_pair(game, puzzle, "P1 play a0 u19") == (
        False, "it wins, but spends 10; a win is possible with 7.")
    ok, message = studies.judge_cheapest_pair(game, puzzle, "P1 play a0 b0")
    assert not ok and "refuses" in message
    ok, message = studies.judge_cheapest_pair(game, puzzle, "P1 play a0 u10")  # no such card kept
    assert not ok and "U10" in message
    assert check("p1 PLAY a0  b7", lambda a: studies.judge_cheapest_pair(game, puzzle, a)).ok
    assert not check("nonsense", lambda a: studies.judge_cheapest_pair(game, puzzle, a)).ok


def test_solo_title_exercise():
    assert title_for(SOLO["titles"], 40 - 30) == "Trophy Collector"
    assert check("trophy collector", title_for(SOLO["titles"], 10)).ok


def coop_puzzle():
    return studies.play_until(game, game.new(3, variant="coop", seed=13), CoopBot(),
                              lambda s, _: s.turn == 8 and s.played[1] is not None).state


def test_coop_puzzle_is_as_the_solution_tells():
    puzzle = coop_puzzle()
    assert game.to_move(puzzle)[0] == 2 and game.power(puzzle) == 20
    assert puzzle.played[:2] == ["red:7", "yellow:9"]
    assert sorted(puzzle.hands[2]) == ["U10", "purple:10", "purple:8", "purple:9"]
    assert studies.cheapest_last_card(game, puzzle, 2) == 7
    ok, _ = studies.judge_last_card(game, puzzle, "P3 play u10")
    assert ok
    after, _ = game.apply(puzzle, "P3 play u10")
    assert after.history[-1].trophy_to == 1          # the two 7s cancel: P2's 9 takes it
    assert studies.judge_last_card(game, puzzle, "P3 play 10") == (
        False, "enough, but a card of value 7 would do it too.")
    ok, message = studies.judge_last_card(game, puzzle, "P3 play 7")
    assert not ok and "by its id" in message


def test_mode_study_counts_each_mode_on_each_seed():
    seen = []
    results = studies.mode_study(game, range(3), track=lambda runs, desc: seen.append(desc) or runs)
    assert seen == ["games"] and {mode: len(games) for mode, games in results.items()} == {
        "solo": 3, "co-op, 2 players": 3, "co-op, 3 players": 3}
    final, _ = play_out(game, game.new(3, variant="coop", seed=2), CoopBot())
    out = game.outcome(final)
    assert results["co-op, 3 players"][2] == studies.ModeGame(out.result, out.titles[0], len(final.stack))
    for games in results.values():
        for g in games:
            assert g.result in ("victory", "defeat") and g.title in [t for _, _, t in SOLO["titles"]]


# ---- the strategy lab --------------------------------------------------------------------------

def test_first_picture_of_the_lab_shows_the_hoarder_as_legend():
    final = studies.play_fast(game, game.new(4, seed=3), studies.greedy_table(3, margin=None))
    out = game.outcome(final)
    assert out.result == "victory" and out.titles == {0: "Legend"} and out.scores == (38, 11, 4, 0)
    assert final.hands[0] == [9, 10] and game.trophy_points(final, 0) == 19
    assert final.hit_points - game.damage(final) == 1


def test_win_study_is_a_share_per_setting_and_table():
    rate = studies.win_study(game, studies.SETTINGS, (2, 5), range(4))
    assert set(rate) == {(s, n) for s in studies.SETTINGS for n in (2, 5)}
    wins = [game.outcome(studies.play_fast(game, game.new(5, seed=s, easy_deck=True),
                                           studies.careful_table(5, s))).result == "victory"
            for s in range(4)]
    assert rate["easy deck", 5] == sum(wins) / 4
    assert all(0 <= r <= 1 for r in rate.values())


def test_greed_study_rows_and_turns():
    levels = [("careful", 0.0), ("greedy", None)]
    study = studies.greed_study(game, levels, range(6))
    careful, greedy = study.rows["careful"], study.rows["greedy"]
    assert careful.games == greedy.games == 6
    finals = [studies.play_fast(game, game.new(4, seed=s), studies.careful_table(4, s)) for s in range(6)]
    outs = [game.outcome(f) for f in finals]
    assert careful.won == sum(o.result == "victory" for o in outs) / 6
    assert careful.hand_left == sum(sum(f.hands[0]) for f in finals) / 6
    hits = sum(not r.defeated for f in finals for r in f.history)
    assert sum(study.hits_by_turn.values()) == hits
    assert sum(study.falls_by_turn.values()) == sum(o.result == "defeat" for o in outs)
    turns = list(range(1, len(study.hits_by_turn) + 1))
    assert list(study.hits_by_turn) == list(study.falls_by_turn) == turns
    assert 0 <= greedy.sole_scapegoat <= greedy.scapegoat <= 1


# ---- the trophy game ---------------------------------------------------------------------------

def test_exact_chances_against_random_opponents():
    chances = [studies.win_chance(v, [studies.uniform(5)] * 2) for v in range(1, 6)]
    assert chances == [Fraction(4, 25), Fraction(4, 25), Fraction(6, 25), Fraction(2, 5), Fraction(16, 25)]
    assert studies.win_chance(2, [studies.uniform(3)] * 2) == Fraction(2, 9)
    assert studies.top_heavy(5)[5] == Fraction(3, 5) and sum(studies.top_heavy(5).values()) == 1


def test_best_response_goes_just_below_a_crowded_top():
    pick, chances = studies.best_response([studies.top_heavy(5)] * 2, 5)
    assert pick == 4 and max(chances.values()) == chances[4]
    assert studies.best_response([{5: Fraction(1)}] * 2, 5)[0] == 1     # any lower pick wins; the smallest


def test_fictitious_play_levels_the_payoffs():
    mix = studies.fictitious_play(5, 3000)
    payoff = [studies.float_chance(v, mix) for v in mix]
    assert abs(sum(mix.values()) - 1) < 1e-9 and max(payoff) - min(payoff) < 0.01
    assert mix[5] < 0.5 and mix[4] > 0.2
    assert studies.float_chance(5, {v: 0.2 for v in range(1, 6)}) == pytest.approx(16 / 25)


def test_judge_best_response():
    def solution(opponents, k):
        return max(range(1, k + 1), key=lambda v: (studies.win_chance(v, opponents), -v))

    assert studies.judge_best_response(solution) == (True, "right in all 4 test cases.")
    ok, message = studies.judge_best_response(lambda opponents, k: k)
    assert not ok and "go for the top half the time it answers 5 (wins 16%), but 4 wins 45%" in message
    ok, message = studies.judge_best_response(lambda opponents, k: 1 / 0)
    assert not ok and "ZeroDivisionError" in message
    ok, message = studies.judge_best_response(lambda opponents, k: k + 1)
    assert not ok and "not a pick from 1 to 5" in message
    ok, message = studies.judge_best_response(
        lambda opponents, k: max(range(1, k + 1), key=lambda v: (studies.win_chance(v, opponents), v)))
    assert not ok and "smaller pick" in message                # ties must go to the smaller pick
    assert not studies.judge_best_response(5)[0]
    assert check(solution, studies.judge_best_response).ok
    assert not check(..., studies.judge_best_response).answered


@pytest.mark.parametrize("answer, ok", [
    (Fraction(2, 9), True), ("2/9", True), (2 / 9, True), ("22.2%", True),
    (Fraction(1, 3), False), (0.3, False), ("two ninths", False), (True, False), ([2, 9], False)])
def test_judge_chance(answer, ok):
    assert studies.judge_chance(answer, Fraction(2, 9))[0] is ok


def test_trophy_exercise_answer():
    plays = (9, 9, 8, 5)
    assert plays[trophy_winner(plays)] == 8 and check("8", 8).ok


# ---- the guided first moves -----------------------------------------------------------------

def play_steps(table, steps):
    for step in steps:
        expected = table.expected
        for wrong in step.hints:       # every hint names a legal move of that moment
            action = game.parse_action(table.state, wrong)
            assert action != expected and action in game.legal_actions(table.state, action.seat)
        assert table.act(step.move), (step.move, table.status.value)
    assert table.finished


def test_solo_first_moves_do_what_they_say():
    table = lab.first_solo_moves()
    assert table.state.variant == "solo" and table.seed == lab.SOLO_SEED
    assert not table.act("P1 play a10 b0") and table.done_steps == 0      # a hinted wrong move is not played
    play_steps(table, lab.SOLO_FIRST_MOVES)
    turns = table.state.history
    assert [(t.total, t.power, t.defeated) for t in turns] == [(6, 6, True), (13, 12, True), (6, 6, True),
                                                              (8, 7, True)]
    assert table.state.upgrades == ["U18"] and len(table.state.set_aside) == 4
    assert sorted(table.state.upgrade_discard) == ["U01", "U07"]


def test_coop_first_moves_do_what_they_say():
    table = lab.first_coop_moves()
    assert table.state.variant == "coop" and isinstance(table.bots[1], CoopBot)
    play_steps(table, lab.COOP_FIRST_MOVES)
    first, second = table.state.history
    assert first.values == (6, 4) and first.total == 10 and first.power == 8 and first.trophy_to == 0
    assert second.values == (2, 10) and second.power == 10 and second.trophy_to == 1
    assert [s.kind for s in table.state.shared] == ["values", "types"]
    assert sorted(v for v in table.state.hands[0] if v in ("red:4", "red:5")) == ["red:4", "red:5"]


def test_coop_hint_for_a_4_is_true():
    start = game.new(2, variant="coop", seed=lab.COOP_SEED)
    after, _ = game.apply(start, "P1 play 4")
    after, _ = game.apply(after, CoopBot().choose(game, after, 1))
    assert after.history[-1].values == (4, 4) and after.history[-1].defeated
    assert after.history[-1].trophy_to is None


def test_lab_first_moves_do_what_they_say():
    table = lab.first_lab_moves()
    play_steps(table, lab.LAB_FIRST_MOVES)
    t1, t2, t3 = table.state.history
    assert t1.plays == (0, 2, 4, 6) and t1.power == 12 and t1.defeated and t1.trophy_to == 3
    assert t2.plays == (0, 3, 2, 2) and t2.power == 11 and not t2.defeated
    assert t3.plays == (6, 1, 3, 1) and t3.power == 11 and t3.total == 11 and t3.trophy_to == 0
    assert game.damage(table.state) == 1 and table.state.hit_points == 3
