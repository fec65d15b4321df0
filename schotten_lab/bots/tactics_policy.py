"""The rollout policy of the tactics variant: how both players finish a game on :mod:`.tactics_sim`.

A turn of the policy (:func:`policy_turn`), after the expert claims:

1. a combat mode or a ruse (:func:`policy_tactic`) when one turns a stone towards the mover: each
   open stone *leans* to the player whose strongest filling from the unseen clan cards is the
   stronger (:func:`lean`, the rules kernel's :func:`~schotten_lab.core.kernel.side_best`); Mud fight
   and Blind-man's bluff go where they move a lean most, Banshee and Traitor take the opponent's piece
   whose loss moves it most (Traitor's card then goes where it scores best), Strategist moves the
   mover's own piece off a stone it leans away from when that turns another stone; Headhunter is
   played when no clan card can be placed or, now and then, instead of a weak placement;
2. otherwise a placement (:func:`policy_play`): the strong one-ply heuristic's judgement of the stone
   played on (:func:`placement_value`: a provable stone first, then the strongest formation still
   reachable with live cards, dumps last), elite troops where they complete a side (or when no clan
   card can be placed);
3. every provable stone claimed, then a draw (:func:`policy_deck`): from the tactics deck when the
   mover holds no tactics card, else from the clan deck (whichever still has cards).

It is a heuristic, chosen to be cheap: the search (:mod:`.tactics_search`) judges the first move
exactly on each deal and leaves the rest of the game to this policy. The search plays it as
:mod:`.tactics_policy_kernel` writes it on ints (compiled by numba); this object form is that
kernel's slow, plainly written twin: a change to the policy is made in both, and
tests/bots/test_tactics_kernel.py checks that they play the same games on the same random stream.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..game import Play
from ..game.plays import piece_code as play_name
from ..core.kernel import STRENGTH
from .sim import FULL
from . import tactics_sim
from .tactics_sim import (
    BANSHEE,
    BLIND,
    BLIND_CARD,
    HEADHUNTER,
    JOKER,
    MODE_OF_CARD,
    MUD,
    MUD_CARD,
    NAME_OF,
    STRATEGIST,
    TRAITOR,
    TROOPS,
    TacticsSim,
    piece_of,
    side_value,
)

HEADHUNTER_CHANCE = 0.25
"""How often the policy plays a Headhunter it holds instead of a weak placement (a first card)."""
WEAK_PLACEMENT = 300
"""A placement scoring under this (:func:`placement_value`: at best a run or a sum) is weak."""


CLAIM_VALUE = 10_000
"""A placement after which the stone played on can be proved (above any formation)."""
DUMP_VALUE = -10_000
"""A placement on a stone the opponent has already won (below any other), the lowest card first."""
TROOP_COST = 150
"""What an elite troop that does not complete its side gives up (it is kept for a completion)."""


def _plain(sim: TacticsSim, stone: int) -> bool:
    """No mode and no troop on the stone: the base game's kernel functions apply."""
    if sim.modes[stone]:
        return False
    a, b = sim.sides[2 * stone], sim.sides[2 * stone + 1]
    return (not a or max(a) < 54) and (not b or max(b) < 54)


def placement_value(sim: TacticsSim, code: int, stone: int, player: int) -> int:
    """How promising a clan card or troop ``code`` on ``player``'s side of ``stone`` is (higher is
    better), the strong one-ply heuristic's judgement (:mod:`.tactics_greedy`) on that stone alone,
    with the live cards (on no stone and in no discard pile) as the pool:

    - a completing piece: :data:`CLAIM_VALUE` plus the side's strength when the stone can then be
      proved, its strength when it is still open, a dump when the opponent's complete side wins;
    - any other piece: the strongest formation still reachable (:func:`~.tactics_sim.side_value`), a
      dump when the opponent's complete side beats it (a tie is theirs: they completed first); a
      troop gives up :data:`TROOP_COST`;
    - a dump scores :data:`DUMP_VALUE` less the card's value (a troop: less 9).
    """
    side = sim.sides[2 * stone + player]
    theirs = sim.sides[2 * stone + 1 - player]
    capacity = sim.capacity(stone)
    blind = bool(sim.modes[stone] & BLIND)
    live = FULL & ~sim.gone & ~(1 << code if code < 54 else 0)
    dump = DUMP_VALUE - (code % 9 if code < 54 else 9)
    new = [*side, code]
    if len(new) >= capacity:
        own = side_value(new, capacity, blind, 0)
        if len(theirs) >= capacity:
            return CLAIM_VALUE + own if own > side_value(theirs, capacity, blind, 0) else dump
        return CLAIM_VALUE + own if side_value(theirs, capacity, blind, live) <= own else own
    mine = side_value(new, capacity, blind, live)
    if len(theirs) >= capacity and side_value(theirs, capacity, blind, 0) >= mine:
        return dump
    return mine - TROOP_COST if code >= 54 else mine


