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
  ``validate_record``, ``replay``, ``replay_states``, ``public_replay`` (the table from the turns
  alone), ``seat_record``, ``RecordError(turn, rule)``; matches: ``Match``, ``read_match``, ``round_points``.

Changes from the brief's sketch: ``Observation`` (a ``Position``) is what ``observation`` returns;
``may_pass`` is separate from ``legal_plays`` because in the tactics variant a player who cannot place a
clan card may pass even with a playable tactics card.
"""

from .._names import reexports as _reexports
from .apply import apply_turn as apply_turn, read_decision as read_decision
from .deal import TACTICS_DECK_ORDER as TACTICS_DECK_ORDER, Deal as Deal, deal as deal
from .errors import IllegalTurnError as IllegalTurnError, RecordError as RecordError
from .observation import (
    Observation as Observation,
    Pending as Pending,
    headhunter_returns as headhunter_returns,
    observation_from_dict as observation_from_dict,
    observe as observe,
)
from .plays import (
    Play as Play,
    claimable_stones as claimable_stones,
    deck_words as deck_words,
    legal_plays as legal_plays,
    may_pass as may_pass,
    play_words as play_words,
    with_claims as with_claims,
)
from .records import (
    FORMAT as FORMAT,
    MATCH_FORMAT as MATCH_FORMAT,
    GameRecord as GameRecord,
    Match as Match,
    read_match as read_match,
    read_record as read_record,
    record_from_game as record_from_game,
    replay as replay,
    public_replay as public_replay,
    replay_states as replay_states,
    round_points as round_points,
    seat_record as seat_record,
    validate_record as validate_record,
)
from .state import (
    GameState as GameState,
    claims_after as claims_after,
    new_game as new_game,
    state_from_position as state_from_position,
)
from .turn import Turn as Turn, read_turn as read_turn, seen_by as seen_by

__all__ = sorted(_reexports(__file__))
