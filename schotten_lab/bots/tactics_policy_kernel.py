"""The rollout policy of :mod:`.tactics_policy` on the tactics kernel's int state (:mod:`.tactics_kernel`,
read that first), and the compilation of both by numba.

Each function names its twin in the object form; they decide alike on the same random stream (the
kernel's xorshift128: :class:`.tactics_kernel.XorRandom` feeds it to the object form), so a rollout
here is the object form's game (tests/bots/test_tactics_kernel.py).
"""

from __future__ import annotations

import types
from functools import cache
from typing import Any

from ..core import kernel as rules
from ..core.kernel import ALL_CARDS, best_completion, claim_proved, njit_twins, strength
from . import rollout_kernel, tactics_kernel
from .rollout_kernel import rng_below, rng_next, rng_seed
from .tactics_kernel import (
    BANSHEE, BLIND, BLIND_CARD, CAP, CLAIMED, CLAN, CLAN_N, GONE, HAND, HAND_N, HANDS, HEADHUNTER, JOKER, JOKERS,
    MODES, MUD, MUD_CARD, PASSES, SHIELD, SIDE_N, SIDES, SIZE, STRATEGIST, TACTICS, TACTICS_N, TO_MOVE, TRAITOR, WINNER,
    capacity, clan_only, draw, end_turn, free_mask, headhunter, may_play_tactics, place, play_tactic, start_turn,
    value,
)  # fmt: skip

CLAIM_VALUE = 10_000
"""A placement after which the stone played on can be proved (:data:`.tactics_policy.CLAIM_VALUE`)."""
DUMP_VALUE = -10_000
"""A placement on a stone already lost (:data:`.tactics_policy.DUMP_VALUE`)."""
TROOP_COST = 150
"""What an elite troop that does not complete its side gives up (:data:`.tactics_policy.TROOP_COST`)."""
WEAK_PLACEMENT = 300
"""A placement scoring under this is weak (:data:`.tactics_policy.WEAK_PLACEMENT`)."""
HEADHUNTER_CUT = 2**30
""":data:`.tactics_policy.HEADHUNTER_CHANCE` (a quarter) as a threshold on 32 random bits."""
MAX_TURNS = 400
NONE = -(10**9)


# ---- the policy: placements ----------------------------------------------------------------------------


def placement_value(s: Any, code: int, stone: int, player: int) -> int:
    """:func:`.tactics_policy.placement_value`: how promising ``code`` on ``player``'s side of
    ``stone`` is (a provable stone first, then the strongest formation still reachable, dumps last)."""
    side = 2 * stone + player
    theirs = 2 * stone + 1 - player
    room = capacity(s, stone)
    blind = (s[MODES + stone] & BLIND) != 0
    live = ALL_CARDS & ~s[GONE]
    if code < 54:
        live = live & ~(1 << code)
    dump = DUMP_VALUE - (code % 9 if code < 54 else 9)
    complete = s[SIDE_N + theirs] >= room
    if s[SIDE_N + side] + 1 >= room:
        own = value(s, side, -1, code, room, blind, 0)
        if complete:
            return CLAIM_VALUE + own if own > value(s, theirs, -1, -1, room, blind, 0) else dump
        return CLAIM_VALUE + own if value(s, theirs, -1, -1, room, blind, live) <= own else own
    mine = value(s, side, -1, code, room, blind, live)
    if complete and value(s, theirs, -1, -1, room, blind, 0) >= mine:
        return dump
    return mine - TROOP_COST if code >= 54 else mine


def plain_stone(s: Any, stone: int) -> bool:
    """No mode and no troop on the stone: the base game's kernel functions apply."""
    return s[MODES + stone] == 0 and clan_only(s, 2 * stone) and clan_only(s, 2 * stone + 1)


