"""schotten_lab: exact strategy analysis for the card game Schotten Totten.

    >>> from schotten_lab import Position, analyze, claim
    >>> p = Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 n")
    >>> claim(p, 1, "south").claimable
    False

The public names are listed once, in the ``TYPE_CHECKING`` imports below: type checkers read them
there (``X as X``, the explicit re-export of PEP 484, so ``mypy --strict`` sees each real type), and
at run time each loads on first use (``__getattr__``, which reads its home from those same lines),
so that ``schotten-lab`` starts without numpy until its own try block runs (Ctrl-C at start-up exits
130, no traceback). ``__all__`` is derived from them too.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the public names, listed once
    from .analysis import BoardAnalysis as BoardAnalysis
    from .analysis import ClaimVerdict as ClaimVerdict
    from .analysis import analyze as analyze
    from .analysis import card_probabilities as card_probabilities
    from .analysis import claim as claim
    from .analysis import completion_odds as completion_odds
    from .analysis import draws_left as draws_left
    from .analysis import outs as outs
    from .analysis import reachable as reachable
    from .analysis import still_possible as still_possible
    from .analysis import stone_outcome as stone_outcome
    from .analysis import stone_outcome_monte_carlo as stone_outcome_monte_carlo
    from .analysis import viewer_odds as viewer_odds
    from .analysis import viewer_outcome as viewer_outcome
    from .bots import Budget as Budget
    from .core import BASE as BASE
    from .core import BASE_EXPERT as BASE_EXPERT
    from .core import TACTICS as TACTICS
    from .core import TACTICS_EXPERT as TACTICS_EXPERT
    from .core import Card as Card
    from .core import Color as Color
    from .core import Formation as Formation
    from .core import Player as Player
    from .core import Position as Position
    from .core import Rank as Rank
    from .core import RuleSet as RuleSet
    from .core import SchottenError as SchottenError
    from .core import Stone as Stone
    from .core import Troop as Troop
    from .core import evaluate as evaluate
    from .core import parse_cards as parse_cards

__version__ = "0.1.0"

_SUBPACKAGES = ("analysis", "bots", "cli", "core", "game", "play", "views")
_homes: dict[str, str] = {}


def public_homes() -> dict[str, str]:
    """Each public name's module (``{"Position": ".core", ...}``), read once from the ``TYPE_CHECKING``
    imports of this file's source (:func:`schotten_lab._names.reexports`): the one list, so that the
    lazy loading, ``__all__`` and what type checkers see cannot drift apart."""
    if not _homes:
        from ._names import reexports

        _homes.update(reexports(__file__))
    return _homes


def __getattr__(name: str) -> Any:
    """Load a public name (or a subpackage) on first use, then keep it as a module attribute;
    ``__all__`` is the public names, sorted."""
    if name == "__all__":
        value: Any = sorted(public_homes())
    elif name in _SUBPACKAGES:
        value = import_module(f".{name}", __name__)
    elif name in public_homes():
        value = getattr(import_module(public_homes()[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *public_homes()})
