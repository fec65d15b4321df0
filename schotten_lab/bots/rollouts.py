"""The advisor's rollouts in batches: one call of :mod:`.rollout_kernel` plays many deals of many moves.

:class:`Rollouts` holds what the player to move sees (a :class:`~.determinize.View`) as the kernel's
int state; :meth:`Rollouts.play` deals the hidden cards ``deals`` times from a seed, plays every
move on each deal and finishes each game with the rollout policy, and returns each deal's scores for
the mover (1 won, 0 lost, one half stalled). The kernel is compiled by numba when numba can be
imported (``compiled=True``, the default), and otherwise, or under ``NUMBA_DISABLE_JIT=1``, the very
same source runs as plain Python on lists (the same numbers, slower).

The policies (:data:`POLICIES`): ``greedy``, the strong one-ply heuristic of :mod:`.greedy`, and
``placement``, the weak formation score of :func:`.sim.greedy_play` (the rollouts before issue 19),
each with ``explore``, the share of uniformly random placements (rollout diversity).
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import numpy as np

from ..core import kernel as core_kernel
from ..core.errors import ArgumentError
from ..game.record_words import CodeList
from . import lookahead_kernel, tactics_sim
from . import rollout_kernel as plain_kernel
from . import words as _words  # noqa: F401 - registers the bot_opt.* phrases the checks say
from .determinize import View
from .inference import UNIFORM, Arrivals, arrivals
from .rollout_kernel import (
    CLAIMED, DECK, DECK_N, EXPERT, FIRST, GREEDY, HAND_N, HANDS, PASSES, PLACEMENT, SIDE_N, SIDES, SIZE, TABLE,
    TO_MOVE, WINNER,
)  # fmt: skip
from .sim import Sim

POLICIES = {"greedy": GREEDY, "placement": PLACEMENT}
"""The rollout policies by name (see the module)."""
DEFAULT_POLICY = "greedy"
"""The advisor's rollout policy."""
EXPLORE = 0.1
"""The share of uniformly random placements in a rollout."""
NEXT_TURN_ROLLOUTS = 4
"""With a look-ahead, the rollouts each of the mover's next placements gets in a play-out."""
MAX_LOOKAHEAD = 12
"""The most next placements a play-out may search."""
CHUNK_ROLLOUTS = 65_536
"""The most rollouts one call of the kernel plays (about 0.2 s compiled with the placement policy,
0.9 s with greedy): see :meth:`Rollouts.winners`."""


def check_policy(policy: object) -> str:
    """``policy`` if it names a rollout policy (:data:`POLICIES`); else an
    :class:`~schotten_lab.core.errors.ArgumentError` (a ``ValueError``) naming the field and the
    policies, in English and French (``bot_opt.policy``). The one check of :func:`.advisor.advise`,
    :class:`.advisor.AdvisorBot` and :class:`Rollouts`."""
    if not isinstance(policy, str) or policy not in POLICIES:
        raise ArgumentError.of("bot_opt.policy", names=CodeList(tuple(POLICIES)), value=policy)
    return policy


def check_explore(explore: object) -> float:
    """``explore`` as a float if it is a share from 0 to 1 (a bool or nan is not); else an
    :class:`~schotten_lab.core.errors.ArgumentError` naming the field (``bot_opt.explore``)."""
    if isinstance(explore, bool) or not isinstance(explore, (int, float)) or not 0 <= explore <= 1:
        raise ArgumentError.of("bot_opt.explore", value=explore)
    return float(explore)


def playout_cost(lookahead: int, unbiased: bool = False) -> int:
    """The rollouts one play-out plays: 1 without a look-ahead, else ``lookahead`` placements times
    :data:`NEXT_TURN_ROLLOUTS` (and one more for an ``unbiased`` value: :meth:`Rollouts.play`)."""
    return 1 if not lookahead else lookahead * NEXT_TURN_ROLLOUTS + int(unbiased)


