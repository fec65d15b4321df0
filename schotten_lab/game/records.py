"""Game records ``schotten-lab/game@1`` (docs/reference/formats.md, "A game record"): write, read, validate, replay; and matches.

A record is plain data (:class:`GameRecord`); behaviour lives in the functions that walk it. Reading
checks the shape and names the field (:class:`RecordError` with ``turn=None``); validating replays
every turn under the rules and refuses the first turn that breaks one (``RecordError(turn=n,
rule=...)``). A record seen from one seat (the opponent's hand or the deck order ``null``) replays into
that seat's positions.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import CARDS, Card
from ..core.errors import CardError
from ..core.position import Position
from ..core.rules import PLAYERS, Player, RuleSet
from ..core.tactics import TACTICS_COPIES, TACTICS_NAMES, parse_hand_card
from .deal import TACTICS_DECK_ORDER, Deal
from ..core.reader_words import JsonMessage
from ..core.words import Fact
from .errors import IllegalTurnError, RecordError
from .record_words import Code, Shown, Verbatim
from .apply import _apply
from .state import GameState, new_game

FORMAT = "schotten-lab/game@1"
MATCH_FORMAT = "schotten-lab/match@1"
REASONS = ("five", "adjacent", "blocked")
_TOP = {"format", "variant", "expert", "players", "first", "deal", "turns", "result"}


@dataclass(frozen=True)
class GameRecord:
    """One game as docs/reference/formats.md, "A game record" writes it. ``turns`` are turns (docs/reference/formats.md, "A turn") (plain dicts).

    ``winner`` is ``None`` for an unfinished game (and for a blocked one, ``reason="blocked"``).
    """

    variant: str
    expert: bool
    players: dict[str, str]
    first: Player
    deal: Deal
    turns: tuple[dict[str, Any], ...]
    winner: Player | None = None
    reason: str | None = None
    claimed: tuple[Player | None, ...] = (None,) * 9
    extra: dict[str, Any] = field(default_factory=dict)
    """Fields a writer added beyond the format's (docs/reference/formats.md) (kept and written back unchanged)."""

    @property
    def seat(self) -> Player | None:
        """The seat a one-seat record is seen from (``None`` for a full-information record)."""
        if self.deal.complete:
            return None
        known = [p for p in PLAYERS if None not in self.deal.hand(p)]
        return known[0] if len(known) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        def codes(cards: Sequence[object]) -> list[str | None] | None:
            out = [None if c is None else str(c) for c in cards]
            return None if out and all(c is None for c in out) else out

        data: dict[str, Any] = {
            "format": FORMAT,
            "variant": self.variant,
            "expert": self.expert,
            "players": dict(self.players),
            "first": self.first.value,
            "deal": {
                "hands": {"south": codes(self.deal.south), "north": codes(self.deal.north)},
                "clan": codes(self.deal.clan),
                "tactics": codes(self.deal.tactics) if self.deal.tactics else [],
            },
            "turns": [dict(t) for t in self.turns],
            "result": {
                "winner": self.winner.value if self.winner else None,
                "reason": self.reason,
                "claimed": [p.value if p else None for p in self.claimed],
            },
        }
        data.update(self.extra)
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON (one line by default, for JSON Lines files)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def record_from_game(state: GameState, players: Mapping[str, str] | None = None) -> GameRecord:
    """The record of a game so far (complete turns only: a pending Headhunter is left out)."""
    return GameRecord(
        variant=state.rules.variant,
        expert=state.rules.expert,
        players=dict(players or {"south": "?", "north": "?"}),
        first=state.first,
        deal=state.deal,
        turns=tuple(turn.to_dict() for turn in state.turns),
        winner=state.winner,
        reason=state.reason,
        claimed=tuple(s.claimed for s in state.stones),
    )


