"""The teaching helpers: the one exercise checker, guided moves, progress, charts, narration."""
from __future__ import annotations

import base64
import io
import json
import re
import sys
from pathlib import Path

import pytest
from PIL import Image

import bonekit
from bonekit.widgets.teaching import (
    GuidedTable,
    Progress,
    Step,
    bar_chart,
    check,
    line_chart,
    play,
    progress,
    refuse,
    show,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


# ---- check ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("answer, expected, kw", [
    ("  Seven ", "seven", {}),
    ("p1  PLAY 7.", "P1 play 7", {}),
    ("7", 7, {}),
    (7.0, 7, {}),
    ("50%", 0.5, {}),
    (0.3334, 1 / 3, {"tol": 0.001}),
    ([2, "a"], ["A", 2], {"ordered": False}),
    ({"P1", "p2"}, {"P2", "P1"}, {}),
    ("yes", True, {}),
    ({"p1": 3}, {"P1": 3}, {}),
    (3, lambda x: x > 2, {}),
])
def test_check_accepts_what_does_not_matter(answer, expected, kw):
    verdict = check(answer, expected, **kw)
    assert verdict.ok and verdict.line.startswith("✓ Right!")


@pytest.mark.parametrize("answer, expected, kw", [
    ("six", "seven", {}),
    ("8", 7, {}),
    (True, 1, {}),                      # a truth value is not a number
    (0.34, 1 / 3, {}),
    ([2, "a"], ["A", 2], {}),           # ordered by default
    ([1, 2, 2], [1, 2], {"ordered": False}),
    ("maybe", True, {}),
    ({"P1": 4}, {"P1": 3}, {}),
    (1, lambda x: x > 2, {}),
])
def test_check_refuses_wrong_answers_with_the_hint(answer, expected, kw):
    verdict = check(answer, expected, hint="look again", **kw)
    assert not verdict.ok and verdict.answered
    assert verdict.line.startswith("✗ Not quite.") and verdict.line.endswith("Hint: look again")


def test_check_never_raises_and_says_what_went_wrong():
    def broken(_):
        return 1 / 0

    verdict = check(broken, lambda f: f(2) == 4, hint="divide by something else")
    assert not verdict.ok
    assert "ZeroDivisionError" in verdict.line and "Hint: divide" in verdict.line


def test_unanswered_placeholder_and_judge_messages():
    waiting = check(..., 3, hint="count the houses")
    assert not waiting.ok and not waiting.answered and waiting.line.startswith("…")
    assert "count the houses" in waiting.line
    judged = check(5, lambda x: (x == 5, "five houses stand"), explain="The tower fell first.")
    assert judged.line == "✓ Right! five houses stand The tower fell first."
    bundle = judged._repr_mimebundle_()
    assert bundle["text/plain"] == judged.line and 'role="status"' in bundle["text/html"]


# ---- narration -----------------------------------------------------------------------------------
def test_play_show_and_refuse(capsys):
    game = bonekit.load("bone_to_pick")
    state = game.new(2, seed=1)
    after = play(game, state, "P1 play 7", "P2 play 3")
    out = capsys.readouterr().out
    assert after is not state and after.turn == state.turn + 1
    assert all(" | " in line for line in out.splitlines()) and out.count("\n") >= 2
    s1, first = game.apply(state, "P1 play 7")
    _, second = game.apply(s1, "P2 play 3")
    secret = [e.visible_to for e in (*first, *second)]
    marks = [line.split("[seen by ")[1] if "[seen by" in line else None for line in out.splitlines()]
    assert marks == [None if v is None else f"P{v[0] + 1} only]" for v in secret]
    assert "P1 only]" in marks                                    # P1's face-down card is a secret
    stuck = play(game, state, "P1 play 7", "P1 play 7")   # the 7 is face down, not in hand
    assert "✗ P1 play 7: refused:" in capsys.readouterr().out
    assert stuck.turn == state.turn                          # stopped after the first label
    assert refuse(game, state, "P1 play 42") is True
    assert refuse(game, state, "P1 play 7") is False
    out = capsys.readouterr().out
    assert "✗ P1 play 42:" in out and "(rule bone_to_pick." in out and "✓ P1 play 7: allowed" in out
    show(game.apply(state, "P1 play 7")[1], kinds=["nothing"])
    assert capsys.readouterr().out == ""


# ---- guided moves --------------------------------------------------------------------------------
def guided():
    steps = [Step("P1 play 7", "Play your 7.", "The 7 is down.", hints={"P1 play 1": "A 1 wins nothing."}),
             Step("P1 play 5", "Now play a 5.")]
    return GuidedTable("bone_to_pick", ["human", "careful", "careful"], steps, seed=1)


