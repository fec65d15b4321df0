"""Game review: the advisor's view of every turn of a game record (pure data, no plotting).

:func:`review_game` replays a ``schotten-lab/game@1`` record and, for each turn, asks the advisor
(:func:`~schotten_lab.bots.advise`) about the position *before* the turn **as the mover saw it**
(own hand known; the opponent's hand and the deck order never looked at). It records

- ``best``: the best move: the advisor ranks the moves (``iterations`` rollouts), then its top
  :data:`CANDIDATES` searched moves and the move played are scored on the **same** fresh random deals
  and rollouts (common random numbers), and the candidate with the highest win rate on those deals
  is the best (the ranking's own choice between near-equal moves is noisy);
- ``before``: the mover's chance to win the game with that best move, and ``after``: with the move
  actually played; ``loss = before - after``, with the standard error of the mean paired
  difference. It is **never negative**: a played move that measures at least as well as every
  candidate on those deals is a best move (``best_played``, ``as_good``), its loss 0. In a solved
  endgame both are exact (and ``best_turns``/``played_turns`` say how many turns each takes to win
  or lose). A few deals that all agree say nothing about the spread, so an error is never 0 from
  them (:func:`~schotten_lab.bots.advice.win_estimate`; a rule-of-three bound for the loss,
  :func:`loss_estimate`).
- the **adaptive budget**: ``iterations / 2`` deals first, then as many again while a label
  threshold lies inside the loss's 95% interval (:func:`decided`), up to
  ``MAX_DEALS_FACTOR * iterations`` deals (:func:`measure_loss`).
- ``label``: how bad the loss is, on the win-probability scale (Lichess's idea on its -1..+1 scale,
  here in probability): **inaccuracy** from 0.05, **mistake** from 0.10, **blunder** from 0.20
  (:data:`THRESHOLDS`). An estimated loss earns a label only when its whole 95% interval
  (±:data:`SIGNIFICANCE` standard errors) lies above the threshold, from at least
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
Cost: about ``iterations`` rollouts to rank a turn, plus three times ``iterations / 2`` to score the
candidates and the played move, up to three times ``3 * iterations`` for an undecided label; turns
with a single legal move (a forced pass or play) cost one advisor call.
"""

from __future__ import annotations

import math
import random
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..bots import advise
from ..bots.advice import win_estimate
from ..bots.advisor import Advice, compare_turns
from ..core.rules import PLAYERS, Player
from ..core.words import player as player_name
from ..bots.words import outcome_words
from ..bots.move_facts import Numbers
from ..core.words import NBSP, Count, Fact, Facts, chance, number, register, say
from ..game import GameRecord, GameState, IllegalTurnError, Play, RecordError, Turn, new_game, play_words, read_record, replay_states, validate_record, with_claims
from ..game.plays import piece_name

THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A loss of at least this much win probability earns the label (largest first)."""
SIGNIFICANCE = 1.96
"""Half the width of a loss's 95% interval, in standard errors: an estimated loss is labelled only
when its whole interval lies above the label's threshold."""
LABELS = ("inaccuracy", "mistake", "blunder")
UNCLEAR = "unclear"
"""The label of an estimated loss whose 95% interval reaches the smallest threshold without lying
above it: it may or may not be an inaccuracy (or worse); the interval is shown."""
DEFAULT_ITERATIONS = 200
"""Rollouts per turn to rank the moves; the best and the played move are then scored on as many
shared deals, and more while the label is undecided (:data:`MAX_DEALS_FACTOR`)."""
MAX_DEALS_FACTOR = 3
"""The adaptive budget's cap: a turn whose label is still undecided (a threshold inside its loss's
95% interval) is scored on twice the deals, again and again, up to this many times ``iterations``
(it starts from ``iterations / 2``)."""
MIN_LABEL_DEALS = 8
"""The fewest deals an estimated loss is labelled from (8 deals that all lose are a blunder's
interval: the rule-of-three bound of :func:`loss_estimate`)."""
CANDIDATES = 2
"""The advisor's top moves scored with the played one on the same deals: the best of them on those
deals is the best move (the ranking's choice between near-equal moves is itself noisy)."""
MAX_ITERATIONS = 50_000
"""The most rollouts per turn a review accepts; more is a typo. A rollout with its scoring costs about
6-8 ms on the project's (loaded, 2-core) machine, so this is about 5 minutes a turn, hours a game, with
standard errors near 0.3 points; the advisor's search then still ends well inside
:data:`TIME_CAP_SECONDS`, so the review stays reproducible."""

