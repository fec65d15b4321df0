"""The advisor's searches for a whole class: a small pool of worker processes, each search bounded by
its reply's deadline, the cores shared fairly.

One game alone (a notebook, the Voilà app) searches in its own process, as the bot always did. The
classroom server plays thirty games in one process: there the advisor's searches would share one core
(the GIL) with every student's page and edit, and each bot would wait for the others. With a pool
(:func:`start_pool`, the classroom server's ``--bot-workers``) the searches run in worker processes,
one at a time in each, earliest deadline first, and every reply is bounded:

- a level's **time** (``SearchPool.level_seconds``) is the time its rollouts take alone on a free core of this server (their CPU
  time, measured when the pool starts: :attr:`SearchPool.seconds_per_rollout`);
- the reply is due within that time plus :data:`REPLY_MARGIN` (:data:`SAFETY` of it kept for the best
  move's reason, the messages and the page);
- when no other search runs or waits, the search plays exactly its rollouts (the same answer, for a
  seed, as a game alone: reproducible);
- otherwise, when its turn comes, its time left before the deadline is shared equally with the
  searches waiting behind it on that worker: a share that covers its time plays exactly its rollouts
  again, a smaller one bounds it by the clock; a busy class gets fewer rollouts, and :class:`Thought`
  says how many (the page says so).

Running one search at a time per worker (not one thread each) matters: thirty searches sharing a
worker's lock would each take thirty times their fixed costs (the reasons, the deals' set-up) in wall
clock, and overran their deadlines by seconds in the measurements.

The searches go through the advisor's public :func:`~schotten_lab.bots.advisor.advise` only.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import json
import math
import os
import pickle
import random
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ...bots import Bot
from ...bots.budget import Budget, rollout_budget
from ...core.position import Position
from ...core.rules import Player
from ...game import Turn, apply_turn, new_game
from ...game.playout import random_decision
from .parts import PLAY_BUDGET, build_bot

REPLY_MARGIN = 1.0
"""Seconds a reply may take beyond its level's time (issue 21's target)."""
SAFETY = 0.3
"""Seconds of the margin kept for the best move's reason, the messages and the page's redraw."""
CALIBRATION_ROLLOUTS = 200
"""The search that measures the pool's pace when it starts."""
CALIBRATION_TURNS = 8
"""Random turns played before that search: a middle game, whose rollouts are typical."""
WORKER_NICENESS = 0
"""How much lower the workers' priority is than the server's (0: the same). Measured: +5 starved the
searches on a loaded machine (replies of 2–4 s past a 1.5 s deadline), so the clock bound is what
keeps the searches from crowding the edits out."""


