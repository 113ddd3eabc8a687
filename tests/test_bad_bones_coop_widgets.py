"""The co-op game in the Bad Bones pictures: the boards' co-op side (four towers, ruins with their
bold arrows, the bottom forest, the band toward the capital), the team's band (capital houses,
the shared supply, the traps held until next round, the round counter), the start phase's tower
choice, every legal action reachable by a click or a button (and every click a real label),
the key and the description, a Table played by clicks, a Stepper over a whole game, and the
other games' pictures unchanged.
"""
from __future__ import annotations

import pytest

import bonekit
from bonekit import RandomBot, Replay, play_out
from bonekit.core.errors import IllegalAction
from bonekit.games.bad_bones.board import SIZE
from bonekit.widgets import Polygon, Rect, Stepper, Table, render
from bonekit.widgets.views import bad_bones as view
from test_bad_bones_advanced_widgets import assert_readable, click, inside, texts
from test_bad_bones_chiefs_widgets import UNCHANGED, digest, unchanged_scenes
from test_views_access import board_shapes, legend_shapes

GAME = bonekit.load("bad_bones")


def walk(players: int, seed: int):
    """Every state of a co-op game played by RandomBots, from setup to the end."""
    s = GAME.new(players, "coop", seed=seed)
    bots = {i: RandomBot(seed * 10 + i) for i in range(players)}
    states = [s]
    while not GAME.outcome(s):
        seat = GAME.to_move(s)[0]
        s, _ = GAME.apply(s, bots[seat].choose(GAME, s, seat))
        states.append(s)
    return states


@pytest.fixture(scope="module")
def games():
    return {(n, seed): walk(n, seed) for n in (2, 3, 4, 5, 6) for seed in (1, 2)}


def first(states, test):
    return next(i for i, s in enumerate(states) if test(s))


def words_of(scene) -> list[str]:
    return [t.text for t in texts(board_shapes(scene))]


def reachable(s, seat: int, prev=None) -> None:
    """Every click target of ``seat``'s picture is a legal label, a selection, or refused by the
    engine; every legal action has a click (a trap placed: its tile in the team's supply, then
    a square of the picture with that selection)."""
    scene = render(GAME, s, seat, seat, previous=prev)
    legal = {a.label: a for a in GAME.legal_actions(s, seat)}
    targets = {h.target for h in scene.hits}
    for t in targets - set(legal):
        if t.startswith("select:"):
            continue
        with pytest.raises(IllegalAction):
            GAME.apply(s, t)
    picked: dict[str, set[str]] = {}
    for label, a in legal.items():
        if a.verb != "place":
            assert label in targets, (s.phase, label)
            continue
        kind, o = a.args[0], (a.args[2] if len(a.args) > 2 else None)
        sel = f"place {kind}" + (f" {o}" if o else "")
        default = f"place {kind}" + (f" {view.TURNS[kind][0]}" if kind in view.TURNS else "")
        # the tile selects the default side; the switch button (with it selected) the other
        assert f"select:{default}" in targets, (kind, targets)
        if sel not in picked:
            picked[sel] = {h.target for h in render(GAME, s, seat, seat, sel, prev).hits}
            if sel != default:
                assert f"select:{sel}" in {h.target for h in render(GAME, s, seat, seat, default).hits}
        assert label in picked[sel], label


# ---- every phase, every size -----------------------------------------------------------------------
def test_every_phase_of_2_to_6_player_games_renders_and_reads(games):
    for (n, seed), states in games.items():
        seen = set()
        for i, s in enumerate(states):
            key = (s.phase, bool(any(s.pending)), s.pending[GAME.to_move(s)[0]][0].kind
                   if GAME.to_move(s) and s.pending[GAME.to_move(s)[0]] else "")
            if key in seen and i != len(states) - 1:
                continue
            seen.add(key)
            prev = states[i - 1] if i else None
            assert_readable(f"{n}p seed {seed} step {i}", render(GAME, s, previous=prev))
            for seat in GAME.to_move(s):
                scene = render(GAME, s, seat, seat, previous=prev)
                assert_readable(f"{n}p seed {seed} step {i} P{seat + 1}", scene)
                assert scene.description.startswith(f"Bad Bones, co-op game, {n} players")
        assert {"start", "hero", "traps", "move", "over"} <= {k[0] for k in seen}, (n, seed)


