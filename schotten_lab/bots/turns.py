"""Building a whole turn around a chosen play: the claims before (expert) or after (base) it.

The bots share this so that each only chooses *which* play; the claims are always every stone the
player can prove, in stone order, stopping at the claim that wins the game (the game ends at once,
docs/RULES.md "End of the game"). The legality and proofs are the engine's own (``game``), run on what
the player sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..core.position import Position
from ..core.rules import Player, holds_winning_set
from ..game import GameState, Play, Turn, apply_turn, claimable_stones, claims_after, legal_plays, state_from_position
from .base import draw_deck, mover

ChoosePlay = Callable[[Position, Sequence[Play]], Play]
"""A bot's choice: given the position the play is made in and the legal plays (never empty), one play."""



def until_win(position: Position, player: Player, claims: Sequence[int]) -> list[int]:
    """``claims`` cut after the one that wins the game for ``player`` (the game ends there)."""
    held = set(position.stones_held(player))
    made: list[int] = []
    for number in claims:
        made.append(number)
        held.add(number)
        if holds_winning_set(held):
            break
    return made


def with_claims(position: Position, player: Player, claims: Sequence[int]) -> Position:
    """The position after ``player`` claims ``claims`` (those stones closed)."""
    for number in claims:
        position = position.with_stone(number, replace(position.stone(number), claimed=player))
    return position


def seen_state(position: Position) -> GameState:
    """The engine's state of what the player to move sees (hidden cards unknown), to try plays on."""
    return state_from_position(position)


def after_play(seen: GameState, play: Play) -> Position:
    """The table after the player to move makes ``play`` (before any claim), from what it sees.

    Runs the engine's own turn on :func:`seen_state`; the hidden cards (the opponent's hand, the
    decks) stay unknown, and so does the card the player would draw. Only the table and the
    discard pile of the result are meaningful.
    """
    state, _turn = apply_turn(seen, Turn(play=play))
    return state.position()


def build_turn(observation: Position, choose: ChoosePlay, rng: random.Random) -> Turn:
    """The turn of the player to move: every provable claim, and the play ``choose`` picks.

    Expert variant: the claims come first and close their stones, and ``choose`` picks among the
    plays left; base timing: ``choose`` picks, then the claims are judged on the table the play
    leaves. With no legal play the turn is a pass; when the claims win, no play follows.
    """
    player = mover(observation)
    position = observation
    claims: list[int] = []
    if observation.rules.expert:
        claims = until_win(position, player, claimable_stones(position, player))
        position = with_claims(position, player, claims)
    play: Play | None = None
    if not (claims and holds_winning_set(set(position.stones_held(player)))):
        plays = legal_plays(position)
        if plays:
            play = choose(position, plays)
        if not observation.rules.expert:
            claims = until_win(position, player, claims_after(position, play))
    deck = draw_deck(observation, rng) if observation.rules.tactics else None
    return Turn(player, play, tuple(claims), deck=deck)


__all__ = ["ChoosePlay", "after_play", "seen_state", "build_turn", "until_win", "wins", "with_claims"]
