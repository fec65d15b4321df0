"""The play app's words, in English and French (registered with :func:`~schotten_lab.core.words.register`).

Every label, button, status line and message of :class:`~.widget.PlayGame` is a phrase of
:data:`PAGE_PHRASES` (keys ``play.*``); the words of moves, of the advice table and of the engine's
refusals are :mod:`.move_words`' (re-exported here). :data:`PLAY_PHRASES` is the whole table, both
together. Phrases are filled in by :func:`t` (that is, :func:`~schotten_lab.core.words.say`: fields
rendered in the language, the phrase's own words set in French typography); the functions below name
the bot, its strength, a seat and a hand's buttons.
"""

from __future__ import annotations

from ...core import words
from ...core.rules import Player
from ...core.tactics import TACTICS_NAMES
from ...core.words import Phrases, check_lang, register
from .move_words import (
    METHODS as METHODS,
    MOVE_TEXT_PHRASES as MOVE_TEXT_PHRASES,
    advice_move_text as advice_move_text,
    card_name as card_name,
    cards_text as cards_text,
    change_text as change_text,
    method_text as method_text,
    one_line as one_line,
    play_text as play_text,
    points as points,
    problem_text as problem_text,
    record_turn_text as record_turn_text,
    rough_chance as rough_chance,
    t as t,
    turn_text as turn_text,
)

