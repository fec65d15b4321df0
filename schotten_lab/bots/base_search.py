"""The base game and its expert variant as a :class:`~.search_game.SearchGame`: what the one search
(:func:`.search_game.advise_game`) needs of them.

A move is a placement ``(card index, stone 0-8)``, ``(-1, -1)`` a pass; the turn's claims are not
searched (the mover claims every stone it can prove: after the placement in the base game, first in
the expert variant). The candidates are ordered by the moves that claim, then the placement heuristic
(:func:`ordered_moves`); the searched ones are the ``width`` most promising by the strong one-ply
heuristic (:func:`promising`), near-duplicates skipped (:func:`diverse`). The hidden cards are dealt
and the moves played out in batches by the rollout kernel (:meth:`BaseGame.play`, the one place where
the sampler and the rollouts meet); once the clan deck is empty the game is one of perfect
information and :mod:`.endgame` solves it. The reasons are :mod:`.move_facts`'s.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import CARDS, Card
from ..core.position import Position
from ..core.words import Facts
from ..game import Turn
from .advice import Batch, MoveAdvice, Result, score
from .determinize import View, sample, view_of
from .endgame import SolveTimeout, solve_moves
from .move_facts import move_facts
from .rollouts import DEFAULT_POLICY, EXPLORE, Rollouts, placement_values, playout_cost, worth_compiling
from .search_game import SEARCH_WIDTH as SEARCH_WIDTH, diverse as diverse_moves
from .sim import Sim, placement_score, rollout

Move = tuple[int, int]
"""A placement ``(card index, stone 0-8)``; ``(-1, -1)`` a pass."""
ENDGAME_NODES_PER_ROLLOUT = 200
"""With an ``iterations`` budget, the endgame solver's node budget per iteration (reproducible)."""


def candidate_moves(view: View) -> list[Move]:
    """Every placement (card, stone 0-8) of the mover, or a pass ``(-1, -1)`` when there is none
    (or when, in the expert variant, the turn's claims already win the game)."""
    start = view.deal(list(view.hidden))
    if view.expert:
        start.claim_all(view.me)
        if start.winner >= 0:
            return [(-1, -1)]
    stones = start.open_stones(view.me)
    if not stones or not view.hand:
        return [(-1, -1)]
    return [(card, stone) for card in view.hand for stone in stones]


def ordered_moves(view: View) -> tuple[list[Move], dict[Move, list[int]]]:
    """The candidate moves, most promising first (moves that claim, then by the placement
    heuristic), and the stones (0-based) each one claims: claims depend on the table only."""
    moves = candidate_moves(view)
    base = view.deal(list(view.hidden))
    me = view.me
    claims: dict[Move, list[int]] = {}
    for move in moves:
        claims[move] = base.copy().turn(*move)
    if len(moves) > 1:
        moves.sort(key=lambda m: (len(claims[m]), placement_score(base, m[0], m[1], me)), reverse=True)
    return moves, claims


def promising(view: View, moves: list[Move], compiled: bool | None = None) -> list[Move]:
    """``moves`` most promising first by the strong one-ply heuristic (:func:`.greedy.placement_value`,
    from the mover's seat: a win, the stones proved, the best formation still reachable), ties in
    the given order: the moves the Monte Carlo search tries. ``compiled``: the rollout kernel's path
    (by default compiled once it is loaded; the same values either way)."""
    if len(moves) < 2:
        return moves
    values = placement_values(view.deal(list(view.hidden)), moves, worth_compiling(None, 0.0) if compiled is None else compiled)
    rank = {move: k for k, move in enumerate(moves)}
    return sorted(moves, key=lambda m: (-values[rank[m]], rank[m]))


def diverse(view: View, moves: list[Move], width: int) -> list[Move]:
    """:func:`.search_game.diverse` on placements: the first ``width`` of ``moves``, no card on more
    than 3 stones, one card on several bare stones (both sides empty) once."""
    return diverse_moves(
        moves, width, lambda m: None if m[0] < 0 else m[0], lambda m: not view.sides[2 * m[1]] and not view.sides[2 * m[1] + 1]
    )


def play_out(deal: Sim, move: Move, me: int, rng: random.Random) -> float:
    """``move`` on a copy of ``deal``, then the heuristic rollout: the game's value for ``me``."""
    sim = deal.copy()
    sim.turn(*move)
    return score(sim.winner if sim.winner >= 0 else rollout(sim, rng), me)


def explain(position: Position, view: View, move: Move, claims: Sequence[int], lang: str = "en", *, deep: bool = False) -> str:
    """Why a move is interesting, in words (:func:`explain_facts` rendered in ``lang``): by default
    the cheap facts (claims it makes, the formation it builds or completes, what the opponent would
    need to beat it, seen from the mover's seat: :func:`~.move_facts.beat_fact`); ``deep`` adds what
    it does to the opponent (:mod:`.move_facts`)."""
    return explain_facts(position, view, move, claims, deep=deep).in_words(lang)


def explain_facts(position: Position, view: View, move: Move, claims: Sequence[int], *, deep: bool = True) -> Facts:
    """The exact before/after facts of a move (``(card index, stone 0-8)``, ``(-1, -1)`` a pass) and
    its claims (stones 0-8), from the mover's seat: :func:`~.move_facts.move_facts`."""
    card, stone = move
    after = view.deal(list(view.hidden))
    after.turn(*move)
    wins = after.winner == view.me
    return move_facts(
        position, None if card < 0 else CARDS[card], None if card < 0 else stone + 1, [s + 1 for s in claims], wins, deep=deep
    )


