"""The shared engine core: actions and labels, chance, rule catalogs, the registry, events."""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bonekit
from bonekit import Action, IllegalAction, Outcome, RandomBot, play_out
from bonekit.core import (
    BonekitError,
    Event,
    ReplayError,
    Rng,
    RuleCatalog,
    RuleSection,
    UnknownGame,
    events_for,
    parse_label,
    seat_name,
)
from bonekit.core.registry import COMING
from bonekit.games.bone_to_pick import CarefulBot

RULES_MD = Path(bonekit.__file__).parent / "games" / "bone_to_pick" / "rules.md"


# ---- actions -----------------------------------------------------------------------------------

def test_seat_names_are_one_based():
    assert [seat_name(s) for s in range(3)] == ["P1", "P2", "P3"]
    assert Action(1, "play", ("7",)).label == "P2 play 7" == str(Action(1, "play", ("7",)))
    assert Action(0, "pass").label == "P1 pass"


token = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(seat=st.integers(0, 98), verb=token, args=st.lists(token, max_size=4))
def test_label_round_trip(seat, verb, args):
    action = Action(seat, verb, tuple(args))
    assert parse_label(action.label) == action
    # Any case and any spacing read back to the same action.
    messy = "  " + "\t ".join(action.label.upper().split()) + " \n"
    assert parse_label(messy) == action


def test_parse_label_examples():
    assert parse_label("P2 play 7") == Action(1, "play", ("7",))
    assert parse_label("  p2   PLAY\t7 ") == Action(1, "play", ("7",))
    assert parse_label("P10 pass") == Action(9, "pass", ())
    for bad in ["", " ", "P2", "play 7", "P0 play 7", "P100 play 7", "X2 play 7", "P-1 play",
                "P2play 7", "P" + "1" * 3 + " play", "P1 play " + "7" * 200, None, 7, b"P1 play 7"]:
        assert parse_label(bad) is None, bad


def test_actions_are_values():
    a, b = Action(0, "play", ("3",)), Action(0, "play", ("3",))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert sorted([Action(1, "play", ("2",)), a]) == [a, Action(1, "play", ("2",))]
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 2


# ---- chance ------------------------------------------------------------------------------------

def test_rng_same_seed_same_draws():
    items = list(range(40))
    a, b = Rng(7), Rng(7)
    for _ in range(5):
        assert a.shuffled(items) == b.shuffled(items)
        assert a.sample(items, 10) == b.sample(items, 10)
        assert a.roll(6) == b.roll(6)
    assert a.counter == b.counter == 15
    assert items == list(range(40))                   # the input is never shuffled in place


def test_rng_counter_and_seed_change_the_draws():
    items = list(range(40))
    r = Rng(7)
    first, second = r.shuffled(items), r.shuffled(items)
    assert first != second and sorted(first) == sorted(second) == items
    assert Rng(7, counter=1).shuffled(items) == second   # the counter is the whole state
    assert Rng(8).shuffled(items) != first
    shuffles = {tuple(Rng(7, c).shuffled(items)) for c in range(50)}
    assert len(shuffles) == 50


def test_rng_roll_and_sample_ranges():
    r = Rng(1)
    rolls = Counter(r.roll(6) for _ in range(600))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(60 <= n <= 140 for n in rolls.values())
    for k in (0, 1, 5, 12):
        s = r.sample("abcdefghijkl", k)
        assert len(s) == k == len(set(s)) and set(s) <= set("abcdefghijkl")


def test_rng_is_part_of_the_state_and_copies_with_it():
    game = bonekit.load("bone_to_pick")
    state = game.new(3, seed=42)
    assert state.rng == Rng(42, 1)                      # one shuffle at setup
    assert game.new(3, seed=42).deck == state.deck


# ---- rule catalog ------------------------------------------------------------------------------

EXPECTED_SECTIONS = ["overview", "components.undead", "components.weapons", "setup",
                     "setup.easier_deck", "haven", "turn", "turn.reveal", "turn.prepare",
                     "turn.attack", "turn.outcome.trophy", "turn.outcome.damage", "turn.rest",
                     "end", "end.legend", "end.scapegoat", "ruling.scapegoat_tiebreak",
                     "ruling.changing_your_mind", "kit.scenario"]


