"""Bone to Pick campaign (four waves, Legend and Scapegoat cards, upgrades and their abilities).

Scenarios are built by editing a real state's fields (hands, used piles, the undead on the
table, the turn) and then applying real plays, so the engine's own wave end, upgrade phase
and scoring run on positions whose results were worked out by hand from the rulebook.
The helpers at the top (staging, invariants, views, playouts) are shared with the epic and
team test files.
"""
from __future__ import annotations

import copy
import random
import re
from collections import Counter

import pytest

from bonekit import RandomBot, Replay
from bonekit.core import events_for
from bonekit.games.bone_to_pick import HIDDEN, CarefulBot
from bonekit.games.bone_to_pick.data import components, second_box, upgrades
from bonekit.games.bone_to_pick.rules_logic import campaign_ranking
from bonekit.games.bone_to_pick.state import TitleCard, WaveResult
from conftest import FULL_SET, play_turn, refused

R = "bone_to_pick."
C = R + "campaign."
U = R + "upgrade."
CONF = components().raw["campaign"]
LEGEND_VP = CONF["legend"]
SCAPEGOAT_VP = CONF["scapegoat"]


# ---- shared helpers ----------------------------------------------------------------------------

def rest_of_set(hand):
    """The weapons of a full set that are not in ``hand`` (they were used this wave)."""
    used = list(FULL_SET)
    for v in hand:
        used.remove(v)
    return used


def stage(state, *, hands=None, ups=None, used=None, current=None, second=None, trophies=None,
          damage_row=None, turn=None, deck=None):
    """A copy of ``state`` with the given fields replaced. ``hands`` are weapon values; unless
    ``used`` is given, each used pile holds the rest of the seat's twelve weapons."""
    s = copy.deepcopy(state)
    if hands is not None:
        for seat, hand in enumerate(hands):
            s.hands[seat] = sorted(hand)
            s.used_piles[seat] = rest_of_set(hand)
    if ups is not None:
        for seat, cards in enumerate(ups):
            s.upgrades[seat] = sorted(cards)
    if used is not None:
        for seat, pile in enumerate(used):
            s.used_piles[seat] = list(pile)
    if current is not None:
        s.current = current
    if second is not None:
        s.second = second
    if trophies is not None:
        s.trophies = [list(t) for t in trophies]
    if damage_row is not None:
        s.damage_row = list(damage_row)
    if turn is not None:
        s.turn = turn
    if deck is not None:
        s.deck = list(deck)
    return s


play_all = play_turn  # the other Bone to Pick test files import it from here


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def undead_pool(game, epic):
    ids = sorted(game.data.undead)
    return sorted(ids + second_box(ids)) if epic else ids


def upgrade_pool(epic):
    ids = sorted(upgrades())
    return sorted(ids + second_box(ids)) if epic else ids


def check_modes(game, state):
    """Invariants of the base-family variants (campaign, epic, team) after every action."""
    n = state.players
    campaign = state.campaign
    for seat in range(n):
        cards = list(state.hands[seat]) + list(state.upgrades[seat]) + list(state.used_piles[seat])
        if state.chosen[seat] is not None:
            cards.append(state.chosen[seat])
        expected = Counter(FULL_SET)
        if campaign:
            cards += state.exchanged[seat]
            expected += Counter(state.kept[seat])
            assert len(state.kept[seat]) == len(state.exchanged[seat])
        assert Counter(cards) == expected, (seat, cards)
        assert state.hands[seat] == sorted(state.hands[seat])
    # Undead: each card of the box(es) in exactly one place.
    places = list(state.deck) + list(state.box) + [u for u in (state.current, state.second) if u]
    places += [u for d in state.wave_decks for u in d]
    places += [u for t in state.trophies for u in t] + [u for t in state.set_aside for u in t]
    places += list(state.unclaimed) + list(state.damage_row)
    assert sorted(places) == undead_pool(game, state.epic), "undead not conserved"
    # Upgrades: each card in exactly one place.
    if campaign:
        ups = list(state.upgrade_deck) + list(state.upgrade_discard)
        ups += [u for o in state.offers for u in o] + [u for k in state.kept for u in k]
        assert sorted(ups) == upgrade_pool(state.epic), "upgrades not conserved"
    else:
        assert not any(state.upgrades) and not state.upgrade_deck
    # Decisions.
    owing = game.to_move(state)
    assert (len(owing) == 0) == (game.outcome(state) is not None) == state.over
    for seat in range(n):
        # a seat whose card is down may still exchange it before the reveal
        may_swap = game.engine(state).phase(state) == "play" and state.chosen[seat] is not None
        assert bool(game.legal_actions(state, seat)) == (seat in owing or may_swap)
    phase = game.engine(state).phase(state)
    if phase in ("play", "take"):
        assert state.current is not None
        assert (state.second is not None) == state.epic
        assert game.damage(state) < state.hit_points
        assert 1 <= state.turn <= state.turns
    else:
        assert state.current is None and state.second is None
    if phase == "take":
        assert state.epic and owing == (state.pending.chooser,)
    if phase == "upgrade":
        assert campaign and state.wave < state.waves
    if campaign:
        finished = state.wave - (phase in ("play", "take"))
        assert len(state.results) == finished
        assert len(state.wave_decks) == state.waves - state.wave
        assert state.hit_points == state.wave_hit_points[state.wave - 1]
        for r in state.results:
            vp = (LEGEND_VP if r.result == "victory" else SCAPEGOAT_VP)[r.wave - 1]
            kind = "Legend" if r.result == "victory" else "Scapegoat"
            for seat in r.card_to:
                assert TitleCard(kind, r.wave, vp) in state.cards[seat]
                assert seat in r.titled
        assert sum(len(c) for c in state.cards) == sum(len(r.card_to) for r in state.results)
    for record in state.history:
        values = [p if isinstance(p, int) else upgrades()[p].value for p in record.plays]
        assert record.total == sum(values) + record.bonus
        assert record.defeated == (record.total >= record.power)
        assert record.bonus == 0 or campaign


