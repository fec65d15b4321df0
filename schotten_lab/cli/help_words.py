"""The command line's help texts in French: every ``help=``/``description=``/``epilog=`` of the
parser has its French here, keyed by its English (which stays exactly as written in the command
modules: the docs' CLI reference is generated from the English parser).

:func:`speak_help` puts the French into a freshly built parser before ``--help`` prints it
(``schotten-lab COMMAND --help --lang fr`` or ``SCHOTTEN_LANG=fr``); ``tests/test_help_french.py``
checks that no help text of the parser is left without its French.
"""

from __future__ import annotations

import argparse
import re

from ..core.words import register, say

_HELP: tuple[tuple[str, str], ...] = (
    ("Exact strategy analysis for Schotten Totten: claims, card probabilities, formation odds.",
     "Analyse stratégique exacte de Schotten Totten : revendications, probabilités des cartes, chances des combinaisons."),
    ("Exit codes: 0 success, 1 some batch input failed, 2 bad input, 3 internal error.",
     "Codes de sortie : 0 succès, 1 une entrée d'un lot a échoué, 2 entrée invalide, 3 erreur interne."),
    ("show the traceback of an internal error", "affiche la pile d'appels d'une erreur interne"),
    ("claims, odds, outcomes and card probabilities of a whole position",
     "revendications, chances, issues et probabilités des cartes de toute une position"),
    ("may a player claim a stone now, and why", "un joueur peut-il revendiquer une borne maintenant, et pourquoi"),
    ("what should the player to move play: every move's chance to win, and why",
     "que doit jouer le joueur dont c'est le tour : les chances de gagner de chaque coup, et pourquoi"),
    ("print a position's one-line notation (or its JSON)", "affiche la notation d'une position sur une ligne (ou son JSON)"),
    ("write a standalone HTML report (needs the notebooks extra)", "écrit un rapport HTML autonome (demande l'extra notebooks)"),
    ("draw a position as an SVG or PNG picture (claims, counterexamples, caption)",
     "dessine une position en image SVG ou PNG (revendications, contre-exemples, légende)"),
    ("print the position after each turn of a game record (one position@1 per line)",
     "affiche la position après chaque tour d'une partie enregistrée (une position@1 par ligne)"),
    ("the advisor's review of a game record: win chances, mistakes, best moves (HTML with -o)",
     "la revue d'une partie enregistrée par le conseiller : chances de victoire, erreurs, meilleurs coups (en HTML avec -o)"),
    ("run a bot on the line protocol: one position@1 request per line in, one turn out",
     "fait jouer un bot par le protocole ligne à ligne : une requête position@1 par ligne en entrée, un tour en sortie"),
    ("play N games between two bots, one game@1 record per line", "joue N parties entre deux bots, une partie game@1 par ligne"),
    ("generate, check and print puzzles (find the winning move, may I claim?)",
     "génère, vérifie et imprime des problèmes (trouver le coup gagnant, puis-je revendiquer ?)"),
    ("position file(s) (JSON); several files or '-' (JSON Lines on stdin) give one JSON report per line",
     "fichier(s) de position (JSON) ; plusieurs fichiers ou « - » (du JSON Lines sur l'entrée standard) donnent un rapport JSON par ligne"),
    ('the position in the one-line notation instead of a file, e.g. "N8B8G8-R9R7/-/-/-/-/-/-/-/- ?6 ?6 s"',
     "la position en notation sur une ligne au lieu d'un fichier, par exemple « N8B8G8-R9R7/-/-/-/-/-/-/-/- ?6 ?6 s »"),
    ("the seat the figures are seen from: that player's hand counts for them and never for the opponent (default: the player whose hand is known; both known: the player to move; none: the public view)",
     "le siège d'où les chiffres sont vus : la main de ce joueur compte pour lui et jamais pour l'adversaire (par défaut : le joueur dont la main est connue ; les deux connues : le joueur dont c'est le tour ; aucune : la vue publique)"),
    ("tactics variant: strict early-claim proofs, where unplayed combat modes and elite troops may block a claim (default: the rulebook's reading; no effect on base-game positions)",
     "variante tactique : preuves strictes des revendications anticipées, où les modes de combat et les troupes d'élite pas encore joués peuvent empêcher une revendication (par défaut : la lecture de la règle ; sans effet sur le jeu de base)"),
    ("print the JSON report instead of the readable one", "affiche le rapport JSON au lieu du rapport lisible"),
    ("local processes for the batch's positions (default 1); with --dask local, the number of workers",
     "processus locaux pour les positions du lot (1 par défaut) ; avec --dask local, le nombre de processus de calcul"),
    ("run on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' for a local cluster started here (needs the studies extra); the output is the same as on one process",
     "calcule sur une grappe Dask : l'adresse d'un ordonnanceur (tcp://hôte:8786), ou « local » pour une grappe locale lancée ici (demande l'extra studies) ; le résultat est le même que sur un seul processus"),
    ("no progress bar (it shows only on a terminal anyway)", "pas de barre de progression (elle ne s'affiche de toute façon que dans un terminal)"),
    ("position file (JSON), or '-' for stdin", "fichier de position (JSON), ou « - » pour l'entrée standard"),
    ("stone number, 1 to 9", "numéro de la borne, de 1 à 9"),
    ("the claimant", "le joueur qui revendique"),
    ("print the verdict as JSON", "affiche le verdict en JSON"),
    ("rollouts instead of a time budget: reproducible (the same answer for a seed on any machine)",
     "un nombre de parties simulées au lieu d'un temps : reproductible (la même réponse pour une graine, sur toute machine)"),
    ("seconds of search (default 2, like the advisor bot): not reproducible, the rollouts that fit depend on the machine",
     "secondes de recherche (2 par défaut, comme le bot conseiller) : pas reproductible, le nombre de parties simulées dépend de la machine"),
    ("the search's seed (default 0)", "la graine de la recherche (0 par défaut)"),
    ("moves the table lists (default 10; --json lists every move)", "coups que le tableau liste (10 par défaut ; --json les liste tous)"),
    ("print the advice as one JSON object", "affiche le conseil en un seul objet JSON"),
    ("print the position@1 JSON document instead", "affiche plutôt le document JSON position@1"),
    ("where to write the report", "où écrire le rapport"),
    ("where to write the picture", "où écrire l'image"),
    ("stones to frame (default: the stones claimable now)", "bornes à encadrer (par défaut : les bornes revendicables maintenant)"),
    ('cards to ring in magenta, e.g. "R8 G8"', "cartes à cercler de magenta, par exemple « R8 G8 »"),
    ("draw the counterexample against PLAYER claiming stone N (dashed cards)",
     "dessine le contre-exemple à la revendication de la borne N par PLAYER (cartes en pointillés)"),
    ("a caption under the diagram ('title': the position's title)", "une légende sous le schéma (« title » : le titre de la position)"),
    ("drawn at the bottom; the opponent's hand is drawn face down", "dessiné en bas ; la main de l'adversaire est dessinée face cachée"),
    ("north at the bottom", "Nord en bas"),
    ("the diagram's key under it, in its language: dashed cards, frames, rings (default: on)",
     "la clé du schéma, sous lui, dans sa langue : cartes en pointillés, cadres, cercles (activée par défaut)"),
    ("PNG pixels per SVG pixel (default: 2)", "pixels PNG par pixel SVG (2 par défaut)"),
    ("a game@1 record (JSON), a JSON Lines file of records, or '-'",
     "une partie game@1 (JSON), un fichier JSON Lines de parties, ou « - »"),
    ("in a JSON Lines file, the K-th record (from 0)", "dans un fichier JSON Lines, la K-ième partie (à partir de 0)"),
    ("write a self-contained offline HTML review (.html), or the figures as JSON (.json), atomically; else text on stdout",
     "écrit une revue HTML autonome, lisible hors ligne (.html), ou ses chiffres en JSON (.json), d'un seul coup ; sinon du texte sur la sortie standard"),
    ("advisor rollouts per turn, 1 to 50,000 (default 200); the moves are then scored on up to 512 times as many deals while a turn's label is undecided",
     "parties simulées par le conseiller à chaque tour, de 1 à 50 000 (200 par défaut) ; les coups sont ensuite évalués sur jusqu'à 512 fois plus de donnes tant que l'étiquette du tour n'est pas tranchée"),
    ("the review's seed (default 0)", "la graine de la revue (0 par défaut)"),
    ("the bot: random, greedy, ...", "le bot : random, greedy…"),
    ("the bot's seed: the same answers to the same requests for the same seed, when the search is bounded by --iterations (a --budget depends on the machine's speed)",
     "la graine du bot : les mêmes réponses aux mêmes requêtes pour la même graine, quand la recherche est bornée par --iterations (un --budget dépend de la vitesse de la machine)"),
    ("a bot option, e.g. budget=0.5 or iterations=300 for the advisor (repeatable; values read as JSON when they can be)",
     "une option du bot, par exemple budget=2 ou iterations=300 pour le conseiller (répétable ; les valeurs sont lues en JSON quand elles peuvent l'être)"),
    ("advisor: seconds a move (default 2); the same as --option budget=SECONDS",
     "conseiller : secondes par coup (2 par défaut) ; comme --option budget=SECONDES"),
    ("advisor: rollouts a move instead of a time budget (reproducible on any machine)",
     "conseiller : parties simulées par coup au lieu d'un temps (reproductible sur toute machine)"),
    ("south's bot (default: random)", "le bot de Sud (random par défaut)"),
    ("north's bot (default: random)", "le bot de Nord (random par défaut)"),
    ("how many games", "combien de parties"),
    ("the run's seed (default 0)", "la graine de la série (0 par défaut)"),
    ("the variant (default: base)", "la variante (base par défaut)"),
    ("expert claims (at the start of one's turn)", "revendications de la variante expert (au début de son tour)"),
    ("local processes for the games (default 1); with --dask local, the number of workers",
     "processus locaux pour les parties (1 par défaut) ; avec --dask local, le nombre de processus de calcul"),
    ("random-vs-random base games: the compiled kernel (fast), the python engine, or fast when available (auto, the default); both are reproducible, but they play different games",
     "parties random contre random du jeu de base : le noyau compilé (fast), le moteur Python (python), ou fast s'il est disponible (auto, par défaut) ; les deux sont reproductibles, mais ne jouent pas les mêmes parties"),
    ("a bot option, e.g. budget=0.5 or iterations=300 for the advisor (repeatable; values read as JSON when they can be) for south's bot",
     "une option du bot de Sud, par exemple budget=2 ou iterations=300 pour le conseiller (répétable ; les valeurs sont lues en JSON quand elles peuvent l'être)"),
    ("a bot option, e.g. budget=0.5 or iterations=300 for the advisor (repeatable; values read as JSON when they can be) for north's bot",
     "une option du bot de Nord, par exemple budget=2 ou iterations=300 pour le conseiller (répétable ; les valeurs sont lues en JSON quand elles peuvent l'être)"),
    ("write the records here (.jsonl, atomically: a failed run leaves the old file); summary on stdout",
     "écrit les parties ici (.jsonl, d'un seul coup : une série qui échoue laisse l'ancien fichier) ; le résumé sur la sortie standard"),
    ("mine self-play for proved, rated puzzles of one kind", "cherche dans des parties entre bots des problèmes prouvés et notés, d'une seule sorte"),
    ("validate a puzzle file and re-prove every answer", "vérifie un fichier de problèmes et prouve de nouveau chaque réponse"),
    ("print puzzles as an HTML sheet, the answers on a separate page", "imprime des problèmes sur une feuille HTML, les réponses sur une page à part"),
    ("the kind of puzzle", "la sorte de problème"),
    ("how many puzzles", "combien de problèmes"),
    ("the self-play games' seed (default 0)", "la graine des parties entre bots (0 par défaut)"),
    ("where to write them (JSON Lines)", "où les écrire (JSON Lines)"),
    ("the self-play games' variant (default: base; tactics: claim puzzles only)",
     "la variante des parties entre bots (base par défaut ; tactics : des problèmes de revendication seulement)"),
    ("local processes (default 1)", "processus locaux (1 par défaut)"),
    ("stop mining new games after T seconds of wall time; the puzzles kept are the seed's first ones",
     "arrête de chercher dans de nouvelles parties après T secondes ; les problèmes gardés sont les premiers de la graine"),
    ("a schotten-lab/puzzle@1 JSON Lines file", "un fichier JSON Lines schotten-lab/puzzle@1"),
    ("no progress bar", "pas de barre de progression"),
    ("puzzle@1 JSON Lines files (default: the committed set, data/puzzles/)",
     "fichiers JSON Lines puzzle@1 (par défaut : la série enregistrée, data/puzzles/)"),
    ("how many puzzles (default 6)", "combien de problèmes (6 par défaut)"),
    ("only puzzles of this kind", "seulement les problèmes de cette sorte"),
    ("which puzzles are picked (default 0)", "quels problèmes sont choisis (0 par défaut)"),
    ("where to write the sheet", "où écrire la feuille"),
    # the subjects of --lang's help (cli.io.add_lang_option: "language of {what} (default: …, from SCHOTTEN_LANG)")
    ("the readable report", "du rapport lisible"),
    ("the verdict", "du verdict"),
    ("the moves' reasons (the JSON's are English, with their facts)", "des raisons des coups (celles du JSON sont en anglais, avec leurs faits)"),
    ("the report", "du rapport"),
    ("the diagram", "du schéma"),
    ("the error messages", "des messages d'erreur"),
    ("the text review and its summary", "de la revue en texte et de son résumé"),
    ("the summary", "du résumé"),
    ("the sheet and its summary", "de la feuille et de son résumé"),
)  # fmt: skip


