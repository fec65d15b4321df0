"""A turn as a frozen value: what a player decides, and what the engine records once it is played.

One :class:`Turn` type serves both. A decision says ``player``, ``play`` (``None``: a pass),
``claim`` (stones, in order) and, in the tactics variant, ``deck`` (the deck chosen); Headhunter's
second step is a decision of its own saying only ``put_back`` (the cards put back) and, in the base
game, any further claims. The engine's :func:`~.apply.apply_turn` answers with the turn as played:
the claims made, the card drawn (``draw``), the deck drawn from, and a Headhunter's cards
(``drawn``, then ``put_back``). Dicts exist only where JSON enters or leaves: :meth:`Turn.to_dict`
writes the turn object of a ``schotten-lab/game@1`` record (docs/reference/formats.md, "A turn"),
and :func:`~.apply.apply_turn` still takes a mapping from outside, read once into a :class:`Turn`.
A :class:`Turn` is not a mapping: inside the library its fields are read by name (``turn.play``,
``turn.claim``), so a dict standing for a turn is a type error rather than a silent path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..core.rules import Player
from ..core.tactics import TACTICS_NAMES, parse_hand_card
from ..core.errors import SchottenError
from ..core.words import Fact
from .errors import IllegalTurnError, quote
from .plays import Play
from .record_words import Shown, Verbatim

Stage = Literal["decided", "pending", "played"]
"""``decided``: a player's decision; ``pending``: Headhunter's first step, played, its put-back to
come; ``played``: a whole turn as the engine made it."""


@dataclass(frozen=True, slots=True, eq=False)
class Turn:
    """One turn, decided or played (see the module). Equal turns have equal :meth:`to_dict`."""

    player: Player | None = None
    """Who plays it; ``None`` in a decision means the player to move."""
    play: Play | None = None
    claim: tuple[int, ...] = ()
    deck: str | None = None
    """Tactics variant: the deck chosen (a decision) or drawn from (played; ``None``: no draw)."""
    draw: str | None = None
    """Played: the card drawn at the end of the turn (``None``: none, or unseen in a one-seat replay)."""
    drawn: tuple[str | None, ...] | None = None
    """Headhunter, played: the cards it drew (``None`` for a card the record's seat did not see)."""
    put_back: tuple[str | None, ...] | None = None
    """Headhunter: the cards put back under their decks (the second step's decision)."""
    put_back_decks: tuple[str, ...] | None = None
    """Headhunter, in a one-seat replay: the deck each unseen put-back card went under."""
    stage: Stage = "decided"
    tactics: bool = False
    """A played turn of the tactics variant: its ``deck`` is written even when nothing was drawn."""
    extra: tuple[tuple[str, Any], ...] = ()
    """Fields a bot adds to its decision (its estimate, its reasons), written after the turn's own;
    the engine ignores them."""

    def to_dict(self) -> dict[str, Any]:
        """The turn object of docs/reference/formats.md, "A turn" (a fresh dict, JSON-ready)."""
        out: dict[str, Any] = {}
        if self.stage == "decided" and self.put_back is not None:
            if self.player is not None:
                out["player"] = self.player.value
            out["return"] = list(self.put_back)
            if self.claim:
                out["claim"] = list(self.claim)
            out.update(self.extra)
            return out
        play = None if self.play is None else self.play.to_dict()
        if play is not None and self.drawn is not None:
            play["drawn"] = list(self.drawn)
            if self.put_back is not None:
                play["returned"] = list(self.put_back)
                if self.put_back_decks is not None:
                    play["returned_decks"] = list(self.put_back_decks)
        out["player"] = None if self.player is None else self.player.value
        out["play"] = play
        out["claim"] = list(self.claim)
        if self.stage == "pending":
            out["pending"] = "headhunter"
        elif self.stage == "played":
            out["draw"] = self.draw
            if self.tactics:
                out["deck"] = self.deck
        elif self.deck is not None:
            out["deck"] = self.deck
        if self.stage == "decided":
            out.update(self.extra)
        return out

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Turn):
            return self.to_dict() == other.to_dict()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(repr(self.to_dict()))

    def __repr__(self) -> str:
        return f"Turn({self.to_dict()!r})"


