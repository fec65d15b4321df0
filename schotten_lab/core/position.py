"""Positions: what a player or a diagram knows at one moment, and the rule checks on it.

A :class:`Position` is immutable; editing returns a new one (``dataclasses.replace`` or the
``with_*`` helpers). A position that parses but breaks the rules can still be built and inspected;
:meth:`Position.status` names every problem, and :meth:`Position.validate` raises them together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from .cards import Card, CardMask, format_cards, mask_of, parse_cards
from .errors import IllegalPositionError
from .formations import Formation, best_completion, evaluate
from .rules import BASE, PLAYERS, SIDE_SIZE, STONE_COUNT, Player, RuleSet


@dataclass(frozen=True, slots=True)
class Stone:
    """One stone: both sides' cards in placement order, who claimed it, who completed first."""

    south: tuple[Card, ...] = ()
    north: tuple[Card, ...] = ()
    claimed: Player | None = None
    first_complete: Player | None = None

    def side(self, player: Player) -> tuple[Card, ...]:
        return self.south if player is Player.SOUTH else self.north

    def cards(self) -> tuple[Card, ...]:
        return self.south + self.north

    def is_complete(self, player: Player, capacity: int = SIDE_SIZE) -> bool:
        return len(self.side(player)) >= capacity

    def with_side(self, player: Player, cards: Iterable[Card]) -> Stone:
        cards = tuple(cards)
        return replace(self, south=cards) if player is Player.SOUTH else replace(self, north=cards)

    def __str__(self) -> str:
        return f"{format_cards(self.south) or '-'} | {format_cards(self.north) or '-'}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One rule broken by a position: the field it concerns and what is wrong."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def _empty_stones() -> tuple[Stone, ...]:
    return tuple(Stone() for _ in range(STONE_COUNT))


