"""The summary lines of ``puzzles generate|check|sheet`` in French (issue 20): the English as the
commands always printed it, the French through ``--lang fr`` (or ``SCHOTTEN_LANG=fr``) with French
typography and agreement."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzle_set import committed
from schotten_lab.cli import main

from ..core.test_french import french_problems

GENERATE = ["puzzles", "generate", "--kind", "claim", "--count", "2", "--seed", "9", "-q"]
ENGLISH = re.compile(r"^2 claim puzzles written to (\S+) \((\d+) positions of (\d+) games examined, (\d+) puzzles found, "
                     r"(\d+) duplicates, (\d+\.\d) s; ((?:easy|medium|hard|expert) \d+(?:, (?:easy|medium|hard|expert) \d+)*)\)$")  # fmt: skip
FRENCH = re.compile(r"^2 problèmes de revendication écrits dans (\S+) \((\d+) positions? examinées? dans (\d+) parties?, (\d+) problèmes? "
                    r"trouvés?, (\d+) doublons?, (\d+,\d) s\u00a0; ((?:facile|moyen|difficile|expert)\u00a0: \d+"
                    r"(?:, (?:facile|moyen|difficile|expert)\u00a0: \d+)*)\)$")  # fmt: skip
BANDS = {"easy": "facile", "medium": "moyen", "hard": "difficile", "expert": "expert"}


def _out(argv: list[str], capsys: pytest.CaptureFixture[str], code: int = 0) -> str:
    assert main(argv) == code
    return capsys.readouterr().out.strip()


def test_generate_says_its_summary_in_both_languages(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    english = ENGLISH.match(_out([*GENERATE, "-o", str(tmp_path / "en.jsonl")], capsys))
    assert english is not None
    french_line = _out([*GENERATE, "-o", str(tmp_path / "fr.jsonl"), "--lang", "fr"], capsys)
    french = FRENCH.match(french_line)
    assert french is not None, french_line
    assert (tmp_path / "en.jsonl").read_text() == (tmp_path / "fr.jsonl").read_text()  # the same run, said twice
    assert english.groups()[1:5] == french.groups()[1:5]  # positions, games, found, duplicates
    assert [BANDS[b] for b in re.findall(r"[a-z]+", english.group(7))] == re.findall(r"[a-zé]+", french.group(7))
    assert re.findall(r"\d+", english.group(7)) == re.findall(r"\d+", french.group(7))
    if english.group(3) == "1":
        assert "dans 1 partie," in french_line  # agreement: one game, « 1 partie »
    assert not french_problems(french_line.replace(str(tmp_path / "fr.jsonl"), "X")), french_problems(french_line)


@pytest.mark.parametrize("count", [1, 2])
def test_check_and_sheet_say_their_summary_in_french(
    count: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "some.jsonl"
    path.write_text("".join(p.to_json() + "\n" for p in committed()[::50][:count]), encoding="utf-8")
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    sheet = str(tmp_path / "s.html")
    assert _out(["puzzles", "check", str(path), "-q"], capsys) == f"{count} of {count} puzzles valid and proved"
    assert _out(["puzzles", "sheet", str(path), "-n", str(count), "-o", sheet], capsys) == f"{count} puzzles printed to {sheet}"
    said = {1: ("1 problème sur 1 valide et prouvé", f"1 problème imprimé dans {sheet}"),
            2: ("2 problèmes sur 2 valides et prouvés", f"2 problèmes imprimés dans {sheet}")}[count]
    assert _out(["puzzles", "check", str(path), "-q", "--lang", "fr"], capsys) == said[0]
    assert _out(["puzzles", "sheet", str(path), "-n", str(count), "-o", sheet, "--lang", "fr"], capsys) == said[1]
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    assert _out(["puzzles", "check", str(path), "-q"], capsys) == said[0]
    assert not french_problems(said[0]) and not french_problems(said[1].replace(sheet, "X"))


def test_a_french_sheet_says_each_level_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from schotten_lab.puzzles.rating import BANDS, band

    monkeypatch.setenv("SCHOTTEN_LANG", "fr")  # sheet's --lang defaults to SCHOTTEN_LANG, like every command
    path = tmp_path / "levels.jsonl"
    chosen = {band(p.rating): p for p in committed()}  # a puzzle of each level the committed set has
    assert len(chosen) >= 2
    path.write_text("".join(p.to_json() + "\n" for p in chosen.values()), encoding="utf-8")
    sheet = tmp_path / "s.html"
    assert _out(["puzzles", "sheet", str(path), "-n", str(len(chosen)), "-o", str(sheet)], capsys).endswith(f"imprimés dans {sheet}")
    page = sheet.read_text(encoding="utf-8")
    assert "<html lang='fr'>" in page
    levels = re.findall(r"classement [\d\u00a0]+ \(([^)]*)\)", page)
    assert sorted(levels) == sorted(BANDS_FR[b] for b in chosen)
    assert not ({name for _, name in BANDS} - {"expert"}) & set(levels)  # no English level left


BANDS_FR = {"easy": "facile", "medium": "moyen", "hard": "difficile", "expert": "expert"}
