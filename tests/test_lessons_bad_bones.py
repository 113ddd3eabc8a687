"""The Bad Bones learn-to-play lesson's helpers (bonekit.games.bad_bones.scenarios and
bonekit.widgets.lessons.bad_bones): what they stage, and that every example and claim of
notebooks/bad_bones/01_learn_to_play.ipynb comes out as its prose says."""
from __future__ import annotations

import re
from collections import Counter

import pytest

import bonekit
from bonekit import IllegalAction, play_out
from bonekit.games.bad_bones import GuardBot, Trap, scenarios
from bonekit.games.bad_bones.board import components, square
from bonekit.games.bad_bones.sandbox import lab_state, march

GAME = bonekit.load("bad_bones")
DATA = components()


def symbols(state, seat=0):
    return [DATA.model_of(t).symbol for t in state.boards[seat].skeletons]


def sent_to(events):
    """{skeleton symbol: seat it was sent to} from "sent" events."""
    return {DATA.model_of(e.data["skeleton"]).symbol: e.data["to"] for e in events if e.kind == "sent"}


# ---- staging ---------------------------------------------------------------------------------
def test_staged_sets_p1s_board_and_leaves_the_others_empty():
    state = scenarios.staged(hero="e5",
                             skeletons=[("c2", "s"), ("c2", "s"), ("top-b", "s"), ("d4", "w", "red")],
                             traps=[("wall", "b3", "/"), ("catapult", "d3")])
    b = state.boards[0]
    assert (state.players, state.round, state.phase) == (3, 1, "hero")
    assert b.hero == "e5" and b.traps == {"b3": Trap("wall", False, "/"), "d3": Trap("catapult")}
    assert sorted(b.supply) == ["catapult", "dragon", "treasure", "wall"]
    assert sorted(scenarios.on_squares(state)) == [("c2", "s"), ("c2", "s"), ("d4", "w")]
    # board squares take the symbols in turn; a forest spot keeps its own symbol; a chosen one wins
    assert symbols(state) == ["purple", "green", "purple", "red"]
    assert len(state.bag) == DATA.tokens - 4 and not set(state.bag) & set(b.skeletons)
    assert all(not other.skeletons and other.supply == DATA.starting_supply() for other in state.boards[1:])
    assert all(sk.side == state.token for sk in b.skeletons.values())


def test_staged_refuses_impossible_boards():
    for kwargs in ({"skeletons": [("z9", "s")]}, {"skeletons": [("b2", "up")]},
                   {"skeletons": [("top-b", "s", "red")]}, {"traps": [("wall", "c3", "/")]},
                   {"hero": "top-a"}):
        with pytest.raises(ValueError):
            scenarios.staged(**kwargs)


def test_play_seat_keeps_the_others_in_pace_and_reports_only_p1():
    state = scenarios.staged(skeletons=[("b5", "s")], hero="a1")
    after, events = scenarios.play_seat(state, "P1 hero a2", "P1 pass", "P1 move-all")
    assert (after.round, after.phase) == (2, "hero") and after.boards[0].houses == 4
    assert [b.hero for b in after.boards] == ["a2", "b2", "b2"]   # the others took their first step
    assert all(e.data.get("seat", 0) == 0 for e in events)
    assert {"hero", "phase", "house", "round"} <= {e.kind for e in events}
    with pytest.raises(IllegalAction):
        scenarios.play_seat(after, "P1 pass")


def test_p1_plays_prints_p1s_events_and_explains_a_refusal(capsys):
    from bonekit.widgets.lessons.bad_bones import p1_plays
    state = scenarios.staged(skeletons=[("b5", "s")], hero="a1")
    after = p1_plays(state, "P1 hero a2", "P1 hero a3", "P1 pass")
    out = capsys.readouterr().out
    assert "bad_bones.phase.hero | P1's hero moves a1 → a2." in out and "P2's hero" not in out
    assert "✗ P1 hero a3: refused:" in out and "Traceback" not in out
    assert after.phase == "traps"          # stopped at the refusal; "P1 pass" was not played


