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
from ...core.words import chance, check_lang, default_lang, number, say
from .background import Newest
from .buttons import show
from .panel import heading
from .words import move_label

if TYPE_CHECKING:
    from ...bots.advisor import Advice
    from ...bots.budget import Budget

BUDGETS: tuple[tuple[str, int], ...] = (
    ("quick: 200 rollouts (≈0.2 s)", 200),
    ("normal: 1,000 rollouts (≈0.5 s)", 1_000),
    ("strong: 4,000 rollouts (≈1.5 s)", 4_000),
    ("deep: 12,000 rollouts (≈5 s)", 12_000),
)
"""The budget control's choices (rollouts; the times are this project's 2-core machine, idle), in
English; :func:`budget_options` gives them in either language."""
BUDGET_WORDS: tuple[tuple[str, int, float], ...] = (
    ("ed.adv_quick", 200, 0.2), ("ed.adv_normal", 1_000, 0.5), ("ed.adv_strong", 4_000, 1.5), ("ed.adv_deep", 12_000, 5.0),
)


def budget_options(lang: str = "en", rollouts: int | None = None) -> list[tuple[str, int]]:
    """The budget control's choices in ``lang`` (« rapide : 200 simulations (≈ 0,2 s) »), with
    ``rollouts`` added when it is not one of them."""
    options = [(say(key, lang, n=n, t=_seconds(t, lang)), n) for key, n, t in BUDGET_WORDS]
    if rollouts is not None and rollouts not in {n for _, n in options}:
        options.append((say("ed.adv_rollouts", lang, n=rollouts), rollouts))
    return options


def _seconds(t: float, lang: str) -> str:
    """A duration in seconds: ``0.2``, ``5`` (``0,2`` in French)."""
    return number(t, lang, digits=0 if t == int(t) else 1) if t < 10 else number(round(t), lang)
DEFAULT_ROLLOUTS = 1_000
AUTO = True
"""Whether a new panel searches after every edit by default (tests of other features turn it off)."""
DEBOUNCE = 0.25
"""Seconds an automatic request waits for a further edit before the search starts."""
MOVES_SHOWN = 10
"""Moves listed (best first); the count of the others is given."""
SEED = 0


def unsearchable(position: Position, lang: str = "en") -> str:
    """Why the advisor cannot rank the moves of ``position`` (one sentence), or ``""`` when it can."""
    winner = position.winner()
    if winner is not None:
        return say("ed.adv_over", lang, player=winner)
    if position.hands[position.to_move] is None:
        return say("ed.adv_needs_hand", lang, player=position.to_move)
    return ""


def advice_for(position: Position, rollouts: int, seed: int = SEED, lang: str = "en") -> tuple[Advice | None, str]:
    """``(advice, "")`` for ``position``, or ``(None, sentence)`` when the advisor cannot answer."""
    from ...bots.advisor import advise
    from ...bots.budget import Budget

    why = unsearchable(position, lang)
    if why:
        return None, why
    try:
        return advise(position, budget=Budget(rollouts=rollouts), seed=seed), ""
    except (SchottenError, ValueError) as exc:  # the advisor names the field: hands, counts ...
        return None, say("ed.adv_cannot", lang, reason=one_line(exc))
    except Exception as exc:  # noqa: BLE001 - a bug must not break editing; said in one sentence
        return None, say("ed.adv_failed", lang, error=f"{type(exc).__name__}: {one_line(exc)}")


def one_line(exc: BaseException, limit: int = 200) -> str:
    text = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _chance(p: float | None, stderr: float | None, lang: str) -> str:
    """A win chance, an exact one marked so (« 37,5 % exact »)."""
    return chance(p, stderr, lang, mark_exact=True)


