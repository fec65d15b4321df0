"""The puzzle trainer: ``PuzzleTrainer(lang="fr")`` in a notebook, or the app ``apps/puzzle_trainer.ipynb``.

The position is drawn from the solver's seat (an endgame shows both hands: every card is known). An
endgame is answered by clicking a card of the hand, then a stone; a claim question by *Yes* / *No*
(one stone) or by ticking the stones and *Check* (which stones?). The verdict comes with the
puzzle's explanation; for a wrong endgame move the opponent's refutation is played out by the exact
solver (the line in words and the board at its end). A score and a streak are kept; the puzzles can
be filtered by kind, variant (a tactics claim puzzle is a ``claim`` puzzle whose position's rules are the
tactics variant's) and rating. Every word is the puzzles' phrase table's (English or French).
"""

from __future__ import annotations

import html
import os
import random
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W

from ..analysis.claims import claim as claim_verdict
from ..core.cards import Card
from ..core.svg import COLUMN, MARGIN, position_svg
from ..core.words import check_lang, default_lang, say
from ..puzzles.format import Puzzle, committed_files, read_puzzles
from ..bots.sim import Sim
from ..core.rules import PLAYERS
from ..puzzles.generate import full_position, question_words
from ..puzzles.prove import WIN, STALL, NotProved, line_words, refutation, sim_of
from ..puzzles.rating import band
from ..puzzles.sheet import answer_words
from .editor.buttons import show, style_piece
from .play.parts import small_button

MAX_HAND = 7
RATING_RANGE = (600, 2000)


