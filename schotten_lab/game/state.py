"""The full state of a game: the :class:`GameState` value and the ways to make one.

A :class:`GameState` is immutable: :func:`~.apply.apply_turn` returns a new state (and the turn as
recorded). It knows everything (both hands, both decks in order, the completion order of every side);
what a player sees is :meth:`GameState.observation`. Cards a state does not know (a game replayed from
one seat's record) are ``None`` in hands and decks. A state is made by :func:`new_game` (a deal's first
turn) or :func:`state_from_position` (what a position shows), and followed by the engine in
:mod:`.apply` (the turn order, docs/RULES.md) over the table's rules of :mod:`.work`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import FULL_DECK, Card
from ..core.position import Position
from ..core.rules import BASE, BASE_EXPERT, PLAYERS, TACTICS, TACTICS_EXPERT, Player, RuleSet
from ..core.stone import Stone
from ..core.tactics import HandCard
from ..core.words import Fact
from .deal import Deal
from .deal import deal as make_deal
from .errors import IllegalTurnError
from .observation import Observation, Pending, jokers_on_table
from .plays import Play, Seat, _legal, claim_holds
from .record_words import Code, Shown
from .turn import Turn
from .work import Work, do_play, seat_index

SOUTH, NORTH = Player.SOUTH, Player.NORTH


@dataclass(frozen=True, slots=True)
class PendingTurn:
    """A turn begun but not finished (Headhunter's put-back step): the turn so far (its cards drawn),
    the claims the decision announced (base game: made after the put-back), the cards to put back."""

    turn: Turn
    claims: tuple[int, ...]
    returns: int


@dataclass(frozen=True, slots=True, eq=False)
class GameState:
    """Everything about a game at the start of a turn (or between Headhunter's two steps).

    ``hands[0]``/``hands[1]`` are south's and north's hands; ``clan_deck``/``tactics_deck`` the decks
    top first; ``complete_at[n][0 or 1]`` the clock tick at which that side of stone ``n+1`` last
    became complete (``None`` while incomplete), which orders the tie-break; ``turns`` the turns so
    far as played (frozen :class:`~.turn.Turn` values; ``to_dict()`` gives their record form).
    """

    rules: RuleSet
    deal: Deal
    first: Player
    stones: tuple[Stone, ...]
    complete_at: tuple[tuple[int | None, int | None], ...]
    hands: tuple[tuple[HandCard | None, ...], tuple[HandCard | None, ...]]
    clan_deck: tuple[Card | None, ...]
    tactics_deck: tuple[str | None, ...]
    discard: tuple[HandCard, ...]
    to_move: Player
    tactics_played: tuple[int, int]
    jokers_played: frozenset[Player]
    turns: tuple[Turn, ...]
    table_mask: int = 0
    winner: Player | None = None
    reason: str | None = None
    """``"five"``, ``"adjacent"``, or ``"blocked"`` (nothing can ever happen again; no winner)."""
    pending: PendingTurn | None = None
    clock: int = 0
    passes: int = 0

    @property
    def over(self) -> bool:
        return self.reason is not None

    @property
    def variant(self) -> str:
        return self.rules.variant

    @property
    def expert(self) -> bool:
        return self.rules.expert

    def hand(self, player: Player | str) -> tuple[HandCard | None, ...]:
        return self.hands[seat_index(Player.parse(player))]

    @property
    def public_pool(self) -> int:
        """The clan cards not on the table nor in the discard pile (what a claim proof ranges over)."""
        return FULL_DECK & ~self.table_mask

    def claimed(self) -> list[Player | None]:
        return [s.claimed for s in self.stones]

    def position(self) -> Observation:
        """The full-information position (unknown hands of a one-seat replay stay ``None``)."""
        return self._position(None)

    def observation(self, player: Player | str) -> Observation:
        """What ``player`` sees: their own hand, the opponent's hand ``None`` with its size, the deck
        counts, the table and discard pile, and a pending Headhunter put-back if there is one."""
        return self._position(Player.parse(player))

    def _position(self, viewer: Player | None) -> Observation:
        hands: dict[Player, tuple[HandCard, ...] | None] = {}
        for p in PLAYERS:
            hand = self.hands[seat_index(p)]
            if (viewer is not None and p is not viewer) or None in hand:
                hands[p] = None
            else:
                hands[p] = hand  # type: ignore[assignment]  # no None in it
        pending = Pending("headhunter", self.pending.returns) if self.pending else None
        return Observation(
            stones=self.stones,
            hands=hands,
            hand_sizes={SOUTH: len(self.hands[0]), NORTH: len(self.hands[1])},
            deck=len(self.clan_deck),
            to_move=self.to_move,
            rules=self.rules,
            discard=self.discard,
            tactics_deck=len(self.tactics_deck),
            tactics_played={SOUTH: self.tactics_played[0], NORTH: self.tactics_played[1]},
            pending=pending,
            jokers_played=self.jokers_played,
        )

    def seat(self) -> Seat:
        """What legality needs about the player to move."""
        p = self.to_move
        i = seat_index(p)
        return Seat(
            p, self.rules, self.stones, self.hands[i], (self.tactics_played[i], self.tactics_played[1 - i]),
            p in self.jokers_played, len(self.clan_deck), len(self.tactics_deck),
        )  # fmt: skip

    def legal_plays(self) -> tuple[Play, ...]:
        return tuple(_legal(self.seat()))

    def claimable(self, player: Player | None = None) -> tuple[int, ...]:
        """The stones ``player`` (default: the player to move) may claim now."""
        p = player or self.to_move
        pool = self.public_pool
        return tuple(n for n, s in enumerate(self.stones, 1) if claim_holds(s, p, pool))

    def claims_after(self, play: Play | None) -> tuple[int, ...]:
        """The stones the player to move could claim after ``play`` (base-game timing: a decision
        lists them with the play)."""
        if play is None:
            return self.claimable()
        w = Work(self)
        do_play(w, self.to_move, play)
        pool = w.pool()
        return tuple(n for n, s in enumerate(w.stones, 1) if claim_holds(s, self.to_move, pool))

    def __repr__(self) -> str:
        status = f"over: {self.winner.value if self.winner else 'nobody'} ({self.reason})" if self.over else f"{self.to_move.value} to move"
        return f"<GameState {self.rules.name}, turn {len(self.turns) + 1}, {status}>"


def state_from_position(
    position: Position,
    clan_deck: Sequence[Card] | None = None,
    tactics_deck: Sequence[str] | None = None,
) -> GameState:
    """A game state holding what ``position`` shows (unknown hands and decks as ``None`` cards, unless
    the decks are given top first), so the engine's rules can run on an observation or a position set
    up by hand. Its deal and history are unknown (empty)."""
    rules = position.rules
    hands = tuple(
        tuple(position.hands[p] or (None,) * position.hand_sizes[p]) for p in PLAYERS
    )
    complete_at: list[tuple[int | None, int | None]] = []
    for s in position.stones:
        times: list[int | None] = [None, None]
        for i, p in enumerate(PLAYERS):
            if len(s.side(p)) >= s.capacity:
                times[i] = 0 if s.first_complete is p else 1
        complete_at.append((times[0], times[1]))
    jokers = position.jokers_played if isinstance(position, Observation) else jokers_on_table(position.stones)
    pos_deal = Deal(rules.variant, (), (), ())
    return GameState(
        rules=rules, deal=pos_deal, first=position.to_move, stones=position.stones, complete_at=tuple(complete_at),
        hands=(hands[0], hands[1]),
        clan_deck=tuple(clan_deck) if clan_deck is not None else (None,) * position.deck,
        tactics_deck=tuple(tactics_deck) if tactics_deck is not None else (None,) * position.tactics_deck,
        discard=position.discard, to_move=position.to_move,
        tactics_played=(position.tactics_played.get(SOUTH, 0), position.tactics_played.get(NORTH, 0)),
        jokers_played=jokers, turns=(), table_mask=position.table_mask, clock=2,
    )  # fmt: skip


def claims_after(position: Position, play: Play | None) -> tuple[int, ...]:
    """The stones the player to move could claim after ``play``, from what ``position`` shows."""
    return state_from_position(position).claims_after(play)


def rules_for(variant: str, expert: bool) -> RuleSet:
    if variant == "base":
        return BASE_EXPERT if expert else BASE
    if variant == "tactics":
        return TACTICS_EXPERT if expert else TACTICS
    raise IllegalTurnError("format", Fact.of("record.unknown_variant", value=Shown(variant), base=Shown("base"), tactics=Shown("tactics")))


def new_game(
    variant: str = "base",
    expert: bool = False,
    *,
    deal: Deal | None = None,
    seed: int | None = None,
    index: int = 0,
    first: Player | str = Player.SOUTH,
) -> GameState:
    """A game at its first turn, from a given deal or the seeded deal ``(seed, index)`` (seed 0 when
    neither is given)."""
    rules = rules_for(variant, expert)
    if deal is None:
        deal = make_deal(0 if seed is None else seed, index, variant)
    elif deal.variant != variant:
        raise IllegalTurnError("format", Fact.of("record.deal_variant", deal=Code(str(deal.variant)), variant=Code(str(variant))))
    return GameState(
        rules=rules,
        deal=deal,
        first=Player.parse(first),
        stones=tuple(Stone() for _ in range(9)),
        complete_at=((None, None),) * 9,
        hands=(tuple(deal.south), tuple(deal.north)),
        clan_deck=tuple(deal.clan),
        tactics_deck=tuple(deal.tactics),
        discard=(),
        to_move=Player.parse(first),
        tactics_played=(0, 0),
        jokers_played=frozenset(),
        turns=(),
    )


__all__ = ["GameState", "PendingTurn", "claims_after", "new_game", "rules_for", "state_from_position"]
