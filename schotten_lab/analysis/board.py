"""Whole-position analysis: claims, odds and outcomes of all nine stones, and the card probabilities.

One call, :func:`analyze`, returns a :class:`BoardAnalysis` with a readable ``str``, ``to_dict()``
(the JSON schema of the CLI) and ``to_json()``. It is what the board editor refreshes on every edit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from ..core.cards import format_cards
from ..core.formations import RANKS_STRONGEST_FIRST, evaluate
from ..core.position import Position
from ..core.rules import PLAYERS, SIDE_SIZE, Player
from .claims import ClaimVerdict, claim
from .common import check_player, percent
from .odds import CompletionOdds, odds_of_side
from .outcome import Outcome, outcome_of_sides
from .pools import CardChance, card_probabilities, draws_left


@dataclass(frozen=True)
class StoneAnalysis:
    """Everything about one stone; ``claims``, ``odds`` and ``outcome`` are ``None`` once it is claimed."""

    number: int
    south: tuple
    north: tuple
    claimed: Player | None
    claims: dict[Player, ClaimVerdict] | None
    odds: dict[Player, CompletionOdds] | None
    outcome: Outcome | None

    def claimable_by(self) -> tuple[Player, ...]:
        if self.claims is None:
            return ()
        return tuple(p for p in PLAYERS if self.claims[p].claimable)

    def to_dict(self) -> dict[str, object]:
        return {
            "stone": self.number,
            "south": [str(c) for c in self.south],
            "north": [str(c) for c in self.north],
            "claimed": self.claimed.value if self.claimed else None,
            "claim": None if self.claims is None else {p.value: self.claims[p].to_dict() for p in PLAYERS},
            "odds": None if self.odds is None else {p.value: self.odds[p].to_dict() for p in PLAYERS},
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


@dataclass(frozen=True)
class BoardAnalysis:
    """The analysis of a whole position as ``viewer`` sees it (card probabilities use the viewer's pool)."""

    position: Position
    viewer: Player
    stones: tuple[StoneAnalysis, ...]
    cards: tuple[CardChance, ...]

    def stone(self, number: int) -> StoneAnalysis:
        return self.stones[number - 1]

    def claimable(self, player: Player | str) -> tuple[int, ...]:
        """The stones ``player`` can claim now."""
        who = Player.parse(player)
        return tuple(s.number for s in self.stones if who in s.claimable_by())

    def to_dict(self) -> dict[str, object]:
        return {
            "notation": self.position.notation,
            "viewer": self.viewer.value,
            "to_move": self.position.to_move.value,
            "stones": [s.to_dict() for s in self.stones],
            "cards": [c.to_dict() for c in self.cards],
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def __str__(self) -> str:
        return format_report(self)

    def _repr_html_(self) -> str:
        from ..core.svg import position_svg

        svg = position_svg(self.position, highlight_stones=tuple(s.number for s in self.stones if s.claimable_by()))
        body = "".join(
            f"<li>{_html_escape(line)}</li>" for line in format_report(self).splitlines()[1:] if line.strip()
        )
        return f"<div>{svg}<ul style='font-family:monospace'>{body}</ul></div>"


def analyze(position: Position, viewer: Player | str | None = None) -> BoardAnalysis:
    """Analyse every stone for both players and every card for ``viewer`` (default: the player to move).

    Odds and outcomes complete the incomplete sides from the public pool (what a spectator cannot see).
    """
    who = position.to_move if viewer is None else check_player(viewer, "viewer")
    pool = position.public_pool
    odds_cache: dict[tuple, CompletionOdds] = {}
    outcome_cache: dict[tuple, Outcome] = {}
    stones = []
    for number, s in enumerate(position.stones, 1):
        if s.claimed is not None:
            stones.append(StoneAnalysis(number, s.south, s.north, s.claimed, None, None, None))
            continue
        claims = {p: claim(position, number, p) for p in PLAYERS}
        odds = {}
        for p in PLAYERS:
            side = s.side(p)
            key = tuple(sorted(side))
            if key not in odds_cache:
                odds_cache[key] = odds_of_side(side, pool)
            odds[p] = odds_cache[key]
        okey = (tuple(sorted(s.south)), tuple(sorted(s.north)), s.first_complete)
        if okey not in outcome_cache:
            outcome_cache[okey] = outcome_of_sides(s.south, s.north, pool, s.first_complete)
        stones.append(StoneAnalysis(number, s.south, s.north, None, claims, odds, outcome_cache[okey]))
    return BoardAnalysis(position, who, tuple(stones), card_probabilities(position, who))


def format_report(result: BoardAnalysis) -> str:
    """The readable text report: one block per stone, then the viewer's card chances."""
    pos = result.position
    lines = [
        f"{pos.rules.name} game, {pos.to_move.value} to move, deck {pos.deck}; seen by {result.viewer.value}"
    ]
    for s in result.stones:
        sides = "   ".join(f"{p.value} {_side_text(s.south if p is Player.SOUTH else s.north)}" for p in PLAYERS)
        lines.append(f"Stone {s.number}: {sides}")
        if s.claimed is not None:
            lines.append(f"  claimed by {s.claimed.value}")
            continue
        assert s.claims is not None and s.odds is not None and s.outcome is not None
        for p in PLAYERS:
            v = s.claims[p]
            if len(s.south if p is Player.SOUTH else s.north) == SIDE_SIZE:
                lines.append(f"  {p.value} {'CAN' if v.claimable else 'cannot'} claim: {v.reason}")
        for p in PLAYERS:
            o = s.odds[p]
            if not o.complete:
                if not o.possible:
                    lines.append(f"  {p.value} odds: cannot be completed from the {o.pool_size} cards off the table")
                    continue
                shown = ", ".join(
                    f"{r.label()} {percent(o.ranks[r])}" for r in RANKS_STRONGEST_FIRST if o.ranks[r]
                )
                lines.append(f"  {p.value} odds: {shown}")
        out = s.outcome
        lines.append(
            f"  outcome: south {percent(out.south)}, north {percent(out.north)}, tie {percent(out.tie)}"
            + (" (decided by who completes first)" if out.tie and len(s.south) < 3 and len(s.north) < 3 else "")
        )
    unseen = [c for c in result.cards if c.unseen]
    if unseen:
        c = unseen[0]
        opp = result.viewer.opponent.value
        lines.append(
            f"Cards: {len(unseen)} unseen by {result.viewer.value}; each is in {opp}'s hand with "
            f"{_frac(c.p_opponent_hand)}, in the deck with {_frac(c.p_deck)}, and drawn by "
            f"{result.viewer.value} in the {draws_left(pos, result.viewer)} draws left with {_frac(c.p_draw)}."
        )
    return "\n".join(lines)


def _side_text(side: tuple) -> str:
    if not side:
        return "(empty)"
    if len(side) == SIDE_SIZE:
        return f"{format_cards(side)} [{evaluate(side)}]"
    return f"{format_cards(side)} (incomplete)"


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({percent(p)})" if p.denominator != 1 else str(p.numerator)


def _html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
