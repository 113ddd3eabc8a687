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
from bonekit.games.bone_wars.rounds import credibility, standing
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


# ---- the neutral team's start (two players) -------------------------------------------------------
def _after_bundles(players: int, seed: int):
    """The table right after the setup bundles (each seat's first listed choice), before any
    team has stepped off its university."""
    state = GAME.new(players, seed=seed)
    while state.phase == "bundles" or (state.pending and state.pending[0].kind != "depart"):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    return state


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_two_player_neutral_team_starts_on_the_first_team_marker_s_space(seed):
    """At a two-player table the neutral team begins on the very space the first career took
    (that space, not its university's other one), sharing it until that team leaves."""
    state = _after_bundles(2, seed)
    first = state.first_career
    owner = next(s for s in range(2) if state.boards[s].university == first)
    assert state.neutral == first and state.universities[first] == owner
    assert f"{first}: P{owner + 1} + neutral" in GAME.text(state)
    while state.pending and state.pending[0].kind == "depart":
        state, _ = GAME.apply(state, labels(state, state.pending[0].seat)[0])
    assert state.universities[first] == -1  # the player's team left; the neutral one stays
    assert list(state.universities.values()).count(-1) == 1


def test_two_player_neutral_team_moves_on_from_that_space_at_the_first_pass():
    """At fewer than four players, whoever passes first in a round steps the neutral team on to
    the following university space (4 wraps to 1), and only then sends home their own team."""
    state = _after_bundles(2, 1)
    start = state.neutral
    while state.pending:
        state, _ = GAME.apply(state, labels(state, state.pending[0].seat)[0])
    seat = GAME.to_move(state)[0]
    state, _ = GAME.apply(state, f"P{seat + 1} pass")
    state, events = GAME.apply(state, labels(state, seat)[0])  # the new profession
    assert state.neutral == start % 4 + 1 and state.universities[start % 4 + 1] == -1
    assert any(e.kind == "neutral" for e in events)


def test_three_player_neutral_team_takes_the_space_left_empty():
    state = _after_bundles(3, 2)
    taken = {state.boards[s].university for s in range(3)}
    assert taken | {state.neutral} == {1, 2, 3, 4} and state.universities[state.neutral] == -1


# ---- every team steps off its university as the round begins ---------------------------------------
def _passes_to_round(state, round_no: int):
    """Everyone passes at once (first listed answer to each decision) until ``round_no`` begins."""
    while state.round < round_no:
        seat = GAME.to_move(state)[0]
        if state.pending:
            state, _ = GAME.apply(state, labels(state, seat)[0])
        else:
            state, _ = GAME.apply(state, f"P{seat + 1} pass")
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_team_steps_off_its_university_as_each_round_begins(players):
    """At the start of each round every team must go from its university to one of the two dig
    sites that university leads to, before any card of the round is played; players step off
    in player order."""
    state = _after_bundles(players, 3)
    for round_no in (1, 2, 3, 4):
        state = _passes_to_round(state, round_no)
        owed = []
        while state.pending and state.pending[0].kind == "depart":
            seat = state.pending[0].seat
            b = state.boards[seat]
            sites = next(u.sites for u in D.universities if u.space == b.university)
            assert sorted(labels(state, seat)) == sorted(f"P{seat + 1} move {s}" for s in sites)
            hand = next(c for c in b.hand)
            refused(state, f"P{seat + 1} play {hand}")  # no card before the team is out
            owed.append(seat)
            state, events = GAME.apply(state, f"P{seat + 1} move {sites[-1]}")
            assert state.boards[seat].team == sites[-1] and state.boards[seat].university is None
            assert [e.rule for e in events if e.kind == "depart"] == ["bone_wars.team.start"]
        assert owed == state.order
        assert all(b.team is not None for b in state.boards) and state.round == round_no
        assert not any(v is not None and v >= 0 for v in state.universities.values())


