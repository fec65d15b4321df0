"""The names a package's ``__init__`` re-exports, read from its own source: the one list.

A package ``__init__`` lists each public name once, as an explicit re-export ``from .x import Y as Y``
(PEP 484's form, which ``mypy --strict`` and other type checkers read as "public"); its ``__all__``
(what ``from package import *`` and the API reference take) is derived from those lines by
:func:`reexports`, so the two cannot drift apart. Standard library only, and outside every layer, so
that the top-level package can use it without loading numpy (see ``schotten_lab/__init__.py``).
"""

from __future__ import annotations

import ast
from pathlib import Path


def reexports(path: str | Path) -> dict[str, str]:
    """``{name: module}`` for every ``from <dots>module import Name as Name`` statement of the source
    file ``path`` at its top level or inside a top-level ``if`` (``if TYPE_CHECKING:``), in order;
    ``module`` keeps its leading dots (``".core"``). Other imports (``from . import words as words``,
    a plain ``from .x import Y``) are not re-exports."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        for statement in node.body if isinstance(node, ast.If) else [node]:
            if isinstance(statement, ast.ImportFrom) and statement.level and statement.module:
                home = "." * statement.level + statement.module
                found.update((alias.name, home) for alias in statement.names if alias.asname == alias.name)
    return found


__all__ = ["reexports"]
