"""Tactics positions: status() names every broken tactics rule, and bad tactics input names its field."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings

import reference_tactics as reft
import strategies_tactics as stt
from schotten_lab.core.cards import Card, mask_of
from schotten_lab.core.errors import CardError, NotationError, PositionFormatError
from schotten_lab.core.position import Position, Problem, Stone
from schotten_lab.core.rules import BASE, Player, RuleSet
from schotten_lab.core.tactics import TACTICS_NAMES, Troop, parse_hand_card, parse_piece

S, N = Player.SOUTH, Player.NORTH
SETTINGS = settings(
    max_examples=150, derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

EMPTY = "-/-/-/-/-/-/-/-/-"


def tactics(stones: str = EMPTY, extra: str = "", hands: str = "?7 ?7") -> Position:
    """A tactics position from the stones field, decks and tactics counts filled in so 64 cards add up."""
    first = Position.from_notation(f"{stones} {hands} s d0 tactics {extra}".strip())
    played = sum(first.tactics_on_table().values())
    clan_seen = bin(first.table_mask).count("1") + sum(len(first.clan_hand(p) or ()) for p in (S, N))
    hand_tactics = sum(1 for p in (S, N) for c in first.hands[p] or () if isinstance(c, str))
    unknown = sum(first.hand_sizes[p] for p in (S, N) if first.hands[p] is None)  # taken to be clan cards
    deck, tactics_deck = 54 - clan_seen - unknown, 10 - played - hand_tactics
    fields = f"{stones} {hands} s d{deck} tactics t{tactics_deck} p{(played + 1) // 2}:{played // 2} {extra}"
    return Position.from_notation(fields.strip())


def problems_at(pos: Position, field: str) -> list[Problem]:
    return [p for p in pos.status() if p.field == field]


def fields(pos: Position) -> set[str]:
    return {p.field for p in pos.status()}


# ---- legal positions -----------------------------------------------------------------------------


def test_hand_built_tactics_positions_are_legal() -> None:
    assert tactics().status() == []
    pos = tactics("R7[JOKER]B7-[SPY=G7]Y3+mud/-+blind/-/-/-/-/-/-/-", "x[BANSHEE]R1")
    assert pos.status() == [], pos.status()
    assert pos.stone(1).capacity == 4 and pos.stone(2).blind
    assert pos.tactics_played == {S: 3, N: 2}
    empty = Position.empty(RuleSet("tactics"))
    assert empty.status() == [] and empty.hand_sizes == {S: 7, N: 7} and empty.deck == 40


@SETTINGS
@given(stt.tactics_positions())
def test_legal_positions_from_the_strategy_have_no_problems(pos: Position) -> None:
    assert pos.status() == []
    assert pos.validate() is pos
    played = pos.tactics_played
    assert played[S] + played[N] == sum(pos.tactics_on_table().values()) and abs(played[S] - played[N]) <= 1
    for p in (S, N):
        jokers = [c for s in pos.stones for c in s.side(p) if isinstance(c, Troop) and c.kind == "JOKER"]
        assert len(jokers) <= 1
    assert pos.public_pool == mask_of(reft.public_pool(pos))
    left = reft.tactics_unplayed(pos)  # unplayed tactics cards: in the tactics deck or a hand
    in_known_hands = sum(1 for p in (S, N) for c in pos.hands[p] or () if isinstance(c, str))
    assert min(left.values()) >= 0 and sum(left.values()) >= pos.tactics_deck + in_known_hands


# ---- elite troops and tactics cards -----------------------------------------------------------------


def test_two_jokers_on_one_side() -> None:
    pos = tactics("R1[JOKER][JOKER]-/-/-/-/-/-/-/-/-")
    found = problems_at(pos, "stones[0].south")
    assert found and "Joker" in found[0].message


def test_two_jokers_of_one_player_on_two_stones() -> None:
    pos = tactics("[JOKER]-/[JOKER]-/-/-/-/-/-/-/-")
    found = problems_at(pos, "stones")
    assert found and "2 Jokers" in found[0].message
    assert tactics("[JOKER]-/-[JOKER]/-/-/-/-/-/-/-").status() == []  # one each is fine


def test_a_tactics_card_twice() -> None:
    spy_twice = tactics("[SPY]-[SPY]/-/-/-/-/-/-/-/-")
    assert any("SPY appears 2 times" in p.message for p in spy_twice.status())
    in_hand_too = tactics("[SHIELD]-/-/-/-/-/-/-/-/-", hands="[SHIELD]R1R2R3R4R5R6 ?7")
    assert any("SHIELD" in p.message and "2 times" in p.message for p in in_hand_too.status())
    three_jokers = tactics("[JOKER]-[JOKER]/-/-/-/-/-/-/-/-", "x[JOKER][BANSHEE]")
    assert any("JOKER appears 3 times" in p.message and "2 copies" in p.message for p in three_jokers.status())
    blind_twice = tactics("-+blind/-/-/-/-/-/-/-/-", "x[BLIND]")
    assert any("BLIND appears 2 times" in p.message for p in blind_twice.status())


def test_a_mode_on_a_stone_and_in_the_discard() -> None:
    assert "discard" in fields(tactics("-+mud/-/-/-/-/-/-/-/-", "x[MUD]"))


def test_capacity_four_under_mud_fight() -> None:
    four = tactics("R1R2R3R4-+mud/-/-/-/-/-/-/-/-")
    assert four.status() == [] and four.stone(1).is_complete(S)
    five = tactics("R1R2R3R4R5-+mud/-/-/-/-/-/-/-/-")
    found = problems_at(five, "stones[0].south")
    assert found and "at most 4" in found[0].message and "Mud" in found[0].message
    four_plain = tactics("R1R2R3R4-/-/-/-/-/-/-/-/-")
    found = problems_at(four_plain, "stones[0].south")
    assert found and "at most 3" in found[0].message
    with_troops = tactics("R1[JOKER][SPY]R4-+mud/-/-/-/-/-/-/-/-")
    assert with_troops.status() == []
    assert problems_at(tactics("R1[JOKER][SPY]R4[SHIELD]-+mud/-/-/-/-/-/-/-/-"), "stones[0].south")


def test_first_complete_under_mud_needs_four_cards() -> None:
    pos = tactics("R1R2R3*-B1B2B3B4+mud/-/-/-/-/-/-/-/-")
    found = problems_at(pos, "stones[0].first_complete")
    assert found and "not complete" in found[0].message
    assert tactics("R1R2R3R4*-B1B2B3B4+mud/-/-/-/-/-/-/-/-").status() == []


def test_claim_of_a_mud_stone_with_three_cards() -> None:
    pos = tactics("R7R8R9-B1+mud@s/-/-/-/-/-/-/-/-")
    found = problems_at(pos, "stones[0].claimed")
    assert found and "incomplete" in found[0].message


def test_claim_supported_by_the_discard_pile() -> None:
    """Three 8s against R9 R7: only R8 beats them, and R8 is in the discard pile (a Banshee took it)."""
    assert tactics("N8B8G8-R9R7@s/-/-/-/-/-/-/-/-", "x[BANSHEE]R8").status() == []
    found = problems_at(tactics("N8B8G8-R9R7@s/-/-/-/-/-/-/-/-", "x[BANSHEE]"), "stones[0].claimed")
    assert found and "R8" in found[0].message


def test_claim_against_a_wild_troop() -> None:
    """The opponent's Joker ranges over every identity: R9 JOKER can still reach three 9s."""
    found = problems_at(tactics("R8B8G8-R9[JOKER]@s/R7-/-/-/-/-/-/-/-"), "stones[0].claimed")
    assert found and "could not prove" in found[0].message