def test_guided_table_waits_for_the_named_move():
    t = guided()
    assert t.expected.label == "P1 play 7" and "Move 1 of 2" in t.guide.value
    assert not t.act("P1 play 1")                          # legal, but not the lesson's move
    assert t.actions == []
    # One feedback line, the status line, with the step's hint; the guide box does not repeat it.
    assert "A 1 wins nothing." in t.status.value and "asks for P1 play 7" in t.status.value
    assert "A 1 wins nothing." not in t.guide.value and "Move 1 of 2" in t.guide.value
    assert not t.act("P1 play 3")                          # legal, no particular hint: a reason still
    assert t.actions == [] and "asks for P1 play 7" in t.status.value
    assert "The lesson needs its move to show what comes next" in t.status.value
    assert not t.act("P2 play 3")                          # a bot's seat: the Table says whose it is
    assert t.actions == [] and "bot" in t.status.value and "asks for" not in t.status.value
    assert not t.act("P1 play 12")                         # illegal: the engine's reason and rule
    assert t.actions == [] and "rule bone_to_pick." in t.status.value
    t.click(-10, -10)                                      # nothing there: the lesson's move named
    assert "The lesson&#x27;s move now: P1 play 7" in t.status.value
    assert t.act("p1  PLAY 7")                             # any case and spacing
    assert t.actions[0] == "P1 play 7" and len(t.actions) == 3  # the two bots answered
    assert "The 7 is down." in t.guide.value and "Move 2 of 2" in t.guide.value
    assert t.act("P1 play 5") and t.finished and "Guided moves done (2 of 2)" in t.guide.value
    assert t.act("P1 play 0")                              # free play afterwards
    assert t.summary().startswith("GuidedTable(") and t.summary().endswith("[guided moves done]")


