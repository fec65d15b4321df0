"""``schotten-lab selfplay``: N games between two bots, one game@1 record per line, then a summary.

::

    schotten-lab selfplay --south BOT --north BOT --games N --seed S [--variant base|tactics]
                          [--expert] [--jobs J | --dask ADDRESS|local] [--quiet] [--engine auto|python|fast] [--out FILE]
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any, TextIO

from ..core.errors import OutputError, UsageError
from ..core.files import atomic_path
from ..core.reader_words import Quoted
from ..core.rules import Player
from ..core.words import Fact, Facts, register, say
from .io import EXIT_OK, add_lang_option, checked_output, file_name
from .runs import add_runner_options, progress, runner_of
from .values import bot_option, bot_options, budget_of_options, integer


MAX_GAMES = 10_000_000
"""``selfplay --games``' largest value (about a day of random games on one core)."""

OPTION_HELP = (
    "a bot option, e.g. budget=0.5 or iterations=300 for the advisor (repeatable; values read as JSON "
    "when they can be)"
)

SELFPLAY_CLI_PHRASES = register({
    "cli_sp.seat": {"en": "{player} ({bot})", "fr": "{player} ({bot})"},
    "cli_sp.timed_one": {
        "en": "selfplay: note: {seats} searches on a time budget, so the records depend on the machine's speed and load, "
              "not only on --seed; for reproducible records use {options}",
        "fr": "selfplay : remarque : {seats} cherche ses coups en temps limité, donc les parties dépendent de la vitesse et "
              "de la charge de la machine, pas seulement de --seed ; pour des parties reproductibles, utilisez {options}",
    },
    "cli_sp.timed_many": {
        "en": "selfplay: note: {seats} searches on a time budget, so the records depend on the machine's speed and load, "
              "not only on --seed; for reproducible records use {options}",
        "fr": "selfplay : remarque : {seats} cherchent leurs coups en temps limité, donc les parties dépendent de la vitesse "
              "et de la charge de la machine, pas seulement de --seed ; pour des parties reproductibles, utilisez {options}",
    },
})  # fmt: skip
"""``selfplay``'s note on a bot searching on a time budget (en, fr)."""

RECORD_FORMATS = ("jsonl", "ndjson", "json")
"""Extensions ``selfplay --out`` writes (one game@1 record per line)."""


def _on_the_clock(bot: object) -> bool:
    """Whether ``bot`` searches on a time budget (its ``budget`` a :class:`~schotten_lab.bots.Budget`
    of seconds): its moves then depend on how fast the machine is, and a seed alone does not fix them."""
    return bool(getattr(getattr(bot, "budget", None), "on_the_clock", False))


def cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    """``selfplay``: N games between two bots, one game@1 record per line, then a summary."""
    from ..bots import bot_names, make_bot
    from ..play.selfplay import Matchup, SelfPlayError, Summary, choose_engine, selfplay_lines

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
    options = {seat: budget_of_options(bot_options(getattr(args, f"{seat}_option"), f"--{seat}-option"), f"--{seat}-option")
               for seat in ("south", "north")}  # fmt: skip
    match = Matchup(args.south, args.north, args.variant, args.expert, {k: v for k, v in options.items() if v})
    timed = []
    for seat in ("south", "north"):
        try:
            bot = make_bot(getattr(args, seat), seed=0, **options[seat])
        except ValueError as exc:
            raise UsageError.of("cli.option_problem", flag=f"--{seat}-option", problem=exc) from None
        if _on_the_clock(bot):
            timed.append(seat)
    lang = getattr(args, "lang", "en")
    if timed:
        seats = Facts(tuple(Fact.of("cli_sp.seat", player=Player(s), bot=getattr(args, s)) for s in timed), sep="and_all")
        flags = Facts(tuple(f"--{s}-option iterations=N" for s in timed), sep="and_all")
        key = "cli_sp.timed_one" if len(timed) == 1 else "cli_sp.timed_many"
        sys.stderr.write(say(key, lang, seats=seats, options=flags) + "\n")
    try:
        engine = choose_engine(match, args.engine)
    except SelfPlayError as exc:
        raise UsageError.of("cli.option_value_problem", flag="--engine", value=args.engine, problem=exc) from None
    summary = Summary()
    bar = progress(args.games, not args.quiet)

    def write_all(sink: IO[str]) -> None:
        lines = selfplay_lines(match, args.games, args.seed, jobs=runner.jobs, dask=runner.dask, engine=engine)
        for line in lines:
            sink.write(line + "\n")
            summary.add_line(line)
            if bar is not None:
                bar.update(1)

    target = checked_output(args.out, RECORD_FORMATS) if args.out else None
    try:
        if target is not None:
            with atomic_path(target) as staged, open(staged, "w", encoding="utf-8") as sink:
                write_all(sink)
        else:
            write_all(out)
    except OutputError as exc:  # a failed write (disk full, file too large): the old file is kept
        raise UsageError.of("cli.option_problem", flag="--out", problem=exc) from None
    finally:
        if bar is not None:
            bar.close()
    header = say("selfplay_header", lang, south=args.south, north=args.north, variant=say(f"selfplay_variant_{args.variant}", lang),
                 expert=say("selfplay_expert", lang) if args.expert else "", seed=str(args.seed), engine=engine,
                 runner=runner.describe(lang))
    report = out if args.out else sys.stderr
    report.write(f"{header}\n{summary.text(lang)}\n")
    if args.out:
        report.write(say("selfplay_wrote_one" if args.games == 1 else "selfplay_wrote", lang, n=args.games, name=file_name(args.out)) + "\n")
    return EXIT_OK


def add_selfplay_parser(sub: Any) -> None:
    """The ``selfplay`` subcommand's arguments."""
    p = sub.add_parser("selfplay", help="play N games between two bots, one game@1 record per line")
    p.add_argument("--south", default="random", metavar="BOT", help="south's bot (default: random)")
    p.add_argument("--north", default="random", metavar="BOT", help="north's bot (default: random)")
    p.add_argument("--games", "-g", type=integer, required=True, metavar="N", help="how many games")
    p.add_argument("--seed", type=integer, default=0, metavar="S", help="the run's seed (default 0)")
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
            f"--{seat}-option", type=bot_option, action="append", default=[], metavar="KEY=VALUE",
            help=f"{OPTION_HELP} for {seat}'s bot",
        )  # fmt: skip
    p.add_argument("--out", "-o", metavar="FILE", help="write the records here (.jsonl, atomically: a failed run leaves the old file); summary on stdout")
    add_lang_option(p, "the summary")
    p.set_defaults(run=cmd_selfplay)


__all__ = ["MAX_GAMES", "OPTION_HELP", "RECORD_FORMATS", "add_selfplay_parser", "cmd_selfplay"]
