"""``schotten-lab replay``: one position@1 per turn, the last one showing the result; a record that
breaks a rule is refused in one line naming the turn and the rule (exit 2)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schotten_lab.core import Player, Position
from schotten_lab.play import Matchup, selfplay

ROOT = Path(__file__).resolve().parents[2]
RECORDS = list(selfplay(Matchup("greedy", "random"), 2, seed=4, engine="python"))


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schotten_lab", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300
    )


def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2))
    return str(path)


def test_replay_prints_the_position_after_every_turn(tmp_path: Path) -> None:
    record = RECORDS[0]
    out = cli("replay", write(tmp_path, "game.json", record))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == len(record["turns"])
    positions = [Position.from_dict(json.loads(line)) for line in lines]
    # (the last one may show a hand one short: the winning turn ends before its draw)
    assert all(p.status() == [] for p in positions[:-1])
    first_turn = record["turns"][0]
    side = positions[0].stone(first_turn["play"]["stone"]).side(Player.parse(first_turn["player"]))
    assert first_turn["play"]["card"] in [str(c) for c in side]
    assert positions[-1].winner() is not None and positions[-1].winner().value == record["result"]["winner"]
    claimed = [s.claimed.value if s.claimed else None for s in positions[-1].stones]
    assert claimed == record["result"]["claimed"]


def test_replay_reads_one_game_of_a_json_lines_file(tmp_path: Path) -> None:
    path = write(tmp_path, "games.jsonl", "".join(json.dumps(r) + "\n" for r in RECORDS))
    second = cli("replay", path, "--game", "1")
    assert second.returncode == 0, second.stderr
    assert len(second.stdout.splitlines()) == len(RECORDS[1]["turns"])
    out_of_range = cli("replay", path, "--game", "5")
    assert out_of_range.returncode == 2 and "out of range" in out_of_range.stderr
    which = cli("replay", path)
    assert which.returncode == 2 and "choose one with --game" in which.stderr


def test_a_record_breaking_a_rule_is_refused_naming_the_turn(tmp_path: Path) -> None:
    bad = copy.deepcopy(RECORDS[0])
    turn = bad["turns"][2]
    hand_cards = {c for hand in bad["deal"]["hands"].values() for c in hand}
    turn["play"]["card"] = next(str(c) for c in bad["deal"]["clan"][::-1] if c not in hand_cards)
    out = cli("replay", write(tmp_path, "bad.json", bad))
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert "turn 3" in out.stderr


@pytest.mark.parametrize(
    ("content", "words"),
    [("not json", "not JSON"), ("[]", ""), ('{"format": "schotten-lab/game@2"}', "format"), ("", "empty file")],
)
def test_unreadable_records_exit_2_with_one_line(tmp_path: Path, content: str, words: str) -> None:
    out = cli("replay", write(tmp_path, "x.json", content))
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and words in out.stderr


def test_a_missing_file_exits_2() -> None:
    out = cli("replay", "/no/such/game.json")
    assert out.returncode == 2 and "no such file" in out.stderr


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["result"].update(winner="north" if r["result"]["winner"] == "south" else "south"), "result says winner"),
        (lambda r: r.update(result={"winner": None, "reason": None, "claimed": [None] * 9}), "result says winner null (no reason given)"),
        (lambda r: r.pop("result"), "result says winner null"),
    ],
    ids=["false winner", "finished game, null result", "finished game, no result"],
)
def test_a_false_or_missing_result_is_refused_like_review_does(tmp_path: Path, change: Any, words: str) -> None:
    bad = copy.deepcopy(RECORDS[0])
    change(bad)
    out = cli("replay", write(tmp_path, "bad.json", bad))
    assert out.returncode == 2, out.stdout[-300:]
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert f"turn {len(bad['turns'])}, result (result)" in out.stderr and words in out.stderr


def test_an_unfinished_game_with_no_result_still_replays(tmp_path: Path) -> None:
    partial = copy.deepcopy(RECORDS[0])
    partial["turns"] = partial["turns"][:4]  # no side can be complete yet, so nothing is claimed
    partial["result"] = {"winner": None, "reason": None, "claimed": [None] * 9}
    out = cli("replay", write(tmp_path, "partial.json", partial))
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 4
