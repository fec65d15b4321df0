"""Formation odds of one side (docs/ANALYSIS.md §3), exact.

- :func:`completion_odds`: the side is completed by uniform random cards of a pool; the chance of each
  final rank and of each final strength, as exact fractions (every completion counted once).
- :func:`reachable`: the viewer's own hand plus ``n`` more draws; the chance that some of those cards
  complete the side into at least each rank. Exact and bounded: a side with no clan card yet (empty
  under Mud fight, or wild troops only) is counted by a programme over the values
  (:mod:`.free_sides`); :func:`reachable_monte_carlo` is the seeded estimate, with standard errors,
  for whatever would exceed the step budget (:class:`TooLargeError` says so).
- :func:`still_possible` and :func:`outs`: which ranks any completion can still reach, and the cards
  that lead there, split into the pool, the viewer's hand and the cards already dead on the table.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import numpy as np

from ..core.cards import FULL_DECK, Card, CardMask, cards_of, format_cards, indices_of, mask_of, popcount
from ..core.errors import AnalysisError, TooLargeError
from ..core.formations import RANKS_STRONGEST_FIRST, STRENGTH_BASE, Rank
from ..core.position import Position, Stone
from ..core.sides import best_identities, completion_masks, side_completions
from ..core.tactics import Piece, Troop, clan_mask
from ..core.rules import SIDE_SIZE, Player
from .free_sides import count_formation_free
from .common import check_count, check_player, check_pool, check_samples, check_stone, fraction_table
from .pools import draws_left

ZERO, ONE = Fraction(0), Fraction(1)
REACHABLE_NODE_BUDGET = 300_000
"""Most subsets :func:`reachable` enumerates before it gives up and says so (about a second; never
approximates). Sides without a clan card never enumerate (:mod:`.free_sides`)."""


@dataclass(frozen=True)
class CompletionOdds:
    """The distribution of a side's final formation under random completion from a pool.

    ``ranks[r]`` is P(final rank == r) for every rank; ``strengths[s]`` is P(final strength == s)
    (``s = rank * 100 + sum``); ``completions`` is the number of equally likely completions.
    A complete side has probability 1 on its own formation.
    """

    side: tuple[Piece, ...]
    pool_size: int
    completions: int
    ranks: dict[Rank, Fraction]
    strengths: dict[int, Fraction]
    capacity: int = SIDE_SIZE

    @property
    def complete(self) -> bool:
        return len(self.side) >= self.capacity

    @property
    def possible(self) -> bool:
        """False when the pool holds too few cards to complete the side."""
        return self.completions > 0

    def at_least(self, rank: Rank) -> Fraction:
        return sum((p for r, p in self.ranks.items() if r >= rank), ZERO)

    def expected_sum(self) -> Fraction:
        return sum((p * (s % STRENGTH_BASE) for s, p in self.strengths.items()), ZERO)

    def to_dict(self) -> dict[str, float]:
        return {r.key: float(self.ranks[r]) for r in RANKS_STRONGEST_FIRST}

    def _repr_html_(self) -> str:
        rows = [(r.label(size=self.capacity), self.ranks[r]) for r in RANKS_STRONGEST_FIRST]
        side = format_cards(self.side) or "an empty side"
        title = f"final formation of {side}: {self.completions} equally likely completions from {self.pool_size} cards"
        return fraction_table(rows, title)


def _stone_side(position: Position, stone: int, player: Player | str) -> tuple[Stone, tuple[Piece, ...]]:
    s = position.stone(check_stone(position, stone))
    return s, s.side(check_player(player))


def completion_odds(
    position: Position, stone: int, player: Player | str, pool: CardMask | None = None
) -> CompletionOdds:
    """Odds of each final rank and strength when ``player``'s side of ``stone`` is completed at random.

    ``pool`` defaults to the public pool (the cards not on the table). Pass
    ``position.viewer_pool(viewer)`` for the opponent's side seen by a viewer. The stone's combat
    modes apply (4 cards under Mud fight, sums only under Blind-man's bluff), and elite troops take
    their owner's best identity in each completion.
    """
    s, side = _stone_side(position, stone, player)
    pool = check_pool(pool, position.public_pool) & ~clan_mask(side)
    return odds_of_side(side, pool, capacity=s.capacity, blind=s.blind)


def odds_of_side(
    side: tuple[Piece, ...], pool: CardMask, *, capacity: int = SIDE_SIZE, blind: bool = False
) -> CompletionOdds:
    """:func:`completion_odds` for a bare side and pool (the pool must not hold the side's cards)."""
    size = popcount(pool)
    if len(side) >= capacity:
        f = best_identities(side[:capacity], blind=blind)[0]
        return CompletionOdds(
            side, size, 1, {r: ONE if r is f.rank else ZERO for r in Rank}, {f.strength: ONE}, capacity
        )
    strengths = side_completions(side, pool, capacity=capacity, blind=blind, ordered=False).strengths
    total = len(strengths)
    if total == 0:
        return CompletionOdds(side, size, 0, {r: ZERO for r in Rank}, {}, capacity)
    values, counts = np.unique(strengths, return_counts=True)
    by_strength = {int(v): Fraction(int(n), total) for v, n in zip(values, counts)}
    rank_counts = np.bincount(strengths // STRENGTH_BASE, minlength=len(Rank) + 1)
    ranks = {r: Fraction(int(rank_counts[r]), total) for r in Rank}
    return CompletionOdds(side, size, total, ranks, by_strength, capacity)


def still_possible(
    position: Position, stone: int, player: Player | str, pool: CardMask | None = None
) -> dict[Rank, bool]:
    """For each rank, whether some completion of the side from ``pool`` (default: public) reaches it."""
    odds = completion_odds(position, stone, player, pool)
    return {r: odds.ranks[r] > 0 for r in Rank}


@dataclass(frozen=True)
class Outs:
    """Cards that can take a side to each rank, by where they are as the viewer sees it.

    ``by_rank[r]`` holds every card that belongs to at least one completion of exactly rank ``r``
    (any card off the side counts, wherever it is); ``in_pool``/``in_hand``/``dead`` split each
    rank's cards by where they are as the viewer sees it.
    """

    side: tuple[Piece, ...]
    viewer: Player
    by_rank: dict[Rank, tuple[Card, ...]]
    in_pool: dict[Rank, tuple[Card, ...]]
    in_hand: dict[Rank, tuple[Card, ...]]
    dead: dict[Rank, tuple[Card, ...]]

    def to_dict(self) -> dict[str, dict[str, list[str]]]:
        return {
            r.key: {
                "pool": [str(c) for c in self.in_pool[r]],
                "hand": [str(c) for c in self.in_hand[r]],
                "dead": [str(c) for c in self.dead[r]],
            }
            for r in RANKS_STRONGEST_FIRST
        }


def outs(position: Position, stone: int, player: Player | str, viewer: Player | str | None = None) -> Outs:
    """The outs of ``player``'s side of ``stone``: for each rank, the cards that can lead to it.

    A card is "in the pool" when the viewer cannot see it (``U_v``), "in hand" when it is in the
    viewer's own hand, "dead" when it is on the table (either side of any stone).
    """
    s, side = _stone_side(position, stone, player)
    who = check_player(player)
    seer = who if viewer is None else check_player(viewer, "viewer")
    empty: dict[Rank, tuple[Card, ...]] = {r: () for r in Rank}
    if len(side) >= s.capacity:
        return Outs(side, seer, empty, empty, empty, empty)
    side_mask = clan_mask(side)
    masks, strengths = completion_masks(side, FULL_DECK & ~side_mask, capacity=s.capacity, blind=s.blind)
    pool = position.viewer_pool(seer)
    own = clan_mask(position.hands[seer] or ())
    by_rank, in_pool, in_hand, dead = {}, {}, {}, {}
    ranks = strengths // STRENGTH_BASE
    for r in Rank:
        chosen = masks[ranks == r]
        used = int(np.bitwise_or.reduce(chosen)) if len(chosen) else 0
        by_rank[r] = cards_of(used)
        in_pool[r] = cards_of(used & pool)
        in_hand[r] = cards_of(used & own)
        dead[r] = cards_of(used & position.table_mask)
    return Outs(side, seer, by_rank, in_pool, in_hand, dead)


def reachable(position: Position, stone: int, player: Player | str, draws: int) -> dict[Rank, Fraction]:
    """P(the player's hand plus their next ``draws`` draws can complete the side into at least each rank).

    The draws are a uniform random subset of the viewer pool ``U_v`` (the deck is shuffled), capped at
    the draws the player still gets (:func:`~schotten_lab.analysis.pools.draws_left`). Exact: the
    subsets of the relevant cards are enumerated with pruning (once a subset completes the side,
    all its extensions are counted at once with a binomial coefficient).
    Raises :class:`AnalysisError` if the player's hand is unknown, and :class:`TooLargeError` if
    the count would take more than ``REACHABLE_NODE_BUDGET`` steps (none of the worst cases in
    benchmarks/worst_cases.py does; :func:`reachable_monte_carlo` would then estimate it).
    """
    who = check_player(player)
    s, side = _stone_side(position, stone, who)
    check_count(draws, "draws")
    hand = position.clan_hand(who)
    if hand is None:
        raise AnalysisError(f"reachable() needs {who.value}'s hand, which the position does not list")
    n = min(draws, draws_left(position, who))
    pool = position.viewer_pool(who)
    return reachable_from(side, mask_of(hand), pool, n, capacity=s.capacity, blind=s.blind)


def reachable_from(
    side: tuple[Piece, ...], hand: CardMask, pool: CardMask, n: int, *, capacity: int = SIDE_SIZE, blind: bool = False
) -> dict[Rank, Fraction]:
    """:func:`reachable` for a bare side, hand mask, draw pool mask and number of draws."""
    if len(side) >= capacity:
        f = best_identities(side[:capacity], blind=blind)[0]
        return {r: ONE if f.rank >= r else ZERO for r in Rank}
    total = math.comb(popcount(pool), n)
    if total == 0:
        return {r: ZERO for r in Rank}
    if blind:  # Blind-man's bluff: every side is a sum; it is one if enough cards are there
        enough = popcount(hand & ~pool) + n >= capacity - len(side)
        return {r: ONE if enough and r is Rank.SUM else ZERO for r in Rank}
    if side and all(isinstance(p, Troop) and p.wild for p in side) or (not side and capacity > SIDE_SIZE):
        # no clan card yet (empty under Mud fight, or wild troops only): a programme over the values
        troops = tuple(p for p in side if isinstance(p, Troop))
        return {
            r: Fraction(total - count_formation_free(troops, capacity, hand, pool, n, r), total) for r in Rank
        }
    if not side and capacity == SIDE_SIZE and not blind:
        # an empty base-game side: a dynamic programme over the values
        return {r: Fraction(total - _count_formation_free(hand, pool, n, r), total) for r in Rank}
    masks, strengths = completion_masks(side, hand | pool, capacity=capacity, blind=blind)
    needs_all = [int(m) & ~hand for m in masks.tolist()]
    ranks = (strengths // STRENGTH_BASE).tolist()
    return {
        r: Fraction(_count_hitting({m for m, rank in zip(needs_all, ranks) if rank >= r}, pool, n), total)
        for r in Rank
    }


@dataclass(frozen=True)
class ReachableEstimate:
    """A Monte Carlo estimate of :func:`reachable`: ``p[r]`` with its standard error ``stderr[r]``."""

    p: dict[Rank, float]
    stderr: dict[Rank, float]
    samples: int
    seed: int
    draws: int

    def to_dict(self) -> dict[str, object]:
        return {
            "p": {r.key: self.p[r] for r in RANKS_STRONGEST_FIRST},
            "stderr": {r.key: self.stderr[r] for r in RANKS_STRONGEST_FIRST},
            "samples": self.samples,
            "seed": self.seed,
            "draws": self.draws,
            "estimate": True,
        }


def reachable_monte_carlo(
    position: Position, stone: int, player: Player | str, draws: int, samples: int = 1_000, seed: int = 0
) -> ReachableEstimate:
    """Estimate :func:`reachable` by sampling the draws (seeded, reproducible): each sample deals
    ``draws`` cards of the viewer pool and takes the best completion of the side from the hand and
    those cards. About 2 ms a sample for an empty Mud fight side."""
    who = check_player(player)
    s, side = _stone_side(position, stone, who)
    check_count(draws, "draws")
    check_samples(samples)
    check_count(seed, "seed")
    hand = position.clan_hand(who)
    if hand is None:
        raise AnalysisError(f"reachable_monte_carlo() needs {who.value}'s hand, which the position does not list")
    n = min(draws, draws_left(position, who))
    cards = np.array(list(indices_of(position.viewer_pool(who))), dtype=np.int64)
    rng = np.random.default_rng(seed)
    best = np.zeros(samples, dtype=np.int64)  # best rank reached, 0 for none
    held = mask_of(hand)
    for i in range(samples):
        drawn = rng.choice(cards, size=n, replace=False) if n else cards[:0]
        available = held | sum(1 << int(c) for c in drawn)
        strengths = side_completions(side, available, capacity=s.capacity, blind=s.blind, ordered=False).strengths
        best[i] = int(strengths.max()) // STRENGTH_BASE if len(strengths) else 0
    p = {r: float((best >= r).mean()) for r in Rank}
    return ReachableEstimate(p, {r: math.sqrt(p[r] * (1 - p[r]) / samples) for r in Rank}, samples, seed, n)


def _count_formation_free(hand: CardMask, pool: CardMask, n: int, rank: Rank) -> int:
    """How many ``n``-subsets D of ``pool`` leave ``hand ∪ D`` with no 3 cards of rank >= ``rank``.

    A dynamic programme over the values 1..9 (all cards of one value at a time). Its state is what
    the constraints of ``rank`` need to remember, per colour:
    - color run and three of a kind: whether the colour was present at the two previous values;
    - color and run: how many cards of the colour so far (at most 2), and for run whether the two
      previous values were present at all.
    Three of a kind (no value 3 times) is checked within each value's step.
    """
    if rank is Rank.SUM:
        return math.comb(popcount(pool), n) if popcount(hand) + n < SIDE_SIZE else 0
    per_color_count = rank <= Rank.COLOR
    track_values = rank is Rank.RUN
    cap_value = rank <= Rank.THREE_OF_A_KIND
    # state = colour part (base 3 counts, or 2-bit histories packed in 12 bits) * 4 + value history
    color_states = 3**6 if per_color_count else 4**6
    states = color_states * 4
    dp = np.zeros((states, n + 1), dtype=np.int64)
    dp[0, 0] = 1
    for value in range(1, 10):
        held = [c for c in range(6) if hand >> (c * 9 + value - 1) & 1]
        free = [c for c in range(6) if pool >> (c * 9 + value - 1) & 1]
        new = np.zeros_like(dp)
        live = np.flatnonzero(dp.any(axis=1))
        rows = dp[live]
        for size in range(0, len(free) + 1):
            if size > n or (cap_value and len(held) + size >= 3):
                break
            for drawn in combinations(free, size):
                colors = 0
                for c in (*held, *drawn):
                    colors |= 1 << c
                target = _transition(colors, per_color_count, track_values)[live]
                ok = target >= 0
                np.add.at(new[:, size:], target[ok], rows[ok, : n + 1 - size])
        dp = new
    return int(dp[:, n].sum())


@functools.cache
def _transition(colors: int, per_color_count: bool, track_values: bool) -> np.ndarray:
    """Next state of every state when the colours in ``colors`` appear at the next value (-1: a formation)."""
    color_states = 3**6 if per_color_count else 4**6
    state = np.arange(color_states * 4)
    color_part, value_hist = state // 4, state % 4
    present = colors != 0
    ok = np.ones(len(state), dtype=bool)
    new_color = np.zeros(len(state), dtype=np.int64)
    for c in range(6):
        here = bool(colors >> c & 1)
        if per_color_count:
            digit = color_part // 3**c % 3
            if here:
                ok &= digit < 2
            new_color += np.minimum(digit + here, 2) * 3**c
        else:
            hist = color_part >> (2 * c) & 3
            if here:
                ok &= hist != 3
            new_color += (((hist << 1) | here) & 3) << (2 * c)
    if track_values:
        if present:
            ok &= value_hist != 3
        new_value = ((value_hist << 1) | present) & 3
    else:
        new_value = np.zeros_like(value_hist)
    return np.where(ok, new_color * 4 + new_value, -1)


class HittingBudgetExceeded(TooLargeError):
    """A draw count that would take more search steps than allowed (never approximated)."""


def _count_hitting(needs: Iterable[CardMask], pool: CardMask, n: int) -> int:
    """How many ``n``-subsets of ``pool`` contain at least one of the ``needs`` (sets of cards)."""
    try:
        return count_hitting(needs, pool, n, REACHABLE_NODE_BUDGET)[0]
    except HittingBudgetExceeded:
        raise TooLargeError(
            "too many draw combinations to count exactly here; ask for fewer draws, "
            "or use reachable_monte_carlo() for an estimate with its standard error"
        ) from None


def count_hitting(needs: Iterable[CardMask], pool: CardMask, n: int, budget: int) -> tuple[int, int]:
    """(how many ``n``-subsets of ``pool`` contain at least one of the ``needs``, search steps used).

    Raises :class:`HittingBudgetExceeded` past ``budget`` steps.
    """
    needs = _minimal(needs)
    if not needs:
        return 0, 0
    if 0 in needs:
        return math.comb(popcount(pool), n), 0
    relevant_mask = 0
    for m in needs:
        relevant_mask |= m
    relevant = list(indices_of(relevant_mask))
    others = popcount(pool) - len(relevant)
    by_card: dict[int, list[int]] = {c: [] for c in relevant}
    for m in needs:
        for c in indices_of(m):
            by_card[c].append(m)
    # long lists are checked all at once: a need is inside T when it has no card outside T
    as_array = {c: np.array(ms, dtype=np.uint64) for c, ms in by_card.items() if len(ms) > 24}
    count = 0
    nodes = 0
    m_rel = len(relevant)
    # Depth-first over subsets T of the relevant cards in increasing order. When T first contains a
    # need, every draw whose relevant part starts with T is good: choose the n - |T| other cards from
    # the later relevant cards and the irrelevant ones.
    stack: list[tuple[int, int, int]] = [(0, 0, 0)]  # (next position, chosen mask, size)
    while stack:
        start, chosen, size = stack.pop()
        if size == n:
            continue
        for j in range(start, m_rel):
            c = relevant[j]
            t = chosen | (1 << c)
            nodes += 1
            many = as_array.get(c)
            if (
                bool(((many & np.uint64(FULL_DECK & ~t)) == 0).any())
                if many is not None
                else any(need & ~t == 0 for need in by_card[c])
            ):
                count += math.comb(m_rel - j - 1 + others, n - size - 1)
            else:
                stack.append((j + 1, t, size + 1))
        if nodes > budget:
            raise HittingBudgetExceeded(f"more than {budget} steps to count the draws exactly")
    return count, nodes


def _minimal(needs: Iterable[CardMask]) -> list[CardMask]:
    """The needs that contain no other need (supersets never change which draws hit).

    A small need (up to 6 cards) looks its proper subsets up among the kept needs, instead of
    scanning them all (20,000 needs of 4 cards: 1 s instead of 40 s).
    """
    ordered = sorted(set(needs), key=popcount)
    kept: list[CardMask] = []
    seen: set[CardMask] = set()
    for m in ordered:
        bits = [1 << i for i in indices_of(m)]
        if len(bits) <= 6:  # look up its proper subsets (at most 63) instead of scanning every kept need
            contains = any(_sum_of(bits, pick) in seen for pick in range((1 << len(bits)) - 1))
        else:
            contains = any(k & ~m == 0 for k in kept)
        if not contains:
            kept.append(m)
            seen.add(m)
    return kept


def _sum_of(bits: list[int], pick: int) -> int:
    """The union of the ``bits`` selected by the bit pattern ``pick``."""
    return sum(b for i, b in enumerate(bits) if pick >> i & 1)
