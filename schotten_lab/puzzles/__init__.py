"""Puzzles: "find the winning move" and "may I claim?", mined from self-play, proved and rated.

- :mod:`.format`: the ``schotten-lab/puzzle@1`` JSON Lines format (docs/PUZZLES.md), read and checked.
- :mod:`.prove`: the answers proved (the exact endgame solver, the claim proof) and re-proved.
- :mod:`.rating`: how often solvers of known strength fail a puzzle, and the rating scale.
- :mod:`.generate`: mining self-play games, removing duplicates up to symmetry.
- :mod:`.sheet`: printable sheets (questions, then answers on a separate page).

A layer between ``play`` and ``views``: no Jupyter import.
"""

from .._names import reexports as _reexports
from . import words as words  # registers the puzzles' phrases
from .format import (
    FORMAT as FORMAT,
    KINDS as KINDS,
    Puzzle as Puzzle,
    PuzzleFormatError as PuzzleFormatError,
    puzzle_from_dict as puzzle_from_dict,
    puzzle_from_json as puzzle_from_json,
    read_puzzles as read_puzzles,
)
from .prove import check_puzzle as check_puzzle, claimable_now as claimable_now, refutation as refutation
from .rating import band as band, rating_of as rating_of

__all__ = sorted(_reexports(__file__))
