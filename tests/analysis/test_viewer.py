"""Figures seen by a player (docs/VIEWER.md) against a brute-force twin on random small positions.

The twin enumerates every opponent holding ``R`` and every viewer draw set ``D`` with itertools and
takes each side's best completion by trying every choice of cards; the fast code counts instead.
Every comparison is exact (``Fraction`` equality); the Monte Carlo fallback is checked against the
exact figure within 5 standard errors. Known values computed by hand close the file.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

import reference as ref
import strategies as strat
from helpers import profile
from schotten_lab.analysis.holdings import PairCounter
from schotten_lab.analysis.odds import count_hitting, reachable_from
from schotten_lab.analysis.viewer import SAMPLES, Seat, _cached_outcome, outcome_seen_by, viewer_odds, viewer_outcome
from schotten_lab.core.cards import Card
from schotten_lab.core.formations import Rank
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player
from schotten_lab.core.tactics import Troop

S, N = Player.SOUTH, Player.NORTH
WORK = 3000
"""Most (R, D) pairs the twin enumerates in one example."""
DATA = Path(__file__).resolve().parents[2] / "data" / "positions"



# ---- the twin ------------------------------------------------------------------------------------


def resources(pos: Position, number: int, viewer: Player) -> tuple[list[Card], list[Card], int, int]:
    """(H, U_v, cards the opponent holds, cards the viewer draws) as docs/VIEWER.md defines them."""
    s = pos.stone(number)
    hand = list(pos.clan_hand(viewer) or ())
    pool = ref.viewer_pool(pos, viewer)
    k_v, k_o = 3 - len(s.side(viewer)), 3 - len(s.side(viewer.opponent))
    n = len(pool)
    holds = 0 if k_o <= 0 else min(pos.hand_sizes[viewer.opponent] + min(k_o, ref.draws_left(pos, viewer.opponent)), n)
    draws = 0 if k_v <= 0 else min(k_v, ref.draws_left(pos, viewer), n - holds)
    return hand, pool, holds, draws


def best(side: tuple[Card, ...], cards: list[Card] | tuple[Card, ...]) -> int | None:
    """The strongest 3-card side that ``side`` plus some of ``cards`` makes (None: too few cards)."""
    need = 3 - len(side)
    options = [ref.strength(side + extra) for extra in combinations(cards, need)] if need > 0 else [ref.strength(side)]
    return max(options, default=None)


def twin_outcome(pos: Position, number: int, viewer: Player) -> dict[str, Fraction]:
    s = pos.stone(number)
    mine, theirs = s.side(viewer), s.side(viewer.opponent)
    hand, pool, holds, draws = resources(pos, number, viewer)
    tie_to = {
        (True, True): s.first_complete,
        (True, False): viewer,
        (False, True): viewer.opponent,
        (False, False): None,
    }[(len(mine) == 3, len(theirs) == 3)]
    return tally(viewer, tie_to, pool, holds, draws, lambda d: best(mine, hand + list(d)), lambda r: best(theirs, r))


def tally(
    viewer: Player,
    tie_to: Player | None,
    pool: list[Card],
    holds: int,
    draws: int,
    mine: Callable[[tuple[Card, ...]], int | None],
    theirs: Callable[[tuple[Card, ...]], int | None],
) -> dict[str, Fraction]:
    """Every opponent holding ``R`` and viewer draw set ``D``, compared: ``mine(D)`` against ``theirs(R)``."""
    counts = {"win": 0, "lose": 0, "tie": 0, "undecided": 0}
    total = 0
    for held in combinations(pool, holds):
        rest = [c for c in pool if c not in held]
        for drawn in combinations(rest, draws):
            total += 1
            x, y = mine(drawn), theirs(held)
            if x is None or y is None:
                counts["undecided"] += 1
            elif x > y or (x == y and tie_to is viewer):
                counts["win"] += 1
            elif x < y or (x == y and tie_to is viewer.opponent):
                counts["lose"] += 1
            else:
                counts["tie"] += 1
    if total == 0:
        return {"south": Fraction(0), "north": Fraction(0), "tie": Fraction(0), "undecided": Fraction(1)}
    p = {k: Fraction(v, total) for k, v in counts.items()}
    south, north = (p["win"], p["lose"]) if viewer is S else (p["lose"], p["win"])
    return {"south": south, "north": north, "tie": p["tie"], "undecided": p["undecided"]}


def twin_odds(pos: Position, number: int, player: Player, viewer: Player) -> dict[Rank, Fraction]:
    """P(the best formation the player's cards allow is of each rank), seen by the viewer."""
    s = pos.stone(number)
    side = s.side(player)
    hand, pool, holds, draws = resources(pos, number, viewer)
    if player is viewer:
        draws = 0 if len(side) == 3 else min(3 - len(side), ref.draws_left(pos, viewer))
        sets = [hand + list(d) for d in combinations(pool, draws)]
    else:
        k = 3 - len(side)
        size = 0 if k <= 0 else min(pos.hand_sizes[viewer.opponent] + min(k, ref.draws_left(pos, player)), len(pool))
        sets = [list(r) for r in combinations(pool, size)]
    ranks = {r: Fraction(0) for r in Rank}
    for cards in sets:
        x = best(side, cards)
        if x is not None:
            ranks[Rank(x // 100)] += Fraction(1, len(sets))
    return ranks


def work(pos: Position, number: int, viewer: Player) -> int:
    _, pool, holds, draws = resources(pos, number, viewer)
    return comb(len(pool), holds) * comb(len(pool) - holds, draws)


def with_known_viewer() -> st.SearchStrategy[tuple[Position, int, Player]]:
    positions = strat.small_pool_positions(max_pool=11, claims=False)
    return st.tuples(positions, strat.stone_numbers, strat.players).filter(lambda t: t[0].hands[t[2]] is not None)


# ---- fast against twin -----------------------------------------------------------------------------


@profile(200)
@given(with_known_viewer())
def test_viewer_outcome_equals_the_twin(case: tuple[Position, int, Player]) -> None:
    pos, number, viewer = case
    assume(work(pos, number, viewer) <= WORK)
    fast = viewer_outcome(pos, number, viewer)
    assert fast.exact
    slow = twin_outcome(pos, number, viewer)
    assert (fast.south, fast.north, fast.tie, fast.undecided) == (
        slow["south"], slow["north"], slow["tie"], slow["undecided"]
    )


@st.composite
def one_card_opponent(draw: st.DrawFn) -> tuple[Position, int, Player]:
    """Stone 1 with one opponent card and 0-2 of the viewer's; the rest of the table fills the other
    stones so that the viewer's pool stays small (the twin enumerates it)."""
    cards = draw(st.permutations(ref.ALL_CARDS), label="card order")
    viewer = draw(strat.players, label="viewer")
    mine = draw(st.integers(0, 2), label="viewer's cards on stone 1")
    hand = draw(st.integers(1, 6), label="viewer's hand")
    opp_hand = draw(st.integers(0, 6), label="opponent's hand")
    deck = draw(st.integers(0, 4), label="deck")
    used = mine + 1 + hand + opp_hand + deck
    assume(54 - used <= 48)
    it = iter(cards)
    take = lambda k: " ".join(str(next(it)) for _ in range(k))  # noqa: E731
    one = (take(mine), take(1)) if viewer is S else (take(1), take(mine))
    sides = {1: one}
    rest = 54 - used
    for number in range(2, 10):
        south, north = min(3, rest), min(3, max(rest - 3, 0))
        rest -= south + north
        sides[number] = (take(south), take(north))
    hands = {viewer: take(hand), viewer.opponent: take(opp_hand)}
    pos = Position.build(
        sides, south_hand=hands[S], north_hand=hands[N], deck=deck, to_move=draw(strat.players, label="to move")
    )
    return pos, 1, viewer


@profile(150)
@given(one_card_opponent())
def test_viewer_outcome_equals_the_twin_against_a_one_card_side(case: tuple[Position, int, Player]) -> None:
    """The opponent's side holds one card: each of its completions takes two cards, counted as the
    edges of a graph (:class:`PairCounter`), not by the general search."""
    pos, number, viewer = case
    assume(work(pos, number, viewer) <= WORK)
    fast = viewer_outcome(pos, number, viewer)
    slow = twin_outcome(pos, number, viewer)
    assert fast.exact
    assert (fast.south, fast.north, fast.tie, fast.undecided) == (
        slow["south"], slow["north"], slow["tie"], slow["undecided"]
    )


@profile(100)
@given(one_card_opponent())
def test_viewer_odds_equal_the_twin_for_a_one_card_side(case: tuple[Position, int, Player]) -> None:
    """Both sides' odds where the opponent's side holds one card: the opponent's by the graph count
    (:class:`PairCounter`, every rank), the viewer's by one pass over the draw sets."""
    pos, number, viewer = case
    assume(work(pos, number, viewer) <= WORK)
    for player in (viewer.opponent, viewer):
        assert viewer_odds(pos, number, player, viewer).ranks == twin_odds(pos, number, player, viewer)


@profile(120)
@given(with_known_viewer(), strat.players)
def test_viewer_odds_equal_the_twin(case: tuple[Position, int, Player], player: Player) -> None:
    pos, number, viewer = case
    assume(work(pos, number, viewer) <= WORK)
    fast = viewer_odds(pos, number, player, viewer)
    slow = twin_odds(pos, number, player, viewer)
    assert fast.ranks == slow
    assert fast.incomplete == 1 - sum(slow.values())


@profile(40)
@given(with_known_viewer())
def test_the_estimate_is_within_five_standard_errors(case: tuple[Position, int, Player]) -> None:
    pos, number, viewer = case
    exact = viewer_outcome(pos, number, viewer)
    assume(exact.exact)
    estimate = outcome_seen_by(pos.stone(number), Seat.of(pos, viewer), samples=2000, seed=1, budget=-1)
    assert not estimate.exact and estimate.samples == 2000
    for key in ("south", "north", "tie"):
        error = estimate.stderr[key]
        assert abs(float(estimate.__getattribute__(key)) - float(exact.__getattribute__(key))) <= 5 * error + 1e-9


@profile(40)
@given(with_known_viewer())
def test_the_cached_outcome_is_a_fresh_computation(case: tuple[Position, int, Player]) -> None:
    """outcome_seen_by keeps its results per (stone, seat): a repeat gives the same object, equal to
    a computation without the cache; the cached side odds are copies (a caller's change stays local)."""
    pos, number, viewer = case
    stone, seat = pos.stone(number), Seat.of(pos, viewer)
    first = outcome_seen_by(stone, seat, samples=500)
    assert outcome_seen_by(stone, seat, samples=500) is first
    if stone.claimed is None:
        assert first == _cached_outcome.__wrapped__(stone, seat, 500, 0, 200_000)  # computed afresh
    assume(work(pos, number, viewer) <= WORK)
    odds = viewer_odds(pos, number, viewer, viewer)
    odds.ranks.clear()
    assert viewer_odds(pos, number, viewer, viewer).ranks == twin_odds(pos, number, viewer, viewer)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(4, 12).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.lists(st.sets(st.integers(0, size - 1), max_size=4), max_size=12),
            st.integers(0, size),
        )
    )
)
def test_count_hitting_equals_enumeration(case: tuple[int, list[set[int]], int]) -> None:
    """The counting twin: every n-subset of the pool checked for a need it contains."""
    size, needs, n = case
    spread = [3 * i + 1 for i in range(size)]  # pool cards not contiguous, so bit order matters
    pool = sum(1 << c for c in spread)
    masks = [sum(1 << spread[i] for i in need) for need in needs]
    slow = sum(
        any(m & ~sum(1 << c for c in chosen) == 0 for m in masks) for chosen in combinations(spread, n)
    )
    assert count_hitting(masks, pool, n, 10**9)[0] == slow


