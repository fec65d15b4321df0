"""The one game loop: two bots play one deal to its end, giving its ``schotten-lab/game@1`` record.

Self-play, the arena, tournaments and studies all play their games here and only summarise the
records (OpenSpiel's ``evaluate_bots`` is the model). A bot sees only its seat's observation and
the turns so far as its seat saw them (:func:`~schotten_lab.game.seen_by`: the opponent's draws
hidden); the engine applies its answer and refuses an illegal one, raised here as
:class:`BotTurnError` naming the game, the turn, the seat and the bot.

Game ``index`` of a run with seed ``S`` is fixed by ``(S, index)`` alone: its deal is
``game.deal(S, index, variant)``, its first player :func:`opening_player` ``(index)`` (south for
even indices), and the bots of a :class:`Matchup` are seeded from ``(S, index, seat)``
(:func:`bot_seed`). A caller may give the deal, the first player or the bots themselves instead.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..core.rules import PLAYERS, Player
from ..game import Deal, IllegalTurnError, apply_turn, deal as seeded_deal, new_game, record_from_game, seen_by

MAX_DECISIONS = 1000
"""A game asking its bots for more decisions than this is a bug (a base game has at most 54
placements plus passes, a tactics game a few more)."""


class BotTurnError(RuntimeError):
    """A bot answered with a turn the engine refuses (or a game ran past :data:`MAX_DECISIONS`).

    ``seat`` and ``bot`` say who, ``turn`` the 1-based turn number, ``rule`` the engine's rule key
    (``None`` for a runaway game), ``decision`` the bot's answer as given.
    """

    def __init__(self, message: str, *, seat: Player, bot: str, turn: int, rule: str | None = None, decision: object = None) -> None:
        self.seat = seat
        self.bot = bot
        self.turn = turn
        self.rule = rule
        self.decision = decision
        super().__init__(message)


@dataclass(frozen=True)
class Matchup:
    """Two bots by registry name (with options) and the variant: what every game of a run shares."""

    south: str = "random"
    north: str = "random"
    variant: str = "base"
    expert: bool = False
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Extra bot options per seat (``{"south": {...}}``), passed to :func:`~schotten_lab.bots.make_bot`."""

    def bot(self, seat: Player, seed: int, index: int) -> Bot:
        """The bot of ``seat`` for game ``index``, seeded from ``(seed, index, seat)``."""
        name = self.south if seat is Player.SOUTH else self.north
        return make_bot(name, seed=bot_seed(seed, index, seat), **dict(self.options.get(seat.value, {})))


def bot_seed(seed: int, index: int, seat: Player) -> int:
    """A 64-bit seed for the bot of ``seat`` in game ``index`` (stable across processes and machines)."""
    digest = hashlib.sha256(f"schotten-lab/selfplay/{seed}/{index}/{seat.value}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def opening_player(index: int) -> Player:
    """Who moves first in game ``index`` of a run: south for even indices, north for odd ones."""
    return Player.SOUTH if index % 2 == 0 else Player.NORTH


def play_game(
    bots: Matchup | Sequence[Bot],
    seed: int = 0,
    index: int = 0,
    *,
    deal: Deal | None = None,
    first: Player | str | None = None,
    variant: str | None = None,
    expert: bool | None = None,
    names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Game ``index`` of the run with ``seed``, played to its end: its game@1 record (a dict).

    ``bots`` is a :class:`Matchup` (its bots built for this game, seeded from ``(seed, index,
    seat)``; it also gives the variant and the expert flag) or the two bots themselves, south's
    then north's. The deal is ``deal`` or the seeded deal ``(seed, index)``; the first player is
    ``first`` or :func:`opening_player` ``(index)``. ``names`` are the record's ``players`` (by
    default the matchup's names, or each bot's ``name``). A bot's illegal turn raises
    :class:`BotTurnError`.
    """
    if isinstance(bots, Matchup):
        if variant is not None or expert is not None:
            raise ValueError("variant, expert: a Matchup carries its own (leave them out)")
        seats = {seat: bots.bot(seat, seed, index) for seat in PLAYERS}
        variant, expert = bots.variant, bots.expert
        names = names or {"south": bots.south, "north": bots.north}
    else:
        if len(bots) != 2:
            raise ValueError(f"bots: expected two bots (south's, north's), not {len(bots)}")
        seats = dict(zip(PLAYERS, bots, strict=True))
        variant = variant or (deal.variant if deal is not None else "base")
        expert = bool(expert)
        names = names or {seat.value: str(getattr(bot, "name", "?")) for seat, bot in seats.items()}
    if deal is None:
        deal = seeded_deal(seed, index, variant)
    state = new_game(variant, expert, deal=deal, first=opening_player(index) if first is None else first)
    for _ in range(MAX_DECISIONS):
        if state.over:
            return record_from_game(state, players=names).to_dict()
        seat = state.to_move
        bot = seats[seat]
        decision = bot.decide(state.observation(seat), seen_by(state.turns, seat))
        try:
            state, _turn = apply_turn(state, decision)
        except (IllegalTurnError, ValueError, TypeError, KeyError, AttributeError) as exc:
            turn = len(state.turns) + 1
            name = str(getattr(bot, "name", "?"))
            raise BotTurnError(
                f"game {index}, turn {turn}: {name} ({seat.value}) decided an illegal turn {decision}: {exc}",
                seat=seat, bot=name, turn=turn, rule=getattr(exc, "rule", "format"), decision=decision,
            ) from exc  # fmt: skip
    seat = state.to_move
    name = str(getattr(seats[seat], "name", "?"))
    raise BotTurnError(f"game {index} ran past {MAX_DECISIONS} decisions", seat=seat, bot=name, turn=len(state.turns) + 1)


__all__ = ["MAX_DECISIONS", "BotTurnError", "Matchup", "bot_seed", "opening_player", "play_game"]
