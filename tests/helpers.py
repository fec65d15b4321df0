"""Small helpers shared by the base-game, tactics and seat-figure cross-check tests."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import os
import random

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from schotten_lab.core.cards import Card
from schotten_lab.core.formations import Rank
from schotten_lab.game import GameState, apply_turn, new_game
from schotten_lab.game.playout import random_decision


def by_int(d: dict[Rank, Fraction]) -> dict[int, Fraction]:
    """Rank-keyed probabilities keyed by the plain rank number (as the twins key them)."""
    return {int(r): p for r, p in d.items()}


def sub_pool(data: st.DataObject, cards: list[Card], fits: Callable[[int], bool]) -> list[Card]:
    """A random subset of ``cards``, as large as ``fits(size)`` allows (all of them when it fits)."""
    size = len(cards)
    while size > 0 and not fits(size):
        size -= 1
    if size == len(cards):
        return cards
    return sorted(data.draw(st.permutations(cards), label="sub-pool")[:size])


PHASES = tuple(p for p in Phase if not (p is Phase.shrink and os.environ.get("SCHOTTEN_NO_SHRINK")))
"""Hypothesis phases; ``SCHOTTEN_NO_SHRINK=1`` skips shrinking (a quicker red run)."""


def profile(n: int, *also_suppress: HealthCheck) -> settings:
    """A deterministic hypothesis profile of ``n`` examples for the slow-twin comparisons."""
    return settings(
        max_examples=n,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, *also_suppress],
        phases=PHASES,
    )


def tactics_after(seed: int, turns: int, expert: bool) -> GameState | None:
    """The engine state of a tactics game (deal ``seed``) after ``turns`` random turns, ``None`` when
    it is over or a Headhunter put-back is pending (what the search and its rollouts start from)."""
    rng = random.Random(seed)
    state = new_game("tactics", expert, seed=seed)
    for _ in range(turns):
        if state.over:
            return None
        state, _turn = apply_turn(state, random_decision(state, rng))
    return None if state.over or state.pending is not None else state
