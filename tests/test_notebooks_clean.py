"""The curated notebooks are committed without outputs, indexed, and open with their question."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "apps").glob("*.ipynb"))


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
