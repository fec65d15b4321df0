"""Chart builders: pure functions from analysis results to ``plotly.graph_objects.Figure``.

Every builder takes ``lang="en"`` or ``"fr"``, reads the exact figures of the analysis (plotted as
floats, with the exact fraction in the hover text) and never computes odds itself beyond calling the
analysis functions. Colours and words come from :mod:`schotten_lab.views.palette`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypedDict

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..core.cards import CARDS, Card, Color
from ..core.formations import RANKS_STRONGEST_FIRST, STRENGTH_BASE, Rank, rank_counts
from ..core.errors import ArgumentError
from ..core.location import Location
from ..core.rules import PLAYERS, Player
from ..core.words import estimate, fraction_percent, typeset
from ..core.words import number as number_text
from .palette import (
    FONT_FAMILY,
    NEUTRALS,
    PLAYER_COLORS,
    RANK_COLORS,
    RANK_PATTERNS,
    SEQUENTIAL,
    TIE_COLOR,
    check_lang,
    color_label,
    label,
    player_label,
    rank_label,
)

if TYPE_CHECKING:
    from ..analysis.board import BoardAnalysis
    from ..analysis.odds import CompletionOdds
    from ..analysis.outcome import Outcome, OutcomeEstimate
    from ..analysis.viewer import ViewerOutcome
    from ..analysis.pools import CardChance
    from ..core.position import Position

HOVER_END = "<extra></extra>"


# ---- formatting ---------------------------------------------------------------------------------


def fraction_text(p: Fraction | float, lang: str = "en") -> str:
    """``"3/46 ≈ 6.5%"`` for a fraction, ``"6.5%"`` for a float or a certainty (French decimal comma in
    ``fr``): :func:`schotten_lab.core.words.fraction_percent`, the library's one rounding rule."""
    return fraction_percent(p, lang, approx=True)


def _colon(lang: str) -> str:
    """A colon in a hover text: ``": "``, in French a no-break space before it (docs/FRENCH.md)."""
    return typeset(": ", lang)


def _style(fig: go.Figure, title: str, *, height: int = 420, lang: str = "en") -> go.Figure:
    if lang == "fr":  # decimal comma, no-break space between thousands, no "5k" ticks
        fig.update_layout(separators=",\u00a0")
        fig.update_xaxes(exponentformat="none", separatethousands=True)
        fig.update_yaxes(exponentformat="none", separatethousands=True)
    fig.update_layout(
        title={"text": title, "x": 0.01, "xanchor": "left"},
        font={"family": FONT_FAMILY, "color": NEUTRALS["ink"], "size": 13},
        paper_bgcolor=NEUTRALS["paper"],
        plot_bgcolor=NEUTRALS["paper"],
        height=height,
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
        legend={"traceorder": "normal"},
        hoverlabel={"font": {"family": FONT_FAMILY}},
    )
    fig.update_xaxes(showgrid=False, linecolor=NEUTRALS["line"])
    fig.update_yaxes(gridcolor=NEUTRALS["grid"], zerolinecolor=NEUTRALS["line"])
    return fig


def _probability_axis(fig: go.Figure, lang: str) -> None:
    fig.update_yaxes(title_text=label("probability", lang), range=[0, 1.0001], tickformat=".0%")


