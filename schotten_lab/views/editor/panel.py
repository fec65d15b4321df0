"""The editor's live analysis panel: the claims (with a button for each claim that may be made now),
who wins each stone (seen by the viewer, counting their hand, beside the public-pool figure) and the
three board charts of :mod:`schotten_lab.views.charts`, updated in place on every edit.

The figures seen by the viewer (:func:`~schotten_lab.analysis.viewer.outcome_seen_by`) take from a
few milliseconds to a second a position, and an edit can rarely reuse those of the position before:
a stone's figures depend on the stone and on the viewer's seat (hand, unseen pool, draws left), and
a card placed from the pool, or taken back into it, changes the seat of every stone. (Edits that keep
the seat, a claim, a combat mode, who completed first, an undo to a position counted before, recount
only the stones they change: the others are found in the analysis's cache.) So they are counted in a
background thread (:class:`~.background.Newest`: a burst of edits counts the running position and
the newest only). An edit waits at most :data:`WAIT` seconds for them; past that the panel shows the
claims and the public figures at once, with "counting…" in the viewer's column (and the public
figures in the outcome chart, titled so), until the viewer's figures are drawn. ``analysis`` waits
for them.
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

import ipywidgets as W

from ...core.position import Position
from ...core.rules import PLAYERS, Player
from ...core.words import check_lang, default_lang, percent, say
from ...core.words import player as words_player
from .background import Newest
from .buttons import Shared, show

if TYPE_CHECKING:
    from ...analysis.board import BoardAnalysis


def claims_table(analysis: BoardAnalysis, lang: str = "en") -> list[tuple[int, str, str, bool, str]]:
    """Rows (stone, player, verdict, claimable, reason) of a BoardAnalysis: every claimed stone and
    every complete side of an unclaimed one (``player`` is the player's value, ``"south"``; the
    verdict and the reason are in ``lang``)."""
    rows = []
    for sa in analysis.stones:
        n = sa.number
        if sa.claimed is not None:
            rows.append((n, sa.claimed.value, say("ed.verdict_claimed", lang), False,
                         say("ed.held_by", lang, stone=n, player=sa.claimed)))
            continue
        for p in PLAYERS:
            if len(sa.south if p is Player.SOUTH else sa.north) < analysis.position.stone(n).capacity:
                continue
            assert sa.claims is not None  # an unclaimed stone has its claim verdicts
            v = sa.claims[p]
            verdict = say("ed.verdict_may" if v.claimable else "ed.verdict_not_yet", lang)
            rows.append((n, p.value, verdict, v.claimable, v.explain(lang)))
    return rows


def claimable(position: Position) -> tuple[tuple[int, Player], ...]:
    """Every (stone, player) that may be claimed now."""
    from ...analysis.board import analyze

    return tuple((n, Player.parse(p)) for n, p, _, ok, _ in claims_table(analyze(position, seen=False)) if ok)


def claims_html(analysis: BoardAnalysis, lang: str = "en") -> str:
    """The panel's claims table (HTML): claimable rows carry the class ``sl-claimable``."""
    rows = claims_table(analysis, lang)
    if not rows:
        return f'<div class="sl-claims"><i>{html.escape(say("ed.nothing_to_claim", lang))}</i></div>'
    out = ['<table class="sl-claims" style="border-collapse:collapse;font-size:90%">']
    claimed = say("ed.verdict_claimed", lang)
    for n, p, verdict, ok, reason in rows:
        cls = "sl-claimable" if ok else "sl-not-claimable"
        color = "#1b5e20" if ok else ("#555" if verdict == claimed else "#8d6e00")
        who = html.escape(f"{words_player(p, lang)} {verdict}")
        out.append(
            f'<tr class="{cls}" data-stone="{n}" data-player="{p}"><td style="white-space:nowrap">'
            f'<b>{html.escape(say("ed.stone_n", lang, stone=n))}</b></td>'
            f'<td style="color:{color};padding:0 6px;white-space:nowrap">{who}</td><td>{html.escape(reason)}</td></tr>'
        )
    out.append("</table>")
    return "".join(out)


