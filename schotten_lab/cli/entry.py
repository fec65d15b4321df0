"""The ``schotten-lab`` entry point: the parser of every command, and :func:`main` (exit codes,
the error line, Ctrl-C and SIGTERM/SIGHUP unwinding, internal errors in one line).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence

from ..core.errors import SchottenError, UsageError, interruption_behind
from ..core.words import say
from .advise import add_advise_parser
from .analyze import add_analyze_parser
from .bot import add_bot_parser
from .claim import add_claim_parser
from .documents import add_diagram_parser, add_notation_parser, add_report_parser
from .help_words import speak_help
from .io import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, PROG, Parser, argparse_speaking, argv_lang, one_line, print_error
from .puzzles import add_puzzle_commands
from .records import add_replay_parser
from .review import add_review_parser
from .selfplay import add_selfplay_parser


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``schotten-lab``: each command module adds its own subcommand."""
    parser = Parser(
        prog=PROG,
        description="Exact strategy analysis for Schotten Totten: claims, card probabilities, formation odds.",
        epilog="Exit codes: 0 success, 1 some batch input failed, 2 bad input, 3 internal error.",
    )
    parser.add_argument("--debug", action="store_true", help="show the traceback of an internal error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for add in (add_analyze_parser, add_claim_parser, add_advise_parser, add_notation_parser, add_report_parser,
                add_diagram_parser, add_replay_parser, add_review_parser, add_bot_parser, add_selfplay_parser,
                add_puzzle_commands):
        add(sub)
    return parser


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the command is, so that it unwinds as Ctrl-C does: every
    temporary file of :mod:`.core.files` is removed, nothing half-written is left; exit 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


TERMINATING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals turned into :class:`Terminated` while a command runs (Ctrl-C is Python's own KeyboardInterrupt)."""


@contextlib.contextmanager
def _signals_unwind() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise :class:`Terminated` in this process (a worker
    process forked from it dies of the signal as usual); the previous handlers are restored after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    me = os.getpid()

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != me:  # a forked worker: the default action, as if no handler were set
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise Terminated(signum)

    previous = {sig: signal.signal(sig, handler) for sig in TERMINATING_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (the console script exits with it)."""
    with _signals_unwind():
        try:
            return _main(argv)
        except Terminated as exc:  # a signal in an exception handler or a finally block
            return 128 + exc.signum


def _main(argv: Sequence[str] | None = None) -> int:
    """:func:`main` without the signal handlers."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = argv_lang(argv)  # argparse's own words, and errors found before --lang is read, in this language
    with argparse_speaking(lang):
        parser = build_parser()
    speak_help(parser, lang)  # the commands' and options' own help texts
    debug = "--debug" in argv
    args: argparse.Namespace | None = None
    try:
        with argparse_speaking(lang):
            args = parser.parse_args(argv)
            if args.command is None:
                parser.print_help(sys.stdout)
                return EXIT_BAD_INPUT
        lang = getattr(args, "lang", lang)
        return int(args.run(args, sys.stdout))
    except SchottenError as exc:  # UsageError, and any documented library error: bad input
        print_error(exc, getattr(args, "lang", lang) if args is not None else lang)
        return EXIT_BAD_INPUT
    except RecursionError:  # only deeply nested input gets here
        print_error(UsageError.of("cli.nested"), lang)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's final flush quiet
        except OSError:
            pass
        return EXIT_OK
    except Terminated as exc:  # SIGTERM, SIGHUP: unwound like Ctrl-C
        return 128 + exc.signum
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: one clear line, the traceback only on request
        stop = interruption_behind(exc)
        if stop is not None:  # a signal handled inside compiled code (numba): as if raised in Python
            return 128 + stop.signum if isinstance(stop, Terminated) else 130
        if debug:
            raise
        print(say("cli.internal", lang, prog=PROG, kind=type(exc).__name__, message=one_line(str(exc))), file=sys.stderr)
        return EXIT_INTERNAL


__all__ = ["TERMINATING_SIGNALS", "Terminated", "build_parser", "main"]
