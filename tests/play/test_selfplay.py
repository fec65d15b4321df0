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
from schotten_lab.cli import main
from schotten_lab.core.rules import Player
from schotten_lab.play import Matchup, SelfPlayError, bot_seed, opening_player, selfplay, summarize
from schotten_lab.play.selfplay import Summary, choose_engine, fast_available, selfplay_lines

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The real entry point, in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "schotten_lab", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The command line in-process: (exit code, stdout, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.heavy
@pytest.mark.parametrize(("variant", "expert"), [("base", False), ("base", True), ("tactics", False)])
def test_records_are_valid_and_follow_the_seat_convention(variant: str, expert: bool) -> None:
    match = Matchup("random", "greedy", variant, expert)
    records = list(selfplay(match, 4, seed=9, engine="python"))
    assert len(records) == 4
    for i, record in enumerate(records):
        assert record["format"] == "schotten-lab/game@1"
        assert record["first"] == opening_player(i).value == ("south" if i % 2 == 0 else "north")
        assert record["players"] == {"south": "random", "north": "greedy"}
        assert record["variant"] == variant and record["expert"] is expert
        assert record["result"]["winner"] in ("south", "north")
        assert record["turns"][0]["player"] == record["first"]
        dealt = game.deal(9, i, variant)
        assert record["deal"]["hands"]["south"] == [str(c) for c in dealt.south]
        game.validate_record(game.read_record(record))
        positions = list(game.replay(game.read_record(record)))
        assert len(positions) == len(record["turns"])


@pytest.mark.heavy
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


def test_the_summary_of_record_lines_equals_that_of_parsed_records() -> None:
    for match, engine in ((Matchup(), "python"), (Matchup(variant="tactics"), "python"), (Matchup(), "fast")):
        if engine == "fast" and not fast_available():
            continue
        lines = list(selfplay_lines(match, 6, seed=8, engine=engine))
        records = [json.loads(line) for line in lines]
        assert records == list(selfplay(match, 6, seed=8, engine=engine))
        quick = Summary()
        for line in lines:
            quick.add_line(line)
        assert quick.to_dict() == summarize(records).to_dict()
        odd = Summary()
        odd.add_line(json.dumps(records[0], indent=1))  # not compact: parsed in full
        assert odd.to_dict() == summarize(records[:1]).to_dict()


def test_engine_choice() -> None:
    assert choose_engine(Matchup("greedy", "random"), "auto") == "python"
    assert choose_engine(Matchup(variant="tactics"), "auto") == "python"
    assert choose_engine(Matchup(), "python") == "python"
    assert choose_engine(Matchup(), "auto") == ("fast" if fast_available() else "python")
    with pytest.raises(SelfPlayError, match="only random against random"):
        choose_engine(Matchup("greedy", "random"), "fast")


@pytest.mark.heavy
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


def test_selfplay_command_writes_records_atomically_and_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["selfplay", "--south", "random", "--north", "random", "--games", "8", "--seed", "2", "--engine", "python"]
    code, out, err = run(capsys, *args, "--out", str(one))
    assert code == 0, err
    assert "games: 8" in out and "wins: south" in out and "reasons:" in out and "wrote 8 records" in out
    code, _, err = run(capsys, *args, "--jobs", "2", "--out", str(two))
    assert code == 0, err
    assert one.read_text() == two.read_text()
    records = read_lines(one)
    assert len(records) == 8 and [r["first"] for r in records[:2]] == ["south", "north"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.jsonl", "two.jsonl"]  # no temp file left
    code, out, err = run(capsys, *args)
    assert code == 0 and out == one.read_text()
    assert "games: 8" in err


def test_the_selfplay_process_writes_the_same_records(tmp_path: Path) -> None:
    args = ["selfplay", "--games", "3", "--seed", "2", "--engine", "python"]
    out = cli(*args, "--out", str(tmp_path / "x.jsonl"))
    assert out.returncode == 0, out.stderr
    assert read_lines(tmp_path / "x.jsonl") == list(selfplay(Matchup(), 3, seed=2, engine="python"))


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--out", "records.html"], "not a format"),
        (["--south", "nobody"], "unknown bot"),
        (["--games", "-1"], "--games"),
        (["--games", "0"], "--games: must be at least 1"),
        (["--jobs", "0"], "--jobs"),
        (["--engine", "fast", "--south", "greedy"], "--engine"),
        (["--south-option", "depth=3"], "--south-option: bot 'random': bad options ['depth']"),
        (["--north-option", "nokey"], "expected KEY=VALUE"),
    ],
)
def test_selfplay_bad_arguments_exit_2_with_one_line(
    extra: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "selfplay", "--games", "2", *extra)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and words in err
    assert out == ""


def test_bad_output_paths_exit_2_and_leave_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games.jsonl"
    folder.mkdir()
    code, _, err = run(capsys, "selfplay", "--games", "1", "--out", str(folder))
    assert code == 2 and "folder" in err and len(err.strip().splitlines()) == 1
    blocker = tmp_path / "file"
    blocker.write_text("keep")
    code, _, err = run(capsys, "selfplay", "--games", "1", "--out", str(blocker / "x.jsonl"))
    assert code == 2 and "--out: not a folder" in err and len(err.strip().splitlines()) == 1
    assert blocker.read_text() == "keep"
