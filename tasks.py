#!/usr/bin/env python3
"""Everyday commands for bonekit. Needs only Python 3.10+; makes ./.venv on first use.

    python3 tasks.py lab         open the tutorials in JupyterLab (installs only what they need)
    python3 tasks.py test        run the whole test suite (pytest + nbval over the notebooks)
    python3 tasks.py notebooks   re-execute every notebook in place, top to bottom
    python3 tasks.py bench       speed and memory against the engine's targets (--help: options;
                                 "bench playouts" / "bench modes": the older per-game scripts)
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
NOTEBOOKS = ROOT / "notebooks"
# JupyterLab's settings overrides (news and update checks off), the same file Binder installs.
OVERRIDES = ROOT / "binder" / "overrides.json"


@dataclass(frozen=True)
class Layer:
    """One set of requirements installed into .venv, with its own stamp: the tutorials' layer
    (binder/requirements.txt + the kit) and the test stack on top of it, so `lab` after `test`
    reinstalls nothing and `lab` alone never installs the test tools. The test layer names the
    tutorials' pins too, so pip resolves both sets together and keeps every pin."""

    name: str
    requirements: tuple[Path, ...]
    editable_kit: bool

    @property
    def stamp(self) -> Path:
        return VENV / f".bonekit-{self.name}-installed"

    def wanted(self) -> str:
        files = [*self.requirements, *([ROOT / "pyproject.toml"] if self.editable_kit else [])]
        return hashlib.sha256(b"".join(p.read_bytes() for p in files)).hexdigest()


LAB = Layer("lab", (ROOT / "binder" / "requirements.txt",), editable_kit=True)
TESTS = Layer("test", (*LAB.requirements, ROOT / "tests" / "requirements.txt"), editable_kit=False)


def run(*args: str | Path, **kwargs) -> None:
    print("+", " ".join(map(str, args)), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, **kwargs)


def ensure_env(*layers: Layer) -> None:
    """Create the virtual environment if needed and install each layer whose requirements
    changed since it was last installed."""
    if not PY.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
        run(PY, "-m", "pip", "install", "--upgrade", "pip")
    for layer in layers:
        wanted = layer.wanted()
        if layer.stamp.exists() and layer.stamp.read_text() == wanted:
            continue
        run(PY, "-m", "pip", "install", *[a for p in layer.requirements for a in ("-r", p)])
        if layer.editable_kit:
            run(PY, "-m", "pip", "install", "--no-deps", "-e", ".")
        layer.stamp.write_text(wanted)


def lab_settings_dir() -> Path:
    """Where this environment's JupyterLab reads overrides.json (its app settings folder)."""
    return VENV / "share" / "jupyter" / "lab" / "settings"


def install_overrides() -> None:
    """Merge binder/overrides.json into the environment's overrides.json (keeping any other
    settings there), so JupyterLab opens without its news and update pop-up."""
    target = lab_settings_dir() / "overrides.json"
    current = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    merged = dict(current)
    for plugin, settings in json.loads(OVERRIDES.read_text(encoding="utf-8")).items():
        merged[plugin] = {**current.get(plugin, {}), **settings}
    if merged != current:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
        print(f"JupyterLab settings overrides written to {target}", flush=True)


def notebook_paths() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def trust_notebooks() -> None:
    """Mark the committed notebooks trusted, so JupyterLab shows their saved SVG pictures
    (it renders SVG only from notebooks it trusts)."""
    run(PY, "-m", "jupyter", "trust", *[p.relative_to(ROOT) for p in notebook_paths()])


def lab(args: list[str]) -> None:
    ensure_env(LAB)
    install_overrides()
    trust_notebooks()
    # Containers often run as root, where Jupyter refuses to start without this flag.
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    # The start page is the server's default URL, so the URL it prints opens it too (a
    # notebook path argument opens it only in a browser the server starts itself).
    start = "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb"
    run(PY, "-m", "jupyter", "lab", start, *root, *args)


def test(args: list[str]) -> None:
    ensure_env(LAB, TESTS)
    run(PY, "-m", "pytest", *args)


def notebooks(args: list[str]) -> None:
    ensure_env(LAB, TESTS)  # run_notebooks.py executes them with nbclient (a test tool)
    run(PY, str(ROOT / "tests" / "run_notebooks.py"), *args)


def bench(args: list[str]) -> None:
    """benchmarks/speed.py (OpenSpiel, for its ratios, comes with `pip install -e ".[bench]"`);
    "playouts" or "modes" first runs that older script instead."""
    ensure_env(LAB)
    older = {"playouts": "playouts.py", "modes": "bone_to_pick_modes.py"}
    if args[:1] and args[0] in older:
        run(PY, str(ROOT / "benchmarks" / older[args[0]]), *args[1:])
    else:
        run(PY, str(ROOT / "benchmarks" / "speed.py"), *args)


COMMANDS = {"lab": lab, "test": test, "notebooks": notebooks, "bench": bench}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    try:
        COMMANDS[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode)
