"""The staging behind notebooks/bad_bones/05_skeleton_chiefs.ipynb (bonekit.games.bad_bones.chief_lessons
and bonekit.widgets.lessons.bad_bones_chiefs): what the helpers stage and judge, that the
notebook's examples come out as its prose says, and that the committed notebook shows every rule
section of the Skeleton Chiefs (bad_bones.chiefs*)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import bonekit
from bonekit.games.bad_bones import Trap
from bonekit.games.bad_bones import chief_lessons as lessons
from bonekit.games.bad_bones.board import CHIEF_KINDS, components
from bonekit.games.bad_bones.puzzles import fate, trace
from bonekit.games.bad_bones.sandbox import march

GAME = bonekit.load("bad_bones")
NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "bad_bones" / "05_skeleton_chiefs.ipynb"


def cells():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def joined(x):
    return "".join(x) if isinstance(x, list) else x


def outputs_text(cell):
    """The text of a code cell's outputs: streams and every text/* representation."""
    parts = []
    for out in cell.get("outputs", []):
        parts.append(joined(out.get("text", "")))
        parts += [joined(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(parts)


def saved_output(marker):
    """The saved output text of the code cell whose source contains ``marker``."""
    return next(outputs_text(c) for c in cells()
                if c["cell_type"] == "code" and marker in joined(c["source"]))


def rows(table):
    """A path table (``puzzles.trace(..., names=True)``) as {token name: its cells}."""
    return {line.split()[0]: line.split()[1:] for line in table.splitlines()[1:]}


def path_rows(state, phases):
    return rows(trace(state, march(state, phases), names=True))


# ---- the committed notebook ----------------------------------------------------------------------
def test_the_notebook_displays_every_chief_rule_section():
    shown = "\n".join(outputs_text(c) for c in cells() if c["cell_type"] == "code")
    wanted = [s.id for s in GAME.rules if s.id.startswith("bad_bones.chiefs")]
    assert len(wanted) == 1 + len(CHIEF_KINDS) + 15
    missing = [rid for rid in wanted if f"id='{rid}'" not in shown]
    assert missing == []


def test_exercises_are_unanswered_and_their_solutions_folded_at_the_end():
    all_cells = cells()
    exercises = [c for c in all_cells
                 if c["cell_type"] == "code" and joined(c["source"]).startswith("answer = ...")]
    assert len(exercises) == 3
    assert all("Not answered yet" in outputs_text(c) for c in exercises)
    assert "back to the first move" in joined(all_cells[-1]["source"])  # then only the link back
    last = joined(all_cells[-2]["source"])
    assert last.startswith("## Solutions")
    assert [int(n) for n in re.findall(r"<summary>Solution to exercise (\d)</summary>", last)] == [1, 2, 3]
    # the solutions name what the judges accept
    assert "**3 floors.**" in last and '"P1 place wall b3 /"' in last and '["d2", "e4"]' in last


def test_visible_code_cells_are_short_and_the_notebook_opens_with_a_board():
    code = [c for c in cells() if c["cell_type"] == "code"]
    long = [joined(c["source"]) for c in code if len(joined(c["source"]).splitlines()) > 8
            and not c["metadata"].get("jupyter", {}).get("source_hidden", False)]
    assert long == []
    first = code[0]
    assert "render(game, lessons.showcase())" in joined(first["source"])
    assert any("image/png" in out.get("data", {}) for out in first["outputs"])
    assert not any(out.get("output_type") == "error" for c in code for out in c.get("outputs", []))


def test_the_notebook_has_a_guided_round_a_stepper_and_a_table_with_the_chiefs():
    sources = [joined(c["source"]) for c in cells() if c["cell_type"] == "code"]
    guided = next(i for i, s in enumerate(sources) if s.strip().endswith("first_chief_round()"))
    assert guided <= 4
    from bonekit.widgets.lessons.bad_bones_chiefs import first_chief_round
    table = first_chief_round()
    assert table.seed == lessons.GAME_SEED and table.state.options.get("chiefs")
    assert any(s.strip().endswith("Stepper(replay)") for s in sources)
    assert any("Table(game" in s and "chiefs=True" in s for s in sources if "GuidedTable" not in s)


def test_the_lab_prose_agrees_with_the_saved_study():
    table = saved_output("lessons.study_table(records)")
    found = {m.group(1): (int(m.group(2)), float(m.group(3)), int(m.group(4)), int(m.group(5)), m.group(6))
             for m in re.finditer(r"^(without chiefs|with chiefs)\s+(\d+)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+(.*)$",
                                  table, re.M)}
    plain, chiefs = found["without chiefs"], found["with chiefs"]
    assert plain[0] == chiefs[0] == 30
    assert (plain[1], chiefs[1]) == (11.3, 9.7) and (plain[2], chiefs[2]) == (9, 5)
    assert "5 emperor" in chiefs[4] and "in 6 games a hero fell with the emperor" in chiefs[4]
    assert "emperor" not in plain[4]
    chart = saved_output("line_chart(")
    assert re.search(r"^9\s+100%\s+73%$", chart, re.M)
    prose = "\n".join(joined(c["source"]) for c in cells() if c["cell_type"] == "markdown")
    assert "9.7 rounds on average instead of\n11.3" in prose and "only 73%" in prose


def test_the_notebook_and_its_helpers_quote_no_rulebook_passage():
    from test_rolled_bones_catalog import copied_passages
    rulebook = Path(__file__).resolve().parents[2] / "shared" / "rulebooks" / "bad_bones.txt"
    if not rulebook.exists():
        pytest.skip("the rulebooks sit beside the checkout; not here")
    theirs = rulebook.read_text(encoding="utf-8")
    root = Path(__file__).resolve().parents[1]
    ours = ["\n".join(joined(c["source"]) for c in cells() if c["cell_type"] == "markdown"),
            (root / "bonekit" / "games" / "bad_bones" / "chief_lessons.py").read_text(encoding="utf-8"),
            (root / "widgets" / "lessons" / "bad_bones_chiefs.py").read_text(encoding="utf-8")]
    assert [p for text in ours for p in copied_passages(text, theirs)] == []


# ---- tokens and staged boards ----------------------------------------------------------------------
def test_token_table_lists_every_chief_with_its_model():
    table = lessons.token_table()
    data = components()
    for chief in data.chiefs:
        assert f"{chief.name} = {chief.model.symbol} at {chief.model.spot}" in table
    assert re.search(r"^Skeleton Emperor\s+1\s", table, re.M)
    assert re.search(r"^Chief Instructor\s+3\s", table, re.M)
    assert re.search(r"^all chiefs\s+19\s+\(ordinary skeletons in the bag: 180\)", table, re.M)


def test_token_and_name_round_trip_and_refuse_strangers():
    for chief in components().chiefs:
        assert lessons.name(lessons.token(chief.name)) == chief.name
    assert lessons.name(0) == components().model_of(0).symbol
    with pytest.raises(ValueError, match="no chief called"):
        lessons.token("pope")


def test_chief_board_stages_chiefs_symbols_damage_and_other_boards():
    state = lessons.chief_board(skeletons=[("b2", "s", "instructor"), ("b2", "e", "red"), ("top-a", "s")],
                                traps=[("wall", "b3", "/")], floors=2, houses=4)
    board = state.boards[0]
    assert sorted(lessons.name(t) for t in board.skeletons) == ["green", "instructor-1", "red"]
    assert (board.floors, board.tower_size, board.houses, board.village_size) == (2, 4, 4, 5)
    assert board.traps["b3"] == Trap("wall", orientation="/") and state.options["chiefs"] is True
    table = lessons.chief_board(players=3, skeletons=[("c2", "s", "emperor")],
                                others={2: [("a1", "e", "blue")]})
    assert table.players == 3 and lessons.where(table, "emperor") == "P1 c2 facing s"
    assert lessons.standing(table, "a1", seat=2) == ["blue"]
    ids = list(table.bag) + [t for b in table.boards for t in b.skeletons]
    assert sorted(ids) == list(range(components().all_tokens))          # every token once
    assert lessons.chiefs_on(table) == {"P1": ["emperor at c2"], "P2": [], "P3": []}
    with pytest.raises(ValueError):
        lessons.chief_board(floors=5)
    with pytest.raises(ValueError):
        lessons.chief_board(others={1: [("a1", "e")]})
    with pytest.raises(ValueError, match="emperor"):
        lessons.chief_board(skeletons=[("a1", "e", "emperor"), ("a2", "e", "emperor")])


def test_where_names_every_place_a_token_can_be():
    state = lessons.chief_board(skeletons=[("b2", "s", "spectral-1")])
    assert lessons.where(state, "spectral-1") == "P1 b2 facing s"
    assert lessons.where(state, "emperor") == "in the bag"
    after, _ = GAME.apply(state, "P1 hero b2")
    assert lessons.where(after, "spectral-1") == "in P1's cemetery"


def test_to_movement_brings_every_seat_to_the_movement_phase():
    state = lessons.chief_board(players=2, skeletons=[("b2", "s")], others={1: [("a1", "e")]})
    state = lessons.to_movement(state)
    assert state.phase == "move" and state.boards[0].hero == "d4" and state.boards[1].hero is not None


# ---- the path table --------------------------------------------------------------------------------
def test_paths_name_the_tokens_and_how_they_left():
    table = path_rows(lessons.chief_board(skeletons=[("c2", "s", "artificer"), ("b5", "s", "nice"),
                                                     ("d3", "w", "spectral"), ("a1", "e", "yellow")]), 1)
    assert table == {"artificer-1": ["c2", "↓", "TOWER!"], "nice-1": ["b5", "↓", "VILLAGE!"],
                     "spectral-1": ["d3", "←", "TOWER!", "→", "cemetery"], "yellow": ["a1", "→", "b1", "→"]}
    sabotage = path_rows(lessons.chief_board(skeletons=[("b2", "s", "saboteur"), ("e2", "s", "saboteur")],
                                             traps=[("wall", "b3", "/"), ("bomb", "e3")]), 1)
    assert sabotage == {"saboteur-1": ["b2", "↓", "bag"], "saboteur-2": ["e2", "↓", "bomb"]}
    bombed = lessons.chief_board(skeletons=[("b2", "s", "spectral")], traps=[("bomb", "b3")])
    spectral_bomb = path_rows(bombed, 1)
    assert spectral_bomb == {"spectral-1": ["b2", "↓", "bomb", "→", "cemetery"]}
    assert fate([], lessons.token("emperor")) == "forest"


def test_watch_prints_the_table_events_and_damage(capsys):
    from bonekit.widgets.lessons.bad_bones_chiefs import watch
    frames = watch(lessons.chief_board(skeletons=[("c2", "s", "artificer"), ("b5", "s", "artificer")]), 1)
    out = capsys.readouterr().out
    assert len(frames) == 1 and out.startswith("token")
    assert "bad_bones.chiefs.artificer | P1: the Chief Artificer" in out
    assert out.rstrip().endswith("after 1 movement phase: tower 2 of 4 floors, village 3 of 5 houses")


# ---- the necromancer --------------------------------------------------------------------------------
def test_the_necromancer_seed_draws_one_in_round_one():
    state, events = lessons.first_round(lessons.NECROMANCER_SEED)
    (drawn,) = [e.data["drawn"] for e in events if e.kind == "draw"]
    assert len(drawn) == 6 and [lessons.name(t) for t in drawn].count("necromancer-3") == 1
    assert "saboteur-3" in [lessons.name(t) for t in drawn]       # the prose names it
    assert any(e.kind == "necromancer" for e in events) and state.round == 2


def test_stages_split_a_chain_of_calls():
    bag = ["necromancer-1", "necromancer-2", "necromancer-3", *range(0, 180, 20)]
    state, events = lessons.stacked_draw(bag, seed=15)
    (drawn,) = [e.data["drawn"] for e in events if e.kind == "draw"]
    parts = lessons.stages(drawn)
    assert [caller for caller, _ in parts] == [(), ("necromancer-1",), ("necromancer-2",)]
    assert [len(tokens) for _, tokens in parts] == [3, 3, 3]
    assert sorted(state.boards[0].skeletons) == sorted(drawn)
    assert set(state.bag) == {lessons.token(t) if isinstance(t, str) else t for t in bag} - set(drawn)


def test_a_stacked_bag_that_runs_out_stops_the_calling():
    _, events = lessons.stacked_draw(["necromancer-1", 0, 12, 24])
    (drawn,) = [e.data["drawn"] for e in events if e.kind == "draw"]
    assert [len(t) for _, t in lessons.stages(drawn)] == [3, 1]
    with pytest.raises(ValueError):
        lessons.stages([0, 1, 2, 3])      # nobody called the fourth


def test_draw_prints_the_stages(capsys):
    from bonekit.widgets.lessons.bad_bones_chiefs import draw
    _, events = lessons.stacked_draw(["necromancer-1", 0, 12, 24])
    draw(events)
    out = capsys.readouterr().out
    assert re.search(r"the first three: .*necromancer-1", out) and "called by necromancer-1:" in out
    assert "bad_bones.chiefs.necromancer | P1: the Chief Necromancer calls 1 more skeleton" in out


# ---- the instructor examples -------------------------------------------------------------------------
UNIT = [("b2", "s", "instructor"), ("b2", "e", "red"), ("b2", "n", "blue")]


def test_the_unit_examples_do_what_the_prose_says():
    drill = lessons.to_movement(lessons.chief_board(skeletons=UNIT))
    assert lessons.moves_offered(drill) == ["P1 move b2 e", "P1 move b2 n", "P1 move b2 s", "P1 move-all"]
    early, _ = GAME.apply(drill, "P1 move b2 e")   # the red one leaves first: it stays out
    early, _ = GAME.apply(early, "P1 move b2 s")
    assert lessons.unit_of(early) == {"instructor-1": ["blue"]}
    assert path_rows(lessons.chief_board(skeletons=UNIT), 2)["red"] == ["b2", "→", "b3", "→", "TOWER!"]
    walled = path_rows(lessons.chief_board(skeletons=UNIT, traps=[("wall", "b3", "/")]), 2)
    assert {tuple(r[2:]) for r in walled.values()} == {("a3", "←", "forest")}
    portal = path_rows(lessons.chief_board(skeletons=UNIT, traps=[("portal", "b3")]), 2)
    assert {tuple(r[2:]) for r in portal.values()} == {("top-e", "↓", "e1", "↓")}
    scared = lessons.to_movement(lessons.chief_board(skeletons=UNIT, traps=[("dragon", "b3")]))
    scared, _ = GAME.apply(scared, "P1 move b2 s")
    assert lessons.moves_offered(scared) == ["P1 repel b2", "P1 repel c3", "P1 repel b4", "P1 repel a3"]


def test_a_thrown_unit_breaks_up_on_the_board_it_reaches():
    from bonekit.games.bad_bones.scenarios import play_seat
    thrown = lessons.chief_board(players=3, skeletons=UNIT, traps=[("catapult", "b3")],
                                 others={1: [("a1", "e")]})
    flown, _ = play_seat(lessons.to_movement(thrown), "P1 move b2 s", "P1 send p3")
    spots = {lessons.name(t): lessons.where(flown, t) for t in thrown.boards[0].skeletons}
    assert spots == {"instructor-1": "P3 top-e facing s", "red": "P3 top-c facing s",
                     "blue": "P3 top-d facing s"}
    assert lessons.unit_of(flown, seat=2) == {}


def test_two_instructors_and_the_crossbow():
    pair = lessons.to_movement(lessons.chief_board(skeletons=[("b2", "s", "instructor-1"),
                                                              ("b2", "e", "instructor-2"), ("b2", "n")]))
    assert lessons.moves_offered(pair) == ["P1 move b2 e instructor-2", "P1 move b2 n",
                                           "P1 move b2 s instructor-1", "P1 move-all"]
    pair, _ = GAME.apply(pair, "P1 move b2 e instructor-2")
    assert lessons.unit_of(pair) == {"instructor-2": ["green", "instructor-1"]}
    # facing the same way, they still make two moves: the player names the leader
    twins = lessons.to_movement(lessons.chief_board(skeletons=[("b2", "s", "instructor-1"),
                                                               ("b2", "s", "instructor-2")]))
    assert lessons.moves_offered(twins) == ["P1 move b2 s instructor-1", "P1 move b2 s instructor-2",
                                            "P1 move-all"]
    squad = [("d1", "s", "instructor"), ("d1", "e", "red"), ("d1", "w", "blue"), *[("a1", "s")] * 3]
    freed = lessons.chief_board(skeletons=squad, weapon="crossbow")
    for label in ("P1 hero b2", "P1 pass", "P1 move-all"):
        freed, _ = GAME.apply(freed, label)
    assert lessons.unit_of(freed) == {"instructor-1": ["red", "blue"]}
    for label in ("P1 hero a2", "P1 weapon use", "P1 shoot d2 instructor-1"):
        freed, _ = GAME.apply(freed, label)
    assert lessons.unit_of(freed) == {} and lessons.standing(freed, "d2") == ["red", "blue"]


def test_the_helpers_say_it_in_words():
    pair = lessons.to_movement(lessons.chief_board(skeletons=[("b2", "s", "instructor-1"),
                                                              ("b2", "e", "instructor-2"), ("b2", "n")]))
    pair, _ = GAME.apply(pair, "P1 move b2 e instructor-2")
    assert lessons.units_words(pair) == "instructor-2 leads green and instructor-1"
    assert lessons.units_words(lessons.chief_board(skeletons=[("b2", "s")])) == "none"
    drill = lessons.to_movement(lessons.chief_board(skeletons=UNIT))
    assert lessons.moves_words(drill) == "P1 move b2 e, P1 move b2 n, P1 move b2 s, P1 move-all"
    start = GAME.new(3, chiefs=True, seed=lessons.GAME_SEED)
    assert lessons.chiefs_words(start) == ("P1: artificer-2 at left-1, emperor at left-2"
                                           " | P2: nice-3 at right-1 | P3: spectral-2 at left-5")


# ---- exercises -----------------------------------------------------------------------------------------
def test_exercise_1_the_nice_chief_and_the_artificer():
    assert lessons.floors_after(["nice", "artificer", "nice-2"], floors=3) == 3
    assert lessons.floors_after(["artificer", "nice", "nice-2"], floors=3) == 3
    assert lessons.floors_after(["nice", "nice-2", "artificer"], floors=3) == 2   # the order matters
    assert lessons.floors_after(["artificer"], floors=4) == 2


def test_exercise_2_only_one_wall_turns_the_unit_away():
    assert lessons.unit_block_solutions() == ["P1 place wall b3 /"]
    assert lessons.judge_unit_block("p1  place wall b3 /")[0]
    ok, message = lessons.judge_unit_block("P1 place wall b3 \\")
    assert not ok and "tower has 0 of 4 floors" in message
    ok, message = lessons.judge_unit_block("P1 place catapult b3")
    assert not ok and "places a wall" in message
    ok, message = lessons.judge_unit_block("P1 place wall b2 /")
    assert not ok and "refused" in message and "bad_bones." in message
    end = march(lessons.unit_quiz(), 3)[-1][0].boards[0]
    assert end.floors == 0                                      # with no trap the unit takes the tower


def test_exercise_3_the_saboteur_in_a_unit_wrecks_the_wall():
    assert lessons.traps_left() == ["d2", "e4"]
    (after, events), = march(lessons.sabotage_quiz(), 1)
    assert after.boards[0].traps["d2"] == Trap("catapult", damaged=True)
    assert lessons.where(after, "saboteur-1") == "in the bag" and "wall" in after.boards[0].removed_traps
    assert any(e.kind == "sabotaged" for e in events)


def test_the_judges_work_through_the_one_checker():
    from bonekit.widgets.teaching import check
    assert check(3, lessons.floors_after(["nice", "artificer", "nice-2"], floors=3)).ok
    assert check("P1 place wall b3 /", lessons.judge_unit_block).ok
    assert not check("P1 place wall b3 \\", lessons.judge_unit_block).ok
    assert check({"e4", "d2"}, lessons.traps_left(), ordered=False).ok
    assert not check(["d2"], lessons.traps_left(), ordered=False).ok


# ---- the saboteur and the emperor examples --------------------------------------------------------------
def test_saboteurs_sent_away_still_go_back_to_the_bag_and_wreck_their_traps():
    from bonekit.games.bad_bones.scenarios import play_seat
    saboteurs = [("b2", "s", "saboteur-1"), ("d1", "s", "saboteur-3"), ("a5", "n", "saboteur-2")]
    riders = lessons.chief_board(players=3, skeletons=saboteurs, traps=[("catapult", "b3"), ("hearse", "d2")],
                                 others={1: [("a1", "e")]})
    riders, _ = play_seat(lessons.to_movement(riders), "P1 move b2 s", "P1 send p2", "P1 move d1 s",
                          "P1 send p3", "P1 move a5 n")
    assert [lessons.where(riders, n) for n in ("saboteur-1", "saboteur-2", "saboteur-3")] == \
        ["in the bag", "P1 a4 facing n", "in the bag"]   # the one that set off nothing stays
    assert sorted(riders.boards[0].removed_traps) == ["catapult", "hearse"]
    assert "hearse" not in riders.boards[2].supply


def test_the_emperor_examples():
    doom = lessons.to_movement(lessons.chief_board(players=2, skeletons=[("c2", "s", "emperor")],
                                                   others={1: [("a1", "e")]}))
    for label in ("P1 move c2 s", "P2 move-all"):
        doom, _ = GAME.apply(doom, label)
    assert doom.over and doom.boards[0].floors == 4 and GAME.outcome(doom).winners == (1,)
    bolt = lessons.chief_board(skeletons=[*[("b2", "s")] * 3, ("e5", "n", "emperor")], weapon="crossbow")
    for label in ("P1 hero b2", "P1 weapon use", "P1 shoot e5 emperor"):
        bolt, _ = GAME.apply(bolt, label)
    assert lessons.where(bolt, "emperor") == "out of the game" and bolt.boards[0].hero is None


# ---- the guided round, the bots' game, the lab ---------------------------------------------------------
def test_the_guided_round_plays_as_its_steps_say():
    from bonekit.widgets.lessons.bad_bones_chiefs import FIRST_CHIEF_ROUND
    from bonekit.widgets.teaching import GuidedTable
    start = GAME.new(3, chiefs=True, seed=lessons.GAME_SEED)
    assert lessons.chiefs_on(start)["P1"] == ["artificer-2 at left-1", "emperor at left-2"]
    table = GuidedTable(GAME, ["human", "guard", "guard"], steps=FIRST_CHIEF_ROUND, seed=lessons.GAME_SEED,
                        chiefs=True)
    for step in FIRST_CHIEF_ROUND:
        assert table.act(step.move), (step.move, table.status.value)
    assert table.finished and table.state.round == 2
    assert lessons.where(table.state, "emperor") == "P3 left-2 facing e"
    assert "instructor-1 at top-e" in lessons.chiefs_on(table.state)["P1"]
    drawn = [e for _, evs in table.history for e in evs if e.kind == "draw"]
    assert [len(e.data["drawn"]) for e in drawn] == [3, 3, 3]       # "three new skeletons to every board"


def test_the_bots_game_and_the_opening_picture():
    replay = lessons.bot_game(seed=lessons.STEPPER_SEED)
    assert replay.options == {"chiefs": True} and replay.states[-1].over
    found = lessons.highlights(replay)
    kinds = [text for _, _, text in found]
    assert len(found) == 6 and any("slays the Skeleton Emperor" in t and t.startswith("P1") for t in kinds)
    slain = next((step, rnd) for step, rnd, text in found if "slays" in text)
    assert slain == (333, 9)
    wrecked = next((step, rnd) for step, rnd, text in found if "Saboteur destroys" in text)
    assert wrecked == (332, 8) and replay.states[332].round == 9     # shown on round 9's first step
    shown = lessons.showcase(replay)
    assert shown.round == 8 and shown.phase == "move"
    on = lessons.chiefs_on(shown)
    assert on == {"P1": ["saboteur-1 at b2", "emperor at a2"], "P2": ["spectral-3 at e3"],
                  "P3": ["instructor-2 at left-4", "saboteur-3 at d1"]}


def test_study_records_and_tables():
    plain, chiefs = lessons.study_game(0, False), lessons.study_game(0, True)
    assert plain.chiefs is False and chiefs.chiefs is True and plain.rounds > 0
    assert set(plain.causes + chiefs.causes) <= {"tower", "village", "emperor"}
    assert lessons.study_game(0, True) == chiefs                            # deterministic
    made_up = [lessons.GameRecord(1, True, 6, ("emperor",), True),
               lessons.GameRecord(2, True, 10, ("tower",), False),
               lessons.GameRecord(1, False, 8, ("village", "tower"), False)]
    table = lessons.study_table(made_up)
    assert re.search(r"^without chiefs\s+1\s+8\.0\s+8\s+8\s+1 tower, 1 village$", table, re.M)
    assert re.search(r"^with chiefs\s+2\s+8\.0\s+6\s+10\s+1 tower, 1 emperor; in 1 game a hero fell",
                     table, re.M)
    assert lessons.still_going(made_up[:2], [6, 7, 10, 11]) == [(6, 1.0), (7, 0.5), (10, 0.5), (11, 0.0)]
