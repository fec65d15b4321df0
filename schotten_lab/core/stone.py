"""A stone: both sides' pieces, who claimed it, who completed first, and its combat modes.

Kept apart from :mod:`.position` so that the claim proofs (:mod:`.proof`) can take a stone without
knowing what a whole position is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .cards import Card, format_cards
from .formations import Formation
from .rules import Player, side_capacity
from .sides import best_identities
from .tactics import Piece


@dataclass(frozen=True, slots=True)
class Stone:
    """One stone: both sides' pieces in placement order, who claimed it, who completed first.

    In the tactics variant a side may hold elite troops (:class:`~.tactics.Troop`) and the stone
    combat modes (``"blind"``, ``"mud"``).
    """

    south: tuple[Piece, ...] = ()
    north: tuple[Piece, ...] = ()
    claimed: Player | None = None
    first_complete: Player | None = None
    modes: frozenset[str] = frozenset()

    def side(self, player: Player) -> tuple[Piece, ...]:
        return self.south if player is Player.SOUTH else self.north

    def cards(self) -> tuple[Piece, ...]:
        """Every piece on the stone, south's first."""
        return self.south + self.north

    def clan_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.south + self.north if isinstance(c, Card))

    @property
    def capacity(self) -> int:
        """Pieces that complete a side here: 4 under Mud fight, else 3."""
        return side_capacity(self.modes)

    @property
    def blind(self) -> bool:
        return "blind" in self.modes

    def is_complete(self, player: Player) -> bool:
        return len(self.side(player)) >= self.capacity

    def formation(self, player: Player) -> Formation | None:
        """The formation of a complete side (troops at their best identities), else ``None``."""
        side = self.side(player)
        if len(side) != self.capacity:
            return None
        return best_identities(side, blind=self.blind)[0]

    def with_side(self, player: Player, cards: Iterable[Piece]) -> Stone:
        cards = tuple(cards)
        return replace(self, south=cards) if player is Player.SOUTH else replace(self, north=cards)

    def __str__(self) -> str:
        modes = f" [{', '.join(sorted(self.modes))}]" if self.modes else ""
        return f"{format_cards(self.south) or '-'} | {format_cards(self.north) or '-'}{modes}"


__all__ = ["Stone"]