def seat_analysis(position: Position, viewer: Player) -> BoardAnalysis:
    """What the panel shows: claims and public figures, plus each open stone's outcome seen by the
    viewer, counting their hand (docs/VIEWER.md), where that hand is known and the game goes on.

    The viewer's formation odds are not drawn by the panel, so they are not computed (an empty side's
    take tens of milliseconds); the outcomes come from :func:`~schotten_lab.analysis.viewer.outcome_seen_by`
    (exact where the count is small enough, else a labelled estimate; kept for repeated states)."""
    from ...analysis.board import analyze

    return with_seat_outcomes(analyze(position, viewer, seen=False))


def needs_seat_outcomes(analysis: BoardAnalysis) -> bool:
    """Whether :func:`with_seat_outcomes` adds anything: the viewer's hand is known, the game goes on."""
    return analysis.counts_hand and analysis.winner is None


def with_seat_outcomes(analysis: BoardAnalysis) -> BoardAnalysis:
    """A public :func:`~schotten_lab.analysis.board.analyze` (``seen=False``) plus each open stone's
    outcome seen by its viewer (:func:`seat_analysis`); unchanged where :func:`needs_seat_outcomes` is False."""
    from ...analysis.viewer import Seat, outcome_seen_by

    if not needs_seat_outcomes(analysis):
        return analysis
    position = analysis.position
    seat = Seat.of(position, analysis.viewer)
    stones = tuple(
        sa if sa.claimed is not None else replace(sa, outcome_viewer=outcome_seen_by(position.stone(sa.number), seat))
        for sa in analysis.stones
    )
    return replace(analysis, stones=stones)


def _split_text(south: object, north: object, tie: object, undecided: object = 0, errors: dict[str, float] | None = None,
                lang: str = "en") -> str:
    space = "" if lang == "en" else "\u00a0"  # French: « ≈ 37,5 % ± 0,4 % »

    def one(key: str, p: object) -> str:
        text = percent(p, lang)  # type: ignore[arg-type]
        return f"≈{space}{text} ±{space}{percent(errors[key], lang)}" if errors else text

    parts = [say("ed.split_south", lang, p=one("south", south)), say("ed.split_north", lang, p=one("north", north))]
    if tie:
        parts.append(say("ed.split_tie", lang, p=one("tie", tie)))
    if undecided:
        approx = f"≈{space}" if errors else ""
        parts.append(say("ed.split_undecided", lang, p=approx + percent(undecided, lang)))  # type: ignore[arg-type]
    return " · ".join(parts)


def outcomes_html(analysis: BoardAnalysis, seat_note: str = "", lang: str = "en") -> str:
    """Who wins each open stone: the viewer's figure (counting their hand) as the headline, the
    public-pool figure beside it; the public one only when the viewer's hand is unknown; a finished
    game says so instead. Rows carry ``data-stone``; the table has the class ``sl-outcomes``.

    ``seat_note``: what the viewer's column says of a stone without its figure (an analysis without
    them, of a viewer whose hand is known): "counting…", or why they are missing (class ``sl-seat-note``)."""
    from ...analysis.board import game_over_words, seat_words

    if analysis.winner is not None:
        return f'<div class="sl-outcomes sl-game-over"><b>{html.escape(game_over_words(analysis.position, lang))}</b></div>'
    seen = analysis.counts_hand
    head = f"<p style='margin:2px 0;color:#555'>{html.escape(seat_words(analysis, lang))}.</p>"
    columns = (f"<th style='text-align:left'>{html.escape(say('ed.seen_column', lang, player=analysis.viewer))}</th>"
               if seen else "")
    public_head = html.escape(say("ed.public_column", lang))
    out = [head, "<table class='sl-outcomes' style='border-collapse:collapse;font-size:90%'><tr><th></th>",
           columns, f"<th style='text-align:left;color:#555'>{public_head}</th></tr>"]
    for sa in analysis.stones:
        if sa.claimed is not None or sa.outcome is None:
            continue
        pub = sa.outcome
        public = _split_text(pub.south, pub.north, pub.tie, lang=lang)
        cell = ""
        if seen and sa.outcome_viewer is not None:
            v = sa.outcome_viewer
            cell = f"<td style='padding:0 8px;white-space:nowrap'><b>{html.escape(_split_text(v.south, v.north, v.tie, v.undecided, None if v.exact else v.stderr, lang))}</b></td>"
        elif seen and seat_note:
            cell = f"<td class='sl-seat-note' style='padding:0 8px;color:#555'><i>{html.escape(seat_note)}</i></td>"
        stone = html.escape(say("ed.stone_n", lang, stone=sa.number))
        out.append(f"<tr data-stone='{sa.number}'><td style='white-space:nowrap'><b>{stone}</b></td>{cell}"
                   f"<td style='padding:0 8px;white-space:nowrap;color:#555'>{html.escape(public)}</td></tr>")
    out.append("</table>")
    return "".join(out)


