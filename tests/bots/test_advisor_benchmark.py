"""benchmarks/advisor.py: the same games on processes as on one, and verdicts that follow the 95% rule."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from schotten_lab.play.arena import MatchResult, wilson
from schotten_lab.play.distributed import Runner

ROOT = Path(__file__).resolve().parents[2]


def benchmark(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The benchmark script as module ``advisor`` (worker processes find it on the path); both undone
    after the test."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("advisor", ROOT / "benchmarks" / "advisor.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "advisor", module)
    spec.loader.exec_module(module)
    return module


def result(wins: float, games: int) -> MatchResult:
    return MatchResult(games, wins, 0.0, 0.0, 0, 0.0, 0)


def test_verdicts_need_the_interval_lower_bound_to_clear_the_target(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = benchmark(monkeypatch)
    # 372/400 = 93%: the lower bound is about 90.1%, met; 370/400 = 92.5% has it below 90%
    assert wilson(372, 400)[0] >= 0.90 > wilson(370, 400)[0]
    assert bench.verdicts("greedy", result(372, 400))[0].startswith("target >= 90% vs greedy: met (lower bound")
    assert bench.verdicts("greedy", result(370, 400))[0].startswith("target >= 90% vs greedy: not met")
    assert wilson(220, 400)[0] > 0.5 >= wilson(215, 400)[0]
    assert ": met (" in bench.verdicts("weak", result(220, 400))[0]
    assert ": not met (" in bench.verdicts("weak", result(215, 400))[0]
    assert bench.verdicts("random", result(400, 400)) == []


@pytest.mark.heavy
def test_the_same_games_on_two_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = benchmark(monkeypatch)
    advisor = bench.Entrant("advisor", 2.0, 5, 0)
    weak = bench.Entrant("weak", 0.4, 1, 0)
    games = [bench.play(bench.Game(advisor, weak, 0, g)) for g in range(3)]
    one = bench.run_match(advisor, weak, 3, 0, Runner(), verbose=False)
    two = bench.run_match(advisor, weak, 3, 0, Runner(jobs=2), verbose=False)
    assert (one.wins, one.first_player_wins, one.decisions_a) == (two.wins, two.first_player_wins, two.decisions_a)
    assert one.wins == sum(0.5 if g.winner < 0 else float(g.winner == i % 2) for i, g in enumerate(games))
    assert one.decisions_a == sum(g.decisions[i % 2] for i, g in enumerate(games))
