"""Matches between bots on the engine (base or tactics variant, expert or not), with win-rate intervals.

Every game is played by the one game loop (:func:`~.loop.play_game`); the arena only times the bots
and summarises the records. Seats alternate: in game ``g`` the first bot is south, the player who
starts, when ``g`` is even; game ``g`` is played on the seeded deal ``(seed, g)``. A bot's illegal
turn raises :class:`~.loop.BotTurnError` naming the bot.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot
from ..core.position import Position
from ..core.rules import PLAYERS, Player
from ..game import Turn
from .loop import play_game


class Timed:
    """A bot counting its decisions and the seconds they take (what the arena reports per move)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = str(getattr(bot, "name", "?"))
        self.seconds = 0.0
        self.decisions = 0

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        started = time.perf_counter()
        try:
            return self.bot.decide(observation, history)
        finally:
            self.seconds += time.perf_counter() - started
            self.decisions += 1


def _seat(player: str | None) -> int:
    return -1 if player is None else PLAYERS.index(Player(player))


@dataclass
class GameResult:
    """One game summarised by seat: the winner (0 south, 1 north, -1 stalled), turns, decision
    seconds and decisions per seat (a Headhunter's put-back is a decision of its own), how it ended
    (``"five"``, ``"adjacent"``, ``"blocked"``) and each stone's owner at the end (-1 nobody)."""

    winner: int
    turns: int
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    reason: str | None = None
    claimed: tuple[int, ...] = ()

    @classmethod
    def of(cls, record: Mapping[str, Any], timed: Sequence[Timed] = ()) -> GameResult:
        """The summary of a game@1 record (and of the timed bots that played it, south's first)."""
        result = record["result"]
        return cls(
            winner=_seat(result["winner"]),
            turns=len(record["turns"]),
            seconds=[t.seconds for t in timed] or [0.0, 0.0],
            decisions=[t.decisions for t in timed] or [0, 0],
            reason=result["reason"],
            claimed=tuple(_seat(owner) for owner in result["claimed"]),
        )


def timed_game(bots: Sequence[Bot], seed: int, expert: bool = False, index: int = 0, variant: str = "base") -> GameResult:
    """Game ``index`` of the run ``seed`` (its seeded deal) played by the one loop, ``bots[0]``
    south and moving first, ``bots[1]`` north, summarised with each seat's decision time."""
    timed = [Timed(bot) for bot in bots]
    record = play_game(timed, seed, index, first=Player.SOUTH, variant=variant, expert=expert)
    return GameResult.of(record, timed)


def wilson(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    # clamp the rounding at p = 0 or 1: the interval always holds the observed rate
    return max(0.0, min(p, (centre - spread) / denominator)), min(1.0, max(p, (centre + spread) / denominator))


@dataclass
class MatchResult:
    """Bot A against bot B: A's score (a stalled game counts one half), games, interval, timing."""

    games: int
    wins: float
    first_player_wins: float
    seconds_a: float
    decisions_a: int
    seconds_b: float
    decisions_b: int

    def add(self, result: GameResult, a_seat: int) -> None:
        """Count one game in which bot A sat at ``a_seat`` (0 south, 1 north)."""
        self.games += 1
        self.wins += 0.5 if result.winner < 0 else float(result.winner == a_seat)
        self.first_player_wins += 0.5 if result.winner < 0 else float(result.winner == 0)
        self.seconds_a += result.seconds[a_seat]
        self.decisions_a += result.decisions[a_seat]
        self.seconds_b += result.seconds[1 - a_seat]
        self.decisions_b += result.decisions[1 - a_seat]

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def summary(self, a: str, b: str) -> str:
        low, high = self.interval
        per_a = self.seconds_a / max(self.decisions_a, 1)
        per_b = self.seconds_b / max(self.decisions_b, 1)
        return (
            f"{a} vs {b}: {self.wins:g}/{self.games} = {100 * self.rate:.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), {per_a:.3f} s/move ({a}), {per_b:.4f} s/move ({b})"
        )


def match(
    make_a: Callable[[int], Bot],
    make_b: Callable[[int], Bot],
    games: int,
    seed: int = 0,
    expert: bool = False,
    progress: Callable[[int, MatchResult], None] | None = None,
    variant: str = "base",
) -> MatchResult:
    """``games`` games, seats alternating; ``make_x(game)`` builds a fresh (seeded) bot per game."""
    out = MatchResult(0, 0.0, 0.0, 0.0, 0, 0.0, 0)
    for g in range(games):
        a, b = make_a(g), make_b(g)
        a_seat = g % 2
        bots = (a, b) if a_seat == 0 else (b, a)
        out.add(timed_game(bots, seed, expert, index=g, variant=variant), a_seat)
        if progress is not None:
            progress(g, out)
    return out
