"""The analysis panel's figures seen by the viewer, counted in a background thread: after any edit
the panel shows exactly what a fresh, uncached count gives; while they are counted it shows no
figure of an earlier position; a burst of edits counts the running position and the newest only."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from schotten_lab.analysis import viewer as viewer_module  # noqa: E402
from schotten_lab.analysis.board import BoardAnalysis  # noqa: E402
from schotten_lab.core import Player, Position  # noqa: E402
from schotten_lab.views.editor import BoardEditor, Target, panel_arrays  # noqa: E402
from schotten_lab.views.editor import panel as panel_module  # noqa: E402
from schotten_lab.views.editor.panel import COUNTING, outcomes_html, seat_analysis  # noqa: E402

S, N = Player.SOUTH, Player.NORTH


def midgame() -> Position:
    """benchmarks/editor.py's midgame: twenty-odd cards on the table, one claim, south's hand known."""
    return Position.build(
        {1: ("N8 B8 G8", "R9 R7"), 2: ("R8 Y3", "P2"), 3: ("G4 G5", "Y7 Y6 Y5"), 4: ("P9", "B1 B2"),
         6: ("N1 N2 N3", "B5 P8 G7"), 7: ("P4", "R3")},
        south_hand="Y1 Y2 P5 B3 G9 G1", claimed={6: "south"},
    )


@pytest.fixture
def background(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(panel_module, "BACKGROUND", True)
    yield


def fresh(position: Position, viewer: Player) -> BoardAnalysis:
    """The slow twin: the same figures counted anew, every cache emptied first."""
    viewer_module.clear_caches()
    return seat_analysis(position, viewer)


def assert_shows(editor: BoardEditor, expected: BoardAnalysis) -> None:
    """The panel's table, charts and analysis are those of ``expected``."""
    panel = editor.panel
    assert panel.wait(120) and not panel.counting
    assert panel.analysis == expected
    assert panel.outcomes.value == outcomes_html(expected)
    arrays = panel_arrays(expected)
    outcome = panel.figures["outcome"]
    for trace, new in zip(outcome.data, arrays["outcome"]):
        assert list(trace.y) == new["y"] and list(trace.customdata) == new["customdata"]
    assert all(not trace.visible for trace in outcome.data[len(arrays["outcome"]):])
    assert outcome.layout.title.text == arrays["outcome_title"]
    for trace, new in zip(panel.figures["odds"].data, arrays["odds"]):
        assert list(trace.y) == new["y"]


def random_edit(editor: BoardEditor, rng: random.Random) -> None:
    """One edit as a person makes them: a card from the palette onto a side or a hand (the pool
    changes), a card taken back, a claim, undo, redo, or the viewer switched."""
    position = editor.position
    kind = rng.choice(["place", "place", "place", "take", "undo", "redo", "claim", "viewer"])
    if kind == "place":
        free = [code for code, button in editor.palette.items() if not button.disabled]  # the unused cards
        target = rng.choice([Target.side(rng.randint(1, 9), rng.choice([S, N])), Target.hand(S)])
        editor.place(rng.choice(free), target)
    elif kind == "take":
        table = [c for s in position.stones if s.claimed is None for c in (*s.south, *s.north)]
        if table:
            editor.take_back(rng.choice(table))
    elif kind == "undo":
        editor.undo()
    elif kind == "redo":
        editor.redo()
    elif kind == "claim":
        for stone, player in editor.panel.claimable[:1]:
            editor.claim(stone, player)
    else:
        editor.viewer.value = N if editor.viewer.value is S else S


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), wait=st.sampled_from([0.0, panel_module.WAIT]))
def test_after_random_edits_the_panel_shows_what_a_fresh_count_gives(background: None, seed: int, wait: float) -> None:
    """Drawn by the edit (counted within ``wait``) or by the thread (``wait=0``: mostly later)."""
    rng = random.Random(seed)
    editor = BoardEditor(midgame(), advisor=False)
    assert editor.panel._worker.background  # the background thread, as in a notebook
    editor.panel.wait_seconds = wait
    for _ in range(6):
        random_edit(editor, rng)
        assert_shows(editor, fresh(editor.position, editor.viewer.value))


