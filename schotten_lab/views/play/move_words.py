"""The play app's words for moves, advice and refusals, in English and French (registered with
:func:`~schotten_lab.core.words.register`; the page's own words are :mod:`.words`', which re-exports
everything here).

:data:`MOVE_TEXT_PHRASES` (keys ``play.move.*``, ``play.advice.*``, ``play.rule.*``) are filled in by
:func:`t` (that is, :func:`~schotten_lab.core.words.say`: fields rendered in the language, the
phrase's own words set in French typography). The functions below put moves, advice rows and the
engine's refusals into words:

- :func:`play_text`, :func:`turn_text`, :func:`advice_move_text`: a play, a recorded turn, an
  advisor's move ("R8 on stone 3, claim 3" / « R8 sur la borne 3, revendique 3 »); in English they
  are the words of :func:`schotten_lab.game.play_words`, :func:`schotten_lab.play.review.move_words`
  and :meth:`MoveAdvice.label <schotten_lab.bots.advisor.MoveAdvice.label>` (a test compares them);
- :func:`change_text`: the advice's change column as the CLI's ``advise`` table writes it;
- :func:`problem_text`: why the engine refused a turn, in the language (English: the engine's own
  sentence; French: a sentence for the rule the engine names, :attr:`IllegalTurnError.rule`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ...bots.advisor import MoveAdvice
from ...core import words
from ...core.tactics import TACTICS_NAMES
from ...core.words import NBSP, Phrases, TacticName, check_lang, register, say
from ...game import IllegalTurnError, Play, Turn, play_words

MOVE_TEXT_PHRASES: Phrases = register({
    # ---- plays and turns in words ----
    "play.move.place": {"en": "{card} on stone {stone}", "fr": "{card} sur la borne {stone}"},
    "play.move.deck.clan": {"en": "clan", "fr": "Clan"},
    "play.move.deck.tactics": {"en": "tactics", "fr": "Tactique"},
    "play.move.pass": {"en": "pass", "fr": "passe"},
    "play.move.claims": {"en": ", claim {stones}", "fr": ", revendique {stones}"},
    "play.move.returned": {"en": " (put back {count})", "fr": " (remet {count})"},
    "play.move.draw": {"en": ", draw {deck}", "fr": ", pioche {deck}"},
    "play.move.put_back": {"en": "put back {cards}", "fr": "remettre {cards}"},
    "play.move.nothing": {"en": "nothing", "fr": "rien"},
    # ---- the advice table ----
    "play.advice.head": {
        "en": "Seen from your seat ({seat}): your chance to win is {chance} ({method}, {rollouts} rollouts, {seconds} s). "
              "The bot's hand is not looked at: the advisor deals the unseen cards at random.",
        "fr": "Vu de votre place ({seat}) : votre chance de gagner est de {chance} ({method}, {rollouts} simulations, {seconds} s). "
              "Le conseiller ne regarde pas la main du robot : il distribue au hasard les cartes que vous ne voyez pas.",
    },
    "play.advice.exact_endgame": {
        "en": "Exact: the deck is empty and the endgame was solved.",
        "fr": "Chiffres exacts : la pioche est vide et la fin de partie a été calculée.",
    },
    "play.advice.exact_win": {
        "en": "Exact: a move wins the game at once.",
        "fr": "Chiffre exact : un coup gagne la partie tout de suite.",
    },
    "play.advice.estimate": {
        "en": "An estimate: ± is one standard error (the true rollout win rate is within two of them about 95% of the time).",
        "fr": "Une estimation : « ± » donne une erreur type (le vrai taux de victoire des simulations est à moins de deux erreurs types environ 95 % du temps).",
    },
    "play.advice.order": {
        "en": "Ranked as the advisor ranks them: its chosen move first (#1), then the others by the change, each "
              "against the chosen move on the same deals. A move dropped early rests on fewer deals, so its own "
              "chance can read higher than #1's by luck: the change ranks it, not its chance.",
        "fr": "Classement du conseiller : d'abord le coup qu'il choisit (n° 1), puis les autres selon l'écart, chacun "
              "comparé au coup choisi sur les mêmes donnes. Un coup écarté tôt repose sur moins de donnes, et sa "
              "propre chance peut paraître plus haute que celle du n° 1 par hasard : c'est l'écart qui le classe, pas sa chance.",
    },
    "play.advice.method.exact_endgame": {"en": "exact endgame", "fr": "fin de partie calculée exactement"},
    "play.advice.method.wins_at_once": {"en": "exact: a move wins the game at once", "fr": "exact : un coup gagne tout de suite"},
    "play.advice.method.monte_carlo": {"en": "Monte Carlo over deals", "fr": "Monte-Carlo sur des donnes tirées au hasard"},
    "play.advice.method.monte_carlo_tactics": {
        "en": "Monte Carlo over deals (tactics)",
        "fr": "Monte-Carlo sur des donnes tirées au hasard, variante tactique",
    },
    "play.advice.col.rank": {"en": "#", "fr": "n°"},
    "play.advice.col.move": {"en": "move", "fr": "coup"},
    "play.advice.col.win": {"en": "win chance", "fr": "chance de gagner"},
    "play.advice.col.deals": {"en": "deals", "fr": "donnes"},
    "play.advice.col.change": {"en": "change (points)", "fr": "écart (points)"},
    "play.advice.col.why": {"en": "why", "fr": "pourquoi"},
    "play.advice.not_searched": {"en": "not searched", "fr": "non exploré"},
    "play.advice.exact": {"en": "exact", "fr": "exact"},
    "play.advice.same_on_all": {"en": "on all {count} deals", "fr": "sur les {count} donnes"},
    "play.advice.rough": {"en": "≈{chance} (rough)", "fr": "≈ {chance} (approximatif)"},
    "play.advice.rough_one": {
        "en": "{count} rough move (fewer than {deals} deals: dropped early by the search)",
        "fr": "{count} coup approximatif (moins de {deals} donnes : écarté tôt par la recherche)",
    },
    "play.advice.rough_many": {
        "en": "{count} rough moves (fewer than {deals} deals each: dropped early by the search)",
        "fr": "{count} coups approximatifs (moins de {deals} donnes chacun : écartés tôt par la recherche)",
    },
    "play.advice.more": {"en": "… {count} more moves", "fr": "… et {count} autres coups"},
    "play.advice.reasons_english": {
        "en": "The advisor's reasons (the why column) are not translated yet: they stay in English.",
        "fr": "Les raisons du conseiller (colonne « pourquoi ») ne sont pas encore traduites : elles restent en anglais.",
    },
    # ---- the engine's refusals, by rule (French; English keeps the engine's own sentence) ----
    "play.rule.side-full": {"en": "your side of stone {stone} is full", "fr": "votre côté de la borne {stone} est déjà complet"},
    "play.rule.claimed-stone": {"en": "stone {stone} is claimed: it is closed", "fr": "la borne {stone} est revendiquée : elle est fermée"},
    "play.rule.tactics-count": {
        "en": "you may not play a tactics card while ahead of the opponent in tactics cards",
        "fr": "vous ne pouvez pas jouer une carte Tactique tant que vous en avez joué plus que l'adversaire",
    },
    "play.rule.joker": {"en": "you have already played a Joker: one per game", "fr": "vous avez déjà joué un Joker : un seul par partie"},
    "play.rule.mode": {"en": "stone {stone} already has this combat mode", "fr": "la borne {stone} a déjà ce mode de combat"},
    "play.rule.pass": {
        "en": "you can place a clan card: passing is allowed only without a legal placement",
        "fr": "vous pouvez poser une carte Clan : on ne passe que si aucune pose n'est possible",
    },
    "play.rule.draw": {"en": "that deck is empty: draw from the other one", "fr": "cette pioche est vide : piochez dans l'autre"},
    "play.rule.hand": {"en": "that card is not in your hand", "fr": "cette carte n'est pas dans votre main"},
    "play.rule.headhunter": {
        "en": "Headhunter puts back exactly {count} cards of your hand",
        "fr": "le Chasseur de tête remet exactement {count} cartes de votre main",
    },
    "play.rule.claim": {"en": "that claim is not proved", "fr": "cette revendication n'est pas prouvée"},
    "play.rule.game-over": {"en": "the game is over", "fr": "la partie est terminée"},
    "play.rule.turn-order": {"en": "it is not your turn", "fr": "ce n'est pas votre tour"},
    "play.rule.other": {"en": "the rules do not allow it", "fr": "les règles ne le permettent pas"},
})
"""The phrases of moves, advice and refusals (each with the same ``{fields}`` in both languages)."""

METHODS: dict[str, str] = {
    "exact endgame": "play.advice.method.exact_endgame",
    "exact: a move wins the game at once": "play.advice.method.wins_at_once",
    "Monte Carlo over deals": "play.advice.method.monte_carlo",
    "Monte Carlo over deals (tactics)": "play.advice.method.monte_carlo_tactics",
}
"""The advisor's ``Advice.method`` texts, by phrase key (an unknown one is shown as the advisor wrote it)."""


