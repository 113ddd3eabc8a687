"""The solo game of Bone to Pick: setup per the rulebook, each rule of a turn, upgrades, titles,
refusals (with rule ids, state untouched), and random and bot playouts with invariants."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

import bonekit
from bonekit import RandomBot, Replay, play_out
from bonekit.games.bone_to_pick.bots import SoloBot
from bonekit.games.bone_to_pick.data import card_value, title_for, upgrades
from conftest import levels, refused

S = "bone_to_pick.solo."
COLOURS = ("red", "green", "yellow", "blue", "purple", "orange")
ALL_WEAPONS = Counter(f"{c}:{v}" for c in COLOURS for v in (0, 0, *range(1, 11)))


@pytest.fixture(scope="module")
def game():
    return bonekit.load("bone_to_pick")


def new(game, seed=0):
    return game.new(1, variant="solo", seed=seed)






def check_invariants(game, state):
    weapons = [c for d in state.decks for c in d] + [c for r in state.rows for c in r]
    weapons += [c for c in state.discard if ":" in c]
    assert Counter(weapons) == ALL_WEAPONS
    ups = state.upgrade_deck + state.upgrades + state.offer + state.upgrade_discard
    ups += [c for c in state.discard if ":" not in c]
    assert sorted(ups) == sorted(upgrades()) and len(ups) == 32
    undead = state.stack + ([state.current] if state.current else []) + state.trophies
    undead += state.set_aside + state.damage_row + state.unclaimed
    assert sorted(undead) == sorted(game.data.undead) and len(undead) == 40
    assert all(len(r) <= 3 for r in state.rows)
    assert len(state.trophies) < 4 or state.over
    assert (game.outcome(state) is not None) == state.over == (game.to_move(state) == ())
    assert len(state.history) == state.turn - (1 if state.current is not None else 0)
    assert (state.current is None) == (state.over or bool(state.offer))
    for h in state.history:
        assert h.total == sum(h.values) and h.defeated == (h.total >= h.power)
    if not state.over:
        assert game.damage(state) < 4 and game.legal_actions(state, 0)


# ---- setup ---------------------------------------------------------------------------------------

def test_setup_follows_the_rulebook(game):
    state = new(game, seed=5)
    assert state.variant == "solo" and state.players == 1 and state.hit_points == 4
    assert [len(d) for d in state.decks] == [33, 33] and [len(r) for r in state.rows] == [3, 3]
    for i in range(2):
        cards = state.rows[i] + state.decks[i]
        colours = Counter(c.split(":")[0] for c in cards)
        assert len(colours) == 3 and set(colours.values()) == {12}   # three whole sets
    assert not set(state.rows[0] + state.decks[0]) & set(state.rows[1] + state.decks[1])
    stack = [state.current] + state.stack
    assert len(stack) == 40 and sorted(stack) == sorted(game.data.undead)
    for k, want in enumerate([(3, 5, 2), (2, 5, 3), (3, 5, 2), (2, 5, 3)]):
        got = levels(game, stack[10 * k:10 * k + 10])
        assert (got["easy"], got["medium"], got["hard"]) == want, k
    assert len(state.upgrade_deck) == 32 and state.turn == 1
    assert game.power(state) == game.data.undead[state.current].power_for(2)
    setup = game.setup_events(state)
    hidden = [e for e in setup if e.kind.startswith("shuffle") or e.kind == "undead_deck"]
    assert len(hidden) == 6 + 1 + 4 + 1 and all(e.visible_to == () for e in hidden)
    assert all(e.rule in game.rules for e in setup)


def test_setup_refuses_other_counts_and_options(game):
    with pytest.raises(ValueError, match="1 to 1 players"):
        game.new(2, variant="solo")
    with pytest.raises(ValueError, match="unknown option"):
        game.new(1, variant="solo", hard=True)
    with pytest.raises(ValueError, match="2 to 6 players"):
        game.new(1)                                        # the base game stays 2-6 players


def test_different_seeds_different_decks_same_seed_same(game):
    assert new(game, 1).decks == new(game, 1).decks and new(game, 1).stack == new(game, 1).stack
    assert new(game, 1).decks != new(game, 2).decks


# ---- a turn --------------------------------------------------------------------------------------

def best_pair(state):
    return max(card_value(c) for c in state.rows[0]), max(card_value(c) for c in state.rows[1])


def test_one_card_from_each_deck_then_refill(game):
    state = new(game, 3)
    a, b = best_pair(state)
    power = game.power(state)
    new_state, events = game.apply(state, f"P1 play a{a} b{b}")
    h = new_state.history[-1]
    assert h.values == (a, b) and h.total == a + b and h.defeated == (a + b >= power)
    assert [len(r) for r in new_state.rows] == [3, 3] and [len(d) for d in new_state.decks] == [32, 32]
    assert new_state.rows[0][-1] == state.decks[0][0] and new_state.rows[1][-1] == state.decks[1][0]
    assert len(new_state.discard) == 2 and new_state.turn == 2
    assert {e.kind for e in events} >= {"attack", "refill", "reveal"}
    if h.defeated:
        assert new_state.trophies == [h.undead] and not new_state.damage_row
    else:
        assert new_state.damage_row == [h.undead] and not new_state.trophies


def test_beaten_is_a_trophy_short_is_damage(game):
    state = new(game, 4)
    state.rows = [["red:10", "red:9", "red:0"], ["blue:10", "blue:1", "blue:0"]]
    won, _ = game.apply(state, "P1 play a10 b10")
    assert game.data.undead[state.current].power_for(2) <= 20
    assert won.trophies == [state.current] and game.damage(won) == 0
    lost, events = game.apply(state, "P1 play a0 b0")
    dmg = game.data.undead[state.current].damage
    assert lost.damage_row == [state.current] and game.damage(lost) == dmg in (1, 2)
    assert any(e.kind == "damage" and e.rule == S + "turn.attack" for e in events)


def test_four_damage_ends_the_game_with_a_title(game):
    state = new(game, 6)
    hits = [u for u in game.data.undead if game.data.undead[u].damage == 2
            and u not in (state.current,)][:1]
    ones = [u for u in game.data.undead if game.data.undead[u].damage == 1
            and u != state.current][:1]
    for u in hits + ones:
        state.stack.remove(u)
    state.damage_row = hits + ones                       # 3 damage so far
    state.rows = [["red:0"], ["blue:0"]]
    end, events = game.apply(state, "P1 play a0 b0")
    assert end.over and game.to_move(end) == () and game.damage(end) >= 4
    out = game.outcome(end)
    assert out.result == "defeat" and out.rule == S + "titles"
    assert out.titles[0] == title_for(game.data.raw["solo"]["titles"], len(end.stack))
    assert events[-1].kind == "end" and events[-1].data["left"] == len(end.stack)
    refused(game, end, "P1 play a0 b0", S + "titles", "over")


def test_empty_stack_is_a_victory_and_legend(game):
    state = new(game, 7)
    state.trophies, state.set_aside = [], list(state.stack)
    state.stack = []
    state.rows = [["red:10"], ["blue:10"]]
    end, _ = game.apply(state, "P1 play a10 b10")
    out = game.outcome(end)
    assert end.over and out.result == "victory" and out.titles == {0: "Legend"}


@pytest.mark.parametrize("left, title", [(0, "Legend"), (1, "Doom of the Undead"),
                                         (3, "Doom of the Undead"), (4, "Zombie Hunter"),
                                         (7, "Zombie Hunter"), (8, "Trophy Collector"),
                                         (12, "Trophy Collector"), (13, "Acolyte"),
                                         (20, "Acolyte"), (21, "Undead Food"), (39, "Undead Food")])
def test_titles_at_the_boundaries(game, left, title):
    assert title_for(game.data.raw["solo"]["titles"], left) == title
    state = new(game, 8)
    state.damage_row, state.over, state.current = [], True, None
    state.damage_row = [u for u in game.data.undead if game.data.undead[u].damage == 2][:2]
    state.stack = state.stack[:left]
    assert game.outcome(state).titles == {0: title}


def test_title_overlap_ruling_is_recorded(game):
    assert "20" in game.rule_text(S + "ruling.title_overlap")
    assert "Acolyte" in game.rule_text(S + "ruling.title_overlap")


# ---- upgrades ------------------------------------------------------------------------------------

def upgrade_ready(game, seed=9):
    state = new(game, seed)
    state.rows = [["red:10"] + state.rows[0][1:], ["blue:10"] + state.rows[1][1:]]
    state.trophies = state.stack[-3:]
    state.stack = state.stack[:-3]
    return state


def test_fourth_trophy_offers_three_upgrades_keep_one(game):
    keep_flow(game)


def keep_flow(game):
    state = upgrade_ready(game)
    top3 = state.upgrade_deck[:3]
    offered, events = game.apply(state, "P1 play a10 b10")
    assert offered.offer == top3 and offered.trophies == [] and len(offered.set_aside) == 4
    assert offered.current is None and game.to_move(offered) == (0,)
    assert game.legal_actions(offered, 0) == [bonekit.Action(0, "keep", (u.lower(),))
                                              for u in sorted(top3)]
    refused(game, offered, "P1 play a3 b3", S + "upgrade", "keep")
    other = next(u for u in sorted(upgrades()) if u not in top3)
    refused(game, offered, f"P1 keep {other}", S + "upgrade", "offered")
    kept, events = game.apply(offered, f"P1 keep {top3[1]}")
    assert kept.upgrades == [top3[1]] and sorted(kept.upgrade_discard) == sorted([top3[0], top3[2]])
    assert kept.offer == [] and kept.current is not None and kept.turn == state.turn + 1
    assert [e.kind for e in events][-1] == "reveal"
    return kept


def test_upgrade_replaces_a_row_card_and_that_row_draws_nothing(game):
    kept = keep_flow(game)
    card = kept.upgrades[0]
    v = card_value(card)
    b = max(card_value(c) for c in kept.rows[1])
    action = bonekit.Action(0, "play", (card.lower(), f"b{b}"))     # named by its id
    assert action in game.legal_actions(kept, 0)
    after, events = game.apply(kept, action)
    assert after.upgrades == [] and card in after.discard
    assert after.rows[0] == kept.rows[0] and len(after.decks[0]) == len(kept.decks[0])
    assert len(after.decks[1]) == len(kept.decks[1]) - 1 and len(after.rows[1]) == 3
    assert after.history[-1].values == (v, b) and after.history[-1].plays[0] == card
    assert f"upgrade {card} ({v})" in events[0].text
    b2 = card_value(after.rows[1][0])
    refused(game, after, f"P1 play {card.lower()} b{b2}", S + "upgrade",
            f"no kept upgrade {card}", "kept upgrades: none")


def test_two_upgrades_and_no_refill(game):
    state = new(game, 10)
    state.upgrade_deck, state.upgrades = state.upgrade_deck[2:], state.upgrade_deck[:2]
    low, high = sorted(u.lower() for u in state.upgrades)
    refused(game, state, f"P1 play {high} {low}", "bone_to_pick.upgrade.labels", "id order",
            f"P1 play {low} {high}")
    refused(game, state, f"P1 play {low} {low}", S + "turn.choose", "both rows")
    after, _ = game.apply(state, f"P1 play {low} {high}")
    assert after.rows == state.rows and after.decks == state.decks and after.upgrades == []
    assert sorted(after.history[-1].plays) == sorted(state.upgrades)


def test_upgrade_labels_name_cards_not_values(game):
    """Two kept upgrades of the same value are two cards, each with a label of its own, and
    an upgrade's label is its id whatever its value (U12 is worth 7)."""
    state = new(game, 14)
    state.upgrades = ["U12", "U26", "U27"]                  # values 7, 12, 12
    for card in state.upgrades:
        state.upgrade_deck.remove(card)
    b = card_value(state.rows[1][0])
    legal = game.legal_actions(state, 0)
    labels = {a.label for a in legal}
    assert {f"P1 play u26 b{b}", f"P1 play u27 b{b}", f"P1 play u12 b{b}"} <= labels
    ups = [a.args for a in legal if all(x.startswith("u") for x in a.args)]
    assert ups == [("u12", "u26"), ("u12", "u27"), ("u26", "u27")]   # each pair once, id order
    after, _ = game.apply(state, f"P1 play u12 b{b}")
    assert after.upgrades == ["U26", "U27"] and after.history[-1].values == (7, b)
    after, _ = game.apply(state, f"P1 play u27 b{b}")
    assert after.upgrades == ["U12", "U26"] and after.history[-1].values == (12, b)
    assert "Upgrades: u12 (7), u26 (12), u27 (12)" in game.text(state)
    refused(game, state, f"P1 play u7 b{b}", "bone_to_pick.upgrade.labels", "names no card",
            "by its id")


