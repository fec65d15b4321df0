"""The board editor on tactics-variant positions, driven from Python: elite troops, combat modes,
the discard pile, tactics cards in hands, the derived counts, refusals, load/save and undo/redo."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from schotten_lab.core import Card, Player, Position  # noqa: E402
from schotten_lab.core.rules import TACTICS  # noqa: E402
from schotten_lab.core.tactics import Troop  # noqa: E402
from schotten_lab.core import edit as ed  # noqa: E402
from schotten_lab.views.editor import BoardEditor, EditRefused, Target, claims_table  # noqa: E402

S, N = Player.SOUTH, Player.NORTH
MIDGAME = Path(__file__).resolve().parents[2] / "data" / "positions" / "23_tactics_midgame.json"


def midgame() -> Position:
    return Position.from_json(MIDGAME.read_text())


@pytest.fixture
def editor() -> BoardEditor:
    """An empty board switched to the tactics variant with the Variant control."""
    e = BoardEditor(charts=False)
    e.variant.value = "tactics"
    assert e.position == Position.empty(TACTICS)
    return e


def click(e: BoardEditor, target: Target, *codes: str) -> None:
    e.target.value = target
    for code in codes:
        button = e.tactics_palette[code] if code in e.tactics_palette else e.palette[code]
        button.click()


def joker_stone(e: BoardEditor) -> None:
    """South R9 R7 on stone 1, north's complete Y2 G4 B6 (a sum of 12)."""
    click(e, Target.side(1, S), "R9", "R7")
    click(e, Target.side(1, N), "Y2", "G4", "B6")


# --- variant, loading -------------------------------------------------------------------------------


def test_variant_control_switches_an_empty_board_only() -> None:
    e = BoardEditor(charts=False)
    assert e.variant.value == "base"
    assert e.tactics_row.layout.display == "none" and e.tactics_controls.layout.display == "none"
    assert e.slots[(1, S)][3].layout.display == "none"  # base game: three slots a side
    assert "base game" in e.variant_label.value
    e.variant.value = "tactics"
    assert e.position.rules.tactics and e.position.tactics_deck == 10 and e.position.hand_sizes == {S: 7, N: 7}
    assert e.tactics_row.layout.display == "" and "tactics game" in e.variant_label.value
    assert Target.discard() in [t for _, t in e.target.options]
    click(e, Target.side(1, S), "R1")
    before = e.position
    e.variant.value = "base"
    assert e.position == before and "empty board" in e.message
    assert e.variant.value == "tactics"  # the control shows the position again
    e.new_button.click()
    assert e.position == Position.empty(TACTICS)
    e.variant.value = "base"
    assert e.position == Position.empty()
    assert Target.discard() not in [t for _, t in e.target.options]


@pytest.mark.parametrize("form", ["json", "notation"])
def test_load_tactics_midgame(form: str) -> None:
    pos = midgame()
    e = BoardEditor(charts=False)
    e.text.value = pos.to_json() if form == "json" else pos.notation
    e.load_button.click()
    assert e.position == pos, e.message
    assert e.variant.value == "tactics" and "tactics game" in e.variant_label.value
    assert (5, S) in e.panel.claimable and (9, S) not in e.panel.claimable
    assert e.slots[(2, S)][0].description == "JOK" and e.slots[(2, S)][3].layout.visibility == "visible"  # Mud: 4 slots
    assert e.slots[(1, S)][3].layout.visibility == "hidden"
    assert 'data-modes="mud"' in e.stone_labels[1].value and "Blind-man's bluff" in e.stone_labels[5].value
    assert e.tactics_palette["SPY"].disabled and e.tactics_palette["TRAITOR"].disabled  # TRAITOR in south's hand
    assert not e.tactics_palette["BANSHEE"].disabled
    assert e.tactics_palette["JOKER"].description == "JOKER ×1"
    assert e.tactics_deck.value == 3 and e.played[S].value == 2 and e.played[N].value == 3


# --- troops, modes, discard -----------------------------------------------------------------------


def test_joker_makes_stone_claimable(editor: BoardEditor) -> None:
    e = editor
    joker_stone(e)
    assert (1, S) not in e.panel.claimable  # south's side is incomplete
    deck = e.position.deck
    click(e, Target.side(1, S), "JOKER")
    pos = e.position
    assert pos.stone(1).south == (Card.parse("R9"), Card.parse("R7"), Troop("JOKER"))
    assert pos.tactics_played == {S: 1, N: 0}  # a troop counts for its side's owner
    assert pos.tactics_deck == 9 and pos.deck == deck  # it came out of the tactics deck
    assert (1, S) in e.panel.claimable
    assert 'class="sl-claimable" data-stone="1" data-player="south"' in e.panel.claims.value
    assert e.slots[(1, S)][2].description == "JOK"
    assert e.tactics_palette["JOKER"].description == "JOKER ×1" and not e.tactics_palette["JOKER"].disabled
    # the slot click takes the Joker back and un-plays it
    e.slots[(1, S)][2].click()
    assert e.position.tactics_played == {S: 0, N: 0} and e.position.tactics_deck == 10
    assert (1, S) not in e.panel.claimable


