"""What the opponent's plays say about its hand: the advisor's weighted deals (base game).

A uniform deal (:mod:`.determinize`) gives the opponent any hand of the unseen cards. But a player
who placed a weak card did not, most likely, hold a card that would have done much better then.
This module reads the game's public history (plays and claims only: never a card drawn) and models
the opponent as the strong one-ply heuristic (:func:`.greedy.placement_value`): at each of its
recent turns, an unseen card ``x`` that would have scored **strictly more** on some stone than the
card it played was, under the model, not in its hand yet; if ``x`` is in its hand now, it was drawn
since. A hand is **consistent** when its cards needing a recent arrival fit the draws the opponent
made since (each turn draws one card while the deck lasts), less the cards it has played that came
in since (a card it played that an older turn's play rules out came in after that turn,
:func:`kept_draws`): Hall's condition on nested sets, checked by counting in order of how recent an
arrival each card needs.

The rollout kernel deals by rejection (:func:`.rollout_kernel.deal_into`): a hand with ``u`` cards
that do not fit is kept with probability :data:`DOUBT` to the power ``u``, so a player who is not the
heuristic (a person, another program) only makes the weighting weaker, never impossible. What goes
to the kernel (:class:`Arrivals`): for each card, the most recent of the opponent's turns it would have
beaten (0: none), and how many cards the opponent drew after each of its recent turns.

With no history, a history that does not replay to the position's table, or no
turn of the opponent's to read, the deals stay uniform (:data:`UNIFORM`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card
from ..core.errors import CardError
from ..game import IllegalTurnError, read_turn
from .determinize import View
from .greedy import placement_value
from .sim import Sim

DOUBT = 0.1
"""The chance the model keeps, per card, a hand the opponent's plays argue against (see the module)."""
LOOK_BACK = 8
"""The opponent's most recent turns read (older ones rarely constrain a six-card hand)."""
HAND = 6
"""A base-game hand (the opponent's hand shrinks below it only once the deck is empty)."""


@dataclass(frozen=True)
class Arrivals:
    """The kernel's weighting of deals: ``newer[x]`` (cards 0-53) is the most recent of the
    opponent's turns (1: its last) that card ``x`` would have beaten, 0 when none (so ``x`` in its
    hand was drawn after that turn); ``draws[j]`` the
    cards the opponent drew after its ``j`` most recent turns (``draws[0] == 0``); ``doubt`` the
    chance kept per card that does not fit."""

    newer: tuple[int, ...]
    draws: tuple[int, ...]
    doubt: float = DOUBT

    @property
    def uniform(self) -> bool:
        return not any(self.newer)


UNIFORM = Arrivals((0,) * 54, (0,), DOUBT)
"""No inference: every deal of the hidden cards equally likely."""

Beats = Callable[[Sim, Sequence[int], int], Sequence[bool]]
"""``beats(table, cards, bar)``: for each card, whether the mover of ``table`` would score more than
``bar`` placing it on some open stone (:func:`.greedy.placement_value`)."""


def heuristic_beats(table: Sim, cards: Sequence[int], bar: int) -> list[bool]:
    """:data:`Beats` by :func:`.greedy.placement_value` itself (the slow twin of the rollout kernel's
    ``beats``)."""
    stones = table.open_stones(table.to_move)
    found = []
    for x in cards:
        table.hands[table.to_move] = [x]
        found.append(any(placement_value(table, x, s) > bar for s in stones))
    return found


def _placement(turn: Any) -> tuple[str, int | None, int | None, tuple[int, ...]] | None:
    """``(player, card index or None for a pass, stone 0-8, claims 0-8)`` of a history turn (a
    :class:`~schotten_lab.game.Turn` or its JSON mapping, read by :func:`~schotten_lab.game.read_turn`),
    ``None`` when it cannot be read or is not a clan card's placement."""
    try:
        read = read_turn(turn)
    except (IllegalTurnError, ValueError, TypeError, KeyError):
        return None
    if read.player is None:
        return None
    claims = tuple(c - 1 for c in read.claim)
    if read.play is None:
        return read.player.value, None, None, claims
    stone = read.play.stone
    try:
        card = Card.parse(read.play.card).index
    except (CardError, ValueError):
        return None
    if stone is None or not 1 <= stone <= 9:
        return None
    return read.player.value, card, stone - 1, claims