def test_every_click_is_a_label_and_every_legal_action_has_a_click(games):
    kinds = set()
    for (n, _seed), states in games.items():
        if n > 4:
            continue
        for i, s in enumerate(states):
            for seat in GAME.to_move(s):
                reachable(s, seat, states[i - 1] if i else None)
                if s.pending[seat]:
                    kinds.add((s.pending[seat][0].kind, s.pending[seat][0].square.split("-")[0]))
    assert {"send", "repel"} <= {k for k, _ in kinds}


def test_a_skeleton_leaving_by_the_bottom_forest_is_sent_by_a_click():
    for seed in range(40):
        states = walk(3, seed)
        found = [s for s in states if any(p and p[0].kind == "send" and p[0].square.startswith("bottom")
                                          for p in s.pending)]
        if found:
            break
    else:
        pytest.fail("no skeleton left by the bottom forest in 40 games")
    s = found[0]
    seat = next(p for p in range(3) if s.pending[p] and s.pending[p][0].square.startswith("bottom"))
    scene = render(GAME, s, seat, seat)
    hint = " ".join(words_of(scene))
    assert "leaves by the bottom forest" in hint
    assert f"leaves by the bottom ({s.pending[seat][0].square})" in scene.description
    sends = {a.label for a in GAME.legal_actions(s, seat)}
    assert len(sends) == 2 and sends <= {h.target for h in scene.hits}
    reachable(s, seat)


def test_a_dragon_offers_the_bottom_forest_outlined_in_orange():
    for seed in range(60):
        states = walk(2, seed)
        found = [(s, p) for s in states for p in range(2) if s.pending[p] and s.pending[p][0].kind == "repel"
                 and any(a.args[0].startswith("bottom") for a in GAME.legal_actions(s, p))]
        if found:
            break
    else:
        pytest.fail("no dragon beside the bottom forest in 60 games")
    s, seat = found[0]
    scene = render(GAME, s, seat, seat)
    g = view.layout(2, view.legend_for(s), coop=True)[0][seat]
    spot = next(a for a in GAME.legal_actions(s, seat) if a.args[0].startswith("bottom"))
    x, y, w, h = g.square_box(spot.args[0])
    assert y > g.gy + SIZE * g.cs              # under the grid: the bottom forest row
    assert scene.hit_at(x + w / 2, y + h / 2).target == spot.label
    assert [r for r in board_shapes(scene) if isinstance(r, Rect) and r.stroke == view.OFFER_EDGE
            and inside((x, y, w, h), r.x + r.w / 2, r.y + r.h / 2)]


# ---- what the co-op side and the team's band show ----------------------------------------------------
def tower_bodies(scene, g):
    """The towers drawn on board ``g``: the squares holding a keep's body."""
    out = set()
    for r in board_shapes(scene):
        if isinstance(r, Rect) and r.fill == view.FLOOR_FILL and r.radius == 1:
            for sq in ("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5").split():
                if inside(g.square_box(sq), r.x + r.w / 2, r.y + r.h / 2):
                    out.add(sq)
    return out


