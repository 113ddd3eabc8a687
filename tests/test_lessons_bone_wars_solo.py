"""The staging behind notebooks/bone_wars/02_solo.ipynb (bonekit.games.bone_wars.solo_lessons):
Theodore's staged turns come out as the lesson tells them, his habits answer as shown, the
exercise judges agree with the engine, and the saved notebook shows every solo catalog section
and prose numbers that agree with its own outputs."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import bonekit
from bonekit.games.bone_wars import solo
from bonekit.games.bone_wars import solo_lessons as lessons
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.state import THEODORE
from test_lessons_bone_wars import joined, outputs  # the saved notebook's cells as text

game = bonekit.load("bone_wars")
D = components()
NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "bone_wars" / "02_solo.ipynb"
FOSSIL = lessons.species_of_icon("fossil")


def texts(events):
    return [e.text for e in events]


# ---- setup ------------------------------------------------------------------------------------------------

def test_theodore_took_the_card_award_a_needs_and_the_guided_setup_plays_through():
    state = game.new(1, "solo", seed=lessons.TABLE_SEED)
    offer = lessons.offered(state)
    assert offer[0] == "eryops" and offer[0] in state.boards[THEODORE].hand
    assert solo.species_order(state, offer)[0] == "eryops"
    assert state.awards[0] == "a-cope-1" and D.species["eryops"].by == "cope"
    assert [D.species[c].by for c in offer[1:]] == ["leidy", "leidy"]        # the only Cope card
    for step in lessons.SETUP_STEPS:
        legal = {a.label for a in game.legal_actions(state, 0)}
        assert step["move"] in legal and set(step["hints"]) <= legal         # hints name real moves
        state, events = game.apply(state, step["move"])
    me, him = state.boards[0], state.boards[THEODORE]
    assert me.money == 9 and "foulke-2" in me.hand                           # row 1: $4 and the card
    assert him.profession == (2, 1) and him.university == 4 and him.patron == "cope"
    assert any("upgrades: basic-" in t for t in texts(events))
    assert state.phase == "turn" and game.to_move(state) == (0,)


def test_every_other_allowed_setup_move_has_its_own_reason():
    from html import escape

    from bonekit.widgets.lessons.bone_wars import SOLO_SETUP, SOLO_SETUP_SEED
    from bonekit.widgets.teaching import GuidedTable
    t = GuidedTable(game, ["human"], variant="solo", steps=SOLO_SETUP, seed=SOLO_SETUP_SEED)
    for step in lessons.SETUP_STEPS:
        for label in [a.label for a in game.legal_actions(t.state, 0)]:
            if label != step["move"]:
                assert not t.act(label) and escape(step["hints"][label]) in t.status.value, label
        assert t.act(step["move"])
    assert t.finished


def test_words_for_theodore():
    state = game.new(1, "solo", seed=lessons.TABLE_SEED)
    assert lessons.his_species_order(state) == "Eryops, Merycoidodon and Trachodon"
    assert lessons.his_facts(state, "money") == f"Theodore: ${state.boards[THEODORE].money}"
    pile = lessons.upgrade_pile("expert").split(", ")
    upgrades = game.new(1, "solo", seed=lessons.TABLE_SEED, level="expert").solo_upgrades
    assert pile[0] == upgrades[-1] and sorted(pile) == sorted(upgrades)      # the next card first
    assert [lessons.tie_words(h) for h in (None, 58, 54)] == [
        "your head not given → a shared win", "your head 58 cm → you win", "your head 54 cm → Theodore wins"]
    assert lessons.award_lines(state)[0] == "award A (a-cope-1): a species described by Cope"


def test_opening_is_a_round_2_table_with_solo_cards_in_theodores_slots():
    state = lessons.opening()
    assert state.round == 2 and game.to_move(state) == (0,) and state.turn is None and not state.pending
    played = [c for c in state.boards[THEODORE].played if c]
    assert len(played) == 3 and all(c.split("-")[0] in ("basic", "advanced", "expert") for c in played)
    assert sum(1 for c in state.boards[0].played if c) == 2


def test_card_lines_cover_every_card_of_each_level():
    for level, n in (("basic", 12), ("advanced", 6), ("expert", 6)):
        lines = lessons.card_lines(level)
        assert len(lines) == n and all(line.startswith(f"{level}-") for line in lines)
    assert "team 2 AP, digs to top" in lessons.card_lines()[1]                # basic-2's back
    assert "loop twice" in lessons.card_line(next(c for c in D.solo_cards if c.twice))


# ---- his turns -----------------------------------------------------------------------------------

def test_staged_turn_stacks_his_deck():
    state = lessons.staged_turn("basic-3", "basic-2", hand=[FOSSIL], crates=["tail"], money=4)
    base = lessons.first_turn(0)
    assert state.solo_deck[-2:] == ["basic-2", "basic-3"]                     # the top is the end
    assert sorted(state.solo_deck) == sorted(base.solo_deck)                  # the same cards, restacked
    b = state.boards[THEODORE]
    assert b.hand == [FOSSIL] and b.crates == ["tail"] and b.money == 4 and state.current == THEODORE


def test_a_paleontologist_back_sends_him_to_the_minor_find():
    before = lessons.staged_turn("basic-3", "basic-1", hand=[FOSSIL], crates=["torso", "tail", "carnivore"])
    after, events = lessons.theodore_turn(before)
    said = texts(events)
    assert "the next card's back shows a paleontologist" in said[0]
    assert said[1] == "Theodore's paleontologist goes to find."
    b = after.boards[THEODORE]
    assert b.paleo == "find" and FOSSIL in b.archive["A"] and b.team == before.boards[THEODORE].team
    assert b.covers == 2 and any("crates are full" in t for t in said)       # the prose's full crates
    assert before.boards[THEODORE].hand == [FOSSIL]                           # staging is not mutated


def test_a_team_back_with_a_matching_species_uses_the_slot_else_the_back():
    with_prize, events = lessons.theodore_turn(lessons.staged_turn("basic-3", "basic-2", hand=[FOSSIL]))
    said = texts(events)
    assert any("discards Antrodemus for its prize" in t for t in said)
    spent = [t for t in said if "base camp" in t or "excavates" in t or "digs up" in t]
    assert len(spent) == lessons.team_ap(1, "basic-2", [FOSSIL]) == 1
    plain, events = lessons.theodore_turn(lessons.staged_turn("basic-3", "basic-2"))
    spent = [t for t in texts(events) if "base camp" in t or "excavates" in t or "digs up" in t]
    assert len(spent) == lessons.team_ap(1, "basic-2", []) == 2
    assert "excavates" in spent[1] and plain.boards[THEODORE].hand


def test_exercise_1_judge():
    assert D.species["anchisaurus"].find == D.action_slots[2].find == "hammer"
    assert lessons.team_ap(3, "basic-6", ["anchisaurus"]) == 2
    assert lessons.team_ap(3, "basic-6", []) == 3
    with pytest.raises(ValueError, match="paleontologist"):
        lessons.team_ap(1, "basic-1", [])


# ---- his habits ----------------------------------------------------------------------------------

def test_habits_are_the_catalog_bullets():
    rows = lessons.habits(game.rules)
    bullets = game.rules["bone_wars.solo.changes"].text.count("\n- ") + 1
    assert len(rows) == bullets == 8 and all(topic and habit for topic, habit in rows)
    assert dict(rows)["Rare bones"].startswith("the kind least present")


def test_rare_cover_and_full_crates_habits():
    assert lessons.rare_pick({"claw": 1}) == "he takes a claw"
    assert lessons.rare_pick({"claw": 1, "carnivore": 1}) == "he takes a carnivore skull"  # skull, limb
    assert lessons.cover_pick(3) == "he takes $2" and lessons.cover_pick(7) == "he takes 1 RP"
    after, events = lessons.full_crates(["torso", "tail", "paw", "claw"], 3, "wing")
    assert after.boards[THEODORE].covers == 2 and len(after.boards[THEODORE].crates) == 5
    assert after.boards[THEODORE].rp == 0 and any("no bonus" in t for t in texts(events))
    ten = ["torso"] * 4 + ["tail"] * 3 + ["carnivore"] * 3
    wing, _ = lessons.full_crates(ten, 0, "wing")
    swapped = ["torso"] * 3 + ["tail"] * 3 + ["carnivore"] * 3 + ["wing"]
    assert sorted(wing.boards[THEODORE].crates) == sorted(swapped)
    tail, _ = lessons.full_crates(ten, 0, "tail")
    assert sorted(tail.boards[THEODORE].crates) == sorted(ten)


# ---- passing and the end -------------------------------------------------------------------------

def test_passing_when_he_cannot_pay():
    before = lessons.passing()
    after, events = lessons.theodore_turn(before)
    said = texts(events)
    assert said[0] == "Theodore passes." and after.passed[THEODORE]
    assert after.boards[THEODORE].university is not None
    assert len([c for c in after.boards[THEODORE].hand if c in D.species]) >= 1


def test_ties_and_exercise_2_judge():
    assert solo.who_wins(lessons.tie(9), None) == (0, THEODORE)
    heads = (None, 58, 55, D.head_cm)
    assert [lessons.tie_winner(h) for h in heads] == ["shared", "you", "Theodore", "shared"]
    # exercise 2: the archive count comes before the heads
    assert lessons.tie_winner(60, (2, 3)) == "Theodore" and lessons.tie_winner(None, (3, 2)) == "you"
    solutions = "".join(json.loads(NOTEBOOK.read_text())["cells"][-2]["source"])
    assert "**Theodore.**" in solutions.split("Solution to exercise 2")[1]
    # the prose's level game (LEVEL_SEED: re-found when the teams' step off the universities
    # at the start of each round changed the games, again for the economy of issue 21, and
    # again when Theodore's solo cards were calibrated against the planner)
    final, _ = lessons.bot_game(lessons.LEVEL_SEED)
    assert game.outcome(final).winners == (0, THEODORE)
    final, _ = lessons.bot_game(lessons.LEVEL_SEED, head_cm=58)
    assert game.outcome(final).winners == (0,)


def test_lab_summary_counts():
    ms = [lessons.Match(0, "advanced", 5, 9, (THEODORE,)), lessons.Match(1, "advanced", 7, 7, (0, THEODORE)),
          lessons.Match(2, "advanced", 9, 4, (0,))]
    s = lessons.lab_summary(ms)
    assert s == {"games": 3, "bot_rp": 7.0, "theodore_rp": 6.7,
                 "bot_wins": 1, "theodore_wins": 1, "shared": 1}
    # re-measured after Theodore's solo cards were calibrated against the planner (issue 21):
    # seed 3 is Theodore's, 50 RP to 28; seed 15 is one of the two advanced lab games the
    # ScholarBot wins, 24 RP to 22 (seed 11, the bot's 40 to 34 before, is now Theodore's)
    m = lessons.match(15, "advanced")
    assert (m.bot_rp, m.theodore_rp, m.winners) == (24, 22, (0,)) and m.bot_won
    m = lessons.match(3, "advanced")
    assert (m.bot_rp, m.theodore_rp, m.winners) == (28, 50, (THEODORE,)) and not m.bot_won


# ---- the saved notebook --------------------------------------------------------------------------

def cells():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def prose():
    return "\n".join(joined(c["source"]) for c in cells() if c["cell_type"] == "markdown")


def test_the_notebook_shows_every_solo_section():
    shown = "\n".join(outputs(c) for c in cells())
    ids = [r for r in game.rules.ids() if r == "bone_wars.solo" or r.startswith("bone_wars.solo.")]
    ids += ["bone_wars.ruling.solo_cards", "bone_wars.ruling.ties"]
    assert len(ids) >= 10
    assert [r for r in ids if f"`{r}`" not in shown] == []


def test_no_python_structures_or_staging_in_sight():
    code = [c for c in cells() if c["cell_type"] == "code"]
    shown = "\n".join(outputs(c) for c in code)
    assert not re.search(r"\['[a-z_-]+'|\(\d+, \d+\)|winners: \(", shown)
    sources = "\n".join(joined(c["source"]) for c in code)
    for internal in ("assert ", "Step(", "THEODORE", ".boards[", "solo.who_wins", "solo.species_order"):
        assert internal not in sources, internal


def test_the_notebook_ran_without_errors_and_exercises_wait():
    nb = cells()
    code = [c for c in nb if c["cell_type"] == "code"]
    assert code and all(c.get("execution_count") for c in code)
    assert not any(o.get("output_type") == "error" for c in code for o in c.get("outputs", []))
    exercises = [c for c in code if "answer = ..." in joined(c["source"])]
    assert len(exercises) == 2 and all("Not answered yet" in outputs(c) for c in exercises)
    # the solutions come last, before only the link back to the first move
    assert "back to the first move" in joined(nb[-1]["source"])
    last = joined(nb[-2]["source"])
    assert last.startswith("## Solutions") and last.count("<details>") == 2
    assert "**2.**" in last and "**Theodore.**" in last                       # the judges' answers


def test_prose_numbers_agree_with_the_saved_outputs():
    nb = cells()
    lab = next(outputs(c) for c in nb if "lab = {}" in joined(c["source"]))
    rows = dict(
        (m[0], tuple(float(x) for x in m[1:]))
        for m in re.findall(
            r"(\w+): Theodore won (\d+), the ScholarBot (\d+), shared (\d+) \(of 20\) · "
            r"mean RP: Theodore ([\d.]+), ScholarBot ([\d.]+)", lab)
    )
    assert set(rows) == {"advanced", "expert"}
    (at, ab, ash, atr, abr), (et, eb, esh, etr, ebr) = rows["advanced"], rows["expert"]
    text = " ".join(prose().split())
    assert f"Theodore won {at:g} of the 20 games at the advanced level and {et:g} at the expert level" in text
    assert f"the ScholarBot won {ab:g} and {eb:g} outright" in text
    shared = ("no game was shared" if ash == esh == 0 else f"{ash:g} and {esh:g} games were shared")
    assert shared in text
    assert f"{atr:g} RP against the bot's {abr:g} at the advanced level, and {etr:g} against {ebr:g}" in text
    change = abs(etr - atr)
    assert (f"cards change his mean by only {change:.1f} RP" if change >= 0.05
            else "cards leave his mean where it was") in text
    more = {1: "one game", 2: "two games", 3: "three games"}
    assert (f"win him {more[et - at]} more" if et > at else f"win him {more[at - et]} fewer" if et < at
            else "win him no more games") in text
    # the upgrades paragraph: the loop twice and the round bonus first only on the expert cards,
    # whose team backs give more action points than the advanced ones
    adv, exp = lessons.card_lines("advanced"), lessons.card_lines("expert")
    assert not any("loop twice" in x or "round bonus" in x for x in adv)
    assert any("loop twice" in x for x in exp) and any("round bonus" in x for x in exp)
    assert (
        "only on the expert cards does he run the paleontologist loop twice or take the round bonus first"
        in text
    )
    ap = {lv: [c.back["ap"] for c in D.solo_cards if c.level == lv and c.back["kind"] == "team"]
          for lv in ("advanced", "expert")}
    assert max(ap["advanced"]) < min(ap["expert"])
    assert "The expert team backs give him more action points than the advanced ones" in text
    assert f"the seed-{lessons.LEVEL_SEED} game does" in text                   # the level game's seed
    # the setup and the tie paragraphs
    shown = "\n".join(outputs(c) for c in nb)
    assert "Theodore: profession row 2, column 1 · university space 4 · patron Cope" in shown
    assert "highest free space of **Cope's** university" in text
    # the level game is told as a tie, with the tie-break that settles it (issue 20, item 11)
    tie = re.search(r"head_cm None → P1 and Theodore tie at (\d+) RP with (\d+) archived species "
                    r"cards each and no head size given \(bone_wars.ruling.ties\): they share the win", shown)
    assert tie, "the level game's shared win"
    assert (f"head_cm 58 → P1 and Theodore tie at {tie[1]} RP with {tie[2]} archived species cards each; "
            "the tie-break (bone_wars.ruling.ties) goes to the larger head: P1 wins, 58 cm to "
            "Theodore's 56 cm.") in shown
    assert "beats Theodore, 8 RP to 8" not in shown and not re.search(r"(\d+) RP to \1\b", shown)
