"""Speed of the pure-Python game engine on random games (the numba kernel is benchmarked separately).

    python benchmarks/engine.py [--games 300] [--seed 1]

For each mode (base, base expert, tactics, tactics expert) plays ``--games`` random games with
``schotten_lab.game.playout.random_decision`` (a uniform legal play, every provable claim, random
decks) and prints games per second and milliseconds per game, in CPU time of this process
(``time.process_time``, so other processes on a shared machine do not count) and in wall time, plus
the mean number of turns and how the games ended. The engine's own work (``apply_turn``: checking and
applying the decision) and the random player's (legal plays, claims after the play) are both counted,
as a self-play loop would. Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schotten_lab.game import apply_turn, new_game  # noqa: E402
from schotten_lab.game.playout import random_decision  # noqa: E402

MODES = [("base", False), ("base", True), ("tactics", False), ("tactics", True)]


def run(variant: str, expert: bool, games: int, seed: int) -> tuple[float, float, float, float, Counter[str]]:
    """(CPU seconds, wall seconds, CPU seconds inside apply_turn, mean turns, end reasons)."""
    reasons: Counter[str] = Counter()
    turns = 0
    in_apply = 0.0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for index in range(games):
        rng = random.Random(index)
        state = new_game(variant, expert, seed=seed, index=index)
        while not state.over:
            decision = random_decision(state, rng)
            t = time.process_time()
            state, _ = apply_turn(state, decision)
            in_apply += time.process_time() - t
        turns += len(state.turns)
        reasons[state.reason or "?"] += 1
    return time.process_time() - cpu0, time.perf_counter() - wall0, in_apply, turns / games, reasons


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run("base", False, 5, args.seed)  # warm-up: builds the hand tables
    run("tactics", False, 5, args.seed)
    print(f"{'mode':<16} {'games/s (CPU)':>13} {'ms/game (CPU)':>13} {'games/s (wall)':>14} {'apply_turn share':>16} {'turns':>6}  endings")
    for variant, expert in MODES:
        cpu, wall, in_apply, turns, reasons = run(variant, expert, args.games, args.seed)
        name = variant + (" expert" if expert else "")
        endings = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
        print(
            f"{name:<16} {args.games / cpu:>13.0f} {1000 * cpu / args.games:>13.2f} {args.games / wall:>14.0f}"
            f" {in_apply / cpu:>15.0%} {turns:>6.1f}  {endings}"
        )


if __name__ == "__main__":
    main()