def check_lookahead(lookahead: object) -> int:
    """``lookahead`` if it is a whole number of next placements from 0 (none: plain play-outs) to
    :data:`MAX_LOOKAHEAD`; else an :class:`~schotten_lab.core.errors.ArgumentError` naming the field
    (``bot_opt.lookahead``)."""
    if isinstance(lookahead, bool) or not isinstance(lookahead, int) or not 0 <= lookahead <= MAX_LOOKAHEAD:
        raise ArgumentError.of("bot_opt.lookahead", value=lookahead, most=MAX_LOOKAHEAD)
    return lookahead


@cache
def _numba() -> types.ModuleType | None:
    try:
        import numba
    except ImportError:  # the optional extra is absent: the plain path
        return None
    return numba


@cache
def _plain() -> types.SimpleNamespace:
    return lookahead_kernel.plain()


def kernel(compiled: bool = True) -> Any:
    """The kernels' functions (:mod:`.rollout_kernel` and :mod:`.lookahead_kernel`): compiled by numba
    when asked and numba is importable, else the plain ones."""
    numba = _numba() if compiled else None
    return _plain() if numba is None else lookahead_kernel.compiled(numba)


COMPILE_ROLLOUTS = 5_000
"""A search of at least this many rollouts loads the compiled kernel (when it is not loaded yet)."""
COMPILE_SECONDS = 4.0
"""A search on the clock of at least this many seconds loads the compiled kernel."""
_loaded: list[bool] = [False]


TACTICS_COMPILE_ROLLOUTS = 300
"""The same in the tactics variant, whose plain rollouts are some 35 times slower than its compiled
ones (:mod:`.tactics_policy_kernel`): 300 of them take longer than loading the compiled kernel."""
TACTICS_COMPILE_SECONDS = 1.0
"""The same on the clock in the tactics variant."""


def worth_compiling(iterations: int | None, seconds: float, tactics: bool = False) -> bool:
    """Whether a search should run compiled: always once the compiled kernel is loaded in this
    process (:func:`warm`, or an earlier search); otherwise only when the search is long enough to
    pay for loading it (importing numba and reading the compiled code: a few CPU seconds, more than
    a short search takes on the plain path, which gives the very same answer), sooner in the
    ``tactics`` variant."""
    if _loaded[0]:
        return True
    if tactics:
        return iterations >= TACTICS_COMPILE_ROLLOUTS if iterations is not None else seconds >= TACTICS_COMPILE_SECONDS
    return iterations >= COMPILE_ROLLOUTS if iterations is not None else seconds >= COMPILE_SECONDS


def is_compiled(functions: Any) -> bool:
    return functions is not _plain()


def state_of(sim: Sim) -> list[int]:
    """``sim`` as the kernel's int state (see :mod:`.rollout_kernel`)."""
    state = [-1] * SIZE
    for side in range(18):
        cards = sim.sides[side]
        state[SIDE_N + side] = len(cards)
        for j, card in enumerate(cards):
            state[SIDES + 3 * side + j] = card
    for i in range(9):
        state[CLAIMED + i] = sim.claimed[i]
        state[FIRST + i] = sim.first[i]
    for p in (0, 1):
        state[HAND_N + p] = len(sim.hands[p])
        for j, card in enumerate(sim.hands[p]):
            state[HANDS + 6 * p + j] = card
    state[DECK_N] = len(sim.deck)
    for j, card in enumerate(sim.deck):
        state[DECK + j] = card
    state[TABLE] = sim.table
    state[TO_MOVE] = sim.to_move
    state[WINNER] = sim.winner
    state[PASSES] = sim.passes
    state[EXPERT] = int(sim.expert)
    return state


def explore_cut(explore: float) -> int:
    """``explore`` (a probability) as the kernel's threshold on 32 random bits."""
    return int(min(max(explore, 0.0), 1.0) * 2**32)


