"""The legal edits of a position: pure functions, a :class:`Position` in, a new legal one out.

Each edit returns a new position that passes :meth:`Position.status`, or raises :class:`EditRefused`
saying why (the caller keeps the old position). The board editor (:mod:`schotten_lab.views.editor`)
wires clicks to these functions; a game engine can reuse the same rules.

Counts stay derived as the cards move (:func:`rebalance`):

- **Decks and unknown hands**: unknown hands stay full while the deck lasts, then shrink, the player
  to move keeping the larger half (:func:`~.position.share_unseen`, as :meth:`Position.assemble`
  derives them). In the tactics variant the tactics cards a position leaves in unknown hands (neither
  visible, nor in a known hand, nor in the tactics deck: :func:`hidden_tactics`) stay there, so a
  tactics card placed from nowhere comes out of the tactics deck and a clan card out of the clan deck.
- **Who played a tactics card** (``tactics_played``): an elite troop counts for the owner of the side
  it lies on; a combat mode and a tactics card put on the discard pile count for the player given as
  ``by``. ``by=None`` ("auto") is the player who has played fewer tactics cards, the player to move
  on a tie, as in a game. Taking a mode or a discarded tactics card back un-counts it for ``by`` if
  that player has played one, else for the other player; with ``by=None`` for the player who has
  played more (on a tie the one who is not to move). The result is re-validated, so an edit that
  breaks "the counts differ by at most 1" is refused.

    >>> from schotten_lab.core import Position
    >>> from schotten_lab.core.edit import Target, place, take_back
    >>> pos = place(Position.empty(), "R8", Target.side(1, "south"))
    >>> pos.stone(1).south, pos.deck
    ((Card.parse('R8'),), 41)
    >>> take_back(pos, "R8") == Position.empty()
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .cards import Card, CardMask
from .errors import SchottenError
from .position import Position, share_unseen
from .rules import PLAYERS, STONE_COUNT, Player, RuleSet, Variant
from .stone import Stone
from .words import Fact, Facts, TacticName, check_lang, register, render, tactic
from .tactics import (
    MODE_CARD,
    MODES,
    TACTICS_COPIES,
    TACTICS_NAMES,
    TACTICS_TOTAL,
    TROOP_KINDS,
    HandCard,
    Piece,
    Troop,
    clan_mask,
    parse_hand_card,
)


class EditRefused(SchottenError):
    """An edit that would break the rules; the message says why (the position is kept).

    ``reason`` is a :class:`~schotten_lab.core.words.Fact` (or several, or a text): the message is its
    English, :meth:`in_words` says it in any language (« la borne 3 est revendiquée par Sud : … »)."""

    def __init__(self, reason: object) -> None:
        self.reason = reason
        super().__init__(render(reason, "en"))

    def in_words(self, lang: str = "en") -> str:
        """Why the edit is refused, in ``lang``."""
        return render(self.reason, lang)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.reason,))


EDIT_PHRASES = register({
    "edit.need_tactics": {"en": "{what} belong to the tactics variant: switch an empty board to tactics, or load a tactics position",
                          "fr": "{what} appartiennent à la variante tactique : passez un plateau vide en variante tactique, ou chargez une position tactique"},
    "edit.what_discard": {"en": "the discard pile and its cards", "fr": "la défausse et ses cartes"},
    "edit.what_tactics": {"en": "tactics cards ({name})", "fr": "les cartes Tactique ({name})"},
    "edit.what_modes": {"en": "combat modes", "fr": "les modes de combat"},
    "edit.already_placed": {"en": "{item} is already placed ({where})", "fr": "la carte {item} est déjà posée ({where})"},
    "edit.claimed_full": {"en": "stone {stone} is claimed by {owner}: no more cards go on it",
                          "fr": "la borne {stone} est revendiquée par {owner} : on n'y pose plus de carte"},
    "edit.side_full": {"en": "stone {stone} {player} already holds {capacity} cards{mud}",
                       "fr": "le côté de {player} de la borne {stone} a déjà {capacity} cartes{mud}"},
    "edit.mud": {"en": " (Mud fight)", "fr": " (Combat de boue)"},
    "edit.copies_both": {"en": "both copies of {name} already placed", "fr": "les deux exemplaires {name:de} sont déjà posés"},
    "edit.copies_one": {"en": "the only copy of {name} already placed", "fr": "l'unique exemplaire {name:de} est déjà posé"},
    "edit.ruse": {"en": "{name} is a ruse: it goes onto the discard pile (choose the discard pile as the target)",
                  "fr": "{name:le} est une ruse : cette carte va sur la défausse (choisissez la défausse comme destination)"},
    "edit.unknown_mode": {"en": "unknown combat mode '{mode}': expected 'blind' or 'mud'",
                          "fr": "mode de combat inconnu « {mode} » : « blind » ou « mud » attendu"},
    "edit.claimed_modes": {"en": "stone {stone} is claimed by {owner}: its combat modes stay as they are",
                           "fr": "la borne {stone} est revendiquée par {owner} : ses modes de combat ne changent plus"},
    "edit.mode_placed": {"en": "{card} is already placed (one copy): take it back first",
                         "fr": "{card:le} est déjà posé (un seul exemplaire) : reprenez-le d'abord"},
    "edit.no_card_at": {"en": "stone {stone} {player} has no card at place {place}",
                        "fr": "le côté de {player} de la borne {stone} n'a pas de carte en position {place}"},
    "edit.claimed_take": {"en": "stone {stone} is claimed by {owner}: unclaim it before taking {piece} back",
                          "fr": "la borne {stone} est revendiquée par {owner} : annulez la revendication avant de reprendre {piece}"},
    "edit.no_discard_at": {"en": "the discard pile has no card at place {place}", "fr": "la défausse n'a pas de carte en position {place}"},
    "edit.not_placed": {"en": "{item} is not placed anywhere", "fr": "la carte {item} n'est posée nulle part"},
    "edit.deck_misfit": {"en": "a deck of {deck} does not fit the cards placed (it holds {derived}): {why}",
                         "fr": "une pioche de {deck} cartes ne correspond pas aux cartes posées (elle en compte {derived}) : {why}"},
    "edit.tactics_deck_misfit": {"en": "a tactics deck of {deck} does not fit the cards placed: {why}",
                                 "fr": "une pioche Tactique de {deck} cartes ne correspond pas aux cartes posées : {why}"},
    "edit.variant_blank": {"en": "the variant switches on an empty board only: click New board first (this {variant} position has cards placed)",
                           "fr": "on ne change de variante que sur un plateau vide : cliquez d'abord sur Nouveau plateau (cette position, {variant}, a des cartes posées)"},
    "edit.variant_base": {"en": "base", "fr": "jeu de base"},
    "edit.variant_tactics": {"en": "tactics", "fr": "variante tactique"},
    "edit.too_many": {"en": "more than {total} cards placed ({count})", "fr": "plus de {total} cartes posées ({count})"},
})  # fmt: skip
"""The reasons of a refused edit (en, fr)."""


@dataclass(frozen=True, slots=True)
class PieceName:
    """A placed piece in a reason: ``R8``, ``JOKER`` in English (as the edits always wrote them), « Joker » in French."""

    piece: object

    def in_words(self, lang: str = "en") -> str:
        piece = self.piece
        if check_lang(lang) == "en":
            return str(piece)
        if isinstance(piece, Troop):
            name = tactic(piece.kind, lang)
            return name if piece.identity is None else f"{name} ({piece.identity})"
        return tactic(piece, lang) if isinstance(piece, str) and piece in TACTICS_NAMES else str(piece)


def _refused(key: str, **fields: object) -> EditRefused:
    return EditRefused(Fact.of(key, **fields))


@dataclass(frozen=True, slots=True)
class Target:
    """Where a card goes: one side of a stone, a player's hand, or the discard pile."""

    player: Player
    stone: int | None = None  # None: the player's hand (or the discard pile)
    pile: bool = False  # the discard pile (tactics variant); ``player`` is then ignored

    @classmethod
    def side(cls, stone: int, player: Player | str) -> Target:
        return cls(Player.parse(player), stone)

    @classmethod
    def hand(cls, player: Player | str) -> Target:
        return cls(Player.parse(player), None)

    @classmethod
    def discard(cls) -> Target:
        return cls(Player.SOUTH, None, True)

    @property
    def label(self) -> str:
        if self.pile:
            return "discard pile"
        if self.stone is None:
            return f"{self.player.value} hand"
        return f"stone {self.stone} {self.player.value}"


