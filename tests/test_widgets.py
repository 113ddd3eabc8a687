"""Stepper and Table, driven from Python as a notebook user would (no browser: comms are no-ops).

Buttons are pressed with ``button.click()``, the picture is clicked with ``table.click(x, y)``
at the centre of a hit region, keys go through ``stepper.key`` or the canvas's key message.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bonekit
from bonekit.core.bots import play_out
from bonekit.core.events import events_for
from bonekit.core.replay import Replay
from bonekit.games.bone_to_pick import CarefulBot
from bonekit.widgets import Scene, Stepper, Table, Text, render
from bonekit.widgets.base import digest
from bonekit.widgets.panels import board_html
from bonekit.widgets.views import bone_to_pick as view

SVG = "{http://www.w3.org/2000/svg}"
HUMAN_AND_BOTS = ["human", "careful", "careful", "careful"]
HAND_X = (150, 150 + 12 * (view.CARD_W + view.GAP))


# ---- helpers ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def game():
    return bonekit.load("bone_to_pick")


@pytest.fixture(scope="module")
def replay(game):
    """A full four-player CarefulBot game (seed 3 ends in victory)."""
    state = game.new(4, seed=3)
    _, actions = play_out(game, state, {i: CarefulBot(i) for i in range(4)})
    r = Replay("bone_to_pick", 4, 3, None, {}, [a.label for a in actions])
    assert game.is_over(r.final_state())
    return r


def svg_words(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(SVG + "text")]


def hand_texts(scene: Scene, p: int) -> list[str]:
    y0, y1 = view.TOP + view.ROW * p, view.TOP + view.ROW * (p + 1)
    return [t.text for t in scene.shapes if isinstance(t, Text) and y0 <= t.y < y1
            and HAND_X[0] <= t.x < HAND_X[1] and t.text != "hand"]


def step_svg(game, replay, step: int, seat=None) -> str:
    """The picture a Stepper shows at ``step``: marked against the step before."""
    previous = replay.states[step - 1] if step else None
    return render(game, replay.states[step], seat, previous=previous).to_svg()


def bundle_of(widget) -> dict:
    """The data part of a widget's (data, metadata) mime bundle."""
    data, metadata = widget._repr_mimebundle_()
    return data


def cited(html: str) -> list[str]:
    return re.findall(r'<code[^>]*>([^<]*)</code>', html)


def centre(hit) -> tuple[float, float]:
    return hit.x + hit.w / 2, hit.y + hit.h / 2


def card_hits(table: Table) -> list:
    """Hit regions over the acting human's hand cards (not the used pile)."""
    return [h for h in table.picture.scene.hits if h.x < HAND_X[1]]


def snapshot(table: Table):
    return list(table.actions), table.game.text(table.state), len(table.history)


def assert_consistent(table: Table, rebuild: bool = True) -> None:
    game = table.game
    if rebuild:
        rebuilt = Replay("bone_to_pick", len(table.seats), table.seed, table.variant,
                         dict(table.options), list(table.actions)).final_state()
        assert game.text(rebuilt) == game.text(table.state)
        assert game.text(table.replay.final_state()) == game.text(table.state)
    assert len(table.history) == len(table.actions) + 1
    if game.is_over(table.state):
        assert table.active is None and table.buttons.children == ()
        assert table.typed.disabled
    else:
        # Bots never leave the human waiting on them.
        assert table.active == 0
        legal = {a.label for a in game.legal_actions(table.state, 0)}
        assert {b.tooltip for b in table.buttons.children} == legal
        assert {h.target for h in card_hits(table)} == legal
    assert table.picture.scene.to_svg() == render(game, table.state, table.viewer,
                                                  table.active, None, table.previous).to_svg()


