"""Every word the library shows a user, in English and French, and the one way to print a probability.

Results are structured values (enums, locations, facts with fields); this module turns them into text.
Nothing else should hold a user-facing phrase or a percentage format.

- :func:`percent`, :func:`fraction`, :func:`fraction_percent`: probabilities as text (one rounding rule).
- :func:`player`, :func:`color`, :func:`formation`: names in either language.
- :func:`say`: a phrase of :data:`PHRASES` by key, its ``{fields}`` filled in and rendered in the
  language (a field may be a player, a card tuple, a probability, or any value with ``in_words(lang)``).

To add a phrase: add one key to :data:`PHRASES` with an ``"en"`` and an ``"fr"`` text using the same
``{fields}`` (a test checks both languages have the same fields). Views keep their own label tables as
further dictionaries of the same shape (``{key: {"en": ..., "fr": ...}}``) registered with
:func:`register`.
"""

from __future__ import annotations

import enum
import string
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Protocol, runtime_checkable

from .errors import SchottenError

LANGS = ("en", "fr")
"""The languages every phrase exists in."""

Phrases = dict[str, dict[str, str]]


class WordsError(SchottenError):
    """An unknown language or phrase key, or a phrase missing one of its fields."""


@runtime_checkable
class InWords(Protocol):
    """A value that renders itself in a language (locations, facts)."""

    def in_words(self, lang: str = "en") -> str: ...


def check_lang(lang: str) -> str:
    """``lang`` itself if it is a known language, else a :class:`WordsError` naming it."""
    if lang not in LANGS:
        raise WordsError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")
    return lang


# ---- probabilities ---------------------------------------------------------------------------------


def percent(p: Fraction | float, lang: str = "en") -> str:
    """A probability as a short percentage: ``"37.5%"`` (``"37,5%"`` in French); ``"<0.1%"`` and
    ``">99.9%"`` near the ends, so a possible event never reads as 0% and an uncertain one never as 100%."""
    value = float(p) * 100
    if value in (0, 100):
        text = f"{value:.0f}%"
    elif value < 0.1:
        text = "<0.1%"
    elif value > 99.9:
        text = ">99.9%"
    else:
        text = f"{value:.1f}%"
    return text.replace(".", ",") if check_lang(lang) == "fr" else text


def fraction(p: Fraction) -> str:
    """An exact probability: ``"3/46"``, or ``"0"``/``"1"`` when it is certain."""
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def fraction_percent(p: Fraction | float, lang: str = "en", *, approx: bool = False) -> str:
    """The exact fraction and its percentage.

    ``approx=False``: ``"3/46 (6.5%)"``, a certainty as ``"0"``/``"1"`` (reports in sentences);
    ``approx=True``: ``"3/46 ≈ 6.5%"``, a certainty or a float as its percentage (tables, charts).
    """
    if not isinstance(p, Fraction):
        return percent(p, lang)
    if p.denominator == 1:
        return percent(p, lang) if approx else str(p.numerator)
    return f"{fraction(p)} ≈ {percent(p, lang)}" if approx else f"{fraction(p)} ({percent(p, lang)})"


def estimate(p: float, stderr: float, lang: str = "en") -> str:
    """A Monte Carlo estimate with its standard error: ``"37.5% ± 0.4%"``."""
    return f"{percent(p, lang)} ± {percent(stderr, lang)}"


# ---- names -----------------------------------------------------------------------------------------

PLAYER_NAMES: Phrases = {"south": {"en": "south", "fr": "sud"}, "north": {"en": "north", "fr": "nord"}}
COLOR_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("red", "blue", "green", "yellow", "purple", "brown"),
    "fr": ("rouge", "bleu", "vert", "jaune", "violet", "marron"),
}
"""Colour names in the order of ``Color`` (R B G Y P N)."""
FORMATION_NAMES: Phrases = {
    "color_run": {"en": "color run", "fr": "suite couleur"},
    "three_of_a_kind": {"en": "three of a kind", "fr": "brelan"},
    "four_of_a_kind": {"en": "four of a kind", "fr": "carré"},
    "color": {"en": "color", "fr": "couleur"},
    "run": {"en": "run", "fr": "suite"},
    "sum": {"en": "sum", "fr": "somme"},
}
"""Formation names by ``Rank.key`` (``four_of_a_kind``: three of a kind under Mud fight)."""


def player(who: object, lang: str = "en", *, capital: bool = False) -> str:
    """A player's name (``Player`` or ``"south"``/``"north"``): ``south``, ``sud``; ``capital`` for ``South``."""
    key = str(getattr(who, "value", who))
    try:
        name = PLAYER_NAMES[key][check_lang(lang)]
    except KeyError:
        raise WordsError(f"unknown player {who!r}") from None
    return name.capitalize() if capital else name


