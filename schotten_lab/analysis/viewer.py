"""Stone outcomes and formation odds seen by a player (docs/VIEWER.md), exact where feasible.

The public figures (:mod:`.outcome`, :mod:`.odds`) complete both sides at random from the public pool
``U``, so a card in the viewer's own hand may "complete" the opponent's side, and a card the viewer
holds for a side counts for nothing. Seen by viewer ``v`` (hand ``H`` known, opponent ``o``, viewer
pool ``U_v = U - H``), for one stone whose sides miss ``k_v`` and ``k_o`` cards:

- ``o`` holds a uniform random set ``R`` of ``U_v``: as many cards as their hand, plus the draws they
  get while placing their ``k_o`` cards (``min(k_o, draws left)``); with the deck empty ``R`` is
  exactly ``U_v``;
- ``v`` draws a uniform random set ``D`` of ``min(k_v, draws left)`` cards of ``U_v`` outside ``R``;
- each player completes the side with the strongest choice of the cards they hold (``H ∪ D`` for the
  viewer, ``R`` for the opponent); a side that cannot be completed leaves the stone undecided;
- the sides compare as in the rules; a full tie goes to a side that is already complete, and
  otherwise is a tie decided by who completes first.

Exact: the viewer's draw sets are few (at most 4 cards), so each is enumerated; the opponent's
holdings are counted, not enumerated, by the completions they contain (in closed form when each
completion needs one card; as the independent sets of a graph when each needs two, :class:`PairCounter`;
else by :func:`.odds.count_hitting`), once per threshold strength and cards of the draw set involved. When that would exceed
:data:`EXACT_BUDGET` steps, a seeded Monte Carlo estimate is returned instead, labelled as such with
its standard errors.
"""

from __future__ import annotations

import bisect
import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

import numpy as np

from ..core.cards import Card, CardMask, indices_of, mask_of, popcount
from ..core.errors import AnalysisError
from ..core.formations import RANKS_STRONGEST_FIRST, STRENGTH_BASE, Rank
from ..core.position import Position, Stone
from ..core.rules import Player
from ..core.sides import combinadic, side_completions, side_strength
from ..core.tactics import Piece
from .common import check_player, check_stone, fraction_table
from .odds import HittingBudgetExceeded, count_hitting, reachable_cache_clear, reachable_from
from .pools import draws_left

ZERO, ONE = Fraction(0), Fraction(1)

EXACT_BUDGET = 200_000
"""Most counting steps (opponent completions times search nodes) before the estimate is used instead."""
NODE_BUDGET = 40_000
"""Most search steps spent counting the opponent's holdings before the estimate is used instead."""
SAMPLES = 2_000
"""Monte Carlo samples when the exact count is too large: each probability's standard error is at most
0.5/sqrt(2000) ~ 1.1 points, and is shown with the figure (docs/VIEWER.md)."""
CACHE_SIZE = 1024
"""Most stone/seat states whose outcome :func:`outcome_seen_by` keeps (an editor or notebook asks the
same states again: undo, re-analysis of an unchanged stone)."""


