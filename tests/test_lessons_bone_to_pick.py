"""The staging behind notebooks/bone_to_pick/01_learn_to_play.ipynb: the rulebook's examples come
out as the rulebook tells them, the guided first moves do what their texts say, and the
exercises' solutions are what the engine computes."""
from __future__ import annotations

import pytest

import bonekit
from bonekit.games.bone_to_pick import legend, scapegoat, scenarios, trophy_winner
from bonekit.widgets.lessons.bone_to_pick import FIRST_MOVES, FIRST_MOVES_SEED, first_moves
from bonekit.widgets.teaching import check, play

game = bonekit.load("bone_to_pick")


# ---- the deck search --------------------------------------------------------------------------

@pytest.mark.parametrize("example", [scenarios.LEGEND_EXAMPLE, scenarios.SCAPEGOAT_EXAMPLE])
def test_stacked_deck_fits_every_turn(example):
    players = len(example.names)
    deck = scenarios.stack_deck(game.data, players, example.turns)
    assert len(deck) == game.data.turns == len(set(deck))
    for uid, (plays, want) in zip(deck, example.turns):
        assert scenarios.fits(game.data.undead[uid], players, sum(plays), want)


def test_stack_deck_refuses_a_story_the_cards_cannot_tell():
    with pytest.raises(ValueError, match="no undead"):
        scenarios.stack_deck(game.data, 2, [((1, 1), 9), ((0, 0), ("damage", 7))])


def test_fits_reads_each_kind_of_want():
    rider = game.data.undead["H10"]      # power 33 at four players, damage 2, trophy 9
    assert scenarios.fits(rider, 4, 33, "win") and scenarios.fits(rider, 4, 40, 9)
    assert not scenarios.fits(rider, 4, 32, "win") and not scenarios.fits(rider, 4, 33, 8)
    assert scenarios.fits(rider, 4, 32, ("damage", 2)) and not scenarios.fits(rider, 4, 33, ("damage", 2))


def test_deck_with_top():
    deck = scenarios.deck_with_top(game.data, "H10")
    assert deck[0] == "H10" and len(deck) == 10 == len(set(deck))
    assert deck[1:] == sorted(deck[1:]) and "H10" not in deck[1:]


# ---- the rulebook's examples ------------------------------------------------------------------

def test_attack_example_is_power_33_and_kim_takes_it():
    start = scenarios.attack_example(game)
    assert game.power(start) == 33 and start.names == scenarios.ATTACK_NAMES
    after = play(game, start, "P1 play 7", "P2 play 9", "P3 play 9", "P4 play 8", quiet=True)
    record = after.history[-1]
    assert record.total == 33 and record.defeated and record.trophy_to == 3
    b = play(game, start, "P1 play 8", "P2 play 9", "P3 play 9", "P4 play 8", quiet=True)
    assert b.history[-1].defeated and b.history[-1].trophy_to is None


def test_legend_example_comes_out_as_written():
    story = scenarios.legend_example(game)
    final = story.state
    outcome = game.outcome(final)
    assert outcome.result == "victory" and outcome.scores == (22, 20) and outcome.titles == {0: "Legend"}
    assert final.hands == [[9, 10], [0, 5]]
    values = [sorted(game.data.undead[u].trophy for u in t) for t in final.trophies]
    assert values == [[3], [2, 5, 8]]
    assert final.names == ("Jeanette", "Kim")
    assert [e.rule for e in story.events][-1] == "bone_to_pick.end.legend"
    lines = story.table.splitlines()
    assert len(lines) == 11 and "trophy to Jeanette" in lines[2] and "damage 2 of 3" in lines[7]


def test_scapegoat_example_comes_out_as_written():
    story = scenarios.scapegoat_example(game)
    final = story.state
    outcome = game.outcome(final)
    assert final.turn == 9 and game.damage(final) == 3 == final.hit_points
    assert outcome.result == "defeat" and outcome.scores == (9, 6, 9) and outcome.titles == {2: "Scapegoat"}
    assert final.hands == [[0, 2, 7], [1, 2, 3], [0, 0, 9]]
    assert "Scapegoat: Pjotr" in story.events[-1].text
    assert len(story.table.splitlines()) == 10 and "damage 3 of 3" in story.table.splitlines()[-1]


def test_stacked_stories_say_so_in_their_setup():
    story = scenarios.legend_example(game)
    start = game.new(2, deck=list(story.deck), names=list(scenarios.LEGEND_EXAMPLE.names))
    assert any(e.rule == "bone_to_pick.kit.scenario" for e in game.setup_events(start))