def base_move(turn: Turn) -> Move:
    """A (checked) turn's placement as the search's ``(card index, stone 0-8)``; a pass is ``(-1, -1)``."""
    if turn.play is None or turn.play.stone is None:
        return (-1, -1)
    return (Card.parse(turn.play.card).index, turn.play.stone - 1)


class BaseGame:
    """The base game (and expert variant) seen by ``position``'s player to move, as the one search
    plays it (:class:`~.search_game.SearchGame`): ``width`` moves searched, rollouts by ``policy``
    with ``explore`` random placements, on the compiled kernel when ``compiled``, the hidden cards
    dealt by what the opponent's plays in ``history`` say (:mod:`.inference`; uniform without), and
    with ``lookahead`` the mover's next turn searched among that many placements in every play-out
    (:func:`.lookahead_kernel.lookahead_batch`; 0: plain play-outs)."""

    method = "Monte Carlo over deals"
    costly_reasons = False

    def __init__(
        self, position: Position, *, width: int = SEARCH_WIDTH, policy: str = DEFAULT_POLICY, explore: float = EXPLORE,
        compiled: bool = False, history: Sequence[Turn | Mapping[str, Any]] | None = None, lookahead: int = 0,
    ) -> None:  # fmt: skip
        self.position = position
        self.lookahead = lookahead
        self.history = history
        self.view = view_of(position)
        self.me = self.view.me
        self.width = width
        self.policy = policy
        self.explore = explore
        self.compiled = compiled
        self._table = self.view.deal(list(self.view.hidden))  # for what rests on the table alone
        self._rollouts: Rollouts | None = None

    @property
    def playout_cost(self) -> int:
        """The rollouts one play-out of :meth:`play` plays (:func:`.rollouts.playout_cost`)."""
        return playout_cost(self.lookahead)

    @property
    def measure_cost(self) -> int:
        """The rollouts one play-out of :meth:`measure` plays."""
        return playout_cost(self.lookahead, unbiased=True)

    def moves(self) -> tuple[list[Move], dict[Move, list[int]]]:
        return ordered_moves(self.view)

    def searched(self, moves: Sequence[Move]) -> list[Move]:
        return diverse(self.view, promising(self.view, list(moves), self.compiled), max(self.width, 1))

    def winner_after(self, move: Move) -> int:
        after = self._table.copy()
        after.turn(*move)
        return after.winner

    def held(self, claims: Mapping[Move, Sequence[int]]) -> dict[Move, int]:
        holding = sum(owner == self.me for owner in self.view.claimed)
        return {move: holding + len(made) for move, made in claims.items()}

    def solve(self, moves: Sequence[Move], deadline: float, iterations: int | None) -> tuple[dict[Move, Result], dict[Move, int | None]] | None:
        """The exact endgame once the clan deck is empty: on the clock half the time left (the rest
        for Monte Carlo if it fails), with ``iterations`` a node budget
        (:data:`ENDGAME_NODES_PER_ROLLOUT` each), so the answer does not depend on the machine's load."""
        if self.view.deck_size:
            return None
        if iterations is None:
            left, nodes = max(0.5 * (deadline - time.perf_counter()), 0.05), None
        else:
            left, nodes = None, ENDGAME_NODES_PER_ROLLOUT * iterations
        results: dict[Move, Result] = {}
        turns: dict[Move, int | None] = {}
        try:
            for move, value, ends in solve_moves(self.view.deal(list(self.view.hidden)), left, list(moves), max_nodes=nodes):
                results[move] = ((value + 1) / 2, None, 0)
                turns[move] = ends
        except SolveTimeout:
            return None
        return results, turns

    def deal(self, rng: random.Random) -> Sim:
        return sample(self.view, rng)

    def play_out(self, state: Sim, move: Move, rng: random.Random) -> float:
        return play_out(state, move, self.me, rng)

    def play(self, moves: Sequence[Move], deals: int, seed: int) -> list[list[float]]:
        """Deal the hidden cards ``deals`` times from ``seed`` and play every move out on each deal
        (the rollout kernel, :class:`~.rollouts.Rollouts`): each deal's values, one per move. The
        one place where the search's sampler and rollouts are chosen."""
        if self._rollouts is None:
            self._rollouts = Rollouts(self.view, self.policy, self.explore, self.compiled, self.history, self.lookahead)
        return self._rollouts.play(moves, deals, seed)

    def batch(self) -> Batch[Move]:
        """:meth:`play`, its kernel loaded now (before the search's clock measures its pace)."""
        if self._rollouts is None:
            self._rollouts = Rollouts(self.view, self.policy, self.explore, self.compiled, self.history, self.lookahead)
        return self.play

    def measure(self) -> Batch[Move]:
        """:meth:`play` with unbiased values (:meth:`.rollouts.Rollouts.play`): what the chosen move's
        estimate is measured with. Without a look-ahead it is :meth:`play` itself."""
        rollouts = self._rollouts or Rollouts(self.view, self.policy, self.explore, self.compiled, self.history, self.lookahead)
        self._rollouts = rollouts
        return lambda moves, deals, seed: rollouts.play(moves, deals, seed, unbiased=True)

    def facts(self, move: Move, claims: Sequence[int], deep: bool) -> Facts:
        return explain_facts(self.position, self.view, move, claims, deep=deep)

    def move_advice(self, move: Move) -> MoveAdvice:
        card, stone = move
        return MoveAdvice(None if card < 0 else CARDS[card], None if card < 0 else stone + 1, (), None, None, 0, None, "")

    def move_of(self, turn: Turn) -> Move:
        return base_move(turn)


__all__ = [
    "ENDGAME_NODES_PER_ROLLOUT", "SEARCH_WIDTH", "BaseGame", "base_move", "candidate_moves", "diverse", "explain",
    "explain_facts", "ordered_moves", "play_out", "promising",
]  # fmt: skip
