"""The one-ply judgement of a tactics-variant play (:func:`play_score`), from the mover's seat: what
the strong heuristic ``greedy-tactics`` (:mod:`.tactics_greedy`) plays by, and what orders the
search's candidates (:mod:`.tactics_search`).

On the search's state (:mod:`.tactics_sim`; only the table, the discard pile and the mover's hand are
read):

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
5. Headhunter: :data:`HEADHUNTER_SCORE` (above a poor placement only).
"""

from __future__ import annotations

from ..game import Play
from .sim import FULL, winner_of
from .tactics_policy import balance
from .tactics_sim import BLIND, TacticsSim, card_code, side_value

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



__all__ = [
    "CLAIM_SCORE", "DUMP_SCORE", "HEADHUNTER_SCORE", "IDLE_SCORE", "SWING_SCORE", "TROOP_COST", "WIN_SCORE", "play_score",
]  # fmt: skip
