"""Bad Bones co-op table talk (bad_bones.coop.talk): a player suggests a trap decision to a
teammate. A suggestion binds nobody, changes nothing on the boards, is refused with a reason
and a rule like any action, and shows on the text board, the picture and at the Table."""
from __future__ import annotations

import random

import pytest

import bonekit
from bonekit import RandomBot, Replay
from bonekit.core.errors import IllegalAction
from bonekit.games.bad_bones import talk
from bonekit.games.bad_bones.bots import CoopBot
from bonekit.widgets import Table, render

GAME = bonekit.load("bad_bones")
RULE = "bad_bones.coop.talk"


def trap_phase(players=3, seed=1, variant="coop", **options):
    """Round 1's trap phase of a co-op game (every hero on its first tower, then one step)."""
    state = GAME.new(players, variant, seed=seed, **options)
    while state.phase != "traps":
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    return state


def refused(state, label, rule):
    before = state.copy()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, label)
    assert err.value.rule == rule, err.value
    assert state == before
    return str(err.value)


def boards_and_turns(state):
    return state.boards, state.shared, state.done, GAME.to_move(state), state.phase


def test_a_suggestion_is_recorded_and_changes_nothing_else():
    state = trap_phase()
    after, events = GAME.apply(state, "P2 suggest p1 place wall b3 /")
    assert boards_and_turns(after) == boards_and_turns(state)
    assert after.talk == ((1, 0, GAME.parse_action(state, "P1 place wall b3 /")),)
    assert [e.rule for e in events] == [RULE]
    assert "P2 suggests that P1 put the wall on b3 (/)" in events[0].text
    assert "nobody is bound" in events[0].text


def test_a_newer_suggestion_replaces_the_older_one_from_the_same_player():
    state = trap_phase()
    state, _ = GAME.apply(state, "P2 suggest p1 place wall b3 /")
    state, _ = GAME.apply(state, "P3 suggest p1 place dragon c3")
    state, _ = GAME.apply(state, "P2 suggest p1 pass")
    said = [(by, to, a.label) for by, to, a in state.talk]
    assert said == [(2, 0, "P1 place dragon c3"), (1, 0, "P1 pass")]


def test_the_receiver_may_do_something_else_and_then_the_suggestions_are_spent():
    state = trap_phase()
    state, _ = GAME.apply(state, "P2 suggest p1 place wall b3 /")
    state, _ = GAME.apply(state, "P2 suggest p3 pass")
    state, _ = GAME.apply(state, "P1 place catapult c3")       # not what P2 suggested: allowed
    assert state.boards[0].traps["c3"].kind == "catapult" and "b3" not in state.boards[0].traps
    assert [to for _, to, _ in state.talk] == [2]                # P3's suggestion still stands
    state, _ = GAME.apply(state, "P2 pass")
    state, _ = GAME.apply(state, "P3 pass")
    assert state.phase == "move" and state.talk == ()


def test_a_player_who_has_decided_may_still_talk():
    state = trap_phase()
    state, _ = GAME.apply(state, "P2 pass")
    assert 1 not in GAME.to_move(state)
    state, events = GAME.apply(state, "P2 suggest p1 place treasure c3")
    assert events[0].rule == RULE and 1 not in GAME.to_move(state)


def test_suggestions_are_refused_with_a_reason_and_the_rule():
    state = trap_phase()
    assert "co-op" in refused(trap_phase(variant="basic"), "P2 suggest p1 pass", RULE)
    assert "just do it" in refused(state, "P2 suggest p2 pass", RULE)
    assert "no P9" in refused(state, "P2 suggest p9 pass", RULE)
    assert "trap decision" in refused(state, "P2 suggest p1 hero b2", RULE)
    assert "trap decision" in refused(state, "P2 suggest", RULE)
    # an impossible trap decision is refused with the rule the receiver would break
    text = refused(state, "P2 suggest p1 place wall b3", "bad_bones.traps.wall")
    assert text.startswith("P1 could not do that: a wall needs its orientation")
    refused(state, "P2 suggest p1 place wall b2 /", "bad_bones.phase.traps.place")   # a tower
    decided, _ = GAME.apply(state, "P1 pass")
    assert "already made" in refused(decided, "P2 suggest p1 pass", RULE)
    hero = GAME.new(3, "coop", seed=1)
    hero = GAME.apply(GAME.apply(GAME.apply(hero, "P1 start b2")[0], "P2 start b2")[0], "P3 start b2")[0]
    assert "trap phase" in refused(hero, "P2 suggest p1 pass", RULE)


