"""The board editor: build or edit a position by clicking, with a live analysis panel beside it.

The logic lives in plain functions over immutable :class:`~schotten_lab.core.Position` objects
(:func:`place`, :func:`take_back`, :func:`set_claim`, :func:`set_mode` ...): each returns a new, legal
position or raises :class:`EditRefused` with the reason. :class:`BoardEditor` only holds the current
position, the undo/redo stacks and the widgets, and wires clicks to those functions.

Base game and tactics variant alike. In the tactics variant the editor also places elite troops
(wild) on sides, combat modes on stones, clan and tactics cards on the discard pile and tactics cards
in known hands, and keeps the counts derived:

- **Who played a tactics card** (``tactics_played``): an elite troop counts for the owner of the side
  it lies on; a combat mode and a tactics card put on the discard pile count for the player given as
  ``by`` (the editor's "played by" control). ``by=None`` ("auto") is the player who has played fewer
  tactics cards, the player to move on a tie, as in a game. Taking a mode or a discarded tactics card
  back un-counts it for ``by`` if that player has played one, else for the other player; with
  ``by=None`` for the player who has played more (on a tie the one who is not to move). Every count
  is then re-validated: an edit that breaks "the counts differ by at most 1" is refused.
- **Decks**: unknown hands stay full while the decks last (as in the base game); the tactics cards
  the position leaves in unknown hands (neither visible, nor in a known hand, nor in the tactics deck)
  stay there, so a tactics card placed from nowhere comes out of the tactics deck and a clan card out
  of the clan deck. The deck controls set either deck by hand.

    >>> from schotten_lab.views.editor import BoardEditor
    >>> editor = BoardEditor()          # an empty board; BoardEditor(position) to edit one
    >>> editor                          # in Jupyter: the palette, the board and the analysis panel
"""

from __future__ import annotations

import html
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import ipywidgets as W

from ..core.cards import CARDS, Card, mask_of
from ..core.edit import (
    ALL_TARGETS,
    TACTICS_TARGETS,
    EditRefused,
    Target,
    checked,
    hidden_tactics,
    is_blank,
    place,
    rebalance,
    set_claim,
    set_deck,
    set_first_complete,
    set_hand,
    set_mode,
    set_tactics_deck,
    set_tactics_played,
    set_turn,
    set_variant,
    take_back,
    take_back_at,
    take_back_discard,
    tactics_used,
    used_mask,
)
from ..core.edit import item_of as _item
from ..core.errors import SchottenError
from ..core.position import Position
from ..core.rules import PLAYERS, SIDE_SIZE, STONE_COUNT, Player
from ..core.tactics import MODES, TACTICS_COPIES, TACTICS_NAMES, TACTICS_TOTAL, HandCard, Piece, Troop

MODE_WORDS = {"blind": "Blind-man's bluff", "mud": "Mud fight"}


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
TACTICS_COLOR = "#37474f"
"""The fill of tactics cards (troops on sides, tactics cards in hands and the discard pile)."""
_SHORT = {"JOKER": "JOK", "SPY": "SPY", "SHIELD": "SHD", "BLIND": "BLD", "MUD": "MUD",
          "HEADHUNTER": "HH", "STRATEGIST": "STR", "BANSHEE": "BAN", "TRAITOR": "TRT"}


def piece_label(piece: Piece | HandCard) -> str:
    """The short text of a card's button: ``R8``, ``JOK`` (a Joker), ``BAN`` (Banshee) ..."""
    if isinstance(piece, Card):
        return str(piece)
    name = piece.kind if isinstance(piece, Troop) else piece
    return _SHORT.get(name, name[:3])


def _style(button: W.Button, piece: Piece | HandCard) -> None:
    if isinstance(piece, Card):
        button.style.button_color, button.style.text_color = card_color(piece), _text_color(piece)
    else:
        button.style.button_color, button.style.text_color = TACTICS_COLOR, "white"


def _show(widget: W.Widget, visible: bool) -> None:
    widget.layout.display = "" if visible else "none"


# ---------------------------------------------------------------------------------------------
# The widget.


