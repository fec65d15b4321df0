"""The board editor widget: palette, board, controls and the analysis panel, wired to the edits of
:mod:`schotten_lab.core.edit`.

The widget holds the current position, the undo/redo stacks and the hands being entered; every
change goes through a pure edit (a :class:`~schotten_lab.core.Position` in, a legal one out, or
:class:`~schotten_lab.core.edit.EditRefused` with the reason shown above the board). How the
position is drawn on the widgets made here is :class:`~.drawing.EditorView`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import ipywidgets as W

from ...core.cards import CARDS, Card
from ...core import edit as edits
from ...core.edit import ALL_TARGETS, Target
from ...core.errors import SchottenError
from ...core.load import load_position_text
from ...core.position import Position
from ...core.rules import PLAYERS, SIDE_SIZE, STONE_COUNT, Player
from ...core.tactics import TACTICS_COPIES, TACTICS_NAMES, TACTICS_TOTAL, HandCard
from ...core.words import TacticName, check_lang, default_lang
from ...core.words import player as player_name
from .buttons import EMPTY_SLOT, TACTICS_COLOR, Shared
from .advisor import AdvisorPanel
from .drawing import EditorView
from .panel import AnalysisPanel, ChartsOption, heading
from .words import item_words, mode_words, reason_words, target_label, target_where

MODE_WORDS = {"blind": "Blind-man's bluff", "mud": "Mud fight"}
"""The combat modes' English names (:func:`.words.mode_words` gives them in either language)."""


