"""SVG diagrams of positions, standard library only.

``position_svg(position)`` returns an :class:`Svg`, a ``str`` that Jupyter shows as a picture
(``_repr_svg_``) and that saves itself to a file. The viewer's side is drawn at the bottom (south
when no viewer is given); stones are numbered 1-9 from south's left, so seen from north stone 1 is
on the right. Every card prints its value and colour letter, so a diagram stays readable in black
and white and for colour-blind readers; the fills are a high-contrast palette.

The card fills here are the library's single palette: :mod:`schotten_lab.views.palette` takes them
from this module (the core never imports the views).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from .cards import Card, Color, parse_cards
from .errors import ArgumentError, excerpt
from .rules import STONE_COUNT, Player
from .tactics import parse_piece
from .words import DIAGRAM_LABELS

if TYPE_CHECKING:
    from .position import Position

# ---- palette -------------------------------------------------------------------------------------

CARD_FILL: dict[Color, str] = {
    Color.RED: "#C62828",
    Color.BLUE: "#1565C0",
    Color.GREEN: "#2E7D32",
    Color.YELLOW: "#F9C80E",
    Color.PURPLE: "#6A1B9A",
    Color.BROWN: "#6D4C41",
}
"""Card fills: every one has a contrast ratio of at least 4.5 with its text colour."""

CARD_TEXT: dict[Color, str] = {c: ("#111111" if c is Color.YELLOW else "#FFFFFF") for c in Color}

INK = "#212121"
MUTED = "#616161"
LINE = "#BDBDBD"
PAPER = "#FFFFFF"
STONE_FILL = "#CFD8DC"
HIGHLIGHT = "#E4007C"
"""Magenta: a highlight colour that is none of the six card colours."""
HIGHLIGHT_BACK = "#FFF4C2"
CARD_BACK = "#90A4AE"

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# ---- geometry (px) -----------------------------------------------------------------------------------

MARGIN = 16
COLUMN = 92
CARD_W, CARD_H = 64, 32
CARD_GAP = 4
SIDE_SLOTS = 3
SIDE_H = SIDE_SLOTS * CARD_H + (SIDE_SLOTS - 1) * CARD_GAP
STONE_W, STONE_H = 58, 34
STONE_ROW = 60
LABEL_H = 22
HAND_ROW = CARD_H + 8
FOOTER_H = 26
CAPTION_LINE = 20
CAPTION_CHARS = 100
LEGEND_CHARS = 110
"""Characters of a legend line (13 px text beside its swatch)."""
WIDTH = 2 * MARGIN + STONE_COUNT * COLUMN

Words = dict[str, Any]
"""The diagram's vocabulary in one language (see :func:`labels`; the words are in :mod:`.words`)."""

def labels(lang: str) -> Words:
    """The diagram's words in English (``en``) or French (``fr``)."""
    if lang not in DIAGRAM_LABELS:
        raise ArgumentError(f"unknown language {excerpt(lang)}: expected 'en' or 'fr'")
    return DIAGRAM_LABELS[lang]


class Svg(str):
    """An SVG document: a ``str`` that Jupyter displays and that can be saved to a file."""

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path: str | Path) -> Path:
        """Write the SVG to ``path`` (UTF-8) and return the path."""
        path = Path(path)
        path.write_text(str(self), encoding="utf-8")
        return path


Counterexample = tuple[int, "Player | str", "Iterable[Card | str] | str"]


