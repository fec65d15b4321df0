"""The JSON format schotten-lab/position@1: exact round trips, and errors that name the field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strategies as strat
from schotten_lab.core.cards import parse_cards
from schotten_lab.core.errors import PositionFormatError, SchottenError
from schotten_lab.core.position import Position
from schotten_lab.core.rules import BASE_EXPERT, Player

DATA = Path(__file__).resolve().parents[2] / "data" / "positions"

SETTINGS = settings(max_examples=150, derandomize=True, database=None, deadline=None)


def example_doc() -> dict[str, Any]:
    """The docs/ANALYSIS.md example, with all 9 stones and derivable fields left out."""
    stones: list[dict[str, Any]] = [
        {"south": ["N8", "B8", "G8"], "north": ["R9", "R7"], "claimed": None, "first_complete": None}
    ]
    stones += [{"south": [], "north": [], "claimed": None, "first_complete": None} for _ in range(8)]
    return {
        "format": "schotten-lab/position@1",
        "variant": "base",
        "expert": False,
        "to_move": "south",
        "stones": stones,
        "hands": {"south": ["Y1", "Y2", "R8", "P5", "B3", "G9"], "north": None},
    }


def load(doc: object) -> Position:
    return Position.from_json(json.dumps(doc))


@SETTINGS
@given(strat.positions(expert=None))
def test_round_trip(pos: Position) -> None:
    text = pos.to_json()
    back = Position.from_json(text)
    assert back == pos
    assert back.to_json() == text
    line = pos.to_json(indent=None)
    assert "\n" not in line and Position.from_json(line) == pos
    assert Position.from_dict(pos.to_dict()) == pos
    assert Position.from_json(text.encode()) == pos


def test_example_document_derives_sizes_and_deck() -> None:
    pos = load(example_doc())
    assert pos.status() == []
    assert pos.hand_sizes == {Player.SOUTH: 6, Player.NORTH: 6}
    assert pos.deck == 54 - 5 - 12
    assert pos.stone(1).north == parse_cards("R9 R7")  # placement order is kept
    assert pos.hand(Player.NORTH) is None
    written = json.loads(pos.to_json())
    assert written["deck"] == {"clan": 37, "tactics": 0}
    assert written["hand_sizes"] == {"south": 6, "north": 6}
    assert written["stones"][0] == example_doc()["stones"][0]


def test_minimal_document_is_the_start_of_a_game() -> None:
    pos = load({"stones": [{} for _ in range(9)]})
    assert pos == Position.empty()


def test_expert_and_given_fields_are_kept() -> None:
    doc = example_doc()
    doc.update(expert=True, to_move="north", hand_sizes={"south": 6, "north": 6}, deck={"clan": 37, "tactics": 0})
    doc["stones"][0]["first_complete"] = "south"
    pos = load(doc)
    assert pos.rules == BASE_EXPERT and pos.to_move is Player.NORTH
    assert pos.stone(1).first_complete is Player.SOUTH


def test_illegal_but_well_formed_documents_load_and_status_reports() -> None:
    doc = example_doc()
    doc["stones"][1]["south"] = ["R9"]  # R9 twice
    pos = load(doc)
    assert any("R9" in p.message for p in pos.status())


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    target: Any = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def _drop(doc: dict[str, Any], key: str) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    del doc[key]
    return doc


BAD_DOCS: list[tuple[str, object, str, str]] = [
    # (test id, document, field named, a word the message must contain)
    ("top not object", [], "", "object"),
    ("unknown top field", _set(example_doc(), ("colour",), 1), "colour", "unknown"),
    ("format", _set(example_doc(), ("format",), "schotten-lab/position@2"), "format", "position@2"),
    ("variant value", _set(example_doc(), ("variant",), "chess"), "variant", "chess"),
    ("variant type", _set(example_doc(), ("variant",), 5), "variant", "5"),
    ("expert type", _set(example_doc(), ("expert",), "yes"), "expert", "yes"),
    ("to_move value", _set(example_doc(), ("to_move",), "east"), "to_move", "east"),
    ("to_move null", _set(example_doc(), ("to_move",), None), "to_move", "None"),
    ("stones missing", _drop(example_doc(), "stones"), "stones", "missing"),
    ("stones type", _set(example_doc(), ("stones",), {"1": {}}), "stones", "list"),
    ("stone count", _set(example_doc(), ("stones",), example_doc()["stones"][:8]), "stones", "8"),
    ("stone count 10", _set(example_doc(), ("stones",), example_doc()["stones"] + [{}]), "stones", "10"),
    ("stone type", _set(example_doc(), ("stones", 2), "R1"), "stones[2]", "object"),
    ("stone unknown field", _set(example_doc(), ("stones", 2, "colour"), 1), "stones[2].colour", "unknown"),
    ("side type", _set(example_doc(), ("stones", 3, "south"), "R1 R2"), "stones[3].south", "list"),
    ("unknown card", _set(example_doc(), ("stones", 3, "south"), ["R1", "X9"]), "stones[3].south[1]", "X9"),
    ("card type", _set(example_doc(), ("stones", 3, "north"), ["R1", 8]), "stones[3].north[1]", "8"),
    ("claimed value", _set(example_doc(), ("stones", 0, "claimed"), "east"), "stones[0].claimed", "east"),
    ("first_complete", _set(example_doc(), ("stones", 0, "first_complete"), True), "stones[0].first_complete", "True"),
    ("modes", _set(example_doc(), ("stones", 0, "modes"), ["mud"]), "stones[0].modes", "tactics"),
    ("hands type", _set(example_doc(), ("hands",), ["R1"]), "hands", "object"),
    ("hands key", _set(example_doc(), ("hands", "east"), []), "hands.east", "unknown"),
    ("hand type", _set(example_doc(), ("hands", "south"), "Y1 Y2"), "hands.south", "list"),
    ("hand card", _set(example_doc(), ("hands", "south", 2), "R88"), "hands.south[2]", "R88"),
    ("hand_sizes type", _set(example_doc(), ("hand_sizes",), 6), "hand_sizes", "object"),
    ("hand size string", _set(example_doc(), ("hand_sizes",), {"north": "6"}), "hand_sizes.north", "'6'"),
    ("hand size float", _set(example_doc(), ("hand_sizes",), {"north": 6.0}), "hand_sizes.north", "6.0"),
    ("hand size bool", _set(example_doc(), ("hand_sizes",), {"north": True}), "hand_sizes.north", "true"),
    ("hand_sizes key", _set(example_doc(), ("hand_sizes",), {"west": 6}), "hand_sizes.west", "unknown"),
    ("deck type", _set(example_doc(), ("deck",), 37), "deck", "object"),
    ("deck clan", _set(example_doc(), ("deck",), {"clan": "37"}), "deck.clan", "'37'"),
    ("deck tactics", _set(example_doc(), ("deck",), {"clan": 37, "tactics": None}), "deck.tactics", "null"),
    ("deck key", _set(example_doc(), ("deck",), {"clan": 37, "jokers": 1}), "deck.jokers", "unknown"),
    ("discard type", _set(example_doc(), ("discard",), "R1"), "discard", "list"),
    ("discard card", _set(example_doc(), ("discard",), ["Q1"]), "discard[0]", "Q1"),
]


@pytest.mark.parametrize(("doc", "field", "word"), [d[1:] for d in BAD_DOCS], ids=[d[0] for d in BAD_DOCS])
def test_malformed_documents_name_the_field(doc: object, field: str, word: str) -> None:
    with pytest.raises(PositionFormatError) as info:
        load(doc)
    assert info.value.field == field
    message = str(info.value)
    assert message.startswith(f"{field}: ") if field else True
    assert word in message
    assert isinstance(info.value, SchottenError)


@pytest.mark.parametrize("text", ["{", "", "not json", '{"stones": [', "[1, 2,]"])
def test_bad_json(text: str) -> None:
    with pytest.raises(PositionFormatError, match="not valid JSON") as info:
        Position.from_json(text)
    assert info.value.field == ""


def test_bytes_that_are_not_utf8() -> None:
    with pytest.raises(PositionFormatError, match="UTF-8"):
        Position.from_json(b'{"stones": "\xff\xfe\xfa"}')


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["R8", "south", "north", "base", "8r", "JOKER"]),
    lambda inner: st.lists(inner, max_size=10) | st.dictionaries(st.sampled_from(["south", "north", "clan", "x"]), inner),
    max_leaves=12,
)

FUZZ_PATHS = [
    ("format",), ("variant",), ("expert",), ("to_move",), ("stones",), ("stones", 0), ("stones", 4, "south"),
    ("stones", 8, "north"), ("stones", 1, "claimed"), ("stones", 1, "first_complete"), ("stones", 2, "modes"),
    ("hands",), ("hands", "south"), ("hands", "north"), ("hand_sizes",), ("deck",), ("discard",), ("title",),
]  # fmt: skip


@SETTINGS
@given(st.sampled_from(FUZZ_PATHS), json_values)
def test_any_json_value_in_any_field_loads_or_names_a_field(path: tuple[Any, ...], value: object) -> None:
    """Nothing crashes with a raw exception from deep inside: a position, or a PositionFormatError."""
    doc = _set(example_doc(), path, value)
    try:
        pos = load(doc)
    except PositionFormatError as exc:
        assert exc.field == "" or exc.field.split(".")[0].split("[")[0] in {p[0] for p in FUZZ_PATHS}
        return
    pos.status()  # and the rule checker copes with whatever loaded


@pytest.mark.parametrize(("text", "player"), [("South", Player.SOUTH), ("N", Player.NORTH), ("s", Player.SOUTH), ("NORTH", Player.NORTH)])
def test_players_in_any_case_and_as_letters(text: str, player: Player) -> None:
    doc = example_doc()
    doc["to_move"] = text
    doc["stones"][1].update(claimed=text, first_complete=text)
    pos = load(doc)
    assert pos.to_move is player and pos.stone(2).claimed is player and pos.stone(2).first_complete is player
    assert pos.to_dict()["to_move"] == player.value  # written lower case


@pytest.mark.parametrize("key", ["South", "S", "s", "SOUTH", " south "])
def test_player_keys_in_any_case_like_to_move(key: str) -> None:
    """hands, hand_sizes and tactics_played read their player keys as to_move reads a player."""
    doc = example_doc()
    doc["hands"] = {key: doc["hands"]["south"], "N": None}
    doc["hand_sizes"] = {key: 6, "North": 6}
    pos = load(doc)
    assert [str(c) for c in pos.hands[Player.SOUTH] or ()] == ["Y1", "Y2", "R8", "P5", "B3", "G9"]
    assert pos.hands[Player.NORTH] is None and pos.hand_sizes[Player.NORTH] == 6
    assert pos == load(example_doc())
    assert set(pos.to_dict()["hands"]) == {"south", "north"}  # written lower case
    tactics = json.loads(Position.from_json((DATA / "23_tactics_midgame.json").read_text()).to_json())
    played = tactics["tactics_played"]
    tactics["tactics_played"] = {key: played["south"], "n": played["north"]}
    assert Position.from_dict(tactics).tactics_played[Player.SOUTH] == played["south"]


@pytest.mark.parametrize(
    ("field", "value", "where", "words"),
    [
        ("hands", {"south": ["Y1"], "S": ["Y2"]}, "hands", "gives south twice (as 'south' and 'S')"),
        ("hands", {"east": []}, "hands.east", "unknown field"),
        ("hand_sizes", {"n": 6, "North": 5}, "hand_sizes", "gives north twice"),
        ("hand_sizes", {"sud": 6}, "hand_sizes.sud", "unknown field"),
    ],
)
def test_player_keys_refused_naming_the_key(field: str, value: object, where: str, words: str) -> None:
    doc = example_doc()
    doc[field] = value
    with pytest.raises(PositionFormatError) as info:
        load(doc)
    assert info.value.field == where and words in str(info.value)
