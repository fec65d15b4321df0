"""The play page's widgets made whole and few (each is sent to and drawn by the browser; a classroom
serves thirty at once): classes given with the widget, alike widgets sharing a layout and style, and
widgets hidden at the start sharing a hidden layout that show() copies before showing one."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as W  # noqa: E402
from ipywidgets.widgets.widget import _instances  # noqa: E402

from schotten_lab.views.editor.buttons import Shared, show  # noqa: E402
from schotten_lab.views.play import PlayGame  # noqa: E402

WIDGETS_BOUND = 130
"""Widgets of a play page (204 before they were made whole and shared: every button, box and HTML
brought a layout and a style of its own)."""


def new_game_widgets() -> tuple[PlayGame, int]:
    before = set(_instances)
    game = PlayGame.from_request("opponent=advisor&rollouts=300&seed=2")
    return game, len(set(_instances) - before)


def test_the_play_page_stays_under_the_bound_and_shares_what_is_alike() -> None:
    game, opened = new_game_widgets()
    assert opened <= WIDGETS_BOUND
    stones = game.stone_buttons
    assert len({id(b.layout) for b in stones}) == 1 and len({id(b.style) for b in stones}) == 1
    assert len({id(b.layout) for b in game.hand_buttons}) == len(game.hand_buttons)  # a border when chosen
    assert len({id(b.style) for b in game.hand_buttons}) == len(game.hand_buttons)  # its card's colours
    assert game.shared.widgets < 20


def test_the_classes_come_with_the_widgets() -> None:
    game, _ = new_game_widgets()
    assert game.widget._dom_classes == ("sl-play",)
    assert game.stone_buttons[4]._dom_classes == ("sl-stone-button", "sl-stone-button-5")
    assert game.hand_buttons[0]._dom_classes == ("sl-hand-card", "sl-hand-0")
    assert game.claim_buttons[2]._dom_classes == ("sl-play-claim", "sl-play-claim-3")
    assert "sl-play-status" in game.status._dom_classes and "sl-play-end" in game.end_button._dom_classes


def test_hidden_widgets_share_a_layout_until_one_is_shown() -> None:
    game, _ = new_game_widgets()
    hidden = [game.end_button, game.back_button, game.claim_row, game.ruse_row, game.match_line]
    assert all(w.layout.display == "none" for w in hidden)
    assert len({id(w.layout) for w in hidden}) == 1
    show(game.end_button, True)  # as a turn with a claim to choose shows it
    assert game.end_button.layout.display == "" and all(w.layout.display == "none" for w in hidden[1:])


def test_show_copies_a_shared_hidden_layout_and_keeps_its_settings() -> None:
    shared = Shared()
    a, b = (W.Button(layout=shared.layout(width="80px", display="none")) for _ in range(2))
    show(a, False)
    assert a.layout is b.layout  # already hidden: nothing changed, nothing sent
    show(a, True)
    assert a.layout is not b.layout and a.layout.display == "" and a.layout.width == "80px"
    assert b.layout.display == "none"
    show(a, False)
    assert a.layout.display == "none" and b.layout.display == "none" and a.layout is not b.layout


def test_a_hand_button_takes_its_cards_colours_in_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from schotten_lab.core.cards import Card
    from schotten_lab.views.editor.buttons import TACTICS_COLOR, style_piece

    button = W.Button()
    comm_class = type(button.style.comm)
    real = comm_class.publish_msg
    sent: list[str] = []

    def publish(comm: object, msg_type: str, *args: object, **kwargs: object) -> None:
        if msg_type == "comm_msg":
            sent.append(comm.comm_id)  # type: ignore[attr-defined]
        real(comm, msg_type, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(comm_class, "publish_msg", publish)
    style_piece(button, Card.parse("R8"))
    assert sent == [button.style.comm.comm_id] and button.style.text_color
    style_piece(button, "JOKER")
    assert len(sent) == 2 and (button.style.button_color, button.style.text_color) == (TACTICS_COLOR, "white")


def test_the_play_package_keeps_small_modules() -> None:
    """views/play/widget.py did six jobs in 868 lines (issue 18): each module now does one, under 600
    lines (the phrase table too: the page's words in words.py, those of moves, advice and refusals in
    move_words.py)."""
    from pathlib import Path

    import schotten_lab.views.play as package

    folder = Path(package.__file__).parent
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in folder.glob("*.py")}
    assert {"widget.py", "table.py", "drawing.py", "records.py", "address.py", "thinking.py", "words.py", "move_words.py"} <= set(sizes)
    assert all(lines < 600 for lines in sizes.values()), sizes
