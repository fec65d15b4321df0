"""The puzzle trainer app in Chromium, served by Voilà: one endgame solved by clicking the answer, one
failed by clicking a wrong move, and the refutation seen. Screenshots go to test-artifacts/."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from schotten_lab.puzzles import Puzzle, read_puzzles
from schotten_lab.puzzles.format import committed_files

# the browser conftest's Voilà launcher, loaded by path under its own name (never another "conftest")
_spec = importlib.util.spec_from_file_location("browser_conftest_for_puzzles", Path(__file__).resolve().parent / "conftest.py")
assert _spec is not None and _spec.loader is not None
_browser = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_browser)
ROOT, voila_server = _browser.ROOT, _browser.voila_server

pytestmark = pytest.mark.browser

WIDGET_TIMEOUT = 180_000  # a kernel is refilled between pages: minutes on a loaded machine
STEP_TIMEOUT = 60_000


@pytest.fixture(scope="module")
def puzzles_voila_url(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("voila-puzzles") / "voila.log"
    with voila_server(ROOT / "apps" / "puzzle_trainer.ipynb", jupyter_env, log) as url:
        yield url


def by_id() -> dict[str, Puzzle]:
    return {p.id: p for f in committed_files() for p in read_puzzles(f)}


def shown(page: Any) -> Puzzle:
    page.locator(".sl-pz-id").wait_for(timeout=STEP_TIMEOUT)
    return by_id()[page.locator(".sl-pz-id").get_attribute("data-id")]


def click_move(page: Any, card: str, stone: int) -> None:
    page.locator(".sl-pz-hand-card:visible").filter(has_text=card).first.click()
    page.locator(".sl-pz-verdict", has_text=f"{card} chosen").wait_for(timeout=STEP_TIMEOUT)
    page.locator(f".sl-pz-stone-{stone}").click()


def test_solve_one_fail_one_and_see_the_refutation(puzzles_voila_url: str, browser_page: Any, artifacts: Path) -> None:
    page = browser_page
    page.goto(f"{puzzles_voila_url}/?kind=endgame&seed=1", timeout=WIDGET_TIMEOUT)
    page.locator(".sl-pz-id").wait_for(state="attached", timeout=WIDGET_TIMEOUT)
    assert page.get_by_text("There was an error when executing cell").count() == 0
    first = shown(page)
    assert first.kind == "endgame"
    move = first.answer_move
    assert move is not None
    click_move(page, str(move[0]), move[1])
    page.locator(".sl-pz-result[data-result='right']").wait_for(timeout=STEP_TIMEOUT)
    # each widget's updates reach the page in order, two widgets' need not (the verdict was seen one
    # message before the score on 4 December): the score line must come to say 1, not already say it
    page.locator(".sl-pz-scoreline[data-right='1'][data-done='1'][data-streak='1']").wait_for(timeout=STEP_TIMEOUT)
    page.screenshot(path=str(artifacts / "voila-puzzles-right.png"))

    page.locator(".sl-pz-next").click()
    page.wait_for_function("(id) => { const s = document.querySelector('.sl-pz-id');"
                           " return s && s.dataset.id !== id; }", arg=first.id, timeout=STEP_TIMEOUT)  # fmt: skip
    second = shown(page)
    me = second.solver
    wrong = next(
        (str(card), n)
        for card in second.position.hands[me] or ()
        for n, s in enumerate(second.position.stones, 1)
        if s.claimed is None and len(s.side(me)) < 3 and (card, n) != second.answer_move
    )
    click_move(page, *wrong)
    page.locator(".sl-pz-result[data-result='wrong']").wait_for(timeout=STEP_TIMEOUT)
    refutation = page.locator(".sl-pz-refutation")
    refutation.wait_for(timeout=STEP_TIMEOUT)
    assert refutation.inner_text().strip()
    page.locator(".sl-pz-scoreline[data-right='1'][data-done='2'][data-streak='0']").wait_for(timeout=STEP_TIMEOUT)
    page.screenshot(path=str(artifacts / "voila-puzzles-refutation.png"))
