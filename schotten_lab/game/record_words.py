"""A game record's reading errors in words (English and French): a field of the wrong shape, a play
that does not read, the rule a turn breaks, where in the record it is.

The record and play readers (:mod:`.records`, :mod:`.plays`) raise :class:`~.errors.RecordError`
and :class:`~.errors.IllegalTurnError` with a :class:`~schotten_lab.core.words.Fact` of
:data:`RECORD_PHRASES`: their English is the message they always had, word for word, and
``in_words("fr")`` says it in French. A value from the record is quoted as it always was in English
(:class:`Shown`: a short ``repr``) and in guillemets in French; a field's path is said in words in
French (:func:`record_field`: « donne, main de Sud, carte 3 »).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.reader_words import READER_PHRASES, Quoted  # noqa: F401  (its phrases: the JSON reader's messages)
from ..core.words import NBSP, Count, check_lang, join, player, register, say, tactic
from .errors import quote

RECORD_PHRASES = register({
    # where, and the rule broken
    "record.at": {"en": "{where} ({rule}): {problem}", "fr": "{where} ({rule}) : {problem}"},
    "record.turn": {"en": "turn {turn}", "fr": "tour {turn}"},
    "record.record": {"en": "record", "fr": "partie"},
    "record.in": {"en": "{where}, {field}", "fr": "{where}, {field}"},
    "record.illegal": {"en": "illegal turn ({rule}): {problem}", "fr": "coup illégal ({rule}) : {problem}"},
    "record.rule_format": {"en": "format", "fr": "forme"},
    "record.rule_variant": {"en": "variant", "fr": "variante"},
    "record.rule_hand": {"en": "hand", "fr": "main"},
    "record.rule_tactics-count": {"en": "tactics-count", "fr": "nombre de cartes Tactique"},
    "record.rule_joker": {"en": "joker", "fr": "Joker"},
    "record.rule_mode": {"en": "mode", "fr": "mode de combat"},
    "record.rule_claimed-stone": {"en": "claimed-stone", "fr": "borne revendiquée"},
    "record.rule_side-full": {"en": "side-full", "fr": "côté complet"},
    "record.rule_card-conservation": {"en": "card-conservation", "fr": "cartes uniques"},
    "record.rule_draw": {"en": "draw", "fr": "pioche"},
    "record.rule_claim": {"en": "claim", "fr": "revendication"},
    "record.rule_game-over": {"en": "game-over", "fr": "partie finie"},
    "record.rule_turn-order": {"en": "turn-order", "fr": "ordre des tours"},
    "record.rule_pass": {"en": "pass", "fr": "passe"},
    "record.rule_hidden-hand": {"en": "hidden-hand", "fr": "main cachée"},
    "record.rule_result": {"en": "result", "fr": "résultat"},
    "record.rule_score": {"en": "score", "fr": "score"},
    # where, in a record (French; English keeps the field's path)
    "record.f_format": {"en": "format", "fr": "format"},
    "record.f_variant": {"en": "variant", "fr": "variante"},
    "record.f_expert": {"en": "expert", "fr": "variante expert"},
    "record.f_players": {"en": "players", "fr": "noms des joueurs"},
    "record.f_first": {"en": "first", "fr": "premier joueur"},
    "record.f_turns": {"en": "turns", "fr": "liste des tours"},
    "record.f_turn": {"en": "turns[{index}]", "fr": "tour {index}"},
    "record.f_result": {"en": "result", "fr": "résultat"},
    "record.f_winner": {"en": "result.winner", "fr": "vainqueur"},
    "record.f_reason": {"en": "result.reason", "fr": "raison de la victoire"},
    "record.f_claimed": {"en": "result.claimed", "fr": "bornes gagnées"},
    "record.f_claimed_by": {"en": "result.claimed[{index}]", "fr": "gagnant de la borne {index}"},
    "record.f_deal": {"en": "deal", "fr": "donne"},
    "record.f_hands": {"en": "deal.hands", "fr": "mains de la donne"},
    "record.f_hand": {"en": "deal.hands.{player}", "fr": "main de {player} à la donne"},
    "record.f_clan": {"en": "deal.clan", "fr": "pioche Clan de la donne"},
    "record.f_tactics": {"en": "deal.tactics", "fr": "pioche Tactique de la donne"},
    "record.f_item": {"en": "{where}[{index}]", "fr": "{where}, carte {index}"},
    "record.f_round": {"en": "rounds[{index}]", "fr": "manche {index}"},
    "record.f_rounds": {"en": "rounds", "fr": "manches"},
    "record.f_score": {"en": "score", "fr": "score"},
    "record.f_field": {"en": "{name}", "fr": "champ « {name} »"},
    "record.f_sub": {"en": "{where}.{name}", "fr": "{where}, champ « {name} »"},
    # reading a record
    "record.not_utf8": {"en": "not valid JSON: not UTF-8 text", "fr": "ce n'est pas du JSON valide : ce n'est pas du texte UTF-8"},
    "record.bad_json_line": {"en": "not valid JSON: {message} at line {line}", "fr": "ce n'est pas du JSON valide : {message}, ligne {line}"},
    "record.not_object": {"en": "a game record must be a JSON object, not {value}",
                          "fr": "une partie enregistrée doit être un objet JSON, et non {value}"},
    "record.players": {"en": "must be an object of names, like {{'south': 'random', 'north': 'greedy'}}",
                       "fr": "doit être un objet qui donne un nom à \"south\" et à \"north\", par exemple \"random\" et \"greedy\""},
    "record.turns_shape": {"en": "must be a list of turn objects, not {value}", "fr": "doit être une liste de tours (des objets), et non {value}"},
    "record.turn_shape": {"en": "must be a turn object, not {value}", "fr": "doit être un tour (un objet), et non {value}"},
    "record.reason": {"en": "is {value}; expected 'five', 'adjacent' (or 'blocked')",
                      "fr": "vaut {value} ; \"five\", \"adjacent\" (ou \"blocked\") attendu"},
    "record.claimed": {"en": "must list the 9 stones' owners ('south', 'north' or null)",
                       "fr": "doit donner le gagnant de chacune des 9 bornes (\"south\", \"north\" ou null)"},
    "record.player": {"en": "is {value}; expected 'south' or 'north'", "fr": "vaut {value} ; \"south\" ou \"north\" attendu"},
    "record.player_or_null": {"en": "is {value}; expected 'south' or 'north' or null",
                              "fr": "vaut {value} ; \"south\", \"north\" ou null attendu"},
    "record.deal_shape": {"en": "must be an object with 'hands', 'clan' and 'tactics', not {value}",
                          "fr": "doit être un objet avec \"hands\", \"clan\" et \"tactics\", et non {value}"},
    "record.hands_shape": {"en": "must be an object with 'south' and 'north'", "fr": "doit être un objet avec \"south\" et \"north\""},
    "record.tactics_base": {"en": "must be empty in the base game", "fr": "doit être vide dans le jeu de base"},
    "record.dealt_twice": {"en": "card {card} is dealt twice; each clan card exists once",
                           "fr": "la carte {card} est distribuée deux fois ; chaque carte Clan n'existe qu'une fois"},
    "record.copies": {"en": "{name} appears {count} times; it exists {most} time(s)",
                      "fr": "{name} apparaît {count} fois ; le jeu n'en compte que {most}"},
    "record.cards_shape": {"en": "must be a list of card codes (or null when unknown), not {value}",
                           "fr": "doit être une liste de codes de cartes (ou null quand elles sont inconnues), et non {value}"},
    "record.cards_count": {"en": "has {count} cards; expected {size}", "fr": "n'a pas le bon nombre de cartes ({count} au lieu de {size})"},
    "record.card_code": {"en": "must be a card code, not {value}", "fr": "doit être un code de carte, et non {value}"},
    "record.tactics_in_clan": {"en": "{card} is a tactics card; this list holds clan cards",
                               "fr": "{card} est une carte Tactique ; cette liste contient des cartes Clan"},
    "record.clan_in_tactics": {"en": "{card} is a clan card; the tactics deck holds tactics cards",
                               "fr": "{card} est une carte Clan ; la pioche Tactique ne contient que des cartes Tactique"},
    "record.unreadable_turn": {"en": "cannot read this turn: {problem}", "fr": "ce tour est illisible : {problem}"},
    "record.draw_shape": {"en": "draw must be a card code or null, not {value}",
                          "fr": "la carte piochée doit être un code de carte ou null, et non {value}"},
    "record.no_draw_said": {"en": "the record says no card was drawn, but {card} was",
                            "fr": "la partie dit qu'aucune carte n'a été piochée, mais {card} l'a été"},
    "record.draw_said": {"en": "the record says {card} was drawn, but no draw happens this turn",
                         "fr": "la partie dit que {card} a été piochée, mais on ne pioche pas à ce tour"},
    "record.headhunter_draw": {"en": "no card is drawn at the end of a Headhunter turn",
                               "fr": "on ne pioche pas à la fin d'un tour où l'on joue le Chasseur de tête"},
    "record.game_over": {"en": "the game is over ({reason}): no further turns", "fr": "la partie est finie ({reason}) : plus aucun tour ne suit"},
    "record.winner_reason": {"en": "{winner} ({reason})", "fr": "{winner} ({reason})"},
    "record.no_reason": {"en": "no reason given", "fr": "sans raison donnée"},
    "record.unfinished": {"en": "unfinished", "fr": "partie inachevée"},
    "record.nobody": {"en": "null", "fr": "personne"},
    "record.stone_field": {"en": "play.stone", "fr": "la borne du coup"},
    "record.from_field": {"en": "play.from", "fr": "la borne d'où le coup prend la carte"},
    "record.turn_order": {"en": "it is {player}'s turn, not {value}'s", "fr": "c'est à {player} de jouer, et non à {value}"},
    "record.result": {"en": "result says winner {said}, but the turns give {got}",
                      "fr": "le résultat donne pour vainqueur {said}, mais les tours donnent {got}"},
    "record.claimed_result": {"en": "result.claimed is {said}, the turns give {got}",
                              "fr": "les bornes gagnées du résultat sont {said} ; les tours donnent {got}"},
    "record.match_format": {"en": "a match is an object with \"format\": {format}", "fr": "un match est un objet avec \"format\" : {format}"},
    "record.rounds": {"en": "must be a list of game records", "fr": "doit être une liste de parties enregistrées"},
    "record.score": {"en": "is {value}, the rounds give {score}", "fr": "vaut {value} ; les manches donnent {score}"},
    # reading a play
    "record.play_shape": {"en": "play must be an object like {{'card': 'R8', 'stone': 3}}, not {value}",
                          "fr": "le coup doit être un objet qui donne la carte jouée et la borne, et non {value}"},
    "record.play_card": {"en": "play.card must be a card code such as 'R8' or 'MUD', not {value}",
                         "fr": "la carte jouée doit être un code de carte comme \"R8\" ou \"MUD\", et non {value}"},
    "record.play_field": {"en": "{field}: unknown field for a {card} play (fields: {fields})",
                          "fr": "le champ {field} n'existe pas pour le coup {card} (champs possibles : {fields})"},
    "record.play_decks": {"en": "play.decks must list up to 3 of 'clan'/'tactics', not {value}",
                          "fr": "les pioches du coup doivent être une liste d'au plus 3 \"clan\" ou \"tactics\", et non {value}"},
    "record.play_target": {"en": "play.target must be a card code such as 'R8' or 'JOKER', not {value}",
                           "fr": "la carte visée doit être un code de carte comme \"R8\" ou \"JOKER\", et non {value}"},
    "record.traitor_stone": {"en": "play.stone is required: the stone where the Traitor puts the card",
                             "fr": "il manque la borne où le Traître pose la carte"},
    "record.stone_required": {"en": "play.stone is required for {card}", "fr": "il manque la borne où poser {card}"},
    "record.troop_identity": {"en": "{value}: an elite troop's identity is chosen when its stone is claimed, not when it is played",
                              "fr": "{value} : l'identité d'une troupe d'élite se choisit quand on revendique sa borne, et non quand on la pose"},
    "record.stone_number": {"en": "{name} must be a stone number 1-9, not {value}",
                            "fr": "{name} doit être un numéro de borne de 1 à 9, et non {value}"},
    "record.hidden_hand": {"en": "{player}'s hand is unknown in this position: legal plays need it",
                           "fr": "la main de {player} est inconnue dans cette position ; il faut la connaître pour trouver les coups permis"},
    # an observation (a position with pending and jokers_played)
    "record.obs_not_object": {"en": "a position must be a JSON object", "fr": "une position doit être un objet JSON"},
    "record.pending_shape": {"en": "must be {{'kind': 'headhunter', 'return': N}}",
                             "fr": "doit être un objet comme {{\"kind\": \"headhunter\", \"return\": N}}"},
    "record.pending_needs": {"en": "a pending Headhunter needs the tactics variant and the Headhunter in the discard pile",
                             "fr": "un Chasseur de tête en cours demande la variante tactique et le Chasseur de tête dans la défausse"},
    "record.pending_return": {"en": "Headhunter puts back 0 to {most} cards here, not {count}",
                              "fr": "le Chasseur de tête remet ici de 0 à {most} cartes, et non {count}"},
    "record.jokers_shape": {"en": "must be a list of 'south'/'north'", "fr": "doit être une liste de \"south\" ou \"north\""},
    "record.jokers_missing": {"en": "leaves out {players}, who has a Joker on the table",
                              "fr": "oublie {players}, qui a pourtant un Joker sur la table"},
    "record.jokers_extra": {"en": "names a player with no Joker on the table, and no Joker is in the discard pile",
                            "fr": "nomme un joueur qui n'a pas de Joker sur la table, alors qu'aucun Joker n'est dans la défausse"},
    "record.history_shape": {"en": "expected a list of turn objects", "fr": "une liste de tours (des objets) est attendue"},
    "record.history_turn": {"en": "expected a turn object", "fr": "un tour (un objet) est attendu"},
    "record.history_player": {"en": "expected 'south' or 'north', not {value}", "fr": "\"south\" ou \"north\" attendu, et non {value}"},
})  # fmt: skip
"""A game record's (and a play's) reading errors (en, fr): the English is each message as the
readers always wrote it."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A value from a record quoted in a message: a short ``repr`` in English (as the readers always
    quoted it, :func:`~.errors.quote`), « R8 » or its kind (« une liste ») in French."""

    value: object
    limit: int = 60

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return quote(self.value, self.limit)
        return Quoted(self.value).in_words(lang)


@dataclass(frozen=True, slots=True)
class Verbatim:
    """Text shown as it is in every language (a card code, a list of owners as the record wrote it)."""

    text: str

    def in_words(self, lang: str = "en") -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Code:
    """A word of the record format (``five``, ``blocked``) as it is in English, in guillemets in French."""

    text: str

    def in_words(self, lang: str = "en") -> str:
        return self.text if check_lang(lang) == "en" else f"«{NBSP}{self.text}{NBSP}»"


@dataclass(frozen=True, slots=True)
class CodeList:
    """Words of the record format listed: ``card, stone`` in English, « card », « stone » in French."""

    texts: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        return ", ".join(Code(text).in_words(lang) for text in self.texts)


@dataclass(frozen=True, slots=True)
class Players:
    """Players named in a message: ``south, north`` in English (as the readers always wrote them),
    « Sud et Nord » in French."""

    names: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return ", ".join(self.names)
        return join([player(name, lang) for name in self.names], lang)


@dataclass(frozen=True, slots=True)
class RuleName:
    """A broken rule's short key (``side-full``) in English, in words in French (« côté complet »)."""

    rule: str

    def in_words(self, lang: str = "en") -> str:
        key = f"record.rule_{self.rule}"
        if check_lang(lang) == "en":
            return self.rule
        if key in RECORD_PHRASES:
            return say(key, lang)
        if self.rule.upper() in ("BANSHEE", "TRAITOR", "STRATEGIST", "HEADHUNTER"):
            return tactic(self.rule.upper(), lang)
        return self.rule