BACKGROUND = True
"""Whether a new panel counts the viewer's figures in a background thread (tests of other features
turn it off: then in the caller's thread, before ``update`` returns)."""
WAIT = 0.05
"""Seconds an edit waits for the viewer's figures before the panel is drawn without them (they are
drawn when counted): most positions take less, a few up to a second."""
COUNTING = "counting…"
"""What the viewer's column says while its figures are counted (English; ``ed.counting`` in words)."""
CHARTS = ("odds", "outcome", "cards")
"""The panel's charts, in their order."""
LAZY: Literal["lazy"] = "lazy"
"""``charts=LAZY``: the charts are built when the panel's *Show the charts* button is pressed, not
with the page (the classroom server: three plotly charts are most of a page's drawing in the browser)."""
ChartsOption = bool | Literal["lazy"]


@dataclass(frozen=True)
class _SeatJob:
    generation: int
    public: BoardAnalysis
    asked: float


class AnalysisPanel:
    """Claims with their explanations, a button for each claim that may be made now, the odds and
    outcome charts and the remaining-card map.

    ``update(position, viewer)`` recomputes everything: the claims and public figures at once, the
    viewer's figures in the background (the module's docstring). ``claims`` (HTML widget),
    ``claim_buttons`` (``{(stone, player): Button}``, the claims that may be made now), ``figures``
    (``{name: FigureWidget}``) and ``claimable`` (the last (stone, player) pairs) are for tests;
    ``analysis`` (the last position's, with the viewer's figures: waits for them), ``counting`` (they
    are being counted), :meth:`wait`, ``last_seat_ms`` (update to the viewer's figures counted).
    ``on_claim`` is called with (stone, player) when a claim button is clicked (the editor makes
    the claim). ``background`` defaults to :data:`BACKGROUND`, ``wait`` to :data:`WAIT`; ``lang``
    (``"en"``/``"fr"``, default from ``SCHOTTEN_LANG``) is the language of its words and charts.

    ``charts``: True (drawn with the first position), False (none) or :data:`LAZY`: a *Show the
    charts* toggle (``charts_toggle``, class ``sl-charts-toggle``) builds them when first pressed and
    hides them again; hidden, they are not updated (shown again, they are drawn from the current
    position). ``charts_shown`` says whether they are drawn now. ``shared``: the page's shared layouts
    and styles (:class:`~.buttons.Shared`).
    """

    def __init__(self, charts: ChartsOption = True, *, background: bool | None = None, wait: float = WAIT,
                 lang: str | None = None, shared: Shared | None = None) -> None:
        self.lang = check_lang(default_lang() if lang is None else lang)
        sh = self.shared = shared if shared is not None else Shared()
        plain = sh.layout()
        self.claims = W.HTML(style=sh.html_style(), layout=plain, _dom_classes=("sl-claims-box",))
        self.summary = W.HTML(style=sh.html_style(), layout=plain)
        self.outcomes = W.HTML(style=sh.html_style(), layout=plain, _dom_classes=("sl-outcomes-box",))
        self.claimable: tuple[tuple[int, Player], ...] = ()
        self.claim_buttons: dict[tuple[int, Player], W.Button] = {}
        self.claim_box = W.HBox(layout=W.Layout(flex_flow="row wrap", display="none"), _dom_classes=("sl-claim-buttons",))
        self.on_claim: Callable[[int, Player], object] | None = None
        self.error = ""
        self.wait_seconds = wait
        self.last_seat_ms = 0.0
        self._analysis: BoardAnalysis | None = None
        self._seat_problem = ""  # why the newest viewer's figures are missing ("" when none is)
        self._lock = threading.Lock()  # held while drawing, and by the generation and analysis changes
        self._generation = 0
        self._drawn_by_worker = 0  # the generation whose viewer's figures the worker draws when counted
        self._worker: Newest[_SeatJob] = Newest(self._count, name="schotten-seat-figures",
                                                background=BACKGROUND if background is None else background)
        self.figures: dict[str, Any] = {}
        self._charts = bool(charts)
        children: list[W.Widget] = [
            heading(say("ed.claims", self.lang), sh), self.claim_box, self.claims, heading(say("ed.who_wins", self.lang), sh),
            self.outcomes, self.summary,
        ]
        self.charts_toggle: W.ToggleButton | None = None
        if charts == LAZY:
            self.charts_toggle = W.ToggleButton(value=False, description=say("ed.charts_show", self.lang), icon="bar-chart",
                                                tooltip=say("ed.charts_tip", self.lang), layout=W.Layout(width="auto"),
                                                _dom_classes=("sl-charts-toggle",))
            self.charts_toggle.observe(self._toggle_charts, "value")
            children.append(W.HBox([heading(say("ed.charts_heading", self.lang), sh), self.charts_toggle],
                                   layout=sh.layout(align_items="center")))
        self._children = children
        self.widget = W.VBox(children, layout=W.Layout(width="640px"), _dom_classes=("sl-panel",))

    @property
    def charts_shown(self) -> bool:
        """Whether the charts are drawn now (always with ``charts=True``; once the toggle is on with
        :data:`LAZY`)."""
        return self._charts and (self.charts_toggle is None or bool(self.charts_toggle.value))

    @property
    def analysis(self) -> BoardAnalysis | None:
        """The last position's analysis, with the viewer's figures (waits while they are counted)."""
        self.wait(None)
        return self._analysis

    @property
    def counting(self) -> bool:
        """The viewer's figures of an edit are being counted (or wait for an earlier count)."""
        return self._worker.busy

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait until the viewer's figures of the last update are drawn; False if ``timeout`` passed first."""
        return self._worker.wait(timeout)

    def update(self, position: Position, viewer: Player) -> None:
        from ...analysis.board import analyze

        self.error = ""
        public = analyze(position, viewer, seen=False)
        rows = claims_table(public, self.lang)
        self.claimable = tuple((n, Player.parse(p)) for n, p, _, ok, _ in rows if ok)
        self._claim_buttons()
        self.claims.value = claims_html(public, self.lang)
        with self._lock:
            self._generation += 1  # a count still running is for an earlier position: not drawn
            job = _SeatJob(self._generation, public, time.perf_counter())
            self._analysis, self._seat_problem = public, ""
        if needs_seat_outcomes(public):
            self._worker.submit(job)  # counted at once when not in the background
            self._worker.wait(self.wait_seconds)
        with self._lock:
            counted = self._analysis is not public or self._seat_problem or not needs_seat_outcomes(public)
            if not counted:
                self._drawn_by_worker = job.generation
            self._draw(self._analysis, "" if counted else say("ed.counting", self.lang))

    def _count(self, job: _SeatJob) -> None:
        """In the worker: the viewer's figures of ``job``; drawn when the edit stopped waiting for them."""
        with self._lock:
            if job.generation != self._generation:
                return  # edited since: a newer job follows
        try:
            analysis, problem = with_seat_outcomes(job.public), ""
        except Exception as exc:  # noqa: BLE001 - the thread must live on and say what happened
            error = f"{type(exc).__name__}: {' '.join(str(exc).split())[:160]}"
            analysis, problem = job.public, say("ed.seat_unavailable", self.lang, reason=error)
        with self._lock:  # held while drawing: an edit cannot slip in between the check and the drawing
            if job.generation != self._generation:
                return
            self._analysis, self._seat_problem = analysis, problem
            self.last_seat_ms = (time.perf_counter() - job.asked) * 1000
            if self._drawn_by_worker == job.generation:
                self._draw(analysis, problem, names=("outcome",))

    def _toggle_charts(self, change: dict[str, Any]) -> None:
        """The *Show the charts* toggle: build or update the charts and show them, or hide them."""
        assert self.charts_toggle is not None
        on = bool(change["new"])
        self.charts_toggle.description = say("ed.charts_hide" if on else "ed.charts_show", self.lang)
        with self._lock:
            if on and self._analysis is not None:
                self._draw_charts(self._analysis, CHARTS)
            elif not on and self.figures:
                self.widget.children = tuple(self._children)  # hidden: not updated until shown again

    def _draw(self, analysis: BoardAnalysis, seat_note: str, names: Collection[str] = CHARTS) -> None:
        """Draw the outcomes table and the charts of ``analysis`` (called under the lock)."""
        self.outcomes.value = outcomes_html(analysis, seat_note or self._seat_problem, self.lang)
        self._draw_charts(analysis, names)

    def _draw_charts(self, analysis: BoardAnalysis, names: Collection[str]) -> None:
        """Draw the charts ``names`` of ``analysis`` if they are shown, building them the first time
        (called under the lock)."""
        if not self.charts_shown:
            return
        try:
            if not self.figures:  # built once, from the first position shown
                self.figures = make_figure_widgets(analysis=analysis, lang=self.lang)
                names = CHARTS
            if self.charts_toggle is None:
                shown = (heading(say("ed.charts_heading", self.lang), self.shared), *self.figures.values())
            else:
                shown = tuple(self.figures.values())
            if len(self.widget.children) == len(self._children):
                self.widget.children = (*self._children, *shown)
            update_figures(self.figures, analysis, self.lang, names=names)
            self.summary.value = ""
        except Exception as exc:  # noqa: BLE001 - a chart failure must not break editing
            self.error = f"{type(exc).__name__}: {exc}"
            self.summary.value = f'<span style="color:#b00020">{html.escape(say("ed.charts_unavailable", self.lang, reason=self.error))}</span>'

    def _claim_buttons(self) -> None:
        """One button per claim that may be made now: clicking it claims the stone."""
        if tuple(self.claim_buttons) == self.claimable:
            return  # the same claims: the same buttons
        old = list(self.claim_buttons.values())
        buttons = {}
        for n, p in self.claimable:
            b = W.Button(style=self.shared.button_style(None, None),
                description=say("ed.claim_button", self.lang, player=p, stone=n),
                tooltip=say("ed.claim_tip", self.lang, player=p, stone=n),
                button_style="success", layout=self.shared.layout(width="auto"),
                _dom_classes=("sl-claim-button", f"sl-claim-{n}-{p.letter}"),
            )
            b.on_click(self._claim_click(n, p))
            buttons[(n, p)] = b
        self.claim_buttons = buttons
        self.claim_box.children = tuple(buttons.values())
        show(self.claim_box, bool(buttons))
        for b in old:  # no longer shown (their layout and style are shared: kept)
            b.close()

    def _claim_click(self, stone: int, player: Player) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            if self.on_claim is not None:
                self.on_claim(stone, player)

        return click


