"""Stone outcome under random completion (docs/ANALYSIS.md §4), exact, with Monte Carlo as a checked option.

Both incomplete sides are completed with disjoint uniform random cards of the pool. Counting the
ordered pairs of disjoint completions one by one would take up to 24,804 × 20,825 comparisons; instead
the pairs are counted by inclusion–exclusion over the cards the two completions share:

    #disjoint pairs with s(A) > s(B) = Σ_S (-1)^|S| #{(A, B): S ⊆ A, S ⊆ B, s(A) > s(B)}

where S ranges over sets of 0-3 cards (0-4 under Mud fight). For each S the inner count is a product
of two strength histograms (with a cumulative sum), all built with ``numpy.bincount``; when S is both
whole completions (A = B = S) the two sides are compared on it directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

import numpy as np

from ..core.cards import CardMask, indices_of, mask_of, popcount
from ..core.errors import AnalysisError
from ..core.formations import STRENGTH_BASE, Rank
from ..core.position import Position
from ..core.rules import SIDE_SIZE, Player
from ..core.sides import combinadic, side_completions, side_strength
from ..core.tactics import Piece
from .common import check_count, check_pool, check_samples, check_stone, fraction_table

ZERO, ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Exact chances that south wins, north wins, or the sides tie and completion order decides.

    ``pairs`` is the number of equally likely ordered pairs of disjoint completions counted.
    """

    south: Fraction
    north: Fraction
    tie: Fraction
    pairs: int

    def __getitem__(self, player: Player | str) -> Fraction:
        return self.south if Player.parse(player) is Player.SOUTH else self.north

    def to_dict(self) -> dict[str, float]:
        return {"south": float(self.south), "north": float(self.north), "tie": float(self.tie)}

    def _repr_html_(self) -> str:
        rows = [("south wins", self.south), ("north wins", self.north), ("tie (completion order)", self.tie)]
        return fraction_table(rows, f"stone outcome over {self.pairs:,} equally likely completions")


