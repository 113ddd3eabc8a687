"""simulate(): the same table for any number of workers, in-process, local processes or Dask."""
from __future__ import annotations

import pytest

import bonekit
from bonekit.core.simulate import Results, Study, bot_seed, play_one, simulate


def houses_left(game, final):
    """A custom column (module level, so processes and Dask workers can import it)."""
    return {"houses": sum(b.houses for b in final.boards)}


def test_rows_are_the_games_a_table_would_play():
    game = bonekit.load("bone_to_pick")
    results = simulate(game, ["careful", "random", "careful"], games=6, seed=40)
    assert [r["seed"] for r in results] == list(range(40, 46)) and len(results) == 6
    # row 2 is the game from seed 42 with bots seeded like a Table's
    from bonekit import RandomBot
    from bonekit.games.bone_to_pick import CarefulBot
    bots = {0: CarefulBot(bot_seed(42, 0)), 1: RandomBot(bot_seed(42, 1)), 2: CarefulBot(bot_seed(42, 2))}
    final, actions = bonekit.play_out(game, game.new(3, seed=42), bots)
    row = results.rows[2]
    assert row["scores"] == game.outcome(final).scores and row["actions"] == len(actions)
    assert row["winners"] == game.outcome(final).winners and row["result"] == game.outcome(final).result


def test_the_table_is_the_same_for_any_number_of_workers():
    one = simulate("bad_bones", "random", players=2, games=12, seed=3, measure=houses_left)
    two = simulate("bad_bones", "random", players=2, games=12, seed=3, measure=houses_left,
                   workers=2, chunk=5)
    assert one == two and "houses" in one.columns
    assert one.rows[0] == play_one(Study("bad_bones", 2, ("random", "random"), seed=3), 0, houses_left)


def test_progress_hears_every_chunk_and_options_reach_the_game():
    seen = []
    results = simulate("bone_to_pick", "solo", players=1, variant="solo", games=7, chunk=3,
                       progress=lambda done, total: seen.append((done, total)))
    assert seen == [(3, 7), (6, 7), (7, 7)] and len(results) == 7
    assert 0 <= results.share(lambda r: r["result"] == "victory") <= 1
    easy = simulate("bone_to_pick", "careful", players=3, games=4, easier_haven=True)
    assert easy.columns[:4] == ["game", "seed", "result", "winners"]


@pytest.mark.parametrize("kwargs, message", [
    (dict(bots="wizard", players=2), "unknown bot"),
    (dict(bots=["careful"], players=2), "1 bots for 2 players"),
    (dict(bots="careful"), "one bot name per seat"),
    (dict(bots="careful", players=2, games=-1), "games must be"),
    (dict(bots="careful", players=2, variant="chess"), "unknown variant"),
])
def test_bad_studies_are_refused_before_any_game_runs(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate("bone_to_pick", **kwargs)


def test_a_dask_local_cluster_gives_the_same_table():
    distributed = pytest.importorskip("distributed")
    local = simulate("bone_to_pick", ["careful", "greedy", "random"], games=10, seed=7)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = simulate("bone_to_pick", ["careful", "greedy", "random"], games=10, seed=7,
                          client=client, chunk=3)
        assert len(client.scheduler_info()["workers"]) == 2
    assert isinstance(remote, Results) and remote == local


def test_bots_with_settings_come_as_factories_and_cross_processes():
    from functools import partial

    from bonekit.games.bone_to_pick import CarefulBot

    hoarder = partial(CarefulBot, margin=-0.8)
    here = simulate("bone_to_pick", [hoarder, "careful", "careful"], games=8, seed=11)
    there = simulate("bone_to_pick", [hoarder, "careful", "careful"], games=8, seed=11, workers=2, chunk=3)
    plain = simulate("bone_to_pick", "careful", players=3, games=8, seed=11)
    assert here == there and len(here) == 8
    assert here != plain          # the setting reaches the bot: the hoarder plays differently
    game = bonekit.load("bone_to_pick")
    bots = {0: hoarder(bot_seed(12, 0)), 1: CarefulBot(bot_seed(12, 1)), 2: CarefulBot(bot_seed(12, 2))}
    final, _ = game.playout(game.new(3, seed=12), bots)
    assert here.rows[1]["scores"] == game.outcome(final).scores
    with pytest.raises(ValueError, match="or give a bot factory"):
        simulate("bone_to_pick", [3, "careful"], games=1)
