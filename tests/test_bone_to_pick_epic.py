"""Bone to Pick epic game (7 to 12 players, two boxes): two undead a turn, two trophies, the
gentler undead hurts the Haven, and the epic campaign's two title cards."""
from __future__ import annotations

from collections import Counter

import pytest

from bonekit.core import events_for
from bonekit.games.bone_to_pick.data import components, second_box, upgrades
from bonekit.games.bone_to_pick.state import TitleCard, WaveResult
from conftest import refused
from test_bone_to_pick_campaign import (
    BOTS,
    CONF,
    LEGEND_VP,
    SCAPEGOAT_VP,
    kinds,
    play_all,
    run_modes_game,
    stage,
)

R = "bone_to_pick."
E = R + "epic."
C = R + "campaign."
# The rulebook's table: the first undead read at the first column, the second at the second.
TOTAL_POWER = {7: (5, 2), 8: (6, 2), 9: (6, 3), 10: (6, 4), 11: (6, 5), 12: (6, 6)}
FILL = ["E03", "E04", "E05b", "E06", "E07", "E08", "E09", "E10", "M01", "M02", "M03", "M04",
        "M05", "M06", "M07", "M08", "M09", "M10", "M11", "M12"]


def deck(first, second):
    return [first, second] + [u for u in FILL if u not in (first, second)][:18]


# ---- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [7, 9, 12])
def test_setup_twenty_undead_from_two_boxes(game, players):
    seen_b = False
    everything = sorted(list(game.data.undead) + second_box(game.data.undead))
    assert len(everything) == 80
    for seed in range(6):
        s = game.new(players, variant="epic", seed=seed)
        assert s.epic and not s.campaign and s.turn == 1
        dealt = [s.current, s.second] + s.deck
        assert len(dealt) == 20 and len(set(dealt)) == 20 and len(s.box) == 60
        assert sorted(dealt + s.box) == everything
        seen_b |= any(u.endswith("b") for u in dealt)
        shuffle = kinds(game.setup_events(s), "shuffle")
        assert len(shuffle) == 1 and shuffle[0].rule == E + "setup"
        assert list(shuffle[0].data["deck"]) == dealt and shuffle[0].visible_to == ()
    assert seen_b


def test_power_columns_match_the_rulebook_table(game):
    raw = components().raw["epic"]["power_columns"]
    assert {int(k): tuple(v) for k, v in raw.items()} == TOTAL_POWER


@pytest.mark.parametrize("players", sorted(TOTAL_POWER))
def test_power_is_first_card_high_column_plus_second_card_low_column(game, players):
    hi, lo = TOTAL_POWER[players]
    for first, second in [("H10", "E01"), ("E01", "H10b"), ("M07b", "M07")]:
        s = game.new(players, variant="epic", deck=deck(first, second))
        a, b = game.data.undead[first.rstrip("b")], game.data.undead[second.rstrip("b")]
        assert (s.current, s.second) == (first, second)
        assert game.power(s) == a.power[hi] + b.power[lo]
        reveal = kinds(game.setup_events(s), "reveal")[0]
        assert reveal.rule == E + "reveal" and f"= {a.power[hi] + b.power[lo]}" in reveal.text


@pytest.mark.parametrize("bad", [
    deck("E01", "E02")[:19],                     # 19 cards
    deck("E01", "E02") + ["M11"],                # 21 cards
    deck("E01", "E02")[:19] + ["E05c"],          # not a card
    deck("E01", "E02")[:19] + ["E01"],           # the same copy twice
])
def test_stacked_epic_deck_is_validated(game, bad):
    with pytest.raises(ValueError, match="20 different undead ids"):
        game.new(7, variant="epic", deck=bad)


def test_stacked_epic_deck_may_hold_both_copies(game):
    s = game.new(7, variant="epic", deck=deck("E01", "E01b"))
    assert (s.current, s.second) == ("E01", "E01b") and "E01" not in s.box and "E05b" in s.deck


