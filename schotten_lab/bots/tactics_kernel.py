"""The tactics variant's rollouts as one source that numba compiles: the state of :mod:`.tactics_sim`
and the policy of :mod:`.tactics_policy` on a flat int array.

Why: the tactics search spends its time in rollouts, and the Python policy plays about 300 of them a
CPU second, some hundred times fewer than the base game's compiled kernel (:mod:`.rollout_kernel`,
read that first: the same design). Here the same turn and the same policy run on ints, plain on a
Python list or compiled by numba on an ``int64`` array, and give the very same games.

The slow, obviously correct twin is the object form: :class:`.tactics_sim.TacticsSim` (itself
checked move for move against the engine) played by :func:`.tactics_policy.tactics_rollout`. Fed the
same random stream (:class:`XorRandom`, the kernel's xorshift128 as ``random()``), both make the same
decisions in the same order, so a rollout ends with the same table, hands, decks and winner
(tests/bots/test_tactics_kernel.py, on many random tactics games).

The layout (offsets below): the 18 sides (``2 * stone + player``, up to 4 pieces each under Mud fight)
and their lengths, each side's completion tick (-1 while incomplete), each stone's combat modes
(bits: 1 Blind-man's bluff, 2 Mud fight) and owner, both hands (order kept: a played card is removed,
a drawn one appended), the clan and tactics decks (drawn from their end; a put-back goes under, at
index 0), the clan cards gone (on the table or discarded, a mask), tactics cards played and Jokers
played by each player, the player to move, the winner (-1: none yet), the expert flag, the passes in
a row, the completion clock and whether the mover claimed at the start of the turn.

Pieces are the rules kernel's ints (:mod:`schotten_lab.core.kernel`): clan cards 0-53, the wild elite
troops 54-56; the other tactics cards are 57-62 in a hand or deck (:data:`.tactics_sim.TACTICS_CODE`).
A troop whose identity was fixed by hand (``JOKER=R8``) has no int here: such a state is rolled out
by the object form (:func:`fits`).
"""

from __future__ import annotations

import math
import types
from functools import cache
from typing import Any

from ..core import kernel as rules
from ..core.kernel import ALL_CARDS, best_completion, claim_proved, side_best, strength, tactics_claim_proved, win_reason
from . import rollout_kernel
from .rollout_kernel import rng_below, rng_next, rng_seed, stamp_with

CAP = 4
"""Pieces a side can hold (three, four under Mud fight)."""
SIDES = 0
"""``state[SIDES + CAP * (2 * stone + player) + j]``: the ``j``-th piece of a side."""
SIDE_N = 72
DONE = 90
"""``state[DONE + side]``: the clock tick of the side's latest completion, -1 while incomplete."""
MODES = 108
CLAIMED = 117
HAND = 12
"""Slots of a hand (seven cards, nine just after a Headhunter)."""
HANDS = 126
HAND_N = 150
CLAN = 152
CLAN_N = 206
TACTICS = 207
TACTICS_N = 217
GONE = 218
PLAYED = 219
JOKERS = 221
TO_MOVE = 223
WINNER = 224
EXPERT = 225
PASSES = 226
CLOCK = 227
EARLY = 228
SIZE = 229
"""The length of a state."""

JOKER, SPY, SHIELD = 54, 55, 56
BLIND_CARD, MUD_CARD, HEADHUNTER, STRATEGIST, BANSHEE, TRAITOR = 57, 58, 59, 60, 61, 62
BLIND, MUD = 1, 2
"""A stone's combat modes, as bits."""

CLAIM_VALUE = 10_000
DUMP_VALUE = -10_000
TROOP_COST = 150
WEAK_PLACEMENT = 300
HEADHUNTER_CUT = 2**30
""":data:`.tactics_policy.HEADHUNTER_CHANCE` (a quarter) as a threshold on 32 random bits."""
MAX_TURNS = 400
NONE = -(10**9)


