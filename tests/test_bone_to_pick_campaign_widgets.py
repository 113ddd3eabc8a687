"""Pictures of Bone to Pick's campaign, epic and team games (widgets/views/bone_to_pick_campaign.py).

The scenes must show what the text board shows (waves, both undead of an epic turn, teams,
upgrades with their abilities), hide what a seat may not see, offer clicks only to the seat
that owes a decision (as legal labels or ``select:`` targets), and carry whole games played by
clicking in a Table and stepped through in a Stepper; the base, solo and co-op pictures must
not change.
"""
from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET

import pytest

import bonekit
from bonekit.core.actions import seat_name
from bonekit.core.replay import Replay
from bonekit.core.words import plural
from bonekit.games.bone_to_pick import HIDDEN, CarefulBot
from bonekit.games.bone_to_pick.bots import CoopBot, SoloBot
from bonekit.games.bone_to_pick.data import abilities, upgrades
from bonekit.widgets import Stepper, Table, Text, render
from bonekit.widgets.views import bone_to_pick_campaign as view
from bonekit.widgets.views import bone_to_pick_modes as modes_view
from conftest import base_view_without

SVG = "{http://www.w3.org/2000/svg}"
SELECT = "select:"
MODES = [  # (players, variant, options)
    (4, "campaign", {}), (2, "campaign", {"easier_haven": True}), (9, "epic", {}),
    (12, "epic", {}), (7, "epic", {"campaign": True}), (6, "team", {}), (4, "team", {}),
    (8, "team", {"campaign": True}), (12, "team", {}),
]


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bone_to_pick")


def words(scene) -> list[str]:
    return [t.text for t in scene.shapes if isinstance(t, Text)]


def centre(hit) -> tuple[float, float]:
    return hit.x + hit.w / 2, hit.y + hit.h / 2


def states(game, players, variant, seed=0, **options):
    """Every state of a game of CarefulBots."""
    state = game.new(players, variant=variant, seed=seed, **options)
    bots = [CarefulBot(i) for i in range(players)]
    out = [state]
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, bots[seat].choose(game, state, seat))
        out.append(state)
    return out


@pytest.fixture(scope="module")
def games(game):
    return {(p, v, tuple(sorted(o))): states(game, p, v, seed=1, **o) for p, v, o in MODES}


def phase(game, s) -> str:
    return game.engine(s).phase(s)


def rows_top(s) -> float:
    return view.TOP + (view.STRIP if s.campaign else 0) + (view.TEAMS if s.teams else 0)


# ---- SVG and sizes -------------------------------------------------------------------------------
def test_svg_well_formed_deterministic_narrow_and_quick(game, games):
    for key, sts in games.items():
        for s in sts[::17] + [sts[-1]]:
            for seat in (None, 0):
                a = render(game, s, seat, seat).to_svg()
                assert a == render(game, game.copy_state(s), seat, seat).to_svg()
                root = ET.fromstring(a)
                assert root.tag == SVG + "svg" and int(root.get("width")) <= 1100, key
                assert "Bone to Pick" in root.find(SVG + "title").text
    # A twelve-player epic campaign in teams, the biggest picture, stays quick and fits (its
    # campaign rows are taller since the picture fits a laptop's width with 12 px text).
    big = states(game, 12, "team", seed=1, campaign=True)
    start = time.perf_counter()
    for s in big[::10]:
        scene = render(game, s, 0, 0)
        assert scene.height <= 1700
        for t in scene.shapes:
            if isinstance(t, Text):
                assert 0 <= t.x <= scene.width and 0 <= t.y <= scene.height
    assert (time.perf_counter() - start) / len(big[::10]) < 0.25


