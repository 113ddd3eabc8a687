"""The studies behind notebooks/bone_wars/03_strategy_lab.ipynb (bonekit.games.bone_wars.studies):
the lab's game is the game ``simulate`` plays, the diary counts what the measures module counts,
what-ifs agree with the scoring arithmetic done by hand, the planner's figures are what the
planner uses, and the notebook's exercises are answered by its own solutions."""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

import bonekit
from bonekit.games.bone_wars import studies
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.measures import measure_game
from bonekit.games.bone_wars.planner import horizons, paper_worth
from bonekit.games.bone_wars.state import PATRONS, rival
from bonekit.games.bone_wars.turn import DEBUNK_LOYALTY, PAPER_LOYALTY, debunk_targets
from bonekit.widgets.teaching import check

game = bonekit.load("bone_wars")
MULT = components().loyalty.multipliers
TOP = len(MULT) - 1
NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "bone_wars" / "03_strategy_lab.ipynb"


@cache
def lab() -> studies.Timeline:
    return studies.lab_game()


@cache
def study(games: int = 3, workers: int = 1) -> tuple[studies.GameFacts, ...]:
    return tuple(studies.economy_study(games, workers=workers))


def shelves_with_papers(state, patron) -> int:
    """Credibility counted by hand: shelves holding a paper in a player's colour (value > 0)."""
    return sum(1 for shelf in state.shelves[patron] if any(v not in (None, 0) for v in shelf))


def scoring_by_hand(state, seat, loyalty=None) -> int:
    level = loyalty or state.boards[seat].loyalty
    return sum(MULT[min(level[p], TOP)] * shelves_with_papers(state, p) for p in PATRONS)


def tables(every: int = 9):
    """Tables along the lab game, in rounds 1-4, every ``every`` steps."""
    return [s.before for s in lab().steps[::every] if s.before.phase == "turn"]


# ---- one game, move by move -----------------------------------------------------------------------
def test_the_lab_game_is_the_game_simulate_plays_and_replays_from_its_labels():
    tl = lab()
    fast, _ = game.playout(game.new(2, seed=studies.LAB_SEED), studies.planner_table(2, studies.LAB_SEED))
    row = bonekit.simulate("bone_wars", "planner", games=1, seed=studies.LAB_SEED, players=2).rows[0]
    assert game.text(tl.final) == game.text(fast)
    assert row["scores"] == tuple(b.rp for b in tl.final.boards)
    state = game.new(2, seed=studies.LAB_SEED)
    for label in tl.labels():
        state, _ = game.apply(state, label)
    assert game.is_over(state) and game.text(state) == game.text(tl.final)
    # each step's table is the one before its action: stepping it reaches the next step's table
    for i in (0, 50, len(tl.steps) - 2):
        nxt = tl.steps[i].before.copy()
        game.step_fast(nxt, tl.steps[i].action)
        assert game.text(nxt) == game.text(tl.after(i))


def test_the_mid_scoring_table_is_the_table_the_mid_scoring_paid_on():
    tl = lab()
    mid = tl.scoring_table("mid")
    i = tl.first(lambda s: s.before.round >= 3)
    assert tl.steps[i].before is mid and mid.round == 3 and tl.steps[i - 1].before.round == 2
    assert list(studies.score_now(mid)) == tl.final.scored["mid"]
    assert list(studies.score_now(tl.scoring_table("final"))) == tl.final.scored["final"]
    assert [e.data["rp"] for e in tl.events(["score"])] == tl.final.scored["mid"] + tl.final.scored["final"]
    for seat in range(2):
        assert studies.score_now(mid)[seat] == scoring_by_hand(mid, seat)


def test_the_key_pass_is_a_real_choice_before_the_mid_scoring():
    tl = lab()
    i = tl.key_pass()
    step = tl.steps[i]
    assert step.action.verb == "university" and step.before.round <= 2
    options = studies.university_options(step.before, step.action.seat)
    assert {o.patron for o in options} == set(PATRONS)
    later = [j for j, s in enumerate(tl.steps)
             if j > i and s.action.verb == "university" and s.before.round <= 2
             and {o.patron for o in studies.university_options(s.before, s.action.seat)} == set(PATRONS)]
    assert not later


