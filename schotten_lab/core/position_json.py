"""The JSON interchange format ``schotten-lab/position@1`` (docs/ANALYSIS.md): read and write.

Reading checks the document's shape and names the offending field on any error
(:class:`PositionFormatError`); rule checks are :meth:`Position.status`'s job. Every field written
is read back unchanged, so ``position_from_json(position_to_json(p)) == p``.

Reading is bounded: a document over ``MAX_DOCUMENT_CHARS``, a list of over ``MAX_LIST`` cards, a
count outside ``0..MAX_COUNT`` or JSON nested too deeply is refused up front with a short message
(a bad value is quoted as a short excerpt), so no input builds large objects or long messages.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from .cards import Card
from .errors import CardError, PlayerError, PositionFormatError, excerpt
from .position import Position, Stone
from .rules import PLAYERS, STONE_COUNT, Player, RuleSet
from .reader_words import JsonKind, JsonMessage, Quoted, more_unknown
from .tactics import MODES, TACTICS_NAMES, parse_hand_card, parse_piece
from .words import Fact

FORMAT = "schotten-lab/position@1"
MAX_DOCUMENT_CHARS = 1_000_000
"""Longest document read (a real position is under 5,000 characters)."""
MAX_LIST = 64
"""Most entries in a list of cards (there are 64 cards in all, tactics included)."""
MAX_COUNT = 999
"""Largest count (hand size, deck, tactics played) read; the rule checks then say what is legal."""

_TOP_FIELDS = {
    "format", "variant", "expert", "to_move", "stones", "hands", "hand_sizes", "deck", "discard",
    "tactics_played", "title", "description", "expected", "translations",
}  # fmt: skip
_TRANSLATED_FIELDS = {"title", "description"}
"""What ``translations.<lang>`` may hold (curated documents: docs/ANALYSIS.md, the position format)."""
_STONE_FIELDS = {"south", "north", "claimed", "first_complete", "modes"}


def position_to_dict(pos: Position) -> dict[str, Any]:
    """The JSON-ready dict of a position, every field written (tactics fields in tactics games only)."""
    tactics = pos.rules.tactics

    def stone(s: Stone) -> dict[str, Any]:
        out: dict[str, Any] = {
            "south": [str(c) for c in s.south],
            "north": [str(c) for c in s.north],
            "claimed": s.claimed.value if s.claimed else None,
            "first_complete": s.first_complete.value if s.first_complete else None,
        }
        if tactics:
            out["modes"] = [m for m in MODES if m in s.modes]
        return out

    data: dict[str, Any] = {
        "format": FORMAT,
        "variant": pos.rules.variant,
        "expert": pos.rules.expert,
        "to_move": pos.to_move.value,
        "stones": [stone(s) for s in pos.stones],
        "hands": {
            p.value: None if pos.hands[p] is None else [str(c) for c in pos.hands[p] or ()] for p in PLAYERS
        },
        "hand_sizes": {p.value: pos.hand_sizes[p] for p in PLAYERS},
        "deck": {"clan": pos.deck, "tactics": pos.tactics_deck},
        "discard": [str(c) for c in pos.discard],
    }
    if tactics:
        data["tactics_played"] = {p.value: pos.tactics_played[p] for p in PLAYERS}
    return data


def position_to_json(pos: Position, indent: int | None = 2) -> str:
    """The position as a JSON document (``indent=None`` gives one line, for JSON Lines)."""
    return json.dumps(position_to_dict(pos), indent=indent, ensure_ascii=False)


def position_from_json(text: str | bytes) -> Position:
    """Read a position document; raise :class:`PositionFormatError` naming the field on bad input."""
    return position_from_dict(json_document(text))


def json_document(text: str | bytes) -> object:
    """The JSON value of a position document's text; raise :class:`PositionFormatError` saying what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise PositionFormatError("", Fact.of("reader.document_not_text", type=type(text).__name__))
    if len(text) > MAX_DOCUMENT_CHARS:
        raise PositionFormatError("", Fact.of("reader.document_long", count=len(text), limit=MAX_DOCUMENT_CHARS))
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PositionFormatError("", Fact.of("reader.not_utf8", offset=str(exc.start))) from None
    try:
        return json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise PositionFormatError(
            "", Fact.of("reader.bad_json", message=JsonMessage(exc.msg), line=str(exc.lineno), column=str(exc.colno))
        ) from None
    except RecursionError:
        raise PositionFormatError("", Fact.of("reader.json_deep")) from None
    except ValueError as exc:  # Python refuses integers of over 4,300 digits
        what = Fact.of("reader.huge_number") if "digits" in str(exc) else excerpt(str(exc), 100)
        raise PositionFormatError("", Fact.of("reader.not_position", what=what)) from None


