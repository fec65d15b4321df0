"""Clan cards, the 54-card deck, and card sets as bit masks.

A card is a frozen value with a colour and a value (1-9). Its text form is the colour letter then
the value (``R8``); input also accepts ``8R`` and lower case. Inside the library a set of cards is a
plain ``int`` bit mask (bit ``card.index``), so "unseen = all & ~seen" is one operation.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeAlias

from .errors import CardError
from .reader_words import Quoted
from .words import COLOR_NAMES, Fact, color

CardMask: TypeAlias = int
"""A set of clan cards: bit ``i`` is set when the card of index ``i`` is in the set."""

VALUES = range(1, 10)


class Color(enum.IntEnum):
    """The six clan colours, in the order of their indices."""

    RED = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3
    PURPLE = 4
    BROWN = 5

    @property
    def letter(self) -> str:
        return COLOR_LETTERS[self]

    @property
    def name_en(self) -> str:
        return self.name.lower()

    @property
    def name_fr(self) -> str:
        return color(self, "fr")

    @classmethod
    def from_letter(cls, letter: str) -> Color:
        try:
            return cls(COLOR_LETTERS.index(letter.upper()))
        except ValueError:
            raise CardError.of("reader.color_letter", letter=Quoted(letter), letters=", ".join(COLOR_LETTERS)) from None


COLOR_LETTERS = ("R", "B", "G", "Y", "P", "N")
COLOR_NAMES_FR = COLOR_NAMES["fr"]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One clan card. Cards order by index: colour first (R B G Y P N), then value."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 54:
            raise CardError.of("reader.card_index", index=str(self.index))

    @property
    def color(self) -> Color:
        return Color(self.index // 9)

    @property
    def value(self) -> int:
        return self.index % 9 + 1

    @property
    def mask(self) -> CardMask:
        return 1 << self.index

    @classmethod
    def of(cls, color: Color, value: int) -> Card:
        if value not in VALUES:
            raise CardError.of("reader.card_value", value=str(value))
        return CARDS[int(color) * 9 + value - 1]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``R8``, ``r8``, ``8R`` or ``8r``; raise :class:`CardError` quoting the text otherwise."""
        if not isinstance(text, str):
            raise CardError.of("reader.card_not_text", value=Quoted(text))
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise CardError.of("reader.card_unknown", text=Quoted(text), why=card_text_fact(text))
        return card

    def __str__(self) -> str:
        return f"{COLOR_LETTERS[self.index // 9]}{self.index % 9 + 1}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


COLOR_KEY = "R red, B blue, G green, Y yellow, P purple, N brown"
"""The colour letters in words (N is brown, *marron*, so that B can stay blue)."""


def card_text_problem(text: str) -> str:
    """Why ``text`` is not a clan card, in one bounded sentence (the caller quotes the text)."""
    return card_text_fact(text).in_words("en")


def card_text_fact(text: str) -> Fact:
    """Why ``text`` is not a clan card, as a fact (:func:`card_text_problem` in any language)."""
    t = text.strip().upper()
    letter_first = re.fullmatch(r"([A-Z])([0-9]+)", t)
    value_first = re.fullmatch(r"([0-9]+)([A-Z])", t)
    key = Fact.of("reader.color_key")
    if letter_first or value_first:
        letter, digits = letter_first.groups() if letter_first else value_first.groups()[::-1]  # type: ignore[union-attr]
        if letter not in COLOR_LETTERS:
            return Fact.of("reader.not_color", letter=Quoted(letter), colors=key)
        return Fact.of("reader.not_value", digits=Quoted(digits))
    if re.fullmatch(r"[A-Z]", t):
        return Fact.of("reader.no_value", letter=Quoted(t), example=Quoted(f"{t}8"))
    if re.fullmatch(r"[0-9]+", t):
        return Fact.of("reader.no_color", colors=key)
    return Fact.of("reader.card_shape", colors=key)


CARDS: tuple[Card, ...] = tuple(object.__new__(Card) for _ in range(54))
for _i, _card in enumerate(CARDS):
    object.__setattr__(_card, "index", _i)
del _i, _card

_BY_TEXT: dict[str, Card] = {}
for _card in CARDS:
    _BY_TEXT[str(_card)] = _card
    _BY_TEXT[f"{_card.value}{_card.color.letter}"] = _card
del _card

FULL_DECK: CardMask = (1 << 54) - 1
"""The mask of all 54 clan cards."""


def card(text: str | Card) -> Card:
    """A card from its text form (or the card itself)."""
    return text if isinstance(text, Card) else Card.parse(text)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from ``"R7 R8 R9"``, ``"R7,R8"``, ``"R7R8R9"`` or an iterable of codes or cards."""
    if isinstance(text, str):
        compact = text.replace(",", " ").split()
        tokens: list[str] = []
        for chunk in compact:
            if len(chunk) > 2 and len(chunk) % 2 == 0:
                tokens.extend(chunk[i : i + 2] for i in range(0, len(chunk), 2))
            else:
                tokens.append(chunk)
        return tuple(Card.parse(t) for t in tokens)
    return tuple(card(c) for c in text)


def mask_of(cards: Iterable[Card]) -> CardMask:
    """The bit mask of some cards (duplicates collapse)."""
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def cards_of(mask: CardMask) -> tuple[Card, ...]:
    """The cards of a mask, in index order."""
    return tuple(CARDS[i] for i in indices_of(mask))


def indices_of(mask: CardMask) -> Iterator[int]:
    """The card indices set in a mask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: CardMask) -> int:
    return mask.bit_count()


def format_cards(cards: Iterable[object], sep: str = " ") -> str:
    """Cards (or any pieces: troops, tactics names) in their text form, ``"R7 R8 JOKER"``."""
    return sep.join(str(c) for c in cards)
