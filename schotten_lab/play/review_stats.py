"""The review's statistics: the label thresholds, a label from a loss and its interval, the paired
estimate of a loss (never a zero error from deals that all agree), and the sequential plan that
decides when a loss has been measured enough.

Why a sequential plan with simultaneous intervals. A turn is scored on a batch of deals, then on
twice as many while its label is not settled (a threshold lies inside the loss's interval), up to a
cap: the looks of :func:`looks`. Stopping as soon as an interval clears a threshold makes a plain
95% interval hold less often than 95% (each look is another chance to stop on a lucky batch), and a
turn stopped on a lucky batch is a label another seed does not give. So every look's interval is
±:func:`simultaneous_z` standard errors, wide enough that the intervals of *all* the looks hold
together with probability at least :data:`CONFIDENCE` (Bonferroni over the looks, and over the
candidates compared at each look: the best of several noisy moves reads high): a label a review
gives is wrong with probability at most 2.5% whichever look it was given at. A turn whose loss lies
near a place where its label changes is measured to the cap; there its label can still go either
way between seeds (no finite number of deals settles a loss that lies on a threshold), which the
cap's narrower interval makes rarer: docs/ADVISOR.md, "Why a label can still change with the seed".
"""

from __future__ import annotations

import math
from statistics import NormalDist

THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A loss of at least this much win probability earns the label (largest first)."""
SIGNIFICANCE = 1.96
"""Half the width of a loss's 95% interval, in standard errors, measured once (no sequential look):
an estimated loss is labelled only when its whole interval lies above the label's threshold. A
review's sequential measurement uses the wider :func:`simultaneous_z`."""
CONFIDENCE = 0.95
"""The chance that the intervals of every look of a sequential measurement hold together."""
LABELS = ("inaccuracy", "mistake", "blunder")
UNCLEAR = "unclear"
"""The label of an estimated loss whose 95% interval reaches the smallest threshold without lying
above it: it may or may not be an inaccuracy (or worse); the interval is shown."""
MIN_LABEL_DEALS = 8
"""The fewest deals an estimated loss is labelled from (8 deals that all lose are a blunder's
interval: the rule-of-three bound of :func:`loss_estimate`)."""


def label_for(loss: float | None, stderr: float | None, deals: int | None = None, z: float = SIGNIFICANCE) -> str | None:
    """The label of a loss of win probability (``stderr`` ``None``: an exact loss): the largest
    threshold the loss reaches, for an estimate the largest its whole 95% interval lies above
    (``loss - z * stderr``; ``z`` :data:`SIGNIFICANCE` for one look, :func:`simultaneous_z` for a
    sequential measurement); :data:`UNCLEAR` when the estimate reaches the smallest
    threshold but its interval does not lie above it (it may be noise); ``None`` for a loss below
    every threshold. An estimate on fewer than :data:`MIN_LABEL_DEALS` ``deals`` is never more than
    unclear (a normal interval from a handful of deals is not one)."""
    if loss is None:
        return None
    low = loss if stderr is None else loss - z * stderr
    if stderr is not None and deals is not None and deals < MIN_LABEL_DEALS:
        low = -math.inf
    for name, threshold in THRESHOLDS:
        if low >= threshold - 1e-12:
            return name
    return UNCLEAR if loss >= THRESHOLDS[-1][1] - 1e-12 else None


def decided(loss: float, stderr: float | None, z: float = SIGNIFICANCE) -> bool:
    """Whether more deals could not change the label: no threshold lies inside the loss's interval
    (``loss ± z * stderr``, 95% for one look at the default ``z``)."""
    if stderr is None:
        return True
    return settled(loss - z * stderr, loss + z * stderr)


def settled(low: float, high: float) -> bool:
    """Whether the interval ``low`` to ``high`` lies within one label's band: no threshold ``t`` with
    ``low < t <= high``."""
    return not any(low < threshold - 1e-12 and high >= threshold - 1e-12 for _, threshold in THRESHOLDS)


def looks(first: int, most: int) -> tuple[int, ...]:
    """The deal counts at which a sequential measurement looks at its loss: ``first``, twice that,
    four times, ..., and ``most`` last (the cap; ``first`` alone when ``most <= first``)."""
    if first < 1:
        raise ValueError(f"first: a sequential measurement needs at least 1 deal, not {first}")
    out = [first]
    while out[-1] * 2 < most:
        out.append(out[-1] * 2)
    if most > out[-1]:
        out.append(most)
    return tuple(out)


def simultaneous_z(count: int, confidence: float = CONFIDENCE) -> float:
    """Half the width, in standard errors, of two-sided normal intervals that hold together at
    ``count`` looks with probability at least ``confidence`` (Bonferroni: each look gets
    ``(1 - confidence) / count``): 1.96 for one look, 2.64 for six."""
    if count < 1:
        raise ValueError(f"count: at least one look, not {count}")
    return NormalDist().inv_cdf(1.0 - (1.0 - confidence) / (2 * count))


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

__all__ = [
    "CONFIDENCE", "LABELS", "MIN_LABEL_DEALS", "SIGNIFICANCE", "THRESHOLDS", "UNCLEAR",
    "decided", "label_for", "looks", "loss_estimate", "settled", "simultaneous_z",
]  # fmt: skip