# ---- empty decks ---------------------------------------------------------------------------------

def test_empty_deck_stops_refilling_and_empty_row_plays_none(game):
    state = new(game, 11)
    state.discard = state.decks[0]
    state.decks[0] = []
    a = card_value(state.rows[0][0])
    after, events = game.apply(state, f"P1 play a{a} b{card_value(state.rows[1][0])}")
    assert len(after.rows[0]) == 2 and any(e.kind == "refill_none" for e in events)
    refused(game, after, "P1 play none b" + str(card_value(after.rows[1][0])),
            S + "turn.empty_decks", "still has")
    after.discard += after.rows[0]
    after.rows[0] = []
    assert all(a.args[0] in ("none",) or a.args[0].startswith("u")
               for a in game.legal_actions(after, 0))
    b = card_value(after.rows[1][0])
    done, _ = game.apply(after, f"P1 play none b{b}")
    assert done.history[-1].values == (0, b)


# ---- refusals ------------------------------------------------------------------------------------

def test_refusals_name_a_rule_and_change_nothing(game):
    state = new(game, 12)
    a0, a1 = card_value(state.rows[0][0]), card_value(state.rows[0][1])
    b0 = card_value(state.rows[1][0])
    refused(game, state, f"P1 play a{a0} a{a1}", S + "turn.choose", "same")
    refused(game, state, f"P1 play b{b0} b{b0}", S + "turn.choose", "same")
    refused(game, state, f"P1 play b{b0} a{a0}", S + "turn.choose", "deck A")
    missing = next(v for v in range(11) if v not in [card_value(c) for c in state.rows[0]])
    refused(game, state, f"P1 play a{missing} b{b0}", S + "turn.choose", "no face-up card")
    refused(game, state, f"P1 play a{a0}", S + "turn.choose", "two choices")
    refused(game, state, f"P1 play u07 b{b0}", S + "upgrade", "no kept upgrade U07")
    refused(game, state, f"P1 play u7 b{b0}", "bone_to_pick.upgrade.labels", "names no card")
    refused(game, state, "P1 keep u01", S + "upgrade", "no upgrades are on offer")
    refused(game, state, f"P2 play a{a0} b{b0}", S + "setup", "one player")
    refused(game, state, "P1 dance", S + "turn.choose", "cannot")
    refused(game, state, f"P1 play x{a0} b{b0}", S + "turn.choose", "not a choice")


