"""One reader of position text (core/load.py): JSON or notation, legal, errors naming the problem."""

from __future__ import annotations

import json

import pytest

from schotten_lab.core import IllegalPositionError, NotationError, Position, PositionFormatError, SchottenError
from schotten_lab.core.load import load_position_text


def three_eights() -> Position:
    return Position.build({1: ("N8 B8", "R9 R7"), 2: ("R8 Y3", "P2")}, south_hand="Y1 Y2 P5 B3 G9 G1")


def test_json_and_notation_read_the_same_position() -> None:
    pos = three_eights()
    assert load_position_text(pos.to_json()).position == pos
    assert load_position_text(f"  {pos.notation}\n").position == pos
    assert load_position_text(pos.to_json(indent=None)).title is None


def test_a_document_keeps_its_title_and_description() -> None:
    data = three_eights().to_dict() | {"title": "Three 8s", "description": "R8 is on the table."}
    loaded = load_position_text(json.dumps(data))
    assert (loaded.title, loaded.description) == ("Three 8s", "R8 is on the table.")


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", PositionFormatError, "nothing to read"),
        ("   \n", PositionFormatError, "nothing to read"),
        ('{"stones": [}', PositionFormatError, "not valid JSON"),
        ("[1, 2]", PositionFormatError, "must be a JSON object"),
        ("not a position", NotationError, "not a position"),
    ],
)
def test_bad_text_is_refused_with_the_reason(text: str, error: type[SchottenError], words: str) -> None:
    with pytest.raises(error, match=words):
        load_position_text(text)


def test_an_illegal_position_is_refused_naming_every_problem() -> None:
    illegal = Position.build({1: ("R1 R2 R3", "R1")})  # R1 twice
    with pytest.raises(IllegalPositionError, match="R1 appears 2 times"):
        load_position_text(illegal.notation)
    with pytest.raises(IllegalPositionError, match="R1 appears 2 times"):
        load_position_text(illegal.to_json())
