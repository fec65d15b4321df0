"""Slow, obviously correct twins of the fast analysis, used by the property tests.

Everything here is plain Python and :mod:`itertools` enumeration, written from docs/RULES.md and
docs/ANALYSIS.md alone: no numpy, and nothing from ``schotten_lab.core.formations``. The only things
borrowed from the library are the value types (``Card``, ``Player``, ``Position``), read through
their plain fields. Every function is exponential in the number of missing cards, so callers keep the
pools small.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

from schotten_lab.core.cards import Card
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player

# Ranks of docs/RULES.md, "Formations" (strongest = highest number).
SUM, RUN, COLOR, KIND, COLOR_RUN = 1, 2, 3, 4, 5
RANK_KEYS = {SUM: "sum", RUN: "run", COLOR: "color", KIND: "three_of_a_kind", COLOR_RUN: "color_run"}

COLOURS = "RBGYPN"
ALL_CARDS: tuple[Card, ...] = tuple(Card.parse(f"{c}{v}") for c in COLOURS for v in range(1, 10))
"""The 54 clan cards, built from their text codes."""

SIDE = 3


def colour_of(card: Card) -> str:
    """The colour letter, read from the card's text form (not from the library's colour enum)."""
    return str(card)[0]


def value_of(card: Card) -> int:
    return int(str(card)[1])


# ---------------------------------------------------------------------------------------------
# Formations


def formation(cards: Sequence[Card], *, blind: bool = False) -> tuple[int, int]:
    """``(rank, sum)`` of a complete side of 3 (or 4) distinct cards, straight from the RULES table."""
    values = sorted(value_of(c) for c in cards)
    total = sum(values)
    if blind:
        return SUM, total
    n = len(values)
    one_colour = len({colour_of(c) for c in cards}) == 1
    consecutive = values == list(range(values[0], values[0] + n))
    one_value = len(set(values)) == 1
    if one_colour and consecutive:
        return COLOR_RUN, total
    if one_value:
        return KIND, total
    if one_colour:
        return COLOR, total
    if consecutive:
        return RUN, total
    return SUM, total


def strength(cards: Sequence[Card], *, blind: bool = False) -> int:
    """``rank * 100 + sum``, the single number sides compare by."""
    rank, total = formation(cards, blind=blind)
    return rank * 100 + total


def ordering_digest() -> str:
    """sha256 of every 3-card hand, strongest first (ties by card index), one ``"R1 R2 R3 503"`` line each."""
    hands = [(strength(h), h) for h in combinations(ALL_CARDS, 3)]
    hands.sort(key=lambda sh: (-sh[0], [ALL_CARDS.index(c) for c in sh[1]]))
    return digest_of_lines(f"{' '.join(str(c) for c in h)} {s}" for s, h in hands)


def digest_of_lines(lines: Iterable[str]) -> str:
    sha = hashlib.sha256()
    for line in lines:
        sha.update(line.encode() + b"\n")
    return sha.hexdigest()


# ---------------------------------------------------------------------------------------------
# Pools


def table_cards(pos: Position) -> set[Card]:
    """Every card on either side of every stone, and the discard pile."""
    seen: set[Card] = set(pos.discard)
    for s in pos.stones:
        seen.update(s.south)
        seen.update(s.north)
    return seen


def public_pool(pos: Position) -> list[Card]:
    """``U``: the clan cards not on the table, in index order."""
    seen = table_cards(pos)
    return [c for c in ALL_CARDS if c not in seen]


def viewer_pool(pos: Position, viewer: Player) -> list[Card]:
    """``U_v``: ``U`` minus the viewer's own hand when it is known."""
    own = set(pos.hands[viewer] or ())
    return [c for c in public_pool(pos) if c not in own]


