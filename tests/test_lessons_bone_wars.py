"""The staging behind notebooks/bone_wars/01_learn_to_play.ipynb (bonekit.games.bone_wars.lessons):
the rulebook's worked examples come out as written when the lesson's labels are played on the
staged states, the guided first turn plays through and explains a wrong move, the exercises'
judges give the engine's answers, and the saved notebook shows the catalog sections it teaches
and numbers that agree with its own outputs."""
from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import pytest

import bonekit
from bonekit.core.errors import IllegalAction
from bonekit.games.bone_wars import lessons
from bonekit.games.bone_wars.data import components

game = bonekit.load("bone_wars")
D = components()
NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "bone_wars" / "01_learn_to_play.ipynb"


def run(state, labels):
    """The state after ``labels`` and all their events' texts."""
    texts = []
    for label in labels:
        state, events = game.apply(state, label)
        texts += [e.text for e in events]
    return state, texts


# ---- staging -------------------------------------------------------------------------------------------

def test_started_is_p1_s_first_turn_without_grants():
    for players, seed in ((2, 1), (3, 2)):
        state = lessons.started(players, seed)
        assert state.phase == "turn" and state.round == 1 and not state.pending
        assert game.to_move(state) == (0,) and all(b.grant is None for b in state.boards)
        assert all(sorted(state.bundles[s]) == ["career", "species"] for s in range(players))
    with pytest.raises(ValueError):
        lessons.started(2, seed=0)       # P2 opens round 1 there


def test_midgame_is_a_real_table_in_round_two():
    state = lessons.midgame()
    assert state.round == 2 and state.players == 3 and not state.pending and state.turn is None
    assert sum(1 for b in state.boards for c in b.played if c) >= 6 and not game.is_over(state)


def test_nello_s_team_turn():
    state = lessons.nello_team()
    assert 0 not in state.universities.values() and state.boards[0].team == "montana"
    wyoming = next(s for s in state.sites if s.id == "wyoming")
    top = wyoming.bones[0]
    colorado = next(s for s in state.sites if s.id == "colorado").card
    after, texts = run(state, lessons.NELLO_TEAM[:-1])
    b, t = after.boards[0], after.turn
    assert b.money == 3 and "pays $4" in texts[0]                       # $3 card + $1 slot
    assert t.ap == 0 and t.free == 1 and b.team == "colorado"
    assert b.crates[-1] == top and b.hand == [colorado]
    after, _ = run(after, lessons.NELLO_TEAM[-1:])
    assert after.turn is None and game.to_move(after) == (1,)


def test_the_camp_site_and_deeper_turn():
    state = lessons.camp_turn()
    montana = next(s for s in state.sites if s.id == "montana")
    crates = len(state.boards[0].crates)
    after, texts = run(state, lessons.CAMP_TURN)
    b = after.boards[0]
    site = next(s for s in after.sites if s.id == "montana")
    assert 0 in site.camps and b.camps_left == ["archive", "move", "archive"]
    assert montana.action == "bone" and len(b.crates) == crates + 1         # the tile: a bone
    assert site.card != montana.card and all(site.bones) and "digs deeper" in texts[-1]
    assert b.money == 7 - 3 and after.turn is None                         # $2 card + $1 slot


def test_ellen_s_papers():
    state = lessons.ellen_publish()
    cope = sorted(v for shelf in state.shelves["cope"] for v in shelf if v)
    hand, money = len(state.boards[0].hand), state.boards[0].money
    after, texts = run(state, lessons.ELLEN_PUBLISH)
    b = after.boards[0]
    assert b.loyalty == {"marsh": 0, "cope": 3}                         # 1 + 1 and Williston's 1
    assert b.archive == {"D": ["eryops", "ichthyornis"], "A": ["archaeotherium"]}
    assert b.money == money + 2 and len(b.hand) == hand - 2 + 2          # $2 (A), 2 cards (D)
    assert sorted(v for shelf in after.shelves["cope"] for v in shelf if v) == sorted([*cope, 2, 3])
    assert sum("draws a species card" in t for t in texts) == 2            # envelope D, twice
    drawn = [t for t in texts if "draws a " in t and "species card" not in t]
    assert len(b.crates) == 2 and len(drawn) == 2                           # the prize's 2 bones


