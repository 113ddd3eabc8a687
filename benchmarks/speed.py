"""Benchmark: the engines' speed and memory against issue 10's targets, in one run.

For every game and mode it measures actions/s and games/s of

* ``apply · random``: the plain checked loop, ``game.apply`` after each RandomBot choice;
* ``playout · random``: the simulation path, ``game.playout(state, bots)``, with RandomBot;
* ``playout · <bot>``: the simulation path with the mode's own bot (careful, solo, coop, guard);

and OpenSpiel's Python tic-tac-toe random playout (TTT) in the same run with the same loop
shape (its fastest round, as for every row); every bonekit figure is also given as a ratio
of it. Then a memory row per mode (the longest game's timeline: every state of its Replay,
as a Stepper keeps them, shared objects counted once), the time of ``import bonekit`` in a
fresh interpreter, and the targets with whether each is met. Figures, not asserts.

Each row plays the same games (seeds 0..n-1, n chosen to fill ``--seconds``) ``--repeats``
times and keeps the fastest round, because the machine may be shared and a round that lost
time to something else is not the engine's speed. Every measurement runs in a worker process
(benchmarks/speed_worker.py) that imports bonekit from the checkout it measures. With
``--baseline DIR`` a second worker measures another checkout (e.g. a worktree of the commit
before the speed work), its rounds alternating with this one's, and the "× today" ratios
are printed from the one run.

    python benchmarks/speed.py                       # every mode, about a minute
    python benchmarks/speed.py --baseline ../baseline
    python benchmarks/speed.py --game bad_bones --seconds 3
    python benchmarks/speed.py --mode epic --games 100 --json figures.json

OpenSpiel is optional (``pip install -e ".[bench]"``); without it the benchmark says so and
prints absolute figures.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from speed_modes import (  # noqa: E402 - found through the line above when imported as a module
    AIM_BAD_BONES_VS_TTT,
    AIM_BASE_VS_TTT,
    APPLY_VS_TODAY,
    IMPORT_MS,
    JUPYTER,
    MODES,
    PATHS,
    PLAYOUT_VS_TTT,
    TIMELINE_MB,
    TITLES,
    Mode,
)

IMPORT_REPEATS = 7
NO_OPENSPIEL = 'OpenSpiel is not installed: pip install -e ".[bench]"'
Rows = dict[tuple[str, str, str, str, str], dict]   # (game, mode, path, bots, checkout) -> figures


class WorkerError(RuntimeError):
    """A request the worker could not carry out (e.g. an engine that raised mid-game)."""


class Worker:
    """A worker process measuring the bonekit checkout at ``root``."""

    def __init__(self, root: Path, name: str):
        self.name = name
        env = {**os.environ, "PYTHONPATH": str(root)}
        self.process = subprocess.Popen([sys.executable, str(HERE / "speed_worker.py")], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.about = self.call("hello")

    def call(self, op: str, **request: Any) -> Any:
        if isinstance(request.get("mode"), Mode):
            request["mode"] = asdict(request["mode"])
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"op": op, **request}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} worker stopped")
        reply = json.loads(line)
        if "error" in reply:
            raise WorkerError(reply["error"])
        return reply["ok"]

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def last_line(error: WorkerError) -> str:
    """The exception line of a worker's traceback, shortened."""
    lines = str(error).strip().splitlines()
    return (lines[-1] if lines else "error")[:90]


# ---- measuring ---------------------------------------------------------------------------------
NEW = "new since the baseline"   # a row the baseline cannot have (a newer game or variant)


def best_of(args: argparse.Namespace, mode: Mode, path: str, kind: str, workers: dict[str, Worker]) -> dict:
    """One row for each checkout: its first round plays games from seed 0 for a share of
    ``--seconds`` (or ``--games`` games); the other rounds replay those same games; the
    checkouts alternate round by round and each keeps its fastest round. (Each checkout
    fills its own time, so a slow baseline does not stretch the run.)"""
    rounds: dict[str, list[dict]] = {name: [] for name in workers}
    for name, worker in workers.items():
        if name != "now" and not worker.call("knows", mode=mode):
            rounds[name] = [{"error": NEW, "new": True}]
    for _ in range(args.repeats):
        for name, worker in workers.items():
            done = rounds[name]
            if done and "error" in done[0]:
                continue
            games = done[0]["games"] if done else args.games
            try:
                done.append(worker.call("run", mode=mode, path=path, kind=kind, games=games,
                                        seconds=args.seconds / args.repeats, min_games=args.min_games))
            except WorkerError as e:
                rounds[name] = [{"error": last_line(e), "traceback": str(e)}]
    return {name: min(runs, key=lambda run: run.get("seconds", 0)) for name, runs in rounds.items()}