@dataclass(frozen=True, slots=True)
class RecordField:
    """A field's path in a game record: ``deal.hands.south[2]`` in English (as the readers always wrote
    it), « main de Sud à la donne, carte 3 » in French."""

    path: str

    def in_words(self, lang: str = "en") -> str:
        return self.path if check_lang(lang) == "en" else _field_fr(self.path, lang)


TURN_RULE_PHRASES = register({
    "record.not_in_hand": {"en": "{card} is not in {player}'s hand", "fr": "{card} n'est pas dans la main de {player}"},
    "record.elsewhere": {"en": "{card} is already elsewhere; each clan card exists once",
                         "fr": "{card} est déjà ailleurs ; chaque carte Clan n'existe qu'une fois"},
    "record.every_copy": {"en": "every copy of {card} is already elsewhere", "fr": "tous les exemplaires de {card} sont déjà ailleurs"},
    "record.tactics_in_base": {"en": "{card} is a tactics card; the base game has none", "fr": "{card} est une carte Tactique ; le jeu de base n'en a pas"},
    "record.tactics_ahead": {"en": "{player} has played {mine} tactics cards and the opponent {theirs}: a player may not play a tactics card while ahead of the opponent",
                             "fr": "{player} a joué {mine} cartes Tactique et son adversaire {theirs} : on ne peut pas jouer une carte Tactique quand on en a déjà joué plus que l'adversaire"},
    "record.joker_twice": {"en": "{player} has already played a Joker: a player plays at most one per game",
                           "fr": "{player} a déjà joué un Joker : chaque joueur en joue un au plus par partie"},
    "record.mode_twice": {"en": "stone {stone} already has {card}", "fr": "la borne {stone} a déjà {card:le}"},
    "record.not_on_side": {"en": "{card} is not on {player}'s side of stone {stone}", "fr": "{card} n'est pas du côté de {player} sur la borne {stone}"},
    "record.traitor_troop": {"en": "the Traitor takes a clan card only, not an elite troop",
                             "fr": "le Traître ne prend qu'une carte Clan, jamais une troupe d'élite"},
    "record.strategist_same": {"en": "the Strategist moves a card to another stone", "fr": "le Stratège déplace une carte vers une autre borne"},
    "record.stone_closed": {"en": "stone {stone} is claimed (by {player}): it is closed",
                            "fr": "la borne {stone} est revendiquée (par {player}) : elle est fermée"},
    "record.side_full": {"en": "{player}'s side of stone {stone} already has {count} cards (capacity {capacity})",
                         "fr": "le côté de {player} sur la borne {stone} a déjà {count} cartes (il en tient {capacity})"},
    # the shape of a decision, the draws, the claims, a pass (game/apply.py, game/work.py; a variant or a deal: game/state.py),
    # the Headhunter (game/plays.py)
    "record.unknown_variant": {"en": "unknown variant {value}: expected {base} or {tactics}",
                               "fr": "variante inconnue {value} : {base} ou {tactics} attendu"},
    "record.deal_variant": {"en": "the deal is for the {deal} variant, not {variant}", "fr": "la donne est celle de la variante {deal}, et non {variant}"},
    "record.return_alone": {"en": "'return' answers a pending Headhunter only",
                            "fr": "\"return\" ne sert qu'à répondre à un Chasseur de tête en cours"},
    "record.decision_shape": {"en": "a decision must be an object like {{'play': ..., 'claim': []}}, not {value}",
                              "fr": "une décision doit être un objet avec \"play\" et \"claim\", et non {value}"},
    "record.deck_clan": {"en": "deck must be 'clan', not {value}", "fr": "la pioche doit être \"clan\", et non {value}"},
    "record.deck_either": {"en": "deck must be 'clan' or tactics, not {value}",
                           "fr": "la pioche doit être \"clan\" ou \"tactics\", et non {value}"},
    "record.put_back": {"en": "Headhunter puts {count} cards of the hand back under the decks: answer {{'return': [...]}} with {count} cards, not {value}",
                        "fr": "le Chasseur de tête remet {count} de la main sous les pioches : la réponse \"return\" doit nommer {count}, et non {value}"},
    "record.wrong_deck": {"en": "{card} cannot come from the {deck} deck", "fr": "{card} ne peut pas venir de la pioche {deck}"},
    "record.deck_top": {"en": "the top of the {deck} deck is {top}, not {card}", "fr": "la carte du dessus de la pioche {deck} est {top}, et non {card}"},
    "record.deck_empty": {"en": "the {deck} deck is empty: draw from the other one", "fr": "la pioche {deck} est vide : piochez dans l'autre"},
    "record.ended_at_claim": {"en": "the game ended at the claim of stone {made}: no further claims (stone {stone})",
                              "fr": "la partie s'est terminée quand la borne {made} a été revendiquée : plus aucune revendication (borne {stone})"},
    "record.ended_at_claims": {"en": "the game ended at the claims: no play follows",
                               "fr": "la partie s'est terminée avec les revendications : aucun coup ne suit"},
    "record.pass_placeable": {"en": "{player} can place a clan card: passing is allowed only without a legal placement",
                              "fr": "{player} peut poser une carte Clan : on ne passe que si aucune carte ne peut être posée"},
    "record.returned_null": {"en": "a returned card is null but the hand is known",
                             "fr": "une carte remise sous la pioche est inconnue (null) alors que la main est connue"},
    "record.returned_deck": {"en": "an unseen returned card needs its deck in play.returned_decks",
                             "fr": "une carte remise sans être vue doit avoir sa pioche dans le champ \"returned_decks\" du coup"},
    "record.claim_twice": {"en": "claim lists a stone twice: {value}", "fr": "la revendication nomme deux fois la même borne : {value}"},
    "record.claim_list": {"en": "claim must be a list of stone numbers 1-9, not {value}",
                          "fr": "la revendication doit être une liste de numéros de bornes, de 1 à 9, et non {value}"},
    "record.claim_stone": {"en": "claim lists {value}; stones are numbered 1-9",
                           "fr": "la revendication nomme {value} ; les bornes sont numérotées de 1 à 9"},
    "record.player_name": {"en": "player must be 'south' or 'north', not {value}",
                           "fr": "le joueur doit être \"south\" ou \"north\", et non {value}"},
    "record.return_list": {"en": "return must list card codes, not {value}",
                           "fr": "\"return\" doit être une liste de codes de cartes, et non {value}"},
    "record.return_code": {"en": "return lists {value}; expected card codes",
                           "fr": "\"return\" contient {value}, qui n'est pas un code de carte"},
    "record.claimed_by": {"en": "stone {stone} is already claimed by {player}", "fr": "la borne {stone} est déjà revendiquée par {player}"},
    "record.claim_at": {"en": "stone {stone}: {problem}", "fr": "borne {stone} : {problem}"},
    "record.claim_incomplete": {"en": "{player}'s side is not complete ({have} of {capacity} cards)",
                                "fr": "le côté de {player} n'est pas complet ({have} sur {capacity})"},
    "record.claim_unproved": {"en": "not proved; {opponent} can still add {added} for a {counter}, beating {own}",
                              "fr": "rien n'est prouvé : {opponent} peut encore ajouter {added} pour {counter:indef}, qui bat {own:indef}"},
    "record.headhunter_count": {"en": "Headhunter draws {count} cards here (decks hold {clan} clan and {tactics} tactics), not {asked}",
                                "fr": "le Chasseur de tête pioche ici {count} (la pioche Clan en a {clan} et la pioche Tactique {tactics}), et non {asked}"},
    "record.headhunter_decks": {"en": "the decks hold {clan} clan and {tactics} tactics cards: cannot draw {decks}",
                                "fr": "la pioche Clan a {clan} et la pioche Tactique {tactics} : impossible de piocher {decks}"},
})  # fmt: skip
"""The rules of a turn the engine refuses (game/apply.py, ``play_problem``), en and fr."""


