"""The helpers behind the Bad Bones solo notebook and trap lab: studies (pure) and lab display."""
from __future__ import annotations

import pytest

import bonekit
from bonekit.core.simulate import bot_seed
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.puzzles import PUZZLES
from bonekit.games.bad_bones.sandbox import lab_state
from bonekit.games.bad_bones.studies import (
    counts,
    defeat_column,
    defeat_round,
    defeats,
    defeats_by_round,
    drawn,
    hero_kills,
    holds_the_round,
    lost_in,
    play_round,
    play_rounds,
    puzzle_verdict,
    round_table,
    solo_game,
    solo_position,
    solo_study,
    traps_on_board,
    win_rates,
    won_seeds,
)


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bad_bones")


def first_rounds(game, n):
    state, bot, events = game.new(1, "solo", seed=35, rounds=10), GuardBot(seed=35), []
    for _ in range(n):
        state, events = play_round(state, bot)
    return state, events


# ---- studies: rounds of a solo game ---------------------------------------------------------

def test_play_round_stops_at_the_next_round_and_reports_its_events(game):
    state, events = first_rounds(game, 3)
    assert (state.round, state.phase) == (4, "hero")
    assert hero_kills(events) == 2           # the hero's step onto d2 in round 3
    assert drawn(events) == 3                # phase 4 draws three
    assert sum(1 for e in events if e.kind == "sent") == 2   # the catapult's throws come back
    assert counts(state) == (6, 5, 0)
    assert traps_on_board(state) == "c@d3"   # the catapult, damaged (lower case)


def test_traps_on_board_marks_intact_traps_upper_case_and_says_dash_for_none():
    assert traps_on_board(lab_state()) == "-"
    state = lab_state(traps=[("wall", "b2", "/"), ("catapult", "d4")])
    assert traps_on_board(state) == "W@b2 C@d4"


def test_play_rounds_summarises_a_heroic_game_where_the_hero_destroys_everything(game):
    final, rows = play_rounds(game.new(1, "solo", seed=9, rounds=3, heroic=True), GuardBot(seed=9))
    assert game.outcome(final).result == "heroic victory"
    assert [r.round for r in rows] == list(range(1, final.round + 1))
    assert [r.drawn for r in rows[:3]] == [3, 3, 0] and all(r.drawn == 0 for r in rows[2:])
    assert sum(r.killed for r in rows) == 4 + sum(r.drawn for r in rows) == 10
    assert (rows[0].squares, rows[0].forests, rows[0].hero) == (0, 4, "c3")


def test_a_heroic_game_of_five_rounds_brings_sixteen_skeletons(game):
    # Exercise 4 of the solo notebook: 4 at setup, 3 after each of rounds 1 to 4, none after 5.
    final, rows = play_rounds(game.new(1, "solo", seed=35, rounds=5, heroic=True), GuardBot(seed=35))
    assert final.round > 5
    assert [r.drawn for r in rows[:6]] == [3, 3, 3, 3, 0, 0]
    assert 4 + sum(r.drawn for r in rows) == 16


def test_round_table_lines_up_the_chosen_columns(game):
    _, rows = play_rounds(game.new(1, "solo", seed=9, rounds=3, heroic=True), GuardBot(seed=9))
    lines = round_table(rows, ("round", "drawn", "killed")).splitlines()
    assert lines[0].split() == ["round", "drawn", "killed"]
    assert lines[1].split() == ["1", "3", "0"]
    assert len(lines) == len(rows) + 1
    assert len({len(line) for line in lines}) == 1   # right-aligned columns


# ---- studies: whole games and win rates ---------------------------------------------------

def test_solo_game_replays_to_the_same_end(game):
    final, actions = solo_game(seed=35, rounds=10)
    assert game.outcome(final).result == "victory" and len(actions) == 138
    replay = bonekit.Replay("bad_bones", 1, 35, options={"rounds": 10}, actions=[a.label for a in actions])
    assert replay.final_state().boards[0].skeletons == final.boards[0].skeletons


@pytest.mark.parametrize("seed", range(6))
def test_a_shorter_challenge_is_the_long_game_cut_short(seed):
    # The shortcut win_rates relies on: one 10-round game per seed answers every shorter count.
    long = {seed: defeat_round(seed, rounds=10)}
    for n in (3, 5, 7):
        assert (defeat_round(seed, rounds=n) is None) == (win_rates(long, [n])[n] == 1.0)
        if long[seed] is not None and long[seed] <= n:
            assert defeat_round(seed, rounds=n) == long[seed]


