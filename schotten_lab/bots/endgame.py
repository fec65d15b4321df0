"""Exact endgames: once the clan deck is empty the base game is one of perfect information.

With no deck, the viewer pool ``U_v`` is exactly the opponent's hand, so both hands are known and
the game can be solved. :func:`solve` is negamax with alpha-beta on values in {-1, 0, +1} (loss,
stalled game, win, for the player to move) and a transposition table. The key holds each side's
cards as a set (a bit mask) plus who completed each stone first: placement order matters only for
that tie-break, so positions reached in different orders share an entry. Hands need no key: with
the deck empty, a hand is the root hand minus the cards its owner has placed since.

Claims: every provable stone is claimed at once (in stone order, stopping at a win). In the base
game a proved claim can never be lost, and claiming closes the stone to the opponent only (the
claimant's side is already complete). That removes options from the opponent, but it can also take
away the last legal placement and turn a forced dump into a pass, so "claiming at once never
hurts" is not obvious; ``tests/bots/test_endgame.py`` compares it with a minimax that tries every
subset of claims, on random small endgames.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .sim import Sim, placement_score

WIN, STALL, LOSS = 1, 0, -1
EXACT, LOWER, UPPER = 0, 1, 2


class SolveTimeout(Exception):
    """The solver ran past its deadline (the position is too big for the budget)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact value of an endgame for the player to move, and a best move (``(-1, -1)`` = pass)."""

    value: int
    move: tuple[int, int]
    nodes: int


def moves_of(sim: Sim) -> list[tuple[int, int]]:
    """The mover's placements (card, stone), or ``[(-1, -1)]`` (a pass) when there is none."""
    p = sim.to_move
    stones = sim.open_stones(p)
    hand = sim.hands[p]
    if not stones or not hand:
        return [(-1, -1)]
    return [(card, stone) for card in hand for stone in stones]


def _key(sim: Sim) -> tuple[object, ...]:
    masks = []
    for side in sim.sides:
        m = 0
        for card in side:
            m |= 1 << card
        masks.append(m)
    return (tuple(masks), tuple(sim.claimed), tuple(sim.first), sim.to_move, min(sim.passes, 4))


class Solver:
    """Negamax with alpha-beta and a transposition table, with an optional wall-clock deadline."""

    def __init__(self, deadline: float | None = None, max_nodes: int | None = None) -> None:
        self.table: dict[tuple[object, ...], tuple[int, int, tuple[int, int]]] = {}
        self.nodes = 0
        self.deadline = deadline
        self.max_nodes = max_nodes

    def value(self, sim: Sim, alpha: int = LOSS, beta: int = WIN) -> int:
        """The value of ``sim`` for its mover (``sim`` is not changed)."""
        return self._search(sim, alpha, beta)[0]

    def _search(self, sim: Sim, alpha: int, beta: int) -> tuple[int, tuple[int, int]]:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SolveTimeout
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise SolveTimeout
        if sim.winner >= 0:
            return (WIN if sim.winner == sim.to_move else LOSS), (-1, -1)
        if sim.stalled():
            return STALL, (-1, -1)
        key = _key(sim)
        entry = self.table.get(key)
        hint = (-1, -1)
        if entry is not None:
            value, flag, hint = entry
            if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                return value, hint
        original_alpha = alpha
        me = sim.to_move
        moves = moves_of(sim)
        if len(moves) > 1:
            moves.sort(key=lambda m: placement_score(sim, m[0], m[1], me), reverse=True)
            if hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        best = LOSS - 1
        best_move = moves[0]
        for card, stone in moves:
            child = sim.copy()
            child.turn(card, stone)
            if child.winner >= 0:
                value = WIN if child.winner == me else LOSS
            elif child.to_move == me:  # cannot happen in the base game, kept for safety
                value = self._search(child, alpha, beta)[0]
            else:
                value = -self._search(child, -beta, -alpha)[0]
            if value > best:
                best, best_move = value, (card, stone)
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        self.table[key] = (best, flag, best_move)
        return best, best_move


def solve(sim: Sim, seconds: float | None = None) -> Solution:
    """Solve an endgame (deck empty) exactly; raise :class:`SolveTimeout` past ``seconds``."""
    if sim.deck:
        raise ValueError("solve() needs an empty deck (perfect information)")
    solver = Solver(None if seconds is None else time.perf_counter() + seconds)
    value, move = solver._search(sim, LOSS, WIN)
    return Solution(value, move, solver.nodes)


def solve_moves(
    sim: Sim,
    seconds: float | None = None,
    moves: list[tuple[int, int]] | None = None,
    *,
    max_nodes: int | None = None,
) -> list[tuple[tuple[int, int], int]]:
    """The exact value (for the mover) of every move (or of ``moves``) of an endgame, sharing one
    table; :class:`SolveTimeout` past ``seconds`` or ``max_nodes``."""
    if sim.deck:
        raise ValueError("solve_moves() needs an empty deck (perfect information)")
    solver = Solver(None if seconds is None else time.perf_counter() + seconds, max_nodes)
    me = sim.to_move
    out: list[tuple[tuple[int, int], int]] = []
    for card, stone in moves_of(sim) if moves is None else moves:
        child = sim.copy()
        child.turn(card, stone)
        if child.winner >= 0:
            value = WIN if child.winner == me else LOSS
        else:
            value = -solver.value(child)
        out.append(((card, stone), value))
    return out
