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
"""

from __future__ import annotations

import enum
import os
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from .errors import SchottenError

LANGS = ("en", "fr")
"""The languages every phrase exists in."""

LANG_ENV = "SCHOTTEN_LANG"
"""The environment variable that sets the default language of the CLI and the widgets."""

NBSP = "\u00a0"
"""The no-break space French typography puts before ``: ; ! ? %`` and between groups of digits."""

Phrases = dict[str, dict[str, str]]


class WordsError(SchottenError):
    """An unknown language or phrase key, or a phrase missing one of its fields."""


@runtime_checkable
class InWords(Protocol):
    """A value that renders itself in a language (locations, facts)."""

    def in_words(self, lang: str = "en") -> str: ...


@runtime_checkable
class InForms(Protocol):
    """A value that renders itself in a grammatical form (``"def"``, ``"indef"``, ``"poss"``)."""

    def in_form(self, lang: str, form: str) -> str: ...


def check_lang(lang: str) -> str:
    """``lang`` itself if it is a known language, else a :class:`WordsError` naming it."""
    if lang not in LANGS:
        raise WordsError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")
    return lang


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language named by ``SCHOTTEN_LANG`` (``fr``, ``fr_FR.UTF-8``...), else ``"en"``."""
    value = (os.environ if environ is None else environ).get(LANG_ENV, "").strip().lower()[:2]
    return value if value in LANGS else "en"


# ---- typography ------------------------------------------------------------------------------------

_BEFORE_PUNCT = re.compile(r"[ \u00a0\u202f]*([:;!?])(?=\s|$|[)»])")
_BEFORE_PERCENT = re.compile(r"(?<=[\w)])[ \u00a0\u202f]*%")
_QUOTED = re.compile(r'"([^"]*)"')


def typeset_fr(text: str) -> str:
    """French typography on prose: a no-break space before ``: ; ! ?`` (when they end a word) and
    ``%``, ``«\u00a0guillemets\u00a0»`` for straight double quotes, the typographic apostrophe.

    Apply it to words, not to notations (``?6`` in a position's notation stays as it is): :func:`say`
    applies it to a phrase's literal text only, never to the fields filled in.
    """
    text = _QUOTED.sub(lambda m: f"«{NBSP}{m.group(1).strip()}{NBSP}»", text)
    text = re.sub(r"«[ \u00a0\u202f]*", "«" + NBSP, text)
    text = re.sub(r"[ \u00a0\u202f]*»", NBSP + "»", text)
    text = _BEFORE_PUNCT.sub(lambda m: NBSP + m.group(1), text)
    text = _BEFORE_PERCENT.sub(NBSP + "%", text)
    return text.replace("'", "’")


def typeset(text: str, lang: str = "en") -> str:
    """``text`` with the typography of ``lang`` (French: :func:`typeset_fr`; English: as it is)."""
    return typeset_fr(text) if check_lang(lang) == "fr" else text


def number(n: int | float, lang: str = "en", digits: int | None = None) -> str:
    """A count or a measure: ``24,804`` / ``24 804`` (no-break space), ``0.25`` / ``0,25``;
    ``digits`` fixes the decimals."""
    text = f"{n:,}" if digits is None else f"{n:,.{digits}f}"
    if check_lang(lang) == "fr":
        return text.replace(",", NBSP).replace(".", ",")
    return text


# ---- probabilities ---------------------------------------------------------------------------------


def _pct(text: str, lang: str) -> str:
    """``"37.5%"`` as ``lang`` writes it: ``"37,5 %"`` in French (decimal comma, no-break space)."""
    if check_lang(lang) == "fr":
        return text.replace(".", ",").replace("%", NBSP + "%")
    return text


def percent(p: Fraction | float, lang: str = "en") -> str:
    """A probability as a short percentage: ``"37.5%"`` (``"37,5 %"`` in French, with a no-break
    space); ``"<0.1%"`` and ``">99.9%"`` near the ends, so a possible event never reads as 0% and an
    uncertain one never as 100%."""
    value = float(p) * 100
    if value in (0, 100):
        text = f"{value:.0f}%"
    elif value < 0.1:
        text = "<0.1%"
    elif value > 99.9:
        text = ">99.9%"
    else:
        text = f"{value:.1f}%"
    return _pct(text, lang)


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


