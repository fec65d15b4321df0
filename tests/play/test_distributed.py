"""Runs on processes and Dask clusters: the same output, in the same order, as one process.

The ``--dask local`` tests start a real local cluster (a few seconds each) in a fresh process, as a
user would; a scheduler address where none listens gives one clear line, quickly."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from schotten_lab.play.distributed import ClusterError, Runner, ordered_map
from schotten_lab.play.selfplay import fast_available

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = sorted((ROOT / "data" / "positions").glob("*.json"))


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The real entry point, in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "schotten_lab", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300, input=stdin,
    )  # fmt: skip


def square_after_a_pause(n: int) -> int:
    """Later tasks finish first, so results come back out of order unless put back in order."""
    time.sleep(0.02 * (5 - n % 5))
    return n * n


def test_ordered_map_keeps_the_task_order_on_processes() -> None:
    tasks = list(range(12))
    expected = [n * n for n in tasks]
    assert list(ordered_map(square_after_a_pause, tasks)) == expected
    assert list(ordered_map(square_after_a_pause, iter(tasks), Runner(jobs=2, window=3))) == expected


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"jobs": 0}, "jobs: must be"),
        ({"jobs": True}, "jobs: must be"),
        ({"dask": " "}, "dask: expected a scheduler address"),
        ({"dask": "tcp://127.0.0.1:8786", "jobs": 2}, "drop --jobs"),
        ({"connect_timeout": 0}, "connect_timeout"),
    ],
)
def test_bad_runner_options_are_named(options: dict[str, object], words: str) -> None:
    with pytest.raises(ClusterError, match=words):
        Runner(**options)  # type: ignore[arg-type]


def test_runner_labels() -> None:
    assert Runner().describe() == "jobs 1" and not Runner().parallel
    assert Runner(jobs=3).describe() == "jobs 3"
    assert Runner(dask="local").describe() == "dask local (2 workers)"
    assert Runner(dask="local", jobs=3).describe() == "dask local (3 workers)"


SELFPLAY = ["selfplay", "--games", "6", "--seed", "4", "--quiet"]


@pytest.mark.parametrize(
    "extra",
    [
        ["--south", "greedy", "--engine", "python"],
        pytest.param(
            ["--games", "600", "--engine", "fast"],
            marks=pytest.mark.skipif(not fast_available(), reason="the fast kernel needs numba"),
        ),
    ],
    ids=["python", "fast"],
)
def test_selfplay_on_a_local_dask_cluster_writes_the_same_bytes(extra: list[str]) -> None:
    one = cli(*SELFPLAY, *extra)
    assert one.returncode == 0, one.stderr
    on_dask = cli(*SELFPLAY, *extra, "--dask", "local")
    assert on_dask.returncode == 0, on_dask.stderr
    assert on_dask.stdout == one.stdout and one.stdout.count("\n") == int(extra[extra.index("--games") + 1]
                                                                          if "--games" in extra else 6)
    assert "dask local (2 workers)" in on_dask.stderr
    assert on_dask.stderr.count("\n") == one.stderr.count("\n")  # the summary only: no cluster logs


def test_batch_analyze_on_a_local_dask_cluster_and_on_processes_writes_the_same_bytes() -> None:
    lines = [Path(p).read_text().replace("\n", " ") for p in POSITIONS[:6]]
    batch = "\n".join([*lines, "not json", "{}"]) + "\n"
    one = cli("analyze", "-", stdin=batch)
    assert one.returncode == 1 and one.stdout.count("\n") == 8  # the two bad lines fail, in their places
    assert '"line":7,"error"' in one.stdout and '"line":8,"error"' in one.stdout
    for extra in (["--dask", "local"], ["--jobs", "2"]):
        other = cli("analyze", "-", *extra, stdin=batch)
        assert (other.returncode, other.stdout, other.stderr) == (1, one.stdout, ""), extra
    files = cli("analyze", *map(str, POSITIONS[:3]), "missing.json", "--jobs", "2")
    assert files.stdout == cli("analyze", *map(str, POSITIONS[:3]), "missing.json").stdout
    assert '"file":"missing.json","error":"missing.json: no such file"' in files.stdout


@pytest.mark.parametrize("command", [SELFPLAY, ["analyze", str(POSITIONS[0]), str(POSITIONS[1])]])
def test_an_unreachable_scheduler_is_one_clear_line_quickly(command: list[str]) -> None:
    started = time.perf_counter()
    out = cli(*command, "--dask", "tcp://127.0.0.1:9")
    assert time.perf_counter() - started < 60
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "cannot reach the scheduler within 5 s" in out.stderr, out.stderr


def test_dask_options_are_checked_before_anything_runs() -> None:
    out = cli(*SELFPLAY, "--dask", "tcp://127.0.0.1:9", "--jobs", "2")
    assert out.returncode == 2 and "drop --jobs" in out.stderr and out.stderr.count("\n") == 1


def test_without_dask_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # what an environment without dask looks like
    with pytest.raises(ClusterError, match=r"needs dask\[distributed\].*schotten-lab\[studies\]"):
        list(ordered_map(abs, [1, 2], Runner(dask="local")))


SCHEDULER = """
import logging, sys
from distributed import LocalCluster
with LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address="127.0.0.1:0",
                  silence_logs=logging.ERROR) as cluster:
    print(cluster.scheduler_address, flush=True)
    sys.stdin.read()  # runs until the test closes standard input
