"""Time from an edit to the refreshed analysis panel of the board editor, in Python, and the advisor
panel's response time.

    python benchmarks/editor.py [--repeat 30] [--advisor-repeat 5]

Prints the median (and 90th percentile) milliseconds for one palette click on a midgame position:
the edit, the board widgets, the whole-board analysis (claims, public figures and each open stone's
outcome seen by the viewer, counting their hand), the claims and outcomes tables and the three
charts. Each case is timed twice: *warm* (place and undo again and again, so the viewer outcomes
are found in their cache, as after an undo) and *cold* (the viewer caches emptied before every
click: a position never seen before). Then the same for the tactics midgame of
data/positions/23_tactics_midgame.json (troops, both combat modes), and for an early position of a
random game whose viewer's figures take about a second (:func:`heavy`). The panel counts the
viewer's figures in a background thread and an edit waits for them at most ``panel.WAIT`` seconds:
each line gives the edit's time (the kernel busy) and the time until the viewer's figures are shown.

Last, with the advisor panel searching in the background after every edit (its default): the same
edits' panel time while it searches, and the advisor's response time (the click to the new ranking
shown: the 0.25 s wait for further edits plus the search), per budget.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from schotten_lab.analysis.viewer import clear_caches
from schotten_lab.bots import Budget
from schotten_lab.core import Position
from schotten_lab.views.editor import AdvisorPanel, BoardEditor, Target


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


def heavy() -> Position:
    """Turn 18 of a random game (seed 12), south's hand known: five stones of the viewer's figures are
    Monte Carlo estimates, about a second of counting in all."""
    return Position.from_notation("R8G6-/-/Y7R3-/P2R6-/-B4P8/B1-P4/P9G7-R5G4N7*/-G8/-N8P7 R4N9Y5R2B6N3 ?6 s d24")


TACTICS_MIDGAME = Path(__file__).resolve().parent.parent / "data" / "positions" / "23_tactics_midgame.json"


def summary(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return f"median {statistics.median(times):.1f} ms, p90 {p90:.1f} ms"


def measure(name: str, position: Position, card: str, target: Target, repeat: int, cold: bool) -> None:
    editor = BoardEditor(position, advisor=False)
    times, shown = [], []
    for _ in range(repeat):
        for click in (lambda: editor.place(card, target), editor.undo):
            if cold:
                clear_caches()
            start = time.perf_counter()
            ok = click()
            times.append((time.perf_counter() - start) * 1000)
            if hasattr(editor.panel, "wait"):  # the viewer's figures, counted in the background
                assert editor.panel.wait(120)
            shown.append((time.perf_counter() - start) * 1000)
            assert ok and not editor.message.startswith("Refused"), editor.message
            assert editor.panel.error == "", editor.panel.error
    print(f"edit -> refreshed panel ({name}, {'cold' if cold else 'warm'}, {len(times)} edits): {summary(times)}; "
          f"-> viewer's figures shown: {summary(shown)}")


def measure_advisor(position: Position, edits: list[Callable[[BoardEditor], bool]], rollouts: int, repeat: int) -> None:
    """Edits with the advisor searching in the background: the panel time, and click -> advice shown."""
    panel = AdvisorPanel(auto=True, budget=Budget(rollouts=rollouts))
    editor = BoardEditor(position, advisor=panel)
    assert panel.wait(120)
    edit_ms, answer_ms = [], []
    for _ in range(repeat):
        for edit in edits:
            clear_caches()
            start = time.perf_counter()
            assert edit(editor), editor.message
            edit_ms.append((time.perf_counter() - start) * 1000)
            assert panel.wait(120) and panel.advised == editor.position and panel.advice is not None
            answer_ms.append((time.perf_counter() - start) * 1000)
    print(f"advisor on ({rollouts:,} rollouts): edit -> refreshed panel {summary(edit_ms)}; "
          f"edit -> advice shown {summary(answer_ms)} ({len(edit_ms)} edits)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--advisor-repeat", type=int, default=5)
    args = parser.parse_args()
    tactics = Position.from_json(TACTICS_MIDGAME.read_text())
    for cold in (False, True):
        measure("midgame", midgame(), "P7", Target.side(5, "north"), args.repeat, cold)
        measure("tactics midgame", tactics, "P7", Target.side(3, "north"), args.repeat, cold)
        measure("tactics midgame, discard", tactics, "G6", Target.discard(), args.repeat, cold)
        measure("early heavy position", heavy(), "Y1", Target.side(2, "south"), max(args.repeat // 5, 1), cold)
    if args.advisor_repeat:
        edits: list[Callable[[BoardEditor], bool]] = [
            lambda e: e.place("P7", Target.side(5, "north")), lambda e: e.undo(),
        ]
        for rollouts in (200, 1_000, 4_000):
            measure_advisor(midgame(), edits, rollouts, args.advisor_repeat)


if __name__ == "__main__":
    main()
