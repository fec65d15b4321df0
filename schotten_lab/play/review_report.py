"""What a review reports: each turn's judgment (:class:`TurnReview`), a player's summary
(:class:`PlayerSummary`) and the whole review (:class:`GameReview`), with their text in English or
French and their JSON form."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bots.budget import Budget
from ..bots.words import outcome_words
from ..core.rules import PLAYERS, Player
from ..core.words import Count, Fact, Facts, chance, number, say
from ..core.words import player as player_name
from ..game import GameRecord
from .review_stats import LABELS, SIGNIFICANCE, THRESHOLDS, UNCLEAR
from .review_words import move_words, points

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
    z: float = SIGNIFICANCE
    """The half width of the loss's interval in standard errors: its measurement's, wide enough that
    the intervals of all its looks hold together at 95% (:func:`.review_stats.simultaneous_z`)."""
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
        return self.loss - self.z * self.loss_stderr, self.loss + self.z * self.loss_stderr

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
            "budget": Budget(rollouts=self.iterations).to_dict(),  # the Budget a turn
            "seed": self.seed,
            "thresholds": dict(THRESHOLDS),
            "turns": [t.to_dict() for t in self.turns],
            "summary": {
                p.value: {"turns": s.turns, "counts": s.counts, "average_loss": s.average_loss,
                          "average_loss_stderr": s.average_loss_stderr, "best_moves": s.best_moves}
                for p, s in self.summaries.items()
            },
        }


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


__all__ = ["GameReview", "PlayerSummary", "TurnReview", "summarize"]
