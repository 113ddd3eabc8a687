"""The co-operative game of Bone to Pick for 2 and 3 players: setup per the rulebook, turn order,
trophies, draws, upgrades, the talk rules and what each seat's view shows, titles, refusals
(rule ids, state untouched), and random and bot playouts with invariants."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

import bonekit
from bonekit import Action, RandomBot, Replay, play_out
from bonekit.core import events_for
from bonekit.games.bone_to_pick.bots import CoopBot
from bonekit.games.bone_to_pick.data import card_value, title_for, upgrades
from bonekit.games.bone_to_pick.labels import card_arg
from conftest import levels, refused

C = "bone_to_pick.coop."
COLOURS = ("red", "green", "yellow", "blue", "purple", "orange")
ALL_WEAPONS = Counter(f"{c}:{v}" for c in COLOURS for v in (0, 0, *range(1, 11)))


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bone_to_pick")


def new(game, players=2, seed=0, **options):
    return game.new(players, variant="coop", seed=seed, **options)






def check_invariants(game, state):
    n = state.players
    cards = [c for d in state.decks for c in d] + [c for h in state.hands for c in h]
    cards += [c for c in state.played if c not in (None, "none")] + state.discard
    assert Counter(c for c in cards if ":" in c) == ALL_WEAPONS
    ups = [c for c in cards if ":" not in c] + state.upgrade_deck + state.offer
    ups += state.upgrade_discard
    assert sorted(ups) == sorted(upgrades())
    undead = state.stack + state.box + ([state.current] if state.current else [])
    undead += [u for t in state.trophies for u in t] + [u for t in state.set_aside for u in t]
    undead += state.damage_row + state.unclaimed
    assert sorted(undead) == sorted(game.data.undead)
    assert len(state.box) == (0 if n == 2 else 12)
    assert all(len(t) < 3 for t in state.trophies) or state.over
    assert (game.outcome(state) is not None) == state.over == (game.to_move(state) == ())
    for h in state.history:
        assert h.total == sum(h.values) and h.defeated == (h.total >= h.power)
    for seat in game.to_move(state):
        assert game.legal_actions(state, seat)
    if not state.over and not state.offer:
        first = game.to_move(state)[0]
        assert any(a.verb == "play" for a in game.legal_actions(state, first))
        assert all(a.verb == "share" for s in game.to_move(state)[1:]
                   for a in game.legal_actions(state, s))


def play_round(game, state, values):
    """Seats play ``values[seat]`` in turn order; returns (state, events)."""
    events = []
    for seat in game.engines["coop"].order(state):
        state, evs = game.apply(state, f"P{seat + 1} play {values[seat]}")
        events.extend(evs)
    return state, events


# ---- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, deck, sets, comps, box", [
    (2, 33, 3, [(3, 5, 2), (2, 5, 3), (3, 5, 2), (2, 5, 3)], 0),
    (3, 21, 2, [(2, 4, 1), (1, 4, 2), (2, 4, 1), (1, 4, 2)], 12)])
def test_setup_follows_the_rulebook(game, players, deck, sets, comps, box):
    state = new(game, players, seed=3)
    assert state.hit_points == 4 and state.start == 0 and state.turn == 1
    assert [len(d) for d in state.decks] == [deck] * players
    assert [len(h) for h in state.hands] == [3] * players
    for seat in range(players):
        colours = Counter(c.split(":")[0] for c in state.decks[seat] + state.hands[seat])
        assert len(colours) == sets and set(colours.values()) == {12}
    stack = [state.current] + state.stack
    size = sum(comps[0])
    assert len(stack) == 4 * size and len(state.box) == box
    for k, want in enumerate(comps):
        got = levels(game, stack[size * k:size * (k + 1)])
        assert (got["easy"], got["medium"], got["hard"]) == want
    if box:
        assert levels(game, state.box) == Counter(easy=4, medium=4, hard=4)
    assert game.power(state) == game.data.undead[state.current].power_for(players)
    setup = game.setup_events(state)
    hands = [e for e in setup if e.kind == "hand"]
    assert [e.visible_to for e in hands] == [(s,) for s in range(players)]
    assert all(e.visible_to == () for e in setup if e.kind.startswith("shuffle"))


def test_setup_refuses_bad_counts_and_options(game):
    for players in (1, 4):
        with pytest.raises(ValueError, match="2 to 3 players"):
            new(game, players)
    with pytest.raises(ValueError, match="start"):
        new(game, 2, start="P3")
    with pytest.raises(ValueError, match="hard"):
        new(game, 2, hard="yes")
    with pytest.raises(ValueError, match="free_talk"):
        new(game, 2, free_talk="always")
    with pytest.raises(ValueError, match="unknown option"):
        new(game, 2, easy_deck=True)


# ---- turn order ----------------------------------------------------------------------------------

def test_starting_player_plays_first_then_clockwise_and_does_not_rotate(game):
    state = new(game, 3, seed=4, start="P2")
    assert game.to_move(state)[0] == 1
    hand_value = lambda s, seat: card_value(s.hands[seat][0])  # noqa: E731
    refused(game, state, f"P1 play {hand_value(state, 0)}", C + "turn.play", "P2's turn")
    refused(game, state, f"P3 play {hand_value(state, 2)}", C + "turn.play", "P2's turn")
    order = []
    for _ in range(3):
        seat = game.to_move(state)[0]
        order.append(seat)
        state, _ = game.apply(state, f"P{seat + 1} play {hand_value(state, seat)}")
        if len(order) < 3:
            refused(game, state, f"P{seat + 1} play {hand_value(state, seat)}", C + "turn.play",
                    "already played")
    assert order == [1, 2, 0]
    if not state.over and not state.offer:
        assert game.to_move(state)[0] == 1            # the starting player stays P2
    assert "stays" in game.rules[C + "ruling.start_player"].title


def test_played_cards_are_face_up_for_everyone(game):
    state = new(game, 2, seed=5)
    v = card_value(state.hands[0][0])
    after, events = game.apply(state, f"P1 play {v}")
    assert all(e.visible_to is None for e in events)
    assert card_value(game.view(after, 1).played[0]) == v


# ---- outcome, draws, upgrades --------------------------------------------------------------------

def test_highest_unique_value_takes_the_trophy(game):
    state = new(game, 3, seed=6)
    state.hands = [["red:9", "red:1"], ["green:9", "green:2"], ["yellow:8", "yellow:3"]]
    assert 6 < game.power(state) <= 26
    won, _ = play_round(game, state, [9, 9, 8])
    assert won.trophies == [[], [], [state.current]] and won.history[-1].trophy_to == 2
    lost, _ = play_round(game, state, [1, 2, 3])
    assert lost.damage_row == [state.current] and lost.trophies == [[], [], []]


def test_no_unique_value_no_trophy_and_zero_never_wins(game):
    state = new(game, 2, seed=7)
    state.hands = [["red:10", "red:0"], ["green:10", "green:0"]]
    assert game.power(state) <= 20
    beaten, _ = play_round(game, state, [10, 10])
    assert beaten.unclaimed == [state.current] and beaten.trophies == [[], []]


def test_damage_when_short_and_each_player_draws_one(game):
    state = new(game, 2, seed=8)
    state.hands = [["red:0", "red:1", "red:2"], ["green:0", "green:1", "green:2"]]
    after, events = play_round(game, state, [0, 0])
    dmg = game.data.undead[state.current].damage
    assert after.damage_row == [state.current] and game.damage(after) == dmg
    assert [len(h) for h in after.hands] == [3, 3]
    assert [len(d) for d in after.decks] == [32, 32]
    drawn = [e for e in events if e.kind == "drawn"]
    assert [e.visible_to for e in drawn] == [(0,), (1,)]
    assert after.hands[0] == sorted(["red:1", "red:2", state.decks[0][0]],
                                    key=lambda c: (card_value(c), ":" not in c, c))


def test_empty_deck_draws_nothing_and_empty_hand_plays_none(game):
    state = new(game, 2, seed=9)
    state.discard += state.decks[0] + state.hands[0][1:]
    state.decks[0], state.hands[0] = [], state.hands[0][:1]
    v = card_value(state.hands[0][0])
    after, events = play_round(game, state, [v, card_value(state.hands[1][0])])
    if after.over:
        pytest.skip("the Haven fell")
    assert after.hands[0] == [] and any(e.kind == "draw_none" for e in events)
    assert game.legal_actions(after, 0)[0] == Action(0, "play", ("none",))
    refused(game, after, "P2 play none", C + "turn.play", "P1's turn")
    done, _ = game.apply(after, "P1 play none")
    assert done.played[0] == "none"
    refused(game, state, "P1 play none", C + "turn.empty_decks", "still has cards")


def reward_ready(game, players=2, seed=10):
    state = new(game, players, seed=seed)
    state.hands[0] = ["red:10"] + state.hands[0][1:]
    state.hands[1] = ["green:0"] + state.hands[1][1:]
    state.trophies[0] = state.stack[-2:]
    state.stack = state.stack[:-2]
    return state


def test_third_trophy_draws_three_upgrades_keep_one(game):
    state = reward_ready(game)
    state.hands = [["red:10", "red:9"], ["green:10", "green:0"]]
    top3 = state.upgrade_deck[:3]
    assert game.power(state) <= 10
    after, events = play_round(game, state, [10, 0])
    assert after.history[-1].trophy_to == 0
    assert after.offer == top3 and after.offer_to == 0 and after.trophies[0] == []
    assert len(after.set_aside[0]) == 3 and game.to_move(after) == (0,)
    offers = [e for e in events if e.kind == "offer"]
    assert offers[0].visible_to == (0,)
    assert game.view(after, 1).offer == ["?"] * 3 and game.view(after, 0).offer == top3
    err = refused(game, after, "P2 share types", C + "upgrade", "choosing an upgrade")
    assert not any(u.lower() in err.reason.lower() for u in top3)   # P2 may not see the offer
    assert f"Upgrades offered to P1: {top3[0].lower()} ({card_value(top3[0])})" in game.text(after, 0)
    other = next(u for u in sorted(upgrades()) if u not in top3)
    refused(game, after, f"P1 keep {other}", C + "upgrade", "offered")
    kept, events = game.apply(after, f"P1 keep {top3[2]}")
    assert top3[2] in kept.hands[0] and kept.upgrade_discard == top3[:2]
    assert kept.offer == [] and kept.current is not None
    assert [e.visible_to for e in events if e.kind == "kept"] == [(0,)]
    assert top3[2] not in game.text(kept, 1) and "hidden" in game.text(kept, 1)
    # The upgrade is named by its id, counts its value, and still the player draws a card.
    card, v = top3[2], card_value(top3[2])
    assert f"u{card[1:]} ({v})" in game.text(kept, 0)          # the hand as labels name it
    assert Action(0, "play", (card.lower(),)) in game.legal_actions(kept, 0)
    if not any(":" in c and card_value(c) == v for c in kept.hands[0]):
        refused(game, kept, f"P1 play {v}", "bone_to_pick.upgrade.labels", f"no weapon of value {v}",
                f"P1 play {card.lower()}")
    size = len(kept.hands[0])
    played, events = game.apply(kept, f"P1 play {card.lower()}")
    assert played.played[0] == card and events[0].text == f"P1 plays upgrade {card} ({v}) face up."
    p2 = card_value(played.hands[1][0])
    done, _ = game.apply(played, f"P2 play {p2}")
    assert done.history[-1].values[0] == v
    if not done.over:
        assert len(done.hands[0]) == size and top3[2] in done.discard


def test_a_weapon_and_an_upgrade_of_one_value_are_two_actions(game):
    state = new(game, 2, seed=16)
    state.upgrade_deck.remove("U14")
    state.hands[0] = ["red:8", "U14"]                 # U14 is worth 8 too
    labels = [a.label for a in game.legal_actions(state, 0) if a.verb == "play"]
    assert labels == ["P1 play 8", "P1 play u14"]
    # card_arg is how a picture names a clicked card: every card in hand gives a legal label.
    assert [f"P1 play {card_arg(c)}" for c in state.hands[0]] == labels
    assert card_arg(None) == card_arg("none") == "none" and card_arg("red:7", "a") == "a7"
    weapon, _ = game.apply(state, "P1 play 8")
    upgrade, _ = game.apply(state, "P1 play U14")     # any case, like every label
    assert weapon.played[0] == "red:8" and upgrade.played[0] == "U14"
    refused(game, state, "P1 play u15", C + "turn.play", "no upgrade U15", "hand: 8 u14 (8)")
    refused(game, state, "P1 play x", C + "turn.play", "weapon value or upgrade id")
    # An upgrade's value is not its label: "play 8" is the weapon only.
    state.hands[0] = ["red:1", "U14"]
    refused(game, state, "P1 play 8", "bone_to_pick.upgrade.labels", "no weapon of value 8",
            "'P1 play u14'")


def test_upgrade_deck_reshuffles_its_discards_when_empty(game):
    state = reward_ready(game)
    state.hands = [["red:10", "red:9"], ["green:0", "green:1"]]
    state.upgrade_discard, state.upgrade_deck = state.upgrade_deck[1:], state.upgrade_deck[:1]
    assert game.power(state) <= 10
    after, events = play_round(game, state, [10, 0])
    assert len(after.offer) == 3 and after.offer[0] == state.upgrade_deck[0]
    assert any(e.kind == "reshuffle_upgrades" and e.visible_to == () for e in events)


# ---- talk ----------------------------------------------------------------------------------------

def test_first_turn_values_may_be_shared_and_views_show_them(game):
    state = new(game, 3, seed=11)
    values = tuple(str(card_value(c)) for c in state.hands[0])
    for seat in (1, 2):
        v = game.view(state, seat)
        assert v.hands[0] == ["?"] * 3 and v.shared == []
        assert "hand: 3 cards (hidden)" in game.text(state, seat).splitlines()[3]
    assert Action(1, "share", ("values",)) in game.legal_actions(state, 1)   # anyone may talk
    told, events = game.apply(state, "P1 share values")
    assert events[0].visible_to is None and events[0].data["told"] == values
    assert told.shared[-1].told == values and told.shared[-1].kind == "values"
    for seat in (1, 2):
        v = game.view(told, seat)
        assert v.hands[0] == ["?"] * 3 and v.shared == told.shared
        assert "told values: " + " ".join(values) in game.text(told, seat)
    refused(game, told, "P1 share values", C + "talk", "already")
    assert told.hands == state.hands and game.to_move(told)[0] == 0


def test_after_the_first_turn_only_types(game):
    state = new(game, 2, seed=12)
    state, _ = play_round(game, state, [card_value(state.hands[0][0]), card_value(state.hands[1][0])])
    assert state.turn == 2 and not state.over
    refused(game, state, "P1 share values", C + "talk", "first turn")
    refused(game, state, "P2 share values", C + "talk", "first turn")
    assert Action(0, "share", ("values",)) not in game.legal_actions(state, 0)
    told, events = game.apply(state, "P2 share types")
    types = tuple(sorted(game.data.weapon_type(card_value(c)) for c in state.hands[1]))
    assert told.shared[-1].told == types and told.shared[-1].seat == 1
    assert set(types) <= {"none", "melee", "ranged", "siege"}
    assert "told types" in game.text(told, 0) and game.view(told, 0).hands[1] == ["?"] * 3


def test_free_talk_for_the_first_wave_option(game):
    state = new(game, 2, seed=12, free_talk="wave")
    state, _ = play_round(game, state, [card_value(state.hands[0][0]), card_value(state.hands[1][0])])
    assert state.turn == 2 and Action(0, "share", ("values",)) in game.legal_actions(state, 0)


def test_hard_mode_allows_no_talk(game):
    state = new(game, 2, seed=13, hard=True)
    assert all(a.verb == "play" for a in game.legal_actions(state, 0))
    assert game.to_move(state) == (0,)
    refused(game, state, "P1 share values", C + "talk.hard", "hard mode")
    refused(game, state, "P2 share types", C + "talk.hard", "hard mode")
    assert "hard mode" in game.text(state, 1)
    refused(game, state, "P1 share secrets", C + "talk", "'values' or 'types'")


def test_refusals_and_catalog(game):
    state = new(game, 2, seed=14)
    missing = next(v for v in range(11) if v not in [card_value(c) for c in state.hands[0]])
    refused(game, state, f"P1 play {missing}", C + "turn.play", "no card of value")
    refused(game, state, "P1 keep u01", C + "upgrade", "no upgrades on offer")
    refused(game, state, "P3 play 1", C + "setup", "no P3")
    refused(game, state, "P1 dance", C + "turn.play", "cannot")
    for rule in ["setup", "turn.reveal", "turn.play", "turn.attack", "turn.draw",
                 "turn.empty_decks", "upgrade", "talk", "talk.hard", "end", "titles",
                 "ruling.first_round", "ruling.start_player",
                 "ruling.upgrades_in_hand"]:
        assert C + rule in game.rules


@pytest.mark.parametrize("players, left, title", [
    (2, 0, "Legend"), (2, 3, "Doom of the Undead"), (2, 12, "Trophy Collector"),
    (2, 13, "Acolyte"), (2, 20, "Acolyte"), (2, 21, "Undead Food"),
    (3, 0, "Legend"), (3, 1, "Doom of the Undead"), (3, 7, "Zombie Hunter"),
    (3, 8, "Trophy Collector"), (3, 11, "Trophy Collector"), (3, 12, "Acolyte"),
    (3, 15, "Acolyte"), (3, 16, "Undead Food"), (3, 27, "Undead Food")])
def test_titles_at_the_boundaries(game, players, left, title):
    state = new(game, players, seed=15)
    state.over, state.current = True, None
    state.damage_row = [u for u in game.data.undead if game.data.undead[u].damage == 2][:2]
    state.stack = state.stack[:left]
    out = game.outcome(state)
    assert out.result == "defeat" and out.titles == {s: title for s in range(players)}


# ---- playouts ------------------------------------------------------------------------------------

def run(game, players, seed, bot_for, options=None):
    state = new(game, players, seed, **(options or {}))
    bots = {s: bot_for(seed * 10 + s) for s in range(players)}
    labels = []
    check_invariants(game, state)
    while not game.is_over(state):
        assert len(labels) < 400
        owing = game.to_move(state)
        seat = owing[0]
        action = bots[seat].choose(game, state, seat)
        assert action in game.legal_actions(state, seat)
        before = copy.deepcopy(state)
        nxt, events = game.apply(state, action)
        assert state == before
        assert all(e.rule in game.rules for e in events)
        for other in range(players):
            if other != seat:
                seen = events_for(events, other)
                assert not any(e.kind in ("drawn", "hand") and e.data["seat"] != other for e in seen)
        check_invariants(game, nxt)
        state = nxt
        labels.append(action.label)
    return state, labels


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("bot_kind", ["random", "coop"])
def test_playouts_keep_invariants_replay_and_determinism(game, players, bot_kind):
    bot_for = RandomBot if bot_kind == "random" else CoopBot
    titles, left = Counter(), []
    for seed in range(25):
        options = {"start": f"P{seed % players + 1}", "hard": seed % 3 == 0}
        final, labels = run(game, players, seed, bot_for, options)
        out = game.outcome(final)
        table = game.data.raw["coop"]["by_players"][str(players)]["titles"]
        assert set(out.titles.values()) == {title_for(table, len(final.stack))}
        titles[out.result] += 1
        left.append(len(final.stack))
        replay = Replay.from_json(Replay("bone_to_pick", players, seed, "coop", options,
                                         labels).to_json())
        assert game.text(replay.final_state()) == game.text(final)
        again, labels2 = run(game, players, seed, bot_for, options)
        assert labels2 == labels and again == final
    # The bot fights (it gets deep into the stack); random play loses early.
    if bot_kind == "coop":
        assert sum(left) / len(left) < 6 and titles["victory"] >= 1
    else:
        assert sum(left) / len(left) > 12 and titles["victory"] == 0


def test_bots_finish_games(game):
    for players in (2, 3):
        final, actions = play_out(game, new(game, players, 77), CoopBot())
        assert game.is_over(final)
