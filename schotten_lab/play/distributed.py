"""Run independent tasks on one process, local processes, or a Dask cluster, results in task order.

:func:`ordered_map` is what ``selfplay`` and the batch ``analyze`` use: each task's result depends on
the task alone (a game is fixed by ``(seed, index)``, a report by its input), so running the tasks in
parallel and reading the results back in task order gives exactly the output of one process.

- ``Runner()`` (the default): every task in this process, one at a time, as the input arrives.
- ``Runner(jobs=J)``: ``J`` local processes (``spawn``: no state shared with the parent).
- ``Runner(dask="local")``: a Dask ``LocalCluster`` started here (processes, one thread each,
  ``jobs`` workers or two by default, listening on 127.0.0.1 only, its dashboard on a free port there,
  never the shared 8787), closed at the end.
  Starting it takes a few seconds (worker processes import the package), so it pays off on long runs.
- ``Runner(dask="tcp://host:8786")``: the workers of a running Dask scheduler. They must be able to
  import this package (the same version); tasks and results travel pickled.

At most ``window`` tasks are in flight at once, so an endless input (JSON Lines on standard input)
streams in bounded memory. Dask is optional (the ``studies`` extra): without it, or when the
scheduler cannot be reached within ``connect_timeout`` seconds, :class:`ClusterError` says so in one
line.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.pool import AsyncResult
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ..core.errors import SchottenError
from ..core.reader_words import Quoted
from ..core.words import register, say

RUNNER_PHRASES = register({
    "runner.jobs": {"en": "jobs {n}", "fr": "{n} processus"},
    "runner.dask_local": {"en": "dask local ({n} workers)", "fr": "dask local ({n} processus)"},
    "runner.dask": {"en": "dask {address}", "fr": "dask {address}"},
    # a runner refused (ClusterError)
    "runner.bad_jobs": {"en": "jobs: must be a whole number, at least 1, not {value}",
                        "fr": "nombre de processus : un nombre entier, au moins 1, est attendu, et non {value}"},
    "runner.bad_dask": {"en": "dask: expected a scheduler address (tcp://host:port) or 'local', not {value}",
                        "fr": "--dask : l'adresse d'un ordonnanceur Dask (tcp://hôte:port) ou \"local\" est attendue, et non {value}"},
    "runner.jobs_and_address": {"en": "jobs: with a Dask scheduler address the cluster's workers run the tasks; drop --jobs",
                                "fr": "--jobs : avec l'adresse d'un ordonnanceur Dask, ce sont les processus du cluster qui font le travail ; retirez --jobs"},
    "runner.timeout": {"en": "connect_timeout: must be positive seconds, not {value}",
                       "fr": "délai de connexion : un nombre de secondes positif est attendu, et non {value}"},
    "runner.no_dask": {"en": "--dask needs dask[distributed], which is not installed: pip install 'schotten-lab[studies]'",
                       "fr": "--dask demande dask[distributed], qui n'est pas installé : installez schotten-lab avec son extra \"studies\" (schotten-lab[studies])"},
    "runner.local_failed": {"en": "--dask local: the local cluster did not start: {error}",
                            "fr": "--dask local : le cluster local n'a pas démarré : {error}"},
    "runner.unreachable": {"en": "--dask {address}: cannot reach the scheduler within {seconds} s: {error}",
                           "fr": "--dask {address} : l'ordonnanceur ne répond pas en {seconds} s : {error}"},
    "runner.not_address": {"en": "--dask {address}: not a scheduler address (tcp://host:port): {error}",
                           "fr": "--dask {address} : ce n'est pas l'adresse d'un ordonnanceur (tcp://hôte:port) : {error}"},
    "runner.no_scheduler": {"en": "--dask {address}: no Dask scheduler answered there: {error}",
                            "fr": "--dask {address} : aucun ordonnanceur Dask n'a répondu à cette adresse : {error}"},
    "runner.error": {"en": "{text}", "fr": "Dask répond « {text} »"},
})  # fmt: skip
"""The words of :meth:`Runner.describe` and of a runner's refusals (:class:`ClusterError`)."""


