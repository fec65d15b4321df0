"""How positions follow each other: full game state, legal turns, records. Imports ``core`` only.

Public API (docs/GAME.md describes every rule and reading):

- ``deal(seed, index=0, variant="base") -> Deal``: the seeded deal convention.
- ``new_game(variant="base", expert=False, *, deal=None, seed=None, index=0, first=Player.SOUTH) -> GameState``.
- ``GameState``: immutable full information; ``.to_move``, ``.over``, ``.winner``, ``.reason``
  (``"five"``/``"adjacent"``, or ``"blocked"`` when nothing can ever happen again), ``.observation(player)``
  (an :class:`Observation`, a ``Position`` subclass that also carries ``pending`` and ``jokers_played``),
  ``.position()`` (full information), ``.legal_plays()``, ``.claimable()``, ``.turns``, ``.pending``.
- ``legal_plays(position) -> tuple[Play, ...]`` (empty: must pass), ``may_pass(position)``,
  ``claimable_stones(position, player)``, ``claims_after(position, play)`` (what a base-game decision
  lists), ``headhunter_returns(observation)``, ``state_from_position(position, clan_deck, tactics_deck)``.
- ``Play`` (frozen; ``to_dict``/``from_dict`` in docs/reference/formats.md, "A turn" form, tactics shapes in docs/GAME.md).
- ``Turn`` (frozen: a turn as decided or as played; ``to_dict()`` is its record form) and
  ``apply_turn(state, decision) -> (GameState, Turn)`` (``decision`` a ``Turn``, or a mapping from
  outside read once by ``read_decision``); ``GameState.turns`` holds ``Turn`` values;
  ``IllegalTurnError(rule, message)``. Headhunter is two decisions: the play, then
  ``Turn(put_back=(card, card))`` (or ``{"return": [card, card]}``) while ``state.pending``.
- Records ``schotten-lab/game@1``: ``GameRecord``, ``record_from_game``, ``read_record``,
  ``validate_record``, ``replay``, ``replay_states``, ``seat_record``, ``RecordError(turn, rule)``; matches: ``Match``,
  ``read_match``, ``round_points``.

Changes from the brief's sketch: ``Observation`` (a ``Position``) is what ``observation`` returns;
``may_pass`` is separate from ``legal_plays`` because in the tactics variant a player who cannot place a
clan card may pass even with a playable tactics card.
"""

from .deal import TACTICS_DECK_ORDER, Deal, deal
from .errors import IllegalTurnError, RecordError
from .plays import (
    Observation,
    Pending,
    Play,
    claimable_stones,
    headhunter_returns,
    legal_plays,
    may_pass,
    observation_from_dict,
    observe,
    deck_words,
    play_words,
    with_claims,
)
from .records import (
    FORMAT,
    MATCH_FORMAT,
    GameRecord,
    Match,
    read_match,
    read_record,
    record_from_game,
    replay,
    replay_states,
    round_points,
    seat_record,
    validate_record,
)
from .state import GameState, apply_turn, claims_after, new_game, read_decision, state_from_position
from .turn import Turn, read_turn

__all__ = [
    "FORMAT",
    "MATCH_FORMAT",
    "TACTICS_DECK_ORDER",
    "Deal",
    "GameRecord",
    "GameState",
    "IllegalTurnError",
    "Match",
    "Observation",
    "Pending",
    "Play",
    "RecordError",
    "Turn",
    "apply_turn",
    "claimable_stones",
    "claims_after",
    "deal",
    "headhunter_returns",
    "legal_plays",
    "may_pass",
    "new_game",
    "observation_from_dict",
    "observe",
    "deck_words",
    "play_words",
    "with_claims",
    "read_decision",
    "read_match",
    "read_record",
    "read_turn",
    "record_from_game",
    "replay",
    "replay_states",
    "round_points",
    "seat_record",
    "state_from_position",
    "validate_record",
]
