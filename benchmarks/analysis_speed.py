"""The analysis speed figures of issue 18 item 6, in one command.

    python benchmarks/analysis_speed.py [--positions 20] [--repeat 5] [--batch 40] [--no-cli] [--rollouts]

Positions: ``data/positions/13_midgame.json`` and ``--positions - 1`` seeded variants of it (south's
hand dealt again from the 23 cards off the table, so no two share a viewer cache entry). Prints:

- ``analyze`` public (both hands unknown) and with a viewer (south's hand known), ms per position:
  the median over the positions of the fastest of ``--repeat`` calls, each call with the viewer
  caches emptied first (the computation, not a look-up);
- the marginal ms per position of a CLI batch (``schotten-lab analyze - `` over JSON Lines, JSON
  out): (time of a ``2 * --batch`` line batch - time of a ``--batch`` line batch) / ``--batch``,
  lines all distinct;
- ``claim()`` µs per question (all 18 stone/player questions of every position), the reason left
  unread, then the same with ``.reason`` read;
- the first call in a fresh interpreter: ``import schotten_lab`` alone, then import plus the first
  ``analyze`` of the midgame (best of 3 subprocesses), with the bytecode cached as an installed
  package has it, and once more as this environment runs Python (``PYTHONDONTWRITEBYTECODE=1``:
  numpy and the package compiled from source in every process).

``--rollouts`` adds the advisor's rollouts per second on 13_midgame: its play-out (the move, then
the heuristic rollout to the end) of the 10 first candidate moves on 200 sampled deals (best of 5),
and ``advise(budget=Budget(rollouts=4000))``'s rollouts over its CPU time (search, sampling and reasons).

Every figure is CPU time of the measured process (``time.process_time``, the children's
``getrusage``), so other jobs on a shared machine count less; one line gives the wall time.

Targets (issue 18): analyze < 10 ms public, < 25 ms with a viewer; claim < 100 µs a question;
first call < 0.3 s. Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.bots import Budget
from schotten_lab.analysis import analyze, claim  # noqa: E402
from schotten_lab.analysis.viewer import clear_caches  # noqa: E402
from schotten_lab.core import Position  # noqa: E402
from schotten_lab.core.cards import cards_of  # noqa: E402
from schotten_lab.core.rules import PLAYERS, Player  # noqa: E402

MIDGAME = ROOT / "data" / "positions" / "13_midgame.json"
TARGETS = {"public": 10.0, "viewer": 25.0, "claim": 100.0, "first": 0.3}


def midgames(count: int, seed: int = 0) -> list[Position]:
    """13_midgame and ``count - 1`` seeded variants with south's hand dealt again."""
    base = Position.from_json(MIDGAME.read_text(encoding="utf-8"))
    off_table = list(cards_of(base.public_pool))
    rng = random.Random(seed)
    out = [base]
    while len(out) < count:
        out.append(base.with_hand(Player.SOUTH, sorted(rng.sample(off_table, 6))))
    return out


def public(position: Position) -> Position:
    return position.with_hand(Player.SOUTH, None)


