"""The rating scale and the solvers' failure rates (exact ones against slow twins)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

import reference as ref
import reference_tactics as reft
from puzzle_set import committed, sample
from schotten_lab.bots.endgame import moves_of
from schotten_lab.core.cards import Card
from schotten_lab.puzzles.prove import sim_of
from schotten_lab.puzzles.rating import (
    CLAIM_LADDER, ENDGAME_LADDER, LADDERS, RATING_FLOOR, RATING_SPAN, band, beating_share, claim_failures, ladder_of,
    rating_of,
)  # fmt: skip


def test_the_scale_runs_from_floor_to_floor_plus_span() -> None:
    assert rating_of({n: 0.0 for n in ENDGAME_LADDER}, ENDGAME_LADDER) == RATING_FLOOR == 600
    assert rating_of({n: 1.0 for n in ENDGAME_LADDER}, ENDGAME_LADDER) == RATING_FLOOR + RATING_SPAN == 2000
    assert rating_of({"random": 1.0, **{n: 0.0 for n in ENDGAME_LADDER[1:]}}, ENDGAME_LADDER) == 880


def test_the_rating_rises_with_every_failure_rate() -> None:
    rng = random.Random(0)
    for _ in range(200):
        rates = {n: rng.random() for n in CLAIM_LADDER}
        worse = dict(rates)
        name = rng.choice(CLAIM_LADDER)
        worse[name] = min(1.0, rates[name] + 0.1)
        assert rating_of(worse, CLAIM_LADDER) >= rating_of(rates, CLAIM_LADDER)


def test_the_scale_refuses_missing_or_bad_rates() -> None:
    with pytest.raises(ValueError, match="advisor-8"):
        rating_of({"random": 0.5}, ENDGAME_LADDER)
    with pytest.raises(ValueError):
        rating_of({n: 1.5 for n in CLAIM_LADDER}, CLAIM_LADDER)


def test_bands() -> None:
    assert [band(r) for r in (600, 899, 900, 1199, 1200, 1499, 1500, 2000)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "expert", "expert"]  # fmt: skip


def test_committed_ratings_follow_the_scale_from_their_failure_rates() -> None:
    for p in committed():
        ladder = ladder_of(p.kind, p.position)
        assert ladder == LADDERS[p.kind] or p.position.rules.tactics
        # the file holds the rates to 4 decimals, the rating was computed before rounding
        assert abs(p.rating - rating_of(p.solvers, ladder)) <= 1, p.id


@pytest.mark.parametrize("puzzle", sample("endgame", 20), ids=lambda p: p.id)
def test_the_random_solver_fails_all_but_one_move(puzzle: object) -> None:
    from schotten_lab.puzzles import Puzzle

    assert isinstance(puzzle, Puzzle)
    assert puzzle.solvers["random"] == pytest.approx(1 - 1 / len(moves_of(sim_of(puzzle.position))), abs=1e-4)


def twin_share(puzzle: object, number: int) -> Fraction:
    """The share of beating completions, by enumerating them with the reference's strength."""
    from schotten_lab.puzzles import Puzzle

    assert isinstance(puzzle, Puzzle)
    me = puzzle.solver
    s = puzzle.position.stone(number)
    theirs = s.side(me.opponent)
    if puzzle.position.rules.tactics:  # the tactics twin: every identity of a wild troop, Mud fight, Blind-man's bluff
        blind, cap = s.blind, s.capacity
        mine = reft.best_strength(s.side(me), blind=blind)
        combos = reft.completions(theirs, reft.public_pool(puzzle.position), cap)
        return Fraction(sum(reft.best_strength(tuple(theirs) + c, blind=blind) > mine for c in combos), len(combos))
    own = ref.strength(s.side(me))
    pool = ref.public_pool(puzzle.position)
    combos = list(combinations(pool, 3 - len(theirs)))
    return Fraction(sum(ref.strength(tuple(theirs) + c) > own for c in combos), len(combos))


@pytest.mark.parametrize("puzzle", sample("claim", 12), ids=lambda p: p.id)
def test_claim_failure_rates_are_exact(puzzle: object) -> None:
    from schotten_lab.puzzles import Puzzle

    assert isinstance(puzzle, Puzzle)
    failures = claim_failures(puzzle.position, puzzle.question)
    assert failures == pytest.approx(dict(puzzle.solvers), abs=1e-4)
    asked = [puzzle.question["stone"]] if puzzle.question["type"] == "stone" else None
    for number in asked or []:
        s = puzzle.position.stone(number)
        if s.modes or any(not isinstance(c, Card) for c in s.cards()):
            if reft.claim_work(puzzle.position, number, puzzle.solver) > 20_000:
                continue  # the twin's full enumeration would take seconds (tests/puzzles/test_tactics_claims.py re-proves it)
        if len(s.side(puzzle.solver.opponent)) < s.capacity and s.is_complete(puzzle.solver):
            assert beating_share(puzzle.position, number, puzzle.solver) == twin_share(puzzle, number)
            if number in puzzle.claimable:
                assert beating_share(puzzle.position, number, puzzle.solver) == 0