def arrivals(
    view: View, history: Sequence[Any] | None, doubt: float = DOUBT, look_back: int = LOOK_BACK,
    beats: Beats = heuristic_beats,
) -> Arrivals:  # fmt: skip
    """The weighting of the deals of ``view`` (the mover's seat) that the opponent's plays in
    ``history`` support (see the module); :data:`UNIFORM` when there is nothing to read. ``beats``
    scores the cards (the rollout kernel's, compiled, in :class:`.rollouts.Rollouts`)."""
    if not history:
        return UNIFORM
    me, other = view.me, 1 - view.me
    names = ("south", "north")
    sim = Sim([[] for _ in range(18)], [-1] * 9, [-1] * 9, [[], []], [], 0, view.expert)
    seen: list[tuple[Sim, int, int]] = []  # the opponent's placements: the table before, the card, the stone
    for turn in history:
        read = _placement(turn)
        if read is None:
            return UNIFORM
        player, card, stone, claims = read
        p = names.index(player)
        sim.to_move = p
        if view.expert:
            for i in claims:
                sim.claimed[i] = p
        if card is not None and stone is not None:
            if (sim.table >> card) & 1 or len(sim.sides[2 * stone + p]) >= 3 or sim.claimed[stone] >= 0:
                return UNIFORM  # not a legal replay: the history is not this game's
            if p == other:
                seen.append((sim.copy(), card, stone))
            sim.hands[p] = [card]
            sim.place(card, stone)
        if not view.expert:
            for i in claims:
                sim.claimed[i] = p
    if [sorted(s) for s in sim.sides] != [sorted(s) for s in view.sides] or list(sim.claimed) != list(view.claimed):
        return UNIFORM  # the history does not lead to this table
    recent = seen[::-1][:look_back]
    if not recent:
        return UNIFORM
    newer = [0] * 54
    came_after = [0] * len(recent)  # each read turn's played card: the most recent older turn it beats
    hidden = view.hidden
    for j, (before, played, stone) in enumerate(recent, start=1):
        before.hands[other] = [played]
        bar = placement_value(before, played, stone)
        # a card already needed newer by a more recent turn: an older turn only widens its window
        cards = [x for x in hidden if not newer[x]]
        for x, better in zip(cards, beats(before, cards, bar)):
            if better:
                newer[x] = j
        later = [i for i in range(j - 1) if not came_after[i]]
        for i, better in zip(later, beats(before, [recent[i][1] for i in later], bar)):
            if better:
                came_after[i] = j
    # the opponent drew after each turn while the deck lasted; its last (HAND - hand) turns drew nothing
    dry = max(0, HAND - view.opponent_hand_size)
    draws = kept_draws(tuple(max(0, j - dry) for j in range(len(recent) + 1)), came_after)
    return Arrivals(tuple(newer), draws, doubt)


def kept_draws(draws: Sequence[int], came_after: Sequence[int]) -> tuple[int, ...]:
    """The cards drawn after each read turn (``draws[j]``: after the ``j`` most recent) that can
    still be in the opponent's hand. A card it played that an older turn's play rules out came in
    after that turn (``came_after``: for each card it played at a read turn, the most recent older
    turn it would have beaten, 0 none), so one of the cards drawn since is accounted for: less
    those, then each turn's room at most an older turn's (a card that came in after a turn came in
    after every older one), so that :func:`unfit` counts every turn's shortfall."""
    room = [d - sum(1 for m in came_after if 0 < m <= j) for j, d in enumerate(draws)]
    for j in range(len(room) - 2, -1, -1):
        room[j] = min(room[j], room[j + 1])
    return tuple(max(0, r) for r in room)


def unfit(hand: Sequence[int], arrivals: Arrivals) -> int:
    """How many cards of ``hand`` do not fit the draws (see the module): the slow twin of the
    kernel's count, for the tests."""
    needs = sorted(arrivals.newer[x] for x in hand if arrivals.newer[x])
    fitted = missed = 0
    for j in needs:
        if fitted < arrivals.draws[j]:
            fitted += 1
        else:
            missed += 1
    return missed


__all__ = ["DOUBT", "LOOK_BACK", "UNIFORM", "Arrivals", "Beats", "arrivals", "heuristic_beats", "kept_draws", "unfit"]
