"""The tactics search's rollouts: their speed, what they play, and the deals a Headhunter put-back gets.

    python benchmarks/tactics_rollouts.py [--rollouts 300] [--positions 5] [--search-rollouts N]

Prints, in CPU time of this process (``time.process_time``: other processes on a shared machine do
not count):

- rollouts a second from fresh deals (the policy for both players to the end of the game) in the
  object form (:mod:`schotten_lab.bots.tactics_policy` on :class:`~schotten_lab.bots.tactics_sim.TacticsSim`,
  the kernel's slow twin), and the tactics cards they played per rollout (combat modes, each ruse,
  troops) and the draws from the tactics deck: counts that do not depend on the machine;
- the same rollouts on the kernel (:mod:`schotten_lab.bots.tactics_policy_kernel`), plain and compiled;
- rollouts a second inside the search, plain and compiled (a process plays the compiled rollouts
  once they are loaded: the same moves);
- after a Headhunter (the first ``--positions`` pending put-backs of seeded random games): the
  choices listed and searched, and the deals the least and the most sampled searched choice got at
  ``--rollouts`` rollouts a move (counts; the same on any machine).

Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schotten_lab.bots import Budget
from schotten_lab.bots import advise  # noqa: E402
try:
    from schotten_lab.bots.tactics_policy import policy_turn  # noqa: E402
except ImportError:  # a tree before the policy had its module (to measure before/after)
    from schotten_lab.bots.tactics_sim import policy_turn  # type: ignore[attr-defined,no-redef]  # noqa: E402
from schotten_lab.bots.tactics_sim import NAME_OF, from_state  # noqa: E402
from schotten_lab.game import GameState, apply_turn, new_game  # noqa: E402
from schotten_lab.game.playout import random_decision  # noqa: E402


def rollouts(count: int) -> None:
    """``count`` rollouts from fresh deals (deal ``k`` of seed ``k``), timed, and what they played."""
    sims = [from_state(new_game("tactics", seed=k)) for k in range(count)]
    played: Counter[str] = Counter()
    tactics_draws = 0
    started = time.process_time()
    for k, sim in enumerate(sims):
        rng = random.Random(k)
        deck = len(sim.tactics_deck)
        for _ in range(400):
            if sim.winner >= 0 or sim.stalled():
                break
            hands = [list(sim.hands[0]), list(sim.hands[1])]
            policy_turn(sim, rng, 0.1)
            for p in (0, 1):
                for code in set(hands[p]) - set(sim.hands[p]):
                    if code >= 54 and code not in sim.hands[p]:
                        played[NAME_OF[code]] += 1
        tactics_draws += deck - len(sim.tactics_deck)
    seconds = time.process_time() - started
    print(f"{count} rollouts from fresh deals: {count / seconds:,.0f} a second (CPU), {1000 * seconds / count:.2f} ms each")
    per = ", ".join(f"{name} {n / count:.2f}" for name, n in sorted(played.items()))
    print(f"  tactics cards played per rollout: {per}; tactics-deck draws per rollout {tactics_draws / count:.2f}")


def kernel_rollouts(count: int) -> None:
    """The same ``count`` rollouts on the kernel, plain (on lists) and compiled (numba), timed."""
    import numpy as np

    from schotten_lab.bots import tactics_kernel as tk, tactics_policy_kernel as policy
    from schotten_lab.bots.rollouts import _numba

    states = [tk.state_of(from_state(new_game("tactics", seed=k))) for k in range(count)]
    cut = tk.explore_cut(0.1)
    numba = _numba()
    paths: list[tuple[str, object]] = [("plain", policy)] + ([("compiled", policy.compiled(numba))] if numba else [])
    for label, functions in paths:
        if functions is policy:
            make = lambda s: list(s)  # noqa: E731
            room = lambda n: [0] * n  # noqa: E731
        else:
            make = lambda s: np.asarray(s, dtype=np.int64)  # noqa: E731
            room = lambda n: np.zeros(n, np.int64)  # noqa: E731
            functions.rollout_seeded(make(states[0]), 0, cut, room(4), room(27))  # type: ignore[attr-defined]  # compiled (or read) first
        started = time.process_time()
        for k, state in enumerate(states):
            functions.rollout_seeded(make(state), k, cut, room(4), room(27))  # type: ignore[attr-defined]
        seconds = time.process_time() - started
        print(f"{count} rollouts from fresh deals on the kernel, {label}: {count / seconds:,.0f} a second (CPU), {1000 * seconds / count:.3f} ms each")
    if numba is None:
        print("  compiled: numba is not installed")


def in_search(budget: int, positions: int = 4) -> None:
    """Rollouts a second inside the search (``advise`` at ``budget`` rollouts on ``positions`` seeded
    midgame positions, ten random turns in), plain and compiled (:func:`schotten_lab.bots.rollouts.warm`,
    what a process does once the compiled rollouts are loaded: the same moves, faster)."""
    from schotten_lab.bots import rollouts as compiled_rollouts, tactics_sim

    found = []
    for seed in range(positions):
        rng = random.Random(seed)
        state = new_game("tactics", seed=seed)
        for _ in range(10):
            if state.over:
                break
            state = apply_turn(state, random_decision(state, rng))[0]
        if not state.over:
            found.append((seed, state))
    from schotten_lab.bots import tactics_search

    before = tactics_sim.RULES, tactics_search.worth_compiling
    try:
        for label, load in (("plain", False), ("compiled", True)):
            # a tactics search compiles its rollouts from 300 (rollouts.worth_compiling): kept plain here
            tactics_search.worth_compiling = before[1] if load else lambda *_args: False  # type: ignore[assignment]
            if load:
                compiled_rollouts.warm()
            if tactics_sim.RULES is tactics_sim.PLAIN_RULES and load:
                print("  compiled: numba is not installed")
                break
            started = time.process_time()
            played = sum(
                advise(s.observation(s.to_move), budget=Budget(rollouts=budget), seed=k, explain_all=False).rollouts for k, s in found
            )
            seconds = time.process_time() - started
            print(f"  in a search ({len(found)} midgame positions, {budget} rollouts each), {label}: {played / seconds:,.0f} rollouts a second (CPU)")
    finally:
        tactics_sim.RULES, tactics_search.worth_compiling = before


def put_backs(positions: int, budget: int) -> None:
    """The deals each searched put-back choice gets after a Headhunter, at ``budget`` rollouts."""
    found: list[GameState] = []
    for seed in range(2000):
        rng = random.Random(seed)
        state = new_game("tactics", seed=seed)
        while not state.over and state.pending is None:
            state = apply_turn(state, random_decision(state, rng))[0]
        if state.pending is not None and state.pending.returns == 2:
            found.append(state)
        if len(found) == positions:
            break
    for state in found:
        advice = advise(state.observation(state.to_move), budget=Budget(rollouts=budget), seed=1)
        deals = [m.samples for m in advice.moves if m.samples]
        print(
            f"  put-back: {len(advice.moves)} choices, {len(deals)} searched, deals per searched choice "
            f"{min(deals)}-{max(deals)} (the chosen one {advice.moves[0].samples}), {advice.rollouts} rollouts"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rollouts", type=int, default=300, help="rollouts timed, and the put-back search's budget")
    parser.add_argument("--positions", type=int, default=5, help="pending Headhunters searched")
    parser.add_argument("--search-rollouts", type=int, help="the searches' budget (default: --rollouts)")
    args = parser.parse_args()
    rollouts(args.rollouts)
    kernel_rollouts(args.rollouts)
    in_search(args.search_rollouts or args.rollouts)
    put_backs(args.positions, args.rollouts)


if __name__ == "__main__":
    main()
