"""The engine: applying one decision to a game state, in the turn order of the rules.

:func:`apply_turn` reads a decision (:func:`read_decision`: a :class:`~.turn.Turn`, or a mapping from
outside read once), checks it against the rules and returns the next :class:`~.state.GameState` with
the turn as played; an illegal decision raises :class:`~.errors.IllegalTurnError` naming the rule.
Here is the order of a turn (docs/RULES.md, docs/reference/formats.md, "A turn"): base game: play,
then claims, then draw; expert variant: claims at the start of the turn, then play, then draw. The game
ends at once on five stones or three adjacent ones, also in the middle of a turn's claims (no further
claims, no draw), and is ``"blocked"`` when neither player can ever play or claim again. Headhunter's
two steps, the draw and the passes live here too; where a card goes and whether a claim holds are
:mod:`.work`'s. Records replay through :func:`_apply` (strict claims, the drawn cards they name).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..core.cards import Card
from ..core.rules import Player, win_reason
from ..core.tactics import HandCard
from ..core.words import Fact
from .errors import IllegalTurnError, quote
from .plays import DECKS, Play, Seat, _legal, claim_holds, has_clan_placement, play_problem
from .record_words import CardCount, Code, DeckName, Shown, Verbatim
from .state import GameState, PendingTurn
from .turn import Turn, read_cards, read_claims
from .work import Work, claim_refusal, do_claims, do_play, seat_index


def apply_turn(state: GameState, decision: Turn | Mapping[str, Any]) -> tuple[GameState, Turn]:
    """Play one turn (or Headhunter's second step) and return the new state and the turn as played.

    ``decision`` is a :class:`~.turn.Turn` as decided: ``play`` (``None`` to pass), ``claim``
    (stones, in order), ``deck`` (tactics: ``"clan"``/``"tactics"``, default the clan deck while
    it lasts); during a pending Headhunter, ``put_back`` (the cards). A mapping from outside
    (docs/reference/formats.md, "A turn": ``{"play": ..., "claim": [...]}``, or ``{"return":
    [card, card]}`` for the put-back) is read once into a :class:`~.turn.Turn`, its extra fields
    ignored (bots may add their reasons). Claims listed after the claim that ends the game are not
    made (the returned turn lists the claims made). An illegal decision raises
    :class:`IllegalTurnError` naming the rule.

    While Headhunter's put-back is pending the returned turn is the partial turn (stage
    ``"pending"``); the complete turn comes with the second step.
    """
    return _apply(state, decision)


def read_decision(state: GameState, decision: Turn | Mapping[str, Any]) -> Turn:
    """``decision`` as a :class:`~.turn.Turn` for ``state``'s player to move: a mapping from outside
    is read here, once (:class:`IllegalTurnError` with rule ``format`` naming the field); who plays
    and whether a put-back is expected are checked for both."""
    if state.over:
        raise IllegalTurnError("game-over", Fact.of("record.game_over", reason=Code(str(state.reason))))
    player = state.to_move
    if isinstance(decision, Turn):
        if decision.player is not None and decision.player is not player:
            raise IllegalTurnError("turn-order", Fact.of("record.turn_order", player=player, value=Shown(decision.player.value)))
        if state.pending is None and decision.put_back is not None and decision.stage == "decided":
            raise IllegalTurnError("format", Fact.of("record.return_alone"))
        read_claims(decision.claim)  # stones 1-9, none twice, as for a mapping
        return decision
    if not isinstance(decision, Mapping):
        raise IllegalTurnError("format", Fact.of("record.decision_shape", value=Shown(decision)))
    who = decision.get("player")
    if who is not None and who != player.value:
        raise IllegalTurnError("turn-order", Fact.of("record.turn_order", player=player, value=Shown(who)))
    if state.pending is not None:
        return Turn(player, put_back=_put_back(decision.get("return"), state.pending.returns),
                    claim=() if state.rules.expert else read_claims(decision.get("claim")))  # fmt: skip
    if "return" in decision:
        raise IllegalTurnError("format", Fact.of("record.return_alone"))
    claims = read_claims(decision.get("claim"))
    raw_play = decision.get("play")
    play = None if raw_play is None else Play.from_dict(raw_play)
    deck = decision.get("deck")
    if deck is not None and not isinstance(deck, str):
        raise IllegalTurnError("format", _deck_refusal(deck, state.rules.tactics))
    return Turn(player, play, claims, deck=deck)


def _put_back(raw: object, returns: int) -> tuple[str | None, ...]:
    """The cards a Headhunter's second step puts back, read from a decision (canonical codes)."""
    if not isinstance(raw, (list, tuple)) or len(raw) != returns:
        raise IllegalTurnError("headhunter", Fact.of("record.put_back", count=CardCount(returns), value=Shown(raw)))
    return read_cards(raw)