def t(key: str, lang: str, **fields: object) -> str:
    """Phrase ``key`` of the play app in ``lang`` (:func:`~schotten_lab.core.words.say`)."""
    return say(key, lang, **fields)


def card_name(code: object) -> object:
    """A card as a phrase field: a clan card's code as it is (``R8``), a tactics card by its name in
    the language (:class:`~schotten_lab.core.words.TacticName`: ``JOKER`` / « Joker »)."""
    text = str(code)
    return TacticName(text) if text in TACTICS_NAMES else text


def cards_text(codes: Sequence[object], lang: str) -> str:
    """Cards one after another, separated by spaces (tactics cards named in the language)."""
    return " ".join(words.render(card_name(c), lang) for c in codes)


def _stones(stones: Sequence[object]) -> str:
    return ", ".join(str(s) for s in stones)


def play_text(play: Play, lang: str = "en") -> str:
    """A play in words: ``R8 on stone 3``, ``Traitor: take R8 from stone 2 to stone 5`` / « R8 sur
    la borne 3 », « Traître : prendre R8 sur la borne 2 pour la borne 5 »
    (:func:`schotten_lab.game.play_words`, the one wording of a play)."""
    return play_words(play, check_lang(lang))


def turn_text(play: object, claims: object, lang: str = "en") -> str:
    """A recorded turn's move in words, claims included: ``R8 on stone 3, claim 3``, ``pass`` /
    « R8 sur la borne 3, revendique 3 », « passe » (English: :func:`schotten_lab.play.review.move_words`)."""
    if isinstance(play, Mapping):
        try:
            text = play_text(Play.from_dict(play), lang)
        except IllegalTurnError:  # not a play the engine reads: say what the record says
            text = t("play.move.place", lang, card=card_name(play.get("card")), stone=str(play.get("stone")))
        if play.get("returned"):
            text += t("play.move.returned", lang, count=str(len(play["returned"])))
    else:
        text = t("play.move.pass", lang)
    if isinstance(claims, list) and claims:
        text += t("play.move.claims", lang, stones=_stones(claims))
    return text


