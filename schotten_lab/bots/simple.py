"""The simple reference bots: ``random`` and ``greedy-weak`` (the strong ``greedy`` is :mod:`.greedy`).

- :class:`RandomBot`: a uniformly random legal play; it claims every stone it can prove; in the
  tactics variant it draws from a random non-empty deck.
- :class:`WeakGreedyBot` (``greedy-weak``, the project's ``greedy`` until issue 19): one move deep, the play that claims most and most raises the mover's chance of
  winning the stone it is played on, counted from the library's exact completion tables (heuristic
  in the class docstring); claims like ``random``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from ..analysis.outcome import stone_outcome
from ..core.cards import Card, CardMask
from ..core.formations import STRENGTH_BASE
from ..core.position import Position, Stone
from ..core.rules import Player, holds_winning_set
from ..core.sides import side_completions
from ..core.tactics import Piece
from ..game import GameState, Play, Turn, claimable_stones, headhunter_returns
from .base import mover, seeded_rng
from .turns import after_play, build_turn, seen_state

CLAIM_BONUS = 1.0
"""Greedy: what a stone claimable right after the play is worth (a certain stone)."""
WIN_SCORE = 1000.0
"""Greedy: a play whose claims win the game."""


class RandomBot:
    """Uniformly random legal plays; claims every provable stone. ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = seeded_rng(seed)

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        if pending_returns(observation) is not None:
            choice = self.rng.choice(headhunter_returns(observation) or ((),))
            return Turn(observation.to_move, put_back=tuple(str(c) for c in choice))
        return build_turn(observation, lambda _position, plays: self.rng.choice(plays), self.rng)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


def pending_returns(observation: Position) -> int | None:
    """How many cards a pending Headhunter asks the player to put back (``None``: an ordinary turn;
    it may be 0 when the decks ran short)."""
    pending = getattr(observation, "pending", None)
    return int(pending.returns) if pending is not None else None


def stone_chance(position: Position, stone: int, player: Player, pool: CardMask | None = None) -> Fraction:
    """``player``'s exact chance of winning ``stone`` when the open sides are completed at random
    with disjoint cards of ``pool`` (default: the cards ``player`` does not see, its viewer pool);
    a tie decided by completion order counts one half. (The library's :func:`stone_outcome`.)"""
    out = stone_outcome(position, stone, pool=position.viewer_pool(player) if pool is None else pool)
    return out[player] + out.tie / 2


SideKey = tuple[tuple[str, ...], int, bool]
STRENGTHS = 6 * STRENGTH_BASE
"""Strengths are below this (rank * STRENGTH_BASE + sum, rank 1-5)."""


class SideOdds:
    """Each side's exact completion strengths for one pool, memoised for one decision."""

    def __init__(self, pool: CardMask) -> None:
        self.pool = pool
        self.memo: dict[SideKey, np.ndarray] = {}

    def histogram(self, side: tuple[Piece, ...], capacity: int, blind: bool) -> np.ndarray:
        """How many completions of ``side`` from the pool reach each strength (index = strength)."""
        key = (tuple(sorted(str(p) for p in side)), capacity, blind)
        found = self.memo.get(key)
        if found is None:
            done = side_completions(side, self.pool, capacity=capacity, blind=blind, ordered=False)
            found = self.memo[key] = np.bincount(done.strengths, minlength=STRENGTHS).astype(np.float64)
        return found

    def chance(self, stone: Stone, player: Player) -> float:
        """``player``'s chance of winning ``stone``, its side and the opponent's completed from the
        pool as if independently (they may share a card here; the exact :func:`stone_chance`
        forbids it). A full tie goes to the side complete first, else counts one half."""
        capacity, blind = stone.capacity, stone.blind
        mine = self.histogram(stone.side(player), capacity, blind)
        theirs = self.histogram(stone.side(player.opponent), capacity, blind)
        n_mine, n_theirs = mine.sum(), theirs.sum()
        if n_mine == 0 or n_theirs == 0:
            return 0.0 if n_mine == 0 else 1.0
        below = np.cumsum(theirs) - theirs  # completions of theirs strictly weaker than each strength
        done = [p for p in (player, player.opponent) if len(stone.side(p)) >= capacity]
        tie_share = (1.0 if (stone.first_complete or done[0]) is player else 0.0) if done else 0.5
        return float(mine @ (below + tie_share * theirs)) / float(n_mine * n_theirs)