@dataclass(frozen=True, slots=True)
class Search:
    """What a worker is asked: the bot's ``observation``, its level's ``rollouts`` and ``level_seconds``
    (the time they take alone, :meth:`SearchPool.level_seconds`), the search's ``seed``, and ``deadline`` (``time.monotonic``, the machine's clock, which
    the workers share; ``None``: play the rollouts exactly, whatever the clock); ``history``, the game's
    turns so far (the advisor reads the opponent's plays from them: :mod:`schotten_lab.bots.inference`)."""

    observation: Position
    rollouts: int
    seed: int
    level_seconds: float
    deadline: float | None
    history: tuple[Turn | Mapping[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Thought:
    """A search's answer: the ``turn`` chosen, the ``rollouts`` played (its own, the fresh deals
    included), the level's ``asked`` rollouts, the search's ``seconds``, and whether the clock bounded
    it (``bounded``: the class was busy), and the CPU seconds of its thread (``cpu_seconds``: what it
    would take alone on a free core)."""

    turn: Turn
    rollouts: int
    asked: int
    seconds: float
    bounded: bool
    cpu_seconds: float = 0.0

    @property
    def fewer(self) -> bool:
        """True when the clock cut the Monte Carlo search below its level's rollouts (what the page
        tells); never for an answer without rollouts (the exact endgame, a move that wins at once)."""
        return self.bounded and 0 < self.rollouts < self.asked


MIN_SECONDS = 0.02
"""The least clock a bounded search gets (a few deals), even past its deadline: a move, not a failure."""


def search(request: Search, waiting: int = 1) -> Thought:
    """Run ``request`` with the advisor (in a worker, or in this process: the same code); ``waiting``
    searches (itself included) share the time left before its deadline. When its share covers its
    level's time the search plays exactly its level's rollouts (as a game alone); otherwise the clock bounds it
    at its share (at least :data:`MIN_SECONDS`)."""
    from ...bots.advisor import advise

    cpu = time.thread_time()
    share = None if request.deadline is None else (request.deadline - time.monotonic()) / max(waiting, 1)
    if share is None or share >= request.level_seconds or request.level_seconds <= MIN_SECONDS:  # its rollouts fit: all of them
        advice = advise(request.observation, budget=Budget(rollouts=request.rollouts), seed=request.seed, explain_all=False,
                        history=request.history)  # fmt: skip
    else:
        advice = advise(request.observation, budget=Budget(seconds=max(MIN_SECONDS, share)), seed=request.seed, explain_all=False,
                        history=request.history)  # fmt: skip
    return Thought(advice.decision(), advice.rollouts, request.rollouts, advice.seconds, advice_bounded(share, request),
                   time.thread_time() - cpu)


def advice_bounded(share: float | None, request: Search) -> bool:
    """Whether :func:`search` bounded ``request`` by the clock: its share of the time left was below
    its level's time (a level whose rollouts take less than :data:`MIN_SECONDS` always plays them all)."""
    return share is not None and share < request.level_seconds and request.level_seconds > MIN_SECONDS


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """A worker's loop (``python -m schotten_lab.views.play.search_worker``): requests read from
    ``requests`` into a queue, searched one at a time, earliest deadline first (an exact search first of
    all: it was sent to an idle pool), each answer written to ``answers``."""
    queue: list[tuple[float, int, Search]] = []
    ready = threading.Condition()
    closed = False

    def searcher() -> None:
        while True:
            with ready:
                while not queue and not closed:
                    ready.wait()
                if not queue:
                    return
                _, key, request = heapq.heappop(queue)
                horizon = (request.deadline or 0.0) + request.level_seconds  # those due about as soon share its time
                waiting = 1 + sum(1 for due, _, queued in queue if queued.deadline is not None and due <= horizon)
            answer: tuple[int, Thought | None, str | None]
            try:
                answer = (key, search(request, waiting), None)
            except Exception as exc:  # noqa: BLE001 - said on the page in one sentence, the worker goes on
                answer = (key, None, f"{type(exc).__name__}: {exc}")
            pickle.dump(answer, answers)
            answers.flush()

    thread = threading.Thread(target=searcher, name="search")
    thread.start()
    while True:
        try:
            key, request = pickle.load(requests)
        except (EOFError, OSError, pickle.UnpicklingError):
            break
        with ready:
            heapq.heappush(queue, (-math.inf if request.deadline is None else request.deadline, key, request))
            ready.notify()
    with ready:
        closed = True
        queue.clear()
        ready.notify()
    thread.join()


class _Worker:
    """One worker process (a fresh Python: nothing of the server is imported again), the searches
    sent to it and not yet answered, and the thread reading its answers. Requests and answers are
    pickles on the worker's standard input and output (its own process, its own data only)."""

    def __init__(self, niceness: int) -> None:
        root = str(Path(__file__).resolve().parents[3])  # this package's folder, first on the worker's path
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])]))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "schotten_lab.views.play.search_worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, env=env, preexec_fn=(lambda: os.nice(niceness)) if niceness else None,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.requests, self.answers = self.process.stdin, self.process.stdout
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
            try:
                pickle.dump((key, request), self.requests)
                self.requests.flush()
            except OSError:
                self.pending.pop(key, None)
                raise RuntimeError("the search worker has stopped") from None
        return future

    def _read(self) -> None:
        while True:
            try:
                key, thought, error = pickle.load(self.answers)
            except (EOFError, OSError, pickle.UnpicklingError):
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
            self.requests.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        with contextlib.suppress(OSError):
            self.answers.close()


