"""The exact endgame solver against plain minimax twins on random small endgames."""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from advisor_games import endgame
from schotten_lab.bots.endgame import moves_of, solve, solve_moves
from schotten_lab.bots.sim import Sim, winner_of


def minimax(sim: Sim) -> int:
    """The obvious twin: every move, no pruning, no table; claims every provable stone at once."""
    if sim.winner >= 0:
        return 1 if sim.winner == sim.to_move else -1
    if sim.stalled():
        return 0
    me = sim.to_move
    best = -2
    for card, stone in moves_of(sim):
        child = sim.copy()
        child.turn(card, stone)
        value = (1 if child.winner == me else -1) if child.winner >= 0 else -minimax(child)
        best = max(best, value)
    return best


class TooBig(Exception):
    """The any-subset twin gave up (keeps the test fast)."""


def minimax_any_claims(sim: Sim, budget: list[int]) -> int:
    """Minimax in which the mover may claim any subset of the provable stones (base game); raises
    :class:`TooBig` after ``budget[0]`` nodes."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    if sim.winner >= 0:
        return 1 if sim.winner == sim.to_move else -1
    if sim.passes >= 4:
        return 0
    me = sim.to_move
    best = -2
    for card, stone in moves_of(sim):
        placed = sim.copy()
        if card >= 0:
            placed.place(card, stone)
            placed.passes = 0
        else:
            placed.passes += 1
        provable = [i for i in range(9) if placed.can_claim(i, me)]
        for size in range(len(provable) + 1):
            for subset in combinations(provable, size):
                child = placed.copy()
                for i in subset:
                    child.claimed[i] = me
                child.winner = winner_of(child.claimed)
                if child.winner >= 0:
                    value = 1 if child.winner == me else -1
                else:
                    if subset:
                        child.passes = 0  # a claim changes the state: not a stall
                    child.to_move = 1 - me
                    value = -minimax_any_claims(child, budget)
                best = max(best, value)
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.booleans())
def test_solver_equals_plain_minimax(seed: int, cards: int, expert: bool) -> None:
    sim = endgame(seed, cards, expert)
    if sim is None:
        return
    assert solve(sim).value == minimax(sim)
    for (card, stone), value in solve_moves(sim):
        child = sim.copy()
        child.turn(card, stone)
        twin = (1 if child.winner == sim.to_move else -1) if child.winner >= 0 else -minimax(child)
        assert value == twin


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.integers(0, 10**6), st.integers(1, 3))
def test_claiming_at_once_loses_nothing(seed: int, cards: int) -> None:
    """Claiming every provable stone at once is as good as any choice of claims (random endgames)."""
    sim = endgame(seed, cards)
    assume(sim is not None)
    assert sim is not None
    try:
        twin = minimax_any_claims(sim, [3_000])
    except TooBig:
        assume(False)
    assert solve(sim).value == twin


def test_solver_is_not_changed_and_names_a_legal_move() -> None:
    sim = endgame(3, 3)
    assert sim is not None
    before = (sim.sides, sim.hands, sim.claimed, sim.to_move)
    result = solve(sim)
    assert (sim.sides, sim.hands, sim.claimed, sim.to_move) == before
    assert result.move in moves_of(sim)
