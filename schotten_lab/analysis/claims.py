"""Claim feasibility (ANALYSIS.md §1): exact proofs, counterexamples, and explanations in words.

An early claim is proved when no completion of the opponent's side with distinct cards of the public
pool ``U`` (cards not on the table; both hands count as possible) beats the claimant. The search is
one vectorised pass over the strength-sorted table of all 3-card hands, so the strongest beating
completion, when there is one, is simply the first hand that fits.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from ..core.cards import FULL_DECK, Card, cards_of, format_cards, mask_of
from ..core.formations import Formation
from ..core.position import Position, Stone
from ..core.proof import Decision, decide_claim, tactics_left
from ..core.rules import Player, RuleSet
from ..core.sides import completion_masks
from ..core.tactics import Piece, Troop
from .common import check_player, check_rules, check_stone

MAX_LISTED_THREATS = 3


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """Whether ``player`` may claim ``stone`` now, and why.

    ``counterexample`` holds the cards the opponent would ADD to their side: the strongest
    completion that beats the claimant (``None`` when the claim holds or fails for another reason).
    """

    stone: int
    player: Player
    claimable: bool
    reason: str
    own: Formation | None = None
    counterexample: tuple[Piece, ...] | None = None
    counter_formation: Formation | None = None
    tie_break_unknown: bool = False
    scenario: str | None = None
    """Strict proofs: the unplayed tactics that would make the counterexample possible."""

    def __bool__(self) -> bool:
        return self.claimable

    def __str__(self) -> str:
        verdict = "can claim" if self.claimable else "cannot claim"
        return f"{self.player.value} {verdict} stone {self.stone}: {self.reason}"

    def _repr_html_(self) -> str:
        color = "#1b5e20" if self.claimable else "#b71c1c"
        verdict = "can claim" if self.claimable else "cannot claim"
        return (
            f"<p><b style='color:{color}'>{self.player.value} {verdict} stone {self.stone}</b>: "
            f"{html.escape(self.reason)}</p>"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "claimable": self.claimable,
            "counterexample": None if self.counterexample is None else [str(c) for c in self.counterexample],
            "reason": self.reason,
            "formation": None if self.own is None else self.own.rank.key,
            "strength": None if self.own is None else self.own.strength,
            "counter_formation": None if self.counter_formation is None else self.counter_formation.rank.key,
            "tie_break_unknown": self.tie_break_unknown,
            "scenario": self.scenario,
        }


def claim(position: Position, stone: int, player: Player | str, rules: RuleSet | None = None) -> ClaimVerdict:
    """Decide whether ``player`` may claim stone ``stone`` (1-9) now, with proof or counterexample.

    ``rules`` defaults to the position's rule set; pass ``RuleSet("tactics", strict_proofs=True)``
    for the strict proof (unplayed combat modes and elite troops may block a claim).
    """
    number = check_stone(position, stone)
    me = check_player(player)
    rules = check_rules(position, rules)
    s = position.stone(number)
    left = tactics_left(position) if rules.tactics and rules.strict_proofs else None  # only strict proofs use it
    d = decide_claim(s, me, position.public_pool, rules, left)
    return ClaimVerdict(
        number,
        me,
        d.claimable,
        _explain(position, number, me, d),
        own=d.own,
        counterexample=d.counterexample,
        counter_formation=d.counter_formation,
        tie_break_unknown=d.status == "tie_unknown",
        scenario=d.scenario.describe() if d.scenario else None,
    )


def _explain(position: Position, number: int, me: Player, d: Decision) -> str:
    s = position.stone(number)
    them = me.opponent
    mine = s.side(me)
    own = f"{_formation_words(d.own, s)}{_troop_note(mine, d.own_resolved)}" if d.own else ""
    other = _formation_words(d.other, s) if d.other else ""
    if s.claimed is not None:
        return f"stone {number} is already claimed by {s.claimed.value}."
    if d.status == "incomplete":
        mud = " (4 under Mud fight)" if s.capacity == 4 else ""
        return (
            f"{me.value}'s side has {len(mine)} card{'s' * (len(mine) != 1)}; "
            f"a claim needs a complete side{mud}, {s.capacity - len(mine)} more to place."
        )
    if d.status == "stronger":
        return f"{me.value}'s {own} beats {them.value}'s {other}."
    if d.status == "weaker":
        return f"{them.value}'s {other} beats {me.value}'s {own}."
    if d.status == "tie_won":
        return f"both sides are {other}; {me.value} completed first and wins the tie."
    if d.status == "tie_lost":
        return f"both sides are {other}; {them.value} completed first and wins the tie."
    if d.status == "tie_unknown":
        return f"both sides are {other}; the stone goes to whoever completed first, which the position does not record."
    if d.status == "needs_fourth":
        return (
            f"strict proof: if {d.scenario.describe()}, the stone would need 4 cards a side and "
            f"{me.value} a fourth card, which a proof may not take from a hand."
        )
    if d.status == "beaten":
        return _counter_reason(position, s, me, d, own)
    return _proof_reason(position, number, me, d, own)


def _formation_words(f: Formation | None, s: Stone, blind: bool = False) -> str:
    """A formation in words; ``blind`` marks a Blind-man's bluff the stone only has in a strict scenario."""
    if f is None:
        return ""
    words = f.describe(size=s.capacity)
    return f"{words} (Blind-man's bluff: sums only)" if s.blind or blind else words


