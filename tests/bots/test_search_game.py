"""The one search over a game interface (issue 18 item 4): ``search_game.advise_game`` runs the same
steps for any :class:`~schotten_lab.bots.search_game.SearchGame`: a toy game with known values shows
each step (the Monte Carlo choice, a move certain to win, the exact endgame, the reasons), and the
one near-duplicate rule (:func:`~schotten_lab.bots.search_game.diverse`) is checked against its
definition."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.bots import Budget
from schotten_lab.bots import advice as advice_module
from schotten_lab.bots.advice import WINS_AT_ONCE, Batch, MoveAdvice, Result, deal_by_deal, successive_halving
from schotten_lab.bots.advisor import search_game
from schotten_lab.bots.base_search import BaseGame
from schotten_lab.bots.search_game import PER_PIECE, SearchGame, advise_game, common_deals, diverse
from schotten_lab.bots.tactics_search import TacticsGame
from schotten_lab.core.position import Position
from schotten_lab.core.words import Fact, Facts
from schotten_lab.game import Turn

SMALL = Position.from_notation("R8R9-/-B5/-/-/-/-/-/-/- R7B1G2Y4P5N3 ?6 s")


class ToyGame:
    """Moves 0..n-1, move ``k`` winning a play-out with chance ``chances[k]``; ``wins_at_once``: a
    move after which the game is won; ``exact``: the endgame's answer, if any."""

    method = "toy Monte Carlo"

    def __init__(
        self, chances: Sequence[float], *, wins_at_once: int | None = None, exact: dict[int, Result] | None = None,
        costly_reasons: bool = False, batched: bool = False, width: int | None = None,
    ) -> None:  # fmt: skip
        self.width = width
        self.chances = list(chances)
        self.me = 0
        self.wins_at_once = wins_at_once
        self.exact = exact
        self.costly_reasons = costly_reasons
        self.playout_cost = 1
        self.measure_cost = 1
        self.batched = batched
        self.explained: list[tuple[int, bool]] = []

    def moves(self) -> tuple[list[int], dict[int, list[int]]]:
        moves = list(range(len(self.chances)))
        return moves, {m: [] for m in moves}

    def searched(self, moves: Sequence[int]) -> list[int]:
        return list(moves[: self.width])

    def winner_after(self, move: int) -> int:
        return 0 if move == self.wins_at_once else -1

    def held(self, claims: Mapping[int, Sequence[int]]) -> None:
        return None

    def solve(self, moves: Sequence[int], deadline: float, iterations: int | None) -> tuple[dict[int, Result], dict[int, int | None]] | None:
        return None if self.exact is None else (dict(self.exact), {m: None for m in self.exact})

    def deal(self, rng: random.Random) -> float:
        return rng.random()

    def play_out(self, state: float, move: int, rng: random.Random) -> float:
        return float(rng.random() < self.chances[move])

    def measure(self) -> None:
        return None

    def batch(self) -> Batch[int] | None:
        if not self.batched:
            return None

        def play(moves: Sequence[int], deals: int, seed: int) -> list[list[float]]:
            rng = random.Random(seed)
            rows = []
            for _ in range(deals):
                stream = rng.getrandbits(32)
                rows.append([self.play_out(0.0, m, random.Random(stream)) for m in moves])
            return rows

        return play

    def facts(self, move: int, claims: Sequence[int], deep: bool) -> Facts:
        self.explained.append((move, deep))
        return Facts((Fact.of("reason.pass"),))

    def move_advice(self, move: int) -> MoveAdvice:
        return MoveAdvice(None, None, (), None, None, 0, None, "")

    def move_of(self, turn: Turn) -> int:
        return 0


def _toy_is_a_search_game(game: ToyGame) -> SearchGame[int, float]:
    return game  # mypy checks that the toy (like BaseGame and TacticsGame) meets the interface


def test_the_one_search_chooses_the_best_move_of_any_game() -> None:
    for batched in (False, True):
        game = ToyGame([0.2, 0.3, 0.9, 0.25, 0.1], batched=batched)
        advice = advise_game(_toy_is_a_search_game(game), SMALL, budget=Budget(rollouts=400), seed=3, explain_all=True, started=0.0)
        assert advice.method == "toy Monte Carlo"
        assert advice.best.samples > 0 and advice.best.stderr is not None
        assert advice.rollouts >= 400 + 100  # the search's rollouts, then a quarter more on fresh deals
        assert [m.change for m in advice.moves[:1]] == [0.0] and all((m.change or 0.0) <= 0 for m in advice.moves)
        assert sorted(move for move, _ in game.explained) == [0, 1, 2, 3, 4]  # every move explained once
        assert [deep for _, deep in game.explained] == [True] * 5  # the top EXPLAINED (5) get the deep facts
        assert advice.best.reason == Facts((Fact.of("reason.pass"),)).in_words("en")
    again = advise_game(ToyGame([0.2, 0.3, 0.9, 0.25, 0.1], batched=True), SMALL, budget=Budget(rollouts=400), seed=3, explain_all=True, started=0.0)
    assert again.to_dict() | {"seconds": 0} == advice.to_dict() | {"seconds": 0}