def explore_cut(explore: float) -> int:
    """The probability ``explore`` as a threshold on 32 random bits ``x``: ``x < cut`` exactly when
    ``x / 2**32 < explore`` (as :class:`XorRandom` feeds the object form)."""
    return math.ceil(min(max(explore, 0.0), 1.0) * 2**32)


class XorRandom:
    """The kernel's random stream as a ``random.Random`` stand-in for the object form: ``random()``
    is the next 32 random bits over ``2**32``, so a draw compared with a probability, or scaled to an
    index, decides as the kernel does."""

    def __init__(self, seed: int) -> None:
        self.words = [0] * 4
        rng_seed(self.words, seed)

    def random(self) -> float:
        return rng_next(self.words) / 2**32


def fits(sim: Any) -> bool:
    """Whether the :class:`.tactics_sim.TacticsSim` ``sim`` has an int state here: no troop whose
    identity was fixed by hand on the table."""
    return max((max(side) for side in sim.sides if side), default=0) < 57


def state_of(sim: Any) -> list[int]:
    """The :class:`.tactics_sim.TacticsSim` ``sim`` as the kernel's int state (unused slots -1);
    ``ValueError`` when it does not :func:`fit <fits>`."""
    if not fits(sim):
        raise ValueError("state: a troop with a fixed identity has no int in the tactics kernel")
    state = [-1] * SIZE
    for side, pieces_ in enumerate(sim.sides):
        at = SIDES + CAP * side
        state[at : at + len(pieces_)] = pieces_
    state[SIDE_N : SIDE_N + 18] = [len(side) for side in sim.sides]
    state[DONE : DONE + 18] = sim.done
    state[MODES : MODES + 9] = sim.modes
    state[CLAIMED : CLAIMED + 9] = sim.claimed
    for p in (0, 1):
        hand = sim.hands[p]
        state[HANDS + HAND * p : HANDS + HAND * p + len(hand)] = hand
        state[HAND_N + p] = len(hand)
    state[CLAN : CLAN + len(sim.clan_deck)] = sim.clan_deck
    state[CLAN_N] = len(sim.clan_deck)
    state[TACTICS : TACTICS + len(sim.tactics_deck)] = sim.tactics_deck
    state[TACTICS_N] = len(sim.tactics_deck)
    state[GONE] = sim.gone
    state[PLAYED : PLAYED + 2] = sim.played
    state[JOKERS : JOKERS + 2] = [int(j) for j in sim.jokers]
    state[TO_MOVE] = sim.to_move
    state[WINNER] = sim.winner
    state[EXPERT] = int(sim.expert)
    state[PASSES] = sim.passes
    state[CLOCK] = sim.clock
    state[EARLY] = int(sim.early)
    return state


# ---- the table -------------------------------------------------------------------------------------


def capacity(s: Any, stone: int) -> int:
    return 4 if s[MODES + stone] & MUD else 3


def pieces(s: Any, side: int, skip: int, extra: int) -> tuple[int, int, int, int, int]:
    """The pieces of ``side`` as the rules kernel reads them (``count, a, b, c, d``), without its
    ``skip``-th piece (-1: none) and with ``extra`` added at its end (-1: none)."""
    n = s[SIDE_N + side]
    base = SIDES + CAP * side
    out = [-1, -1, -1, -1, -1]
    m = 0
    for j in range(n):
        if j != skip:
            out[m] = s[base + j]
            m += 1
    if extra >= 0:
        out[m] = extra
        m += 1
    return m, out[0], out[1], out[2], out[3]


def value(s: Any, side: int, skip: int, extra: int, room: int, blind: bool, pool: int) -> int:
    """:func:`.tactics_sim.side_value` of the side :func:`pieces` gives: its strongest filling from
    ``pool`` on a stone holding ``room`` pieces a side (its own strength once complete)."""
    m, a, b, c, d = pieces(s, side, skip, extra)
    return side_best(m, a, b, c, d, room, blind, pool if m < room else 0)


