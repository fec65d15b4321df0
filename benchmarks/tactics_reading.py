"""What the tactics advisor's reading of the opponent's plays knows, and what its deals cost.

    python benchmarks/tactics_reading.py [--games 6] [--deals 50]

On every decision of ``--games`` seeded ``greedy-tactics`` games against themselves (both timings
in turn), from the seat to move, the opponent being the model the reading assumes, prints:

- the bits the reading gains on the opponent's **true** hand (the mean log2 of its chance under the
  deals' law, less that under uniform deals), with the played cards spending draws
  (:func:`~schotten_lab.bots.tactics_inference.read_hand` as it is) and without (round 16's reading);
- the share of deals whose opponent's hand does not fit the reading, drawn from the exact law
  (:func:`~schotten_lab.bots.tactics_inference.hand_law`) and by round 16's rejection (at most 64
  shuffles, the last kept, written again here for the comparison only);
- the CPU time of the reading (the search view made with it), of making the law, and of a deal
  (``time.process_time``).

Counts that do not depend on the machine, except the times. Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schotten_lab.bots import make_bot, tactics_inference  # noqa: E402
from schotten_lab.bots.rollout_kernel import MAX_TRIES  # noqa: E402
from schotten_lab.bots.tactics_inference import Reading, misfits  # noqa: E402
from schotten_lab.bots.tactics_search import TacticsGame  # noqa: E402
from schotten_lab.bots.tactics_sim import hand_code  # noqa: E402
from schotten_lab.core.rules import Player  # noqa: E402
from schotten_lab.game import apply_turn, new_game  # noqa: E402
from schotten_lab.game.deal import deal as make_deal  # noqa: E402


def decisions(games: int) -> Iterator[tuple[Any, tuple[Any, ...], tuple[int, ...]]]:
    """Every ordinary decision of seeded ``greedy-tactics`` games: (the position to move, the turns,
    the opponent's true hand as codes)."""
    for seed in range(games):
        state = new_game("tactics", seed % 2 == 1, deal=make_deal(0, seed, "tactics"), first=Player.SOUTH)
        bots = {s: make_bot("greedy-tactics", seed=2 * seed + i) for i, s in enumerate((Player.SOUTH, Player.NORTH))}
        while not state.over:
            seat = state.to_move
            if state.pending is None:
                other = state.hands[1 - (seat is Player.NORTH)]
                yield state.observation(seat), tuple(state.turns), tuple(map(hand_code, other))
            state, _ = apply_turn(state, bots[seat].decide(state.observation(seat), state.turns))


def bits(game: TacticsGame, hand: Sequence[int]) -> float:
    """The log2 chance of the true ``hand`` under ``game``'s deals."""
    clan_law, tactics_law = game.laws
    view = game.view
    clan = clan_law.chance(view.hidden_clan, [c for c in hand if c < 54])
    return math.log2(clan * tactics_law.chance(view.hidden_tactics, [c for c in hand if c >= 54]))


def rejection_deal(game: TacticsGame, rng: random.Random) -> tuple[list[int], list[int]]:
    """Round 16's deal: shuffle both kinds until a ``doubt ** misfits`` chance keeps it, at most
    :data:`MAX_TRIES` times, the last kept."""
    view, reading = game.view, game.reading
    clan, tactics = list(view.hidden_clan), list(view.hidden_tactics)
    rng.shuffle(clan)
    rng.shuffle(tactics)
    for _ in range(MAX_TRIES - 1):
        u = misfits(reading, clan[: view.opponent_clan], tactics[: view.opponent_tactics])
        if not u or rng.random() < reading.doubt**u:
            break
        rng.shuffle(clan)
        rng.shuffle(tactics)
    return clan, tactics


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="greedy-tactics games read (default 6)")
    parser.add_argument("--deals", type=int, default=50, help="deals drawn a decision by each sampler (default 50)")
    args = parser.parse_args(argv)
    gain: dict[str, list[float]] = {"with": [], "without": []}
    unfit = {"law": 0, "rejection": 0}
    read_s: list[float] = []
    law_s: list[float] = []
    deal_s = 0.0
    deals = 0
    kept = tactics_inference.kept_draws
    for position, history, hand in decisions(args.games):
        start = time.process_time()
        game = TacticsGame(position, history=history)
        read_s.append(time.process_time() - start)
        uniform = TacticsGame(position)
        tactics_inference.kept_draws = lambda draws, came_after: tuple(draws)
        try:
            older = TacticsGame(position, history=history)
        finally:
            tactics_inference.kept_draws = kept
        if not game.reading.uniform:
            start = time.process_time()
            _ = game.laws  # made once, at the first deal
            law_s.append(time.process_time() - start)
        base = bits(uniform, hand)
        gain["with"].append(bits(game, hand) - base)
        gain["without"].append(bits(older, hand) - base)
        if game.reading.uniform:
            continue
        reading: Reading = game.reading
        view = game.view
        rng = random.Random(len(history))
        start = time.process_time()
        dealt = [game.deal_cards(rng) for _ in range(args.deals)]
        deal_s += time.process_time() - start
        deals += args.deals
        old = [rejection_deal(game, rng) for _ in range(args.deals)]
        for sampler, drawn in (("law", dealt), ("rejection", old)):
            hands = [(c[: view.opponent_clan], t[: view.opponent_tactics]) for c, t in drawn]
            unfit[sampler] += sum(misfits(reading, clan, tactics) > 0 for clan, tactics in hands)
    print(f"{len(read_s)} decisions of {args.games} greedy-tactics games, {len(law_s)} with something read")
    print(f"bits gained on the true hand (mean): {statistics.mean(gain['with']):.3f} with the played cards' draws, "
          f"{statistics.mean(gain['without']):.3f} without (round 16)")
    print(f"deals whose opponent's hand does not fit: exact law {100 * unfit['law'] / deals:.1f}%, "
          f"rejection at most {MAX_TRIES} shuffles {100 * unfit['rejection'] / deals:.1f}% ({deals} deals each)")
    read_ms = (1000 * statistics.median(read_s), 1000 * max(read_s))
    print(f"CPU time: reading and view median {read_ms[0]:.1f} ms (max {read_ms[1]:.1f}), "
          f"law median {1000 * statistics.median(law_s):.2f} ms (max {1000 * max(law_s):.2f}), "
          f"a deal {1e6 * deal_s / deals:.1f} us")


if __name__ == "__main__":
    main()
