"""The puzzles' own words (questions, explanations, verdicts), in English and French.

Registered with :func:`schotten_lab.core.words.register`, so :func:`~schotten_lab.core.words.say`
finds them. French follows French typography: a no-break space (U+00A0) before ``? : ; !`` and ``%``,
and « guillemets ».
"""

from __future__ import annotations

from ..core.words import Phrases, register

NBSP = "\u00a0"

PUZZLE_PHRASES: Phrases = register({
    # ---- questions ----
    "pz_q_endgame": {
        "en": "The deck is empty and every card is known. {player} to play: find the only move that wins by force.",
        "fr": f"La pioche est vide et toutes les cartes sont connues. {{player}} joue{NBSP}: trouvez le seul coup qui gagne à coup sûr.",
    },
    "pz_q_midgame": {
        "en": "{player} to play, with cards left in the deck: what would you play? One move is much better than the others.",
        "fr": f"{{player}} joue et la pioche n'est pas vide{NBSP}: que jouez-vous{NBSP}? Un coup est bien meilleur que les autres.",
    },
    "pz_q_stone": {
        "en": "May {player} claim stone {stone} now?",
        "fr": f"{{player}} peut-il revendiquer la borne {{stone}} maintenant{NBSP}?",
    },
    "pz_q_stones": {
        "en": "Which stones may {player} claim now?",
        "fr": f"Quelles bornes {{player}} peut-il revendiquer maintenant{NBSP}?",
    },
    "pz_q_tactics": {"en": "Tactics variant. ", "fr": "Variante tactique. "},
    # ---- answers ----
    "pz_a_move": {"en": "{card} on stone {stone}{claims}.", "fr": "{card} sur la borne {stone}{claims}."},
    "pz_a_claims": {"en": ", then claim {stones}", "fr": ", puis revendiquer {stones}"},
    "pz_a_yes": {"en": "Yes.", "fr": "Oui."},
    "pz_a_no": {"en": "No.", "fr": "Non."},
    "pz_a_none": {"en": "None.", "fr": "Aucune."},
    "pz_a_list": {"en": "Stones {stones}.", "fr": "Les bornes {stones}."},
    # ---- explanations ----
    "pz_e_endgame": {
        "en": "{card} on stone {stone} is the only move that wins whatever {opponent} does; every other move "
              "lets {opponent} win or hold the game.{line}",
        "fr": f"{{card}} sur la borne {{stone}} est le seul coup qui gagne quoi que fasse {{opponent}}{NBSP}; "
              f"tout autre coup permet à {{opponent}} de gagner ou de bloquer la partie.{{line}}",
    },
    "pz_e_at_once": {
        "en": "{card} on stone {stone} wins at once: it lets {player} claim {stones} and win the game. Every other "
              "move lets {opponent} win or hold the game.",
        "fr": f"{{card}} sur la borne {{stone}} gagne tout de suite{NBSP}: {{player}} revendique alors {{stones}} et "
              f"gagne la partie. Tout autre coup permet à {{opponent}} de gagner ou de bloquer la partie.",
    },
    "pz_e_midgame": {
        "en": "{card} on stone {stone} is the best move by a wide margin, an estimate of the advisor's search (not a "
              "proof): played out on {deals} random deals of the unseen cards, it wins {win} of the games (95% "
              "interval {low} to {high}), {margin} points more than the best of the {others} other moves, {second_card} "
              "on stone {second_stone} ({second_win}; the margin's interval, at 95% for all the moves together: "
              "{m_low} to {m_high} points). The advisor's reason: {reason}.",
        "fr": f"{{card}} sur la borne {{stone}} est le meilleur coup, et de loin, selon une estimation de la recherche "
              f"du conseiller (non une preuve){NBSP}: joué sur {{deals}} donnes au hasard des cartes inconnues, il gagne "
              f"{{win}} des parties (intervalle à 95{NBSP}%{NBSP}: de {{low}} à {{high}}), {{margin}} points de plus "
              f"que le meilleur des {{others}} autres coups possibles, {{second_card}} sur la borne {{second_stone}} "
              f"({{second_win}}{NBSP}; l'intervalle de l'écart, à 95{NBSP}% pour tous les coups ensemble{NBSP}: de "
              f"{{m_low}} à {{m_high}} points). La raison du conseiller{NBSP}: {{reason}}.",
    },
    "pz_e_line": {"en": " A forced line: {turns}.", "fr": f" Une suite forcée{NBSP}: {{turns}}."},
    "pz_e_turn": {"en": "{player} {move}", "fr": "{player} {move}"},
    "pz_e_place": {"en": "{card} on {stone}{claims}", "fr": "{card} sur {stone}{claims}"},
    "pz_e_place_claims": {"en": " (claims {stones})", "fr": " (revendique {stones})"},
    "pz_e_pass": {"en": "passes{claims}", "fr": "passe{claims}"},
    "pz_e_win": {"en": "{player} wins", "fr": "{player} gagne"},
    "pz_e_stone": {"en": "Stone {stone}: {why}", "fr": f"Borne {{stone}}{NBSP}: {{why}}"},
    "pz_e_trap": {
        "en": " The trap: the card that beats the claim is in {player}'s own hand, yet the proof must count it as possible.",
        "fr": f" Le piège{NBSP}: la carte qui bat la revendication est dans la main de {{player}}, mais la preuve doit la compter comme possible.",
    },
    "pz_e_to_come_one": {
        "en": " Tactics cards not yet played could still change stone {stones}, but they do not stop the claim: the proof "
              "counts only the clan cards off the table (Battle Line's rule).",
        "fr": f" Des cartes tactiques encore à jouer pourraient changer la borne {{stones}}, mais elles n'empêchent pas de "
              f"revendiquer{NBSP}: la preuve ne compte que les cartes de clan hors de la table (la règle de Battle Line).",
    },
    "pz_e_to_come_many": {
        "en": " Tactics cards not yet played could still change stones {stones}, but they do not stop the claims: the "
              "proof counts only the clan cards off the table (Battle Line's rule).",
        "fr": f" Des cartes tactiques encore à jouer pourraient changer les bornes {{stones}}, mais elles n'empêchent pas "
              f"de revendiquer{NBSP}: la preuve ne compte que les cartes de clan hors de la table (la règle de Battle Line).",
    },
    # ---- the trainer ----
    "pz_right": {"en": "Right!", "fr": f"Bravo{NBSP}!"},
    "pz_wrong": {"en": "Not quite.", "fr": "Pas tout à fait."},
    "pz_answer_was": {"en": "The answer: {answer}", "fr": f"La réponse{NBSP}: {{answer}}"},
    "pz_refutation": {"en": "After your move, {line}.", "fr": f"Après votre coup{NBSP}: {{line}}."},
    "pz_refutation_stall": {
        "en": "After your move {opponent} can block the game: nobody wins.",
        "fr": f"Après votre coup, {{opponent}} peut bloquer la partie{NBSP}: personne ne gagne.",
    },
    "pz_score": {"en": "Score {right}/{done}, streak {streak}", "fr": f"Score{NBSP}: {{right}}/{{done}}, série de {{streak}}"},
    "pz_rating": {"en": "rating {rating}", "fr": "classement {rating}"},
    "pz_none_left": {"en": "No puzzle matches this filter.", "fr": "Aucun problème ne correspond à ce filtre."},
    "pz_choose_card": {"en": "Choose a card, then a stone.", "fr": "Choisissez une carte, puis une borne."},
    "pz_choose_claims": {
        "en": "Tick the stones you may claim, then check.",
        "fr": "Cochez les bornes revendicables, puis vérifiez.",
    },
    "pz_band_easy": {"en": "easy", "fr": "facile"},
    "pz_band_medium": {"en": "medium", "fr": "moyen"},
    "pz_band_hard": {"en": "hard", "fr": "difficile"},
    "pz_band_expert": {"en": "expert", "fr": "expert"},
    "pz_kind_endgame": {"en": "endgame", "fr": "finale"},
    "pz_kind_claim": {"en": "claim", "fr": "revendication"},
    "pz_kind_midgame": {"en": "midgame", "fr": "milieu de partie"},
    "pz_variant": {"en": "Variant", "fr": "Variante"},
    "pz_variant_base": {"en": "base game", "fr": "jeu de base"},
    "pz_variant_tactics": {"en": "tactics variant", "fr": "variante tactique"},
    "pz_answers": {"en": "Answers", "fr": "Solutions"},
    "pz_puzzle_n": {"en": "Puzzle {n}", "fr": "Problème {n}"},
    "pz_next": {"en": "Next puzzle", "fr": "Problème suivant"},
    "pz_check": {"en": "Check", "fr": "Vérifier"},
    "pz_yes": {"en": "Yes", "fr": "Oui"},
    "pz_no": {"en": "No", "fr": "Non"},
    "pz_all": {"en": "all", "fr": "tous"},
    "pz_kind": {"en": "Kind", "fr": "Type"},
    "pz_ratings": {"en": "Rating", "fr": "Classement"},
    "pz_hand": {"en": "Your hand:", "fr": f"Votre main{NBSP}:"},
    "pz_chosen": {"en": "{card} chosen: now a stone.", "fr": f"{{card}} choisie{NBSP}: maintenant une borne."},
    "pz_cannot": {"en": "{card} cannot go on stone {stone}.", "fr": "{card} ne peut pas aller sur la borne {stone}."},
    "pz_card_first": {"en": "Choose a card of your hand first.", "fr": "Choisissez d'abord une carte de votre main."},
    "pz_done": {"en": "Solved already: on to the next one.", "fr": f"Déjà résolu{NBSP}: passez au suivant."},
    "pz_sheet_title": {"en": "Schotten Totten puzzles", "fr": "Problèmes de Schotten Totten"},
})  # fmt: skip
"""The puzzles' phrase table (registered with :func:`~schotten_lab.core.words.register`)."""





class Capitalized:
    """A player's name with a capital, for the start of a sentence (``South``, ``Sud``)."""

    def __init__(self, who: object) -> None:
        self.who = who

    def in_words(self, lang: str = "en") -> str:
        from ..core.words import player

        return player(self.who, lang, capital=True)


class Stones:
    """Stone numbers in words: ``3, 5 and 7`` / ``3, 5 et 7``."""

    def __init__(self, numbers: object) -> None:
        self.numbers = tuple(int(n) for n in numbers)  # type: ignore[attr-defined]

    def in_words(self, lang: str = "en") -> str:
        from ..core.words import join

        return join([str(n) for n in self.numbers], lang)
__all__ = ["NBSP", "PUZZLE_PHRASES", "Capitalized", "Stones"]