# ---- base game ---------------------------------------------------------------------------------------


def test_modes_troops_and_tactics_cards_in_a_base_game() -> None:
    base = Position.build({1: ("R1", "B1")})
    assert base.status() == []
    with_mode = base.with_stone(1, replace(base.stone(1), modes=frozenset({"mud"})))
    found = problems_at(with_mode, "stones[0].modes")
    assert found and "tactics variant" in found[0].message
    with_troop = base.with_stone(1, Stone((Card.parse("R1"), Troop("JOKER")), (Card.parse("B1"),)))
    with_troop = replace(with_troop, deck=with_troop.deck - 1)
    found = problems_at(with_troop, "stones[0].south")
    assert found and "elite troops" in found[0].message
    with_hand = replace(base, hands={S: ("SPY", *[Card.parse(f"Y{i}") for i in range(1, 6)]), N: None})
    assert problems_at(with_hand, "hands.south")
    assert problems_at(replace(base, tactics_played={S: 1, N: 0}), "tactics_played")
    assert base.rules is BASE


# ---- tactics counts -----------------------------------------------------------------------------------


def test_tactics_played_must_add_up_to_the_cards_on_the_table() -> None:
    pos = tactics("[SPY]-/-/-/-/-/-/-/-/-")
    assert pos.tactics_played == {S: 1, N: 0} and pos.status() == []
    too_many = replace(pos, tactics_played={S: 1, N: 1})
    found = problems_at(too_many, "tactics_played")
    assert found and "adds up to 2" in found[0].message
    too_few = replace(pos, tactics_played={S: 0, N: 0})
    assert problems_at(too_few, "tactics_played")


def test_tactics_played_may_differ_by_one_at_most() -> None:
    pos = tactics("[SPY][SHIELD]-/-+mud/-/-/-/-/-/-/-")
    assert pos.status() == [] and pos.tactics_played == {S: 2, N: 1}
    lopsided = replace(pos, tactics_played={S: 3, N: 0})
    found = problems_at(lopsided, "tactics_played")
    assert found and "differ by at most 1" in found[0].message
    negative = replace(pos, tactics_played={S: 4, N: -1})
    assert problems_at(negative, "tactics_played.north")


def test_counts_must_add_up_to_64() -> None:
    pos = tactics("R1-B1/-/-/-/-/-/-/-/-")
    assert pos.status() == []
    found = problems_at(replace(pos, deck=pos.deck + 1), "deck.clan")
    assert found and "64" in found[0].message
    assert problems_at(replace(pos, tactics_deck=pos.tactics_deck - 1), "deck.clan")
    assert problems_at(replace(pos, tactics_deck=-1, deck=pos.deck + pos.tactics_deck + 1), "deck.tactics")