TIME_CAP_SECONDS = 600.0
"""The advisor's time budget per turn, set far above what ``iterations`` costs: the endgame solver's
node budget (proportional to ``iterations``) and the rollout count then decide alone, so a review is
the same on a loaded machine as on an idle one (a binding time limit could turn an exact endgame into
an estimate)."""


REVIEW_PHRASES = register(
    {
        "review.outcomes": {"en": "best: {best}; played: {played}", "fr": "meilleur coup : {best} ; coup joué : {played}"},
        "review.allowed": {
            "en": "allowed {opponent}'s best reply, {move}: {reason}; {opponent}'s chance then {chance}",
            "fr": "a permis la meilleure réponse de {opponent}, {move} : {reason} ; ses chances ensuite : {chance}",
        },
        "review.allowed_bare": {
            "en": "allowed {opponent}'s best reply, {move}; {opponent}'s chance then {chance}",
            "fr": "a permis la meilleure réponse de {opponent}, {move} ; ses chances ensuite : {chance}",
        },
        "review.move_on": {"en": "{card} on stone {stone}", "fr": "{card} sur la borne {stone}"},
        "review.move_claims": {"en": "{move}, claim {stones}", "fr": "{move}, revendique {stones}"},
        "review.move_pass": {"en": "pass", "fr": "passe"},
        "review.wrote": {"en": "wrote {name}", "fr": "fichier écrit : {name}"},
        "review.one_seat": {"en": "one-seat record: only {seat}'s turns are reviewed", "fr": "partie vue d'un seul siège : seuls les coups de {seat} sont examinés"},
        "review.hidden": {"en": "(hidden seat: not reviewed)", "fr": "(siège caché : coup non examiné)"},
        "review.row": {"en": "{before} -> {after} (loss {loss})", "fr": "{before} → {after} (perte {loss})"},
        "review.interval": {"en": " (95%: {low} to {high} points)", "fr": " (intervalle à 95 % : de {low} à {high} points)"},
        "review.as_good": {"en": "  (as good as the advisor's {best})", "fr": "  (aussi bon que le coup du conseiller, {best})"},
        "review.best": {"en": "  best: {best}", "fr": "  meilleur coup : {best}"},
        "review.label_inaccuracy": {"en": "inaccuracy", "fr": "imprécision"},
        "review.label_mistake": {"en": "mistake", "fr": "erreur"},
        "review.label_blunder": {"en": "blunder", "fr": "gaffe"},
        "review.label_unclear": {"en": "unclear", "fr": "incertain"},
        "review.count_inaccuracy_one": {"en": "{count} inaccuracy", "fr": "{count} imprécision"},
        "review.count_inaccuracy_many": {"en": "{count} inaccuracies", "fr": "{count} imprécisions"},
        "review.count_mistake_one": {"en": "{count} mistake", "fr": "{count} erreur"},
        "review.count_mistake_many": {"en": "{count} mistakes", "fr": "{count} erreurs"},
        "review.count_blunder_one": {"en": "{count} blunder", "fr": "{count} gaffe"},
        "review.count_blunder_many": {"en": "{count} blunders", "fr": "{count} gaffes"},
        "review.count_unclear_one": {"en": "{count} unclear", "fr": "{count} incertain"},
        "review.count_unclear_many": {"en": "{count} unclear", "fr": "{count} incertains"},
        "review.turns_one": {"en": "{count} turns reviewed", "fr": "{count} coup examiné"},
        "review.turns_many": {"en": "{count} turns reviewed", "fr": "{count} coups examinés"},
        "review.best_moves": {"en": "{count} best moves", "fr": "{count} fois le meilleur coup"},
        "review.summary": {
            "en": "{player}: {turns}, {best}, {counts}; average loss {loss} points",
            "fr": "{player} : {turns}, {best} ; {counts} ; perte moyenne : {loss} points",
        },
    }
)
"""The review's own phrases (en, fr)."""