def position_from_dict(data: object) -> Position:
    """A position from a parsed JSON object (see :func:`position_from_json`)."""
    if not isinstance(data, Mapping):
        raise PositionFormatError("", Fact.of("reader.not_object", kind=JsonKind(data)))
    unknown = sorted(str(k) for k in set(data) - _TOP_FIELDS)
    if unknown:
        raise PositionFormatError(_name(unknown[0]), Fact.of("reader.unknown_field", more=more_unknown(len(unknown))))
    _check_translations(data.get("translations", {}))
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise PositionFormatError("format", Fact.of("reader.format", value=Quoted(fmt), format=Quoted(FORMAT)))

    variant = _get(data, "variant", str, "base")
    if variant not in ("base", "tactics"):
        raise PositionFormatError("variant", Fact.of("reader.variant", value=Quoted(variant)))
    tactics = variant == "tactics"
    expert = _get(data, "expert", bool, False)
    rules = RuleSet(variant, expert)

    to_move = _player(data.get("to_move", "south"), "to_move", allow_none=False)
    assert to_move is not None

    raw_stones = data.get("stones")
    if raw_stones is None:
        raise PositionFormatError("stones", Fact.of("reader.stones_missing"))
    if not isinstance(raw_stones, list):
        raise PositionFormatError("stones", Fact.of("reader.stones_list", count=STONE_COUNT, kind=JsonKind(raw_stones)))
    if len(raw_stones) != STONE_COUNT:
        key = "reader.stones_count_one" if len(raw_stones) <= 1 else "reader.stones_count_many"
        raise PositionFormatError("stones", Fact.of(key, count=str(len(raw_stones)), expected=STONE_COUNT))
    stones = tuple(_stone(s, f"stones[{i}]", tactics) for i, s in enumerate(raw_stones))

    raw_hands = _by_player(data.get("hands", {}), "hands", Fact.of("reader.shape_hands"))
    hand_parser = parse_hand_card if tactics else _clan_only
    hands = {p: _cards_or_none(raw_hands.get(p), f"hands.{p.value}", hand_parser) for p in PLAYERS}

    raw_sizes = _by_player(data.get("hand_sizes", {}), "hand_sizes", Fact.of("reader.kind_dict"))
    sizes = {p: _int(raw_sizes[p], f"hand_sizes.{p.value}") for p in PLAYERS if p in raw_sizes}

    deck: int | None = None
    tactics_deck = 0
    raw_deck = data.get("deck")
    if raw_deck is not None:
        if not isinstance(raw_deck, Mapping):
            raise PositionFormatError("deck", Fact.of("reader.deck_shape", kind=JsonKind(raw_deck)))
        _no_unknown(raw_deck, {"clan", "tactics"}, "deck")
        if "clan" in raw_deck:
            deck = _int(raw_deck["clan"], "deck.clan")
        tactics_deck = _int(raw_deck.get("tactics", 0), "deck.tactics")
    if tactics and (raw_deck is None or "clan" not in raw_deck):
        raise PositionFormatError("deck.clan", Fact.of("reader.deck_required"))

    discard = _cards(data.get("discard", []), "discard", hand_parser)
    played: dict[Player, int] = {}
    raw_played = data.get("tactics_played")
    if raw_played is not None:
        by_player = _by_player(raw_played, "tactics_played", Fact.of("reader.shape_played"))
        played = {p: _int(by_player.get(p, 0), f"tactics_played.{p.value}") for p in PLAYERS}
    return Position.assemble(stones, hands, sizes, deck, to_move, rules, discard, tactics_deck, played)


def _check_translations(raw: object) -> None:
    """``translations``: ``{"fr": {"title": "...", "description": "..."}}``, languages of core.words."""
    from .words import LANGS

    if not isinstance(raw, Mapping):
        raise PositionFormatError("translations", Fact.of("reader.translations_shape", kind=JsonKind(raw)))
    for lang, texts in raw.items():
        here = f"translations.{excerpt(lang)}"
        if lang not in LANGS:
            raise PositionFormatError(here, Fact.of("reader.translations_lang", langs=", ".join(LANGS)))
        if not isinstance(texts, Mapping):
            raise PositionFormatError(here, Fact.of("reader.translations_texts", kind=JsonKind(texts)))
        _no_unknown(texts, _TRANSLATED_FIELDS, here)
        for name, text in texts.items():
            if not isinstance(text, str):
                raise PositionFormatError(f"{here}.{name}", Fact.of("reader.text", kind=JsonKind(text)))


