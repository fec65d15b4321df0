"""The package's public names are listed once (issue 18 item 5): in the top-level ``__init__``'s
``TYPE_CHECKING`` imports, which type checkers read (each real type) and from which the lazy loading
and ``__all__`` are derived; each subpackage lists its names once, in its imports."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import schotten_lab

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "schotten_lab"


def type_checking_block() -> ast.If:
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")


def test_the_list_is_explicit_re_exports_only() -> None:
    """Every line of the list is ``from .x import Y as Y`` (what mypy --strict re-exports)."""
    for statement in type_checking_block().body:
        assert isinstance(statement, ast.ImportFrom) and statement.level == 1, ast.unparse(statement)
        for alias in statement.names:
            assert alias.asname == alias.name, ast.unparse(statement)


def test_every_listed_name_loads_the_real_object_and_all_is_derived() -> None:
    homes = schotten_lab.public_homes()
    assert len(homes) == 31 and homes["Position"] == ".core" and homes["analyze"] == ".analysis"
    for name, home in homes.items():
        module = importlib.import_module(home, "schotten_lab")
        assert getattr(schotten_lab, name) is getattr(module, name), name
    assert schotten_lab.__all__ == sorted(homes)
    assert set(homes) <= set(dir(schotten_lab))
    namespace: dict[str, object] = {}
    exec("from schotten_lab import *", namespace)  # noqa: S102 - the star import uses __all__
    assert set(namespace) - {"__builtins__"} == set(homes)
    with pytest.raises(AttributeError, match="has no attribute 'CardChance'"):
        schotten_lab.CardChance  # noqa: B018 - in analysis, not a top-level name


def test_importing_the_package_loads_nothing_else() -> None:
    code = ("import sys, schotten_lab; assert 'numpy' not in sys.modules and 'ast' not in sys.modules; "
            "assert not any(m.startswith('schotten_lab.') for m in sys.modules), sorted(sys.modules)")  # fmt: skip
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=120)


@pytest.mark.heavy
def test_a_strict_users_code_sees_the_real_types(tmp_path: Path) -> None:
    """``from schotten_lab import Position`` is typed for a ``mypy --strict`` user (not ``Any``)."""
    pytest.importorskip("mypy")
    user = tmp_path / "user.py"
    user.write_text(
        "from schotten_lab import Position, analyze, claim\n"
        "p = Position.from_notation('N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 n')\n"
        "reveal_type(p)\n"
        "reveal_type(claim(p, 1, 'south').claimable)\n"
        "reveal_type(analyze)\n"
        "wrong: int = Position.empty()\n",
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent", str(user)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    text = out.stdout
    assert 'Revealed type is "schotten_lab.core.position.Position"' in text, text
    assert 'Revealed type is "bool"' in text, text
    assert "def (position: schotten_lab.core.position.Position" in text, text
    assert 'Incompatible types in assignment (expression has type "Position", variable has type "int")' in text, text
    assert text.count("error:") == 1, text


INITS = sorted(p for p in PACKAGE.rglob("__init__.py") if p != PACKAGE / "__init__.py")


@pytest.mark.parametrize("path", INITS, ids=[p.parent.relative_to(PACKAGE).as_posix() for p in INITS])
def test_a_subpackage_lists_its_names_once(path: Path) -> None:
    """``__all__`` is derived from the ``from .x import Y as Y`` lines (never a second literal list),
    and every name it gives is the real object of its home module."""
    from schotten_lab._names import reexports

    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            written = [e for e in getattr(node.value, "elts", []) if isinstance(e, ast.Constant)]
            assert not written, f"{path}: __all__ is a second list"
    name = ".".join(path.parent.relative_to(ROOT).parts)
    module = importlib.import_module(name)
    homes = reexports(path)
    if not hasattr(module, "__all__"):
        assert not homes
        return
    assert set(homes) <= set(module.__all__)
    for public, home in homes.items():
        assert getattr(module, public) is getattr(importlib.import_module(home, name), public), public


def test_reexports_reads_only_explicit_re_exports(tmp_path: Path) -> None:
    from schotten_lab._names import reexports

    source = tmp_path / "init.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import words as words\n"
        "from .a import A as A, b\n"
        "from ..c import C as C, D as E\n"
        "import os as os\n"
        "if TYPE_CHECKING:\n"
        "    from .f import F as F\n",
        encoding="utf-8",
    )
    assert reexports(source) == {"A": ".a", "C": "..c", "F": ".f"}
