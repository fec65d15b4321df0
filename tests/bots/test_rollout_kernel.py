"""The compiled rollout kernel (:mod:`schotten_lab.bots.rollout_kernel`) against its slow twins.

- the plain path (the same source on lists) and the numba-compiled path give bit-identical games,
  batches and random streams;
- a rollout's turns replayed on the search state (:class:`~schotten_lab.bots.sim.Sim`) make the same
  claims and the same winner, and replayed through the engine (``game.apply_turn``) from a seeded
  deal they are legal and end the same way (claiming every provable stone in the base game);
- the weak policy picks what :func:`~schotten_lab.bots.sim.greedy_play` picks, and the strong one
  scores every placement as :func:`schotten_lab.bots.greedy.placement_value` does and picks one of
  its best.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor_games import dealt, heuristic_game, played
from helpers import profile
from schotten_lab.bots import greedy
from schotten_lab.bots.determinize import observation, view_of
from schotten_lab.bots.rollout_kernel import rng_below, rng_next, rng_seed
from schotten_lab.bots.rollouts import POLICIES, Rollouts, is_compiled, kernel, placement_value, policy_choice, rollout_of
from schotten_lab.bots.sim import Sim, greedy_play
from schotten_lab.core.cards import CARDS
from schotten_lab.core.rules import PLAYERS
from schotten_lab.game import Play, Turn, apply_turn, new_game
from schotten_lab.game.deal import deal as make_deal


def _state(seed: int, turns: int, expert: bool, heuristic: bool) -> Sim:
    """A game after ``turns`` random (or heuristic, 20% random) turns."""
    return heuristic_game(seed, turns, expert) if heuristic else played(seed, turns, expert)


def test_the_compiled_path_is_numba() -> None:
    """numba is installed in the test environment: the compiled path is not the plain module."""
    from schotten_lab.bots import rollout_kernel

    assert is_compiled(kernel(True)) and not is_compiled(kernel(False))
    assert kernel(False).turn is rollout_kernel.turn and kernel(True).turn is not rollout_kernel.turn


def test_the_random_stream_is_32_bit_and_uniform_enough() -> None:
    """Plain and compiled streams agree word for word; the values fit 32 bits; ``rng_below`` stays in
    range and hits every value."""
    compiled = kernel(True)
    import numpy as np

    plain_r, fast_r = [0] * 4, np.zeros(4, np.int64)
    rng_seed(plain_r, 12345)
    compiled.rng_seed(fast_r, 12345)
    words = [rng_next(plain_r) for _ in range(2000)]
    assert words == [int(compiled.rng_next(fast_r)) for _ in range(2000)]
    assert all(0 <= w < 2**32 for w in words) and len(set(words)) > 1990
    seen = [rng_below(plain_r, 7) for _ in range(7000)]
    assert set(seen) == set(range(7)) and all(800 < seen.count(v) < 1200 for v in range(7))


@profile(25)
@given(st.integers(0, 10**6), st.integers(0, 40), st.booleans(), st.booleans(), st.sampled_from(sorted(POLICIES)))
def test_plain_and_compiled_rollouts_are_identical(seed: int, turns: int, expert: bool, heuristic: bool, policy: str) -> None:
    sim = _state(seed, turns, expert, heuristic)
    if sim.winner >= 0 or sim.stalled():
        return
    for explore in (0.0, 0.3):
        assert rollout_of(sim, seed, policy, explore, compiled=False) == rollout_of(sim, seed, policy, explore, compiled=True)


@profile(15)
@given(st.integers(0, 10**6), st.integers(0, 40), st.booleans(), st.sampled_from(sorted(POLICIES)))
def test_plain_and_compiled_batches_are_identical(seed: int, turns: int, expert: bool, policy: str) -> None:
    """The batch (dealing included) from the mover's view: the same winners on both paths; a move
    listed twice plays the same games (common random numbers); another seed deals other cards."""
    sim = _state(seed, turns, expert, True)
    if sim.winner >= 0 or sim.stalled() or not sim.deck:
        return
    view = view_of(observation(sim, sim.to_move))
    stones = sim.open_stones(sim.to_move)
    moves = [(card, stones[k % len(stones)]) for k, card in enumerate(view.hand)] if stones else [(-1, -1)]
    moves.append(moves[0])
    fast = Rollouts(view, policy, compiled=True).winners(moves, 6, seed)
    assert fast == Rollouts(view, policy, compiled=False).winners(moves, 6, seed)
    n = len(moves)
    assert all(fast[d * n] == fast[d * n + n - 1] for d in range(6))
    assert set(fast) <= {-1, 0, 1}
    scores = Rollouts(view, policy).play(moves, 6, seed)
    me = view.me
    assert scores == [[0.5 if w < 0 else float(w == me) for w in fast[d * n : (d + 1) * n]] for d in range(6)]


@profile(30)
@given(st.integers(0, 10**6), st.integers(0, 40), st.booleans(), st.booleans(), st.sampled_from(sorted(POLICIES)))
def test_a_rollout_replayed_on_the_search_state_makes_the_same_claims(
    seed: int, turns: int, expert: bool, heuristic: bool, policy: str
) -> None:
    sim = _state(seed, turns, expert, heuristic)
    if sim.winner >= 0 or sim.stalled():
        return
    winner, log = rollout_of(sim, seed, policy, 0.1)
    replay = sim.copy()
    for card, stone, claims in log:
        assert replay.winner < 0 and not replay.stalled()
        if card >= 0:
            assert card in replay.hands[replay.to_move] and stone in replay.open_stones(replay.to_move)
        else:
            assert not replay.open_stones(replay.to_move) or not replay.hands[replay.to_move]
        made = replay.turn(card, stone)
        assert sum(1 << s for s in made) == claims
    assert replay.winner == winner if winner >= 0 else replay.stalled()


@profile(12)
@given(st.integers(0, 10**6), st.booleans(), st.sampled_from(sorted(POLICIES)))
def test_a_rollout_from_a_deal_is_a_legal_game_for_the_engine(seed: int, expert: bool, policy: str) -> None:
    """A whole game played by the kernel from a seeded deal, replayed turn by turn through the engine:
    every turn legal, the same winner; in the base game no stone left that the mover could have claimed."""
    deal = make_deal(seed, 0)
    hands = [[c.index for c in deal.south if c is not None], [c.index for c in deal.north if c is not None]]
    deck = [c.index for c in reversed(deal.clan) if c is not None]  # the search state draws from the end
    sim = Sim([[] for _ in range(18)], [-1] * 9, [-1] * 9, hands, deck, 0, expert)
    winner, log = rollout_of(sim, seed, policy, 0.2)
    state = new_game("base", expert, deal=deal)
    for card, stone, claims in log:
        player = state.to_move
        play = None if card < 0 else Play(str(CARDS[card]), stone + 1)
        claimed = tuple(s + 1 for s in range(9) if claims >> s & 1)
        state, _ = apply_turn(state, Turn(player, play, claimed))
        if not expert and not state.over:
            assert state.claimable(player) == ()
    if winner >= 0:
        assert state.over and state.winner is PLAYERS[winner]
    else:
        assert not state.over


@profile(30)
@given(st.integers(0, 10**6), st.integers(0, 45), st.booleans(), st.booleans())
def test_the_weak_policy_is_greedy_play(seed: int, turns: int, expert: bool, heuristic: bool) -> None:
    sim = _state(seed, turns, expert, heuristic)
    if sim.winner >= 0 or sim.stalled():
        return
    expected = greedy_play(sim, random.Random(0), 0.0)
    assert policy_choice(sim, seed, "placement", compiled=False) == expected
    assert policy_choice(sim, seed, "placement", compiled=True) == expected


@profile(30)
@given(st.integers(0, 10**6), st.integers(0, 45), st.booleans(), st.booleans())
def test_the_strong_policy_scores_as_greedy_and_picks_a_best_placement(seed: int, turns: int, expert: bool, heuristic: bool) -> None:
    sim = _state(seed, turns, expert, heuristic)
    if sim.winner >= 0 or sim.stalled():
        return
    stones = sim.open_stones(sim.to_move)
    hand = sim.hands[sim.to_move]
    if not stones or not hand:
        assert policy_choice(sim, seed, "greedy") == (-1, -1)
        return
    values = {(card, stone): greedy.placement_value(sim, card, stone) for card in hand for stone in stones}
    for (card, stone), value in values.items():
        assert placement_value(sim, card, stone, compiled=True) == value
        assert placement_value(sim, card, stone, compiled=False) == value
    best = max(values.values())
    chosen = policy_choice(sim, seed, "greedy")
    assert values[chosen] == best
    assert policy_choice(sim, seed, "greedy", compiled=False) == chosen


def test_ties_are_broken_at_random() -> None:
    """On an empty table many placements tie: different seeds pick different ones of them."""
    sim = dealt(5)
    picks = {policy_choice(sim, seed, "greedy") for seed in range(40)}
    assert len(picks) > 1




def test_a_long_call_is_played_in_chunks_and_stays_reproducible(monkeypatch: pytest.MonkeyPatch) -> None:
    """More rollouts than ``CHUNK_ROLLOUTS`` go to the kernel in chunks of deals (so a signal is
    handled between them): the first chunk on the call's own seed (a call within one chunk is
    unchanged), each next one on a seed drawn from ``Random(seed)``; the whole is reproducible."""
    from schotten_lab.bots import rollouts
    from schotten_lab.core.cards import Card
    from schotten_lab.core.position import Position

    view = view_of(Position.from_notation("R8R9-/-B5/-/-/-/-/-/-/- R7B1G2Y4P5N3 ?6 s"))
    moves = [(Card.parse(card).index, stone) for card, stone in (("R7", 0), ("B1", 1), ("G2", 2))]
    batch = Rollouts(view, compiled=False)
    whole = batch.winners(moves, 5, 11)
    monkeypatch.setattr(rollouts, "CHUNK_ROLLOUTS", 6)  # two deals of three moves a chunk
    chunked = batch.winners(moves, 5, 11)
    assert len(chunked) == 15 and chunked == batch.winners(moves, 5, 11)
    seeds = random.Random(11)
    parts = [batch._winners(moves, 2, 11), batch._winners(moves, 2, seeds.getrandbits(32)), batch._winners(moves, 1, seeds.getrandbits(32))]
    assert chunked == [w for part in parts for w in part]
    assert chunked[:6] == whole[:6]  # the first chunk is the call's own stream
