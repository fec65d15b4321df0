"""Measuring one turn of a review: the advisor's ranking, the moves it searched and the played one
scored on the same deals (common random numbers) by a sequential measurement, and what a labelled
move allowed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import Budget, advise
from ..bots.advice import win_estimate
from ..bots.advisor import Advice, compare_turns
from ..bots.search_game import SEARCH_WIDTH
from ..core.words import Fact, Facts
from ..game import GameState, Play, Turn
from .review_report import TurnReview
from .review_stats import SIGNIFICANCE, THRESHOLDS, label_for, looks, loss_estimate, settled, simultaneous_z
from .review_words import Chance, MoveName, ReviewError, _OneLine, move_words

SCORING_POLICY = "placement"
"""The rollout policy that scores the candidates of a base-game turn. The review plays a million or
more rollouts a game, and this policy is about five times faster per rollout than the advisor's
default (``greedy``) while the two make equally strong advisors at equal time (49/100 head to head,
docs/ADVISOR.md), so the review decides its labels on more deals in the same time."""

MAX_DEALS_FACTOR = 512
"""The adaptive budget's cap: a turn whose label is still undecided (a threshold inside its loss's
interval) is scored on twice the deals, again and again, up to this many times ``iterations`` (it
starts from ``iterations / 2``: at the default 200, looks at 100, 200, ..., 102,400 deals). Only a
turn whose loss lies near a place where its label changes goes that far; there the capped standard
error (about 0.2 points) decides how near (see :mod:`.review_stats`). The compiled rollouts make it
affordable: a 43-turn game reviews in 30-45 s on the shared 2-core machine under a load average of
3; at 128 times (25,600 deals, 16-29 s) 3 of its 43 labels differed between five seeds, at 512 times
1 (docs/ADVISOR.md, "Measured: time and label stability")."""
FIRST_DEALS_FACTOR = 0.5
"""The deals of a turn's first look, as a multiple of ``iterations``: every candidate is scored on
them, and they choose which go on."""
CANDIDATES = 12
"""The most searched moves of the advisor scored with the played one on the same deals (all of them
at the search width the review asks for, 10 (:data:`~..bots.search_game.SEARCH_WIDTH`, at any
budget), and a few claiming moves): the best of them on those deals is the
best move. Which moves the advisor searches does not depend on the seed (its placement heuristic
chooses them); its ranking of them does, and is noisy (at 200 rollouts over 10 moves, a few rollouts
each in its first round). With only its top 2 or 4 as candidates, a seed whose ranking missed the
best move reported another loss: the measure of five seeds on one game gave, for one turn, losses of
5.7 and 19.5 points."""
TACTICS_MAX_DEALS_FACTOR = 24
"""The cap in the tactics variant: up to 24 times ``iterations`` deals (4,800 at the default). Its
rollouts, compiled and batched since rounds 14 and 15, still cost some 50 times the base game's
``placement`` rollouts, so it cannot buy the base game's cap (it kept 3 times until round 15)."""
# The tactics variant's candidates are the base game's (CANDIDATES: every searched move) since round
# 15. One 49-turn tactics game under five seeds at the cap of 24 (docs/ADVISOR.md, "Round 15"): with
# the advisor's top 2 moves (the rule until then) 5-8 turns labelled and 13 labels that differ between
# the seeds, 25-38 CPU s a review; the top 6, 10-12 and 13, 60-76 s; every searched move, 13-18 and 8,
# 92-127 s. The top 2 of a ranking at 200 rollouts often miss the best move: half the mistakes went
# unlabelled.

DROP_FROM_DEALS = 1_600
"""A base-game candidate is dropped as surely worse than the best only from the look at this many
deals on. Before, the intervals rest on a handful of deals that differ (most deals give two moves
the same result), and their normal approximation can fail: in the stability game's turn 4, the best
move (58.7% on 200,000 deals, 1.2 points ahead of the next) was dropped at the first look, 100
deals, under one seed of five, which then measured the loss against the runner-up and labelled the
turn unclear where the others said inaccuracy. The tactics variant, whose looks stop at 4,800 deals
(:data:`TACTICS_MAX_DEALS_FACTOR`), drops from the first look as before."""