def test_towers_ruins_bottom_forest_band_capital_and_supply_are_drawn(games):
    states = games[(3, 1)]
    i = first(states, lambda s: s.phase == "traps" and any(len(b.towers) < 4 for b in s.boards))
    s = states[i]
    scene = render(GAME, s)
    geos = view.layout(3, view.legend_for(s), coop=True)[0]
    words = words_of(scene)
    for p, g in enumerate(geos):
        b = s.boards[p]
        assert tower_bodies(scene, g) == set(b.towers)
        assert "c3" not in b.towers
        fallen = [t for t in GAME.data.coop_towers if t not in b.towers]
        panel = (g.x, g.y, g.w, g.h)
        ruins = [t for t in texts(board_shapes(scene)) if t.text == "ruins" and inside(panel, t.x, t.y)]
        assert len(ruins) == len(fallen)
        bold = [ln for ln in board_shapes(scene) if getattr(ln, "stroke", None) == view.RUIN_INK
                and getattr(ln, "width", 0) == 3.5 and inside((g.x, g.y, g.w, g.h), ln.x1, ln.y1)]
        assert len(bold) == 2 * 2 * len(fallen)      # two arrows a ruin, two strokes an arrow
        for c in range(SIZE):   # five bottom forest spots under the grid
            x, y, w, h = g.box(SIZE, c)
            assert y >= g.gy + SIZE * g.cs
            assert [r for r in board_shapes(scene) if isinstance(r, Rect) and r.fill == view.FOREST_BG
                    and inside((x, y, w, h), r.x + r.w / 2, r.y + r.h / 2)]
        assert f"towers standing: {', '.join(b.towers)}" in " ".join(words)
    assert words.count("the capital lies this way") == 3
    assert "village" not in words
    band = view.team_layout(s, scene.width)
    assert len(band["capital"]) == s.capital_size and f"capital {s.capital}/{s.capital_size}" in words
    tiles = [r for r in board_shapes(scene) if isinstance(r, Rect) and r.fill in view.TRAP_FILL.values()
             and r.y < geos[0].y]
    assert len(tiles) == len(s.shared) + len(s.held)
    assert ("back next round" in words) == bool(s.held)
    assert GAME.stage(s)[0] in words       # the round counter: "round N of 10"
    assert f"The capital: {s.capital} of {s.capital_size} houses standing" in scene.description
    assert f"{len(s.boards[0].towers)} of 4 towers standing" in scene.description


def test_the_key_names_ruins_and_held_traps_only_when_shown():
    s = GAME.new(3, "coop", seed=1)
    key = [t.text for t in texts(legend_shapes(render(GAME, s)))]
    assert view.COOP_TOWER_ENTRY.text in key and view.BAND_ENTRY.text in key
    assert view.RUINS_ENTRY.text not in key and view.HELD_ENTRY.text not in key
    assert not [t for t in key if t.startswith("tower floors")]
    later = GAME.copy_state(s)
    b = later.boards[1]
    b.towers = ("b2", "d2", "d4")
    b.floors = 3
    b.arrows = {**b.arrows, **GAME.data.ruins["b4"]}
    later.held = ("wall",)
    later.shared = [k for k in later.shared]
    later.shared.remove("wall")
    key = [t.text for t in texts(legend_shapes(render(GAME, later)))]
    assert view.RUINS_ENTRY.text in key and view.HELD_ENTRY.text in key


# ---- the start phase ---------------------------------------------------------------------------------
def test_start_phase_outlines_the_towers_and_asks_for_one():
    s = GAME.new(3, "coop", seed=1)
    scene = render(GAME, s, 1, 1)
    g = view.layout(3, view.legend_for(s), coop=True)[0][1]
    assert {h.target for h in scene.hits} == {f"P2 start {t}" for t in GAME.data.coop_towers}
    for t in GAME.data.coop_towers:
        x, y, w, h = g.square_box(t)
        assert scene.hit_at(x + w / 2, y + h / 2).target == f"P2 start {t}"
        assert [r for r in board_shapes(scene) if isinstance(r, Rect) and r.stroke == view.LEGAL_EDGE
                and inside((x, y, w, h), r.x + r.w / 2, r.y + r.h / 2)]
    words = " ".join(words_of(scene))
    assert "choose your hero's tower" in words and "before round 1" in words
    assert "the heroes choose their towers" in scene.description
    assert "fell slaying" not in words      # no hero yet is not the emperor's doing
    assert render(GAME, s).hits == []


