"""The whole-game subcommands of ``schotten-lab``: ``replay``, ``review``, ``bot`` and ``selfplay``.

::

    schotten-lab replay GAME.json [--game K]          # one position@1 per line, after each turn
    schotten-lab bot NAME [--seed S] [--budget SECONDS | --iterations N] [--option KEY=VALUE]  # docs/reference/formats.md, "The bot line protocol"
    schotten-lab review GAME.json [-o REVIEW.html or .json] [--game K] [--iterations N] [--seed S]   # the advisor's review
    schotten-lab selfplay --south BOT --north BOT --games N --seed S [--variant base|tactics]
                          [--expert] [--jobs J | --dask ADDRESS|local] [--quiet] [--engine auto|python|fast] [--out FILE]

``cli.build_parser`` registers them with one call to :func:`add_game_commands`. Exit codes as in
``cli``: 0 success, 2 bad input or usage (one line on standard error), 3 internal error.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import IO, Any, TextIO

from .core.errors import OutputError, UsageError
from .core.files import atomic_path, check_output
from .core.reader_words import JsonMessage, Quoted
from .core.words import Fact, register, say

GAME_CLI_PHRASES = register({
    "cli.record_large": {"en": "{name}: larger than {most} bytes: a game@1 record is a few kB (for a JSON Lines file of records, choose one with --game K)",
                         "fr": "{name} : plus de {most} octets, alors qu'une partie game@1 tient en quelques ko (pour un fichier JSON Lines de parties, choisissez-en une avec --game K)"},
    "cli.no_file": {"en": "{name}: no such file", "fr": "{name} : ce fichier n'existe pas"},
    "cli.record_folder": {"en": "{name}: is a directory, not a game record", "fr": "{name} : c'est un dossier, et non une partie enregistrée"},
    "cli.cannot_read": {"en": "{name}: cannot read: {why}", "fr": "{name} : lecture impossible : {why}"},
    "cli.record_empty": {"en": "{name}: empty file: expected a game@1 record", "fr": "{name} : fichier vide ; une partie game@1 est attendue"},
    "cli.record_lines": {"en": "{name}: holds {count} lines, one record each (JSON Lines): choose one with --game K (from 0)",
                         "fr": "{name} : {count} lignes, une partie par ligne (JSON Lines) ; choisissez-en une avec --game K (à partir de 0)"},
    "cli.not_json": {"en": "{name}: not JSON: {problem}", "fr": "{name} : ce n'est pas du JSON : {problem}"},
    "cli.json_at": {"en": "{message}: line {line} column {column}", "fr": "{message}, ligne {line}, colonne {column}"},
    "cli.game_below": {"en": "--game: must be below {most} (the lines read to reach a record are bounded), not {value}",
                       "fr": "--game : doit être inférieur à {most} (le nombre de lignes lues pour atteindre une partie est borné), et non {value}"},
    "cli.record_game": {"en": "{name} (game {index})", "fr": "{name} (partie {index})"},
    "cli.record_line": {"en": "{name}, line {line}", "fr": "{name}, ligne {line}"},
    "cli.game_range": {"en": "{name}: --game {index} is out of range: the file holds {count} record lines",
                       "fr": "{name} : il n'y a pas de partie {index} (--game) ; le fichier en compte {count}"},
    "cli.line_long": {"en": "{name}: line {line} is longer than {most} bytes: a game@1 record is a few kB",
                      "fr": "{name} : la ligne {line} dépasse {most} octets, alors qu'une partie game@1 tient en quelques ko"},
    "cli.too_many_lines": {"en": "{name}: more than {most} lines before record {index}: not a file of game records",
                           "fr": "{name} : plus de {most} lignes avant la partie {index} ; ce n'est pas un fichier de parties"},
    "cli.unknown_bot": {"en": "{flag}: unknown bot {value}: expected one of {names}", "fr": "{flag} : bot inconnu {value} ; les bots sont {names}"},
    "cli.games_low": {"en": "--games: must be at least 1 (there is nothing to play or summarize otherwise), not {value}",
                      "fr": "--games : au moins 1 (sinon il n'y a rien à jouer ni à résumer), et non {value}"},
    "cli.games_high": {"en": "--games: at most {most} games a run (run several with other seeds), not {value}",
                       "fr": "--games : au plus {most} parties par exécution (lancez-en plusieurs avec d'autres graines), et non {value}"},
    "cli.seed": {"en": "--seed: must be at least 0, not {value}", "fr": "--seed : doit être positif ou nul, et non {value}"},
    "cli.jobs": {"en": "--jobs: must be at least 1, not {value}", "fr": "--jobs : au moins 1, et non {value}"},
    "cli.review_iterations": {"en": "--iterations: must be a whole number of rollouts a turn from 1 to {most}, not {value}",
                              "fr": "--iterations : un nombre entier de simulations par tour, de 1 à {most}, et non {value}"},
    "cli.seed_option": {"en": "{flag}: seed is not a bot option here: use --seed", "fr": "{flag} : la graine n'est pas une option de bot ici ; utilisez --seed"},
    "cli.not_a_record": {"en": "{source}: not a valid game record: {problem}", "fr": "{source} : partie enregistrée invalide : {problem}"},
})  # fmt: skip
"""The record-reading commands' messages (en, fr): ``replay`` and ``review``."""


