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

from .cards import Card, CardMask, format_cards, parse_cards
from .errors import IllegalPositionError, RulesError
from .formations import Formation
from .proof import TacticsLeft, decide_claim, tactics_left
from .rules import BASE, PLAYERS, STONE_COUNT, Player, RuleSet
from .sides import best_identities, side_capacity
from .tactics import MODE_CARD, MODES, TACTICS_COPIES, TACTICS_TOTAL, HandCard, Piece, Troop, clan_mask


@dataclass(frozen=True, slots=True)
class Stone:
    """One stone: both sides' pieces in placement order, who claimed it, who completed first.

    In the tactics variant a side may hold elite troops (:class:`~.tactics.Troop`) and the stone
    combat modes (``"blind"``, ``"mud"``).
    """

    south: tuple[Piece, ...] = ()
    north: tuple[Piece, ...] = ()
    claimed: Player | None = None
    first_complete: Player | None = None
    modes: frozenset[str] = frozenset()

    def side(self, player: Player) -> tuple[Piece, ...]:
        return self.south if player is Player.SOUTH else self.north

    def cards(self) -> tuple[Piece, ...]:
        """Every piece on the stone, south's first."""
        return self.south + self.north

    def clan_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.south + self.north if isinstance(c, Card))

    @property
    def capacity(self) -> int:
        """Pieces that complete a side here: 4 under Mud fight, else 3."""
        return side_capacity(self.modes)

    @property
    def blind(self) -> bool:
        return "blind" in self.modes

    def is_complete(self, player: Player) -> bool:
        return len(self.side(player)) >= self.capacity

    def formation(self, player: Player) -> Formation | None:
        """The formation of a complete side (troops at their best identities), else ``None``."""
        side = self.side(player)
        if len(side) != self.capacity:
            return None
        return best_identities(side, blind=self.blind)[0]

    def with_side(self, player: Player, cards: Iterable[Piece]) -> Stone:
        cards = tuple(cards)
        return replace(self, south=cards) if player is Player.SOUTH else replace(self, north=cards)

    def __str__(self) -> str:
        modes = f" [{', '.join(sorted(self.modes))}]" if self.modes else ""
        return f"{format_cards(self.south) or '-'} | {format_cards(self.north) or '-'}{modes}"


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
        hand limit while the deck lasts. The tactics variant needs the deck sizes given. Given values
        are kept as they are (status() checks them).
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
            for p in missing:
                sizes[p] = rules.hand_limit
            deck = total - on_table - sum(sizes.values())
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

    def tactics_on_table(self) -> Counter[str]:
        """Tactics cards on the stones and in the discard pile, by name."""
        seen: Counter[str] = Counter()
        for s in self.stones:
            seen.update(p.kind for p in s.cards() if isinstance(p, Troop))
            seen.update(MODE_CARD[m] for m in s.modes)
        seen.update(c for c in self.discard if isinstance(c, str))
        return seen

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


def _check(pos: Position) -> Iterator[Problem]:
    rules = pos.rules
    if len(pos.stones) != STONE_COUNT:
        yield Problem("stones", f"has {len(pos.stones)} entries, expected {STONE_COUNT}")
    yield from _check_duplicates(pos)
    if rules.tactics:
        yield from _check_tactics(pos)
    else:
        yield from _check_base_material(pos)
    yield from _check_counts(pos)

    left = tactics_left(pos)
    pool = pos.public_pool
    for number, s in enumerate(pos.stones, 1):
        here = f"stones[{number - 1}]"
        capacity = s.capacity
        for p in PLAYERS:
            if len(s.side(p)) > capacity:
                yield Problem(
                    f"{here}.{p.value}",
                    f"has {len(s.side(p))} cards; a side holds at most {capacity}"
                    + (" under Mud fight" if capacity == 4 else ""),
                )
        complete = [p for p in PLAYERS if len(s.side(p)) == capacity]
        if s.first_complete is not None and s.first_complete not in complete:
            yield Problem(f"{here}.first_complete", f"names {s.first_complete.value}, whose side is not complete")
        if s.claimed is not None and all(len(s.side(p)) <= capacity for p in PLAYERS):
            problem = _claim_problem(s, s.claimed, pool, rules, left)
            if problem:
                yield Problem(f"{here}.claimed", problem)

    if any(len(s.side(p)) > s.capacity for s in pos.stones for p in PLAYERS):
        return
    wins = [p for p in PLAYERS if _has_won(pos.stones_held(p))]
    if len(wins) == 2:
        yield Problem("stones", "both players hold a winning set of stones; the game ends at the first")


