"""The advisor's look-ahead play-outs, compiled like :mod:`.rollout_kernel` and on its state: every
play-out searches the mover's next turn.

:func:`lookahead_batch` is :func:`.rollout_kernel.play_batch` where each move's play-out, instead of
rolling the game out at once, lets the opponent reply by the rollout policy, then tries the mover's
``look`` most promising placements (the strong heuristic's score, :func:`.rollout_kernel.placement_value`)
``reps`` times each on decks shuffled again (the mover cannot know the order of its draws), plays the
best one and finishes the game by the policy (:func:`lookahead_value`): the search then sees one turn
further than the heuristic it rolls out with. The turn, the policies, the deal and the random stream
are :mod:`.rollout_kernel`'s, never written again here. :func:`compiled` compiles these functions
with numba into the rollout kernel's compiled namespace.
"""

from __future__ import annotations

import types
from functools import cache
from typing import Any

from ..core import kernel as rules
from ..core.kernel import njit_twins
from . import rollout_kernel as base
from .rollout_kernel import (
    DECK, DECK_N, GREEDY, HAND_N, HANDS, MASK32, PASSES, TO_MOVE, WINNER, copy_state, deal_into, greedy_policy, open_mask,
    placement_policy, placement_value, rng_below, rng_next, rng_seed, rollout, turn,
)  # fmt: skip


def shuffle_deck(s: Any, r: Any) -> None:
    """Shuffle the clan deck of ``s`` (Fisher-Yates on ``r``): the order of the draws to come, which
    the mover cannot know when it chooses its next move."""
    n = s[DECK_N]
    for i in range(n - 1, 0, -1):
        j = rng_below(r, i + 1)
        x = s[DECK + i]
        s[DECK + i] = s[DECK + j]
        s[DECK + j] = x


def value_for(winner: int, me: int) -> float:
    """A finished rollout's value for ``me``: 1 won, 0 lost, one half stalled."""
    if winner < 0:
        return 0.5
    return 1.0 if winner == me else 0.0


def placement_rollout(
    s: Any, card: int, stone: int, r: Any, seed: int, policy: int, explore: int, log: Any, me: int
) -> float:  # fmt: skip
    """``me``'s ``card`` on ``stone`` in ``s`` (changed) after a shuffle of the deck, then the game
    rolled out by ``policy``, all on the stream ``r`` seeded with ``seed``: the value for ``me``."""
    rng_seed(r, seed)
    shuffle_deck(s, r)
    turn(s, card, stone)
    w = s[WINNER]
    if w < 0 and s[PASSES] < 4:
        w = rollout(s, r, policy, explore, log)
    return value_for(w, me)


def lookahead_value(
    s: Any, r: Any, policy: int, explore: int, look: int, reps: int, fresh: bool, me: int, w2: Any, log: Any,
    cards: Any, stones: Any, scores: Any,
) -> float:  # fmt: skip
    """The value for ``me`` of ``s`` (``me``'s move just played): the opponent replies by the rollout
    policy, then ``me`` chooses among its ``look`` most promising placements (by
    :func:`~.rollout_kernel.placement_value`), each measured by ``reps`` rollouts on decks shuffled again (``me`` cannot
    know the order of its draws; common random numbers across the placements), and the game is
    finished by the rollout policy. The value is the chosen placement's mean (``fresh`` false), or
    one more rollout of it on a deck of its own (``fresh``: an unbiased value of this way of playing,
    where the best of several means reads high). ``s`` is changed; ``w2`` and the candidate arrays
    are scratch space."""
    if s[WINNER] >= 0:
        return value_for(s[WINNER], me)
    if s[TO_MOVE] != me:
        if policy == GREEDY:
            card, stone = greedy_policy(s, r, explore)
        else:
            card, stone = placement_policy(s, r, explore)
        turn(s, card, stone)
        if s[WINNER] >= 0:
            return value_for(s[WINNER], me)
        if s[PASSES] >= 4:
            return 0.5
    free = open_mask(s, me)
    n = s[HAND_N + me]
    if free == 0 or n == 0 or s[TO_MOVE] != me:
        return value_for(rollout(s, r, policy, explore, log), me)
    count = 0
    for j in range(n):
        card = s[HANDS + 6 * me + j]
        for stone in range(9):
            if (free >> stone) & 1:
                cards[count] = card
                stones[count] = stone
                scores[count] = placement_value(s, card, stone)
                count += 1
    # the ``look`` best first, ties in hand then stone order (a stable selection: ``count`` <= 54)
    width = look if look < count else count
    for i in range(width):
        top = i
        for k in range(i + 1, count):
            if scores[k] > scores[top]:
                top = k
        card, stone, score = cards[top], stones[top], scores[top]
        for k in range(top, i, -1):
            cards[k] = cards[k - 1]
            stones[k] = stones[k - 1]
            scores[k] = scores[k - 1]
        cards[i], stones[i], scores[i] = card, stone, score
    base = rng_next(r)
    best = -1.0
    chosen = 0
    for i in range(width):
        total = 0.0
        for k in range(reps):
            copy_state(s, w2)
            total += placement_rollout(w2, cards[i], stones[i], r, (base + 0x9E3779B9 * (k + 1)) & MASK32, policy, explore, log, me)
        if total > best:
            best = total
            chosen = i
    if not fresh:
        return best / reps
    # the chosen placement played out once more on a deck of its own: an unbiased value of playing it
    return placement_rollout(s, cards[chosen], stones[chosen], r, (base + 0x9E3779B9 * (reps + 1)) & MASK32, policy, explore, log, me)

