"""The CLI seen from a player's seat: headline figures, the public figures beside them, the end of the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from schotten_lab.cli import main
from schotten_lab.core import Position

DATA = Path(__file__).resolve().parent.parent / "data" / "positions"
ENDGAME = str(DATA / "06_endgame_empty_deck.json")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


def test_text_report_says_whose_seat_and_gives_both_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["analyze", ENDGAME], capsys)
    assert code == 0
    assert "seen by south, counting south's hand (N8 Y1)" in out.splitlines()[2]
    stone8 = out[out.index("Stone 8:") : out.index("Stone 9:")]
    assert "outcome seen by south, counting south's hand: south 100%, north 0%, tie 0%" in stone8
    assert "outcome, random completion from the public pool: south 80.0%, north 20.0%, tie 0%" in stone8


def test_json_has_outcome_viewer_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["analyze", ENDGAME, "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["winner"] is None and data["viewer"] == "south"
    nine = data["stones"][8]
    assert nine["outcome"] == {"south": 0.5, "north": 0.5, "tie": 0.0}
    assert nine["outcome_viewer"] == {"south": 1.0, "north": 0.0, "tie": 0.0}
    claimed = data["stones"][0]
    assert "outcome_viewer" not in claimed and claimed["outcome"] is None


def test_public_view_when_no_hand_is_known(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["analyze", "--notation", "N8B8G8-R9R7/-/-/-/-/-/-/-/- ?6 ?6 n", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["viewer_hand_counted"] is False
    assert all("outcome_viewer" not in s for s in data["stones"])
    code, out = run(["analyze", "--notation", "N8B8G8-R9R7/-/-/-/-/-/-/-/- ?6 ?6 n"], capsys)
    assert "public view (no hand known: every figure uses the public pool)" in out


def test_a_won_game_is_over(capsys: pytest.CaptureFixture[str]) -> None:
    won = Position.build(
        {4: ("R7 R8 R9", "B1 G2 Y4"), 5: ("B7 B8 B9", "R1 G3 Y5"), 6: ("G7 G8 G9", "R2 B3 Y6"), 1: ("N1", "")},
        south_hand="P1 P2 P3 P4 P5 P6",
        claimed={4: "south", 5: "south", 6: "south"},
        to_move="north",
    )
    code, out = run(["analyze", "--notation", won.notation, "--json"], capsys)
    assert code == 0 and json.loads(out)["winner"] == "south"
    code, out = run(["analyze", "--notation", won.notation], capsys)
    assert "The game is over: south holds three adjacent stones (4, 5, 6)." in out
    assert "outcome" not in out and "odds" not in out
