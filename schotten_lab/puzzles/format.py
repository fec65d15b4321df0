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
from ..core.errors import PositionFormatError, SchottenError
from ..core.file_words import SystemProblem
from ..core.position import Position
from ..core.position_json import position_from_dict, position_to_dict
from ..core.reader_words import JsonKind, JsonMessage, Quoted
from ..core.rules import Player
from ..core.words import Fact, check_lang, render, say
from .format_words import ByteProblem, Choices, Interval, PuzzleProblem, Whole

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

    def __init__(self, field: str, problem: object, line: int | None = None) -> None:
        self.field = field
        self.fact = None if isinstance(problem, str) else problem
        """The problem as a fact (or a reader's error), said in any language by :meth:`in_words`."""
        self.problem = render(problem, "en")
        """The problem's English."""
        self.line = line
        where = f"line {line}: " if line is not None else ""
        super().__init__(f"{where}{field}: {self.problem}" if field else f"{where}{self.problem}")

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang``: « ligne 3 : solution, coup, carte : … » in French."""
        if check_lang(lang) == "en":
            return str(self)
        said = PuzzleProblem(self.field, self.fact if self.fact is not None else self.problem).in_words(lang)
        return said if self.line is None else say("pzf.line", lang, line=Whole(self.line), problem=said)

    @classmethod
    def about(cls, field: str, key: str, line: int | None = None, **fields: object) -> PuzzleFormatError:
        """The error of ``field`` said by phrase ``key`` of :data:`~.format_words.PUZZLE_FORMAT_PHRASES`."""
        return cls(field, Fact.of(key, **fields), line)


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
            raise PuzzleFormatError.about("", "pzf.not_utf8", line, offset=Whole(exc.start)) from None
    if len(text) > MAX_LINE_CHARS:
        raise PuzzleFormatError.about("", "pzf.too_long", line, count=len(text), limit=MAX_LINE_CHARS)
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError.about("", "pzf.bad_json", line, message=JsonMessage(exc.msg), column=Whole(exc.colno)) from None
    except (RecursionError, ValueError):
        raise PuzzleFormatError.about("", "pzf.too_deep", line) from None
    return puzzle_from_dict(data, line)


def puzzle_from_dict(data: object, line: int | None = None) -> Puzzle:
    """A puzzle from a parsed JSON object; :class:`PuzzleFormatError` naming the field."""
    try:
        return _read(data)
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(exc.field, exc.fact if exc.fact is not None else exc.problem, line) from None


def read_puzzles(source: str | Path | Iterable[str]) -> list[Puzzle]:
    """Every puzzle of a JSON Lines file (a path) or of lines; blank lines are skipped; the first bad
    line raises :class:`PuzzleFormatError` with its number. Two puzzles with one id are refused."""
    puzzles: list[Puzzle] = []
    seen: dict[str, int] = {}
    for number, text in _lines(source):
        puzzle = puzzle_from_json(text, number)
        if puzzle.id in seen:
            raise PuzzleFormatError.about("id", "pzf.same_id", number, id=puzzle.id, other=Whole(seen[puzzle.id]))
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
                        raise PuzzleFormatError.about("", "pzf.too_many_bytes", number, count=len(raw))
                    text = raw.decode("utf-8-sig", errors="strict") if raw.strip() else ""
                    if text.strip():
                        yield number, text
        except UnicodeDecodeError as exc:
            raise PuzzleFormatError.about("", "pzf.file_not_utf8", path=str(path), reason=ByteProblem(exc.reason)) from None
        except OSError as exc:
            raise PuzzleFormatError.about("", "pzf.cannot_read", path=str(path), reason=SystemProblem(exc)) from None
        return
    for number, text in enumerate(source, 1):
        if text.strip():
            yield number, text


# ---- the checks ---------------------------------------------------------------------------------


def _read(data: object) -> Puzzle:
    if not isinstance(data, Mapping):
        raise PuzzleFormatError.about("", "pzf.not_object", kind=JsonKind(data))
    unknown = sorted(str(k) for k in set(data) - FIELDS)
    if unknown:
        raise PuzzleFormatError.about(_name(unknown[0]), "pzf.unknown_field")
    for name in REQUIRED:
        if name not in data:
            raise PuzzleFormatError.about(name, "pzf.missing")
    if data["format"] != FORMAT:
        raise PuzzleFormatError.about("format", "pzf.format", value=Quoted(data["format"]), format=FORMAT)
    ident = data["id"]
    if not isinstance(ident, str) or not ID_PATTERN.match(ident):
        raise PuzzleFormatError.about("id", "pzf.id", value=Quoted(ident))
    kind = data["kind"]
    if kind not in KINDS:
        raise PuzzleFormatError.about("kind", "pzf.kind", value=Quoted(kind), kinds=Choices(KINDS))
    position = _position(data["position"])
    rating = data["rating"]
    if isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= MAX_RATING:
        raise PuzzleFormatError.about("rating", "pzf.rating", value=Quoted(rating), most=Whole(MAX_RATING))
    question = _question(data["question"], kind, position)
    solution = _solution(data["solution"], kind, position)
    explanation = _explanation(data["explanation"])
    line = _line(data.get("line"), kind, solution, position)
    solvers = _solvers(data.get("solvers"))
    source = data.get("source", {})
    if not isinstance(source, Mapping):
        raise PuzzleFormatError.about("source", "pzf.not_an_object", kind=JsonKind(source))
    estimate = data.get("estimate")
    if kind == "midgame" and not isinstance(estimate, Mapping):
        raise PuzzleFormatError.about("estimate", "pzf.estimate_required")
    if estimate is not None and not isinstance(estimate, Mapping):
        raise PuzzleFormatError.about("estimate", "pzf.not_an_object", kind=JsonKind(estimate))
    if kind == "midgame":
        estimate = _estimate(estimate, position, solution)  # type: ignore[arg-type]
    if kind == "endgame" and position.deck != 0:
        raise PuzzleFormatError.about("position.deck.clan", "pzf.endgame_deck", value=position.deck)
    return Puzzle(ident, kind, position, question, rating, solution, explanation, line, solvers, dict(source), estimate)


def _position(raw: object) -> Position:
    try:
        position = position_from_dict(raw)
    except PositionFormatError as exc:
        raise PuzzleFormatError(f"position.{exc.field}" if exc.field else "position", exc.fact if exc.fact is not None else exc.problem) from None
    except SchottenError as exc:
        raise PuzzleFormatError("position", exc) from None
    problems = position.status()
    if problems:
        first = problems[0]
        said = first.fact if first.fact is not None else first.message
        raise PuzzleFormatError.about(f"position.{first.field}" if first.field else "position", "pzf.illegal", problem=said)
    if position.winner() is not None:
        raise PuzzleFormatError.about("position.stones", "pzf.game_over", winner=position.winner())
    if position.hands[position.to_move] is None:
        raise PuzzleFormatError.about(f"position.hands.{position.to_move.value}", "pzf.hand_hidden")
    return position


def _question(raw: object, kind: str, position: Position) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise PuzzleFormatError.about("question", "pzf.question_shape", kind=JsonKind(raw))
    allowed = QUESTIONS[kind]
    kind_of = raw.get("type")
    if kind_of not in allowed:
        raise PuzzleFormatError.about("question.type", "pzf.question_type", value=Quoted(kind_of), kind=Fact.of(f"pz_kind_{kind}"), allowed=Choices(allowed, "or"))
    expected = {"type", "stone"} if kind_of == "stone" else {"type"}
    extra = sorted(str(k) for k in set(raw) - expected)
    if extra:
        raise PuzzleFormatError.about(f"question.{_name(extra[0])}", "pzf.unknown_field")
    out: dict[str, Any] = {"type": kind_of}
    if kind_of == "stone":
        number = _stone_number(raw.get("stone"), "question.stone")
        s = position.stone(number)
        if s.claimed is not None or len(s.side(position.to_move)) < 3:
            raise PuzzleFormatError.about("question.stone", "pzf.not_claimable_question", stone=number)
        out["stone"] = number
    return out


def _solution(raw: object, kind: str, position: Position) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise PuzzleFormatError.about("solution", "pzf.not_an_object", kind=JsonKind(raw))
    me = position.to_move
    if kind == "claim":
        extra = sorted(str(k) for k in set(raw) - {"player", "claimable"})
        if extra:
            raise PuzzleFormatError.about(f"solution.{_name(extra[0])}", "pzf.unknown_field")
        if raw.get("player") != me.value:
            raise PuzzleFormatError.about("solution.player", "pzf.solver", value=Quoted(raw.get("player")), solver=me.value)
        stones = _stones(raw.get("claimable"), "solution.claimable")
        for number in stones:
            s = position.stone(number)
            if s.claimed is not None or len(s.side(me)) < 3:
                raise PuzzleFormatError.about("solution.claimable", "pzf.not_claimable", stone=number, player=me)
        return {"player": me.value, "claimable": list(stones)}
    extra = sorted(str(k) for k in set(raw) - {"player", "play", "claim"})
    if extra:
        raise PuzzleFormatError.about(f"solution.{_name(extra[0])}", "pzf.unknown_field")
    if "player" in raw and raw["player"] != me.value:
        raise PuzzleFormatError.about("solution.player", "pzf.solver_short", value=Quoted(raw["player"]), solver=me.value)
    play = raw.get("play")
    if not isinstance(play, Mapping):
        raise PuzzleFormatError.about("solution.play", "pzf.play_shape", kind=JsonKind(play))
    card, stone = _placement(play, "solution.play", position, me)
    claims = _stones(raw.get("claim", []), "solution.claim")
    for number in claims:
        if position.stone(number).claimed is not None:
            raise PuzzleFormatError.about("solution.claim", "pzf.already_claimed", stone=number)
    return {"play": {"card": str(card), "stone": stone}, "claim": list(claims)}


def _placement(play: Mapping[str, Any], here: str, position: Position, me: Player) -> tuple[Card, int]:
    extra = sorted(str(k) for k in set(play) - {"card", "stone"})
    if extra:
        raise PuzzleFormatError.about(f"{here}.{_name(extra[0])}", "pzf.unknown_field")
    code = play.get("card")
    if not isinstance(code, str):
        raise PuzzleFormatError.about(f"{here}.card", "pzf.card_shape", kind=JsonKind(code))
    try:
        card = Card.parse(code)
    except SchottenError as exc:
        raise PuzzleFormatError(f"{here}.card", exc) from None
    if card not in (position.hands[me] or ()):
        raise PuzzleFormatError.about(f"{here}.card", "pzf.not_in_hand", card=str(card), player=me)
    stone = _stone_number(play.get("stone"), f"{here}.stone")
    s = position.stone(stone)
    if s.claimed is not None or len(s.side(me)) >= 3:
        raise PuzzleFormatError.about(f"{here}.stone", "pzf.cannot_place", player=me, stone=stone)
    return card, stone


def _line(raw: object, kind: str, solution: Mapping[str, Any], position: Position) -> tuple[dict[str, Any], ...]:
    if raw is None:
        if kind == "endgame":
            raise PuzzleFormatError.about("line", "pzf.line_required")
        return ()
    if not isinstance(raw, list) or not raw:
        raise PuzzleFormatError.about("line", "pzf.line_shape", kind=JsonKind(raw))
    if len(raw) > MAX_LINE_TURNS:
        raise PuzzleFormatError.about("line", "pzf.line_long", count=Whole(len(raw)), most=MAX_LINE_TURNS)
    turns: list[dict[str, Any]] = []
    for i, turn in enumerate(raw):
        here = f"line[{i}]"
        if not isinstance(turn, Mapping):
            raise PuzzleFormatError.about(here, "pzf.turn_shape", kind=JsonKind(turn))
        extra = sorted(str(k) for k in set(turn) - {"player", "play", "claim"})
        if extra:
            raise PuzzleFormatError.about(f"{here}.{_name(extra[0])}", "pzf.unknown_field")
        who = position.to_move if i % 2 == 0 else position.to_move.opponent
        if turn.get("player") != who.value:
            raise PuzzleFormatError.about(f"{here}.player", "pzf.turn_player", value=Quoted(turn.get("player")), player=who.value)
        play = turn.get("play")
        out: dict[str, Any] = {"player": who.value, "play": None, "claim": list(_stones(turn.get("claim", []), f"{here}.claim"))}
        if play is not None:
            if not isinstance(play, Mapping):
                raise PuzzleFormatError.about(f"{here}.play", "pzf.turn_play", kind=JsonKind(play))
            if i == 0:
                card, stone = _placement(play, f"{here}.play", position, who)
            else:  # later turns are checked by replaying them (check_puzzle)
                try:
                    card = Card.parse(str(play.get("card")))
                except SchottenError as exc:
                    raise PuzzleFormatError(f"{here}.play.card", exc) from None
                stone = _stone_number(play.get("stone"), f"{here}.play.stone")
            out["play"] = {"card": str(card), "stone": stone}
        turns.append(out)
    first = turns[0]
    if first["play"] != solution.get("play") or first["claim"] != solution.get("claim"):
        raise PuzzleFormatError.about("line[0]", "pzf.line_start")
    return tuple(turns)


ESTIMATE_FIELDS = {
    "method", "deals", "seed", "moves", "confidence", "win", "win_interval", "second", "second_win", "margin",
    "margin_interval", "z",
}  # fmt: skip


def _estimate(raw: Mapping[str, Any], position: Position, solution: Mapping[str, Any]) -> dict[str, Any]:
    """A midgame puzzle's ``estimate``: the search's figures (docs/PUZZLES.md), shapes and ranges checked."""
    missing = sorted(ESTIMATE_FIELDS - set(map(str, raw)))
    if missing:
        raise PuzzleFormatError.about(f"estimate.{missing[0]}", "pzf.missing")
    extra = sorted(str(k) for k in set(raw) - ESTIMATE_FIELDS)
    if extra:
        raise PuzzleFormatError.about(f"estimate.{_name(extra[0])}", "pzf.unknown_field")
    if not isinstance(raw["method"], str) or not raw["method"].strip() or len(raw["method"]) > 200:
        raise PuzzleFormatError.about("estimate.method", "pzf.method", kind=JsonKind(raw["method"]))
    for name, least in (("deals", 1), ("moves", 2), ("seed", 0)):
        value = raw[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < least or value > 10**10:
            raise PuzzleFormatError.about(f"estimate.{name}", "pzf.at_least", value=Quoted(value), least=least)
    numbers: dict[str, float] = {}
    for name, low, high in (("confidence", 0, 1), ("win", 0, 1), ("second_win", 0, 1), ("margin", -1, 1), ("z", 0, 20)):
        value = raw[name]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise PuzzleFormatError.about(f"estimate.{name}", "pzf.number_range", value=Quoted(value), low=low, high=high)
        numbers[name] = float(value)
    for name, inside, low, high in (("win_interval", "win", 0, 1), ("margin_interval", "margin", -1, 1)):
        value = raw[name]
        if (not isinstance(value, list) or len(value) != 2
                or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not low <= v <= high for v in value)):  # fmt: skip
            raise PuzzleFormatError.about(f"estimate.{name}", "pzf.interval_shape", low=low, high=high, value=Quoted(value))
        if not value[0] <= numbers[inside] <= value[1]:
            raise PuzzleFormatError.about(f"estimate.{name}", "pzf.interval_misses", interval=Interval(tuple(value)), name=Fact.of(f"pzf.f_{inside}"), value=numbers[inside])
    second = raw["second"]
    if not isinstance(second, Mapping):
        raise PuzzleFormatError.about("estimate.second", "pzf.placement_shape", kind=JsonKind(second))
    card, stone = _placement(second, "estimate.second", position, position.to_move)
    if {"card": str(card), "stone": stone} == solution.get("play"):
        raise PuzzleFormatError.about("estimate.second", "pzf.second_is_answer")
    return {**raw, "second": {"card": str(card), "stone": stone}}


def _explanation(raw: object) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        raise PuzzleFormatError.about("explanation", "pzf.explanation_shape", kind=JsonKind(raw))
    extra = sorted(str(k) for k in set(raw) - {"en", "fr"})
    if extra:
        raise PuzzleFormatError.about(f"explanation.{_name(extra[0])}", "pzf.explanation_lang")
    out: dict[str, str] = {}
    for lang in ("en", "fr"):
        text = raw.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise PuzzleFormatError.about(f"explanation.{lang}", "pzf.text_shape", kind=JsonKind(text))
        if len(text) > MAX_TEXT:
            raise PuzzleFormatError.about(f"explanation.{lang}", "pzf.text_long", count=len(text), most=MAX_TEXT)
        out[lang] = text
    return out


def _solvers(raw: object) -> dict[str, float]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or len(raw) > 20:
        raise PuzzleFormatError.about("solvers", "pzf.solvers_shape")
    out: dict[str, float] = {}
    for name, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise PuzzleFormatError.about(f"solvers.{_name(name)}", "pzf.failure_rate", value=Quoted(value))
        out[str(name)] = float(value)
    return out


def _stones(raw: object, here: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > 9:
        raise PuzzleFormatError.about(here, "pzf.stones_shape", kind=JsonKind(raw))
    numbers = tuple(_stone_number(n, f"{here}[{i}]") for i, n in enumerate(raw))
    if len(set(numbers)) != len(numbers) or list(numbers) != sorted(numbers):
        raise PuzzleFormatError.about(here, "pzf.stones_order")
    return numbers


def _stone_number(raw: object, here: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 9:
        raise PuzzleFormatError.about(here, "pzf.stone_number", value=Quoted(raw))
    return raw


def _name(key: object) -> str:
    """A field name as given, cut short if long (it ends up in a one-line message)."""
    text = str(key)
    return text if len(text) <= 40 else f"{text[:40]}…"




__all__ = [
    "FORMAT", "KINDS", "Puzzle", "committed_files", "PuzzleFormatError", "puzzle_from_dict", "puzzle_from_json", "puzzle_to_dict",
    "puzzle_to_json", "read_puzzles",
]  # fmt: skip
