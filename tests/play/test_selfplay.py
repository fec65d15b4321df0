"""Self-play: records that the engine validates and replays, seats and first player as documented,
the same records whatever the number of processes, and the ``selfplay`` command's output and errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schotten_lab import game
from schotten_lab.core.rules import Player
from schotten_lab.play import Matchup, SelfPlayError, bot_seed, first_player, selfplay, summarize
from schotten_lab.play.selfplay import choose_engine, fast_available

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schotten_lab", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize(("variant", "expert"), [("base", False), ("base", True), ("tactics", False)])
def test_records_are_valid_and_follow_the_seat_convention(variant: str, expert: bool) -> None:
    match = Matchup("random", "greedy", variant, expert)
    records = list(selfplay(match, 4, seed=9, engine="python"))
    assert len(records) == 4
    for i, record in enumerate(records):
        assert record["format"] == "schotten-lab/game@1"
        assert record["first"] == first_player(i).value == ("south" if i % 2 == 0 else "north")
        assert record["players"] == {"south": "random", "north": "greedy"}
        assert record["variant"] == variant and record["expert"] is expert
        assert record["result"]["winner"] in ("south", "north")
        assert record["turns"][0]["player"] == record["first"]
        dealt = game.deal(9, i, variant)
        assert record["deal"]["hands"]["south"] == [str(c) for c in dealt.south]
        game.validate_record(game.read_record(record))
        positions = list(game.replay(game.read_record(record)))
        assert len(positions) == len(record["turns"])


def test_the_same_seed_gives_the_same_records_whatever_the_jobs() -> None:
    match = Matchup("random", "random", "base", False)
    one = list(selfplay(match, 12, seed=5, jobs=1, engine="python"))
    two = list(selfplay(match, 12, seed=5, jobs=2, engine="python", chunk=5))
    assert one == two
    assert list(selfplay(match, 12, seed=5, engine="python", chunk=1)) == one
    assert one != list(selfplay(match, 12, seed=6, engine="python"))
    # a single game is reproducible alone from its index
    assert list(selfplay(match, 12, seed=5, engine="python"))[7] == one[7]


def test_bot_seeds_differ_by_game_and_seat_and_are_stable() -> None:
    seeds = {bot_seed(s, i, p) for s in range(3) for i in range(20) for p in Player}
    assert len(seeds) == 3 * 20 * 2
    assert bot_seed(0, 0, Player.SOUTH) == bot_seed(0, 0, Player.SOUTH)


def test_the_summary_counts_wins_reasons_and_lengths() -> None:
    records = list(selfplay(Matchup(), 10, seed=1, engine="python"))
    summary = summarize(records).to_dict()
    assert summary["games"] == 10
    assert summary["wins"]["south"] + summary["wins"]["north"] == 10
    assert sum(summary["reasons"].values()) == 10 and set(summary["reasons"]) <= {"five", "adjacent"}
    lengths = [len(r["turns"]) for r in records]
    assert summary["turns"]["min"] == min(lengths) and summary["turns"]["max"] == max(lengths)
    firsts = sum(1 for r in records if r["result"]["winner"] == r["first"])
    assert summary["first_player_wins"] == firsts


def test_engine_choice() -> None:
    assert choose_engine(Matchup("greedy", "random"), "auto") == "python"
    assert choose_engine(Matchup(variant="tactics"), "auto") == "python"
    assert choose_engine(Matchup(), "python") == "python"
    assert choose_engine(Matchup(), "auto") == ("fast" if fast_available() else "python")
    with pytest.raises(SelfPlayError, match="only random against random"):
        choose_engine(Matchup("greedy", "random"), "fast")


@pytest.mark.skipif(not fast_available(), reason="the fast kernel (play/fastplay.py) is not in this checkout")
def test_fast_records_are_valid_and_reproducible_across_jobs() -> None:
    for expert in (False, True):
        match = Matchup(expert=expert)
        one = list(selfplay(match, 40, seed=3, engine="fast"))
        assert one == list(selfplay(match, 40, seed=3, jobs=2, engine="fast", chunk=7))
        for record in one[:10]:
            game.validate_record(game.read_record(record))


# ---- the command ------------------------------------------------------------------------------------


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_selfplay_command_writes_records_atomically_and_the_summary(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["selfplay", "--south", "random", "--north", "random", "--games", "8", "--seed", "2", "--engine", "python"]
    first = cli(*args, "--out", str(one))
    assert first.returncode == 0, first.stderr
    second = cli(*args, "--jobs", "2", "--out", str(two))
    assert second.returncode == 0, second.stderr
    assert one.read_text() == two.read_text()
    records = read_lines(one)
    assert len(records) == 8 and [r["first"] for r in records[:2]] == ["south", "north"]
    assert "games: 8" in first.stdout and "wins: south" in first.stdout and "reasons:" in first.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.jsonl", "two.jsonl"]  # no temp file left
    to_stdout = cli(*args)
    assert to_stdout.stdout == one.read_text()
    assert "games: 8" in to_stdout.stderr


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--out", "/no/such/folder/x.jsonl"], "no such folder"),
        (["--south", "nobody"], "unknown bot"),
        (["--games", "-1"], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--engine", "fast", "--south", "greedy"], "--engine"),
    ],
)
def test_selfplay_bad_arguments_exit_2_with_one_line(extra: list[str], words: str, tmp_path: Path) -> None:
    out = cli("selfplay", "--games", "2", *extra)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr
    assert out.stdout == ""


def test_selfplay_does_not_clobber_a_directory(tmp_path: Path) -> None:
    out = cli("selfplay", "--games", "1", "--out", str(tmp_path))
    assert out.returncode == 2 and "is a directory" in out.stderr
