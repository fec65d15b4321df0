"""The base game's rules, each written once, on bit masks: the one implementation the engine, the
advisor's search state and the fast self-play kernel call.

Cards are ints 0-53 (``Card.index`` = colour * 9 + value - 1) and card sets are ``int`` bit masks
(bit ``i`` = card ``i``); stones are bits 0-8 of a 9-bit mask (bit ``i`` = stone ``i + 1``).

- :func:`strength`: a complete 3-card side's strength, ``rank * 100 + sum`` (read from
  :data:`~schotten_lab.core.formations.STRENGTH_CUBE`, built by ``formations.strengths_of``);
- :func:`best_completion`: the strength of the strongest completion of a 0-2 card side from a pool, by
  a rank cascade (the first rank some completion reaches is the best; within it the largest sum);
- :func:`claim_proved`: the claim decision (docs/RULES.md "Claims");
- :func:`win_reason`: the win rule on the stones a player holds (five first, then three adjacent), and
  :func:`claims_winner`, the same on a rollout kernel's flat state;
- :func:`open_stones`: the stones where a player may place;
- the tactics variant (a block of its own): :func:`side_best`, a side's strength or its strongest
  filling with wild elite troops, Mud fight's 4-card sides and Blind-man's bluff, and
  :func:`tactics_claim_proved`, the claim decision on any stone.

The functions are plain Python over ints, written in the subset numba compiles. Plain callers (the
engine, the analysis, the advisor) call them as they are; the core never imports numba.
``compiled(numba)`` returns the same functions compiled with ``numba.njit`` (the very same code
objects, over a copy of this module's globals in which :data:`STRENGTH` is a numpy array); numba
callers (:mod:`schotten_lab.play._kernel`) import numba, pass it, and use those. Under
``NUMBA_DISABLE_JIT=1`` the "compiled" functions are the plain code again. Every kernel of the
project is compiled the same way, by :func:`njit_twins`. ``int.bit_count`` and
``int.bit_length`` are taught to numba (:func:`_teach_numba`), so the source needs no second spelling.
"""

from __future__ import annotations

import os
import types
from collections.abc import Sequence
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

STRENGTH: list[int] = STRENGTH_CUBE.reshape(-1).tolist()
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
    colours_from, colours_to = 0, 6  # the colours a one-colour formation may take
    one_colour = True
    runs_from, runs_to = 6, -1  # the lowest values v (of v, v + 1, v + 2) a run may start from, down
    if count >= 1:
        pool &= ~(1 << first)
        v = first % 9
        values = 1 << v
        side_sum = v + 1
        colours_from = first // 9
        colours_to = colours_from + 1
        runs_from, runs_to = (v if v < 6 else 6), (v - 3 if v > 2 else -1)
    if count >= 2:
        pool &= ~(1 << second)
        w = second % 9
        values |= 1 << w
        side_sum += w + 1
        one_colour = second // 9 == colours_from
        if w < runs_from + 1:
            runs_from = w if w < 6 else 6
        if w - 3 > runs_to:
            runs_to = w - 3
    if pool.bit_count() < need:
        return -1
    distinct = values.bit_count() == count
    if one_colour and distinct:  # colour run
        for low in range(runs_from, runs_to, -1):
            want = (7 << low) & ~values
            for c in range(colours_from, colours_to):
                if (pool >> (9 * c)) & want == want:
                    return 506 + 3 * low
    if values.bit_count() <= 1:  # three of a kind
        values_from, values_to = (first % 9, first % 9 + 1) if count else (0, 9)
        for v in range(values_to - 1, values_from - 1, -1):
            if (pool & VALUE_MASKS[v]).bit_count() >= need:
                return 403 + 3 * v
    if one_colour:  # colour
        best = -1
        for c in range(colours_from, colours_to):
            suit = (pool >> (9 * c)) & SUIT
            if suit.bit_count() >= need:
                total = 0
                left = need
                v = 8
                while left > 0:
                    if (suit >> v) & 1:
                        total += v + 1
                        left -= 1
                    v -= 1
                if total > best:
                    best = total
        if best >= 0:
            return 300 + side_sum + best
    if distinct:  # run
        for low in range(runs_from, runs_to, -1):
            want = (7 << low) & ~values
            reached = True
            for v in range(low, low + 3):
                if (want >> v) & 1 and not pool & VALUE_MASKS[v]:
                    reached = False
            if reached:
                return 206 + 3 * low
    total = 0  # sum: the highest cards of the pool
    left = need
    v = 8
    while left > 0:
        n = (pool & VALUE_MASKS[v]).bit_count()
        take = n if n < left else left
        total += take * (v + 1)
        left -= take
        v -= 1
    return 100 + side_sum + total


