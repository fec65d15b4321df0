"""The board editor's own words (its widget, analysis panel and advisor panel), in English and French.

Registered with :func:`~schotten_lab.core.words.register`, so :func:`~schotten_lab.core.words.say`
knows them (keys ``ed.*``); every label, button, tooltip, heading and message of the editor comes
from here (docs/FRENCH.md). Players, numbers and cards are passed as fields and rendered in the
language (« Sud », « 1 000 »).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import words
from ...core.edit import Target
from ...core.words import Phrases, say

EDITOR_PHRASES: Phrases = words.register({
    # --- the widget: headings, controls, tooltips
    "ed.tactics_cards": {"en": "Tactics cards", "fr": "Cartes Tactique"},
    "ed.palette_heading": {"en": "Cards to place: click one to put it on the target below",
                           "fr": "Cartes à poser : cliquez sur une carte pour la poser à l'endroit choisi plus bas"},
    "ed.place_on": {"en": "Place on", "fr": "Poser sur"},
    "ed.flip": {"en": "Flip board", "fr": "Retourner"},
    "ed.flip_tip": {"en": "turn the board round: north at the bottom",
                    "fr": "retourner le plateau : Nord en bas"},
    "ed.board_heading": {"en": "Board: click a card to take it back, an empty slot to place cards there",
                         "fr": "Plateau : cliquez sur une carte pour la reprendre, sur une case vide pour y poser des cartes"},
    "ed.nobody": {"en": "nobody", "fr": "personne"},
    "ed.stone": {"en": "Stone", "fr": "Borne"},
    "ed.claimed_by": {"en": "claimed by", "fr": "revendiquée par"},
    "ed.first_complete": {"en": "first complete", "fr": "complet en premier"},
    "ed.to_move": {"en": "To move", "fr": "À jouer"},
    "ed.viewer": {"en": "Viewer", "fr": "Vu par"},
    "ed.deck": {"en": "Deck", "fr": "Pioche"},
    "ed.variant": {"en": "Variant", "fr": "Variante"},
    "ed.variant_base": {"en": "base", "fr": "de base"},
    "ed.variant_tactics": {"en": "tactics", "fr": "tactique"},
    "ed.new": {"en": "New board", "fr": "Nouveau plateau"},
    "ed.new_tip": {"en": "An empty board of the current variant", "fr": "Un plateau vide de la variante choisie"},
    "ed.mud_box": {"en": "{mode} (4 cards)", "fr": "{mode} (4 cartes)"},
    "ed.played_by": {"en": "Played by", "fr": "Joué par"},
    "ed.auto": {"en": "auto", "fr": "auto"},
    "ed.played_by_tip": {"en": "the player who has played fewer tactics cards (the player to move on a tie)",
                         "fr": "le joueur qui a joué le moins de cartes Tactique (à égalité, celui qui joue)"},
    "ed.tactics_deck": {"en": "Tactics deck", "fr": "Pioche Tactique"},
    "ed.played_count": {"en": "{player} played", "fr": "jouées par {player}"},
    "ed.undo": {"en": "Undo", "fr": "Annuler"},
    "ed.redo": {"en": "Redo", "fr": "Rétablir"},
    "ed.text_placeholder": {"en": "JSON or notation", "fr": "JSON ou notation"},
    "ed.load": {"en": "Load", "fr": "Charger"},
    "ed.load_tip": {"en": "Load the JSON or notation above", "fr": "Charger le JSON ou la notation ci-dessus"},
    "ed.save_json": {"en": "Save JSON", "fr": "Exporter en JSON"},
    "ed.save_notation": {"en": "Save notation", "fr": "Exporter la notation"},
    "ed.controls_heading": {"en": "Target, claims, turn and decks", "fr": "Destination, revendications, tour et pioches"},
    "ed.load_heading": {"en": "Load and save (JSON or notation)", "fr": "Charger et exporter (JSON ou notation)"},
    # --- where a card goes (the "Place on" choices)
    "ed.target_pile": {"en": "discard pile", "fr": "défausse"},
    "ed.target_hand": {"en": "{player} hand", "fr": "main de {player}"},
    "ed.target_side": {"en": "stone {stone} {player}", "fr": "borne {stone}, côté {player}"},
    # --- messages above the board
    "ed.refused": {"en": "Refused: {reason}", "fr": "Refusé : {reason}"},
    "ed.to_move_done": {"en": "{player} to move", "fr": "à {player} de jouer"},
    "ed.deck_done": {"en": "deck set to {n}", "fr": "cartes dans la pioche : {n}"},
    "ed.board_base": {"en": "base board", "fr": "plateau du jeu de base"},
    "ed.board_tactics": {"en": "tactics board", "fr": "plateau de la variante tactique"},
    "ed.new_done": {"en": "new board", "fr": "nouveau plateau"},
    "ed.tactics_deck_done": {"en": "tactics deck set to {n}", "fr": "cartes dans la pioche Tactique : {n}"},
    "ed.played_done": {"en": "{player} played {n} tactics cards", "fr": "cartes Tactique jouées par {player} : {n}"},
    "ed.placed": {"en": "placed {item} {where}", "fr": "carte {item} posée {where}"},
    "ed.where_side": {"en": "on stone {stone} {player}", "fr": "sur la borne {stone}, côté {player}"},
    "ed.where_hand": {"en": "on {player} hand", "fr": "dans la main de {player}"},
    "ed.where_pile": {"en": "on discard pile", "fr": "dans la défausse"},
    "ed.tactics_only": {"en": "Refused: tactics cards ({item}) belong to the tactics variant",
                        "fr": "Refusé : les cartes Tactique ({item}) appartiennent à la variante tactique"},
    "ed.every_copy": {"en": "Refused: every copy of {item} is already placed",
                      "fr": "Refusé : tous les exemplaires {item:de} sont déjà posés"},
    "ed.already_placed": {"en": "Refused: {item} is already placed", "fr": "Refusé : la carte {item} est déjà posée"},
    "ed.noted": {"en": "{target}: {item} noted, {more} more to enter",
                 "fr": "{target} : carte {item} notée, encore {more} à entrer"},
    "ed.entered": {"en": "{target} entered", "fr": "{target} entrée"},
    "ed.took_draft": {"en": "took {item} back from the {player} hand being entered",
                      "fr": "carte {item} reprise de la main de {player} en cours d'entrée"},
    "ed.took_hand": {"en": "took {item} back: the {player} hand is being re-entered",
                     "fr": "carte {item} reprise : la main de {player} est à entrer de nouveau"},
    "ed.took": {"en": "took {item} back", "fr": "carte {item} reprise"},
    "ed.took_discard": {"en": "took {item} back from the discard pile", "fr": "carte {item} reprise de la défausse"},
    "ed.mode_on": {"en": "stone {stone}: {mode} on", "fr": "borne {stone} : {mode} posé"},
    "ed.mode_off": {"en": "stone {stone}: {mode} off", "fr": "borne {stone} : {mode} retiré"},
    "ed.claim_done": {"en": "stone {stone} claimed by {player}", "fr": "borne {stone} revendiquée par {player}"},
    "ed.unclaim_done": {"en": "stone {stone} claimed by nobody", "fr": "borne {stone} revendiquée par personne"},
    "ed.nothing_undo": {"en": "nothing to undo", "fr": "rien à annuler"},
    "ed.nothing_redo": {"en": "nothing to redo", "fr": "rien à rétablir"},
    "ed.undone": {"en": "undone", "fr": "annulé"},
    "ed.redone": {"en": "redone", "fr": "rétabli"},
    "ed.loaded": {"en": "position loaded", "fr": "position chargée"},
    "ed.position_set": {"en": "position set", "fr": "position posée"},
    "ed.target_now": {"en": "cards now go to {target}", "fr": "destination des cartes : {target}"},
    "ed.first_done": {"en": "stone {stone}: first complete set", "fr": "borne {stone} : premier côté complet modifié"},
    "ed.saved": {"en": "saved below: copy the text", "fr": "exporté ci-dessous : copiez le texte"},
    "ed.analysis_unavailable": {"en": "Analysis unavailable: {reason}", "fr": "Analyse indisponible : {reason}"},
    # --- the board's buttons and labels
    "ed.tip_hand_entering": {"en": "hand being entered", "fr": "main en cours d'entrée"},
    "ed.tip_place": {"en": "place {item}", "fr": "poser {item}"},
    "ed.tip_every_copy": {"en": "every copy of {item} is placed", "fr": "tous les exemplaires {item:de} sont posés"},
    "ed.tip_take": {"en": "take {item} back", "fr": "reprendre {item}"},
    "ed.tip_take_draft": {"en": "take {item} back (hand being entered)", "fr": "reprendre {item} (main en cours d'entrée)"},
    "ed.tip_take_discard": {"en": "take {item} back from the discard pile", "fr": "reprendre {item} de la défausse"},
    "ed.tip_slot": {"en": "place cards on stone {stone} {player}", "fr": "poser des cartes sur la borne {stone}, côté {player}"},
    "ed.hand": {"en": "{player} hand", "fr": "main de {player}"},
    "ed.hand_entering": {"en": "{player} hand: entering, {more} more", "fr": "main de {player} : en cours d'entrée, encore {more}"},
    "ed.hand_unknown": {"en": "{player} hand: {size} unknown cards", "fr": "main de {player} : {size} cartes inconnues"},
    "ed.discard": {"en": "discard pile", "fr": "défausse"},
    "ed.discard_empty": {"en": "discard pile: empty", "fr": "défausse : vide"},
    "ed.tactics_game": {"en": "<b>tactics game</b>: clan deck {deck}, tactics deck {tactics_deck}, "
                              "tactics played south {south} / north {north}",
                        "fr": "<b>variante tactique</b> : pioche Clan {deck}, pioche Tactique {tactics_deck}, "
                              "cartes Tactique jouées : Sud {south} / Nord {north}"},
    "ed.base_game": {"en": "<b>{name} game</b>: deck {deck}", "fr": "<b>{name}</b> : pioche {deck}"},
    "ed.base_name": {"en": "base", "fr": "jeu de base"},
    "ed.base_expert_name": {"en": "base (expert)", "fr": "jeu de base, variante expert"},
    # --- the analysis panel
    "ed.claims": {"en": "Claims", "fr": "Revendications"},
    "ed.who_wins": {"en": "Who wins each stone", "fr": "Qui gagne chaque borne"},
    "ed.charts_heading": {"en": "Odds, outcomes and the cards left", "fr": "Chances, issues et cartes restantes"},
    "ed.charts_unavailable": {"en": "charts unavailable: {reason}", "fr": "graphiques indisponibles : {reason}"},
    "ed.charts_show": {"en": "Show the charts", "fr": "Afficher les graphiques"},
    "ed.charts_hide": {"en": "Hide the charts", "fr": "Masquer les graphiques"},
    "ed.charts_tip": {"en": "draw the odds, outcome and card charts of the position (kept up to date while shown)",
                      "fr": "dessiner les graphiques de chances, d'issues et de cartes de la position (tenus à jour tant qu'ils sont affichés)"},
    "ed.nothing_to_claim": {"en": "No complete side yet: nothing to claim.",
                            "fr": "Aucun côté n'est encore complet : rien à revendiquer."},
    "ed.verdict_claimed": {"en": "claimed", "fr": "l'a revendiquée"},
    "ed.verdict_may": {"en": "may claim", "fr": "peut revendiquer"},
    "ed.verdict_not_yet": {"en": "cannot claim yet", "fr": "ne peut pas encore revendiquer"},
    "ed.held_by": {"en": "stone {stone} is held by {player}", "fr": "la borne {stone} est à {player}"},
    "ed.stone_n": {"en": "stone {stone}", "fr": "borne {stone}"},
    "ed.claim_button": {"en": "{player} claims stone {stone}", "fr": "{player} revendique la borne {stone}"},
    "ed.claim_tip": {"en": "claim stone {stone} for {player}", "fr": "revendiquer la borne {stone} pour {player}"},
    "ed.seen_column": {"en": "seen by {player} (counting the hand)", "fr": "vu par {player} (qui connaît sa main)"},
    "ed.public_column": {"en": "public pool (random completion)",
                         "fr": "cartes hors de la table (côtés complétés au hasard)"},
    "ed.split_south": {"en": "S {p}", "fr": "S {p}"},
    "ed.split_north": {"en": "N {p}", "fr": "N {p}"},
    "ed.split_tie": {"en": "tie {p}", "fr": "égalité {p}"},
    "ed.split_undecided": {"en": "undecided {p}", "fr": "indécis {p}"},
    "ed.counting": {"en": "counting…", "fr": "calcul en cours…"},
    "ed.seat_unavailable": {"en": "not available ({reason})", "fr": "indisponible ({reason})"},
    # --- the advisor panel
    "ed.adv_heading": {"en": "What should I play? (the advisor)", "fr": "Que jouer ? (le conseiller)"},
    "ed.adv_budget": {"en": "Budget", "fr": "Budget"},
    "ed.adv_quick": {"en": "quick: {n} rollouts (≈{t} s)", "fr": "rapide : {n} simulations (≈ {t} s)"},
    "ed.adv_normal": {"en": "normal: {n} rollouts (≈{t} s)", "fr": "normal : {n} simulations (≈ {t} s)"},
    "ed.adv_strong": {"en": "strong: {n} rollouts (≈{t} s)", "fr": "fort : {n} simulations (≈ {t} s)"},
    "ed.adv_deep": {"en": "deep: {n} rollouts (≈{t} s)", "fr": "approfondi : {n} simulations (≈ {t} s)"},
    "ed.adv_rollouts": {"en": "{n} rollouts", "fr": "{n} simulations"},
    "ed.adv_ask": {"en": "Ask the advisor", "fr": "Demander au conseiller"},
    "ed.adv_ask_tip": {"en": "rank the moves of the player to move now",
                       "fr": "classer maintenant les coups du joueur qui joue"},
    "ed.adv_auto": {"en": "auto (after every edit)", "fr": "auto (après chaque modification)"},
    "ed.adv_earlier": {"en": "The advice below is for an earlier position: press <i>{ask}</i>.",
                       "fr": "Le conseil ci-dessous porte sur une position précédente : cliquez sur <i>{ask}</i>."},
    "ed.adv_thinking": {"en": "Thinking about {player}'s moves ({n} rollouts)…",
                        "fr": "Réflexion sur les coups de {player} ({n} simulations)…"},
    "ed.adv_shown": {"en": "Advice for the position on the board ({t} s after the request).",
                     "fr": "Conseil pour la position du plateau ({t} s après la demande)."},
    "ed.adv_not_shown": {"en": "The advice could not be shown ({error}).", "fr": "Le conseil n'a pas pu être affiché ({error})."},
    "ed.adv_over": {"en": "The game is over: {player} has won, so there is nothing to play.",
                    "fr": "La partie est finie : {player} a gagné, il n'y a plus rien à jouer."},
    "ed.adv_needs_hand": {
        "en": "The advisor plays for the player to move, {player}, and needs {player}'s hand: "
              "enter it (Place on: {player} hand) or switch the player to move.",
        "fr": "Le conseiller joue pour le joueur qui joue, {player}, et a besoin de sa main : "
              "entrez-la (Poser sur : main de {player}) ou changez de joueur.",
    },
    "ed.adv_cannot": {"en": "The advisor cannot search this position: {reason}.",
                      "fr": "Le conseiller ne peut pas étudier cette position : {reason}."},
    "ed.adv_failed": {"en": "The advisor failed on this position ({error}).",
                      "fr": "Le conseiller a échoué sur cette position ({error})."},
    "ed.adv_pass": {
        "en": "{player} has nothing to play (no card in hand or no open stone): the only move is to {move}, "
              "with {win} to win, seen from {player}'s seat.",
        "fr": "{player} n'a rien à jouer (plus de carte en main ou plus de borne libre) : le seul coup est de {move}, "
              "avec {win} de chances de gagner, vu par {player}.",
    },
    "ed.adv_exact": {"en": "exact (the deck is empty: the endgame is solved)",
                     "fr": "chiffres exacts (la pioche est vide : la fin de partie est résolue)"},
    "ed.adv_estimates": {"en": "Monte Carlo estimates ± one standard error, {n} rollouts",
                         "fr": "estimations par Monte-Carlo ± une erreur type, {n} simulations"},
    "ed.adv_head": {
        "en": "{player} to move: {win} to win with the best move. Seen from {player}'s seat ({opponent}'s hand "
              "and the deck are unknown to it); {estimate}; {t} s.",
        "fr": "{player} joue : {win} de chances de gagner avec le meilleur coup. Vu par {player} (la main de "
              "{opponent} et la pioche lui sont inconnues) ; {estimate} ; {t} s.",
    },
    "ed.adv_move": {"en": "move", "fr": "coup"},
    "ed.adv_win": {"en": "win", "fr": "victoire"},
    "ed.adv_change": {"en": "change", "fr": "écart"},
    "ed.adv_why": {"en": "why", "fr": "pourquoi"},
    "ed.adv_not_searched": {"en": "not searched", "fr": "non étudié"},
    "ed.adv_points": {"en": "{d} pts", "fr": "{d} pts"},
    "ed.adv_more_one": {"en": "… and {n} more move.", "fr": "… et {n} autre coup."},
    "ed.adv_more_many": {"en": "… and {n} more moves.", "fr": "… et {n} autres coups."},
    "ed.adv_note": {
        "en": "change: points of win chance against the best move; not searched: ranked below the others by "
              "the placement heuristic. The estimates are the win rates of the advisor's rollouts, not of perfect play.",
        "fr": "écart : points de chance de victoire par rapport au meilleur coup ; non étudié : classé après les "
              "autres par l'heuristique de pose. Les estimations sont les taux de victoire des simulations du "
              "conseiller, pas ceux d'un jeu parfait.",
    },
    "ed.adv_reasons_english": {"en": "The reasons (the why column) are in English.", "fr": "Les raisons (colonne « pourquoi ») sont encore en anglais."},
    # --- a move in words (the advisor's ranking, the game viewer)
    "ed.mv_place": {"en": "{card} on stone {stone}", "fr": "{card} sur la borne {stone}"},
    "ed.mv_pass": {"en": "pass", "fr": "passer"},
    "ed.mv_claim": {"en": ", claim {stones}", "fr": ", revendiquer {stones}"},
    "ed.mv_draw": {"en": ", draw {deck}", "fr": ", piocher {deck}"},
    "ed.deck_clan": {"en": "clan", "fr": "une carte Clan"},
    "ed.deck_tactics": {"en": "tactics", "fr": "une carte Tactique"},
})
"""The editor's phrases by key (``ed.*``), each with the same ``{fields}`` in both languages."""


