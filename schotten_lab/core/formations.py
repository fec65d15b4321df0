"""Formations: rank and sum of a complete side, and the precomputed table of all 3-card hands.

A side's strength is one ``int``, ``rank * 100 + sum``, so sides compare with ``<``. Under
Blind-man's bluff every side is a plain sum (rank ``SUM``). Four-card sides (Mud fight) use the
same ranks, with four cards in each pattern.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .cards import CARDS, FULL_DECK, Card, CardMask, mask_of
from .errors import ArgumentError
from .words import formation

STRENGTH_BASE = 100
"""``strength = rank * STRENGTH_BASE + sum``; every sum (at most 36) stays below it."""


class Rank(enum.IntEnum):
    """Formation ranks, weakest first."""

    SUM = 1
    RUN = 2
    COLOR = 3
    THREE_OF_A_KIND = 4
    COLOR_RUN = 5

    @property
    def key(self) -> str:
        """The snake_case name used in JSON (``color_run``)."""
        return self.name.lower()

    def label(self, lang: str = "en", size: int = 3) -> str:
        """The formation's name in English (``en``) or French (``fr``)."""
        return formation(self.key, lang, size)


RANKS_STRONGEST_FIRST = tuple(sorted(Rank, reverse=True))


@dataclass(frozen=True, slots=True, order=True)
class Formation:
    """The strength of a complete side: its rank, then the sum of its values."""

    rank: Rank
    total: int

    @property
    def strength(self) -> int:
        return int(self.rank) * STRENGTH_BASE + self.total

    @classmethod
    def from_strength(cls, strength: int) -> Formation:
        return cls(Rank(strength // STRENGTH_BASE), strength % STRENGTH_BASE)

    def describe(self, lang: str = "en", size: int = 3) -> str:
        word = formation("sum", lang)
        if self.rank is Rank.SUM:
            return f"{word} {self.total}"
        return f"{self.rank.label(lang, size)} ({word} {self.total})"

    def __str__(self) -> str:
        return self.describe()


def strengths_of(colors: np.ndarray, values: np.ndarray, *, blind: bool = False) -> np.ndarray:
    """Strengths of many sides at once: ``colors``/``values`` are (n, 3) or (n, 4) arrays.

    The one ranking rule of the package (docs/RULES.md, "Formations"): :func:`evaluate` and the
    precomputed tables go through it. Cards may repeat (a troop's identity may copy a card); sums
    only if ``blind``.
    """
    v = np.sort(values, axis=1)
    total = v.sum(axis=1)
    if blind:
        return np.asarray(Rank.SUM * STRENGTH_BASE + total)
    one_color = (colors == colors[:, :1]).all(axis=1)
    consecutive = (np.diff(v, axis=1) == 1).all(axis=1)
    same_value = (v == v[:, :1]).all(axis=1)
    rank = np.select(
        [one_color & consecutive, same_value, one_color, consecutive],
        [Rank.COLOR_RUN, Rank.THREE_OF_A_KIND, Rank.COLOR, Rank.RUN],
        default=Rank.SUM,
    )
    return np.asarray(rank * STRENGTH_BASE + total)


def evaluate(cards: Sequence[Card], *, blind: bool = False) -> Formation:
    """The formation of a complete side of 3 (or 4, under Mud fight) distinct cards.

    Placement order does not matter. With ``blind`` (Blind-man's bluff) only the sum counts. The rule
    itself is :func:`strengths_of`'s.
    """
    if len(cards) not in (3, 4):
        raise ArgumentError(f"a complete side has 3 or 4 cards, not {len(cards)}")
    if len(cards) == 3:  # three distinct cards: the cube built by strengths_of holds the answer
        a, b, c = cards
        found = int((BLIND_CUBE if blind else STRENGTH_CUBE)[a.index, b.index, c.index])
        if found >= 0:
            return Formation.from_strength(found)
    colors = np.array([[int(c.color) for c in cards]], dtype=np.int64)
    values = np.array([[c.value for c in cards]], dtype=np.int64)
    return Formation.from_strength(int(strengths_of(colors, values, blind=blind)[0]))


def strength_of(cards: Sequence[Card], *, blind: bool = False) -> int:
    return evaluate(cards, blind=blind).strength


# --------------------------------------------------------------------------------------------
# The table of all C(54, 3) = 24,804 three-card hands, built once at import with numpy.


def _build_strength_cube() -> np.ndarray:
    """``cube[i, j, k]`` is the strength of cards i, j, k (all distinct), else -1.

    Each of the 24,804 sets is evaluated once and written to its six orders (a strength does not
    depend on the order of the cards)."""
    hands = _ascending_triples().astype(np.int64)
    strengths = strengths_of(hands // 9, hands % 9 + 1).astype(np.int16)
    cube = np.full((54, 54, 54), -1, dtype=np.int16)
    a, b, c = hands[:, 0], hands[:, 1], hands[:, 2]
    for i, j, k in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        cube[i, j, k] = strengths
    return cube


def _ascending_triples() -> np.ndarray:
    """All 24,804 sets of three card indices, ascending within each row, rows in lexicographic order."""
    idx = np.arange(54)
    ascending = (idx[:, None, None] < idx[None, :, None]) & (idx[None, :, None] < idx[None, None, :])
    return np.stack(np.nonzero(ascending), axis=1).astype(np.int8)  # np.nonzero: lexicographic order


STRENGTH_CUBE: np.ndarray = _build_strength_cube()
STRENGTH_CUBE.flags.writeable = False
BLIND_CUBE: np.ndarray = np.where(
    STRENGTH_CUBE >= 0, Rank.SUM * STRENGTH_BASE + STRENGTH_CUBE % STRENGTH_BASE, -1
).astype(np.int16)
BLIND_CUBE.flags.writeable = False


@dataclass(frozen=True)
class HandTable:
    """All 24,804 three-card hands, strongest first (ties in card-index order).

    ``cards[h]`` holds the three card indices of hand ``h`` (ascending), ``masks[h]`` its bit
    mask, ``strengths[h]`` its strength. ``containing[c]`` lists, in table order, the hands that
    hold card ``c``; ``containing_pair[(a, b)]`` those that hold both ``a < b``.
    """

    cards: np.ndarray
    masks: np.ndarray
    strengths: np.ndarray
    containing: tuple[np.ndarray, ...]
    containing_pair: dict[tuple[int, int], np.ndarray]

    def candidates(self, side: Sequence[int]) -> np.ndarray:
        """Indices of the hands that contain every card of ``side`` (0-2 card indices)."""
        if len(side) == 0:
            return np.arange(len(self.masks))
        if len(side) == 1:
            return self.containing[side[0]]
        if len(side) == 2:
            a, b = sorted(side)
            return self.containing_pair[(a, b)]
        raise ArgumentError("a 3-card side has no completion")


def _build_hand_table(cube: np.ndarray) -> HandTable:
    combos = _ascending_triples()
    strengths = cube[combos[:, 0], combos[:, 1], combos[:, 2]].astype(np.int16)
    # stable sort on descending strength keeps lexicographic card order among equals
    order = np.argsort(-strengths, kind="stable")
    combos, strengths = combos[order], strengths[order]
    one = np.uint64(1)
    masks = (
        (one << combos[:, 0].astype(np.uint64))
        | (one << combos[:, 1].astype(np.uint64))
        | (one << combos[:, 2].astype(np.uint64))
    )
    wide = combos.astype(np.int64)
    containing = _groups(wide.reshape(-1), 3)  # hands holding card c, in table order
    containing_cards = tuple(containing.get(c, np.zeros(0, dtype=np.int64)) for c in range(54))
    a, b, c = wide[:, 0], wide[:, 1], wide[:, 2]
    pairs = np.stack([a * 54 + b, a * 54 + c, b * 54 + c], axis=1).reshape(-1)  # each hand's pairs, a < b
    containing_pair = {divmod(key, 54): hands for key, hands in _groups(pairs, 3).items()}
    for arr in (combos, masks, strengths, *containing_cards, *containing_pair.values()):
        arr.flags.writeable = False
    return HandTable(combos, masks, strengths, containing_cards, containing_pair)


def _groups(keys: np.ndarray, per_hand: int) -> dict[int, np.ndarray]:
    """For each key of ``keys`` (``per_hand`` consecutive entries per hand), the hands that have it,
    ascending; keys in the order of their first appearance."""
    order = np.argsort(keys, kind="stable")  # by key, then by position: hands ascending
    ordered = keys[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    hands = order // per_hand
    bounds = [*starts.tolist(), len(order)]
    groups = {int(ordered[s]): hands[s:e] for s, e in zip(bounds, bounds[1:])}
    firsts = {int(ordered[s]): int(order[s]) for s in starts.tolist()}
    return {k: groups[k] for k in sorted(groups, key=firsts.__getitem__)}


_TABLES: dict[bool, HandTable] = {}


def hand_table(*, blind: bool = False) -> HandTable:
    """The sorted table of all three-card hands (built on first use, then cached)."""
    table = _TABLES.get(blind)
    if table is None:
        table = _TABLES[blind] = _build_hand_table(BLIND_CUBE if blind else STRENGTH_CUBE)
    return table


def rank_counts(*, blind: bool = False) -> dict[Rank, int]:
    """How many of the 24,804 hands fall in each rank (docs/RULES.md lists the base-game counts)."""
    table = hand_table(blind=blind)
    ranks = table.strengths // STRENGTH_BASE
    return {r: int((ranks == r).sum()) for r in Rank}


def compare(
    first: Sequence[Card], second: Sequence[Card], *, blind: bool = False, first_completed_first: bool | None = None
) -> int:
    """+1 if ``first`` beats ``second``, -1 if it loses, by strength then the completed-first tie-break.

    A full tie returns +1 or -1 according to ``first_completed_first``, or 0 when that is unknown.
    """
    a, b = strength_of(first, blind=blind), strength_of(second, blind=blind)
    if a != b:
        return 1 if a > b else -1
    if first_completed_first is None:
        return 0
    return 1 if first_completed_first else -1


def completions(side: Sequence[Card], available: CardMask, *, blind: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """All completions of a side of 0-2 cards with cards of ``available``, strongest first.

    Returns ``(hands, strengths)``: indices into :func:`hand_table` of the 3-card hands that hold the
    side and otherwise only available cards, and their strengths.
    """
    table = hand_table(blind=blind)
    side_idx = [c.index for c in side]
    cand = table.candidates(side_idx)
    forbidden = np.uint64(FULL_DECK & ~(available | mask_of(side)))
    ok = (table.masks[cand] & forbidden) == 0
    hands = cand[ok]
    return hands, table.strengths[hands]


def best_completion(
    side: Sequence[Card], available: CardMask, *, blind: bool = False
) -> tuple[Formation, tuple[Card, ...]] | None:
    """The strongest completion of a 0-2 card side using cards of ``available`` (ties: lowest cards).

    Returns the formation and the cards added, or ``None`` when the pool is too small.
    """
    hands, strengths = completions(side, available, blind=blind)
    if not len(hands):
        return None
    added = tuple(CARDS[i] for i in hand_table(blind=blind).cards[hands[0]].tolist() if CARDS[i] not in side)
    return Formation.from_strength(int(strengths[0])), added


__all__ = [
    "BLIND_CUBE",
    "Formation",
    "best_completion",
    "completions",
    "HandTable",
    "Rank",
    "RANKS_STRONGEST_FIRST",
    "STRENGTH_BASE",
    "STRENGTH_CUBE",
    "compare",
    "evaluate",
    "hand_table",
    "rank_counts",
    "strength_of",
]
