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


def all_counts(game):
    """Player counts of every variant, including variants that work but are not listed yet
    (``mode_player_counts``: Bone to Pick's solo and co-op games)."""
    return {**game.player_counts, **getattr(game, "mode_player_counts", {})}


# Every variant of every game, each at all of its player counts.
CASES = [(game_id, variant) for game_id in GAMES for variant in all_counts(bonekit.load(game_id))]


def counts(game, variant):
    return list(all_counts(game)[variant])


@pytest.mark.parametrize("game_id, variant", CASES)
def test_random_playouts_keep_the_contract(game_id, variant):
    game = bonekit.load(game_id)
    for players in counts(game, variant):
        for seed in (0, 1):
            state = game.new(players, variant=variant, seed=seed)
            assert state.variant == variant
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
            replay = Replay.from_json(Replay(game_id, players, seed, variant=variant,
                                             actions=labels).to_json())
            assert game.text(replay.final_state()) == game.text(state)


SCRIPT = textwrap.dedent("""
    import json, sys
    import bonekit
    from bonekit import RandomBot, play_out
    game = bonekit.load(sys.argv[1])
    out = []
    for players, seed in json.loads(sys.argv[3]):
        state = game.new(players, variant=sys.argv[2], seed=seed)
        final, actions = play_out(game, state, RandomBot(seed=seed))
        out.append({"labels": [a.label for a in actions], "text": game.text(final)})
    print(json.dumps(out))
""")


@pytest.mark.parametrize("game_id, variant", CASES)
def test_same_seed_same_game_in_a_fresh_process(game_id, variant):
    game = bonekit.load(game_id)
    cases = [(p, s) for p in counts(game, variant) for s in (0, 7)]
    env = dict(os.environ, PYTHONHASHSEED="4321")  # a different hash seed must not matter
    proc = subprocess.run([sys.executable, "-c", SCRIPT, game_id, variant, json.dumps(cases)],
                          capture_output=True, text=True, env=env, timeout=180)
    assert proc.returncode == 0, proc.stderr
    for (players, seed), theirs in zip(cases, json.loads(proc.stdout), strict=True):
        state = game.new(players, variant=variant, seed=seed)
        final, actions = play_out(game, state, RandomBot(seed=seed))
        assert [a.label for a in actions] == theirs["labels"]
        assert game.text(final) == theirs["text"]
