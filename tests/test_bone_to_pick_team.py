"""Bone to Pick team game: formations, random and chosen teams, team titles (base and
campaign), upgrades for teammates of a title holder, and the team campaign's final score."""
from __future__ import annotations

import copy
import itertools

import pytest

from bonekit import Replay
from bonekit.games.bone_to_pick.data import components
from bonekit.games.bone_to_pick.state import TitleCard, WaveResult
from test_bone_to_pick_campaign import BOTS, LEGEND_VP, kinds, play_all, run_modes_game, stage

R = "bone_to_pick."
T = R + "team."
# The rulebook's table: players -> (teams, players per team).
FORMATIONS = {4: (2, 2), 6: (3, 2), 8: (4, 2), 9: (3, 3), 10: (5, 2), 12: (4, 3)}
PAIRS = [["P1", "P3"], ["P2", "P4"]]


def test_formations_in_data_match_the_rulebook():
    raw = components().raw["teams"]["formations"]
    assert {int(k): tuple(v) for k, v in raw.items()} == FORMATIONS


@pytest.mark.parametrize("players", sorted(FORMATIONS))
def test_random_draw_is_a_valid_partition_and_reproducible(game, players):
    count, size = FORMATIONS[players]
    drawn = set()
    for seed in range(8):
        s = game.new(players, variant="team", seed=seed)
        assert len(s.teams) == count and all(len(t) == size for t in s.teams)
        assert sorted(x for t in s.teams for x in t) == list(range(players))
        assert game.new(players, variant="team", seed=seed).teams == s.teams
        ev = kinds(game.setup_events(s), "teams")
        assert len(ev) == 1 and ev[0].rule == T + "draw" and ev[0].data["teams"] == s.teams
        drawn.add(s.teams)
        # 8 players and more play the epic rules.
        assert s.epic == (players >= 8) and (s.second is not None) == (players >= 8)
    assert len(drawn) > 1


def test_chosen_teams_are_used(game):
    s = game.new(4, variant="team", teams=PAIRS)
    assert s.teams == ((0, 2), (1, 3))
    assert kinds(game.setup_events(s), "teams")[0].rule == T + "formations"
    assert game.new(4, variant="team", teams=[[3, 1], ["p3", "P1"]]).teams == ((0, 2), (1, 3))
    s9 = game.new(9, variant="team", teams=[["P1", "P2", "P3"], ["P4", "P5", "P6"],
                                            ["P7", "P8", "P9"]])
    assert s9.teams == tuple(tuple(range(i, i + 3)) for i in (0, 3, 6)) and s9.epic


@pytest.mark.parametrize("players, teams", [
    (4, [["P1", "P2"], ["P1", "P3"]]),               # P1 twice, P4 nowhere
    (4, [["P1", "P2", "P3"], ["P4"]]),               # wrong sizes
    (4, [["P1", "P2"], ["P3", "P4"], []]),           # three teams
    (4, [["P1", "P5"], ["P2", "P3"]]),               # no P5
    (4, [["P1", "P2"]]),                             # P3 and P4 left out
    (6, PAIRS),                                      # 6 players form 3 teams
    (4, 5),                                          # not a list
    (4, [["P1", "Bob"], ["P2", "P3"]]),              # not a seat
])
def test_bad_teams_refused(game, players, teams):
    with pytest.raises(ValueError, match=r"team|seat") as info:
        game.new(players, variant="team", teams=teams)
    assert "rule" in str(info.value) or "seat" in str(info.value)


@pytest.mark.parametrize("players", [2, 3, 5, 7, 11, 13])
def test_team_player_counts(game, players):
    with pytest.raises(ValueError, match="4, 6, 8, 9, 10 or 12 players"):
        game.new(players, variant="team")


def test_team_options_refused(game):
    with pytest.raises(ValueError, match="deck and easy_deck are for single games"):
        game.new(4, variant="team", campaign=True, easy_deck=True)
    with pytest.raises(ValueError, match="unknown option"):
        game.new(4, variant="team", team=PAIRS)


