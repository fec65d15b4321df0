"""The ``schotten-lab`` command line (also ``python -m schotten_lab``).

Subcommands::

    schotten-lab analyze POSITION.json [MORE.json ...] [--viewer south|north] [--strict] [--json]
    schotten-lab analyze - < positions.jsonl          # JSON Lines in, one JSON report per line out
                 [--jobs J | --dask ADDRESS|local] [--quiet]   # a batch on processes or a Dask cluster
    schotten-lab claim POSITION.json --stone N --player south|north [--strict] [--json]
    schotten-lab advise POSITION.json [--iterations N | --budget SECONDS] [--seed S] [--moves K] [--json]
    schotten-lab notation POSITION.json [--to-json]
    schotten-lab report POSITION.json -o report.html [--viewer south|north] [--lang en|fr]
    schotten-lab diagram POSITION.json -o FILE.svg|FILE.png [--refute N:PLAYER] [--caption TEXT]

Tactics positions (``"variant": "tactics"``) work everywhere; ``--strict`` makes ``analyze`` and
``claim`` use the strict early-claim proof (unplayed combat modes and elite troops may block a
claim; docs/RULES.md, "Early claims under tactics"). It has no effect on base-game positions, and the
JSON report says which rules were used (``"rules"``).

Wherever a position file is expected, ``--notation "TEXT"`` (or the notation itself, quoted, in
place of the file name) gives the position in the one-line notation instead.

Exit codes:

- ``0``: success (a claim that is *not* claimable is still a successful answer);
- ``1``: batch analysis (several files, or ``-``) where at least one input failed; every input gets
  one output line, in input order: its report, or ``{"line": n, "error": "..."}`` (``"file"`` for
  files), whatever the line holds (bad JSON, bad bytes, any size); the batch always goes on;
- ``2``: bad input or usage (missing file, bad JSON, illegal position, bad stone or player, an
  output that would overwrite an input), with a bounded one-line message on standard error naming
  the problem;
- ``3``: an internal error (a bug): a one-line message; ``--debug`` shows the traceback;
- ``130``: interrupted (Ctrl-C), quietly.

Input is bounded: a file or standard input holds at most ``MAX_INPUT_BYTES``, a batch line at most
``MAX_INPUT_BYTES``; a UTF-8 byte-order mark is accepted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, TextIO

from .core.errors import OutputError, SchottenError, UsageError, excerpt, interruption_behind
from .core.reader_words import Quoted
from .core.position import Position
from .core.load import load_position_text
from .core.rules import Player, RuleSet
from .core.words import LANGS, NBSP, Fact, default_lang, fraction, register, say, tactic, with_article

PROG = "schotten-lab"

EXIT_OK = 0
EXIT_BATCH_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3

NOTEBOOK_MODULES = ("plotly", "ipywidgets", "kaleido", "nbformat", "anywidget")
"""Modules of the ``notebooks`` extra: if one is missing, ``report`` says which extra to install."""

MAX_INPUT_BYTES = 1_000_000
"""Largest position document (file, stdin, or one batch line) read; a real one is under 5 kB."""
MESSAGE_CHARS = 500
"""Longest error message printed (messages name the field and quote only short excerpts anyway)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (and exit code 2), never the usage block."""

    def error(self, message: str) -> NoReturn:
        if speaking() == "fr":  # argparse quotes values with repr: guillemets, and its type names in words
            message = re.sub(r"'([^'\s]{1,80})'", lambda m: f"«{NBSP}{m[1]}{NBSP}»", message)
            message = re.sub(r"\((int|float)\)", lambda m: "(" + say(f"argparse.type_{m[1]}", "fr") + ")", message)
        raise UsageError.of("cli.see_help", message=_cut_words(message), prog=self.prog)


ARGPARSE_PHRASES = register({
    "cli.see_help": {"en": "{message} (see '{prog} --help')", "fr": "{message} (voir « {prog} --help »)"},
    "cli.error": {"en": "{prog}: error: {message}", "fr": "{prog} : erreur : {message}"},
    "cli.nested": {"en": "input nested too deeply", "fr": "données trop profondément imbriquées"},
    "cli.internal": {"en": "{prog}: internal error: {kind}: {message} (please report it; rerun with --debug for the traceback)",
                     "fr": "{prog} : erreur interne : {kind} : {message} (merci de la signaler ; relancez avec --debug pour voir la pile d'appels)"},
    # argparse's own words (its gettext messages), field names standing for its %-placeholders
    "argparse.usage": {"en": "usage: ", "fr": "utilisation : "},
    "argparse.positionals": {"en": "positional arguments", "fr": "arguments"},
    "argparse.options": {"en": "options", "fr": "options"},
    "argparse.help": {"en": "show this help message and exit", "fr": "affiche cette aide et s'arrête"},
    "argparse.argument": {"en": "argument {argument_name}: {message}", "fr": "argument {argument_name} : {message}"},
    "argparse.unrecognized": {"en": "unrecognized arguments: {s}", "fr": "arguments inconnus : {s}"},
    "argparse.required": {"en": "the following arguments are required: {s}", "fr": "arguments obligatoires manquants : {s}"},
    "argparse.one_required": {"en": "one of the arguments {s} is required", "fr": "il faut l'un des arguments {s}"},
    "argparse.not_allowed": {"en": "not allowed with argument {s}", "fr": "interdit avec l'argument {s}"},
    "argparse.ignored": {"en": "ignored explicit argument {r}", "fr": "valeur {r} ignorée"},
    "argparse.expected_one": {"en": "expected one argument", "fr": "une valeur est attendue"},
    "argparse.expected_at_most_one": {"en": "expected at most one argument", "fr": "une valeur au plus est attendue"},
    "argparse.expected_at_least_one": {"en": "expected at least one argument", "fr": "au moins une valeur est attendue"},
    "argparse.expected_n_one": {"en": "expected {s} argument", "fr": "{s} valeur attendue"},
    "argparse.expected_n_many": {"en": "expected {s} arguments", "fr": "{s} valeurs attendues"},
    "argparse.ambiguous": {"en": "ambiguous option: {option} could match {matches}", "fr": "option ambiguë : {option} peut désigner {matches}"},
    "argparse.unexpected": {"en": "unexpected option string: {s}", "fr": "option inattendue : {s}"},
    "argparse.invalid_value": {"en": "invalid {type} value: {value}", "fr": "valeur invalide ({type}) : {value}"},
    "argparse.invalid_choice": {"en": "invalid choice: {value} (choose from {choices})", "fr": "choix invalide : {value} (choisir parmi {choices})"},
    "argparse.unknown_parser": {"en": "unknown parser {parser_name} (choices: {choices})", "fr": "commande inconnue : {parser_name} (choix : {choices})"},
    "argparse.cannot_open": {"en": "can't open '{filename}': {error}", "fr": "impossible d'ouvrir {filename} : {error}"},
    "argparse.type_int": {"en": "int", "fr": "nombre entier"},
    "argparse.type_float": {"en": "float", "fr": "nombre"},
    "argparse.expected_integer": {"en": "expected an integer, not {value}", "fr": "un nombre entier est attendu, et non {value}"},
    "argparse.expected_count": {"en": "expected 0 or more, not {value}", "fr": "un nombre positif ou nul est attendu, et non {value}"},
    "argparse.expected_seconds": {"en": "expected seconds, not {value}", "fr": "un nombre de secondes est attendu, et non {value}"},
    "argparse.expected_option": {"en": "expected KEY=VALUE (e.g. budget=0.5), not {value}",
                                 "fr": "CLÉ=VALEUR est attendu (par exemple budget=2), et non {value}"},
    "argparse.player": {"en": "unknown player {value}: expected 'south' or 'north'", "fr": "joueur inconnu {value} : \"south\" ou \"north\" attendu"},
    "argparse.stone": {"en": "stone {value} is not a number from 1 to 9", "fr": "la borne {value} n'est pas un nombre de 1 à 9"},
    "argparse.stone_range": {"en": "stone {value} is out of range: stones are numbered 1 to 9", "fr": "il n'y a pas de borne {value} : les bornes sont numérotées de 1 à 9"},
    "argparse.prog_error": {"en": "{prog}: error: {message}", "fr": "{prog} : erreur : {message}"},
})  # fmt: skip
"""The command line's own words, and argparse's (usage, section titles, errors about the command line)."""

_ARGPARSE_MESSAGES: dict[str, tuple[str, dict[str, str]]] = {
    "usage: ": ("argparse.usage", {}),
    "positional arguments": ("argparse.positionals", {}),
    "options": ("argparse.options", {}),
    "show this help message and exit": ("argparse.help", {}),
    "argument %(argument_name)s: %(message)s": ("argparse.argument", {"argument_name": "%(argument_name)s", "message": "%(message)s"}),
    "unrecognized arguments: %s": ("argparse.unrecognized", {"s": "%s"}),
    "the following arguments are required: %s": ("argparse.required", {"s": "%s"}),
    "one of the arguments %s is required": ("argparse.one_required", {"s": "%s"}),
    "not allowed with argument %s": ("argparse.not_allowed", {"s": "%s"}),
    "ignored explicit argument %r": ("argparse.ignored", {"r": "%r"}),
    "expected one argument": ("argparse.expected_one", {}),
    "expected at most one argument": ("argparse.expected_at_most_one", {}),
    "expected at least one argument": ("argparse.expected_at_least_one", {}),
    "expected %s argument": ("argparse.expected_n_one", {"s": "%s"}),
    "expected %s arguments": ("argparse.expected_n_many", {"s": "%s"}),
    "ambiguous option: %(option)s could match %(matches)s": ("argparse.ambiguous", {"option": "%(option)s", "matches": "%(matches)s"}),
    "unexpected option string: %s": ("argparse.unexpected", {"s": "%s"}),
    "invalid %(type)s value: %(value)r": ("argparse.invalid_value", {"type": "%(type)s", "value": "%(value)r"}),
    "invalid choice: %(value)r (choose from %(choices)s)": ("argparse.invalid_choice", {"value": "%(value)r", "choices": "%(choices)s"}),
    "unknown parser %(parser_name)r (choices: %(choices)s)": ("argparse.unknown_parser", {"parser_name": "%(parser_name)r", "choices": "%(choices)s"}),
    "can't open '%(filename)s': %(error)s": ("argparse.cannot_open", {"filename": "%(filename)s", "error": "%(error)s"}),
    "%(prog)s: error: %(message)s\n": ("argparse.prog_error", {"prog": "%(prog)s", "message": "%(message)s"}),
}
_HEADINGS = frozenset({"positional arguments", "options"})
"""argparse's help section titles (it adds their colon itself)."""
"""argparse's gettext messages (Python 3.11-3.13) and the phrase that says each, with the fields
that stand for its %-placeholders; a message not listed stays as argparse wrote it."""


