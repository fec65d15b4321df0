"""The puzzle format ``schotten-lab/puzzle@1`` (docs/PUZZLES.md): one JSON object a line, read and written.

Reading checks every field and names the offending one (:class:`PuzzleFormatError`, with the line
number when reading a file), like positions and game records. The checks here are about the
document (shapes, ranges, an answer that is a legal move of the position); whether the answer is
*right* is :func:`schotten_lab.puzzles.prove.check_puzzle`'s job (it re-proves it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.cards import Card
from ..core.errors import PositionFormatError, SchottenError, excerpt
from ..core.position import Position
from ..core.position_json import json_kind as _kind
from ..core.position_json import position_from_dict, position_to_dict
from ..core.rules import Player

FORMAT = "schotten-lab/puzzle@1"
KINDS = ("endgame", "claim", "midgame")
QUESTIONS = {"endgame": ("move",), "midgame": ("move",), "claim": ("stone", "stones")}
"""The question types each kind may ask."""
MAX_LINE_CHARS = 200_000
"""Longest puzzle line read (a real one is under 5,000 characters)."""
MAX_RATING = 3000
MAX_TEXT = 4000
"""Longest explanation read, per language."""
MAX_LINE_TURNS = 60
"""Most turns in a forced line (a base game has at most 54 placements)."""
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
FIELDS = {
    "format", "id", "kind", "position", "question", "rating", "solution", "explanation", "line", "solvers",
    "source", "estimate",
}  # fmt: skip
REQUIRED = ("format", "id", "kind", "position", "question", "rating", "solution", "explanation")


class PuzzleFormatError(SchottenError):
    """A puzzle line that cannot be read: ``field`` is the offending field's path (``solution.play.card``),
    ``line`` the line number in its file (``None`` for a single document)."""

    def __init__(self, field: str, problem: str, line: int | None = None) -> None:
        self.field = field
        self.problem = problem
        self.line = line
        where = f"line {line}: " if line is not None else ""
        super().__init__(f"{where}{field}: {problem}" if field else f"{where}{problem}")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see docs/PUZZLES.md for every field).

    ``solution`` is kept as the plain JSON object of the format (other programs read it as is):
    ``{"play": {"card": "R8", "stone": 3}, "claim": [3]}`` for a move, ``{"player": "south",
    "claimable": [4, 7]}`` for a claim question. ``line`` is the forced line of an endgame (turns as
    the bot protocol answers them, the answer first), ``solvers`` how often each rating solver fails
    it (0 to 1), ``source`` where it was mined.
    """

    id: str
    kind: str
    position: Position
    question: Mapping[str, Any]
    rating: int
    solution: Mapping[str, Any]
    explanation: Mapping[str, str]
    line: tuple[Mapping[str, Any], ...] = ()
    solvers: Mapping[str, float] = field(default_factory=dict)
    source: Mapping[str, Any] = field(default_factory=dict)
    estimate: Mapping[str, Any] | None = None

    @property
    def solver(self) -> Player:
        """The player who solves the puzzle: the position's player to move."""
        return self.position.to_move

    @property
    def answer_move(self) -> tuple[Card, int] | None:
        """The answer's placement (card, stone 1-9) of a move puzzle, ``None`` for a claim puzzle."""
        play = self.solution.get("play")
        if not isinstance(play, Mapping):
            return None
        return Card.parse(str(play["card"])), int(play["stone"])

    @property
    def claimable(self) -> tuple[int, ...]:
        """A claim puzzle's answer: every stone the solver may claim now (ascending)."""
        return tuple(int(n) for n in self.solution.get("claimable", ()))

    def to_dict(self) -> dict[str, Any]:
        return puzzle_to_dict(self)

    def to_json(self) -> str:
        return puzzle_to_json(self)


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON-ready object of a puzzle (optional fields only when set)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "id": puzzle.id,
        "kind": puzzle.kind,
        "rating": puzzle.rating,
        "question": dict(puzzle.question),
        "solution": json.loads(json.dumps(puzzle.solution)),
        "explanation": dict(puzzle.explanation),
        "position": position_to_dict(puzzle.position),
    }
    if puzzle.line:
        data["line"] = [json.loads(json.dumps(t)) for t in puzzle.line]
    if puzzle.solvers:
        data["solvers"] = {k: round(float(v), 4) for k, v in puzzle.solvers.items()}
    if puzzle.source:
        data["source"] = dict(puzzle.source)
    if puzzle.estimate is not None:
        data["estimate"] = dict(puzzle.estimate)
    return data


