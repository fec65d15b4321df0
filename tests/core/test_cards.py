"""Cards: text forms, parsing errors, the deck and bit masks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from schotten_lab.core.cards import (
    CARDS,
    FULL_DECK,
    Card,
    Color,
    cards_of,
    format_cards,
    mask_of,
    parse_cards,
    popcount,
)
from schotten_lab.core.errors import CardError, SchottenError

card_sets = st.sets(st.sampled_from(ref.ALL_CARDS))


def test_deck_has_54_distinct_cards_six_of_each_value() -> None:
    assert len(CARDS) == 54
    assert len(set(CARDS)) == 54
    assert sorted(CARDS) == list(CARDS)
    for v in range(1, 10):
        assert sum(1 for c in CARDS if c.value == v) == 6
    for colour in Color:
        assert sorted(c.value for c in CARDS if c.color is colour) == list(range(1, 10))
    assert popcount(FULL_DECK) == 54
    assert mask_of(CARDS) == FULL_DECK


@pytest.mark.parametrize("card", ref.ALL_CARDS, ids=str)
def test_every_text_form_parses_to_the_same_card(card: Card) -> None:
    text = str(card)
    assert len(text) == 2 and text[0] in "RBGYPN" and text[1] in "123456789"
    letter, value = text
    for form in (text, text.lower(), value + letter, value + letter.lower(), f"  {text} "):
        assert Card.parse(form) == card
    assert str(Card.parse(value + letter.lower())) == text  # always printed colour first, upper case
    assert Card.of(card.color, card.value) == card
    assert eval(repr(card), {"Card": Card}) == card  # the repr pastes back


def test_colour_letters_and_names() -> None:
    letters = {c: c.letter for c in Color}
    assert "".join(letters[c] for c in Color) == "RBGYPN"
    assert Color.from_letter("n") is Color.BROWN
    assert Color.RED.name_en == "red" and Color.RED.name_fr == "rouge"
    assert Color.PURPLE.name_fr == "violet" and Color.BROWN.name_fr == "marron"
    assert Color.GREEN.name_fr == "vert" and Color.YELLOW.name_fr == "jaune"
    with pytest.raises(CardError, match="'X'"):
        Color.from_letter("X")


@pytest.mark.parametrize("text", ["X5", "R0", "R10", "", "RR", "88", "R 8", "8", "R"])
def test_bad_codes_are_rejected_with_the_text_quoted(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, SchottenError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [8, None, ("R", 8)])
def test_non_string_codes_are_rejected(value: object) -> None:
    with pytest.raises(CardError):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 54, 100])
def test_card_index_out_of_range(index: int) -> None:
    with pytest.raises(CardError, match=str(index)):
        Card(index)


@pytest.mark.parametrize("value", [0, 10])
def test_card_of_value_out_of_range(value: int) -> None:
    with pytest.raises(CardError, match=str(value)):
        Card.of(Color.RED, value)


def test_parse_cards_accepts_the_usual_separators() -> None:
    want = (Card.parse("R7"), Card.parse("R8"), Card.parse("R9"))
    for text in ("R7 R8 R9", "R7,R8,R9", "R7, R8 ,R9", "R7R8R9", "r7 8R R9", ["R7", "R8", "R9"], want):
        assert parse_cards(text) == want
    assert parse_cards("") == ()
    with pytest.raises(CardError, match="'X8'"):
        parse_cards("R7 X8")


@settings(max_examples=200, derandomize=True, database=None)
@given(card_sets)
def test_masks_round_trip(cards: set[Card]) -> None:
    mask = mask_of(cards)
    assert popcount(mask) == len(cards)
    assert cards_of(mask) == tuple(sorted(cards))
    assert mask & ~FULL_DECK == 0
    assert parse_cards(format_cards(cards_of(mask))) == cards_of(mask)