def clan_value(s: Any, code: int, stone: int, player: int, live: int) -> int:
    """:func:`placement_value` of a clan card on a plain stone by the base game's kernel functions
    (``live``: the live cards without ``code``)."""
    side = SIDES + CAP * (2 * stone + player)
    k = s[SIDE_N + 2 * stone + player]
    theirs = SIDES + CAP * (2 * stone + 1 - player)
    theirs_n = s[SIDE_N + 2 * stone + 1 - player]
    other = strength(s[theirs], s[theirs + 1], s[theirs + 2]) if theirs_n == 3 else -1
    if k == 2:
        own = strength(s[side], s[side + 1], code)
        if other >= 0:
            return CLAIM_VALUE + own if own > other else DUMP_VALUE - code % 9
        first = s[theirs] if theirs_n > 0 else -1
        second = s[theirs + 1] if theirs_n > 1 else -1
        return CLAIM_VALUE + own if claim_proved(own, theirs_n, first, second, -1, False, live) else own
    mine = best_completion(k + 1, s[side] if k > 0 else code, code, live)
    return DUMP_VALUE - code % 9 if other >= 0 and other >= mine else mine


def troops_held(s: Any, player: int) -> int:
    """The elite troops ``player`` may place now, as bits (1 Joker, 2 Spy, 4 Shield bearer)."""
    if not may_play_tactics(s, player):
        return 0
    held = 0
    base = HANDS + HAND * player
    for j in range(s[HAND_N + player]):
        card = s[base + j]
        if JOKER <= card <= SHIELD and not (card == JOKER and s[JOKERS + player]):
            held |= 1 << (card - JOKER)
    return held


def nth_bit(mask: int, n: int) -> int:
    """The position of the ``n``-th set bit of ``mask`` (from 0)."""
    for i in range(64):
        if (mask >> i) & 1:
            if n == 0:
                return i
            n -= 1
    return -1


def policy_play(s: Any, r: Any, cut: int) -> tuple[int, int]:
    """:func:`.tactics_policy.policy_play`: the first best placement in stone order, clan cards in
    hand order then elite troops where they complete a side (anywhere when no clan card is held);
    ``(-1, -1)`` to pass."""
    p = s[TO_MOVE]
    free = free_mask(s, p)
    n = s[HAND_N + p]
    if free == 0 or n == 0:
        return -1, -1
    base = HANDS + HAND * p
    clan = 0
    for j in range(n):
        if s[base + j] < 54:
            clan += 1
    troops = troops_held(s, p)
    if clan == 0 and troops == 0:
        return -1, -1
    if cut > 0 and clan > 0 and rng_next(r) < cut:
        pick = rng_below(r, clan)
        card = -1
        for j in range(n):
            if s[base + j] < 54:
                if pick == 0:
                    card = s[base + j]
                    break
                pick -= 1
        return card, nth_bit(free, rng_below(r, free.bit_count()))
    best = NONE
    card_out = -1
    stone_out = -1
    live = ALL_CARDS & ~s[GONE]
    for stone in range(9):
        if not (free >> stone) & 1:
            continue
        k = s[SIDE_N + 2 * stone + p]
        plain = plain_stone(s, stone)
        for j in range(n):
            code = s[base + j]
            if code >= 54:
                continue
            if plain:
                score = clan_value(s, code, stone, p, live & ~(1 << code))
            else:
                score = placement_value(s, code, stone, p)
            if score > best:
                best, card_out, stone_out = score, code, stone
        if troops != 0 and (k + 1 == capacity(s, stone) or clan == 0):
            for t in range(3):
                if (troops >> t) & 1:
                    score = placement_value(s, JOKER + t, stone, p)
                    if score > best:
                        best, card_out, stone_out = score, JOKER + t, stone
    if card_out < 0:
        return -1, -1
    return card_out, stone_out


