"""The bot line protocol (docs/reference/formats.md, "The bot line protocol"): one request per line in, one answer line out.

A request is a ``schotten-lab/position@1`` document seen by the player to move (``to_move`` must
be given), with an optional ``"history"`` (the turns so far), and, while a Headhunter waits for its
put-back, the engine's ``"pending"`` field (the answer is then ``{"player": ..., "return": [card,
card]}``). The answer is the bot's turn (docs/reference/formats.md, "A turn") as compact JSON; a request's unknown top-level
fields (a referee's own) are ignored and named in the answer's ``ignored_fields``. A line that cannot
be read, or that the bot cannot answer, gets ``{"error": "..."}``; the bot reads on. A line over
:data:`MAX_LINE` bytes is skipped without being held in memory and gets an error. No line can stop
the loop: only the end of the input does."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any

from ..core.position import Position
from ..core.problem import Problem
from ..core.reader_words import FieldPath, JsonMessage
from ..core.words import Fact, check_lang, register, render, say
from ..game import Turn, observation_from_dict
from .base import Bot, mover

MAX_ERROR = 300
"""Error messages are cut to this many characters (a garbage line must not echo megabytes back)."""
MAX_LINE = 1_000_000
"""Longest request line read, in bytes (a request with a whole game's history is under 50 kB): a
longer line is skipped to its end without being held in memory, and gets an error answer."""
MAX_IGNORED = 10
"""Unknown request fields named in an answer (the first, alphabetically): the answer stays short."""
REQUEST_FIELDS = frozenset({
    "format", "variant", "expert", "to_move", "stones", "hands", "hand_sizes", "deck", "discard", "tactics_played",
    "title", "description", "expected", "pending", "jokers_played", "translations",
})  # fmt: skip
"""The top-level fields of a request read as the position (position@1's and an observation's; a test
checks they are all the position format's); ``history`` is read apart, any other field is ignored."""
JSON_TYPES = {dict: "an object", list: "an array", str: "a string", int: "a number", float: "a number", bool: "a boolean"}
_JSON_KEYS = {dict: "object", list: "array", str: "string", int: "number", float: "number", bool: "boolean"}

PROTOCOL_PHRASES = register({
    "req.problem": {"en": "{problem}", "fr": "{problem}"},
    "req.empty": {"en": "empty request: expected a position@1 JSON object on the line",
                  "fr": "requête vide : un objet JSON position@1 est attendu sur la ligne"},
    "req.not_json": {"en": "not JSON: {error}", "fr": "ce n'est pas du JSON : {error}"},
    "req.json_at": {"en": "{message}: line {line} column {column}", "fr": "{message}, ligne {line}, colonne {column}"},
    "req.json_deep": {"en": "JSON nested too deeply", "fr": "JSON trop profondément imbriqué"},
    "req.not_object": {"en": "a request is a position@1 JSON object, not {kind}", "fr": "une requête est un objet JSON position@1, et non {kind}"},
    "req.kind_object": {"en": "an object", "fr": "un objet"},
    "req.kind_array": {"en": "an array", "fr": "un tableau"},
    "req.kind_string": {"en": "a string", "fr": "un texte"},
    "req.kind_number": {"en": "a number", "fr": "un nombre"},
    "req.kind_boolean": {"en": "a boolean", "fr": "un booléen"},
    "req.kind_null": {"en": "null", "fr": "null"},
    "req.no_to_move": {"en": "to_move: is missing: a request names the player to move ('south' or 'north')",
                       "fr": "il manque le champ « to_move » : une requête nomme le joueur qui joue (« south » ou « north »)"},
    "req.history": {"en": "history: expected a list of turn objects", "fr": "le champ « history » doit être une liste de tours (des objets)"},
    "req.illegal": {"en": "illegal position: {problem}", "fr": "position illégale : {problem}"},
    "req.game_over": {"en": "the game is over: {winner} has won", "fr": "la partie est finie : {winner} a gagné"},
    "req.hand_hidden": {"en": "{where}: the observation does not show {player}'s hand (the player to move)",
                        "fr": "{where} : la position ne la montre pas, or {player} est le joueur qui joue"},
    "req.pending_hand": {"en": "holds {size} cards: putting {returns} back (pending Headhunter) leaves {kept}, but a hand holds {limit} while the decks last, at most {limit} after",
                         "fr": "compte {size} cartes : en remettre {returns} (Chasseur de tête en cours) en laisse {kept}, or une main compte {limit} cartes tant que les pioches durent, {limit} au plus ensuite"},
    "req.could_not_decide": {"en": "the bot could not decide: {error}", "fr": "le bot n'a pas pu choisir son tour : {error}"},
    "req.program_says": {"en": "{text}", "fr": "le programme répond « {text} »"},
    "req.too_long": {"en": "request line longer than {limit} bytes: a position@1 request is a few kB",
                     "fr": "ligne de requête de plus de {limit} octets : une requête position@1 fait quelques ko"},
})  # fmt: skip
"""A request's errors (en, fr): the answer's ``error`` is in the bot's language, its fields stay as the spec says."""


class RequestError(ValueError):
    """A request line that is not a usable observation; the message names the field. ``fact``: the
    message as a phrase (``req.*``), said in any language by :meth:`in_words` (its English the ``str()``)."""

    fact: object = None

    @classmethod
    def of(cls, key: str, **fields: object) -> RequestError:
        fact = Fact.of(key, **fields)
        error = cls(fact.in_words("en"))
        error.fact = fact
        return error

    def in_words(self, lang: str = "en") -> str:
        return str(self) if check_lang(lang) == "en" or self.fact is None else render(self.fact, lang)


@dataclass(frozen=True, slots=True)
class _JsonProblem:
    """Why a line is not JSON: Python's own words in English (as always), the reader's French otherwise."""

    error: BaseException

    def in_words(self, lang: str = "en") -> str:
        exc = self.error
        if check_lang(lang) == "en":
            return str(exc)
        if isinstance(exc, json.JSONDecodeError):
            return say("req.json_at", lang, message=JsonMessage(exc.msg), line=str(exc.lineno), column=str(exc.colno))
        return say("req.json_deep", lang)


@dataclass(frozen=True, slots=True)
class _ProgramSays:
    """An unexpected error's own text (a bug's): as it is in English, quoted as the program's answer in French."""

    text: str

    def in_words(self, lang: str = "en") -> str:
        return self.text if check_lang(lang) == "en" else say("req.program_says", lang, text=self.text)


@dataclass(frozen=True)
class Request:
    """One request line read: the observation, the history if sent, and the top-level fields the
    bot does not know (a referee's own, e.g. a game id), which it leaves out and names in its answer."""

    observation: Position
    history: list[Mapping[str, Any]] | None
    ignored: tuple[str, ...] = ()


def parse_request(line: str) -> Request:
    """The :class:`Request` of one line; :class:`RequestError` naming the problem.

    Unknown top-level fields do not make a request unreadable (a referee may add its own; the format
    lets each side add fields): they are left out, and :func:`answer` names them. Unknown fields
    inside the position (a stone's, a hand's) and unknown values are still errors."""
    if not line.strip():
        raise RequestError.of("req.empty")
    try:
        data = json.loads(line.lstrip("\ufeff"))
    except (ValueError, RecursionError) as exc:
        raise RequestError.of("req.not_json", error=_JsonProblem(exc)) from None
    if not isinstance(data, dict):
        raise RequestError.of("req.not_object", kind=Fact.of(f"req.kind_{_JSON_KEYS.get(type(data), 'null')}"))
    if "to_move" not in data:
        raise RequestError.of("req.no_to_move")
    history = data.get("history")  # kept: the observation reads who played a Joker from it
    if history is not None and not (isinstance(history, list) and all(isinstance(t, dict) for t in history)):
        raise RequestError.of("req.history")
    ignored = tuple(sorted(str(k) for k in data if k not in REQUEST_FIELDS and k != "history"))
    known = {k: v for k, v in data.items() if k in REQUEST_FIELDS or k == "history"}
    return Request(observation_of(known), history, ignored)


def read_request(line: str) -> tuple[Position, list[Mapping[str, Any]] | None]:
    """The observation and history of one request line; :class:`RequestError` naming the problem."""
    request = parse_request(line)
    return request.observation, request.history


def observation_of(data: Mapping[str, Any]) -> Position:
    """The observation of a request (or of ``advise``'s position file): a legal position@1 document,
    with the engine's ``pending`` and ``jokers_played`` when set, whose player to move can move.
    :class:`RequestError` naming the field otherwise."""
    try:
        position = observation_from_dict(data)
    except Exception as exc:  # the parser's errors name the field; anything else is still a bad request
        raise RequestError.of("req.problem", problem=exc) from None
    problems = pending_problems(position)
    if problems:
        raise RequestError.of("req.illegal", problem=problems[0])
    if position.winner() is not None:
        raise RequestError.of("req.game_over", winner=position.winner())
    try:
        mover(position)
    except ValueError:  # the mover's hand is not shown: its one refusal
        raise RequestError.of("req.hand_hidden", where=FieldPath(f"hands.{position.to_move.value}"), player=position.to_move) from None
    return position


def pending_problems(position: Position) -> list[Problem]:
    """:meth:`Position.status`, except that between Headhunter's draw and its put-back the mover's
    hand is judged as it will be once the cards are back: at most the limit, and the limit exactly
    while the decks hold cards (the refill rule; the draws left them at least that). Every other
    problem of the hand (a card seen twice...) still counts."""
    pending = getattr(position, "pending", None)
    if pending is None:
        return position.status()
    player = position.to_move
    field = f"hands.{player.value}"
    problems = [p for p in position.status() if not (p.field == field and p.kind in ("refill", "over-limit"))]
    size, limit = position.hand_sizes[player], position.rules.hand_limit
    kept = size - pending.returns
    if kept > limit or (kept != limit and position.deck + position.tactics_deck > 0):
        fact = Fact.of("req.pending_hand", size=size, returns=pending.returns, kept=kept, limit=limit)
        problems.append(Problem(field, fact.in_words("en"), fact=fact))
    return problems


def answer(bot: Bot, line: str, lang: str = "en") -> dict[str, Any]:
    """The answer object to one request line: the bot's decision (with ``ignored_fields`` naming
    the request's unknown top-level fields, at most :data:`MAX_IGNORED`), or ``{"error": ...}``, its
    message in ``lang`` (the fields' names and the turn stay as the protocol says)."""
    try:
        request = parse_request(line)
        decision = bot.decide(request.observation, request.history)
    except RequestError as exc:
        return {"error": _short(exc.in_words(lang))}
    except Exception as exc:  # a bot failure on an odd position must not end the session
        said = say("req.could_not_decide", lang, error=_ProgramSays(f"{type(exc).__name__}: {exc}"))
        return {"error": _short(said)}
    reply = decision.to_dict() if isinstance(decision, Turn) else dict(decision)  # a bot of outside may answer a dict
    if request.ignored:
        reply["ignored_fields"] = [_short(name, 40) for name in request.ignored[:MAX_IGNORED]]
    return reply


def serve(bot: Bot, lines: Iterable[str | bytes | RequestError], out: IO[str], lang: str = "en") -> int:
    """Answer every line of ``lines`` on ``out`` (one answer line each, flushed); return the count.

    Bytes lines are decoded as UTF-8 with replacement, so no input can stop the loop; a blank line
    is a request too (it gets an error), which keeps requests and answers one to one. An item that
    is a :class:`RequestError` (a line :func:`request_lines` could not read) gets that error. The
    errors' messages are in ``lang``.
    """
    answered = 0
    for raw in lines:
        if isinstance(raw, RequestError):
            reply: dict[str, Any] = {"error": _short(raw.in_words(lang))}
        else:
            reply = answer(bot, raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw, lang)
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()
        answered += 1
    return answered


def request_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes | RequestError]:
    """The lines of ``stream`` as they arrive (each one as soon as its newline is read), a line
    longer than ``limit`` bytes replaced by a :class:`RequestError` as soon as its first ``limit``
    bytes are read, so the sender gets its answer at once even if the line never ends (the rest is then
    read in pieces and dropped, never held whole). The last line may lack its newline."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        yield RequestError.of("req.too_long", limit=limit)
        while line and not line.endswith(b"\n"):
            line = stream.readline(limit + 1)


def _short(text: str, limit: int = MAX_ERROR) -> str:
    text = re.sub(r"[^\S\u00a0\u202f]+", " ", text).strip(" ")  # one line; French no-break spaces kept
    return text if len(text) <= limit else text[: limit - 3] + "..."


__all__ = [
    "MAX_LINE", "PROTOCOL_PHRASES", "Request", "RequestError", "answer", "observation_of", "parse_request", "pending_problems", "read_request",
    "request_lines", "serve",
]  # fmt: skip
