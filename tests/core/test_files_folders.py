"""Writers never create folders: a file in a missing (mistyped) folder is refused with ``no such
folder`` before any work, the CLI names the option (exit 2), and nothing is created or lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from schotten_lab.core import files
from schotten_lab.core.errors import OutputError

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env_path = {"PYTHONPATH": str(ROOT)}
    import os

    return subprocess.run(
        [sys.executable, "-m", "schotten_lab", *args], cwd=cwd, capture_output=True, text=True, timeout=300,
        env={**os.environ, **env_path},
    )  # fmt: skip


def test_check_output_and_atomic_path_refuse_a_missing_folder(tmp_path: Path) -> None:
    target = tmp_path / "typo" / "deeper" / "out.html"
    with pytest.raises(OutputError, match="no such folder: .*typo/deeper"):
        files.check_output(target, ("html",))
    with pytest.raises(OutputError, match="no such folder"), files.atomic_path(target):
        pass  # pragma: no cover - never entered
    with pytest.raises(OutputError, match="no such folder"):
        files.write_text_atomic(target, "x")
    assert list(tmp_path.iterdir()) == []


def test_a_file_where_the_folder_should_be_is_not_a_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(OutputError, match="not a folder"):
        files.write_text_atomic(tmp_path / "notes.txt" / "out.html", "x")
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_an_existing_folder_is_written_as_before(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    assert files.check_output(tmp_path / "sub" / "out.html", ("html",)) == tmp_path / "sub" / "out.html"
    files.write_text_atomic(tmp_path / "sub" / "out.html", "new")
    assert (tmp_path / "sub" / "out.html").read_text() == "new"
    assert [p.name for p in (tmp_path / "sub").iterdir()] == ["out.html"]  # no temporary file left


@pytest.mark.parametrize(
    "args",
    [
        ("selfplay", "--games", "1", "--out", "typo/sub/games.jsonl"),
        ("review", "game.json", "-o", "typo/sub/review.html"),
        ("review", "game.json", "-o", "typo/review.json"),
    ],
    ids=["selfplay --out", "review -o .html", "review -o .json"],
)
def test_the_cli_names_the_option_and_creates_nothing(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "game.json").write_text("{}")  # refused for its folder before the record is even read
    out = cli(*args, cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert out.stdout == ""
    assert out.stderr.strip().splitlines() == [out.stderr.strip()]
    assert "--out: no such folder: 'typo" in out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize(
    "command",
    [
        ("diagram", "--notation", "-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s", "-o", "typo/d.svg"),
        ("report", "--notation", "-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s", "-o", "typo/r.html"),
    ],
    ids=["diagram", "report"],
)
def test_diagram_and_report_name_their_output_option(tmp_path: Path, command: tuple[str, ...]) -> None:
    out = cli(*command, cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert "--output" in out.stderr and "no such folder: 'typo'" in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_play_widget_still_creates_its_own_games_folder(tmp_path: Path) -> None:
    pytest.importorskip("ipywidgets")
    from schotten_lab.views.play import PlayGame

    game = PlayGame("random", seed=11, save_dir=tmp_path / "games")
    saved = game.save("first.json")
    assert saved == tmp_path / "games" / "first.json" and saved.is_file()