def side_completions(side: Sequence[Card], pool: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every set of cards of ``pool`` (not already on the side) that completes ``side`` to 3 cards."""
    need = SIDE - len(side)
    if need <= 0:
        return [()]
    return list(combinations([c for c in pool if c not in side], need))


# ---------------------------------------------------------------------------------------------
# 1. Claims


@dataclass(frozen=True)
class RefClaim:
    """The slow claim verdict: ``beating`` lists every opponent completion that beats the claimant."""

    claimable: bool
    tie_break_unknown: bool
    own: int | None
    beating: tuple[tuple[Card, ...], ...]
    best_beating: int | None
    """Strength of the strongest beating completion (opponent incomplete), else ``None``."""


def claim(pos: Position, number: int, player: Player) -> RefClaim:
    """May ``player`` claim stone ``number`` now? By enumerating every opponent completion."""
    s = pos.stones[number - 1]
    mine, theirs = s.side(player), s.side(player.opponent)
    if s.claimed is not None or len(mine) < SIDE:
        return RefClaim(False, False, None, (), None)
    own = strength(mine)
    if len(theirs) == SIDE:
        other = strength(theirs)
        if own != other:
            return RefClaim(own > other, False, own, (), None)
        if s.first_complete is None:
            return RefClaim(False, True, own, (), None)
        return RefClaim(s.first_complete is player, False, own, (), None)
    beating = []
    best = None
    for added in side_completions(theirs, public_pool(pos)):
        st = strength(tuple(theirs) + added)
        if st > own:  # an equal completion does not beat the side that completed first
            beating.append(added)
            best = st if best is None else max(best, st)
    return RefClaim(not beating, False, own, tuple(beating), best)


# ---------------------------------------------------------------------------------------------
# 3. Formation odds


@dataclass(frozen=True)
class RefOdds:
    ranks: dict[int, Fraction]
    strengths: dict[int, Fraction]
    completions: int


def completion_odds(pos: Position, number: int, player: Player, pool: Iterable[Card] | None = None) -> RefOdds:
    """Distribution of the final rank and strength when the side is completed from ``pool`` at random."""
    side = pos.stones[number - 1].side(player)
    cards = public_pool(pos) if pool is None else list(pool)
    outcomes = side_completions(side, cards)
    ranks: Counter[int] = Counter()
    strengths: Counter[int] = Counter()
    for added in outcomes:
        full = tuple(side) + added
        ranks[formation(full)[0]] += 1
        strengths[strength(full)] += 1
    n = len(outcomes)
    if n == 0:  # the pool is too small to complete the side
        return RefOdds({r: Fraction(0) for r in RANK_KEYS}, {}, 0)
    return RefOdds(
        {r: Fraction(ranks[r], n) for r in RANK_KEYS},
        {st: Fraction(k, n) for st, k in strengths.items()},
        n,
    )


def reachable(pos: Position, number: int, player: Player, draws: int) -> dict[int, Fraction]:
    """P(the hand plus ``draws`` draws from ``U_v`` hold cards completing the side to at least each rank).

    A player cannot draw more cards than the deck still gives them, so ``draws`` is capped at
    :func:`draws_left`.
    """
    draws = min(draws, draws_left(pos, player))
    side = tuple(pos.stones[number - 1].side(player))
    hand = list(pos.hands[player] or ())
    pool = viewer_pool(pos, player)
    if len(side) >= SIDE:
        have = formation(side)[0]
        return {r: Fraction(int(have >= r)) for r in RANK_KEYS}
    hits: Counter[int] = Counter()
    draw_sets = list(combinations(pool, draws))
    for drawn in draw_sets:
        best = 0
        for added in combinations(hand + list(drawn), SIDE - len(side)):
            best = max(best, formation(side + added)[0])
        for r in RANK_KEYS:
            hits[r] += best >= r
    n = len(draw_sets)
    return {r: Fraction(hits[r], n) for r in RANK_KEYS}


def outs_by_rank(pos: Position, number: int, player: Player) -> dict[int, set[Card]]:
    """For each rank, every card (anywhere off the side) that is part of some completion of that exact rank."""
    side = tuple(pos.stones[number - 1].side(player))
    out: dict[int, set[Card]] = {r: set() for r in RANK_KEYS}
    if len(side) >= SIDE:
        return out
    for added in side_completions(side, ALL_CARDS):
        out[formation(side + added)[0]].update(added)
    return out


# ---------------------------------------------------------------------------------------------
# 4. Stone outcome


@dataclass(frozen=True)
class RefOutcome:
    south: Fraction
    north: Fraction
    tie: Fraction
    pairs: int


def stone_outcome(pos: Position, number: int, pool: Iterable[Card] | None = None) -> RefOutcome:
    """Both incomplete sides completed with disjoint random cards: every ordered pair, one by one.

    A full tie goes to the side that was already complete; when both were already complete, to
    ``first_complete`` (a tie if that is unknown); when neither was, it is a tie decided by the
    completion order.
    """
    s = pos.stones[number - 1]
    south, north = tuple(s.south), tuple(s.north)
    cards = [c for c in (public_pool(pos) if pool is None else list(pool)) if c not in south and c not in north]
    south_done, north_done = len(south) == SIDE, len(north) == SIDE
    wins = {Player.SOUTH: 0, Player.NORTH: 0}
    ties = pairs = 0
    for add_s in side_completions(south, cards):
        rest = [c for c in cards if c not in add_s]
        a = strength(south + add_s)
        for add_n in side_completions(north, rest):
            b = strength(north + add_n)
            pairs += 1
            if a > b:
                wins[Player.SOUTH] += 1
            elif b > a:
                wins[Player.NORTH] += 1
            elif south_done and north_done:
                if s.first_complete is None:
                    ties += 1
                else:
                    wins[s.first_complete] += 1
            elif south_done:
                wins[Player.SOUTH] += 1
            elif north_done:
                wins[Player.NORTH] += 1
            else:
                ties += 1
    if pairs == 0:
        return RefOutcome(Fraction(0), Fraction(0), Fraction(0), 0)
    return RefOutcome(
        Fraction(wins[Player.SOUTH], pairs), Fraction(wins[Player.NORTH], pairs), Fraction(ties, pairs), pairs
    )


# ---------------------------------------------------------------------------------------------
# 2. Card probabilities


def draws_left(pos: Position, player: Player) -> int:
    """Draws ``player`` still gets: alternate turns starting with the player to move."""
    turns = [pos.to_move, pos.to_move.opponent] * pos.deck
    return sum(1 for who in turns[: pos.deck] if who is player)


@dataclass(frozen=True)
class RefChance:
    where: str
    p_opponent_hand: Fraction
    p_deck: Fraction
    p_draw: Fraction


def _p_in_subset(population: int, subset: int) -> Fraction:
    """P(one given element lies in a uniform random ``subset``-subset of ``population``), by counting."""
    if population == 0 or subset <= 0:
        return Fraction(0)
    return Fraction(comb(population - 1, subset - 1), comb(population, subset))


def card_probabilities(pos: Position, viewer: Player, draws: int | None = None) -> dict[Card, RefChance]:
    """Every card's place and chances as ``viewer`` sees it (docs/ANALYSIS.md §2), by counting subsets.

    The hidden cards ``U_v`` are a uniform random arrangement over the hidden places: the opponent's
    hand, the deck, and (for a spectator, whose own hand is unknown) the viewer's own hand. The
    viewer's next ``m`` draws are ``m`` of those places.
    """
    pool = viewer_pool(pos, viewer)
    size = len(pool)
    h = pos.hand_sizes[viewer.opponent]
    d = pos.deck
    left = draws_left(pos, viewer)
    m = left if draws is None else min(draws, left)
    out: dict[Card, RefChance] = {}
    own = set(pos.hands[viewer] or ())
    for c in ALL_CARDS:
        if c in pool:
            out[c] = RefChance("unseen", _p_in_subset(size, h), _p_in_subset(size, d), _p_in_subset(size, m))
            continue
        where = "discard" if c in pos.discard else f"{viewer.value} hand" if c in own else ""
        for number, s in enumerate(pos.stones, 1):
            for p in (Player.SOUTH, Player.NORTH):
                if c in s.side(p):
                    where = f"stone {number} {p.value}"
        out[c] = RefChance(where, Fraction(0), Fraction(0), Fraction(0))
    return out
