"""Sides under any rule set: strength with wild elite troops, and every completion from a pool.

A side's strength and its strongest filling are the rules kernel's
(:func:`~schotten_lab.core.kernel.side_best`, on the ints :func:`kernel_side` gives); this module adds
what the kernel does not say: the identities the troops take (:func:`best_identities`) and every
completion of a side (:func:`side_completions`, for odds and explanations). The base game's 3-card
sides of clan cards go through the precomputed hand table (:mod:`.formations`); everything else
(elite troops, Mud fight's 4-card sides, Blind-man's bluff) through a vectorised evaluator over colours
and values: a wild troop takes, for each completion, the identity that is best for its owner
(identities may repeat a card seen elsewhere, as docs/ANALYSIS.md says).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from math import comb

import numpy as np

from .cards import CARDS, FULL_DECK, Card, CardMask, indices_of, mask_of
from .formations import Formation, best_completion, completions, hand_table, strengths_of
from .kernel import FIXED, WILD_JOKER, WILD_SHIELD, WILD_SPY, side_best
from .tactics import Piece, Troop

_WILD = {"JOKER": WILD_JOKER, "SPY": WILD_SPY, "SHIELD": WILD_SHIELD}
KernelSide = tuple[int, int, int, int, int]
"""A side as the kernel reads it: ``count, a, b, c, d`` (see :func:`kernel_side`)."""


def piece_int(piece: Piece) -> int:
    """The rules kernel's int for a side piece: the clan card's index, a wild troop's code, or
    :data:`~schotten_lab.core.kernel.FIXED` plus the card a troop stands for."""
    if type(piece) is Card:
        return piece.index
    assert isinstance(piece, Troop)
    return _WILD[piece.kind] if piece.identity is None else FIXED + piece.identity.index


def kernel_side(side: Sequence[Piece]) -> KernelSide:
    """A side (up to four pieces) as the kernel's ``count, a, b, c, d`` (-1 beyond ``count``)."""
    codes = [piece_int(p) for p in side] + [-1, -1, -1, -1]
    return (len(side), codes[0], codes[1], codes[2], codes[3])


def best_identities(side: Sequence[Piece], *, blind: bool = False) -> tuple[Formation, tuple[Card, ...]]:
    """The best formation of a complete side, and the cards its pieces stand for (troops resolved:
    the first identities, in card order, that reach the kernel's strength)."""
    best = side_strength(side, blind=blind)
    troops = [p for p in side if isinstance(p, Troop)]
    if not troops:
        return Formation.from_strength(best), tuple(p for p in side if isinstance(p, Card))
    codes = list(kernel_side(side))
    slots = [k + 1 for k, p in enumerate(side) if isinstance(p, Troop)]
    for combo in product(*(t.identities() for t in troops)):
        for slot, card in zip(slots, combo):
            codes[slot] = FIXED + card.index
        if side_best(codes[0], codes[1], codes[2], codes[3], codes[4], len(side), blind, 0) == best:
            identities = iter(combo)
            resolved = tuple(p if isinstance(p, Card) else next(identities) for p in side)
            return Formation.from_strength(best), resolved
    raise AssertionError(f"no identities of {side} reach its strength {best}")  # the kernel's own bound


def side_strength(side: Sequence[Piece], *, blind: bool = False) -> int:
    """Strength of a complete side (3 pieces, or 4 under Mud fight), its troops taking their best
    identities: the kernel's :func:`~schotten_lab.core.kernel.side_best`."""
    return side_best(*kernel_side(side), len(side), blind, 0)


