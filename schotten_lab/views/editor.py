"""The board editor: build or edit a position by clicking, with a live analysis panel beside it.

The logic lives in plain functions over immutable :class:`~schotten_lab.core.Position` objects
(:func:`place`, :func:`take_back`, :func:`set_claim` ...): each returns a new, legal position or
raises :class:`EditRefused` with the reason. :class:`BoardEditor` only holds the current position,
the undo/redo stacks and the widgets, and wires clicks to those functions.

    >>> from schotten_lab.views.editor import BoardEditor
    >>> editor = BoardEditor()          # an empty board; BoardEditor(position) to edit one
    >>> editor                          # in Jupyter: the palette, the board and the analysis panel
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

import ipywidgets as W

from ..core.cards import CARDS, Card, mask_of
from ..core.errors import SchottenError
from ..core.position import Position, Stone
from ..core.rules import PLAYERS, SIDE_SIZE, STONE_COUNT, Player
from ..core.tactics import HandCard, Piece

# ---------------------------------------------------------------------------------------------
# Pure editing functions: Position in, Position out (or EditRefused).


class EditRefused(SchottenError):
    """An edit that would break the rules; the message says why (the position is kept)."""


@dataclass(frozen=True, slots=True)
class Target:
    """Where a clicked palette card goes: one side of a stone, or a player's hand."""

    player: Player
    stone: int | None = None  # None: the player's hand

    @classmethod
    def side(cls, stone: int, player: Player | str) -> Target:
        return cls(Player.parse(player), stone)

    @classmethod
    def hand(cls, player: Player | str) -> Target:
        return cls(Player.parse(player), None)

    @property
    def label(self) -> str:
        if self.stone is None:
            return f"{self.player.value} hand"
        return f"stone {self.stone} {self.player.value}"


ALL_TARGETS: tuple[Target, ...] = tuple(
    Target.side(n, p) for n in range(1, STONE_COUNT + 1) for p in PLAYERS
) + tuple(Target.hand(p) for p in PLAYERS)


def clan_cards(pieces: Iterable[Piece | HandCard]) -> tuple[Card, ...]:
    """The clan cards among a side's pieces or a hand's cards, in order.

    In the base game, the only one the editor edits (see :func:`checked`), that is every one of
    them: elite troops and tactics cards exist only in the tactics variant.
    """
    return tuple(c for c in pieces if isinstance(c, Card))


def used_mask(position: Position) -> int:
    """The cards the position already places: on the table or in a known hand."""
    mask = position.table_mask
    for p in PLAYERS:
        mask |= mask_of(clan_cards(position.hands[p] or ()))
    return mask


def checked(position: Position) -> Position:
    """The position itself if it is legal, else :class:`EditRefused` naming every problem.

    The editor handles base-game positions (with or without the expert claim timing) only.
    """
    if position.rules.tactics:
        raise EditRefused("the board editor edits base-game positions only; analyse tactics positions with the CLI or the analysis functions")
    problems = position.status()
    if problems:
        raise EditRefused("; ".join(str(p) for p in problems))
    return position


