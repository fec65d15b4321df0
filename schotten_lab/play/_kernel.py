"""The numba kernel behind :mod:`schotten_lab.play.fastplay`: whole random base games on arrays.

Imports numba at module level; :mod:`fastplay` imports this module lazily and turns a missing numba
into :class:`~schotten_lab.play.fastplay.FastPlayUnavailable`.

State of one game (card indices are ``core`` ``Card.index``, players 0 = south, 1 = north):
``hand[p, :hand_n[p]]``, the deck ``clan[top:]``, ``side[s, p, :side_n[s, p]]`` in placement order,
``table`` (a mask of every placed card), ``strength[s, p]`` of complete sides, ``first[s]`` (who
completed first), ``claimed[s]``, and the stone masks ``held[p]`` (claimed by ``p``), ``full[p]``
(``p``'s complete sides) and ``taken`` (claimed by anyone).

The rules (a side's strength, the claim decision with its strongest completion, the win rule, the
open stones) are the core's kernel, :mod:`schotten_lab.core.kernel`, compiled from the same code
(:func:`~schotten_lab.core.kernel.compiled`); this module holds the random streams and the game loop.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import njit

from ..core import kernel as rules
from ..core.kernel import ALL_CARDS, compiled, stamp_with

_RULES = compiled(numba)
strength = _RULES.strength
claim_proved = _RULES.claim_proved
win_reason = _RULES.win_reason
open_stones = _RULES.open_stones

MAX_TURNS = 160
"""Turns a game can take: 54 placements, and passes, each of which follows an opponent's placement."""

SPLITMIX_GAMMA = np.uint64(0x9E3779B97F4A7C15)
SPLITMIX_M1 = np.uint64(0xBF58476D1CE4E5B9)
SPLITMIX_M2 = np.uint64(0x94D049BB133111EB)
LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def _next(state: np.ndarray) -> np.uint64:
    """SplitMix64: the next 64 random bits of the one-word ``state``."""
    state[0] += SPLITMIX_GAMMA
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * SPLITMIX_M1
    z = (z ^ (z >> np.uint64(27))) * SPLITMIX_M2
    return np.uint64(z ^ (z >> np.uint64(31)))


@njit(cache=True)
def _below(state: np.ndarray, n: int) -> int:
    """A uniform integer in ``[0, n)`` (Lemire's multiply-shift on 32 bits, with exact rejection)."""
    bound = np.uint64(n)
    m = (_next(state) >> np.uint64(32)) * bound
    low = m & LOW32
    if low < bound:
        threshold = (np.uint64(1 << 32) - bound) % bound
        while low < threshold:
            m = (_next(state) >> np.uint64(32)) * bound
            low = m & LOW32
    return int(m >> np.uint64(32))


M32 = np.uint64(0xFFFFFFFF)
SEED_INIT_A = np.uint64(0x43B0D7E5)
SEED_MULT_A = np.uint64(0x931E8875)
SEED_INIT_B = np.uint64(0x8B51F9DD)
SEED_MULT_B = np.uint64(0x58F38DED)
SEED_MIX_L = np.uint64(0xCA01F9DD)
SEED_MIX_R = np.uint64(0x4973F715)
PCG_MULT_HIGH = np.uint64(2549297995355413924)
PCG_MULT_LOW = np.uint64(4865540595714422341)
SIXTEEN = np.uint64(16)
THIRTY_TWO = np.uint64(32)


