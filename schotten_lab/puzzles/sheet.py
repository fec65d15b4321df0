"""Printable puzzle sheets: diagrams with their questions, and the answers on a separate page.

One standalone HTML page (no script, no outside file): the diagrams are :func:`schotten_lab.core.svg.position_svg`
drawings from the solver's seat, and a CSS page break puts the answers on their own printed page.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

from ..core.svg import position_svg
from ..core.words import say
from .format import Puzzle
from .generate import question_words
from .rating import band
from .words import Stones


def answer_words(puzzle: Puzzle, lang: str = "en") -> str:
    """The answer in a few words: ``G8 on stone 5, then claim 1 and 2.``, ``Yes.``, ``Stones 3 and 5.``."""
    if puzzle.kind == "claim":
        stones = puzzle.claimable
        if puzzle.question["type"] == "stone":
            return say("pz_a_yes" if int(puzzle.question["stone"]) in stones else "pz_a_no", lang)
        return say("pz_a_list", lang, stones=Stones(stones)) if stones else say("pz_a_none", lang)
    move = puzzle.answer_move
    assert move is not None  # a move puzzle
    claims = puzzle.solution.get("claim") or []
    shown = say("pz_a_claims", lang, stones=Stones(claims)) if claims else ""
    return say("pz_a_move", lang, card=move[0], stone=move[1], claims=shown)


def diagram(puzzle: Puzzle, lang: str = "en") -> str:
    """The puzzle's diagram (SVG text) from the solver's seat: an endgame shows both hands (every card
    is known), a claim puzzle the solver's hand only."""
    seat = puzzle.solver
    if puzzle.kind == "endgame":
        return str(position_svg(puzzle.position, bottom=seat, lang=lang))
    return str(position_svg(puzzle.position, viewer=seat, lang=lang))


def pick(puzzles: Sequence[Puzzle], count: int, *, kind: str | None = None, seed: int = 0) -> list[Puzzle]:
    """``count`` puzzles (of ``kind``) drawn with ``seed``, easiest first."""
    pool = [p for p in puzzles if kind is None or p.kind == kind]
    chosen = random.Random(seed).sample(pool, min(count, len(pool)))
    return sorted(chosen, key=lambda p: (p.rating, p.id))


STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
.sl-sheet-puzzle { display: inline-block; vertical-align: top; width: 47%; margin: 0 1% 1.5em 0; break-inside: avoid; }
.sl-sheet-puzzle svg { max-width: 100%; height: auto; }
.sl-sheet-answers { break-before: page; page-break-before: always; }
.sl-sheet-meta { color: #666; font-size: 0.85em; }
"""


def sheet_html(puzzles: Sequence[Puzzle], lang: str = "en") -> str:
    """The whole sheet as one HTML document."""
    title = html.escape(say("pz_sheet_title", lang))
    parts = [f"<!DOCTYPE html>\n<html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>",
             f"<style>{STYLE}</style></head><body><h1>{title}</h1>"]  # fmt: skip
    for n, puzzle in enumerate(puzzles, 1):
        kind = say(f"pz_kind_{puzzle.kind}", lang)
        level = say(f"pz_band_{band(puzzle.rating)}", lang)  # « facile », not "easy", on a French sheet
        meta = f"{kind} · {html.escape(say('pz_rating', lang, rating=puzzle.rating))} ({level})"
        parts.append(
            f"<div class='sl-sheet-puzzle'><h3>{html.escape(say('pz_puzzle_n', lang, n=n))}</h3>"
            f"<p class='sl-sheet-meta'>{meta}</p>{diagram(puzzle, lang)}"
            f"<p class='sl-sheet-question'>{html.escape(question_words(puzzle, lang))}</p></div>"
        )
    parts.append(f"<div class='sl-sheet-answers'><h2>{html.escape(say('pz_answers', lang))}</h2><ol>")
    for puzzle in puzzles:
        parts.append(
            f"<li><b>{html.escape(answer_words(puzzle, lang))}</b> "
            f"{html.escape(puzzle.explanation[lang])} <span class='sl-sheet-meta'>({puzzle.id})</span></li>"
        )
    parts.append("</ol></div></body></html>\n")
    return "\n".join(parts)


__all__ = ["answer_words", "diagram", "pick", "sheet_html"]