def test_rule_catalog_parses_rules_md():
    catalog = RuleCatalog.from_markdown(RULES_MD)
    headings = [line for line in RULES_MD.read_text(encoding="utf-8").splitlines()
                if line.startswith("## ")]
    assert len(catalog) == len(headings)
    # The base game's sections first, in order; the other modes' sections follow them.
    modes = ("campaign", "upgrade", "epic", "team", "solo", "coop", "modes")
    base = [i for i in catalog.ids() if not i.startswith(tuple(f"bone_to_pick.{m}" for m in modes))]
    assert base == ["bone_to_pick." + s for s in EXPECTED_SECTIONS]
    assert catalog.ids()[:len(base)] == base
    for section in catalog:
        assert isinstance(section, RuleSection) and section.title and section.text
        assert "## " not in section.text
    attack = catalog["bone_to_pick.turn.attack"]
    assert attack.title == "3. Attack" and "at least as" in attack.text
    assert "bone_to_pick.turn.attack" in catalog and "bone_to_pick.nope" not in catalog
    assert [s.id for s in catalog.under("bone_to_pick.turn.outcome")] == [
        "bone_to_pick.turn.outcome.trophy", "bone_to_pick.turn.outcome.damage"]
    assert [s.id for s in catalog.under("bone_to_pick.end")] == [
        "bone_to_pick.end", "bone_to_pick.end.legend", "bone_to_pick.end.scapegoat"]
    assert "`bone_to_pick.setup`" in catalog._repr_markdown_()
    game = bonekit.load("bone_to_pick")
    assert game.rules.ids() == catalog.ids()
    assert game.rule_text("bone_to_pick.haven") == catalog["bone_to_pick.haven"].text
    assert game.rule_text("nope") == ""


def test_rule_catalog_refuses_duplicate_ids(tmp_path):
    md = tmp_path / "rules.md"
    md.write_text("# T\n\n## a.b | One\nx\n\n## a.b | Two\ny\n", encoding="utf-8")
    with pytest.raises(ValueError, match="duplicate"):
        RuleCatalog.from_markdown(md)
    md.write_text("preamble\n## a.b | One\nfirst line\n\nsecond\n## a.c|Two\n", encoding="utf-8")
    catalog = RuleCatalog.from_markdown(md)
    assert catalog.ids() == ["a.b", "a.c"]
    assert catalog["a.b"].text == "first line\n\nsecond" and catalog["a.c"].title == "Two"


def test_every_event_and_refusal_cites_the_catalog():
    game = bonekit.load("bone_to_pick")
    cited = set()
    for players in (2, 3, 4, 5, 6):
        for seed in range(6):
            for bot in (RandomBot(seed), CarefulBot(seed)):
                state = game.new(players, seed=seed, easy_deck=seed % 2 == 1,
                                 easier_haven=seed % 3 == 0)
                cited |= {e.rule for e in game.setup_events(state)}
                while not game.is_over(state):
                    seat = game.to_move(state)[-1]
                    state, events = game.apply(state, bot.choose(game, state, seat))
                    cited |= {e.rule for e in events}
    assert cited <= set(game.rules.ids()), cited - set(game.rules.ids())
    assert {"bone_to_pick.end.legend", "bone_to_pick.end.scapegoat"} <= cited


# ---- registry ----------------------------------------------------------------------------------

def test_load_and_available():
    game = bonekit.load("bone_to_pick")
    assert game is bonekit.load("bone_to_pick")
    assert game.id == "bone_to_pick" and game.title == "Bone to Pick"
    assert bonekit.available() == ["bone_to_pick", "bad_bones", "rolled_bones", "bone_wars"]
    assert "bone_to_pick" in repr(game)
    assert game.variants == ("base", "campaign", "epic", "team", "solo", "coop")
    assert game.player_counts["base"] == (2, 3, 4, 5, 6)
    assert game.player_counts["epic"] == (7, 8, 9, 10, 11, 12)
    assert game.player_counts["team"] == (4, 6, 8, 9, 10, 12)


def test_load_unknown_game():
    with pytest.raises(UnknownGame, match="no game 'nope'.*available: bone_to_pick") as info:
        bonekit.load("nope")
    assert "not built yet" not in str(info.value)
    assert isinstance(info.value, BonekitError)


