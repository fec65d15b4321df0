"""The command line's value parsers (argparse ``type=`` functions): players, stones, numbers,
seconds, bot options. Their refusals are said in the language the command line is read in
(:func:`.io.speaking`); argparse wraps them in its own « argument --x : … » line.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from ..core.errors import UsageError
from ..core.reader_words import Quoted
from ..core.rules import Player
from ..core.words import register, say
from .io import speaking

if TYPE_CHECKING:
    from ..bots.budget import Budget

VALUE_PHRASES = register({
    "value.rollouts": {"en": "must be a whole number of rollouts from 1 to {most}, not {value}",
                       "fr": "un nombre entier de simulations de 1 à {most} est attendu, et non {value}"},
    "value.seconds": {"en": "must be seconds above 0 and at most {most}, not {value}",
                      "fr": "un nombre de secondes supérieur à 0 et d'au plus {most} est attendu, et non {value}"},
    "value.at_least": {"en": "must be a whole number, {low} or more, not {value}",
                       "fr": "un nombre entier d'au moins {low} est attendu, et non {value}"},
    "value.range": {"en": "must be a whole number from {low} to {most}, not {value}",
                    "fr": "un nombre entier de {low} à {most} est attendu, et non {value}"},
})  # fmt: skip
"""The advise and puzzles commands' value refusals (en, fr)."""


def refusal(key: str, **fields: object) -> argparse.ArgumentTypeError:
    """A value parser's refusal, phrase ``key`` of :data:`VALUE_PHRASES`, in the language the command
    line is read in (argparse puts it after « argument --x : »)."""
    return argparse.ArgumentTypeError(say(key, speaking(), **fields))


def parse_player(text: str) -> Player:
    """An argparse type: ``south``/``north`` (or ``s``/``n``)."""
    try:
        return Player.parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("argparse.player", speaking(), value=Quoted(text))) from None


def parse_stone(text: str) -> int:
    """An argparse type: a stone number 1-9."""
    if not (text.strip().isascii() and text.strip().isdigit() and len(text.strip()) <= 3):
        raise argparse.ArgumentTypeError(say("argparse.stone", speaking(), value=Quoted(text)))
    number = int(text)
    if not 1 <= number <= 9:
        raise argparse.ArgumentTypeError(say("argparse.stone_range", speaking(), value=str(number)))
    return number


def parse_refute(text: str) -> tuple[int, Player]:
    """An argparse type: ``N:PLAYER`` (``1:south``), the claim whose counterexample is drawn."""
    stone, sep, player = text.partition(":")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: expected STONE:PLAYER, e.g. '1:south'")
    return parse_stone(stone), parse_player(player)


def parse_stones(text: str) -> list[int]:
    """An argparse type: stone numbers separated by commas (``1,3``), or ``none``."""
    if text.strip().lower() == "none":
        return []
    return [parse_stone(part) for part in text.replace(" ", "").split(",") if part]


def _type_words(key: str, value: object) -> str:
    """A value parser's message in the language the command line is read in."""
    return say(key, speaking(), value=Quoted(value))


def integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_integer", text)) from None


def count(text: str) -> int:
    """A whole number, 0 or more."""
    value = integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_count", value))
    return value


def seconds(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_seconds", text)) from None


def bot_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` for a bot option; the value is read as JSON when it can be (``3``, ``0.5``,
    ``true``), else kept as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip().isidentifier():
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_option", text))
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value


def bot_options(pairs: list[tuple[str, Any]], flag: str) -> dict[str, Any]:
    """Bot options from ``KEY=VALUE`` pairs; the seed has its own flag (selfplay seeds each game's bots)."""
    options = dict(pairs)
    if "seed" in options:
        raise UsageError.of("cli.seed_option", flag=flag)
    return options


def search_budget(seconds: float | None, rollouts: int | None) -> Budget:
    """The one :class:`~schotten_lab.bots.budget.Budget` of a command's two spellings, ``--budget
    SECONDS`` and ``--iterations N`` (argparse keeps them mutually exclusive): the rollouts when
    given, else the seconds, else the advisor's default two seconds."""
    from ..bots.budget import Budget

    return Budget.of(seconds=seconds, rollouts=rollouts)


def budget_of_options(options: dict[str, Any], flag: str) -> dict[str, Any]:
    """A bot's options (``--option KEY=VALUE``) with its budget's spellings (``budget=SECONDS``,
    ``iterations=N``, ``seconds=S``, ``rollouts=N``) made one ``budget`` value
    (:func:`~schotten_lab.bots.budget.budget_options`); two of them, or a bad value, is a one-line
    usage error naming ``flag``."""
    from ..bots.budget import budget_options

    try:
        return budget_options(options)
    except ValueError as exc:
        raise UsageError.of("cli.option_problem", flag=flag, problem=exc) from None


__all__ = ["VALUE_PHRASES", "bot_option", "bot_options", "budget_of_options", "search_budget", "count", "integer", "parse_player", "parse_refute", "parse_stone", "parse_stones", "refusal", "seconds"]