def first_complete(s: Any, stone: int) -> int:
    """The player whose side became complete the earliest (latest completion counted), or -1."""
    a = s[DONE + 2 * stone]
    b = s[DONE + 2 * stone + 1]
    if a >= 0 and (b < 0 or a < b):
        return 0
    return 1 if b >= 0 else -1


def clan_only(s: Any, side: int) -> bool:
    base = SIDES + CAP * side
    for j in range(s[SIDE_N + side]):
        if s[base + j] >= 54:
            return False
    return True


def can_claim(s: Any, stone: int, player: int) -> bool:
    """:meth:`.tactics_sim.TacticsSim.can_claim`: the claim rule with the default proof."""
    if s[CLAIMED + stone] >= 0:
        return False
    modes = s[MODES + stone]
    room = 4 if modes & MUD else 3
    mine = 2 * stone + player
    theirs = 2 * stone + 1 - player
    if s[SIDE_N + mine] < room:
        return False
    pool = ALL_CARDS & ~s[GONE]
    tie_won = first_complete(s, stone) == player
    k, e, f, g, h = pieces(s, theirs, -1, -1)
    if modes == 0 and clan_only(s, mine) and clan_only(s, theirs):
        m = SIDES + CAP * mine
        own = strength(s[m], s[m + 1], s[m + 2])
        return claim_proved(own, k, e, f, g, k == 3 and tie_won, pool)
    n, a, b, c, d = pieces(s, mine, -1, -1)
    return tactics_claim_proved(n, a, b, c, d, k, e, f, g, h, room, (modes & BLIND) != 0, tie_won, pool)


def tactics_winner(s: Any) -> int:
    """The player whose claimed stones win (south checked first), else -1."""
    for p in range(2):
        held = 0
        for i in range(9):
            if s[CLAIMED + i] == p:
                held |= 1 << i
        if win_reason(held):
            return p
    return -1


def claim_all(s: Any, player: int) -> int:
    """Claim every provable stone in order, stopping at a win; the stones claimed as a mask."""
    made = 0
    for i in range(9):
        if can_claim(s, i, player):
            s[CLAIMED + i] = player
            made |= 1 << i
            w = tactics_winner(s)
            s[WINNER] = w
            if w >= 0:
                break
    return made


def free_mask(s: Any, player: int) -> int:
    """The stones (a mask) where ``player`` may place: unclaimed, with room on their side."""
    free = 0
    for i in range(9):
        if s[CLAIMED + i] < 0 and s[SIDE_N + 2 * i + player] < capacity(s, i):
            free |= 1 << i
    return free


def may_play_tactics(s: Any, player: int) -> bool:
    return bool(s[PLAYED + player] <= s[PLAYED + 1 - player])


# ---- moving pieces and cards ------------------------------------------------------------------------


def retime(s: Any, stone: int) -> None:
    """Each side of ``stone``: a completion tick when it is complete (kept if it was), else -1."""
    room = capacity(s, stone)
    for k in range(2 * stone, 2 * stone + 2):
        if s[SIDE_N + k] >= room:
            if s[DONE + k] < 0:
                s[DONE + k] = s[CLOCK]
                s[CLOCK] = s[CLOCK] + 1
        else:
            s[DONE + k] = -1


def take_from_hand(s: Any, player: int, code: int) -> None:
    """Remove the first ``code`` from ``player``'s hand, keeping the order."""
    base = HANDS + HAND * player
    n = s[HAND_N + player]
    j = 0
    while s[base + j] != code:
        j += 1
    while j < n - 1:
        s[base + j] = s[base + j + 1]
        j += 1
    s[base + n - 1] = -1
    s[HAND_N + player] = n - 1