def test_talk_actions_are_exactly_the_receivers_legal_decisions():
    state = trap_phase()
    offered = GAME.talk_actions(state, 1)
    expected = {(t, a) for t in (0, 2) for a in GAME.legal_actions(state, t)}
    assert {(talk.suggested(a).seat, talk.suggested(a)) for a in offered} == expected
    assert all(GAME.is_legal(state, a) for a in offered)
    assert not any(a.verb == "suggest" for a in GAME.legal_actions(state, 1))   # never owed
    assert GAME.talk_actions(state, 1, to=0) == [a for a in offered if a.args[0] == "p1"]
    assert GAME.talk_actions(trap_phase(variant="basic"), 1) == []


def test_a_suggestion_that_became_impossible_is_no_longer_shown():
    state = trap_phase()
    state, _ = GAME.apply(state, "P2 suggest p1 place treasure c3")
    assert talk.heard(state, 0)
    state, _ = GAME.apply(state, "P3 place treasure c3")     # the team's only treasure is gone
    assert state.talk and talk.heard(state, 0) == []
    assert "suggested" not in GAME.text(state)


def test_games_with_talk_replay_and_the_fast_path_agrees():
    rng, pick = RandomBot(4), random.Random(4)
    state, labels = GAME.new(3, "coop", seed=2), []
    fast = GAME.copy_state(state)
    while GAME.to_move(state) and state.round <= 3:
        if state.phase == "traps":   # everyone who may talks once, at random, before deciding
            for seat in range(3):
                options = GAME.talk_actions(state, seat)
                if options:
                    a = pick.choice(options)
                    state, _ = GAME.apply(state, a)
                    GAME.step_fast(fast, a)
                    labels.append(a.label)
                    assert fast == state
        seat = GAME.to_move(state)[0]
        a = rng.choose(GAME, state, seat)
        state, _ = GAME.apply(state, a)
        GAME.step_fast(fast, a)
        labels.append(a.label)
        assert fast == state
    assert any(" suggest " in x for x in labels)
    replay = Replay.from_json(Replay("bad_bones", 3, 2, variant="coop", actions=labels).to_json())
    assert GAME.text(replay.final_state()) == GAME.text(state)


def test_the_text_board_and_the_picture_show_the_suggestions():
    state = trap_phase()
    state, _ = GAME.apply(state, "P2 suggest p1 place wall b3 /")
    state, _ = GAME.apply(state, "P3 suggest p1 pass")
    assert "suggested: by P2, put the wall on b3 (/); by P3, pass" in GAME.text(state)
    scene = render(GAME, state, 0, 0)
    svg = scene.to_svg()
    assert "P2?" in svg and "suggested: P2 wall b3 /, P3 pass" in svg
    assert "a trap a teammate suggests" in svg                         # the key explains it
    assert "P2 suggests: put the wall on b3 (/)" in scene.description
    plain = render(GAME, trap_phase(), 0, 0).to_svg()
    assert "P2?" not in plain and "a teammate suggests" not in plain


def test_with_a_trap_picked_a_teammate_s_board_takes_suggestions_by_click():
    state = trap_phase()
    scene = render(GAME, state, 0, 0, "place dragon")
    targets = {h.target for h in scene.hits}
    assert "P1 place dragon c3" in targets
    assert {"P1 suggest p2 place dragon c3", "P1 suggest p3 place dragon c3"} <= targets
    decided, _ = GAME.apply(state, "P2 pass")
    targets = {h.target for h in render(GAME, decided, 0, 0, "place dragon").hits}
    assert not any(t.startswith("P1 suggest p2") for t in targets)


def test_a_human_suggests_by_clicks_at_the_table_and_a_wrong_one_is_explained():
    table = Table(GAME, ["human", "human", "human"], variant="coop", seed=1)
    for label in ("P1 start b2", "P2 start b2", "P3 start b2", "P1 hero a1", "P2 hero a1", "P3 hero a1"):
        assert table.act(label)
    table.selection = "place wall /"
    table._refresh("")
    hit = next(h for h in table.current_scene().hits if h.target == "P1 suggest p2 place wall c3 /")
    table.click(hit.x + hit.w / 2, hit.y + hit.h / 2)
    assert table.state.talk and table.actions[-1] == "P1 suggest p2 place wall c3 /"
    assert "P1 suggests that P2 put the wall on c3" in table.status.value
    assert not table.act("P1 suggest p2 place wall d2 /")
    assert "could not do that" in table.status.value and "bad_bones.phase.traps.place" in table.status.value