def claim_proved(own: int, count: int, first: int, second: int, third: int, completed_first: bool, pool: int) -> bool:
    """The claim decision of the base game (docs/RULES.md "Claims"), for a claimant whose complete side
    has strength ``own``, against the opponent's side of ``count`` cards ``first, second, third``
    (ignored beyond ``count``), the unseen cards being the mask ``pool``.

    Both sides complete: the stronger side wins, a tie goes to the side ``completed_first``. The
    opponent's side open: the claim holds when no completion from the pool beats ``own`` (its
    strongest, :func:`best_completion`; for a side of two cards, one pool card after another, which
    stops at the first that beats it).
    """
    if count >= 3:
        other = strength(first, second, third)
        return own > other or (own == other and completed_first)
    if count == 2:  # each pool card is one completion: the first that beats ``own`` settles it
        row = first * 2916 + second * 54
        rest = pool & ~((1 << first) | (1 << second))
        while rest:
            low = rest & -rest
            if STRENGTH[row + low.bit_length() - 1] > own:
                return False
            rest ^= low
        return True
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


def claims_winner(s: Any, claimed: int) -> int:
    """The player whose claimed stones win (south checked first), else -1, read from a flat state
    ``s`` in which ``s[claimed + i]`` is stone ``i``'s owner (0 south, 1 north, -1 nobody): the
    rollout kernels' layouts (:mod:`schotten_lab.bots.rollout_kernel`, :mod:`schotten_lab.bots.tactics_kernel`)."""
    for p in range(2):
        held = 0
        for i in range(9):
            if s[claimed + i] == p:
                held |= 1 << i
        if win_reason(held):
            return p
    return -1


def open_stones(claimed: int, full: int) -> int:
    """The stones (a mask) where a player may place a card: not ``claimed`` (by anyone) and where the
    player's side is not ``full``."""
    return ALL_STONES & ~(claimed | full)


# ---- the tactics variant's rules --------------------------------------------------------------------
# Elite troops, Blind-man's bluff and Mud fight, on the same ints. A side is up to four pieces passed as
# ``count, a, b, c, d`` (ignored beyond ``count``): a clan card 0-53, a wild troop :data:`WILD_JOKER`,
# :data:`WILD_SPY` or :data:`WILD_SHIELD`, or a troop whose owner chose its identity ``FIXED + card``
# (it counts as that card's colour and value but is not the card: the real one may be in the pool).

WILD_JOKER = 54
"""A wild Joker on a side (any colour and value)."""
WILD_SPY = 55
"""A wild Spy on a side (a 7 of any colour)."""
WILD_SHIELD = 56
"""A wild Shield bearer on a side (a 1, 2 or 3 of any colour)."""
FIXED = 64
"""``FIXED + card``: a troop standing for ``card`` (its identity chosen)."""
TROOP_VALUES = (SUIT, 1 << 6, 7)
"""The values (bit v = value v + 1) each wild troop may take: Joker, Spy, Shield bearer."""
TROOP_TOP = (9, 7, 3)
"""The highest value each wild troop may take (a sum or a colour takes it)."""


def _piece(i: int, a: int, b: int, c: int, d: int) -> int:
    """The ``i``-th of four pieces (numba has no tuple indexing by a variable over ints)."""
    if i == 0:
        return a
    if i == 1:
        return b
    if i == 2:
        return c
    return d


def _top_values(cards: int, need: int) -> int:
    """The sum of the values of the ``need`` highest cards of the mask ``cards`` (any colours)."""
    total = 0
    left = need
    v = 8
    while left > 0 and v >= 0:
        n = (cards & VALUE_MASKS[v]).bit_count()
        take = n if n < left else left
        total += take * (v + 1)
        left -= take
        v -= 1
    return total


def _troops_cover(missing: int, must: int, wild: int, r0: int, r1: int, r2: int, r3: int) -> bool:
    """Whether the ``wild`` troops (value ranges ``r0``-``r3``) can take distinct values of ``missing``
    (value bits) that include every value of ``must`` (the ones no pool card supplies)."""
    m = missing.bit_count()
    if wild == 0:
        return must == 0
    total = m**wild
    for code in range(total):
        used = 0
        ok = True
        x = code
        for i in range(wild):
            pick = x % m
            x //= m
            rest = missing
            for _ in range(pick):
                rest &= rest - 1
            bit = rest & -rest
            allowed = _piece(i, r0, r1, r2, r3)
            if used & bit or not allowed & bit:
                ok = False
                break
            used |= bit
        if ok and must & ~used == 0:
            return True
    return False


