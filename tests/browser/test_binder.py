"""Binder, rebuilt the way repo2docker builds it: a fresh virtual environment that gets only
``binder/requirements.txt``, then ``binder/postBuild`` run from the repository root with that
environment first on PATH. The start notebook must then execute there, and draw in JupyterLab.
postBuild must also have trusted every notebook (so JupyterLab shows their saved SVG pictures)
and installed binder/overrides.json (so JupyterLab opens without its news pop-up): the
JupyterLab of this test gets no news settings of its own, only what the environment has.

The repository is copied first (the files a clone has: tracked and new, not ignored), so the
build never writes into the working tree. pip uses the machine's configured package index.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT, START, VIEWPORT, api, jupyter_env, report, start_lab
from .pages import (
    OPEN_UNRUN_JS,
    PICTURE_MIMES,
    RUN_NOTEBOOK_JS,
    SHOWN_OUTPUTS_JS,
    Watch,
    drawn,
    expected_widgets,
    is_picture,
    picture_shown,
    shot,
    wait_for_widgets,
)

NOTIFICATION = "@jupyterlab/apputils-extension:notification"
WIDGET_MANAGER = "@jupyter-widgets/jupyterlab-manager:plugin"
# Does the notary of the Binder environment (its Jupyter data folder) trust each notebook?
CHECK_TRUST = r"""
import json, pathlib, sys
import nbformat
from nbformat.sign import NotebookNotary

notary = NotebookNotary()
paths = sorted(p for p in pathlib.Path(sys.argv[1]).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
print("TRUST " + json.dumps({str(p): notary.check_signature(nbformat.read(p, as_version=4)) for p in paths}))
"""

pytestmark = pytest.mark.binder

EXECUTE = r"""
import json, pathlib, sys
import nbformat
from nbclient import NotebookClient

path = pathlib.Path(sys.argv[1])
nb = nbformat.read(path, as_version=4)
nb.cells.append(nbformat.v4.new_code_cell(  # where the kernel really ran, and what it imported
    "import json, sys, bonekit, bonekit.widgets, ipycanvas, ipywidgets\n"
    "print(json.dumps({'prefix': sys.prefix, 'bonekit': bonekit.__file__,"
    " 'widgets': bonekit.widgets.__file__,"
    " 'ipycanvas': ipycanvas.__version__, 'ipywidgets': ipywidgets.__version__}))"))
NotebookClient(nb, timeout=300, kernel_name="python3",
               resources={"metadata": {"path": str(path.parent)}}).execute()
errors = [f"{o.ename}: {o.evalue}" for c in nb.cells if c.cell_type == "code"
          for o in c.outputs if o.output_type == "error"]
probe = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.output_type == "stream")
print("RESULT " + json.dumps({"errors": errors, "probe": json.loads(probe), "cells": len(nb.cells) - 1}))
"""


def repo_files() -> list[Path]:
    """What a clone of the repository holds (plus new files not yet committed)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, check=True).stdout
        return [Path(p) for p in out.decode().split("\0") if p and (ROOT / p).is_file()]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "build", "test-artifacts", ".hypothesis", "__pycache__",
                ".ipynb_checkpoints"}
        return [p.relative_to(ROOT) for p in ROOT.rglob("*")
                if p.is_file() and not skip & set(p.relative_to(ROOT).parts) and ".egg-info" not in str(p)]


def run(args: list, log: Path, **kwargs) -> subprocess.CompletedProcess:
    with open(log, "a") as out:
        out.write(f"\n+ {' '.join(map(str, args))}\n")
        out.flush()
        done = subprocess.run([str(a) for a in args], stdout=out, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, **kwargs)
    if done.returncode:
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-40:])
        pytest.fail(f"{' '.join(map(str, args))} exited {done.returncode}:\n{tail}", pytrace=False)
    return done


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("binder")
    repo, venv, log = tmp / "repo", tmp / "venv", tmp / "build.log"
    for rel in repo_files():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, repo / rel)
    t0 = time.monotonic()
    run([sys.executable, "-m", "venv", venv], log)
    python = venv / "bin" / "python"
    env = jupyter_env(tmp / "jupyter-home", python, news_off=False)
    env["VIRTUAL_ENV"] = str(venv)
    env.pop("PYTHONPATH", None)
    env.pop("PYTHONHOME", None)
    run([python, "-m", "pip", "install", "--disable-pip-version-check", "--no-input",
         "-r", repo / "binder" / "requirements.txt"], log, cwd=repo, env=env)
    post_build = repo / "binder" / "postBuild"
    post_build.chmod(post_build.stat().st_mode | 0o111)  # repo2docker does chmod +x, then runs it
    run(["./binder/postBuild"], log, cwd=repo, env=env)
    report(f"Binder environment (binder/requirements.txt + postBuild) built in "
           f"{time.monotonic() - t0:.0f} s: {venv}")
    return {"tmp": tmp, "repo": repo, "venv": venv, "python": python, "env": env, "log": log}


