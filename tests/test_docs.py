"""The documentation site's sources: a valid Sphinx configuration, every page in the navigation, the
pages' examples running, links staying inside the repository, and the pieces the build generates
(the notebook pages, the command-line reference) doing what they say. The build itself (warnings as
errors, every internal reference resolved) runs in ``bash scripts/docs.sh``, a step of scripts/test.sh."""

from __future__ import annotations

import doctest
import fnmatch
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

TOCTREE = re.compile(r"^```\{(optional-toctree|toctree)\}\n(.*?)^```", re.M | re.S)
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
OPTIONAL = {"ADVISOR", "CLASSROOM", "PUZZLES", "FRENCH", "french_sample", "TESTING"}


def pages() -> list[Path]:
    """Every Markdown page of docs/ (the sources Sphinx reads; docs/_ext and generated files excluded)."""
    return sorted(p for p in DOCS.rglob("*.md") if "_ext" not in p.parts and "_build" not in p.parts)


def doc_name(path: Path) -> str:
    return path.relative_to(DOCS).with_suffix("").as_posix()


def toctrees() -> list[tuple[str, str, list[str]]]:
    """``(page, directive, entries)`` of every toctree in the pages, entries resolved to document names."""
    found = []
    for page in pages():
        here = doc_name(page).rpartition("/")[0]
        for kind, body in TOCTREE.findall(page.read_text(encoding="utf-8")):
            entries = []
            for line in body.splitlines():
                line = line.strip()
                if not line or line.startswith(":"):
                    continue
                target = line.rpartition("<")[2].rstrip(">") if line.endswith(">") else line
                entries.append("/".join(p for p in (here, target.removesuffix(".md")) if p))
            found.append((doc_name(page), kind, entries))
    return found