def advice_html(advice: Advice, limit: int = MOVES_SHOWN, lang: str = "en") -> str:
    """The ranking as an HTML table: move, win chance (± one standard error, or exact), the change
    from the current estimate, and the reason (class ``sl-advice-why``, in ``lang``: a reason without
    facts is marked ``lang='en'``); headed by whose seat it is seen from. Every other word is in ``lang``."""
    me, them = advice.player, advice.player.opponent
    moves = advice.moves
    if len(moves) == 1 and moves[0].card is None:
        only = moves[0]
        text = say("ed.adv_pass", lang, player=me, move=move_label(only, lang), win=_chance(only.win, only.stderr, lang))
        return f'<p class="sl-advice-pass">{_escape(text)}</p>'
    estimate = say("ed.adv_exact", lang) if advice.method == "exact endgame" else (
        say("ed.adv_estimates", lang, n=advice.rollouts))
    head_text = say("ed.adv_head", lang, player=me, opponent=them, estimate=estimate,
                    win=_chance(advice.current, advice.current_stderr, lang), t=number(advice.seconds, lang, digits=2))
    bold, _, rest = head_text.partition(":" if lang == "en" else "\u00a0:")
    head = (f"<p class='sl-advice-head' style='margin:2px 0'><b>{_escape(bold)}</b>"
            f"{_escape(head_text[len(bold):])}</p>")
    t = {key: html.escape(say(f"ed.adv_{key}", lang)) for key in ("move", "win", "change", "why")}
    rows = [
        "<table class='sl-advice-table' style='border-collapse:collapse;font-size:90%'>"
        f"<tr><th>#</th><th style='text-align:left'>{t['move']}</th><th>{t['win']}</th><th>{t['change']}</th>"
        f"<th style='text-align:left'>{t['why']}</th></tr>"
    ]
    for rank, move in enumerate(moves[:limit], 1):
        win = say("ed.adv_not_searched", lang) if move.win is None else _chance(move.win, move.stderr, lang)
        change = "" if move.change is None else say("ed.adv_points", lang, d=_signed(100 * move.change, lang))
        marked = " lang='en'" if move.reason_untranslated(lang) else ""
        rows.append(
            f"<tr class='sl-advice-move' data-rank='{rank}'><td>{rank}</td>"
            f"<td style='white-space:nowrap;padding:0 6px'><b>{html.escape(move_label(move, lang))}</b></td>"
            f"<td style='white-space:nowrap;padding:0 6px;text-align:right'>{html.escape(win)}</td>"
            f"<td style='white-space:nowrap;padding:0 6px;text-align:right'>{html.escape(change)}</td>"
            f"<td class='sl-advice-why'{marked}>{html.escape(move.reason_words(lang))}</td></tr>"
        )
    rows.append("</table>")
    more = len(moves) - limit
    tail = (f"<p style='margin:2px 0;color:#555'>{_escape(say('ed.adv_more_one' if more == 1 else 'ed.adv_more_many', lang, n=more))}</p>"
            if more > 0 else "")
    note_text = say("ed.adv_note", lang)
    if any(move.reason_untranslated(lang) for move in moves[:limit]):
        note_text += " " + say("ed.adv_reasons_english", lang)
    note = f"<p style='margin:2px 0;color:#555;font-size:85%'>{_escape(note_text)}</p>"
    return head + "".join(rows) + tail + note


def _escape(text: str) -> str:
    """``text`` as HTML element content (quotes kept: "south's seat")."""
    return html.escape(text, quote=False)