@settings(max_examples=150, deadline=None)
@given(
    st.integers(4, 12).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.lists(st.sets(st.integers(0, size - 1), min_size=2, max_size=2), max_size=20),
            st.lists(st.tuples(st.sets(st.integers(0, size - 1), max_size=3), st.integers(0, size)), min_size=1, max_size=4),
        )
    )
)
def test_pair_counter_equals_enumeration(case: tuple[int, list[set[int]], list[tuple[set[int], int]]]) -> None:
    """The graph count of holdings with a pair against enumeration, on several pools (cards taken out,
    as the viewer's draws do) sharing one counter and its remembered work."""
    size, pairs, pools = case
    spread = [3 * i + 2 for i in range(size)]
    masks = [sum(1 << spread[i] for i in pair) for pair in pairs]
    counter = PairCounter(masks)
    for removed, n in pools:
        cards = [c for i, c in enumerate(spread) if i not in removed]
        pool = sum(1 << c for c in cards)
        slow = sum(any(m & ~sum(1 << c for c in chosen) == 0 for m in masks) for chosen in combinations(cards, n))
        assert counter.hitting(pool, n, 10**9) == slow
        assert counter.hitting(pool, n, 10**9) == count_hitting([m for m in masks if m & pool == m], pool, n, 10**9)[0]


