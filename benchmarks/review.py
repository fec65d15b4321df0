"""The game review's cost, measured: seconds to review whole games, and to write the HTML page.

    python benchmarks/review.py [--games 3] [--iterations 200] [--south random] [--north greedy] [--seed 0]

Plays ``--games`` seeded self-play games (python engine), reviews each with ``review_game`` at
``--iterations`` rollouts per turn (the CLI's default is 200), writes the page to a temporary file,
and prints per game the turns, the seconds to review, seconds per turn, the seconds to build the HTML
and its size. Figures depend on the machine and its load; never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.play.review import DEFAULT_ITERATIONS, review_game  # noqa: E402
from schotten_lab.play.selfplay import Matchup, play_game  # noqa: E402
from schotten_lab.views.review import write_review  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--south", default="random")
    parser.add_argument("--north", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    match = Matchup(args.south, args.north)
    print(f"review: {args.south} vs {args.north}, {args.iterations} iterations per turn, seed {args.seed}")
    total_turns, total_seconds = 0, 0.0
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.games):
            record = play_game(match, args.seed, index)
            started = time.perf_counter()
            review = review_game(record, iterations=args.iterations, seed=args.seed)
            seconds = time.perf_counter() - started
            started = time.perf_counter()
            path = write_review(review, Path(folder) / f"review{index}.html")
            page = time.perf_counter() - started
            turns = len(record["turns"])
            total_turns += turns
            total_seconds += seconds
            labels = sum(t.label is not None for t in review.turns)
            print(
                f"game {index}: {turns} turns, review {seconds:.1f} s ({seconds / turns:.2f} s/turn), "
                f"{labels} labelled turns, HTML {page:.2f} s, {path.stat().st_size / 1000:.0f} kB"
            )
    if total_turns:
        print(f"mean: {total_seconds / args.games:.1f} s per game, {total_seconds / total_turns:.2f} s per turn")


if __name__ == "__main__":
    main()
