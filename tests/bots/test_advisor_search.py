"""The advisor's search state against the core: exact proofs, determinization, observations."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from advisor_games import played
from schotten_lab.bots.determinize import observation, sample, view_of
from schotten_lab.bots.sim import FULL, best_completion
from schotten_lab.core.cards import CARDS
from schotten_lab.core.proof import decide_claim
from schotten_lab.core.rules import BASE, PLAYERS
from schotten_lab.core.sides import best_side_completion


@settings(max_examples=400, deadline=None)
@given(st.permutations(range(54)), st.integers(0, 2), st.integers(0, 51))
def test_best_completion_matches_the_core(cards: list[int], k: int, pool_size: int) -> None:
    side = cards[:k]
    pool = 0
    for c in cards[k : k + pool_size]:
        pool |= 1 << c
    ref = best_side_completion([CARDS[c] for c in side], pool)
    assert best_completion(side, pool) == (-1 if ref is None else ref[0].strength)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_claims_match_the_core_proof(seed: int, turns: int) -> None:
    sim = played(seed, turns)
    position = observation(sim, sim.to_move)
    pool = position.public_pool
    for i, stone in enumerate(position.stones):
        for p, player in enumerate(PLAYERS):
            assert sim.can_claim(i, p) == decide_claim(stone, player, pool, BASE).claimable


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.booleans())
def test_observation_hides_the_opponent_and_round_trips(seed: int, turns: int, expert: bool) -> None:
    sim = played(seed, turns, expert)
    if sim.winner >= 0:
        return
    me = sim.to_move
    position = observation(sim, me)
    assert position.status() == []
    assert position.hands[PLAYERS[1 - me]] is None
    view = view_of(position)
    assert sorted(view.hand) == sorted(sim.hands[me])
    assert sorted(view.hidden) == sorted(sim.hands[1 - me] + sim.deck)
    dealt = sample(view, random.Random(seed))
    assert dealt.sides == sim.sides and dealt.claimed == sim.claimed and dealt.first == sim.first
    assert sorted(dealt.hands[me]) == sorted(sim.hands[me])
    assert len(dealt.hands[1 - me]) == len(sim.hands[1 - me]) and len(dealt.deck) == len(sim.deck)
    assert sorted(dealt.hands[1 - me] + dealt.deck) == sorted(view.hidden)
    assert dealt.table == sim.table and dealt.to_move == me and dealt.expert == expert


def test_deals_are_uniform_over_the_viewer_pool() -> None:
    """P(card in the opponent's hand) = h / |U_v| for every hidden card (ANALYSIS.md §2)."""
    sim = played(7, 10)
    view = view_of(observation(sim, sim.to_move))
    rng = random.Random(1)
    runs = 4000
    seen: Counter[int] = Counter()
    for _ in range(runs):
        seen.update(sample(view, rng).hands[1 - view.me])
    p = view.opponent_hand_size / len(view.hidden)
    sd = (p * (1 - p) / runs) ** 0.5
    for card in view.hidden:
        assert abs(seen[card] / runs - p) < 5 * sd, CARDS[card]
    assert set(seen) <= set(view.hidden)
    assert FULL & sum(1 << c for c in seen) & sim.table == 0