# ---- bots at the co-op table ---------------------------------------------------------------
def threatened():
    """Two players in round 1's trap phase; a skeleton in P1's left forest (left-2) faces
    east, two steps from the tower on b2."""
    from bonekit.games.bad_bones import Skeleton
    from bonekit.games.bad_bones.board import coords

    state = GAME.new(2, "coop", seed=0, setup="empty")
    for label in ("P1 start d4", "P2 start d4", "P1 hero e5", "P2 hero e5"):
        state, _ = GAME.apply(state, label)
    state = GAME.copy_state(state)
    token = state.bag.pop(0)
    r, c = coords("left-2")
    state.boards[0].skeletons[token] = Skeleton(token, GAME.data.model_of(token).name, r, c, "e", state.token)
    return state


def test_a_coop_bot_suggests_what_it_would_do_in_the_teammate_s_place():
    state = threatened()
    assert CoopBot(1).suggest(GAME, state, 1, 0).label == "P2 suggest p1 place wall a2 \\"
    assert CoopBot(0).choose(GAME, state, 0).label == "P1 place wall a2 \\"
    decided, _ = GAME.apply(state, "P1 pass")
    assert CoopBot(1).suggest(GAME, decided, 1, 0) is None        # P1 has nothing left to decide
    assert CoopBot(1).suggest(GAME, trap_phase(variant="basic"), 1, 0) is None


def test_a_coop_bot_follows_a_fair_suggestion_and_not_a_harmful_one():
    state = threatened()
    # the treasure on a1 draws the skeleton off its path: a little worse than the wall by the
    # bot's forecast, within advice.HEED, so it is followed
    fair, _ = GAME.apply(state, "P2 suggest p1 place treasure a1")
    assert CoopBot(0).choose(GAME, fair, 0).label == "P1 place treasure a1"
    # the catapult on a2 throws the skeleton on to P2: the team still has to face it
    harmful, _ = GAME.apply(state, "P2 suggest p1 place catapult a2")
    assert CoopBot(0).choose(GAME, harmful, 0).label == "P1 place wall a2 \\"


def test_asking_a_coop_bot_for_advice_never_changes_its_own_play():
    def game(ask):
        state, bots, mine = GAME.new(3, "coop", seed=4), {s: CoopBot(s) for s in range(3)}, []
        while GAME.to_move(state) and state.round <= 4:
            seat = GAME.to_move(state)[0]
            if ask and state.phase == "traps":
                bots[1].suggest(GAME, state, 1, 0)   # asked, but the suggestion is not made
            action = bots[seat].choose(GAME, state, seat)
            mine.append(action.label)
            state, _ = GAME.apply(state, action)
        return mine

    assert game(ask=True) == game(ask=False)


def test_at_the_table_the_human_asks_the_bot_teammates_for_advice():
    table = Table(GAME, ["human", "coop", "coop"], variant="coop", seed=7)
    assert table.act("P1 start b2")
    hero = next(a for a in GAME.legal_actions(table.state, 0))
    assert table.act(hero)
    assert table.state.phase == "traps" and table.advisers() == [1, 2]
    assert any(b.description == "ask your teammates" for b in table.buttons.children)
    said = table.ask()
    assert [label.split()[:3] for label in said] == [["P2", "suggest", "p1"], ["P3", "suggest", "p1"]]
    assert [by for by, _ in talk.heard(table.state, 0)] == [1, 2]
    assert "P2 suggests that P1" in table.status.value
    assert table.actions[-2:] == said                             # recorded: the replay has them
    assert Replay.from_json(table.replay.to_json()).final_state() == table.state
    # a suggestion from the human to a bot waits for the bot's turn, which comes after the human's
    assert table.act("P1 suggest p2 pass") and 1 in GAME.to_move(table.state)
    assert table.act("P1 pass")
    assert table.state.phase != "traps" or not GAME.to_move(table.state)