class PuzzleTrainer:
    """A puzzle trainer (see the module). For scripts and tests: ``puzzle`` (the current one),
    ``choose(card)``, ``place(stone)`` (``play(card, stone)`` both), ``answer_yes_no(bool)``,
    ``answer_claims(stones)``, ``next_puzzle()``, ``set_filter(kind, ratings, variant)``, ``score``,
    ``streak``, ``solved``, ``result`` (``"right"``, ``"wrong"`` or ``""``), ``message``,
    ``refutation_line`` (the turns played out after a wrong move), ``widget``."""

    def __init__(
        self,
        puzzles: Sequence[Puzzle] | None = None,
        *,
        lang: str | None = None,
        kind: str | None = None,
        ratings: tuple[int, int] = RATING_RANGE,
        variant: str | None = None,
        seed: int = 0,
        notice: str = "",
    ) -> None:
        self.lang = check_lang(default_lang() if lang is None else lang)
        self.notice = notice
        """A sentence shown above the trainer (a refused ``?lang=``), ``""`` when none."""
        self.all = list(puzzles) if puzzles is not None else [p for f in committed_files() for p in read_puzzles(f)]
        self.rng = random.Random(seed)
        self.solved = 0
        self.done = 0
        self.streak = 0
        self.result = ""
        self.message = ""
        self.refutation_line: list[dict[str, Any]] = []
        self._selected: Card | None = None
        self._answered = False
        self.puzzle: Puzzle | None = None
        t = self._t

        self.kind_choice = W.Dropdown(options=[(t("pz_all"), ""), (t("pz_kind_endgame"), "endgame"),
                                               (t("pz_kind_claim"), "claim"), (t("pz_kind_midgame"), "midgame")],
                                      value=kind or "", description=t("pz_kind"), layout=W.Layout(width="240px"))  # fmt: skip
        self.kind_choice.add_class("sl-pz-kind")
        self.variant_choice = W.Dropdown(options=[(t("pz_all"), ""), (t("pz_variant_base"), "base"),
                                                  (t("pz_variant_tactics"), "tactics")],
                                         value=variant or "", description=t("pz_variant"), layout=W.Layout(width="240px"))  # fmt: skip
        self.variant_choice.add_class("sl-pz-variant")
        self.rating_choice = W.IntRangeSlider(value=ratings, min=RATING_RANGE[0], max=RATING_RANGE[1], step=50,
                                              description=t("pz_ratings"), layout=W.Layout(width="420px"))  # fmt: skip
        self.rating_choice.add_class("sl-pz-ratings")
        self.next_button = W.Button(description=t("pz_next"), button_style="primary")
        self.next_button.add_class("sl-pz-next")
        self.next_button.on_click(lambda _: self.next_puzzle())
        self.kind_choice.observe(lambda _: self.next_puzzle(), "value")
        self.variant_choice.observe(lambda _: self.next_puzzle(), "value")
        self.rating_choice.observe(lambda _: self.next_puzzle(), "value")
        self.score_html = W.HTML()
        self.score_html.add_class("sl-pz-score")
        self.title = W.HTML()
        self.title.add_class("sl-pz-title")
        self.board = W.HTML()
        self.board.add_class("sl-pz-board")
        self.question = W.HTML()
        self.question.add_class("sl-pz-question")
        self.hand_buttons = [small_button(("sl-pz-hand-card", f"sl-pz-hand-{i}"), self._hand_click(i)) for i in range(MAX_HAND)]
        self.stone_buttons = [
            small_button(("sl-pz-stone", f"sl-pz-stone-{n}"), self._stone_click(n), description=f"{n}")
            for n in range(1, 10)
        ]
        for b in self.stone_buttons:  # one button under each stone of the diagram (core.svg's columns)
            b.layout.width, b.layout.margin = f"{COLUMN - 4}px", "0 2px"
        self.claim_boxes = []
        for n in range(1, 10):
            box = W.ToggleButton(value=False, description=f"{n}", layout=W.Layout(width=f"{COLUMN - 4}px", margin="0 2px"))
            box.add_class("sl-pz-claim")
            box.add_class(f"sl-pz-claim-{n}")
            self.claim_boxes.append(box)
        self.yes_button = W.Button(description=t("pz_yes"), button_style="success")
        self.yes_button.add_class("sl-pz-yes")
        self.yes_button.on_click(lambda _: self.answer_yes_no(True))
        self.no_button = W.Button(description=t("pz_no"), button_style="danger")
        self.no_button.add_class("sl-pz-no")
        self.no_button.on_click(lambda _: self.answer_yes_no(False))
        self.check_button = W.Button(description=t("pz_check"), button_style="success")
        self.check_button.add_class("sl-pz-check")
        self.check_button.on_click(lambda _: self.answer_claims([n for n, b in enumerate(self.claim_boxes, 1) if b.value]))
        self.verdict = W.HTML()
        self.verdict.add_class("sl-pz-verdict")
        self.after = W.HTML()
        self.after.add_class("sl-pz-after")
        spacer = W.Box(layout=W.Layout(width=f"{MARGIN}px"))
        self.move_row = W.VBox([W.HBox([spacer, *self.stone_buttons]),
                                W.HBox([W.HTML(f"<b>{html.escape(t('pz_hand'))}</b>&nbsp;"), *self.hand_buttons])])  # fmt: skip
        self.claim_row = W.HBox([W.Box(layout=W.Layout(width=f"{MARGIN}px")), *self.claim_boxes, self.check_button])
        self.yes_no_row = W.HBox([self.yes_button, self.no_button])
        self.notice_html = W.HTML(f'<p class="sl-pz-notice" style="color:#b00020"><b>{html.escape(notice)}</b></p>'
                                  if notice else "")
        self.widget = W.VBox([
            *([self.notice_html] if notice else []),
            W.HBox([self.kind_choice, self.variant_choice, self.rating_choice, self.next_button]), self.score_html, self.title, self.board,
            self.question, self.move_row, self.claim_row, self.yes_no_row, self.verdict, self.after,
        ])  # fmt: skip
        self.widget.add_class("sl-puzzle-trainer")
        self.next_puzzle()

    # ---- reading ----------------------------------------------------------------------------------

    def _t(self, key: str, **fields: object) -> str:
        return say(key, self.lang, **fields)

    @property
    def score(self) -> tuple[int, int]:
        """(puzzles solved, puzzles answered)."""
        return self.solved, self.done

    def matching(self) -> list[Puzzle]:
        """The puzzles the filter lets through."""
        kind, variant = self.kind_choice.value, self.variant_choice.value
        low, high = self.rating_choice.value
        return [p for p in self.all if (not kind or p.kind == kind) and (not variant or p.position.rules.variant == variant)
                and low <= p.rating <= high]  # fmt: skip

    # ---- actions --------------------------------------------------------------------------------------

    def set_filter(self, kind: str | None = None, ratings: tuple[int, int] | None = None, variant: str | None = None) -> None:
        """Filter by kind (``None``: every kind), rating range and variant (``None``: both), then show a
        matching puzzle."""
        with (self.kind_choice.hold_trait_notifications(), self.rating_choice.hold_trait_notifications(),
              self.variant_choice.hold_trait_notifications()):  # fmt: skip
            self.kind_choice.value = kind or ""
            self.variant_choice.value = variant or ""
            if ratings is not None:
                self.rating_choice.value = ratings
        self.next_puzzle()

    def next_puzzle(self) -> Puzzle | None:
        """Show another puzzle matching the filter (``None`` when none does)."""
        pool = self.matching()
        others = [p for p in pool if p is not self.puzzle] or pool
        self.puzzle = self.rng.choice(others) if others else None
        self._selected = None
        self._answered = False
        self.result = ""
        self.refutation_line = []
        self.message = "" if self.puzzle else self._t("pz_none_left")
        self.verdict.value = ""
        self.after.value = ""
        for box in self.claim_boxes:
            box.value = False
        self._render()
        return self.puzzle

    def choose(self, card: Card | str) -> None:
        """Select a card of the solver's hand (an endgame)."""
        if self.puzzle is None or self.puzzle.kind == "claim":
            return
        code = Card.parse(str(card))
        if code not in (self.puzzle.position.hands[self.puzzle.solver] or ()):
            return
        self._selected = code
        self._say(self._t("pz_chosen", card=code))

    def place(self, stone: int) -> None:
        """Put the selected card on ``stone``: the endgame answer."""
        if self.puzzle is None or self.puzzle.kind == "claim":
            return
        if self._selected is None:
            self._say(self._t("pz_card_first"), refusal=True)
            return
        self.play(self._selected, stone)

    def play(self, card: Card | str, stone: int) -> None:
        """Answer an endgame with ``card`` on ``stone``."""
        puzzle = self.puzzle
        if puzzle is None or puzzle.kind == "claim":
            return
        if self._answered:
            self._say(self._t("pz_done"))
            return
        code = Card.parse(str(card))
        s = puzzle.position.stone(stone)
        if s.claimed is not None or len(s.side(puzzle.solver)) >= 3 or code not in (puzzle.position.hands[puzzle.solver] or ()):
            self._say(self._t("pz_cannot", card=code, stone=stone), refusal=True)
            return
        right = puzzle.answer_move == (code, stone)
        self._judge(right)
        if not right and puzzle.kind == "endgame":  # a midgame answer is an estimate: no forced refutation
            self._refute(code, stone)

    def answer_yes_no(self, yes: bool) -> None:
        """Answer a one-stone claim question."""
        puzzle = self.puzzle
        if puzzle is None or puzzle.kind != "claim" or puzzle.question["type"] != "stone":
            return
        if self._answered:
            self._say(self._t("pz_done"))
            return
        number = int(puzzle.question["stone"])
        self._judge(yes == (number in puzzle.claimable))
        verdict = claim_verdict(puzzle.position, number, puzzle.solver)
        if verdict.counterexample is not None:  # draw the completion that beats the claim
            self.board.value = str(position_svg(puzzle.position, viewer=puzzle.solver, counterexample=verdict,
                                                highlight_stones=[number], lang=self.lang))  # fmt: skip

    def answer_claims(self, stones: Sequence[int]) -> None:
        """Answer a "which stones?" question with the stones ticked."""
        puzzle = self.puzzle
        if puzzle is None or puzzle.kind != "claim" or puzzle.question["type"] != "stones":
            return
        if self._answered:
            self._say(self._t("pz_done"))
            return
        self._judge(sorted(set(int(n) for n in stones)) == list(puzzle.claimable))

    # ---- what the actions show ---------------------------------------------------------------------

    def _judge(self, right: bool) -> None:
        assert self.puzzle is not None
        self._answered = True
        self.done += 1
        self.solved += right
        self.streak = self.streak + 1 if right else 0
        self.result = "right" if right else "wrong"
        head = self._t("pz_right" if right else "pz_wrong")
        answer = self._t("pz_answer_was", answer=answer_words(self.puzzle, self.lang))
        color = "#1b5e20" if right else "#b71c1c"
        self._render_score()  # before the verdict: a page never shows a result beside the old score
        self.verdict.value = (
            f"<div class='sl-pz-result' data-result='{self.result}'><b style='color:{color}'>{html.escape(head)}</b> "
            f"{html.escape(answer)}<br>{html.escape(self.puzzle.explanation[self.lang])}</div>"
        )
        self.message = head

    def _refute(self, card: Card, stone: int) -> None:
        assert self.puzzle is not None
        position = self.puzzle.position
        try:
            value, line = refutation(position, card, stone)
        except NotProved:
            return
        self.refutation_line = line
        sim = sim_of(position)
        for turn in line:
            play = turn["play"]
            if play is None:
                sim.turn(-1, -1)
            else:
                sim.turn(Card.parse(play["card"]).index, int(play["stone"]) - 1)
        winner = PLAYERS[sim.winner] if sim.winner >= 0 else None
        words = line_words(line[1:], winner).in_words(self.lang) if len(line) > 1 else ""
        if value == STALL:
            text = self._t("pz_refutation_stall", opponent=position.to_move.opponent) + (f" {words}." if words else "")
        elif value == WIN:  # cannot happen for a wrong move of a proved puzzle
            text = ""
        else:
            text = self._t("pz_refutation", line=words)
        end = self._end_board(sim)
        self.after.value = f"<div class='sl-pz-refutation'>{html.escape(text)}</div>{end}"

    def _end_board(self, sim: Sim) -> str:
        """The board at the end of the refutation, from the solver's seat."""
        try:
            return str(position_svg(full_position(sim), bottom=self.puzzle.solver if self.puzzle else None, lang=self.lang))
        except Exception:  # a finished game's position may not redraw (it is only an illustration)
            return ""

    def _say(self, text: str, refusal: bool = False) -> None:
        self.message = text
        style = " class='sl-pz-refusal'" if refusal else ""
        self.verdict.value = f"<span{style}>{html.escape(text)}</span>"

    def _render_score(self) -> None:
        self.score_html.value = (
            f"<span class='sl-pz-scoreline' data-right='{self.solved}' data-done='{self.done}' data-streak='{self.streak}'>"
            f"{html.escape(self._t('pz_score', right=self.solved, done=self.done, streak=self.streak))}</span>"
        )

    def _render(self) -> None:
        self._render_score()
        puzzle = self.puzzle
        show(self.move_row, puzzle is not None and puzzle.kind != "claim")
        show(self.claim_row, puzzle is not None and puzzle.kind == "claim" and puzzle.question["type"] == "stones")
        show(self.yes_no_row, puzzle is not None and puzzle.kind == "claim" and puzzle.question["type"] == "stone")
        if puzzle is None:
            self.title.value, self.board.value = "", ""
            self.question.value = f"<i>{html.escape(self.message)}</i>"
            return
        kind = self._t(f"pz_kind_{puzzle.kind}")
        if puzzle.position.rules.tactics:
            kind += f" · {self._t('pz_variant_tactics')}"
        self.title.value = (f"<span class='sl-pz-id' data-id='{puzzle.id}' data-kind='{puzzle.kind}' "
                            f"data-variant='{puzzle.position.rules.variant}'>{html.escape(kind)} · "
                            f"{html.escape(self._t('pz_rating', rating=puzzle.rating))} ({band(puzzle.rating)})</span>")  # fmt: skip
        if puzzle.kind == "endgame":
            self.board.value = str(position_svg(puzzle.position, bottom=puzzle.solver, lang=self.lang))
        else:
            asked = [int(puzzle.question["stone"])] if puzzle.question["type"] == "stone" else []
            self.board.value = str(position_svg(puzzle.position, viewer=puzzle.solver, highlight_stones=asked, lang=self.lang))
        self.question.value = f"<b>{html.escape(question_words(puzzle, self.lang))}</b>"
        hand = puzzle.position.hands[puzzle.solver] or ()
        for i, button in enumerate(self.hand_buttons):
            show(button, i < len(hand))
            if i < len(hand):
                button.description = str(hand[i])
                style_piece(button, hand[i])
        for n, box in enumerate(self.claim_boxes, 1):
            s = puzzle.position.stone(n)
            box.disabled = s.claimed is not None or len(s.side(puzzle.solver)) < 3

    def _hand_click(self, i: int) -> Callable[[W.Button], None]:
        def click(_: W.Button) -> None:
            hand = self.puzzle.position.hands[self.puzzle.solver] or () if self.puzzle else ()
            if i < len(hand):
                self.choose(str(hand[i]))
        return click

    def _stone_click(self, n: int) -> Callable[[W.Button], None]:
        return lambda _: self.place(n)

    @classmethod
    def from_request(cls, query: str | None = None, **options: Any) -> PuzzleTrainer:
        """The trainer a page asks for: ``?lang=fr&kind=claim&variant=tactics&seed=3&min=900&max=1500`` (``$QUERY_STRING``
        by default); a bad value is ignored, except an unknown ``lang``, said in one sentence above the
        trainer (in the default language: ``options["lang"]``, else ``$SCHOTTEN_LANG``)."""
        from .app import requested_lang

        text = os.environ.get("QUERY_STRING", "") if query is None else query
        fields = {k: v[-1] for k, v in parse_qs(text.lstrip("?")).items()}
        chosen: dict[str, Any] = dict(options)
        chosen["lang"], chosen["notice"] = requested_lang(text, options.get("lang"))
        if fields.get("kind") in ("endgame", "claim", "midgame"):
            chosen["kind"] = fields["kind"]
        if fields.get("variant") in ("base", "tactics"):
            chosen["variant"] = fields["variant"]
        numbers: dict[str, int] = {}
        for key in ("seed", "min", "max"):
            try:
                numbers[key] = int(fields[key])
            except (KeyError, ValueError):
                pass
        if 0 <= numbers.get("seed", -1) < 2**31:
            chosen["seed"] = numbers["seed"]
        low = min(max(numbers.get("min", RATING_RANGE[0]), RATING_RANGE[0]), RATING_RANGE[1])
        high = max(min(numbers.get("max", RATING_RANGE[1]), RATING_RANGE[1]), low)
        chosen["ratings"] = (low, high)
        return cls(**chosen)


__all__ = ["PuzzleTrainer"]
