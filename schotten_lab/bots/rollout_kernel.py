"""The advisor's rollouts as one source that numba compiles: deals, turns and two rollout policies on
an int array.

A game state is one flat int array (a Python list on the plain path, a numpy ``int64`` array once
compiled) laid out as the offsets below say: the 18 sides (``2 * stone + player``, 3 cards each, in
placement order) and their lengths, each stone's owner and who completed it first (-1: nobody), both
hands (in order: a placed card is removed, a drawn one appended, as in :class:`~.sim.Sim`), the deck
(drawn from its end), the table as a card mask, the player to move, the winner (-1: none yet), the
passes in a row and the expert flag. Cards are ints 0-53, players 0 (south) and 1 (north).

The rules are the core's kernel (:mod:`schotten_lab.core.kernel`: ``strength``, ``best_completion``,
``claim_proved``, ``win_reason``, ``open_stones``), never written again here; this module holds the
turn (as :meth:`.sim.Sim.turn` plays it), the random stream and the two policies:

- ``PLACEMENT`` (0): :func:`.sim.greedy_play`, the weak formation score of :func:`.sim.placement_score`;
- ``GREEDY`` (1): the strong one-ply heuristic of :mod:`.greedy` (:func:`.greedy.placement_value`:
  a win by its claims, then stones proved, then the best formation still reachable with live cards,
  a dump on a stone already lost), ties broken at random.

Both play a uniformly random placement instead with probability ``explore / 2**32``.

The batch, :func:`play_batch`, plays each move then rolls the game out (flat Monte Carlo);
:mod:`.lookahead_kernel` adds the batch whose play-outs search the mover's next turn.

Randomness: Marsaglia's xorshift128 on four 32-bit words kept in an int array, every intermediate
below ``2**63``, so the plain and the compiled paths draw the very same numbers.
:func:`compiled` returns the functions compiled with ``numba.njit`` from their own code objects, with
the core kernel's compiled rules in their namespace; the caller passes the ``numba`` module.
"""

from __future__ import annotations

import types
from functools import cache
from typing import Any

from ..core import kernel as rules
from ..core.kernel import (
    ALL_CARDS, best_completion, claim_proved, claims_winner, njit_twins, open_stones, strength, win_reason,
)  # fmt: skip

SIDES = 0
"""``state[SIDES + 3 * (2 * stone + player) + j]``: the ``j``-th card of a side."""
SIDE_N = 54
CLAIMED = 72
FIRST = 81
HANDS = 90
"""``state[HANDS + 6 * player + j]``: the ``j``-th card of a hand."""
HAND_N = 102
DECK = 104
DECK_N = 158
TABLE = 159
TO_MOVE = 160
WINNER = 161
PASSES = 162
EXPERT = 163
SIZE = 164
"""The length of a state."""

PLACEMENT = 0
"""The weak rollout policy (:func:`.sim.greedy_play`)."""
GREEDY = 1
"""The strong rollout policy (:mod:`.greedy`'s placement score)."""

MASK32 = 0xFFFFFFFF
WIN_SCORE = 10**7
CLAIM_SCORE = 10**4
DUMP_SCORE = -(10**4)
MAX_TURNS = 400


# ---- the random stream ------------------------------------------------------------------------


def rng_seed(r: Any, seed: int) -> None:
    """Seed the four words of ``r`` from the low 32 bits of ``seed`` (a 32-bit hash of a Weyl sequence)."""
    x = seed & MASK32
    for i in range(4):
        x = (x + 0x9E3779B9) & MASK32
        z = ((x ^ (x >> 16)) * 0x45D9F3B) & MASK32
        z = ((z ^ (z >> 16)) * 0x45D9F3B) & MASK32
        r[i] = z ^ (z >> 16)
    if r[0] == 0 and r[1] == 0 and r[2] == 0 and r[3] == 0:
        r[0] = 1


def rng_next(r: Any) -> int:
    """The next 32 random bits (xorshift128)."""
    t = r[0] ^ ((r[0] << 11) & MASK32)
    r[0] = r[1]
    r[1] = r[2]
    r[2] = r[3]
    w = r[3]
    w = w ^ (w >> 19) ^ t ^ (t >> 8)
    r[3] = w
    return int(w)


