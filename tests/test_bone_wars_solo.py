"""Bone Wars solo (bone_wars.solo.*): you against Theodore, who plays by his solo cards and
the solo rules' priorities and never owes a decision; whole games, his setup, his turn from
the card and the next card's back, his habits, his passing and the end."""
from __future__ import annotations

import pytest

import bonekit
from bonekit import RandomBot, Replay
from bonekit.games.bone_wars import ScholarBot, components, solo
from bonekit.games.bone_wars.state import THEODORE
from test_bone_wars_engine import census

GAME = bonekit.load("bone_wars")
D = components()


def to_first_turn(seed=0, **options):
    """A solo game at the player's first turn (the player's bundles: the first offered)."""
    state = GAME.new(1, "solo", seed=seed, **options)
    while GAME.to_move(state) and (state.phase == "bundles" or state.pending):
        state, _ = GAME.apply(state, GAME.legal_actions(state, 0)[0])
    return state


def test_whole_solo_games_end_with_only_the_player_to_move():
    for seed in range(8):
        state, bot = GAME.new(1, "solo", seed=seed), RandomBot(seed)
        while not GAME.is_over(state):
            assert GAME.to_move(state) == (0,)
            state, _ = GAME.apply(state, bot.choose(GAME, state, 0))
            bones, cards, paleo = census(state)
            assert bones == D.bones_total and len(set(cards)) == len(cards) == 48 and len(paleo) == 24
        out = GAME.outcome(state)
        assert set(out.winners) <= {0, THEODORE} and state.round == 4
        assert set(state.scored) == {"mid", "final"}
        assert "Theodore" in out.summary


def test_solo_games_replay_and_the_simulation_path_agrees():
    final, _ = GAME.playout(GAME.new(1, "solo", seed=3), {0: ScholarBot(1)})
    state, bot, labels = GAME.new(1, "solo", seed=3), ScholarBot(1), []
    while not GAME.is_over(state):
        action = bot.choose(GAME, state, 0)
        labels.append(action.label)
        state, _ = GAME.apply(state, action)
    assert GAME.text(final) == GAME.text(state)
    replay = Replay.from_json(Replay("bone_wars", 1, 3, variant="solo", actions=labels).to_json())
    assert GAME.text(replay.final_state()) == GAME.text(state)


def test_solo_options_are_checked():
    wrong = [({"level": "easy"}, "level"), ({"head_cm": 500}, "head_cm"), ({"rounds": 3}, "unknown")]
    for bad, says in wrong:
        with pytest.raises(ValueError, match=says):
            GAME.new(1, "solo", **bad)
    with pytest.raises(ValueError, match="1 player"):
        GAME.new(2, "solo")
    assert GAME.new(1, "solo", level="expert").solo_upgrades[0].startswith("expert-")


def test_solo_setup_follows_the_solo_rules():
    state = GAME.new(1, "solo", seed=2)
    t = state.boards[THEODORE]
    assert state.names[THEODORE] == "Theodore" and len(state.solo_deck) == 12
    assert not any(c in D.team_cards for c in t.hand)
    assert "species" in state.bundles[THEODORE]
    assert {a.verb for a in GAME.legal_actions(state, 0)} == {"bundle"}      # your species card first
    said = []
    while state.phase == "bundles":          # the teams step off as round 1 begins: read the setup
        state, events = GAME.apply(state, GAME.legal_actions(state, 0)[0])
        said += [e.text for e in events if e.kind == "bundle" and "career" in e.text]
    space = {("Theodore" in t): int(t.split("university space ")[1].split(",")[0]) for t in said}
    uni = {u.space: u for u in D.universities}
    assert uni[space[True]].patron != uni[space[False]].patron
    others = [u.space for u in D.universities if u.patron == uni[space[True]].patron]
    assert space[True] == max(others)                                       # the highest space
    assert state.boards[THEODORE].profession[1] == 1


