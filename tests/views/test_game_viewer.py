"""The game viewer widget, driven from Python: buttons, slider, board, panel, chart cursor."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("ipywidgets")

from schotten_lab.bots import Budget
from schotten_lab.game import RecordError, read_record, replay, seat_record  # noqa: E402
from schotten_lab.play.review import review_game  # noqa: E402
from schotten_lab.play.selfplay import Matchup, play_game  # noqa: E402
from schotten_lab.views.game_viewer import GameViewer  # noqa: E402

GAME = play_game(Matchup("greedy", "random"), 5, 1)
N = len(GAME["turns"])


def cursor_x(chart: str) -> str | None:
    match = re.search(r'id="review-cursor" x1="([\d.]+)"[^>]*visibility="(\w+)"', chart)
    assert match
    return match.group(1) if match.group(2) == "visible" else None


def test_buttons_and_slider_step_through_the_game() -> None:
    viewer = GameViewer(GAME)
    positions = list(replay(GAME, include_start=True))
    assert (viewer.play.min, viewer.play.max, viewer.slider.max) == (0, N, N)
    assert viewer.turn == 0 and viewer.first.disabled and viewer.prev.disabled and not viewer.next.disabled
    assert "the deal" in viewer.board.value
    viewer.next.click()
    viewer.next.click()
    assert viewer.turn == 2 and not viewer.prev.disabled
    assert f"Turn 2</b>: {GAME['turns'][1]['player']} played" in viewer.panel.value
    assert "after turn 2" in viewer.board.value
    viewer.prev.click()
    assert viewer.turn == 1
    viewer.last.click()
    assert viewer.turn == N and viewer.next.disabled and viewer.last.disabled
    assert f"{GAME['result']['winner']} wins" in viewer.board.value
    viewer.next.click()  # disabled in the page; from Python it stays clamped
    assert viewer.turn == N
    viewer.slider.value = 7
    assert "after turn 7" in viewer.board.value
    boards = set()
    for k in (0, 3, 7):
        viewer.slider.value = k
        boards.add(viewer.board.value)
        assert viewer.positions[k] == positions[k]
    assert len(boards) == 3
    viewer.first.click()
    assert viewer.turn == 0


def test_review_panel_and_chart_follow_the_turn() -> None:
    review = review_game(GAME, budget=Budget(rollouts=6))
    viewer = GameViewer(GAME, review)
    assert viewer.chart in viewer.widget.children
    assert cursor_x(viewer.chart.value) is None
    xs = []
    for k in (1, 2, N):
        viewer.slider.value = k
        turn = review.turns[k - 1]
        assert f"<b>Turn {k}</b>" in viewer.panel.value
        assert f"{100 * turn.before:.1f}%" in viewer.panel.value
        xs.append(float(cursor_x(viewer.chart.value) or "nan"))
    assert xs == sorted(xs) and len(set(xs)) == 3


def test_ask_the_advisor_and_one_seat_records() -> None:
    seen = seat_record(read_record(GAME), "south")
    viewer = GameViewer(seen, budget=Budget(rollouts=8))
    first = GAME["first"]
    viewer.advise_button.click()
    if first == "south":
        assert "south to move" in viewer.advice.value
    else:
        assert "not in this one-seat record" in viewer.advice.value
    viewer.next.click()
    assert viewer.advice.value == ""  # a new turn clears the old advice
    viewer.last.click()
    assert viewer.ask_advisor() == "The game is over."


def test_bad_record_refused_with_turn_and_rule() -> None:
    bad = json.loads(json.dumps(GAME))
    bad["turns"][2]["player"] = bad["turns"][1]["player"]
    with pytest.raises(RecordError, match="turn 3"):
        GameViewer(bad)
