"""Every word the library shows a user, in English and French, and the one way to print a probability.

Results are structured values (enums, locations, facts with fields); this module turns them into text.
Nothing else should hold a user-facing phrase or a percentage format.

- :func:`percent`, :func:`fraction`, :func:`fraction_percent`, :func:`number`: figures as text (one
  rounding rule; in French a decimal comma, a no-break space before ``%`` and as thousands separator).
- :func:`player`, :func:`color`, :func:`formation`, :func:`tactic`: names in either language
  (``formation(key, lang, form="def")``: « la suite couleur », « le brelan »; ``form="indef"``: « une
  suite couleur »).
- :func:`say`: a phrase of :data:`PHRASES` by key, its ``{fields}`` filled in and rendered in the
  language (a field may be a player, a card tuple, a probability, or any value with ``in_words(lang)``).
  A field may name a grammatical form after a colon: ``{own:poss}`` (« le brelan de Sud »),
  ``{counter:indef}`` (« une suite couleur »), ``{formation:def}``; and ``{troop:le}``/``{x:de}`` put
  the French article or preposition before the rendered word, with elision (« l'Espion », « d'Espion »).
- :func:`typeset_fr`: French typography (a no-break space before ``: ; ! ? %``, typographic
  apostrophe, guillemets), applied by :func:`say` to the literal text of every French phrase, so no
  phrase carries it by hand.
- :class:`Fact` (a key and its fields) and :class:`Facts` (several, with a separator): structured
  statements such as claim explanations (``ClaimVerdict.facts``), rendered with ``in_words(lang)``
  and serialised with ``to_dict()``.
- :func:`default_lang`: the language of the environment (``SCHOTTEN_LANG``, else English).

To add a phrase: add one key to :data:`PHRASES` with an ``"en"`` and an ``"fr"`` text using the same
``{fields}`` (a test checks both languages have the same fields, and renders every French phrase to
check its typography). Write the French with ordinary spaces and straight apostrophes: :func:`say`
typesets it. Views keep their own label tables as further dictionaries of the same shape
(``{key: {"en": ..., "fr": ...}}``) registered with :func:`register`. See docs/FRENCH.md.

This module is the renderer (:func:`say`, :func:`render`, :class:`Fact`, the phrase registry); it
re-exports the rest, each in a module of one job: :mod:`.typeset_words` (languages, typography,
figures), :mod:`.name_words` (names and articles), :mod:`.position_words` (the core's phrases),
:mod:`.label_words` (the views' label tables).
"""

from __future__ import annotations

import enum
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from .errors import EXCERPT_CHARS, excerpt
from .label_words import CHART_LABELS, DIAGRAM_LABELS, REPORT_LABELS
from .name_words import (
    ARTICLE_KINDS,
    COLOR_NAMES,
    FEMININE,
    FORMATION_NAMES,
    FORMS,
    PLAYER_NAMES,
    TACTICS_WORDS,
    TacticName,
    article,
    color,
    formation,
    player,
    tactic,
    with_article,
)
from .position_words import PHRASES
from .typeset_words import (
    LANG_ENV,
    LANGS,
    NBSP,
    Phrases,
    WordsError,
    chance,
    check_lang,
    default_lang,
    estimate,
    fraction,
    fraction_percent,
    number,
    percent,
    typeset,
    typeset_fr,
)


@runtime_checkable
class InWords(Protocol):
    """A value that renders itself in a language (locations, facts)."""

    def in_words(self, lang: str = "en") -> str: ...