@dataclass(frozen=True, slots=True)
class ViewerOutcome:
    """Who wins a stone, seen by ``viewer`` (docs/VIEWER.md).

    ``south``/``north``/``tie`` as in :class:`~.outcome.Outcome` (``tie``: equal sides, decided by who
    completes first); ``undecided``: the viewer cannot complete the side from hand and draws.
    ``exact`` is False for a Monte Carlo estimate, which then carries ``stderr`` and ``samples``
    (``cases`` is the number of equally likely cases counted when exact).
    """

    viewer: Player
    south: Fraction
    north: Fraction
    tie: Fraction
    undecided: Fraction = ZERO
    exact: bool = True
    cases: int = 0
    stderr: dict[str, float] = field(default_factory=dict)
    samples: int = 0
    seed: int | None = None

    def __getitem__(self, player: Player | str) -> Fraction:
        return self.south if Player.parse(player) is Player.SOUTH else self.north

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"south": float(self.south), "north": float(self.north), "tie": float(self.tie)}
        if self.undecided:
            out["undecided"] = float(self.undecided)
        if not self.exact:
            out.update(estimate=True, stderr=dict(self.stderr), samples=self.samples, seed=self.seed)
        return out

    def _repr_html_(self) -> str:
        rows = [("south wins", self.south), ("north wins", self.north), ("tie (completion order)", self.tie)]
        if self.undecided:
            rows.append((f"{self.viewer.value} cannot complete", self.undecided))
        cases = f"{self.cases:,} equally likely case{'s' * (self.cases != 1)}"
        how = cases if self.exact else f"estimate, {self.samples:,} samples"
        return fraction_table(rows, f"stone outcome seen by {self.viewer.value} ({how})")


@dataclass(frozen=True, slots=True)
class ViewerSideOdds:
    """The final formation of one side seen by ``viewer``: ``ranks[r]`` = P(its best rank is ``r``).

    The viewer's own side: the best of hand plus draws (``incomplete``: no completion at all); the
    opponent's side: random completion from ``U_v`` (:class:`~.odds.CompletionOdds` of that pool).
    """

    player: Player
    viewer: Player
    ranks: dict[Rank, Fraction]
    incomplete: Fraction
    capacity: int
    own: bool

    def to_dict(self) -> dict[str, float]:
        return {r.key: float(self.ranks[r]) for r in RANKS_STRONGEST_FIRST}


# ---- public functions ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Seat:
    """What the viewer's seat gives to work with: the viewer's hand, ``U_v``, and each player's resources.

    ``draws_left`` are the draws each player still gets (a side of ``k`` missing cards gets
    ``min(k, draws left)`` of them while it is completed); ``opp_hand`` is the opponent's hand size.
    Seats compare and hash by :attr:`key`, so outcomes can be cached per seat.
    """

    viewer: Player
    hand: CardMask
    pool: CardMask
    draws_left: dict[Player, int]
    opp_hand: int

    @classmethod
    def of(cls, position: Position, viewer: Player | str) -> Seat:
        v = check_player(viewer, "viewer")
        hand = position.clan_hand(v)
        if hand is None:
            raise AnalysisError(
                f"the figures seen by {v.value} need {v.value}'s hand, which the position does not list"
            )
        left = {p: draws_left(position, p) for p in (Player.SOUTH, Player.NORTH)}
        return cls(v, mask_of(hand), position.viewer_pool(v), left, position.hand_sizes[v.opponent])

    @property
    def key(self) -> tuple[object, ...]:
        """Everything of the seat the figures depend on, hashable (for the outcome cache)."""
        return (self.viewer, self.hand, self.pool, tuple(sorted(self.draws_left.items())), self.opp_hand)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seat) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


def viewer_outcome(
    position: Position, stone: int, viewer: Player | str, *, samples: int = SAMPLES, seed: int = 0
) -> ViewerOutcome:
    """Who wins ``stone`` seen by ``viewer``, whose hand the position must list (docs/VIEWER.md)."""
    seat = Seat.of(position, viewer)
    s = position.stone(check_stone(position, stone))
    return outcome_seen_by(s, seat, samples=samples, seed=seed)


def viewer_odds(position: Position, stone: int, player: Player | str, viewer: Player | str) -> ViewerSideOdds:
    """The final formation of ``player``'s side of ``stone`` seen by ``viewer`` (exact)."""
    seat = Seat.of(position, viewer)
    s = position.stone(check_stone(position, stone))
    return side_odds_seen_by(s, check_player(player), seat)