def test_skeleton_lines_and_board_text_describe_one_board():
    state = GAME.new(3, seed=scenarios.LESSON_SEED)
    assert scenarios.skeleton_lines(state, 0) == [
        "blue   on top-d   facing s, white side up", "yellow on top-e   facing s, white side up",
        "green  on left-4  facing e, white side up", "purple on right-4 facing w, white side up"]
    text = scenarios.board_text(state, 1)
    assert text.startswith("Round 1 · phase hero") and "\nP2 · tower" in text and "P1 ·" not in text


# ---- setup -----------------------------------------------------------------------------------
def test_survey_setups_finds_no_problem_and_setup_problems_can_fail():
    tables, problems = scenarios.survey_setups(players=range(2, 7), seeds=range(20))
    assert (tables, problems) == (100, [])
    broken = GAME.new(3, seed=1)
    sid, sk = next(iter(broken.boards[2].skeletons.items()))
    broken.boards[2].skeletons[sid] = type(sk)(sk.id, sk.model, sk.r, sk.c, "n", "black")
    assert len(scenarios.setup_problems(broken)) == 1 and "P3" in scenarios.setup_problems(broken)[0]
    del broken.boards[0].skeletons[next(iter(broken.boards[0].skeletons))]
    assert any(p.startswith("P1 starts with") for p in scenarios.setup_problems(broken))


# ---- the live table of the notebook (seed 5) -------------------------------------------------
def test_the_live_table_plays_as_the_notebook_tells():
    s = GAME.new(3, seed=5)
    s = apply(s, "P1 hero d2", "P2 hero b2", "P3 hero c4")
    assert s.phase == "traps" and [b.hero for b in s.boards] == ["d2", "b2", "c4"]
    s = apply(s, "P1 place wall a5 /", "P2 place catapult b2", "P3 pass")
    assert s.token == "black" and s.boards[0].traps["a5"] == Trap("wall", False, "/")
    assert all(sk.side == "white" for b in s.boards for sk in b.skeletons.values())
    s = apply(s, "P1 move top-e s", "P1 move left-4 e")
    assert ("a4", "s") in scenarios.on_squares(s)                       # the a4 arrow turned it
    with pytest.raises(IllegalAction):
        GAME.apply(s, "P1 move e1 s")                                   # it has moved already
    s = apply(s, "P1 move-all", "P2 move-all", "P3 move-all")
    assert (s.round, s.phase) == (2, "hero")
    assert all(len(b.skeletons) == 7 and not b.cemetery for b in s.boards)
    assert all(sk.side == s.token == "black" for b in s.boards for sk in b.skeletons.values())
    s = apply(s, "P1 hero e1", "P2 hero a2", "P3 hero b5")
    assert len(s.boards[0].skeletons) == 6
    with pytest.raises(IllegalAction):
        GAME.apply(s, "P1 place catapult e4")
    s = apply(s, "P1 place catapult e5", "P2 pass", "P3 place wall d2 /", "P1 move e4 s")
    assert [a.label for a in GAME.legal_actions(s, 0)] == ["P1 send p2", "P1 send p3"]
    s = apply(s, "P1 send p3", "P1 move a4 s", "P1 move left-5 e")
    assert ("a4", "n") in scenarios.on_squares(s)     # walking north, the a4 arrow lets it pass
    s = apply(s, "P1 move top-e s", "P1 move-all", "P2 move-all", "P3 move-all")
    assert s.boards[0].traps == {"a5": Trap("wall", True, "/"), "e5": Trap("catapult", True, None)}
    before = GAME.score(s, 0)
    s = apply(s, "P1 hero d2", "P2 hero a1", "P3 hero b4", "P1 retrieve a5", "P2 retrieve b2", "P3 pass")
    assert s.boards[0].supply.count("wall") == 2 and GAME.score(s, 0) == before + 1 == 43


def apply(state, *labels):
    for label in labels:
        state, _ = GAME.apply(state, label)
    return state