def argparse_words(message: str, lang: str) -> str:
    """argparse's message template ``message`` in ``lang`` (its %-placeholders kept); unknown ones unchanged."""
    if lang == "en" or message not in _ARGPARSE_MESSAGES:
        return message
    key, fields = _ARGPARSE_MESSAGES[message]
    if message in _HEADINGS:  # argparse puts the colon right after a section's title: the no-break space goes here
        return say(key, lang) + NBSP
    return say(key, lang, **fields) + ("\n" if message.endswith("\n") else "")


_SPEAKING = ["en"]
"""The language argparse speaks now (:func:`argparse_speaking`), for the value parsers' messages."""


def speaking() -> str:
    """The language the command line is being read in (``en`` outside :func:`argparse_speaking`)."""
    return _SPEAKING[-1]


@contextlib.contextmanager
def argparse_speaking(lang: str) -> Iterator[None]:
    """While the block runs, argparse builds, parses and prints help in ``lang``: its gettext
    functions (``argparse._``, ``argparse.ngettext``) say its messages from :data:`ARGPARSE_PHRASES`."""
    if lang == "en":
        yield
        return
    _SPEAKING.append(lang)
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]

    def plural(singular: str, plural_form: str, n: int) -> str:
        return argparse_words(singular if n == 1 else plural_form, lang)

    argparse._ = lambda message: argparse_words(message, lang)  # type: ignore[attr-defined]
    argparse.ngettext = plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _SPEAKING.pop()


