"""The play page drawn from the game: :class:`PlayView` shows a game's state on the widgets of
:class:`~.table.PlayTable` (the board's diagram, the hand and stone buttons, the claims offered, the
status and match lines, the last turns) and says notices and refusals, one sentence each.

No decision here: :class:`~.widget.PlayGame` changes the game, then asks for it to be drawn.
"""

from __future__ import annotations

import dataclasses
import html

from ...core import words
from ...core.position import Position
from ...core.svg import position_svg
from ...core.tactics import RUSES, HandCard
from ...game import GameRecord, GameState, Match, Play, may_pass, record_from_game
from ..editor.buttons import show, style_piece
from .move_words import card_name, t
from .parts import ERROR_STYLE, turn_words
from .table import PlayTable
from .words import short_label


class PlayView(PlayTable):
    """The widgets of :class:`PlayTable`, and how the game in play is shown on them."""

    state: GameState
    players: dict[str, str]
    bot_shown: str
    rounds: int
    match_rounds: list[GameRecord]
    _message: str
    _selected: str | None
    _pending: Play | None
    _last_bot_cards: list[str]
    _returns: list[str]

    @property
    def message(self) -> str:
        """The last notice or refusal, one sentence."""
        return self._message

    @property
    def record(self) -> GameRecord:
        """The game so far as a ``schotten-lab/game@1`` record (unfinished: ``winner`` ``None``)."""
        return record_from_game(self.state, self.players)

    def offered_claims(self) -> tuple[int, ...]:
        """The stones the player may claim now (the engine's proof), or after the pending placement."""
        if self.state.over or self.state.to_move is not self.human:
            return ()
        if self._pending is not None:
            return self.state.claims_after(self._pending)
        return self.state.claimable() if self.state.expert else ()


    def _notice(self, text: str) -> None:
        self._message = text.strip()
        self.message_html.value = f"<p>{html.escape(self._message)}</p>"

    def _refuse(self, text: str) -> None:
        self._message = text
        self.message_html.value = f'<p class="sl-play-refusal" style="{ERROR_STYLE}"><b>{html.escape(text)}</b></p>'

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

    def _show_thinking(self) -> None:
        """The status line while the bot searches (the person's buttons are greyed by the last render)."""
        self.status.value = (f'<p><b>{html.escape(t("play.status.thinking", self.lang, bot=self.bot_shown, seat=self.bot_seat))}</b>'
                             f'<span class="sl-play-turn" data-turns="{len(self.state.turns)}" data-mine="0" '
                             'data-over="0" data-winner=""></span></p>')


__all__ = ["PlayView"]
