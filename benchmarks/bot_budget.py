"""Does the advisor as a bot answer within its time budget? Seconds per decision, measured.

    python benchmarks/bot_budget.py [--budget 0.3] [--games 2] [--variant base|tactics|both]

Plays ``--games`` seeded games per variant, ``AdvisorBot(budget=Budget(seconds=B))`` south against
the variant's strong heuristic (``greedy``, ``greedy-tactics``), and prints, per variant, the
advisor's decisions, their median and largest wall-clock seconds (``time.perf_counter`` around
``decide``, as a referee times a bot), and how many ran over the budget. The bot is built first
(its ``warm()`` loads the compiled kernels, outside any move). Wall-clock seconds depend on the
machine and its load (print ``uptime`` beside them); never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schotten_lab.bots import AdvisorBot, Budget, make_bot  # noqa: E402
from schotten_lab.core.rules import Player  # noqa: E402
from schotten_lab.game import apply_turn, new_game  # noqa: E402

PARTNER = {"base": "greedy", "tactics": "greedy-tactics"}


def decision_seconds(variant: str, budget: float, games: int) -> list[float]:
    """Every decision's seconds of the advisor (south) in ``games`` seeded games of ``variant``."""
    seconds: list[float] = []
    for game in range(games):
        state = new_game(variant, seed=game)
        bot = AdvisorBot(budget=Budget(seconds=budget), seed=game)
        other = make_bot(PARTNER[variant], seed=game)
        while not state.over:
            seen = state.observation(state.to_move)
            if state.to_move == Player.SOUTH:
                started = time.perf_counter()
                turn = bot.decide(seen, state.turns)
                seconds.append(time.perf_counter() - started)
            else:
                turn = other.decide(seen, state.turns)
            state, _ = apply_turn(state, turn)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=0.3, help="seconds a move (default 0.3)")
    parser.add_argument("--games", type=int, default=2, help="games per variant (default 2)")
    parser.add_argument("--variant", choices=("base", "tactics", "both"), default="both")
    args = parser.parse_args()
    for variant in ("base", "tactics") if args.variant == "both" else (args.variant,):
        seconds = decision_seconds(variant, args.budget, args.games)
        over = sum(1 for s in seconds if s > args.budget)
        print(
            f"{variant}, budget {args.budget} s: {len(seconds)} decisions, median {statistics.median(seconds):.3f} s, "
            f"largest {max(seconds):.3f} s, {over} over the budget"
        )


if __name__ == "__main__":
    main()