# ---- Stepper ------------------------------------------------------------------------------------
def test_stepper_buttons_move_and_change_picture_and_log(game, replay):
    st_ = Stepper(replay)
    last = len(replay) - 1
    assert st_.step == 0 and st_.slider.max == last == st_.player.max
    assert st_.first_button.disabled and st_.back_button.disabled
    assert not st_.next_button.disabled and not st_.last_button.disabled
    svg0, log0, paints0 = st_.picture.scene.to_svg(), st_.event_log.value, st_.picture.paints

    st_.next_button.click()
    assert st_.step == 1 and st_.slider.value == 1
    assert st_.picture.scene.to_svg() != svg0
    assert st_.event_log.value != log0
    assert st_.picture.paints > paints0
    assert not st_.first_button.disabled and not st_.back_button.disabled
    assert st_.picture.scene.to_svg() == step_svg(game, replay, 1)

    st_.last_button.click()
    assert st_.step == last
    assert st_.next_button.disabled and st_.last_button.disabled
    assert not st_.back_button.disabled
    assert st_.picture.scene.to_svg() == step_svg(game, replay, last)
    words = svg_words(st_.picture.scene.to_svg())
    assert "VICTORY" in words
    st_.next_button.click()          # a press at the end does nothing
    assert st_.step == last

    st_.back_button.click()
    assert st_.step == last - 1
    assert st_.picture.scene.to_svg() == step_svg(game, replay, last - 1)
    st_.first_button.click()
    assert st_.step == 0 and st_.picture.scene.to_svg() == svg0
    assert st_.event_log.value == log0
    st_.back_button.click()
    assert st_.step == 0


def test_stepper_event_log_bolds_current_step(replay):
    st_ = Stepper(replay, step=4)
    log = st_.event_log.value
    current = [e.text for e in replay.events[4]]
    assert current and all(f"<b>{t}</b>" in log for t in current)
    assert log.count("<b>") == len(current)
    # One row per event up to this step and none from the future.
    assert log.count("<div><span") == sum(len(replay.events[i]) for i in range(5))
    assert f"<b>{replay.events[3][-1].text}</b>" not in log


def test_stepper_slider_changes_picture(game, replay):
    st_ = Stepper(replay)
    before = st_.picture.scene.to_svg()
    st_.slider.value = 10
    assert st_.step == 10
    assert st_.picture.scene.to_svg() != before
    assert st_.picture.scene.to_svg() == step_svg(game, replay, 10)
    assert st_.board.value == board_html(game.text(replay.states[10]))
    st_.go(10_000)
    assert st_.step == len(replay) - 1
    st_.go(-5)
    assert st_.step == 0


def test_stepper_keys(replay):
    st_ = Stepper(replay)
    last = len(replay) - 1
    st_.key("ArrowRight")
    st_.key("n")
    assert st_.step == 2
    st_.key("ArrowLeft")
    assert st_.step == 1
    st_.key("End")
    assert st_.step == last
    st_.key("p")
    assert st_.step == last - 1
    st_.key("Home")
    assert st_.step == 0
    st_.key("q")
    st_.key("Enter")
    assert st_.step == 0
    # The same keys arrive from the canvas as ipycanvas key_down messages.
    canvas = st_.picture.canvas
    canvas._handle_frontend_event(canvas, {"event": "key_down", "key": "ArrowRight",
                                           "shift_key": False, "ctrl_key": False,
                                           "meta_key": False}, [])
    assert st_.step == 1


def test_stepper_view_dropdown_hides_other_hands(game, replay):
    st_ = Stepper(replay, step=6)
    state = replay.states[6]
    full = st_.picture.scene
    for p in range(4):
        assert sorted(map(int, hand_texts(full, p))) == sorted(state.hands[p])
    board_full = st_.board.value
    st_.view_choice.value = 0
    assert st_.seat == 0
    sc = st_.picture.scene
    assert sorted(map(int, hand_texts(sc, 0))) == sorted(state.hands[0])
    for p in (1, 2, 3):
        assert hand_texts(sc, p) == []
    title = ET.fromstring(sc.to_svg()).find(SVG + "title").text
    assert "view of P1" in title
    board = st_.board.value
    assert board != board_full
    assert "P1 · hand: " + " ".join(map(str, state.hands[0])) in board
    for p in (1, 2, 3):
        assert f"P{p + 1} · hand: {len(state.hands[p])} cards (hidden)" in board
        hand = " ".join(map(str, state.hands[p]))
        assert f"P{p + 1} · hand: {hand}" in board_full
    # Other seats' face-down choices are not in P1's event log.
    for i in range(st_.step + 1):
        for e in replay.events[i]:
            if e.kind == "choose" and e.data["seat"] != 0:
                assert e.text not in st_.event_log.value
    assert "The 40 undead are shuffled" not in st_.event_log.value
    st_.show_seat(None)
    assert st_.picture.scene.to_svg() == full.to_svg()
    assert st_.board.value == board_full


def test_stepper_starts_at_step_and_seat(game, replay):
    st_ = Stepper(replay, step=5, seat=2)
    assert st_.step == 5 and st_.seat == 2
    assert st_.picture.scene.to_svg() == step_svg(game, replay, 5, 2)
    assert [label for label, _ in st_.view_choice.options] == ["all-seeing", "P1", "P2", "P3", "P4"]


