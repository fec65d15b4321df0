"""The strong one-ply heuristic of the tactics variant, ``greedy-tactics``: the base game's strong
``greedy`` (:mod:`.greedy`) extended to elite troops, combat modes and ruses.

For each legal play it scores the table the play leaves, from the mover's seat, on the search's
state (:mod:`.tactics_sim`; only the table, the discard pile and the mover's hand are read):

1. a play after which the mover's provable claims win the game scores above everything;
2. then :data:`CLAIM_SCORE` for each stone the mover can prove after it;
3. a clan card or an elite troop: the strength (rank, then sum) of the **best formation still
   reachable** on the mover's side of that stone with live cards (those on no stone and in no
   discard pile), troops at their best identities (the rules kernel's
   :func:`~schotten_lab.core.kernel.side_best`); a **dump** on a stone the opponent has already won
   scores below every other placement, the lowest card first; a troop that does not complete its
   side gives up :data:`TROOP_COST` (it is worth more where it completes one);
4. a combat mode or a ruse: :data:`SWING_SCORE` for each step the stones lean towards the mover
   (:func:`~.tactics_policy.balance` over all stones, after against before); one that moves nothing
   is a last resort, below the dumps;
5. Headhunter: :data:`HEADHUNTER_SCORE` (above a poor placement only);
6. ties broken at random (``seed``).

It claims every stone it can prove (as the rules time claims), draws from the tactics deck when its
hand holds no tactics card (else from the clan deck), and after a Headhunter puts back the cards it
values least (:func:`~.tactics_search.keep_value`). In the base game it is ``greedy``.
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
from .sim import FULL, winner_of
from .simple import pending_returns
from .tactics_policy import balance
from .tactics_search import keep_value, tactics_view_of
from .tactics_sim import BLIND, TacticsSim, card_code, hand_card, side_value
from .turns import build_turn

WIN_SCORE = 10**7
"""A play whose claims win the game."""
CLAIM_SCORE = 10**4
"""A stone the mover can prove after the play (above any formation's strength)."""
DUMP_SCORE = -(10**4)
"""A card placed on a stone the opponent has already won (below any other placement)."""
SWING_SCORE = 600
"""A combat mode or a ruse: each step of lean it gains (above any placement's formation)."""
IDLE_SCORE = 2 * DUMP_SCORE
"""A combat mode or a ruse that moves no stone's lean: only when nothing else is legal."""
TROOP_COST = 150
"""What an elite troop that does not complete its side gives up (kept for a completion)."""
HEADHUNTER_SCORE = 300
"""Headhunter: better than a placement whose best reachable formation is a sum (1xx) or a poor run."""


def play_score(sim: TacticsSim, play: Play) -> int:
    """The heuristic score of the mover making ``play`` in ``sim`` (see the module); ``sim`` is not
    changed (a Headhunter is scored without drawing)."""
    if play.card == "HEADHUNTER":
        return HEADHUNTER_SCORE
    me = sim.to_move
    child = sim.copy()
    child.apply_play(play)
    claims = [i for i in range(9) if child.can_claim(i, me)]
    claimed = list(child.claimed)
    for i in claims:
        claimed[i] = me
    if winner_of(claimed) == me:
        return WIN_SCORE
    score = CLAIM_SCORE * len(claims)
    if play.kind not in ("clan", "troop"):
        stones = list(range(9))
        gain = balance(child, me, stones) - balance(sim, me, stones)
        return score + (SWING_SCORE * gain if gain > 0 else IDLE_SCORE)
    assert play.stone is not None
    stone = play.stone - 1
    if stone in claims:
        return score
    capacity = child.capacity(stone)
    blind = bool(child.modes[stone] & BLIND)
    side = child.sides[2 * stone + me]
    theirs = child.sides[2 * stone + 1 - me]
    live = FULL & ~child.gone
    mine = side_value(side, capacity, blind, live)
    code = card_code(play.card)
    if len(theirs) >= capacity:
        beaten = side_value(theirs, capacity, blind, 0)
        if mine < beaten or (mine == beaten and child.first_complete(stone) == 1 - me):
            return score + DUMP_SCORE - (code % 9 if code < 54 else 9)  # lost there already
    if code >= 54 and len(side) < capacity:
        return score + mine - TROOP_COST
    return score + mine


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
    """After a Headhunter: the ``returns`` hand cards of least :func:`~.tactics_search.keep_value`
    (the first such choice in card order)."""
    value = {c: keep_value(sim, player, c) for c in set(hand)}
    choice = min(combinations(sorted(hand), returns), key=lambda c: sum(value[x] for x in c), default=())
    return tuple(str(hand_card(c)) for c in choice)


__all__ = ["CLAIM_SCORE", "DUMP_SCORE", "IDLE_SCORE", "SWING_SCORE", "TacticsGreedyBot", "WIN_SCORE", "play_score", "put_back"]
