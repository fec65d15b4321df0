"""Location: a value with fields, equal to and printed as the old English text."""

from __future__ import annotations

import json
import pickle

from schotten_lab.core import Position
from schotten_lab.core.cards import Card
from schotten_lab.core.location import Location, Place
from schotten_lab.core.rules import Player


def test_locate_gives_fields_and_the_old_text() -> None:
    p = Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 s")
    on_stone = p.locate(Card.parse("R9"))
    assert (on_stone.kind, on_stone.stone, on_stone.player) == (Place.STONE, 1, Player.NORTH)
    assert on_stone == "stone 1 north" and str(on_stone) == "stone 1 north"
    assert on_stone.in_words("fr") == "borne 1, côté Nord" and on_stone.short() == "N1"
    in_hand = p.locate(Card.parse("R8"))
    assert in_hand == "south hand" and in_hand.kind is Place.HAND and in_hand.player is Player.SOUTH
    assert in_hand.in_words("fr") == "main de Sud"
    unseen = p.locate(Card.parse("R1"))
    assert unseen == "unseen" and unseen.kind is Place.UNSEEN and unseen.in_words("fr") == "pas encore vue"


def test_location_round_trips() -> None:
    where = Location.on_stone(3, Player.SOUTH)
    assert eval(repr(where), {"Location": Location, "Player": Player}) == where  # noqa: S307 - our own repr
    assert pickle.loads(pickle.dumps(where)).kind is Place.STONE
    assert json.dumps({"where": where}) == '{"where": "stone 3 south"}'
    assert Location(Place.DISCARD).short("fr") == "déf"  # four characters at most: a card-map cell
