"""Reasons that must not say what did not happen."""

from __future__ import annotations

from schotten_lab.bots import Budget
from schotten_lab.bots import advise
from schotten_lab.core.position import Position


def test_an_expert_claim_that_wins_the_game_is_not_called_a_pass_for_want_of_a_placement() -> None:
    """South claims stone 3 at the start of the turn and has won: the game ends before any play,
    though south holds placeable cards."""
    pos = Position.from_notation("R7R8R9*-B1B3Y5@s/G7G8G9*-Y1Y3P5@s/N7N8N9-P1P2/-/-/-/-/-/- R5R6Y2Y4Y6B6 ?6 s expert")
    best = advise(pos, budget=Budget(rollouts=50), seed=0).best
    assert best.claims == (3,) and best.reason == "claims stone 3 and wins the game", best.reason