def measure(args: argparse.Namespace, modes: list[Mode],
            workers: dict[str, Worker]) -> tuple[Rows, dict, list]:
    """Every row, every memory row and tic-tac-toe at the start, the middle and the end (so
    the machine's drift shows in its spread)."""
    rows: Rows = {}
    memory: dict[tuple[str, str, str], dict] = {}
    ttt_runs: list[dict] = []
    now = workers["now"]

    def tic_tac_toe() -> None:
        ttt_runs.extend(now.call("ttt", seconds=args.ttt_seconds / args.repeats, rounds=args.repeats) or [])

    tic_tac_toe()
    for i, mode in enumerate(modes):
        if i == len(modes) // 2 and i:
            tic_tac_toe()
        for path, kind in PATHS:
            print(f"  {mode.title} {mode.label}: {path_name(mode, path, kind)} ...", file=sys.stderr,
                  flush=True)
            for name, figures in best_of(args, mode, path, kind, workers).items():
                rows[(*mode.key, path, kind, name)] = figures
        if args.no_memory:
            continue
        known = {"random": rows[(*mode.key, "apply", "random", "now")].get("lengths", []),
                 "own": rows[(*mode.key, "playout", "own", "now")].get("lengths", [])}
        for name, worker in workers.items():
            if name != "now" and rows[(*mode.key, "apply", "random", name)].get("new"):
                memory[(*mode.key, name)] = {"error": NEW, "new": True}
                continue
            try:
                if name == "now":
                    pick = now.call("longest", mode=mode, known=known, candidates=args.memory_games)
                memory[(*mode.key, name)] = worker.call("timeline", mode=mode, kind=pick["kind"],
                                                        seed=pick["seed"])
            except WorkerError as e:
                memory[(*mode.key, name)] = {"error": last_line(e), "traceback": str(e)}
                if name == "now":
                    break
    tic_tac_toe()
    return rows, memory, ttt_runs


def import_times(roots: dict[str, Path], repeats: int) -> dict[str, dict]:
    """For each checkout, the best time of ``import bonekit`` in fresh interpreters (the
    checkouts alternating), and any Jupyter module it brought in."""
    code = ("import sys, time, json\nt = time.perf_counter()\nimport bonekit\n"
            "dt = time.perf_counter() - t\n"
            f"front = sorted(m for m in sys.modules if m.split('.')[0] in {JUPYTER!r} "
            "or m.startswith('bonekit.widgets'))\n"
            "print(json.dumps({'seconds': dt, 'jupyter': front}))")
    runs: dict[str, list[dict]] = {name: [] for name in roots}
    for _ in range(repeats):
        for name, root in roots.items():
            env = {**os.environ, "PYTHONPATH": str(root)}
            done = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                                  text=True)
            runs[name].append(json.loads(done.stdout))
    return {name: {"ms": min(r["seconds"] for r in rs) * 1000,
                   "jupyter": sorted({m for r in rs for m in r["jupyter"]})} for name, rs in runs.items()}


# ---- figures -----------------------------------------------------------------------------------
def rate(figures: dict | None) -> float | None:
    """Actions per second of a row (None if it failed or was not measured)."""
    if not figures or "error" in figures:
        return None
    return figures["actions"] / figures["seconds"]


