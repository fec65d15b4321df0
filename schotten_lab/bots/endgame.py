"""Exact endgames: once the clan deck is empty the base game is one of perfect information.

With no deck, the viewer pool ``U_v`` is exactly the opponent's hand, so both hands are known and
the game can be solved. :func:`solve` is negamax with alpha-beta and a transposition table on
**distance-aware** values, as a chess engine scores mates: a win in ``n`` turns (counting both
players' turns, this one included) scores ``MATE - n``, a loss in ``n`` turns ``-(MATE - n)``, a
stalled game 0, all for the player to move. So among winning moves the quickest win is the best
(a move that wins at once, ``n = 1``, above all), and among losing ones the longest resistance.
:func:`outcome` turns a score back into a value in {-1, 0, +1} (loss, stall, win) and the turns to
the end. The key holds each side's cards as a set (a bit mask) plus who completed each stone
first: placement order matters only for that tie-break, so positions reached in different orders
share an entry (a score counts turns from the node it was stored at, so it holds for every path
there). Hands need no key: with the deck empty, a hand is the root hand minus the cards its owner
has placed since.

Claims: every provable stone is claimed at once (in stone order, stopping at a win). In the base
game a proved claim can never be lost, and claiming closes the stone to the opponent only (the
claimant's side is already complete). That removes options from the opponent, but it can also take
away the last legal placement and turn a forced dump into a pass, so "claiming at once never
hurts" is not obvious; ``tests/bots/test_endgame.py`` compares it with a minimax that tries every
subset of claims, on random small endgames (for the win/stall/loss value; the distances are
compared with a plain minimax over the engine's own ``apply_turn``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .sim import Sim, placement_score

WIN, STALL, LOSS = 1, 0, -1
EXACT, LOWER, UPPER = 0, 1, 2
MATE = 1000
"""The score of a win "in 0 turns": a win in ``n`` turns scores ``MATE - n`` (``n`` is far below it)."""
INFINITE = MATE + 1


class SolveTimeout(Exception):
    """The solver ran past its deadline (the position is too big for the budget)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact value of an endgame for the player to move (-1, 0, +1), the turns to the end under
    best play (``None`` for a stalled game), a best move (``(-1, -1)`` = pass), the nodes searched."""

    value: int
    move: tuple[int, int]
    nodes: int
    turns: int | None = None


def outcome(score: int) -> tuple[int, int | None]:
    """A distance-aware score as (value for the mover in {-1, 0, +1}, turns to the end or ``None``)."""
    if score > 0:
        return WIN, MATE - score
    if score < 0:
        return LOSS, MATE + score
    return STALL, None


def score_of(value: int, turns: int | None) -> int:
    """The distance-aware score of a value won or lost in ``turns`` turns (the inverse of :func:`outcome`)."""
    if value == STALL or turns is None:
        return 0
    return value * (MATE - turns)


def _back(child: int) -> int:
    """The mover's score from its reply's score (seen by the opponent): negated, one turn further."""
    v = -child
    return v - 1 if v > 0 else v + 1 if v < 0 else 0


def _forward(bound: int) -> int:
    """The child's bound for the mover's ``bound`` (the inverse of :func:`_back`, clamped)."""
    if bound >= INFINITE or bound <= -INFINITE:
        return -bound
    return -(bound + 1) if bound > 0 else -(bound - 1) if bound < 0 else 0


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


def _ended(child: Sim, me: int) -> int:
    """The score, for ``me`` who just moved, of a turn that ended the game with a winner: at once."""
    return MATE - 1 if child.winner == me else -(MATE - 1)


class Solver:
    """Negamax with alpha-beta on distance-aware scores and a transposition table, with an optional
    wall-clock deadline and node budget."""

    def __init__(self, deadline: float | None = None, max_nodes: int | None = None) -> None:
        self.table: dict[tuple[object, ...], tuple[int, int, tuple[int, int]]] = {}
        self.nodes = 0
        self.deadline = deadline
        self.max_nodes = max_nodes

    def score(self, sim: Sim) -> int:
        """The distance-aware score of ``sim`` for its mover (``sim`` is not changed)."""
        return self._search(sim, -INFINITE, INFINITE)[0]

    def best_move(self, sim: Sim) -> tuple[int, int]:
        """A best move of ``sim``'s mover (the quickest win, else the longest resistance)."""
        return self._search(sim, -INFINITE, INFINITE)[1]

    def value(self, sim: Sim) -> int:
        """The value of ``sim`` for its mover in {-1, 0, +1} (``sim`` is not changed)."""
        return outcome(self.score(sim))[0]

    def _search(self, sim: Sim, alpha: int, beta: int) -> tuple[int, tuple[int, int]]:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SolveTimeout
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise SolveTimeout
        if sim.winner >= 0:  # only at a root handed over finished: no turn left to play
            return (MATE if sim.winner == sim.to_move else -MATE), (-1, -1)
        if sim.stalled():
            return 0, (-1, -1)
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
        best = -INFINITE
        best_move = moves[0]
        for card, stone in moves:
            child = sim.copy()
            child.turn(card, stone)
            if child.winner >= 0:
                value = _ended(child, me)
            else:
                value = _back(self._search(child, _forward(beta), _forward(alpha))[0])
            if value > best:
                best, best_move = value, (card, stone)
            if best > alpha:
                alpha = best
            if alpha >= beta or best == MATE - 1:  # nothing beats a win at once
                break
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        self.table[key] = (best, flag, best_move)
        return best, best_move


def solve(sim: Sim, seconds: float | None = None) -> Solution:
    """Solve an endgame (deck empty) exactly; raise :class:`SolveTimeout` past ``seconds``."""
    if sim.deck:
        raise ValueError("solve() needs an empty deck (perfect information)")
    solver = Solver(None if seconds is None else time.perf_counter() + seconds)
    score, move = solver._search(sim, -INFINITE, INFINITE)
    value, turns = outcome(score)
    return Solution(value, move, solver.nodes, turns)


def solve_moves(
    sim: Sim,
    seconds: float | None = None,
    moves: list[tuple[int, int]] | None = None,
    *,
    max_nodes: int | None = None,
) -> list[tuple[tuple[int, int], int, int | None]]:
    """Every move (or each of ``moves``) of an endgame with its exact value for the mover (-1, 0,
    +1) and the turns to the end under best play, this move's included (1: it ends the game; ``None``
    for a stall); one table shared. :class:`SolveTimeout` past ``seconds`` or ``max_nodes``."""
    if sim.deck:
        raise ValueError("solve_moves() needs an empty deck (perfect information)")
    solver = Solver(None if seconds is None else time.perf_counter() + seconds, max_nodes)
    me = sim.to_move
    out: list[tuple[tuple[int, int], int, int | None]] = []
    for card, stone in moves_of(sim) if moves is None else moves:
        child = sim.copy()
        child.turn(card, stone)
        score = _ended(child, me) if child.winner >= 0 else _back(solver.score(child))
        out.append(((card, stone), *outcome(score)))
    return out