def rng_below(r: Any, n: int) -> int:
    """A random integer in ``[0, n)`` (``n`` small: the bias, ``n / 2**32``, is negligible)."""
    return (rng_next(r) * n) >> 32


# ---- the turn -----------------------------------------------------------------------------------


def copy_state(source: Any, target: Any) -> None:
    for i in range(SIZE):
        target[i] = source[i]


def can_claim(s: Any, stone: int, player: int, pool: int) -> bool:
    """Whether ``player`` can prove ``stone`` (an unclaimed stone where their side is complete), the
    unseen cards being ``pool``: the core's :func:`~schotten_lab.core.kernel.claim_proved`."""
    mine = SIDES + 3 * (2 * stone + player)
    theirs = SIDES + 3 * (2 * stone + 1 - player)
    own = strength(s[mine], s[mine + 1], s[mine + 2])
    k = s[SIDE_N + 2 * stone + 1 - player]
    return claim_proved(own, k, s[theirs], s[theirs + 1], s[theirs + 2], s[FIRST + stone] == player, pool)


def claim_all(s: Any, player: int) -> int:
    """Claim every provable stone in order, stopping at a win; the stones claimed as a mask."""
    made = 0
    pool = ALL_CARDS & ~s[TABLE]
    for i in range(9):
        if s[CLAIMED + i] < 0 and s[SIDE_N + 2 * i + player] >= 3 and can_claim(s, i, player, pool):
            s[CLAIMED + i] = player
            made |= 1 << i
            w = claims_winner(s, CLAIMED)
            s[WINNER] = w
            if w >= 0:
                break
    return made


def place(s: Any, card: int, stone: int) -> None:
    """The mover's ``card`` from their hand (order kept) onto their side of ``stone``."""
    p = s[TO_MOVE]
    n = s[HAND_N + p]
    base = HANDS + 6 * p
    j = 0
    while s[base + j] != card:
        j += 1
    while j < n - 1:
        s[base + j] = s[base + j + 1]
        j += 1
    s[HAND_N + p] = n - 1
    side = 2 * stone + p
    k = s[SIDE_N + side]
    s[SIDES + 3 * side + k] = card
    s[SIDE_N + side] = k + 1
    s[TABLE] = s[TABLE] | (1 << card)
    if k == 2 and s[FIRST + stone] < 0:
        s[FIRST + stone] = p


def turn(s: Any, card: int, stone: int) -> int:
    """A whole turn of the mover (:meth:`.sim.Sim.turn`): (expert claims,) place (``card < 0``:
    pass), claims, draw; the stones claimed as a mask. The mover changes unless the game is over."""
    p = s[TO_MOVE]
    claims = 0
    if s[EXPERT]:
        claims = claim_all(s, p)
        if s[WINNER] >= 0:
            return claims
    if card >= 0:
        place(s, card, stone)
        s[PASSES] = 0
    else:
        s[PASSES] = s[PASSES] + 1
    if not s[EXPERT]:
        claims = claim_all(s, p)
        if s[WINNER] >= 0:
            return claims
    n = s[DECK_N]
    if card >= 0 and n > 0:
        h = s[HAND_N + p]
        s[HANDS + 6 * p + h] = s[DECK + n - 1]
        s[HAND_N + p] = h + 1
        s[DECK_N] = n - 1
    s[TO_MOVE] = 1 - p
    return claims


def open_mask(s: Any, player: int) -> int:
    """The stones (a mask) where ``player`` may place: the core's :func:`~schotten_lab.core.kernel.open_stones`."""
    taken = 0
    full = 0
    for i in range(9):
        if s[CLAIMED + i] >= 0:
            taken |= 1 << i
        if s[SIDE_N + 2 * i + player] >= 3:
            full |= 1 << i
    return open_stones(taken, full)


def random_placement(s: Any, r: Any, free: int) -> tuple[int, int]:
    """A uniformly random card of the mover's hand on a uniformly random stone of ``free``."""
    p = s[TO_MOVE]
    card = s[HANDS + 6 * p + rng_below(r, s[HAND_N + p])]
    pick = rng_below(r, free.bit_count())
    for i in range(9):
        if (free >> i) & 1:
            if pick == 0:
                return card, i
            pick -= 1
    return card, -1


# ---- the weak policy: sim.greedy_play ---------------------------------------------------------


