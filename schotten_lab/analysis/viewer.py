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
completion needs one card; as the independent sets of a graph when each needs two,
:class:`.holdings.PairCounter`; else by :func:`.odds.count_hitting`), once per threshold strength
and cards of the draw set involved. When that would exceed :data:`EXACT_BUDGET` steps, a seeded
Monte Carlo estimate is returned instead, labelled as such with its standard errors.

The modules: this one has the public functions, the side odds and the kept outcomes;
:mod:`.seat_outcome` the seat, the stone's outcome and its exact count or estimate; :mod:`.holdings`
the counting of the opponent's holdings.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import numpy as np

from ..core.cards import Card, CardMask, indices_of, mask_of, popcount
from ..core.formations import RANKS_STRONGEST_FIRST, STRENGTH_BASE, Rank
from ..core.position import Position, Stone
from ..core.rules import Player
from ..core.tactics import Piece
from .common import check_player, check_stone
from .holdings import Needs, PairCounter
from .odds import HittingBudgetExceeded, reachable_cache_clear, reachable_from
from .seat_outcome import Seat, StoneProblem, ViewerOutcome, certain_outcome

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
    needs = Needs.of(side, hand, pool, capacity, blind)
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
    needs = Needs.of(side, 0, pool, capacity, blind)
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
        return certain_outcome(seat.viewer, s.claimed)
    return _cached_outcome(s, seat, samples, seed, budget)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _cached_outcome(s: Stone, seat: Seat, samples: int, seed: int, budget: int) -> ViewerOutcome:
    problem = StoneProblem.of(s, seat)
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
