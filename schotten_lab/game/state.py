"""The full state of a game and how a turn changes it.

A :class:`GameState` is immutable: :func:`apply_turn` returns a new state (and the turn as recorded).
It knows everything (both hands, both decks in order, the completion order of every side); what a
player sees is :meth:`GameState.observation`. Cards a state does not know (a game replayed from one
seat's record) are ``None`` in hands and decks.

Turn order (docs/RULES.md, docs/reference/formats.md, "A turn"): base game: play, then claims, then draw; expert variant: claims
at the start of the turn, then play, then draw. The game ends at once on five stones or three
adjacent ones, also in the middle of a turn's claims (no further claims, no draw).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.cards import FULL_DECK, Card
from ..core.position import Position
from ..core.stone import Stone
from ..core.proof import decide_claim
from ..core.rules import BASE, BASE_EXPERT, PLAYERS, TACTICS, TACTICS_EXPERT, Player, RuleSet, win_reason
from ..core.tactics import HandCard, Piece, Troop, parse_hand_card
from .deal import Deal
from .deal import deal as make_deal
from ..core.legality import Named
from ..core.words import Fact
from .errors import IllegalTurnError
from .record_words import CardCount, Code, DeckName, Shown, Verbatim
from .turn import Turn, read_cards, read_claims
from .observation import Observation, Pending, jokers_on_table
from .plays import DECKS, HAND_CARD, MODE_OF, Play, Seat, _legal, claim_holds, has_clan_placement, piece_code, play_problem

SOUTH, NORTH = Player.SOUTH, Player.NORTH


def _i(player: Player) -> int:
    return 0 if player is SOUTH else 1


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
        return self.hands[_i(Player.parse(player))]

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
            hand = self.hands[_i(p)]
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
        i = _i(p)
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
        w = _Work(self)
        _do_play(w, self.to_move, play)
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


# ---------------------------------------------------------------------------------------------
# Applying a turn


def apply_turn(state: GameState, decision: Turn | Mapping[str, Any]) -> tuple[GameState, Turn]:
    """Play one turn (or Headhunter's second step) and return the new state and the turn as played.

    ``decision`` is a :class:`~.turn.Turn` as decided: ``play`` (``None`` to pass), ``claim``
    (stones, in order), ``deck`` (tactics: ``"clan"``/``"tactics"``, default the clan deck while
    it lasts); during a pending Headhunter, ``put_back`` (the cards). A mapping from outside
    (docs/reference/formats.md, "A turn": ``{"play": ..., "claim": [...]}``, or ``{"return":
    [card, card]}`` for the put-back) is read once into a :class:`~.turn.Turn`, its extra fields
    ignored (bots may add their reasons). Claims listed after the claim that ends the game are not
    made (the returned turn lists the claims made). An illegal decision raises
    :class:`IllegalTurnError` naming the rule.

    While Headhunter's put-back is pending the returned turn is the partial turn (stage
    ``"pending"``); the complete turn comes with the second step.
    """
    return _apply(state, decision)


def read_decision(state: GameState, decision: Turn | Mapping[str, Any]) -> Turn:
    """``decision`` as a :class:`~.turn.Turn` for ``state``'s player to move: a mapping from outside
    is read here, once (:class:`IllegalTurnError` with rule ``format`` naming the field); who plays
    and whether a put-back is expected are checked for both."""
    if state.over:
        raise IllegalTurnError("game-over", Fact.of("record.game_over", reason=Code(str(state.reason))))
    player = state.to_move
    if isinstance(decision, Turn):
        if decision.player is not None and decision.player is not player:
            raise IllegalTurnError("turn-order", Fact.of("record.turn_order", player=player, value=Shown(decision.player.value)))
        if state.pending is None and decision.put_back is not None and decision.stage == "decided":
            raise IllegalTurnError("format", Fact.of("record.return_alone"))
        read_claims(decision.claim)  # stones 1-9, none twice, as for a mapping
        return decision
    if not isinstance(decision, Mapping):
        raise IllegalTurnError("format", Fact.of("record.decision_shape", value=Shown(decision)))
    who = decision.get("player")
    if who is not None and who != player.value:
        raise IllegalTurnError("turn-order", Fact.of("record.turn_order", player=player, value=Shown(who)))
    if state.pending is not None:
        return Turn(player, put_back=_put_back(decision.get("return"), state.pending.returns),
                    claim=() if state.rules.expert else read_claims(decision.get("claim")))  # fmt: skip
    if "return" in decision:
        raise IllegalTurnError("format", Fact.of("record.return_alone"))
    claims = read_claims(decision.get("claim"))
    raw_play = decision.get("play")
    play = None if raw_play is None else Play.from_dict(raw_play)
    deck = decision.get("deck")
    if deck is not None and not isinstance(deck, str):
        raise IllegalTurnError("format", _deck_refusal(deck, state.rules.tactics))
    return Turn(player, play, claims, deck=deck)


def _put_back(raw: object, returns: int) -> tuple[str | None, ...]:
    """The cards a Headhunter's second step puts back, read from a decision (canonical codes)."""
    if not isinstance(raw, (list, tuple)) or len(raw) != returns:
        raise IllegalTurnError("headhunter", Fact.of("record.put_back", count=CardCount(returns), value=Shown(raw)))
    return read_cards(raw)