# ---- the first picture and the exercises ------------------------------------------------------

def test_first_look_is_what_the_prose_describes():
    s = scenarios.first_look(game)
    assert s.turn == 5 and len(s.deck) == 5 and s.current == "H06" and game.power(s) == 18
    assert game.data.undead["H06"].damage == 2 and game.data.undead["H06"].trophy == 8
    assert [game.data.undead[u].name for u in s.damage_row] == ["Grave Rat Swarm"]
    assert s.hit_points - game.damage(s) == 2
    assert [len(t) for t in s.trophies] == [2, 1, 0]


def test_exercise_answers():
    assert trophy_winner((8, 3, 8, 5, 3)) == 3                                   # exercise 1: P4
    after = play(game, scenarios.first_look(game), "P1 play 4", "P2 play 6", "P3 play 7", quiet=True)
    assert after.hit_points - game.damage(after) == 0                           # exercise 2
    assert game.outcome(after).titles == {1: "Scapegoat"} and game.outcome(after).scores[1] == 33
    assert legend([[10, 2], [0, 4]], [[5], [6, 4, 3]]) == ((17, 17), (1,))      # exercise 3: Ben


def test_judge_plays_for_exercise_4():
    start = scenarios.attack_example(game)
    for plays in ([10, 9, 10, 4], [8, 10, 8, 7]):
        ok, message = scenarios.judge_plays(game, start, plays, trophy_to=1)
        assert ok and "Adam takes the trophy" in message
    ok, message = scenarios.judge_plays(game, start, [7, 9, 9, 8], trophy_to=1)
    assert not ok and "Kim takes the trophy" in message
    assert not scenarios.judge_plays(game, start, [1, 2, 3, 4], trophy_to=1)[0]
    assert "one per player" in scenarios.judge_plays(game, start, [9, 9], trophy_to=1)[1]
    assert "refuses" in scenarios.judge_plays(game, start, [11, 9, 9, 8], trophy_to=1)[1]
    assert start.history == [] and game.power(start) == 33                       # untouched
    # Through the notebook's checker: a right answer is ✓, a wrong one ✗ with the reason.
    judge = lambda plays: scenarios.judge_plays(game, start, plays, trophy_to=1)  # noqa: E731
    assert check([10, 9, 10, 4], judge).ok and not check([7, 9, 9, 8], judge).ok


def test_card_table():
    lines = scenarios.card_table(game.data, ["E01", "H10"]).splitlines()
    assert len(lines) == 3 and lines[1].split()[:2] == ["E01", "Rattling"]
    assert lines[2].split()[-5:] == ["16", "25", "33", "41", "50"]


# ---- the guided first moves -------------------------------------------------------------------

def test_guided_moves_do_what_their_texts_say():
    table = first_moves()
    assert table.seed == FIRST_MOVES_SEED and len(FIRST_MOVES) == 3
    expected = [  # (undead named in the step, its power, plays, trophy taker)
        ("Graveyard Imp", 9, (7, 2, 2), 0),
        ("Banshee", 10, (0, 6, 4), 1),
        ("Ossuary Guard", 11, (6, 3, 6), 1),
    ]
    for step, (name, power, plays, taker) in zip(FIRST_MOVES, expected):
        undead = game.data.undead[table.state.current]
        assert undead.name == name and name in step.say and game.power(table.state) == power
        assert f"power {power}" in step.say and f"★ {undead.trophy}" in step.say
        assert table.act(step.move)
        record = table.state.history[-1]
        assert record.plays == plays and record.defeated and record.trophy_to == taker
    assert table.finished and "Guided moves done" in table.guide.value


def test_guided_table_explains_a_wrong_move():
    table = first_moves()
    assert not table.act("P1 play 10") and "keep it for later" in table.status.value
    assert not table.act("P1 play 11") and "bone_to_pick.turn.prepare" in table.status.value
    assert table.actions == [] and table.done_steps == 0


# ---- what the notebook's cells print, checked here (the notebook shows no asserts) ---------------

def test_components_are_as_the_notebook_counts_them():
    levels = [len(game.data.by_level(level)) for level in ("easy", "medium", "hard")]
    assert levels == [10, 20, 10]
    assert all(1 <= u.trophy <= 9 for u in game.data.undead.values())
    assert sorted(game.data.weapon_values) == [0, 0, *range(1, 11)] and sum(game.data.weapon_values) == 55
    types = {v: game.data.weapon_type(v) for v in set(game.data.weapon_values)}
    assert [v for v, t in sorted(types.items()) if t == "melee"] == [1, 2, 3, 4]
    assert [v for v, t in sorted(types.items()) if t == "siege"] == [9, 10] and types[0] == "none"


