"""A puzzle file's problems in words (English and French): the reading of a puzzle line
(:class:`~.format.PuzzleFormatError`) and what re-proving a puzzle finds wrong (``puzzles check``).

The reader and the checks build a :class:`~schotten_lab.core.words.Fact` of :data:`PUZZLE_FORMAT_PHRASES`:
its English is the message they always wrote, word for word, and ``in_words("fr")`` says it in
French. A field's path (``solution.play.card``) stays as it is in English and is said in words in
French (:class:`PuzzleField`: « solution, coup, carte »); a position's own fields are said as the
position reader says them (« position, borne 2, côté Sud »).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.reader_words import FieldPath
from ..core.words import NBSP, Fact, check_lang, number, register, render, say
from .words import PUZZLE_PHRASES  # noqa: F401  (its phrases: a puzzle's kind, « revendication »)

PUZZLE_FORMAT_PHRASES = register({
    # where
    "pzf.at": {"en": "{field}: {problem}", "fr": "{field} : {problem}"},
    "pzf.line": {"en": "line {line}: {problem}", "fr": "ligne {line} : {problem}"},
    "pzf.in": {"en": "{where}.{name}", "fr": "{where}, {name}"},
    "pzf.item": {"en": "{where}[{index}]", "fr": "{where}, élément {index}"},
    "pzf.turn": {"en": "line[{index}]", "fr": "suite forcée, tour {index}"},
    "pzf.field": {"en": "{name}", "fr": "champ « {name} »"},
    "pzf.position": {"en": "position.{field}", "fr": "position, {field}"},
    "pzf.f_format": {"en": "format", "fr": "format"},
    "pzf.f_id": {"en": "id", "fr": "identifiant"},
    "pzf.f_kind": {"en": "kind", "fr": "type"},
    "pzf.f_rating": {"en": "rating", "fr": "classement"},
    "pzf.f_source": {"en": "source", "fr": "origine"},
    "pzf.f_estimate": {"en": "estimate", "fr": "estimation"},
    "pzf.f_question": {"en": "question", "fr": "question"},
    "pzf.f_solution": {"en": "solution", "fr": "solution"},
    "pzf.f_explanation": {"en": "explanation", "fr": "explication"},
    "pzf.f_line": {"en": "line", "fr": "suite forcée"},
    "pzf.f_solvers": {"en": "solvers", "fr": "solveurs"},
    "pzf.f_position": {"en": "position", "fr": "position"},
    "pzf.f_type": {"en": "type", "fr": "type"},
    "pzf.f_stone": {"en": "stone", "fr": "borne"},
    "pzf.f_player": {"en": "player", "fr": "joueur"},
    "pzf.f_claimable": {"en": "claimable", "fr": "bornes revendicables"},
    "pzf.f_play": {"en": "play", "fr": "coup"},
    "pzf.f_card": {"en": "card", "fr": "carte"},
    "pzf.f_claim": {"en": "claim", "fr": "revendications"},
    "pzf.f_en": {"en": "en", "fr": "texte anglais"},
    "pzf.f_fr": {"en": "fr", "fr": "texte français"},
    "pzf.f_method": {"en": "method", "fr": "méthode"},
    "pzf.f_deals": {"en": "deals", "fr": "nombre de donnes"},
    "pzf.f_seed": {"en": "seed", "fr": "graine"},
    "pzf.f_moves": {"en": "moves", "fr": "nombre de coups"},
    "pzf.f_confidence": {"en": "confidence", "fr": "niveau de confiance"},
    "pzf.f_win": {"en": "win", "fr": "chances du coup"},
    "pzf.f_win_interval": {"en": "win_interval", "fr": "intervalle des chances du coup"},
    "pzf.f_second": {"en": "second", "fr": "deuxième coup"},
    "pzf.f_second_win": {"en": "second_win", "fr": "chances du deuxième coup"},
    "pzf.f_margin": {"en": "margin", "fr": "écart"},
    "pzf.f_margin_interval": {"en": "margin_interval", "fr": "intervalle de l'écart"},
    "pzf.f_z": {"en": "z", "fr": "écart réduit (z)"},
    # reading a line or a file
    "pzf.not_utf8": {"en": "not UTF-8 text (bad byte at offset {offset})", "fr": "ce n'est pas du texte UTF-8 (octet invalide à la position {offset})"},
    "pzf.too_long": {"en": "{count} characters: too long for a puzzle (at most {limit})",
                     "fr": "{count} caractères : trop long pour un problème ({limit} au plus)"},
    "pzf.too_many_bytes": {"en": "{count} bytes: too long for a puzzle", "fr": "{count} octets : trop long pour un problème"},
    "pzf.bad_json": {"en": "not valid JSON: {message} at column {column}", "fr": "ce n'est pas du JSON valide : {message}, colonne {column}"},
    "pzf.too_deep": {"en": "not a puzzle: JSON nested too deeply or a huge number",
                     "fr": "ce n'est pas un problème : JSON trop profondément imbriqué, ou nombre démesuré"},
    "pzf.file_not_utf8": {"en": "{path}: not UTF-8 text ({reason})", "fr": "{path} : ce n'est pas du texte UTF-8 ({reason})"},
    "pzf.bad_byte": {"en": "bad byte", "fr": "octet invalide"},
    "pzf.cannot_read": {"en": "cannot read {path}: {reason}", "fr": "impossible de lire {path} : {reason}"},
    "pzf.same_id": {"en": "{id:q} is already the id of line {other}", "fr": "{id:q} est déjà l'identifiant de la ligne {other}"},
    # the document
    "pzf.not_object": {"en": "a puzzle is a JSON object, not {kind}", "fr": "un problème est un objet JSON, et non {kind}"},
    "pzf.unknown_field": {"en": "unknown field", "fr": "ce champ n'existe pas"},
    "pzf.missing": {"en": "is missing", "fr": "champ manquant"},
    "pzf.format": {"en": "is {value}; this version reads {format:q}", "fr": "vaut {value} ; cette version lit {format:q}"},
    "pzf.id": {"en": "is {value}; an id is 1 to 40 lowercase letters, digits or '-'",
               "fr": "vaut {value} ; un identifiant a de 1 à 40 caractères : lettres minuscules, chiffres ou \"-\""},
    "pzf.kind": {"en": "is {value}; expected one of {kinds}", "fr": "vaut {value} ; {kinds} attendu"},
    "pzf.rating": {"en": "is {value}; a rating is a whole number from 0 to {most}",
                   "fr": "vaut {value} ; un classement est un nombre entier de 0 à {most}"},
    "pzf.not_an_object": {"en": "must be an object, not {kind}", "fr": "doit être un objet, et non {kind}"},
    "pzf.estimate_required": {"en": "is required for a midgame puzzle (its answer is an estimate): an object",
                              "fr": "obligatoire pour un problème de milieu de partie (sa réponse est une estimation) : un objet"},
    "pzf.endgame_deck": {"en": "is {value}; an endgame puzzle has an empty deck", "fr": "vaut {value} ; la pioche d'un problème de finale est vide"},
    "pzf.illegal": {"en": "illegal: {problem}", "fr": "position illégale : {problem}"},
    "pzf.game_over": {"en": "the game is over ({winner} has won)", "fr": "la partie est finie ({winner} a gagné)"},
    "pzf.hand_hidden": {"en": "the solver's hand (the player to move) must be shown",
                        "fr": "la main de celui qui résout (le joueur qui joue) doit être montrée"},
    "pzf.question_shape": {"en": "must be an object like {{'type': 'move'}}, not {kind}",
                           "fr": "doit être un objet dont le champ \"type\" vaut par exemple \"move\", et non {kind}"},
    "pzf.question_type": {"en": "is {value}; a {kind} puzzle asks {allowed}", "fr": "vaut {value} ; pour un problème de type « {kind} », la question est {allowed}"},
    "pzf.not_claimable_question": {"en": "stone {stone} is not one the solver could claim (claimed, or their side incomplete)",
                                   "fr": "la borne {stone} n'est pas de celles que le joueur pourrait revendiquer (déjà revendiquée, ou son côté incomplet)"},
    "pzf.solver": {"en": "is {value}; it must be the solver, {solver:q} (the player to move)",
                   "fr": "vaut {value} ; ce doit être le joueur qui résout, {solver:q} (le joueur qui joue)"},
    "pzf.solver_short": {"en": "is {value}; it must be the solver, {solver:q}", "fr": "vaut {value} ; ce doit être le joueur qui résout, {solver:q}"},
    "pzf.not_claimable": {"en": "stone {stone} cannot be claimed by {player} (claimed, or their side incomplete)",
                          "fr": "{player} ne peut pas revendiquer la borne {stone} (déjà revendiquée, ou son côté incomplet)"},
    "pzf.play_shape": {"en": "must be an object like {{'card': 'R8', 'stone': 3}}, not {kind}",
                       "fr": "doit être un objet qui donne la carte (\"card\", par exemple \"R8\") et la borne (\"stone\", par exemple 3), et non {kind}"},
    "pzf.placement_shape": {"en": "must be a placement like {{'card': 'R8', 'stone': 3}}, not {kind}",
                            "fr": "doit être un coup, un objet qui donne la carte (\"card\", par exemple \"R8\") et la borne (\"stone\", par exemple 3), et non {kind}"},
    "pzf.already_claimed": {"en": "stone {stone} is already claimed", "fr": "la borne {stone} est déjà revendiquée"},
    "pzf.card_shape": {"en": "must be a card code such as 'R8', not {kind}", "fr": "doit être un code de carte comme \"R8\", et non {kind}"},
    "pzf.not_in_hand": {"en": "{card} is not in {player}'s hand", "fr": "{card} n'est pas dans la main de {player}"},
    "pzf.cannot_place": {"en": "{player} cannot place on stone {stone} (claimed, or their side full)",
                         "fr": "{player} ne peut rien poser sur la borne {stone} (déjà revendiquée, ou son côté complet)"},
    "pzf.line_required": {"en": "is required for an endgame puzzle (the forced line)",
                          "fr": "obligatoire pour un problème de finale (la suite forcée)"},
    "pzf.line_shape": {"en": "must be a non-empty list of turns, not {kind}", "fr": "doit être une liste de tours non vide, et non {kind}"},
    "pzf.line_long": {"en": "has {count} turns; at most {most}", "fr": "compte {count} tours ; {most} au plus"},
    "pzf.turn_shape": {"en": "must be a turn object, not {kind}", "fr": "doit être un tour (un objet), et non {kind}"},
    "pzf.turn_player": {"en": "is {value}; turns alternate from the solver, so {player:q}",
                        "fr": "vaut {value} ; les tours alternent à partir du joueur qui résout, donc {player:q}"},
    "pzf.turn_play": {"en": "must be null (a pass) or an object, not {kind}", "fr": "doit être null (une passe) ou un objet, et non {kind}"},
    "pzf.line_start": {"en": "the forced line must start with the solution's turn", "fr": "la suite forcée doit commencer par le tour de la solution"},
    "pzf.method": {"en": "must be a short non-empty text, not {kind}", "fr": "doit être un texte court et non vide, et non {kind}"},
    "pzf.at_least": {"en": "is {value}; a whole number, at least {least}", "fr": "vaut {value} ; un nombre entier, au moins {least}"},
    "pzf.number_range": {"en": "is {value}; a number from {low} to {high}", "fr": "vaut {value} ; un nombre de {low} à {high}"},
    "pzf.interval_shape": {"en": "must be [low, high], two numbers from {low} to {high}, not {value}",
                           "fr": "doit être [bas, haut], deux nombres de {low} à {high}, et non {value}"},
    "pzf.interval_misses": {"en": "{interval} does not hold the estimate's {name}, {value}",
                            "fr": "{interval} ne contient pas la valeur estimée ({name} : {value})"},
    "pzf.second_is_answer": {"en": "is the answer itself; it is the runner-up move", "fr": "c'est la réponse elle-même ; ce champ donne le deuxième meilleur coup"},
    "pzf.explanation_shape": {"en": "must be an object like {{'en': ..., 'fr': ...}}, not {kind}",
                              "fr": "doit être un objet qui donne le texte anglais (\"en\") et le texte français (\"fr\"), et non {kind}"},
    "pzf.explanation_lang": {"en": "unknown language (the explanation is in 'en' and 'fr')",
                             "fr": "langue inconnue (l'explication est en \"en\" et en \"fr\")"},
    "pzf.text_shape": {"en": "must be a non-empty text, not {kind}", "fr": "doit être un texte non vide, et non {kind}"},
    "pzf.text_long": {"en": "{count} characters; at most {most}", "fr": "{count} caractères ; {most} au plus"},
    "pzf.solvers_shape": {"en": "must be an object of at most 20 solver names and failure rates",
                          "fr": "doit être un objet d'au plus 20 noms de solveurs et leurs taux d'échec"},
    "pzf.failure_rate": {"en": "is {value}; a failure rate is from 0 to 1", "fr": "vaut {value} ; un taux d'échec va de 0 à 1"},
    "pzf.stones_shape": {"en": "must be a list of stone numbers (1 to 9), not {kind}",
                         "fr": "doit être une liste de numéros de bornes (de 1 à 9), et non {kind}"},
    "pzf.stones_order": {"en": "must list distinct stones in ascending order", "fr": "doit donner des bornes distinctes, par ordre croissant"},
    "pzf.stone_number": {"en": "is {value}; a stone is a whole number from 1 to 9", "fr": "vaut {value} ; une borne est un nombre entier de 1 à 9"},
    # re-proving (puzzles check)
    "pzf.proof_gives": {"en": "the proof gives {stones}", "fr": "bornes revendicables selon la preuve : {stones}"},
    "pzf.no_proof": {"en": "the endgame needs more than {count} nodes", "fr": "la finale demande plus de {count} nœuds de recherche"},
    "pzf.no_proof_line": {"en": "the line needs more than {count} nodes", "fr": "la suite forcée demande plus de {count} nœuds de recherche"},
    "pzf.no_proof_refutation": {"en": "the refutation needs more than {count} nodes", "fr": "la réfutation demande plus de {count} nœuds de recherche"},
    "pzf.winning_moves": {"en": "the winning moves are {moves}", "fr": "coups gagnants : {moves}"},
    "pzf.move_on": {"en": "'{card} on {stone}'", "fr": "{card} sur la borne {stone}"},
    "pzf.none": {"en": "none", "fr": "aucun"},
    "pzf.interval": {"en": "[{low}, {high}]", "fr": "l'intervalle de {low} à {high}"},
    "pzf.no_stones": {"en": "[]", "fr": "aucune"},
    "pzf.claims_after": {"en": "the claims after the play are {stones}", "fr": "bornes revendiquées après ce coup : {stones}"},
    "pzf.claims_after_that": {"en": "the claims after that play are {stones}", "fr": "bornes revendiquées après ce coup : {stones}"},
    "pzf.not_won": {"en": "the forced line does not end in the solver's win", "fr": "la suite forcée ne finit pas par la victoire du joueur qui résout"},
    "pzf.already_over": {"en": "the game is already over", "fr": "la partie est déjà finie"},
    "pzf.not_to_move": {"en": "{player} is not to move", "fr": "ce n'est pas à {player} de jouer"},
    "pzf.not_legal": {"en": "not a legal move", "fr": "ce coup n'est pas légal"},
    "pzf.endgame_deck_left": {"en": "{count} cards left; an endgame has an empty deck", "fr": "il reste {count} cartes ; la pioche d'une finale est vide"},
    "pzf.second_same": {"en": "is the answer itself", "fr": "c'est la réponse elle-même"},
    "pzf.margin_zero": {"en": "{low} does not exclude the second move (a margin of 0)",
                        "fr": "{low} n'exclut pas le deuxième coup (un écart nul)"},
    "pzf.outside": {"en": "outside its interval", "fr": "hors de son intervalle"},
    "pzf.problem": {"en": "{file}: puzzle {number} ({id}): {problem}", "fr": "{file} : problème {number} ({id}) : {problem}"},
    # a library caller's arguments (puzzles.generate, puzzles.rating; the command line checks them first)
    "pzf.gen_kind": {"en": "kind: {kind:q}: this version generates {kinds} puzzles",
                     "fr": "kind : {kind:q} : cette version génère des problèmes {kinds}"},
    "pzf.gen_variant": {"en": "variant: {variant:q}: expected {variants}", "fr": "variant : {variant:q} : {variants} attendu"},
    "pzf.gen_tactics": {"en": "kind: {kind:q}: the tactics variant has claim puzzles only (its endgames have no exact solver)",
                        "fr": "kind : {kind:q} : la variante tactique n'a que des problèmes de revendication (ses finales n'ont pas de solveur exact)"},
    "pzf.rate_missing": {"en": "solvers: no failure rate for {names}", "fr": "solvers : pas de taux d'échec pour {names}"},
    "pzf.rate_range": {"en": "solvers: failure rates are from 0 to 1", "fr": "solvers : un taux d'échec va de 0 à 1"},
})  # fmt: skip
"""The puzzle files' problems (en, fr); the English is the reader's and the checks' historical words."""


