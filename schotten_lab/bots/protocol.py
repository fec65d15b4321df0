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
from dataclasses import dataclass
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any

from ..core.position import Position
from ..core.problem import Problem
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


class RequestError(ValueError):
    """A request line that is not a usable observation; the message names the field."""


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
        raise RequestError("empty request: expected a position@1 JSON object on the line")
    try:
        data = json.loads(line.lstrip("\ufeff"))
    except (ValueError, RecursionError) as exc:
        raise RequestError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError(f"a request is a position@1 JSON object, not {JSON_TYPES.get(type(data), 'null')}")
    if "to_move" not in data:
        raise RequestError("to_move: is missing: a request names the player to move ('south' or 'north')")
    history = data.get("history")  # kept: the observation reads who played a Joker from it
    if history is not None and not (isinstance(history, list) and all(isinstance(t, dict) for t in history)):
        raise RequestError("history: expected a list of turn objects")
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
        raise RequestError(str(exc)) from None
    problems = pending_problems(position)
    if problems:
        raise RequestError(f"illegal position: {problems[0]}")
    if position.winner() is not None:
        raise RequestError(f"the game is over: {position.winner()} has won")
    try:
        mover(position)
    except ValueError as exc:
        raise RequestError(f"hands.{position.to_move.value}: {exc}") from None
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
        problems.append(Problem(field, f"holds {size} cards: putting {pending.returns} back (pending Headhunter) "
                                f"leaves {kept}, but a hand holds {limit} while the decks last, at most {limit} after"))  # fmt: skip
    return problems


def answer(bot: Bot, line: str) -> dict[str, Any]:
    """The answer object to one request line: the bot's decision (with ``ignored_fields`` naming
    the request's unknown top-level fields, at most :data:`MAX_IGNORED`), or ``{"error": ...}``."""
    try:
        request = parse_request(line)
        decision = bot.decide(request.observation, request.history)
    except RequestError as exc:
        return {"error": _short(str(exc))}
    except Exception as exc:  # a bot failure on an odd position must not end the session
        return {"error": _short(f"the bot could not decide: {type(exc).__name__}: {exc}")}
    reply = decision.to_dict() if isinstance(decision, Turn) else dict(decision)  # a bot of outside may answer a dict
    if request.ignored:
        reply["ignored_fields"] = [_short(name, 40) for name in request.ignored[:MAX_IGNORED]]
    return reply


def serve(bot: Bot, lines: Iterable[str | bytes | RequestError], out: IO[str]) -> int:
    """Answer every line of ``lines`` on ``out`` (one answer line each, flushed); return the count.

    Bytes lines are decoded as UTF-8 with replacement, so no input can stop the loop; a blank line
    is a request too (it gets an error), which keeps requests and answers one to one. An item that
    is a :class:`RequestError` (a line :func:`request_lines` could not read) gets that error.
    """
    answered = 0
    for raw in lines:
        if isinstance(raw, RequestError):
            reply: dict[str, Any] = {"error": _short(str(raw))}
        else:
            reply = answer(bot, raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw)
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
        yield RequestError(f"request line longer than {limit:,} bytes: a position@1 request is a few kB")
        while line and not line.endswith(b"\n"):
            line = stream.readline(limit + 1)


def _short(text: str, limit: int = MAX_ERROR) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


__all__ = [
    "MAX_LINE", "Request", "RequestError", "answer", "observation_of", "parse_request", "pending_problems", "read_request",
    "request_lines", "serve",
]  # fmt: skip