class WeakGreedyBot:
    """One-move greedy play on the library's exact stone odds (``greedy-weak``; ``greedy`` before
    issue 19, when the strong heuristic of :mod:`.greedy` took the name: it wins about 9 games in
    10 against this one). Kept as a weaker sparring partner and as the tactics variant's greedy.

    For each legal play it scores the table the play leaves, from the mover's seat:

    - a play after which the mover's provable claims win the game scores above everything;
    - plus 1 for every stone the mover could then claim (base game: this very turn; expert: at the
      start of its next turn, unless the opponent changes that stone);
    - plus the change in the mover's chance of winning the stone played on: both sides completed
      uniformly at random from the cards the mover does not see, each side's completions counted
      exactly (the library's completion tables, as in ``completion_odds``) and the two sides combined
      as if independent (:meth:`SideOdds.chance`; the exact joint count, :func:`stone_chance`, is
      about five times slower over whole games). A full tie goes to the side complete first,
      else counts one half. For a combat mode that is its stone's change too; ruses score by their
      claims only.

    It plays the best score, ties broken at random (``seed``), and claims every stone it can prove.
    In the tactics variant it draws from a random non-empty deck, and after a Headhunter puts back
    its lowest clan cards (tactics cards last).
    """

    name = "greedy-weak"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = seeded_rng(seed)

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        returns = pending_returns(observation)
        if returns is not None:
            player = mover(observation)
            hand = list(observation.hands[player] or ())
            hand.sort(key=lambda c: (0, c.value) if isinstance(c, Card) else (1, 0))
            return Turn(player, put_back=tuple(str(c) for c in hand[:returns]))
        return build_turn(observation, self.choose, self.rng)

    def choose(self, position: Position, plays: Sequence[Play]) -> Play:
        """The best-scoring play (ties at random)."""
        player = position.to_move
        odds = SideOdds(position.viewer_pool(player))
        seen = seen_state(position)
        before: dict[int, float] = {}
        best: list[Play] = []
        best_score: float | None = None
        for play in plays:
            score = self.score(position, seen, play, odds, before)
            if best_score is None or score > best_score:
                best, best_score = [play], score
            elif score == best_score:
                best.append(play)
        return self.rng.choice(best)

    def score(self, position: Position, seen: GameState, play: Play, odds: SideOdds, before: dict[int, float]) -> float:
        """The heuristic score of one play (see the class docstring); ``seen`` is the position as an
        engine state (:func:`~.turns.seen_state`), ``before`` the stones' chances before the play."""
        player = position.to_move
        after = after_play(seen, play)
        claims = claimable_stones(after, player)
        if holds_winning_set(set(after.stones_held(player)) | set(claims)):
            return WIN_SCORE
        score = CLAIM_BONUS * len(claims)
        stone = play.stone if play.kind in ("clan", "troop", "mode") else None
        if stone is not None and stone not in claims:
            if stone not in before:
                before[stone] = odds.chance(position.stone(stone), player)
            score += odds.chance(after.stone(stone), player) - before[stone]
        return score

    def __repr__(self) -> str:
        return f"WeakGreedyBot(seed={self.seed!r})"


__all__ = ["RandomBot", "WeakGreedyBot", "SideOdds", "pending_returns", "stone_chance"]


def __getattr__(name: str) -> Any:
    """``simple.GreedyBot``, where it lived before issue 19, is the strong greedy of :mod:`.greedy` now."""
    if name == "GreedyBot":
        from .greedy import GreedyBot

        return GreedyBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
