"""Theodore against the solo rules, one rule at a time (bone_wars.solo.*).

Each test stages a small table with the solo lessons' helpers and checks what Theodore does
against what the rulebook's solo section requires, written here in our own words."""

from __future__ import annotations

import pytest

from bonekit.games.bone_wars import effects, solo
from bonekit.games.bone_wars import solo_lessons as lessons
from bonekit.games.bone_wars.data import components
from bonekit.games.bone_wars.state import THEODORE, Turn

D = components()


def _table(seed: int = 0):
    """Theodore to play in round 1, no grant, his paleontologist off the board."""
    return lessons.staged_turn("basic-1", "basic-2", seed=seed)


def _place(state, n: int) -> list[str]:
    """Give Theodore ``n`` upgraded slot tiles one after the other; where each went."""
    where = []
    for _ in range(n):
        state.pending.insert(0, effects.decision("slot", THEODORE))
        a = solo.answer(state, state.pending[0])
        effects.answer(state, a, None)
        where.append(a.args[0])
    return where


def test_slot_tiles_cover_three_then_extra_then_two_then_extra():
    """His slot tiles go, in turn: over his $3 slot, as a new extra slot, over a $2 slot, as
    another extra slot, over the other $2 slot; a slot already at $1 is never covered."""
    s = _table()
    s.slot_stack = [0] * 6
    costs = [spec.cost for spec in D.action_slots]
    three = str(costs.index(3) + 1)
    twos = {str(i + 1) for i, c in enumerate(costs) if c == 2}
    where = _place(s, 5)
    assert where[0] == three
    assert where[1] == "extra"
    assert where[2] in twos
    assert where[3] == "extra"
    assert where[4] in twos and where[4] != where[2]
    assert len(s.boards[THEODORE].slots) == len(D.action_slots) + 2


def _site_with_team(s, seat: int):
    site = s.sites[0]
    s.boards[seat].team = site.id
    s.boards[seat].university = None
    return site


@pytest.mark.parametrize("holder", [0, THEODORE])
def test_meeting_grant_pays_when_theodore_moves_in(holder):
    """The grant that pays $1 when two teams meet at a dig site pays its holder when Theodore's
    team is the one that arrives, whether the holder is the player or Theodore himself."""
    s = _table()
    site = _site_with_team(s, 0)
    s.boards[THEODORE].team = next(x.id for x in s.sites if x.id != site.id)
    s.boards[holder].grant = "meet_teams_money"
    before = [b.money for b in s.boards]
    solo._go(s, site.id, "moves to", None)
    solo.settle(s, None)
    effects.run(s, None)
    assert s.boards[holder].money == before[holder] + 1
    assert s.boards[1 - holder].money == before[1 - holder]


def test_site_action_follows_the_order_on_his_next_card():
    """A dig site action of Theodore's does not use the tile of the site he stands on: he takes
    the order his next card shows (the kit's backs: money first) and does the first he can."""
    s = _table()
    site = _site_with_team(s, THEODORE)
    site.action = "swap_patron"
    b = s.boards[THEODORE]
    patron, money = b.patron, b.money
    s.turn = Turn(THEODORE, "basic-5", 0, mode="solo")
    solo._team_action(s, "site", solo._card("basic-5"), 1, 0, None)
    solo.settle(s, None)
    assert D.solo_site_order[0] == "money"
    assert b.money == money + 1 and b.patron == patron


def _find_ready(s):
    """A species in his hand and a tile of its icon open on a row of a two-player table."""
    for r, row in enumerate(s.finds):
        if D.minor_finds.rows[r] > s.players:
            continue
        for tile in row:
            sp = next((x for x in D.species if D.species[x].find == tile), None)
            if sp is not None:
                return sp
    raise AssertionError("no open minor find")