def check_modes_view(game, state, seat):
    """``seat``'s view hides other hands, upgrades, offers, exchanged weapons and every deck."""
    v = game.view(state, seat)
    assert v.viewer == seat and v.seed == 0
    assert v.hands[seat] == state.hands[seat] and v.upgrades[seat] == state.upgrades[seat]
    assert v.offers == [] or v.offers[seat] == state.offers[seat]
    assert v.deck == ["?"] * len(state.deck) and v.box == ["?"] * len(state.box)
    assert v.wave_decks == [["?"] * len(d) for d in state.wave_decks]
    assert v.upgrade_deck == ["?"] * len(state.upgrade_deck)
    assert v.upgrade_discard == ["?"] * len(state.upgrade_discard)
    assert "deck" not in v.options
    for other in range(state.players):
        if other == seat:
            continue
        assert v.chosen[other] == (None if state.chosen[other] is None else HIDDEN)
        if state.over:
            assert v.hands[other] == state.hands[other]
            continue
        assert v.hands[other] == [HIDDEN] * len(state.hands[other])
        assert v.upgrades[other] == ["?"] * len(state.upgrades[other])
        if state.campaign:
            assert v.offers[other] == ["?"] * len(state.offers[other])
            assert v.exchanged[other] == [HIDDEN] * len(state.exchanged[other])
            assert v.kept[other] == ["?"] * len(state.kept[other])
    # Public things stay visible.
    assert v.current == state.current and v.second == state.second
    assert v.history == state.history and v.trophies == state.trophies
    assert v.used_piles == state.used_piles and v.cards == state.cards
    text = game.text(state, seat).lower()
    secret = list(state.deck) + [u for d in state.wave_decks for u in d]
    secret += [u for o, offer in enumerate(state.offers) if o != seat for u in offer]
    for card in secret:
        assert not re.search(rf"\b{card.lower()}\b", text), card
    return v


def scramble(state, seat, rnd):
    """A copy of ``state`` that differs only in what ``seat`` may not know (game not over)."""
    s = copy.deepcopy(state)
    pool = upgrade_pool(s.epic)
    for other in range(s.players):
        if other == seat:
            continue
        s.hands[other] = sorted(rnd.choice(range(11)) for _ in s.hands[other])
        s.upgrades[other] = sorted(rnd.sample(pool, len(s.upgrades[other])))
        if s.chosen[other] is not None:
            s.chosen[other] = rnd.randrange(11)
        if s.campaign:
            s.offers[other] = rnd.sample(pool, len(s.offers[other]))
            s.kept[other] = rnd.sample(pool, len(s.kept[other]))
            s.exchanged[other] = [rnd.randrange(11) for _ in s.exchanged[other]]
    for pile in [s.deck, s.box, s.upgrade_deck, s.upgrade_discard, *s.wave_decks]:
        rnd.shuffle(pile)
    s.seed = rnd.randrange(10**6)
    return s


BOTS = {"random": RandomBot, "careful": CarefulBot}


def run_modes_game(game, players, variant, seed, bot_kind, options=None, views=True,
                   view_every=4):
    """One game with bots, checking invariants after every action (and views before every
    ``view_every``-th one and every non-play decision), the apply purity, and the replay
    round trip. Returns (final state, labels, events)."""
    options = options or {}
    state = game.new(players, variant=variant, seed=seed, **options)
    bots = {s: BOTS[bot_kind](seed=100 * seed + s) for s in range(players)}
    order = random.Random(f"{variant}:{players}:{seed}:{bot_kind}")
    rnd = random.Random(seed)
    labels, all_events = [], [game.setup_events(state)]
    check_modes(game, state)
    limit = (4 if state.campaign else 1) * (10 * players + players + 10)
    while game.to_move(state):
        assert len(labels) < limit
        seat = order.choice(game.to_move(state))
        action = bots[seat].choose(game, state, seat)
        assert action in game.legal_actions(state, seat)
        if views and (len(labels) % view_every == 0 or action.verb != "play"):
            check_modes_view(game, state, seat)
            other = scramble(state, seat, rnd)
            assert game.view(other, seat) == game.view(state, seat)
            assert BOTS[bot_kind](seed=seed).choose(game, other, seat) == \
                BOTS[bot_kind](seed=seed).choose(game, state, seat)
        before = copy.deepcopy(state)
        new, events = game.apply(state, action)
        assert state == before, "apply mutated its input"
        check_modes(game, new)
        for e in events:
            assert e.rule in game.rules, e.rule
            if e.kind in ("choose", "keep_upgrade", "upgrades_drawn", "scouted"):
                assert e.visible_to == (e.data["seat"],)
        state = new
        labels.append(action.label)
        all_events.append(events)
    assert game.outcome(state) is not None
    assert all_events[-1][-1].kind == "end"
    replay = Replay("bone_to_pick", players, seed, variant, dict(options), labels)
    assert game.text(replay.final_state()) == game.text(state)
    assert replay.final_state() == state
    return state, labels, all_events


