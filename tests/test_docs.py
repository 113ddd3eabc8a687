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