ALL_TARGETS: tuple[Target, ...] = tuple(
    Target.side(n, p) for n in range(1, STONE_COUNT + 1) for p in PLAYERS
) + tuple(Target.hand(p) for p in PLAYERS)
"""The targets of a base-game board: every side of every stone, then both hands."""
TACTICS_TARGETS: tuple[Target, ...] = ALL_TARGETS + (Target.discard(),)
"""The targets of a tactics board: the base game's and the discard pile."""


# ---- what a position already places ---------------------------------------------------------


def used_mask(position: Position) -> CardMask:
    """The clan cards the position already places: on the table, in the discard pile or in a known hand."""
    mask = position.table_mask
    for p in PLAYERS:
        mask |= clan_mask(position.hands[p] or ())
    return mask


def tactics_used(position: Position) -> Counter[str]:
    """The tactics cards the position places, by name: on the stones, in the discard pile, in known hands."""
    used = position.tactics_on_table()
    for p in PLAYERS:
        used.update(c for c in position.hands[p] or () if isinstance(c, str))
    return used


def hidden_tactics(position: Position) -> int:
    """Tactics cards in unknown hands: those neither placed (see :func:`tactics_used`) nor in the tactics deck."""
    if not position.rules.tactics:
        return 0
    return max(0, TACTICS_TOTAL - sum(tactics_used(position).values()) - position.tactics_deck)


