"""Table: bots wait for a human only while the human owes a required decision.

In the co-op game a seat stays in ``to_move`` while it may still share (an optional action);
the bot whose turn it is in the play order must not wait for that. In the base game every seat
owes its face-down weapon, so the bots still choose after the human.
"""
from __future__ import annotations

import pytest

import bonekit
from bonekit.games.bone_to_pick.bots import CoopBot
from bonekit.widgets import Table


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bone_to_pick")


def coop_table(seats, seed=3, **options):
    return Table("bone_to_pick", seats, seed=seed, variant="coop", **options)


def test_bot_plays_on_its_turn_although_the_human_could_still_share(game):
    table = coop_table(["human", CoopBot()], start="P2")
    # P2 starts: it plays at once, though P1 could still share values or types.
    assert len(table.actions) == 1 and table.actions[0].startswith("P2 play ")
    assert game.to_move(table.state)[0] == 0 and table.active == 0
    labels = {a.label for a in game.legal_actions(table.state, 0)}
    assert {"P1 share types", "P1 share values"} <= labels
    assert any(label.startswith("P1 play ") for label in labels)
    assert not table.optional(0)        # now P1's play is owed: required


def test_after_the_human_plays_the_bot_answers_without_a_share(game):
    table = coop_table(["human", CoopBot()], start="P1")
    assert table.actions == []                      # P1 starts: the bot waits for the play
    assert table.active == 0 and not table.optional(0)
    play = next(a for a in game.legal_actions(table.state, 0) if a.verb == "play")
    assert table.act(play)
    # P1 could still have shared this turn, but the bot did not wait: the turn is over.
    assert table.actions[0] == play.label and table.actions[1].startswith("P2 play ")
    assert table.state.turn == 2 and table.state.history[0].turn == 1
    assert table.active == 0 and "✗" not in table.status.value


def test_the_human_still_may_share_and_the_bot_waits_for_the_play(game):
    table = coop_table(["human", CoopBot()], start="P1")
    assert table.act("P1 share values")
    assert table.actions == ["P1 share values"]     # a share is not the play the bot waits for
    assert any(x.seat == 0 and x.kind == "values" for x in table.state.shared)
    assert "told values" in table.board.value
    assert table.act("P1 share types") and len(table.actions) == 2
    assert table.active == 0


def test_three_players_both_bots_play_past_the_human(game):
    table = coop_table(["human", CoopBot(), CoopBot()], start="P1")
    assert table.act(next(a for a in game.legal_actions(table.state, 0) if a.verb == "play"))
    assert [a.split()[0] for a in table.actions] == ["P1", "P2", "P3"]
    assert table.state.turn == 2


def test_a_human_in_the_middle_of_the_play_order(game):
    table = coop_table([CoopBot(), "human", CoopBot()], start="P1")
    assert len(table.actions) == 1 and table.actions[0].startswith("P1 play ")
    assert table.active == 1 and not table.optional(1)
    assert table.optional(2)            # P3 may only share until P2 has played
    assert table.act(next(a for a in game.legal_actions(table.state, 1) if a.verb == "play"))
    # P3 answers, the turn ends, and P1 (a bot) starts the next one: back to the human.
    assert [a.split()[0] for a in table.actions[:4]] == ["P1", "P2", "P3", "P1"]
    assert table.active == 1


def test_a_whole_coop_game_with_a_human_who_never_shares(game):
    table = coop_table(["human", CoopBot()], seed=5, start="P2")
    for _ in range(200):
        if game.is_over(table.state):
            break
        seat = table.active
        assert seat == 0 and not table.optional(0)
        legal = game.legal_actions(table.state, 0)
        assert table.act(next(a for a in legal if a.verb in ("play", "keep")))
    assert game.is_over(table.state)
    assert not any(" share " in a for a in table.actions)


def test_bots_only_coop_game_ends_without_stalling(game):
    table = coop_table([CoopBot(), CoopBot(), CoopBot()], seed=4, start="P2")
    assert game.is_over(table.state) and table.active is None


def test_hard_mode_and_talk_free_states(game):
    table = coop_table(["human", CoopBot()], hard=True, start="P2")
    assert table.actions[0].startswith("P2 play ") and table.active == 0
    assert all(a.verb == "play" for a in game.legal_actions(table.state, 0))


# ---- the base game: a simultaneous step, bots still choose after the human ----------------------
def test_base_game_bots_choose_after_the_human_every_turn(game):
    table = Table("bone_to_pick", ["human", "careful", "careful"], seed=2)
    assert table.actions == [] and table.active == 0
    for turn in range(1, 11):
        if game.is_over(table.state):
            break
        assert table.state.turn == turn
        assert all(c is None for c in table.state.chosen), "a bot chose before the human"
        assert not table.optional(0)    # even with a single card left in hand
        legal = game.legal_actions(table.state, 0)
        n = len(table.actions)
        assert table.act(legal[0])
        assert table.actions[n] == legal[0].label
        assert [a.split()[0] for a in table.actions[n:n + 3]] == ["P1", "P2", "P3"]
    assert game.is_over(table.state)
    assert len(game.legal_actions(game.new(3, seed=2), 0)) > 1


def test_base_game_optional_is_false_for_every_seat_that_owes(game):
    table = Table("bone_to_pick", ["careful", "careful", "careful"], seed=1)
    assert game.is_over(table.state)    # bots only: they play the whole game at once
    state = game.new(3, seed=1)
    state, _ = game.apply(state, "P2 play 4")
    assert [table.optional(s, state) for s in range(3)] == [False, False, False]


def test_a_game_may_name_its_optional_actions(game):
    calls = []

    class Hooked(type(game)):
        def optional_actions(self, state, seat):
            calls.append(seat)
            return [a for a in self.legal_actions(state, seat) if a.verb == "share"]

    hooked = Hooked()
    table = Table(hooked, ["human", CoopBot()], seed=3, variant="coop", start="P2")
    assert calls and table.actions[0].startswith("P2 play ") and table.active == 0
