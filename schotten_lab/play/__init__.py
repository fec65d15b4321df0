"""Many games at once: self-play, tournaments and studies, on top of ``bots``; every game is played
by the one game loop, :func:`play_game`."""

from .loop import BotTurnError, Matchup, bot_seed, opening_player, play_game
from .selfplay import SelfPlayError, Summary, selfplay, selfplay_lines, summarize

__all__ = [
    "BotTurnError",
    "Matchup",
    "SelfPlayError",
    "Summary",
    "bot_seed",
    "opening_player",
    "play_game",
    "selfplay",
    "selfplay_lines",
    "summarize",
]
