"""Bone Wars against the rulebook, one rule at a time: Lucas's card and the virtual opponents'
award markers, and debunking a paper that waits under the rival's portrait.

Each test stages a small table with the lesson helpers (bonekit.games.bone_wars.lessons) and
checks the engine against what the rulebook requires, written here in our own words."""

from __future__ import annotations

import copy

import pytest

import bonekit
from bonekit import IllegalAction
from bonekit.games.bone_wars import lessons, solo, solo_lessons
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.rounds import credibility
from bonekit.games.bone_wars.state import THEODORE, Turn

GAME = bonekit.load("bone_wars")
D = components()


def labels(state, seat=0):
    return [a.label for a in GAME.legal_actions(state, seat)]


def refused(state, label):
    """``label`` is refused with a reason and a rule of the catalog, and changes nothing."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, label)
    assert str(err.value) and err.value.rule in GAME.rules
    assert state == before


# ---- Lucas's card and the virtual opponents' markers ------------------------------------------------
def _qualify(state, tile_id: str, n: int) -> None:
    """P1's archive holds ``n`` species that count for award ``tile_id``, taken off the table."""
    tile = D.award(tile_id)
    if tile.kind == "A":
        cards = [s for s in sorted(D.species) if D.species[s].by == tile.target]
    elif tile.kind == "B":
        cards = [s for s in sorted(D.species) if D.species[s].category == tile.target]
    else:
        cards = sorted(D.species)
    cards = cards[:n]
    assert len(cards) == n
    lessons._take_out(state, cards)
    env = tile.target if tile.kind == "C" else "A"
    state.boards[0].archive = {env: cards}


def _virtual_space(players: int):
    """P1 mid-turn at a ``players`` table, his paleontologist at home; an award tile in play, the
    space a virtual opponent's marker holds on it, and P1 qualifying for every space there."""
    state = lessons.started(players, seed={2: 1, 3: 2}[players])  # seeds where P1 opens round 1
    tile_id = state.awards[0]
    i = next(k for k, space in enumerate(D.award(tile_id).spaces) if space.virtual)
    assert state.award_marks[tile_id][i] == -1  # setup put the virtual marker there
    _qualify(state, tile_id, max(s.need for s in D.award(tile_id).spaces))
    state.boards[0].paleo = None
    return state, tile_id, i


@pytest.mark.parametrize("players", [2, 3])
def test_lucas_card_claims_a_space_a_virtual_marker_holds(players):
    """Lucas's card lets you put your award marker on an occupied space; a virtual opponent's
    marker occupies its space like any other marker, so Lucas's card may take that space and
    earn the loyalty printed beside it."""
    state, tile_id, i = _virtual_space(players)
    state = lessons._paleo_turn(state, "lucas-1")
    state, _ = GAME.apply(state, "P1 go award")
    label = f"P1 claim {tile_id} {i + 1}"
    assert label in labels(state)
    patron = state.boards[0].patron
    before = state.boards[0].loyalty[patron]
    state, _ = GAME.apply(state, label)
    b = state.boards[0]
    assert tile_id in b.awards
    assert b.loyalty[patron] == before + D.award(tile_id).spaces[i].loyalty
    assert state.award_marks[tile_id][i] == -1  # shared, as with a real player's marker


def test_lucas_card_treats_virtual_and_real_markers_alike():
    """Whoever's marker holds the space, a real player's or a virtual opponent's, Lucas's card
    offers the same claim with the same reward."""
    outcome = {}
    for holder in (-1, 1):
        state, tile_id, i = _virtual_space(2)
        state.award_marks[tile_id][i] = holder
        state = lessons._paleo_turn(state, "lucas-1")
        state, _ = GAME.apply(state, "P1 go award")
        label = f"P1 claim {tile_id} {i + 1}"
        assert label in labels(state)
        state, _ = GAME.apply(state, label)
        outcome[holder] = (state.boards[0].loyalty, state.boards[0].awards)
    assert outcome[-1] == outcome[1]


def test_without_lucas_a_virtual_marker_s_space_is_refused():
    """Each space holds a single marker: without Lucas's card the space a virtual opponent's
    marker holds cannot be claimed; the refusal names a rule and leaves the table alone."""
    state, tile_id, i = _virtual_space(2)
    state = lessons._paleo_turn(state, "stegosaurus")
    state, _ = GAME.apply(state, "P1 go award")
    label = f"P1 claim {tile_id} {i + 1}"
    assert label not in labels(state)
    refused(state, label)


