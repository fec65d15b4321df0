"""``schotten-lab analyze``: a position's whole report (readable, or JSON), or a batch of positions
(several files, or JSON Lines on standard input) with one JSON report per line, in input order, on
processes or a Dask cluster.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..core.errors import SchottenError, UsageError
from ..core.rules import Player
from ..core.words import fraction, say, tactic
from .io import EXIT_BATCH_FAILED, EXIT_OK, add_lang_option, one_line
from .positions import (
    MAX_INPUT_BYTES, NOTATION_HELP, STRICT_HELP, VIEWER_HELP, Loaded, decode, load_file, load_notation, load_text,
    looks_like_notation, read_file, rules_for, translated,
)
from .runs import add_runner_options, progress, runner_of
from .values import parse_player


def _analyze(loaded: Loaded, viewer: Player | None, strict: bool = False) -> Any:
    from ..analysis.board import analyze

    try:
        return analyze(loaded.position, viewer=viewer, rules=rules_for(loaded.position, strict))
    except SchottenError as exc:
        raise UsageError.of("cli.cannot_analyse", source=loaded.source, problem=exc) from None


def _dumps_line(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    """``analyze``: a readable report, its JSON, or one JSON report per line for a batch."""
    inputs: list[str] = args.positions
    single = args.notation is not None or (len(inputs) == 1 and inputs[0] != "-")
    if single and (args.jobs != 1 or args.dask is not None):
        raise UsageError.of("cli.batch_only", flag="--dask" if args.dask is not None else "--jobs")
    if args.notation is not None:
        if inputs:
            raise UsageError.of("cli.files_and_notation")
        return _report_single(load_notation(args.notation), args, out)
    if not inputs:
        raise UsageError.of("cli.positions_required")
    if len(inputs) == 1 and inputs[0] != "-":
        arg = inputs[0]
        return _report_single(load_notation(arg) if looks_like_notation(arg) else load_file(arg), args, out)
    if "-" in inputs and len(inputs) > 1:
        raise UsageError.of("cli.stdin_and_files")
    from ..play.distributed import ordered_map

    runner = runner_of(args)
    jobs = (
        (key, item, read, args.viewer, args.strict, args.debug)
        for key, item, read in _batch_items(inputs)
    )
    failed = False
    bar = progress(len(inputs) if inputs != ["-"] else None, not args.quiet, unit="position")
    try:
        for line, bad in ordered_map(_batch_line, jobs, runner):
            failed |= bad
            out.write(line + "\n")
            out.flush()
            if bar is not None:
                bar.update(1)
    finally:  # a ClusterError (bad input: exit 2) says itself in --lang's words
        if bar is not None:
            bar.close()
    return EXIT_BATCH_FAILED if failed else EXIT_OK


BatchJob = tuple[str, object, tuple[str, str] | str, Player | None, bool, bool]
"""One batch input as it travels to a worker: (key, id, (text, source) or an error message, viewer,
strict, debug). The input is read here, so a worker on another machine needs no access to the files."""


def _batch_line(job: BatchJob) -> tuple[str, bool]:
    """One batch input's output line (its report, or its error) and whether it failed."""
    key, item, read, viewer, strict, debug = job
    try:
        if isinstance(read, str):
            raise UsageError(read)
        report = dict(_analyze(load_text(*read), viewer, strict).to_dict())
    except (SchottenError, RecursionError) as exc:  # RecursionError: a document nested too deeply
        message = str(exc) if isinstance(exc, SchottenError) else "nested too deeply to be a position"
        return _dumps_line({key: _item(item), "error": one_line(message)}), True
    except Exception as exc:  # a bug: reported on the line's own output, and the batch goes on
        if debug:
            raise
        message = f"internal error: {type(exc).__name__}: {exc} (please report it)"
        return _dumps_line({key: _item(item), "error": one_line(message)}), True
    return _dumps_line({key: _item(item), **report}), False


def _item(item: object) -> object:
    """A batch input's id for the output: the line number, or the file name made printable."""
    return item if isinstance(item, int) else one_line(str(item), 1000)


