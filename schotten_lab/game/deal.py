"""Seeded deals: the one convention every part of the project (and the numba kernel) shares.

``rng = numpy.random.default_rng([seed, index])``; ``clan = rng.permutation(54)`` over card indices
(:class:`~schotten_lab.core.cards.Card` index order: colour R B G Y P N, then value 1-9). With the hand
size ``h`` (6 base, 7 tactics): south's hand is ``clan[0:h]``, north's ``clan[h:2h]``, the clan deck
``clan[2h:]`` top first. Tactics variant only, then ``rng.permutation(10)`` over
:data:`TACTICS_DECK_ORDER` gives the tactics deck, top first.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.cards import CARDS, Card
from ..core.rules import Player, RuleSet, Variant
from ..core.tactics import TACTICS_COPIES

TACTICS_DECK_ORDER: tuple[str, ...] = tuple(TACTICS_COPIES.elements())
"""The ten tactics cards in the fixed order the deal permutes:
JOKER, JOKER, SPY, SHIELD, BLIND, MUD, HEADHUNTER, STRATEGIST, BANSHEE, TRAITOR."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The starting hands and both decks in draw order (top first).

    In a record seen from one seat an unknown card is ``None`` (and a whole unknown hand or deck is a
    tuple of ``None`` of the right length).
    """

    variant: Variant
    south: tuple[Card | None, ...]
    north: tuple[Card | None, ...]
    clan: tuple[Card | None, ...]
    tactics: tuple[str | None, ...] = ()

    def hand(self, player: Player) -> tuple[Card | None, ...]:
        return self.south if player is Player.SOUTH else self.north

    @property
    def complete(self) -> bool:
        """Every card known (a full-information deal)."""
        return None not in self.south + self.north + self.clan and None not in self.tactics


def deal(seed: int, index: int = 0, variant: str = "base") -> Deal:
    """The seeded deal number ``index`` of series ``seed`` (see the module docstring)."""
    rules = RuleSet(variant)  # type: ignore[arg-type]  # RuleSet checks the name
    rng = np.random.default_rng([seed, index])
    clan = [CARDS[i] for i in rng.permutation(54).tolist()]
    h = rules.hand_limit
    tactics: tuple[str, ...] = ()
    if rules.tactics:
        tactics = tuple(TACTICS_DECK_ORDER[i] for i in rng.permutation(10).tolist())
    return Deal(rules.variant, tuple(clan[:h]), tuple(clan[h : 2 * h]), tuple(clan[2 * h :]), tactics)