@pytest.mark.parametrize("players", [6, 13, 2])
def test_epic_player_counts(game, players):
    with pytest.raises(ValueError, match="7 to 12 players"):
        game.new(players, variant="epic")


def test_epic_campaign_refuses_a_stacked_deck(game):
    with pytest.raises(ValueError, match="deck and easy_deck are for single games"):
        game.new(7, variant="epic", campaign=True, deck=deck("E01", "E02"))
    with pytest.raises(ValueError, match="unknown option.*teams"):
        game.new(7, variant="epic", teams=[["P1"]])


# ---- trophies ----------------------------------------------------------------------------------

NINE = ["Tom", "Mary", "James", "Kim", "Terry", "Joey", "Rachel", "Paul", "Ruby"]
NINE_PLAYS = [10, 10, 9, 7, 7, 7, 5, 5, 4]


@pytest.mark.parametrize("pick", ["E02", "E01"])
def test_rulebook_trophy_example_nine_players(game, pick):
    s = game.new(9, variant="epic", names=NINE, deck=deck("E02", "E01"))
    assert game.power(s) == 13 + 8 and sum(NINE_PLAYS) == 64       # beaten
    s, events = play_all(game, s, NINE_PLAYS)
    # James alone played the 9: he picks; Ruby's lone 4 gets the other.
    assert game.to_move(s) == (2,) and game.current_rule(s) == E + "trophies"
    assert [a.label for a in game.legal_actions(s, 2)] == ["P3 take e02", "P3 take e01"]
    assert kinds(events, "choose_trophy")[0].data == {"seat": 2, "other": 8}
    assert s.trophies == [[]] * 9
    refused(game, s, "P9 take e02", E + "trophies", "P3 played the highest unique value")
    refused(game, s, "P3 take e05b", E + "trophies", "take e02", "take e01")
    refused(game, s, "P3 play 8", E + "trophies")
    s, events = game.apply(s, f"P3 take {pick.lower()}")
    other = "E01" if pick == "E02" else "E02"
    expected = [[] for _ in range(9)]
    expected[2], expected[8] = [pick], [other]
    assert s.trophies == expected
    assert s.history[0].trophy_to == (2 if pick == "E02" else 8)
    assert s.history[0].second_to == (8 if pick == "E02" else 2)
    assert s.turn == 2 and (s.current, s.second) == tuple(deck("E02", "E01")[2:4])
    assert [e.data["seat"] for e in kinds(events, "trophy")] == [expected.index([u]) for u in
                                                                ("E02", "E01")]


def test_one_unique_value_takes_both(game):
    s = game.new(7, variant="epic", deck=deck("E02", "E01"))     # 11 + 5 = 16
    s, events = play_all(game, s, [10, 10, 9, 9, 0, 0, 3])
    assert s.trophies[6] == ["E02", "E01"] and game.to_move(s) == tuple(range(7))
    assert s.history[0].trophy_to == s.history[0].second_to == 6


def test_no_unique_value_leaves_both_unclaimed(game):
    s = game.new(7, variant="epic", deck=deck("E02", "E01"))
    s, events = play_all(game, s, [10, 10, 9, 9, 0, 0, 0])
    assert s.trophies == [[]] * 7 and s.unclaimed == ["E02", "E01"]
    assert len(kinds(events, "no_trophy")) == 2 and s.history[0].defeated


# ---- damage ------------------------------------------------------------------------------------

@pytest.mark.parametrize("first, second", [("M15", "E04"), ("E04", "M15")])
def test_only_the_lower_damage_undead_hurts_the_haven(game, first, second):
    s = game.new(7, variant="epic", deck=deck(first, second))
    assert game.data.undead["M15"].damage == 2 and game.data.undead["E04"].damage == 1
    s, events = play_all(game, s, [0] * 7)
    assert s.damage_row == ["E04"] and game.damage(s) == 1 and "M15" in s.box
    assert kinds(events, "to_box")[0].data == {"undead": "M15"}
    assert kinds(events, "damage")[0].rule == E + "damage"
    assert s.trophies == [[]] * 7 and s.unclaimed == []


