"""The launchers never serve without a key: scripts/notebooks.sh's JupyterLab refuses API calls without
its token. Starts the real launcher on 127.0.0.1 (a free port), bounded in time, always stopped."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT = 90.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _status(url: str, token: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 - 127.0.0.1 only
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def _launch(script: str, port: int, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["bash", str(ROOT / "scripts" / script), str(port)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,  # its own process group: stopping it stops Jupyter too
    )  # fmt: skip


def _stop(proc: subprocess.Popen[str]) -> str:
    """Stop the launcher's whole process group; its output."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        output, _ = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        output, _ = proc.communicate(timeout=10)
    return output


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_TOKEN", "PORT")}
    env.update(SCHOTTEN_SKIP_SETUP="1", SCHOTTEN_VENV=sys.prefix, **extra)
    return env


@pytest.mark.skipif(not (Path(sys.prefix) / "bin" / "jupyter").exists(), reason="needs the notebooks extra")
def test_notebooks_launcher_refuses_api_calls_without_its_token() -> None:
    port = _free_port()
    token = "harden-test-" + os.urandom(8).hex()
    proc = _launch("notebooks.sh", port, _env(JUPYTER_TOKEN=token))
    api = f"http://127.0.0.1:{port}/api/contents"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert proc.poll() is None, "the launcher exited early"
            try:
                _status(f"http://127.0.0.1:{port}/api/status", token)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert time.monotonic() < deadline, f"JupyterLab did not start within {START_TIMEOUT:.0f} s"
                time.sleep(0.5)
        assert _status(api) in (401, 403)
        assert _status(api, "wrong-" + token) in (401, 403)
        assert _status(api, token) == 200
    finally:
        output = _stop(proc)
    assert f"http://127.0.0.1:{port}/lab/tree/README.md?token={token}" in output
    assert "--allow-root" not in output or os.geteuid() == 0


def test_notebooks_launcher_refuses_an_empty_token() -> None:
    proc = _launch("notebooks.sh", _free_port(), _env(JUPYTER_TOKEN=""))
    try:
        assert proc.wait(timeout=60) == 2
    finally:
        output = _stop(proc)
    assert "without a token" in output


def test_voila_launcher_sets_a_token_culling_and_a_cap() -> None:
    config = (ROOT / "scripts" / "voila_config" / "voila.py").read_text()
    script = (ROOT / "scripts" / "voila.sh").read_text()
    assert 'c.Voila.token = os.environ["VOILA_TOKEN"]' in config
    assert "cull_idle_timeout" in config and "CappedKernelManager" in config
    assert "voila_config" in script and "token=${VOILA_TOKEN}" in script


def _fake_venv(tmp_path: Path) -> Path:
    """A venv whose ``jupyter`` prints its arguments instead of serving (its python is the real one)."""
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    jupyter = bin_dir / "jupyter"
    jupyter.write_text('#!/bin/sh\nfor a in "$@"; do echo "ARG $a"; done\n')
    jupyter.chmod(0o755)
    return tmp_path / "venv"


@pytest.mark.parametrize(("value", "expected"), [(None, "3600"), ("90", "90"), ("0", "0")])
def test_notebooks_launcher_culls_idle_kernels(tmp_path: Path, value: str | None, expected: str) -> None:
    env = {**_env(JUPYTER_TOKEN="t-" + os.urandom(4).hex()), "SCHOTTEN_VENV": str(_fake_venv(tmp_path))}
    env.pop("JUPYTER_CULL_IDLE", None)
    if value is not None:
        env["JUPYTER_CULL_IDLE"] = value
    done = subprocess.run(["bash", str(ROOT / "scripts" / "notebooks.sh"), "8899"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    args = [line[4:] for line in done.stdout.splitlines() if line.startswith("ARG ")]
    assert f"--MappingKernelManager.cull_idle_timeout={expected}" in args
    assert "--MappingKernelManager.cull_interval=60" in args and "--MappingKernelManager.cull_connected=True" in args


def test_notebooks_launcher_refuses_a_bad_cull_timeout(tmp_path: Path) -> None:
    env = {**_env(JUPYTER_CULL_IDLE="soon"), "SCHOTTEN_VENV": str(_fake_venv(tmp_path))}
    done = subprocess.run(["bash", str(ROOT / "scripts" / "notebooks.sh")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2 and "JUPYTER_CULL_IDLE" in done.stderr and "ARG" not in done.stdout