def test_hands_of_seven_while_either_deck_lasts() -> None:
    pos = tactics()
    short = replace(pos, hand_sizes={S: 6, N: 7}, deck=pos.deck + 1)
    found = problems_at(short, "hands.south")
    assert found and "refills to 7" in found[0].message
    # only the tactics deck left: still drawing, still 7
    only_tactics = Position.from_notation(f"{EMPTY} ?6 ?7 s d0 tactics t51")
    assert problems_at(only_tactics, "hands.south")
    big = replace(pos, hand_sizes={S: 8, N: 7}, deck=pos.deck - 1)
    found = problems_at(big, "hands.south")
    assert found and "at most 7" in found[0].message


def test_clan_cards_must_fit_in_54() -> None:
    """64 in all but the clan deck claims more clan cards than are left (tactics deck short instead)."""
    pos = tactics("R1-B1/-/-/-/-/-/-/-/-", hands="R2R3R4R5R6R7R8 B2B3B4B5B6B7B8")
    assert pos.status() == [] and (pos.deck, pos.tactics_deck) == (38, 10)
    wrong = replace(pos, deck=pos.deck + 2, tactics_deck=pos.tactics_deck - 2)
    found = problems_at(wrong, "deck.clan")
    assert found and "54" in found[0].message


# ---- parsing: the field named -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("SPY=B6", "SPY=B6"), ("SHIELD=R4", "SHIELD=R4"), ("SHIELD=N9", "SHIELD=N9"), ("JOKER=X9", "X9"), ("SPY=7", "7")],
)
def test_bad_troop_identity_rejected_at_parse(text: str, quoted: str) -> None:
    """Out of the troop's range (the troop and its range named), or not a card at all (the text quoted)."""
    with pytest.raises(CardError) as err:
        parse_piece(text)
    assert quoted in str(err.value)


def test_good_troop_identities() -> None:
    assert parse_piece("SPY=B7") == Troop("SPY", Card.parse("B7"))
    assert parse_piece("shield=g2") == Troop("SHIELD", Card.parse("G2"))
    assert parse_piece("JOKER") == Troop("JOKER")
    assert str(parse_piece("JOKER=R8")) == "JOKER=R8"


def tactics_doc(**changes: object) -> dict[str, object]:
    doc = json.loads(tactics("R1-B1/-/-/-/-/-/-/-/-").to_json())
    for path, value in changes.items():
        target = doc
        keys = path.split("__")
        for k in keys[:-1]:
            target = target[int(k)] if k.isdigit() else target[k]  # type: ignore[index]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value  # type: ignore[index]
    return doc


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("stones__0__south", ["R1", "SPY=B6"], "stones[0].south[1]"),
        ("stones__0__north", ["SHIELD=R4"], "stones[0].north[0]"),
        ("stones__2__south", ["MUD"], "stones[2].south[0]"),
        ("stones__2__south", ["HEADHUNTER"], "stones[2].south[0]"),
        ("discard", ["JOKER=R8"], "discard[0]"),
        ("stones__1__modes", ["swamp"], "stones[1].modes[0]"),
        ("stones__1__modes", ["mud", "mud"], "stones[1].modes"),
    ],
)
def test_bad_tactics_fields_in_json_name_the_field(path: str, value: object, field: str) -> None:
    with pytest.raises(PositionFormatError) as err:
        Position.from_dict(tactics_doc(**{path: value}))
    assert err.value.field == field


def test_tactics_names_with_an_identity_in_a_hand() -> None:
    with pytest.raises(CardError):
        parse_hand_card("JOKER=R8")
    for name in TACTICS_NAMES:
        assert parse_hand_card(name.lower()) == name
    doc = tactics_doc()
    doc["hands"] = {"south": ["SPY=R7", "R2"], "north": None}
    with pytest.raises(PositionFormatError) as err:
        Position.from_dict(doc)
    assert err.value.field == "hands.south[0]"
    with pytest.raises(NotationError):
        Position.from_notation(f"{EMPTY} [SPY=R7]R2 ?7 s d40 tactics t8")


def test_tactics_material_needs_the_tactics_variant() -> None:
    with pytest.raises(NotationError):
        Position.from_notation("[JOKER]-/-/-/-/-/-/-/-/- ?6 ?6 s d42")
    with pytest.raises(NotationError):
        Position.from_notation("-+mud/-/-/-/-/-/-/-/- ?6 ?6 s d42")
    doc = json.loads(Position.empty().to_json())
    doc["stones"][0]["south"] = ["JOKER"]
    with pytest.raises(PositionFormatError) as err:
        Position.from_dict(doc)
    assert err.value.field == "stones[0].south[0]"


def test_bad_troop_identity_in_notation() -> None:
    with pytest.raises(NotationError) as err:
        Position.from_notation("[SPY=B6]-/-/-/-/-/-/-/-/- ?7 ?7 s d40 tactics t9 p1:0")
    assert "SPY" in str(err.value)
