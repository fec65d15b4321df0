"""The charts of the studies and notebooks: one side's strength distribution, exact odds against
Monte Carlo estimates, and the formations of all 24,804 hands (pure functions to
``plotly.graph_objects.Figure``, as the board charts of :mod:`schotten_lab.views.charts`, which
re-exports them).

Every builder takes ``lang="en"`` or ``"fr"`` and plots the analysis's exact figures (as floats, with
the exact fraction in the hover text); the look and the hover words are :mod:`.chart_style`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from ..core.formations import RANKS_STRONGEST_FIRST, STRENGTH_BASE, Rank, rank_counts
from ..core.rules import Player
from ..core.words import estimate
from ..core.words import number as number_text
from .chart_style import HOVER_END, colon, fraction_text, outcome_name, rank_marker, style_figure
from .palette import NEUTRALS, PLAYER_COLORS, TIE_COLOR, check_lang, label, player_label, rank_label

if TYPE_CHECKING:
    from ..analysis.odds import CompletionOdds
    from ..analysis.outcome import Outcome, OutcomeEstimate
    from ..core.position import Position


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
            hover = [f"{player_label(p, lang, capital=True)} — {strength_label(s, lang)}{colon(lang)}"
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
                    marker=rank_marker(rank),
                    customdata=[f"{strength_label(s, lang)}{colon(lang)}{fraction_text(odds.strengths[s], lang)}" for s in mine],
                    hovertemplate="%{customdata}" + HOVER_END,
                )
            )
    fig.update_xaxes(
        type="category",
        categoryorder="array",
        categoryarray=[strength_label(s, lang) for s in order],
        title_text=label("strength", lang),
    )
    style_figure(fig, title or label("strength", lang).capitalize(), lang=lang)
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
            customdata=[f"{number_text(n, lang)} {label('samples', lang)}{colon(lang)}{estimate(y, 2 * s, lang)}"
                        for n, y, s in zip(xs, ys, se)],
            hovertemplate="%{customdata}" + HOVER_END,
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[min(xs), max(xs)] if xs else [1, 1],
            y=[float(exact_p)] * 2,
            mode="lines",
            name=f"{label('exact', lang)}{colon(lang)}{fraction_text(exact_p, lang)}",
            line={"color": NEUTRALS["ink"], "dash": "dash", "width": 2},
            hovertemplate=f"{label('exact', lang)}{colon(lang)}{fraction_text(exact_p, lang)}" + HOVER_END,
        )
    )
    title = label("convergence_title", lang, stone=stone if stone is not None else "?",
                  who=outcome_name(who, lang))
    style_figure(fig, title, lang=lang)
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
                marker=rank_marker(rank),
                customdata=[f"{rank_label(rank, lang)}{colon(lang)}{number_text(n, lang)} / {number_text(total, lang)} = {fraction_text(Fraction(n, total), lang)} "
                            f"{label('of_hands', lang)}"],
                hovertemplate="%{customdata}" + HOVER_END,
                showlegend=False,
            )
        )
    style_figure(fig, label("counts_title", lang), height=380, lang=lang)
    fig.update_xaxes(title_text=label("formation", lang))
    if log:
        fig.update_yaxes(type="log", title_text=label("count", lang))
    else:
        fig.update_yaxes(title_text=label("count", lang), range=[0, max(counts.values()) * 1.12])
    return fig


__all__ = [
    "convergence_chart",
    "convergence_figure",
    "formation_counts_chart",
    "monte_carlo_series",
    "side_strength_chart",
    "strength_chart",
    "strength_label",
]
