"""A class at once on the classroom server (Solara), in a real Chromium: page times, edit latency, memory.

    nice python benchmarks/classroom.py [--students 30] [--edits 5] [--turns 3] [--app editor|play|both]
                                        [--cached-front-end]

Starts ``python -m schotten_lab.views.classroom`` on a free local port (cap: students + 5), then for
each app: one student alone opens the page (the page usable on a running server), then ``--students``
students open it at once (one browser context each, all in one Chromium on this machine) and work:

- editor: each makes ``--edits`` edits (a card placed from the palette, then taken back, ...); an
  edit's latency is the click to the board *and* the diagram under it redrawn (the panel's refresh);
- play (``?opponent=advisor&rollouts=300``): each plays ``--turns`` turns; the bot's reply time is the
  turn accepted to the student's turn again (the advisor's budget: 300 rollouts).

It prints time-to-usable per page (median, max: the palette's G8 visible and the position's diagram,
``svg.schotten-position``, drawn; for play the hand shown), the latencies (median, p95, max), the
server's memory (RSS of its process tree, sampled every 0.5 s: peak), and the machine's load. For the
student alone it also says where the page's time went: the page's HTML and Solara's front end (the
websocket opened), the widgets' messages received until the page was usable (count and size), and
the CPU seconds the server and the browser spent on it (CPU time: less moved by other work than the
wall clock on a shared machine). The
browser runs on the same 2 cores as the server: on a shared machine its rendering is part of every
figure (in a classroom each student's own computer renders its page). Figures are printed, never
asserted. Needs the classroom and dev extras and Debian's ``/usr/bin/chromium``.

``--cached-front-end``: the class's pages open as tabs of one browser context that the student alone
has already visited, so Solara's front end (4 MB of JavaScript, CSS and fonts) comes from the
browser's cache, as in returning students' browsers; each tab is still a session of its own. Without
it every student is a first visit (a context of their own), the harder case.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("SCHOTTEN_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
TOKEN = "benchmark-token"
TIMEOUT = 600_000
CARDS = ["G8", "B5", "Y4", "P3", "N2", "R1", "G4", "B6"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tree_rss(pid: int) -> int:
    """Bytes resident in process ``pid`` and its descendants."""
    import psutil

    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for proc in procs:
        try:
            total += proc.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total


class MemoryWatch:
    """The peak RSS of a process tree, sampled in a thread."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self._stop = pid, 0, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, tree_rss(self.pid))
            time.sleep(0.5)

    def reset(self) -> None:
        self.peak = tree_rss(self.pid)

    def stop(self) -> None:
        self._stop.set()


def start_server(port: int, cap: int, log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, CLASSROOM_TOKEN=TOKEN, PORT=str(port), PYTHONPATH=str(ROOT),
               SCHOTTEN_GAMES_DIR=str(log.parent / "games"))
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "schotten_lab.views.classroom", "--max-sessions", str(cap)],
                                env=env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited:\n{log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/assets/favicon.svg?token={TOKEN}", timeout=5):
                return proc
        except OSError:
            time.sleep(0.5)
    raise TimeoutError("the classroom server did not answer within 180 s")


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no values"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"{name}: n={len(values)} median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, "
            f"max {ordered[-1]:.2f} s")


def cpu_seconds(pids: list[int], children: bool = True) -> float:
    """CPU seconds (user + system) used so far by processes ``pids`` (and their descendants)."""
    import psutil

    total = 0.0
    for pid in pids:
        try:
            root = psutil.Process(pid)
            procs = [root, *root.children(recursive=True)] if children else [root]
        except psutil.NoSuchProcess:
            continue
        for proc in procs:
            try:
                times = proc.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                pass
    return total


def browser_pids() -> list[int]:
    """The Chromium processes started by this benchmark (through Playwright's driver)."""
    import psutil

    return [p.pid for p in psutil.Process().children(recursive=True) if "chrom" in p.name().lower()]


