"""The numba kernel behind :mod:`schotten_lab.play.fastplay`: whole random base games on arrays.

Imports numba at module level; :mod:`fastplay` imports this module lazily and turns a missing numba
into :class:`~schotten_lab.play.fastplay.FastPlayUnavailable`.

State of one game (card indices are ``core`` ``Card.index``, players 0 = south, 1 = north):
``hand[p, :hand_n[p]]``, the deck ``clan[top:]``, ``side[s, p, :side_n[s, p]]`` in placement order,
``side_mask[s, p]`` bit masks, ``table`` (every placed card), ``strength[s, p]`` of complete sides,
``first[s]`` (who completed first), ``claimed[s]``.

Proofs are incremental. For an open side the strongest completion is the first hand of a
strength-sorted list (all 24,804 hands, the 1,378 holding its one card, or the 52 holding its two
cards) whose other cards are all off the table. The table only grows in the base game, so a hand
that failed once fails for ever: each (stone, side) keeps its scan position and resumes there, and
the scan restarts only when that side gains a card (a new, shorter list).
"""

from __future__ import annotations

import numpy as np
from numba import njit

MAX_TURNS = 160
"""Turns a game can take: 54 placements, and passes, each of which follows an opponent's placement."""

ONE = np.uint64(1)
SPLITMIX_GAMMA = np.uint64(0x9E3779B97F4A7C15)
SPLITMIX_M1 = np.uint64(0xBF58476D1CE4E5B9)
SPLITMIX_M2 = np.uint64(0x94D049BB133111EB)
LOW32 = np.uint64(0xFFFFFFFF)

REASON_FIVE = 1
REASON_ADJACENT = 2


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
def _wins(held: int) -> int:
    """0, or the reason a 9-bit set of stones wins: five stones first, then three adjacent."""
    count = 0
    for s in range(9):
        count += (held >> s) & 1
    if count >= 5:
        return REASON_FIVE
    for s in range(7):
        if (held >> s) & 7 == 7:
            return REASON_ADJACENT
    return 0


@njit(cache=True)
def _best_completion(
    s: int,
    p: int,
    side: np.ndarray,
    side_n: np.ndarray,
    side_mask: np.ndarray,
    table: np.uint64,
    scan_pos: np.ndarray,
    scan_n: np.ndarray,
    lists: tuple[np.ndarray, ...],
) -> int:
    """The strength of the strongest completion of ``p``'s open side of stone ``s`` with cards off
    the table, or -1 when none is left. ``lists`` holds the strength-sorted hands (``fastplay._tables``):
    all of them, those holding one card ``[c]``, those holding two ``[a, b]``; masks, then strengths."""
    all_masks, all_strengths, one_masks, one_strengths, two_masks, two_strengths = lists
    n = side_n[s, p]
    if scan_n[s, p] != n:
        scan_n[s, p] = n
        scan_pos[s, p] = 0
    forbidden = table & ~side_mask[s, p]
    k = scan_pos[s, p]
    if n == 0:
        masks, strengths = all_masks, all_strengths
    elif n == 1:
        masks, strengths = one_masks[side[s, p, 0]], one_strengths[side[s, p, 0]]
    else:
        masks, strengths = two_masks[side[s, p, 0], side[s, p, 1]], two_strengths[side[s, p, 0], side[s, p, 1]]
    while k < masks.shape[0] and masks[k] & forbidden:
        k += 1
    scan_pos[s, p] = k
    return -1 if k == masks.shape[0] else int(strengths[k])


@njit(cache=True)
def play_games(
    clans: np.ndarray,
    seeds: np.ndarray,
    firsts: np.ndarray,
    expert: bool,
    cube: np.ndarray,
    lists: tuple[np.ndarray, ...],
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Play one random game per row of ``clans`` (a permutation of the 54 card indices), the players'
    random streams seeded by ``seeds``, ``firsts`` the players who open; ``cube[a, b, c]`` is the
    strength of three cards, ``lists`` as in :func:`_best_completion`.

    Returns ``(offsets, players, cards, stones, claims, draws, results, claimed)``: game ``g``'s turns
    are rows ``offsets[g]:offsets[g + 1]`` of the flat turn arrays (card -1 and stone 0 for a pass,
    ``claims`` a 9-bit set of the stones claimed, claimed in ascending order, ``draws`` -1 for no
    draw); ``results[g] = (winner, reason)``; ``claimed[g, s]`` the owner of stone ``s`` or -1.
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
    side = np.empty((9, 2, 3), np.int8)
    side_n = np.empty((9, 2), np.int64)
    side_mask = np.empty((9, 2), np.uint64)
    strength = np.empty((9, 2), np.int64)
    first = np.empty(9, np.int64)
    claimed = np.empty(9, np.int64)
    held = np.empty(2, np.int64)
    scan_pos = np.empty((9, 2), np.int64)
    scan_n = np.empty((9, 2), np.int64)
    open_stones = np.empty(9, np.int64)
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
        top = 12
        side_n[:] = 0
        side_mask[:] = 0
        first[:] = -1
        claimed[:] = -1
        scan_n[:] = -1
        table = np.uint64(0)
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
                    n_open = 0
                    for s in range(9):
                        if claimed[s] < 0 and side_n[s, player] < 3:
                            open_stones[n_open] = s
                            n_open += 1
                    if n_open > 0 and hand_n[player] > 0:
                        j = _below(state, hand_n[player])
                        stone = open_stones[_below(state, n_open)]
                        card = hand[player, j]
                        hand_n[player] -= 1
                        hand[player, j] = hand[player, hand_n[player]]
                        k = side_n[stone, player]
                        side[stone, player, k] = card
                        side_n[stone, player] = k + 1
                        bit = ONE << np.uint64(card)
                        side_mask[stone, player] |= bit
                        table |= bit
                        if k == 2:
                            a, b = side[stone, player, 0], side[stone, player, 1]
                            strength[stone, player] = cube[a, b, card]
                            if side_n[stone, other] < 3:
                                first[stone] = player
                if (phase == 0) == expert:
                    # claims: every stone the player can prove, ascending, until the game is won
                    for s in range(9):
                        if claimed[s] >= 0 or side_n[s, player] < 3:
                            continue
                        mine = strength[s, player]
                        if side_n[s, other] == 3:
                            theirs = strength[s, other]
                            ok = mine > theirs or (mine == theirs and first[s] == player)
                        else:
                            best = _best_completion(s, other, side, side_n, side_mask, table, scan_pos, scan_n, lists)
                            ok = best <= mine
                        if ok:
                            claimed[s] = player
                            claimed_now |= 1 << s
                            held[player] |= 1 << s
                            reason = _wins(held[player])
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
