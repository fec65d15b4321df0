"""The Voilà app's Python side: the address's position, bad input in one sentence, the flip toggle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schotten_lab.core import Player, Position  # noqa: E402
from schotten_lab.views.app import BoardApp, exercise, read_source, requested, share_link  # noqa: E402
from schotten_lab.views.editor import Target  # noqa: E402

CLAIMABLE = "N8B8R8-R9R7/-/-/-/-/-/-/-/- Y1Y2G8P5B3G9 ?6 s"


def test_requested_reads_the_query_string() -> None:
    assert requested("position=N8B8R8-R9R7/-/-/-/-/-/-/-/-%20Y1Y2G8P5B3G9%20?6%20s&flip=1") == (CLAIMABLE, True)
    assert requested("position=N8B8R8-R9R7/-/-/-/-/-/-/-/-+Y1Y2G8P5B3G9+?6+s") == (CLAIMABLE, False)
    assert requested("") == ("", False) and requested("?flip=north") == ("", True)
    position = Position.from_notation(CLAIMABLE)
    text, _ = requested(share_link(position))
    assert Position.from_notation(text) == position


def test_read_source_notation_json_and_file(tmp_path: Path) -> None:
    position = Position.from_notation(CLAIMABLE)
    assert read_source(f"  {CLAIMABLE} ") == position
    assert read_source(position.to_json()) == position
    path = tmp_path / "p.json"
    path.write_text(position.to_json(), encoding="utf-8")
    assert read_source(str(path)) == position


def test_address_opens_the_position() -> None:
    app = BoardApp.from_request("position=" + CLAIMABLE.replace(" ", "%20") + "&flip=1")
    assert app.error == "" and app.message.value == ""
    assert app.editor.position == Position.from_notation(CLAIMABLE)
    assert app.flip.value and "sl-app-error" not in app.widget.children[0].value
    assert 'data-player="north" x="16" y="' in app.diagram.value  # drawn, north at the bottom
    assert "?position=N8B8R8-R9R7" in app.link.value


@pytest.mark.parametrize(
    "source, words",
    [
        ("R9R9/-/-", "expected at least 4 fields"),
        ("N8B8R8-R9R7/-/-/-/-/-/-/-/- Y1Y2G8P5B3G9 ?6 x", "player"),
        ('{"format": "schotten-lab/position@1", "stones": 3}', "stones"),
        ("no/such/file.json", "cannot read the file"),
    ],
)
def test_bad_position_is_one_sentence_and_kept(source: str, words: str) -> None:
    app = BoardApp(source)
    assert words in app.error and "\n" not in app.error and app.error.endswith("to correct and load.")
    assert app.error.startswith("The position given could not be opened (")
    assert "sl-app-error" in app.message.value and "Traceback" not in app.message.value
    assert app.editor.text.value == source  # kept, to correct and load
    assert app.editor.position == exercise() and app.editor.target.value == Target.side(1, "south")


def test_flip_and_edits_redraw_the_diagram() -> None:
    app = BoardApp(exercise_editor=None)
    assert "sl-app-error" not in app.message.value and app.editor.position == exercise()

    def label_y(player: str) -> float:
        head = app.diagram.value.split(f'class="player-label" data-player="{player}" x="16" y="')[1]
        return float(head.split('"')[0])

    assert label_y("south") > label_y("north")
    app.flip.value = True
    assert label_y("north") > label_y("south")
    assert app.editor.bottom is Player.NORTH  # the editor's board turns round with the diagram
    app.editor.flip.value = False
    assert not app.flip.value and label_y("south") > label_y("north")
    app.flip.value = True
    assert 'data-card="G8"' not in app.diagram.value
    assert app.editor.place("G8", Target.side(1, "south"))
    assert 'data-card="G8"' in app.diagram.value  # every edit redraws
    assert 'class="highlight-stone" data-stone="1"' in app.diagram.value  # south may claim stone 1 now
    assert json.loads(app.editor.position.to_json())  # still a legal position
