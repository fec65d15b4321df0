"""Remaining-card probabilities for one viewer (docs/ANALYSIS.md §2), exact.

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
from ..core.location import Location, Place
from ..core.position import Position
from ..core.errors import AnalysisError
from ..core.rules import Player
from ..core.tactics import TACTICS_NAMES
from .common import check_count, check_player, check_position

ZERO, ONE = Fraction(0), Fraction(1)
UNSEEN = Location(Place.UNSEEN)


def draws_left(position: Position, player: Player | str) -> int:
    """Draws ``player`` still gets from the clan deck: the player to move draws first, so ⌈d/2⌉,
    the other ⌊d/2⌋. (Tactics variant: assuming both players keep drawing from the clan deck.)"""
    check_position(position)
    player = check_player(player)
    d = position.deck
    return (d + 1) // 2 if player is position.to_move else d // 2


@dataclass(frozen=True, slots=True)
class CardChance:
    """Where one card is, as the viewer sees it, and the exact chances of the hidden places.

    For a tactics card (``card`` is its name) the chances are those of one unseen copy, and
    ``copies`` counts the unseen copies.
    """

    card: Card | str
    where: Location
    """Where the card is as the viewer sees it (``UNSEEN`` when hidden); its text is the old English form."""
    p_opponent_hand: Fraction
    p_deck: Fraction
    p_draw: Fraction
    """Probability that the viewer draws it within the requested number of draws."""
    copies: int = 1

    @property
    def unseen(self) -> bool:
        return self.where.kind is Place.UNSEEN

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "card": str(self.card),
            "where": self.where,
            "p_opponent_hand": float(self.p_opponent_hand),
            "p_deck": float(self.p_deck),
            "p_draw": float(self.p_draw),
        }
        if isinstance(self.card, str):
            out["copies"] = self.copies
        return out


def card_probabilities(
    position: Position, viewer: Player | str, draws: int | None = None
) -> tuple[CardChance, ...]:
    """All 54 clan cards, in index order, seen by ``viewer``.

    ``draws`` is the number of the viewer's next draws to consider (default: every draw left).
    An unseen card lies in the deck, or in a hand the viewer cannot see: the opponent's, and the
    viewer's own when it is unknown (a spectator). With ``C`` unseen clan cards and ``d`` in the
    deck, ``C - d`` of them are in those hands, spread over their slots in proportion to the hand
    sizes. (In the base game with the viewer's hand known this is ``h / |U_v|`` of docs/ANALYSIS.md §2;
    in the tactics variant the rest of the hands' slots hold tactics cards.)
    """
    check_position(position)
    viewer = check_player(viewer, "viewer")
    if draws is not None:
        check_count(draws, "draws")
    pool = position.viewer_pool(viewer)
    size = popcount(pool)
    m = draws_left(position, viewer) if draws is None else min(draws, draws_left(position, viewer))
    in_pool = _hidden_chances(position, viewer, size, position.deck, m)
    own = mask_of(position.clan_hand(viewer) or ())
    out = []
    for c in CARDS:
        if pool >> c.index & 1:
            out.append(CardChance(c, UNSEEN, *in_pool))
        elif own >> c.index & 1:
            out.append(CardChance(c, Location.in_hand(viewer), ZERO, ZERO, ZERO))
        else:
            out.append(CardChance(c, position.locate(c), ZERO, ZERO, ZERO))
    return tuple(out)


def _hidden_chances(
    position: Position, viewer: Player, unseen: int, deck: int, draws: int
) -> tuple[Fraction, Fraction, Fraction]:
    """(P(opponent's hand), P(deck), P(drawn)) of one unseen card among ``unseen`` of its kind."""
    if unseen == 0:
        return ZERO, ZERO, ZERO
    hidden_slots = position.hand_sizes[viewer.opponent]
    if position.hands[viewer] is None:
        hidden_slots += position.hand_sizes[viewer]
    in_hands = Fraction(unseen - deck, unseen)
    opp = in_hands * Fraction(position.hand_sizes[viewer.opponent], hidden_slots) if hidden_slots else ZERO
    return opp, Fraction(deck, unseen), Fraction(draws, unseen)


def tactics_probabilities(position: Position, viewer: Player | str) -> tuple[CardChance, ...]:
    """Tactics variant: for each tactics card name, where its copies are and the chances of an unseen copy.

    ``p_draw`` is the chance the viewer draws a given unseen copy if both players keep drawing from
    the tactics deck (the viewer then gets ⌈t/2⌉ of its ``t`` cards when to move, else ⌊t/2⌋).
    """
    check_position(position)
    viewer = check_player(viewer, "viewer")
    if not position.rules.tactics:
        return ()
    left = position.tactics_left().counts
    own = [c for c in position.hands[viewer] or () if isinstance(c, str)]
    unseen_by_name = {n: left[n] - own.count(n) for n in TACTICS_NAMES}
    total_unseen = sum(unseen_by_name.values())
    t = position.tactics_deck
    m = (t + 1) // 2 if viewer is position.to_move else t // 2
    chances = _hidden_chances(position, viewer, total_unseen, t, m)
    out = []
    for name in TACTICS_NAMES:
        copies = unseen_by_name[name]
        if copies > 0:
            out.append(CardChance(name, UNSEEN, *chances, copies=copies))
        elif own.count(name):
            out.append(CardChance(name, Location.in_hand(viewer), ZERO, ZERO, ZERO, copies=0))
        else:
            out.append(CardChance(name, Location(Place.PLAYED), ZERO, ZERO, ZERO, copies=0))
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
