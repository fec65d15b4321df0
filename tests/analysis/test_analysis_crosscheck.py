"""The fast analysis against the slow twins of tests/reference.py, on random legal positions.

Every comparison is exact (``Fraction`` equality). Pools are kept small enough for the twins to
enumerate: either the position has many cards on the table, or the test passes an explicit random
sub-pool. Monte Carlo is checked against the exact value within 4 standard errors, with fixed seeds.
Known values computed by hand close the file.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
import strategies as strat
from helpers import by_int, profile, sub_pool
from schotten_lab.analysis import (
    analyze,
    card_probabilities,
    claim,
    completion_odds,
    draws_left,
    outs,
    reachable,
    still_possible,
    stone_outcome,
    stone_outcome_monte_carlo,
)
from schotten_lab.core.cards import Card, mask_of, parse_cards
from schotten_lab.core.formations import Formation, Rank
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player

S, N = Player.SOUTH, Player.NORTH
WORK = 1200
"""Most completions (or ordered pairs of completions) a twin enumerates in one example."""



# ---- 1. claims ----------------------------------------------------------------------------------


def check_claim(pos: Position, number: int, player: Player) -> None:
    fast = claim(pos, number, player)
    slow = ref.claim(pos, number, player)
    assert fast.claimable == slow.claimable, fast.reason
    assert bool(fast) == slow.claimable
    assert fast.tie_break_unknown == slow.tie_break_unknown
    assert isinstance(fast.reason, str) and fast.reason
    if slow.own is not None:
        assert fast.own is not None and fast.own.strength == slow.own
    s = pos.stone(number)
    theirs = s.side(player.opponent)
    if slow.beating:  # the claim fails on a completion: the counterexample is the strongest one
        ce = fast.counterexample
        assert ce is not None and len(ce) == 3 - len(theirs)
        assert len(set(ce)) == len(ce)
        assert set(ce) <= set(ref.public_pool(pos))  # only cards off the table
        assert ce in slow.beating or tuple(sorted(ce)) in {tuple(sorted(b)) for b in slow.beating}
        full = tuple(theirs) + tuple(ce)
        assert ref.strength(full) > slow.own  # it really beats the claimant
        assert ref.strength(full) == slow.best_beating  # and nothing beats harder
        assert fast.counter_formation is not None and fast.counter_formation.strength == slow.best_beating
        assert str(ce[0]) in fast.reason
    else:
        assert fast.counterexample is None
    assert fast.to_dict()["claimable"] is fast.claimable


@profile(500)
@given(strat.small_pool_positions(max_pool=16, expert=None), strat.stone_numbers, strat.players)
def test_claims_match_reference_small_pool(pos: Position, number: int, player: Player) -> None:
    check_claim(pos, number, player)


@profile(300)
@given(strat.positions(min_table=12), st.data())
def test_claims_of_complete_sides_match_reference(pos: Position, data: st.DataObject) -> None:
    """Pick a complete side whose opponent completions the twin can list (large pools included)."""
    pool = len(ref.public_pool(pos))
    pairs = [
        (i, p)
        for i, s in enumerate(pos.stones, 1)
        for p in (S, N)
        if len(s.side(p)) == 3 and math.comb(pool, 3 - len(s.side(p.opponent))) <= 3 * WORK
    ]
    if not pairs:
        return
    number, player = data.draw(st.sampled_from(pairs), label="stone and player")
    check_claim(pos, number, player)


# ---- 3. formation odds --------------------------------------------------------------------------


@profile(300)
@given(strat.positions(), strat.stone_numbers, strat.players, st.data())
def test_completion_odds_match_reference(pos: Position, number: int, player: Player, data: st.DataObject) -> None:
    side = pos.stone(number).side(player)
    need = max(0, 3 - len(side))
    public = ref.public_pool(pos)
    if data.draw(st.booleans(), label="pool from anywhere"):
        candidates = [c for c in ref.ALL_CARDS if c not in side]
    else:
        candidates = public
    cards = sub_pool(data, candidates, lambda k: math.comb(k, need) <= WORK)
    default = cards == public
    fast = completion_odds(pos, number, player, None if default else mask_of(cards))
    slow = ref.completion_odds(pos, number, player, None if default else cards)
    assert by_int(fast.ranks) == slow.ranks
    assert fast.strengths == slow.strengths
    assert fast.completions == slow.completions
    assert fast.complete == (len(side) == 3)
    if slow.completions:
        assert sum(fast.ranks.values()) == 1 and sum(fast.strengths.values()) == 1
    possible = still_possible(pos, number, player, None if default else mask_of(cards))
    assert {int(r): b for r, b in possible.items()} == {r: p > 0 for r, p in slow.ranks.items()}


@profile(250)
@given(strat.positions(min_table=34, known_hands=True), strat.stone_numbers, strat.players, st.data())
def test_reachable_matches_reference(pos: Position, number: int, player: Player, data: st.DataObject) -> None:
    side = pos.stone(number).side(player)
    need = max(0, 3 - len(side))
    pool = len(ref.viewer_pool(pos, player))
    hand = len(pos.hands[player] or ())
    top = 0
    while top < 4 and math.comb(pool, top + 1) * math.comb(hand + top + 1, need) <= 4 * WORK:
        top += 1
    draws = data.draw(st.integers(0, top), label="draws")
    fast = reachable(pos, number, player, draws)
    slow = ref.reachable(pos, number, player, draws)
    assert by_int(fast) == slow
    ordered = [fast[r] for r in sorted(Rank)]
    assert ordered == sorted(ordered, reverse=True)  # "at least" odds shrink as the rank grows


@profile(200)
@given(strat.positions(), st.data())
def test_outs_match_reference(pos: Position, data: st.DataObject) -> None:
    options = [(i, p) for i, s in enumerate(pos.stones, 1) for p in (S, N) if 1 <= len(s.side(p)) <= 3]
    if not options:
        return
    number, player = data.draw(st.sampled_from(options), label="side")
    viewer = data.draw(strat.players, label="viewer")
    fast = outs(pos, number, player, viewer)
    slow = ref.outs_by_rank(pos, number, player)
    assert {int(r): set(cs) for r, cs in fast.by_rank.items()} == slow
    pool, own, table = set(ref.viewer_pool(pos, viewer)), set(pos.hands[viewer] or ()), ref.table_cards(pos)
    for r in Rank:
        assert set(fast.in_pool[r]) == slow[int(r)] & pool
        assert set(fast.in_hand[r]) == slow[int(r)] & own
        assert set(fast.dead[r]) == slow[int(r)] & table


# ---- 4. stone outcome ----------------------------------------------------------------------------


def pair_count(k: int, a: int, b: int) -> int:
    return math.comb(k, a) * math.comb(k - a, b) if k >= a else 0


def check_outcome(pos: Position, number: int, cards: list[Card] | None) -> None:
    fast = stone_outcome(pos, number, None if cards is None else mask_of(cards))
    slow = ref.stone_outcome(pos, number, cards)
    assert (fast.south, fast.north, fast.tie, fast.pairs) == (slow.south, slow.north, slow.tie, slow.pairs)
    if slow.pairs:
        assert fast.south + fast.north + fast.tie == 1
    s = pos.stone(number)
    if len(s.south) == 3 or len(s.north) == 3:
        assert fast.tie == 0 or (len(s.south) == len(s.north) == 3 and s.first_complete is None)


@profile(400)
@given(strat.positions(claims=False), strat.stone_numbers, st.data())
def test_stone_outcome_matches_reference(pos: Position, number: int, data: st.DataObject) -> None:
    s = pos.stone(number)
    a, b = 3 - len(s.south), 3 - len(s.north)
    public = ref.public_pool(pos)
    cards = sub_pool(data, public, lambda k: pair_count(k, a, b) <= WORK)
    check_outcome(pos, number, None if cards == public else cards)


@profile(250)
@given(strat.small_pool_positions(max_pool=9, claims=False), strat.stone_numbers)
def test_stone_outcome_with_the_public_pool(pos: Position, number: int) -> None:
    check_outcome(pos, number, None)


@profile(150)
@given(st.data())
def test_stone_outcome_two_empty_sides(data: st.DataObject) -> None:
    """Both sides empty: the inclusion-exclusion over up to 3 shared cards, on small explicit pools."""
    pos = Position.empty()
    cards = sorted(data.draw(st.sets(st.sampled_from(ref.ALL_CARDS), min_size=0, max_size=10), label="pool"))
    check_outcome(pos, data.draw(strat.stone_numbers), cards)


def test_stone_outcome_with_a_pool_too_small_for_one_side() -> None:
    """Too few cards to complete the sides: no pairs at all, as when one side is already complete.

    Never reached with the default pool of a base-game position (the stone's own empty slots keep the
    public pool large enough), only with an explicit pool.
    """
    pos = Position.build({2: ("", "R1")})
    out = stone_outcome(pos, 2, mask_of(parse_cards("B1 B2")))
    assert (out.south, out.north, out.tie, out.pairs) == (0, 0, 0, 0)


def test_empty_stone_with_the_whole_deck_is_symmetric() -> None:
    """24,804 x 20,825 ordered pairs: south and north have the same chance, and ties are rare but real."""
    out = stone_outcome(Position.empty(), 5)
    assert out.pairs == math.comb(54, 3) * math.comb(51, 3) == 24804 * 20825
    assert out.south == out.north and out.south + out.north + out.tie == 1
    assert 0 < out.tie < Fraction(1, 10)


@profile(40)
@given(strat.positions(claims=False), strat.stone_numbers, st.integers(0, 2**32 - 1))
def test_monte_carlo_within_four_standard_errors(pos: Position, number: int, seed: int) -> None:
    exact = stone_outcome(pos, number)
    if exact.pairs == 0:
        return
    samples = 2000
    est = stone_outcome_monte_carlo(pos, number, samples=samples, seed=seed)
    assert est.samples == samples
    for who, p in (("south", exact.south), ("north", exact.north), ("tie", exact.tie)):
        sigma = math.sqrt(float(p) * (1 - float(p)) / samples)
        got = getattr(est, who)
        assert abs(got - float(p)) <= 4 * sigma + 1e-12, (who, got, float(p))
        assert est.stderr[who] == pytest.approx(math.sqrt(got * (1 - got) / samples))
    assert est.south + est.north + est.tie == pytest.approx(1)
    again = stone_outcome_monte_carlo(pos, number, samples=samples, seed=seed)
    assert (again.south, again.north, again.tie) == (est.south, est.north, est.tie)  # seeded


# ---- 2. card probabilities ------------------------------------------------------------------------


@profile(300)
@given(strat.positions(expert=None), strat.players, st.none() | st.integers(0, 30))
def test_card_probabilities_match_reference(pos: Position, viewer: Player, draws: int | None) -> None:
    fast = card_probabilities(pos, viewer, draws)
    slow = ref.card_probabilities(pos, viewer, draws)
    assert [c.card for c in fast] == list(ref.ALL_CARDS)
    for chance in fast:
        want = slow[chance.card]
        assert chance.where == want.where, chance.card
        assert (chance.p_opponent_hand, chance.p_deck, chance.p_draw) == (want.p_opponent_hand, want.p_deck, want.p_draw)
    assert draws_left(pos, viewer) == ref.draws_left(pos, viewer)
    assert draws_left(pos, S) + draws_left(pos, N) == pos.deck
    if pos.hands[viewer] is not None:  # the hidden places of U_v are the opponent's hand and the deck
        unseen = [c for c in fast if c.where == "unseen"]
        if unseen:
            assert sum(c.p_opponent_hand for c in unseen) == pos.hand_sizes[viewer.opponent]
            assert sum(c.p_deck for c in unseen) == pos.deck


# ---- whole position ------------------------------------------------------------------------------


@profile(40)
@given(strat.small_pool_positions(max_pool=9, expert=None), st.none() | strat.players)
def test_analyze_agrees_with_the_twins(pos: Position, viewer: Player | None) -> None:
    board = analyze(pos, viewer)
    known = [p for p in (S, N) if pos.hands[p] is not None]
    # the default seat: the player whose hand is known; both or neither known: the player to move
    seer = viewer if viewer is not None else known[0] if len(known) == 1 else pos.to_move
    assert board.viewer is seer and len(board.stones) == 9
    slow_cards = ref.card_probabilities(pos, seer)
    assert [(c.card, c.where, c.p_opponent_hand, c.p_deck, c.p_draw) for c in board.cards] == [
        (c, w.where, w.p_opponent_hand, w.p_deck, w.p_draw) for c, w in slow_cards.items()
    ]
    for number, stone in enumerate(board.stones, 1):
        if pos.stone(number).claimed is not None:
            assert stone.claims is None and stone.odds is None and stone.outcome is None
            continue
        assert stone.claims is not None and stone.odds is not None and stone.outcome is not None
        for p in (S, N):
            assert stone.claims[p].claimable == ref.claim(pos, number, p).claimable
            assert by_int(stone.odds[p].ranks) == ref.completion_odds(pos, number, p).ranks
        slow = ref.stone_outcome(pos, number)
        assert (stone.outcome.south, stone.outcome.north, stone.outcome.tie) == (slow.south, slow.north, slow.tie)
    d = json.loads(board.to_json())  # the CLI schema of issue 2, item 9
    assert len(d["stones"]) == 9 and len(d["cards"]) == 54
    for number, sd in enumerate(d["stones"], 1):
        assert sd["stone"] == number
        if sd["claimed"] is not None:
            assert sd["claim"] is None and sd["odds"] is None and sd["outcome"] is None
            continue
        for p in ("south", "north"):
            c = sd["claim"][p]
            assert isinstance(c["claimable"], bool) and isinstance(c["reason"], str)
            assert c["counterexample"] is None or all(isinstance(x, str) for x in c["counterexample"])
            assert set(sd["odds"][p]) == {"color_run", "three_of_a_kind", "color", "run", "sum"}
        assert set(sd["outcome"]) >= {"south", "north", "tie"}
    for cd in d["cards"]:
        assert {"card", "where", "p_opponent_hand", "p_deck"} <= set(cd)
    assert str(board)  # the readable report renders


# ---- known values, computed by hand ---------------------------------------------------------------

HAND = "Y1 Y2 R3 P5 B3 G9"


def eights(south: str = "N8 B8 G8", hand: str = HAND, extra: dict[int, tuple[str, str]] | None = None) -> Position:
    return Position.build({1: (south, "R9 R7"), **(extra or {})}, south_hand=hand)


def test_three_eights_cannot_be_claimed_while_r8_is_unseen() -> None:
    v = claim(eights(), 1, S)
    assert not v.claimable
    assert v.counterexample == parse_cards("R8")
    assert v.counter_formation == Formation(Rank.COLOR_RUN, 24)
    assert v.own == Formation(Rank.THREE_OF_A_KIND, 24)
    assert "R8" in v.reason


def test_a_card_in_the_claimants_own_hand_still_counts_for_the_opponent() -> None:
    v = claim(eights(hand="Y1 Y2 R8 P5 B3 G9"), 1, S)
    assert not v.claimable and v.counterexample == parse_cards("R8")
    assert "hand" in v.reason


def test_three_eights_can_be_claimed_once_r8_is_on_the_table() -> None:
    on_another_stone = eights(extra={4: ("", "R8")})
    assert claim(on_another_stone, 1, S).claimable
    among_the_eights = eights(south="R8 B8 G8")
    v = claim(among_the_eights, 1, S)
    assert v.claimable and v.counterexample is None
    assert not claim(among_the_eights, 1, N).claimable  # north's side is incomplete


def test_an_equal_completion_does_not_beat_the_side_that_completed_first() -> None:
    # south R1 B1 G1 (three 1s, sum 3); north Y1 P1 can only reach three 1s with N1: equal
    pos = Position.build({2: ("R1 B1 G1", "Y1 P1")})
    assert claim(pos, 2, S).claimable
    # but a three of a kind of 2s would beat it: north Y2 P2 with N2 unseen
    pos = Position.build({2: ("R1 B1 G1", "Y2 P2")})
    v = claim(pos, 2, S)
    assert not v.claimable and v.counterexample is not None
    assert set(v.counterexample) <= set(parse_cards("N2 R2 B2 G2"))


def test_both_sides_complete() -> None:
    tie = {1: ("R1 B5 G9", "Y1 P5 N9")}
    v = claim(Position.build(tie), 1, S)
    assert not v.claimable and v.tie_break_unknown
    assert claim(Position.build(tie, first_complete={1: "south"}), 1, S).claimable
    assert not claim(Position.build(tie, first_complete={1: "north"}), 1, S).claimable
    stronger = Position.build({1: ("R1 R2 R3", "Y7 P8 N9")})
    assert claim(stronger, 1, S).claimable and not claim(stronger, 1, N).claimable
    claimed = Position.build({1: ("R1 R2 R3", "Y7 P8 N9")}, claimed={1: "south"})
    assert not claim(claimed, 1, S).claimable


def test_completion_odds_of_r9_r7_by_hand() -> None:
    """49 cards off the table: R8 makes a colour run, R1-R6 a colour, Y8 P8 a run, the other 40 a sum."""
    odds = completion_odds(eights(), 1, N)
    assert odds.completions == 49
    assert odds.ranks == {
        Rank.COLOR_RUN: Fraction(1, 49),
        Rank.COLOR: Fraction(6, 49),
        Rank.RUN: Fraction(2, 49),
        Rank.THREE_OF_A_KIND: Fraction(0),
        Rank.SUM: Fraction(40, 49),
    }
    assert odds.strengths[524] == Fraction(1, 49)
    south = completion_odds(eights(), 1, S)
    assert south.complete and south.ranks[Rank.THREE_OF_A_KIND] == 1


def test_card_probabilities_by_hand() -> None:
    """South sees 43 hidden cards: 6 in north's hand, 37 in the deck; south, to move, draws 19 of them."""
    pos = eights()
    assert pos.deck == 37
    assert draws_left(pos, S) == 19 and draws_left(pos, N) == 18
    chances = {c.card: c for c in card_probabilities(pos, S)}
    r8 = chances[Card.parse("R8")]
    assert r8.where == "unseen"
    assert (r8.p_opponent_hand, r8.p_deck, r8.p_draw) == (Fraction(6, 43), Fraction(37, 43), Fraction(19, 43))
    assert chances[Card.parse("N8")].where == "stone 1 south"
    assert chances[Card.parse("R9")].where == "stone 1 north"
    assert chances[Card.parse("Y1")].where == "south hand" and chances[Card.parse("Y1")].p_draw == 0
    assert {c.card: c for c in card_probabilities(pos, S, draws=2)}[Card.parse("R8")].p_draw == Fraction(2, 43)