def _rank_marker(rank: Rank) -> dict[str, Any]:
    return {
        "color": RANK_COLORS[rank],
        "line": {"color": NEUTRALS["ink"], "width": 0.5},
        "pattern": {"shape": RANK_PATTERNS[rank], "fgcolor": NEUTRALS["ink"], "fgopacity": 0.35, "size": 6},
    }


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
                hover.append(f"{head}{_colon(lang)}{label('claimed', lang)}" if claimed else head)
                continue
            prob = odds.ranks[rank]
            ys.append(float(prob))
            note = f" ({label('complete', lang)})" if odds.complete else f" — {number_text(odds.completions, lang)} {label('completions', lang)}"
            hover.append(f"{head}{note}<br>{rank_label(rank, lang)}{_colon(lang)}{fraction_text(prob, lang)}")
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
                marker=_rank_marker(rank),
                customdata=s["customdata"],
                hovertemplate="%{customdata}" + HOVER_END,
            )
        )
    fig.update_layout(barmode="stack", legend_title_text=label("formation", lang))
    _style(fig, label("odds_title", lang), height=440, lang=lang)
    fig.update_xaxes(title_text=label("stone", lang))
    _probability_axis(fig, lang)
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
        name = _outcome_name(key, lang)
        ys: list[float | None] = []
        hover: list[str] = []
        shapes: list[str] = []
        for sa in analysis.stones:
            head = f"{label('stone', lang)} {sa.number}"
            outcome: Outcome | ViewerOutcome | None = sa.outcome_viewer if seat else sa.outcome
            if sa.claimed is not None or outcome is None:
                won = sa.claimed is not None and sa.claimed.value == key
                ys.append(1.0 if won else 0.0)
                hover.append(f"{head}{_colon(lang)}{label('claimed', lang)} ({player_label(sa.claimed, lang)})" if sa.claimed else head)
                shapes.append("x")
                continue
            prob: Fraction = getattr(outcome, key)
            ys.append(float(prob))
            if getattr(outcome, "exact", True):
                hover.append(f"{head}<br>{name}{_colon(lang)}{fraction_text(prob, lang)}")
            else:
                stderr = getattr(outcome, "stderr", {}).get(key, 0.0)
                hover.append(f"{head}<br>{name}{_colon(lang)}≈{estimate(float(prob), stderr, lang)} "
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
    _style(fig, title, lang=lang)
    fig.update_xaxes(title_text=label("stone", lang), type="category")
    _probability_axis(fig, lang)
    return fig


def _outcome_name(key: str, lang: str) -> str:
    if key in ("tie", "undecided"):
        return label(key, lang)
    return player_label(key, lang, capital=True)


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
            head = f"<b>{card}</b> ({color_label(color, lang)} {value}) — {label('where', lang)}{_colon(lang)}{where_text(chance.where, lang)}"
            unseen = chance.unseen
            for (z, text, hover), title, p in zip(rows, titles, (chance.p_opponent_hand, chance.p_draw)):
                z.append(float(p))
                text.append(cell_percent(float(p), lang) if unseen else where_short(chance.where, lang))
                hover.append(f"{head}<br>{title}{_colon(lang)}{fraction_text(p, lang)}")
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
    _style(fig, data["title"], height=390, lang=lang)
    fig.update_layout(width=980, margin={"b": 80})
    fig.add_annotation(text=label("map_key", lang), xref="paper", yref="paper", x=0, y=-0.22, showarrow=False,
                       xanchor="left", yanchor="top", font={"size": 12, "color": NEUTRALS["ink"]})  # the cells' key
    fig.update_xaxes(title_text=label("value", lang), type="category")
    fig.update_yaxes(autorange="reversed", type="category", showgrid=False)
    return fig


# ---- one side: the strength distribution -----------------------------------------------------------


def strength_label(strength: int, lang: str = "en") -> str:
    """``"run 12"`` / ``"suite 12"`` for a strength ``rank * 100 + sum``."""
    rank, total = Rank(strength // STRENGTH_BASE), strength % STRENGTH_BASE
    return f"{rank_label(rank, lang)} {total}"


def strength_chart(
    odds: CompletionOdds | Mapping[Player, CompletionOdds],
    *,
    lang: str = "en",
    title: str | None = None,
) -> go.Figure:
    """P(final strength) of a side's random completion, weakest to strongest.

    One side: bars coloured by rank. A mapping ``{player: odds}`` (both sides of a stone): one bar
    series per player, in the players' colours.
    """
    check_lang(lang)
    fig = go.Figure()
    if isinstance(odds, Mapping):
        series = {Player.parse(p): o for p, o in odds.items()}
        order = sorted({s for o in series.values() for s in o.strengths})
        for p, o in series.items():
            xs = [strength_label(s, lang) for s in order]
            ys = [float(o.strengths.get(s, 0)) for s in order]
            hover = [f"{player_label(p, lang, capital=True)} — {strength_label(s, lang)}{_colon(lang)}"
                     f"{fraction_text(o.strengths.get(s, Fraction(0)), lang)}" for s in order]
            fig.add_trace(go.Bar(name=player_label(p, lang, capital=True), x=xs, y=ys,
                                 marker={"color": PLAYER_COLORS[p]}, customdata=hover,
                                 hovertemplate="%{customdata}" + HOVER_END))
        fig.update_layout(barmode="group")
    else:
        order = sorted(odds.strengths)
        for rank in Rank:
            mine = [s for s in order if s // STRENGTH_BASE == rank]
            if not mine:
                continue
            fig.add_trace(
                go.Bar(
                    name=rank_label(rank, lang),
                    x=[strength_label(s, lang) for s in mine],
                    y=[float(odds.strengths[s]) for s in mine],
                    marker=_rank_marker(rank),
                    customdata=[f"{strength_label(s, lang)}{_colon(lang)}{fraction_text(odds.strengths[s], lang)}" for s in mine],
                    hovertemplate="%{customdata}" + HOVER_END,
                )
            )
    fig.update_xaxes(
        type="category",
        categoryorder="array",
        categoryarray=[strength_label(s, lang) for s in order],
        title_text=label("strength", lang),
    )
    _style(fig, title or label("strength", lang).capitalize(), lang=lang)
    fig.update_yaxes(title_text=label("probability", lang), tickformat=".1%")
    return fig


def side_strength_chart(position: Position, stone: int, player: Player | str, *, lang: str = "en") -> go.Figure:
    """:func:`strength_chart` of one side of a stone, completed from the public pool."""
    from ..analysis.odds import completion_odds

    p = Player.parse(player)
    odds = completion_odds(position, stone, p)
    title = label("strength_title", lang, player=player_label(p, lang), stone=stone)
    return strength_chart(odds, lang=lang, title=title)


# ---- exact against Monte Carlo ------------------------------------------------------------------------


def monte_carlo_series(
    position: Position, stone: int, *, samples: int = 20_000, points: int = 15, seed: int = 0, start: int = 100
) -> list[OutcomeEstimate]:
    """Monte Carlo estimates of a stone's outcome at ``points`` sample counts from ``start`` to
    ``samples`` (log-spaced), all with the same seed."""
    from ..analysis.outcome import stone_outcome_monte_carlo

    if samples < 1 or points < 1:
        raise ValueError("samples and points must be positive")
    start = min(start, samples)
    if points == 1:
        sizes = [samples]
    else:
        ratio = (samples / start) ** (1 / (points - 1))
        sizes = sorted({max(1, round(start * ratio**i)) for i in range(points)} | {samples})
    return [stone_outcome_monte_carlo(position, stone, samples=n, seed=seed) for n in sizes]


def convergence_figure(
    exact: Outcome,
    estimates: Sequence[OutcomeEstimate],
    *,
    who: str = "south",
    stone: int | None = None,
    lang: str = "en",
) -> go.Figure:
    """The Monte Carlo estimate of P(``who``) (``south``, ``north`` or ``tie``) against the number of
    samples, with a ±2 standard-error band, and the exact value as a horizontal line."""
    check_lang(lang)
    if who not in ("south", "north", "tie"):
        raise ValueError(f"who must be 'south', 'north' or 'tie', not {who!r}")
    xs = [e.samples for e in estimates]
    ys = [float(getattr(e, who)) for e in estimates]
    se = [e.stderr[who] for e in estimates]
    exact_p: Fraction = getattr(exact, who)
    color = TIE_COLOR if who == "tie" else PLAYER_COLORS[Player.parse(who)]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs, y=[y - 2 * s for y, s in zip(ys, se)], mode="lines",
                             line={"width": 0}, showlegend=False, hoverinfo="skip", name="lower"))
    fig.add_trace(go.Scatter(x=xs, y=[y + 2 * s for y, s in zip(ys, se)], mode="lines", line={"width": 0},
                             fill="tonexty", fillcolor="rgba(97,97,97,0.18)", name=label("band", lang),
                             hoverinfo="skip"))
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=ys,
            mode="lines+markers",
            name=label("estimate", lang),
            line={"color": color, "width": 2},
            customdata=[f"{number_text(n, lang)} {label('samples', lang)}{_colon(lang)}{estimate(y, 2 * s, lang)}"
                        for n, y, s in zip(xs, ys, se)],
            hovertemplate="%{customdata}" + HOVER_END,
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[min(xs), max(xs)] if xs else [1, 1],
            y=[float(exact_p)] * 2,
            mode="lines",
            name=f"{label('exact', lang)}{_colon(lang)}{fraction_text(exact_p, lang)}",
            line={"color": NEUTRALS["ink"], "dash": "dash", "width": 2},
            hovertemplate=f"{label('exact', lang)}{_colon(lang)}{fraction_text(exact_p, lang)}" + HOVER_END,
        )
    )
    title = label("convergence_title", lang, stone=stone if stone is not None else "?",
                  who=_outcome_name(who, lang))
    _style(fig, title, lang=lang)
    fig.update_xaxes(type="log", title_text=label("samples", lang), showgrid=True, gridcolor=NEUTRALS["grid"])
    lo = min([y - 2 * s for y, s in zip(ys, se)] + [float(exact_p)])
    hi = max([y + 2 * s for y, s in zip(ys, se)] + [float(exact_p)])
    pad = max(0.01, (hi - lo) * 0.1)
    fig.update_yaxes(title_text=label("probability", lang), tickformat=".1%",
                     range=[max(0.0, lo - pad), min(1.0, hi + pad)])
    return fig


