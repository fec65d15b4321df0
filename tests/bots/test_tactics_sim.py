"""The tactics search state against the engine: random engine games replayed move for move on
:class:`TacticsSim`, everything compared after every step (the engine is the slow, obviously
correct twin), and the rollout policy's moves checked legal by the engine."""

from __future__ import annotations

import random

import pytest
from helpers import tactics_after
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.bots.tactics_policy import placement_value, policy_deck, policy_play, policy_tactic, policy_turn, tactics_rollout
from schotten_lab.bots.tactics_sim import TacticsSim, from_state, hand_card, hand_code
from schotten_lab.core.rules import PLAYERS
from schotten_lab.core.tactics import parse_hand_card
from schotten_lab.game import GameState, Play, Turn, apply_turn, new_game
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




@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(4, 60), expert=st.booleans())
def test_the_policys_combat_modes_and_ruses_are_legal_engine_plays(seed: int, turns: int, expert: bool) -> None:
    """Whatever :func:`policy_tactic` plays, with tactics cards dealt into the mover's hand, is one of
    the engine's legal plays; played on both, the engine's state and the search state stay equal."""
    state = tactics_after(seed, turns, expert)
    if state is None or state.rules.expert and state.claimable(state.to_move):
        return  # (expert claims come first: the engine's plays would be on another table)
    sim = from_state(state)
    sim.start_turn()
    if sim.winner >= 0:
        return
    choice = policy_tactic(sim, random.Random(seed), 0.0)
    if choice is None:
        return
    assert choice in set(state.legal_plays())
    if choice.card == "HEADHUNTER":
        return  # its put-back is a second turn of the engine: checked by the rollouts below
    p = sim.to_move
    tactics = policy_deck(sim, p)
    sim.apply_play(choice)
    claims = () if state.rules.expert else tuple(i + 1 for i in sim.claimable(p))
    decks = [d for d, n in (("tactics", len(sim.tactics_deck)), ("clan", len(sim.clan_deck))) if n]
    deck = None if not decks else ("tactics" if tactics else "clan") if len(decks) == 2 else decks[0]
    sim.end_turn(True, tactics)
    state, _ = apply_turn(state, Turn(state.to_move, play=choice, claim=claims, deck=deck))
    if state.reason != "blocked":
        _same(sim, state)


def test_rollouts_play_combat_modes_ruses_and_both_decks() -> None:
    """Over a few rollouts from fresh deals the policy plays every kind of tactics card and draws from
    both decks (what the rollouts could not do before)."""
    seen: set[str] = set()
    tactics_draws = 0
    for seed in range(40):
        sim = from_state(new_game("tactics", seed=seed))
        before = len(sim.tactics_deck)
        rng = random.Random(seed)
        for _ in range(400):
            if sim.winner >= 0 or sim.stalled():
                break
            discard = len(sim.discard)
            modes = sum(bin(m).count("1") for m in sim.modes)
            policy_turn(sim, rng, 0.1)
            seen.update(hand_card(c) for c in sim.discard[discard:] if c >= 54)  # type: ignore[misc]
            if sum(bin(m).count("1") for m in sim.modes) > modes:
                seen.add("MODE")
        tactics_draws += before - len(sim.tactics_deck)
    assert {"MODE", "HEADHUNTER", "BANSHEE", "TRAITOR"} <= seen, seen
    assert tactics_draws > 40


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 50), expert=st.booleans())
def test_rollouts_on_the_compiled_rules_are_the_plain_ones(seed: int, turns: int, expert: bool) -> None:
    """Once the compiled rollouts are loaded the tactics search calls the rules kernel's numba twins
    (:func:`~schotten_lab.bots.tactics_sim.use_rules`): every rollout is the same, turn by turn."""
    numba = pytest.importorskip("numba")
    from schotten_lab.bots import tactics_sim
    from schotten_lab.core import kernel

    state = tactics_after(seed, turns, expert)
    if state is None:
        return
    before = tactics_sim.RULES
    played = []
    try:
        for rules in (tactics_sim.PLAIN_RULES, kernel.compiled(numba)):
            tactics_sim.use_rules(rules)
            sim = from_state(state)
            rng = random.Random(seed)
            turns_seen = []
            while sim.winner < 0 and not sim.stalled() and len(turns_seen) < 400:
                policy_turn(sim, rng, 0.1)
                turns_seen.append((tuple(map(tuple, sim.sides)), tuple(sim.claimed), tuple(sim.modes)))
            played.append((turns_seen, sim.winner))
        assert tactics_sim.RULES.side_best is not tactics_sim.PLAIN_RULES.side_best  # the compiled ones were in use
    finally:
        tactics_sim.RULES = before
    assert played[0] == played[1]
