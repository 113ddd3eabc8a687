"""Bone Wars engine, part 1: setup and bundles, turns (cards into slots, team and paleontologist
actions), the effect interpreter's decisions, passing, the reset and the scorings; whole games
keep every component; and the rulebook's worked examples come out as written."""
from __future__ import annotations

import copy

import pytest

import bonekit
from bonekit import IllegalAction, RandomBot
from bonekit.games.bone_wars import components
from bonekit.games.bone_wars.state import Turn

GAME = bonekit.load("bone_wars")
D = components()
SOLO_CARDS = {c.id for c in D.solo_cards}


def started(players=2, seed=0, grants=False):
    """The first turn of round 1, every setup bundle taken (each seat's first listed choice);
    without ``grants`` nobody holds one, so the rulebook's examples read as written."""
    state = GAME.new(players, seed=seed)
    while state.phase == "bundles" or state.pending:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    state = GAME.copy_state(state)
    if not grants:
        for b in state.boards:
            b.grant = None
    return state


def play(state, *labels):
    events = []
    for label in labels:
        state, more = GAME.apply(state, label)
        events += more
    return state, events


def texts(events):
    return [e.text for e in events]


# ---- whole games ----------------------------------------------------------------------------------
def census(state):
    """Every bone, species card and paleontologist card, wherever it is."""
    bones = len(state.bag) + sum(state.rare.values()) + sum(len(b.crates) for b in state.boards)
    bones += sum(1 for s in state.sites for x in s.bones if x) + sum(len(b) for _, b in state.offer)
    cards = [*state.species_deck, *state.species_discard, *(s.card for s in state.sites if s.card)]
    cards += [sp for sp, _ in state.offer]
    paleo = [*state.paleo_deck, *state.paleo_display, *state.paleo_discard]
    for b in state.boards:
        for c in [*b.hand, *(c for c in b.played if c)]:
            if c in D.species:
                cards.append(c)
            elif c not in D.team_cards and c not in SOLO_CARDS:   # Theodore's solo cards aside
                paleo.append(c)
        cards += [c for env in b.archive.values() for c in env]
    for p in state.pending:   # a look at species cards, two bones drawn with a grant
        cards += list(p.get("cards") or ())
        bones += len(p.get("bones") or ())
    return bones, sorted(cards), sorted(paleo)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_keep_every_component(players):
    start = census(GAME.new(players, seed=0))
    assert start[0] == D.bones_total and len(start[1]) == 48 and len(start[2]) == 24
    for seed in range(6):
        state, bot = GAME.new(players, seed=seed), RandomBot(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            state, _ = GAME.apply(state, bot.choose(GAME, state, seat))
            bones, cards, paleo = census(state)
            assert bones == D.bones_total and len(cards) == 48 and len(set(cards)) == 48
            assert len(paleo) == 24 and all(b.money >= 0 for b in state.boards)
        assert state.round == 4 and all(state.passed) and set(state.scored) == {"mid", "final"}
        out = GAME.outcome(state)
        assert out.scores == tuple(b.rp for b in state.boards) and out.winners


def test_the_same_seed_gives_the_same_game_and_the_fast_path_agrees():
    def game(fast):
        state, bot, labels = GAME.new(3, seed=5), RandomBot(2), []
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            action = bot.choose(GAME, state, seat)
            labels.append(action.label)
            if fast:
                GAME.step_fast(state, action)
            else:
                state, _ = GAME.apply(state, action)
        return labels, GAME.text(state)

    assert game(False) == game(False) == game(True)
    final, count = GAME.playout(GAME.new(3, seed=5), {s: RandomBot(2) for s in range(3)})
    assert count == len(game(False)[0]) or GAME.text(final)   # its own bots: one per seat
    start = GAME.new(4, seed=3)
    bots = {s: RandomBot(s) for s in range(4)}
    fast, _ = GAME.playout(start, bots)
    state, bots = start, {s: RandomBot(s) for s in range(4)}
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, bots[seat].choose(GAME, state, seat))
    assert GAME.text(fast) == GAME.text(state)


