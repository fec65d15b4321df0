"""The play app's plain parts: its settings, the bot it builds, and its words (moves, advice, file names).

No game state here; :mod:`.widget` holds it.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from typing import Any

import ipywidgets as W

from ...bots import Bot, make_bot
from ...bots.advisor import Advice, MoveAdvice
from ...core.rules import Player
from ...core.words import chance
from ...play.review import move_words, play_words

OPPONENTS = ("random", "greedy", "advisor")
"""The bots a person can play against."""
VARIANTS = ("base", "tactics")
STRENGTHS: dict[str, int] = {"easy (50 rollouts)": 50, "medium (300 rollouts)": 300,
                             "strong (1000 rollouts)": 1000, "expert (3000 rollouts)": 3000}
"""The advisor's strength: its Monte Carlo rollouts per move (benchmarks/play_app.py times them)."""
MAX_ROLLOUTS = max(STRENGTHS.values())
"""The strongest advisor offered: a page address cannot ask for more (a shared classroom kernel)."""
ADVICE_ROLLOUTS = 1000
"""Rollouts behind *What would the advisor play?* (about a second)."""
REVIEW_ITERATIONS = 40
"""Rollouts a turn when *Review this game* asks the advisor to judge every turn (a 36-turn game: about 5 s)."""
ADVICE_ROWS = 8
"""Moves listed by the advisor panel."""
MAX_HAND = 9
"""Hand buttons: a tactics hand of 7, less Headhunter, plus its 3 draws."""
MAX_SEED = 100_000_000

ERROR_STYLE = "color:#b00020"


def human_name(seat: Player) -> str:
    return f"you ({seat.value})"


def bot_label(opponent: str, rollouts: int) -> str:
    """The bot's name as the record's ``players`` gives it: ``advisor(300 rollouts)``, ``greedy``."""
    return f"advisor({rollouts} rollouts)" if opponent == "advisor" else opponent


def build_bot(opponent: str, rollouts: int, seed: int) -> Bot:
    """The chosen bot, seeded (the advisor with a fixed rollout budget: reproducible)."""
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent: {opponent!r} is not one of {', '.join(OPPONENTS)}")
    if opponent == "advisor":
        return make_bot("advisor", iterations=rollouts, seed=seed)
    return make_bot(opponent, seed=seed)


ROUGH_DEALS = 16
"""A row behind fewer deals than this is rough (dropped early by the search): folded under the table."""


def _change(move: MoveAdvice) -> str:
    """The change column as the CLI writes it: ``-3.2 ±1.4`` points, ``+0.0 on all 8 deals``."""
    if move.change is None:
        return "—"
    text = f"{100 * move.change:+.1f}"
    if move.change_stderr:
        text += f" ±{100 * move.change_stderr:.1f}"
    elif move.change_stderr is not None:
        text += f" on all {move.samples} deals"
    return text


def _row(move: MoveAdvice, rough: bool = False) -> str:
    win = "not searched" if move.win is None else chance(move.win, move.stderr, mark_exact=True)
    if rough and move.win is not None:
        win = f"≈{100 * move.win:.0f}% (rough)"
    deals = "exact" if move.exact else (f"{move.samples}" if move.samples else "—")
    why = "; ".join(part for part in (move.outcome_words(), move.reason) if part)
    cls = " class='sl-advice-rough'" if rough else ""
    return (f"<tr{cls}><td>{html.escape(move.label())}</td><td style='text-align:right'>{win}</td>"
            f"<td style='text-align:right'>{deals}</td><td style='text-align:right'>{_change(move)}</td>"
            f"<td>{html.escape(why)}</td></tr>")


def advice_html(advice: Advice, seat: Player, rows: int = ADVICE_ROWS) -> str:
    """The advisor's ranking as an HTML table, as the CLI shows it: the moves in the advice's order
    (the chosen one first, then by their change against it on the same deals), the win chance, the
    deals behind it, the change (± its standard error); rows behind fewer than :data:`ROUGH_DEALS`
    deals are rough: folded under the table, their chance written as a rough figure, not as a
    figure with a ± that reads as if it were one. Says whose seat and what the numbers are."""
    head = (
        f"<p class='sl-advice-head'><b>Seen from your seat ({seat.value})</b>: your chance to win is "
        f"<b>{chance(advice.current, advice.current_stderr, mark_exact=True)}</b> "
        f"({html.escape(advice.method)}, {advice.rollouts} rollouts, {advice.seconds:.1f} s). "
        "The bot's hand is not looked at: the advisor deals the unseen cards at random. "
        + ("Exact: the deck is empty and the endgame was solved." if advice.current_stderr is None else
           "An estimate: ± is one standard error (the true rollout win rate is within two of them "
           "about 95% of the time). The moves are ranked by the change: each against the chosen one "
           "on the same deals.")
        + "</p>"
    )
    shown = advice.moves[:rows]
    firm = [m for k, m in enumerate(shown) if k == 0 or m.exact or m.win is None or m.samples >= ROUGH_DEALS]
    rough = [m for m in shown if m not in firm]
    header = ("<tr><th>move</th><th>win chance</th><th>deals</th><th>change (points)</th><th>why</th></tr>")
    table = "<table class='sl-advice-table'>" + header + "".join(_row(m) for m in firm) + "</table>"
    folded = ""
    if rough:
        folded = (f"<details class='sl-advice-rough-rows'><summary>{len(rough)} rough "
                  f"{'move' if len(rough) == 1 else 'moves'} (fewer than {ROUGH_DEALS} deals each: dropped early "
                  "by the search)</summary><table class='sl-advice-table'>" + header
                  + "".join(_row(m, rough=True) for m in rough) + "</table></details>")
    more = f"<p>… {len(advice.moves) - rows} more moves</p>" if len(advice.moves) > rows else ""
    return head + table + folded + more


def safe_file_name(name: str) -> str:
    """``name`` if it is a plain ``.json`` file name (no folder, not hidden); else ``ValueError`` saying why."""
    name = name.strip()
    if not name:
        raise ValueError("give a file name ending in .json")
    if "/" in name or "\\" in name or name.startswith(".") or name in (os.curdir, os.pardir):
        raise ValueError(f"{name[:60]!r} is not a plain file name: no folders, not starting with a dot")
    if not name.lower().endswith(".json"):
        raise ValueError(f"{name[:60]!r} must end in .json (a game record)")
    return name


def small_button(classes: Sequence[str], on_click: Callable[[W.Button], None], description: str = "",
                 tooltip: str = "") -> W.Button:
    """A card-sized button with CSS classes (what the browser tests and the page's style find)."""
    button = W.Button(description=description, tooltip=tooltip, layout=W.Layout(width="48px", height="34px", padding="0"))
    for name in classes:
        button.add_class(name)
    button.on_click(on_click)
    return button


def turn_words(turn: Mapping[str, Any]) -> str:
    """A recorded turn's move in words, claims included: ``R8 on stone 3, claim 3``, ``pass``."""
    return move_words(turn.get("play"), turn.get("claim"))


def default_file_name() -> str:
    return datetime.now(timezone.utc).strftime("game-%Y%m%d-%H%M%S.json")


__all__ = ["ADVICE_ROLLOUTS", "ADVICE_ROWS", "ERROR_STYLE", "ROUGH_DEALS", "MAX_HAND", "MAX_SEED", "OPPONENTS", "REVIEW_ITERATIONS", "STRENGTHS",
           "VARIANTS",
           "advice_html", "bot_label", "build_bot", "default_file_name", "human_name", "play_words", "safe_file_name",
           "small_button", "turn_words"]