@pytest.mark.parametrize("grant", [None, "stay_put"])
def test_stay_put_grant_lets_his_paleontologist_act_where_it_stands(grant):
    """Without the grant his paleontologist may not act where it already stands; with the grant
    that lets it stay, Theodore uses it and acts there."""
    s = _table()
    b = s.boards[THEODORE]
    b.hand, b.paleo, b.grant = [_find_ready(s)], "find", grant
    s.turn = Turn(THEODORE, "basic-4", 0, mode="solo")
    events = []
    acted = solo._paleo_loop(s, solo._card("basic-4"), events)
    finds = [e for e in events if e.kind == "find"]
    assert bool(finds) == (grant == "stay_put")
    assert acted == bool(finds) or not finds


def test_wild_icon_grant_lets_his_species_match_the_slot():
    """A grant that makes one minor-find icon wild lets a species of that icon match any slot:
    Theodore then cashes its prize and acts with the slot's own values."""
    slot_icon = D.action_slots[0].find
    sp = next(x for x in D.species if D.species[x].find != slot_icon)
    s = lessons.staged_turn("basic-2", "basic-4", hand=[sp])
    s.boards[THEODORE].grant = "wild_" + D.species[sp].find
    _, events = lessons.theodore_turn(s)
    assert any(e.kind == "prize" for e in events)
    s.boards[THEODORE].grant = None
    _, events = lessons.theodore_turn(s)
    assert not any(e.kind == "prize" for e in events)


def test_exchange_takes_the_least_available_rare_kind():
    """Gaining a rare bone, Theodore takes the kind the display has fewest of (ties: skull,
    limb, torso, tail), also when he exchanges one of his bones for it."""
    s = _table()
    b = s.boards[THEODORE]
    b.crates = ["carnivore", "herbivore", "torso"]  # two skulls: one may go
    s.rare = {k: 2 for k in D.bones}
    s.rare["tail"] = 1  # the fewest; alphabetically 'claw' would come first
    a = solo.answer(s, effects.decision("exchange", THEODORE))
    assert a.verb == "exchange" and a.args[1] == "tail"
    assert D.bones[a.args[0]].part == "skull"
    s.rare["tail"] = 2  # a tie: skull first, then limb
    s.rare["torso"] = 2
    a = solo.answer(s, effects.decision("exchange", THEODORE))
    assert D.bones[a.args[1]].part == "skull"


# ---- every action of every solo card can fire ----------------------------------------------------
def _stage(card, i: int):
    """A table where the team actions before position ``i`` of ``card`` are impossible and the
    one at ``i`` is possible; what fired with one action point."""
    s = _table()
    b = s.boards[THEODORE]
    site = _site_with_team(s, THEODORE)
    s.turn = Turn(THEODORE, card.id, 0, mode="solo")
    want = card.team[i]
    site.card = next(iter(D.species)) if want == "excavate" else None
    site.bones = ["torso", "tail", "claw"] if want == "dig" else [None, None, None]
    if want != "camp":
        b.camps_left = []
    else:
        site.camps = [x for x in site.camps if x != THEODORE]
    return s, site


def _fired(s, card) -> str | None:
    """The first team action Theodore does with one action point (a move may come before it
    when he has free moves, and then counts as the one that fired)."""
    events = []
    solo._team(s, card, 1, 3, events)
    kinds = {"discover": "excavate", "bone": "dig", "camp": "camp", "site": "site", "move": "move"}
    return next((kinds[e.kind] for e in events if e.kind in kinds), None)


@pytest.mark.parametrize("card", D.solo_cards, ids=lambda c: c.id)
def test_every_team_action_of_every_card_can_fire(card):
    """The solo rules have Theodore try his card's team actions in order and follow the arrow
    when one cannot be done: so each action printed on a card must be the one he does in some
    situation (no action may sit behind one he can always do, nor repeat one that just failed)."""
    for i, want in enumerate(card.team):
        s, _ = _stage(card, i)
        assert _fired(s, card) == want, (card.id, i, want)


@pytest.mark.parametrize("card", D.solo_cards, ids=lambda c: c.id)
def test_no_team_action_follows_one_that_always_works(card):
    """A move and a dig site action can always be done, so only the last action may be one."""
    assert not any(a in ("move", "site") for a in card.team[:-1]), card.team
    assert len(set(card.team)) == len(card.team), card.team