class BoardEditor(EditorView):
    """An ipywidgets board editor with undo/redo, load/save and a live analysis panel.

    Attributes for scripts and tests: ``position`` (the current :class:`Position`), ``message``
    (the last refusal or notice, ``""`` when none), ``target`` (a Dropdown of :class:`Target`),
    ``palette`` (``{card code: Button}``), ``slots`` (``{(stone, player): [Button]*4}``, the fourth
    shown under Mud fight only), ``hand_buttons`` (``{player: [Button]}``), ``panel`` (the
    :class:`AnalysisPanel`), ``advisor`` (the "What should I play?" :class:`AdvisorPanel`, refreshed in
    the background after every edit; ``advisor=False`` for none, or pass one, e.g.
    ``AdvisorPanel(auto=False)``), ``widget`` (the whole layout).

    ``flip`` (ToggleButton) turns the board round (north's sides and hand at the bottom); ``bottom``
    says whose are there.

    Tactics variant: ``variant`` (ToggleButtons, switches an empty board), ``new_button``,
    ``tactics_palette`` (``{name: Button}``), ``blind_mode`` and ``mud_mode`` (Checkboxes of the stone
    chosen in ``stone_select``), ``played_by`` (who plays a mode or a discarded tactics card: ``None``
    for auto), ``tactics_deck``, ``played`` (``{player: BoundedIntText}``), ``discard_buttons``.

    ``lang`` (``"en"`` or ``"fr"``; default ``core.words.default_lang()``, from
    ``SCHOTTEN_LANG``) is the language of every label, button, tooltip and message, of the panels
    and of the charts (:mod:`.words`); an unknown language is refused naming it.
    """

    def __init__(
        self, position: Position | None = None, viewer: Player | str = Player.SOUTH, *, charts: ChartsOption = True,
        advisor: AdvisorPanel | bool = True, lang: str | None = None,
    ) -> None:
        self.lang = check_lang(default_lang() if lang is None else lang)
        t = self._t
        self._position = edits.checked(position if position is not None else Position.empty())
        self._undo: list[Position] = []
        self._redo: list[Position] = []
        self._message = ""
        self._syncing = False
        self.last_refresh_ms = 0.0
        self.drafts: dict[Player, list[HandCard]] = {p: [] for p in PLAYERS}
        # Every widget is made with its classes, colours and words (a change after it is made is one
        # more message to the browser), and shares the layouts and styles it has in common with others.
        self.shared = sh = Shared()
        small = sh.layout(width="42px", height="30px", padding="0")
        plain = sh.layout()
        tactics_game = self._position.rules.tactics

        # --- palettes ---
        self.palette: dict[str, W.Button] = {}
        rows = []
        for color in range(6):
            row = []
            for value in range(1, 10):
                card = CARDS[color * 9 + value - 1]
                b = W.Button(description=str(card), layout=small, style=sh.palette_style(card, False),
                             tooltip=t("ed.tip_place", item=card), _dom_classes=("sl-palette", f"sl-card-{card}"))
                b.on_click(self._palette_click(card))
                self.palette[str(card)] = b
                row.append(b)
            rows.append(W.HBox(row, layout=plain))
        self.tactics_palette: dict[str, W.Button] = {}
        for name in TACTICS_NAMES:
            b = W.Button(description=self._tactics_label(name, TACTICS_COPIES[name]),
                         layout=sh.layout(width="auto", height="30px", padding="0 4px"),
                         style=sh.button_style(TACTICS_COLOR, "white"), tooltip=t("ed.tip_place", item=TacticName(name)),
                         _dom_classes=("sl-tactics-palette", f"sl-tactics-{name}"))
            b.on_click(self._palette_click(name))
            self.tactics_palette[name] = b
        self.tactics_row = W.VBox([
            heading(t("ed.tactics_cards"), sh),
            W.HBox(list(self.tactics_palette.values()), layout=sh.layout(flex_flow="row wrap")),
        ], layout=W.Layout(display=None if tactics_game else "none"))
        self.palette_box = W.VBox([
            heading(t("ed.palette_heading"), sh), *rows, self.tactics_row,
        ], layout=plain, _dom_classes=("sl-palette-box",))

        # --- target and board ---
        self.target = W.Dropdown(
            options=[(target_label(x, self.lang), x) for x in ALL_TARGETS], value=ALL_TARGETS[0], description=t("ed.place_on"),
            layout=W.Layout(width="230px"), _dom_classes=("sl-target",),
        )
        self.slots: dict[tuple[int, Player], list[W.Button]] = {}
        columns = []
        self.stone_labels: list[W.HTML] = []
        for n in range(1, STONE_COUNT + 1):
            for p in (Player.NORTH, Player.SOUTH):
                buttons = []
                for i in range(SIDE_SIZE + 1):
                    # the fourth slot (Mud fight): one of three shared layouts (:meth:`_fourth_slot`)
                    layout = small if i < SIDE_SIZE else self._fourth_layout("" if tactics_game else "none", None)
                    b = W.Button(description=EMPTY_SLOT, layout=layout, style=sh.empty_slot_style(),
                                 tooltip=t("ed.tip_slot", stone=n, player=p),
                                 _dom_classes=("sl-slot", f"sl-slot-{n}-{p.letter}-{i}"))
                    b.on_click(self._slot_click(n, p, i))
                    buttons.append(b)
                self.slots[(n, p)] = buttons
            stone_label = W.HTML(self._stone_label(n), layout=sh.layout(width="42px"), style=sh.html_style(),
                                 _dom_classes=(f"sl-stone-{n}",))
            self.stone_labels.append(stone_label)
            # built as _lay_out_board places it unflipped (the north side above): nothing more to send
            column = W.VBox([*reversed(self.slots[(n, Player.NORTH)]), stone_label, *self.slots[(n, Player.SOUTH)]],
                            layout=plain, _dom_classes=(f"sl-column-{n}",))
            columns.append(column)
        self.columns: list[W.VBox] = columns
        self.hand_buttons: dict[Player, list[W.Button]] = {p: [] for p in PLAYERS}
        self._hand_shown: dict[Player, tuple[tuple[HandCard, ...], tuple[HandCard, ...]]] = {p: ((), ()) for p in PLAYERS}
        self.hand_boxes = {p: W.HBox(layout=plain) for p in PLAYERS}
        self.hand_labels = {p: W.HTML(style=sh.html_style(), layout=plain) for p in PLAYERS}
        self.discard_buttons: list[W.Button] = []
        self._discard_shown: tuple[HandCard, ...] = ()
        self.discard_box = W.HBox(layout=plain)
        self.discard_label = W.HTML(style=sh.html_style(), layout=plain)
        self.discard_row = W.HBox([self.discard_label, self.discard_box], _dom_classes=("sl-discard",),
                                  layout=W.Layout(display=None if tactics_game else "none"))
        self.variant_label = W.HTML(style=sh.html_style(), layout=plain, _dom_classes=("sl-variant",))
        self.hand_rows = {p: W.HBox([self.hand_labels[p], self.hand_boxes[p]], layout=plain,
                                    _dom_classes=(f"sl-hand-row-{p.letter}",)) for p in PLAYERS}
        self.flip = W.ToggleButton(value=False, description=t("ed.flip"), icon="retweet",
                                   tooltip=t("ed.flip_tip"), layout=W.Layout(width="110px"), _dom_classes=("sl-editor-flip",))
        self.board_heading = W.HBox([
            heading(t("ed.board_heading"), sh), self.flip,
        ], layout=sh.layout(align_items="center"))
        self.stones_row = W.HBox(columns, layout=plain)
        self.board_box = W.VBox(layout=plain)
        self._lay_out_board()
        self.flip.observe(lambda _: self._lay_out_board(), "value")

        # --- stone, turn, deck and viewer controls ---
        players = [(player_name(p, self.lang), p) for p in (Player.SOUTH, Player.NORTH)]
        player_options = [(t("ed.nobody"), None), *players]
        self.stone_select = W.Dropdown(options=list(range(1, 10)), value=1, description=t("ed.stone"), layout=W.Layout(width="140px"))
        # French descriptions are longer: shown whole (ipywidgets cuts a description past its width)
        long = {} if self.lang == "en" else {"style": {"description_width": "initial"}}
        self.claim_select = W.Dropdown(options=player_options, value=None, description=t("ed.claimed_by"),
                                       layout=W.Layout(width="200px" if self.lang == "en" else "215px"), **long)
        self.first_select = W.Dropdown(options=player_options, value=None, description=t("ed.first_complete"),
                                       layout=W.Layout(width="210px" if self.lang == "en" else "225px"), **long)
        self.turn = W.ToggleButtons(options=players, description=t("ed.to_move"), style={"button_width": "60px"})
        self.viewer = W.ToggleButtons(options=players, value=Player.parse(viewer), description=t("ed.viewer"), style={"button_width": "60px"})
        self.deck = W.BoundedIntText(min=0, max=54, description=t("ed.deck"), layout=W.Layout(width="140px"))
        self.stone_select.observe(lambda _: self._sync_controls(), "value")
        self.claim_select.observe(self._on_change(lambda who: self.claim(self.stone_select.value, who)), "value")
        self.first_select.observe(self._on_change(self._set_first_complete), "value")
        self.turn.observe(self._on_change(self._edit_with(edits.set_turn, lambda p: t("ed.to_move_done", player=p))), "value")
        self.viewer.observe(lambda _: self._refresh_panel(), "value")
        self.deck.observe(self._on_change(self._edit_with(edits.set_deck, lambda n: t("ed.deck_done", n=n))), "value")

        # --- variant and tactics controls ---
        self.variant = W.ToggleButtons(options=[(t("ed.variant_base"), "base"), (t("ed.variant_tactics"), "tactics")],
                                       description=t("ed.variant"), style={"button_width": "70px"},
                                       _dom_classes=("sl-variant-toggle",))
        self.new_button = W.Button(description=t("ed.new"), tooltip=t("ed.new_tip"),
                                   layout=W.Layout(width="100px" if self.lang == "en" else "130px"), _dom_classes=("sl-new",))
        self.variant.observe(self._on_change(self._edit_with(edits.set_variant, lambda v: t(f"ed.board_{v}"))), "value")
        self.new_button.on_click(lambda _: self.apply(lambda pos: Position.empty(pos.rules), t("ed.new_done")))
        self.blind_mode = W.Checkbox(description=mode_words("blind", self.lang), indent=False, layout=W.Layout(width="160px"))
        self.mud_mode = W.Checkbox(description=t("ed.mud_box", mode=mode_words("mud", self.lang)), indent=False,
                                   layout=W.Layout(width="160px" if self.lang == "en" else "200px"))
        for mode, box in (("blind", self.blind_mode), ("mud", self.mud_mode)):
            box.observe(self._on_change(partial(self._set_mode_here, mode)), "value")
        self.played_by = W.ToggleButtons(
            options=[(t("ed.auto"), None), *players], value=None,
            description=t("ed.played_by"), style={"button_width": "55px"},
            tooltips=[t("ed.played_by_tip"), "", ""],
        )
        self.tactics_deck = W.BoundedIntText(min=0, max=TACTICS_TOTAL, description=t("ed.tactics_deck"),
                                             layout=W.Layout(width="160px" if self.lang == "en" else "185px"), **long)
        self.played = {
            p: W.BoundedIntText(min=0, max=TACTICS_TOTAL, description=t("ed.played_count", player=p),
                               layout=W.Layout(width="160px" if self.lang == "en" else "185px"), **long)
            for p in PLAYERS
        }
        self.tactics_deck.observe(
            self._on_change(self._edit_with(edits.set_tactics_deck, lambda n: t("ed.tactics_deck_done", n=n))), "value"
        )
        for p, box in self.played.items():
            box.observe(self._on_change(self._played_setter(p)), "value")
        self.tactics_controls = W.VBox([
            W.HBox([self.blind_mode, self.mud_mode, self.played_by], layout=plain),
            W.HBox([self.tactics_deck, *self.played.values()], layout=plain),
        ], _dom_classes=("sl-tactics-controls",), layout=W.Layout(display=None if tactics_game else "none"))

        # --- history, load and save ---
        history = sh.layout(width="80px" if self.lang == "en" else "95px")
        self.undo_button = W.Button(description=t("ed.undo"), icon="undo", layout=history, disabled=True, _dom_classes=("sl-undo",))
        self.redo_button = W.Button(description=t("ed.redo"), icon="repeat", layout=history, disabled=True, _dom_classes=("sl-redo",))
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.text = W.Textarea(placeholder=t("ed.text_placeholder"), layout=W.Layout(width="100%", height="90px"))
        self.load_button = W.Button(description=t("ed.load"), tooltip=t("ed.load_tip"))
        self.save_json_button = W.Button(description=t("ed.save_json"))
        self.save_notation_button = W.Button(description=t("ed.save_notation"))
        self.load_button.on_click(lambda _: self.load(self.text.value))
        self.save_json_button.on_click(lambda _: self._show_text(self.position.to_json()))
        self.save_notation_button.on_click(lambda _: self._show_text(self.position.notation))
        self.message_html = W.HTML(style=sh.html_style(), layout=plain, _dom_classes=("sl-message",))

        controls = W.VBox([
            heading(t("ed.controls_heading"), sh),
            W.HBox([self.target, self.undo_button, self.redo_button], layout=plain),
            W.HBox([self.stone_select, self.claim_select, self.first_select], layout=plain),
            self.tactics_controls,
            W.HBox([self.turn, self.deck], layout=plain),
            self.viewer,
            W.HBox([self.variant, self.new_button], layout=plain),
            heading(t("ed.load_heading"), sh),
            W.HBox([self.load_button, self.save_json_button, self.save_notation_button], layout=plain),
            self.text,
        ], layout=plain)
        self.panel = AnalysisPanel(charts=charts, lang=self.lang, shared=sh)
        self.panel.on_claim = self.claim
        self.advisor: AdvisorPanel | None = advisor if isinstance(advisor, AdvisorPanel) else (AdvisorPanel(lang=self.lang) if advisor else None)
        editor_box = W.VBox([self.message_html, self.board_box, self.palette_box, controls], layout=W.Layout(min_width="560px"))
        right = [self.panel.widget] if self.advisor is None else [self.advisor.widget, self.panel.widget]
        self.widget = W.HBox([editor_box, W.VBox(right, layout=plain)], layout=plain, _dom_classes=("sl-editor",))
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
            self._set_message(self._t("ed.refused", reason=reason_words(exc, self.lang)), error=True)
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
            item = edits.item_of(card)
        except SchottenError as exc:
            self._set_message(self._t("ed.refused", reason=reason_words(exc, self.lang)), error=True)
            return False
        t = target or self.target.value
        name = item_words(item)
        by = self.played_by.value
        if t.pile or t.stone is not None or self._position.hands[t.player] is not None:
            return self.apply(lambda pos: edits.place(pos, item, t, by), self._t("ed.placed", item=name, where=target_where(t, self.lang)))
        if isinstance(item, str):
            if not self._position.rules.tactics:
                self._set_message(self._t("ed.tactics_only", item=name), error=True)
                return False
            drafted = sum(1 for d in self.drafts.values() for c in d if c == item)
            if edits.tactics_used(self._position)[item] + drafted >= TACTICS_COPIES[item]:
                self._set_message(self._t("ed.every_copy", item=name), error=True)
                return False
        elif any(item in d for d in self.drafts.values()) or edits.used_mask(self._position) >> item.index & 1:
            self._set_message(self._t("ed.already_placed", item=name), error=True)
            return False
        draft = self.drafts[t.player] + [item]
        size = self._position.hand_sizes[t.player]
        if len(draft) < size:
            self.drafts[t.player] = draft
            self._set_message(self._t("ed.noted", target=target_label(t, self.lang), item=name, more=size - len(draft)))
            self._refresh_board()
            return True
        if self.apply(lambda pos: edits.set_hand(pos, t.player, draft), self._t("ed.entered", target=target_label(t, self.lang))):
            self.drafts[t.player] = []
            self._refresh_board()
            return True
        return False

    def take_back(self, card: Card | str) -> bool:
        """Take a card back from a stone, a combat mode off its stone, a card from the discard pile,
        a known hand (which becomes a draft again) or a draft."""
        try:
            item = edits.item_of(card)
        except SchottenError as exc:
            self._set_message(self._t("ed.refused", reason=reason_words(exc, self.lang)), error=True)
            return False
        name = item_words(item)
        for p, draft in self.drafts.items():
            if item in draft:
                draft.remove(item)
                self._set_message(self._t("ed.took_draft", item=name, player=p))
                self._refresh_board()
                return True
        for p in PLAYERS:
            hand = self._position.hands[p]
            if hand is not None and item in hand:
                rest = list(hand)
                rest.remove(item)
                if self.apply(partial(edits.set_hand, player=p, cards=None), self._t("ed.took_hand", item=name, player=p)):
                    self.drafts[p] = rest
                    self._refresh_board()
                    return True
                return False
        return self.apply(lambda pos: edits.take_back(pos, item, self.played_by.value), self._t("ed.took", item=name))

    def set_mode(self, stone: int, mode: str, on: bool = True) -> bool:
        """Put a combat mode on a stone or take it off (played by the "Played by" control's player)."""
        word = mode_words(mode, self.lang)
        return self.apply(
            lambda pos: edits.set_mode(pos, stone, mode, on, self.played_by.value),
            self._t("ed.mode_on" if on else "ed.mode_off", stone=stone, mode=word),
        )

    def claim(self, stone: int, player: Player | str | None) -> bool:
        """Claim a stone for a player (the cards must support it), or unclaim it with ``None``."""
        who = None if player is None else Player.parse(player)
        return self.apply(lambda pos: edits.set_claim(pos, stone, who), self._t("ed.claim_done", stone=stone, player=who) if who else self._t("ed.unclaim_done", stone=stone))

    def undo(self) -> bool:
        return self._step(self._undo, self._redo, "ed.nothing_undo", "ed.undone")

    def redo(self) -> bool:
        return self._step(self._redo, self._undo, "ed.nothing_redo", "ed.redone")

    def _step(self, back: list[Position], forth: list[Position], nothing: str, done: str) -> bool:
        """Go back to the last position of ``back``, keeping the current one on ``forth`` (``nothing``
        and ``done``: the phrases said)."""
        if not back:
            self._set_message(self._t(nothing))
            return False
        forth.append(self._position)
        self._position = back.pop()
        self.drafts = {p: [] for p in PLAYERS}
        self._set_message(self._t(done))
        self._refresh()
        return True

    def load(self, text: str) -> bool:
        """Load a JSON document or a notation line (an undoable edit)."""
        if self.apply(lambda _: load_position_text(text).position, self._t("ed.loaded")):
            self.drafts = {p: [] for p in PLAYERS}
            self._refresh_board()
            return True
        return False

    def set_position(self, position: Position) -> bool:
        return self.apply(lambda _: edits.checked(position), self._t("ed.position_set"))

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
                self.apply(lambda pos: edits.take_back_at(pos, stone, player, i),
                           self._t("ed.took", item=item_words(piece)))
            else:  # an empty slot chooses the target
                self.target.value = Target.side(stone, player)
                self.stone_select.value = stone
                self._set_message(self._t("ed.target_now", target=target_label(self.target.value, self.lang)))

        return click

    def _discard_click(self, index: int) -> Callable[[Any], bool]:
        def click(_: Any) -> bool:
            card = self._position.discard[index]
            return self.apply(lambda pos: edits.take_back_discard(pos, index, self.played_by.value),
                              self._t("ed.took_discard", item=item_words(card)))

        return click

    def _set_first_complete(self, who: Player | None) -> bool:
        n = self.stone_select.value
        return self.apply(lambda pos: edits.set_first_complete(pos, n, who), self._t("ed.first_done", stone=n))

    def _set_mode_here(self, mode: str, on: object) -> bool:
        return self.set_mode(self.stone_select.value, mode, bool(on))

    def _played_setter(self, player: Player) -> Callable[[Any], object]:
        return self._edit_with(
            lambda pos, n: edits.set_tactics_played(pos, player, n), lambda n: self._t("ed.played_done", player=player, n=n)
        )

    def _on_change(self, act: Callable[[Any], object]) -> Callable[[dict[str, Any]], None]:
        """An observer that runs ``act`` on a control's new value, unless the editor itself set it."""

        def changed(change: dict[str, Any]) -> None:
            if not self._syncing:
                act(change["new"])

        return changed

    def _edit_with(self, edit: Callable[[Position, Any], Position], done: Callable[[Any], str]) -> Callable[[Any], object]:
        """An action that applies ``edit(position, value)``, saying ``done(value)``."""
        return lambda value: self.apply(lambda pos: edit(pos, value), done(value))

    def _show_text(self, text: str) -> None:
        self.text.value = text
        self._set_message(self._t("ed.saved"))

    def _hand_click(self, card: HandCard) -> Callable[[Any], bool]:
        return lambda _: self.take_back(card)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["MODE_WORDS", "BoardEditor"]
