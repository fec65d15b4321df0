"""The puzzle trainer widget, driven as a script: right and wrong answers, refutations, score and
streak, filters, French."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from puzzle_set import committed  # noqa: E402
from schotten_lab.core.cards import Card  # noqa: E402
from schotten_lab.puzzles import Puzzle  # noqa: E402
from schotten_lab.puzzles.prove import candidates  # noqa: E402
from schotten_lab.views.puzzles import PuzzleTrainer  # noqa: E402


def a_wrong_move(puzzle: Puzzle) -> tuple[Card, int]:
    me = puzzle.solver
    for card in puzzle.position.hands[me] or ():
        for n, s in enumerate(puzzle.position.stones, 1):
            if s.claimed is None and len(s.side(me)) < 3 and (card, n) != puzzle.answer_move:
                return card, n  # type: ignore[return-value]
    raise AssertionError("no wrong move")


def test_a_right_then_a_wrong_endgame_move() -> None:
    trainer = PuzzleTrainer(committed(), kind="endgame", seed=1)
    puzzle = trainer.puzzle
    assert puzzle is not None and puzzle.kind == "endgame"
    assert puzzle.question and "only move" in trainer.question.value
    card, stone = puzzle.answer_move or (None, 0)
    trainer.place(stone)  # no card chosen: refused in one sentence, nothing judged
    assert "sl-pz-refusal" in trainer.verdict.value and trainer.score == (0, 0)
    trainer.choose(card)
    trainer.place(stone)
    assert trainer.result == "right" and trainer.score == (1, 1) and trainer.streak == 1
    assert puzzle.explanation["en"] in trainer.verdict.value.replace("&#x27;", "'")
    trainer.play(card, stone)  # answering twice counts once
    assert trainer.score == (1, 1)

    wrong = trainer.next_puzzle()
    assert wrong is not None and wrong is not puzzle
    trainer.play(*a_wrong_move(wrong))
    assert trainer.result == "wrong" and trainer.score == (1, 2) and trainer.streak == 0
    assert trainer.refutation_line and trainer.refutation_line[0]["play"]["card"] == str(a_wrong_move(wrong)[0])
    assert "sl-pz-refutation" in trainer.after.value and "<svg" in trainer.after.value


def test_claim_questions_yes_no_and_which_stones() -> None:
    trainer = PuzzleTrainer(committed(), kind="claim", seed=2)
    for _ in range(40):
        puzzle = trainer.puzzle
        assert puzzle is not None and puzzle.kind == "claim"
        if puzzle.question["type"] == "stone":
            right = int(puzzle.question["stone"]) in puzzle.claimable
            trainer.answer_yes_no(not right)
            assert trainer.result == "wrong"
        else:
            trainer.answer_claims(list(puzzle.claimable))
            assert trainer.result == "right"
        trainer.next_puzzle()
    assert trainer.done == 40 and 0 < trainer.solved < 40


def test_the_which_stones_boxes_offer_only_candidates() -> None:
    trainer = PuzzleTrainer([p for p in committed() if p.kind == "claim" and p.question["type"] == "stones"])
    puzzle = trainer.puzzle
    assert puzzle is not None
    enabled = [n for n, box in enumerate(trainer.claim_boxes, 1) if not box.disabled]
    assert enabled == list(candidates(puzzle.position))
    for n in puzzle.claimable:
        trainer.claim_boxes[n - 1].value = True
    trainer.check_button.click()
    assert trainer.result == "right"


def test_filters_and_an_empty_choice() -> None:
    trainer = PuzzleTrainer(committed())
    trainer.set_filter("claim", (1500, 2000))
    assert trainer.puzzle is not None and trainer.puzzle.kind == "claim" and trainer.puzzle.rating >= 1500
    trainer.set_filter("endgame", (1950, 2000))
    assert all(p.rating < 1950 for p in committed() if p.kind == "endgame")  # the committed set has none
    assert trainer.puzzle is None and trainer.message == "No puzzle matches this filter."


def test_french() -> None:
    trainer = PuzzleTrainer(committed(), lang="fr", kind="claim", seed=0)
    assert "revendiquer" in trainer.question.value and "\u00a0?" in trainer.question.value
    assert trainer.next_button.description == "Problème suivant"
    puzzle = trainer.puzzle
    assert puzzle is not None
    if puzzle.question["type"] == "stone":
        trainer.answer_yes_no(True)
    else:
        trainer.answer_claims([])
    assert ("Bravo" in trainer.verdict.value) or ("Pas tout à fait" in trainer.verdict.value)
    assert puzzle.explanation["fr"][:30].replace("'", "&#x27;") in trainer.verdict.value


def test_the_page_address_sets_the_trainer() -> None:
    trainer = PuzzleTrainer.from_request("?lang=fr&kind=endgame&min=700&max=1400&seed=3", puzzles=committed())
    assert trainer.lang == "fr" and trainer.kind_choice.value == "endgame"
    assert trainer.rating_choice.value == (700, 1400)
    bad = PuzzleTrainer.from_request("?lang=xx&kind=zz&min=abc&seed=-4", puzzles=committed())
    assert bad.lang == "en" and bad.kind_choice.value == "" and bad.rating_choice.value == (600, 2000)


def test_a_midgame_puzzle_is_judged_with_its_estimate_and_no_refutation() -> None:
    trainer = PuzzleTrainer(committed(), lang="fr", kind="midgame", seed=0)
    puzzle = trainer.puzzle
    assert puzzle is not None and puzzle.kind == "midgame" and trainer.kind_choice.value == "midgame"
    trainer.play(*a_wrong_move(puzzle))
    assert trainer.result == "wrong" and trainer.score == (0, 1)
    assert not trainer.refutation_line and "sl-pz-refutation" not in trainer.after.value
    assert "estimation" in trainer.verdict.value


def test_a_tactics_claim_puzzle_is_shown_and_checked() -> None:
    trainer = PuzzleTrainer(committed(), kind="claim", variant="tactics", seed=4)
    assert trainer.variant_choice.value == "tactics"
    assert trainer.matching() and all(p.position.rules.tactics for p in trainer.matching())
    results = []
    for _ in range(12):
        puzzle = trainer.puzzle
        assert puzzle is not None and puzzle.kind == "claim" and puzzle.position.rules.tactics
        assert "tactics variant" in trainer.title.value and "data-variant='tactics'" in trainer.title.value
        assert "<svg" in trainer.board.value
        if puzzle.question["type"] == "stone":
            (trainer.yes_button if int(puzzle.question["stone"]) in puzzle.claimable else trainer.no_button).click()
        else:
            for n in puzzle.claimable:
                trainer.claim_boxes[n - 1].value = True
            trainer.check_button.click()
        results.append(trainer.result)
        assert "sl-pz-result" in trainer.verdict.value
        trainer.next_button.click()
    assert results == ["right"] * 12 and trainer.score == (12, 12) and trainer.streak == 12
    wrong = next(p for p in committed() if p.position.rules.tactics and p.question["type"] == "stone" and not p.claimable)
    trainer = PuzzleTrainer([wrong], lang="fr")
    trainer.yes_button.click()
    assert trainer.result == "wrong" and "variante tactique" in trainer.title.value
    assert wrong.explanation["fr"][:20].replace("'", "&#x27;") in trainer.verdict.value
    assert "<svg" in trainer.board.value  # the board redrawn with the completion that beats the claim


def test_the_variant_filter_and_the_page_address() -> None:
    trainer = PuzzleTrainer(committed())
    trainer.set_filter("claim", variant="base")
    assert trainer.puzzle is not None and not trainer.puzzle.position.rules.tactics
    trainer.set_filter(None, variant="tactics")
    assert trainer.puzzle is not None and trainer.puzzle.position.rules.tactics
    trainer.set_filter("endgame", variant="tactics")
    assert trainer.puzzle is None and trainer.message == "No puzzle matches this filter."
    page = PuzzleTrainer.from_request("?kind=claim&variant=tactics", puzzles=committed())
    assert page.variant_choice.value == "tactics" and page.puzzle is not None and page.puzzle.position.rules.tactics
    assert PuzzleTrainer.from_request("?variant=zz", puzzles=committed()).variant_choice.value == ""
