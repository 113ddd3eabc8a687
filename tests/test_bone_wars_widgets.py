"""The Bone Wars picture (widgets/views/bone_wars.py): every state of random 2-4 player games
renders within the width, deterministically, with every click a legal label (or a selection
that leads to one) for the acting seat; the description names whom the game waits for; the
viewer's hand shows by name and the others' only as a count; a Table plays by clicks and typed
labels, and a Stepper shows a whole game.
"""

from __future__ import annotations

import re

import pytest

import bonekit
from bonekit import IllegalAction, RandomBot, Replay
from bonekit.core.actions import seat_name
from bonekit.widgets import Stepper, Table, render
from bonekit.widgets.scene import Rect, Text
from bonekit.widgets.views import VIEWS
from bonekit.widgets.views import bone_wars as view

GAME = bonekit.load("bone_wars")
SELECT = "select:"


def walk(players: int, seed: int) -> tuple[list, list[str]]:
    """Every state of a game played by RandomBots, and the labels played."""
    s = GAME.new(players, seed=seed)
    bots = {i: RandomBot(seed * 10 + i) for i in range(players)}
    states, labels = [s], []
    while not GAME.outcome(s):
        seat = GAME.to_move(s)[0]
        action = bots[seat].choose(GAME, s, seat)
        s, _ = GAME.apply(s, action)
        states.append(s)
        labels.append(action.label)
    return states, labels


@pytest.fixture(scope="module")
def games():
    return {(n, seed): walk(n, seed) for n, seed in ((2, 1), (3, 2), (4, 3), (2, 4))}


def texts(scene) -> list[str]:
    return [t.text for t in scene.shapes if isinstance(t, Text)]


def shows(name: str, words: list[str]) -> bool:
    """Whether a card's name is printed (whole, or cut short with an ellipsis)."""
    return any(w == name or (w.endswith("…") and len(w) > 4 and name.startswith(w[:-1])) for w in words)


def centre(hit) -> tuple[float, float]:
    return hit.x + hit.w / 2, hit.y + hit.h / 2


def check_hits(s, seat: int, scene) -> int:
    """Every hit target of ``seat``'s picture is a legal label, or a selection whose picture
    offers only legal labels; returns how many legal labels the clicks reach."""
    legal = {a.label for a in GAME.legal_actions(s, seat)}
    reached = set()
    for h in scene.hits:
        assert 0 <= h.x and h.x + h.w <= scene.width and 0 <= h.y and h.y + h.h <= scene.height, h
        if h.target.startswith(SELECT):
            picked = h.target[len(SELECT):]
            follow = {x.target for x in render(GAME, s, seat, seat, picked).hits}
            after = {t for t in follow if not t.startswith(SELECT)}
            assert after <= legal, (after - legal)
            assert any(t.startswith(f"{seat_name(seat)} find {picked} ") for t in after), picked
            reached |= after
        elif h.target not in legal:   # only a card that cannot be played: the engine says why
            assert h.target.split()[1] == "play" and s.turn is None and "not playable" in h.tip, h
            with pytest.raises(IllegalAction) as err:
                GAME.apply(s, h.target)
            assert err.value.rule in ("bone_wars.turn.cost", "bone_wars.turn.slots"), err.value
        else:
            reached.add(h.target)
    return len(reached)


# ---- every state --------------------------------------------------------------------------------------
def test_every_state_renders_within_the_width_with_legal_clicks(games):
    reached = 0
    for (n, _seed), (states, _labels) in games.items():
        prev = None
        for s in states:
            whole = render(GAME, s, previous=prev)
            assert whole.width <= 1200 and whole.height > 600 and not whole.hits
            owing = GAME.to_move(s)
            if owing:
                seat = owing[0]
                scene = render(GAME, s, seat, seat, previous=prev)
                reached += check_hits(s, seat, scene)
                # a seat that owes nothing has nothing to click
                other = (seat + 1) % n
                assert not render(GAME, s, other, other).hits
            prev = s
    assert reached > 200  # the clicks reach a good share of the game's decisions


def _perk_state(perk: str):
    """The first state along random games where the paleontologist card played for a minor find
    has ``perk`` and a find is legal (for George Peabody's card: one on a space whose tile is gone)."""
    from bonekit.games.bone_wars import perks

    for n in (2, 3, 4):
        for seed in range(1, 16):
            for s in walk(n, seed)[0]:
                if perks.card_perk(s.turn) != perk:
                    continue
                finds = [a.args for a in GAME.legal_actions(s, s.turn.seat) if a.verb == "find"]
                if perk == "find_taken_space":
                    finds = [f for f in finds if s.finds[int(f[1]) - 1][int(f[2]) - 1] is None]
                if finds:
                    return s, s.turn.seat
    pytest.fail(f"no random game reached a minor find with the {perk} card")


