"""Greedy's stone chance (``SideOdds.chance``) beside slow twins, on the stones of positions met in
random games: a plain itertools enumeration of each side's completions (``tests/reference.py``'s
formations) combined pair by pair as independent, and the exact joint count (``stone_chance``)
wherever a side is complete (there the two agree: only one side is random)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import reference as ref
from schotten_lab import game
from schotten_lab.bots import RandomBot, SideOdds, stone_chance
from schotten_lab.core import Player, Position
from schotten_lab.core.cards import cards_of


MAX_PAIRS = 300_000
"""Stones whose two sides have more completion pairs than this are left to the other stones."""


def slow_independent_chance(position: Position, number: int, player: Player, pool: int) -> Fraction | None:
    """Every completion of each side from ``pool`` (itertools), every pair compared; ties to the side
    complete first, else one half. ``None`` when there are more than ``MAX_PAIRS`` pairs."""
    stone = position.stone(number)
    cards = cards_of(pool)
    mine_side, their_side = list(stone.side(player)), list(stone.side(player.opponent))
    mine = [ref.strength(mine_side + list(c)) for c in ref.side_completions(mine_side, cards)]
    theirs = [ref.strength(their_side + list(c)) for c in ref.side_completions(their_side, cards)]
    if len(mine) * len(theirs) > MAX_PAIRS:
        return None
    done = [p for p in (player, player.opponent) if len(stone.side(p)) >= 3]
    tie = (Fraction(1) if (stone.first_complete or done[0]) is player else Fraction(0)) if done else Fraction(1, 2)
    wins = ties = 0
    for a, b in product(mine, theirs):
        wins += a > b
        ties += a == b
    return (wins + tie * ties) / (len(mine) * len(theirs))


def midgame_positions(count: int, turns: int) -> list[Position]:
    """Observations after ``turns`` turns of random base games (pools of about 30 cards)."""
    out = []
    for index in range(count):
        state = game.new_game("base", deal=game.deal(17, index))
        bots = {p: RandomBot(index * 2 + i) for i, p in enumerate(Player)}
        for _ in range(turns):
            if state.over:
                break
            state, _ = game.apply_turn(state, bots[state.to_move].decide(state.observation(state.to_move)))
        if not state.over:
            out.append(state.observation(state.to_move))
    return out


def test_side_odds_match_the_slow_twins_on_every_open_stone() -> None:
    rng = random.Random(5)
    checked = exact = 0
    for position in midgame_positions(10, 24):
        player = position.to_move
        pool = position.viewer_pool(player)
        odds = SideOdds(pool)
        for number, stone in enumerate(position.stones, 1):
            if stone.claimed is not None or rng.random() < 0.2:
                continue
            slow = slow_independent_chance(position, number, player, pool)
            if slow is None:
                continue
            fast = odds.chance(stone, player)
            assert abs(fast - float(slow)) < 1e-9
            checked += 1
            if any(len(stone.side(p)) >= 3 for p in Player):
                assert abs(fast - float(stone_chance(position, number, player, pool))) < 1e-9
                exact += 1
    assert checked >= 30 and exact >= 5
