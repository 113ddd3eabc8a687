"""Replays: JSON save/load, strict validation of broken or hostile files, with_action."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import bonekit
from bonekit import Action, IllegalAction, RandomBot, Replay, ReplayError, play_out
from bonekit.core import replay as replay_module
from bonekit.games.bone_to_pick.data import card_value

GAME = "bone_to_pick"


@pytest.fixture(scope="module")
def recorded():
    game = bonekit.load(GAME)
    state = game.new(4, seed=21, names=["Ann", "Bob", "Cyd", "Dee"], easier_haven=True)
    final, actions = play_out(game, state, RandomBot(seed=21))
    replay = Replay(GAME, 4, 21, None, {"names": ["Ann", "Bob", "Cyd", "Dee"],
                                        "easier_haven": True}, [a.label for a in actions])
    return replay, game.text(final)


def good_dict():
    return {"format": "bonekit-replay", "version": 2, "game": GAME, "players": 3,
            "variant": None, "seed": 4, "options": {}, "actions": ["P1 play 3", "P3 play 10"]}


def test_replay_rebuilds_the_game(recorded):
    replay, final_text = recorded
    game = replay.game
    assert game.text(replay.final_state()) == final_text
    assert len(replay) == len(replay.actions) + 1 == len(replay.states) == len(replay.events)
    assert replay.events[0] == game.setup_events(replay.states[0])
    for before, after, label in zip(replay.states, replay.states[1:], replay.actions):
        assert game.text(game.apply(before, label)[0]) == game.text(after)
    assert game.is_over(replay.final_state())


def test_replay_json_shape(recorded):
    replay, _ = recorded
    data = json.loads(replay.to_json())
    assert data["format"] == "bonekit-replay" and data["version"] == 3
    assert data["game"] == GAME and data["players"] == 4 and data["seed"] == 21
    assert data["variant"] is None and data["options"]["easier_haven"] is True
    assert data["actions"] == replay.actions
    assert set(data) == {"format", "version", "game", "players", "variant", "seed", "options",
                         "actions"}


def test_replay_save_and_load(tmp_path, recorded):
    replay, final_text = recorded
    path = tmp_path / "game.json"
    replay.save(path)
    assert path.read_text(encoding="utf-8").endswith("\n")
    loaded = Replay.load(path)
    assert loaded == replay
    assert loaded.game.text(loaded.final_state()) == final_text
    loaded.save(tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == path.read_bytes()
    # Loading a str path works too.
    assert Replay.load(str(path)) == replay


def test_replay_from_bytes_and_from_str():
    text = json.dumps(good_dict())
    assert Replay.from_json(text) == Replay.from_json(text.encode("utf-8"))
    r = Replay.from_json(text)
    assert r.players == 3 and r.seed == 4 and r.actions == ["P1 play 3", "P3 play 10"]
    assert r.final_state().chosen == [3, None, 10]


def mutate(**changes):
    d = good_dict()
    for k, v in changes.items():
        if v is KeyError:
            d.pop(k)
        else:
            d[k] = v
    return json.dumps(d)


BAD = [
    ("not json", "{", "not valid JSON"),
    ("empty", "", "not valid JSON"),
    ("trailing garbage", json.dumps(good_dict()) + " x", "not valid JSON"),
    ("a list", json.dumps([good_dict()]), "must be a JSON object"),
    ("a string", json.dumps("replay"), "must be a JSON object"),
    ("null", "null", "must be a JSON object"),
    ("wrong format", mutate(format="chess-pgn"), "not a bonekit replay"),
    ("no format", mutate(format=KeyError), "not a bonekit replay"),
    ("future version", mutate(version=4), "unsupported replay version 4; this bonekit reads "
     "versions 1 to 3"),
    ("version 0", mutate(version=0), "unsupported replay version 0"),
    ("version as text", mutate(version="1"), "unsupported replay version '1'"),
    ("unknown field", mutate(cheat=True), "unknown fields: cheat"),
    ("two unknown fields", mutate(zz=1, aa=2), "unknown fields: aa, zz"),
    ("missing actions", mutate(actions=KeyError), "missing fields: actions"),
    ("missing game and seed", mutate(game=KeyError, seed=KeyError), "missing fields: game, seed"),
    ("players as text", mutate(players="4"), "field 'players' must be a player count"),
    ("players as float", mutate(players=3.0), "field 'players' must be a player count"),
    ("players as bool", mutate(players=True), "field 'players' must be a player count"),
    ("players huge", mutate(players=10**9), "field 'players' must be a player count"),
    ("players 7", mutate(players=7), "2 to 6 players"),
    ("players 1", mutate(players=1), "2 to 6 players"),
    ("seed as float", mutate(seed=1.5), "field 'seed' must be an integer"),
    ("seed as text", mutate(seed="4"), "field 'seed' must be an integer"),
    ("seed as bool", mutate(seed=True), "field 'seed' must be an integer"),
    ("game as number", mutate(game=7), "field 'game' must be a game id"),
    ("variant as number", mutate(variant=3), "field 'variant' must be a variant name"),
    ("unknown variant", mutate(variant="advanced"), "unknown variant 'advanced'"),
    ("options as a list", mutate(options=["easy_deck"]), "field 'options' must be an object"),
    ("options as a string", mutate(options="easy_deck"), "field 'options' must be an object"),
    ("option value a dict of the wrong kind", mutate(options={"easy_deck": {"x": 1}}),
     "easy_deck must be True or False"),
    ("option value nested four deep", mutate(options={"deck": [[[["H10"]]]]}), "field 'options'"),
    ("option value an object nested four deep", mutate(options={"deck": {"a": {"b": {"c": [1]}}}}),
     "field 'options'"),
    ("option object with a number for a key", mutate(options={"deck": {"1": 1, "2": {"3": [4]}}}),
     "deck must be"),
    ("option value a list in a list", mutate(options={"deck": [["H10"]]}), "deck must be"),
    ("unknown option", mutate(options={"turbo": True}), "unknown option turbo for the base"),
    ("unknown options", mutate(options={"turbo": True, "fog": 1}), "unknown options fog, turbo"),
    ("bad stacked deck", mutate(options={"deck": ["H10"]}), "deck must be 10 different"),
    ("stacked deck as a number", mutate(options={"deck": 5}), "cannot rebuild"),
    ("actions as text", mutate(actions="P1 play 3"), "field 'actions' must be a list"),
    ("action not a string", mutate(actions=["P1 play 3", 7]), "field 'actions' must be a list"),
    ("action too long", mutate(actions=["P1 play " + "3" * 300]), "field 'actions'"),
    ("unknown game", mutate(game="chess"), "no game 'chess'"),
    ("illegal action", mutate(actions=["P1 play 3", "P2 play 11"]),
     "action 2 ('P2 play 11') is refused"),
    ("a card laid twice", mutate(actions=["P1 play 3", "P1 play 3"]),
     "action 2 ('P1 play 3') is refused"),
    ("garbage action", mutate(actions=["P1 play 3", "P3 play 1", "hello"]),
     "action 3 ('hello') is refused"),
    ("code in an action", mutate(actions=["__import__('os').system('echo hi')"]),
     "action 1"),
    ("deep nesting", "[" * 100_000, "not valid JSON"),
    ("deep nesting of objects", '{"a":' * 100_000, "not valid JSON"),
    ("pickle bytes", "\x80\x04\x95K\x00\x00\x00\x00\x00\x00\x00", "not valid JSON"),
]


@pytest.mark.parametrize("text, fragment", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_from_json_rejects(text, fragment):
    with pytest.raises(ReplayError) as info:
        Replay.from_json(text)
    assert fragment in str(info.value), str(info.value)
    assert len(str(info.value)) < 500


def test_from_json_rejects_non_utf8_bytes():
    with pytest.raises(ReplayError, match="not UTF-8"):
        Replay.from_json(b'{"format": "bonekit-replay", "x": "\xff\xfe"}')


def test_from_json_rejects_oversized_text():
    text = json.dumps(good_dict())[:-1] + ', "pad": "' + "x" * replay_module.MAX_BYTES + '"}'
    with pytest.raises(ReplayError, match="too large"):
        Replay.from_json(text)


def test_load_rejects_oversized_file(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("w", encoding="utf-8") as f:
        f.write(' ' * (replay_module.MAX_BYTES + 1))
        f.write(json.dumps(good_dict()))
    with pytest.raises(ReplayError, match="too large"):
        Replay.load(path)


def test_load_rejects_broken_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_bytes(b"\x00\x01 not json")
    with pytest.raises(ReplayError):
        Replay.load(path)


def test_loader_uses_no_pickle_or_eval():
    tree = ast.parse(Path(replay_module.__file__).read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names} | {node.module.split(".")[0] for node in ast.walk(tree)
                                            if isinstance(node, ast.ImportFrom) and node.module}
    assert not imported & {"pickle", "marshal", "shelve", "yaml", "dill", "cloudpickle"}
    called = {node.func.id for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not called & {"eval", "exec", "compile", "__import__"}
    assert "json" in imported
    # A hostile-looking option value stays plain data and is refused as an unknown option.
    with pytest.raises(ReplayError, match="unknown option"):
        Replay.from_json(mutate(options={"__reduce__": "os.system"}))


def test_from_json_rejects_boolean_version():
    with pytest.raises(ReplayError, match="version"):
        Replay.from_json(mutate(version=True))


@pytest.mark.parametrize("options", [[], False, 0, ""])
def test_from_json_rejects_falsy_options_of_wrong_type(options):
    with pytest.raises(ReplayError, match="options"):
        Replay.from_json(mutate(options=options))


def test_from_json_accepts_null_options_and_missing_variant():
    r = Replay.from_json(mutate(options=None, variant=KeyError))
    assert r.options == {} and r.variant is None
    assert Replay.from_json(mutate(variant="base")).variant == "base"


# ---- format 1: labels of earlier versions ---------------------------------------------------------
# Saved by the engine of the time (replay format 1), when solo and co-op labels named upgrades by
# value: the solo file plays "u13" and "u10" while holding cards U13 and U10, so only the format
# says which card was meant. The cards are those that engine played.
REPLAYS = Path(__file__).with_name("replays")
OLD = [("bone_to_pick_solo_old_labels.json", ["U23", "U29", "U13", "U21", "U10"],
        {"P1 play a0 u11": "P1 play a0 u23", "P1 play u13 b0": "P1 play u29 b0",
         "P1 play none u8": "P1 play none u13", "P1 play none u10": "P1 play none u21",
         "P1 play none u7": "P1 play none u10"}),
       ("bone_to_pick_coop_old_labels.json",
        ["U12", "U27", "U10", "U32", "U26", "U15", "U28", "U24", "U29", "U21"], {})]


@pytest.mark.parametrize("name, cards, rewritten", OLD, ids=["solo", "coop"])
def test_format_1_replays_are_read_with_todays_labels(tmp_path, name, cards, rewritten):
    raw = json.loads((REPLAYS / name).read_text(encoding="utf-8"))
    assert raw["version"] == 1
    replay = Replay.load(REPLAYS / name)
    game, final = replay.game, replay.final_state()
    played = [c for h in final.history for c in h.plays if c and ":" not in c and c != "none"]
    assert played == cards and game.outcome(final).result == "victory"
    # Only the plays of upgrades change: each old value becomes a card of that value.
    changed = [(o, n) for o, n in zip(raw["actions"], replay.actions, strict=True) if o != n]
    assert len(changed) == len(cards)
    for old, new in changed:
        pairs = [(a, b) for a, b in zip(old.split(), new.split(), strict=True) if a != b]
        assert pairs and all(b.startswith("u") and len(b) == 3 for _, b in pairs)
        assert all(int(a.lstrip("u")) == card_value(b.upper()) for a, b in pairs)
    assert all(dict(changed).get(old) == new for old, new in rewritten.items())
    # Saved again, the replay is today's format with today's labels and the old deal, and
    # reads back the same.
    replay.save(tmp_path / "again.json")
    again = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert again["version"] == 3 and again["actions"] == replay.actions
    assert again["options"] == {**raw["options"], "deal": "each"}
    assert Replay.load(tmp_path / "again.json") == replay
    # Read as format 2, the old labels mean something else (or nothing): the format matters.
    with pytest.raises(ReplayError, match="is refused"):
        Replay.from_json(json.dumps({**raw, "version": 2}))


@pytest.mark.parametrize("variant", ["solo", "coop"])
def test_replays_before_format_3_deal_solo_and_coop_as_they_were_dealt(variant):
    players = 1 if variant == "solo" else 2
    game = bonekit.load(GAME)
    today = game.new(players, variant=variant, seed=5)
    then = game.new(players, variant=variant, seed=5, deal="each")
    assert today.upgrade_deck != then.upgrade_deck  # one stream of shuffles against one seeding each
    assert then.rng.counter == today.rng.counter + 13
    for version in (1, 2):
        old = Replay.from_json(json.dumps({"format": "bonekit-replay", "version": version,
                                           "game": GAME, "players": players, "variant": variant,
                                           "seed": 5, "options": {}, "actions": []}))
        assert old.options == {"deal": "each"}
        assert old.initial_state().upgrade_deck == then.upgrade_deck
    new = Replay.from_json(json.dumps({**Replay(GAME, players, 5, variant).to_dict()}))
    assert new.options == {} and new.initial_state().upgrade_deck == today.upgrade_deck
    with pytest.raises(ValueError, match="deal must be 'stream' or 'each'"):
        game.new(players, variant=variant, seed=5, deal="twice")


def test_format_1_base_game_labels_are_unchanged(recorded):
    replay, final_text = recorded
    old = Replay.from_json(json.dumps({**replay.to_dict(), "version": 1}))
    assert old == replay and old.game.text(old.final_state()) == final_text


# ---- with_action -------------------------------------------------------------------------------

def test_with_action_appends_canonical_label():
    r = Replay(GAME, 3, seed=4)
    r1 = r.with_action("  p2   PLAY\t7 ")
    assert r1.actions == ["P2 play 7"] and r.actions == []
    r2 = r1.with_action(Action(0, "play", ("0",)))
    assert r2.actions == ["P2 play 7", "P1 play 0"]
    assert r2.final_state().chosen == [0, 7, None]
    assert Replay.from_json(r2.to_json()) == r2


def test_with_action_refuses_illegal_ones():
    r = Replay(GAME, 3, seed=4).with_action("P2 play 7")
    for bad in ["P2 play 7", "P1 play 11", "P4 play 1", "nonsense"]:   # the 7 is down already
        with pytest.raises(IllegalAction) as info:
            r.with_action(bad)
        assert info.value.rule in r.game.rules
    assert r.actions == ["P2 play 7"]


def test_with_action_refuses_after_the_end():
    game = bonekit.load(GAME)
    final, actions = play_out(game, game.new(2, seed=6), RandomBot(seed=6))
    r = Replay(GAME, 2, seed=6, actions=[a.label for a in actions])
    with pytest.raises(IllegalAction, match="game is over"):
        r.with_action("P1 play 0")


def test_replay_timeline_is_cached_and_consistent():
    r = Replay.from_json(json.dumps(good_dict()))
    assert r.states is r.states
    assert len(r.events[1]) == 2 and r.events[1][0].kind == "choose"
    assert r.states[0].chosen == [None, None, None]


def test_scripted_chance_and_custom_bags_save_and_load(tmp_path):
    # A scenario's script ({"P1": {"bones": [...]}}) and a bag of one's own ({code: count}) are
    # plain data nested three deep: a replay keeps them.
    from bonekit.games.rolled_bones.scenarios import rulebook_example

    example = rulebook_example()
    example.save(tmp_path / "example.json")
    again = Replay.load(tmp_path / "example.json")
    text = example.game.text
    assert again == example and text(again.final_state()) == text(example.final_state())
    own = {"B0001": 8, "C0001": 4, "C0002": 4}
    options = {"bags": [own, "raid"], "first": "P1"}
    mine = Replay("rolled_bones", 2, seed=3, options=options, actions=["P1 draw"])
    mine.save(tmp_path / "bags.json")
    assert Replay.load(tmp_path / "bags.json").options == options