PAGE_PHRASES: Phrases = register({
    # ---- the app's heading (apps/play_advisor.ipynb: intro=True) ----
    "play.intro.title": {"en": "Play Schotten Totten against the advisor", "fr": "Jouer à Schotten Totten contre le conseiller"},
    "play.intro.how": {
        "en": "How to play. Click a card of your hand, then the stone to put it on. When you can prove a claim, the "
              "stones you may claim are offered: keep or drop them, then End turn. What would the advisor play? ranks "
              "your moves with your chance to win (an estimate ± one standard error, seen from your seat: the bot's "
              "hand stays hidden from it). Choose the opponent, its strength, your seat and who starts, then New game. "
              "When the game is over, Save the record and Review this game to step through it.",
        "fr": "Comment jouer. Cliquez sur une carte de votre main, puis sur la borne où la poser. Quand vous pouvez "
              "prouver une revendication, les bornes revendicables vous sont proposées : gardez-les ou retirez-les, "
              "puis Finir le tour. Que jouerait le conseiller ? classe vos coups avec votre chance de gagner (une "
              "estimation ± une erreur type, vue de votre place : la main du robot lui reste cachée). Choisissez "
              "l'adversaire, sa force, votre place et qui commence, puis Nouvelle partie. À la fin de la partie, "
              "Enregistrer la partie puis Revoir cette partie pour la parcourir tour par tour.",
    },
    # ---- settings ----
    "play.opponent": {"en": "Opponent", "fr": "Adversaire"},
    "play.bot.random": {"en": "random", "fr": "robot au hasard"},
    "play.bot.greedy": {"en": "greedy", "fr": "robot glouton"},
    "play.bot.advisor": {"en": "advisor", "fr": "conseiller"},
    "play.bot.advisor_named": {"en": "advisor({rollouts} rollouts)", "fr": "conseiller, {rollouts} simulations par coup"},
    "play.strength": {"en": "Strength", "fr": "Force"},
    "play.level.easy": {"en": "easy ({rollouts} rollouts)", "fr": "facile ({rollouts} simulations)"},
    "play.level.medium": {"en": "medium ({rollouts} rollouts)", "fr": "moyen ({rollouts} simulations)"},
    "play.level.strong": {"en": "strong ({rollouts} rollouts)", "fr": "fort ({rollouts} simulations)"},
    "play.level.expert": {"en": "expert ({rollouts} rollouts)", "fr": "expert ({rollouts} simulations)"},
    "play.level.other": {"en": "{rollouts} rollouts", "fr": "{rollouts} simulations"},
    "play.your_seat": {"en": "Your seat", "fr": "Votre place"},
    "play.who_starts": {"en": "Who starts", "fr": "Qui commence"},
    "play.starts.you": {"en": "you", "fr": "vous"},
    "play.starts.bot": {"en": "the bot", "fr": "le robot"},
    "play.expert_timing": {"en": "expert timing (claims before the play)", "fr": "variante expert (revendiquer avant de poser)"},
    "play.variant": {"en": "Variant", "fr": "Variante"},
    "play.variant.base": {"en": "base game", "fr": "jeu de base"},
    "play.variant.tactics": {"en": "tactics", "fr": "variante tactique"},
    "play.deal": {"en": "Deal", "fr": "Donne"},
    "play.new_game": {"en": "New game", "fr": "Nouvelle partie"},
    "play.new_game_tip": {"en": "start a new game with these settings", "fr": "commencer une nouvelle partie avec ces réglages"},
    "play.rounds": {"en": "Rounds", "fr": "Manches"},
    "play.rounds.one": {"en": "one game", "fr": "une partie"},
    "play.rounds.many": {"en": "match of {count} rounds", "fr": "match en {count} manches"},
    "play.next_round": {"en": "Next round", "fr": "Manche suivante"},
    "play.next_round_tip": {
        "en": "the match's next round: the next deal, the other player starts",
        "fr": "la manche suivante du match : la donne suivante, l'autre joueur commence",
    },
    "play.match.line": {
        "en": "Round {round} of {rounds} — score: you {you}, the bot ({bot}) {theirs}.",
        "fr": "Manche {round} sur {rounds} — score : vous {you}, le robot ({bot}) {theirs}.",
    },
    "play.match.you_win": {"en": "Match over: you win, {you} to {theirs}.", "fr": "Match terminé : vous gagnez, {you} à {theirs}."},
    "play.match.bot_wins": {"en": "Match over: {bot} wins, {theirs} to {you}.", "fr": "Match terminé : le robot ({bot}) gagne, {theirs} à {you}."},
    "play.match.drawn": {"en": "Match over: a draw, {you} all.", "fr": "Match terminé : égalité, {you} partout."},
    "play.msg.new_round": {
        "en": "Round {round} of {rounds} (deal {deal}): {start}.",
        "fr": "Manche {round} sur {rounds} (donne {deal}) : {start}.",
    },
    "play.msg.round_not_over": {
        "en": "This round is not over: finish it before the next one.",
        "fr": "Cette manche n'est pas terminée : finissez-la avant la suivante.",
    },
    "play.msg.match_over_already": {
        "en": "The match is over: start a new game, or save it.",
        "fr": "Le match est terminé : commencez une nouvelle partie, ou enregistrez-le.",
    },
    # ---- the table ----
    "play.stone_tip": {"en": "place the chosen card on stone {stone}", "fr": "poser la carte choisie sur la borne {stone}"},
    "play.claim_button": {"en": "claim {stone}", "fr": "borne {stone}"},
    "play.claim_tip": {"en": "claim stone {stone} (provable now)", "fr": "revendiquer la borne {stone} (prouvable maintenant)"},
    "play.end_turn": {"en": "End turn", "fr": "Finir le tour"},
    "play.end_turn_tip": {"en": "make the placement and the chosen claims", "fr": "jouer la pose et les revendications choisies"},
    "play.take_back": {"en": "Take the card back", "fr": "Reprendre la carte"},
    "play.take_back_tip": {"en": "choose another placement", "fr": "choisir une autre pose"},
    "play.pass": {"en": "Pass", "fr": "Passer"},
    "play.pass_tip": {"en": "allowed only when no card can be placed", "fr": "permis seulement quand aucune carte ne peut être posée"},
    "play.draw_from": {"en": "Draw from", "fr": "Piocher dans"},
    "play.deck.clan": {"en": "clan deck", "fr": "la pioche Clan"},
    "play.deck.tactics": {"en": "tactics deck", "fr": "la pioche Tactique"},
    "play.how": {"en": "How", "fr": "Comment"},
    "play.play_it": {"en": "Play it", "fr": "La jouer"},
    "play.play_it_tip": {"en": "play the chosen card this way", "fr": "jouer la carte choisie de cette façon"},
    "play.put_back": {"en": "Put back", "fr": "Remettre"},
    "play.put_back_tip": {
        "en": "put the chosen cards back under their decks (Headhunter)",
        "fr": "remettre les cartes choisies sous leur pioche (Chasseur de tête)",
    },
    "play.claims_row": {"en": "Claims you can prove:", "fr": "Revendications prouvables :"},
    "play.your_hand": {"en": "Your hand:", "fr": "Votre main :"},
    # the hand's buttons for tactics cards (a few letters; English: the editor's, views/editor/buttons.piece_label)
    "play.short.JOKER": {"en": "JOK", "fr": "JOK"},
    "play.short.SPY": {"en": "SPY", "fr": "ESP"},
    "play.short.SHIELD": {"en": "SHD", "fr": "P-B"},
    "play.short.BLIND": {"en": "BLD", "fr": "COL"},
    "play.short.MUD": {"en": "MUD", "fr": "BOUE"},
    "play.short.HEADHUNTER": {"en": "HH", "fr": "CHA"},
    "play.short.STRATEGIST": {"en": "STR", "fr": "STR"},
    "play.short.BANSHEE": {"en": "BAN", "fr": "BAN"},
    "play.short.TRAITOR": {"en": "TRT", "fr": "TRA"},
    # ---- the advisor, the record, the review ----
    "play.ask_advisor": {"en": "What would the advisor play?", "fr": "Que jouerait le conseiller ?"},
    "play.ask_advisor_tip": {
        "en": "rank your moves, seen from your seat (the bot's hand stays hidden)",
        "fr": "classer vos coups, vus de votre place (la main du robot reste cachée)",
    },
    "play.file": {"en": "File", "fr": "Fichier"},
    "play.save": {"en": "Save the record", "fr": "Enregistrer la partie"},
    "play.save_tip": {"en": "write the game into {folder}/", "fr": "écrire la partie dans {folder}/"},
    "play.review": {"en": "Review this game", "fr": "Revoir cette partie"},
    "play.review_tip": {"en": "step through the game with the viewer", "fr": "parcourir la partie tour par tour"},
    "play.judge": {
        "en": "with the advisor's judgement of every turn ({rollouts} rollouts a turn: seconds)",
        "fr": "avec le jugement du conseiller sur chaque tour ({rollouts} simulations par tour : quelques secondes)",
    },
    "play.review_heading": {"en": "Review", "fr": "Relecture"},
    "play.last_turns": {"en": "Last turns: {turns}", "fr": "Derniers tours : {turns}"},
    "play.log_turn": {"en": "{k}. {player}: {move}", "fr": "{k}. {player} : {move}"},
    # ---- the board's caption ----
    "play.caption": {
        "en": "you: {seat} — {bot}: {bot_seat} — turn {turn} — {mover} to move",
        "fr": "vous : {seat} — {bot} : {bot_seat} — tour {turn} — {mover} joue",
    },
    "play.caption_over": {
        "en": "game over after {turns} turns — both hands shown",
        "fr": "partie terminée en {turns} tours — les deux mains sont montrées",
    },
    # ---- the status line ----
    "play.status.blocked": {
        "en": "Game over: nobody can move any more (a blocked game, no winner).",
        "fr": "Partie terminée : plus personne ne peut jouer (partie bloquée, sans vainqueur).",
    },
    "play.status.you_win": {
        "en": "Game over: You win ({seat}, {how}). Save the record to review it.",
        "fr": "Partie terminée : vous gagnez ({seat}, {how}). Enregistrez la partie pour la revoir.",
    },
    "play.status.bot_wins": {
        "en": "Game over: {bot} wins ({seat}, {how}). Save the record to review it.",
        "fr": "Partie terminée : {seat} ({bot}) gagne avec {how}. Enregistrez la partie pour la revoir.",
    },
    "play.status.bot_to_move": {"en": "{bot} ({seat}) to move.", "fr": "{seat} ({bot}) doit jouer."},
    "play.status.thinking": {"en": "{bot} ({seat}) is thinking…", "fr": "{seat} ({bot}) réfléchit…"},
    "play.status.claims": {
        "en": "Your turn: choose your claims, then End turn.",
        "fr": "À vous : choisissez vos revendications, puis Finir le tour.",
    },
    "play.status.headhunter": {
        "en": "Headhunter: click {count} cards of your hand to put back, then Put back.",
        "fr": "Chasseur de tête : cliquez sur {count} cartes de votre main à remettre, puis sur Remettre.",
    },
    "play.status.must_pass": {
        "en": "Your turn: no card can be placed; Pass (with any claims).",
        "fr": "À vous : aucune carte ne peut être posée ; passez (avec vos revendications éventuelles).",
    },
    "play.status.your_turn": {
        "en": "Your turn ({seat}): click a card of your hand, then a stone.",
        "fr": "À vous ({seat}) : cliquez sur une carte de votre main, puis sur une borne.",
    },
    # ---- messages ----
    "play.msg.new_game": {
        "en": "New game (deal {deal}): you are {seat}, against {bot}; {start}.",
        "fr": "Nouvelle partie (donne {deal}) : vous jouez {seat}, contre {bot} ; {start}.",
    },
    "play.msg.you_start": {"en": "you start", "fr": "vous commencez"},
    "play.msg.bot_starts": {"en": "the bot starts", "fr": "le robot commence"},
    "play.msg.headhunter_first": {
        "en": "Headhunter first: click {count} cards of your hand to put back, then Put back.",
        "fr": "D'abord le Chasseur de tête : cliquez sur {count} cartes de votre main à remettre, puis sur Remettre.",
    },
    "play.msg.over": {
        "en": "The game is over: start a new game, or save and review this one.",
        "fr": "La partie est terminée : commencez-en une nouvelle, ou enregistrez et revoyez celle-ci.",
    },
    "play.msg.not_your_turn": {
        "en": "It is {player}'s turn (the bot), not yours.",
        "fr": "C'est à {player} de jouer (le robot), pas à vous.",
    },
    "play.msg.finish_first": {
        "en": "Finish the turn first: end it with your claims, or take the card back.",
        "fr": "Finissez d'abord le tour : terminez-le avec vos revendications, ou reprenez la carte.",
    },
    "play.msg.not_in_hand": {"en": "{card} is not in your hand ({hand}).", "fr": "{card} n'est pas dans votre main ({hand})."},
    "play.msg.hand_empty": {"en": "empty", "fr": "vide"},
    "play.msg.no_target": {
        "en": "{card} cannot be played now: the table offers it no legal target.",
        "fr": "Impossible de jouer {card} maintenant : la table ne lui offre aucune cible permise.",
    },
    "play.msg.chosen_ruse": {
        "en": "{card} chosen: choose how to play it, then Play it.",
        "fr": "Vous avez choisi {card} : choisissez comment la jouer, puis cliquez sur La jouer.",
    },
    "play.msg.chosen": {"en": "{card} chosen: now click a stone.", "fr": "Vous avez choisi {card} : cliquez maintenant sur une borne."},
    "play.msg.none_chosen": {"en": "No card chosen.", "fr": "Aucune carte choisie."},
    "play.msg.returns_full": {
        "en": "Headhunter puts back {count} cards: click a chosen card again to keep it.",
        "fr": "Le Chasseur de tête remet {count} cartes : cliquez de nouveau sur une carte choisie pour la garder.",
    },
    "play.msg.to_put_back": {"en": "To put back: {cards} ({chosen} of {count}).", "fr": "À remettre : {cards} ({chosen} sur {count})."},
    "play.msg.none_yet": {"en": "none yet", "fr": "aucune pour l'instant"},
    "play.msg.nothing_to_put_back": {
        "en": "Nothing to put back: Headhunter was not played.",
        "fr": "Rien à remettre : le Chasseur de tête n'a pas été joué.",
    },
    "play.msg.cannot_go_back": {"en": "Those cards cannot go back: {problem}.", "fr": "Ces cartes ne peuvent pas être remises : {problem}."},
    "play.msg.you_played": {"en": "You played {move}.", "fr": "Vous avez joué : {move}."},
    "play.msg.bot_played": {"en": "{player} played {move}.", "fr": "{player} a joué : {move}."},
    "play.msg.choose_ruse": {
        "en": "Choose a ruse card of your hand first, then how to play it.",
        "fr": "Choisissez d'abord une carte Ruse de votre main, puis comment la jouer.",
    },
    "play.msg.choose_card": {
        "en": "Choose a card of your hand first, then the stone.",
        "fr": "Choisissez d'abord une carte de votre main, puis la borne.",
    },
    "play.msg.from_menu": {
        "en": "{card} is played from the menu under your hand: choose how, then Play it.",
        "fr": "{card} se joue depuis le menu sous votre main : choisissez comment, puis cliquez sur La jouer.",
    },
    "play.msg.cannot_go_on": {"en": "{card} cannot go on stone {stone}: {problem}.", "fr": "{card} ne peut pas aller sur la borne {stone} : {problem}."},
    "play.msg.cannot_go_that_way": {"en": "{card} cannot go that way: {problem}.", "fr": "Impossible de jouer {card} ainsi : {problem}."},
    "play.msg.can_claim": {
        "en": "{play}: you can claim a stone now; choose your claims and click End turn.",
        "fr": "{play} : vous pouvez revendiquer une borne maintenant ; choisissez vos revendications et cliquez sur Finir le tour.",
    },
    "play.msg.no_turn_to_end": {
        "en": "There is no turn to end: choose a card, then a stone.",
        "fr": "Il n'y a pas de tour à finir : choisissez une carte, puis une borne.",
    },
    "play.msg.turn_refused": {"en": "That turn is not allowed: {problem}.", "fr": "Ce tour n'est pas permis : {problem}."},
    "play.msg.cannot_pass": {"en": "You cannot pass: {problem}.", "fr": "Vous ne pouvez pas passer : {problem}."},
    "play.msg.nothing_waiting": {"en": "No card is waiting to be placed.", "fr": "Aucune carte n'attend d'être posée."},
    "play.msg.taken_back": {
        "en": "{card} taken back: click a stone, or another card.",
        "fr": "Vous avez repris {card} : cliquez sur une borne, ou sur une autre carte.",
    },
    "play.msg.headhunter_drew": {
        "en": "Headhunter drew {cards}: click {count} cards of your hand to put back under their decks, then Put back.",
        "fr": "Le Chasseur de tête a pioché {cards} : cliquez sur {count} cartes de votre main à remettre sous leur pioche, puis sur Remettre.",
    },
    "play.msg.bot_busy": {
        "en": "(The class is busy: the bot thought for {seconds} s and played {played} rollouts instead of {asked}.)",
        "fr": "(La classe est très chargée : le robot a réfléchi {seconds} s et joué {played} simulations au lieu de {asked}.)",
    },
    "play.msg.bot_failed": {
        "en": "The bot could not move ({error}); the game is kept as it was.",
        "fr": "Le robot n'a pas pu jouer ({error}) ; la partie reste telle qu'elle était.",
    },
    "play.msg.advisor_thinking": {"en": "The advisor is thinking…", "fr": "Le conseiller réfléchit…"},
    "play.msg.advisor_failed": {
        "en": "The advisor cannot judge this position: {error}.",
        "fr": "Le conseiller ne peut pas juger cette position : {error}.",
    },
    "play.msg.not_saved": {"en": "The record was not saved: {error}.", "fr": "La partie n'a pas été enregistrée : {error}."},
    "play.msg.not_read_back": {"en": "{path} does not read back as the game written", "fr": "{path} ne se relit pas comme la partie écrite"},
    "play.msg.saved": {
        "en": "Saved {count} turns to {path}; review it with the button, or `schotten-lab review {path} -o review.html`.",
        "fr": "{count} tours enregistrés dans {path} ; revoyez la partie avec le bouton, ou avec `schotten-lab review {path} -o review.html`.",
    },
    "play.msg.nothing_to_review": {
        "en": "Nothing to review yet: play a turn first.",
        "fr": "Rien à revoir pour l'instant : jouez d'abord un tour.",
    },
    "play.msg.judging": {"en": "The advisor is judging turn {turn} of {count}…", "fr": "Le conseiller juge le tour {turn} sur {count}…"},
    "play.msg.review_failed": {"en": "The review cannot open: {error}.", "fr": "La relecture ne peut pas s'ouvrir : {error}."},
    "play.msg.review_shown": {
        "en": "The review is under the table: step through the game with its buttons.",
        "fr": "La relecture est sous la table : parcourez la partie avec ses boutons.",
    },
    "play.msg.review_shown_chart": {
        "en": "The review is under the table: step through the game with its buttons, the chart marks the shown turn.",
        "fr": "La relecture est sous la table : parcourez la partie avec ses boutons ; le graphique marque le tour affiché.",
    },
    "play.msg.ignored": {
        "en": "Ignored from the address: {fields} (the defaults are used).",
        "fr": "Ignoré dans l'adresse : {fields} (les valeurs par défaut s'appliquent).",
    },
    "play.msg.address_field": {"en": "{field} '{value}'", "fr": "{field} « {value} »"},
    # ---- file names ----
    "play.file.empty": {"en": "give a file name ending in .json", "fr": "donnez un nom de fichier qui finit par .json"},
    "play.file.not_plain": {
        "en": "'{name}' is not a plain file name: no folders, not starting with a dot",
        "fr": "« {name} » n'est pas un simple nom de fichier : pas de dossier, pas de point au début",
    },
    "play.file.not_json": {"en": "'{name}' must end in .json (a game record)", "fr": "« {name} » doit finir par .json (une partie enregistrée)"},
})
"""The page's phrases (each with the same ``{fields}`` in both languages)."""

