"""The editor's widgets kept few (a page's widgets are sent to and drawn by the browser): shared
layouts and styles, buttons kept while their cards are the same, and the charts built on demand
(``charts="lazy"``, the classroom server's choice) that still draw the position when shown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

import ipywidgets as W  # noqa: E402
from ipywidgets.widgets.widget import _instances  # noqa: E402

from schotten_lab.core import Player, Position  # noqa: E402
from schotten_lab.views.app import BoardApp, exercise  # noqa: E402
from schotten_lab.views.editor import BoardEditor, Target  # noqa: E402
from schotten_lab.views.editor.buttons import Shared, show  # noqa: E402
from schotten_lab.views.editor.panel import LAZY, AnalysisPanel, panel_arrays  # noqa: E402

S, N = Player.SOUTH, Player.NORTH

WIDGETS_BOUND = 400
"""Widgets of the editor page without its charts (there were 690 with them before they were shared:
every button brought a layout and a style of its own)."""


def tree(widget: W.Widget) -> Iterator[W.Widget]:
    """``widget``, its layout and style, and the same for everything under it (each once)."""
    seen: set[int] = set()
    todo = [widget]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        yield w
        for name in ("layout", "style"):
            part = getattr(w, name, None)
            if isinstance(part, W.Widget):
                todo.append(part)
        todo.extend(c for c in getattr(w, "children", ()) if isinstance(c, W.Widget))


def new_widgets(make: object) -> int:
    """How many widgets ``make()`` opens."""
    before = set(_instances)
    make()  # type: ignore[operator]
    return len(set(_instances) - before)


def test_the_editor_page_without_charts_stays_under_the_bound() -> None:
    opened = new_widgets(lambda: BoardApp.from_request("", charts=LAZY))
    assert opened <= WIDGETS_BOUND
    app = BoardApp.from_request("", charts=LAZY)
    assert len(list(tree(app.widget))) <= WIDGETS_BOUND
    editor = app.editor
    assert editor.shared.widgets < 30  # a handful of layouts and styles for 150 buttons
    layouts = {id(b.layout) for b in editor.palette.values()}
    styles = {id(b.style) for b in editor.palette.values()}
    assert len(layouts) == 1 and len(styles) <= 7  # six colours and "placed"


def test_buttons_change_colour_by_taking_another_shared_style() -> None:
    editor = BoardEditor(exercise(), charts=False, advisor=False)
    g8, g7 = editor.palette["G8"], editor.palette["G7"]
    assert g8.style is g7.style  # the same colour: one style
    green = g7.style.button_color
    editor.target.value = Target.side(1, S)
    g8.click()
    slot = editor.slots[(1, S)][2]
    assert slot.description == "G8" and slot.style.button_color == green
    assert g8.disabled and g8.style is not g7.style and g7.style.button_color == green  # the others keep theirs
    editor.undo()
    assert slot.description.strip() == "" and slot.style is editor.slots[(5, S)][0].style
    assert g8.style is g7.style and not g8.disabled


def test_show_copies_a_shared_layout_before_hiding() -> None:
    shared = Shared()
    a, b = W.HTML(layout=shared.layout(width="10px")), W.HTML(layout=shared.layout(width="10px"))
    assert a.layout is b.layout
    show(a, False)
    assert a.layout.display == "none" and a.layout.width == "10px"
    assert b.layout.display is None and a.layout is not b.layout
    show(a, True)
    assert a.layout.display == ""
    own = W.HTML()
    show(own, True)
    assert own.layout.display == ""  # a widget's own layout is changed in place, as before


def test_hand_buttons_are_kept_while_the_hand_is_the_same_and_closed_when_replaced() -> None:
    editor = BoardEditor(exercise(), charts=False, advisor=False)
    hand = list(editor.hand_buttons[S])
    assert [b.description for b in hand] == ["Y1", "Y2", "P5", "B3", "G9", "G1"]
    editor.target.value = Target.side(3, N)
    editor.palette["R1"].click()  # an edit elsewhere: the same hand, the same buttons
    assert editor.hand_buttons[S] == hand
    editor.hand_buttons[S][0].click()  # Y1 taken back: the hand becomes a draft of five
    assert [b.description for b in editor.hand_buttons[S]] == ["Y2", "P5", "B3", "G9", "G1"]
    assert all(b.comm is None for b in hand)  # the replaced buttons are closed
    assert all(b.comm is not None for b in editor.hand_buttons[S])


def test_claim_buttons_are_kept_while_the_claims_are_the_same() -> None:
    editor = BoardEditor(exercise(), charts=False, advisor=False)
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()
    button = editor.panel.claim_buttons[(1, S)]
    editor.target.value = Target.side(5, N)
    editor.palette["B1"].click()  # an edit that keeps the claim
    assert editor.panel.claim_buttons[(1, S)] is button
    button.click()
    assert editor.position.stone(1).claimed is S and editor.panel.claim_buttons == {}
    assert button.comm is None


def test_lazy_charts_are_built_when_shown_and_draw_the_current_position() -> None:
    editor = BoardEditor(exercise(), charts=LAZY, advisor=False)
    panel = editor.panel
    toggle = panel.charts_toggle
    assert toggle is not None and "sl-charts-toggle" in toggle._dom_classes
    assert panel.figures == {} and not panel.charts_shown
    editor.target.value = Target.side(1, S)
    editor.palette["G8"].click()  # edited while hidden: nothing built
    assert panel.figures == {}
    toggle.value = True
    assert set(panel.figures) == {"odds", "outcome", "cards"} and panel.charts_shown and panel.error == ""
    assert all(f in panel.widget.children for f in panel.figures.values())
    assert toggle.description == "Hide the charts"
    arrays = panel_arrays(panel.analysis, "en")  # drawn from the position as it is now
    assert list(panel.figures["outcome"].data[0].y) == arrays["outcome"][0]["y"]
    assert panel.figures["outcome"].data[0].y[0] == 1.0  # south's three 8s win stone 1
    editor.undo()  # shown: updated on every edit
    assert panel.figures["outcome"].data[0].y[0] < 1.0
    toggle.value = False
    assert not any(f in panel.widget.children for f in panel.figures.values())
    assert toggle.description == "Show the charts"
    outcome = panel.figures["outcome"]
    editor.redo()  # hidden: not updated
    assert outcome.data[0].y[0] < 1.0
    toggle.value = True  # shown again: the same figures, drawn from the current position
    assert panel.figures["outcome"] is outcome and outcome.data[0].y[0] == 1.0


def test_lazy_charts_speak_the_panels_language() -> None:
    panel = AnalysisPanel(charts=LAZY, lang="fr")
    position = Position.from_notation("N8B8G8-R9R7/R8Y3-P2/-/-/-/-/-/-/- Y1Y2P5B3G9G1 ?6 s")
    panel.update(position, position.to_move)
    assert panel.charts_toggle is not None and panel.charts_toggle.description == "Afficher les graphiques"
    panel.charts_toggle.value = True
    assert panel.charts_toggle.description == "Masquer les graphiques"
    assert panel.figures["outcome"].layout.title.text.startswith("Qui gagne chaque borne, vu par Sud")


def test_eager_and_no_charts_have_no_toggle() -> None:
    assert AnalysisPanel(charts=True).charts_toggle is None
    off = AnalysisPanel(charts=False)
    assert off.charts_toggle is None and not off.charts_shown
    app = BoardApp.from_request("")  # the Voilà app and notebooks: drawn with the page, as before
    assert set(app.editor.panel.figures) == {"odds", "outcome", "cards"}


def test_remembered_phrases_keep_the_fields_types_apart() -> None:
    """The editor remembers its phrases (an edit redraws the same tooltips): a field's type is part
    of what is remembered, so a tactics card's name and the same text as a plain string stay apart."""
    from schotten_lab.core.words import TacticName, say

    editor = BoardEditor(charts=False, advisor=False, lang="fr")
    named = editor._t("ed.tip_place", item=TacticName("SPY"))
    assert named == say("ed.tip_place", "fr", item=TacticName("SPY"))
    assert editor._t("ed.tip_place", item="SPY") == say("ed.tip_place", "fr", item="SPY")
    assert editor._t("ed.tip_place", item=TacticName("SPY")) is named  # remembered
    assert editor._t("ed.tip_slot", stone=3, player=N) == say("ed.tip_slot", "fr", stone=3, player=N)


def test_an_edit_sends_each_changed_widget_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A button's new state, colours and words travel as one message (``hold_sync``), and the page's
    columns are built with their cards (no second message to fill them): an edit was 15 updates, 3 of
    them to the same two buttons."""
    from collections import Counter

    comm_class = type(W.HTML().comm)
    real = comm_class.publish_msg
    sent: list[tuple[str, tuple[str, ...]]] = []

    def publish(comm: object, msg_type: str, data: dict[str, object] | None = None, *args: object, **kwargs: object) -> None:
        if msg_type == "comm_msg":
            state = (data or {}).get("state", {})
            sent.append((comm.comm_id, tuple(state) if isinstance(state, dict) else ()))  # type: ignore[attr-defined]
        real(comm, msg_type, data, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(comm_class, "publish_msg", publish)
    editor = BoardEditor(exercise(), charts=False, advisor=False)
    columns = {column.comm.comm_id for column in editor.columns}
    assert not [keys for comm_id, keys in sent if comm_id in columns]  # built whole
    editor.target.value = Target.side(1, S)
    sent.clear()
    editor.palette["G8"].click()
    assert editor.slots[(1, S)][2].description == "G8"
    assert sent and max(Counter(comm_id for comm_id, _ in sent).values()) == 1