def argv_lang(argv: Sequence[str]) -> str:
    """The language a command line asks for before argparse reads it: its ``--lang L`` (or
    ``--lang=L``) when ``L`` is a language, else ``SCHOTTEN_LANG``'s (:func:`~.core.words.default_lang`)."""
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        value = arg[len("--lang="):] if arg.startswith("--lang=") else argv[k + 1] if arg == "--lang" and k + 1 < len(argv) else None
        if value in LANGS:
            return value
    return default_lang()


def _cut_words(message: str, limit: int = 40) -> str:
    """``message`` with every word over ``limit`` characters cut, saying its length: argparse's own
    messages quote a bad value whole (``invalid choice: 'vvvv…'``)."""
    def cut(word: str) -> str:
        return word if "…" in word else f"{word[:limit]}… ({len(word):,} characters)"  # "…": already cut

    return re.sub(r"\S{%d,}" % (limit + 9), lambda m: cut(m[0]), message)


# ---- reading positions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Loaded:
    """A legal position and the curated metadata that came with it (title, description)."""

    position: Position
    source: str
    title: str | None = None
    description: str | None = None
    translations: dict[str, dict[str, str]] = field(default_factory=dict)


CLI_PHRASES = register({
    "cli_wrote": {"en": "wrote {name}", "fr": "fichier écrit : {name}"},
    "cli_source_error": {"en": "{source}: {problem}", "fr": "{source} : {problem}"},
})  # fmt: skip
"""The commands' own last line (en, fr)."""