def test_robert_s_debunk():
    state = lessons.robert_debunk()
    # the 3 and the 4 stand in open spots (bottom shelf, the one above); no neutral tile is covered
    assert [shelf[0] for shelf in state.shelves["cope"][:2]] == [3, 4]
    neutral = lambda st: sum(v == 0 for half in st.shelves.values() for sh in half for v in sh)  # noqa: E731
    assert neutral(state) == neutral(lessons.started())
    money, covers = state.boards[0].money, state.boards[0].covers
    after, texts = run(state, lessons.ROBERT_DEBUNK)
    b = after.boards[0]
    assert b.covers == covers - 1 and b.money == money + 2               # the prize: a cover, $2
    assert b.loyalty["marsh"] == 2 and b.crates == ["tail", "tail"]
    assert [shelf[0] for shelf in after.shelves["cope"][:2]] == [4, None]     # the 4 slides down
    assert after.shelves["marsh"][0][0] == 3
    with pytest.raises(IllegalAction):
        game.apply(after, "P1 debunk tail 2")                           # no value-2 paper of Cope's
    # the refusal says so (the prose: "His two tails could debunk a 2, but Cope has none")
    reason, rule = game.why_illegal(after, game.parse_action(after, "P1 debunk tail 2"))
    assert rule == "bone_wars.ruling.debunk_missing"
    assert reason == "Cope's half holds no value-2 paper to debunk (it has only a value-4 paper)"


def test_nello_s_award():
    state = lessons.nello_award()
    spaces = next(t for t in D.awards["B"] if t.id == "b-bird-1").spaces
    assert spaces[-1].need == 2 and spaces[-1].loyalty == 4
    crates = len(state.boards[0].crates)
    after, texts = run(state, lessons.NELLO_AWARD)
    b = after.boards[0]
    assert b.loyalty[b.patron] == 4 and after.award_marks["b-bird-1"][3] == 0
    assert len(b.crates) == crates + 3 and not after.pending             # the round bonus: 3 bones


def test_elisabeth_s_minor_find():
    state, labels = lessons.elisabeth_find()
    col = int(labels[1].split()[-1]) - 1
    assert state.find_bonus[col] == "rare" and state.finds[0][col] == "hammer"
    after, _ = run(state, labels)
    b = after.boards[0]
    assert b.rp == 2 and b.archive["C"] == ["hadrosaurus", "ornithomimus"]
    assert after.finds[0][col] is None and b.crates[-2:] == ["claw", "wing"]


def test_moving_the_hadrosaurus_pays_once():
    state = lessons.hadrosaurus_move()
    money = state.boards[0].money
    after, _ = run(state, lessons.HADROSAURUS_MOVE)
    b = after.boards[0]
    assert b.archive["A"] == ["archaeotherium", "hadrosaurus"] and not b.archive.get("C")
    assert b.money == money + 2                                          # $2 once, not $4


def test_the_final_scoring_example_and_the_bookshelf_staging():
    rp, events = lessons.scoring(marsh_x=3, cope_x=5, marsh_cred=2, cope_cred=4)
    assert rp == 6 + 20 and "26 RP" in events[0].text
    assert lessons.scoring(marsh_x=2, cope_x=4, marsh_cred=3, cope_cred=1)[0] == 10
    state = lessons.started()
    lessons.bookshelf(state, 3, 0)
    from bonekit.games.bone_wars import rounds
    assert rounds.credibility(state, "marsh") == 3 and rounds.credibility(state, "cope") == 0


def test_passing_demo():
    state = lessons.passing()
    money = state.boards[0].money
    after, texts = run(state, lessons.PASS_DEMO)
    b = after.boards[0]
    assert after.passed[0] and b.profession == (2, 2) and b.university == 2 and b.patron == "marsh"
    assert after.neutral == 1 and "The neutral team moves to university space 1." in texts
    assert "field_geologist" in b.hand and "surveyor" not in b.hand and "marsh-1" in b.hand
    assert b.loyalty["marsh"] == 1 and b.money == money + 5            # the profession's $4, the track's $1
    assert not after.pending and "P1 takes a paleontologist card." in texts