class PageTrace:
    """Where one page's time went: the websocket opened (page HTML and front end loaded), the frames
    received until usable, the CPU seconds of the server and of the browser."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.start = time.perf_counter()
        self.ws_open: float | None = None
        self.frames = self.bytes = 0
        self.server_cpu = -cpu_seconds([server_pid])
        self.browser_cpu = -cpu_seconds(browser_pids(), children=False)

    def watch(self, page: Any) -> None:
        def opened(ws: Any) -> None:
            if self.ws_open is None:
                self.ws_open = time.perf_counter() - self.start

            def received(payload: Any) -> None:
                self.frames += 1
                self.bytes += len(payload)

            ws.on("framereceived", received)

        page.on("websocket", opened)

    def usable(self) -> None:
        self.server_cpu += cpu_seconds([self.server_pid])
        self.browser_cpu += cpu_seconds(browser_pids(), children=False)

    def line(self) -> str:
        ws = "never" if self.ws_open is None else f"{self.ws_open:.2f} s"
        return (f"where the time went: websocket open (page HTML and front end) {ws}; {self.frames} messages "
                f"({self.bytes / 1e6:.2f} MB) until usable; CPU: server {self.server_cpu:.2f} s, "
                f"browser {self.browser_cpu:.2f} s")


async def open_page(browser: Any, url: str, ready: list[str], trace: PageTrace | None = None) -> tuple[Any, float]:
    """A page of ``url`` in a context of its own (``browser`` a Browser) or a tab of ``browser`` (a
    shared BrowserContext: ``--cached-front-end``), and the seconds until it was usable."""
    if hasattr(browser, "new_context"):
        context = await browser.new_context(viewport={"width": 1500, "height": 1000})
        page = await context.new_page()
    else:
        page = await browser.new_page()
    if trace is not None:
        trace.watch(page)
    start = time.perf_counter()
    await page.goto(url, timeout=TIMEOUT)
    for selector in ready:
        await page.locator(selector).first.wait_for(state="attached", timeout=TIMEOUT)
    if trace is not None:
        trace.usable()
    return page, time.perf_counter() - start


async def close_page(page: Any) -> None:
    """Close a student's page, and its context unless it is the shared one."""
    if getattr(page.context, "sl_shared", False):
        await page.close()
    else:
        await page.context.close()


EDITOR_READY = [".sl-palette.sl-card-G8:not([disabled])", "svg.schotten-position"]
PLAY_READY = [".sl-play-turn", ".sl-hand-card"]


