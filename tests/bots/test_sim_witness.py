"""The rollout state's remembered counterexamples (``Sim.beaten``) never change a claim decision.

:meth:`~schotten_lab.bots.sim.Sim.can_claim` keeps a completion that beat a side and answers "no"
again while its cards stay off the table; a side of two cards is settled by the first pool card
that beats it. At every turn of random and heuristic games, every stone's answer for both players
is compared with a fresh state that remembers nothing and with the core's proof.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from advisor_games import dealt, random_turn
from schotten_lab.bots.determinize import observation
from schotten_lab.bots.sim import Sim, greedy_play, placement_score
from schotten_lab.core.proof import decide_claim
from schotten_lab.core.rules import BASE, PLAYERS


def _fresh(sim: Sim) -> Sim:
    """The same state with nothing remembered."""
    new = sim.copy()
    new.beaten = [0] * 18
    return new


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.booleans(), st.booleans())
def test_remembered_counterexamples_agree_with_a_fresh_search_and_the_core(seed: int, heuristic: bool, expert: bool) -> None:
    rng = random.Random(seed)
    sim = dealt(seed, expert)
    for turn in range(80):
        if sim.winner >= 0 or sim.stalled():
            break
        fresh = _fresh(sim)
        answers = [sim.can_claim(i, p) for i in range(9) for p in (0, 1)]
        assert answers == [fresh.can_claim(i, p) for i in range(9) for p in (0, 1)]
        if turn % 5 == 0:
            position = observation(sim, sim.to_move)
            pool = position.public_pool
            core = [decide_claim(s, player, pool, BASE).claimable for s in position.stones for player in PLAYERS]
            assert answers == core
        if heuristic:
            sim.turn(*greedy_play(sim, rng, 0.1))
        else:
            random_turn(sim, rng)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_the_policys_inlined_loops_pick_a_best_placement(seed: int, expert: bool) -> None:
    """:func:`greedy_play` inlines :func:`~schotten_lab.bots.sim.best_third` and reads a second card's
    score from a table: at every turn, its placement scores the most of every (card, stone) by the
    plain :func:`~schotten_lab.bots.sim.placement_score` (the definition)."""
    rng = random.Random(seed)
    sim = dealt(seed, expert)
    for _ in range(80):
        if sim.winner >= 0 or sim.stalled():
            break
        p = sim.to_move
        stones, hand = sim.open_stones(p), sim.hands[p]
        card, stone = greedy_play(sim, rng, 0.0)
        if stones and hand:
            best = max(placement_score(sim, c, s, p) for s in stones for c in hand)
            assert card in hand and stone in stones
            assert placement_score(sim, card, stone, p) == best
        else:
            assert (card, stone) == (-1, -1)
        random_turn(sim, rng)