def test_the_step_off_uses_no_free_move_of_the_first_turn():
    """The step off the university is not one of a turn's free moves: the first team card of
    the round still has every free move."""
    state = lessons.started(2)
    seat = GAME.to_move(state)[0]
    b = state.boards[seat]
    assert b.team is not None and b.university is None
    state, _ = GAME.apply(state, f"P{seat + 1} play dig_crew")
    assert state.turn.free == 1 and state.turn.mode == "team"
    assert {a.args[0] for a in GAME.legal_actions(state, seat) if a.verb == "move"} == set(
        D.dig_sites[b.team].to
    )


def test_a_wrong_site_for_the_step_off_is_refused_with_the_reason():
    state = _after_bundles(2, 0)
    seat = state.pending[0].seat
    b = state.boards[seat]
    sites = next(u.sites for u in D.universities if u.space == b.university)
    wrong = next(s for s in D.dig_sites if s not in sites)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, f"P{seat + 1} move {wrong}")
    assert err.value.rule == "bone_wars.team.start"
    assert all(D.dig_sites[s].name in str(err.value) for s in sites)


def test_theodore_steps_off_as_the_round_begins_too():
    """In the solo game Theodore's team also leaves his university as the round begins, onto the
    site the arrow of his first card of the round points to."""
    state = GAME.new(1, "solo", seed=4)
    while state.phase == "bundles" or state.pending:
        state, _ = GAME.apply(state, labels(state)[0])
    him = state.boards[THEODORE]
    assert him.team is not None and him.university is None
    assert not any(v is not None and v >= 0 for v in state.universities.values())


# ---- the head-size tie-break in the 2-4 player game -------------------------------------------------
def _tied_end(players: int, **options):
    """A finished table where every player has 30 RP and two archived cards."""
    state = GAME.copy_state(GAME.new(players, seed=2, **options))
    cards = sorted(D.species)
    for s, b in enumerate(state.boards):
        b.rp, b.archive = 30, {"A": cards[2 * s : 2 * s + 2]}
    state.over, state.phase = True, "over"
    return state


def test_head_size_breaks_a_tie_that_the_archive_leaves():
    """Equal RP, equal archives: the player with the largest head circumference wins."""
    out = GAME.outcome(_tied_end(3, head_cm=[55, 59, 57]))
    assert out.winners == (1,) and "P2 wins" in out.summary
    out = GAME.outcome(_tied_end(4, head_cm=[58, 54, 58, 57]))
    assert out.winners == (0, 2)  # equal heads: still shared


def test_without_head_sizes_a_tie_is_shared():
    out = GAME.outcome(_tied_end(2))
    assert out.winners == (0, 1) and "share the win" in out.summary


def test_rp_and_the_archive_come_before_the_head():
    state = _tied_end(2, head_cm=[50, 60])
    state.boards[0].archive["B"] = [sorted(D.species)[10]]
    assert GAME.outcome(state).winners == (0,)
    state.boards[1].rp = 31
    assert GAME.outcome(state).winners == (1,)


def test_standing_ranks_by_rp_then_archive_then_head():
    """``standing`` is the ranking the outcome and the benchmarks use: RP first, then archived
    species cards, then head size (0 when the table gave none)."""
    state = _tied_end(3, head_cm=[55, 59, 57])
    state.boards[2].archive = {"A": state.boards[2].archive["A"][:1]}
    assert [standing(state, s) for s in range(3)] == [(30, 2, 55), (30, 2, 59), (30, 1, 57)]
    state.boards[2].rp = 31
    assert max(range(3), key=lambda s: standing(state, s)) == 2 == GAME.outcome(state).winners[0]
    assert standing(_tied_end(2), 1) == (30, 2, 0)


def test_a_three_way_tie_says_what_the_archive_settles_and_what_the_heads_do():
    """Three tie on RP; two of them hold the most archived cards and the larger head of those
    two wins: the summary names both steps, never says the cards alone decided it."""
    state = _tied_end(3, head_cm=[55, 59, 60])
    state.boards[2].archive = {"A": state.boards[2].archive["A"][:1]}
    out = GAME.outcome(state)
    assert out.winners == (1,)
    assert out.summary == (
        "P1, P2 and P3 tie at 30 RP; P1 and P2 hold the most archived species cards (2 each, to "
        "P3's 1); the tie-break (bone_wars.ruling.ties) goes to the larger head: P2 wins, 59 cm "
        "to P1's 55 cm.")
    shared = _tied_end(3)
    shared.boards[2].archive = {}
    assert GAME.outcome(shared).summary.endswith(
        "no head sizes given (bone_wars.ruling.ties): P1 and P2 share the win.")