def _clan_value(sim: TacticsSim, code: int, stone: int, player: int, live: int) -> int:
    """:func:`placement_value` of the clan card ``code`` on a plain stone, by the base game's kernel
    functions (``live``: the live cards without ``code``)."""
    side = sim.sides[2 * stone + player]
    theirs = sim.sides[2 * stone + 1 - player]
    k = len(side)
    other = STRENGTH[theirs[0] * 2916 + theirs[1] * 54 + theirs[2]] if len(theirs) == 3 else -1
    if k == 2:
        own = STRENGTH[side[0] * 2916 + side[1] * 54 + code]
        if other >= 0:
            return CLAIM_VALUE + own if own > other else DUMP_VALUE - code % 9
        rest = (*theirs, -1, -1)
        return CLAIM_VALUE + own if tactics_sim.RULES.claim_proved(own, len(theirs), rest[0], rest[1], -1, False, live) else own
    mine = tactics_sim.RULES.best_completion(k + 1, side[0] if k else code, code, live)
    return DUMP_VALUE - code % 9 if other >= 0 and other >= mine else mine


def policy_play(sim: TacticsSim, rng: random.Random, explore: float = 0.0) -> int | tuple[int, int]:
    """The rollout policy's placement ``(code, stone)`` for the mover, or -1 to pass: the first best
    :func:`placement_value` in stone order over the clan cards, and the elite troops where they
    complete a side (anywhere when no clan card can be placed)."""
    p = sim.to_move
    stones = sim.free_stones(p)
    hand = sim.hands[p]
    if not stones or not hand:
        return -1
    clan = [c for c in hand if c < 54]
    troops: list[int] = []
    if sim.may_play_tactics(p):
        troops = sorted({c for c in hand if c in TROOPS and not (c == JOKER and sim.jokers[p])})
    if not clan and not troops:
        return -1
    if explore and clan and rng.random() < explore:
        return clan[int(rng.random() * len(clan))], stones[int(rng.random() * len(stones))]
    best = -(10**9)
    choice: tuple[int, int] = (-1, -1)
    sides = sim.sides
    live = FULL & ~sim.gone
    opening: dict[int, int] = {}  # a clan card on an empty plain side facing an open one: any such stone
    for stone in stones:
        k = len(sides[2 * stone + p])
        if _plain(sim, stone):
            lone = k == 0 and len(sides[2 * stone + 1 - p]) < 3
            for code in clan:
                if lone:
                    score = opening.get(code)
                    if score is None:
                        score = opening[code] = _clan_value(sim, code, stone, p, live & ~(1 << code))
                else:
                    score = _clan_value(sim, code, stone, p, live & ~(1 << code))
                if score > best:
                    best, choice = score, (code, stone)
        else:
            for code in clan:
                score = placement_value(sim, code, stone, p)
                if score > best:
                    best, choice = score, (code, stone)
        if troops and (k + 1 == sim.capacity(stone) or not clan):
            for code in troops:
                score = placement_value(sim, code, stone, p)
                if score > best:
                    best, choice = score, (code, stone)
    return choice if choice[0] >= 0 else -1


# ---- combat modes and ruses --------------------------------------------------------------------------


def _lean_of(mine: Sequence[int], theirs: Sequence[int], modes: int, pool: int) -> int:
    """+1 when ``mine``'s strongest filling from ``pool`` beats ``theirs``'s, -1 when it is beaten, else 0."""
    capacity = 4 if modes & MUD else 3
    blind = bool(modes & BLIND)
    a = side_value(mine, capacity, blind, pool)
    b = side_value(theirs, capacity, blind, pool)
    return (a > b) - (b > a)


