"""The strong ``greedy`` (bots/greedy.py) against a slow twin: the same score for every legal
placement, computed with the engine's own turn and claim rules and a brute-force search for the
best reachable formation (no bits of the search state); and the bot's play takes a win at once."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor_games import played
from helpers import profile
from schotten_lab.bots import GreedyBot, WeakGreedyBot, make_bot
from schotten_lab.bots.determinize import observation
from schotten_lab.bots.greedy import CLAIM_SCORE, DUMP_SCORE, WIN_SCORE, placement_value
from schotten_lab.bots.determinize import view_of
from schotten_lab.bots.turns import after_play, seen_state
from schotten_lab.core.cards import CARDS, Card
from schotten_lab.core.formations import strength_of
from schotten_lab.core.position import Position
from schotten_lab.core.rules import holds_winning_set
from schotten_lab.game import Play, apply_turn, claimable_stones, legal_plays, state_from_position


def slow_value(position: Position, play: Play) -> int:
    """The module's score written out on the engine's rules: claims after the play, a win by them,
    the best formation reachable by brute force over the cards not on the table, a dump on a stone
    whose opponent's complete side beats everything left."""
    me = position.to_move
    after = after_play(seen_state(position), play)
    claims = claimable_stones(after, me)
    if holds_winning_set(set(after.stones_held(me)) | set(claims)):
        return WIN_SCORE
    score = CLAIM_SCORE * len(claims)
    number = int(play.stone or 0)
    if number in claims:
        return score
    stone = after.stone(number)
    side = [c for c in stone.side(me) if isinstance(c, Card)]
    theirs = [c for c in stone.side(me.opponent) if isinstance(c, Card)]
    live = [c for c in CARDS if not after.table_mask >> c.index & 1]
    mine = max((strength_of([*side, *extra]) for extra in combinations(live, 3 - len(side))), default=-1)
    if len(theirs) == 3:
        beaten = strength_of(theirs)
        if mine < beaten or (mine == beaten and stone.first_complete is me.opponent):
            return score + DUMP_SCORE - (Card.parse(play.card).value - 1)
    return score + mine


@pytest.mark.heavy
@given(seed=st.integers(0, 10**6), turns=st.integers(8, 30), expert=st.booleans())
@profile(5)
def test_the_score_equals_the_slow_twin_on_every_placement(seed: int, turns: int, expert: bool) -> None:
    sim = played(seed, turns, expert)
    if sim.winner >= 0 or sim.stalled():
        return
    position = observation(sim, sim.to_move)
    view = view_of(position)
    state = view.deal(list(view.hidden))
    for play in legal_plays(position):
        fast = placement_value(state, Card.parse(play.card).index, int(play.stone or 1) - 1)
        assert fast == slow_value(position, play), play


@given(seed=st.integers(0, 10**6), turns=st.integers(10, 40), expert=st.booleans())
@profile(10)
def test_greedy_plays_legally_and_takes_a_win_at_once(seed: int, turns: int, expert: bool) -> None:
    sim = played(seed, turns, expert)
    if sim.winner >= 0 or sim.stalled():
        return
    position = observation(sim, sim.to_move)
    state = state_from_position(position)
    decision = GreedyBot(seed=seed).decide(position)
    after, _ = apply_turn(state, decision)  # legal, or the engine raises
    winning = []
    for play in legal_plays(position):
        claims = state.claimable() if expert else state.claims_after(play)
        won, _ = apply_turn(state, {"play": play.to_dict(), "claim": list(claims)})
        winning.append(won.winner is position.to_move)
    if any(winning) or (expert and state.claimable()):
        assert after.over and after.winner is position.to_move


def test_the_names_greedy_and_greedy_weak() -> None:
    assert isinstance(make_bot("greedy", seed=0), GreedyBot)
    assert isinstance(make_bot("greedy-weak", seed=0), WeakGreedyBot)
