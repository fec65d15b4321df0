"""Slow, obvious twins of the fast analysis, for the benchmarks: plain itertools enumeration.

Written independently of schotten_lab.analysis and tests/reference.py: its own formation rules, its
own pools, every completion and every pair of completions enumerated one by one. Only the reading of
positions (cards, stones, hands) comes from schotten_lab.core.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations, product

from schotten_lab.core import Card, Position
from schotten_lab.core.cards import CARDS

RANK_KEYS = ("sum", "run", "color", "three_of_a_kind", "color_run")  # weakest first: rank 1..5


def strength(cards: Sequence[Card]) -> tuple[int, int]:
    """(rank 1-5, sum) of three cards, straight from the table of docs/RULES.md."""
    values = sorted(c.value for c in cards)
    colors = {c.color for c in cards}
    run = values[1] == values[0] + 1 and values[2] == values[1] + 1
    if len(colors) == 1 and run:
        rank = 5
    elif values[0] == values[2]:
        rank = 4
    elif len(colors) == 1:
        rank = 3
    elif run:
        rank = 2
    else:
        rank = 1
    return rank, sum(values)


def clan(side: Sequence[object]) -> tuple[Card, ...]:
    """A side's clan cards; the twins cover the base game only (no elite troops)."""
    if not all(isinstance(c, Card) for c in side):
        raise ValueError("the slow twins cover the base game: a side holds a tactics card")
    return tuple(c for c in side if isinstance(c, Card))


def public_pool(position: Position) -> list[Card]:
    """The cards on no stone (hands and deck; the base game has no discard pile)."""
    on_table = {c for s in position.stones for c in s.south + s.north}
    return [c for c in CARDS if c not in on_table]