def test_win_rates_and_defeats_by_round_count_the_defeats():
    defeats = {0: None, 1: 4, 2: 6, 3: 10}
    assert win_rates(defeats, [3, 4, 6, 10]) == {3: 1.0, 4: 0.75, 6: 0.5, 10: 0.25}
    assert defeats_by_round(defeats) == {4: 1, 6: 1, 10: 1}
    with pytest.raises(ValueError):
        win_rates({}, [3])


def study_bot(seed):
    """GuardBot seeded as ``solo_study`` (``bonekit.simulate``) seeds it for the deal of ``seed``."""
    return GuardBot(bot_seed(seed, 0))


@pytest.fixture(scope="module")
def study():
    return solo_study(games=6, rounds=10, seed=33)   # seeds 33 to 38: seed 35 is won


def test_solo_study_rows_are_the_games_of_defeat_round_with_the_study_seeding(game, study):
    assert [r["seed"] for r in study] == list(range(33, 39))
    assert study.columns[-1] == "defeat_round"
    for row in study:
        final, actions = solo_game(row["seed"], 10, bot=study_bot)
        assert row["defeat_round"] == defeat_round(row["seed"], 10, bot=study_bot)
        assert row["actions"] == len(actions) and row["result"] == game.outcome(final).result
    assert won_seeds(study) == [35] and study.rows[0]["defeat_round"] == 4


def test_solo_study_is_the_same_table_for_one_and_two_workers(study):
    seen = []
    here = solo_study(games=6, rounds=10, seed=33, progress=lambda done, total: seen.append((done, total)))
    there = solo_study(games=6, rounds=10, seed=33, workers=2)
    assert here == there == study
    assert seen[-1] == (6, 6) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_win_rates_read_a_study_table_like_a_mapping(study):
    lost = defeats(study)
    assert lost == {33: 4, 34: 7, 35: None, 36: 6, 37: 6, 38: 3}
    assert win_rates(study, [3, 5, 10]) == win_rates(lost, [3, 5, 10]) == {3: 5 / 6, 5: 4 / 6, 10: 1 / 6}
    assert defeats_by_round(study) == defeats_by_round(lost) == {3: 1, 4: 1, 6: 2, 7: 1}


def test_a_short_study_is_the_long_study_cut_short(study):
    # The notebook's shortcut, with the study's own bot seeding: one 10-round run per seed.
    short = defeats(solo_study(games=6, rounds=5, seed=33))
    for seed, lost in defeats(study).items():
        assert short[seed] == (lost if lost is not None and lost <= 5 else None)


def test_a_fall_in_the_heroic_ending_is_no_defeat(game):
    # bad_bones.ruling.heroic: the 10 rounds were survived; the study must not count round 12.
    final, _ = solo_game(seed=35, rounds=10, heroic=True)
    assert final.round == 12 and game.outcome(final).result == "victory"
    assert lost_in(game, final) is None and defeat_column(game, final) == {"defeat_round": None}
    lost, _ = solo_game(seed=3, rounds=10)
    assert lost_in(game, lost) == 4 == defeat_round(3)


# ---- studies: a real position and the trap-phase check ------------------------------------

@pytest.fixture(scope="module")
def crisis():
    return solo_position(seed=3, round=4, phase="traps")


def test_solo_position_stops_at_the_asked_round_and_phase(crisis):
    assert (crisis.round, crisis.phase, crisis.pending[0]) == (4, "traps", [])
    assert crisis.boards[0].hero == "b1"
    with pytest.raises(ValueError):
        solo_position(seed=3, round=6)       # GuardBot loses that game in round 4


def test_holds_the_round_judges_a_label_and_never_raises(crisis):
    ok, why = holds_the_round(crisis, "P1 pass")
    assert not ok and "tower" in why and "bad_bones.whatif.tower" in why
    assert holds_the_round(crisis, "P1 place treasure d2")[0]
    assert holds_the_round(crisis, "  place Treasure D2 ")[0]      # seat and case forgiven
    ok, why = holds_the_round(crisis, "P1 place wall c3 /")
    assert not ok and "bad_bones.phase.traps.place" in why
    assert holds_the_round(crisis, 42)[0] is False
    assert crisis.phase == "traps" and not crisis.boards[0].traps    # the position is untouched


def test_only_the_treasure_on_d2_saves_the_crisis(game, crisis):
    # The solo notebook's solution to exercise 3 says no other single trap works.
    saving = [a.label for a in game.legal_actions(crisis, 0) if holds_the_round(crisis, a)[0]]
    assert saving == ["P1 place treasure d2"]
    assert GuardBot(seed=3).choose(game, crisis, 0).label == "P1 pass"   # the bot's blind spot