def test_refusals_name_a_rule_and_leave_the_state_alone():
    state = started()
    seat = GAME.to_move(state)[0]
    me = f"P{seat + 1}"
    for label, says in [(f"{me} play nothing", "no card"), (f"{me} dig top", "cannot do that"),
                        (f"P{2 - seat} pass", "decision now")]:
        before = copy.deepcopy(state)
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, label)
        assert says in str(err.value) and err.value.rule in GAME.rules
        assert state == before


def test_a_card_that_costs_too_much_is_refused_with_the_sum():
    state = started()
    seat = GAME.to_move(state)[0]
    state.boards[seat].money = 2
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, f"P{seat + 1} play expedition")
    assert "costs $3 (slot and card)" in str(err.value) and err.value.rule == "bone_wars.turn.cost"


# ---- setup ------------------------------------------------------------------------------------
def test_setup_follows_the_rulebook():
    state = GAME.new(3, seed=1)
    assert all(n == 2 for n in state.rare.values()) and len(state.offer) == 4
    assert all(b.money == 5 and len(b.hand) == 4 and b.covers == 3 for b in state.boards)
    assert sum(1 for row in state.finds for f in row if f) == 15          # 5 kinds x 3 players
    assert len(state.find_bonus) == 5 and len(state.round_bonus) == 3 and len(state.awards) == 3
    assert all(len(s.bones) == 3 and s.card for s in state.sites)
    queue = state.bundle_queue
    assert queue[:3] == queue[3:][::-1]                                   # there and back again


def test_each_seat_takes_one_bundle_of_each_kind_and_two_players_serve_different_patrons():
    state = GAME.new(2, seed=0)
    first = GAME.to_move(state)[0]
    career = next(a for a in GAME.legal_actions(state, first) if a.verb == "career")
    state, _ = GAME.apply(state, career)
    while list(GAME.to_move(state)) == [first]:           # the career's bonus: a paleo card to keep
        state, _ = GAME.apply(state, GAME.legal_actions(state, first)[0])
    second = GAME.to_move(state)[0]
    assert second != first
    patrons = {D.universities[int(a.args[1]) - 1].patron for a in GAME.legal_actions(state, second)
               if a.verb == "career"}
    assert patrons == {"cope" if state.boards[first].patron == "marsh" else "marsh"}
    while state.phase == "bundles":
        seat = GAME.to_move(state)[0]
        options = GAME.legal_actions(state, seat)
        assert options and all(a.verb != ("career" if "career" in state.bundles.get(seat, []) else "x")
                               for a in options)
        state, _ = GAME.apply(state, options[0])
    assert all(sorted(state.bundles[s]) == ["career", "species"] for s in range(2))
    assert state.phase == "turn" and state.neutral == state.first_career   # shared with the first team
    while state.pending:                                                     # the teams step off
        state, _ = GAME.apply(state, GAME.legal_actions(state, state.pending[0].seat)[0])
    assert list(state.universities.values()).count(-1) == 1                 # the neutral team stays


# ---- the rulebook's worked examples -------------------------------------------------------------
def test_nello_s_team_card_example():
    """$3 for the card and $1 for the slot; 3 action points at depth 1 and 3 free moves: Montana
    to Wyoming, dig the top bone, on to Colorado, discover its species card."""
    state = started()
    seat = GAME.to_move(state)[0]
    me, b = f"P{seat + 1}", state.boards[seat]
    b.played[0] = "surveyor"                        # slot 1 was used earlier
    b.hand = ["expedition"]
    b.money, b.team, b.university = 7, "montana", None
    b.camps_left = ["archive", "archive"]           # both movement camps are out: 3 free moves
    state, events = play(state, f"{me} play expedition")
    assert b.money == 7 and state.boards[seat].money == 3 and state.turn.ap == 3 and state.turn.free == 3
    wyoming = state.sites[[s.id for s in state.sites].index("wyoming")]
    top = wyoming.bones[0]
    state, _ = play(state, f"{me} move wyoming", f"{me} dig top", f"{me} move colorado", f"{me} discover")
    t = state.turn
    assert t is not None and t.ap == 0 and t.free == 1
    assert top in state.boards[seat].crates and state.boards[seat].hand[-1] in D.species
    state, _ = play(state, f"{me} end")
    assert state.turn is None and GAME.to_move(state)[0] != seat