class Gate:
    """Stands for the count of the viewer's figures: blocks until released, and records each call."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.calls: list[Position] = []
        self.real = panel_module.with_seat_outcomes

    def __call__(self, analysis: BoardAnalysis) -> BoardAnalysis:
        self.calls.append(analysis.position)
        self.started.set()
        assert self.release.wait(60), "never released"
        return self.real(analysis)


def test_while_counting_no_figure_of_an_earlier_position_is_shown_and_a_burst_counts_the_newest(
    background: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = BoardEditor(midgame(), advisor=False)
    assert editor.panel.wait(60)
    gate = Gate()
    monkeypatch.setattr(panel_module, "with_seat_outcomes", gate)
    editor.panel.wait_seconds = 0.0
    assert editor.place("P6", Target.side(7, S))  # the edit returns while its figures are counted
    assert gate.started.wait(30) and editor.panel.counting
    first = editor.position
    assert (7, S) not in editor.panel.claimable and "counting" not in editor.panel.claims.value
    rows = editor.panel.outcomes.value.split("<tr data-stone=")[1:]
    assert len(rows) == sum(1 for s in first.stones if s.claimed is None)
    assert all(f"<i>{COUNTING}</i>" in row and "<b>S " not in row for row in rows)  # no stale seat figure
    outcome = editor.panel.figures["outcome"]
    assert "seen by" not in outcome.layout.title.text  # the public figures meanwhile, titled so
    assert not editor.place("Y3", Target.side(7, S))  # refused (Y3 is on stone 2): nothing to count
    assert editor.place("G6", Target.side(7, S))  # a burst: this one waits ...
    assert editor.place("Y4", Target.side(5, N))  # ... and is replaced by the newest
    newest = editor.position
    gate.release.set()
    assert editor.panel.wait(60)
    assert gate.calls == [first, newest]  # the running count and the newest, not one per edit
    assert_shows(editor, fresh(newest, S))
    assert editor.panel.last_seat_ms > 0


def test_a_count_that_fails_is_said_in_the_table_and_the_panel_goes_on(background: None, monkeypatch: pytest.MonkeyPatch) -> None:
    editor = BoardEditor(midgame(), advisor=False)

    def broken(analysis: BoardAnalysis) -> Any:
        raise ValueError("a bug")

    monkeypatch.setattr(panel_module, "with_seat_outcomes", broken)
    assert editor.place("P6", Target.side(7, S))
    assert editor.panel.wait(60)
    assert "not available (ValueError: a bug)" in editor.panel.outcomes.value and "sl-seat-note" in editor.panel.outcomes.value
    assert editor.panel.analysis is not None and editor.panel.analysis.stone(5).outcome_viewer is None  # the public figures
    monkeypatch.undo()
    assert editor.place("G6", Target.side(7, S))
    assert_shows(editor, fresh(editor.position, S))


def test_edits_that_keep_the_seat_recount_only_the_stones_they_change() -> None:
    """What can be reused: a stone's figures depend on the stone and the viewer's seat only, so a
    claim recounts nothing else; a card from the pool changes the
    seat of every stone, so every open stone is counted anew (one count per distinct stone)."""
    from schotten_lab.analysis.viewer import _cached_outcome

    viewer_module.clear_caches()  # no position of the other tests counted already
    editor = BoardEditor(midgame(), advisor=False, charts=False)

    def counted(edit: Any) -> int:
        before = _cached_outcome.cache_info().misses
        assert edit(), editor.message
        return _cached_outcome.cache_info().misses - before

    distinct = len({s for s in editor.position.stones if s.claimed is None and s != editor.position.stone(7)})
    assert counted(lambda: editor.place("P6", Target.side(7, S))) == distinct + 1  # the pool changed
    assert counted(lambda: editor.place("G6", Target.side(7, S))) == distinct + 1
    assert counted(lambda: editor.take_back("N8")) >= 1  # back into the pool: a new seat
    assert counted(editor.undo) == 0  # the position before, counted already
    assert (3, N) in editor.panel.claimable
    assert counted(lambda: editor.claim(3, N)) == 0  # stone 3 is now claimed: nothing else changed
    assert counted(editor.undo) == 0 and counted(editor.redo) == 0  # both positions were counted before


def test_the_worker_runs_the_newest_job_only_and_never_waits_for_itself() -> None:
    from schotten_lab.views.editor.background import Newest

    release = threading.Event()
    ran: list[int] = []
    waited: list[tuple[bool, float]] = []

    def run(job: int) -> None:
        start = time.perf_counter()
        idle = worker.wait(20)  # from inside a job: answers at once (busy), instead of waiting for itself
        waited.append((idle, time.perf_counter() - start))
        assert release.wait(30)
        ran.append(job)

    worker: Newest[int] = Newest(run, name="test-newest")
    worker.submit(1)
    for job in (2, 3, 4):
        worker.submit(job)
    assert worker.busy and worker.superseded
    release.set()
    assert worker.wait(30) and not worker.busy
    assert ran == [1, 4] and [idle for idle, _ in waited] == [False, False]
    assert all(seconds < 5 for _, seconds in waited)
    inline: Newest[int] = Newest(ran.append, name="unused", background=False)
    inline.submit(5)
    assert ran[-1] == 5 and not inline.busy
