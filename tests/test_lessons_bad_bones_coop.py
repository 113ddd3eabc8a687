"""The co-op tutorial (notebooks/bad_bones/06_cooperative) and its staging module
bonekit.games.bad_bones.coop_lessons: the notebook shows every co-op catalog section, the staged
tables do what the prose says, the exercises' judges are right, and the lab's prose agrees with
the numbers saved in the notebook."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import bonekit
from bonekit.games.bad_bones import coop_lessons as lessons

GAME = bonekit.load("bad_bones")
NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "bad_bones" / "06_cooperative.ipynb"


@pytest.fixture(scope="module")
def nb():
    return nbformat.read(NOTEBOOK, as_version=4)


def _outputs(cell) -> str:
    text = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        text.append(out.get("text", "") if out.output_type == "stream" else data.get("text/plain", ""))
    return "\n".join(text)


def test_the_notebook_shows_every_co_op_catalog_section(nb):
    sources = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    sections = [s.id for s in GAME.rules if s.id.startswith("bad_bones.coop")]
    assert len(sections) >= 15
    missing = [s for s in sections if f'"{s}"' not in sources]
    assert not missing, missing


def test_exercises_have_placeholders_and_solutions_only_at_the_end(nb):
    exercises = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("answer = ...")]
    assert len(exercises) == 2
    for cell in exercises:
        assert "Not answered yet" in _outputs(cell)
    solutions = [i for i, c in enumerate(nb.cells) if "<details><summary>Solution" in c.source]
    assert solutions == [len(nb.cells) - 2]  # then only the link back to the first move
    assert "back to the first move" in nb.cells[-1].source


def test_a_tower_stops_one_skeleton_and_its_ruins_turn_the_others_north():
    state = lessons.to_movement(lessons.coop_board(skeletons={0: [("a2", "e")] * 3}))
    tokens = list(state.boards[0].skeletons)
    for _ in tokens:
        state, _ = GAME.apply(state, "P1 move a2 e")
    assert state.boards[0].towers == ("d2", "b4", "d4")
    assert [lessons.where(state, t) for t in tokens] == ["the bag", "P1's b2 facing n", "P1's b2 facing n"]
    assert lessons.ruins_facing() == "n" and lessons.ruins_survivors() == 2


def test_exercise_1_comes_before_the_example_that_answers_it(nb):
    # the example cell prints where the survivors end up: it must come after the exercise
    exercise = next(i for i, c in enumerate(nb.cells) if "lessons.ruins_survivors()" in c.source)
    example = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "P1 move a2 e" in c.source)
    assert exercise < example
    assert "2" not in _outputs(nb.cells[exercise]).replace("Not answered yet", "")
    solutions = nb.cells[-2].source
    assert '**`(2, "n")`.**' in solutions.split("Solution to exercise 1")[1].split("</details>")[0]


def test_the_staged_tables():
    state = lessons.coop_board(3, traps={0: [("catapult", "a1")]}, towers={1: ["b2"]}, capital=1,
                               starts={2: "b2"})
    assert state.phase == "hero" and state.boards[0].traps["a1"].kind == "catapult"
    assert state.shared.count("catapult") == 2 and state.boards[1].towers == ("b2",)
    assert state.capital == 1 and state.boards[2].hero == "b2"
    emperor = lessons.coop_board(skeletons={0: [("a2", "e", "emperor")]}, chiefs=True)
    state, _ = GAME.apply(lessons.to_movement(emperor), "P1 move a2 e")
    assert GAME.outcome(state).result == "defeat" and "Emperor" in GAME.outcome(state).summary


def test_the_rescue_judge_accepts_only_a_saving_move():
    assert lessons.judge_rescue("P1 hero c1")[0]
    assert lessons.judge_rescue(" p1 hero c1 ")[0]
    for wrong in ("P1 hero c2", "P1 hero d1", "P1 pass", "nonsense"):
        ok, message = lessons.judge_rescue(wrong)
        assert not ok and message


def test_the_won_and_lost_games_and_the_showcase():
    won = lessons.bot_game(lessons.WON_SEED)
    lost = lessons.bot_game(lessons.LOST_SEED)
    assert GAME.outcome(won.states[-1]).result == "victory"
    assert GAME.outcome(lost.states[-1]).result == "defeat"
    shown = lessons.showcase()
    assert shown.round == lessons.SHOWCASE_ROUND and shown.phase == "traps"
    # ruins in the opening picture, as its prose says: P1 4 of 4, P2 lost b2 and b4, P3 lost d4
    assert [b.towers for b in shown.boards] == [lessons.TOWERS, ("d2", "d4"), ("b2", "d2", "b4")]


def test_the_opening_prose_matches_the_opening_picture(nb):
    prose = nb.cells[2].source.replace("\n", " ")
    assert "P1's board still has all four of its towers; P2 has lost two and P3 one" in prose
    assert "b2 and b4 on P2's board, d4 on P3's" in prose
    alt = _outputs(nb.cells[1])
    assert "P1: 4 of 4 towers" in alt and "P2: 2 of 4 towers" in alt and "P3: 3 of 4 towers" in alt


def test_the_guided_round_plays_as_scripted():
    from bonekit.widgets.lessons.bad_bones import coop_first_round
    table = coop_first_round()
    assert table.seed == lessons.GAME_SEED and table.variant == "coop"
    assert not table.act("P1 start b2")
    for move, *_ in lessons.FIRST_ROUND:
        assert table.act(move), table.status.value
    assert table.finished and "walks into the hero" in table.status.value


def test_survival_records_and_tables():
    records = [lessons.survival(2, seed) for seed in range(4)]
    assert all(1 <= g.rounds <= 10 and g.won == (g.rounds == 10) for g in records)
    curve = lessons.survival_curve(records, range(1, 11))["2 players"]
    shares = [share for _, share in curve]
    assert curve[0] == (1, 1.0) and shares == sorted(shares, reverse=True)
    assert curve[-1][1] == sum(g.won for g in records) / 4
    assert lessons.survival_table(records).splitlines()[1].split()[:3] == ["2", "players", "4"]


def test_the_lab_prose_agrees_with_the_saved_numbers(nb):
    i = next(i for i, c in enumerate(nb.cells) if "lessons.survival(" in c.source)
    table = _outputs(nb.cells[i])
    won = {int(m[0]): int(m[1]) for m in re.findall(r"^(\d) players\s+20\s+(\d+)", table, re.M)}
    means = [float(m) for m in re.findall(r"^\d players\s+20\s+\d+\s+([\d.]+)", table, re.M)]
    fewest = [int(m) for m in re.findall(r"^\d players\s+20\s+\d+\s+[\d.]+\s+(\d+)", table, re.M)]
    prose = nb.cells[i + 2].source
    assert won == {2: 14, 3: 15, 4: 13, 5: 10, 6: 11}, won
    assert "in 14 and 15 games\nof 20, teams of 4 in 13, teams of 5 and 6 in 10 and 11" in prose
    assert f"between {min(means):.1f} and {max(means):.1f}" in prose
    assert min(fewest) == 7 and "no team fell before its eighth round" in prose
    curve = _outputs(nb.cells[i + 1])
    row8 = [int(v) for v in re.search(r"^8\s+(.*)$", curve, re.M).group(1).replace("%", "").split()]
    assert len(row8) == 5 and min(row8) >= 90
    assert "nine teams in ten or more were still\nstanding when round 9" in prose


# ---- the advanced co-op game and the chiefs: the staged tables of the notebook's last examples ----
def _play(state, *labels):
    for label in labels:
        state, _ = GAME.apply(state, label)
    return state


def test_the_artificer_brings_down_two_towers_and_burns_two_houses():
    state = lessons.artificer_table()
    assert state.phase == "move" and state.capital == 3 and state.boards[0].towers == lessons.TOWERS
    state = _play(state, "P1 move a2 e", "P2 move c1 n")
    assert state.boards[0].towers == ("b4", "d4") and state.capital == 1
    assert [b.towers for b in state.boards[1:]] == [lessons.TOWERS] * 2
    line = lessons.towers_left(state)
    assert "P1: b4, d4 |" in line and line.endswith("capital 1 of 3")
    # the next round's draws bring no chief (CHIEF_SEED): the picture shows the staged ones only
    chiefs = {c.token for c in GAME.data.chiefs}
    assert not chiefs & {t for b in state.boards for t in b.skeletons}


def test_the_nice_chief_spares_a_co_op_tower_and_rebuilds_a_house():
    state = lessons.nice_table()
    nice = [t for b in state.boards for t in b.skeletons]
    assert state.capital == 1 and state.capital_size == 2 and len(nice) == 2
    state = _play(state, "P1 move a2 e", "P2 move c1 n")
    assert [b.towers for b in state.boards] == [lessons.TOWERS] * 2 and state.capital == 2
    assert [lessons.where(state, t) for t in nice] == ["the bag", "the bag"]


def test_the_wand_takes_the_hero_only_to_a_standing_tower():
    state = lessons.wand_table()
    assert state.options.get("advanced") and state.boards[0].weapon == "teleportation_wand"
    assert state.boards[0].towers == ("b2", "d4") and state.shared == ["treasure"]
    assert state.boards[0].arrows != state.boards[1].arrows      # the staged ruins show their arrows
    state = _play(state, "P1 hero e5", "P1 weapon use")
    assert [a.label for a in GAME.legal_actions(state, 0)] == ["P1 tower b2", "P1 tower d4"]
    state = _play(state, "P1 tower b2")
    assert state.boards[0].hero == "b2" and state.phase == "hero" and GAME.to_move(state) == (1,)


def test_the_hearse_goes_back_to_the_team_s_supply():
    state = lessons.hearse_table()
    assert state.phase == "move" and state.shared == ["treasure"]
    assert state.boards[0].traps["a3"].kind == "hearse"
    (rider,) = state.boards[0].skeletons
    state = _play(state, "P1 move a2 s")
    assert [a.label for a in GAME.legal_actions(state, 0)] == ["P1 send p2", "P1 send p3"]
    state = _play(state, "P1 send p3")
    assert sorted(state.shared) == ["hearse", "treasure"] and "a3" not in state.boards[0].traps
    assert all(b.supply == [] for b in state.boards)
    assert lessons.where(state, rider).startswith("P3's")        # arrived at P3's, then into its forest


def test_the_notebook_shows_the_four_advanced_and_chief_examples(nb):
    cells = [c.source for c in nb.cells if c.cell_type == "code"]
    for staged in ("wand_table()", "hearse_table()", "artificer_table()", "nice_table()"):
        (cell,) = [c for c in nb.cells if c.cell_type == "code" and f"lessons.{staged}" in c.source]
        assert "render(game, state)" in cell.source and "image/png" in str(cell.outputs)
    assert any("P1 tower b2" in c for c in cells)


def test_exercise_1_states_the_ruins_arrows_of_the_data(nb):
    """The exercise gives the b2 ruins' arrows in words; they are the data file's (kit design)."""
    import json

    data = json.loads((Path(bonekit.__file__).parent / "games" / "bad_bones" / "data.json").read_text())
    arrows = {(a["moving"], a["turn"]) for a in data["coop"]["ruins"]["b2"]}
    assert arrows == {("e", "n"), ("s", "e")}
    text = " ".join(next(c.source for c in nb.cells if c.source.startswith("**Exercise 1.**")).split())
    assert "walking east turns north" in text and "walking south turns east" in text
