"""A small, fast, mutable base-game state for search: rollouts, determinizations and exact endgames.

The engine (:mod:`schotten_lab.game`) is the referee; this module is the advisor's scratch board,
built for speed in plain Python: cards are ints 0-53 (colour * 9 + value - 1), a side is a list of
ints, card sets are ``int`` bit masks, players are 0 (south) and 1 (north).

Rules as in docs/RULES.md (base game, optionally expert): place one card on your side of an open stone,
claim (after the play; expert: before it), draw if the deck is not empty. A player with no legal
placement passes (and draws nothing). Claims are every stone the player can prove, in stone
order, stopping as soon as the game is won. The early-claim proof is exact: :func:`best_completion`
gives the strongest completion of a side from a pool by a rank cascade, checked in the tests
against the core's proof on random positions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.formations import STRENGTH_CUBE

FULL = (1 << 54) - 1
NINE = 511
STRENGTH: list[int] = [int(x) for x in STRENGTH_CUBE.reshape(-1).tolist()]
"""``STRENGTH[a * 2916 + b * 54 + c]``: strength (rank * 100 + sum) of three distinct cards."""

VALUE_MASKS = tuple(sum(1 << (9 * c + v) for c in range(6)) for v in range(9))
"""``VALUE_MASKS[v]``: the six cards of value ``v + 1``."""

ADJACENT = tuple((7 << i) for i in range(7))
"""Masks of three adjacent stones (bit ``i`` = stone ``i + 1``)."""


def strength3(a: int, b: int, c: int) -> int:
    return STRENGTH[a * 2916 + b * 54 + c]


def _top(counts: Sequence[int], need: int) -> int:
    """Sum of the ``need`` highest values (1-based) given counts per value (index 0..8)."""
    total = 0
    for v in range(8, -1, -1):
        take = counts[v] if counts[v] < need else need
        total += take * (v + 1)
        need -= take
        if need == 0:
            return total
    return -1


def best_completion(side: Sequence[int], pool: int) -> int:
    """Strength of the strongest completion of a 0-2 card ``side`` with distinct cards of ``pool``.

    ``-1`` when the pool holds too few cards to complete it. A rank cascade: the first rank that some
    completion reaches is the best, and within it the largest sum wins.
    """
    k = len(side)
    need = 3 - k
    if pool.bit_count() < need:
        return -1
    colbits = [(pool >> (9 * c)) & NINE for c in range(6)]
    counts = [(pool & m).bit_count() for m in VALUE_MASKS]  # cards of each value in the pool
    vm = 0
    side_sum = 0
    cols = set()
    for card in side:
        vm |= 1 << (card % 9)
        side_sum += card % 9 + 1
        cols.add(card // 9)
    distinct = vm.bit_count() == k
    one_color = len(cols) <= 1
    colours = tuple(cols) if cols else tuple(range(6))
    # colour run
    if one_color and distinct:
        for s in range(6, -1, -1):
            m = 7 << s
            if vm & ~m:
                continue
            want = m & ~vm
            for c in colours:
                if colbits[c] & want == want:
                    return 500 + 3 * s + 6
    # three of a kind
    if vm.bit_count() <= 1:
        values = [vm.bit_length() - 1] if vm else range(8, -1, -1)
        for v in values:
            if counts[v] >= need:
                return 400 + 3 * (v + 1)
    # colour
    if one_color:
        best = -1
        for c in colours:
            bits = colbits[c]
            if bits.bit_count() >= need:
                per = [(bits >> v) & 1 for v in range(9)]
                best = max(best, _top(per, need))
        if best >= 0:
            return 300 + side_sum + best
    # run
    if distinct:
        for s in range(6, -1, -1):
            m = 7 << s
            if vm & ~m:
                continue
            want = m & ~vm
            if all(counts[v] for v in range(9) if want >> v & 1):
                return 200 + 3 * s + 6
    return 100 + side_sum + _top(counts, need)


WITNESS_LOOKUPS = 400
"""Most completions :func:`_beating` tries before giving up (the claim is then decided without one)."""


def _beating(side: Sequence[int], pool: int, own: int) -> int:
    """The cards (a mask) of some completion of a 0-1 card ``side`` from ``pool`` stronger than
    ``own``, or 0 when none is found within :data:`WITNESS_LOOKUPS` tries."""
    cards = []
    rest = pool
    while rest:
        low = rest & -rest
        cards.append(low.bit_length() - 1)
        rest ^= low
    tries = 0
    if len(side) == 1:
        base = side[0] * 2916
        for i, a in enumerate(cards):
            row = base + a * 54
            for b in cards[i + 1 :]:
                if STRENGTH[row + b] > own:
                    return 1 << a | 1 << b
                tries += 1
                if tries >= WITNESS_LOOKUPS:
                    return 0
        return 0
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            row = a * 2916 + cards[j] * 54
            for c in cards[j + 1 :]:
                if STRENGTH[row + c] > own:
                    return 1 << a | 1 << cards[j] | 1 << c
                tries += 1
                if tries >= WITNESS_LOOKUPS:
                    return 0
    return 0


def winner_of(claimed: Sequence[int]) -> int:
    """The player (0 or 1) whose claimed stones win the game (5 stones, or 3 adjacent), else -1."""
    for p in (0, 1):
        held = 0
        for i in range(9):
            if claimed[i] == p:
                held |= 1 << i
        if held.bit_count() >= 5 or any(held & m == m for m in ADJACENT):
            return p
    return -1


class Board:
    """What the search states share: the stones' owners, the winner, and claiming every provable
    stone (each state has its own :meth:`can_claim`)."""

    __slots__ = ()
    sides: list[list[int]]
    claimed: list[int]
    winner: int

    def can_claim(self, stone: int, player: int) -> bool:
        raise NotImplementedError

    def claim_all(self, player: int) -> list[int]:
        """Claim every provable stone in order, stopping at a win; returns the stones (0-based)."""
        made: list[int] = []
        for i in range(9):
            if self.can_claim(i, player):
                self.claimed[i] = player
                made.append(i)
                self.winner = winner_of(self.claimed)  # type: ignore[misc]  # a slot of each subclass
                if self.winner >= 0:
                    break
        return made


class Sim(Board):
    """A full-information base-game state (mutable; :meth:`copy` before branching).

    ``sides[2 * stone + player]`` lists the cards in placement order (sides only grow: cards are
    appended, never removed); ``deck`` is drawn from its end. ``claimed[stone]`` and
    ``first[stone]`` are -1 (nobody) or a player. ``beaten[2 * stone + player]`` remembers a
    completion of the opponent's side that beats ``player``'s complete side (:meth:`can_claim`).
    """

    __slots__ = (
        "sides", "claimed", "first", "hands", "deck", "table", "to_move", "winner", "expert", "passes", "beaten",
    )  # fmt: skip

    def __init__(
        self,
        sides: list[list[int]],
        claimed: list[int],
        first: list[int],
        hands: list[list[int]],
        deck: list[int],
        to_move: int,
        expert: bool = False,
    ) -> None:
        self.sides = sides
        self.claimed = claimed
        self.first = first
        self.hands = hands
        self.deck = deck
        self.to_move = to_move
        self.expert = expert
        self.passes = 0
        table = 0
        for side in sides:
            for card in side:
                table |= 1 << card
        self.table = table
        self.winner = winner_of(self.claimed)
        self.beaten = [0] * 18

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        new.sides = [list(s) for s in self.sides]
        new.claimed = list(self.claimed)
        new.first = list(self.first)
        new.hands = [list(self.hands[0]), list(self.hands[1])]
        new.deck = list(self.deck)
        new.table = self.table
        new.to_move = self.to_move
        new.winner = self.winner
        new.expert = self.expert
        new.passes = self.passes
        new.beaten = list(self.beaten)
        return new

    # ---- rules ----------------------------------------------------------------------------

    def open_stones(self, player: int) -> list[int]:
        """Stones where ``player`` may place: unclaimed, fewer than 3 cards on their side."""
        sides = self.sides
        return [i for i in range(9) if self.claimed[i] < 0 and len(sides[2 * i + player]) < 3]

    def claim_all(self, player: int) -> list[int]:
        """:meth:`Board.claim_all` with the cheap tests first: only a complete side of an open
        stone is asked :meth:`can_claim`."""
        made: list[int] = []
        claimed, sides = self.claimed, self.sides
        for i in range(9):
            if claimed[i] < 0 and len(sides[2 * i + player]) >= 3 and self.can_claim(i, player):
                claimed[i] = player
                made.append(i)
                self.winner = winner_of(claimed)
                if self.winner >= 0:
                    break
        return made

    def can_claim(self, stone: int, player: int) -> bool:
        """Exact claim rule (docs/RULES.md "Claims") in the base game."""
        if self.claimed[stone] >= 0:
            return False
        mine = self.sides[2 * stone + player]
        if len(mine) < 3:
            return False
        theirs = self.sides[2 * stone + 1 - player]
        own = STRENGTH[mine[0] * 2916 + mine[1] * 54 + mine[2]]
        k = len(theirs)
        if k == 3:
            other = STRENGTH[theirs[0] * 2916 + theirs[1] * 54 + theirs[2]]
            return own > other or (own == other and self.first[stone] == player)
        # A completion that beat ``own`` still does while its cards are off the table and the
        # opponent's side has not grown: the claim still fails, nothing to search.
        slot = 2 * stone + player
        known = self.beaten[slot]
        table = self.table
        if known >> 54 == k + 1 and not known & table:
            return False
        pool = FULL & ~table
        if k == 2:  # each pool card is a completion: the first one that beats ``own`` settles it
            base = theirs[0] * 2916 + theirs[1] * 54
            rest = pool
            while rest:
                low = rest & -rest
                if STRENGTH[base + low.bit_length() - 1] > own:
                    self.beaten[slot] = low | 3 << 54
                    return False
                rest ^= low
            return True
        if best_completion(theirs, pool) <= own:
            return True
        witness = _beating(theirs, pool, own)
        if witness:
            self.beaten[slot] = witness | (k + 1) << 54
        return False

    def place(self, card: int, stone: int) -> None:
        """Put ``card`` from the mover's hand on their side of ``stone`` (no legality check)."""
        p = self.to_move
        self.hands[p].remove(card)
        side = self.sides[2 * stone + p]
        side.append(card)
        self.table |= 1 << card
        if len(side) == 3 and self.first[stone] < 0:
            self.first[stone] = p

    def turn(self, card: int, stone: int) -> list[int]:
        """A whole turn of the mover: (expert claims,) place (``card < 0``: pass), claims, draw.

        Returns the stones claimed (0-based). The mover changes unless the game is over.
        """
        p = self.to_move
        claims: list[int] = []
        if self.expert:
            claims = self.claim_all(p)
            if self.winner >= 0:
                return claims
        if card >= 0:
            self.place(card, stone)
            self.passes = 0
        else:
            self.passes += 1
        if not self.expert:
            claims = self.claim_all(p)
            if self.winner >= 0:
                return claims
        if card >= 0 and self.deck:
            self.hands[p].append(self.deck.pop())
        self.to_move = 1 - p
        return claims

    def stalled(self) -> bool:
        """Both players passed in turn with nothing left to claim: the game cannot go on."""
        return self.passes >= 4


