"""A Jupyter widget to step through a game record: ``GameViewer(record, review=None)``.

First / previous / next / last buttons (plain text and ◀ ▶, which every browser's fonts have: ⏮ and
⏭ were empty boxes in Debian's Chromium), a slider and a play button move through the game (0 is the deal, ``k`` the
position after turn ``k``). The board is drawn as SVG (both hands in a full record; the recorded
seat's view in a one-seat record), the analysis panel says what turn ``k`` did and, with a
:class:`~schotten_lab.play.review.GameReview`, how the advisor judged it; the review's
win-probability chart marks the current turn. Without a review, *Ask the advisor* ranks the moves
of the player to move in the shown position (from that player's seat; ``budget``, a
:class:`~schotten_lab.bots.Budget`, default 100 rollouts: reproducible).

``lang="fr"`` (default from ``SCHOTTEN_LANG``) speaks French: the buttons, tooltips, captions, the
board and the panel (:data:`VIEWER_PHRASES`), every move in words (a tactics card's play too), the
review's turn details and chart.

The widget holds the turn index and wires the events; the drawing is :mod:`.review`'s and
:func:`~schotten_lab.core.svg.position_svg`'s.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from ..bots.budget import Budget, legacy_budget
from ..core.position import Position
from ..core.rules import Player
from ..core.svg import position_svg
from ..core.words import Phrases, check_lang, default_lang, register, say
from ..game import GameRecord, RecordError, new_game, read_record, replay, replay_states
from ..play.review import GameReview
from .editor.words import record_move_words
from .review import chart_svg, turn_detail_html

VIEWER_PHRASES: Phrases = register({
    "gv.first": {"en": "first", "fr": "début"},
    "gv.first_tip": {"en": "first (the deal)", "fr": "au début (la donne)"},
    "gv.prev": {"en": "◀", "fr": "◀"},
    "gv.prev_tip": {"en": "previous turn", "fr": "tour précédent"},
    "gv.next": {"en": "▶", "fr": "▶"},
    "gv.next_tip": {"en": "next turn", "fr": "tour suivant"},
    "gv.last": {"en": "last", "fr": "fin"},
    "gv.last_tip": {"en": "last turn", "fr": "dernier tour"},
    "gv.turn": {"en": "turn", "fr": "tour"},
    "gv.play": {"en": "play", "fr": "lecture"},
    "gv.play_tip": {"en": "play the game through", "fr": "rejouer toute la partie"},
    "gv.ask": {"en": "Ask the advisor", "fr": "Demander au conseiller"},
    "gv.ask_tip": {"en": "rank the moves ({n} rollouts)", "fr": "classer les coups ({n} simulations)"},
    "gv.ask_tip_seconds": {"en": "rank the moves ({n} s of search)", "fr": "classer les coups ({n} s de recherche)"},
    "gv.deal": {"en": "the deal", "fr": "la donne"},
    "gv.after_turn": {"en": "after turn {k}: {player} played {move}", "fr": "après le tour {k} : {player} a joué {move}"},
    "gv.wins": {"en": " — {player} wins ({reason})", "fr": " — {player} gagne ({reason})"},
    "gv.deal_panel": {"en": "The deal; {player} plays first. {turns} turns.",
                      "fr": "La donne ; {player} joue en premier. Partie en {turns} tours."},
    "gv.turn_panel": {"en": "Turn {k}: {player} played <b>{move}</b>.", "fr": "Tour {k} : {player} a joué <b>{move}</b>."},
    "gv.over": {"en": "The game is over.", "fr": "La partie est finie."},
    "gv.reason_five": {"en": "five", "fr": "cinq bornes"},
    "gv.reason_adjacent": {"en": "adjacent", "fr": "trois bornes côte à côte"},
    "gv.reason_blocked": {"en": "blocked", "fr": "partie bloquée"},
    "gv.no_hand": {"en": "{player}'s hand is not in this one-seat record: no advice for that seat.",
                   "fr": "La main de {player} n'est pas dans cet enregistrement d'un seul joueur : pas de conseil pour lui."},
    "gv.cannot": {"en": "The advisor cannot search this position: {reason}",
                  "fr": "Le conseiller ne peut pas étudier cette position : {reason}"},
})
"""The viewer's phrases (``gv.*``), registered with :func:`~schotten_lab.core.words.register`."""
DEFAULT_BUDGET = Budget(rollouts=100)
"""*Ask the advisor*'s default search budget: 100 rollouts (reproducible, well under a second)."""