def _troop_note(side: tuple[Piece, ...], resolved: tuple[Card, ...]) -> str:
    """``", with JOKER as R8"`` for the troops of a complete side, at their best identities."""
    if not resolved or not any(isinstance(p, Troop) and p.wild for p in side):
        return ""
    parts = [f"{p} as {c}" for p, c in zip(side, resolved) if isinstance(p, Troop) and p.wild]
    return f", with {', '.join(parts)}"


def _counter_reason(position: Position, s: Stone, me: Player, d: Decision, own: str) -> str:
    them = me.opponent
    added = d.counterexample or ()
    theirs = s.side(them) + tuple(a for a in added if isinstance(a, Troop))
    cards = [a for a in added if isinstance(a, Card)]
    side_text = format_cards([*theirs, *sorted(cards)])
    lead = f"if {d.scenario.describe()}, " if d.scenario else ""
    if "blind" in d.scenario.added_modes and not s.blind:
        # the scenario's Blind-man's bluff: both formations are sums only
        own = f"{_formation_words(d.own, s, blind=True)}{_troop_note(s.side(me), d.own_resolved)}"
    counter = _formation_words(d.counter_formation, s, blind="blind" in d.scenario.added_modes)
    words = (
        f"{lead}{them.value} can still beat it: {format_cards(added)} would give {them.value} {side_text}, "
        f"a {counter}, which beats {me.value}'s {own}"
    )
    wild = [p for p in theirs if isinstance(p, Troop) and p.wild]
    if wild:
        words += f" ({', '.join(str(p) for p in wild)} taking {them.value}'s best identity)"
    own_hand = set(position.hands[me] or ())
    in_my_hand = [c for c in cards if c in own_hand]
    if in_my_hand:
        listed = format_cards(in_my_hand)
        words += (
            f"; {listed} {'is' if len(in_my_hand) == 1 else 'are'} in {me.value}'s own hand, "
            "but a proof may only use cards on the table"
        )
    elif cards:
        words += f"; {'that card is' if len(cards) == 1 else 'those cards are'} not on the table"
    return words + "."


def _proof_reason(position: Position, number: int, me: Player, d: Decision, own: str) -> str:
    them = me.opponent
    s = position.stone(number)
    theirs = s.side(them)
    need = s.capacity - len(theirs)
    if d.best is None:
        return f"{them.value} cannot complete the side at all: fewer than {need} cards remain off the table."
    # Completions that would beat the claimant if every card off this stone were available:
    # each of them needs at least one card that is already on the table elsewhere.
    stone_mask = mask_of(s.clan_cards())
    masks, strengths = completion_masks(theirs, FULL_DECK & ~stone_mask, capacity=s.capacity, blind=s.blind)
    assert d.own is not None  # a proof is about the claimant's complete side
    beating = strengths > d.own.strength
    threats, threat_strengths = masks[beating], strengths[beating]
    lead = f"{me.value}'s {own} cannot be beaten"
    wild = [p for p in theirs if isinstance(p, Troop) and p.wild]
    if wild:
        lead += f", even with {', '.join(str(p) for p in wild)} at {them.value}'s best identity"
    tie_note = ""
    best_formation, best_cards = d.best
    if best_formation.strength == d.own.strength:
        tie_note = (
            f"; the best {them.value} can still reach, {format_cards(best_cards)} for a "
            f"{_formation_words(best_formation, s)}, only ties, and {me.value} completed first"
        )
    if len(threats) == 0:
        if not theirs:
            return f"{lead}: no {s.capacity} cards at all can beat it{tie_note}."
        return (
            f"{lead}: no completion of {them.value}'s {format_cards(theirs)} can beat it, "
            f"whatever cards remain{tie_note}."
        )
    dead_mask = position.table_mask & ~stone_mask
    if len(threats) <= MAX_LISTED_THREATS:
        parts = []
        order = sorted(range(len(threats)), key=lambda t: (-int(threat_strengths[t]), int(threats[t])))
        for t in order:
            cards = list(cards_of(int(threats[t])))
            dead = [c for c in cards if dead_mask >> c.index & 1]
            formation = _formation_words(Formation.from_strength(int(threat_strengths[t])), s)
            where = ", ".join(f"{c} is {_place(position, c)}" for c in dead)
            parts.append(f"{them.value} would need {format_cards(cards)} for a {formation} ({where})")
        return f"{lead}: " + "; ".join(parts) + tie_note + "."
    used = int(np.bitwise_or.reduce(threats))
    dead_cards = list(cards_of(used & dead_mask))
    listed = ", ".join(f"{c} ({_place(position, c)})" for c in dead_cards[:6])
    more = f" and {len(dead_cards) - 6} more" if len(dead_cards) > 6 else ""
    return (
        f"{lead}: each of the {len(threats)} completions that would beat it needs a card already on the table: "
        f"{listed}{more}{tie_note}."
    )


def _place(position: Position, card: Card) -> str:
    where = position.locate(card)
    return "in the discard pile" if where == "discard" else f"on {where}"
