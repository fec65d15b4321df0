"""The layout: core -> analysis | game -> bots -> play -> puzzles -> views -> cli, nothing imports upward, no Jupyter at import."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "schotten_lab"
FORBIDDEN_AT_IMPORT = ("jupyter", "ipywidgets", "plotly", "IPython", "ipykernel", "notebook", "jupyterlab", "voila")

PROBE = """
import importlib, json, pkgutil, sys
import schotten_lab, schotten_lab.core, schotten_lab.analysis, schotten_lab.game, schotten_lab.bots, schotten_lab.play
import schotten_lab.puzzles
for pkg in (schotten_lab.core, schotten_lab.analysis, schotten_lab.game, schotten_lab.bots, schotten_lab.play,
            schotten_lab.puzzles):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(info.name)
print(json.dumps(sorted(sys.modules)))
"""


def test_importing_the_library_below_views_loads_no_jupyter_module() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    modules = json.loads(out.stdout)
    assert "schotten_lab.analysis" in modules and "schotten_lab.core.position" in modules
    loaded = [m for m in modules if m.split(".")[0] in FORBIDDEN_AT_IMPORT]
    assert loaded == []
    assert not any(m.startswith("schotten_lab.views") for m in modules)


def imported_modules(path: Path) -> set[str]:
    """Absolute names of every module a source file imports, at top level or inside functions."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name == "__init__.py":
        package += ".__init__"
    parts = package.split(".")
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(parts[: len(parts) - node.level])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)  # from .. import analysis
    return names


def sources(subpackage: str) -> list[Path]:
    return sorted((PACKAGE / subpackage).rglob("*.py"))


# Each layer may import only the layers listed for it (and itself); cli sits on top of everything.
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "analysis": {"core"},
    "game": {"core"},
    "bots": {"core", "analysis", "game"},
    "play": {"core", "analysis", "game", "bots"},
    "puzzles": {"core", "analysis", "game", "bots", "play"},
    "views": {"core", "analysis", "game", "bots", "play", "puzzles"},
}
LAYERS = ("core", "analysis", "game", "bots", "play", "puzzles", "views", "cli")


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "schotten_lab" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in LAYERS or parts[1] in ALLOWED else None


LAYERED = [(layer, path) for layer in ALLOWED for path in sources(layer)]


@pytest.mark.parametrize(("layer", "path"), LAYERED, ids=[f"{layer}/{p.name}" for layer, p in LAYERED])
def test_layers_import_only_downward(layer: str, path: Path) -> None:
    used = {layer_of(m) for m in imported_modules(path)} - {None, layer}
    assert used <= ALLOWED[layer], f"{path.relative_to(ROOT)} imports {sorted(used - ALLOWED[layer])}"


def test_the_layer_table_is_one_way() -> None:
    """No layer may import one that (directly or not) imports it: the table itself has no cycle."""
    def below(layer: str) -> set[str]:
        seen: set[str] = set()
        todo = list(ALLOWED[layer])
        while todo:
            other = todo.pop()
            if other not in seen:
                seen.add(other)
                todo.extend(ALLOWED[other])
        return seen

    for layer in ALLOWED:
        assert layer not in below(layer)
    assert "game" not in below("analysis") and "analysis" not in below("game")


@pytest.mark.parametrize("path", sources("core"), ids=lambda p: p.name)
def test_core_needs_only_the_standard_library_and_numpy(path: Path) -> None:
    third_party = {
        m.split(".")[0] for m in imported_modules(path) if m.split(".")[0] not in sys.stdlib_module_names
    } - {"schotten_lab", "numpy", "__future__"}
    assert third_party == set()


@pytest.mark.parametrize("path", sources("analysis"), ids=lambda p: p.name)
def test_analysis_does_not_import_views(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.startswith(("schotten_lab.views", "schotten_lab.cli"))}
    bad |= {m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN_AT_IMPORT}
    assert bad == set()


def test_the_import_scanner_sees_relative_and_lazy_imports() -> None:
    """The checker itself must catch the forms an upward import could take."""
    names = imported_modules(PACKAGE / "core" / "position.py")
    assert "schotten_lab.core.cards" in names  # from .cards import ...
    assert "schotten_lab.core.position_json" in names  # lazy import inside a method