def test_reachable_from_hands_out_copies() -> None:
    first = reachable_from((), 0, (1 << 54) - 1, 3)
    first[Rank.SUM] = Fraction(7)
    assert reachable_from((), 0, (1 << 54) - 1, 3)[Rank.SUM] == 1


# ---- known values ----------------------------------------------------------------------------------


def test_endgame_06_north_cannot_win_with_a_card_south_holds() -> None:
    pos = Position.from_json((DATA / "06_endgame_empty_deck.json").read_text())
    # public figure: north wins stone 8 with 1/5 (N8 is one of the 5 cards off the table)
    eight = viewer_outcome(pos, 8, S)
    assert (eight.south, eight.north, eight.exact) == (1, 0, True)
    # stone 9: south must play N8 and Y1 there (R9 N8 Y1 = 18); north's best of B1 P2 R3 is B9 P2 R3 = 14
    nine = viewer_outcome(pos, 9, S)
    assert (nine.south, nine.north) == (1, 0)
    assert viewer_odds(pos, 8, N, S).ranks[Rank.COLOR_RUN] == 0


def test_r6_in_hand_wins_stone_one() -> None:
    pos = Position.build(
        {1: ("R4 R5", "B7 G7"), 2: ("Y9", "P2 P3 P4"), 3: ("N1 N2 N3", "G8")},
        south_hand="R6 R1 B2 Y8 G1 N9",
    )
    one = viewer_outcome(pos, 1, S)
    assert (one.south, one.north, one.tie) == (1, 0, 0)  # R4 R5 R6 beats anything B7 G7 can become
    assert viewer_odds(pos, 1, S, S).ranks[Rank.COLOR_RUN] == 1
    # stone 2: Y9 beats the complete P2 P3 P4 only as Y7 Y8 Y9; Y8 is in hand, Y7 among 36 cards, 2 draws
    two = viewer_outcome(pos, 2, S)
    assert two.south == Fraction(comb(36, 2) - comb(35, 2), comb(36, 2))


