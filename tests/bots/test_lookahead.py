"""Play-outs that search the mover's next turn (:func:`schotten_lab.bots.lookahead_kernel.lookahead_batch`)
against their slow twin, and the look-ahead's place in the advisor.

- :func:`twin_value` is the look-ahead written plainly (a sort for the candidates, the mean of each
  one's rollouts, the first best) on the plain kernel's checked steps (a turn, a rollout, the
  strong policy's score); the kernel's value must be the same number from the same random stream;
- the plain and the compiled batches are bit-identical, and a move listed twice plays the same games;
- ``advise(lookahead=k)`` counts every rollout of a budget of rollouts, ``0`` (the default) is the
  plain search, and every caller refuses a bad ``lookahead``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor_games import heuristic_game
from helpers import profile
from schotten_lab.bots import AdvisorBot, Budget, advise, make_bot
from schotten_lab.bots import lookahead_kernel as L
from schotten_lab.bots import rollout_kernel as K
from schotten_lab.bots import rollouts as R
from schotten_lab.bots.advice import MIN_ROUND
from schotten_lab.bots.determinize import observation, view_of
from schotten_lab.bots.rollouts import NEXT_TURN_ROLLOUTS, Rollouts, check_lookahead, playout_cost, state_of
from schotten_lab.bots.sim import greedy_play
from schotten_lab.core.errors import ArgumentError
from schotten_lab.core.position import Position

MIDGAME = Path(__file__).resolve().parents[2] / "data" / "positions" / "13_midgame.json"
NBSP = "\u00a0"


def midgame() -> Position:
    return Position.from_json(MIDGAME.read_text(encoding="utf-8"))


def twin_value(state: list[int], r: list[int], policy: int, explore: int, look: int, reps: int, fresh: bool, me: int) -> float:
    """The look-ahead's value written plainly (see the module)."""
    s = list(state)

    def value(winner: int) -> float:
        return 0.5 if winner < 0 else float(winner == me)

    if s[K.WINNER] >= 0:
        return value(s[K.WINNER])
    if s[K.TO_MOVE] != me:
        choose = K.greedy_policy if policy == K.GREEDY else K.placement_policy
        K.turn(s, *choose(s, r, explore))
        if s[K.WINNER] >= 0:
            return value(s[K.WINNER])
        if s[K.PASSES] >= 4:
            return 0.5
    hand = s[K.HANDS + 6 * me : K.HANDS + 6 * me + s[K.HAND_N + me]]
    free = [i for i in range(9) if K.open_mask(s, me) >> i & 1]
    if not free or not hand or s[K.TO_MOVE] != me:
        return value(K.rollout(s, r, policy, explore, [0]))
    placements = [(card, stone) for card in hand for stone in free]
    ranked = sorted(placements, key=lambda p: -K.placement_value(s, *p))[:look]  # stable: ties in hand, stone order
    base = K.rng_next(r)

    def play(card: int, stone: int, k: int) -> float:
        w2 = list(s)
        K.rng_seed(r, (base + 0x9E3779B9 * (k + 1)) & K.MASK32)
        L.shuffle_deck(w2, r)
        K.turn(w2, card, stone)
        w = w2[K.WINNER]
        if w < 0 and w2[K.PASSES] < 4:
            w = K.rollout(w2, r, policy, explore, [0])
        return value(w)

    means = [sum(play(card, stone, k) for k in range(reps)) / reps for card, stone in ranked]
    best = means.index(max(means))
    return play(*ranked[best], reps) if fresh else means[best]


@profile(20)
@given(
    st.integers(0, 10**6), st.integers(0, 40), st.booleans(), st.sampled_from([K.GREEDY, K.PLACEMENT]),
    st.integers(1, 5), st.integers(1, 3), st.booleans(),
)  # fmt: skip
def test_the_kernels_lookahead_value_is_its_twins(
    seed: int, turns: int, expert: bool, policy: int, look: int, reps: int, fresh: bool
) -> None:  # fmt: skip
    sim = heuristic_game(seed, turns, expert)
    if sim.winner >= 0 or sim.stalled():
        return
    me = sim.to_move
    state = state_of(sim)
    K.turn(state, *greedy_play(sim, random.Random(seed), 0.5))  # the searched move (any legal one)
    explore = R.explore_cut(0.1)
    r1, r2 = [0] * 4, [0] * 4
    K.rng_seed(r1, seed)
    K.rng_seed(r2, seed)
    scratch = [[0] * K.SIZE, [0] * 54, [0] * 54, [0] * 54]
    got = L.lookahead_value(list(state), r1, policy, explore, look, reps, fresh, me, scratch[0], [0], *scratch[1:])
    assert got == twin_value(state, r2, policy, explore, look, reps, fresh, me)
    assert 0.0 <= got <= 1.0 and (got * 2 * reps).is_integer()
    if fresh:
        assert got in (0.0, 0.5, 1.0)


