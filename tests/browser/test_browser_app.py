"""The Voilà app in Chromium: the address opens a position, a bad one is one sentence with its text kept,
and the page asks nothing of another host (no CDN). Screenshots go to test-artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote, urlparse

import pytest

pytestmark = pytest.mark.browser

WIDGET_TIMEOUT = 180_000  # a kernel is refilled between pages: minutes on a loaded machine
CLAIMABLE = "N8B8R8-R9R7/-/-/-/-/-/-/-/- Y1Y2G8P5B3G9 ?6 s"  # south may claim stone 1 at once


def test_address_opens_the_position(voila_url: str, browser_page: Any, artifacts: Path) -> None:
    page = browser_page
    remote: list[str] = []
    page.on("request", lambda r: remote.append(r.url) if urlparse(r.url).hostname not in ("127.0.0.1", None) else None)
    try:
        page.goto(f"{voila_url}/?position={quote(CLAIMABLE)}&flip=1", timeout=WIDGET_TIMEOUT)
        page.locator('.sl-claimable[data-stone="1"][data-player="south"]').wait_for(state="attached",
                                                                                    timeout=WIDGET_TIMEOUT)
        assert page.locator(".sl-slot-1-s-2").inner_text().strip() == "R8"
        assert page.locator(".sl-palette.sl-card-R8").is_disabled()
        assert page.locator(".sl-app-error").count() == 0
        assert page.locator(".sl-flip.mod-active").count() == 1  # flipped from the address
        assert page.get_by_text("There was an error when executing cell").count() == 0
        page.screenshot(path=str(artifacts / "voila-app-address.png"))
    except Exception:
        page.screenshot(path=str(artifacts / "voila-app-address-failure.png"))
        raise
    assert remote == []


def test_bad_position_is_one_sentence(voila_url: str, browser_page: Any, artifacts: Path) -> None:
    page = browser_page
    try:
        page.goto(f"{voila_url}/?position={quote('R9R9/-/-')}", timeout=WIDGET_TIMEOUT)
        error = page.locator(".sl-app-error")
        error.wait_for(state="visible", timeout=WIDGET_TIMEOUT)
        text = error.inner_text()
        assert text.startswith("The position given could not be opened") and "\n" not in text.strip()
        assert page.locator(".sl-editor textarea").input_value() == "R9R9/-/-"  # kept, to correct
        assert page.locator(".sl-palette.sl-card-G8").is_enabled()  # the exercise is there to use
        assert page.get_by_text("There was an error when executing cell").count() == 0
        page.screenshot(path=str(artifacts / "voila-app-bad-position.png"))
    except Exception:
        page.screenshot(path=str(artifacts / "voila-app-bad-position-failure.png"))
        raise


def test_the_page_speaks_the_address_language(voila_url: str, browser_page: Any, artifacts: Path) -> None:
    """``?lang=fr``: the app's title, the editor's buttons and the claims in French (an unknown
    ``lang``, one sentence above the page, is tests/views/test_views_french.py's: one page load less)."""
    page = browser_page
    try:
        page.goto(f"{voila_url}/?position={quote(CLAIMABLE)}&lang=fr", timeout=WIDGET_TIMEOUT)
        page.locator('.sl-claimable[data-stone="1"][data-player="south"]').wait_for(state="attached",
                                                                                    timeout=WIDGET_TIMEOUT)
        assert page.locator(".sl-app-intro h1").inner_text().strip() == "Éditeur de plateau de Schotten Totten"
        assert page.locator(".sl-undo").inner_text().strip() == "Annuler"
        assert "Sud peut revendiquer" in page.locator(".sl-claimable").first.inner_text()
        assert "lang=fr" in (page.locator(".sl-app-link a").get_attribute("href") or "")
        page.screenshot(path=str(artifacts / "voila-app-french.png"))
    except Exception:
        page.screenshot(path=str(artifacts / "voila-app-french-failure.png"))
        raise
