"""The strong tactics heuristic ``greedy-tactics`` against another bot in the tactics variant, measured.

    python benchmarks/tactics_greedy.py [--games 200] [--seed 1] [--a greedy-tactics] [--b greedy-weak] [--expert]

Game ``g`` is the seeded deal ``(seed, g)``; ``a`` is south (and moves first) in even games, north
in odd ones; each bot is seeded by the game. Prints ``a``'s score (a stalled game counts one half)
with a 95% Wilson interval. Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schotten_lab.bots import make_bot  # noqa: E402
from schotten_lab.play.arena import MatchResult, timed_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a", default="greedy-tactics")
    parser.add_argument("--b", default="greedy-weak")
    parser.add_argument("--expert", action="store_true")
    args = parser.parse_args()
    out = MatchResult(0, 0.0, 0.0, 0.0, 0, 0.0, 0)
    started = time.process_time()
    for g in range(args.games):
        a, b = make_bot(args.a, seed=g), make_bot(args.b, seed=g)
        seat = g % 2
        out.add(timed_game((a, b) if seat == 0 else (b, a), args.seed, expert=args.expert, index=g, variant="tactics"), seat)
    low, high = out.interval
    print(
        f"tactics{' expert' if args.expert else ''}, seed {args.seed}: {args.a} vs {args.b}: {out.wins:g}/{out.games} = "
        f"{100 * out.rate:.1f}% (95% Wilson interval {100 * low:.1f}-{100 * high:.1f}%), "
        f"{time.process_time() - started:.0f} s CPU"
    )


if __name__ == "__main__":
    main()
