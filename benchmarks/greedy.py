"""The strong ``greedy`` against ``greedy-weak`` (the project's greedy before issue 19), measured.

    python benchmarks/greedy.py [--games 200] [--seed 1] [--a greedy] [--b greedy-weak]

Game ``g`` is the seeded deal ``(seed, g)``; ``a`` is south (and moves first) in even games, north
in odd ones; each bot is seeded by the game. Prints ``a``'s score (a stalled game counts one half)
with a 95% Wilson interval. Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schotten_lab.bots import make_bot  # noqa: E402
from schotten_lab.play.arena import timed_game  # noqa: E402


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate ``score / n``."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="greedy-weak")
    parser.add_argument("--expert", action="store_true")
    args = parser.parse_args()
    score, started = 0.0, time.perf_counter()
    for g in range(args.games):
        bots = [make_bot(args.a, seed=g), make_bot(args.b, seed=g + 100_000)]
        seat = g % 2
        if seat:
            bots.reverse()
        result = timed_game(bots, args.seed, expert=args.expert, index=g)
        score += 1.0 if result.winner == seat else 0.5 if result.winner < 0 else 0.0
    low, high = wilson(score, args.games)
    print(
        f"{args.a} vs {args.b}{' (expert)' if args.expert else ''}: {score:g}/{args.games} = {100 * score / args.games:.1f}% "
        f"(95% interval {100 * low:.1f}-{100 * high:.1f}%), seed {args.seed}, {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
