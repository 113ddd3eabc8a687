"""The maintainer's habits, run by the test command: ruff over the code, mypy over the engine core.

Both tools take their settings from pyproject.toml ([tool.ruff], [tool.mypy]); the checks
on small snippets prove those settings are the ones in force, so a clean run means something.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINTED = ("bonekit", "widgets", "tests", "benchmarks", "docs", "tasks.py")


def tool(name: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m <name>`` from the project's root (where pyproject.toml is)."""
    try:
        __import__(name)
    except ImportError:
        pytest.fail(f"{name} is not installed: pip install -r tests/requirements.txt")
    return subprocess.run([sys.executable, "-m", name, *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    done = tool("ruff", "check", "--no-cache", "--output-format", "concise", *LINTED)
    assert done.returncode == 0, f"ruff check {' '.join(LINTED)}:\n{done.stdout}{done.stderr}"


def test_ruff_uses_the_projects_rules():
    snippet = ("import sys\nimport os\n\n"
               f"LONG = '{'x' * 110}'\n\n\n"
               "def f(x=[]):\n"
               "    return '%s' % x\n")
    done = tool("ruff", "check", "--no-cache", "--output-format", "concise",
                "--stdin-filename", "bonekit/snippet.py", "-", stdin=snippet)
    rules = {"E501", "F401", "I001", "B006", "UP031"}  # one each of E, F, I, B and UP
    assert {code for code in rules if f" {code} " in done.stdout} == rules, done.stdout + done.stderr


def test_mypy_finds_nothing_in_the_core():
    done = tool("mypy")  # which files, and how strictly: [tool.mypy]
    assert done.returncode == 0, f"mypy (bonekit/core):\n{done.stdout}{done.stderr}"
    core = len(list((ROOT / "bonekit" / "core").glob("*.py")))
    assert f"no issues found in {core} source files" in done.stdout, done.stdout


def test_mypy_refuses_untyped_functions(tmp_path):
    snippet = tmp_path / "half.py"
    snippet.write_text("def half(x):\n    return x / 2\n", encoding="utf-8")
    done = tool("mypy", "--no-incremental", str(snippet))
    assert done.returncode == 1 and "no-untyped-def" in done.stdout, done.stdout + done.stderr