# ---- the policy: combat modes and ruses --------------------------------------------------------------


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def lean_with(s: Any, stone: int, player: int, modes: int, skip: int, extra: int, pool: int) -> int:
    """:func:`.tactics_policy._lean_of` on ``stone`` under ``modes``, ``player``'s side without its
    ``skip``-th piece and with ``extra`` (each -1: unchanged): +1 when its strongest filling from
    ``pool`` beats the opponent's, -1 when beaten, else 0."""
    room = 4 if modes & MUD else 3
    blind = (modes & BLIND) != 0
    a = value(s, 2 * stone + player, skip, extra, room, blind, pool)
    b = value(s, 2 * stone + 1 - player, -1, -1, room, blind, pool)
    return sign(a - b)


def repeated(s: Any, side: int, k: int) -> bool:
    """Whether the ``k``-th piece of ``side`` repeats an earlier one (two wild Jokers are one)."""
    base = SIDES + CAP * side
    for j in range(k):
        if s[base + j] == s[base + k]:
            return True
    return False


def policy_tactic(s: Any, r: Any, cut: int, leans: Any) -> tuple[int, int, int, int]:
    """:func:`.tactics_policy.policy_tactic`: the combat mode or ruse the policy plays, as ``card,
    stone, source, k`` (see :func:`play_tactic`; Headhunter alone: ``HEADHUNTER, -1, -1, -1``), or a
    card of -1. ``leans`` is scratch room for 27 ints (each stone's lean and both sides' values)."""
    p = s[TO_MOVE]
    base = HANDS + HAND * p
    held = 0
    for j in range(s[HAND_N + p]):
        if s[base + j] >= BLIND_CARD:
            held |= 1 << (s[base + j] - BLIND_CARD)
    if held == 0 or not may_play_tactics(s, p):
        return -1, -1, -1, -1
    if cut > 0 and rng_next(r) < cut:
        return -1, -1, -1, -1
    pool = ALL_CARDS & ~s[GONE]
    free = free_mask(s, p)
    # leans[st]: the stone's lean (2: no piece on it, or claimed: not a candidate), leans[9 + st] and
    # leans[18 + st]: the mover's and the opponent's side's values
    for st in range(9):
        leans[st] = 2
        if s[CLAIMED + st] < 0 and (s[SIDE_N + 2 * st] > 0 or s[SIDE_N + 2 * st + 1] > 0):
            room = capacity(s, st)
            blind = (s[MODES + st] & BLIND) != 0
            a = value(s, 2 * st + p, -1, -1, room, blind, pool)
            b = value(s, 2 * st + 1 - p, -1, -1, room, blind, pool)
            leans[9 + st] = a
            leans[18 + st] = b
            leans[st] = sign(a - b)
    best = 0
    card = -1
    to = -1
    source = -1
    piece_k = -1
    for c in range(6):
        if not (held >> c) & 1:
            continue
        code = BLIND_CARD + c
        if code == BLIND_CARD or code == MUD_CARD:
            bit = BLIND if code == BLIND_CARD else MUD
            for st in range(9):
                now = leans[st]
                if now < 1 and not s[MODES + st] & bit:
                    gain = lean_with(s, st, p, s[MODES + st] | bit, -1, -1, pool) - now
                    if gain > best:
                        best, card, to, source, piece_k = gain, code, st, -1, -1
        elif code == BANSHEE or code == TRAITOR:
            for st in range(9):
                now = leans[st]
                theirs = 2 * st + 1 - p
                if now >= 1 or s[SIDE_N + theirs] == 0:
                    continue
                room = capacity(s, st)
                blind = (s[MODES + st] & BLIND) != 0
                mine_value = leans[9 + st]
                for k in range(s[SIDE_N + theirs]):
                    if repeated(s, theirs, k):
                        continue
                    piece = s[SIDES + CAP * theirs + k]
                    if code == TRAITOR and (piece >= 54 or free == 0):
                        continue
                    rest = value(s, theirs, k, -1, room, blind, pool)
                    gain = sign(mine_value - rest) - now
                    if gain <= best:
                        continue
                    if code == BANSHEE:
                        best, card, to, source, piece_k = gain, code, -1, st, k
                    else:
                        target = -1
                        top = NONE
                        for t in range(9):
                            if (free >> t) & 1:
                                v = placement_value(s, piece, t, p)
                                if v > top:
                                    top, target = v, t
                        best, card, to, source, piece_k = gain, code, target, st, k
        elif code == STRATEGIST:
            for st in range(9):
                now = leans[st]
                mine = 2 * st + p
                if now >= 0 or s[SIDE_N + mine] == 0:  # (2: no piece, or claimed)
                    continue
                for k in range(s[SIDE_N + mine]):
                    if repeated(s, mine, k):
                        continue
                    piece = s[SIDES + CAP * mine + k]
                    away = lean_with(s, st, p, s[MODES + st], k, -1, pool) - now
                    for t in range(9):
                        before = leans[t] if leans[t] != 2 else 0
                        if not (free >> t) & 1 or before >= 1 or t == st:
                            continue
                        after = lean_with(s, t, p, s[MODES + t], -1, piece, pool)
                        gain = after - before + away
                        if gain > best:
                            best, card, to, source, piece_k = gain, code, t, st, k
    if card >= 0:
        return card, to, source, piece_k
    if (held >> (HEADHUNTER - BLIND_CARD)) & 1 and s[CLAN_N] + s[TACTICS_N] > 0:
        weak = free == 0
        any_clan = False
        for j in range(s[HAND_N + p]):
            if s[base + j] < 54:
                any_clan = True
        if not any_clan:
            weak = True
        if not weak and rng_next(r) < HEADHUNTER_CUT:
            top = NONE
            for j in range(s[HAND_N + p]):
                code = s[base + j]
                if code < 54:
                    for t in range(9):
                        if (free >> t) & 1:
                            top = max(top, placement_value(s, code, t, p))
            weak = top < WEAK_PLACEMENT
        if weak:
            return HEADHUNTER, -1, -1, -1
    return -1, -1, -1, -1