def core_import_graph() -> dict[str, set[str]]:
    """``{core module: core modules it imports at module level}``, ``if TYPE_CHECKING:`` imports included
    (a type-only cycle is still a cycle); imports inside functions are left out (they run later)."""
    graph: dict[str, set[str]] = {}
    for path in sources("core"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        if path.name == "__init__.py":
            name = name.removesuffix(".__init__")
        tree = ast.parse(path.read_text(), str(path))
        top: list[ast.stmt] = []
        for node in tree.body:
            top.extend(node.body if isinstance(node, ast.If) else [node])
        edges: set[str] = set()
        for node in top:
            if isinstance(node, ast.ImportFrom) and node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts)
                if node.module:
                    edges.add(f"{base}.{node.module}")
                else:
                    edges.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("schotten_lab.core"):
                edges.add(node.module or "")
        graph[name] = {e for e in edges if e != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of nodes (first repeated last), or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_core_import_graph_has_no_cycle() -> None:
    graph = core_import_graph()
    assert "schotten_lab.core.stone" in graph["schotten_lab.core.proof"]  # the scanner sees relative imports
    assert "schotten_lab.core.legality" not in graph["schotten_lab.core.position"]  # a lazy import is no edge
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_documents_the_package_points_to_exist() -> None:
    """Docstrings cite docs/*.md for rules and definitions: each cited file is in the repository."""
    import re

    cited = {
        name
        for path in PACKAGE.rglob("*.py")
        for name in re.findall(r"docs/([A-Z][A-Z_-]*\.md)", path.read_text())
    }
    assert {"RULES.md", "ANALYSIS.md"} <= cited
    assert sorted(name for name in cited if not (ROOT / "docs" / name).is_file()) == []
    bare = [p.name for p in PACKAGE.rglob("*.py") if re.search(r"(?<![/\w])(RULES|ANALYSIS)\.md", p.read_text())]
    assert bare == [], "cite docs/RULES.md or docs/ANALYSIS.md, the copies in the repository"


# ---- the command line: a package of small modules, no cycle among them ----------------------------------

CLI = PACKAGE / "cli"


def run_time_imports(path: Path) -> set[str]:
    """Modules a source file names to ``__import__``/``importlib.import_module`` with a literal string
    (an import the ``import`` statements do not show)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in ("__import__", "import_module") and isinstance(node.args[0].value, str):
                names.add(node.args[0].value)
    return names


def cli_import_graph() -> dict[str, set[str]]:
    """``{cli module: the cli modules it imports}``, every import counted: at top level, inside
    functions, under ``TYPE_CHECKING``, and by name at run time."""
    modules = {
        "schotten_lab.cli" if path.name == "__init__.py" else f"schotten_lab.cli.{path.stem}": path
        for path in sorted(CLI.glob("*.py"))
    }
    return {
        name: {other for other in modules if other != name and other in imported_modules(path) | run_time_imports(path)}
        for name, path in modules.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as the list of its nodes (the first one repeated at the end), or ``None``."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := walk(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := walk(start)):
            return cycle
    return None


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_the_cli_scanner_sees_function_level_and_run_time_imports(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text('def f():\n    from .io import one_line\n    return __import__("schotten_lab.cli").cli\n')
    assert run_time_imports(source) == {"schotten_lab.cli"}  # function-level imports: test_the_import_scanner_sees_relative_and_lazy_imports


def test_the_command_line_is_a_package_without_import_cycles() -> None:
    """Issue 18: ``cli.py`` and ``cli_advise.py`` imported each other's private helpers (one side through
    ``__import__``). Now no module of the command line imports, by any route, one that imports it back."""
    assert not list(PACKAGE.glob("cli*.py")), "the command line lives in schotten_lab/cli/"
    graph = cli_import_graph()
    assert {"schotten_lab.cli", "schotten_lab.cli.entry", "schotten_lab.cli.io"} <= set(graph)
    assert find_cycle(graph) is None, f"import cycle: {' -> '.join(find_cycle(graph) or [])}"
    assert all(not run_time_imports(path) for path in CLI.glob("*.py")), "the command line imports nothing by name"


def test_the_command_line_defines_its_exit_codes_and_error_line_once() -> None:
    texts = {path.name: path.read_text() for path in CLI.glob("*.py")}
    for definition in ("EXIT_OK =", "EXIT_BAD_INPUT =", "def one_line(", "def print_error(", "def add_lang_option(", "def argv_lang("):
        assert [name for name, text in texts.items() if definition in text] == ["io.py"], definition
    assert [name for name, text in texts.items() if '"cli.error"' in text] == ["io.py"]


# ---- small rooms everywhere ------------------------------------------------------------------------------

MODULE_LINES = 600
"""The most lines any module of the package may have (issue 18 item 5: small rooms, one job each);
one test for every package (the command line, the game, the bots and the views had one each)."""


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_of_the_package_is_small(path: Path) -> None:
    assert len(path.read_text().splitlines()) < MODULE_LINES


# ---- the bots ------------------------------------------------------------------------------------------

BOTS = PACKAGE / "bots"


def test_one_search_drives_every_variant() -> None:
    """Issue 18 item 4: the advisor's steps are written once (``search_game.advise_game``) over a game
    interface; the base and tactics modules give their moves, deals and facts, and run no search of
    their own (no twin of the certain moves, the Monte Carlo call or the ranking)."""
    import re

    for name in ("base_search.py", "tactics_search.py", "advisor.py"):
        text = (BOTS / name).read_text()
        assert "def _certain(" not in text and "def _diverse(" not in text, name
        assert not re.search(r"\b(search|ranked|successive_halving|sequential_halving)\(", text), name
