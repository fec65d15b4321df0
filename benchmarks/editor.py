"""Time from an edit to the refreshed analysis panel of the board editor, in Python.

    python benchmarks/editor.py [--repeat 30]

Prints the median (and 90th percentile) milliseconds for one palette click on a midgame position:
the edit, the board widgets, the whole-board analysis, the claims table and the three charts. Then
the same for the tactics midgame of data/positions/23_tactics_midgame.json (troops, both combat modes).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from schotten_lab.core import Position
from schotten_lab.views.editor import BoardEditor, Target


def midgame() -> Position:
    """Twenty-odd cards on the table, one claim, south's hand known."""
    return Position.build(
        {
            1: ("N8 B8 G8", "R9 R7"),
            2: ("R8 Y3", "P2"),
            3: ("G4 G5", "Y7 Y6 Y5"),
            4: ("P9", "B1 B2"),
            6: ("N1 N2 N3", "B5 P8 G7"),
            7: ("P4", "R3"),
        },
        south_hand="Y1 Y2 P5 B3 G9 G1",
        claimed={6: "south"},
    )


TACTICS_MIDGAME = Path(__file__).resolve().parent.parent / "data" / "positions" / "23_tactics_midgame.json"


def measure(name: str, position: Position, card: str, target: Target, repeat: int) -> None:
    editor = BoardEditor(position)
    times = []
    for _ in range(repeat):
        for click in (lambda: editor.place(card, target), editor.undo):
            start = time.perf_counter()
            ok = click()
            times.append((time.perf_counter() - start) * 1000)
            assert ok and not editor.message.startswith("Refused"), editor.message
            assert editor.panel.error == "", editor.panel.error
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"edit -> refreshed panel ({name}, {len(times)} edits): median {statistics.median(times):.1f} ms, p90 {p90:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    measure("midgame", midgame(), "P7", Target.side(5, "north"), args.repeat)
    tactics = Position.from_json(TACTICS_MIDGAME.read_text())
    measure("tactics midgame", tactics, "P7", Target.side(3, "north"), args.repeat)
    measure("tactics midgame, discard", tactics, "G6", Target.discard(), args.repeat)


if __name__ == "__main__":
    main()
