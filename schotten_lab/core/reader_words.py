"""The position readers' errors in words (English and French): bad JSON, a notation that does not
read, a field of the wrong type, a card code that names no card.

The readers (:mod:`.notation`, :mod:`.position_json`, :mod:`.load`, :mod:`.cards`, :mod:`.tactics`)
raise their errors with :meth:`~.errors.SchottenError.of` (a phrase key of :data:`READER_PHRASES`
and its fields): the English is the message they always had, word for word, and ``in_words("fr")``
says it in French. A user's value is quoted cut to :data:`~.errors.EXCERPT_CHARS` characters
(:class:`Quoted`: ``'R0'`` in English, « R0 » in French); a JSON value is said by its kind
(:class:`JsonKind`); a field's path is said in words in French (:func:`field_path`: « borne 2, côté
Sud, carte 1 »).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import EXCERPT_CHARS, excerpt
from .problem import PROBLEM_PHRASES  # noqa: F401  (its places: « borne 2, côté Sud », « main de Nord »)
from .words import NBSP, Fact, check_lang, number, player, register, say, tactic

READER_PHRASES = register({
    # where, in a notation
    "reader.at": {"en": "{where}: {problem}", "fr": "{where} : {problem}"},
    "reader.place": {"en": "{where} {text}", "fr": "{where} ({text})"},
    "reader.stone": {"en": "stone {stone}", "fr": "borne {stone}"},
    "reader.sub": {"en": "{where} {side}", "fr": "{where}, {side}"},
    "reader.side": {"en": "{player} side", "fr": "côté {player}"},
    "reader.hand": {"en": "{player} hand", "fr": "main de {player}"},
    "reader.discard": {"en": "discard", "fr": "défausse"},
    "reader.to_move": {"en": "player to move", "fr": "joueur qui joue"},
    # cards
    "reader.color_letter": {"en": "unknown colour letter {letter} (expected one of {letters})",
                            "fr": "lettre de couleur inconnue {letter} (les lettres sont {letters})"},
    "reader.card_index": {"en": "card index {index} is out of range 0..53", "fr": "l'indice de carte {index} n'est pas entre 0 et 53"},
    "reader.card_value": {"en": "card value {value} is out of range 1..9", "fr": "la valeur de carte {value} n'est pas entre 1 et 9"},
    "reader.card_not_text": {"en": "a card must be a string such as 'R8', not {value}",
                             "fr": "une carte s'écrit comme un texte, par exemple \"R8\", et non {value}"},
    "reader.card_unknown": {"en": "unknown card {text}: {why}", "fr": "carte inconnue {text} : {why}"},
    "reader.color_key": {"en": "R red, B blue, G green, Y yellow, P purple, N brown",
                         "fr": "R rouge, B bleu, G vert, Y jaune, P violet, N marron"},
    "reader.not_color": {"en": "{letter} is not a colour letter ({colors})", "fr": "{letter} n'est pas une lettre de couleur ({colors})"},
    "reader.not_value": {"en": "the value {digits} is not 1-9", "fr": "la valeur {digits} n'est pas entre 1 et 9"},
    "reader.no_value": {"en": "the colour letter {letter} has no value (1-9), e.g. {example}",
                        "fr": "la lettre de couleur {letter} n'a pas de valeur (de 1 à 9), par exemple {example}"},
    "reader.no_color": {"en": "the value has no colour letter ({colors}), e.g. 'R8'",
                        "fr": "la valeur n'a pas de lettre de couleur ({colors}), par exemple \"R8\""},
    "reader.card_shape": {"en": "a card is a colour letter ({colors}) and a value 1-9, e.g. 'R8'",
                          "fr": "une carte s'écrit avec une lettre de couleur ({colors}) et une valeur de 1 à 9, par exemple \"R8\""},
    "reader.troop_unknown": {"en": "unknown elite troop {kind}: expected JOKER, SPY or SHIELD",
                             "fr": "troupe d'élite inconnue {kind} : JOKER, SPY ou SHIELD attendu"},
    "reader.troop_range": {"en": "{code}: a {troop} is {range}", "fr": "{code} : {troop:le} est {range}"},
    "reader.range_JOKER": {"en": "any colour and value", "fr": "de n'importe quelle couleur et valeur"},
    "reader.range_SPY": {"en": "a 7 of any colour", "fr": "un 7 de n'importe quelle couleur"},
    "reader.range_SHIELD": {"en": "a 1, 2 or 3 of any colour", "fr": "un 1, un 2 ou un 3 de n'importe quelle couleur"},
    "reader.piece_not_text": {"en": "a card must be a string such as 'R8' or 'JOKER', not {value}",
                              "fr": "une carte s'écrit comme un texte, par exemple \"R8\" ou \"JOKER\", et non {value}"},
    "reader.not_troop": {"en": "{name} is not an elite troop; only JOKER, SPY and SHIELD lie on a side",
                         "fr": "{name:le} n'est pas une troupe d'élite ; seuls JOKER, SPY et SHIELD se posent sur un côté"},
    "reader.hand_identity": {"en": "{text}: a tactics card in a hand or the discard pile has no identity",
                             "fr": "{text} : une carte Tactique n'a pas d'identité dans une main ni dans la défausse"},
    "reader.tactics_in_notation": {"en": "{code} is a tactics card; add the word 'tactics' to the notation",
                                   "fr": "{code} est une carte Tactique : ajoutez le mot \"tactics\" à la notation"},
    "reader.tactics_in_base": {"en": "{code} is a tactics card; they belong to the tactics variant (\"variant\": \"tactics\")",
                               "fr": "{code} est une carte Tactique ; ces cartes appartiennent à la variante tactique (\"variant\" : \"tactics\")"},
    # the notation
    "reader.notation_not_text": {"en": "a position notation must be a string, not {type}",
                                 "fr": "une notation de position s'écrit comme un texte, et non comme un objet {type}"},
    "reader.notation_long": {"en": "{text}: too long for a position (at most {limit} characters)",
                             "fr": "{text} : trop long pour une position ({limit} caractères au plus)"},
    "reader.notation_fields": {"en": "{text}: expected at least 4 fields (stones, south hand, north hand, player to move), got {count}",
                               "fr": "{text} : il faut au moins 4 champs (les bornes, la main de Sud, la main de Nord, le joueur qui joue) ; il y en a {count}"},
    "reader.notation_extra": {"en": "unknown field {text}: expected 'dN' (deck size), 'expert', 'tactics', 'tN', 'pS:N' or 'x…'",
                              "fr": "champ inconnu {text} : \"dN\" (taille de la pioche), \"expert\", \"tactics\", \"tN\", \"pS:N\" ou \"x…\" attendu"},
    "reader.notation_need_tactics": {"en": "'tN', 'pS:N' and 'x…' (tactics deck, tactics played, discard) need the word 'tactics'",
                                     "fr": "\"tN\", \"pS:N\" et \"x…\" (pioche Tactique, cartes Tactique jouées, défausse) demandent le mot \"tactics\""},
    "reader.notation_stones": {"en": "{text}: expected {expected} stones separated by '/', got {count}",
                               "fr": "{text} : il faut {expected} bornes séparées par \"/\" ; il y en a {count}"},
    "reader.notation_unknown_hand": {"en": "{place}: an unknown hand is '?' and its size, e.g. '?6'",
                                     "fr": "{place} : une main inconnue s'écrit \"?\" suivi de sa taille, par exemple \"?6\""},
    "reader.notation_player": {"en": "{place}: expected 's' or 'n' (or 'south', 'north', any case)",
                               "fr": "{place} : \"s\" ou \"n\" attendu (ou \"south\", \"north\", en majuscules ou en minuscules)"},
    "reader.notation_deck": {"en": "a tactics position needs the clan deck size ('dN'): it cannot be derived",
                             "fr": "une position tactique demande la taille de la pioche Clan (\"dN\") : elle ne peut pas être déduite"},
    "reader.notation_ambiguous": {"en": "{text}: cannot tell where the last stone and the hands end; write the last stone's sides and each hand with their cards run together",
                                  "fr": "{text} : impossible de savoir où finissent la dernière borne et les mains ; écrivez les côtés de la dernière borne et chaque main avec leurs cartes collées"},
    "reader.notation_stone": {"en": "{place}: expected SOUTH-NORTH with cards run together, e.g. 'N8B8G8*-R9R7@s'",
                              "fr": "{place} : le côté de Sud, un tiret puis le côté de Nord sont attendus, cartes collées, par exemple \"N8B8G8*-R9R7@s\""},
    "reader.notation_first": {"en": "{place}: only one side can have completed first ('*')",
                              "fr": "{place} : un seul côté peut avoir été complété en premier (\"*\")"},
    "reader.notation_modes": {"en": "{place}: combat modes need the word 'tactics'", "fr": "{place} : les modes de combat demandent le mot \"tactics\""},
    "reader.notation_run": {"en": "{place}: expected card codes run together, e.g. 'R7R8R9' or 'R7[SPY]'",
                            "fr": "{place} : des codes de cartes collés sont attendus, par exemple \"R7R8R9\" ou \"R7[SPY]\""},
    "reader.notation_bracket": {"en": "{place}: {piece} has no closing ']'", "fr": "{place} : il manque le \"]\" qui ferme {piece}"},
    # the JSON document
    "reader.nothing": {"en": "nothing to read: give a JSON document or a notation line",
                       "fr": "rien à lire : donnez un document JSON ou une ligne de notation"},
    "reader.document_not_text": {"en": "a position document is text, not {type}",
                                 "fr": "un document de position est un texte, et non un objet {type}"},
    "reader.document_long": {"en": "{count} characters: too long for a position (at most {limit})",
                             "fr": "{count} caractères : trop long pour une position ({limit} au plus)"},
    "reader.not_utf8": {"en": "not UTF-8 text (bad byte at offset {offset})", "fr": "ce n'est pas du texte UTF-8 (octet invalide à la position {offset})"},
    "reader.bad_json": {"en": "not valid JSON: {message} at line {line} column {column}",
                        "fr": "ce n'est pas du JSON valide : {message}, ligne {line}, colonne {column}"},
    "reader.json_deep": {"en": "JSON nested too deeply to be a position", "fr": "JSON trop profondément imbriqué pour être une position"},
    "reader.not_position": {"en": "not a position: {what}", "fr": "ce n'est pas une position : {what}"},
    "reader.huge_number": {"en": "a number thousands of digits long", "fr": "un nombre de plusieurs milliers de chiffres"},
    "reader.not_object": {"en": "a position must be a JSON object, not {kind}", "fr": "une position doit être un objet JSON, et non {kind}"},
    "reader.unknown_field": {"en": "unknown field{more}", "fr": "ce champ n'existe pas{more}"},
    "reader.more_one": {"en": " (and {count} more unknown)", "fr": " (et {count} autre champ inconnu)"},
    "reader.more_many": {"en": " (and {count} more unknown)", "fr": " (et {count} autres champs inconnus)"},
    "reader.format": {"en": "is {value}; this version reads {format}", "fr": "vaut {value} ; cette version lit {format}"},
    "reader.variant": {"en": "is {value}; expected 'base' or 'tactics'", "fr": "vaut {value} ; \"base\" ou \"tactics\" attendu"},
    "reader.stones_missing": {"en": "is missing (a list of 9 stones)", "fr": "champ manquant (une liste de 9 bornes)"},
    "reader.stones_list": {"en": "must be a list of {count} stones, not {kind}", "fr": "doit être une liste de {count} bornes, et non {kind}"},
    "reader.stones_count_one": {"en": "has {count} entries; there are exactly {expected} stones",
                                "fr": "compte {count} élément ; il y a exactement {expected} bornes"},
    "reader.stones_count_many": {"en": "has {count} entries; there are exactly {expected} stones",
                                 "fr": "compte {count} éléments ; il y a exactement {expected} bornes"},
    "reader.deck_shape": {"en": "must be an object like {{'clan': 40, 'tactics': 0}}, not {kind}",
                          "fr": "doit être un objet avec \"clan\" et \"tactics\" (des nombres de cartes), et non {kind}"},
    "reader.deck_required": {"en": "is required in the tactics variant (it cannot be derived)",
                             "fr": "obligatoire dans la variante tactique (elle ne peut pas être déduite)"},
    "reader.translations_shape": {"en": "must be an object like {{'fr': {{'title': '...'}}}}, not {kind}",
                                  "fr": "doit être un objet dont chaque clé est une langue (\"fr\") et chaque valeur un objet avec \"title\" ou \"description\", et non {kind}"},
    "reader.translations_lang": {"en": "is not a language of the library ({langs})", "fr": "n'est pas une langue de la bibliothèque ({langs})"},
    "reader.translations_texts": {"en": "must be an object with 'title' and/or 'description', not {kind}",
                                  "fr": "doit être un objet avec \"title\" ou \"description\" (ou les deux), et non {kind}"},
    "reader.text": {"en": "must be text, not {kind}", "fr": "doit être un texte, et non {kind}"},
    "reader.stone_shape": {"en": "must be an object with 'south' and 'north', not {kind}",
                           "fr": "doit être un objet avec \"south\" et \"north\", et non {kind}"},
    "reader.modes_shape": {"en": "must be a list such as ['mud'] (at most {most}), not {shape}",
                           "fr": "doit être une liste comme [\"mud\"] ({most} modes au plus), et non {shape}"},
    "reader.list_of": {"en": "a list of {count}", "fr": "une liste de {count}"},
    "reader.mode": {"en": "is {value}; a combat mode is 'blind' or 'mud'", "fr": "vaut {value} ; un mode de combat s'écrit \"blind\" ou \"mud\""},
    "reader.mode_twice": {"en": "lists a combat mode twice (each exists once)",
                          "fr": "cite deux fois un mode de combat (chacun n'existe qu'en un exemplaire)"},
    "reader.modes_base": {"en": "combat modes belong to the tactics variant", "fr": "les modes de combat appartiennent à la variante tactique"},
    "reader.cards_shape": {"en": "must be a list of card codes such as ['R8', 'B3'], not {kind}",
                           "fr": "doit être une liste de codes de cartes comme [\"R8\", \"B3\"], et non {kind}"},
    "reader.cards_many": {"en": "lists {count} cards; there are only {most} cards in the game",
                          "fr": "compte {count} cartes ; le jeu n'en a que {most}"},
    "reader.card_code": {"en": "must be a card code such as 'R8', not {kind}", "fr": "doit être un code de carte comme \"R8\", et non {kind}"},
    "reader.player": {"en": "is {value}; expected 'south' or 'north' (or 's', 'n', any case)",
                      "fr": "vaut {value} ; \"south\" ou \"north\" attendu (ou \"s\", \"n\", en majuscules ou en minuscules)"},
    "reader.player_or_null": {"en": "is {value}; expected 'south' or 'north' (or 's', 'n', any case) or null",
                              "fr": "vaut {value} ; \"south\", \"north\" ou null attendu (ou \"s\", \"n\", en majuscules ou en minuscules)"},
    "reader.by_player_shape": {"en": "must be {shape}, not {kind}", "fr": "doit être {shape}, et non {kind}"},
    "reader.shape_hands": {"en": "an object with 'south' and 'north'", "fr": "un objet avec \"south\" et \"north\""},
    "reader.shape_played": {"en": "an object like {{'south': 1, 'north': 0}}",
                            "fr": "un objet avec \"south\" et \"north\" (des nombres de cartes)"},
    "reader.player_key": {"en": "unknown field (a player: 'south' or 'north', or 's', 'n', any case)",
                          "fr": "ce champ n'existe pas (on attend un joueur : \"south\" ou \"north\", ou \"s\", \"n\", en majuscules ou en minuscules)"},
    "reader.player_twice": {"en": "gives {player} twice (as {first} and {second})", "fr": "donne deux fois {player} (sous {first} et sous {second})"},
    "reader.whole": {"en": "must be a whole number, not {kind}", "fr": "doit être un nombre entier, et non {kind}"},
    "reader.count_range": {"en": "is {value}; a count of cards is a whole number from 0 to {most}",
                           "fr": "vaut {value} ; un nombre de cartes est un entier de 0 à {most}"},
    "reader.must_be": {"en": "must be {expected}, not {kind}", "fr": "doit être {expected}, et non {kind}"},
    "reader.kind_str": {"en": "a string", "fr": "un texte"},
    "reader.kind_bool": {"en": "true or false", "fr": "true ou false"},
    "reader.kind_int": {"en": "a whole number", "fr": "un nombre entier"},
    "reader.kind_list": {"en": "a list", "fr": "une liste"},
    "reader.kind_dict": {"en": "an object", "fr": "un objet"},
    # a JSON value, in French (English: errors.json_kind's words)
    "reader.null": {"en": "null", "fr": "null"},
    "reader.the_boolean": {"en": "the boolean {value}", "fr": "le booléen {value}"},
    "reader.the_number": {"en": "the number {value}", "fr": "le nombre {value}"},
    "reader.the_string": {"en": "the string {value}", "fr": "le texte {value}"},
    "reader.empty_string": {"en": "the string ''", "fr": "un texte vide"},
    "reader.digits": {"en": "a number of about {count} digits", "fr": "un nombre d'environ {count} chiffres"},
    "reader.characters": {"en": "{text}… ({count} characters)", "fr": "{text}… ({count} caractères)"},
    # the JSON reader's own messages (json.JSONDecodeError.msg), in French
    "reader.json_Expecting value": {"en": "Expecting value", "fr": "une valeur est attendue"},
    "reader.json_Expecting ',' delimiter": {"en": "Expecting ',' delimiter", "fr": "une virgule est attendue"},
    "reader.json_Expecting ':' delimiter": {"en": "Expecting ':' delimiter", "fr": "un deux-points est attendu"},
    "reader.json_Expecting property name enclosed in double quotes": {"en": "Expecting property name enclosed in double quotes",
                                                                      "fr": "un nom de champ entre guillemets droits est attendu"},
    "reader.json_Unterminated string starting at": {"en": "Unterminated string starting at", "fr": "un texte entre guillemets n'est pas refermé"},
    "reader.json_Invalid control character at": {"en": "Invalid control character at", "fr": "caractère de contrôle interdit dans un texte"},
    "reader.json_Invalid \\escape": {"en": "Invalid \\escape", "fr": "séquence d'échappement invalide"},
    "reader.json_Invalid \\uXXXX escape": {"en": "Invalid \\uXXXX escape", "fr": "séquence \\uXXXX invalide"},
    "reader.json_Extra data": {"en": "Extra data", "fr": "il reste des données après la fin du document"},
    "reader.json_Illegal trailing comma before end of object": {"en": "Illegal trailing comma before end of object",
                                                                "fr": "une virgule de trop avant la fin de l'objet"},
    "reader.json_Illegal trailing comma before end of array": {"en": "Illegal trailing comma before end of array",
                                                               "fr": "une virgule de trop avant la fin de la liste"},
    # where, in a JSON document (French; English keeps the field's path)
    "reader.field": {"en": "{name}", "fr": "champ « {name} »"},
    "reader.in_field": {"en": "{where}.{name}", "fr": "{where}, champ « {name} »"},
    "reader.item": {"en": "{where}[{index}]", "fr": "{where}, carte {index}"},
    "reader.mode_item": {"en": "{where}[{index}]", "fr": "{where}, mode {index}"},
    "reader.stone_index": {"en": "stones[{index}]", "fr": "borne {index}"},
    "reader.hands": {"en": "hands", "fr": "mains"},
    "reader.sizes": {"en": "hand_sizes", "fr": "tailles des mains"},
    "reader.decks": {"en": "deck", "fr": "pioches"},
    "reader.translations": {"en": "translations", "fr": "traductions"},
    "reader.translation": {"en": "translations.{language}", "fr": "traduction « {language} »"},
    "reader.f_format": {"en": "format", "fr": "format"},
    "reader.f_variant": {"en": "variant", "fr": "variante"},
    "reader.f_expert": {"en": "expert", "fr": "variante expert"},
    "reader.f_to_move": {"en": "to_move", "fr": "joueur qui joue"},
})  # fmt: skip
"""The readers' messages (en, fr): the English is each message as the readers always wrote it."""


