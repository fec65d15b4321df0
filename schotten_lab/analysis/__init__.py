"""Exact analysis of positions: claim proofs, card probabilities, formation odds, stone outcomes.

Depends on the core only; no Jupyter, widget or plotting import.
"""

from .._names import reexports as _reexports
from .board import (
    BoardAnalysis as BoardAnalysis,
    StoneAnalysis as StoneAnalysis,
    analyze as analyze,
    format_report as format_report,
)
from .claims import ClaimVerdict as ClaimVerdict, claim as claim
from .odds import (
    CompletionOdds as CompletionOdds,
    Outs as Outs,
    ReachableEstimate as ReachableEstimate,
    completion_odds as completion_odds,
    outs as outs,
    reachable as reachable,
    reachable_monte_carlo as reachable_monte_carlo,
    still_possible as still_possible,
)
from .outcome import (
    Outcome as Outcome,
    OutcomeEstimate as OutcomeEstimate,
    stone_outcome as stone_outcome,
    stone_outcome_monte_carlo as stone_outcome_monte_carlo,
)
from .viewer import (
    ViewerOutcome as ViewerOutcome,
    ViewerSideOdds as ViewerSideOdds,
    viewer_odds as viewer_odds,
    viewer_outcome as viewer_outcome,
)
from .pools import (
    CardChance as CardChance,
    card_probabilities as card_probabilities,
    draws_left as draws_left,
    hypergeometric as hypergeometric,
    tactics_probabilities as tactics_probabilities,
)

__all__ = sorted(_reexports(__file__))