@pytest.mark.parametrize("game_id", sorted(COMING))
def test_load_coming_game_says_not_built_yet(game_id):
    assert game_id in ("bad_bones", "rolled_bones", "bone_wars")
    with pytest.raises(UnknownGame, match="not built yet"):
        bonekit.load(game_id)


# ---- events and errors -------------------------------------------------------------------------

def test_setup_shuffle_is_hidden_from_every_seat():
    game = bonekit.load("bone_to_pick")
    state = game.new(4, seed=5)
    events = game.setup_events(state)
    assert events == game.setup_events(state)           # recomputed, deterministic
    shuffle = [e for e in events if e.kind == "shuffle"]
    assert len(shuffle) == 1 and shuffle[0].visible_to == ()
    assert shuffle[0].data["deck"][0] == state.current
    assert list(shuffle[0].data["deck"][1:]) == state.deck
    assert shuffle[0].seen_by(None)
    for seat in range(4):
        assert not shuffle[0].seen_by(seat)
        assert shuffle[0] not in events_for(events, seat)
        assert [e.kind for e in events_for(events, seat)] == ["reveal"]
    assert events_for(events, None) == list(events)
    # The setup state itself is unchanged by recomputing its events.
    assert game.setup_events(game.new(4, seed=5)) == events


def test_events_for_hides_other_seats_choices():
    game = bonekit.load("bone_to_pick")
    state = game.new(3, seed=1)
    state, events = game.apply(state, "P2 play 8")
    assert [e.kind for e in events_for(events, 1)] == ["choose", "commit"]
    for seat in (0, 2):
        seen = events_for(events, seat)
        assert [e.kind for e in seen] == ["commit"]
        assert all("8" not in e.text for e in seen)
    assert events_for(events, None) == list(events)


def test_event_seen_by():
    public = Event("k", "r", "t")
    private = Event("k", "r", "t", visible_to=(2,))
    assert public.seen_by(0) and public.seen_by(None)
    assert private.seen_by(2) and private.seen_by(None) and not private.seen_by(0)
    assert events_for((public, private), 1) == [public]


def test_illegal_action_carries_reason_rule_and_action():
    e = IllegalAction("no such card", "bone_to_pick.turn.prepare", Action(0, "play", ("11",)))
    assert e.reason == "no such card" and e.rule == "bone_to_pick.turn.prepare"
    assert e.action == Action(0, "play", ("11",))
    assert str(e) == "no such card [rule bone_to_pick.turn.prepare]"
    assert isinstance(e, BonekitError) and issubclass(ReplayError, BonekitError)


def test_outcome_is_frozen():
    out = Outcome("victory", (0,), (3, 2), {0: "Legend"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.result = "defeat"


def test_random_bot_is_seeded_and_legal():
    game = bonekit.load("bone_to_pick")
    state = game.new(4, seed=0)
    a = [RandomBot(3).choose(game, state, s) for s in range(4)]
    b = [RandomBot(3).choose(game, state, s) for s in range(4)]
    assert a == b
    for seat, action in enumerate(a):
        assert action in game.legal_actions(state, seat)
    choices = {RandomBot(s).choose(game, state, 0) for s in range(40)}
    assert len(choices) > 3
    final, actions = play_out(game, state, {s: RandomBot(s) for s in range(4)})
    assert game.is_over(final) and all(isinstance(x, Action) for x in actions)


def test_plural_and_and_list():
    from bonekit.core.words import and_list, plural

    assert [plural(n, "floor") for n in (0, 1, 2)] == ["0 floors", "1 floor", "2 floors"]
    assert plural(1, "trophy") == "1 trophy" and plural(3, "trophy") == "3 trophies"
    assert plural(2, "undead") == "2 undead" and plural(2, "movement phase") == "2 movement phases"
    assert and_list([]) == "" and and_list(["a"]) == "a" and and_list("abc") == "a, b and c"


def test_engine_text_has_no_hedged_plurals():
    """Counts in engine-written text use the right form, never 'player(s)' (string literals only)."""
    import ast
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "bonekit"
    hedged = [f"{p.relative_to(root)}:{node.lineno}" for p in root.rglob("*.py")
              for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
              if isinstance(node, ast.Constant) and isinstance(node.value, str)
              and re.search(r"[a-z]\(s\)", node.value)]
    assert hedged == []
    assert re.search(r"[a-z]\(s\)", "2 player(s)")  # the pattern itself finds the hedged form
