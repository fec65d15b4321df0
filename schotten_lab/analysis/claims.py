"""Claim feasibility (ANALYSIS.md §1): exact proofs, counterexamples, and explanations in words.

An early claim is proved when no completion of the opponent's side with distinct cards of the public
pool ``U`` (cards not on the table; both hands count as possible) beats the claimant. The search is
one vectorised pass over the strength-sorted table of all 3-card hands, so the strongest beating
completion, when there is one, is simply the first hand that fits.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.cards import CARDS, FULL_DECK, Card, cards_of, format_cards, mask_of
from ..core.formations import Formation, HandTable, best_completion, completions, evaluate, hand_table
from ..core.position import Position
from ..core.rules import SIDE_SIZE, Player
from .common import check_player, check_stone

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
    counterexample: tuple[Card, ...] | None = None
    counter_formation: Formation | None = None
    tie_break_unknown: bool = False

    def __bool__(self) -> bool:
        return self.claimable

    def __str__(self) -> str:
        verdict = "can claim" if self.claimable else "cannot claim"
        return f"{self.player.value} {verdict} stone {self.stone}: {self.reason}"

    def to_dict(self) -> dict[str, object]:
        return {
            "claimable": self.claimable,
            "counterexample": None if self.counterexample is None else [str(c) for c in self.counterexample],
            "reason": self.reason,
            "formation": None if self.own is None else self.own.rank.key,
            "strength": None if self.own is None else self.own.strength,
            "counter_formation": None if self.counter_formation is None else self.counter_formation.rank.key,
            "tie_break_unknown": self.tie_break_unknown,
        }


def claim(position: Position, stone: int, player: Player | str) -> ClaimVerdict:
    """Decide whether ``player`` may claim stone ``stone`` (1-9) now, with proof or counterexample."""
    number = check_stone(position, stone)
    me = check_player(player)
    them = me.opponent
    s = position.stone(number)

    def verdict(ok: bool, reason: str, **extra: object) -> ClaimVerdict:
        return ClaimVerdict(number, me, ok, reason, **extra)  # type: ignore[arg-type]

    if s.claimed is not None:
        return verdict(False, f"stone {number} is already claimed by {s.claimed.value}.")
    mine, theirs = s.side(me), s.side(them)
    if len(mine) < SIDE_SIZE:
        missing = SIDE_SIZE - len(mine)
        return verdict(
            False,
            f"{me.value}'s side has {len(mine)} card{'s' * (len(mine) != 1)}; "
            f"a claim needs a complete side ({missing} more to place).",
        )
    own = evaluate(mine)
    if len(theirs) == SIDE_SIZE:
        return _both_complete(number, me, s.first_complete, own, evaluate(theirs))

    pool = position.public_pool
    best = best_completion(theirs, pool)
    if best is not None and best[0].strength > own.strength:
        formation, added = best
        return verdict(
            False,
            _counter_reason(position, me, theirs, own, formation, added),
            own=own,
            counterexample=added,
            counter_formation=formation,
        )
    return verdict(True, _proof_reason(position, number, me, theirs, own, best), own=own)


def _both_complete(
    number: int, me: Player, first: Player | None, own: Formation, other: Formation
) -> ClaimVerdict:
    them = me.opponent
    if own.strength > other.strength:
        return ClaimVerdict(number, me, True, f"{me.value}'s {own} beats {them.value}'s {other}.", own=own)
    if own.strength < other.strength:
        return ClaimVerdict(number, me, False, f"{them.value}'s {other} beats {me.value}'s {own}.", own=own)
    if first is me:
        return ClaimVerdict(
            number, me, True, f"both sides are {own}; {me.value} completed first and wins the tie.", own=own
        )
    if first is them:
        return ClaimVerdict(
            number, me, False, f"both sides are {own}; {them.value} completed first and wins the tie.", own=own
        )
    return ClaimVerdict(
        number,
        me,
        False,
        f"both sides are {own}; the stone goes to whoever completed first, which the position does not record.",
        own=own,
        tie_break_unknown=True,
    )


def _counter_reason(
    position: Position,
    me: Player,
    theirs: tuple[Card, ...],
    own: Formation,
    formation: Formation,
    added: tuple[Card, ...],
) -> str:
    them = me.opponent
    side = format_cards(sorted(theirs + added))
    words = f"{them.value} can still beat it: {format_cards(added)} would give {them.value} {side}, a {formation}, "
    words += f"which beats {me.value}'s {own}"
    own_hand = set(position.hands[me] or ())
    in_my_hand = [c for c in added if c in own_hand]
    if in_my_hand:
        cards = format_cards(in_my_hand)
        words += (
            f"; {cards} {'is' if len(in_my_hand) == 1 else 'are'} in {me.value}'s own hand, "
            "but a proof may only use cards on the table"
        )
    else:
        words += f"; {'that card is' if len(added) == 1 else 'those cards are'} not on the table"
    return words + "."


def _proof_reason(
    position: Position,
    number: int,
    me: Player,
    theirs: tuple[Card, ...],
    own: Formation,
    best: tuple[Formation, tuple[Card, ...]] | None,
) -> str:
    them = me.opponent
    s = position.stone(number)
    if best is None:
        need = SIDE_SIZE - len(theirs)
        return (
            f"{them.value} cannot complete the side at all: fewer than {need} cards remain off the table."
        )
    # Completions that would beat the claimant if every card off this stone were available:
    # each of them needs at least one card that is already on the table elsewhere.
    off_stone = FULL_DECK & ~mask_of(s.cards())
    hands, strengths = completions(theirs, off_stone)
    threats = hands[strengths > own.strength]
    if len(threats) == 0:
        if len(theirs) == 0:
            return f"no three cards at all can beat {me.value}'s {own}."
        return f"no completion of {them.value}'s {format_cards(theirs)} can beat {me.value}'s {own}, whatever cards remain."
    table = hand_table()
    dead_mask = position.table_mask & ~mask_of(s.cards())
    lead = f"{me.value}'s {own} cannot be beaten: "
    if len(threats) <= MAX_LISTED_THREATS:
        parts = []
        for h in threats.tolist():
            cards = [c for c in _cards_of_hand(table, h) if c not in theirs]
            dead = [c for c in cards if dead_mask >> c.index & 1]
            formation = Formation.from_strength(int(table.strengths[h]))
            where = ", ".join(f"{c} is {_place(position, c)}" for c in dead)
            parts.append(f"{them.value} would need {format_cards(cards)} for a {formation.describe()} ({where})")
        return lead + "; ".join(parts) + "."
    dead_used = int(np.bitwise_or.reduce(table.masks[threats])) & dead_mask
    dead_cards = list(cards_of(dead_used))
    listed = ", ".join(f"{c} ({_place(position, c)})" for c in dead_cards[:6])
    more = f" and {len(dead_cards) - 6} more" if len(dead_cards) > 6 else ""
    return (
        lead + f"each of the {len(threats)} completions that would beat it needs a card already on the table: "
        f"{listed}{more}."
    )


def _place(position: Position, card: Card) -> str:
    where = position.locate(card)
    return "in the discard pile" if where == "discard" else f"on {where}"


def _cards_of_hand(table: HandTable, h: int) -> list[Card]:
    return [CARDS[i] for i in table.cards[h].tolist()]
