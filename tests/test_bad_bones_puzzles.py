"""The trap lab's puzzles (bonekit.games.bad_bones.puzzles): every puzzle is solvable, its
starting attempt is not, and the checker explains illegal or failing placements."""
from __future__ import annotations

import itertools

import pytest

import bonekit
from bonekit.games.bad_bones.board import TRAP_KINDS, square
from bonekit.games.bad_bones.puzzles import GOALS, PUZZLES, check, flee, place, run, setup, trace
from bonekit.games.bad_bones.sandbox import lab_state

GAME = bonekit.load("bad_bones")
SQUARES = [square(r, c) for r in range(5) for c in range(5) if square(r, c) != "c3"]


def options(kind):
    if kind == "wall":
        return [("wall", sq, o) for sq in SQUARES for o in ("/", "\\")]
    return [(kind, sq) for sq in SQUARES]


def all_attempts(puzzle):
    """Every legal way to place exactly the allowed traps (at most one of each here)."""
    kinds = [k for k, n in puzzle.allowed.items() for _ in range(n)]
    seen = set()
    for combo in itertools.product(*(options(k) for k in kinds)):
        key = tuple(sorted(combo))
        if key in seen or len({p[1] for p in combo}) < len(combo):
            continue
        seen.add(key)
        yield list(combo)


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_the_known_solution_solves_the_puzzle(pid):
    solved, message = check(PUZZLES[pid], PUZZLES[pid].solution)
    assert solved, message
    assert message.startswith("Solved!")


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_the_starter_and_the_empty_board_fail_with_a_reason(pid):
    puzzle = PUZZLES[pid]
    for attempt in (puzzle.starter, []):
        solved, message = check(puzzle, attempt)
        assert not solved
        assert message.startswith("Not yet:")


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_puzzle_data_is_consistent(pid):
    puzzle = PUZZLES[pid]
    assert puzzle.id == pid and puzzle.goal in GOALS and puzzle.phases >= 1
    assert puzzle.teaches and all(rule in GAME.rules for rule in puzzle.teaches)
    supply = GAME.data.starting_supply()
    assert all(kind in TRAP_KINDS and 1 <= n <= supply.count(kind) for kind, n in puzzle.allowed.items())
    assert puzzle.title and puzzle.task and puzzle.hint


def test_placements_may_be_lists_and_the_check_is_repeatable():
    puzzle = PUZZLES["shield"]
    as_lists = [list(p) for p in puzzle.solution]
    assert check(puzzle, as_lists) == check(puzzle, puzzle.solution)
    assert check(puzzle, puzzle.starter) == check(puzzle, puzzle.starter)


def test_the_puzzles_start_boards_are_untouched_by_checking():
    puzzle = PUZZLES["dragon"]
    before = GAME.text(puzzle.start())
    check(puzzle, puzzle.solution)
    assert GAME.text(puzzle.start()) == before


@pytest.mark.parametrize("pid, count", [("clear", 1), ("bait", 1), ("dragon", 2)])
def test_the_puzzles_have_few_solutions(pid, count):
    # The lab notebook's worked solutions say how many there are.
    puzzle = PUZZLES[pid]
    solutions = [a for a in all_attempts(puzzle) if check(puzzle, a)[0]]
    assert sorted(map(tuple, puzzle.solution)) in [sorted(map(tuple, s)) for s in solutions]
    assert len(solutions) == count


def test_shield_has_four_solutions_all_with_a_wall_on_b3():
    puzzle = PUZZLES["shield"]
    solutions = [a for a in all_attempts(puzzle) if check(puzzle, a)[0]]
    assert len(solutions) == 4
    assert all(("wall", "b3", "/") in s for s in solutions)


@pytest.mark.parametrize("pid", ["shield", "clear", "dragon"])
def test_one_trap_alone_is_not_enough(pid):
    puzzle = PUZZLES[pid]
    for kind in puzzle.allowed:
        for placement in options(kind):
            assert not check(puzzle, [placement])[0], placement


