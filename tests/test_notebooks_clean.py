"""The curated notebooks (and their French versions in notebooks/fr/) are committed without outputs,
indexed, and open with their question."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "apps").glob("*.ipynb"))
FRENCH = sorted((ROOT / "notebooks" / "fr").glob("*.ipynb"))
NOTEBOOKS += FRENCH


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_no_outputs(path: Path) -> None:
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs", []) == [], f"{path.name}: clear the outputs before committing"
            assert cell.get("execution_count") is None, f"{path.name}: clear the execution counts"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.parent.name == "notebooks"], ids=lambda p: p.name)
def test_notebook_indexed_and_opens_with_question(path: Path) -> None:
    assert path.stem in (ROOT / "notebooks" / "README.md").read_text()
    first = "".join(json.loads(path.read_text())["cells"][0]["source"])
    assert "**Question.**" in first and "**For**" in first


def test_there_are_six_curated_notebooks() -> None:
    assert len([p for p in NOTEBOOKS if p.parent.name == "notebooks"]) >= 6


@pytest.mark.parametrize("path", FRENCH, ids=lambda p: p.name)
def test_french_notebook_indexed_and_opens_with_question(path: Path) -> None:
    """A French lesson is listed in both indexes (notebooks/README.md and the site's notebook page),
    opens with its question and reader in French, and links the English notebook it comes from."""
    assert f"fr/{path.name}" in (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    assert f"fr/{path.name}" in (ROOT / "docs" / "notebooks" / "index.md").read_text(encoding="utf-8")
    first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
    assert "**Question.**" in first and "**Pour**" in first
    english = re.findall(r"\]\(\.\./(\d\d_\w+\.ipynb)\)", first)
    assert english and (ROOT / "notebooks" / english[0]).is_file(), path.name
    assert path.name[:3] == english[0][:3], "the French lesson keeps its English notebook's number"


def french_prose_problems(markdown: str) -> list[str]:
    """What a French markdown cell gets wrong in typography (code spans, fenced code and link targets
    left aside): a plain space or none before « : ; ! ? % », a straight apostrophe or quote, guillemets
    without their no-break spaces, a decimal point, « sud »/« nord » in lower case."""
    prose = re.sub(r"```.*?```|`[^`]*`|\]\([^)]*\)", " ", markdown, flags=re.S)
    problems = [f"no no-break space before {m.group(1)!r}: ...{prose[max(0, m.start() - 25):m.end() + 3]}..."
                for m in re.finditer(r"(?<![\u00a0\u202f])([:;!?])(?=\s|$|\)|\*)", prose)]
    problems += [f"no no-break space before %: ...{prose[max(0, m.start() - 10):m.end()]}..."
                 for m in re.finditer(r"(?<![\u00a0\u202f])%", prose)]
    if "'" in prose or '"' in prose:
        problems.append("a straight quote: write \u2019 and \u00ab \u00bb")
    if re.search(r"\u00ab(?!\u00a0)|(?<!\u00a0)\u00bb", prose):
        problems.append("guillemets without their no-break spaces")
    if re.search(r"\d\.\d", prose):
        problems.append("a decimal point in a French number")
    if re.search(r"\d \d{3}\b", prose):
        problems.append("a plain space between groups of digits")
    if re.search(r"\b(sud|nord)\b", prose):
        problems.append("\u00ab Sud \u00bb and \u00ab Nord \u00bb are capitalised")
    return problems


def test_the_prose_checker_catches_plain_spaces() -> None:
    assert french_prose_problems("Pioche : 35 cartes, 97,9 % et l'autre, 24 804 ; sud")
    assert french_prose_problems("Pioche\u00a0: 35 cartes, 97,9\u00a0%, `R8: x`, \u00ab\u00a0Sud\u00a0\u00bb, 24\u00a0804") == []


@pytest.mark.parametrize("path", FRENCH, ids=lambda p: p.name)
def test_french_notebook_prose_is_typeset(path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        if cell["cell_type"] == "markdown":
            assert french_prose_problems("".join(cell["source"])) == [], f"{path.name}, cell {number}"


def test_the_teachers_notebooks_have_french_versions() -> None:
    """Issue 20: notebooks 01, 02, 03, 04 and 11 at least exist in French."""
    assert {"01", "02", "03", "04", "11"} <= {p.name[:2] for p in FRENCH}