def second_score(x: int, card: int) -> int:
    """:func:`.sim.placement_score` of ``card`` beside a lone ``x``."""
    xv = x % 9
    v = card % 9
    dv = v - xv if v > xv else xv - v
    if card // 9 == x // 9:
        return 460 + v + xv if dv <= 2 else 300 + v + xv
    if dv == 0:
        return 410 + 2 * v
    if dv <= 2:
        return 200 + v + xv
    return 100 + v + xv


def placement_policy(s: Any, r: Any, explore: int) -> tuple[int, int]:
    """:func:`.sim.greedy_play`: the mover's best placement by the formation score (the first best in
    stone, then hand order), ``(-1, -1)`` to pass."""
    p = s[TO_MOVE]
    free = open_mask(s, p)
    n = s[HAND_N + p]
    if free == 0 or n == 0:
        return -1, -1
    if explore > 0 and rng_next(r) < explore:
        return random_placement(s, r, free)
    best = -(10**9)
    card_out = -1
    stone_out = -1
    empty_seen = False
    hand = HANDS + 6 * p
    for stone in range(9):
        if not (free >> stone) & 1:
            continue
        side = SIDES + 3 * (2 * stone + p)
        k = s[SIDE_N + 2 * stone + p]
        if k == 0:
            if empty_seen:
                continue
            empty_seen = True
            for j in range(n):
                card = s[hand + j]
                score = 150 + card % 9
                if score > best:
                    best, card_out, stone_out = score, card, stone
        elif k == 2:
            theirs = SIDES + 3 * (2 * stone + 1 - p)
            beaten = -1
            if s[SIDE_N + 2 * stone + 1 - p] == 3:
                beaten = strength(s[theirs], s[theirs + 1], s[theirs + 2])
            for j in range(n):
                card = s[hand + j]
                score = strength(s[side], s[side + 1], card)
                if beaten >= score:
                    score -= 300
                if score > best:
                    best, card_out, stone_out = score, card, stone
        else:
            for j in range(n):
                card = s[hand + j]
                score = second_score(s[side], card)
                if score > best:
                    best, card_out, stone_out = score, card, stone
    return card_out, stone_out


# ---- the strong policy: greedy.placement_value ------------------------------------------------


def proved_after(s: Any, me: int, card: int) -> int:
    """The stones (a mask) whose complete side ``me`` can prove once ``card`` has left the pool for
    the table (its own stone, completed by it, is not among them: see :func:`greedy_score`)."""
    pool = ALL_CARDS & ~(s[TABLE] | (1 << card))
    made = 0
    for i in range(9):
        if s[CLAIMED + i] < 0 and s[SIDE_N + 2 * i + me] >= 3 and can_claim(s, i, me, pool):
            made |= 1 << i
    return made


def greedy_score(s: Any, card: int, stone: int, proved: int, held: int, empty_best: int) -> int:
    """:func:`.greedy.placement_value` of the mover's ``card`` on ``stone``, given ``proved``
    (:func:`proved_after` of the card), the stones the mover ``held`` and, for an empty side, the
    best completion of the card alone with the live cards (``empty_best``, the same on every empty side)."""
    me = s[TO_MOVE]
    other = 1 - me
    table = s[TABLE] | (1 << card)
    pool = ALL_CARDS & ~table
    side = SIDES + 3 * (2 * stone + me)
    k = s[SIDE_N + 2 * stone + me]
    theirs = SIDES + 3 * (2 * stone + other)
    theirs_n = s[SIDE_N + 2 * stone + other]
    first = s[FIRST + stone]
    claims = proved
    mine = -1
    if k == 2:
        if first < 0:
            first = me
        mine = strength(s[side], s[side + 1], card)
        if claim_proved(mine, theirs_n, s[theirs], s[theirs + 1], s[theirs + 2], first == me, pool):
            claims |= 1 << stone
    if win_reason(held | claims):
        return WIN_SCORE
    score = CLAIM_SCORE * claims.bit_count()
    if (claims >> stone) & 1:
        return score
    if k == 1:
        mine = best_completion(2, s[side], card, pool)
    elif k == 0:
        mine = empty_best
    if theirs_n == 3:
        beaten = strength(s[theirs], s[theirs + 1], s[theirs + 2])
        if mine < beaten or (mine == beaten and first == other):
            return score + DUMP_SCORE - card % 9
    return score + mine