def test_stepper_rules_panel_cites_current_step(game, replay):
    st_ = Stepper(replay)
    every = set(game.rules.ids())
    for seat in (None, 1):
        st_.show_seat(seat)
        for step in range(len(replay)):
            st_.go(step)
            expected = {e.rule for e in events_for(replay.events[step], seat)}
            assert set(cited(st_.rules.value)) == expected, (seat, step)
            assert expected <= every
    # The final step cites the end of the game and how it was won.
    st_.show_seat(None)
    st_.key("End")
    assert "bone_to_pick.end.legend" in st_.rules.value
    assert "bone_to_pick.turn.attack" in st_.rules.value
    st_.key("Home")
    assert "bone_to_pick.setup" in cited(st_.rules.value)
    assert "bone_to_pick.end.legend" not in st_.rules.value


def test_stepper_mime_bundle_and_digest(game, replay):
    st_ = Stepper(replay)
    last = len(replay) - 1
    plain = {}
    for step in (0, 1, 2, 17, last):
        st_.go(step)
        bundle = bundle_of(st_)
        assert bundle["image/svg+xml"] == st_.picture.scene.to_svg()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        text = bundle["text/plain"]
        assert text == repr(st_)
        assert f"step {step} of {last}" in text
        assert f"digest {digest(game.text(replay.states[step]))}" in text
        action = replay.actions[step - 1] if step else "setup"
        assert f": {action}," in text
        plain[step] = text
    digests = [re.search(r"digest (\w+)", t).group(1) for t in plain.values()]
    assert len(set(digests)) == len(digests)
    st_.go(17)
    assert bundle_of(st_)["text/plain"] == plain[17]
    assert bundle_of(Stepper(replay, step=17))["image/svg+xml"] == \
        bundle_of(st_)["image/svg+xml"]
    st_.show_seat(3)
    assert "view P4" in repr(st_) and repr(st_) != plain[17]


def test_stepper_speed_changes_interval(replay):
    st_ = Stepper(replay)
    assert st_.player.interval == 800
    st_.speed.value = "fast"
    assert st_.player.interval == 300
    st_.speed.value = "slow"
    assert st_.player.interval == 1500


# ---- Table --------------------------------------------------------------------------------------
@pytest.fixture
def table(game):
    return Table(game, HUMAN_AND_BOTS, seed=1)


def test_table_starts_on_humans_turn(game, table):
    assert table.active == 0 and table.viewer == 0
    # In a simultaneous step the bots wait for the human, so nothing is chosen yet.
    assert table.actions == []
    assert "Your move." in table.status.value
    # P1 sees its own hand only, in the picture and the text board.
    assert sorted(map(int, hand_texts(table.picture.scene, 0))) == table.state.hands[0]
    for p in (1, 2, 3):
        assert hand_texts(table.picture.scene, p) == []
        assert f"P{p + 1} · hand: 12 cards (hidden) · chosen: -" in table.board.value
    # The bots' choices are not in P1's log.
    assert "chooses" not in table.event_log.value
    assert_consistent(table)


def test_table_click_plays_card(game, table):
    hit = next(h for h in card_hits(table) if h.target == "P1 play 5")
    hand = list(table.state.hands[0])
    n = len(table.actions)
    table.click(*centre(hit))
    assert len(table.actions) > n and "P1 play 5" in table.actions[n:]
    assert len(table.state.hands[0]) == len(hand) - 1 and 5 not in table.state.hands[0]
    assert table.state.history[-1].plays[0] == 5
    assert table.active == 0 or game.is_over(table.state)
    assert "✗" not in table.status.value and "Weapons revealed" in table.status.value
    assert_consistent(table)


def test_table_click_from_browser_message(table):
    hit = card_hits(table)[3]
    x, y = centre(hit)
    table.picture.canvas._handle_frontend_event(table.picture.canvas,
                                                {"event": "mouse_down", "x": x, "y": y}, [])
    assert hit.target in table.actions
    assert_consistent(table)