def test_the_table_in_words():
    assert lessons.bones_words(["carnivore", "wing", "claw", "wing"]) == \
        "a carnivore skull, two wings and a claw"
    assert lessons.bones_words([]) == "no bones"
    assert lessons.archive_words({"D": ["eryops", "ichthyornis"], "A": ["archaeotherium"], "B": []}) == \
        "envelope A holds Archaeotherium; envelope D holds Eryops and Ichthyornis"
    assert lessons.archive_words({}) == "empty"
    robert = run(lessons.robert_debunk(), lessons.ROBERT_DEBUNK)[0]
    assert robert.shelves["marsh"][0][0] == 3 and robert.shelves["cope"][0][0] == 4
    assert lessons.shelf_words(robert, "marsh") == "Marsh's half: a paper of value 3 on the bottom shelf"
    assert lessons.shelf_words(robert, "cope") == "Cope's half: a paper of value 4 on the bottom shelf"
    state = lessons.started()
    lessons.bookshelf(state, 0, 0)
    assert lessons.shelf_words(state, "cope") == "Cope's half: no papers"
    nello = lessons.nello_team()
    assert lessons.facts(nello, 0, "money", "team") == "P1: $7 · team in Montana"
    text = lessons.setup_choices(game.new(3, seed=1))
    first = game.to_move(game.new(3, seed=1))[0]
    assert text.startswith(f"P{first + 1} chooses first, from four species bundles")
    assert "(Eryops, Trachodon, Merycoidodon and Camptosaurus)" in text


def test_no_python_structures_in_the_saved_outputs():
    """Lists, dicts and tuples of the engine's ids are told in words (issue 20, item 10)."""
    shown = "\n".join(outputs(c) for c in cells() if c["cell_type"] == "code")
    assert not re.search(r"\[\d+, None|\['[a-z_-]+'|\{'[A-E]': \[|\(\d+, \d+\)", shown)
    sources = "\n".join(joined(c["source"]) for c in cells() if c["cell_type"] == "code")
    assert "assert " not in sources and "Step(" not in sources and ".boards[" not in sources


def finished(players, rp, cards, heads=None):
    """A finished-looking table: the given RP and numbers of archived cards per seat."""
    options = {"head_cm": heads} if heads else {}
    state = game.copy_state(game.new(1, "solo", seed=0, **options) if players == 1
                            else game.new(players, seed=0, **options))
    for b, r, c in zip(state.boards, rp, cards):
        b.rp, b.archive = r, ({"A": ["eryops"] * c} if c else {})
    state.over = True
    return game.outcome(state)


def test_the_end_of_a_game_in_words():
    """A tie on RP is told as a tie, with the tie-break that settles it (issue 20, item 11)."""
    assert finished(3, [5, 8, 2], [0, 0, 0]).summary == "P2 wins with 8 RP."
    out = finished(3, [8, 8, 5], [3, 2, 0])
    assert out.winners == (0,) and out.summary == (
        "P1 and P2 tie at 8 RP; the tie-break (bone_wars.ruling.ties) goes to more archived species "
        "cards: P1 wins, 3 to P2's 2.")
    out = finished(2, [8, 8], [3, 3], heads=(55, 58))
    assert out.winners == (1,)
    assert out.summary.endswith("goes to the larger head: P2 wins, 58 cm to P1's 55 cm.")
    out = finished(2, [8, 8], [3, 3])
    assert out.winners == (0, 1) and out.summary == (
        "P1 and P2 tie at 8 RP with 3 archived species cards each and no head sizes given "
        "(bone_wars.ruling.ties): they share the win.")
    assert finished(1, [9, 8], [0, 0]).summary == "P1 beats Theodore, 9 RP to 8."
    assert finished(1, [7, 8], [0, 0]).summary == "Theodore wins, 8 RP to 7."
    out = finished(1, [8, 8], [2, 3])
    assert out.winners == (1,) and out.summary.endswith("Theodore wins, 3 to P1's 2.")
    out = finished(1, [8, 8], [1, 1], heads=58)
    assert out.winners == (0,) and out.summary.endswith("P1 wins, 58 cm to Theodore's 56 cm.")


def test_readers():
    slots = lessons.slot_lines()
    assert len(slots) == 5 and slots[2].startswith("slot 3: $2 · icon hammer")
    cards = lessons.team_card_lines()
    assert len(cards) == 6 and cards[2].startswith("Expedition") and "$3 · 3 AP · digs to the top" in cards[2]
    assert "find icon hammer" in lessons.species_line("anchisaurus")
    assert lessons.species_line("anchisaurus").endswith("prize: up to two bones from the bag")
    assert set(lessons.PRIZE_WORDS) == set(D.prizes)                    # every prize has its words


# ---- the guided first turn ---------------------------------------------------------------------------

def guided():
    from bonekit.widgets.lessons.bone_wars import FIRST_TURN, FIRST_TURN_SEED
    from bonekit.widgets.teaching import GuidedTable
    return GuidedTable(game, ["human", "scholar"], steps=FIRST_TURN, seed=FIRST_TURN_SEED)


