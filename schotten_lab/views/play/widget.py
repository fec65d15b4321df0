"""The play-against-a-bot widget, :class:`PlayGame` (the package's docstring says what it does)."""

from __future__ import annotations

import dataclasses
import html
import os
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W
from ipywidgets.widgets.widget_bool import ToggleButtonStyle

from ...bots import Bot
from ...bots.advisor import Advice
from ...core import words
from ...core.errors import SchottenError
from ...core.files import check_output, write_text_atomic
from ...core.position import Position
from ...core.rules import Player
from ...core.svg import COLUMN, MARGIN, position_svg
from ...core.tactics import RUSES, TACTICS_NAMES, HandCard
from ...core.words import WordsError, check_lang, default_lang
from ...game import GameRecord, GameState, IllegalTurnError, Match, Play, Turn, apply_turn, may_pass, new_game, read_match
from ...game import read_record, record_from_game, validate_record
from ..editor.buttons import Shared, show, style_piece
from .parts import (
    ADVICE_ROLLOUTS,
    ERROR_STYLE,
    MAX_HAND,
    MAX_ROLLOUTS,
    MAX_SEED,
    OPPONENTS,
    REVIEW_ITERATIONS,
    ROUNDS,
    STRENGTHS,
    VARIANTS,
    advice_html,
    bot_label,
    build_bot,
    default_file_name,
    human_name,
    safe_file_name,
    small_button,
    turn_words,
)
from .words import bot_name, card_name, cards_text, level_label, one_line, play_text, problem_text, rollouts_text, short_label, t


