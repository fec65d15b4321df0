"""Chart builders: pure functions from analysis results to ``plotly.graph_objects.Figure``.

Every builder takes ``lang="en"`` or ``"fr"``, reads the exact figures of the analysis (plotted as
floats, with the exact fraction in the hover text) and never computes odds itself beyond calling the
analysis functions. Colours and words come from :mod:`schotten_lab.views.palette`, the look shared by
every chart from :mod:`.chart_style`.

This module draws the board's charts (formation odds, outcomes, the remaining-card map) and the data
they draw; the charts of the studies (one side's strength, exact against Monte Carlo, all hands) are
:mod:`.study_charts`', re-exported here with :func:`fraction_text`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypedDict

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..core.cards import CARDS, Card, Color
from ..core.formations import RANKS_STRONGEST_FIRST
from ..core.errors import ArgumentError
from ..core.location import Location
from ..core.rules import PLAYERS, Player
from ..core.words import estimate
from ..core.words import number as number_text
from .chart_style import HOVER_END, colon, outcome_name, probability_axis, rank_marker, style_figure
from .chart_style import fraction_text as fraction_text
from .palette import (
    NEUTRALS,
    PLAYER_COLORS,
    RANK_PATTERNS,
    SEQUENTIAL,
    TIE_COLOR,
    check_lang,
    color_label,
    label,
    player_label,
    rank_label,
)
from .study_charts import (
    convergence_chart as convergence_chart,
    convergence_figure as convergence_figure,
    formation_counts_chart as formation_counts_chart,
    monte_carlo_series as monte_carlo_series,
    side_strength_chart as side_strength_chart,
    strength_chart as strength_chart,
    strength_label as strength_label,
)

if TYPE_CHECKING:
    from ..analysis.board import BoardAnalysis
    from ..analysis.odds import CompletionOdds
    from ..analysis.outcome import Outcome
    from ..analysis.viewer import ViewerOutcome
    from ..analysis.pools import CardChance


# ---- chart data: what each board chart draws, built once for the charts and the editor's panel ----


class BarSeries(TypedDict):
    """One bar trace of a board chart: its legend name, heights, hover texts and fill patterns."""

    name: str
    y: list[float | None]
    customdata: list[str]
    shape: list[str]


class BarsData(TypedDict):
    """The x axis and the bar series of :func:`formation_odds_chart` or :func:`outcome_chart`."""

    x: list[Any]
    series: list[BarSeries]


class MapData(TypedDict):
    """One map of the card map: probabilities, cell texts and hover texts, 6 colours × 9 values."""

    name: str
    z: list[list[float]]
    text: list[list[str]]
    customdata: list[list[str]]


class CardMapData(TypedDict):
    """The two maps of :func:`card_map_chart`, their axes and titles."""

    title: str
    x: list[str]
    y: list[str]
    maps: list[MapData]


class BoardChartData(TypedDict):
    """The data of the three board charts of one analysis (see :func:`board_chart_data`)."""

    odds: BarsData
    outcome: BarsData
    cards: CardMapData


def formation_odds_data(analysis: BoardAnalysis, *, lang: str = "en") -> BarsData:
    """What :func:`formation_odds_chart` draws: x = (stone, side) pairs, one series per rank,
    strongest first; ``None`` heights on claimed stones."""
    check_lang(lang)
    stones_axis: list[str] = []
    sides_axis: list[str] = []
    cells: list[tuple[int, Player, CompletionOdds | None, bool]] = []
    for sa in analysis.stones:
        for p in PLAYERS:
            stones_axis.append(str(sa.number))
            sides_axis.append(player_label(p, lang)[0].upper())
            odds = None if sa.odds is None else sa.odds.get(p)
            cells.append((sa.number, p, odds, sa.claimed is not None))
    series: list[BarSeries] = []
    for rank in RANKS_STRONGEST_FIRST:
        ys: list[float | None] = []
        hover: list[str] = []
        for number, p, odds, claimed in cells:
            head = f"{label('stone', lang)} {number}, {player_label(p, lang)}"
            if odds is None:
                ys.append(None)
                hover.append(f"{head}{colon(lang)}{label('claimed', lang)}" if claimed else head)
                continue
            prob = odds.ranks[rank]
            ys.append(float(prob))
            note = f" ({label('complete', lang)})" if odds.complete else f" — {number_text(odds.completions, lang)} {label('completions', lang)}"
            hover.append(f"{head}{note}<br>{rank_label(rank, lang)}{colon(lang)}{fraction_text(prob, lang)}")
        series.append({"name": rank_label(rank, lang), "y": ys, "customdata": hover, "shape": [RANK_PATTERNS[rank]]})
    return {"x": [stones_axis, sides_axis], "series": series}


def formation_odds_chart(analysis: BoardAnalysis, *, lang: str = "en") -> go.Figure:
    """Stacked bars: for every stone and both sides, P(final formation = each rank).

    The strongest rank sits at the bottom, so the height of the lower segments reads as
    P(at least that rank). Claimed stones have no bars. The data is :func:`formation_odds_data`.
    """
    data = formation_odds_data(analysis, lang=lang)
    fig = go.Figure()
    for rank, s in zip(RANKS_STRONGEST_FIRST, data["series"]):
        fig.add_trace(
            go.Bar(
                name=s["name"],
                x=data["x"],
                y=s["y"],
                marker=rank_marker(rank),
                customdata=s["customdata"],
                hovertemplate="%{customdata}" + HOVER_END,
            )
        )
    fig.update_layout(barmode="stack", legend_title_text=label("formation", lang))
    style_figure(fig, label("odds_title", lang), height=440, lang=lang)
    fig.update_xaxes(title_text=label("stone", lang))
    probability_axis(fig, lang)
    return fig


OUTCOME_KEYS = ("south", "tie", "north")
"""The outcome chart's series, bottom to top."""


