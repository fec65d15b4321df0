"""Who chooses the turn: bots built on ``game`` and ``analysis``.

Every bot follows :class:`Bot` (``decide(observation, history) -> turn``) and is built by name
with :func:`make_bot`; a new bot joins the registry (and so ``schotten-lab bot`` and ``selfplay``)
with one :func:`register` line below.
"""

from .._names import reexports as _reexports
from .base import Bot as Bot, bot_names as bot_names, make_bot as make_bot, register as register
from .protocol import RequestError as RequestError, answer as answer, read_request as read_request, serve as serve
from .simple import (
    RandomBot as RandomBot,
    SideOdds as SideOdds,
    WeakGreedyBot as WeakGreedyBot,
    stone_chance as stone_chance,
)
from .greedy import GreedyBot as GreedyBot
from .budget import Budget as Budget
from .advisor import AdvisorBot as AdvisorBot, advise as advise, compare_turns as compare_turns
from .tactics_greedy import TacticsGreedyBot as TacticsGreedyBot

register("random", RandomBot)
register("greedy", GreedyBot)
register("greedy-weak", WeakGreedyBot)
register("greedy-tactics", TacticsGreedyBot)
register("advisor", AdvisorBot)

__all__ = sorted(_reexports(__file__))
