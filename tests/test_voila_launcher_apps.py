"""scripts/voila.sh serves either app (``--app editor|play``), and never without a token: the real
launcher started on 127.0.0.1 (a free port), bounded in time, always stopped."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from test_servers import _free_port, _stop  # the launcher tests' helpers (tests/ is on the path)

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT = 120.0


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("VOILA_TOKEN", "PORT")}
    env.update(SCHOTTEN_SKIP_SETUP="1", SCHOTTEN_VENV=sys.prefix, PYTHONWARNINGS="ignore", **extra)
    return env


def _launch(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "voila.sh"), *args], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )  # fmt: skip


def _page(url: str) -> tuple[int, str, str]:
    """(status, final address after redirects, body) of a page."""
    try:
        with urllib.request.urlopen(url, timeout=90) as response:  # noqa: S310 - 127.0.0.1 only
            return int(response.status), response.geturl(), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return int(exc.code), url, ""


def test_an_unknown_app_and_an_empty_token_are_refused() -> None:
    proc = _launch(["--app", "chess"], _env())
    assert proc.wait(timeout=60) == 2
    assert "--app must be 'editor' or 'play'" in _stop(proc)
    proc = _launch(["--app", "play"], _env(VOILA_TOKEN=""))
    assert proc.wait(timeout=60) == 2
    assert "without a token" in _stop(proc)


@pytest.mark.skipif(not (Path(sys.prefix) / "bin" / "voila").exists(), reason="needs the notebooks extra")
def test_the_play_app_is_served_with_a_token_only(tmp_path: Path) -> None:
    port = _free_port()
    token = "play-test-" + os.urandom(6).hex()
    env = _env(VOILA_TOKEN=token, SCHOTTEN_GAMES_DIR=str(tmp_path))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (tmp_path / name).mkdir()
        env[name] = str(tmp_path / name)
    proc = _launch(["--app", "play", "--port", str(port)], env)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert proc.poll() is None, "the launcher exited early"
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert time.monotonic() < deadline, f"Voilà did not start within {START_TIMEOUT:.0f} s"
            time.sleep(0.3)
        base = f"http://127.0.0.1:{port}/"
        for url in (base, f"{base}?token=wrong-{token}"):  # refused, or sent to the login page
            status, final, body = _page(url)
            assert status in (401, 403) or "/login" in final, (status, final)
            assert "against the advisor" not in body
        status, final, body = _page(f"{base}?token={token}")
        assert status == 200 and "/login" not in final
        assert "Play Schotten Totten against the advisor" in body
    finally:
        output = _stop(proc)
    assert f"Play against the advisor: http://127.0.0.1:{port}/?token={token}" in output
    assert "play_advisor.ipynb" in output or "Voil" in output
