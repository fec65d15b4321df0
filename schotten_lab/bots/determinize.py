"""Determinization: full game states consistent with what the player to move sees.

The player to move knows the table and their own hand; the opponent's hand (its size known) and
the deck order are hidden. In the base game the hidden cards are exactly the viewer pool ``U_v``
(docs/ANALYSIS.md, "Pools"). :func:`sample` deals them uniformly: a uniformly random opponent hand of
the right size, the rest as the deck in a uniformly random order. Uniform means the sampler draws
no inference from how the opponent has played; the advisor's rollouts, given the game's history,
weight the deals by it instead (:mod:`.inference`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.cards import Card, CardMask, indices_of
from ..core.position import Position
from ..core.errors import AnalysisError
from ..core.rules import BASE, BASE_EXPERT, PLAYERS, Player
from ..core.words import register
from .sim import Sim

PLAYER_INDEX = {Player.SOUTH: 0, Player.NORTH: 1}


@dataclass(frozen=True)
class View:
    """What the player to move sees, in the search's int form (see :mod:`.sim`)."""

    sides: tuple[tuple[int, ...], ...]
    claimed: tuple[int, ...]
    first: tuple[int, ...]
    hand: tuple[int, ...]
    hidden: tuple[int, ...]
    opponent_hand_size: int
    deck_size: int
    me: int
    expert: bool

    def deal(self, hidden_order: list[int]) -> Sim:
        """The full state in which the hidden cards are ``hidden_order``: the opponent's hand first,
        then the deck from its top."""
        h = self.opponent_hand_size
        hands: list[list[int]] = [[], []]
        hands[self.me] = list(self.hand)
        hands[1 - self.me] = hidden_order[:h]
        deck = hidden_order[h:]
        deck.reverse()  # Sim draws from the end
        return Sim(
            [list(s) for s in self.sides], list(self.claimed), list(self.first), hands, deck, self.me, self.expert
        )


SEARCH_PHRASES = register({
    "search.base_only": {"en": "variant: the search covers the base game only", "fr": "variante : la recherche ne couvre que le jeu de base"},
    "search.hand_unknown": {"en": "hands.{who}: the hand of the player to move must be known",
                            "fr": "main de {who} inconnue : pour chercher un coup, il faut connaître la main du joueur qui joue"},
    "search.sizes": {"en": "hand_sizes.{who}: {size} cards in hand plus {deck} in the deck do not match the {unseen} unseen cards",
                     "fr": "cartes en main de {who} : {size} en main et {deck} dans la pioche ne font pas les {unseen} cartes non vues"},
})  # fmt: skip
"""The search's refusal of a position it cannot search (en, fr)."""


def view_of(position: Position) -> View:
    """The search view of a base-game ``position`` seen by its player to move.

    Raises :class:`~..core.errors.AnalysisError` (a ``ValueError``, in words: :data:`SEARCH_PHRASES`) naming the field when the position cannot be searched: not the base game,
    the mover's hand unknown, or hidden cards that do not add up to the opponent's hand plus the deck.
    """
    if position.rules.tactics:
        raise AnalysisError.of("search.base_only")
    mover = position.to_move
    hand = position.clan_hand(mover)
    if hand is None:
        raise AnalysisError.of("search.hand_unknown", who=mover)
    sides: list[tuple[int, ...]] = []
    claimed: list[int] = []
    first: list[int] = []
    for stone in position.stones:
        for p in PLAYERS:
            sides.append(tuple(c.index for c in stone.side(p)))  # type: ignore[union-attr]
        claimed.append(-1 if stone.claimed is None else PLAYER_INDEX[stone.claimed])
        first.append(_first(stone.south, stone.north, stone.first_complete, mover))
    pool: CardMask = position.viewer_pool(mover)
    hidden = tuple(indices_of(pool))
    opponent = mover.opponent
    size = position.hand_sizes[opponent]
    if len(hidden) != size + position.deck:
        raise AnalysisError.of("search.sizes", who=opponent, size=size, deck=position.deck, unseen=len(hidden))
    return View(
        tuple(sides),
        tuple(claimed),
        tuple(first),
        tuple(c.index for c in hand),
        hidden,
        size,
        position.deck,
        PLAYER_INDEX[mover],
        position.rules.expert,
    )


def _first(south: tuple[object, ...], north: tuple[object, ...], given: Player | None, mover: Player) -> int:
    """Who completed a stone first: as given, else the only complete side; unknown ties go to the
    mover's opponent (the cautious guess)."""
    if given is not None:
        return PLAYER_INDEX[given]
    if len(south) == 3 and len(north) < 3:
        return 0
    if len(north) == 3 and len(south) < 3:
        return 1
    if len(south) == 3 and len(north) == 3:
        return PLAYER_INDEX[mover.opponent]
    return -1


def sample(view: View, rng: random.Random) -> Sim:
    """One full state consistent with ``view``, uniformly over the hidden cards' deals."""
    order = list(view.hidden)
    rng.shuffle(order)
    return view.deal(order)


def observation(sim: Sim, player: int) -> Position:
    """The position ``player`` sees in ``sim`` (own hand known, the opponent's hand hidden), for tests
    and quick matches on the search state."""
    from ..core.cards import CARDS
    from ..core.position import Stone

    stones = []
    for i in range(9):
        first = sim.first[i]
        stones.append(
            Stone(
                tuple(CARDS[c] for c in sim.sides[2 * i]),
                tuple(CARDS[c] for c in sim.sides[2 * i + 1]),
                None if sim.claimed[i] < 0 else PLAYERS[sim.claimed[i]],
                None if first < 0 else PLAYERS[first],
            )
        )
    hands: dict[Player, tuple[Card, ...] | None] = {PLAYERS[player]: tuple(CARDS[c] for c in sim.hands[player])}
    hands[PLAYERS[1 - player]] = None
    sizes = {PLAYERS[p]: len(sim.hands[p]) for p in (0, 1)}
    rules = BASE_EXPERT if sim.expert else BASE
    return Position.assemble(tuple(stones), hands, sizes, len(sim.deck), PLAYERS[sim.to_move], rules)
