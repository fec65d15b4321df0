"""Hypothesis strategies for random LEGAL base-game positions.

Every position drawn satisfies every rule :meth:`Position.status` checks: 9 stones, at most 3 cards a
side, no card twice, 54 cards in all, hands of 6 while the deck lasts (at most 6 after), claims the
cards support (checked with the slow reference twin), ``first_complete`` only on complete sides, and
never two winning sets of stones. ``min_table``/``max_table`` bound how many cards lie on the stones,
which is what keeps the public pool (and so the enumeration of the twins) small.
"""

from __future__ import annotations

from dataclasses import replace
from math import comb

from hypothesis import strategies as st

import reference as ref
from schotten_lab.core.cards import Card
from schotten_lab.core.position import Position, Stone
from schotten_lab.core.rules import BASE, BASE_EXPERT, Player

PLAYERS = (Player.SOUTH, Player.NORTH)
SLOTS = 9 * 2 * 3
"""Card slots on the table: 9 stones, 2 sides, 3 cards."""

MAX_CLAIM_WORK = 3000
"""Claims are only attempted where the twin enumerates at most this many opponent completions."""

players = st.sampled_from(PLAYERS)
stone_numbers = st.integers(1, 9)


@st.composite
def positions(
    draw: st.DrawFn,
    min_table: int = 0,
    max_table: int = 54,
    known_hands: bool | None = None,
    claims: bool = True,
    expert: bool | None = False,
) -> Position:
    """A random legal base-game position with ``min_table``..``max_table`` cards on the stones.

    ``known_hands``: True/False forces both hands known/unknown, None draws each. ``claims`` allows
    claimed stones. ``expert``: None draws the claim timing.
    """
    n_table = draw(st.integers(min_table, max_table), label="cards on the table")
    deck_order = draw(st.permutations(ref.ALL_CARDS), label="card order")
    on_table = list(deck_order[:n_table])
    style = draw(st.sampled_from(["random", "by_colour", "by_value"]), label="style")
    if style == "by_colour":  # neighbours share a colour: colours and colour runs
        on_table.sort(key=lambda c: (ref.colour_of(c), ref.value_of(c)))
    elif style == "by_value":  # neighbours share a value: three of a kind, runs
        on_table.sort(key=lambda c: (ref.value_of(c), ref.colour_of(c)))
    slot_order = draw(st.permutations(range(SLOTS)), label="slots")
    counts = [0] * 18
    for slot in slot_order[:n_table]:
        counts[slot // 3] += 1
    sides: list[tuple[Card, ...]] = []
    it = iter(on_table)
    for k in counts:
        sides.append(tuple(next(it) for _ in range(k)))
    stones = [Stone(sides[2 * i], sides[2 * i + 1]) for i in range(9)]

    rest = list(deck_order[n_table:])
    if len(rest) > 12:
        sizes = {Player.SOUTH: 6, Player.NORTH: 6}
    else:
        south = draw(st.integers(max(0, len(rest) - 6), min(6, len(rest))), label="south hand size")
        sizes = {Player.SOUTH: south, Player.NORTH: len(rest) - south}
    deck = len(rest) - sizes[Player.SOUTH] - sizes[Player.NORTH]
    held = {Player.SOUTH: tuple(rest[: sizes[Player.SOUTH]])}
    held[Player.NORTH] = tuple(rest[sizes[Player.SOUTH] : sizes[Player.SOUTH] + sizes[Player.NORTH]])
    hands: dict[Player, tuple[Card, ...] | None] = {}
    for p in PLAYERS:
        known = draw(st.booleans(), label=f"{p} hand known") if known_hands is None else known_hands
        hands[p] = held[p] if known else None

    for i, s in enumerate(stones):
        done = [p for p in PLAYERS if len(s.side(p)) == 3]
        if done:
            first = draw(st.sampled_from([None, *done]), label=f"first_complete {i + 1}")
            stones[i] = replace(s, first_complete=first)
    rules = BASE_EXPERT if (expert if expert is not None else draw(st.booleans(), label="expert")) else BASE
    pos = Position(
        stones=tuple(stones),
        hands=hands,
        hand_sizes=sizes,
        deck=deck,
        to_move=draw(players, label="to move"),
        rules=rules,
    )
    if claims:
        pos = _add_claims(draw, pos)
    return pos


def _add_claims(draw: st.DrawFn, pos: Position) -> Position:
    """Claim some supported stones (at most 5 in all, so no two winning sets can appear)."""
    pool_size = len(ref.public_pool(pos))
    stones = list(pos.stones)
    made = 0
    for i, s in enumerate(stones):
        if made >= 5:
            break
        for p in PLAYERS:
            need = 3 - len(s.side(p.opponent))
            if len(s.side(p)) < 3 or comb(pool_size, need) > MAX_CLAIM_WORK:
                continue
            if ref.claim(pos, i + 1, p).claimable and draw(st.booleans(), label=f"claim {i + 1} {p}"):
                stones[i] = replace(s, claimed=p)
                made += 1
                break
    return replace(pos, stones=tuple(stones))


def small_pool_positions(max_pool: int = 14, **kwargs: object) -> st.SearchStrategy[Position]:
    """Positions whose public pool has at most ``max_pool`` cards (so at least 54 - max_pool on the table)."""
    return positions(min_table=54 - max_pool, **kwargs)  # type: ignore[arg-type]