@njit(cache=True)
def _mul64(a: np.uint64, b: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The 128-bit product of two 64-bit words, as (high, low)."""
    a0, a1, b0, b1 = a & M32, a >> THIRTY_TWO, b & M32, b >> THIRTY_TWO
    p00, p01, p10 = a0 * b0, a0 * b1, a1 * b0
    mid = (p00 >> THIRTY_TWO) + (p01 & M32) + (p10 & M32)
    low = (p00 & M32) | (mid << THIRTY_TWO)
    high = a1 * b1 + (p01 >> THIRTY_TWO) + (p10 >> THIRTY_TWO) + (mid >> THIRTY_TWO)
    return high, low


@njit(cache=True)
def _pcg_step(pcg: np.ndarray) -> None:
    """PCG64's LCG step on ``pcg = [state_high, state_low, inc_high, inc_low, has_uint32, uint32]``:
    ``state = state * multiplier + inc`` modulo 2**128."""
    high, low = _mul64(pcg[1], PCG_MULT_LOW)
    high += pcg[0] * PCG_MULT_LOW + pcg[1] * PCG_MULT_HIGH
    new_low = low + pcg[3]
    pcg[0] = high + pcg[2] + (np.uint64(1) if new_low < low else np.uint64(0))
    pcg[1] = new_low


@njit(cache=True)
def _pcg_next64(pcg: np.ndarray) -> np.uint64:
    """numpy's PCG64 output (XSL RR) after one step."""
    _pcg_step(pcg)
    x = pcg[0] ^ pcg[1]
    r = pcg[0] >> np.uint64(58)
    return np.uint64((x >> r) | (x << ((np.uint64(64) - r) & np.uint64(63))))


@njit(cache=True)
def _pcg_next32(pcg: np.ndarray) -> np.uint64:
    """numpy's buffered 32-bit draw: the low half of a 64-bit output, then its high half."""
    if pcg[4]:
        pcg[4] = 0
        return np.uint64(pcg[5])
    n = _pcg_next64(pcg)
    pcg[4] = 1
    pcg[5] = n >> THIRTY_TWO
    return n & M32


@njit(cache=True)
def _hashmix(value: np.uint64, hash_const: np.ndarray) -> np.uint64:
    value = (value ^ hash_const[0]) & M32
    hash_const[0] = (hash_const[0] * SEED_MULT_A) & M32
    value = (value * hash_const[0]) & M32
    return value ^ (value >> SIXTEEN)


@njit(cache=True)
def _seed_pcg(entropy: np.ndarray, pcg: np.ndarray) -> None:
    """``PCG64(SeedSequence(entropy))`` as numpy builds it, ``entropy`` being the uint32 words."""
    pool = np.empty(4, np.uint64)
    hash_const = np.empty(1, np.uint64)
    hash_const[0] = SEED_INIT_A
    for k in range(4):
        pool[k] = _hashmix(entropy[k] if k < entropy.shape[0] else np.uint64(0), hash_const)
    for src in range(4):
        for dst in range(4):
            if src != dst:
                mixed = (SEED_MIX_L * pool[dst] - SEED_MIX_R * _hashmix(pool[src], hash_const)) & M32
                pool[dst] = mixed ^ (mixed >> SIXTEEN)
    for src in range(4, entropy.shape[0]):
        for dst in range(4):
            mixed = (SEED_MIX_L * pool[dst] - SEED_MIX_R * _hashmix(entropy[src], hash_const)) & M32
            pool[dst] = mixed ^ (mixed >> SIXTEEN)
    words = np.empty(8, np.uint64)
    hash_b = SEED_INIT_B
    for k in range(8):
        value = (pool[k % 4] ^ hash_b) & M32
        hash_b = (hash_b * SEED_MULT_B) & M32
        value = (value * hash_b) & M32
        words[k] = value ^ (value >> SIXTEEN)
    # generate_state(4, uint64): little-endian pairs; (state, sequence) = (w0:w1, w2:w3) as 128-bit
    init_high, init_low = words[0] | (words[1] << THIRTY_TWO), words[2] | (words[3] << THIRTY_TWO)
    seq_high, seq_low = words[4] | (words[5] << THIRTY_TWO), words[6] | (words[7] << THIRTY_TWO)
    pcg[2] = (seq_high << np.uint64(1)) | (seq_low >> np.uint64(63))
    pcg[3] = (seq_low << np.uint64(1)) | np.uint64(1)
    pcg[0] = 0
    pcg[1] = 0
    _pcg_step(pcg)
    low = pcg[1] + init_low
    pcg[0] = pcg[0] + init_high + (np.uint64(1) if low < init_low else np.uint64(0))
    pcg[1] = low
    _pcg_step(pcg)
    pcg[4] = 0
    pcg[5] = 0


@njit(cache=True)
def deal_games(seed_words: np.ndarray, start: int, games: int) -> tuple[np.ndarray, np.ndarray]:
    """numpy's ``rng = default_rng([seed, i])``, ``rng.permutation(54)``, ``rng.bit_generator.random_raw()``
    for ``i`` in ``start .. start + games - 1``, bit for bit, without numpy's per-game set-up cost.

    ``seed_words`` is the seed as little-endian 32-bit words (``[0]`` for 0). Returns the
    permutations and the raw words (the seeds of the players' random streams).
    """
    clans = np.empty((games, 54), np.int8)
    seeds = np.empty(games, np.uint64)
    n = seed_words.shape[0]
    entropy = np.empty(n + 2, np.uint64)
    entropy[:n] = seed_words
    pcg = np.empty(6, np.uint64)
    for g in range(games):
        i = start + g
        entropy[n] = np.uint64(i) & M32
        m = n + 1
        if i >> 32:
            entropy[m] = np.uint64(i) >> THIRTY_TWO
            m += 1
        _seed_pcg(entropy[:m], pcg)
        clan = clans[g]
        for k in range(54):
            clan[k] = k
        for k in range(53, 0, -1):
            # numpy's random_interval(k): masked rejection on buffered 32-bit draws
            mask = np.uint64(k)
            mask |= mask >> np.uint64(1)
            mask |= mask >> np.uint64(2)
            mask |= mask >> np.uint64(4)
            mask |= mask >> np.uint64(8)
            j = _pcg_next32(pcg) & mask
            while j > np.uint64(k):
                j = _pcg_next32(pcg) & mask
            tmp = clan[k]
            clan[k] = clan[j]
            clan[j] = tmp
        seeds[g] = _pcg_next64(pcg)
    return clans, seeds


@njit(cache=True)
def play_games(
    clans: np.ndarray, seeds: np.ndarray, firsts: np.ndarray, expert: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Play one random game per row of ``clans`` (a permutation of the 54 card indices), the players'
    random streams seeded by ``seeds``, ``firsts`` the players who open.

    Returns ``(offsets, players, cards, stones, claims, draws, results, claimed)``: game ``g``'s turns
    are rows ``offsets[g]:offsets[g + 1]`` of the flat turn arrays (card -1 and stone 0 for a pass,
    ``claims`` a 9-bit set of the stones claimed, claimed in ascending order, ``draws`` -1 for no
    draw); ``results[g] = (winner, reason)`` (the kernel's ``win_reason``); ``claimed[g, s]`` the
    owner of stone ``s`` or -1.
    """
    games = clans.shape[0]
    offsets = np.zeros(games + 1, np.int64)
    players = np.empty(games * MAX_TURNS, np.int8)
    cards = np.empty(games * MAX_TURNS, np.int8)
    stones = np.empty(games * MAX_TURNS, np.int8)
    claims = np.empty(games * MAX_TURNS, np.int16)
    draws = np.empty(games * MAX_TURNS, np.int8)
    results = np.full((games, 2), -1, np.int8)
    claimed_out = np.full((games, 9), -1, np.int8)

    hand = np.empty((2, 6), np.int8)
    hand_n = np.empty(2, np.int64)
    side = np.full((9, 2, 3), -1, np.int64)
    side_n = np.empty((9, 2), np.int64)
    strength_of = np.empty((9, 2), np.int64)
    first = np.empty(9, np.int64)
    claimed = np.empty(9, np.int64)
    held = np.empty(2, np.int64)
    full = np.empty(2, np.int64)
    state = np.empty(1, np.uint64)

    t = 0
    for g in range(games):
        clan = clans[g]
        state[0] = seeds[g]
        for p in range(2):
            for j in range(6):
                hand[p, j] = clan[6 * p + j]
            hand_n[p] = 6
            held[p] = 0
            full[p] = 0
        top = 12
        side_n[:] = 0
        first[:] = -1
        claimed[:] = -1
        taken = 0
        table = 0
        player = int(firsts[g])
        winner = -1
        while winner < 0:
            if t - offsets[g] >= MAX_TURNS:
                raise RuntimeError("a game ran past MAX_TURNS")
            other = 1 - player
            claimed_now = 0
            card = -1
            stone = -1
            drawn = -1
            for phase in range(2):
                if phase == 1:
                    # the placement: a uniform card of the hand on a uniform open stone
                    free = open_stones(taken, int(full[player]))
                    n_open = free.bit_count()
                    if n_open > 0 and hand_n[player] > 0:
                        j = _below(state, hand_n[player])
                        pick = _below(state, n_open)
                        for s in range(9):
                            if (free >> s) & 1:
                                if pick == 0:
                                    stone = s
                                    break
                                pick -= 1
                        card = int(hand[player, j])
                        hand_n[player] -= 1
                        hand[player, j] = hand[player, hand_n[player]]
                        k = side_n[stone, player]
                        side[stone, player, k] = card
                        side_n[stone, player] = k + 1
                        table |= 1 << card
                        if k == 2:
                            full[player] |= 1 << stone
                            strength_of[stone, player] = strength(side[stone, player, 0], side[stone, player, 1], card)
                            if side_n[stone, other] < 3:
                                first[stone] = player
                if (phase == 0) == expert:
                    # claims: every stone the player can prove, ascending, until the game is won
                    pool = ALL_CARDS & ~table
                    for s in range(9):
                        if claimed[s] >= 0 or side_n[s, player] < 3:
                            continue
                        theirs = side[s, other]
                        own = int(strength_of[s, player])
                        n = int(side_n[s, other])
                        a, b, c = int(theirs[0]), int(theirs[1]), int(theirs[2])
                        if claim_proved(own, n, a, b, c, first[s] == player, pool):
                            claimed[s] = player
                            claimed_now |= 1 << s
                            held[player] |= 1 << s
                            taken |= 1 << s
                            reason = win_reason(int(held[player]))
                            if reason:
                                winner = player
                                results[g, 0] = player
                                results[g, 1] = reason
                                break
                if winner >= 0:
                    break
            if winner < 0 and card >= 0 and top < 54:
                # a pass draws nothing: the hand is still full while the deck lasts
                drawn = clan[top]
                top += 1
                hand[player, hand_n[player]] = drawn
                hand_n[player] += 1
            players[t] = player
            cards[t] = card
            stones[t] = stone + 1
            claims[t] = claimed_now
            draws[t] = drawn
            t += 1
            player = other
        offsets[g + 1] = t
        for s in range(9):
            claimed_out[g, s] = claimed[s]
    return offsets, players[:t], cards[:t], stones[:t], claims[:t], draws[:t], results, claimed_out


stamp_with(rules.__file__, play_games)  # editing the rules recompiles the game loop
