"""The curated teaching positions of data/positions: each loads, is legal, and its expectations hold.

The expectations were worked out by hand (the reasoning is in each file's description); the schema is
documented in data/README.md.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from schotten_lab.analysis import card_probabilities, claim, completion_odds, stone_outcome
from schotten_lab.core import Card, Player, Position, Rank, evaluate
from schotten_lab.core.position_json import position_from_json

POSITIONS = Path(__file__).resolve().parent.parent / "data" / "positions"
FILES = sorted(POSITIONS.glob("*.json"))
EXPECTED_KEYS = {"claims", "outcomes", "odds", "cards"}


def _load(path: Path) -> tuple[Position, dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    return position_from_json(text), json.loads(text)


def _entries(kind: str) -> list[Any]:
    out = []
    for path in FILES:
        _, doc = _load(path)
        for i, entry in enumerate(doc["expected"].get(kind, [])):
            out.append(pytest.param(path, entry, id=f"{path.stem}-{kind}{i}"))
    return out


def test_there_are_enough_curated_positions() -> None:
    assert len(FILES) >= 12


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_position_loads_is_legal_and_documented(path: Path) -> None:
    position, doc = _load(path)
    assert position.status() == []
    assert doc["format"] == "schotten-lab/position@1"
    assert isinstance(doc["title"], str) and doc["title"]
    assert isinstance(doc["description"], str) and len(doc["description"]) > 80
    assert set(doc["expected"]) <= EXPECTED_KEYS
    assert doc["expected"].get("claims"), "every curated position states at least one claim verdict"
    # the curated metadata aside, the file is exactly what the library writes
    stripped = {k: v for k, v in doc.items() if k not in ("title", "description", "expected")}
    assert position.to_dict() == stripped
    assert Position.from_notation(position.notation) == position


@pytest.mark.parametrize(("path", "entry"), _entries("claims"))
def test_expected_claim(path: Path, entry: dict[str, Any]) -> None:
    position, _ = _load(path)
    player = Player.parse(entry["player"])
    verdict = claim(position, entry["stone"], player)
    assert verdict.claimable is entry["claimable"], verdict.reason
    assert verdict.reason
    assert verdict.tie_break_unknown is entry.get("tie_break_unknown", False)
    if "counter_formation" in entry:
        expected = entry["counter_formation"]
        if expected is None:
            assert verdict.counterexample is None and verdict.counter_formation is None
        else:
            assert verdict.counter_formation is not None and verdict.counterexample is not None
            assert verdict.counter_formation.rank is Rank[expected["rank"].upper()]
            assert verdict.counter_formation.total == expected["sum"]
            # the counterexample really completes the opponent's side into that formation, from the pool
            theirs = tuple(c for c in position.stone(entry["stone"]).side(player.opponent) if isinstance(c, Card))
            added = tuple(c for c in verdict.counterexample if isinstance(c, Card))
            assert len(added) == len(verdict.counterexample)
            assert evaluate(theirs + added) == verdict.counter_formation
            assert all(position.public_pool >> c.index & 1 for c in added)
    if "counterexample" in entry:
        assert verdict.counterexample == tuple(Card.parse(c) for c in entry["counterexample"])
    if entry["claimable"]:
        assert verdict.counterexample is None


@pytest.mark.parametrize(("path", "entry"), _entries("outcomes"))
def test_expected_outcome(path: Path, entry: dict[str, Any]) -> None:
    position, _ = _load(path)
    outcome = stone_outcome(position, entry["stone"])
    got = (outcome.south, outcome.north, outcome.tie)
    assert got == tuple(Fraction(entry[k]) for k in ("south", "north", "tie"))


@pytest.mark.parametrize(("path", "entry"), _entries("odds"))
def test_expected_odds(path: Path, entry: dict[str, Any]) -> None:
    position, _ = _load(path)
    odds = completion_odds(position, entry["stone"], entry["player"])
    for key, p in entry["ranks"].items():
        assert odds.ranks[Rank[key.upper()]] == Fraction(p), key


@pytest.mark.parametrize(("path", "entry"), _entries("cards"))
def test_expected_card_chances(path: Path, entry: dict[str, Any]) -> None:
    position, _ = _load(path)
    chances = {str(c.card): c for c in card_probabilities(position, entry["viewer"])}
    chance = chances[entry["card"]]
    assert chance.where == entry["where"]
    assert chance.p_opponent_hand == Fraction(entry["p_opponent_hand"])
    assert chance.p_deck == Fraction(entry["p_deck"])