@dataclass(frozen=True, slots=True)
class Whole:
    """A bound written without separators in English (``3000``, as the reader always wrote it), « 3 000 » in French."""

    n: int

    def in_words(self, lang: str = "en") -> str:
        return str(self.n) if check_lang(lang) == "en" else number(self.n, lang)


@dataclass(frozen=True, slots=True)
class Choices:
    """Values one of which is expected: ``endgame, claim, midgame`` (``sep="list"``), ``'endgame', 'claim'``
    (``sep="reprs"``) or ``'stone' or 'stones'`` (``sep="or"``) in English; « « stone » ou « stones » » in French."""

    values: tuple[str, ...]
    sep: str = "list"

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            if self.sep == "reprs":
                return ", ".join(map(repr, self.values))
            return ", ".join(self.values) if self.sep == "list" else " or ".join(map(repr, self.values))
        quoted = [f"«{NBSP}{v}{NBSP}»" for v in self.values]
        return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " ou " + quoted[-1]


@dataclass(frozen=True, slots=True)
class ByteProblem:
    """Why a file is not UTF-8: the codec's own words in English (``invalid start byte``), « octet invalide »."""

    reason: str

    def in_words(self, lang: str = "en") -> str:
        return self.reason if check_lang(lang) == "en" else say("pzf.bad_byte", lang)


