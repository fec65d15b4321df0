"""Small helpers shared by the analysis modules: argument checking and probability formatting."""

from __future__ import annotations

import html
from fractions import Fraction

from ..core.errors import AnalysisError
from ..core.position import Position
from ..core.rules import STONE_COUNT, Player
from ..core.words import percent


def check_stone(position: Position, stone: int) -> int:
    """The stone number itself, or an :class:`AnalysisError` naming the bad value."""
    if isinstance(stone, bool) or not isinstance(stone, int) or not 1 <= stone <= STONE_COUNT:
        raise AnalysisError(f"stone must be a number from 1 to {STONE_COUNT}, not {stone!r}")
    return stone


def check_player(player: Player | str, what: str = "player") -> Player:
    try:
        return Player.parse(player)
    except ValueError:
        raise AnalysisError(f"{what} must be 'south' or 'north', not {player!r}") from None


def fraction_table(rows: list[tuple[str, Fraction]], title: str) -> str:
    """A small HTML table of exact probabilities (fraction and percentage) for notebooks."""
    body = "".join(
        f"<tr><td>{html.escape(name)}</td><td style='text-align:right'>{p.numerator}/{p.denominator}</td>"
        f"<td style='text-align:right'>{percent(p)}</td></tr>"
        for name, p in rows
    )
    return (
        f"<table><caption style='text-align:left'>{html.escape(title)}</caption>"
        f"<tr><th></th><th>exact</th><th>≈</th></tr>{body}</table>"
    )


__all__ = ["check_player", "check_stone", "fraction_table", "percent"]