# ---- studies: puzzle verdicts --------------------------------------------------------------

@pytest.mark.parametrize("pid", list(PUZZLES))
def test_puzzle_verdict_accepts_each_solution_and_refuses_each_starter(pid):
    puzzle = PUZZLES[pid]
    good = puzzle_verdict(puzzle, list(puzzle.solution))
    assert good.solved and good.paths.startswith("start") and good.message[0].isupper()
    bad = puzzle_verdict(puzzle, list(puzzle.starter))
    assert not bad.solved and bad.paths and not bad.message.startswith(("Not yet", "Solved"))


def test_puzzle_verdict_explains_impossible_placements_without_paths():
    shield = PUZZLES["shield"]
    for attempt in ("wall b3", [("wall", "c3", "/")], [("wall", "b3")], [5], None):
        verdict = puzzle_verdict(shield, attempt)
        assert not verdict.solved and verdict.paths is None
        assert verdict.message.startswith("Not a legal set of traps")
    assert puzzle_verdict(shield, [["WALL", " b3 ", "/"], ("Wall", "C1", "/")]).solved


# ---- the lab's display helpers --------------------------------------------------------------

def test_watch_prints_paths_events_and_what_is_left(capsys):
    from bonekit.widgets.lessons.bad_bones_lab import watch
    frames = watch(lab_state(skeletons=[("top-b", "s"), ("left-2", "e"), ("right-4", "w"), ("b4", "w")]), 4)
    out = capsys.readouterr().out
    assert len(frames) == 4
    assert out.splitlines()[0].split() == ["start", "phase", "1", "phase", "2", "phase", "3", "phase", "4"]
    assert "TOWER!" in out and "VILLAGE!" in out and "-- movement phase 2" in out
    assert out.rstrip().endswith("after 4 movement phases: tower 2 of 4 floors, village 4 of 5 houses")


def test_pose_prints_the_puzzle_in_words_and_returns_its_board(capsys):
    from bonekit.widgets.lessons.bad_bones_lab import pose
    from bonekit.widgets.scene import Scene
    picture = pose(PUZZLES["dragon"])
    out = capsys.readouterr().out.splitlines()
    assert isinstance(picture, Scene)
    assert out[0] == "Drop the dragon on the pack: goal protect, 3 movement phases, traps: 1 dragon, 1 wall"
    assert out[1:] == ["  a skeleton at b3, facing east"] * 3 + ["  a skeleton at d1, facing south"]


def test_solves_is_a_judge_for_the_one_checker(capsys):
    from bonekit.widgets.lessons.bad_bones_lab import solves
    from bonekit.widgets.teaching import check
    bait = PUZZLES["bait"]
    right = check([("treasure", "c4")], solves(bait), hint=bait.hint)
    assert right.ok and right.line.startswith("✓ Right! Within 4 movement phases")
    assert "phase 4" in capsys.readouterr().out                 # the path table was printed
    wrong = check([("treasure", "c5")], solves(bait), hint=bait.hint)
    assert not wrong.ok and wrong.line.startswith("✗ Not quite. Nothing was lost") and bait.hint in wrong.line
    assert "phase 4" in capsys.readouterr().out
    illegal = check([("treasure", "c3")], solves(bait), hint=bait.hint)   # on the tower: no walk
    assert not illegal.ok and "tower" in illegal.line
    assert capsys.readouterr().out == ""


def test_first_solo_round_walks_a_learner_through_round_one(game):
    from bonekit.widgets.lessons.bad_bones_lab import first_solo_round
    table = first_solo_round()                          # what the notebook builds
    assert not table.act("P1 hero b3")                  # legal, but not the lesson's move
    assert table.act("P1 hero d2")
    assert not table.act("P1 place catapult e1") and "green one steps onto e2" in table.status.value
    assert table.act("P1 place catapult e2") and table.act("P1 move-all")
    assert table.finished and table.state.round == 2
    board = table.state.boards[0]
    assert board.traps["e2"].damaged and counts(table.state) == (3, 4, 0)


def test_the_trap_lab_ends_with_its_solutions_and_no_check_cell():
    # the notebook's hidden "keeps the solutions honest" cell is the puzzle test above now
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "bad_bones" / "03_trap_lab.ipynb")
                    .read_text(encoding="utf-8"))
    assert not any("solutions honest" in "".join(c["source"]) for c in nb["cells"])
    assert all(puzzle_verdict(p, list(p.solution)).solved for p in PUZZLES.values()) and len(PUZZLES) == 4