def test_table_click_on_empty_space_changes_nothing(table):
    before = snapshot(table)
    svg = table.picture.scene.to_svg()
    for x, y in ((850, 10), (5, 5), (899, table.picture.scene.height - 1), (140, 190)):
        assert table.picture.scene.hit_at(x, y) is None
        table.click(x, y)
        assert snapshot(table) == before
        # It says what can be clicked now: how many things, with examples from the picture.
        legal = {a.label for a in table.game.legal_actions(table.state, table.active)}
        clickable = {h.tip.split(":")[0].strip() for h in table.picture.scene.hits if h.target in legal}
        assert "Nothing to click there" in table.status.value
        assert f"{len(clickable)} things can be clicked now" in table.status.value
        assert any(name in table.status.value for name in clickable)
        assert table.picture.scene.to_svg() == svg


@pytest.mark.parametrize("how, text", [
    ("typed", "P1 play 11"),
    ("act", "P2 play 3"),
    ("typed", "hello"),
    ("act", "hello"),
    ("act", "P9 play 3"),
    ("typed", "P1 dance"),
    ("act", "P1 play"),
    ("act", "P1 play -1"),
])
def test_table_refuses_illegal_actions(table, how, text):
    before = snapshot(table)
    if how == "typed":
        table.typed.value = text
        assert table.typed.value == ""
    else:
        assert table.act(text) is False
    status = table.status.value
    assert "✗" in status and re.search(r"rule bone_to_pick\.[a-z_.]+", status), status
    assert "#922b21" in status                                   # shown as a refusal
    assert snapshot(table) == before
    assert_consistent(table)


def test_table_refuses_bot_seat_with_reason(table):
    assert table.act("P2 play 3") is False
    assert "P2 is played by the careful bot" in table.status.value


def test_table_used_pile_click_is_refused(game, table):
    table.click(*centre(next(h for h in card_hits(table) if h.target == "P1 play 7")))
    pile = [h for h in table.picture.scene.hits if h.x >= HAND_X[1]]
    assert [h.target for h in pile] == ["P1 reuse"]
    before = snapshot(table)
    table.click(*centre(pile[0]))
    assert snapshot(table) == before
    assert "✗" in table.status.value and "used pile" in table.status.value
    assert "rule bone_to_pick.turn.rest" in table.status.value


def test_table_refuses_superscript_digit_without_traceback(table):
    before = snapshot(table)
    table.typed.value = "P1 play ²"
    assert "✗" in table.status.value
    assert snapshot(table) == before


def test_table_buttons_are_legal_actions_and_play(game, table):
    legal = game.legal_actions(table.state, 0)
    buttons = table.buttons.children
    assert [b.tooltip for b in buttons] == [a.label for a in legal]
    assert [b.description for b in buttons] == [a.args[0] for a in legal]
    n = len(table.actions)
    buttons[-1].click()
    assert table.actions[n] == legal[-1].label
    assert legal[-1].label not in {b.tooltip for b in table.buttons.children}
    assert_consistent(table)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_table_whole_game_by_clicks_and_buttons(game, players):
    table = Table(game, ["human"] + ["careful"] * (players - 1), seed=players)
    presses = 0
    while table.buttons.children:
        if presses % 2:
            table.buttons.children[presses % len(table.buttons.children)].click()
        else:
            hits = card_hits(table)
            table.click(*centre(hits[(presses * 5) % len(hits)]))
        presses += 1
        assert presses <= 12
    assert game.is_over(table.state)
    out = game.outcome(table.state)
    assert presses == table.state.turn
    assert table.buttons.children == () and table.typed.disabled
    assert table.picture.scene.hits == []
    assert out.summary in table.status.value.replace("&quot;", '"')
    assert ("Legend" if out.result == "victory" else "Scapegoat") in table.status.value
    words = svg_words(table.picture.scene.to_svg())
    assert ("VICTORY" if out.result == "victory" else "THE HAVEN FALLS") in words
    assert game.text(table.replay.final_state()) == game.text(table.state)
    assert_consistent(table)
    # Nothing more can happen.
    before = snapshot(table)
    assert table.act(f"P1 play {table.state.hands[0][0]}") is False
    assert "game is over" in table.status.value
    table.click(200, 200)
    assert snapshot(table) == before


def test_table_end_picture_names_the_true_titles(game):
    table = Table(game, HUMAN_AND_BOTS, seed=0)
    while card_hits(table):
        table.click(*centre(card_hits(table)[-1]))      # always the highest card
    out = game.outcome(table.state)
    title = "Legend" if out.result == "victory" else "Scapegoat"
    assert out.titles                                       # the true result
    assert svg_words(table.picture.scene.to_svg()).count(title) == len(out.titles)


