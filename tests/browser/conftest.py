"""Fixtures for the real-browser tests: JupyterLab and Voilà on free local ports, Debian's Chromium
driven by Playwright. Servers run with temporary JUPYTER_* folders and are stopped after the tests."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("SCHOTTEN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]
SERVER_START_TIMEOUT = 90.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_http(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = SERVER_START_TIMEOUT) -> None:
    """Poll ``url`` until it answers 200, the process dies, or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise TimeoutError(f"{url} did not answer within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment with private Jupyter folders and JupyterLab's news pop-up disabled."""
    base = tmp_path_factory.mktemp("jupyter")
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        path = base / name.lower()
        path.mkdir()
        env[name] = str(path)
    labconfig = base / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    # JupyterLab draws every cell (no windowed notebook): a widget in an output above the view stays
    # in the page, as in the notebooks a student scrolls through.
    settings = base / "lab_user_settings"
    tracker = settings / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    env["PYTHONWARNINGS"] = "ignore"
    return env


@pytest.fixture(scope="session")
def lab_url(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("lab") / "jupyterlab.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip", "127.0.0.1", f"--port={port}",
             "--ServerApp.token=", "--ServerApp.password=", "--allow-root", f"--ServerApp.root_dir={ROOT}",
             "--ServerApp.port_retries=0"],
            env=jupyter_env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_http(f"{url}/api/status", proc, log)
        yield url
    finally:
        stop(proc)


@contextlib.contextmanager
def voila_server(notebook: Path, env: dict[str, str], log: Path) -> Iterator[str]:
    """Voilà serving ``notebook`` with the app's template and one pre-heated kernel; its address."""
    port = free_port()
    env = dict(env, JUPYTER_PATH=str(ROOT / "apps" / "jupyter"))
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(notebook), "--no-browser",
             f"--port={port}", "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0", "--template=schotten",
             "--preheat_kernel=True", "--pool_size=1",
             # as scripts/voila_config/voila.py: under load the app's output arrives after nbclient's
             # default 4 s IOPub wait and the page stayed blank (the 2026-12-04 runs' two timeouts)
             "--VoilaExecutor.iopub_timeout=120"],
            env=env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
        )
    try:
        wait_for_port(port, proc, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def voila_url(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with voila_server(ROOT / "apps" / "board_editor.ipynb", dict(jupyter_env, SCHOTTEN_POSITION=""), log) as url:
        yield url


@pytest.fixture(scope="session")
def games_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the play app served for the tests saves its records."""
    return tmp_path_factory.mktemp("games")


@pytest.fixture(scope="session")
def play_voila_url(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory, games_dir: Path) -> Iterator[str]:
    log = tmp_path_factory.mktemp("voila-play") / "voila.log"
    with voila_server(ROOT / "apps" / "play_advisor.ipynb", dict(jupyter_env, SCHOTTEN_GAMES_DIR=str(games_dir)), log) as url:
        yield url


def wait_for_port(port: int, proc: subprocess.Popen[bytes], log: Path, timeout: float = SERVER_START_TIMEOUT) -> None:
    """Wait until the server accepts connections (Voilà renders the page on the first request)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        with socket.socket() as s:
            s.settimeout(1)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise TimeoutError(f"port {port} did not open within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test.sh does)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def browser_page(chromium_browser: Any) -> Iterator[Any]:
    context = chromium_browser.new_context(viewport={"width": 1500, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def scratch_notebook(artifacts: Path) -> Iterator[Path]:
    """A copy of the board-editor notebook in test-artifacts/ (git-ignored) to run, so the committed
    one never gets outputs; from there the notebook still finds data/positions/ above it."""
    source = ROOT / "notebooks" / "05_board_editor.ipynb"
    target = artifacts / f"browser_test_{os.getpid()}.ipynb"
    shutil.copy(source, target)
    try:
        yield target
    finally:
        target.unlink(missing_ok=True)
        shutil.rmtree(artifacts / ".ipynb_checkpoints", ignore_errors=True)


VIEWER_CELLS = [
    "from schotten_lab.bots import Budget\n"
    "from schotten_lab.play.selfplay import Matchup, play_game\n"
    "from schotten_lab.views.game_viewer import GameViewer\n",
    "viewer = GameViewer(play_game(Matchup('greedy', 'random'), 5, 1), budget=Budget(rollouts=30))\nviewer.widget\n",
]


@pytest.fixture(scope="session")
def viewer_voila_url(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[str]:
    """Voilà serving a scratch notebook (in test-artifacts/, removed afterwards) that shows the game
    viewer on a greedy-against-random game."""
    notebook = artifacts / f"viewer_test_{os.getpid()}.ipynb"
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": src}
             for i, src in enumerate(VIEWER_CELLS)]
    notebook.write_text(json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                                "language": "python"}},
                                    "nbformat": 4, "nbformat_minor": 5}))
    log = tmp_path_factory.mktemp("voila-viewer") / "voila.log"
    try:
        with voila_server(notebook, jupyter_env, log) as url:
            yield url
    finally:
        notebook.unlink(missing_ok=True)