def test_equal_damage_the_first_undead_hurts(game):
    s = game.new(8, variant="epic", deck=deck("E06", "E03"))
    s, _ = play_all(game, s, [0] * 8)
    assert s.damage_row == ["E06"] and "E03" in s.box and game.damage(s) == 1


def test_epic_base_game_names_one_legend(game):
    s = game.new(7, variant="epic", seed=3)
    s = stage(s, turn=10, deck=[], current="E02", second="E01",
              hands=[[5, 10], [5, 9]] + [[5, 1]] * 5)
    s.box = [u for u in s.box if u not in ("E02", "E01")]
    s, events = play_all(game, s, [5] * 7)
    out = game.outcome(s)
    assert out.result == "victory" and out.winners == (0,) and out.titles == {0: "Legend"}


# ---- the epic campaign -------------------------------------------------------------------------

def test_epic_campaign_setup_doubles_the_slots(game):
    s = game.new(7, variant="epic", campaign=True, seed=2)
    decks = [[s.current, s.second] + s.deck] + s.wave_decks
    assert [len(d) for d in decks] == [20] * 4
    everything = sorted(list(game.data.undead) + second_box(game.data.undead))
    assert sorted(u for d in decks for u in d) == everything and s.box == []
    for d, slot in zip(decks, CONF["slots"]):
        levels = Counter(game.data.undead[u].level for u in d)
        assert levels == Counter({k: 2 * v for k, v in slot.items() if v})
    ups = sorted(upgrades())
    assert sorted(s.upgrade_deck) == sorted(ups + second_box(ups)) and len(s.upgrade_deck) == 64


def epic_last_turn(game, extras, players=7, **options):
    """Wave 1, turn 10 of an epic campaign: the E02 and E01 (power 16 for 7) are beaten by a
    5 from everyone (no unique value, no trophy); each seat keeps ``extras[seat]``."""
    s = game.new(players, variant="epic", campaign=True, seed=1, **options)
    return stage(s, turn=10, deck=[], current="E02", second="E01",
                 hands=[[5, *x] for x in extras])


@pytest.mark.parametrize("extras, titled, card_to, draws", [
    # a lone leader and a lone runner-up: one card each
    ([[10], [9]] + [[1]] * 5, (0, 1), (0, 1), [3, 3, 2, 2, 2, 2, 2]),
    # two tied leaders: one card each; the third player is a plain player
    ([[10], [10], [9]] + [[1]] * 4, (0, 1), (0, 1), [3, 3, 2, 2, 2, 2, 2]),
    # more than two tied leaders: no card, all upgrade as title holders
    ([[10], [10], [10]] + [[1]] * 4, (0, 1, 2), (), [3, 3, 3, 2, 2, 2, 2]),
    # a lone leader, tied runners-up: the leader's card only, runners-up upgrade as holders
    ([[10], [9], [9]] + [[1]] * 4, (0, 1, 2), (0,), [3, 3, 3, 2, 2, 2, 2]),
    # everybody tied
    ([[1]] * 7, tuple(range(7)), (), [3] * 7),
])
def test_epic_campaign_two_legend_cards(game, extras, titled, card_to, draws):
    s = epic_last_turn(game, extras)
    s, events = play_all(game, s, [5] * 7)
    scores = tuple(sum(x) for x in extras)
    assert s.results == [WaveResult(1, "victory", scores, titled, card_to)]
    for seat in range(7):
        expect = [TitleCard("Legend", 1, LEGEND_VP[0])] if seat in card_to else []
        assert s.cards[seat] == expect
    assert [len(o) for o in s.offers] == draws
    assert len(set(u for o in s.offers for u in o)) == sum(draws)


