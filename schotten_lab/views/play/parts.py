"""The play app's plain parts: its settings, the bot it builds, and its words (moves, advice, file names).

No game state here; :mod:`.widget` holds it.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from typing import Any

import ipywidgets as W

from ...bots import Bot, Budget, make_bot
from ...bots.advice import WINS_AT_ONCE, Advice, MoveAdvice
from ...core import words
from ...core.rules import Player
from ...core.words import chance, check_lang
from ...game import Turn
from .move_words import advice_move_text, change_text, method_text, record_turn_text, rough_chance, t
from .words import LEVELS, rollouts_text

OPPONENTS = ("random", "greedy", "advisor")
"""The bots a person can play against."""
VARIANTS = ("base", "tactics")
STRENGTHS: dict[str, int] = {f"{name} ({n} rollouts)": n for name, n in LEVELS}
"""The advisor's strength: its Monte Carlo rollouts per move (benchmarks/play_app.py times them); the
page's labels are in its language (:func:`.words.level_label`)."""
MAX_ROLLOUTS = max(STRENGTHS.values())
"""The strongest advisor offered: a page address cannot ask for more (a shared classroom kernel)."""
ADVICE_ROLLOUTS = 1000
"""Rollouts behind *What would the advisor play?* (about a second)."""
ADVICE_BUDGET = Budget(rollouts=ADVICE_ROLLOUTS)
"""*What would the advisor play?*'s search budget (``PlayGame(advice_budget=)``'s default)."""
PLAY_BUDGET = Budget(rollouts=300)
"""The advisor opponent's default strength (``PlayGame(budget=)``'s default)."""
REVIEW_ITERATIONS = 40
"""Rollouts a turn when *Review this game* asks the advisor to judge every turn (a 36-turn game: about 5 s)."""
ADVICE_ROWS = 8
"""Moves listed by the advisor panel."""
MAX_HAND = 9
"""Hand buttons: a tactics hand of 7, less Headhunter, plus its 3 draws."""
MAX_SEED = 100_000_000
ROUNDS = (1, 3, 5)
"""A single game, or a match of 3 or 5 rounds (docs/RULES.md's scoring: ``game.round_points``)."""

ERROR_STYLE = "color:#b00020"


def human_name(seat: Player) -> str:
    """The person's name in the record's ``players``: ``you (south)`` (data, the same in every
    language: it names the seat, so a review's title names each player once)."""
    return f"you ({seat.value})"


def bot_label(opponent: str, rollouts: int) -> str:
    """The bot's name as the record's ``players`` gives it: ``advisor(300 rollouts)``, ``greedy``."""
    return f"advisor({rollouts} rollouts)" if opponent == "advisor" else opponent


def build_bot(opponent: str, rollouts: int, seed: int) -> Bot:
    """The chosen bot, seeded (the advisor with a fixed rollout budget: reproducible)."""
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent: {opponent!r} is not one of {', '.join(OPPONENTS)}")
    if opponent == "advisor":
        return make_bot("advisor", budget=Budget(rollouts=rollouts), seed=seed)
    return make_bot(opponent, seed=seed)


ROUGH_DEALS = 16
"""A row behind fewer deals than this is rough (dropped early by the search): folded under the table."""


def _row(rank: int, move: MoveAdvice, lang: str, rough: bool = False) -> str:
    """One move of the advice table: its rank in the advisor's order, the move, its win chance, the
    deals behind it, the change against the chosen move, why."""
    if move.win is None:
        win = t("play.advice.not_searched", lang)
    elif rough:
        win = rough_chance(move.win, lang)
    else:
        win = chance(move.win, move.stderr, lang, mark_exact=True)
    deals = t("play.advice.exact", lang) if move.exact else (words.number(move.samples, lang) if move.samples else "—")
    outcome = move.outcome_words(lang)
    reason = html.escape(move.reason_words(lang))
    if move.reason_untranslated(lang):
        reason = f"<span lang='en'>{reason}</span>"
    why = "; ".join(part for part in (html.escape(outcome), reason) if part)
    cls = "sl-advice-move sl-advice-rough" if rough else "sl-advice-move"
    right = "style='text-align:right;white-space:nowrap;padding:0 6px'"
    return (f"<tr class='{cls}' data-rank='{rank}'><td {right}>{rank}</td>"
            f"<td style='white-space:nowrap;padding:0 6px'>{html.escape(advice_move_text(move, lang))}</td>"
            f"<td {right}>{html.escape(win)}</td><td {right}>{html.escape(deals)}</td>"
            f"<td {right}>{html.escape(change_text(move, lang))}</td><td>{why}</td></tr>")


