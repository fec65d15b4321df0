"""The ``{cli-reference}`` directive: the command line's reference, generated from its argparse parser.

``schotten_lab.cli.build_parser()`` is the one source: each sub-command becomes a section with its
help text, as ``schotten-lab COMMAND --help`` prints it (80 columns), so the page can never drift from
the program.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


def command_helps(parser: argparse.ArgumentParser) -> list[tuple[str, str, str]]:
    """``(name, one-line help, full help)`` of the parser itself and of every sub-command, in order."""
    rows = [(parser.prog, parser.description or "", parser.format_help())]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            summaries = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                rows.append((name, summaries.get(name, ""), sub.format_help()))
    return rows


class CliReference(SphinxDirective):
    """Every command of ``schotten-lab`` with its ``--help`` text."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        os.environ["COLUMNS"] = "80"
        from schotten_lab.cli import build_parser

        rows = command_helps(build_parser())
        sections: list[nodes.Node] = []
        for name, summary, text in rows:
            title = name if name == rows[0][0] else f"schotten-lab {name}"
            section = nodes.section(ids=[nodes.make_id(f"cli-{name}")], names=[nodes.fully_normalize_name(title)])
            section += nodes.title(title, title)
            if summary:
                section += nodes.paragraph(summary, summary)
            block = nodes.literal_block(text.rstrip(), text.rstrip())
            block["language"] = "text"
            section += block
            self.state.document.note_implicit_target(section, section)
            sections.append(section)
        return sections


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cli-reference", CliReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
