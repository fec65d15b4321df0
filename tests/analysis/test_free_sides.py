"""The value-by-value count of sides without a clan card (analysis/free_sides.py) against plain
enumeration of every draw, on small pools crowded into few colours and values (where formations
actually happen), for every rank, troop set and capacity."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.analysis.free_sides import count_formation_free
from schotten_lab.core.formations import STRENGTH_BASE, Rank
from schotten_lab.core.sides import side_completions
from schotten_lab.core.tactics import Troop


def enumerate_free(troops: tuple[Troop, ...], capacity: int, hand: int, pool: int, n: int, rank: Rank) -> int:
    """Slow twin: every n-subset of the pool, its best completion by the core's evaluator."""
    cards = [i for i in range(54) if pool >> i & 1]
    free = 0
    for drawn in combinations(cards, n):
        available = hand | sum(1 << c for c in drawn)
        strengths = side_completions(troops, available, capacity=capacity, ordered=False).strengths
        best = int(strengths.max()) // STRENGTH_BASE if len(strengths) else 0
        free += best < rank
    return free


@st.composite
def crowded(draw: st.DrawFn) -> tuple[tuple[Troop, ...], int, int, int, int]:
    capacity = draw(st.sampled_from([3, 4]))
    kinds = draw(st.lists(st.sampled_from(["JOKER", "SPY", "SHIELD"]), max_size=2 if capacity == 4 else 1))
    if capacity == 3 and not kinds:
        kinds = ["JOKER"]
    colors = draw(st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True))
    low = draw(st.integers(1, 5))
    dense = [c * 9 + v - 1 for c in colors for v in range(low, low + 5)]
    cards = draw(st.lists(st.sampled_from(dense), min_size=4, max_size=13, unique=True))
    held = draw(st.integers(0, min(4, len(cards))))
    n = draw(st.integers(0, min(5, len(cards) - held)))
    hand = sum(1 << c for c in cards[:held])
    pool = sum(1 << c for c in cards[held:])
    return tuple(Troop(k) for k in kinds), capacity, hand, pool, n  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(crowded())
def test_count_formation_free_matches_enumeration(case: tuple[tuple[Troop, ...], int, int, int, int]) -> None:
    troops, capacity, hand, pool, n = case
    for rank in Rank:
        assert count_formation_free(troops, capacity, hand, pool, n, rank) == enumerate_free(
            troops, capacity, hand, pool, n, rank
        ), (troops, capacity, hex(hand), hex(pool), n, rank)
