"""``schotten-lab puzzles generate|check|sheet``: outputs, exit codes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzle_set import committed
from schotten_lab.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_check_passes_on_committed_puzzles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "some.jsonl"  # the whole set is re-proved by test_puzzle_set.py
    path.write_text("".join(p.to_json() + "\n" for p in committed()[::50]), encoding="utf-8")
    code, out, _ = run(["puzzles", "check", str(path), "--quiet"], capsys)
    assert code == 0 and f"{len(committed()[::50])} of {len(committed()[::50])} puzzles valid and proved" in out


def test_check_names_the_bad_line_and_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [p.to_json() for p in committed() if p.kind == "endgame"][:2]
    bad = json.loads(lines[1])
    bad["solution"]["play"]["stone"] = 12
    path = tmp_path / "bad.jsonl"
    path.write_text(lines[0] + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    code, _, err = run(["puzzles", "check", str(path)], capsys)
    assert code == 2 and "line 2: solution.play.stone" in err and err.count("\n") == 1


def test_check_reports_an_answer_that_is_not_proved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    claim = next(p for p in committed() if p.kind == "claim" and p.question["type"] == "stone" and not p.claimable)
    data = claim.to_dict()
    data["solution"]["claimable"] = [claim.question["stone"]]  # a well-formed but wrong answer
    path = tmp_path / "wrong.jsonl"
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    code, out, _ = run(["puzzles", "check", str(path)], capsys)
    assert code == 1 and "solution.claimable: the proof gives []" in out and "0 of 1" in out


def test_generate_writes_proved_puzzles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "few.jsonl"
    code, out, _ = run(["puzzles", "generate", "--kind", "claim", "--count", "2", "--seed", "9", "-o", str(target), "-q"], capsys)
    assert code == 0 and "2 claim puzzles written" in out
    code, out, _ = run(["puzzles", "check", str(target)], capsys)
    assert code == 0 and "2 of 2" in out


def test_generate_tactics_claim_puzzles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "tactics.jsonl"
    code, out, _ = run(["puzzles", "generate", "--kind", "claim", "--variant", "tactics", "--count", "1", "--seed", "1",
                        "-o", str(target), "-q"], capsys)  # fmt: skip
    assert code == 0 and "1 tactics claim puzzles written" in out
    first = (Path(__file__).resolve().parents[2] / "data" / "puzzles" / "tactics_claim.jsonl").read_text().splitlines()[0]
    assert target.read_text(encoding="utf-8") == first + "\n"  # the committed file's first puzzle: the same seed
    code, out, _ = run(["puzzles", "check", str(target)], capsys)
    assert code == 0 and "1 of 1" in out


@pytest.mark.parametrize("argv", [
    ["puzzles", "generate", "--kind", "endgame", "--variant", "tactics", "--count", "2", "-o", "x.jsonl"],
    ["puzzles", "generate", "--kind", "claim", "--variant", "expert", "--count", "2", "-o", "x.jsonl"],
    ["puzzles", "generate", "--kind", "opening", "--count", "2", "-o", "x.jsonl"],
    ["puzzles", "generate", "--kind", "claim", "--count", "0", "-o", "x.jsonl"],
    ["puzzles", "generate", "--kind", "claim", "--count", "2", "-o", "x.txt"],
    ["puzzles", "check", "/nonexistent/puzzles.jsonl"],
    ["puzzles", "sheet", "--count", "-1", "-o", "s.html"],
])  # fmt: skip
def test_bad_arguments_exit_2_in_one_line(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    code, _, err = run(argv, capsys)
    assert code == 2 and err.strip().count("\n") <= 2 and "Traceback" not in err
    assert not (tmp_path / "x.jsonl").exists()


def test_sheet_prints_questions_then_answers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "sheet.html"
    code, out, _ = run(["puzzles", "sheet", "--count", "6", "-o", str(target), "--lang", "fr"], capsys)
    assert code == 0 and "6 problèmes imprimés dans" in out  # --lang fr says the summary line too (issue 20)
    page = target.read_text(encoding="utf-8")
    assert page.count("<svg") == 6 and page.count("sl-sheet-question") == 6
    questions, answers = page.split("sl-sheet-answers'", 1)
    assert "page-break-before: always" in page and answers.count("<li>") == 6
    assert "Solutions" in answers and "borne" in questions
