"""The strong one-ply heuristic of the tactics variant, ``greedy-tactics``: the base game's strong
``greedy`` (:mod:`.greedy`) extended to elite troops, combat modes and ruses.

It plays the best play by the one-ply judgement :func:`~.tactics_judge.play_score` (a win by its
claims first, then the stones it can prove, then the best formation still reachable on the stone
played on, dumps last, combat modes and ruses by how far they turn the stones towards it), ties
broken at random (``seed``).

It claims every stone it can prove (as the rules time claims), draws from the tactics deck when its
hand holds no tactics card (else from the clan deck), and after a Headhunter puts back the cards it
values least (:func:`~.tactics_policy.keep_value`). In the base game it is ``greedy``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from ..core.position import Position
from ..game import Play, Turn
from .base import seeded_rng
from .greedy import GreedyBot
from .simple import pending_returns
from .tactics_judge import play_score
from .tactics_policy import keep_value
from .tactics_search import tactics_view_of
from .tactics_sim import TacticsSim, hand_card
from .turns import build_turn


def wanted_deck(sim: TacticsSim, player: int) -> str:
    """The deck drawn from: tactics when ``player`` holds no tactics card, else clan."""
    return "tactics" if not any(c >= 54 for c in sim.hands[player]) else "clan"


class TacticsGreedyBot:
    """The strong one-ply heuristic of the tactics variant (see the module); ``seed`` breaks ties."""

    name = "greedy-tactics"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng: random.Random = seeded_rng(seed)
        self._base = GreedyBot(seed)

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        if not observation.rules.tactics:
            return self._base.decide(observation, history)
        returns = pending_returns(observation)
        view = tactics_view_of(observation)
        sim = view.neutral()  # the hidden cards in some order: only the table and the hand are read
        if returns is not None:
            return Turn(observation.to_move, put_back=put_back(sim, view.me, list(view.hand), returns))
        turn = build_turn(observation, lambda position, plays: self.choose(position, plays), self.rng)
        if turn.deck is None or observation.deck == 0 or observation.tactics_deck == 0:
            return turn  # no choice of deck
        return replace(turn, deck=wanted_deck(sim, view.me))

    def choose(self, position: Position, plays: Sequence[Play]) -> Play:
        """The best-scoring play (ties at random)."""
        view = tactics_view_of(position)
        sim = view.neutral()
        best: list[Play] = []
        best_score: int | None = None
        for play in plays:
            score = play_score(sim, play)
            if best_score is None or score > best_score:
                best, best_score = [play], score
            elif score == best_score:
                best.append(play)
        return self.rng.choice(best)

    def __repr__(self) -> str:
        return f"TacticsGreedyBot(seed={self.seed!r})"


def put_back(sim: TacticsSim, player: int, hand: Sequence[int], returns: int) -> tuple[str, ...]:
    """After a Headhunter: the ``returns`` hand cards of least :func:`~.tactics_policy.keep_value`
    (the first such choice in card order)."""
    value = {c: keep_value(sim, player, c) for c in set(hand)}
    choice = min(combinations(sorted(hand), returns), key=lambda c: sum(value[x] for x in c), default=())
    return tuple(str(hand_card(c)) for c in choice)


__all__ = ["TacticsGreedyBot", "put_back", "wanted_deck"]
