"""``schotten-lab bot NAME``: a bot on the line protocol, one position@1 request per line in, one turn
per line out (docs/reference/formats.md, "The bot line protocol").

::

    schotten-lab bot NAME [--seed S] [--budget SECONDS | --iterations N] [--option KEY=VALUE]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from ..core.errors import UsageError
from ..core.words import register
from .io import EXIT_OK, add_lang_option
from .selfplay import OPTION_HELP
from .values import bot_option, bot_options, integer, seconds


def cmd_bot(args: argparse.Namespace, out: TextIO) -> int:
    """``bot``: answer one request line with one turn line until the end of the input."""
    from ..bots import make_bot, serve
    from ..bots.budget import budget_options
    from ..bots.protocol import request_lines

    options = bot_options(args.option, "--option")
    for flag in ("budget", "iterations"):
        value = getattr(args, flag)
        if value is not None:
            if flag in options:
                raise UsageError.of("cli.option_twice", flag=flag)
            options[flag] = value
    try:  # --budget S or --iterations N (or the --option spellings): one Budget, refused in the bot's words
        bot = make_bot(args.name, seed=args.seed, **budget_options(options))
    except ValueError as exc:
        raise UsageError.of("cli_bot.refused", problem=exc) from None
    serve(bot, request_lines(sys.stdin.buffer), out, args.lang)
    return EXIT_OK


BOT_CLI_PHRASES = register({"cli_bot.refused": {"en": "{problem}", "fr": "{problem}"}})
"""``bot``'s refusal of a bot's name or options: the bot's own words (bots/base.py), in the command's language."""


def add_bot_parser(sub: Any) -> None:
    """The ``bot`` subcommand's arguments."""
    p = sub.add_parser("bot", help="run a bot on the line protocol: one position@1 request per line in, one turn out")
    p.add_argument("name", metavar="NAME", help="the bot: random, greedy, ...")
    p.add_argument("--seed", type=integer, default=None, help="the bot's seed: the same answers to the same requests "
                   "for the same seed, when the search is bounded by --iterations (a --budget depends on the machine's speed)")
    p.add_argument("--option", type=bot_option, action="append", default=[], metavar="KEY=VALUE", help=OPTION_HELP)
    bound = p.add_mutually_exclusive_group()  # two spellings of the one search budget
    bound.add_argument("--budget", type=seconds, metavar="SECONDS",
                   help="advisor: seconds a move (default 2); the same as --option budget=SECONDS")
    bound.add_argument("--iterations", type=integer, metavar="N",
                   help="advisor: rollouts a move instead of a time budget (reproducible on any machine)")
    add_lang_option(p, "the error messages")
    p.set_defaults(run=cmd_bot)


__all__ = ["add_bot_parser", "cmd_bot"]