# ---- a Table and a Stepper -----------------------------------------------------------------------------
def test_table_played_by_clicks_through_the_start_and_a_first_round():
    table = Table(GAME, ["human", "random", "random"], variant="coop", seed=3)
    assert table.state.phase == "start"
    click(table, "P1 start d2")
    assert table.state.boards[0].hero == "d2"
    assert table.state.phase == "hero"
    hero = next(a.label for a in GAME.legal_actions(table.state, 0))
    click(table, hero)
    assert table.state.phase == "traps" or 0 not in GAME.to_move(table.state)
    s = table.state
    kind = next(k for k in s.shared if k not in view.TURNS)
    click(table, f"select:place {kind}")
    place = next(a.label for a in GAME.legal_actions(s, 0) if a.verb == "place" and a.args[0] == kind)
    click(table, place)
    assert place in table.actions
    assert kind in [t.kind for t in table.state.boards[0].traps.values()] or table.state.phase != "traps"
    for _ in range(200):   # the movement phase: click a skeleton, or move all
        s = table.state
        if s.round > 1 or GAME.outcome(s):
            break
        assert 0 in GAME.to_move(s), s.phase
        legal = GAME.legal_actions(s, 0)
        label = next((a.label for a in legal if a.verb in ("move", "send", "repel")), legal[0].label)
        if s.phase == "traps":
            label = "P1 pass"
        click(table, label)
    assert table.state.round == 2 and table.state.phase == "hero"


def test_stepper_shows_a_whole_coop_game():
    players, seed = 3, 5
    bots = {i: RandomBot(i) for i in range(players)}
    _, actions = play_out(GAME, GAME.new(players, "coop", seed=seed), bots)
    r = Replay("bad_bones", players, seed, "coop", {}, [a.label for a in actions])
    st = Stepper(r)
    for step in range(len(r.actions) + 1):
        st.go(step)
        scene = st.picture.scene
        state = r.states[step]
        assert scene.description.startswith("Bad Bones, co-op game")
        roofs = ("#b03a2e", "#2b2b2b")   # a house's roof, standing or burnt
        houses = [p for p in board_shapes(scene) if isinstance(p, Polygon) and p.fill in roofs
                  and p.points[1][1] < view.HEADER + view.TEAM_H]
        assert len(houses) == state.capital_size
    words = " ".join(t.text for t in texts(st.picture.scene.shapes))
    assert GAME.outcome(r.final_state()).summary[:30] in words


def test_last_step_marks_a_fallen_tower_and_a_burnt_house(games):
    changes = []
    for states in games.values():
        for k in range(1, len(states)):
            changes += view.changes_since(GAME, states[k - 1], states[k])
    kinds = {c.kind for c in changes}
    assert {"tower", "capital", "start"} <= kinds
    words = " ".join(c.words for c in changes)
    assert "fell: its ruins show new arrows" in words and "a house of the capital burnt" in words
    assert "hero starts on the tower on" in words


# ---- the other games ----------------------------------------------------------------------------------
def test_pictures_of_the_other_games_are_unchanged():
    assert {name: digest(scene) for name, scene in unchanged_scenes(GAME).items()} == UNCHANGED


def test_the_team_market_is_drawn_and_bought_from_by_clicks():
    from bonekit.widgets import Table

    state = GAME.new(3, "coop", advanced=True, seed=1)
    state, _ = GAME.apply(state, "P2 buy dragon")
    scene = render(GAME, state, 0, 0)
    assert {h.target for h in scene.hits} == {a.label for a in GAME.legal_actions(state, 0)}
    words = " ".join(t.text for t in scene.shapes if hasattr(t, "text"))
    assert "one purse of 31 coins" in words and "buys now" not in words
    assert "the team shops together, no turns, from one purse of 31 coins" in scene.description.lower()
    assert "coins left" not in scene.description
    table = Table(GAME, ["human", "random", "random"], variant="coop", advanced=True, seed=1)
    hit = next(h for h in table._scene().hits if h.target == "P1 buy wall")
    table.click(hit.x + hit.w / 2, hit.y + hit.h / 2)
    assert "wall" in table.state.market.bought[0]


def test_co_op_keys_explain_the_chiefs_and_the_advanced_traps_they_show():
    from bonekit.games.bad_bones import coop_lessons

    chiefs = render(GAME, coop_lessons.artificer_table()).to_svg()
    assert "orange rim: a Skeleton Chief" in chiefs and "2 towers or capital houses" in chiefs
    assert "capital house (dark: burnt)" in chiefs            # still the co-op side's key
    hearse = render(GAME, coop_lessons.hearse_table()).to_svg()
    assert "advanced traps: hearse" in hearse and "orange rim" not in hearse