def puzzle_to_json(puzzle: Puzzle) -> str:
    """One JSON Lines line (no newline)."""
    return json.dumps(puzzle_to_dict(puzzle), ensure_ascii=False, separators=(",", ":"))


def puzzle_from_json(text: str | bytes, line: int | None = None) -> Puzzle:
    """Read one puzzle line; :class:`PuzzleFormatError` naming the field."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PuzzleFormatError("", f"not UTF-8 text (bad byte at offset {exc.start})", line) from None
    if len(text) > MAX_LINE_CHARS:
        raise PuzzleFormatError("", f"{len(text):,} characters: too long for a puzzle (at most {MAX_LINE_CHARS:,})", line)
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError("", f"not valid JSON: {exc.msg} at column {exc.colno}", line) from None
    except (RecursionError, ValueError):
        raise PuzzleFormatError("", "not a puzzle: JSON nested too deeply or a huge number", line) from None
    return puzzle_from_dict(data, line)


def puzzle_from_dict(data: object, line: int | None = None) -> Puzzle:
    """A puzzle from a parsed JSON object; :class:`PuzzleFormatError` naming the field."""
    try:
        return _read(data)
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(exc.field, exc.problem, line) from None


def read_puzzles(source: str | Path | Iterable[str]) -> list[Puzzle]:
    """Every puzzle of a JSON Lines file (a path) or of lines; blank lines are skipped; the first bad
    line raises :class:`PuzzleFormatError` with its number. Two puzzles with one id are refused."""
    puzzles: list[Puzzle] = []
    seen: dict[str, int] = {}
    for number, text in _lines(source):
        puzzle = puzzle_from_json(text, number)
        if puzzle.id in seen:
            raise PuzzleFormatError("id", f"{puzzle.id!r} is already the id of line {seen[puzzle.id]}", number)
        seen[puzzle.id] = number
        puzzles.append(puzzle)
    return puzzles


def committed_files() -> list[Path]:
    """The committed set: ``data/puzzles/*.jsonl`` of the checkout the package runs from (may be empty)."""
    folder = Path(__file__).resolve().parent.parent.parent / "data" / "puzzles"
    return sorted(folder.glob("*.jsonl"))


def _lines(source: str | Path | Iterable[str]) -> Iterator[tuple[int, str]]:
    if isinstance(source, (str, Path)):
        path = Path(source)
        try:
            with path.open("rb") as handle:
                for number, raw in enumerate(handle, 1):
                    if len(raw) > MAX_LINE_CHARS:
                        raise PuzzleFormatError("", f"{len(raw):,} bytes: too long for a puzzle", number)
                    text = raw.decode("utf-8-sig", errors="strict") if raw.strip() else ""
                    if text.strip():
                        yield number, text
        except UnicodeDecodeError as exc:
            raise PuzzleFormatError("", f"{path}: not UTF-8 text ({exc.reason})") from None
        except OSError as exc:
            raise PuzzleFormatError("", f"cannot read {path}: {exc.strerror or exc}") from None
        return
    for number, text in enumerate(source, 1):
        if text.strip():
            yield number, text


# ---- the checks ---------------------------------------------------------------------------------


def _read(data: object) -> Puzzle:
    if not isinstance(data, Mapping):
        raise PuzzleFormatError("", f"a puzzle is a JSON object, not {_kind(data)}")
    unknown = sorted(str(k) for k in set(data) - FIELDS)
    if unknown:
        raise PuzzleFormatError(_name(unknown[0]), "unknown field")
    for name in REQUIRED:
        if name not in data:
            raise PuzzleFormatError(name, "is missing")
    if data["format"] != FORMAT:
        raise PuzzleFormatError("format", f"is {excerpt(data['format'])}; this version reads {FORMAT!r}")
    ident = data["id"]
    if not isinstance(ident, str) or not ID_PATTERN.match(ident):
        raise PuzzleFormatError("id", f"is {excerpt(ident)}; an id is 1 to 40 lowercase letters, digits or '-'")
    kind = data["kind"]
    if kind not in KINDS:
        raise PuzzleFormatError("kind", f"is {excerpt(kind)}; expected one of {', '.join(KINDS)}")
    position = _position(data["position"])
    rating = data["rating"]
    if isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= MAX_RATING:
        raise PuzzleFormatError("rating", f"is {excerpt(rating)}; a rating is a whole number from 0 to {MAX_RATING}")
    question = _question(data["question"], kind, position)
    solution = _solution(data["solution"], kind, position)
    explanation = _explanation(data["explanation"])
    line = _line(data.get("line"), kind, solution, position)
    solvers = _solvers(data.get("solvers"))
    source = data.get("source", {})
    if not isinstance(source, Mapping):
        raise PuzzleFormatError("source", f"must be an object, not {_kind(source)}")
    estimate = data.get("estimate")
    if kind == "midgame" and not isinstance(estimate, Mapping):
        raise PuzzleFormatError("estimate", "is required for a midgame puzzle (its answer is an estimate): an object")
    if estimate is not None and not isinstance(estimate, Mapping):
        raise PuzzleFormatError("estimate", f"must be an object, not {_kind(estimate)}")
    if kind == "midgame":
        estimate = _estimate(estimate, position, solution)  # type: ignore[arg-type]
    if kind == "endgame" and position.deck != 0:
        raise PuzzleFormatError("position.deck.clan", f"is {position.deck}; an endgame puzzle has an empty deck")
    return Puzzle(ident, kind, position, question, rating, solution, explanation, line, solvers, dict(source), estimate)


def _position(raw: object) -> Position:
    try:
        position = position_from_dict(raw)
    except PositionFormatError as exc:
        raise PuzzleFormatError(f"position.{exc.field}" if exc.field else "position", exc.problem) from None
    except SchottenError as exc:
        raise PuzzleFormatError("position", str(exc)) from None
    problems = position.status()
    if problems:
        raise PuzzleFormatError(f"position.{problems[0].field}" if problems[0].field else "position", f"illegal: {problems[0].message}")
    if position.winner() is not None:
        raise PuzzleFormatError("position.stones", f"the game is over ({position.winner().value} has won)")  # type: ignore[union-attr]
    if position.hands[position.to_move] is None:
        raise PuzzleFormatError(f"position.hands.{position.to_move.value}", "the solver's hand (the player to move) must be shown")
    return position


def _question(raw: object, kind: str, position: Position) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise PuzzleFormatError("question", f"must be an object like {{'type': 'move'}}, not {_kind(raw)}")
    allowed = QUESTIONS[kind]
    kind_of = raw.get("type")
    if kind_of not in allowed:
        raise PuzzleFormatError("question.type", f"is {excerpt(kind_of)}; a {kind} puzzle asks {' or '.join(map(repr, allowed))}")
    expected = {"type", "stone"} if kind_of == "stone" else {"type"}
    extra = sorted(str(k) for k in set(raw) - expected)
    if extra:
        raise PuzzleFormatError(f"question.{_name(extra[0])}", "unknown field")
    out: dict[str, Any] = {"type": kind_of}
    if kind_of == "stone":
        number = _stone_number(raw.get("stone"), "question.stone")
        s = position.stone(number)
        if s.claimed is not None or len(s.side(position.to_move)) < 3:
            raise PuzzleFormatError("question.stone", f"stone {number} is not one the solver could claim (claimed, or their side incomplete)")
        out["stone"] = number
    return out


def _solution(raw: object, kind: str, position: Position) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise PuzzleFormatError("solution", f"must be an object, not {_kind(raw)}")
    me = position.to_move
    if kind == "claim":
        extra = sorted(str(k) for k in set(raw) - {"player", "claimable"})
        if extra:
            raise PuzzleFormatError(f"solution.{_name(extra[0])}", "unknown field")
        if raw.get("player") != me.value:
            raise PuzzleFormatError("solution.player", f"is {excerpt(raw.get('player'))}; it must be the solver, {me.value!r} (the player to move)")
        stones = _stones(raw.get("claimable"), "solution.claimable")
        for number in stones:
            s = position.stone(number)
            if s.claimed is not None or len(s.side(me)) < 3:
                raise PuzzleFormatError("solution.claimable", f"stone {number} cannot be claimed by {me.value} (claimed, or their side incomplete)")
        return {"player": me.value, "claimable": list(stones)}
    extra = sorted(str(k) for k in set(raw) - {"player", "play", "claim"})
    if extra:
        raise PuzzleFormatError(f"solution.{_name(extra[0])}", "unknown field")
    if "player" in raw and raw["player"] != me.value:
        raise PuzzleFormatError("solution.player", f"is {excerpt(raw['player'])}; it must be the solver, {me.value!r}")
    play = raw.get("play")
    if not isinstance(play, Mapping):
        raise PuzzleFormatError("solution.play", f"must be an object like {{'card': 'R8', 'stone': 3}}, not {_kind(play)}")
    card, stone = _placement(play, "solution.play", position, me)
    claims = _stones(raw.get("claim", []), "solution.claim")
    for number in claims:
        if position.stone(number).claimed is not None:
            raise PuzzleFormatError("solution.claim", f"stone {number} is already claimed")
    return {"play": {"card": str(card), "stone": stone}, "claim": list(claims)}


def _placement(play: Mapping[str, Any], here: str, position: Position, me: Player) -> tuple[Card, int]:
    extra = sorted(str(k) for k in set(play) - {"card", "stone"})
    if extra:
        raise PuzzleFormatError(f"{here}.{_name(extra[0])}", "unknown field")
    code = play.get("card")
    if not isinstance(code, str):
        raise PuzzleFormatError(f"{here}.card", f"must be a card code such as 'R8', not {_kind(code)}")
    try:
        card = Card.parse(code)
    except SchottenError as exc:
        raise PuzzleFormatError(f"{here}.card", str(exc)) from None
    if card not in (position.hands[me] or ()):
        raise PuzzleFormatError(f"{here}.card", f"{card} is not in {me.value}'s hand")
    stone = _stone_number(play.get("stone"), f"{here}.stone")
    s = position.stone(stone)
    if s.claimed is not None or len(s.side(me)) >= 3:
        raise PuzzleFormatError(f"{here}.stone", f"{me.value} cannot place on stone {stone} (claimed, or their side full)")
    return card, stone


def _line(raw: object, kind: str, solution: Mapping[str, Any], position: Position) -> tuple[dict[str, Any], ...]:
    if raw is None:
        if kind == "endgame":
            raise PuzzleFormatError("line", "is required for an endgame puzzle (the forced line)")
        return ()
    if not isinstance(raw, list) or not raw:
        raise PuzzleFormatError("line", f"must be a non-empty list of turns, not {_kind(raw)}")
    if len(raw) > MAX_LINE_TURNS:
        raise PuzzleFormatError("line", f"has {len(raw)} turns; at most {MAX_LINE_TURNS}")
    turns: list[dict[str, Any]] = []
    for i, turn in enumerate(raw):
        here = f"line[{i}]"
        if not isinstance(turn, Mapping):
            raise PuzzleFormatError(here, f"must be a turn object, not {_kind(turn)}")
        extra = sorted(str(k) for k in set(turn) - {"player", "play", "claim"})
        if extra:
            raise PuzzleFormatError(f"{here}.{_name(extra[0])}", "unknown field")
        who = position.to_move if i % 2 == 0 else position.to_move.opponent
        if turn.get("player") != who.value:
            raise PuzzleFormatError(f"{here}.player", f"is {excerpt(turn.get('player'))}; turns alternate from the solver, so {who.value!r}")
        play = turn.get("play")
        out: dict[str, Any] = {"player": who.value, "play": None, "claim": list(_stones(turn.get("claim", []), f"{here}.claim"))}
        if play is not None:
            if not isinstance(play, Mapping):
                raise PuzzleFormatError(f"{here}.play", f"must be null (a pass) or an object, not {_kind(play)}")
            if i == 0:
                card, stone = _placement(play, f"{here}.play", position, who)
            else:  # later turns are checked by replaying them (check_puzzle)
                try:
                    card = Card.parse(str(play.get("card")))
                except SchottenError as exc:
                    raise PuzzleFormatError(f"{here}.play.card", str(exc)) from None
                stone = _stone_number(play.get("stone"), f"{here}.play.stone")
            out["play"] = {"card": str(card), "stone": stone}
        turns.append(out)
    first = turns[0]
    if first["play"] != solution.get("play") or first["claim"] != solution.get("claim"):
        raise PuzzleFormatError("line[0]", "the forced line must start with the solution's turn")
    return tuple(turns)


ESTIMATE_FIELDS = {
    "method", "deals", "seed", "moves", "confidence", "win", "win_interval", "second", "second_win", "margin",
    "margin_interval", "z",
}  # fmt: skip


def _estimate(raw: Mapping[str, Any], position: Position, solution: Mapping[str, Any]) -> dict[str, Any]:
    """A midgame puzzle's ``estimate``: the search's figures (docs/PUZZLES.md), shapes and ranges checked."""
    missing = sorted(ESTIMATE_FIELDS - set(map(str, raw)))
    if missing:
        raise PuzzleFormatError(f"estimate.{missing[0]}", "is missing")
    extra = sorted(str(k) for k in set(raw) - ESTIMATE_FIELDS)
    if extra:
        raise PuzzleFormatError(f"estimate.{_name(extra[0])}", "unknown field")
    if not isinstance(raw["method"], str) or not raw["method"].strip() or len(raw["method"]) > 200:
        raise PuzzleFormatError("estimate.method", f"must be a short non-empty text, not {_kind(raw['method'])}")
    for name, least in (("deals", 1), ("moves", 2), ("seed", 0)):
        value = raw[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < least or value > 10**10:
            raise PuzzleFormatError(f"estimate.{name}", f"is {excerpt(value)}; a whole number, at least {least}")
    numbers: dict[str, float] = {}
    for name, low, high in (("confidence", 0, 1), ("win", 0, 1), ("second_win", 0, 1), ("margin", -1, 1), ("z", 0, 20)):
        value = raw[name]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise PuzzleFormatError(f"estimate.{name}", f"is {excerpt(value)}; a number from {low} to {high}")
        numbers[name] = float(value)
    for name, inside, low, high in (("win_interval", "win", 0, 1), ("margin_interval", "margin", -1, 1)):
        value = raw[name]
        if (not isinstance(value, list) or len(value) != 2
                or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not low <= v <= high for v in value)):  # fmt: skip
            raise PuzzleFormatError(f"estimate.{name}", f"must be [low, high], two numbers from {low} to {high}, not {excerpt(value)}")
        if not value[0] <= numbers[inside] <= value[1]:
            raise PuzzleFormatError(f"estimate.{name}", f"{value} does not hold the estimate's {inside}, {numbers[inside]}")
    second = raw["second"]
    if not isinstance(second, Mapping):
        raise PuzzleFormatError("estimate.second", f"must be a placement like {{'card': 'R8', 'stone': 3}}, not {_kind(second)}")
    card, stone = _placement(second, "estimate.second", position, position.to_move)
    if {"card": str(card), "stone": stone} == solution.get("play"):
        raise PuzzleFormatError("estimate.second", "is the answer itself; it is the runner-up move")
    return {**raw, "second": {"card": str(card), "stone": stone}}


def _explanation(raw: object) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        raise PuzzleFormatError("explanation", f"must be an object like {{'en': ..., 'fr': ...}}, not {_kind(raw)}")
    extra = sorted(str(k) for k in set(raw) - {"en", "fr"})
    if extra:
        raise PuzzleFormatError(f"explanation.{_name(extra[0])}", "unknown language (the explanation is in 'en' and 'fr')")
    out: dict[str, str] = {}
    for lang in ("en", "fr"):
        text = raw.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise PuzzleFormatError(f"explanation.{lang}", f"must be a non-empty text, not {_kind(text)}")
        if len(text) > MAX_TEXT:
            raise PuzzleFormatError(f"explanation.{lang}", f"{len(text):,} characters; at most {MAX_TEXT:,}")
        out[lang] = text
    return out


def _solvers(raw: object) -> dict[str, float]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or len(raw) > 20:
        raise PuzzleFormatError("solvers", "must be an object of at most 20 solver names and failure rates")
    out: dict[str, float] = {}
    for name, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise PuzzleFormatError(f"solvers.{_name(name)}", f"is {excerpt(value)}; a failure rate is from 0 to 1")
        out[str(name)] = float(value)
    return out


def _stones(raw: object, here: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > 9:
        raise PuzzleFormatError(here, f"must be a list of stone numbers (1 to 9), not {_kind(raw)}")
    numbers = tuple(_stone_number(n, f"{here}[{i}]") for i, n in enumerate(raw))
    if len(set(numbers)) != len(numbers) or list(numbers) != sorted(numbers):
        raise PuzzleFormatError(here, "must list distinct stones in ascending order")
    return numbers


def _stone_number(raw: object, here: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 9:
        raise PuzzleFormatError(here, f"is {excerpt(raw)}; a stone is a whole number from 1 to 9")
    return raw


def _name(key: object) -> str:
    """A field name as given, cut short if long (it ends up in a one-line message)."""
    text = str(key)
    return text if len(text) <= 40 else f"{text[:40]}…"




__all__ = [
    "FORMAT", "KINDS", "Puzzle", "committed_files", "PuzzleFormatError", "puzzle_from_dict", "puzzle_from_json", "puzzle_to_dict",
    "puzzle_to_json", "read_puzzles",
]  # fmt: skip
