"""The core's own phrases (English and French): the seat a figure is seen from, where a card is,
and the claim explanations :mod:`schotten_lab.analysis.claims` builds as facts.

:mod:`schotten_lab.core.words` registers :data:`PHRASES` first, so every other table may use its keys.
"""

from __future__ import annotations

from .typeset_words import Phrases

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


__all__ = ["PHRASES"]
