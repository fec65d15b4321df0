"""The exact endgame solver against plain minimax twins on random small endgames."""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, assume, given
from hypothesis import strategies as st

from advisor_games import endgame
from helpers import profile
from schotten_lab.bots.determinize import observation
from schotten_lab.bots.endgame import MATE, moves_of, outcome, score_of, solve, solve_moves
from schotten_lab.bots.sim import Sim, winner_of
from schotten_lab.core.cards import CARDS, Card
from schotten_lab.core.rules import PLAYERS
from schotten_lab.game import GameState, apply_turn, state_from_position


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


@given(st.integers(0, 10**6), st.integers(1, 3), st.booleans())
@profile(60)
def test_solver_equals_plain_minimax(seed: int, cards: int, expert: bool) -> None:
    sim = endgame(seed, cards, expert)
    if sim is None:
        return
    assert solve(sim).value == minimax(sim)
    for (card, stone), value, _ in solve_moves(sim):
        child = sim.copy()
        child.turn(card, stone)
        twin = (1 if child.winner == sim.to_move else -1) if child.winner >= 0 else -minimax(child)
        assert value == twin


@given(st.integers(0, 10**6), st.integers(1, 3))
@profile(40, HealthCheck.filter_too_much)
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


# ---- the distance twin: the engine's own rules -------------------------------------------------


def state_of(sim: Sim) -> GameState:
    """The engine's game state of a search state, both hands known (the deck is empty)."""
    position = observation(sim, sim.to_move)
    other = PLAYERS[1 - sim.to_move]
    return state_from_position(position.with_hand(other, [CARDS[c] for c in sim.hands[1 - sim.to_move]]))


def engine_turns(state: GameState) -> list[dict[str, object]]:
    """Every turn of the mover as a bot decision: each legal play (or a pass when there is none),
    with every stone it can prove then claimed (the expert variant claims at the start of the turn)."""
    plays = state.legal_plays() or (None,)
    turns = []
    for play in plays:
        claims = state.claimable() if state.expert else state.claims_after(play)
        turns.append({"player": state.to_move.value, "play": None if play is None else play.to_dict(), "claim": list(claims)})
    return turns


def engine_minimax(state: GameState, passes: int = 0) -> tuple[int, int | None]:
    """Plain minimax over :func:`~schotten_lab.game.apply_turn`: (value for the mover, turns to the
    end), the quickest win, the longest loss, a stall (``blocked``, or four passes in a row) 0 with
    no distance. No pruning, no table, no search code of the bots."""
    best: tuple[int, int | None] | None = None
    for turn in engine_turns(state):
        after, _ = apply_turn(state, turn)
        if after.winner is not None:
            result: tuple[int, int | None] = (1 if after.winner is state.to_move else -1, 1)
        elif after.over or (turn["play"] is None and passes + 1 >= 4):
            result = (0, None)
        else:
            value, turns = engine_minimax(after, passes + 1 if turn["play"] is None else 0)
            result = (-value, None if turns is None else turns + 1)
        if best is None or _better(result, best):
            best = result
    assert best is not None
    return best


def _better(a: tuple[int, int | None], b: tuple[int, int | None]) -> bool:
    """Whether outcome ``a`` is better than ``b`` for the mover: a higher value, then a quicker win
    or a longer loss."""
    return score_of(*a) > score_of(*b)


@given(st.integers(0, 10**6), st.integers(1, 3), st.booleans())
@profile(40, HealthCheck.filter_too_much)
def test_the_distance_to_the_end_equals_an_engine_minimax(seed: int, cards: int, expert: bool) -> None:
    """The solver's value and turns to the end of every move equal a plain minimax that plays the
    engine's ``apply_turn`` (small random endgames, both variants)."""
    sim = endgame(seed, cards, expert)
    assume(sim is not None)
    assert sim is not None
    state = state_of(sim)
    solution = solve(sim)
    assert (solution.value, solution.turns) == engine_minimax(state, sim.passes)
    by_move = {move: (value, turns) for move, value, turns in solve_moves(sim)}
    for turn in engine_turns(state):
        after, _ = apply_turn(state, turn)
        play = turn["play"]
        move = (-1, -1) if play is None else (Card.parse(play["card"]).index, play["stone"] - 1)  # type: ignore[index]
        if after.winner is not None:
            twin: tuple[int, int | None] = (1 if after.winner is state.to_move else -1, 1)
        elif after.over:
            twin = (0, None)
        else:
            value, turns = engine_minimax(after, sim.passes + 1 if play is None else 0)
            twin = (-value, None if turns is None else turns + 1)
        assert by_move[move] == twin


@given(st.integers(-MATE + 1, MATE - 1))
@profile(50)
def test_outcome_and_score_are_inverse(score: int) -> None:
    value, turns = outcome(score)
    assert score_of(value, turns) == score and (turns is None) == (score == 0)