# ---- the trap examples -----------------------------------------------------------------------
def test_the_wall_example_and_how_traps_wear_out():
    lab = lab_state(skeletons=[("b2", "s"), ("a3", "e")], traps=[("wall", "b3", "/")])
    after, _ = march(lab, phases=1)[0]
    assert scenarios.on_squares(after) == [("a3", "w"), ("b2", "n")]
    assert after.boards[0].traps["b3"] == Trap("wall", True, "/")
    lab2 = lab_state(skeletons=[("b2", "s"), ("b1", "s")], traps=[("wall", "b3", "/")])
    (phase1, _), (phase2, events2) = march(lab2, phases=2)
    assert phase1.boards[0].traps["b3"].damaged
    assert "b3" not in phase2.boards[0].traps and phase2.boards[0].removed_traps == ["wall"]
    assert any(e.kind == "sent" for e in events2)   # the first one left through the left forest


def test_the_catapult_sends_both_skeletons_to_the_one_chosen_cemetery():
    cat = scenarios.staged(hero="a5", skeletons=[("d2", "s"), ("d4", "n")], traps=[("catapult", "d3")])
    ids = set(cat.boards[0].skeletons)
    cat, _ = scenarios.play_seat(cat, "P1 hero a4", "P1 pass", "P1 move d2 s")
    assert [a.label for a in GAME.legal_actions(cat, 0)] == ["P1 send p2", "P1 send p3"]
    cat, events = scenarios.play_seat(cat, "P1 send p3", "P1 move d4 n")
    assert sent_to(events) == {"purple": 2, "green": 2}
    assert ids <= set(cat.boards[2].skeletons) and not ids & set(cat.boards[1].skeletons)
    assert cat.boards[0].traps["d3"].damaged and not scenarios.on_squares(cat)


def test_the_dragon_example():
    drg = scenarios.staged(hero="e5", skeletons=[("a1", "e"), ("b2", "n"), ("c1", "w")],
                           traps=[("dragon", "b1")])
    drg, _ = scenarios.play_seat(drg, "P1 hero d5", "P1 pass", "P1 move a1 e")
    assert sorted(a.args[0] for a in GAME.legal_actions(drg, 0)) == ["a1", "b2", "c1", "top-b"]
    with pytest.raises(IllegalAction):
        GAME.apply(drg, "P1 move b2 n")
    drg, events = scenarios.play_seat(drg, "P1 repel top-b", "P1 send p2", "P1 move b2 n", "P1 repel a1",
                                      "P1 move c1 w", "P1 repel c1")
    assert sent_to(events) == {"purple": 1}
    assert drg.boards[0].traps["b1"] == Trap("dragon", True, None)
    assert scenarios.on_squares(drg) == [("a1", "w"), ("c1", "e")]


def test_the_dragons_landing_and_its_death():
    land = scenarios.staged(hero="e5", skeletons=[("c2", "s")] * 3 + [("c1", "s")])
    land, _ = scenarios.play_seat(land, "P1 hero d5")
    with pytest.raises(IllegalAction):
        GAME.apply(land, "P1 place catapult c2")
    land, _ = scenarios.play_seat(land, "P1 place dragon c2")
    assert sorted(a.args[0] for a in GAME.legal_actions(land, 0)) == ["b2", "c1", "c3", "d2"]
    land, _ = scenarios.play_seat(land, "P1 repel b2", "P1 repel d2", "P1 repel c1")
    assert [a.label for a in GAME.legal_actions(land, 0)] == ["P1 move c1 s", "P1 move-all"]
    land, _ = scenarios.play_seat(land, "P1 move c1 s", "P1 repel d2")
    b = land.boards[0]
    assert "c2" not in b.traps and b.removed_traps == ["dragon"] and b.floors == 4


