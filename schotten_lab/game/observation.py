"""What one player sees: an :class:`Observation` (a position with the opponent's hand hidden, plus the
pending sub-decision and who has played a Joker), read from a document or a bot request's history,
and the choices a pending Headhunter leaves (:func:`headhunter_returns`).

Split from :mod:`.plays` (the plays and their legality), which reads an observation but does not make
one; both are re-exported by :mod:`schotten_lab.game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

from ..core.position import Position
from ..core.rules import Player
from ..core.stone import Stone
from ..core.tactics import HandCard, Troop
from ..core.words import Fact
from .record_words import Players, Shown, Verbatim



@dataclass(frozen=True, slots=True)
class Pending:
    """A sub-decision the player to move owes before the turn ends.

    ``kind`` is ``"headhunter"``: the player drew with Headhunter and must now put ``returns`` cards of
    their hand under the matching decks (decision ``{"return": [...]}``).
    """

    kind: Literal["headhunter"]
    returns: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "return": self.returns}


@dataclass(frozen=True)
class Observation(Position):
    """What one player sees: a :class:`Position` with the opponent's hand ``None``, plus two facts the
    table cannot show: the pending sub-decision and which players have played a Joker (a discarded
    Joker does not say whose it was)."""

    pending: Pending | None = None
    jokers_played: frozenset[Player] = field(default_factory=frozenset)

    def __hash__(self) -> int:
        return hash((self.notation, self.pending))

    def to_dict(self) -> dict[str, object]:
        """The ``schotten-lab/position@1`` document plus ``pending`` and ``jokers_played`` when set
        (extra fields: a reader of plain positions drops them with :func:`observation_from_dict`)."""
        data = super().to_dict()
        if self.pending is not None:
            data["pending"] = self.pending.to_dict()
        if self.jokers_played:
            data["jokers_played"] = sorted(p.value for p in self.jokers_played)
        return data

    def as_position(self) -> Position:
        """The plain position (for comparisons with replayed positions)."""
        return Position(
            stones=self.stones, hands=self.hands, hand_sizes=self.hand_sizes, deck=self.deck, to_move=self.to_move,
            rules=self.rules, discard=self.discard, tactics_deck=self.tactics_deck, tactics_played=self.tactics_played,
        )  # fmt: skip


def observation_from_dict(data: object) -> Observation:
    """An observation from a position document that may carry ``pending`` and ``jokers_played``."""
    from ..core.errors import PositionFormatError

    if not isinstance(data, Mapping):
        raise PositionFormatError("", Fact.of("record.obs_not_object"))
    rest = {k: v for k, v in data.items() if k not in ("pending", "jokers_played", "history")}
    pos = Position.from_dict(rest)
    pending = None
    raw = data.get("pending")
    if raw is not None:
        count = raw.get("return") if isinstance(raw, Mapping) else None
        if not isinstance(raw, Mapping) or raw.get("kind") != "headhunter" or type(count) is not int:
            raise PositionFormatError("pending", Fact.of("record.pending_shape"))
        most = min(2, pos.hand_sizes[pos.to_move])  # the size of a known hand is its length
        if not pos.rules.tactics or "HEADHUNTER" not in pos.discard:
            raise PositionFormatError("pending", Fact.of("record.pending_needs"))
        if not 0 <= count <= most:
            raise PositionFormatError("pending.return", Fact.of("record.pending_return", most=most, count=Verbatim(str(count))))
        pending = Pending("headhunter", count)
    on_table = jokers_on_table(pos.stones)
    discarded = sum(1 for c in pos.discard if c == "JOKER")
    jokers, history = data.get("jokers_played"), data.get("history")
    if jokers is not None:
        if not isinstance(jokers, list) or not all(j in ("south", "north") for j in jokers):
            raise PositionFormatError("jokers_played", Fact.of("record.jokers_shape"))
        played, where = frozenset(Player(j) for j in jokers), "jokers_played"
    elif history is not None:
        played, where = jokers_in_history(history), "history"
    elif discarded and pos.to_move not in on_table:
        # a Joker in the discard pile, and nothing says whose: counted as the mover's, the safe reading
        # (a bot never risks a second Joker; at worst it keeps one it could have played)
        return observe(pos, pending, on_table | {pos.to_move})
    else:
        return observe(pos, pending)  # who played a Joker: as the table shows
    if not on_table <= played:
        missing = sorted(p.value for p in on_table - played)
        raise PositionFormatError(where, Fact.of("record.jokers_missing", players=Players(tuple(missing))))
    if len(played - on_table) > discarded:
        raise PositionFormatError(where, Fact.of("record.jokers_extra"))
    return observe(pos, pending, played)


def jokers_in_history(history: object) -> frozenset[Player]:
    """The players who played a Joker in ``history`` (turns (docs/reference/formats.md, "A turn"), as a request may carry)."""
    from ..core.errors import PositionFormatError

    if not isinstance(history, list):
        raise PositionFormatError("history", Fact.of("record.history_shape"))
    played = set()
    for i, turn in enumerate(history):
        if not isinstance(turn, Mapping):
            raise PositionFormatError(f"history[{i}]", Fact.of("record.history_turn"))
        play = turn.get("play")
        if isinstance(play, Mapping) and play.get("card") == "JOKER":
            player = turn.get("player")
            if player not in ("south", "north"):
                raise PositionFormatError(f"history[{i}].player", Fact.of("record.history_player", value=Shown(str(player)[:40], limit=100)))
            played.add(Player(player))
    return frozenset(played)


def observe(pos: Position, pending: Pending | None = None, jokers_played: frozenset[Player] | None = None) -> Observation:
    """Wrap a position as an observation (jokers played derived from the table when not given)."""
    if jokers_played is None:
        jokers_played = jokers_on_table(pos.stones)
    return Observation(
        stones=pos.stones, hands=pos.hands, hand_sizes=pos.hand_sizes, deck=pos.deck, to_move=pos.to_move,
        rules=pos.rules, discard=pos.discard, tactics_deck=pos.tactics_deck, tactics_played=pos.tactics_played,
        pending=pending, jokers_played=jokers_played,
    )  # fmt: skip


def jokers_on_table(stones: Sequence[Stone]) -> frozenset[Player]:
    out = set()
    for s in stones:
        for p in (Player.SOUTH, Player.NORTH):
            if any(isinstance(c, Troop) and c.kind == "JOKER" for c in s.side(p)):
                out.add(p)
    return frozenset(out)


def headhunter_returns(position: Position) -> tuple[tuple[HandCard, ...], ...]:
    """The distinct choices of cards to put back after Headhunter (for a pending Headhunter)."""
    if not isinstance(position, Observation) or position.pending is None:
        return ()
    hand = position.hands[position.to_move] or ()
    n = position.pending.returns
    out: dict[tuple[str, ...], tuple[HandCard, ...]] = {}
    for combo in combinations(hand, n):
        out.setdefault(tuple(sorted(str(c) for c in combo)), combo)
    return tuple(out.values())


__all__ = ["Observation", "Pending", "headhunter_returns", "jokers_in_history", "jokers_on_table", "observation_from_dict", "observe"]