@pytest.mark.parametrize("perk", ["find_any_envelope", "find_taken_space", "find_any_tile"])
def test_a_find_card_s_bonus_still_leads_a_picked_species_to_its_clicks(perk):
    """The cards that widen a minor find (John Wesley Powell's: any envelope, so the labels name
    it; George Peabody's: a space whose tile is gone; the any-tile card): a species card picked
    in the picture leads to a click on every space its find may use, each click legal, and
    Powell's puts the card in its own envelope when that may (the buttons offer the others)."""
    from bonekit.games.bone_wars.effects import envelope_of

    s, seat = _perk_state(perk)
    me = seat_name(seat)
    legal = {a.label for a in GAME.legal_actions(s, seat)}
    picks = [h.target[len(SELECT):] for h in render(GAME, s, seat, seat).hits if h.target.startswith(SELECT)]
    assert picks
    for sp in picks:
        finds = {lab for lab in legal if lab.startswith(f"{me} find {sp} ")}
        hits = render(GAME, s, seat, seat, sp).hits
        clicks = {h.target for h in hits if h.target.startswith(f"{me} find ")}
        assert clicks <= legal
        spaces = {tuple(lab.split()[3:5]) for lab in finds}
        assert {tuple(lab.split()[3:5]) for lab in clicks} == spaces, sp
        for lab in clicks:
            own = f"{' '.join(lab.split()[:5])} {envelope_of(sp).lower()}"
            if perk == "find_any_envelope" and own in legal:
                assert lab == own


def test_the_clicks_cover_the_main_verbs(games):
    verbs = set()
    for states, _ in games.values():
        for s in states:
            for seat in GAME.to_move(s):
                for h in render(GAME, s, seat, seat).hits:
                    if not h.target.startswith(SELECT):
                        verbs.add(h.target.split()[1])
    assert {"play", "move", "dig", "site", "camp", "go", "university", "bundle"} <= verbs, verbs