def _stone(raw: object, here: str, tactics: bool) -> Stone:
    if not isinstance(raw, Mapping):
        raise PositionFormatError(here, Fact.of("reader.stone_shape", kind=JsonKind(raw)))
    _no_unknown(raw, _STONE_FIELDS, here)
    modes = raw.get("modes", [])
    if modes is None:
        modes = []
    if not isinstance(modes, list) or len(modes) > len(MODES):
        shape = JsonKind(modes) if not isinstance(modes, list) else Fact.of("reader.list_of", count=str(len(modes)))
        raise PositionFormatError(f"{here}.modes", Fact.of("reader.modes_shape", most=len(MODES), shape=shape))
    for i, m in enumerate(modes):
        if m not in MODES:
            raise PositionFormatError(f"{here}.modes[{i}]", Fact.of("reader.mode", value=Quoted(m)))
    if len(set(modes)) != len(modes):
        raise PositionFormatError(f"{here}.modes", Fact.of("reader.mode_twice"))
    if modes and not tactics:
        raise PositionFormatError(f"{here}.modes", Fact.of("reader.modes_base"))
    piece_parser = parse_piece if tactics else _clan_only
    return Stone(
        south=_cards(raw.get("south", []), f"{here}.south", piece_parser),
        north=_cards(raw.get("north", []), f"{here}.north", piece_parser),
        claimed=_player(raw.get("claimed"), f"{here}.claimed"),
        first_complete=_player(raw.get("first_complete"), f"{here}.first_complete"),
        modes=frozenset(modes),
    )


def _clan_only(code: str) -> Card:
    """Parse a clan card, saying so when a tactics card shows up in a base-game file."""
    name = code.strip().upper().partition("=")[0]
    if name in TACTICS_NAMES:
        raise CardError.of("reader.tactics_in_base", code=Quoted(code))
    return Card.parse(code)


def _cards(raw: object, here: str, parse: Callable[[str], Any] = Card.parse) -> tuple[Any, ...]:
    if not isinstance(raw, list):
        raise PositionFormatError(here, Fact.of("reader.cards_shape", kind=JsonKind(raw)))
    if len(raw) > MAX_LIST:
        raise PositionFormatError(here, Fact.of("reader.cards_many", count=len(raw), most=MAX_LIST))
    out = []
    for i, code in enumerate(raw):
        if not isinstance(code, str):
            raise PositionFormatError(f"{here}[{i}]", Fact.of("reader.card_code", kind=JsonKind(code)))
        try:
            out.append(parse(code))
        except CardError as exc:
            raise PositionFormatError(f"{here}[{i}]", exc) from None
    return tuple(out)


def _cards_or_none(raw: object, here: str, parse: Callable[[str], Any]) -> tuple[Any, ...] | None:
    return None if raw is None else _cards(raw, here, parse)


def _player(raw: object, here: str, allow_none: bool = True) -> Player | None:
    if raw is None and allow_none:
        return None
    problem = Fact.of("reader.player_or_null" if allow_none else "reader.player", value=Quoted(raw))
    if not isinstance(raw, str):
        raise PositionFormatError(here, problem)
    try:
        return Player.parse(raw)
    except PlayerError:
        raise PositionFormatError(here, problem) from None


def _by_player(raw: object, here: str, shape: Fact) -> dict[Player, object]:
    """An object keyed by player, its keys read like ``to_move`` ('south', 'North', 'S', 'n' ...):
    an unknown key, or one player given twice, is refused naming the key."""
    if not isinstance(raw, Mapping):
        raise PositionFormatError(here, Fact.of("reader.by_player_shape", shape=shape, kind=JsonKind(raw)))
    out: dict[Player, object] = {}
    given: dict[Player, str] = {}
    for key, value in raw.items():
        try:
            player = Player.parse(key) if isinstance(key, str) else None
        except PlayerError:
            player = None
        if player is None:
            raise PositionFormatError(f"{here}.{_name(str(key))}", Fact.of("reader.player_key"))
        if player in out:
            raise PositionFormatError(here, Fact.of("reader.player_twice", player=player, first=Quoted(given[player]), second=Quoted(key)))
        out[player], given[player] = value, key
    return out


def _int(raw: object, here: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise PositionFormatError(here, Fact.of("reader.whole", kind=JsonKind(raw)))
    if not 0 <= raw <= MAX_COUNT:
        raise PositionFormatError(here, Fact.of("reader.count_range", value=Quoted(raw), most=MAX_COUNT))
    return raw


def _get(data: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    value = data.get(key, default)
    if not isinstance(value, kind):
        expected = Fact.of(f"reader.kind_{kind.__name__}") if kind in _KIND_NAMES else kind.__name__
        raise PositionFormatError(key, Fact.of("reader.must_be", expected=expected, kind=JsonKind(value)))
    return value


def _no_unknown(raw: Mapping[str, Any], allowed: set[str], here: str) -> None:
    extra = sorted(str(k) for k in set(raw) - allowed)
    if extra:
        raise PositionFormatError(f"{here}.{_name(extra[0])}", Fact.of("reader.unknown_field", more=more_unknown(len(extra))))


def _name(key: str) -> str:
    """A field name as given, cut short if it is long (it ends up in a one-line message)."""
    return key if len(key) <= 40 else f"{key[:40]}…"


_KIND_NAMES = {str: "a string", bool: "true or false", int: "a whole number", list: "a list", dict: "an object"}


def json_kind(value: object) -> str:
    """What a JSON value is, in a few words for an error message ("the string 'R8'", "a list")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {excerpt(value)}"
    if isinstance(value, str):
        return f"the string {excerpt(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


_kind = json_kind