def lean(sim: TacticsSim, stone: int, player: int, pool: int) -> int:
    """Which way ``stone`` leans for ``player``: +-3 once claimed, else :func:`_lean_of` its sides (a
    quick judge of a combat mode or a ruse, not a probability)."""
    owner = sim.claimed[stone]
    if owner >= 0:
        return 3 if owner == player else -3
    return _lean_of(sim.sides[2 * stone + player], sim.sides[2 * stone + 1 - player], sim.modes[stone], pool)


def balance(sim: TacticsSim, player: int, stones: Sequence[int]) -> int:
    """The sum of :func:`lean` over ``stones`` (the unseen clan cards as the pool)."""
    pool = FULL & ~sim.gone
    return sum(lean(sim, stone, player, pool) for stone in stones)


def _without(side: Sequence[int], k: int) -> list[int]:
    return [c for i, c in enumerate(side) if i != k]


def _distinct(side: Sequence[int]) -> list[int]:
    """The positions of the pieces of ``side`` with distinct play names (two wild Jokers are one)."""
    seen: set[str] = set()
    out = []
    for k, code in enumerate(side):
        name = play_name(piece_of(code))
        if name not in seen:
            seen.add(name)
            out.append(k)
    return out


def policy_tactic(sim: TacticsSim, rng: random.Random, explore: float = 0.0) -> Play | None:
    """The combat mode or ruse the policy plays this turn (see the module), or ``None``.

    Each candidate scores how much it moves the leans of the stones it touches towards the mover;
    the first best of score at least 1 is played (modes, then Banshee, Traitor, Strategist, in card
    order)."""
    p = sim.to_move
    hand = sim.hands[p]
    held = sorted({c for c in hand if c >= BLIND_CARD})
    if not held or not sim.may_play_tactics(p):
        return None
    if explore and rng.random() < explore:
        return None
    pool = FULL & ~sim.gone
    sides, modes = sim.sides, sim.modes
    free = sim.free_stones(p)
    # the open stones with a piece on them (an empty stone leans nowhere, with any mode), each side's
    # strongest filling, and the lean: a candidate must move a lean that is not already +1
    value: dict[int, tuple[int, int]] = {}
    before: dict[int, int] = {}
    for s in range(9):
        if sim.claimed[s] < 0 and (sides[2 * s] or sides[2 * s + 1]):
            capacity, blind = (4 if modes[s] & MUD else 3), bool(modes[s] & BLIND)
            a = side_value(sides[2 * s + p], capacity, blind, pool)
            b = side_value(sides[2 * s + 1 - p], capacity, blind, pool)
            value[s] = (a, b)
            before[s] = (a > b) - (b > a)
    best, choice = 0, None
    for code in held:
        if code in (BLIND_CARD, MUD_CARD):
            bit = MODE_OF_CARD[code]
            for s, lean_now in before.items():
                if lean_now < 1 and not modes[s] & bit:
                    gain = _lean_of(sides[2 * s + p], sides[2 * s + 1 - p], modes[s] | bit, pool) - lean_now
                    if gain > best:
                        best, choice = gain, Play(NAME_OF[code], s + 1)
        elif code in (BANSHEE, TRAITOR):
            for s, lean_now in before.items():
                theirs = sides[2 * s + 1 - p]
                if lean_now == 1 or not theirs:
                    continue
                capacity, blind = (4 if modes[s] & MUD else 3), bool(modes[s] & BLIND)
                mine_value = value[s][0]
                for k in _distinct(theirs):
                    piece = theirs[k]
                    if code == TRAITOR and (piece >= 54 or not free):
                        continue
                    rest = side_value(_without(theirs, k), capacity, blind, pool)
                    gain = (mine_value > rest) - (rest > mine_value) - lean_now
                    if gain <= best:
                        continue
                    target = play_name(piece_of(piece))
                    if code == BANSHEE:
                        best, choice = gain, Play("BANSHEE", source=s + 1, target=target)
                    else:
                        to = max(free, key=lambda t: placement_value(sim, piece, t, p))
                        best, choice = gain, Play("TRAITOR", stone=to + 1, source=s + 1, target=target)
        elif code == STRATEGIST:
            targets = [t for t in free if before.get(t, 0) < 1]
            for s, lean_now in before.items():
                mine = sides[2 * s + p]
                if lean_now >= 0 or not mine:
                    continue
                for k in _distinct(mine):
                    away = _lean_of(_without(mine, k), sides[2 * s + 1 - p], modes[s], pool) - lean_now
                    for t in targets:
                        if t == s:
                            continue
                        after = _lean_of([*sides[2 * t + p], mine[k]], sides[2 * t + 1 - p], modes[t], pool)
                        gain = after - before.get(t, 0) + away
                        if gain > best:
                            best, choice = gain, Play("STRATEGIST", stone=t + 1, source=s + 1, target=play_name(piece_of(mine[k])))
    if choice is not None:
        return choice
    if HEADHUNTER in held and sim.clan_deck + sim.tactics_deck:
        clan = [c for c in hand if c < 54]
        weak = not clan or not free or (
            rng.random() < HEADHUNTER_CHANCE and max(placement_value(sim, c, t, p) for c in clan for t in free) < WEAK_PLACEMENT
        )
        if weak:
            return Play("HEADHUNTER", decks=headhunter_decks(len(sim.clan_deck), len(sim.tactics_deck)))
    return None