# ---- what the picture shows ----------------------------------------------------------------------
def test_campaign_board_waves_cards_and_victory_points(game, games):
    sts = games[(4, "campaign", ())]
    conf = game.data.raw["campaign"]
    for s in sts[::9] + [sts[-1]]:
        t = words(render(game, s, 0, 0))
        assert f"Wave {s.wave} of {s.waves}" in t
        for i, hp in enumerate(s.wave_hit_points):
            assert f"Wave {view.ROMAN[i]} · {hp} hit points" in t
            assert (f"Legend {conf['legend'][i]:+d} · Scapegoat {conf['scapegoat'][i]:+d} VP") in t
        for r in s.results:
            kind = "Legend" if r.result == "victory" else "Scapegoat"
            vp = conf["legend" if kind == "Legend" else "scapegoat"][r.wave - 1]
            if r.card_to:
                assert f"{kind} card ({vp:+d}) → " + ", ".join(map(seat_name, r.card_to)) in t
            else:
                assert f"no {kind} card (a tie)" in t
        for p in range(s.players):
            assert f"trophies set aside {len(s.set_aside[p])}" in t
            for c in s.cards[p]:
                assert f"{c.kind[0]}{c.wave} {c.victory_points:+d}" in t
        # The viewer's upgrades: value, victory points, ability name.
        for u in s.upgrades[0]:
            card = upgrades()[u]
            assert u in t and f"{card.victory_points} VP" in t
            if card.ability:
                assert abilities()[card.ability].name in t
    # At the end every seat's victory points are shown, and the winner.
    last = sts[-1]
    out = game.outcome(last)
    t = words(render(game, last, None, None))
    for p in range(last.players):
        assert any(x.endswith(f"= {out.scores[p]} VP") for x in t)
    assert "CAMPAIGN OVER" in t and any(x.startswith("winner") for x in t)


def test_upgrade_ability_names_are_drawn(game):
    # The abilities appear on the upgrade cards in hand (all-seeing view, first turn of each
    # wave after an upgrade phase).
    seen = set()
    for seed in range(4):
        for st in states(game, 6, "campaign", seed=seed):
            if st.wave > 1 and st.turn == 1 and all(c is None for c in st.chosen):
                seen |= set(words(render(game, st, None, None)))
    names = {a.name for a in abilities().values()}
    assert names & seen and len(names & seen) >= 4


def test_epic_shows_both_undead_their_powers_and_the_total(game, games):
    for players in (9, 12):
        for s in games[(players, "epic", ())]:
            if s.current is None:
                continue
            engine = game.engine(s)
            hi, lo = engine.columns(s)
            a, b = game.data.undead[s.current], game.data.undead[s.second]
            t = words(render(game, s, 0, 0))
            assert a.name in t and b.name in t
            assert f"POWER {a.power_for(hi)}" in t and f"POWER {b.power_for(lo)}" in t
            assert (f"total power {a.power_for(hi)} + {b.power_for(lo)} = {engine.power(s)}"
                    in t)
            assert f"({hi}-player value)" in t and f"({lo}-player value)" in t
            dmg = game.damage(s)
            assert f"{max(0, s.hit_points - dmg)} of {s.hit_points} hit points left" in t