@pytest.mark.parametrize("attempt, words", [
    ([("wall", "b3")], "needs its direction"),
    ([("wall", "b3", "|")], "needs its direction"),
    ([("bomb", "b3")], "no trap called 'bomb'"),
    ([("wall", "b3", "/"), ("wall", "c1", "/"), ("wall", "d1", "/")], "2 walls, no more"),
    ([("catapult", "b4")], "gives you no catapult; you may place 2 walls"),
    ([("wall", "c3", "/")], "tower"),
    ([("wall", "top-c", "/")], "forest"),
    ([("wall", "f9", "/")], "not a square"),
    ([("wall", "b1", "/")], "only the dragon may land"),
    ([("wall", "b3", "/"), ("wall", "b3", "\\")], "already holds a trap"),
    ("wall b3 /", "must be a list"),
    ([("wall",)], "is not a placement"),
])
def test_illegal_placements_are_explained(attempt, words):
    solved, message = check(PUZZLES["shield"], attempt)
    assert not solved
    assert message.startswith("Not a legal set of traps:") and words in message
    with pytest.raises(ValueError):
        setup(PUZZLES["shield"], attempt)


def test_a_non_wall_trap_takes_no_direction():
    solved, message = check(PUZZLES["bait"], [("treasure", "c4", "/")])
    assert not solved and "only a wall has a direction" in message


def test_the_dragon_may_land_on_the_pack_and_it_flees_at_once():
    puzzle = PUZZLES["dragon"]
    state, events = setup(puzzle, [("dragon", "b3")])
    assert [e.kind for e in events].count("repel") == 3
    assert state.boards[0].traps["b3"].damaged            # flipped at once
    assert all((s.r, s.c) != (2, 1) for s in state.boards[0].skeletons.values())
    assert state.boards[0].floors == 4


def test_place_works_on_any_lab_board_and_leaves_it_unchanged():
    crowd = lab_state(skeletons=[("c4", "s"), ("d5", "w"), ("e4", "s")])
    before = GAME.text(crowd)
    lured, events = place(crowd, [("treasure", "d4")])
    assert GAME.text(crowd) == before
    assert [e.kind for e in events] == ["place", "lure", "lure", "lure"]
    assert sorted(s.facing for s in lured.boards[0].skeletons.values()) == ["e", "n", "w"]
    with pytest.raises(ValueError):
        place(lured, [("treasure", "b2")])                # the only treasure is on the board


def test_flee_never_picks_the_tower_when_the_hero_stands_on_it():
    state = lab_state(skeletons=[("a3", "e")], traps=[("dragon", "b3")])
    assert state.boards[0].hero == "c3"
    assert flee(state, "b3") != "c3"
    assert flee(state, "a1") in ("top-a", "left-1")      # a forest beats every square


def test_failure_messages_name_the_phase_the_skeleton_and_the_rule():
    solved, message = check(PUZZLES["dragon"], [("wall", "d2", "/")])
    assert not solved
    assert "movement phase 1" in message and "started at b3" in message
    assert message.endswith("[rule bad_bones.whatif.tower]")
    solved, message = check(PUZZLES["bait"], [])
    assert "village" in message and message.endswith("[rule bad_bones.whatif.village]")
    solved, message = check(PUZZLES["bait"], [("treasure", "c5")])
    assert "nothing was lost" in message and "still around" in message


def test_trace_follows_every_skeleton():
    puzzle = PUZZLES["clear"]
    start, frames = run(puzzle, puzzle.solution)
    assert trace(start, frames, puzzle.start()).splitlines() == [
        "start     phase 1   phase 2   phase 3",
        "top-b ↓   b1 ↓      b2 ↓      catapult",
        "left-3 →  a3 →      catapult",
        "right-3 ← e2 ↑      e1 ↑      forest",
    ]
    puzzle = PUZZLES["bait"]
    start, frames = run(puzzle, puzzle.solution)
    lines = trace(start, frames, puzzle.start()).splitlines()
    assert lines[0].split() == ["start", "placed", "phase", "1", "phase", "2", "phase", "3", "phase", "4"]
    assert lines[1].split()[:4] == ["b4", "↓", "b4", "→"]
