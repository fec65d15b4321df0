"""The rules kernel (:mod:`schotten_lab.core.kernel`): its plain path, its compiled path and the slow
twins (:mod:`reference`, itertools enumeration from docs/RULES.md) agree.

Every property runs the plain functions and, where numba is installed, the same functions compiled
(:func:`~schotten_lab.core.kernel.compiled`), on the same random inputs.
"""

from __future__ import annotations

import subprocess
import sys
import types
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference
from helpers import profile
from schotten_lab.core import kernel
from schotten_lab.core.cards import CARDS
from schotten_lab.core.formations import best_completion as table_best_completion
from schotten_lab.core.rules import win_reason as rules_win_reason


def _paths() -> list[types.SimpleNamespace | types.ModuleType]:
    """The plain module, and the compiled namespace where numba is importable."""
    try:
        import numba
    except ImportError:
        return [kernel]
    return [kernel, kernel.compiled(numba)]


PATHS = _paths()


def _mask(cards: list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _slow_best(side: list[int], pool: list[int]) -> int:
    """The strongest completion by enumeration (the slow twin's formations), -1 without one."""
    cards = [CARDS[i] for i in side]
    found = [
        reference.strength([*cards, *extra]) for extra in reference.side_completions(cards, [CARDS[i] for i in pool])
    ]
    return max(found, default=-1)


@st.composite
def side_and_pool(draw: st.DrawFn, small: bool) -> tuple[list[int], list[int]]:
    """A side of 0-2 cards and a pool of other cards (small pools: the slow twin enumerates them)."""
    cards = draw(st.permutations(range(54)))
    count = draw(st.integers(0, 2))
    size = draw(st.integers(0, 12 if small else 52 - count))
    return cards[:count], cards[count : count + size]


@given(side_and_pool(small=True))
@profile(300)
def test_best_completion_matches_the_enumeration(case: tuple[list[int], list[int]]) -> None:
    side, pool = case
    expected = _slow_best(side, pool)
    first, second = (side + [-1, -1])[:2]
    for path in PATHS:
        assert path.best_completion(len(side), first, second, _mask(pool)) == expected


@given(side_and_pool(small=False), st.booleans())
@profile(400)
def test_best_completion_matches_the_hand_table_on_big_pools(case: tuple[list[int], list[int]], with_side: bool) -> None:
    """Against ``formations.best_completion`` (the first hand of the strength-sorted table the pool
    can fill); the side's own cards in the pool are ignored."""
    side, pool = case
    found = table_best_completion([CARDS[i] for i in side], _mask(pool))
    expected = -1 if found is None else found[0].strength
    first, second = (side + [-1, -1])[:2]
    pool_mask = _mask(pool) | (_mask(side) if with_side else 0)
    for path in PATHS:
        assert path.best_completion(len(side), first, second, pool_mask) == expected


def test_every_triple_has_its_reference_strength() -> None:
    for a, b, c in combinations(range(54), 3):
        expected = reference.strength([CARDS[a], CARDS[b], CARDS[c]])
        for path in PATHS:
            assert path.strength(a, b, c) == path.strength(c, a, b) == expected


def _slow_claim(own: list[int], theirs: list[int], completed_first: bool, pool: list[int]) -> bool:
    """docs/RULES.md "Claims" by enumeration: no way to finish ``theirs`` from the pool beats ``own``."""
    mine = reference.strength([CARDS[i] for i in own])
    if len(theirs) == 3:
        other = reference.strength([CARDS[i] for i in theirs])
        return mine > other or (mine == other and completed_first)
    return all(mine >= s for s in [_slow_best(theirs, pool)])


@given(st.permutations(range(54)), st.integers(0, 3), st.integers(0, 12), st.booleans())
@profile(300)
def test_claim_proved_matches_the_enumeration(cards: list[int], count: int, size: int, completed_first: bool) -> None:
    own, theirs, pool = cards[:3], cards[3 : 3 + count], cards[3 + count : 3 + count + size]
    expected = _slow_claim(own, theirs, completed_first, pool)
    a, b, c = (theirs + [-1, -1, -1])[:3]
    for path in PATHS:
        mine = path.strength(own[0], own[1], own[2])
        assert path.claim_proved(mine, count, a, b, c, completed_first, _mask(pool)) is expected


def _slow_win(held: set[int]) -> int:
    """Five stones, else three adjacent (stones 1-9), else nothing."""
    if len(held) >= 5:
        return kernel.FIVE
    if any({i, i + 1, i + 2} <= held for i in range(1, 8)):
        return kernel.ADJACENT
    return 0


def test_win_reason_on_every_set_of_stones() -> None:
    names = {0: None, kernel.FIVE: "five", kernel.ADJACENT: "adjacent"}
    for held in range(512):
        stones = {i + 1 for i in range(9) if held >> i & 1}
        expected = _slow_win(stones)
        assert rules_win_reason(stones) == names[expected]
        for path in PATHS:
            assert path.win_reason(held) == expected


@profile(100)
@given(owners=st.lists(st.sampled_from([-1, 0, 1]), min_size=9, max_size=9), offset=st.integers(0, 5))
def test_claims_winner_reads_the_owners_of_a_flat_state(owners: list[int], offset: int) -> None:
    """On a state whose stone owners start at ``offset``: south if south's stones win, else north if
    north's do (south checked first), else -1; the slow twin is the set rule."""
    state = [7] * offset + owners + [7]
    expected = -1
    for player in (1, 0):
        if _slow_win({i + 1 for i in range(9) if owners[i] == player}):
            expected = player
    assert kernel.claims_winner(state, offset) == expected
    for path in PATHS[1:]:  # compiled: on an int64 array, as the rollout kernels hold their states
        assert path.claims_winner(np.asarray(state, np.int64), offset) == expected


def test_open_stones() -> None:
    for path in PATHS:
        assert path.open_stones(0b000000101, 0b100000001) == 0b011111010
        assert path.open_stones(0, 0) == kernel.ALL_STONES


def test_importing_the_kernel_and_proving_a_claim_does_not_import_numba() -> None:
    """The plain path is the core's: numba (0.4 s to import) loads only for :func:`kernel.compiled`."""
    code = (
        "import sys; import schotten_lab; from schotten_lab.core import kernel;"
        "kernel.claim_proved(kernel.strength(0, 1, 2), 1, 5, -1, -1, False, (1 << 54) - 8);"
        "print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.skipif(len(PATHS) < 2, reason="numba is not installed")
def test_the_compiled_functions_are_the_plain_code() -> None:
    """Same code objects: a rule cannot drift between the two paths."""
    compiled = PATHS[1]
    for name in kernel.KERNEL:
        assert getattr(compiled, name).py_func.__code__ is getattr(kernel, name).__code__