def test_the_planner_takes_the_university_it_rates_highest():
    tl = lab()
    seen = 0
    for s in tl.steps:
        if s.action.verb != "university":
            continue
        options = studies.university_options(s.before, s.action.seat)
        chosen = next(o for o in options if o.space == int(s.action.args[0]))
        assert chosen.value == pytest.approx(max(o.value for o in options))
        universities = {u.space: u.patron for u in components().universities}
        assert all(o.patron == universities[o.space] for o in options)
        seen += 1
    assert seen >= 6  # every pass of rounds 1-3, two seats


def test_two_player_shelves_keep_one_spot_open_on_each_shelf():
    # the notebook says each of a half's first six papers opens a shelf at two players
    start = game.new(2, seed=0)
    for patron in PATRONS:
        assert len(start.shelves[patron]) == 6
        assert all(shelf.count(None) == 1 for shelf in start.shelves[patron])


# ---- what a loyalty step is worth --------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3])
def test_steps_now_is_the_multiplier_rise_times_credibility_at_each_scoring_left(n):
    checked = 0
    for t in tables():
        for seat in range(2):
            for p in PATRONS:
                level = t.boards[seat].loyalty[p]
                if level + n > TOP:
                    continue
                scorings = 2 if t.round <= 2 else 1
                by_hand = (MULT[level + n] - MULT[level]) * shelves_with_papers(t, p) * scorings
                assert studies.steps_now(t, seat, p, n) == by_hand
                checked += 1
    assert checked > 20


def test_a_loyalty_step_before_the_mid_scoring_is_worth_at_least_as_much_as_after():
    # exactly, on today's shelves: the same table before and after the round-3 line
    for t in tables():
        if t.round > 2:
            continue
        later = t.copy()
        later.round = 3
        for seat in range(2):
            for p in PATRONS:
                before, after = studies.steps_now(t, seat, p, 2), studies.steps_now(later, seat, p, 2)
                assert before == 2 * after >= after
    # in hindsight, over the study's games
    worth = studies.worth_in_hindsight(study())
    for patron in worth["before the mid scoring"]:
        assert worth["before the mid scoring"][patron] >= worth["after it"][patron]
    assert worth["before the mid scoring"]["the patron stronger at the end"] > 0
    # as the planner counts it: one entry per scoring left, none negative
    for t in tables():
        entries = studies.step_worth(t, 0)
        assert len(entries) == 2 * len(studies.scorings_left(t)) == 2 * len(horizons(t))
        assert all(w.worth >= 0 and w.forecast >= w.credibility - 1e-9 for w in entries)


def test_the_worth_curve_follows_the_game_clock():
    curve = studies.worth_curve(lab(), 0)
    assert set(curve) == {"Marsh", "Cope"}
    xs = [x for x, _ in curve["Cope"]]
    assert xs == sorted(xs) and 0 <= xs[0] < 1 and 3 <= xs[-1] <= 4
    assert any(x >= 2 for x in xs) and any(x < 2 for x in xs)


def test_paper_parts_add_up_to_paper_worth():
    for t in tables():
        for seat in range(2):
            parts = studies.paper_parts(t, seat)
            assert sum(parts.values()) == pytest.approx(paper_worth(t, seat, horizons(t)))
            assert parts["loyalty"] >= 0 and parts["credibility"] >= 0


# ---- what-ifs, against the arithmetic done by hand ------------------------------------------------
@pytest.mark.parametrize("bones", [2, 3, 4])
def test_a_paper_pays_everyone_on_its_patrons_track(bones):
    for t in tables():
        for author in range(2):
            what = studies.paper_now(t, author, bones)
            q = t.boards[author].patron
            opens = 1 if shelves_with_papers(t, q) < 6 else 0
            for seat in range(2):
                loyalty = dict(t.boards[seat].loyalty)
                if seat == author:
                    loyalty[q] += PAPER_LOYALTY[bones]
                cred = {p: shelves_with_papers(t, p) + (opens if p == q else 0) for p in PATRONS}
                after = sum(MULT[min(loyalty[p], TOP)] * cred[p] for p in PATRONS)
                assert what.per_scoring[seat] == after - scoring_by_hand(t, seat)
            assert what.total(author) == what.per_scoring[author] * len(studies.scorings_left(t))


