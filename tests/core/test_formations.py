"""Formations: the docs/RULES.md counts, a golden digest of the whole ordering, and every table entry
against the reference evaluator; 4-card (Mud fight) and blind evaluation; compare()'s tie-break."""

from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from schotten_lab.core.cards import CARDS, Card, mask_of, parse_cards
from schotten_lab.core.formations import (
    STRENGTH_BASE,
    STRENGTH_CUBE,
    Formation,
    Rank,
    best_completion,
    compare,
    completions,
    evaluate,
    hand_table,
    rank_counts,
    strengths_of,
)

GOLDEN_ORDERING_SHA256 = "9b2954e9b13f1017cb12e7282c5bb6dcdcd031eb6b5d84862e37ab03fa481d7f"
"""sha256 of the 24,804 hands strongest first (ties by card index), one ``"R1 R2 R3 506"`` line each.

Computed once from two independent enumerations (the reference evaluator, and a constructive listing
of colour runs, three of a kind, colours and runs), which agreed."""

RULES_COUNTS = {Rank.COLOR_RUN: 42, Rank.THREE_OF_A_KIND: 180, Rank.COLOR: 462, Rank.RUN: 1470, Rank.SUM: 22650}

FOUR_CARD_COUNTS = {
    Rank.COLOR_RUN: 6 * 6,  # 6 colours x starts 1..6
    Rank.THREE_OF_A_KIND: 9 * 15,  # four of a kind: 9 values x C(6, 4) colours
    Rank.COLOR: 6 * 126 - 36,  # C(9, 4) per colour, minus the colour runs
    Rank.RUN: 6 * 6**4 - 36,  # starts 1..6, any colours, minus the colour runs
}
FOUR_CARD_COUNTS[Rank.SUM] = 316251 - sum(FOUR_CARD_COUNTS.values())  # C(54, 4) in all

SETTINGS = settings(max_examples=300, derandomize=True, database=None, deadline=None)

hands3 = st.lists(st.sampled_from(ref.ALL_CARDS), min_size=3, max_size=3, unique=True)
hands4 = st.lists(st.sampled_from(ref.ALL_CARDS), min_size=4, max_size=4, unique=True)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_reference_counts_match_rules() -> None:
    counts = {r: 0 for r in Rank}
    for hand in combinations(ref.ALL_CARDS, 3):
        counts[Rank(ref.formation(hand)[0])] += 1
    assert counts == RULES_COUNTS


def test_rank_counts_match_rules() -> None:
    assert rank_counts() == RULES_COUNTS
    assert sum(rank_counts().values()) == 24804


def test_reference_ordering_matches_golden_digest() -> None:
    assert ref.ordering_digest() == GOLDEN_ORDERING_SHA256


def test_table_ordering_matches_golden_digest() -> None:
    table = hand_table()
    assert len(table.cards) == len(table.strengths) == len(table.masks) == 24804
    lines = (
        f"{' '.join(str(CARDS[i]) for i in hand)} {strength}"
        for hand, strength in zip(table.cards.tolist(), table.strengths.tolist())
    )
    assert ref.digest_of_lines(lines) == GOLDEN_ORDERING_SHA256


def test_every_table_entry_equals_the_reference() -> None:
    table = hand_table()
    seen = set()
    for hand, strength, mask in zip(table.cards.tolist(), table.strengths.tolist(), table.masks.tolist()):
        cs = tuple(CARDS[i] for i in hand)
        assert strength == ref.strength(cs), cs
        assert mask == mask_of(cs)
        assert evaluate(cs).strength == strength
        seen.add(tuple(hand))
    assert len(seen) == 24804


def test_strength_cube_is_symmetric_and_matches_the_table() -> None:
    table = hand_table()
    hands = table.cards.astype(np.int64)
    for order in permutations(range(3)):
        a, b, c = (hands[:, k] for k in order)
        assert (STRENGTH_CUBE[a, b, c] == table.strengths).all()
    idx = np.arange(54)
    assert (STRENGTH_CUBE[idx, idx, :] == -1).all() and (STRENGTH_CUBE[:, idx, idx] == -1).all()
    assert (STRENGTH_CUBE[idx, :, idx] == -1).all()