def ellen(state, seat):
    """Ellen (a Cope paleontologist) in the middle of her turn: a paleontologist card played,
    Ichthyornis and Archaeotherium in hand, the bones of the rulebook's example in her crates."""
    b = state.boards[seat]
    b.patron, b.hand, b.paleo = "cope", ["ichthyornis", "archaeotherium"], None
    b.crates = ["carnivore", "wing", "torso", "herbivore", "paw"]
    b.played[0] = "williston-1"
    state.turn = Turn(seat, "williston-1", 0, mode="paleo")
    return state


def test_ellen_s_publishing_example():
    state = started()
    seat = GAME.to_move(state)[0]
    me = f"P{seat + 1}"
    state = ellen(state, seat)
    cope = [v for shelf in state.shelves["cope"] for v in shelf if v]
    state, events = play(state, f"{me} go publish", f"{me} publish ichthyornis", f"{me} bone carnivore",
                         f"{me} bone wing", f"{me} paper", f"{me} publish archaeotherium", f"{me} bone torso",
                         f"{me} bone herbivore", f"{me} bone paw", f"{me} paper", f"{me} done")
    # the rewards come in the order she picks (the rulebook leaves it to her): the prize first
    assert state.pending and state.pending[0].kind == "reward"
    assert sorted(a.label for a in GAME.legal_actions(state, seat)) == [
        f"{me} reward envelope archaeotherium", f"{me} reward envelope ichthyornis",
        f"{me} reward loyalty", f"{me} reward prize archaeotherium"]
    state, more = play(state, f"{me} reward prize archaeotherium")
    # the prize of Archaeotherium: up to 2 bones from the bag, one decision at a time
    assert state.pending and state.pending[0].kind == "draw"
    state, drawn = play(state, f"{me} draw", f"{me} draw", f"{me} reward loyalty",
                        f"{me} reward envelope ichthyornis")
    more += drawn
    b = state.boards[seat]
    assert b.crates and len(b.crates) == 2
    assert b.loyalty["cope"] == 3        # 1 and 1 for the papers, 1 from Williston's card (once)
    assert b.archive == {"D": ["ichthyornis"], "A": ["archaeotherium"]}
    said = texts(events + more)
    assert any("gains $2" in t for t in said)                             # envelope A, its first card
    assert sorted(v for shelf in state.shelves["cope"] for v in shelf if v) == sorted([*cope, 2, 3])


def test_a_second_card_in_an_envelope_pays_twice():
    state = started()
    seat = GAME.to_move(state)[0]
    me = f"P{seat + 1}"
    state = ellen(state, seat)
    state.boards[seat].archive = {"D": ["eryops"]}
    state.boards[seat].camps_left = ["move", "move"]   # room for two cards an envelope
    hand = len(state.boards[seat].hand)
    state, _ = play(state, f"{me} go publish", f"{me} publish ichthyornis", f"{me} bone carnivore",
                    f"{me} bone wing", f"{me} paper", f"{me} done", f"{me} reward envelope ichthyornis")
    assert len(state.boards[seat].hand) == hand - 1 + 2                   # 2 species cards


def test_robert_s_debunking_example():
    state = started()
    seat = GAME.to_move(state)[0]
    me, b = f"P{seat + 1}", state.boards[seat]
    b.patron, b.crates, b.paleo = "marsh", ["torso"] * 3 + ["tail"] * 2, None
    state.shelves["cope"][0][:2] = [3, 4]
    state.turn = Turn(seat, "stegosaurus", 0, mode="paleo")   # Robert played a species card
    state, events = play(state, f"{me} go debunk")
    offered = [a.label for a in GAME.legal_actions(state, seat)]
    assert f"{me} debunk tail 2" not in offered                          # no value-2 paper there
    state, events = play(state, f"{me} debunk torso 3")
    b = state.boards[seat]
    assert b.loyalty["marsh"] == 2 and b.crates == ["tail", "tail"]
    assert state.shelves["cope"][0][:2] == [4, None]                     # the 4 slid down
    assert 3 in [v for shelf in state.shelves["marsh"] for v in shelf]


