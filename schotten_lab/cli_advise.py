"""``schotten-lab advise``: "what should I play here?" for a position file or a notation.

::

    schotten-lab advise POSITION [--notation TEXT] [--iterations N | --budget SECONDS] [--seed S] [--moves K] [--json]

The position is read exactly as ``claim`` and ``analyze`` read it (:func:`.cli.load_one`), then
:func:`schotten_lab.bots.advise` ranks every legal move of the player to move, seen from that seat
only: the opponent's hand and the deck order are sampled, never read, even when the file shows them.
``--iterations N`` fixes the rollouts (and the exact endgame solver's node budget), so the answer for
a seed is the same on any machine; the default, a time budget of 2 s a move like the advisor bot,
is not reproducible (how many rollouts fit depends on the machine). Bad input exits 2 with one line
naming the field (``cli``'s exit codes).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from .cli import EXIT_OK, _one_line, load_one
from .cli_game import _integer, _seconds
from .core.errors import SchottenError, UsageError

DEFAULT_BUDGET = 2.0
"""Seconds of search without ``--iterations``: the advisor bot's default (a test checks)."""
DEFAULT_MOVES = 10
"""Moves the readable table lists (``--moves``); the JSON lists every move."""


def _iterations(text: str) -> int:
    """An argparse type: rollouts, a whole number within the advisor bot's bounds."""
    from .bots.advisor import MAX_ITERATIONS

    value = _integer(text)
    if not 1 <= value <= MAX_ITERATIONS:
        raise argparse.ArgumentTypeError(f"must be a whole number of rollouts from 1 to {MAX_ITERATIONS:,}, not {value}")
    return value


def _budget(text: str) -> float:
    """An argparse type: seconds of search, above 0 and at most the advisor bot's ``MAX_BUDGET``."""
    from .bots.advisor import MAX_BUDGET

    value = _seconds(text)
    if not 0 < value <= MAX_BUDGET:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be seconds above 0 and at most {MAX_BUDGET:g}, not {text.strip()!r}")
    return value


def _at_least(low: int) -> Any:
    """An argparse type: a whole number, ``low`` or more."""

    def parse(text: str) -> int:
        value = _integer(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be a whole number, {low} or more, not {value}")
        return value

    return parse


def search_line(args: argparse.Namespace) -> str:
    """How the search was bounded, and whether running it again gives the same answer."""
    if args.iterations is not None:
        return f"search: {args.iterations:,} rollouts, seed {args.seed} (reproducible: the same answer on any machine)"
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    return (
        f"search: {budget:g} s time budget, seed {args.seed} (the rollouts that fit depend on the machine; "
        "--iterations N is reproducible)"
    )


def cmd_advise(args: argparse.Namespace, out: TextIO) -> int:
    """``advise``: every legal move of the player to move with its chance to win, best first, and why."""
    from .bots import advise

    loaded = load_one(args)
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    try:
        advice = advise(loaded.position, budget_seconds=budget, iterations=args.iterations, seed=args.seed)
    except (SchottenError, ValueError) as exc:  # advise names the field of a position it cannot search
        raise UsageError(f"{loaded.source}: cannot advise: {_one_line(str(exc))}") from None
    if args.json:
        document = {
            **advice.to_dict(),
            "seen_from": advice.player.value,
            "seed": args.seed,
            "iterations": args.iterations,
            "budget_seconds": None if args.iterations is not None else budget,
        }
        out.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    me, opponent = advice.player.value, advice.player.opponent.value
    if loaded.title:
        out.write(f"{_one_line(loaded.title, 200)}\n\n")
    out.write(
        f"Seen from {me}'s seat ({me} to move): every chance is {me}'s to win the game; "
        f"{opponent}'s hand and the deck order are sampled, never read.\n{search_line(args)}\n"
    )
    out.write(advice.table(limit=args.moves) + "\n")
    return EXIT_OK


def add_advise_parser(sub: Any, notation_help: str) -> None:
    """The ``advise`` subcommand's arguments."""
    p = sub.add_parser("advise", help="what should the player to move play: every move's chance to win, and why")
    p.add_argument("position", nargs="?", metavar="POSITION", help="position file (JSON), or '-' for stdin")
    p.add_argument("--notation", "-n", metavar="TEXT", help=notation_help)
    bound = p.add_mutually_exclusive_group()
    bound.add_argument("--iterations", "-i", type=_iterations, metavar="N",
                       help="rollouts instead of a time budget: reproducible (the same answer for a seed on any machine)")
    bound.add_argument("--budget", "-b", type=_budget, metavar="SECONDS",
                       help=f"seconds of search (default {DEFAULT_BUDGET:g}, like the advisor bot): not reproducible, "
                       "the rollouts that fit depend on the machine")
    p.add_argument("--seed", type=_at_least(0), default=0, metavar="S", help="the search's seed (default 0)")
    p.add_argument("--moves", "-k", type=_at_least(1), default=DEFAULT_MOVES, metavar="K",
                   help=f"moves the table lists (default {DEFAULT_MOVES}; --json lists every move)")
    p.add_argument("--json", action="store_true", help="print the advice as one JSON object")
    p.set_defaults(run=cmd_advise)


__all__ = ["add_advise_parser", "cmd_advise"]
