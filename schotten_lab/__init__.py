"""schotten_lab: exact strategy analysis for the card game Schotten Totten.

    >>> from schotten_lab import Position, analyze, claim
    >>> p = Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 n")
    >>> claim(p, 1, "south").claimable
    False
"""

from .analysis import (
    BoardAnalysis,
    ClaimVerdict,
    analyze,
    card_probabilities,
    claim,
    completion_odds,
    draws_left,
    outs,
    reachable,
    still_possible,
    stone_outcome,
    stone_outcome_monte_carlo,
    viewer_odds,
    viewer_outcome,
)
from .core import (
    BASE,
    BASE_EXPERT,
    TACTICS,
    TACTICS_EXPERT,
    Card,
    Color,
    Formation,
    Player,
    Position,
    Rank,
    RuleSet,
    SchottenError,
    Stone,
    Troop,
    evaluate,
    parse_cards,
)

__version__ = "0.1.0"

__all__ = [
    "BASE",
    "BASE_EXPERT",
    "TACTICS",
    "TACTICS_EXPERT",
    "BoardAnalysis",
    "Card",
    "ClaimVerdict",
    "Color",
    "Formation",
    "Player",
    "Position",
    "Rank",
    "RuleSet",
    "SchottenError",
    "Stone",
    "Troop",
    "analyze",
    "card_probabilities",
    "claim",
    "completion_odds",
    "draws_left",
    "evaluate",
    "outs",
    "parse_cards",
    "reachable",
    "still_possible",
    "stone_outcome",
    "stone_outcome_monte_carlo",
    "viewer_odds",
    "viewer_outcome",
]
