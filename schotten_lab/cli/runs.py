"""Commands that run many independent jobs (an ``analyze`` batch, ``selfplay``, ``puzzles generate``):
``--jobs``/``--dask``/``--quiet`` and the progress bar.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.errors import UsageError
from ..core.reader_words import Quoted
from .values import integer


def progress(total: int | None, enabled: bool, unit: str = "game") -> Any:
    """A tqdm bar on standard error when it is a terminal and ``enabled`` (no ``--quiet``), else ``None``."""
    if not enabled or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return tqdm(total=total, unit=unit, file=sys.stderr, leave=False)


def runner_of(args: argparse.Namespace) -> Any:
    """The :class:`~schotten_lab.play.distributed.Runner` of ``--jobs`` and ``--dask``, or a one-line
    usage error (a :class:`~schotten_lab.play.distributed.ClusterError`, said in ``--lang``'s words)."""
    from ..play.distributed import Runner

    if args.jobs < 1:
        raise UsageError.of("cli.jobs", value=Quoted(args.jobs))
    return Runner(jobs=args.jobs, dask=args.dask)


def add_runner_options(p: argparse.ArgumentParser, what: str) -> None:
    """``--jobs``, ``--dask`` and ``--quiet`` for a command that runs many independent ``what``."""
    p.add_argument("--jobs", "-j", type=integer, default=1, metavar="J",
                   help=f"local processes for the {what} (default 1); with --dask local, the number of workers")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' for a local "
                   "cluster started here (needs the studies extra); the output is the same as on one process")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar (it shows only on a terminal anyway)")


__all__ = ["add_runner_options", "progress", "runner_of"]
