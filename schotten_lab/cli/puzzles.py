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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from ..core.errors import UsageError
from ..core.words import check_lang, number, register, say
from .io import EXIT_BATCH_FAILED, EXIT_OK, Parser, add_lang_option
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


@dataclass(frozen=True, slots=True)
class Figure:
    """A count or a time in a summary line: as the command always printed it in English (``1234``,
    ``3.2``), with the French separators in French (« 1 234 », « 3,2 »)."""

    value: int | float
    digits: int | None = None
    unit: str = ""
    """In French, a count with its noun: phrases ``{unit}_one``/``{unit}_many`` (« 1 partie », « 3 parties »)."""

    def in_words(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return str(self.value) if self.digits is None else f"{self.value:.{self.digits}f}"
        if self.unit:
            return say(f"{self.unit}_one" if self.value in (0, 1) else f"{self.unit}_many", lang, count=number(self.value, lang))
        return number(self.value, lang, self.digits)


def _plural(key: str, count: int, lang: str) -> str:
    """``key``, or its ``_one`` form for a French 0 or 1 (« 1 problème écrit »; English keeps its one form)."""
    return f"{key}_one" if check_lang(lang) == "fr" and count in (0, 1) else key


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
    lang = args.lang
    shown = ", ".join(say("cli_pz.band_count", lang, band=say(f"pz_band_{name}", lang), count=Figure(n)) for name, n in bands.items())
    confirmed = say("cli_pz.confirmed", lang, count=Figure(run.confirmed, unit="cli_pz.u_confirmed")) if args.kind == "midgame" else ""
    kind = say(f"cli_pz.kind_{args.kind}", lang) if args.variant == "base" else say(f"cli_pz.tactics_{args.kind}", lang)
    print(say(_plural("cli_pz.generated", len(puzzles), lang), lang, count=Figure(len(puzzles)), kind=kind, target=str(target),
              positions=Figure(run.positions, unit="cli_pz.u_positions"), games=Figure(run.games, unit="cli_pz.u_games"), confirmed=confirmed,
              found=Figure(run.found, unit="cli_pz.u_found"), duplicates=Figure(run.duplicates, unit="cli_pz.u_duplicates"), seconds=Figure(seconds, 1), bands=shown), file=out)  # fmt: skip
    return EXIT_OK


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """``puzzles check``: validate every line, then re-prove every answer."""
    from ..puzzles.format import read_puzzles
    from ..puzzles.prove import check_puzzle_problems

    puzzles = read_puzzles(args.file)  # PuzzleFormatError (a SchottenError): exit 2 naming line and field
    bar = progress(len(puzzles), not args.quiet, unit="puzzle")
    failed = 0
    for number, puzzle in enumerate(puzzles, 1):
        problems = check_puzzle_problems(puzzle)
        for problem in problems:
            print(say("pzf.problem", args.lang, file=str(args.file), number=str(number), id=puzzle.id, problem=problem), file=out)
        failed += bool(problems)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    valid = len(puzzles) - failed
    print(say(_plural("cli_pz.checked", valid, args.lang), args.lang, valid=Figure(valid), total=Figure(len(puzzles))), file=out)
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
    print(say(_plural("cli_pz.printed", len(puzzles), args.lang), args.lang, count=Figure(len(puzzles)), target=str(target)), file=out)
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
    # the summary lines of generate, check and sheet
    "cli_pz.generated": {"en": "{count} {kind} puzzles written to {target} ({positions} positions of {games} games examined{confirmed}, {found} puzzles found, {duplicates} duplicates, {seconds} s; {bands})",
                         "fr": "{count} problèmes {kind} écrits dans {target} ({positions} dans {games}{confirmed}, {found}, {duplicates}, {seconds} s ; {bands})"},
    "cli_pz.generated_one": {"en": "{count} {kind} puzzles written to {target} ({positions} positions of {games} games examined{confirmed}, {found} puzzles found, {duplicates} duplicates, {seconds} s; {bands})",
                             "fr": "{count} problème {kind} écrit dans {target} ({positions} dans {games}{confirmed}, {found}, {duplicates}, {seconds} s ; {bands})"},
    "cli_pz.confirmed": {"en": ", {count} of them searched on every move", "fr": ", dont {count} par une recherche sur chaque coup"},
    "cli_pz.u_confirmed_one": {"en": "{count}", "fr": "{count} position vérifiée"},
    "cli_pz.u_confirmed_many": {"en": "{count}", "fr": "{count} positions vérifiées"},
    "cli_pz.u_positions_one": {"en": "{count} position", "fr": "{count} position examinée"},
    "cli_pz.u_positions_many": {"en": "{count} positions", "fr": "{count} positions examinées"},
    "cli_pz.u_games_one": {"en": "{count} game", "fr": "{count} partie"},
    "cli_pz.u_games_many": {"en": "{count} games", "fr": "{count} parties"},
    "cli_pz.u_found_one": {"en": "{count} puzzle found", "fr": "{count} problème trouvé"},
    "cli_pz.u_found_many": {"en": "{count} puzzles found", "fr": "{count} problèmes trouvés"},
    "cli_pz.u_duplicates_one": {"en": "{count} duplicate", "fr": "{count} doublon"},
    "cli_pz.u_duplicates_many": {"en": "{count} duplicates", "fr": "{count} doublons"},
    "cli_pz.kind_endgame": {"en": "endgame", "fr": "de fin de partie"},
    "cli_pz.kind_claim": {"en": "claim", "fr": "de revendication"},
    "cli_pz.kind_midgame": {"en": "midgame", "fr": "de milieu de partie"},
    "cli_pz.tactics_endgame": {"en": "tactics endgame", "fr": "de fin de partie (variante tactique)"},
    "cli_pz.tactics_claim": {"en": "tactics claim", "fr": "de revendication (variante tactique)"},
    "cli_pz.tactics_midgame": {"en": "tactics midgame", "fr": "de milieu de partie (variante tactique)"},
    "cli_pz.band_count": {"en": "{band} {count}", "fr": "{band} : {count}"},
    "cli_pz.checked": {"en": "{valid} of {total} puzzles valid and proved", "fr": "{valid} problèmes sur {total} valides et prouvés"},
    "cli_pz.checked_one": {"en": "{valid} of {total} puzzles valid and proved", "fr": "{valid} problème sur {total} valide et prouvé"},
    "cli_pz.printed": {"en": "{count} puzzles printed to {target}", "fr": "{count} problèmes imprimés dans {target}"},
    "cli_pz.printed_one": {"en": "{count} puzzles printed to {target}", "fr": "{count} problème imprimé dans {target}"},
})  # fmt: skip
"""The puzzle commands' refusals after parsing and their summary lines (en, fr)."""


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
    add_lang_option(p, "the summary")
    p.set_defaults(run=cmd_generate)

    p = inner.add_parser("check", help="validate a puzzle file and re-prove every answer")
    p.add_argument("file", metavar="FILE.jsonl", help="a schotten-lab/puzzle@1 JSON Lines file")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    add_lang_option(p, "the summary")
    p.set_defaults(run=cmd_check)

    p = inner.add_parser("sheet", help="print puzzles as an HTML sheet, the answers on a separate page")
    p.add_argument("files", nargs="*", metavar="FILE.jsonl",
                   help="puzzle@1 JSON Lines files (default: the committed set, data/puzzles/)")
    p.add_argument("--count", "-n", type=_positive, default=6, metavar="N", help="how many puzzles (default 6)")
    p.add_argument("--kind", choices=("endgame", "claim", "midgame"), help="only puzzles of this kind")
    p.add_argument("--seed", type=_seed, default=0, metavar="S", help="which puzzles are picked (default 0)")
    add_lang_option(p, "the sheet and its summary")
    p.add_argument("--output", "-o", required=True, metavar="FILE.html", help="where to write the sheet")
    p.set_defaults(run=cmd_sheet)


__all__ = ["PUZZLE_CLI_PHRASES", "add_puzzle_commands", "cmd_check", "cmd_generate", "cmd_sheet"]
