"""A rule a position breaks, as a value: the field it concerns and what is wrong.

:mod:`.legality` finds them; it lives apart so that :class:`~.position.Position` can name it while
the checks themselves import the position.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field as _field

from .errors import ITEM_CHARS, MESSAGE_ITEMS, _cut

from .words import player, register, render, say


@dataclass(frozen=True, slots=True)
class Problem:
    """One rule broken by a position: the field it concerns and what is wrong.

    ``kind`` names the few problems callers treat apart (``"refill"``: a hand short of the refill
    while the deck lasts, which is the position at the claim moment, between placing and drawing;
    ``"over-limit"``: a hand above the limit, as after a Headhunter's draws, before its put-back).
    """

    field: str
    message: str
    kind: str = ""
    fact: object = _field(default=None, compare=False)
    """The message as a :class:`~schotten_lab.core.words.Fact` (``message`` is its English), for :meth:`in_words`."""

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"

    def in_words(self, lang: str = "en") -> str:
        """The problem in ``lang``: ``stones[3].south: has 4 cards…`` / « borne 4, côté Sud : compte 4 cartes… »."""
        if lang == "en" or self.fact is None:
            return str(self)
        return say("problem.line", lang, where=field_words(self.field, lang), what=render(self.fact, lang))


PROBLEM_PHRASES = register({
    "problem.line": {"en": "{where}: {what}", "fr": "{where} : {what}"},
    "problem.illegal": {"en": "illegal position: {problems}", "fr": "position illégale : {problems}"},
    "problem.more": {"en": "and {count} more", "fr": "et {count} autres"},
    "problem.stones": {"en": "stones", "fr": "bornes"},
    "problem.stone": {"en": "stone {stone}", "fr": "borne {stone}"},
    "problem.stone_side": {"en": "stone {stone}, {player} side", "fr": "borne {stone}, côté {player}"},
    "problem.stone_claimed": {"en": "stone {stone}, claim", "fr": "borne {stone}, revendication"},
    "problem.stone_first": {"en": "stone {stone}, first complete side", "fr": "borne {stone}, premier côté complet"},
    "problem.stone_modes": {"en": "stone {stone}, combat modes", "fr": "borne {stone}, modes de combat"},
    "problem.hand": {"en": "{player} hand", "fr": "main de {player}"},
    "problem.hand_size": {"en": "{player} hand size", "fr": "taille de la main de {player}"},
    "problem.discard": {"en": "discard pile", "fr": "défausse"},
    "problem.deck_clan": {"en": "clan deck", "fr": "pioche Clan"},
    "problem.deck_tactics": {"en": "tactics deck", "fr": "pioche Tactique"},
    "problem.played": {"en": "tactics cards played", "fr": "cartes Tactique jouées"},
    "problem.played_by": {"en": "tactics cards played by {player}", "fr": "cartes Tactique jouées par {player}"},
})  # fmt: skip
"""Where a problem is, in words (in English :func:`field_words` keeps the field path, which the English here describes)."""

def illegal_words(problems: Iterable[object], lang: str = "en") -> str:
    """An illegal position's problems in ``lang``, each distinct one once with its count, at most
    :data:`~.errors.MESSAGE_ITEMS` (as :func:`~.errors.summarize` writes them in English)."""
    counts = Counter(_cut(render(p, lang), ITEM_CHARS) for p in problems)
    shown = [f"{text} (×{n})" if n > 1 else text for text, n in list(counts.items())[:MESSAGE_ITEMS]]
    hidden = sum(list(counts.values())[MESSAGE_ITEMS:])
    if hidden:
        shown.append(say("problem.more", lang, count=hidden))
    return say("problem.illegal", lang, problems=("\u00a0; " if lang == "fr" else "; ").join(shown))


_FIELD = re.compile(r"^stones\[(\d)\](?:\.(south|north|claimed|first_complete|modes))?$|^(hands|hand_sizes|tactics_played)\.(south|north)$")
_PLAIN = {"stones": "problem.stones", "discard": "problem.discard", "deck.clan": "problem.deck_clan",
          "deck.tactics": "problem.deck_tactics", "tactics_played": "problem.played"}


def field_words(path: str, lang: str = "en") -> str:
    """A problem's field in words: ``stones[3].south`` / « borne 4, côté Sud », ``hands.north`` / « main
    de Nord » (an unknown path as it is)."""
    if lang == "en":
        return path
    if path in _PLAIN:
        return say(_PLAIN[path], lang)
    m = _FIELD.match(path)
    if m is None:
        return path
    if m.group(1) is not None:
        index, part = int(m.group(1)), m.group(2)
        if part in ("south", "north"):
            return say("problem.stone_side", lang, stone=index + 1, player=player(part, lang))
        key = {"claimed": "problem.stone_claimed", "first_complete": "problem.stone_first", "modes": "problem.stone_modes"}.get(part or "", "problem.stone")
        return say(key, lang, stone=index + 1)
    key = {"hands": "problem.hand", "hand_sizes": "problem.hand_size", "tactics_played": "problem.played_by"}[m.group(3)]
    return say(key, lang, player=player(m.group(4), lang))


__all__ = ["PROBLEM_PHRASES", "Problem", "field_words", "illegal_words"]
