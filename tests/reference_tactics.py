"""Slow, obviously correct twins of the tactics-variant analysis, used by the property tests.

Written from docs/RULES.md ("Tactics variant") and docs/ANALYSIS.md ("Tactics variant") alone, in plain Python
and :mod:`itertools`: nothing from ``schotten_lab.core.sides``, ``proof`` or ``formations``. Borrowed
from the library are only the value types (``Card``, ``Troop``, ``Player``, ``Position``), read
through their plain fields.

- A side of 3 or 4 concrete cards (a troop's identity may repeat a card) is evaluated straight from the
  rank table; under Blind-man's bluff only its sum counts.
- A side with elite troops takes the best over EVERY identity of every troop: a Joker is each of the
  54 cards, a Spy each of the six 7s, a Shield bearer each of the 18 cards valued 1-3.
- Completions add distinct clan cards of a pool to a side, up to 3 cards (4 under Mud fight).

Everything is exponential; callers keep pools small (see :func:`claim_work`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

from schotten_lab.core.cards import Card
from schotten_lab.core.position import Position, Stone
from schotten_lab.core.rules import Player
from schotten_lab.core.tactics import Troop

SUM, RUN, COLOR, KIND, COLOR_RUN = 1, 2, 3, 4, 5
RANKS = (SUM, RUN, COLOR, KIND, COLOR_RUN)
COLOURS = "RBGYPN"
ALL_CARDS: tuple[Card, ...] = tuple(Card.parse(f"{c}{v}") for c in COLOURS for v in range(1, 10))
"""The 54 clan cards, built from their text codes."""

TACTICS_COPIES = {"JOKER": 2, "SPY": 1, "SHIELD": 1, "BLIND": 1, "MUD": 1,
                  "HEADHUNTER": 1, "STRATEGIST": 1, "BANSHEE": 1, "TRAITOR": 1}  # fmt: skip
"""The ten tactics cards of docs/RULES.md ("Material")."""

Piece = Card | Troop


def colour_of(card: Card) -> str:
    return str(card)[0]


def value_of(card: Card) -> int:
    return int(str(card)[1])


# ---------------------------------------------------------------------------------------------
# Formations of concrete cards


def _formation(codes: tuple[str, ...], blind: bool) -> tuple[int, int]:
    """``(rank, sum)`` of cards given by their text codes (``"R8"``), straight from the RULES table."""
    values = sorted(int(c[1]) for c in codes)
    total = sum(values)
    if blind:
        return SUM, total
    one_colour = len({c[0] for c in codes}) == 1
    consecutive = all(values[i + 1] == values[i] + 1 for i in range(len(values) - 1))
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


@lru_cache(maxsize=1 << 20)
def _strength(codes: tuple[str, ...], blind: bool) -> int:
    """Memoised ``rank * 100 + sum`` (the same hands come up again and again in the enumerations)."""
    rank, total = _formation(codes, blind)
    return rank * 100 + total


def formation(cards: Sequence[Card], *, blind: bool = False) -> tuple[int, int]:
    """``(rank, sum)`` of 3 or 4 concrete cards (duplicates allowed), from the RULES table.

    Four cards under Mud fight: color run of 4, four of a kind, 4 of one colour, run of 4, sum.
    """
    assert len(cards) in (3, 4), cards
    return _formation(tuple(str(c) for c in cards), blind)


def strength(cards: Sequence[Card], *, blind: bool = False) -> int:
    """``rank * 100 + sum``, the single number sides compare by."""
    rank, total = formation(cards, blind=blind)
    return rank * 100 + total


# ---------------------------------------------------------------------------------------------
# Elite troops


def troop_range(kind: str) -> tuple[Card, ...]:
    """Every card a wild troop may stand for (docs/RULES.md: Joker any, Spy a 7, Shield bearer 1-3)."""
    if kind == "JOKER":
        return ALL_CARDS
    if kind == "SPY":
        return tuple(c for c in ALL_CARDS if value_of(c) == 7)
    if kind == "SHIELD":
        return tuple(c for c in ALL_CARDS if value_of(c) <= 3)
    raise ValueError(kind)


def identities(piece: Piece) -> tuple[Card, ...]:
    """A clan card is itself; a troop its chosen identity, or (wild) every card of its range."""
    if isinstance(piece, Card):
        return (piece,)
    if piece.identity is not None:
        return (piece.identity,)
    return troop_range(piece.kind)


def _codes(piece: Piece) -> tuple[str, ...]:
    return tuple(str(c) for c in identities(piece))


def best_side(side: Sequence[Piece], *, blind: bool = False) -> tuple[int, tuple[Card, ...]]:
    """The best strength of a complete side over every identity of every troop, and one best choice."""
    assert len(side) in (3, 4), side
    best: tuple[int, tuple[str, ...]] | None = None
    for choice in product(*(_codes(p) for p in side)):
        st = _strength(choice, blind)
        if best is None or st > best[0]:
            best = (st, choice)
    assert best is not None
    return best[0], tuple(Card.parse(c) for c in best[1])


def best_strength(side: Sequence[Piece], *, blind: bool = False) -> int:
    return best_side(side, blind=blind)[0]


def identity_count(side: Iterable[Piece]) -> int:
    """How many joint identity choices :func:`best_side` enumerates for ``side``."""
    n = 1
    for p in side:
        n *= len(identities(p))
    return n


# ---------------------------------------------------------------------------------------------
# Pools and completions


def table_clan_cards(pos: Position) -> set[Card]:
    """The clan cards on either side of every stone and in the discard pile."""
    seen = {c for c in pos.discard if isinstance(c, Card)}
    for s in pos.stones:
        seen.update(c for c in s.south + s.north if isinstance(c, Card))
    return seen


def public_pool(pos: Position) -> list[Card]:
    """``U``: the clan cards on no stone and not in the discard pile, in index order."""
    seen = table_clan_cards(pos)
    return [c for c in ALL_CARDS if c not in seen]


def capacity_of(modes: Iterable[str]) -> int:
    return 4 if "mud" in modes else 3


def completions(side: Sequence[Piece], pool: Iterable[Card], capacity: int) -> list[tuple[Card, ...]]:
    """Every set of distinct pool cards (none already on the side) that fills ``side`` to ``capacity``."""
    need = capacity - len(side)
    if need <= 0:
        return [()]
    return list(combinations([c for c in pool if c not in side], need))


def tactics_unplayed(pos: Position) -> Counter[str]:
    """The tactics cards not on a stone (as troops or modes) nor in the discard pile."""
    left = Counter(TACTICS_COPIES)
    for s in pos.stones:
        for p in s.south + s.north:
            if isinstance(p, Troop):
                left[p.kind] -= 1
        for m in s.modes:
            left[m.upper()] -= 1
    for c in pos.discard:
        if isinstance(c, str):
            left[c] -= 1
    return left


# ---------------------------------------------------------------------------------------------
# 1. Claims


@dataclass(frozen=True)
class RefScenario:
    """One world a strict proof must survive: modes added to the stone, a troop added to the opponent."""

    modes: frozenset[str]
    added_modes: tuple[str, ...] = ()
    troop: str | None = None


@dataclass(frozen=True)
class RefClaim:
    """The slow verdict. ``beating[scenario]`` lists every beating completion (troop first if added)."""

    claimable: bool
    tie_break_unknown: bool
    own: int | None
    needs_fourth: bool
    beating: dict[RefScenario, tuple[tuple[Piece, ...], ...]]
    best_beating: dict[RefScenario, int]


def scenarios(pos: Position, number: int, player: Player, strict: bool) -> list[RefScenario]:
    """The stone as it is, and (strict) with any unplayed mode added and/or one unplayed troop for the opponent."""
    s = pos.stones[number - 1]
    out = [RefScenario(frozenset(s.modes))]
    if not strict or len(s.side(player.opponent)) >= capacity_of(s.modes):
        return out  # strict proofs concern early claims only: two complete sides just compare
    left = tactics_unplayed(pos)
    free = [m for m in ("blind", "mud") if m not in s.modes and left[m.upper()] > 0]
    them = player.opponent
    opponent_joker = any(isinstance(p, Troop) and p.kind == "JOKER" for st in pos.stones for p in st.side(them))
    troops = [k for k in ("JOKER", "SPY", "SHIELD") if left[k] > 0 and not (k == "JOKER" and opponent_joker)]
    for count in range(len(free) + 1):
        for added in combinations(free, count):
            for troop in (None, *troops):
                if added or troop:
                    out.append(RefScenario(frozenset(s.modes) | set(added), tuple(added), troop))
    return out


def claim(pos: Position, number: int, player: Player, *, strict: bool = False, pool: Sequence[Card] | None = None) -> RefClaim:
    """May ``player`` claim stone ``number``? Every scenario, every opponent completion, every identity.

    The opponent's completion that only equals the claimant does not beat it (the claimant completed
    first); when both sides are complete as they lie, ``first_complete`` decides a full tie.
    """
    s = pos.stones[number - 1]
    mine, theirs = s.side(player), s.side(player.opponent)
    cards = public_pool(pos) if pool is None else list(pool)
    if s.claimed is not None or len(mine) < capacity_of(s.modes):
        return RefClaim(False, False, None, False, {}, {})
    own_here = best_strength(mine, blind="blind" in s.modes)
    beating: dict[RefScenario, tuple[tuple[Piece, ...], ...]] = {}
    best: dict[RefScenario, int] = {}
    claimable, tie_unknown, needs_fourth = True, False, False
    for sc in scenarios(pos, number, player, strict):
        cap, blind = capacity_of(sc.modes), "blind" in sc.modes
        if len(mine) < cap:  # an added Mud fight: the claimant would need a fourth card
            claimable, needs_fourth = False, True
            continue
        own = best_strength(mine, blind=blind)
        extra: tuple[Piece, ...] = (Troop(sc.troop),) if sc.troop else ()  # type: ignore[arg-type]
        if extra and len(theirs) >= cap:
            continue  # no room on the opponent's side for the troop
        if not extra and len(theirs) >= cap:
            other = best_strength(theirs, blind=blind)
            if own > other or (own == other and s.first_complete is player):
                continue
            claimable = False
            if not sc.added_modes:  # the stone as it lies: a full tie nobody recorded
                tie_unknown = own == other and s.first_complete is None
            continue
        found = []
        for added in completions(theirs + extra, cards, cap):
            st = best_strength(theirs + extra + added, blind=blind)
            if st > own:
                found.append(extra + added)
                best[sc] = max(best.get(sc, 0), st)
        if found:
            beating[sc] = tuple(found)
            claimable = False
    return RefClaim(claimable, tie_unknown, own_here, needs_fourth, beating, best)


def claim_work(pos: Position, number: int, player: Player, *, strict: bool = False, pool_size: int | None = None) -> int:
    """Roughly how many side evaluations :func:`claim` does (identity choices times completions)."""
    from math import comb

    s = pos.stones[number - 1]
    n = len(public_pool(pos)) if pool_size is None else pool_size
    theirs = s.side(player.opponent)
    work = 0
    for sc in scenarios(pos, number, player, strict):
        extra = (Troop(sc.troop),) if sc.troop else ()  # type: ignore[arg-type]
        side = theirs + extra
        need = max(0, capacity_of(sc.modes) - len(side))
        work += comb(n, need) * identity_count(side)
    return work + identity_count(s.side(player))


# ---------------------------------------------------------------------------------------------
# 3. Formation odds


@dataclass(frozen=True)
class RefOdds:
    ranks: dict[int, Fraction]
    strengths: dict[int, Fraction]
    completions: int


def completion_odds(side: Sequence[Piece], pool: Iterable[Card], modes: Iterable[str]) -> RefOdds:
    """Distribution of the final rank and strength of ``side`` completed from ``pool`` uniformly."""
    modes = set(modes)
    cap, blind = capacity_of(modes), "blind" in modes
    found = completions(side, pool, cap)
    strengths: Counter[int] = Counter(best_strength(tuple(side[:cap]) + added, blind=blind) for added in found)
    n = len(found)
    if n == 0:
        return RefOdds({r: Fraction(0) for r in RANKS}, {}, 0)
    ranks = Counter[int]()
    for st, k in strengths.items():
        ranks[st // 100] += k
    return RefOdds({r: Fraction(ranks[r], n) for r in RANKS}, {st: Fraction(k, n) for st, k in strengths.items()}, n)


# ---------------------------------------------------------------------------------------------
# 4. Stone outcome


@dataclass(frozen=True)
class RefOutcome:
    south: Fraction
    north: Fraction
    tie: Fraction
    pairs: int


def stone_outcome(stone: Stone, pool: Iterable[Card]) -> RefOutcome:
    """Both sides completed with disjoint random pool cards: every ordered pair, one by one.

    A full tie goes to a side that was already complete (it completed first); to ``first_complete``
    when both were; it stays a tie (decided by completion order) when neither was.
    """
    cap, blind = capacity_of(stone.modes), "blind" in stone.modes
    south, north = tuple(stone.south), tuple(stone.north)
    cards = [c for c in pool if c not in south and c not in north]
    south_done, north_done = len(south) >= cap, len(north) >= cap
    wins = {Player.SOUTH: 0, Player.NORTH: 0}
    ties = pairs = 0
    for add_s in completions(south, cards, cap):
        a = best_strength(south[:cap] + add_s, blind=blind)
        rest = [c for c in cards if c not in add_s]
        for add_n in completions(north, rest, cap):
            b = best_strength(north[:cap] + add_n, blind=blind)
            pairs += 1
            if a != b:
                wins[Player.SOUTH if a > b else Player.NORTH] += 1
            elif south_done and north_done:
                if stone.first_complete is None:
                    ties += 1
                else:
                    wins[stone.first_complete] += 1
            elif south_done or north_done:
                wins[Player.SOUTH if south_done else Player.NORTH] += 1
            else:
                ties += 1
    if pairs == 0:
        return RefOutcome(Fraction(0), Fraction(0), Fraction(0), 0)
    return RefOutcome(Fraction(wins[Player.SOUTH], pairs), Fraction(wins[Player.NORTH], pairs), Fraction(ties, pairs), pairs)