def side_best(count: int, a: int, b: int, c: int, d: int, capacity: int, blind: bool, pool: int) -> int:
    """The strength (``rank * 100 + sum``) of the strongest way to fill a side of ``count`` pieces
    ``a, b, c, d`` (see above) up to ``capacity`` (3, or 4 under Mud fight) with distinct clan cards of
    ``pool``, each wild troop taking its best identity (identities may repeat a card); under ``blind``
    (Blind-man's bluff) only the sum counts. -1 when the pool holds too few cards. A complete side
    (``count >= capacity``, its first ``capacity`` pieces) is simply its strength. The side's own clan
    cards in ``pool`` are not used.

    A rank cascade, as :func:`best_completion`: the first rank some filling reaches is the best, and
    within it the largest sum (runs are fixed by their lowest value, kinds by their value; a colour or a
    sum takes the highest values it can, a troop its highest).
    """
    n = count if count < capacity else capacity
    need = capacity - n
    values = 0  # the fixed pieces' values (bit v = value v + 1)
    fixed = 0
    total = 0
    colour = -1  # the fixed pieces' one colour; -1: none fixed; -2: mixed
    wild = 0
    top = 0
    r0, r1, r2, r3 = 0, 0, 0, 0
    for i in range(n):
        p = _piece(i, a, b, c, d)
        if WILD_JOKER <= p <= WILD_SHIELD:
            r = TROOP_VALUES[p - WILD_JOKER]
            top += TROOP_TOP[p - WILD_JOKER]
            if wild == 0:
                r0 = r
            elif wild == 1:
                r1 = r
            elif wild == 2:
                r2 = r
            else:
                r3 = r
            wild += 1
            continue
        if p < 54:
            pool &= ~(1 << p)
        else:
            p -= FIXED
        v = p % 9
        values |= 1 << v
        fixed += 1
        total += v + 1
        if colour == -1:
            colour = p // 9
        elif colour != p // 9:
            colour = -2
    pool &= ALL_CARDS
    if pool.bit_count() < need:
        return -1
    if blind:
        return 100 + total + top + _top_values(pool, need)
    distinct = values.bit_count() == fixed
    run_sum = capacity * (capacity - 1) // 2
    colours_from, colours_to = (0, 6) if colour == -1 else (colour, colour + 1)
    if colour != -2 and distinct:  # colour run
        for low in range(9 - capacity, -1, -1):
            run = ((1 << capacity) - 1) << low
            if values & ~run:
                continue
            missing = run & ~values
            for col in range(colours_from, colours_to):
                there = (pool >> (9 * col)) & missing
                if _troops_cover(missing, missing & ~there, wild, r0, r1, r2, r3):
                    return 500 + capacity * (low + 1) + run_sum
    if values.bit_count() <= 1:  # three (four) of a kind
        for v in range(8, -1, -1):
            if values and values != 1 << v:
                continue
            if wild and not (r0 >> v) & 1 or wild > 1 and not (r1 >> v) & 1:
                continue
            if wild > 2 and not (r2 >> v) & 1 or wild > 3 and not (r3 >> v) & 1:
                continue
            if (pool & VALUE_MASKS[v]).bit_count() >= need:
                return 400 + capacity * (v + 1)
    if colour != -2:  # colour
        best = -1
        for col in range(colours_from, colours_to):
            suit = (pool >> (9 * col)) & SUIT
            if suit.bit_count() >= need:
                got = _top_values(suit, need)
                if got > best:
                    best = got
        if best >= 0:
            return 300 + total + top + best
    if distinct:  # run
        present = 0  # the values some pool card has
        for v in range(9):
            if pool & VALUE_MASKS[v]:
                present |= 1 << v
        for low in range(9 - capacity, -1, -1):
            run = ((1 << capacity) - 1) << low
            if values & ~run:
                continue
            missing = run & ~values
            if _troops_cover(missing, missing & ~present, wild, r0, r1, r2, r3):
                return 200 + capacity * (low + 1) + run_sum
    return 100 + total + top + _top_values(pool, need)


def tactics_claim_proved(
    count: int, a: int, b: int, c: int, d: int,
    other: int, e: int, f: int, g: int, h: int,
    capacity: int, blind: bool, completed_first: bool, pool: int,
) -> bool:  # fmt: skip
    """The claim decision under any rule set with the default proof (docs/RULES.md "Claims", "Early
    claims under tactics"): the claimant's side ``count, a..d`` against the opponent's ``other, e..h``
    (pieces as :func:`side_best` reads them) on a stone of ``capacity`` and ``blind``, the unseen clan
    cards being ``pool``. The claimant's side must be complete; then, both complete, the stronger side
    wins (a tie: the side ``completed_first``); the opponent's side open, the claim holds when no
    filling from the pool beats it (none at all: it holds)."""
    if count < capacity:
        return False
    own = side_best(count, a, b, c, d, capacity, blind, 0)
    if other >= capacity:
        theirs = side_best(other, e, f, g, h, capacity, blind, 0)
        return own > theirs or (own == theirs and completed_first)
    return side_best(other, e, f, g, h, capacity, blind, pool) <= own