def advice_html(advice: Advice, seat: Player, rows: int = ADVICE_ROWS, lang: str = "en") -> str:
    """The advisor's ranking as an HTML table, as the CLI's ``advise`` table shows it: the moves in
    the advice's own order (numbered: the chosen one first, then by their change against it on the
    same deals), the win chance, the deals behind it, the change (± its standard error); rows behind
    fewer than :data:`ROUGH_DEALS` deals are rough: folded under the table (keeping their rank), their
    chance written as a rough figure, not as a figure with a ± that reads as if it were one. Says
    whose seat, what the numbers are and why the order is not the order of the chances."""
    check_lang(lang)
    if advice.current_stderr is not None:
        note = t("play.advice.estimate", lang)
    elif advice.method == WINS_AT_ONCE:
        note = t("play.advice.exact_win", lang)
    else:
        note = t("play.advice.exact_endgame", lang)
    head = t("play.advice.head", lang, seat=seat, chance=chance(advice.current, advice.current_stderr, lang, mark_exact=True),
             method=method_text(advice.method, lang), rollouts=rollouts_text(advice.rollouts, lang),
             seconds=words.number(advice.seconds, lang, digits=1))
    shown = list(enumerate(advice.moves[:rows], 1))
    firm = [(k, m) for k, m in shown if k == 1 or m.exact or m.win is None or m.samples >= ROUGH_DEALS]
    rough = [(k, m) for k, m in shown if (k, m) not in firm]
    header = "<tr>" + "".join(
        f"<th>{html.escape(t('play.advice.col.' + col, lang))}</th>" for col in ("rank", "move", "win", "deals", "change", "why")
    ) + "</tr>"
    style = "border-collapse:collapse;font-size:90%"
    table = (f"<table class='sl-advice-table' style='{style}'>" + header
             + "".join(_row(k, m, lang) for k, m in firm) + "</table>")
    folded = ""
    if rough:
        summary = t("play.advice.rough_one" if len(rough) == 1 else "play.advice.rough_many", lang, count=len(rough),
                    deals=ROUGH_DEALS)
        folded = (f"<details class='sl-advice-rough-rows'><summary>{html.escape(summary)}</summary>"
                  f"<table class='sl-advice-table' style='{style}'>" + header
                  + "".join(_row(k, m, lang, rough=True) for k, m in rough) + "</table></details>")
    more = (f"<p class='sl-advice-more'>{html.escape(t('play.advice.more', lang, count=len(advice.moves) - rows))}</p>"
            if len(advice.moves) > rows else "")
    order = t("play.advice.order", lang) if len(advice.moves) > 1 else ""
    untranslated = t("play.advice.reasons_english", lang) if any(m.reason_untranslated(lang) for _, m in shown) else ""
    notes = " ".join(part for part in (order, untranslated) if part)
    tail = f"<p class='sl-advice-order' style='color:#555;font-size:85%'>{html.escape(notes)}</p>" if notes else ""
    return (f"<p class='sl-advice-head'>{html.escape(head)} {html.escape(note)}</p>"
            + table + folded + more + tail)


def safe_file_name(name: str, lang: str = "en") -> str:
    """``name`` if it is a plain ``.json`` file name (no folder, not hidden); else ``ValueError`` saying why."""
    name = name.strip()
    if not name:
        raise ValueError(t("play.file.empty", lang))
    if "/" in name or "\\" in name or name.startswith(".") or name in (os.curdir, os.pardir):
        raise ValueError(t("play.file.not_plain", lang, name=name[:60]))
    if not name.lower().endswith(".json"):
        raise ValueError(t("play.file.not_json", lang, name=name[:60]))
    return name


def small_button(classes: Sequence[str], on_click: Callable[[W.Button], None] | None, description: str = "",
                 tooltip: str = "", layout: W.Layout | None = None, style: W.ButtonStyle | None = None) -> W.Button:
    """A card-sized button with CSS classes (what the browser tests and the page's style find), made
    whole: its classes, and a shared ``layout`` or ``style`` when given, travel with it (one message,
    not one per class). ``on_click`` ``None``: wired later (:class:`.widget.PlayGame` does)."""
    extra: dict[str, Any] = {} if style is None else {"style": style}
    button = W.Button(description=description, tooltip=tooltip, _dom_classes=tuple(classes),
                      layout=layout if layout is not None else W.Layout(width="48px", height="34px", padding="0"), **extra)
    if on_click is not None:
        button.on_click(on_click)
    return button


def turn_words(turn: Turn, lang: str = "en") -> str:
    """A recorded turn's move in words, claims included: ``R8 on stone 3, claim 3``, ``pass``."""
    return record_turn_text(turn, lang)


def default_file_name() -> str:
    return datetime.now(timezone.utc).strftime("game-%Y%m%d-%H%M%S.json")


__all__ = ["ADVICE_BUDGET", "ADVICE_ROLLOUTS", "PLAY_BUDGET", "ADVICE_ROWS", "ERROR_STYLE", "ROUGH_DEALS", "MAX_HAND", "MAX_SEED", "OPPONENTS", "REVIEW_ITERATIONS", "ROUNDS", "STRENGTHS",
           "VARIANTS",
           "advice_html", "bot_label", "build_bot", "default_file_name", "human_name", "rollouts_text", "safe_file_name",
           "small_button", "turn_words"]
