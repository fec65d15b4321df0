"""The board editor drawn from its position: :class:`EditorView` shows the position being edited on
the widgets of :class:`~.widget.BoardEditor` (the palettes, the stones' slots and labels, the hands
and drafts, the discard pile, the controls, the analysis and advice panels) and says notices and
refusals, one sentence each, in the editor's language.

No decision here: :class:`~.widget.BoardEditor` builds the widgets, wires their events and changes
the position through the pure edits of :mod:`schotten_lab.core.edit`, then asks for it to be drawn.
"""

from __future__ import annotations

import html
import time
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import ipywidgets as W

from ...core import edit as edits
from ...core.cards import Card, mask_of
from ...core.edit import ALL_TARGETS, TACTICS_TARGETS
from ...core.errors import SchottenError
from ...core.position import Position
from ...core.rules import PLAYERS, SIDE_SIZE, Player
from ...core.tactics import MODES, TACTICS_COPIES, HandCard, Piece
from ...core.words import TacticName, render, say, tactic
from ...core.words import player as player_name
from .advisor import AdvisorPanel
from .buttons import EMPTY_SLOT, TACTICS_COLOR, USED_COLOR, Shared, piece_label, show
from .panel import AnalysisPanel
from .words import item_words, mode_words, target_label

@lru_cache(maxsize=4096, typed=True)
def _said(key: str, lang: str, **fields: object) -> str:
    """:func:`~...core.words.say`, remembered for every editor of the process (an edit redraws about
    130 tooltips, the same ones again and again; a classroom's sessions share them). ``typed``: a
    field's type is part of the key, so a tactics card's name and the same plain text stay apart."""
    return say(key, lang, **fields)