def position_svg(
    position: Position,
    *,
    highlight_stones: Iterable[int] = (),
    highlight_cards: Iterable[Card | str] | str = (),
    counterexample: Counterexample | Any | None = None,
    lang: str = "en",
    viewer: Player | str | None = None,
    bottom: Player | str | None = None,
    caption: str | None = None,
    legend: bool = False,
) -> Svg:
    """Draw ``position``.

    - ``highlight_stones``: stone numbers (1-9) drawn on a tinted background with a dashed frame
      (claimable stones, say).
    - ``highlight_cards``: cards ringed in magenta wherever they are drawn (outs, say).
    - ``counterexample``: ``(stone, player, cards)``, cards drawn as dashed ghosts in the free
      slots of that side (the completion that beats a claim); a ``ClaimVerdict`` works too (its
      counterexample goes on the claimant's opponent's side).
    - ``viewer``: drawn at the bottom; the opponent's hand is then shown face down even when the
      position knows it. Without a viewer south is at the bottom and every known hand is shown.
    - ``bottom``: the player drawn at the bottom, whoever the viewer is (a flipped board).
    - ``caption``: a line of text under the diagram (wrapped when long).
    - ``legend``: the diagram's key under it, in ``lang``: one line for each kind of mark the picture
      shows (dashed counterexample cards, framed stones, ringed cards, the "1st" badge, face-down
      hands), so a picture that leaves the toolkit explains itself.
    """
    words = labels(lang)
    if bottom is not None:
        bottom = Player.parse(bottom)
    else:
        bottom = Player.parse(viewer) if viewer is not None else Player.SOUTH
    top = bottom.opponent
    # ASCII whitespace only: a French caption's no-break spaces (before ":" and "%") stay unbroken
    caption_lines = textwrap.wrap(re.sub(r"[ \t\r\n\f\v]+", " ", caption).strip(), CAPTION_CHARS) if caption else []
    stones_hl = {int(n) for n in highlight_stones}
    for n in stones_hl:
        if not 1 <= n <= STONE_COUNT:
            raise ArgumentError(f"highlight_stones: stone {n} is not a number from 1 to {STONE_COUNT}")
    cards_hl = set(parse_cards(highlight_cards))
    ghost: tuple[int, Player, tuple[object, ...]] | None = None
    if counterexample is not None and hasattr(counterexample, "counterexample"):
        # a ClaimVerdict (duck-typed: the core does not import the analysis)
        verdict: Any = counterexample
        counterexample = (
            (verdict.stone, Player.parse(verdict.player).opponent, verdict.counterexample)
            if verdict.counterexample
            else None
        )
    if counterexample is not None:
        number, who, cards = counterexample
        if not 1 <= int(number) <= STONE_COUNT:
            raise ArgumentError(f"counterexample: stone {number} is not a number from 1 to {STONE_COUNT}")
        listed = cards.split() if isinstance(cards, str) else cards
        pieces = tuple(parse_piece(c) if isinstance(c, str) else c for c in listed)
        ghost = (int(number), Player.parse(who), pieces)

    slots = max([SIDE_SLOTS] + [4 for st in position.stones if "mud" in getattr(st, "modes", ())])
    side_h = slots * CARD_H + (slots - 1) * CARD_GAP
    y_top_label = MARGIN
    y_top_hand = y_top_label + LABEL_H
    y_top_side = y_top_hand + HAND_ROW + 18
    y_stone = y_top_side + side_h + 6
    y_bottom_side = y_stone + STONE_ROW + 6
    y_bottom_hand = y_bottom_side + side_h + 18
    y_bottom_label = y_bottom_hand + HAND_ROW
    y_footer = y_bottom_label + LABEL_H + 4
    y_caption = y_footer + FOOTER_H
    y_legend = y_caption + len(caption_lines) * CAPTION_LINE
    hidden = viewer is not None and position.hands[Player.parse(viewer).opponent] is not None or any(
        position.hands[p] is None and position.hand_sizes[p] for p in (Player.SOUTH, Player.NORTH)
    )
    legend_lines = [
        (mark if i == 0 else "", line)
        for mark, text in (_legend(words, ghost, stones_hl, cards_hl, position, hidden) if legend else [])
        for i, line in enumerate(textwrap.wrap(text, LEGEND_CHARS))
    ]
    height = y_legend + len(legend_lines) * CAPTION_LINE + MARGIN // 2

    def column_x(number: int) -> int:
        col = number - 1 if bottom is Player.SOUTH else STONE_COUNT - number
        return MARGIN + col * COLUMN

    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}" class="schotten-position" '
        f'role="img" aria-label={quoteattr(_summary(position, words))}>',
        f"<title>{escape(_summary(position, words))}</title>",
        f'<rect class="background" x="0" y="0" width="{WIDTH}" height="{height}" fill="{PAPER}"/>',
    ]

    # columns: highlight backgrounds first so everything else draws over them
    for number in sorted(stones_hl):
        x = column_x(number)
        out.append(
            f'<rect class="highlight-stone" data-stone="{number}" x="{x + 2}" y="{y_top_side - 5}" '
            f'width="{COLUMN - 4}" height="{y_bottom_side + side_h + 5 - (y_top_side - 5)}" rx="8" '
            f'fill="{HIGHLIGHT_BACK}" stroke="{INK}" stroke-width="2" stroke-dasharray="6 4"/>'
        )

    # player labels and hands
    for player, y_label, y_hand in ((top, y_top_label, y_top_hand), (bottom, y_bottom_label, y_bottom_hand)):
        hide = viewer is not None and player is not Player.parse(viewer)
        out.extend(_player_block(position, player, y_label, y_hand, words, cards_hl, hide))

    # stones and their sides
    for number, stone in enumerate(position.stones, 1):
        x = column_x(number)
        cx = x + COLUMN // 2
        out.append(f'<g class="stone-column" data-stone="{number}">')
        for player, outward in ((top, -1), (bottom, +1)):
            side = stone.side(player)
            near = y_stone - 6 - CARD_H if outward < 0 else y_bottom_side
            for slot, card in enumerate(side):
                y = near + outward * slot * (CARD_H + CARD_GAP)
                out.append(
                    _piece(card, cx - CARD_W // 2, y, f"stone {number} {player.value}", words, card in cards_hl)
                )
            if ghost and ghost[0] == number and ghost[1] is player:
                for k, added in enumerate(ghost[2]):
                    slot = len(side) + k
                    y = near + outward * slot * (CARD_H + CARD_GAP)
                    out.append(_ghost(added, cx - CARD_W // 2, y, number, player, words))
            if stone.first_complete is player:
                y_badge = near + outward * (slots - 1) * (CARD_H + CARD_GAP) + (
                    -6 if outward < 0 else CARD_H + 12
                )
                out.append(
                    f'<text class="first-complete" data-player="{player.value}" x="{cx + CARD_W // 2}" '
                    f'y="{y_badge}" font-size="10" text-anchor="end" fill="{INK}">{escape(words["first"])}</text>'
                )
        out.append(_stone(number, stone.claimed, cx, y_stone, top, words))
        modes = sorted(getattr(stone, "modes", ()))
        if modes:
            names = "+".join(words["modes"].get(m, m) for m in modes)
            out.append(
                f'<text class="mode" data-modes="{" ".join(modes)}" x="{cx}" y="{y_stone + STONE_ROW - 2}" '
                f'font-size="10" font-weight="bold" text-anchor="middle" fill="{INK}">{escape(names)}</text>'
            )
        out.append("</g>")

    # footer: deck, discard, turn, variant
    rules = position.rules
    game = words["game"][rules.variant] + (f", {words['expert']}" if rules.expert else "")
    parts = []
    if position.discard:
        parts.append(f"{words['discard']}{words['colon']}{' '.join(str(c) for c in position.discard)}")
    if position.winner() is None:  # a won game has nobody to move (the players' labels say the same)
        parts.append(f"{words[position.to_move.value]} {words['to_move']}")
    parts.append(game)
    played = getattr(position, "tactics_played", None)
    if rules.tactics and played:
        counts = ", ".join(f"{words[p.value]} {played.get(p, 0)}" for p in (Player.SOUTH, Player.NORTH))
        parts.append(f"{words['played']}{words['colon']}{counts}")
    out.append(
        f'<text class="footer" x="{MARGIN}" y="{y_footer + 16}" font-size="13" fill="{INK}">'
        f'{escape("  ·  ".join(parts))}</text>'
    )
    out.append(
        f'<text class="deck" data-count="{position.deck}" x="{WIDTH - MARGIN}" y="{y_footer + 16}" '
        f'font-size="13" text-anchor="end" fill="{MUTED}">{escape(_deck_words(position, words))}</text>'
    )
    for i, line in enumerate(caption_lines):
        out.append(
            f'<text class="caption" x="{MARGIN}" y="{y_caption + 14 + i * CAPTION_LINE}" font-size="14" '
            f'font-style="italic" fill="{INK}">{escape(line)}</text>'
        )
    for i, (mark, text) in enumerate(legend_lines):
        y = y_legend + i * CAPTION_LINE
        swatch = _legend_mark(mark, MARGIN, y + 3) if mark else ""
        out.append(f'<g class="legend" data-mark="{mark}">{swatch}'
                   f'<text x="{MARGIN + 34}" y="{y + 15}" font-size="13" fill="{INK}">{escape(text)}</text></g>')
    out.append("</svg>")
    return Svg("\n".join(out))


def _legend(
    words: Words, ghost: tuple[int, Player, tuple[object, ...]] | None, stones: set[int], cards: set[Card],
    position: Position, hidden: bool,
) -> list[tuple[str, str]]:
    """The key of a diagram: ``(mark, sentence)`` for each kind of mark it shows."""
    key: dict[str, str] = words["legend"]
    lines = []
    if ghost is not None:
        lines.append(("ghost", key["ghost"].format(stone=ghost[0])))
    if stones:
        lines.append(("frame", key["frame"]))
    if cards:
        lines.append(("ring", key["ring"]))
    if any(s.first_complete is not None for s in position.stones):
        lines.append(("first", key["first"].format(first=words["first"])))
    if hidden:
        lines.append(("back", key["back"]))
    return lines


def _legend_mark(mark: str, x: int, y: int) -> str:
    """The small swatch in front of a legend line, drawn like the mark it explains."""
    if mark == "ghost":
        return f'<rect x="{x}" y="{y}" width="24" height="14" rx="3" fill="none" stroke="{INK}" stroke-dasharray="4 3"/>'
    if mark == "frame":
        return (f'<rect x="{x}" y="{y}" width="24" height="14" rx="3" fill="{HIGHLIGHT_BACK}" stroke="{INK}" '
                f'stroke-width="2" stroke-dasharray="6 4"/>')
    if mark == "ring":
        return f'<rect x="{x}" y="{y}" width="24" height="14" rx="3" fill="none" stroke="{HIGHLIGHT}" stroke-width="3"/>'
    if mark == "first":
        return f'<text x="{x}" y="{y + 12}" font-size="10" fill="{INK}">1</text>'
    return f'<rect x="{x}" y="{y}" width="12" height="14" rx="2" fill="{MUTED}"/>'


def _summary(position: Position, words: Words) -> str:
    mover = f"{words[position.to_move.value]} {words['to_move']}, " if position.winner() is None else ""
    return f"Schotten Totten{words['colon']}{mover}{words['deck']} {position.deck}"


def _deck_words(position: Position, words: Words) -> str:
    deck = position.deck
    text = f"{words['deck']}{words['colon']}{deck} {words['card'] if deck == 1 else words['cards']}"
    if position.rules.tactics:
        text += f" + {position.tactics_deck} {words['tactics']}"
    return text


def _card(card: Card, x: int, y: int, place: str, words: Words, highlighted: bool) -> str:
    color = card.color
    fill, ink = CARD_FILL[color], CARD_TEXT[color]
    name = f"{words['colors'][color]} {card.value}"
    parts = [f'<g class="card" data-card="{card}" data-place="{escape(place)}">', f"<title>{escape(name)}</title>"]
    if highlighted:
        parts.append(
            f'<rect class="highlight-card" data-card="{card}" x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" '
            f'height="{CARD_H + 6}" rx="7" fill="none" stroke="{HIGHLIGHT}" stroke-width="3"/>'
        )
    parts.append(
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{fill}" stroke="{INK}" stroke-width="1"/>'
    )
    parts.append(
        f'<text x="{x + CARD_W // 2}" y="{y + CARD_H // 2 + 7}" font-size="20" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{card.value}<tspan font-size="13" dx="2">{color.letter}</tspan></text>'
    )
    parts.append("</g>")
    return "".join(parts)


TACTICS_FILL = "#37474F"
TROOP_TAGS = {"JOKER": "JK", "SPY": "SPY", "SHIELD": "SH"}
TROOP_WILD = {"JOKER": ("JOKER", "?"), "SPY": ("SPY", "7"), "SHIELD": ("SHIELD", "1-3")}


def _piece(piece: object, x: int, y: int, place: str, words: Words, highlighted: bool) -> str:
    """A clan card, an elite troop (tactics) or a tactics card named in a hand."""
    if isinstance(piece, Card):
        return _card(piece, x, y, place, words, highlighted)
    kind = getattr(piece, "kind", None)
    if kind is not None:
        return _troop(str(kind), getattr(piece, "identity", None), x, y, place, words)
    return _tactics_card(str(piece), x, y, place, words)


def _troop(kind: str, identity: Card | None, x: int, y: int, place: str, words: Words) -> str:
    name = words["troops"].get(kind, kind)
    if identity is None:
        big, small = TROOP_WILD.get(kind, (kind, ""))
        return (
            f'<g class="card troop" data-card="{escape(kind)}" data-place="{escape(place)}">'
            f"<title>{escape(name)} ({escape(words['wild'])})</title>"
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{TACTICS_FILL}" '
            f'stroke="{INK}" stroke-width="1"/>'
            f'<text x="{x + CARD_W // 2}" y="{y + 14}" font-size="11" font-weight="bold" text-anchor="middle" '
            f'fill="{PAPER}">{escape(big)}</text>'
            f'<text x="{x + CARD_W // 2}" y="{y + 27}" font-size="11" text-anchor="middle" fill="{PAPER}">'
            f"{escape(small)}</text></g>"
        )
    color = identity.color
    return (
        f'<g class="card troop" data-card="{escape(kind)}={identity}" data-place="{escape(place)}">'
        f"<title>{escape(name)} = {escape(words['colors'][color])} {identity.value}</title>"
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{CARD_FILL[color]}" '
        f'stroke="{INK}" stroke-width="2.5" stroke-dasharray="4 2"/>'
        f'<text x="{x + 6}" y="{y + CARD_H // 2 + 7}" font-size="20" font-weight="bold" fill="{CARD_TEXT[color]}">'
        f'{identity.value}<tspan font-size="13" dx="2">{color.letter}</tspan></text>'
        f'<text x="{x + CARD_W - 4}" y="{y + CARD_H // 2 + 4}" font-size="9" font-weight="bold" text-anchor="end" '
        f'fill="{CARD_TEXT[color]}">{escape(TROOP_TAGS.get(kind, kind))}</text></g>'
    )


def _tactics_card(name: str, x: int, y: int, place: str, words: Words) -> str:
    size = 11 if len(name) <= 7 else 8
    return (
        f'<g class="card tactics" data-card="{escape(name)}" data-place="{escape(place)}">'
        f"<title>{escape(words['troops'].get(name, name))}</title>"
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{TACTICS_FILL}" '
        f'stroke="{INK}" stroke-width="1"/>'
        f'<text x="{x + CARD_W // 2}" y="{y + CARD_H // 2 + 4}" font-size="{size}" font-weight="bold" '
        f'text-anchor="middle" fill="{PAPER}">{escape(name)}</text></g>'
    )


def _ghost(card: object, x: int, y: int, number: int, player: Player, words: Words) -> str:
    if not isinstance(card, Card):  # an elite troop the strict proof adds to the opponent's side
        return (
            f'<g class="counterexample" data-card="{escape(str(card))}" data-stone="{number}" '
            f'data-player="{player.value}"><title>{escape(words["counter"])}{words["colon"]}{escape(str(card))}</title>'
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{TACTICS_FILL}" '
            f'fill-opacity="0.25" stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="5 3"/>'
            f'<text x="{x + CARD_W // 2}" y="{y + CARD_H // 2 + 5}" font-size="11" font-weight="bold" '
            f'text-anchor="middle" fill="{INK}">{escape(str(card))}?</text></g>'
        )
    fill = CARD_FILL[card.color]
    return (
        f'<g class="counterexample" data-card="{card}" data-stone="{number}" data-player="{player.value}">'
        f"<title>{escape(words['counter'])}{words['colon']}{escape(words['colors'][card.color])} {card.value}</title>"
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{fill}" fill-opacity="0.25" '
        f'stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="5 3"/>'
        f'<text x="{x + CARD_W // 2}" y="{y + CARD_H // 2 + 6}" font-size="16" font-weight="bold" '
        f'text-anchor="middle" fill="{INK}">{card.value}<tspan font-size="12" dx="2">{card.color.letter}</tspan>'
        f'<tspan font-size="12" dx="1">?</tspan></text></g>'
    )


def _stone(number: int, claimed: Player | None, cx: int, y_row: int, top: Player, words: Words) -> str:
    # a claimed stone moves towards its claimant, as on the real table, and is drawn dark
    shift = 0 if claimed is None else (-12 if claimed is top else 12)
    y = y_row + (STONE_ROW - STONE_H) // 2 + shift
    if claimed is None:
        return (
            f'<g class="stone" data-stone="{number}"><title>{escape(words["stone"])} {number}</title>'
            f'<rect x="{cx - STONE_W // 2}" y="{y}" width="{STONE_W}" height="{STONE_H}" rx="14" '
            f'fill="{STONE_FILL}" stroke="{MUTED}" stroke-width="1.5"/>'
            f'<text x="{cx}" y="{y + STONE_H // 2 + 6}" font-size="17" font-weight="bold" text-anchor="middle" '
            f'fill="{INK}">{number}</text></g>'
        )
    who = words[claimed.value]
    return (
        f'<g class="stone claimed" data-stone="{number}" data-claimed="{claimed.value}">'
        f"<title>{escape(words['stone'])} {number}, {escape(words['claimed'])} {escape(who)}</title>"
        f'<rect x="{cx - STONE_W // 2}" y="{y}" width="{STONE_W}" height="{STONE_H}" rx="14" '
        f'fill="{INK}" stroke="{INK}" stroke-width="1.5"/>'
        f'<text x="{cx - 8}" y="{y + STONE_H // 2 + 6}" font-size="17" font-weight="bold" text-anchor="middle" '
        f'fill="{PAPER}">{number}</text>'
        f'<text class="claim-marker" x="{cx + 14}" y="{y + STONE_H // 2 + 5}" font-size="12" font-weight="bold" '
        f'text-anchor="middle" fill="{PAPER}">{escape(who[0])}✓</text></g>'
    )


def _player_block(
    position: Position,
    player: Player,
    y_label: int,
    y_hand: int,
    words: Words,
    cards_hl: set[Card],
    hide: bool,
) -> list[str]:
    hand = position.hands[player]
    size = position.hand_sizes[player]
    known = hand is not None and not hide
    over = position.winner() is not None  # a won game has nobody to move: no marker to contradict "game over"
    turn = " ▶ " + words["to_move"] if position.to_move is player and not over else ""
    detail = f"{size} {words['card'] if size == 1 else words['cards']}"
    if not known:
        detail += f", {words['hidden'] if hand is not None else words['unknown']}"
    held = position.stones_held(player)
    title = f"{words[player.value]}{turn}  —  {words['hand']}{words['colon']}{detail}"
    out = [
        f'<text class="player-label" data-player="{player.value}" x="{MARGIN}" y="{y_label + 15}" '
        f'font-size="14" font-weight="{"bold" if turn else "normal"}" fill="{INK}">{escape(title)}</text>'
    ]
    if held:
        out.append(
            f'<text class="held" data-player="{player.value}" x="{WIDTH - MARGIN}" y="{y_label + 15}" '
            f'font-size="13" text-anchor="end" fill="{MUTED}">{escape(words["held"])}{words["colon"]}{", ".join(map(str, held))}</text>'
        )
    out.append(
        f'<g class="hand" data-player="{player.value}" data-count="{size}" data-known="{str(known).lower()}">'
    )
    x0 = MARGIN
    if known and hand is not None:
        for i, card in enumerate(hand):
            out.append(_piece(card, x0 + i * (CARD_W + 8), y_hand, f"{player.value} hand", words, card in cards_hl))
        if not hand:
            out.append(
                f'<text x="{x0}" y="{y_hand + CARD_H // 2 + 5}" font-size="13" fill="{MUTED}">'
                f'{escape(words["empty"])}</text>'
            )
    else:
        for i in range(size):
            x = x0 + i * (CARD_W // 2 + 6)
            out.append(
                f'<rect class="card-back" x="{x}" y="{y_hand}" width="{CARD_W // 2}" height="{CARD_H}" rx="4" '
                f'fill="{CARD_BACK}" stroke="{INK}" stroke-width="1"/>'
            )
        out.append(
            f'<text class="hand-count" x="{x0 + size * (CARD_W // 2 + 6) + 6}" y="{y_hand + CARD_H // 2 + 5}" '
            f'font-size="14" font-weight="bold" fill="{INK}">×{size}</text>'
        )
    out.append("</g>")
    return out


__all__ = ["CARD_FILL", "CARD_TEXT", "Svg", "labels", "position_svg"]
