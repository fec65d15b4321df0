"""The editor's card buttons: their short labels and colours (the cards' own, :data:`~..palette.CARD_COLORS`).

One palette for every view: a red card's button is the red of the diagrams and charts.
"""

from __future__ import annotations

import ipywidgets as W

from ...core.cards import Card
from ...core.tactics import HandCard, Piece, Troop
from ...core.words import check_lang
from ..palette import card_color, card_text_color

USED_COLOR = "#d5d5d5"
"""The fill of a palette card already placed (disabled)."""
SLOT_COLOR = "#f4f1ea"
"""The fill of an empty slot on a stone."""
TACTICS_COLOR = "#37474f"
"""The fill of tactics cards (troops on sides, tactics cards in hands and the discard pile)."""
EMPTY_SLOT = "\u00a0"
"""An empty slot's label: a no-break space, never ``""``. The browser side of ipywidgets leaves a
button's old text in place when its description becomes empty (and it has no icon), which showed a
taken-back card as a ghost."""

_SHORT = {
    "en": {"JOKER": "JOK", "SPY": "SPY", "SHIELD": "SHD", "BLIND": "BLD", "MUD": "MUD",
           "HEADHUNTER": "HH", "STRATEGIST": "STR", "BANSHEE": "BAN", "TRAITOR": "TRT"},
    "fr": {"JOKER": "JOK", "SPY": "ESP", "SHIELD": "P-B", "BLIND": "C-M", "MUD": "BOUE",
           "HEADHUNTER": "CdT", "STRATEGIST": "STR", "BANSHEE": "BAN", "TRAITOR": "TRA"},
}
"""A tactics card's button text by language: its rulebook name cut short (« ESP » for l'Espion)."""


def piece_label(piece: Piece | HandCard, lang: str = "en") -> str:
    """The short text of a card's button: ``R8``, ``JOK`` (a Joker), ``BAN`` (Banshee) ... (in French
    « ESP » for l'Espion, « P-B » for the Porte-Bouclier ...)."""
    if isinstance(piece, Card):
        return str(piece)
    name = piece.kind if isinstance(piece, Troop) else piece
    return _SHORT[check_lang(lang)].get(name, name[:3])


def style_piece(button: W.Button, piece: Piece | HandCard) -> None:
    """Colour a button as the card it shows: the card's colour, or the tactics colour."""
    if isinstance(piece, Card):
        button.style.button_color, button.style.text_color = card_color(piece), card_text_color(piece)
    else:
        button.style.button_color, button.style.text_color = TACTICS_COLOR, "white"


def style_palette_card(button: W.Button, card: Card, taken: bool) -> None:
    """A palette card: greyed out once placed, else in its colour."""
    button.style.button_color = USED_COLOR if taken else card_color(card)
    button.style.text_color = "#999" if taken else card_text_color(card)


def style_empty_slot(button: W.Button) -> None:
    """An empty slot: no label (see :data:`EMPTY_SLOT`), the slot colour."""
    button.description = EMPTY_SLOT
    button.style.button_color, button.style.text_color = SLOT_COLOR, "black"


def show(widget: W.Widget, visible: bool) -> None:
    widget.layout.display = "" if visible else "none"


__all__ = [
    "EMPTY_SLOT",
    "SLOT_COLOR",
    "TACTICS_COLOR",
    "USED_COLOR",
    "piece_label",
    "show",
    "style_empty_slot",
    "style_palette_card",
    "style_piece",
]
