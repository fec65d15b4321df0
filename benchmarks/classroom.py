"""A class at once on the classroom server (Solara), in a real Chromium: page times, edit latency, memory.

    nice python benchmarks/classroom.py [--students 30] [--edits 5] [--turns 3] [--app editor|play|both|probe]
                                        [--cached-front-end] [--renderers K]

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

The server's share beside the browser's: the server runs with ``$CLASSROOM_TRACE`` (its gate writes
the time of each websocket message, on the machine's monotonic clock, which this process shares), so
for every page the benchmark splits the time to usable into *front end* (the address opened to the
page's websocket connected: the page's HTML and Solara's front end loaded and run by the browser),
*server* (the websocket connected to the last message the server sent before the page was usable) and
*drawing* (that message to the page usable: the browser), and for every edit or bot reply the server's
round trip (the browser's message received to the server's last message sent for it). Each phase prints
the CPU seconds of the server, of the browser and of the rest of the machine (other people's work), the
load average (least and most, sampled every 0.5 s), and what the browser's CPU per page means for a class
drawn by this one machine's Chromium (pages x CPU per page / cores). It ends with the issue's targets,
each said met or not, and under which conditions: in a classroom each page is drawn by the student's own
computer, so the server's share is what the class's server must meet, the browser-observed figures what a
class whose 30 pages are drawn by this machine sees.

``--app probe``: the same for a page of one line of text (``/probe``, served by the benchmark's own
server only): what this machine's Chromium and the server spend on *any* page of the server (Solara's
front end, a websocket, one widget), the floor under the apps' figures.

``--renderers K``: the class's pages open at most K at a time (the others wait their turn, a student's
time counted from their own page's opening, the wait printed apart): the browser's drawing spread out,
as when students arrive over a minute, a labelled alternative to all at once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
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
from dataclasses import dataclass, field
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
    """The peak RSS of a process tree and the machine's load average (least, most), sampled in a thread."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self._stop = pid, 0, threading.Event()
        self.loads: list[float] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, tree_rss(self.pid))
            self.loads.append(os.getloadavg()[0])
            time.sleep(0.5)

    def reset(self) -> None:
        self.peak = tree_rss(self.pid)
        self.loads = [os.getloadavg()[0]]

    def load_range(self) -> str:
        loads = self.loads or [os.getloadavg()[0]]
        return f"load average {min(loads):.1f} to {max(loads):.1f}"

    def stop(self) -> None:
        self._stop.set()