class EditorView:
    """How :class:`~.widget.BoardEditor` shows its position on its widgets (made and wired there)."""

    lang: str
    shared: Shared
    last_refresh_ms: float
    drafts: dict[Player, list[HandCard]]
    _position: Position
    _undo: list[Position]
    _redo: list[Position]
    _message: str
    _syncing: bool
    message_html: W.HTML
    palette: dict[str, W.Button]
    tactics_palette: dict[str, W.Button]
    tactics_row: W.VBox
    target: W.Dropdown
    slots: dict[tuple[int, Player], list[W.Button]]
    stone_labels: list[W.HTML]
    columns: list[W.VBox]
    hand_buttons: dict[Player, list[W.Button]]
    _hand_shown: dict[Player, tuple[tuple[HandCard, ...], tuple[HandCard, ...]]]
    hand_boxes: dict[Player, W.HBox]
    hand_labels: dict[Player, W.HTML]
    hand_rows: dict[Player, W.HBox]
    discard_buttons: list[W.Button]
    _discard_shown: tuple[HandCard, ...]
    discard_box: W.HBox
    discard_label: W.HTML
    discard_row: W.HBox
    variant_label: W.HTML
    flip: W.ToggleButton
    board_heading: W.HBox
    stones_row: W.HBox
    board_box: W.VBox
    stone_select: W.Dropdown
    claim_select: W.Dropdown
    first_select: W.Dropdown
    turn: W.ToggleButtons
    viewer: W.ToggleButtons
    deck: W.BoundedIntText
    variant: W.ToggleButtons
    blind_mode: W.Checkbox
    mud_mode: W.Checkbox
    tactics_deck: W.BoundedIntText
    played: dict[Player, W.BoundedIntText]
    tactics_controls: W.VBox
    undo_button: W.Button
    redo_button: W.Button
    panel: AnalysisPanel
    advisor: AdvisorPanel | None

    # --- the controller's actions on the buttons drawn here (:class:`~.widget.BoardEditor`) -----

    def _hand_click(self, card: HandCard) -> Callable[[Any], bool]:
        """The action of a hand card's (or a draft card's) button: take it back."""
        raise NotImplementedError

    def _discard_click(self, index: int) -> Callable[[Any], bool]:
        """The action of the button of the discard pile's ``index``-th card: take it back."""
        raise NotImplementedError

    # --- words ------------------------------------------------------------------------------------

    def _t(self, key: str, **fields: object) -> str:
        """Phrase ``key`` of :mod:`.words` in the editor's language (remembered: :func:`_said`)."""
        try:
            return _said(key, self.lang, **fields)
        except TypeError:  # a field that cannot be a key: said afresh
            return say(key, self.lang, **fields)

    def _set_message(self, text: str, error: bool = False) -> None:
        self._message = text
        color = "#b00020" if error else "#555"
        self.message_html.value = f'<span style="color:{color}">{html.escape(text)}</span>' if text else ""

    # --- display --------------------------------------------------------------------------------

    def _refresh(self) -> None:
        self._refresh_board()
        self._refresh_panel()

    def _piece_button(self, piece: Piece | HandCard, tooltip: str, click: Callable[[Any], Any], cls: str, draft: bool = False) -> W.Button:
        sh = self.shared
        layout = sh.layout(width="42px", height="30px", padding="0", border="2px dashed #888" if draft else "")
        style = sh.button_style(None, None) if draft else sh.piece_style(piece)
        b = W.Button(description=piece_label(piece, self.lang), tooltip=tooltip, layout=layout, style=style, _dom_classes=(cls,))
        b.on_click(click)
        return b

    def _tactics_label(self, name: str, left: int) -> str:
        """A tactics palette button's text: its name (English keeps the codes), with the copies left."""
        shown = name if self.lang == "en" else tactic(name, self.lang)
        return shown if TACTICS_COPIES[name] == 1 else f"{shown} ×{max(left, 0)}"

    def _stone_label(self, n: int) -> str:
        """Stone ``n``'s label (HTML): its number, its combat modes, who claimed it."""
        stone = self._position.stone(n)
        claimed = stone.claimed
        mark = f"<br><small>{html.escape(player_name(claimed, self.lang))}</small>" if claimed else ""
        words = ", ".join(mode_words(m, self.lang) for m in MODES if m in stone.modes)
        modes = "".join(f'<sup style="line-height:0">{m[0].upper()}</sup>' for m in MODES if m in stone.modes)
        title = f' title="{words}" data-modes="{" ".join(m for m in MODES if m in stone.modes)}"' if words else ""
        bg = "#ffe082" if claimed else "#cfd8dc"
        return f'<div style="text-align:center;background:{bg};border-radius:50%;font-weight:bold"{title}>{n}{modes}{mark}</div>'

    def _fourth_layout(self, display: str, visibility: str | None) -> W.Layout:
        """The shared layout of a fourth slot: hidden (base game), or shown with room kept (tactics)."""
        settings = {"width": "42px", "height": "30px", "padding": "0", "display": display}
        if visibility is not None:
            settings["visibility"] = visibility
        return self.shared.layout(**settings)

    def _fourth_slot(self, button: W.Button, display: str, visibility: str | None) -> None:
        """Give a fourth slot the shared layout of its state (nothing sent when it has it already)."""
        layout = self._fourth_layout(display, visibility)
        if button.layout is not layout:
            button.layout = layout

    @staticmethod
    def _close_all(buttons: list[W.Button]) -> None:
        """Close buttons no longer shown (their layouts and styles are shared: kept)."""
        for b in buttons:
            b.close()

    def _refresh_board(self) -> None:
        pos = self._position
        tactics = pos.rules.tactics
        drafted = [c for d in self.drafts.values() for c in d]
        used = edits.used_mask(pos) | mask_of(c for c in drafted if isinstance(c, Card))
        sh = self.shared
        # each button's changes (state, colours, words) go to the browser as one message (hold_sync)
        for code, b in self.palette.items():
            card = Card.parse(code)
            taken = bool(used >> card.index & 1)
            where = pos.locate(card) if taken else None
            with b.hold_sync():
                b.disabled = taken
                sh.paint(b, sh.palette_style(card, taken))
                b.tooltip = ((self._t("ed.tip_hand_entering") if where == "unseen" else render(where, self.lang))
                             if taken else self._t("ed.tip_place", item=card))
        placed = edits.tactics_used(pos) + Counter(c for c in drafted if isinstance(c, str))
        for name, b in self.tactics_palette.items():
            left = TACTICS_COPIES[name] - placed[name]
            with b.hold_sync():
                b.disabled = left <= 0
                b.description = self._tactics_label(name, left)
                sh.paint(b, sh.button_style(USED_COLOR, "#999") if left <= 0 else sh.button_style(TACTICS_COLOR, "white"))
                b.tooltip = self._t("ed.tip_every_copy" if left <= 0 else "ed.tip_place", item=TacticName(name))
        show(self.tactics_row, tactics)
        for (n, p), buttons in self.slots.items():
            stone = pos.stone(n)
            side = stone.side(p)
            for i, b in enumerate(buttons):
                if i < SIDE_SIZE:
                    pass
                elif not tactics:
                    self._fourth_slot(b, "none", None)
                else:  # every column keeps room for a fourth card, so the stones stay in line
                    self._fourth_slot(b, "", "visible" if i < stone.capacity or i < len(side) else "hidden")
                with b.hold_sync():
                    if i < len(side):
                        c = side[i]
                        b.description, b.tooltip = piece_label(c, self.lang), self._t("ed.tip_take", item=item_words(c))
                        sh.paint(b, sh.piece_style(c))
                    else:
                        b.description, b.tooltip = EMPTY_SLOT, self._t("ed.tip_slot", stone=n, player=p)
                        sh.paint(b, sh.empty_slot_style())
        for n, label in enumerate(self.stone_labels, 1):
            label.value = self._stone_label(n)
        for p in PLAYERS:
            hand = pos.hands[p]
            shown_now = (tuple(hand or ()), tuple(self.drafts[p]))
            if shown_now != self._hand_shown[p]:  # the same cards keep their buttons
                old = self.hand_buttons[p]
                buttons = [self._piece_button(c, self._t("ed.tip_take", item=item_words(c)), self._hand_click(c), "sl-hand")
                           for c in hand or ()]
                buttons += [
                    self._piece_button(c, self._t("ed.tip_take_draft", item=item_words(c)), self._hand_click(c), "sl-draft", draft=True)
                    for c in self.drafts[p]
                ]
                self.hand_buttons[p], self._hand_shown[p] = buttons, shown_now
                self.hand_boxes[p].children = tuple(buttons)
                self._close_all(old)
            size = pos.hand_sizes[p]
            if hand is not None:
                shown = self._t("ed.hand", player=p)
            elif self.drafts[p]:
                shown = self._t("ed.hand_entering", player=p, more=size - len(self.drafts[p]))
            else:
                shown = self._t("ed.hand_unknown", player=p, size=size)
            self.hand_labels[p].value = f"<b>{html.escape(shown)}</b>&nbsp;"
        if tuple(pos.discard) != self._discard_shown:
            old = self.discard_buttons
            self.discard_buttons = [
                self._piece_button(c, self._t("ed.tip_take_discard", item=item_words(c)), self._discard_click(i), "sl-discard-card")
                for i, c in enumerate(pos.discard)
            ]
            self._discard_shown = tuple(pos.discard)
            self.discard_box.children = tuple(self.discard_buttons)
            self._close_all(old)
        self.discard_label.value = f"<b>{html.escape(self._t('ed.discard' if pos.discard else 'ed.discard_empty'))}</b>&nbsp;"
        show(self.discard_row, tactics)
        show(self.tactics_controls, tactics)
        if tactics:
            played = pos.tactics_played
            self.variant_label.value = self._t("ed.tactics_game", deck=pos.deck, tactics_deck=pos.tactics_deck,
                                               south=played[Player.SOUTH], north=played[Player.NORTH])
        else:
            name = self._t("ed.base_expert_name" if pos.rules.expert else "ed.base_name")
            self.variant_label.value = self._t("ed.base_game", name=name, deck=pos.deck)
        targets = TACTICS_TARGETS if tactics else ALL_TARGETS
        if len(self.target.options) != len(targets):
            current = self.target.value
            self.target.options = [(target_label(t, self.lang), t) for t in targets]
            self.target.value = current if current in targets else targets[0]
        self.undo_button.disabled = not self._undo
        self.redo_button.disabled = not self._redo
        self._sync_controls()

    @property
    def bottom(self) -> Player:
        """The player whose side and hand are drawn at the bottom of the board (north when flipped)."""
        return Player.NORTH if self.flip.value else Player.SOUTH

    def _lay_out_board(self) -> None:
        """Place the sides and hands for the board's orientation: the bottom player's cards below the
        stones (first card nearest the stone), the other's above, their hands at the edges."""
        bottom, top = self.bottom, self.bottom.opponent
        for n, column in enumerate(self.columns, 1):
            above = list(reversed(self.slots[(n, top)]))  # the top player's first card nearest the stone
            column.children = (*above, self.stone_labels[n - 1], *self.slots[(n, bottom)])
        self.board_box.children = (
            self.board_heading, self.variant_label, self.hand_rows[top], self.stones_row,
            self.hand_rows[bottom], self.discard_row,
        )

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
            self._set_message(self._t("ed.analysis_unavailable", reason=str(exc)), error=True)
        self.last_refresh_ms = (time.perf_counter() - start) * 1000
        if self.advisor is not None:  # asks in the background (or marks the advice out of date)
            self.advisor.update(self._position)


__all__ = ["EditorView"]
