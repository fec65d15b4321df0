"""A Jupyter widget to step through a game record: ``GameViewer(record, review=None)``.

First / previous / next / last buttons, a slider and a play button move through the game (0 is the deal, ``k`` the
position after turn ``k``). The board is drawn as SVG (both hands in a full record; the recorded
seat's view in a one-seat record), the analysis panel says what turn ``k`` did and, with a
:class:`~schotten_lab.play.review.GameReview`, how the advisor judged it; the review's
win-probability chart marks the current turn. Without a review, *Ask the advisor* ranks the moves
of the player to move in the shown position (from that player's seat; ``iterations`` rollouts).

The widget holds the turn index and wires the events; the drawing is :mod:`.review`'s and
:func:`~schotten_lab.core.svg.position_svg`'s.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from ..core.position import Position
from ..core.rules import Player
from ..core.svg import position_svg
from ..game import GameRecord, RecordError, new_game, read_record, replay, replay_states
from ..play.review import GameReview, move_words
from .review import chart_svg, turn_detail_html


class GameViewer:
    """Step through ``record`` (a ``schotten-lab/game@1`` record: dict, JSON text or
    :class:`~schotten_lab.game.GameRecord`); ``review`` adds the judgment of each turn and the chart.

    ``turn`` (0 .. ``turns``) is the shown position: 0 the deal, ``k`` after turn ``k``. A record
    that breaks a rule raises :class:`~schotten_lab.game.RecordError` (turn and rule) at once.
    """

    def __init__(
        self,
        record: GameRecord | Mapping[str, Any] | str,
        review: GameReview | None = None,
        *,
        iterations: int = 100,
        seat: Player | None = None,
    ) -> None:
        self.record = read_record(record)
        self.review = review
        self.seat = seat
        """Whose chance the chart draws (the play app: the person's seat); default as the review page."""
        self.iterations = iterations
        self.positions: list[Position] = list(replay(self.record, include_start=True))
        rec = self.record
        self._states = [new_game(rec.variant, rec.expert, deal=rec.deal, first=rec.first), *replay_states(rec)]
        if review is not None and len(review.turns) != len(rec.turns):
            raise RecordError(f"the review has {len(review.turns)} turns, the record {len(rec.turns)}", rule="review")
        self.turns = len(rec.turns)
        self.first = W.Button(description="first", tooltip="first (the deal)", layout=W.Layout(width="60px"))
        self.prev = W.Button(description="◀", tooltip="previous turn", layout=W.Layout(width="44px"))
        self.next = W.Button(description="▶", tooltip="next turn", layout=W.Layout(width="44px"))
        self.last = W.Button(description="last", tooltip="last turn", layout=W.Layout(width="60px"))
        self.slider = W.IntSlider(value=0, min=0, max=self.turns, description="turn", continuous_update=True)
        self.play = W.Play(value=0, min=0, max=self.turns, interval=900, description="play", tooltip="play the game through")
        W.jslink((self.play, "value"), (self.slider, "value"))  # in the page: the player moves the slider
        self.board = W.HTML()
        self.panel = W.HTML()
        self.chart = W.HTML()
        self.advise_button = W.Button(description="Ask the advisor", tooltip=f"rank the moves ({iterations} rollouts)")
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
        caption = "the deal" if k == 0 else f"after turn {k}: {self._mover(k).value} played {self._played(k)}"
        if k == self.turns and self.record.winner is not None:
            caption += f" — {self.record.winner.value} wins ({self.record.reason})"
        self.board.value = str(position_svg(self.positions[k], viewer=self.record.seat, caption=caption))
        self.panel.value = self._panel(k)
        if self.review is not None:
            self.chart.value = chart_svg(self.review, current=k or None, seat=self.seat)
        self.advice.value = ""

    def _mover(self, k: int) -> Player:
        return Player.parse(str(self.record.turns[k - 1]["player"]))

    def _played(self, k: int) -> str:
        turn = self.record.turns[k - 1]
        return move_words(turn.get("play"), turn.get("claim"))

    def _panel(self, k: int) -> str:
        if k == 0:
            return f"<p>The deal; {html.escape(self.record.first.value)} plays first. {self.turns} turns.</p>"
        if self.review is not None:
            return f"<p>{turn_detail_html(self.review.turns[k - 1])}</p>"
        return f"<p><b>Turn {k}</b>: {html.escape(self._mover(k).value)} played <b>{html.escape(self._played(k))}</b>.</p>"

    def ask_advisor(self) -> str:
        """Rank the moves of the player to move in the shown position, seen from that player's seat;
        the ranking (or why there is none) goes to the advice panel and is returned."""
        from ..bots import advise

        state = self._states[self.turn]
        if state.over:
            text = "The game is over."
        else:
            seat = self.record.seat
            if seat is not None and state.to_move is not seat:
                text = f"{state.to_move.value}'s hand is not in this one-seat record: no advice for that seat."
            else:
                try:
                    text = advise(state.observation(state.to_move).as_position(), iterations=self.iterations).table()
                except ValueError as exc:
                    text = f"The advisor cannot search this position: {exc}"
        self.advice.value = f"<pre>{html.escape(text)}</pre>"
        return text

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


__all__ = ["GameViewer"]