def lookahead_batch(
    base: Any, hidden: Any, opponent_cards: int, cards: Any, stones: Any, deals: int, seed: int,
    policy: int, explore: int, look: int, reps: int, fresh: bool, out: Any, dealt: Any, work: Any, w2: Any, r: Any, rr: Any,
    log: Any, newer: Any, draws: Any, doubt: int, cand_cards: Any, cand_stones: Any, cand_scores: Any,
) -> None:  # fmt: skip
    """:func:`play_batch` with the mover's next turn searched in every play-out (:func:`lookahead_value`):
    ``out[d * moves + m]`` the value of move ``m`` on deal ``d`` for the mover (a float: 0, one
    half or 1 with ``fresh``). Every move of a deal gets the same stream (common random numbers);
    ``w2`` is a third scratch state and ``cand_*`` three scratch arrays of 54."""
    moves = len(cards)
    me = base[TO_MOVE]
    rng_seed(r, seed)
    for d in range(deals):
        deal_into(base, hidden, opponent_cards, r, dealt, newer, draws, doubt)
        stream = rng_next(r)
        for m in range(moves):
            copy_state(dealt, work)
            turn(work, cards[m], stones[m])
            rng_seed(rr, stream)
            out[d * moves + m] = lookahead_value(
                work, rr, policy, explore, look, reps, fresh, me, w2, log, cand_cards, cand_stones, cand_scores
            )


FUNCTIONS = ("shuffle_deck", "value_for", "placement_rollout", "lookahead_value", "lookahead_batch")
"""The functions :func:`compiled` compiles (each one's callees first)."""


@cache
def compiled(numba: types.ModuleType) -> types.SimpleNamespace:
    """The rollout kernel's compiled functions (:func:`.rollout_kernel.compiled`) and this module's
    :data:`FUNCTIONS`, compiled by ``numba.njit`` from their own code objects with the kernel's
    compiled functions in their namespace. Their cache is stamped with the rollout kernel's file and
    the core rules' too: editing either recompiles them."""
    kernel = base.compiled(numba)
    core = rules.compiled(numba)
    space: dict[str, Any] = dict(globals())
    space.update({name: getattr(core, name) for name in rules.KERNEL})
    space.update(vars(kernel))
    own = njit_twins(numba, space, FUNCTIONS, base.__file__, rules.__file__)
    return types.SimpleNamespace(**vars(kernel), **vars(own))


def plain() -> types.SimpleNamespace:
    """The plain (uncompiled) functions of both modules, as :func:`compiled` names them."""
    return types.SimpleNamespace(
        **{name: getattr(base, name) for name in base.FUNCTIONS}, **{name: globals()[name] for name in FUNCTIONS}
    )


__all__ = ["FUNCTIONS", "compiled", "lookahead_batch", "lookahead_value", "plain"]
