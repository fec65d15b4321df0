"""Plays, and the legal plays and claims of a position.

Everything here works from what the player to move sees (an :class:`~.observation.Observation`, or any
:class:`~schotten_lab.core.position.Position` with that player's hand known), so bots use the same
functions the engine uses to check them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import CARDS, Card
from ..core.errors import CardError
from ..core.kernel import claim_proved, strength, tactics_claim_proved
from ..core.position import Position
from ..core.stone import Stone
from ..core.rules import Player, RuleSet
from ..core.sides import kernel_side
from ..core.tactics import MODE_CARD, MODES, RUSES, TACTICS_NAMES, TROOP_KINDS, HandCard, Piece, Troop
from ..core.words import Fact, TacticName, register, say
from .errors import IllegalTurnError
from .observation import Observation, jokers_on_table
from .record_words import CardCount, Code, CodeList, DeckDraws, Shown, Verbatim

DECKS = ("clan", "tactics")
MODE_OF = {card: mode for mode, card in MODE_CARD.items()}  # "MUD" -> "mud"


# ---------------------------------------------------------------------------------------------
# Plays


@dataclass(frozen=True, slots=True)
class Play:
    """One play (docs/reference/formats.md, "A turn" ``play``): a card and where it goes.

    - clan card, elite troop (``JOKER``/``SPY``/``SHIELD``) or combat mode (``BLIND``/``MUD``):
      ``card`` and ``stone`` (1-9);
    - ``BANSHEE``: ``source`` (JSON ``from``) and ``target``, the opponent's piece discarded;
    - ``TRAITOR``: ``source``, ``target`` (an opponent's clan card) and ``stone``, where it goes on
      the player's side;
    - ``STRATEGIST``: ``source``, ``target`` (one of the player's own pieces) and ``stone``, or
      ``stone=None`` to discard it;
    - ``HEADHUNTER``: ``decks``, the deck of each of the (up to) three draws, clan first.
    """

    card: str
    stone: int | None = None
    source: int | None = None
    target: str | None = None
    decks: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """``clan``, ``troop``, ``mode`` or the ruse's name."""
        if self.card in TROOP_KINDS:
            return "troop"
        if self.card in MODE_OF:
            return "mode"
        if self.card in RUSES:
            return self.card
        return "clan"

    @property
    def is_tactics(self) -> bool:
        return self.card in TACTICS_NAMES

    def to_dict(self) -> dict[str, Any]:
        card = self.card
        if card == "HEADHUNTER":
            return {"card": card, "decks": list(self.decks)}
        if card == "BANSHEE":
            return {"card": card, "from": self.source, "target": self.target}
        if card in ("TRAITOR", "STRATEGIST"):
            return {"card": card, "from": self.source, "target": self.target, "stone": self.stone}
        return {"card": card, "stone": self.stone}

    @classmethod
    def from_dict(cls, data: object) -> Play:
        """Read a ``play`` object; raise :class:`IllegalTurnError` (rule ``format``) naming the field."""
        if isinstance(data, Play):
            return data
        if type(data) is dict and len(data) == 2:  # the common case: a clan card on a stone
            card, stone = data.get("card"), data.get("stone")
            clan = HAND_CARD.get(card) if isinstance(card, str) else None
            if type(stone) is int and 1 <= stone <= 9 and isinstance(clan, Card):
                return _CLAN_PLAYS[clan.index][stone]
        if not isinstance(data, Mapping):
            raise IllegalTurnError("format", Fact.of("record.play_shape", value=Shown(data)))
        raw_card = data.get("card")
        if not isinstance(raw_card, str):
            raise IllegalTurnError("format", Fact.of("record.play_card", value=Shown(raw_card)))
        card = _card_code(raw_card)
        allowed = _PLAY_FIELDS.get(card, _PLAY_FIELDS["clan"])
        extra = sorted(set(data) - allowed - _RECORD_ONLY)
        if extra:
            raise IllegalTurnError("format", Fact.of("record.play_field", field=Code(f"play.{extra[0]}"), card=Verbatim(card), fields=CodeList(tuple(sorted(allowed)))))
        if card == "HEADHUNTER":
            decks = data.get("decks")
            if not isinstance(decks, list) or not all(d in DECKS for d in decks) or len(decks) > 3:
                raise IllegalTurnError("format", Fact.of("record.play_decks", value=Shown(decks)))
            return cls(card, decks=tuple(sorted(decks, key=DECKS.index)))
        stone = _stone_number(data.get("stone"), "play.stone", optional=card == "STRATEGIST" or card == "BANSHEE")
        if card in ("BANSHEE", "TRAITOR", "STRATEGIST"):
            source = _stone_number(data.get("from"), "play.from")
            target = data.get("target")
            if not isinstance(target, str):
                raise IllegalTurnError("format", Fact.of("record.play_target", value=Shown(target)))
            if card == "TRAITOR" and stone is None:
                raise IllegalTurnError("format", Fact.of("record.traitor_stone"))
            return cls(card, stone=None if card == "BANSHEE" else stone, source=source, target=_card_code(target, troops=True))
        if stone is None:
            raise IllegalTurnError("format", Fact.of("record.stone_required", card=Verbatim(card)))
        return cls(card, stone=stone)

    def __str__(self) -> str:
        if self.card == "HEADHUNTER":
            return f"HEADHUNTER draws {'+'.join(self.decks) or 'nothing'}"
        if self.source is not None:
            where = "discard" if self.stone is None else f"stone {self.stone}"
            if self.card == "BANSHEE":
                where = "discard"
            return f"{self.card} {self.target} from stone {self.source} to {where}"
        return f"{self.card} on stone {self.stone}"


MOVE_PHRASES = register(
    {
        "move.place": {"en": "{card} on stone {stone}", "fr": "{card} sur la borne {stone}"},
        "move.banshee": {"en": "Banshee: discard {target} from stone {source}", "fr": "Banshee : défausser {target} de la borne {source}"},
        "move.traitor": {
            "en": "Traitor: take {target} from stone {source} to stone {stone}",
            "fr": "Traître : prendre {target} sur la borne {source} pour la borne {stone}",
        },
        "move.strategist": {
            "en": "Strategist: move {target} from stone {source} to stone {stone}",
            "fr": "Stratège : déplacer {target} de la borne {source} vers la borne {stone}",
        },
        "move.strategist_discard": {
            "en": "Strategist: move {target} from stone {source} to the discard pile",
            "fr": "Stratège : déplacer {target} de la borne {source} vers la défausse",
        },
        "move.headhunter": {"en": "Headhunter: draw from {decks}", "fr": "Chasseur de tête : piocher dans {decks}"},
        "move.deck_clan": {"en": "clan", "fr": "Clan"},
        "move.deck_tactics": {"en": "tactics", "fr": "Tactique"},
        "move.pass": {"en": "pass", "fr": "passe"},
        "move.claims": {"en": "{move}, claim {stones}", "fr": "{move}, revendique {stones}"},
        "move.returned": {"en": "{move} (put back {count})", "fr": "{move} (remet {count})"},
        "move.draw": {"en": "{move}, draw {deck}", "fr": "{move}, pioche {deck}"},
        "move.put_back": {"en": "put back {cards}", "fr": "remettre {cards}"},
        "move.nothing": {"en": "nothing", "fr": "rien"},
    }
)
"""The words of a move (:func:`play_words`; :func:`schotten_lab.play.review.move_words` and
:meth:`schotten_lab.bots.advice.MoveAdvice.label` add the claims, the deck, a put-back)."""


def piece_name(code: object) -> object:
    """A card as a phrase field: a clan card's code as it is (``R8``), a tactics card by its name in
    the language (:class:`~schotten_lab.core.words.TacticName`: ``JOKER`` / « Joker »)."""
    text = str(code)
    return TacticName(text) if text in TACTICS_NAMES else text


def deck_words(deck: str, lang: str = "en") -> str:
    """A deck's name: ``clan``/``tactics`` / « Clan », « Tactique » (any other name as it is)."""
    return say(f"move.deck_{deck}", lang) if deck in DECKS else str(deck)


def play_words(play: Play, lang: str = "en") -> str:
    """A play in words: ``R8 on stone 3``, ``Traitor: take R8 from stone 2 to stone 5`` / « R8 sur la
    borne 3 », « Traître : prendre R8 sur la borne 2 pour la borne 5 »."""
    target = piece_name(play.target)
    if play.card == "BANSHEE":
        return say("move.banshee", lang, target=target, source=str(play.source))
    if play.card == "TRAITOR":
        return say("move.traitor", lang, target=target, source=str(play.source), stone=str(play.stone))
    if play.card == "STRATEGIST":
        if play.stone is None:
            return say("move.strategist_discard", lang, target=target, source=str(play.source))
        return say("move.strategist", lang, target=target, source=str(play.source), stone=str(play.stone))
    if play.card == "HEADHUNTER":
        return say("move.headhunter", lang, decks=", ".join(deck_words(d, lang) for d in play.decks))
    return say("move.place", lang, card=piece_name(play.card), stone=str(play.stone))


def with_claims(move: str, claims: Sequence[object], lang: str = "en") -> str:
    """``move`` followed by its claims: ``R8 on stone 3, claim 3, 4`` / « …, revendique 3, 4 »."""
    return say("move.claims", lang, move=move, stones=", ".join(str(c) for c in claims)) if claims else move


_PLAY_FIELDS: dict[str, set[str]] = {
    "clan": {"card", "stone"},
    "HEADHUNTER": {"card", "decks"},
    "BANSHEE": {"card", "from", "target"},
    "TRAITOR": {"card", "from", "target", "stone"},
    "STRATEGIST": {"card", "from", "target", "stone"},
}
_RECORD_ONLY = {"drawn", "returned", "returned_decks"}  # Headhunter's cards (and their decks), written in records


def _card_code(text: str, troops: bool = False) -> str:
    """The canonical code of a card named in a play: ``R8`` or a tactics name."""
    t = text.strip().upper()
    if t in TACTICS_NAMES:
        return t
    if "=" in t:
        raise IllegalTurnError("format", Fact.of("record.troop_identity", value=Shown(text)))
    try:
        return str(Card.parse(t))
    except CardError as exc:
        raise IllegalTurnError("format", exc.fact if exc.fact is not None else str(exc)) from None


_FIELD_WORDS = {"play.stone": Fact.of("record.stone_field"), "play.from": Fact.of("record.from_field")}
"""The stone fields of a play, in words (« la borne du coup »)."""


def _stone_number(raw: object, name: str, optional: bool = False) -> int | None:
    if raw is None and optional:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 9:
        raise IllegalTurnError("format", Fact.of("record.stone_number", name=_FIELD_WORDS.get(name, Verbatim(name)), value=Shown(raw)))
    return raw


def piece_code(piece: Piece | HandCard) -> str:
    """How a play names a piece: ``R8``, or the troop's kind (``JOKER``) whatever its identity."""
    return piece.kind if isinstance(piece, Troop) else str(piece)


# ---------------------------------------------------------------------------------------------
# Claims


def claimable_stones(position: Position, player: Player | str) -> tuple[int, ...]:
    """The stones ``player`` may claim now (docs/RULES.md "Claims"; tactics: the default proof)."""
    player = Player.parse(player)
    pool = position.public_pool
    return tuple(n for n, s in enumerate(position.stones, 1) if claim_holds(s, player, pool))


def claim_holds(stone: Stone, player: Player, pool: int) -> bool:
    """Whether ``player`` may claim ``stone`` given the public pool of clan cards.

    The same decision as :func:`schotten_lab.core.proof.decide_claim` with the default (non-strict)
    proof, without the explanation: the rules kernel's, :func:`~schotten_lab.core.kernel.claim_proved`
    for sides of clan cards on a plain stone, :func:`~schotten_lab.core.kernel.tactics_claim_proved`
    with troops, Mud fight or Blind-man's bluff. Cross-checked against ``decide_claim`` in the tests.
    """
    if stone.claimed is not None:
        return False
    modes = stone.modes
    capacity = 4 if "mud" in modes else 3
    mine = stone.south if player is Player.SOUTH else stone.north
    if len(mine) < capacity:
        return False
    theirs = stone.north if player is Player.SOUTH else stone.south
    blind = "blind" in modes
    tie_won = stone.first_complete is player
    if capacity == 3 and not blind and _clan_only(mine) and _clan_only(theirs):
        a, b, c = mine
        own = strength(a.index, b.index, c.index)  # type: ignore[union-attr]
        cards = [p.index for p in theirs] + [-1, -1, -1]  # type: ignore[union-attr]
        return claim_proved(own, len(theirs), cards[0], cards[1], cards[2], tie_won, pool)
    return tactics_claim_proved(*kernel_side(mine[:capacity]), *kernel_side(theirs[:capacity]), capacity, blind, tie_won, pool)


def _clan_only(side: Sequence[Piece]) -> bool:
    """Whether a side holds clan cards only (no troop)."""
    for piece in side:
        if type(piece) is not Card:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Legal plays


@dataclass(frozen=True, slots=True)
class Seat:
    """What legality needs to know about the player to move (shared by observations and the engine)."""

    player: Player
    rules: RuleSet
    stones: tuple[Stone, ...]
    hand: tuple[HandCard | None, ...]
    tactics_played: tuple[int, int]  # (player, opponent)
    joker_played: bool
    clan_deck: int
    tactics_deck: int

    @property
    def may_play_tactics(self) -> bool:
        """docs/RULES.md: only while the player has not played more tactics cards than the opponent."""
        return self.rules.tactics and self.tactics_played[0] <= self.tactics_played[1]


def seat_of(position: Position) -> Seat:
    player = position.to_move
    hand = position.hands[player]
    if hand is None:
        raise IllegalTurnError("hidden-hand", Fact.of("record.hidden_hand", player=player))
    jokers = position.jokers_played if isinstance(position, Observation) else jokers_on_table(position.stones)
    played = position.tactics_played
    return Seat(
        player, position.rules, position.stones, tuple(hand),
        (played.get(player, 0), played.get(player.opponent, 0)), player in jokers,
        position.deck, position.tactics_deck,
    )  # fmt: skip


def legal_plays(position: Position) -> tuple[Play, ...]:
    """Every legal play of ``position.to_move`` (empty: the player must pass).

    Needs that player's hand; everything else is public. Tactics plays come with every target.
    """
    return tuple(_legal(seat_of(position)))


def may_pass(position: Position) -> bool:
    """Whether the player to move may pass: only when no clan card can be placed (docs/RULES.md: a player
    who cannot place a clan card may pass or play a tactics card; there is no voluntary pass)."""
    return not has_clan_placement(seat_of(position))


def has_clan_placement(seat: Seat) -> bool:
    if not any(isinstance(c, Card) for c in seat.hand):
        return False
    return any(_free(s, seat.player) for s in seat.stones)


def _free(stone: Stone, player: Player) -> bool:
    """An unclaimed stone with room on ``player``'s side."""
    if stone.claimed is not None:
        return False
    side = stone.south if player is Player.SOUTH else stone.north
    return len(side) < (4 if "mud" in stone.modes else 3)


def _legal(seat: Seat) -> Iterator[Play]:
    player = seat.player
    stones = seat.stones
    free = [n for n, s in enumerate(stones, 1) if _free(s, player)]
    seen: set[str] = set()
    tactics_ok = seat.may_play_tactics
    for card in seat.hand:
        if card is None:
            continue
        if type(card) is Card:
            if not free:
                continue
            plays = _CLAN_PLAYS[card.index]
            for n in free:
                yield plays[n]
            continue
        code = str(card)
        if not tactics_ok or code in seen:
            continue
        seen.add(code)
        yield from _tactics_plays(seat, code, free)


def _tactics_plays(seat: Seat, code: str, free: list[int]) -> Iterator[Play]:
    player, stones = seat.player, seat.stones
    open_stones = [n for n, s in enumerate(stones, 1) if s.claimed is None]
    if code in TROOP_KINDS:
        if code == "JOKER" and seat.joker_played:
            return
        for n in free:
            yield Play(code, n)
    elif code in MODE_OF:
        mode = MODE_OF[code]
        for n in open_stones:
            if mode not in stones[n - 1].modes:
                yield Play(code, n)
    elif code == "HEADHUNTER":
        k = min(3, seat.clan_deck + seat.tactics_deck)
        for clan in range(k, -1, -1):
            if clan <= seat.clan_deck and k - clan <= seat.tactics_deck:
                yield Play(code, decks=("clan",) * clan + ("tactics",) * (k - clan))
    elif code == "STRATEGIST":
        for n in open_stones:
            for target in _distinct(stones[n - 1].side(player)):
                for to in free:
                    if to != n:
                        yield Play(code, stone=to, source=n, target=target)
                yield Play(code, stone=None, source=n, target=target)
    elif code == "BANSHEE":
        for n in open_stones:
            for target in _distinct(stones[n - 1].side(player.opponent)):
                yield Play(code, source=n, target=target)
    elif code == "TRAITOR":
        for n in open_stones:
            for target in _distinct(c for c in stones[n - 1].side(player.opponent) if isinstance(c, Card)):
                for to in free:
                    yield Play(code, stone=to, source=n, target=target)


HAND_CARD: dict[str, HandCard] = {str(c): c for c in CARDS} | {t: t for t in TACTICS_NAMES}
"""A hand card from its canonical code (clan cards are the library's singletons)."""
_CLAN_PLAYS: list[list[Play]] = [[Play(str(c), n) if n else Play(str(c)) for n in range(10)] for c in CARDS]


def _distinct(pieces: Iterable[Piece]) -> list[str]:
    out: list[str] = []
    for p in pieces:
        code = piece_code(p)
        if code not in out:
            out.append(code)
    return out


def play_problem(seat: Seat, play: Play) -> tuple[str, str | Fact] | None:
    """Why ``play`` is illegal for the seat, as ``(rule, message)``, or ``None`` when it is legal."""
    card = play.card
    if card in TACTICS_NAMES and not seat.rules.tactics:
        return "variant", Fact.of("record.tactics_in_base", card=Verbatim(card))
    if HAND_CARD.get(card) not in seat.hand and None not in seat.hand:
        return "hand", Fact.of("record.not_in_hand", card=Verbatim(card), player=seat.player)
    if card in TACTICS_NAMES:
        if not seat.may_play_tactics:
            mine, theirs = seat.tactics_played
            return "tactics-count", Fact.of("record.tactics_ahead", player=seat.player, mine=Verbatim(str(mine)), theirs=Verbatim(str(theirs)))
        if card == "JOKER" and seat.joker_played:
            return "joker", Fact.of("record.joker_twice", player=seat.player)
    kind = play.kind
    if kind in ("clan", "troop"):
        return _placement_problem(seat, play.stone, card)
    if kind == "mode":
        stone = _open_stone(seat, play.stone)
        if isinstance(stone, tuple):
            return stone
        if MODE_OF[card] in stone.modes:
            return "mode", Fact.of("record.mode_twice", stone=Verbatim(str(play.stone)), card=TacticName(card))
        return None
    if card == "HEADHUNTER":
        k = min(3, seat.clan_deck + seat.tactics_deck)
        if len(play.decks) != k:
            return "headhunter", Fact.of("record.headhunter_count", count=CardCount(k), clan=Verbatim(str(seat.clan_deck)),
                                         tactics=Verbatim(str(seat.tactics_deck)), asked=Verbatim(str(len(play.decks))))
        if play.decks.count("clan") > seat.clan_deck or play.decks.count("tactics") > seat.tactics_deck:
            return "headhunter", Fact.of("record.headhunter_decks", clan=CardCount(seat.clan_deck), tactics=CardCount(seat.tactics_deck),
                                         decks=DeckDraws(tuple(play.decks)))
        return None
    # the three ruses that take a piece from a stone
    source = _open_stone(seat, play.source, "from")
    if isinstance(source, tuple):
        return source
    owner = seat.player if card == "STRATEGIST" else seat.player.opponent
    codes = [piece_code(p) for p in source.side(owner)]
    if play.target not in codes:
        return card.lower(), Fact.of("record.not_on_side", card=Verbatim(str(play.target)), player=owner, stone=Verbatim(str(play.source)))
    if card == "TRAITOR" and play.target in TROOP_KINDS:
        return "traitor", Fact.of("record.traitor_troop")
    if card == "BANSHEE":
        return None
    if card == "STRATEGIST" and play.stone is None:
        return None
    if card == "STRATEGIST" and play.stone == play.source:
        return "strategist", Fact.of("record.strategist_same")
    return _placement_problem(seat, play.stone, card)


def _open_stone(seat: Seat, number: int | None, name: str = "stone") -> Stone | tuple[str, str | Fact]:
    if number is None or not 1 <= number <= 9:
        return "format", Fact.of("record.stone_number", name=_FIELD_WORDS.get(f"play.{name}", Verbatim(f"play.{name}")), value=Shown(number))
    stone = seat.stones[number - 1]
    if stone.claimed is not None:
        return "claimed-stone", Fact.of("record.stone_closed", stone=Verbatim(str(number)), player=stone.claimed)
    return stone


def _placement_problem(seat: Seat, number: int | None, card: str) -> tuple[str, str | Fact] | None:
    stone = _open_stone(seat, number)
    if isinstance(stone, tuple):
        return stone
    side = stone.side(seat.player)
    if len(side) >= stone.capacity:
        return "side-full", Fact.of("record.side_full", player=seat.player, stone=Verbatim(str(number)),
                                    count=Verbatim(str(len(side))), capacity=Verbatim(str(stone.capacity)))
    return None


__all__ = [
    "DECKS",
    "MODES",
    "Play",
    "claimable_stones",
    "legal_plays",
    "may_pass",
    "MOVE_PHRASES",
    "deck_words",
    "piece_name",
    "play_words",
    "with_claims",
]