@pytest.mark.parametrize("bad", [[56], [56, "57"], 56, [56, 20], [56, True]])
def test_head_sizes_must_be_one_whole_number_per_player(bad):
    with pytest.raises(ValueError, match="head_cm"):
        GAME.new(2, seed=0, head_cm=bad)


# ---- a publication's rewards in the order the player likes ------------------------------------------
ELLEN_PAID = lessons.ELLEN_PUBLISH[: lessons.ELLEN_PUBLISH.index("P1 done") + 1]


def test_the_rewards_of_a_publication_come_in_the_order_the_player_picks():
    """Once every bone is paid, the player may take the rewards in any order: each reward of
    the papers is offered first, and whichever is taken first, the other rewards follow."""
    state = lessons.ellen_publish()
    for label in ELLEN_PAID:
        state, _ = GAME.apply(state, label)
    offered = labels(state)
    assert state.pending[0].kind == "reward" and len(offered) == 4
    finals = []
    for first in offered:
        s, _ = GAME.apply(state, first)
        while GAME.to_move(s) == (0,) and s.pending:
            s, _ = GAME.apply(s, labels(s)[0])
        b = s.boards[0]
        finals.append((b.loyalty["cope"], b.money, tuple(sorted(b.archive)), len(b.crates)))
    assert len(set(finals)) == 1  # here the order changes nothing the example counts
    assert finals[0][0] == 3
    with pytest.raises(IllegalAction) as err:  # a reward that is not on offer
        GAME.apply(state, "P1 reward prize ichthyornis")
    assert err.value.rule == "bone_wars.ruling.publish_batch"


def test_the_order_can_matter_and_stays_the_player_s():
    """Diplodocus's prize (three dig site actions) can swap the patron: the paper's loyalty
    taken before the swap goes to Cope, taken after it to Marsh. The player decides."""
    got = {}
    for first in ("P1 reward loyalty", "P1 reward prize diplodocus"):
        state = lessons.ellen_publish()
        lessons._take_out(state, ["diplodocus"])
        b = state.boards[0]
        b.hand, b.crates, b.archive = ["diplodocus"], ["torso", "tail", "herbivore"], {}
        for label in ("P1 go publish", "P1 publish diplodocus", "P1 bone torso", "P1 bone tail",
                      "P1 bone herbivore", "P1 paper", "P1 done", first):
            state, _ = GAME.apply(state, label)
        while state.pending:  # the prize: swap the patron once, then stop; the rest in order
            options = labels(state)
            pick = next((x for x in ("P1 do swap_patron", "P1 swap") if x in options), None)
            if pick is None or (pick == "P1 do swap_patron" and state.boards[0].patron == "marsh"):
                pick = "P1 stop" if "P1 stop" in options else options[0]
            state, _ = GAME.apply(state, pick)
        assert state.boards[0].patron == "marsh"
        got[first] = dict(state.boards[0].loyalty)
    assert got["P1 reward loyalty"] == {"marsh": 0, "cope": 2}  # 1 for the paper, 1 for Williston
    assert got["P1 reward prize diplodocus"] == {"marsh": 2, "cope": 0}


@pytest.mark.parametrize("variant,players", [("basic", 2), ("solo", 1)])
def test_reward_order_fixed_is_the_kit_s_order_and_choose_the_default(variant, players):
    assert GAME.new(players, variant, seed=3, reward_order="choose") == GAME.new(players, variant, seed=3)
    assert GAME.new(players, variant, seed=3, reward_order="fixed").options["reward_order"] == "fixed"
    with pytest.raises(ValueError, match="reward_order"):
        GAME.new(players, variant, seed=3, reward_order="random")