def add_lang_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang en|fr`` for a command that writes words; the default comes from ``SCHOTTEN_LANG``."""
    default = default_lang()
    parser.add_argument("--lang", choices=LANGS, default=default,
                        help=f"language of {what} (default: {default}, from SCHOTTEN_LANG)")


def _one_line(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` on one bounded line, control characters removed (free text cannot forge lines)."""
    line = re.sub(r"[^\S\u00a0\u202f]+", " ", terminal_text(str(text))).strip(" ")  # French no-break spaces kept
    return line if len(line) <= limit else f"{line[:limit]}… ({len(line):,} characters)"


def terminal_text(text: str) -> str:
    """``text`` without control characters (ANSI escapes, carriage returns...), newlines kept."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates become visible escapes
    return "".join(ch for ch in text if ch == "\n" or (ch >= " " and not 0x7F <= ord(ch) < 0xA0))


def _decode(data: bytes, source: str) -> str:
    """UTF-8 text (a leading byte-order mark dropped); :class:`UsageError` for other bytes."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{source}: not UTF-8 text (bad byte at offset {exc.start})") from None


def _read_bounded(stream: Any, source: str) -> str:
    """All of a binary (or text) stream, refusing more than ``MAX_INPUT_BYTES``."""
    data = stream.read(MAX_INPUT_BYTES + 1)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(f"{source}: larger than {MAX_INPUT_BYTES:,} bytes; a position document is a few kB")
    return _decode(data, source)


def looks_like_notation(arg: str) -> bool:
    """A positional argument that is no file but reads as a notation (stones joined by '/', fields by spaces)."""
    return not os.path.exists(arg) and arg.count("/") >= 8 and len(arg.split()) >= 4


def load_text(text: str, source: str) -> Loaded:
    """A legal position from JSON or notation text (:func:`~.core.load.load_position_text`);
    raise :class:`UsageError` naming the source and the problem."""
    try:
        got = load_position_text(text)
    except SchottenError as exc:
        error = UsageError(f"{source}: {_one_line(str(exc))}")
        error.fact = Fact.of("cli_source_error", source=source, problem=exc)  # said in --lang by _main
        raise error from None
    except RecursionError:
        raise UsageError(f"{source}: nested too deeply to be a position document") from None
    return Loaded(got.position, source, got.title, got.description, got.translations)


def read_file(path: str) -> tuple[str, str]:
    """A position file's text and its printable name; raise :class:`UsageError` naming the problem."""
    name = _one_line(path, 200)
    try:
        with open(path, "rb") as f:
            return _read_bounded(f, name), name
    except FileNotFoundError:
        raise UsageError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{name}: is a directory, not a position file") from None
    except OSError as exc:
        raise UsageError(f"{name}: cannot read: {exc.strerror or exc}") from None


def load_file(path: str) -> Loaded:
    """A legal position from a JSON file; raise :class:`UsageError` naming the problem."""
    return load_text(*read_file(path))


def load_notation(text: str) -> Loaded:
    """A legal position from the one-line notation; raise :class:`UsageError` naming the problem."""
    return load_text(text, "notation")


