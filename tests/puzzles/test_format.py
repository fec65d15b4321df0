"""The puzzle@1 validator: good lines read back unchanged, bad ones are refused naming the field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile
from puzzle_set import committed
from schotten_lab.puzzles import PuzzleFormatError, puzzle_from_dict, puzzle_from_json, read_puzzles


def a_puzzle(kind: str) -> dict[str, Any]:
    return next(p for p in committed() if p.kind == kind).to_dict()


def set_path(data: dict[str, Any], path: tuple[object, ...], value: object) -> None:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


DELETE = object()
# (kind, path, bad value, the field the error must name)
MUTATIONS: list[tuple[str, tuple[object, ...], object, str]] = [
    ("endgame", ("format",), "schotten-lab/puzzle@2", "format"),
    ("endgame", ("kind",), "opening", "kind"),
    ("endgame", ("id",), "Has Spaces", "id"),
    ("endgame", ("rating",), -1, "rating"),
    ("endgame", ("rating",), 3001, "rating"),
    ("endgame", ("rating",), 1200.5, "rating"),
    ("endgame", ("rating",), True, "rating"),
    ("endgame", ("solution",), DELETE, "solution"),
    ("endgame", ("solution", "play", "card"), "X9", "solution.play.card"),
    ("endgame", ("solution", "play", "card"), 8, "solution.play.card"),
    ("endgame", ("solution", "play", "stone"), 0, "solution.play.stone"),
    ("endgame", ("solution", "play", "stone"), "3", "solution.play.stone"),
    ("endgame", ("solution", "claim"), [9, 1], "solution.claim"),
    ("endgame", ("solution", "extra"), 1, "solution.extra"),
    ("endgame", ("question", "type"), "stones", "question.type"),
    ("endgame", ("line",), DELETE, "line"),
    ("endgame", ("line", 0, "player"), "nobody", "line[0].player"),
    ("endgame", ("explanation", "fr"), DELETE, "explanation.fr"),
    ("endgame", ("explanation", "de"), "Hallo", "explanation.de"),
    ("endgame", ("explanation", "en"), "", "explanation.en"),
    ("endgame", ("position", "stones", 0, "south"), ["Z1"], "position.stones[0].south[0]"),
    ("endgame", ("position", "deck", "clan"), -3, "position.deck.clan"),
    ("endgame", ("position", "to_move"), "west", "position.to_move"),
    ("endgame", ("solvers", "random"), 2, "solvers.random"),
    ("endgame", ("surprise",), 1, "surprise"),
    ("claim", ("solution", "player"), "nobody", "solution.player"),
    ("claim", ("solution", "claimable"), [10], "solution.claimable[0]"),
    ("claim", ("solution", "claimable"), "all", "solution.claimable"),
    ("claim", ("question", "type"), "move", "question.type"),
    ("claim", ("question", "stone"), 12, "question.stone"),
    ("claim", ("source",), [], "source"),
    ("claim", ("position", "hands"), {"south": None, "north": None}, "position.hands"),
]


@pytest.mark.parametrize(("kind", "path", "value", "field"), MUTATIONS, ids=[m[3] + ":" + repr(m[2])[:12] for m in MUTATIONS])
def test_a_bad_field_is_refused_by_name(kind: str, path: tuple[object, ...], value: object, field: str) -> None:
    data = a_puzzle(kind)
    set_path(data, path, value)
    with pytest.raises(PuzzleFormatError) as caught:
        puzzle_from_dict(data)
    assert caught.value.field.startswith(field), str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


@profile(60)
@given(st.data())
def test_mutations_of_any_committed_puzzle_are_refused(data: st.DataObject) -> None:
    kind, path, value, field = data.draw(st.sampled_from(MUTATIONS))
    puzzle = data.draw(st.sampled_from([p for p in committed() if p.kind == kind]))
    raw = copy.deepcopy(puzzle.to_dict())
    if path[0] == "line" and "line" not in raw:
        return
    set_path(raw, path, value)
    with pytest.raises(PuzzleFormatError) as caught:
        puzzle_from_dict(raw)
    assert caught.value.field.startswith(field)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@profile(150)
@given(json_values)
def test_any_json_value_is_refused_with_a_puzzle_format_error(value: object) -> None:
    with pytest.raises(PuzzleFormatError):
        puzzle_from_json(json.dumps(value))


@profile(100)
@given(st.text(max_size=60) | st.binary(max_size=60))
def test_any_text_is_refused_with_a_puzzle_format_error(text: str | bytes) -> None:
    with pytest.raises(PuzzleFormatError):
        puzzle_from_json(text)


@profile(40)
@given(st.data())
def test_a_shuffled_field_order_reads_the_same(data: st.DataObject) -> None:
    puzzle = data.draw(st.sampled_from(committed()))
    raw = puzzle.to_dict()
    keys = data.draw(st.permutations(list(raw)))
    assert puzzle_from_dict({k: raw[k] for k in keys}) == puzzle


def test_a_file_names_the_bad_line(tmp_path: Path) -> None:
    good = [p.to_json() for p in committed()[:3]]
    bad = json.loads(good[1])
    bad["rating"] = "high"
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join([good[0], "", json.dumps(bad), good[2]]) + "\n", encoding="utf-8")
    with pytest.raises(PuzzleFormatError) as caught:
        read_puzzles(path)
    assert caught.value.line == 3 and caught.value.field == "rating"
    assert str(caught.value).startswith("line 3: rating:")


def test_two_puzzles_with_one_id_are_refused() -> None:
    line = committed()[0].to_json()
    with pytest.raises(PuzzleFormatError, match="line 2: id"):
        read_puzzles([line, line])
