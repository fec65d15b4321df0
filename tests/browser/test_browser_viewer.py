"""The game viewer widget in Chromium (served by Voilà): the buttons, the slider's arrow keys and the
advisor button change the shown turn and its board. Screenshots go to test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from schotten_lab.play.selfplay import Matchup, play_game

pytestmark = pytest.mark.browser

WIDGET_TIMEOUT = 180_000
STEP_TIMEOUT = 30_000


def test_game_viewer_steps_through_the_game(viewer_voila_url: str, browser_page: Any, artifacts: Path) -> None:
    game = play_game(Matchup("greedy", "random"), 5, 1)  # the game the served notebook shows
    page = browser_page
    try:
        page.goto(viewer_voila_url, timeout=WIDGET_TIMEOUT)
        page.get_by_text("the deal").first.wait_for(timeout=WIDGET_TIMEOUT)
        assert page.get_by_text("There was an error when executing cell").count() == 0
        assert page.locator('button[title="previous turn"]').is_disabled()
        page.locator('button[title="next turn"]').click()
        page.get_by_text("after turn 1:").first.wait_for(timeout=STEP_TIMEOUT)
        first = game["turns"][0]
        assert f"{first['play']['card']} on stone {first['play']['stone']}" in page.locator("body").inner_text()
        page.locator('button[title="next turn"]').click()
        page.get_by_text("after turn 2:").first.wait_for(timeout=STEP_TIMEOUT)
        handle = page.locator(".widget-slider .noUi-handle").first
        handle.focus()
        page.keyboard.press("ArrowRight")
        page.get_by_text("after turn 3:").first.wait_for(timeout=STEP_TIMEOUT)
        page.screenshot(path=str(artifacts / "voila-viewer-turn3.png"), full_page=True)
        page.locator('button[title="last turn"]').click()
        page.get_by_text(f"{game['result']['winner']} wins").first.wait_for(timeout=STEP_TIMEOUT)
        assert page.locator('button[title="next turn"]').is_disabled()
        page.locator('button[title="first (the deal)"]').click()
        page.get_by_text("the deal").first.wait_for(timeout=STEP_TIMEOUT)
        page.get_by_role("button", name="Ask the advisor").click()
        page.get_by_text("to move:").first.wait_for(timeout=STEP_TIMEOUT)
        assert "rollouts" in page.locator("pre").first.inner_text()
        page.screenshot(path=str(artifacts / "voila-viewer-advice.png"), full_page=True)
    except Exception:
        page.screenshot(path=str(artifacts / "voila-viewer-failure.png"), full_page=True)
        raise