class SearchPool:
    """``workers`` processes that search for every game of the server (see the module). With ``trace``
    (a file), one JSON line a search: asked and answered (``time.monotonic``), its level's time (the key ``budget``, seconds),
    whether the clock bounded it, the rollouts played, its own seconds and CPU seconds."""

    def __init__(self, workers: int, *, niceness: int = WORKER_NICENESS, trace: Path | None = None) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
            raise ValueError(f"workers: must be a whole number from 1 to 64, not {workers!r}")
        self.trace = trace
        self._workers = [_Worker(niceness) for _ in range(workers)]
        self._load = [0] * workers
        self._lock = threading.Lock()
        self._keys = itertools.count()
        try:
            self.seconds_per_rollout = self._calibrate()
        except BaseException:  # a pool that could not start leaves no process behind
            self.close()
            raise

    def _calibrate(self) -> float:
        """The CPU seconds a rollout takes in a worker (so: alone on a free core, whatever else the
        machine runs meanwhile): a seeded game's search after :data:`CALIBRATION_TURNS` random turns
        (a typical one), twice on every worker (their imports done by the first); the least figure."""
        rng, state = random.Random(0), new_game("base", False, seed=0, first=Player.SOUTH)
        for _ in range(CALIBRATION_TURNS):
            state, _ = apply_turn(state, random_decision(state, rng))
        request = Search(state.observation(state.to_move), CALIBRATION_ROLLOUTS, 0, 0.0, None)
        thoughts = [f.result(timeout=300) for f in [w.send(next(self._keys), request) for w in self._workers for _ in range(2)]]
        return min(t.cpu_seconds / max(t.rollouts, 1) for t in thoughts)

    def level_seconds(self, rollouts: int) -> float:
        """A level's time: the seconds its search takes alone here (its rollouts and the fresh deals'
        quarter more, at the measured pace)."""
        return 1.25 * rollouts * self.seconds_per_rollout

    @property
    def busy(self) -> int:
        """Searches sent and not yet answered."""
        with self._lock:
            return sum(self._load)

    def think(self, observation: Position, budget: Budget, seed: int, history: Sequence[Turn | Mapping[str, Any]] = ()) -> Thought:
        """The advisor's move for ``observation`` at its level, ``budget`` (a
        :class:`~schotten_lab.bots.Budget` of rollouts a move; a plain number is the deprecated
        spelling), ``history`` the game's turns so far; due within the level's time plus
        :data:`REPLY_MARGIN` (see the module for how the bound is kept)."""
        rollouts = rollout_budget(budget, "SearchPool.think", default=PLAY_BUDGET).rollouts or 0
        seconds = self.level_seconds(rollouts)
        deadline = time.monotonic() + seconds + REPLY_MARGIN - SAFETY
        with self._lock:
            live = [i for i, w in enumerate(self._workers) if w.alive]
            if not live:
                raise RuntimeError("no search worker is running")
            index = min(live, key=lambda i: self._load[i])
            quiet = sum(self._load) == 0
            self._load[index] += 1
        asked = time.monotonic()
        try:
            request = Search(observation, rollouts, seed, seconds, None if quiet else deadline, tuple(history))
            thought = self._workers[index].send(next(self._keys), request).result()
        finally:
            with self._lock:
                self._load[index] -= 1
        if self.trace is not None:
            line = json.dumps({"asked": asked, "answered": time.monotonic(), "budget": seconds, "bounded": thought.bounded,
                               "rollouts": thought.rollouts, "asked_rollouts": rollouts, "seconds": thought.seconds,
                               "cpu": thought.cpu_seconds})
            with self._lock, self.trace.open("a", encoding="utf-8") as out:
                out.write(line + "\n")
        return thought

    def close(self) -> None:
        """Stop the workers (their searches in flight are answered with an error)."""
        for worker in self._workers:
            worker.stop()


class PooledAdvisor:
    """The advisor at ``budget`` (a :class:`~schotten_lab.bots.Budget` of rollouts a move; a plain
    number is the deprecated spelling) as a :class:`~schotten_lab.bots.Bot` whose searches run in
    ``pool``; seeded as :class:`~schotten_lab.bots.advisor.AdvisorBot` (one generator gives each
    decision its seed), so a quiet pool answers as the advisor in this process would. ``last`` is the
    last search's :class:`Thought`. When the pool cannot answer (its workers stopped), the search runs
    in this process, as without a pool: the class plays on, slower."""

    name = "advisor"

    def __init__(self, pool: SearchPool, budget: Budget, seed: int) -> None:
        self.pool = pool
        self.budget = rollout_budget(budget, "PooledAdvisor", default=PLAY_BUDGET)
        self.rollouts = self.budget.rollouts or 0
        self._rng = random.Random(seed)
        self.last: Thought | None = None

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        seed = self._rng.getrandbits(32)
        turns = tuple(history or ())
        try:
            self.last = self.pool.think(observation, self.budget, seed, turns)
        except RuntimeError:  # no worker to answer: the same search here
            self.last = search(Search(observation, self.rollouts, seed, 0.0, None, turns))
        return self.last.turn


_pool: SearchPool | None = None


def start_pool(workers: int, trace: Path | None = None) -> SearchPool:
    """Start the process-wide pool the play pages' advisors search in (the classroom server does, once)."""
    global _pool
    if _pool is not None:
        _pool.close()
    _pool = SearchPool(workers, trace=trace)
    return _pool


def stop_pool() -> None:
    """Stop the process-wide pool: the advisors made afterwards search in their own process again."""
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None


def make_opponent(opponent: str, budget: Budget, seed: int) -> Bot:
    """The bot a game plays against (the advisor at ``budget``, a :class:`~schotten_lab.bots.Budget`
    of rollouts a move): the advisor searching in the pool when one runs, else
    :func:`~.parts.build_bot`'s bot in this process."""
    budget = rollout_budget(budget, "make_opponent", default=PLAY_BUDGET)
    if opponent == "advisor" and _pool is not None:
        return PooledAdvisor(_pool, budget, seed)
    return build_bot(opponent, budget.rollouts or 0, seed)


__all__ = ["REPLY_MARGIN", "PooledAdvisor", "Search", "SearchPool", "Thought", "make_opponent", "search", "serve",
           "start_pool", "stop_pool"]