def _deck_refusal(choice: object, tactics: bool) -> Fact:
    return Fact.of("record.deck_either" if tactics else "record.deck_clan", value=Shown(choice))


def _freeze(w: Work, state: GameState, **changes: Any) -> GameState:
    """``w``'s parts frozen into a state, over ``state``'s fixed ones (rules, deal, first player):
    ``to_move`` and ``turns`` as given or else kept, ``pending`` and ``passes`` as given or else none and 0."""
    return GameState(
        rules=state.rules,
        deal=state.deal,
        first=state.first,
        stones=tuple(w.stones),
        complete_at=tuple(w.complete_at),
        hands=(tuple(w.hands[0]), tuple(w.hands[1])),
        clan_deck=w.clan_deck,
        tactics_deck=w.tactics_deck,
        discard=w.discard,
        to_move=changes.pop("to_move", state.to_move),
        tactics_played=(w.tactics_played[0], w.tactics_played[1]),
        jokers_played=w.jokers_played,
        turns=changes.pop("turns", state.turns),
        table_mask=w.table_mask,
        winner=w.winner,
        reason=w.reason,
        pending=changes.pop("pending", None),
        clock=w.clock,
        passes=changes.pop("passes", 0),
    )


def _apply(
    state: GameState,
    decision: Turn | Mapping[str, Any],
    *,
    strict: bool = False,
    seen_draw: object = None,
    seen_cards: Mapping[str, Any] | None = None,
) -> tuple[GameState, Turn]:
    """:func:`apply_turn`, with what a record adds: ``strict`` refuses claims after the end, and
    ``seen_draw``/``seen_cards`` are the drawn cards a record names (checked; they fill unknown cards)."""
    decided = read_decision(state, decision)
    if state.pending is not None:
        return _finish_headhunter(state, decided, strict, seen_cards)
    player = state.to_move
    rules = state.rules
    claims = decided.claim
    play = decided.play
    w = Work(state)
    made: tuple[int, ...] = ()
    if rules.expert:
        made = tuple(do_claims(w, player, claims, strict))
        if w.reason is not None:
            if play is not None and strict:
                raise IllegalTurnError("game-over", Fact.of("record.ended_at_claims"))
            return _end_turn(state, w, None, made, drew=False, deck=decided.deck, seen_draw=seen_draw)
    seat = Seat(
        player, rules, tuple(w.stones), tuple(w.hands[seat_index(player)]),
        (w.tactics_played[seat_index(player)], w.tactics_played[1 - seat_index(player)]),
        player in w.jokers_played, len(w.clan_deck), len(w.tactics_deck),
    )  # fmt: skip
    if play is None:
        if has_clan_placement(seat):
            raise IllegalTurnError("pass", Fact.of("record.pass_placeable", player=player))
    else:
        problem = play_problem(seat, play)
        if problem is not None:
            raise IllegalTurnError(*problem)
        do_play(w, player, play)
        if play.card == "HEADHUNTER":
            return _start_headhunter(state, w, Turn(player, play, made, stage="pending"), play, claims, seen_cards)
    if not rules.expert:
        made = tuple(do_claims(w, player, claims, strict))
    return _end_turn(state, w, play, made, drew=play is not None and w.reason is None, deck=decided.deck, seen_draw=seen_draw)



def _start_headhunter(
    state: GameState, w: Work, turn: Turn, play: Play, claims: tuple[int, ...], seen_cards: Mapping[str, Any] | None
) -> tuple[GameState, Turn]:
    seen = list((seen_cards or {}).get("drawn") or [None] * len(play.decks))
    drawn: list[str | None] = []
    for k, deck in enumerate(play.decks):
        card = w.draw(state.to_move, deck, seen[k] if k < len(seen) else None)
        drawn.append(None if card is None else str(card))
    turn = replace(turn, drawn=tuple(drawn))  # the partial turn (stage "pending")
    player = state.to_move
    held = {k for k, st in enumerate(w.stones, 1) if st.claimed is player}
    for n in claims if not state.rules.expert else ():  # checked now: Headhunter moves no clan card
        if win_reason(held):
            break
        if not claim_holds(w.stones[n - 1], player, w.pool()):
            raise IllegalTurnError("claim", claim_refusal(w.stones[n - 1], n, player, w.pool()))
        held.add(n)
    returns = min(2, max(0, len(drawn) - 1))  # 2, or fewer when the decks held under 3 cards (docs/GAME.md)
    pending = PendingTurn(turn, claims, returns)
    return _freeze(w, state, pending=pending), turn