def heading(text: str, shared: Shared | None = None) -> W.HTML:
    """A section heading of the editor (class ``sl-heading``), with the page's shared layout and style."""
    value = f"<h4 style='margin:6px 0 2px 0'>{html.escape(text)}</h4>"
    if shared is None:
        return W.HTML(value, _dom_classes=("sl-heading",))
    return W.HTML(value, layout=shared.layout(), style=shared.html_style(), _dom_classes=("sl-heading",))


# ---------------------------------------------------------------------------------------------
# The panel's charts. The FigureWidgets are made once from the builders of views/charts.py (same
# look, palette and words); on every edit only their data arrays change, taken from the charts' own
# data functions (building the figures anew takes ~250 ms of plotly validation).


def make_figure_widgets(position: Position | None = None, viewer: Player = Player.SOUTH, lang: str = "en", *,
                        analysis: BoardAnalysis | None = None) -> dict[str, Any]:
    """``{"odds", "outcome", "cards"}``: FigureWidgets of views/charts.py's three board charts, drawn
    from ``analysis`` (default: :func:`seat_analysis` of ``position`` or the empty board); the
    outcome chart is the one seen by the viewer (``seat=True``), with room for its fourth series
    (undecided) whether the first position needs it or not."""
    import plotly.graph_objects as go

    from .. import charts
    from ..palette import NEUTRALS, label

    if analysis is None:
        analysis = seat_analysis(position if position is not None else Position.empty(), viewer)
    figures = {
        "odds": charts.formation_odds_chart(analysis, lang=lang),
        "outcome": charts.outcome_chart(analysis, lang=lang, seat=True),
        "cards": charts.card_map_chart(analysis, lang=lang),
    }
    outcome = figures["outcome"]
    if len(outcome.data) == len(charts.OUTCOME_KEYS):  # the undecided series, hidden until needed
        first = outcome.data[0]
        outcome.add_trace(go.Bar(
            name=label("undecided", lang), x=list(first.x), y=[0.0] * len(first.x), visible=False,
            marker={"color": NEUTRALS["known"], "line": first.marker.line, "pattern": first.marker.pattern},
            customdata=[""] * len(first.x), hovertemplate=first.hovertemplate,
        ))
    widgets = {}
    for name, fig in figures.items():
        fig.update_layout(height=330 if name != "cards" else 320, width=630, margin={"l": 50, "r": 10, "t": 50, "b": 40})
        widgets[name] = go.FigureWidget(fig)
    return widgets


