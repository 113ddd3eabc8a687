"""The advanced Bad Bones game in the widgets: the Market as a picture (stock, coins, purchases,
whose turn) played by clicks and buttons in a Table, the weapon card beside each board, every
weapon decision drawn and answered by clicking squares, skeletons, symbols or directions, the
frozen skeletons' marks, and a Stepper over a whole advanced game.
"""
from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

import bonekit
from bonekit.core.bots import play_out
from bonekit.core.errors import IllegalAction
from bonekit.core.replay import Replay
from bonekit.games.bad_bones import GuardBot
from bonekit.games.bad_bones.market import COST, ITEMS, TRAPS_ON_SALE, WEAPONS
from bonekit.games.bad_bones.sandbox import lab_state
from bonekit.games.bad_bones.state import Skeleton
from bonekit.widgets import Rect, Stepper, Table, Text, render
from bonekit.widgets.views import bad_bones as view
from bonekit.widgets.views import bad_bones_market as market_view
from test_views_access import TYPOGRAPHY, _tokens, board_shapes, contrast_failures, legend_shapes


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bad_bones")


def texts(shapes) -> list[Text]:
    return [t for t in shapes if isinstance(t, Text)]


def inside(box, x, y) -> bool:
    bx, by, bw, bh = box
    return bx <= x <= bx + bw and by <= y <= by + bh


def centre(hit) -> tuple[float, float]:
    return hit.x + hit.w / 2, hit.y + hit.h / 2


def status(table: Table) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", table.status.value))


def click(table: Table, target: str) -> None:
    """Click the centre of the hit region with ``target``, as the browser would."""
    hit = next(h for h in reversed(table.picture.scene.hits) if h.target == target)
    assert table.picture.scene.hit_at(*centre(hit)) is hit
    table.click(*centre(hit))


def press(table: Table, label: str) -> None:
    """Press the Table's button for ``label``."""
    button = next(b for b in table.buttons.children if getattr(b, "tooltip", None) == label)
    button.click()


def assert_readable(name: str, scene) -> None:
    """The checks of test_views_access on one scene: contrast, and every sign in the key."""
    assert contrast_failures(scene) == [], (name, contrast_failures(scene)[:5])
    legend = [t.text for t in texts(legend_shapes(scene))]
    assert legend, name
    tokens, signs = _tokens(legend), "".join(legend)
    for t in texts(board_shapes(scene)):
        for c in t.text:
            if ord(c) > 127 and c not in TYPOGRAPHY:
                assert c in signs, (name, c, t.text)
        if len(t.text) == 1 and not t.text.isdigit() and t.text not in "abcde+":
            assert t.text in tokens, (name, t.text)


# ---- the Market ---------------------------------------------------------------------------------
def test_market_picture_shows_stock_coins_and_whose_turn(game):
    s = game.new(3, variant="advanced", seed=4)
    buyer = s.market.buyer
    scene = render(game, s)
    assert scene.hits == []                       # all-seeing: nobody clicks
    words = texts(board_shapes(scene))
    for item in ITEMS:
        box = market_view.item_box(3, item)
        here = [t.text for t in words if inside(box, t.x, t.y)]
        assert f"cost {COST[item]}" in " ".join(here), item
        assert f"{s.market.left(item)} left" in " ".join(here), item
        assert market_view.item_words(item) in here, item
    for p in range(3):
        x, y, w, h = market_view.geometry(3)["seats"][p]
        row = [t.text for t in words if inside((x, y, w, h), t.x, t.y)]
        assert f"P{p + 1}" in row and "20 coins left" in row, row
        assert ("buying now" if p == buyer else "waiting for a turn") in row, row
    assert f"P{buyer + 1} buys now" in " ".join(t.text for t in words)
    assert f"P{buyer + 1} buys now" in scene.description and "20 coins left" in scene.description
    # A player who does not buy now has nothing to click.
    other = (buyer + 1) % 3
    assert render(game, s, other, other).hits == []


