"""The README, the landing page: its Python examples run and print what it says, it stays short, every
link leads to a file of the repository, its picture is a diagram the toolkit drew, and it keeps the two
set-up commands and a way in for each kind of reader. (The manual that used to be here moved to the
documentation site; tests/test_docs.py runs its examples there.)"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def text() -> str:
    return README.read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """The anchor of a Markdown heading, as GitHub and MyST (myst_heading_anchors) make it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_readme_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 12
    assert result.failed == 0


def test_readme_is_a_landing_page() -> None:
    assert len(text().splitlines()) <= 250


def test_readme_links_lead_to_files_that_exist() -> None:
    links = LINK.findall(text())
    assert len(links) >= 30
    for target in links:
        assert not re.match(r"[a-z]+:", target), f"README links outside the repository: {target}"
        path, _, anchor = target.partition("#")
        file = (ROOT / path).resolve()
        assert file.is_relative_to(ROOT) and file.exists(), target
        if anchor and file.suffix == ".md":
            headings = re.findall(r"^#+ (.*)$", file.read_text(encoding="utf-8"), re.M)
            assert anchor in {slug(h) for h in headings}, target


def test_readme_picture_is_a_diagram_the_toolkit_drew() -> None:
    pictures = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text())
    assert pictures == ["docs/assets/three-eights.svg"]
    svg = (ROOT / pictures[0]).read_text(encoding="utf-8")
    assert 'class="schotten-position"' in svg and "<script" not in svg and "http://" not in svg.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")


def test_readme_keeps_the_set_up_commands_and_a_way_in_for_each_reader() -> None:
    readme = text()
    assert "bash scripts/notebooks.sh" in readme and "bash scripts/test.sh" in readme
    assert "bash scripts/docs.sh" in readme
    for reader in ("You play", "You write about strategy", "You teach", "You build bots"):
        assert f"**{reader}" in readme, reader
    assert "docs/fr/index.md" in readme and "docs/fr/enseignant.md" in readme
