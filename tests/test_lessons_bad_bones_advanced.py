"""The staging behind notebooks/bad_bones/04_advanced.ipynb (bonekit.games.bad_bones.advanced_lessons
and bonekit.widgets.lessons.bad_bones_advanced): what the helpers stage and judge, that the
notebook's examples come out as its prose says, and that the committed notebook shows every rule
section of the advanced version."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import bonekit
from bonekit.games.bad_bones import Trap
from bonekit.games.bad_bones import advanced_lessons as lessons
from bonekit.games.bad_bones.board import NEW_TRAP_KINDS, components
from bonekit.games.bad_bones.market import COST, stock_for
from bonekit.games.bad_bones.puzzles import trace
from bonekit.games.bad_bones.sandbox import lab_state, march

GAME = bonekit.load("bad_bones")
NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "bad_bones" / "04_advanced.ipynb"
PREFIXES = ("bad_bones.market", "bad_bones.setup.advanced", "bad_bones.traps.new",
            "bad_bones.traps.barricade", "bad_bones.traps.bomb", "bad_bones.traps.hearse",
            "bad_bones.traps.labyrinth",
            "bad_bones.traps.portal", "bad_bones.traps.spring", "bad_bones.weapons", "bad_bones.advanced")


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


def first_id(rows):
    (sid,) = rows
    return sid


def path_rows(state, phases):
    """The path table of ``watch`` for ``state`` as lists of cells, by starting spot."""
    frames = march(state, phases)
    table = trace(state, frames)
    return {line.split()[0]: line.split() for line in table.splitlines()[1:]}


# ---- the committed notebook ----------------------------------------------------------------------
def test_the_notebook_displays_every_advanced_rule_section():
    shown = "\n".join(outputs_text(c) for c in cells() if c["cell_type"] == "code")
    wanted = [s.id for s in GAME.rules if s.id.startswith(PREFIXES)
              and "chief" not in s.id]          # the Skeleton Chiefs are taught in 05
    assert len(wanted) >= 35
    missing = [rid for rid in wanted if f"id='{rid}'" not in shown]
    assert missing == []


def test_exercises_are_unanswered_and_their_solutions_folded_at_the_end():
    all_cells = cells()
    exercises = [c for c in all_cells
                 if c["cell_type"] == "code" and joined(c["source"]).startswith("answer = ...")]
    assert len(exercises) == 4
    assert all("Not answered yet" in outputs_text(c) for c in exercises)
    # the solutions come last, followed only by the markdown link back to the first move
    back = all_cells[-1]
    assert back["cell_type"] == "markdown" and "back to the first move" in joined(back["source"])
    last = joined(all_cells[-2]["source"])
    assert last.startswith("## Solutions") and all_cells[-2]["cell_type"] == "markdown"
    assert [int(n) for n in re.findall(r"<summary>Solution to exercise (\d)</summary>", last)] == [1, 2, 3, 4]


def test_visible_code_cells_are_short_and_the_notebook_opens_with_a_board():
    code = [c for c in cells() if c["cell_type"] == "code"]
    hidden = [c["metadata"].get("jupyter", {}).get("source_hidden", False) for c in code]
    long = [joined(c["source"]) for c, h in zip(code, hidden)
            if len(joined(c["source"]).splitlines()) > 8 and not h]
    assert long == []
    first = code[0]
    assert "render(game, lessons.showcase())" in joined(first["source"])
    assert any("image/png" in out.get("data", {}) for out in first["outputs"])


def saved_output(marker):
    """The saved output text of the code cell whose source contains ``marker``."""
    return next(outputs_text(c) for c in cells()
                if c["cell_type"] == "code" and marker in joined(c["source"]))


def test_the_lab_prose_agrees_with_the_saved_study():
    rows = {}
    for line in saved_output("shopping_study(KITS").splitlines():
        m = re.match(r"(.+?)\s+(\d+)\s+(\d+)\s+(\d+)%", line)
        if m:
            rows[m.group(1).strip()] = (int(m.group(2)), int(m.group(3)), int(m.group(4)))
    (games,) = {g for g, _, _ in rows.values()}          # every list plays the same number (GAMES)
    assert len(rows) == 6 and games >= 30
    wins = {name: w for name, (_, w, _) in rows.items()}
    rates = {name: rate for name, (_, _, rate) in rows.items()}
    evens = {m.group(1).strip(): (int(m.group(2)), int(m.group(3))) for m in
             re.finditer(r"^(.+?) won\s+(\d+)% \| an even share:\s+(\d+)%$", saved_output("r.even"), re.M)}
    assert set(evens) == set(rows)
    assert all(won < even for won, even in evens.values())            # no list reaches an even share
    assert max(wins, key=wins.get) == "basic kit" and list(wins.values()).count(wins["basic kit"]) == 1
    least = min(wins, key=wins.get)
    assert least == "new traps only"                                   # exercise 4's solution
    others = [w for name, w in wins.items() if name != least]
    assert 2 * wins[least] < min(others)                               # "by far the fewest"
    spread = max(r for n, r in rates.items() if n != least) - min(r for n, r in rates.items() if n != least)
    assert spread < 100 * lessons.margin(games)                        # closer than the margin of luck


# ---- the Market ------------------------------------------------------------------------------------
def test_stock_table_lists_every_item_with_its_cost_and_stock():
    table = lessons.stock_table()
    lines = {line.split("  ")[0].strip(): line.split() for line in table.splitlines()[2:] if "(" not in line}
    assert lines["catapult"][-6:] == [str(stock_for(n)["catapult"]) for n in range(1, 7)]
    assert lines["dragon"][1] == str(COST["dragon"])
    assert lines["dragon"][-6:] == ["2", "3", "5", "6", "8", "9"]
    assert lines["two-handed sword"][2] == str(COST["two_handed_sword"])
    assert len(lines) == 17


def test_the_folded_solutions_pass_their_checkers():
    # what the notebook's hidden "keeps the solutions honest" cell checked, here instead
    from bonekit.widgets.teaching import check
    order = lessons.buying_order(players=3, first=1, turns=7)
    assert check(["P2", "P3", "P1", "P1", "P3", "P2", "P2"], order).ok
    assert check("white", lessons.judge_labyrinth).ok and check("P1 symbol purple", lessons.judge_axe).ok
    solutions = joined(cells()[-2]["source"])  # the last cell is the link back to the first move
    assert '"white"' in solutions and '"P1 symbol purple"' in solutions and '"new traps only"' in solutions


def test_buying_order_snakes_from_the_first_buyer():
    assert lessons.buying_order(players=3, first=1, turns=7) == ["P2", "P3", "P1", "P1", "P3", "P2", "P2"]
    assert lessons.buying_order(players=2, first=0, turns=6) == ["P1", "P2", "P2", "P1", "P1", "P2"]
    seed = lessons.seed_with_first_buyer(4, 3)
    assert GAME.new(4, "advanced", seed=seed).market.buyer == 3


def test_the_guided_purchases_play_through_and_say_what_happens():
    from bonekit.widgets.lessons.bad_bones_advanced import FIRST_PURCHASES_SEED, first_purchases
    table = first_purchases()                                 # what the notebook builds
    assert table.seed == FIRST_PURCHASES_SEED == 3            # the notebook's setup cell uses seed 3
    assert table.state.market.buyer == 0                    # P1 is drawn first, as the prose says
    assert not table.act("P1 pass") and "final" in table.status.value   # the step's hint
    assert table.act("P1 buy dragon")
    m = table.state.market
    assert m.coins[0] == 15 and len(m.bought[1]) == 2 and m.buyer == 0  # P2 bought twice, back to P1
    assert table.act("P1 buy catapult")
    assert table.state.market.coins[0] == 12 and table.state.market.buyer == 0   # P1 opens lap 3
    assert table.act("P1 buy ice_wand") and table.finished
    assert table.state.market.coins[0] == 8 and table.state.boards[0].weapon == "ice_wand"
    assert not table.act("P1 buy rapier") and "bad_bones.market.weapons" in table.status.value


# ---- sandbox boards and the new traps ------------------------------------------------------------
def test_lab_board_shows_the_side_asked_for():
    board = lessons.lab_board(skeletons=[("b2", "e"), ("top-a", "s")], side="black")
    assert board.token == "black" and {s.side for s in board.boards[0].skeletons.values()} == {"black"}
    with pytest.raises(ValueError):
        lessons.lab_board(side="grey")


def test_paths_name_the_new_ways_off_a_board():
    bomb = path_rows(lab_state(skeletons=[("c1", "s"), ("b2", "e"), ("a2", "e")], traps=[("bomb", "c2")]), 3)
    assert bomb["c1"][2:] == ["bomb"] and bomb["b2"][2:] == ["bomb"]
    assert bomb["a2"][2:] == ["b2", "→", "c2", "↓", "TOWER!"]          # the arrow under the blast area
    spikes = path_rows(lab_state(skeletons=[("b1", "s")], traps=[("spring", "b2"), ("barricade", "b4")]), 1)
    assert spikes["b1"][2:] == ["spikes"]
    hearse = path_rows(lab_state(skeletons=[("b1", "s")], traps=[("hearse", "b2")]), 1)
    assert hearse["b1"][2:] == ["hearse"]
    catapult = path_rows(lab_state(skeletons=[("b1", "s")], traps=[("catapult", "b2")]), 1)
    assert catapult["b1"][2:] == ["catapult"]


def test_paths_mark_a_bomb_placed_on_a_crowd():
    from bonekit.games.bad_bones.puzzles import place
    crowd = lab_state(skeletons=[("d2", "w"), ("d2", "w"), ("e2", "w")], supply=["bomb"])
    blasted, _ = place(crowd, [("bomb", "d2")])
    table = trace(blasted, march(blasted, 2), before=crowd).splitlines()
    assert table[0].split() == ["start", "placed", "phase", "1", "phase", "2"]
    assert [line.split()[2] for line in table[1:3]] == ["bomb", "bomb"]
    assert table[3].split()[2:] == ["e2", "←", "d2", "←", "c2", "↓"]   # across the blast area
    assert blasted.boards[0].traps["d2"].blast


def test_watch_prints_the_table_the_events_and_the_damage(capsys):
    from bonekit.widgets.lessons.bad_bones_advanced import watch
    frames = watch(lab_state(skeletons=[("a2", "e")], traps=[("wall", "b2", "/"), ("barricade", "b1")]), 1)
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == ["a2", "→", "a2", "→"]     # the rulebook's wall-into-barricade
    assert "bad_bones.advanced.ruling.barricade_wall" in out and "tower 4 of 4 floors" in out
    traps = frames[0][0].boards[0].traps
    assert traps == {"b2": Trap("wall", True, "/"), "b1": Trap("barricade", True)}


def test_the_notebook_s_barricade_spring_and_portal_examples():
    held = path_rows(lab_state(skeletons=[("b1", "s"), ("left-2", "e")],
                               traps=[("barricade", "b2"), ("barricade", "a2")]), 3)
    assert held["b1"][2:] == ["b1", "↓", "b1", "↓", "b2", "↓"] and held["left-2"][-2:] == ["a2", "→"]
    hero = path_rows(lab_state(skeletons=[("b1", "s")], traps=[("barricade", "b2")], hero="b2"), 1)
    assert hero["b1"][2:] == ["b1", "↓"]
    spring = path_rows(lab_state(skeletons=[("b1", "s")], traps=[("spring", "b2")]), 1)
    assert spring["b1"][2:] == ["b4", "↓"]                              # over b3's arrow
    landings = lab_state(skeletons=[("top-c", "s"), ("b1", "s"), ("d1", "s")], hero="b4",
                         traps=[("spring", "c1"), ("spring", "b2"), ("spring", "d2")])
    rows = path_rows(landings, 1)
    assert (rows["top-c"][2], rows["b1"][2], rows["d1"][2:]) == ("TOWER!", "hero", ["d4", "↓"])
    portal = path_rows(lab_state(skeletons=[("b1", "s"), ("top-b", "s")], traps=[("portal", "b2")]), 3)
    assert portal["b1"][2:4] == ["top-a", "↓"] and portal["top-b"][4:6] == ["top-b", "↓"]


def test_the_labyrinth_examples_and_exercise_2():
    for colour, where in (("white", ("b2", "e")), ("black", ("c2", "s"))):
        board = lessons.lab_board(skeletons=[("b2", "e")], traps=[("labyrinth", "b2", colour)], side="black")
        (after, _), = march(board)
        sid = first_id(after.boards[0].skeletons)
        assert lessons.at(after, sid) == where and after.boards[0].skeletons[sid].side == "white"
        assert after.boards[0].traps["b2"] == Trap("labyrinth", False, colour)
    assert (lessons.phases_held("white"), lessons.phases_held("black")) == (1, 0)
    assert lessons.judge_labyrinth(" White ")[0] is True
    ok, why = lessons.judge_labyrinth("black")
    assert not ok and "next movement phase" in why
    assert lessons.judge_labyrinth("grey") == (False, "A labyrinth is white or black, not 'grey'.")


# ---- the weapons -----------------------------------------------------------------------------------
def test_armed_stages_a_weapon_alone_or_at_a_table():
    solo = lessons.armed("crossbow", [("b2", "s")] * 3 + [("c2", "w", "purple")], hero="a3")
    board = solo.boards[0]
    assert (solo.players, board.weapon, board.hero, len(board.skeletons)) == (1, "crossbow", "a3", 4)
    purple = [s for s in board.skeletons.values() if components().model_of(s.id).symbol == "purple"]
    assert [(lessons.at(solo, s.id)) for s in purple] == [("c2", "w")]
    table = lessons.armed("death_wand", [("b2", "s")] * 3, players=3)
    assert table.players == 3 and table.boards[0].weapon == "death_wand" and not table.boards[1].skeletons
    for bad in ({"weapon": "slingshot"}, {"weapon": "rapier", "skeletons": [("c3", "up", "red")]}):
        with pytest.raises(ValueError):
            lessons.armed(**bad)


def test_exercise_3_the_battleaxe_must_strike_purple():
    assert lessons.judge_axe("P1 symbol purple") == (True, "The battleaxe cuts down 2, and the tower keeps "
                                                           "all four floors.")
    assert lessons.judge_axe("Purple")[0]
    ok, why = lessons.judge_axe("P1 symbol red")
    assert not ok and "2 of 4 floors left" in why
    ok, why = lessons.judge_axe("P1 symbol blue")
    assert not ok and "refused" in why and "bad_bones.weapons.battleaxe" in why
    state, _ = GAME.apply(lessons.axe_board(), lessons.AXE_STEP)
    state, _ = GAME.apply(state, "P1 weapon use")
    assert lessons.weapon_labels(state) == ["P1 symbol purple", "P1 symbol yellow", "P1 symbol red"]


def test_the_notebook_s_weapon_examples_do_what_the_prose_says():
    play = GAME.apply
    fired, _ = play(lessons.armed("crossbow", [("b2", "s")] * 3 + [("d4", "s"), ("e4", "s"), ("top-a", "s")]),
                    "P1 hero b2")
    assert lessons.weapon_labels(fired) == ["P1 weapon skip", "P1 weapon use"]
    shot, _ = play(fired, "P1 weapon use")
    assert [a.split()[2] for a in lessons.weapon_labels(shot)] == ["d4", "e4"]      # not the forest
    stack = lessons.armed("teleportation_wand", [("b1", "s")] * 3 + [("e1", "s")], hero="b3")
    for label in ("P1 hero b2", "P1 pass", "P1 move b1 s", "P1 move b1 s"):
        stack, _ = play(stack, label)
        assert not stack.pending[0]
    stack, _ = play(stack, "P1 move b1 s")
    assert lessons.weapon_labels(stack) == ["P1 weapon skip", "P1 weapon use"]
    star = lessons.armed("morning_star", [("b2", "s")] * 3 + [("b1", "w"), ("b1", "e")],
                         traps=[("catapult", "a3")])
    for label in ("P1 hero b2", "P1 weapon use", "P1 lift b1"):
        star, _ = play(star, label)
    assert "P1 drop a3" not in lessons.weapon_labels(star) and "P1 drop c3" in lessons.weapon_labels(star)
    star, _ = play(star, "P1 drop a1")
    assert sorted(lessons.at(star, sid) for sid in star.boards[0].skeletons) == [("a1", "e"), ("a1", "w")]
    ice = lessons.armed("ice_wand", [("b2", "s")] * 3 + [("d2", "w"), ("d2", "w")])
    for label in ("P1 hero b2", "P1 weapon use", "P1 freeze d2"):
        ice, _ = play(ice, label)
    assert lessons.flipped(ice) == ["d2"]                   # shown on the other side while frozen
    ice, events = play(ice, "P1 pass")
    assert ice.round == 2 and "thaw" in [e.kind for e in events] and lessons.flipped(ice) == []


def test_the_hearse_example_moves_two_stars_to_p3():
    from bonekit.games.bad_bones import scenarios
    state = scenarios.staged(skeletons=[("b1", "s"), ("e1", "s")], traps=[("hearse", "b2")], hero="d5")
    state, _ = scenarios.play_seat(state, "P1 hero d4", "P1 pass", "P1 move b1 s")
    before = [GAME.score(state, s) for s in range(3)]
    state, _ = scenarios.play_seat(state, "P1 send p3")
    stars = components().stars("hearse", False)
    assert [GAME.score(state, s) for s in range(3)] == [before[0] - stars, before[1], before[2] + stars]
    assert "hearse" in state.boards[2].supply and stars == 2


# ---- the bots' game ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def replay():
    return lessons.bot_game()


def test_the_bots_game_shops_from_the_kits_and_plays_to_the_end(replay):
    final = replay.states[-1]
    assert replay.variant == "advanced" and final.over
    for seat, kit in enumerate(lessons.SHOWCASE_KITS):
        assert final.market.bought[seat][:len(kit)] == tuple(kit) and lessons.kit_cost(kit) <= 20
    assert replay.actions[0].split()[1] == "buy"


def test_the_opening_picture_shows_the_tiles_the_prose_names(replay):
    state = lessons.showcase()
    assert (state.round, state.phase) == (lessons.SHOWCASE_ROUND, "move")
    kinds = [{t.kind + ("*" if t.blast else "") for t in b.traps.values()} for b in state.boards]
    assert {"barricade", "spring"} <= kinds[0]
    assert state.boards[1].traps["b2"].blast and "portal" in kinds[1]
    assert "hearse" in kinds[2] and any(t.kind == "labyrinth" and t.orientation == "white"
                                        for t in state.boards[2].traps.values())
    assert [b.weapon for b in state.boards] == ["crossbow", "ice_wand", "rapier"]
    assert set(NEW_TRAP_KINDS) <= {k.rstrip("*") for ks in kinds for k in ks}


def test_highlights_point_at_steps_that_show_them(replay):
    found = lessons.highlights(replay)
    steps = [step for step, _, _ in found]
    assert steps == sorted(steps)
    for step, round_, text in found:
        assert any(e.text == text for e in replay.events[step]) and replay.states[step].round == round_
    texts = " ".join(text for _, _, text in found)
    assert "bomb goes off" in texts and "hearse joins" in texts and "uses the crossbow" in texts


def test_margin_is_two_standard_errors():
    assert lessons.margin(40) == pytest.approx(2 * (0.25 / 40) ** 0.5)
    assert lessons.margin(400) < lessons.margin(40)


def test_study_chart_wraps_names_but_keeps_the_table_plain():
    from bonekit.widgets.lessons.bad_bones_advanced import study_chart

    class Study:
        players, games = 2, 40

        def rows(self):
            return {"basic kit": 0.5, "bombs and barricades": 0.25}
    chart = study_chart(Study())
    assert chart.title == "Shopping lists: games won (2 players, 40 games each)"
    assert "bombs and barricades       25%" in chart.table and "\n" not in chart.table.splitlines()[2]
    assert "<svg" in chart.svg and chart.png.startswith(b"\x89PNG")


def test_the_notebook_and_its_helpers_quote_no_rulebook_passage():
    from test_rolled_bones_catalog import copied_passages
    rulebook = Path(__file__).resolve().parents[2] / "shared" / "rulebooks" / "bad_bones.txt"
    if not rulebook.exists():
        pytest.skip("the rulebooks sit beside the checkout; not here")
    theirs = rulebook.read_text(encoding="utf-8")
    root = Path(__file__).resolve().parents[1]
    ours = ["\n".join(joined(c["source"]) for c in cells() if c["cell_type"] == "markdown"),
            (root / "bonekit" / "games" / "bad_bones" / "advanced_lessons.py").read_text(encoding="utf-8"),
            (root / "widgets" / "lessons" / "bad_bones_advanced.py").read_text(encoding="utf-8")]
    assert [p for text in ours for p in copied_passages(text, theirs)] == []


# ---- the crossbow drill: a Table staged from a lesson's position --------------------------------
def test_the_crossbow_drill_table_is_played_by_clicks_and_rebuilt_from_its_summary():
    from bonekit.widgets import Table

    game = bonekit.load("bad_bones")
    table = Table(game, ["human"], seed=lessons.DRILL_SEED, variant="solo", stage=lessons.crossbow_drill)
    setup = table.setup()
    assert setup["stage"] == "bonekit.games.bad_bones.advanced_lessons:crossbow_drill"
    assert json.dumps(setup, sort_keys=True, separators=(",", ":")) in table.summary()
    twin = Table(game, setup["seats"], seed=setup["seed"], variant=setup["variant"], stage=setup["stage"])
    assert twin.state == table.state and twin.state.boards[0].weapon == "crossbow"
    assert table.history[0][1][-1].kind == "staged" and "crossbow drill" in table.history[0][1][-1].text

    def click(label):
        scene = table._scene()
        hit = next(h for h in scene.hits if h.target == label)
        table.click(hit.x + hit.w / 2, hit.y + hit.h / 2)

    click("P1 hero b2")
    assert [a.label for a in game.legal_actions(table.state, 0)] == ["P1 weapon skip", "P1 weapon use"]
    table.act("P1 weapon use")
    click("P1 shoot c2 yellow-top")
    texts = [e.text for _, events in table.history for e in events]
    assert any("crossbow eliminates the yellow skeleton on c2" in t for t in texts)
    assert table.state.phase == "traps" and table.state.boards[0].floors == 1
    with pytest.raises(ValueError, match="staged"):
        _ = table.replay
    with pytest.raises(ValueError, match="bonekit.module:function"):
        Table(game, ["human"], variant="solo", stage="os:system")