def chance(p: float | None, stderr: float | None = None, lang: str = "en", *, mark_exact: bool = False) -> str:
    """A win chance (or a loss of one) in a table: ``"39.0%"``; an estimate ``"39.0% ±4.9"`` (one
    standard error, in points; French ``"39,0 % ± 4,9"``); ``"—"`` for none; ``mark_exact`` adds
    ``" exact"`` to a value without error. Unlike :func:`percent` it keeps the sign and the ends: a
    loss may be negative noise."""
    if p is None:
        return "—"
    fr = check_lang(lang) == "fr"
    text = _pct(f"{100 * p:.1f}%", lang)
    if stderr is not None:
        error = f"{100 * stderr:.1f}"
        text += f" ±{NBSP}{error.replace('.', ',')}" if fr else f" ±{error}"
    elif mark_exact:
        text += " exact"
    return text


def estimate(p: float, stderr: float, lang: str = "en") -> str:
    """A Monte Carlo estimate with its standard error: ``"37.5% ± 0.4%"`` (``"37,5 % ± 0,4 %"``)."""
    sep = f" ±{NBSP}" if check_lang(lang) == "fr" else " ± "
    return f"{percent(p, lang)}{sep}{percent(stderr, lang)}"


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


@dataclass(frozen=True, slots=True)
class Count:
    """A number of things: "1 card", "0 cards" / « 1 carte », « 0 carte » (French keeps 0 and 1 singular)."""

    n: int
    one: str = "cards_one"
    many: str = "cards_many"

    def in_words(self, lang: str = "en") -> str:
        single = self.n in (0, 1) if check_lang(lang) == "fr" else self.n == 1
        return say(self.one if single else self.many, lang, count=self.n)


# ---- phrases ---------------------------------------------------------------------------------------