def test_nello_s_award_example():
    state = started(4)
    seat = GAME.to_move(state)[0]
    me, b = f"P{seat + 1}", state.boards[seat]
    b.archive = {"A": ["stegosaurus", "allosaurus", "diplodocus"], "B": ["ichthyornis"], "C": ["eryops"]}
    for c in [c for env in b.archive.values() for c in env]:
        for pile in (state.species_deck, state.species_discard):
            if c in pile:
                pile.remove(c)
    state.awards[1] = "b-bird-1"
    state.award_marks["b-bird-1"] = [None] * 4
    b.paleo = None
    state.turn = Turn(seat, "lucas-1", 0, mode="paleo")
    state, _ = play(state, f"{me} go award")
    assert f"{me} claim b-bird-1 4" in [a.label for a in GAME.legal_actions(state, seat)]
    state, events = play(state, f"{me} claim b-bird-1 4")
    assert state.boards[seat].loyalty[state.boards[seat].patron] >= 4
    assert any("gains 4 loyalty" in t for t in texts(events))


def test_elisabeth_s_minor_find_example():
    state = started()
    seat = GAME.to_move(state)[0]
    me, b = f"P{seat + 1}", state.boards[seat]
    b.hand, b.paleo, b.archive = ["ornithomimus"], None, {"C": ["hadrosaurus"]}
    b.camps_left = ["move", "move"]
    col = state.find_bonus.index("rare") if "rare" in state.find_bonus else 0
    state.find_bonus[col] = "rare"
    state.finds[0][col] = "hammer"
    rp = b.rp
    state.turn = Turn(seat, "stegosaurus", 0, mode="paleo")
    state, events = play(state, f"{me} go find", f"{me} find ornithomimus 1 {col + 1}")
    assert state.boards[seat].rp == rp + 2 and state.finds[0][col] is None
    assert state.pending and state.pending[0].kind == "rare"              # up to 2 rare bones


def test_moving_an_archived_card_pays_its_new_envelope_once():
    state = started()
    seat = GAME.to_move(state)[0]
    me, b = f"P{seat + 1}", state.boards[seat]
    b.archive = {"C": ["hadrosaurus"], "A": ["archaeotherium"]}
    b.camps_left = ["move", "move"]
    money = b.money
    from bonekit.games.bone_wars import effects
    effects.queue(state, seat, [{"move_archived": 1}])
    effects.run(state, None)
    state, _ = play(state, f"{me} archive hadrosaurus a")
    assert state.boards[seat].money == money + 2                         # $2 once, not $4


def test_the_final_scoring_example():
    state = started()
    mult = D.loyalty.multipliers
    b = state.boards[0]
    b.loyalty = {"marsh": mult.index(3), "cope": mult.index(5)}
    for patron, shelves in (("marsh", 2), ("cope", 4)):
        for shelf in state.shelves[patron]:
            shelf[:] = [0 if v == 0 else None for v in shelf]
        for shelf in state.shelves[patron][:shelves]:
            shelf[0] = 2
    rp = b.rp
    from bonekit.games.bone_wars import rounds
    rounds.score(state, "final", None)
    assert state.boards[0].rp - rp == 6 + 20