def test_the_guided_first_turn_plays_through_and_does_what_it_says():
    t = guided()
    assert not t.act("P1 career 1 1") and "species bundle first" in t.status.value
    money = None
    for m in lessons.FIRST_TURN:
        assert t.act(m["move"]), m["move"]
        b, bot = t.state.boards[0], t.state.boards[1]
        if m["move"] == "P1 career 2 3":
            assert b.patron == "cope" and b.university == 3 and b.profession == (2, 1)
            money = b.money
        if m["move"] == "P1 upgrade dig_crew quarry_crew":                  # "paid its $3 (you have $8)"
            assert "quarry_crew" in b.hand and b.money == money + 3 == 8
            assert t.state.phase == "bundles" and t.state.pending[0].kind == "paleo"
        if m["move"] == "P1 keep williston-1":                              # "the bot ... to Kansas"
            assert "williston-1" in b.hand and "williston-1" not in t.state.paleo_display
            assert t.state.phase == "turn" and bot.team == "kansas" and b.university == 3
        if m["move"] == "P1 move new_jersey":                               # "it took the top bone there"
            kansas = next(s for s in t.state.sites if s.id == "kansas")
            assert bot.played[0] and kansas.bones[0] is None and b.team == "new_jersey"
        if m["move"] == "P1 play quarry_crew":
            assert t.state.turn.ap == 2 and t.state.turn.depth == 2
        if m["move"] == "P1 dig top":                                       # "the claw ... the torso"
            assert b.crates[-2:] == ["claw", "torso"]
    assert t.finished and len(t.state.boards[0].crates) == 4
    # "the bot plays its next turn", and round 1 goes on with P1 to play
    assert sum(1 for c in t.state.boards[1].played if c) == 2 and not t.state.passed[1]
    assert t.state.round == 1 and game.to_move(t.state) == (0,)


def test_every_other_allowed_move_has_its_own_reason():
    """At each guided step, every other move the rules allow is answered with a hint of its own,
    never only the general 'the lesson needs its move' (issue 20, item 7)."""
    t = guided()
    for m in lessons.FIRST_TURN:
        legal = [a.label for a in game.legal_actions(t.state, 0)]
        assert m["move"] in legal and set(m.get("hints", {})) <= set(legal), m["move"]
        for label in legal:
            if label == m["move"]:
                continue
            before = t.state
            assert not t.act(label) and t.state is before, label
            assert escape(m["hints"][label]) in t.status.value, label
            assert "needs its move" not in t.status.value, label
        assert t.act(m["move"])


def test_a_wrong_guided_move_is_not_played():
    t = guided()
    for m in lessons.FIRST_TURN[:5]:      # bundles, upgrade, the card kept, the step off the university
        t.act(m["move"])
    before = t.state
    assert not t.act("P1 play expedition") and t.state is before
    assert "reaches only the top bone" in t.status.value


# ---- exercises ---------------------------------------------------------------------------------------

def test_exercise_judges():
    assert lessons.play_cost(lessons.cost_quiz(), "expedition") == 5
    quiz = lessons.debunk_quiz()
    judge = lessons.best_debunk_judge(quiz)
    assert judge("P1 debunk tail 3")[0] and judge("debunk tail 3")[0]
    assert not judge("P1 debunk tail 2")[0] and not judge("P1 debunk paw 2")[0]
    ok, message = judge("P1 debunk claw 2")
    assert not ok and "refuses" in message
    from bonekit.widgets.teaching import check
    assert check("p1  debunk tail 3", judge) and not check("P1 debunk paw 2", judge)


# ---- the saved notebook ------------------------------------------------------------------------------

def cells():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def joined(x):
    return "".join(x) if isinstance(x, list) else x


