"""Small helpers shared by the analysis modules: argument checking and probability formatting.

Every public analysis function checks its arguments with these before any work, so a wrong type
or value is an :class:`~schotten_lab.core.errors.ArgumentError` subclass naming the argument, never
a ``TypeError`` from deep inside; an illegal position is an
:class:`~schotten_lab.core.errors.IllegalPositionError` (positions from the notation or built by
hand are validated exactly like JSON ones, once per position object).
"""

from __future__ import annotations

import html
from fractions import Fraction

from ..core.cards import FULL_DECK, CardMask
from ..core.errors import AnalysisError, IllegalPositionError, RulesError, excerpt
from ..core.position import Position
from ..core.rules import STONE_COUNT, Player, RuleSet
from ..core.words import percent

MAX_SAMPLES = 1_000_000
"""Most Monte Carlo samples one call draws (a million already gives errors near 0.0005)."""


def check_position(position: Position) -> Position:
    """The position itself if it is legal; else raise. A hand short of the refill is accepted: that is
    the position at the claim moment (after placing, before drawing), unlike :meth:`Position.validate`.
    (:meth:`Position.status` is found once per position, so repeated checks cost nothing.)"""
    if not isinstance(position, Position):
        raise AnalysisError(f"position must be a Position, not {type(position).__name__} {excerpt(position)}")
    problems = [p for p in position.status() if p.kind != "refill"]
    if problems:
        raise IllegalPositionError(problems)
    return position


def check_rules(position: Position, rules: RuleSet | None) -> RuleSet:
    """``rules`` (default: the position's) if it is a :class:`RuleSet` of the position's variant."""
    if rules is None:
        return position.rules
    if not isinstance(rules, RuleSet):
        raise RulesError(f"rules must be a RuleSet such as RuleSet('tactics'), not {excerpt(rules)}")
    if rules.variant != position.rules.variant:
        raise RulesError(
            f"rules are for the {rules.variant} game but the position is a {position.rules.variant} position"
        )
    return rules


def check_stone(position: Position, stone: int) -> int:
    """The stone number itself (the position checked too), or an :class:`AnalysisError` naming the bad value."""
    check_position(position)
    if isinstance(stone, bool) or not isinstance(stone, int) or not 1 <= stone <= STONE_COUNT:
        raise AnalysisError(f"stone must be a number from 1 to {STONE_COUNT}, not {excerpt(stone)}")
    return stone


def check_player(player: Player | str, what: str = "player") -> Player:
    try:
        return Player.parse(player)
    except ValueError:
        raise AnalysisError(f"{what} must be 'south' or 'north', not {excerpt(player)}") from None


def check_count(value: int, what: str, most: int | None = None) -> int:
    """A whole number from 0 (to ``most``), or an :class:`AnalysisError` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (most is not None and value > most):
        limit = f" to {most:,}" if most is not None else " or more"
        raise AnalysisError(f"{what} must be a whole number from 0{limit}, not {excerpt(value)}")
    return value


def check_samples(samples: int) -> int:
    """A sample count from 1 to ``MAX_SAMPLES``."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise AnalysisError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, not {excerpt(samples)}")
    return samples


def check_pool(pool: CardMask | None, default: CardMask) -> CardMask:
    """A card mask (an int whose bits are clan cards 0-53), or ``default`` for ``None``."""
    if pool is None:
        return default
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0 or pool & ~FULL_DECK:
        raise AnalysisError(
            f"pool must be a card mask (an int with bits 0-53, e.g. position.public_pool), not {excerpt(pool)}"
        )
    return pool


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
