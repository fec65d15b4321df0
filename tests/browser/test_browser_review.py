"""The review page in a real Chromium, opened from a file (no server, no network): the boards unpack,
clicking a chart point, a move or pressing an arrow key shows that turn, the cursor follows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from schotten_lab.bots import Budget
from schotten_lab.play.review import review_game
from schotten_lab.play.selfplay import Matchup, play_game
from schotten_lab.views.review import write_review


def test_review_page_shows_the_chosen_turn(browser_page: Any, tmp_path: Path) -> None:
    review = review_game(play_game(Matchup("random", "greedy"), 3, 0), budget=Budget(rollouts=8))
    path = write_review(review, tmp_path / "review.html")
    errors: list[str] = []
    browser_page.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    browser_page.on("request", lambda request: requests.append(request.url))
    browser_page.goto(path.as_uri())
    browser_page.wait_for_selector("#review-board svg")
    assert "Start of the game" in browser_page.inner_text("#review-detail")
    browser_page.click('.pt[data-turn="5"] rect')
    assert browser_page.inner_text("#review-detail").startswith("Turn 5,")
    assert "after turn 5" in browser_page.inner_html("#review-board")
    cursor = browser_page.get_attribute("#review-cursor", "x1")
    assert cursor == browser_page.get_attribute('.pt[data-turn="5"]', "data-x")
    browser_page.keyboard.press("ArrowRight")
    assert browser_page.inner_text("#review-detail").startswith("Turn 6,")
    browser_page.click('tr.mv[data-turn="12"]')
    assert "after turn 12" in browser_page.inner_html("#review-board")
    assert browser_page.get_attribute('tr.mv[data-turn="12"]', "class") == "mv sel"
    assert errors == []
    assert all(url.startswith(("file:", "data:")) for url in requests)