@dataclass(frozen=True)
class Completions:
    """Every completion of a side from a pool, strongest first.

    ``added[i]`` holds the card indices the i-th completion adds (ascending), ``strengths[i]`` the
    side's strength with them (troops at their best).
    """

    added: np.ndarray
    strengths: np.ndarray

    def __len__(self) -> int:
        return len(self.strengths)

    @property
    def need(self) -> int:
        return int(self.added.shape[1])

    def best(self) -> tuple[Formation, tuple[Card, ...]] | None:
        if not len(self):
            return None
        return Formation.from_strength(int(self.strengths[0])), tuple(CARDS[i] for i in self.added[0].tolist())

    def masks(self) -> np.ndarray:
        """The added cards of each completion as a bit mask (uint64)."""
        out = np.zeros(len(self), dtype=np.uint64)
        for col in range(self.need):
            out |= np.uint64(1) << self.added[:, col].astype(np.uint64)
        return out


def completion_masks(
    side: Sequence[Piece], pool: CardMask, *, capacity: int = 3, blind: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Every completion as (bit masks of the added cards as uint64, strengths), in no set order.

    Cheaper than :func:`side_completions` for base-game sides: no card lists are built.
    """
    clan = [p for p in side if isinstance(p, Card)]
    if capacity == 3 and len(side) < 3 and len(clan) == len(side):
        hands, strengths = completions(clan, pool & ~mask_of(clan), blind=blind)
        masks = hand_table(blind=blind).masks[hands] & np.uint64(FULL_DECK & ~mask_of(clan))
        return masks, strengths.astype(np.int64)
    comps = side_completions(side, pool, capacity=capacity, blind=blind, ordered=False)
    return comps.masks(), comps.strengths


def best_side_completion(
    side: Sequence[Piece], pool: CardMask, *, capacity: int = 3, blind: bool = False
) -> tuple[Formation, tuple[Card, ...]] | None:
    """The strongest completion of ``side`` from ``pool`` (what a claim proof must rule out), or ``None``.

    Base-game sides take the first fitting hand of the sorted table without listing the others.
    """
    if capacity == 3 and len(side) < 3 and all(isinstance(p, Card) for p in side):
        return best_completion([p for p in side if isinstance(p, Card)], pool, blind=blind)
    return side_completions(side, pool, capacity=capacity, blind=blind).best()


def combinations_array(indices: Sequence[int], r: int) -> np.ndarray:
    """All r-subsets of ``indices`` (ascending) as rows, in lexicographic order, built with numpy."""
    idx = np.asarray(sorted(indices), dtype=np.int64)
    n = len(idx)
    if r == 0:
        return np.zeros((1, 0), dtype=np.int64)
    if r > n:
        return np.zeros((0, r), dtype=np.int64)
    # positions p_1 < ... < p_r built one column at a time
    rows = np.arange(n - r + 1)[:, None]
    for col in range(1, r):
        last = rows[:, -1]
        counts = (n - r + col) - last
        rep = np.repeat(rows, counts, axis=0)
        starts = np.repeat(last + 1, counts)
        offsets = np.arange(len(rep)) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.concatenate([rep, (starts + offsets)[:, None]], axis=1)
    return idx[rows]


def side_completions(
    side: Sequence[Piece], pool: CardMask, *, capacity: int = 3, blind: bool = False, ordered: bool = True
) -> Completions:
    """Every way to complete ``side`` to ``capacity`` pieces with distinct clan cards of ``pool``.

    Strongest first when ``ordered`` (ties in card order); counting callers pass ``ordered=False``.
    """
    clan = [p for p in side if isinstance(p, Card)]
    wild = [p for p in side if isinstance(p, Troop)]
    need = capacity - len(side)
    pool &= FULL_DECK & ~mask_of(clan)
    if need <= 0:
        strength = side_strength(side[:capacity], blind=blind)
        return Completions(np.zeros((1, 0), dtype=np.int64), np.array([strength], dtype=np.int64))
    if capacity == 3 and not wild:
        hands, strengths = completions(clan, pool, blind=blind)
        cards = hand_table(blind=blind).cards[hands].astype(np.int64)
        if clan:
            keep = cards != clan[0].index  # drop the side's own cards (np.isin costs more for 1-2 cards)
            for c in clan[1:]:
                keep &= cards != c.index
            cards = cards[keep].reshape(len(hands), need)
        return Completions(cards, strengths.astype(np.int64))
    added = combinations_array(list(indices_of(pool)), need)
    if all(t.wild for t in wild):
        # look the strengths up in a table over every set of clan cards of this size
        table = _troop_table(tuple(sorted(t.kind for t in wild)), capacity, blind)
        fixed = np.broadcast_to(np.array([c.index for c in clan], dtype=np.int64), (len(added), len(clan)))
        full = np.sort(np.concatenate([fixed, added], axis=1), axis=1)
        strengths = table[combinadic(full)].astype(np.int64)
        if not ordered:
            return Completions(added, strengths)
        order = np.argsort(-strengths, kind="stable")
        return Completions(added[order], strengths[order])
    return _evaluate_generic(clan, wild, added, capacity, blind, ordered)


_BINOM = np.array([[comb(n, k) for k in range(5)] for n in range(55)], dtype=np.int64)


def combinadic(rows: np.ndarray) -> np.ndarray:
    """Index of each ascending row of card indices among all sets of its size (combinatorial number system).

    Rows of ``k`` cards get distinct indices in ``range(comb(54, k))``: usable as array keys.
    """
    index = np.zeros(len(rows), dtype=np.int64)
    for col in range(rows.shape[1]):
        index += _BINOM[rows[:, col], col + 1]
    return index


@functools.cache
def _troop_table(kinds: tuple[str, ...], capacity: int, blind: bool) -> np.ndarray:
    """Strength of every set of ``capacity - len(kinds)`` clan cards beside wild troops ``kinds``.

    Indexed by :func:`combinadic`; built once per (troops, capacity, blind) with the evaluator.
    """
    sets = combinations_array(range(54), capacity - len(kinds))
    wild = [Troop(k) for k in kinds]  # type: ignore[arg-type]
    parts = [
        _evaluate_generic([], wild, sets[start : start + 50_000], capacity, blind, ordered=False).strengths
        for start in range(0, len(sets), 50_000)
    ]
    table = np.empty(len(sets), dtype=np.int16)
    table[combinadic(sets)] = np.concatenate(parts)
    table.flags.writeable = False
    return table


def _evaluate_generic(
    clan: Sequence[Card], wild: Sequence[Troop], added: np.ndarray, capacity: int, blind: bool, ordered: bool
) -> Completions:
    """Strengths of ``clan`` + each row of ``added`` + ``wild`` troops at their best, by evaluation."""
    fixed_troops = [t for t in wild if not t.wild]
    wild = [t for t in wild if t.wild]
    clan = list(clan) + [t.identity for t in fixed_troops]  # type: ignore[misc]
    n = len(added)
    fixed_colors = np.broadcast_to(np.array([int(c.color) for c in clan], dtype=np.int64), (n, len(clan)))
    fixed_values = np.broadcast_to(np.array([c.value for c in clan], dtype=np.int64), (n, len(clan)))
    colors = np.concatenate([fixed_colors, added // 9], axis=1)
    values = np.concatenate([fixed_values, added % 9 + 1], axis=1)
    if wild:
        # A troop only needs the colour of the other cards (the "anchor": a one-colour side can only
        # be that colour, and no other formation looks at colours), so only its value is enumerated.
        anchor = colors[:, 0] if colors.shape[1] else np.zeros(n, dtype=np.int64)
        grid = np.array(list(product(*(sorted({c.value for c in t.identities()}) for t in wild))), dtype=np.int64)
        m = len(grid)
        colors = np.concatenate(
            [np.repeat(colors, m, axis=0), np.repeat(anchor, m)[:, None].repeat(len(wild), axis=1)], axis=1
        )
        values = np.concatenate([np.repeat(values, m, axis=0), np.tile(grid, (n, 1))], axis=1)
        strengths = strengths_of(colors, values, blind=blind).reshape(n, m).max(axis=1)
    else:
        strengths = strengths_of(colors, values, blind=blind)
    if not ordered:
        return Completions(added, strengths.astype(np.int64))
    order = np.argsort(-strengths, kind="stable")
    return Completions(added[order], strengths[order].astype(np.int64))
