"""``schotten-lab replay``, and reading a game record for ``replay`` and ``review``: a game@1 JSON
file, standard input, or one line of a JSON Lines file (``--game K``), bounded in bytes and lines and
named in every message.

::

    schotten-lab replay GAME.json [--game K]          # one position@1 per line, after each turn
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any, TextIO

from ..core.errors import UsageError
from ..core.file_words import SystemProblem
from ..core.reader_words import JsonMessage, Quoted
from ..core.words import Fact, register, say
from .io import EXIT_OK, add_lang_option, file_name, one_line
from .values import count


GAME_CLI_PHRASES = register({
    "cli.record_large": {"en": "{name}: larger than {most} bytes: a game@1 record is a few kB (for a JSON Lines file of records, choose one with --game K)",
                         "fr": "{name} : plus de {most} octets, alors qu'une partie game@1 tient en quelques ko (pour un fichier JSON Lines de parties, choisissez-en une avec --game K)"},
    "cli.record_folder": {"en": "{name}: is a directory, not a game record", "fr": "{name} : c'est un dossier, et non une partie enregistrée"},
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
    "cli.review_interrupted": {"en": "review: interrupted after {turns}; nothing written",
                               "fr": "review : analyse interrompue après {turns} ; rien n’a été écrit"},
    "cli.turns_one": {"en": "{count} turn", "fr": "{count} tour"},
    "cli.turns_many": {"en": "{count} turns", "fr": "{count} tours"},
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
            return one_line(error) if lang == "en" or not isinstance(error, RecursionError) else say("reader.json_deep", lang)
        return say("cli.json_at", lang, message=JsonMessage(error.msg), line=str(error.lineno), column=str(error.colno))

    def __str__(self) -> str:
        return self.in_words("en")


MAX_RECORD_BYTES = 1_000_000
"""Largest game record read (a whole file or standard input, or one line of a JSON Lines file); a
real record is a few kB."""

MAX_RECORD_LINES = 1_000_000
"""Most lines of a JSON Lines file (or standard input) read to reach ``--game K``: K is below it."""


def read_game(path: str, index: int | None) -> tuple[Any, object]:
    """The record document in ``path`` (``-``: standard input): a JSON file, or line ``index``
    (0-based, blank lines not counted) of a JSON Lines file. Bounded: at most ``MAX_RECORD_BYTES``
    for the document or the line, and ``MAX_RECORD_LINES`` lines read to reach line ``index``; the
    rest of a file is never read."""
    name = file_name(path)
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
        raise UsageError.of("cli.cannot_read", name=name, why=SystemProblem(exc)) from None
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
    from ..game import RecordError, read_record, replay, validate_record  # the engine loads when a record is read

    data, where = read_game(args.record, args.game)
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


def add_replay_parser(sub: Any) -> None:
    """The ``replay`` subcommand's arguments."""
    p = sub.add_parser("replay", help="print the position after each turn of a game record (one position@1 per line)")
    p.add_argument("record", metavar="GAME.json", help="a game@1 record (JSON), a JSON Lines file of records, or '-'")
    p.add_argument("--game", type=count, metavar="K", help="in a JSON Lines file, the K-th record (from 0)")
    add_lang_option(p, "the error messages")
    p.set_defaults(run=cmd_replay)


__all__ = ["GAME_CLI_PHRASES", "JsonProblem", "MAX_RECORD_BYTES", "MAX_RECORD_LINES", "add_replay_parser", "cmd_replay", "read_game"]