def is_blank(position: Position) -> bool:
    """Nothing placed: no card on a stone or the discard pile, no claim, both hands unknown."""
    return (
        all(s == Stone() for s in position.stones)
        and not position.discard
        and all(position.hands[p] is None for p in PLAYERS)
    )


# ---- derived counts and the legality check ------------------------------------------------------


def checked(position: Position) -> Position:
    """The position itself if it is legal, else :class:`EditRefused` naming every problem."""
    problems = position.status()
    if problems:
        raise EditRefused(Facts(tuple(problems)))
    return position


def rebalance(position: Position, hidden: int | None = None) -> Position:
    """Derive the decks and the unknown hands' sizes from the cards placed.

    Unknown hands stay full while the deck lasts; once it is empty they shrink, the player to move
    keeping the larger half. In the tactics variant the unknown hands keep ``hidden`` tactics cards
    (by default :func:`hidden_tactics` of the position itself) and the rest of the unseen tactics
    cards make the tactics deck, as far as the clan cards allow.
    """
    on_table = sum(len(s.south) + len(s.north) + len(s.modes) for s in position.stones) + len(position.discard)
    known = {p: len(h) for p, h in position.hands.items() if h is not None}
    total = 54 + (TACTICS_TOTAL if position.rules.tactics else 0)
    rest = total - on_table - sum(known.values())
    if rest < 0:
        raise _refused("edit.too_many", total=total, count=total - rest)
    unknown = [p for p in (position.to_move, position.to_move.opponent) if p not in known]
    shares, decks = share_unseen(rest, unknown, position.rules.hand_limit)
    sizes = {p: known[p] if p in known else shares[p] for p in PLAYERS}
    if not position.rules.tactics:
        return replace(position, hand_sizes=sizes, deck=decks)
    unseen_tactics = TACTICS_TOTAL - sum(tactics_used(position).values())
    unseen_clan = 54 - bin(used_mask(position)).count("1")
    keep = hidden_tactics(position) if hidden is None else hidden
    low, high = max(0, decks - unseen_clan), min(decks, unseen_tactics)
    tactics_deck = min(max(unseen_tactics - keep, low), high)
    return replace(position, hand_sizes=sizes, deck=decks - tactics_deck, tactics_deck=tactics_deck)


def _commit(before: Position, after: Position) -> Position:
    """Derive the counts of an edited position (tactics cards in unknown hands kept), then check it."""
    return checked(rebalance(after, hidden_tactics(before)))


