"""Bad Bones: CoopBot, the team's bot for the co-op game (bots.py). Staged boards where it plays
for the team where GuardBot plays for its own board (the last trap of a kind, the weight of a
board's last towers, where a skeleton is sent), its determinism, and that outside the co-op game
it is GuardBot move for move."""
from __future__ import annotations

import pytest

import bonekit
from bonekit.games.bad_bones import GuardBot, Skeleton, Trap
from bonekit.games.bad_bones.board import coords
from bonekit.games.bad_bones.bots import CAPITAL_LOSS, HOUSE_LOSS, TOWER_LOSS, CoopBot, _team_loss

GAME = bonekit.load("bad_bones")
D = GAME.data


def started(players: int, hero: str = "d4"):
    """A co-op table with no skeletons, every hero on ``hero``, in round 1's hero phase."""
    state = GAME.new(players, "coop", seed=0, setup="empty")
    for s in range(players):
        state, _ = GAME.apply(state, f"P{s + 1} start {hero}")
    return state


def put(state, seat: int, sq: str, facing: str, token: int | None = None) -> int:
    token = next(iter(state.bag)) if token is None else token
    state.bag.remove(token)
    r, c = coords(sq)
    state.boards[seat].skeletons[token] = Skeleton(token, D.model_of(token).name, r, c, facing, state.token)
    return token


def play(state, *labels):
    for label in labels:
        state, _ = GAME.apply(state, label)
    return state


def ruin(state, seat: int, *fallen: str) -> None:
    """Take ``fallen`` off ``seat``'s standing towers (no ruins' arrows: a staging shortcut)."""
    b = state.boards[seat]
    b.towers = tuple(t for t in b.towers if t not in fallen)
    b.floors = len(b.towers)


# ---- the team's weights --------------------------------------------------------------------------------
def test_a_board_s_last_towers_and_the_capital_s_houses_weigh_more_and_more():
    spare, second_last, last = (_team_loss((n, n - 1), (4, 4)) for n in (4, 2, 1))
    assert spare == TOWER_LOSS[3] < second_last < last
    assert _team_loss((4, 2), (4, 4)) == TOWER_LOSS[3] + TOWER_LOSS[2]
    assert _team_loss((4, 4), (5, 4)) == HOUSE_LOSS > TOWER_LOSS[3]
    assert _team_loss((4, 4), (3, 1)) == HOUSE_LOSS + CAPITAL_LOSS[1]
    assert _team_loss((4, 4), (1, 0)) == CAPITAL_LOSS[0] and _team_loss((3, 3), (2, 2)) == 0


def test_the_last_wall_goes_to_the_board_with_one_tower_left():
    """Both boards have a skeleton two steps from the tower on b4; P2 has no other tower."""
    state = started(2)
    state.shared = ["wall"]
    put(state, 0, "bottom-b", "n")
    put(state, 1, "bottom-b", "n")
    ruin(state, 1, "b2", "d2", "d4")
    state = play(state, "P1 hero e5", "P2 hero e5")
    alone = GuardBot(1).choose(GAME, state, 0)       # for its own board, P1 takes the wall
    assert alone.verb == "place" and alone.args[0] == "wall", alone
    p1 = CoopBot(1).choose(GAME, state, 0)
    assert not (p1.verb == "place" and p1.args[0] == "wall"), p1
    state = play(state, p1.label)
    p2 = CoopBot(2).choose(GAME, state, 1)
    assert p2.verb == "place" and p2.args[0] == "wall", p2
    final = play(state, p2.label, "P1 move-all", "P2 move-all")
    assert final.boards[1].towers == ("b4",) and not final.over, "the wall keeps P2's last tower standing"


def test_a_tower_weighs_more_on_a_board_with_fewer_towers():
    """The same threat to a spare tower and to a second-last one: CoopBot, thinking for the team,
    sees the second-last cost more, where GuardBot counts a tower as a tower."""
    state = started(2)
    put(state, 0, "bottom-b", "n")
    put(state, 1, "bottom-b", "n")
    ruin(state, 1, "d2", "d4")
    state = play(state, "P1 hero e5", "P2 hero e5")
    bot = CoopBot(0)
    idle = [(bot._scored(GAME, state, s, [a for a in GAME.legal_actions(state, s) if a.verb == "pass"]))[0][0]
            for s in (0, 1)]
    assert idle[0] == TOWER_LOSS[3] and idle[1] == TOWER_LOSS[1] and idle[1] > idle[0]


