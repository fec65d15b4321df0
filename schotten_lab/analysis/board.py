"""Whole-position analysis: claims, odds and outcomes of all nine stones, and the card probabilities.

One call, :func:`analyze`, returns a :class:`BoardAnalysis` with a readable ``str``, ``to_dict()``
(the JSON schema of the CLI) and ``to_json()``. It is what the board editor refreshes on every edit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from ..core.cards import format_cards
from ..core.formations import RANKS_STRONGEST_FIRST
from ..core.position import Position, Stone
from ..core.rules import PLAYERS, Player, RuleSet
from ..core.tactics import Piece
from .claims import ClaimVerdict, claim
from .common import check_player, check_position, check_rules, percent
from .odds import CompletionOdds, odds_of_side
from .outcome import Outcome, outcome_of_sides
from .pools import CardChance, card_probabilities, draws_left, tactics_probabilities


@dataclass(frozen=True)
class StoneAnalysis:
    """Everything about one stone; ``claims``, ``odds`` and ``outcome`` are ``None`` once it is claimed."""

    number: int
    south: tuple[Piece, ...]
    north: tuple[Piece, ...]
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
    rules: RuleSet = RuleSet()
    tactics_cards: tuple[CardChance, ...] = ()

    @property
    def claim_now(self) -> tuple[int, ...]:
        """Stones the player to move may claim now: at the start of the turn under the expert
        rules, after placing a card otherwise (a proof that holds now still holds after placing)."""
        return self.claimable(self.position.to_move)

    @property
    def threats(self) -> tuple[int, ...]:
        """Stones the opponent of the player to move could claim at the start of their next turn
        (expert) or after their next card, if nothing changes there: their proof holds now."""
        return self.claimable(self.position.to_move.opponent)

    def stone(self, number: int) -> StoneAnalysis:
        return self.stones[number - 1]

    def claimable(self, player: Player | str) -> tuple[int, ...]:
        """The stones ``player`` can claim now."""
        who = Player.parse(player)
        return tuple(s.number for s in self.stones if who in s.claimable_by())

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "notation": self.position.notation,
            "rules": {
                "variant": self.rules.variant,
                "expert": self.rules.expert,
                "strict_proofs": self.rules.strict_proofs,
            },
            "viewer": self.viewer.value,
            "to_move": self.position.to_move.value,
            "claim_now": list(self.claim_now),
            "threats": list(self.threats),
            "stones": [s.to_dict() for s in self.stones],
            "cards": [c.to_dict() for c in self.cards],
        }
        if self.rules.tactics:
            out["tactics_cards"] = [c.to_dict() for c in self.tactics_cards]
        return out

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


def analyze(position: Position, viewer: Player | str | None = None, rules: RuleSet | None = None) -> BoardAnalysis:
    """Analyse every stone for both players and every card for ``viewer`` (default: the player to move).

    Odds and outcomes complete the incomplete sides from the public pool (what a spectator cannot see).
    ``rules`` defaults to the position's rule set (pass one with ``strict_proofs=True`` for strict
    tactics proofs).
    """
    check_position(position)
    who = position.to_move if viewer is None else check_player(viewer, "viewer")
    rules = check_rules(position, rules)
    pool = position.public_pool
    odds_cache: dict[tuple[object, ...], CompletionOdds] = {}
    outcome_cache: dict[tuple[object, ...], Outcome] = {}
    stones = []
    for number, s in enumerate(position.stones, 1):
        if s.claimed is not None:
            stones.append(StoneAnalysis(number, s.south, s.north, s.claimed, None, None, None))
            continue
        claims = {p: claim(position, number, p, rules) for p in PLAYERS}
        setting = (s.capacity, s.blind)
        odds = {}
        for p in PLAYERS:
            side = s.side(p)
            key = (tuple(sorted(map(str, side))), setting)
            if key not in odds_cache:
                odds_cache[key] = odds_of_side(side, pool, capacity=s.capacity, blind=s.blind)
            odds[p] = odds_cache[key]
        okey = (tuple(map(str, s.south)), tuple(map(str, s.north)), s.first_complete, setting)
        if okey not in outcome_cache:
            outcome_cache[okey] = outcome_of_sides(
                s.south, s.north, pool, s.first_complete, capacity=s.capacity, blind=s.blind
            )
        stones.append(StoneAnalysis(number, s.south, s.north, None, claims, odds, outcome_cache[okey]))
    return BoardAnalysis(
        position, who, tuple(stones), card_probabilities(position, who), rules, tactics_probabilities(position, who)
    )


def format_report(result: BoardAnalysis) -> str:
    """The readable text report: one block per stone, then the viewer's card chances."""
    pos = result.position
    decks = f"deck {pos.deck}" + (f", tactics deck {pos.tactics_deck}" if pos.rules.tactics else "")
    lines = [f"{result.rules.name} game, {pos.to_move.value} to move, {decks}; seen by {result.viewer.value}"]
    for s in result.stones:
        stone = pos.stone(s.number)
        modes = f" [{', '.join(sorted(stone.modes))}]" if stone.modes else ""
        sides = "   ".join(f"{p.value} {_side_text(stone, p)}" for p in PLAYERS)
        lines.append(f"Stone {s.number}{modes}: {sides}")
        if s.claimed is not None:
            lines.append(f"  claimed by {s.claimed.value}")
            continue
        assert s.claims is not None and s.odds is not None and s.outcome is not None
        for p in PLAYERS:
            v = s.claims[p]
            if stone.is_complete(p):
                lines.append(f"  {p.value} {'CAN' if v.claimable else 'cannot'} claim: {v.reason}")
        for p in PLAYERS:
            o = s.odds[p]
            if not o.complete:
                if not o.possible:
                    lines.append(f"  {p.value} odds: cannot be completed from the {o.pool_size} cards off the table")
                    continue
                shown = ", ".join(
                    f"{r.label(size=o.capacity)} {percent(o.ranks[r])}" for r in RANKS_STRONGEST_FIRST if o.ranks[r]
                )
                lines.append(f"  {p.value} odds: {shown}")
        out = s.outcome
        lines.append(
            f"  outcome: south {percent(out.south)}, north {percent(out.north)}, tie {percent(out.tie)}"
            + (" (decided by who completes first)" if out.tie and not any(map(stone.is_complete, PLAYERS)) else "")
        )
    claimer, other = pos.to_move, pos.to_move.opponent
    timing = "at the start of the turn (expert rules)" if result.rules.expert else "after placing a card"
    lines.append(
        f"{claimer.value} can claim {_stone_list(result.claim_now)} {timing}; "
        f"{other.value} threatens {_stone_list(result.threats)}."
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


def _side_text(stone: Stone, player: Player) -> str:
    side = stone.side(player)
    if not side:
        return "(empty)"
    formation = stone.formation(player)
    if formation is not None:
        return f"{format_cards(side)} [{formation.describe(size=stone.capacity)}]"
    return f"{format_cards(side)} (incomplete)"


def _stone_list(numbers: tuple[int, ...]) -> str:
    if not numbers:
        return "no stone"
    return ("stone " if len(numbers) == 1 else "stones ") + ", ".join(map(str, numbers))


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({percent(p)})" if p.denominator != 1 else str(p.numerator)


def _html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