def add_piece(s: Any, stone: int, player: int, code: int) -> None:
    side = 2 * stone + player
    k = s[SIDE_N + side]
    s[SIDES + CAP * side + k] = code
    s[SIDE_N + side] = k + 1
    retime(s, stone)


def pop_piece(s: Any, stone: int, player: int, k: int) -> int:
    """Take the ``k``-th piece off ``player``'s side of ``stone`` (the others keep their order)."""
    side = 2 * stone + player
    base = SIDES + CAP * side
    n = s[SIDE_N + side]
    code = s[base + k]
    for j in range(k, n - 1):
        s[base + j] = s[base + j + 1]
    s[base + n - 1] = -1
    s[SIDE_N + side] = n - 1
    retime(s, stone)
    return int(code)


def place(s: Any, code: int, stone: int) -> None:
    """:meth:`.tactics_sim.TacticsSim.place`: a clan card or elite troop of the mover's onto their side."""
    p = s[TO_MOVE]
    take_from_hand(s, p, code)
    if code >= 54:
        s[PLAYED + p] = s[PLAYED + p] + 1
        if code == JOKER:
            s[JOKERS + p] = 1
    else:
        s[GONE] = s[GONE] | (1 << code)
    add_piece(s, stone, p, code)


def draw(s: Any, player: int, from_tactics: bool) -> None:
    """The top card of a deck (its end) into ``player``'s hand."""
    if from_tactics:
        n = s[TACTICS_N] - 1
        card = s[TACTICS + n]
        s[TACTICS + n] = -1
        s[TACTICS_N] = n
    else:
        n = s[CLAN_N] - 1
        card = s[CLAN + n]
        s[CLAN + n] = -1
        s[CLAN_N] = n
    h = s[HAND_N + player]
    s[HANDS + HAND * player + h] = card
    s[HAND_N + player] = h + 1


def put_under(s: Any, card: int) -> None:
    """``card`` under its deck (index 0)."""
    deck, count = (CLAN, CLAN_N) if card < 54 else (TACTICS, TACTICS_N)
    n = s[count]
    for j in range(n, 0, -1):
        s[deck + j] = s[deck + j - 1]
    s[deck] = card
    s[count] = n + 1


def play_tactic(s: Any, card: int, stone: int, source: int, k: int) -> None:
    """:meth:`.tactics_sim.TacticsSim.apply_play` of a combat mode or a ruse other than Headhunter:
    ``card`` on ``stone`` (a mode; Traitor's and Strategist's destination), the ``k``-th piece of
    ``source`` (Banshee and Traitor: the opponent's; Strategist: the mover's)."""
    p = s[TO_MOVE]
    take_from_hand(s, p, card)
    s[PLAYED + p] = s[PLAYED + p] + 1
    if card == BLIND_CARD or card == MUD_CARD:
        s[MODES + stone] = s[MODES + stone] | (BLIND if card == BLIND_CARD else MUD)
        retime(s, stone)
        return
    owner = p if card == STRATEGIST else 1 - p
    piece = pop_piece(s, source, owner, k)
    if card != BANSHEE:
        add_piece(s, stone, p, piece)


def headhunter(s: Any) -> int:
    """The mover plays Headhunter as the policy does (:func:`.tactics_policy.headhunter_decks`: three
    cards, two from the clan deck when it can) and puts back the lowest cards; returns the cards drawn."""
    p = s[TO_MOVE]
    take_from_hand(s, p, HEADHUNTER)
    s[PLAYED + p] = s[PLAYED + p] + 1
    clan = s[CLAN_N]
    tactics = s[TACTICS_N]
    k = min(3, clan + tactics)
    from_clan = min(2, clan, k)
    if k - from_clan > tactics:
        from_clan = k - tactics
    for _ in range(from_clan):
        draw(s, p, False)
    for _ in range(k - from_clan):
        draw(s, p, True)
    put_back(s, p, min(2, max(0, k - 1)))
    return int(k)