PHRASES: Phrases = {
    # the seat a figure is seen from (analysis reports, CLI)
    "seen_by": {"en": "seen by {viewer}", "fr": "vu par {viewer}"},
    "public_view": {
        "en": "public view (no hand known: every figure uses the public pool)",
        "fr": "vue publique (aucune main n'est connue : tous les chiffres portent sur les cartes hors de la table)",
    },
    "viewer_figure": {
        "en": "seen by {viewer}, counting {viewer}'s hand",
        "fr": "vu par {viewer}, qui connaît sa main",
    },
    "hand_unknown": {
        "en": "{viewer}'s hand is not known, every figure uses the public pool",
        "fr": "la main de {viewer} n'est pas connue, tous les chiffres portent sur les cartes hors de la table",
    },
    "public_figure": {
        "en": "random completion from the public pool",
        "fr": "côtés complétés au hasard parmi les cartes hors de la table",
    },
    "estimate": {
        "en": "Monte Carlo estimate over {samples} samples",
        "fr": "estimation par Monte-Carlo sur {samples} tirages",
    },
    "game_over": {
        "en": "The game is over: {winner} holds {how}.",
        "fr": "La partie est terminée : {winner} tient {how}.",
    },
    "five_stones": {"en": "five stones", "fr": "cinq bornes"},
    "three_adjacent": {"en": "three adjacent stones", "fr": "trois bornes côte à côte"},
    "any_of": {"en": "any of the {what}", "fr": "n'importe laquelle des {what}"},
    # where a card is (core.position.Location)
    "loc_stone": {"en": "stone {stone} {side}", "fr": "borne {stone}, côté {side}"},
    "loc_discard": {"en": "discard", "fr": "défausse"},
    "loc_hand": {"en": "{player} hand", "fr": "main de {player}"},
    "loc_unseen": {"en": "unseen", "fr": "pas encore vue"},
    "loc_played": {"en": "played", "fr": "jouée"},
    "loc_stone_def": {"en": "stone {stone} {side}", "fr": "la borne {stone}, côté {side}"},
    "loc_hand_def": {"en": "{player}'s hand", "fr": "la main de {player}"},
    "loc_discard_def": {"en": "the discard pile", "fr": "la défausse"},
    # claim explanations (analysis.claims builds them as Facts)
    "claim_claimed": {"en": "stone {stone} is already claimed by {owner}.", "fr": "la borne {stone} est déjà revendiquée par {owner}."},
    "claim_incomplete": {
        "en": "{player}'s side has {cards}; a claim needs a complete side{mud}, {more} more to place.",
        "fr": "le côté de {player} compte {cards} ; pour revendiquer, il faut un côté complet{mud} : encore {more} à poser.",
    },
    "cards_one": {"en": "{count} card", "fr": "{count} carte"},
    "cards_many": {"en": "{count} cards", "fr": "{count} cartes"},
    "mud_four": {"en": " (4 under Mud fight)", "fr": " (4 avec le Combat de boue)"},
    "claim_stronger": {"en": "{own:poss} beats {other:poss}.", "fr": "{own:poss} bat {other:poss}."},
    "claim_weaker": {"en": "{other:poss} beats {own:poss}.", "fr": "{other:poss} bat {own:poss}."},
    "claim_tie_won": {
        "en": "both sides are {other}; {player} completed first and wins the tie.",
        "fr": "les deux côtés font {other:indef} ; {player} a complété son côté en premier et l'emporte.",
    },
    "claim_tie_lost": {
        "en": "both sides are {other}; {opponent} completed first and wins the tie.",
        "fr": "les deux côtés font {other:indef} ; {opponent} a complété son côté en premier et l'emporte.",
    },
    "claim_tie_unknown": {
        "en": "both sides are {other}; the stone goes to whoever completed first, which the position does not record.",
        "fr": "les deux côtés font {other:indef} ; la borne revient à celui qui a complété son côté le premier, et la position ne dit pas qui.",
    },
    "claim_needs_fourth": {
        "en": "strict proof: if {scenario}, the stone would need 4 cards a side and {player} a fourth card, which a proof may not take from a hand.",
        "fr": "preuve stricte : si {scenario}, la borne demanderait 4 cartes de chaque côté, donc une quatrième carte à {player}, et une preuve ne peut pas la prendre dans une main.",
    },
    "claim_beaten": {
        "en": "{lead}{opponent} can still beat it: {added} would give {opponent} {side}, {counter:indef}, which beats {own:poss}{wild}{where}.",
        "fr": "{lead}{opponent} peut encore gagner : {added} lui donnerait {side}, soit {counter:indef}, qui bat {own:poss}{wild}{where}.",
    },
    "claim_beaten_many": {
        "en": "{lead}{opponent} can still beat it: {added} would give {opponent} {side}, {counter:indef}, which beats {own:poss}{wild}{where}.",
        "fr": "{lead}{opponent} peut encore gagner : {added} lui donneraient {side}, soit {counter:indef}, qui bat {own:poss}{wild}{where}.",
    },
    "if_scenario": {"en": "if {scenario}, ", "fr": "si {scenario}, "},
    "scenario_mode": {"en": "an unplayed {mode} were put on the stone", "fr": "on posait sur la borne un {mode} pas encore joué"},
    "scenario_troop": {"en": "the opponent played the unplayed {troop}", "fr": "l'adversaire jouait {troop:le}, pas encore joué"},
    "any_of_value": {"en": "any of the {value}s ({cards})", "fr": "n'importe lequel des {value} ({cards})"},
    "and_a_value": {"en": " and a {value}", "fr": " et un {value}"},
    "wild_best": {"en": " ({troops} taking {opponent}'s best identity)", "fr": ", en comptant {troops:le} au mieux pour {opponent}"},
    "in_own_hand_one": {
        "en": "; {cards} is in {player}'s own hand, but a proof may only use cards on the table",
        "fr": " ; {cards} est dans la main de {player}, mais une preuve ne s'appuie que sur les cartes de la table",
    },
    "in_own_hand_many": {
        "en": "; {cards} are in {player}'s own hand, but a proof may only use cards on the table",
        "fr": " ; {cards} sont dans la main de {player}, mais une preuve ne s'appuie que sur les cartes de la table",
    },
    "not_on_table_one": {"en": "; that card is not on the table", "fr": " ; cette carte n'est pas sur la table"},
    "not_on_table_many": {"en": "; those cards are not on the table", "fr": " ; aucune de ces cartes n'est sur la table"},
    "claim_no_completion": {
        "en": "{opponent} cannot complete the side at all: fewer than {need} cards remain off the table.",
        "fr": "{opponent} ne pourra jamais compléter son côté : il reste moins de {need} cartes hors de la table.",
    },
    "claim_unbeatable": {"en": "{own:poss} cannot be beaten{wild}", "fr": "{own:poss} est imbattable{wild}"},
    "even_wild": {"en": ", even with {troops} at {opponent}'s best identity", "fr": ", même avec {troops:le} au mieux pour {opponent}"},
    "tie_note": {
        "en": "; the best {opponent} can still reach, {cards} for a {formation}, only ties, and {player} completed first",
        "fr": " ; le mieux que {opponent} puisse encore obtenir, {cards} pour {formation:indef}, ne fait qu'égaliser, et {player} a complété son côté en premier",
    },
    "proof_nothing_beats": {"en": "{lead}: no {capacity} cards at all can beat it{tie}.", "fr": "{lead} : aucun jeu de {capacity} cartes ne fait mieux{tie}."},
    "proof_no_completion_beats": {
        "en": "{lead}: no completion of {opponent}'s {cards} can beat it, whatever cards remain{tie}.",
        "fr": "{lead} : quelles que soient les cartes restantes, {opponent} ne peut pas faire mieux en complétant {cards}{tie}.",
    },
    "proof_threats": {"en": "{lead}: {threats}{tie}.", "fr": "{lead} : {threats}{tie}."},
    "threat": {"en": "{opponent} would need {cards} for a {formation} ({where})", "fr": "il faudrait {cards} à {opponent} pour {formation:indef}, or {where}"},
    "threat_again": {"en": "{opponent} would need {cards} for a {formation} ({where})", "fr": "il {opponent:pron} faudrait {cards} pour {formation:indef}, or {where}"},
    "dead_card": {"en": "{card} is {place}", "fr": "{card} est {place}"},
    "place_discard": {"en": "in the discard pile", "fr": "dans la défausse"},
    "place_on": {"en": "on {where}", "fr": "sur {where:def}"},
    "proof_many": {
        "en": "{lead}: each of the {count} completions that would beat it needs a card already on the table: {listed}{more}{tie}.",
        "fr": "{lead} : chacune des {count} combinaisons qui feraient mieux demande une carte déjà posée : {listed}{more}{tie}.",
    },
    "card_place": {"en": "{card} ({place})", "fr": "{card} ({place})"},
    "and_more": {"en": " and {count} more", "fr": " et {count} autres"},
    "troops_as": {"en": ", with {parts}", "fr": ", avec {parts}"},
    "troop_as": {"en": "{troop} as {card}", "fr": "{troop:le} en {card}"},
    "blind_note": {"en": " (Blind-man's bluff: sums only)", "fr": " (Colin-Maillard : seule la somme compte)"},  # French: inside the formation's parentheses
    "loc_hand_short": {"en": "hand", "fr": "main"},
    "loc_discard_short": {"en": "disc", "fr": "déf"},  # four characters at most: a card-map cell
    "cards_none": {"en": "no cards", "fr": "0 carte"},  # French: after « compte », where « aucune » would need « ne »
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
    """The raw text of phrase ``key`` (fields not filled in, typography not applied)."""
    check_lang(lang)
    for table in reversed(_TABLES):
        if key in table:
            return table[key][lang]
    raise WordsError(f"unknown phrase {key!r}")


_ARTICLE_SPECS = frozenset(_ELIDED)
_PRONOUN = {"en": "them", "fr": "lui"}


def render(value: object, lang: str = "en", form: str = "bare") -> str:
    """A field value in words: players by name, probabilities as percentages, numbers with the
    language's separators, card tuples joined by spaces, values with ``in_words(lang)`` rendered by it,
    anything else by ``str``. ``form`` (a phrase's ``{field:form}``): ``def``/``indef``/``poss`` for
    values that have forms (:class:`InForms`), ``le``/``la``/``de``/``que`` for a French article or
    preposition with elision, ``pron`` for a player as the pronoun « lui »."""
    if form in _ARTICLE_SPECS:
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


# ---- the views' label tables -----------------------------------------------------------------------
# By language, then key: the diagrams' words (core/svg), the charts' (views/palette, views/charts) and
# the HTML report's (views/report). Fields in braces are filled in by the view.

DIAGRAM_LABELS: dict[str, dict[str, Any]] = {
    "en": {
        "south": "South",
        "north": "North",
        "hand": "hand",
        "cards": "cards",
        "card": "card",
        "hidden": "face down",
        "unknown": "unknown",
        "empty": "empty",
        "deck": "Deck",
        "discard": "discard",
        "to_move": "to move",
        "claimed": "claimed by",
        "held": "stones held",
        "tactics": "tactics",
        "first": "1st",
        "stone": "stone",
        "counter": "counterexample",
        "game": {"base": "base game", "tactics": "tactics variant"},
        "expert": "expert",
        "colors": COLOR_NAMES["en"],
        "modes": {"blind": "BLIND", "mud": "MUD"},
        "wild": "wild",
        "played": "tactics played",
        "colon": ": ",
        "legend": {
            "ghost": "dashed cards on stone {stone}: the counterexample, cards the opponent could still add that beat the claim",
            "frame": "framed stones (tinted, dashed border): stones that can be claimed now, or the claim discussed",
            "ring": "cards ringed in magenta: the cards the diagram points at (the outs, say)",
            "first": "{first}: the side that was completed first (it wins a full tie)",
            "back": "grey backs: a hand drawn face down (not known, or hidden from the viewer)",
        },
        "troops": {
            "JOKER": "Joker", "SPY": "Spy", "SHIELD": "Shield bearer", "BLIND": "Blind-man's bluff",
            "MUD": "Mud fight", "HEADHUNTER": "Headhunter", "STRATEGIST": "Strategist", "BANSHEE": "Banshee",
            "TRAITOR": "Traitor",
        },
    },
    "fr": {
        "south": "Sud",
        "north": "Nord",
        "hand": "main",
        "cards": "cartes",
        "card": "carte",
        "hidden": "face cachée",
        "unknown": "inconnue",
        "empty": "vide",
        "deck": "Pioche",
        "discard": "défausse",
        "to_move": "à jouer",
        "claimed": "revendiquée par",
        "held": "bornes gagnées",
        "tactics": "tactiques",
        "first": "1er",
        "stone": "borne",
        "counter": "contre-exemple",
        "game": {"base": "jeu de base", "tactics": "variante tactique"},
        "expert": "expert",
        "colors": COLOR_NAMES["fr"],
        "modes": {"blind": "COLIN", "mud": "BOUE"},
        "wild": "libre",
        "played": "tactiques jouées",
        "colon": "\u00a0: ",
        "legend": {
            "ghost": "cartes en pointillés sur la borne {stone} : le contre-exemple, les cartes que l'adversaire peut encore ajouter pour battre la revendication",
            "frame": "bornes encadrées (fond jaune, bordure en tirets) : les bornes qu'on peut revendiquer maintenant, ou la revendication étudiée",
            "ring": "cartes cerclées de magenta : les cartes que le schéma désigne (les cartes utiles, par exemple)",
            "first": "{first} : le côté complété en premier (il l'emporte en cas d'égalité parfaite)",
            "back": "dos gris : une main montrée face cachée (inconnue, ou cachée au joueur qui regarde)",
        },
        "troops": {
            "JOKER": "Joker", "SPY": "Espion", "SHIELD": "Porte-Bouclier", "BLIND": "Colin-Maillard",
            "MUD": "Combat de boue", "HEADHUNTER": "Chasseur de tête", "STRATEGIST": "Stratège",
            "BANSHEE": "Banshee", "TRAITOR": "Traître",
        },
    },
}
"""The words of :func:`schotten_lab.core.svg.position_svg` (colours, troops and modes are nested)."""

CHART_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "south": "south",
        "north": "north",
        "South": "South",
        "North": "North",
        "tie": "tie (completion order)",
        "stone": "stone",
        "side": "side",
        "probability": "probability",
        "formation": "formation",
        "value": "value",
        "colour": "colour",
        "strength": "final strength",
        "count": "hands",
        "samples": "samples",
        "estimate": "Monte Carlo estimate",
        "band": "±2 standard errors",
        "exact": "exact",
        "claimed": "claimed",
        "complete": "complete",
        "unseen": "unseen",
        "hand": "hand",
        "discard": "discard",
        "deck": "deck",
        "where": "where",
        "odds_title": "Formation odds of each side (random completion)",
        "outcome_title": "Who wins each stone (random completion of both sides)",
        "outcome_seat_title": "Who wins each stone, seen by {viewer} (counting {viewer}'s hand)",
        "undecided": "undecided (from hand and draws)",
        "map_title": "Where the cards are, seen by {viewer} (chances in %)",
        "map_opponent": "P({opponent} holds it)",
        "map_draw": "P({viewer} draws it within {n} draws)",
        "strength_title": "Final strength of {player}'s side on stone {stone}",
        "convergence_title": "Stone {stone}: P({who}) exact vs Monte Carlo",
        "counts_title": "Formations over all 24,804 three-card hands",
        "of_hands": "of all hands",
        "completions": "completions",
        "map_key": "Cells: a number is the chance in %; S3/N3: the card is on stone 3, south/north side; hand: in the viewer's hand; disc: in the discard pile.",
    },
    "fr": {
        "south": "Sud",
        "north": "Nord",
        "South": "Sud",
        "North": "Nord",
        "tie": "égalité (au premier côté complet)",
        "stone": "borne",
        "side": "côté",
        "probability": "probabilité",
        "formation": "combinaison",
        "value": "valeur",
        "colour": "couleur",
        "strength": "force finale",
        "count": "mains",
        "samples": "tirages",
        "estimate": "estimation par Monte-Carlo",
        "band": "± 2 erreurs types",
        "exact": "exact",
        "claimed": "revendiquée",
        "complete": "complet",
        "unseen": "non vue",
        "hand": "main",
        "discard": "défausse",
        "deck": "pioche",
        "where": "où",
        "odds_title": "Chances de chaque combinaison, côté par côté (côtés complétés au hasard)",
        "outcome_title": "Qui gagne chaque borne (les deux côtés complétés au hasard)",
        "outcome_seat_title": "Qui gagne chaque borne, vu par {viewer} (qui connaît sa main)",
        "undecided": "indécis (selon la main et la pioche)",
        "map_title": "Où sont les cartes, vu par {viewer} (chances en %)",
        "map_opponent": "P({opponent} l'a en main)",
        "map_draw": "P({viewer} la pioche en {n} tirages)",
        "strength_title": "Force finale du côté de {player} sur la borne {stone}",
        "convergence_title": "Borne {stone} : P({who}), valeur exacte et estimation par Monte-Carlo",
        "counts_title": "Combinaisons parmi les 24\u00a0804 mains de trois cartes",
        "of_hands": "des mains",
        "completions": "façons de compléter",
        "map_key": "Cases : un nombre est la chance en % ; S3/N3 : la carte est sur la borne 3, côté Sud/Nord ; main : dans la main du joueur qui regarde ; déf : dans la défausse.",
    },
}
"""The words of the charts (:mod:`schotten_lab.views.charts`)."""

