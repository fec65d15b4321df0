"""The base game's rules, each written once, on bit masks: the one implementation the engine, the
advisor's search state and the fast self-play kernel call.

Cards are ints 0-53 (``Card.index`` = colour * 9 + value - 1) and card sets are ``int`` bit masks
(bit ``i`` = card ``i``); stones are bits 0-8 of a 9-bit mask (bit ``i`` = stone ``i + 1``).

- :func:`strength`: a complete 3-card side's strength, ``rank * 100 + sum`` (read from
  :data:`~schotten_lab.core.formations.STRENGTH_CUBE`, built by ``formations.strengths_of``);
- :func:`best_completion`: the strength of the strongest completion of a 0-2 card side from a pool, by
  a rank cascade (the first rank some completion reaches is the best; within it the largest sum);
- :func:`claim_proved`: the claim decision (docs/RULES.md "Claims");
- :func:`win_reason`: the win rule on the stones a player holds (five first, then three adjacent);
- :func:`open_stones`: the stones where a player may place.

The functions are plain Python over ints, written in the subset numba compiles. Plain callers (the
engine, the analysis, the advisor) call them as they are; the core never imports numba.
``compiled(numba)`` returns the same functions compiled with ``numba.njit`` (the very same code
objects, over a copy of this module's globals in which :data:`STRENGTH` is a numpy array); numba
callers (:mod:`schotten_lab.play._kernel`) import numba, pass it, and use those. Under
``NUMBA_DISABLE_JIT=1`` the "compiled" functions are the plain code again. ``int.bit_count`` is
taught to numba (:func:`_teach_numba`), so the source needs no second spelling of a population count.
"""

from __future__ import annotations

import types
from functools import cache
from typing import Any

import numpy as np

from .formations import STRENGTH_CUBE

ALL_CARDS = (1 << 54) - 1
"""The 54 clan cards as a mask."""
ALL_STONES = (1 << 9) - 1
"""The nine stones as a mask."""
SUIT = (1 << 9) - 1
"""One colour's nine cards, as bits 0-8 once shifted down by ``9 * colour``."""
FIVE = 1
"""The :func:`win_reason` of five stones held."""
ADJACENT = 2
"""The :func:`win_reason` of three adjacent stones held."""

STRENGTH: list[int] = [int(x) for x in STRENGTH_CUBE.reshape(-1).tolist()]
"""``STRENGTH[a * 2916 + b * 54 + c]``: the strength of three distinct cards (-1 when two repeat)."""

VALUE_MASKS = tuple(sum(1 << (9 * colour + value) for colour in range(6)) for value in range(9))
"""``VALUE_MASKS[v]``: the six cards of value ``v + 1``."""

ADJACENT_STONES = tuple(7 << first for first in range(7))
"""The seven sets of three adjacent stones, as stone masks."""


def strength(a: int, b: int, c: int) -> int:
    """The strength (``rank * 100 + sum``) of a complete side of the three distinct cards ``a, b, c``."""
    return STRENGTH[a * 2916 + b * 54 + c]


def best_completion(count: int, first: int, second: int, pool: int) -> int:
    """The strength of the strongest completion of a side of ``count`` (0-2) cards, ``first`` and
    ``second`` (ignored beyond ``count``), with distinct cards of the mask ``pool``; -1 when the pool
    holds too few cards. Cards of the side in ``pool`` are not used.

    A rank cascade, strongest rank first: the first rank some completion reaches is the best, and
    within it the largest sum wins (a colour run or a run is fixed by its lowest value, three of a kind
    by its value; a colour or a sum takes the highest cards it can).
    """
    need = 3 - count
    values = 0  # the side's values, bit v = value v + 1
    side_sum = 0
    colour = -1  # the side's one colour (-1: no card yet)
    one_colour = True
    if count >= 1:
        pool &= ~(1 << first)
        values = 1 << (first % 9)
        side_sum = first % 9 + 1
        colour = first // 9
    if count >= 2:
        pool &= ~(1 << second)
        values |= 1 << (second % 9)
        side_sum += second % 9 + 1
        one_colour = second // 9 == colour
    if pool.bit_count() < need:
        return -1
    distinct = values.bit_count() == count
    if one_colour and distinct:  # colour run
        for low in range(6, -1, -1):
            run = 7 << low
            if values & ~run:
                continue
            want = run & ~values
            for c in range(6):
                if (colour < 0 or c == colour) and (pool >> (9 * c)) & want == want:
                    return 506 + 3 * low
    if values.bit_count() <= 1:  # three of a kind
        for v in range(8, -1, -1):
            if (values == 0 or values == 1 << v) and (pool & VALUE_MASKS[v]).bit_count() >= need:
                return 403 + 3 * v
    if one_colour:  # colour
        best = -1
        for c in range(6):
            if colour >= 0 and c != colour:
                continue
            suit = (pool >> (9 * c)) & SUIT
            if suit.bit_count() >= need:
                total = 0
                left = need
                for v in range(8, -1, -1):
                    if left > 0 and (suit >> v) & 1:
                        total += v + 1
                        left -= 1
                if total > best:
                    best = total
        if best >= 0:
            return 300 + side_sum + best
    if distinct:  # run
        for low in range(6, -1, -1):
            run = 7 << low
            if values & ~run:
                continue
            want = run & ~values
            reached = True
            for v in range(9):
                if (want >> v) & 1 and not pool & VALUE_MASKS[v]:
                    reached = False
            if reached:
                return 206 + 3 * low
    total = 0  # sum: the highest cards of the pool
    left = need
    for v in range(8, -1, -1):
        n = (pool & VALUE_MASKS[v]).bit_count()
        take = n if n < left else left
        total += take * (v + 1)
        left -= take
    return 100 + side_sum + total