SEAT_FACTS = frozenset({"reason.chance", "reason.beat_hand", "reason.beat_any", "reason.beat_some", "reason.keeps"})
"""Facts said to the mover ("your chance", "you have not seen"): left out of the reply's reason,
which a review shows to the other player."""
ALLOWED_SHARE = 2
"""The opponent's reply after a labelled move is searched with ``iterations / ALLOWED_SHARE`` rollouts."""


def allowed_reply(state: GameState, iterations: int, seed: int) -> Fact | None:
    """What the move that led to ``state`` allowed: the opponent's best reply there, by the advisor
    from the opponent's seat (their hand, never the next player's own deck order), with its exact
    reason and their chance after it; ``None`` when the game is over, in the tactics variant (its
    reasons are English only) or when the advisor cannot search it."""
    if state.over:
        return None
    seen = state.observation(state.to_move)
    if seen.rules.tactics:
        return None
    try:
        advice = advise(seen.as_position(), budget=Budget(rollouts=max(iterations // ALLOWED_SHARE, 8)), seed=seed, explain_all=False)
    except ValueError:
        return None
    best = advice.best
    move = MoveName(best.card, best.stone, best.claims)
    win = Chance(best.win if best.win is not None else advice.current, best.stderr if best.win is not None else advice.current_stderr)
    said = tuple(f for f in (best.facts.items if best.facts else ()) if getattr(f, "key", "") not in SEAT_FACTS)[:2]
    if not said:
        return Fact.of("review.allowed_bare", opponent=state.to_move, move=move, chance=win)
    return Fact.of("review.allowed", opponent=state.to_move, move=move, reason=Facts(said), chance=win)


def paired_scores(
    position: Any, best: Turn | Mapping[str, Any], played: Turn | Mapping[str, Any], deals: int, seed: int
) -> tuple[float, float, float, float | None]:
    """The mover's win rates with the ``best`` turn and the ``played`` one on the same ``deals`` fresh
    random deals and rollouts (common random numbers, :func:`~schotten_lab.bots.advisor.compare_turns`):
    ``(best rate, its standard error, played rate, standard error of the mean difference)``; the last
    is ``None`` when the two turns are the same."""
    same = _same_turn(best, played)
    values = compare_turns(position, [best] if same else [best, played], max(deals, 2), seed, policy=SCORING_POLICY)
    rate, rate_se = win_estimate(values[0])
    if same:
        return rate, rate_se, rate, None
    loss, loss_se = loss_estimate([a - b for a, b in zip(values[0], values[1])])
    return rate, rate_se, rate - loss, loss_se


@dataclass(frozen=True)
class Measured:
    """The advisor's candidate moves and the played one scored on the same deals: ``best`` (an index
    into the candidates) is the candidate with the highest win rate on these deals, ``before`` its
    rate (± standard error), ``after`` the played move's, ``loss`` their difference (± the standard
    error of the mean paired difference; ``None`` when the played move is the only move scored),
    never negative: ``as_good`` when the played move measured at least as well (then ``loss`` 0);
    ``deals`` the deals played; ``raw`` the difference before it was clipped at 0; ``z`` the half
    width of the loss's interval in standard errors (the sequential plan's, :func:`.review_stats.
    simultaneous_z`); ``dropped`` the candidates left out on the way, surely worse than the best."""

    before: float
    before_stderr: float
    after: float
    after_stderr: float
    loss: float
    loss_stderr: float | None
    deals: int
    best: int = 0
    as_good: bool = False
    raw: float = 0.0
    z: float = SIGNIFICANCE
    dropped: int = 0


def review_looks(iterations: int, tactics: bool = False) -> tuple[int, ...]:
    """The deal counts at which a review of ``iterations`` rollouts a turn looks at a turn's loss:
    ``iterations / 2`` first, doubling, up to :data:`MAX_DEALS_FACTOR` times ``iterations``
    (:data:`TACTICS_MAX_DEALS_FACTOR` in the tactics variant)."""
    first = max(int(FIRST_DEALS_FACTOR * iterations), 2)
    return looks(first, max(first, (TACTICS_MAX_DEALS_FACTOR if tactics else MAX_DEALS_FACTOR) * iterations))


def measure_loss(
    position: Any,
    candidates: Sequence[Turn | Mapping[str, Any]],
    played: Turn | Mapping[str, Any],
    deals: int,
    seed: int,
    most: int | None = None,
    drop_from: int = 0,
) -> Measured:
    """The adaptive budget, a sequential measurement: the ``candidates`` (the advisor's best moves,
    best first) and ``played`` on ``deals`` shared fresh deals (common random numbers,
    :func:`~schotten_lab.bots.advisor.compare_turns`), then on as many again, doubling, at the looks
    of :func:`.review_stats.looks` up to ``most`` deals (each batch with its own seed, the batches
    pooled), with intervals of ±``z`` standard errors that hold together over all the looks and, at
    each look, over every candidate compared with the played move (:func:`.review_stats.simultaneous_z`
    of their number: the best of several noisy candidates reads high, the winner's curse, so each
    one's interval must hold). At each look:

    - the best is the move with the highest win rate on all the deals so far (the played move
      included, and preferred on a tie: it is then a best move, its loss 0);
    - a candidate whose interval against the best lies below 0 is surely worse: it is dropped (from
      the look at ``drop_from`` deals on), the others go on (keeping only the two best by win rate
      instead lost the best move often enough, when several candidates lie within a few points, to
      change one turn's loss from 5 to 2.5 points between seeds);
    - the measurement stops when the label is settled: when the played move is the best and no
      candidate's interval against it reaches the smallest threshold, or when the loss's interval
      lies within one label's band (:func:`.review_stats.settled`).

    A played move among the candidates is scored once."""
    same = [k for k, turn in enumerate(candidates) if _same_turn(turn, played)]
    turns = [*candidates] if same else [*candidates, played]
    mine = same[0] if same else len(candidates)
    plan = looks(max(deals, 2), max(deals, most or deals))
    z = simultaneous_z(len(plan))
    values: list[list[float]] = [[] for _ in turns]
    live = list(range(len(turns)))
    done = 0
    for k, n in enumerate(plan):
        for j, more in zip(live, compare_turns(position, [turns[j] for j in live], n - done, seed + 7919 * k, policy=SCORING_POLICY)):
            values[j].extend(more)
        done = n
        last = k == len(plan) - 1
        if len(live) == 1:  # the played move alone: nothing to compare it with
            after, after_se = win_estimate(values[mine])
            return Measured(after, after_se, after, after_se, 0.0, None, n, mine, True, 0.0, z, len(turns) - 1)
        z = simultaneous_z(len(plan) * (len(live) - 1))  # every look, every candidate against the played move
        lead = max(live, key=lambda j: (sum(values[j]), j == mine, -j))
        gaps = {j: loss_estimate([a - b for a, b in zip(values[lead], values[j])]) for j in live if j != lead}
        if n >= drop_from:
            live = [j for j in live if j in (lead, mine) or gaps[j][0] - z * gaps[j][1] <= 0.0]  # not surely worse
        if lead == mine:
            behind = [loss_estimate([a - b for a, b in zip(values[j], values[mine])]) for j in live if j != mine]
            if last or all(gap + z * se < THRESHOLDS[-1][1] - 1e-12 for gap, se in behind):
                after, after_se = win_estimate(values[mine])
                raw = max(-gap for gap, _ in gaps.values())  # the best candidate's edge, dropped ones included
                return Measured(after, after_se, after, after_se, 0.0, None, n, mine, True, raw, z, len(turns) - len(live))
            continue
        raw, loss_se = gaps[mine]
        if last or settled(raw - z * loss_se, raw + z * loss_se):
            rate, rate_se = win_estimate(values[lead])
            after, after_se = win_estimate(values[mine])
            return Measured(rate, rate_se, after, after_se, raw, loss_se, n, lead, False, raw, z, len(turns) - len(live))
    raise AssertionError("unreachable: the last look returns")


def _turn_key(turn: Turn | Mapping[str, Any]) -> tuple[Play | None, Any]:
    """What makes two turns the same move: the play (a record's extra fields dropped) and the deck
    drawn from (the claims follow from the play). A :class:`~schotten_lab.game.Turn` (the advisor's
    moves) or a record's turn object."""
    if isinstance(turn, Turn):
        return (turn.play, turn.deck)
    raw = turn.get("play")
    return (None if raw is None else Play.from_dict(raw), turn.get("deck"))


def _same_turn(a: Turn | Mapping[str, Any], b: Turn | Mapping[str, Any]) -> bool:
    return _turn_key(a) == _turn_key(b)


def review_turn(k: int, state: GameState, turn: Mapping[str, Any], iterations: int, seed: int) -> TurnReview:
    """Turn ``k`` (from 1; ``turn`` the record's) judged from its mover's seat in ``state``, the
    position before it (see :mod:`.review`)."""
    player = state.to_move
    seen = state.observation(player)
    position = seen if seen.rules.tactics else seen.as_position()  # tactics: who has played a Joker
    try:
        # a budget of rollouts: the rollout count and the endgame solver's node budget decide, never
        # the clock, so a review is the same on a loaded machine as on an idle one; the advisor's
        # narrow width at any budget, so that its searched moves are the candidates (CANDIDATES)
        advice: Advice = advise(position, budget=Budget(rollouts=iterations), seed=seed, explain_all=False, width=SEARCH_WIDTH)
    except ValueError as exc:
        raise ReviewError.of("review.err_search", turn=str(k), problem=_OneLine(exc)) from None
    best = advice.best
    best_turn = best.turn()
    played_turn = {"play": turn.get("play"), "deck": turn.get("deck")} if position.rules.tactics else {"play": turn.get("play")}
    best_played = _same_turn(best_turn, played_turn)
    mine = next((m for m in advice.moves if _same_turn(m.turn(), played_turn)), None)
    before_se: float | None
    loss_se: float | None
    deals = 0
    as_good = False
    z = SIGNIFICANCE
    best_turns = played_turns = None
    best_words, best_reason, best_facts, best_move = best.label(), best.reason, best.facts, best
    if best.exact and (best_played or (mine is not None and mine.exact)):  # certain: an exact endgame, a won game
        before, before_se = best.win or 0.0, None
        after = before if best_played or mine is None else (mine.win or 0.0)
        loss_se, exact = None, True
        best_turns = best.turns
        played_turns = best.turns if best_played or mine is None else mine.turns
    else:
        tactics = position.rules.tactics
        searched = [m for m in advice.moves if m.win is not None][:CANDIDATES] or [best]
        plan = review_looks(iterations, tactics)
        measured = measure_loss(
            position, [m.turn() for m in searched], played_turn, plan[0], seed + 1, plan[-1],
            0 if tactics else DROP_FROM_DEALS,
        )  # fmt: skip
        before, before_se, after, loss_se, deals, z = (
            measured.before, measured.before_stderr, measured.after, measured.loss_stderr, measured.deals, measured.z
        )  # fmt: skip
        exact = False
        as_good = measured.as_good and not best_played
        best_played = measured.as_good  # the advisor's own choice may measure worse than its runner-up
        if not measured.as_good and searched[measured.best] is not best:  # another candidate measured best
            best_move = searched[measured.best]
            best_words, best_reason, best_facts = best_move.label(), "", None
    loss = before - after
    return TurnReview(
        turn=k,
        player=player,
        played=move_words(turn.get("play"), turn.get("claim")),
        reviewed=True,
        best=best_words,
        best_reason=best_reason,
        best_facts=best_facts,
        record_turn={"play": turn.get("play"), "claim": turn.get("claim")},
        best_move=best_move,
        before=before,
        before_stderr=before_se,
        after=after,
        loss=loss,
        loss_stderr=loss_se,
        exact=exact,
        method=advice.method,
        label=label_for(loss, loss_se, deals or None, z),
        z=z,
        moves=len(advice.moves),
        best_played=best_played,
        deals=deals,
        as_good=as_good,
        best_turns=best_turns,
        played_turns=played_turns,
    )


__all__ = [
    "ALLOWED_SHARE", "CANDIDATES", "DROP_FROM_DEALS", "FIRST_DEALS_FACTOR", "MAX_DEALS_FACTOR", "SEAT_FACTS",
    "TACTICS_MAX_DEALS_FACTOR",
    "Measured", "allowed_reply", "measure_loss", "paired_scores", "review_looks", "review_turn",
]  # fmt: skip