def _key(english: str) -> str:
    return "help." + re.sub(r"\W+", "_", english.lower()).strip("_")  # whole: two helps may share a long start


HELP_PHRASES = register({_key(en): {"en": en, "fr": fr} for en, fr in _HELP})
HELP_PHRASES.update(register({
    "help.lang": {"en": "language of {what} (default: {default}, from SCHOTTEN_LANG)",
                  "fr": "langue {what} (par défaut : {default}, d'après SCHOTTEN_LANG)"},
}))  # fmt: skip
"""The help texts of every command and option, en and fr (keys from their English)."""

_BY_ENGLISH = {en: _key(en) for en, _ in _HELP}
_LANG_HELP = re.compile(r"language of (?P<what>.+) \(default: (?P<default>\w+), from SCHOTTEN_LANG\)")


def help_words(text: str, lang: str) -> str | None:
    """``text`` (an English help text) in ``lang``; ``None`` when it has no words here."""
    if lang == "en":
        return text
    if text in _BY_ENGLISH:
        return say(_BY_ENGLISH[text], lang)
    lang_help = _LANG_HELP.fullmatch(text)
    if lang_help and lang_help["what"] in _BY_ENGLISH:
        return say("help.lang", lang, what=say(_BY_ENGLISH[lang_help["what"]], lang), default=lang_help["default"])
    return None