def item_of(card: Card | Troop | str) -> Card | str:
    """A clan card, or a tactics card's name (``"JOKER"``; a troop gives its kind), from a card or text."""
    if isinstance(card, Card):
        return card
    if isinstance(card, Troop):
        return card.kind
    name = card.strip().upper()
    if name in TACTICS_NAMES:
        return name
    return Card.parse(card)


def _player_for(position: Position, by: Player | str | None, delta: int) -> Player:
    """Who plays (``delta=1``) or un-plays (``delta=-1``) a combat mode or a discarded tactics card."""
    played = position.tactics_played
    if by is not None:
        who = Player.parse(by)
        if delta < 0 and played[who] <= 0:
            return who.opponent
        return who
    south, north = played[Player.SOUTH], played[Player.NORTH]
    if south == north:
        return position.to_move if delta > 0 else position.to_move.opponent
    fewer = Player.SOUTH if south < north else Player.NORTH
    return fewer if delta > 0 else fewer.opponent


def _count_played(position: Position, player: Player, delta: int) -> Position:
    played = dict(position.tactics_played)
    played[player] = played[player] + delta
    return replace(position, tactics_played=played)


def _need_tactics(position: Position, what: object) -> None:
    if not position.rules.tactics:
        raise _refused("edit.need_tactics", what=what)


# ---- placing and taking back ----------------------------------------------------------------------


def place(position: Position, card: Card | str, target: Target, by: Player | str | None = None) -> Position:
    """Put a card that is not yet placed onto a side of a stone, into a (known) hand or onto the
    discard pile.

    Tactics variant: ``card`` may be a tactics card's name. An elite troop goes on a side (wild) and
    counts as played by that side's owner; a combat mode placed on a side goes on that stone (see
    :func:`set_mode`); a combat mode or tactics card on the discard pile counts as played by ``by``
    (module docstring).
    """
    item = item_of(card)
    if isinstance(item, str):
        return _place_tactics(position, item, target, by)
    if used_mask(position) >> item.index & 1:
        raise _refused("edit.already_placed", item=PieceName(item), where=position.locate(item))
    if target.pile:
        _need_tactics(position, Fact.of("edit.what_discard"))
        return _commit(position, replace(position, discard=position.discard + (item,)))
    if target.stone is None:
        hand = position.hands[target.player] or ()
        return _commit(position, position.with_hand(target.player, hand + (item,)))
    return _place_on_side(position, item, target.stone, target.player)


def _place_on_side(position: Position, piece: Piece, number: int, player: Player) -> Position:
    stone = position.stone(number)
    if stone.claimed is not None:
        raise _refused("edit.claimed_full", stone=str(number), owner=stone.claimed)
    side = stone.side(player)
    capacity = stone.capacity
    if len(side) >= capacity:
        mud = Fact.of("edit.mud") if "mud" in stone.modes else ""
        raise _refused("edit.side_full", stone=str(number), player=player, capacity=capacity, mud=mud)
    new = stone.with_side(player, side + (piece,))
    if len(side) + 1 == capacity and new.first_complete is None and not new.is_complete(player.opponent):
        new = replace(new, first_complete=player)  # this side completed first
    after = position.with_stone(number, new)
    if isinstance(piece, Troop):
        after = _count_played(after, player, 1)
    return _commit(position, after)


def _place_tactics(position: Position, name: str, target: Target, by: Player | str | None) -> Position:
    _need_tactics(position, Fact.of("edit.what_tactics", name=TacticName(name)))
    if tactics_used(position)[name] >= TACTICS_COPIES[name]:
        raise _refused("edit.copies_both" if TACTICS_COPIES[name] == 2 else "edit.copies_one", name=TacticName(name))
    if target.pile:
        after = replace(position, discard=position.discard + (name,))
        return _commit(position, _count_played(after, _player_for(position, by, 1), 1))
    if target.stone is None:
        hand = position.hands[target.player] or ()
        return _commit(position, position.with_hand(target.player, hand + (name,)))
    if name in TROOP_KINDS:
        return _place_on_side(position, Troop(name), target.stone, target.player)
    for mode, mode_card in MODE_CARD.items():
        if name == mode_card:
            return set_mode(position, target.stone, mode, True, by)
    raise _refused("edit.ruse", name=TacticName(name))


