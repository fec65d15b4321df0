"""The legal edits of a position (core/edit.py): every edit gives a legal position or refuses with a reason."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.core import CARDS, TACTICS, Card, Player, Position, SchottenError
from schotten_lab.core import edit as ed
from schotten_lab.core.edit import EditRefused, Target
from schotten_lab.core.position import share_unseen
from schotten_lab.core.tactics import TACTICS_TOTAL
from strategies import positions

S, N = Player.SOUTH, Player.NORTH
FAST = settings(max_examples=60, deadline=None)


def three_eights() -> Position:
    """docs/RULES.md's example one card short: south N8 B8 on stone 1, north R9 R7; R8 on stone 2."""
    return Position.build({1: ("N8 B8", "R9 R7"), 2: ("R8 Y3", "P2")}, south_hand="Y1 Y2 P5 B3 G9 G1")


# --- slow twins -------------------------------------------------------------------------------


def dealt_one_by_one(rest: int, unknown: list[Player], limit: int) -> tuple[dict[Player, int], int]:
    """The unplaced cards dealt one at a time, alternating from the first player listed, each hand
    up to ``limit``; the deck keeps only what no hand takes once every hand is full."""
    sizes = dict.fromkeys(unknown, 0)
    deck = max(0, rest - limit * len(unknown))  # a full deck never leaves a hand short
    left = rest - deck
    turn = 0
    while left > 0:
        p = unknown[turn % len(unknown)]
        if sizes[p] < limit:
            sizes[p] += 1
            left -= 1
        turn += 1
    return sizes, deck


@given(st.integers(0, 60), st.sampled_from([[S, N], [N, S], [S], [N], []]), st.sampled_from([6, 7]))
@FAST
def test_share_unseen_matches_dealing_card_by_card(rest: int, unknown: list[Player], limit: int) -> None:
    if not unknown and rest > 0:
        assert share_unseen(rest, unknown, limit) == ({}, rest)
        return
    if rest > limit * len(unknown) + 60:
        return
    assert share_unseen(rest, unknown, limit) == dealt_one_by_one(rest, unknown, limit)


# --- placing and taking back --------------------------------------------------------------------


def test_place_derives_deck_and_first_complete() -> None:
    pos = three_eights()
    new = ed.place(pos, "G8", Target.side(1, S))
    assert str(new.stone(1).south[-1]) == "G8"
    assert new.deck == pos.deck - 1
    assert new.stone(1).first_complete is S
    assert pos.stone(1).south == new.stone(1).south[:2]  # the old position is untouched


@pytest.mark.parametrize(("card", "target"), [("R8", Target.side(3, S)), ("Y1", Target.side(3, N))])
def test_place_refuses_used_cards_and_says_where_they_are(card: str, target: Target) -> None:
    pos = three_eights()
    with pytest.raises(EditRefused, match=f"{card} is already placed \\({pos.locate(Card.parse(card))}\\)"):
        ed.place(pos, card, target)


def test_fourth_card_and_claimed_stone_refused() -> None:
    pos = ed.place(three_eights(), "G8", Target.side(1, S))
    with pytest.raises(EditRefused, match="already holds 3"):
        ed.place(pos, "Y8", Target.side(1, S))
    claimed = ed.set_claim(pos, 1, S)
    with pytest.raises(EditRefused, match="claimed"):
        ed.place(claimed, "Y8", Target.side(1, N))
    with pytest.raises(EditRefused, match="unclaim"):
        ed.take_back(claimed, "G8")
    with pytest.raises(EditRefused, match="incomplete"):
        ed.set_claim(three_eights(), 1, S)


def test_edit_refused_is_a_core_error() -> None:
    assert issubclass(EditRefused, SchottenError) and issubclass(EditRefused, ValueError)
    with pytest.raises(SchottenError, match="not placed anywhere"):
        ed.take_back(Position.empty(), "R1")
    with pytest.raises(SchottenError):
        ed.place(Position.empty(), "Q9", Target.side(1, S))  # not a card: the card parser's error


def test_take_back_at_an_index_and_in_a_hand() -> None:
    pos = three_eights()
    with pytest.raises(EditRefused, match="no card at place 3"):
        ed.take_back_at(pos, 1, S, 2)
    assert [str(c) for c in ed.take_back_at(pos, 1, "north", 0).stone(1).north] == ["R7"]
    with pytest.raises(EditRefused, match="refills to 6"):
        ed.take_back(pos, "Y1")  # a known hand of 5 while the deck lasts
    unknown = ed.set_hand(pos, S, None)
    assert unknown.hand_sizes[S] == 6 and unknown.hands[S] is None


@given(positions(max_table=40, claims=False), st.data())
@FAST
def test_every_accepted_placement_is_legal_and_taking_it_back_restores(pos: Position, data: st.DataObject) -> None:
    """Random placements on random legal positions: each accepted edit is legal; taking the card back
    gives the position the edit started from (the counts as :func:`rebalance` derives them)."""
    start = ed.rebalance(pos)
    if start.status():
        return  # a drawn position whose counts the editor would derive otherwise (e.g. hands short)
    for _ in range(4):
        card = data.draw(st.sampled_from(CARDS), label="card")
        target = data.draw(st.sampled_from(ed.ALL_TARGETS), label="target")
        try:
            after = ed.place(start, card, target)
        except EditRefused as exc:
            assert str(exc)  # a refusal always says why
            continue
        assert after.status() == []
        assert after.locate(card) == target.label
        assert ed.take_back(after, card) == start
        start = after


