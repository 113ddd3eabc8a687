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
from bonekit.games.bone_to_pick.data import card_value, title_for
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
    # seeded as simulate() and a Table seed the bots of game 5
    assert stingy[0].margin == -0.4 and stingy[0].seed == 500 and stingy[1].seed == 501
    # margin 0 is the careful table itself
    careful = studies.greedy_table(5, 0.0)
    same = studies.careful_table(4, 5)
    a = studies.play_fast(game, game.new(4, seed=5), careful)
    b = studies.play_fast(game, game.new(4, seed=5), same)
    assert a.history == b.history


def test_play_until_stops_where_asked_and_keeps_the_events():
    start = game.new(1, variant="solo", seed=0)
    run = studies.play_until(game, start, SoloBot(), lambda s, last: bool(s.offer))
    assert run.state.offer == ["U04", "U30", "U21"] and len(run.state.set_aside) == 4
    assert run.last.label == "P1 play a0 b9" and len(run.actions) == 4
    assert run.last_events[-1].kind == "offer" and run.events[-len(run.last_events):] == run.last_events
    nothing = studies.play_until(game, start, SoloBot(), lambda s, last: True)
    assert nothing.state is start and nothing.last is None and nothing.events == ()


def test_upgrade_played_stops_after_the_first_upgrade_play():
    run = studies.play_until(game, game.new(1, variant="solo", seed=0), SoloBot(), studies.upgrade_played)
    assert run.last.label == "P1 play u20 b4" and run.state.history[-1].turn == 15
    assert run.state.history[-1].defeated and sorted(run.state.upgrades) == ["U30", "U32"]
    assert not any(studies.upgrade_played(None, a) for a in run.actions[:-1])


# ---- the solo and co-op notebook ----------------------------------------------------------------

def test_first_picture_needs_an_upgrade():
    state = studies.to_turn(game, game.new(1, variant="solo", seed=0), 15)
    assert state.turn == 15 and game.power(state) == 14 and len(state.stack) == 25
    assert state.upgrades == ["U30", "U20", "U32"] and len(state.set_aside) == 12
    assert len(state.trophies) == 2 and game.damage(state) == 0
    assert [[int(c.split(":")[1]) for c in row] for row in state.rows] == [[9, 7, 9], [3, 0, 4]]
    rows_best = sum(max(int(c.split(":")[1]) for c in row) for row in state.rows)
    assert rows_best == 13 < game.power(state) == 14
    assert studies.cheapest_wins(game, state)[0] == (14, "P1 play u20 b4")


def test_to_turn_waits_out_an_open_offer():
    start = game.new(1, variant="solo", seed=0)
    state = studies.to_turn(game, start, 4)
    assert state.turn == 4 and state.current and not state.offer       # turn 4 before its attack
    offer = studies.play_until(game, start, SoloBot(), lambda s, _: bool(s.offer)).state
    assert offer.turn == 4 and offer.offer                             # turn 4's reward is open
    after = studies.to_turn(game, offer, 4)
    assert after.turn == 5 and not after.offer and after.upgrades == ["U30"]
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
    return studies.to_turn(game, game.new(1, variant="solo", seed=32), 8)


