"""Folk wisdom as bots: the advisor's rollout policy, changed in exactly one respect per piece of advice.

The baseline is :class:`~schotten_lab.bots.advisor.PolicyBot` (no search): each placement is scored
by :func:`~schotten_lab.bots.sim.placement_score` (a first card its value, a second card the best
formation it keeps open, a third card its strength) and the best one is played, the first best in
stone order then hand order; every provable stone is claimed. :class:`FolkBot` with ``advice=None``
plays exactly the same moves. Each piece of advice in :data:`ADVICE` changes the score of one kind of
placement only (:func:`folk_score`), so a match between a variant and the baseline measures that one
respect:

- ``kind_over_run`` "don't chase a colour run when three of a kind will do": a second card that
  pairs the first (a three-of-a-kind draw) scores above every suited connector (a colour-run draw);
  the baseline ranks the colour-run draw higher.
- ``keep_needed`` "keep in hand a card your opponent needs": a card that would improve the
  strongest completion of a two-card opponent side at an open stone is played only when every card
  in hand is such a card.
- ``adjacent_focus`` "three adjacent stones matter more than five scattered ones": a placement gets
  a bonus of 40 per stone the player holds in the best window of three adjacent stones around it
  that the opponent has not broken (holds none of).
- ``middle_first`` "the middle stones matter most": a bonus of 10 per step closer to stone 5
  (stone 5: +40, stones 1 and 9: 0).
- ``hide_pairs`` "don't show two cards at a stone before your opponent does": a second card on a
  stone where the opponent shows fewer than two cards is played only when nothing else is legal.

Scores are the heuristic's units (a formation rank is worth 100, see :func:`placement_score`), so the
bonuses are tie-breaks between placements of about equal formation value, and "only when" is a
penalty larger than any score. Base game (and its expert variant) only, like the policy it changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.cards import CARDS
from ..core.position import Position
from ..game import Play, Turn
from .determinize import view_of
from .sim import ADJACENT, FULL, Sim, best_completion, placement_score

ADVICE: dict[str, str] = {
    "kind_over_run": "don't chase a colour run when three of a kind will do",
    "keep_needed": "keep in hand a card your opponent needs",
    "adjacent_focus": "three adjacent stones matter more than five scattered ones",
    "middle_first": "the middle stones matter most",
    "hide_pairs": "don't show two cards at a stone before your opponent does",
}
"""Each piece of advice a variant follows, by its short name."""

AVOID = 1000
"""Penalty for a placement the advice says to avoid: above any score gap, so it is played last."""
ADJACENT_BONUS = 40
MIDDLE_STEP = 10
PAIR_BASE = 480
"""``kind_over_run``: a pair's score, above the best colour-run draw (460 + 8 + 7 = 475)."""


def check_advice(advice: str | None) -> str | None:
    """``advice`` itself when it is ``None`` or a key of :data:`ADVICE`; else ``ValueError`` naming the keys."""
    if advice is not None and advice not in ADVICE:
        raise ValueError(f"advice: unknown {advice!r}, expected one of {', '.join(ADVICE)}")
    return advice


def needed_cards(sim: Sim, player: int) -> int:
    """The cards (a bit mask) that would improve the strongest completion of some two-card side of
    ``player``'s opponent at an open stone, the completion drawn from the cards not on the table."""
    opponent = 1 - player
    pool = FULL & ~sim.table
    needed = 0
    for stone in range(9):
        theirs = sim.sides[2 * stone + opponent]
        if sim.claimed[stone] >= 0 or len(theirs) != 2:
            continue
        best = best_completion(theirs, pool)
        candidates = pool & ~needed
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if best_completion(theirs, pool & ~low) < best:
                needed |= low
    return needed


