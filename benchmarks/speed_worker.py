"""The speed benchmark's worker: a process that measures the bonekit found on its sys.path.

benchmarks/speed.py starts one per checkout it measures (``PYTHONPATH=<checkout>``) and
sends it one JSON request per line on stdin ({"op": "run", ...}); each reply is one JSON
line on stdout: {"ok": result} or {"error": traceback}. Only the public API is used
(``game.new``, ``apply``, ``playout``, ``game.bots``, ``Replay``), so an older checkout
can be measured by the same code.
"""
from __future__ import annotations

import gc
import json
import random
import sys
import time
import traceback
import tracemalloc
from pathlib import Path
from typing import Any

from deep_size import MB, deep_size
from speed_modes import Mode


class Bench:
    """The measurements, made inside a worker process."""

    def __init__(self) -> None:
        import bonekit

        self.bonekit = bonekit
        self.warm: set[tuple[str, ...]] = set()

    def hello(self) -> dict:
        return {"bonekit": str(Path(self.bonekit.__file__).parent.parent),
                "version": self.bonekit.__version__, "python": sys.version.split()[0]}

    def knows(self, mode: Mode) -> bool:
        """Whether this checkout has ``mode`` at all (a baseline predates newer games and
        variants: their rows are marked new rather than failed)."""
        try:
            game = self.bonekit.load(mode.game)
            game.new(mode.players, variant=mode.variant, seed=0, **mode.options)
        except Exception:  # noqa: BLE001 - any refusal means the checkout cannot play it
            return False
        return True

    def bots(self, game: Any, mode: Mode, kind: str, seed: int) -> dict[int, Any]:
        """One bot per seat, seeded from the game's seed (as a Table and simulate() do)."""
        cls = self.bonekit.RandomBot if kind == "random" else game.bots[mode.bot]
        return {s: cls(seed * 100 + s) for s in range(mode.players)}

    def play(self, mode: Mode, path: str, kind: str, seed: int, labels: list[str] | None = None) -> int:
        """One whole game from ``game.new``; returns its number of actions. ``labels``, if
        given, collects the action labels (the checked loop only)."""
        game = self.bonekit.load(mode.game)
        state = game.new(mode.players, variant=mode.variant, seed=seed, **mode.options)
        bots = self.bots(game, mode, kind, seed)
        if path == "playout":
            return game.playout(state, bots)[1]
        actions = 0
        while True:
            owing = game.to_move(state)
            if not owing:
                return actions
            seat = owing[0]
            action = bots[seat].choose(game, state, seat)
            if labels is not None:
                labels.append(action.label)
            state, _ = game.apply(state, action)
            actions += 1

    def run(self, mode: Mode, path: str, kind: str, seconds: float, games: int, min_games: int) -> dict:
        """Games from seeds 0, 1, ... for ``seconds`` (at least ``min_games``), or exactly
        ``games`` games if that is not 0."""
        row = (mode.game, mode.label, path, kind)
        if row not in self.warm:  # first-call imports and caches stay out of the timing
            self.warm.add(row)
            self.play(mode, path, kind, seed=10_000)
        gc.collect()
        lengths: list[int] = []
        t0 = time.perf_counter()
        while True:
            lengths.append(self.play(mode, path, kind, seed=len(lengths)))
            elapsed = time.perf_counter() - t0
            if (len(lengths) >= games) if games else (elapsed >= seconds and len(lengths) >= min_games):
                break
        return {"games": len(lengths), "actions": sum(lengths), "seconds": elapsed, "lengths": lengths}

    def longest(self, mode: Mode, known: dict[str, list[int]], candidates: int) -> dict:
        """The longest game among seeds 0..candidates-1 with random bots and with the mode's
        own bot (lengths already measured are reused; the rest are played on the fast path)."""
        best = (-1, "", 0)
        for kind in ("random", "own"):
            lengths = list(known.get(kind, []))[:candidates]
            lengths += [self.play(mode, "playout", kind, seed) for seed in range(len(lengths), candidates)]
            best = max(best, *((n, kind, seed) for seed, n in enumerate(lengths)))
        return {"actions": best[0], "kind": best[1], "seed": best[2]}

    def timeline(self, mode: Mode, kind: str, seed: int) -> dict:
        """The memory of one game's timeline: every state of its Replay, as a Stepper keeps
        them, shared objects counted once; the events (a Stepper keeps them too) on top; and,
        as a cross-check, what tracemalloc sees retained while the Replay builds both."""
        labels: list[str] = []
        self.play(mode, "apply", kind, seed, labels)
        game = self.bonekit.load(mode.game)
        replay = self.bonekit.Replay(mode.game, mode.players, seed, mode.variant, dict(mode.options), labels)
        gc.collect()
        tracemalloc.start()
        replay.states  # noqa: B018 - builds and caches states and events, as a Stepper does
        gc.collect()
        traced = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        seen: set[int] = set()
        states = deep_size([replay.states], exclude=[game], seen=seen)
        events = deep_size([replay.events], seen=seen)
        return {"kind": kind, "seed": seed, "actions": len(labels), "states_mb": states / MB,
                "events_mb": events / MB, "traced_mb": traced / MB}

    def ttt(self, seconds: float, rounds: int) -> list[dict] | None:
        """OpenSpiel's Python tic-tac-toe: random legal actions to the end, the same loop shape
        as the bonekit rows, in ``rounds`` rounds of ``seconds`` each; None when OpenSpiel is
        not installed."""
        try:
            import open_spiel.python.games  # noqa: F401 - registers the Python games
            import pyspiel
        except ImportError:
            return None
        game = pyspiel.load_game("python_tic_tac_toe")
        rng = random.Random(0)
        version = getattr(pyspiel, "__version__", "")
        results = []
        for _ in range(rounds):
            gc.collect()
            games = actions = 0
            t0 = time.perf_counter()
            while True:
                state = game.new_initial_state()
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
                games += 1
                elapsed = time.perf_counter() - t0
                if elapsed >= seconds:
                    break
            results.append({"games": games, "actions": actions, "seconds": elapsed, "version": version})
        return results


def main() -> None:
    """Answer one JSON request per line on stdin with one JSON line on stdout."""
    bench = Bench()
    for line in sys.stdin:
        request = json.loads(line)
        op = request.pop("op")
        if "mode" in request:
            request["mode"] = Mode(**request["mode"])
        try:
            reply = {"ok": getattr(bench, op)(**request)}
        except Exception:  # the parent reports it in the row and goes on
            reply = {"error": traceback.format_exc()}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