@dataclass(frozen=True, slots=True)
class Quoted:
    """A user's value quoted in a message, cut short: ``'R0'`` (:func:`~.errors.excerpt`) / « R0 »."""

    value: object

    def in_words(self, lang: str = "en") -> str:
        value = self.value
        if check_lang(lang) == "en":
            return excerpt(value)
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
            return say("reader.digits", lang, count=int(value.bit_length() * 0.30103) + 1)
        if isinstance(value, str):
            if len(value) <= EXCERPT_CHARS:
                return f"«{NBSP}{value}{NBSP}»"
            return say("reader.characters", lang, text=f"«{NBSP}{value[:EXCERPT_CHARS]}", count=len(value)).replace(
                "…", f"…{NBSP}»", 1
            )
        if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) < 1e15:
            return number(value, lang)
        return JsonKind(value).in_words(lang)


@dataclass(frozen=True, slots=True)
class JsonKind:
    """What a JSON value is, in a few words: "the string 'R8'", "a list" / « le texte « R8 » », « une liste »."""

    value: object

    def in_words(self, lang: str = "en") -> str:
        from .position_json import json_kind

        value = self.value
        if check_lang(lang) == "en":
            return json_kind(value)
        if value is None:
            return say("reader.null", lang)
        if isinstance(value, bool):
            return say("reader.the_boolean", lang, value=str(value).lower())
        if isinstance(value, int) and value.bit_length() > 64:
            return Quoted(value).in_words(lang)
        if isinstance(value, int | float):
            return say("reader.the_number", lang, value=number(value, lang) if abs(value) < 1e15 else excerpt(value))
        if isinstance(value, str):
            return say("reader.the_string", lang, value=Quoted(value)) if value else say("reader.empty_string", lang)
        if isinstance(value, list):
            return say("reader.kind_list", lang)
        if isinstance(value, Mapping):
            return say("reader.kind_dict", lang)
        return type(value).__name__


