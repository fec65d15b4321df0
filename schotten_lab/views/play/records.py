"""The play app's record and review: :class:`PlayRecords` saves the game (or the match) as a file
that is read back and checked, and opens it in the game viewer, judged by the advisor if asked.

Kept apart from the controller (:mod:`.widget`) and the drawing (:mod:`.drawing`): one job each.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W

from ...core.errors import SchottenError
from ...core.files import check_output, write_text_atomic
from ...game import GameRecord, Match, read_match, read_record, validate_record
from .drawing import PlayView
from .move_words import one_line, t
from .parts import safe_file_name


class PlayRecords(PlayView):
    """Saving and reviewing the game shown (the widgets' *Save* and *Review this game*)."""

    advice_rollouts: int
    saved: Path | None

    @property
    def match(self) -> Match:
        """The match so far (``schotten-lab/match@1``): the rounds played and the current one."""
        return Match((*self.match_rounds, self.record))

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
        from ...bots.budget import Budget
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

                review = review_game(record, budget=Budget(rollouts=self.review_iterations), seed=0, on_turn=on_turn)
            viewer = GameViewer(record, review, budget=Budget(rollouts=self.advice_rollouts), seat=self.human, lang=self.lang)
        except (SchottenError, ReviewError, ValueError) as exc:
            self.review_box.children = ()
            self._refuse(t("play.msg.review_failed", self.lang, error=one_line(exc)))
            return
        viewer.go(viewer.turns)
        self.viewer = viewer
        self.review_box.children = (W.HTML(f"<h4>{html.escape(t('play.review_heading', self.lang))}</h4>"), viewer.widget)
        self._notice(t("play.msg.review_shown_chart" if review is not None else "play.msg.review_shown", self.lang))


__all__ = ["PlayRecords"]
