"""Hostile or careless input gets a clear, short refusal: found by fuzzing, fixed, kept fixed."""
from __future__ import annotations

import os

import pytest

import bonekit
from bonekit import Action, IllegalAction, Replay, ReplayError
from bonekit.core import replay as replay_module

GAMES = {"bone_to_pick": 3, "bad_bones": 2}
HUGE = "x" * 1_000_000


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("action", [
    Action(0, "play", (7,)),          # an argument that is not text
    Action(0.0, "play", ("7",)),      # a float seat
    Action(True, "play", ("7",)),     # a truth value is not a seat
    Action("0", "play", ("7",)),
    Action(0, "play", None),
    Action(0, "play", ["7"]),          # a list is not the tuple a label reads into
    Action(0, 7, ()),
])
def test_ill_typed_actions_are_refused_with_a_rule(game_id, action):
    game = bonekit.load(game_id)
    state = game.new(GAMES[game_id], seed=3)
    before = game.text(state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, action)
    assert err.value.rule in game.rules and "tuple of text arguments" in err.value.reason
    assert len(err.value.reason) < 200 and game.text(state) == before


def test_a_table_explains_an_ill_typed_action_instead_of_raising():
    from bonekit.widgets import Table

    table = Table("bone_to_pick", ["human", "careful"], seed=2)
    assert table.act(Action(0, "play", (7,))) is False
    assert "tuple of text arguments" in table.status.value and table.actions == []


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("variant", ["", 0, False, [], "Base ", HUGE])
def test_a_variant_must_be_named_none_alone_means_the_default(game_id, variant):
    game = bonekit.load(game_id)
    with pytest.raises(ValueError) as err:
        game.new(GAMES[game_id], variant=variant, seed=1)
    assert "unknown variant" in str(err.value) and len(str(err.value)) < 200
    assert game.new(GAMES[game_id], variant=None, seed=1).variant == game.variants[0]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("names", ["abc", "ab", {"a": 1, "b": 2, "c": 3}, {"a", "b", "c"}, 5,
                                   ["a", "b"], ["a", "b", 3], ["a", "", "c"], ["a", HUGE, "c"]])
def test_names_must_be_a_list_of_short_strings_in_seat_order(game_id, names):
    game = bonekit.load(game_id)
    players = 3
    with pytest.raises(ValueError) as err:
        game.new(players, seed=1, names=names)
    assert "names must be" in str(err.value) and len(str(err.value)) < 200


@pytest.mark.parametrize("game_id", GAMES)
def test_good_names_still_work(game_id):
    game = bonekit.load(game_id)
    state = game.new(3, seed=1, names=("Ann", "Ben", "Cy"))
    assert list(state.names) == ["Ann", "Ben", "Cy"]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("options", [{HUGE: 1}, {"seed_": HUGE}, {"names": [HUGE, "b", "c"]}])
def test_error_messages_never_echo_unbounded_input(game_id, options):
    game = bonekit.load(game_id)
    with pytest.raises(ValueError) as err:
        game.new(3, seed=1, **options)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize("game_id", GAMES)
def test_a_huge_label_is_refused_in_a_short_message(game_id):
    game = bonekit.load(game_id)
    state = game.new(GAMES[game_id], seed=1)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, "P1 play " + HUGE)
    assert len(str(err.value)) < 300


# ---- replay files ----------------------------------------------------------------------------------
def saved(tmp_path):
    path = tmp_path / "game.json"
    Replay("bone_to_pick", 2, seed=1, actions=["P1 play 7", "P2 play 3"]).save(path)
    return path


def test_a_regular_replay_file_loads(tmp_path):
    assert Replay.load(saved(tmp_path)).actions == ["P1 play 7", "P2 play 3"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_at_once_instead_of_blocking(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    with pytest.raises(ReplayError, match="not a regular file"):
        Replay.load(fifo)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_a_device_is_refused(tmp_path):
    link = tmp_path / "game.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(ReplayError, match="not a regular file"):
        Replay.load(link)


def test_a_file_larger_than_the_limit_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    monkeypatch.setattr(replay_module, "MAX_BYTES", 1000)
    big = tmp_path / "game.json"
    big.write_bytes(b" " * 5000)
    with pytest.raises(ReplayError, match="too large"):
        Replay.load(big)


def test_a_missing_file_is_a_replay_error(tmp_path):
    with pytest.raises(ReplayError, match="cannot read"):
        Replay.load(tmp_path / "nowhere.json")


@pytest.mark.parametrize("step", [-1, 3, 2.0, "1", True])
def test_a_stepper_refuses_steps_outside_its_replay(step):
    from bonekit.widgets import Stepper

    replay = Replay("bone_to_pick", 2, seed=1, actions=["P1 play 7", "P2 play 3"])
    with pytest.raises(ValueError, match="step must be a whole number from 0 to 2"):
        Stepper(replay, step=step)
    assert Stepper(replay, step=2).step == 2


def test_a_stepper_refuses_a_seat_that_is_not_at_the_table():
    from bonekit.widgets import Stepper

    replay = Replay("bone_to_pick", 2, seed=1, actions=["P1 play 7"])
    with pytest.raises(ValueError, match="seat must be None"):
        Stepper(replay, seat=2)


def test_a_table_refuses_an_action_with_a_text_seat():
    from bonekit.widgets import Table

    table = Table("bone_to_pick", ["human", "careful"], seed=2)
    assert table.act(Action("0", "play", ("7",))) is False
    assert "tuple of text arguments" in table.status.value and table.actions == []