@dataclass(frozen=True, slots=True)
class DaskSays:
    """An error of Dask (or of the network below it) in its own words: as it is in English, quoted
    as Dask's answer in French."""

    text: str

    def in_words(self, lang: str = "en") -> str:
        return self.text if lang == "en" else say("runner.error", lang, text=self.text)


@dataclass(frozen=True, slots=True)
class Seconds:
    """A timeout in seconds as ``{:g}`` writes it (``5``, ``0.5``), with a decimal comma in French."""

    value: float

    def in_words(self, lang: str = "en") -> str:
        text = f"{self.value:g}"
        return text if lang == "en" else text.replace(".", ",")

T = TypeVar("T")
R = TypeVar("R")

LOCAL = "local"
"""``--dask local``: a cluster started in-process on this machine."""
LOCAL_WORKERS = 2
"""Workers of a local cluster when ``jobs`` does not say (this project's machines have 2 cores)."""
CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a scheduler at an address before giving up."""
LOCAL_START_TIMEOUT = 60.0
"""Seconds a local cluster's workers may take to start (slow on a loaded machine)."""


class ClusterError(SchottenError):
    """Dask is not installed, the scheduler cannot be reached, or the runner's options are wrong."""


class _Future(Protocol[R]):  # type: ignore[misc]  # R appears in a return position only
    def result(self) -> R: ...


@dataclass(frozen=True)
class Runner:
    """Where tasks run: ``jobs`` local processes, or a Dask cluster (``dask``: an address or ``"local"``)."""

    jobs: int = 1
    dask: str | None = None
    connect_timeout: float = CONNECT_TIMEOUT
    window: int | None = None
    """Tasks in flight at once (default: four per worker)."""

    def __post_init__(self) -> None:
        if isinstance(self.jobs, bool) or not isinstance(self.jobs, int) or self.jobs < 1:
            raise ClusterError.of("runner.bad_jobs", value=Quoted(self.jobs))
        if self.dask is not None:
            if not isinstance(self.dask, str) or not self.dask.strip():
                raise ClusterError.of("runner.bad_dask", value=Quoted(self.dask))
            if self.dask != LOCAL and self.jobs != 1:
                raise ClusterError.of("runner.jobs_and_address")
        if self.connect_timeout <= 0:
            raise ClusterError.of("runner.timeout", value=self.connect_timeout)

    @property
    def parallel(self) -> bool:
        """Whether tasks leave this process."""
        return self.dask is not None or self.jobs > 1

    @property
    def workers(self) -> int:
        """Processes that run the tasks: ``jobs``, or :data:`LOCAL_WORKERS` for a Dask cluster left at
        the default (a scheduler address's own count, known once connected, may differ)."""
        return self.jobs if self.dask is None or self.jobs > 1 else LOCAL_WORKERS

    def describe(self, lang: str = "en") -> str:
        """A short label for reports: ``"jobs 2"``, ``"dask local (2 workers)"``, ``"dask tcp://..."``
        (« 2 processus », « dask local (2 processus) » in French)."""
        if self.dask == LOCAL:
            return say("runner.dask_local", lang, n=self.workers)
        if self.dask is not None:
            return say("runner.dask", lang, address=self.dask)
        return say("runner.jobs", lang, n=self.jobs)


def ordered_map(work: Callable[[T], R], tasks: Iterable[T], runner: Runner = Runner()) -> Iterator[R]:
    """``work(task)`` for each task, in task order, run as ``runner`` says.

    ``work`` must be a module-level function (it is pickled to other processes) and ``tasks`` and
    results picklable. An exception in a task is raised here, at that task's place in the order.
    """
    if not runner.parallel:
        for task in tasks:
            yield work(task)
        return
    if runner.dask is None:
        # workers ignore Ctrl-C (no traceback from each); the parent stops them at once on any exit but
        # the normal one (Ctrl-C, an error, a reader that stops early)
        with _interrupts_ignored():
            pool = multiprocessing.get_context("spawn").Pool(runner.jobs, initializer=_ignore_interrupts)
        try:
            yield from _windowed(
                lambda task: _Pending(pool.apply_async(work, (task,))), tasks, runner.window or 4 * runner.jobs
            )
            pool.close()
        finally:
            pool.terminate()
            pool.join()
        return
    with _dask_client(runner) as (client, workers):
        yield from _windowed(lambda task: client.submit(work, task, pure=False), tasks, runner.window or 4 * workers)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ctrl-C ignored while processes are started (they keep ignoring it; this process gets it back),
    so a Ctrl-C reaches this process only, which then closes them quietly."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class _Pending(Generic[R]):
    """A ``multiprocessing`` async result seen as a future (``result()``)."""

    def __init__(self, pending: AsyncResult[R]) -> None:
        self._pending = pending

    def result(self) -> R:
        return self._pending.get()