def test_mud_fight_makes_complete_sides_incomplete(editor: BoardEditor) -> None:
    e = editor
    joker_stone(e)
    click(e, Target.side(1, S), "JOKER")
    assert e.position.stone(1).first_complete is N
    e.stone_select.value = 1
    assert not e.mud_mode.value
    e.mud_mode.value = True  # played by "auto": north, who has played fewer
    pos = e.position
    assert pos.stone(1).modes == frozenset({"mud"})
    assert not pos.stone(1).is_complete(S) and not pos.stone(1).is_complete(N)
    assert pos.stone(1).first_complete is None
    assert pos.tactics_played == {S: 1, N: 1} and pos.tactics_deck == 8
    assert (1, S) not in e.panel.claimable
    assert 'data-stone="1"' not in e.panel.claims.value
    assert e.tactics_palette["MUD"].disabled
    assert 'data-modes="mud"' in e.stone_labels[0].value and e.slots[(1, S)][3].layout.visibility == "visible"
    click(e, Target.side(1, N), "B7")  # a fourth card: north completes first under Mud fight
    assert e.position.stone(1).first_complete is N
    click(e, Target.side(1, N), "B8")
    assert "already holds 4 cards" in e.message
    e.undo()
    e.mud_mode.value = False
    assert e.position.stone(1).modes == frozenset() and (1, S) in e.panel.claimable
    assert e.position.tactics_played == {S: 1, N: 0}


def test_mode_from_palette_and_played_by_control(editor: BoardEditor) -> None:
    e = editor
    e.played_by.value = S
    click(e, Target.side(4, N), "BLIND")  # a mode clicked onto a side goes on that stone
    assert e.position.stone(4).modes == frozenset({"blind"})
    assert e.position.tactics_played == {S: 1, N: 0}
    e.stone_select.value = 4
    assert e.blind_mode.value
    e.stone_select.value = 3
    e.mud_mode.value = True  # south again: 2 against 0 breaks the rules
    assert e.position.stone(3).modes == frozenset()
    assert e.message.startswith("Refused") and "differ by at most 1" in e.message
    assert not e.mud_mode.value
    e.played_by.value = N
    e.mud_mode.value = True
    assert e.position.tactics_played == {S: 1, N: 1}


def test_discard_tactics_and_clan_cards(editor: BoardEditor) -> None:
    e = editor
    click(e, Target.discard(), "BANSHEE")  # auto, 0:0: the player to move (south)
    pos = e.position
    assert pos.discard == ("BANSHEE",) and pos.tactics_played == {S: 1, N: 0} and pos.tactics_deck == 9
    assert e.tactics_palette["BANSHEE"].disabled
    click(e, Target.discard(), "R5")
    assert e.position.discard == ("BANSHEE", Card.parse("R5"))
    assert e.palette["R5"].disabled and e.position.deck == pos.deck - 1
    assert [b.description for b in e.discard_buttons] == ["BAN", "R5"]
    click(e, Target.side(2, S), "HEADHUNTER")  # a ruse does not go on a side
    assert e.message.startswith("Refused") and "discard pile" in e.message
    e.discard_buttons[0].click()  # take BANSHEE back: un-played
    assert e.position.discard == (Card.parse("R5"),) and e.position.tactics_played == {S: 0, N: 0}
    assert not e.tactics_palette["BANSHEE"].disabled
    assert e.position.status() == []


def test_tactics_card_in_known_hand(editor: BoardEditor) -> None:
    e = editor
    e.target.value = Target.hand(S)
    for code in ("R1", "R2", "R3", "TRAITOR", "G1", "G2"):
        (e.tactics_palette.get(code) or e.palette[code]).click()
        assert e.position.hands[S] is None  # still a draft
    assert e.tactics_palette["TRAITOR"].disabled
    e.palette["G3"].click()
    hand = e.position.hands[S]
    assert hand is not None and "TRAITOR" in hand and len(hand) == 7
    assert e.position.tactics_deck == 9 and e.position.deck == 41 and e.position.status() == []
    assert e.hand_buttons[S][3].description == "TRT"
    e.hand_buttons[S][3].click()  # back to a draft of 6
    assert e.position.hands[S] is None and "TRAITOR" not in e.drafts[S]


# --- refusals ---------------------------------------------------------------------------------------


def test_second_joker_for_the_same_player_refused(editor: BoardEditor) -> None:
    e = editor
    joker_stone(e)
    click(e, Target.side(1, S), "JOKER")
    click(e, Target.discard(), "BANSHEE")  # north's, so that south may play again
    assert e.position.tactics_played == {S: 1, N: 1}
    before = e.position
    click(e, Target.side(2, S), "JOKER")
    assert e.position == before
    assert e.message.startswith("Refused") and "at most one" in e.message
    click(e, Target.side(2, N), "JOKER")  # north's Joker is fine
    assert e.position.tactics_played == {S: 1, N: 2}
    assert e.tactics_palette["JOKER"].disabled
    with pytest.raises(EditRefused, match="both copies"):
        ed.place(e.position, "JOKER", Target.side(3, S))