class BoardEditor:
    """An ipywidgets board editor with undo/redo, load/save and a live analysis panel.

    Attributes for scripts and tests: ``position`` (the current :class:`Position`), ``message``
    (the last refusal or notice, ``""`` when none), ``target`` (a Dropdown of :class:`Target`),
    ``palette`` (``{card code: Button}``), ``slots`` (``{(stone, player): [Button]*4}``, the fourth
    shown under Mud fight only), ``hand_buttons`` (``{player: [Button]}``), ``panel`` (the
    :class:`AnalysisPanel`), ``widget`` (the whole layout).

    Tactics variant: ``variant`` (ToggleButtons, switches an empty board), ``new_button``,
    ``tactics_palette`` (``{name: Button}``), ``blind_mode`` and ``mud_mode`` (Checkboxes of the stone
    chosen in ``stone_select``), ``played_by`` (who plays a mode or a discarded tactics card: ``None``
    for auto), ``tactics_deck``, ``played`` (``{player: BoundedIntText}``), ``discard_buttons``.
    """

    def __init__(self, position: Position | None = None, viewer: Player | str = Player.SOUTH, *, charts: bool = True) -> None:
        self._position = checked(position if position is not None else Position.empty())
        self._undo: list[Position] = []
        self._redo: list[Position] = []
        self._message = ""
        self._syncing = False
        self.last_refresh_ms = 0.0
        self.drafts: dict[Player, list[HandCard]] = {p: [] for p in PLAYERS}
        small = {"width": "42px", "height": "30px", "padding": "0"}

        # --- palettes ---
        self.palette: dict[str, W.Button] = {}
        rows = []
        for color in range(6):
            row = []
            for value in range(1, 10):
                card = CARDS[color * 9 + value - 1]
                b = W.Button(description=str(card), layout=W.Layout(**small))
                b.add_class("sl-palette")
                b.add_class(f"sl-card-{card}")
                b.on_click(self._palette_click(card))
                self.palette[str(card)] = b
                row.append(b)
            rows.append(W.HBox(row))
        self.tactics_palette: dict[str, W.Button] = {}
        for name in TACTICS_NAMES:
            b = W.Button(description=name, layout=W.Layout(width="auto", height="30px", padding="0 4px"))
            b.add_class("sl-tactics-palette")
            b.add_class(f"sl-tactics-{name}")
            b.on_click(self._palette_click(name))
            self.tactics_palette[name] = b
        self.tactics_row = W.HBox(list(self.tactics_palette.values()), layout=W.Layout(flex_flow="row wrap"))
        self.palette_box = W.VBox([*rows, self.tactics_row])

        # --- target and board ---
        self.target = W.Dropdown(
            options=[(t.label, t) for t in ALL_TARGETS], value=ALL_TARGETS[0], description="Place on",
            layout=W.Layout(width="230px"),
        )
        self.target.add_class("sl-target")
        self.slots: dict[tuple[int, Player], list[W.Button]] = {}
        columns = []
        self.stone_labels: list[W.HTML] = []
        for n in range(1, STONE_COUNT + 1):
            for p in (Player.NORTH, Player.SOUTH):
                buttons = []
                for i in range(SIDE_SIZE + 1):
                    b = W.Button(layout=W.Layout(**small))
                    b.add_class("sl-slot")
                    b.add_class(f"sl-slot-{n}-{p.letter}-{i}")
                    b.on_click(self._slot_click(n, p, i))
                    buttons.append(b)
                self.slots[(n, p)] = buttons
            north = list(reversed(self.slots[(n, Player.NORTH)]))  # north's first card nearest the stone
            stone_label = W.HTML(layout=W.Layout(width="42px"))
            stone_label.add_class(f"sl-stone-{n}")
            self.stone_labels.append(stone_label)
            columns.append(W.VBox([*north, stone_label, *self.slots[(n, Player.SOUTH)]]))
        self.hand_buttons: dict[Player, list[W.Button]] = {p: [] for p in PLAYERS}
        self.hand_boxes = {p: W.HBox() for p in PLAYERS}
        self.hand_labels = {p: W.HTML() for p in PLAYERS}
        self.discard_buttons: list[W.Button] = []
        self.discard_box = W.HBox()
        self.discard_label = W.HTML()
        self.discard_row = W.HBox([self.discard_label, self.discard_box])
        self.discard_row.add_class("sl-discard")
        self.variant_label = W.HTML()
        self.variant_label.add_class("sl-variant")
        self.board_box = W.VBox([
            self.variant_label,
            W.HBox([self.hand_labels[Player.NORTH], self.hand_boxes[Player.NORTH]]),
            W.HBox(columns),
            W.HBox([self.hand_labels[Player.SOUTH], self.hand_boxes[Player.SOUTH]]),
            self.discard_row,
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

        # --- variant and tactics controls ---
        self.variant = W.ToggleButtons(options=[("base", "base"), ("tactics", "tactics")], description="Variant", style={"button_width": "70px"})
        self.variant.add_class("sl-variant-toggle")
        self.new_button = W.Button(description="New board", tooltip="An empty board of the current variant", layout=W.Layout(width="100px"))
        self.new_button.add_class("sl-new")
        self.variant.observe(self._on_variant, "value")
        self.new_button.on_click(lambda _: self.apply(lambda pos: Position.empty(pos.rules), "new board"))
        self.blind_mode = W.Checkbox(description=MODE_WORDS["blind"], indent=False, layout=W.Layout(width="160px"))
        self.mud_mode = W.Checkbox(description=f"{MODE_WORDS['mud']} (4 cards)", indent=False, layout=W.Layout(width="160px"))
        self.blind_mode.observe(self._on_mode("blind"), "value")
        self.mud_mode.observe(self._on_mode("mud"), "value")
        self.played_by = W.ToggleButtons(
            options=[("auto", None), ("south", Player.SOUTH), ("north", Player.NORTH)], value=None,
            description="Played by", style={"button_width": "55px"},
            tooltips=["the player who has played fewer tactics cards (the player to move on a tie)", "", ""],
        )
        self.tactics_deck = W.BoundedIntText(min=0, max=TACTICS_TOTAL, description="Tactics deck", layout=W.Layout(width="160px"))
        self.played = {
            p: W.BoundedIntText(min=0, max=TACTICS_TOTAL, description=f"{p.value} played", layout=W.Layout(width="160px"))
            for p in PLAYERS
        }
        self.tactics_deck.observe(self._on_tactics_deck, "value")
        for p, box in self.played.items():
            box.observe(self._on_played(p), "value")
        self.tactics_controls = W.VBox([
            W.HBox([self.blind_mode, self.mud_mode, self.played_by]),
            W.HBox([self.tactics_deck, *self.played.values()]),
        ])
        self.tactics_controls.add_class("sl-tactics-controls")

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
            self.tactics_controls,
            W.HBox([self.turn, self.deck]),
            self.viewer,
            W.HBox([self.variant, self.new_button]),
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
        """Place a card (a clan card, or a tactics card's name) on the current (or given) target.

        A hand is entered card by card into a draft (shown dashed) and becomes part of the position
        once it holds as many cards as the hand's size: a half-entered hand would break the rules.
        Modes and discarded tactics cards count as played by the "Played by" control's player.
        """
        try:
            item = _item(card)
        except SchottenError as exc:
            self._set_message(f"Refused: {exc}", error=True)
            return False
        t = target or self.target.value
        by = self.played_by.value
        if t.pile or t.stone is not None or self._position.hands[t.player] is not None:
            return self.apply(lambda pos: place(pos, item, t, by), f"placed {item} on {t.label}")
        if isinstance(item, str):
            if not self._position.rules.tactics:
                self._set_message(f"Refused: tactics cards ({item}) belong to the tactics variant", error=True)
                return False
            drafted = sum(1 for d in self.drafts.values() for c in d if c == item)
            if tactics_used(self._position)[item] + drafted >= TACTICS_COPIES[item]:
                self._set_message(f"Refused: every copy of {item} is already placed", error=True)
                return False
        elif any(item in d for d in self.drafts.values()) or used_mask(self._position) >> item.index & 1:
            self._set_message(f"Refused: {item} is already placed", error=True)
            return False
        draft = self.drafts[t.player] + [item]
        size = self._position.hand_sizes[t.player]
        if len(draft) < size:
            self.drafts[t.player] = draft
            self._set_message(f"{t.label}: {item} noted, {size - len(draft)} more to enter")
            self._refresh_board()
            return True
        if self.apply(lambda pos: set_hand(pos, t.player, draft), f"{t.label} entered"):
            self.drafts[t.player] = []
            self._refresh_board()
            return True
        return False

    def take_back(self, card: Card | str) -> bool:
        """Take a card back from a stone, a combat mode off its stone, a card from the discard pile,
        a known hand (which becomes a draft again) or a draft."""
        try:
            item = _item(card)
        except SchottenError as exc:
            self._set_message(f"Refused: {exc}", error=True)
            return False
        for p, draft in self.drafts.items():
            if item in draft:
                draft.remove(item)
                self._set_message(f"took {item} back from the {p.value} hand being entered")
                self._refresh_board()
                return True
        for p in PLAYERS:
            hand = self._position.hands[p]
            if hand is not None and item in hand:
                rest = list(hand)
                rest.remove(item)
                if self.apply(partial(set_hand, player=p, cards=None), f"took {item} back: the {p.value} hand is being re-entered"):
                    self.drafts[p] = rest
                    self._refresh_board()
                    return True
                return False
        return self.apply(lambda pos: take_back(pos, item, self.played_by.value), f"took {item} back")

    def set_mode(self, stone: int, mode: str, on: bool = True) -> bool:
        """Put a combat mode on a stone or take it off (played by the "Played by" control's player)."""
        word = MODE_WORDS.get(mode, mode)
        return self.apply(
            lambda pos: set_mode(pos, stone, mode, on, self.played_by.value),
            f"stone {stone}: {word} {'on' if on else 'off'}",
        )

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

    def _palette_click(self, card: Card | str) -> Callable[[Any], bool]:
        return lambda _: self.place(card)

    def _slot_click(self, stone: int, player: Player, i: int) -> Callable[[Any], None]:
        def click(_: Any) -> None:
            side = self._position.stone(stone).side(player)
            if i < len(side):
                piece = side[i]
                self.apply(lambda pos: take_back_at(pos, stone, player, i), f"took {piece} back")
            else:  # an empty slot chooses the target
                self.target.value = Target.side(stone, player)
                self.stone_select.value = stone
                self._set_message(f"cards now go to {self.target.value.label}")

        return click

    def _discard_click(self, index: int) -> Callable[[Any], bool]:
        def click(_: Any) -> bool:
            card = self._position.discard[index]
            return self.apply(lambda pos: take_back_discard(pos, index, self.played_by.value), f"took {card} back from the discard pile")

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

    def _on_variant(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.apply(lambda pos: set_variant(pos, change["new"]), f"{change['new']} board")

    def _on_mode(self, mode: str) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if not self._syncing:
                self.set_mode(self.stone_select.value, mode, bool(change["new"]))

        return changed

    def _on_tactics_deck(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.apply(lambda pos: set_tactics_deck(pos, change["new"]), f"tactics deck set to {change['new']}")

    def _on_played(self, player: Player) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if not self._syncing:
                self.apply(lambda pos: set_tactics_played(pos, player, change["new"]), f"{player.value} played {change['new']} tactics cards")

        return changed

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

    def _piece_button(self, piece: Piece | HandCard, tooltip: str, click: Callable[[Any], Any], cls: str, draft: bool = False) -> W.Button:
        layout = W.Layout(width="42px", height="30px", padding="0", border="2px dashed #888" if draft else "")
        b = W.Button(description=piece_label(piece), tooltip=tooltip, layout=layout)
        if not draft:
            _style(b, piece)
        b.add_class(cls)
        b.on_click(click)
        return b

    def _refresh_board(self) -> None:
        pos = self._position
        tactics = pos.rules.tactics
        drafted = [c for d in self.drafts.values() for c in d]
        used = used_mask(pos) | mask_of(c for c in drafted if isinstance(c, Card))
        for code, b in self.palette.items():
            card = Card.parse(code)
            taken = bool(used >> card.index & 1)
            b.disabled = taken
            b.style.button_color = USED_COLOR if taken else card_color(card)
            b.style.text_color = "#999" if taken else _text_color(card)
            b.tooltip = (pos.locate(card) if pos.locate(card) != "unseen" else "hand being entered") if taken else f"place {card}"
        placed = tactics_used(pos) + Counter(c for c in drafted if isinstance(c, str))
        for name, b in self.tactics_palette.items():
            left = TACTICS_COPIES[name] - placed[name]
            b.disabled = left <= 0
            b.description = name if TACTICS_COPIES[name] == 1 else f"{name} ×{max(left, 0)}"
            b.style.button_color = USED_COLOR if left <= 0 else TACTICS_COLOR
            b.style.text_color = "#999" if left <= 0 else "white"
            b.tooltip = f"every copy of {name} is placed" if left <= 0 else f"place {name}"
        _show(self.tactics_row, tactics)
        for (n, p), buttons in self.slots.items():
            stone = pos.stone(n)
            side = stone.side(p)
            for i, b in enumerate(buttons):
                if i < SIDE_SIZE:
                    pass
                elif not tactics:
                    _show(b, False)
                else:  # every column keeps room for a fourth card, so the stones stay in line
                    _show(b, True)
                    b.layout.visibility = "visible" if i < stone.capacity or i < len(side) else "hidden"
                if i < len(side):
                    c = side[i]
                    b.description, b.tooltip = piece_label(c), f"take {c} back"
                    _style(b, c)
                else:
                    b.description, b.tooltip = "", f"place cards on stone {n} {p.value}"
                    b.style.button_color, b.style.text_color = SLOT_COLOR, "black"
        for n, label in enumerate(self.stone_labels, 1):
            stone = pos.stone(n)
            claimed = stone.claimed
            mark = f"<br><small>{claimed.value}</small>" if claimed else ""
            words = ", ".join(MODE_WORDS[m] for m in MODES if m in stone.modes)
            modes = "".join(f'<sup style="line-height:0">{m[0].upper()}</sup>' for m in MODES if m in stone.modes)
            title = f' title="{words}" data-modes="{" ".join(m for m in MODES if m in stone.modes)}"' if words else ""
            bg = "#ffe082" if claimed else "#cfd8dc"
            label.value = (
                f'<div style="text-align:center;background:{bg};border-radius:50%;font-weight:bold"{title}>{n}{modes}{mark}</div>'
            )
        for p in PLAYERS:
            hand = pos.hands[p]
            buttons = [self._piece_button(c, f"take {c} back", self._hand_click(c), "sl-hand") for c in hand or ()]
            buttons += [
                self._piece_button(c, f"take {c} back (hand being entered)", self._hand_click(c), "sl-draft", draft=True)
                for c in self.drafts[p]
            ]
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
        self.discard_buttons = [
            self._piece_button(c, f"take {c} back from the discard pile", self._discard_click(i), "sl-discard-card")
            for i, c in enumerate(pos.discard)
        ]
        self.discard_box.children = tuple(self.discard_buttons)
        self.discard_label.value = f"<b>discard pile</b>{'' if pos.discard else ': empty'}&nbsp;"
        _show(self.discard_row, tactics)
        _show(self.tactics_controls, tactics)
        if tactics:
            played = pos.tactics_played
            self.variant_label.value = (
                f"<b>tactics game</b>: clan deck {pos.deck}, tactics deck {pos.tactics_deck}, "
                f"tactics played south {played[Player.SOUTH]} / north {played[Player.NORTH]}"
            )
        else:
            self.variant_label.value = f"<b>{pos.rules.name} game</b>: deck {pos.deck}"
        targets = TACTICS_TARGETS if tactics else ALL_TARGETS
        if len(self.target.options) != len(targets):
            current = self.target.value
            self.target.options = [(t.label, t) for t in targets]
            self.target.value = current if current in targets else targets[0]
        self.undo_button.disabled = not self._undo
        self.redo_button.disabled = not self._redo
        self._sync_controls()

    def _hand_click(self, card: HandCard) -> Callable[[Any], bool]:
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
            self.variant.value = pos.rules.variant
            self.blind_mode.value = "blind" in stone.modes
            self.mud_mode.value = "mud" in stone.modes
            self.tactics_deck.value = pos.tactics_deck
            for p, box in self.played.items():
                box.value = pos.tactics_played[p]
        finally:
            self._syncing = False

    def _refresh_panel(self) -> None:
        start = time.perf_counter()
        try:
            self.panel.update(self._position, self.viewer.value)
        except SchottenError as exc:  # e.g. a computation refused as too large: said, never raised
            self._set_message(f"Analysis unavailable: {exc}", error=True)
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
            if len(sa.south if p is Player.SOUTH else sa.north) < analysis.position.stone(n).capacity:
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
    "take_back_at",
    "take_back_discard",
    "TACTICS_TARGETS",
    "hidden_tactics",
    "is_blank",
    "piece_label",
    "set_mode",
    "set_tactics_deck",
    "set_tactics_played",
    "set_variant",
    "tactics_used",
    "used_mask",
    "make_figure_widgets",
    "panel_arrays",
    "update_figures",
]
