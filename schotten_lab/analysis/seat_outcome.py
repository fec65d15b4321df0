"""One stone seen from a seat: what the seat gives to work with, and who wins, counted or estimated.

:class:`Seat` is the viewer's hand, the viewer pool ``U_v`` and each player's draws left;
:class:`StoneProblem` is one stone seen from it (the viewer's draws ``D`` and the opponent's
holding ``R``, as docs/VIEWER.md defines them), whose :meth:`~StoneProblem.count` gives the exact
:class:`ViewerOutcome` (every draw set enumerated, the holdings counted by :mod:`.holdings`) and
:meth:`~StoneProblem.sample` a seeded Monte Carlo estimate with its standard errors.
:mod:`.viewer` chooses between the two, keeps the results, and is where the public functions live.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

import numpy as np

from ..core.cards import CardMask, indices_of, mask_of, popcount
from ..core.errors import AnalysisError
from ..core.position import Position, Stone
from ..core.rules import Player
from .common import check_player, fraction_table
from .holdings import HoldingCounter, Needs
from .pools import draws_left

ZERO, ONE = Fraction(0), Fraction(1)


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


@dataclass(frozen=True)
class StoneProblem:
    """One stone seen by the viewer: the viewer's draws ``D`` (``own_draws`` cards of ``U_v``) and the
    opponent's holding ``R`` (``opp_holds`` cards of ``U_v`` outside ``D``)."""

    viewer: Player
    own: Needs
    opp: Needs
    pool: CardMask
    own_draws: int
    opp_holds: int
    first_complete: Player | None
    hand_cards: tuple[int, ...]

    @classmethod
    def of(cls, s: Stone, seat: Seat) -> StoneProblem:
        cap, blind = s.capacity, s.blind
        on_stone = mask_of(s.clan_cards())
        pool, hand = seat.pool & ~on_stone, seat.hand & ~on_stone
        v, o = seat.viewer, seat.viewer.opponent
        own = Needs.of(s.side(v), hand, pool, cap, blind)
        opp = Needs.of(s.side(o), 0, pool, cap, blind)
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
        counter = HoldingCounter(self.opp, self.pool, self.opp_holds, budget)
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


def certain_outcome(viewer: Player, winner: Player) -> ViewerOutcome:
    """The outcome of a claimed stone: ``winner`` has it, whatever the seat."""
    south = ONE if winner is Player.SOUTH else ZERO
    return ViewerOutcome(viewer, south, ONE - south, ZERO, ZERO, True, 1)


__all__ = ["Seat", "StoneProblem", "ViewerOutcome", "certain_outcome"]
