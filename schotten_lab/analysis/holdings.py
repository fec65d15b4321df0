"""How many hidden holdings hold a completion: the exact counting under the figures seen by a seat.

The viewer's figures (:mod:`.viewer`, docs/VIEWER.md) count, for one side, the random holdings of
hidden cards that contain one of its completions, instead of enumerating the holdings. This module
is that counting, on card masks and nothing else (no seat, no position):

- :class:`Needs`: a side's completions as the cards each takes and its strength, with a table giving
  the strongest completion within any set of cards (:meth:`Needs.best`, vectorised over many sets);
- :class:`HoldingCounter`: how many holdings of ``k`` cards hold a completion of at least a given
  strength, once per threshold and cards of the viewer's draws involved, within a step budget;
- :class:`PairCounter`: the same when every completion takes two cards (the pairs are the edges of a
  graph; the holdings that hold none are its independent sets, counted by the independence
  polynomial, packed in one int).

Past their budget both raise :class:`~.odds.HittingBudgetExceeded`, and the caller estimates instead.
"""

from __future__ import annotations

import bisect
import functools
import math
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ..core.cards import CardMask, indices_of, popcount
from ..core.sides import combinadic, side_completions, side_strength
from ..core.tactics import Piece
from .odds import HittingBudgetExceeded, count_hitting

@dataclass(frozen=True)
class Needs:
    """One side's completions: the cards each takes beyond what the player surely holds, and strengths.

    A complete side has the single need 0 with its strength; ``fixed`` says so. ``table`` gives the
    strength of the side plus any set of ``missing`` cards (-1 where that set is not a completion),
    indexed by :func:`~schotten_lab.core.sides.combinadic`.
    """

    masks: np.ndarray
    strengths: np.ndarray
    fixed: bool
    missing: int
    table: np.ndarray

    @classmethod
    def of(cls, side: tuple[Piece, ...], held: CardMask, pool: CardMask, capacity: int, blind: bool) -> Needs:
        if len(side) >= capacity:
            strength = np.array([side_strength(side[:capacity], blind=blind)], dtype=np.int64)
            return cls(np.zeros(1, np.uint64), strength, True, 0, strength)
        comps = side_completions(side, held | pool, capacity=capacity, blind=blind, ordered=False)
        missing = comps.added.shape[1]
        weights = np.left_shift(np.uint64(1), comps.added.astype(np.uint64))
        masks = np.bitwise_or.reduce(weights, axis=1)
        table = np.full(math.comb(54, missing), -1, dtype=np.int64)
        table[combinadic(np.sort(comps.added, axis=1))] = comps.strengths
        return cls(masks & np.uint64(~held & _ALL64), comps.strengths, False, missing, table)

    @property
    def singles(self) -> bool:
        """Every completion takes at most one card beyond the held ones (counted in closed form)."""
        return len(self.masks) == 0 or int(np.bitwise_count(self.masks).max()) <= 1

    def best(self, holdings: np.ndarray) -> np.ndarray:
        """The strongest completion from each row of ``holdings`` (ascending card indices; -1: none)."""
        rows = len(holdings)
        if self.fixed:
            return np.full(rows, int(self.strengths[0]), dtype=np.int64)
        width = holdings.shape[1]
        if width < self.missing or len(self.strengths) == 0:
            return np.full(rows, -1, dtype=np.int64)
        picks = np.array(list(combinations(range(width), self.missing)), dtype=np.intp)
        keys = np.zeros((rows, len(picks)), dtype=np.int32)
        for col in range(self.missing):  # combinadic index of each chosen subset, column by column
            terms = _CHOOSE32[holdings, col + 1]  # C(card, col + 1) for every held card, then picked
            keys += terms[:, picks[:, col]]
        found: np.ndarray = self.table[keys].max(axis=1)
        return found


_ALL64 = (1 << 64) - 1
_CHOOSE = np.array([[math.comb(n, k) for k in range(5)] for n in range(55)], dtype=np.int64)
"""``_CHOOSE[n, k] = C(n, k)``: the terms of :func:`~schotten_lab.core.sides.combinadic`."""
_CHOOSE32 = _CHOOSE.astype(np.int32)
"""The same in 32 bits (C(54, 4) fits): half the memory traffic in the sampled ``best``."""