class Rollouts:
    """Batches of play-outs from ``view`` (the mover's seat) with one rollout ``policy``."""

    def __init__(
        self, view: View, policy: str = DEFAULT_POLICY, explore: float = EXPLORE, compiled: bool = True,
        history: Sequence[Any] | None = None, lookahead: int = 0,
    ) -> None:  # fmt: skip
        self.view = view
        self.lookahead = check_lookahead(lookahead)
        self.policy = check_policy(policy)
        self.explore = check_explore(explore)
        self.functions = kernel(compiled)
        self.compiled = is_compiled(self.functions)
        state = state_of(view.deal(list(view.hidden)))
        other = 1 - view.me
        state[HAND_N + other] = 0  # dealt by the kernel
        state[DECK_N] = 0
        self._base = state
        self._hidden = list(view.hidden)
        me = view.me
        self._scores = (0.5, 1.0 if me == 0 else 0.0, 1.0 if me == 1 else 0.0)
        self.arrivals: Arrivals = arrivals(view, history, beats=self.beats) if history else UNIFORM
        """The deals' weighting by the opponent's plays in ``history`` (:mod:`.inference`)."""
        weighted = not self.arrivals.uniform
        self._newer = list(self.arrivals.newer) if weighted else [0]
        self._draws = list(self.arrivals.draws) if weighted else [0]
        self._doubt = explore_cut(self.arrivals.doubt)

    def beats(self, table: Sim, cards: Sequence[int], bar: int) -> list[bool]:
        """:data:`.inference.Beats` by the kernel (:func:`.rollout_kernel.beats`)."""
        out = self._array([0] * len(cards))
        self.functions.beats(self._array(state_of(table)), self._array(list(cards)), bar, out)
        return [bool(x) for x in out]

    def _array(self, values: Sequence[int]) -> Any:
        return np.asarray(values, dtype=np.int64) if self.compiled else list(values)

    def winners(self, moves: Sequence[tuple[int, int]], deals: int, seed: int) -> list[int]:
        """The winner (-1 stalled) of each move's play-out on each deal, deal by deal: entry
        ``d * len(moves) + m`` for move ``m`` on deal ``d`` (plain play-outs, whatever the look-ahead)."""
        return self._chunked(self._winners, moves, deals, seed, 1)

    @property
    def cost(self) -> int:
        """The rollouts one play-out of :meth:`play` plays (:func:`playout_cost`)."""
        return playout_cost(self.lookahead)

    def _chunked(self, call: Callable[[Sequence[tuple[int, int]], int, int], list[Any]], moves: Sequence[tuple[int, int]], deals: int, seed: int, cost: int) -> list[Any]:
        """``call(moves, deals, seed)`` in chunks of at most :data:`CHUNK_ROLLOUTS` rollouts (``cost``
        a play-out), the first on ``seed``, each next one on a seed drawn from ``Random(seed)``: the
        compiled kernel does not return to Python until its call is done, and Python handles a
        signal (Ctrl-C, SIGTERM) only then, so a chunk bounds how long a long review or search takes
        to stop."""
        n = len(moves)
        if n == 0 or deals <= 0:
            return []
        per_chunk = max(1, CHUNK_ROLLOUTS // (n * cost))
        if deals <= per_chunk:
            return call(moves, deals, seed)
        seeds = random.Random(seed)
        flat: list[Any] = []
        done = 0
        while done < deals:
            size = min(per_chunk, deals - done)
            flat += call(moves, size, seed if done == 0 else seeds.getrandbits(32))
            done += size
        return flat

    def _winners(self, moves: Sequence[tuple[int, int]], deals: int, seed: int) -> list[int]:
        n = len(moves)
        out = self._array([0] * (deals * n))
        self.functions.play_batch(
            self._array(self._base), self._array(self._hidden), self.view.opponent_hand_size,
            self._array([m[0] for m in moves]), self._array([m[1] for m in moves]), deals, seed & 0xFFFFFFFF,
            POLICIES[self.policy], explore_cut(self.explore), out, self._array([0] * SIZE), self._array([0] * SIZE),
            self._array([0] * 4), self._array([0] * 4), self._array([0]),
            self._array(self._newer), self._array(self._draws), self._doubt,
        )  # fmt: skip
        if self.compiled:
            _loaded[0] = True
        return [int(w) for w in out]

    def play(self, moves: Sequence[tuple[int, int]], deals: int, seed: int, unbiased: bool = False) -> list[list[float]]:
        """Each deal's scores for the mover, one per move (common random numbers: every move of a
        deal on the same cards and the same rollout stream). With a look-ahead a play-out's value is
        the mean of the next placement it chose (what the search compares: the best of several
        means reads high, alike for every move), or with ``unbiased`` one more rollout of that
        placement on a deck of its own (what an estimate reports)."""
        n = len(moves)
        if self.lookahead:
            return self._lookahead(moves, deals, seed, unbiased)
        flat = self.winners(moves, deals, seed)
        scores = self._scores
        return [[scores[w + 1] for w in flat[d * n : (d + 1) * n]] for d in range(deals)]


    def _lookahead(self, moves: Sequence[tuple[int, int]], deals: int, seed: int, unbiased: bool) -> list[list[float]]:
        """:meth:`play` with the mover's next turn searched in every play-out (:func:`.lookahead_kernel.lookahead_batch`)."""
        n = len(moves)

        def values(part: Sequence[tuple[int, int]], count: int, part_seed: int) -> list[float]:
            out = np.zeros(count * n, dtype=np.float64) if self.compiled else [0.0] * (count * n)
            scratch = [self._array([0] * SIZE) for _ in range(3)]
            self.functions.lookahead_batch(
                self._array(self._base), self._array(self._hidden), self.view.opponent_hand_size,
                self._array([m[0] for m in part]), self._array([m[1] for m in part]), count, part_seed & 0xFFFFFFFF,
                POLICIES[self.policy], explore_cut(self.explore), self.lookahead, NEXT_TURN_ROLLOUTS, unbiased, out,
                *scratch, self._array([0] * 4), self._array([0] * 4), self._array([0]), self._array(self._newer),
                self._array(self._draws), self._doubt, self._array([0] * 54), self._array([0] * 54), self._array([0] * 54),
            )  # fmt: skip
            if self.compiled:
                _loaded[0] = True
            return [float(v) for v in out]

        flat = self._chunked(values, moves, deals, seed, playout_cost(self.lookahead, unbiased))
        return [flat[d * n : (d + 1) * n] for d in range(deals)]


def warm(compiled: bool = True) -> None:
    """Load the compiled batch now (numba compiles it once, then reads it from its cache: a second or
    two of a process's first call), so that a bot's first move does not pay for it inside its budget;
    and from then on the tactics search calls the compiled rules too (:func:`.tactics_sim.use_rules`)."""
    functions = kernel(compiled)
    if not is_compiled(functions):
        return
    numba = _numba()
    assert numba is not None  # the kernel compiled
    rules = core_kernel.compiled(numba)
    full = (1 << 54) - 1  # each rule called once with the argument types the tactics search passes
    rules.best_completion(1, 3, 0, full)
    rules.claim_proved(300, 1, 3, -1, -1, False, full)
    rules.side_best(1, 3, -1, -1, -1, 3, False, full)
    rules.tactics_claim_proved(3, 1, 2, 3, -1, 1, 4, -1, -1, -1, 3, False, True, full)
    tactics_sim.use_rules(rules)
    _warm_tactics(numba)
    sim = Sim([[] for _ in range(18)], [-1] * 9, [-1] * 9, [list(range(6)), list(range(6, 12))], list(range(12, 54)), 0)
    state = np.asarray(state_of(sim), dtype=np.int64)
    one = np.zeros(1, np.int64)
    functions.play_batch(
        state, np.zeros(0, np.int64), 0, one, one.copy(), 1, 0, PLACEMENT, 0, one.copy(), state.copy(), state.copy(),
        np.zeros(4, np.int64), np.zeros(4, np.int64), one.copy(), np.zeros(1, np.int64), np.zeros(1, np.int64), 0,
    )  # fmt: skip
    # the entry points a search calls from Python besides the batch (its move ordering, the reading
    # of the opponent's plays), each compiled for its own argument types: without this, a fresh
    # install compiled them inside the first move (about 0.6 s each), past a short budget
    functions.placement_value(state, 0, 0)
    functions.beats(state, np.asarray([1, 2], dtype=np.int64), 300, np.zeros(2, np.int64))
    _loaded[0] = True


def _warm_tactics(numba: types.ModuleType) -> None:
    """The tactics variant's compiled rollouts (:mod:`.tactics_policy_kernel`) loaded by one rollout from
    its opening (compiled once an install, some 25 s; then read from numba's cache)."""
    from ..game import new_game
    from . import tactics_kernel, tactics_policy_kernel
    from .tactics_sim import from_state

    functions = tactics_policy_kernel.compiled(numba)
    state = np.asarray(tactics_kernel.state_of(from_state(new_game("tactics", seed=0))), dtype=np.int64)
    functions.rollout_seeded(state, 0, 0, np.zeros(4, np.int64), np.zeros(27, np.int64))


def rollout_of(sim: Sim, seed: int, policy: str = DEFAULT_POLICY, explore: float = EXPLORE, compiled: bool = True) -> tuple[int, list[tuple[int, int, int]]]:
    """The kernel's rollout from ``sim`` (not changed): the winner (-1 stalled) and each turn played,
    ``(card, stone, claims mask)`` (card -1: a pass). For the tests and the engine's replay."""
    functions = kernel(compiled)
    array = (lambda v: np.asarray(v, dtype=np.int64)) if is_compiled(functions) else list
    state = array(state_of(sim))
    r = array([0] * 4)
    functions.rng_seed(r, seed)
    log = array([0] * (1 + 3 * plain_kernel.MAX_TURNS))
    winner = int(functions.rollout(state, r, POLICIES[policy], explore_cut(explore), log))
    turns = [(int(log[1 + 3 * t]), int(log[2 + 3 * t]), int(log[3 + 3 * t])) for t in range(int(log[0]))]
    return winner, turns


def policy_choice(sim: Sim, seed: int, policy: str = DEFAULT_POLICY, explore: float = 0.0, compiled: bool = True) -> tuple[int, int]:
    """The placement the kernel's ``policy`` picks for the mover of ``sim`` (the tests' entry)."""
    functions = kernel(compiled)
    array = (lambda v: np.asarray(v, dtype=np.int64)) if is_compiled(functions) else list
    r = array([0] * 4)
    functions.rng_seed(r, seed)
    choose = functions.greedy_policy if POLICIES[policy] == GREEDY else functions.placement_policy
    card, stone = choose(array(state_of(sim)), r, explore_cut(explore))
    return int(card), int(stone)


def placement_values(sim: Sim, moves: Sequence[tuple[int, int]], compiled: bool = True) -> list[int]:
    """The kernel's strong score (:func:`.greedy.placement_value`) of each of the mover's placements
    ``(card, stone)`` in ``sim`` (a pass scores 0)."""
    functions = kernel(compiled)
    array = (lambda v: np.asarray(v, dtype=np.int64)) if is_compiled(functions) else list
    state = array(state_of(sim))
    return [0 if card < 0 else int(functions.placement_value(state, card, stone)) for card, stone in moves]


def placement_value(sim: Sim, card: int, stone: int, compiled: bool = True) -> int:
    """The kernel's strong score of the mover's ``card`` on ``stone`` (:func:`.greedy.placement_value`'s twin)."""
    functions = kernel(compiled)
    array = (lambda v: np.asarray(v, dtype=np.int64)) if is_compiled(functions) else list
    return int(functions.placement_value(array(state_of(sim)), card, stone))


__all__ = ["DEFAULT_POLICY", "EXPLORE", "MAX_LOOKAHEAD", "NEXT_TURN_ROLLOUTS", "POLICIES", "Rollouts", "check_explore", "check_lookahead", "check_policy", "playout_cost", "kernel", "placement_value", "placement_values", "policy_choice", "rollout_of", "state_of", "warm", "worth_compiling"]
