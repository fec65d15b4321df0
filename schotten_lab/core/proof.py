"""The early-claim decision (docs/RULES.md, "Claims"), for every rule set: is a claim proved, and if not,
the strongest completion that beats it.

This module decides; :mod:`schotten_lab.analysis.claims` explains the decision in words. Position
validation uses it too (a claimed stone must be one whose claim the cards support).

Scenarios: by default a stone is judged with the combat modes it has. With ``strict_proofs`` (tactics
only) an early-claim proof (the opponent's side incomplete) must also hold if any unplayed combat
mode were added to the stone, and if the opponent's side gained one unplayed elite troop. When both
sides are complete there is no proof to make: the stronger side wins, strict or not.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import combinations

from .cards import Card, CardMask
from .formations import Formation
from .rules import Player, RuleSet, side_capacity
from .kernel import side_best
from .sides import best_identities, best_side_completion, kernel_side
from .stone import Stone
from .tactics import MODE_CARD, MODES, Piece, TacticsLeft, Troop


@dataclass(frozen=True, slots=True)
class Scenario:
    """What a strict proof assumes could still happen on the stone (nothing, by default)."""

    added_modes: tuple[str, ...] = ()
    added_troop: str | None = None

    def __bool__(self) -> bool:
        return bool(self.added_modes or self.added_troop)

    def describe(self) -> str:
        parts = [f"an unplayed {MODE_CARD[m]} were put on the stone" for m in self.added_modes]
        if self.added_troop:
            parts.append(f"the opponent played the unplayed {self.added_troop}")
        return " and ".join(parts)


class ClaimStatus(enum.StrEnum):
    """Why a claim holds or fails (a ``str`` enum: each member equals its old string value)."""

    CLAIMED = "claimed"
    """The stone is already claimed."""
    INCOMPLETE = "incomplete"
    """The claimant's side is not complete."""
    STRONGER = "stronger"
    """Both sides complete, the claimant's is stronger."""
    WEAKER = "weaker"
    """Both sides complete, the opponent's is stronger."""
    TIE_WON = "tie_won"
    """Both sides complete and equal; the claimant completed first."""
    TIE_LOST = "tie_lost"
    """Both sides complete and equal; the opponent completed first."""
    TIE_UNKNOWN = "tie_unknown"
    """Both sides complete and equal; the position does not record who completed first."""
    PROVED = "proved"
    """The opponent's side is open and no completion from the public pool beats the claimant."""
    BEATEN = "beaten"
    """The opponent's side is open and some completion beats the claimant (the counterexample)."""
    NEEDS_FOURTH = "needs_fourth"
    """Strict proofs: an unplayed Mud fight would reopen the claimant's side."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The bare verdict of a claim: see :func:`decide_claim`.

    ``status`` is a :class:`ClaimStatus`.
    """

    claimable: bool
    status: ClaimStatus
    own: Formation | None = None
    own_resolved: tuple[Card, ...] = ()
    other: Formation | None = None
    counterexample: tuple[Piece, ...] | None = None
    counter_formation: Formation | None = None
    scenario: Scenario = Scenario()
    best: tuple[Formation, tuple[Card, ...]] | None = None
    """The opponent's strongest completion in the stone's current state (for explanations)."""


