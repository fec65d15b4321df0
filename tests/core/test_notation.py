"""The one-line text notation: round trips, and errors that quote the bad part."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies as strat
from schotten_lab.core.cards import parse_cards
from schotten_lab.core.errors import NotationError, SchottenError
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player

SETTINGS = settings(max_examples=150, derandomize=True, database=None, deadline=None)
EXAMPLE = "N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 s d37"


@SETTINGS
@given(strat.positions(expert=None))
def test_round_trip(pos: Position) -> None:
    text = pos.notation
    assert "\n" not in text
    back = Position.from_notation(text)
    assert back == pos
    assert back.notation == text
    assert repr(pos) == f"Position.from_notation({text!r})"


def test_example_reads_as_the_three_eights() -> None:
    pos = Position.from_notation(EXAMPLE)
    assert pos == Position.build({1: ("N8 B8 G8", "R9 R7")}, south_hand="Y1 Y2 R8 P5 B3 G9")
    assert pos.notation == EXAMPLE
    assert Position.from_notation(EXAMPLE.removesuffix(" d37")) == pos  # the deck is derived


def test_marks_lenient_input_and_canonical_output() -> None:
    pos = Position.from_notation("8nb8g8*-r9r7r8@s/-/-/-/-/-/-/-/- 1Y2Y3YP5B3G9 ?6 north expert")
    s = pos.stone(1)
    assert s.south == parse_cards("N8 B8 G8") and s.north == parse_cards("R9 R7 R8")
    assert s.first_complete is Player.SOUTH and s.claimed is Player.SOUTH
    assert pos.to_move is Player.NORTH and pos.rules.expert
    assert pos.notation == "N8B8G8*-R9R7R8@s/-/-/-/-/-/-/-/- Y1Y2Y3P5B3G9 ?6 n d36 expert"
    assert Position.from_notation("-/-/-/-/-/-/-/-/- - - s d0").hands == {Player.SOUTH: (), Player.NORTH: ()}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("-/-/-/-/-/-/-/-/- ?6 ?6", "'-/-/-/-/-/-/-/-/- ?6 ?6'"),
        ("-/-/-/-/-/-/-/- ?6 ?6 s", "'-/-/-/-/-/-/-/-'"),
        ("-/-/-/-/-/-/-/-/-/- ?6 ?6 s", "'-/-/-/-/-/-/-/-/-/-'"),
        ("N8B8G8R9R7/-/-/-/-/-/-/-/- ?6 ?6 s", "'N8B8G8R9R7'"),
        ("N8B8X8-R9/-/-/-/-/-/-/-/- ?6 ?6 s", "'X8'"),
        ("N8B8G8*-R9R7R1*/-/-/-/-/-/-/-/- ?6 ?6 s", "'N8B8G8*-R9R7R1*'"),
        ("-/-/-/-/-/-/-/-/- ?x ?6 s", "'?x'"),
        ("-/-/-/-/-/-/-/-/- ?6 R1R1R0 s", "'R1R1R0'"),
        ("-/-/-/-/-/-/-/-/- ?6 ?6 e", "'e'"),
        ("-/-/-/-/-/-/-/-/- ?6 ?6 s z9", "'z9'"),
        ("-/-/-/-/-/-/-/-/- ?6 ?6 s d", "'d'"),
        ("R1-@x/-/-/-/-/-/-/-/- ?6 ?6 s", "'R1-@x'"),
    ],
)
def test_errors_quote_the_bad_part(text: str, quoted: str) -> None:
    with pytest.raises(NotationError) as info:
        Position.from_notation(text)
    assert quoted in str(info.value)
    assert isinstance(info.value, SchottenError)


def test_non_string_input() -> None:
    with pytest.raises(NotationError):
        Position.from_notation(42)  # type: ignore[arg-type]


@SETTINGS
@given(st.text(alphabet="RBGYPNX0123456789-/*@?sndexpert ", max_size=60))
def test_any_text_reads_or_raises_a_notation_error(text: str) -> None:
    try:
        pos = Position.from_notation(text)
    except NotationError:
        return
    pos.status()
    assert Position.from_notation(pos.notation) == pos


BLANK = "/-/-/-/-/-/-/-/- ?6 ?6 s"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("R9R0-" + BLANK, ["stone 1 south side", "'R0'", "not 1-9"]),
        ("R10-" + BLANK, ["stone 1 south side", "'R10'", "not 1-9"]),
        ("-X5" + BLANK, ["stone 1 north side", "'X5'", "'X' is not a colour letter", "N brown"]),
        ("-R9O8" + BLANK, ["stone 1 north side", "'O8'", "'O' is not a colour letter"]),
        ("R-" + BLANK, ["stone 1 south side", "'R'", "has no value"]),
        ("R9-7" + BLANK, ["stone 1 north side", "'7'", "no colour letter"]),
        ("-/-/-/-/-/-/-/-/- R9R0 ?6 s", ["south hand", "'R0'", "not 1-9"]),
        ("-/-/-/-/-/-/-/-/- ?6 B2X5 s", ["north hand", "'X5'"]),
        ("R1" + "0" * 1900 + "-" + BLANK, ["stone 1 south side", "not 1-9"]),
        ("R9[FOO-/-/-/-/-/-/-/-/- ?6 ?6 s d40 tactics", ["stone 1 south side", "'[FOO'", "no closing ']'"]),
        ("R9[TRAITOR]-/-/-/-/-/-/-/-/- ?6 ?6 s d40 tactics", ["stone 1 south side", "TRAITOR is not an elite troop"]),
        ("-/-/-/-/-/-/-/-/- [TRAITOR]R0 ?6 s d40 tactics", ["south hand", "'R0'", "not 1-9"]),
    ],
)
def test_each_malformed_card_is_named_with_its_reason(text: str, words: list[str]) -> None:
    with pytest.raises(NotationError) as info:
        Position.from_notation(text)
    message = str(info.value)
    assert all(w in message for w in words), message
    assert len(message) < 300


@pytest.mark.parametrize(
    "text",
    [
        "N8 B8 G8-R9 R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 s",
        "N8 B8 G8 - R9 R7 / - /-/-/-/-/-/-/- Y1 Y2 R8 P5 B3 G9 ?6 s",
        "N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8 P5B3G9 ?6 S d37",
        "n8b8g8 -r9 r7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 South",
    ],
)
def test_spaces_between_cards_are_tolerated(text: str) -> None:
    assert Position.from_notation(text).notation == EXAMPLE


@pytest.mark.parametrize(
    "text",
    ["-/-/-/-/-/-/-/-/R9-B7 B6 Y1Y2 ?6 s", "-/-/-/-/-/-/-/-/- Y1 Y2 B1 B2 s"],
)
def test_ambiguous_spaces_are_refused_not_guessed(text: str) -> None:
    with pytest.raises(NotationError, match="cannot tell where the last stone and the hands end"):
        Position.from_notation(text)


@SETTINGS
@given(strat.positions(expert=None), st.data())
def test_spaces_between_cards_read_back_the_same_position(pos: Position, data: st.DataObject) -> None:
    """Spaces between two cards of the stones field (up to its last '/') never change the reading;
    anywhere else between two cards they give the same position or an 'ambiguous' error."""
    text = pos.notation
    cut = text.split(" ", 1)[0].rfind("/")
    gaps = [i for i in range(2, len(text)) if text[i - 2].isalpha() and text[i - 1].isdigit() and text[i].isalpha()]
    chosen = data.draw(st.lists(st.sampled_from(gaps), unique=True) if gaps else st.just([]))
    spaced = "".join(" " + ch if i in chosen else ch for i, ch in enumerate(text))
    try:
        assert Position.from_notation(spaced) == pos
    except NotationError as exc:
        assert any(i > cut for i in chosen), (spaced, exc)
        assert "cannot tell" in str(exc)


@pytest.mark.parametrize("player", ["s", "S", "south", "South", "SOUTH"])
def test_players_in_any_case(player: str) -> None:
    pos = Position.from_notation(f"R9-@{player[0]}/-/-/-/-/-/-/-/- ?6 ?6 {player}")
    assert pos.to_move is Player.SOUTH and pos.stone(1).claimed is Player.SOUTH
    assert pos.notation.endswith(" s d41") and "@s" in pos.notation
    north = player.translate(str.maketrans("sSuU", "nNrR"))  # s -> n, South -> North
    assert Position.from_notation(f"-/-/-/-/-/-/-/-/- ?6 ?6 {north}").to_move is Player.NORTH
