"""The command line's shared input and output: exit codes, one-line messages, the error line,
the language (``--lang``, ``SCHOTTEN_LANG``, argparse's own words) and the argument parser class.

Every command module speaks through this one: an exit code, :func:`one_line` and the error line
(:func:`print_error`) are defined here once. The language of a command line is read before argparse
reads it (:func:`argv_lang`), so argparse's own messages and help headings are in it
(:func:`argparse_speaking`).
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NoReturn

from ..core.errors import OutputError, SchottenError, UsageError
from ..core.files import check_output
from ..core.words import LANGS, NBSP, default_lang, register, say


PROG = "schotten-lab"

EXIT_OK = 0
EXIT_BATCH_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3

MESSAGE_CHARS = 500
"""Longest error message printed (messages name the field and quote only short excerpts anyway)."""


class Parser(argparse.ArgumentParser):
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

_HEADINGS = frozenset({"positional arguments", "options"})
"""argparse's help section titles (it adds their colon itself)."""

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


CLI_PHRASES = register({
    "cli_wrote": {"en": "wrote {name}", "fr": "fichier écrit : {name}"},
    "cli_source_error": {"en": "{source}: {problem}", "fr": "{source} : {problem}"},
    "cli.no_file": {"en": "{name}: no such file", "fr": "{name} : ce fichier n'existe pas"},
    "cli.cannot_read": {"en": "{name}: cannot read: {why}", "fr": "{name} : lecture impossible : {why}"},
    "cli.position_folder": {"en": "{name}: is a directory, not a position file", "fr": "{name} : c'est un dossier, et non un fichier de position"},
    "cli.file_and_notation": {"en": "give either a position file or --notation, not both",
                              "fr": "donnez un fichier de position ou --notation, mais pas les deux"},
    "cli.position_required": {"en": "a position is required: a JSON file, or --notation \"...\"",
                              "fr": "il faut une position : un fichier JSON, ou --notation suivi de la notation entre guillemets"},
    "cli.files_and_notation": {"en": "give either position files or --notation, not both",
                               "fr": "donnez des fichiers de position ou --notation, mais pas les deux"},
    "cli.positions_required": {"en": "a position is required: a JSON file, '-' for JSON Lines on stdin, or --notation \"...\"",
                               "fr": "il faut une position : un fichier JSON, « - » pour du JSON Lines sur l'entrée standard, ou --notation suivi de la notation entre guillemets"},
    "cli.stdin_and_files": {"en": "'-' (JSON Lines on stdin) cannot be mixed with files",
                            "fr": "« - » (du JSON Lines sur l'entrée standard) ne se mélange pas avec des fichiers"},
    "cli.cannot_analyse": {"en": "{source}: cannot analyse: {problem}", "fr": "{source} : analyse impossible : {problem}"},
    "cli.cannot_check_claim": {"en": "{source}: cannot check the claim: {problem}", "fr": "{source} : impossible de vérifier la revendication : {problem}"},
    "cli.not_utf8": {"en": "{source}: not UTF-8 text (bad byte at offset {offset})",
                     "fr": "{source} : ce n'est pas du texte UTF-8 (octet invalide à la position {offset})"},
    "cli.position_large": {"en": "{source}: larger than {most} bytes; a position document is a few kB",
                           "fr": "{source} : plus de {most} octets, alors qu'un document de position tient en quelques ko"},
    "cli.position_nested": {"en": "{source}: nested too deeply to be a position document",
                            "fr": "{source} : données trop profondément imbriquées pour être un document de position"},
    "cli.batch_only": {"en": "{flag}: runs a batch (several files, or '-'), not one position",
                       "fr": "{flag} : sert à un lot (plusieurs fichiers, ou « - »), et non à une seule position"},
    "cli.report_needs": {"en": "the HTML report needs {missing}, which is not installed: {command}",
                         "fr": "le rapport HTML a besoin de {missing}, qui n'est pas installé : {command}"},
    "cli.report_needs_extra": {"en": "the HTML report needs {missing}: {command}", "fr": "le rapport HTML a besoin de {missing} : {command}"},
    "cli.notebooks_extra": {"en": "the notebooks extra", "fr": "l'extra notebooks"},
    "cli.report_unavailable": {"en": "the HTML report is not available in this installation: {problem}",
                               "fr": "le rapport HTML n'est pas disponible dans cette installation : {problem}"},
    "cli.option_twice": {"en": "--{flag}: given twice (also as --option {flag}=...)", "fr": "--{flag} : donnée deux fois (aussi par --option {flag}=…)"},
    "cli.option_problem": {"en": "{flag}: {problem}", "fr": "{flag} : {problem}"},
    "cli.option_value_problem": {"en": "{flag} {value}: {problem}", "fr": "{flag} {value} : {problem}"},
    "cli.cannot_write_what": {"en": "{flag}: cannot write {what}: {problem}", "fr": "{flag} ({what}) : {problem}"},
    "cli.option_cannot_write": {"en": "{flag} {value}: cannot write: {why}", "fr": "{flag} {value} : écriture impossible : {why}"},
    "cli.diagram_extension": {"en": "--output {value}: the file name must end in .svg or .png",
                              "fr": "--output {value} : le nom du fichier doit finir par .svg ou .png"},
    "cli.report_not_written": {"en": "{source}: cannot write the report: {problem}", "fr": "{source} : impossible d'écrire le rapport : {problem}"},
    "cli.diagram_not_drawn": {"en": "{source}: cannot draw the diagram: {problem}", "fr": "{source} : impossible de dessiner le schéma : {problem}"},
    "cli.what_report": {"en": "the report", "fr": "le rapport"},
    "cli.what_diagram": {"en": "the diagram", "fr": "le schéma"},
})  # fmt: skip
"""The commands' own last line (en, fr)."""