@dataclass(frozen=True, slots=True)
class OutcomeEstimate:
    """A Monte Carlo estimate of an :class:`Outcome`, with standard errors and the sample count.

    ``ci95`` holds, for each of south, north and tie, the exact (Clopper–Pearson) 95% confidence
    interval of the chance from the count observed (scipy.stats): it covers the true chance at least
    95% of the time, even near 0 or 1 where ``p ± 2 stderr`` does not.
    """

    south: float
    north: float
    tie: float
    stderr: dict[str, float]
    samples: int
    seed: int
    ci95: dict[str, tuple[float, float]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {
            "south": self.south,
            "north": self.north,
            "tie": self.tie,
            "stderr": dict(self.stderr),
            "samples": self.samples,
            "seed": self.seed,
            "ci95": {k: list(v) for k, v in self.ci95.items()},
            "estimate": True,
        }


def stone_outcome(position: Position, stone: int, pool: CardMask | None = None) -> Outcome:
    """Exact outcome of ``stone`` when every incomplete side is completed at random from ``pool``.

    ``pool`` defaults to the public pool. A claimed stone's outcome is already decided and is
    reported with probability 1 for its claimant. Combat modes and elite troops on the stone count
    (troops take their owner's best identity for each completion).
    """
    s = position.stone(check_stone(position, stone))
    pool = check_pool(pool, position.public_pool)
    if s.claimed is not None:
        return _certain(s.claimed)
    pool &= ~mask_of(s.clan_cards())
    return outcome_of_sides(s.south, s.north, pool, s.first_complete, capacity=s.capacity, blind=s.blind)


def outcome_of_sides(
    south: tuple[Piece, ...],
    north: tuple[Piece, ...],
    pool: CardMask,
    first_complete: Player | None = None,
    *,
    capacity: int = SIDE_SIZE,
    blind: bool = False,
) -> Outcome:
    """:func:`stone_outcome` for bare sides and a pool holding none of their cards."""
    south_done, north_done = len(south) >= capacity, len(north) >= capacity
    if south_done and north_done:
        a, b = side_strength(south[:capacity], blind=blind), side_strength(north[:capacity], blind=blind)
        if a != b:
            return Outcome(ONE if a > b else ZERO, ONE if b > a else ZERO, ZERO, 1)
        if first_complete is None:
            return Outcome(ZERO, ZERO, ONE, 1)
        return _certain(first_complete)
    if south_done or north_done:
        done, open_side = (south, north) if south_done else (north, south)
        target = side_strength(done[:capacity], blind=blind)
        strengths = side_completions(open_side, pool, capacity=capacity, blind=blind, ordered=False).strengths
        total = len(strengths)
        if total == 0:
            return Outcome(ZERO, ZERO, ZERO, 0)
        beats = int((strengths > target).sum())  # the complete side completed first: ties go to it
        p_open, p_done = Fraction(beats, total), Fraction(total - beats, total)
        if south_done:
            return Outcome(p_done, p_open, ZERO, total)
        return Outcome(p_open, p_done, ZERO, total)
    return _both_open(south, north, pool, capacity, blind)


def _certain(player: Player) -> Outcome:
    return Outcome(ONE if player is Player.SOUTH else ZERO, ONE if player is Player.NORTH else ZERO, ZERO, 1)


def _level_of_strength() -> tuple[np.ndarray, int]:
    """A dense index for every strength a side can have (so histograms stay short)."""
    levels = np.array(sorted(r * STRENGTH_BASE + t for r in Rank for t in range(3, 37)), dtype=np.int64)
    lookup = np.full(int(levels.max()) + 1, -1, dtype=np.int64)
    lookup[levels] = np.arange(len(levels))
    return lookup, len(levels)


_LEVEL, _LEVELS = _level_of_strength()


def _subset_keys(added: np.ndarray, size: int) -> np.ndarray:
    """One key per ``size``-subset of each completion's added cards: an (n, C(m, size)) array.

    Added cards are ascending in each row, so each subset's combinatorial index is its key, in
    ``range(comb(54, size))``.
    """
    combos = combinations(range(added.shape[1]), size)
    return np.stack([combinadic(added[:, list(combo)]) for combo in combos], axis=1)


def _both_open(
    south: tuple[Piece, ...], north: tuple[Piece, ...], pool: CardMask, capacity: int, blind: bool
) -> Outcome:
    comp_s = side_completions(south, pool, capacity=capacity, blind=blind, ordered=False)
    same = sorted(map(str, south)) == sorted(map(str, north))
    comp_n = comp_s if same else side_completions(north, pool, capacity=capacity, blind=blind, ordered=False)
    a, b = comp_s.need, comp_n.need
    n = popcount(pool)
    total = math.comb(n, a) * math.comb(n - a, b) if n >= a + b else 0
    if total == 0:
        return Outcome(ZERO, ZERO, ZERO, 0)
    lvl_s, lvl_n = _LEVEL[comp_s.strengths], _LEVEL[comp_n.strengths]
    used = np.zeros(_LEVELS, dtype=bool)
    used[lvl_s] = used[lvl_n] = True
    dense = np.cumsum(used) - 1  # keep only the strengths that occur: shorter histograms
    lvl_s, lvl_n, k = dense[lvl_s], dense[lvl_n], int(used.sum())
    south_wins = north_wins = ties = 0
    for size in range(min(a, b) + 1):
        sign = -1 if size % 2 else 1
        if size == a == b and same:
            ties += sign * len(comp_s)  # A = B = S on two identical sides: always a tie
            continue
        if size == a == b:
            # the shared set is both whole completions: A = B = S, compare the two sides on it
            ks, kn = _subset_keys(comp_s.added, size)[:, 0], _subset_keys(comp_n.added, size)[:, 0]
            st_s = comp_s.strengths[np.argsort(ks)]
            st_n = comp_n.strengths[np.argsort(kn)]
            south_wins += sign * int((st_s > st_n).sum())
            north_wins += sign * int((st_n > st_s).sum())
            ties += sign * int((st_s == st_n).sum())
            continue
        if size in (a, b):
            # the shared set is one side's whole completion (B = S, A holding S, or the reverse): look
            # that completion's level up by its key instead of building a histogram per key
            whole, part, lvl_whole, lvl_part = (comp_s, comp_n, lvl_s, lvl_n) if size == a else (comp_n, comp_s, lvl_n, lvl_s)
            level_of = np.full(math.comb(54, size), -1, dtype=np.int64)
            level_of[_subset_keys(whole.added, size)[:, 0]] = lvl_whole
            other = level_of[_subset_keys(part.added, size)]  # per completion of `part`, per shared subset
            mine, held = lvl_part[:, None], other >= 0
            part_wins, whole_wins = int(((other < mine) & held).sum()), int(((other > mine) & held).sum())
            south_wins += sign * (whole_wins if size == a else part_wins)
            north_wins += sign * (part_wins if size == a else whole_wins)
            ties += sign * int(((other == mine) & held).sum())
            continue
        if size == 0:
            hs, hn = np.bincount(lvl_s, minlength=k)[None, :], np.bincount(lvl_n, minlength=k)[None, :]
        else:
            keys_s = _subset_keys(comp_s.added, size)
            keys_n = keys_s if same else _subset_keys(comp_n.added, size)
            nkeys = math.comb(54, size)
            hs = _histograms(keys_s, lvl_s, nkeys, k)
            hn = hs if same else _histograms(keys_n, lvl_n, nkeys, k)
        south_wins += sign * int((hs * (np.cumsum(hn, axis=1) - hn)).sum())
        north_wins += sign * int((hn * (np.cumsum(hs, axis=1) - hs)).sum())
        ties += sign * int((hs * hn).sum())
    assert south_wins + north_wins + ties == total, "inclusion-exclusion lost pairs"
    return Outcome(Fraction(south_wins, total), Fraction(north_wins, total), Fraction(ties, total), total)


def _histograms(keys: np.ndarray, levels: np.ndarray, nkeys: int, k: int) -> np.ndarray:
    """Strength histogram per shared-card subset: ``hist[key, level]`` completions holding ``key``."""
    flat = (keys * k + levels[:, None]).ravel()
    return np.bincount(flat, minlength=nkeys * k).reshape(nkeys, k)


def stone_outcome_monte_carlo(
    position: Position, stone: int, samples: int = 10_000, seed: int = 0, pool: CardMask | None = None
) -> OutcomeEstimate:
    """Estimate :func:`stone_outcome` by sampling disjoint random completions (seeded, reproducible).

    Each sample shuffles the pool and deals south's missing cards, then north's; the strengths of
    the dealt sides are looked up among the sides' completions, and the estimates carry their
    standard errors.
    """
    check_samples(samples)
    check_count(seed, "seed")
    s = position.stone(check_stone(position, stone))
    pool = check_pool(pool, position.public_pool) & ~mask_of(s.clan_cards())
    cap, blind = s.capacity, s.blind
    a, b = max(cap - len(s.south), 0), max(cap - len(s.north), 0)
    cards = np.array(list(indices_of(pool)), dtype=np.int64)
    if a + b > len(cards):
        raise AnalysisError("the pool holds too few cards to complete both sides")
    rng = np.random.default_rng(seed)
    drawn = cards[np.argsort(rng.random((samples, len(cards))), axis=1)[:, : a + b]]
    st_s = _lookup_strengths(s.south, drawn[:, :a], pool, cap, blind)
    st_n = _lookup_strengths(s.north, drawn[:, a:], pool, cap, blind)
    south_win, north_win, tie = st_s > st_n, st_n > st_s, st_s == st_n
    # who wins a full tie: a side that was already complete completed first
    if a == 0 and b > 0:
        first: Player | None = Player.SOUTH
    elif b == 0 and a > 0:
        first = Player.NORTH
    elif a == 0 and b == 0:
        first = s.first_complete
    else:
        first = None
    if first is Player.SOUTH:
        south_win, tie = south_win | tie, np.zeros_like(tie)
    elif first is Player.NORTH:
        north_win, tie = north_win | tie, np.zeros_like(tie)

    def est(x: np.ndarray) -> tuple[float, float]:
        p = float(x.mean())
        return p, math.sqrt(p * (1 - p) / samples)

    (ps, es), (pn, en), (pt, et) = est(south_win), est(north_win), est(tie)
    ci = {k: confidence_interval(int(x.sum()), samples) for k, x in (("south", south_win), ("north", north_win), ("tie", tie))}
    return OutcomeEstimate(ps, pn, pt, {"south": es, "north": en, "tie": et}, samples, seed, ci)


def confidence_interval(successes: int, trials: int, level: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper–Pearson) confidence interval of a chance seen ``successes`` times in ``trials``."""
    from scipy.stats import binomtest  # imported on use: scipy.stats takes a while to load

    ci = binomtest(successes, trials).proportion_ci(confidence_level=level, method="exact")
    return float(ci.low), float(ci.high)


def _lookup_strengths(side: tuple[Piece, ...], dealt: np.ndarray, pool: CardMask, cap: int, blind: bool) -> np.ndarray:
    """The strength of ``side`` plus each row of ``dealt`` cards."""
    if dealt.shape[1] == 0:
        return np.full(len(dealt), side_strength(side[:cap], blind=blind), dtype=np.int64)
    comps = side_completions(side, pool, capacity=cap, blind=blind, ordered=False)
    known = combinadic(np.sort(comps.added, axis=1))
    order = np.argsort(known)
    wanted = combinadic(np.sort(dealt, axis=1))
    return comps.strengths[order][np.searchsorted(known[order], wanted)]
