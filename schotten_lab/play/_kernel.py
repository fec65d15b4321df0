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
    all_masks: np.ndarray,
    all_strengths: np.ndarray,
    one_masks: np.ndarray,
    one_strengths: np.ndarray,
    two_masks: np.ndarray,
    two_strengths: np.ndarray,
) -> int:
    """The strength of the strongest completion of ``p``'s open side of stone ``s`` with cards off
    the table, or -1 when none is left."""
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
    all_masks: np.ndarray,
    all_strengths: np.ndarray,
    one_masks: np.ndarray,
    one_strengths: np.ndarray,
    two_masks: np.ndarray,
    two_strengths: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Play one random game per row of ``clans`` (a permutation of the 54 card indices).

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
                            best = _best_completion(
                                s, other, side, side_n, side_mask, table, scan_pos, scan_n,
                                all_masks, all_strengths, one_masks, one_strengths, two_masks, two_strengths,
                            )  # fmt: skip
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