def _deck_refusal(choice: object, tactics: bool) -> Fact:
    return Fact.of("record.deck_either" if tactics else "record.deck_clan", value=Shown(choice))


class _Work:
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
        i = _i(player)
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
        hand = self.hands[_i(player)]
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
        self.hands[_i(player)].append(top)
        return top

    def put_under(self, card: HandCard | None, deck: str) -> None:
        if deck == "clan":
            self.clan_deck = (*self.clan_deck, card)  # type: ignore[arg-type]
        else:
            self.tactics_deck = (*self.tactics_deck, card)  # type: ignore[arg-type]

    def pool(self) -> int:
        return FULL_DECK & ~self.table_mask

    def freeze(self, state: GameState, **changes: Any) -> GameState:
        return GameState(
            rules=state.rules,
            deal=state.deal,
            first=state.first,
            stones=tuple(self.stones),
            complete_at=tuple(self.complete_at),
            hands=(tuple(self.hands[0]), tuple(self.hands[1])),
            clan_deck=self.clan_deck,
            tactics_deck=self.tactics_deck,
            discard=self.discard,
            to_move=changes.pop("to_move", state.to_move),
            tactics_played=(self.tactics_played[0], self.tactics_played[1]),
            jokers_played=self.jokers_played,
            turns=changes.pop("turns", state.turns),
            table_mask=self.table_mask,
            winner=self.winner,
            reason=self.reason,
            pending=changes.pop("pending", None),
            clock=self.clock,
            passes=changes.pop("passes", 0),
        )



def _do_claims(w: _Work, player: Player, claims: Sequence[int], strict: bool) -> list[int]:
    """Make the claims in order; stop when the game ends (strict: claims after that are an error)."""
    made: list[int] = []
    for n in claims:
        if w.reason is not None:
            if strict:
                raise IllegalTurnError("game-over", Fact.of("record.ended_at_claim", made=Verbatim(str(made[-1])), stone=Verbatim(str(n))))
            break
        stone = w.stones[n - 1]
        if not claim_holds(stone, player, w.pool()):
            raise IllegalTurnError("claim", _claim_refusal(stone, n, player, w.pool()))
        w.claim(n, player)
        made.append(n)
    return made


def _claim_refusal(stone: Stone, n: int, player: Player, pool: int) -> Fact:
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


def _apply(
    state: GameState,
    decision: Turn | Mapping[str, Any],
    *,
    strict: bool = False,
    seen_draw: object = None,
    seen_cards: Mapping[str, Any] | None = None,
) -> tuple[GameState, Turn]:
    """:func:`apply_turn`, with what a record adds: ``strict`` refuses claims after the end, and
    ``seen_draw``/``seen_cards`` are the drawn cards a record names (checked; they fill unknown cards)."""
    decided = read_decision(state, decision)
    if state.pending is not None:
        return _finish_headhunter(state, decided, strict, seen_cards)
    player = state.to_move
    rules = state.rules
    claims = decided.claim
    play = decided.play
    w = _Work(state)
    made: tuple[int, ...] = ()
    if rules.expert:
        made = tuple(_do_claims(w, player, claims, strict))
        if w.reason is not None:
            if play is not None and strict:
                raise IllegalTurnError("game-over", Fact.of("record.ended_at_claims"))
            return _end_turn(state, w, None, made, drew=False, deck=decided.deck, seen_draw=seen_draw)
    seat = Seat(
        player, rules, tuple(w.stones), tuple(w.hands[_i(player)]),
        (w.tactics_played[_i(player)], w.tactics_played[1 - _i(player)]),
        player in w.jokers_played, len(w.clan_deck), len(w.tactics_deck),
    )  # fmt: skip
    if play is None:
        if has_clan_placement(seat):
            raise IllegalTurnError("pass", Fact.of("record.pass_placeable", player=player))
    else:
        problem = play_problem(seat, play)
        if problem is not None:
            raise IllegalTurnError(*problem)
        _do_play(w, player, play)
        if play.card == "HEADHUNTER":
            return _start_headhunter(state, w, Turn(player, play, made, stage="pending"), play, claims, seen_cards)
    if not rules.expert:
        made = tuple(_do_claims(w, player, claims, strict))
    return _end_turn(state, w, play, made, drew=play is not None and w.reason is None, deck=decided.deck, seen_draw=seen_draw)


def _do_play(w: _Work, player: Player, play: Play) -> None:
    card = w.take_from_hand(player, play.card)
    i = _i(player)
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