# ---- team titles -------------------------------------------------------------------------------

def team_last_turn(game, extras, campaign=False, players=4, teams=PAIRS):
    """Turn 10: everybody plays a 5 against the E02 (power 9 for 4): beaten, no unique value;
    each seat keeps ``extras[seat]``."""
    s = game.new(players, variant="team", seed=2, teams=teams, campaign=campaign)
    return stage(s, turn=10, deck=[], current="E02", hands=[[5, *x] for x in extras])


def test_team_legend_by_summed_scores(game):
    # P2 scores best alone (10), but P1 + P3 (6 + 7 = 13) beat P2 + P4 (10 + 1 = 11).
    s = team_last_turn(game, [[6], [10], [7], [1]])
    s, events = play_all(game, s, [5] * 4)
    out = game.outcome(s)
    assert out.result == "victory" and out.winners == (0, 2) and out.rule == T + "titles"
    assert out.titles == {0: "Legend", 2: "Legend"} and out.scores == (6, 10, 7, 1)
    assert "13" in out.summary and "11" in out.summary


def test_team_scapegoat_by_summed_hands(game):
    s = game.new(4, variant="team", seed=2, teams=PAIRS)
    s = stage(s, turn=6, deck=["E05"], current="M15", damage_row=["E01"],
              hands=[[0, 6], [0, 10], [0, 7], [0, 1]], trophies=[[], ["H10"], [], []])
    s, _ = play_all(game, s, [0] * 4)
    out = game.outcome(s)
    assert out.result == "defeat" and out.winners == ()
    assert out.titles == {0: "Scapegoat", 2: "Scapegoat"} and out.scores == (6, 10, 7, 1)


def test_team_tie_shares_the_title(game):
    s = team_last_turn(game, [[6], [10], [7], [3]])
    s, _ = play_all(game, s, [5] * 4)
    out = game.outcome(s)
    assert out.winners == (0, 1, 2, 3) and set(out.titles.values()) == {"Legend"}


def test_team_campaign_card_to_best_member_and_teammates_upgrade_as_legend(game):
    s = team_last_turn(game, [[6], [10], [7], [1]], campaign=True)
    s, events = play_all(game, s, [5] * 4)
    assert s.results == [WaveResult(1, "victory", (6, 10, 7, 1), (0, 2), (2,))]
    assert s.cards == [[], [], [TitleCard("Legend", 1, LEGEND_VP[0])], []]
    assert [len(o) for o in s.offers] == [3, 2, 3, 2]


def test_team_campaign_scapegoat_team_draws_nothing(game):
    s = game.new(4, variant="team", seed=2, teams=PAIRS, campaign=True)
    s = stage(s, turn=6, deck=["E05"], current="M15", damage_row=["E01"],
              hands=[[0, 6], [0, 10], [0, 7], [0, 1]])
    s, _ = play_all(game, s, [0] * 4)
    assert s.results[0].titled == (0, 2) and s.results[0].card_to == (2,)
    assert [len(o) for o in s.offers] == [0, 1, 0, 1]


def test_team_campaign_tie_between_teams_no_card_all_upgrade_as_legends(game):
    s = team_last_turn(game, [[6], [10], [7], [3]], campaign=True)
    s, events = play_all(game, s, [5] * 4)
    assert s.results[0] == WaveResult(1, "victory", (6, 10, 7, 3), (0, 1, 2, 3), ())
    assert s.cards == [[]] * 4 and [len(o) for o in s.offers] == [3] * 4
    assert "nobody gains" in kinds(events, "wave_end")[0].text


def test_team_campaign_teammates_tied_nobody_takes_the_card(game):
    s = team_last_turn(game, [[7], [10], [7], [1]], campaign=True)
    s, _ = play_all(game, s, [5] * 4)
    assert s.results[0].titled == (0, 2) and s.results[0].card_to == ()
    assert [len(o) for o in s.offers] == [3, 2, 3, 2]


