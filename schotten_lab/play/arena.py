"""Matches between bots on the engine (base or tactics variant, expert or not), with win-rate intervals.

Each bot sees only its observation (``GameState.observation``) and answers with a turn dict
(docs/reference/formats.md, "A turn"); the engine applies it and refuses an illegal one (raised here as ``ValueError``
naming the bot). Extra fields of an answer (an estimate, reasons) are dropped before the engine
sees it. Seats alternate: in game ``g`` the first bot is south, the player who starts, when ``g``
is even; game ``g`` is played on the seeded deal ``(seed, g)``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.position import Position
from ..core.rules import Player
from ..game import IllegalTurnError, apply_turn, new_game


class Decider(Protocol):
    """Anything with the bots' ``decide(observation, history)`` method."""

    def decide(self, observation: Position, history: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]: ...


@dataclass
class GameResult:
    """One game: the winner (0 south, 1 north, -1 stalled), turns, decision seconds per seat, how it
    ended (``"five"``, ``"adjacent"``, ``"blocked"``) and each stone's owner at the end (-1 nobody)."""

    winner: int
    turns: int
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    reason: str | None = None
    claimed: tuple[int, ...] = ()


def play_game(bots: Sequence[Decider], seed: int, expert: bool = False, index: int = 0, variant: str = "base") -> GameResult:
    """Play one game on the engine, from the seeded deal ``(seed, index)``: ``bots[0]`` is south and
    moves first, ``bots[1]`` north. A bot's illegal turn raises ``ValueError`` naming the bot and the rule.
    A Headhunter's put-back is a decision of its own (``{"return": [...]}``), counted as one."""
    state = new_game(variant, expert, seed=seed, index=index)
    result = GameResult(-1, 0)
    while not state.over:
        p = 0 if state.to_move is Player.SOUTH else 1
        started = time.perf_counter()
        decision = bots[p].decide(state.observation(state.to_move))
        result.seconds[p] += time.perf_counter() - started
        result.decisions[p] += 1
        turn: dict[str, Any] = {key: decision[key] for key in ("player", "play", "claim", "deck", "return") if key in decision}
        try:
            state, _ = apply_turn(state, turn)
        except IllegalTurnError as exc:
            raise ValueError(f"bot {p} ({getattr(bots[p], 'name', '?')}): {exc}") from None
        result.turns += state.pending is None  # a Headhunter put-back ends the same turn
    result.winner = -1 if state.winner is None else (0 if state.winner is Player.SOUTH else 1)
    result.reason = state.reason
    result.claimed = tuple(-1 if owner is None else (0 if owner is Player.SOUTH else 1) for owner in state.claimed())
    return result


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
    make_a: Callable[[int], Decider],
    make_b: Callable[[int], Decider],
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
        out.add(play_game(bots, seed, expert, index=g, variant=variant), a_seat)
        if progress is not None:
            progress(g, out)
    return out
