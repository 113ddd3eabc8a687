"""A Bone Wars Table's buttons say their moves in words (issue 21, controls in words): along
random games of every table size and the solo game, no button shows an id, a snake_case word or
a bare number, and the label stays each button's tooltip."""
from __future__ import annotations

import random
import re

import pytest

import bonekit
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.text import button_words

GAME = bonekit.load("bone_wars")
D = components()
# ids that have a printed name (specialists and site actions are plain words: "the miner")
IDS = set(D.species) | set(D.team_cards) | {p.id for p in D.paleontologists} | set(D.dig_sites)


def raw(words: str) -> list[str]:
    """What in ``words`` is not said as a person would say it."""
    found = [w for w in re.findall(r"[\w-]+", words) if w in IDS and not w.istitle()]
    found += re.findall(r"\b\w+_\w+\b", words)
    if re.fullmatch(r"[\d\s]+", words):
        found.append(words)
    return found


@pytest.mark.parametrize("variant, players", [(None, 2), (None, 3), (None, 4), ("solo", 1)])
def test_every_button_along_random_games_reads_in_words(variant, players):
    seen, bad = set(), {}
    for seed in range(6):
        state = GAME.new(players, variant, seed=seed) if variant else GAME.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if GAME.is_over(state):
                break
            acts = GAME.all_legal_actions(state)
            for a in acts:
                words = button_words(state, a)
                seen.add(a.verb)
                if raw(words) or words == " ".join((a.verb, *a.args)).replace("_", " ") and a.args:
                    bad[a.label] = words
            state, _ = GAME.apply(state, rng.choice(acts))
    assert not bad, bad
    assert {"play", "pass", "mode"} <= seen and (variant == "solo" or "career" in seen)


def test_the_words_name_what_the_ids_stand_for():
    state = GAME.new(2, seed=0)
    career = next(a for a in GAME.legal_actions(state, state.bundle_queue[0]) if a.verb == "career")
    university = next(u for u in D.universities if str(u.space) == career.args[1])
    words = button_words(state, career)
    assert words.startswith("career: ") and university.name in words and university.patron.title() in words
    assert D.profession_rows[int(career.args[0]) - 1] in words
    from bonekit.core.actions import Action
    assert button_words(None, Action(0, "upgrade", ("dig_crew", "quarry_crew"))) == \
        "upgrade Dig Crew to Quarry Crew"
    assert button_words(None, Action(0, "play", ("antrodemus",))) == "play Antrodemus"
    assert button_words(None, Action(0, "frobnicate", ("x_y",))) == "frobnicate x y"  # unknown: the label


def test_a_table_puts_the_words_on_its_buttons_and_keeps_the_label_as_tooltip():
    from bonekit.widgets import Table

    table = Table("bone_wars", ["human", "scholar"], seed=3)
    buttons = [b for b in table.buttons.children if hasattr(b, "tooltip") and b.tooltip]
    assert buttons and all(b.tooltip.startswith("P1 ") for b in buttons)
    assert all(not raw(b.description) for b in buttons)
    assert any(b.description.startswith(("career: ", "take ")) for b in buttons)
