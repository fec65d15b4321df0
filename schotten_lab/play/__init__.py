"""Many games at once: self-play, tournaments and studies, on top of ``bots``."""

from .selfplay import (
    Matchup,
    SelfPlayError,
    Summary,
    bot_seed,
    first_player,
    play_game,
    selfplay,
    selfplay_lines,
    summarize,
)

__all__ = [
    "Matchup",
    "SelfPlayError",
    "Summary",
    "bot_seed",
    "first_player",
    "play_game",
    "selfplay",
    "selfplay_lines",
    "summarize",
]
