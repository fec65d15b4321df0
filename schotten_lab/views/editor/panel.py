"""The editor's live analysis panel: the claims (with a button for each claim that may be made now),
who wins each stone (seen by the viewer, counting their hand, beside the public-pool figure) and the
three board charts of :mod:`schotten_lab.views.charts`, updated in place on every edit."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ...core.position import Position
from ...core.rules import PLAYERS, Player
from ...core.words import percent
from .buttons import show

if TYPE_CHECKING:
    from ...analysis.board import BoardAnalysis


def claims_table(analysis: BoardAnalysis) -> list[tuple[int, str, str, bool, str]]:
    """Rows (stone, player, verdict, claimable, reason) of a BoardAnalysis: every claimed stone and
    every complete side of an unclaimed one."""
    rows = []
    for sa in analysis.stones:
        n = sa.number
        if sa.claimed is not None:
            rows.append((n, sa.claimed.value, "claimed", False, f"stone {n} is held by {sa.claimed.value}"))
            continue
        for p in PLAYERS:
            if len(sa.south if p is Player.SOUTH else sa.north) < analysis.position.stone(n).capacity:
                continue
            assert sa.claims is not None  # an unclaimed stone has its claim verdicts
            v = sa.claims[p]
            rows.append((n, p.value, "may claim" if v.claimable else "cannot claim yet", v.claimable, v.reason))
    return rows


def claimable(position: Position) -> tuple[tuple[int, Player], ...]:
    """Every (stone, player) that may be claimed now."""
    from ...analysis.board import analyze

    return tuple((n, Player.parse(p)) for n, p, _, ok, _ in claims_table(analyze(position, seen=False)) if ok)


def claims_html(analysis: BoardAnalysis) -> str:
    """The panel's claims table (HTML): claimable rows carry the class ``sl-claimable``."""
    rows = claims_table(analysis)
    if not rows:
        return '<div class="sl-claims"><i>No complete side yet: nothing to claim.</i></div>'
    out = ['<table class="sl-claims" style="border-collapse:collapse;font-size:90%">']
    for n, p, verdict, ok, reason in rows:
        cls = "sl-claimable" if ok else "sl-not-claimable"
        color = "#1b5e20" if ok else ("#555" if verdict == "claimed" else "#8d6e00")
        out.append(
            f'<tr class="{cls}" data-stone="{n}" data-player="{p}"><td style="white-space:nowrap"><b>stone {n}</b></td>'
            f'<td style="color:{color};padding:0 6px;white-space:nowrap">{p} {verdict}</td><td>{html.escape(reason)}</td></tr>'
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
    from ...analysis.viewer import Seat, outcome_seen_by

    analysis = analyze(position, viewer, seen=False)
    if not analysis.counts_hand or analysis.winner is not None:
        return analysis
    seat = Seat.of(position, analysis.viewer)
    stones = tuple(
        sa if sa.claimed is not None else replace(sa, outcome_viewer=outcome_seen_by(position.stone(sa.number), seat))
        for sa in analysis.stones
    )
    return replace(analysis, stones=stones)


def _split_text(south: object, north: object, tie: object, undecided: object = 0, errors: dict[str, float] | None = None) -> str:
    def one(key: str, p: object) -> str:
        text = percent(p)  # type: ignore[arg-type]
        return f"≈{text} ±{percent(errors[key])}" if errors else text

    parts = [f"S {one('south', south)}", f"N {one('north', north)}"]
    if tie:
        parts.append(f"tie {one('tie', tie)}")
    if undecided:
        parts.append(f"undecided {'≈' if errors else ''}{percent(undecided)}")  # type: ignore[arg-type]
    return " · ".join(parts)


def outcomes_html(analysis: BoardAnalysis) -> str:
    """Who wins each open stone: the viewer's figure (counting their hand) as the headline, the
    public-pool figure beside it; the public one only when the viewer's hand is unknown; a finished
    game says so instead. Rows carry ``data-stone``; the table has the class ``sl-outcomes``."""
    from ...analysis.board import game_over_words, seat_words

    if analysis.winner is not None:
        return f'<div class="sl-outcomes sl-game-over"><b>{html.escape(game_over_words(analysis.position))}</b></div>'
    seen = analysis.counts_hand
    head = f"<p style='margin:2px 0;color:#555'>{html.escape(seat_words(analysis))}.</p>"
    columns = ("<th style='text-align:left'>seen by "
               f"{html.escape(analysis.viewer.value)} (counting the hand)</th>" if seen else "")
    out = [head, "<table class='sl-outcomes' style='border-collapse:collapse;font-size:90%'><tr><th></th>",
           columns, "<th style='text-align:left;color:#555'>public pool (random completion)</th></tr>"]
    for sa in analysis.stones:
        if sa.claimed is not None or sa.outcome is None:
            continue
        pub = sa.outcome
        public = _split_text(pub.south, pub.north, pub.tie)
        cell = ""
        if seen and sa.outcome_viewer is not None:
            v = sa.outcome_viewer
            cell = f"<td style='padding:0 8px;white-space:nowrap'><b>{html.escape(_split_text(v.south, v.north, v.tie, v.undecided, None if v.exact else v.stderr))}</b></td>"
        out.append(f"<tr data-stone='{sa.number}'><td style='white-space:nowrap'><b>stone {sa.number}</b></td>{cell}"
                   f"<td style='padding:0 8px;white-space:nowrap;color:#555'>{html.escape(public)}</td></tr>")
    out.append("</table>")
    return "".join(out)


class AnalysisPanel:
    """Claims with their explanations, a button for each claim that may be made now, the odds and
    outcome charts and the remaining-card map.

    ``update(position, viewer)`` recomputes everything; ``claims`` (HTML widget), ``claim_buttons``
    (``{(stone, player): Button}``, the claims that may be made now), ``figures`` (``{name:
    FigureWidget}``) and ``claimable`` (the last (stone, player) pairs) are for tests. ``on_claim``
    is called with (stone, player) when a claim button is clicked (the editor makes the claim).
    """

    def __init__(self, charts: bool = True) -> None:
        self.claims = W.HTML()
        self.claims.add_class("sl-claims-box")
        self.summary = W.HTML()
        self.outcomes = W.HTML()
        self.outcomes.add_class("sl-outcomes-box")
        self.claimable: tuple[tuple[int, Player], ...] = ()
        self.claim_buttons: dict[tuple[int, Player], W.Button] = {}
        self.claim_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.claim_box.add_class("sl-claim-buttons")
        self.on_claim: Callable[[int, Player], object] | None = None
        self.analysis: BoardAnalysis | None = None
        self.error = ""
        self.figures: dict[str, Any] = {}
        self._charts = charts
        children: list[W.Widget] = [
            heading("Claims"), self.claim_box, self.claims, heading("Who wins each stone"), self.outcomes, self.summary,
        ]
        self._children = children
        self.widget = W.VBox(children, layout=W.Layout(width="640px"))
        self.widget.add_class("sl-panel")

    def update(self, position: Position, viewer: Player) -> None:
        self.error = ""
        self.analysis = seat_analysis(position, viewer)
        rows = claims_table(self.analysis)
        self.claimable = tuple((n, Player.parse(p)) for n, p, _, ok, _ in rows if ok)
        self._claim_buttons()
        self.claims.value = claims_html(self.analysis)
        self.outcomes.value = outcomes_html(self.analysis)
        if not self._charts:
            return
        try:
            if not self.figures:  # built once, from the first position shown
                self.figures = make_figure_widgets(position, viewer)
                charts_heading = heading("Odds, outcomes and the cards left")
                self.widget.children = (*self._children, charts_heading, *self.figures.values())
            update_figures(self.figures, self.analysis)
            self.summary.value = ""
        except Exception as exc:  # noqa: BLE001 - a chart failure must not break editing
            self.error = f"{type(exc).__name__}: {exc}"
            self.summary.value = f'<span style="color:#b00020">charts unavailable: {html.escape(self.error)}</span>'

    def _claim_buttons(self) -> None:
        """One button per claim that may be made now: clicking it claims the stone."""
        buttons = {}
        for n, p in self.claimable:
            b = W.Button(
                description=f"{p.value} claims stone {n}", tooltip=f"claim stone {n} for {p.value}",
                button_style="success", layout=W.Layout(width="auto"),
            )
            b.add_class("sl-claim-button")
            b.add_class(f"sl-claim-{n}-{p.letter}")
            b.on_click(self._claim_click(n, p))
            buttons[(n, p)] = b
        self.claim_buttons = buttons
        self.claim_box.children = tuple(buttons.values())
        show(self.claim_box, bool(buttons))

    def _claim_click(self, stone: int, player: Player) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            if self.on_claim is not None:
                self.on_claim(stone, player)

        return click


def heading(text: str) -> W.HTML:
    """A section heading of the editor (class ``sl-heading``)."""
    box = W.HTML(f"<h4 style='margin:6px 0 2px 0'>{html.escape(text)}</h4>")
    box.add_class("sl-heading")
    return box


# ---------------------------------------------------------------------------------------------
# The panel's charts. The FigureWidgets are made once from the builders of views/charts.py (same
# look, palette and words); on every edit only their data arrays change, taken from the charts' own
# data functions (building the figures anew takes ~250 ms of plotly validation).


def make_figure_widgets(position: Position | None = None, viewer: Player = Player.SOUTH, lang: str = "en") -> dict[str, Any]:
    """``{"odds", "outcome", "cards"}``: FigureWidgets of views/charts.py's three board charts; the
    outcome chart is the one seen by the viewer (``seat=True``), with room for its fourth series
    (undecided) whether the first position needs it or not."""
    import plotly.graph_objects as go

    from .. import charts
    from ..palette import NEUTRALS, label

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


def update_figures(figures: dict[str, Any], analysis: BoardAnalysis, lang: str = "en") -> None:
    """Push the arrays of a new BoardAnalysis into the FigureWidgets (one batch per figure)."""
    arrays = panel_arrays(analysis, lang)
    fig = figures["odds"]
    with fig.batch_update():
        for trace, new in zip(fig.data, arrays["odds"]):
            trace.y, trace.customdata = new["y"], new["customdata"]
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
    fig = figures["cards"]
    with fig.batch_update():
        for trace, new in zip(fig.data, arrays["cards"]):
            trace.z, trace.text, trace.customdata = new["z"], new["text"], new["customdata"]
        titles = arrays["cards_titles"]
        fig.layout.title.text = titles["title"]
        for annotation, text in zip(fig.layout.annotations, titles["subplots"]):
            annotation.text = text


__all__ = [
    "AnalysisPanel",
    "claimable",
    "claims_html",
    "claims_table",
    "heading",
    "make_figure_widgets",
    "outcomes_html",
    "panel_arrays",
    "seat_analysis",
    "update_figures",
]
