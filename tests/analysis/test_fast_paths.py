"""The fast paths of issue 18's speed work against their slow forms, exactly.

- :func:`~schotten_lab.core.formations.evaluate` reads three distinct cards from the strength cube:
  checked on every one of the 24,804 hands against :func:`strengths_of` and the reference rules;
- a claim's ``alternatives`` (every card as good as a one-card counterexample) are found for all the
  pool's cards at once: checked against the reference rules card by card, on random positions;
- the hand table's per-card and per-pair lists, now built by sorting, against a plain scan;
- a claim's ``reason`` is rendered when first read: the same words as its facts in English, and a
  verdict survives pickling before and after reading.
"""

from __future__ import annotations

import pickle
from itertools import combinations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
import strategies as strat
from helpers import profile
from schotten_lab.analysis import claim
from schotten_lab.core.cards import CARDS
from schotten_lab.core.formations import STRENGTH_CUBE, evaluate, hand_table, strengths_of
from schotten_lab.core.position import Position
from schotten_lab.core.proof import ClaimStatus


def test_evaluate_reads_every_hand_as_the_ranking_rule_does() -> None:
    hands = np.array(list(combinations(range(54), 3)), dtype=np.int64)
    for blind in (False, True):
        rule = strengths_of(hands // 9, hands % 9 + 1, blind=blind).tolist()
        fast = [evaluate([CARDS[i] for i in row], blind=blind).strength for row in hands.tolist()]
        assert fast == rule
    sample = hands[::97].tolist()
    assert [evaluate([CARDS[i] for i in row]).strength for row in sample] == [
        ref.strength([CARDS[i] for i in row]) for row in sample
    ]


@given(pos=strat.positions(min_table=12, max_table=40, claims=False), data=st.data())
@profile(60)
def test_alternatives_are_every_card_as_good_as_the_counterexample(pos: Position, data: st.DataObject) -> None:
    pool = ref.public_pool(pos)
    for number in range(1, 10):
        for who in (pos.to_move, pos.to_move.opponent):
            v = claim(pos, number, who)
            added = v.counterexample or ()
            if v.status is not ClaimStatus.BEATEN or len(added) != 1:
                assert v.alternatives == ()
                continue
            theirs = pos.stone(number).side(who.opponent)
            target = ref.strength([*theirs, *added])
            same = tuple(c for c in pool if ref.strength([*theirs, c]) == target)
            assert v.alternatives == (same if len(same) > 1 else ())


@given(pos=strat.positions(min_table=10, max_table=44), number=strat.stone_numbers, who=strat.players)
@profile(60)
def test_reason_is_rendered_when_read_and_equals_the_facts_words(pos: Position, number: int, who: object) -> None:
    v = claim(pos, number, who)  # type: ignore[arg-type]
    copy = pickle.loads(pickle.dumps(v))
    assert v.facts is not None
    words = v.facts.in_words("en")
    assert v.reason == words and v.explain("en") == words and copy.reason == words
    assert pickle.loads(pickle.dumps(v)).reason == words
    assert copy == v


def test_hand_table_indexes_equal_a_plain_scan() -> None:
    """The hand table's per-card and per-pair lists (built by sorting) against a loop over the hands."""
    for blind in (False, True):
        table = hand_table(blind=blind)
        by_card: dict[int, list[int]] = {}
        by_pair: dict[tuple[int, int], list[int]] = {}
        for h, (a, b, c) in enumerate(table.cards.tolist()):
            for card in (a, b, c):
                by_card.setdefault(card, []).append(h)
            for pair in ((a, b), (a, c), (b, c)):
                by_pair.setdefault(pair, []).append(h)
        assert [x.tolist() for x in table.containing] == [by_card[c] for c in range(54)]
        assert list(table.containing_pair) == list(by_pair)
        assert all(table.containing_pair[p].tolist() == hands for p, hands in by_pair.items())
        cards = table.cards.astype(np.int64)
        assert (STRENGTH_CUBE[cards[:, 2], cards[:, 0], cards[:, 1]] >= 0).all()
        assert (np.diff(table.strengths.astype(np.int64)) <= 0).all()
