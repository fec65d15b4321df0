"""Turns as frozen values (``game/turn.py``): a decision given as a ``Turn`` and the same decision
given as its JSON mapping play the same turn (the typed path against the tolerant reader, on many
random games of every variant, Headhunter included); played turns write the record's turn objects;
the reader names a bad field."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile
from schotten_lab import game
from schotten_lab.bots import make_bot
from schotten_lab.core.rules import Player
from schotten_lab.game import IllegalTurnError, Play, Turn, apply_turn, new_game, read_turn
from schotten_lab.game.playout import random_decision

VARIANTS = [("base", False), ("base", True), ("tactics", False), ("tactics", True)]


@profile(12)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(VARIANTS), bot=st.sampled_from(["random", "greedy"]))
def test_a_turn_and_its_mapping_play_the_same_turn(seed: int, rules: tuple[str, bool], bot: str) -> None:
    variant, expert = rules
    bots = {p: make_bot(bot, seed=seed + k) for k, p in enumerate(Player)}
    state = new_game(variant, expert, seed=seed)
    twin = state
    while not state.over:
        decision = bots[state.to_move].decide(state.observation(state.to_move), state.turns)
        assert isinstance(decision, Turn) and decision.stage == "decided"
        assert read_turn(decision.to_dict()) == decision  # the reader gives the value back
        state, turn = apply_turn(state, decision)
        twin, twin_turn = apply_turn(twin, decision.to_dict())  # the tolerant path, from JSON
        assert turn == twin_turn and turn.to_dict() == twin_turn.to_dict()
        assert state.position().to_dict() == twin.position().to_dict()
        assert turn.stage == ("pending" if state.pending is not None else "played")
    assert all(isinstance(t, Turn) and t.stage == "played" for t in state.turns)
    record = game.record_from_game(state).to_dict()
    assert record["turns"] == [t.to_dict() for t in state.turns]
    replayed = list(game.replay_states(record))[-1]  # the record's dicts read back: the same turns
    assert [t.to_dict() for t in replayed.turns] == record["turns"]


@profile(8)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(VARIANTS))
def test_the_engines_own_random_decisions_as_mappings_still_play(seed: int, rules: tuple[str, bool]) -> None:
    """``game.playout``'s decisions written as dicts (a mapping from outside, as JSON brings them):
    read once, then the same as the Turn."""
    variant, expert = rules
    rng = random.Random(seed)
    state = twin = new_game(variant, expert, seed=seed)
    while not state.over:
        decision = random_decision(state, rng).to_dict()
        state, turn = apply_turn(state, decision)
        twin, twin_turn = apply_turn(twin, game.read_decision(twin, decision))
        assert turn == twin_turn


def test_turns_are_frozen_and_compare_by_their_record_form() -> None:
    state, turn = apply_turn(new_game("base", seed=1), Turn(play=Play("G8", 5)))
    assert turn.to_dict() == {"player": "south", "play": {"card": "G8", "stone": 5}, "claim": [], "draw": "B7"}
    assert state.turns == (turn,) and turn.draw == "B7" and turn.player is Player.SOUTH
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.draw = "R1"  # type: ignore[misc]
    assert hash(turn) == hash(dataclasses.replace(turn))
    assert turn == dataclasses.replace(turn) and turn != replace_draw(turn)
    # not a mapping: inside the library a turn is read by its fields, a dict is a type error
    assert turn != turn.to_dict()
    with pytest.raises(TypeError):
        turn["play"]  # type: ignore[index]


def replace_draw(turn: Turn) -> Turn:
    return dataclasses.replace(turn, draw="R1")


def test_a_decision_keeps_a_bots_extra_fields_after_its_own() -> None:
    turn = read_turn({"estimate": 0.5, "player": "north", "play": {"card": "R1", "stone": 2}, "claim": [3], "reason": "x"})
    assert turn.extra == (("estimate", 0.5), ("reason", "x"))
    assert list(turn.to_dict()) == ["player", "play", "claim", "estimate", "reason"]
    put_back = read_turn({"player": "south", "return": ["r1", "MUD"], "stderr": 0.1})
    assert put_back.put_back == ("R1", "MUD") and put_back.to_dict() == {"player": "south", "return": ["R1", "MUD"], "stderr": 0.1}


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ([1, 2], "a decision must be an object"),
        ({"player": "east"}, "player must be 'south' or 'north'"),
        ({"claim": "1"}, "claim must be a list"),
        ({"claim": [0]}, "claim lists 0; stones are numbered 1-9"),
        ({"play": {"card": "R1", "stone": 1}, "deck": "both"}, "deck must be"),
        ({"play": "R1"}, "play must be an object"),
        ({"return": [7]}, "return lists 7"),
    ],
)
def test_the_reader_names_the_bad_field(bad: object, words: str) -> None:
    with pytest.raises(IllegalTurnError, match=words) as caught:
        read_turn(bad)  # type: ignore[arg-type]
    assert caught.value.rule == "format"


def test_the_engine_checks_a_turn_value_as_it_checks_a_mapping() -> None:
    state = new_game("base", seed=1)
    with pytest.raises(IllegalTurnError, match="it is south's turn, not 'north''s") as caught:
        apply_turn(state, Turn(Player.NORTH, Play("G8", 5)))
    assert caught.value.rule == "turn-order"
    with pytest.raises(IllegalTurnError, match="'return' answers a pending Headhunter only"):
        apply_turn(state, Turn(put_back=("G8",)))
    with pytest.raises(IllegalTurnError, match="claim lists a stone twice"):
        apply_turn(state, Turn(play=Play("G8", 5), claim=(1, 1)))
    with pytest.raises(IllegalTurnError, match="can place a clan card"):
        apply_turn(state, Turn())
