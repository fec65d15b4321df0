"""The editor's "What should I play?" panel driven from Python: the ranking shown, the budget, the
background refresh after edits (never a stale answer shown as current), and one sentence where the
advisor cannot answer."""

from __future__ import annotations

import html
import re
import threading
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schotten_lab.bots import Budget
from schotten_lab.bots.advisor import advise  # noqa: E402
from schotten_lab.core import Player, Position  # noqa: E402
from schotten_lab.core import edit as ed  # noqa: E402
from schotten_lab.views.editor import AdvisorPanel, BoardEditor, Target, advice_for, advice_html, unsearchable  # noqa: E402

S, N = Player.SOUTH, Player.NORTH
DATA = Path(__file__).resolve().parents[2] / "data" / "positions"


def three_eights() -> Position:
    """South N8 B8 on stone 1 against north's R9 R7, R8 on stone 2; south to move, hand known."""
    return Position.build({1: ("N8 B8", "R9 R7"), 2: ("R8 Y3", "P2")}, south_hand="Y1 Y2 P5 B3 G9 G1")


def endgame_south() -> Position:
    """Curated endgame 06 (deck empty) with south to move: the advisor solves it exactly."""
    return ed.set_turn(Position.from_json((DATA / "06_endgame_empty_deck.json").read_text()), S)


WON = ("R4R5R6-Y2N3P9@s/B2Y3P1-G7G8G9/R1N1Y4-P6P7P8/B6B7B8-N2R2G1@s/G3B4B5-R8N5N6@s/Y7Y8Y9-P3P4B3@s/"
       "G2N4R7-Y5Y6P5/G4G5G6-N7N9/R9-B9 N8Y1 ?3 n d0")
"""South holds stones 4, 5, 6 (three adjacent): the game is over."""
NOTHING_TO_PLAY = ("R4R5R6-Y2N3P9@s/B2Y3P1-G7G8G9@n/R1N1Y4-P6P7P8@n/B6B7B8-N2R2G1@s/R8N5N6-G3B4B5*/"
                   "Y7Y8Y9-P3P4B3@s/G2N4R7-Y5Y6P5@n/G4G5G6-N7N9/R9N8Y1-B9 - ?3 s d0")
"""South's hand is empty and every south side complete: south can only pass (and claim)."""


def sync_panel(rollouts: int = 200) -> AdvisorPanel:
    return AdvisorPanel(auto=True, background=False, budget=Budget(rollouts=rollouts))


def moves_shown(panel: AdvisorPanel) -> list[str]:
    return re.findall(r"data-rank='\d+'><td>\d+</td><td[^>]*><b>([^<]*)</b>", panel.table.value)


def test_panel_shows_the_advisors_ranking_for_the_player_to_move() -> None:
    panel = sync_panel()
    position = three_eights()
    panel.update(position)
    assert panel.advice is not None and panel.message == "" and panel.advised == position
    expected = advise(position, budget=Budget(rollouts=200), seed=0)  # seeded: the same ranking
    assert [m.label() for m in panel.advice.moves] == [m.label() for m in expected.moves]
    assert moves_shown(panel) == [m.label() for m in expected.moves[:10]]
    text = panel.table.value
    assert "south to move" in text and "Seen from south's seat" in text and "north's hand and the deck" in text
    assert f"{panel.advice.rollouts:,} rollouts" in text and "± one standard error" in text
    best = panel.advice.best
    assert best.stderr is not None and f"±{100 * best.stderr:.1f}" in text  # an estimate shows its error
    assert "+0.0 pts" in text  # the best move's change from the current estimate
    assert best.reason and best.reason.split(";")[0] in text
    assert f"… and {len(expected.moves) - 10} more moves" in text


def test_exact_endgame_is_labelled_exact() -> None:
    panel = sync_panel()
    panel.update(endgame_south())
    assert panel.advice is not None and panel.advice.method == "exact endgame"
    assert "exact (the deck is empty" in panel.table.value and "100.0% exact" in panel.table.value
    assert "±" not in panel.table.value


@pytest.mark.parametrize(
    ("position", "words"),
    [
        (Position.from_notation(WON), "The game is over: south has won"),
        (Position.from_json((DATA / "06_endgame_empty_deck.json").read_text()), "needs north's hand"),
    ],
)
def test_positions_the_advisor_cannot_search_get_one_sentence(position: Position, words: str) -> None:
    panel = sync_panel()
    panel.update(position)
    assert panel.advice is None
    assert words in panel.message and panel.message.count(". ") == 0 and panel.message.endswith(".")
    assert html.escape(words) in panel.table.value and "Traceback" not in panel.table.value
    assert unsearchable(position) == panel.message


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (ValueError("hand_sizes.north: 6 cards in hand plus 30 in the deck do not match the 35 unseen cards"),
         "The advisor cannot search this position: hand_sizes.north: 6 cards"),
        (RuntimeError("boom\nsecond line"), "The advisor failed on this position (RuntimeError: boom second line)."),
    ],
)
def test_a_refusal_or_a_failure_of_the_search_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, error: Exception, words: str
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr("schotten_lab.bots.advisor.advise", refuse)
    panel = sync_panel()
    panel.update(three_eights())
    assert panel.advice is None and panel.message.startswith(words) and "\n" not in panel.message
    assert words.split(":")[0] in panel.table.value


def test_nothing_to_play_says_the_only_move() -> None:
    panel = sync_panel()
    panel.update(Position.from_notation(NOTHING_TO_PLAY))
    assert panel.advice is not None and panel.advice.best.card is None
    assert "south has nothing to play" in panel.table.value and "pass, claim 8, 9" in panel.table.value


