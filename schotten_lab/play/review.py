"""Game review: the advisor's view of every turn of a game record (pure data, no plotting).

:func:`review_game` replays a ``schotten-lab/game@1`` record and, for each turn, asks the advisor
(:func:`~schotten_lab.bots.advise`) about the position *before* the turn **as the mover saw it**
(own hand known; the opponent's hand and the deck order never looked at). It records

- ``best``: the best move: the advisor ranks the moves (``iterations`` rollouts), then every move
  it searched (up to :data:`CANDIDATES`; which moves it searches does not depend on the seed) and the
  move played are scored on the **same** fresh random deals and rollouts (common random numbers),
  and the move with the highest win rate on those deals is the best (the ranking's own order is
  noisy);
- ``before``: the mover's chance to win the game with that best move, and ``after``: with the move
  actually played; ``loss = before - after``, with the standard error of the mean paired
  difference. It is **never negative**: a played move that measures at least as well as every
  candidate on those deals is a best move (``best_played``, ``as_good``), its loss 0. In a solved
  endgame both are exact (and ``best_turns``/``played_turns`` say how many turns each takes to win
  or lose). A few deals that all agree say nothing about the spread, so an error is never 0 from
  them (:func:`~schotten_lab.bots.advice.win_estimate`; a rule-of-three bound for the loss,
  :func:`loss_estimate`).
- the **adaptive budget**, a sequential measurement (:func:`measure_loss`): ``iterations / 2``
  deals first, then twice as many, again and again, for the moves not surely worse than the best,
  while a label threshold lies inside the loss's interval, up to ``MAX_DEALS_FACTOR * iterations``
  deals; its intervals hold together over every look and every candidate
  (:mod:`.review_stats`), so stopping early does not make a label likelier.
- ``label``: how bad the loss is, on the win-probability scale (Lichess's idea on its -1..+1 scale,
  here in probability): **inaccuracy** from 0.05, **mistake** from 0.10, **blunder** from 0.20
  (:data:`THRESHOLDS`). An estimated loss earns a label only when its whole 95% interval
  (±``z`` standard errors, ``TurnReview.z``) lies above the threshold, from at least
  :data:`MIN_LABEL_DEALS` deals; a loss estimated at 0.05 or more whose interval does not is
  :data:`UNCLEAR` (with its interval), so Monte Carlo noise alone is never called a mistake.

A labelled move of a record with both hands also gets what it **allowed** (``allowed``): the
opponent's best reply after it, by the advisor from the opponent's seat with ``iterations / 2``
rollouts (:func:`allowed_reply`), with the reply's exact facts (:mod:`~schotten_lab.bots.move_facts`:
the claims it makes, the formations it rules out, ...) and the opponent's chance then; shown next
to the advisor's move and its reason (``best_facts``), both in English or French.

Claims are not judged: both moves are scored as if the mover then claimed every stone it can prove
(the advisor's convention); a record that claims less is scored on its placement. In the tactics
variant a move is the play and the deck drawn from; a Headhunter is scored with the search's own
put-back (the two lowest clan cards), not the one recorded.

A record seen from one seat (docs/reference/formats.md, "A game record": the other hand ``null``) is reviewed for that seat only;
the other seat's turns are listed with ``reviewed=False``. Every variant is reviewed (base, tactics,
expert or not).
Cost: ``iterations`` rollouts to rank a turn, then every searched move and the played one on
``iterations / 2`` deals, and for a turn whose label is undecided the moves still in on up to
``MAX_DEALS_FACTOR * iterations`` deals; turns with a single legal move (a forced pass or play) cost
one advisor call. Docs/ADVISOR.md, "Review figures that decide", gives the figures.

One job a module: this one replays the record and reviews it turn by turn (:func:`review_game`);
:mod:`.review_measure` measures one turn, :mod:`.review_stats` holds the labels' statistics,
:mod:`.review_report` the report (:class:`TurnReview`, :class:`GameReview`) and its text,
:mod:`.review_words` the phrases and refusals. Their public names are importable from here too.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..bots.budget import Budget, legacy_budget
from ..bots.rollouts import warm
from ..game import GameRecord, RecordError, new_game, play_words, read_record, replay_states, validate_record
from .review_measure import CANDIDATES, MAX_DEALS_FACTOR, Measured, allowed_reply, measure_loss, paired_scores, review_turn
from .review_report import GameReview, PlayerSummary, TurnReview, summarize
from .review_stats import LABELS, MIN_LABEL_DEALS, SIGNIFICANCE, THRESHOLDS, UNCLEAR, decided, label_for, loss_estimate
from .review_words import REVIEW_ERROR_PHRASES, REVIEW_PHRASES, Chance, MoveName, ReviewError, _OneLine, _Repr, move_words, points

DEFAULT_ITERATIONS = 200
"""Rollouts per turn to rank the moves; every move the advisor searched and the played one are then
scored on half as many shared deals, and on up to :data:`MAX_DEALS_FACTOR` times as many while the
label is undecided."""
DEFAULT_BUDGET = Budget(rollouts=DEFAULT_ITERATIONS)
"""A review's default budget: :data:`DEFAULT_ITERATIONS` rollouts a turn."""
MAX_ITERATIONS = 50_000
"""The most rollouts per turn a review accepts; more is a typo. With the compiled rollouts (about 11
µs each with their scoring, a review's CPU time over its rollouts on the loaded 2-core machine), the
advisor's search of 50,000 ends in seconds (a budget of rollouts: the clock is never read, so the
review stays reproducible); an undecided turn may then be scored on up to 6.4 million deals: minutes a turn."""


