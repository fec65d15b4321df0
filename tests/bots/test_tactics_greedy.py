"""The strong tactics heuristic (bots/tactics_greedy.py) against a slow twin: the same score for every
legal play, computed on the engine's positions (its own turn and claim rules) with the completions
listed by :mod:`schotten_lab.core.sides` (every completion, troops at their best identities; no ints
of the search state, no rank cascade); and its turns are legal for the engine in whole games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile, tactics_after
from schotten_lab.bots import TacticsGreedyBot, make_bot
from schotten_lab.bots.tactics_judge import (
    CLAIM_SCORE,
    DUMP_SCORE,
    HEADHUNTER_SCORE,
    IDLE_SCORE,
    SWING_SCORE,
    TROOP_COST,
    WIN_SCORE,
    play_score,
)
from schotten_lab.bots.tactics_search import tactics_view_of
from schotten_lab.bots.turns import after_play, seen_state
from schotten_lab.core.cards import Card
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player, holds_winning_set
from schotten_lab.core.sides import best_side_completion
from schotten_lab.core.tactics import Troop
from schotten_lab.game import GameState, Play, apply_turn, claimable_stones, legal_plays, new_game
from schotten_lab.game.playout import random_decision
from schotten_lab.play.arena import timed_game


def _best(position: Position, number: int, player: Player, pool: int) -> int:
    """The strongest completion of ``player``'s side of stone ``number`` from ``pool`` (-1: none)."""
    stone = position.stone(number)
    found = best_side_completion(stone.side(player), pool, capacity=stone.capacity, blind=stone.blind)
    return -1 if found is None else found[0].strength


def _lean(position: Position, number: int, me: Player) -> int:
    stone = position.stone(number)
    if stone.claimed is not None:
        return 3 if stone.claimed is me else -3
    pool = position.public_pool
    a, b = _best(position, number, me, pool), _best(position, number, me.opponent, pool)
    return (a > b) - (b > a)


def slow_score(position: Position, play: Play) -> int:
    """The module's score written out on the engine's positions (see the module docstring)."""
    if play.card == "HEADHUNTER":
        return HEADHUNTER_SCORE
    me = position.to_move
    after = after_play(seen_state(position), play)
    claims = claimable_stones(after, me)
    if holds_winning_set(set(after.stones_held(me)) | set(claims)):
        return WIN_SCORE
    score = CLAIM_SCORE * len(claims)
    if play.kind not in ("clan", "troop"):
        gain = sum(_lean(after, n, me) - _lean(position, n, me) for n in range(1, 10))
        return score + (SWING_SCORE * gain if gain > 0 else IDLE_SCORE)
    number = int(play.stone or 0)
    if number in claims:
        return score
    stone = after.stone(number)
    mine = _best(after, number, me, after.public_pool)
    side = stone.side(me)
    if len(stone.side(me.opponent)) >= stone.capacity:
        beaten = _best(after, number, me.opponent, 0)
        if mine < beaten or (mine == beaten and stone.first_complete is me.opponent):
            value = Card.parse(play.card).value - 1 if play.kind == "clan" else 9
            return score + DUMP_SCORE - value
    if isinstance(side[-1], Troop) and len(side) < stone.capacity:
        return score + mine - TROOP_COST
    return score + mine




@given(seed=st.integers(0, 10**6), turns=st.integers(6, 50), expert=st.booleans())
@profile(12)
def test_the_score_equals_the_slow_twin_on_every_play(seed: int, turns: int, expert: bool) -> None:
    state = tactics_after(seed, turns, expert)
    if state is None:
        return
    seen = state.observation(state.to_move)
    if expert and claimable_stones(seen, seen.to_move):
        return  # (expert claims come first: scored on the table they leave, as build_turn does)
    sim = tactics_view_of(seen).neutral()
    for play in legal_plays(seen):
        assert play_score(sim, play) == slow_score(seen, play), play


def test_a_winning_play_is_taken() -> None:
    """Whenever some play's claims win the game, the bot's turn wins it (every turn of random games)."""
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game("tactics", seed=seed)
        while not state.over:
            if state.pending is None:
                seen = state.observation(state.to_move)
                sim = tactics_view_of(seen).neutral()
                if any(play_score(sim, p) == WIN_SCORE for p in legal_plays(seen)):
                    checked += 1
                    after, _ = apply_turn(state, TacticsGreedyBot(seed).decide(seen))
                    assert after.winner is state.to_move
            state, _ = apply_turn(state, random_decision(state, rng))
    assert checked >= 3


@pytest.mark.parametrize("expert", [False, True])
def test_whole_games_are_legal_and_beat_random(expert: bool) -> None:
    """The engine referees whole games (every turn, put-backs included, checked by it) against
    ``random``; the heuristic wins most of them."""
    wins = 0
    for g in range(6):
        bots = (make_bot("greedy-tactics", seed=g), make_bot("random", seed=g))
        result = timed_game(bots if g % 2 == 0 else bots[::-1], 0, index=g, variant="tactics", expert=expert)
        wins += result.winner == g % 2
    assert wins >= 5
