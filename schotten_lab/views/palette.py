"""One palette and one vocabulary for every diagram and chart.

The colours come from the cards (:data:`schotten_lab.core.svg.CARD_FILL`), so a chart's red is the
red of the red cards. Ranks and players reuse them; neutrals do the rest. Bars also carry a fill
pattern per rank, so charts stay readable in black and white.
"""

from __future__ import annotations

from ..core.cards import Card, Color
from ..core.formations import Rank
from ..core.rules import Player
from ..core.words import CHART_LABELS
from ..core.svg import CARD_FILL, CARD_TEXT, HIGHLIGHT, INK, LINE, MUTED, PAPER

FONT_FAMILY = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

CARD_COLORS: dict[Color, str] = dict(CARD_FILL)
"""Fill of each card colour."""
CARD_TEXT_COLORS: dict[Color, str] = dict(CARD_TEXT)

NEUTRALS: dict[str, str] = {
    "ink": INK,
    "muted": MUTED,
    "line": LINE,
    "grid": "#E6E6E6",
    "paper": PAPER,
    "known": "#D9D9D9",
    "highlight": HIGHLIGHT,
}

PLAYER_COLORS: dict[Player, str] = {Player.SOUTH: CARD_FILL[Color.BLUE], Player.NORTH: CARD_FILL[Color.RED]}
TIE_COLOR = "#9E9E9E"

RANK_COLORS: dict[Rank, str] = {
    Rank.COLOR_RUN: CARD_FILL[Color.PURPLE],
    Rank.THREE_OF_A_KIND: CARD_FILL[Color.RED],
    Rank.COLOR: CARD_FILL[Color.BLUE],
    Rank.RUN: CARD_FILL[Color.GREEN],
    Rank.SUM: CARD_FILL[Color.YELLOW],
}
RANK_PATTERNS: dict[Rank, str] = {
    Rank.COLOR_RUN: "x",
    Rank.THREE_OF_A_KIND: "/",
    Rank.COLOR: "",
    Rank.RUN: "\\",
    Rank.SUM: ".",
}
"""Plotly bar fill patterns, one per rank (black-and-white readability)."""

SEQUENTIAL: list[list[float | str]] = [[0.0, "#FFFFFF"], [0.5, "#B39DDB"], [1.0, CARD_FILL[Color.PURPLE]]]
"""The colour scale of probability maps: white to the purple of the cards."""

LANGS = ("en", "fr")

LABELS: dict[str, dict[str, str]] = CHART_LABELS
"""The charts' words by language (they live in :mod:`schotten_lab.core.words`)."""


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected 'en' or 'fr'")
    return lang


def label(key: str, lang: str = "en", **fields: object) -> str:
    """A chart word or title in ``lang``, with ``{fields}`` filled in."""
    text = LABELS[check_lang(lang)][key]
    return text.format(**fields) if fields else text


def rank_label(rank: Rank, lang: str = "en") -> str:
    return rank.label(check_lang(lang))


def player_label(player: Player | str, lang: str = "en", *, capital: bool = False) -> str:
    name = Player.parse(player).value
    return label(name.capitalize() if capital else name, lang)


def color_label(color: Color, lang: str = "en") -> str:
    return color.name_fr if check_lang(lang) == "fr" else color.name_en


__all__ = [
    "CARD_COLORS",
    "CARD_TEXT_COLORS",
    "FONT_FAMILY",
    "LABELS",
    "NEUTRALS",
    "PLAYER_COLORS",
    "RANK_COLORS",
    "RANK_PATTERNS",
    "SEQUENTIAL",
    "TIE_COLOR",
    "card_color",
    "card_text_color",
    "color_label",
    "label",
    "player_label",
    "rank_label",
]


def card_color(card: Card) -> str:
    """The fill colour of a card (what the diagrams and the board editor use)."""
    return CARD_COLORS[card.color]


def card_text_color(card: Card) -> str:
    """The text colour that contrasts with :func:`card_color`."""
    return CARD_TEXT_COLORS[card.color]