REPORT_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Schotten Totten position report",
        "seen_by": "Seen by {viewer}; {mover} to move; deck {deck}.",
        "notation": "Notation",
        "stones": "Stones",
        "stone": "Stone",
        "south": "South",
        "north": "North",
        "status": "Status",
        "claimed_by": "claimed by {who}",
        "open": "open",
        "claimable_by": "claimable by {who}",
        "p_south": "P(south wins)",
        "p_tie": "P(tie)",
        "p_north": "P(north wins)",
        "p_undecided": "undecided",
        "viewer_head": "Seen by {viewer}, counting {viewer}'s hand",
        "public_head": "Public pool (random completions)",
        "estimate": "Monte Carlo estimate over {n} samples, ± one standard error",
        "claims": "Claims",
        "player": "Player",
        "verdict": "Verdict",
        "can": "can claim",
        "cannot": "cannot claim",
        "why": "Why",
        "counter": "Counterexample",
        "odds": "Formation odds (random completion from the public pool)",
        "side": "Side",
        "charts": "Charts",
        "highlight": "Highlighted stones can be claimed now: {stones}.",
        "no_claim": "No stone can be claimed now.",
        "fractions": "Every probability is exact; hover a percentage for its fraction.",
        "fractions_mixed": "Percentages marked ≈ and ± are Monte Carlo estimates with one standard error; every other one is exact (hover it for its fraction).",
        "footer": "Made with schotten_lab on {day}. Exact figures.",
        "footer_mixed": "Made with schotten_lab on {day}. Exact figures, except the estimates marked ±.",
        "cards": "Remaining cards",
        "unseen": "{n} cards unseen by {viewer}: each is in {opponent}'s hand with probability {p}, in the deck with probability {q}.",
        "empty": "—",
        "incomplete": "The {n} other sides are incomplete: a side needs 3 cards before it can claim.",
        "ghost": "Dashed cards on stone {stone}: the counterexample, the opponent's completion that beats the viewer's claim.",
        "old_browser": "The charts need a browser from 2023 or later (Chrome 80, Firefox 113, Safari 16.4); the tables above have every figure.",
    },
    "fr": {
        "title": "Rapport de position Schotten Totten",
        "seen_by": "Vu par {viewer} ; {mover} joue ; il reste {deck} cartes dans la pioche.",
        "notation": "Notation",
        "stones": "Bornes",
        "stone": "Borne",
        "south": "Sud",
        "north": "Nord",
        "status": "État",
        "claimed_by": "revendiquée par {who}",
        "open": "ouverte",
        "claimable_by": "revendicable par {who}",
        "p_south": "P(Sud gagne)",
        "p_tie": "P(égalité)",
        "p_north": "P(Nord gagne)",
        "p_undecided": "indécis",
        "viewer_head": "Vu par {viewer}, qui connaît sa main",
        "public_head": "Cartes hors de la table (côtés complétés au hasard)",
        "estimate": "estimation par Monte-Carlo sur {n} tirages, ± une erreur type",
        "claims": "Revendications",
        "player": "Joueur",
        "verdict": "Verdict",
        "can": "peut revendiquer",
        "cannot": "ne peut pas revendiquer",
        "why": "Pourquoi",
        "counter": "Contre-exemple",
        "odds": "Chances de chaque combinaison (côtés complétés au hasard parmi les cartes hors de la table)",
        "side": "Côté",
        "charts": "Graphiques",
        "highlight": "Les bornes en surbrillance peuvent être revendiquées maintenant : {stones}.",
        "no_claim": "Aucune borne ne peut être revendiquée maintenant.",
        "fractions": "Toutes les probabilités sont exactes ; survolez un pourcentage pour voir la fraction.",
        "fractions_mixed": "Les pourcentages précédés de « ≈ » et suivis de « ± » sont des estimations par Monte-Carlo, avec une erreur type ; tous les autres sont exacts (survolez-les pour voir la fraction).",
        "footer": "Produit par schotten_lab le {day}. Chiffres exacts.",
        "footer_mixed": "Produit par schotten_lab le {day}. Chiffres exacts, sauf les estimations marquées « ± ».",
        "cards": "Cartes restantes",
        "unseen": "{n} cartes non vues par {viewer} : chacune est dans la main de {opponent} avec la probabilité {p}, dans la pioche avec la probabilité {q}.",
        "empty": "—",
        "incomplete": "Les {n} autres côtés sont incomplets : il faut 3 cartes d'un côté pour revendiquer.",
        "ghost": "Cartes en pointillés sur la borne {stone} : le contre-exemple, c'est-à-dire les cartes qui, posées par l'adversaire, battraient la revendication.",
        "old_browser": "Les graphiques demandent un navigateur de 2023 ou plus récent (Chrome 80, Firefox 113, Safari 16.4) ; les tableaux ci-dessus donnent tous les chiffres.",
    },
}
"""The words of the HTML report (:mod:`schotten_lab.views.report`)."""


def _typeset_table(table: Any) -> Any:
    """A French label table with :func:`typeset_fr` applied to every text (nested tables included)."""
    if isinstance(table, str):
        return typeset_fr(table)
    if isinstance(table, dict):
        return {key: _typeset_table(value) for key, value in table.items()}
    if isinstance(table, tuple | list):
        return type(table)(_typeset_table(value) for value in table)
    return table


for _labels in (DIAGRAM_LABELS, CHART_LABELS, REPORT_LABELS):
    _labels["fr"] = _typeset_table(_labels["fr"])


__all__ = [
    "CHART_LABELS",
    "DIAGRAM_LABELS",
    "LANGS",
    "REPORT_LABELS",
    "Count",
    "Fact",
    "Facts",
    "TacticName",
    "InWords",
    "WordsError",
    "all_tables",
    "check_lang",
    "color",
    "default_lang",
    "estimate",
    "formation",
    "fraction",
    "fraction_percent",
    "join",
    "number",
    "tactic",
    "typeset",
    "typeset_fr",
    "percent",
    "phrase",
    "player",
    "register",
    "render",
    "say",
]