def test_the_treasure_example():
    bait = scenarios.staged(hero="e5", skeletons=[("c2", "s")] * 3)
    bait, _ = scenarios.play_seat(bait, "P1 hero d5", "P1 place treasure d2")
    assert all(sk.facing == "e" for sk in bait.boards[0].skeletons.values())
    bait, _ = scenarios.play_seat(bait, "P1 move c2 e", "P1 move c2 e", "P1 move c2 e")
    b = bait.boards[0]
    assert "d2" not in b.traps and b.removed_traps == ["treasure"] and b.floors == 4
    assert scenarios.on_squares(bait) == [("d2", "e")] * 3
    later, _ = scenarios.play_seat(bait, "P1 hero d4")
    with pytest.raises(IllegalAction, match="no treasure"):
        GAME.apply(later, "P1 place treasure b2")


def test_skeletons_leaving_by_the_forests():
    out = scenarios.staged(hero="e5", skeletons=[("a2", "w"), ("e2", "e"), ("c1", "n"), ("d1", "n")])
    out, first = scenarios.play_seat(out, "P1 hero d5", "P1 pass", "P1 move a2 w", "P1 move e2 e",
                                     "P1 move c1 n")
    assert [a.label for a in GAME.legal_actions(out, 0)] == ["P1 send p2", "P1 send p3"]
    out, second = scenarios.play_seat(out, "P1 send p2", "P1 move d1 n", "P1 send p3")
    assert sent_to(first + second) == {"purple": 1, "green": 2, "blue": 1, "yellow": 2}
    duel = scenarios.staged(players=2, hero="e5", skeletons=[("a2", "w"), ("e2", "e"), ("c1", "n")])
    duel, events = scenarios.play_seat(duel, "P1 hero d5", "P1 pass", "P1 move-all")
    assert sent_to(events) == {"purple": 1, "green": 1, "blue": 1}
    assert not any(e.kind == "choice" for e in events)
    assert len(duel.boards[1].skeletons) == 3 + 3          # the three leavers and P2's three new ones


def test_village_tower_and_hero():
    hit = scenarios.staged(hero="b4", skeletons=[("b5", "s"), ("c2", "s")])
    hit, _ = scenarios.play_seat(hit, "P1 hero c3", "P1 pass", "P1 move b5 s", "P1 move c2 s")
    b = hit.boards[0]
    assert (b.houses, b.floors, b.hero) == (4, 3, "c3")
    guard = scenarios.staged(hero="e3", skeletons=[("d1", "s"), ("c2", "e")], traps=[("treasure", "d2")])
    guard, events = scenarios.play_seat(guard, "P1 hero d2", "P1 pass", "P1 move d1 s", "P1 move c2 e")
    assert guard.boards[0].traps == {"d2": Trap("treasure")} and guard.boards[0].removed_traps == []
    assert not scenarios.on_squares(guard) and [e.kind for e in events].count("hero_kill") == 2


# ---- scoring ---------------------------------------------------------------------------------
def test_the_rulebook_scoring_example_gives_19():
    end = scenarios.scoring_example()
    assert end.names == ("Ana", "Sam") and end.boards[1].houses == 1
    assert end.boards[0].removed_traps == ["catapult", "treasure", "wall"]
    end = apply(end, "P1 hero c2", "P2 hero d4", "P1 pass", "P2 pass", "P2 move-all")
    parts = scenarios.score_breakdown(end, 0)
    assert parts == {"tower": 8, "village": 6, "damaged dragon on b4": 2, "damaged catapult on d4": 1,
                     "wall in supply": 2}
    assert sum(parts.values()) == GAME.score(end, 0) == 19
    out = GAME.outcome(end)
    assert out.winners == (0,) and out.scores == (19, 0) and end.eliminated == [False, True]


def test_score_breakdown_always_adds_up_to_the_engines_score():
    replay = scenarios.bot_game()
    for state in replay.states[::25]:
        for seat in range(3):
            assert sum(scenarios.score_breakdown(state, seat).values()) == GAME.score(state, seat)