def convergence_chart(
    position: Position,
    stone: int,
    *,
    who: str = "south",
    samples: int = 20_000,
    points: int = 15,
    seed: int = 0,
    lang: str = "en",
) -> go.Figure:
    """:func:`convergence_figure` for a stone: the exact outcome and a seeded Monte Carlo series."""
    from ..analysis.outcome import stone_outcome

    exact = stone_outcome(position, stone)
    series = monte_carlo_series(position, stone, samples=samples, points=points, seed=seed)
    return convergence_figure(exact, series, who=who, stone=stone, lang=lang)


# ---- all 24,804 hands -----------------------------------------------------------------------------


def formation_counts_chart(*, lang: str = "en", log: bool = False) -> go.Figure:
    """How many of the C(54, 3) = 24,804 three-card hands make each formation, strongest first."""
    check_lang(lang)
    counts = rank_counts()
    total = sum(counts.values())
    fig = go.Figure()
    for rank in RANKS_STRONGEST_FIRST:
        n = counts[rank]
        fig.add_trace(
            go.Bar(
                name=rank_label(rank, lang),
                x=[rank_label(rank, lang)],
                y=[n],
                text=[number_text(n, lang)],
                textposition="outside",
                marker=_rank_marker(rank),
                customdata=[f"{rank_label(rank, lang)}{_colon(lang)}{number_text(n, lang)} / {number_text(total, lang)} = {fraction_text(Fraction(n, total), lang)} "
                            f"{label('of_hands', lang)}"],
                hovertemplate="%{customdata}" + HOVER_END,
                showlegend=False,
            )
        )
    _style(fig, label("counts_title", lang), height=380, lang=lang)
    fig.update_xaxes(title_text=label("formation", lang))
    if log:
        fig.update_yaxes(type="log", title_text=label("count", lang))
    else:
        fig.update_yaxes(title_text=label("count", lang), range=[0, max(counts.values()) * 1.12])
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
