"""The advisor's searches for a whole class: a small pool of worker processes, each search bounded by
its reply's deadline, the cores shared fairly.

One game alone (a notebook, the Voilà app) searches in its own process, as the bot always did. The
classroom server plays thirty games in one process: there the advisor's searches would share one core
(the GIL) with every student's page and edit, and each bot would wait for the others. With a pool
(:func:`start_pool`, the classroom server's ``--bot-workers``) the searches run in worker processes
(niced below the server, so edits go first), several at once in each (one thread a search), and every
reply is bounded:

- a level's **budget** is the time its rollouts take alone on this server (measured when the pool
  starts: :attr:`SearchPool.seconds_per_rollout`);
- the reply is due within the budget plus :data:`REPLY_MARGIN`;
- when no other search runs, the search plays exactly its rollouts (the same answer, for a seed, as a
  game alone: reproducible);
- otherwise it is bounded by the clock: it gets the time its rollouts would take at its share of the
  worker's core (the searches on that worker, itself included), never past the deadline; a busy class
  gets fewer rollouts, and :class:`Thought` says how many (the page says so).

The searches go through the advisor's public :func:`~schotten_lab.bots.advisor.advise` only.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ...bots import Bot
from ...core.position import Position
from ...core.rules import Player
from ...game import Turn, new_game
from .parts import build_bot

REPLY_MARGIN = 1.0
"""Seconds a reply may take beyond its level's budget (issue 21's target)."""
SAFETY = 0.3
"""Seconds of the margin kept for the best move's reason, the messages and the page's redraw."""
CALIBRATION_ROLLOUTS = 200
"""The search that measures the pool's pace when it starts (the opening: the longest rollouts)."""
THREADS_PER_WORKER = 64
"""Searches a worker runs at once (each session has at most one); more wait for a thread."""
WORKER_NICENESS = 5
"""How much lower the workers' priority is than the server's: a student's edit goes before a search."""


@dataclass(frozen=True, slots=True)
class Search:
    """What a worker is asked: the bot's ``observation``, its level's ``rollouts``, the search's ``seed``,
    and ``seconds`` (``None``: play the rollouts exactly; else a clock bound, fewer rollouts)."""

    observation: Position
    rollouts: int
    seed: int
    seconds: float | None


@dataclass(frozen=True, slots=True)
class Thought:
    """A search's answer: the ``turn`` chosen, the ``rollouts`` played (its own, the fresh deals
    included), the level's ``asked`` rollouts, the search's ``seconds``, and whether the clock bounded
    it (``bounded``: the class was busy)."""

    turn: Turn
    rollouts: int
    asked: int
    seconds: float
    bounded: bool

    @property
    def fewer(self) -> bool:
        """True when the clock cut the search below its level's rollouts (what the page tells)."""
        return self.bounded and self.rollouts < self.asked


def search(request: Search) -> Thought:
    """Run ``request`` with the advisor (in a worker, or in this process: the same code)."""
    from ...bots.advisor import advise

    if request.seconds is None:
        advice = advise(request.observation, iterations=request.rollouts, seed=request.seed, explain_all=False)
    else:
        advice = advise(request.observation, budget_seconds=request.seconds, seed=request.seed, explain_all=False)
    return Thought(advice.decision(), advice.rollouts, request.rollouts, advice.seconds, request.seconds is not None)


def _serve(conn: Connection, niceness: int) -> None:
    """A worker's loop: each request searched in a thread of its own, each answer sent when ready."""
    with contextlib.suppress(OSError):
        os.nice(niceness)
    sending = threading.Lock()
    threads = ThreadPoolExecutor(THREADS_PER_WORKER, thread_name_prefix="search")

    def run(key: int, request: Search) -> None:
        answer: tuple[int, Thought | None, str | None]
        try:
            answer = (key, search(request), None)
        except Exception as exc:  # noqa: BLE001 - said on the page in one sentence, the worker goes on
            answer = (key, None, f"{type(exc).__name__}: {exc}")
        with sending:
            conn.send(answer)

    while True:
        try:
            key, request = conn.recv()
        except (EOFError, OSError):
            break
        threads.submit(run, key, request)
    threads.shutdown(wait=False, cancel_futures=True)


class _Worker:
    """One worker process, the searches sent to it and not yet answered, and the thread reading its answers."""

    def __init__(self, context: Any, niceness: int) -> None:
        mine, theirs = context.Pipe()
        self.conn: Connection = mine
        self.process = context.Process(target=_serve, args=(theirs, niceness), daemon=True, name="schotten-search")
        self.process.start()
        theirs.close()
        self.pending: dict[int, Future[Thought]] = {}
        self.lock = threading.Lock()
        self.alive = True
        threading.Thread(target=self._read, daemon=True, name="schotten-search-answers").start()

    def send(self, key: int, request: Search) -> Future[Thought]:
        future: Future[Thought] = Future()
        with self.lock:
            if not self.alive:
                raise RuntimeError("the search worker has stopped")
            self.pending[key] = future
            self.conn.send((key, request))
        return future

    def _read(self) -> None:
        while True:
            try:
                key, thought, error = self.conn.recv()
            except (EOFError, OSError):
                break
            with self.lock:
                future = self.pending.pop(key, None)
            if future is None:
                continue
            if thought is None:
                future.set_exception(ValueError(error or "the search failed"))
            else:
                future.set_result(thought)
        with self.lock:  # the worker is gone: its searches are answered with an error, not left waiting
            self.alive = False
            stranded, self.pending = list(self.pending.values()), {}
        for future in stranded:
            future.set_exception(RuntimeError("the search worker stopped"))

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()