def test_the_svg_is_deterministic(games):
    states, _ = games[(3, 2)]
    for s in states[:: max(1, len(states) // 12)]:
        seat = GAME.to_move(s)[0] if GAME.to_move(s) else None
        a = render(GAME, s, seat, seat).to_svg()
        assert a == render(GAME, GAME.copy_state(s), seat, seat).to_svg()
        assert a.startswith("<svg") and "Bone Wars" in a


def test_the_description_names_the_acting_seat_and_the_counts(games):
    for states, _ in games.values():
        for s in states[::7] + [states[-1]]:
            d = render(GAME, s).description
            assert d.endswith(".") and "(s)" not in d
            assert not re.search(r"\b1 (action points|free moves)\b", d), d
            out = GAME.outcome(s)
            if out:
                assert "over" in d and out.summary in d
            else:
                assert f"waiting for {seat_name(GAME.to_move(s)[0])}" in d
                assert ("Setup" in d) if s.phase == "bundles" else (f"Round {s.round} of 4" in d)
            for p, b in enumerate(s.boards):
                assert f"{seat_name(p)}: ${b.money}, {b.rp} RP, patron {b.patron.title()}" in d


def test_the_pending_decision_is_asked_in_words(games):
    seen = set()
    for states, _ in games.values():
        for s in states:
            if s.pending:
                k = s.pending[0].kind
                if k not in seen:
                    seen.add(k)
                    assert view.ASKED.get(k, "?") in render(GAME, s).description, k
    assert {"depart", "profession", "university"} <= seen


def test_hands_are_shown_by_name_to_their_owner_only(games):
    states, _ = games[(2, 1)]
    s = next(x for x in states if x.phase == "turn" and x.boards[1].hand)
    mine = render(GAME, s, 0)
    words = texts(mine)
    for card in s.boards[0].hand:
        assert shows(view.card_name(card), words), card
    hidden = [w for w in words if w.endswith("cards (hidden)")]
    assert hidden == [f"{len(s.boards[1].hand)} cards (hidden)"]  # P2's hand, and not P1's own
    assert not [w for w in texts(render(GAME, s)) if w.endswith("cards (hidden)")]  # all-seeing
    # P2's paleontologist card is named in the all-seeing view, and not in P1's
    theirs = [c for c in s.boards[1].hand if view._card_type(c) == "paleo" and c not in s.paleo_display]
    assert theirs
    for card in theirs:
        name = view.card_name(card)
        if name not in {view.card_name(c) for c in s.boards[0].hand + s.paleo_display}:
            assert shows(name, texts(render(GAME, s)))
            assert not shows(name, words)


def test_bones_finds_and_patrons_carry_letters_and_the_key_explains_them(games):
    states, _ = games[(4, 3)]
    scene = render(GAME, states[len(states) // 2])
    words = texts(scene)
    legend = " ".join(words[words.index("Key"):])
    for kind, (code, fill) in view.BONE.items():
        assert f"{code} {kind}" in legend
        chips = [r for r in scene.shapes if isinstance(r, Rect) and r.fill == fill]
        assert chips, kind
    for find, (code, _fill) in view.FIND.items():
        assert f"{code} {find}" in legend
    assert "M Marsh" in legend and "C Cope" in legend and "changed in the last step" in legend


def test_the_picture_marks_what_changed(games):
    states, _ = games[(2, 1)]
    k = next(i for i in range(1, len(states)) if states[i].boards[0].money != states[i - 1].boards[0].money)
    marked = render(GAME, states[k], previous=states[k - 1])
    plain = render(GAME, states[k])
    assert len(marked.shapes) > len(plain.shapes)


def test_the_view_is_registered():
    assert VIEWS["bone_wars"] is view.render


# ---- the widgets ---------------------------------------------------------------------------------------
def click(table: Table, hit) -> None:
    assert table.picture.scene.hit_at(*centre(hit)) is hit
    table.click(*centre(hit))


def test_a_table_plays_by_clicks_and_typed_labels():
    table = Table(GAME, ["human", "random"], seed=1)
    clicked = typed = 0
    for _ in range(80):
        if GAME.outcome(table.state) or table.active is None:
            break
        scene = table.current_scene()
        legal = {a.label for a in GAME.legal_actions(table.state, table.active)}
        hits = [h for h in scene.hits if h.target in legal and scene.hit_at(*centre(h)) is h]
        before = len(table.actions)
        if hits and clicked <= typed:
            click(table, hits[0])
            assert table.actions[before] == hits[0].target
            clicked += 1
        else:
            legal = GAME.legal_actions(table.state, table.active)
            label = next((a.label for a in legal if a.verb not in ("pass",)), legal[0].label)
            assert table.act(label)
            assert table.actions[before] == label
            typed += 1
        assert len(table.actions) > before
    assert clicked >= 5 and typed >= 5
    assert "✗" not in table.status.value


def test_a_stepper_shows_a_whole_game(games):
    states, labels = games[(3, 2)]
    replay = Replay("bone_wars", 3, 2, None, {}, labels)
    st = Stepper(replay, seat=0)
    seen = set()
    for step in range(0, len(labels) + 1, 9):
        st.go(step)
        scene = st.current_scene()
        assert scene.width <= 1200 and scene.description
        seen.add(scene.to_svg())
    st.last()
    assert GAME.outcome(replay.final_state()).summary in st.current_scene().description
    assert len(seen) > 5


def test_a_card_too_dear_to_play_says_why_at_the_table():
    table = Table(GAME, ["human", "random"], seed=1)
    while table.state.phase == "bundles" or table.state.pending or table.state.turn is not None:
        assert table.act(GAME.legal_actions(table.state, table.active)[0])
    seat = table.active
    table.state = GAME.copy_state(table.state)
    table.state.boards[seat].money = 0
    table.state.boards[seat].played[0] = "surveyor"     # the next slot costs money
    table._refresh("")
    dear = next(h for h in table.current_scene().hits if "not playable" in h.tip)
    table.click(*centre(dear))
    assert "✗" in table.status.value and "costs $" in table.status.value


def test_theodore_s_solo_cards_are_named_as_such():
    state, bot = GAME.new(1, "solo", seed=1), RandomBot(1)
    while not any(c for c in state.boards[1].played):
        state, _ = GAME.apply(state, bot.choose(GAME, state, 0))
    card = next(c for c in state.boards[1].played if c)
    svg = render(GAME, state, 0, 0).to_svg()
    assert "solo card" in svg and view.card_name(card) == f"solo card {card}"   # fitted to its slot