def test_lucas_card_still_allows_one_marker_per_award_tile():
    """Lucas's card still limits you to one claim marker on each award tile: with a marker of
    yours already on the tile, the virtual opponent's space is refused too."""
    state, tile_id, i = _virtual_space(2)
    state.boards[0].awards.append(tile_id)
    free = next(k for k, m in enumerate(state.award_marks[tile_id]) if m is None)
    state.award_marks[tile_id][free] = 0
    state = lessons._paleo_turn(state, "lucas-1")
    state, _ = GAME.apply(state, "P1 go award")
    label = f"P1 claim {tile_id} {i + 1}"
    assert label not in labels(state)
    refused(state, label)


# ---- debunking a paper under the portrait ------------------------------------------------------------
def _full_cope_half(state, value: int = 3) -> None:
    """Every spot of Cope's half holds a value-``value`` paper (neutral tiles stay), nothing
    waits under either portrait, and Marsh's half is empty."""
    lessons.bookshelf(state, 0, 0)
    for shelf in state.shelves["cope"]:
        shelf[:] = [0 if v == 0 else value for v in shelf]


def _debunker(crates):
    """P1, serving Marsh, mid-turn with a species card played for a paleontologist action."""
    state = lessons.started(2)
    b = state.boards[0]
    b.patron, b.crates = "marsh", list(crates)
    return lessons._paleo_turn(state, "stegosaurus")


def test_a_paper_under_the_rival_s_portrait_can_be_debunked():
    """With the bookshelf full, a new paper waits on the shelf under the patron's portrait; it
    is still a published paper of that patron, so a set of identical bones of its value debunks
    it: it leaves, turns to your patron's colour on your side, and you earn the set's loyalty."""
    state = _debunker(["tail", "tail"])
    _full_cope_half(state, 3)
    state.overflow["cope"] = [2]
    shelves = copy.deepcopy(state.shelves["cope"])
    state, _ = GAME.apply(state, "P1 go debunk")
    assert "P1 debunk tail 2" in labels(state)
    state, events = GAME.apply(state, "P1 debunk tail 2")
    b = state.boards[0]
    assert state.overflow["cope"] == [] and state.shelves["cope"] == shelves
    assert 2 in [v for shelf in state.shelves["marsh"] for v in shelf]
    assert b.loyalty["marsh"] == 1 and b.crates == []
    assert any(e.kind == "debunk" for e in events)


def test_a_shelf_paper_of_the_value_still_goes_first_and_the_portrait_paper_comes_down():
    """When the shelves also hold a paper of that value, that one is debunked; the gap closes
    and the paper waiting under the portrait comes down, so the half stays full."""
    state = _debunker(["tail", "tail"])
    _full_cope_half(state, 3)
    state.shelves["cope"][0][0] = 2
    state.overflow["cope"] = [4]
    cred = credibility(state, "cope")
    state, _ = GAME.apply(state, "P1 go debunk")
    state, _ = GAME.apply(state, "P1 debunk tail 2")
    papers = [v for shelf in state.shelves["cope"] for v in shelf if v]
    assert state.overflow["cope"] == [] and 2 not in papers and 4 in papers
    assert all(v is not None for shelf in state.shelves["cope"] for v in shelf)
    assert credibility(state, "cope") == cred


def test_a_set_with_no_paper_of_its_value_anywhere_is_refused():
    """A set must match the value of a paper on the rival's side exactly: with no value-2 paper
    on the shelves nor under the portrait, two tails debunk nothing and are refused."""
    state = _debunker(["tail", "tail"])
    _full_cope_half(state, 3)
    state.overflow["cope"] = [4]
    state, _ = GAME.apply(state, "P1 go debunk")
    assert "P1 debunk tail 2" not in labels(state)
    refused(state, "P1 debunk tail 2")


def test_theodore_debunks_a_paper_under_the_portrait_as_a_normal_player():
    """Theodore debunks just like a normal player: a paper of his rival's waiting under the
    portrait is a target for him too."""
    s = solo_lessons.staged_turn("basic-1", "basic-2")
    b = s.boards[THEODORE]
    rival = "cope" if b.patron == "marsh" else "marsh"
    lessons.bookshelf(s, 0, 0)
    for shelf in s.shelves[rival]:
        shelf[:] = [0 if v == 0 else 3 for v in shelf]
    s.overflow[rival] = [2]
    b.crates, b.paleo = ["tail", "tail"], None
    s.turn = Turn(THEODORE, "basic-1", 0, mode="solo")
    events = []
    assert solo._paleo(s, "debunk", events)
    assert s.overflow[rival] == [] and b.crates == []
    assert any(e.kind == "debunk" for e in events)
