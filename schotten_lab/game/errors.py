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

    def __init__(self, rule: str, message: object) -> None:
        self.rule = rule
        self.problem = bounded(str(message))
        """The problem's English; ``message`` may be a fact (:mod:`.record_words`), said in any language by :meth:`in_words`."""
        self.fact = None if isinstance(message, str) else message
        super().__init__(f"illegal turn ({rule}): {self.problem}")

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang`` (« coup illégal (forme) : … »; a problem without words of its own stays English)."""
        if lang == "en":
            return str(self)
        from ..core.words import say
        from .record_words import RuleName

        return say("record.illegal", lang, rule=RuleName(self.rule), problem=self.fact if self.fact is not None else self.problem)


class RecordError(SchottenError):
    """A game record that cannot be read (``turn`` is ``None``) or whose turn ``turn`` (1-based) breaks
    ``rule``. ``field`` names the offending field when there is one."""

    def __init__(self, message: object, *, turn: int | None = None, rule: str = "format", field: str = "") -> None:
        self.turn = turn
        self.rule = rule
        self.field = field
        self.problem = bounded(str(message))
        """The problem's English; ``message`` may be a fact (:mod:`.record_words`), said in any language by :meth:`in_words`."""
        self.fact = None if isinstance(message, str) else message
        where = f"turn {turn}" if turn is not None else "record"
        if field:
            where += f", {field}"
        super().__init__(f"{where} ({rule}): {self.problem}")

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang``: « tour 3, main de Sud à la donne (forme) : … » (a problem without
        words of its own stays English inside the French frame)."""
        if lang == "en":
            return str(self)
        from ..core.words import Fact, say
        from .record_words import RuleName, record_field

        where: object = Fact.of("record.turn", turn=self.turn) if self.turn is not None else Fact.of("record.record")
        if self.field and not (self.turn is not None and self.field == f"turns[{self.turn - 1}]"):  # « tour 3 », once
            where = Fact.of("record.in", where=where, field=record_field(self.field))
        problem = self.fact if self.fact is not None else self.problem
        return say("record.at", lang, where=where, rule=RuleName(self.rule), problem=problem)
