#!/usr/bin/env python3
"""Everyday commands for bonekit. Needs only Python 3.10+; makes ./.venv on first use.

    python3 tasks.py lab         open the tutorials in JupyterLab
    python3 tasks.py test        run the whole test suite (pytest + nbval over the notebooks)
    python3 tasks.py notebooks   re-execute every notebook in place, top to bottom
    python3 tasks.py bench       print playout benchmark figures ("bench modes": every Bone to Pick mode)
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
REQUIREMENTS = [ROOT / "binder" / "requirements.txt", ROOT / "tests" / "requirements.txt"]
STAMP = VENV / ".bonekit-installed"


def run(*args: str | Path, **kwargs) -> None:
    print("+", " ".join(map(str, args)), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, **kwargs)


def ensure_env() -> None:
    """Create the virtual environment and install everything, once per change of requirements."""
    wanted = hashlib.sha256(b"".join(p.read_bytes() for p in [*REQUIREMENTS, ROOT / "pyproject.toml"]))
    if STAMP.exists() and STAMP.read_text() == wanted.hexdigest() and PY.exists():
        return
    if not PY.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
    run(PY, "-m", "pip", "install", "--upgrade", "pip")
    run(PY, "-m", "pip", "install", *[a for p in REQUIREMENTS for a in ("-r", p)])
    run(PY, "-m", "pip", "install", "--no-deps", "-e", ".")
    STAMP.write_text(wanted.hexdigest())


def lab(args: list[str]) -> None:
    ensure_env()
    # Containers often run as root, where Jupyter refuses to start without this flag.
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    run(PY, "-m", "jupyter", "lab", "notebooks/00_start_here.ipynb", *root, *args)


def test(args: list[str]) -> None:
    ensure_env()
    run(PY, "-m", "pytest", *args)


def notebooks(args: list[str]) -> None:
    ensure_env()
    run(PY, str(ROOT / "tests" / "run_notebooks.py"), *args)


def bench(args: list[str]) -> None:
    ensure_env()
    if args[:1] == ["modes"]:
        run(PY, str(ROOT / "benchmarks" / "bone_to_pick_modes.py"), *args[1:])
    else:
        run(PY, str(ROOT / "benchmarks" / "playouts.py"), *args)


COMMANDS = {"lab": lab, "test": test, "notebooks": notebooks, "bench": bench}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    try:
        COMMANDS[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode)
