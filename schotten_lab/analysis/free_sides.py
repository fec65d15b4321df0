"""Exact draw counting for a side that holds no clan card yet: empty, or wild elite troops only.

:func:`count_formation_free` answers, for such a side of ``capacity`` cards (4 under Mud fight), how
many ``n``-subsets D of a pool leave the cards ``A = hand ∪ D`` unable to complete the side into a
formation of at least a given rank. Enumerating the subsets is hopeless there (3 or 4 cards to find
among ~50, billions of sets), so this is a dynamic programme over the values 1..9 that takes all
the cards of one value at a time and remembers only what the formations still need:

- **color run**: per colour, the runs of ``m`` clan cards (``m`` = capacity minus the troops) that
  a troop can complete into ``capacity`` consecutive values (the troops' ranges decide which gaps
  they may fill) and that the colour has started: a small automaton whose states are the sets of
  values still missing, kept minimal (a set containing another is dropped);
- **run**: the same automaton over "some card of this value is there", whatever its colour;
- **color**: per colour, how many of its cards are there (``m`` of one colour is a color);
- **three (four) of a kind**: checked within each value (``m`` cards of a value the troops can take).

Rank "at least r" avoids every formation of rank ≥ r; "at least color" needs no color-run automaton
(a color run is also ``m`` cards of one colour). The semantics are those of
:mod:`schotten_lab.core.sides` (troops take any colour and any value of their range, identities may
repeat a card), and the tests compare the counts with plain enumeration on small pools.
"""

from __future__ import annotations

import functools
from itertools import combinations, permutations

import numpy as np

from ..core.cards import CardMask
from ..core.errors import TooLargeError
from ..core.formations import Rank
from ..core.tactics import Troop

COLORS = 6
VALUES = 9
MAX_STATES = 2_000_000
"""Largest joint state space the programme allocates; beyond it the count is refused (never reached
by a legal side: the worst, a lone troop under Mud fight, needs at most 8 states a colour)."""

Automaton = tuple[tuple[np.ndarray, ...], tuple[int, ...]]
"""Per layer v (after value v): the transition table ``T[v][state, bit] -> next state or -1`` and
the number of states after each value (index 0: before value 1)."""


def _requirements(ranges: tuple[frozenset[int], ...], capacity: int) -> tuple[frozenset[int], ...]:
    """The value sets S (``capacity - len(ranges)`` values) that clan cards must cover for a run:
    S plus the troops' values make ``capacity`` consecutive values."""
    m = capacity - len(ranges)
    found: set[frozenset[int]] = set()
    for low in range(1, VALUES - capacity + 2):
        window = range(low, low + capacity)
        for chosen in combinations(window, m):
            gap = [v for v in window if v not in chosen]
            if any(all(v in r for v, r in zip(order, ranges)) for order in permutations(gap)):
                found.add(frozenset(chosen))
    return tuple(sorted(found, key=sorted))


def _minimal(sets: set[frozenset[int]]) -> frozenset[frozenset[int]]:
    return frozenset(s for s in sets if not any(o < s for o in sets))


@functools.cache
def _run_automaton(ranges: tuple[frozenset[int], ...], capacity: int) -> Automaton:
    """The layered automaton that fails (-1) when the present values cover a requirement."""
    reqs = _requirements(ranges, capacity)
    layers: list[list[frozenset[frozenset[int]]]] = [[frozenset()]]
    tables: list[np.ndarray] = []
    for v in range(1, VALUES + 1):
        index: dict[frozenset[frozenset[int]], int] = {}
        table = np.full((len(layers[-1]), 2), -1, dtype=np.int64)
        for i, state in enumerate(layers[-1]):
            for bit in (0, 1):
                pending: set[frozenset[int]] = set()
                failed = False
                for r in [*state, *(s for s in reqs if min(s) == v)]:
                    if v not in r:
                        pending.add(r)
                    elif bit:
                        rest = r - {v}
                        if not rest:
                            failed = True
                        pending.add(rest)
                if failed:
                    continue
                nxt = _minimal(pending)
                table[i, bit] = index.setdefault(nxt, len(index))
        tables.append(table)
        layers.append(list(index))
    return tuple(tables), tuple(len(layer) for layer in layers)


