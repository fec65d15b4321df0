"""``schotten-lab advise`` as a user runs it: one process, the default 2 s budget, cold and warm cache.

    python benchmarks/cli_advise.py [--runs 3] [--cold] [--root OTHER_CHECKOUT] [POSITION]

Runs ``schotten-lab advise POSITION --json`` (default data/positions/13_midgame.json, the default
time budget) ``--runs`` times in fresh interpreters and prints, for each run, the rollouts the search
played (the JSON's ``rollouts``), the search's own seconds (``seconds``), and the process's wall and
CPU seconds (the child's ``getrusage``), with the load average. ``--cold`` first runs once with an
empty numba cache (``NUMBA_CACHE_DIR`` a fresh folder: the compile a new installation pays once),
then the warm runs reuse that folder. ``--root`` runs another checkout's package (e.g. an export of
main: ``git archive main | tar -x -C /tmp/main``) with this environment's Python, for a before/after.
Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIDGAME = ROOT / "data" / "positions" / "13_midgame.json"


def run_once(root: Path, position: Path, env: dict[str, str]) -> dict[str, float]:
    """One ``advise`` process: its rollouts, search seconds, wall and CPU seconds, and its stderr lines."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "schotten_lab", "advise", str(position), "--json"],
        cwd=root, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    document = json.loads(done.stdout)
    return {"rollouts": document["rollouts"], "search": document["seconds"], "wall": wall, "cpu": cpu,
            "notes": len(done.stderr.splitlines())}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("position", nargs="?", type=Path, default=MIDGAME)
    parser.add_argument("--runs", type=int, default=3, help="warm runs (default 3)")
    parser.add_argument("--cold", action="store_true", help="first one run with an empty numba cache")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose package runs (default this one)")
    args = parser.parse_args()
    root = args.root.resolve()
    env = dict(os.environ, PYTHONPATH=str(root))
    cache = tempfile.mkdtemp(prefix="advise-numba-") if args.cold else None
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    print(f"schotten-lab advise {args.position.name} --json (default 2 s budget), package from {root}")
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'run':<6} {'rollouts':>9} {'search s':>9} {'wall s':>7} {'CPU s':>6}  stderr lines")
    labels = (["cold"] if cache is not None else []) + [f"warm{i + 1}" for i in range(args.runs)]
    for label in labels:
        r = run_once(root, args.position.resolve(), env)
        print(f"{label:<6} {r['rollouts']:>9,} {r['search']:>9.2f} {r['wall']:>7.2f} {r['cpu']:>6.2f}  {r['notes']}")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
