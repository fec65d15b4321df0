"""The ``optional-toctree`` directive: a toctree whose entries that are not (yet) pages are left out.

Some pages of the navigation are written by other people at their own pace (docs/ADVISOR.md,
docs/CLASSROOM.md, ...): listing them here puts each in the navigation as soon as its file exists,
and until then the build stays clean (a plain toctree warns about a missing page, an error under -W).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.directives.other import TocTree


class OptionalTocTree(TocTree):
    """A toctree over the entries of its content that name existing documents."""

    def run(self) -> list[nodes.Node]:
        found = self.env.found_docs
        here = self.env.docname.rpartition("/")[0]
        kept = []
        for line in self.content:
            entry = line.strip()
            target = entry.rpartition("<")[2].rstrip(">").strip() if entry.endswith(">") else entry
            name = target.removesuffix(".md").lstrip("/") if target.startswith("/") else \
                "/".join(p for p in (here, target.removesuffix(".md")) if p)
            if entry and (name in found or entry.startswith(":")):
                kept.append(line)
        self.content = StringList(kept, source=self.env.docname)
        if not kept:
            return []
        return super().run()


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("optional-toctree", OptionalTocTree)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
