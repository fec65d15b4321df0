"""The game layer's errors: an illegal turn, and a game record that cannot be read or breaks a rule."""

from __future__ import annotations

from ..core.errors import SchottenError

MAX_MESSAGE = 300
"""Error messages quote input; they are cut to this many characters so bad input stays bounded."""


def bounded(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote(value: object, limit: int = 60) -> str:
    """A short ``repr`` of some input, for messages."""
    return bounded(repr(value), limit)


class IllegalTurnError(SchottenError):
    """A decision that breaks a rule. ``rule`` is a short key (``placement``, ``claim``, ``tactics-count``,
    ``pass``, ``format``, ...) and the message says what is wrong in words."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.problem = bounded(message)
        super().__init__(f"illegal turn ({rule}): {self.problem}")


class RecordError(SchottenError):
    """A game record that cannot be read (``turn`` is ``None``) or whose turn ``turn`` (1-based) breaks
    ``rule``. ``field`` names the offending field when there is one."""

    def __init__(self, message: str, *, turn: int | None = None, rule: str = "format", field: str = "") -> None:
        self.turn = turn
        self.rule = rule
        self.field = field
        self.problem = bounded(message)
        where = f"turn {turn}" if turn is not None else "record"
        if field:
            where += f", {field}"
        super().__init__(f"{where} ({rule}): {self.problem}")
