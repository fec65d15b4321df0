"""Who has played a Joker (one each, RULES.md): read from ``jokers_played``, else from a request's
``history``, else from the table, where a discarded Joker nobody is known to own counts as the mover's."""

from __future__ import annotations

import json

import pytest

from schotten_lab.bots import Budget
from schotten_lab import Player, Position
from schotten_lab.bots.advisor import AdvisorBot
from schotten_lab.bots.protocol import answer
from schotten_lab.bots.simple import GreedyBot
from schotten_lab.core.errors import PositionFormatError
from schotten_lab.game import legal_plays, observation_from_dict

# south played a Joker on stone 4, north's Banshee discarded it; south holds the other Joker
DISCARDED = (
    "R7R8R9*-B1B3Y5@s/G7G8G9*-Y1Y3P5@s/N8N9-Y7B7P7*/-Y6/-/-/-/-/- [JOKER]B2G3N6Y2P2R4 ?7 s d24 tactics t6 p1:1"
    " x[JOKER][BANSHEE]"
)
HISTORY = [
    {"player": "south", "play": {"card": "JOKER", "stone": 4}, "claim": [], "draw": "R4"},
    {"player": "north", "play": {"card": "BANSHEE", "from": 4, "target": "JOKER"}, "claim": [], "draw": None},
]


def _joker_legal(document: dict[str, object]) -> bool:
    return any(play.card == "JOKER" for play in legal_plays(observation_from_dict(document)))


def test_a_discarded_joker_of_unknown_owner_counts_as_the_movers() -> None:
    document = Position.from_notation(DISCARDED).to_dict()
    assert observation_from_dict(document).jokers_played == {Player.SOUTH}
    assert not _joker_legal(document)


def test_the_history_says_who_played_the_discarded_joker() -> None:
    document = Position.from_notation(DISCARDED).to_dict()
    assert observation_from_dict(document | {"history": HISTORY}).jokers_played == {Player.SOUTH}
    # the same discard, but north was the one who played it (south's Banshee took it): south may play its own
    theirs = [{"player": "north", "play": {"card": "JOKER", "stone": 4}, "claim": [], "draw": None}]
    assert observation_from_dict(document | {"history": theirs}).jokers_played == {Player.NORTH}
    assert _joker_legal(document | {"history": theirs})
    assert _joker_legal(document | {"jokers_played": ["north"]})  # the explicit field says the same


@pytest.mark.parametrize(
    ("history", "field"),
    [
        ("turns", "history"),
        ([1], "history[0]"),
        ([{"player": "east", "play": {"card": "JOKER", "stone": 1}}], "history[0].player"),
        ([{"player": "north", "play": {"card": "JOKER", "stone": 1}},
          {"player": "south", "play": {"card": "JOKER", "stone": 2}}], "history"),  # two owners, one discarded Joker
    ],
)  # fmt: skip
def test_a_history_that_cannot_be_is_refused_naming_the_field(history: object, field: str) -> None:
    document = Position.from_notation(DISCARDED).to_dict()
    with pytest.raises(PositionFormatError) as error:
        observation_from_dict(document | {"history": history})
    assert error.value.field == field


@pytest.mark.parametrize("bot", [AdvisorBot(budget=Budget(rollouts=30), seed=3), GreedyBot(seed=0)], ids=["advisor", "greedy"])
def test_no_bot_plays_a_second_joker_through_the_protocol(bot: object) -> None:
    """The reviewer's case: a plain request, and one with the history, never get the illegal Joker."""
    document = Position.from_notation(DISCARDED).to_dict()
    for request in (document, document | {"history": HISTORY}):
        reply = answer(bot, json.dumps(request))  # type: ignore[arg-type]
        assert "error" not in reply, reply
        assert (reply["play"] or {}).get("card") != "JOKER"