@dataclass(frozen=True, slots=True)
class TroopWord:
    """An elite troop's name in a sentence: ``spy`` (its code in lower case) / « Espion »."""

    kind: str

    def in_words(self, lang: str = "en") -> str:
        return self.kind.lower() if check_lang(lang) == "en" else tactic(self.kind, lang)


@dataclass(frozen=True, slots=True)
class JsonMessage:
    """The JSON reader's own message (``Expecting value``), in French when it is a known one."""

    message: str

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return self.message
        key = f"reader.json_{self.message}"
        return say(key, lang) if key in READER_PHRASES else self.message


def more_unknown(count: int) -> object:
    """`` (and 2 more unknown)`` after "unknown field" when ``count`` fields are unknown (else nothing)."""
    if count <= 1:
        return ""
    return Fact.of("reader.more_one" if count == 2 else "reader.more_many", count=count - 1)


_PLAIN_FIELDS = {"format": "reader.f_format", "variant": "reader.f_variant", "expert": "reader.f_expert",
                 "to_move": "reader.f_to_move", "stones": "problem.stones", "hands": "reader.hands",
                 "hand_sizes": "reader.sizes", "deck": "reader.decks", "discard": "problem.discard",
                 "tactics_played": "problem.played", "translations": "reader.translations",
                 "deck.clan": "problem.deck_clan", "deck.tactics": "problem.deck_tactics"}  # fmt: skip
