"""The bot line protocol (ENGINE.md §3): one request per line in, one answer line out.

A request is a ``schotten-lab/position@1`` document seen by the player to move, with an optional
``"history"`` (the turns so far), and, while a Headhunter waits for its put-back, the engine's
``"pending"`` field (the answer is then ``{"player": ..., "return": [card, card]}``). The answer is the bot's turn (ENGINE.md §1) as compact JSON. A
line that cannot be read, or that the bot cannot answer, gets ``{"error": "..."}``; the bot reads
on. No line can stop the loop: only the end of the input does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import IO, Any

from ..core.position import Position
from ..game import observation_from_dict
from .base import Bot, mover

MAX_ERROR = 300
"""Error messages are cut to this many characters (a garbage line must not echo megabytes back)."""


class RequestError(ValueError):
    """A request line that is not a usable observation; the message names the field."""


def read_request(line: str) -> tuple[Position, list[Mapping[str, Any]] | None]:
    """The observation and history of one request line; :class:`RequestError` naming the problem."""
    if not line.strip():
        raise RequestError("empty request: expected a position@1 JSON object on the line")
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise RequestError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError(f"a request is a position@1 JSON object, not {type(data).__name__}")
    history = data.get("history")  # kept: the observation reads who played a Joker from it
    if history is not None and not (isinstance(history, list) and all(isinstance(t, dict) for t in history)):
        raise RequestError("history: expected a list of turn objects")
    try:
        position = observation_from_dict(data)
    except Exception as exc:  # the parser's errors name the field; anything else is still a bad request
        raise RequestError(str(exc)) from None
    problems = position.status()
    if getattr(position, "pending", None) is not None:
        # between Headhunter's draw and its put-back the hand is over the limit, as it should be
        problems = [p for p in problems if not p.field.startswith("hands.")]
    if problems:
        raise RequestError(f"illegal position: {problems[0]}")
    if position.winner() is not None:
        raise RequestError(f"the game is over: {position.winner()} has won")
    try:
        mover(position)
    except ValueError as exc:
        raise RequestError(f"hands.{position.to_move.value}: {exc}") from None
    return position, history


def answer(bot: Bot, line: str) -> dict[str, Any]:
    """The answer object to one request line: the bot's decision, or ``{"error": ...}``."""
    try:
        position, history = read_request(line)
        return bot.decide(position, history)
    except RequestError as exc:
        return {"error": _short(str(exc))}
    except Exception as exc:  # a bot failure on an odd position must not end the session
        return {"error": _short(f"the bot could not decide: {type(exc).__name__}: {exc}")}


def serve(bot: Bot, lines: Iterable[str | bytes], out: IO[str]) -> int:
    """Answer every line of ``lines`` on ``out`` (one answer line each, flushed); return the count.

    Bytes lines are decoded as UTF-8 with replacement, so no input can stop the loop; a blank line
    is a request too (it gets an error), which keeps requests and answers one to one.
    """
    answered = 0
    for raw in lines:
        line = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        out.write(json.dumps(answer(bot, line), separators=(",", ":")) + "\n")
        out.flush()
        answered += 1
    return answered


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_ERROR else text[: MAX_ERROR - 3] + "..."


__all__ = ["RequestError", "answer", "read_request", "serve"]