def load_one(args: argparse.Namespace) -> Loaded:
    """The single position of a subcommand: ``--notation`` or the positional file (or notation)."""
    if args.notation is not None:
        if args.position is not None:
            raise UsageError("give either a position file or --notation, not both")
        return load_notation(args.notation)
    if args.position is None:
        raise UsageError("a position is required: a JSON file, or --notation \"...\"")
    if args.position == "-":
        text = _read_bounded(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>")
        return load_text(text, "<stdin>")
    if looks_like_notation(args.position):
        return load_notation(args.position)
    return load_file(args.position)


def input_files(args: argparse.Namespace) -> list[str]:
    """The files a command reads (its positional position or record, when it names a file), for
    :func:`check_written` to refuse writing over one of them."""
    names = [getattr(args, name, None) for name in ("position", "record")]
    return [name for name in names if isinstance(name, str) and name != "-" and os.path.exists(name)]


def check_written(path: str, formats: tuple[str, ...], inputs: list[str], flag: str, what: str) -> None:
    """Refuse, before any work, an output ``path`` that :func:`~.core.files.check_output` refuses
    (a wrong format, a folder or link, a missing folder, one of ``inputs`` by file identity, a name
    the file system cannot hold): a :class:`UsageError` naming ``flag``, the option it came from."""
    from .core.files import check_output

    try:
        check_output(path, formats, inputs)
    except OutputError as exc:
        raise UsageError(f"{flag}: cannot write {what}: {_one_line(str(exc))}") from None


def parse_player(text: str) -> Player:
    """An argparse type: ``south``/``north`` (or ``s``/``n``)."""
    try:
        return Player.parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("argparse.player", speaking(), value=Quoted(text))) from None


def parse_stone(text: str) -> int:
    """An argparse type: a stone number 1-9."""
    if not (text.strip().isascii() and text.strip().isdigit() and len(text.strip()) <= 3):
        raise argparse.ArgumentTypeError(say("argparse.stone", speaking(), value=Quoted(text)))
    number = int(text)
    if not 1 <= number <= 9:
        raise argparse.ArgumentTypeError(say("argparse.stone_range", speaking(), value=str(number)))
    return number


# ---- subcommands ------------------------------------------------------------------------------------


def rules_for(position: Position, strict: bool) -> RuleSet:
    """The position's rule set, with strict proofs when asked for (tactics positions only)."""
    rules = position.rules
    return RuleSet(rules.variant, rules.expert, strict_proofs=strict and rules.tactics)


def _analyze(loaded: Loaded, viewer: Player | None, strict: bool = False) -> Any:
    from .analysis.board import analyze

    try:
        return analyze(loaded.position, viewer=viewer, rules=rules_for(loaded.position, strict))
    except SchottenError as exc:
        raise UsageError(f"{loaded.source}: cannot analyse: {_one_line(str(exc))}") from None


