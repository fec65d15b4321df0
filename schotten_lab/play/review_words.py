"""The review's words: its phrases (English and French), moves named in words, its refusals.

:data:`REVIEW_PHRASES` and :data:`REVIEW_ERROR_PHRASES` are registered with
:mod:`~schotten_lab.core.words` (the one home of what a user reads); :func:`move_words` says a
record's turn, :func:`points` a loss in points of win chance, :class:`ReviewError` a record the review
cannot take, in one line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..bots.move_facts import Numbers
from ..core.words import NBSP, Fact, chance, number, register, say
from ..game import IllegalTurnError, Play, play_words, with_claims
from ..game.plays import piece_name

REVIEW_PHRASES = register(
    {
        "review.outcomes": {"en": "best: {best}; played: {played}", "fr": "meilleur coup : {best} ; coup joué : {played}"},
        "review.allowed": {
            "en": "allowed {opponent}'s best reply, {move}: {reason}; {opponent}'s chance then {chance}",
            "fr": "a permis la meilleure réponse de {opponent}, {move} : {reason} ; ses chances ensuite : {chance}",
        },
        "review.allowed_bare": {
            "en": "allowed {opponent}'s best reply, {move}; {opponent}'s chance then {chance}",
            "fr": "a permis la meilleure réponse de {opponent}, {move} ; ses chances ensuite : {chance}",
        },
        "review.move_on": {"en": "{card} on stone {stone}", "fr": "{card} sur la borne {stone}"},
        "review.move_claims": {"en": "{move}, claim {stones}", "fr": "{move}, revendique {stones}"},
        "review.move_pass": {"en": "pass", "fr": "passe"},
        "review.wrote": {"en": "wrote {name}", "fr": "fichier écrit : {name}"},
        "review.one_seat": {"en": "one-seat record: only {seat}'s turns are reviewed", "fr": "partie vue d'un seul siège : seuls les coups de {seat} sont examinés"},
        "review.hidden": {"en": "(hidden seat: not reviewed)", "fr": "(siège caché : coup non examiné)"},
        "review.row": {"en": "{before} -> {after} (loss {loss})", "fr": "{before} → {after} (perte {loss})"},
        "review.interval": {"en": " (95%: {low} to {high} points)", "fr": " (intervalle à 95 % : de {low} à {high} points)"},
        "review.as_good": {"en": "  (as good as the advisor's {best})", "fr": "  (aussi bon que le coup du conseiller, {best})"},
        "review.best": {"en": "  best: {best}", "fr": "  meilleur coup : {best}"},
        "review.label_inaccuracy": {"en": "inaccuracy", "fr": "imprécision"},
        "review.label_mistake": {"en": "mistake", "fr": "erreur"},
        "review.label_blunder": {"en": "blunder", "fr": "gaffe"},
        "review.label_unclear": {"en": "unclear", "fr": "incertain"},
        "review.count_inaccuracy_one": {"en": "{count} inaccuracy", "fr": "{count} imprécision"},
        "review.count_inaccuracy_many": {"en": "{count} inaccuracies", "fr": "{count} imprécisions"},
        "review.count_mistake_one": {"en": "{count} mistake", "fr": "{count} erreur"},
        "review.count_mistake_many": {"en": "{count} mistakes", "fr": "{count} erreurs"},
        "review.count_blunder_one": {"en": "{count} blunder", "fr": "{count} gaffe"},
        "review.count_blunder_many": {"en": "{count} blunders", "fr": "{count} gaffes"},
        "review.count_unclear_one": {"en": "{count} unclear", "fr": "{count} incertain"},
        "review.count_unclear_many": {"en": "{count} unclear", "fr": "{count} incertains"},
        "review.turns_one": {"en": "{count} turns reviewed", "fr": "{count} coup examiné"},
        "review.turns_many": {"en": "{count} turns reviewed", "fr": "{count} coups examinés"},
        "review.best_moves": {"en": "{count} best moves", "fr": "{count} fois le meilleur coup"},
        "review.summary": {
            "en": "{player}: {turns}, {best}, {counts}; average loss {loss} points",
            "fr": "{player} : {turns}, {best} ; {counts} ; perte moyenne : {loss} points",
        },
    }
)
"""The review's own phrases (en, fr)."""


@dataclass(frozen=True, slots=True)
class MoveName:
    """A base-game move in words: "G9 on stone 5, claim 3" / « G9 sur la borne 5, revendique 3 »."""

    card: object
    stone: int | None
    claims: tuple[int, ...] = ()

    def in_words(self, lang: str = "en") -> str:
        move = say("review.move_pass", lang) if self.card is None else say("review.move_on", lang, card=str(self.card), stone=self.stone)
        return say("review.move_claims", lang, move=move, stones=Numbers(self.claims)) if self.claims else move


