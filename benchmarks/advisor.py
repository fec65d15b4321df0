"""The advisor's strength and speed, measured (base game).

    python benchmarks/advisor.py [--games 40] [--budget 2.0] [--against greedy,random,weak] [--endgame]

Plays the advisor against each opponent, seats alternating (the advisor moves first in half the
games), and prints its win rate with a 95% Wilson interval and the seconds per move. Opponents:
``greedy`` is the bots' GreedyBot when the ``bots`` branch is present, else the advisor's own
rollout heuristic (``policy``, named as such in the output); ``random`` a uniformly random legal
placement (claiming every provable stone); ``weak`` the advisor with a fifth of the budget.
``--endgame`` times the exact solver on random endgames by cards per hand (1 s and 10 s limits).
The engine is the referee (seeded deals ``(seed, game)``). ``--iterations N`` fixes the advisor's
rollouts per move instead of a time budget (the weak advisor gets N / 5): figures that do not depend
on the machine's load. Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.bots.advisor import AdvisorBot, PolicyBot  # noqa: E402
from schotten_lab.bots.determinize import view_of  # noqa: E402
from schotten_lab.bots.endgame import SolveTimeout, solve  # noqa: E402
from schotten_lab.bots.sim import Sim, shuffled_game  # noqa: E402
from schotten_lab.core.cards import CARDS  # noqa: E402
from schotten_lab.core.position import Position  # noqa: E402
from schotten_lab.play.arena import Decider, MatchResult, match  # noqa: E402


class UniformBot:
    """A uniformly random legal placement; the referee claims every provable stone."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def decide(self, observation: Position, history: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
        view = view_of(observation)
        sim = view.deal(list(view.hidden))
        stones = sim.open_stones(view.me)
        if not stones or not view.hand:
            return {"player": observation.to_move.value, "play": None, "claim": []}
        card = self._rng.choice(view.hand)
        return {"player": observation.to_move.value, "play": {"card": str(CARDS[card]), "stone": self._rng.choice(stones) + 1}, "claim": []}


def greedy_factory() -> tuple[str, Callable[[int], Decider]]:
    try:
        from schotten_lab.bots import make_bot  # type: ignore[attr-defined]

        make_bot("greedy", seed=0)
        return "greedy", lambda g: make_bot("greedy", seed=g)  # type: ignore[no-any-return]
    except (ImportError, ValueError):
        return "policy (advisor's rollout heuristic; bots' greedy absent)", lambda g: PolicyBot(seed=g)


def endgame_sizes(limits: Sequence[float] = (1.0, 10.0), samples: int = 10) -> None:
    """Solve random endgames (greedy-ish play until the deck is empty) by cards per hand."""
    print("exact endgames (deck empty): cards per hand -> solved within the limit, median/max seconds")
    for n in range(4, 7):
        for limit in limits:
            times: list[float] = []
            timeouts = 0
            seed = 0
            while len(times) + timeouts < samples and seed < 50 * samples:
                sim = _endgame(seed, n)
                seed += 1
                if sim is None:
                    continue
                started = time.perf_counter()
                try:
                    solve(sim, seconds=limit)
                    times.append(time.perf_counter() - started)
                except SolveTimeout:
                    timeouts += 1
            if times:
                print(
                    f"  {n} cards/hand, limit {limit:g} s: {len(times)}/{len(times) + timeouts} solved, "
                    f"median {statistics.median(times):.3f} s, max {max(times):.3f} s",
                    flush=True,
                )


def _endgame(seed: int, cards: int) -> Sim | None:
    """A game played by the rollout heuristic (10% random) until the deck is empty and the larger hand
    holds exactly ``cards`` cards."""
    from schotten_lab.bots.sim import greedy_play

    rng = random.Random(seed)
    sim = shuffled_game(seed)
    while sim.winner < 0 and not sim.stalled():
        if not sim.deck:
            size = max(len(h) for h in sim.hands)
            if size == cards:
                return sim
            if size < cards:
                return None
        sim.turn(*greedy_play(sim, rng, 0.1))
    return None


def _progress(game: int, so_far: MatchResult) -> None:
    print(f"    after {game + 1} games: {so_far.wins:g} won", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per opponent (default 40)")
    parser.add_argument("--budget", type=float, default=2.0, help="advisor seconds per move (default 2.0)")
    parser.add_argument(
        "--iterations", type=int, default=None,
        help="advisor rollouts per move instead of a time budget (load-independent, reproducible)",
    )
    parser.add_argument("--against", default="greedy,random,weak", help="opponents, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--endgame", action="store_true", help="also time the exact endgame solver")
    parser.add_argument("--verbose", action="store_true", help="print the running score after each game")
    args = parser.parse_args(argv)
    if args.games < 1 or args.budget <= 0:
        parser.error("--games must be at least 1 and --budget positive")

    weak_iterations = None if args.iterations is None else max(args.iterations // 5, 1)

    def advisor(g: int) -> Decider:
        return AdvisorBot(budget=args.budget, iterations=args.iterations, seed=args.seed * 7919 + g)

    def weak(g: int) -> Decider:
        return AdvisorBot(budget=args.budget / 5, iterations=weak_iterations, seed=args.seed * 7919 + g + 17)

    strong = f"{args.budget:g} s/move" if args.iterations is None else f"{args.iterations} rollouts/move"
    weaker = f"{args.budget / 5:g} s/move" if args.iterations is None else f"{weak_iterations} rollouts/move"
    opponents: dict[str, tuple[str, Callable[[int], Decider]]] = {
        "greedy": greedy_factory(),
        "random": ("random", lambda g: UniformBot(g)),
        "weak": (f"advisor at {weaker}", weak),
    }
    print(f"advisor at {strong}, {args.games} games per opponent, seats alternating, engine as referee")
    for key in args.against.split(","):
        if key not in opponents:
            parser.error(f"--against: unknown opponent {key!r} (expected greedy, random, weak)")
        name, factory = opponents[key]
        result = match(advisor, factory, args.games, seed=args.seed, progress=_progress if args.verbose else None)
        print("  " + result.summary("advisor", name), flush=True)
    if args.endgame:
        endgame_sizes()


if __name__ == "__main__":
    main()