def campaign_at_last_turn(game, players=3, seed=0, **options):
    """A fresh campaign, ready to be staged at the tenth turn of wave 1."""
    state = game.new(players, variant="campaign", seed=seed, **options)
    return stage(state, turn=10, deck=[])




# ---- the rulebook's final scoring example ------------------------------------------------------

def test_rulebook_legend_and_scapegoat_values_in_data():
    # Legend cards of rounds 1-3 are worth 1, 2 and 3; the round-4 Scapegoat card -5.
    assert LEGEND_VP[:3] == [1, 2, 3]
    assert SCAPEGOAT_VP[3] == -5
    assert len(LEGEND_VP) == len(SCAPEGOAT_VP) == CONF["waves"] == 4
    assert all(v < 0 for v in SCAPEGOAT_VP) and all(v > 0 for v in LEGEND_VP)
    assert CONF["draws"] == {"legend": 3, "others_on_victory": 2, "scapegoat": 0,
                             "others_on_defeat": 1}


def test_rulebook_final_scoring_with_campaign_ranking():
    pjotr = 12 + LEGEND_VP[1] + SCAPEGOAT_VP[3] + 11
    kate = 8 + LEGEND_VP[0] + 15
    mike = 13 + LEGEND_VP[2] + 8
    assert (pjotr, kate, mike) == (20, 24, 24)
    ranking = campaign_ranking([pjotr, kate, mike], [12, 8, 13], [2, 1, 3])
    assert ranking == [[2], [1], [0]]                     # Mike, Kate, Pjotr
    # With the same number of undead, Mike still wins with the higher Legend card.
    assert campaign_ranking([24, 24], [10, 10], [1, 3]) == [[1], [0]]
    # Any Legend card beats none; all equal: a shared place.
    assert campaign_ranking([24, 24], [10, 10], [None, 1]) == [[1], [0]]
    assert campaign_ranking([24, 24, 5], [10, 10, 3], [3, 3, None]) == [[0, 1], [2]]
    assert campaign_ranking([24, 24], [10, 10], [None, None]) == [[0, 1]]


def finished_campaign(game, set_aside_counts, cards, kept, names=None):
    """A real 3-player campaign state edited into a finished one."""
    state = game.new(len(cards), variant="campaign", seed=4, names=names)
    s = copy.deepcopy(state)
    ids = sorted(game.data.undead)
    s.over, s.current, s.deck, s.wave, s.wave_decks = True, None, [], 4, []
    s.trophies = [[] for _ in cards]
    start = 0
    s.set_aside = []
    for count in set_aside_counts:
        s.set_aside.append(ids[start:start + count])
        start += count
    s.cards = [list(c) for c in cards]
    s.kept = [list(k) for k in kept]
    return s


def test_rulebook_final_scoring_on_an_engine_state(game):
    # Upgrades worth 11 (5+5+1), 15 (5+5+5) and 8 (4+4+0) victory points.
    kept = [["U01", "U08", "U32"], ["U02", "U03", "U04"], ["U05", "U07", "U29"]]
    assert [sum(upgrades()[u].victory_points for u in k) for k in kept] == [11, 15, 8]
    cards = [[TitleCard("Legend", 2, LEGEND_VP[1]), TitleCard("Scapegoat", 4, SCAPEGOAT_VP[3])],
             [TitleCard("Legend", 1, LEGEND_VP[0])], [TitleCard("Legend", 3, LEGEND_VP[2])]]
    s = finished_campaign(game, [12, 8, 13], cards, kept, names=["Pjotr", "Kate", "Mike"])
    out = game.outcome(s)
    assert out.result == "campaign" and out.rule == C + "end"
    assert out.scores == (20, 24, 24)
    assert out.winners == (2,) and out.titles == {2: "Campaign winner"}
    assert "Mike" in out.summary
    # Same number of undead (8 each, Mike's upgrades now worth 13): the Legend card decides.
    kept2 = [kept[0], kept[1], ["U05", "U07", "U06"]]
    s2 = finished_campaign(game, [12, 8, 8], cards, kept2)
    out2 = game.outcome(s2)
    assert out2.scores == (20, 24, 24) and out2.winners == (2,)
    # Kate with Mike's wave-3 Legend too: everything ties, the victory is shared.
    cards3 = [cards[0], [TitleCard("Legend", 3, LEGEND_VP[2])], cards[2]]
    s3 = finished_campaign(game, [12, 10, 8], cards3, kept2)
    out3 = game.outcome(s3)
    assert out3.scores == (20, 28, 24) and out3.winners == (1,)
    s4 = finished_campaign(game, [12, 8, 8], cards3, [kept[0], kept2[2], kept2[2]])
    assert game.outcome(s4).scores == (20, 24, 24)
    assert game.outcome(s4).winners == (1, 2)