def start_server(port: int, cap: int, log: Path, trace: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, CLASSROOM_TOKEN=TOKEN, PORT=str(port), PYTHONPATH=str(ROOT),
               SCHOTTEN_GAMES_DIR=str(log.parent / "games"), CLASSROOM_TRACE=str(trace), CLASSROOM_PROBE_PAGE="1")
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


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine has been busy (every core, every process)."""
    import psutil

    times = psutil.cpu_times()
    return float(sum(times) - times.idle - getattr(times, "iowait", 0.0))


class CpuSplit:
    """CPU seconds over a phase: the server, the browser, this benchmark (Playwright's driver and this
    script) and the rest of the machine (other people's work)."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.start = self._now()

    def _now(self) -> tuple[float, float, float, float]:
        server = cpu_seconds([self.server_pid])
        browser = cpu_seconds(browser_pids(), children=False)
        everything_here = cpu_seconds([os.getpid()])
        return server, browser, everything_here - server - browser, machine_busy_seconds()

    def line(self, pages: int) -> str:
        now = self._now()
        server, browser, bench, busy = (b - a for a, b in zip(self.start, now))
        others = max(0.0, busy - server - browser - bench)
        cores = os.cpu_count() or 1
        return (f"CPU over the phase: server {server:.1f} s, browser {browser:.1f} s, benchmark {bench:.1f} s, "
                f"the rest of the machine {others:.1f} s ({cores} cores); browser per page {browser / pages:.2f} s, "
                f"so {pages} pages drawn by this machine's browser need at least {browser / cores:.1f} s of wall "
                f"clock on {cores} cores for the browser alone")


class PageTrace:
    """The student alone's page, seen from the browser: the websocket opened (page HTML and front end
    loaded), the frames received until usable, the CPU seconds of the server and of the browser."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.start = time.monotonic()
        self.ws_open: float | None = None
        self.frames = self.bytes = 0
        self.server_cpu = -cpu_seconds([server_pid])
        self.browser_cpu = -cpu_seconds(browser_pids(), children=False)
        self.done = False

    def watch(self, page: Any) -> None:
        def opened(ws: Any) -> None:
            if self.ws_open is None:
                self.ws_open = time.monotonic() - self.start

            def received(payload: Any) -> None:
                if not self.done:
                    self.frames += 1
                    self.bytes += len(payload)

            ws.on("framereceived", received)

        page.on("websocket", opened)

    def usable(self) -> None:
        self.done = True
        self.server_cpu += cpu_seconds([self.server_pid])
        self.browser_cpu += cpu_seconds(browser_pids(), children=False)

    def line(self) -> str:
        ws = "never" if self.ws_open is None else f"{self.ws_open:.2f} s"
        return (f"the page alone: websocket open (page HTML and front end) {ws}; {self.frames} messages "
                f"({self.bytes / 1e6:.2f} MB) received until usable; CPU: server {self.server_cpu:.2f} s, "
                f"browser {self.browser_cpu:.2f} s")


@dataclass
class Visit:
    """One student's page, on the monotonic clock the server's trace uses: opened, usable, its session's
    id, and each piece of work as (the student's last click, the work's start, its end)."""

    opened: float = 0.0
    usable: float = 0.0
    waited: float = 0.0
    kernel: str | None = None
    work: list[tuple[float, float, float]] = field(default_factory=list)


KERNEL_IN_URL = re.compile(r"/kernels/([^/?]+)/channels")


async def open_page(browser: Any, url: str, ready: list[str], visit: Visit, trace: PageTrace | None = None) -> Any:
    """A page of ``url`` in a context of its own (``browser`` a Browser) or a tab of ``browser`` (a
    shared BrowserContext: ``--cached-front-end``); ``visit`` notes when it opened and was usable."""
    if hasattr(browser, "new_context"):
        context = await browser.new_context(viewport={"width": 1500, "height": 1000})
        page = await context.new_page()
    else:
        page = await browser.new_page()

    def websocket(ws: Any) -> None:
        found = KERNEL_IN_URL.search(ws.url)
        if found and visit.kernel is None:
            visit.kernel = found.group(1)

    page.on("websocket", websocket)
    if trace is not None:
        trace.watch(page)
    visit.opened = time.monotonic()
    await page.goto(url, timeout=TIMEOUT)
    for selector in ready:
        await page.locator(selector).first.wait_for(state="attached", timeout=TIMEOUT)
    visit.usable = time.monotonic()
    if trace is not None:
        trace.usable()
    return page


async def close_page(page: Any) -> None:
    """Close a student's page, and its context unless it is the shared one."""
    if getattr(page.context, "sl_shared", False):
        await page.close()
    else:
        await page.context.close()


EDITOR_READY = [".sl-palette.sl-card-G8:not([disabled])", "svg.schotten-position"]
PLAY_READY = [".sl-play-turn", ".sl-hand-card"]
PROBE_READY = [".sl-probe"]


async def edit(page: Any, k: int) -> tuple[float, float, float]:
    """One edit (k even: place a card from the palette on stone 1 south; odd: take it back): the
    click, and (the same) the start and the end of the board and the diagram redrawn."""
    diagram = await page.locator(".sl-app-diagram").inner_html()
    card = CARDS[(k // 2) % len(CARDS)]
    start = time.monotonic()
    if k % 2 == 0:
        await page.locator(f".sl-palette.sl-card-{card}").click()
    else:
        await page.locator(".sl-slot-1-s-2").click()
    await page.wait_for_function(
        "([card, placed, before]) => { const s = document.querySelector('.sl-slot-1-s-2');"
        " const d = document.querySelector('.sl-app-diagram');"
        " return s && d && (placed ? s.innerText.trim() === card : s.innerText.trim() === '')"
        " && d.innerHTML !== before; }", arg=[card, k % 2 == 0, diagram], timeout=TIMEOUT)
    return start, start, time.monotonic()


async def editor_student(browser: Any, url: str, edits: int, visit: Visit, gate: asyncio.Semaphore | None,
                         trace: PageTrace | None = None) -> None:
    asked = time.monotonic()
    async with gate if gate is not None else contextlib.nullcontext():
        visit.waited = time.monotonic() - asked
        page = await open_page(browser, url, EDITOR_READY, visit, trace)
    print(f"    a page usable after {visit.usable - visit.opened:.1f} s", flush=True)
    for k in range(edits):
        visit.work.append(await edit(page, k))
    await close_page(page)


async def play_turn(page: Any, k: int) -> tuple[float, float, float] | None:
    """One turn of the student's (a card, then stones until one is accepted): the last click, the turn
    accepted, the student's turn again (the bot's reply in between); None when the game ended."""
    turn = page.locator(".sl-play-turn")
    await page.wait_for_function("() => { const s = document.querySelector('.sl-play-turn');"
                                 " return s && (s.dataset.mine === '1' || s.dataset.over === '1'); }", timeout=TIMEOUT)
    if await turn.get_attribute("data-over") == "1":
        return None
    turns = await turn.get_attribute("data-turns")
    clicked = time.monotonic()
    if await page.locator(".sl-play-pass").is_visible():
        await page.locator(".sl-play-pass").click()
    else:
        card = page.locator(".sl-hand-card:visible").filter(has_text=re.compile(r"^\s*[RBGYPN][1-9]\s*$")).first
        await card.click()
        for n in [(k + i) % 9 + 1 for i in range(9)]:
            message = await page.locator(".sl-play-message").inner_text()
            clicked = time.monotonic()
            await page.locator(f".sl-stone-button-{n}").click()
            # the stone's outcome, however long a loaded machine takes to show it: the claims to choose
            # (End turn shown), the turn over, or a refusal (a new message: the next stone is tried)
            await page.wait_for_function(
                "([t, before]) => { const e = document.querySelector('.sl-play-end');"
                " const s = document.querySelector('.sl-play-turn'); const m = document.querySelector('.sl-play-message');"
                " return (e && e.offsetParent !== null) || (s && s.dataset.turns !== t) || (m && m.innerText !== before); }",
                arg=[turns, message], timeout=TIMEOUT)
            if await page.locator(".sl-play-end").is_visible():
                clicked = time.monotonic()
                await page.locator(".sl-play-end").click()
                break
            if await turn.get_attribute("data-turns") != turns:
                break
    start = time.monotonic()
    await page.wait_for_function("(t) => { const s = document.querySelector('.sl-play-turn');"
                                 " return s.dataset.turns !== t && (s.dataset.mine === '1' || s.dataset.over === '1'); }",
                                 arg=turns, timeout=TIMEOUT)
    return clicked, start, time.monotonic()


async def play_student(browser: Any, url: str, turns: int, visit: Visit, gate: asyncio.Semaphore | None,
                       trace: PageTrace | None = None) -> None:
    asked = time.monotonic()
    async with gate if gate is not None else contextlib.nullcontext():
        visit.waited = time.monotonic() - asked
        page = await open_page(browser, url, PLAY_READY, visit, trace)
    print(f"    a page usable after {visit.usable - visit.opened:.1f} s", flush=True)
    for k in range(turns):
        reply = await play_turn(page, k)
        if reply is None:
            break
        visit.work.append(reply)
    await close_page(page)


async def probe_student(browser: Any, url: str, _: int, visit: Visit, gate: asyncio.Semaphore | None,
                        trace: PageTrace | None = None) -> None:
    """A page with one line of text (``/probe``): what the browser spends on any page of the server."""
    asked = time.monotonic()
    async with gate if gate is not None else contextlib.nullcontext():
        visit.waited = time.monotonic() - asked
        page = await open_page(browser, url, PROBE_READY, visit, trace)
    print(f"    a page usable after {visit.usable - visit.opened:.1f} s", flush=True)
    await close_page(page)


def read_trace(path: Path) -> dict[str, list[tuple[float, str, int]]]:
    """The server's trace: each session's websocket events (time, kind, bytes), by session id."""
    sessions: dict[str, list[tuple[float, str, int]]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            sessions.setdefault(record["kernel"], []).extend((t, kind, size) for t, kind, size in record["events"])
    for events in sessions.values():
        events.sort()
    return sessions


@dataclass
class Split:
    """A phase's times, split between the browser and the server (seconds)."""

    usable: list[float] = field(default_factory=list)
    front_end: list[float] = field(default_factory=list)
    server_page: list[float] = field(default_factory=list)
    drawing: list[float] = field(default_factory=list)
    server_answering: list[float] = field(default_factory=list)
    messages: list[float] = field(default_factory=list)
    waited: list[float] = field(default_factory=list)
    work: list[float] = field(default_factory=list)
    server_work: list[float] = field(default_factory=list)
    untraced: int = 0


def split_times(visits: list[Visit], sessions: dict[str, list[tuple[float, str, int]]]) -> Split:
    """Each page's time to usable split at the server's trace: the front end (opened to the websocket
    connected), the server (connected to its last message before usable), the drawing (that message
    to usable); each piece of work's server round trip (its click received to the last message sent
    before the page showed the result)."""
    split = Split()
    for visit in visits:
        split.usable.append(visit.usable - visit.opened)
        split.waited.append(visit.waited)
        split.work.extend(end - start for _, start, end in visit.work)
        events = sessions.get(visit.kernel or "")
        if not events:
            split.untraced += 1
            continue
        connected = next(t for t, kind, _ in events if kind == "open")
        sent = [t for t, kind, _ in events if kind == "send" and t <= visit.usable]
        last = sent[-1] if sent else connected
        split.front_end.append(connected - visit.opened)
        split.server_page.append(last - connected)
        split.drawing.append(visit.usable - last)
        split.messages.append(len(sent))
        split.server_answering.append(answering(events, connected, visit.usable))
        for clicked, _, end in visit.work:
            received = next((t for t, kind, _ in events if kind == "recv" and t >= clicked), None)
            answered = [t for t, kind, _ in events if kind == "send" and received is not None and received <= t <= end]
            if received is not None and answered:
                split.server_work.append(answered[-1] - received)
    return split


def answering(events: list[tuple[float, str, int]], connected: float, usable: float) -> float:
    """Seconds the server spent answering the page until it was usable: from each message of the
    browser (and the connection) to the server's last message before the browser's next one, summed.
    The rest of the websocket's time until usable is the browser's: loading, running and asking."""
    total, mark, last_send = 0.0, connected, None
    for t, kind, _ in events:
        if t > usable:
            break
        if kind == "send":
            last_send = t
        elif kind == "recv":
            if last_send is not None and last_send > mark:
                total += last_send - mark
            mark, last_send = t, None
    if last_send is not None and last_send > mark:
        total += last_send - mark
    return total


def quantiles(values: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile (nearest rank) and maximum."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered), p95, ordered[-1]


@dataclass
class Verdict:
    """What a phase says about the issue's targets."""

    app: str
    students: int
    conditions: str
    lines: list[str] = field(default_factory=list)


def judge(name: str, values: list[float], limit_max: float | None, limit_median: float | None = None,
          p95: bool = False) -> str:
    """One target said met or not, with the figure it rests on."""
    if not values:
        return f"{name}: not measured"
    median, high95, high = quantiles(values)
    parts, met = [], True
    if limit_median is not None:
        parts.append(f"median {median:.2f} s (target {limit_median:.2f} s)")
        met &= median <= limit_median
    if limit_max is not None:
        figure = high95 if p95 else high
        parts.append(f"{'p95' if p95 else 'max'} {figure:.2f} s (target {limit_max:.2f} s)")
        met &= figure <= limit_max
    return f"{'MET    ' if met else 'NOT MET'} {name}: {', '.join(parts)}"


async def run_app(browser: Any, base: str, app: str, students: int, work: int, memory: MemoryWatch,
                  server_pid: int, trace_path: Path, renderers: int | None, verdicts: list[Verdict],
                  conditions: str) -> None:
    query = "&opponent=advisor&rollouts=300" if app == "play" else ""
    student = {"editor": editor_student, "play": play_student, "probe": probe_student}[app]
    label = {"editor": "edit (click to board and diagram redrawn)", "play": "bot reply (advisor, 300 rollouts)",
             "probe": "nothing to do (a page of one line)"}[app]
    shared = getattr(browser, "sl_shared", False)
    alone_reply: list[float] = []
    for count in (1, students):
        if shared and count > 1:
            print(f"  (the {count} students' pages: tabs of one context whose cache holds the front end)")
        gate = asyncio.Semaphore(renderers) if renderers and count > 1 else None
        if gate is not None:
            print(f"  (the {count} students' pages open at most {renderers} at a time)")
        visits = [Visit() for _ in range(count)]
        memory.reset()
        start = time.perf_counter()
        trace = PageTrace(server_pid) if count == 1 else None
        cpu = CpuSplit(server_pid)
        trace_path.write_text("")
        searches_path = Path(f"{trace_path}.searches")
        searches_path.write_text("")
        await asyncio.gather(*(student(browser, f"{base}/{app}?token={TOKEN}{query}&seed={i + 1}", work, visits[i],
                                       gate, trace) for i in range(count)))
        await asyncio.sleep(2)  # the closed pages' websockets end, and the server writes their trace
        wall = time.perf_counter() - start
        split = split_times(visits, read_trace(trace_path))
        print(f"[{app}] {count} student(s) at once, {work} {'edits' if app == 'editor' else 'turns'} each "
              f"({wall:.0f} s in all; {memory.load_range()}):")
        print("  " + summary("time to usable page, in the browser", split.usable))
        if max(split.waited, default=0.0) > 0.05:
            print("  " + summary("waited for a renderer before opening (not counted above)", split.waited))
        print("  " + summary("  of which front end (address to websocket connected)", split.front_end))
        print("  " + summary("  of which server (connected to its last message before usable)", split.server_page))
        print("  " + summary("      the server answering (each browser message to its last answer, summed)",
                             split.server_answering))
        print("  " + summary("  of which drawing (that message to usable)", split.drawing))
        if split.messages:
            print(f"  messages the server sent until usable: median {statistics.median(split.messages):.0f} a page")
        if split.untraced:
            print(f"  ({split.untraced} pages not found in the server's trace)")
        if trace is not None:
            print("  " + trace.line())
        print("  " + summary(label + ", in the browser", split.work))
        at_server = ("  its round trip at the server (the click received to the last message sent)" if app == "editor" else
                     "  at the server: the student's move received to the bot's reply sent (the move's own handling "
                     "included)")
        print("  " + summary(at_server, split.server_work))
        searches = [json.loads(line) for line in searches_path.read_text().splitlines() if line.strip()]
        if searches:
            played = sorted(int(x["rollouts"]) for x in searches)
            print("  " + summary("    of which the search in the pool (asked to answered; its level's budget "
                                 f"{statistics.median(x['budget'] for x in searches):.2f} s)",
                                 [x["answered"] - x["asked"] for x in searches]))
            print(f"      rollouts a search: median {statistics.median(played):.0f}, least {played[0]}, most {played[-1]}; "
                  f"bounded by the clock (others searching) {sum(x['bounded'] for x in searches)} of {len(searches)}, "
                  f"of which below the level's rollouts {sum(x['bounded'] and x['rollouts'] < x['asked_rollouts'] for x in searches)}")
        print("  " + cpu.line(count))
        print(f"  server memory (RSS of its process tree): peak {memory.peak / 2**20:.0f} MB", flush=True)
        alone = count == 1
        verdict = Verdict(app, count, conditions + (f", at most {renderers} pages opening at a time"
                                                    if gate is not None else ""))
        page_max, page_median = (3.0, None) if alone else (10.0, 5.0)
        verdict.lines.append(judge("page usable, in the browser", split.usable, page_max, page_median))
        verdict.lines.append(judge("page at the server, connected to its last message (browser's asking included)",
                                   split.server_page, page_max, page_median))
        verdict.lines.append(judge("page at the server, answering the browser's messages (summed)",
                                   split.server_answering, page_max, page_median))
        if app == "probe":
            pass
        elif app == "editor":
            if not alone:
                verdict.lines.append(judge("edit, in the browser", split.work, 1.0, p95=True))
                verdict.lines.append(judge("edit's round trip at the server", split.server_work, 1.0, p95=True))
        else:
            if alone:
                alone_reply = split.work
            else:
                budget = statistics.median(alone_reply) if alone_reply else 0.0
                verdict.lines.append(judge(f"bot reply, in the browser (budget: a student alone's median "
                                           f"{budget:.2f} s, plus 1 s)", split.work, budget + 1.0, p95=True))
                verdict.lines.append(judge("bot reply at the server (the student's move received to the reply sent)",
                                           split.server_work, budget + 1.0, p95=True))
        verdict.lines.append(f"{'MET    ' if memory.peak < 2.5 * 2**30 else 'NOT MET'} server memory: peak "
                             f"{memory.peak / 2**20:.0f} MB (target 2.5 GB)")
        verdicts.append(verdict)
        await asyncio.sleep(2)


async def main_async(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    port = free_port()
    verdicts: list[Verdict] = []
    with tempfile.TemporaryDirectory() as tmp:
        trace_path = Path(tmp) / "trace.jsonl"
        proc = start_server(port, args.students + 5, Path(tmp) / "server.log", trace_path)
        memory = MemoryWatch(proc.pid)
        before = os.getloadavg()
        print(f"server up; idle RSS {tree_rss(proc.pid) / 2**20:.0f} MB; cores {os.cpu_count()}, "
              f"load {' '.join(f'{x:.1f}' for x in before)}")
        conditions = (f"one Chromium on this machine drawing every page{', front end cached' if args.cached_front_end else ', every page a first visit'}"
                      f", load average {before[0]:.1f} at the start")
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
                                  args.edits if app == "editor" else 0 if app == "probe" else args.turns, memory, proc.pid, trace_path,
                                  args.renderers, verdicts, conditions)
                await browser.close()
        finally:
            memory.stop()
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("\nThe issue's targets (browser: what this machine's Chromium saw; server: the server's share, what a "
          "class whose pages are drawn by the students' own computers waits for, before the network):")
    for verdict in verdicts:
        print(f"[{verdict.app}] {verdict.students} student(s) at once ({verdict.conditions}):")
        for line in verdict.lines:
            print("  " + line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--app", choices=["editor", "play", "both", "probe"], default="both",
                        help="probe: a page of one line, the browser's and the server's floor for any page")
    parser.add_argument("--cached-front-end", action="store_true",
                        help="open the pages as tabs of one context: the front end from the browser's cache")
    parser.add_argument("--renderers", type=int, default=None,
                        help="open the class's pages at most this many at a time (default: all at once)")
    args = parser.parse_args()
    if args.renderers is not None and not 1 <= args.renderers <= 200:
        parser.error("--renderers must be within 1..200")
    if not 1 <= args.students <= 200:
        parser.error("--students must be within 1..200")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a timeout still stops the server (finally)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