@dataclass(frozen=True, slots=True)
class MoveName:
    """A base-game move in words: "G9 on stone 5, claim 3" / « G9 sur la borne 5, revendique 3 »."""

    card: object
    stone: int | None
    claims: tuple[int, ...] = ()

    def in_words(self, lang: str = "en") -> str:
        move = say("review.move_pass", lang) if self.card is None else say("review.move_on", lang, card=str(self.card), stone=self.stone)
        return say("review.move_claims", lang, move=move, stones=Numbers(self.claims)) if self.claims else move


@dataclass(frozen=True, slots=True)
class Chance:
    """A win chance with its standard error (``None``: exact), in words in either language."""

    p: float
    stderr: float | None = None

    def in_words(self, lang: str = "en") -> str:
        return chance(self.p, self.stderr, lang, mark_exact=True)


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
        advice = advise(seen.as_position(), budget_seconds=TIME_CAP_SECONDS, iterations=max(iterations // ALLOWED_SHARE, 8), seed=seed, explain_all=False)
    except ValueError:
        return None
    best = advice.best
    move = MoveName(best.card, best.stone, best.claims)
    win = Chance(best.win if best.win is not None else advice.current, best.stderr if best.win is not None else advice.current_stderr)
    said = tuple(f for f in (best.facts.items if best.facts else ()) if getattr(f, "key", "") not in SEAT_FACTS)[:2]
    if not said:
        return Fact.of("review.allowed_bare", opponent=state.to_move, move=move, chance=win)
    return Fact.of("review.allowed", opponent=state.to_move, move=move, reason=Facts(said), chance=win)


class ReviewError(ValueError):
    """A record the review cannot take: the message is one line naming the turn and the rule or field.

    ``fact`` is the message as a phrase of :data:`REVIEW_ERROR_PHRASES`: ``str()`` is its English,
    :meth:`in_words` says it in any language."""

    fact: Fact | None = None

    @classmethod
    def of(cls, key: str, **fields: object) -> ReviewError:
        """The error whose message is phrase ``key`` with ``fields`` (its English the ``str()``)."""
        fact = Fact.of(key, **fields)
        error = cls(fact.in_words("en"))
        error.fact = fact
        return error

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang`` (« tour 3 : le conseiller ne peut pas explorer cette position : … »)."""
        return str(self) if lang == "en" or self.fact is None else self.fact.in_words(lang)


@dataclass(frozen=True)
class _OneLine:
    """An error's message on one line, in any language (its own ``in_words`` when it has one)."""

    error: BaseException

    def in_words(self, lang: str = "en") -> str:
        said = getattr(self.error, "in_words", None)
        if said is None or lang == "en":
            return _one_line(self.error)
        return re.sub(r"[^\S\u00a0\u202f]+", " ", str(said(lang))).strip(" ")  # French no-break spaces kept

    def __str__(self) -> str:
        return self.in_words("en")


REVIEW_ERROR_PHRASES = register({
    "review.err_iterations": {"en": "iterations: must be a whole number of rollouts from 1 to {most}, not {value}",
                              "fr": "iterations : un nombre entier de simulations de 1 à {most} est attendu, et non {value}"},
    "review.err_record": {"en": "{problem}", "fr": "{problem}"},
    "review.err_no_hand": {"en": "deal.hands: neither hand is fully known; a one-seat record gives that seat's hand",
                           "fr": "mains de la donne : aucune des deux n'est entièrement connue ; une partie vue d'un seul siège donne la main de ce siège"},
    "review.err_search": {"en": "turn {turn}: the advisor cannot search this position: {problem}",
                          "fr": "tour {turn} : le conseiller ne peut pas explorer cette position : {problem}"},
})  # fmt: skip
"""A review's refusals (:class:`ReviewError`), en and fr."""


@dataclass(frozen=True)
class TurnReview:
    """One turn of the game, seen from its mover's seat (``turn`` counts from 1)."""

    turn: int
    player: Player
    played: str
    """The move as played, in words (``"R8 on stone 3, claim 3"`` or ``"pass"``)."""
    reviewed: bool
    """``False`` for the hidden seat's turns in a one-seat record (every figure below is ``None``)."""
    best: str | None = None
    best_reason: str = ""
    before: float | None = None
    before_stderr: float | None = None
    after: float | None = None
    loss: float | None = None
    loss_stderr: float | None = None
    exact: bool = False
    method: str = ""
    label: str | None = None
    moves: int = 0
    """How many legal moves the mover had (1: forced)."""
    best_played: bool = False
    """The move played is the advisor's best, or measured at least as good as it on the same deals
    (then it is the best move: ``loss`` 0, never negative)."""
    as_good: bool = False
    """The move played is not the advisor's but measured at least as good on the same deals (so
    ``best_played``: the advisor's move was not better)."""
    deals: int = 0
    """The shared deals the best and the played move were scored on (0: exact, or the same move)."""
    best_turns: int | None = None
    """In a solved endgame, the turns to the end with the best move (an exact win or loss)."""
    played_turns: int | None = None
    """In a solved endgame, the turns to the end with the move played."""
    best_facts: Facts | None = None
    """The structured facts ``best_reason`` renders in English (base game and expert variant)."""
    record_turn: Mapping[str, Any] | None = None
    """The record's turn (its ``play`` and ``claim``), for :meth:`played_words` in any language."""
    best_move: Any = None
    """The advisor's best move (a :class:`~schotten_lab.bots.advice.MoveAdvice`), for :meth:`best_words`."""
    allowed: Fact | None = None
    """For a labelled move (an inaccuracy, a mistake or a blunder) of a record with both hands: what
    it allowed, the opponent's best reply after it with its reason and the opponent's chance
    (:func:`allowed_reply`); ``None`` otherwise."""

    def played_words(self, lang: str = "en") -> str:
        """The move played, in ``lang`` (``played`` is its English)."""
        if self.record_turn is None or lang == "en":
            return self.played
        return move_words(self.record_turn.get("play"), self.record_turn.get("claim"), lang)

    def best_words(self, lang: str = "en") -> str:
        """The advisor's best move, in ``lang`` (``best`` is its English; ``""`` when not reviewed)."""
        if self.best_move is None or lang == "en":
            return self.best or ""
        return str(self.best_move.label(lang))

    def label_words(self, lang: str = "en") -> str:
        """The label in words: ``blunder`` / « gaffe » (``""`` for none)."""
        return say(f"review.label_{self.label}", lang) if self.label else ""

    def best_reason_words(self, lang: str = "en") -> str:
        """Why the advisor's move, in ``lang``."""
        return self.best_reason if self.best_facts is None else self.best_facts.in_words(lang)

    def allowed_words(self, lang: str = "en") -> str:
        """What the move played allowed, in ``lang`` (``""`` when not computed)."""
        return "" if self.allowed is None else self.allowed.in_words(lang)

    def interval(self) -> tuple[float, float] | None:
        """The loss's 95% interval (``None`` when the loss is exact or not measured)."""
        if self.loss is None or self.loss_stderr is None:
            return None
        return self.loss - SIGNIFICANCE * self.loss_stderr, self.loss + SIGNIFICANCE * self.loss_stderr

    def outcome_words(self, lang: str = "en") -> str:
        """A solved endgame's distances in words: ``"best: wins at once; played: wins in 3 turns"``."""
        best = outcome_words(self.before, self.best_turns, lang) if self.exact else ""
        played = outcome_words(self.after, self.played_turns, lang) if self.exact else ""
        if not best and not played:
            return ""
        if self.best_played or best == played:
            return best or played
        return say("review.outcomes", lang, best=best or "—", played=played or "—")

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn, "player": self.player.value, "played": self.played, "reviewed": self.reviewed,
            "best": self.best, "best_reason": self.best_reason, "before": self.before,
            "before_stderr": self.before_stderr, "after": self.after, "loss": self.loss,
            "loss_stderr": self.loss_stderr, "interval": self.interval(), "exact": self.exact, "method": self.method,
            "label": self.label, "moves": self.moves, "best_played": self.best_played, "as_good": self.as_good, "deals": self.deals,
            "best_turns": self.best_turns, "played_turns": self.played_turns,
            "allowed": self.allowed_words() or None,
        }  # fmt: skip


@dataclass(frozen=True)
class PlayerSummary:
    """A player's reviewed turns: label counts and the average loss of win probability."""

    player: Player
    turns: int
    counts: dict[str, int]
    average_loss: float | None
    best_moves: int
    average_loss_stderr: float | None = None
    """Standard error of ``average_loss`` (``None``: every loss exact)."""

    def line(self, lang: str = "en") -> str:
        """The summary in one line: turns, best moves, labels and the average loss, in ``lang``."""
        counts = ", ".join(
            Count(self.counts.get(label, 0), f"review.count_{label}_one", f"review.count_{label}_many").in_words(lang)
            for label in (*reversed(LABELS), UNCLEAR)
        )
        loss = "—" if self.average_loss is None else points(self.average_loss, self.average_loss_stderr, lang)
        return say("review.summary", lang, player=self.player, turns=Count(self.turns, "review.turns_one", "review.turns_many"),
                   best=say("review.best_moves", lang, count=self.best_moves), counts=counts, loss=loss)


def points(value: float, stderr: float | None = None, lang: str = "en") -> str:
    """A loss in points of win chance: ``3.2 ±1.0`` / « 3,2 ± 1,0 » (one standard error)."""
    if lang == "en":
        return chance(value, stderr).replace("%", "")
    text = number(100 * value, lang, 1)
    return text if stderr is None else f"{text} ±{NBSP}{number(100 * stderr, lang, 1)}"


@dataclass(frozen=True)
class GameReview:
    """The review of one record: every turn, and a summary per reviewed player."""

    record: GameRecord
    turns: tuple[TurnReview, ...]
    seat: Player | None
    """The only seat reviewed (a one-seat record), or ``None`` when both are."""
    iterations: int
    seed: int
    summaries: dict[Player, PlayerSummary] = field(default_factory=dict)

    def key_moments(self, count: int = 3) -> list[TurnReview]:
        """The labelled turns (unclear ones left out) with the largest losses, in game order (at most ``count``)."""
        labelled = [t for t in self.turns if t.label in LABELS and t.loss is not None]
        worst = sorted(labelled, key=lambda t: t.loss or 0.0, reverse=True)[:count]
        return sorted(worst, key=lambda t: t.turn)

    def south_chance(self) -> list[tuple[int, float | None]]:
        """South's chance to win before each turn, as the mover saw it: south's estimate at south's
        turns, one minus north's estimate at north's turns (``None`` where a turn is not reviewed)."""
        out: list[tuple[int, float | None]] = []
        for t in self.turns:
            if t.before is None:
                out.append((t.turn, None))
            else:
                out.append((t.turn, t.before if t.player is Player.SOUTH else 1.0 - t.before))
        return out

    def text(self, lang: str = "en") -> str:
        """The review as plain text in ``lang``: one line per turn, then the summaries."""
        lines = []
        if self.seat is not None:
            lines.append(say("review.one_seat", lang, seat=self.seat))
        for t in self.turns:
            who = player_name(t.player, lang)
            if not t.reviewed:
                lines.append(f"{t.turn:3d} {who:<5} {t.played_words(lang):<24} {say('review.hidden', lang)}")
                continue
            mark = f"  {t.label_words(lang).upper()}" if t.label else ""
            interval = t.interval()
            if t.label == UNCLEAR and interval is not None:
                mark += say("review.interval", lang, low=number(100 * interval[0], lang, 1), high=number(100 * interval[1], lang, 1))
            best = say("review.as_good", lang, best=t.best_words(lang)) if t.as_good else "" if t.best_played else say("review.best", lang, best=t.best_words(lang))
            outcome = t.outcome_words(lang)
            row = say("review.row", lang, before=f"{chance(t.before, t.before_stderr, lang):>12}", after=f"{chance(t.after, None, lang):>6}",
                      loss=chance(t.loss, t.loss_stderr, lang))
            lines.append(f"{t.turn:3d} {who:<5} {t.played_words(lang):<24} {row}{mark}{best}" + (f"  [{outcome}]" if outcome else ""))
            if t.allowed is not None:
                lines.append(f"      {t.allowed_words(lang)}")
        lines.extend(s.line(lang) for s in self.summaries.values())
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": None if self.seat is None else self.seat.value,
            "iterations": self.iterations,
            "seed": self.seed,
            "thresholds": dict(THRESHOLDS),
            "turns": [t.to_dict() for t in self.turns],
            "summary": {
                p.value: {"turns": s.turns, "counts": s.counts, "average_loss": s.average_loss,
                          "average_loss_stderr": s.average_loss_stderr, "best_moves": s.best_moves}
                for p, s in self.summaries.items()
            },
        }