def _stdin_lines() -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes) for each line of standard input; ``None`` for a line over the size limit
    (skipped without being held in memory). Lines are split on ``\\n`` only, so a bad byte never
    touches another line."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream (tests, embedding): the same lines, as bytes
        for n, text in enumerate(sys.stdin, 1):
            data = text.encode("utf-8", "surrogateescape")
            yield n, data if len(data) <= MAX_INPUT_BYTES else None
        return
    n = 0
    while line := stream.readline(MAX_INPUT_BYTES + 1):
        n += 1
        if len(line) > MAX_INPUT_BYTES and not line.endswith(b"\n"):
            while (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
                pass
            yield n, None
        else:
            yield n, line


def _batch_items(inputs: list[str]) -> Iterator[tuple[str, object, tuple[str, str] | str]]:
    """(key, id, read) for each input of a batch: ``("line", n, ...)`` or ``("file", path, ...)``;
    ``read`` is the input's (text, source name), or the message of why it cannot be read."""
    if inputs == ["-"]:
        for n, data in _stdin_lines():
            if data is not None and not data.strip():
                continue
            source = f"line {n}"
            if data is None:
                yield "line", n, f"{source}: longer than {MAX_INPUT_BYTES:,} bytes; a position is a few kB"
                continue
            read: tuple[str, str] | str
            try:
                read = (decode(data, source), source)
            except UsageError as exc:
                read = str(exc)
            yield "line", n, read
    else:
        for path in inputs:
            try:
                read = read_file(path)
            except UsageError as exc:
                read = str(exc)
            yield "file", path, read


def _report_single(loaded: Loaded, args: argparse.Namespace, out: TextIO) -> int:
    from ..analysis.board import format_report

    analysis = _analyze(loaded, args.viewer, args.strict)
    lang = getattr(args, "lang", "en")
    if args.json:
        out.write(json.dumps(analysis.to_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        title = _title(loaded, lang)
        if title:
            out.write(f"{one_line(title, 200)}\n\n")
        out.write(format_report(analysis, lang).rstrip("\n") + "\n")
        if analysis.rules.tactics:
            out.write(_tactics_lines(analysis, lang))
    return EXIT_OK


def _title(loaded: Loaded, lang: str) -> str | None:
    """The curated title in ``lang`` (its ``translations``), else the document's own title."""
    return translated(loaded, "title", lang)


def _tactics_lines(analysis: Any, lang: str = "en") -> str:
    """The readable report's tactics footer: the proof option used and the unseen tactics cards."""
    proofs = say("cli_proofs_strict" if analysis.rules.strict_proofs else "cli_proofs_rulebook", lang)
    unseen = [c for c in analysis.tactics_cards if c.unseen]
    viewer = analysis.viewer
    if not unseen:
        cards = say("cli_tactics_none", lang, viewer=viewer)
    else:
        shown = [str(c.card) if lang == "en" else tactic(str(c.card), lang) for c in unseen]
        names = ", ".join(f"{name} x{c.copies}" if c.copies > 1 else name for name, c in zip(shown, unseen))
        c = unseen[0]
        cards = say("cli_tactics_unseen", lang, viewer=viewer, names=names, opponent=viewer.opponent,
                    p=fraction(c.p_opponent_hand), q=fraction(c.p_deck))
    return f"{say('cli_proofs', lang, proofs=proofs)}\n{cards}\n"


def add_analyze_parser(sub: Any) -> None:
    """The ``analyze`` subcommand's arguments."""
    p = sub.add_parser("analyze", help="claims, odds, outcomes and card probabilities of a whole position")
    p.add_argument(
        "positions", nargs="*", metavar="POSITION",
        help="position file(s) (JSON); several files or '-' (JSON Lines on stdin) give one JSON report per line",
    )  # fmt: skip
    p.add_argument("--notation", "-n", metavar="TEXT", help=NOTATION_HELP)
    p.add_argument("--viewer", type=parse_player, metavar="south|north", help=VIEWER_HELP)
    p.add_argument("--strict", action="store_true", help=STRICT_HELP)
    p.add_argument("--json", action="store_true", help="print the JSON report instead of the readable one")
    add_lang_option(p, "the readable report")
    add_runner_options(p, "batch's positions")
    p.set_defaults(run=cmd_analyze)


__all__ = ["add_analyze_parser", "cmd_analyze"]
