"""A rule a position breaks, as a value: the field it concerns and what is wrong.

:mod:`.legality` finds them; it lives apart so that :class:`~.position.Position` can name it while
the checks themselves import the position.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One rule broken by a position: the field it concerns and what is wrong.

    ``kind`` names the few problems callers treat apart (``"refill"``: a hand short of the refill
    while the deck lasts, which is the position at the claim moment, between placing and drawing;
    ``"over-limit"``: a hand above the limit, as after a Headhunter's draws, before its put-back).
    """

    field: str
    message: str
    kind: str = ""

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


__all__ = ["Problem"]