def _windowed(submit: Callable[[T], _Future[R]], tasks: Iterable[T], window: int) -> Iterator[R]:
    """Submit up to ``window`` tasks ahead and yield their results in submission order."""
    pending: deque[_Future[R]] = deque()
    for task in tasks:
        pending.append(submit(task))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


@contextlib.contextmanager
def _dask_client(runner: Runner) -> Iterator[tuple[Any, int]]:
    """A connected ``distributed.Client`` and its number of workers; the local cluster closed after."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError.of("runner.no_dask") from None
    timeout = runner.connect_timeout
    interrupted = _TeardownQuiet()
    with interrupted, contextlib.ExitStack() as stack:
        if runner.dask == LOCAL:
            workers = runner.workers
            try:
                with _interrupts_ignored():  # its processes inherit that: Ctrl-C stops this one only
                    cluster = LocalCluster(  # type: ignore[no-untyped-call,unused-ignore]
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        host="127.0.0.1",
                        dashboard_address="127.0.0.1:0",  # a free port: this Dask starts one even for None
                        silence_logs=logging.CRITICAL,  # a task's error reaches us through its future
                        timeout=LOCAL_START_TIMEOUT,
                    )
                stack.enter_context(cluster)
                client = stack.enter_context(Client(cluster, timeout=LOCAL_START_TIMEOUT))  # type: ignore[no-untyped-call,unused-ignore]
            except Exception as exc:  # noqa: BLE001 - any failure to start is reported in one line
                raise ClusterError.of("runner.local_failed", error=DaskSays(f"{type(exc).__name__}: {_line(exc)}")) from None
        else:
            address = runner.dask
            assert address is not None
            try:
                client = stack.enter_context(Client(address, timeout=timeout))  # type: ignore[no-untyped-call,unused-ignore]
            except (OSError, TimeoutError) as exc:
                raise ClusterError.of("runner.unreachable", address=address, seconds=Seconds(timeout), error=DaskSays(_line(exc))) from None
            except ValueError as exc:  # a malformed address
                raise ClusterError.of("runner.not_address", address=address, error=DaskSays(_line(exc))) from None
            except Exception as exc:  # noqa: BLE001 - whatever answered there is no Dask scheduler
                raise ClusterError.of("runner.no_scheduler", address=address, error=DaskSays(f"{type(exc).__name__}: {_line(exc)}")) from None
            workers = max(len(client.scheduler_info().get("workers", {})), 1)
        try:
            yield client, workers
        except BaseException:
            interrupted.engage()
            raise


class _TeardownQuiet:
    """Logging off while a cluster is torn down after Ctrl-C or an error, back on once it is closed.

    A Dask client stopped mid-call logs tracebacks of its own (a cancelled callback, a worker's lost
    heartbeat) that say nothing to the user: the interrupt or the task's error is the message.
    """

    def __init__(self) -> None:
        self._previous: int | None = None

    def engage(self) -> None:
        self._previous = logging.root.manager.disable
        logging.disable(logging.CRITICAL)

    def __enter__(self) -> _TeardownQuiet:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._previous is not None:
            logging.disable(self._previous)


def _line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "…"


__all__ = ["CONNECT_TIMEOUT", "LOCAL", "LOCAL_START_TIMEOUT", "LOCAL_WORKERS", "ClusterError", "Runner", "ordered_map"]