def headhunter_decks(clan: int, tactics: int) -> tuple[str, ...]:
    """The policy's Headhunter draws from decks of ``clan`` and ``tactics`` cards: three cards (fewer
    when the decks hold fewer), two from the clan deck when it can."""
    k = min(3, clan + tactics)
    from_clan = min(2, clan, k)
    if k - from_clan > tactics:
        from_clan = k - tactics
    return ("clan",) * from_clan + ("tactics",) * (k - from_clan)


def keep_value(sim: TacticsSim, player: int, code: int) -> int:
    """How much ``player`` wants to keep the hand card ``code``: a tactics card most, a clan card its
    best :func:`placement_value` on a free stone (its value where none is free)."""
    if code >= 54:
        return 1000
    free = sim.free_stones(player)
    return max((placement_value(sim, code, t, player) for t in free), default=code % 9)


def put_back_choice(hand: Sequence[int], n: int) -> tuple[int, ...]:
    """The policy's Headhunter put-back: the ``n`` lowest clan cards, tactics cards last."""
    return tuple(sorted(hand, key=lambda c: (0, c % 9) if c < 54 else (1, c))[:n])


def policy_deck(sim: TacticsSim, player: int) -> bool:
    """Whether the policy draws from the tactics deck: when ``player`` holds no tactics card (the
    engine draws from the other deck when the chosen one is empty)."""
    return bool(sim.tactics_deck) and not any(c >= 54 for c in sim.hands[player])


def policy_turn(sim: TacticsSim, rng: random.Random, explore: float = 0.0) -> None:
    """One whole rollout turn of the mover (see the module)."""
    sim.start_turn()
    if sim.winner >= 0:
        return
    p = sim.to_move
    tactic = policy_tactic(sim, rng, explore)
    if tactic is not None:
        sim.apply_play(tactic)
        if tactic.card == "HEADHUNTER":
            sim.put_back(put_back_choice(sim.hands[p], min(2, max(0, len(tactic.decks) - 1))))
            sim.end_turn(True, draw=False)
        else:
            sim.end_turn(True, policy_deck(sim, p))
        return
    choice = policy_play(sim, rng, explore)
    if choice == -1:
        sim.end_turn(False)
        return
    assert isinstance(choice, tuple)
    sim.place(*choice)
    sim.end_turn(True, policy_deck(sim, p))


def tactics_rollout(sim: TacticsSim, rng: random.Random, explore: float = 0.1, max_turns: int = 400) -> int:
    """Play ``sim`` to its end with the rollout policy for both players; the winner (-1 if stalled)."""
    for _ in range(max_turns):
        if sim.winner >= 0:
            return sim.winner
        policy_turn(sim, rng, explore)
        if sim.stalled():
            return -1
    return sim.winner


__all__ = [
    "balance", "headhunter_decks", "keep_value", "lean", "placement_value", "policy_deck", "policy_play", "policy_tactic",
    "policy_turn", "put_back_choice", "tactics_rollout",
]  # fmt: skip
