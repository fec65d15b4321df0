"""What the opponent's plays say about its hand in the tactics variant: the advisor's weighted deals.

The tactics variant's twin of :mod:`.inference`, with the strong tactics heuristic as the model of the
opponent: ``greedy-tactics`` (:mod:`.tactics_greedy`) plays the play of best one-ply judgement
(:func:`~.tactics_judge.play_score`). So at each of the opponent's recent turns, a clan card ``x``
unseen now that, placed on some stone it could play on, would have scored **strictly more** than the
play it made was, under the model, not in its hand then; if it is in its hand now, it was drawn
since. The table before each of its turns is rebuilt from the game's turns alone
(:func:`~schotten_lab.game.records.public_replay`: every card drawn unknown, whatever the turns say
of it), so the reading uses only what the player to move has seen.

What goes to the deals is the base game's :class:`~.inference.Arrivals`: for each clan card, the most
recent of the opponent's turns it would have beaten (0: none), and the clan cards the opponent drew
after each of its recent turns (counted on the rebuilt table: the clan deck's size before and after
each of its turns; a Headhunter's clan draws as it named them). A hand whose ``u`` clan cards do not
fit the draws (:func:`~.inference.unfit`) is kept with probability ``doubt ** u``
(:meth:`.tactics_search.TacticsGame.deal_cards`, by rejection), so an opponent who is not the
heuristic only weakens the weighting, never makes a hand impossible.

With no history, a history that does not replay under the rules or does not lead to the position's
table, or no turn of the opponent's to read, the deals stay uniform (:data:`~.inference.UNIFORM`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.cards import CARDS
from ..core.errors import SchottenError
from ..game import GameState, Play, Turn, public_replay, read_turn
from .inference import DOUBT, LOOK_BACK, UNIFORM, Arrivals
from .tactics_judge import play_score
from .tactics_sim import TacticsSim, card_code, from_state

READ_ERRORS = (SchottenError, ValueError, TypeError, KeyError, AttributeError, IndexError)
"""What a history that is not this game's (or not a history) raises while it is read and replayed."""


def public_sim(state: GameState, mover: int) -> TacticsSim:
    """The search state of ``state``'s table, discard pile and counts, both hands and decks empty,
    ``mover`` to move: all that the one-ply judgement reads, besides the mover's hand."""
    sim = from_state(replace(state, hands=((), ()), clan_deck=(), tactics_deck=()))
    sim.to_move = mover
    return sim


def beats(table: TacticsSim, cards: Sequence[int], bar: int) -> list[bool]:
    """For each clan card of ``cards``: whether the mover of ``table`` would have judged it, placed on
    some stone it may play on, strictly above ``bar`` (:func:`~.tactics_judge.play_score`)."""
    p = table.to_move
    stones = table.free_stones(p)
    found = []
    for x in cards:
        table.hands[p] = [x]
        name = str(CARDS[x])
        found.append(any(play_score(table, Play(name, s + 1)) > bar for s in stones))
    table.hands[p] = []
    return found


def tactics_arrivals(
    me: int, expert: bool, sides: Sequence[Sequence[int]], claimed: Sequence[int], hidden_clan: Sequence[int],
    history: Sequence[Turn | Mapping[str, Any]] | None, doubt: float = DOUBT, look_back: int = LOOK_BACK,
) -> Arrivals:  # fmt: skip
    """The weighting of the deals seen from seat ``me`` (0 south, 1 north) whose table is ``sides``
    and ``claimed`` (the search view's ints) and whose unseen clan cards are ``hidden_clan``, that
    the opponent's plays in ``history`` support (see the module); :data:`~.inference.UNIFORM` when
    there is nothing to read."""
    if not history:
        return UNIFORM
    try:
        turns = [read_turn(t) for t in history]
        states = public_replay([t.to_dict() for t in turns], "tactics", expert)
        final = public_sim(states[-1], me)
    except READ_ERRORS:
        return UNIFORM
    if [sorted(s) for s in final.sides] != [sorted(s) for s in sides] or list(final.claimed) != list(claimed):
        return UNIFORM  # the history does not lead to this table
    other = 1 - me
    names = ("south", "north")
    mine = [k for k, t in enumerate(turns) if t.player is not None and t.player.value == names[other]]
    drawn = {k: _clan_drawn(turns[k], states[k], states[k + 1]) for k in mine}
    read = [k for k in reversed(mine) if turns[k].play is not None][:look_back]
    if not read:
        return UNIFORM
    newer = [0] * 54
    for j, k in enumerate(read, start=1):
        play = turns[k].play
        assert play is not None
        before = public_sim(states[k], other)
        if expert:  # its claims came first and closed their stones (:func:`.turns.build_turn`)
            for stone in turns[k].claim:
                before.claimed[stone - 1] = other
        before.hands[other] = [] if play.card == "HEADHUNTER" else [card_code(play.card)]
        try:
            bar = play_score(before, play)
        except READ_ERRORS:
            return UNIFORM
        cards = [x for x in hidden_clan if not newer[x]]  # a card a more recent turn needs: no older one widens it
        for x, better in zip(cards, beats(before, cards, bar)):
            if better:
                newer[x] = j
    draws = tuple(sum(drawn[k] for k in mine if k >= read[j - 1]) if j else 0 for j in range(len(read) + 1))
    return Arrivals(tuple(newer), draws, doubt)


def _clan_drawn(turn: Turn, before: GameState, after: GameState) -> int:
    """The clan cards a player's ``turn`` brought into its hand: a Headhunter's clan draws as it named
    them, else what the clan deck lost."""
    if turn.play is not None and turn.play.card == "HEADHUNTER":
        return sum(d == "clan" for d in turn.play.decks)
    return max(0, len(before.clan_deck) - len(after.clan_deck))


__all__ = ["beats", "public_sim", "tactics_arrivals"]