# ---- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, 3, 99])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_setup_deals_forty_undead_into_four_slot_decks(game, players, seed):
    s = game.new(players, variant="campaign", seed=seed)
    assert s.campaign and not s.epic and s.wave == 1 and s.waves == 4 and s.turn == 1
    decks = [[s.current] + s.deck] + s.wave_decks
    assert [len(d) for d in decks] == [10, 10, 10, 10]
    assert sorted(u for d in decks for u in d) == sorted(game.data.undead)
    assert s.box == []
    for deck, slot in zip(decks, CONF["slots"]):
        levels = Counter(game.data.undead[u].level for u in deck)
        assert levels == Counter({k: v for k, v in slot.items() if v})
    # Slot I of the rulebook's example: 7 easy and 3 medium.
    assert CONF["slots"][0] == {"easy": 7, "medium": 3, "hard": 0}
    assert sorted(s.upgrade_deck) == sorted(upgrades()) and len(s.upgrade_deck) == 32
    assert s.hands == [list(FULL_SET)] * players and s.upgrades == [[]] * players
    assert s.offers == s.kept == s.exchanged == s.set_aside == [[]] * players


def test_setup_seed_shuffles_each_slot_and_the_upgrades(game):
    a, b = game.new(3, variant="campaign", seed=1), game.new(3, variant="campaign", seed=2)
    assert a.wave_decks != b.wave_decks and a.upgrade_deck != b.upgrade_deck
    assert game.new(3, variant="campaign", seed=1) == a


@pytest.mark.parametrize("easier", [False, True])
def test_setup_hit_points_per_wave_for_both_sides(game, easier):
    side = CONF["hit_points"]["easier" if easier else "harder"]
    s = game.new(3, variant="campaign", seed=0, easier_haven=easier)
    assert s.wave_hit_points == tuple(side) and s.hit_points == side[0]
    # The harder side has fewer hit points in every wave; it starts like the base Haven.
    assert all(h < e for h, e in zip(CONF["hit_points"]["harder"], CONF["hit_points"]["easier"]))
    assert CONF["hit_points"]["harder"][0] == 3
    board = kinds(game.setup_events(s), "campaign_board")
    assert len(board) == 1 and ("easier" if easier else "harder") in board[0].text
    # Each later wave starts at its own hit points.
    for wave in (2, 3, 4):
        s = finish_wave_won(game, s)
        assert s.wave == wave and s.hit_points == side[wave - 1] and game.damage(s) == 0


def finish_wave_won(game, state):
    """Stage the last turn of the current wave so that P1 beats the E02 with a 10; everyone
    keeps their first drawn upgrade; returns the state at the next wave's first turn."""
    n = state.players
    s = stage(state, turn=10, deck=[], current="E02", hands=[[1, 10]] + [[0, 1]] * (n - 1))
    s, _ = play_all(game, s, [10] + [0] * (n - 1))
    if s.over:
        return s
    for seat in game.to_move(s):
        s, _ = game.apply(s, f"P{seat + 1} keep {s.offers[seat][0].lower()} for {s.hands[seat][0]}")
    return s


# ---- the end of a wave -------------------------------------------------------------------------

def won_wave(game, **options):
    """Wave 1, turn 10 of a 3-player campaign: P1 10 takes the E02 (trophy 1); P2 keeps a 9
    and an E01 trophy (10 points), P1 ends with 8 + 1 = 9, P3 with 2: P2 is the lone Legend."""
    s = campaign_at_last_turn(game, **options)
    return stage(s, hands=[[8, 10], [3, 9], [1, 2]], current="E02",
                 trophies=[[], ["E01"], []], damage_row=["E03"])


def test_wave_won_lone_legend_gets_the_card_and_draws_three(game):
    s = won_wave(game)
    deck = list(s.upgrade_deck)
    s, events = play_all(game, s, [10, 3, 1])
    assert s.results == [WaveResult(1, "victory", (9, 10, 2), (1,), (1,))]
    assert s.cards == [[], [TitleCard("Legend", 1, 1)], []]
    end = kinds(events, "wave_end")
    assert len(end) == 1 and end[0].rule == C + "round" and "P2" in end[0].text
    # Trophies set aside, the table cleared to the box, the used cards back in hand.
    assert s.set_aside == [["E02"], ["E01"], []] and s.trophies == [[], [], []]
    assert "E03" in s.box and s.damage_row == [] and s.unclaimed == []
    assert game.damage(s) == 0
    assert s.hands == [list(FULL_SET)] * 3 and s.used_piles == [[], [], []]
    assert s.chosen == [None] * 3 and s.current is None
    # Upgrade draws: the Legend 3, the others 2, dealt in activation order from P1.
    assert [len(o) for o in s.offers] == [2, 3, 2]
    assert s.offers == [deck[0:2], deck[2:5], deck[5:7]] and s.upgrade_deck == deck[7:]
    assert game.to_move(s) == (0, 1, 2) and game.current_rule(s) == C + "upgrade"
    assert len(game.legal_actions(s, 1)) == 3 * 11
    drawn = kinds(events, "upgrades_drawn")
    assert [e.visible_to for e in drawn] == [(0,), (1,), (2,)]
    assert [e.data["count"] for e in kinds(events, "draw_upgrades")] == [2, 3, 2]