def _bound_for_b4(state) -> int:
    """A token in the bag whose co-op forest spot is below b5: it enters on b5, then hits b4."""
    return next(t for t in sorted(state.bag) if D.coop_spot(t) == (5, 1, "n"))


def test_a_sent_skeleton_goes_where_it_does_least_harm():
    """P2 has fewer towers, but a wall on b5 turns the skeleton away as it comes in; on P3's
    board it would walk into the tower on b4. GuardBot sends it to the most towers (P3)."""
    state = started(3)
    token = _bound_for_b4(state)
    put(state, 0, "a5", "s", token)
    state.bag = []   # no new skeletons: only this one can bring a tower down
    ruin(state, 1, "d2")
    state.shared.remove("wall")
    state.boards[1].traps["b5"] = Trap("wall", orientation="/")
    state = play(state, "P1 hero e5", "P2 hero e5", "P3 hero e5", "P1 pass", "P2 pass", "P3 pass",
                 "P1 move a5 s")
    sends = GAME.legal_actions(state, 0)
    assert {a.label for a in sends} == {"P1 send p2", "P1 send p3"}
    assert GuardBot(0).choose(GAME, state, 0).label == "P1 send p3"
    bot = CoopBot(0)
    harm = {a.args[0]: bot._send_cost(GAME, state, 0, a) for a in sends}
    assert harm == {"p2": 0, "p3": TOWER_LOSS[3]}
    assert bot.choose(GAME, state, 0).label == "P1 send p2"
    # played out for two rounds, the heroes out of the way: it costs P3 a tower, P2 none
    for target, fallen in ((1, ()), (2, ("b4",))):
        after = play(state, f"P1 send p{target + 1}")
        assert after.round == 2 and token in after.boards[target].skeletons
        for hero in ("d5", "e5"):
            after = play(after, *(f"P{s + 1} hero {hero}" for s in range(3)),
                         *(f"P{s + 1} pass" for s in range(3)))
            while after.phase == "move":   # a board with nothing left to move is done at once
                after = play(after, f"P{GAME.to_move(after)[0] + 1} move-all")
        assert set(state.boards[target].towers) - set(after.boards[target].towers) == set(fallen)


def test_a_skeleton_kept_off_a_teammate_s_board_counts():
    """Sending a skeleton on to a teammate is a cost for the team, so a move that pushes one
    there scores worse than one that destroys it."""
    state = started(2)
    put(state, 0, "a3", "w")   # one step from the left forest: it would go to P2
    state = play(state, "P1 hero e5", "P2 hero e5")
    bot = CoopBot(0)
    (cost, _, _), = bot._scored(GAME, state, 0, [a for a in GAME.legal_actions(state, 0) if a.verb == "pass"])
    assert cost == bot.export_weight
    guard = GuardBot(0)
    after = state.successor()
    GAME.step_fast(after, next(a for a in GAME.legal_actions(state, 0) if a.verb == "pass"))
    assert guard._cost(GAME, state, after, 0) == 0      # GuardBot is glad to see it go


# ---- determinism and GuardBot outside the co-op game ------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 3), (4, 1), (5, 7)])
def test_co_op_bot_games_are_deterministic(players, seed):
    runs = []
    for _ in range(2):
        actions: list = []
        final, n = GAME.playout(GAME.new(players, "coop", seed=seed), {i: CoopBot(i) for i in range(players)},
                                actions=actions)
        runs.append((final.ended, final.round, n, [a.label for a in actions]))
    assert runs[0] == runs[1] and runs[0][0] in ("rounds", "defeat")


def test_co_op_bots_play_the_advanced_co_op_game_to_the_end():
    final, _ = GAME.playout(GAME.new(3, "coop", seed=2, advanced=True), {i: CoopBot(i) for i in range(3)})
    assert final.over and GAME.outcome(final) is not None


@pytest.mark.parametrize("players,variant,seed", [(1, "solo", 0), (2, "basic", 1), (3, "basic", 4),
                                                  (2, "advanced", 5)])
def test_outside_the_co_op_game_coop_bot_is_guard_bot(players, variant, seed):
    logs = []
    for bot in (GuardBot, CoopBot):
        actions: list = []
        GAME.playout(GAME.new(players, variant, seed=seed), {i: bot(i) for i in range(players)},
                     actions=actions)
        logs.append([a.label for a in actions])
    assert logs[0] == logs[1] and logs[0]