def test_pure_functions_refuse_tactics_material_in_base_game() -> None:
    pos = Position.empty()
    with pytest.raises(EditRefused, match="tactics variant"):
        ed.place(pos, "JOKER", Target.side(1, S))
    with pytest.raises(EditRefused, match="tactics variant"):
        ed.place(pos, "R1", Target.discard())
    with pytest.raises(EditRefused, match="tactics variant"):
        ed.set_mode(pos, 1, "mud")


def test_claimed_stone_keeps_its_modes() -> None:
    pos = midgame()
    pos = ed.set_claim(pos, 5, S)
    pos = ed.set_mode(pos, 6, "blind", False)  # auto: un-played by north, who played more
    assert pos.tactics_played == {S: 2, N: 2}
    with pytest.raises(EditRefused, match="claimed"):
        ed.set_mode(pos, 5, "blind", by=N)
    assert ed.set_mode(pos, 3, "blind", by=S).stone(3).modes == frozenset({"blind"})
    with pytest.raises(EditRefused, match="already placed"):
        ed.set_mode(pos, 3, "mud", by=S)  # Mud fight lies on stone 2


# --- save, load, undo/redo ------------------------------------------------------------------------------


def edited(e: BoardEditor) -> list[Position]:
    """A sequence of tactics edits; the positions after each one."""
    seen = [e.position]
    steps = [
        lambda: click(e, Target.side(1, S), "R9"),
        lambda: click(e, Target.side(1, S), "JOKER"),
        lambda: setattr(e.played_by, "value", N),
        lambda: setattr(e.mud_mode, "value", True),
        lambda: click(e, Target.discard(), "G5"),
        lambda: click(e, Target.side(2, N), "SHIELD"),
        lambda: setattr(e.played_by, "value", S),
        lambda: click(e, Target.discard(), "STRATEGIST"),
    ]
    for step in steps:
        step()
        assert not e.message.startswith("Refused"), e.message
        if e.position != seen[-1]:
            seen.append(e.position)
    return seen


def test_save_and_load_edited_tactics_position(editor: BoardEditor) -> None:
    e = editor
    edited(e)
    pos = e.position
    assert pos.tactics_played == {S: 2, N: 2} and pos.stone(1).modes == frozenset({"mud"})
    e.save_json_button.click()
    assert Position.from_json(e.text.value) == pos
    json_text = e.text.value
    e.save_notation_button.click()
    assert e.text.value == pos.notation and Position.from_notation(e.text.value) == pos
    other = BoardEditor(charts=False)
    for text in (json_text, pos.notation):
        other.text.value = text
        other.load_button.click()
        assert other.position == pos, other.message


def test_undo_redo_across_tactics_edits(editor: BoardEditor) -> None:
    e = editor
    seen = edited(e)
    assert len(seen) == 7
    for expected in reversed(seen[:-1]):
        e.undo_button.click()
        assert e.position == expected
    assert e.position == Position.empty(TACTICS)
    assert e.tactics_palette["JOKER"].description == "JOKER ×2"
    e.undo_button.click()  # the variant switch itself is an edit
    assert e.position == Position.empty() and not e.can_undo and e.variant.value == "base"
    e.redo_button.click()
    for expected in seen[1:]:
        e.redo_button.click()
        assert e.position == expected
        assert e.mud_mode.value == ("mud" in e.position.stone(e.stone_select.value).modes)
    assert not e.can_redo


def test_deck_controls_trade_between_decks() -> None:
    e = BoardEditor(midgame(), charts=False)
    e.tactics_deck.value = 4  # one more tactics card in the deck, one more clan card in north's hand
    assert e.position.tactics_deck == 4 and e.position.deck == 10, e.message
    e.deck.value = 11
    assert e.position.tactics_deck == 3 and e.position.deck == 11
    e.tactics_deck.value = 9
    assert e.position.tactics_deck == 3 and e.message.startswith("Refused")
    e.played[S].value = 3
    assert e.position.tactics_played[S] == 2 and "adds up" in e.message and e.played[S].value == 2


# --- the panel ------------------------------------------------------------------------------------------


def test_panel_charts_on_tactics_position() -> None:
    e = BoardEditor(midgame())
    assert e.panel.error == "" and set(e.panel.figures) == {"odds", "outcome", "cards"}
    outcome = e.panel.figures["outcome"].data
    for n in range(9):
        assert sum(t.y[n] for t in outcome) == pytest.approx(1.0)
    e.stone_select.value = 6
    e.blind_mode.value = False  # auto: un-played by north (3 against 2)
    assert e.position.stone(6).modes == frozenset() and e.position.tactics_played == {S: 2, N: 2}, e.message
    e.stone_select.value = 3
    e.blind_mode.value = True  # auto, a tie: the player to move, south
    assert e.position.stone(3).modes == frozenset({"blind"}), e.message
    assert e.position.tactics_played == {S: 3, N: 2}
    assert e.panel.error == ""
    rows = claims_table(e.panel.analysis)
    assert any(n == 5 and ok and "SPY" in reason for n, _, _, ok, reason in rows)
    assert not any(n == 2 for n, *_ in rows)  # stone 2 is under Mud fight: no side has 4 cards
