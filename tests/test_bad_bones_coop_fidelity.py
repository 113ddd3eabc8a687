"""Bad Bones fidelity fixes of issue 19, each from the rulebook's words: the morning star puts
skeletons on "another space, without traps, adjacent to your hero" on either side of the board
(a tower is no trap: they reach it there); an instructor's unit does its damage member by member
at a co-op tower or the capital; a co-op loss ends the game at once; the Skeleton Emperor loses
the game on any of a board's towers whatever state it is in, ruins included."""
from __future__ import annotations

import bonekit
from bonekit.games.bad_bones.board import coords
from bonekit.games.bad_bones.state import Trap
from test_bad_bones_coop import play
from test_bad_bones_coop import put as put_token
from test_bad_bones_rules import put

GAME = bonekit.load("bad_bones")
D = GAME.data
R = "bad_bones."


def labels(state, seat=0):
    return {a.label for a in GAME.legal_actions(state, seat)}


def armed(variant, players, crowd, pair_at):
    """P1 holds the morning star; three skeletons on ``crowd`` for the hero to smash, two on
    ``pair_at`` to lift."""
    state = GAME.new(players, variant, seed=0, setup="empty")
    if variant == "coop":
        state, _ = play(state, *(f"P{s + 1} start d4" for s in range(players)))
    state.boards[0].weapon = "morning_star"
    for m in ("green-top", "red-left", "blue-right"):
        put(state, 0, crowd, "s", model=m)
    pair = [put(state, 0, pair_at, "w", model="yellow-top"), put(state, 0, pair_at, "e", model="green-left")]
    state, _ = play(state, f"P1 hero {crowd}", "P1 weapon use", f"P1 lift {pair_at}")
    return state, pair


def test_coop_morning_star_offers_the_plain_middle_square_and_the_towers_beside_the_hero():
    state, _ = armed("coop", 2, "c4", "c5")
    # beside c4: b3 b4 b5 c3 c5 d3 d4 d5; c5 is lifted; no traps on the board
    drops = {x.split()[-1] for x in labels(state) if " drop " in x}
    assert drops == {"b3", "b4", "b5", "c3", "d3", "d4", "d5"}
    dropped, _ = play(state, "P1 drop c3")   # c3 is plain ground on the co-op side
    assert all((s.r, s.c) == coords("c3") for s in dropped.boards[0].skeletons.values())


def test_coop_morning_star_onto_a_tower_fells_it_and_the_rest_stand_on_the_ruins():
    state, pair = armed("coop", 2, "c4", "c5")
    towers = state.boards[0].towers
    dropped, events = play(state, "P1 drop b4")
    b = dropped.boards[0]
    assert "b4" not in b.towers and len(b.towers) == len(towers) - 1
    first, second = sorted(pair)
    assert first in dropped.bag and (b.skeletons[second].r, b.skeletons[second].c) == coords("b4")
    assert any(e.kind == "floor" and e.rule == R + "coop.towers" for e in events)


def test_basic_morning_star_onto_the_tower_takes_a_floor_a_skeleton():
    state, pair = armed("basic", 2, "b2", "b1")
    floors = state.boards[0].floors
    assert "P1 drop c3" in labels(state)
    dropped, events = play(state, "P1 drop c3")
    assert dropped.boards[0].floors == floors - 2 and all(s in dropped.bag for s in pair)
    assert [e.kind for e in events].count("floor") == 2


# ---- a Chief Instructor's unit at the co-op capital and towers -------------------------------------
def chief(kind: str) -> int:
    return next(t for t in range(len(D.raw["chiefs"]["tokens"]) + 200)
                if t >= 15 * D.raw["copies_per_model"] and D.chief(t) is not None and D.chief(t).kind == kind)


def coop_unit(square: str, facing: str, members: list[int | None], players: int = 2):
    """A co-op game in the movement phase: a Chief Instructor on P1's ``square`` facing
    ``facing`` with ``members`` (token ids, or None for any ordinary skeleton) beside it."""
    state = GAME.new(players, "coop", seed=0, setup="empty", chiefs=True)
    state, _ = play(state, *(f"P{s + 1} start d4" for s in range(players)))
    lead = put_token(state, 0, square, facing, chief("instructor"))
    ids = [put_token(state, 0, square, facing, m) for m in members]
    labels_ = [f"P{s + 1} hero e5" for s in range(players)] + [f"P{s + 1} pass" for s in range(players)]
    state, _ = play(state, *labels_)
    return state, lead, ids


def test_a_unit_walking_into_the_capital_burns_a_house_for_each_member_and_no_bomb_is_told():
    state, lead, ids = coop_unit("b1", "n", [None, None], players=4)   # a capital of 4 houses
    assert state.capital == 4
    after, events = play(state, "P1 move b1 n")
    assert after.capital == 1 and all(t in after.bag for t in (lead, *ids))
    assert [e.kind for e in events].count("capital") == 3
    assert not any("bomb" in e.text for e in events)


def test_an_emperor_following_an_instructor_into_the_capital_loses_the_game_at_once():
    state, lead, ids = coop_unit("b1", "n", [chief("emperor")], players=3)
    after, events = play(state, "P1 move b1 n")
    out = GAME.outcome(after)
    assert after.over and out.result == "defeat" and "Emperor" in out.summary
    assert not GAME.to_move(after)