@dataclass(frozen=True, slots=True)
class Interval:
    """An interval of the document: ``[0.1, 0.3]`` in English (as written), « l’intervalle de 0,1 à 0,3 »."""

    bounds: tuple[object, ...]

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return str(list(self.bounds))
        low, high = (render(b, lang) for b in self.bounds)
        return say("pzf.interval", lang, low=low, high=high)


@dataclass(frozen=True, slots=True)
class StoneList:
    """A list of stone numbers as the checks wrote it: ``[2, 5]`` in English, « 2 et 5 » in French
    (« aucune » for none)."""

    stones: tuple[int, ...]

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return str(list(self.stones))
        from ..core.words import join

        return join([str(n) for n in self.stones], lang) if self.stones else say("pzf.no_stones", lang)


@dataclass(frozen=True, slots=True)
class MoveList:
    """Moves (card, stone 1-9) as the checks wrote them: ``['R8 on 3']`` or ``none`` in English."""

    moves: tuple[tuple[str, int], ...]

    def in_words(self, lang: str = "en") -> str:
        if not self.moves:
            return say("pzf.none", lang)
        shown = [say("pzf.move_on", lang, card=card, stone=stone) for card, stone in self.moves]
        if check_lang(lang) == "en":
            return "[" + ", ".join(shown) + "]"
        from ..core.words import join

        return join(shown, lang)


