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

from dataclasses import dataclass
from itertools import combinations

from .cards import Card, CardMask
from .formations import Formation
from .rules import Player, RuleSet, side_capacity
from .sides import best_identities, best_side_completion
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


@dataclass(frozen=True, slots=True)
class Decision:
    """The bare verdict of a claim: see :func:`decide_claim`.

    ``status`` is one of ``claimed`` (already claimed), ``incomplete`` (the claimant's side is not
    complete), ``stronger``/``weaker``/``tie_won``/``tie_lost``/``tie_unknown`` (both sides complete),
    ``proved``/``beaten`` (opponent incomplete), ``needs_fourth`` (strict: an unplayed Mud fight
    would reopen the claimant's side).
    """

    claimable: bool
    status: str
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
        return Decision(False, "claimed")
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
                    return Decision(False, "needs_fourth", own=base.own, scenario=scenario, best=base.best)
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
                        "beaten",
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
    blind = "blind" in modes
    capacity = side_capacity(modes)
    if len(mine) < capacity:
        return Decision(False, "incomplete")
    own, resolved = best_identities(mine[:capacity], blind=blind)
    if len(theirs) >= capacity:
        other = best_identities(theirs[:capacity], blind=blind)[0]
        if own.strength > other.strength:
            return Decision(True, "stronger", own, resolved, other)
        if own.strength < other.strength:
            return Decision(False, "weaker", own, resolved, other)
        if first is player:
            return Decision(True, "tie_won", own, resolved, other)
        if first is player.opponent:
            return Decision(False, "tie_lost", own, resolved, other)
        return Decision(False, "tie_unknown", own, resolved, other)
    best = best_side_completion(theirs, pool, capacity=capacity, blind=blind)
    if best is not None and best[0].strength > own.strength:
        return Decision(False, "beaten", own, resolved, None, best[1], best[0], best=best)
    return Decision(True, "proved", own, resolved, best=best)


__all__ = ["Decision", "Scenario", "TacticsLeft", "decide_claim"]