def outcome_data(analysis: BoardAnalysis, *, lang: str = "en", seat: bool = False) -> BarsData:
    """What :func:`outcome_chart` draws: x = stones, series south, tie, north; a claimed stone is a
    full hatched (``"x"``) bar for its owner.

    ``seat=True``: the figures seen by the analysis's viewer, counting their hand
    (``StoneAnalysis.outcome_viewer``), with an ``undecided`` series when the viewer cannot complete a
    side from hand and draws; an estimate's hover gives its standard error. Without a viewer's
    figures (no known hand), the public ones."""
    check_lang(lang)
    xs = [str(sa.number) for sa in analysis.stones]
    seat = seat and any(sa.outcome_viewer is not None for sa in analysis.stones)
    keys: tuple[str, ...] = OUTCOME_KEYS
    if seat and any(sa.outcome_viewer is not None and sa.outcome_viewer.undecided for sa in analysis.stones):
        keys = (*OUTCOME_KEYS, "undecided")
    series: list[BarSeries] = []
    for key in keys:
        name = outcome_name(key, lang)
        ys: list[float | None] = []
        hover: list[str] = []
        shapes: list[str] = []
        for sa in analysis.stones:
            head = f"{label('stone', lang)} {sa.number}"
            outcome: Outcome | ViewerOutcome | None = sa.outcome_viewer if seat else sa.outcome
            if sa.claimed is not None or outcome is None:
                won = sa.claimed is not None and sa.claimed.value == key
                ys.append(1.0 if won else 0.0)
                hover.append(f"{head}{colon(lang)}{label('claimed', lang)} ({player_label(sa.claimed, lang)})" if sa.claimed else head)
                shapes.append("x")
                continue
            prob: Fraction = getattr(outcome, key)
            ys.append(float(prob))
            if getattr(outcome, "exact", True):
                hover.append(f"{head}<br>{name}{colon(lang)}{fraction_text(prob, lang)}")
            else:
                stderr = getattr(outcome, "stderr", {}).get(key, 0.0)
                hover.append(f"{head}<br>{name}{colon(lang)}≈{estimate(float(prob), stderr, lang)} "
                             f"({label('estimate', lang)}, {number_text(getattr(outcome, 'samples', 0), lang)} {label('samples', lang)})")
            shapes.append("")
        series.append({"name": name, "y": ys, "customdata": hover, "shape": shapes})
    return {"x": xs, "series": series}


