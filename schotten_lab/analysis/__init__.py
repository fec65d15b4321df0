"""Exact analysis of positions: claim proofs, card probabilities, formation odds, stone outcomes.

Depends on the core only; no Jupyter, widget or plotting import.
"""

from .board import BoardAnalysis, StoneAnalysis, analyze, format_report
from .claims import ClaimVerdict, claim
from .odds import (
    CompletionOdds,
    Outs,
    ReachableEstimate,
    completion_odds,
    outs,
    reachable,
    reachable_monte_carlo,
    still_possible,
)
from .outcome import Outcome, OutcomeEstimate, stone_outcome, stone_outcome_monte_carlo
from .viewer import ViewerOutcome, ViewerSideOdds, viewer_odds, viewer_outcome
from .pools import CardChance, card_probabilities, draws_left, hypergeometric, tactics_probabilities

__all__ = [
    "BoardAnalysis",
    "CardChance",
    "ClaimVerdict",
    "CompletionOdds",
    "Outcome",
    "OutcomeEstimate",
    "Outs",
    "ReachableEstimate",
    "ViewerOutcome",
    "ViewerSideOdds",
    "StoneAnalysis",
    "analyze",
    "card_probabilities",
    "claim",
    "completion_odds",
    "draws_left",
    "format_report",
    "hypergeometric",
    "outs",
    "reachable",
    "reachable_monte_carlo",
    "still_possible",
    "stone_outcome",
    "stone_outcome_monte_carlo",
    "tactics_probabilities",
    "viewer_odds",
    "viewer_outcome",
]
