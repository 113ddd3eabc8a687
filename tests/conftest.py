"""Shared fixtures and helpers for the bonekit engine tests.

The helpers are plain functions (imported by the test modules with ``from conftest import``)
so that a test reads as a sequence of real engine calls.
"""
from __future__ import annotations

import copy
from collections import Counter

import pytest

import bonekit
from bonekit.games.bone_to_pick import HIDDEN

FULL_SET = (0, 0, *range(1, 11))
FULL_HAND = " ".join(map(str, FULL_SET))  # as the text board prints a full hand
PLAYER_COUNTS = (2, 3, 4, 5, 6)


def pytest_addoption(parser, pluginmanager):
    # pyproject's addopts pass --nbval options. When the suite is run with ``-p no:nbval``
    # (engine tests only), accept and ignore them so the command line still parses.
    if not pluginmanager.has_plugin("nbval"):
        group = parser.getgroup("nbval (disabled)")
        group.addoption("--nbval", action="store_true", help="ignored: nbval is disabled")
        group.addoption("--nbval-lax", action="store_true", help="ignored: nbval is disabled")
        group.addoption("--nbval-current-env", action="store_true",
                        help="ignored: nbval is disabled")
        group.addoption("--nbval-sanitize-with", action="store", default=None,
                        help="ignored: nbval is disabled")


@pytest.fixture(scope="session")
def game():
    return bonekit.load("bone_to_pick")


def btp():
    return bonekit.load("bone_to_pick")


def play(game, state, labels):
    """Apply labels one by one; returns (final state, list of event tuples)."""
    all_events = []
    for label in labels:
        state, events = game.apply(state, label)
        all_events.append(events)
    return state, all_events


def play_turn(game, state, values):
    """Every seat plays ``values[seat]`` (a weapon value or an upgrade id), seat order P1, P2,
    ...; returns (state, events)."""
    events = []
    for seat, value in enumerate(values):
        state, evs = game.apply(state, f"P{seat + 1} play {str(value).lower()}")
        events.extend(evs)
    return state, events


def snapshot(game, state):
    """What must not change when an action is refused or applied to a copy."""
    return copy.deepcopy(state), game.text(state)


def refused(game, state, action, rule, *fragments):
    """Assert ``action`` is refused citing ``rule`` (a section of the catalog), with each
    fragment in the reason, and that the state is untouched."""
    from bonekit import IllegalAction

    before, before_text = snapshot(game, state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action)
    err = info.value
    assert err.rule == rule and err.rule in game.rules, (err.rule, err.reason)
    for fragment in fragments:
        assert fragment.lower() in err.reason.lower(), (fragment, err.reason)
    assert f"[rule {rule}]" in str(err) and len(err.reason) < 300, str(err)
    assert state == before and game.text(state) == before_text
    return err


def apply_any(game, state, label):
    """Apply any text, legal or not: a refusal must cite a catalog rule with a short reason,
    an accepted label must be a legal action; either way ``state`` is untouched. Returns
    (new state, events, action), or None when refused."""
    from bonekit import IllegalAction

    before, before_text = snapshot(game, state)
    try:
        new, events = game.apply(state, label)
    except IllegalAction as err:
        assert err.rule in game.rules
        assert err.reason and len(err.reason) < 400
        result = None
    else:
        action = game.parse_action(state, label)
        # legal_actions is the authority, for a seat that owes nothing too (Bone to Pick's swap)
        assert action in game.legal_actions(state, action.seat)
        result = new, events, action
    assert state == before and game.text(state) == before_text
    return result


def levels(game, ids):
    """How many undead of each level ``ids`` holds."""
    return Counter(game.data.undead[u].level for u in ids)


def replay_texts(game, players, seed, labels, options=None):
    """The text board after setup and after each label, replayed from scratch."""
    state = game.new(players, seed=seed, **(options or {}))
    texts = [game.text(state)]
    for label in labels:
        state, _ = game.apply(state, label)
        texts.append(game.text(state))
    return texts


def all_undead_ids(game, easy_deck=False):
    d = game.data
    return sorted(u for u in d.undead if not (easy_deck and d.undead[u].level == "hard"))