def test_market_clicks_are_real_labels_and_the_outlined_ones_legal(game):
    s = game.new(2, variant="advanced", seed=3)
    b = s.market.buyer
    who = f"P{b + 1}"
    # Stage a buyer low on coins who already holds a weapon, with one trap sold out.
    s = game.copy_state(s)
    s.boards[b].weapon = "crossbow"
    stock = list(s.market.stock)
    stock[ITEMS.index("hearse")] = 0
    coins = list(s.market.coins)
    coins[b] = 4
    s.market = replace(s.market, stock=tuple(stock), coins=tuple(coins))
    scene = render(game, s, b, b)
    legal = {a.label for a in game.legal_actions(s, b)}
    cheap = {f"{who} buy {k}" for k in TRAPS_ON_SALE if COST[k] <= 4 and k != "hearse"}
    assert legal == {f"{who} pass"} | cheap
    targets = {h.target for h in scene.hits}
    assert targets == {f"{who} buy {i}" for i in ITEMS} | {f"{who} pass"}
    outlined = [r for r in board_shapes(scene) if isinstance(r, Rect) and r.stroke == view.LEGAL_EDGE]
    for h in scene.hits:
        box = (h.x, h.y, h.w, h.h)
        marked = any(inside(box, r.x, r.y) and r.w > h.w * 0.8 for r in outlined)
        if h.target in legal:
            assert marked or h.target.endswith("pass"), h.target
        else:   # still a real label: the engine refuses it with a rule
            assert not marked, h.target
            with pytest.raises(IllegalAction) as e:
                game.apply(s, h.target)
            assert e.value.rule in game.rules
    # The reasons are written on the items, not only shown by colour.
    words = texts(board_shapes(scene))
    said = {i: " ".join(t.text for t in words if inside(market_view.item_box(2, i), t.x, t.y)) for i in ITEMS}
    assert "sold out" in said["hearse"]
    assert "can't afford" in said["dragon"] and "can't afford" not in said["wall"]
    assert all("one weapon only" in said[w] for w in WEAPONS)
    assert_readable("market, staged refusals", scene)


def test_market_marks_the_last_purchase(game):
    s = game.new(2, variant="advanced", seed=3)
    b = s.market.buyer
    after, _ = game.apply(s, f"P{b + 1} buy dragon")
    scene = render(game, after, previous=s)
    assert f"P{b + 1} bought the dragon" in scene.description
    assert scene.to_svg() != render(game, after).to_svg()
    marks = [r for r in board_shapes(scene) if isinstance(r, Rect) and r.stroke == "#1a1a1a"]
    assert any(inside(market_view.item_box(2, "dragon"), r.x + 4, r.y + 4) for r in marks)
    assert any(inside(market_view.purchase_box(2, b, 1), r.x + 4, r.y + 4) for r in marks)


def test_table_buys_by_click_and_button_and_explains_a_refusal(game):
    t = Table("bad_bones", ["human", "guard"], variant="advanced", seed=2)
    assert t.state.phase == "market" and t.active == 0
    click(t, "P1 buy dragon")
    assert t.state.market.bought[0] == ("dragon",)
    assert t.active == 0 and t.state.market.buyer == 0       # the bot has bought in between
    press(t, "P1 buy ice_wand")
    assert t.state.market.bought[0] == ("dragon", "ice_wand") and t.state.boards[0].weapon == "ice_wand"
    # A second weapon: refused, the reason shown, nothing changed.
    before = (list(t.actions), game.text(t.state))
    click(t, "P1 buy crossbow")
    assert "one weapon only" in status(t) and "✗" in status(t)
    assert (list(t.actions), game.text(t.state)) == before
    click(t, "P1 buy dragon")                 # 20 - 5 - 4 - 5 = 6 coins left
    assert t.state.market.coins[0] == 6
    click(t, "P1 buy wall")                   # 3 left
    before = (list(t.actions), game.text(t.state))
    click(t, "P1 buy bomb")                   # costs 4
    assert "costs 4 coins" in status(t) and (list(t.actions), game.text(t.state)) == before
    click(t, "P1 pass")
    assert t.state.phase != "market" and t.active == 0       # round 1: the hero phase
    assert sorted(t.state.boards[0].supply) == ["dragon", "dragon", "treasure", "wall"]
    scene = t.picture.scene
    assert "weapon card: ice wand" in [x.text for x in texts(board_shapes(scene))]


# ---- weapons ------------------------------------------------------------------------------------
TRIO = [("b2", "s"), ("b2", "s"), ("b2", "e")]   # the hero steps onto b2: three at once
STAGES = {   # weapon: other skeletons on the board
    "crossbow": [("d4", "n"), ("d4", "w"), ("a1", "e")],
    "ice_wand": [("d4", "n"), ("d4", "w"), ("a1", "e")],
    "battleaxe": [("a2", "n"), ("b1", "w"), ("c2", "e"), ("a3", "s")],
    "morning_star": [("a2", "n"), ("c1", "w")],
    "rapier": [("a2", "n")],
    "two_handed_sword": [("a1", "e")],
}


def armed(game, weapon: str):
    """A lab board whose hero has just eliminated three skeletons at once, holding ``weapon``."""
    s = lab_state(skeletons=[*TRIO, *STAGES[weapon]], weapon=weapon, seed=1)
    s, _ = game.apply(s, "P1 hero b2")
    assert s.pending[0] and s.pending[0][0].step == "use"
    return s