def claim_proved(own: int, count: int, first: int, second: int, third: int, completed_first: bool, pool: int) -> bool:
    """The claim decision of the base game (docs/RULES.md "Claims"), for a claimant whose complete side
    has strength ``own``, against the opponent's side of ``count`` cards ``first, second, third``
    (ignored beyond ``count``), the unseen cards being the mask ``pool``.

    Both sides complete: the stronger side wins, a tie goes to the side ``completed_first``. The
    opponent's side open: the claim holds when no completion from the pool beats ``own``.
    """
    if count >= 3:
        other = strength(first, second, third)
        return own > other or (own == other and completed_first)
    return best_completion(count, first, second, pool) <= own


def win_reason(held: int) -> int:
    """Whether the stones ``held`` (a 9-bit mask) win the game: :data:`FIVE` for five of them (checked
    first), :data:`ADJACENT` for three adjacent ones, else 0."""
    if held.bit_count() >= 5:
        return FIVE
    for stones in ADJACENT_STONES:
        if held & stones == stones:
            return ADJACENT
    return 0


def open_stones(claimed: int, full: int) -> int:
    """The stones (a mask) where a player may place a card: not ``claimed`` (by anyone) and where the
    player's side is not ``full``."""
    return ALL_STONES & ~(claimed | full)


KERNEL = ("strength", "best_completion", "claim_proved", "win_reason", "open_stones")
"""The rule functions :func:`compiled` compiles (each may call the others)."""


@cache
def compiled(numba: types.ModuleType) -> types.SimpleNamespace:
    """The functions of :data:`KERNEL` compiled by ``numba.njit`` from their own code objects (cached
    on disk beside this module). The caller passes the ``numba`` module it imported: the core itself
    never imports numba (it keeps numpy as its one dependency)."""
    _teach_numba(numba)
    space: dict[str, Any] = dict(globals())
    space["STRENGTH"] = np.ascontiguousarray(STRENGTH_CUBE.reshape(-1), dtype=np.int16)
    for name in KERNEL:
        plain = globals()[name]
        twin = types.FunctionType(plain.__code__, space, name, plain.__defaults__)
        twin.__qualname__ = plain.__qualname__
        space[name] = numba.njit(cache=True)(twin)
    return types.SimpleNamespace(**{name: space[name] for name in KERNEL})


def _teach_numba(numba: types.ModuleType) -> None:
    """Give numba's integers ``int.bit_count`` (a 64-bit population count), which it lacks, so that the
    rules keep one spelling. Registered once per process (``compiled`` is cached), before compiling."""

    def bit_count(x: Any) -> Any:
        m1, m2, m4 = np.uint64(0x5555555555555555), np.uint64(0x3333333333333333), np.uint64(0x0F0F0F0F0F0F0F0F)
        ones = np.uint64(0x0101010101010101)
        one, two, four, top = np.uint64(1), np.uint64(2), np.uint64(4), np.uint64(56)

        def count(x: Any) -> Any:
            v = np.uint64(x)
            v = v - ((v >> one) & m1)
            v = (v & m2) + ((v >> two) & m2)
            v = (v + (v >> four)) & m4
            return np.int64((v * ones) >> top)

        return count

    numba.extending.overload_method(numba.core.types.Integer, "bit_count")(bit_count)


__all__ = [
    "ADJACENT",
    "ADJACENT_STONES",
    "ALL_CARDS",
    "ALL_STONES",
    "FIVE",
    "KERNEL",
    "STRENGTH",
    "VALUE_MASKS",
    "best_completion",
    "claim_proved",
    "compiled",
    "open_stones",
    "strength",
    "win_reason",
]