PLAY_PHRASES: Phrases = {**PAGE_PHRASES, **MOVE_TEXT_PHRASES}
"""The play app's whole table: the page's phrases and those of moves, advice and refusals."""

LEVELS: tuple[tuple[str, int], ...] = (("easy", 50), ("medium", 300), ("strong", 1000), ("expert", 3000))
"""The advisor's strengths by name: its Monte Carlo rollouts per move (benchmarks/play_app.py times them)."""


def short_label(code: object, lang: str) -> str:
    """A hand button's text: a clan card's code (``R8``), a tactics card in a few letters of its name
    in the language (``SPY`` / « ESP » for Espion, « P-B » for Porte-Bouclier)."""
    text = str(code)
    return t(f"play.short.{text}", lang) if text in TACTICS_NAMES else text


def rollouts_text(n: int, lang: str) -> str:
    """A rollout count in a label: ``3000`` in English (as the record's bot name writes it), « 3 000 » in French."""
    return str(n) if check_lang(lang) == "en" else words.number(n, lang)


def bot_name(opponent: str, rollouts: int, lang: str) -> str:
    """The bot as the page names it: ``advisor(300 rollouts)``, ``greedy`` / « conseiller, 300
    simulations par coup », « robot glouton ». In English it is the record's name (:func:`.parts.bot_label`)."""
    if opponent == "advisor":
        return t("play.bot.advisor_named", lang, rollouts=rollouts_text(rollouts, lang))
    return t(f"play.bot.{opponent}", lang)


def level_label(rollouts: int, lang: str) -> str:
    """A strength's label: ``medium (300 rollouts)`` / « moyen (300 simulations) »."""
    name = next((n for n, r in LEVELS if r == rollouts), "other")
    return t(f"play.level.{name}", lang, rollouts=rollouts_text(rollouts, lang))


def seat_name(player: Player | str, lang: str) -> str:
    """A seat in a sentence: ``south`` / « Sud »."""
    return words.player(player, lang)


__all__ = [
    "LEVELS",
    "METHODS",
    "MOVE_TEXT_PHRASES",
    "PAGE_PHRASES",
    "PLAY_PHRASES",
    "advice_move_text",
    "bot_name",
    "card_name",
    "cards_text",
    "change_text",
    "level_label",
    "method_text",
    "one_line",
    "play_text",
    "points",
    "problem_text",
    "record_turn_text",
    "rollouts_text",
    "rough_chance",
    "seat_name",
    "short_label",
    "t",
    "turn_text",
]