def test_keep_for_exchanges_a_weapon_out_of_the_game(game):
    s = won_wave(game)
    next_deck = list(s.wave_decks[0])
    s, _ = play_all(game, s, [10, 3, 1])
    offers = [list(o) for o in s.offers]
    s, ev1 = game.apply(s, f"P2 keep {offers[1][2].lower()} for 5")
    assert s.hands[1] == [v for v in FULL_SET if v != 5] and s.upgrades[1] == [offers[1][2]]
    assert s.kept[1] == [offers[1][2]] and s.exchanged[1] == [5]
    assert s.offers[1] == [] and sorted(s.upgrade_discard) == sorted(offers[1][:2])
    keep = kinds(ev1, "keep_upgrade")
    assert keep[0].visible_to == (1,) and kinds(ev1, "upgrade_done")[0].visible_to is None
    assert game.to_move(s) == (0, 2) and s.wave == 1
    s, _ = game.apply(s, f"P1 keep {offers[0][0].lower()} for 0")
    s, ev3 = game.apply(s, f"P3 keep {offers[2][1].lower()} for 10")
    # Everyone chose: wave 2 begins at full hit points with slot II's deck.
    assert s.wave == 2 and s.turn == 1 and s.current == next_deck[0] and s.deck == next_deck[1:]
    assert s.hit_points == s.wave_hit_points[1] and game.damage(s) == 0
    assert kinds(ev3, "wave_start")[0].rule == C + "round"
    assert s.hands[0] == [0, *range(1, 11)] and s.hands[2] == [0, 0, *range(1, 10)]
    assert sorted(s.upgrade_discard) == sorted([offers[0][1], offers[1][0], offers[1][1],
                                                offers[2][0]])
    # The weapon never comes back: at the end of wave 2 the used piles return without it.
    s2 = stage(s, turn=10, deck=[], current="E02")
    s2, _ = play_all(game, s2, [0, 0, 0])
    assert s2.wave == 2 and game.engine(s2).phase(s2) == "upgrade"
    assert 5 not in s2.hands[1] and s2.hands[1] == [v for v in FULL_SET if v != 5]
    assert s2.upgrades[1] == [offers[1][2]]
    assert s2.upgrades[0] == [offers[0][0]] and s2.hands[0].count(0) == 1


def test_upgrade_draws_start_with_the_youngest(game):
    s = won_wave(game, youngest="P2")
    assert s.youngest == 1
    deck = list(s.upgrade_deck)
    s, _ = play_all(game, s, [10, 3, 1])
    assert s.offers == [deck[5:7], deck[0:3], deck[3:5]]


def test_wave_lost_scapegoat_gets_the_card_and_draws_none(game):
    s = campaign_at_last_turn(game)
    # Turn 5: the M15 (damage 2) gets through after an E01: 3 damage, the Haven falls.
    s = stage(s, hands=[[0, 1, 9], [0, 4, 5], [0, 2, 8]], current="M15", damage_row=["E01"],
              turn=5, deck=["E03", "E04"], trophies=[["E05"], [], []])
    deck = list(s.upgrade_deck)
    s, events = play_all(game, s, [0, 0, 0])
    # Hands: P1 10 (best card 9), P2 9, P3 10 (best card 8): P1 is the Scapegoat.
    assert s.results == [WaveResult(1, "defeat", (10, 9, 10), (0,), (0,))]
    assert s.cards[0] == [TitleCard("Scapegoat", 1, SCAPEGOAT_VP[0])]
    assert [len(o) for o in s.offers] == [0, 1, 1]
    assert s.offers[1] == deck[0:1] and s.offers[2] == deck[1:2]
    assert game.to_move(s) == (1, 2)
    assert len(kinds(events, "no_upgrade")) == 1 and kinds(events, "no_upgrade")[0].data["seat"] == 0
    # Unbeaten and unplayed undead go to the box; trophies are still set aside (1 VP each).
    assert sorted(s.box) == ["E01", "E03", "E04", "M15"] and s.deck == []
    assert s.set_aside[0] == ["E05"]
    refused(game, s, "P1 keep u01 for 0", C + "upgrade", "no upgrade to choose")


def test_wave_full_tie_nobody_gets_the_card_and_tied_players_draw_as_holders(game):
    s = campaign_at_last_turn(game)
    # P1: 8 + E02 (1) = 9 with 1 trophy; P2: 8 + E01 (1) = 9 with 1 trophy: a full tie.
    s = stage(s, hands=[[8, 10], [3, 8], [1, 2]], current="E02", trophies=[[], ["E01"], []])
    s, events = play_all(game, s, [10, 3, 1])
    assert s.results == [WaveResult(1, "victory", (9, 9, 2), (0, 1), ())]
    assert s.cards == [[], [], []]
    assert "nobody gains" in kinds(events, "wave_end")[0].text
    assert [len(o) for o in s.offers] == [3, 3, 2]


def test_wave_tie_on_points_goes_to_more_trophies(game):
    s = campaign_at_last_turn(game)
    # P1: 8 + E02 (1) = 9 with 1 trophy; P2: 9 with no trophy: P1 is the Legend.
    s = stage(s, hands=[[8, 10], [3, 9], [1, 2]], current="E02")
    s, _ = play_all(game, s, [10, 3, 1])
    assert s.results[0].titled == (0,) and s.cards[0] == [TitleCard("Legend", 1, 1)]
    assert [len(o) for o in s.offers] == [3, 2, 2]