def test_candidate_lists_hold_exactly_the_hands_with_those_cards() -> None:
    table = hand_table()
    for c in (0, 17, 53):
        got = {tuple(table.cards[h].tolist()) for h in table.candidates([c]).tolist()}
        assert got == {h for h in combinations(range(54), 3) if c in h}
    got = {tuple(table.cards[h].tolist()) for h in table.candidates([40, 3]).tolist()}
    assert got == {h for h in combinations(range(54), 3) if 3 in h and 40 in h}


@pytest.mark.parametrize(
    ("text", "rank", "total"),
    [
        ("R7 R8 R9", Rank.COLOR_RUN, 24),
        ("R1 R2 R3", Rank.COLOR_RUN, 6),
        ("N8 B8 G8", Rank.THREE_OF_A_KIND, 24),
        ("Y1 Y5 Y9", Rank.COLOR, 15),
        ("R9 B1 R2", Rank.SUM, 12),  # no wrap-around: 9-1-2 is not a run
        ("P3 B1 R2", Rank.RUN, 6),  # placement order never matters
        ("R8 R9 R1", Rank.COLOR, 18),  # 8-9-1 does not wrap either
        ("G4 G6 B5", Rank.RUN, 15),
        ("G4 G6 G9", Rank.COLOR, 19),
        ("G4 B4 G9", Rank.SUM, 17),
    ],
)
def test_known_formations(text: str, rank: Rank, total: int) -> None:
    for order in permutations(cards(text)):
        assert evaluate(order) == Formation(rank, total)
    assert ref.formation(cards(text)) == (int(rank), total)


@pytest.mark.parametrize(
    ("text", "rank", "total"),
    [
        ("R1 R2 R3 R4", Rank.COLOR_RUN, 10),
        ("N8 B8 G8 R8", Rank.THREE_OF_A_KIND, 32),
        ("Y1 Y5 Y9 Y2", Rank.COLOR, 17),
        ("R6 B7 R8 G9", Rank.RUN, 30),
        ("R6 R7 R8 B8", Rank.SUM, 29),  # three of a colour run is not a 4-card formation
        ("R8 B8 G8 G9", Rank.SUM, 33),
    ],
)
def test_known_four_card_formations(text: str, rank: Rank, total: int) -> None:
    assert evaluate(cards(text)) == Formation(rank, total)
    assert ref.formation(cards(text)) == (int(rank), total)


def four_card_sides() -> np.ndarray:
    """All C(54, 4) = 316,251 four-card sides as card indices, one row each."""
    return np.array(list(combinations(range(len(CARDS)), 4)), dtype=np.int64)