def all_documents() -> set[str]:
    """The documents Sphinx sees: the Markdown pages and one page per curated notebook."""
    found = [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks").glob("*/*.ipynb")]  # fr/: the French lessons
    notebooks = {"notebooks/" + p.relative_to(ROOT / "notebooks").with_suffix("").as_posix() for p in found}
    return {doc_name(p) for p in pages()} | notebooks


def test_configuration_is_valid() -> None:
    import runpy

    config = runpy.run_path(str(DOCS / "conf.py"))
    assert config["root_doc"] == "index"
    assert "myst_nb" in config["extensions"]
    assert config["nitpicky"] is True
    assert config["nb_execution_mode"] == "off"  # notebooks are executed once, before the build
    assert config["html_theme"] == "furo"
    for name in config["extensions"]:
        importlib.import_module(name)
    assert (DOCS / config["html_static_path"][0] / "schotten.css").is_file()


def test_every_page_is_in_the_navigation() -> None:
    documents = all_documents()
    reached = {"index"}
    for page, kind, entries in toctrees():
        for entry in entries:
            matches = {d for d in documents if fnmatch.fnmatch(d, entry)} if "*" in entry else {entry} & documents
            if kind == "toctree":
                assert matches, f"{page}: toctree entry {entry!r} is not a page"
            reached |= matches
    assert documents - reached == set(), "pages missing from the navigation"


def test_optional_slots_name_the_pages_other_people_write() -> None:
    optional = [entries for _, kind, entries in toctrees() if kind == "optional-toctree"]
    assert {e for entries in optional for e in entries} == OPTIONAL


def test_optional_toctree_keeps_only_existing_pages() -> None:
    from optional_toctree import OptionalTocTree

    class Env:
        found_docs = {"index", "ADVISOR", "guide/seat"}
        docname = "index"

    class Stub(OptionalTocTree):
        def __init__(self, lines: list[str]) -> None:
            from docutils.statemachine import StringList

            self.content = StringList(lines)
            self.kept: list[str] = []

        @property
        def env(self) -> Any:  # type: ignore[override]
            return Env()

    stub = Stub(["ADVISOR", "CLASSROOM", ":maxdepth: 1", "Seat <guide/seat>"])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("sphinx.directives.other.TocTree.run", lambda self: list(self.content))
        kept = stub.run()
    assert kept == ["ADVISOR", ":maxdepth: 1", "Seat <guide/seat>"]
    assert Stub(["CLASSROOM"]).run() == []


@pytest.mark.parametrize("page", [p for p in pages() if ">>> " in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.relative_to(DOCS).as_posix())
def test_page_examples_run(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_moved_manual_keeps_its_examples() -> None:
    """The README's examples moved to the guides with its manual; they still run there (above)."""
    counts = {}
    for page in pages():
        tests = doctest.DocTestParser().get_examples(page.read_text(encoding="utf-8"))
        counts[doc_name(page)] = len(tests)
    assert counts["guide/analysis"] >= 15
    assert counts["guide/seat"] >= 5
    assert counts["guide/games"] >= 15
    assert counts["guide/studies"] >= 5
    assert counts["reference/security"] >= 2
    assert counts["reference/formats"] >= 6


def test_links_stay_inside_the_repository() -> None:
    for page in pages():
        text = page.read_text(encoding="utf-8")
        assert "/work/" not in text and "shared/ENGINE" not in text, page
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.partition("#")[0]).resolve()
            assert path.is_relative_to(DOCS), f"{page.name}: {target} points outside docs/"
            if path.suffix == ".ipynb":  # a notebook's page: docs/notebooks/X is written from notebooks/X
                assert (ROOT / "notebooks" / path.relative_to(DOCS / "notebooks")).is_file(), f"{page.name}: {target}"
            else:
                assert path.exists(), f"{page.name}: {target}"


def test_notebook_pages_draw_figures_and_widgets_statically() -> None:
    from notebook_pages import NOTE, STATE_MIME, prepare

    figure = {"data": [{"type": "bar", "x": ["a"], "y": [1]}], "layout": {"title": {"text": "odds"}}}
    state = {
        "box": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_html", "IPY_MODEL_go", "IPY_MODEL_fig"]}},
        "html": {"model_name": "HTMLModel", "state": {"value": "<svg id='board'></svg>"}},
        "go": {"model_name": "ButtonModel", "state": {"description": "Flip board"}},
        "fig": {"model_name": "AnyModel", "state": {"_data": figure["data"], "_layout": figure["layout"]}},
    }
    notebook = {
        "metadata": {"widgets": {STATE_MIME: {"state": state}}},
        "cells": [
            {"cell_type": "code", "outputs": [
                {"output_type": "display_data", "data": {"application/vnd.plotly.v1+json": figure}},
                {"output_type": "execute_result", "data": {
                    "application/vnd.jupyter.widget-view+json": {"model_id": "box"}, "text/plain": "VBox()"}},
            ]},
        ],
    }
    page = prepare(notebook)
    assert "widgets" not in page["metadata"]  # no widget manager (and no CDN) on the page
    chart, widget = page["cells"][0]["outputs"]
    assert list(chart["data"]) == ["text/html"] and "Plotly.newPlot" in chart["data"]["text/html"]
    assert "cdn" not in chart["data"]["text/html"].lower()
    html = widget["data"]["text/html"]
    assert list(widget["data"]) == ["text/html"]
    assert NOTE in html and "<svg id='board'>" in html and "Flip board</button>" in html
    assert "Plotly.newPlot" in html  # the FigureWidget drawn from its saved state
    assert "widgets" in notebook["metadata"]  # the executed copy itself is left alone


def test_cli_reference_covers_every_command() -> None:
    import argparse

    from cli_reference import command_helps

    from schotten_lab.cli import build_parser

    parser = build_parser()
    rows = command_helps(parser)
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert [name for name, _, _ in rows[1:]] == list(commands)
    assert {"analyze", "claim", "advise", "selfplay", "replay", "review", "bot"} <= set(commands)
    for name, _, text in rows[1:]:
        assert text.startswith(f"usage: schotten-lab {name}"), name


def test_notebook_pages_come_from_executed_copies_only() -> None:
    """The site never executes a notebook (CI executes each once, in the test run)."""
    text = (ROOT / "scripts" / "docs.sh").read_text(encoding="utf-8")
    assert "--executed" in text and "--nbmake --overwrite" in text
    test_sh = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert "--nbmake --overwrite" in test_sh and "build/notebooks" in test_sh
    assert "bash scripts/docs.sh --executed build/notebooks" in test_sh


def test_the_advise_example_is_the_readmes() -> None:
    """The command-line guide shows the README's advise example (tests/test_cli_advise.py checks that
    one against the program), so the two cannot drift apart."""
    command = "$ schotten-lab advise data/positions/13_midgame.json --iterations 1000 --moves 4\n"

    def shown(path: Path) -> str:
        return path.read_text(encoding="utf-8").split(command, 1)[1].split("```", 1)[0]

    assert shown(DOCS / "guide" / "command-line.md") == shown(ROOT / "README.md")


def test_the_french_pages_say_their_language() -> None:
    """``<html lang="fr">`` on docs/fr/ and the French lessons, the site's language elsewhere."""
    from page_language import page_language, set_language

    assert page_language("fr/index", "en") == "fr" and page_language("notebooks/fr/11_premier_joueur", "en") == "fr"
    assert page_language("guide/index", "en") == "en" and page_language("FRENCH", "en") == "en"
    french_pages = [doc_name(p) for p in pages() if doc_name(p).startswith("fr/")]
    assert french_pages and all(page_language(name, "en") == "fr" for name in french_pages)
    context = {"language": "en"}
    set_language(None, "fr/enseignant", "page.html", context, None)  # type: ignore[arg-type]
    assert context["language"] == "fr"