def test_placing_a_whole_base_game_keeps_every_position_legal() -> None:
    """Deal all 54 cards onto the stones and hands, alternating players: the deck empties, then the
    unknown hands shrink, the player to move keeping the larger half, and nothing is refused."""
    pos = Position.empty()
    for i, card in enumerate(CARDS):
        who = S if i % 2 == 0 else N
        stone = i // 6 + 1
        target = Target.side(stone, who) if stone <= 9 else Target.hand(who)
        pos = ed.place(pos, card, target)
        assert pos.status() == []
        assert pos.deck + sum(pos.hand_sizes.values()) == 54 - (i + 1)
    assert pos.deck == 0 and pos.hand_sizes == {S: 0, N: 0}


# --- derived counts ---------------------------------------------------------------------------------


def test_rebalance_shrinks_unknown_hands_once_deck_is_empty() -> None:
    codes = [str(c) for c in CARDS]
    sides = {n: (codes[6 * (n - 1) : 6 * (n - 1) + 3], codes[6 * (n - 1) + 3 : 6 * n]) for n in range(1, 8)}
    pos = ed.rebalance(Position.build(sides, deck=0, hand_sizes={"south": 6, "north": 6}))
    assert pos.deck == 0 and pos.hand_sizes == {S: 6, N: 6}
    more = ed.place(pos, codes[42], Target.side(8, S))
    assert more.deck == 0
    assert more.hand_sizes == {S: 6, N: 5}  # the player to move keeps the larger half
    assert more.status() == []
    assert ed.set_turn(more, N).hand_sizes == {S: 5, N: 6}


@given(positions(claims=False))
@FAST
def test_rebalance_derives_what_assemble_derives(pos: Position) -> None:
    """One derivation of the counts: the editor's rebalance and Position.assemble (deck not given) agree."""
    known = {p: len(h) for p, h in pos.hands.items() if h is not None}
    assembled = Position.assemble(pos.stones, pos.hands, known, None, pos.to_move, pos.rules)
    assert ed.rebalance(pos) == assembled


def test_set_deck_rejects_inconsistent_counts() -> None:
    with pytest.raises(EditRefused, match="does not fit"):
        ed.set_deck(three_eights(), 3)
    assert ed.set_deck(three_eights(), three_eights().deck) == three_eights()


# --- variant, tactics material ------------------------------------------------------------------------


def test_variant_switches_on_a_blank_board_only() -> None:
    tactics = ed.set_variant(Position.empty(), "tactics")
    assert tactics.rules == TACTICS and tactics.tactics_deck == TACTICS_TOTAL and tactics.status() == []
    assert ed.set_variant(tactics, "base") == Position.empty()
    with pytest.raises(EditRefused, match="empty board only"):
        ed.set_variant(three_eights(), "tactics")


def test_tactics_material_is_refused_in_the_base_game() -> None:
    pos = Position.empty()
    for edit in (
        lambda: ed.place(pos, "JOKER", Target.side(1, S)),
        lambda: ed.place(pos, "R1", Target.discard()),
        lambda: ed.set_mode(pos, 1, "mud"),
        lambda: ed.set_tactics_deck(pos, 3),
    ):
        with pytest.raises(EditRefused, match="tactics variant"):
            edit()


def test_who_plays_a_tactics_card() -> None:
    """A troop counts for its side's owner; a mode for ``by``, or (auto) for whoever played fewer."""
    pos = ed.set_variant(Position.empty(), "tactics")
    joker = ed.place(pos, "JOKER", Target.side(1, N))
    assert joker.tactics_played == {S: 0, N: 1}
    mud = ed.place(joker, "MUD", Target.side(2, N))  # auto: south played fewer
    assert mud.tactics_played == {S: 1, N: 1} and mud.stone(2).modes == frozenset({"mud"})
    assert mud.stone(2).capacity == 4
    with pytest.raises(EditRefused, match="differ by at most 1"):
        ed.set_mode(joker, 3, "blind", by=N)  # north would be two ahead
    assert ed.take_back(mud, "MUD", by=S) == joker
    auto = ed.take_back(mud, "MUD")  # auto on a tie: un-played by the player not to move
    assert auto.tactics_played == {S: 1, N: 0} and auto.stone(2).modes == frozenset()
    with pytest.raises(EditRefused, match="a ruse"):
        ed.place(pos, "TRAITOR", Target.side(1, S))
    traitor = ed.place(pos, "TRAITOR", Target.discard())
    assert traitor.discard == ("TRAITOR",) and traitor.tactics_played == {S: 1, N: 0}  # south to move
    assert ed.take_back(traitor, "TRAITOR") == pos


def test_a_tactics_card_from_nowhere_comes_out_of_the_tactics_deck() -> None:
    pos = ed.set_variant(Position.empty(), "tactics")
    placed = ed.place(pos, "SPY", Target.side(4, S))
    assert (placed.deck, placed.tactics_deck) == (pos.deck, pos.tactics_deck - 1)
    clan = ed.place(pos, "R1", Target.side(4, S))
    assert (clan.deck, clan.tactics_deck) == (pos.deck - 1, pos.tactics_deck)
    assert ed.hidden_tactics(pos) == 0 and ed.tactics_used(placed)["SPY"] == 1


def test_known_hand_and_unknown_again() -> None:
    pos = ed.set_hand(Position.empty(), N, ["R1", "R2", "R3", "R4", "R5", "R6"])
    assert pos.hands[N] is not None and pos.deck == 42 and pos.status() == []
    assert ed.set_hand(pos, "north", None) == replace(Position.empty(), deck=42)
    with pytest.raises(EditRefused, match="hand"):
        ed.set_hand(Position.empty(), N, ["R1"])  # a hand of 1 while the deck lasts