def weapon_steps(game, s):
    """Answer every weapon step by clicking (the last region a step offers), checking each
    picture: all its targets are legal labels, every square, skeleton, symbol or direction the
    step asks for is a region, and the prompt names the weapon."""
    seen = []
    while s.pending[0] and s.pending[0][0].kind == "weapon":
        pend = s.pending[0][0]
        scene = render(game, s, 0, 0)
        legal = {a.label for a in game.legal_actions(s, 0)}
        targets = {h.target for h in scene.hits}
        assert targets == legal, (pend.step, sorted(targets ^ legal))
        name = view.weapon_name(pend.weapon)
        words = [t.text for t in texts(board_shapes(scene))]
        prompt = next(t for t in texts(board_shapes(scene)) if t.y == 54 and t.fill == view.ACTIVE_INK)
        assert prompt.text.startswith(f"P1: the {name}" if pend.step != "use" else "P1: your hero"), prompt
        assert name in prompt.text
        assert "weapon card: " + name in words
        assert_readable(f"{pend.weapon} {pend.step}", scene)
        hit = scene.hits[-1]
        assert scene.hit_at(*centre(hit)) is hit
        seen.append((pend.step, hit.target))
        s, _ = game.apply(s, hit.target if pend.step != "use" else "P1 weapon use")
    return s, seen


@pytest.mark.parametrize("weapon", sorted(STAGES))
def test_each_weapon_decision_is_drawn_and_answered_by_clicks(game, weapon):
    s, seen = weapon_steps(game, armed(game, weapon))
    steps = [step for step, _ in seen]
    want = {"crossbow": ["use", "shoot"], "ice_wand": ["use", "freeze"], "battleaxe": ["use", "symbol"],
            "morning_star": ["use", "lift", "drop"], "rapier": ["use", "point", "face"],
            "two_handed_sword": ["use", "hero"]}[weapon]
    assert steps == want
    assert not s.pending[0] and s.phase == "traps"


def test_weapon_regions_lie_on_what_they_name(game):
    """Squares on their square, skeletons on a token of theirs, symbols on a skeleton of that
    symbol or a button, directions on the square's side they point to."""
    g = view.layout(1)[0][0]
    s = armed(game, "battleaxe")
    s, _ = game.apply(s, "P1 weapon use")
    scene = render(game, s, 0, 0)
    for h in scene.hits:
        sym = h.target.split()[-1]
        x, y = centre(h)
        if y < g.gy + 5 * g.cs:   # on the board: a stack of that symbol beside the hero
            stacks = [st for rc in ((0, 1), (1, 0), (1, 2)) for st in view.stacks_at(s, g, *rc)
                      if abs(st[3] - x) < 2 and abs(st[4] - y) < 2]
            assert stacks and view.symbol_of(game, stacks[0][2][0].id) == sym, h
    s = armed(game, "rapier")
    s, _ = game.apply(s, "P1 weapon use")
    s, _ = game.apply(s, "P1 point a2")
    x, y, w, h = g.square_box("a2")
    scene = render(game, s, 0, 0)
    for d, (px, py) in {"n": (x + w / 2, y + 3), "s": (x + w / 2, y + h - 3), "w": (x + 3, y + h / 2),
                        "e": (x + w - 3, y + h / 2)}.items():
        assert scene.hit_at(px, py).target == f"P1 face {d}"
    assert "north" in [t.text for t in texts(board_shapes(scene))]


def test_death_wand_sends_by_clicking_an_opponents_board(game):
    s = game.copy_state(game.new(3, setup="empty", seed=2))
    b = s.boards[0]
    b.weapon = "death_wand"
    for token in sorted(s.bag)[:3]:
        s.bag.remove(token)
        b.skeletons[token] = Skeleton(token, game.data.model_of(token).name, 1, 1, "s", s.token)
    s, _ = game.apply(s, "P1 hero b2")
    s, _ = game.apply(s, "P1 weapon use")
    assert s.pending[0][0].step == "send"
    scene = render(game, s, 0, 0)
    legal = {a.label for a in game.legal_actions(s, 0)}
    assert {h.target for h in scene.hits} == legal and len(legal) == 2
    geos = view.layout(3, view.legend_for(s), True)[0]
    for seat in (1, 2):
        og = geos[seat]
        hit = scene.hit_at(og.x + og.w / 2, og.y + og.h / 3)
        assert hit.target == f"P1 send p{seat + 1}"
    prompt = next(t.text for t in texts(board_shapes(scene)) if t.y == 54)
    assert prompt.startswith("P1: the death wand: click the board") and "3 eliminated skeletons" in prompt
    assert_readable("death wand send", scene)
    s2, _ = game.apply(s, "P1 send p3")
    assert len(s2.boards[2].cemetery) == 3


