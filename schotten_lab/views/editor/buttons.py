"""The editor's card buttons: their short labels and colours (the cards' own, :data:`~..palette.CARD_COLORS`).

One palette for every view: a red card's button is the red of the diagrams and charts.

:class:`Shared` hands out the layouts and styles a page's widgets have in common: a widget's
``layout`` and ``style`` are widgets of their own (sent to the browser, drawn there), and the editor's
150 buttons would otherwise bring 300 of them; shared, a handful.
"""

from __future__ import annotations

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle

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


def _colour(button: W.Button, fill: str, text: str) -> None:
    """Give ``button``'s own style these colours, sent to the browser as one message."""
    with button.style.hold_sync():
        button.style.button_color, button.style.text_color = fill, text


def style_piece(button: W.Button, piece: Piece | HandCard) -> None:
    """Colour a button as the card it shows: the card's colour, or the tactics colour."""
    if isinstance(piece, Card):
        _colour(button, card_color(piece), card_text_color(piece))
    else:
        _colour(button, TACTICS_COLOR, "white")


def style_palette_card(button: W.Button, card: Card, taken: bool) -> None:
    """A palette card: greyed out once placed, else in its colour."""
    _colour(button, USED_COLOR if taken else card_color(card), "#999" if taken else card_text_color(card))


def style_empty_slot(button: W.Button) -> None:
    """An empty slot: no label (see :data:`EMPTY_SLOT`), the slot colour."""
    button.description = EMPTY_SLOT
    _colour(button, SLOT_COLOR, "black")


LAYOUT_KEYS = tuple(name for name in W.Layout.class_trait_names(sync=True) if not name.startswith("_"))
"""A Layout's own settings (width, display, ...)."""


class Shared:
    """The layouts and styles shared by one page's widgets (never between pages: a widget belongs to
    one session). A shared layout or style is never changed in place: :func:`show` gives a widget
    with a shared layout a copy of its own first, and a button changes colour by taking another
    shared style (:meth:`paint`)."""

    def __init__(self) -> None:
        self._layouts: dict[tuple[tuple[str, str], ...], W.Layout] = {}
        self._button_styles: dict[tuple[str | None, str | None], W.ButtonStyle] = {}
        self._html_style: HTMLStyle | None = None

    def layout(self, **settings: str) -> W.Layout:
        """The shared Layout with these settings (``width="42px"``, ...)."""
        key = tuple(sorted(settings.items()))
        layout = self._layouts.get(key)
        if layout is None:
            layout = self._layouts[key] = W.Layout(**settings)
            layout._sl_shared = True  # copied before show() changes it
        return layout

    def button_style(self, button_color: str | None, text_color: str | None) -> W.ButtonStyle:
        """The shared ButtonStyle of these colours (``None``: the theme's)."""
        key = (button_color, text_color)
        style = self._button_styles.get(key)
        if style is None:
            style = self._button_styles[key] = W.ButtonStyle(button_color=button_color, text_color=text_color)
        return style

    def html_style(self) -> HTMLStyle:
        """The one HTMLStyle of the page's HTML widgets (none sets a style of its own)."""
        if self._html_style is None:
            self._html_style = HTMLStyle()
        return self._html_style

    def piece_style(self, piece: Piece | HandCard) -> W.ButtonStyle:
        """The colours of a card's button (:func:`style_piece`)."""
        if isinstance(piece, Card):
            return self.button_style(card_color(piece), card_text_color(piece))
        return self.button_style(TACTICS_COLOR, "white")

    def palette_style(self, card: Card, taken: bool) -> W.ButtonStyle:
        """A palette card's colours (:func:`style_palette_card`)."""
        return self.button_style(USED_COLOR, "#999") if taken else self.piece_style(card)

    def empty_slot_style(self) -> W.ButtonStyle:
        """An empty slot's colours (:func:`style_empty_slot`)."""
        return self.button_style(SLOT_COLOR, "black")

    @property
    def widgets(self) -> int:
        """How many shared layouts and styles were made."""
        return len(self._layouts) + len(self._button_styles) + (self._html_style is not None)

    @staticmethod
    def paint(button: W.Button, style: W.ButtonStyle) -> None:
        """Give ``button`` a shared style (nothing sent when it has it already)."""
        if button.style is not style:
            button.style = style


def show(widget: W.Widget, visible: bool) -> None:
    """Show or hide ``widget`` (a shared layout is first copied: the others keep theirs)."""
    display = "" if visible else "none"
    layout = widget.layout
    if getattr(layout, "_sl_shared", False):
        if (layout.display or "") == display:
            return
        kept = {k: getattr(layout, k) for k in LAYOUT_KEYS if k != "display" and getattr(layout, k) is not None}
        widget.layout = W.Layout(**kept, display=display)
        return
    layout.display = display


__all__ = [
    "EMPTY_SLOT",
    "LAYOUT_KEYS",
    "Shared",
    "SLOT_COLOR",
    "TACTICS_COLOR",
    "USED_COLOR",
    "piece_label",
    "show",
    "style_empty_slot",
    "style_palette_card",
    "style_piece",
]
