"""Names in English and French: players, colours, formations, tactics cards, and the French article.

- :func:`player`, :func:`color`, :func:`formation`, :func:`tactic`: a name in either language
  (``formation(key, lang, form="def")``: « la suite couleur », « le brelan »; ``form="indef"``:
  « une suite couleur »).
- :func:`article`, :func:`with_article`: « l’Espion », « la suite » (elision, gender from :data:`FEMININE`).
- :class:`TacticName`: a tactics card in prose (its code in English, its rulebook name in French).

Everything here is re-exported by :mod:`schotten_lab.core.words`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .typeset_words import Phrases, WordsError, check_lang

# ---- names -----------------------------------------------------------------------------------------

PLAYER_NAMES: Phrases = {"south": {"en": "south", "fr": "Sud"}, "north": {"en": "north", "fr": "Nord"}}
"""Players: lower case in English prose, « Sud » and « Nord » capitalised everywhere in French."""
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
FEMININE = frozenset({"suite couleur", "couleur", "suite", "somme", "borne", "carte", "main", "défausse", "pioche", "Banshee"})
"""French nouns of this module that take « la »/« une » (the others take « le »/« un »)."""
FORMS = ("bare", "def", "indef", "poss")
"""The grammatical forms of a name: ``bare`` « brelan », ``def`` « le brelan », ``indef`` « un
brelan », ``poss`` « le brelan de Sud » (English "south's three of a kind")."""
TACTICS_WORDS: Phrases = {
    "JOKER": {"en": "Joker", "fr": "Joker"},
    "SPY": {"en": "Spy", "fr": "Espion"},
    "SHIELD": {"en": "Shield bearer", "fr": "Porte-Bouclier"},
    "BLIND": {"en": "Blind-man's bluff", "fr": "Colin-Maillard"},
    "MUD": {"en": "Mud fight", "fr": "Combat de boue"},
    "HEADHUNTER": {"en": "Headhunter", "fr": "Chasseur de tête"},
    "STRATEGIST": {"en": "Strategist", "fr": "Stratège"},
    "BANSHEE": {"en": "Banshee", "fr": "Banshee"},
    "TRAITOR": {"en": "Traitor", "fr": "Traître"},
}
"""The tactics cards' names (the rulebooks'); English prose keeps the codes (``JOKER``), see :class:`TacticName`."""

_VOWEL_START = re.compile(r"^[aeiouyhàâéèêëîïôûAEIOUYHÀÂÉÈÊËÎÏÔÛ]")
_ELIDED = {"le": "l’", "la": "l’", "de": "d’", "que": "qu’"}
ARTICLE_KINDS = frozenset(_ELIDED)
"""The French articles and prepositions :func:`article` puts before a word (a phrase's ``{x:le}``)."""


def article(word: str, kind: str) -> str:
    """``word`` after the French article or preposition ``kind`` (``le``, ``la``, ``de``, ``que``), elided
    before a vowel or a mute h: ``article("Espion", "le")`` is « l’Espion »; ``le`` before a feminine
    noun of :data:`FEMININE` is « la » (« la Banshee »)."""
    if kind not in _ELIDED:
        raise WordsError(f"unknown article {kind!r}")
    if kind == "le" and word in FEMININE:
        kind = "la"  # « la Banshee »
    return f"{_ELIDED[kind]}{word}" if _VOWEL_START.match(word) else f"{kind} {word}"


def with_article(noun: str, lang: str, form: str) -> str:
    """``noun`` in ``form``: ``def`` « la suite » / "the run", ``indef`` « une suite » / "a run"."""
    if form not in FORMS:
        raise WordsError(f"unknown form {form!r}: expected one of {', '.join(FORMS)}")
    if form == "bare":
        return noun
    if check_lang(lang) == "fr":
        feminine = re.sub(r" \d+$", "", noun.split(" (")[0]) in FEMININE
        if form == "indef":
            return ("une " if feminine else "un ") + noun
        return article(noun, "la" if feminine else "le")
    return ("a " if form == "indef" else "the ") + noun  # "poss" without an owner: "the"


def player(who: object, lang: str = "en", *, capital: bool = False) -> str:
    """A player's name (``Player`` or ``"south"``/``"north"``): ``south``, « Sud »; ``capital`` for ``South``."""
    key = str(getattr(who, "value", who))
    try:
        name = PLAYER_NAMES[key][check_lang(lang)]
    except KeyError:
        raise WordsError(f"unknown player {who!r}") from None
    return name.capitalize() if capital else name


def color(index: int, lang: str = "en") -> str:
    """The name of colour ``index`` (0-5, or a ``Color``)."""
    return COLOR_NAMES[check_lang(lang)][int(index)]


def formation(key: str, lang: str = "en", size: int = 3, form: str = "bare") -> str:
    """A formation's name from its ``Rank.key``; with ``size=4`` three of a kind reads "four of a kind";
    ``form`` ``"def"``/``"indef"`` adds the article (« la suite couleur », « un brelan »)."""
    if size == 4 and key == "three_of_a_kind":
        key = "four_of_a_kind"
    try:
        name = FORMATION_NAMES[key][check_lang(lang)]
    except KeyError:
        raise WordsError(f"unknown formation {key!r}") from None
    return with_article(name, lang, "def" if form == "poss" else form)


def tactic(code: str, lang: str = "en") -> str:
    """A tactics card's name from its code: ``tactic("SPY", "fr")`` is « Espion »."""
    try:
        return TACTICS_WORDS[str(code)][check_lang(lang)]
    except KeyError:
        raise WordsError(f"unknown tactics card {code!r}") from None


@dataclass(frozen=True, slots=True)
class TacticName:
    """A tactics card named in prose: its code in English (``JOKER``, as the explanations always
    wrote it), its rulebook name in French (« Joker », « Colin-Maillard »)."""

    code: str

    def in_words(self, lang: str = "en") -> str:
        return self.code if check_lang(lang) == "en" else tactic(self.code, lang)



__all__ = [
    "ARTICLE_KINDS", "COLOR_NAMES", "FEMININE", "FORMATION_NAMES", "FORMS", "PLAYER_NAMES", "TACTICS_WORDS", "TacticName",
    "article", "color", "formation", "player", "tactic", "with_article",
]  # fmt: skip
