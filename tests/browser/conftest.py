"""Fixtures for the real-browser suite: a JupyterLab server, a Voilà server and headless
Chromium driven by Playwright, plus the figures and screenshot folder the suite reports.

Servers run on 127.0.0.1 on a random free port, without token or password, over a temporary
copy of ``notebooks/`` (so nothing is ever saved over the committed notebooks) and with
Jupyter's config, data, runtime, settings and workspace folders in a temporary directory
(so a developer's own Jupyter setup neither leaks in nor gets written to).

If Chromium or Playwright is missing the browser tests are skipped with the reason, unless
``BONEKIT_REQUIRE_BROWSER=1`` is set (CI sets it): then they fail, so CI cannot skip silently.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
START = "00_start_here.ipynb"


def notebook_paths(folder: Path = NOTEBOOKS) -> list[str]:
    """Every notebook under ``folder``, as paths relative to it, start page first."""
    found = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    return sorted(found, key=lambda p: p != START)


def notebook_id(path: str) -> str:
    """A test id for a notebook path: 'bad_bones/02_solo.ipynb' -> 'bad_bones-02_solo'."""
    return path.removesuffix(".ipynb").replace("/", "-")


# Every notebook is opened in JupyterLab (id: path), whatever the notebooks folder holds now;
# Voilà opens the start page and each game's learn-to-play notebook (01_*).
LAB_NOTEBOOKS = {notebook_id(p): p for p in notebook_paths()}
VOILA_NOTEBOOKS = {notebook_id(p): p for p in notebook_paths()
                   if p == START or Path(p).name.startswith("01_")}
SCREENSHOTS = Path(os.environ.get("BONEKIT_SCREENSHOTS") or ROOT / "test-artifacts" / "screenshots")
REQUIRE_BROWSER = os.environ.get("BONEKIT_REQUIRE_BROWSER") == "1"

# Headless Chromium as root, offline, with a fresh profile (Playwright makes a new
# user-data-dir for every launch).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                 "--disable-dev-shm-usage"]
# Tall enough that a whole Stepper (controls, picture, rules, log) fits in one screenshot.
VIEWPORT = {"width": 1440, "height": 1800}

# Figures the suite measures and prints at the end (pytest_terminal_summary); not thresholds.
REPORT: list[str] = []


def report(line: str) -> None:
    REPORT.append(line)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: runs JupyterLab/Voilà in headless Chromium (needs chromium and playwright; "
                   "skipped without them unless BONEKIT_REQUIRE_BROWSER=1)")
    config.addinivalue_line(
        "markers", "binder: builds a fresh virtual environment from binder/ alone (needs the package index)")


# The gallery in docs/screenshots: a few current pictures, refreshed with BONEKIT_GALLERY=1
# after a passing run. Each name is copied from the first screenshot (in name order) that
# matches its pattern, so a notebook that gains a widget before these keeps its picture; a
# (name, -1) entry takes the last match instead (the co-op Table comes after the solo ones).
GALLERY_DIR = ROOT / "docs" / "screenshots"
GALLERY: dict[str, str | tuple[str, int]] = {
    "lab-00_start_here-stepper-*-after-next.png": "jupyterlab-stepper.png",
    "lab-00_start_here-table-*-after-click.png": "jupyterlab-table.png",
    "lab-00_start_here-table-*-refused.png": "jupyterlab-table-refused.png",
    "voila-00_start_here-stepper-*.png": "voila-stepper.png",
    "lab-bad_bones-01_learn_to_play-table-*-after-click.png": "jupyterlab-bad-bones-table.png",
    "lab-bad_bones-01_learn_to_play-stepper-*-after-next.png": "jupyterlab-bad-bones-stepper.png",
    "lab-bone_to_pick-02_campaign-table-*-after-click.png": "jupyterlab-campaign-table.png",
    "lab-bone_to_pick-03_epic_and_teams-stepper-*-after-next.png": "jupyterlab-epic-stepper.png",
    "lab-bone_to_pick-04_solo_and_coop-table-*-after-click.png": ("jupyterlab-coop-table.png", -1),
    "lab-rolled_bones-01_learn_to_play-table-*-refused.png": "jupyterlab-rolled-bones-table.png",
    "lab-dark-rolled_bones-01_learn_to_play-stepper-*.png": "jupyterlab-dark-rolled-bones-stepper.png",
    # JupyterLab Dark (panels measured there too), and a notebook opened without running it
    # (untrusted: the PNG pictures) in both themes.
    "lab-dark-00_start_here-stepper-*.png": "jupyterlab-dark-stepper.png",
    "lab-dark-00_start_here-table-*.png": "jupyterlab-dark-table.png",
    "lab-dark-bad_bones-01_learn_to_play-stepper-*.png": "jupyterlab-dark-bad-bones-stepper.png",
    "unrun-light-00_start_here.png": "jupyterlab-unrun.png",
    "unrun-dark-00_start_here.png": "jupyterlab-dark-unrun.png",
}


def pytest_sessionfinish(session, exitstatus):
    if os.environ.get("BONEKIT_GALLERY") != "1" or exitstatus != 0:
        return
    copied = []
    for pattern, target in GALLERY.items():
        name, which = target if isinstance(target, tuple) else (target, 0)
        found = sorted(SCREENSHOTS.glob(pattern)) if SCREENSHOTS.is_dir() else []
        if found:
            GALLERY_DIR.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(found[which], GALLERY_DIR / name)
            copied.append(name)
    report(f"gallery refreshed in {GALLERY_DIR}: {', '.join(copied) or 'nothing (no screenshots)'}")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    shots = sorted(SCREENSHOTS.glob("*.png")) if SCREENSHOTS.is_dir() else []
    if not REPORT and not shots:
        return
    tr = terminalreporter
    tr.section("bonekit browser suite")
    for line in REPORT:
        tr.write_line(line)
    if shots:
        tr.write_line(f"screenshots ({len(shots)}): {SCREENSHOTS}")


def unavailable(reason: str) -> None:
    """Skip, or fail when the environment demands the browser tests run."""
    if REQUIRE_BROWSER:
        pytest.fail(f"{reason} (BONEKIT_REQUIRE_BROWSER=1, so the browser tests may not be skipped)",
                    pytrace=False)
    pytest.skip(reason)


def find_chromium() -> str | None:
    """$BONEKIT_CHROMIUM if set (and only it), else Debian's chromium."""
    if os.environ.get("BONEKIT_CHROMIUM"):
        candidates = [os.environ["BONEKIT_CHROMIUM"]]
    else:
        candidates = [shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


# ---- servers ------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# User settings every test server starts with: never save a document (the temporary copies
# stay as committed: unrun and untrusted), and, unless the test is about the settings a kit
# environment installs itself (Binder's overrides.json), no news or update pop-up.
AUTOSAVE_OFF = {"@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False}}
# The kit's own settings (binder/overrides.json: no news pop-up, widget state saved with the
# notebook), as user settings files: "@scope/ext:plugin" -> "@scope/ext/plugin.jupyterlab-settings".
NEWS_OFF = {plugin.replace(":", "/") + ".jupyterlab-settings": settings for plugin, settings in
            json.loads((ROOT / "binder" / "overrides.json").read_text(encoding="utf-8")).items()}


def jupyter_env(home: Path, python: Path | str = sys.executable, news_off: bool = True) -> dict[str, str]:
    """The environment for a Jupyter process: its own config/data/runtime/settings folders,
    autosave off, JupyterLab's news and update checks off (unless ``news_off`` is False), and
    ``python``'s folder first on PATH."""
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"), ("IPYTHONDIR", "ipython")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env.pop("JUPYTER_PATH", None)
    for name, settings in {**AUTOSAVE_OFF, **(NEWS_OFF if news_off else {})}.items():
        path = home / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    env["PATH"] = str(Path(python).parent) + os.pathsep + env.get("PATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


class Server:
    """A Jupyter server process on 127.0.0.1:port, started in its own process group so that
    stopping it also ends the kernels it started."""

    def __init__(self, name: str, args: list[str], port: int, cwd: Path, env: dict[str, str], log: Path):
        self.name, self.args, self.port, self.cwd, self.env, self.log = name, args, port, cwd, env, log
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None
        self.started_in = 0.0

    def start(self, probe: str, timeout: float = 120) -> Server:
        t0 = time.monotonic()
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(self.args, cwd=self.cwd, env=self.env, stdout=out,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         start_new_session=True)
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.proc.returncode} before answering:\n"
                                   f"{self.tail()}")
            try:
                with urllib.request.urlopen(self.url + probe, timeout=5) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            if time.monotonic() - t0 > timeout:
                self.stop()
                raise RuntimeError(f"{self.name} did not answer on {self.url}{probe} within {timeout:.0f}s:\n"
                                   f"{self.tail()}")
            time.sleep(0.25)
        self.started_in = time.monotonic() - t0
        return self

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.terminate()  # the server shuts its kernels down on SIGTERM
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        try:  # anything left in the group this server started (a kernel that did not exit)
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def copy_notebooks(dest: Path) -> Path:
    shutil.copytree(NOTEBOOKS, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    return dest


def start_lab(tmp: Path, root_dir: Path, python: Path | str = sys.executable,
              news_off: bool = True) -> Server:
    """JupyterLab over ``root_dir`` with its Jupyter folders in ``tmp/jupyter-home``."""
    port = free_port()
    args = [str(python), "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
            "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
            f"--ServerApp.root_dir={root_dir}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    server = Server("JupyterLab", args, port, root_dir, jupyter_env(tmp / "jupyter-home", python, news_off),
                    tmp / "jupyterlab.log").start("/api/status")
    server.python = python
    return server


def api(server: Server, path: str, method: str = "GET"):
    """A Jupyter server REST call (no token: the test servers run without one); parsed JSON."""
    request = urllib.request.Request(server.url + path, method=method)
    with urllib.request.urlopen(request, timeout=30) as r:
        body = r.read()
    return json.loads(body) if body else None


def shutdown_kernels(server: Server) -> None:
    """End every kernel the server runs (a page closed in the browser leaves its kernel on)."""
    for kernel in api(server, "/api/kernels"):
        try:
            api(server, f"/api/kernels/{kernel['id']}", method="DELETE")
        except urllib.error.HTTPError:
            pass


def trust(server: Server, *paths: Path) -> None:
    """Mark notebooks trusted the way a user does (``jupyter trust``), in the server's own
    Jupyter data folder, where the server looks their signatures up."""
    subprocess.run([str(server.python), "-m", "jupyter", "trust", *map(str, paths)], env=server.env,
                   check=True, capture_output=True)


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The folder the screenshots go to, emptied of the previous run's pictures."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()
    return SCREENSHOTS


@pytest.fixture(scope="session")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        where = os.environ.get("BONEKIT_CHROMIUM") or "/usr/bin/chromium"
        unavailable(f"Chromium not found at {where} (Debian: apt-get install chromium; "
                    f"or set BONEKIT_CHROMIUM to its path)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        unavailable("playwright (the Python package) is not installed: pip install -r tests/requirements.txt")
    return path


@pytest.fixture(scope="session")
def browser(chromium):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        report(f"browser: Chromium {b.version} at {chromium}")
        yield b
        b.close()


@pytest.fixture(scope="session")
def lab_server(chromium, tmp_path_factory):
    """The one JupyterLab server of the session, over a temporary copy of the notebooks that
    is never saved to (autosave off): every notebook there is as committed, unrun and, until
    a test trusts it, untrusted."""
    tmp = tmp_path_factory.mktemp("lab")
    root = copy_notebooks(tmp / "notebooks")
    server = start_lab(tmp, root)
    server.root = root
    report(f"JupyterLab answered {server.started_in:.1f} s after start")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def voila_server(chromium, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("voila")
    root = copy_notebooks(tmp / "notebooks")
    port = free_port()
    args = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0", str(root)]
    server = Server("Voilà", args, port, root, jupyter_env(tmp / "jupyter-home"), tmp / "voila.log")
    server.start("/")
    server.root = root
    yield server
    server.stop()
