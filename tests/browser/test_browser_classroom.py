"""The classroom server (Solara, schotten_lab/views/classroom) in Chromium: two students' sessions stay
apart, two games against the advisor at once each get their bot's reply, an idle session is closed and a reload starts afresh, the full-class page, and the token is
required on every request, websockets included. Screenshots go to test-artifacts/."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("solara", reason="the classroom extra (scripts/classroom.sh installs it into .venv-classroom)")
from browser.conftest import ROOT, free_port, stop, wait_for_http  # the fixtures file's helpers

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 180_000  # 2 cores shared with other work: a page can take a minute
TOKEN = "browser-test-token"
IDLE_SECONDS = 20  # long enough for a page to load on a loaded machine, short enough to wait for


@contextlib.contextmanager
def classroom(env: dict[str, str], log: Path, *args: str) -> Iterator[str]:
    """The classroom server with ``args``; its address (without the token)."""
    port = free_port()
    env = dict(env, CLASSROOM_TOKEN=TOKEN, PORT=str(port), PYTHONPATH=str(ROOT))
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "schotten_lab.views.classroom", *args],
                                env=env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_http(f"{url}/static/assets/favicon.svg?token={TOKEN}", proc, log)  # not a page: no seat taken
        yield url
    finally:
        stop(proc)


@pytest.fixture(scope="module")
def class_url(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with classroom(jupyter_env, tmp_path_factory.mktemp("classroom") / "server.log", "--max-sessions", "5") as url:
        yield url


def open_editor(browser: Any, url: str, query: str = "") -> Any:
    context = browser.new_context(viewport={"width": 1500, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{url}/editor?token={TOKEN}{query}", timeout=PAGE_TIMEOUT)
    return page


def wait_usable(page: Any) -> None:
    page.locator(".sl-palette.sl-card-G8").wait_for(timeout=PAGE_TIMEOUT)
    page.locator("svg.schotten-position").first.wait_for(state="attached", timeout=PAGE_TIMEOUT)


def test_two_sessions_stay_apart(class_url: str, chromium_browser: Any, artifacts: Path) -> None:
    first = open_editor(chromium_browser, class_url)
    second = open_editor(chromium_browser, class_url)
    try:
        wait_usable(first)
        wait_usable(second)
        assert first.locator(".sl-slot-1-s-2").inner_text().strip() == ""
        first.locator(".sl-palette.sl-card-G8").click()  # the exercise's target: stone 1, south
        first.locator(".sl-slot-1-s-2", has_text="G8").wait_for(timeout=60_000)
        first.locator('.sl-claimable[data-stone="1"][data-player="south"]').wait_for(state="attached", timeout=60_000)
        second.locator(".sl-palette.sl-card-B5").click()  # the other student's own edit
        second.locator(".sl-slot-1-s-2", has_text="B5").wait_for(timeout=60_000)
        assert first.locator(".sl-slot-1-s-2").inner_text().strip() == "G8"
        assert second.locator(".sl-slot-1-s-2").inner_text().strip() == "B5"
        assert second.locator(".sl-palette.sl-card-G8").is_enabled()  # G8 is not on the second board
        assert first.locator(".sl-palette.sl-card-G8").is_disabled()
        first.screenshot(path=str(artifacts / "classroom-first.png"))
        second.screenshot(path=str(artifacts / "classroom-second.png"))
    finally:
        first.context.close()
        second.context.close()


def test_two_games_against_the_advisor_at_once_each_get_their_bot_s_reply(class_url: str, chromium_browser: Any,
                                                                         artifacts: Path) -> None:
    """The bots' searches run in the server's pool of processes (views/play/thinking.py): two students
    play their first card at once, each page shows its own bot's reply and hands the turn back."""
    pages = []
    for seed in (3, 4):
        context = chromium_browser.new_context(viewport={"width": 1500, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{class_url}/play?token={TOKEN}&opponent=advisor&rollouts=300&seed={seed}", timeout=PAGE_TIMEOUT)
        pages.append(page)
    try:
        cards = []
        for page in pages:
            page.locator(".sl-play-turn[data-mine='1']").wait_for(state="attached", timeout=PAGE_TIMEOUT)
            card = page.locator(".sl-hand-card:visible").first
            cards.append(card.inner_text().strip())
            card.click()
            page.locator(".sl-play-message", has_text=f"{cards[-1]} chosen").wait_for(timeout=60_000)
        for page in pages:
            page.locator(".sl-stone-button-1").click()  # the first placement of the game: always legal
        for page, card in zip(pages, cards):
            page.locator(".sl-play-turn[data-turns='2'][data-mine='1']").wait_for(state="attached", timeout=PAGE_TIMEOUT)
            message = page.locator(".sl-play-message").inner_text()
            assert f"You played {card} on stone 1" in message and "North played" in message
        assert cards[0] != cards[1] or pages[0].locator(".sl-play-board").inner_html() != pages[1].locator(
            ".sl-play-board").inner_html()  # two deals, two games
        pages[0].screenshot(path=str(artifacts / "classroom-play.png"))
    finally:
        for page in pages:
            page.context.close()


def test_the_address_opens_a_position_and_a_bad_one_is_one_sentence(class_url: str, chromium_browser: Any) -> None:
    page = open_editor(chromium_browser, class_url, "&position=R9R9/-/-")
    try:
        error = page.locator(".sl-app-error")
        error.wait_for(state="visible", timeout=PAGE_TIMEOUT)
        text = error.inner_text().strip()
        assert text.startswith("The position given could not be opened") and "\n" not in text
        assert page.locator(".sl-editor textarea").input_value() == "R9R9/-/-"
    finally:
        page.context.close()


def test_the_charts_are_drawn_when_a_student_asks(class_url: str, chromium_browser: Any, artifacts: Path) -> None:
    """The page comes without its plotly charts (built on demand); *Show the charts* draws the three,
    and they follow the edits."""
    page = open_editor(chromium_browser, class_url)
    try:
        wait_usable(page)
        assert page.locator(".js-plotly-plot").count() == 0
        page.locator(".sl-charts-toggle").click()
        page.locator(".js-plotly-plot").nth(2).wait_for(state="attached", timeout=PAGE_TIMEOUT)
        assert page.locator(".js-plotly-plot").count() == 3
        page.locator(".sl-palette.sl-card-G8").click()  # editing goes on with the charts shown
        page.locator('.sl-claimable[data-stone="1"][data-player="south"]').wait_for(state="attached", timeout=60_000)
        page.locator(".sl-charts-toggle").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "classroom-charts.png"))
        page.locator(".sl-charts-toggle").click()
        page.locator(".js-plotly-plot").first.wait_for(state="detached", timeout=60_000)
    finally:
        page.context.close()


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_a_request_without_the_token_is_refused(class_url: str, browser_page: Any) -> None:
    assert status_of(f"{class_url}/editor") == 403
    assert status_of(f"{class_url}/editor?token=wrong-token-1") == 403
    assert status_of(f"{class_url}/static/assets/favicon.svg") == 403  # the server's files too
    assert status_of(f"{class_url}/static/assets/favicon.svg?token={TOKEN}") == 200
    browser_page.goto(f"{class_url}/play")
    message = browser_page.locator(".sl-classroom-message")
    assert "needs the class's token" in message.inner_text()
    websockets = pytest.importorskip("websockets.sync.client")
    ws_url = class_url.replace("http", "ws") + "/jupyter/api/kernels/k1/channels?session_id=s1"
    with pytest.raises(Exception, match="403"):
        websockets.connect(ws_url, open_timeout=30).close()


