"""A Bone Wars Table's buttons say their moves in words (issue 21, controls in words): along
random games of every table size and the solo game, no button shows an id, a snake_case word or
a bare number, and the label stays each button's tooltip; the paleontologist card kept after a
career or a profession is named by its paleontologist. The picture says its clicks (tooltips)
and what it asks (the prompt, the description) in words too."""
from __future__ import annotations

import random
import re

import pytest

import bonekit
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.text import button_words
from bonekit.widgets import render

GAME = bonekit.load("bone_wars")
D = components()
# ids that have a printed name (specialists and site actions are plain words: "the miner")
IDS = (set(D.species) | set(D.team_cards) | {p.id for p in D.paleontologists} | set(D.dig_sites)
       | {t.id for tiles in D.awards.values() for t in tiles})
PALEO = {p.id: p.name for p in D.paleontologists}
CASES = [(None, 2), (None, 3), (None, 4), ("solo", 1)]


def raw(words: str) -> list[str]:
    """What in ``words`` is not said as a person would say it."""
    found = [w for w in re.findall(r"[\w-]+", words) if w in IDS and not w.istitle()]
    found += re.findall(r"\b\w+_\w+\b", words)
    if re.fullmatch(r"[\d\s]+", words):
        found.append(words)
    return found


def games(variant, players, seeds):
    """(state, after) along random games: ``after`` is the career or profession whose decisions
    are still being answered (None once they are all answered)."""
    for seed in seeds:
        state = GAME.new(players, variant, seed=seed) if variant else GAME.new(players, seed=seed)
        rng = random.Random(seed)
        after = None
        for _ in range(1500):
            if GAME.is_over(state):
                break
            yield state, after
            action = rng.choice(GAME.all_legal_actions(state))
            state, _ = GAME.apply(state, action)
            if action.verb in ("career", "profession"):
                after = action.verb
            elif not state.pending:
                after = None


@pytest.mark.parametrize("variant, players", CASES)
def test_every_button_along_random_games_reads_in_words(variant, players):
    seen, bad, kept = set(), {}, set()
    for state, after in games(variant, players, range(6)):
        for a in GAME.all_legal_actions(state):
            words = button_words(state, a)
            seen.add(a.verb)
            if raw(words) or words == " ".join((a.verb, *a.args)).replace("_", " ") and a.args:
                bad[a.label] = words
            if after and a.verb == "keep" and a.args[0] in PALEO:  # the card a career or profession pays
                assert words.startswith(f"keep {PALEO[a.args[0]]}"), words
                kept.add(after)
    assert not bad, bad
    assert {"play", "pass", "mode"} <= seen and (variant == "solo" or "career" in seen)
    assert kept == {"career", "profession"}, kept  # both pay a paleontologist card to pick


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


@pytest.mark.parametrize("variant, players", CASES)
def test_the_picture_says_its_clicks_and_its_question_in_words(variant, players):
    """In the picture of the seat to move (and with each species card it may pick for a minor
    find), no tooltip and no description shows an id, a snake_case word or a bare number, and
    the paleontologist cards a career or a profession pays are offered by name."""
    bad, verbs, kept = {}, set(), set()
    for k, (state, after) in enumerate(games(variant, players, range(2))):
        if not (state.pending or k % 3 == 0):
            continue
        seat = GAME.to_move(state)[0]
        scene = render(GAME, state, seat, seat)
        scenes = [scene] + [render(GAME, state, seat, seat, h.target[len("select:"):])
                            for h in scene.hits if h.target.startswith("select:")]
        for sc in scenes:
            if raw(sc.description):
                bad[sc.title] = sc.description
            for h in sc.hits:
                words = h.target.split()
                verb = "select" if h.target.startswith("select:") else words[1]
                verbs.add(verb)
                if raw(h.tip) or not h.tip or h.tip.lower() == h.target.lower():
                    bad[h.target] = h.tip
                if after and verb == "keep" and words[2] in PALEO:
                    assert h.tip.startswith(f"keep {PALEO[words[2]]}"), h.tip
                    kept.add(after)
    assert not bad, bad
    assert {"play", "keep", "university"} <= verbs, verbs
    assert "profession" in kept, kept