TACTICS_KERNEL = ("_piece", "_top_values", "_troops_cover", "side_best", "tactics_claim_proved")
"""The tactics rule functions :func:`compiled` compiles with :data:`KERNEL`."""


KERNEL = ("strength", "best_completion", "claim_proved", "win_reason", "claims_winner", "open_stones")
"""The rule functions :func:`compiled` compiles (each may call the others)."""


@cache
def compiled(numba: types.ModuleType) -> types.SimpleNamespace:
    """The functions of :data:`KERNEL` compiled by ``numba.njit`` from their own code objects (cached
    on disk beside this module). The caller passes the ``numba`` module it imported: the core itself
    never imports numba (it keeps numpy as its one dependency)."""
    _teach_numba(numba)
    space: dict[str, Any] = dict(globals())
    space["STRENGTH"] = np.ascontiguousarray(STRENGTH_CUBE.reshape(-1), dtype=np.int16)
    return njit_twins(numba, space, KERNEL + TACTICS_KERNEL)


def njit_twins(numba: types.ModuleType, space: dict[str, Any], names: Sequence[str], *stamps: str) -> types.SimpleNamespace:
    """The plain functions ``space[name]`` of ``names`` (callees first) compiled by ``numba.njit``
    from their own code objects, cached on disk beside their modules: each twin's globals are
    ``space``, where the compiled twins replace the plain functions as they are made, so that compiled
    code calls compiled code (a caller puts the compiled functions of other modules in ``space``
    first). The cache of each is stamped with the files ``stamps`` too (:func:`stamp_with`).
    How every kernel of the project is compiled: the core's, the rollouts', the tactics rollouts'."""
    for name in names:
        plain = space[name]
        twin = types.FunctionType(plain.__code__, space, name, plain.__defaults__)
        twin.__qualname__ = plain.__qualname__
        space[name] = numba.njit(cache=True)(twin)
    for path in stamps:
        stamp_with(path, *(space[name] for name in names))
    return types.SimpleNamespace(**{name: space[name] for name in names})


def stamp_with(path: str, *dispatchers: object) -> None:
    """numba reuses a cached compilation while the function's own file is unchanged, even when a
    function compiled into it from another file (the rules kernel's, say) has changed since: add the
    file ``path`` to the stamp numba compares, so that editing it recompiles them too.
    (``_cache._cache_file._source_stamp`` is numba's, not public: left alone where it is missing.)"""
    found = os.stat(path)
    for dispatcher in dispatchers:
        cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
        stamp = getattr(cache_file, "_source_stamp", None)
        if stamp is not None:
            cache_file._source_stamp = (stamp, found.st_mtime, found.st_size)  # type: ignore[union-attr]


def _teach_numba(numba: types.ModuleType) -> None:
    """Give numba's integers ``int.bit_count`` and ``int.bit_length`` (of 64-bit values), which it
    lacks, so that the rules keep one spelling. Registered once per process (``compiled`` is cached),
    before compiling."""
    m1, m2, m4 = np.uint64(0x5555555555555555), np.uint64(0x3333333333333333), np.uint64(0x0F0F0F0F0F0F0F0F)
    ones = np.uint64(0x0101010101010101)
    one, two, four, top = np.uint64(1), np.uint64(2), np.uint64(4), np.uint64(56)
    halves = (np.uint64(32), np.uint64(16), np.uint64(8), np.uint64(4), np.uint64(2), np.uint64(1))

    def bit_count(x: Any) -> Any:
        def count(x: Any) -> Any:
            v = np.uint64(x)
            v = v - ((v >> one) & m1)
            v = (v & m2) + ((v >> two) & m2)
            v = (v + (v >> four)) & m4
            return np.int64((v * ones) >> top)

        return count

    def bit_length(x: Any) -> Any:
        def length(x: Any) -> Any:
            v = np.uint64(x)
            n = 0
            for half in halves:
                if v >> half:
                    v >>= half
                    n += int(half)
            return n + 1 if v else n

        return length

    numba.extending.overload_method(numba.core.types.Integer, "bit_count")(bit_count)
    numba.extending.overload_method(numba.core.types.Integer, "bit_length")(bit_length)


__all__ = [
    "ADJACENT",
    "ADJACENT_STONES",
    "ALL_CARDS",
    "ALL_STONES",
    "FIVE",
    "FIXED",
    "KERNEL",
    "STRENGTH",
    "TACTICS_KERNEL",
    "TROOP_TOP",
    "TROOP_VALUES",
    "VALUE_MASKS",
    "WILD_JOKER",
    "WILD_SHIELD",
    "WILD_SPY",
    "best_completion",
    "claim_proved",
    "claims_winner",
    "compiled",
    "njit_twins",
    "open_stones",
    "side_best",
    "stamp_with",
    "strength",
    "tactics_claim_proved",
    "win_reason",
]
