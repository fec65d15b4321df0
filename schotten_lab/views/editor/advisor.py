"""The editor's "What should I play?" panel: the advisor's ranked moves for the player to move.

:func:`~schotten_lab.bots.advisor.advise` ranks every legal placement of the player to move with its
probability of winning the game, seen from that player's seat (the opponent's hand and the deck are
sampled, even when the editor shows them), exact once the deck is empty, else a Monte Carlo estimate
with its standard error. It takes 0.2–5 s by the budget chosen, far longer than an edit (about 30 ms),
so it never runs inside an edit:

- **auto** (on by default): every edit, and every change of the budget, asks for new advice; the
  request waits :data:`DEBOUNCE` seconds in a background thread (clicks in a row start one search,
  not one each), then the search runs there while editing goes on. Only the newest request is
  searched; a search whose position has been edited since is thrown away, never shown as current.
- **Ask the advisor** asks for the current position at once (auto off: the only way).

Advice shown for an earlier position turns grey as soon as the board changes (with a "Thinking…"
status while auto searches, or "for an earlier position" when auto is off).

The tactics variant is searched too (a move is then a play and the deck to draw from; no exact
endgame there). A position the advisor cannot search (game over, the mover's hand not entered,
hidden cards that do not add up) gets one sentence saying why, never a traceback. The search is
seeded: the same position and budget give the same ranking.
"""

from __future__ import annotations

import html
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as W

from ...core.errors import SchottenError
from ...core.position import Position
from ...core.words import chance
from .background import Newest
from .buttons import show
from .panel import heading

if TYPE_CHECKING:
    from ...bots.advisor import Advice

BUDGETS: tuple[tuple[str, int], ...] = (
    ("quick: 200 rollouts (≈0.2 s)", 200),
    ("normal: 1,000 rollouts (≈0.5 s)", 1_000),
    ("strong: 4,000 rollouts (≈1.5 s)", 4_000),
    ("deep: 12,000 rollouts (≈5 s)", 12_000),
)
"""The budget control's choices (rollouts; the times are this project's 2-core machine, idle)."""
DEFAULT_ROLLOUTS = 1_000
AUTO = True
"""Whether a new panel searches after every edit by default (tests of other features turn it off)."""
DEBOUNCE = 0.25
"""Seconds an automatic request waits for a further edit before the search starts."""
TIME_LIMIT = 30.0
"""Seconds the search may take at most, whatever the rollout budget (a loaded machine)."""
MOVES_SHOWN = 10
"""Moves listed (best first); the count of the others is given."""
SEED = 0


def unsearchable(position: Position) -> str:
    """Why the advisor cannot rank the moves of ``position`` (one sentence), or ``""`` when it can."""
    mover = position.to_move.value
    winner = position.winner()
    if winner is not None:
        return f"The game is over: {winner.value} has won, so there is nothing to play."
    if position.hands[position.to_move] is None:
        return (f"The advisor plays for the player to move, {mover}, and needs {mover}'s hand: "
                f"enter it (Place on: {mover} hand) or switch the player to move.")
    return ""


def advice_for(position: Position, rollouts: int, seed: int = SEED) -> tuple[Advice | None, str]:
    """``(advice, "")`` for ``position``, or ``(None, sentence)`` when the advisor cannot answer."""
    from ...bots.advisor import advise

    why = unsearchable(position)
    if why:
        return None, why
    try:
        return advise(position, iterations=rollouts, budget_seconds=TIME_LIMIT, seed=seed), ""
    except (SchottenError, ValueError) as exc:  # the advisor names the field: hands, counts ...
        return None, f"The advisor cannot search this position: {one_line(exc)}."
    except Exception as exc:  # noqa: BLE001 - a bug must not break editing; said in one sentence
        return None, f"The advisor failed on this position ({type(exc).__name__}: {one_line(exc)})."