def _check_duplicates(pos: Position) -> Iterator[Problem]:
    seen: Counter[object] = Counter()
    where: dict[object, list[str]] = {}

    def note(pieces: Iterable[object], place: str) -> None:
        for c in pieces:
            key = c.kind if isinstance(c, Troop) else c
            seen[key] += 1
            where.setdefault(key, []).append(place)

    for number, s in enumerate(pos.stones, 1):
        for p in PLAYERS:
            note(s.side(p), f"stones[{number - 1}].{p.value}")
        note((MODE_CARD[m] for m in s.modes), f"stones[{number - 1}].modes")
    note(pos.discard, "discard")
    for p in PLAYERS:
        note(pos.hands[p] or (), f"hands.{p.value}")
    for key in sorted(seen, key=str):
        n = seen[key]
        limit = TACTICS_COPIES[key] if isinstance(key, str) else 1
        if n > limit:
            what = f"card {key}" if isinstance(key, Card) else f"tactics card {key}"
            copies = "exists once" if limit == 1 else f"has {limit} copies"
            yield Problem(where[key][limit], f"{what} appears {n} times ({', '.join(where[key])}); it {copies}")


def _check_base_material(pos: Position) -> Iterator[Problem]:
    if pos.discard:
        yield Problem("discard", "the base game has no discard pile")
    if pos.tactics_deck:
        yield Problem("deck.tactics", "the base game has no tactics deck")
    if any(pos.tactics_played.values()):
        yield Problem("tactics_played", "the base game has no tactics cards")
    for number, s in enumerate(pos.stones, 1):
        if s.modes:
            yield Problem(f"stones[{number - 1}].modes", "combat modes belong to the tactics variant")
        for p in PLAYERS:
            if any(isinstance(c, Troop) for c in s.side(p)):
                yield Problem(f"stones[{number - 1}].{p.value}", "elite troops belong to the tactics variant")
    for p in PLAYERS:
        if any(isinstance(c, str) for c in pos.hands[p] or ()):
            yield Problem(f"hands.{p.value}", "tactics cards belong to the tactics variant")


