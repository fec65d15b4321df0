"""schotten_lab: exact strategy analysis for the card game Schotten Totten.

    >>> from schotten_lab import Position, analyze, claim
    >>> p = Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 n")
    >>> claim(p, 1, "south").claimable
    False
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOMES = {name: ".analysis" for name in ('BoardAnalysis', 'ClaimVerdict', 'analyze', 'card_probabilities', 'claim', 'completion_odds', 'draws_left', 'outs', 'reachable', 'still_possible', 'stone_outcome', 'stone_outcome_monte_carlo', 'viewer_odds', 'viewer_outcome')} | {
    name: ".core" for name in ('BASE', 'BASE_EXPERT', 'TACTICS', 'TACTICS_EXPERT', 'Card', 'Color', 'Formation', 'Player', 'Position', 'Rank', 'RuleSet', 'SchottenError', 'Stone', 'Troop', 'evaluate', 'parse_cards')
}
"""Where each public name lives. They load on first use, so that ``schotten-lab`` starts without
numpy until its own try block runs (Ctrl-C at start-up exits 130, no traceback)."""
_SUBPACKAGES = ("analysis", "bots", "cli", "core", "game", "play", "views")


def __getattr__(name: str) -> Any:
    """Load a public name (or a subpackage) on first use, then keep it as a module attribute."""
    if name in _HOMES:
        value = getattr(import_module(_HOMES[name], __name__), name)
    elif name in _SUBPACKAGES:
        value = import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


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