def ratio_of(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


def path_name(mode: Mode, path: str, kind: str) -> str:
    return f"{path} · {mode.bot if kind == 'own' else kind}"


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def times(x: float | None, target: float | None = None) -> str:
    """A ratio such as ``2.31×``, with ✓/✗ when a target applies."""
    if x is None:
        return ""
    return f"{x:.2f}×" + (f" {mark(x >= target)}" if target is not None else "  ")


def disagreement(rows: Rows, mode: Mode, name: str) -> str:
    """A warning when the checked loop and the simulation path (both with RandomBot, the same
    seeds and bots) ended a game after a different number of actions."""
    a = rows.get((*mode.key, "apply", "random", name), {}).get("lengths", [])
    b = rows.get((*mode.key, "playout", "random", name), {}).get("lengths", [])
    for seed, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return (f"⚠ {mode.title} {mode.label} ({name}): seed {seed} took {x} actions through apply "
                    f"but {y} through playout")
    return ""


def print_speed(modes: list[Mode], rows: Rows, ttt: float | None, baseline: bool) -> None:
    for game, title in TITLES.items():
        shown = [m for m in modes if m.game == game]
        if not shown:
            continue
        print(f"\n{title}: speed (× TTT: ratio to OpenSpiel's Python tic-tac-toe"
              + ("; × today: ratio to the baseline" if baseline else "") + ")")
        print(f"{'mode':<18} {'path':<18} {'games':>6} {'act/game':>8} {'actions/s':>10} {'games/s':>9} "
              f"{'× TTT':>7}" + (f" {'× today':>8} {'today act/s':>11}" if baseline else ""))
        for mode in shown:
            for i, (path, kind) in enumerate(PATHS):
                now = rows[(*mode.key, path, kind, "now")]
                head = f"{mode.label if i == 0 else '':<18} {path_name(mode, path, kind):<18}"
                if "error" in now:
                    print(f"{head} failed: {now['error']}")
                    continue
                judged = (path, kind, game) == ("playout", "random", "bone_to_pick")
                vs_ttt = times(ratio_of(rate(now), ttt), PLAYOUT_VS_TTT if judged else None)
                line = (f"{head} {now['games']:>6} {now['actions'] / now['games']:>8.1f} {rate(now):>10,.0f} "
                        f"{now['games'] / now['seconds']:>9.1f} {vs_ttt:>7}")
                if baseline:
                    today = rows[(*mode.key, path, kind, "today")]
                    must_today = APPLY_VS_TODAY if path == "apply" else None
                    figure = (f"{rate(today):>11,.0f}" if "error" not in today else
                              today["error"] if today.get("new") else f"failed: {today['error']}")
                    line += f" {times(ratio_of(rate(now), rate(today)), must_today):>8} {figure}"
                print(line)
        print(f"  ✓/✗ against the must-targets: apply · random ≥ {APPLY_VS_TODAY:g}× today"
              + ("" if baseline else " (pass --baseline DIR)")
              + (f"; playout · random ≥ {PLAYOUT_VS_TTT:g}× TTT" if game == "bone_to_pick" else ""))


def print_memory(modes: list[Mode], memory: dict, baseline: bool) -> None:
    print(f"\nMemory: the longest game's timeline (every state of its Replay, as a Stepper keeps them), "
          f"shared objects counted once; target ≤ {TIMELINE_MB:g} MB")
    print(f"{'game':<13} {'mode':<18} {'longest game':<18} {'actions':>7} {'states MB':>10} "
          f"{'events MB':>9} {'both MB':>8} {'traced MB':>9}" + (f" {'today MB':>9}" if baseline else ""))
    for mode in modes:
        m = memory.get((*mode.key, "now"))
        if not m:
            continue
        head = f"{mode.title:<13} {mode.label:<18}"
        if "error" in m:
            print(f"{head} failed: {m['error']}")
            continue
        who = f"{mode.bot if m['kind'] == 'own' else 'random'}, seed {m['seed']}"
        line = (f"{head} {who:<18} {m['actions']:>7} {m['states_mb']:>8.2f} "
                f"{mark(m['states_mb'] <= TIMELINE_MB)} {m['events_mb']:>9.2f} "
                f"{m['states_mb'] + m['events_mb']:>8.2f} {m['traced_mb']:>9.2f}")
        today = memory.get((*mode.key, "today"))
        if today:
            line += (f" {today['states_mb']:>9.2f}" if "error" not in today else
                     f" {today['error']}" if today.get("new") else f" failed: {today['error']}")
        print(line)
    print(f"  ✓/✗: states ≤ {TIMELINE_MB:g} MB (MB = 10⁶ bytes). Events: what the Stepper keeps besides the "
          "states (objects not\n  already counted). Traced: what tracemalloc saw retained while the Replay "
          "built both (a cross-check).")


def targets(modes: list[Mode], rows: Rows, memory: dict, ttt: float | None, imports: dict,
            baseline: bool) -> list[tuple[str, str, str]]:
    """(must/aim, the target, its verdict with the figure that decides it), one per target."""
    def lowest(ratio, game: str | None = None, variant: str | None = None, missing: str = "",
               target: float = 1.0) -> str:
        judged = [m for m in modes if game in (None, m.game) and variant in (None, m.variant)]
        found = [(x, m) for m in judged if (x := ratio(m)) is not None]
        if not found:
            why = missing or ("the rows failed" if judged else "no such mode in this run")
            return f"  not measured ({why})"
        x, m = min(found, key=lambda f: f[0])
        met = sum(y >= target for y, _ in found)
        return f"{mark(x >= target)} {met}/{len(found)} met; lowest {x:.2f}× ({m.title} {m.label})"

    def vs_ttt(m: Mode) -> float | None:
        return ratio_of(rate(rows[(*m.key, "playout", "random", "now")]), ttt)

    def vs_today(m: Mode) -> float | None:
        if not baseline:
            return None
        row = (*m.key, "apply", "random")
        return ratio_of(rate(rows[(*row, "now")]), rate(rows[(*row, "today")]))

    measured = [(memory.get((*m.key, "now"), {"error": ""}), m) for m in modes]
    sizes = [(v["states_mb"], m) for v, m in measured if "error" not in v]
    if sizes:
        worst, m = max(sizes, key=lambda s: s[0])
        met = sum(s <= TIMELINE_MB for s, _ in sizes)
        both = max(v["states_mb"] + v["events_mb"] for v, _ in measured if "error" not in v)
        memory_verdict = (f"{mark(worst <= TIMELINE_MB)} {met}/{len(sizes)} met; largest {worst:.2f} MB "
                          f"({m.title} {m.label}); with events {both:.2f} MB")
    else:
        memory_verdict = "  not measured"
    front = ", ".join(imports["jupyter"]) or "none"
    no_ttt = "" if ttt else NO_OPENSPIEL
    return [
        ("must", f"checked apply loop ≥ {APPLY_VS_TODAY:g}× today, every game and mode",
         lowest(vs_today, missing="pass --baseline DIR", target=APPLY_VS_TODAY)),
        ("must", f"simulation path ≥ {PLAYOUT_VS_TTT:g}× TTT, every Bone to Pick mode",
         lowest(vs_ttt, "bone_to_pick", missing=no_ttt, target=PLAYOUT_VS_TTT)),
        ("must", f"longest game's timeline ≤ {TIMELINE_MB:g} MB, every mode", memory_verdict),
        ("must", f"import bonekit ≤ {IMPORT_MS:g} ms, no Jupyter module",
         f"{mark(imports['ms'] <= IMPORT_MS and not imports['jupyter'])} {imports['ms']:.0f} ms; "
         f"Jupyter modules: {front}"),
        ("aim", f"Bone to Pick base ≥ {AIM_BASE_VS_TTT:g}× TTT on the simulation path",
         lowest(vs_ttt, "bone_to_pick", "base", no_ttt, AIM_BASE_VS_TTT)),
        ("aim", f"Bad Bones ≥ {AIM_BAD_BONES_VS_TTT:g}× TTT on the simulation path",
         lowest(vs_ttt, "bad_bones", missing=no_ttt, target=AIM_BAD_BONES_VS_TTT)),
    ]


def print_failures(rows: Rows, memory: dict) -> None:
    """Each distinct failure once, with its traceback and the rows it stopped."""
    failed: dict[str, list[str]] = {}
    tracebacks: dict[str, str] = {}
    for key, figures in [*rows.items(), *memory.items()]:
        if "error" in figures and not figures.get("new"):
            where = f"{TITLES[key[0]]} {key[1]} " + (" · ".join(key[2:4]) if len(key) == 5 else "memory")
            failed.setdefault(figures["error"], []).append(f"{where} ({key[-1]})")
            tracebacks.setdefault(figures["error"], figures["traceback"])
    for error, where in failed.items():
        print(f"\n⚠ {len(where)} row(s) failed with {error}: {'; '.join(where)}\n"
              f"{tracebacks[error].rstrip()}")


# ---- the command -------------------------------------------------------------------------------
def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.6,
                        help="time per row and checkout, over all its rounds (default 0.6 s)")
    parser.add_argument("--games", type=int, default=0, help="play exactly this many games per round instead")
    parser.add_argument("--repeats", type=int, default=3, help="rounds per row, the fastest kept (default 3)")
    parser.add_argument("--min-games", type=int, default=1, help="fewest games per round (default 1)")
    parser.add_argument("--game", choices=[*TITLES, "all", "both"], default="all",
                        help="one game, or all of them (default; 'both' is an older name for it)")
    parser.add_argument("--mode", action="append", default=[],
                        help="only modes whose label contains this text (repeatable), e.g. 'epic' or '2p'")
    parser.add_argument("--baseline", type=Path,
                        help="another checkout to compare with (its bonekit/ is imported)")
    parser.add_argument("--memory-games", type=int, default=6,
                        help="seek the longest game among this many seeds per bot (default 6)")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory rows")
    parser.add_argument("--ttt-seconds", type=float, default=1.0,
                        help="tic-tac-toe's time at the start, middle and end, over its rounds (default 1 s)")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args(argv)
    if args.games < 0 or args.seconds < 0 or min(args.min_games, args.memory_games, args.repeats) < 1:
        parser.error("--games and --seconds must be ≥ 0; --min-games, --memory-games and --repeats ≥ 1")
    if args.baseline and not (args.baseline / "bonekit" / "__init__.py").is_file():
        parser.error(f"{args.baseline} has no bonekit/ package")
    args.modes = [m for m in MODES if args.game in ("all", "both", m.game)
                  and (not args.mode or any(text in m.label for text in args.mode))]
    if not args.modes:
        parser.error("no mode matches --game and --mode")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    started = time.perf_counter()
    roots = {"now": ROOT, **({"today": args.baseline.resolve()} if args.baseline else {})}
    workers = {name: Worker(root, "this checkout" if name == "now" else "baseline")
               for name, root in roots.items()}
    try:
        rows, memory, ttt_runs = measure(args, args.modes, workers)
    finally:
        for worker in workers.values():
            worker.close()
    imports = import_times(roots, IMPORT_REPEATS)
    baseline = bool(args.baseline)

    about = workers["now"].about
    per_row = f"{args.games} games" if args.games else f"{args.seconds:g} s"
    print(f"bonekit {about['version']} at {about['bonekit']} · Python {about['python']} · "
          f"{os.cpu_count()} CPUs · {per_row} per row and checkout, best of {args.repeats} rounds")
    if baseline:
        print(f"today: the baseline, bonekit at {workers['today'].about['bonekit']}")
    ttt = None
    if ttt_runs:
        # Its fastest round, as every bonekit row keeps its fastest; the slowest shows the noise.
        best = max(ttt_runs, key=rate)
        ttt = rate(best)
        slowest, median = min(map(rate, ttt_runs)), statistics.median(map(rate, ttt_runs))
        print(f"TTT: OpenSpiel {best['version']} python_tic_tac_toe, random playouts: {ttt:,.0f} actions/s, "
              f"{best['games'] / best['seconds']:,.0f} games/s\n     (the fastest of {len(ttt_runs)} rounds "
              f"spread over the run; the slowest {slowest:,.0f}, median {median:,.0f})")
    else:
        print(f"{NO_OPENSPIEL}; so no × TTT ratios, absolute figures only")
    print_speed(args.modes, rows, ttt, baseline)
    if memory:
        print_memory(args.modes, memory, baseline)
    print(f"\nimport bonekit (fresh interpreter, best of {IMPORT_REPEATS}): {imports['now']['ms']:.0f} ms"
          + (f" (today {imports['today']['ms']:.0f} ms)" if baseline else "")
          + f"; Jupyter modules imported: {', '.join(imports['now']['jupyter']) or 'none'}")
    print("\nTargets (issue 10), over the modes measured in this run")
    for kind, target, verdict in targets(args.modes, rows, memory, ttt, imports["now"], baseline):
        print(f"  {kind:<5} {target:<62} {verdict}")
    for note in filter(None, (disagreement(rows, m, name) for m in args.modes for name in roots)):
        print(note)
    print_failures(rows, memory)
    print(f"\n({time.perf_counter() - started:.0f} s in all. The machine may be shared: compare runs, "
          "not one figure.)")
    if args.json:
        row_fields, memory_fields = ("game", "mode", "path", "bots", "checkout"), ("game", "mode", "checkout")
        figures = {"rows": [dict(zip(row_fields, k, strict=True), **v) for k, v in rows.items()],
                   "memory": [dict(zip(memory_fields, k, strict=True), **v) for k, v in memory.items()],
                   "ttt": ttt_runs, "import": imports}
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
