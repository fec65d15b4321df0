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

from schotten_lab.analysis import analyze, card_probabilities, claim, completion_odds, stone_outcome
from schotten_lab.core import Card, Player, Position, Rank
from schotten_lab.core.position_json import position_from_json
from schotten_lab.core.rules import RuleSet, side_capacity
from schotten_lab.core.sides import best_identities
from schotten_lab.core.tactics import Piece, parse_piece

POSITIONS = Path(__file__).resolve().parent.parent / "data" / "positions"
FILES = sorted(POSITIONS.glob("*.json"))
EXPECTED_KEYS = {"claims", "outcomes", "odds", "cards", "board"}
RULE_OPTIONS = {"strict_proofs"}
TACTICS_LESSONS = 8
"""The tactics variant has at least this many curated positions (issue 4)."""


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


def _rules(position: Position, entry: dict[str, Any]) -> RuleSet | None:
    """The rule set an expectation asks for: the position's own, with ``"rules"`` options on top."""
    options = entry.get("rules")
    if options is None:
        return None
    assert set(options) <= RULE_OPTIONS, f"unknown rule options {sorted(set(options) - RULE_OPTIONS)}"
    return RuleSet(position.rules.variant, position.rules.expert, **options)


def test_there_are_enough_curated_positions() -> None:
    assert len(FILES) >= 12 + TACTICS_LESSONS
    tactics = [p for p in FILES if _load(p)[0].rules.tactics]
    assert len(tactics) >= TACTICS_LESSONS


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
    stripped = {k: v for k, v in doc.items() if k not in ("title", "description", "expected", "translations")}
    french = doc["translations"]["fr"]  # every curated position speaks French too (docs/FRENCH.md)
    assert french["title"] and len(french["description"]) > 80 and french["title"] != doc["title"]
    assert position.to_dict() == stripped
    assert Position.from_notation(position.notation) == position


@pytest.mark.parametrize(("path", "entry"), _entries("claims"))
def test_expected_claim(path: Path, entry: dict[str, Any]) -> None:
    position, _ = _load(path)
    player = Player.parse(entry["player"])
    verdict = claim(position, entry["stone"], player, _rules(position, entry))
    assert verdict.claimable is entry["claimable"], verdict.reason
    assert verdict.reason
    assert verdict.tie_break_unknown is entry.get("tie_break_unknown", False)
    if "scenario" in entry:
        if entry["scenario"] is None:
            assert verdict.scenario is None
        else:
            assert verdict.scenario is not None and entry["scenario"] in verdict.scenario, verdict.scenario
            assert entry["scenario"] in verdict.reason
    if "counter_formation" in entry:
        expected = entry["counter_formation"]
        if expected is None:
            assert verdict.counterexample is None and verdict.counter_formation is None
        else:
            assert verdict.counter_formation is not None and verdict.counterexample is not None
            assert verdict.counter_formation.rank is Rank[expected["rank"].upper()]
            assert verdict.counter_formation.total == expected["sum"]
            _check_counterexample(position, entry["stone"], player, verdict.counterexample, verdict)
    if "counterexample" in entry:
        assert verdict.counterexample == tuple(parse_piece(c) for c in entry["counterexample"])
    if entry["claimable"]:
        assert verdict.counterexample is None


def _check_counterexample(
    position: Position, stone: int, player: Player, added: tuple[Piece, ...], verdict: Any
) -> None:
    """The counterexample really completes the opponent's side into the counter formation, from the pool.

    Elite troops take their best identities; a strict scenario's combat modes apply.
    """
    s = position.stone(stone)
    modes = set(s.modes)
    scenario = verdict.scenario or ""
    modes |= {m for m, name in (("blind", "BLIND"), ("mud", "MUD")) if f"unplayed {name}" in scenario}
    side = s.side(player.opponent) + added
    assert len(side) == side_capacity(modes)
    formation, _ = best_identities(side, blind="blind" in modes)
    assert formation == verdict.counter_formation
    assert all(position.public_pool >> c.index & 1 for c in added if isinstance(c, Card))


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


@pytest.mark.parametrize(
    "path", [p for p in FILES if "board" in _load(p)[1]["expected"]], ids=lambda p: p.stem
)
def test_expected_board(path: Path) -> None:
    """``claim_now`` and ``threats`` of the whole-position analysis (the expert claim timing)."""
    position, doc = _load(path)
    entry = doc["expected"]["board"]
    result = analyze(position, rules=_rules(position, entry))
    assert list(result.claim_now) == entry["claim_now"]
    assert list(result.threats) == entry["threats"]
    report = result.to_dict()
    assert report["claim_now"] == entry["claim_now"] and report["threats"] == entry["threats"]
    assert report["rules"] == {
        "variant": position.rules.variant,
        "expert": position.rules.expert,
        "strict_proofs": bool(entry.get("rules", {}).get("strict_proofs", False)),
    }