def outcome_chart(analysis: BoardAnalysis, *, lang: str = "en", seat: bool = False) -> go.Figure:
    """Stacked bars per stone: P(south wins), P(tie decided by completion order), P(north wins).

    A claimed stone shows a hatched full bar in its owner's colour. The data is :func:`outcome_data`;
    ``seat=True`` draws the figures seen by the viewer, counting their hand, and says so in the title.
    """
    data = outcome_data(analysis, lang=lang, seat=seat)
    colors = {"south": PLAYER_COLORS[Player.SOUTH], "tie": TIE_COLOR, "north": PLAYER_COLORS[Player.NORTH],
              "undecided": NEUTRALS["known"]}
    keys = (*OUTCOME_KEYS, "undecided")
    fig = go.Figure()
    for key, s in zip(keys, data["series"]):
        fig.add_trace(
            go.Bar(
                name=s["name"],
                x=data["x"],
                y=s["y"],
                marker={
                    "color": colors[key],
                    "line": {"color": NEUTRALS["ink"], "width": 0.5},
                    "pattern": {"shape": s["shape"], "fgcolor": NEUTRALS["paper"], "size": 8},
                },
                customdata=s["customdata"],
                hovertemplate="%{customdata}" + HOVER_END,
            )
        )
    fig.update_layout(barmode="stack")
    seen = seat and any(sa.outcome_viewer is not None for sa in analysis.stones)
    title = label("outcome_seat_title", lang, viewer=player_label(analysis.viewer, lang)) if seen else label("outcome_title", lang)
    style_figure(fig, title, lang=lang)
    fig.update_xaxes(title_text=label("stone", lang), type="category")
    probability_axis(fig, lang)
    return fig



# ---- the remaining-card map ---------------------------------------------------------------------

MAP_FONT_SIZE = 9
"""Cell text size of the card map: cell texts are four characters at most (:func:`cell_percent`,
:func:`where_short`), so a cell stays readable down to about 24 px wide (the editor's 630-px panel
draws them about 25 px wide)."""


def cell_percent(value: float, lang: str = "en") -> str:
    """A card-map cell: a whole percentage without the sign (the map's title says "%"), three
    characters at most: ``"15"``, ``"<1"``, ``">99"``, ``"0"``, ``"100"``. The exact fraction is in
    the hover text."""
    check_lang(lang)
    v = value * 100
    if v in (0, 100):
        return f"{v:.0f}"
    if v < 1:
        return "<1"
    if v > 99:
        return ">99"
    return f"{v:.0f}"


def where_short(where: str, lang: str = "en") -> str:
    """A known card's cell text, four characters at most: ``S3``/``N3`` (a side of stone 3), the
    hand (``hand``, ``main``), the discard pile (``disc``, ``déf``); a :class:`Location`'s ``short``."""
    return _location(where).short(lang)


def where_text(where: str, lang: str = "en") -> str:
    """Where a card is, in words (``stone 3 south``, ``borne 3 côté sud``): a :class:`Location`'s words."""
    return _location(where).in_words(lang)


def _location(where: str) -> Location:
    """``where`` itself, a :class:`Location` (the analysis gives one; its text is never parsed)."""
    if not isinstance(where, Location):
        raise ArgumentError(f"where: expected a Location (CardChance.where), got the text {where!r}")
    return where


def card_map_data(analysis: BoardAnalysis, *, draws: int | None = None, lang: str = "en") -> CardMapData:
    """What :func:`card_map_chart` draws: for each of the 54 cards (rows: colours, columns: values)
    P(the opponent holds it) and P(the viewer draws it within ``draws`` draws), with the cell texts
    (a short percentage, or where a known card is) and the hover texts."""
    from ..analysis.pools import card_probabilities, draws_left

    check_lang(lang)
    position, viewer = analysis.position, Player.parse(analysis.viewer)
    cards = analysis.cards if draws is None else card_probabilities(position, viewer, draws)
    n = draws_left(position, viewer) if draws is None else min(draws, draws_left(position, viewer))
    opponent = viewer.opponent
    titles = (
        label("map_opponent", lang, opponent=player_label(opponent, lang)),
        label("map_draw", lang, viewer=player_label(viewer, lang), n=n),
    )
    by_index: dict[int, CardChance] = {c.card.index: c for c in cards if isinstance(c.card, Card)}  # clan cards only
    maps: list[MapData] = [{"name": t, "z": [], "text": [], "customdata": []} for t in titles]
    for color in Color:
        rows: list[tuple[list[float], list[str], list[str]]] = [([], [], []) for _ in maps]
        for value in range(1, 10):
            chance = by_index[int(color) * 9 + value - 1]
            card = CARDS[int(color) * 9 + value - 1]
            head = f"<b>{card}</b> ({color_label(color, lang)} {value}) — {label('where', lang)}{colon(lang)}{where_text(chance.where, lang)}"
            unseen = chance.unseen
            for (z, text, hover), title, p in zip(rows, titles, (chance.p_opponent_hand, chance.p_draw)):
                z.append(float(p))
                text.append(cell_percent(float(p), lang) if unseen else where_short(chance.where, lang))
                hover.append(f"{head}<br>{title}{colon(lang)}{fraction_text(p, lang)}")
        for m, (z, text, hover) in zip(maps, rows):
            m["z"].append(z)
            m["text"].append(text)
            m["customdata"].append(hover)
    return {
        "title": label("map_title", lang, viewer=player_label(viewer, lang)),
        "x": [str(v) for v in range(1, 10)],
        "y": [f"{c.letter} · {color_label(c, lang)}" for c in Color],
        "maps": maps,
    }