def seat_record(record: GameRecord, seat: Player | str) -> GameRecord:
    """The record as ``seat`` saw the game: the opponent's hand, both deck orders, the opponent's
    draws and the cards the opponent drew and put back with Headhunter become ``null`` (which deck
    each came from or went to stays, as it is public)."""
    seat = Player.parse(seat)
    other = seat.opponent
    h = 7 if record.variant == "tactics" else 6
    blank = Deal(
        record.deal.variant,
        record.deal.south if seat is Player.SOUTH else (None,) * h,
        record.deal.north if seat is Player.NORTH else (None,) * h,
        (None,) * len(record.deal.clan),
        (None,) * len(record.deal.tactics),
    )
    tactics = record.variant == "tactics"
    turns = [_unseen(t, tactics) if t.get("player") == other.value else dict(t) for t in record.turns]
    return GameRecord(
        record.variant, record.expert, dict(record.players), record.first, blank, tuple(turns),
        record.winner, record.reason, record.claimed, dict(record.extra),
    )  # fmt: skip


def _unseen(turn: Mapping[str, Any], tactics: bool) -> dict[str, Any]:
    """The record turn ``turn`` as its player's opponent saw it: the card drawn and a Headhunter's
    cards drawn and put back unknown (``None``), the deck each came from or went under kept."""
    out = dict(turn)
    if out.get("draw") is not None:
        drawn = str(out["draw"])
        out["draw"] = None
        if tactics:
            out["deck"] = "tactics" if drawn in TACTICS_NAMES else "clan"
    play = out.get("play")
    if isinstance(play, Mapping) and play.get("card") == "HEADHUNTER":
        play = dict(play)
        returned = list(play.get("returned") or [])
        if "returned_decks" not in play or any(c is not None for c in returned):
            play["returned_decks"] = ["tactics" if c in TACTICS_NAMES else "clan" for c in returned]
        play["drawn"] = [None] * len(play.get("drawn") or [])
        play["returned"] = [None] * len(returned)
        out["play"] = play
    return out


def public_replay(turns: Sequence[Mapping[str, Any]], variant: str = "base", expert: bool = False) -> list[GameState]:
    """The states of a game known only by its ``turns`` (record turns, from the first): every card
    that is not on the table or discarded unknown, whatever the turns say of hands and draws (so
    what a player can rebuild of the table without the deal). The start, then the state after each
    turn. :class:`RecordError` (naming the turn) when the turns do not replay under the rules."""
    rules = RuleSet(variant)  # type: ignore[arg-type]  # RuleSet checks the name
    hand = rules.hand_limit
    tactics = (None,) * len(TACTICS_DECK_ORDER) if rules.tactics else ()
    blank = Deal(rules.variant, (None,) * hand, (None,) * hand, (None,) * (len(CARDS) - 2 * hand), tactics)
    first = _player(turns[0].get("player", "south") if turns else "south", "turns[0].player")
    assert first is not None
    record = GameRecord(variant, expert, {}, first, blank, tuple(_unseen(t, rules.tactics) for t in turns))
    return [new_game(variant, expert, deal=blank, first=first), *replay_states(record, strict=False)]


# ---------------------------------------------------------------------------------------------
# Reading


def read_record(source: str | bytes | Mapping[str, Any] | GameRecord) -> GameRecord:
    """A record from JSON text or a parsed dict; :class:`RecordError` names the field on bad input."""
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, (str, bytes)):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise RecordError(Fact.of("reader.bad_json", message=JsonMessage(exc.msg), line=str(exc.lineno), column=str(exc.colno))) from None
        except UnicodeDecodeError:
            raise RecordError(Fact.of("record.not_utf8")) from None
    else:
        data = source
    if not isinstance(data, Mapping):
        raise RecordError(Fact.of("record.not_object", value=Shown(data)))
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(Fact.of("reader.format", value=Shown(fmt), format=Shown(FORMAT)), field="format")
    variant = data.get("variant", "base")
    if variant not in ("base", "tactics"):
        raise RecordError(Fact.of("reader.variant", value=Shown(variant)), field="variant")
    expert = data.get("expert", False)
    if not isinstance(expert, bool):
        raise RecordError(Fact.of("reader.must_be", expected=Fact.of("reader.kind_bool"), kind=Shown(expert)), field="expert")
    players = data.get("players", {})
    if not isinstance(players, Mapping) or not all(isinstance(v, str) for v in players.values()):
        raise RecordError(Fact.of("record.players"), field="players")
    first = _player(data.get("first", "south"), "first")
    assert first is not None
    deal = _read_deal(data.get("deal"), variant)
    raw_turns = data.get("turns")
    if not isinstance(raw_turns, list):
        raise RecordError(Fact.of("record.turns_shape", value=Shown(raw_turns)), field="turns")
    for k, t in enumerate(raw_turns):
        if not isinstance(t, Mapping):
            raise RecordError(Fact.of("record.turn_shape", value=Shown(t)), field=f"turns[{k}]", turn=k + 1)
    result = data.get("result", {})
    if result is None:
        result = {}
    if not isinstance(result, Mapping):
        raise RecordError(Fact.of("reader.must_be", expected=Fact.of("reader.kind_dict"), kind=Shown(result)), field="result")
    winner = _player(result.get("winner"), "result.winner", allow_none=True)
    reason = result.get("reason")
    if reason is not None and reason not in REASONS:
        raise RecordError(Fact.of("record.reason", value=Shown(reason)), field="result.reason")
    raw_claimed = result.get("claimed", [None] * 9)
    if not isinstance(raw_claimed, list) or len(raw_claimed) != 9:
        raise RecordError(Fact.of("record.claimed"), field="result.claimed")
    claimed = tuple(_player(c, f"result.claimed[{k}]", allow_none=True) for k, c in enumerate(raw_claimed))
    extra = {k: v for k, v in data.items() if k not in _TOP}
    return GameRecord(variant, expert, dict(players), first, deal, tuple(dict(t) for t in raw_turns), winner, reason, claimed, extra)


