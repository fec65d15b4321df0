"""The tactics variant's rollouts as one source that numba compiles: the state of :mod:`.tactics_sim`
on a flat int array, and its turn (the policy of :mod:`.tactics_policy` on it is
:mod:`.tactics_policy_kernel`'s, which compiles both).

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
from typing import Any

from ..core.kernel import ALL_CARDS, claim_proved, claims_winner, side_best, strength, tactics_claim_proved
from .rollout_kernel import rng_next, rng_seed

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


def claim_all(s: Any, player: int) -> int:
    """Claim every provable stone in order, stopping at a win; the stones claimed as a mask."""
    made = 0
    for i in range(9):
        if can_claim(s, i, player):
            s[CLAIMED + i] = player
            made |= 1 << i
            w = claims_winner(s, CLAIMED)
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


def headhunter(s: Any) -> None:
    """The mover plays Headhunter as the policy does (:func:`.tactics_policy.headhunter_decks`: three
    cards, two from the clan deck when it can) and puts back the lowest cards."""
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


FUNCTIONS = (
    "capacity", "pieces", "value", "first_complete", "clan_only", "can_claim", "claim_all",
    "free_mask", "may_play_tactics", "retime", "take_from_hand", "add_piece", "pop_piece", "place", "draw",
    "put_under", "play_tactic", "put_back", "headhunter", "end_turn", "start_turn",
)  # fmt: skip
"""The state's functions (:mod:`.tactics_policy_kernel` compiles them with its own, callees first)."""

RULES = ("strength", "best_completion", "claim_proved", "claims_winner", "side_best", "tactics_claim_proved")
"""The rules kernel's functions these call."""

__all__ = ["FUNCTIONS", "RULES", "SIZE", "XorRandom", "explore_cut", "fits", "state_of"]