def label_for(loss: float | None, stderr: float | None, deals: int | None = None) -> str | None:
    """The label of a loss of win probability (``stderr`` ``None``: an exact loss): the largest
    threshold the loss reaches, for an estimate the largest its whole 95% interval lies above
    (``loss - SIGNIFICANCE * stderr``); :data:`UNCLEAR` when the estimate reaches the smallest
    threshold but its interval does not lie above it (it may be noise); ``None`` for a loss below
    every threshold. An estimate on fewer than :data:`MIN_LABEL_DEALS` ``deals`` is never more than
    unclear (a normal interval from a handful of deals is not one)."""
    if loss is None:
        return None
    low = loss if stderr is None else loss - SIGNIFICANCE * stderr
    if stderr is not None and deals is not None and deals < MIN_LABEL_DEALS:
        low = -math.inf
    for name, threshold in THRESHOLDS:
        if low >= threshold - 1e-12:
            return name
    return UNCLEAR if loss >= THRESHOLDS[-1][1] - 1e-12 else None


def decided(loss: float, stderr: float | None) -> bool:
    """Whether more deals could not change the label: no threshold lies inside the loss's 95% interval."""
    if stderr is None:
        return True
    low, high = loss - SIGNIFICANCE * stderr, loss + SIGNIFICANCE * stderr
    return not any(low < threshold - 1e-12 and high >= threshold - 1e-12 for _, threshold in THRESHOLDS)


