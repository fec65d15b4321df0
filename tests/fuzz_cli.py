"""A bounded, seeded fuzz of the whole CLI (issue 17): hostile inputs, arguments and output paths.

Not collected by pytest (the file name does not start with ``test_``): it is the long hostile run
whose figures go into a report. Run it niced, against the tree on ``PYTHONPATH``::

    nice -n 19 .venv/bin/python tests/fuzz_cli.py --runs 400 --seed 0

Each run is one command line of ``analyze``, ``claim``, ``advise``, ``notation``, ``diagram``,
``report``, ``replay``, ``review``, ``bot`` or ``selfplay`` built from the curated positions and a
few generated game records, mutated with :func:`tests.test_fuzz.mutate_text` and
:func:`tests.test_fuzz.mutate_document`, with hostile arguments (long, non-ASCII, huge numbers) and
hostile output paths (the command's own input, a name over the file system's limit, a folder, a
missing folder, ``/dev/full``, a read-only folder). Most runs are in-process (fast); the endless
inputs (``/dev/zero``, an endless standard input) run as subprocesses under a memory limit.

It counts exit codes and reports every finding: exit 3 or another code, a traceback, a line of
stderr over 1,000 characters or more than one line on exit 2, a run over its time limit, an input
file changed, an existing output replaced by a failed run, a temporary file left beside a target.
It prints one JSON object (counts and findings, each with its command) and exits 1 if it found any.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after $PYTHONPATH: the tree under test comes first

from schotten_lab import cli  # noqa: E402
from tests.test_fuzz import (  # noqa: E402
    SEEDS, WEIRD_TEXTS, _documents, _notations, _serialize, mutate_document, mutate_text,
)

MAX_STDERR = 1_000
TIME_LIMIT = 60  # seconds for one in-process run
MEMORY_LIMIT = 500 * 2**20  # bytes of address space for a subprocess run (the bound)
SENTINEL = b"precious data that a failed run must not replace\n"
HOSTILE_ARGS = ["", "-1", "0", "9" * 5000, "1e9", "٣", "\x1b[31m", "x" * 300, "nan", "2**64", "1" * 45, " 3 "]


class Timeout(BaseException):
    """A run over its time limit (a BaseException, so the CLI's own handlers do not swallow it)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Timeout()


def digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
    except OSError:
        return None


def run_inprocess(argv: list[str], stdin: bytes) -> tuple[int | str, str, float]:
    """(exit code or 'timeout'/'crash:...', stderr, seconds) of the CLI run in this process."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    start = time.monotonic()
    signal.alarm(TIME_LIMIT)
    code: int | str
    try:
        code = cli.main(argv)
    except Timeout:
        code = "timeout"
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    except BaseException as exc:  # noqa: BLE001 - a crash out of main is a finding
        code = f"crash:{type(exc).__name__}"
    finally:
        signal.alarm(0)
        sys.stdin, sys.stdout, sys.stderr = old
    return code, err.getvalue(), time.monotonic() - start


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_subprocess(argv: list[str], stdin: str, cwd: Path) -> tuple[int | str, str, float]:
    """(exit code or 'timeout', stderr, seconds) of the CLI as a subprocess under a memory limit;
    ``stdin`` is a shell command piped in (``yes``) or a file name."""
    start = time.monotonic()
    command = [sys.executable, "-m", "schotten_lab", *argv]
    feeder = None
    try:
        if stdin.startswith("|"):
            feeder = subprocess.Popen(stdin[1:].split(), stdout=subprocess.PIPE)
            source: Any = feeder.stdout
        else:
            source = open(stdin, "rb") if stdin else subprocess.DEVNULL
        proc = subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=TIME_LIMIT, preexec_fn=_limit_memory, cwd=cwd)  # not this tree: -m imports from the cwd
        code: int | str = proc.returncode
        err = proc.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as exc:
        code, err = "timeout", (exc.stderr or b"").decode("utf-8", "replace")
    finally:
        if feeder is not None:
            feeder.kill()
            feeder.wait()
    return code, err, time.monotonic() - start


class Fuzz:
    def __init__(self, rng: random.Random, folder: Path) -> None:
        self.rng = rng
        self.folder = folder
        self.notations = _notations()
        self.documents = _documents()
        self.games: list[str] = []
        self.counter = 0

    def fresh(self, suffix: str) -> Path:
        self.counter += 1
        return self.folder / f"f{self.counter}{suffix}"

    def make_games(self) -> None:
        """A few real game records (tactics and base) to replay, review and mutate."""
        for variant in ("base", "tactics"):
            target = self.fresh(".jsonl")
            code, err, _ = run_inprocess(["selfplay", "--games", "3", "--seed", "1", "--variant", variant,
                                          "--quiet", "--out", str(target)], b"")
            if code == 0 and target.is_file():
                self.games.extend(line for line in target.read_text(encoding="utf-8").splitlines() if line.strip())
        if not self.games:
            raise SystemExit(f"selfplay could not make game records: {err[:300]}")

    def position_file(self, suffix: str = ".json") -> Path:
        rng = self.rng
        path = self.fresh(suffix)
        kind = rng.randrange(4)
        if kind == 0:
            path.write_text(rng.choice(SEEDS).read_text(encoding="utf-8"), encoding="utf-8")
        elif kind == 1:
            path.write_text(_serialize(mutate_document(rng.choice(self.documents), rng)), encoding="utf-8",
                            errors="surrogatepass")
        elif kind == 2:
            path.write_text(mutate_text(rng.choice(SEEDS).read_text(encoding="utf-8"), rng), encoding="utf-8",
                            errors="surrogatepass")
        else:
            path.write_text(rng.choice(self.notations) + "\n", encoding="utf-8")
        return path

    def game_file(self, suffix: str = ".jsonl") -> Path:
        rng = self.rng
        path = self.fresh(suffix)
        lines = rng.sample(self.games, rng.randint(1, min(3, len(self.games))))
        if rng.random() < 0.6:
            i = rng.randrange(len(lines))
            lines[i] = mutate_text(lines[i], rng).replace("\n", " ")
        if rng.random() < 0.1:
            lines.append(rng.choice(WEIRD_TEXTS) * rng.choice([1, 100, 10_000]))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
        return path

    def output(self, suffix: str, inputs: list[Path]) -> tuple[str, Path | None]:
        """A hostile or ordinary output path, and the file whose old contents must survive a failure."""
        rng = self.rng
        kind = rng.randrange(9)
        if kind == 0 and inputs:
            return str(inputs[0]), None  # its own input: checked as an input
        if kind == 1:
            return str(self.folder / ("a" * 300 + suffix)), None
        if kind == 2:
            return str(self.folder), None
        if kind == 3:
            return str(self.folder / "missing" / ("x" + suffix)), None
        if kind == 4:
            return "/dev/full", None
        if kind == 5:
            locked = self.folder / "locked"
            locked.mkdir(exist_ok=True)
            locked.chmod(0o500)
            return str(locked / ("x" + suffix)), None
        target = self.fresh(suffix)
        if kind in (6, 7):
            target.write_bytes(SENTINEL)  # an existing file a failed run must keep
            return str(target), target
        return str(target), None

    def arg(self, good: str) -> str:
        return self.rng.choice(HOSTILE_ARGS) if self.rng.random() < 0.3 else good

    def case(self) -> tuple[list[str], bytes, list[Path], Path | None]:
        """(argv, stdin, input files, a pre-existing output to keep on failure)."""
        rng = self.rng
        command = rng.choice(["analyze", "claim", "advise", "notation", "diagram", "report", "replay", "review",
                              "bot", "selfplay"])
        stdin = b""
        if command in ("analyze", "claim", "advise", "notation", "diagram", "report"):
            source = self.position_file(rng.choice([".json", ".json", ".svg", ".html", ""]))
            inputs = [source]
            argv = [command, str(source)]
            if rng.random() < 0.2:
                argv = [command, "-"]
                stdin = source.read_bytes()
            if command == "claim":
                argv += ["--stone", self.arg(str(rng.randint(1, 9))), "--player", rng.choice(["south", "north", "x"])]
            if command == "advise":
                argv += ["--iterations", self.arg(str(rng.choice([20, 50]))), "--seed", self.arg("1")]
                if rng.random() < 0.3:
                    argv += ["--moves", self.arg("3")]
            if command in ("diagram", "report"):
                out, keep = self.output(".svg" if command == "diagram" else ".html", inputs)
                argv += ["-o", out]
                if command == "diagram" and rng.random() < 0.3:
                    argv += ["--caption", rng.choice(HOSTILE_ARGS)]
                return argv, stdin, inputs, keep
            return argv, stdin, inputs, None
        if command in ("replay", "review"):
            game = self.game_file(rng.choice([".jsonl", ".json", ".html"]))
            inputs = [game]
            argv = [command, str(game)]
            if rng.random() < 0.3:
                argv += ["--game", self.arg("1")]
            if command == "review":
                argv += ["--iterations", self.arg("10"), "--seed", self.arg("0")]
                if rng.random() < 0.7:
                    out, keep = self.output(".html", inputs)
                    argv += ["--out", out]
                    return argv, stdin, inputs, keep
            return argv, stdin, inputs, None
        if command == "bot":
            lines = [rng.choice(self.notations) for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.5:
                lines[0] = mutate_text(lines[0], rng)
            stdin = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
            return ["bot", rng.choice(["greedy", "simple", "random", "nobody"]), "--seed", self.arg("1")], stdin, [], None
        games = self.arg(str(rng.randint(1, 3)))
        if games.strip().isdigit() and (len(games.strip()) > 1 or int(games) > 5):
            games = str(10**12)  # an upper bound must refuse it, not play it
        out, keep = self.output(".jsonl", [])  # selfplay reads no file: replacing an old --out is its job
        argv = ["selfplay", "--games", games, "--seed", self.arg("2"), "--quiet", "--out", out]
        return argv, stdin, [], keep

    def endless_cases(self) -> list[tuple[list[str], str]]:
        """The unbounded inputs of the issue, run as subprocesses under a memory limit."""
        return [
            (["replay", "/dev/zero"], ""),
            (["review", "/dev/zero"], ""),
            (["replay", "-"], "|yes"),
            (["review", "-"], "|yes"),
            (["analyze", "-"], "|yes"),  # a batch streams line by line: only its memory is bounded
            (["notation", "/dev/zero"], ""),
            (["bot", "greedy"], "/dev/zero"),
        ]


def check(code: int | str, err: str) -> list[str]:
    problems = []
    if code not in (0, 1, 2):
        problems.append(f"exit {code}")
    if "Traceback" in err:
        problems.append("traceback")
    if code == 2 and (err.count("\n") != 1 or len(err) > MAX_STDERR):
        problems.append(f"exit 2 with {err.count(chr(10))} lines, {len(err)} characters")
    elif len(err) > MAX_STDERR * 20:
        problems.append(f"{len(err)} characters of stderr")
    if "internal error" in err:
        problems.append("internal error")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-endless", action="store_true", help="skip the subprocess runs on endless inputs")
    options = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(options.seed)
    codes: Counter[str] = Counter()
    per_command: Counter[str] = Counter()
    findings: list[dict[str, Any]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="schotten-fuzz-") as name:
        folder = Path(name)
        fuzz = Fuzz(rng, folder)
        fuzz.make_games()
        for _ in range(options.runs):
            argv, stdin, inputs, keep = fuzz.case()
            before = {p: digest(p) for p in inputs}
            code, err, seconds = run_inprocess(argv, stdin)
            codes[str(code)] += 1
            problems = check(code, err)
            problems += [f"input {p.name} changed" for p in inputs if digest(p) != before[p]]
            if keep is not None and code != 0 and keep.read_bytes() != SENTINEL:
                problems.append(f"failed run replaced {keep.name}")
            leftovers = sorted(p.name for p in folder.rglob("*.tmp*"))
            if leftovers:
                problems.append(f"temporary files left: {leftovers[:3]}")
                for left in folder.rglob("*.tmp*"):
                    left.unlink()
            per_command[argv[0]] += seconds
            print(f"{sum(codes.values())} exit {code} {seconds:.1f}s {argv[0]} {problems or ''}", file=sys.stderr, flush=True)
            if problems:
                findings.append({"argv": [a[:80] for a in argv], "stdin_bytes": len(stdin), "exit": code,
                                 "seconds": round(seconds, 1), "problems": problems, "stderr": err[-300:]})
                print(json.dumps(findings[-1], ensure_ascii=False), file=sys.stderr, flush=True)
        endless: list[dict[str, Any]] = []
        if not options.no_endless:
            for argv, stdin in fuzz.endless_cases():
                code, err, seconds = run_subprocess(argv, stdin, folder)
                problems = check(code, err)
                if argv[0] == "analyze" and code == "timeout":
                    problems = []  # an endless batch of bad lines runs until stopped, in bounded memory
                endless.append({"argv": argv, "stdin": stdin or None, "exit": code, "seconds": round(seconds, 1),
                                "stderr": err.strip()[-200:], "problems": problems})
                print(json.dumps(endless[-1], ensure_ascii=False), file=sys.stderr, flush=True)
                if problems:
                    findings.append(endless[-1])
        if (folder / "locked").exists():
            (folder / "locked").chmod(0o700)
    report = {"tree": str(Path(cli.__file__).parents[2]), "runs": options.runs, "seed": options.seed, "seconds": round(time.monotonic() - started),
              "exit_codes": dict(sorted(codes.items())), "seconds_by_command": {k: round(v) for k, v in per_command.items()},
              "findings": len(findings), "endless": endless,
              "details": findings}
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
