"""Tactics-variant claim puzzles: mined from tactics self-play on the game engine, proved by the claim proof.

Game ``i`` of seed ``S`` is the engine's seeded tactics deal ``(S, i)`` (:func:`schotten_lab.game.new_game`),
north opening the odd games, played by the registry's bots of :data:`PAIRINGS` (``random``,
``greedy-weak``, ``greedy``: all play the tactics cards; each seeded from ``Random(S * 1_000_003 + i)``).
The positions examined are, as in the base game, the start of every turn and the claim moment (the
piece or tactics card just played, claims not yet made, the draw made: hands do not count in a proof).
A question asks about a stone the player to move has 3 pieces or more on, unclaimed, whose other
side is open (so a Mud fight stone with 3 pieces is asked too: the trap of the fourth card).

The answer is the default claim proof of the position's rules (docs/RULES.md, "Early claims under
tactics": the opponent's wild troops at their best, the combat modes on the stone, clan cards of the
public pool only; an unplayed tactics card does not block a claim). :func:`traps` names the tactics
traps a puzzle holds (``source.traps``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..core.position import Position
from ..core.position_json import position_from_dict, position_to_dict
from ..core.proof import ClaimStatus, decide_claim
from ..core.rules import Player, RuleSet
from ..core.tactics import Troop

PAIRINGS = (("random", "random"), ("random", "greedy-weak"), ("greedy-weak", "greedy-weak"), ("greedy", "random"),
            ("greedy", "greedy-weak"))  # fmt: skip
"""The bots of south and north, game ``i`` playing ``PAIRINGS[i % len(PAIRINGS)]``."""
MAX_STEPS = 400
TRAPS = ("own-hand", "tactics-to-come", "mud-fourth", "blind-sums", "wild-troop", "discard")
"""The traps :func:`traps` names: the card in one's own hand; a claim the default rule allows though an
unplayed tactics card could undo it; a Mud fight side of 3 pieces (it needs a fourth); Blind-man's bluff
(sums only: the formation does not count); the opponent's wild troop on the stone (at its best identity);
a proof that rests on a card of the discard pile."""
STRICT = RuleSet("tactics", strict_proofs=True)


def askable(position: Position, player: Player | None = None) -> tuple[int, ...]:
    """Stones a question may ask about: unclaimed, 3 pieces or more on the player's side, the other side open."""
    me = player or position.to_move
    return tuple(
        n for n, s in enumerate(position.stones, 1)
        if s.claimed is None and len(s.side(me)) >= 3 and len(s.side(me.opponent)) < s.capacity
    )  # fmt: skip


def traps(position: Position, number: int, player: Player) -> tuple[str, ...]:
    """The tactics traps of the question "may ``player`` claim stone ``number``?" (see :data:`TRAPS`)."""
    from .prove import is_trap
    from .rating import modes_forgotten

    s = position.stone(number)
    pool = position.public_pool
    real = decide_claim(s, player, pool, position.rules)
    found: list[str] = []
    if is_trap(position, number, player):
        found.append("own-hand")
    if real.claimable and not decide_claim(s, player, pool, STRICT, position.tactics_left()).claimable:
        found.append("tactics-to-come")
    if "mud" in s.modes and real.status is ClaimStatus.INCOMPLETE:
        found.append("mud-fourth")
    forgot = decide_claim(modes_forgotten(s, player), player, pool, position.rules).claimable
    if s.blind and forgot != real.claimable:
        found.append("blind-sums")
    if any(isinstance(p, Troop) and p.wild for p in s.side(player.opponent)):
        found.append("wild-troop")
    discarded = 0
    for c in position.discard:
        if not isinstance(c, str):
            discarded |= 1 << c.index
    if discarded and real.claimable != decide_claim(s, player, pool | discarded, position.rules).claimable:
        found.append("discard")
    return tuple(found)


def plain_position(observation: Position, to_move: Player) -> Position | None:
    """The observation of ``to_move`` as a plain ``position@1`` position (its own hand shown), or ``None``
    when it is not a legal one to pose (the game over, a pending Headhunter)."""
    if getattr(observation, "pending", None) is not None or observation.winner() is not None:
        return None
    data = position_to_dict(replace(observation, to_move=to_move))
    position = position_from_dict(data)
    return position if not position.status() else None


def mine_game(seed: int, index: int, examined: list[int] | None = None) -> list[Any]:
    """The proved tactics claim puzzles of one self-play game (in the order met), at most
    :data:`~.generate.CLAIMS_PER_GAME`; ``examined[0]`` is increased by the positions looked at."""
    from ..bots import make_bot
    from ..game import apply_turn, new_game
    from .generate import _balanced, _claims_of

    count = examined if examined is not None else [0]
    rng = random.Random(seed * 1_000_003 + index)
    south, north = PAIRINGS[index % len(PAIRINGS)]
    first = Player.NORTH if index % 2 else Player.SOUTH
    state = new_game("tactics", seed=seed, index=index, first=first)
    bots = {Player.SOUTH: make_bot(south, seed=rng.randrange(2**31)), Player.NORTH: make_bot(north, seed=rng.randrange(2**31))}
    source = {"seed": seed, "game": index, "south": south, "north": north, "variant": "tactics"}
    found: list[Any] = []
    for step in range(MAX_STEPS):
        if state.over:
            break
        me = state.to_move
        seen = state.observation(me)
        decision = bots[me].decide(seen)
        if state.pending is None:
            position = plain_position(seen, me)
            if position is not None:
                count[0] += 1
                found.extend(_claims_of(position, rng, {**source, "turn": len(state.turns), "moment": "start"}))
            if decision.get("play") is not None:
                placed, _ = apply_turn(state, {**decision, "claim": []})
                if placed.pending is None and not placed.over:
                    position = plain_position(placed.observation(me), me)
                    if position is not None:
                        count[0] += 1
                        found.extend(_claims_of(position, rng, {**source, "turn": len(state.turns), "moment": "placed"}))
        state, _ = apply_turn(state, decision)
    return _balanced(found, rng)


__all__ = ["PAIRINGS", "TRAPS", "askable", "mine_game", "plain_position", "traps"]