def card_map_chart(analysis: BoardAnalysis, *, draws: int | None = None, lang: str = "en") -> go.Figure:
    """Two 6 × 9 maps (colours × values): P(the opponent holds the card) and P(the viewer draws it
    within ``draws`` draws; default every draw left). Cells of known cards say where they are
    (``S3`` south side of stone 3, ``N3``, ``hand``, ``disc.``) and have probability 0. The data is
    :func:`card_map_data`."""
    data = card_map_data(analysis, draws=draws, lang=lang)
    maps = data["maps"]
    fig = make_subplots(rows=1, cols=2, subplot_titles=[m["name"] for m in maps], horizontal_spacing=0.05,
                        shared_yaxes=True)
    for col, m in enumerate(maps, 1):
        fig.add_trace(
            go.Heatmap(
                z=m["z"],
                x=data["x"],
                y=data["y"],
                text=m["text"],
                texttemplate="%{text}",
                customdata=m["customdata"],
                hovertemplate="%{customdata}" + HOVER_END,
                coloraxis="coloraxis",
                textfont={"size": MAP_FONT_SIZE},
                xgap=2,
                ygap=2,
                name=m["name"],
            ),
            row=1,
            col=col,
        )
    fig.update_layout(coloraxis={"colorscale": SEQUENTIAL, "cmin": 0, "cmax": 1,
                                 "colorbar": {"tickformat": ".0%", "thickness": 12}})
    style_figure(fig, data["title"], height=390, lang=lang)
    fig.update_layout(width=980, margin={"b": 80})
    fig.add_annotation(text=label("map_key", lang), xref="paper", yref="paper", x=0, y=-0.22, showarrow=False,
                       xanchor="left", yanchor="top", font={"size": 12, "color": NEUTRALS["ink"]})  # the cells' key
    fig.update_xaxes(title_text=label("value", lang), type="category")
    fig.update_yaxes(autorange="reversed", type="category", showgrid=False)
    return fig





def board_chart_data(analysis: BoardAnalysis, *, lang: str = "en") -> BoardChartData:
    """The data of the three board charts (:func:`formation_odds_data`, :func:`outcome_data`,
    :func:`card_map_data`): what a panel pushes into existing figures instead of rebuilding them."""
    return {
        "odds": formation_odds_data(analysis, lang=lang),
        "outcome": outcome_data(analysis, lang=lang),
        "cards": card_map_data(analysis, lang=lang),
    }


def board_charts(analysis: BoardAnalysis, *, lang: str = "en", seat: bool = False) -> dict[str, go.Figure]:
    """The board-wide charts of an analysis, by name (for reports and panels); ``seat``: the outcome
    chart seen by the viewer (see :func:`outcome_chart`)."""
    return {
        "odds": formation_odds_chart(analysis, lang=lang),
        "outcome": outcome_chart(analysis, lang=lang, seat=seat),
        "cards": card_map_chart(analysis, lang=lang),
    }



__all__ = [
    "BarSeries",
    "BarsData",
    "BoardChartData",
    "CardMapData",
    "MapData",
    "board_chart_data",
    "board_charts",
    "card_map_chart",
    "card_map_data",
    "cell_percent",
    "convergence_chart",
    "convergence_figure",
    "formation_counts_chart",
    "formation_odds_chart",
    "formation_odds_data",
    "fraction_text",
    "monte_carlo_series",
    "outcome_chart",
    "outcome_data",
    "side_strength_chart",
    "strength_chart",
    "strength_label",
    "where_short",
    "where_text",
]