def _check_tactics(pos: Position) -> Iterator[Problem]:
    for number, s in enumerate(pos.stones, 1):
        for p in PLAYERS:
            jokers = sum(1 for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER")
            if jokers > 1:
                yield Problem(f"stones[{number - 1}].{p.value}", f"has {jokers} Jokers; a player plays at most one Joker")
        unknown = set(s.modes) - set(MODES)
        if unknown:
            yield Problem(f"stones[{number - 1}].modes", f"unknown combat mode {sorted(unknown)[0]!r}")
    for p in PLAYERS:
        sides = [c for s in pos.stones for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER"]
        if len(sides) > 1:
            yield Problem("stones", f"{p.value} has {len(sides)} Jokers on the table; a player plays at most one")
    played = pos.tactics_played
    for p in PLAYERS:
        if played[p] < 0:
            yield Problem(f"tactics_played.{p.value}", f"is negative ({played[p]})")
    if abs(played[Player.SOUTH] - played[Player.NORTH]) > 1:
        yield Problem(
            "tactics_played",
            f"south played {played[Player.SOUTH]} and north {played[Player.NORTH]}: a player may not play a "
            "tactics card while ahead of the opponent, so the counts differ by at most 1",
        )
    visible = sum(pos.tactics_on_table().values())
    if played[Player.SOUTH] + played[Player.NORTH] != visible:
        yield Problem(
            "tactics_played",
            f"adds up to {played[Player.SOUTH] + played[Player.NORTH]}, but {visible} tactics cards are on the "
            "stones and in the discard pile (every played tactics card stays visible)",
        )
    if pos.tactics_deck < 0:
        yield Problem("deck.tactics", f"is negative ({pos.tactics_deck})")


def _check_counts(pos: Position) -> Iterator[Problem]:
    rules = pos.rules
    drawing = pos.deck > 0 or pos.tactics_deck > 0
    for p in PLAYERS:
        size, hand = pos.hand_sizes[p], pos.hands[p]
        if hand is not None and len(hand) != size:
            yield Problem(f"hand_sizes.{p.value}", f"is {size} but the hand lists {len(hand)} cards")
        if size < 0:
            yield Problem(f"hand_sizes.{p.value}", f"is negative ({size})")
        elif size > rules.hand_limit:
            yield Problem(f"hands.{p.value}", f"holds {size} cards; a hand holds at most {rules.hand_limit}")
        elif drawing and size != rules.hand_limit:
            yield Problem(
                f"hands.{p.value}",
                f"holds {size} cards while the deck has {pos.deck + pos.tactics_deck}: "
                f"a player refills to {rules.hand_limit} after each card",
            )
    if pos.deck < 0:
        yield Problem("deck.clan", f"is negative ({pos.deck})")
    on_table = sum(len(s.south) + len(s.north) + len(s.modes) for s in pos.stones) + len(pos.discard)
    expected = 54 + (TACTICS_TOTAL if rules.tactics else 0)
    total = on_table + sum(pos.hand_sizes.values()) + pos.deck + pos.tactics_deck
    if total != expected:
        decks = f"deck {pos.deck}" + (f" + tactics deck {pos.tactics_deck}" if rules.tactics else "")
        yield Problem(
            "deck.clan",
            f"card counts do not add up to {expected}: {on_table} on the table + hands "
            f"{pos.hand_sizes[Player.SOUTH]} + {pos.hand_sizes[Player.NORTH]} + {decks} = {total}",
        )
    elif rules.tactics:
        clan_seen = bin(pos.table_mask).count("1") + sum(len(pos.clan_hand(p) or ()) for p in PLAYERS)
        unknown = sum(pos.hand_sizes[p] for p in PLAYERS if pos.hands[p] is None)
        if not clan_seen + pos.deck <= 54 <= clan_seen + pos.deck + unknown:
            yield Problem("deck.clan", f"{clan_seen} clan cards are seen and {pos.deck} in the deck: the 54 do not fit")


def _has_won(held: tuple[int, ...]) -> bool:
    s = set(held)
    return len(s) >= 5 or any({i, i + 1, i + 2} <= s for i in range(1, 8))


def _claim_problem(s: Stone, claimant: Player, pool: CardMask, rules: RuleSet, left: TacticsLeft) -> str | None:
    """Why the cards do not support ``claimant``'s claim of stone ``s``, or ``None`` if they do.

    The claim is judged as if the stone were still open, with the cards now on the table: a proof
    that held when the claim was made still holds (more cards are visible now, none fewer).
    """
    d = decide_claim(replace(s, claimed=None), claimant, pool, RuleSet(rules.variant), left)
    if d.claimable or d.status == "tie_unknown":
        return None
    them = claimant.opponent.value
    if d.status == "incomplete":
        return f"{claimant.value} claimed it with an incomplete side ({len(s.side(claimant))} cards)"
    if d.status in ("weaker", "tie_lost"):
        return f"{claimant.value}'s {d.own} does not beat {them}'s {d.other}"
    added = format_cards(d.counterexample or ())
    return f"{claimant.value} could not prove it: {them} can still add {added} for a {d.counter_formation}, beating {d.own}"


__all__ = ["Position", "Problem", "Stone"]