def move_words(play: object, claims: object, lang: str = "en") -> str:
    """A record turn's move in words: ``"R8 on stone 3, claim 3"``, ``"Traitor: take R8 from stone 2
    to stone 5"``, ``"pass"`` / « R8 sur la borne 3, revendique 3 », « passe » (tactics cards named
    by what they do)."""
    if isinstance(play, Mapping):
        try:
            words = play_words(Play.from_dict(play), lang)
        except IllegalTurnError:  # not a play the engine reads: say what the record says
            words = say("move.place", lang, card=piece_name(play.get("card")), stone=str(play.get("stone")))
        if play.get("returned"):
            words = say("move.returned", lang, move=words, count=str(len(play["returned"])))
    else:
        words = say("move.pass", lang)
    return with_claims(words, claims if isinstance(claims, list) else (), lang)


def paired_scores(
    position: Any, best: Turn | Mapping[str, Any], played: Turn | Mapping[str, Any], deals: int, seed: int
) -> tuple[float, float, float, float | None]:
    """The mover's win rates with the ``best`` turn and the ``played`` one on the same ``deals`` fresh
    random deals and rollouts (common random numbers, :func:`~schotten_lab.bots.advisor.compare_turns`):
    ``(best rate, its standard error, played rate, standard error of the mean difference)``; the last
    is ``None`` when the two turns are the same."""
    same = _same_turn(best, played)
    values = compare_turns(position, [best] if same else [best, played], max(deals, 2), seed)
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
    ``deals`` the deals played; ``raw`` the difference before it was clipped at 0."""

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


def measure_loss(
    position: Any,
    candidates: Sequence[Turn | Mapping[str, Any]],
    played: Turn | Mapping[str, Any],
    deals: int,
    seed: int,
    most: int | None = None,
) -> Measured:
    """The adaptive budget: the ``candidates`` (the advisor's best moves, best first) and ``played``
    on ``deals`` shared fresh deals (common random numbers, :func:`~schotten_lab.bots.advisor.
    compare_turns`), then, while the loss's label is undecided (:func:`decided`) and fewer than
    ``most`` deals were played, as many deals again (each batch with its own seed, the batches
    pooled). The best is the candidate with the highest win rate on all these deals, so a different
    choice by the ranking's own noise matters less; its edge over the played move is the loss. A
    played move among the candidates is scored once."""
    same = [k for k, turn in enumerate(candidates) if _same_turn(turn, played)]
    turns = [*candidates] if same else [*candidates, played]
    mine = same[0] if same else len(candidates)
    most = max(deals, most or deals)
    batch, k = max(deals, 2), 0
    values: list[list[float]] = [[] for _ in turns]
    while True:
        for scores, more in zip(values, compare_turns(position, turns, batch, seed + 7919 * k)):
            scores.extend(more)
        k += 1
        n = len(values[0])
        after, after_se = win_estimate(values[mine])
        others = [j for j in range(len(candidates)) if j != mine]
        if not others:
            return Measured(after, after_se, after, after_se, 0.0, None, n, mine, True, 0.0)
        best = max(others, key=lambda j: (sum(values[j]), -j))
        raw, loss_se = loss_estimate([a - b for a, b in zip(values[best], values[mine])])
        if decided(raw, loss_se) or n >= most:
            if raw <= 0.0:  # measured at least as good as every other candidate: a best move
                return Measured(after, after_se, after, after_se, 0.0, None, n, mine, True, raw)
            rate, rate_se = win_estimate(values[best])
            return Measured(rate, rate_se, after, after_se, raw, loss_se, n, best, False, raw)
        batch = min(n, most - n)


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


def loss_estimate(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences of game values (each in -1..1; at least 2) and its standard
    error, never 0 from deals that all agree.

    When every deal gave the same difference ``d`` the sample spread says nothing. The rule of three
    then bounds it: with 95% confidence fewer than ``3/n`` of all deals differ, each by at most
    ``1 + |d|`` (to the far end of -1..1), so the mean may be off by ``3 (1 + |d|) / n``; half of that
    is quoted as the error (at most 1), so that :data:`SIGNIFICANCE` errors are the whole bound. A loss
    of 1 on every deal is then labelled (a blunder: its interval above 0.2) only from 8 deals on."""
    n = len(diffs)
    if n < 2:
        raise ValueError(f"a paired estimate needs at least 2 deals, not {n}")
    mean = sum(diffs) / n
    var = sum((v - mean) ** 2 for v in diffs) / (n - 1)
    if var > 0.0:
        return mean, math.sqrt(var / n)
    return mean, min(3.0 * (1.0 + abs(mean)) / n / SIGNIFICANCE, 1.0)


def _review_turn(k: int, state: GameState, turn: Mapping[str, Any], iterations: int, seed: int) -> TurnReview:
    player = state.to_move
    seen = state.observation(player)
    position = seen if seen.rules.tactics else seen.as_position()  # tactics: who has played a Joker
    try:
        advice: Advice = advise(
            position, budget_seconds=TIME_CAP_SECONDS, iterations=iterations, seed=seed, explain_all=False
        )
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
    best_turns = played_turns = None
    best_words, best_reason, best_facts, best_move = best.label(), best.reason, best.facts, best
    if best.exact and (best_played or (mine is not None and mine.exact)):  # certain: an exact endgame, a won game
        before, before_se = best.win or 0.0, None
        after = before if best_played or mine is None else (mine.win or 0.0)
        loss_se, exact = None, True
        best_turns = best.turns
        played_turns = best.turns if best_played or mine is None else mine.turns
    else:
        searched = [m for m in advice.moves if m.win is not None][:CANDIDATES] or [best]
        measured = measure_loss(
            position, [m.turn() for m in searched], played_turn, max(iterations // 2, 2), seed + 1, MAX_DEALS_FACTOR * iterations
        )  # fmt: skip
        before, before_se, after, loss_se, deals = (
            measured.before, measured.before_stderr, measured.after, measured.loss_stderr, measured.deals
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
        label=label_for(loss, loss_se, deals or None),
        moves=len(advice.moves),
        best_played=best_played,
        deals=deals,
        as_good=as_good,
        best_turns=best_turns,
        played_turns=played_turns,
    )


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
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    progress: bool | None = False,
    on_turn: Callable[[TurnReview], None] | None = None,
) -> GameReview:
    """Review every turn of ``record`` (see the module docstring); reproducible for ``seed``.

    ``iterations`` bounds each turn's cost (rollouts, 1 to :data:`MAX_ITERATIONS`); ``progress`` shows a tqdm bar (``None``: on a
    terminal only). Raises :class:`ReviewError` (one line: turn and rule or field) for a record that
    is not valid or cannot be searched.
    """
    if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
        raise ReviewError.of("review.err_iterations", most=MAX_ITERATIONS, value=_Repr(iterations))
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
                review = _review_turn(k, state, turn, iterations, seed * 1_000_003 + k)
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


def summarize(turns: tuple[TurnReview, ...]) -> dict[Player, PlayerSummary]:
    """Per player with reviewed turns: label counts, best moves, the average loss with its standard
    error. Estimated losses are averaged as they are, a slightly negative one (the played move scored
    better than the advisor's on those deals) included, so noise does not bias the average upward."""
    out: dict[Player, PlayerSummary] = {}
    for player in PLAYERS:
        mine = [t for t in turns if t.player is player and t.reviewed]
        if not mine:
            continue
        counts = {label: sum(t.label == label for t in mine) for label in (*LABELS, UNCLEAR)}
        losses = [t.loss or 0.0 for t in mine]
        errors = [t.loss_stderr for t in mine if t.loss_stderr is not None]
        stderr = math.sqrt(sum(e * e for e in errors)) / len(mine) if errors else None
        out[player] = PlayerSummary(
            player, len(mine), counts, sum(losses) / len(losses), sum(t.best_played for t in mine), stderr
        )
    return out


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


@dataclass(frozen=True)
class _Repr:
    """A bad argument as a message quotes it: its ``repr`` (English), in guillemets (French)."""

    value: object

    def in_words(self, lang: str = "en") -> str:
        if lang == "en":
            return repr(self.value)
        if not isinstance(self.value, str):
            return _one_line(repr(self.value))[:40]
        return f"«{NBSP}{_one_line(self.value)[:40]}{NBSP}»"


__all__ = [
    "DEFAULT_ITERATIONS",
    "REVIEW_ERROR_PHRASES",
    "LABELS",
    "CANDIDATES",
    "MAX_DEALS_FACTOR",
    "MAX_ITERATIONS",
    "MIN_LABEL_DEALS",
    "Measured",
    "UNCLEAR",
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
    "review_game",
    "summarize",
]
