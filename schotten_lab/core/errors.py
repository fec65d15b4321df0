"""The library's exceptions: one ``ValueError`` subclass per way input can be wrong."""

from __future__ import annotations

from collections.abc import Sequence


class SchottenError(ValueError):
    """Base class of every error schotten_lab raises about its input."""


class CardError(SchottenError):
    """A card code that does not name a clan card (or tactics card)."""


class PositionFormatError(SchottenError):
    """A position document that cannot be read: bad JSON, a wrong type, a missing field.

    ``field`` is the path of the offending field (``stones[3].south[1]``), or ``""`` for the whole
    document.
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}" if field else problem)


class NotationError(SchottenError):
    """A text-notation string that cannot be read."""


class IllegalPositionError(SchottenError):
    """A position that reads fine but breaks the rules; carries every problem found."""

    def __init__(self, problems: Sequence[object]) -> None:  # Problem items; typed loosely to avoid a cycle
        self.problems = list(problems)
        lines = "; ".join(str(p) for p in problems)
        super().__init__(f"illegal position: {lines}")


class AnalysisError(SchottenError):
    """An analysis request that cannot be answered (bad stone number, unknown player, ...)."""