def add_lang_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang en|fr`` for a command that writes words; the default comes from ``SCHOTTEN_LANG``."""
    default = default_lang()
    parser.add_argument("--lang", choices=LANGS, default=default,
                        help=f"language of {what} (default: {default}, from SCHOTTEN_LANG)")


def one_line(text: object, limit: int = MESSAGE_CHARS) -> str:
    """``text`` on one bounded line, control characters removed (free text cannot forge lines)."""
    line = re.sub(r"[^\S\u00a0\u202f]+", " ", terminal_text(str(text))).strip(" ")  # French no-break spaces kept
    return line if len(line) <= limit else f"{line[:limit]}… ({len(line):,} characters)"


def terminal_text(text: str) -> str:
    """``text`` without control characters (ANSI escapes, carriage returns...), newlines kept."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates become visible escapes
    return "".join(ch for ch in text if ch == "\n" or (ch >= " " and not 0x7F <= ord(ch) < 0xA0))


def file_name(path: str) -> str:
    """A file name as messages print it (one line, bounded)."""
    return "<stdin>" if path == "-" else one_line(path, 200)


def checked_output(path: str, formats: tuple[str, ...], inputs: list[str] | None = None) -> Path:
    """``--out``'s file checked before any work (:func:`~schotten_lab.core.files.check_output`: format,
    not an input, not a link, its folder exists), or a one-line usage error naming the option."""
    try:
        return check_output(path, formats, inputs or [])
    except OutputError as exc:
        raise UsageError.of("cli.option_problem", flag="--out", problem=exc) from None


def print_error(error: SchottenError, lang: str) -> None:
    """The error line of bad input on standard error: ``schotten-lab: error: …`` in ``lang``'s words."""
    lang = lang if lang in LANGS else "en"
    message = error.in_words(lang)  # a reader's (or a record's) error in --lang's words
    print(say("cli.error", lang, prog=PROG, message=one_line(message)), file=sys.stderr)


__all__ = ["ARGPARSE_PHRASES", "CLI_PHRASES", "EXIT_BAD_INPUT", "EXIT_BATCH_FAILED", "EXIT_INTERNAL", "EXIT_OK", "MESSAGE_CHARS", "PROG", "Parser", "add_lang_option", "argparse_speaking", "argparse_words", "argv_lang", "checked_output", "file_name", "one_line", "print_error", "speaking", "terminal_text"]
