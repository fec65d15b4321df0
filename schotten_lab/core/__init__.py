"""The core: cards, formations, rules and positions. Imports nothing beyond numpy."""

from .._names import reexports as _reexports
from .cards import (
    CARDS as CARDS,
    FULL_DECK as FULL_DECK,
    Card as Card,
    CardMask as CardMask,
    Color as Color,
    cards_of as cards_of,
    mask_of as mask_of,
    parse_cards as parse_cards,
)
from .errors import (
    AnalysisError as AnalysisError,
    ArgumentError as ArgumentError,
    CardError as CardError,
    ExportError as ExportError,
    IllegalPositionError as IllegalPositionError,
    NotationError as NotationError,
    OutputError as OutputError,
    PlayerError as PlayerError,
    PositionFormatError as PositionFormatError,
    RulesError as RulesError,
    SchottenError as SchottenError,
    TooLargeError as TooLargeError,
    UsageError as UsageError,
)
from .formations import (
    Formation as Formation,
    Rank as Rank,
    best_completion as best_completion,
    compare as compare,
    evaluate as evaluate,
    hand_table as hand_table,
    rank_counts as rank_counts,
)
from .position import Position as Position
from .problem import Problem as Problem
from .rules import (
    BASE as BASE,
    BASE_EXPERT as BASE_EXPERT,
    PLAYERS as PLAYERS,
    TACTICS as TACTICS,
    TACTICS_EXPERT as TACTICS_EXPERT,
    Player as Player,
    RuleSet as RuleSet,
)
from .stone import Stone as Stone
from .tactics import TACTICS_NAMES as TACTICS_NAMES, Troop as Troop

__all__ = sorted(_reexports(__file__))