def outputs(cell):
    """A cell's outputs as text; the stream's pieces are rejoined as printed (the kernel may
    split one printed line into several stream outputs)."""
    parts, stream = [], ""
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            stream += joined(out.get("text", ""))
            continue
        parts += [stream] if stream else []
        stream = ""
        parts += [joined(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return "\n".join(parts + ([stream] if stream else []))


TAUGHT = [
    "bone_wars", "goal", "components", "setup", "setup.virtual", "setup.bundles", "order", "turn",
    "turn.slots", "turn.cost", "turn.prize", "ruling.prize_timing", "team", "team.move",
    "team.extra_move", "team.dig", "team.discover", "team.site", "team.camp", "team.deeper", "crates",
    "team.site.swap_patron", "team.site.discard_look", "team.site.money", "team.site.bone",
    "team.site.exchange", "team.site.recall_paleo", "team.start", "ruling.start_site", "ruling.first_move",
    "paleo", "paleo.move", "paleo.cards", "paleo.publish", "paleo.archive", "paleo.shelf",
    "paleo.cards.williston", "ruling.publish_batch", "ruling.shelf_order", "paleo.debunk",
    "bonus.cover", "ruling.debunk_missing", "paleo.award", "ruling.award_archive", "paleo.find",
    "bonus.move_archived", "loyalty", "scoring", "scoring.credibility", "scoring.end", "ruling.ties",
    "pass", "pass.profession", "pass.team", "pass.virtual", "pass.grant", "pass.loyalty", "reset",
    "grants",
]


def test_the_notebook_shows_the_sections_it_teaches():
    shown = "\n".join(outputs(c) for c in cells())
    ids = ["bone_wars" if r == "bone_wars" else f"bone_wars.{r}" for r in TAUGHT]
    missing = [r for r in ids if f"`{r}`" not in shown]
    assert missing == []
    assert all(r in game.rules for r in ids)


def test_exercises_are_unanswered_and_solutions_come_last():
    nb = cells()
    exercises = [c for c in nb if c["cell_type"] == "code" and "answer = ..." in joined(c["source"])]
    assert len(exercises) == 3
    assert all("Not answered yet" in outputs(c) for c in exercises)
    # the solutions come last, before only the link back to the first move
    assert "back to the first move" in joined(nb[-1]["source"])
    last = joined(nb[-2]["source"])
    assert last.startswith("## Solutions") and last.count("<details>") == 3
    # the solutions agree with the engine
    assert "**$5.**" in last and lessons.play_cost(lessons.cost_quiz(), "expedition") == 5
    assert "`P1 debunk tail 3`" in last
    assert "**10 RP.**" in last and lessons.scoring(2, 4, 3, 1)[0] == 10


# ---- how far down the first guided move is (issue 21) ----------------------------------------------

SCREEN_PX = 700            # one screen of notebook: JupyterLab at 1366x768 with the file browser open
COLUMN_PX = 950            # the notebook column's width there; a wider picture is scaled down to it
PROSE_CHARS = 110          # characters of prose on one rendered line of that column
PROSE_LINE_PX = 22         # one rendered line of markdown
BLOCK_GAP_PX = 14          # the space after a paragraph, list or table
HEADING_PX = {1: 52, 2: 40, 3: 32}
CODE_LINE_PX = 17          # one line of code or of printed output
CELL_PX = 24               # a cell's own padding and margins
GUIDE_PX = 120             # the guided table's box of instructions, above its picture


def markdown_px(text):
    """Estimated rendered height of markdown: each heading its fixed height; each paragraph or
    list item as many lines as its characters fill at PROSE_CHARS a line (a table row, one
    line); a gap after each block. HTML comments count nothing."""
    px = 0
    for block in re.split(r"\n\s*\n", re.sub(r"<!--.*?-->", "", text, flags=re.S)):
        lines = [line for line in block.splitlines() if line.strip()]
        while lines and (m := re.match(r"(#+) ", lines[0])):
            px += HEADING_PX.get(len(m[1]), 28)
            lines = lines[1:]
        if not lines:
            continue
        items = re.split(r"\n(?=\s*(?:[-*|]|\d+\.) )", "\n".join(lines))
        rows = sum(max(1, -(-len(" ".join(item.split())) // PROSE_CHARS)) for item in items)
        px += rows * PROSE_LINE_PX + BLOCK_GAP_PX
    return px


def output_px(out):
    """Estimated height of one saved output: a picture its SVG height (scaled to the column), a
    rule section as markdown, printed text CODE_LINE_PX a line."""
    data = out.get("data", {})
    if "image/svg+xml" in data:
        svg = joined(data["image/svg+xml"])
        width, height = (float(re.search(rf'<svg[^>]*?\s{k}="([\d.]+)"', svg)[1])
                         for k in ("width", "height"))
        return height * min(1.0, COLUMN_PX / width)
    if "text/markdown" in data:
        return markdown_px(joined(data["text/markdown"]))
    stream = out.get("output_type") == "stream"
    text = joined(out.get("text", "")) if stream else joined(data.get("text/plain", ""))
    return CODE_LINE_PX * len(text.splitlines())


def cell_px(cell):
    """Estimated height of a saved cell: CELL_PX, plus its markdown, or its code lines and outputs."""
    if cell["cell_type"] == "markdown":
        return CELL_PX + markdown_px(joined(cell["source"]))
    code = joined(cell["source"]).splitlines()
    return CELL_PX + CODE_LINE_PX * len(code) + sum(output_px(o) for o in cell.get("outputs", []))


def test_the_first_guided_move_is_within_three_screens():
    """Issue 21: the learner's first guided move (the first guided table) starts at most three
    screens down. A cheap stand-in for the browser suite's measure
    (tests/browser/test_lab.py::test_first_move_within_three_screens), estimated from the saved
    notebook: every cell above the table is summed with ``cell_px`` (markdown by headings and
    lines of PROSE_CHARS characters at PROSE_LINE_PX, code and printed lines at CODE_LINE_PX,
    pictures at their saved SVG height, CELL_PX a cell), plus GUIDE_PX for the table's own box
    above its picture, against SCREEN_PX a screen. When written it gave 1.1 screens, and the
    browser suite 1.2; a picture moved above the table (the mid-game one alone is over 3) fails."""
    nb = cells()
    first = next(k for k, c in enumerate(nb) if "GuidedTable(" in outputs(c))
    assert "lesson.first_turn()" in joined(nb[first]["source"])
    above = sum(cell_px(c) for c in nb[:first]) + GUIDE_PX
    assert above <= 3 * SCREEN_PX, f"the first guided move is {above / SCREEN_PX:.1f} screens down"
    # the model sees pictures: the mid-game picture alone would take more than two screens
    picture = next(c for c in nb if "lessons.midgame()" in joined(c["source"]))
    assert cell_px(picture) > 2 * SCREEN_PX
    # and prose: a heading, a paragraph of 2 lines' worth, a list of 2 items (one of them 2 lines)
    text = "## Heading\n\n" + "word " * 40 + "\n\n- item\n- " + "word " * 30
    assert markdown_px(text) == HEADING_PX[2] + (2 + 3) * PROSE_LINE_PX + 2 * BLOCK_GAP_PX


def test_prose_numbers_agree_with_the_saved_outputs():
    nb = cells()
    text = {i: joined(c["source"]) for i, c in enumerate(nb)}

    def output_after(marker):
        """The outputs of the first code cell after the markdown cell containing ``marker``."""
        i = next(i for i, t in text.items() if marker in t and nb[i]["cell_type"] == "markdown")
        return outputs(next(c for c in nb[i + 1:] if c["cell_type"] == "code"))

    assert "pays $4" in output_after("example: Nello's expedition")
    ellen = output_after("example: Ellen's papers")
    assert "gains 3 loyalty with Cope" in ellen and "gains $2" in ellen
    assert "(2 there)" in ellen                                           # Ichthyornis is the 2nd in D
    robert = output_after("example: Robert's debunk")
    assert "takes $2 for the cover" in robert and "gains 2 loyalty with Marsh" in robert
    assert "Cope's half holds no value-2 paper" in robert and "cannot do that now" not in robert
    elisabeth = output_after("example: Elisabeth's minor find")
    assert "takes a claw from the rare display" in elisabeth and "a wing from the rare" in elisabeth
    assert "gains 4 loyalty" in output_after("example: Nello's award")
    assert output_after("example: Elisabeth's minor find").count("gains 1 RP") == 2
    assert "gains $2" in output_after("Hadrosaurus")
    assert "26 RP" in output_after("example: the final scoring")
    passing = output_after("P1 passes straight away")
    assert "row 2, column 2" in passing and "university space 2, so Marsh is the patron" in passing
    assert "The neutral team moves to university space 1." in passing
    assert "gains $4" in passing and "P1 takes a paleontologist card." in passing      # row 2, column 2
    assert "gains 1 loyalty with Marsh" in passing and passing.count("gains $1") == 1  # the track
    scores = output_after("A whole game, step by step")
    final = re.findall(r"Marsh x\d × credibility (\d), Cope x\d × credibility (\d)", scores)[-3:]
    assert final == [("1", "3")] * 3              # "Cope's half ends at credibility 3 and Marsh's at 1"
    picture = next(c for c in nb if "lessons.midgame()" in joined(c["source"]))
    assert "round 2 of 4" in outputs(picture)                              # "stopped in round 2"