def completions(side: Sequence[Card], pool: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every way to complete ``side`` to three cards with distinct cards of ``pool``."""
    return [tuple(side) + extra for extra in combinations(list(pool), 3 - len(side))]


def claim(position: Position, number: int, player: str) -> tuple[bool, tuple[int, int] | None]:
    """(claimable, strength of the strongest beating completion or None)."""
    s = position.stone(number)
    mine = clan(s.south if player == "south" else s.north)
    theirs = clan(s.north if player == "south" else s.south)
    if s.claimed is not None or len(mine) < 3:
        return False, None
    own = strength(mine)
    if len(theirs) == 3:
        other = strength(theirs)
        if own != other:
            return own > other, None
        return (s.first_complete is not None and s.first_complete.value == player), None
    beating = [strength(h) for h in completions(theirs, public_pool(position)) if strength(h) > own]
    return (not beating), (max(beating) if beating else None)


def odds(position: Position, number: int, player: str) -> dict[str, Fraction]:
    """P(final rank) of one side completed at random from the public pool."""
    s = position.stone(number)
    side = clan(s.south if player == "south" else s.north)
    hands = completions(side, public_pool(position)) if len(side) < 3 else [side]
    counts = dict.fromkeys(RANK_KEYS, 0)
    for h in hands:
        counts[RANK_KEYS[strength(h)[0] - 1]] += 1
    return {k: Fraction(n, len(hands)) for k, n in counts.items()}


def outcome(position: Position, number: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P south wins, P north wins, P tie decided by completion order), every pair enumerated."""
    s = position.stone(number)
    pool = public_pool(position)
    south_side, north_side = clan(s.south), clan(s.north)
    south_done, north_done = len(south_side) == 3, len(north_side) == 3
    wins = {"south": 0, "north": 0, "tie": 0}
    total = 0
    for south in completions(south_side, pool) if not south_done else [south_side]:
        rest = [c for c in pool if c not in south]
        for north in completions(north_side, rest) if not north_done else [north_side]:
            total += 1
            a, b = strength(south), strength(north)
            if a > b:
                wins["south"] += 1
            elif b > a:
                wins["north"] += 1
            elif south_done and north_done:
                who = s.first_complete.value if s.first_complete is not None else "tie"
                wins[who] += 1
            elif south_done or north_done:
                wins["south" if south_done else "north"] += 1  # the complete side completed first
            else:
                wins["tie"] += 1
    return Fraction(wins["south"], total), Fraction(wins["north"], total), Fraction(wins["tie"], total)


def empty_outcome_counts(pool: Sequence[Card], south_hands: int) -> dict[str, int]:
    """Both sides empty: win/tie counts over the first ``south_hands`` south hands only.

    Every ordered pair of disjoint hands is compared one by one: all of them would be
    24,804 x 20,825 pairs, so the benchmark times a slice and extrapolates.
    """
    strengths = {h: strength(h) for h in combinations(pool, 3)}
    counts = {"south": 0, "north": 0, "tie": 0}
    for i, (south, a) in enumerate(strengths.items()):
        if i == south_hands:
            break
        for north, b in strengths.items():
            if south[0] in north or south[1] in north or south[2] in north:
                continue
            counts["south" if a > b else "north" if b > a else "tie"] += 1
    return counts


StoneFacts = tuple[
    dict[str, tuple[bool, "tuple[int, int] | None"]], dict[str, dict[str, Fraction]], tuple[Fraction, Fraction, Fraction]
]


def analyze(position: Position, *, tactics: bool = False) -> dict[int, StoneFacts | None]:
    """Claims, odds and outcome of every unclaimed stone (the card chances are a closed formula).

    ``tactics`` uses the tactics twins (wild troops, Mud fight, Blind-man's bluff).
    """
    claim_of, odds_of, outcome_of = (tactics_claim, tactics_odds, tactics_outcome) if tactics else (claim, odds, outcome)
    out: dict[int, StoneFacts | None] = {}
    for number, s in enumerate(position.stones, 1):
        if s.claimed is not None:
            out[number] = None
            continue
        out[number] = (
            {p: claim_of(position, number, p) for p in ("south", "north")},
            {p: odds_of(position, number, p) for p in ("south", "north")},
            outcome_of(position, number),
        )
    return out


# ---- tactics variant: wild troops, Mud fight, Blind-man's bluff -------------------------------------------------
#
# The same plain enumeration with its own reading of the tactics rules (docs/RULES.md, "Tactics variant"): a wild
# troop tries every identity of its range (a Joker any of the 54 cards, a Spy any 7, a Shield bearer any 1-3,
# identities may copy cards seen elsewhere), a side needs 4 cards under Mud fight, and Blind-man's bluff
# compares sums only. The pool is the clan cards neither on a stone nor in the discard pile.

TROOP_RANGES: dict[str, tuple[tuple[int, int], ...]] = {
    "JOKER": tuple((color, value) for color in range(6) for value in range(1, 10)),
    "SPY": tuple((color, 7) for color in range(6)),
    "SHIELD": tuple((color, value) for color in range(6) for value in (1, 2, 3)),
}


def formation_of(cards: Sequence[tuple[int, int]], blind: bool) -> tuple[int, int]:
    """(rank 1-5, sum) of 3 or 4 (colour, value) pairs; sums only under Blind-man's bluff."""
    values = sorted(v for _, v in cards)
    total = sum(values)
    if blind:
        return 1, total
    one_color = len({c for c, _ in cards}) == 1
    run = all(b == a + 1 for a, b in zip(values, values[1:]))
    if one_color and run:
        return 5, total
    if values[0] == values[-1]:
        return 4, total
    if one_color:
        return 3, total
    return (2 if run else 1), total


def piece_choices(piece: object) -> tuple[tuple[int, int], ...]:
    """Every (colour, value) a piece may stand for: one for a clan card or a chosen identity."""
    if isinstance(piece, Card):
        return ((int(piece.color), piece.value),)
    identity = getattr(piece, "identity", None)
    if identity is not None:
        return ((int(identity.color), identity.value),)
    return TROOP_RANGES[getattr(piece, "kind")]


def tactics_strength(pieces: Sequence[object], blind: bool) -> tuple[int, int]:
    """The best (rank, sum) of a complete side over every identity of its wild troops."""
    return max(formation_of(combo, blind) for combo in product(*(piece_choices(p) for p in pieces)))


def tactics_pool(position: Position) -> list[Card]:
    """The clan cards on no stone and not in the discard pile."""
    seen = {c for s in position.stones for c in s.south + s.north if isinstance(c, Card)}
    seen |= {c for c in position.discard if isinstance(c, Card)}
    return [c for c in CARDS if c not in seen]


def _stone_setting(position: Position, number: int) -> tuple[int, bool]:
    s = position.stone(number)
    return (4 if "mud" in s.modes else 3), "blind" in s.modes


def _side_completions(
    side: Sequence[object], pool: Sequence[Card], capacity: int, blind: bool
) -> list[tuple[frozenset[Card], tuple[int, int]]]:
    """(added cards, best strength) for every completion of ``side`` to ``capacity`` pieces."""
    if len(side) >= capacity:
        return [(frozenset(), tactics_strength(side[:capacity], blind))]
    return [
        (frozenset(extra), tactics_strength(tuple(side) + extra, blind))
        for extra in combinations(pool, capacity - len(side))
    ]


def tactics_claim(position: Position, number: int, player: str) -> tuple[bool, tuple[int, int] | None]:
    """(claimable, strongest beating completion or None), the rulebook's proof (unplayed tactics ignored)."""
    s = position.stone(number)
    capacity, blind = _stone_setting(position, number)
    mine = s.south if player == "south" else s.north
    theirs = s.north if player == "south" else s.south
    if s.claimed is not None or len(mine) < capacity:
        return False, None
    own = tactics_strength(mine[:capacity], blind)
    if len(theirs) >= capacity:
        other = tactics_strength(theirs[:capacity], blind)
        if own != other:
            return own > other, None
        return (s.first_complete is not None and s.first_complete.value == player), None
    pool = [c for c in tactics_pool(position) if c not in theirs]
    beating = [f for _, f in _side_completions(theirs, pool, capacity, blind) if f > own]
    return (not beating), (max(beating) if beating else None)


def tactics_odds(position: Position, number: int, player: str) -> dict[str, Fraction]:
    """P(final rank) of one side completed at random from the pool (troops at their best)."""
    s = position.stone(number)
    capacity, blind = _stone_setting(position, number)
    side = s.south if player == "south" else s.north
    comps = _side_completions(side, tactics_pool(position), capacity, blind)
    counts = dict.fromkeys(RANK_KEYS, 0)
    for _, (rank, _) in comps:
        counts[RANK_KEYS[rank - 1]] += 1
    return {k: Fraction(n, len(comps)) for k, n in counts.items()}


def tactics_outcome(position: Position, number: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P south wins, P north wins, P tie decided by completion order), every pair of completions enumerated."""
    s = position.stone(number)
    capacity, blind = _stone_setting(position, number)
    pool = tactics_pool(position)
    south_done, north_done = len(s.south) >= capacity, len(s.north) >= capacity
    wins = {"south": 0, "north": 0, "tie": 0}
    total = 0
    north_comps = _side_completions(s.north, pool, capacity, blind)
    for south_added, a in _side_completions(s.south, pool, capacity, blind):
        for north_added, b in north_comps:
            if south_added & north_added:
                continue
            total += 1
            if a > b:
                wins["south"] += 1
            elif b > a:
                wins["north"] += 1
            elif south_done and north_done:
                wins[s.first_complete.value if s.first_complete is not None else "tie"] += 1
            elif south_done or north_done:
                wins["south" if south_done else "north"] += 1
            else:
                wins["tie"] += 1
    return Fraction(wins["south"], total), Fraction(wins["north"], total), Fraction(wins["tie"], total)


def tactics_analyze(position: Position) -> dict[int, StoneFacts | None]:
    """:func:`analyze` for a tactics position."""
    return analyze(position, tactics=True)
