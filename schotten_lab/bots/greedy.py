"""The strong one-ply heuristic, ``greedy``: each card where the best formation still reachable is
strongest, every provable stone claimed.

For each legal placement of the base game (and the expert variant) it scores the table the
placement leaves, from the mover's seat, with the search's fast state (:mod:`.sim`; the cards the
mover does not see are never read: only the table and its own hand count):

1. a placement after which the mover's provable claims win the game scores above everything;
2. then :data:`CLAIM_SCORE` for each stone the mover can prove after it;
3. then the stone played on: the strength (rank, then sum) of the **best formation still
   reachable** on the mover's side with live cards (the cards not on the table), or of the
   completed formation; on a stone the opponent has already won (their complete side beats
   anything the mover can still make there) the placement is a **dump**, scored below every other
   placement, the lowest card first: a card is not wasted where it cannot win, unless nothing else
   is possible;
4. ties broken at random (``seed``).

It claims every stone it can prove (as the rules time claims: after the placement, or first in the
expert variant). The tactics variant is played by the older heuristic (:class:`~.simple.WeakGreedyBot`,
``greedy-weak``): this one scores clan placements only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Card
from ..core.position import Position
from ..game import Play, Turn
from .base import seeded_rng
from .determinize import view_of
from .sim import FULL, Sim, best_completion, strength3, winner_of
from .simple import WeakGreedyBot, pending_returns
from .turns import build_turn

WIN_SCORE = 10**7
"""A placement whose claims win the game."""
CLAIM_SCORE = 10**4
"""A stone the mover can prove after the placement (above any formation's strength)."""
DUMP_SCORE = -(10**4)
"""A card placed on a stone the opponent has already won (below any other placement)."""


def placement_value(sim: Sim, card: int, stone: int) -> int:
    """The heuristic score of the mover placing ``card`` (index) on ``stone`` (0-8) in ``sim``
    (see the module); ``sim`` is not changed."""
    me = sim.to_move
    child = sim.copy()
    child.place(card, stone)
    claims = [i for i in range(9) if child.can_claim(i, me)]
    claimed = list(child.claimed)
    for i in claims:
        claimed[i] = me
    if winner_of(claimed) == me:
        return WIN_SCORE
    score = CLAIM_SCORE * len(claims)
    if stone in claims:
        return score
    side = child.sides[2 * stone + me]
    theirs = child.sides[2 * stone + 1 - me]
    live = FULL & ~child.table
    mine = strength3(*side) if len(side) == 3 else best_completion(side, live)
    if len(theirs) == 3:
        beaten = strength3(*theirs)
        first_is_theirs = child.first[stone] == 1 - me
        if mine < beaten or (mine == beaten and first_is_theirs):
            return score + DUMP_SCORE - (card % 9)  # lost there already: dump the lowest card
    return score + mine


class GreedyBot:
    """The strong one-ply heuristic (see the module); ``seed`` breaks ties reproducibly."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = seeded_rng(seed)
        self._weak = WeakGreedyBot(seed)

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        if observation.rules.tactics or pending_returns(observation) is not None:
            return self._weak.decide(observation, history)
        return build_turn(observation, self.choose, self.rng)

    def choose(self, position: Position, plays: Sequence[Play]) -> Play:
        """The best-scoring placement (ties at random)."""
        view = view_of(position)
        sim = view.deal(list(view.hidden))  # the table and the mover's hand only are read
        best: list[Play] = []
        best_score: int | None = None
        for play in plays:
            score = placement_value(sim, Card.parse(play.card).index, int(play.stone or 1) - 1)
            if best_score is None or score > best_score:
                best, best_score = [play], score
            elif score == best_score:
                best.append(play)
        return self.rng.choice(best)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed!r})"


__all__ = ["CLAIM_SCORE", "DUMP_SCORE", "GreedyBot", "WIN_SCORE", "placement_value"]