def set_mode(position: Position, stone: int, mode: str, on: bool = True, by: Player | str | None = None) -> Position:
    """Put a combat mode (``"blind"`` or ``"mud"``) on an unclaimed stone, or take it off.

    The mode counts as played by ``by`` (module docstring). Under Mud fight a side needs 4 cards, so
    a side of 3 is incomplete again; without it a side of 4 is refused.
    """
    _need_tactics(position, Fact.of("edit.what_modes"))
    if mode not in MODES:
        raise _refused("edit.unknown_mode", mode=str(mode))
    s = position.stone(stone)
    if (mode in s.modes) == on:
        return position
    if s.claimed is not None:
        raise _refused("edit.claimed_modes", stone=str(stone), owner=s.claimed)
    if on and tactics_used(position)[MODE_CARD[mode]]:
        raise _refused("edit.mode_placed", card=TacticName(MODE_CARD[mode]))
    new = replace(s, modes=frozenset(s.modes | {mode} if on else s.modes - {mode}))
    complete = [p for p in PLAYERS if len(new.side(p)) == new.capacity]
    if new.first_complete not in complete or (new.first_complete is None and len(complete) == 1):
        new = replace(new, first_complete=complete[0] if len(complete) == 1 else None)
    after = position.with_stone(stone, new)
    delta = 1 if on else -1
    return _commit(position, _count_played(after, _player_for(position, by, delta), delta))


def take_back_at(position: Position, stone: int, player: Player | str, index: int) -> Position:
    """Remove the piece at ``index`` of a side of an unclaimed stone (an elite troop is un-played)."""
    player = Player.parse(player)
    s = position.stone(stone)
    side = s.side(player)
    if not 0 <= index < len(side):
        raise _refused("edit.no_card_at", stone=str(stone), player=player, place=str(index + 1))
    piece = side[index]
    if s.claimed is not None:
        raise _refused("edit.claimed_take", stone=str(stone), owner=s.claimed, piece=PieceName(piece))
    new = s.with_side(player, side[:index] + side[index + 1 :])
    if new.first_complete is player:
        new = replace(new, first_complete=None)
    after = position.with_stone(stone, new)
    if isinstance(piece, Troop):
        after = _count_played(after, player, -1)
    return _commit(position, after)


def take_back_discard(position: Position, index: int, by: Player | str | None = None) -> Position:
    """Remove the card at ``index`` of the discard pile (a tactics card is un-played, see the module)."""
    if not 0 <= index < len(position.discard):
        raise _refused("edit.no_discard_at", place=str(index + 1))
    card = position.discard[index]
    after = replace(position, discard=position.discard[:index] + position.discard[index + 1 :])
    if isinstance(card, str):
        after = _count_played(after, _player_for(position, by, -1), -1)
    return _commit(position, after)


def take_back(position: Position, card: Card | Troop | str, by: Player | str | None = None) -> Position:
    """Remove a card from a stone side (the stone must be unclaimed), a combat mode from its stone,
    a card from the discard pile, or a card from a known hand (searched in that order)."""
    item = item_of(card)
    for number, stone in enumerate(position.stones, 1):
        for p in PLAYERS:
            for i, piece in enumerate(stone.side(p)):
                if piece == item or (isinstance(piece, Troop) and piece.kind == item):
                    return take_back_at(position, number, p, i)
        for mode in stone.modes:
            if MODE_CARD[mode] == item:
                return set_mode(position, number, mode, False, by)
    for i in range(len(position.discard) - 1, -1, -1):
        if position.discard[i] == item:
            return take_back_discard(position, i, by)
    for p in PLAYERS:
        hand = position.hands[p]
        if hand is not None and item in hand:
            i = hand.index(item)
            return _commit(position, position.with_hand(p, hand[:i] + hand[i + 1 :]))
    raise _refused("edit.not_placed", item=PieceName(item))


# ---- hands, claims, turn, decks, variant --------------------------------------------------------


