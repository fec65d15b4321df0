"""Round robins and the first-player question, as tidy pandas tables for notebooks.

- :func:`round_robin`: every pair of bots plays ``games`` games on the engine, seats alternating
  (each bot starts half of them), from the same seeded deals; one row per ordered pair with the
  first bot's score, win rate and 95% Wilson interval, and seconds per move.
- :func:`ratings`: Elo-style ratings fitted to all the results (Bradley-Terry by maximum likelihood,
  scaled so that a 400-point gap means 10:1 odds, mean 1500). Estimates: they carry the sampling
  error of the win rates behind them.
- :func:`first_player`: how often the player who moves first wins between two copies of one bot.

A stalled game (the engine's "blocked": nobody can ever play or claim again) counts one half.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import TYPE_CHECKING

from ..bots import Bot
from .arena import match, timed_game, wilson

if TYPE_CHECKING:
    import pandas as pd

BotMaker = Callable[[int], Bot]
"""Builds a fresh bot for game number ``g`` (seed it from ``g`` for reproducible runs)."""


def round_robin(bots: Mapping[str, BotMaker], games: int, seed: int = 0, expert: bool = False) -> pd.DataFrame:
    """Every pair plays ``games`` games; rows for both orders of each pair (a's view)."""
    import pandas as pd

    rows = []
    for a, b in combinations(bots, 2):
        result = match(bots[a], bots[b], games, seed=seed, expert=expert)
        low, high = result.interval
        sec_a = result.seconds_a / max(result.decisions_a, 1)
        sec_b = result.seconds_b / max(result.decisions_b, 1)
        rows.append((a, b, games, result.wins, result.rate, low, high, sec_a))
        rows.append((b, a, games, games - result.wins, 1 - result.rate, 1 - high, 1 - low, sec_b))
    return pd.DataFrame(
        rows, columns=["bot", "opponent", "games", "score", "rate", "ci_low", "ci_high", "seconds_per_move"]
    )


def ratings(results: pd.DataFrame, iterations: int = 2000) -> pd.Series:
    """Elo-style ratings from a :func:`round_robin` table (Bradley-Terry, minorise-maximise fit, at
    most ``iterations`` rounds; each bot also gets one virtual drawn game against a fixed opponent,
    so that a clean sweep stays finite)."""
    import pandas as pd

    names = sorted(set(results["bot"]) | set(results["opponent"]))
    score = {n: 0.0 for n in names}
    games: dict[tuple[str, str], float] = {}
    for row in results.itertuples():
        score[str(row.bot)] += float(row.score)
        key = (str(row.bot), str(row.opponent))
        games[key] = games.get(key, 0.0) + float(row.games)
    strength = {n: 1.0 for n in names}
    for _ in range(iterations):
        updated = {}
        for n in names:
            denominator = sum(g / (strength[n] + strength[o]) for (b, o), g in games.items() if b == n)
            # a bot that never loses (or never wins) would run off to infinity: a prior of one drawn
            # game (half a point) against a fixed opponent of strength 1 keeps every rating finite
            updated[n] = (score[n] + 0.5) / (denominator + 1.0 / (strength[n] + 1.0)) if denominator else 1.0
        change = max(abs(math.log(updated[n] / strength[n])) for n in names)
        strength = updated
        if change < 1e-10:
            break
    mean_log = sum(math.log(v) for v in strength.values()) / len(strength)
    strength = {n: v / math.exp(mean_log) for n, v in strength.items()}
    elo = {n: 1500 + 400 * math.log10(strength[n]) for n in names}
    return pd.Series(elo, name="elo").sort_values(ascending=False)


def first_player(make: BotMaker, games: int, seed: int = 0, expert: bool = False) -> pd.DataFrame:
    """How often the first player wins when two copies of one bot play ``games`` seeded deals."""
    import pandas as pd

    first = 0.0
    for g in range(games):
        result = timed_game((make(2 * g), make(2 * g + 1)), seed, expert, index=g)
        first += 0.5 if result.winner < 0 else float(result.winner == 0)
    low, high = wilson(first, games)
    return pd.DataFrame(
        [(games, first, first / games, low, high)], columns=["games", "first_wins", "rate", "ci_low", "ci_high"]
    )