def window_bonus(sim: Sim, stone: int, player: int) -> int:
    """``adjacent_focus``: 40 per stone ``player`` holds in the best unbroken adjacent window around ``stone``."""
    held = sum(1 << s for s in range(9) if sim.claimed[s] == player)
    lost = sum(1 << s for s in range(9) if sim.claimed[s] == 1 - player)
    best = 0
    for window in ADJACENT:
        if window >> stone & 1 and not window & lost:
            best = max(best, (window & held).bit_count())
    return ADJACENT_BONUS * best


def folk_score(sim: Sim, card: int, stone: int, player: int, advice: str | None, needed: int = 0) -> int:
    """The score of ``card`` on ``player``'s side of ``stone`` under ``advice`` (``None``: the baseline
    :func:`placement_score`). ``needed`` is :func:`needed_cards` (used by ``keep_needed`` only)."""
    score = placement_score(sim, card, stone, player)
    if advice is None:
        return score
    side = sim.sides[2 * stone + player]
    if advice == "kind_over_run":
        if len(side) == 1 and side[0] % 9 == card % 9:
            score = PAIR_BASE + 2 * (card % 9)
    elif advice == "keep_needed":
        if needed >> card & 1:
            score -= AVOID
    elif advice == "adjacent_focus":
        score += window_bonus(sim, stone, player)
    elif advice == "middle_first":
        score += MIDDLE_STEP * (4 - abs(stone - 4))
    elif advice == "hide_pairs":
        if len(side) == 1 and len(sim.sides[2 * stone + 1 - player]) < 2:
            score -= AVOID
    else:
        check_advice(advice)
    return score


def folk_play(sim: Sim, advice: str | None) -> tuple[int, int]:
    """The mover's best placement under ``advice``, ``(-1, -1)`` to pass; the first best in stone
    order, then hand order (the baseline's order, so ``advice=None`` is the policy's own choice)."""
    player = sim.to_move
    hand = sim.hands[player]
    needed = needed_cards(sim, player) if advice == "keep_needed" else 0
    best: int | None = None
    choice = (-1, -1)
    for stone in sim.open_stones(player):
        for card in hand:
            score = folk_score(sim, card, stone, player, advice, needed)
            if best is None or score > best:
                best, choice = score, (card, stone)
    return choice


def sim_turn(observation: Position, choose: Callable[[Sim], tuple[int, int]]) -> Turn:
    """The turn (docs/reference/formats.md, "A turn") of the player to move when ``choose`` picks the placement on the search
    state (:mod:`.sim`; ``(-1, -1)`` to pass): every provable stone claimed, as the search does.

    The choice reads the table and the mover's own hand only (the hidden cards are dealt in a fixed
    order that ``choose`` must not look at). Expert variant: when the claims at the start of the turn
    win the game, no card is placed. (The advisor's ``PolicyBot.decide`` builds its turn the same way.)
    """
    view = view_of(observation)
    sim = view.deal(list(view.hidden))
    card, stone = choose(sim)
    claims = tuple(s + 1 for s in sim.turn(card, stone))
    placed = card >= 0 and card not in sim.hands[view.me]
    play = Play(str(CARDS[card]), stone + 1) if placed else None
    return Turn(observation.to_move, play, claims)


class FolkBot:
    """The rollout policy following one piece of folk ``advice`` (a key of :data:`ADVICE`; ``None``
    plays exactly as :class:`~schotten_lab.bots.advisor.PolicyBot`). Deterministic: ``seed`` is
    accepted for the bots' common signature only."""

    name = "folk"

    def __init__(self, advice: str | None = None, seed: int | None = 0) -> None:
        self.advice = check_advice(advice)
        self.seed = seed

    def decide(self, observation: Position, history: Sequence[Turn | Mapping[str, Any]] | None = None) -> Turn:
        return sim_turn(observation, lambda sim: folk_play(sim, self.advice))

    def __repr__(self) -> str:
        return f"FolkBot(advice={self.advice!r})"


__all__ = ["ADVICE", "FolkBot", "check_advice", "folk_play", "folk_score", "needed_cards", "sim_turn", "window_bonus"]