def test_a_debunk_stages_what_the_game_did_and_swings_by_the_hand_count():
    tl = studies.debunk_game(lab())
    j = tl.first_debunk()
    step = tl.steps[j]
    seat, kind, value = step.action.seat, step.action.args[0], int(step.action.args[1])
    what = studies.debunk_now(step.before, seat, value, bone=kind)
    real = tl.after(j)
    assert what.table.shelves == real.shelves and what.table.overflow == real.overflow
    patron = step.before.boards[seat].patron
    gained = what.table.boards[seat].loyalty[patron] - step.before.boards[seat].loyalty[patron]
    assert gained == DEBUNK_LOYALTY[value]
    for s in range(2):
        assert what.per_scoring[s] == scoring_by_hand(what.table, s) - scoring_by_hand(step.before, s)
    assert what.lead(seat) == what.total(seat) - what.total(1 - seat)
    assert shelves_with_papers(what.table, patron) >= shelves_with_papers(step.before, patron)
    assert shelves_with_papers(what.table, rival(patron)) <= shelves_with_papers(step.before, rival(patron))
    missing = [v for v in (2, 3, 4) if v not in debunk_targets(step.before, rival(patron))]
    for v in missing:
        with pytest.raises(ValueError):
            studies.debunk_now(step.before, seat, v)


def test_debunk_game_looks_further_when_the_lab_game_has_no_debunk():
    tl = lab()
    plain = studies.Timeline(tuple(s for s in tl.steps if s.action.verb != "debunk"), tl.final)
    assert plain.first_debunk() is None
    other = studies.debunk_game(plain, seeds=range(1, 30))
    assert other is not plain and other.first_debunk() is not None and other.final.seed != tl.final.seed
    assert studies.debunk_game(tl) is tl or tl.first_debunk() is None


def test_stay_gain_is_the_difference_of_the_two_tracks():
    for t in tables():
        for seat in range(2):
            b = t.boards[seat]
            if max(b.loyalty.values()) + 4 > TOP:
                continue

            rise = {p: (MULT[b.loyalty[p] + 4] - MULT[b.loyalty[p]]) * shelves_with_papers(t, p)
                    for p in PATRONS}
            assert studies.stay_gain(t, seat, 4) == rise[b.patron] - rise[rival(b.patron)]


# ---- many games -------------------------------------------------------------------------------------
def test_the_diary_counts_what_the_measures_module_counts():
    facts = study()
    assert [f.players for f in facts] == [2, 2, 2]
    for seed, f in enumerate(facts):
        m = measure_game(game, game.new(2, seed=seed), studies.planner_table(2, seed))
        for seat, sm in enumerate(m.seats):
            assert f.count("papers", seat) == sm.papers
            assert f.count("debunks", seat) == sm.debunks
            assert f.count("switches", seat) == sm.switches
            rich = sum(p.seat == seat and p.playable and p.money >= studies.RICH for p in f.passes)
            assert rich == sm.rich_passes
            assert sum(p.seat == seat for p in f.passes) == sm.passes == 4
            assert f.rp[seat] == sm.rp
        assert f.credibility["final"] == (m.credibility["marsh"], m.credibility["cope"])
    assert study()[0] == lab().facts()  # the same game, through simulate and through the timeline


def test_every_switch_earned_what_rescoring_says():
    tl = lab()
    facts = tl.facts()
    assert facts.switches
    for w in facts.switches:
        assert w.old != w.new and w.round in (1, 2, 3, 4)
        assert [when for when, _ in w.earned] == (["mid", "final"] if w.round <= 2 else ["final"])
        if w.forced:
            assert w.verb == "university"
    # each switch again, its earnings rescored by the engine after moving the stint's loyalty back
    seq = [s.before for s in tl.steps] + [tl.final]
    at = {"mid": tl.first(lambda s: s.before.round >= 3), "final": len(seq) - 1}

    def changes(seat):
        return [i for i in range(len(tl.steps)) if seq[i].phase == "turn"
                and seq[i].boards[seat].patron != seq[i + 1].boards[seat].patron]

    for w in facts.switches:
        mine = changes(w.seat)
        start = next(i for i in mine if seq[i].round == w.round and seq[i + 1].boards[w.seat].patron == w.new)
        end = next((i for i in mine if i > start), len(seq) - 1)
        for when, rp in w.earned:
            table = seq[at[when]]
            level = seq[start].boards[w.seat].loyalty[w.new]
            gained = seq[min(end, at[when])].boards[w.seat].loyalty[w.new] - level
            moved = table.copy()
            moved.boards[w.seat].loyalty[w.new] -= gained
            moved.boards[w.seat].loyalty[w.old] += gained
            assert rp == studies.score_now(table)[w.seat] - studies.score_now(moved)[w.seat]