def test_every_solo_rule_id_cited_is_in_the_catalog(game):
    for rule in ["setup", "turn.reveal", "turn.choose", "turn.attack", "turn.refill",
                 "turn.empty_decks", "upgrade", "end", "titles", "ruling.title_overlap",
                 "ruling.last_card", "ruling.reward_at_end"]:
        assert S + rule in game.rules


def test_view_hides_decks_stack_and_seed(game):
    state = new(game, 13)
    v = game.view(state, 0)
    assert v.decks == [["?"] * 33, ["?"] * 33] and v.stack == ["?"] * 39
    assert v.upgrade_deck == ["?"] * 32 and v.seed == 0 and v.rows == state.rows
    text = game.text(state, 0)
    assert state.decks[0][0] not in text and "seed 13" not in text and "Row A" in text


# ---- playouts ------------------------------------------------------------------------------------

def run(game, seed, bot):
    state = new(game, seed)
    labels = []
    check_invariants(game, state)
    while not game.is_over(state):
        assert len(labels) < 60
        action = bot.choose(game, state, 0)
        assert action in game.legal_actions(state, 0)
        before = copy.deepcopy(state)
        nxt, events = game.apply(state, action)
        assert state == before
        assert all(e.rule in game.rules for e in events)
        check_invariants(game, nxt)
        state = nxt
        labels.append(action.label)
    return state, labels