def one_line(exc: BaseException, limit: int = 200) -> str:
    text = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def advice_html(advice: Advice, limit: int = MOVES_SHOWN) -> str:
    """The ranking as an HTML table: move, win chance (± one standard error, or exact), the change
    from the current estimate, and the reason; headed by whose seat it is seen from."""
    me = advice.player.value
    them = advice.player.opponent.value
    moves = advice.moves
    if len(moves) == 1 and moves[0].card is None:
        only = moves[0]
        return (f'<p class="sl-advice-pass">{html.escape(me)} has nothing to play (no card in hand or no open stone): '
                f"the only move is to {html.escape(only.label())}, with "
                f"{html.escape(chance(only.win, only.stderr, mark_exact=True))} to win, seen from {html.escape(me)}'s seat.</p>")
    estimate = "exact (the deck is empty: the endgame is solved)" if advice.method == "exact endgame" else (
        f"Monte Carlo estimates ± one standard error, {advice.rollouts:,} rollouts")
    head = (
        f"<p class='sl-advice-head' style='margin:2px 0'><b>{html.escape(me)} to move</b>: "
        f"{html.escape(chance(advice.current, advice.current_stderr, mark_exact=True))} to win with the best move. "
        f"Seen from {html.escape(me)}'s seat ({html.escape(them)}'s hand and the deck are unknown to it); "
        f"{html.escape(estimate)}; {advice.seconds:.2f} s.</p>"
    )
    rows = [
        "<table class='sl-advice-table' style='border-collapse:collapse;font-size:90%'>"
        "<tr><th>#</th><th style='text-align:left'>move</th><th>win</th><th>change</th><th style='text-align:left'>why</th></tr>"
    ]
    for rank, move in enumerate(moves[:limit], 1):
        win = "not searched" if move.win is None else chance(move.win, move.stderr, mark_exact=True)
        change = "" if move.change is None else f"{100 * move.change:+.1f} pts"
        rows.append(
            f"<tr class='sl-advice-move' data-rank='{rank}'><td>{rank}</td>"
            f"<td style='white-space:nowrap;padding:0 6px'><b>{html.escape(move.label())}</b></td>"
            f"<td style='white-space:nowrap;padding:0 6px;text-align:right'>{html.escape(win)}</td>"
            f"<td style='white-space:nowrap;padding:0 6px;text-align:right'>{html.escape(change)}</td>"
            f"<td>{html.escape(move.reason)}</td></tr>"
        )
    rows.append("</table>")
    more = len(moves) - limit
    tail = f"<p style='margin:2px 0;color:#555'>… and {more} more move{'s' * (more > 1)}.</p>" if more > 0 else ""
    note = ("<p style='margin:2px 0;color:#555;font-size:85%'>change: points of win chance against the best move; "
            "not searched: ranked below the others by the placement heuristic. The estimates are the win rates of "
            "the advisor's rollouts, not of perfect play.</p>")
    return head + "".join(rows) + tail + note


@dataclass(frozen=True)
class _Job:
    generation: int
    position: Position
    rollouts: int
    delay: float
    asked: float


