"""Seconds per call of the tactics-variant move reasons (bots.tactics_reasons.explain_play).

    python benchmarks/tactics_reasons.py [--games 6] [--seed 0] [--expert]

Plays ``--games`` random tactics games (the engine's random playouts, deals ``(seed, g)``) and, at
every turn, times ``explain_play`` on every legal play of the player to move (the observation that
player gets, the claims a bot would make), one call each, in a fresh process (its memo of stone
chances is empty at the start, as for the advisor's first move). Prints the median, 90th and 99th
percentiles and the largest time, overall and by kind of play. Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.bots.tactics_reasons import explain_play  # noqa: E402
from schotten_lab.bots.turns import until_win, with_claims  # noqa: E402
from schotten_lab.core.position import Position  # noqa: E402
from schotten_lab.game import claimable_stones, claims_after, legal_plays  # noqa: E402
from schotten_lab.game.playout import random_states  # noqa: E402


def measure(games: int, seed: int, expert: bool) -> dict[str, list[float]]:
    """Seconds per call, by kind of play (``pass`` for a pass)."""
    times: dict[str, list[float]] = {}
    for g in range(games):
        for state in random_states("tactics", expert, seed=seed, index=g):
            if not state.over and state.pending is None:
                seen = state.observation(state.to_move)
                me = seen.to_move
                first: list[int] = until_win(seen, me, claimable_stones(seen, me)) if expert else []
                position: Position = with_claims(seen, me, first)
                for play in (() if position.winner() else legal_plays(position)) or (None,):  # winning claims: no play
                    claims = first if expert else until_win(position, me, claims_after(position, play))
                    started = time.perf_counter()
                    explain_play(seen, play, claims)
                    kind = "pass" if play is None else play.kind if play.kind in ("clan", "troop", "mode") else play.card
                    times.setdefault(kind, []).append(time.perf_counter() - started)
    return times


def line(name: str, values: list[float]) -> str:
    ordered = sorted(values)

    def at(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return (
        f"{name:<12} {len(values):>7} calls  median {1000 * statistics.median(values):7.2f} ms  "
        f"p90 {at(0.9):7.2f} ms  p99 {at(0.99):7.2f} ms  max {1000 * ordered[-1]:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--expert", action="store_true")
    args = parser.parse_args()
    times = measure(args.games, args.seed, args.expert)
    every = [t for values in times.values() for t in values]
    print(f"explain_play, {args.games} random tactics games{' (expert)' if args.expert else ''}, seed {args.seed}")
    print(line("all plays", every))
    for kind in sorted(times, key=lambda k: -len(times[k])):
        print(line(kind, times[kind]))


if __name__ == "__main__":
    main()