def test_budget_control_sets_the_rollouts_and_asks_again() -> None:
    panel = sync_panel(rollouts=200)
    panel.update(three_eights())
    assert panel.advice is not None
    first = panel.advice.rollouts
    panel.budget.value = 1_000
    assert panel.advice.rollouts >= 1_000 > first
    # 1,000 choose the move (and at most one more deal of the moves still searched: a search stops
    # between deals, every move on the same ones), 250 fresh deals measure it
    assert 1_250 <= panel.advice.rollouts < 1_250 + 10
    assert f"{panel.advice.rollouts:,} rollouts" in panel.table.value


def test_auto_off_waits_for_the_button_and_greys_stale_advice() -> None:
    panel = AdvisorPanel(auto=False, background=False, budget=Budget(rollouts=200))
    panel.update(three_eights())
    assert panel.advice is None and panel.table.value == ""
    panel.ask.click()
    assert panel.advice is not None and panel.advised == three_eights()
    moved = ed.place(three_eights(), "G8", Target.side(1, S))
    panel.update(moved)
    assert panel.advised != moved and panel.table.layout.opacity == "0.45"
    assert "earlier position" in panel.status.value
    panel.ask.click()
    assert panel.advised == moved and panel.table.layout.opacity == "1"
    assert all("claim 1" in label for label in moves_shown(panel))  # three 8s: every move claims stone 1


def test_editor_refreshes_the_advice_in_the_background_after_each_edit() -> None:
    editor = BoardEditor(three_eights(), charts=False, advisor=AdvisorPanel(auto=True, budget=Budget(rollouts=200), debounce=0.5))
    panel = editor.advisor
    assert panel is not None
    assert panel.wait(60)
    assert panel.advised == editor.position
    assert not any("claim 1" in label for label in moves_shown(panel))
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()
    assert panel.busy  # the edit returned without waiting for the search
    assert panel.advised != editor.position
    assert panel.table.layout.opacity == "0.45" and "Thinking" in panel.status.value  # the old advice greyed
    assert panel.wait(60)
    assert panel.advised == editor.position and panel.table.layout.opacity == "1"
    assert all("claim 1" in label for label in moves_shown(panel))


def test_only_the_newest_position_is_shown() -> None:
    editor = BoardEditor(three_eights(), charts=False, advisor=AdvisorPanel(auto=True, budget=Budget(rollouts=200), debounce=0.2))
    panel = editor.advisor
    assert panel is not None
    editor.target.value = Target.side(3, S)
    for card in ("R1", "R2", "R3"):  # edits in a row, faster than a search
        editor.palette[card].click()
    editor.undo()
    assert panel.wait(60)
    assert panel.advised == editor.position
    assert [str(c) for c in editor.position.stone(3).south] == ["R1", "R2"]


def test_editor_without_advisor() -> None:
    editor = BoardEditor(three_eights(), charts=False, advisor=False)
    assert editor.advisor is None
    assert editor.place("G8", Target.side(1, S))


def test_advice_html_escapes_and_limits() -> None:
    advice = advise(three_eights(), budget=Budget(rollouts=100), seed=1)
    text = advice_html(advice, limit=3)
    assert text.count("class='sl-advice-move'") == 3
    assert "<script" not in text


def test_a_failure_while_showing_is_said_and_the_thread_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from schotten_lab.views.editor import advisor as module

    def broken(*args: object, **kwargs: object) -> str:
        raise KeyError("rank")

    monkeypatch.setattr(module, "advice_html", broken)
    panel = AdvisorPanel(auto=True, budget=Budget(rollouts=100), debounce=0.0)
    panel.update(three_eights())
    assert panel.wait(60) and not panel.busy
    assert panel.advice is None and panel.message.startswith("The advice could not be shown (KeyError")
    monkeypatch.undo()
    panel.update(ed.place(three_eights(), "G8", Target.side(1, S)))  # the same thread machinery answers again
    assert panel.wait(60) and panel.advice is not None and panel.message == ""


def test_a_worker_that_dies_leaves_the_panel_ready_for_the_next_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """If showing the advice raises past its own guard (a widget that fails to update), the worker
    thread ends but says so: the panel is idle again and the next request starts a new worker."""
    panel = AdvisorPanel(auto=True, budget=Budget(rollouts=50), debounce=0.0)

    def broken(*args: object) -> None:
        raise RuntimeError("widget gone")

    monkeypatch.setattr(panel, "_show", broken)
    monkeypatch.setattr(threading, "excepthook", lambda args: None)  # the thread's traceback, expected here
    panel.update(three_eights())
    assert panel.wait(60) and not panel.busy
    monkeypatch.undo()
    panel.update(ed.place(three_eights(), "G8", Target.side(1, S)))
    assert panel.wait(60) and panel.advice is not None


def test_a_tactics_position_is_searched_too() -> None:
    """The advisor searches the tactics variant (bots.advisor): the panel ranks its moves, a play and
    the deck to draw from, seen from the mover's seat."""
    position = Position.from_json((DATA / "23_tactics_midgame.json").read_text())
    assert unsearchable(position) == ""
    panel = sync_panel(rollouts=200)
    panel.update(position)
    assert panel.advice is not None and panel.message == "" and panel.advice.player is position.to_move
    assert "Seen from south's seat" in panel.table.value and "draw " in panel.advice.best.label()
    assert html.escape(panel.advice.best.label()) in panel.table.value