@dataclass(frozen=True, slots=True)
class Chance:
    """A win chance with its standard error (``None``: exact), in words in either language."""

    p: float
    stderr: float | None = None

    def in_words(self, lang: str = "en") -> str:
        return chance(self.p, self.stderr, lang, mark_exact=True)


class ReviewError(ValueError):
    """A record the review cannot take: the message is one line naming the turn and the rule or field.

    ``fact`` is the message as a phrase of :data:`REVIEW_ERROR_PHRASES`: ``str()`` is its English,
    :meth:`in_words` says it in any language."""

    fact: Fact | None = None

    @classmethod
    def of(cls, key: str, **fields: object) -> ReviewError:
        """The error whose message is phrase ``key`` with ``fields`` (its English the ``str()``)."""
        fact = Fact.of(key, **fields)
        error = cls(fact.in_words("en"))
        error.fact = fact
        return error

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang`` (« tour 3 : le conseiller ne peut pas explorer cette position : … »)."""
        return str(self) if lang == "en" or self.fact is None else self.fact.in_words(lang)


@dataclass(frozen=True)
class _OneLine:
    """An error's message on one line, in any language (its own ``in_words`` when it has one)."""

    error: BaseException

    def in_words(self, lang: str = "en") -> str:
        said = getattr(self.error, "in_words", None)
        if said is None or lang == "en":
            return _one_line(self.error)
        return re.sub(r"[^\S\u00a0\u202f]+", " ", str(said(lang))).strip(" ")  # French no-break spaces kept

    def __str__(self) -> str:
        return self.in_words("en")


REVIEW_ERROR_PHRASES = register({
    "review.err_iterations": {"en": "iterations: must be a whole number of rollouts from 1 to {most}, not {value}",
                              "fr": "iterations : un nombre entier de simulations de 1 à {most} est attendu, et non {value}"},
    "review.err_budget": {"en": "budget: a review needs a number of rollouts a turn, Budget(rollouts=N) with N from 1 to {most}, not {value}",
                          "fr": "budget : une revue demande un nombre de simulations par tour, Budget(rollouts=N) avec N de 1 à {most}, et non {value}"},
    "review.err_record": {"en": "{problem}", "fr": "{problem}"},
    "review.err_no_hand": {"en": "deal.hands: neither hand is fully known; a one-seat record gives that seat's hand",
                           "fr": "mains de la donne : aucune des deux n'est entièrement connue ; une partie vue d'un seul siège donne la main de ce siège"},
    "review.err_search": {"en": "turn {turn}: the advisor cannot search this position: {problem}",
                          "fr": "tour {turn} : le conseiller ne peut pas explorer cette position : {problem}"},
})  # fmt: skip
"""A review's refusals (:class:`ReviewError`), en and fr."""


def points(value: float, stderr: float | None = None, lang: str = "en") -> str:
    """A loss in points of win chance: ``3.2 ±1.0`` / « 3,2 ± 1,0 » (one standard error)."""
    if lang == "en":
        return chance(value, stderr).replace("%", "")
    text = number(100 * value, lang, 1)
    return text if stderr is None else f"{text} ±{NBSP}{number(100 * stderr, lang, 1)}"

def move_words(play: object, claims: object, lang: str = "en") -> str:
    """A record turn's move in words: ``"R8 on stone 3, claim 3"``, ``"Traitor: take R8 from stone 2
    to stone 5"``, ``"pass"`` / « R8 sur la borne 3, revendique 3 », « passe » (tactics cards named
    by what they do)."""
    if isinstance(play, Mapping):
        try:
            words = play_words(Play.from_dict(play), lang)
        except IllegalTurnError:  # not a play the engine reads: say what the record says
            words = say("move.place", lang, card=piece_name(play.get("card")), stone=str(play.get("stone")))
        if play.get("returned"):
            words = say("move.returned", lang, move=words, count=str(len(play["returned"])))
    else:
        words = say("move.pass", lang)
    return with_claims(words, claims if isinstance(claims, list) else (), lang)

def _one_line(text: object) -> str:
    return " ".join(str(text).split())


@dataclass(frozen=True)
class _Repr:
    """A bad argument as a message quotes it: its ``repr`` (English), in guillemets (French)."""

    value: object

    def in_words(self, lang: str = "en") -> str:
        if lang == "en":
            return repr(self.value)
        if not isinstance(self.value, str):
            return _one_line(repr(self.value))[:40]
        return f"«{NBSP}{_one_line(self.value)[:40]}{NBSP}»"


__all__ = ["REVIEW_ERROR_PHRASES", "REVIEW_PHRASES", "Chance", "MoveName", "ReviewError", "move_words", "points"]