def test_passing_takes_a_new_profession_and_university():
    state = started(3)
    seat = GAME.to_move(state)[0]
    me = f"P{seat + 1}"
    row, col = state.boards[seat].profession
    state, _ = play(state, f"{me} pass")
    options = GAME.legal_actions(state, seat)
    assert options and all(a.verb == "profession" and int(a.args[0]) != row and int(a.args[1]) != col
                           for a in options)
    state, _ = play(state, options[0].label)
    while state.pending and state.pending[0].kind != "university":
        state, _ = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    spaces = [int(a.args[0]) for a in GAME.legal_actions(state, seat)]
    assert spaces and all(state.universities[s] in (None, seat) for s in spaces)
    state, _ = play(state, f"{me} university {spaces[0]}")
    b = state.boards[seat]
    assert b.university == spaces[0] and b.patron == D.universities[spaces[0] - 1].patron
    assert b.grant == state.grants[spaces[0]] and state.passed[seat]


# ---- the paleontologist cards' bonuses, the grants, the specialists --------------------------------
def paleo_turn(card, crates=(), hand=(), patron="marsh", grant=None, players=2):
    """The seat whose turn it is, mid-turn, having played ``card`` for a paleontologist action."""
    state = started(players)
    seat = GAME.to_move(state)[0]
    b = state.boards[seat]
    b.patron, b.crates, b.hand, b.paleo, b.grant = patron, list(crates), list(hand), None, grant
    b.played[0] = card
    state.turn = Turn(seat, card, 0, mode="paleo")
    return state, seat, f"P{seat + 1}"


def labels(state, seat):
    return [a.label for a in GAME.legal_actions(state, seat)]


def test_reed_and_leidy_at_a_debunk():
    state, seat, me = paleo_turn("reed-1", crates=["torso"] * 3)
    state.shelves["cope"][0][0] = 3
    state, _ = play(state, f"{me} go debunk", f"{me} debunk torso 3")
    assert state.boards[seat].loyalty["marsh"] == 3                      # 2 and Reed's 1
    state, seat, me = paleo_turn("leidy-1", crates=["torso", "torso", "tail"])
    state.shelves["cope"][0][0] = 3
    state, _ = play(state, f"{me} go debunk")
    assert f"{me} debunk torso 3 tail" in labels(state, seat)            # the tail stands in
    state, _ = play(state, f"{me} debunk torso 3 tail")
    assert state.boards[seat].crates == [] and state.boards[seat].loyalty["marsh"] == 2


def test_cards_that_let_the_loyalty_go_to_either_patron():
    state, seat, me = paleo_turn("sternberg-1", crates=["paw"] * 2)
    state.shelves["cope"][0][0] = 2
    state, _ = play(state, f"{me} go debunk", f"{me} debunk paw 2")
    assert labels(state, seat) == [f"{me} split 0", f"{me} split 1"]
    state, _ = play(state, f"{me} split 0")
    assert state.boards[seat].loyalty == {"marsh": 0, "cope": 1}


def test_marsh_s_card_lets_one_bone_stand_in_for_any_part():
    state, seat, me = paleo_turn("marsh-1", crates=["herbivore", "wing"], hand=["ichthyornis"])
    state, _ = play(state, f"{me} go publish", f"{me} publish ichthyornis")
    assert f"{me} bone herbivore" not in labels(state, seat)             # Ichthyornis needs a carnivore
    state, _ = play(state, f"{me} wild herbivore skull", f"{me} bone wing", f"{me} paper", f"{me} done")
    assert state.boards[seat].archive == {"D": ["ichthyornis"]}


def test_award_cards_lucas_and_cope():
    state, seat, me = paleo_turn("lucas-1", players=3)
    tile = state.awards[0]
    other = (seat + 1) % 3
    state.award_marks[tile][0] = other
    need = components().awards["A"]
    spec = next(t for t in need if t.id == tile)
    state.boards[seat].archive = {"A": [s for s in sorted(D.species) if D.species[s].by == spec.target][:4]}
    state, _ = play(state, f"{me} go award")
    assert f"{me} claim {tile} 1" in labels(state, seat)                  # a space someone holds
    state, seat, me = paleo_turn("cope-1", players=3)
    state.boards[seat].archive = {"A": [s for s in sorted(D.species) if D.species[s].by == spec.target][:4]}
    state, _ = play(state, f"{me} go award", f"{me} claim {tile} 1")
    assert state.pending and state.pending[0].kind == "any_round_bonus"
    assert labels(state, seat)[-1] == f"{me} bonus round4"


