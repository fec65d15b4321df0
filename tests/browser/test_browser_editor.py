"""The board editor in a real browser: JupyterLab running the board-editor notebook, and the Voilà app.

Each test places G8 on stone 1 south by clicking the palette and checks that the analysis panel then
shows stone 1 as claimable by south (three 8s; R8 is on the table). In the Voilà app G8 is then taken
back (its slot must go blank) and placed again, the panel's claim button claims the stone, and the
board's Flip toggle turns it round.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

CLAIMABLE = '.sl-claimable[data-stone="1"][data-player="south"]'
WIDGET_TIMEOUT = 120_000


def place_g8_and_check(page: Any, artifacts: Path, name: str) -> None:
    palette = page.locator(".sl-palette.sl-card-G8")
    # Attached first, then scrolled to: once Run All Cells has reached the notebook's last cell, the
    # editor's output is far above the view, and a page that draws only what is in view (JupyterLab's
    # windowed notebook) leaves it hidden until it is scrolled to.
    palette.wait_for(state="attached", timeout=WIDGET_TIMEOUT)
    palette.scroll_into_view_if_needed()
    palette.wait_for(state="visible", timeout=WIDGET_TIMEOUT)
    page.locator(".sl-claims-box").first.wait_for(state="attached", timeout=WIDGET_TIMEOUT)
    page.locator(".js-plotly-plot").first.wait_for(state="attached", timeout=WIDGET_TIMEOUT)
    assert page.locator(CLAIMABLE).count() == 0
    palette.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"{name}-before.png"))
    palette.click()
    page.locator(CLAIMABLE).wait_for(state="attached", timeout=30_000)
    assert "may claim" in page.locator(CLAIMABLE).inner_text()
    assert page.locator(".sl-slot-1-s-2").inner_text().strip() == "G8"
    assert page.locator(".sl-palette.sl-card-G8").is_disabled()
    page.locator(".sl-claims-box").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"{name}-after.png"))


def take_back_then_claim(page: Any, artifacts: Path, name: str) -> None:
    """After place_g8_and_check: taking G8 back leaves its slot blank (no ghost card), placing it again
    and clicking the claim button in the panel claims stone 1 for south."""
    slot = page.locator(".sl-slot-1-s-2")
    slot.click()
    page.locator(CLAIMABLE).wait_for(state="detached", timeout=30_000)
    assert slot.inner_text().strip() == ""  # the old "G8" is gone from the emptied slot
    page.locator(".sl-palette.sl-card-G8").click()
    claim = page.locator(".sl-claim-button.sl-claim-1-s")
    claim.wait_for(state="visible", timeout=30_000)
    claim.click()
    claim.wait_for(state="detached", timeout=30_000)
    assert "south" in page.locator(".sl-stone-1").inner_text()
    page.screenshot(path=str(artifacts / f"{name}-claimed.png"))


def flip_the_board(page: Any, artifacts: Path, name: str) -> None:
    """The editor's Flip board toggle puts south's hand and sides above the stones, north's below."""
    def top(selector: str) -> float:
        box = page.locator(selector).first.bounding_box()
        assert box is not None, selector
        return float(box["y"])

    assert top(".sl-hand-row-n") < top(".sl-stone-1") < top(".sl-hand-row-s")
    page.locator(".sl-editor-flip").click()
    page.wait_for_function(
        "() => document.querySelector('.sl-hand-row-s').getBoundingClientRect().y"
        " < document.querySelector('.sl-hand-row-n').getBoundingClientRect().y",
        timeout=30_000,
    )
    assert top(".sl-slot-1-s-0") < top(".sl-stone-1") < top(".sl-slot-1-n-0")
    page.screenshot(path=str(artifacts / f"{name}-flipped.png"))


def test_jupyterlab_board_editor(lab_url: str, browser_page: Any, artifacts: Path, scratch_notebook: Path) -> None:
    page = browser_page
    try:
        page.goto(f"{lab_url}/lab/tree/test-artifacts/{scratch_notebook.name}")
        page.locator(".jp-Notebook").first.wait_for(state="visible", timeout=WIDGET_TIMEOUT)
        # accept the kernel dialog if JupyterLab asks, wait for the kernel, then Run > Run All Cells
        page.wait_for_timeout(2_000)
        accept = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
        if accept.count():
            accept.first.click()
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
            state="attached", timeout=WIDGET_TIMEOUT
        )
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        place_g8_and_check(page, artifacts, "jupyterlab-editor")
    except Exception:
        page.screenshot(path=str(artifacts / "jupyterlab-editor-failure.png"))
        raise


def test_voila_board_editor(voila_url: str, browser_page: Any, artifacts: Path) -> None:
    page = browser_page
    page.goto(voila_url, timeout=WIDGET_TIMEOUT)
    try:
        place_g8_and_check(page, artifacts, "voila-editor")
        take_back_then_claim(page, artifacts, "voila-editor")
        flip_the_board(page, artifacts, "voila-editor")
    except Exception:
        page.screenshot(path=str(artifacts / "voila-editor-failure.png"))
        raise


ADVICE_ROW = ".sl-advisor-panel .sl-advice-move"


def test_voila_advisor_panel_follows_the_edits(voila_url: str, browser_page: Any, artifacts: Path) -> None:
    """The advisor's ranking appears for the exercise (south to move) without asking; after G8 is
    placed on stone 1 (three 8s, provable) it is searched again in the background and every move it
    ranks then claims stone 1. The click-to-advice time goes to test-artifacts/advisor-timing.txt."""
    import time

    page = browser_page
    page.goto(voila_url, timeout=WIDGET_TIMEOUT)
    try:
        page.locator(ADVICE_ROW).first.wait_for(state="attached", timeout=WIDGET_TIMEOUT)
        assert "south to move" in page.locator(".sl-advisor-panel .sl-advice-head").inner_text()
        assert "Seen from south's seat" in page.locator(".sl-advisor-panel .sl-advice-head").inner_text()
        assert page.locator(ADVICE_ROW, has_text="claim 1").count() == 0
        palette = page.locator(".sl-palette.sl-card-G8")
        palette.scroll_into_view_if_needed()
        start = time.perf_counter()
        palette.click()
        page.locator(".sl-slot-1-s-2", has_text="G8").wait_for(state="attached", timeout=30_000)
        edited = time.perf_counter()
        page.locator(ADVICE_ROW, has_text="claim 1").first.wait_for(state="attached", timeout=60_000)
        advised = time.perf_counter()
        rows = page.locator(ADVICE_ROW).all_inner_texts()
        assert rows and all("claim 1" in row for row in rows)
        page.locator(".sl-advisor-panel").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "voila-advisor.png"))
        (artifacts / "advisor-timing.txt").write_text(
            f"click -> slot shows G8: {1000 * (edited - start):.0f} ms; "
            f"click -> advice for the new position shown: {1000 * (advised - start):.0f} ms\n"
        )
    except Exception:
        page.screenshot(path=str(artifacts / "voila-advisor-failure.png"))
        raise