def test_stone_outcomes_by_hand() -> None:
    pos = Position.build({3: ("Y9 P9", "R1 R2")})
    # south takes N9 (three 9s) and north R3 (colour run): north; south takes R3 (sum 21), north N9 (sum 12): south
    out = stone_outcome(pos, 3, mask_of(parse_cards("N9 R3")))
    assert (out.south, out.north, out.tie, out.pairs) == (Fraction(1, 2), Fraction(1, 2), 0, 2)
    fives = Position.build({3: ("R5 B5", "G5 Y5")})
    out = stone_outcome(fives, 3, mask_of(parse_cards("P5 N5")))
    assert (out.south, out.north, out.tie) == (0, 0, 1)  # three 5s each way: completion order decides
    north_first = Position.build({3: ("R5 B5", "G5 Y5 P5")})
    out = stone_outcome(north_first, 3, mask_of(parse_cards("N5")))
    assert (out.south, out.north, out.tie, out.pairs) == (0, 1, 0, 1)  # north completed first
    claimed = Position.build({3: ("R5 B5 N5", "G5 Y5 P5")}, claimed={3: "north"}, first_complete={3: "north"})
    assert stone_outcome(claimed, 3).north == 1


def test_reachable_by_hand() -> None:
    pos = Position.build({1: ("R7 R8", "")}, south_hand="R9 Y1 Y2 P5 B3 G4")
    assert reachable(pos, 1, S, 0)[Rank.COLOR_RUN] == 1
    pos = Position.build({1: ("R7 R8", "")}, south_hand="Y1 Y2 P5 B3 G4 N1")
    # one draw from the 46 cards south cannot see (north's 6 and the deck's 40): R6 or R9 makes the colour run
    assert pos.deck == 40
    assert reachable(pos, 1, S, 1)[Rank.COLOR_RUN] == Fraction(2, 46)
    # two draws: 1 - C(44, 2) / C(46, 2) that at least one of R6, R9 comes
    assert reachable(pos, 1, S, 2)[Rank.COLOR_RUN] == 1 - Fraction(math.comb(44, 2), math.comb(46, 2))
    assert reachable(pos, 1, S, 0)[Rank.COLOR_RUN] == 0
    assert reachable(pos, 1, S, 0)[Rank.SUM] == 1
