"""The core: cards, formations, rules and positions. Imports nothing beyond numpy."""

from .cards import CARDS, FULL_DECK, Card, CardMask, Color, cards_of, mask_of, parse_cards
from .errors import (
    AnalysisError,
    ArgumentError,
    CardError,
    ExportError,
    IllegalPositionError,
    NotationError,
    OutputError,
    PlayerError,
    PositionFormatError,
    RulesError,
    SchottenError,
    TooLargeError,
    UsageError,
)
from .formations import Formation, Rank, best_completion, compare, evaluate, hand_table, rank_counts
from .position import Position
from .problem import Problem
from .rules import BASE, BASE_EXPERT, PLAYERS, TACTICS, TACTICS_EXPERT, Player, RuleSet
from .stone import Stone
from .tactics import TACTICS_NAMES, Troop

__all__ = [
    "BASE",
    "BASE_EXPERT",
    "CARDS",
    "FULL_DECK",
    "PLAYERS",
    "TACTICS",
    "TACTICS_EXPERT",
    "TACTICS_NAMES",
    "AnalysisError",
    "ArgumentError",
    "Card",
    "CardError",
    "CardMask",
    "Color",
    "ExportError",
    "Formation",
    "IllegalPositionError",
    "NotationError",
    "OutputError",
    "Player",
    "PlayerError",
    "Position",
    "PositionFormatError",
    "Problem",
    "Rank",
    "RuleSet",
    "RulesError",
    "SchottenError",
    "Stone",
    "TooLargeError",
    "Troop",
    "UsageError",
    "best_completion",
    "cards_of",
    "compare",
    "evaluate",
    "hand_table",
    "mask_of",
    "parse_cards",
    "rank_counts",
]
