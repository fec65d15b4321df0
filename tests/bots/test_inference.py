"""The advisor's weighted deals (:mod:`schotten_lab.bots.inference`, :func:`.rollout_kernel.deal_into`).

- every hand the strong heuristic really held in its games fits what its plays say (no card of it
  counted as unfit), at every decision of many seeded greedy-against-greedy games, base and expert;
  the reading is not empty (it finds constraints);
- the cards it played that an older turn's play rules out spend the draws since
  (:func:`kept_draws`): the reading then leaves less room, and the true hands still fit;
- the kernel's count of unfit cards is its slow twin's (plain and compiled paths);
- the deals the kernel makes follow the weights: on a small hidden set, each opponent hand's
  frequency matches ``doubt ** unfit`` normalised (exact distribution computed by enumeration);
- a history that does not lead to the position, or cannot be read, leaves the deals uniform, and so
  does no history; plain and compiled batches agree with and without a reading.
"""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile
from schotten_lab.bots import make_bot
from schotten_lab.bots.determinize import view_of
from schotten_lab.bots import inference
from schotten_lab.bots.inference import UNIFORM, Arrivals, arrivals, heuristic_beats, kept_draws, unfit
from schotten_lab.bots.rollouts import Rollouts, explore_cut, kernel
from schotten_lab.core.rules import Player
from schotten_lab.game import apply_turn, new_game
from schotten_lab.game.deal import deal as make_deal


def _greedy_game(seed: int, expert: bool) -> list[tuple[object, object, tuple[int, ...]]]:
    """Every decision of a greedy-against-greedy game: (the mover's view, the history, the
    opponent's true hand as card indices)."""
    state = new_game("base", expert, deal=make_deal(0, seed, "base"), first=Player.SOUTH)
    bots = {seat: make_bot("greedy", seed=seed * 2 + i) for i, seat in enumerate((Player.SOUTH, Player.NORTH))}
    seen = []
    while not state.over:
        seat = state.to_move
        observation = state.observation(seat)
        if observation.clan_hand(seat):
            other = state.observation(seat.opponent).clan_hand(seat.opponent) or ()
            seen.append((view_of(observation), tuple(state.turns), tuple(c.index for c in other)))
        state, _ = apply_turn(state, bots[seat].decide(observation, state.turns))
    return seen


@pytest.mark.parametrize("expert", [False, True])
def test_the_heuristics_real_hands_always_fit(expert: bool) -> None:
    """The opponent is the model: its true hand never has an unfit card, and some cards are read."""
    read = 0
    decisions = 0
    for seed in range(6):
        for view, history, hand in _greedy_game(seed, expert):
            found = arrivals(view, history)  # type: ignore[arg-type]
            assert unfit(hand, found) == 0, (seed, len(history), hand)
            decisions += 1
            read += sum(1 for x in view.hidden if found.newer[x])  # type: ignore[attr-defined]
    assert decisions > 100
    assert read > 5 * decisions  # on average more than five unseen cards argued against a decision