def _player(raw: object, name: str, allow_none: bool = False) -> Player | None:
    if raw is None and allow_none:
        return None
    if raw not in ("south", "north"):
        raise RecordError(Fact.of("record.player_or_null" if allow_none else "record.player", value=Shown(raw)), field=name)
    return Player(raw)


def _read_deal(raw: object, variant: str) -> Deal:
    if not isinstance(raw, Mapping):
        raise RecordError(Fact.of("record.deal_shape", value=Shown(raw)), field="deal")
    h = 7 if variant == "tactics" else 6
    hands = raw.get("hands")
    if not isinstance(hands, Mapping):
        raise RecordError(Fact.of("record.hands_shape"), field="deal.hands")
    south = _card_list(hands.get("south"), "deal.hands.south", h, clan=True)
    north = _card_list(hands.get("north"), "deal.hands.north", h, clan=True)
    clan = _card_list(raw.get("clan"), "deal.clan", 54 - 2 * h, clan=True)
    if variant == "tactics":
        tactics = _card_list(raw.get("tactics"), "deal.tactics", 10, clan=False)
    else:
        if raw.get("tactics") not in (None, []):
            raise RecordError(Fact.of("record.tactics_base"), field="deal.tactics")
        tactics = ()
    known = [c for c in (*south, *north, *clan) if c is not None]
    twice = [c for c, n in Counter(known).items() if n > 1]
    if twice:
        raise RecordError(Fact.of("record.dealt_twice", card=Verbatim(str(twice[0]))), field="deal")
    counts = Counter(t for t in tactics if t is not None)
    for name, n in counts.items():
        if n > TACTICS_COPIES[name]:
            raise RecordError(Fact.of("record.copies", name=Verbatim(str(name)), count=n, most=TACTICS_COPIES[name]), field="deal.tactics")
    return Deal(variant, south, north, clan, tactics)  # type: ignore[arg-type]


def _card_list(raw: object, name: str, size: int, *, clan: bool) -> tuple[Any, ...]:
    if raw is None:
        return (None,) * size
    if not isinstance(raw, list):
        raise RecordError(Fact.of("record.cards_shape", value=Shown(raw)), field=name)
    if len(raw) != size:
        raise RecordError(Fact.of("record.cards_count", count=str(len(raw)), size=size), field=name)
    out: list[Any] = []
    for k, code in enumerate(raw):
        if code is None:
            out.append(None)
            continue
        if not isinstance(code, str):
            raise RecordError(Fact.of("record.card_code", value=Shown(code)), field=f"{name}[{k}]")
        try:
            card = parse_hand_card(code)
        except CardError as exc:
            raise RecordError(exc.fact if exc.fact is not None else str(exc), field=f"{name}[{k}]") from None
        if clan and not isinstance(card, Card):
            raise RecordError(Fact.of("record.tactics_in_clan", card=Verbatim(str(card))), field=f"{name}[{k}]")
        if not clan and card not in TACTICS_NAMES:
            raise RecordError(Fact.of("record.clan_in_tactics", card=Verbatim(str(card))), field=f"{name}[{k}]")
        out.append(card)
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Validating and replaying


