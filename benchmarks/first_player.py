"""The first-player question: how often the player who moves first wins between equal bots.

    python benchmarks/first_player.py [--bot random] [--games 1000] [--iterations 100]

Two copies of one bot (``random``, ``greedy``, ``policy`` or ``advisor``, the advisor at
``--iterations`` rollouts a move) play ``--games`` seeded deals on the engine; prints the first
player's win rate with a 95% Wilson interval (a blocked game counts one half).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.play.studies import bot_maker  # noqa: E402
from schotten_lab.play.tournament import first_player  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="random", choices=("random", "greedy", "policy", "advisor"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=100, help="advisor rollouts a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    make = bot_maker(f"advisor-{args.iterations}" if args.bot == "advisor" else args.bot)
    started = time.perf_counter()
    row = first_player(make, args.games, seed=args.seed).iloc[0]
    label = f"advisor ({args.iterations} rollouts/move)" if args.bot == "advisor" else args.bot
    print(
        f"first player, {label} vs {label}: {row['first_wins']:g}/{int(row['games'])} = {100 * row['rate']:.1f}% "
        f"(95% CI {100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}%), {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