@dataclass(frozen=True)
class Position:
    """A Schotten Totten position (see ANALYSIS.md, "Positions").

    ``hands[p]`` is a tuple of cards, or ``None`` when unknown; ``hand_sizes[p]`` is always set.
    ``deck`` is the number of clan cards left to draw.
    """

    stones: tuple[Stone, ...] = field(default_factory=_empty_stones)
    hands: Mapping[Player, tuple[Card, ...] | None] = field(
        default_factory=lambda: {Player.SOUTH: None, Player.NORTH: None}
    )
    hand_sizes: Mapping[Player, int] = field(default_factory=lambda: {Player.SOUTH: 6, Player.NORTH: 6})
    deck: int = 42
    to_move: Player = Player.SOUTH
    rules: RuleSet = BASE
    discard: tuple[Card, ...] = ()
    tactics_deck: int = 0

    # ---- construction ---------------------------------------------------------------------

    @classmethod
    def empty(cls, rules: RuleSet = BASE) -> Position:
        """The start of a game: nothing on the table, both hands unknown and full."""
        size = rules.hand_limit
        return cls(hand_sizes={Player.SOUTH: size, Player.NORTH: size}, deck=54 - 2 * size, rules=rules)

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
        hands: Mapping[Player, tuple[Card, ...] | None],
        hand_sizes: Mapping[Player, int],
        deck: int | None,
        to_move: Player,
        rules: RuleSet = BASE,
        discard: tuple[Card, ...] = (),
        tactics_deck: int = 0,
    ) -> Position:
        """Fill in what can be derived: known hands' sizes, an unknown hand's size, the deck.

        The deck is 54 minus everything else; an unknown hand with no size takes the hand limit
        while the deck lasts. Given values are kept as they are (status() checks them).
        """
        sizes: dict[Player, int] = dict(hand_sizes)
        for p in PLAYERS:
            hand = hands.get(p)
            if hand is not None and p not in sizes:
                sizes[p] = len(hand)
        on_table = sum(len(s.south) + len(s.north) for s in stones) + len(discard)
        missing = [p for p in PLAYERS if p not in sizes]
        if deck is None:
            for p in missing:
                sizes[p] = rules.hand_limit
            deck = 54 - on_table - sum(sizes.values())
        elif missing:
            rest = 54 - on_table - deck - sum(sizes.values())
            if len(missing) == 1:
                sizes[missing[0]] = rest
            else:
                sizes[missing[0]] = rest - rest // 2
                sizes[missing[1]] = rest // 2
        return cls(
            stones=stones,
            hands={p: hands.get(p) for p in PLAYERS},
            hand_sizes={p: sizes[p] for p in PLAYERS},
            deck=deck,
            to_move=to_move,
            rules=rules,
            discard=discard,
            tactics_deck=tactics_deck,
        )

    # ---- derived sets -----------------------------------------------------------------------

    def stone(self, number: int) -> Stone:
        """Stone ``number``, counted 1-9 from south's left."""
        return self.stones[number - 1]

    def hand(self, player: Player | str) -> tuple[Card, ...] | None:
        return self.hands[Player.parse(player)]

    @cached_property
    def table_mask(self) -> CardMask:
        """Every card on either side of every stone, and the discard pile."""
        mask = mask_of(self.discard)
        for s in self.stones:
            mask |= mask_of(s.south) | mask_of(s.north)
        return mask

    @cached_property
    def public_pool(self) -> CardMask:
        """``U``: the clan cards not on the table (in hands or in the deck)."""
        return ((1 << 54) - 1) & ~self.table_mask

    def viewer_pool(self, viewer: Player | str) -> CardMask:
        """``U_v``: the public pool minus the viewer's own hand (when known)."""
        hand = self.hands[Player.parse(viewer)]
        return self.public_pool & ~mask_of(hand or ())

    def locate(self, card: Card) -> str:
        """Where a card is, as far as the position says: ``stone 3 south``, ``discard``,
        ``south hand``, or ``unseen``."""
        for number, s in enumerate(self.stones, 1):
            for p in PLAYERS:
                if card in s.side(p):
                    return f"stone {number} {p.value}"
        if card in self.discard:
            return "discard"
        for p in PLAYERS:
            if card in (self.hands[p] or ()):
                return f"{p.value} hand"
        return "unseen"

    def stones_held(self, player: Player) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.stones, 1) if s.claimed is player)

    def winner(self) -> Player | None:
        """The player who holds 5 stones or 3 adjacent ones, if any."""
        for p in PLAYERS:
            held = set(self.stones_held(p))
            if len(held) >= 5 or any({i, i + 1, i + 2} <= held for i in range(1, 8)):
                return p
        return None

    def side_formation(self, number: int, player: Player) -> Formation | None:
        side = self.stone(number).side(player)
        return evaluate(side) if len(side) == SIDE_SIZE else None

    # ---- editing ------------------------------------------------------------------------------

    def with_stone(self, number: int, stone: Stone) -> Position:
        stones = list(self.stones)
        stones[number - 1] = stone
        return replace(self, stones=tuple(stones))

    def with_hand(self, player: Player, cards: Iterable[Card] | None) -> Position:
        hands = dict(self.hands)
        sizes = dict(self.hand_sizes)
        hands[player] = None if cards is None else tuple(cards)
        if cards is not None:
            sizes[player] = len(hands[player] or ())
        return replace(self, hands=hands, hand_sizes=sizes)

    # ---- rule checks -----------------------------------------------------------------------------

    def status(self) -> list[Problem]:
        """Every way this position breaks the rules (an empty list for a legal position)."""
        return list(_check(self))

    def is_valid(self) -> bool:
        return not self.status()

    def validate(self) -> Position:
        """Return the position itself, or raise :class:`IllegalPositionError` naming every problem."""
        problems = self.status()
        if problems:
            raise IllegalPositionError(problems)
        return self

    # ---- text forms --------------------------------------------------------------------------------

    def to_json(self, indent: int | None = 2) -> str:
        from .position_json import position_to_json

        return position_to_json(self, indent=indent)

    def to_dict(self) -> dict:
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

    def _repr_svg_(self) -> str:
        from .svg import position_svg

        return str(position_svg(self))


