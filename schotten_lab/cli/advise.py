"""``schotten-lab advise``: "what should I play here?" for a position file or a notation.

::

    schotten-lab advise POSITION [--notation TEXT] [--iterations N | --budget SECONDS] [--seed S] [--moves K] [--json]

The position is read as ``claim`` and ``analyze`` read it (:func:`.positions.load_one`), and a JSON
document may also be an engine observation (``GameState.observation(...).to_dict()``: the extra
fields ``pending`` and ``jokers_played``) or a bot request (with ``history``), read as the bot
protocol reads a request. Then
:func:`schotten_lab.bots.advise` ranks every legal move of the player to move, seen from that seat
only; with a pending Headhunter (``"pending": {"kind": "headhunter", "return": 2}``) the moves are
the choices of cards to put back under the decks. Seen from that seat only: the opponent's hand and
the deck order are sampled, never read, even when the file shows them.
``--iterations N`` fixes the rollouts (and the exact endgame solver's node budget), so the answer for
a seed is the same on any machine; the default, a time budget of 2 s a move like the advisor bot,
is not reproducible (how many rollouts fit depends on the machine); on the clock the compiled
rollouts are loaded before it starts (:func:`load_compiled_rollouts`). Bad input exits 2 with one line
naming the field (``cli``'s exit codes).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import threading
from typing import TYPE_CHECKING, Any, TextIO

from ..core.errors import SchottenError, UsageError
from ..core.position import Position
from ..core.reader_words import Quoted
from ..core.position_json import json_document
from ..core.words import Count, number, register, say, typeset
from .io import EXIT_OK, add_lang_option, one_line
from .positions import Loaded, add_position_arguments, load_one, load_text, looks_like_notation, read_bounded, read_file, translated
from .values import integer, refusal, search_budget, seconds

if TYPE_CHECKING:  # the bots load with the command, not with the parser
    from ..bots.budget import Budget


DEFAULT_BUDGET = 2.0
"""Seconds of search without ``--iterations``: the advisor bot's default (a test checks)."""

DEFAULT_MOVES = 10
"""Moves the readable table lists (``--moves``); the JSON lists every move."""

SLOW_LOAD_SECONDS = 4.0
"""Loading the compiled rollouts longer than this says why on stderr: from numba's cache it takes
1–3 s, while compiling them (once per installation, when the cache is empty or stale) takes tens."""

OBSERVATION_FIELDS = ("pending", "jokers_played", "history")
"""Fields of an engine observation (or a bot request) that a plain position@1 document does not have."""


def _iterations(text: str) -> int:
    """An argparse type: rollouts, a whole number within the advisor bot's bounds."""
    from ..bots.advisor import MAX_ITERATIONS

    value = integer(text)
    if not 1 <= value <= MAX_ITERATIONS:
        raise refusal("value.rollouts", most=MAX_ITERATIONS, value=Quoted(value))
    return value


def _budget(text: str) -> float:
    """An argparse type: seconds of search, above 0 and at most the advisor bot's ``MAX_BUDGET``."""
    from ..bots.advisor import MAX_BUDGET

    value = seconds(text)
    if not 0 < value <= MAX_BUDGET:  # also refuses nan
        raise refusal("value.seconds", most=f"{MAX_BUDGET:g}", value=Quoted(text.strip()))
    return value


def _at_least(low: int) -> Any:
    """An argparse type: a whole number, ``low`` or more."""

    def parse(text: str) -> int:
        value = integer(text)
        if value < low:
            raise refusal("value.at_least", low=str(low), value=Quoted(value))
        return value

    return parse