def test_weapon_card_beside_each_board_that_has_one(game):
    s = game.copy_state(game.new(2, seed=1))
    plain = render(game, s)
    s.boards[1].weapon = "morning_star"
    scene = render(game, s)
    assert scene.height > plain.height
    g = view.layout(2, view.legend_for(s), True)[0][1]
    box = view.weapon_box(g)
    here = " ".join(t.text for t in texts(board_shapes(scene)) if inside(box, t.x, t.y))
    assert "weapon card: morning star" in here and "trap-free square" in here
    g0 = view.layout(2, view.legend_for(s), True)[0][0]
    assert not [t for t in texts(board_shapes(scene)) if inside(view.weapon_box(g0), t.x, t.y)]
    assert view.WEAPON_ENTRY.text in [t.text for t in texts(legend_shapes(scene))]
    assert view.WEAPON_ENTRY.text not in [t.text for t in texts(legend_shapes(plain))]
    assert "weapon card morning star" in scene.description
    assert_readable("weapon card", scene)


# ---- frozen skeletons ---------------------------------------------------------------------------
def frost_marks(scene) -> list[tuple[float, float]]:
    return [(r.x + r.w / 2, r.y + r.h / 2) for r in board_shapes(scene)
            if isinstance(r, Rect) and r.stroke == view.FROST_EDGE and r.fill == "#ffffff"]


def test_frozen_skeletons_are_marked_with_the_movements_left(game):
    s = armed(game, "ice_wand")
    s, _ = game.apply(s, "P1 weapon use")
    plain = render(game, s)
    assert frost_marks(plain) == []
    assert view.FROST_ENTRY.text not in [t.text for t in texts(legend_shapes(plain))]
    s, _ = game.apply(s, "P1 freeze d4")
    assert len(s.boards[0].frozen) == 2
    scene = render(game, s, 0, 0)
    g = view.layout(1, view.legend_for(s), True)[0][0]
    marks = frost_marks(scene)
    assert len(marks) == 2 and all(inside(g.square_box("d4"), x, y) for x, y in marks)
    numbers = [t for t in texts(board_shapes(scene)) if t.text == "1"
               and any(abs(t.x - x) < 12 and abs(t.y - y) < 6 for x, y in marks)]
    assert len(numbers) == 2
    assert view.FROST_ENTRY.text in [t.text for t in texts(legend_shapes(scene))]
    assert "2 frozen" in scene.description
    assert_readable("frozen", scene)
    # They sit out this movement (nothing to click on them), then thaw.
    s, _ = game.apply(s, "P1 pass")
    assert s.phase == "move"
    scene = render(game, s, 0, 0)
    assert len(frost_marks(scene)) == 2
    assert not any(h.target.startswith("P1 move d4") for h in scene.hits)
    s, _ = game.apply(s, "P1 move-all")
    assert not s.boards[0].frozen and frost_marks(render(game, s)) == []


# ---- whole games --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def advanced_replay(game):
    players, seed = 3, 9         # the rapier's point and face, the death wand's send, the crossbow
    state = game.new(players, variant="advanced", seed=seed)
    _, actions = play_out(game, state, {i: GuardBot(i) for i in range(players)})
    return Replay("bad_bones", players, seed, "advanced", {}, [a.label for a in actions])


def test_stepper_renders_every_step_of_an_advanced_game(game, advanced_replay):
    r = advanced_replay
    labels = " ".join(r.actions)
    assert " buy " in labels and " weapon use" in labels and " face " in labels
    st = Stepper(r)
    for step in range(len(r.actions) + 1):
        st.go(step)
        assert st.step == step
        scene = st.picture.scene
        assert scene.width > 0 and scene.description
    words = " ".join(t.text for t in texts(st.picture.scene.shapes))
    assert game.outcome(r.final_state()).summary[:30] in words


def test_advanced_scenes_read_for_every_seat_that_clicks(game, advanced_replay):
    states = advanced_replay.states
    picked = [i for i, s in enumerate(states)
              if s.phase == "market" or any(p and p[0].kind == "weapon" for p in s.pending)]
    picked += list(range(0, len(states), 60))
    for i in sorted(set(picked)):
        s, prev = states[i], states[i - 1] if i else None
        assert_readable(f"step {i} all-seeing", render(game, s, previous=prev))
        for seat in game.to_move(s):
            scene = render(game, s, seat, seat, previous=prev)
            assert_readable(f"step {i} P{seat + 1}", scene)
            legal = {a.label for a in game.legal_actions(s, seat)}
            for h in scene.hits:   # a real label: legal, or one the engine explains
                if h.target in legal or h.target.startswith("select:"):
                    continue
                with pytest.raises(IllegalAction):
                    game.apply(s, h.target)