def wants_tactics(s: Any, player: int) -> bool:
    """:func:`.tactics_policy.policy_deck`: draw from the tactics deck when it has cards and
    ``player`` holds no tactics card."""
    if s[TACTICS_N] == 0:
        return False
    base = HANDS + HAND * player
    for j in range(s[HAND_N + player]):
        if s[base + j] >= 54:
            return False
    return True


def policy_turn(s: Any, r: Any, cut: int, leans: Any) -> None:
    """:func:`.tactics_policy.policy_turn`: one whole rollout turn of the mover."""
    start_turn(s)
    if s[WINNER] >= 0:
        return
    p = s[TO_MOVE]
    card, stone, source, k = policy_tactic(s, r, cut, leans)
    if card == HEADHUNTER:
        headhunter(s)
        end_turn(s, True, False, False)
        return
    if card >= 0:
        play_tactic(s, card, stone, source, k)
        end_turn(s, True, wants_tactics(s, p), True)
        return
    code, stone = policy_play(s, r, cut)
    if code < 0:
        end_turn(s, False, False, False)
        return
    place(s, code, stone)
    end_turn(s, True, wants_tactics(s, p), True)


def rollout(s: Any, r: Any, cut: int, leans: Any) -> int:
    """:func:`.tactics_policy.tactics_rollout`: play ``s`` to its end with the policy for both
    players; the winner, -1 if stalled (both passed twice in a row with nothing claimed)."""
    for _ in range(MAX_TURNS):
        if s[WINNER] >= 0:
            return int(s[WINNER])
        policy_turn(s, r, cut, leans)
        if s[PASSES] >= 4:
            return -1
    return int(s[WINNER])


def rollout_seeded(s: Any, seed: int, cut: int, r: Any, leans: Any) -> int:
    """:func:`rollout` on the stream of ``seed`` (``r``: 4 ints of room for it)."""
    rng_seed(r, seed)
    return rollout(s, r, cut, leans)