def rebalance(position: Position) -> Position:
    """Derive the deck and the unknown hands' sizes from the cards placed.

    Unknown hands stay full while the deck lasts; once it is empty they shrink, the player to move
    keeping the larger half.
    """
    limit = position.rules.hand_limit
    on_table = sum(len(s.south) + len(s.north) for s in position.stones) + len(position.discard)
    sizes = {p: len(h) for p, h in position.hands.items() if h is not None}
    unknown = [p for p in (position.to_move, position.to_move.opponent) if position.hands[p] is None]
    rest = 54 - on_table - sum(sizes.values())
    if rest < 0:
        raise EditRefused(f"more than 54 cards placed ({54 - rest})")
    deck = max(0, rest - limit * len(unknown))
    left = rest - deck
    for i, p in enumerate(unknown):
        share = -(-left // (len(unknown) - i))  # ceil: the player to move first
        sizes[p] = min(limit, share)
        left -= sizes[p]
    deck += left
    return replace(position, hand_sizes={p: sizes[p] for p in PLAYERS}, deck=deck)


def place(position: Position, card: Card | str, target: Target) -> Position:
    """Put a card that is not yet placed onto a side of a stone or into a (known) hand."""
    card = card if isinstance(card, Card) else Card.parse(card)
    if used_mask(position) >> card.index & 1:
        raise EditRefused(f"{card} is already placed ({position.locate(card)})")
    if target.stone is None:
        hand = clan_cards(position.hands[target.player] or ())
        return checked(rebalance(position.with_hand(target.player, hand + (card,))))
    stone = position.stone(target.stone)
    if stone.claimed is not None:
        raise EditRefused(f"stone {target.stone} is claimed by {stone.claimed.value}: no more cards go on it")
    side = stone.side(target.player)
    if len(side) >= SIDE_SIZE:
        raise EditRefused(f"stone {target.stone} {target.player.value} already holds {SIDE_SIZE} cards")
    new = stone.with_side(target.player, side + (card,))
    other = target.player.opponent
    if len(side) + 1 == SIDE_SIZE and new.first_complete is None and len(new.side(other)) < SIDE_SIZE:
        new = replace(new, first_complete=target.player)  # this side completed first
    return checked(rebalance(position.with_stone(target.stone, new)))


def take_back(position: Position, card: Card | str) -> Position:
    """Remove a card from a stone side (the stone must be unclaimed) or from a known hand."""
    card = card if isinstance(card, Card) else Card.parse(card)
    for number, stone in enumerate(position.stones, 1):
        for p in PLAYERS:
            side = stone.side(p)
            if card in side:
                if stone.claimed is not None:
                    raise EditRefused(
                        f"stone {number} is claimed by {stone.claimed.value}: unclaim it before taking {card} back"
                    )
                new = stone.with_side(p, tuple(c for c in side if c != card))
                if new.first_complete is p:
                    new = replace(new, first_complete=None)
                return checked(rebalance(position.with_stone(number, new)))
    for p in PLAYERS:
        hand = position.hands[p]
        if hand is not None and card in hand:
            return checked(rebalance(position.with_hand(p, tuple(c for c in clan_cards(hand) if c != card))))
    raise EditRefused(f"{card} is not placed anywhere")


def set_hand(position: Position, player: Player | str, cards: Iterable[Card | str] | None) -> Position:
    """Make a hand known (a list of cards) or unknown (``None``, keeping its size)."""
    player = Player.parse(player)
    if cards is None:
        return checked(position.with_hand(player, None))
    parsed = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
    return checked(rebalance(position.with_hand(player, parsed)))


def set_claim(position: Position, stone: int, player: Player | str | None) -> Position:
    """Claim a stone for a player (the cards must support it), or unclaim it with ``None``."""
    who = None if player is None else Player.parse(player)
    return checked(position.with_stone(stone, replace(position.stone(stone), claimed=who)))


def set_first_complete(position: Position, stone: int, player: Player | str | None) -> Position:
    """Say who completed their side of a stone first (the tie-break)."""
    who = None if player is None else Player.parse(player)
    return checked(position.with_stone(stone, replace(position.stone(stone), first_complete=who)))


def set_turn(position: Position, player: Player | str) -> Position:
    return checked(rebalance(replace(position, to_move=Player.parse(player))))


def set_deck(position: Position, deck: int) -> Position:
    """Set the clan deck; unknown hands take what is left (the counts must stay legal)."""
    known = {p: len(h) for p, h in position.hands.items() if h is not None}
    new = Position.assemble(
        position.stones, position.hands, known, deck, position.to_move, position.rules,
        position.discard, position.tactics_deck,
    )
    try:
        return checked(new)
    except EditRefused as exc:
        derived = rebalance(position).deck
        raise EditRefused(f"a deck of {deck} does not fit the cards placed (it holds {derived}): {exc}") from None


def read_position(text: str) -> Position:
    """A position from JSON (text starting with ``{``) or the one-line notation."""
    text = text.strip()
    if not text:
        raise EditRefused("nothing to load: paste a JSON document or a notation line")
    pos = Position.from_json(text) if text.startswith("{") else Position.from_notation(text)
    return checked(pos)


# ---------------------------------------------------------------------------------------------
# Colours (a local fallback when views.palette is not there).

_FALLBACK_COLORS = {
    "R": "#c62828", "B": "#1565c0", "G": "#2e7d32", "Y": "#f9a825", "P": "#6a1b9a", "N": "#6d4c41",
}


def card_color(card: Card) -> str:
    """The fill colour of a card's button, from views.palette when available."""
    try:
        from . import palette

        fn = getattr(palette, "card_color", None)
        if callable(fn):
            return str(fn(card))
        colors = getattr(palette, "CARD_COLORS", None)
        if colors:
            return str(colors.get(card.color.letter) or colors.get(card.color) or _FALLBACK_COLORS[card.color.letter])
    except Exception:  # noqa: BLE001 - the fallback keeps the editor usable
        pass
    return _FALLBACK_COLORS[card.color.letter]


def _text_color(card: Card) -> str:
    return "black" if card.color.letter == "Y" else "white"


USED_COLOR = "#d5d5d5"
SLOT_COLOR = "#f4f1ea"

# ---------------------------------------------------------------------------------------------
# The widget.


class BoardEditor:
    """An ipywidgets board editor with undo/redo, load/save and a live analysis panel.

    Attributes for scripts and tests: ``position`` (the current :class:`Position`), ``message``
    (the last refusal or notice, ``""`` when none), ``target`` (a Dropdown of :class:`Target`),
    ``palette`` (``{card code: Button}``), ``slots`` (``{(stone, player): [Button]*3}``),
    ``hand_buttons`` (``{player: [Button]}``), ``panel`` (the :class:`AnalysisPanel`),
    ``widget`` (the whole layout).
    """

    def __init__(self, position: Position | None = None, viewer: Player | str = Player.SOUTH, *, charts: bool = True) -> None:
        self._position = checked(position if position is not None else Position.empty())
        self._undo: list[Position] = []
        self._redo: list[Position] = []
        self._message = ""
        self._syncing = False
        self.last_refresh_ms = 0.0
        self.drafts: dict[Player, list[Card]] = {p: [] for p in PLAYERS}

        # --- palette ---
        self.palette: dict[str, W.Button] = {}
        rows = []
        for color in range(6):
            row = []
            for value in range(1, 10):
                card = CARDS[color * 9 + value - 1]
                b = W.Button(description=str(card), layout=W.Layout(width="42px", height="30px", padding="0"))
                b.add_class("sl-palette")
                b.add_class(f"sl-card-{card}")
                b.on_click(self._palette_click(card))
                self.palette[str(card)] = b
                row.append(b)
            rows.append(W.HBox(row))
        self.palette_box = W.VBox(rows)

        # --- target and board ---
        self.target = W.Dropdown(
            options=[(t.label, t) for t in ALL_TARGETS], value=ALL_TARGETS[0], description="Place on",
            layout=W.Layout(width="230px"),
        )
        self.target.add_class("sl-target")
        self.slots: dict[tuple[int, Player], list[W.Button]] = {}
        columns = []
        for n in range(1, STONE_COUNT + 1):
            col = []
            for p in (Player.NORTH, Player.SOUTH):
                buttons = []
                for i in range(SIDE_SIZE):
                    b = W.Button(layout=W.Layout(width="42px", height="30px", padding="0"))
                    b.add_class("sl-slot")
                    b.add_class(f"sl-slot-{n}-{p.letter}-{i}")
                    b.on_click(self._slot_click(n, p, i))
                    buttons.append(b)
                self.slots[(n, p)] = buttons
            north = list(reversed(self.slots[(n, Player.NORTH)]))  # north's first card nearest the stone
            stone_label = W.HTML(layout=W.Layout(width="42px"))
            stone_label.add_class(f"sl-stone-{n}")
            col = [*north, stone_label, *self.slots[(n, Player.SOUTH)]]
            columns.append(W.VBox(col))
        self.stone_labels = [c.children[SIDE_SIZE] for c in columns]
        self.hand_buttons: dict[Player, list[W.Button]] = {p: [] for p in PLAYERS}
        self.hand_boxes = {p: W.HBox() for p in PLAYERS}
        self.hand_labels = {p: W.HTML() for p in PLAYERS}
        self.board_box = W.VBox([
            W.HBox([self.hand_labels[Player.NORTH], self.hand_boxes[Player.NORTH]]),
            W.HBox(columns),
            W.HBox([self.hand_labels[Player.SOUTH], self.hand_boxes[Player.SOUTH]]),
        ])

        # --- stone, turn, deck and viewer controls ---
        player_options = [("nobody", None), ("south", Player.SOUTH), ("north", Player.NORTH)]
        self.stone_select = W.Dropdown(options=list(range(1, 10)), value=1, description="Stone", layout=W.Layout(width="140px"))
        self.claim_select = W.Dropdown(options=player_options, value=None, description="claimed by", layout=W.Layout(width="200px"))
        self.first_select = W.Dropdown(options=player_options, value=None, description="first complete", layout=W.Layout(width="210px"))
        self.turn = W.ToggleButtons(options=[("south", Player.SOUTH), ("north", Player.NORTH)], description="To move", style={"button_width": "60px"})
        self.viewer = W.ToggleButtons(options=[("south", Player.SOUTH), ("north", Player.NORTH)], value=Player.parse(viewer), description="Viewer", style={"button_width": "60px"})
        self.deck = W.BoundedIntText(min=0, max=54, description="Deck", layout=W.Layout(width="140px"))
        self.stone_select.observe(lambda _: self._sync_controls(), "value")
        self.claim_select.observe(self._on_claim, "value")
        self.first_select.observe(self._on_first, "value")
        self.turn.observe(self._on_turn, "value")
        self.viewer.observe(lambda _: self._refresh_panel(), "value")
        self.deck.observe(self._on_deck, "value")

        # --- history, load and save ---
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="80px"))
        self.redo_button = W.Button(description="Redo", icon="repeat", layout=W.Layout(width="80px"))
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.undo_button.add_class("sl-undo")
        self.redo_button.add_class("sl-redo")
        self.text = W.Textarea(placeholder="JSON or notation", layout=W.Layout(width="100%", height="90px"))
        self.load_button = W.Button(description="Load", tooltip="Load the JSON or notation above")
        self.save_json_button = W.Button(description="Save JSON")
        self.save_notation_button = W.Button(description="Save notation")
        self.load_button.on_click(lambda _: self.load(self.text.value))
        self.save_json_button.on_click(lambda _: self._show_text(self.position.to_json()))
        self.save_notation_button.on_click(lambda _: self._show_text(self.position.notation))
        self.message_html = W.HTML()
        self.message_html.add_class("sl-message")

        controls = W.VBox([
            W.HBox([self.target, self.undo_button, self.redo_button]),
            W.HBox([self.stone_select, self.claim_select, self.first_select]),
            W.HBox([self.turn, self.deck]),
            self.viewer,
            W.HBox([self.load_button, self.save_json_button, self.save_notation_button]),
            self.text,
        ])
        self.panel = AnalysisPanel(charts=charts)
        editor_box = W.VBox([self.message_html, self.board_box, self.palette_box, controls], layout=W.Layout(min_width="560px"))
        self.widget = W.HBox([editor_box, self.panel.widget])
        self.widget.add_class("sl-editor")
        self._refresh()

    # --- public API -------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position being edited (always legal)."""
        return self._position

    @property
    def message(self) -> str:
        """The last refusal or notice shown above the board (``""`` when none)."""
        return self._message

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def apply(self, edit: Callable[[Position], Position], done: str = "") -> bool:
        """Run a pure edit on the position: keep the result if legal, else show why and keep the old one."""
        try:
            new = edit(self._position)
        except (SchottenError, ValueError) as exc:
            self._set_message(f"Refused: {exc}", error=True)
            self._sync_controls()
            return False
        if new == self._position:
            self._set_message(done)
            self._sync_controls()
            return True
        self._undo.append(self._position)
        self._redo.clear()
        self._position = new
        self._set_message(done)
        self._refresh()
        return True

    def place(self, card: Card | str, target: Target | None = None) -> bool:
        """Place a card on the current (or given) target.

        A hand is entered card by card into a draft (shown dashed) and becomes part of the position
        once it holds as many cards as the hand's size: a half-entered hand would break the rules.
        """
        card = card if isinstance(card, Card) else Card.parse(card)
        t = target or self.target.value
        if t.stone is not None or self._position.hands[t.player] is not None:
            return self.apply(lambda pos: place(pos, card, t), f"placed {card} on {t.label}")
        if any(card in d for d in self.drafts.values()) or used_mask(self._position) >> card.index & 1:
            self._set_message(f"Refused: {card} is already placed", error=True)
            return False
        draft = self.drafts[t.player] + [card]
        size = self._position.hand_sizes[t.player]
        if len(draft) < size:
            self.drafts[t.player] = draft
            self._set_message(f"{t.label}: {card} noted, {size - len(draft)} more to enter")
            self._refresh_board()
            return True
        if self.apply(lambda pos: set_hand(pos, t.player, draft), f"{t.label} entered"):
            self.drafts[t.player] = []
            self._refresh_board()
            return True
        return False

    def take_back(self, card: Card | str) -> bool:
        """Take a card back from a stone, a known hand (which becomes a draft again) or a draft."""
        card = card if isinstance(card, Card) else Card.parse(card)
        for p, draft in self.drafts.items():
            if card in draft:
                draft.remove(card)
                self._set_message(f"took {card} back from the {p.value} hand being entered")
                self._refresh_board()
                return True
        for p in PLAYERS:
            hand = self._position.hands[p]
            if hand is not None and card in hand:
                rest = [c for c in clan_cards(hand) if c != card]
                if self.apply(lambda pos: set_hand(pos, p, None), f"took {card} back: the {p.value} hand is being re-entered"):
                    self.drafts[p] = rest
                    self._refresh_board()
                    return True
                return False
        return self.apply(lambda pos: take_back(pos, card), f"took {card} back")

    def undo(self) -> bool:
        if not self._undo:
            self._set_message("nothing to undo")
            return False
        self._redo.append(self._position)
        self._position = self._undo.pop()
        self.drafts = {p: [] for p in PLAYERS}
        self._set_message("undone")
        self._refresh()
        return True

    def redo(self) -> bool:
        if not self._redo:
            self._set_message("nothing to redo")
            return False
        self._undo.append(self._position)
        self._position = self._redo.pop()
        self.drafts = {p: [] for p in PLAYERS}
        self._set_message("redone")
        self._refresh()
        return True

    def load(self, text: str) -> bool:
        """Load a JSON document or a notation line (an undoable edit)."""
        if self.apply(lambda _: read_position(text), "position loaded"):
            self.drafts = {p: [] for p in PLAYERS}
            self._refresh_board()
            return True
        return False

    def set_position(self, position: Position) -> bool:
        return self.apply(lambda _: checked(position), "position set")

    def save_json(self) -> str:
        return self.position.to_json()

    def save_notation(self) -> str:
        return self.position.notation

    # --- event wiring -------------------------------------------------------------------------

    def _palette_click(self, card: Card) -> Callable[[Any], bool]:
        return lambda _: self.place(card)

    def _slot_click(self, stone: int, player: Player, i: int) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            side = clan_cards(self._position.stone(stone).side(player))
            if i < len(side):
                self.take_back(side[i])
            else:  # an empty slot chooses the target
                self.target.value = Target.side(stone, player)
                self.stone_select.value = stone
                self._set_message(f"cards now go to {self.target.value.label}")

        return click

    def _on_claim(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            n, who = self.stone_select.value, change["new"]
            self.apply(lambda pos: set_claim(pos, n, who), f"stone {n} claimed by {who.value if who else 'nobody'}")

    def _on_first(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            n, who = self.stone_select.value, change["new"]
            self.apply(lambda pos: set_first_complete(pos, n, who), f"stone {n}: first complete set")

    def _on_turn(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.apply(lambda pos: set_turn(pos, change["new"]), f"{change['new'].value} to move")

    def _on_deck(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.apply(lambda pos: set_deck(pos, change["new"]), f"deck set to {change['new']}")

    def _show_text(self, text: str) -> None:
        self.text.value = text
        self._set_message("saved below: copy the text")

    def _set_message(self, text: str, error: bool = False) -> None:
        self._message = text
        color = "#b00020" if error else "#555"
        self.message_html.value = f'<span style="color:{color}">{html.escape(text)}</span>' if text else ""

    # --- display --------------------------------------------------------------------------------

    def _refresh(self) -> None:
        self._refresh_board()
        self._refresh_panel()

    def _refresh_board(self) -> None:
        pos = self._position
        used = used_mask(pos) | mask_of(c for d in self.drafts.values() for c in d)
        for code, b in self.palette.items():
            card = Card.parse(code)
            taken = bool(used >> card.index & 1)
            b.disabled = taken
            b.style.button_color = USED_COLOR if taken else card_color(card)
            b.style.text_color = "#999" if taken else _text_color(card)
            b.tooltip = (pos.locate(card) if pos.locate(card) != "unseen" else "hand being entered") if taken else f"place {card}"
        for (n, p), buttons in self.slots.items():
            side = clan_cards(pos.stone(n).side(p))
            for i, b in enumerate(buttons):
                if i < len(side):
                    c = side[i]
                    b.description, b.tooltip = str(c), f"take {c} back"
                    b.style.button_color, b.style.text_color = card_color(c), _text_color(c)
                else:
                    b.description, b.tooltip = "", f"place cards on stone {n} {p.value}"
                    b.style.button_color, b.style.text_color = SLOT_COLOR, "black"
        for n, label in enumerate(self.stone_labels, 1):
            claimed = pos.stone(n).claimed
            mark = f"<br><small>{claimed.value}</small>" if claimed else ""
            bg = "#ffe082" if claimed else "#cfd8dc"
            label.value = (
                f'<div style="text-align:center;background:{bg};border-radius:50%;font-weight:bold">{n}{mark}</div>'
            )
        for p in PLAYERS:
            hand = pos.hands[p]
            buttons = []
            for c in clan_cards(hand or ()):
                b = W.Button(description=str(c), tooltip=f"take {c} back", layout=W.Layout(width="42px", height="30px", padding="0"))
                b.style.button_color, b.style.text_color = card_color(c), _text_color(c)
                b.add_class("sl-hand")
                b.on_click(self._hand_click(c))
                buttons.append(b)
            for c in self.drafts[p]:
                b = W.Button(description=str(c), tooltip=f"take {c} back (hand being entered)", layout=W.Layout(width="42px", height="30px", padding="0", border="2px dashed #888"))
                b.add_class("sl-draft")
                b.on_click(self._hand_click(c))
                buttons.append(b)
            self.hand_buttons[p] = buttons
            self.hand_boxes[p].children = tuple(buttons)
            size = pos.hand_sizes[p]
            if hand is not None:
                shown = f"{p.value} hand"
            elif self.drafts[p]:
                shown = f"{p.value} hand: entering, {size - len(self.drafts[p])} more"
            else:
                shown = f"{p.value} hand: {size} unknown cards"
            self.hand_labels[p].value = f"<b>{shown}</b>&nbsp;"
        self.undo_button.disabled = not self._undo
        self.redo_button.disabled = not self._redo
        self._sync_controls()

    def _hand_click(self, card: Card) -> Callable[[Any], bool]:
        return lambda _: self.take_back(card)

    def _sync_controls(self) -> None:
        """Show the position's values in the controls without triggering edits."""
        pos = self._position
        self._syncing = True
        try:
            stone = pos.stone(self.stone_select.value)
            self.claim_select.value = stone.claimed
            self.first_select.value = stone.first_complete
            self.turn.value = pos.to_move
            self.deck.value = pos.deck
        finally:
            self._syncing = False

    def _refresh_panel(self) -> None:
        start = time.perf_counter()
        self.panel.update(self._position, self.viewer.value)
        self.last_refresh_ms = (time.perf_counter() - start) * 1000

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# ---------------------------------------------------------------------------------------------
# The analysis panel.


def claims_table(analysis: Any) -> list[tuple[int, str, str, bool, str]]:
    """Rows (stone, player, verdict, claimable, reason) of a BoardAnalysis: every claimed stone and
    every complete side of an unclaimed one."""
    rows = []
    for sa in analysis.stones:
        n = sa.number
        if sa.claimed is not None:
            rows.append((n, sa.claimed.value, "claimed", False, f"stone {n} is held by {sa.claimed.value}"))
            continue
        for p in PLAYERS:
            if len(sa.south if p is Player.SOUTH else sa.north) < SIDE_SIZE:
                continue
            v = sa.claims[p]
            rows.append((n, p.value, "may claim" if v.claimable else "cannot claim yet", v.claimable, v.reason))
    return rows


def claimable(position: Position) -> tuple[tuple[int, Player], ...]:
    """Every (stone, player) that may be claimed now."""
    from ..analysis.board import analyze

    return tuple((n, Player.parse(p)) for n, p, _, ok, _ in claims_table(analyze(position)) if ok)


def claims_html(analysis: Any) -> str:
    """The panel's claims table (HTML): claimable rows carry the class ``sl-claimable``."""
    rows = claims_table(analysis)
    if not rows:
        return '<div class="sl-claims"><i>No complete side yet: nothing to claim.</i></div>'
    out = ['<table class="sl-claims" style="border-collapse:collapse;font-size:90%">']
    for n, p, verdict, ok, reason in rows:
        cls = "sl-claimable" if ok else "sl-not-claimable"
        color = "#1b5e20" if ok else ("#555" if verdict == "claimed" else "#8d6e00")
        out.append(
            f'<tr class="{cls}" data-stone="{n}" data-player="{p}"><td style="white-space:nowrap"><b>stone {n}</b></td>'
            f'<td style="color:{color};padding:0 6px;white-space:nowrap">{p} {verdict}</td><td>{html.escape(reason)}</td></tr>'
        )
    out.append("</table>")
    return "".join(out)


class AnalysisPanel:
    """Claims with their explanations, the odds and outcome charts and the remaining-card map.

    ``update(position, viewer)`` recomputes everything; ``claims`` (HTML widget), ``figures``
    (``{name: FigureWidget}``) and ``claimable`` (the last (stone, player) pairs) are for tests.
    """

    def __init__(self, charts: bool = True) -> None:
        self.claims = W.HTML()
        self.claims.add_class("sl-claims-box")
        self.summary = W.HTML()
        self.claimable: tuple[tuple[int, Player], ...] = ()
        self.analysis: Any = None
        self.error = ""
        self.figures: dict[str, Any] = {}
        self._charts = charts
        children: list[W.Widget] = [W.HTML("<h4 style='margin:4px 0'>Claims</h4>"), self.claims, self.summary]
        self._children = children
        self.widget = W.VBox(children, layout=W.Layout(width="640px"))
        self.widget.add_class("sl-panel")

    def update(self, position: Position, viewer: Player) -> None:
        from ..analysis.board import analyze

        self.error = ""
        self.analysis = analyze(position, viewer)
        rows = claims_table(self.analysis)
        self.claimable = tuple((n, Player.parse(p)) for n, p, _, ok, _ in rows if ok)
        self.claims.value = claims_html(self.analysis)
        if not self._charts:
            return
        try:
            if not self.figures:  # built once, from the first position shown
                self.figures = make_figure_widgets(position, viewer)
                self.widget.children = tuple(self._children) + tuple(self.figures.values())
            update_figures(self.figures, self.analysis)
            self.summary.value = ""
        except Exception as exc:  # noqa: BLE001 - a chart failure must not break editing
            self.error = f"{type(exc).__name__}: {exc}"
            self.summary.value = f'<span style="color:#b00020">charts unavailable: {html.escape(self.error)}</span>'


# ---------------------------------------------------------------------------------------------
# The panel's charts. The FigureWidgets are made once from the builders of views/charts.py (same
# look, palette and words); on every edit only their data arrays change. Building the figures anew
# takes ~250 ms of plotly validation, so :func:`panel_arrays` computes the same arrays directly
# (tests check them against freshly built charts).


def make_figure_widgets(position: Position | None = None, viewer: Player = Player.SOUTH, lang: str = "en") -> dict[str, Any]:
    """``{"odds", "outcome", "cards"}``: FigureWidgets of views/charts.py's three board charts."""
    import plotly.graph_objects as go

    from ..analysis.board import analyze
    from . import charts

    analysis = analyze(position if position is not None else Position.empty(), viewer)
    figures = {
        "odds": charts.formation_odds_chart(analysis, lang=lang),
        "outcome": charts.outcome_chart(analysis, lang=lang),
        "cards": charts.card_map_chart(analysis, lang=lang),
    }
    widgets = {}
    for name, fig in figures.items():
        fig.update_layout(height=330 if name != "cards" else 320, width=630, margin={"l": 50, "r": 10, "t": 50, "b": 40})
        widgets[name] = go.FigureWidget(fig)
    return widgets


def panel_arrays(analysis: Any, lang: str = "en") -> dict[str, Any]:
    """The data arrays of the three board charts for one analysis, in the builders' trace order:
    ``odds`` (per rank, strongest first: y and hover), ``outcome`` (south, tie, north: y, hover,
    pattern), ``cards`` (opponent and draw maps: z, text, hover) and the card map's titles."""
    from ..analysis.pools import draws_left
    from ..core.formations import RANKS_STRONGEST_FIRST
    from .charts import fraction_text
    from .palette import color_label, label, player_label, rank_label

    odds: list[dict[str, list[Any]]] = [{"y": [], "customdata": []} for _ in RANKS_STRONGEST_FIRST]
    for sa in analysis.stones:
        for p in PLAYERS:
            o = None if sa.odds is None else sa.odds.get(p)
            head = f"{label('stone', lang)} {sa.number}, {player_label(p, lang)}"
            for i, rank in enumerate(RANKS_STRONGEST_FIRST):
                if o is None:
                    odds[i]["y"].append(None)
                    odds[i]["customdata"].append(f"{head}: {label('claimed', lang)}" if sa.claimed is not None else head)
                    continue
                prob = o.ranks[rank]
                note = f" ({label('complete', lang)})" if o.complete else f" — {o.completions:,} {label('completions', lang)}"
                odds[i]["y"].append(float(prob))
                odds[i]["customdata"].append(f"{head}{note}<br>{rank_label(rank, lang)}: {fraction_text(prob, lang)}")
    outcome: list[dict[str, list[Any]]] = []
    for key in ("south", "tie", "north"):
        ys, hover, shapes = [], [], []
        name = label("tie", lang) if key == "tie" else player_label(key, lang, capital=True)
        for sa in analysis.stones:
            head = f"{label('stone', lang)} {sa.number}"
            if sa.claimed is not None or sa.outcome is None:
                won = sa.claimed is not None and sa.claimed.value == key
                ys.append(1.0 if won else 0.0)
                hover.append(f"{head}: {label('claimed', lang)} ({player_label(sa.claimed, lang)})" if sa.claimed else head)
                shapes.append("x")
            else:
                prob = getattr(sa.outcome, key)
                ys.append(float(prob))
                hover.append(f"{head}<br>{name}: {fraction_text(prob, lang)}")
                shapes.append("")
        outcome.append({"y": ys, "customdata": hover, "shape": shapes})

    position, viewer = analysis.position, Player.parse(analysis.viewer)
    n = draws_left(position, viewer)
    opponent = viewer.opponent
    by_index = {c.card.index: c for c in analysis.cards}
    # The six maps, row by row: z (probabilities), text and hover (strings), opponent's and draw's.
    maps: tuple[list[list[float | str]], ...] = ([], [], [], [], [], [])
    z_opp, z_draw, t_opp, t_draw, h_opp, h_draw = maps
    opp_title = label("map_opponent", lang, opponent=player_label(opponent, lang))
    draw_title = label("map_draw", lang, viewer=player_label(viewer, lang), n=n)
    for color_index in range(6):
        rows: tuple[list[float | str], ...] = ([], [], [], [], [], [])
        for value in range(1, 10):
            chance = by_index[color_index * 9 + value - 1]
            card = CARDS[color_index * 9 + value - 1]
            p_opp, p_draw = float(chance.p_opponent_hand), float(chance.p_draw)
            unseen = chance.where == "unseen"
            short = "" if unseen else _where_short(chance.where, lang)
            head = f"<b>{card}</b> ({color_label(card.color, lang)} {value}) — {label('where', lang)}: {_where_text(chance.where, lang)}"
            items: tuple[float | str, ...] = (
                p_opp, p_draw,
                _percent(p_opp, lang) if unseen else short,
                _percent(p_draw, lang) if unseen else short,
                f"{head}<br>{opp_title}: {fraction_text(chance.p_opponent_hand, lang)}",
                f"{head}<br>{draw_title}: {fraction_text(chance.p_draw, lang)}",
            )
            for row, item in zip(rows, items):
                row.append(item)
        for target, row in zip((z_opp, z_draw, t_opp, t_draw, h_opp, h_draw), rows):
            target.append(row)
    cards = [
        {"z": z_opp, "text": t_opp, "customdata": h_opp},
        {"z": z_draw, "text": t_draw, "customdata": h_draw},
    ]
    titles = {
        "title": label("map_title", lang, viewer=player_label(viewer, lang)),
        "subplots": (opp_title, draw_title),
    }
    return {"odds": odds, "outcome": outcome, "cards": cards, "cards_titles": titles}


def _percent(value: float, lang: str) -> str:
    from . import charts

    return charts._percent(value, lang)  # the charts' own rounding rule


def _where_short(where: str, lang: str) -> str:
    from . import charts

    return charts._where_short(where, lang)


def _where_text(where: str, lang: str) -> str:
    from . import charts

    return charts._where_text(where, lang)


def update_figures(figures: dict[str, Any], analysis: Any, lang: str = "en") -> None:
    """Push the arrays of a new BoardAnalysis into the FigureWidgets (one batch per figure)."""
    arrays = panel_arrays(analysis, lang)
    fig = figures["odds"]
    with fig.batch_update():
        for trace, new in zip(fig.data, arrays["odds"]):
            trace.y, trace.customdata = new["y"], new["customdata"]
    fig = figures["outcome"]
    with fig.batch_update():
        for trace, new in zip(fig.data, arrays["outcome"]):
            trace.y, trace.customdata = new["y"], new["customdata"]
            trace.marker.pattern.shape = new["shape"]
    fig = figures["cards"]
    with fig.batch_update():
        for trace, new in zip(fig.data, arrays["cards"]):
            trace.z, trace.text, trace.customdata = new["z"], new["text"], new["customdata"]
        titles = arrays["cards_titles"]
        fig.layout.title.text = titles["title"]
        for annotation, text in zip(fig.layout.annotations, titles["subplots"]):
            annotation.text = text

__all__ = [
    "ALL_TARGETS",
    "AnalysisPanel",
    "BoardEditor",
    "EditRefused",
    "Target",
    "checked",
    "claimable",
    "claims_html",
    "place",
    "read_position",
    "rebalance",
    "set_claim",
    "set_deck",
    "set_first_complete",
    "set_hand",
    "set_turn",
    "take_back",
    "used_mask",
    "make_figure_widgets",
    "panel_arrays",
    "update_figures",
]
