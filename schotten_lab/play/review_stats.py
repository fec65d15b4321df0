"""The review's statistics: the label thresholds, a label from a loss and its standard error, and
the paired estimate of a loss (never a zero error from deals that all agree)."""

from __future__ import annotations

import math

THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A loss of at least this much win probability earns the label (largest first)."""
SIGNIFICANCE = 1.96
"""Half the width of a loss's 95% interval, in standard errors: an estimated loss is labelled only
when its whole interval lies above the label's threshold."""
LABELS = ("inaccuracy", "mistake", "blunder")
UNCLEAR = "unclear"
"""The label of an estimated loss whose 95% interval reaches the smallest threshold without lying
above it: it may or may not be an inaccuracy (or worse); the interval is shown."""
MIN_LABEL_DEALS = 8
"""The fewest deals an estimated loss is labelled from (8 deals that all lose are a blunder's
interval: the rule-of-three bound of :func:`loss_estimate`)."""


def label_for(loss: float | None, stderr: float | None, deals: int | None = None) -> str | None:
    """The label of a loss of win probability (``stderr`` ``None``: an exact loss): the largest
    threshold the loss reaches, for an estimate the largest its whole 95% interval lies above
    (``loss - SIGNIFICANCE * stderr``); :data:`UNCLEAR` when the estimate reaches the smallest
    threshold but its interval does not lie above it (it may be noise); ``None`` for a loss below
    every threshold. An estimate on fewer than :data:`MIN_LABEL_DEALS` ``deals`` is never more than
    unclear (a normal interval from a handful of deals is not one)."""
    if loss is None:
        return None
    low = loss if stderr is None else loss - SIGNIFICANCE * stderr
    if stderr is not None and deals is not None and deals < MIN_LABEL_DEALS:
        low = -math.inf
    for name, threshold in THRESHOLDS:
        if low >= threshold - 1e-12:
            return name
    return UNCLEAR if loss >= THRESHOLDS[-1][1] - 1e-12 else None


def decided(loss: float, stderr: float | None) -> bool:
    """Whether more deals could not change the label: no threshold lies inside the loss's 95% interval."""
    if stderr is None:
        return True
    low, high = loss - SIGNIFICANCE * stderr, loss + SIGNIFICANCE * stderr
    return not any(low < threshold - 1e-12 and high >= threshold - 1e-12 for _, threshold in THRESHOLDS)



def loss_estimate(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences of game values (each in -1..1; at least 2) and its standard
    error, never 0 from deals that all agree.

    When every deal gave the same difference ``d`` the sample spread says nothing. The rule of three
    then bounds it: with 95% confidence fewer than ``3/n`` of all deals differ, each by at most
    ``1 + |d|`` (to the far end of -1..1), so the mean may be off by ``3 (1 + |d|) / n``; half of that
    is quoted as the error (at most 1), so that :data:`SIGNIFICANCE` errors are the whole bound. A loss
    of 1 on every deal is then labelled (a blunder: its interval above 0.2) only from 8 deals on."""
    n = len(diffs)
    if n < 2:
        raise ValueError(f"a paired estimate needs at least 2 deals, not {n}")
    mean = sum(diffs) / n
    var = sum((v - mean) ** 2 for v in diffs) / (n - 1)
    if var > 0.0:
        return mean, math.sqrt(var / n)
    return mean, min(3.0 * (1.0 + abs(mean)) / n / SIGNIFICANCE, 1.0)

__all__ = ["LABELS", "MIN_LABEL_DEALS", "SIGNIFICANCE", "THRESHOLDS", "UNCLEAR", "decided", "label_for", "loss_estimate"]
