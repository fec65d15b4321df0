"""A turn in progress: a mutable copy of a game state's changing parts, and the play and claims on it.

:class:`Work` is what the engine changes while it checks and applies one decision (the stones and the
completion order of their sides, the hands, the decks, the discard pile, the clock); the engine
(:mod:`.apply`) freezes it into the next :class:`~.state.GameState` once the turn is done, and
:meth:`~.state.GameState.claims_after` plays a card on a copy to list the claims that would follow.
Here live the table's rules of a turn, written once: where a played card goes (:func:`do_play`), the
claims made in order until one ends the game (:func:`do_claims`), and why a claim is refused
(:func:`claim_refusal`, a fact from the core proof). Nothing here decides whose turn it is or when to
draw: that is the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.cards import FULL_DECK, Card
from ..core.legality import Named
from ..core.proof import decide_claim
from ..core.rules import BASE, TACTICS, Player, win_reason
from ..core.stone import Stone
from ..core.tactics import HandCard, Piece, Troop, parse_hand_card
from ..core.words import Fact
from .errors import IllegalTurnError
from .plays import HAND_CARD, MODE_OF, Play, claim_holds, piece_code
from .record_words import CardCount, DeckName, Verbatim

if TYPE_CHECKING:
    from .state import GameState

SOUTH, NORTH = Player.SOUTH, Player.NORTH


def seat_index(player: Player) -> int:
    """Where ``player``'s entry sits in a state's pairs (``hands``, ``tactics_played``): 0 south, 1 north."""
    return 0 if player is SOUTH else 1


class Work:
    """A mutable copy of a state's changing parts, for one turn."""

    __slots__ = (
        "stones", "complete_at", "hands", "clan_deck", "tactics_deck", "discard",
        "tactics_played", "jokers_played", "table_mask", "winner", "reason", "clock",
    )  # fmt: skip

    def __init__(self, s: GameState) -> None:
        self.stones = list(s.stones)
        self.complete_at = list(s.complete_at)
        self.hands = [list(s.hands[0]), list(s.hands[1])]
        self.clan_deck = s.clan_deck
        self.tactics_deck = s.tactics_deck
        self.discard = s.discard
        self.tactics_played = list(s.tactics_played)
        self.jokers_played = s.jokers_played
        self.table_mask = s.table_mask
        self.winner: Player | None = None
        self.reason: str | None = None
        self.clock = s.clock

    # -- sides -----------------------------------------------------------------------------------

    def set_side(self, n: int, player: Player, side: tuple[Piece, ...]) -> None:
        """Replace ``player``'s side of stone ``n`` (1-9), keeping the completion order."""
        s = self.stones[n - 1]
        i = seat_index(player)
        south, north = (side, s.north) if i == 0 else (s.south, side)
        self._restone(n, south, north, s.modes, s.claimed)

    def _restone(self, n: int, south: tuple[Piece, ...], north: tuple[Piece, ...], modes: frozenset[str], claimed: Player | None) -> None:
        capacity = 4 if "mud" in modes else 3
        times = list(self.complete_at[n - 1])
        for i, side in enumerate((south, north)):
            if len(side) >= capacity:
                if times[i] is None:
                    times[i] = self.clock
                    self.clock += 1
            else:
                times[i] = None
        self.complete_at[n - 1] = (times[0], times[1])
        if times[0] is not None and (times[1] is None or times[0] < times[1]):
            first: Player | None = SOUTH
        elif times[1] is not None:
            first = NORTH
        else:
            first = None
        self.stones[n - 1] = Stone(south=south, north=north, claimed=claimed, first_complete=first, modes=modes)

    def add_mode(self, n: int, mode: str) -> None:
        s = self.stones[n - 1]
        self._restone(n, s.south, s.north, s.modes | {mode}, s.claimed)

    def claim(self, n: int, player: Player) -> None:
        s = self.stones[n - 1]
        self.stones[n - 1] = Stone(south=s.south, north=s.north, claimed=player, first_complete=s.first_complete, modes=s.modes)
        reason = win_reason({k for k, st in enumerate(self.stones, 1) if st.claimed is player})
        if reason:
            self.winner, self.reason = player, reason

    # -- hands and decks ---------------------------------------------------------------------------

    def take_from_hand(self, player: Player, code: str) -> HandCard:
        """Remove the card ``code`` from the hand (an unknown card of a one-seat replay if need be)."""
        hand = self.hands[seat_index(player)]
        card0 = HAND_CARD.get(code)
        if card0 in hand:
            hand.remove(card0)
            return card0  # type: ignore[return-value]
        if None in hand:
            card = parse_hand_card(code)
            self.check_unseen(card, code)
            hand.remove(None)
            return card
        raise IllegalTurnError("hand", Fact.of("record.not_in_hand", card=Verbatim(code), player=player))

    def check_unseen(self, card: HandCard, code: str) -> None:
        """A card revealed from an unknown place must not be known to be somewhere else."""
        if isinstance(card, Card):
            if self.table_mask >> card.index & 1 or any(card in h for h in self.hands) or card in self.clan_deck:
                raise IllegalTurnError("card-conservation", Fact.of("record.elsewhere", card=Verbatim(code)))
        else:
            copies = 2 if card == "JOKER" else 1
            seen = sum(h.count(card) for h in self.hands) + self.tactics_deck.count(card) + self.discard.count(card)
            seen += sum(1 for s in self.stones for p in s.cards() if isinstance(p, Troop) and p.kind == card)
            seen += sum(1 for s in self.stones if card in MODE_OF and MODE_OF[card] in s.modes)
            if seen >= copies:
                raise IllegalTurnError("card-conservation", Fact.of("record.every_copy", card=Verbatim(code)))

    def draw(self, player: Player, deck: str, seen: object = None) -> HandCard | None:
        """Draw the top card of ``deck``; ``seen`` is the card a record says was drawn (checked, and
        used when the top card is unknown)."""
        cards: Sequence[HandCard | None] = self.clan_deck if deck == "clan" else self.tactics_deck
        top = cards[0]
        rest = cards[1:]
        if deck == "clan":
            self.clan_deck = rest  # type: ignore[assignment]
        else:
            self.tactics_deck = rest  # type: ignore[assignment]
        if seen is not None:
            code = str(seen)
            if top is None:
                card = parse_hand_card(code)
                if (deck == "clan") != isinstance(card, Card):
                    raise IllegalTurnError("draw", Fact.of("record.wrong_deck", card=Verbatim(code), deck=DeckName(deck)))
                self.check_unseen(card, code)
                top = card
            elif str(top) != code:
                raise IllegalTurnError("draw", Fact.of("record.deck_top", deck=DeckName(deck), top=Verbatim(str(top)), card=Verbatim(code)))
        self.hands[seat_index(player)].append(top)
        return top

    def put_under(self, card: HandCard | None, deck: str) -> None:
        if deck == "clan":
            self.clan_deck = (*self.clan_deck, card)  # type: ignore[arg-type]
        else:
            self.tactics_deck = (*self.tactics_deck, card)  # type: ignore[arg-type]

    def pool(self) -> int:
        return FULL_DECK & ~self.table_mask