def _check(pos: Position) -> Iterator[Problem]:
    rules = pos.rules
    if len(pos.stones) != STONE_COUNT:
        yield Problem("stones", f"has {len(pos.stones)} entries, expected {STONE_COUNT}")
    seen: Counter[Card] = Counter()
    where: dict[Card, list[str]] = {}

    def note(cards: Iterable[Card], place: str) -> None:
        for c in cards:
            seen[c] += 1
            where.setdefault(c, []).append(place)

    for number, s in enumerate(pos.stones, 1):
        for p in PLAYERS:
            note(s.side(p), f"stones[{number - 1}].{p.value}")
    note(pos.discard, "discard")
    for p in PLAYERS:
        note(pos.hands[p] or (), f"hands.{p.value}")
    for c, n in sorted(seen.items()):
        if n > 1:
            yield Problem(where[c][1], f"card {c} appears {n} times ({', '.join(where[c])})")

    if not rules.tactics and pos.discard:
        yield Problem("discard", "the base game has no discard pile")
    if not rules.tactics and pos.tactics_deck:
        yield Problem("deck.tactics", "the base game has no tactics deck")

    for p in PLAYERS:
        size, hand = pos.hand_sizes[p], pos.hands[p]
        if hand is not None and len(hand) != size:
            yield Problem(f"hand_sizes.{p.value}", f"is {size} but the hand lists {len(hand)} cards")
        if size < 0:
            yield Problem(f"hand_sizes.{p.value}", f"is negative ({size})")
        elif size > rules.hand_limit:
            yield Problem(f"hands.{p.value}", f"holds {size} cards; a hand holds at most {rules.hand_limit}")
        elif pos.deck > 0 and size != rules.hand_limit:
            yield Problem(
                f"hands.{p.value}",
                f"holds {size} cards while the deck has {pos.deck}: a player refills to {rules.hand_limit} after each card",
            )
    if pos.deck < 0:
        yield Problem("deck.clan", f"is negative ({pos.deck})")
    on_table = sum(len(s.south) + len(s.north) for s in pos.stones) + len(pos.discard)
    total = on_table + sum(pos.hand_sizes.values()) + pos.deck
    if total != 54:
        yield Problem(
            "deck.clan",
            f"card counts do not add up to 54: {on_table} on the table + hands "
            f"{pos.hand_sizes[Player.SOUTH]} + {pos.hand_sizes[Player.NORTH]} + deck {pos.deck} = {total}",
        )

    pool = pos.public_pool
    for number, s in enumerate(pos.stones, 1):
        here = f"stones[{number - 1}]"
        for p in PLAYERS:
            if len(s.side(p)) > SIDE_SIZE:
                yield Problem(f"{here}.{p.value}", f"has {len(s.side(p))} cards; a side holds at most {SIDE_SIZE}")
        complete = [p for p in PLAYERS if len(s.side(p)) == SIDE_SIZE]
        if s.first_complete is not None and s.first_complete not in complete:
            yield Problem(f"{here}.first_complete", f"names {s.first_complete.value}, whose side is not complete")
        if s.claimed is not None:
            problem = _claim_problem(s, s.claimed, pool)
            if problem:
                yield Problem(f"{here}.claimed", problem)

    if any(len(s.side(p)) > SIDE_SIZE for s in pos.stones for p in PLAYERS):
        return
    held = {p: pos.stones_held(p) for p in PLAYERS}
    wins = [p for p in PLAYERS if _has_won(held[p])]
    if len(wins) == 2:
        yield Problem("stones", "both players hold a winning set of stones; the game ends at the first")


def _has_won(held: tuple[int, ...]) -> bool:
    s = set(held)
    return len(s) >= 5 or any({i, i + 1, i + 2} <= s for i in range(1, 8))


def _claim_problem(s: Stone, claimant: Player, pool: CardMask) -> str | None:
    """Why the cards do not support ``claimant``'s claim of stone ``s``, or ``None`` if they do."""
    mine, theirs = s.side(claimant), s.side(claimant.opponent)
    if len(mine) < SIDE_SIZE:
        return f"{claimant.value} claimed it with an incomplete side ({len(mine)} cards)"
    if len(mine) > SIDE_SIZE or len(theirs) > SIDE_SIZE:
        return None  # capacity is reported on its own
    own = evaluate(mine)
    if len(theirs) == SIDE_SIZE:
        other = evaluate(theirs)
        if other.strength > own.strength or (
            other.strength == own.strength and s.first_complete is claimant.opponent
        ):
            return f"{claimant.value}'s {own} does not beat {claimant.opponent.value}'s {other}"
        return None
    best = best_completion(theirs, pool)
    if best is not None and best[0].strength > own.strength:
        formation, added = best
        return (
            f"{claimant.value} could not prove it: {claimant.opponent.value} can still add "
            f"{format_cards(added)} for a {formation}, beating {own}"
        )
    return None


__all__ = ["Position", "Problem", "Stone"]