def replay_states(record: GameRecord | str | Mapping[str, Any], *, strict: bool = True) -> Iterator[GameState]:
    """The game state after each turn of a record (refusing a turn that breaks a rule)."""
    rec = read_record(record)
    state = new_game(rec.variant, rec.expert, deal=rec.deal, first=rec.first)
    full = rec.deal.complete
    for k, turn in enumerate(rec.turns, 1):
        try:
            state = _replay_turn(state, turn, full, strict)
        except IllegalTurnError as exc:
            raise RecordError(exc.fact if exc.fact is not None else exc.problem, turn=k, rule=exc.rule) from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:  # a malformed turn field
            raise RecordError(Fact.of("record.unreadable_turn", problem=Verbatim(str(exc))), turn=k, rule="format") from None
        yield state


def _replay_turn(state: GameState, turn: Mapping[str, Any], full: bool, strict: bool) -> GameState:
    player = turn.get("player")
    if state.over:
        raise IllegalTurnError("game-over", Fact.of("record.game_over", reason=Code(str(state.reason))))
    if player != state.to_move.value:
        raise IllegalTurnError("turn-order", Fact.of("record.turn_order", player=state.to_move, value=Shown(player)))
    play = turn.get("play")
    seen_draw = turn.get("draw")
    if seen_draw is not None and not isinstance(seen_draw, str):
        raise IllegalTurnError("format", Fact.of("record.draw_shape", value=Shown(seen_draw)))
    decision: dict[str, Any] = {"player": player, "play": play, "claim": turn.get("claim", [])}
    deck = turn.get("deck")
    if deck is None and seen_draw is not None and state.rules.tactics:
        deck = "tactics" if seen_draw.strip().upper() in TACTICS_NAMES else "clan"
    if deck is not None:
        decision["deck"] = deck
    if isinstance(play, Mapping) and str(play.get("card", "")).strip().upper() == "HEADHUNTER":
        return _replay_headhunter(state, turn, decision, strict)
    new, made = _apply(state, decision, strict=strict, seen_draw=seen_draw)
    if made.draw is not None and seen_draw is None and full:
        raise IllegalTurnError("draw", Fact.of("record.no_draw_said", card=Verbatim(str(made.draw))))
    if made.draw is None and seen_draw is not None:
        raise IllegalTurnError("draw", Fact.of("record.draw_said", card=Verbatim(seen_draw)))
    return new


def _replay_headhunter(state: GameState, turn: Mapping[str, Any], decision: dict[str, Any], strict: bool) -> GameState:
    play = dict(turn["play"])
    drawn = play.get("drawn")
    if "decks" not in play and isinstance(drawn, list):
        play["decks"] = ["tactics" if isinstance(c, str) and c.strip().upper() in TACTICS_NAMES else "clan" for c in drawn]
    step1 = {**decision, "play": {k: v for k, v in play.items() if k in ("card", "decks")}}
    claims = decision.get("claim") or []
    if not state.rules.expert:
        step1["claim"] = []
    mid, _ = _apply(state, step1, strict=strict, seen_cards={"drawn": drawn})
    if turn.get("draw") is not None:
        raise IllegalTurnError("headhunter", Fact.of("record.headhunter_draw"))
    step2: dict[str, Any] = {"return": play.get("returned"), "claim": [] if state.rules.expert else claims}
    new, _ = _apply(mid, step2, strict=strict, seen_cards={"returned_decks": play.get("returned_decks")})
    return new


