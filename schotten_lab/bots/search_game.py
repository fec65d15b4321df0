"""One search over a game interface: the advisor's steps, written once for every variant.

A variant gives the search a :class:`SearchGame`: what the player to move sees, the candidate moves
(every legal one, most promising first) and the ones worth searching, the winner once a move is
played on the table alone (the moves certain to win or lose), hidden cards dealt and a move played
out on them (one deal at a time, or a whole batch in one call), the exact endgame where the variant
has one, the facts of a move (structured, rendered by :mod:`~schotten_lab.core.words`) and the move
as a :class:`~.advice.MoveAdvice`. Two implementations: the base game and its expert variant
(:class:`.base_search.BaseGame`) and the tactics variant (:class:`.tactics_search.TacticsGame`).

:func:`advise_game` then runs the same steps for both: the budget split (four fifths of the time
for the search when every move is explained or a reason can be costly, nine tenths when only the
best move's reason is written; the rest for the reasons), the exact endgame, else the moves
certain to win at once and the Monte Carlo search with its fresh measurement of the chosen move
(:func:`.advice.search`), the ranking (:func:`.advice.ranked`), and the reasons.
:func:`common_deals` plays moves on the same fresh deals (what :func:`.advisor.compare_turns` and the
review score with), and :func:`diverse` is the one rule that keeps near-duplicate placements out of
the searched set.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from ..core.position import Position
from ..core.words import Facts
from ..game import Turn
from .budget import Budget
from .advice import WINS_AT_ONCE, Advice, Batch, MoveAdvice, Result, deal_by_deal, ranked, score, search

M = TypeVar("M", bound=Hashable)
S = TypeVar("S")

SEARCH_WIDTH = 10
"""Placements searched by Monte Carlo at a small budget (the least ``width`` of :func:`.advisor.advise`):
the most promising."""
FIRST_ROUND_DEALS = 32
"""Deals every move gets in sequential halving's first round before the base game's search widens
(:func:`width_for`): on fewer, the moves the heuristic ranks low are dropped on noise."""
MOST_WIDTH = 64
"""More moves than the base game ever has (6 cards on 9 stones): :func:`width_for` stops there."""
ROLLOUTS_A_SECOND = {True: 5_000, False: 500}
"""A cautious pace of the base game's rollouts a second, compiled or not (measured: 8,000-12,000
compiled from the opening at the default policy, 1,300 plain on a middle game), to choose the width
of a search on the clock (a play-out that looks ahead costs several)."""
COSTLY_REASON_SECONDS = 0.3
"""What one deep reason may cost in a game whose reasons are costly (the tactics variant's exact
chances on a Mud fight's 4-card sides: up to 0.3 s measured, on a loaded machine). On the clock a
deep reason is given only while this much time is left, else the reason without its exact chances,
so that the answer comes within the budget; the search leaves it that much, and
:data:`REASON_MARGIN` for its last call of play-outs, up to 35% of the budget (at least 20%)."""
REASON_MARGIN = 0.05
EXPLAINED = 5
"""The top moves whose reasons carry the deep facts (:mod:`.move_facts`); the others get the cheap ones."""
PER_PIECE = 3
"""Most stones one card or troop is searched on (:func:`diverse`): the others are near-duplicates."""

Exact = tuple[dict[M, Result], dict[M, int | None]]
"""The exact endgame's answer: each move's exact result, and its turns to the end under best play."""


class SearchGame(Protocol[M, S]):
    """What one variant gives the search (see the module): moves of type ``M``, full states ``S``.

    ``me`` is the mover's seat (0 south, 1 north); ``method`` the Monte Carlo search's name in
    :attr:`.advice.Advice.method`; ``costly_reasons`` says that a reason can take a tenth of a second
    (the tactics variant's Mud fight chances), so that on the clock the moves the search did not try
    are explained only while the budget lasts."""

    me: int
    method: str
    costly_reasons: bool

    @property
    def playout_cost(self) -> int:
        """The rollouts one play-out of :meth:`batch` or :meth:`play_out` plays (1, or more where a
        play-out searches the mover's next turn): a budget of rollouts pays for this many a play-out."""
        ...

    @property
    def measure_cost(self) -> int:
        """The rollouts one play-out of :meth:`measure` plays."""
        ...

    def moves(self) -> tuple[list[M], dict[M, list[int]]]:
        """Every legal move of the mover, most promising first, and the stones (0-based) each one
        claims (claims rest on the table alone)."""
        ...

    def searched(self, moves: Sequence[M]) -> list[M]:
        """Of ``moves`` (as :meth:`moves` orders them), the ones the Monte Carlo search tries, in the
        order it tries them."""
        ...

    def winner_after(self, move: M) -> int:
        """The winner (0, 1; -1 none yet) once ``move`` is played on the table alone: the moves
        certain to end the game (:func:`certain`)."""
        ...

    def held(self, claims: Mapping[M, Sequence[int]]) -> dict[M, int] | None:
        """The stones the mover holds after each move (a tie-break of the ranking), or ``None``."""
        ...

    def solve(self, moves: Sequence[M], deadline: float, iterations: int | None) -> Exact[M] | None:
        """The exact endgame, where the variant has one and it finishes in its budget (the clock up
        to ``deadline``, or a node budget from ``iterations``); ``None`` otherwise."""
        ...

    def deal(self, rng: random.Random) -> S:
        """One full state consistent with what the mover sees (the hidden cards dealt)."""
        ...

    def play_out(self, state: S, move: M, rng: random.Random) -> float:
        """``move`` on a copy of ``state``, then the rollout policy: the game's value for the mover."""
        ...

    def batch(self) -> Batch[M] | None:
        """Deals and play-outs in one call (:data:`.advice.Batch`), or ``None`` to play them one
        deal at a time with :meth:`deal` and :meth:`play_out` (:func:`.advice.deal_by_deal`: the same
        halving, the same common random numbers)."""
        ...

    def measure(self) -> Batch[M] | None:
        """The batch that measures the chosen move's estimate on fresh deals, where its values must
        differ from :meth:`batch`'s (unbiased where the search's read high); ``None``: :meth:`batch`."""
        ...

    def facts(self, move: M, claims: Sequence[int], deep: bool) -> Facts:
        """Why ``move`` (with its ``claims``, stones 0-based) is interesting, as facts; ``deep``
        asks for the costlier ones where the variant has them."""
        ...

    def move_advice(self, move: M) -> MoveAdvice:
        """``move`` as a :class:`~.advice.MoveAdvice` (its card, stone, play, deck or put-back; no
        claims and no figures yet: :func:`advise_game` fills them)."""
        ...

    def move_of(self, turn: Turn) -> M:
        """A checked turn (:class:`~schotten_lab.game.Turn`) as a search move."""
        ...


def diverse(moves: Sequence[M], width: int, piece: Callable[[M], object], bare: Callable[[M], bool] = lambda m: False) -> list[M]:
    """The first ``width`` of ``moves`` (best first), skipping near-duplicates: no piece (``piece(move)``,
    ``None`` for a pass) on more than :data:`PER_PIECE` stones, and one piece on several bare stones
    (``bare(move)``: both sides empty) counts once."""
    chosen: list[M] = []
    bare_pieces: set[object] = set()
    per_piece: dict[object, int] = {}
    for move in moves:
        if len(chosen) == width:
            break
        what = piece(move)
        on_bare = what is not None and bare(move)
        if what is not None and ((on_bare and what in bare_pieces) or per_piece.get(what, 0) >= PER_PIECE):
            continue
        if on_bare:
            bare_pieces.add(what)
        per_piece[what] = per_piece.get(what, 0) + 1
        chosen.append(move)
    return chosen or list(moves[:width])


def width_for(playouts: float) -> int:
    """The moves a base-game search of about ``playouts`` play-outs tries: :data:`SEARCH_WIDTH`, or
    more while sequential halving's first round (``ceil(log2 n)`` rounds share the budget) still gives
    each of them :data:`FIRST_ROUND_DEALS` deals; :func:`diverse` then keeps every card on its three
    best stones at most. Measured against the strong greedy (docs/ADVISOR.md, "Every card searched"):
    at 4,800 rollouts a move all of them win more games than the 10 best, at 300 and 1,000 fewer."""
    width = SEARCH_WIDTH
    while width < MOST_WIDTH and (width + 1) * math.ceil(math.log2(width + 1)) * FIRST_ROUND_DEALS <= playouts:
        width += 1
    return width


def certain(game: SearchGame[M, Any], moves: Sequence[M]) -> dict[M, float]:
    """The moves after which the game is over, with their exact value for the mover: a win by the
    turn's claims, which rest on the table alone (the same on every deal)."""
    out: dict[M, float] = {}
    for move in moves:
        winner = game.winner_after(move)
        if winner >= 0:
            out[move] = score(winner, game.me)
    return out


def common_deals(game: SearchGame[M, Any], moves: Sequence[M], deals: int, rng: random.Random) -> list[list[float]]:
    """Each move's value for the mover on the same ``deals`` fresh deals and rollout streams (common
    random numbers): ``values[k][d]`` for move ``k`` on deal ``d``."""
    values: list[list[float]] = [[] for _ in moves]
    batch = game.batch() or deal_by_deal(game.deal, game.play_out)
    for row in batch(moves, deals, rng.getrandbits(32)):
        for k, value in enumerate(row):
            values[k].append(value)
    return values


def advise_game(
    game: SearchGame[M, Any],
    position: Position,
    *,
    budget: Budget,
    seed: int,
    explain_all: bool,
    started: float,
) -> Advice:
    """The advice on ``position`` (seen by its player to move, whom ``game`` plays): the steps of
    :func:`.advisor.advise`, whose arguments these are (checked there; ``started`` is when the
    budget's clock started). A budget of rollouts never reads the clock (its deadline is infinite:
    the search counts rollouts, the endgame solver nodes)."""
    moves, claims_of = game.moves()
    rng = random.Random(seed)
    iterations = budget.rollouts
    # a budget of rollouts counts every rollout: a play-out that searches the next turn costs several
    playouts = None if iterations is None else max(iterations // game.playout_cost, 1)
    # keep a share of the budget for the reasons: all moves', or a game whose one reason can cost a
    # tenth of a second or more (a tactics Mud fight's exact chances): 20%; the best move's alone
    # (what a bot asks): 10%, which also absorbs a last call of play-outs that ends past the window
    share = 0.8 if explain_all or game.costly_reasons else 0.9
    if game.costly_reasons and budget.seconds is not None:  # and room for one deep reason where it fits
        share = min(share, 1 - min((COSTLY_REASON_SECONDS + REASON_MARGIN) / budget.seconds, 0.35))
    deadline = math.inf if budget.seconds is None else started + budget.seconds * share
    held = game.held(claims_of)
    exact = game.solve(moves, deadline, iterations)
    rollouts = 0
    turns: Mapping[M, int | None]
    if exact is not None and exact[0]:
        method = "exact endgame"
        results, turns = exact
        order, changes = ranked(moves, results, {}, turns, held)
    else:
        sure = certain(game, moves)
        method = WINS_AT_ONCE if 1.0 in sure.values() else game.method
        order, results, changes, rollouts = search(
            moves, game.searched(moves), sure, game.deal, game.play_out, rng, (time.perf_counter(), deadline), playouts,
            held, game.batch(), game.measure(), (game.playout_cost, game.measure_cost),
        )  # fmt: skip
        turns = dict.fromkeys(sure, 1)
    # reasons: the best move's always; with explain_all every move's, except that where a reason can
    # be costly, on the clock, the moves the search did not try are explained only while the budget lasts
    explain_until = None if budget.seconds is None or not game.costly_reasons else started + budget.seconds
    described = []
    for rank, move in enumerate(order):
        win, error, n = results[move]
        wanted = rank == 0 or (explain_all and (win is not None or explain_until is None or time.perf_counter() < explain_until))
        deep = rank < EXPLAINED and (explain_until is None or time.perf_counter() + COSTLY_REASON_SECONDS <= explain_until)
        facts = game.facts(move, claims_of[move], deep) if wanted else None
        described.append(
            replace(
                game.move_advice(move),
                claims=tuple(s + 1 for s in claims_of[move]),
                win=win,
                stderr=error,
                samples=n,
                change=changes[move][0],
                change_stderr=changes[move][1],
                reason="" if facts is None else facts.in_words("en"),
                turns=turns.get(move) if error is None and win in (0.0, 1.0) else None,
                facts=facts,
            )
        )
    chosen = order[0]
    return Advice(
        position.to_move,
        tuple(described),
        results[chosen][0] or 0.0,
        results[chosen][1],
        method,
        rollouts,
        time.perf_counter() - started,
    )


__all__ = [
    "COSTLY_REASON_SECONDS", "EXPLAINED", "FIRST_ROUND_DEALS", "PER_PIECE", "REASON_MARGIN", "ROLLOUTS_A_SECOND",
    "SEARCH_WIDTH", "SearchGame", "advise_game", "certain", "common_deals", "diverse", "width_for",
]