def shuffled_game(seed: int, expert: bool = False) -> Sim:
    """A fresh base game from a seeded shuffle of the 54 cards, south to move (tests, benchmarks)."""
    rng = random.Random(seed)
    cards = list(range(54))
    rng.shuffle(cards)
    return Sim([[] for _ in range(18)], [-1] * 9, [-1] * 9, [cards[:6], cards[6:12]], cards[12:], 0, expert)


# ---- a quick placement heuristic (rollouts, move ordering) ---------------------------------------


def placement_score(sim: Board, card: int, stone: int, player: int) -> int:
    """How promising ``card`` on ``player``'s side of ``stone`` looks, higher is better (a heuristic).

    Completing a side scores its strength, less when the opponent's complete side already beats it;
    a second card scores the best formation still reachable with it; a first card its value.
    """
    side = sim.sides[2 * stone + player]
    k = len(side)
    v = card % 9
    if k == 2:
        own = STRENGTH[side[0] * 2916 + side[1] * 54 + card]
        theirs = sim.sides[2 * stone + 1 - player]
        if len(theirs) == 3 and STRENGTH[theirs[0] * 2916 + theirs[1] * 54 + theirs[2]] >= own:
            return own - 300
        return own
    if k == 1:
        x = side[0]
        xv = x % 9
        dv = v - xv if v > xv else xv - v
        same_col = x // 9 == card // 9
        if same_col and dv <= 2:
            return 460 + v + xv
        if dv == 0:
            return 410 + 2 * v
        if same_col:
            return 300 + v + xv
        if dv <= 2:
            return 200 + v + xv
        return 100 + v + xv
    return 150 + v