def decide_claim(
    stone: Stone, player: Player, pool: CardMask, rules: RuleSet, left: TacticsLeft | None = None
) -> Decision:
    """Decide whether ``player`` may claim ``stone`` given the public ``pool`` of clan cards.

    ``left`` (:meth:`Position.tactics_left <schotten_lab.core.position.Position.tactics_left>`) tells
    which tactics cards are unplayed (used by strict proofs only).
    """
    if stone.claimed is not None:
        return Decision(False, ClaimStatus.CLAIMED)
    modes = frozenset(stone.modes)
    mine, theirs = stone.side(player), stone.side(player.opponent)
    first = stone.first_complete
    base = _decide(mine, theirs, player, first, modes, pool)
    if not base.claimable or not (rules.tactics and rules.strict_proofs):
        return base
    if len(theirs) >= side_capacity(modes):
        return base  # both sides complete: the stronger side wins, no proof is involved
    # strict: every scenario of added modes and one added troop must keep the proof
    left = left or TacticsLeft({})
    free_modes = [m for m in MODES if m not in modes and left.counts.get(MODE_CARD[m], 0) > 0]
    troops = [k for k in ("JOKER", "SPY", "SHIELD") if left.counts.get(k, 0) > 0]
    if "JOKER" in troops and player.opponent in left.jokers_on_table:
        troops.remove("JOKER")
    for count in range(len(free_modes) + 1):
        for added in combinations(free_modes, count):
            scenario_modes = modes | set(added)
            for troop in (None, *troops):
                scenario = Scenario(tuple(added), troop)
                if not scenario:
                    continue
                capacity = side_capacity(scenario_modes)
                if len(mine) < capacity:
                    return Decision(False, ClaimStatus.NEEDS_FOURTH, own=base.own, scenario=scenario, best=base.best)
                extra: tuple[Piece, ...] = (Troop(troop),) if troop else ()  # type: ignore[arg-type]
                if troop and len(theirs) >= capacity:
                    continue
                # a side the added troop completes is completed after the claimant's: a full tie is no beat
                tie_to = first if len(theirs) >= capacity else player
                d = _decide(mine, theirs + extra, player, tie_to, frozenset(scenario_modes), pool)
                if not d.claimable:
                    counter = extra + (d.counterexample or ())
                    return Decision(
                        False,
                        ClaimStatus.BEATEN,
                        own=d.own,
                        own_resolved=d.own_resolved,
                        other=d.other,
                        counterexample=counter,
                        counter_formation=d.counter_formation or d.other,  # or the side a troop completes
                        scenario=scenario,
                        best=base.best,
                    )
    return base


def _decide(
    mine: tuple[Piece, ...],
    theirs: tuple[Piece, ...],
    player: Player,
    first: Player | None,
    modes: frozenset[str],
    pool: CardMask,
) -> Decision:
    """One scenario's proof. The verdict is the rules kernel's (:func:`~schotten_lab.core.kernel.side_best`,
    as :func:`~schotten_lab.core.kernel.tactics_claim_proved` reads it); the formations, the troops'
    identities and the counterexample's cards are found for the explanation."""
    blind = "blind" in modes
    capacity = side_capacity(modes)
    if len(mine) < capacity:
        return Decision(False, ClaimStatus.INCOMPLETE)
    own, resolved = best_identities(mine[:capacity], blind=blind)
    if len(theirs) >= capacity:
        other = best_identities(theirs[:capacity], blind=blind)[0]
        if own.strength > other.strength:
            return Decision(True, ClaimStatus.STRONGER, own, resolved, other)
        if own.strength < other.strength:
            return Decision(False, ClaimStatus.WEAKER, own, resolved, other)
        if first is player:
            return Decision(True, ClaimStatus.TIE_WON, own, resolved, other)
        if first is player.opponent:
            return Decision(False, ClaimStatus.TIE_LOST, own, resolved, other)
        return Decision(False, ClaimStatus.TIE_UNKNOWN, own, resolved, other)
    beaten = side_best(*kernel_side(theirs), capacity, blind, pool) > own.strength
    best = best_side_completion(theirs, pool, capacity=capacity, blind=blind)
    if beaten:
        assert best is not None and best[0].strength > own.strength, (theirs, best)
        return Decision(False, ClaimStatus.BEATEN, own, resolved, None, best[1], best[0], best=best)
    return Decision(True, ClaimStatus.PROVED, own, resolved, best=best)


__all__ = ["Decision", "Scenario", "TacticsLeft", "decide_claim"]
