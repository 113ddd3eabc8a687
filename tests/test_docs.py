"""The README's claims stay true: its picture is what the kit renders now, its commands exist."""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_picture_is_current(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import make_pictures
    finally:
        sys.path.pop(0)
    monkeypatch.setattr(make_pictures, "DOCS", tmp_path)
    make_pictures.bone_to_pick()
    fresh = (tmp_path / "bone_to_pick.svg").read_text(encoding="utf-8")
    committed = (ROOT / "docs" / "bone_to_pick.svg").read_text(encoding="utf-8")
    assert fresh == committed, "run: python docs/make_pictures.py"


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^(python3 tasks\.py \w+)", readme, re.M)
    assert commands[:2] == ["python3 tasks.py lab", "python3 tasks.py test"]
    assert "python3 tasks.py test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    usage = subprocess.run([sys.executable, str(ROOT / "tasks.py")], capture_output=True, text=True)
    assert usage.returncode == 2 and "lab" in usage.stdout and "test" in usage.stdout


def test_binder_installs_the_kit_and_pins_what_the_notebooks_need():
    reqs = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    for package in ("ipywidgets==", "ipycanvas==", "jupyterlab=="):
        assert package in reqs
    assert "pip install" in (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")


def test_engine_imports_nothing_from_jupyter():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bonekit").rglob("*.py"))
    for module in ("ipywidgets", "ipycanvas", "IPython", "traitlets"):
        assert not re.search(rf"^\s*(from|import) {module}\b", code, re.M), module


def test_notebooks_name_the_kernel_as_jupyter_does():
    # A display name other than the installed kernel's own is rewritten by JupyterLab when the
    # notebook opens, which marks it modified: closing it then asks to save.
    from jupyter_client.kernelspec import KernelSpecManager

    expected = KernelSpecManager().get_kernel_spec("python3").display_name
    wrong = {}
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        spec = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("kernelspec", {})
        if (spec.get("name"), spec.get("display_name")) != ("python3", expected):
            wrong[str(path.relative_to(ROOT))] = spec
    assert not wrong, f"kernelspec other than python3 / {expected!r}: {wrong}"



def test_saved_widgets_carry_the_current_keyboard_helper():
    # A saved widget runs the helper's code as saved, not as installed: a notebook executed
    # before a change to widgets/keyboard.py keeps the old behaviour when opened unrun (the
    # Bone to Pick notebooks once lacked the 'Run the notebook to play' note this way).
    from bonekit.widgets.keyboard import ESM

    stale = {}
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]
        state = meta.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
        old = sum(1 for m in state.values() if "_esm" in m["state"] and m["state"]["_esm"] != ESM)
        if old:
            stale[str(path.relative_to(ROOT))] = old
    assert not stale, f"saved keyboard helpers older than widgets/keyboard.py (re-execute): {stale}"


# ---- what every notebook's text promises ---------------------------------------------------------
_SHOWN_RULE = re.compile(
    r"\*\*[^*\n]+\*\* `((?:bad_bones|bone_to_pick|rolled_bones|bone_wars)\.[\w.]+)`")


def _notebook_texts(cell: dict) -> list[str]:
    """What a reader sees of a cell: a markdown cell's source, a code cell's printed and
    displayed text."""
    if cell["cell_type"] == "markdown":
        return ["".join(cell["source"])]
    out = []
    for o in cell.get("outputs", []):
        out.append("".join(o.get("text", "")))
        out.append("".join(o.get("data", {}).get("text/markdown", "")))
    return out


def test_no_notebook_shows_a_rule_twice():
    """A catalog section (shown as '**Title** `game.rule.id`') appears in full once per notebook;
    a recap names the ones met before (issue 20: no rule shown twice)."""
    twice = {}
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        seen: dict[str, list[int]] = {}
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            for text in _notebook_texts(cell):
                for rule in _SHOWN_RULE.findall(text):
                    seen.setdefault(rule, []).append(i)
        shown_twice = {r: cells for r, cells in seen.items() if len(cells) > 1}
        if shown_twice:
            twice[str(path.relative_to(ROOT))] = shown_twice
    assert not twice, f"rules shown in full more than once (cells): {twice}"


def test_every_widget_notebook_ends_with_a_link_back_to_its_first_move():
    """Run All leaves the page at the end: the last cell names the heading of the first move and
    links to it, and that heading is in the notebook."""
    missing = {}
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        widgets = any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                      for c in cells for o in c.get("outputs", []))
        if not widgets:
            continue
        last = "".join(cells[-1]["source"])
        m = re.search(r"under \*\*(.+?)\*\*: \[go back up to it\]\(#(.+?)\)", last)
        headings = {line.lstrip("#").strip() for c in cells if c["cell_type"] == "markdown"
                    for line in "".join(c["source"]).splitlines() if line.startswith("#")}
        if cells[-1]["cell_type"] != "markdown" or not m:
            missing[path.name] = "no link back in the last cell"
        elif m.group(1) not in headings or m.group(2) != m.group(1).replace(" ", "-"):
            missing[path.name] = f"heading {m.group(1)!r} / anchor {m.group(2)!r} not in the notebook"
    assert not missing, missing


def test_no_staging_code_in_sight():
    """Notebook code is about the game: no ``assert`` lines (the checks live in the tests) and no
    staging constants imported by name (``from ... import FIRST_TURN, FIRST_TURN_SEED``): a
    helper in the package builds what the cell shows (issue 20, item 10)."""
    found = {}
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] != "code":
                continue
            for line in "".join(cell["source"]).splitlines():
                if line.lstrip().startswith("assert ") or re.match(
                        r"from bonekit\.widgets\.lessons\S* import .*\b[A-Z][A-Z_]{3,}\b", line):
                    found.setdefault(path.name, []).append(f"cell {i}: {line.strip()}")
    assert not found, found