def _progress(total: int, enabled: bool | None) -> Any:
    """A tqdm bar on standard error when ``enabled`` (``None``: when standard error is a terminal)."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return tqdm(total=total, unit="turn", file=sys.stderr, leave=False, desc="review")


def review_game(
    record: GameRecord | Mapping[str, Any] | str,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    progress: bool | None = False,
    on_turn: Callable[[TurnReview], None] | None = None,
    iterations: int | None = None,
) -> GameReview:
    """Review every turn of ``record`` (see the module docstring); reproducible for ``seed``.

    ``budget`` bounds each turn's cost: a :class:`~schotten_lab.bots.Budget` of rollouts (1 to
    :data:`MAX_ITERATIONS`; a review is never on the clock, so that it is the same on any machine),
    default :data:`DEFAULT_BUDGET`; ``iterations=N`` is the deprecated spelling of earlier releases
    (:func:`~schotten_lab.bots.budget.legacy_budget`). ``progress`` shows a tqdm bar (``None``: on a
    terminal only). Raises :class:`ReviewError` (one line: turn and rule or field) for a record that
    is not valid or cannot be searched, or a budget it cannot use.
    """
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
            raise ReviewError.of("review.err_iterations", most=MAX_ITERATIONS, value=_Repr(iterations))
        budget = legacy_budget(budget, "review_game", iterations=iterations, default=DEFAULT_BUDGET)
    if not isinstance(budget, Budget) or budget.rollouts is None or budget.rollouts > MAX_ITERATIONS:
        raise ReviewError.of("review.err_budget", most=MAX_ITERATIONS, value=_Repr(budget))
    iterations = budget.rollouts
    try:
        rec = read_record(record)
        start = new_game(rec.variant, rec.expert, deal=rec.deal, first=rec.first)
        states = [start, *replay_states(rec)]
        validate_record(rec)  # the result too
    except RecordError as exc:
        raise ReviewError.of("review.err_record", problem=_OneLine(exc)) from None
    seat = rec.seat
    if seat is None and not rec.deal.complete:
        raise ReviewError.of("review.err_no_hand")
    # a game's review plays thousands of rollouts a turn in many calls, each below the size that loads
    # the compiled kernels on their own: load them once now (the same numbers, some 35-50x faster)
    warm()
    out: list[TurnReview] = []
    bar = _progress(len(rec.turns), progress)
    try:
        for k, turn in enumerate(rec.turns, 1):
            state = states[k - 1]
            player = state.to_move
            if seat is not None and player is not seat:
                review = TurnReview(k, player, move_words(turn.get("play"), turn.get("claim")), reviewed=False,
                                    record_turn={"play": turn.get("play"), "claim": turn.get("claim")})
            else:
                review = review_turn(k, state, turn, iterations, seed * 1_000_003 + k)
                if review.label in LABELS and seat is None:
                    allowed = allowed_reply(states[k], iterations, seed * 1_000_003 + k + 500_000)
                    if allowed is not None:
                        review = replace(review, allowed=allowed)
            out.append(review)
            if on_turn is not None:
                on_turn(review)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    turns = tuple(out)
    return GameReview(rec, turns, seat, iterations, seed, summarize(turns))


__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_ITERATIONS",
    "REVIEW_ERROR_PHRASES",
    "REVIEW_PHRASES",
    "LABELS",
    "CANDIDATES",
    "Chance",
    "MAX_DEALS_FACTOR",
    "MAX_ITERATIONS",
    "MIN_LABEL_DEALS",
    "Measured",
    "MoveName",
    "UNCLEAR",
    "allowed_reply",
    "decided",
    "measure_loss",
    "SIGNIFICANCE",
    "THRESHOLDS",
    "GameReview",
    "PlayerSummary",
    "ReviewError",
    "TurnReview",
    "label_for",
    "loss_estimate",
    "move_words",
    "play_words",
    "paired_scores",
    "points",
    "review_game",
    "summarize",
]