def panel_arrays(analysis: BoardAnalysis, lang: str = "en") -> dict[str, Any]:
    """The data arrays of the three board charts for one analysis, in the builders' trace order:
    ``odds`` (per rank, strongest first: y and hover), ``outcome`` (seen by the viewer where their
    hand is known, else public: south, tie, north and maybe undecided: y, hover, pattern) and its
    title, ``cards`` (opponent and draw maps: z, text, hover) and the card map's titles.

    Taken from the data functions of :mod:`~schotten_lab.views.charts`, the data the charts draw:
    the panel shows exactly what a freshly built chart would."""
    from ..charts import board_chart_data, outcome_data
    from ..palette import label, player_label

    data = board_chart_data(analysis, lang=lang)
    maps = data["cards"]["maps"]
    outcome = outcome_data(analysis, lang=lang, seat=True)
    seen = any(sa.outcome_viewer is not None for sa in analysis.stones)
    title = label("outcome_seat_title", lang, viewer=player_label(analysis.viewer, lang)) if seen else label("outcome_title", lang)
    return {
        "odds": [{"y": s["y"], "customdata": s["customdata"]} for s in data["odds"]["series"]],
        "outcome": [{"y": s["y"], "customdata": s["customdata"], "shape": s["shape"]} for s in outcome["series"]],
        "outcome_title": title,
        "cards": [{"z": m["z"], "text": m["text"], "customdata": m["customdata"]} for m in maps],
        "cards_titles": {"title": data["cards"]["title"], "subplots": tuple(m["name"] for m in maps)},
    }