class AdvisorPanel:
    """"What should I play?": the advisor's ranking for the position given to :meth:`update`.

    Widgets: ``budget`` (Dropdown of rollouts), ``ask`` (Button), ``auto`` (Checkbox), ``status`` and
    ``table`` (HTML), ``widget`` (the whole). For scripts and tests: ``advice`` (the last
    :class:`~schotten_lab.bots.advisor.Advice` shown, ``None`` when none), ``advised`` (the position it
    is for), ``message`` (why there is no advice, ``""`` when there is), ``busy`` (a request is
    waiting or being searched), ``last_response_ms`` (request to advice shown), :meth:`wait`.

    ``auto`` defaults to :data:`AUTO`; ``background=False`` searches in the caller's thread (scripts,
    tests), the editor's panel in a thread of its own.
    """

    def __init__(self, *, auto: bool | None = None, background: bool = True, rollouts: int = DEFAULT_ROLLOUTS,
                 debounce: float = DEBOUNCE) -> None:
        options = list(BUDGETS)
        if rollouts not in {n for _, n in options}:
            options.append((f"{rollouts:,} rollouts", rollouts))
        self.budget = W.Dropdown(options=options, value=rollouts, description="Budget", layout=W.Layout(width="330px"))
        self.budget.add_class("sl-advice-budget")
        self.ask = W.Button(description="Ask the advisor", button_style="info", layout=W.Layout(width="140px"),
                            tooltip="rank the moves of the player to move now")
        self.ask.add_class("sl-advice-ask")
        self.auto = W.Checkbox(value=AUTO if auto is None else auto, description="auto (after every edit)", indent=False,
                               layout=W.Layout(width="190px"))
        self.auto.add_class("sl-advice-auto")
        self.status = W.HTML()
        self.status.add_class("sl-advice-status")
        self.table = W.HTML()
        self.table.add_class("sl-advice")
        self.widget = W.VBox([heading("What should I play? (the advisor)"), W.HBox([self.ask, self.auto]),
                              self.budget, self.status, self.table], layout=W.Layout(width="640px"))
        self.widget.add_class("sl-advisor-panel")
        self.debounce = debounce
        self.advice: Advice | None = None
        self.advised: Position | None = None
        self.message = ""
        self.last_response_ms = 0.0
        self._position: Position | None = None
        self._lock = threading.Lock()
        self._generation = 0
        self._worker: Newest[_Job] = Newest(self._search, name="schotten-advisor", background=background)
        self.ask.on_click(lambda _: self.request(delay=0.0))
        self.budget.observe(lambda _: self._auto_request(), "value")
        self.auto.observe(lambda _: self._auto_request(), "value")

    @property
    def busy(self) -> bool:
        return self._worker.busy

    def update(self, position: Position) -> None:
        """The board changed: ask for advice (auto) or mark the advice shown as out of date."""
        if position == self._position:
            return
        self._position = position
        with self._lock:
            self._generation += 1  # a search still running is for an earlier position: not shown
        if self.advised is not None or self.message:  # what is shown is for an earlier position: greyed
            self.table.layout.opacity = "0.45"
        if self.auto.value:
            self.request(delay=self.debounce)
        elif self.advised is not None or self.message:
            self._set_status("The advice below is for an earlier position: press <i>Ask the advisor</i>.")

    def request(self, delay: float = 0.0) -> None:
        """Search the current position (after ``delay`` seconds without a newer request)."""
        if self._position is None:
            return
        with self._lock:
            self._generation += 1
            job = _Job(self._generation, self._position, int(self.budget.value), delay, time.perf_counter())
            # said before the job is visible to the worker: a quick answer (a refusal) cannot be
            # overwritten by a late "Thinking…"
            self._set_status(f"Thinking about {job.position.to_move.value}'s moves ({job.rollouts:,} rollouts)…")
        self._worker.submit(job)

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until no request is waiting or being searched; False if ``timeout`` passed first."""
        return self._worker.wait(timeout)

    # --- the search, in the background thread --------------------------------------------------

    def _search(self, job: _Job) -> None:
        if job.delay > 0:
            time.sleep(job.delay)
            if self._worker.superseded:  # a newer request came while waiting: search that
                return
        advice, why = advice_for(job.position, job.rollouts)
        with self._lock:  # held while showing: an edit cannot slip in between the check and the show
            if job.generation == self._generation:
                self._show(job, advice, why)

    def _show(self, job: _Job, advice: Advice | None, why: str) -> None:
        try:
            text = advice_html(advice) if advice is not None else ""
        except Exception as exc:  # noqa: BLE001 - the thread must live on and say what happened
            advice, why = None, f"The advice could not be shown ({type(exc).__name__}: {one_line(exc)})."
        if advice is None:
            text = f"<p class='sl-advice-none' style='color:#8d6e00'>{html.escape(why)}</p>"
        self.advice, self.advised, self.message = advice, job.position, why
        self.table.value = text
        self.table.layout.opacity = "1"
        self.last_response_ms = (time.perf_counter() - job.asked) * 1000
        self._set_status("" if advice is None else
                         f"Advice for the position on the board ({self.last_response_ms / 1000:.1f} s after the request).")

    def _auto_request(self) -> None:
        if self.auto.value:
            self.request(delay=0.0)

    def _set_status(self, text: str) -> None:
        self.status.value = f"<span style='color:#555'>{text}</span>" if text else ""
        show(self.status, bool(text))


__all__ = ["BUDGETS", "DEBOUNCE", "DEFAULT_ROLLOUTS", "AdvisorPanel", "advice_for", "advice_html", "unsearchable"]