def target_label(target: Target, lang: str = "en") -> str:
    """Where ``target`` puts a card, in words: "stone 3 south" / « borne 3, côté Sud », "south hand"
    / « main de Sud », "discard pile" / « défausse » (English as :attr:`Target.label`)."""
    if target.pile:
        return say("ed.target_pile", lang)
    if target.stone is None:
        return say("ed.target_hand", lang, player=target.player)
    return say("ed.target_side", lang, stone=target.stone, player=target.player)


def mode_words(mode: str, lang: str = "en") -> str:
    """A combat mode's name: "Blind-man's bluff" / « Colin-Maillard », "Mud fight" / « Combat de boue »."""
    return words.tactic(mode.upper(), lang) if mode.upper() in words.TACTICS_WORDS else mode


def target_where(target: Target, lang: str = "en") -> str:
    """Where a card was put, in a sentence: "on stone 3 south" / « sur la borne 3, côté Sud »."""
    if target.pile:
        return say("ed.where_pile", lang)
    if target.stone is None:
        return say("ed.where_hand", lang, player=target.player)
    return say("ed.where_side", lang, stone=target.stone, player=target.player)


def placement_words(card: object, stone: int | None, claims: Sequence[int] = (), deck: str | None = None,
                    lang: str = "en") -> str:
    """A clan card placed (or a pass, ``card`` None) with its claims and the deck drawn from:
    "R8 on stone 3, claim 3, draw clan" / « R8 sur la borne 3, revendiquer 3, piocher une carte Clan »."""
    text = say("ed.mv_pass", lang) if card is None else say("ed.mv_place", lang, card=card, stone=stone)
    if claims:
        text += say("ed.mv_claim", lang, stones=", ".join(map(str, claims)))
    if deck:
        known = f"ed.deck_{deck}" in EDITOR_PHRASES
        text += say("ed.mv_draw", lang, deck=say(f"ed.deck_{deck}", lang) if known else deck)
    return text