class JsonProblem:
    """Why a text is not JSON: Python's message in English (as always), in words in French."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def in_words(self, lang: str = "en") -> str:
        error = self.error
        if lang == "en" or not isinstance(error, json.JSONDecodeError):
            return _one_line(error) if lang == "en" or not isinstance(error, RecursionError) else say("reader.json_deep", lang)
        return say("cli.json_at", lang, message=JsonMessage(error.msg), line=str(error.lineno), column=str(error.colno))

    def __str__(self) -> str:
        return self.in_words("en")

EXIT_OK = 0
EXIT_BAD_INPUT = 2
DEFAULT_REVIEW_ITERATIONS = 200
"""``review --iterations``'s default (kept equal to ``play.review.DEFAULT_ITERATIONS``; a test checks)."""
MAX_REVIEW_ITERATIONS = 50_000
"""``review --iterations``'s largest value (kept equal to ``play.review.MAX_ITERATIONS``; a test checks)."""


MAX_RECORD_BYTES = 1_000_000
"""Largest game record read (a whole file or standard input, or one line of a JSON Lines file); a
real record is a few kB."""
MAX_RECORD_LINES = 1_000_000
"""Most lines of a JSON Lines file (or standard input) read to reach ``--game K``: K is below it."""
MAX_GAMES = 10_000_000
"""``selfplay --games``' largest value (about a day of random games on one core)."""


def _one_line(text: object) -> str:
    """``text`` on one bounded line without control characters (:func:`.cli._one_line`)."""
    from .cli import _one_line as one_line

    return one_line(str(text))


def _name(path: str) -> str:
    """A file name as messages print it (one line, bounded)."""
    from .cli import _one_line as one_line

    return "<stdin>" if path == "-" else one_line(path, 200)


# ---- replay ---------------------------------------------------------------------------------


def _read_game(path: str, index: int | None) -> tuple[Any, object]:
    """The record document in ``path`` (``-``: standard input): a JSON file, or line ``index``
    (0-based, blank lines not counted) of a JSON Lines file. Bounded: at most ``MAX_RECORD_BYTES``
    for the document or the line, and ``MAX_RECORD_LINES`` lines read to reach line ``index``; the
    rest of a file is never read."""
    name = _name(path)
    try:
        with contextlib.ExitStack() as stack:
            stream: Any = getattr(sys.stdin, "buffer", sys.stdin) if path == "-" else stack.enter_context(open(path, "rb"))
            if index is None:
                data = _read_at_most(stream, MAX_RECORD_BYTES + 1)
                if len(data) > MAX_RECORD_BYTES:
                    raise UsageError.of("cli.record_large", name=name, most=MAX_RECORD_BYTES)
                text = _decode_record(data, name)
            else:
                return _record_line(stream, name, index)
    except FileNotFoundError:
        raise UsageError.of("cli.no_file", name=name) from None
    except IsADirectoryError:
        raise UsageError.of("cli.record_folder", name=name) from None
    except OSError as exc:
        raise UsageError.of("cli.cannot_read", name=name, why=exc.strerror or _one_line(exc)) from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise UsageError.of("cli.record_empty", name=name)
    try:
        return json.loads(text), name
    except (ValueError, RecursionError) as exc:
        if len(lines) > 1 and lines[0].lstrip().startswith("{") and lines[0].rstrip().endswith("}"):
            raise UsageError.of("cli.record_lines", name=name, count=str(len(lines))) from None
        raise UsageError.of("cli.not_json", name=name, problem=JsonProblem(exc)) from None


