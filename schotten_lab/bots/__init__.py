"""Who chooses the turn: bots built on ``game`` and ``analysis``.

Every bot follows :class:`Bot` (``decide(observation, history) -> turn``) and is built by name
with :func:`make_bot`; a new bot joins the registry (and so ``schotten-lab bot`` and ``selfplay``)
with one :func:`register` line below.
"""

from .base import Bot, bot_names, make_bot, register
from .protocol import RequestError, answer, read_request, serve
from .simple import RandomBot, SideOdds, WeakGreedyBot, stone_chance
from .greedy import GreedyBot
from .advisor import AdvisorBot, advise, compare_turns
from .tactics_greedy import TacticsGreedyBot

register("random", RandomBot)
register("greedy", GreedyBot)
register("greedy-weak", WeakGreedyBot)
register("greedy-tactics", TacticsGreedyBot)
register("advisor", AdvisorBot)

__all__ = [
    "AdvisorBot",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "RequestError",
    "SideOdds",
    "TacticsGreedyBot",
    "WeakGreedyBot",
    "advise",
    "answer",
    "bot_names",
    "compare_turns",
    "make_bot",
    "read_request",
    "register",
    "serve",
    "stone_chance",
]