def side_odds_seen_by(s: Stone, player: Player, seat: Seat) -> ViewerSideOdds:
    """:func:`viewer_odds` for a bare stone and seat: the best formation the player's cards allow.

    The viewer's side: the best of hand plus the draws while completing it; the opponent's side: the
    best of a random set of ``U_v`` as large as their hand plus those draws.
    """
    side = s.side(player)
    pool = seat.pool & ~mask_of(s.clan_cards())
    need = max(s.capacity - len(side), 0)
    own = player is seat.viewer
    if own:
        draws = min(need, seat.draws_left[player])
        hand = seat.hand & ~mask_of(s.clan_cards())
        at_least = _own_side_at_least(side, hand, pool, draws, s.capacity, s.blind) or reachable_from(
            side, seat.hand, pool, draws, capacity=s.capacity, blind=s.blind
        )
    else:
        holds = min(seat.opp_hand + min(need, seat.draws_left[player]), popcount(pool))
        at_least = _pairs_at_least(side, pool, holds, s.capacity, s.blind) or reachable_from(
            side, 0, pool, holds, capacity=s.capacity, blind=s.blind
        )
    ranks = {r: at_least[r] - (at_least[Rank(r + 1)] if r < Rank.COLOR_RUN else ZERO) for r in Rank}
    return ViewerSideOdds(player, seat.viewer, ranks, ONE - at_least[Rank.SUM], s.capacity, own)


OWN_SIDE_LOOKUPS = 2_000_000
"""Most table look-ups (draw sets times card choices) for :func:`_own_side_at_least`'s single pass."""