def best_of(fn: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` calls, in CPU seconds of this process (other jobs on the machine
    do not count)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def child_cpu() -> float:
    """CPU seconds used so far by the finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {
    "PYTHONPYCACHEPREFIX": "/tmp/schotten_lab_bench_pycache"
}
"""Subprocesses keep their compiled bytecode (in a private folder), as an installed package does:
without it every fresh interpreter compiles numpy and the package from source first."""


def analyze_ms(positions: list[Position], repeat: int) -> float:
    def once(p: Position) -> None:
        clear_caches()
        analyze(p)

    analyze(positions[0])  # warm-up: tables built once per process
    return 1000 * statistics.median(best_of(lambda p=p: once(p), repeat) for p in positions)


def claim_us(positions: list[Position], repeat: int, read: bool) -> float:
    questions = [(p, n, who) for p in positions for n in range(1, 10) for who in PLAYERS]

    def run() -> None:
        for p, n, who in questions:
            v = claim(p, n, who)
            if read:
                v.reason  # noqa: B018 - reading the words is what is timed

    run()
    return 1e6 * best_of(run, repeat) / len(questions)


def cli_batch_ms(positions: list[Position], batch: int) -> float:
    """Marginal ms per position of ``schotten-lab analyze - --json`` (JSON Lines in and out)."""
    del positions  # the batch takes its own variants, as many as it needs
    lines = [json.dumps(json.loads(p.to_json())) for p in midgames(2 * batch, seed=1)]

    def run(n: int) -> float:
        data = "\n".join(lines[:n]) + "\n"
        start = child_cpu()
        subprocess.run(
            [sys.executable, "-m", "schotten_lab", "analyze", "-", "--json", "--quiet"],
            input=data, text=True, capture_output=True, check=True, cwd=ROOT, env=ENV,
        )
        return child_cpu() - start

    small = min(run(batch) for _ in range(2))
    large = min(run(2 * batch) for _ in range(2))
    return 1000 * (large - small) / batch


def first_call_s(env: dict[str, str] | None) -> tuple[float, float, float]:
    """(import schotten_lab, import + first analyze of the midgame, the same in wall seconds) in a
    fresh interpreter, CPU seconds of that process (best of 3, after one run that fills the
    bytecode cache)."""
    code = (
        "import time; t = time.process_time(); w = time.perf_counter(); import schotten_lab; "
        "i = time.process_time() - t; "
        "from schotten_lab.analysis import analyze; from schotten_lab.core import Position; "
        f"analyze(Position.from_json(open({str(MIDGAME)!r}).read())); "
        "print(i, time.process_time() - t, time.perf_counter() - w)"
    )
    runs = []
    for attempt in range(4):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, env=env)
        if attempt:
            imp, total, wall = map(float, out.stdout.split())
            runs.append((total, imp, wall))
    total, imp, wall = min(runs)
    return imp, total, wall


def rollouts_per_s(repeat: int) -> tuple[float, float]:
    """(play-outs per CPU second on sampled deals, advise(iterations=4000) rollouts per CPU second)."""
    from schotten_lab.bots.advisor import _play_out, advise, candidate_moves
    from schotten_lab.bots.determinize import sample, view_of

    position = Position.from_json(MIDGAME.read_text(encoding="utf-8"))
    view = view_of(position)
    moves = candidate_moves(view)[:10]
    rng = random.Random(0)
    deals = [sample(view, rng) for _ in range(200)]

    def run() -> None:
        r = random.Random(1)
        for d in deals:
            for m in moves:
                _play_out(d, m, view.me, r)

    run()
    raw = len(deals) * len(moves) / best_of(run, repeat)
    advise(position, budget=Budget(rollouts=400), seed=0)
    start = time.process_time()
    advice = advise(position, budget=Budget(rollouts=4000), seed=0)
    return raw, advice.rollouts / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="midgame positions (13_midgame and variants)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per figure (the fastest is kept)")
    parser.add_argument("--batch", type=int, default=40, help="lines of the smaller CLI batch")
    parser.add_argument("--no-cli", action="store_true", help="skip the CLI batch figure")
    parser.add_argument("--rollouts", action="store_true", help="add the advisor's rollouts per second")
    args = parser.parse_args(argv)
    positions = midgames(args.positions)
    rows: list[tuple[str, float, str, float]] = []
    rows.append(("analyze, public (ms/position)", analyze_ms([public(p) for p in positions], args.repeat), "ms", TARGETS["public"]))
    rows.append(("analyze, viewer south (ms/position)", analyze_ms(positions, args.repeat), "ms", TARGETS["viewer"]))
    if not args.no_cli:
        rows.append(("CLI batch analyze - --json, marginal (ms/position)", cli_batch_ms(positions, args.batch), "ms", TARGETS["viewer"]))
    rows.append(("claim, reason unread (µs/question)", claim_us(positions, args.repeat, False), "µs", TARGETS["claim"]))
    rows.append(("claim, reason read (µs/question)", claim_us(positions, args.repeat, True), "µs", float("nan")))
    imp, first, wall = first_call_s(ENV)
    rows.append(("import schotten_lab, fresh process (s)", imp, "s", float("nan")))
    rows.append(("import + first analyze, fresh process (s)", first, "s", TARGETS["first"]))
    rows.append(("  the same, wall time (s)", wall, "s", float("nan")))
    _, uncached, _ = first_call_s(None)
    rows.append(("  the same, PYTHONDONTWRITEBYTECODE as set here (s)", uncached, "s", float("nan")))
    if args.rollouts:
        raw, search = rollouts_per_s(args.repeat)
        rows.append(("advisor play-outs, 13_midgame sampled deals (/s)", raw, "/s", float("nan")))
        rows.append(("advise(iterations=4000) rollouts per CPU s (/s)", search, "/s", float("nan")))
    width = max(len(r[0]) for r in rows)
    for name, value, unit, target in rows:
        shown = f"{value:,.3f}" if unit == "s" else f"{value:,.0f}" if unit == "/s" else f"{value:,.2f}"
        verdict = "" if target != target else ("ok" if value < target else "SLOW") + f" (target < {target:g} {unit})"
        print(f"{name.ljust(width)}  {shown:>9} {unit:<2}  {verdict}")
    print(
        f"\n{len(positions)} midgame positions (13_midgame and variants), fastest of {args.repeat} calls each, "
        "median over positions; viewer caches emptied before each analyze; CLI batch: "
        f"{args.batch} vs {2 * args.batch} distinct lines, best of 2; first call: best of 3 subprocesses "
        "with bytecode cached (the last line: as this environment runs Python, compiling every module). "
        "All figures are CPU time of the measured process unless marked wall."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