"""


def test_selfplay_on_a_scheduler_address_writes_the_same_bytes() -> None:
    """``--dask tcp://...``: a scheduler started by someone else (here, another process)."""
    pytest.importorskip("distributed")
    with subprocess.Popen(
        [sys.executable, "-c", SCHEDULER], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as scheduler:
        assert scheduler.stdout is not None and scheduler.stdin is not None
        address = scheduler.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:")
        args = [*SELFPLAY, "--south", "greedy", "--engine", "python"]
        remote = cli(*args, "--dask", address)
        scheduler.stdin.close()
        assert scheduler.wait(timeout=60) == 0
    assert remote.returncode == 0, remote.stderr
    assert remote.stdout == cli(*args).stdout and f"dask {address}" in remote.stderr


def test_jobs_and_dask_are_for_a_batch_only(capsys: pytest.CaptureFixture[str]) -> None:
    from schotten_lab.cli import main

    for extra in (["--jobs", "2"], ["--dask", "local"]):
        assert main(["analyze", str(POSITIONS[0]), *extra]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{extra[0]}: runs a batch" in err
    assert main(["analyze", str(POSITIONS[0]), str(POSITIONS[1]), "--jobs", "0"]) == 2
    assert "--jobs: must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("runner", [["--jobs", "2"], ["--dask", "local"]])
def test_ctrl_c_stops_a_parallel_batch_at_once_without_tracebacks(runner: list[str]) -> None:
    """Ctrl-C reaches the whole process group (workers too): exit 130, nothing on standard error, no
    worker left behind."""
    import os
    import signal

    line = Path(POSITIONS[0]).read_text().replace("\n", " ")
    process = subprocess.Popen(
        [sys.executable, "-m", "schotten_lab", "analyze", "-", "--quiet", *runner],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    stdin = process.stdin

    def feed() -> None:  # in a thread: the pipes are small, and the batch reads as it goes
        with contextlib.suppress(OSError, ValueError):
            for _ in range(400):
                stdin.write(line + "\n")
            stdin.flush()

    threading.Thread(target=feed, daemon=True).start()
    try:
        assert process.stdout.readline().startswith('{"line":1,')  # the workers are at it
        os.killpg(process.pid, signal.SIGINT)
        assert process.wait(timeout=60) == 130
        assert process.stderr.read() == ""
    finally:
        process.kill()
        for stream in (process.stdin, process.stdout, process.stderr):
            with contextlib.suppress(OSError):
                stream.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the group empties: no worker left (exited and reaped)
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.2)
    else:
        pytest.fail("worker processes outlived the command by 30 s")


def test_logging_is_off_only_while_an_interrupted_cluster_closes() -> None:
    """Dask's own tracebacks while a cluster is torn down after Ctrl-C are silenced, and logging comes
    back as it was once the cluster is closed (a notebook keeps its logs)."""
    import logging

    from schotten_lab.play.distributed import _TeardownQuiet

    before = logging.root.manager.disable
    with _TeardownQuiet():
        assert logging.root.manager.disable == before  # a normal run logs as usual
    quiet = _TeardownQuiet()
    with quiet:
        quiet.engage()
        assert logging.root.manager.disable >= logging.CRITICAL
    assert logging.root.manager.disable == before