def play_deals(
    afters: Any, draws: Any, moves: int, me: int, clan: Any, tactics: Any, split: Any, seeds: Any, cut: int, s: Any,
    r: Any, leans: Any, out: Any,
) -> None:
    """Every move's play-out on every deal, in one call: the search's batch (:meth:`.tactics_search.TacticsGame.batch`).

    ``afters`` holds ``moves`` states one after the other (:data:`~.tactics_kernel.SIZE` ints each): the
    table after each move of ``me``, its claims made, the turn passed, the draw not yet made, and the
    hidden cards in any order (they are overwritten). ``draws[m]``: the deck move ``m`` draws from
    afterwards (0 clan, 1 tactics, -1 no draw). A deal ``d`` is a row of the hidden clan cards
    (``split[0]`` of them, the opponent's ``split[1]`` first, then the clan deck from its top) and of
    the hidden tactics cards (``split[2]``, the opponent's ``split[3]`` first), as
    :meth:`.tactics_search.TacticsView.deal` reads them, with its rollout seed ``seeds[d]``. So each
    play-out is :func:`.tactics_search.play_out`'s: the same state, the same stream, the same winner,
    written to ``out[d * moves + m]`` (``s``, ``r``, ``leans``: room)."""
    n_clan, opp_clan, n_tactics, opp_tactics = split[0], split[1], split[2], split[3]
    opp = 1 - me
    hand = HANDS + HAND * opp
    for d in range(len(seeds)):
        row_clan = d * n_clan
        row_tactics = d * n_tactics
        for m in range(moves):
            at = m * SIZE
            for j in range(SIZE):
                s[j] = afters[at + j]
            if s[WINNER] >= 0:
                out[d * moves + m] = s[WINNER]
                continue
            for j in range(opp_clan):
                s[hand + j] = clan[row_clan + j]
            for j in range(opp_tactics):
                s[hand + opp_clan + j] = tactics[row_tactics + j]
            for j in range(n_clan - opp_clan):  # the deck is drawn from its end: its top is the row's first
                s[CLAN + j] = clan[row_clan + n_clan - 1 - j]
            for j in range(n_tactics - opp_tactics):
                s[TACTICS + j] = tactics[row_tactics + n_tactics - 1 - j]
            if draws[m] >= 0:
                draw(s, me, draws[m] == 1)
            out[d * moves + m] = rollout_seeded(s, seeds[d], cut, r, leans)


FUNCTIONS = (
    "placement_value", "plain_stone", "clan_value", "troops_held", "nth_bit", "policy_play", "sign", "lean_with",
    "repeated", "policy_tactic", "wants_tactics", "policy_turn", "rollout", "rollout_seeded", "play_deals",
)  # fmt: skip
"""The policy's functions :func:`compiled` compiles after the state's (callees first)."""


@cache
def compiled(numba: types.ModuleType) -> types.SimpleNamespace:
    """The functions of :data:`.tactics_kernel.FUNCTIONS` and :data:`FUNCTIONS` compiled by
    ``numba.njit`` from their own code objects, in one namespace with the rules kernel's compiled
    functions and the base kernel's compiled random stream (cached on disk beside the modules)."""
    core = rules.compiled(numba)
    stream = rollout_kernel.compiled(numba)
    space: dict[str, Any] = {**vars(tactics_kernel), **globals()}
    for name in tactics_kernel.RULES:
        space[name] = getattr(core, name)
    for name in ("rng_seed", "rng_next", "rng_below"):
        space[name] = getattr(stream, name)
    names = (*tactics_kernel.FUNCTIONS, *FUNCTIONS)
    # stamped with the state's file too: the policy inlines the state's functions
    return njit_twins(numba, space, names, rules.__file__, tactics_kernel.__file__)


__all__ = [
    "FUNCTIONS", "compiled", "placement_value", "play_deals", "policy_play", "policy_tactic", "rollout", "rollout_seeded",
]  # fmt: skip
