"""Bots: the registry, legal decisions over many whole games (checked by the engine), every provable
stone claimed, reproducibility, and the greedy heuristic on positions where its choice is forced."""

from __future__ import annotations

from typing import Any

import pytest

from schotten_lab import game
from schotten_lab.bots import Bot, GreedyBot, RandomBot, bot_names, make_bot
from schotten_lab.core import Position
from schotten_lab.core.rules import PLAYERS, Player
from schotten_lab.play.loop import bot_seed, opening_player

VARIANTS = [("base", False), ("base", True), ("tactics", False), ("tactics", True)]


def play_checked(south: Bot, north: Bot, variant: str, expert: bool, seed: int, index: int) -> Any:
    """Play one game, applying every decision with the engine (which refuses illegal turns), and
    check after each turn that the mover left no stone it could prove unclaimed."""
    bots = {Player.SOUTH: south, Player.NORTH: north}
    state = game.new_game(variant, expert, deal=game.deal(seed, index, variant), first=opening_player(index))
    turns = 0
    while not state.over:
        player = state.to_move
        observation = state.observation(player)
        assert observation.hands[player.opponent] is None  # the bot never sees the opponent's hand
        decision = bots[player].decide(observation)
        assert decision.to_dict()["player"] == player.value
        state, _turn = game.apply_turn(state, decision)  # raises IllegalTurnError on an illegal turn
        turns += 1
        if not expert and not state.over and state.pending is None:
            left = game.claimable_stones(state.observation(player), player)
            assert left == (), f"turn {turns}: {player.value} left provable stones {left} unclaimed"
        assert turns < 1000
    assert state.winner in PLAYERS or state.reason == "blocked"
    return state


@pytest.mark.parametrize(("variant", "expert"), VARIANTS)
def test_random_bots_play_legal_games_to_the_end(variant: str, expert: bool) -> None:
    for index in range(25):
        play_checked(
            RandomBot(bot_seed(7, index, Player.SOUTH)),
            RandomBot(bot_seed(7, index, Player.NORTH)),
            variant, expert, 7, index,
        )  # fmt: skip


@pytest.mark.parametrize(("variant", "expert"), VARIANTS)
def test_greedy_plays_legal_games_against_random(variant: str, expert: bool) -> None:
    for index in range(3):
        greedy, rand = GreedyBot(index), RandomBot(index)
        south, north = (greedy, rand) if index % 2 == 0 else (rand, greedy)
        play_checked(south, north, variant, expert, 11, index)


def test_the_registry_builds_bots_by_name_and_names_the_known_ones() -> None:
    assert {"random", "greedy"} <= set(bot_names())
    assert isinstance(make_bot("random", seed=3), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot 'nope'.*greedy.*random"):
        make_bot("nope")
    with pytest.raises(ValueError, match="bad options"):
        make_bot("random", depth=3)


def test_a_seed_makes_a_bot_reproducible() -> None:
    state = game.new_game("base", deal=game.deal(5, 0, "base"))
    obs = state.observation(state.to_move)
    for name in ("random", "greedy"):
        first = [make_bot(name, seed=s).decide(obs) for s in range(8)]
        again = [make_bot(name, seed=s).decide(obs) for s in range(8)]
        assert first == again
    plays = {str(make_bot("random", seed=s).decide(obs).to_dict()["play"]) for s in range(30)}
    assert len(plays) > 5  # and the seed matters: random really varies


# ---- greedy on positions where one placement is clearly best -------------------------------------------

# south holds R8 R9 on stone 1 against an empty north side; south's R7 makes the red 7-8-9, the top
# formation (another colour's 7-8-9 only equals it, and south completed first): claimable at once.
COLOR_RUN = "R8R9-/-/-/-/-/-/-/-/- R7B1G2Y4P5N3 ?6 s"


def test_greedy_completes_a_provable_stone_and_claims_it() -> None:
    position = Position.from_notation(COLOR_RUN)
    for seed in range(5):
        decision = GreedyBot(seed).decide(position)
        assert decision.to_dict()["play"] == {"card": "R7", "stone": 1}
        assert decision.to_dict()["claim"] == [1]


def test_random_claims_what_it_proves_whatever_it_plays() -> None:
    position = Position.from_notation(COLOR_RUN)
    for seed in range(20):
        decision = RandomBot(seed).decide(position)
        won = decision.to_dict()["play"] == {"card": "R7", "stone": 1}
        assert decision.to_dict()["claim"] == ([1] if won else [])


def test_greedy_claims_before_playing_in_the_expert_variant() -> None:
    # south's side of stone 1 is already the red 7-8-9: claim it at the start of the turn, then play
    position = Position.from_notation("R7R8R9-/-/-/-/-/-/-/-/- B1G2Y4P5N3Y9 ?6 s expert")
    decision = GreedyBot(0).decide(position)
    assert decision.to_dict()["claim"] == [1]
    assert decision.to_dict()["play"] is not None and decision.to_dict()["play"]["stone"] != 1


def test_the_claims_stop_at_the_winning_stone() -> None:
    # south holds stones 1 and 2 and can prove stones 3 and 5: stone 3 wins (three adjacent); no more
    stones = "R1R2R3-B1B2@s/G1G2G3-Y1Y2@s/N7N8N9-P1/-/Y7Y8Y9-P2/-/-/-/-"
    position = Position.from_notation(f"{stones} B7B8B9G7G8G9 ?6 s expert")
    decision = RandomBot(0).decide(position)
    assert decision.to_dict()["claim"] == [3]