class HoldingCounter:
    """How many opponent holdings (``k`` cards of ``pool`` outside the viewer's draws ``d``; ``opp``:
    the opponent side's needs) hold a completion of strength at least ``t``: counted once per
    distinct (threshold, cards of ``d`` those completions use), within ``budget`` search steps in all.

    When each of those completions takes two cards (an opponent side with one card), they are the
    edges of a graph and the holdings that hold none are its independent sets: counted by
    :class:`PairCounter`, which keeps its work across draw sets. Otherwise
    :func:`~.odds.count_hitting` counts them."""

    def __init__(self, opp: Needs, pool: CardMask, k: int, budget: int) -> None:
        self.pool, self.k, self.budget, self.spent = pool, k, budget, 0
        ordered = np.sort(opp.strengths)  # np.unique's answer, without its first-call import of numpy.ma
        self.thresholds = ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))] if len(ordered) else ordered
        order = np.argsort(opp.strengths, kind="stable")
        self.masks, self.strengths = opp.masks[order], opp.strengths[order]
        # the cards used by the completions of strength >= each threshold
        suffix = np.bitwise_or.accumulate(self.masks[::-1])[::-1] if len(self.masks) else self.masks
        self.starts = np.searchsorted(self.strengths, self.thresholds, side="left")
        self.uses = [int(suffix[i]) for i in self.starts]
        self.levels: list[int] = self.thresholds.tolist()  # for bisect: cheaper than np.searchsorted per call
        self.pairs = len(self.masks) > 0 and bool((np.bitwise_count(self.masks) == 2).all())
        self.graphs: dict[int, PairCounter] = {}
        self.cache: dict[tuple[int, int], int] = {}

    def at_least(self, strength: int, d: int) -> int:
        """Holdings outside ``d`` with a completion of strength >= ``strength``."""
        i = bisect.bisect_left(self.levels, strength)
        if i == len(self.levels):
            return 0
        key = (i, d & self.uses[i])
        if key not in self.cache:
            self.cache[key] = self._count(i, d)
        return self.cache[key]

    def _count(self, i: int, d: int) -> int:
        masks = self.masks[self.starts[i]:]
        pool = self.pool & ~d
        if self.pairs:
            if i not in self.graphs:
                self.graphs[i] = PairCounter([int(m) for m in masks.tolist()])
            graph = self.graphs[i]
            found = graph.hitting(pool, self.k, self.budget - self.spent)
            self.spent += graph.last_nodes
            return found
        wanted = masks[(masks & np.uint64(d)) == 0]
        if len(wanted) == 0:
            return 0
        if (wanted == 0).any():
            return math.comb(popcount(pool), self.k)
        found, nodes = count_hitting([int(w) for w in wanted.tolist()], pool, self.k, self.budget - self.spent)
        self.spent += nodes + 1
        return found


class PairCounter:
    """The ``k``-subsets of a pool that contain at least one of a fixed set of card pairs.

    The pairs are the edges of a graph; a subset holds none of them iff it is an independent set, so
    ``hitting = C(n, k) - sum_j I_j * C(others, k - j)`` with ``I_j`` the independent sets of ``j``
    cards among the pool's cards that some pair uses, and ``others`` the pool's remaining cards. The
    independence polynomial (truncated at degree ``k``) is found by branching on a card of highest
    degree (``I(V) = I(V - v) + z I(V - N[v])``), isolated cards in closed form, and remembered per
    card set, so later pools (other draw sets) reuse the work.
    """

    def __init__(self, pairs: list[CardMask]) -> None:
        self.adjacent: dict[int, int] = {}
        for m in pairs:
            a, b = indices_of(m)
            self.adjacent[a] = self.adjacent.get(a, 0) | 1 << b
            self.adjacent[b] = self.adjacent.get(b, 0) | 1 << a
        self.used = 0
        for c in self.adjacent:
            self.used |= 1 << c
        self.memo: dict[tuple[int, int], int] = {}
        self.last_nodes = 0

    def hitting(self, pool: CardMask, k: int, budget: int) -> int:
        """How many ``k``-subsets of ``pool`` contain a pair; :class:`HittingBudgetExceeded` past
        ``budget`` new branching steps."""
        self.last_nodes = 0
        verts = pool & self.used
        others = popcount(pool) - popcount(verts)
        packed = self._poly(verts, k, budget)
        digit = (1 << _DIGIT) - 1
        free = sum((packed >> (_DIGIT * j) & digit) * math.comb(others, k - j) for j in range(k + 1))
        return math.comb(popcount(pool), k) - free

    def _poly(self, verts: int, k: int, budget: int) -> int:
        """The independence polynomial of ``verts`` truncated at degree ``k``, packed in one int
        (coefficient ``j`` in bits ``64 j`` to ``64 j + 63``: every count is below ``2**52``, so
        sums and products of packed polynomials never carry into a kept coefficient)."""
        key = (verts, k)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.last_nodes += 1
        if self.last_nodes > budget:
            raise HittingBudgetExceeded(f"more than {budget} steps to count the holdings exactly")
        isolated = 0
        pick, degree = -1, 0
        adjacent = self.adjacent
        rest = verts
        while rest:  # the cards in ascending order (as indices_of gives them)
            low = rest & -rest
            rest ^= low
            v = low.bit_length() - 1
            deg = (adjacent[v] & verts).bit_count()
            if deg == 0:
                isolated |= low
            elif deg > degree:
                pick, degree = v, deg
        m = isolated.bit_count()
        if pick < 0:
            result = _binomial_poly(m, k)
        elif isolated:
            result = self._poly(verts & ~isolated, k, budget) * _binomial_poly(m, k) & _truncation(k)
        else:
            without = self._poly(verts & ~(1 << pick), k, budget)
            with_ = self._poly(verts & ~(1 << pick) & ~adjacent[pick], k, budget)
            result = (without + (with_ << _DIGIT)) & _truncation(k)
        self.memo[key] = result
        return result


_DIGIT = 64
"""Bits per coefficient of a packed polynomial (:meth:`PairCounter._poly`)."""


@functools.cache
def _truncation(k: int) -> int:
    """The mask keeping the coefficients of degree 0 to ``k`` of a packed polynomial."""
    return (1 << (_DIGIT * (k + 1))) - 1


@functools.cache
def _binomial_poly(m: int, k: int) -> int:
    """``(1 + z) ** m`` truncated at degree ``k``, packed: the independent sets of ``m`` isolated cards."""
    return sum(math.comb(m, j) << (_DIGIT * j) for j in range(k + 1))


__all__ = ["HoldingCounter", "Needs", "PairCounter"]