def move_label(move: Any, lang: str = "en") -> str:
    """An advisor's move (:class:`~schotten_lab.bots.advice.MoveAdvice`) in words: its own
    ``label(lang)`` in English, and for a tactics play or a Headhunter's put-back; a clan card placed
    or a pass in the editor's words."""
    if lang == "en" or move.play is not None or move.put_back is not None:
        return str(move.label(lang))
    return placement_words(move.card, move.stone, move.claims, move.deck, lang)


def record_move_words(play: object, claims: object, lang: str = "en") -> str:
    """A game record's turn in words: :func:`~schotten_lab.play.review.move_words` in English and for
    a tactics play (in ``lang``); a clan card placed (``{"card": "R8", "stone": 3}``) or a pass in the
    editor's words."""
    from ...core.cards import Card
    from ...play.review import move_words

    claimed = list(claims) if isinstance(claims, list) else []
    if lang != "en" and isinstance(play, Mapping) and set(play) == {"card", "stone"}:
        try:
            card = Card.parse(str(play["card"]))
        except ValueError:
            return move_words(play, claims, lang)
        return placement_words(card, int(play["stone"]), claimed, lang=lang)
    if lang != "en" and play is None:
        return placement_words(None, None, claimed, lang=lang)
    return move_words(play, claims, lang)


def reason_words(exc: BaseException, lang: str = "en") -> str:
    """Why an edit or a reading failed, in ``lang``: the error's own words when it has them
    (:class:`~schotten_lab.core.edit.EditRefused`, :class:`~schotten_lab.core.errors.IllegalPositionError`),
    else its message."""
    said = getattr(exc, "in_words", None)
    return str(said(lang)) if callable(said) else str(exc)


def item_words(item: object) -> object:
    """A placed item as a phrase field: a tactics card's name (its code in English, « Espion » in
    French: :class:`~schotten_lab.core.words.TacticName`), a clan card as it is."""
    return words.TacticName(item) if isinstance(item, str) and item in words.TACTICS_WORDS else item


__all__ = ["EDITOR_PHRASES", "item_words", "reason_words", "mode_words", "move_label", "placement_words", "record_move_words", "target_label",
           "target_where"]
