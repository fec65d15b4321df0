"""Remaining-card probabilities for one viewer (ANALYSIS.md §2), exact.

The viewer knows the table and their own hand. Each card of the viewer pool ``U_v`` (the public pool
minus the viewer's hand) is equally likely to be any of the ``|U_v|`` unseen places: ``h`` in the
opponent's hand and ``d`` in the deck. The deck is shuffled, so the viewer's next ``m`` draws are a
uniform ``m``-subset of the deck and a given card is among them with probability ``m / |U_v|``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..core.cards import CARDS, Card, mask_of, popcount
from ..core.position import Position
from ..core.rules import Player
from .common import check_player

ZERO, ONE = Fraction(0), Fraction(1)


def draws_left(position: Position, player: Player | str) -> int:
    """Draws ``player`` still gets: the player to move draws first, so ⌈d/2⌉, the other ⌊d/2⌋."""
    player = check_player(player)
    d = position.deck
    return (d + 1) // 2 if player is position.to_move else d // 2


@dataclass(frozen=True, slots=True)
class CardChance:
    """Where one card is, as the viewer sees it, and the exact chances of the hidden places."""

    card: Card
    where: str
    p_opponent_hand: Fraction
    p_deck: Fraction
    p_draw: Fraction
    """Probability that the viewer draws it within the requested number of draws."""

    @property
    def unseen(self) -> bool:
        return self.where == "unseen"

    def to_dict(self) -> dict[str, object]:
        return {
            "card": str(self.card),
            "where": self.where,
            "p_opponent_hand": float(self.p_opponent_hand),
            "p_deck": float(self.p_deck),
            "p_draw": float(self.p_draw),
        }


def card_probabilities(
    position: Position, viewer: Player | str, draws: int | None = None
) -> tuple[CardChance, ...]:
    """All 54 cards, in index order, seen by ``viewer``.

    ``draws`` is the number of the viewer's next draws to consider (default: every draw left).
    When the viewer's own hand is unknown (a spectator), their hand is a hidden place too.
    """
    viewer = check_player(viewer, "viewer")
    if draws is not None and draws < 0:
        raise ValueError(f"draws must be 0 or more, not {draws}")
    own_hand = position.hands[viewer]
    pool = position.viewer_pool(viewer)
    size = popcount(pool)
    h = position.hand_sizes[viewer.opponent]
    d = position.deck
    m = draws_left(position, viewer) if draws is None else min(draws, draws_left(position, viewer))
    in_pool = (
        (Fraction(h, size), Fraction(d, size), Fraction(m, size)) if size else (ZERO, ZERO, ZERO)
    )
    own = mask_of(own_hand or ())
    out = []
    for c in CARDS:
        if pool >> c.index & 1:
            out.append(CardChance(c, "unseen", *in_pool))
        elif own >> c.index & 1:
            out.append(CardChance(c, f"{viewer.value} hand", ZERO, ZERO, ZERO))
        else:
            out.append(CardChance(c, position.locate(c), ZERO, ZERO, ZERO))
    return tuple(out)


def hypergeometric(population: int, successes: int, draws: int, at_least: int = 1) -> Fraction:
    """P(at least ``at_least`` successes in ``draws`` draws without replacement), exactly."""
    total = math.comb(population, draws)
    if total == 0:
        return ZERO
    hits = sum(
        math.comb(successes, k) * math.comb(population - successes, draws - k)
        for k in range(at_least, min(successes, draws) + 1)
    )
    return Fraction(hits, total)
