"""Work a batch line does once, not twice (issue 18 item 6, the CLI batch's marginal time): a
position's legality check (``validate`` reads the cached ``status``), and a phrase's table (found
once per key, again after a later table is registered)."""

from __future__ import annotations

from pathlib import Path

import pytest

from schotten_lab.core import legality, words
from schotten_lab.core.errors import IllegalPositionError
from schotten_lab.core.position import Position

MIDGAME = Path(__file__).resolve().parents[2] / "data" / "positions" / "13_midgame.json"


def test_validate_and_status_check_a_position_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = legality.status
    monkeypatch.setattr(legality, "status", lambda position: calls.append(1) or real(position))
    position = Position.from_json(MIDGAME.read_text(encoding="utf-8"))
    assert position.validate() is position
    assert position.status() == [] and position.is_valid()
    assert len(calls) == 1


def test_validate_names_the_same_problems_as_the_legality_check() -> None:
    bad = Position.from_notation("R1R2R3-R1/-/-/-/-/-/-/-/- Y1Y2Y3Y4Y5Y6 ?6 s d40")
    with pytest.raises(IllegalPositionError) as mine:
        bad.validate()
    with pytest.raises(IllegalPositionError) as theirs:
        legality.validate(bad)
    assert mine.value.problems == theirs.value.problems and str(mine.value) == str(theirs.value)


def test_a_later_table_still_wins_after_a_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words, "_TABLES", list(words._TABLES))  # the probe's tables vanish after the test
    monkeypatch.setattr(words, "_FOUND", {})
    key = "test_lookups_once.probe"
    words.register({key: {"en": "first", "fr": "premier"}})
    assert words.say(key) == "first"
    words.register({key: {"en": "second", "fr": "second"}})
    assert words.say(key) == "second" and words.say(key, "fr") == "second"
    with pytest.raises(words.WordsError, match="unknown phrase"):
        words.phrase("test_lookups_once.nothing")