def record_turn_text(turn: Turn, lang: str = "en") -> str:
    """A turn as the engine played it in words, as :func:`turn_text` says its record form: the play
    (a Headhunter's count of cards put back), then the claims made."""
    if turn.play is None:
        text = t("play.move.pass", lang)
    else:
        text = play_text(turn.play, lang)
        if turn.drawn is not None and turn.put_back:
            text += t("play.move.returned", lang, count=str(len(turn.put_back)))
    if turn.claim:
        text += t("play.move.claims", lang, stones=_stones(turn.claim))
    return text


def advice_move_text(move: MoveAdvice, lang: str = "en") -> str:
    """An advisor's move in words (English: :meth:`MoveAdvice.label <schotten_lab.bots.advisor.MoveAdvice.label>`)."""
    claims = t("play.move.claims", lang, stones=_stones(move.claims)) if move.claims else ""
    if move.put_back is not None:
        cards = cards_text(move.put_back, lang) or t("play.move.nothing", lang)
        return t("play.move.put_back", lang, cards=cards) + claims
    if move.play is not None:
        text = play_text(move.play, lang)
    elif move.card is None:
        text = t("play.move.pass", lang)
    else:
        text = t("play.move.place", lang, card=str(move.card), stone=str(move.stone))
    text += claims
    return text + (t("play.move.draw", lang, deck=t(f"play.move.deck.{move.deck}", lang)) if move.deck else "")