TURN_FIELDS = frozenset({"player", "play", "claim", "deck", "return"})
"""The fields of a decision the engine reads; any other is a bot's own (kept in :attr:`Turn.extra`)."""


def read_turn(data: Turn | Mapping[str, Any]) -> Turn:
    """A decision given as a mapping (docs/reference/formats.md, "A turn") read into a :class:`Turn`,
    its other fields kept in order as :attr:`Turn.extra`; :class:`~.errors.IllegalTurnError` (rule
    ``format``) names a bad field. Whose turn it is and what the rules allow are the engine's to check."""
    if isinstance(data, Turn):
        return data
    if not isinstance(data, Mapping):
        raise IllegalTurnError("format", Fact.of("record.decision_shape", value=Shown(data)))
    who = data.get("player")
    if who is not None and who not in ("south", "north"):
        raise IllegalTurnError("format", Fact.of("record.player_name", value=Shown(who)))
    player = None if who is None else Player(who)
    extra = tuple((str(k), v) for k, v in data.items() if k not in TURN_FIELDS)
    claims = read_claims(data.get("claim"))
    if "return" in data:
        return Turn(player, claim=claims, put_back=read_cards(data.get("return")), extra=extra)
    raw_play = data.get("play")
    deck = data.get("deck")
    if deck is not None and deck not in ("clan", "tactics"):
        raise IllegalTurnError("format", Fact.of("record.deck_either", value=Shown(deck)))
    return Turn(player, None if raw_play is None else Play.from_dict(raw_play), claims, deck=deck, extra=extra)


def read_claims(raw: object) -> tuple[int, ...]:
    """A decision's ``claim``: distinct stone numbers 1-9, in order (``None``: no claim)."""
    if raw is None:
        return ()
    if not isinstance(raw, (list, tuple)):
        raise IllegalTurnError("format", Fact.of("record.claim_list", value=Shown(raw)))
    for n in raw:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 9:
            raise IllegalTurnError("format", Fact.of("record.claim_stone", value=Shown(n)))
    if len(set(raw)) != len(raw):
        raise IllegalTurnError("claim", Fact.of("record.claim_twice", value=Verbatim(quote(list(raw)))))
    return tuple(raw)


def read_cards(raw: object) -> tuple[str | None, ...]:
    """The cards a Headhunter puts back, as canonical codes (``None``: a card the record's seat did
    not see)."""
    if not isinstance(raw, (list, tuple)):
        raise IllegalTurnError("format", Fact.of("record.return_list", value=Shown(raw)))
    codes: list[str | None] = []
    for code in raw:
        if code is None:
            codes.append(None)
            continue
        if not isinstance(code, str):
            raise IllegalTurnError("format", Fact.of("record.return_code", value=Shown(code)))
        try:
            codes.append(str(parse_hand_card(code)))
        except ValueError as exc:
            raise IllegalTurnError("format", exc.fact if isinstance(exc, SchottenError) and exc.fact is not None else str(exc)) from None
    return tuple(codes)


def seen_by(turns: Sequence[Turn], seat: Player) -> tuple[Turn, ...]:
    """The turns so far as ``seat`` saw them (what a bot is shown): the opponent's turns without the
    cards it drew (``draw``, a Headhunter's ``drawn``) or put back, each put-back card's deck kept
    (everyone sees which deck it went under), as in a record seen from one seat; ``seat``'s own
    turns whole."""
    seen: list[Turn] = []
    for turn in turns:
        if turn.player is None or turn.player is seat:
            seen.append(turn)
            continue
        hidden: dict[str, Any] = {}
        if turn.draw is not None:
            hidden["draw"] = None
        if turn.drawn is not None:
            hidden["drawn"] = (None,) * len(turn.drawn)
        if turn.put_back is not None and any(card is not None for card in turn.put_back):
            hidden["put_back"] = (None,) * len(turn.put_back)
            hidden["put_back_decks"] = turn.put_back_decks or tuple(
                "tactics" if card in TACTICS_NAMES else "clan" for card in turn.put_back
            )  # fmt: skip
        seen.append(replace(turn, **hidden) if hidden else turn)
    return tuple(seen)


__all__ = ["TURN_FIELDS", "Stage", "Turn", "read_cards", "read_claims", "read_turn", "seen_by"]
