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
from .prove import candidates
from ..core.rules import Player, RuleSet
from ..core.tactics import Troop

PAIRINGS = (("random", "random"), ("random", "greedy-weak"), ("greedy-weak", "greedy-weak"), ("greedy", "random"),
            ("greedy", "greedy-weak"))  # fmt: skip
"""The bots of south and north, game ``i`` playing ``PAIRINGS[i % len(PAIRINGS)]``."""
MAX_STEPS = 400
PER_GAME = 4
HARDEST_SHARE = 0.5
"""Tactics claim puzzles kept from one game at most (one more than the base game's: the combat modes)."""
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
    :data:`PER_GAME` (:func:`balanced`); ``examined[0]`` is increased by the positions looked at."""
    from ..bots import make_bot
    from ..game import apply_turn, new_game
    from .generate import claim_candidate, claim_questions

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
                found.extend(claim_questions(position, rng, {**source, "turn": len(state.turns), "moment": "start"}))
            if decision.play is not None:
                placed, _ = apply_turn(state, replace(decision, claim=()))
                if placed.pending is None and not placed.over:
                    position = plain_position(placed.observation(me), me)
                    if position is not None:
                        count[0] += 1
                        found.extend(claim_questions(position, rng, {**source, "turn": len(state.turns), "moment": "placed"}))
        state, _ = apply_turn(state, decision)
    return [claim_candidate(*found[i]) for i in balanced(found, rng)]


def balanced(found: list[Any], rng: random.Random) -> list[int]:
    """The indices of the questions kept from one game, at most :data:`PER_GAME`, in the order met: one
    about a stone with a combat mode (Mud fight, Blind-man's bluff: the rarest traps), one answered yes,
    one no and one "which stones?" when the game has them (for :data:`HARDEST_SHARE` of the groups their
hardest question, by the mean failure rate of the ladder, else one at random), the rest at random. Chosen before the
    puzzles are written out (explanations and keys cost time)."""
    indices = list(range(len(found)))
    if len(found) <= PER_GAME:
        return indices
    groups: dict[str, list[int]] = {"modes": [], "yes": [], "no": [], "stones": []}
    for i, (position, question, _failures, _source) in enumerate(found):
        asked = candidates(position) if question["type"] == "stones" else (int(question["stone"]),)
        if any(position.stone(n).modes for n in asked):
            groups["modes"].append(i)
        elif question["type"] == "stones":
            groups["stones"].append(i)
        else:
            yes = decide_claim(position.stone(asked[0]), position.to_move, position.public_pool, position.rules).claimable
            groups["yes" if yes else "no"].append(i)
    def hardness(i: int) -> float:
        failures: dict[str, float] = found[i][2]
        return float(sum(failures.values())) / len(failures)

    # from each group, half the time the hardest question (the set is spread towards hard ones), else one at random
    picked = [max(group, key=hardness) if rng.random() < HARDEST_SHARE else rng.choice(group) for group in groups.values() if group]
    rest = [i for i in indices if i not in picked]
    picked += rng.sample(rest, max(0, PER_GAME - len(picked)))
    return sorted(picked)


__all__ = ["PAIRINGS", "TRAPS", "askable", "balanced", "mine_game", "plain_position", "traps"]