@dataclass(frozen=True, slots=True)
class CardCount:
    """A number of cards: the bare number in English (the phrase says "cards"), « 1 carte », « 3 cartes »
    in French (0 and 1 singular)."""

    n: int

    def in_words(self, lang: str = "en") -> str:
        return str(self.n) if check_lang(lang) == "en" else Count(self.n).in_words(lang)


@dataclass(frozen=True, slots=True)
class DeckName:
    """A deck by its code: ``clan``/``tactics`` in English, « Clan »/« Tactique » in French."""

    deck: str

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en" or self.deck not in ("clan", "tactics"):
            return self.deck
        return say(f"record.deck_name_{self.deck}", lang)


@dataclass(frozen=True, slots=True)
class DeckDraws:
    """The decks a Headhunter draws from: the list as the engine always wrote it in English
    (``['clan', 'tactics']``), « 2 cartes Clan et 1 carte Tactique » in French."""

    decks: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return str(list(self.decks))
        parts = [say("record.deck_cards", lang, count=Count(self.decks.count(deck)), deck=DeckName(deck))
                 for deck in ("clan", "tactics") if deck in self.decks]  # fmt: skip
        return join(parts, lang) if parts else say("record.deck_nothing", lang)


DECK_PHRASES = register({
    "record.deck_name_clan": {"en": "clan", "fr": "Clan"},
    "record.deck_name_tactics": {"en": "tactics", "fr": "Tactique"},
    "record.deck_cards": {"en": "{count} {deck}", "fr": "{count} {deck}"},
    "record.deck_nothing": {"en": "nothing", "fr": "aucune carte"},
})  # fmt: skip
"""A deck's name and the cards drawn from the decks (:class:`DeckName`, :class:`DeckDraws`)."""