class SearchPool:
    """``workers`` processes that search for every game of the server (see the module)."""

    def __init__(self, workers: int, *, niceness: int = WORKER_NICENESS) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
            raise ValueError(f"workers: must be a whole number from 1 to 64, not {workers!r}")
        context = multiprocessing.get_context("spawn")  # never fork a server that runs threads
        self._workers = [_Worker(context, niceness) for _ in range(workers)]
        self._load = [0] * workers
        self._lock = threading.Lock()
        self._keys = itertools.count()
        self.seconds_per_rollout = self._calibrate()

    def _calibrate(self) -> float:
        """The seconds a rollout takes in a worker alone (the opening's search, on every worker at once:
        their imports done too); the slowest worker's figure."""
        opening = new_game("base", False, seed=0, first=Player.SOUTH).observation(Player.SOUTH)
        request = Search(opening, CALIBRATION_ROLLOUTS, 0, None)
        thoughts = [f.result(timeout=300) for f in [w.send(next(self._keys), request) for w in self._workers]]
        return max(t.seconds / max(t.rollouts, 1) for t in thoughts)

    def budget(self, rollouts: int) -> float:
        """A level's budget: the seconds its search takes alone here (its rollouts and the fresh deals'
        quarter more, at the measured pace)."""
        return 1.25 * rollouts * self.seconds_per_rollout

    @property
    def busy(self) -> int:
        """Searches running now."""
        with self._lock:
            return sum(self._load)

    def think(self, observation: Position, rollouts: int, seed: int) -> Thought:
        """The advisor's move for ``observation`` at ``rollouts`` a move, due within its budget plus
        :data:`REPLY_MARGIN` (see the module for how the bound is kept)."""
        started = time.monotonic()
        budget = self.budget(rollouts)
        deadline = started + budget + REPLY_MARGIN - SAFETY
        with self._lock:
            live = [i for i, w in enumerate(self._workers) if w.alive]
            if not live:
                raise RuntimeError("no search worker is running")
            index = min(live, key=lambda i: self._load[i])
            quiet = sum(self._load) == 0
            self._load[index] += 1
            sharing = self._load[index]
        seconds = None if quiet else max(0.05, min(budget * sharing, deadline - time.monotonic()))
        try:
            future = self._workers[index].send(next(self._keys), Search(observation, rollouts, seed, seconds))
            return future.result()
        finally:
            with self._lock:
                self._load[index] -= 1

    def close(self) -> None:
        """Stop the workers (their searches in flight are answered with an error)."""
        for worker in self._workers:
            worker.stop()


class PooledAdvisor:
    """The advisor at ``rollouts`` a move as a :class:`~schotten_lab.bots.Bot` whose searches run in
    ``pool``; seeded as :class:`~schotten_lab.bots.advisor.AdvisorBot` (one generator gives each
    decision its seed), so a quiet pool answers as the advisor in this process would. ``last`` is the
    last search's :class:`Thought`."""

    name = "advisor"

    def __init__(self, pool: SearchPool, rollouts: int, seed: int) -> None:
        self.pool = pool
        self.rollouts = rollouts
        self._rng = random.Random(seed)
        self.last: Thought | None = None

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        self.last = self.pool.think(observation, self.rollouts, self._rng.getrandbits(32))
        return self.last.turn


_pool: SearchPool | None = None


def start_pool(workers: int) -> SearchPool:
    """Start the process-wide pool the play pages' advisors search in (the classroom server does, once)."""
    global _pool
    if _pool is not None:
        _pool.close()
    _pool = SearchPool(workers)
    return _pool


def stop_pool() -> None:
    """Stop the process-wide pool: the advisors made afterwards search in their own process again."""
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None


def make_opponent(opponent: str, rollouts: int, seed: int) -> Bot:
    """The bot a game plays against: the advisor searching in the pool when one runs, else
    :func:`~.parts.build_bot`'s bot in this process."""
    if opponent == "advisor" and _pool is not None:
        return PooledAdvisor(_pool, rollouts, seed)
    return build_bot(opponent, rollouts, seed)


__all__ = ["REPLY_MARGIN", "PooledAdvisor", "Search", "SearchPool", "Thought", "make_opponent", "search", "start_pool",
           "stop_pool"]
