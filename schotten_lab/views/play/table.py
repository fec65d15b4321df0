"""The play app's widgets, :class:`PlayTable`: the settings, the table, the advisor's and the record's rows.

Built whole and wired to nothing: :class:`~.widget.PlayGame` (the controller) gives the buttons their
actions, :mod:`.drawing` shows the game on them. Kept apart so that each module does one job.
"""

from __future__ import annotations

import html
import random
from pathlib import Path

import ipywidgets as W
from ipywidgets.widgets.widget_bool import ToggleButtonStyle

from ...core import words
from ...core.rules import Player
from ...core.svg import COLUMN, MARGIN
from ..editor.buttons import Shared, show
from .parts import MAX_HAND, MAX_SEED, OPPONENTS, REVIEW_ITERATIONS, ROUNDS, STRENGTHS, VARIANTS, default_file_name, small_button
from .move_words import t
from .words import level_label, rollouts_text


class PlayTable:
    """Every widget of the play page, as attributes (the tests and scripts find them there), in the
    page's language ``lang``; the settings' widgets start at the values given."""

    def __init__(self, lang: str, *, opponent: str, rollouts: int, seat: Player | str, you_start: bool, expert: bool,
                 variant: str, seed: int | None, rounds: int, intro: bool, save_dir: Path) -> None:
        L = self.lang = lang
        self.save_dir = save_dir

        # --- settings ---
        # Each widget is made whole (its CSS classes, colours and words in the constructor: one message
        # to the browser, not one more per class), and the widgets that look alike share their layout
        # and style (Shared: a layout is a widget of its own; show() copies a shared one before hiding
        # or showing a widget). Hidden at the start: a shared layout that says so (nothing to send).
        shared = self.shared = Shared()
        plain, hidden = shared.layout(), shared.layout(display="none")
        button_style, html_style = shared.button_style(None, None), shared.html_style()
        strengths = [(level_label(n, L), n) for n in STRENGTHS.values()]
        if rollouts not in STRENGTHS.values():
            strengths.append((level_label(rollouts, L), rollouts))
        self.opponent = W.Dropdown(options=[(t(f"play.bot.{o}", L), o) for o in OPPONENTS], value=opponent,
                                   description=t("play.opponent", L), layout=shared.layout(width="240px"),
                                   _dom_classes=("sl-play-opponent",))
        self.strength = W.Dropdown(options=strengths, value=rollouts, description=t("play.strength", L),
                                   layout=W.Layout(width="300px"), _dom_classes=("sl-play-strength",))
        self.seat_choice = W.ToggleButtons(options=[(words.player(p, L), p) for p in ("south", "north")],
                                           value=Player.parse(seat).value, description=t("play.your_seat", L),
                                           layout=plain, _dom_classes=("sl-play-seat",))
        self.starts = W.ToggleButtons(options=[(t("play.starts.you", L), True), (t("play.starts.bot", L), False)],
                                      value=you_start, description=t("play.who_starts", L), layout=plain,
                                      _dom_classes=("sl-play-starts",))
        self.expert_box = W.Checkbox(value=expert, description=t("play.expert_timing", L), indent=False,
                                     layout=shared.layout(width="auto"))
        self.variant = W.ToggleButtons(options=[(t(f"play.variant.{v}", L), v) for v in VARIANTS], value=variant,
                                       description=t("play.variant", L), layout=plain, _dom_classes=("sl-play-variant",))
        self.seed_box = W.BoundedIntText(value=seed if seed is not None else random.randrange(1_000_000), min=0,
                                         max=MAX_SEED, description=t("play.deal", L), layout=shared.layout(width="180px"))
        self.new_button = W.Button(description=t("play.new_game", L), button_style="primary",
                                   tooltip=t("play.new_game_tip", L), layout=plain, style=button_style,
                                   _dom_classes=("sl-play-new",))
        self.rounds_choice = W.Dropdown(options=[(t("play.rounds.one", L) if n == 1 else t("play.rounds.many", L, count=n), n)
                                                 for n in ROUNDS], value=rounds, description=t("play.rounds", L),
                                        layout=shared.layout(width="240px"), _dom_classes=("sl-play-rounds",))
        settings = W.VBox([
            W.HBox([self.opponent, self.strength, self.seed_box, self.rounds_choice], layout=plain),
            W.HBox([self.seat_choice, self.variant], layout=plain),
            W.HBox([self.starts, self.expert_box, self.new_button], layout=plain),
        ], layout=plain)

        # --- the table ---
        self.status = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-status",))
        self.match_line = W.HTML(layout=hidden, style=html_style, _dom_classes=("sl-play-match",))
        self.next_round_button = W.Button(description=t("play.next_round", L), button_style="primary",
                                          tooltip=t("play.next_round_tip", L), layout=hidden, style=button_style,
                                          _dom_classes=("sl-play-next-round",))
        self.message_html = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-message",))
        self.board = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-board",))
        self.hand_buttons = [  # each its own layout and style: its card's colours, a border when chosen
            small_button(("sl-hand-card", f"sl-hand-{i}"), None,
                         layout=W.Layout(width="48px", height="34px", padding="0", border=""))
            for i in range(MAX_HAND)
        ]
        stone_layout = shared.layout(width=f"{COLUMN - 4}px", height="34px", padding="0", margin="0 2px")
        self.stone_buttons = [  # one button under each stone of the diagram (core.svg's columns)
            small_button(("sl-stone-button", f"sl-stone-button-{n}"), None, description=f"{n}",
                         tooltip=t("play.stone_tip", L, stone=str(n)), layout=stone_layout, style=button_style)
            for n in range(1, 10)
        ]
        claim_layout, claim_style = shared.layout(width="80px", display="none"), ToggleButtonStyle()
        self.claim_buttons: list[W.ToggleButton] = [
            W.ToggleButton(value=True, description=t("play.claim_button", L, stone=str(n)),
                           tooltip=t("play.claim_tip", L, stone=str(n)), layout=claim_layout, style=claim_style,
                           _dom_classes=("sl-play-claim", f"sl-play-claim-{n}"))
            for n in range(1, 10)
        ]
        self.end_button = W.Button(description=t("play.end_turn", L), button_style="success",
                                   tooltip=t("play.end_turn_tip", L), layout=hidden, style=button_style,
                                   _dom_classes=("sl-play-end",))
        self.back_button = W.Button(description=t("play.take_back", L), tooltip=t("play.take_back_tip", L),
                                    layout=hidden, style=button_style, _dom_classes=("sl-play-back",))
        self.pass_button = W.Button(description=t("play.pass", L), tooltip=t("play.pass_tip", L), layout=hidden,
                                    style=button_style, _dom_classes=("sl-play-pass",))
        self.deck_choice = W.ToggleButtons(options=[(t(f"play.deck.{d}", L), d) for d in ("clan", "tactics")],
                                           value="clan", description=t("play.draw_from", L), layout=hidden,
                                           _dom_classes=("sl-play-deck",))
        self.ruse_choice = W.Dropdown(options=[], description=t("play.how", L), layout=shared.layout(width="520px"),
                                      _dom_classes=("sl-play-ruse-choice",))
        self.ruse_button = W.Button(description=t("play.play_it", L), button_style="success",
                                    tooltip=t("play.play_it_tip", L), layout=plain, style=button_style,
                                    _dom_classes=("sl-play-ruse",))
        self.ruse_row = W.HBox([self.ruse_choice, self.ruse_button], layout=hidden)
        self.return_button = W.Button(description=t("play.put_back", L), button_style="success",
                                      tooltip=t("play.put_back_tip", L), layout=hidden, style=button_style,
                                      _dom_classes=("sl-play-return",))
        self.claim_row = W.HBox([W.HTML(f"<b>{html.escape(t('play.claims_row', L))}</b>&nbsp;", layout=plain,
                                        style=html_style), *self.claim_buttons, self.end_button, self.back_button],
                                layout=hidden, _dom_classes=("sl-play-claims",))
        hand_row = W.HBox([W.HTML(f"<b>{html.escape(t('play.your_hand', L))}</b>&nbsp;", layout=shared.layout(width="100px"),
                                  style=html_style),
                           *self.hand_buttons,
                           self.pass_button], layout=plain)
        stone_row = W.HBox([W.Box(layout=shared.layout(width=f"{MARGIN}px")), *self.stone_buttons], layout=plain)

        # --- the advisor, the record, the review ---
        self.advice_button = W.Button(description=t("play.ask_advisor", L), layout=shared.layout(width="260px"),
                                      tooltip=t("play.ask_advisor_tip", L), style=button_style,
                                      _dom_classes=("sl-play-advice-button",))
        self.advice = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-advice",))
        self.file_name = W.Text(value=default_file_name(), description=t("play.file", L),
                                layout=shared.layout(width="320px"), _dom_classes=("sl-play-file",))
        self.save_button = W.Button(description=t("play.save", L), tooltip=t("play.save_tip", L, folder=str(self.save_dir)),
                                    layout=plain, style=button_style, _dom_classes=("sl-play-save",))
        self.review_button = W.Button(description=t("play.review", L), tooltip=t("play.review_tip", L), layout=plain,
                                      style=button_style, _dom_classes=("sl-play-review",))
        self.review_iterations = REVIEW_ITERATIONS
        self.judge = W.Checkbox(value=False, indent=False,
                                description=t("play.judge", L, rollouts=rollouts_text(REVIEW_ITERATIONS, L)),
                                layout=plain, _dom_classes=("sl-play-judge",))
        self.review_box = W.VBox(layout=plain, _dom_classes=("sl-play-review-box",))
        self.log = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-log",))

        self.intro = W.HTML(f"<h2>{html.escape(t('play.intro.title', L))}</h2><p>{html.escape(t('play.intro.how', L))}</p>"
                            if intro else "", layout=plain if intro else hidden, style=html_style,
                            _dom_classes=("sl-play-intro",))
        self.widget = W.VBox([
            self.intro, settings, W.HBox([self.match_line, self.next_round_button], layout=plain), self.status,
            self.message_html, self.board, stone_row, hand_row, self.ruse_row,
            W.HBox([self.deck_choice, self.return_button], layout=plain), self.claim_row,
            W.HBox([self.advice_button], layout=plain), self.advice,
            W.HBox([self.file_name, self.save_button, self.review_button, self.judge], layout=plain), self.log,
            self.review_box,
        ], layout=plain, _dom_classes=("sl-play",))

    @property
    def human(self) -> Player:
        """The person's seat (the setting shown)."""
        return Player.parse(str(self.seat_choice.value))

    @property
    def bot_seat(self) -> Player:
        return self.human.opponent

    def _show_strength(self) -> None:
        show(self.strength, self.opponent.value == "advisor")


__all__ = ["PlayTable"]
