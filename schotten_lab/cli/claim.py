"""``schotten-lab claim``: may a player claim a stone now, and why (the proof, or a counterexample).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..core.errors import SchottenError, UsageError
from ..core.words import say, with_article
from .io import EXIT_OK, add_lang_option, one_line
from .positions import STRICT_HELP, add_position_arguments, load_one, rules_for
from .values import parse_player, parse_stone


def cmd_claim(args: argparse.Namespace, out: TextIO) -> int:
    """``claim``: may PLAYER claim stone N now, and why."""
    from ..analysis.claims import claim

    loaded = load_one(args)
    try:
        verdict = claim(loaded.position, args.stone, args.player, rules_for(loaded.position, args.strict))
    except SchottenError as exc:
        raise UsageError.of("cli.cannot_check_claim", source=loaded.source, problem=exc) from None
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


def add_claim_parser(sub: Any) -> None:
    """The ``claim`` subcommand's arguments."""
    p = sub.add_parser("claim", help="may a player claim a stone now, and why")
    add_position_arguments(p)
    p.add_argument("--stone", "-s", type=parse_stone, required=True, metavar="N", help="stone number, 1 to 9")
    p.add_argument("--player", "-p", type=parse_player, required=True, metavar="south|north", help="the claimant")
    p.add_argument("--strict", action="store_true", help=STRICT_HELP)
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    add_lang_option(p, "the verdict")
    p.set_defaults(run=cmd_claim)


__all__ = ["add_claim_parser", "cmd_claim"]