def do_claims(w: Work, player: Player, claims: Sequence[int], strict: bool) -> list[int]:
    """Make the claims in order; stop when the game ends (strict: claims after that are an error)."""
    made: list[int] = []
    for n in claims:
        if w.reason is not None:
            if strict:
                raise IllegalTurnError("game-over", Fact.of("record.ended_at_claim", made=Verbatim(str(made[-1])), stone=Verbatim(str(n))))
            break
        stone = w.stones[n - 1]
        if not claim_holds(stone, player, w.pool()):
            raise IllegalTurnError("claim", claim_refusal(stone, n, player, w.pool()))
        w.claim(n, player)
        made.append(n)
    return made


def claim_refusal(stone: Stone, n: int, player: Player, pool: int) -> Fact:
    """Why ``player`` may not claim stone ``n``, as a fact (from the core proof; the formations said
    as the position checker says them, core/legality.py's ``legal.claim_weaker``)."""
    number = Verbatim(str(n))
    if stone.claimed is not None:
        return Fact.of("record.claimed_by", stone=number, player=stone.claimed)
    d = decide_claim(stone, player, pool, TACTICS if stone.modes or any(isinstance(p, Troop) for p in stone.cards()) else BASE)
    them = player.opponent
    problem: Fact
    if d.status == "incomplete":
        problem = Fact.of("record.claim_incomplete", player=player, have=CardCount(len(stone.side(player))), capacity=Verbatim(str(stone.capacity)))
    elif d.status in ("weaker", "tie_lost"):
        problem = Fact.of("legal.claim_weaker", player=player, own=Named(d.own), opponent=them, other=Named(d.other))
    else:
        added = Verbatim(" ".join(str(c) for c in d.counterexample or ()))
        problem = Fact.of("record.claim_unproved", opponent=them, added=added, counter=Named(d.counter_formation), own=Named(d.own))
    return Fact.of("record.claim_at", stone=number, problem=problem)



def do_play(w: Work, player: Player, play: Play) -> None:
    card = w.take_from_hand(player, play.card)
    i = seat_index(player)
    if isinstance(card, Card):
        assert play.stone is not None
        w.set_side(play.stone, player, (*w.stones[play.stone - 1].side(player), card))
        w.table_mask |= card.mask
        return
    w.tactics_played[i] += 1
    kind = play.kind
    if kind == "troop":
        assert play.stone is not None
        w.set_side(play.stone, player, (*w.stones[play.stone - 1].side(player), Troop(card)))  # type: ignore[arg-type]
        if card == "JOKER":
            w.jokers_played = w.jokers_played | {player}
        return
    if kind == "mode":
        assert play.stone is not None
        w.add_mode(play.stone, MODE_OF[card])
        return
    w.discard = (*w.discard, card)
    if card == "HEADHUNTER":
        return
    assert play.source is not None and play.target is not None
    owner = player if card == "STRATEGIST" else player.opponent
    side = list(w.stones[play.source - 1].side(owner))
    k = next(k for k, p in enumerate(side) if piece_code(p) == play.target)
    piece = side.pop(k)
    w.set_side(play.source, owner, tuple(side))
    if play.stone is None or card == "BANSHEE":  # discarded
        w.discard = (*w.discard, piece.kind if isinstance(piece, Troop) else piece)
        return
    w.set_side(play.stone, player, (*w.stones[play.stone - 1].side(player), piece))


__all__ = ["Work", "claim_refusal", "do_claims", "do_play", "seat_index"]
