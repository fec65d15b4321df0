"""The game package's rooms (issue 18 item 5; the 600-line rule is tests/test_architecture.py's, for
every module): one job each; the observation (what a player sees, a pending Headhunter's choices) apart from the plays, the state (the
value and its constructors) apart from the engine that applies a turn and the turn's table work,
every old name still reached from ``schotten_lab.game``."""

from __future__ import annotations

import ast
from pathlib import Path

import schotten_lab.game as game
from schotten_lab.game import apply, observation, plays, state

GAME = Path(game.__file__).parent


def test_the_old_names_still_come_from_the_game_package() -> None:
    for name in ("Observation", "Pending", "observe", "observation_from_dict", "headhunter_returns"):
        assert getattr(game, name) is getattr(observation, name)
    for name in ("Play", "legal_plays", "may_pass", "claimable_stones", "play_words", "deck_words", "with_claims"):
        assert getattr(game, name) is getattr(plays, name)
    assert plays.seat_of.__module__ == "schotten_lab.game.plays"  # the legality reads an observation, never makes one
    for name in ("GameState", "new_game", "state_from_position", "claims_after"):
        assert getattr(game, name) is getattr(state, name)
    for name in ("apply_turn", "read_decision"):
        assert getattr(game, name) is getattr(apply, name)


def run_time_imports_within_game() -> dict[str, set[str]]:
    """``{module: the game modules it imports when loaded}``: the relative imports at the top of each
    module of the game package (those under ``if TYPE_CHECKING:`` are for type checkers only)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(GAME.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[path.stem] = {
            node.module.split(".")[0]
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        }
    return graph


def test_the_state_the_table_work_and_the_engine_import_one_way() -> None:
    """The split of the old state module, one job each: the turn's table work (work.py) needs no state
    when it runs, the state uses that work (``claims_after`` plays a card on a copy), and only the engine
    (apply.py) uses both; records and playouts go through the engine. No module of the game package
    imports, by any route, one that imports it back."""
    graph = run_time_imports_within_game()
    assert "state" not in graph["work"] and "apply" not in graph["work"]
    assert "work" in graph["state"] and "apply" not in graph["state"]
    assert {"state", "work"} <= graph["apply"] and "apply" in graph["records"] and "apply" in graph["playout"]

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})) for nxt in graph.get(start, ()))

    assert [name for name in graph if reaches(name, name, set())] == []