_INDEXED = re.compile(r"^(.*)\[(\d+)\]$")
_TOP = frozenset({"format", "id", "kind", "rating", "source", "estimate", "question", "solution", "explanation", "line",
                  "solvers", "position"})  # fmt: skip
_SUB = frozenset({"type", "stone", "player", "claimable", "play", "card", "claim", "en", "fr", "method", "deals", "seed",
                  "moves", "confidence", "win", "win_interval", "second", "second_win", "margin", "margin_interval", "z"})  # fmt: skip


@dataclass(frozen=True, slots=True)
class PuzzleField:
    """A field's path in a puzzle line: ``solution.play.card`` in English (as the reader always wrote
    it), « solution, coup, carte » in French."""

    path: str

    def in_words(self, lang: str = "en") -> str:
        return self.path if check_lang(lang) == "en" else _path_fr(self.path, lang)


def _path_fr(path: str, lang: str) -> str:
    if path.startswith("position."):
        return say("pzf.position", lang, field=FieldPath(path[len("position."):]))
    if m := re.match(r"^line\[(\d+)\](?:\.(.*))?$", path):
        turn = say("pzf.turn", lang, index=int(m.group(1)) + 1)
        return turn if m.group(2) is None else _sub_fr(turn, m.group(2), lang)
    head, _, rest = path.partition(".")
    where = say(f"pzf.f_{head}", lang) if head in _TOP else say("pzf.field", lang, name=head)
    return _sub_fr(where, rest, lang) if rest else where


