"""Benchmarks of the figures seen by a player (docs/VIEWER.md), beside the public figures.

    python benchmarks/viewer.py [--repeat 5]

Prints the median time of ``viewer_outcome`` on a few typical stones (exact, or the labelled Monte
Carlo estimate where counting would take too long) and of a whole ``analyze()`` with and without the
viewer figures (the public view). Never run as a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import load, median_seconds  # noqa: E402  (the benchmarks' shared helpers)

from schotten_lab.analysis import analyze, stone_outcome, viewer_outcome  # noqa: E402
from schotten_lab.core import Position  # noqa: E402

R6 = "R4R5-B7G7/Y9-P2P3P4/N1N2N3-G8/-/-/-/-/-/- R6R1B2Y8G1N9 ?6 s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    endgame, midgame, opening = load("06_endgame_empty_deck.json"), load("13_midgame.json"), Position.from_notation(R6)
    hidden = Position.from_notation(opening.notation.replace("R6R1B2Y8G1N9", "?6"))
    cases: list[tuple[str, Callable[[], object], Callable[[], object]]] = [
        ("endgame 06, stone 8 (deck empty)", lambda: viewer_outcome(endgame, 8, "south"), lambda: stone_outcome(endgame, 8)),
        ("R6 example, stone 1 (R4 R5 vs B7 G7)", lambda: viewer_outcome(opening, 1, "south"), lambda: stone_outcome(opening, 1)),
        ("R6 example, stone 2 (Y9 vs a complete side)", lambda: viewer_outcome(opening, 2, "south"), lambda: stone_outcome(opening, 2)),
        ("R6 example, stone 5 (both empty: estimate)", lambda: viewer_outcome(opening, 5, "south"), lambda: stone_outcome(opening, 5)),
        ("analyze() curated 13 midgame", lambda: analyze(midgame), lambda: analyze(midgame, "north")),
        ("analyze() R6 example (south's hand / public view)", lambda: analyze(opening), lambda: analyze(hidden)),
    ]
    print(f"{'case':52} {'seen by a player':>18} {'public figure':>15}  exact?")
    for name, seen, public in cases:
        result = seen()
        exact = getattr(result, "exact", None)
        t_seen, t_public = median_seconds(seen, args.repeat), median_seconds(public, args.repeat)
        print(f"{name:52} {t_seen * 1000:15.1f} ms {t_public * 1000:12.1f} ms  {'' if exact is None else exact}")


if __name__ == "__main__":
    main()
