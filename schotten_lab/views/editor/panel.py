"""The editor's live analysis panel: the claims (with a button for each claim that may be made now)
and the three board charts of :mod:`schotten_lab.views.charts`, updated in place on every edit."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ...core.position import Position
from ...core.rules import PLAYERS, Player
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

    return tuple((n, Player.parse(p)) for n, p, _, ok, _ in claims_table(analyze(position)) if ok)


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
        self.claimable: tuple[tuple[int, Player], ...] = ()
        self.claim_buttons: dict[tuple[int, Player], W.Button] = {}
        self.claim_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.claim_box.add_class("sl-claim-buttons")
        self.on_claim: Callable[[int, Player], object] | None = None
        self.analysis: BoardAnalysis | None = None
        self.error = ""
        self.figures: dict[str, Any] = {}
        self._charts = charts
        children: list[W.Widget] = [heading("Claims"), self.claim_box, self.claims, self.summary]
        self._children = children
        self.widget = W.VBox(children, layout=W.Layout(width="640px"))
        self.widget.add_class("sl-panel")

    def update(self, position: Position, viewer: Player) -> None:
        from ...analysis.board import analyze

        self.error = ""
        self.analysis = analyze(position, viewer)
        rows = claims_table(self.analysis)
        self.claimable = tuple((n, Player.parse(p)) for n, p, _, ok, _ in rows if ok)
        self._claim_buttons()
        self.claims.value = claims_html(self.analysis)
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
    """``{"odds", "outcome", "cards"}``: FigureWidgets of views/charts.py's three board charts."""
    import plotly.graph_objects as go

    from ...analysis.board import analyze
    from .. import charts

    analysis = analyze(position if position is not None else Position.empty(), viewer)
    figures = {
        "odds": charts.formation_odds_chart(analysis, lang=lang),
        "outcome": charts.outcome_chart(analysis, lang=lang),
        "cards": charts.card_map_chart(analysis, lang=lang),
    }
    widgets = {}
    for name, fig in figures.items():
        fig.update_layout(height=330 if name != "cards" else 320, width=630, margin={"l": 50, "r": 10, "t": 50, "b": 40})
        widgets[name] = go.FigureWidget(fig)
    return widgets


def panel_arrays(analysis: BoardAnalysis, lang: str = "en") -> dict[str, Any]:
    """The data arrays of the three board charts for one analysis, in the builders' trace order:
    ``odds`` (per rank, strongest first: y and hover), ``outcome`` (south, tie, north: y, hover,
    pattern), ``cards`` (opponent and draw maps: z, text, hover) and the card map's titles.

    Taken from :func:`~schotten_lab.views.charts.board_chart_data`, the data the charts draw: the
    panel shows exactly what a freshly built chart would."""
    from ..charts import board_chart_data

    data = board_chart_data(analysis, lang=lang)
    maps = data["cards"]["maps"]
    return {
        "odds": [{"y": s["y"], "customdata": s["customdata"]} for s in data["odds"]["series"]],
        "outcome": [{"y": s["y"], "customdata": s["customdata"], "shape": s["shape"]} for s in data["outcome"]["series"]],
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
        for trace, new in zip(fig.data, arrays["outcome"]):
            trace.y, trace.customdata = new["y"], new["customdata"]
            trace.marker.pattern.shape = new["shape"]
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
    "panel_arrays",
    "update_figures",
]
