"""Random game states for the advisor's tests: deals played forward by random legal turns."""

from __future__ import annotations

import random
from collections.abc import Callable

from schotten_lab.bots.sim import Sim, shuffled_game
from schotten_lab.game import GameState
from schotten_lab.game.playout import random_states


def dealt(seed: int, expert: bool = False) -> Sim:
    """A fresh base game (south to move) from a seeded shuffle."""
    return shuffled_game(seed, expert)


def random_turn(sim: Sim, rng: random.Random) -> None:
    """One uniformly random legal turn of the mover (claims as the rules time them)."""
    stones = sim.open_stones(sim.to_move)
    hand = sim.hands[sim.to_move]
    if stones and hand:
        sim.turn(rng.choice(hand), rng.choice(stones))
    else:
        sim.turn(-1, -1)


def heuristic_turn(sim: Sim, rng: random.Random) -> None:
    """One turn of the weak placement score, a fifth of them uniformly random."""
    from schotten_lab.bots.sim import greedy_play

    sim.turn(*greedy_play(sim, rng, 0.2))


def played(seed: int, turns: int, expert: bool = False, step: Callable[[Sim, random.Random], None] = random_turn) -> Sim:
    """A game after up to ``turns`` turns of ``step`` (random legal turns by default; stops early at
    the end of the game)."""
    rng = random.Random(seed)
    sim = dealt(seed, expert)
    for _ in range(turns):
        if sim.winner >= 0 or sim.stalled():
            break
        step(sim, rng)
    return sim


def heuristic_game(seed: int, turns: int, expert: bool = False) -> Sim:
    """A game after up to ``turns`` heuristic turns (:func:`heuristic_turn`)."""
    return played(seed, turns, expert, heuristic_turn)


def before_the_win(seed: int, expert: bool = False) -> Sim | None:
    """A random base game's last position before a turn won it (``None`` if it stalled)."""
    rng = random.Random(seed)
    sim = dealt(seed, expert)
    while not sim.stalled():
        previous = sim.copy()
        random_turn(sim, rng)
        if sim.winner >= 0:
            return previous
    return None


def endgame(seed: int, cards_per_hand: int, expert: bool = False) -> Sim | None:
    """A random game played until the deck is empty and each hand holds at most ``cards_per_hand``
    cards (``None`` when the game ended first)."""
    rng = random.Random(seed)
    sim = dealt(seed, expert)
    while sim.winner < 0 and not sim.stalled():
        if not sim.deck and max(len(h) for h in sim.hands) <= cards_per_hand:
            return sim
        random_turn(sim, rng)
    return None


def tactics_state(seed: int, turns: int, expert: bool) -> GameState | None:
    """A random tactics game (the engine's random playout of deal ``seed``) after ``turns`` states,
    or its last; ``None`` when it is over or a Headhunter put-back is pending (no play to explain)."""
    for count, state in enumerate(random_states("tactics", expert, seed=seed)):
        if count == turns:
            break
    return None if state.over or state.pending is not None else state