def _dumps_line(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    """``analyze``: a readable report, its JSON, or one JSON report per line for a batch."""
    inputs: list[str] = args.positions
    single = args.notation is not None or (len(inputs) == 1 and inputs[0] != "-")
    if single and (args.jobs != 1 or args.dask is not None):
        raise UsageError(f"--{'dask' if args.dask is not None else 'jobs'}: runs a batch (several files, or '-'), not one position")
    if args.notation is not None:
        if inputs:
            raise UsageError("give either position files or --notation, not both")
        return _report_single(load_notation(args.notation), args, out)
    if not inputs:
        raise UsageError("a position is required: a JSON file, '-' for JSON Lines on stdin, or --notation \"...\"")
    if len(inputs) == 1 and inputs[0] != "-":
        arg = inputs[0]
        return _report_single(load_notation(arg) if looks_like_notation(arg) else load_file(arg), args, out)
    if "-" in inputs and len(inputs) > 1:
        raise UsageError("'-' (JSON Lines on stdin) cannot be mixed with files")
    from .cli_game import _progress, runner_of
    from .play.distributed import ClusterError, ordered_map

    runner = runner_of(args)
    jobs = (
        (key, item, read, args.viewer, args.strict, args.debug)
        for key, item, read in _batch_items(inputs)
    )
    failed = False
    bar = _progress(len(inputs) if inputs != ["-"] else None, not args.quiet, unit="position")
    try:
        for line, bad in ordered_map(_batch_line, jobs, runner):
            failed |= bad
            out.write(line + "\n")
            out.flush()
            if bar is not None:
                bar.update(1)
    except ClusterError as exc:
        raise UsageError(_one_line(str(exc))) from None
    finally:
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
        return _dumps_line({key: _item(item), "error": _one_line(message)}), True
    except Exception as exc:  # a bug: reported on the line's own output, and the batch goes on
        if debug:
            raise
        message = f"internal error: {type(exc).__name__}: {exc} (please report it)"
        return _dumps_line({key: _item(item), "error": _one_line(message)}), True
    return _dumps_line({key: _item(item), **report}), False


def _item(item: object) -> object:
    """A batch input's id for the output: the line number, or the file name made printable."""
    return item if isinstance(item, int) else _one_line(str(item), 1000)


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
                read = (_decode(data, source), source)
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
    from .analysis.board import format_report

    analysis = _analyze(loaded, args.viewer, args.strict)
    lang = getattr(args, "lang", "en")
    if args.json:
        out.write(json.dumps(analysis.to_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        title = _title(loaded, lang)
        if title:
            out.write(f"{_one_line(title, 200)}\n\n")
        out.write(format_report(analysis, lang).rstrip("\n") + "\n")
        if analysis.rules.tactics:
            out.write(_tactics_lines(analysis, lang))
    return EXIT_OK


def _title(loaded: Loaded, lang: str) -> str | None:
    """The curated title in ``lang`` (its ``translations``), else the document's own title."""
    return translated(loaded, "title", lang)


def translated(loaded: Loaded, field: str, lang: str) -> str | None:
    """A curated ``title`` or ``description`` in ``lang``: ``translations.<lang>.<field>`` when the
    document has it, else the document's own field (English)."""
    text = loaded.translations.get(lang, {}).get(field) if lang != "en" else None
    return text if isinstance(text, str) and text.strip() else getattr(loaded, field)


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


def cmd_claim(args: argparse.Namespace, out: TextIO) -> int:
    """``claim``: may PLAYER claim stone N now, and why."""
    from .analysis.claims import claim

    loaded = load_one(args)
    try:
        verdict = claim(loaded.position, args.stone, args.player, rules_for(loaded.position, args.strict))
    except SchottenError as exc:
        raise UsageError(f"{loaded.source}: cannot check the claim: {_one_line(str(exc))}") from None
    if args.json:
        out.write(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    lang = args.lang
    word = say("cli_claimable" if verdict.claimable else "cli_not_claimable", lang)
    strict = say("cli_strict", lang) if rules_for(loaded.position, args.strict).strict_proofs else ""
    out.write(say("cli_claim_head", lang, stone=args.stone, player=args.player, word=word, strict=strict) + "\n")
    out.write(f"{verdict.explain(lang)}\n")
    if verdict.counterexample:
        cards = " ".join(str(c) for c in verdict.counterexample)
        formation = ""
        if verdict.counter_formation is not None:
            shown = with_article(verdict.counter_formation.describe(lang), lang, "indef" if lang == "fr" else "bare")
            formation = say("cli_counter_formation", lang, formation=shown)
        out.write(say("cli_counterexample", lang, player=args.player.opponent, cards=cards, formation=formation) + "\n")
    return EXIT_OK


def cmd_notation(args: argparse.Namespace, out: TextIO) -> int:
    """``notation``: the one-line notation of a position (or, with ``--to-json``, its JSON document)."""
    loaded = load_one(args)
    if args.to_json:
        out.write(loaded.position.to_json() + "\n")
    else:
        out.write(loaded.position.notation + "\n")
    return EXIT_OK


def cmd_report(args: argparse.Namespace, out: TextIO) -> int:
    """``report``: a standalone HTML report (needs the ``notebooks`` extra for plotly).

    The output must end in ``.html``/``.htm``, must not be the input file nor a symbolic link, and is
    written atomically: a failed write leaves any previous file unchanged."""
    check_written(args.output, ("html", "htm"), input_files(args), "--output", "the report")
    loaded = load_one(args)
    try:
        from .views.report import write_report
    except ImportError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in NOTEBOOK_MODULES:
            raise UsageError(
                f"the HTML report needs {missing}, which is not installed: "
                "pip install 'schotten-lab[notebooks]'"
            ) from None
        raise UsageError(f"the HTML report is not available in this installation: {_one_line(str(exc))}") from None
    try:
        write_report(loaded.position, args.output, viewer=args.viewer, lang=args.lang,
                     title=translated(loaded, "title", args.lang),
                     description=translated(loaded, "description", args.lang))
    except OutputError as exc:  # the file, not the position: named by its option
        raise UsageError(f"--output: cannot write the report: {_one_line(str(exc))}") from None
    except SchottenError as exc:
        raise UsageError(f"{loaded.source}: cannot write the report: {_one_line(str(exc))}") from None
    except RecursionError:
        raise UsageError(f"{loaded.source}: cannot write the report: input nested too deeply") from None
    except ImportError as exc:
        missing = (exc.name or "").split(".")[0]
        raise UsageError(
            f"the HTML report needs {missing or 'the notebooks extra'}: pip install 'schotten-lab[notebooks]'"
        ) from None
    except OSError as exc:
        raise UsageError(f"--output {excerpt(args.output)}: cannot write: {exc.strerror or exc}") from None
    out.write(say("cli_wrote", getattr(args, "lang", "en"), name=_one_line(args.output, 1000)) + "\n")
    return EXIT_OK


# ---- diagram: a position as an SVG or PNG picture -------------------------------------------------


def parse_refute(text: str) -> tuple[int, Player]:
    """An argparse type: ``N:PLAYER`` (``1:south``), the claim whose counterexample is drawn."""
    stone, sep, player = text.partition(":")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: expected STONE:PLAYER, e.g. '1:south'")
    return parse_stone(stone), parse_player(player)


def parse_stones(text: str) -> list[int]:
    """An argparse type: stone numbers separated by commas (``1,3``), or ``none``."""
    if text.strip().lower() == "none":
        return []
    return [parse_stone(part) for part in text.replace(" ", "").split(",") if part]


def cmd_diagram(args: argparse.Namespace, out: TextIO) -> int:
    """``diagram``: the position as a picture (SVG, or PNG through Chromium), for articles and slides."""
    from .views.diagram import DIAGRAM_FORMATS, diagram, save_diagram

    if not args.output.lower().endswith(DIAGRAM_FORMATS):
        raise UsageError(f"--output {excerpt(args.output)}: the file name must end in .svg or .png")
    check_written(args.output, ("svg", "png"), input_files(args), "--output", "the diagram")
    loaded = load_one(args)
    caption = translated(loaded, "title", args.lang) if args.caption == "title" else args.caption
    try:
        svg = diagram(
            loaded.position, highlight_stones=args.highlight, highlight_cards=args.cards or (),
            refute=args.refute, caption=caption, lang=args.lang, viewer=args.viewer,
            bottom=Player.NORTH if args.flip else None, legend=args.legend,
        )  # fmt: skip
        save_diagram(svg, args.output, scale=args.scale)
    except OutputError as exc:  # the file, not the position (ExportError too: Chromium missing or failing)
        raise UsageError(f"--output {_one_line(args.output, 200)}: {_one_line(str(exc))}") from None
    except (SchottenError, ValueError) as exc:
        raise UsageError(f"{loaded.source}: cannot draw the diagram: {_one_line(str(exc))}") from None
    except OSError as exc:
        raise UsageError(f"--output {excerpt(args.output)}: cannot write: {exc.strerror or exc}") from None
    out.write(say("cli_wrote", getattr(args, "lang", "en"), name=_one_line(args.output, 1000)) + "\n")
    return EXIT_OK


def add_diagram_parser(sub: Any, notation_help: str) -> None:
    """The ``diagram`` subcommand's arguments."""
    p = sub.add_parser("diagram", help="draw a position as an SVG or PNG picture (claims, counterexamples, caption)")
    p.add_argument("position", nargs="?", metavar="POSITION", help="position file (JSON), or '-' for stdin")
    p.add_argument("--notation", "-n", metavar="TEXT", help=notation_help)
    p.add_argument("--output", "-o", required=True, metavar="FILE.svg|FILE.png", help="where to write the picture")
    p.add_argument("--highlight", type=parse_stones, metavar="N,N|none",
                   help="stones to frame (default: the stones claimable now)")
    p.add_argument("--cards", metavar="CARDS", help='cards to ring in magenta, e.g. "R8 G8"')
    p.add_argument("--refute", type=parse_refute, metavar="N:PLAYER",
                   help="draw the counterexample against PLAYER claiming stone N (dashed cards)")
    p.add_argument("--caption", metavar="TEXT", help="a caption under the diagram ('title': the position's title)")
    p.add_argument("--viewer", type=parse_player, metavar="south|north",
                   help="drawn at the bottom; the opponent's hand is drawn face down")
    p.add_argument("--flip", action="store_true", help="north at the bottom")
    add_lang_option(p, "the diagram")
    p.add_argument("--legend", action=argparse.BooleanOptionalAction, default=True,
                   help="the diagram's key under it, in its language: dashed cards, frames, rings (default: on)")
    p.add_argument("--scale", type=float, default=2.0, help="PNG pixels per SVG pixel (default: 2)")
    p.set_defaults(run=cmd_diagram)


# ---- the parser and main ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``schotten-lab``."""
    parser = _Parser(
        prog=PROG,
        description="Exact strategy analysis for Schotten Totten: claims, card probabilities, formation odds.",
        epilog="Exit codes: 0 success, 1 some batch input failed, 2 bad input, 3 internal error.",
    )
    parser.add_argument("--debug", action="store_true", help="show the traceback of an internal error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    notation_help = 'the position in the one-line notation instead of a file, e.g. "N8B8G8-R9R7/-/-/-/-/-/-/-/- ?6 ?6 s"'
    viewer_help = (
        "the seat the figures are seen from: that player's hand counts for them and never for the "
        "opponent (default: the player whose hand is known; both known: the player to move; none: "
        "the public view)"
    )
    strict_help = (
        "tactics variant: strict early-claim proofs, where unplayed combat modes and elite troops may "
        "block a claim (default: the rulebook's reading; no effect on base-game positions)"
    )

    p = sub.add_parser("analyze", help="claims, odds, outcomes and card probabilities of a whole position")
    p.add_argument(
        "positions", nargs="*", metavar="POSITION",
        help="position file(s) (JSON); several files or '-' (JSON Lines on stdin) give one JSON report per line",
    )  # fmt: skip
    p.add_argument("--notation", "-n", metavar="TEXT", help=notation_help)
    p.add_argument("--viewer", type=parse_player, metavar="south|north", help=viewer_help)
    p.add_argument("--strict", action="store_true", help=strict_help)
    p.add_argument("--json", action="store_true", help="print the JSON report instead of the readable one")
    add_lang_option(p, "the readable report")
    __import__("schotten_lab.cli_game").cli_game.add_runner_options(p, "batch's positions")
    p.set_defaults(run=cmd_analyze)

    p = sub.add_parser("claim", help="may a player claim a stone now, and why")
    p.add_argument("position", nargs="?", metavar="POSITION", help="position file (JSON), or '-' for stdin")
    p.add_argument("--notation", "-n", metavar="TEXT", help=notation_help)
    p.add_argument("--stone", "-s", type=parse_stone, required=True, metavar="N", help="stone number, 1 to 9")
    p.add_argument("--player", "-p", type=parse_player, required=True, metavar="south|north", help="the claimant")
    p.add_argument("--strict", action="store_true", help=strict_help)
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    add_lang_option(p, "the verdict")
    p.set_defaults(run=cmd_claim)

    __import__("schotten_lab.cli_advise").cli_advise.add_advise_parser(sub, notation_help)  # cli_advise.py

    p = sub.add_parser("notation", help="print a position's one-line notation (or its JSON)")
    p.add_argument("position", nargs="?", metavar="POSITION", help="position file (JSON), or '-' for stdin")
    p.add_argument("--notation", "-n", metavar="TEXT", help=notation_help)
    p.add_argument("--to-json", action="store_true", help="print the position@1 JSON document instead")
    p.set_defaults(run=cmd_notation)

    p = sub.add_parser("report", help="write a standalone HTML report (needs the notebooks extra)")
    p.add_argument("position", nargs="?", metavar="POSITION", help="position file (JSON), or '-' for stdin")
    p.add_argument("--notation", "-n", metavar="TEXT", help=notation_help)
    p.add_argument("--output", "-o", required=True, metavar="FILE.html", help="where to write the report")
    p.add_argument("--viewer", type=parse_player, metavar="south|north", help=viewer_help)
    add_lang_option(p, "the report")
    p.set_defaults(run=cmd_report)

    add_diagram_parser(sub, notation_help)
    __import__("schotten_lab.cli_game").cli_game.add_game_commands(sub)  # replay, bot, selfplay: cli_game.py
    __import__("schotten_lab.cli_puzzles").cli_puzzles.add_puzzle_commands(sub)  # puzzles: cli_puzzles.py
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
        lang = getattr(args, "lang", lang) if args is not None else lang
        message = exc.in_words(lang) if lang in LANGS else str(exc)  # a reader's error in --lang's words
        print(say("cli.error", lang if lang in LANGS else "en", prog=PROG, message=_one_line(message)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except RecursionError:  # only deeply nested input gets here
        print(say("cli.error", lang, prog=PROG, message=say("cli.nested", lang)), file=sys.stderr)
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
        print(say("cli.internal", lang, prog=PROG, kind=type(exc).__name__, message=_one_line(str(exc))), file=sys.stderr)
        return EXIT_INTERNAL


__all__ = ["build_parser", "main"]
