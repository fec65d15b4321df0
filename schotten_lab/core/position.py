"""Positions: what a player or a diagram knows at one moment.

A :class:`Position` is immutable; editing returns a new one (``dataclasses.replace``, the ``with_*``
helpers, or the legal edits of :mod:`.edit`). A position that parses but breaks the rules can still be
built and inspected; :meth:`Position.status` names every problem and :meth:`Position.validate` raises
them together (both in :mod:`.legality`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from .cards import Card, CardMask, format_cards, parse_cards
from .errors import RulesError
from .location import Location, Place
from .problem import Problem
from .rules import BASE, PLAYERS, STONE_COUNT, Player, RuleSet, holds_winning_set
from .stone import Stone
from .tactics import MODE_CARD, TACTICS_COPIES, TACTICS_TOTAL, HandCard, TacticsLeft, Troop, clan_mask


def share_unseen(rest: int, unknown: Sequence[Player], limit: int) -> tuple[dict[Player, int], int]:
    """Split ``rest`` unplaced cards between the ``unknown`` hands and the deck.

    The hands stay full (``limit`` cards) while the deck lasts; once it is empty they shrink, the first
    player listed (by convention the player to move) keeping the larger half. Returns the hands' sizes
    and the deck (negative only when ``rest`` is: too many cards placed, which status() reports).
    """
    deck = max(0, rest - limit * len(unknown))
    left = rest - deck
    sizes: dict[Player, int] = {}
    for i, p in enumerate(unknown):
        sizes[p] = min(limit, -(-left // (len(unknown) - i)))  # ceil: the first listed first
        left -= sizes[p]
    return sizes, deck + left


def _empty_stones() -> tuple[Stone, ...]:
    return tuple(Stone() for _ in range(STONE_COUNT))


@dataclass(frozen=True)
class Position:
    """A Schotten Totten position (see docs/ANALYSIS.md, "Positions").

    ``hands[p]`` is a tuple of cards (clan cards, and tactics card names in the tactics variant), or
    ``None`` when unknown; ``hand_sizes[p]`` is always set. ``deck`` is the number of clan cards left
    to draw, ``tactics_deck`` the tactics cards; ``tactics_played[p]`` counts the tactics cards ``p``
    has played over the game.
    """

    stones: tuple[Stone, ...] = field(default_factory=_empty_stones)
    hands: Mapping[Player, tuple[HandCard, ...] | None] = field(
        default_factory=lambda: {Player.SOUTH: None, Player.NORTH: None}
    )
    hand_sizes: Mapping[Player, int] = field(default_factory=lambda: {Player.SOUTH: 6, Player.NORTH: 6})
    deck: int = 42
    to_move: Player = Player.SOUTH
    rules: RuleSet = BASE
    discard: tuple[HandCard, ...] = ()
    tactics_deck: int = 0
    tactics_played: Mapping[Player, int] = field(default_factory=lambda: {Player.SOUTH: 0, Player.NORTH: 0})

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def empty(cls, rules: RuleSet = BASE) -> Position:
        """The start of a game: nothing on the table, both hands unknown and full."""
        size = rules.hand_limit
        tactics_deck = TACTICS_TOTAL if rules.tactics else 0
        return cls(
            hand_sizes={Player.SOUTH: size, Player.NORTH: size},
            deck=54 - 2 * size,
            rules=rules,
            tactics_deck=tactics_deck,
        )

    @classmethod
    def build(
        cls,
        sides: Mapping[int, tuple[str | Iterable[str | Card], str | Iterable[str | Card]]] | None = None,
        *,
        south_hand: str | Iterable[str | Card] | None = None,
        north_hand: str | Iterable[str | Card] | None = None,
        hand_sizes: Mapping[str, int] | None = None,
        to_move: str | Player = Player.SOUTH,
        claimed: Mapping[int, str] | None = None,
        first_complete: Mapping[int, str] | None = None,
        deck: int | None = None,
        rules: RuleSet = BASE,
    ) -> Position:
        """A position from plain strings, for notebooks and tests.

        ``Position.build({1: ("N8 B8 G8", "R9 R7")}, south_hand="Y1 Y2 R8 P5 B3 G9")``
        (stones numbered 1-9). Hand sizes and the deck are derived where not given.
        """
        stones = list(_empty_stones())
        for number, (south, north) in (sides or {}).items():
            stones[number - 1] = Stone(parse_cards(south), parse_cards(north))
        for number, who in (claimed or {}).items():
            stones[number - 1] = replace(stones[number - 1], claimed=Player.parse(who))
        for number, who in (first_complete or {}).items():
            stones[number - 1] = replace(stones[number - 1], first_complete=Player.parse(who))
        hands = {
            Player.SOUTH: None if south_hand is None else parse_cards(south_hand),
            Player.NORTH: None if north_hand is None else parse_cards(north_hand),
        }
        sizes = {Player.parse(k): v for k, v in (hand_sizes or {}).items()}
        return cls.assemble(tuple(stones), hands, sizes, deck, Player.parse(to_move), rules)

    @classmethod
    def assemble(
        cls,
        stones: tuple[Stone, ...],
        hands: Mapping[Player, tuple[HandCard, ...] | None],
        hand_sizes: Mapping[Player, int],
        deck: int | None,
        to_move: Player,
        rules: RuleSet = BASE,
        discard: tuple[HandCard, ...] = (),
        tactics_deck: int = 0,
        tactics_played: Mapping[Player, int] | None = None,
    ) -> Position:
        """Fill in what can be derived: known hands' sizes, an unknown hand's size, the deck.

        In the base game the deck is 54 minus everything else; an unknown hand with no size takes the
        hand limit while the deck lasts (:func:`share_unseen`). The tactics variant needs the deck sizes
        given. Given values are kept as they are (status() checks them).
        """
        sizes: dict[Player, int] = dict(hand_sizes)
        for p in PLAYERS:
            hand = hands.get(p)
            if hand is not None and p not in sizes:
                sizes[p] = len(hand)
        total = 54 + (TACTICS_TOTAL if rules.tactics else 0)
        on_table = sum(len(s.south) + len(s.north) + len(s.modes) for s in stones) + len(discard)
        missing = [p for p in PLAYERS if p not in sizes]
        if deck is None:
            if rules.tactics:
                raise RulesError("the tactics variant needs the clan deck size (it cannot be derived)")
            unknown = [p for p in (to_move, to_move.opponent) if p in missing]
            shares, deck = share_unseen(total - on_table - sum(sizes.values()), unknown, rules.hand_limit)
            sizes.update(shares)
        elif missing:
            rest = total - on_table - deck - tactics_deck - sum(sizes.values())
            if len(missing) == 1:
                sizes[missing[0]] = rest
            else:
                sizes[missing[0]] = rest - rest // 2
                sizes[missing[1]] = rest // 2
        played = dict(tactics_played or {})
        return cls(
            stones=stones,
            hands={p: hands.get(p) for p in PLAYERS},
            hand_sizes={p: sizes[p] for p in PLAYERS},
            deck=deck,
            to_move=to_move,
            rules=rules,
            discard=discard,
            tactics_deck=tactics_deck,
            tactics_played={p: played.get(p, 0) for p in PLAYERS},
        )

    # ---- derived sets -----------------------------------------------------------------------

    def stone(self, number: int) -> Stone:
        """Stone ``number``, counted 1-9 from south's left."""
        return self.stones[number - 1]

    def hand(self, player: Player | str) -> tuple[HandCard, ...] | None:
        return self.hands[Player.parse(player)]

    def clan_hand(self, player: Player | str) -> tuple[Card, ...] | None:
        """The clan cards of a known hand (tactics cards left out), or ``None``."""
        hand = self.hands[Player.parse(player)]
        return None if hand is None else tuple(c for c in hand if isinstance(c, Card))

    @cached_property
    def table_mask(self) -> CardMask:
        """Every clan card on either side of every stone, and in the discard pile."""
        mask = clan_mask(self.discard)
        for s in self.stones:
            mask |= clan_mask(s.south) | clan_mask(s.north)
        return mask

    @cached_property
    def public_pool(self) -> CardMask:
        """``U``: the clan cards not on the table (in hands or in the deck)."""
        return ((1 << 54) - 1) & ~self.table_mask

    def viewer_pool(self, viewer: Player | str) -> CardMask:
        """``U_v``: the public pool minus the viewer's own hand (when known)."""
        return self.public_pool & ~clan_mask(self.hands[Player.parse(viewer)] or ())

    def locate(self, card: Card) -> Location:
        """Where a card is, as far as the position says (a :class:`~.location.Location`, whose text is
        ``stone 3 south``, ``discard``, ``south hand``, or ``unseen``)."""
        for number, s in enumerate(self.stones, 1):
            for p in PLAYERS:
                if card in s.side(p):
                    return Location.on_stone(number, p)
        if card in self.discard:
            return Location(Place.DISCARD)
        for p in PLAYERS:
            if card in (self.hands[p] or ()):
                return Location.in_hand(p)
        return Location(Place.UNSEEN)

    def stones_held(self, player: Player) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.stones, 1) if s.claimed is player)

    def winner(self) -> Player | None:
        """The player who holds 5 stones or 3 adjacent ones (:func:`~.rules.holds_winning_set`), if any."""
        for p in PLAYERS:
            if holds_winning_set(self.stones_held(p)):
                return p
        return None

    def tactics_on_table(self) -> Counter[str]:
        """Tactics cards on the stones and in the discard pile, by name."""
        seen: Counter[str] = Counter()
        for s in self.stones:
            seen.update(p.kind for p in s.cards() if isinstance(p, Troop))
            seen.update(MODE_CARD[m] for m in s.modes)
        seen.update(c for c in self.discard if isinstance(c, str))
        return seen

    def tactics_left(self) -> TacticsLeft:
        """The tactics cards not on the table nor in the discard pile, and who has a Joker out."""
        jokers = frozenset(
            who for s in self.stones for who in PLAYERS for p in s.side(who) if isinstance(p, Troop) and p.kind == "JOKER"
        )
        seen = self.tactics_on_table()
        return TacticsLeft({name: copies - seen[name] for name, copies in TACTICS_COPIES.items()}, jokers)

    # ---- editing ------------------------------------------------------------------------------

    def with_stone(self, number: int, stone: Stone) -> Position:
        stones = list(self.stones)
        stones[number - 1] = stone
        return replace(self, stones=tuple(stones))

    def with_hand(self, player: Player, cards: Iterable[HandCard] | None) -> Position:
        """The same position with ``player``'s hand known (its size following) or unknown (size kept)."""
        hands = dict(self.hands)
        sizes = dict(self.hand_sizes)
        hands[player] = None if cards is None else tuple(cards)
        if cards is not None:
            sizes[player] = len(hands[player] or ())
        return replace(self, hands=hands, hand_sizes=sizes)

    # ---- rule checks -----------------------------------------------------------------------------

    def status(self) -> list[Problem]:
        """Every way this position breaks the rules (an empty list for a legal position)."""
        return list(self._problems)

    @cached_property
    def _problems(self) -> tuple[Problem, ...]:
        """:func:`.legality.status`, found once: a position never changes."""
        from .legality import status

        return tuple(status(self))

    def is_valid(self) -> bool:
        return not self.status()

    def validate(self) -> Position:
        """Return the position itself, or raise :class:`~.errors.IllegalPositionError` naming every problem
        (found once: the check is the cached :meth:`status`, which analysis asks again)."""
        if self._problems:
            from .errors import IllegalPositionError

            raise IllegalPositionError(list(self._problems))
        return self

    # ---- text forms --------------------------------------------------------------------------------

    def to_json(self, indent: int | None = 2) -> str:
        from .position_json import position_to_json

        return position_to_json(self, indent=indent)

    def to_dict(self) -> dict[str, object]:
        from .position_json import position_to_dict

        return position_to_dict(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        from .position_json import position_from_json

        return position_from_json(text)

    @classmethod
    def from_dict(cls, data: object) -> Position:
        from .position_json import position_from_dict

        return position_from_dict(data)

    @property
    def notation(self) -> str:
        from .notation import to_notation

        return to_notation(self)

    @classmethod
    def from_notation(cls, text: str) -> Position:
        from .notation import from_notation

        return from_notation(text)

    def __str__(self) -> str:
        lines = [f"{self.rules.name} game, {self.to_move.value} to move, deck {self.deck}"]
        for number, s in enumerate(self.stones, 1):
            claim = f"  claimed by {s.claimed.value}" if s.claimed else ""
            lines.append(f"  {number}: {s}{claim}")
        for p in PLAYERS:
            hand = self.hands[p]
            shown = format_cards(hand) if hand is not None else f"{self.hand_sizes[p]} unknown cards"
            lines.append(f"  {p.value} hand: {shown or 'empty'}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Position.from_notation({self.notation!r})"

    def __hash__(self) -> int:
        # the notation holds every field, so equal positions hash alike (dict fields are not hashable)
        return hash(self.notation)

    def _repr_svg_(self) -> str:
        from .svg import position_svg

        return str(position_svg(self))


__all__ = ["Position", "Problem", "Stone", "share_unseen"]  # Problem and Stone re-exported from their modules