def test_scapegoat_full_tie_both_draw_nothing(game):
    s = campaign_at_last_turn(game)
    s = stage(s, hands=[[0, 1, 9], [0, 4, 5], [0, 1, 9]], current="M15", damage_row=["E01"],
              turn=5, deck=["E03"])
    s, _ = play_all(game, s, [0, 0, 0])
    assert s.results[0] == WaveResult(1, "defeat", (10, 9, 10), (0, 2), ())
    assert s.cards == [[], [], []] and [len(o) for o in s.offers] == [0, 1, 0]
    assert game.to_move(s) == (1,)


def test_upgrade_discards_reshuffle_when_the_deck_runs_out(game):
    s = won_wave(game)
    s.upgrade_deck = ["U01"]
    s.upgrade_discard = ["U02", "U03", "U04", "U05", "U06", "U07", "U08"]
    s, events = play_all(game, s, [10, 3, 1])
    assert s.offers[0][0] == "U01"            # the last card of the old deck comes first
    drawn = [u for o in s.offers for u in o]
    assert len(drawn) == 7 and len(set(drawn)) == 7
    assert sorted(drawn + s.upgrade_deck) == [f"U0{i}" for i in range(1, 9)]
    assert s.upgrade_discard == []
    shuffle = kinds(events, "reshuffle_upgrades")
    assert len(shuffle) == 1 and shuffle[0].visible_to == () and shuffle[0].rule == C + "upgrade"


def test_upgrade_draws_stop_when_deck_and_discards_are_empty(game):
    s = won_wave(game)
    s.upgrade_deck, s.upgrade_discard = ["U09"], ["U10"]
    s, events = play_all(game, s, [10, 3, 1])
    assert [len(o) for o in s.offers] == [2, 0, 0] and game.to_move(s) == (0,)
    assert "only 0 left" in kinds(events, "draw_upgrades")[1].text
    s, _ = game.apply(s, f"P1 keep {s.offers[0][1].lower()} for 0")
    assert s.wave == 2 and game.to_move(s) == (0, 1, 2)


def test_no_upgrades_after_wave_four_and_final_score(game):
    s = won_wave(game)
    s.wave, s.wave_decks = 4, []
    s.hit_points = s.wave_hit_points[3]
    s.set_aside = [["M01"], [], ["M02", "M03"]]
    s, events = play_all(game, s, [10, 3, 1])
    assert s.over and game.to_move(s) == () and s.offers == [[], [], []]
    assert not kinds(events, "draw_upgrades")
    assert s.cards[1] == [TitleCard("Legend", 4, LEGEND_VP[3])]
    out = game.outcome(s)
    # Victory points: 1 per undead set aside over all waves, plus the wave-4 Legend card.
    assert out.scores == (2, 1 + LEGEND_VP[3], 2)
    assert LEGEND_VP[3] > 1 and out.winners == (1,) and out.rule == C + "end"
    assert kinds(events, "end")[0].rule == C + "end"
    refused(game, s, "P1 play 0", C + "end")


def test_wave_ends_after_ten_turns_of_real_play(game):
    # P1 plays 10 down to 1, P2 0, 0, 1 up to 8: every total is 9 or 10, above any power of
    # slot I's easy and medium undead for two players, and the two values never match.
    s = game.new(2, variant="campaign", seed=5)
    assert max(game.data.undead[u].power[2] for u in [s.current] + s.deck) <= 9
    p1 = list(range(10, 0, -1))
    p2 = [0, 0] + list(range(1, 9))
    for turn in range(10):
        assert s.wave == 1 and s.turn == turn + 1 and s.results == []
        s, events = play_all(game, s, [p1[turn], p2[turn]])
    assert [r.defeated for r in s.history] == [True] * 10
    assert [r.trophy_to for r in s.history] == [0] * 6 + [1] * 4
    assert len(s.results) == 1 and s.results[0].result == "victory"
    assert s.hands == [list(FULL_SET)] * 2 and s.used_piles == [[], []]
    assert game.engine(s).phase(s) == "upgrade" and kinds(events, "wave_end")


# ---- abilities ---------------------------------------------------------------------------------

def turn_one(game, players=3, **options):
    s = game.new(players, variant="campaign", seed=0, **options)
    return s


def test_boost_adds_two_to_the_total(game):
    s = stage(turn_one(game), ups=[["U05"], [], []], current="E02")   # power 7 for 3
    assert game.power(s) == 7 and upgrades()["U05"].ability == "boost"
    after, events = play_all(game, s, ["U05", 0, 0])
    record = after.history[-1]
    assert record.plays == ("U05", 0, 0) and record.total == 7 and record.bonus == 2
    assert record.defeated and after.trophies[0] == ["E02"]
    ability = kinds(events, "ability")
    assert len(ability) == 1 and ability[0].rule == U + "ability.boost"
    assert after.used_piles[0] == ["U05"] and after.upgrades[0] == []
    # A plain 5 is 2 short.
    plain, _ = play_all(game, s, [5, 0, 0])
    assert not plain.history[-1].defeated and plain.damage_row == ["E02"]


