"""The list of legal plays and the check of one play agree, on positions from random games.

``legal_plays`` (generation) and ``play_problem`` (the check ``apply_turn`` makes) are written
separately; here every candidate play (every hand card on every stone, every ruse with every source,
target and destination, legal or not) is checked by both, and the observation-based list equals the
full-state one. Every legal play is then applied without error.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schotten_lab.core.tactics import TROOP_KINDS
from schotten_lab.game import GameState, IllegalTurnError, Play, apply_turn, legal_plays, may_pass, new_game
from schotten_lab.game.plays import MODE_OF, piece_code, play_problem
from schotten_lab.game.playout import random_decision

MODES = [("base", False), ("tactics", False), ("tactics", True)]


def candidates(state: GameState) -> Iterator[Play]:
    """Plays of every shape the hand allows, most of them illegal."""
    hand = {str(c) for c in state.hand(state.to_move)}
    codes = sorted(hand | {"JOKER", "MUD", "BANSHEE"})  # a few cards not in hand too
    pieces = sorted({piece_code(p) for s in state.stones for p in s.cards()} | {"R1", "JOKER"})
    for code in codes:
        if code in ("HEADHUNTER",):
            for decks in [(), ("clan",) * 3, ("clan", "clan", "tactics"), ("tactics",) * 3, ("clan",)]:
                yield Play(code, decks=decks)
        elif code in ("STRATEGIST", "TRAITOR", "BANSHEE"):
            for source in range(1, 10):
                for target in pieces:
                    if code == "BANSHEE":
                        yield Play(code, source=source, target=target)
                        continue
                    for stone in [None, *range(1, 10)]:
                        yield Play(code, stone, source, target)
        else:
            for stone in range(1, 10):
                yield Play(code, stone)


def positions(variant: str, expert: bool, games: int) -> Iterator[GameState]:
    for index in range(games):
        rng = random.Random(index)
        state = new_game(variant, expert, seed=77, index=index)
        while not state.over:
            if state.pending is None and rng.random() < 0.25:
                yield state
            state, _ = apply_turn(state, random_decision(state, rng))


@pytest.mark.parametrize(("variant", "expert"), MODES)
def test_generated_and_checked_plays_agree(variant: str, expert: bool) -> None:
    checked = 0
    for state in positions(variant, expert, 12 if variant == "tactics" else 20):
        obs = state.observation(state.to_move)
        legal = set(legal_plays(obs))
        assert legal == set(state.legal_plays())
        assert len(legal) == len(legal_plays(obs)), "no play listed twice"
        seat = state.seat()
        for play in candidates(state):
            problem = play_problem(seat, play)
            assert (problem is None) == (play in legal), (str(play), problem)
            checked += 1
        clan_placement = any(p.card not in TROOP_KINDS and p.card not in MODE_OF and not p.is_tactics for p in legal)
        assert may_pass(obs) == (not clan_placement)
        for play in legal:  # every legal play applies
            decision = {"play": play.to_dict(), "claim": []}
            if expert:
                decision["claim"] = []
            apply_turn(state, decision)
    assert checked > 1000


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.sampled_from(
        ["R8", "r8", "JOKER", "MUD", "HEADHUNTER", "STRATEGIST", "BANSHEE", "TRAITOR", "clan", "tactics", "south", "", "=", "SPY=R7"]
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["card", "stone", "from", "target", "decks", "play", "claim", "deck", "return", "player"]), inner, max_size=5
    ),
    max_leaves=12,
)


def _sample_states() -> list[GameState]:
    out: list[GameState] = []
    for variant, expert in MODES:
        for state in positions(variant, expert, 2):
            out.append(state)
        rng = random.Random(5)
        state = new_game(variant, expert, seed=5)
        for _ in range(30):  # a pending Headhunter when one comes up
            if state.over:
                break
            state, _ = apply_turn(state, random_decision(state, rng))
            if state.pending is not None:
                out.append(state)
    return out


_STATES = _sample_states()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), _JSON, st.sampled_from(["play", "claim", "deck", "return", "whole"]))
def test_any_decision_is_applied_or_refused_with_an_illegal_turn_error(which: int, value: object, key: str) -> None:
    state = _STATES[which % len(_STATES)]
    decision = value if key == "whole" else {key: value}
    try:
        apply_turn(state, decision)  # type: ignore[arg-type]
    except IllegalTurnError as exc:
        assert len(str(exc)) < 400