def set_hand(position: Position, player: Player | str, cards: Iterable[HandCard | str] | None) -> Position:
    """Make a hand known (a list of cards, tactics names allowed in the tactics variant) or unknown
    (``None``, keeping its size)."""
    player = Player.parse(player)
    if cards is None:
        return checked(position.with_hand(player, None))
    parse = parse_hand_card if position.rules.tactics else Card.parse
    parsed = tuple(c if isinstance(c, Card) else parse(c) for c in cards)
    return _commit(position, position.with_hand(player, parsed))


def set_claim(position: Position, stone: int, player: Player | str | None) -> Position:
    """Claim a stone for a player (the cards must support it), or unclaim it with ``None``."""
    who = None if player is None else Player.parse(player)
    return checked(position.with_stone(stone, replace(position.stone(stone), claimed=who)))


def set_first_complete(position: Position, stone: int, player: Player | str | None) -> Position:
    """Say who completed their side of a stone first (the tie-break)."""
    who = None if player is None else Player.parse(player)
    return checked(position.with_stone(stone, replace(position.stone(stone), first_complete=who)))


def set_turn(position: Position, player: Player | str) -> Position:
    """Give the move to ``player`` (unknown hands' sizes follow: the player to move keeps the larger half)."""
    return _commit(position, replace(position, to_move=Player.parse(player)))


def set_deck(position: Position, deck: int) -> Position:
    """Set the clan deck; unknown hands take what is left (the counts must stay legal).

    Tactics variant: the hands keep their sizes and the tactics deck gives or takes the difference
    (a tactics card more in the deck is one fewer in the unknown hands, whose place a clan card takes).
    """
    if position.rules.tactics:
        shift = deck - position.deck
        new = replace(position, deck=deck, tactics_deck=position.tactics_deck - shift)
    else:
        known = {p: len(h) for p, h in position.hands.items() if h is not None}
        new = Position.assemble(
            position.stones, position.hands, known, deck, position.to_move, position.rules,
            position.discard, position.tactics_deck, position.tactics_played,
        )
    try:
        return checked(new)
    except EditRefused as exc:
        derived = rebalance(position).deck
        raise _refused("edit.deck_misfit", deck=deck, derived=derived, why=exc.reason) from None


def set_tactics_deck(position: Position, tactics_deck: int) -> Position:
    """Set the tactics deck; the hands keep their sizes and the clan deck gives or takes the difference."""
    _need_tactics(position, "the tactics deck")
    shift = tactics_deck - position.tactics_deck
    new = replace(position, tactics_deck=tactics_deck, deck=position.deck - shift)
    try:
        return checked(new)
    except EditRefused as exc:
        raise _refused("edit.tactics_deck_misfit", deck=tactics_deck, why=exc.reason) from None


def set_tactics_played(position: Position, player: Player | str, count: int) -> Position:
    """Set how many tactics cards a player has played (the two counts must add up to the visible ones)."""
    _need_tactics(position, "tactics cards")
    who = Player.parse(player)
    return checked(_count_played(position, who, count - position.tactics_played[who]))


def set_variant(position: Position, variant: Variant) -> Position:
    """Switch an empty board between the base game and the tactics variant (the expert timing kept)."""
    rules = RuleSet(variant, position.rules.expert, position.rules.strict_proofs and variant == "tactics")
    if rules == position.rules:
        return position
    if not is_blank(position):
        raise _refused("edit.variant_blank", variant=Fact.of(f"edit.variant_{position.rules.variant}"))
    return replace(Position.empty(rules), to_move=position.to_move)


__all__ = [
    "ALL_TARGETS",
    "TACTICS_TARGETS",
    "EDIT_PHRASES",
    "EditRefused",
    "PieceName",
    "Target",
    "checked",
    "hidden_tactics",
    "is_blank",
    "item_of",
    "place",
    "rebalance",
    "set_claim",
    "set_deck",
    "set_first_complete",
    "set_hand",
    "set_mode",
    "set_tactics_deck",
    "set_tactics_played",
    "set_turn",
    "set_variant",
    "take_back",
    "take_back_at",
    "take_back_discard",
    "tactics_used",
    "used_mask",
]