def test_the_live_four_player_game_of_seed_7_goes_as_the_prose_says():
    state = game.new(4, seed=7)
    undead = game.data.undead[state.current]
    assert undead.name == "Skull Beetle Swarm" and game.power(state) == undead.power_for(4) == 13
    # turn 1: P1 5 (after changing its mind on a copy), P2 3, P3 3, P4 2: exactly 13, P1's 5 is unique
    state = play(game, state, "P1 play 5", "P2 play 3", quiet=True)
    assert game.to_move(state) == (2, 3)
    changed = play(game, state, "P1 play 4", quiet=True)
    assert changed.hands[0].count(5) == 1 and 4 not in changed.hands[0]
    state = play(game, state, "P3 play 3", "P4 play 2", quiet=True)
    turn1 = state.history[-1]
    assert turn1.plays == (5, 3, 3, 2) and turn1.total == 13 == turn1.power and turn1.defeated
    assert turn1.trophy_to == 0
    # turn 2: everybody plays 4: beaten, nobody takes it, it lies in the corner
    assert state.turn == 2 and game.power(state) == 13
    state = play(game, state, "P1 play 4", "P2 play 4", "P3 play 4", "P4 play 4", quiet=True)
    assert state.history[-1].defeated and state.history[-1].trophy_to is None and len(state.unclaimed) == 1
    # turn 3: 0 + 1 + 2 + 0 against 15: through, one shield lost
    assert game.power(state) == 15
    state = play(game, state, "P1 play 0", "P2 play 1", "P3 play 2", "P4 play 0", quiet=True)
    assert not state.history[-1].defeated and game.damage(state) == 1
    assert all(len(state.hands[s]) == 12 - 3 for s in range(4))
    assert state.used(0) == [5, 4, 0] and state.hands[0] == [0, 1, 2, 3, 6, 7, 8, 9, 10]


def test_the_trophy_and_title_arithmetic_the_notebook_prints():
    assert trophy_winner((5, 3, 3, 2)) == 0 and trophy_winner((9, 9, 4, 1)) == 2
    assert trophy_winner((6, 6, 3, 3)) is None and trophy_winner((0, 0, 0, 0)) is None
    assert trophy_winner((10, 10, 0, 2)) == 3
    hands, trophies = [[10, 2], [6, 5]], [[1], [4]]
    assert legend(hands, trophies) == ((13, 15), (1,)) and scapegoat(hands) == ((12, 11), (0,))
    assert legend([[10, 9], [0, 5]], [[3], [2, 5, 8]]) == ((22, 20), (0,))
    assert scapegoat([[0, 2, 7], [1, 2, 3], [0, 0, 9]]) == ((9, 6, 9), (2,))


def test_example_1b_is_beaten_but_kept_by_nobody():
    start = scenarios.attack_example(game)
    after = play(game, start, "P1 play 8", "P2 play 9", "P3 play 9", "P4 play 8", quiet=True)
    record = after.history[-1]
    assert record.total == 34 and record.defeated and record.trophy_to is None
    assert after.unclaimed == ["H10"] and all(t == [] for t in after.trophies)
    kim = play(game, start, "P1 play 7", "P2 play 9", "P3 play 9", "P4 play 8", quiet=True)
    assert kim.trophies[3] == ["H10"]


def test_the_scapegoat_game_falls_on_its_last_hit_in_turn_9():
    final = scenarios.scapegoat_example(game).state
    assert game.damage(final) - game.data.undead[final.damage_row[-1]].damage < final.hit_points


def test_the_careful_bots_game_replays_from_its_labels():
    from bonekit import Replay, play_out
    from bonekit.games.bone_to_pick import CarefulBot
    final, actions = play_out(game, game.new(4, seed=18), {s: CarefulBot(seed=s) for s in range(4)})
    replay = Replay("bone_to_pick", 4, 18, actions=[a.label for a in actions])
    assert replay.final_state().history == final.history and len(actions) == 40


def test_the_data_keeps_the_rulebook_s_stated_numbers():
    undead = game.data.undead.values()
    assert [u.id for u in undead if u.level == "easy" and u.power_for(3) == 8]
    assert [u.id for u in undead if u.power_for(4) == 33] == ["H10"]