def color(index: int, lang: str = "en") -> str:
    """The name of colour ``index`` (0-5, or a ``Color``)."""
    return COLOR_NAMES[check_lang(lang)][int(index)]


def formation(key: str, lang: str = "en", size: int = 3) -> str:
    """A formation's name from its ``Rank.key``; with ``size=4`` three of a kind reads "four of a kind"."""
    if size == 4 and key == "three_of_a_kind":
        key = "four_of_a_kind"
    try:
        return FORMATION_NAMES[key][check_lang(lang)]
    except KeyError:
        raise WordsError(f"unknown formation {key!r}") from None


# ---- phrases ---------------------------------------------------------------------------------------

PHRASES: Phrases = {
    # the seat a figure is seen from (analysis reports, CLI)
    "seen_by": {"en": "seen by {viewer}", "fr": "vu par {viewer}"},
    "public_view": {
        "en": "public view (no hand known: every figure uses the public pool)",
        "fr": "vue publique (aucune main connue : tous les chiffres utilisent la réserve publique)",
    },
    "viewer_figure": {
        "en": "seen by {viewer}, counting {viewer}'s hand",
        "fr": "vu par {viewer}, avec la main de {viewer}",
    },
    "public_figure": {
        "en": "random completion from the public pool",
        "fr": "complétion au hasard dans la réserve publique",
    },
    "estimate": {
        "en": "Monte Carlo estimate over {samples} samples",
        "fr": "estimation Monte-Carlo sur {samples} tirages",
    },
    "game_over": {
        "en": "The game is over: {winner} holds {how}.",
        "fr": "La partie est finie : {winner} tient {how}.",
    },
    "five_stones": {"en": "five stones", "fr": "cinq bornes"},
    "three_adjacent": {"en": "three adjacent stones", "fr": "trois bornes adjacentes"},
    "any_of": {"en": "any of the {what}", "fr": "n'importe lequel des {what}"},
    # where a card is (core.position.Location)
    "loc_stone": {"en": "stone {stone} {side}", "fr": "borne {stone} côté {side}"},
    "loc_discard": {"en": "discard", "fr": "défausse"},
    "loc_hand": {"en": "{player} hand", "fr": "main de {player}"},
    "loc_unseen": {"en": "unseen", "fr": "invisible"},
}
"""Phrases by key; each has the same ``{fields}`` in every language."""

_TABLES: list[Phrases] = [PHRASES]


def register(table: Phrases) -> Phrases:
    """Make ``table``'s keys available to :func:`say` (a module's own phrases); returns it."""
    for key, texts in table.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise WordsError(f"phrase {key!r} has no {', '.join(missing)} text")
    _TABLES.append(table)
    return table


def phrase(key: str, lang: str = "en") -> str:
    """The raw text of phrase ``key`` (fields not filled in)."""
    check_lang(lang)
    for table in reversed(_TABLES):
        if key in table:
            return table[key][lang]
    raise WordsError(f"unknown phrase {key!r}")


def render(value: object, lang: str = "en") -> str:
    """A field value in words: players by name, probabilities as percentages, card tuples joined by
    spaces, values with ``in_words(lang)`` rendered by it, anything else by ``str``."""
    if isinstance(value, InWords):
        return value.in_words(lang)
    if isinstance(value, enum.Enum) and value.value in PLAYER_NAMES:
        return player(value, lang)  # a Player (an enum whose value is "south" or "north")
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return percent(value, lang)
    if isinstance(value, tuple | list):
        return " ".join(render(v, lang) for v in value)
    return str(value)


def say(key: str, lang: str = "en", **fields: object) -> str:
    """Phrase ``key`` in ``lang`` with its fields rendered (:func:`render`)."""
    text = phrase(key, lang)
    try:
        return text.format(**{name: render(v, lang) for name, v in fields.items()})
    except KeyError as exc:
        raise WordsError(f"phrase {key!r} needs the field {exc.args[0]!r}") from None


def fields_of(text: str) -> set[str]:
    """The ``{fields}`` a phrase text uses."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def join(parts: Iterable[str], lang: str = "en") -> str:
    """``"a, b and c"`` (``"a, b et c"``)."""
    items = list(parts)
    if len(items) <= 1:
        return "".join(items)
    word = " et " if check_lang(lang) == "fr" else " and "
    return ", ".join(items[:-1]) + word + items[-1]


def all_tables() -> Mapping[str, dict[str, str]]:
    """Every registered phrase (later tables win), for tests and translators."""
    merged: Phrases = {}
    for table in _TABLES:
        merged.update(table)
    return merged


__all__ = [
    "LANGS",
    "InWords",
    "WordsError",
    "all_tables",
    "check_lang",
    "color",
    "estimate",
    "formation",
    "fraction",
    "fraction_percent",
    "join",
    "percent",
    "phrase",
    "player",
    "register",
    "render",
    "say",
]