def test_four_card_category_counts() -> None:
    """Counted by hand (see FOUR_CARD_COUNTS), over all C(54, 4) four-card sides, through the rule
    :func:`evaluate` applies (strengths_of, the whole array at once); evaluate itself agrees with it on
    a seeded sample here and on every side in the long run's twin below."""
    sides = four_card_sides()
    ranks = strengths_of(sides // 9, sides % 9 + 1) // STRENGTH_BASE
    counts = {r: int((ranks == r).sum()) for r in Rank}
    assert counts == FOUR_CARD_COUNTS
    sample = np.random.default_rng([17, 4]).choice(len(sides), size=2000, replace=False)
    for row in sample.tolist():
        assert evaluate([CARDS[i] for i in sides[row]]).rank == ranks[row]


@pytest.mark.slow
def test_four_card_category_counts_one_side_at_a_time() -> None:
    """The same counts, each side through evaluate() (about 40 s: the long run's)."""
    counts = {r: 0 for r in Rank}
    for hand in combinations(CARDS, 4):
        counts[evaluate(hand).rank] += 1
    assert counts == FOUR_CARD_COUNTS


@SETTINGS
@given(hands4)
def test_four_card_evaluation_matches_reference(hand: list[Card]) -> None:
    f = evaluate(hand)
    assert (int(f.rank), f.total) == ref.formation(hand)
    assert evaluate(hand, blind=True) == Formation(Rank.SUM, sum(c.value for c in hand))


@SETTINGS
@given(hands3)
def test_blind_evaluation_is_the_sum(hand: list[Card]) -> None:
    assert evaluate(hand, blind=True) == Formation(Rank.SUM, sum(c.value for c in hand))
    assert (int(evaluate(hand, blind=True).rank), evaluate(hand, blind=True).total) == ref.formation(hand, blind=True)


def test_blind_table_ranks_by_sum_only() -> None:
    assert rank_counts(blind=True) == {r: (24804 if r is Rank.SUM else 0) for r in Rank}
    table = hand_table(blind=True)
    sums = np.array([sum(CARDS[i].value for i in hand) for hand in table.cards.tolist()])
    assert (table.strengths == 100 + sums).all()
    assert (np.diff(table.strengths) <= 0).all()


@pytest.mark.parametrize("size", [0, 1, 2, 5])
def test_evaluate_rejects_wrong_sizes(size: int) -> None:
    with pytest.raises(ValueError):
        evaluate(CARDS[:size])


def test_rank_names() -> None:
    assert [r.key for r in sorted(Rank, reverse=True)] == ["color_run", "three_of_a_kind", "color", "run", "sum"]
    assert Rank.THREE_OF_A_KIND.label("fr") == "brelan" and Rank.COLOR_RUN.label("fr") == "suite couleur"
    assert Rank.THREE_OF_A_KIND.label("en", size=4) == "four of a kind"
    assert Rank.THREE_OF_A_KIND.label("fr", size=4) == "carré"
    assert Rank.COLOR.label("fr") == "couleur" and Rank.RUN.label("fr") == "suite" and Rank.SUM.label("fr") == "somme"


@SETTINGS
@given(st.integers(100, 599))
def test_formation_strength_round_trip(strength: int) -> None:
    if strength % 100 > 36:
        return
    f = Formation.from_strength(strength)
    assert f.strength == strength
    assert Formation.from_strength(f.strength) == f


@SETTINGS
@given(st.lists(st.sampled_from(ref.ALL_CARDS), min_size=6, max_size=6, unique=True), st.sampled_from([None, True, False]))
def test_compare_orders_by_strength_then_completed_first(six: list[Card], first: bool | None) -> None:
    a, b = six[:3], six[3:]
    sa, sb = ref.strength(a), ref.strength(b)
    got = compare(a, b, first_completed_first=first)
    if sa != sb:
        assert got == (1 if sa > sb else -1)
        assert compare(b, a, first_completed_first=first) == -got
    else:
        assert got == {None: 0, True: 1, False: -1}[first]
    assert (evaluate(a) > evaluate(b)) == (sa > sb)  # Formation orders like its strength


def test_compare_full_tie() -> None:
    a, b = cards("R1 B5 G9"), cards("Y1 P5 N9")
    assert compare(a, b) == 0
    assert compare(a, b, first_completed_first=True) == 1
    assert compare(a, b, first_completed_first=False) == -1
    # blind: a colour run and a plain sum of the same total are equal
    assert compare(cards("R7 R8 R9"), cards("B7 G8 Y9"), blind=True) == 0
    assert compare(cards("R7 R8 R9"), cards("B7 G8 Y9")) == 1


@SETTINGS
@given(
    st.lists(st.sampled_from(ref.ALL_CARDS), min_size=0, max_size=2, unique=True),
    st.sets(st.sampled_from(ref.ALL_CARDS), max_size=14),
)
def test_completions_and_best_completion_match_enumeration(side: list[Card], available: set[Card]) -> None:
    avail = [c for c in available if c not in side]
    options = ref.side_completions(side, avail)
    hands, strengths = completions(side, mask_of(avail))
    table = hand_table()
    got = sorted(tuple(table.cards[h].tolist()) for h in hands.tolist())
    want = sorted(tuple(sorted(c.index for c in (*side, *added))) for added in options)
    assert got == want
    assert (np.diff(strengths) <= 0).all()  # strongest first
    best = best_completion(side, mask_of(avail))
    if not options:
        assert best is None
        return
    assert best is not None
    formation, added = best
    top = max(ref.strength((*side, *o)) for o in options)
    assert formation.strength == top
    assert set(added) <= set(avail) and len(added) == 3 - len(side)
    assert evaluate((*side, *added)) == formation
