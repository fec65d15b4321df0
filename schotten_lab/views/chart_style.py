"""What every chart of :mod:`schotten_lab.views.charts` and :mod:`schotten_lab.views.study_charts`
shares: the figure's look (fonts, colours, margins, French number format), the probability axis, the
formations' fill, and the words of hover texts (the one percent format, the typeset colon, the
outcomes' names). Colours and words come from :mod:`schotten_lab.views.palette`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from ..core.formations import Rank
from ..core.words import fraction_percent, typeset
from .palette import FONT_FAMILY, NEUTRALS, RANK_COLORS, RANK_PATTERNS, label, player_label

HOVER_END = "<extra></extra>"
"""The end of every hover template: no trace name in a second box (the hover text says it)."""


def fraction_text(p: Fraction | float, lang: str = "en") -> str:
    """``"3/46 ≈ 6.5%"`` for a fraction, ``"6.5%"`` for a float or a certainty (French decimal comma in
    ``fr``): :func:`schotten_lab.core.words.fraction_percent`, the library's one rounding rule."""
    return fraction_percent(p, lang, approx=True)


def colon(lang: str) -> str:
    """A colon in a hover text: ``": "``, in French a no-break space before it (docs/FRENCH.md)."""
    return typeset(": ", lang)


def style_figure(fig: go.Figure, title: str, *, height: int = 420, lang: str = "en") -> go.Figure:
    """Give ``fig`` the library's look and ``title`` (in place, and returned): one font and palette
    for every chart, and in French the decimal comma and spaced thousands on the axes."""
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


def probability_axis(fig: go.Figure, lang: str) -> None:
    """Make ``fig``'s y axis a probability axis: titled, 0 to 100 %, whole percentages."""
    fig.update_yaxes(title_text=label("probability", lang), range=[0, 1.0001], tickformat=".0%")


def rank_marker(rank: Rank) -> dict[str, Any]:
    """A bar's marker for a formation: its colour and its fill pattern (readable without colour)."""
    return {
        "color": RANK_COLORS[rank],
        "line": {"color": NEUTRALS["ink"], "width": 0.5},
        "pattern": {"shape": RANK_PATTERNS[rank], "fgcolor": NEUTRALS["ink"], "fgopacity": 0.35, "size": 6},
    }


def outcome_name(key: str, lang: str) -> str:
    """The name of an outcome (``south``, ``north``, ``tie``, ``undecided``) in a legend or hover text."""
    if key in ("tie", "undecided"):
        return label(key, lang)
    return player_label(key, lang, capital=True)


__all__ = ["HOVER_END", "colon", "fraction_text", "outcome_name", "probability_axis", "rank_marker", "style_figure"]