def load_advised(args: argparse.Namespace) -> Loaded:
    """The position to advise: :func:`.positions.load_one`'s, or an engine observation document (a
    pending Headhunter, the Jokers played) checked as the bot protocol checks a request."""
    if args.notation is not None or args.position is None or (args.position != "-" and looks_like_notation(args.position)):
        return load_one(args)
    if args.position == "-":
        text, source = read_bounded(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>"), "<stdin>"
    else:
        text, source = read_file(args.position)
    return load_observation_text(text, source)


def load_observation_text(text: str, source: str) -> Loaded:
    """:func:`.positions.load_text`, or for a JSON object with ``pending``, ``jokers_played`` or ``history``
    (a bot request saved to a file) the observation it describes; :class:`UsageError` naming the
    source and the field."""
    from ..bots.protocol import RequestError, observation_of

    data: object = None
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        try:
            data = json_document(text)
        except SchottenError:
            data = None  # load_text says what is wrong, as for any position document
    if not isinstance(data, dict) or not any(name in data for name in OBSERVATION_FIELDS):
        return load_text(text, source)
    try:
        position = observation_of(data)
    except RequestError as exc:
        raise UsageError.of("cli.option_problem", flag=source, problem=exc) from None
    title, description = data.get("title"), data.get("description")
    return Loaded(position, source, title if isinstance(title, str) else None,
                  description if isinstance(description, str) else None)  # fmt: skip


def pending_line(pending: Any, advice: Any, lang: str = "en") -> str:
    """What a pending Headhunter asks of the mover, what the ranked moves are, and (when the turn
    proves stones) how their claims go with the answer, in ``lang``."""
    count = pending.returns
    line = say("cli_adv.pending", lang, me=advice.player, cards=Count(count, "cli_adv.card_one", "cli_adv.card_many"),
               answer='{"return": [...]}')
    claims = sorted({n for move in advice.moves for n in move.claims})
    if claims:
        stones = ", ".join(map(str, claims))
        line += say("cli_adv.pending_claims", lang, stones=stones, answer=f'"claim": [{stones}]')
    return line


ADVISE_PHRASES = register({
    "cli_adv.pending": {
        "en": "Headhunter pending: {me} has drawn and now puts {cards} of the hand back (clan cards under the clan deck, tactics cards under the tactics deck); every choice is ranked below, answered as {answer}",
        "fr": "Chasseur de tête en cours : {me} a pioché et remet maintenant {cards} de sa main (les cartes Clan sous la pioche Clan, les cartes Tactique sous la pioche Tactique) ; chaque choix est classé ci-dessous, à répondre par {answer}",
    },
    "cli_adv.cannot_advise": {"en": "{source}: cannot advise: {problem}", "fr": "{source} : pas de conseil possible : {problem}"},
    "cli_adv.card_one": {"en": "{count} card", "fr": "{count} carte"},
    "cli_adv.card_many": {"en": "{count} cards", "fr": "{count} cartes"},
    "cli_adv.pending_claims": {
        "en": "\n  'claim {stones}': provable at the end of the turn; claimed with the Headhunter play, or else add {answer} to the answer",
        "fr": "\n  « revendique {stones} » : prouvable à la fin du tour ; revendiqué avec le coup du Chasseur de tête, sinon ajoutez {answer} à la réponse",
    },
    "cli_adv.seat": {"en": "Seen from {me}'s seat ({me} to move): every chance is {me}'s to win the game; {opponent}'s hand and the deck order are sampled, never read.",
                     "fr": "Vu du siège de {me} ({me} joue) : chaque chance est celle de {me} de gagner la partie ; la main de {opponent} et l'ordre de la pioche sont tirés au hasard, jamais lus."},
    "cli_adv.iterations": {"en": "search: {iterations} rollouts, seed {seed} (reproducible: the same answer on any machine)",
                           "fr": "recherche : {iterations} parties simulées, graine {seed} (reproductible : la même réponse sur toute machine)"},
    "cli_adv.loading": {"en": "advise: compiling the fast rollouts (once per installation; up to a minute)…",
                        "fr": "advise : compilation des parties simulées rapides (une fois par installation ; jusqu’à une minute)…"},
    "cli_adv.budget": {"en": "search: {budget} s time budget, seed {seed} (the rollouts that fit depend on the machine; --iterations N is reproducible)",
                       "fr": "recherche : {budget} s de temps, graine {seed} (le nombre de parties simulées dépend de la machine ; --iterations N est reproductible)"},
})  # fmt: skip
"""The words of ``advise``'s text head (en, fr)."""


def search_line(budget: Budget, seed: int, lang: str = "en") -> str:
    """How the search was bounded (the command's one :class:`~schotten_lab.bots.Budget`), and whether
    running it again gives the same answer."""
    if budget.rollouts is not None:
        shown = f"{budget.rollouts:,}" if lang == "en" else number(budget.rollouts, lang)
        return say("cli_adv.iterations", lang, iterations=shown, seed=str(seed))
    seconds = f"{budget.seconds:g}"
    return say("cli_adv.budget", lang, budget=seconds if lang == "en" else seconds.replace(".", ","), seed=str(seed))


def load_compiled_rollouts(position: Position, lang: str = "en", err: TextIO | None = None) -> bool:
    """Load the advisor's compiled rollouts (:func:`schotten_lab.bots.rollouts.warm`) before a search
    on the clock starts, when numba is importable and ``position`` is one the search will play (a
    finished game or a hidden mover is refused without a search), in every variant. Why: a search
    loads them by itself only when it is long enough to pay for loading them (:func:`~schotten_lab.bots.rollouts.worth_compiling`), so a one-shot 2 s search
    would play its rollouts on the plain path, ~50x fewer. The load happens before the budget's
    clock, and says so on ``err`` (stderr) in ``lang`` when it takes over :data:`SLOW_LOAD_SECONDS`
    (a compile). The answer is the same either way (compiled and plain rollouts are identical).
    Whether it loaded them."""
    if position.winner() is not None or position.clan_hand(position.to_move) is None:
        return False
    if importlib.util.find_spec("numba") is None:
        return False
    from ..bots.rollouts import warm

    stream = sys.stderr if err is None else err

    def note() -> None:
        stream.write(say("cli_adv.loading", lang) + "\n")
        stream.flush()

    timer = threading.Timer(SLOW_LOAD_SECONDS, note)
    timer.daemon = True
    timer.start()
    try:
        warm()
    finally:
        timer.cancel()
    return True


def cmd_advise(args: argparse.Namespace, out: TextIO) -> int:
    """``advise``: every legal move of the player to move with its chance to win, best first, and why."""
    from ..bots import advise

    loaded = load_advised(args)
    pending = getattr(loaded.position, "pending", None)
    budget = search_budget(args.budget, args.iterations)
    if budget.on_the_clock:  # the compiled rollouts loaded before it starts
        load_compiled_rollouts(loaded.position, getattr(args, "lang", "en"))
    try:
        advice = advise(loaded.position, budget=budget, seed=args.seed)
    except (SchottenError, ValueError) as exc:  # advise names the field of a position it cannot search
        raise UsageError.of("cli_adv.cannot_advise", source=loaded.source, problem=exc) from None
    if args.json:
        document = {
            **advice.to_dict(),
            "seen_from": advice.player.value,
            "seed": args.seed,
            "iterations": budget.rollouts,
            "budget_seconds": budget.seconds,
            "budget": budget.to_dict(),
        }
        if pending is not None:
            document["pending"] = pending.to_dict()
        out.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    lang = getattr(args, "lang", "en")
    title = translated(loaded, "title", lang) if lang != "en" else loaded.title
    if title:
        out.write(f"{typeset(one_line(title, 200), lang)}\n\n")  # one_line folds no-break spaces: French typography again
    out.write(say("cli_adv.seat", lang, me=advice.player, opponent=advice.player.opponent) + f"\n{search_line(budget, args.seed, lang)}\n")
    if pending is not None:
        out.write(pending_line(pending, advice, lang) + "\n")
    out.write(advice.table(limit=args.moves, lang=lang) + "\n")
    return EXIT_OK


def add_advise_parser(sub: Any) -> None:
    """The ``advise`` subcommand's arguments."""
    p = sub.add_parser("advise", help="what should the player to move play: every move's chance to win, and why")
    add_position_arguments(p)
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
    add_lang_option(p, "the moves' reasons (the JSON's are English, with their facts)")
    p.set_defaults(run=cmd_advise)


__all__ = ["ADVISE_PHRASES", "DEFAULT_BUDGET", "DEFAULT_MOVES", "add_advise_parser", "cmd_advise", "load_advised", "load_compiled_rollouts", "load_observation_text", "pending_line", "search_line"]