@profile(8)
@given(st.integers(0, 10**6), st.integers(0, 36), st.booleans(), st.booleans())
def test_plain_and_compiled_lookahead_batches_are_identical(seed: int, turns: int, expert: bool, fresh: bool) -> None:
    sim = heuristic_game(seed, turns, expert)
    if sim.winner >= 0 or sim.stalled() or not sim.deck:
        return
    view = view_of(observation(sim, sim.to_move))
    stones = sim.open_stones(sim.to_move)
    moves = [(card, stones[k % len(stones)]) for k, card in enumerate(view.hand[:3])] if stones else [(-1, -1)]
    moves.append(moves[0])
    fast = Rollouts(view, compiled=True, lookahead=2).play(moves, 3, seed, unbiased=fresh)
    assert fast == Rollouts(view, compiled=False, lookahead=2).play(moves, 3, seed, unbiased=fresh)
    assert len(fast) == 3 and all(len(row) == len(moves) and row[0] == row[-1] for row in fast)
    assert all(0 <= v <= 1 and (v * 2 * NEXT_TURN_ROLLOUTS).is_integer() for row in fast for v in row)


def test_a_look_ahead_call_is_played_in_chunks_of_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-out that looks ahead costs ``lookahead * NEXT_TURN_ROLLOUTS`` rollouts: the chunks
    count them, and the chunked call is reproducible, its first chunk the call's own stream."""
    view = view_of(midgame())
    moves = [(view.hand[0], 0), (view.hand[1], 1)]
    batch = Rollouts(view, compiled=True, lookahead=1)
    assert batch.cost == NEXT_TURN_ROLLOUTS == playout_cost(1) == playout_cost(1, unbiased=True) - 1
    whole = batch.play(moves, 4, 5)
    monkeypatch.setattr(R, "CHUNK_ROLLOUTS", 2 * 2 * batch.cost)  # two deals of two moves a chunk
    chunked = batch.play(moves, 4, 5)
    assert len(chunked) == 4 and chunked == batch.play(moves, 4, 5) and chunked[:2] == whole[:2]


def test_a_budget_of_rollouts_counts_every_rollout_of_the_look_ahead() -> None:
    """The search plays ``N // cost`` play-outs, then a quarter more on fresh deals for the chosen
    move's estimate, each with one more rollout (the unbiased value): the rollouts it reports are
    exactly those."""
    position = midgame()
    plain = advise(position, budget=Budget(rollouts=400), seed=3, explain_all=False)
    same = advise(position, budget=Budget(rollouts=400), seed=3, explain_all=False, lookahead=0)
    assert (same.moves, same.rollouts) == (plain.moves, plain.rollouts)
    ahead = advise(position, budget=Budget(rollouts=400), seed=3, explain_all=False, lookahead=2)
    assert 500 <= plain.rollouts <= 502  # 400 play-outs (the halving's last round may pass them by one) and 100 fresh
    cost = 2 * NEXT_TURN_ROLLOUTS
    fresh = ahead.moves[0].samples  # the chosen move's estimate: its fresh deals alone
    assert fresh >= MIN_ROUND and (ahead.rollouts - fresh * (cost + 1)) % cost == 0
    assert 400 // cost <= (ahead.rollouts - fresh * (cost + 1)) // cost <= 400 // cost + 1
    assert ahead.moves[0].win is not None and 0 <= ahead.moves[0].win <= 1


@pytest.mark.parametrize("call", [
    lambda: check_lookahead(13),
    lambda: advise(midgame(), budget=Budget(rollouts=10), lookahead=13),
    lambda: AdvisorBot(budget=Budget(rollouts=10), lookahead=13),
    lambda: make_bot("advisor", budget=Budget(rollouts=10), lookahead=13),
    lambda: Rollouts(view_of(midgame()), lookahead=13),
], ids=["check_lookahead", "advise", "AdvisorBot", "make_bot", "Rollouts"])  # fmt: skip
def test_every_caller_refuses_a_bad_lookahead_with_the_same_sentence(call: Callable[[], Any]) -> None:
    with pytest.raises(ArgumentError) as caught:
        call()
    assert str(caught.value) == "lookahead: must be a whole number of next placements from 0 to 12, not 13"
    assert caught.value.in_words("fr") == (
        f"lookahead{NBSP}: un nombre entier de placements suivants, de 0 à 12, est attendu, et non 13"
    )


@pytest.mark.parametrize("value", [True, -1, 2.0, "4", None])
def test_a_lookahead_that_is_not_a_count_is_refused(value: object) -> None:
    with pytest.raises(ArgumentError, match=r"^lookahead: must be a whole number of next placements from 0 to 12, not "):
        check_lookahead(value)


def test_a_bot_takes_the_look_ahead_as_an_option() -> None:
    assert make_bot("advisor", budget=Budget(rollouts=10), lookahead=3).lookahead == 3
    assert make_bot("advisor", budget=Budget(rollouts=10)).lookahead == 0  # plain play-outs by default