def test_teams_named_and_totalled_at_the_end(game, games):
    for key in [(6, "team", ()), (8, "team", ("campaign",)), (12, "team", ())]:
        sts = games[key]
        s = sts[len(sts) // 2]
        t = words(render(game, s, 0, 0))
        for i, team in enumerate(s.teams):
            assert f"Team {i + 1}: " + " + ".join(seat_name(p) for p in team) in t
            assert t.count(f"Team {i + 1}") == len(team)   # on each member's row
        last = sts[-1]
        out = game.outcome(last)
        t = " ".join(words(render(game, last, None, None)))
        for team in last.teams:
            total = sum(out.scores[p] for p in team)
            assert (f"{total} VP" if last.campaign else plural(total, "point")) in t


def test_epic_take_choice_is_two_clickable_undead(game, games):
    s = next(x for x in games[(9, "epic", ())] if x.pending is not None)
    chooser = s.pending.chooser
    scene = render(game, s, chooser, chooser)
    legal = {a.label for a in game.legal_actions(s, chooser)}
    assert {h.target for h in scene.hits} == legal and len(legal) == 2
    t = words(scene)
    assert f"{seat_name(chooser)} played the highest unique value" in t
    assert "picks a trophy" in t and "gets the other" in t
    # The chooser's hits lie on the two undead cards.
    for i, h in enumerate(sorted(scene.hits, key=lambda h: h.x)):
        k = view._epic_layout(i)
        assert (h.x, h.y) == (k.x, k.y)
    other = next(p for p in range(s.players) if p != chooser)
    assert not render(game, s, other, other).hits


# ---- clicks --------------------------------------------------------------------------------------
def test_hits_are_legal_labels_or_selects_for_the_acting_seat_only(game, games):
    for key, sts in games.items():
        for s in sts[::5]:
            owing = game.to_move(s)
            for seat in range(s.players):
                scene = render(game, s, seat, seat)
                legal = {a.label for a in game.legal_actions(s, seat)}
                assert not render(game, s, seat, None).hits
                if seat not in owing:
                    assert not scene.hits
                    continue
                targets = {h.target for h in scene.hits}
                if phase(game, s) != "upgrade":
                    assert targets == legal, key
                    continue
                # Upgrade phase: select an offered upgrade, then click a weapon.
                assert all(x.startswith(SELECT) for x in targets)
                reached = set()
                for h in scene.hits:
                    second = render(game, s, seat, seat, h.target[len(SELECT):])
                    done = {x.target for x in second.hits if not x.target.startswith(SELECT)}
                    assert done <= legal
                    reached |= done
                assert reached == legal
            # All-seeing watchers never click.
            assert not render(game, s, None, None).hits


def test_stale_selection_is_ignored(game, games):
    s = next(x for x in games[(4, "campaign", ())] if phase(game, x) == "upgrade")
    seat = game.to_move(s)[0]
    plain = render(game, s, seat, seat).to_svg()
    assert render(game, s, seat, seat, "u99").to_svg() == plain
    assert render(game, s, seat, seat, "7").to_svg() == plain
    picked = s.offers[seat][0].lower()
    assert render(game, s, seat, seat, picked).to_svg() != plain


# ---- hidden information --------------------------------------------------------------------------
def test_views_hide_other_hands_upgrades_and_offers(game, games):
    for key in [(4, "campaign", ()), (8, "team", ("campaign",)), (7, "epic", ("campaign",))]:
        for s in games[key][::3]:
            if game.is_over(s):
                continue
            for seat in (0, 1):
                scene = render(game, s, seat, seat)
                t = set(words(scene))
                top = rows_top(s)
                for q in range(s.players):
                    if q == seat:
                        for u in s.upgrades[q] + s.offers[q]:
                            assert u in t
                        continue
                    for u in s.upgrades[q] + s.offers[q] + s.kept[q]:
                        assert u not in t, (key, seat, q, u)
                    # No weapon value in q's hand columns.
                    row = view.row_height(s)
                    y0, y1 = top + row * q, top + row * (q + 1)
                    digits = [x.text for x in scene.shapes if isinstance(x, Text)
                              and y0 <= x.y < y1 and view.HAND_X <= x.x < view.PLAYED_X
                              and x.text.isdigit()]
                    assert digits == [], (key, seat, q)
                # The all-seeing view shows everything.
                everything = set(words(render(game, s, None, None)))
                for q in range(s.players):
                    for u in s.upgrades[q] + s.offers[q]:
                        assert u in everything


def test_face_down_chosen_card_is_seen_by_its_owner_only(game, games):
    s = next(x for x in games[(9, "epic", ())]
             if x.chosen[0] is not None and x.chosen[1] is None and x.pending is None)
    top = rows_top(s)
    mine = [x.text for x in render(game, s, 0, None).shapes if isinstance(x, Text)
            and top <= x.y < top + view.ROW and x.x >= view.PLAYED_X and x.x < view.USED_X]
    assert str(s.chosen[0]) in mine
    theirs = [x.text for x in render(game, s, 1, 1).shapes if isinstance(x, Text)
              and top <= x.y < top + view.ROW and view.PLAYED_X <= x.x < view.USED_X]
    assert theirs == ["chosen"] and game.view(s, 1).chosen[0] == HIDDEN


# ---- whole games in a Table, by clicks; Steppers over their replays -------------------------------
def _careful(game, state):
    return CarefulBot(99).choose(game, state, 0).label


def _high_then_careful(game, state):
    """Play the highest card (to win the epic trophy choice now and then)."""
    actions = game.legal_actions(state, 0)
    if actions[0].verb == "play":
        return max(actions, key=lambda a: int(a.args[0]) if a.args[0].isdigit() else -1).label
    return _careful(game, state)


def play_by_clicks(table: Table, strategy) -> list[str]:
    """Play seat P1 of ``table`` to the end by clicking hit regions only."""
    game, clicked = table.game, []
    while not game.is_over(table.state):
        assert table.active == 0
        want = strategy(game, table.state)
        hits = table.current_scene().hits
        assert hits and all(h.target.startswith(("P1 ", SELECT)) for h in hits)
        if " keep " in want:
            arg = want.split()[2]
            first = next(h for h in hits if h.target == f"{SELECT}{arg}")
            table.click(*centre(first))
            assert table.selection == arg and not table.actions[-1:] == [want]
            hits = table.current_scene().hits
        hit = next(h for h in hits if h.target == want)
        before = len(table.actions)
        table.click(*centre(hit))
        assert table.actions[before] == want and table.selection is None
        clicked.append(want)
        assert len(clicked) < 200
    return clicked


def step_through(replay: Replay) -> None:
    stepper = Stepper(replay)
    titles = set()
    while stepper.step < len(replay) - 1:
        stepper.next()
        titles.add(stepper.current_scene().title)
    assert stepper.step == len(replay) - 1 and stepper.next_button.disabled
    assert stepper.current_scene().title == render(replay.game, replay.final_state()).title
    stepper.show_seat(0)
    assert "view of P1" in stepper.current_scene().title
    stepper.first()
    assert stepper.step == 0 and len(titles) > 5


@pytest.mark.parametrize("players, variant, options, strategy, verbs", [
    (4, "campaign", {}, _careful, {"play", "keep"}),
    (9, "epic", {}, _high_then_careful, {"play", "take"}),
    (6, "team", {}, _careful, {"play"}),
    (8, "team", {"campaign": True}, _careful, {"play", "keep", "take"}),  # 8 seats: epic
], ids=["campaign4", "epic9", "team6", "team-campaign8"])
def test_whole_game_by_clicks_and_stepper(game, players, variant, options, strategy, verbs):
    table = Table("bone_to_pick", ["human"] + ["careful"] * (players - 1), seed=1,
                  variant=variant, **options)
    clicked = play_by_clicks(table, strategy)
    assert {c.split()[1] for c in clicked} == verbs
    out = game.outcome(table.state)
    scene = table.current_scene()
    assert out is not None and not scene.hits
    t = words(scene)
    if table.state.campaign:
        assert "CAMPAIGN OVER" in t and f"Wave {table.state.waves} of {table.state.waves}" in t
    if table.state.teams:
        assert any("Team 1: " in x for x in t)
    replay = table.replay
    assert game.text(replay.final_state()) == game.text(table.state)
    step_through(replay)


# ---- the base, solo and co-op pictures are unchanged ----------------------------------------------
def _base_module_without_dispatch():
    """The current base view with both dispatches (solo/co-op, campaign/epic/team) cut out."""
    return base_view_without('in ("solo", "coop")', 'in ("campaign", "epic", "team")')


def test_base_solo_and_coop_pictures_are_byte_identical(game):
    plain = _base_module_without_dispatch()
    for players, seed in ((2, 2), (3, 7), (5, 5)):
        for s in states(game, players, "base", seed=seed)[::2]:
            for seat in (None, 0, players - 1):
                a = render(game, s, seat, seat)
                b = plain.render(game, s, seat, seat)
                assert a.to_svg() == b.to_svg() and a.hits == b.hits
    # Solo and co-op still go to their own module, untouched by the new one.
    state, bot = game.new(1, variant="solo", seed=2), SoloBot()
    for _ in range(12):
        assert render(game, state, 0, 0).to_svg() == modes_view.render(game, state, 0, 0).to_svg()
        state, _ = game.apply(state, bot.choose(game, state, 0))
    state, bot = game.new(3, variant="coop", seed=1), CoopBot()
    for _ in range(12):
        for seat in (None, 1):
            assert (render(game, state, seat, seat).to_svg()
                    == modes_view.render(game, state, seat, seat).to_svg())
        state, _ = game.apply(state, bot.choose(game, state, game.to_move(state)[0]))


def test_new_modes_do_not_use_the_base_picture(game):
    for players, variant, options in (MODES[0], MODES[2], MODES[5]):
        s = game.new(players, variant=variant, seed=0, **options)
        title = render(game, s).title
        assert re.match(r"Bone to Pick (campaign|epic|team)", title), title
        assert render(game, s).width == view.WIDTH
