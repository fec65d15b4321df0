"""Views: diagrams, charts, reports, image export and the Jupyter widgets.

The only package of schotten_lab that imports plotly or ipywidgets, and only when a submodule that
needs them is used: ``import schotten_lab.views`` itself loads neither. Names are re-exported lazily::

    from schotten_lab.views import outcome_chart, write_report, save_figure
"""

from __future__ import annotations

import importlib
from typing import Any

from .._names import reexports as _reexports
from ..core.svg import Svg as Svg, position_svg as position_svg

_LAZY: dict[str, str] = {
    # charts (plotly) and the data they draw
    "board_chart_data": "charts",
    "board_charts": "charts",
    "card_map_data": "charts",
    "formation_odds_data": "charts",
    "outcome_data": "charts",
    "card_map_chart": "charts",
    "convergence_chart": "charts",
    "convergence_figure": "charts",
    "formation_counts_chart": "charts",
    "formation_odds_chart": "charts",
    "monte_carlo_series": "charts",
    "outcome_chart": "charts",
    "side_strength_chart": "charts",
    "strength_chart": "charts",
    # diagrams for writers (no plotly)
    "diagram": "diagram",
    "save_diagram": "diagram",
    # export and reports
    "ExportError": "export",
    "save_figure": "export",
    "save_figures": "export",
    "save_png": "export",
    "analysis_html": "report",
    "report_html": "report",
    "write_report": "report",
    # game review (no plotly) and the game viewer (ipywidgets)
    "review_html": "review",
    "write_review": "review",
    "GameViewer": "game_viewer",
    "PlayGame": "play",
    # widgets (ipywidgets)
    "BoardEditor": "editor",
    "BoardApp": "app",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [*_reexports(__file__), *_LAZY]
