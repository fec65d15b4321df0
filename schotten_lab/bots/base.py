"""What every bot is: the :class:`Bot` protocol, the registry, and helpers shared by the bots.

A bot decides one turn from an **observation**: the position seen by the player to move (its own
hand known, the opponent's hand unknown), plus the turns so far if it wants them. It answers with
a :class:`~schotten_lab.game.Turn` as decided (``player``, ``play``, ``claim``, and ``deck`` in the
tactics variant; ``put_back`` answering a pending Headhunter), whose ``to_dict()`` is the turn of
docs/reference/formats.md, "A turn" without ``draw``. Bots never see the full game state, so they
cannot peek at hidden cards.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..core.position import Position
from ..core.errors import ArgumentError
from ..core.rules import Player
from ..core.words import Fact, check_lang
from ..core.words import register as register_phrases
from ..game import Turn
from ..game.record_words import CodeList, Shown


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses turns: ``decide(observation, history) -> Turn``; ``history`` is the turns
    so far (``Turn`` values in-process, their dicts from the line protocol)."""

    name: str

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        """The turn of ``observation.to_move`` as decided (a :class:`~schotten_lab.game.Turn`)."""
        ...


BotFactory = Callable[..., Bot]

_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make ``make_bot(name, **options)`` build ``factory(**options)`` (one line per bot)."""
    _REGISTRY[name] = factory


def bot_names() -> tuple[str, ...]:
    """The registered bot names, sorted."""
    return tuple(sorted(_REGISTRY))


MAKE_BOT_PHRASES = register_phrases({
    "bot_make.unknown": {"en": "unknown bot {name}: expected one of {names}", "fr": "bot inconnu {name} (bots possibles : {names})"},
    "bot_make.options": {"en": "bot {name}: bad options {unknown} (it takes: {takes})",
                         "fr": "bot {name} : il n'accepte pas {unknown} (ses options : {takes})"},
    "bot_make.none": {"en": "none", "fr": "aucune"},
})  # fmt: skip
"""A bot's refusal of its name or its options (en, fr)."""


@dataclass(frozen=True, slots=True)
class OptionList:
    """Options named in a refusal: the list as ``make_bot`` always wrote it in English (``['x']``),
    in guillemets after « n'accepte pas » in French (« x », « y » ni « z »)."""

    names: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return str(list(self.names))
        quoted = [CodeList((name,)).in_words(lang) for name in self.names]
        return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} ni {quoted[-1]}"


def make_bot(name: str, **options: Any) -> Bot:
    """A bot by name (``random``, ``greedy``, ...) with its options, e.g. ``make_bot("random", seed=3)``.

    Raises :class:`~..core.errors.ArgumentError` (a ``ValueError``, in words: :data:`MAKE_BOT_PHRASES`) naming the known bots for an unknown name, and for options the bot does
    not take.
    """
    factory = _REGISTRY.get(name)
    if factory is None:
        raise ArgumentError.of("bot_make.unknown", name=Shown(name), names=CodeList(bot_names()))
    try:
        inspect.signature(factory).bind(**options)
    except TypeError:
        known = [p for p in inspect.signature(factory).parameters if p != "self"]
        unknown = sorted(set(options) - set(known)) or sorted(options)
        takes = CodeList(tuple(known)) if known else Fact.of("bot_make.none")
        raise ArgumentError.of("bot_make.options", name=Shown(name), unknown=OptionList(tuple(unknown)), takes=takes) from None
    except ValueError:  # no signature to check: let the factory decide
        pass
    return factory(**options)


def seeded_rng(seed: int | None) -> random.Random:
    """The bot's own random generator: reproducible for an int seed, fresh entropy for ``None``."""
    return random.Random(seed)


def draw_deck(observation: Position, rng: random.Random) -> str | None:
    """A tactics-variant deck choice: a random non-empty deck, ``None`` when both are empty."""
    decks = [name for name, size in (("clan", observation.deck), ("tactics", observation.tactics_deck)) if size > 0]
    return rng.choice(decks) if decks else None


def mover(observation: Position) -> Player:
    """The player whose turn the observation asks for; their hand must be known."""
    player = observation.to_move
    if observation.hands[player] is None:
        raise ValueError(f"the observation does not show {player.value}'s hand (the player to move)")
    return player


__all__ = ["Bot", "BotFactory", "bot_names", "draw_deck", "make_bot", "mover", "register", "seeded_rng"]