def _finish_headhunter(
    state: GameState, decision: Turn, strict: bool, seen_cards: Mapping[str, Any] | None
) -> tuple[GameState, Turn]:
    pending = state.pending
    assert pending is not None
    player = state.to_move
    raw = _put_back(decision.put_back, pending.returns)
    w = Work(state)
    decks = list((seen_cards or {}).get("returned_decks") or [])
    returned: list[str | None] = []
    for k, code in enumerate(raw):
        if code is None:  # a card the record's seat did not see
            hand = w.hands[seat_index(player)]
            if None not in hand:
                raise IllegalTurnError("headhunter", Fact.of("record.returned_null"))
            hand.remove(None)
            if k >= len(decks) or decks[k] not in DECKS:
                raise IllegalTurnError("format", Fact.of("record.returned_deck"))
            w.put_under(None, decks[k])
            returned.append(None)
            continue
        card = w.take_from_hand(player, code)
        w.put_under(card, "clan" if isinstance(card, Card) else "tactics")
        returned.append(code)
    turn = replace(pending.turn, put_back=tuple(returned),
                   put_back_decks=tuple(decks[: len(returned)]) if None in returned else None)  # fmt: skip
    if not state.rules.expert:
        later = decision.claim
        if set(later) & set(pending.claims):
            raise IllegalTurnError("claim", Fact.of("record.claim_twice", value=Verbatim(quote([*pending.claims, *later]))))
        turn = replace(turn, claim=tuple(do_claims(w, player, (*pending.claims, *later), strict)))
    return _end_turn(state, w, turn.play, turn.claim, drew=False, deck=None, seen_draw=None, begun=turn)


def _end_turn(
    state: GameState, w: Work, play: Play | None, made: tuple[int, ...], *, drew: bool, deck: str | None, seen_draw: object,
    begun: Turn | None = None,
) -> tuple[GameState, Turn]:
    """Draw (when ``drew``), record the turn (``begun``: a Headhunter's, with its cards) and pass the move."""
    player = state.to_move
    tactics = state.rules.tactics
    drawn: HandCard | None = None
    deck_used: str | None = None
    if drew and (w.clan_deck or w.tactics_deck):
        choice = deck
        if choice is None:
            deck_used = "clan" if w.clan_deck else "tactics"
        elif choice not in DECKS or (choice == "tactics" and not tactics):
            raise IllegalTurnError("format", _deck_refusal(choice, tactics))
        else:
            deck_used = choice
            if not (w.clan_deck if choice == "clan" else w.tactics_deck):
                raise IllegalTurnError("draw", Fact.of("record.deck_empty", deck=DeckName(choice)))
        drawn = w.draw(player, deck_used, seen_draw)
    turn = Turn(
        player, play, made, deck_used if tactics else None, None if drawn is None else str(drawn),
        *((begun.drawn, begun.put_back, begun.put_back_decks) if begun is not None else (None, None, None)), "played", tactics,
    )  # fmt: skip
    claimless_pass = play is None and not made
    new = _freeze(w, 
        state,
        to_move=player.opponent,
        turns=(*state.turns, turn),
        passes=state.passes + 1 if claimless_pass else 0,
    )
    if w.reason is None and claimless_pass and _stuck(new, new.to_move) and _stuck(new, player):
        new = _blocked(new)
    return new, turn


def _stuck(state: GameState, player: Player) -> bool:
    """``player`` has no legal play and nothing to claim (so, on a passive table, never will)."""
    if state.to_move is not player:
        state = _with_to_move(state, player)
    if None in state.hands[seat_index(player)]:
        return False  # an unknown hand: cannot tell
    return not state.claimable(player) and not any(True for _ in _legal(state.seat()))


def _with_to_move(state: GameState, player: Player) -> GameState:
    w = Work(state)
    w.winner, w.reason = state.winner, state.reason
    return _freeze(w, state, to_move=player, turns=state.turns, passes=state.passes)


def _blocked(state: GameState) -> GameState:
    """The game cannot go on: neither player can ever play or claim again (see docs/GAME.md)."""
    w = Work(state)
    w.reason = "blocked"
    return _freeze(w, state, to_move=state.to_move, turns=state.turns, passes=state.passes)


__all__ = ["apply_turn", "read_decision"]