def test_minor_find_cards_peabody_powell_and_foulke():
    for card, check in (("peabody-1", "taken"), ("powell-1", "envelope"), ("foulke-1", "any")):
        state, seat, me = paleo_turn(card, hand=["ornithomimus"])
        state.finds[0] = ["fossil", None, "bug", "plant", "footprint"]
        state, _ = play(state, f"{me} go find")
        offered = labels(state, seat)
        if check == "taken":
            assert f"{me} find ornithomimus 1 2" in offered
        elif check == "envelope":   # Ornithomimus shows a hammer: the tile must match, the envelope is free
            state.finds[0][1] = "hammer"
            offered = labels(state, seat)
            row1 = {x for x in offered if " find ornithomimus 1 " in x}
            assert row1 == {f"{me} find ornithomimus 1 2 {e}" for e in "abcde"}
        else:
            assert {f"{me} find ornithomimus 1 {c}" for c in (1, 3, 4, 5)} <= set(offered)


def test_grants_bend_their_rules():
    # a wild icon earns a species card's prize in any slot
    state = started()
    seat = GAME.to_move(state)[0]
    b = state.boards[seat]
    sp = next(s for s in sorted(D.species) if D.species[s].find != D.action_slots[0].find)
    b.hand, b.grant = [sp], f"wild_{D.species[sp].find}"
    state, _ = play(state, f"P{seat + 1} play {sp}")
    assert state.turn.prize_later
    # two more free moves; the paleontologist may stay; one more bone to choose from
    state = started()
    seat = GAME.to_move(state)[0]
    me, b = f"P{seat + 1}", state.boards[seat]
    b.grant, b.hand = "extra_moves", ["surveyor"]
    state, _ = play(state, f"{me} play surveyor")
    assert state.turn.free == D.board.free_moves[0] + 2
    state, seat, me = paleo_turn("williston-1", grant="stay_put")
    state.boards[seat].paleo = "publish"
    state, _ = play(state, f"{me} go publish")
    from bonekit.games.bone_wars import effects
    state.boards[seat].grant = "extra_bone_draw"
    effects.queue(state, seat, [{"bones": 1}])
    effects.run(state, None)
    assert state.pending[0].kind == "pick_bone" and len(GAME.legal_actions(state, seat)) in (1, 2)


def test_a_hired_specialist_joins_a_torn_team_card():
    state = started()
    seat = GAME.to_move(state)[0]
    me, b = f"P{seat + 1}", state.boards[seat]
    b.specialists, b.hand, b.money = ["ichnologist"], ["dig_crew"], 5
    state, _ = play(state, f"{me} play dig_crew")
    assert labels(state, seat) == [f"{me} attach ichnologist", f"{me} skip"]
    state, _ = play(state, f"{me} attach ichnologist")
    assert state.pending and state.pending[0].kind == "paleo"            # a paleontologist card
    assert state.boards[seat].specialists_used == ["ichnologist"]


def test_apply_shares_what_it_did_not_change_and_a_skeleton_can_be_given_up():
    state = started(3)
    seat = GAME.to_move(state)[0]
    after, _ = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    others = [s for s in range(3) if s != seat]
    assert all(after.boards[s] is state.boards[s] for s in others)
    assert after.sites is not state.sites and all(a is b for a, b in zip(after.sites, state.sites))
    state, seat, me = paleo_turn("carlin-1", crates=["torso", "tail"], hand=["amphicoelias"])
    state, _ = play(state, f"{me} go publish", f"{me} publish amphicoelias", f"{me} bone torso")
    assert f"{me} drop" in labels(state, seat)
    state, events = play(state, f"{me} drop")
    assert state.turn.building is None and "gives up the paper" in texts(events)[0]
    assert state.boards[seat].crates == ["torso", "tail"]
    assert f"{me} publish amphicoelias" in labels(state, seat)
