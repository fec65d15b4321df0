"""Monte Carlo outcomes carry exact 95% confidence intervals (scipy.stats), checked against their definition."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.analysis.outcome import confidence_interval, stone_outcome, stone_outcome_monte_carlo
from schotten_lab.core import Position


def binomial_tail(n: int, p: float, k_low: int, k_high: int) -> float:
    """P(k_low <= X <= k_high) for X ~ Binomial(n, p), summed term by term."""
    return sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(k_low, k_high + 1))


@given(st.integers(1, 120), st.data())
@settings(max_examples=80, deadline=None)
def test_clopper_pearson_bounds_meet_their_definition(n: int, data: st.DataObject) -> None:
    """The upper bound is the chance p at which seeing k or fewer has probability 2.5%; the lower
    bound the one at which seeing k or more has (0 and 1 at the ends)."""
    k = data.draw(st.integers(0, n), label="successes")
    low, high = confidence_interval(k, n)
    assert 0 <= low <= k / n <= high <= 1
    if k == 0:
        assert low == 0
    else:
        assert binomial_tail(n, low, k, n) == pytest.approx(0.025, rel=1e-6)
    if k == n:
        assert high == 1
    else:
        assert binomial_tail(n, high, 0, k) == pytest.approx(0.025, rel=1e-6)


def test_monte_carlo_estimate_has_intervals_that_hold_the_exact_chance() -> None:
    """Three 8s against R9 R7 with R8 still unseen: the exact chances lie inside the intervals (seeded)."""
    pos = Position.build({1: ("N8 B8 G8", "R9 R7")})
    exact = stone_outcome(pos, 1)
    est = stone_outcome_monte_carlo(pos, 1, samples=3000, seed=7)
    for who in ("south", "north", "tie"):
        low, high = est.ci95[who]
        assert low <= getattr(est, who) <= high
        assert low <= float(getattr(exact, who)) <= high
    for who in ("south", "north"):  # about ±2 standard errors where the chance is not extreme
        low, high = est.ci95[who]
        assert 3.5 * est.stderr[who] < high - low < 4.5 * est.stderr[who]
    # south completed first, so no tie in 3,000 samples: the standard error says 0, the interval does not
    assert est.tie == 0 and est.stderr["tie"] == 0
    assert est.ci95["tie"] == (0.0, pytest.approx(1 - 0.025 ** (1 / 3000)))
    assert est.to_dict()["ci95"] == {k: list(v) for k, v in est.ci95.items()}