# ---- the whole game --------------------------------------------------------------------------
def test_bot_game_is_the_notebooks_game_and_ends_as_told():
    replay = scenarios.bot_game()
    final, actions = play_out(GAME, GAME.new(3, seed=5), {s: GuardBot(seed=s) for s in range(3)})
    assert replay.actions == [a.label for a in actions] and len(actions) == 504
    verbs = Counter(a.verb for a in actions)
    assert verbs["move"] == 411 and final.round == 12
    out = GAME.outcome(final)
    assert final.eliminated == [True, False, False] and out.scores[1] == out.scores[2] == 18
    assert out.winners == (2,) and final.boards[2].floors > final.boards[1].floors
    mid = scenarios.midgame()
    assert (mid.round, mid.phase) == (7, "move")
    assert mid is replay.states[scenarios.step_of(replay, 7, "move")]
    with pytest.raises(ValueError):
        scenarios.step_of(replay, 13, "hero")


# ---- component data --------------------------------------------------------------------------
def test_rulebook_checks_hold_and_notice_a_wrong_number():
    checks = scenarios.rulebook_checks()
    assert len(checks) == 9 and all(holds for _, holds in checks)
    raw = DATA.raw["traps"]["wall"]["stars"]
    old = raw["intact"]
    raw["intact"] = 3
    try:
        failing = [claim for claim, holds in scenarios.rulebook_checks() if not holds]
    finally:
        raw["intact"] = old
    assert failing == ["an intact wall shows 2 stars (scoring example)"]


def test_data_sources_name_a_source_for_every_part():
    sources = scenarios.data_sources()
    assert {"board", "arrows", "trap: wall", "trap: treasure"} <= set(sources)
    assert all(re.match(r"(rulebook|kit)", text) for text in sources.values())


# ---- exercises -------------------------------------------------------------------------------
def test_exercise_1_and_2_where_the_skeleton_ends_up():
    arrow = scenarios.quiz_board(scenarios.ARROW_QUIZ)
    assert [scenarios.where_after(arrow, n) for n in (1, 2, 3, 4)] == ["b1", "b2", "b3", "tower"]
    wall = scenarios.quiz_board(scenarios.WALL_QUIZ)
    assert [scenarios.where_after(wall, n) for n in (1, 2)] == ["c2", "tower"]
    other_way = lab_state(skeletons=[("b1", "s")], traps=[("wall", "b2", "/")])
    assert [scenarios.where_after(other_way, n) for n in (1, 2)] == ["a2", "forest"]   # as the solution says
    with pytest.raises(ValueError):
        scenarios.where_after(lab_state(skeletons=[("b1", "s"), ("d1", "s")]), 1)


def test_exercise_3_has_one_answer_and_explains_the_others():
    state = scenarios.exit_quiz()
    assert state.phase == "traps" and scenarios.on_squares(state) == [("a2", "s")]
    right = [a.label for a in GAME.legal_actions(state, 0) if scenarios.judge_exit(a.label)[0]]
    assert right == ["P1 place wall a3 /"]
    assert scenarios.judge_exit("  place WALL a3 / ")[0]
    ok, why = scenarios.judge_exit("P1 place catapult a3")
    assert not ok and "catapult" in why and "choose" in why
    ok, why = scenarios.judge_exit("P1 place dragon a2")
    assert not ok and "flee" in why
    ok, why = scenarios.judge_exit("P1 place wall a3 \\")
    assert not ok and "b3" in why
    for wrong in ("P1 pass", "P2 place wall a3 /", "P1 place wall a9 /", 3, ""):
        assert scenarios.judge_exit(wrong)[0] is False


def test_exercise_4_scores_23():
    state = scenarios.score_quiz()
    b = state.boards[0]
    assert (b.floors, b.houses, sorted(b.supply), sorted(b.removed_traps)) == (3, 1, ["dragon", "treasure"],
                                                                                ["catapult", "wall"])
    assert GAME.score(state, 0) == 23 == sum(scenarios.score_breakdown(state, 0).values())


