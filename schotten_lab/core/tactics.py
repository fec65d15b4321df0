"""Tactics cards (tactics variant): elite troops, combat modes and ruses.

- An elite troop on a side is a :class:`Troop`: ``JOKER``, ``SPY`` or ``SHIELD``, wild within its range
  until its owner picks an identity (``JOKER=R8``, ``SPY=B7``, ``SHIELD=G2``). A chosen identity counts as
  that colour and value for formations but is not the clan card itself (the real R8 may be elsewhere).
- Combat modes lie on a stone: ``blind`` (Blind-man's bluff: sums only) and ``mud`` (Mud fight: 4 cards a
  side).
- In hands and the discard pile tactics cards are plain names (:data:`TACTICS_NAMES`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeAlias

from .cards import CARDS, Card, CardMask, mask_of
from .errors import CardError
from .reader_words import Quoted, TroopWord
from .rules import Player
from .words import Fact, TacticName

TroopKind = Literal["JOKER", "SPY", "SHIELD"]
TROOP_KINDS: tuple[TroopKind, ...] = ("JOKER", "SPY", "SHIELD")
MODE_CARDS = ("BLIND", "MUD")
RUSES = ("HEADHUNTER", "STRATEGIST", "BANSHEE", "TRAITOR")
TACTICS_NAMES = (*TROOP_KINDS, *MODE_CARDS, *RUSES)
TACTICS_COPIES: Counter[str] = Counter({name: 1 for name in TACTICS_NAMES} | {"JOKER": 2})
TACTICS_TOTAL = sum(TACTICS_COPIES.values())  # 10

Mode = Literal["blind", "mud"]
MODES: tuple[Mode, ...] = ("blind", "mud")
MODE_CARD: dict[str, str] = {"blind": "BLIND", "mud": "MUD"}

_RANGES: dict[str, tuple[Card, ...]] = {
    "JOKER": CARDS,
    "SPY": tuple(c for c in CARDS if c.value == 7),
    "SHIELD": tuple(c for c in CARDS if c.value <= 3),
}
_RANGE_WORDS = {"JOKER": "any colour and value", "SPY": "a 7 of any colour", "SHIELD": "a 1, 2 or 3 of any colour"}


@dataclass(frozen=True, slots=True)
class Troop:
    """An elite troop on a side; ``identity`` is ``None`` while it is still wild."""

    kind: TroopKind
    identity: Card | None = None

    def __post_init__(self) -> None:
        if self.kind not in TROOP_KINDS:
            raise CardError.of("reader.troop_unknown", kind=Quoted(self.kind))
        if self.identity is not None and self.identity not in _RANGES[self.kind]:
            raise CardError.of("reader.troop_range", code=f"{self.kind}={self.identity}", troop=TroopWord(self.kind),
                                range=Fact.of(f"reader.range_{self.kind}"))

    @property
    def wild(self) -> bool:
        return self.identity is None

    def identities(self) -> tuple[Card, ...]:
        """Every card this troop may stand for (just its identity once chosen)."""
        return (self.identity,) if self.identity is not None else _RANGES[self.kind]

    def __str__(self) -> str:
        return self.kind if self.identity is None else f"{self.kind}={self.identity}"

    def __repr__(self) -> str:
        return f"Troop({self.kind!r}{'' if self.identity is None else f', Card.parse({str(self.identity)!r})'})"


Piece: TypeAlias = Card | Troop
"""What lies on a side: a clan card or an elite troop."""
HandCard: TypeAlias = Card | str
"""What a hand or the discard pile holds: a clan card or a tactics card's name."""


def parse_piece(text: str) -> Piece:
    """A side entry: a clan code (``R8``), a troop (``JOKER``) or a troop with its identity (``SPY=B7``)."""
    if not isinstance(text, str):
        raise CardError.of("reader.piece_not_text", value=Quoted(text))
    t = text.strip().upper()
    name, _, ident = t.partition("=")
    if name in TROOP_KINDS:
        return Troop(name, Card.parse(ident) if ident else None)
    if name in TACTICS_NAMES:
        raise CardError.of("reader.not_troop", name=TacticName(name))
    return Card.parse(text)


def parse_hand_card(text: str) -> HandCard:
    """A hand or discard entry: a clan code or a tactics card name (no identity there)."""
    if not isinstance(text, str):
        raise CardError.of("reader.piece_not_text", value=Quoted(text))
    t = text.strip().upper()
    if t in TACTICS_NAMES:
        return t
    if "=" in t:
        raise CardError.of("reader.hand_identity", text=Quoted(text))
    return Card.parse(text)


def clan_cards(pieces: Iterable[object]) -> tuple[Card, ...]:
    """The clan cards among some pieces (troops and tactics names left out)."""
    return tuple(p for p in pieces if isinstance(p, Card))


def clan_mask(pieces: Iterable[object]) -> CardMask:
    """The bit mask of the clan cards among some pieces."""
    return mask_of(clan_cards(pieces))


@dataclass(frozen=True, slots=True)
class TacticsLeft:
    """Tactics cards not yet played (in a hand or the tactics deck), and who has a Joker out.

    Built by :meth:`~schotten_lab.core.position.Position.tactics_left`; strict proofs read it.
    """

    counts: dict[str, int]
    jokers_on_table: frozenset[Player] = frozenset()
