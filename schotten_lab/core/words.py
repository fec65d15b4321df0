"""Every word the library shows a user, in English and French, and the one way to print a probability.

Results are structured values (enums, locations, facts with fields); this module turns them into text.
Nothing else should hold a user-facing phrase or a percentage format.

- :func:`percent`, :func:`fraction`, :func:`fraction_percent`: probabilities as text (one rounding rule).
- :func:`player`, :func:`color`, :func:`formation`: names in either language.
- :func:`say`: a phrase of :data:`PHRASES` by key, its ``{fields}`` filled in and rendered in the
  language (a field may be a player, a card tuple, a probability, or any value with ``in_words(lang)``).
- :class:`Fact` (a key and its fields) and :class:`Facts` (several, with a separator): structured
  statements such as claim explanations (``ClaimVerdict.facts``), rendered with ``in_words(lang)``
  and serialised with ``to_dict()``.

To add a phrase: add one key to :data:`PHRASES` with an ``"en"`` and an ``"fr"`` text using the same
``{fields}`` (a test checks both languages have the same fields). Views keep their own label tables as
further dictionaries of the same shape (``{key: {"en": ..., "fr": ...}}``) registered with
:func:`register`.
"""

from __future__ import annotations

import enum
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

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


def chance(p: float | None, stderr: float | None = None, lang: str = "en", *, mark_exact: bool = False) -> str:
    """A win chance (or a loss of one) in a table: ``"39.0%"``; an estimate ``"39.0% ±4.9"`` (one
    standard error, in points); ``"—"`` for none; ``mark_exact`` adds ``" exact"`` to a value without
    error. Unlike :func:`percent` it keeps the sign and the ends: a loss may be negative noise."""
    if p is None:
        return "—"
    text = f"{100 * p:.1f}%"
    if stderr is not None:
        text += f" ±{100 * stderr:.1f}"
    elif mark_exact:
        text += " exact"
    return text.replace(".", ",") if check_lang(lang) == "fr" else text


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
    "hand_unknown": {
        "en": "{viewer}'s hand is not known, every figure uses the public pool",
        "fr": "la main de {viewer} est inconnue, tous les chiffres utilisent la réserve publique",
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
    "loc_played": {"en": "played", "fr": "jouée"},
    # claim explanations (analysis.claims builds them as Facts)
    "claim_claimed": {"en": "stone {stone} is already claimed by {owner}.", "fr": "la borne {stone} est déjà revendiquée par {owner}."},
    "claim_incomplete": {
        "en": "{player}'s side has {cards}; a claim needs a complete side{mud}, {more} more to place.",
        "fr": "le côté de {player} a {cards} ; une revendication demande un côté complet{mud}, encore {more} à poser.",
    },
    "cards_one": {"en": "{count} card", "fr": "{count} carte"},
    "cards_many": {"en": "{count} cards", "fr": "{count} cartes"},
    "mud_four": {"en": " (4 under Mud fight)", "fr": " (4 en Combat de boue)"},
    "claim_stronger": {"en": "{player}'s {own} beats {opponent}'s {other}.", "fr": "côté {player}, {own} bat {other} côté {opponent}."},
    "claim_weaker": {"en": "{opponent}'s {other} beats {player}'s {own}.", "fr": "côté {opponent}, {other} bat {own} côté {player}."},
    "claim_tie_won": {
        "en": "both sides are {other}; {player} completed first and wins the tie.",
        "fr": "les deux côtés font {other} ; {player} a complété en premier et gagne l'égalité.",
    },
    "claim_tie_lost": {
        "en": "both sides are {other}; {opponent} completed first and wins the tie.",
        "fr": "les deux côtés font {other} ; {opponent} a complété en premier et gagne l'égalité.",
    },
    "claim_tie_unknown": {
        "en": "both sides are {other}; the stone goes to whoever completed first, which the position does not record.",
        "fr": "les deux côtés font {other} ; la borne va à qui a complété en premier, ce que la position n'indique pas.",
    },
    "claim_needs_fourth": {
        "en": "strict proof: if {scenario}, the stone would need 4 cards a side and {player} a fourth card, which a proof may not take from a hand.",
        "fr": "preuve stricte : si {scenario}, la borne demanderait 4 cartes par côté et {player} une quatrième carte, qu'une preuve ne peut pas prendre dans une main.",
    },
    "claim_beaten": {
        "en": "{lead}{opponent} can still beat it: {added} would give {opponent} {side}, a {counter}, which beats {player}'s {own}{wild}{where}.",
        "fr": "{lead}{opponent} peut encore gagner : {added} donnerait à {opponent} {side}, {counter}, qui bat {own} de {player}{wild}{where}.",
    },
    "if_scenario": {"en": "if {scenario}, ", "fr": "si {scenario}, "},
    "scenario_mode": {"en": "an unplayed {mode} were put on the stone", "fr": "un {mode} non joué était posé sur la borne"},
    "scenario_troop": {"en": "the opponent played the unplayed {troop}", "fr": "l'adversaire jouait le {troop} non joué"},
    "any_of_value": {"en": "any of the {value}s ({cards})", "fr": "n'importe lequel des {value} ({cards})"},
    "and_a_value": {"en": " and a {value}", "fr": " et un {value}"},
    "wild_best": {"en": " ({troops} taking {opponent}'s best identity)", "fr": " ({troops} prenant la meilleure identité pour {opponent})"},
    "in_own_hand_one": {
        "en": "; {cards} is in {player}'s own hand, but a proof may only use cards on the table",
        "fr": " ; {cards} est dans la main de {player}, mais une preuve ne peut utiliser que les cartes sur la table",
    },
    "in_own_hand_many": {
        "en": "; {cards} are in {player}'s own hand, but a proof may only use cards on the table",
        "fr": " ; {cards} sont dans la main de {player}, mais une preuve ne peut utiliser que les cartes sur la table",
    },
    "not_on_table_one": {"en": "; that card is not on the table", "fr": " ; cette carte n'est pas sur la table"},
    "not_on_table_many": {"en": "; those cards are not on the table", "fr": " ; ces cartes ne sont pas sur la table"},
    "claim_no_completion": {
        "en": "{opponent} cannot complete the side at all: fewer than {need} cards remain off the table.",
        "fr": "{opponent} ne peut pas compléter son côté : il reste moins de {need} cartes hors de la table.",
    },
    "claim_unbeatable": {"en": "{player}'s {own} cannot be beaten{wild}", "fr": "côté {player}, {own} est imbattable{wild}"},
    "even_wild": {"en": ", even with {troops} at {opponent}'s best identity", "fr": ", même avec {troops} à la meilleure identité pour {opponent}"},
    "tie_note": {
        "en": "; the best {opponent} can still reach, {cards} for a {formation}, only ties, and {player} completed first",
        "fr": " ; le mieux que {opponent} puisse encore atteindre, {cards} pour {formation}, ne fait qu'égaliser, et {player} a complété en premier",
    },
    "proof_nothing_beats": {"en": "{lead}: no {capacity} cards at all can beat it{tie}.", "fr": "{lead} : aucune combinaison de {capacity} cartes ne peut battre cela{tie}."},
    "proof_no_completion_beats": {
        "en": "{lead}: no completion of {opponent}'s {cards} can beat it, whatever cards remain{tie}.",
        "fr": "{lead} : aucune complétion de {cards} côté {opponent} ne peut battre cela, quelles que soient les cartes restantes{tie}.",
    },
    "proof_threats": {"en": "{lead}: {threats}{tie}.", "fr": "{lead} : {threats}{tie}."},
    "threat": {"en": "{opponent} would need {cards} for a {formation} ({where})", "fr": "{opponent} aurait besoin de {cards} pour {formation} ({where})"},
    "dead_card": {"en": "{card} is {place}", "fr": "{card} est {place}"},
    "place_discard": {"en": "in the discard pile", "fr": "dans la défausse"},
    "place_on": {"en": "on {where}", "fr": "sur {where}"},
    "proof_many": {
        "en": "{lead}: each of the {count} completions that would beat it needs a card already on the table: {listed}{more}{tie}.",
        "fr": "{lead} : chacune des {count} complétions qui le battraient demande une carte déjà sur la table : {listed}{more}{tie}.",
    },
    "card_place": {"en": "{card} ({place})", "fr": "{card} ({place})"},
    "and_more": {"en": " and {count} more", "fr": " et {count} autres"},
    "troops_as": {"en": ", with {parts}", "fr": ", avec {parts}"},
    "troop_as": {"en": "{troop} as {card}", "fr": "{troop} comme {card}"},
    "blind_note": {"en": " (Blind-man's bluff: sums only)", "fr": " (Colin-Maillard : sommes seules)"},
    "loc_hand_short": {"en": "hand", "fr": "main"},
    "loc_discard_short": {"en": "disc", "fr": "déf"},  # four characters at most: a card-map cell
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
    ``"and_all"``: "a and b and c")."""

    items: tuple[object, ...]
    sep: str = "; "

    def in_words(self, lang: str = "en") -> str:
        parts = [render(item, lang) for item in self.items]
        if self.sep == "and":
            return join(parts, lang)
        if self.sep == "and_all":
            return (" et " if check_lang(lang) == "fr" else " and ").join(parts)
        return self.sep.join(parts)

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
        "to_move": "au trait",
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
        "troops": {
            "JOKER": "Joker", "SPY": "Espion", "SHIELD": "Porte-bouclier", "BLIND": "Colin-Maillard",
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
    },
    "fr": {
        "south": "sud",
        "north": "nord",
        "South": "Sud",
        "North": "Nord",
        "tie": "égalité (ordre de complétion)",
        "stone": "borne",
        "side": "côté",
        "probability": "probabilité",
        "formation": "combinaison",
        "value": "valeur",
        "colour": "couleur",
        "strength": "force finale",
        "count": "mains",
        "samples": "tirages",
        "estimate": "estimation Monte-Carlo",
        "band": "±2 écarts-types",
        "exact": "exact",
        "claimed": "revendiquée",
        "complete": "complet",
        "unseen": "non vue",
        "hand": "main",
        "discard": "défausse",
        "deck": "pioche",
        "where": "où",
        "odds_title": "Chances de combinaison de chaque côté (complétion au hasard)",
        "outcome_title": "Qui gagne chaque borne (complétion au hasard des deux côtés)",
        "outcome_seat_title": "Qui gagne chaque borne, vu par {viewer} (avec la main de {viewer})",
        "undecided": "indécis (main et pioche)",
        "map_title": "Où sont les cartes, vu par {viewer} (chances en %)",
        "map_opponent": "P({opponent} l'a en main)",
        "map_draw": "P({viewer} la pioche en {n} tirages)",
        "strength_title": "Force finale du côté {player} de la borne {stone}",
        "convergence_title": "Borne {stone} : P({who}) exact contre Monte-Carlo",
        "counts_title": "Combinaisons parmi les 24 804 mains de trois cartes",
        "of_hands": "des mains",
        "completions": "complétions",
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
        "fractions": "Probabilities are exact; hover a percentage for its fraction.",
        "footer": "Made with schotten_lab on {day}. Exact figures.",
        "cards": "Remaining cards",
        "unseen": "{n} cards unseen by {viewer}: each is in {opponent}'s hand with probability {p}, in the deck with probability {q}.",
        "empty": "—",
        "incomplete": "The {n} other sides are incomplete: a side needs 3 cards before it can claim.",
        "ghost": "Dashed cards on stone {stone}: the counterexample, the opponent's completion that beats the viewer's claim.",
        "old_browser": "The charts need a browser from 2023 or later (Chrome 80, Firefox 113, Safari 16.4); the tables above have every figure.",
    },
    "fr": {
        "title": "Rapport de position Schotten Totten",
        "seen_by": "Vu par {viewer} ; {mover} au trait ; pioche {deck}.",
        "notation": "Notation",
        "stones": "Bornes",
        "stone": "Borne",
        "south": "Sud",
        "north": "Nord",
        "status": "État",
        "claimed_by": "revendiquée par {who}",
        "open": "ouverte",
        "claimable_by": "revendicable par {who}",
        "p_south": "P(sud gagne)",
        "p_tie": "P(égalité)",
        "p_north": "P(nord gagne)",
        "p_undecided": "indécis",
        "viewer_head": "Vu par {viewer}, avec la main de {viewer}",
        "public_head": "Réserve publique (complétions au hasard)",
        "estimate": "estimation Monte-Carlo sur {n} tirages, ± un écart-type",
        "claims": "Revendications",
        "player": "Joueur",
        "verdict": "Verdict",
        "can": "peut revendiquer",
        "cannot": "ne peut pas revendiquer",
        "why": "Pourquoi",
        "counter": "Contre-exemple",
        "odds": "Chances de combinaison (complétion au hasard parmi les cartes non jouées)",
        "side": "Côté",
        "charts": "Graphiques",
        "highlight": "Les bornes en surbrillance peuvent être revendiquées maintenant : {stones}.",
        "no_claim": "Aucune borne ne peut être revendiquée maintenant.",
        "fractions": "Les probabilités sont exactes ; survolez un pourcentage pour voir la fraction.",
        "footer": "Produit par schotten_lab le {day}. Chiffres exacts.",
        "cards": "Cartes restantes",
        "unseen": "{n} cartes non vues par {viewer} : chacune est dans la main de {opponent} avec la probabilité {p}, dans la pioche avec la probabilité {q}.",
        "empty": "—",
        "incomplete": "Les {n} autres côtés sont incomplets : il faut 3 cartes pour revendiquer.",
        "ghost": "Cartes en pointillés sur la borne {stone} : le contre-exemple, la complétion adverse qui bat la revendication.",
        "old_browser": "Les graphiques demandent un navigateur de 2023 ou plus récent (Chrome 80, Firefox 113, Safari 16.4) ; les tableaux ci-dessus donnent tous les chiffres.",
    },
}
"""The words of the HTML report (:mod:`schotten_lab.views.report`)."""


__all__ = [
    "CHART_LABELS",
    "DIAGRAM_LABELS",
    "LANGS",
    "REPORT_LABELS",
    "Fact",
    "Facts",
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