def staged(back_kind, hand=(), crates=(), seed=0):
    """The player's first turn over; Theodore about to play, his next card's back ``back_kind``."""
    state = to_first_turn(seed)
    state = GAME.copy_state(state)
    state.current = THEODORE
    b = state.boards[THEODORE]
    b.hand, b.crates, b.money, b.paleo, b.grant = list(hand), list(crates), 10, None, None
    nxt = next(c.id for c in D.solo_cards if c.level == "basic" and c.back["kind"] == back_kind)
    first = "basic-3"   # publish-light: award, find, publish; team: camp, excavate, dig
    state.solo_deck = [c for c in state.solo_deck if c not in (nxt, first)] + [nxt, first]
    return state


def test_a_paleontologist_back_makes_him_act_with_his_paleontologist():
    sp = next(s for s in sorted(D.species) if D.species[s].find == "fossil")
    state = staged("paleo", hand=[sp], crates=["torso", "tail", "carnivore"])
    state.finds = [[None] * len(row) for row in state.finds]             # no minor find to make
    events: list = []
    solo.play_turn(state, events)
    solo.settle(state, events)
    b = state.boards[THEODORE]
    assert b.paleo == "publish" and sp in b.archive.get("A", [])            # award, find: not possible
    assert any("publishes" in e.text for e in events) and b.crates == []


def test_a_team_back_sends_his_team_out():
    state = staged("team")
    b = state.boards[THEODORE]
    before = len(b.hand)
    events: list = []
    solo.play_turn(state, events)
    assert b.team is not None and b.university is None
    assert any("Theodore" in e.text and ("camp" in e.text or "excavates" in e.text or "digs" in e.text)
               for e in events)
    assert len(b.hand) >= before


def test_his_habits():
    state = to_first_turn(1)
    state = GAME.copy_state(state)
    b = state.boards[THEODORE]
    # rare bones: the kind least available on the display
    state.rare = {k: 2 for k in D.bones}
    state.rare["claw"] = 1
    p = solo.effects.decision("rare", THEODORE, left=1)
    state.pending = [p]
    assert solo.answer(state, p).label == "P2 take claw"
    # a cover: $2 while he has less than $5, else 1 RP
    p = solo.effects.decision("cover", THEODORE)
    b.money = 3
    assert solo.answer(state, p).label == "P2 choose money"
    b.money = 7
    assert solo.answer(state, p).label == "P2 choose rp"
    # full crates: a cover comes off by itself, without its bonus
    b.crates, b.covers, rp, money = ["torso", "tail", "paw", "claw"], 3, b.rp, b.money
    solo.effects.gain_bone(state, THEODORE, "wing", None, "draws")
    assert b.covers == 2 and len(b.crates) == 5 and (b.rp, b.money) == (rp, money)
    # an upgrade: the top-most basic card of his deck is replaced by his next upgraded card
    deck = list(state.solo_deck)
    top = next(c for c in reversed(deck) if c.startswith("basic-"))
    new = state.solo_upgrades[-1]
    solo.upgrade(state, None)
    assert top not in state.solo_deck and new in state.solo_deck and len(state.solo_deck) == len(deck)
    # a slot tile first covers the $3 slot
    assert solo.slot(state).label == f"P2 slot {[s.cost for s in D.action_slots].index(3) + 1}"
    # reclassifying: from the left-most filled envelope to the right-most with room
    b.archive = {"A": ["archaeotherium"]}
    assert solo.rearchive(state).label == "P2 archive archaeotherium e"


def test_he_passes_when_he_cannot_pay_and_takes_a_species_card():
    state = staged("team")
    b = state.boards[THEODORE]
    b.money = 0
    b.played = ["basic-1"] + [None] * (len(b.played) - 1)    # the next slot costs money
    hand = len(b.hand)
    events: list = []
    solo.play_turn(state, events)
    solo.settle(state, events)
    assert state.passed[THEODORE] and len(b.hand) >= hand + 1
    assert b.university is not None and any("Theodore passes." == e.text for e in events)


def test_a_tie_goes_to_the_bigger_head_if_you_give_yours_else_it_is_shared():
    state = to_first_turn(0)
    state = GAME.copy_state(state)
    for b in state.boards:
        b.rp, b.archive = 9, {}
    assert solo.who_wins(state, None) == (0, THEODORE)
    assert solo.who_wins(state, 58) == (0,) and solo.who_wins(state, 54) == (THEODORE,)
    state.boards[0].rp = 10
    assert solo.who_wins(state, 40) == (0,)
