"""Random playouts for the engine's own tests and benchmark (the project's bots live in ``bots``).

A random decision: a uniformly random legal play (a pass only when there is none), every stone it
can prove claimed (at the start of the turn in the expert variant, after the play otherwise), a random
non-empty deck in the tactics variant, and random cards put back after Headhunter.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .apply import apply_turn
from .state import GameState, new_game
from .turn import Turn


def random_decision(state: GameState, rng: random.Random) -> Turn:
    """A random decision for the player to move (see the module), as a :class:`~.turn.Turn`."""
    player = state.to_move
    if state.pending is not None:
        hand = list(state.hand(player))
        return Turn(put_back=tuple(str(c) for c in rng.sample(hand, state.pending.returns)))
    plays = state.legal_plays()
    claims: tuple[int, ...] = ()
    if state.rules.expert:
        claims = tuple(state.claimable())
        # the claims come first and close their stones
        plays = tuple(p for p in plays if p.stone not in claims and p.source not in claims)
    play = plays[rng.randrange(len(plays))] if plays else None
    if not state.rules.expert:
        claims = tuple(state.claims_after(play))
    deck = None
    if state.rules.tactics:
        decks = [d for d, cards in (("clan", state.clan_deck), ("tactics", state.tactics_deck)) if cards]
        if decks:
            deck = rng.choice(decks)
    return Turn(player, play, claims, deck=deck)


def random_states(variant: str = "base", expert: bool = False, *, seed: int = 0, index: int = 0) -> Iterator[GameState]:
    """Every state of one random game on the seeded deal ``(seed, index)``, the first one and Headhunter's
    pending ones included, up to the end; the moves use ``Random((seed, index))`` (as :func:`random_game`)."""
    rng = random.Random(seed * 1_000_003 + index)
    state = new_game(variant, expert, seed=seed, index=index)
    yield state
    while not state.over:
        state, _ = apply_turn(state, random_decision(state, rng))
        yield state


def random_game(
    variant: str = "base", expert: bool = False, *, seed: int = 0, index: int = 0, max_turns: int = 1000
) -> GameState:
    """Play one random game on the seeded deal ``(seed, index)``; the moves use ``Random((seed, index))``."""
    for steps, state in enumerate(random_states(variant, expert, seed=seed, index=index)):
        if steps > max_turns:
            raise RuntimeError(f"game (seed {seed}, index {index}) did not end within {max_turns} steps")
    return state
