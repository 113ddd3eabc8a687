"""The engine contract, checked the same way on every game the kit ships (OpenSpiel-style):
random playouts keep the contract, and the same seed and labels give the same game in a
fresh process."""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import textwrap

import pytest

import bonekit
from bonekit import IllegalAction, RandomBot, Replay, play_out

GAMES = bonekit.available()


def counts(game):
    return sorted({n for ns in game.player_counts.values() for n in ns})


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_keep_the_contract(game_id):
    game = bonekit.load(game_id)
    for players in counts(game):
        for seed in (0, 1):
            state = game.new(players, seed=seed)
            bot, labels = RandomBot(seed), []
            while not game.is_over(state):
                owing = game.to_move(state)
                assert owing and all(game.legal_actions(state, s) for s in owing)
                before, before_text = copy.deepcopy(state), game.text(state)
                action = bot.choose(game, state, owing[0])
                state2, events = game.apply(state, action)
                assert state == before and game.text(state) == before_text, "apply changed its input"
                assert all(e.rule in game.rules for e in events)
                assert game.parse_action(state, action.label) == action
                labels.append(action.label)
                state = state2
            assert game.to_move(state) == () and game.outcome(state) is not None
            with pytest.raises(IllegalAction):
                game.apply(state, labels[-1])
            replay = Replay.from_json(Replay(game_id, players, seed, actions=labels).to_json())
            assert game.text(replay.final_state()) == game.text(state)


SCRIPT = textwrap.dedent("""
    import json, sys
    import bonekit
    from bonekit import RandomBot, play_out
    game = bonekit.load(sys.argv[1])
    out = []
    for players, seed in json.loads(sys.argv[2]):
        final, actions = play_out(game, game.new(players, seed=seed), RandomBot(seed=seed))
        out.append({"labels": [a.label for a in actions], "text": game.text(final)})
    print(json.dumps(out))
""")


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game_in_a_fresh_process(game_id):
    game = bonekit.load(game_id)
    cases = [(p, s) for p in counts(game) for s in (0, 7)]
    env = dict(os.environ, PYTHONHASHSEED="4321")  # a different hash seed must not matter
    proc = subprocess.run([sys.executable, "-c", SCRIPT, game_id, json.dumps(cases)],
                          capture_output=True, text=True, env=env, timeout=180)
    assert proc.returncode == 0, proc.stderr
    for (players, seed), theirs in zip(cases, json.loads(proc.stdout), strict=True):
        final, actions = play_out(game, game.new(players, seed=seed), RandomBot(seed=seed))
        assert [a.label for a in actions] == theirs["labels"]
        assert game.text(final) == theirs["text"]
