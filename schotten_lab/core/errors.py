"""The library's exceptions: one base, :class:`SchottenError`, and one subclass per kind of problem.

Every error the library raises about its input or arguments is a :class:`SchottenError` (itself a
``ValueError``, python-chess style), so ``except SchottenError`` catches exactly the documented
failures; anything else escaping a public function is a bug. docs/ERRORS.md lists who raises what.

The tree::

    SchottenError (ValueError)
    ├── CardError                 a card code that names no card
    ├── NotationError             a notation string that cannot be read
    ├── PositionFormatError       a JSON position document that cannot be read (``.field`` names where)
    ├── IllegalPositionError      a position that reads fine but breaks the rules (``.problems``)
    ├── ArgumentError             a public function called with a wrong type or value
    │   ├── PlayerError           not 'south' or 'north'
    │   ├── RulesError            an unknown variant, or rules that do not fit the position
    │   └── AnalysisError         an analysis request that cannot be answered
    │       └── TooLargeError     a computation refused up front (too big to answer exactly, fast)
    ├── OutputError               a file that cannot be written safely (bad path, format, failed write)
    │   └── ExportError           an image export failed (no browser, browser error); also a RuntimeError
    └── UsageError                a bad command line (the CLI's exit code 2)

Messages are one line and bounded: :func:`excerpt` quotes at most a short piece of a bad value, and
:func:`summarize` counts repeated problems instead of listing them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Self

EXCERPT_CHARS = 40
"""Longest piece of a bad value a message quotes."""
MESSAGE_ITEMS = 8
"""Most distinct problems a message lists before it says how many more there are."""
ITEM_CHARS = 200
"""Longest single problem in a message (a long list of places is cut)."""


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}…"


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how long the whole value is."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a repr that fails must not hide the real error
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def summarize(items: Iterable[object], limit: int = MESSAGE_ITEMS) -> str:
    """Items joined by '; ', each distinct text once with its count (``x3``), at most ``limit`` shown."""
    counts = Counter(_cut(str(item), ITEM_CHARS) for item in items)
    shown = [f"{text} (x{n})" if n > 1 else text for text, n in list(counts.items())[:limit]]
    hidden = sum(list(counts.values())[limit:])
    if hidden:
        shown.append(f"and {hidden} more")
    return "; ".join(shown)


def interruption_behind(error: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C (``KeyboardInterrupt``, or the command line's SIGTERM/SIGHUP subclass) behind
    ``error``, if any. A signal whose handler raised while compiled (numba) code was returning comes
    out as a chain of ``SystemError`` ("returned a result with an exception set") caused by the
    handler's exception; the caller re-raises or exits as for the signal itself."""
    seen: BaseException | None = error
    for _ in range(16):  # a short chain; a cycle cannot loop
        if seen is None or isinstance(seen, KeyboardInterrupt):
            return seen
        if not isinstance(seen, SystemError):
            return None
        seen = seen.__cause__ or seen.__context__
    return None


class SchottenError(ValueError):
    """Base class of every error schotten_lab raises about its input or arguments.

    ``fact`` (a :class:`~schotten_lab.core.words.Fact`, set by :meth:`of`) is the message as a
    phrase key and its fields: ``str()`` is its English, :meth:`in_words` says it in any language.
    """

    fact: object = None

    @classmethod
    def of(cls, key: str, **fields: object) -> Self:
        """The error whose message is phrase ``key`` with ``fields`` (its English the ``str()``)."""
        from .words import Fact  # the words live above this module

        fact = Fact.of(key, **fields)
        error = cls(fact.in_words("en"))
        error.fact = fact
        return error

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang`` (the English ``str()`` when it has no words of its own)."""
        if lang == "en" or self.fact is None:
            return str(self)
        from .words import render

        return render(self.fact, lang)


class CardError(SchottenError):
    """A card code that does not name a clan card (or tactics card)."""


class PositionFormatError(SchottenError):
    """A position document that cannot be read: bad JSON, a wrong type, a missing field, too large.

    ``field`` is the path of the offending field (``stones[3].south[1]``), or ``""`` for the whole
    document.
    """

    def __init__(self, field: str, problem: object) -> None:
        self.field = field
        self.problem = str(problem)
        """The problem's English (``problem`` may be a fact or a reader error, said in any language by :meth:`in_words`)."""
        self.fact = None if isinstance(problem, str) else problem
        super().__init__(f"{field}: {self.problem}" if field else self.problem)

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang``: « borne 2, côté Sud, carte 1 : carte inconnue « X9 » : … »."""
        if lang == "en" or self.fact is None:
            return str(self)
        from .reader_words import field_path  # the words live above this module
        from .words import render, say

        problem = render(self.fact, lang)
        return say("reader.at", lang, where=field_path(self.field), problem=problem) if self.field else problem


class NotationError(SchottenError):
    """A text-notation string that cannot be read (or is too long to be a position)."""


class IllegalPositionError(SchottenError):
    """A position that reads fine but breaks the rules; carries every problem found.

    The message lists each distinct problem once (repeats counted), at most ``MESSAGE_ITEMS`` of them.
    """

    def __init__(self, problems: Sequence[object]) -> None:  # Problem items; typed loosely to avoid a cycle
        self.problems = list(problems)
        super().__init__(f"illegal position: {summarize(problems)}")

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang`` (« position illégale : borne 4, côté Sud : … »)."""
        if lang == "en":
            return str(self)
        from .problem import illegal_words  # the words live above this module

        return illegal_words(self.problems, lang)


class ArgumentError(SchottenError):
    """A public function called with an argument of the wrong type or value (``draws=1.5``, ``None``)."""


class PlayerError(ArgumentError):
    """A player that is not ``'south'``/``'north'`` (or ``'s'``/``'n'``)."""


class RulesError(ArgumentError):
    """An unknown variant, or a rule set that does not fit the position (tactics rules on a base game)."""


class AnalysisError(ArgumentError):
    """An analysis request that cannot be answered (bad stone number, unknown hand, bad pool, ...)."""


class TooLargeError(AnalysisError):
    """A computation refused up front because it cannot be answered exactly in reasonable time.

    The message suggests the alternative (usually the Monte Carlo estimate).
    """


class OutputError(SchottenError):
    """A file that cannot be written safely: an unknown format, the output is an input, a symlink,
    or the write itself failed (the previous file, if any, is then left as it was)."""


class ExportError(OutputError, RuntimeError):
    """An image could not be written (no browser, or the browser failed)."""


class UsageError(SchottenError):
    """A bad command line or command-line input: the CLI prints the message and exits with code 2."""


__all__ = [
    "AnalysisError",
    "ArgumentError",
    "CardError",
    "ExportError",
    "IllegalPositionError",
    "NotationError",
    "OutputError",
    "PlayerError",
    "PositionFormatError",
    "RulesError",
    "SchottenError",
    "TooLargeError",
    "UsageError",
    "excerpt",
    "interruption_behind",
    "summarize",
]
