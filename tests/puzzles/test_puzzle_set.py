"""The committed set (data/puzzles/): it validates, and every answer is re-proved.

Endgames by the exact solver (:func:`check_puzzle`) and, on a sample, by the plain minimax twin of
tests/bots/test_endgame.py; claims by the proof and by the brute-force reference (tests/reference.py).
The whole set is re-proved in the default run (about 12 s on one core: the endgames are small);
the minimax twin, which has no table, runs on the smallest endgames only.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import reference as ref
from puzzle_set import FILES, committed, sample
from schotten_lab.bots.endgame import moves_of
from schotten_lab.puzzles import Puzzle, check_puzzle, puzzle_from_json
from schotten_lab.puzzles.prove import candidates, move_of, sim_of
from schotten_lab.puzzles.rating import band


def test_the_committed_set_is_large_varied_and_distinct() -> None:
    puzzles = committed()
    assert len(puzzles) >= 300
    kinds = Counter(p.kind for p in puzzles)
    assert kinds["endgame"] >= 100 and kinds["claim"] >= 100
    assert len({band(p.rating) for p in puzzles}) == 4  # every level has puzzles
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert any(p.source.get("trap") for p in puzzles)  # the card in one's own hand


def test_every_line_round_trips() -> None:
    for path in FILES:
        for text in path.read_text(encoding="utf-8").splitlines():
            puzzle = puzzle_from_json(text)
            assert json.loads(puzzle.to_json()) == json.loads(text)


def minimax(sim: object) -> int:
    """The slow twin of the endgame solver: every move, no pruning, no table."""
    from schotten_lab.bots.sim import Sim

    assert isinstance(sim, Sim)
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
        if best == 1:
            break  # a win is the best there is: no other move can change the answer
    return best


def twin_winning_moves(puzzle: Puzzle) -> list[tuple[int, int]]:
    sim = sim_of(puzzle.position)
    me = sim.to_move
    wins = []
    for move in moves_of(sim):
        child = sim.copy()
        child.turn(*move)
        value = (1 if child.winner == me else -1) if child.winner >= 0 else -minimax(child)
        if value == 1:
            wins.append(move)
    return wins


def twin_claimable(puzzle: Puzzle) -> list[int]:
    me = puzzle.solver
    return [n for n in candidates(puzzle.position, me) if ref.claim(puzzle.position, n, me).claimable]


SMALL = [p for p in sample("endgame", 3) if sum(p.position.hand_sizes.values()) <= 5][:12]
"""Endgames small enough for minimax without pruning."""


def test_the_twin_sample_is_not_empty() -> None:
    assert len(SMALL) >= 3


@pytest.mark.parametrize("puzzle", SMALL, ids=lambda p: p.id)
def test_a_sample_of_endgames_agrees_with_the_minimax_twin(puzzle: Puzzle) -> None:
    assert twin_winning_moves(puzzle) == [move_of(puzzle.solution)]


def test_every_committed_puzzle_is_re_proved() -> None:
    failures = {p.id: check_puzzle(p) for p in committed()}
    assert {k: v for k, v in failures.items() if v} == {}


def test_every_claim_puzzle_agrees_with_the_brute_force_twin() -> None:
    """Base-game claims (the tactics ones have the tactics twin: test_tactics_claims.py)."""
    base = [p for p in committed() if p.kind == "claim" and not p.position.rules.tactics]
    wrong = [p.id for p in base if twin_claimable(p) != list(p.claimable)]
    assert wrong == []