@runtime_checkable
class InForms(Protocol):
    """A value that renders itself in a grammatical form (``"def"``, ``"indef"``, ``"poss"``)."""

    def in_form(self, lang: str, form: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Count:
    """A number of things: "1 card", "0 cards" / « 1 carte », « 0 carte » (French keeps 0 and 1 singular)."""

    n: int
    one: str = "cards_one"
    many: str = "cards_many"

    def in_words(self, lang: str = "en") -> str:
        single = self.n in (0, 1) if check_lang(lang) == "fr" else self.n == 1
        return say(self.one if single else self.many, lang, count=self.n)


_TABLES: list[Phrases] = [PHRASES]
_FOUND: dict[str, dict[str, str]] = {}
"""Each key's texts once looked up (the last registered table wins, as the search): :func:`phrase` is
asked for dozens of keys a position's report, and there are dozens of tables."""


def register(table: Phrases) -> Phrases:
    """Make ``table``'s keys available to :func:`say` (a module's own phrases); returns it."""
    for key, texts in table.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise WordsError(f"phrase {key!r} has no {', '.join(missing)} text")
    _TABLES.append(table)
    _FOUND.clear()
    return table


def phrase(key: str, lang: str = "en") -> str:
    """The raw text of phrase ``key`` (fields not filled in, typography not applied)."""
    check_lang(lang)
    texts = _FOUND.get(key)
    if texts is None:
        for table in reversed(_TABLES):
            if key in table:
                texts = _FOUND[key] = table[key]
                break
        else:
            raise WordsError(f"unknown phrase {key!r}")
    return texts[lang]


_PRONOUN = {"en": "them", "fr": "lui"}


def render(value: object, lang: str = "en", form: str = "bare") -> str:
    """A field value in words: players by name, probabilities as percentages, numbers with the
    language's separators, card tuples joined by spaces, values with ``in_words(lang)`` rendered by it,
    anything else by ``str``. ``form`` (a phrase's ``{field:form}``): ``def``/``indef``/``poss`` for
    values that have forms (:class:`InForms`), ``le``/``la``/``de``/``que`` for a French article or
    preposition with elision, ``pron`` for a player as the pronoun « lui », ``q`` for a user's value
    quoted (:func:`quoted`)."""
    if form == "q":
        return quoted(value, lang)
    if form in ARTICLE_KINDS:
        word = render(value, lang)
        return article(word, form) if check_lang(lang) == "fr" and word else word
    if form == "pron":
        return _PRONOUN[check_lang(lang)]
    # getattr, not isinstance against the runtime-checkable protocols: the same test, without the
    # protocols' slow attribute scan on every field of every phrase
    in_form = getattr(value, "in_form", None) if form != "bare" else None
    if in_form is not None:
        return str(in_form(lang, form))
    if form not in FORMS:
        raise WordsError(f"unknown form {form!r}")
    in_words = getattr(value, "in_words", None)
    if in_words is not None:
        return str(in_words(lang))
    if isinstance(value, enum.Enum) and value.value in PLAYER_NAMES:
        return player(value, lang)  # a Player (an enum whose value is "south" or "north")
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return percent(value, lang)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return number(value, lang)
    if isinstance(value, tuple | list):
        return " ".join(render(v, lang) for v in value)
    kind = getattr(value, "kind", None)
    if isinstance(kind, str) and kind in TACTICS_WORDS and hasattr(value, "identity") and check_lang(lang) != "en":
        name = tactic(kind, lang)  # an elite troop (core.tactics.Troop) by its rulebook name: « Espion », « Joker (R8) »
        return name if value.identity is None else f"{name} ({value.identity})"
    return str(value)


def quoted(value: object, lang: str = "en") -> str:
    """A user's value quoted in a message (a phrase's ``{value:q}``): its ``repr`` cut short in English
    (``'x'``, ``0``, as messages always wrote it: :func:`~.errors.excerpt`); in French a text in
    « guillemets », a number with the language's separators, anything else cut short."""
    if check_lang(lang) == "en" or isinstance(value, bool):
        return excerpt(value)
    if isinstance(value, str) and len(value) <= EXCERPT_CHARS:
        return f"«{NBSP}{value}{NBSP}»"
    if isinstance(value, int | float) and abs(value) < 1e15:
        return number(value, lang)
    return excerpt(value)


class _PhraseFormatter(string.Formatter):
    """Fills a phrase: fields through :func:`render` (with their form), literal text typeset."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def parse(self, format_string: str) -> Iterable[tuple[str, str | None, str | None, str | None]]:
        for literal, name, spec, conversion in super().parse(format_string):
            yield typeset(literal, self.lang), name, spec, conversion

    def format_field(self, value: Any, format_spec: str) -> str:
        return render(value, self.lang, format_spec or "bare")


def say(key: str, lang: str = "en", **fields: object) -> str:
    """Phrase ``key`` in ``lang`` with its fields rendered (:func:`render`) and its own words typeset
    (:func:`typeset`)."""
    text = phrase(key, lang)
    try:
        return _PhraseFormatter(lang).vformat(text, (), fields)
    except KeyError as exc:
        raise WordsError(f"phrase {key!r} needs the field {exc.args[0]!r}") from None


@dataclass(frozen=True, slots=True)
class Fact:
    """A structured statement: a phrase key and its field values, rendered in any language."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **fields: object) -> Fact:
        return cls(key, tuple(fields.items()))

    def __getitem__(self, name: str) -> object:
        return dict(self.fields)[name]

    def in_words(self, lang: str = "en") -> str:
        return say(self.key, lang, **dict(self.fields))

    def __str__(self) -> str:
        return self.in_words("en")

    def to_dict(self) -> dict[str, object]:
        """Plain data: ``{"fact": key, field: value...}`` (nested facts as dicts, other values as text)."""
        return {"fact": self.key, **{name: _plain(v) for name, v in self.fields}}


@dataclass(frozen=True, slots=True)
class Facts:
    """Several values rendered one after another with ``sep`` (``"and"``: the language's "a, b and c";
    ``"and_all"``: "a and b and c"); a form (:meth:`in_form`) applies to the first value."""

    items: tuple[object, ...]
    sep: str = "; "

    def in_words(self, lang: str = "en") -> str:
        return self._joined([render(item, lang) for item in self.items], lang)

    def in_form(self, lang: str, form: str) -> str:
        parts = [render(item, lang, form if i == 0 else "bare") for i, item in enumerate(self.items)]
        return self._joined(parts, lang)

    def _joined(self, parts: list[str], lang: str) -> str:
        if self.sep == "and":
            return join(parts, lang)
        if self.sep == "and_all":
            return (" et " if check_lang(lang) == "fr" else " and ").join(parts)
        return typeset(self.sep, lang).join(parts)

    def __str__(self) -> str:
        return self.in_words("en")

    def to_dict(self) -> list[object]:
        return [_plain(item) for item in self.items]


def _plain(value: object) -> object:
    if isinstance(value, Fact | Facts):
        return value.to_dict()
    if isinstance(value, bool | int):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return render(value, "en")


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
    "ARTICLE_KINDS", "CHART_LABELS", "COLOR_NAMES", "DIAGRAM_LABELS", "FEMININE", "FORMATION_NAMES", "FORMS", "LANGS", "LANG_ENV",
    "NBSP", "PHRASES", "PLAYER_NAMES", "REPORT_LABELS", "TACTICS_WORDS", "Count", "Fact", "Facts", "InForms",
    "InWords", "Phrases", "TacticName", "WordsError", "all_tables", "article", "chance", "check_lang", "color",
    "default_lang", "estimate", "fields_of", "formation", "fraction", "fraction_percent", "join", "number",
    "percent", "phrase", "player", "quoted", "register", "render", "say", "tactic", "typeset", "typeset_fr", "with_article",
]  # fmt: skip