def points(value: float, lang: str, sign: bool = False) -> str:
    """Points of win chance with one decimal: ``-1.2`` / « -1,2 » (``sign``: ``+0.0``)."""
    text = f"{100 * value:+.1f}" if sign else f"{100 * value:.1f}"
    return text.replace(".", ",") if check_lang(lang) == "fr" else text


def change_text(move: MoveAdvice, lang: str = "en") -> str:
    """The change column as the CLI's ``advise`` table writes it: ``-3.2 ±1.4`` points against the
    chosen move, ``+0.0 on all 8 deals`` when every shared deal gave the same difference (a spread of
    0 from a few deals is not certainty); ``—`` when there is none. French: « -3,2 ± 1,4 », « +0,0 sur
    les 8 donnes »."""
    if move.change is None:
        return "—"
    text = points(move.change, lang, sign=True)
    if move.change_stderr:
        text += (f" ±{NBSP}" if check_lang(lang) == "fr" else " ±") + points(move.change_stderr, lang)
    elif move.change_stderr is not None:
        text += " " + t("play.advice.same_on_all", lang, count=move.samples)
    return text


def rough_chance(p: float, lang: str) -> str:
    """A rough row's chance, whole points only: ``≈81% (rough)`` / « ≈ 81 % (approximatif) »."""
    value = f"{100 * p:.0f}" + (f"{NBSP}%" if check_lang(lang) == "fr" else "%")
    return t("play.advice.rough", lang, chance=value)


def method_text(method: str, lang: str) -> str:
    """The advisor's method in the language (as it wrote it when this table does not know it)."""
    key = METHODS.get(method)
    return t(key, lang) if key else method


_STONE = re.compile(r"\bstone (\d)\b")
_RETURNS = re.compile(r"\bputs (\d) cards\b")


def problem_text(exc: IllegalTurnError, lang: str = "en", stone: int | None = None, returns: int | None = None) -> str:
    """Why the engine refused a turn: its own sentence in English; in French the sentence of the
    rule it names (:attr:`IllegalTurnError.rule`), with the stone (given, else the one the engine's
    sentence names) or Headhunter's count, or a general « les règles ne le permettent pas »."""
    if check_lang(lang) == "en":
        return exc.problem
    found = _STONE.search(exc.problem)
    stone_field = str(stone) if stone is not None else found.group(1) if found else None
    if exc.rule in ("side-full", "claimed-stone", "mode") and stone_field is None:
        return t("play.rule.other", lang)
    if exc.rule == "headhunter":
        count = returns if returns is not None else int(m.group(1)) if (m := _RETURNS.search(exc.problem)) else None
        return t("play.rule.headhunter", lang, count=count) if count is not None else t("play.rule.other", lang)
    key = f"play.rule.{exc.rule}"
    if key not in MOVE_TEXT_PHRASES:
        return t("play.rule.other", lang)
    return t(key, lang, **({"stone": stone_field} if exc.rule in ("side-full", "claimed-stone", "mode") else {}))


def one_line(exc: BaseException, limit: int = 200) -> str:
    """An exception's text on one line, at most ``limit`` characters (no-break spaces kept: French
    typography survives)."""
    return re.sub(r"[ \t\r\n\f\v]+", " ", str(exc)).strip()[:limit]


__all__ = [
    "METHODS",
    "MOVE_TEXT_PHRASES",
    "advice_move_text",
    "card_name",
    "cards_text",
    "change_text",
    "method_text",
    "one_line",
    "play_text",
    "points",
    "problem_text",
    "record_turn_text",
    "rough_chance",
    "t",
    "turn_text",
]