def test_a_co_op_tower_stops_the_leader_and_the_rest_of_the_unit_walks_on_over_its_ruins():
    state, lead, ids = coop_unit("b3", "n", [None, None])   # b2 holds a tower on the co-op side
    assert "b2" in state.boards[0].towers
    floors = state.boards[0].floors
    after, events = play(state, "P1 move b3 n")
    b = after.boards[0]
    assert "b2" not in b.towers and b.floors == floors - 1 and lead in after.bag
    for t in ids:   # on the ruins, turned by their arrow, flipped as having moved
        sk = b.skeletons[t]
        ruin = D.ruins["b2"].get(("b2", "n"), "n")
        assert (sk.r, sk.c, sk.facing, sk.side) == (*coords("b2"), ruin, after.token)


# ---- the Skeleton Emperor at a co-op tower, standing or fallen ----------------------------------
# The emperor's power counts every tower of a co-op board whatever state it is in, so ruins too:
# coming onto them loses the game for the team at once, where any other skeleton walks on.
def emperor_table(emperor_at: str = "a2", facing: str = "e", instructor: bool = False):
    """A two-player co-op game with the chiefs in round 1's movement phase: on P1's board an
    ordinary skeleton on c2 facing the tower on b2, and the Skeleton Emperor on ``emperor_at``
    facing ``facing`` (with a Chief Instructor beside him if ``instructor``)."""
    state = GAME.new(2, "coop", seed=0, setup="empty", chiefs=True)
    state, _ = play(state, "P1 start d4", "P2 start d4")
    felling = put_token(state, 0, "c2", "w")
    emperor = put_token(state, 0, emperor_at, facing, chief("emperor"))
    if instructor:
        put_token(state, 0, emperor_at, facing, chief("instructor"))
    state, _ = play(state, "P1 hero e5", "P2 hero e5", "P1 pass", "P2 pass")
    return state, felling, emperor


def lost_to_the_emperor(state, events) -> bool:
    out = GAME.outcome(state)
    return (state.over and out.result == "defeat" and "Emperor" in out.summary
            and not GAME.to_move(state) and any(e.rule == R + "chiefs.emperor" for e in events))


def test_the_emperor_walking_onto_a_fallen_towers_ruins_loses_the_game_at_once():
    state, _, _ = emperor_table()
    fallen, _ = play(state, "P1 move c2 w")   # the ordinary skeleton brings the b2 tower down
    assert "b2" not in fallen.boards[0].towers and not fallen.over
    after, events = play(fallen, "P1 move a2 e")
    assert lost_to_the_emperor(after, events)
    assert any("ruins" in e.text for e in events if e.rule == R + "chiefs.emperor")


def test_an_ordinary_skeleton_on_the_same_ruins_just_walks_on():
    state, felling, emperor = emperor_table()
    state, _ = play(state, "P1 move c2 w")
    other = put_token(state, 0, "a3", "e")
    sk = state.boards[0].skeletons[other]   # still to move this phase: the other side up
    state.boards[0].skeletons[other] = type(sk)(other, sk.model, *coords("a2"), "e",
                                                state.boards[0].skeletons[emperor].side)
    del state.boards[0].skeletons[emperor]
    after, _ = play(state, "P1 move a2 e")
    sk = after.boards[0].skeletons[other]
    assert not after.over and (sk.r, sk.c) == coords("b2") and sk.facing == D.ruins["b2"][("b2", "e")]


def test_the_emperor_following_an_instructor_onto_ruins_loses_the_game():
    state, _, _ = emperor_table("b3", "n", instructor=True)
    state, _ = play(state, "P1 move c2 w")
    after, events = play(state, "P1 move b3 n")   # the unit walks onto the ruins of b2 as one
    assert lost_to_the_emperor(after, events)


def test_the_emperor_chased_by_a_dragon_onto_ruins_loses_the_game():
    state, _, emperor = emperor_table("a3", "e")
    state.shared.remove("dragon")   # the team's dragon waits on b3, beside the b2 tower
    state.boards[0].traps = {**state.boards[0].traps, "b3": Trap("dragon", False)}
    state, _ = play(state, "P1 move c2 w", "P1 move a3 e")
    assert "P1 repel b2" in labels(state) and not state.over
    after, events = play(state, "P1 repel b2")
    assert lost_to_the_emperor(after, events)


def ruin(state, seat: int, sq: str) -> None:
    """Bring down ``seat``'s tower on ``sq`` by hand: its ruins and their arrows remain."""
    b = state.boards[seat]
    b.towers = tuple(t for t in b.towers if t != sq)
    b.floors = len(b.towers)
    b.arrows = {**b.arrows, **D.ruins[sq]}


def test_the_emperor_dropped_on_ruins_by_the_morning_star_loses_the_game():
    state = GAME.new(2, "coop", seed=0, setup="empty", chiefs=True)
    state, _ = play(state, "P1 start d4", "P2 start d4")
    state.boards[0].weapon = "morning_star"
    ruin(state, 0, "b4")
    for _ in range(3):
        put_token(state, 0, "c4", "s")
    put_token(state, 0, "c5", "w", chief("emperor"))
    state, _ = play(state, "P1 hero c4", "P1 weapon use", "P1 lift c5")
    assert "P1 drop b4" in labels(state)
    after, events = play(state, "P1 drop b4")
    assert lost_to_the_emperor(after, events)


def test_a_barricade_on_the_ruins_still_keeps_the_emperor_off():
    state, _, emperor = emperor_table()
    ruin(state, 0, "b2")
    state.boards[0].traps = {**state.boards[0].traps, "b2": Trap("barricade", False)}
    after, _ = play(state, "P1 move a2 e")
    sk = after.boards[0].skeletons[emperor]
    assert not after.over and (sk.r, sk.c) == coords("a2")
