"""The benchmark's tools: the deep-size walker behind its memory rows, and a one-game run of
benchmarks/speed.py so the command keeps working (figures are printed, never asserted)."""
from __future__ import annotations

import subprocess
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import bonekit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from deep_size import deep_size  # noqa: E402 - benchmarks/ is not a package


@dataclass
class Board:
    cells: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Seat:
    name: str
    board: Board


def test_shared_parts_are_counted_once():
    board = Board(["x" * 1000])
    one = deep_size([Seat("a", board)])
    two = deep_size([[Seat("a", board), Seat("b", board)]])
    apart = deep_size([[Seat("a", board), Seat("b", Board(["y" * 1000]))]])
    assert one > 1000                       # the 1000-character string is inside the board
    assert two - one < 300                  # the second seat adds its own small object, not the board
    assert apart - two > 1000               # a board of its own is counted in full


def test_walks_slots_dicts_tuples_sets_and_cycles():
    big = "z" * 5000
    for holder in ({"k": big}, {big: 1}, (big,), {big}, frozenset([big]), Seat(big, Board()),
                   MappingProxyType({"k": big}), deque([big])):
        assert deep_size([holder]) > 5000, type(holder)
    loop: list = []
    loop.append(loop)
    assert 0 < deep_size([loop]) < 200


def test_exclude_and_seen_leave_out_what_was_counted():
    table = ["t" * 4000]
    state = {"table": table, "mine": "m" * 1000}
    assert deep_size([state]) > 5000
    assert 1000 < deep_size([state], exclude=[table]) < 2000
    seen: set[int] = set()
    deep_size([table], seen=seen)
    assert deep_size([state], seen=seen) < 2000   # the table is already counted


def test_a_timeline_shares_nothing_it_need_not():
    # A game's states are counted as the Stepper keeps them: one deep copy each, unless the
    # engine shares unchanged parts. Either way the walk of the whole timeline is at most the
    # sum of its states walked alone, and at least the largest one.
    game = bonekit.load("bone_to_pick")
    state = game.new(3, seed=1)
    states = [state]
    bots = {s: bonekit.RandomBot(s) for s in range(3)}
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, bots[seat].choose(game, state, seat))
        states.append(state)
    alone = [deep_size([s], exclude=[game]) for s in states]
    together = deep_size([states], exclude=[game])
    assert max(alone) <= together <= sum(alone) + sys.getsizeof(states)


def test_the_speed_benchmark_runs_and_prints_its_targets():
    command = [sys.executable, str(ROOT / "benchmarks" / "speed.py"), "--games", "1", "--repeats", "1",
               "--mode", "base 2p", "--memory-games", "1", "--ttt-seconds", "0.05"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "base 2p" in out and "apply · random" in out and "playout · careful" in out
    assert "Targets (issue 10)" in out and "import bonekit" in out and "Memory" in out
    assert "failed" not in out, out


def test_the_co_op_bot_benchmark_runs_and_prints_its_table():
    command = [sys.executable, str(ROOT / "benchmarks" / "coop_bots.py"), "2", "--players", "2", "3"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = [line.split("|") for line in done.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert [int(r[0]) for r in rows] == [2, 3]
    for row in rows:   # each team's wins are a count out of 2 games, its rounds at most 10
        guard, coop = row[1].split(), row[2].split()
        assert all(0 <= int(w) <= 2 and 1 <= float(r) <= 10 for w, r, _ in (guard, coop))


def test_the_bone_wars_economy_benchmark_prints_each_figure_beside_its_target():
    command = [sys.executable, str(ROOT / "benchmarks" / "bone_wars_economy.py"), "2", "--players", "2",
               "--workers", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "2 games of 2 players" in done.stdout
    assert "Planner vs ScholarBot, 2 games of 2 players" in done.stdout
    assert "Planner vs Theodore (expert), 2 games" in done.stdout
    verdicts = [line.split()[0] for line in done.stdout.splitlines() if "target" in line]
    # six economy figures, the planner against the scholars, and against both Theodores
    assert len(verdicts) == 9 and set(verdicts) <= {"met", "MISS"}
