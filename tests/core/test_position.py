"""Positions: construction, pools, and status(): one test per problem the checker names."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
import strategies as strat
from schotten_lab.core.cards import Card, mask_of, parse_cards
from schotten_lab.core.errors import CardError, IllegalPositionError
from schotten_lab.core.position import Position, Problem, Stone
from schotten_lab.core.rules import BASE, Player

S, N = Player.SOUTH, Player.NORTH
SETTINGS = settings(max_examples=150, derandomize=True, database=None, deadline=None)


def three_eights(**kwargs: object) -> Position:
    """The docs/RULES.md example: south has three 8s, north R9 R7."""
    return Position.build({1: ("N8 B8 G8", "R9 R7")}, south_hand="Y1 Y2 R8 P5 B3 G9", **kwargs)  # type: ignore[arg-type]


def problems_at(pos: Position, field: str) -> list[Problem]:
    return [p for p in pos.status() if p.field == field]


def test_empty_and_example_positions_are_legal() -> None:
    empty = Position.empty()
    assert empty.status() == [] and empty.deck == 42
    assert empty.hand_sizes == {S: 6, N: 6}
    pos = three_eights()
    assert pos.status() == []
    assert pos.deck == 54 - 5 - 12
    assert pos.hand_sizes == {S: 6, N: 6}
    assert pos.validate() is pos and pos.is_valid()


@SETTINGS
@given(strat.positions(expert=None))
def test_legal_positions_from_the_strategy_have_no_problems(pos: Position) -> None:
    assert pos.status() == []
    assert pos.validate() is pos


@SETTINGS
@given(strat.positions(), strat.players)
def test_pools_match_the_reference(pos: Position, viewer: Player) -> None:
    assert pos.public_pool == mask_of(ref.public_pool(pos))
    assert pos.viewer_pool(viewer) == mask_of(ref.viewer_pool(pos, viewer))
    assert pos.table_mask == mask_of(ref.table_cards(pos))
    # in the base game the viewer pool is exactly the opponent's hand plus the deck
    if pos.hands[viewer] is not None:
        assert len(ref.viewer_pool(pos, viewer)) == pos.hand_sizes[viewer.opponent] + pos.deck


@SETTINGS
@given(strat.positions(known_hands=True))
def test_locate_names_every_card_place(pos: Position) -> None:
    for number, s in enumerate(pos.stones, 1):
        for p in (S, N):
            for c in s.side(p):
                assert pos.locate(c) == f"stone {number} {p.value}"
    for p in (S, N):
        for c in pos.hands[p] or ():
            assert pos.locate(c) == f"{p.value} hand"
    placed = ref.table_cards(pos) | set(pos.hands[S] or ()) | set(pos.hands[N] or ())
    for c in ref.ALL_CARDS:
        if c not in placed:
            assert pos.locate(c) == "unseen"


# ---- one test per problem ---------------------------------------------------------------------


def test_duplicate_card() -> None:
    pos = Position.build({1: ("N8 B8 G8", "R9 R7"), 2: ("R9", "")}, south_hand="Y1 Y2 R8 P5 B3 G9")
    found = [p for p in pos.status() if "R9" in p.message and "2 times" in p.message]
    assert len(found) == 1
    assert found[0].field in ("stones[0].north", "stones[1].south")
    with pytest.raises(IllegalPositionError, match="R9"):
        pos.validate()


def test_card_both_on_table_and_in_hand() -> None:
    pos = Position.build({1: ("N8 B8 G8", "R9 R7")}, south_hand="Y1 Y2 R7 P5 B3 G9")
    assert any("R7" in p.message and "hands.south" in p.message for p in pos.status())


def test_side_over_capacity() -> None:
    pos = Position.build({4: ("R1 R2 R3 R4", "")})
    found = problems_at(pos, "stones[3].south")
    assert found and "4 cards" in found[0].message
    assert pos.status()  # and nothing crashed on the oversized side


def test_counts_not_adding_to_54() -> None:
    good = three_eights()
    for deck in (good.deck - 1, good.deck + 3):
        bad = replace(good, deck=deck)
        found = problems_at(bad, "deck.clan")
        assert found and "54" in found[0].message


def test_negative_deck() -> None:
    assert any("negative" in p.message for p in problems_at(replace(three_eights(), deck=-1), "deck.clan"))


def test_unknown_card() -> None:
    """A Position cannot hold an unknown card: the card itself refuses to exist."""
    with pytest.raises(CardError):
        Card(54)
    with pytest.raises(CardError, match="'Z9'"):
        Position.build({1: ("Z9", "")})


@pytest.mark.parametrize("count", [0, 8, 10])
def test_wrong_stone_count(count: int) -> None:
    pos = replace(Position.empty(), stones=tuple(Stone() for _ in range(count)))
    found = problems_at(pos, "stones")
    assert found and str(count) in found[0].message


def test_claim_not_supported_early() -> None:
    """Three 8s against R9 R7 with R8 unseen: north could still make a colour run."""
    pos = three_eights(claimed={1: "south"})
    found = problems_at(pos, "stones[0].claimed")
    assert found and "R8" in found[0].message
    # with R8 on the table the same claim is supported
    ok = Position.build({1: ("N8 B8 G8", "R9 R7"), 2: ("R8", "")}, south_hand="Y1 Y2 Y3 P5 B3 G9", claimed={1: "south"})
    assert ok.status() == []


def test_claim_with_incomplete_side() -> None:
    pos = Position.build({1: ("N8 B8", "R9")}, claimed={1: "south"})
    found = problems_at(pos, "stones[0].claimed")
    assert found and "incomplete" in found[0].message


def test_claim_by_the_weaker_complete_side() -> None:
    pos = Position.build({1: ("N8 B8 G8", "R7 R8 R9")}, claimed={1: "south"})
    assert problems_at(pos, "stones[0].claimed")
    assert Position.build({1: ("N8 B8 G8", "R7 R8 R9")}, claimed={1: "north"}).status() == []


def test_claim_of_a_full_tie_follows_first_complete() -> None:
    sides = {1: ("R1 B5 G9", "Y1 P5 N9")}
    assert Position.build(sides, claimed={1: "south"}, first_complete={1: "south"}).status() == []
    assert problems_at(Position.build(sides, claimed={1: "south"}, first_complete={1: "north"}), "stones[0].claimed")


def test_first_complete_on_incomplete_side() -> None:
    pos = Position.build({2: ("N8 B8 G8", "R9 R7")}, first_complete={2: "north"})
    found = problems_at(pos, "stones[1].first_complete")
    assert found and "north" in found[0].message
    assert Position.build({2: ("N8 B8 G8", "R9 R7")}, first_complete={2: "south"}).status() == []


def test_known_hand_disagrees_with_its_size() -> None:
    pos = replace(three_eights(), hand_sizes={S: 5, N: 6})
    assert problems_at(pos, "hand_sizes.south")


def test_hand_too_large() -> None:
    pos = Position.build({}, south_hand="R1 R2 R3 R4 R5 R6 R7", deck=35)
    assert any("at most 6" in p.message for p in problems_at(pos, "hands.south"))


def test_hand_short_while_the_deck_lasts() -> None:
    pos = Position.build({1: ("R1", "")}, south_hand="R2 R3 R4 R5 R6", hand_sizes={"north": 6}, deck=42)
    found = problems_at(pos, "hands.south")
    assert found and "refills" in found[0].message


def test_short_hands_are_fine_once_the_deck_is_empty() -> None:
    stones = {i: (f"R{i} B{i} G{i}", f"Y{i} P{i} N{i}") for i in range(1, 8)}
    stones[8] = ("R8 R9", "B8 B9")  # 46 cards on the table, 8 in hands
    pos = Position.build(stones, south_hand="G8 G9 Y8 Y9", north_hand="P8 P9 N8 N9", deck=0)
    assert pos.status() == []
    assert problems_at(replace(pos, hand_sizes={S: -1, N: 4}), "hand_sizes.south")


def test_discard_and_tactics_deck_belong_to_the_tactics_variant() -> None:
    pos = replace(three_eights(), discard=(Card.parse("Y9"),), deck=36)
    assert problems_at(pos, "discard")
    assert problems_at(replace(three_eights(), tactics_deck=3), "deck.tactics")


def test_both_players_holding_winning_sets() -> None:
    # south holds 1-2-3 (three of a kind against a pair that can at best tie), north holds 7-8-9
    sides = {i: (f"R{i} B{i} G{i}", f"Y{i} P{i}") for i in (1, 2, 3)}
    sides.update({i: (f"R{i} B{i}", f"G{i} Y{i} P{i}") for i in (7, 8, 9)})
    claims = {1: "south", 2: "south", 3: "south", 7: "north", 8: "north", 9: "north"}
    pos = Position.build(sides, claimed=claims)
    assert [p for p in pos.status() if p.field.endswith(".claimed")] == []  # each claim is supported
    found = problems_at(pos, "stones")
    assert found and "both players" in found[0].message
    one = Position.build(sides, claimed={k: v for k, v in claims.items() if v == "south"})
    assert one.status() == [] and one.winner() is S


def test_every_problem_is_reported_at_once() -> None:
    pos = Position.build(
        {1: ("N8 B8 G8 Y8", "R9 R7"), 2: ("R9", "")}, claimed={3: "north"}, hand_sizes={"south": 6, "north": 6}, deck=50
    )
    fields = {p.field for p in pos.status()}
    assert {"stones[0].south", "deck.clan", "stones[2].claimed"} <= fields
    assert any("R9" in p.message for p in pos.status())
    with pytest.raises(IllegalPositionError) as info:
        pos.validate()
    assert len(info.value.problems) == len(pos.status()) >= 4


@SETTINGS
@given(strat.positions(claims=False), st.data())
def test_a_duplicated_card_is_always_reported(pos: Position, data: st.DataObject) -> None:
    on_table = sorted(ref.table_cards(pos))
    if not on_table:
        return
    c = data.draw(st.sampled_from(on_table))
    empty = [i for i, s in enumerate(pos.stones) if len(s.south) < 3]
    if not empty:
        return
    i = data.draw(st.sampled_from(empty))
    stones = list(pos.stones)
    stones[i] = replace(stones[i], south=stones[i].south + (c,))
    bad = replace(pos, stones=tuple(stones), deck=pos.deck - 1)
    assert any(str(c) in p.message and "2 times" in p.message for p in bad.status())


@SETTINGS
@given(strat.small_pool_positions(max_pool=16, claims=False), strat.stone_numbers, strat.players)
def test_claim_check_agrees_with_the_reference(pos: Position, number: int, player: Player) -> None:
    """Marking a stone claimed is accepted exactly when the slow proof accepts it (or the tie is unknown)."""
    verdict = ref.claim(pos, number, player)
    claimed = pos.with_stone(number, replace(pos.stone(number), claimed=player))
    found = problems_at(claimed, f"stones[{number - 1}].claimed")
    if verdict.claimable or verdict.tie_break_unknown:
        assert found == []
    else:
        assert len(found) == 1


def test_winner() -> None:
    assert Position.empty().winner() is None
    sides = {i: (f"R{i} B{i} G{i}", f"Y{i} P{i}") for i in (2, 4, 6, 8, 9)}
    five = Position.build(sides, claimed={i: "south" for i in sides})
    assert five.winner() is S
    four = Position.build(sides, claimed={i: "south" for i in (2, 4, 6, 8)})
    assert four.winner() is None


def test_build_reads_strings() -> None:
    pos = three_eights(to_move="n")
    assert pos.stone(1).south == parse_cards("N8 B8 G8")
    assert pos.hand(S) == parse_cards("Y1 Y2 R8 P5 B3 G9") and pos.hand("north") is None
    assert pos.to_move is N and pos.rules == BASE
    assert "R9" in str(pos) and "north hand: 6 unknown cards" in str(pos)


def test_tactics_material_in_a_base_game() -> None:
    """Each piece of the tactics variant is named as out of place in a base-game position."""
    from schotten_lab.core.tactics import Troop

    base = three_eights()
    assert problems_at(replace(base, tactics_played={S: 1, N: 0}), "tactics_played")
    muddy = base.with_stone(2, replace(base.stone(2), modes=frozenset({"mud"})))
    assert any("tactics" in p.message for p in problems_at(muddy, "stones[1].modes"))
    spy = base.with_stone(2, replace(base.stone(2), north=(Troop("SPY"),)))
    assert any("elite" in p.message for p in problems_at(replace(spy, deck=base.deck - 1), "stones[1].north"))
    hand = (*parse_cards("Y1 Y2 R8 P5 B3"), "JOKER")
    joker_in_hand = replace(base, hands={S: hand, N: None})
    assert any("tactics" in p.message for p in problems_at(joker_in_hand, "hands.south"))
