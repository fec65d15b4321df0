"""The tactics block of the rules kernel (:func:`~schotten_lab.core.kernel.side_best`,
:func:`~schotten_lab.core.kernel.tactics_claim_proved`): its plain and compiled paths agree with the slow
twin (:mod:`reference_tactics`: every identity of every troop, every completion from the pool).

Sides mix clan cards, wild troops and troops with a chosen identity, on stones of 3 or 4 places
(Mud fight), with and without Blind-man's bluff.
"""

from __future__ import annotations

import types

from hypothesis import given
from hypothesis import strategies as st

import reference_tactics as ref
from helpers import profile
from schotten_lab.core import kernel
from schotten_lab.core.cards import CARDS
from schotten_lab.core.tactics import Piece, Troop


def _paths() -> list[types.SimpleNamespace | types.ModuleType]:
    """The plain module, and the compiled namespace where numba is importable."""
    try:
        import numba
    except ImportError:
        return [kernel]
    return [kernel, kernel.compiled(numba)]


PATHS = _paths()
WILD = {"JOKER": kernel.WILD_JOKER, "SPY": kernel.WILD_SPY, "SHIELD": kernel.WILD_SHIELD}


def code(piece: Piece) -> int:
    """The kernel's int for a side piece."""
    if isinstance(piece, Troop):
        return WILD[piece.kind] if piece.identity is None else kernel.FIXED + piece.identity.index
    return piece.index


def args(side: list[Piece]) -> tuple[int, int, int, int, int]:
    codes = [code(p) for p in side] + [-1] * 4
    return (len(side), codes[0], codes[1], codes[2], codes[3])


def mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


@st.composite
def troops(draw: st.DrawFn) -> Piece:
    kind = draw(st.sampled_from(("JOKER", "SPY", "SHIELD")))
    if draw(st.integers(0, 3)) == 0:  # now and then an identity already chosen
        return Troop(kind, draw(st.sampled_from(Troop(kind).identities())))
    return Troop(kind)


@st.composite
def side_and_pool(draw: st.DrawFn, complete: bool) -> tuple[list[Piece], list[int], int, bool]:
    """A side (clan cards and troops, wild ones at most two: the twin enumerates their identities),
    a small pool of other clan cards, the stone's capacity and Blind-man's bluff."""
    capacity = draw(st.sampled_from((3, 4)))
    blind = draw(st.booleans())
    cards = draw(st.permutations(range(54)))
    size = capacity if complete else draw(st.integers(0, capacity - 1))
    wild = draw(st.integers(0, min(2, size)))
    side: list[Piece] = [CARDS[i] for i in cards[: size - wild]]
    side += [draw(troops()) for _ in range(wild)]
    side = draw(st.permutations(side))
    n_wild = sum(1 for p in side if isinstance(p, Troop) and p.identity is None)
    limit = 8 if n_wild < 2 else 4
    pool = list(cards[size : size + draw(st.integers(0, limit))])
    if draw(st.booleans()) and side and isinstance(side[0], Troop) and side[0].identity is not None:
        pool.append(side[0].identity.index)  # the real card a troop stands for may still be unseen
    if draw(st.booleans()) and isinstance(side[0] if side else None, type(CARDS[0])):
        pool.append(side[0].index)  # type: ignore[union-attr]  # a side's own card in the pool is ignored
    return list(side), sorted(set(pool)), capacity, blind


def slow_best(side: list[Piece], pool: list[int], capacity: int, blind: bool) -> int:
    """The strongest filling by enumeration of completions and identities; -1 without one."""
    cards = [CARDS[i] for i in pool if CARDS[i] not in side]
    return max(
        (ref.best_strength([*side, *extra], blind=blind) for extra in ref.completions(side, cards, capacity)),
        default=-1,
    )


@given(side_and_pool(complete=True))
@profile(300)
def test_a_complete_sides_strength_matches_every_identity(case: tuple[list[Piece], list[int], int, bool]) -> None:
    side, _, capacity, blind = case
    expected = ref.best_strength(side, blind=blind)
    for path in PATHS:
        assert path.side_best(*args(side), capacity, blind, 0) == expected


@given(side_and_pool(complete=False))
@profile(400)
def test_the_strongest_filling_matches_the_enumeration(case: tuple[list[Piece], list[int], int, bool]) -> None:
    side, pool, capacity, blind = case
    expected = slow_best(side, pool, capacity, blind)
    for path in PATHS:
        assert path.side_best(*args(side), capacity, blind, mask(pool)) == expected


@given(side_and_pool(complete=True), side_and_pool(complete=False), st.booleans(), st.booleans())
@profile(300)
def test_the_claim_matches_the_slow_proof(
    mine_case: tuple[list[Piece], list[int], int, bool],
    theirs_case: tuple[list[Piece], list[int], int, bool],
    theirs_complete: bool,
    completed_first: bool,
) -> None:
    """Both sides complete: the stronger wins, ties to who completed first; the opponent's open: no
    filling of theirs from the pool may beat the claimant's side."""
    mine, _, capacity, blind = mine_case
    theirs, pool, _, _ = theirs_case
    if theirs_complete:
        theirs = (theirs + [Troop("SHIELD")] * 4)[:capacity]
    theirs = theirs[:capacity]
    pool = [c for c in pool if CARDS[c] not in mine]
    own = ref.best_strength(mine, blind=blind)
    if len(theirs) >= capacity:
        other = ref.best_strength(theirs, blind=blind)
        expected = own > other or (own == other and completed_first)
    else:
        expected = slow_best(theirs, pool, capacity, blind) <= own
    for path in PATHS:
        got = path.tactics_claim_proved(*args(mine), *args(theirs), capacity, blind, completed_first, mask(pool))
        assert got == expected
    short = mine[: capacity - 1]
    for path in PATHS:  # an incomplete side never claims
        assert not path.tactics_claim_proved(*args(short), *args(theirs), capacity, blind, True, mask(pool))


def test_three_troops_and_four_places() -> None:
    """Sides the random ones rarely reach: three wild troops alone, and a Mud side of four 7s."""
    joker, spy, shield = kernel.WILD_JOKER, kernel.WILD_SPY, kernel.WILD_SHIELD
    expected = ref.best_strength([Troop("JOKER"), Troop("SPY"), Troop("SHIELD")])
    for path in PATHS:
        assert path.side_best(3, joker, spy, shield, -1, 3, False, 0) == expected == 319  # a colour 9 + 7 + 3
        sevens = [CARDS[6].index, CARDS[15].index]  # R7, B7
        assert path.side_best(3, sevens[0], spy, sevens[1], -1, 4, False, mask([24])) == 428  # G7: four 7s
        assert path.side_best(3, sevens[0], spy, sevens[1], -1, 4, False, mask([23])) < 400