def update_figures(figures: dict[str, Any], analysis: BoardAnalysis, lang: str = "en",
                   names: Collection[str] = CHARTS) -> None:
    """Push the arrays of a new BoardAnalysis into the FigureWidgets ``names`` (default all; one
    batch per figure)."""
    arrays = panel_arrays(analysis, lang)
    if "odds" in names:
        fig = figures["odds"]
        with fig.batch_update():
            for trace, new in zip(fig.data, arrays["odds"]):
                trace.y, trace.customdata = new["y"], new["customdata"]
    if "outcome" in names:
        fig = figures["outcome"]
        with fig.batch_update():
            series = arrays["outcome"]
            for i, trace in enumerate(fig.data):
                if i < len(series):
                    trace.y, trace.customdata, trace.visible = series[i]["y"], series[i]["customdata"], True
                    trace.marker.pattern.shape = series[i]["shape"]
                else:  # the undecided series when no stone needs it
                    trace.visible = False
            fig.layout.title.text = arrays["outcome_title"]
    if "cards" in names:
        fig = figures["cards"]
        with fig.batch_update():
            for trace, new in zip(fig.data, arrays["cards"]):
                trace.z, trace.text, trace.customdata = new["z"], new["text"], new["customdata"]
            titles = arrays["cards_titles"]
            fig.layout.title.text = titles["title"]
            for annotation, text in zip(fig.layout.annotations, titles["subplots"]):
                annotation.text = text


__all__ = [
    "BACKGROUND",
    "CHARTS",
    "LAZY",
    "ChartsOption",
    "WAIT",
    "AnalysisPanel",
    "claimable",
    "claims_html",
    "claims_table",
    "heading",
    "make_figure_widgets",
    "needs_seat_outcomes",
    "outcomes_html",
    "panel_arrays",
    "seat_analysis",
    "update_figures",
    "with_seat_outcomes",
]