def test_the_one_search_plays_a_certain_win_without_sampling() -> None:
    game = ToyGame([0.5, 0.5, 0.5], wins_at_once=1)
    advice = advise_game(game, SMALL, budget=Budget(rollouts=100), seed=0, explain_all=False, started=0.0)
    assert advice.method == WINS_AT_ONCE and advice.rollouts == 0
    assert (advice.best.win, advice.best.stderr, advice.best.turns) == (1.0, None, 1)
    assert [m.win for m in advice.moves[1:]] == [None, None]
    assert [move for move, _ in game.explained] == [1]  # explain_all=False: the chosen move's reason only


def test_the_one_search_takes_the_exact_endgame_when_the_game_has_one() -> None:
    game = ToyGame([0.5, 0.5], exact={0: (0.0, None, 0), 1: (0.5, None, 0)})
    advice = advise_game(game, SMALL, budget=Budget(rollouts=100), seed=0, explain_all=True, started=0.0)
    assert advice.method == "exact endgame" and advice.rollouts == 0
    assert [(m.win, m.exact) for m in advice.moves] == [(0.5, True), (0.0, True)]


def test_costly_reasons_are_all_written_under_an_iteration_budget() -> None:
    """A game whose reasons may be costly (the tactics variant) gets every move's reason under an
    iteration budget (no clock: the same answer on any machine), and on a spent clock the searched ones."""
    game = ToyGame([0.2, 0.8, 0.4], costly_reasons=True, width=2)
    advice = advise_game(game, SMALL, budget=Budget(rollouts=60), seed=1, explain_all=True, started=0.0)
    assert advice.moves[2].win is None and sorted(move for move, _ in game.explained) == [0, 1, 2]
    late = ToyGame([0.2, 0.8, 0.4], costly_reasons=True, width=2)
    advice = advise_game(late, SMALL, budget=Budget(seconds=0.001), seed=1, explain_all=True, started=time.perf_counter() - 10)
    assert sorted(move for move, _ in late.explained) == [0, 1] and advice.moves[2].reason == ""
    cheap = ToyGame([0.2, 0.8, 0.4], width=2)  # the base game's reasons: every move's, whatever the clock
    advise_game(cheap, SMALL, budget=Budget(seconds=0.001), seed=1, explain_all=True, started=time.perf_counter() - 10)
    assert sorted(move for move, _ in cheap.explained) == [0, 1, 2]


def test_a_costly_deep_reason_is_given_only_where_it_fits_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the clock, a game whose reasons are costly gives the best move its deep reason only while
    :data:`COSTLY_REASON_SECONDS` are left, and its search stops early enough to leave them from a
    budget of one second: a bot at 0.3 s or 0.5 s gets the reason without the costly part, at 1 s
    and 2 s with it, and the answer comes within the budget. The clock is a counter (1 ms a read),
    so no test waits and none depends on the machine's speed."""
    reads = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(reads) / 1000)

    def best_reason(seconds: float, costly: bool = True) -> tuple[list[bool], float]:
        game = ToyGame([0.2, 0.8, 0.4], costly_reasons=costly)
        advice = advise_game(game, SMALL, budget=Budget(seconds=seconds), seed=1, explain_all=False, started=time.perf_counter())
        assert [move for move, _ in game.explained] == [1]
        return [deep for _, deep in game.explained], advice.seconds

    for seconds, deep in ((0.3, False), (0.5, False), (1.0, True), (2.0, True)):
        given, took = best_reason(seconds)
        assert given == [deep] and took <= seconds
    assert best_reason(0.3, costly=False)[0] == [True]  # the base game's reasons are cheap: deep whatever the clock


def test_common_deals_play_every_move_on_the_same_deals() -> None:
    for batched in (False, True):
        values = common_deals(ToyGame([1.0, 0.0, 0.5], batched=batched), [0, 1, 2, 2], 50, random.Random(4))
        assert [len(v) for v in values] == [50] * 4
        assert values[0] == [1.0] * 50 and values[1] == [0.0] * 50 and values[2] == values[3]


