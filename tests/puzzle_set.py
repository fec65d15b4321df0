"""The committed puzzle set, read once for the tests of tests/puzzles/."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from schotten_lab.puzzles import Puzzle, read_puzzles

FOLDER = Path(__file__).resolve().parent.parent / "data" / "puzzles"
FILES = sorted(FOLDER.glob("*.jsonl"))


@cache
def committed() -> tuple[Puzzle, ...]:
    return tuple(p for f in FILES for p in read_puzzles(f))


def sample(kind: str, every: int) -> list[Puzzle]:
    """Every ``every``-th puzzle of ``kind``: the default run's sample (the full re-proof is ``slow``)."""
    return [p for p in committed() if p.kind == kind][::every]
