"""Reading the position a command works on: a JSON file, standard input, or the one-line notation
(bounded, named in every message), and the output files checked before any work.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import OutputError, SchottenError, UsageError
from ..core.file_words import SystemProblem
from ..core.files import check_output
from ..core.load import load_position_text
from ..core.position import Position
from ..core.rules import RuleSet
from ..core.words import Fact
from .io import one_line


MAX_INPUT_BYTES = 1_000_000
"""Largest position document (file, stdin, or one batch line) read; a real one is under 5 kB."""


NOTATION_HELP = 'the position in the one-line notation instead of a file, e.g. "N8B8G8-R9R7/-/-/-/-/-/-/-/- ?6 ?6 s"'
"""``--notation``'s help, the same for every command that reads a position."""
VIEWER_HELP = (
    "the seat the figures are seen from: that player's hand counts for them and never for the "
    "opponent (default: the player whose hand is known; both known: the player to move; none: "
    "the public view)"
)
"""``--viewer``'s help (analyze, report)."""
STRICT_HELP = (
    "tactics variant: strict early-claim proofs, where unplayed combat modes and elite troops may "
    "block a claim (default: the rulebook's reading; no effect on base-game positions)"
)
"""``--strict``'s help (analyze, claim)."""


def add_position_arguments(p: argparse.ArgumentParser) -> None:
    """The position of a one-position command: a file (or ``-``), or ``--notation``."""
    p.add_argument("position", nargs="?", metavar="POSITION", help="position file (JSON), or '-' for stdin")
    p.add_argument("--notation", "-n", metavar="TEXT", help=NOTATION_HELP)


@dataclass(frozen=True)
class Loaded:
    """A legal position and the curated metadata that came with it (title, description)."""

    position: Position
    source: str
    title: str | None = None
    description: str | None = None
    translations: dict[str, dict[str, str]] = field(default_factory=dict)


def decode(data: bytes, source: str) -> str:
    """UTF-8 text (a leading byte-order mark dropped); :class:`UsageError` for other bytes."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError.of("cli.not_utf8", source=source, offset=str(exc.start)) from None


def read_bounded(stream: Any, source: str) -> str:
    """All of a binary (or text) stream, refusing more than ``MAX_INPUT_BYTES``."""
    data = stream.read(MAX_INPUT_BYTES + 1)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError.of("cli.position_large", source=source, most=MAX_INPUT_BYTES)
    return decode(data, source)


def looks_like_notation(arg: str) -> bool:
    """A positional argument that is no file but reads as a notation (stones joined by '/', fields by spaces)."""
    return not os.path.exists(arg) and arg.count("/") >= 8 and len(arg.split()) >= 4


def load_text(text: str, source: str) -> Loaded:
    """A legal position from JSON or notation text (:func:`~.core.load.load_position_text`);
    raise :class:`UsageError` naming the source and the problem."""
    try:
        got = load_position_text(text)
    except SchottenError as exc:
        error = UsageError(f"{source}: {one_line(str(exc))}")
        error.fact = Fact.of("cli_source_error", source=source, problem=exc)  # said in --lang by _main
        raise error from None
    except RecursionError:
        raise UsageError.of("cli.position_nested", source=source) from None
    return Loaded(got.position, source, got.title, got.description, got.translations)


def read_file(path: str) -> tuple[str, str]:
    """A position file's text and its printable name; raise :class:`UsageError` naming the problem."""
    name = one_line(path, 200)
    try:
        with open(path, "rb") as f:
            return read_bounded(f, name), name
    except FileNotFoundError:
        raise UsageError.of("cli.no_file", name=name) from None
    except IsADirectoryError:
        raise UsageError.of("cli.position_folder", name=name) from None
    except OSError as exc:
        raise UsageError.of("cli.cannot_read", name=name, why=SystemProblem(exc)) from None


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
            raise UsageError.of("cli.file_and_notation")
        return load_notation(args.notation)
    if args.position is None:
        raise UsageError.of("cli.position_required")
    if args.position == "-":
        text = read_bounded(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>")
        return load_text(text, "<stdin>")
    if looks_like_notation(args.position):
        return load_notation(args.position)
    return load_file(args.position)


def input_files(args: argparse.Namespace) -> list[str]:
    """The files a command reads (its positional position or record, when it names a file), for
    :func:`check_written` to refuse writing over one of them."""
    names = [getattr(args, name, None) for name in ("position", "record")]
    return [name for name in names if isinstance(name, str) and name != "-" and os.path.exists(name)]


def check_written(path: str, formats: tuple[str, ...], inputs: list[str], flag: str, what: object) -> None:
    """Refuse, before any work, an output ``path`` that :func:`~.core.files.check_output` refuses
    (a wrong format, a folder or link, a missing folder, one of ``inputs`` by file identity, a name
    the file system cannot hold): a :class:`UsageError` naming ``flag``, the option it came from."""
    try:
        check_output(path, formats, inputs)
    except OutputError as exc:
        raise UsageError.of("cli.cannot_write_what", flag=flag, what=what, problem=exc) from None


def translated(loaded: Loaded, field: str, lang: str) -> str | None:
    """A curated ``title`` or ``description`` in ``lang``: ``translations.<lang>.<field>`` when the
    document has it, else the document's own field (English)."""
    text = loaded.translations.get(lang, {}).get(field) if lang != "en" else None
    return text if isinstance(text, str) and text.strip() else getattr(loaded, field)


def rules_for(position: Position, strict: bool) -> RuleSet:
    """The position's rule set, with strict proofs when asked for (tactics positions only)."""
    rules = position.rules
    return RuleSet(rules.variant, rules.expert, strict_proofs=strict and rules.tactics)


__all__ = ["Loaded", "MAX_INPUT_BYTES", "NOTATION_HELP", "STRICT_HELP", "VIEWER_HELP", "add_position_arguments", "check_written", "decode", "input_files", "load_file", "load_notation", "load_one", "load_text", "looks_like_notation", "read_bounded", "read_file", "rules_for", "translated"]
