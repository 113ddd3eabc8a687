"""PlannerBot, the Bone Wars bot that plans for the scorings: legal and deterministic, blind to
what its seat cannot see, its forecast agrees with the engine's shelves, it publishes the plan
worth most, serves the patron who will be the more credible, and beats ScholarBot."""
from __future__ import annotations

import random

import pytest

import bonekit
from bonekit.core.actions import Action
from bonekit.games.bone_wars import planner
from bonekit.games.bone_wars.bots import ScholarBot
from bonekit.games.bone_wars.planner import PlannerBot, publish_plan, shelf_credibility
from bonekit.games.bone_wars.rounds import credibility
from bonekit.games.bone_wars.turn import add_paper

GAME = bonekit.load("bone_wars")


def _play(players: int, seed: int) -> tuple[object, list[str]]:
    """A whole game of planners through the checked ``apply`` (an illegal action raises)."""
    state, labels = GAME.new(players, seed=seed), []
    bots = {i: PlannerBot(i) for i in range(players)}
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(GAME, state, seat)
        assert action in GAME.legal_actions(state, seat)
        labels.append(action.label)
        state, _ = GAME.apply(state, action)
    return state, labels


def test_it_is_a_bot_of_the_game():
    assert GAME.bots["planner"] is PlannerBot


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_is_legal_and_the_game_ends(players):
    final, labels = _play(players, 3)
    assert GAME.outcome(final) is not None and len(labels) > 50


def test_the_same_seed_plays_the_same_game():
    assert _play(2, 8)[1] == _play(2, 8)[1]


def test_it_decides_from_its_own_view_only():
    """Shuffling what the seat cannot see (the other hands, the decks' order) changes nothing."""
    state = GAME.new(3, seed=4)
    bots = {i: PlannerBot(i) for i in range(3)}
    checked = 0
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(GAME, state, seat)
        if state.phase == "turn" and checked < 25:
            other = GAME.copy_state(state)
            shuffle = random.Random(checked)
            for i, b in enumerate(other.boards):
                if i != seat:
                    b.hand.reverse()
            for deck in (other.species_deck, other.paleo_deck, other.bag):
                shuffle.shuffle(deck)
            assert PlannerBot(seat).choose(GAME, other, seat) == PlannerBot(seat).choose(GAME, state, seat)
            checked += 1
        state, _ = GAME.apply(state, action)
    assert checked == 25


@pytest.mark.parametrize("players", [2, 4])
def test_the_credibility_forecast_agrees_with_the_shelves(players):
    """``shelf_credibility(extra=n)`` is the credibility the engine's shelves show after n more
    papers, for every n up to past the top shelf."""
    state = GAME.new(players, seed=0)
    for n in range(16):
        probe = GAME.copy_state(state)
        for _ in range(n):
            add_paper(probe, "cope", 3, None, 0)
        assert shelf_credibility(state, "cope", n) == credibility(probe, "cope"), n


def _publishing(hand: list[str], crates: list[str]):
    """A round-1 turn of seat 0 with ``hand`` and ``crates``, its paleontologist gone to publish
    with Williston's card."""
    state = GAME.new(2, seed=0)
    bots = {i: ScholarBot(i) for i in range(2)}
    while state.phase != "turn" or state.pending or state.turn is not None or state.current != 0:
        seat = GAME.to_move(state)[0]
        state = GAME.copy_state(GAME.apply(state, bots[seat].choose(GAME, state, seat))[0])
    b = state.boards[0]
    b.hand, b.crates, b.money, b.paleo, b.archive = ["williston-1", *hand], list(crates), 9, None, {}
    b.covers = 0  # room for every crate named
    for verb, args in (("play", ("williston-1",)), ("go", ("publish",))):
        GAME.step_fast(state, Action(0, verb, args))
    assert state.turn is not None and state.turn.action == "publish"
    return state


def test_two_species_with_torso_and_tail_each_make_two_papers():
    """Two herbivores in envelopes of their own, two torsos and two tails: two papers beat one."""
    state = _publishing(["stegosaurus", "brontosaurus"], ["torso", "tail", "torso", "tail"])
    plan = publish_plan(state, 0)
    assert sorted(sp for sp, _ in plan) == ["brontosaurus", "stegosaurus"]
    assert all(sorted(bones) == ["tail", "torso"] for _, bones in plan)


def test_the_plan_gives_each_species_the_skull_and_limb_it_takes():
    """Stegosaurus (herbivore skull, paw) and Allosaurus (carnivore skull, claw): each gets its own
    skull and limb, so both papers have four bones."""
    crates = ["torso", "tail", "herbivore", "paw", "torso", "tail", "carnivore", "claw"]
    plan = dict(publish_plan(_publishing(["stegosaurus", "allosaurus"], crates), 0))
    assert sorted(plan["stegosaurus"]) == ["herbivore", "paw", "tail", "torso"]
    assert sorted(plan["allosaurus"]) == ["carnivore", "claw", "tail", "torso"]