def _signed(x: float, lang: str) -> str:
    """``+1.5`` / ``-0.3`` (French ``+1,5``)."""
    text = f"{x:+.1f}"
    return text.replace(".", ",") if lang == "fr" else text


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
    tests), the editor's panel in a thread of its own. ``budget`` (a :class:`~schotten_lab.bots.Budget`
    of rollouts, default :data:`DEFAULT_ROLLOUTS`) is the control's first choice (``rollouts=N``: the
    deprecated spelling). ``lang`` (``"en"``/``"fr"``, default from
    ``SCHOTTEN_LANG``) is the language of its words, the advisor's reasons included.
    """

    def __init__(self, *, auto: bool | None = None, background: bool = True, budget: Budget | None = None,
                 debounce: float = DEBOUNCE, lang: str | None = None, rollouts: int | None = None) -> None:
        self.lang = lang = check_lang(default_lang() if lang is None else lang)
        from ...bots.budget import Budget, rollout_budget  # the search's modules load on first use

        default = Budget(rollouts=DEFAULT_ROLLOUTS)
        rollouts = rollout_budget(default if budget is None else budget, "AdvisorPanel", rollouts=rollouts, default=default).rollouts or DEFAULT_ROLLOUTS
        options = budget_options(lang, rollouts)
        # made with their classes (a class added afterwards is one more message to the browser)
        self.budget = W.Dropdown(options=options, value=rollouts, description=say("ed.adv_budget", lang),
                                 layout=W.Layout(width="330px" if lang == "en" else "380px"), _dom_classes=("sl-advice-budget",))
        self.ask = W.Button(description=say("ed.adv_ask", lang), button_style="info",
                            layout=W.Layout(width="140px" if lang == "en" else "190px"), tooltip=say("ed.adv_ask_tip", lang),
                            _dom_classes=("sl-advice-ask",))
        self.auto = W.Checkbox(value=AUTO if auto is None else auto, description=say("ed.adv_auto", lang), indent=False,
                               layout=W.Layout(width="190px" if lang == "en" else "250px"), _dom_classes=("sl-advice-auto",))
        self.status = W.HTML(_dom_classes=("sl-advice-status",))
        self.table = W.HTML(_dom_classes=("sl-advice",))
        self.widget = W.VBox([heading(say("ed.adv_heading", lang)), W.HBox([self.ask, self.auto]),
                              self.budget, self.status, self.table], layout=W.Layout(width="640px"),
                             _dom_classes=("sl-advisor-panel",))
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
            self._set_status(say("ed.adv_earlier", self.lang, ask=say("ed.adv_ask", self.lang)))

    def request(self, delay: float = 0.0) -> None:
        """Search the current position (after ``delay`` seconds without a newer request)."""
        if self._position is None:
            return
        with self._lock:
            self._generation += 1
            job = _Job(self._generation, self._position, int(self.budget.value), delay, time.perf_counter())
            # said before the job is visible to the worker: a quick answer (a refusal) cannot be
            # overwritten by a late "Thinking…"
            self._set_status(_escape(say("ed.adv_thinking", self.lang, player=job.position.to_move, n=job.rollouts)))
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
        advice, why = advice_for(job.position, job.rollouts, lang=self.lang)
        with self._lock:  # held while showing: an edit cannot slip in between the check and the show
            if job.generation == self._generation:
                self._show(job, advice, why)

    def _show(self, job: _Job, advice: Advice | None, why: str) -> None:
        try:
            text = advice_html(advice, lang=self.lang) if advice is not None else ""
        except Exception as exc:  # noqa: BLE001 - the thread must live on and say what happened
            advice, why = None, say("ed.adv_not_shown", self.lang, error=f"{type(exc).__name__}: {one_line(exc)}")
        if advice is None:
            text = f"<p class='sl-advice-none' style='color:#8d6e00'>{html.escape(why)}</p>"
        self.advice, self.advised, self.message = advice, job.position, why
        self.table.value = text
        self.table.layout.opacity = "1"
        self.last_response_ms = (time.perf_counter() - job.asked) * 1000
        self._set_status("" if advice is None else _escape(
            say("ed.adv_shown", self.lang, t=number(self.last_response_ms / 1000, self.lang, digits=1))))

    def _auto_request(self) -> None:
        if self.auto.value:
            self.request(delay=0.0)

    def _set_status(self, text: str) -> None:
        self.status.value = f"<span style='color:#555'>{text}</span>" if text else ""
        show(self.status, bool(text))


__all__ = ["BUDGETS", "DEBOUNCE", "DEFAULT_ROLLOUTS", "AdvisorPanel", "advice_for", "advice_html", "budget_options",
           "unsearchable"]