def test_three_teams_two_tied_share_the_title(game):
    teams = [["P1", "P2"], ["P3", "P4"], ["P5", "P6"]]
    s = team_last_turn(game, [[10], [2], [6], [6], [1], [1]], campaign=True, players=6,
                       teams=teams)
    s.current = "E01"                                  # power 16 for 6; six 5s make 30
    s, _ = play_all(game, s, [5] * 6)
    assert s.results[0].titled == (0, 1, 2, 3) and s.results[0].card_to == ()
    assert [len(o) for o in s.offers] == [3, 3, 3, 3, 2, 2]


# ---- the team campaign's final score -----------------------------------------------------------

def finished_team_campaign(game, set_aside_counts, kept):
    s = copy.deepcopy(game.new(4, variant="team", seed=2, teams=PAIRS, campaign=True))
    ids = sorted(game.data.undead)
    s.over, s.current, s.deck, s.wave, s.wave_decks = True, None, [], 4, []
    it = iter(ids)
    s.set_aside = [list(itertools.islice(it, n)) for n in set_aside_counts]
    s.kept = [list(k) for k in kept]
    return s


def test_team_campaign_final_scoring(game):
    # P1 4 undead + U01 (5) = 9; P3 2; team 11. P2 6 + U02 (5) = 11; P4 0; team 11.
    s = finished_team_campaign(game, [4, 6, 2, 0], [["U01"], ["U02"], [], []])
    out = game.outcome(s)
    assert out.scores == (9, 11, 2, 0) and out.rule == T + "campaign_end"
    assert out.winners == (0, 1, 2, 3)               # 11 each, 6 undead each: shared
    # Same points, more undead for P2 + P4 (7 + U05's 4): they win.
    s = finished_team_campaign(game, [4, 7, 2, 0], [["U01"], ["U05"], [], []])
    assert game.outcome(s).scores == (9, 11, 2, 0) and game.outcome(s).winners == (1, 3)
    # More points win even with fewer undead; a Legend card counts in the points.
    s = finished_team_campaign(game, [4, 7, 2, 0], [["U01"], ["U05"], [], []])
    s.cards[2] = [TitleCard("Legend", 3, LEGEND_VP[2])]
    out = game.outcome(s)
    assert out.scores == (9, 11, 2 + LEGEND_VP[2], 0) and out.winners == (0, 2)
    assert set(out.titles.values()) == {"Campaign winner"}


# ---- playouts and replays ----------------------------------------------------------------------

@pytest.mark.parametrize("bot_kind", sorted(BOTS))
@pytest.mark.parametrize("players", sorted(FORMATIONS))
def test_team_playouts_keep_invariants(game, players, bot_kind):
    s, labels, _ = run_modes_game(game, players, "team", 0, bot_kind, views=True)
    out = game.outcome(s)
    titled = set(out.titles)
    for team in s.teams:          # a title is held by whole teams
        assert set(team) <= titled or not set(team) & titled


@pytest.mark.parametrize("players, bot_kind", [(4, "careful"), (6, "random"), (9, "random"),
                                               (12, "careful")])
def test_team_campaign_playouts_keep_invariants(game, players, bot_kind):
    s, labels, _ = run_modes_game(game, players, "team", 1, bot_kind, {"campaign": True},
                                  views=players <= 6)
    out = game.outcome(s)
    assert out.result == "campaign" and out.rule == T + "campaign_end"
    winners = set(out.winners)
    for team in s.teams:
        assert set(team) <= winners or not set(team) & winners
    for r in s.results:
        for team in s.teams:
            assert set(team) <= set(r.titled) or not set(team) & set(r.titled)


def test_chosen_teams_replay(game):
    options = {"teams": PAIRS, "campaign": True}
    s, labels, _ = run_modes_game(game, 4, "team", 3, "random", options, views=False)
    replay = Replay("bone_to_pick", 4, 3, "team", options, labels)
    assert replay.final_state() == s


def test_chosen_teams_replay_json_round_trip(game):
    replay = Replay("bone_to_pick", 4, 3, "team", {"teams": PAIRS}, [])
    assert Replay.from_json(replay.to_json()).final_state().teams == ((0, 2), (1, 3))
