"""Self-play throughput: whole random-vs-random games per second, as ``schotten-lab selfplay`` plays them.

    python benchmarks/selfplay.py [--games 200] [--seed 0] [--greedy 4]

For each engine (the python engine, and the compiled ``fast`` kernel when ``play/fastplay.py`` can
run) and for the base and expert variants, it plays games on one process exactly as the command
does: :func:`schotten_lab.play.selfplay_lines` (every provable claim made, one compact JSON record per
line), each line written to ``os.devnull`` and added to the :class:`~schotten_lab.play.Summary`; it
prints games/s and mean turns per game. The python engine also plays ``--greedy`` greedy-vs-random
games and a few tactics games, to show what the heavier bots cost. Wall time, one process, after a
warm-up game; never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.play.selfplay import Engine, Matchup, Summary, fast_available, selfplay_lines  # noqa: E402


def rate(match: Matchup, games: int, seed: int, engine: Engine) -> tuple[float, float]:
    """(games per second, mean turns per game) over ``games`` games on one process."""
    list(selfplay_lines(match, 1, seed + 1, engine=engine))  # warm-up: tables, imports, compilation
    summary = Summary()
    start = time.perf_counter()
    with open(os.devnull, "w", encoding="utf-8") as sink:
        for line in selfplay_lines(match, games, seed, engine=engine):
            sink.write(line + "\n")
            summary.add_line(line)
    seconds = time.perf_counter() - start
    return games / seconds, summary.to_dict()["turns"]["mean"] or 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per row (default 200)")
    parser.add_argument("--greedy", type=int, default=4, help="greedy-vs-random and tactics games (default 4)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rows: list[tuple[str, str, int, float, float]] = []
    engines: list[Engine] = ["python"] + (["fast"] if fast_available() else [])
    for engine in engines:
        games = args.games if engine == "python" else args.games * 100
        for expert in (False, True):
            label = "base expert" if expert else "base"
            rows.append((engine, f"random vs random, {label}", games, *rate(Matchup(expert=expert), games, args.seed, engine)))
    if args.greedy:
        rows.append(("python", "random vs random, tactics", args.greedy * 5, *rate(Matchup(variant="tactics"), args.greedy * 5, args.seed, "python")))
        rows.append(("python", "greedy vs random, base", args.greedy, *rate(Matchup("greedy", "random"), args.greedy, args.seed, "python")))
    print(f"{'engine':<8} {'games':<32} {'n':>6} {'games/s':>10} {'turns/game':>11}")
    for engine, label, n, per_second, turns in rows:
        print(f"{engine:<8} {label:<32} {n:>6} {per_second:>10,.1f} {turns:>11.1f}")
    if not fast_available():
        print("(the fast kernel, schotten_lab/play/fastplay.py, is not importable here: python engine only)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
