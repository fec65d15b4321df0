"""A puzzle file's problems in French (issue 20): every kind of :class:`PuzzleFormatError` and of the
problems ``puzzles check`` lists, said with French typography and words, their English word for word
as the reader and the checks always wrote it (pinned below: the messages of the tree before they
became facts), and ``puzzles check --lang fr`` on a bad file."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puzzle_set import committed
from schotten_lab.cli import main
from schotten_lab.puzzles import PuzzleFormatError, puzzle_from_dict, puzzle_from_json, read_puzzles
from schotten_lab.puzzles.format_words import PuzzleField
from schotten_lab.puzzles.generate import generate
from schotten_lab.puzzles.rating import rating_of
from schotten_lab.puzzles.prove import check_puzzle, check_puzzle_problems

from ..core.test_french import french_problems


def _puzzle(kind: str) -> dict[str, Any]:
    """The first committed puzzle of ``kind`` (an endgame with a forced line of several turns)."""
    return copy.deepcopy(next(p for p in committed() if p.kind == kind and (kind != "endgame" or len(p.line) > 2)).to_dict())


def _edit(kind: str, change: Callable[[dict[str, Any]], object]) -> Callable[[], object]:
    def bad() -> object:
        data = _puzzle(kind)
        change(data)
        return puzzle_from_dict(data)

    return bad


def _claimed_stone(data: dict[str, Any]) -> None:
    data["position"]["stones"][0]["claimed"] = "north"


def _twice(data: dict[str, Any]) -> None:
    card = data["position"]["hands"][data["position"]["to_move"]][0]
    data["position"]["stones"][0]["north"] = [card]


def _full_stone(data: dict[str, Any]) -> None:
    me = data["position"]["to_move"]
    stone = next(i for i, s in enumerate(data["position"]["stones"]) if len(s[me]) == 3 or s.get("claimed"))
    data["solution"]["play"]["stone"] = stone + 1


def _other_card(data: dict[str, Any]) -> None:
    data["solution"]["play"]["card"] = "R1" if "R1" not in data["position"]["hands"][data["position"]["to_move"]] else "R2"


def _claim_stone(data: dict[str, Any]) -> None:
    me = data["position"]["to_move"]
    stone = next(i for i, s in enumerate(data["position"]["stones"]) if len(s[me]) < 3)
    data["question"] = {"type": "stone", "stone": stone + 1}


def _claimable_open(data: dict[str, Any]) -> None:
    me = data["position"]["to_move"]
    stone = next(i for i, s in enumerate(data["position"]["stones"]) if len(s[me]) < 3)
    data["solution"]["claimable"] = [stone + 1]


def _set(path: tuple[object, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return change


DELETE = object()


def _second_is_answer(data: dict[str, Any]) -> None:
    data["estimate"]["second"] = dict(data["solution"]["play"])


def _interval_misses(data: dict[str, Any]) -> None:
    data["estimate"]["win_interval"] = [0.0, data["estimate"]["win"] / 2]


def _as_endgame(data: dict[str, Any]) -> None:
    """A midgame puzzle called an endgame (its deck is not empty)."""
    data["kind"] = "endgame"
    del data["estimate"]
    data["line"] = [{"player": data["position"]["to_move"], "play": data["solution"]["play"], "claim": data["solution"]["claim"]}]


def _line_mismatch(data: dict[str, Any]) -> None:
    data["line"][0]["claim"] = [] if data["line"][0]["claim"] else [9]


def _read_file(tmp: Path, content: bytes) -> Callable[[], object]:
    def bad() -> object:
        path = tmp / "set.jsonl"
        path.write_bytes(content)
        return read_puzzles(path)

    return bad


def bad_cases(tmp: Path) -> dict[str, Callable[[], object]]:
    """One bad puzzle (or file) for each message of the reader, by name."""
    one = committed()[0].to_json()
    return {
        "not_utf8": lambda: puzzle_from_json(b"\xff{}"),
        "too_long": lambda: puzzle_from_json("x" * 200_001),
        "bad_json": lambda: puzzle_from_json("{"),
        "too_deep": lambda: puzzle_from_json("[" * 100_000 + "]" * 100_000),
        "not_object": lambda: puzzle_from_json("[1]"),
        "unknown_field": _edit("endgame", _set(("surprise",), 1)),
        "missing": _edit("endgame", _set(("solution",), DELETE)),
        "format": _edit("endgame", _set(("format",), "schotten-lab/puzzle@2")),
        "id": _edit("endgame", _set(("id",), "Has Spaces")),
        "kind": _edit("endgame", _set(("kind",), "opening")),
        "rating": _edit("endgame", _set(("rating",), 3001)),
        "source": _edit("claim", _set(("source",), [])),
        "estimate_required": _edit("midgame", _set(("estimate",), DELETE)),
        "estimate_shape": _edit("endgame", _set(("estimate",), [1])),
        "endgame_deck": _edit("midgame", _as_endgame),
        "position_field": _edit("endgame", _set(("position", "stones", 0, "south"), ["Z1"])),
        "position_to_move": _edit("endgame", _set(("position", "to_move"), "west")),
        "illegal": _edit("endgame", _twice),
        "hand_hidden": _edit("claim", _set(("position", "hands"), {"south": None, "north": None})),
        "question_shape": _edit("endgame", _set(("question",), "move")),
        "question_type": _edit("claim", _set(("question", "type"), "move")),
        "question_extra": _edit("endgame", _set(("question", "why"), 1)),
        "question_stone": _edit("claim", _claim_stone),
        "question_stone_number": _edit("claim", _set(("question",), {"type": "stone", "stone": 12})),
        "solution_shape": _edit("endgame", _set(("solution",), 3)),
        "solution_extra": _edit("endgame", _set(("solution", "extra"), 1)),
        "claim_solver": _edit("claim", _set(("solution", "player"), "nobody")),
        "claimable_open": _edit("claim", _claimable_open),
        "claimable_list": _edit("claim", _set(("solution", "claimable"), "all")),
        "claimable_stone": _edit("claim", _set(("solution", "claimable"), [10])),
        "claimable_order": _edit("claim", _set(("solution", "claimable"), [5, 2])),
        "solver": _edit("endgame", _set(("solution", "player"), "nobody")),
        "play_shape": _edit("endgame", _set(("solution", "play"), "R8")),
        "claimed_already": _edit("endgame", _set(("solution", "claim"), [1, 2, 3, 4, 5, 6, 7, 8, 9])),
        "card_shape": _edit("endgame", _set(("solution", "play", "card"), 8)),
        "card_unknown": _edit("endgame", _set(("solution", "play", "card"), "X9")),
        "not_in_hand": _edit("endgame", _other_card),
        "cannot_place": _edit("endgame", _full_stone),
        "play_extra": _edit("endgame", _set(("solution", "play", "why"), 1)),
        "line_required": _edit("endgame", _set(("line",), DELETE)),
        "line_shape": _edit("endgame", _set(("line",), [])),
        "line_long": _edit("endgame", _set(("line",), [{}] * 61)),
        "turn_shape": _edit("endgame", _set(("line", 0), 5)),
        "turn_extra": _edit("endgame", _set(("line", 0, "why"), 1)),
        "turn_player": _edit("endgame", _set(("line", 0, "player"), "nobody")),
        "turn_play": _edit("endgame", _set(("line", 0, "play"), 4)),
        "later_card": _edit("endgame", _set(("line", 1, "play"), {"card": "Q1", "stone": 1})),
        "line_start": _edit("endgame", _line_mismatch),
        "estimate_missing": _edit("midgame", _set(("estimate", "seed"), DELETE)),
        "estimate_extra": _edit("midgame", _set(("estimate", "why"), 1)),
        "method": _edit("midgame", _set(("estimate", "method"), 3)),
        "at_least": _edit("midgame", _set(("estimate", "deals"), 0)),
        "number_range": _edit("midgame", _set(("estimate", "win"), 1.5)),
        "interval_shape": _edit("midgame", _set(("estimate", "win_interval"), [0.5])),
        "interval_misses": _edit("midgame", _interval_misses),
        "placement_shape": _edit("midgame", _set(("estimate", "second"), None)),
        "second_is_answer": _edit("midgame", _second_is_answer),
        "explanation_shape": _edit("endgame", _set(("explanation",), "why")),
        "explanation_lang": _edit("endgame", _set(("explanation", "de"), "Hallo")),
        "text_shape": _edit("endgame", _set(("explanation", "en"), "")),
        "text_long": _edit("endgame", _set(("explanation", "fr"), "mot " * 1001)),
        "solvers_shape": _edit("endgame", _set(("solvers",), [])),
        "failure_rate": _edit("endgame", _set(("solvers", "random"), 2)),
        "same_id": lambda: read_puzzles([one, one]),
        "file_too_long": _read_file(tmp, b"x" * 200_001 + b"\n"),
        "file_not_utf8": _read_file(tmp, b"\xff\xfe{\n"),
        "cannot_read": lambda: read_puzzles(tmp / "no-such-file.jsonl"),
        "line_number": _read_file(tmp, (one + "\n\n" + one.replace('"rating":', '"rating":"x","r":')).encode()),
    }


ENGLISH = json.loads((Path(__file__).parent / "puzzle_errors_en.json").read_text(encoding="utf-8"))
"""Each case's English message as the reader wrote it before its messages became facts (written by
that tree, with the temporary folder as ``TMP``)."""


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_a_bad_puzzle_is_said_in_french_and_its_english_is_unchanged(name: str, tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        bad_cases(tmp_path)[name]()
    error = caught.value
    assert str(error).replace(str(tmp_path), "TMP") == ENGLISH[name]
    assert error.in_words("en") == str(error)
    french = error.in_words("fr").replace(str(tmp_path), "TMP")
    assert french != str(error).replace(str(tmp_path), "TMP")
    assert not french_problems(french), (french, french_problems(french))
    assert "\n" not in french and len(french) < 400


def test_every_case_is_pinned(tmp_path: Path) -> None:
    assert set(bad_cases(tmp_path)) == set(ENGLISH)


@pytest.mark.parametrize(
    ("path", "french"),
    [
        ("solution.play.card", "solution, coup, carte"),
        ("line[2].play.stone", "suite forcée, tour 3, coup, borne"),
        ("solution.claimable[0]", "solution, bornes revendicables, élément 1"),
        ("position.stones[1].south[0]", "position, borne 2, côté Sud, carte 1"),
        ("estimate.margin_interval", "estimation, intervalle de l’écart"),
        ("surprise", "champ «\u00a0surprise\u00a0»"),
        ("solvers.random", "solveurs, champ «\u00a0random\u00a0»"),
    ],
)
def test_a_field_is_said_in_words(path: str, french: str) -> None:
    assert PuzzleField(path).in_words("en") == path
    assert PuzzleField(path).in_words("fr") == french


def _broken_endgame() -> Any:
    puzzle = [p for p in committed() if p.kind == "endgame"][0]
    data = puzzle.to_dict()
    data["solution"]["claim"] = [] if data["solution"]["claim"] else [int(data["solution"]["play"]["stone"])]
    data["line"][0]["claim"] = data["solution"]["claim"]
    return puzzle_from_dict(data)


def test_what_a_check_finds_is_said_in_french() -> None:
    puzzle = _broken_endgame()
    problems = check_puzzle_problems(puzzle)
    assert [str(p) for p in problems] == check_puzzle(puzzle) != []
    assert any(text.startswith("solution.claim: the claims after the play are [") for text in check_puzzle(puzzle))
    for problem in problems:
        french = problem.in_words("fr")
        assert not french_problems(french), (french, french_problems(french))


def test_puzzles_check_lists_the_problems_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(_broken_endgame().to_json() + "\n", encoding="utf-8")
    assert main(["puzzles", "check", str(path), "--lang", "fr"]) != 0
    lines = capsys.readouterr().out.strip().replace(str(path), "X").splitlines()
    assert lines[0].startswith("X\u00a0: problème 1 (") and "solution, revendications\u00a0: bornes revendiquées après ce coup\u00a0: " in lines[0]
    for line in lines:
        assert not french_problems(line), (line, french_problems(line))


def test_a_bad_puzzle_file_is_refused_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    data = _puzzle("endgame")
    data["rating"] = "high"
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    assert main(["puzzles", "check", str(path), "--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "schotten-lab\u00a0: erreur\u00a0: ligne 1\u00a0: classement\u00a0: vaut «\u00a0high\u00a0» ; un classement est un nombre entier de 0 à 3\u00a0000".replace(" ; ", "\u00a0; ")


@pytest.mark.parametrize(
    ("call", "english"),
    [
        (lambda: generate("opening", 1, 0), "kind: 'opening': this version generates 'endgame', 'claim', 'midgame' puzzles"),
        (lambda: generate("claim", 1, 0, variant="mud"), "variant: 'mud': expected 'base' or 'tactics'"),
        (lambda: generate("endgame", 1, 0, variant="tactics"),
         "kind: 'endgame': the tactics variant has claim puzzles only (its endgames have no exact solver)"),
        (lambda: rating_of({"random": 0.5}, ("random", "greedy")), "solvers: no failure rate for greedy"),
        (lambda: rating_of({"random": 1.5}, ("random",)), "solvers: failure rates are from 0 to 1"),
    ],
)
def test_a_library_callers_arguments_are_refused_in_both_languages(call: Callable[[], object], english: str) -> None:
    with pytest.raises(ValueError) as caught:  # still a ValueError, as documented
        call()
    assert str(caught.value) == english
    french = caught.value.in_words("fr")  # type: ignore[attr-defined]
    assert french != english and not french_problems(french), (french, french_problems(french))
