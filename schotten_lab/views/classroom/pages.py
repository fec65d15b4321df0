"""The classroom's pages, served by Solara: ``/editor`` (and ``/``: the board editor app) and ``/play``
(a game against a bot), each built afresh for every visitor's session from the same widgets as the
Voilà apps (:class:`~schotten_lab.views.app.BoardApp`, :class:`~schotten_lab.views.play.PlayGame`).

Solara imports this module once per server (the imports and the engine's tables are shared); each
page's component runs in the visitor's own virtual kernel, so its widgets are that visitor's alone.
The address is read by the apps' own ``from_request`` (a curated position by name or a notation,
never a file of the server: :mod:`schotten_lab.views.app` decides).

In the classroom the editor's advisor does not search after every edit (``$CLASSROOM_ADVISOR_AUTO=1``
turns that back on): thirty searches at once would slow every student's edits; *Ask the advisor*
searches on demand. The editor's charts are built when a student presses *Show the charts*
(:data:`CHARTS`; ``$CLASSROOM_CHARTS=1`` draws them with the page): three plotly charts are most of
the page's drawing in the browser and of its later updates.
"""

from __future__ import annotations

import html
import os
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as W
import solara

from ...core.words import say
from ..app import BoardApp
from ..editor import advisor as editor_advisor
from ..editor.panel import LAZY, ChartsOption
from ..play import PlayGame
from .settings import duration
from .words import WORDS  # noqa: F401 - registers the classroom's phrases

editor_advisor.AUTO = os.environ.get("CLASSROOM_ADVISOR_AUTO", "") == "1"
CHARTS: ChartsOption = True if os.environ.get("CLASSROOM_CHARTS", "") == "1" else LAZY
"""The editor page's charts: built on demand (:data:`~..editor.panel.LAZY`) unless ``$CLASSROOM_CHARTS=1``."""

T = TypeVar("T")

_on_idle: dict[str, Callable[[], None]] = {}
"""Per session (kernel id): what tells its page it was closed for idleness."""


def notify_idle(kernel_id: str) -> None:
    """Tell the page of session ``kernel_id`` it is being closed for idleness (inside its context)."""
    tell = _on_idle.pop(kernel_id, None)
    if tell is not None:
        tell()


def warm_up() -> None:
    """Before the first student, once per server: the exercise's analysis (kept in the analysis's
    cache for every session), its diagram and plotly's chart code, so that the first page and the
    first *Show the charts* cost what the later ones do (about 1 s of imports and tables otherwise)."""
    from ...core.rules import Player
    from ...core.svg import position_svg
    from .. import charts
    from ..app import exercise
    from ..editor.panel import seat_analysis

    position = exercise()
    analysis = seat_analysis(position, Player.SOUTH)
    position_svg(position)
    charts.formation_odds_chart(analysis)
    charts.outcome_chart(analysis, seat=True)
    charts.card_map_chart(analysis)


def close_tree(widget: W.Widget) -> None:
    """Close ``widget`` and every widget under it (its session's memory is freed)."""
    for child in getattr(widget, "children", ()):
        if isinstance(child, W.Widget):
            close_tree(child)
    widget.close()


def idle_notice() -> str:
    """The sentence shown on a page closed for idleness."""
    seconds = float(os.environ.get("SOLARA_CLASSROOM_IDLE", "1200"))
    lang = os.environ.get("SOLARA_CLASSROOM_LANG", "en")
    return say("classroom_idle", lang, duration=duration(seconds, lang))


BUILDS_AT_ONCE = 2
"""Pages built at the same time; the others wait their turn. Every session's thread shares the one
Python lock (the GIL): thirty page builds at once (0.3–0.5 s of CPU each) made every edit of the
students already working wait behind them. Measured in one process (30 editor pages built at once,
each then making 5 edits, load 17–19): an edit's p95 0.60–0.72 s with every build at once, 0.15 s with
two at a time, pages built in 2.5–3.3 s at the median either way (the last one later: 5–6 s, not 4)."""
_builds = threading.BoundedSemaphore(BUILDS_AT_ONCE)


def built_in_turn(build: Callable[[], T]) -> T:
    """``build()``, at most :data:`BUILDS_AT_ONCE` at a time across the server's sessions."""
    with _builds:
        return build()


def _session_page(build: Callable[[], Any]) -> None:
    """Show ``build()``'s widget for this session (built in turn), in a box the idle watch can empty."""

    def make() -> W.Box:
        box = W.VBox([built_in_turn(build).widget])
        box.add_class("sl-classroom-session")
        return box

    box = solara.use_memo(make, [])

    def register() -> Callable[[], None]:
        kernel_id = solara.get_kernel_id()

        def tell() -> None:
            notice = W.HTML(f'<p class="sl-classroom-idle" style="color:#b00020"><b>{html.escape(idle_notice())}</b></p>')
            old = list(box.children)
            box.children = [notice]
            for widget in old:
                close_tree(widget)

        _on_idle[kernel_id] = tell
        return lambda: _on_idle.pop(kernel_id, None) and None

    solara.use_effect(register, [])
    solara.display(box)


@solara.component  # type: ignore[untyped-decorator]
def EditorPage() -> None:
    """The board editor app for this visitor: the address's ``?position=``, else the exercise; in the
    address's ``?lang=``, else the server's ``--lang``."""
    router = solara.use_router()
    _session_page(lambda: BoardApp.from_request(router.search or "", lang=os.environ.get("SOLARA_CLASSROOM_LANG"),
                                                charts=CHARTS))


@solara.component  # type: ignore[untyped-decorator]
def PlayPage() -> None:
    """A game against a bot for this visitor, chosen by the address (``?opponent=...&seed=...``), in
    the server's ``--lang`` unless the address says ``?lang=``."""
    router = solara.use_router()
    lang = os.environ.get("SOLARA_CLASSROOM_LANG")
    options = {"lang": lang} if lang else {}  # the server's --lang; the address's ?lang= comes first
    _session_page(lambda: PlayGame.from_request(router.search or "", **options))


@solara.component  # type: ignore[untyped-decorator]
def Layout(children: Any = []) -> None:  # noqa: B006 - Solara passes the routed page here
    """A plain page: no app bar or navigation, the app alone."""
    solara.Column(children=children)


@solara.component  # type: ignore[untyped-decorator]
def ProbePage() -> None:
    """One line of text and nothing else: what a browser spends on any page of this server (Solara's
    front end and a websocket), measured apart from the apps' widgets by ``benchmarks/classroom.py
    --app probe``. Served only when ``$CLASSROOM_PROBE_PAGE=1`` (the benchmark's server)."""
    _session_page(lambda: _Probe())


class _Probe:
    """The probe page's one widget."""

    def __init__(self) -> None:
        self.widget = W.HTML("<p>probe</p>", _dom_classes=("sl-probe",))


routes = [
    solara.Route(path="/", component=EditorPage, label="editor", layout=Layout),
    solara.Route(path="editor", component=EditorPage, label="editor"),
    solara.Route(path="play", component=PlayPage, label="play"),
]
if os.environ.get("CLASSROOM_PROBE_PAGE", "") == "1":
    routes.append(solara.Route(path="probe", component=ProbePage, label="probe"))