def test_binder_env_executes_the_start_notebook(binder_env):
    notebooks = binder_env["tmp"] / "run"
    shutil.copytree(binder_env["repo"] / "notebooks", notebooks)
    run([binder_env["python"], "-c", EXECUTE, notebooks / START], binder_env["log"],
        cwd=notebooks, env=binder_env["env"])
    lines = [line for line in binder_env["log"].read_text().splitlines() if line.startswith("RESULT ")]
    result = json.loads(lines[-1].removeprefix("RESULT "))
    assert result["errors"] == [], result["errors"]
    probe, venv = result["probe"], binder_env["venv"]
    assert Path(probe["prefix"]).resolve() == venv.resolve(), \
        f"the kernel ran outside the Binder env: {probe}"
    for module in ("bonekit", "widgets"):
        assert Path(probe[module]).resolve().is_relative_to(venv.resolve()), \
            f"{module} was imported from outside the Binder env (postBuild must install it): {probe}"


def test_binder_env_has_the_widget_front_ends(binder_env):
    out = subprocess.run([binder_env["venv"] / "bin" / "jupyter", "labextension", "list"],
                         capture_output=True, text=True, env=binder_env["env"], cwd=binder_env["repo"])
    listing = out.stdout + out.stderr
    for extension in ("@jupyter-widgets/jupyterlab-manager", "ipycanvas"):
        line = next((x for x in listing.splitlines() if extension in x), "")
        assert "enabled" in line and "OK" in line, f"{extension} not enabled in the Binder env:\n{listing}"


def test_binder_env_trusts_the_notebooks_and_installs_the_overrides(binder_env):
    venv, repo = binder_env["venv"], binder_env["repo"]
    overrides = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert overrides.is_file(), f"postBuild did not install {overrides}"
    installed = json.loads(overrides.read_text())
    for plugin, settings in json.loads((repo / "binder" / "overrides.json").read_text()).items():
        assert {k: installed.get(plugin, {}).get(k) for k in settings} == settings, (plugin, installed)
    assert installed[NOTIFICATION] == {"fetchNews": "false", "checkForUpdates": False}, installed
    run([binder_env["python"], "-c", CHECK_TRUST, repo / "notebooks"], binder_env["log"],
        env=binder_env["env"])
    line = [x for x in binder_env["log"].read_text().splitlines() if x.startswith("TRUST ")][-1]
    trusted = json.loads(line.removeprefix("TRUST "))
    untrusted = [p for p, t in trusted.items() if not t]
    assert trusted and not untrusted, f"not trusted after postBuild: {untrusted}"
    report(f"Binder: {len(trusted)} notebooks trusted by postBuild; overrides.json at {overrides}")


@pytest.mark.browser
def test_binder_env_draws_the_widgets_in_jupyterlab(binder_env, browser, screenshots):
    """JupyterLab from the Binder environment, with no settings but the environment's own:
    no news pop-up; the start page, opened unrun, shows its saved pictures as SVG (trusted);
    run, its widgets draw."""
    root = binder_env["tmp"] / "lab-notebooks"
    shutil.copytree(binder_env["repo"] / "notebooks", root)
    server = start_lab(binder_env["tmp"], root, python=binder_env["python"], news_off=False)
    try:
        settings = api(server, f"/lab/api/settings/{NOTIFICATION}")
        defaults = {k: v.get("default") for k, v in settings["schema"]["properties"].items()}
        assert settings["settings"] == {}, f"the test server has user settings of its own: {settings['raw']}"
        assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False, \
            f"the override did not take effect: {defaults}"
        widgets = api(server, f"/lab/api/settings/{WIDGET_MANAGER}")
        assert widgets["schema"]["properties"]["saveState"].get("default") is True, \
            f"widget state is not saved with the notebook in the Binder env: {widgets['schema']}"

        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        watch = Watch(page)
        page.goto(f"{server.url}/lab?reset", wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands", timeout=60_000)

        opened = page.evaluate(OPEN_UNRUN_JS, {"path": START, "timeoutMs": 90_000})
        assert opened["trusted"] is True, "the start page is not trusted in the Binder environment"
        outputs = page.evaluate(SHOWN_OUTPUTS_JS, {"path": START, "timeoutMs": 30_000})
        shown = [o for o in outputs if is_picture(o)]
        assert shown, "no saved picture in the start page"
        blank = [o for o in shown if not picture_shown(o)]
        assert not blank, f"saved pictures not shown in the trusted start page: {blank}"
        not_svg = [o for o in shown if o["shown"] in PICTURE_MIMES and o["shown"] != "image/svg+xml"]
        assert not not_svg, f"trusted, yet pictures fell back from SVG: {not_svg}"
        toasts = page.evaluate(
            "() => [...document.querySelectorAll('.Toastify__toast')].map((t) => t.innerText)")
        assert not any("news" in t.lower() or "update" in t.lower() for t in toasts), \
            f"JupyterLab shows its news/update pop-up: {toasts}"
        report(f"Binder: start page unrun shows {len(shown)} saved pictures "
               f"({sum(o['shown'] == 'image/svg+xml' for o in shown)} as SVG); "
               f"no news pop-up ({len(toasts)} toasts)")

        run_ = page.evaluate(RUN_NOTEBOOK_JS, {"path": START, "timeoutMs": 240_000})
        assert run_["errors"] == [] and run_["ok"], run_
        widgets = wait_for_widgets(page, expected_widgets(root / START))
        for w in widgets:
            assert drawn(w["stats"]), w
        shot(page, f"[data-bonekit='{widgets[0]['id']}']", screenshots, f"binder-lab-{widgets[0]['id']}")
        assert watch.console_errors() == []
        context.close()
    finally:
        server.stop()