def validate_record(record: GameRecord | str | Mapping[str, Any]) -> GameState:
    """Replay every turn under the rules and check the result; return the final state.

    Raises :class:`RecordError` with the turn number and the rule broken: an illegal turn, turns after
    the end of the game, or a ``result`` that is not what the turns give.
    """
    rec = read_record(record)
    state = new_game(rec.variant, rec.expert, deal=rec.deal, first=rec.first)
    for state in replay_states(rec):
        pass
    claimed = tuple(s.claimed for s in state.stones)
    n = len(rec.turns)
    if rec.reason == "blocked" and not state.over and not rec.deal.complete:
        return state  # a one-seat replay cannot see the hidden hand that makes the game blocked
    if state.winner != rec.winner or (rec.reason is not None and state.reason != rec.reason) or (state.over and rec.reason is None):
        said = _winner_words(rec.winner, rec.reason, "record.no_reason")
        got = _winner_words(state.winner, state.reason, "record.unfinished")
        raise RecordError(Fact.of("record.result", said=said, got=got), turn=n or None, rule="result", field="result")
    if claimed != rec.claimed:
        raise RecordError(
            Fact.of("record.claimed_result", said=Verbatim(str([p.value if p else None for p in rec.claimed])),
                    got=Verbatim(str([p.value if p else None for p in claimed]))),
            turn=n or None, rule="result", field="result.claimed",
        )  # fmt: skip
    return state


def _winner_words(winner: Player | None, reason: str | None, no_reason: str) -> Fact:
    """"south (five)", "null (no reason given)" / « Sud (« five ») », « personne (sans raison donnée) »."""
    return Fact.of("record.winner_reason", winner=winner if winner is not None else Fact.of("record.nobody"),
                   reason=Code(reason) if reason else Fact.of(no_reason))


def replay(record: GameRecord | str | Mapping[str, Any], *, include_start: bool = False) -> Iterator[Position]:
    """The position after each turn: full information when the deal is known, else the positions seen
    from the record's seat (opponent's hand ``None``)."""
    rec = read_record(record)
    seat = rec.seat

    def view(state: GameState) -> Position:
        obs = state.position() if seat is None else state.observation(seat)
        return obs.as_position()

    if include_start:
        yield view(new_game(rec.variant, rec.expert, deal=rec.deal, first=rec.first))
    for state in replay_states(rec):
        yield view(state)


# ---------------------------------------------------------------------------------------------
# Matches


def round_points(record: GameRecord) -> dict[str, int]:
    """docs/RULES.md's scoring of one round: 5 to the winner, and to the loser as many points as stones
    they hold. An unfinished or blocked round gives each player the stones they hold (our reading)."""
    held = {p.value: sum(1 for c in record.claimed if c is p) for p in PLAYERS}
    if record.winner is not None:
        held[record.winner.value] = 5
    return held


@dataclass(frozen=True)
class Match:
    """A match of several rounds: ``{"format": "schotten-lab/match@1", "rounds": [record, ...],
    "score": {"south": 12, "north": 7}}`` (the score is the sum of :func:`round_points`)."""

    rounds: tuple[GameRecord, ...]

    @property
    def score(self) -> dict[str, int]:
        total = {"south": 0, "north": 0}
        for r in self.rounds:
            for k, v in round_points(r).items():
                total[k] += v
        return total

    def to_dict(self) -> dict[str, Any]:
        return {"format": MATCH_FORMAT, "rounds": [r.to_dict() for r in self.rounds], "score": self.score}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def read_match(source: str | bytes | Mapping[str, Any]) -> Match:
    """Read a match; each round is validated and the score must be the rounds' total."""
    if isinstance(source, (str, bytes)):
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise RecordError(Fact.of("record.bad_json_line", message=JsonMessage(exc.msg), line=str(exc.lineno))) from None
    else:
        data = source
    if not isinstance(data, Mapping) or data.get("format") != MATCH_FORMAT:
        raise RecordError(Fact.of("record.match_format", format=Shown(MATCH_FORMAT)), field="format")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError(Fact.of("record.rounds"), field="rounds")
    records = []
    for k, r in enumerate(rounds):
        try:
            rec = read_record(r)
            validate_record(rec)
        except RecordError as exc:
            raise RecordError(exc.fact if exc.fact is not None else exc.problem, turn=exc.turn, rule=exc.rule, field=f"rounds[{k}]" + (f".{exc.field}" if exc.field else "")) from None
        records.append(rec)
    match = Match(tuple(records))
    score = data.get("score")
    if score is not None and score != match.score:
        raise RecordError(Fact.of("record.score", value=Shown(score), score=Verbatim(str(match.score))), field="score", rule="score")
    return match