def record_field(path: str) -> RecordField:
    """The field ``path`` of a :class:`~.errors.RecordError`, said in words (:class:`RecordField`)."""
    return RecordField(path)


_PLAIN = {"format": "record.f_format", "variant": "record.f_variant", "expert": "record.f_expert", "players": "record.f_players",
          "first": "record.f_first", "turns": "record.f_turns", "result": "record.f_result", "result.winner": "record.f_winner",
          "result.reason": "record.f_reason", "result.claimed": "record.f_claimed", "deal": "record.f_deal",
          "deal.hands": "record.f_hands", "deal.clan": "record.f_clan", "deal.tactics": "record.f_tactics",
          "rounds": "record.f_rounds", "score": "record.f_score"}  # fmt: skip
_INDEXED = re.compile(r"^(.*)\[(\d+)\]$")
_ROUND = re.compile(r"^rounds\[(\d+)\](?:\.(.*))?$")


def _field_fr(path: str, lang: str) -> str:
    if path in _PLAIN:
        return say(_PLAIN[path], lang)
    if path in ("deal.hands.south", "deal.hands.north"):
        return say("record.f_hand", lang, player=player(path.rsplit(".", 1)[1], lang))
    if m := _ROUND.match(path):
        here = say("record.f_round", lang, index=int(m.group(1)) + 1)
        return here if m.group(2) is None else f"{here}, {_field_fr(m.group(2), lang)}"
    if m := _INDEXED.match(path):
        where, index = m.group(1), int(m.group(2)) + 1
        if where == "turns":
            return say("record.f_turn", lang, index=index)
        if where == "result.claimed":
            return say("record.f_claimed_by", lang, index=index)
        return say("record.f_item", lang, where=_field_fr(where, lang), index=index)
    return say("record.f_field", lang, name=path)


__all__ = ["RECORD_PHRASES", "CardCount", "Code", "CodeList", "DeckDraws", "DeckName", "Players", "RecordField", "RuleName", "Shown", "Verbatim", "record_field"]
