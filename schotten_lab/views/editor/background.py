"""One background thread that runs the newest job only: the editor's panels compute there, so an
edit never waits for a long count or search."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

Job = TypeVar("Job")


class Newest(Generic[Job]):
    """Runs ``run(job)`` for the jobs submitted, one at a time in a thread of its own, newest only:
    a job submitted while another runs waits, replacing any job already waiting, so a burst of edits
    costs the running job and the newest, not one each. The thread ends when nothing waits (a
    submit starts a new one). ``background=False`` runs each job in the caller's thread (scripts,
    tests).

    ``busy`` (a job waits or runs), ``superseded`` (a newer job waits: the running one may stop
    early), :meth:`wait`.
    """

    def __init__(self, run: Callable[[Job], object], *, name: str, background: bool = True) -> None:
        self.background = background
        self._run = run
        self._name = name
        self._lock = threading.Lock()
        self._waiting: list[Job] = []  # at most one: the newest
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    @property
    def superseded(self) -> bool:
        return bool(self._waiting)

    def submit(self, job: Job) -> None:
        """Run ``job`` after the running one (any job still waiting is dropped)."""
        with self._lock:
            self._waiting[:] = [job]
            self._idle.clear()
            start = self.background and self._thread is None
            if start:
                self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
        if not self.background:
            self._work()
        elif start:
            assert self._thread is not None
            self._thread.start()

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait until no job waits or runs; False if ``timeout`` seconds passed first (at once when
        asked by a job itself, which would wait for its own end)."""
        if threading.current_thread() is self._thread:
            return not self.busy
        return self._idle.wait(timeout)

    def _work(self) -> None:
        try:
            while True:
                with self._lock:
                    if not self._waiting:  # idle, said under the lock: a submit now starts a new thread
                        self._thread = None
                        self._idle.set()
                        return
                    job = self._waiting.pop()
                self._run(job)
        except BaseException:  # a job that failed: the next submit must start a new thread
            with self._lock:
                self._thread = None
                self._waiting.clear()
                self._idle.set()
            raise


__all__ = ["Newest"]