class GameViewer:
    """Step through ``record`` (a ``schotten-lab/game@1`` record: dict, JSON text or
    :class:`~schotten_lab.game.GameRecord`); ``review`` adds the judgment of each turn and the chart.

    ``turn`` (0 .. ``turns``) is the shown position: 0 the deal, ``k`` after turn ``k``. A record
    that breaks a rule raises :class:`~schotten_lab.game.RecordError` (turn and rule) at once.
    ``lang`` (``"en"``/``"fr"``, default from ``SCHOTTEN_LANG``): the language of its words; an
    unknown one is refused naming it. ``budget`` (a :class:`~schotten_lab.bots.Budget`) bounds *Ask
    the advisor*'s search; ``iterations=N`` is its deprecated spelling.
    """

    def __init__(
        self,
        record: GameRecord | Mapping[str, Any] | str,
        review: GameReview | None = None,
        *,
        budget: Budget = DEFAULT_BUDGET,
        seat: Player | None = None,
        lang: str | None = None,
        iterations: int | None = None,
    ) -> None:
        self.lang = check_lang(default_lang() if lang is None else lang)
        t = self._t
        self.record = read_record(record)
        self.review = review
        self.seat = seat
        """Whose chance the chart draws (the play app: the person's seat); default as the review page."""
        if iterations is not None or not isinstance(budget, Budget):  # iterations=N: the deprecated spelling
            budget = legacy_budget(budget, "GameViewer", iterations=iterations, default=DEFAULT_BUDGET)
        self.budget = budget
        """The advisor's search budget when asked for the moves (default :data:`DEFAULT_BUDGET`)."""
        self.positions: list[Position] = list(replay(self.record, include_start=True))
        rec = self.record
        self._states = [new_game(rec.variant, rec.expert, deal=rec.deal, first=rec.first), *replay_states(rec)]
        if review is not None and len(review.turns) != len(rec.turns):
            raise RecordError(f"the review has {len(review.turns)} turns, the record {len(rec.turns)}", rule="review")
        self.turns = len(rec.turns)
        self.first = W.Button(description=t("gv.first"), tooltip=t("gv.first_tip"), layout=W.Layout(width="60px"))
        self.prev = W.Button(description=t("gv.prev"), tooltip=t("gv.prev_tip"), layout=W.Layout(width="44px"))
        self.next = W.Button(description=t("gv.next"), tooltip=t("gv.next_tip"), layout=W.Layout(width="44px"))
        self.last = W.Button(description=t("gv.last"), tooltip=t("gv.last_tip"), layout=W.Layout(width="60px"))
        self.slider = W.IntSlider(value=0, min=0, max=self.turns, description=t("gv.turn"), continuous_update=True)
        self.play = W.Play(value=0, min=0, max=self.turns, interval=900, description=t("gv.play"), tooltip=t("gv.play_tip"))
        W.jslink((self.play, "value"), (self.slider, "value"))  # in the page: the player moves the slider
        self.board = W.HTML()
        self.panel = W.HTML()
        self.chart = W.HTML()
        self.advise_button = W.Button(description=t("gv.ask"), tooltip=t("gv.ask_tip", n=budget.rollouts) if budget.rollouts is not None
                                        else t("gv.ask_tip_seconds", n=f"{budget.seconds:g}"),
                                      layout=W.Layout(width="auto"))
        self.advice = W.HTML()
        self.first.on_click(lambda _: self.go(0))
        self.prev.on_click(lambda _: self.go(self.turn - 1))
        self.next.on_click(lambda _: self.go(self.turn + 1))
        self.last.on_click(lambda _: self.go(self.turns))
        self.advise_button.on_click(lambda _: self.ask_advisor())
        self.slider.observe(self._on_slider, names="value")
        controls = W.HBox([self.first, self.prev, self.slider, self.next, self.last, self.play])
        parts: list[W.Widget] = [controls, self.board, self.panel]
        if review is not None:
            parts.append(self.chart)
        else:
            parts.extend([self.advise_button, self.advice])
        self.widget = W.VBox(parts)
        self._render()

    @property
    def turn(self) -> int:
        return int(self.slider.value)

    def go(self, turn: int) -> None:
        """Show the position after ``turn`` (clamped to the game)."""
        self.slider.value = max(0, min(int(turn), self.turns))

    def _on_slider(self, change: Mapping[str, Any]) -> None:
        self._render()

    def _render(self) -> None:
        k = self.turn
        self.first.disabled = self.prev.disabled = k == 0
        self.next.disabled = self.last.disabled = k == self.turns
        t = self._t
        caption = t("gv.deal") if k == 0 else t("gv.after_turn", k=k, player=self._mover(k), move=self._played(k))
        if k == self.turns and self.record.winner is not None:
            reason = self.record.reason
            key = f"gv.reason_{reason}"
            caption += t("gv.wins", player=self.record.winner, reason=t(key) if key in VIEWER_PHRASES else reason)
        self.board.value = str(position_svg(self.positions[k], viewer=self.record.seat, caption=caption, lang=self.lang))
        self.panel.value = self._panel(k)
        if self.review is not None:
            self.chart.value = chart_svg(self.review, current=k or None, seat=self.seat, lang=self.lang)
        self.advice.value = ""

    def _mover(self, k: int) -> Player:
        return Player.parse(str(self.record.turns[k - 1]["player"]))

    def _played(self, k: int) -> str:
        turn = self.record.turns[k - 1]
        return record_move_words(turn.get("play"), turn.get("claim"), self.lang)

    def _panel(self, k: int) -> str:
        if k == 0:
            return f"<p>{html.escape(self._t('gv.deal_panel', player=self.record.first, turns=self.turns))}</p>"
        if self.review is not None:
            return f"<p>{turn_detail_html(self.review.turns[k - 1], self.lang)}</p>"
        text = self._t("gv.turn_panel", k=k, player=self._mover(k), move=html.escape(self._played(k)))
        head, colon, rest = text.partition(":" if self.lang == "en" else "\u00a0:")
        return f"<p><b>{html.escape(head)}</b>{colon}{rest}</p>"

    def _t(self, key: str, **fields: object) -> str:
        """Phrase ``key`` of :data:`VIEWER_PHRASES` in the viewer's language."""
        return say(key, self.lang, **fields)

    def ask_advisor(self) -> str:
        """Rank the moves of the player to move in the shown position, seen from that player's seat;
        the ranking (or why there is none) goes to the advice panel and is returned."""
        from ..bots import advise

        state = self._states[self.turn]
        if state.over:
            text = self._t("gv.over")
        else:
            seat = self.record.seat
            if seat is not None and state.to_move is not seat:
                text = self._t("gv.no_hand", player=state.to_move)
            else:
                try:
                    text = advise(state.observation(state.to_move).as_position(), budget=self.budget).table()
                except ValueError as exc:
                    text = self._t("gv.cannot", reason=str(exc))
        self.advice.value = f"<pre>{html.escape(text)}</pre>"
        return text

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


__all__ = ["VIEWER_PHRASES", "GameViewer"]
