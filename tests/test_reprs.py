"""Analysis results show themselves in notebooks with their exact fractions."""

from __future__ import annotations

from schotten_lab import Position, analyze, claim, completion_odds, stone_outcome

THREE_EIGHTS = "N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 s"


def test_claim_verdict_html_says_the_verdict_and_why() -> None:
    html = claim(Position.from_notation(THREE_EIGHTS), 1, "south")._repr_html_()
    assert "south cannot claim stone 1" in html and "R8" in html


def test_odds_and_outcome_html_show_exact_fractions() -> None:
    p = Position.from_notation(THREE_EIGHTS)
    odds = completion_odds(p, 1, "north")._repr_html_()
    assert "1/49" in odds and "color run" in odds and "49 equally likely completions" in odds
    outcome = stone_outcome(p, 1)._repr_html_()
    assert "48/49" in outcome and "1/49" in outcome


def test_board_html_draws_the_position() -> None:
    html = analyze(Position.from_notation(THREE_EIGHTS))._repr_html_()
    assert html.count("<svg") == 1 and "Stone 1" in html
