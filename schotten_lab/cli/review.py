"""``schotten-lab review``: the advisor's view of every turn of a game record (text, or an offline
HTML page or JSON with ``-o``).

::

    schotten-lab review GAME.json [-o REVIEW.html or .json] [--game K] [--iterations N] [--seed S] [--lang en|fr]
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ..core.errors import OutputError, UsageError
from ..core.reader_words import Quoted
from ..core.words import Count, say
from .io import EXIT_OK, add_lang_option, checked_output, file_name, one_line
from .records import read_game
from .values import search_budget
from .values import count, integer


DEFAULT_REVIEW_ITERATIONS = 200
"""``review --iterations``'s default (kept equal to ``play.review.DEFAULT_ITERATIONS``; a test checks)."""

MAX_REVIEW_ITERATIONS = 50_000
"""``review --iterations``'s largest value (kept equal to ``play.review.MAX_ITERATIONS``; a test checks)."""


def cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    """``review``: the advisor's view of every turn of a record; an offline HTML page with ``-o``."""
    from ..game import RecordError
    from ..play.review import ReviewError, review_game

    if not 1 <= args.iterations <= MAX_REVIEW_ITERATIONS:
        raise UsageError.of("cli.review_iterations", most=MAX_REVIEW_ITERATIONS, value=Quoted(args.iterations))
    if args.seed < 0:
        raise UsageError.of("cli.seed", value=Quoted(args.seed))
    target = None
    if args.out:
        from ..views.review import REVIEW_FORMATS

        target = checked_output(args.out, (*REVIEW_FORMATS, "json"), [] if args.record == "-" else [args.record])
    data, where = read_game(args.record, args.game)
    done: list[object] = []
    try:
        review = review_game(data, budget=search_budget(None, args.iterations), seed=args.seed, progress=None, on_turn=done.append)
    except ReviewError as exc:  # a record error inside (its context) says itself in --lang's words
        inner = exc.__context__ if isinstance(exc.__context__, RecordError) else exc
        raise UsageError.of("cli_source_error", source=where, problem=inner if isinstance(inner, RecordError) else exc) from None
    except KeyboardInterrupt:
        turns = Count(len(done), "cli.turns_one", "cli.turns_many")
        sys.stderr.write(say("cli.review_interrupted", getattr(args, "lang", "en"), turns=turns) + "\n")
        raise
    lang = getattr(args, "lang", "en")
    if target is None:
        out.write(review.text(lang) + "\n")
        return EXIT_OK
    try:
        if target.suffix.lower() == ".json":
            from ..core.files import write_text_atomic

            write_text_atomic(target, json.dumps(review.to_dict(), indent=1) + "\n")
        else:
            from ..views.review import write_review

            write_review(review, target, lang=lang)
    except OutputError as exc:  # a failed write: the old file, if any, is kept
        raise UsageError.of("cli.option_problem", flag="--out", problem=exc) from None
    for summary in review.summaries.values():
        out.write(summary.line(lang) + "\n")
    out.write(say("review.wrote", lang, name=file_name(args.out)) + "\n")
    return EXIT_OK


def add_review_parser(sub: Any) -> None:
    """The ``review`` subcommand's arguments."""
    p = sub.add_parser("review", help="the advisor's review of a game record: win chances, mistakes, best moves (HTML with -o)")
    p.add_argument("record", metavar="GAME.json", help="a game@1 record (JSON), a JSON Lines file of records, or '-'")
    p.add_argument("--out", "-o", metavar="REVIEW.html", help="write a self-contained offline HTML review (.html), or the figures as JSON (.json), atomically; else text on stdout")
    p.add_argument("--game", type=count, metavar="K", help="in a JSON Lines file, the K-th record (from 0)")
    p.add_argument("--iterations", type=integer, default=DEFAULT_REVIEW_ITERATIONS, metavar="N",
                   help=f"advisor rollouts per turn, 1 to {MAX_REVIEW_ITERATIONS:,} (default {DEFAULT_REVIEW_ITERATIONS}); the moves "
                   "are then scored on up to 512 times as many deals while a turn's label is undecided")
    p.add_argument("--seed", type=integer, default=0, metavar="S", help="the review's seed (default 0)")
    add_lang_option(p, "the text review and its summary")
    p.set_defaults(run=cmd_review)


__all__ = ["DEFAULT_REVIEW_ITERATIONS", "MAX_REVIEW_ITERATIONS", "add_review_parser", "cmd_review"]
