"""A position written out: ``notation`` (its one-line notation or JSON), ``report`` (a standalone
HTML report) and ``diagram`` (an SVG or PNG picture). The output file is checked before any work and
written atomically.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..core.errors import OutputError, SchottenError, UsageError
from ..core.rules import Player
from ..core.file_words import SystemProblem
from ..core.reader_words import Quoted
from ..core.words import Fact, say
from .io import EXIT_OK, add_lang_option, one_line
from .positions import VIEWER_HELP, add_position_arguments, check_written, input_files, load_one, translated
from .values import parse_player, parse_refute, parse_stones


NOTEBOOK_MODULES = ("plotly", "ipywidgets", "kaleido", "nbformat", "anywidget")
"""Modules of the ``notebooks`` extra: if one is missing, ``report`` says which extra to install."""

INSTALL_NOTEBOOKS = "pip install 'schotten-lab[notebooks]'"
"""The command that installs them, quoted for a shell (the same in every language)."""


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
    check_written(args.output, ("html", "htm"), input_files(args), "--output", Fact.of("cli.what_report"))
    loaded = load_one(args)
    try:
        from ..views.report import write_report
    except ImportError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in NOTEBOOK_MODULES:
            raise UsageError.of("cli.report_needs", missing=missing, command=INSTALL_NOTEBOOKS) from None
        raise UsageError.of("cli.report_unavailable", problem=one_line(str(exc))) from None
    try:
        write_report(loaded.position, args.output, viewer=args.viewer, lang=args.lang,
                     title=translated(loaded, "title", args.lang),
                     description=translated(loaded, "description", args.lang))
    except OutputError as exc:  # the file, not the position: named by its option
        raise UsageError.of("cli.cannot_write_what", flag="--output", what=Fact.of("cli.what_report"), problem=exc) from None
    except SchottenError as exc:
        raise UsageError.of("cli.report_not_written", source=loaded.source, problem=exc) from None
    except RecursionError:
        raise UsageError.of("cli.report_not_written", source=loaded.source, problem=Fact.of("cli.nested")) from None
    except ImportError as exc:
        missing = (exc.name or "").split(".")[0]
        raise UsageError.of("cli.report_needs_extra", missing=missing or Fact.of("cli.notebooks_extra"), command=INSTALL_NOTEBOOKS) from None
    except OSError as exc:
        raise UsageError.of("cli.option_cannot_write", flag="--output", value=Quoted(args.output), why=SystemProblem(exc)) from None
    out.write(say("cli_wrote", getattr(args, "lang", "en"), name=one_line(args.output, 1000)) + "\n")
    return EXIT_OK


def cmd_diagram(args: argparse.Namespace, out: TextIO) -> int:
    """``diagram``: the position as a picture (SVG, or PNG through Chromium), for articles and slides."""
    from ..views.diagram import DIAGRAM_FORMATS, diagram, save_diagram

    if not args.output.lower().endswith(DIAGRAM_FORMATS):
        raise UsageError.of("cli.diagram_extension", value=Quoted(args.output))
    check_written(args.output, ("svg", "png"), input_files(args), "--output", Fact.of("cli.what_diagram"))
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
        raise UsageError.of("cli.option_value_problem", flag="--output", value=one_line(args.output, 200), problem=exc) from None
    except (SchottenError, ValueError) as exc:
        raise UsageError.of("cli.diagram_not_drawn", source=loaded.source, problem=exc) from None
    except OSError as exc:
        raise UsageError.of("cli.option_cannot_write", flag="--output", value=Quoted(args.output), why=SystemProblem(exc)) from None
    out.write(say("cli_wrote", getattr(args, "lang", "en"), name=one_line(args.output, 1000)) + "\n")
    return EXIT_OK


def add_notation_parser(sub: Any) -> None:
    """The ``notation`` subcommand's arguments."""
    p = sub.add_parser("notation", help="print a position's one-line notation (or its JSON)")
    add_position_arguments(p)
    p.add_argument("--to-json", action="store_true", help="print the position@1 JSON document instead")
    p.set_defaults(run=cmd_notation)


def add_report_parser(sub: Any) -> None:
    """The ``report`` subcommand's arguments."""
    p = sub.add_parser("report", help="write a standalone HTML report (needs the notebooks extra)")
    add_position_arguments(p)
    p.add_argument("--output", "-o", required=True, metavar="FILE.html", help="where to write the report")
    p.add_argument("--viewer", type=parse_player, metavar="south|north", help=VIEWER_HELP)
    add_lang_option(p, "the report")
    p.set_defaults(run=cmd_report)


def add_diagram_parser(sub: Any) -> None:
    """The ``diagram`` subcommand's arguments."""
    p = sub.add_parser("diagram", help="draw a position as an SVG or PNG picture (claims, counterexamples, caption)")
    add_position_arguments(p)
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


__all__ = ["NOTEBOOK_MODULES", "add_diagram_parser", "add_notation_parser", "add_report_parser", "cmd_diagram", "cmd_notation", "cmd_report"]