def _read_at_most(stream: Any, size: int) -> bytes:
    """Up to ``size`` bytes of a binary (or text) stream, read in pieces of at most 1 MiB."""
    pieces: list[bytes] = []
    got = 0
    while got < size:
        piece = stream.read(min(size - got, 1 << 20))
        if not piece:
            break
        if isinstance(piece, str):
            piece = piece.encode("utf-8", "surrogateescape")
        pieces.append(piece)
        got += len(piece)
    return b"".join(pieces)


def _decode_record(data: bytes, name: object) -> str:
    """UTF-8 text (a leading byte-order mark dropped); :class:`UsageError` for other bytes."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError.of("cli_source_error", source=name, problem=Fact.of("reader.not_utf8", offset=str(exc.start))) from None


def _record_line(stream: Any, name: str, index: int) -> tuple[Any, object]:
    """Line ``index`` (blank lines not counted) of a JSON Lines stream, read line by line and no
    further; every line read is at most ``MAX_RECORD_BYTES``, at most ``MAX_RECORD_LINES`` are read."""
    if index >= MAX_RECORD_LINES:
        raise UsageError.of("cli.game_below", most=MAX_RECORD_LINES, value=Quoted(index))
    where = Fact.of("cli.record_game", name=name, index=str(index))
    records = 0
    for number in range(1, MAX_RECORD_LINES + 1):
        line = stream.readline(MAX_RECORD_BYTES + 1)
        if isinstance(line, str):
            line = line.encode("utf-8", "surrogateescape")
        if not line:
            if records == 0:
                raise UsageError.of("cli.record_empty", name=name)
            raise UsageError.of("cli.game_range", name=name, index=str(index), count=str(records))
        if len(line) > MAX_RECORD_BYTES:
            raise UsageError.of("cli.line_long", name=name, line=str(number), most=MAX_RECORD_BYTES)
        if not line.strip():
            continue
        if records == index:
            text = _decode_record(line, Fact.of("cli.record_line", name=name, line=str(number)))
            try:
                return json.loads(text), where
            except (ValueError, RecursionError) as exc:
                raise UsageError.of("cli.not_json", name=where, problem=JsonProblem(exc)) from None
        records += 1
    raise UsageError.of("cli.too_many_lines", name=name, most=MAX_RECORD_LINES, index=str(index))


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """``replay``: the position after each turn of a game record, one compact position@1 per line.

    The record is checked whole first (:func:`~schotten_lab.game.validate_record`: every turn, and the
    result against what the turns give), so a false or missing result is refused like a broken rule."""
    from .game import RecordError, read_record, replay, validate_record

    data, where = _read_game(args.record, args.game)
    try:
        record = read_record(data)
        validate_record(record)
        positions = list(replay(record))
    except RecordError as exc:
        raise UsageError.of("cli_source_error", source=where, problem=exc) from None
    except Exception as exc:  # any other refusal of the record is still bad input, in one line
        raise UsageError.of("cli.not_a_record", source=where, problem=exc) from None
    for position in positions:
        out.write(json.dumps(position.to_dict(), separators=(",", ":")) + "\n")
    return EXIT_OK


# ---- bot ----------------------------------------------------------------------------------------


def cmd_bot(args: argparse.Namespace, out: TextIO) -> int:
    """``bot``: answer one request line with one turn line until the end of the input."""
    from .bots import make_bot, serve
    from .bots.protocol import request_lines

    options = _options(args.option, "--option")
    for flag in ("budget", "iterations"):
        value = getattr(args, flag)
        if value is not None:
            if flag in options:
                raise UsageError(f"--{flag}: given twice (also as --option {flag}=...)")
            options[flag] = value
    try:
        bot = make_bot(args.name, seed=args.seed, **options)
    except ValueError as exc:
        raise UsageError(_one_line(exc)) from None
    serve(bot, request_lines(sys.stdin.buffer), out)
    return EXIT_OK


# ---- selfplay --------------------------------------------------------------------------------------


OPTION_HELP = (
    "a bot option, e.g. budget=0.5 or iterations=300 for the advisor (repeatable; values read as JSON "
    "when they can be)"
)
RECORD_FORMATS = ("jsonl", "ndjson", "json")
"""Extensions ``selfplay --out`` writes (one game@1 record per line)."""


def _progress(total: int | None, enabled: bool, unit: str = "game") -> Any:
    """A tqdm bar on standard error when it is a terminal and ``enabled`` (no ``--quiet``), else ``None``."""
    if not enabled or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return tqdm(total=total, unit=unit, file=sys.stderr, leave=False)


def runner_of(args: argparse.Namespace) -> Any:
    """The :class:`~schotten_lab.play.distributed.Runner` of ``--jobs`` and ``--dask``, or a one-line usage error."""
    from .play.distributed import ClusterError, Runner

    if args.jobs < 1:
        raise UsageError.of("cli.jobs", value=Quoted(args.jobs))
    try:
        return Runner(jobs=args.jobs, dask=args.dask)
    except ClusterError as exc:
        raise UsageError(_one_line(exc)) from None


def add_runner_options(p: argparse.ArgumentParser, what: str) -> None:
    """``--jobs``, ``--dask`` and ``--quiet`` for a command that runs many independent ``what``."""
    p.add_argument("--jobs", "-j", type=_integer, default=1, metavar="J",
                   help=f"local processes for the {what} (default 1); with --dask local, the number of workers")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' for a local "
                   "cluster started here (needs the studies extra); the output is the same as on one process")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar (it shows only on a terminal anyway)")


def _on_the_clock(bot: object) -> bool:
    """Whether ``bot`` searches on a time budget (a ``budget`` and no ``iterations``): its moves then
    depend on how fast the machine is, and a seed alone does not fix them."""
    return getattr(bot, "budget", None) is not None and getattr(bot, "iterations", None) is None


def cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    """``selfplay``: N games between two bots, one game@1 record per line, then a summary."""
    from .bots import bot_names, make_bot
    from .play.distributed import ClusterError
    from .play.selfplay import Matchup, SelfPlayError, Summary, choose_engine, selfplay_lines

    for seat in ("south", "north"):
        if getattr(args, seat) not in bot_names():
            raise UsageError.of("cli.unknown_bot", flag=f"--{seat}", value=Quoted(getattr(args, seat)), names=", ".join(bot_names()))
    if args.games < 1:
        raise UsageError.of("cli.games_low", value=Quoted(args.games))
    if args.games > MAX_GAMES:
        raise UsageError.of("cli.games_high", most=MAX_GAMES, value=Quoted(args.games))
    if args.seed < 0:
        raise UsageError.of("cli.seed", value=Quoted(args.seed))
    runner = runner_of(args)
    options = {seat: _options(getattr(args, f"{seat}_option"), f"--{seat}-option") for seat in ("south", "north")}
    match = Matchup(args.south, args.north, args.variant, args.expert, {k: v for k, v in options.items() if v})
    timed = []
    for seat in ("south", "north"):
        try:
            bot = make_bot(getattr(args, seat), seed=0, **options[seat])
        except ValueError as exc:
            raise UsageError(f"--{seat}-option: {_one_line(exc)}") from None
        if _on_the_clock(bot):
            timed.append(seat)
    if timed:
        sys.stderr.write(
            f"selfplay: note: {' and '.join(f'{s} ({getattr(args, s)})' for s in timed)} searches on a time budget, so the "
            f"records depend on the machine's speed and load, not only on --seed; for reproducible records use "
            f"{' and '.join(f'--{s}-option iterations=N' for s in timed)}\n"
        )
    try:
        engine = choose_engine(match, args.engine)
    except SelfPlayError as exc:
        raise UsageError(f"--engine {args.engine}: {_one_line(exc)}") from None
    summary = Summary()
    bar = _progress(args.games, not args.quiet)

    def write_all(sink: IO[str]) -> None:
        lines = selfplay_lines(match, args.games, args.seed, jobs=runner.jobs, dask=runner.dask, engine=engine)
        for line in lines:
            sink.write(line + "\n")
            summary.add_line(line)
            if bar is not None:
                bar.update(1)

    target = _output(args.out, RECORD_FORMATS) if args.out else None
    try:
        if target is not None:
            with atomic_path(target) as staged, open(staged, "w", encoding="utf-8") as sink:
                write_all(sink)
        else:
            write_all(out)
    except ClusterError as exc:
        raise UsageError(_one_line(exc)) from None
    except OutputError as exc:  # a failed write (disk full, file too large): the old file is kept
        raise UsageError(f"--out: {_one_line(exc)}") from None
    finally:
        if bar is not None:
            bar.close()
    lang = getattr(args, "lang", "en")
    header = say("selfplay_header", lang, south=args.south, north=args.north, variant=say(f"selfplay_variant_{args.variant}", lang),
                 expert=say("selfplay_expert", lang) if args.expert else "", seed=str(args.seed), engine=engine,
                 runner=runner.describe(lang))
    report = out if args.out else sys.stderr
    report.write(f"{header}\n{summary.text(lang)}\n")
    if args.out:
        report.write(say("selfplay_wrote_one" if args.games == 1 else "selfplay_wrote", lang, n=args.games, name=_name(args.out)) + "\n")
    return EXIT_OK


# ---- review ------------------------------------------------------------------------------------------


def cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    """``review``: the advisor's view of every turn of a record; an offline HTML page with ``-o``."""
    from .game import RecordError
    from .play.review import ReviewError, review_game

    if not 1 <= args.iterations <= MAX_REVIEW_ITERATIONS:
        raise UsageError.of("cli.review_iterations", most=MAX_REVIEW_ITERATIONS, value=Quoted(args.iterations))
    if args.seed < 0:
        raise UsageError.of("cli.seed", value=Quoted(args.seed))
    target = None
    if args.out:
        from .views.review import REVIEW_FORMATS

        target = _output(args.out, (*REVIEW_FORMATS, "json"), [] if args.record == "-" else [args.record])
    data, where = _read_game(args.record, args.game)
    done: list[object] = []
    try:
        review = review_game(data, iterations=args.iterations, seed=args.seed, progress=None, on_turn=done.append)
    except ReviewError as exc:  # a record error inside (its context) says itself in --lang's words
        inner = exc.__context__ if isinstance(exc.__context__, RecordError) else exc
        raise UsageError.of("cli_source_error", source=where, problem=inner if isinstance(inner, RecordError) else _one_line(exc)) from None
    except KeyboardInterrupt:
        sys.stderr.write(f"review: interrupted after {len(done)} turns; nothing written\n")
        raise
    lang = getattr(args, "lang", "en")
    if target is None:
        out.write(review.text(lang) + "\n")
        return EXIT_OK
    try:
        if target.suffix.lower() == ".json":
            from .core.files import write_text_atomic

            write_text_atomic(target, json.dumps(review.to_dict(), indent=1) + "\n")
        else:
            from .views.review import write_review

            write_review(review, target, lang=lang)
    except OutputError as exc:  # a failed write: the old file, if any, is kept
        raise UsageError(f"--out: {_one_line(exc)}") from None
    for summary in review.summaries.values():
        out.write(summary.line(lang) + "\n")
    out.write(say("review.wrote", lang, name=_name(args.out)) + "\n")
    return EXIT_OK