def test_boost_does_not_change_the_value_that_wins_the_trophy(game):
    s = stage(turn_one(game), ups=[["U05"], [], []], current="E02")
    after, _ = play_all(game, s, ["U05", 6, 0])
    assert after.history[-1].total == 13
    assert after.history[-1].trophy_to == 1 and after.trophies == [[], ["E02"], []]


@pytest.mark.parametrize("others, bonus", [
    ((5, 8), 2),          # two other ranged weapons
    ((5, 9), 1),          # one ranged, one siege
    ((0, 4), 0),          # a 0 has no type; 4 is melee
    (("U08", 7), 2),      # an upgrade's type counts too
])
def test_rally_counts_other_cards_of_its_type(game, others, bonus):
    s = stage(turn_one(game), ups=[["U07"], ["U08"], []], current="H10")   # power 25
    assert upgrades()["U07"].ability == "rally" and upgrades()["U07"].type == "ranged"
    after, events = play_all(game, s, ["U07", *others])
    values = [6] + [upgrades()[o].value if isinstance(o, str) else o for o in others]
    record = after.history[-1]
    assert record.bonus == bonus and record.total == sum(values) + bonus
    assert kinds(events, "ability")[0].data["bonus"] == bonus


def test_two_rallies_each_count_their_own_type(game):
    # U07 (ranged) sees no other ranged card; U02 (melee) sees the melee 4.
    s = stage(turn_one(game), ups=[["U07"], ["U02"], []], current="H10")
    after, _ = play_all(game, s, ["U07", "U02", 4])
    assert after.history[-1].bonus == 1 and after.history[-1].total == 6 + 3 + 4 + 1


def test_bulwark_reduces_the_havens_damage(game):
    s = stage(turn_one(game), ups=[["U04"], [], []], current="M15")   # damage 2, power 12
    assert game.data.undead["M15"].damage == 2
    after, events = play_all(game, s, ["U04", 0, 0])
    assert after.damage_row == ["M15"] and game.damage(after) == 1 and after.prevented == 1
    assert kinds(events, "ability")[0].rule == U + "ability.bulwark"
    assert kinds(events, "damage")[0].data["damage"] == 1
    plain, _ = play_all(game, s, [4, 0, 0])
    assert game.damage(plain) == 2


def test_bulwark_cannot_make_damage_negative_and_does_nothing_on_a_win(game):
    s = stage(turn_one(game), ups=[["U04"], ["U12"], []], current="M14")  # damage 1, power 12
    after, _ = play_all(game, s, ["U04", "U12", 0])                      # 11 < 12
    assert game.damage(after) == 0 and after.prevented == 1
    won = stage(turn_one(game), ups=[["U04"], [], []], current="E02")
    after, events = play_all(game, won, ["U04", 10, 0])
    assert after.prevented == 0 and not kinds(events, "ability")


def test_bulwark_can_save_the_haven(game):
    s = stage(turn_one(game), ups=[["U04"], [], []], current="M14", damage_row=["E01", "E03"])
    after, _ = play_all(game, s, ["U04", 0, 0])
    assert game.damage(after) == 2 and not after.results and after.turn == 2
    plain, _ = play_all(game, s, [4, 0, 0])
    assert len(plain.results) == 1 and plain.results[0].result == "defeat"
    # The prevented damage is forgotten at the end of the wave.
    last = stage(after, turn=10, deck=[], current="E02")
    last, _ = play_all(game, last, [10, 9, 8])
    assert last.prevented == 0 and game.damage(last) == 0


def test_claim_takes_an_unclaimed_trophy(game):
    s = stage(turn_one(game, 4), ups=[["U01"], [], [], []], current="E02")   # power 9 for 4
    after, events = play_all(game, s, ["U01", 3, 5, 5])                        # no unique value
    assert after.trophies == [["E02"], [], [], []] and after.unclaimed == []
    assert after.history[-1].trophy_to == 0
    assert kinds(events, "ability")[0].rule == U + "ability.claim"
    # Someone earned it: the claim does nothing.
    after, events = play_all(game, s, ["U01", 10, 5, 5])
    assert after.trophies == [[], ["E02"], [], []] and not kinds(events, "ability")
    # Not beaten: nothing to claim.
    lost = stage(s, current="H10")
    after, events = play_all(game, lost, ["U01", 3, 5, 5])
    assert after.trophies == [[]] * 4 and after.damage_row == ["H10"] and not kinds(events, "ability")


@pytest.mark.parametrize("youngest, taker", [(None, 0), ("P2", 1), ("P3", 0), ("P4", 0)])
def test_two_claims_the_youngest_acts_first(game, youngest, taker):
    options = {} if youngest is None else {"youngest": youngest}
    s = stage(turn_one(game, 4, **options), ups=[["U01"], ["U11"], [], []], current="E02")
    after, events = play_all(game, s, ["U01", "U11", 3, 7])                    # 3, 7, 3, 7
    expected = [[] for _ in range(4)]
    expected[taker] = ["E02"]
    assert after.trophies == expected
    claims = kinds(events, "ability")
    assert len(claims) == 1 and claims[0].data["seat"] == taker