def test_the_bot_plays_the_plan_out():
    state = _publishing(["stegosaurus", "brontosaurus"], ["torso", "tail", "torso", "tail"])
    bot = PlannerBot(0)
    while state.turn is not None and state.turn.action == "publish" and not state.pending:
        GAME.step_fast(state, bot.choose(GAME, state, 0))
    assert {"stegosaurus", "brontosaurus"} <= {c for v in state.boards[0].archive.values() for c in v}


def test_at_a_pass_it_serves_the_patron_who_will_be_more_credible():
    """Cope's side far ahead, loyalty still to gain: the team goes back to a Cope university."""
    state = GAME.new(2, seed=2)
    bots = {i: PlannerBot(i) for i in range(2)}
    while not (state.pending and state.pending[0].kind == "university"):
        seat = GAME.to_move(state)[0]
        state = GAME.copy_state(GAME.apply(state, bots[seat].choose(GAME, state, seat))[0])
    seat = state.pending[0].seat
    for _ in range(5):
        add_paper(state, "cope", 3, None, 1 - seat)
    spaces = {int(a.args[0]) for a in GAME.legal_actions(state, seat)}
    cope = {u.space for u in GAME.data.universities if u.patron == "cope"}
    assert spaces & cope, "a Cope university is free"
    chosen = PlannerBot(seat).choose(GAME, state, seat)
    assert int(chosen.args[0]) in cope


def test_loyalty_is_worth_more_on_the_side_with_more_papers():
    state = GAME.new(2, seed=0)
    for _ in range(3):
        add_paper(state, "marsh", 3, None, 0)
    ahead = planner.horizons(state)
    worth = {p: planner.forecast(state, p, ahead[-1]) for p in ("marsh", "cope")}
    assert worth["marsh"] > worth["cope"]


def test_it_beats_scholarbot_in_most_two_player_games():
    # measured: 13 of these 20 seeds (14 before the pass was weighed; the benchmark's 200 held-out
    # two-player games: ahead of 81% of scholar seats); at least 12 is a clear majority
    wins = 0
    for seed in range(20):
        me = seed % 2
        bots = {i: PlannerBot(seed) if i == me else ScholarBot(seed * 2 + i) for i in range(2)}
        final, _ = GAME.playout(GAME.new(2, seed=seed), bots)
        wins += me in GAME.outcome(final).winners
    assert wins >= 12


def _card_or_pass(players: int, seed: int = 3):
    """The first turn of the round's play at a table of scholars: a card or the pass."""
    state = GAME.new(players, seed=seed)
    bots = {i: ScholarBot(i) for i in range(players)}
    while state.phase != "turn" or state.pending or state.turn is not None:
        seat = GAME.to_move(state)[0]
        GAME.step_fast(state, bots[seat].choose(GAME, state, seat))
    return state


def test_the_planner_weighs_the_pass_where_the_scholar_rules_it_out():
    """At a card or the pass, ScholarBot drops the pass while a card improves its position; the
    planner keeps it, since each card's score already holds the later pass at a measured share."""
    state = _card_or_pass(2)
    seat = state.current
    pass_ = Action(seat, "pass", ())
    card = next(a for a in GAME.legal_actions(state, seat) if a.verb == "play")
    scholar, plan = ScholarBot(0), PlannerBot(0)
    scholar._game = plan._game = GAME
    now = scholar.evaluate(state, seat)
    scored = [(now + 1.0, card), (now + 5.0, pass_)]
    assert scholar.weigh_pass(state, seat, scored) == [(now + 1.0, card)]
    assert plan.weigh_pass(state, seat, scored) == scored


@pytest.mark.parametrize("players", [2, 4])
def test_the_later_pass_is_worth_the_share_the_table_size_gives(players, monkeypatch):
    state = _card_or_pass(players)
    seat = state.current
    view = GAME.bot_view(state, seat)
    acts = GAME.legal_actions(view, seat)
    bot = PlannerBot(0)
    bot._game = GAME
    bot.prepare(view, seat, acts)
    measured, keep = bot._pass_gain, planner.PASS_KEEP[players]
    monkeypatch.setitem(planner.PASS_KEEP, players, 1.0)
    bot.prepare(view, seat, acts)
    full = bot._pass_gain
    assert full > 0, "passing now brings something (a profession, a university)"
    assert measured == pytest.approx(keep * full)
    assert keep < 1 if players == 2 else keep > 1  # waiting costs at two seats, unplayed cards at four


def test_a_skeleton_in_the_making_counts_for_less_at_a_full_table(monkeypatch):
    """Three rivals take the bones and species a skeleton waits for more often than one: at four
    seats its share of a paper's worth is CONTENDED[4] of what it is at a table without contest."""
    state = _card_or_pass(4)
    seat = state.current
    b = state.boards[seat]
    b.hand, b.crates = ["stegosaurus"], ["torso", "tail"]
    paper = 10.0
    contested, share = planner._skeletons(state, seat, paper), planner.CONTENDED[4]
    monkeypatch.setitem(planner.CONTENDED, 4, 1.0)
    open_table = planner._skeletons(state, seat, paper)
    assert planner.CONTENDED[2] == 1.0 and 0 < contested < open_table
    assert contested == pytest.approx(share * open_table)
