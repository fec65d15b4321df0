"""Timings of the play-against-a-bot app: the bot's move latency per strength, and the Voilà page.

    python benchmarks/play_app.py [--games 2] [--loads 3] [--clicks 6] [--no-browser]
    python benchmarks/play_app.py --class 30 [--turns 3] [--bot-workers 2] [--rollouts 300]

1. **Bot move latency, in-process** (what a click waits for, without the page): for each opponent
   (``random``, ``greedy``, the advisor at every strength of the app), ``--games`` seeded games of
   :class:`~schotten_lab.views.play.PlayGame` where the person's side plays seeded random legal moves;
   the seconds of every bot move (``PlayGame.last_bot_seconds``): median, 90th percentile, maximum.
2. **The Voilà app in Chromium** (``apps/play_advisor.ipynb``, the app's template, one pre-heated kernel
   as ``scripts/voila.sh`` runs it with ``VOILA_PREHEAT=1``): the seconds from the navigation to a
   usable page (the hand's buttons visible and the person to move), ``--loads`` times; then, against
   the advisor at 300 rollouts, ``--clicks`` turns played by clicking (a card, then stones until one is
   accepted) and the seconds from the accepted stone click to the person's turn again (the bot's reply
   drawn in the page). Requests to another host are listed (a CDN: there must be none).

Needs the notebooks and dev extras and Debian's ``/usr/bin/chromium`` for part 2.

``--class N`` instead: N games at once in one process, each in a thread of its own (as the classroom
server runs its sessions), without pages: every person plays seeded random moves as fast as the bot
answers, ``--turns`` turns each, against the advisor at ``--rollouts``. The bot's searches run in a
pool of ``--bot-workers`` processes (:mod:`schotten_lab.views.play.thinking`; 0: in the games' own
process, as before the pool). Prints every bot reply's seconds (median, p95, max) against the level's
budget plus 1 s (the pool's measured budget; without a pool, one game alone's median reply), the
rollouts the searches played, how many replies were cut short by a busy class, the CPU seconds of
the process and of its workers, and the load average.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from voila_app import ARGS, CHROMIUM, free_port, start_voila  # noqa: E402

from schotten_lab.bots import Budget  # noqa: E402
from schotten_lab.views.play import STRENGTHS, PlayGame  # noqa: E402

MY_TURN = ".sl-play-turn[data-mine='1']"


def figures(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered):.3f} s, p90 {p90:.3f} s, max {ordered[-1]:.3f} s ({len(ordered)} moves)"


def bot_latency(games: int) -> None:
    cases = [("random", 1), ("greedy", 1)] + [("advisor", n) for n in STRENGTHS.values()]
    with tempfile.TemporaryDirectory() as tmp:
        for opponent, rollouts in cases:
            seconds: list[float] = []
            for seed in range(games):
                game = PlayGame(opponent, Budget(rollouts=max(rollouts, 1)), seed=seed, save_dir=tmp)
                rng = random.Random(seed)
                while not game.state.over:
                    if game.state.to_move is not game.human:  # the bot failed to move: say so, do not spin
                        raise SystemExit(f"{opponent} did not move (seed {seed}): {game.message}")
                    plays = game.state.legal_plays()
                    if plays:
                        play = rng.choice(plays)
                        game.play(play.card, play.stone)  # type: ignore[arg-type]
                    else:
                        game.pass_turn()
                seconds.extend(game.last_bot_seconds)
            name = opponent if opponent != "advisor" else f"advisor {rollouts} rollouts"
            print(f"bot move, {name:<24} {figures(seconds)}")


def browser(loads: int, clicks: int) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    with tempfile.TemporaryDirectory(prefix="schotten-play-bench-") as tmp:
        proc = start_voila(Path(tmp), port, ROOT, "schotten", notebook="play_advisor.ipynb")
        remote: set[str] = set()
        try:
            url = f"http://127.0.0.1:{port}/"
            usable: list[float] = []
            replies: list[float] = []
            with sync_playwright() as pw:
                chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                for k in range(loads):
                    context = chromium.new_context(viewport={"width": 1500, "height": 1000})
                    page = context.new_page()
                    page.on("request", lambda r: remote.add(r.url) if urlparse(r.url).hostname not in
                            ("127.0.0.1", "localhost", None) and not r.url.startswith("data:") else None)
                    start = time.perf_counter()
                    query = "?opponent=advisor&rollouts=300&seed=1" if k == loads - 1 else "?opponent=random"
                    page.goto(url + query, wait_until="domcontentloaded", timeout=180_000)
                    page.locator(".sl-hand-card").first.wait_for(state="visible", timeout=180_000)
                    page.locator(MY_TURN).wait_for(state="attached", timeout=180_000)
                    usable.append(time.perf_counter() - start)
                    if k == loads - 1:
                        replies = click_turns(page, clicks)
                    context.close()
                chromium.close()
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print(f"Voilà play app, {loads} loads: usable page median {statistics.median(usable):.1f} s "
          f"({', '.join(f'{t:.1f}' for t in usable)})")
    if replies:
        print(f"in the page, stone click to the person's turn again (advisor 300 rollouts): {figures(replies)}")
    print("requests to other hosts:", ", ".join(sorted(remote)) if remote else "none")


def click_turns(page: object, clicks: int) -> list[float]:
    """Play ``clicks`` turns by clicking; the seconds from each accepted stone click to the next turn."""
    replies: list[float] = []
    for k in range(clicks):
        turns = page.locator(".sl-play-turn").get_attribute("data-turns")  # type: ignore[attr-defined]
        if page.locator(".sl-play-turn").get_attribute("data-over") == "1":  # type: ignore[attr-defined]
            break
        card = page.locator(".sl-hand-card:visible").first  # type: ignore[attr-defined]
        code = card.inner_text().strip()
        card.click()
        page.locator(".sl-play-message", has_text=f"{code} chosen").wait_for(timeout=60_000)  # type: ignore[attr-defined]
        for n in [(k + i) % 9 + 1 for i in range(9)]:
            start = time.perf_counter()
            page.locator(f".sl-stone-button-{n}").click()  # type: ignore[attr-defined]
            page.wait_for_function(  # type: ignore[attr-defined]
                "([turns, code, n]) => { const s = document.querySelector('.sl-play-turn');"
                " const m = document.querySelector('.sl-play-message').innerText;"
                " return (s.dataset.turns !== turns && (s.dataset.mine === '1' || s.dataset.over === '1'))"
                " || m.includes(code + ' cannot go on stone ' + n) || m.includes('you can claim'); }",
                arg=[turns, code, n], timeout=120_000)
            if page.locator(".sl-play-end").is_visible():  # type: ignore[attr-defined]
                page.locator(".sl-play-end").click()  # type: ignore[attr-defined]
                page.locator(MY_TURN).wait_for(state="attached", timeout=120_000)  # type: ignore[attr-defined]
                break
            if page.locator(".sl-play-turn").get_attribute("data-turns") != turns:  # type: ignore[attr-defined]
                replies.append(time.perf_counter() - start)
                break
    return replies


def a_class(students: int, turns: int, workers: int, rollouts: int) -> None:
    """``students`` games at once, one thread each (see the module's docstring)."""
    import os
    import resource
    import threading

    from schotten_lab.views.play import thinking

    def one_game(seed: int, tmp: str, replies: list[float], thoughts: list[thinking.Thought], ready: threading.Barrier) -> None:
        ready.wait()
        game = PlayGame("advisor", Budget(rollouts=rollouts), seed=seed, save_dir=tmp)
        rng = random.Random(seed)
        for _ in range(turns):
            if game.state.over or game.state.to_move is not game.human:
                break
            plays = game.state.legal_plays()
            if plays:
                play = rng.choice(plays)
                game.play(play.card, play.stone)  # type: ignore[arg-type]
            else:
                game.pass_turn()
            if isinstance(game.bot, thinking.PooledAdvisor) and game.bot.last is not None:
                thoughts.append(game.bot.last)
        replies.extend(game.last_bot_seconds)

    def run(n: int, tmp: str) -> tuple[list[float], list[thinking.Thought], float]:
        replies: list[float] = []
        thoughts: list[thinking.Thought] = []
        ready = threading.Barrier(n)
        threads = [threading.Thread(target=one_game, args=(seed, tmp, replies, thoughts, ready)) for seed in range(n)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return replies, thoughts, time.perf_counter() - started

    def cpu() -> float:
        own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    def workers_cpu() -> float:
        total = 0.0
        for worker in getattr(pool, "_workers", []):
            with open(f"/proc/{worker.process.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    pool = thinking.start_pool(workers) if workers else None
    with tempfile.TemporaryDirectory() as tmp:
        alone, _, _ = run(1, tmp)
        budget = pool.level_seconds(rollouts) if pool is not None else statistics.median(alone)
        load_before = os.getloadavg()[0]
        cpu_before, workers_before = cpu(), workers_cpu()
        replies, thoughts, wall = run(students, tmp)
        cpu_used, workers_used = cpu() - cpu_before, workers_cpu() - workers_before
    if pool is not None:
        thinking.stop_pool()
    ordered = sorted(replies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    within = sum(r <= budget + 1.0 for r in replies)
    where = f"a pool of {workers} worker processes" if workers else "the games' own process (no pool)"
    print(f"{students} games at once, {turns} turns each, advisor {rollouts} rollouts, searches in {where}; "
          f"load average {load_before:.1f} -> {os.getloadavg()[0]:.1f}, {wall:.1f} s in all")
    print(f"  one game alone: bot reply median {statistics.median(alone):.2f} s; the level's budget {budget:.2f} s "
          f"({'the pool' + chr(39) + 's measured pace' if pool is not None else 'that median'})")
    print(f"  bot reply: median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s "
          f"({len(ordered)} replies); within the budget plus 1 s: {within} of {len(ordered)}")
    if thoughts:
        played = sorted(t.rollouts for t in thoughts)
        print(f"  rollouts played a search: median {statistics.median(played):.0f}, least {played[0]}, most {played[-1]} "
              f"(the level: {rollouts} and a quarter more fresh deals); cut short by a busy class: "
              f"{sum(t.fewer for t in thoughts)} of {len(thoughts)}")
    print(f"  CPU: this process and its children {cpu_used:.1f} s, of which the workers {workers_used:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class", dest="students", type=int, default=0,
                        help="instead: this many games at once in one process (the classroom's sessions), no pages")
    parser.add_argument("--turns", type=int, default=3, help="with --class: the person's turns in each game")
    parser.add_argument("--bot-workers", type=int, default=2, help="with --class: search processes (0: none)")
    parser.add_argument("--rollouts", type=int, default=300, help="with --class: the advisor's level")
    parser.add_argument("--games", type=int, default=2, help="games per opponent for the in-process latency")
    parser.add_argument("--loads", type=int, default=3, help="page loads of the Voilà app")
    parser.add_argument("--clicks", type=int, default=6, help="turns played by clicking against the advisor")
    parser.add_argument("--no-browser", action="store_true", help="only the in-process bot latency")
    args = parser.parse_args()
    if args.students:
        if not 1 <= args.students <= 200 or not 1 <= args.turns <= 30 or not 0 <= args.bot_workers <= 16:
            parser.error("--class within 1..200, --turns within 1..30, --bot-workers within 0..16")
        a_class(args.students, args.turns, args.bot_workers, args.rollouts)
        return
    bot_latency(args.games)
    if not args.no_browser:
        browser(args.loads, args.clicks)


if __name__ == "__main__":
    main()