def _own_side_at_least(
    side: tuple[Piece, ...], hand: CardMask, pool: CardMask, draws: int, capacity: int, blind: bool
) -> dict[Rank, Fraction] | None:
    """P(the viewer's best completion of ``side`` from hand plus ``draws`` cards of ``pool`` reaches at
    least each rank), all ranks in one pass over the draw sets (each set's best strength looked up in
    the side's completion table), instead of one count per rank. ``None`` where that pass would be
    too long, or for sides it does not cover (wild troops, Blind-man's bluff): the caller counts then."""
    if blind or len(side) >= capacity or not all(isinstance(p, Card) for p in side):
        return None
    cards = list(indices_of(pool))
    sets = math.comb(len(cards), draws)
    held = popcount(hand)
    missing = capacity - len(side)
    if sets == 0 or sets * math.comb(held + draws, missing) > OWN_SIDE_LOOKUPS:
        return None
    needs = _Needs.of(side, hand, pool, capacity, blind)
    listed = list(combinations(cards, draws))
    drawn = np.array(listed, dtype=np.int64).reshape(len(listed), draws)
    own = np.broadcast_to(np.array(list(indices_of(hand)), dtype=np.int64), (len(listed), held))
    best = needs.best(np.sort(np.concatenate([own, drawn], axis=1), axis=1))
    ranks = np.where(best >= 0, best // STRENGTH_BASE, -1)
    return {r: Fraction(int((ranks >= int(r)).sum()), sets) for r in Rank}


PAIR_NODE_BUDGET = 100_000
"""Most branching steps :func:`_pairs_at_least` spends on all ranks before the per-rank count is used."""


def _pairs_at_least(side: tuple[Piece, ...], pool: CardMask, holds: int, capacity: int, blind: bool) -> dict[Rank, Fraction] | None:
    """P(a random ``holds``-card subset of ``pool`` completes ``side`` into at least each rank) when
    every completion takes two cards (a side with one card): the completions of each rank and above
    are the edges of a graph, counted by :class:`PairCounter`. ``None`` when the side is not of that
    kind (or the count would run long): the caller counts per rank then."""
    if blind or len(side) != capacity - 2 or not all(isinstance(p, Card) for p in side):
        return None
    total = math.comb(popcount(pool), holds)
    if total == 0:
        return None
    needs = _Needs.of(side, 0, pool, capacity, blind)
    ranks = needs.strengths // STRENGTH_BASE
    spent = 0
    out: dict[Rank, Fraction] = {}
    try:
        for r in Rank:
            chosen = needs.masks[ranks >= int(r)]
            graph = PairCounter([int(m) for m in chosen.tolist()])
            out[r] = Fraction(graph.hitting(pool, holds, PAIR_NODE_BUDGET - spent), total)
            spent += graph.last_nodes
    except HittingBudgetExceeded:
        return None
    return out


def outcome_seen_by(
    s: Stone, seat: Seat, *, samples: int = SAMPLES, seed: int = 0, budget: int = EXACT_BUDGET
) -> ViewerOutcome:
    """:func:`viewer_outcome` for a bare stone and seat: exact within ``budget`` counting steps, else
    a seeded Monte Carlo estimate with its standard errors.

    Computed once per distinct (stone, seat, samples, seed, budget): the result depends on nothing
    else, so the last :data:`CACHE_SIZE` are kept and returned again (treat them as read-only)."""
    if s.claimed is not None:
        return _certain(seat.viewer, s.claimed)
    return _cached_outcome(s, seat, samples, seed, budget)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _cached_outcome(s: Stone, seat: Seat, samples: int, seed: int, budget: int) -> ViewerOutcome:
    problem = _Problem.of(s, seat)
    if problem.exact_work() <= budget:
        try:
            return problem.count(min(budget, NODE_BUDGET))
        except HittingBudgetExceeded:
            pass
    return problem.sample(samples, seed)


def clear_caches() -> None:
    """Forget the kept viewer outcomes and side odds (benchmarks time the computation, not a look-up)."""
    _cached_outcome.cache_clear()
    reachable_cache_clear()


# ---- the computation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Needs:
    """One side's completions: the cards each takes beyond what the player surely holds, and strengths.

    A complete side has the single need 0 with its strength; ``fixed`` says so. ``table`` gives the
    strength of the side plus any set of ``missing`` cards (-1 where that set is not a completion),
    indexed by :func:`~schotten_lab.core.sides.combinadic`.
    """

    masks: np.ndarray
    strengths: np.ndarray
    fixed: bool
    missing: int
    table: np.ndarray

    @classmethod
    def of(cls, side: tuple[Piece, ...], held: CardMask, pool: CardMask, capacity: int, blind: bool) -> _Needs:
        if len(side) >= capacity:
            strength = np.array([side_strength(side[:capacity], blind=blind)], dtype=np.int64)
            return cls(np.zeros(1, np.uint64), strength, True, 0, strength)
        comps = side_completions(side, held | pool, capacity=capacity, blind=blind, ordered=False)
        missing = comps.added.shape[1]
        weights = np.left_shift(np.uint64(1), comps.added.astype(np.uint64))
        masks = np.bitwise_or.reduce(weights, axis=1)
        table = np.full(math.comb(54, missing), -1, dtype=np.int64)
        table[combinadic(np.sort(comps.added, axis=1))] = comps.strengths
        return cls(masks & np.uint64(~held & _ALL64), comps.strengths, False, missing, table)

    @property
    def singles(self) -> bool:
        """Every completion takes at most one card beyond the held ones (counted in closed form)."""
        return len(self.masks) == 0 or int(np.bitwise_count(self.masks).max()) <= 1

    def best(self, holdings: np.ndarray) -> np.ndarray:
        """The strongest completion from each row of ``holdings`` (ascending card indices; -1: none)."""
        rows = len(holdings)
        if self.fixed:
            return np.full(rows, int(self.strengths[0]), dtype=np.int64)
        width = holdings.shape[1]
        if width < self.missing or len(self.strengths) == 0:
            return np.full(rows, -1, dtype=np.int64)
        picks = np.array(list(combinations(range(width), self.missing)), dtype=np.intp)
        keys = np.zeros((rows, len(picks)), dtype=np.int32)
        for col in range(self.missing):  # combinadic index of each chosen subset, column by column
            terms = _CHOOSE32[holdings, col + 1]  # C(card, col + 1) for every held card, then picked
            keys += terms[:, picks[:, col]]
        found: np.ndarray = self.table[keys].max(axis=1)
        return found


_ALL64 = (1 << 64) - 1
_CHOOSE = np.array([[math.comb(n, k) for k in range(5)] for n in range(55)], dtype=np.int64)
"""``_CHOOSE[n, k] = C(n, k)``: the terms of :func:`~schotten_lab.core.sides.combinadic`."""
_CHOOSE32 = _CHOOSE.astype(np.int32)
"""The same in 32 bits (C(54, 4) fits): half the memory traffic in the sampled ``best``."""


@dataclass(frozen=True)
class _Problem:
    """One stone seen by the viewer: the viewer's draws ``D`` (``own_draws`` cards of ``U_v``) and the
    opponent's holding ``R`` (``opp_holds`` cards of ``U_v`` outside ``D``)."""

    viewer: Player
    own: _Needs
    opp: _Needs
    pool: CardMask
    own_draws: int
    opp_holds: int
    first_complete: Player | None
    hand_cards: tuple[int, ...]

    @classmethod
    def of(cls, s: Stone, seat: Seat) -> _Problem:
        cap, blind = s.capacity, s.blind
        on_stone = mask_of(s.clan_cards())
        pool, hand = seat.pool & ~on_stone, seat.hand & ~on_stone
        v, o = seat.viewer, seat.viewer.opponent
        own = _Needs.of(s.side(v), hand, pool, cap, blind)
        opp = _Needs.of(s.side(o), 0, pool, cap, blind)
        n = popcount(pool)
        opp_holds = 0 if opp.fixed else min(seat.opp_hand + min(opp.missing, seat.draws_left[o]), n)
        own_draws = 0 if own.fixed else min(own.missing, seat.draws_left[v], n - opp_holds)
        return cls(v, own, opp, pool, own_draws, opp_holds, s.first_complete, tuple(indices_of(hand)))

    def exact_work(self) -> int:
        """A rough count of the steps of the exact count (to choose it or the estimate)."""
        draws = math.comb(popcount(self.pool), self.own_draws)
        return draws * (1 if self.opp.singles else max(1, len(self.opp.masks)))

    def _tie_goes_to(self) -> Player | None:
        if self.own.fixed and self.opp.fixed:
            return self.first_complete
        if self.own.fixed:
            return self.viewer
        if self.opp.fixed:
            return self.viewer.opponent
        return None

    def _split(self, win: int, tie: int, lose: int, undecided: int, total: int) -> tuple[Fraction, ...]:
        """(south, north, tie, undecided) from the viewer's counts."""
        if total == 0:
            return ZERO, ZERO, ZERO, ONE
        to = self._tie_goes_to()
        if to is self.viewer:
            win, tie = win + tie, 0
        elif to is self.viewer.opponent:
            lose, tie = lose + tie, 0
        mine, theirs = Fraction(win, total), Fraction(lose, total)
        south, north = (mine, theirs) if self.viewer is Player.SOUTH else (theirs, mine)
        return south, north, Fraction(tie, total), Fraction(undecided, total)

    def count(self, budget: int) -> ViewerOutcome:
        """Exact: every draw set ``D`` of the viewer (few: at most 4 cards), and the opponent's
        holdings ``R`` counted by the completions they contain.

        The holdings that beat (or reach) the viewer's ``x`` are those holding a completion of
        strength at least ``t``, the smallest opponent strength above (or at least) ``x``; how many
        there are depends only on ``t`` and on the cards of ``D`` that such completions use. So one
        count per distinct (``t``, those cards) serves every draw set and every ``x`` that share them."""
        cards = list(indices_of(self.pool))
        n = len(cards)
        per_d = math.comb(n - self.own_draws, self.opp_holds)
        win = tie = lose = undecided = cases = 0
        listed = list(combinations(cards, self.own_draws))
        draw_sets = np.array(listed, dtype=np.int64).reshape(len(listed), self.own_draws)
        hand = np.broadcast_to(np.array(self.hand_cards, dtype=np.int64), (len(draw_sets), len(self.hand_cards)))
        bests = self.own.best(np.sort(np.concatenate([hand, draw_sets], axis=1), axis=1))
        if self.opp.singles:
            win, tie, lose, undecided = self._count_single_holdings(draw_sets, bests, n - self.own_draws)
            cases = per_d * len(draw_sets)
            south, north, tie_p, und = self._split(win, tie, lose, undecided, cases)
            return ViewerOutcome(self.viewer, south, north, tie_p, und, True, cases)
        counter = _HoldingCounter(self, budget)
        # every set of ``missing`` cards completes a side, so a holding completes it iff it is that large
        done = per_d if self.opp_holds >= self.opp.missing else 0
        for drawn, x in zip(draw_sets.tolist(), bests.tolist()):
            cases += per_d
            if x < 0:
                undecided += per_d
                continue
            d = sum(1 << c for c in drawn)
            above, reach = counter.at_least(x + 1, d), counter.at_least(x, d)
            lose += above
            tie += reach - above
            win += done - reach
            undecided += per_d - done
        south, north, tie_p, und = self._split(win, tie, lose, undecided, cases)
        return ViewerOutcome(self.viewer, south, north, tie_p, und, True, cases)

    def _count_single_holdings(self, draw_sets: np.ndarray, bests: np.ndarray, n: int) -> tuple[int, int, int, int]:
        """(win, tie, lose, undecided) summed over the draw sets when each opponent completion needs
        one card (or none): the holdings of ``k`` cards among ``n`` that miss all ``j`` wanted cards
        number ``C(n - j, k)``; all the draw sets at once."""
        k = self.opp_holds
        draws = np.zeros(len(draw_sets), dtype=np.uint64)
        for col in range(draw_sets.shape[1]):
            draws |= np.left_shift(np.uint64(1), draw_sets[:, col].astype(np.uint64))
        free = (self.opp.masks[None, :] & draws[:, None]) == 0  # the wanted card is not among the draws
        strengths = self.opp.strengths[None, :]
        above_n = (free & (strengths > bests[:, None])).sum(axis=1)
        reach_n = (free & (strengths >= bests[:, None])).sum(axis=1)
        # a complete opponent side (need 0) is in every holding: count 1 holding (k = 0) when it qualifies
        all_holdings = math.comb(n, k)
        miss = np.array([math.comb(n - j, k) if j <= n else 0 for j in range(len(self.opp.masks) + 1)], dtype=np.int64)
        above = np.where(self.opp.fixed, np.minimum(above_n, 1) * all_holdings, all_holdings - miss[above_n])
        reach = np.where(self.opp.fixed, np.minimum(reach_n, 1) * all_holdings, all_holdings - miss[reach_n])
        done = all_holdings if k >= self.opp.missing else 0
        decided = bests >= 0
        lose = int(above[decided].sum())
        tie = int((reach - above)[decided].sum())
        win = int((done - reach)[decided].sum())
        undecided = int((all_holdings - done) * decided.sum() + all_holdings * (~decided).sum())
        return win, tie, lose, undecided

    def sample(self, samples: int, seed: int) -> ViewerOutcome:
        """Monte Carlo: shuffle ``U_v``; the opponent holds the first cards, the viewer draws the next."""
        if samples <= 0:
            raise AnalysisError(f"samples must be positive, not {samples}")
        rng = np.random.default_rng(seed)
        cards = np.array(list(indices_of(self.pool)), dtype=np.int64)
        order = cards[np.argsort(rng.random((samples, len(cards))), axis=1)]
        end = self.opp_holds + self.own_draws
        hand = np.broadcast_to(np.array(self.hand_cards, dtype=np.int64), (samples, len(self.hand_cards)))
        x = self.own.best(np.sort(np.concatenate([hand, order[:, self.opp_holds : end]], axis=1), axis=1))
        y = self.opp.best(np.sort(order[:, : self.opp_holds], axis=1))
        done = (x >= 0) & (y >= 0)
        win, eq, lose = int((done & (x > y)).sum()), int((done & (x == y)).sum()), int((done & (x < y)).sum())
        south, north, tie, und = self._split(win, eq, lose, samples - win - eq - lose, samples)

        def se(p: Fraction) -> float:
            return math.sqrt(float(p) * (1 - float(p)) / samples)

        errors = {"south": se(south), "north": se(north), "tie": se(tie)}
        return ViewerOutcome(self.viewer, south, north, tie, und, False, 0, errors, samples, seed)


class _HoldingCounter:
    """How many opponent holdings (``opp_holds`` cards of ``U_v`` outside the viewer's draws ``d``)
    hold a completion of strength at least ``t``: counted once per distinct (threshold, cards of ``d``
    those completions use), within ``budget`` search steps in all.

    When each of those completions takes two cards (an opponent side with one card), they are the
    edges of a graph and the holdings that hold none are its independent sets: counted by
    :class:`PairCounter`, which keeps its work across draw sets. Otherwise
    :func:`~.odds.count_hitting` counts them."""

    def __init__(self, problem: _Problem, budget: int) -> None:
        opp = problem.opp
        self.pool, self.k, self.budget, self.spent = problem.pool, problem.opp_holds, budget, 0
        ordered = np.sort(opp.strengths)  # np.unique's answer, without its first-call import of numpy.ma
        self.thresholds = ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))] if len(ordered) else ordered
        order = np.argsort(opp.strengths, kind="stable")
        self.masks, self.strengths = opp.masks[order], opp.strengths[order]
        # the cards used by the completions of strength >= each threshold
        suffix = np.bitwise_or.accumulate(self.masks[::-1])[::-1] if len(self.masks) else self.masks
        self.starts = np.searchsorted(self.strengths, self.thresholds, side="left")
        self.uses = [int(suffix[i]) for i in self.starts]
        self.levels: list[int] = self.thresholds.tolist()  # for bisect: cheaper than np.searchsorted per call
        self.pairs = len(self.masks) > 0 and bool((np.bitwise_count(self.masks) == 2).all())
        self.graphs: dict[int, PairCounter] = {}
        self.cache: dict[tuple[int, int], int] = {}

    def at_least(self, strength: int, d: int) -> int:
        """Holdings outside ``d`` with a completion of strength >= ``strength``."""
        i = bisect.bisect_left(self.levels, strength)
        if i == len(self.levels):
            return 0
        key = (i, d & self.uses[i])
        if key not in self.cache:
            self.cache[key] = self._count(i, d)
        return self.cache[key]

    def _count(self, i: int, d: int) -> int:
        masks = self.masks[self.starts[i]:]
        pool = self.pool & ~d
        if self.pairs:
            if i not in self.graphs:
                self.graphs[i] = PairCounter([int(m) for m in masks.tolist()])
            graph = self.graphs[i]
            found = graph.hitting(pool, self.k, self.budget - self.spent)
            self.spent += graph.last_nodes
            return found
        wanted = masks[(masks & np.uint64(d)) == 0]
        if len(wanted) == 0:
            return 0
        if (wanted == 0).any():
            return math.comb(popcount(pool), self.k)
        found, nodes = count_hitting([int(w) for w in wanted.tolist()], pool, self.k, self.budget - self.spent)
        self.spent += nodes + 1
        return found


