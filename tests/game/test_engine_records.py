"""Game records ``schotten-lab/game@1``: reading, refusing bad records with the turn and the rule,
replaying (also from one seat), matches."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pytest

from schotten_lab.core.errors import SchottenError
from schotten_lab.core.rules import Player
from schotten_lab.game import FORMAT, Match, RecordError, read_match, read_record, record_from_game
from schotten_lab.game.playout import random_game
from schotten_lab.game.records import public_replay, replay, replay_states, round_points, seat_record, validate_record

S, N = Player.SOUTH, Player.NORTH


def game_dict(variant: str = "base", expert: bool = False, index: int = 0) -> dict[str, Any]:
    return record_from_game(random_game(variant, expert, seed=11, index=index), {"south": "random", "north": "random"}).to_dict()


def refused(data: object, rule: str, turn: int | None) -> RecordError:
    with pytest.raises(RecordError) as info:
        validate_record(data if isinstance(data, str) else json.dumps(data))
    assert (info.value.rule, info.value.turn) == (rule, turn), str(info.value)
    assert isinstance(info.value, SchottenError) and len(str(info.value)) < 500
    return info.value


def test_a_hand_written_record_following_engine_md_replays() -> None:
    """A record another program could write: a short base game, only the format's fields."""
    data = game_dict()
    minimal = {
        "format": FORMAT,
        "variant": "base",
        "expert": False,
        "players": {"south": "a", "north": "b"},
        "first": "south",
        "deal": data["deal"],
        "turns": [{k: t[k] for k in ("player", "play", "claim", "draw")} for t in data["turns"][:6]],
        "result": {"winner": None, "reason": None, "claimed": [None] * 9},
    }
    positions = list(replay(json.dumps(minimal)))
    assert len(positions) == 6 and positions[-1].to_move is S
    assert sum(len(s.south) + len(s.north) for s in positions[-1].stones) == 6
    assert positions[0].hands[S] is not None and positions[0].hands[N] is not None


@pytest.mark.parametrize(("variant", "expert"), [("base", False), ("base", True), ("tactics", False), ("tactics", True)])
def test_records_round_trip_and_replay_to_the_game(variant: str, expert: bool) -> None:
    state = random_game(variant, expert, seed=12, index=1)
    record = record_from_game(state, {"south": "x", "north": "y"})
    text = record.to_json()
    again = read_record(text)
    assert again == record and again.to_json() == text
    assert validate_record(record).position().to_dict() == state.position().to_dict()
    states = list(replay_states(text))
    assert len(states) == len(state.turns) and states[-1].stones == state.stones
    for seat in (S, N):
        seen = seat_record(record, seat)
        assert seen.seat is seat and read_record(seen.to_json()) == seen
        last = list(replay(seen.to_json()))[-1]
        assert last.hands[seat.opponent] is None and last.hands[seat] == state.position().hands[seat]


@pytest.mark.parametrize(("variant", "expert"), [("base", False), ("tactics", False), ("tactics", True)])
def test_the_public_replay_rebuilds_the_table_and_nothing_hidden(variant: str, expert: bool) -> None:
    """From the turns alone (no deal): after every turn the table, the discard pile, the claims and
    the decks' sizes of the game, and never a card in a hand or a deck, even from turns that name
    every card drawn (a full record's); a turn out of order is refused, named."""
    for index in range(4):
        state = random_game(variant, expert, seed=13, index=index)
        turns = [t.to_dict() for t in state.turns]
        assert any(t.get("draw") for t in turns)  # the turns say the draws: the replay must not use them
        full = [*replay_states(record_from_game(state).to_json())]
        public = public_replay(turns, variant, expert)
        assert len(public) == len(full) + 1 and public[0].turns == ()
        for seen, real in zip(public[1:], full):
            assert seen.stones == real.stones and seen.discard == real.discard and seen.to_move is real.to_move
            assert (len(seen.clan_deck), len(seen.tactics_deck)) == (len(real.clan_deck), len(real.tactics_deck))
            assert set(seen.hands[0]) | set(seen.hands[1]) | set(seen.clan_deck) | set(seen.tactics_deck) <= {None}
    with pytest.raises(RecordError) as info:
        public_replay([turns[0], turns[0]], variant, expert)  # the same player twice
    assert (info.value.turn, info.value.rule) == (2, "turn-order")


def test_bad_documents_name_the_field() -> None:
    for bad, fieldname in [
        ("{", ""),
        ("[]", ""),
        ({"format": "other"}, "format"),
        ({"format": FORMAT, "variant": "chess"}, "variant"),
        ({"format": FORMAT, "deal": 3}, "deal"),
        ({"format": FORMAT, "deal": {"hands": {"south": ["R1"] * 6}}, "turns": []}, "deal.hands.south"),
        ({"format": FORMAT, "deal": {"hands": {"south": ["R1", "R2", "R3", "R4", "R5", "ZZ"]}}}, "deal.hands.south[5]"),
    ]:
        with pytest.raises(RecordError) as info:
            read_record(bad if isinstance(bad, str) else json.dumps(bad))
        assert info.value.turn is None
        assert info.value.field == fieldname or (fieldname.startswith("deal") and info.value.field.startswith("deal")), str(info.value)
    data = game_dict()
    data["deal"]["clan"][0] = data["deal"]["hands"]["south"][0]
    with pytest.raises(RecordError, match="dealt twice"):
        read_record(data)