_INDEX = re.compile(r"^(.*)\[(\d+)\]$")
_STONE = re.compile(r"^stones\[(\d+)\](?:\.(.*))?$")
_BY_PLAYER = re.compile(r"^(hands|hand_sizes|tactics_played)\.(.*)$")
_TRANSLATION = re.compile(r"^translations\.('(?:[^']|\\')*'|\"[^\"]*\"|[^.]*)(?:\.(.*))?$")


@dataclass(frozen=True, slots=True)
class FieldPath:
    """A field's path in a position document: ``stones[1].south[0]`` in English (as the readers always
    wrote it), « borne 2, côté Sud, carte 1 » in French."""

    path: str

    def in_words(self, lang: str = "en") -> str:
        return self.path if check_lang(lang) == "en" else _path_fr(self.path, lang)


def field_path(path: str) -> FieldPath:
    """The field ``path`` of a :class:`~.errors.PositionFormatError`, said in words (:class:`FieldPath`)."""
    return FieldPath(path)


def _unquote(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"" else text


def _stone_fr(m: re.Match[str], lang: str) -> str:
    stone = say("reader.stone_index", lang, index=int(m.group(1)) + 1)
    part = m.group(2)
    if part is None:
        return stone
    if part in ("south", "north"):
        return say("problem.stone_side", lang, stone=int(m.group(1)) + 1, player=player(part, lang))
    known = {"claimed": "problem.stone_claimed", "first_complete": "problem.stone_first", "modes": "problem.stone_modes"}
    if part in known:
        return say(known[part], lang, stone=int(m.group(1)) + 1)
    return say("reader.in_field", lang, where=stone, name=part)


def _path_fr(path: str, lang: str) -> str:
    if path in _PLAIN_FIELDS:
        return say(_PLAIN_FIELDS[path], lang)
    stone_match = _STONE.match(path)
    if stone_match and "[" not in (stone_match.group(2) or ""):
        return _stone_fr(stone_match, lang)
    if m := _INDEX.match(path):
        where, index = m.group(1), int(m.group(2)) + 1
        key = "reader.mode_item" if where.endswith(".modes") else "reader.item"
        return say(key, lang, where=_path_fr(where, lang), index=index)
    if m := _BY_PLAYER.match(path):
        group, key = m.groups()
        if key in ("south", "north"):
            which = {"hands": "problem.hand", "hand_sizes": "problem.hand_size", "tactics_played": "problem.played_by"}[group]
            return say(which, lang, player=player(key, lang))
        return say("reader.in_field", lang, where=say(_PLAIN_FIELDS[group], lang), name=key)
    if m := _TRANSLATION.match(path):
        here = say("reader.translation", lang, language=_unquote(m.group(1)))
        return here if m.group(2) is None else say("reader.in_field", lang, where=here, name=m.group(2))
    if path.startswith("deck."):
        return say("reader.in_field", lang, where=say("reader.decks", lang), name=path[5:])
    return say("reader.field", lang, name=path)


__all__ = ["READER_PHRASES", "FieldPath", "JsonKind", "JsonMessage", "Quoted", "TroopWord", "field_path", "more_unknown"]