# ---- progress ------------------------------------------------------------------------------------
def test_progress_counts_and_saves_its_final_state(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    assert list(progress(range(5), desc="games")) == [0, 1, 2, 3, 4]
    bar = shown[0]
    assert isinstance(bar, Progress) and bar.bar.value == 5 and bar.count.value == "5/5 done"
    assert bar._repr_mimebundle_()["text/plain"] == "games: 5/5 done"
    shown.clear()
    assert list(progress(iter("abc"), desc="steps", total=4)) == ["a", "b", "c"]
    assert shown[0].count.value == "3/3 done"               # fewer than announced: the bar says so


def test_progress_bar_is_simulates_callback(monkeypatch):
    from bonekit.widgets.teaching import progress_bar

    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    bar = progress_bar(9, desc="solo games")
    results = bonekit.simulate("bone_to_pick", "solo", players=1, variant="solo", games=9, chunk=4,
                               progress=bar)
    assert shown == [bar] and len(results) == 9
    assert bar.count.value == "9/9 done" and repr(bar) == "solo games: 9/9 done"


# ---- charts --------------------------------------------------------------------------------------
def test_bar_chart_is_deterministic_with_png_and_a_text_table():
    rows = {"2 players": {"careful": 0.5, "random": 0.25}, "3 players": {"careful": 0.4, "random": 0.2}}
    a = bar_chart(rows, title="Wins", ylabel="win rate", fmt="{:.0%}")
    b = bar_chart(rows, title="Wins", ylabel="win rate", fmt="{:.0%}")
    assert a.svg == b.svg and a.png == b.png and a.svg.startswith("<?xml")
    assert a.table.splitlines() == ["           careful  random", "2 players      50%     25%",
                                    "3 players      40%     20%"]
    bundle = a._repr_mimebundle_()
    image = Image.open(io.BytesIO(base64.b64decode(bundle["image/png"])))
    assert image.size == (700, 320)
    assert bundle["text/plain"].startswith("Wins\n") and "50%" in bundle["text/plain"]
    assert 'hatch' in a.svg or a.svg.count("<path") > 20    # the second series is hatched


def test_line_chart_table_lists_every_x():
    c = line_chart({"2 players": [(1, 1.0), (3, 0.5)], "3 players": [(1, 0.9), (2, 0.6)]},
                   title="Survival", xlabel="round", fmt="{:.0%}")
    assert c.table.splitlines() == ["round  2 players  3 players", "1           100%        90%",
                                    "2              –        60%", "3            50%          –"]


def test_start_page_status_lists_every_game_and_counts_in_words():
    from bonekit.widgets.lessons.start import kit_status, player_range

    assert player_range([2, 3, 4, 5, 6]) == "2–6" and player_range([4, 6, 8]) == "4, 6, 8"
    assert player_range([1]) == "1"
    text = kit_status()
    assert "Bone to Pick: ready" in text and "Rolled Bones: ready" in text
    assert "Bone Wars: ready" in text and "still to come" not in text
    assert "    basic      2–4 players" in text.splitlines()
    assert "    arena      2–6 players\n" in text
    assert "    solo       1 player\n" in text and "(s)" not in text



def test_start_page_first_move_and_replay_round_trip():
    from bonekit import Replay, play_out
    from bonekit.games.bone_to_pick import CarefulBot
    from bonekit.widgets.lessons.start import first_move

    table = first_move()
    assert not table.act("P1 play 12") and table.actions == []
    assert table.act("P1 play 7") and table.finished and len(table.state.history) == 1
    game = bonekit.load("bone_to_pick")
    final, actions = play_out(game, game.new(players=3, seed=2), {s: CarefulBot(seed=s) for s in range(3)})
    replay = Replay("bone_to_pick", players=3, seed=2, actions=[a.label for a in actions])
    again = Replay.from_json(replay.to_json())
    assert again.actions == replay.actions and again.final_state().history == final.history
    assert game.outcome(final).titles == {0: "Scapegoat"}     # the start page's Stepper: P1 is blamed


# ---- what a learner sees in the notebooks: no internals ----------------------------------------
# Checks that keep a notebook honest live in the lesson tests; staging lives in the package;
# outputs are words and pictures (issue 20, item 10). These notebooks are held to it:
CLEAN_NOTEBOOKS = [
    "00_start_here.ipynb",
    "bone_to_pick/01_learn_to_play.ipynb",
    "bone_to_pick/02_campaign.ipynb",
    "bone_to_pick/03_epic_and_teams.ipynb",
    "bone_to_pick/04_solo_and_coop.ipynb",
    "bone_to_pick/05_strategy_lab.ipynb",
    "bad_bones/01_learn_to_play.ipynb",
    "bad_bones/02_solo.ipynb",
    "bad_bones/03_trap_lab.ipynb",
    "bad_bones/04_advanced.ipynb",
    "bad_bones/05_skeleton_chiefs.ipynb",
    "bad_bones/06_cooperative.ipynb",
]
RAW = re.compile(r"\(\(\d|\b[A-Z]\w+\(\w+=|\[\('|\{'|\[\d+, \d|\{\d+: |\['|\[\[|\(\)|\{\}"
                 r"|(^|: )\(\d+, |^(True|False|None)$")


def internals(path):
    """What of ``path``'s code cells and saved outputs shows internals, as (cell, what) pairs."""
    nb = json.loads((NOTEBOOKS / path).read_text(encoding="utf-8"))
    found = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        if "solutions honest" in source:      # a check cell: it belongs in the lesson tests
            found.append((i, source.splitlines()[0]))
        for line in source.splitlines():
            if re.match(r"\s*assert\b", line) or "Step(" in line:
                found.append((i, line.strip()))
            if re.match(r"\s*from bonekit\.widgets\.lessons\.\w+ import .*\b[A-Z][A-Z_]{3,}\b", line):
                found.append((i, line.strip()))
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                text = "".join(out["text"])
            elif set(out.get("data", {})) == {"text/plain"}:
                text = "".join(out["data"]["text/plain"])
            else:
                continue
            found += [(i, line) for line in text.splitlines() if RAW.search(line)]
    return found


@pytest.mark.parametrize("path", CLEAN_NOTEBOOKS)
def test_notebooks_show_no_asserts_staging_or_raw_python_data(path):
    assert internals(path) == []


def test_the_internals_check_sees_what_it_should(tmp_path, monkeypatch):
    cells = [{"cell_type": "code", "source": src, "outputs": outs} for src, outs in [
        ("assert 1 == 1", []),
        ("from bonekit.widgets.lessons.bone_to_pick import FIRST_MOVES", []),
        ("x", [{"output_type": "stream", "text": "units: {'a': 1}\n"}]),
        ("y", [{"output_type": "execute_result", "data": {"text/plain": "True"}}]),
        ("z", [{"output_type": "stream", "text": "hands: [[1, 2], [3]]\nrule | P1 may: ['a', 'b']\n"}]),
        ("lessons.first_moves()", [{"output_type": "stream", "text": "P1 may play: P1 play 7, P1 play 0\n"}]),
    ]]
    (tmp_path / "x.ipynb").write_text(json.dumps({"cells": cells}), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "NOTEBOOKS", tmp_path)
    assert [i for i, _ in internals("x.ipynb")] == [0, 1, 2, 3, 4, 4]