def test_an_illegal_turn_is_refused_with_its_number_and_rule() -> None:
    data = game_dict()
    bad = copy.deepcopy(data)
    bad["turns"][4]["play"]["card"] = data["deal"]["clan"][-1]  # a card still deep in the deck
    refused(bad, "hand", 5)
    bad = copy.deepcopy(data)
    bad["turns"][2]["player"] = bad["turns"][1]["player"]
    refused(bad, "turn-order", 3)
    bad = copy.deepcopy(data)
    bad["turns"][0]["draw"] = bad["deal"]["clan"][1]
    refused(bad, "draw", 1)
    bad = copy.deepcopy(data)
    bad["turns"][0]["claim"] = [1]
    refused(bad, "claim", 1)
    bad = copy.deepcopy(data)
    bad["turns"].append(copy.deepcopy(bad["turns"][-2]))
    refused(bad, "game-over", len(bad["turns"]))
    bad = copy.deepcopy(data)
    bad["result"]["winner"] = "north" if data["result"]["winner"] == "south" else "south"
    refused(bad, "result", len(bad["turns"]))
    bad = copy.deepcopy(data)
    bad["turns"] = bad["turns"][:-1]
    refused(bad, "result", len(bad["turns"]))
    bad = copy.deepcopy(data)
    bad["turns"][3]["play"] = "R8"
    refused(bad, "format", 4)


def _mutations(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of ``data`` with one value somewhere replaced by a random JSON value."""
    out = copy.deepcopy(data)
    node: Any = out
    path: list[Any] = []
    while True:
        keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys or (path and rng.random() < 0.3):
            break
        key = rng.choice(keys)
        path.append(key)
        if not isinstance(node[key], (dict, list)):
            break
        node = node[key]
    if not path:
        return out
    parent: Any = out
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = rng.choice([None, 0, -1, 10, 3.5, True, "", "R8", "JOKER", "south", [], {}, [1, 2], {"card": "R8"}, "x" * 1000])
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from(["base", "tactics"]))
def test_a_damaged_record_is_refused_cleanly_never_with_a_traceback(seed: int, variant: str) -> None:
    data = _RECORDS[variant]
    damaged = _mutations(data, random.Random(seed))
    try:
        validate_record(json.dumps(damaged))
    except RecordError as exc:
        assert len(str(exc)) < 600
    else:
        # the change kept it legal (a player name, an unused field...): it must replay fully
        assert len(list(replay(json.dumps(damaged)))) == len(damaged["turns"])


_RECORDS = {"base": game_dict("base", index=3), "tactics": game_dict("tactics", index=3)}


def test_match_scoring_and_its_document() -> None:
    records = [record_from_game(random_game(seed=13, index=i)) for i in range(3)]
    match = Match(tuple(records))
    total = {"south": 0, "north": 0}
    for r in records:
        points = round_points(r)
        assert r.winner is not None and points[r.winner.value] == 5
        loser = r.winner.opponent
        assert points[loser.value] == sum(1 for c in r.claimed if c is loser)
        for k in total:
            total[k] += points[k]
    assert match.score == total
    again = read_match(match.to_json())
    assert again.score == total and len(again.rounds) == 3
    data = match.to_dict()
    data["score"] = {"south": 99, "north": 0}
    with pytest.raises(RecordError, match="score"):
        read_match(json.dumps(data))


def test_an_unfinished_game_records_and_validates() -> None:
    from schotten_lab.game import apply_turn, new_game
    from schotten_lab.game.playout import random_decision

    rng = random.Random(1)
    state = new_game("tactics", seed=14)
    for _ in range(20):
        state, _ = apply_turn(state, random_decision(state, rng))
    record = record_from_game(state)
    assert record.winner is None and record.reason is None
    final = validate_record(record.to_json())
    assert not final.over and final.stones == state.stones and len(final.turns) == len(state.turns)


def test_a_one_seat_record_that_reveals_a_card_twice_is_refused() -> None:
    data = game_dict()
    seen = seat_record(read_record(data), S).to_dict()
    north_turn = next(k for k, t in enumerate(seen["turns"]) if t["player"] == "north" and t["play"])
    seen["turns"][north_turn]["play"]["card"] = seen["deal"]["hands"]["south"][0]  # south's own card
    with pytest.raises(RecordError) as info:
        validate_record(json.dumps(seen))
    assert info.value.turn == north_turn + 1 and info.value.rule in ("card-conservation", "hand")