def test_the_full_class_page(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory,
                             chromium_browser: Any, artifacts: Path) -> None:
    log = tmp_path_factory.mktemp("classroom-full") / "server.log"
    with classroom(jupyter_env, log, "--max-sessions", "1") as url:
        first = open_editor(chromium_browser, url)
        second = None
        try:
            wait_usable(first)
            second = open_editor(chromium_browser, url)
            message = second.locator(".sl-classroom-message")
            assert message.get_attribute("data-status") == "503"
            assert message.inner_text().startswith("The class is full: 1 students are already connected.")
            assert first.locator(".sl-palette.sl-card-G8").is_enabled()  # the seated student goes on
            second.screenshot(path=str(artifacts / "classroom-full.png"))
        finally:
            first.context.close()
            if second is not None:
                second.context.close()


def test_an_idle_session_is_closed_and_a_reload_starts_afresh(jupyter_env: dict[str, str],
                                                             tmp_path_factory: pytest.TempPathFactory,
                                                             chromium_browser: Any, artifacts: Path) -> None:
    log = tmp_path_factory.mktemp("classroom-idle") / "server.log"
    with classroom(jupyter_env, log, "--idle", str(IDLE_SECONDS), "--max-sessions", "1") as url:
        page = open_editor(chromium_browser, url)
        try:
            wait_usable(page)
            page.locator(".sl-palette.sl-card-G8").click()
            page.locator(".sl-slot-1-s-2", has_text="G8").wait_for(timeout=60_000)
            notice = page.locator(".sl-classroom-idle")
            notice.wait_for(timeout=(IDLE_SECONDS + 60) * 1000)
            assert notice.inner_text().strip() == (
                f"This session was closed after {IDLE_SECONDS} seconds without activity; reload the page to start again.")
            assert page.locator(".sl-palette").count() == 0  # the app is gone with its session
            page.screenshot(path=str(artifacts / "classroom-idle.png"))
            page.reload(timeout=PAGE_TIMEOUT)  # the seat was freed (cap 1): a fresh session, the edit gone
            wait_usable(page)
            assert page.locator(".sl-slot-1-s-2").inner_text().strip() == ""
            assert page.locator(".sl-classroom-idle").count() == 0
        finally:
            page.context.close()