def test_one_halving_for_every_variant() -> None:
    """A game without a batch (the tactics variant) is searched by the same sequential halving as a
    batched one: the budget spread evenly over the rounds, so every move plays the same number of
    deals either way (the old deal-by-deal halving dropped half the moves every 4 deals)."""
    chances = [0.5, 0.55, 0.6, 0.45, 0.52, 0.58, 0.4, 0.62]
    plain, batched = ToyGame(chances), ToyGame(chances, batched=True)
    counts = []
    for game in (plain, batched):
        scores, played = successive_halving(
            list(range(8)), game.deal, game.play_out, random.Random(2), 0.0, 240, game.batch()
        )  # fmt: skip
        counts.append(sorted(len(v) for v in scores.values()))
        assert played == sum(len(v) for v in scores.values()) >= 240
    assert counts[0] == counts[1]
    assert counts[0][-1] > 3 * counts[0][0]  # the two last moves played far more deals than the first dropped


def test_deal_by_deal_plays_every_move_of_a_deal_on_the_same_state_and_stream() -> None:
    seen: list[tuple[float, int, float]] = []

    def play_out(state: float, move: int, rng: random.Random) -> float:
        seen.append((state, move, rng.random()))
        return state

    rows = deal_by_deal(lambda rng: rng.random(), play_out)([0, 1, 2], 5, 11)
    assert len(rows) == 5 and all(len(set(row)) == 1 for row in rows)  # each deal's state, for every move
    for d in range(5):
        states = {s for s, _, _ in seen[3 * d : 3 * d + 3]}
        streams = {r for _, _, r in seen[3 * d : 3 * d + 3]}
        assert len(states) == 1 and len(streams) == 1  # common random numbers
    assert len({r for _, _, r in seen}) == 5  # a new stream every deal
    assert deal_by_deal(lambda rng: rng.random(), play_out)([0, 1, 2], 5, 11) == rows  # seeded by the call


def test_slow_play_outs_stop_within_two_deals_of_the_deadline(monkeypatch: Any) -> None:
    """On the clock the halving reads the clock between calls; a call is sized by the pace measured,
    so play-outs as slow as the tactics variant's in Python overrun the deadline by two deals at most,
    even when they slow down on the way, after the search planned its rounds (a fake clock: the first
    40 play-outs take 1 ms each, the others 10 ms, as rollouts from a bare table and from a crowded one)."""
    clock = [0.0]
    calls = [0]
    monkeypatch.setattr(advice_module.time, "perf_counter", lambda: clock[0])

    def play_out(state: float, move: int, rng: random.Random) -> float:
        calls[0] += 1
        clock[0] += 0.001 if calls[0] <= 40 else 0.01
        return float(rng.random() < 0.5)

    moves = list(range(8))
    for deadline in (0.05, 0.3, 1.0, 2.5):
        clock[0], calls[0] = 0.0, 0
        scores, played = successive_halving(moves, lambda rng: 0.0, play_out, random.Random(1), deadline, None)
        assert played > 0 and clock[0] <= deadline + 2 * len(moves) * 0.01 + 1e-9
        assert len({len(v) for v in scores.values() if len(v) == max(map(len, scores.values()))}) == 1


def test_both_variants_have_a_game_interface() -> None:
    from schotten_lab.core.load import load_position_text
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    tactics = load_position_text((root / "data/positions/23_tactics_midgame.json").read_text()).position
    assert isinstance(search_game(SMALL), BaseGame) and isinstance(search_game(tactics), TacticsGame)
    base: SearchGame[tuple[int, int], object] = search_game(SMALL)
    moves, claims = base.moves()
    assert set(claims) == set(moves) and set(base.searched(moves)) <= set(moves)


# ---- diverse: the one rule against near-duplicates -------------------------------------------------------


def _breaks_the_rule(move: tuple[int | None, bool], before: Sequence[tuple[int | None, bool]]) -> bool:
    """The definition: a move is a near-duplicate of the moves chosen ``before`` it when its piece is
    already on :data:`PER_PIECE` stones, or it is on a bare stone and so is an earlier move of its piece."""
    piece, bare = move
    if piece is None:
        return False
    same = [b for p, b in before if p == piece]
    return len(same) >= PER_PIECE or (bare and any(same))


@settings(max_examples=200, deadline=None)
@given(moves=st.lists(st.tuples(st.one_of(st.none(), st.integers(0, 4)), st.booleans()), max_size=30), width=st.integers(1, 12))
def test_diverse_keeps_the_first_moves_that_are_not_near_duplicates(moves: list[tuple[int | None, bool]], width: int) -> None:
    indexed = list(enumerate(moves))
    chosen = diverse(indexed, width, lambda m: m[1][0], lambda m: m[1][1])
    expected: list[tuple[int, tuple[int | None, bool]]] = []
    for k, move in indexed:  # the slow twin: walk the moves, keep each one the rule allows, stop at width
        if len(expected) < width and not _breaks_the_rule(move, [m for _, m in expected]):
            expected.append((k, move))
    assert chosen == (expected or indexed[:width])