@functools.cache
def _count_automaton(m: int) -> Automaton:
    """Per-colour card counts 0..m-1 (m of a colour fails), the same at every value."""
    table = np.array([[s, s + 1 if s + 1 < m else -1] for s in range(m)], dtype=np.int64)
    return tuple(table for _ in range(VALUES)), tuple(m for _ in range(VALUES + 1))


def count_formation_free(
    troops: tuple[Troop, ...], capacity: int, hand: CardMask, pool: CardMask, n: int, rank: Rank
) -> int:
    """How many ``n``-subsets D of ``pool`` leave ``hand ∪ D`` with no completion of rank ≥ ``rank``
    for a side holding just ``troops`` (wild, no identity) and no clan card."""
    ranges = tuple(sorted((frozenset(c.value for c in t.identities()) for t in troops), key=sorted))
    m = capacity - len(troops)
    if rank is Rank.SUM:
        held = bin(hand).count("1")
        return _comb(bin(pool).count("1"), n) if held + n < m else 0
    color: Automaton = _count_automaton(m) if rank <= Rank.COLOR else _run_automaton(ranges, capacity)
    run: Automaton | None = _run_automaton(ranges, capacity) if rank <= Rank.RUN else None
    kind_values = frozenset(range(1, VALUES + 1)).intersection(*ranges) if rank <= Rank.THREE_OF_A_KIND else frozenset()
    return _programme(color, run, kind_values, m, hand, pool, n)


def _comb(a: int, b: int) -> int:
    from math import comb

    return comb(a, b) if 0 <= b <= a else 0


def _programme(
    color: Automaton, run: Automaton | None, kind_values: frozenset[int], m: int, hand: CardMask, pool: CardMask, n: int
) -> int:
    tables, sizes = color
    run_tables, run_sizes = run if run is not None else ((), tuple(1 for _ in range(VALUES + 1)))
    # joint state: colour 0..5 digits in base sizes[v], then the run state
    live = np.zeros((1, COLORS + 1), dtype=np.int64)
    counts = np.zeros((1, n + 1), dtype=np.int64)
    counts[0, 0] = 1
    for v in range(1, VALUES + 1):
        base, run_base = sizes[v], run_sizes[v]
        keys = base**COLORS * run_base
        if keys > MAX_STATES:
            raise TooLargeError("this side needs too many counting states; use reachable_monte_carlo()")
        held = [c for c in range(COLORS) if hand >> (c * 9 + v - 1) & 1]
        free = [c for c in range(COLORS) if pool >> (c * 9 + v - 1) & 1]
        new = np.zeros((keys, n + 1), dtype=np.int64)
        table = tables[v - 1]
        for size in range(len(free) + 1):
            if size > n:
                break
            for drawn in combinations(free, size):
                present = set(held) | set(drawn)
                if v in kind_values and len(present) >= m:
                    continue
                key = np.zeros(len(live), dtype=np.int64)
                ok = np.ones(len(live), dtype=bool)
                for c in range(COLORS):
                    nxt = table[live[:, c], 1 if c in present else 0]
                    ok &= nxt >= 0
                    key = key * base + np.maximum(nxt, 0)
                if run is not None:
                    nxt = run_tables[v - 1][live[:, COLORS], 1 if present else 0]
                    ok &= nxt >= 0
                    key = key * run_base + np.maximum(nxt, 0)
                else:
                    key = key * run_base
                if ok.any():
                    np.add.at(new[:, size:], key[ok], counts[ok, : n + 1 - size])
        alive = np.flatnonzero(new.any(axis=1))
        counts = new[alive]
        live = np.zeros((len(alive), COLORS + 1), dtype=np.int64)
        rest = alive.copy()
        live[:, COLORS] = rest % run_base
        rest //= run_base
        for c in reversed(range(COLORS)):
            live[:, c] = rest % base
            rest //= base
    return int(counts[:, n].sum())


__all__ = ["count_formation_free"]