def _output(path: str, formats: tuple[str, ...], inputs: list[str] | None = None) -> Path:
    """``--out``'s file checked before any work (:func:`~schotten_lab.core.files.check_output`: format,
    not an input, not a link, its folder exists), or a one-line usage error naming the option."""
    try:
        return check_output(path, formats, inputs or [])
    except OutputError as exc:
        raise UsageError(f"--out: {_one_line(exc)}") from None


# ---- registration ---------------------------------------------------------------------------------------


def _options(pairs: list[tuple[str, Any]], flag: str) -> dict[str, Any]:
    """Bot options from ``KEY=VALUE`` pairs; the seed has its own flag (selfplay seeds each game's bots)."""
    options = dict(pairs)
    if "seed" in options:
        raise UsageError.of("cli.seed_option", flag=flag)
    return options


def _bot_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` for a bot option; the value is read as JSON when it can be (``3``, ``0.5``,
    ``true``), else kept as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip().isidentifier():
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_option", text))
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value


def _type_words(key: str, value: object) -> str:
    """A value parser's message in the language the command line is read in."""
    from .cli import speaking

    return say(key, speaking(), value=Quoted(value))


def _count(text: str) -> int:
    """A whole number, 0 or more."""
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_count", value))
    return value


def _seconds(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_seconds", text)) from None


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_type_words("argparse.expected_integer", text)) from None


def add_game_commands(sub: Any) -> None:
    """Add ``replay``, ``review``, ``bot`` and ``selfplay`` to the ``schotten-lab`` subcommand parsers ``sub``."""
    p = sub.add_parser("replay", help="print the position after each turn of a game record (one position@1 per line)")
    p.add_argument("record", metavar="GAME.json", help="a game@1 record (JSON), a JSON Lines file of records, or '-'")
    p.add_argument("--game", type=_count, metavar="K", help="in a JSON Lines file, the K-th record (from 0)")
    __import__("schotten_lab.cli").cli.add_lang_option(p, "the error messages")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("review", help="the advisor's review of a game record: win chances, mistakes, best moves (HTML with -o)")
    p.add_argument("record", metavar="GAME.json", help="a game@1 record (JSON), a JSON Lines file of records, or '-'")
    p.add_argument("--out", "-o", metavar="REVIEW.html", help="write a self-contained offline HTML review (.html), or the figures as JSON (.json), atomically; else text on stdout")
    p.add_argument("--game", type=_count, metavar="K", help="in a JSON Lines file, the K-th record (from 0)")
    p.add_argument("--iterations", type=_integer, default=DEFAULT_REVIEW_ITERATIONS, metavar="N",
                   help=f"advisor rollouts per turn, 1 to {MAX_REVIEW_ITERATIONS:,} (default {DEFAULT_REVIEW_ITERATIONS}; as many "
                   "again to score a move that was not the best; about 6-8 ms a rollout here, so 20,000 is minutes a turn)")
    p.add_argument("--seed", type=_integer, default=0, metavar="S", help="the review's seed (default 0)")
    __import__("schotten_lab.cli").cli.add_lang_option(p, "the text review and its summary")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("bot", help="run a bot on the line protocol: one position@1 request per line in, one turn out")
    p.add_argument("name", metavar="NAME", help="the bot: random, greedy, ...")
    p.add_argument("--seed", type=_integer, default=None, help="the bot's seed: the same answers to the same requests "
                   "for the same seed, when the search is bounded by --iterations (a --budget depends on the machine's speed)")
    p.add_argument("--option", type=_bot_option, action="append", default=[], metavar="KEY=VALUE", help=OPTION_HELP)
    p.add_argument("--budget", type=_seconds, metavar="SECONDS",
                   help="advisor: seconds a move (default 2); the same as --option budget=SECONDS")
    p.add_argument("--iterations", type=_integer, metavar="N",
                   help="advisor: rollouts a move instead of a time budget (reproducible on any machine)")
    p.set_defaults(run=cmd_bot)

    p = sub.add_parser("selfplay", help="play N games between two bots, one game@1 record per line")
    p.add_argument("--south", default="random", metavar="BOT", help="south's bot (default: random)")
    p.add_argument("--north", default="random", metavar="BOT", help="north's bot (default: random)")
    p.add_argument("--games", "-g", type=_integer, required=True, metavar="N", help="how many games")
    p.add_argument("--seed", type=_integer, default=0, metavar="S", help="the run's seed (default 0)")
    p.add_argument("--variant", choices=("base", "tactics"), default="base", help="the variant (default: base)")
    p.add_argument("--expert", action="store_true", help="expert claims (at the start of one's turn)")
    add_runner_options(p, "games")
    p.add_argument(
        "--engine", choices=("auto", "python", "fast"), default="auto",
        help="random-vs-random base games: the compiled kernel (fast), the python engine, or fast when "
        "available (auto, the default); both are reproducible, but they play different games",
    )  # fmt: skip
    for seat in ("south", "north"):
        p.add_argument(
            f"--{seat}-option", type=_bot_option, action="append", default=[], metavar="KEY=VALUE",
            help=f"{OPTION_HELP} for {seat}'s bot",
        )  # fmt: skip
    p.add_argument("--out", "-o", metavar="FILE", help="write the records here (.jsonl, atomically: a failed run leaves the old file); summary on stdout")
    __import__("schotten_lab.cli").cli.add_lang_option(p, "the summary")
    p.set_defaults(run=cmd_selfplay)


__all__ = ["add_game_commands", "cmd_bot", "cmd_replay", "cmd_review", "cmd_selfplay"]
