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
from typing import Any, Protocol, runtime_checkable

from ..core.position import Position
from ..core.rules import Player
from ..game import Turn


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


def make_bot(name: str, **options: Any) -> Bot:
    """A bot by name (``random``, ``greedy``, ...) with its options, e.g. ``make_bot("random", seed=3)``.

    Raises ``ValueError`` naming the known bots for an unknown name, and for options the bot does
    not take.
    """
    factory = _REGISTRY.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(bot_names())}")
    try:
        inspect.signature(factory).bind(**options)
    except TypeError:
        known = [p for p in inspect.signature(factory).parameters if p != "self"]
        unknown = sorted(set(options) - set(known)) or sorted(options)
        raise ValueError(f"bot {name!r}: bad options {unknown} (it takes: {', '.join(known) or 'none'})") from None
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