@pytest.mark.parametrize("bot_kind", ["random", "solo"])
def test_playouts_keep_invariants_replay_and_determinism(game, bot_kind):
    results = Counter()
    for seed in range(40):
        bot = RandomBot(seed) if bot_kind == "random" else SoloBot(seed)
        final, labels = run(game, seed, bot)
        assert game.outcome(final).titles[0] == title_for(game.data.raw["solo"]["titles"],
                                                         len(final.stack))
        results[game.outcome(final).result] += 1
        replay = Replay.from_json(Replay("bone_to_pick", 1, seed, "solo", {}, labels).to_json())
        assert game.text(replay.final_state()) == game.text(final)
        again, labels2 = run(game, seed, RandomBot(seed) if bot_kind == "random" else SoloBot(seed))
        assert labels2 == labels and again == final
    if bot_kind == "solo":
        assert results["victory"] >= 10        # the bot is a real player, not a random one
    else:
        assert results["defeat"] >= 30


def test_play_out_with_the_bot_finishes(game):
    final, actions = play_out(game, new(game, 99), SoloBot())
    assert game.is_over(final) and any(a.verb == "keep" for a in actions)


def test_solo_and_coop_are_listed_variants(game):
    assert {"solo", "coop"} <= set(game.variants)
    assert game.player_counts["solo"] == (1,) and game.player_counts["coop"] == (2, 3)
    assert new(game).variant == "solo" and game.new(3, variant="coop").variant == "coop"
    with pytest.raises(ValueError, match="unknown variant"):
        game.new(2, variant="advanced")
