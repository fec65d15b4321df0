"""``schotten-lab puzzles``: generate, check and print puzzles (docs/PUZZLES.md).

::

    schotten-lab puzzles generate --kind endgame|claim|midgame --count N --seed S -o FILE.jsonl [--variant base|tactics] [--jobs J] [--quiet]
    schotten-lab puzzles check FILE.jsonl [--sample K] [--quiet]
    schotten-lab puzzles sheet [FILE.jsonl ...] --count 6 -o sheet.html [--kind K] [--seed S] [--lang en|fr]

``generate`` mines self-play games for puzzles of one kind, proves each answer, removes duplicates
up to the rules' symmetries and rates them (a progress bar on a terminal; the same file for a seed
whatever ``--jobs``; ``--variant tactics``: claim puzzles from tactics self-play). ``check`` validates every line (exit 2 naming the line and field of the first
bad one) and re-proves every answer (exit 1 if one fails, listing each). ``sheet`` prints diagrams
with their questions and, on a separate page, the answers. Exit codes as the command line's (:mod:`.io`).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, TextIO

from ..core.errors import UsageError
from ..core.words import register
from .io import EXIT_BATCH_FAILED, EXIT_OK, Parser
from .runs import progress
from .values import integer, refusal, seconds


def _positive(text: str) -> int:
    value = integer(text)
    if value < 1:
        raise refusal("value.at_least", low="1", value=str(value))
    return value


def _seed(text: str) -> int:
    value = integer(text)
    if not 0 <= value < 2**31:
        raise refusal("value.range", low="0", most=str(2**31 - 1), value=str(value))
    return value


def _max_seconds(text: str) -> float:
    value = seconds(text)
    if not 0 < value <= 86_400:  # nan is refused too
        raise refusal("value.seconds", most="86400", value=text)
    return value


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    """``puzzles generate``: mine, prove, deduplicate and rate ``--count`` puzzles into ``-o``."""
    from ..core.files import check_output, write_text_atomic
    from ..puzzles.generate import Run, generate
    from ..puzzles.rating import band

    target = check_output(args.output, ("jsonl",))
    if args.jobs < 1 or args.jobs > 64:
        raise UsageError.of("cli_pz.jobs", value=str(args.jobs))
    if args.variant == "tactics" and args.kind != "claim":
        raise UsageError.of("cli_pz.tactics_kind", kind=args.kind)
    bar = progress(args.count, not args.quiet, unit="puzzle")
    run = Run()
    started = time.perf_counter()
    try:
        puzzles = generate(args.kind, args.count, args.seed, jobs=args.jobs,
                           progress=None if bar is None else bar.update, run=run, max_seconds=args.max_seconds,
                           variant=args.variant)  # fmt: skip
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - started
    write_text_atomic(target, "".join(p.to_json() + "\n" for p in puzzles))
    bands: dict[str, int] = {}
    for p in puzzles:
        bands[band(p.rating)] = bands.get(band(p.rating), 0) + 1
    shown = ", ".join(f"{name} {n}" for name, n in bands.items())
    confirmed = f", {run.confirmed} of them searched on every move" if args.kind == "midgame" else ""
    kind = args.kind if args.variant == "base" else f"{args.variant} {args.kind}"
    print(f"{len(puzzles)} {kind} puzzles written to {target} ({run.positions} positions of {run.games} games "
          f"examined{confirmed}, {run.found} puzzles found, {run.duplicates} duplicates, {seconds:.1f} s; {shown})", file=out)  # fmt: skip
    return EXIT_OK


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """``puzzles check``: validate every line, then re-prove every answer."""
    from ..puzzles.format import read_puzzles
    from ..puzzles.prove import check_puzzle

    puzzles = read_puzzles(args.file)  # PuzzleFormatError (a SchottenError): exit 2 naming line and field
    bar = progress(len(puzzles), not args.quiet, unit="puzzle")
    failed = 0
    for number, puzzle in enumerate(puzzles, 1):
        problems = check_puzzle(puzzle)
        for problem in problems:
            print(f"{args.file}: puzzle {number} ({puzzle.id}): {problem}", file=out)
        failed += bool(problems)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    print(f"{len(puzzles) - failed} of {len(puzzles)} puzzles valid and proved", file=out)
    return EXIT_BATCH_FAILED if failed else EXIT_OK


def cmd_sheet(args: argparse.Namespace, out: TextIO) -> int:
    """``puzzles sheet``: an HTML page of diagrams and questions, the answers on a separate page."""
    from ..core.files import check_output, write_text_atomic
    from ..puzzles.format import read_puzzles
    from ..puzzles.sheet import pick, sheet_html

    files = args.files or default_files()
    target = check_output(args.output, ("html",), files)
    puzzles = pick([p for f in files for p in read_puzzles(f)], args.count, kind=args.kind, seed=args.seed)
    if not puzzles:
        names = ", ".join(map(str, files))
        raise UsageError.of("cli_pz.none_of_kind", files=names, kind=args.kind) if args.kind else UsageError.of("cli_pz.none", files=names)
    write_text_atomic(target, sheet_html(puzzles, lang=args.lang))
    print(f"{len(puzzles)} puzzles printed to {target}", file=out)
    return EXIT_OK


def default_files() -> list[Path]:
    """The committed set (``data/puzzles/*.jsonl`` of the checkout the package runs from)."""
    from ..puzzles.format import committed_files

    files = committed_files()
    if not files:
        raise UsageError.of("cli_pz.no_files")
    return list(files)


PUZZLE_CLI_PHRASES = register({
    "cli_pz.jobs": {"en": "--jobs: must be from 1 to 64, not {value}", "fr": "--jobs : un nombre de 1 à 64 est attendu, et non {value}"},
    "cli_pz.tactics_kind": {"en": "--variant tactics: only claim puzzles (--kind claim), not {kind}: the exact endgame solver is the base game's",
                            "fr": "--variant tactics : seuls les problèmes de revendication existent (--kind « claim »), et non « {kind} » : le solveur exact des fins de partie ne connaît que le jeu de base"},
    "cli_pz.none": {"en": "{files}: no puzzle to print", "fr": "{files} : aucun problème à imprimer"},
    "cli_pz.none_of_kind": {"en": "{files}: no puzzle of kind {kind} to print", "fr": "{files} : aucun problème de type « {kind} » à imprimer"},
    "cli_pz.no_files": {"en": "no puzzle file given, and no committed set in data/puzzles/: name a FILE.jsonl",
                        "fr": "aucun fichier de problèmes n'est donné, et aucune série n'est enregistrée dans data/puzzles/ : indiquez un FICHIER.jsonl"},
})  # fmt: skip
"""The puzzle commands' refusals after parsing (en, fr)."""


def add_puzzle_commands(sub: Any) -> None:
    """Add ``puzzles generate|check|sheet`` to the ``schotten-lab`` subcommand parsers ``sub``."""
    top = sub.add_parser("puzzles", help="generate, check and print puzzles (find the winning move, may I claim?)")
    inner = top.add_subparsers(dest="puzzles_command", metavar="ACTION", parser_class=Parser, required=True)

    p = inner.add_parser("generate", help="mine self-play for proved, rated puzzles of one kind")
    p.add_argument("--kind", choices=("endgame", "claim", "midgame"), required=True, help="the kind of puzzle")
    p.add_argument("--count", "-n", type=_positive, required=True, metavar="N", help="how many puzzles")
    p.add_argument("--seed", type=_seed, default=0, metavar="S", help="the self-play games' seed (default 0)")
    p.add_argument("--output", "-o", required=True, metavar="FILE.jsonl", help="where to write them (JSON Lines)")
    p.add_argument("--variant", choices=("base", "tactics"), default="base",
                   help="the self-play games' variant (default: base; tactics: claim puzzles only)")
    p.add_argument("--jobs", "-j", type=integer, default=1, metavar="J", help="local processes (default 1)")
    p.add_argument("--max-seconds", type=_max_seconds, default=None, metavar="T",
                   help="stop mining new games after T seconds of wall time; the puzzles kept are the seed's first ones")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar (it shows only on a terminal anyway)")
    p.set_defaults(run=cmd_generate)

    p = inner.add_parser("check", help="validate a puzzle file and re-prove every answer")
    p.add_argument("file", metavar="FILE.jsonl", help="a schotten-lab/puzzle@1 JSON Lines file")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_check)

    p = inner.add_parser("sheet", help="print puzzles as an HTML sheet, the answers on a separate page")
    p.add_argument("files", nargs="*", metavar="FILE.jsonl",
                   help="puzzle@1 JSON Lines files (default: the committed set, data/puzzles/)")
    p.add_argument("--count", "-n", type=_positive, default=6, metavar="N", help="how many puzzles (default 6)")
    p.add_argument("--kind", choices=("endgame", "claim", "midgame"), help="only puzzles of this kind")
    p.add_argument("--seed", type=_seed, default=0, metavar="S", help="which puzzles are picked (default 0)")
    p.add_argument("--lang", choices=("en", "fr"), default="en", help="language of the sheet (default: en)")
    p.add_argument("--output", "-o", required=True, metavar="FILE.html", help="where to write the sheet")
    p.set_defaults(run=cmd_sheet)


__all__ = ["PUZZLE_CLI_PHRASES", "add_puzzle_commands", "cmd_check", "cmd_generate", "cmd_sheet"]
