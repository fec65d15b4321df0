"""Where a card is, as a value: on a stone's side, in the discard pile, in a hand, or unseen.

:class:`Location` is a ``str`` whose text is the English form older code and outputs use
(``"stone 3 south"``, ``"discard"``, ``"south hand"``, ``"unseen"``), so comparisons and JSON stay as
they were; read its fields (``kind``, ``stone``, ``player``) instead of parsing the text, and render it
in a language with :meth:`Location.in_words` or :meth:`Location.short`.
"""

from __future__ import annotations

import enum

from .rules import Player
from .words import phrase, player, say


class Place(enum.StrEnum):
    """The kinds of place a card can be."""

    STONE = "stone"
    DISCARD = "discard"
    HAND = "hand"
    UNSEEN = "unseen"
    PLAYED = "played"
    """A tactics card already on the table or in the discard pile (no single place)."""


class Location(str):
    """Where a card is: ``kind`` (a :class:`Place`), ``stone`` (1-9, on a stone) and ``player``
    (the side or the hand's owner). Equal to and printed as its English text."""

    kind: Place
    stone: int | None
    player: Player | None

    def __new__(cls, kind: Place, stone: int | None = None, player: Player | None = None) -> Location:
        if kind is Place.STONE:
            assert stone is not None and player is not None, "a stone location needs a stone and a side"
            text = f"stone {stone} {player.value}"
        elif kind is Place.HAND:
            assert player is not None, "a hand location needs its owner"
            text = f"{player.value} hand"
        else:
            text = kind.value
        self = super().__new__(cls, text)
        self.kind, self.stone, self.player = kind, stone, player
        return self

    @classmethod
    def on_stone(cls, stone: int, player: Player) -> Location:
        return cls(Place.STONE, stone, player)

    @classmethod
    def in_hand(cls, player: Player) -> Location:
        return cls(Place.HAND, None, player)

    def __repr__(self) -> str:
        if self.kind is Place.STONE:
            return f"Location.on_stone({self.stone}, Player.{self.player.name if self.player else None})"
        if self.kind is Place.HAND:
            return f"Location.in_hand(Player.{self.player.name if self.player else None})"
        return f"Location(Place.{self.kind.name})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Location, (self.kind, self.stone, self.player))

    def in_words(self, lang: str = "en") -> str:
        """The place in words: ``stone 3 south`` / ``borne 3 côté sud``, ``discard`` / ``défausse``..."""
        if self.kind is Place.STONE:
            return say("loc_stone", lang, stone=self.stone, side=self.player)
        if self.kind is Place.HAND:
            return say("loc_hand", lang, player=self.player)
        return phrase(f"loc_{self.kind.value}", lang)

    def in_form(self, lang: str, form: str) -> str:
        """The place after a preposition (``form="def"``): « la borne 3, côté Sud », « la défausse »."""
        if form != "def" or self.kind not in (Place.STONE, Place.HAND, Place.DISCARD):
            return self.in_words(lang)
        if self.kind is Place.STONE:
            return say("loc_stone_def", lang, stone=self.stone, side=self.player)
        if self.kind is Place.HAND:
            return say("loc_hand_def", lang, player=self.player)
        return phrase("loc_discard_def", lang)

    def short(self, lang: str = "en") -> str:
        """A label for a small cell: ``S3`` (stone 3, south side), ``hand``, ``disc``, ``?``."""
        if self.kind is Place.STONE:
            assert self.player is not None
            return f"{player(self.player, lang)[0].upper()}{self.stone}"
        if self.kind is Place.HAND:
            return phrase("loc_hand_short", lang)
        if self.kind is Place.DISCARD:
            return phrase("loc_discard_short", lang)
        return "?"


__all__ = ["Location", "Place"]