class PlayGame:
    """A whole game against a bot (see the module's docstring).

    Options: ``opponent`` (``random``/``greedy``/``advisor``), ``rollouts`` (the advisor's strength),
    ``seat`` (the person's), ``you_start``, ``expert``, ``variant`` (``base``/``tactics``), ``seed`` (the deal's and the bot's; random when
    ``None``), ``save_dir`` (where records go; ``$SCHOTTEN_GAMES_DIR`` or ``games``),
    ``advice_rollouts``, ``rounds`` (1, or a match of 3 or 5 rounds: *Next round*, the score, saved as
    ``schotten-lab/match@1``), ``lang`` (``"en"``/``"fr"``: every label, status line and message; default
    ``$SCHOTTEN_LANG``, else English; :mod:`.words`), ``intro`` (a heading and how to play, in that
    language: the app's page).

    For scripts and tests: ``state`` (the engine's :class:`GameState`), ``record``, ``message`` (the
    last notice or refusal, one sentence), ``select(card)``, ``place(stone)``, ``play(card, stone)``,
    ``set_claims(stones)``, ``end_turn()``, ``pass_turn()``, ``play_ruse()`` (the menu's choice),
    ``put_back()`` (Headhunter), ``ask_advisor()``, ``save(name)``,
    ``open_review()``, ``new_game()``; the widgets ``hand_buttons``, ``stone_buttons``,
    ``claim_buttons``, ``widget``.
    """

    def __init__(
        self,
        opponent: str = "advisor",
        rollouts: int = 300,
        *,
        seat: Player | str = Player.SOUTH,
        you_start: bool = True,
        expert: bool = False,
        variant: str = "base",
        seed: int | None = None,
        save_dir: str | Path | None = None,
        advice_rollouts: int = ADVICE_ROLLOUTS,
        lang: str | None = None,
        intro: bool = False,
        rounds: int = 1,
    ) -> None:
        try:
            self.lang = check_lang(default_lang() if lang is None else lang)
        except WordsError as exc:
            raise ValueError(f"lang: {exc}") from None
        L = self.lang
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent: {opponent!r} is not one of {', '.join(OPPONENTS)}")
        if not 1 <= rollouts <= MAX_ROLLOUTS:
            raise ValueError(f"rollouts: must be from 1 to {MAX_ROLLOUTS}, not {rollouts}")
        if variant not in VARIANTS:
            raise ValueError(f"variant: {variant!r} is not one of {', '.join(VARIANTS)}")
        if rounds not in ROUNDS:
            raise ValueError(f"rounds: {rounds!r} is not one of {', '.join(map(str, ROUNDS))}")
        self.save_dir = Path(save_dir if save_dir is not None else os.environ.get("SCHOTTEN_GAMES_DIR") or "games")
        self.advice_rollouts = advice_rollouts
        self.last_bot_seconds: list[float] = []
        self.saved: Path | None = None
        self._message = ""
        self._selected: str | None = None
        self._pending: Play | None = None
        self._last_bot_cards: list[str] = []
        self._returns: list[str] = []

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
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed: must be from 0 to {MAX_SEED}, not {seed}")
        self.seed_box = W.BoundedIntText(value=seed if seed is not None else random.randrange(1_000_000), min=0,
                                         max=MAX_SEED, description=t("play.deal", L), layout=shared.layout(width="180px"))
        self.new_button = W.Button(description=t("play.new_game", L), button_style="primary",
                                   tooltip=t("play.new_game_tip", L), layout=plain, style=button_style,
                                   _dom_classes=("sl-play-new",))
        self.opponent.observe(lambda _: self._show_strength(), "value")
        self.new_button.on_click(lambda _: self.new_game())
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
        self.next_round_button.on_click(lambda _: self.next_round())
        self.message_html = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-message",))
        self.board = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-board",))
        self.hand_buttons = [  # each its own layout and style: its card's colours, a border when chosen
            small_button(("sl-hand-card", f"sl-hand-{i}"), self._hand_click(i),
                         layout=W.Layout(width="48px", height="34px", padding="0", border=""))
            for i in range(MAX_HAND)
        ]
        stone_layout = shared.layout(width=f"{COLUMN - 4}px", height="34px", padding="0", margin="0 2px")
        self.stone_buttons = [  # one button under each stone of the diagram (core.svg's columns)
            small_button(("sl-stone-button", f"sl-stone-button-{n}"), self._stone_click(n), description=f"{n}",
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
        self.end_button.on_click(lambda _: self.end_turn())
        self.back_button = W.Button(description=t("play.take_back", L), tooltip=t("play.take_back_tip", L),
                                    layout=hidden, style=button_style, _dom_classes=("sl-play-back",))
        self.back_button.on_click(lambda _: self._take_back())
        self.pass_button = W.Button(description=t("play.pass", L), tooltip=t("play.pass_tip", L), layout=hidden,
                                    style=button_style, _dom_classes=("sl-play-pass",))
        self.pass_button.on_click(lambda _: self.pass_turn())
        self.deck_choice = W.ToggleButtons(options=[(t(f"play.deck.{d}", L), d) for d in ("clan", "tactics")],
                                           value="clan", description=t("play.draw_from", L), layout=hidden,
                                           _dom_classes=("sl-play-deck",))
        self.ruse_choice = W.Dropdown(options=[], description=t("play.how", L), layout=shared.layout(width="520px"),
                                      _dom_classes=("sl-play-ruse-choice",))
        self.ruse_button = W.Button(description=t("play.play_it", L), button_style="success",
                                    tooltip=t("play.play_it_tip", L), layout=plain, style=button_style,
                                    _dom_classes=("sl-play-ruse",))
        self.ruse_button.on_click(lambda _: self.play_ruse())
        self.ruse_row = W.HBox([self.ruse_choice, self.ruse_button], layout=hidden)
        self.return_button = W.Button(description=t("play.put_back", L), button_style="success",
                                      tooltip=t("play.put_back_tip", L), layout=hidden, style=button_style,
                                      _dom_classes=("sl-play-return",))
        self.return_button.on_click(lambda _: self.put_back())
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
        self.advice_button.on_click(lambda _: self.ask_advisor())
        self.advice = W.HTML(layout=plain, style=html_style, _dom_classes=("sl-play-advice",))
        self.file_name = W.Text(value=default_file_name(), description=t("play.file", L),
                                layout=shared.layout(width="320px"), _dom_classes=("sl-play-file",))
        self.save_button = W.Button(description=t("play.save", L), tooltip=t("play.save_tip", L, folder=str(self.save_dir)),
                                    layout=plain, style=button_style, _dom_classes=("sl-play-save",))
        self.save_button.on_click(lambda _: self.save())
        self.review_button = W.Button(description=t("play.review", L), tooltip=t("play.review_tip", L), layout=plain,
                                      style=button_style, _dom_classes=("sl-play-review",))
        self.review_button.on_click(lambda _: self.open_review())
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
        self._show_strength()
        self.new_game()

    # ---- the settings and a new game ------------------------------------------------------------

    @property
    def human(self) -> Player:
        return Player.parse(str(self.seat_choice.value))

    @property
    def bot_seat(self) -> Player:
        return self.human.opponent

    @property
    def message(self) -> str:
        return self._message

    def _show_strength(self) -> None:
        show(self.strength, self.opponent.value == "advisor")

    def new_game(self) -> None:
        """Start a game (or the first round of a match) with the settings shown (the current game,
        saved or not, is dropped)."""
        self.rounds = int(self.rounds_choice.value)
        self.match_rounds: list[GameRecord] = []
        self._match_settings = {w: w.value for w in (self.opponent, self.strength, self.seat_choice, self.variant, self.expert_box)}
        self._start(int(self.seed_box.value), self.human if self.starts.value else self.bot_seat)

    def next_round(self) -> None:
        """A match's next round, once the current one is over: the next deal (the first round's plus
        the round's number), the other player starts; the rounds played are kept for the score."""
        if not self.state.over:
            self._refuse(t("play.msg.round_not_over", self.lang))
            return
        if len(self.match_rounds) + 1 >= self.rounds:
            self._refuse(t("play.msg.match_over_already", self.lang))
            return
        self.match_rounds.append(self.record)
        for control, value in self._match_settings.items():  # a match keeps its settings: changes wait for New game
            control.value = value
        self._start(self._first_seed + len(self.match_rounds), self.state.first.opponent, keep_match=True)

    @property
    def match(self) -> Match:
        """The match so far (``schotten-lab/match@1``): the rounds played and the current one."""
        return Match((*self.match_rounds, self.record))

    def _start(self, seed: int, first: Player, keep_match: bool = False) -> None:
        if not keep_match:
            self._first_seed = seed
        self.state: GameState = new_game(str(self.variant.value), bool(self.expert_box.value), seed=seed, first=first)
        # the bot's name in the record (advisor(300 rollouts)), and as the page says it in its language
        self.bot_name = bot_label(str(self.opponent.value), int(self.strength.value))
        self.bot_shown = bot_name(str(self.opponent.value), int(self.strength.value), self.lang)
        self.bot: Bot = build_bot(str(self.opponent.value), int(self.strength.value), seed)
        self.players = {self.human.value: human_name(self.human), self.bot_seat.value: self.bot_name}
        self.last_bot_seconds = []
        self.saved = None
        self._selected = None
        self._pending = None
        self._last_bot_cards = []
        self._returns = []
        self.advice.value = ""
        self.review_box.children = ()
        if not keep_match:
            self.file_name.value = default_file_name()
        start = t("play.msg.you_start" if first is self.human else "play.msg.bot_starts", self.lang)
        if keep_match:
            self._notice(t("play.msg.new_round", self.lang, round=len(self.match_rounds) + 1, rounds=self.rounds,
                           deal=str(seed), start=start))
        else:
            self._notice(t("play.msg.new_game", self.lang, deal=str(seed), seat=self.human, bot=self.bot_shown, start=start))
        self._render()
        self._bot_turns()

    # ---- the player's actions -------------------------------------------------------------------

    def _refuse_while_headhunter(self) -> bool:
        """True (and the reason in ``message``) while Headhunter's put-back waits."""
        if self.state.pending is None:
            return False
        self._refuse(t("play.msg.headhunter_first", self.lang, count=self.state.pending.returns))
        return True

    def _refuse_unless_my_turn(self) -> bool:
        """True (and the reason in ``message``) when the player may not act now."""
        if self.state.over:
            self._refuse(t("play.msg.over", self.lang))
        elif self.state.to_move is not self.human:
            self._refuse(t("play.msg.not_your_turn", self.lang, player=self.state.to_move))
        else:
            return False
        return True

    def select(self, card: str) -> None:
        """Choose the card of the hand to place next (clicking it again un-chooses it)."""
        if self._refuse_unless_my_turn():
            return
        if self._pending is not None:
            self._refuse(t("play.msg.finish_first", self.lang))
            return
        hand = [str(c) for c in self.state.hand(self.human)]
        code = str(card).strip().upper()
        if code not in hand:
            self._refuse(t("play.msg.not_in_hand", self.lang, card=str(card)[:20],
                           hand=cards_text(hand, self.lang) or t("play.msg.hand_empty", self.lang)))
            return
        if self.state.pending is not None:
            self._choose_return(code, hand)
            return
        self._selected = None if self._selected == code else code
        self.ruse_choice.options = []
        if self._selected in RUSES:
            ways = [(play_text(p, self.lang), p) for p in self.state.legal_plays() if p.card == code]
            if not ways:
                self._selected = None
                self._refuse(t("play.msg.no_target", self.lang, card=card_name(code)))
                self._render()
                return
            self.ruse_choice.options = ways
            self._notice(t("play.msg.chosen_ruse", self.lang, card=card_name(code)))
        else:
            self._notice(t("play.msg.chosen", self.lang, card=card_name(code)) if self._selected
                         else t("play.msg.none_chosen", self.lang))
        self._render()

    def _choose_return(self, code: str, hand: list[str]) -> None:
        """During Headhunter's put-back: click a card to put it back (again to keep it)."""
        wanted = self.state.pending.returns if self.state.pending else 0
        if code in self._returns:
            self._returns.remove(code)
        elif hand.count(code) > self._returns.count(code):
            if len(self._returns) >= wanted:
                self._refuse(t("play.msg.returns_full", self.lang, count=wanted))
                return
            self._returns.append(code)
        self._notice(t("play.msg.to_put_back", self.lang,
                       cards=cards_text(self._returns, self.lang) or t("play.msg.none_yet", self.lang),
                       chosen=len(self._returns), count=wanted))
        self._render()

    def put_back(self) -> None:
        """Finish Headhunter: the chosen cards go back under their decks (the engine checks them)."""
        if self._refuse_unless_my_turn():
            return
        if self.state.pending is None:
            self._refuse(t("play.msg.nothing_to_put_back", self.lang))
            return
        wanted = self.state.pending.returns
        try:
            self.state, turn = apply_turn(self.state, Turn(put_back=tuple(self._returns)))
        except IllegalTurnError as exc:
            self._refuse(t("play.msg.cannot_go_back", self.lang,
                           problem=problem_text(exc, self.lang, returns=wanted)))
            return
        self._returns = []
        self._notice(t("play.msg.you_played", self.lang, move=turn_words(turn, self.lang)))
        self._render()
        self._bot_turns()

    def play_ruse(self) -> None:
        """Play the chosen ruse (Banshee, Traitor, Strategist, Headhunter) the way chosen in the menu."""
        if self._refuse_unless_my_turn():
            return
        play = self.ruse_choice.value
        if not isinstance(play, Play) or play.card != self._selected:
            self._refuse(t("play.msg.choose_ruse", self.lang))
            return
        self._try(play)

    def place(self, stone: int) -> None:
        """Place the chosen card on ``stone``; the engine checks it. The turn ends at once, unless
        claims are provable (base game): then they are offered, and *End turn* makes them."""
        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return
        if self._pending is not None:
            self._refuse(t("play.msg.finish_first", self.lang))
            return
        if self._selected is None:
            self._refuse(t("play.msg.choose_card", self.lang))
            return
        if self._selected in RUSES:
            self._refuse(t("play.msg.from_menu", self.lang, card=card_name(self._selected)))
            return
        self._try(Play(self._selected, int(stone)))

    def _try(self, play: Play) -> None:
        """Play ``play`` (the engine checks it) and the bot's answer; but when the placement makes
        claims provable (base game) offer them first, and *End turn* plays the turn with the chosen ones."""
        placed = play.kind in ("clan", "troop", "mode")

        def refusal(problem: str) -> str:
            if placed:
                return t("play.msg.cannot_go_on", self.lang, card=card_name(play.card), stone=str(play.stone), problem=problem)
            return t("play.msg.cannot_go_that_way", self.lang, card=card_name(play.card), problem=problem)

        played = self._ask_engine(self._decision(play, self._chosen_claims() if self.state.expert else []), refusal,
                                  stone=play.stone if placed else None)
        if played is None:
            return
        if not self.state.expert and self.state.claims_after(play):
            # The engine's answer was the turn without claims; the turn with the claims the person
            # then chooses is another turn, played by end_turn. Nothing was changed yet.
            self._pending = play
            self._selected = None
            self._notice(t("play.msg.can_claim", self.lang, play=play_text(play, self.lang)))
            for toggle in self.claim_buttons:
                toggle.value = True
            self._render()
            return
        self._finish(*played)

    def _decision(self, play: Play | None, claims: Sequence[int]) -> Turn:
        """The person's turn as the engine takes it; in the tactics variant the deck to draw from (the
        chosen one, or the other when it is empty)."""
        deck = None
        if self.state.rules.tactics:
            sizes = {"clan": len(self.state.clan_deck), "tactics": len(self.state.tactics_deck)}
            chosen = str(self.deck_choice.value)
            other = "tactics" if chosen == "clan" else "clan"
            deck = chosen if sizes[chosen] else other if sizes[other] else None
        return Turn(self.human, play, tuple(claims), deck=deck)

    def play(self, card: str, stone: int, claims: Sequence[int] | None = None) -> None:
        """Choose ``card``, place it on ``stone`` and (when claims are offered) end the turn with
        ``claims`` (default: every provable one)."""
        if self.state.expert and claims is not None:
            self.set_claims(claims)
        if self._selected != str(card).strip().upper():  # select() un-chooses a card chosen again
            self.select(card)
        if self._selected is None:
            return
        self.place(stone)
        if self._pending is not None:
            if claims is not None:
                self.set_claims(claims)
            self.end_turn()

    def set_claims(self, stones: Sequence[int]) -> None:
        """Choose which of the offered claims to make."""
        wanted = {int(n) for n in stones}
        for n, toggle in enumerate(self.claim_buttons, 1):
            toggle.value = n in wanted

    def offered_claims(self) -> tuple[int, ...]:
        """The stones the player may claim now (the engine's proof), or after the pending placement."""
        if self.state.over or self.state.to_move is not self.human:
            return ()
        if self._pending is not None:
            return self.state.claims_after(self._pending)
        return self.state.claimable() if self.state.expert else ()

    def _chosen_claims(self) -> list[int]:
        return [n for n in self.offered_claims() if self.claim_buttons[n - 1].value]

    def end_turn(self) -> None:
        """Make the pending placement (base game) with the chosen claims; in the expert variant, make
        the chosen claims alone (when they win the game, or with no card to place)."""
        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return
        if self._pending is not None:
            decision = self._decision(self._pending, self._chosen_claims())
        elif self.state.expert and self._chosen_claims():
            decision = self._decision(None, self._chosen_claims())
        else:
            self._refuse(t("play.msg.no_turn_to_end", self.lang))
            return
        played = self._ask_engine(decision, lambda problem: t("play.msg.turn_refused", self.lang, problem=problem))
        if played is not None:
            self._finish(*played)

    def pass_turn(self) -> None:
        """Pass (allowed by the engine only when no card can be placed); in the base game the pass
        makes every claim the engine proves (expert: the chosen ones)."""
        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return
        if self._pending is not None:
            self._refuse(t("play.msg.finish_first", self.lang))
            return
        claims = self._chosen_claims() if self.state.expert else list(self.state.claimable())
        played = self._ask_engine(self._decision(None, claims), lambda problem: t("play.msg.cannot_pass", self.lang, problem=problem))
        if played is not None:
            self._finish(*played)

    def _take_back(self) -> None:
        if self._pending is None:
            self._refuse(t("play.msg.nothing_waiting", self.lang))
            return
        self._selected, self._pending = self._pending.card, None
        self._notice(t("play.msg.taken_back", self.lang, card=card_name(self._selected)))
        self._render()

    def _ask_engine(self, decision: Turn, refusal: Callable[[str], str],
                    stone: int | None = None) -> tuple[GameState, Turn] | None:
        """The engine's new state and recorded turn for the person's ``decision`` (the game is left as
        it is: states are immutable); ``None`` when illegal, with ``refusal(the rule broken)`` said
        (the rule in the page's language: :func:`.words.problem_text`)."""
        try:
            return apply_turn(self.state, decision)
        except IllegalTurnError as exc:
            self._refuse(refusal(problem_text(exc, self.lang, stone=stone)))
            return None

    def _finish(self, state: GameState, turn: Turn) -> None:
        """Take the state the engine returned for the person's turn, then let the bot play."""
        self.state = state
        self._selected = self._pending = None
        self.advice.value = ""
        if self.state.pending is not None:
            drawn = cards_text(turn.drawn or (), self.lang)
            self._notice(t("play.msg.headhunter_drew", self.lang, cards=drawn, count=self.state.pending.returns))
            self._render()
            return
        self._notice(t("play.msg.you_played", self.lang, move=turn_words(turn, self.lang)))
        self._render()
        self._bot_turns()

    # ---- the bot --------------------------------------------------------------------------------

    def _bot_turns(self) -> None:
        """Let the bot play while it is its turn; the page says it is thinking meanwhile.

        The bot moves in the kernel's thread: no click is handled during its search (the kernel takes
        widget messages one at a time), the page greys the person's buttons meanwhile (the callers
        render before), and a click still queued finds the bot's turn refused or the person's next turn."""
        while not self.state.over and self.state.to_move is self.bot_seat:
            self.status.value = (f'<p><b>{html.escape(t("play.status.thinking", self.lang, bot=self.bot_shown, seat=self.bot_seat))}</b>'
                                 f'<span class="sl-play-turn" data-turns="{len(self.state.turns)}" data-mine="0" '
                                 'data-over="0" data-winner=""></span></p>')
            started = time.perf_counter()
            try:
                observation = self.state.observation(self.bot_seat)  # the bot's own view: no peeking either way
                decision = self.bot.decide(observation, self.state.turns)
                self.state, turn = apply_turn(self.state, decision)
            except (SchottenError, ValueError) as exc:
                self._refuse(t("play.msg.bot_failed", self.lang, error=one_line(exc)))
                self._render()
                return
            finally:
                self.last_bot_seconds.append(time.perf_counter() - started)
            play = turn.play
            self._last_bot_cards = [play.card] if play is not None and play.card not in TACTICS_NAMES else []
            if turn.stage != "pending":  # Headhunter's first step: its put-back follows at once
                self._notice(self._message + " " + t("play.msg.bot_played", self.lang, player=words.player(self.bot_seat, self.lang, capital=True),
                                                     move=turn_words(turn, self.lang)))
        self._render()

    # ---- the advisor, the record, the review ----------------------------------------------------

    def ask_advisor(self) -> Advice | None:
        """Rank the player's moves from the player's seat (the bot's hand unknown to it); the table
        goes under the button and the :class:`~schotten_lab.bots.advisor.Advice` is returned."""
        from ...bots import advise

        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return None
        self.advice.value = f"<p><i>{html.escape(t('play.msg.advisor_thinking', self.lang))}</i></p>"
        observation: Position = self.state.observation(self.human)  # what the player sees, nothing more
        try:
            advice = advise(observation, iterations=self.advice_rollouts, seed=len(self.state.turns))
        except ValueError as exc:
            self.advice.value = ""
            self._refuse(t("play.msg.advisor_failed", self.lang, error=one_line(exc)))
            return None
        self.advice.value = advice_html(advice, self.human, lang=self.lang)
        return advice

    @property
    def record(self) -> GameRecord:
        """The game so far as a ``schotten-lab/game@1`` record (unfinished: ``winner`` ``None``)."""
        return record_from_game(self.state, self.players)

    def save(self, name: str | None = None) -> Path | None:
        """Write the record as ``save_dir/name`` (default: the file box), atomically, and check that
        it reads back as the same record and replays; return the path (``None`` and a sentence when
        refused). In a match of several rounds the file is the match (``schotten-lab/match@1``): the
        rounds played, the current one, and the score."""
        if name is not None:
            self.file_name.value = name
        try:
            file_name = safe_file_name(str(self.file_name.value), self.lang)
            self.save_dir.mkdir(parents=True, exist_ok=True)  # the app's own folder (writers never create one)
            path = check_output(self.save_dir / file_name, ("json",))
            saved: GameRecord | Match = self.match if self.rounds > 1 else self.record
            write_text_atomic(path, saved.to_json(indent=1))
            text = path.read_text(encoding="utf-8")
            written = read_match(text) if isinstance(saved, Match) else read_record(text)
            if written.to_dict() != saved.to_dict():
                raise ValueError(t("play.msg.not_read_back", self.lang, path=str(path)))
            if isinstance(written, GameRecord):
                validate_record(written)  # read_match validates every round itself
        except (SchottenError, ValueError, OSError) as exc:
            self._refuse(t("play.msg.not_saved", self.lang, error=one_line(exc)))
            return None
        self.saved = path
        self._notice(t("play.msg.saved", self.lang, count=len(self.state.turns), path=str(path)))
        return path

    def open_review(self) -> None:
        """Show the game so far in the game viewer, under the table. It shows the record in memory:
        a file saved holds the same record (``save`` checks it) and may have been moved or changed
        since. With ``judge`` ticked (either variant) the advisor first judges every turn
        (``review_iterations`` rollouts a turn; progress shown), and the viewer adds each turn's
        judgement and the win-probability chart."""
        from ...play.review import GameReview, ReviewError, TurnReview, review_game
        from ..game_viewer import GameViewer

        if not self.state.turns:
            self._refuse(t("play.msg.nothing_to_review", self.lang))
            return
        review: GameReview | None = None
        try:
            record = self.record
            if self.judge.value:
                progress = W.HTML()
                self.review_box.children = (progress,)

                def on_turn(turn: TurnReview) -> None:
                    progress.value = (f"<p><i>{html.escape(t('play.msg.judging', self.lang, turn=turn.turn, count=len(record.turns)))}"
                                      "</i></p>")

                review = review_game(record, iterations=self.review_iterations, seed=0, on_turn=on_turn)
            viewer = GameViewer(record, review, iterations=self.advice_rollouts, seat=self.human, lang=self.lang)
        except (SchottenError, ReviewError, ValueError) as exc:
            self.review_box.children = ()
            self._refuse(t("play.msg.review_failed", self.lang, error=one_line(exc)))
            return
        viewer.go(viewer.turns)
        self.viewer = viewer
        self.review_box.children = (W.HTML(f"<h4>{html.escape(t('play.review_heading', self.lang))}</h4>"), viewer.widget)
        self._notice(t("play.msg.review_shown_chart" if review is not None else "play.msg.review_shown", self.lang))

    # ---- drawing --------------------------------------------------------------------------------

    def _notice(self, text: str) -> None:
        self._message = text.strip()
        self.message_html.value = f"<p>{html.escape(self._message)}</p>"

    def _refuse(self, text: str) -> None:
        self._message = text
        self.message_html.value = f'<p class="sl-play-refusal" style="{ERROR_STYLE}"><b>{html.escape(text)}</b></p>'

    def _hand_click(self, i: int) -> Callable[[W.Button], None]:
        def click(_: W.Button) -> None:
            hand = self.state.hand(self.human)
            if i < len(hand):
                self.select(str(hand[i]))

        return click

    def _stone_click(self, n: int) -> Callable[[W.Button], None]:
        return lambda _: self.place(n)

    def _status_text(self) -> str:
        s, L = self.state, self.lang
        if s.over:
            if s.winner is None:
                return t("play.status.blocked", L)
            how = t("five_stones" if s.reason == "five" else "three_adjacent", L)
            if s.winner is self.human:
                return t("play.status.you_win", L, seat=s.winner, how=how)
            return t("play.status.bot_wins", L, bot=self.bot_shown, seat=s.winner, how=how)
        if s.to_move is not self.human:
            return t("play.status.bot_to_move", L, bot=self.bot_shown, seat=s.to_move)
        if self._pending is not None:
            return t("play.status.claims", L)
        if s.pending is not None:
            return t("play.status.headhunter", L, count=s.pending.returns)
        if not s.legal_plays():
            return t("play.status.must_pass", L)
        return t("play.status.your_turn", L, seat=self.human)

    def _may_pass(self) -> bool:
        return self.state.pending is None and may_pass(self.state.observation(self.human))

    def _render(self) -> None:
        s = self.state
        observation = s.observation(self.human)
        shown: Position = observation
        if self._pending is not None:
            from ...bots.turns import after_play, seen_state

            table = after_play(seen_state(observation), self._pending)
            kept = [c for c in s.hand(self.human) if c is not None]
            kept.remove(next(c for c in kept if str(c) == self._pending.card))
            # the card is placed but the turn is not over (the claims come next): still the person to move,
            # so the board's "to move" marker agrees with the status line
            shown = dataclasses.replace(table.with_hand(self.human, kept), to_move=self.human)
        offered = self.offered_claims()
        L = self.lang
        caption = (t("play.caption", L, seat=self.human, bot=self.bot_shown, bot_seat=self.bot_seat,
                     turn=len(s.turns) + 1, mover=shown.to_move) if not s.over else
                   t("play.caption_over", L, turns=len(s.turns)))
        if s.over:  # the game is over: the bot's hand is shown too, the person's seat still at the bottom
            board = position_svg(s.position(), bottom=self.human, highlight_cards=self._last_bot_cards, caption=caption,
                                 lang=L)
        else:
            board = position_svg(shown, viewer=self.human, highlight_stones=offered,
                                 highlight_cards=self._last_bot_cards, caption=caption, lang=L)
        self.board.value = str(board)
        mine = s.to_move is self.human and not s.over
        hand: list[HandCard] = [c for c in shown.hand(self.human) or () if c is not None]
        for i, b in enumerate(self.hand_buttons):
            if i < len(hand):
                card = hand[i]
                b.description = short_label(card, L)
                b.tooltip = words.render(card_name(card), L)
                style_piece(b, card)
                chosen = str(card) == self._selected or str(card) in self._returns
                b.layout.border = "3px solid #222" if chosen else ""
                b.disabled = not mine or self._pending is not None
                show(b, True)
            else:
                show(b, False)
        for b in self.stone_buttons:
            b.disabled = not mine or self._pending is not None
        for n, toggle in enumerate(self.claim_buttons, 1):
            show(toggle, n in offered)
        show(self.claim_row, bool(offered))
        show(self.end_button, self._pending is not None or (s.expert and bool(offered)))
        show(self.back_button, self._pending is not None)
        self.pass_button.disabled = not mine or self._pending is not None
        show(self.pass_button, mine and self._may_pass())
        show(self.ruse_row, mine and self._selected in RUSES and self._pending is None)
        show(self.deck_choice, s.rules.tactics)
        show(self.return_button, mine and s.pending is not None)
        self.advice_button.disabled = not mine or self._pending is not None or s.pending is not None
        self.review_button.disabled = not s.turns
        self._show_match()
        self.status.value = (
            f'<p><b>{html.escape(self._status_text())}</b>'
            f'<span class="sl-play-turn" data-turns="{len(s.turns)}" data-mine="{int(mine)}" data-over="{int(s.over)}" '
            f'data-winner="{s.winner.value if s.winner else ""}"></span></p>'
        )
        self._log()

    def _show_match(self) -> None:
        """The match's line (round, score, and who won once the last round is over) and *Next round*."""
        show(self.match_line, self.rounds > 1)
        last = len(self.match_rounds) + 1 >= self.rounds
        show(self.next_round_button, self.rounds > 1 and self.state.over and not last)
        if self.rounds == 1:
            self.match_line.value = ""
            return
        L = self.lang
        played = Match((*self.match_rounds, *((self.record,) if self.state.over else ())))
        score = played.score
        mine, theirs = score[self.human.value], score[self.bot_seat.value]
        line = t("play.match.line", L, round=len(self.match_rounds) + 1, rounds=self.rounds, you=mine, bot=self.bot_shown,
                 theirs=theirs)
        if self.state.over and last:
            key = "play.match.you_win" if mine > theirs else "play.match.bot_wins" if theirs > mine else "play.match.drawn"
            line += " " + t(key, L, rounds=self.rounds, you=mine, bot=self.bot_shown, theirs=theirs)
        self.match_line.value = (f'<p><b>{html.escape(line)}</b><span class="sl-play-score" data-you="{mine}" '
                                 f'data-bot="{theirs}" data-round="{len(self.match_rounds) + 1}"></span></p>')

    def _log(self) -> None:
        turns = self.state.turns
        first = max(0, len(turns) - 6)  # the last six turns only (rendering them all made each click slower)
        lines = [t("play.log_turn", self.lang, k=k, player=turn.player, move=turn_words(turn, self.lang))
                 for k, turn in enumerate(turns[first:], first + 1)]
        sep = words.typeset("; ", self.lang)
        self.log.value = (f"<p style='font-size:90%;color:#555'>{html.escape(t('play.last_turns', self.lang, turns=sep.join(lines)))}</p>"
                          if lines else "")

    @classmethod
    def from_request(cls, query: str | None = None, **options: Any) -> PlayGame:
        """The game a page asks for: ``?opponent=advisor&rollouts=300&seat=north&start=bot&seed=5``
        (also ``variant=tactics``, ``expert=1``, ``lang=fr``, ``rounds=3``)
        (``$QUERY_STRING`` by default); a bad value is ignored and said in ``message``, in the page's
        language (the address's ``lang``, else ``options``'s, else ``$SCHOTTEN_LANG``)."""
        text = os.environ.get("QUERY_STRING", "") if query is None else query
        fields = {k: v[-1] for k, v in parse_qs(text.lstrip("?")).items()}
        problems: list[tuple[str, str]] = []
        chosen: dict[str, Any] = dict(options)
        if fields.get("lang") in words.LANGS:
            chosen["lang"] = fields["lang"]
        elif "lang" in fields:
            problems.append(("lang", fields["lang"]))
        if fields.get("opponent") in OPPONENTS:
            chosen["opponent"] = fields["opponent"]
        elif "opponent" in fields:
            problems.append(("opponent", fields["opponent"]))
        for key, name in (("rollouts", "rollouts"), ("seed", "seed")):
            if key in fields:
                try:
                    value = int(fields[key])
                    if value < (1 if key == "rollouts" else 0) or value > (MAX_ROLLOUTS if key == "rollouts" else MAX_SEED):
                        raise ValueError
                    chosen[name] = value
                except ValueError:
                    problems.append((key, fields[key]))
        if fields.get("seat") in ("south", "north"):
            chosen["seat"] = fields["seat"]
        elif "seat" in fields:
            problems.append(("seat", fields["seat"]))
        if fields.get("start") in ("you", "bot"):
            chosen["you_start"] = fields["start"] == "you"
        elif "start" in fields:
            problems.append(("start", fields["start"]))
        if fields.get("expert") in ("1", "true", "yes"):
            chosen["expert"] = True
        if fields.get("variant") in VARIANTS:
            chosen["variant"] = fields["variant"]
        elif "variant" in fields:
            problems.append(("variant", fields["variant"]))
        if fields.get("rounds") in {str(n) for n in ROUNDS}:
            chosen["rounds"] = int(fields["rounds"])
        elif "rounds" in fields:
            problems.append(("rounds", fields["rounds"]))
        game = cls(**chosen)
        if problems:
            listed = ", ".join(t("play.msg.address_field", game.lang, field=key, value=value[:20]) for key, value in problems)
            game._refuse(t("play.msg.ignored", game.lang, fields=listed))
        return game

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["PlayGame"]