def held_by(s: Any, player: int) -> int:
    held = 0
    for i in range(9):
        if s[CLAIMED + i] == player:
            held |= 1 << i
    return held


def placement_value(s: Any, card: int, stone: int) -> int:
    """:func:`greedy_score` of one placement, on its own (the tests' entry)."""
    me = s[TO_MOVE]
    pool = ALL_CARDS & ~(s[TABLE] | (1 << card))
    return greedy_score(s, card, stone, proved_after(s, me, card), held_by(s, me), best_completion(1, card, -1, pool))


def beats(s: Any, cards: Any, bar: int, out: Any) -> None:
    """``out[i] = 1`` when the mover's ``cards[i]`` scores more than ``bar`` (:func:`placement_value`)
    on some stone open to the mover, else 0: which cards would have been played rather than a card
    that scored ``bar`` (:mod:`.inference`)."""
    me = s[TO_MOVE]
    held = held_by(s, me)
    free = open_mask(s, me)
    for i in range(len(cards)):
        card = cards[i]
        pool = ALL_CARDS & ~(s[TABLE] | (1 << card))
        proved = proved_after(s, me, card)
        alone = best_completion(1, card, -1, pool)
        out[i] = 0
        for stone in range(9):
            if (free >> stone) & 1 and greedy_score(s, card, stone, proved, held, alone) > bar:
                out[i] = 1
                break


def greedy_policy(s: Any, r: Any, explore: int) -> tuple[int, int]:
    """The strong one-ply heuristic (:class:`.greedy.GreedyBot`): the placement of the highest
    :func:`greedy_score`, ties broken uniformly at random; ``(-1, -1)`` to pass."""
    p = s[TO_MOVE]
    free = open_mask(s, p)
    n = s[HAND_N + p]
    if free == 0 or n == 0:
        return -1, -1
    if explore > 0 and rng_next(r) < explore:
        return random_placement(s, r, free)
    held = held_by(s, p)
    best = -(10**9)
    ties = 0
    card_out = -1
    stone_out = -1
    for j in range(n):
        card = s[HANDS + 6 * p + j]
        proved = proved_after(s, p, card)
        empty_best = -2
        for stone in range(9):
            if not (free >> stone) & 1:
                continue
            if s[SIDE_N + 2 * stone + p] == 0 and empty_best == -2:
                empty_best = best_completion(1, card, -1, ALL_CARDS & ~(s[TABLE] | (1 << card)))
            score = greedy_score(s, card, stone, proved, held, empty_best)
            if score > best:
                best, ties, card_out, stone_out = score, 1, card, stone
            elif score == best:
                ties += 1
                if rng_below(r, ties) == 0:
                    card_out, stone_out = card, stone
    return card_out, stone_out


# ---- rollouts and the batch -----------------------------------------------------------------------


def rollout(s: Any, r: Any, policy: int, explore: int, log: Any) -> int:
    """Play ``s`` to its end with ``policy`` for both players: the winner, -1 if stalled. With a
    ``log`` longer than 1, each turn is written there as ``card, stone, claims mask`` (3 ints a turn;
    ``log[0]`` first holds the turns written)."""
    record = len(log) > 1
    turns = 0
    if record:
        log[0] = 0
    for _ in range(MAX_TURNS):
        if s[WINNER] >= 0:
            return int(s[WINNER])
        if policy == GREEDY:
            card, stone = greedy_policy(s, r, explore)
        else:
            card, stone = placement_policy(s, r, explore)
        claims = turn(s, card, stone)
        if record:
            log[1 + 3 * turns] = card
            log[2 + 3 * turns] = stone
            log[3 + 3 * turns] = claims
            turns += 1
            log[0] = turns
        if s[PASSES] >= 4:
            return -1
    return int(s[WINNER])


MAX_TRIES = 64
"""Most shuffles :func:`deal_into` tries for a hand the opponent's plays support (the last is kept)."""


def unfit(hidden: Any, opponent_cards: int, newer: Any, draws: Any) -> int:
    """How many of the opponent's cards ``hidden[:opponent_cards]`` do not fit its draws
    (:mod:`.inference`): the cards that must have arrived after a recent turn (``newer[card] = j``:
    after its ``j``-th most recent turn), taken from the most recent need, fit while fewer have fitted
    than ``draws[j]``, the cards it drew since."""
    missed = 0
    fitted = 0
    for j in range(1, len(draws)):
        for k in range(opponent_cards):
            if newer[hidden[k]] == j:
                if fitted < draws[j]:
                    fitted += 1
                else:
                    missed += 1
    return missed


