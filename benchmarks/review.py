"""The game review's cost and label stability, measured.

    python benchmarks/review.py [--games 3] [--iterations 200] [--south random] [--north greedy] [--seed 0]
    python benchmarks/review.py --stability [--seeds 5] [--south greedy] [--north greedy] [--iterations 200]

The first form plays ``--games`` seeded self-play games (python engine), reviews each with
``review_game`` at ``--iterations`` rollouts per turn (the CLI's default is 200), writes the page to a
temporary file, and prints per game the turns, the seconds to review, seconds per turn, the seconds to
build the HTML and its size.

``--stability`` reviews one game (``play_game(Matchup(south, north), seed, 0)``; issue 19's is greedy
against greedy, seed 0) with review seeds 0 to ``--seeds`` - 1 and prints, per review seed, the
seconds, the scoring rollouts (the deals times the moves scored on them, which do not depend on the
machine's load) and the labels; then the turns whose label differs between the seeds (a turn differs
if its label, none included, is not the same under every seed), each with its loss ± standard error
under every seed. Seconds depend on the machine and its load (print ``uptime`` beside them); never a
timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.bots import Budget
from schotten_lab.play import review_measure  # noqa: E402
from schotten_lab.play.review import DEFAULT_ITERATIONS, review_game  # noqa: E402
from schotten_lab.play.selfplay import Matchup, play_game  # noqa: E402
from schotten_lab.views.review import write_review  # noqa: E402


def counting_rollouts() -> list[int]:
    """Count the review's scoring rollouts (deals times moves) from here on; the count is ``[0]``."""
    count = [0]
    real = review_measure.compare_turns

    def counted(position: Any, turns: Any, deals: int, seed: int, **options: Any) -> list[list[float]]:
        count[0] += deals * len(turns)
        return real(position, turns, deals, seed, **options)

    review_measure.compare_turns = counted
    return count


def stability(args: argparse.Namespace) -> None:
    """One game reviewed under several seeds: time, rollouts, and the turns whose label differs."""
    record = play_game(Matchup(args.south, args.north), args.seed, 0)
    count = counting_rollouts()
    print(f"label stability: {args.south} vs {args.north} (seed {args.seed}), {len(record['turns'])} turns, "
          f"{args.iterations} iterations per turn, review seeds 0-{args.seeds - 1}; load average {os.getloadavg()[0]:.1f}")
    reviews = []
    for seed in range(args.seeds):
        count[0] = 0
        started = time.perf_counter()
        review = review_game(record, budget=Budget(rollouts=args.iterations), seed=seed)
        seconds = time.perf_counter() - started
        reviews.append(review.turns)
        labels = sum(t.label is not None for t in review.turns)
        print(f"seed {seed}: {seconds:.1f} s, {count[0]:,} scoring rollouts, {labels} labelled turns "
              f"(load average {os.getloadavg()[0]:.1f})", flush=True)
    differ = 0
    for turns in zip(*reviews):
        if len({t.label for t in turns}) > 1:
            differ += 1
            shown = " | ".join(f"{t.label or 'none'} {100 * (t.loss or 0.0):.1f} ±{100 * (t.loss_stderr or 0.0):.1f} ({t.deals} deals)" for t in turns)
            print(f"  turn {turns[0].turn}: {shown}")
    print(f"{differ} of {len(reviews[0])} turns differ between the {args.seeds} seeds")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--south", default=None, help="default: random (greedy with --stability)")
    parser.add_argument("--north", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--stability", action="store_true", help="review one game under several seeds")
    parser.add_argument("--seeds", type=int, default=5, help="with --stability: review seeds 0 to N-1")
    args = parser.parse_args()
    if args.stability:
        args.south = args.south or "greedy"
        stability(args)
        return
    args.south = args.south or "random"
    match = Matchup(args.south, args.north)
    print(f"review: {args.south} vs {args.north}, {args.iterations} iterations per turn, seed {args.seed}")
    total_turns, total_seconds = 0, 0.0
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.games):
            record = play_game(match, args.seed, index)
            started = time.perf_counter()
            review = review_game(record, budget=Budget(rollouts=args.iterations), seed=args.seed)
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