def test_the_played_cards_spend_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over six greedy games, the played cards' draws leave the hand less room at some decisions (and
    never more); the true hands still fit (above, with them)."""
    decisions = [d for seed in range(6) for d in _greedy_game(seed, seed % 2 == 1)]
    found = [arrivals(view, history) for view, history, _ in decisions]  # type: ignore[arg-type]
    monkeypatch.setattr(inference, "kept_draws", lambda draws, came_after: tuple(draws))
    plain = [arrivals(view, history) for view, history, _ in decisions]  # type: ignore[arg-type]
    assert [a.newer for a in found] == [a.newer for a in plain]
    tighter = sum(a.draws != b.draws for a, b in zip(found, plain))
    assert all(x <= y for a, b in zip(found, plain) for x, y in zip(a.draws, b.draws))
    assert tighter > len(decisions) // 4, (tighter, len(decisions))
    assert kept_draws((0, 1, 2, 3), [2, 0, 0]) == (0, 1, 1, 2)


def test_no_history_or_a_foreign_one_leaves_the_deals_uniform() -> None:
    view, history, _hand = _greedy_game(3, False)[20]
    assert arrivals(view, None) is UNIFORM and arrivals(view, []) is UNIFORM  # type: ignore[arg-type]
    other_view, other_history, _ = _greedy_game(4, False)[20]
    assert arrivals(view, other_history) is UNIFORM  # type: ignore[arg-type]  # another game's table
    assert arrivals(view, list(history)[:-1]) is UNIFORM  # type: ignore[arg-type]  # one turn short
    broken = [{"player": "east", "play": None, "claim": []}]
    assert arrivals(view, broken) is UNIFORM  # type: ignore[arg-type]
    assert arrivals(view, [{"player": "south", "play": {"card": "Q9", "stone": 1}, "claim": []}]) is UNIFORM  # type: ignore[arg-type]
    assert not arrivals(view, history).uniform  # type: ignore[arg-type]


@profile(60)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6), st.integers(1, 5))
def test_the_kernels_count_is_the_slow_twins(seed: int, size: int, turns: int) -> None:
    rng = random.Random(seed)
    newer = [rng.choice([0, 0, 0] + list(range(1, turns + 1))) for _ in range(54)]
    dry = rng.randint(0, 2)
    draws = [max(0, j - dry) for j in range(turns + 1)]
    hand = rng.sample(range(54), size)
    twin = unfit(hand, Arrivals(tuple(newer), tuple(draws)))
    for functions, array in ((kernel(False), list), (kernel(True), lambda v: np.asarray(v, dtype=np.int64))):
        assert functions.unfit(array(hand + [0, 1]), size, array(newer), array(draws)) == twin


@pytest.mark.parametrize("compiled", [False, True])
def test_the_deals_follow_the_weights(compiled: bool) -> None:
    """Five hidden cards, a hand of two: each hand's frequency over 20,000 deals against the exact
    law ``doubt ** unfit`` normalised (every count within 4.5 standard deviations)."""
    view, history, _ = _greedy_game(1, False)[30]
    hidden = list(view.hidden)[:5]  # type: ignore[attr-defined]
    newer = [0] * 54
    newer[hidden[0]], newer[hidden[1]], newer[hidden[2]] = 1, 1, 2
    weights = Arrivals(tuple(newer), (0, 1, 1), 0.25)
    functions = kernel(compiled)
    array = (lambda v: np.asarray(v, dtype=np.int64)) if compiled else list
    base = array([0] * 164)
    target = array([0] * 164)
    r = array([0] * 4)
    functions.rng_seed(r, 7)
    pool = array(hidden)
    counts: dict[frozenset[int], int] = {}
    deals = 20_000
    for _ in range(deals):
        functions.deal_into(base, pool, 2, r, target, array(list(weights.newer)), array(list(weights.draws)), explore_cut(0.25))
        hand = frozenset(int(target[90 + 6 + j]) for j in range(2))  # the opponent is north (mover south)
        counts[hand] = counts.get(hand, 0) + 1
    law = {frozenset(h): 0.25 ** unfit(h, weights) for h in itertools.combinations(hidden, 2)}
    total = sum(law.values())
    assert set(counts) <= set(law)
    for hand, weight in law.items():
        p = weight / total
        expected = deals * p
        assert abs(counts.get(hand, 0) - expected) <= 4.5 * math.sqrt(deals * p * (1 - p)) + 1, (sorted(hand), counts.get(hand), expected)


def test_plain_and_compiled_batches_agree_with_and_without_a_reading() -> None:
    """The plain and compiled paths play the same batches, with uniform deals and with the deals
    weighted by the history; the weighting changes the deals (so the batches differ from uniform)."""
    view, history, _ = _greedy_game(2, False)[25]
    moves = [(view.hand[0], s) for s in range(9) if len(view.sides[2 * s + view.me]) < 3 and view.claimed[s] < 0][:3]  # type: ignore[attr-defined]
    plain = Rollouts(view, compiled=False).winners(moves, 40, 11)  # type: ignore[arg-type]
    fast = Rollouts(view, compiled=True).winners(moves, 40, 11)  # type: ignore[arg-type]
    assert plain == fast
    weighted_plain = Rollouts(view, compiled=False, history=history).winners(moves, 40, 11)  # type: ignore[arg-type]
    weighted_fast = Rollouts(view, compiled=True, history=history).winners(moves, 40, 11)  # type: ignore[arg-type]
    assert weighted_plain == weighted_fast
    assert weighted_plain != plain


@pytest.mark.parametrize("compiled", [False, True])
def test_the_kernels_reading_is_the_heuristics(compiled: bool) -> None:
    """The rollout kernel's ``beats`` (what :class:`Rollouts` reads with) gives the very reading of
    :func:`heuristic_beats`, which scores with :func:`schotten_lab.bots.greedy.placement_value`."""
    for seed in (0, 5):
        for view, history, _hand in _greedy_game(seed, seed == 5)[8::6]:
            fast = Rollouts(view, compiled=compiled, history=history).arrivals  # type: ignore[arg-type]
            assert fast == arrivals(view, history, beats=heuristic_beats)  # type: ignore[arg-type]
