"""Stone outcome under random completion (ANALYSIS.md §4), exact, with Monte Carlo as a checked option.

Both incomplete sides are completed with disjoint uniform random cards of the pool. Counting the
ordered pairs of disjoint completions one by one would take up to 24,804 × 20,825 comparisons; instead
the pairs are counted by inclusion–exclusion over the cards the two completions share:

    #disjoint pairs with s(A) > s(B) = Σ_S (-1)^|S| #{(A, B): S ⊆ A, S ⊆ B, s(A) > s(B)}

where S ranges over sets of 0-3 cards. For each S the inner count is a product of two strength
histograms (with a cumulative sum), all built with ``numpy.bincount``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import numpy as np

from ..core.cards import Card, CardMask, indices_of, mask_of, popcount
from ..core.formations import STRENGTH_CUBE, completions, evaluate, hand_table
from ..core.position import Position
from ..core.rules import SIDE_SIZE, Player
from .common import check_stone

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


@dataclass(frozen=True, slots=True)
class OutcomeEstimate:
    """A Monte Carlo estimate of an :class:`Outcome`, with standard errors and the sample count."""

    south: float
    north: float
    tie: float
    stderr: dict[str, float]
    samples: int
    seed: int

    def to_dict(self) -> dict[str, object]:
        return {
            "south": self.south,
            "north": self.north,
            "tie": self.tie,
            "stderr": dict(self.stderr),
            "samples": self.samples,
            "seed": self.seed,
            "estimate": True,
        }


def stone_outcome(position: Position, stone: int, pool: CardMask | None = None) -> Outcome:
    """Exact outcome of ``stone`` when every incomplete side is completed at random from ``pool``.

    ``pool`` defaults to the public pool. A claimed stone's outcome is already decided and is
    reported with probability 1 for its claimant.
    """
    s = position.stone(check_stone(position, stone))
    if s.claimed is not None:
        won = ONE
        return Outcome(won if s.claimed is Player.SOUTH else ZERO, won if s.claimed is Player.NORTH else ZERO, ZERO, 1)
    pool = position.public_pool if pool is None else pool & ~mask_of(s.cards())
    return outcome_of_sides(s.south, s.north, pool, s.first_complete)


def outcome_of_sides(
    south: tuple[Card, ...], north: tuple[Card, ...], pool: CardMask, first_complete: Player | None = None
) -> Outcome:
    """:func:`stone_outcome` for bare sides and a pool holding none of their cards."""
    south_done, north_done = len(south) >= SIDE_SIZE, len(north) >= SIDE_SIZE
    if south_done and north_done:
        a, b = evaluate(south[:SIDE_SIZE]).strength, evaluate(north[:SIDE_SIZE]).strength
        if a != b:
            return Outcome(ONE if a > b else ZERO, ONE if b > a else ZERO, ZERO, 1)
        if first_complete is None:
            return Outcome(ZERO, ZERO, ONE, 1)
        return _certain(first_complete)
    if south_done or north_done:
        done, open_side = (south, north) if south_done else (north, south)
        target = evaluate(done[:SIDE_SIZE]).strength
        _, strengths = completions(open_side, pool)
        total = len(strengths)
        if total == 0:
            return Outcome(ZERO, ZERO, ZERO, 0)
        beats = int((strengths > target).sum())  # the complete side completed first: ties go to it
        p_open, p_done = Fraction(beats, total), Fraction(total - beats, total)
        if south_done:
            return Outcome(p_done, p_open, ZERO, total)
        return Outcome(p_open, p_done, ZERO, total)
    return _both_open(south, north, pool)


def _certain(player: Player) -> Outcome:
    return Outcome(ONE if player is Player.SOUTH else ZERO, ONE if player is Player.NORTH else ZERO, ZERO, 1)


def _added_cards(side: tuple[Card, ...], hands: np.ndarray) -> np.ndarray:
    """The cards each completion adds to ``side``, as an (n, 3 - len(side)) array of card indices."""
    cards = hand_table().cards[hands].astype(np.int64)
    if not side:
        return cards
    keep = ~np.isin(cards, [c.index for c in side])
    return cards[keep].reshape(len(hands), SIDE_SIZE - len(side))


def _level_of_strength() -> tuple[np.ndarray, int]:
    """A dense index for every strength that occurs (so histograms stay short)."""
    levels = np.unique(STRENGTH_CUBE[STRENGTH_CUBE >= 0])
    lookup = np.full(int(levels.max()) + 1, -1, dtype=np.int64)
    lookup[levels] = np.arange(len(levels))
    return lookup, len(levels)


_LEVEL, _LEVELS = _level_of_strength()
_PAIR = np.full((54, 54), -1, dtype=np.int64)
for _n, (_i, _j) in enumerate(combinations(range(54), 2)):
    _PAIR[_i, _j] = _n
_PAIRS = 1431


def _shared_histograms(side: tuple[Card, ...], hands: np.ndarray, strengths: np.ndarray, upto: int) -> list[np.ndarray]:
    """For shared-set sizes 0..``upto``: ``hist[key, level]``, the completions holding each card set."""
    k = _LEVELS
    lvl = _LEVEL[strengths]
    added = _added_cards(side, hands)
    out = [np.bincount(lvl, minlength=k)[None, :]]
    if upto >= 1:
        flat = (added * k + lvl[:, None]).ravel()
        out.append(np.bincount(flat, minlength=54 * k).reshape(54, k))
    if upto >= 2:
        m = added.shape[1]
        pairs = np.stack([_PAIR[added[:, i], added[:, j]] for i, j in combinations(range(m), 2)], axis=1)
        flat = (pairs * k + lvl[:, None]).ravel()
        out.append(np.bincount(flat, minlength=_PAIRS * k).reshape(_PAIRS, k))
    return out


def _both_open(south: tuple[Card, ...], north: tuple[Card, ...], pool: CardMask) -> Outcome:
    a, b = SIDE_SIZE - len(south), SIDE_SIZE - len(north)
    n = popcount(pool)
    total = math.comb(n, a) * math.comb(n - a, b)
    if total == 0:
        return Outcome(ZERO, ZERO, ZERO, 0)
    upto = min(a, b, 2)
    hands_s, str_s = completions(south, pool)
    hist_s = _shared_histograms(south, hands_s, str_s, upto)
    if sorted(south) == sorted(north):
        hist_n = hist_s
    else:
        hands_n, str_n = completions(north, pool)
        hist_n = _shared_histograms(north, hands_n, str_n, upto)
    south_wins = north_wins = ties = 0
    for size in range(upto + 1):
        sign = -1 if size % 2 else 1
        hs, hn = hist_s[size], hist_n[size]
        south_wins += sign * int((hs * (np.cumsum(hn, axis=1) - hn)).sum())
        north_wins += sign * int((hn * (np.cumsum(hs, axis=1) - hs)).sum())
        ties += sign * int((hs * hn).sum())
    if min(a, b) == 3:
        # both sides empty: a shared set of 3 cards means the same three cards, always a tie
        ties -= len(hands_s)
    assert south_wins + north_wins + ties == total, "inclusion-exclusion lost pairs"
    return Outcome(Fraction(south_wins, total), Fraction(north_wins, total), Fraction(ties, total), total)


def stone_outcome_monte_carlo(
    position: Position, stone: int, samples: int = 10_000, seed: int = 0, pool: CardMask | None = None
) -> OutcomeEstimate:
    """Estimate :func:`stone_outcome` by sampling disjoint random completions (seeded, reproducible)."""
    if samples <= 0:
        raise ValueError(f"samples must be positive, not {samples}")
    s = position.stone(check_stone(position, stone))
    pool = position.public_pool if pool is None else pool & ~mask_of(s.cards())
    rng = np.random.default_rng(seed)
    cards = np.array(list(indices_of(pool)), dtype=np.int64)
    a, b = SIDE_SIZE - min(len(s.south), SIDE_SIZE), SIDE_SIZE - min(len(s.north), SIDE_SIZE)
    if a + b > len(cards):
        raise ValueError("the pool holds too few cards to complete both sides")
    keys = rng.random((samples, len(cards)))
    drawn = cards[np.argsort(keys, axis=1)[:, : a + b]]

    def strengths(side: tuple[Card, ...], extra: np.ndarray) -> np.ndarray:
        fixed = np.array([c.index for c in side[:SIDE_SIZE]], dtype=np.int64)
        full = np.concatenate([np.broadcast_to(fixed, (samples, len(fixed))), extra], axis=1)
        return STRENGTH_CUBE[full[:, 0], full[:, 1], full[:, 2]].astype(np.int64)

    st_s, st_n = strengths(s.south, drawn[:, :a]), strengths(s.north, drawn[:, a:])
    south_win = st_s > st_n
    north_win = st_n > st_s
    tie = st_s == st_n
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
    return OutcomeEstimate(ps, pn, pt, {"south": es, "north": en, "tie": et}, samples, seed)