def deal_into(
    base: Any, hidden: Any, opponent_cards: int, r: Any, target: Any, newer: Any, draws: Any, doubt: int
) -> None:  # fmt: skip
    """``base`` (the mover's view: the opponent's hand and the deck empty) with the ``hidden`` cards
    shuffled (Fisher-Yates on ``r``; ``hidden`` is shuffled in place): the first ``opponent_cards``
    to the opponent's hand, the others to the deck. A hand with ``u`` cards that do not fit the
    opponent's plays (:func:`unfit`; ``draws`` of length 1: no inference, no extra random draw) is
    kept with probability ``(doubt / 2**32) ** u``, else the cards are shuffled again, at most
    :data:`MAX_TRIES` times."""
    copy_state(base, target)
    n = len(hidden)
    for attempt in range(MAX_TRIES):
        for i in range(n - 1, 0, -1):
            j = rng_below(r, i + 1)
            x = hidden[i]
            hidden[i] = hidden[j]
            hidden[j] = x
        if len(draws) <= 1 or attempt == MAX_TRIES - 1:
            break
        kept = True
        for _ in range(unfit(hidden, opponent_cards, newer, draws)):
            if rng_next(r) >= doubt:
                kept = False
                break
        if kept:
            break
    other = 1 - base[TO_MOVE]
    for j in range(opponent_cards):
        target[HANDS + 6 * other + j] = hidden[j]
    target[HAND_N + other] = opponent_cards
    for j in range(n - opponent_cards):
        target[DECK + j] = hidden[opponent_cards + j]
    target[DECK_N] = n - opponent_cards


def play_batch(
    base: Any, hidden: Any, opponent_cards: int, cards: Any, stones: Any, deals: int, seed: int,
    policy: int, explore: int, out: Any, dealt: Any, work: Any, r: Any, rr: Any, log: Any,
    newer: Any, draws: Any, doubt: int,
) -> None:  # fmt: skip
    """Every move (``cards[m]`` on ``stones[m]``, -1 a pass) on ``deals`` deals of the hidden cards,
    each followed by a rollout: ``out[d * moves + m]`` the winner (-1 stalled). Every move of a deal
    gets the same rollout stream (common random numbers); ``dealt``, ``work`` (states) and ``r``,
    ``rr`` (streams) are scratch space, ``log`` a 1-long dummy; ``newer``, ``draws`` and ``doubt``
    weight the deals by the opponent's plays (:func:`deal_into`)."""
    moves = len(cards)
    rng_seed(r, seed)
    for d in range(deals):
        deal_into(base, hidden, opponent_cards, r, dealt, newer, draws, doubt)
        stream = rng_next(r)
        for m in range(moves):
            copy_state(dealt, work)
            turn(work, cards[m], stones[m])
            rng_seed(rr, stream)
            w = work[WINNER]
            if w < 0:
                w = rollout(work, rr, policy, explore, log)
            out[d * moves + m] = w


FUNCTIONS = (
    "rng_seed", "rng_next", "rng_below", "copy_state", "can_claim", "claim_all", "place", "turn",
    "open_mask", "random_placement", "second_score", "placement_policy", "proved_after", "greedy_score", "held_by",
    "placement_value", "beats", "greedy_policy", "rollout", "unfit", "deal_into", "play_batch",
)  # fmt: skip
"""The functions :func:`compiled` compiles (in an order where each one's callees come first)."""


@cache
def compiled(numba: types.ModuleType) -> types.SimpleNamespace:
    """The functions of :data:`FUNCTIONS` compiled by ``numba.njit`` from their own code objects, the
    core kernel's compiled rules (:func:`schotten_lab.core.kernel.compiled`) in their namespace. Under
    ``NUMBA_DISABLE_JIT=1`` they are the plain code again."""
    core = rules.compiled(numba)
    space: dict[str, Any] = dict(globals())
    for name in rules.KERNEL:
        space[name] = getattr(core, name)
    return njit_twins(numba, space, FUNCTIONS, rules.__file__)


__all__ = ["FUNCTIONS", "GREEDY", "PLACEMENT", "SIZE", "compiled", "play_batch", "rollout", "turn"]
