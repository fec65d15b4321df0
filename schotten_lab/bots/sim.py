"""A small, fast, mutable base-game state for search: rollouts, determinizations and exact endgames.

The engine (:mod:`schotten_lab.game`) is the referee; this module is the advisor's scratch board,
built for speed in plain Python: cards are ints 0-53 (colour * 9 + value - 1), a side is a list of
ints, card sets are ``int`` bit masks, players are 0 (south) and 1 (north).

Rules as in docs/RULES.md (base game, optionally expert): place one card on your side of an open stone,
claim (after the play; expert: before it), draw if the deck is not empty. A player with no legal
placement passes (and draws nothing). Claims are every stone the player can prove, in stone
order, stopping as soon as the game is won. The rules themselves (a side's strength, the strongest
completion, the claim decision, the win rule) are the core's kernel (:mod:`schotten_lab.core.kernel`);
this state only remembers counterexamples (``Sim.beaten``) so that a failed claim is not searched again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.kernel import ADJACENT_STONES, STRENGTH, claim_proved, claims_winner, strength
from ..core.kernel import best_completion as kernel_best_completion

FULL = (1 << 54) - 1
NINE = 511
ADJACENT = ADJACENT_STONES
"""Masks of three adjacent stones (bit ``i`` = stone ``i + 1``), the kernel's."""
strength3 = strength
"""The strength of three distinct cards (:func:`schotten_lab.core.kernel.strength`)."""


def best_completion(side: Sequence[int], pool: int) -> int:
    """Strength of the strongest completion of a 0-2 card ``side`` (a list) with distinct cards of
    ``pool``, -1 when the pool holds too few: :func:`schotten_lab.core.kernel.best_completion`."""
    k = len(side)
    return kernel_best_completion(k, side[0] if k else -1, side[1] if k > 1 else -1, pool)


WITNESS_LOOKUPS = 400
"""Most completions :func:`_beating` tries before giving up (the claim is then decided without one)."""


def _beating(side: Sequence[int], pool: int, own: int) -> int:
    """The cards (a mask) of some completion of a 0-2 card ``side`` from ``pool`` stronger than
    ``own``, or 0 when none is found within :data:`WITNESS_LOOKUPS` tries (a remembered
    counterexample for :meth:`Sim.can_claim`, never a decision)."""
    if len(side) == 2:  # each pool card is a completion: the first that beats ``own`` will do
        base = side[0] * 2916 + side[1] * 54
        rest = pool
        while rest:
            low = rest & -rest
            if STRENGTH[base + low.bit_length() - 1] > own:
                return low
            rest ^= low
        return 0
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
    """The player (0 or 1) whose claimed stones win the game (:func:`schotten_lab.core.kernel.win_reason`),
    else -1; ``claimed[i]`` is stone ``i``'s owner (-1 nobody)."""
    return claims_winner(claimed, 0)


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
        """The claim rule (:func:`schotten_lab.core.kernel.claim_proved`) in the base game."""
        if self.claimed[stone] >= 0:
            return False
        mine = self.sides[2 * stone + player]
        if len(mine) < 3:
            return False
        theirs = self.sides[2 * stone + 1 - player]
        own = STRENGTH[mine[0] * 2916 + mine[1] * 54 + mine[2]]
        k = len(theirs)
        if k == 3:
            return claim_proved(own, 3, theirs[0], theirs[1], theirs[2], self.first[stone] == player, 0)
        # A completion that beat ``own`` still does while its cards are off the table and the
        # opponent's side has not grown: the claim still fails, nothing to search.
        slot = 2 * stone + player
        known = self.beaten[slot]
        table = self.table
        if known >> 54 == k + 1 and not known & table:
            return False
        pool = FULL & ~table
        if claim_proved(own, k, theirs[0] if k else -1, theirs[1] if k > 1 else -1, -1, False, pool):
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