def check_invariants(game, state):
    """The component and turn invariants that must hold after every action."""
    n = state.players
    # Weapons: each seat's hand + used pile + face-down choice is exactly its 12 weapons.
    for seat in range(n):
        cards = list(state.hands[seat]) + state.used(seat)
        if state.chosen[seat] is not None:
            cards.append(state.chosen[seat])
        assert Counter(cards) == Counter(FULL_SET), (seat, cards)
        assert state.hands[seat] == sorted(state.hands[seat])
    # Undead: every card is in exactly one place.
    places = list(state.deck) + list(state.box) + ([state.current] if state.current else [])
    places += [u for t in state.trophies for u in t] + list(state.unclaimed) + list(state.damage_row)
    expected = all_undead_ids(game, bool(state.options.get("easy_deck")))
    assert sorted(places) == expected, "undead not conserved"
    assert len(set(places)) == len(places)
    resolved = [u for t in state.trophies for u in t] + list(state.unclaimed) + list(state.damage_row)
    assert sorted(r.undead for r in state.history) == sorted(resolved)
    assert len(state.deck) + len(state.history) + (state.current is not None) == state.turns
    assert len(state.box) == len(expected) - state.turns
    # Turns and decisions.
    assert len(state.history) == state.turn - (0 if state.over else 1)
    assert 1 <= state.turn <= state.turns
    owing = game.to_move(state)
    assert (len(owing) == 0) == (game.outcome(state) is not None) == state.over
    for seat in owing:
        assert game.legal_actions(state, seat), f"P{seat + 1} owes a decision but has no action"
    for seat in range(n):
        if seat not in owing:
            # A seat whose weapon is down owes nothing, but may exchange it for any card in
            # hand until the reveal.
            offered = sorted(int(a.args[0]) for a in game.legal_actions(state, seat))
            assert offered == (sorted(set(state.hands[seat])) if state.chosen[seat] is not None
                               else [])
    if not state.over:
        assert state.current is not None
        assert game.damage(state) < state.hit_points
    else:
        assert state.current is None
        assert game.damage(state) >= state.hit_points or state.turn == state.turns
    for record in state.history:
        assert record.total == sum(record.plays)
        assert record.defeated == (record.total >= record.power)


def check_view(game, state, seat):
    """``seat``'s view hides other hands, other face-down choices, the deck and the seed."""
    v = game.view(state, seat)
    assert v.viewer == seat
    assert v.hands[seat] == state.hands[seat]
    assert v.chosen[seat] == state.chosen[seat]
    for other in range(state.players):
        if other != seat:
            if state.over:      # at the end everyone counts their hand in the open
                assert v.hands[other] == state.hands[other]
            else:
                assert v.hands[other] == [HIDDEN] * len(state.hands[other])
            assert v.chosen[other] == (None if state.chosen[other] is None else HIDDEN)
    assert v.deck == ["?"] * len(state.deck)
    assert v.box == ["?"] * len(state.box)
    assert v.seed == 0 and v.rng.seed == 0
    # Public things stay visible.
    assert v.current == state.current and v.history == state.history
    assert v.trophies == state.trophies and v.damage_row == state.damage_row
    text = game.text(state, seat)
    for undead in state.deck:
        assert undead not in text
    assert f"seed {state.seed}" not in text
    return v


def base_view_without(*dispatches: str):
    """The base game's view module with the given dispatch lines cut out (each is a line such
    as 'in ("solo", "coop")' plus the two lines after it), loaded as a module of its own: what
    the base picture would be if those modes did not exist."""
    import importlib.util
    import sys
    from pathlib import Path

    from bonekit.widgets.views import bone_to_pick as base_view

    lines = Path(base_view.__file__).read_text(encoding="utf-8").splitlines(keepends=True)
    keep, skip = [], 0
    for line in lines:
        if any(d in line for d in dispatches):
            skip = 3
        if skip:
            skip -= 1
            continue
        keep.append(line)
    assert len(keep) == len(lines) - 3 * len(dispatches), "a dispatch line was not found"
    name = "bonekit.widgets.views._bone_to_pick_without_" + str(abs(hash(dispatches)))
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "bonekit.widgets.views"
    sys.modules[name] = module
    exec(compile("".join(keep), base_view.__file__, "exec"), module.__dict__)
    return module