def test_the_summaries_add_up():
    facts = study()
    seats = sum(f.players for f in facts)
    switches = studies.switch_summary(facts)
    assert switches.total == sum(len(f.switches) for f in facts)
    assert sum(switches.by_round.values()) * seats == pytest.approx(switches.total)
    assert 0 <= switches.forced <= 1 and 0 <= switches.stronger <= 1
    assert switches.words().startswith(f"{switches.total} switches")
    papers = studies.paper_summary(facts)
    assert sum(papers.by_bones.values()) == sum(len(f.papers) for f in facts)
    assert sum(papers.by_round.values()) == pytest.approx(papers.per_player)
    debunks = studies.debunk_summary(facts)
    assert sum(debunks.by_value.values()) == sum(len(f.debunks) for f in facts)
    row = studies.row_summary(facts)
    passes = [p for f in facts for p in f.passes]
    assert all(p.played <= p.slots for p in passes)
    assert row.cards[1] == pytest.approx(sum(p.played for p in passes if p.round == 1) / seats)
    assert all(row.cards[r] <= row.slots[r] for r in (1, 2, 3, 4))
    assert row.slots[1] >= len(studies.slot_prices())


def test_a_study_is_the_same_on_two_workers_and_drives_its_progress_to_the_end():
    seen = []
    one = studies.economy_study(2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (2, 2)
    assert one == list(study(2, workers=2))
    assert one == list(study()[:2])


# ---- the notebook's exercises -------------------------------------------------------------------------
def _solutions() -> dict[int, str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    found = re.findall(r"<summary>Solution to exercise (\d)</summary>(.*?)</details>", text, re.S)
    return {int(n): "\n".join(re.findall(r"```python\n(.*?)```", body, re.S)) for n, body in found}


def _notebook_names() -> dict:
    """The names the notebook's cells define before the exercises, built the same way."""
    tl = lab()
    i = tl.key_pass()
    table, seat = tl.steps[i].before, tl.steps[i].action.seat
    where = studies.debunk_game(tl)
    step = where.steps[where.first_debunk()]
    kind, value = step.action.args[0], int(step.action.args[1])
    debunk = studies.debunk_now(step.before, step.action.seat, value, bone=kind)
    return {"studies": studies, "game": game, "lab": tl, "table": table, "seat": seat, "other": 1 - seat,
            "step": step, "debunk": debunk}


def test_the_notebook_solutions_answer_its_exercises():
    solutions = _solutions()
    assert sorted(solutions) == [1, 2, 3, 4]
    names = _notebook_names()
    table, seat, step = names["table"], names["seat"], names["step"]
    expected = {
        1: studies.steps_now(table, seat, table.boards[seat].patron, 2),
        2: studies.stay_gain(table, seat, gained=4),
        3: studies.paper_now(table, 1 - seat, bones=2).per_scoring[seat],
        4: names["debunk"].lead(step.action.seat),
    }
    space: dict = dict(names)
    for n in (1, 2, 3, 4):  # later solutions use names of earlier ones, as in the notebook
        exec(solutions[n], space)  # noqa: S102 - the notebook's own solution code
        assert check(space["answer"], expected[n]).ok, (n, space["answer"], expected[n])
        assert not check(space["answer"] + 1, expected[n]).ok


def test_the_notebook_checks_the_expected_answers_the_test_computes():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = [("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
    exercises = [c for c in code if c.startswith("answer = ...")]
    assert len(exercises) == 4
    for call in ("studies.steps_now(table, seat, table.boards[seat].patron, 2)",
                 "studies.stay_gain(table, seat, gained=4)",
                 "studies.paper_now(table, other, bones=2).per_scoring[seat]",
                 "debunk.lead(step.action.seat)"):
        assert sum(call in c for c in exercises) == 1, call
    prose = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert f"seeds 0 to {studies.STUDY_GAMES - 1}" in prose
    assert "economy_study(studies.STUDY_GAMES" in "\n".join(code)
