"""Pictures of Bone to Pick's solo and co-op games (widgets/views/bone_to_pick_modes.py).

The scenes must show the engine's numbers, hide what a seat may not see, offer clicks only
to the seat that owes a decision (as legal labels or ``select:`` targets), and carry a whole
game played by clicking; the base game's picture must not change.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import bonekit
from bonekit.games.bone_to_pick import CarefulBot
from bonekit.games.bone_to_pick.bots import CoopBot, SoloBot
from bonekit.games.bone_to_pick.data import card_value
from bonekit.widgets import Rect, Table, Text, render
from bonekit.widgets.views import bone_to_pick_modes as view
from conftest import base_view_without

SVG = "{http://www.w3.org/2000/svg}"
SELECT = "select:"


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bone_to_pick")


def words(scene) -> list[str]:
    return [t.text for t in scene.shapes if isinstance(t, Text)]


def svg_words(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(SVG + "text")]


def centre(hit) -> tuple[float, float]:
    return hit.x + hit.w / 2, hit.y + hit.h / 2


def run(game, state, bot, seats, until=lambda s: False, limit=400):
    """Play with bots from ``state`` until ``until(state)`` or the end."""
    for _ in range(limit):
        if game.is_over(state) or until(state):
            return state
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, bot.choose(game, state, seat))
    return state


def solo_states(game, seed=1):
    """Every state of a SoloBot solo game."""
    state, out, bot = game.new(1, variant="solo", seed=seed), [], SoloBot()
    out.append(state)
    while not game.is_over(state):
        state, _ = game.apply(state, bot.choose(game, state, 0))
        out.append(state)
    return out


def coop_states(game, players=2, seed=0, **options):
    state, out, bot = game.new(players, variant="coop", seed=seed, **options), [], CoopBot()
    out.append(state)
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, bot.choose(game, state, seat))
        out.append(state)
    return out


# ---- SVG -----------------------------------------------------------------------------------------
def test_svg_well_formed_deterministic_and_narrow(game):
    states = solo_states(game)[::7] + coop_states(game)[::9] + coop_states(game, 3, 2, hard=True)[::9]
    for s in states:
        for seat in (None, 0):
            a = render(game, s, seat, seat).to_svg()
            b = render(game, game.copy_state(s), seat, seat).to_svg()
            assert a == b
            root = ET.fromstring(a)
            assert root.tag == SVG + "svg" and int(root.get("width")) <= 1000
            assert "Bone to Pick" in root.find(SVG + "title").text


# ---- solo: numbers and clicks ---------------------------------------------------------------------
def test_solo_scene_shows_the_engine_numbers(game):
    s = game.new(1, variant="solo", seed=1)
    scene = render(game, s, 0, 0)
    text = words(scene)
    u = game.data.undead[s.current]
    assert u.name in text and f"POWER {u.power_for(2)}" in text and f"✖ {u.damage} damage" in text
    assert "4 of 4 hit points left" in text and str(len(s.stack)) in text
    assert "undead deck 1 of 4" in text
    assert text.count(str(len(s.decks[0]))) >= 1 and "trophies 0 of 4 toward an upgrade" in text
    for row in s.rows:
        for card in row:
            assert str(card_value(card)) in text
    # Later: damage, kept upgrades, trophies toward the next upgrade, the deck number.
    for st in solo_states(game, 1):
        t = words(render(game, st, 0, 0))
        dmg = game.damage(st)
        assert f"{max(0, st.hit_points - dmg)} of {st.hit_points} hit points left" in t
        assert f"trophies {len(st.trophies)} of 4 toward an upgrade" in t
        for card in st.upgrades + st.offer:
            assert card in t
        if st.current is not None:
            drawn = 40 - len(st.stack)
            assert f"undead deck {(drawn - 1) // 10 + 1} of 4" in t


def test_solo_hits_are_select_or_legal_and_only_for_the_acting_seat(game):
    for st in solo_states(game, 2)[::3]:
        legal = {a.label for a in game.legal_actions(st, 0)}
        assert not render(game, st, 0, None).hits          # watching: nothing to click
        assert not render(game, st, None, None).hits
        scene = render(game, st, 0, 0)
        for h in scene.hits:
            assert h.target.startswith(SELECT) or h.target in legal
        if st.offer:
            assert {h.target for h in scene.hits} == legal
            continue
        if game.is_over(st):
            assert not scene.hits
            continue
        # Every legal play is reachable: a select, then a legal label.
        reached = set()
        for h in scene.hits:
            assert h.target.startswith(SELECT)
            second = render(game, st, 0, 0, h.target[len(SELECT):])
            reached |= {x.target for x in second.hits if not x.target.startswith(SELECT)}
        assert reached == legal


def test_solo_with_both_rows_empty_plays_none_none_by_two_clicks(game):
    # Row A's "add 0" selects none; row B's "add 0" then plays the pair (it once put A's back).
    s = game.copy_state(game.new(1, variant="solo", seed=1))
    s.rows = [[], []]
    assert "P1 play none none" in {a.label for a in game.legal_actions(s, 0)}
    first = [h.target for h in render(game, s, 0, 0).hits]
    assert first == ["select:none"]
    second = [h.target for h in render(game, s, 0, 0, "none").hits]
    assert "P1 play none none" in second and second.count("select:none") == 1


def test_solo_selection_is_marked_and_can_be_put_back(game):
    s = game.new(1, variant="solo", seed=1)
    arg = f"a{card_value(s.rows[0][0])}"
    scene = render(game, s, 0, 0, arg)
    assert any(isinstance(r, Rect) and r.fill == "#aed6f1" for r in scene.shapes)
    assert f"{SELECT}{arg}" in {h.target for h in scene.hits}
    # A stale selection (not a legal first pick) is ignored.
    assert render(game, s, 0, 0, "a99").to_svg() == render(game, s, 0, 0).to_svg()


def test_solo_whole_game_by_clicks(game):
    table = Table("bone_to_pick", ["human"], seed=3, variant="solo")
    bot, clicks = SoloBot(), 0
    while not game.is_over(table.state):
        want = bot.choose(game, table.state, 0).label
        hits = table.current_scene().hits
        if not table.state.offer:
            first = next(h for h in hits if h.target == f"{SELECT}{want.split()[2]}")
            table.click(*centre(first))
            assert table.selection == want.split()[2]
            hits = table.current_scene().hits
        hit = next(h for h in hits if h.target == want)
        before = len(table.actions)
        table.click(*centre(hit))
        assert len(table.actions) == before + 1 and table.actions[-1] == want
        assert table.selection is None
        clicks += 1
        assert clicks < 200
    scene = table.current_scene()
    out = game.outcome(table.state)
    assert f"title: {out.titles[0]}" in words(scene) and not scene.hits
    assert any(a.split()[1] == "keep" for a in table.actions)


# ---- co-op: numbers, hidden hands, shared info --------------------------------------------------
def test_coop_hides_other_hands_but_shows_what_was_shared(game):
    s = game.new(2, variant="coop", seed=1)
    own = [str(card_value(c)) for c in s.hands[0]]
    other = [card_value(c) for c in s.hands[1]]
    p1 = render(game, s, 0, 0)
    hand_y = view.TOP + 6 + view.ROW          # P2's row
    p2_numbers = [t.text for t in p1.shapes if isinstance(t, Text) and hand_y <= t.y < hand_y + view.ROW
                  and 150 <= t.x < 500 and t.text.isdigit()]
    assert p2_numbers == []                    # P2's cards are face down for P1
    all_seeing = render(game, s, None, None)
    seen = [t.text for t in all_seeing.shapes if isinstance(t, Text) and hand_y <= t.y < hand_y + view.ROW
            and 150 <= t.x < 500 and t.text.isdigit()]
    assert seen == [str(v) for v in other]
    for v in own:
        assert v in words(p1)
    # P2 tells values: P1 now sees them; then types, shown as icons.
    s2, _ = game.apply(s, game.parse_action(s, "P2 share values"))
    t = words(render(game, s2, 0, 0))
    assert "told values" in t and " ".join(str(v) for v in other) in t
    s3, _ = game.apply(s2, game.parse_action(s2, "P2 share types"))
    t = words(render(game, s3, 0, 0))
    told = game.engines["coop"].told(s3, 1)[-1].told
    assert "told types" in t
    assert sum(x in view.TYPE_ICON.values() for x in t) >= len(told)


def test_coop_scene_shows_turn_order_played_cards_counts_and_hard_mode(game):
    s = game.new(3, variant="coop", seed=4, start="P2", hard=True)
    scene = render(game, s, 1, 1)
    t = words(scene)
    assert "HARD MODE · no talking" in t and "plays now" in t
    assert [x for x in t if x in ("P1", "P2", "P3")][:3] == ["P2", "P3", "P1"]  # turn order
    u = game.data.undead[s.current]
    assert f"POWER {u.power_for(3)}" in t and f"deck {len(s.decks[0])}" in t
    assert not any(h.target.endswith(("share types", "share values")) for h in scene.hits)
    s, _ = game.apply(s, game.parse_action(s, f"P2 play {card_value(s.hands[1][-1])}"))
    t = words(render(game, s, 2, 2))
    assert f"played so far: {card_value(s.played[1])} of {u.power_for(3)}" in t
    for st in coop_states(game, 2, 5):
        t = words(render(game, st, 0, 0))
        for p in range(2):
            assert f"trophies {len(st.trophies[p])} of 3" in t or st.offer_to == p
        assert f"{max(0, 4 - game.damage(st))} of 4 hit points left" in t


def test_coop_hits_are_legal_for_the_acting_seat_only(game):
    for st in coop_states(game, 2, 0) + coop_states(game, 3, 1):
        owing = game.to_move(st)
        for seat in range(st.players):
            scene = render(game, st, seat, seat)
            legal = {a.label for a in game.legal_actions(st, seat)}
            assert {h.target for h in scene.hits} == legal
            assert not any(h.target.startswith(SELECT) for h in scene.hits)
            if seat not in owing:
                assert not scene.hits
            # watching (not active) never clicks
            assert not render(game, st, seat, None).hits


def test_coop_whole_game_by_clicks_against_a_bot(game):
    table = Table("bone_to_pick", ["human", CoopBot()], seed=2, variant="coop")
    clicks = 0
    while not game.is_over(table.state):
        hits = table.current_scene().hits
        assert hits, "the human must always have something to click"
        plays = [h for h in hits if " play " in h.target or " keep " in h.target]
        shares = [h for h in hits if " share " in h.target]
        # Tell the table our values once (turn 1), then play; bots never wait for a share.
        hit = shares[0] if shares and not table.actions else (
            max(plays, key=lambda h: h.target) if plays else hits[0])
        before = len(table.actions)
        table.click(*centre(hit))
        assert len(table.actions) > before and hit.target in table.actions
        clicks += 1
        assert clicks < 400
    assert game.outcome(table.state).titles[0] in " ".join(words(table.current_scene()))
    assert any(" share " in a for a in table.actions)


# ---- the base game's picture is unchanged ---------------------------------------------------------
def _base_module_without_dispatch():
    """The current base view with the solo/co-op dispatch cut out."""
    return base_view_without('in ("solo", "coop")')


def test_base_game_picture_is_byte_identical(game):
    plain = _base_module_without_dispatch()
    for players in (2, 4, 6):
        state = game.new(players, seed=players)
        bots = {i: CarefulBot(i) for i in range(players)}
        while True:
            for seat in (None, 0):
                assert (render(game, state, seat, seat).to_svg()
                        == plain.render(game, state, seat, seat).to_svg())
            if game.is_over(state):
                break
            seat = game.to_move(state)[0]
            state, _ = game.apply(state, bots[seat].choose(game, state, seat))
