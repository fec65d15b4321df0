"""The play app's words, in English and French (registered with :func:`~schotten_lab.core.words.register`).

Every label, button, status line and message of :class:`~.widget.PlayGame` and of its advice table
is a phrase of :data:`PLAY_PHRASES` (keys ``play.*``), filled in by :func:`t` (that is,
:func:`~schotten_lab.core.words.say`: fields rendered in the language, the phrase's own words set in
French typography). The functions below put moves, advice rows and the engine's refusals into words:

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
from ...core.rules import Player
from ...core.tactics import TACTICS_NAMES
from ...core.words import NBSP, Phrases, TacticName, check_lang, register, say
from ...game import IllegalTurnError, Play, Turn, play_words

PLAY_PHRASES: Phrases = register({
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
"""The phrases (each with the same ``{fields}`` in both languages)."""

LEVELS: tuple[tuple[str, int], ...] = (("easy", 50), ("medium", 300), ("strong", 1000), ("expert", 3000))
"""The advisor's strengths by name: its Monte Carlo rollouts per move (benchmarks/play_app.py times them)."""

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


def short_label(code: object, lang: str) -> str:
    """A hand button's text: a clan card's code (``R8``), a tactics card in a few letters of its name
    in the language (``SPY`` / « ESP » for Espion, « P-B » for Porte-Bouclier)."""
    text = str(code)
    return t(f"play.short.{text}", lang) if text in TACTICS_NAMES else text


def cards_text(codes: Sequence[object], lang: str) -> str:
    """Cards one after another, separated by spaces (tactics cards named in the language)."""
    return " ".join(words.render(card_name(c), lang) for c in codes)


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
    if key not in PLAY_PHRASES:
        return t("play.rule.other", lang)
    return t(key, lang, **({"stone": stone_field} if exc.rule in ("side-full", "claimed-stone", "mode") else {}))


def one_line(exc: BaseException, limit: int = 200) -> str:
    """An exception's text on one line, at most ``limit`` characters (no-break spaces kept: French
    typography survives)."""
    return re.sub(r"[ \t\r\n\f\v]+", " ", str(exc)).strip()[:limit]


__all__ = [
    "LEVELS",
    "METHODS",
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