def test_recall_returns_the_highest_used_weapon(game):
    s = stage(turn_one(game), ups=[["U06"], [], []], current="E02",
              hands=[[1, 3, 4, 5, 6, 7, 8, 10], FULL_SET, FULL_SET], used=[[9, 2, 0, 0], [], []])
    s.upgrades[0] = ["U06", "U30"]
    after, events = play_all(game, s, ["U06", 0, 0])
    assert after.hands[0] == [1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert Counter(after.used_piles[0]) == Counter([2, 0, 0, "U06"])
    assert kinds(events, "ability")[0].rule == U + "ability.recall"
    # Only weapons come back, never an upgrade.
    s2 = stage(s, used=[["U30", 2], [], []])
    s2.upgrades[0] = ["U06"]
    after, _ = play_all(game, s2, ["U06", 0, 0])
    assert after.hands[0] == list(range(1, 9)) + [10] and after.used_piles[0] == ["U30", "U06"]


def test_scout_is_seen_only_by_its_player(game):
    s = stage(turn_one(game), ups=[[], ["U03"], []], current="E02")
    coming = s.deck[0]
    after, events = play_all(game, s, [10, "U03", 0])
    seen = kinds(events, "scouted")
    assert len(seen) == 1 and seen[0].visible_to == (1,) and seen[0].data["undead"] == (coming,)
    assert seen[0].rule == U + "ability.scout"
    assert after.current == coming                # it was indeed the next undead
    assert not kinds(events_for(events, 0), "scouted")
    assert not kinds(events_for(events, 2), "scouted")
    assert kinds(events_for(events, 0), "ability")                # that P2 scouted is public
    name = game.data.undead[coming].name
    assert all(name not in e.text for e in events_for(events, 0) if e.kind != "reveal")


# ---- illegal actions and options ---------------------------------------------------------------

def test_playing_an_upgrade_not_held(game):
    s = stage(turn_one(game), ups=[["U05"], [], []])
    refused(game, s, "P2 play u05", R + "turn.prepare", "no upgrade u05")
    refused(game, s, "P1 play u06", R + "turn.prepare", "no upgrade u06", "u05")
    refused(game, s, "P1 play u5", R + "turn.prepare", "upgrade id")


def test_upgrade_phase_refusals(game):
    s = won_wave(game)
    s.upgrades[0] = ["U20"]
    s, _ = play_all(game, s, [10, 3, 1])
    offer = s.offers[0][0].lower()
    refused(game, s, "P1 play 3", C + "upgrade", "keeps one drawn upgrade")
    refused(game, s, "P1 keep u99 for 0", C + "upgrade", "not among them")
    refused(game, s, f"P1 keep {s.offers[1][0].lower()} for 0", C + "upgrade", "not among them")
    refused(game, s, f"P1 keep {offer} for 11", C + "ruling.exchange", "no weapon '11'")
    refused(game, s, f"P1 keep {offer} for u20", C + "ruling.exchange", "only a weapon card")
    refused(game, s, f"P1 keep {offer}", C + "upgrade")
    s, _ = game.apply(s, f"P1 keep {offer} for 0")
    refused(game, s, f"P1 keep {offer} for 1", C + "upgrade", "no upgrade to choose")


@pytest.mark.parametrize("options, message", [
    ({"deck": ["E01"] * 10}, "deck and easy_deck are for single games"),
    ({"easy_deck": True}, "deck and easy_deck are for single games"),
    ({"teams": [["P1"], ["P2"]]}, "unknown option"),
    ({"campaign": True}, "unknown option"),
    ({"youngest": "P4"}, "youngest must name a seat"),
    ({"easier_haven": 1}, "easier_haven must be True or False"),
])
def test_campaign_options_refused(game, options, message):
    with pytest.raises(ValueError, match=message):
        game.new(3, variant="campaign", **options)


@pytest.mark.parametrize("players", [1, 7, 12])
def test_campaign_player_counts(game, players):
    with pytest.raises(ValueError, match="2 to 6 players") as info:
        game.new(players, variant="campaign")
    assert ("epic" in str(info.value)) == (players >= 7)


def test_base_game_refuses_campaign_options(game):
    with pytest.raises(ValueError, match="unknown option.*teams"):
        game.new(4, teams=[["P1", "P3"], ["P2", "P4"]])
    with pytest.raises(ValueError, match="unknown option.*campaign"):
        game.new(4, campaign=True)
    with pytest.raises(ValueError, match="epic"):
        game.new(8)


# ---- playouts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("bot_kind", sorted(BOTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_campaign_playouts_keep_invariants(game, players, bot_kind):
    for seed in range(2):
        s, labels, events = run_modes_game(game, players, "campaign", seed, bot_kind,
                                           views=seed == 0)
        assert s.wave == 4 and len(s.results) == 4 and s.wave_decks == []
        assert sum(map(len, s.kept)) > 0
        out = game.outcome(s)
        assert out.result == "campaign" and out.rule == C + "end"
        assert out.scores == tuple(game.engine(s).victory_points(s, i) for i in range(players))
        # Three upgrade phases: each seat gained one upgrade per phase unless a Scapegoat.
        for seat in range(players):
            goat = sum(seat in r.titled and r.result == "defeat" for r in s.results[:3])
            assert len(s.kept[seat]) == 3 - goat
