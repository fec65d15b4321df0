"""A compact one-line text notation for positions, easy to type in a notebook or paste in an article.

Fields, separated by spaces::

    STONES  SOUTH_HAND  NORTH_HAND  TO_MOVE  [dDECK]  [expert]

- ``STONES``: the nine stones, stone 1 first, joined by ``/``. A stone is ``SOUTH-NORTH``, each side
  its cards run together in placement order (``N8B8G8``), an empty side written as nothing, so an
  empty stone is ``-``. A ``*`` right after a side marks the side that was completed first; ``@s`` or
  ``@n`` at the end of the stone says who claimed it.
- A hand is its cards run together, ``-`` for a known empty hand, or ``?6`` for an unknown hand of 6.
- ``TO_MOVE`` is ``s`` or ``n`` (south, north); ``d40`` is the clan deck (derived when left out); ``expert`` selects
  the expert claim timing.

Tactics variant: the word ``tactics``, ``t7`` (tactics deck), ``p2:1`` (tactics cards played by south
and north), ``x`` and the discard pile run together (``xR8[BANSHEE]``). A tactics card is written in
brackets: ``[JOKER]``, ``[SPY=B7]`` (with its chosen identity), ``[TRAITOR]`` in a hand. Combat modes
follow the stone's sides: ``R7[SPY]-B2+mud+blind@s``.

Example, the three-8s stone of docs/RULES.md, north to move (south played first, one card ahead)::

    N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 n d37

Cards are a colour letter (R red, B blue, G green, Y yellow, P purple, N brown) and a value 1-9.
Spaces between two cards are read too (``N8 B8 G8-R9 R7``); where they leave unclear which fields
are the last stone and the hands, reading refuses rather than guesses. Players are read in any
case (``s``, ``N``, ``south``, ``North``); writing uses ``s``/``n``.

Writing always gives every field, so ``to_notation(from_notation(s)) == s`` for written strings.
Reading refuses, before any work, a text longer than ``MAX_NOTATION_CHARS`` (a real position is a
few hundred characters), and numbers are ASCII digits (at most 3), so no input can make it slow.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .cards import Card
from .errors import CardError, NotationError
from .position import Position, Stone
from .rules import PLAYERS, STONE_COUNT, Player, RuleSet
from .reader_words import Quoted
from .tactics import MODES, parse_hand_card, parse_piece
from .words import Fact

_TOKEN = r"[A-Za-z][1-9]|[1-9][A-Za-z]|\[[A-Za-z]+(?:=[A-Za-z0-9]+)?\]"
_SIDE = rf"((?:{_TOKEN})*)(\*?)"
_STONE_RE = re.compile(rf"^{_SIDE}-{_SIDE}((?:\+(?:blind|mud))*)(?:@([sSnN]))?$")
_CARD_RE = re.compile(_TOKEN)
_LOOSE_TOKEN_RE = re.compile(r"\[[^\]]*\]?|[A-Za-z][0-9]+|[0-9]+[A-Za-z]?|[A-Za-z]|.")
"""Splits a side that failed to read into card-like pieces, to say which card is wrong and why."""
_COUNT = r"[0-9]{1,3}"
_HAND_RE = re.compile(rf"-|\?{_COUNT}|(?:{_TOKEN})+")
MAX_NOTATION_CHARS = 2000
"""Longest notation read: 54 clan cards, 10 tactics cards and every other field fit in ~500."""


def to_notation(pos: Position) -> str:
    """The one-line notation of a position."""
    fields = ["/".join(_stone_text(s) for s in pos.stones)]
    for p in PLAYERS:
        hand = pos.hands[p]
        if hand is None:
            fields.append(f"?{pos.hand_sizes[p]}")
        else:
            fields.append(_run(hand) or "-")
    fields.append(pos.to_move.letter)
    fields.append(f"d{pos.deck}")
    if pos.rules.tactics:
        played = pos.tactics_played
        fields += ["tactics", f"t{pos.tactics_deck}", f"p{played[Player.SOUTH]}:{played[Player.NORTH]}"]
        if pos.discard:
            fields.append("x" + _run(pos.discard))
    if pos.rules.expert:
        fields.append("expert")
    return " ".join(fields)


def _run(pieces: tuple[object, ...]) -> str:
    return "".join(str(c) if isinstance(c, Card) else f"[{c}]" for c in pieces)


def _stone_text(s: Stone) -> str:
    def side(p: Player) -> str:
        return _run(s.side(p)) + ("*" if s.first_complete is p else "")

    modes = "".join(f"+{m}" for m in MODES if m in s.modes)
    claim = f"@{s.claimed.letter}" if s.claimed else ""
    return f"{side(Player.SOUTH)}-{side(Player.NORTH)}{modes}{claim}"


def from_notation(text: str) -> Position:
    """Read the one-line notation; raise :class:`NotationError` quoting the part that is wrong."""
    if not isinstance(text, str):
        raise NotationError.of("reader.notation_not_text", type=type(text).__name__)
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError.of("reader.notation_long", text=Quoted(text), limit=MAX_NOTATION_CHARS)
    text = text.lstrip("\ufeff")
    fields = text.split()
    if len(fields) < 4:
        raise NotationError.of("reader.notation_fields", text=Quoted(text), count=str(len(fields)))
    stones_text, south_text, north_text, move_text, *rest = _join_spaced_cards(fields)
    deck: int | None = None
    expert = tactics = False
    tactics_deck = 0
    played: dict[Player, int] = {}
    discard_text = ""
    for extra in rest:
        if re.fullmatch(rf"d{_COUNT}", extra):
            deck = int(extra[1:])
        elif re.fullmatch(rf"t{_COUNT}", extra):
            tactics_deck = int(extra[1:])
        elif m := re.fullmatch(rf"p({_COUNT}):({_COUNT})", extra):
            played = {Player.SOUTH: int(m.group(1)), Player.NORTH: int(m.group(2))}
        elif extra.startswith("x"):
            discard_text = extra[1:]
        elif extra == "expert":
            expert = True
        elif extra == "tactics":
            tactics = True
        elif extra == "base":
            pass
        else:
            raise NotationError.of("reader.notation_extra", text=Quoted(extra))
    if (tactics_deck or played or discard_text) and not tactics:
        raise NotationError.of("reader.notation_need_tactics")
    parts = stones_text.split("/")
    if len(parts) != STONE_COUNT:
        raise NotationError.of("reader.notation_stones", text=Quoted(stones_text), expected=STONE_COUNT, count=str(len(parts)))
    stones = tuple(_parse_stone(part, i, tactics) for i, part in enumerate(parts, 1))
    hands: dict[Player, tuple[object, ...] | None] = {}
    sizes: dict[Player, int] = {}
    for p, hand_text in zip(PLAYERS, (south_text, north_text)):
        if hand_text.startswith("?"):
            if not re.fullmatch(_COUNT, hand_text[1:]):
                raise NotationError.of("reader.notation_unknown_hand", place=_place(Fact.of("reader.hand", player=p), hand_text))
            hands[p], sizes[p] = None, int(hand_text[1:])
        elif hand_text == "-":
            hands[p] = ()
        else:
            hands[p] = _parse_run(hand_text, Fact.of("reader.hand", player=p), parse_hand_card if tactics else _clan)
    if not _is_player(move_text):
        raise NotationError.of("reader.notation_player", place=_place(Fact.of("reader.to_move"), move_text))
    discard = _parse_run(discard_text, Fact.of("reader.discard"), parse_hand_card) if discard_text else ()
    if tactics and deck is None:
        raise NotationError.of("reader.notation_deck")
    rules = RuleSet("tactics" if tactics else "base", expert)
    return Position.assemble(
        stones, hands, sizes, deck, Player.parse(move_text), rules, discard, tactics_deck, played  # type: ignore[arg-type]
    )


def _is_player(text: str) -> bool:
    return text.lower() in ("s", "n", "south", "north")


def _join_spaced_cards(fields: list[str]) -> list[str]:
    """The fields with spaces between cards taken out: stones, south hand, north hand, to move, extras.

    Spaces are allowed anywhere in the stones field up to its last ``/``, and between two cards of
    the last stone or of a hand. The player to move (the first field from the fourth on that is a
    player) anchors the split: the fields after the one holding the last ``/`` are shared between
    the ninth stone and the two hands in every way that joins only card to card, and more than one
    way is refused as ambiguous rather than guessed. With no such way, the two fields before the
    player to move are the hands and all before them the stones.
    """
    move = next((i for i, f in enumerate(fields) if i >= 3 and _is_player(f)), None)
    slash = max((i for i, f in enumerate(fields[: move or 0]) if "/" in f), default=None)
    if move is None or slash is None or (slash == 0 and move == 3):
        return fields
    head, tail = "".join(fields[: slash + 1]), fields[slash + 1 : move]
    readings = []
    for joined in range(len(tail) + 1):
        stone_parts = [head, *tail[:joined]]
        if not (_STONE_RE.match("".join(stone_parts).rsplit("/", 1)[-1]) and _card_to_card(stone_parts)):
            continue
        rest = tail[joined:]
        for cut in range(1, len(rest)):
            hands = rest[:cut], rest[cut:]
            if all(_HAND_RE.fullmatch("".join(h)) and _card_to_card(h) for h in hands):
                readings.append(["".join(stone_parts), "".join(hands[0]), "".join(hands[1])])
    if len(readings) > 1:
        raise NotationError.of("reader.notation_ambiguous", text=Quoted(" ".join(fields[slash:move])))
    if not readings:
        return fields if move == 3 else ["".join(fields[: move - 2]), *fields[move - 2 :]]
    return [*readings[0], *fields[move:]]


def _card_to_card(parts: list[str]) -> bool:
    """Whether each part but the first starts with a card and follows a part ending with one."""
    return all(
        re.search(rf"(?:{_TOKEN})$", before) and re.match(_TOKEN, after) for before, after in zip(parts, parts[1:])
    )


def _parse_stone(part: str, number: int, tactics: bool) -> Stone:
    m = _STONE_RE.match(part)
    stone = Fact.of("reader.stone", stone=number)
    if m is None:
        _explain_bad_cards(part, stone, parse_piece if tactics else _clan)
        raise NotationError.of("reader.notation_stone", place=_place(stone, part))
    south, south_first, north, north_first, modes_text, claim = m.groups()
    if south_first and north_first:
        raise NotationError.of("reader.notation_first", place=_place(stone, part))
    modes = frozenset(x for x in modes_text.split("+") if x)
    if modes and not tactics:
        raise NotationError.of("reader.notation_modes", place=_place(stone, part))
    first = Player.SOUTH if south_first else Player.NORTH if north_first else None
    parse = parse_piece if tactics else _clan
    return Stone(
        _parse_run(south, _side(stone, Player.SOUTH), parse),  # type: ignore[arg-type]
        _parse_run(north, _side(stone, Player.NORTH), parse),  # type: ignore[arg-type]
        claimed=Player.parse(claim) if claim else None,
        first_complete=first,
        modes=modes,
    )


def _clan(code: str) -> Card:
    if code.startswith("["):
        raise CardError.of("reader.tactics_in_notation", code=code)
    return Card.parse(code)


def _place(where: Fact, text: str) -> Fact:
    """A part of the notation and its text: ``stone 2 'R8R0-'`` / « borne 2 (« R8R0- ») »."""
    return Fact.of("reader.place", where=where, text=Quoted(text))


def _side(where: Fact, p: Player) -> Fact:
    """``stone 2 south side`` / « borne 2, côté Sud »."""
    return Fact.of("reader.sub", where=where, side=Fact.of("reader.side", player=p))


def _parse_run(text: str, where: Fact, parse: Callable[[str], object]) -> tuple[object, ...]:
    codes = _CARD_RE.findall(text)
    if "".join(codes) != text:
        _explain_bad_cards(text, where, parse)
        raise NotationError.of("reader.notation_run", place=_place(where, text))
    try:
        return tuple(parse(c.strip("[]")) if c.startswith("[") else parse(c) for c in codes)
    except CardError as exc:
        raise NotationError.of("reader.at", where=where, problem=exc) from None


def _explain_bad_cards(text: str, where: Fact, parse: Callable[[str], object]) -> None:
    """Raise a :class:`NotationError` naming the first card of ``text`` that does not read, if any.

    ``text`` is a stone (``SOUTH-NORTH`` with marks) or a run of cards; a stone names its side.
    """
    body = re.sub(r"(?:\+[A-Za-z]*)*(?:@[A-Za-z]*)?$", "", text)
    sides = body.split("-") if "-" in body else [body]
    names: list[Player | None] = [Player.SOUTH, Player.NORTH] if len(sides) == 2 else [None]
    for side, name in zip(sides, names):
        place = _place(where if name is None else _side(where, name), text)
        for piece in _LOOSE_TOKEN_RE.findall(side.rstrip("*")):
            if piece.startswith("[") and not piece.endswith("]"):
                raise NotationError.of("reader.notation_bracket", place=place, piece=Quoted(piece))
            try:
                parse(piece.strip("[]") if piece.startswith("[") else piece)
            except CardError as exc:
                raise NotationError.of("reader.at", where=place, problem=exc) from None