def _start_headhunter(
    state: GameState, w: _Work, turn: Turn, play: Play, claims: tuple[int, ...], seen_cards: Mapping[str, Any] | None
) -> tuple[GameState, Turn]:
    seen = list((seen_cards or {}).get("drawn") or [None] * len(play.decks))
    drawn: list[str | None] = []
    for k, deck in enumerate(play.decks):
        card = w.draw(state.to_move, deck, seen[k] if k < len(seen) else None)
        drawn.append(None if card is None else str(card))
    turn = replace(turn, drawn=tuple(drawn))  # the partial turn (stage "pending")
    player = state.to_move
    held = {k for k, st in enumerate(w.stones, 1) if st.claimed is player}
    for n in claims if not state.rules.expert else ():  # checked now: Headhunter moves no clan card
        if win_reason(held):
            break
        if not claim_holds(w.stones[n - 1], player, w.pool()):
            raise IllegalTurnError("claim", _claim_refusal(w.stones[n - 1], n, player, w.pool()))
        held.add(n)
    returns = min(2, max(0, len(drawn) - 1))  # 2, or fewer when the decks held under 3 cards (docs/GAME.md)
    pending = PendingTurn(turn, claims, returns)
    return w.freeze(state, pending=pending), turn


def _finish_headhunter(
    state: GameState, decision: Turn, strict: bool, seen_cards: Mapping[str, Any] | None
) -> tuple[GameState, Turn]:
    pending = state.pending
    assert pending is not None
    player = state.to_move
    raw = _put_back(decision.put_back, pending.returns)
    w = _Work(state)
    decks = list((seen_cards or {}).get("returned_decks") or [])
    returned: list[str | None] = []
    for k, code in enumerate(raw):
        if code is None:  # a card the record's seat did not see
            hand = w.hands[_i(player)]
            if None not in hand:
                raise IllegalTurnError("headhunter", Fact.of("record.returned_null"))
            hand.remove(None)
            if k >= len(decks) or decks[k] not in DECKS:
                raise IllegalTurnError("format", Fact.of("record.returned_deck"))
            w.put_under(None, decks[k])
            returned.append(None)
            continue
        card = w.take_from_hand(player, code)
        w.put_under(card, "clan" if isinstance(card, Card) else "tactics")
        returned.append(code)
    turn = replace(pending.turn, put_back=tuple(returned),
                   put_back_decks=tuple(decks[: len(returned)]) if None in returned else None)  # fmt: skip
    if not state.rules.expert:
        later = decision.claim
        if set(later) & set(pending.claims):
            raise IllegalTurnError("claim", Fact.of("record.claim_twice", value=Shown([*pending.claims, *later])))
        turn = replace(turn, claim=tuple(_do_claims(w, player, (*pending.claims, *later), strict)))
    return _end_turn(state, w, turn.play, turn.claim, drew=False, deck=None, seen_draw=None, begun=turn)


def _end_turn(
    state: GameState, w: _Work, play: Play | None, made: tuple[int, ...], *, drew: bool, deck: str | None, seen_draw: object,
    begun: Turn | None = None,
) -> tuple[GameState, Turn]:
    """Draw (when ``drew``), record the turn (``begun``: a Headhunter's, with its cards) and pass the move."""
    player = state.to_move
    tactics = state.rules.tactics
    drawn: HandCard | None = None
    deck_used: str | None = None
    if drew and (w.clan_deck or w.tactics_deck):
        choice = deck
        if choice is None:
            deck_used = "clan" if w.clan_deck else "tactics"
        elif choice not in DECKS or (choice == "tactics" and not tactics):
            raise IllegalTurnError("format", _deck_refusal(choice, tactics))
        else:
            deck_used = choice
            if not (w.clan_deck if choice == "clan" else w.tactics_deck):
                raise IllegalTurnError("draw", Fact.of("record.deck_empty", deck=DeckName(choice)))
        drawn = w.draw(player, deck_used, seen_draw)
    turn = Turn(
        player, play, made, deck_used if tactics else None, None if drawn is None else str(drawn),
        *((begun.drawn, begun.put_back, begun.put_back_decks) if begun is not None else (None, None, None)), "played", tactics,
    )  # fmt: skip
    claimless_pass = play is None and not made
    new = w.freeze(
        state,
        to_move=player.opponent,
        turns=(*state.turns, turn),
        passes=state.passes + 1 if claimless_pass else 0,
    )
    if w.reason is None and claimless_pass and _stuck(new, new.to_move) and _stuck(new, player):
        new = _blocked(new)
    return new, turn


def _stuck(state: GameState, player: Player) -> bool:
    """``player`` has no legal play and nothing to claim (so, on a passive table, never will)."""
    if state.to_move is not player:
        state = _with_to_move(state, player)
    if None in state.hands[_i(player)]:
        return False  # an unknown hand: cannot tell
    return not state.claimable(player) and not any(True for _ in _legal(state.seat()))


def _with_to_move(state: GameState, player: Player) -> GameState:
    w = _Work(state)
    w.winner, w.reason = state.winner, state.reason
    return w.freeze(state, to_move=player, turns=state.turns, passes=state.passes)


def _blocked(state: GameState) -> GameState:
    """The game cannot go on: neither player can ever play or claim again (see docs/GAME.md)."""
    w = _Work(state)
    w.reason = "blocked"
    return w.freeze(state, to_move=state.to_move, turns=state.turns, passes=state.passes)


__all__ = ["GameState", "PendingTurn", "apply_turn", "new_game", "read_decision"]
