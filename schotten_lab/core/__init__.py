"""The core: cards, formations, rules and positions. Imports nothing beyond numpy."""

from .cards import CARDS, FULL_DECK, Card, CardMask, Color, cards_of, mask_of, parse_cards
from .errors import (
    AnalysisError,
    CardError,
    IllegalPositionError,
    NotationError,
    PositionFormatError,
    SchottenError,
)
from .formations import Formation, Rank, best_completion, compare, evaluate, hand_table, rank_counts
from .position import Position
from .problem import Problem
from .stone import Stone
from .rules import BASE, BASE_EXPERT, PLAYERS, TACTICS, TACTICS_EXPERT, Player, RuleSet
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
    "Card",
    "CardError",
    "CardMask",
    "Color",
    "Formation",
    "IllegalPositionError",
    "NotationError",
    "Player",
    "Position",
    "PositionFormatError",
    "Problem",
    "Rank",
    "RuleSet",
    "SchottenError",
    "Stone",
    "Troop",
    "best_completion",
    "cards_of",
    "compare",
    "evaluate",
    "hand_table",
    "mask_of",
    "parse_cards",
    "rank_counts",
]