def put_back(s: Any, player: int, count: int) -> None:
    """:func:`.tactics_policy.put_back_choice`: the ``count`` lowest clan cards (by value, the first
    in hand order on a tie), tactics cards last (by code), each under its deck in turn."""
    base = HANDS + HAND * player
    for _ in range(count):
        best = -1
        best_key = 1 << 20
        for j in range(s[HAND_N + player]):
            card = s[base + j]
            key = card % 9 if card < 54 else 100 + card
            if key < best_key:
                best, best_key = card, key
        take_from_hand(s, player, best)
        put_under(s, best)


def end_turn(s: Any, played: bool, want_tactics: bool, draws: bool) -> int:
    """:meth:`.tactics_sim.TacticsSim.end_turn`: the base game's claims, one card drawn (when
    ``draws``: from the tactics deck when ``want_tactics`` and it has cards, else the clan deck), the
    next player; the stones claimed as a mask."""
    p = s[TO_MOVE]
    claims = 0
    if not s[EXPERT]:
        claims = claim_all(s, p)
        if s[WINNER] >= 0:
            return claims
    if draws and s[CLAN_N] + s[TACTICS_N] > 0:
        draw(s, p, (want_tactics and s[TACTICS_N] > 0) or s[CLAN_N] == 0)
    if played or claims != 0 or s[EARLY]:
        s[PASSES] = 0
    else:
        s[PASSES] = s[PASSES] + 1
    s[EARLY] = 0
    s[TO_MOVE] = 1 - p
    return claims


def start_turn(s: Any) -> int:
    """Expert variant: the claims at the start of the turn (none in the base timing)."""
    claims = claim_all(s, s[TO_MOVE]) if s[EXPERT] else 0
    s[EARLY] = 1 if claims != 0 else 0
    return claims


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
                if now == 2 or now >= 0 or s[SIDE_N + mine] == 0:
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


FUNCTIONS = (
    "capacity", "pieces", "value", "first_complete", "clan_only", "can_claim", "tactics_winner", "claim_all",
    "free_mask", "may_play_tactics", "retime", "take_from_hand", "add_piece", "pop_piece", "place", "draw",
    "put_under", "play_tactic", "put_back", "headhunter", "end_turn", "start_turn", "placement_value",
    "plain_stone", "clan_value", "troops_held", "nth_bit", "policy_play", "sign", "lean_with", "repeated",
    "policy_tactic", "wants_tactics", "policy_turn", "rollout", "rollout_seeded",
)  # fmt: skip
"""The functions :func:`compiled` compiles (in an order where each one's callees come first)."""

RULES = ("strength", "best_completion", "claim_proved", "win_reason", "side_best", "tactics_claim_proved")
"""The rules kernel's functions these call."""


@cache
def compiled(numba: types.ModuleType) -> types.SimpleNamespace:
    """The functions of :data:`FUNCTIONS` compiled by ``numba.njit`` from their own code objects, with
    the rules kernel's compiled functions and the base kernel's compiled random stream in their
    namespace (cached on disk beside this module)."""
    core = rules.compiled(numba)
    stream = rollout_kernel.compiled(numba)
    space: dict[str, Any] = dict(globals())
    for name in RULES:
        space[name] = getattr(core, name)
    for name in ("rng_seed", "rng_next", "rng_below"):
        space[name] = getattr(stream, name)
    for name in FUNCTIONS:
        plain = globals()[name]
        twin = types.FunctionType(plain.__code__, space, name, plain.__defaults__)
        twin.__qualname__ = plain.__qualname__
        space[name] = numba.njit(cache=True)(twin)
    stamp_with(rules.__file__, *(space[name] for name in FUNCTIONS))
    return types.SimpleNamespace(**{name: space[name] for name in FUNCTIONS})


__all__ = ["FUNCTIONS", "SIZE", "XorRandom", "compiled", "explore_cut", "rollout", "rollout_seeded"]
