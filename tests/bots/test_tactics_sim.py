"""The tactics search state against the engine: random engine games replayed move for move on
:class:`TacticsSim`, everything compared after every step (the engine is the slow, obviously
correct twin), and the rollout policy's moves checked legal by the engine."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.bots.tactics_sim import (
    TacticsSim,
    from_state,
    hand_card,
    hand_code,
    placement_value,
    policy_play,
    tactics_rollout,
)
from schotten_lab.core.rules import PLAYERS
from schotten_lab.core.tactics import parse_hand_card
from schotten_lab.game import GameState, Play, apply_turn, new_game
from schotten_lab.game.playout import random_decision


def _same(sim: TacticsSim, state: GameState) -> None:
    """``sim`` holds exactly what the engine's ``state`` holds (hands as multisets)."""
    ref = from_state(state)
    assert sim.sides == ref.sides
    assert sim.done == ref.done
    assert sim.modes == ref.modes
    assert sim.claimed == ref.claimed
    assert [sorted(h) for h in sim.hands] == [sorted(h) for h in ref.hands]
    assert sim.clan_deck == ref.clan_deck
    assert sim.tactics_deck == ref.tactics_deck
    assert sim.discard == ref.discard
    assert sim.gone == ref.gone
    assert sim.played == ref.played
    assert sim.jokers == ref.jokers
    if not state.over:  # (a game that ends stops mid-turn: no next player, no pass count)
        assert sim.to_move == ref.to_move
        assert sim.passes == ref.passes
    assert sim.winner == (-1 if state.winner is None else PLAYERS.index(state.winner))
    for p in (0, 1):
        assert [i + 1 for i in sim.claimable(p)] == list(state.claimable(PLAYERS[p]))


def _replay(seed: int, expert: bool) -> int:
    """Play a random tactics game in the engine, mirroring every step on the search state."""
    rng = random.Random(seed)
    state = new_game("tactics", expert, seed=seed)
    sim = from_state(state)
    steps = 0
    while not state.over:
        decision = random_decision(state, rng)
        pending = state.pending is not None
        state, _turn = apply_turn(state, decision)
        if pending:
            sim.put_back([hand_code(parse_hand_card(c)) for c in decision.put_back or ()])
            sim.end_turn(True, draw=False)
        else:
            sim.start_turn()
            play = decision.play
            if sim.winner < 0:
                if play is None:
                    sim.end_turn(False)
                else:
                    sim.apply_play(play)
                    if play.card != "HEADHUNTER":
                        sim.end_turn(True, decision.deck == "tactics")
        if state.reason == "blocked":
            break
        _same(sim, state)
        steps += 1
    return steps


@pytest.mark.parametrize("expert", [False, True])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_replay_identically(seed: int, expert: bool) -> None:
    assert _replay(seed, expert) > 10


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 60), explore=st.sampled_from([0.0, 0.5]))
def test_rollout_policy_plays_only_legal_moves(seed: int, turns: int, explore: float) -> None:
    """Every placement of the policy, from random engine states, is among the engine's legal plays;
    it passes only when the engine has no clan placement to offer."""
    rng = random.Random(seed)
    state = new_game("tactics", bool(seed % 2), seed=seed)
    for _ in range(turns):
        if state.over:
            return
        state, _ = apply_turn(state, random_decision(state, rng))
    if state.over or state.pending is not None:
        return
    sim = from_state(state)
    sim.start_turn()
    if sim.winner >= 0:
        return
    # the engine's plays on the table left by the expert claims
    if state.rules.expert:
        claims = [i + 1 for i in range(9) if sim.claimed[i] >= 0 and state.stones[i].claimed is None]
        legal = {p for p in state.legal_plays() if p.stone not in claims and p.source not in claims}
    else:
        legal = set(state.legal_plays())
    choice = policy_play(sim, rng, explore)
    clan_legal = any(p.kind == "clan" for p in legal)
    if choice == -1:
        assert not clan_legal
        return
    assert isinstance(choice, tuple)
    code, stone = choice
    assert Play(str(hand_card(code)), stone + 1) in legal


@pytest.mark.parametrize("seed", range(6))
def test_rollouts_end(seed: int) -> None:
    """A rollout from the deal ends with a winner or a stall, and leaves a consistent state."""
    sim = from_state(new_game("tactics", seed=seed))
    winner = tactics_rollout(sim, random.Random(seed))
    assert winner in (-1, 0, 1)
    assert winner == sim.winner or winner == -1
    pieces = sum(len(s) for s in sim.sides) + len(sim.discard) + len(sim.hands[0]) + len(sim.hands[1])
    assert pieces + len(sim.clan_deck) + len(sim.tactics_deck) + sum(bin(m).count("1") for m in sim.modes) == 64


def slow_policy(sim: TacticsSim) -> int | tuple[int, int]:
    """The rollout policy written plainly: the best :func:`placement_value` over every clan card on
    every free stone, and every playable troop where it completes a side (anywhere without a clan
    card), the first best in stone order."""
    p = sim.to_move
    stones = sim.free_stones(p)
    clan = [c for c in sim.hands[p] if c < 54]
    troops = []
    if sim.may_play_tactics(p):
        troops = sorted({c for c in sim.hands[p] if c in (54, 55, 56) and not (c == 54 and sim.jokers[p])})
    best, choice = None, -1
    for stone in stones:
        options = list(clan)
        if len(sim.sides[2 * stone + p]) + 1 == sim.capacity(stone) or not clan:
            options += troops
        for code in options:
            score = placement_value(sim, code, stone, p)
            if best is None or score > best:
                best, choice = score, (code, stone)
    return choice


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 70))
def test_the_fast_rollout_policy_is_the_plain_one(seed: int, turns: int) -> None:
    rng = random.Random(seed)
    state = new_game("tactics", seed=seed)
    for _ in range(turns):
        if state.over:
            return
        state, _ = apply_turn(state, random_decision(state, rng))
    if state.pending is not None:
        return
    sim = from_state(state)
    assert policy_play(sim, rng, 0.0) == slow_policy(sim)
