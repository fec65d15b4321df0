"""The rules as data: side capacity and the win rule, checked against plain restatements."""

from __future__ import annotations

from itertools import combinations

from schotten_lab.core import Player, Position
from schotten_lab.core.rules import holds_winning_set, side_capacity, win_reason


def longest_run(stones: tuple[int, ...]) -> int:
    """The most consecutive stone numbers among ``stones`` (sorted)."""
    best = run = 0
    for i, n in enumerate(stones):
        run = run + 1 if i and n == stones[i - 1] + 1 else 1
        best = max(best, run)
    return best


def test_win_rule_on_every_set_of_stones() -> None:
    """All 512 sets of stones one player may hold: five or more, else a run of three."""
    for size in range(10):
        for held in combinations(range(1, 10), size):
            expected = "five" if size >= 5 else ("adjacent" if longest_run(held) >= 3 else None)
            assert win_reason(held) == expected, held
            assert holds_winning_set(held) is (expected is not None)


def test_position_winner_uses_the_win_rule() -> None:
    held = Position.from_notation("R1R2R3-@s/B1B2B3-@s/-/G1G2G3-@s/-/-/-/-/- ?6 ?6 n")
    assert held.winner() is None  # stones 1, 2 and 4: not adjacent
    won = Position.from_notation("R1R2R3-@s/B1B2B3-@s/G1G2G3-@s/-/-/-/-/-/- ?6 ?6 n")
    assert won.winner() is Player.SOUTH


def test_side_capacity() -> None:
    assert side_capacity() == side_capacity(("blind",)) == 3
    assert side_capacity(("mud",)) == side_capacity(frozenset({"mud", "blind"})) == 4