def parser_texts(parser: argparse.ArgumentParser) -> list[tuple[object, str]]:
    """Every help text of ``parser`` and its sub-parsers: ``(holder, attribute)`` pairs whose value is a text."""
    found: list[tuple[object, str]] = []
    seen: set[int] = set()

    def walk(p: argparse.ArgumentParser) -> None:
        if id(p) in seen:
            return
        seen.add(id(p))
        found.extend((p, name) for name in ("description", "epilog") if getattr(p, name))
        for action in p._actions:
            if action.help and action.help != argparse.SUPPRESS:
                found.append((action, "help"))
            if isinstance(action, argparse._SubParsersAction):
                found.extend((choice, "help") for choice in action._choices_actions if choice.help)
                for sub in action.choices.values():
                    walk(sub)

    walk(parser)
    return found


def speak_help(parser: argparse.ArgumentParser, lang: str) -> None:
    """Put ``lang``'s help texts into ``parser`` (a parser built for this one command line); a text
    without words here keeps its English."""
    if lang == "en":
        return
    for holder, name in parser_texts(parser):
        said = help_words(str(getattr(holder, name)), lang)
        if said is not None:
            setattr(holder, name, said.replace("%", "%%"))


__all__ = ["HELP_PHRASES", "help_words", "parser_texts", "speak_help"]