def best_opening(cards: Sequence[int], stone: int, best: int, choice: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """The rollout policies' loop for an empty side: the best of ``cards`` on ``stone`` as
    :func:`placement_score` rates it, against the ``best`` score and ``choice`` so far."""
    for card in cards:
        score = 150 + card % 9
        if score > best:
            best, choice = score, (card, stone)
    return best, choice


def best_third(
    side: Sequence[int], theirs: Sequence[int], cards: Sequence[int], stone: int, best: int, choice: tuple[int, int]
) -> tuple[int, tuple[int, int]]:
    """The rollout policies' hot loop: the best of ``cards`` completing the two-card ``side`` of
    ``stone`` (opposite ``theirs``) as :func:`placement_score` rates it, against ``best``/``choice``."""
    base = side[0] * 2916 + side[1] * 54
    beaten = STRENGTH[theirs[0] * 2916 + theirs[1] * 54 + theirs[2]] if len(theirs) == 3 else -1
    for card in cards:
        score = STRENGTH[base + card]
        if beaten >= score:
            score -= 300
        if score > best:
            best, choice = score, (card, stone)
    return best, choice


def greedy_play(sim: Sim, rng: random.Random, explore: float = 0.0) -> tuple[int, int]:
    """The mover's best placement by :func:`placement_score` (``(-1, -1)`` when they must pass).

    With probability ``explore`` a uniformly random placement instead (rollout diversity).
    """
    p = sim.to_move
    stones = sim.open_stones(p)
    hand = sim.hands[p]
    if not stones or not hand:
        return -1, -1
    if explore and rng.random() < explore:
        return hand[int(rng.random() * len(hand))], stones[int(rng.random() * len(stones))]
    best = -(10**9)
    choice = (-1, -1)
    sides = sim.sides
    empty_seen = False
    for stone in stones:
        side = sides[2 * stone + p]
        k = len(side)
        if k == 0:
            if empty_seen:
                continue  # every empty side scores the same: the first one stands for all
            empty_seen = True
            best, choice = best_opening(hand, stone, best, choice)
        elif k == 2:  # best_third, inlined (the rollouts' hottest loop)
            base = side[0] * 2916 + side[1] * 54
            theirs = sides[2 * stone + 1 - p]
            beaten = STRENGTH[theirs[0] * 2916 + theirs[1] * 54 + theirs[2]] if len(theirs) == 3 else -1
            for card in hand:
                score = STRENGTH[base + card]
                if beaten >= score:
                    score -= 300
                if score > best:
                    best, choice = score, (card, stone)
        else:
            row = side[0] * 54
            for card in hand:
                score = SECOND_SCORE[row + card]
                if score > best:
                    best, choice = score, (card, stone)
    return choice


def _second_score(x: int, card: int) -> int:
    """:func:`greedy_play`'s score of ``card`` beside a lone ``x`` (as :func:`placement_score` rates it)."""
    xv, v = x % 9, card % 9
    dv = v - xv if v > xv else xv - v
    if card // 9 == x // 9:
        return 460 + v + xv if dv <= 2 else 300 + v + xv
    if dv == 0:
        return 410 + 2 * v
    if dv <= 2:
        return 200 + v + xv
    return 100 + v + xv


SECOND_SCORE: list[int] = [_second_score(x, card) for x in range(54) for card in range(54)]
"""``SECOND_SCORE[x * 54 + card]``: the score of ``card`` placed beside the lone card ``x``."""


def rollout(sim: Sim, rng: random.Random, explore: float = 0.1, max_turns: int = 400) -> int:
    """Play ``sim`` to its end with the heuristic for both players; the winner (-1 if stalled)."""
    for _ in range(max_turns):
        if sim.winner >= 0:
            return sim.winner
        card, stone = greedy_play(sim, rng, explore)
        sim.turn(card, stone)
        if sim.stalled():
            return -1
    return sim.winner