def _sub_fr(where: str, rest: str, lang: str) -> str:
    for name in rest.split("."):
        m = _INDEXED.match(name)
        base, index = (m.group(1), int(m.group(2)) + 1) if m else (name, None)
        named = say(f"pzf.f_{base}", lang) if base in _SUB else say("pzf.field", lang, name=base)
        where = say("pzf.in", lang, where=where, name=named)
        if index is not None:
            where = say("pzf.item", lang, where=where, index=index)
    return where


@dataclass(frozen=True, slots=True)
class PuzzleProblem:
    """One problem of a puzzle: the field it concerns and what is wrong (a fact, or a reader's error
    that says itself). ``str()`` is the English ``field: problem`` the checks always wrote."""

    field: str
    problem: object

    def in_words(self, lang: str = "en") -> str:
        said = render(self.problem, lang)
        return say("pzf.at", lang, field=PuzzleField(self.field), problem=said) if self.field else said

    def __str__(self) -> str:
        return self.in_words("en")


def problem(field: str, key: str, **fields: object) -> PuzzleProblem:
    """The problem of ``field`` said by phrase ``key`` with ``fields``."""
    return PuzzleProblem(field, Fact.of(key, **fields))


__all__ = ["PUZZLE_FORMAT_PHRASES", "ByteProblem", "Choices", "Interval", "MoveList", "PuzzleField", "PuzzleProblem", "StoneList", "Whole", "problem"]