async def edit(page: Any, k: int) -> float:
    """One edit (k even: place a card from the palette on stone 1 south; odd: take it back); seconds
    from the click to the board and the diagram redrawn."""
    diagram = await page.locator(".sl-app-diagram").inner_html()
    card = CARDS[(k // 2) % len(CARDS)]
    start = time.perf_counter()
    if k % 2 == 0:
        await page.locator(f".sl-palette.sl-card-{card}").click()
    else:
        await page.locator(".sl-slot-1-s-2").click()
    await page.wait_for_function(
        "([card, placed, before]) => { const s = document.querySelector('.sl-slot-1-s-2');"
        " const d = document.querySelector('.sl-app-diagram');"
        " return s && d && (placed ? s.innerText.trim() === card : s.innerText.trim() === '')"
        " && d.innerHTML !== before; }", arg=[card, k % 2 == 0, diagram], timeout=TIMEOUT)
    return time.perf_counter() - start


async def editor_student(browser: Any, url: str, edits: int, loads: list[float], latencies: list[float],
                         trace: PageTrace | None = None) -> None:
    page, seconds = await open_page(browser, url, EDITOR_READY, trace)
    loads.append(seconds)
    print(f"    a page usable after {seconds:.1f} s", flush=True)
    for k in range(edits):
        latencies.append(await edit(page, k))
    await close_page(page)


async def play_turn(page: Any, k: int) -> float | None:
    """One turn of the student's (a card, then stones until one is accepted); seconds from the turn
    accepted to the student's turn again (the bot's reply), None when the game ended."""
    turn = page.locator(".sl-play-turn")
    await page.wait_for_function("() => { const s = document.querySelector('.sl-play-turn');"
                                 " return s && (s.dataset.mine === '1' || s.dataset.over === '1'); }", timeout=TIMEOUT)
    if await turn.get_attribute("data-over") == "1":
        return None
    turns = await turn.get_attribute("data-turns")
    if await page.locator(".sl-play-pass").is_visible():
        await page.locator(".sl-play-pass").click()
    else:
        card = page.locator(".sl-hand-card:visible").filter(has_text=re.compile(r"^\s*[RBGYPN][1-9]\s*$")).first
        await card.click()
        for n in [(k + i) % 9 + 1 for i in range(9)]:
            await page.locator(f".sl-stone-button-{n}").click()
            await page.wait_for_timeout(150)
            if await page.locator(".sl-play-end").is_visible():
                await page.locator(".sl-play-end").click()
                break
            if await turn.get_attribute("data-turns") != turns:
                break
    start = time.perf_counter()
    await page.wait_for_function("(t) => { const s = document.querySelector('.sl-play-turn');"
                                 " return s.dataset.turns !== t && (s.dataset.mine === '1' || s.dataset.over === '1'); }",
                                 arg=turns, timeout=TIMEOUT)
    return time.perf_counter() - start


async def play_student(browser: Any, url: str, turns: int, loads: list[float], replies: list[float],
                       trace: PageTrace | None = None) -> None:
    page, seconds = await open_page(browser, url, PLAY_READY, trace)
    loads.append(seconds)
    print(f"    a page usable after {seconds:.1f} s", flush=True)
    for k in range(turns):
        reply = await play_turn(page, k)
        if reply is None:
            break
        replies.append(reply)
    await close_page(page)


async def run_app(browser: Any, base: str, app: str, students: int, work: int, memory: MemoryWatch,
                  server_pid: int) -> None:
    query = "&opponent=advisor&rollouts=300" if app == "play" else ""
    student = editor_student if app == "editor" else play_student
    label = "edit (click to board and diagram redrawn)" if app == "editor" else "bot reply (advisor, 300 rollouts)"
    shared = getattr(browser, "sl_shared", False)
    for count in (1, students):
        if shared and count > 1:
            print(f"  (the {count} students' pages: tabs of one context whose cache holds the front end)")
        loads: list[float] = []
        work_times: list[float] = []
        memory.reset()
        start = time.perf_counter()
        trace = PageTrace(server_pid) if count == 1 else None
        phase_cpu = (cpu_seconds([server_pid]), cpu_seconds(browser_pids(), children=False))
        await asyncio.gather(*(student(browser, f"{base}/{app}?token={TOKEN}{query}&seed={i + 1}", work, loads,
                                       work_times, trace) for i in range(count)))
        wall = time.perf_counter() - start
        print(f"[{app}] {count} student(s) at once, {work} {'edits' if app == 'editor' else 'turns'} each "
              f"({wall:.0f} s in all; load {os.getloadavg()[0]:.1f}):")
        print("  " + summary("time to usable page", loads))
        if trace is not None:
            print("  " + trace.line())
        print("  " + summary(label, work_times))
        print(f"  CPU over the phase (pages and work): server {cpu_seconds([server_pid]) - phase_cpu[0]:.1f} s, "
              f"browser {cpu_seconds(browser_pids(), children=False) - phase_cpu[1]:.1f} s (2 cores)")
        print(f"  server memory (RSS of its process tree): peak {memory.peak / 2**20:.0f} MB", flush=True)
        await asyncio.sleep(2)


async def main_async(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, args.students + 5, Path(tmp) / "server.log")
        memory = MemoryWatch(proc.pid)
        print(f"server up; idle RSS {tree_rss(proc.pid) / 2**20:.0f} MB; cores {os.cpu_count()}, "
              f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                target: Any = browser
                if args.cached_front_end:
                    target = await browser.new_context(viewport={"width": 1500, "height": 1000})
                    target.sl_shared = True
                apps = ["editor", "play"] if args.app == "both" else [args.app]
                for app in apps:
                    await run_app(target, f"http://127.0.0.1:{port}", app, args.students,
                                  args.edits if app == "editor" else args.turns, memory, proc.pid)
                await browser.close()
        finally:
            memory.stop()
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--app", choices=["editor", "play", "both"], default="both")
    parser.add_argument("--cached-front-end", action="store_true",
                        help="open the pages as tabs of one context: the front end from the browser's cache")
    args = parser.parse_args()
    if not 1 <= args.students <= 200:
        parser.error("--students must be within 1..200")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a timeout still stops the server (finally)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