def test_the_checker_accepts_the_solutions_and_refuses_wrong_answers():
    from bonekit.widgets.teaching import check
    assert check("B3", scenarios.where_after(scenarios.quiz_board(scenarios.ARROW_QUIZ), 3))
    assert not check("c3", scenarios.where_after(scenarios.quiz_board(scenarios.ARROW_QUIZ), 3))
    assert check("c2 ", scenarios.where_after(scenarios.quiz_board(scenarios.WALL_QUIZ), 1))
    assert check("P1 place wall a3 /", scenarios.judge_exit)
    assert not check("P1 place catapult a3", scenarios.judge_exit)
    assert check("23", GAME.score(scenarios.score_quiz(), 0))
    assert not check(...,  GAME.score(scenarios.score_quiz(), 0)).answered


# ---- the guided first round ------------------------------------------------------------------
def test_the_guided_first_round_plays_through_with_the_bots():
    from bonekit.widgets.lessons.bad_bones import FIRST_ROUND, FIRST_ROUND_SEED, first_round
    table = first_round()          # what the notebook builds
    assert table.seed == FIRST_ROUND_SEED == 5
    assert table.act("P1 hero c2") is False and "asks for P1 hero d2" in table.status.value
    assert table.state.phase == "hero" and not table.actions
    for step in FIRST_ROUND:
        assert table.act(step.move), (step.move, table.status.value)
    assert table.finished and (table.state.round, table.state.phase) == (2, "move")
    b = table.state.boards[0]
    assert b.hero == "d1" and b.traps["a5"] == Trap("wall", False, "/") and b.traps["e1"].damaged
    # the last step's promise: the green skeleton bounces off the wall and leaves for P2
    green = next(sid for sid, sk in b.skeletons.items() if square(sk.r, sk.c) == "a4")
    assert table.act("P1 move a4 s")
    assert green in table.state.boards[1].cemetery


def test_the_guided_rounds_hints_answer_their_wrong_moves():
    from bonekit.widgets.lessons.bad_bones import FIRST_ROUND, first_round
    table = first_round()
    table.act(FIRST_ROUND[0].move)
    assert table.act("P1 pass") is False and "nothing stops the yellow skeleton" in table.status.value
    for step in FIRST_ROUND[1:]:
        for label in step.hints:   # every hint is about a move that is legal at that step
            assert label in [a.label for a in GAME.legal_actions(table.state, 0)], label
        table.act(step.move)


def test_the_notebook_helpers_say_it_in_words():
    from bonekit.widgets.lessons.bad_bones import choices, standing, trap_words
    start = GAME.new(3, seed=5)
    assert choices(start).startswith("P1 hero b2, P1 hero c2") and standing(start) == "none"
    lab = scenarios.staged(hero="e5", skeletons=[("a1", "e"), ("c1", "w")], traps=[("wall", "b3", "/")])
    assert standing(lab) == "a1 facing east, c1 facing west"
    assert trap_words(Trap("wall", True, "/")) == "a / wall, damaged side up"
    assert trap_words(Trap("dragon", False, None)) == "a dragon, intact"
    over = GAME.new(2, seed=1)
    assert choices(over, seat=1).startswith("P2 hero")


def test_the_rulings_recap_names_only_what_the_notebook_showed_before_it():
    """01's recap names RULINGS_MET in a line each: each of them is shown in full above it, and
    every other basic ruling is shown in full in the recap."""
    import json
    from pathlib import Path

    from bonekit.widgets.lessons.bad_bones import RULINGS_MET

    path = Path(__file__).resolve().parent.parent / "notebooks" / "bad_bones" / "01_learn_to_play.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    at = next(i for i, c in enumerate(cells) if "recap(rulings" in "".join(c["source"]))

    def shown(cell: dict) -> str:
        return "".join("".join(o.get("data", {}).get("text/markdown", "")) for o in cell.get("outputs", []))

    above = "".join(shown(c) for c in cells[:at])
    assert all(f"** `{r}`" in above for r in RULINGS_MET)
    recap = shown(cells[at])
    rulings = [s.id for s in bonekit.load("bad_bones").rules if s.id.startswith("bad_bones.ruling.")]
    assert all(f"(`{r}`)" in recap for r in RULINGS_MET)
    assert all(f"** `{r}`" in recap for r in rulings if r not in RULINGS_MET)
    assert len(rulings) > len(RULINGS_MET)