def test_table_bots_only_plays_itself(game):
    table = Table(game, ["careful", "random", "greedy"], seed=4)
    assert game.is_over(table.state)
    assert table.active is None and table.viewer is None
    assert "Bots only" in table.status.value
    assert table.picture.scene.hits == [] and table.buttons.children == ()
    assert game.text(table.replay.final_state()) == game.text(table.state)
    assert len(table.actions) == 3 * table.state.turn
    words = svg_words(bundle_of(table)["image/svg+xml"])
    assert "VICTORY" in words or "THE HAVEN FALLS" in words
    assert "view all-seeing" in repr(table)


def test_table_mime_bundle(game, table):
    bundle = bundle_of(table)
    assert bundle["image/svg+xml"] == table.picture.scene.to_svg()
    ET.fromstring(bundle["image/svg+xml"])
    assert bundle["text/plain"] == repr(table)
    assert f"digest {digest(game.text(table.state, 0))}" in bundle["text/plain"]
    assert "4 seats, 0 actions, view P1" in bundle["text/plain"]
    before = bundle["text/plain"]
    table.click(*centre(card_hits(table)[0]))
    after = bundle_of(table)
    assert after["text/plain"] != before and after["image/svg+xml"] == table.picture.scene.to_svg()


def test_table_with_names_escapes(game):
    names = ["<i>Ann</i> & co", "Bo", "Cy"]
    table = Table(game, ["human", "careful", "careful"], seed=2, names=names)
    svg = bundle_of(table)["image/svg+xml"]
    assert "P1 <i>Ann</i> & co" in svg_words(svg)
    assert "<i>" not in table.board.value and "&lt;i&gt;Ann" in table.board.value
    assert game.text(table.replay.final_state()) == game.text(table.state)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 20), data=st.data())
def test_table_random_clicks_stay_consistent(game, players, seed, data):
    table = Table(game, ["human"] + ["careful"] * (players - 1), seed=seed)
    scene = table.picture.scene
    for _ in range(data.draw(st.integers(1, 25), label="clicks")):
        hits = table.picture.scene.hits
        if hits and data.draw(st.booleans(), label="aim at a card"):
            x, y = centre(data.draw(st.sampled_from(hits), label="hit"))
        else:
            x = data.draw(st.floats(-20, scene.width + 20, allow_nan=False), label="x")
            y = data.draw(st.floats(-20, scene.height + 20, allow_nan=False), label="y")
        before = snapshot(table)
        table.click(x, y)
        if snapshot(table) == before:
            assert table.status.value          # a no-op always says why
        else:
            assert table.actions[:len(before[0])] == before[0]
            assert "✗" not in table.status.value
        s = table.state
        cards = s.hands[0] + s.used(0) + ([s.chosen[0]] if s.chosen[0] is not None else [])
        assert sorted(cards) == [0, 0, *range(1, 11)]
        assert_consistent(table, rebuild=False)
    assert_consistent(table)


def test_a_table_marks_what_changed_since_the_humans_last_move():
    from bonekit.widgets import Table
    from bonekit.widgets.views import render as draw

    table = Table("bone_to_pick", ["human", "careful", "careful"], seed=1)
    assert table.previous is None
    before = table.state
    assert table.act("P1 play 7")
    assert table.previous is before
    marked = table.current_scene().to_svg()
    assert marked == draw(table.game, table.state, table.viewer, table.active, None, before).to_svg()
    assert marked != draw(table.game, table.state, table.viewer, table.active).to_svg()
    assert not table.act("P1 play 42") and table.previous is before   # a refusal changes nothing


def test_large_picture_button_fills_the_notebook_width_and_keeps_it():
    """The 'Large picture' button (a projector's size) shows the picture at the notebook's full
    width and keeps it so when the scene changes size; pressed again, the picture's own size."""
    from bonekit.widgets import Stepper, Table

    table = Table("bad_bones", ["human", "guard"], seed=2)
    canvas = table.picture.canvas
    assert canvas.layout.width == f"{table.picture.scene.width}px" and canvas.layout.max_width == "100%"
    table.size_toggle.value = True
    assert canvas.layout.width == "100%"
    wider = table.picture.scene.__class__(table.picture.scene.width + 100, table.picture.scene.height)
    table.picture.show(wider)
    assert canvas.layout.width == "100%" and canvas.width == wider.width
    table.size_toggle.value = False
    assert canvas.layout.width == f"{wider.width}px"
    stepper = Stepper(table.replay)  # the Stepper has the same button on its picture
    stepper.size_toggle.value = True
    assert stepper.picture.canvas.layout.width == "100%"