# ---- the whole-board analysis ----------------------------------------------------------------------


def won_by_south() -> Position:
    """South holds stones 4, 5, 6 (three adjacent): the game is over."""
    return Position.build(
        {4: ("R7 R8 R9", "B1 G2 Y4"), 5: ("B7 B8 B9", "R1 G3 Y5"), 6: ("G7 G8 G9", "R2 B3 Y6"), 1: ("N1", "")},
        south_hand="P1 P2 P3 P4 P5 P6",
        claimed={4: "south", 5: "south", 6: "south"},
        to_move="north",
    )


def test_default_viewer_is_the_player_whose_hand_is_known() -> None:
    from schotten_lab.analysis import analyze

    three_eights = Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 n")
    board = analyze(three_eights)  # north to move, but only south's hand is known
    assert board.viewer is S and board.counts_hand
    assert "seen by south, counting south's hand (Y1 Y2 R8 P5 B3 G9)" in str(board)
    public = analyze(Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- ?6 ?6 n"))
    assert not public.counts_hand and public.stone(1).outcome_viewer is None
    assert "public view (no hand known" in str(public)
    assert "outcome_viewer" not in public.to_dict()["stones"][0]  # type: ignore[index]


def test_json_keeps_the_public_outcome_and_adds_the_viewer_one() -> None:
    from schotten_lab.analysis import analyze

    pos = Position.from_json((DATA / "06_endgame_empty_deck.json").read_text())
    data = analyze(pos).to_dict()
    assert data["viewer"] == "south" and data["winner"] is None
    eight = data["stones"][7]  # type: ignore[index]
    assert eight["outcome"] == {"south": 0.8, "north": 0.2, "tie": 0.0}
    assert eight["outcome_viewer"] == {"south": 1.0, "north": 0.0, "tie": 0.0}


def test_a_won_game_says_so_instead_of_giving_odds() -> None:
    from schotten_lab.analysis import analyze

    pos = won_by_south()
    assert pos.winner() is S
    board = analyze(pos)
    assert board.to_dict()["winner"] == "south"
    text = str(board)
    assert "The game is over: south holds three adjacent stones (4, 5, 6)." in text
    assert "odds" not in text and "outcome" not in text and "can claim" not in text
    assert all(s.outcome_viewer is None for s in board.stones)


def test_an_estimate_is_labelled_in_the_report() -> None:
    from schotten_lab.analysis import analyze

    pos = Position.build({1: ("R4 R5", "B7 G7")}, south_hand="R6 R1 B2 Y8 G1 N9")
    board = analyze(pos, "south")
    empty = board.stone(5).outcome_viewer
    assert empty is not None and not empty.exact and empty.samples > 0
    assert empty.to_dict()["estimate"] is True and set(empty.stderr) == {"south", "north", "tie"}
    assert f"Monte Carlo estimate over {SAMPLES:,} samples" in str(board)


def test_html_and_public_only_option() -> None:
    from schotten_lab.analysis import analyze

    pos = Position.from_json((DATA / "06_endgame_empty_deck.json").read_text())
    html = viewer_outcome(pos, 8, S)._repr_html_()
    assert "seen by south" in html and "1 equally likely case)" in html  # deck empty: north holds B1 P2 R3
    assert all(s.outcome_viewer is None for s in analyze(pos, seen=False).stones)


# ---- tactics: elite troops, Mud fight, Blind-man's bluff -------------------------------------------


def twin_outcome_tactics(pos: Position, number: int, viewer: Player) -> dict[str, Fraction]:
    """:func:`twin_outcome` for any stone: capacity 4 under Mud fight, troops at their best identity."""
    import reference_tactics as rt

    s = pos.stone(number)
    cap, blind = rt.capacity_of(s.modes), "blind" in s.modes
    mine, theirs = s.side(viewer), s.side(viewer.opponent)
    hand = [c for c in pos.hand(viewer) or () if isinstance(c, Card)]
    pool = [c for c in rt.public_pool(pos) if c not in hand]
    k_v, k_o = cap - len(mine), cap - len(theirs)
    n = len(pool)
    holds = 0 if k_o <= 0 else min(pos.hand_sizes[viewer.opponent] + min(k_o, ref.draws_left(pos, viewer.opponent)), n)
    draws = 0 if k_v <= 0 else min(k_v, ref.draws_left(pos, viewer), n - holds)

    def best_of(side: tuple[object, ...], cards: list[Card] | tuple[Card, ...]) -> int | None:
        need = cap - len(side)
        if need <= 0:
            return rt.best_strength(side[:cap], blind=blind)  # type: ignore[arg-type]
        return max((rt.best_strength(side + extra, blind=blind) for extra in combinations(cards, need)), default=None)  # type: ignore[arg-type]

    tie_to = {(True, True): s.first_complete, (True, False): viewer, (False, True): viewer.opponent, (False, False): None}[
        (k_v <= 0, k_o <= 0)
    ]
    return tally(viewer, tie_to, pool, holds, draws, lambda d: best_of(mine, hand + list(d)), lambda r: best_of(theirs, r))


def tactics_work(pos: Position, number: int, viewer: Player) -> int:
    import reference_tactics as rt

    s = pos.stone(number)
    cap = rt.capacity_of(s.modes)
    hand = [c for c in pos.hand(viewer) or () if isinstance(c, Card)]
    n = len([c for c in rt.public_pool(pos) if c not in hand])
    k_o = cap - len(s.side(viewer.opponent))
    holds = min(pos.hand_sizes[viewer.opponent] + 1, n) if k_o > 0 else 0
    ids = rt.identity_count(s.south) * rt.identity_count(s.north)
    return comb(n, holds) * comb(n, min(3, n)) * comb(len(hand) + 4, 4) * ids


@profile(120)
@given(st.data())
def test_viewer_outcome_equals_the_twin_in_the_tactics_variant(data: st.DataObject) -> None:
    import strategies_tactics as strat_t

    pos = data.draw(strat_t.small_pool_positions(max_pool=9))
    number = data.draw(strat.stone_numbers)
    viewer = data.draw(strat.players)
    assume(pos.hand(viewer) is not None and pos.stone(number).claimed is None)
    assume(tactics_work(pos, number, viewer) <= 300_000)
    stone = pos.stone(number)
    event(f"modes {sorted(stone.modes)}, troops on the stone: {any(isinstance(p, Troop) for p in stone.cards())}")
    fast = viewer_outcome(pos, number, viewer)
    assert fast.exact
    slow = twin_outcome_tactics(pos, number, viewer)
    assert (fast.south, fast.north, fast.tie, fast.undecided) == (
        slow["south"], slow["north"], slow["tie"], slow["undecided"]
    )
