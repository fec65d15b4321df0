"""The advisor's rollouts per second, before and after the compiled rollout kernel (issue 18 item 6).

    python benchmarks/rollouts.py [--deals 200] [--repeat 3] [--advise 2000]

On data/positions/13_midgame.json, the 10 first candidate moves each played on the same sampled
deals, then finished by a rollout:

- ``python (today's)``: :func:`schotten_lab.bots.advisor._play_out` before the kernel, i.e. the
  search state :class:`~schotten_lab.bots.sim.Sim` and its ``rollout`` in plain Python;
- ``kernel <policy>``: :func:`schotten_lab.bots.rollout_kernel` 's batch (one call plays every deal of
  every move), compiled by numba when it is importable, for each rollout policy; ``plain`` runs the
  very same source without numba (``--plain``, slow: the twin the tests compare with).

Rollouts per CPU second (``time.process_time``, best of ``--repeat``), so the load of a shared machine
counts less; then ``advise(budget=Budget(rollouts=N))``'s rollouts over its CPU time (sampling, search and reasons
included) and its seconds at ``budget=Budget(rollouts=300)``. Prints the load average beside the figures. Never a
timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.bots import Budget
from schotten_lab.bots.advisor import advise, candidate_moves  # noqa: E402
from schotten_lab.bots.advice import score  # noqa: E402
from schotten_lab.bots.determinize import sample, view_of  # noqa: E402
from schotten_lab.bots.sim import rollout  # noqa: E402
from schotten_lab.core.position import Position  # noqa: E402

MIDGAME = ROOT / "data" / "positions" / "13_midgame.json"


def best_of(run: Callable[[], object], repeat: int) -> float:
    """The least CPU seconds of ``repeat`` calls of ``run``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def python_rate(deals: int, repeat: int) -> float:
    """Today's play-outs (the Sim and its Python rollout) per CPU second."""
    position = Position.from_json(MIDGAME.read_text(encoding="utf-8"))
    view = view_of(position)
    moves = candidate_moves(view)[:10]
    rng = random.Random(0)
    states = [sample(view, rng) for _ in range(deals)]

    def run() -> None:
        r = random.Random(1)
        for d in states:
            for m in moves:
                sim = d.copy()
                sim.turn(*m)
                score(sim.winner if sim.winner >= 0 else rollout(sim, r), view.me)

    run()
    return deals * len(moves) / best_of(run, repeat)


def kernel_rate(deals: int, repeat: int, policy: str, plain: bool) -> float | None:
    """The kernel's play-outs (dealing included) per CPU second, or ``None`` before the kernel exists."""
    try:
        from schotten_lab.bots import rollouts as batch
    except ImportError:
        return None
    position = Position.from_json(MIDGAME.read_text(encoding="utf-8"))
    view = view_of(position)
    moves = candidate_moves(view)[:10]
    player = batch.Rollouts(view, policy=policy, compiled=not plain)

    def run() -> None:
        player.play(moves, deals, 1)

    run()
    return deals * len(moves) / best_of(run, repeat)


def advise_figures(iterations: int) -> tuple[float, float]:
    """(``advise(iterations=N)`` rollouts per CPU second, seconds of ``advise(iterations=300)``)."""
    position = Position.from_json(MIDGAME.read_text(encoding="utf-8"))
    advise(position, budget=Budget(rollouts=300), seed=0)  # warm-up (tables, the compiled kernel)
    start = time.process_time()
    advice = advise(position, budget=Budget(rollouts=iterations), seed=0)
    rate = advice.rollouts / (time.process_time() - start)
    start = time.perf_counter()
    advise(position, budget=Budget(rollouts=300), seed=1)
    return rate, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="sampled deals (each plays the 10 first moves)")
    parser.add_argument("--repeat", type=int, default=3, help="timed calls per figure (the fastest is kept)")
    parser.add_argument("--advise", type=int, default=2000, help="rollouts of the timed advise() call")
    parser.add_argument("--plain", action="store_true", help="also time the kernel's plain-Python path (slow)")
    args = parser.parse_args(argv)
    print(f"data/positions/13_midgame.json, 10 moves x {args.deals} deals; load average {os.getloadavg()[0]:.2f}")
    before = python_rate(args.deals, args.repeat)
    print(f"  python (today's Sim rollouts)        {before:10,.0f} rollouts per CPU s", flush=True)
    try:
        from schotten_lab.bots.rollouts import POLICIES
    except ImportError:
        POLICIES = ()
    for policy in POLICIES:
        for plain in (False, True) if args.plain else (False,):
            rate = kernel_rate(args.deals if not plain else max(args.deals // 10, 4), args.repeat, policy, plain)
            if rate is not None:
                path = "plain" if plain else "compiled"
                print(f"  kernel, {policy} policy, {path:<8}       {rate:10,.0f} rollouts per CPU s  ({rate / before:.1f}x)", flush=True)
    rate, seconds = advise_figures(args.advise)
    print(f"  advise(iterations={args.advise}): {rate:,.0f} rollouts per CPU s (sampling, search, reasons)")
    print(f"  advise(iterations=300): {seconds:.3f} s wall")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