def test_solo_puzzle_and_its_judge():
    puzzle = solo_puzzle()
    assert game.power(puzzle) == 7 and puzzle.upgrades == ["U22"]
    assert puzzle.rows == [["red:2", "red:7", "red:0"], ["blue:10", "blue:9", "blue:7"]]
    wins = studies.cheapest_wins(game, puzzle)   # as the solution lists them
    assert wins[:3] == [(7, "P1 play a0 b7"), (9, "P1 play a0 b9"), (9, "P1 play a2 b7")]
    assert min(s for s, label in wins if "u22" in label) == 10
    ok, message = studies.judge_cheapest_pair(game, puzzle, "P1 play a0 b7")
    assert ok and "keeps the upgrade" in message
    assert studies.judge_cheapest_pair(game, puzzle, "P1 play a0 u22") == (
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
    return studies.play_until(game, game.new(3, variant="coop", seed=94), CoopBot(),
                              lambda s, _: s.turn == 11 and s.played[1] is not None).state


def test_coop_puzzle_is_as_the_solution_tells():
    puzzle = coop_puzzle()
    assert game.to_move(puzzle)[0] == 2 and game.power(puzzle) == 17 and puzzle.turn == 11
    assert puzzle.played[:2] == ["red:8", "blue:4"]
    assert sorted(puzzle.hands[2]) == ["U09", "orange:3", "purple:10", "purple:9"]
    assert card_value("U09") == 6
    assert studies.cheapest_last_card(game, puzzle, 2) == 6
    ok, _ = studies.judge_last_card(game, puzzle, "P3 play u09")
    assert ok
    after, _ = game.apply(puzzle, "P3 play u09")
    assert after.history[-1].trophy_to == 0          # 8, 4 and 6: P1's 8 is the highest
    assert studies.judge_last_card(game, puzzle, "P3 play 9") == (    # the weapon 9, not U09
        False, "enough, but a card of value 6 would do it too.")
    assert studies.judge_last_card(game, puzzle, "P3 play 3") == (
        False, "the total is 15, short of the power 17.")
    ok, message = studies.judge_last_card(game, puzzle, "P3 play 6")
    assert not ok and "by its id" in message


def test_mode_study_counts_each_mode_on_each_seed():
    seen = []
    results = studies.mode_study(game, range(3), track=lambda runs, desc: seen.append(desc) or runs)
    assert seen == ["games"] and {mode: len(games) for mode, games in results.items()} == {
        "solo": 3, "co-op, 2 players": 3, "co-op, 3 players": 3}
    final, _ = play_out(game, game.new(3, variant="coop", seed=2), CoopBot())
    out = game.outcome(final)
    assert results["co-op, 3 players"][2] == studies.ModeGame(out.result, out.titles[0], len(final.stack))
    solo, _ = play_out(game, game.new(1, variant="solo", seed=1), SoloBot())
    assert results["solo"][1] == studies.ModeGame(game.outcome(solo).result, game.outcome(solo).titles[0],
                                                  len(solo.stack))
    for games in results.values():
        for g in games:
            assert g.result in ("victory", "defeat") and g.title in [t for _, _, t in SOLO["titles"]]


def test_mode_study_of_other_seeds_plays_those_seeds():
    later = studies.mode_study(game, range(7, 9), modes={"co-op, 2 players": 2})
    final, _ = play_out(game, game.new(2, variant="coop", seed=8), CoopBot())
    assert later["co-op, 2 players"][1].left == len(final.stack)
    with pytest.raises(ValueError, match="consecutive"):
        studies.mode_study(game, [0, 2, 3])


def test_a_progress_bar_counts_every_game_and_finishes():
    counted = []

    def bar(items, desc):               # like bonekit.widgets.teaching.progress: a generator
        items = list(items)
        counted.append(("shown", len(items)))
        for done, item in enumerate(items, start=1):
            yield item
            counted.append(done)
        counted.append("finished")

    studies.greed_study(game, [("careful", 0.0), ("greedy", None)], range(5), track=bar)
    assert counted == [("shown", 10), *range(1, 11), "finished"]


# ---- the strategy lab --------------------------------------------------------------------------

def test_first_picture_of_the_lab_shows_the_hoarder_as_legend():
    final = studies.play_fast(game, game.new(4, seed=3), studies.greedy_table(3, margin=None))
    out = game.outcome(final)
    assert out.result == "victory" and out.titles == {0: "Legend"} and out.scores == (32, 0, 18, 12)
    assert final.hands[0] == [9, 10] and game.trophy_points(final, 0) == 13
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
    hoards = [studies.play_fast(game, game.new(4, seed=s), studies.greedy_table(s, None)) for s in range(6)]
    titles = [game.outcome(f).titles for f in hoards]
    assert greedy.legend == sum(t.get(0) == "Legend" for t in titles) / 6
    assert greedy.sole_scapegoat == sum(t == {0: "Scapegoat"} for t in titles) / 6
    assert greedy.partner_legend == sum(t.get(1) == "Legend" for t in titles) / 6
    assert greedy.hand_left == sum(sum(f.hands[0]) for f in hoards) / 6
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


def test_a_study_is_the_same_on_several_workers():
    levels = [("margin -0.4", -0.4), ("greedy", None)]
    here = studies.greed_study(game, levels, range(4))
    assert studies.greed_study(game, levels, range(4), workers=2) == here


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
    """Play ``steps`` (the next ones of the table's script), checking that every hint names a
    legal move of its moment other than the step's own."""
    for step in steps:
        expected = table.expected
        assert expected == game.parse_action(table.state, step.move)
        for wrong in step.hints:
            action = game.parse_action(table.state, wrong)
            assert action != expected and action in game.legal_actions(table.state, action.seat)
        assert table.act(step.move), (step.move, table.status.value)


def test_solo_first_moves_do_what_they_say():
    table = lab.first_solo_moves()
    assert table.state.variant == "solo" and table.seed == lab.SOLO_SEED
    assert not table.act("P1 play a8 b8") and table.done_steps == 0      # a hinted wrong move is not played
    cheapest, rows = [], []
    for step in lab.SOLO_FIRST_MOVES[:4]:      # each guided pair is the one cheapest win of its turn
        wins = studies.cheapest_wins(game, table.state)
        assert wins[0][1] == step.move and wins[1][0] > wins[0][0]
        cheapest.append(wins[0][0])
        if step.move == "P1 play a0 b9":        # "every pair without the 0 spends 13 or more"
            assert min(spent for spent, label in wins if "a0" not in label) == 13
        play_steps(table, [step])
        rows.append(table.state.rows)
    assert cheapest == [13, 5, 8, 9]
    # step 1: red 3 and blue 9 come in; step 2: the red 7 and 8 are still in row A
    assert rows[0] == [["red:7", "red:8", "red:3"], ["blue:2", "blue:4", "blue:9"]]
    assert {"red:7", "red:8"} <= set(rows[1][0])
    turns = table.state.history
    assert [(t.total, t.power, t.defeated) for t in turns] == [(13, 13, True), (5, 5, True), (8, 7, True),
                                                              (9, 8, True)]
    assert sorted(table.state.offer) == ["U04", "U21", "U30"]
    play_steps(table, lab.SOLO_FIRST_MOVES[4:])
    assert table.finished
    assert table.state.upgrades == ["U30"] and len(table.state.set_aside) == 4
    assert sorted(table.state.upgrade_discard) == ["U04", "U21"]
    example = game.parse_action(table.state, "P1 play u30 b5")          # the done text's example
    assert example in game.legal_actions(table.state, 0)


def test_coop_first_moves_do_what_they_say():
    table = lab.first_coop_moves()
    assert table.state.variant == "coop" and isinstance(table.bots[1], CoopBot)
    assert sorted(table.state.hands[0]) == ["red:10", "red:4", "red:5"]     # "you hold 4, 5 and 10"
    play_steps(table, lab.COOP_FIRST_MOVES[:2])
    assert sorted(table.state.hands[0]) == ["red:10", "red:2", "red:4"]     # two melee, one siege
    play_steps(table, lab.COOP_FIRST_MOVES[2:])
    assert table.finished
    first, second = table.state.history
    assert first.values == (5, 4) and first.total == 9 and first.power == 8 and first.trophy_to == 0
    assert second.values == (2, 5) and second.total == 7 and second.power == 5 and second.trophy_to == 1
    assert [s.kind for s in table.state.shared] == ["values", "types"]
    assert sorted(v for v in table.state.hands[0] if v in ("red:4", "red:10")) == ["red:10", "red:4"]


def coop_turn_one(label):
    start = game.new(2, variant="coop", seed=lab.COOP_SEED)
    after, _ = game.apply(start, label)
    after, _ = game.apply(after, CoopBot().choose(game, after, 1))
    return after.history[-1]


def test_coop_hints_of_turn_one_are_true():
    four = coop_turn_one("P1 play 4")              # equal values cancel: no trophy
    assert four.values == (4, 4) and four.defeated and four.trophy_to is None
    ten = coop_turn_one("P1 play 10")              # the 10 alone beats the power 8
    assert ten.defeated and ten.values[0] >= ten.power == 8


def test_lab_first_moves_do_what_they_say():
    table = lab.first_lab_moves()
    play_steps(table, lab.LAB_FIRST_MOVES)
    assert table.finished
    t1, t2, t3 = table.state.history
    assert t1.plays == (0, 2, 4, 6) and t1.power == 12 and t1.defeated and t1.trophy_to == 3
    assert t2.plays == (0, 3, 2, 2) and t2.power == 11 and not t2.defeated
    assert t3.plays == (6, 1, 3, 1) and t3.power == 11 and t3.total == 11 and t3.trophy_to == 0
    assert game.damage(table.state) == 1 and table.state.hit_points == 3


# ---- what the solo and co-op notebook's cells print, checked here (no asserts in sight) ----------

def test_the_solo_setup_and_first_turns_of_seed_0():
    solo = game.new(1, variant="solo", seed=0)
    assert studies.stack_levels(game.data, solo, SOLO["undead_decks"]) == SOLO["undead_decks"]
    assert [len(r) for r in solo.rows] == [3, 3] and solo.hit_points == 4 and len(solo.stack) == 39
    undead = game.data.undead[solo.current]
    assert game.power(solo) == undead.power_for(2) == 13 and undead.name == "Plague Lord"
    choice = SoloBot().choose(game, solo, 0)
    assert choice.label == "P1 play a5 b8"
    solo, _ = game.apply(solo, choice)
    assert solo.turn == 2 and [len(r) for r in solo.rows] == [3, 3]
    run = studies.play_until(game, solo, SoloBot(), lambda state, last: bool(state.offer))
    assert len(run.state.set_aside) == 4 and len(run.state.offer) == 3
    keep = [a.label for a in game.legal_actions(run.state, 0)]
    assert keep == ["P1 keep u04", "P1 keep u21", "P1 keep u30"]
    run = studies.play_until(game, run.state, SoloBot(), studies.upgrade_played)
    assert run.last.label == "P1 play u20 b4" and run.state.upgrades == ["U30", "U32"]
    assert len(run.state.decks[0]) == len(run.state.decks[1]) + 1      # "deck A holds one card more"


def test_the_solo_titles_and_their_rulings():
    titles = SOLO["titles"]
    assert [title_for(titles, n) for n in (0, 3, 4, 12, 20, 21, 39)] == [
        "Legend", "Doom of the Undead", "Zombie Hunter", "Trophy Collector", "Acolyte", "Undead Food",
        "Undead Food"]
    assert COOP["by_players"]["2"]["titles"] == titles


def test_the_whole_solo_and_coop_games_replay_from_their_labels():
    from bonekit import Replay
    final, actions = play_out(game, game.new(1, variant="solo", seed=0), SoloBot())
    assert Replay("bone_to_pick", 1, 0, "solo", actions=[a.label for a in actions]).final_state().history \
        == final.history
    assert game.outcome(final).scores[0] == 40 and len(actions) == 49
    final, actions = play_out(game, game.new(3, variant="coop", seed=3), CoopBot())
    assert Replay("bone_to_pick", 3, 3, "coop", actions=[a.label for a in actions]).final_state().history \
        == final.history
    assert game.outcome(final).scores == (9, 10, 5)


@pytest.mark.parametrize("players", [2, 3])
def test_the_coop_setup_table(players):
    s = game.new(players, variant="coop", seed=3)
    recipe = COOP["by_players"][str(players)]["undead_decks"]
    assert studies.stack_levels(game.data, s, recipe) == recipe
    assert all(len(h) == 3 for h in s.hands) and len(s.stack) + 1 + len(s.box) == 40
    assert len(s.decks[0]) + len(s.hands[0]) == {2: 36, 3: 24}[players]


def test_the_coop_turn_order_and_talk_of_seed_3():
    from bonekit.widgets.teaching import play, refuse
    coop = game.new(2, variant="coop", seed=3)
    assert game.to_move(coop) == (0, 1) and refuse(game, coop, "P2 play 5")
    assert game.to_move(game.new(3, variant="coop", seed=3, start="P2"))[0] == 1
    coop = play(game, coop, "P1 share values", quiet=True)
    assert coop.shared[-1].kind == "values" and "told values" in game.text(coop, seat=1)
    assert game.view(coop, 1).hands[0] == ["?", "?", "?"]
    bots = {0: CoopBot(), 1: CoopBot()}
    for seat in (0, 1):
        coop, _ = game.apply(coop, bots[seat].choose(game, coop, seat))
    assert "P1 share values" not in [a.label for a in game.legal_actions(coop, 0)]
    coop = play(game, coop, "P2 share types", quiet=True)
    assert coop.turn == 2 and coop.shared[-1].kind == "types"
    hard = game.new(2, variant="coop", seed=3, hard=True)
    assert all(a.verb == "play" for a in game.legal_actions(hard, 0)) and game.to_move(hard) == (0,)
    run = studies.play_until(game, coop, bots, lambda state, last: bool(state.offer))
    winner = run.state.offer_to
    assert len(run.state.set_aside[winner]) == 3 and len(run.state.offer) == 3
    assert game.view(run.state, 1 - winner).offer == ["?", "?", "?"]


def test_free_talk_through_the_first_wave():
    wave = game.new(3, variant="coop", seed=3, free_talk="wave")
    wave = studies.to_turn(game, wave, 7)
    assert "P2 share values" in [a.label for a in game.legal_actions(wave, 1)]
    wave = studies.to_turn(game, wave, 8)
    assert "P2 share values" not in [a.label for a in game.legal_actions(wave, 1)]


def test_the_mode_study_is_as_the_notebook_reads_it():
    results = studies.mode_study(game, seeds=range(100))
    rates = {mode: sum(g.result == "victory" for g in games) / len(games) for mode, games in results.items()}
    assert rates["solo"] > rates["co-op, 2 players"] > rates["co-op, 3 players"]
    assert rates == {"solo": 1.0, "co-op, 2 players": 0.74, "co-op, 3 players": 0.19}
    lost_at_zero = {mode: sum(g.result == "defeat" and g.left == 0 for g in games)
                    for mode, games in results.items()}
    assert lost_at_zero["co-op, 3 players"] > lost_at_zero["co-op, 2 players"] > 0   # "Legend is not a win"


# ---- what the strategy lab's cells print, checked here (no asserts in sight) ---------------------
LAB_PLAYERS = (2, 3, 4, 5, 6)
LAB_GREED = [("margin 0", 0.0), ("margin -0.4", -0.4), ("margin -0.8", -0.8), ("GreedyBot", None)]


@pytest.fixture(scope="module")
def lab_rates():
    return studies.win_study(game, studies.SETTINGS, LAB_PLAYERS, range(100))


@pytest.fixture(scope="module")
def lab_greed():
    return studies.greed_study(game, LAB_GREED, deals=range(150))


def test_the_lab_win_study_reads_as_the_prose_says(lab_rates):
    rate = lab_rates
    for n in LAB_PLAYERS:      # both easier options help at every table size
        assert rate["easy deck", n] > rate["standard", n] and rate["4-HP Haven", n] > rate["standard", n]
    for s in studies.SETTINGS:   # two players win more often than six, in every setting
        assert rate[s, 2] > rate[s, 6]
    overall = {s: sum(rate[s, n] for n in LAB_PLAYERS) / len(LAB_PLAYERS) for s in studies.SETTINGS}
    assert 0.5 < overall["standard"] < min(overall["easy deck"], overall["4-HP Haven"])
    assert round(overall["standard"], 2) == 0.63 and rate["standard", 4] < rate["standard", 5]


def test_the_lab_greed_study_reads_as_the_prose_says(lab_greed):
    rows = list(lab_greed.rows.values())
    careful, stingy, hoarder = rows[0], rows[-2], rows[-1]
    assert [r.won for r in rows] == sorted((r.won for r in rows), reverse=True)
    assert careful.won > hoarder.won + 0.2
    assert [r.legend for r in rows] == sorted(r.legend for r in rows) and hoarder.legend > careful.legend
    assert hoarder.partner_legend < careful.partner_legend / 2
    assert 4 * careful.sole_scapegoat < stingy.sole_scapegoat
    assert hoarder.sole_scapegoat >= 0.95 * (1 - hoarder.won)
    assert max(lab_greed.rows, key=lambda label: lab_greed.rows[label].legend) == "GreedyBot"   # exercise 1
    hits, falls = lab_greed.hits_by_turn, lab_greed.falls_by_turn
    assert min(hits[t] for t in (1, 2, 3, 4)) > hits[10] > max(hits[t] for t in range(5, 10))
    assert falls[10] > sum(falls.values()) / 2 and sum(falls[t] for t in range(1, 9)) < falls[9] < falls[10]
    assert sum(falls[t] for t in range(1, 7)) == 1     # "only one game ... before turn 7"


def test_the_toy_game_as_the_lab_solves_it():
    k = 5
    vs_random = {v: studies.win_chance(v, [studies.uniform(k)] * 2) for v in range(1, k + 1)}
    assert vs_random[k] == Fraction(16, 25) and max(vs_random, key=vs_random.get) == k
    assert vs_random[1] == vs_random[2]
    choice, _ = studies.best_response([studies.top_heavy(k)] * 2, k)
    assert choice == k - 1
    mix = studies.fictitious_play(k, rounds=3000)
    payoff = {v: studies.float_chance(v, mix) for v in mix}
    assert max(payoff.values()) - min(payoff.values()) < 0.01     # all picks pay (almost) the same
    assert mix[k] < 0.5 and mix[k - 1] > 0.2 and round(mix[1], 2) == round(mix[2], 2) == 0.08