class PairCounter:
    """The ``k``-subsets of a pool that contain at least one of a fixed set of card pairs.

    The pairs are the edges of a graph; a subset holds none of them iff it is an independent set, so
    ``hitting = C(n, k) - sum_j I_j * C(others, k - j)`` with ``I_j`` the independent sets of ``j``
    cards among the pool's cards that some pair uses, and ``others`` the pool's remaining cards. The
    independence polynomial (truncated at degree ``k``) is found by branching on a card of highest
    degree (``I(V) = I(V - v) + z I(V - N[v])``), isolated cards in closed form, and remembered per
    card set, so later pools (other draw sets) reuse the work.
    """

    def __init__(self, pairs: list[CardMask]) -> None:
        self.adjacent: dict[int, int] = {}
        for m in pairs:
            a, b = indices_of(m)
            self.adjacent[a] = self.adjacent.get(a, 0) | 1 << b
            self.adjacent[b] = self.adjacent.get(b, 0) | 1 << a
        self.used = 0
        for c in self.adjacent:
            self.used |= 1 << c
        self.memo: dict[tuple[int, int], int] = {}
        self.last_nodes = 0

    def hitting(self, pool: CardMask, k: int, budget: int) -> int:
        """How many ``k``-subsets of ``pool`` contain a pair; :class:`HittingBudgetExceeded` past
        ``budget`` new branching steps."""
        self.last_nodes = 0
        verts = pool & self.used
        others = popcount(pool) - popcount(verts)
        packed = self._poly(verts, k, budget)
        digit = (1 << _DIGIT) - 1
        free = sum((packed >> (_DIGIT * j) & digit) * math.comb(others, k - j) for j in range(k + 1))
        return math.comb(popcount(pool), k) - free

    def _poly(self, verts: int, k: int, budget: int) -> int:
        """The independence polynomial of ``verts`` truncated at degree ``k``, packed in one int
        (coefficient ``j`` in bits ``64 j`` to ``64 j + 63``: every count is below ``2**52``, so
        sums and products of packed polynomials never carry into a kept coefficient)."""
        key = (verts, k)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.last_nodes += 1
        if self.last_nodes > budget:
            raise HittingBudgetExceeded(f"more than {budget} steps to count the holdings exactly")
        isolated = 0
        pick, degree = -1, 0
        adjacent = self.adjacent
        rest = verts
        while rest:  # the cards in ascending order (as indices_of gives them)
            low = rest & -rest
            rest ^= low
            v = low.bit_length() - 1
            deg = (adjacent[v] & verts).bit_count()
            if deg == 0:
                isolated |= low
            elif deg > degree:
                pick, degree = v, deg
        m = isolated.bit_count()
        if pick < 0:
            result = _binomial_poly(m, k)
        elif isolated:
            result = self._poly(verts & ~isolated, k, budget) * _binomial_poly(m, k) & _truncation(k)
        else:
            without = self._poly(verts & ~(1 << pick), k, budget)
            with_ = self._poly(verts & ~(1 << pick) & ~adjacent[pick], k, budget)
            result = (without + (with_ << _DIGIT)) & _truncation(k)
        self.memo[key] = result
        return result


_DIGIT = 64
"""Bits per coefficient of a packed polynomial (:meth:`PairCounter._poly`)."""


@functools.cache
def _truncation(k: int) -> int:
    """The mask keeping the coefficients of degree 0 to ``k`` of a packed polynomial."""
    return (1 << (_DIGIT * (k + 1))) - 1


@functools.cache
def _binomial_poly(m: int, k: int) -> int:
    """``(1 + z) ** m`` truncated at degree ``k``, packed: the independent sets of ``m`` isolated cards."""
    return sum(math.comb(m, j) << (_DIGIT * j) for j in range(k + 1))


def _certain(viewer: Player, winner: Player) -> ViewerOutcome:
    south = ONE if winner is Player.SOUTH else ZERO
    return ViewerOutcome(viewer, south, ONE - south, ZERO, ZERO, True, 1)


__all__ = [
    "Seat",
    "ViewerOutcome",
    "ViewerSideOdds",
    "clear_caches",
    "outcome_seen_by",
    "side_odds_seen_by",
    "viewer_odds",
    "viewer_outcome",
]
