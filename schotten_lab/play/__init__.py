"""Many games at once: self-play, tournaments and studies, on top of ``bots``; every game is played
by the one game loop, :func:`play_game`."""

from .._names import reexports as _reexports
from .loop import (
    BotTurnError as BotTurnError,
    Matchup as Matchup,
    bot_seed as bot_seed,
    opening_player as opening_player,
    play_game as play_game,
)
from .selfplay import (
    SelfPlayError as SelfPlayError,
    Summary as Summary,
    selfplay as selfplay,
    selfplay_lines as selfplay_lines,
    summarize as summarize,
)

__all__ = sorted(_reexports(__file__))