def test_epic_campaign_two_scapegoat_cards(game):
    s = game.new(7, variant="epic", campaign=True, seed=1)
    # The H10 (damage 2) goes to the box, the E04 (damage 1) makes the third damage.
    s = stage(s, turn=4, deck=["M01", "M02"], current="H10", second="E04",
              damage_row=["E01", "E03"], hands=[[0, 10], [0, 9], [0, 8, 1]] + [[0, 1]] * 4)
    s, events = play_all(game, s, [0] * 7)
    assert s.results == [WaveResult(1, "defeat", (10, 9, 9, 1, 1, 1, 1), (0, 1), (0, 1))]
    assert s.cards[0] == s.cards[1] == [TitleCard("Scapegoat", 1, SCAPEGOAT_VP[0])]
    assert [len(o) for o in s.offers] == [0, 0, 1, 1, 1, 1, 1]
    assert sorted(s.box) == ["E01", "E03", "E04", "H10", "M01", "M02"]


def test_epic_two_claims_take_the_two_undead(game):
    for youngest, first, second in [("P1", 0, 1), ("P2", 1, 0)]:
        s = epic_last_turn(game, [[3]] * 7, youngest=youngest)
        s = stage(s, turn=3, deck=["M01", "M02", "M03", "M04"], ups=[["U01"], ["U11b"]] + [[]] * 5,
                  hands=[[3, 5], [7, 5], [3], [7], [5], [5], [0]])
        s, events = play_all(game, s, ["U01", "U11b", 3, 7, 5, 5, 0])       # no unique value
        assert s.trophies[first] == ["E02"] and s.trophies[second] == ["E01"]
        assert [e.data["seat"] for e in kinds(events, "ability")] == [first, second]


def test_epic_scout_sees_both_next_undead(game):
    s = epic_last_turn(game, [[3]] * 7)
    s = stage(s, turn=3, deck=["M01", "M02b", "M03"], ups=[[], [], ["U03"]] + [[]] * 4)
    s, events = play_all(game, s, [5, 5, "U03", 5, 5, 5, 5])
    seen = kinds(events, "scouted")
    assert seen[0].data["undead"] == ("M01", "M02b") and seen[0].visible_to == (2,)
    assert (s.current, s.second) == ("M01", "M02b")
    assert not kinds(events_for(events, 0), "scouted")


def test_epic_take_refused_outside_the_choice(game):
    s = game.new(7, variant="epic", deck=deck("E02", "E01"))
    refused(game, s, "P1 take e02", R + "turn.prepare", "cannot 'take'")


# ---- playouts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("bot_kind", sorted(BOTS))
@pytest.mark.parametrize("players", [7, 8, 9, 10, 11, 12])
def test_epic_playouts_keep_invariants(game, players, bot_kind):
    takes = 0
    for seed in range(2):
        s, labels, _ = run_modes_game(game, players, "epic", seed, bot_kind, views=seed == 0)
        assert game.outcome(s).result in ("victory", "defeat")
        takes += sum(label.split()[1] == "take" for label in labels)
        for record in s.history:
            assert record.second is not None
            if record.defeated and record.trophy_to is not None and record.second_to is not None \
                    and record.trophy_to != record.second_to:
                values = [p for p in record.plays]
                assert max(values[record.trophy_to], values[record.second_to]) == \
                    max(v for v in values if values.count(v) == 1)
    assert takes or bot_kind == "careful"


@pytest.mark.parametrize("bot_kind", sorted(BOTS))
@pytest.mark.parametrize("players", [7, 12])
def test_epic_campaign_playouts_keep_invariants(game, players, bot_kind):
    s, labels, _ = run_modes_game(game, players, "epic", 0, bot_kind, {"campaign": True},
                                  views=players == 7)
    assert s.wave == 4 and len(s.results) == 4
    out = game.outcome(s)
    assert out.result == "campaign" and out.rule == C + "end"
    for r in s.results:
        assert len(r.card_to) <= 2
