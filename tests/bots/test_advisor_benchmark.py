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


def test_the_issue_verdicts_ask_for_a_whole_match(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = benchmark(monkeypatch)
    # 368/400 = 92% with a lower bound of 88.9%: met; 92% of 100 games is not a match
    assert bench.issue_verdicts("base", "greedy", result(368, 400), timed=False)[0].startswith(
        "base vs greedy: target >= 92%, lower bound > 88% over 400 games: MET"
    )
    assert ": NOT MET (" in bench.issue_verdicts("base", "greedy", result(92, 100), timed=False)[0]
    assert ": NOT MET (" in bench.issue_verdicts("base", "greedy", result(364, 400), timed=False)[0]
    assert ": NOT MET (" in bench.issue_verdicts("base", "old", result(5, 10), timed=False)[0]
    # tactics against its strong heuristic: at least 90% (no lower bound asked), over a whole match
    assert bench.issue_verdicts("tactics", "greedy-tactics", result(360, 400), timed=False)[0].startswith(
        "tactics vs greedy-tactics: target >= 90% over 400 games: MET"
    )
    assert ": NOT MET (" in bench.issue_verdicts("tactics", "greedy-tactics", result(359, 400), timed=False)[0]
    assert ": NOT MET (" in bench.issue_verdicts("tactics", "greedy-tactics", result(95, 100), timed=False)[0]


def log_text(header: str, scores: list[float], first: int = 0) -> str:
    lines, won = [header], 0.0
    for n, score in enumerate(scores, start=1):
        won += score
        lines.append(f"    after {n} games (game {first + n - 1}): {won:g} won")
    return "\n".join(lines) + "\n"


HEADER = (
    "base game: advisor (greedy rollouts, look-ahead 0, width by the budget) at 4800 rollouts/move, {n} games per opponent "
    "(games {a}-{b}), seats and first player alternating, engine as referee, seed 0, jobs {j}, against greedy"
)


def test_logs_of_one_match_combine_game_by_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bench = benchmark(monkeypatch)
    one, two = tmp_path / "a.log", tmp_path / "b.log"
    one.write_text(log_text(HEADER.format(n=3, a=0, b=2, j=1), [1, 0, 1]))
    two.write_text(log_text(HEADER.format(n=2, a=4, b=5, j=2), [0.5, 1], first=4))
    log = bench.read_logs([one, two])
    assert log.scores == {0: 1.0, 1: 0.0, 2: 1.0, 4: 0.5, 5: 1.0}
    assert (log.game, log.against, log.timed, log.missing()) == ("base", "greedy", False, [3])
    assert (log.result().wins, log.result().games) == (3.5, 5)
    lines = bench.combine([one, two], None, [])
    assert "advisor vs greedy: 3.5/5 = 70.0%" in lines[1] and "games 0-5 from 2 logs" in lines[1]
    assert lines[2] == "  missing: 1 games (3)"
    # the same games against another match: 0 and 2 won by both, 1 by the other alone
    other = tmp_path / "c.log"
    other.write_text(log_text(HEADER.format(n=3, a=0, b=2, j=1).replace("4800", "300"), [1, 1, 1]))
    compared = bench.combine([one], None, [other])[-1]
    assert "3 games in common: both won 2, both lost 0, the first alone 0, the second alone 1 (sign test p = 1.000)" in compared


@pytest.mark.parametrize(
    "second, message",
    [
        (log_text(HEADER.format(n=1, a=0, b=0, j=1), [1]), "game 0 is in another log too"),
        (log_text(HEADER.format(n=1, a=9, b=9, j=1).replace("4800", "300"), [1], first=9), "another setting"),
        (log_text(HEADER.format(n=1, a=9, b=9, j=1).replace("against greedy", "against random"), [1], first=9), "more than one opponent"),
        (log_text(HEADER.format(n=2, a=9, b=10, j=1), [1, 1], first=9).replace("after 2 games", "after 1 games"), "more than one match"),
        ("an unrelated file\n", "not a log of benchmarks/advisor.py"),
        (log_text(HEADER.format(n=1, a=9, b=9, j=1), [2], first=9), "game 9 scores 2, not 0, 1/2 or 1"),
    ],
)
def test_logs_that_do_not_make_one_match_are_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, second: str, message: str) -> None:
    bench = benchmark(monkeypatch)
    one, two = tmp_path / "a.log", tmp_path / "b.log"
    one.write_text(log_text(HEADER.format(n=1, a=0, b=0, j=1), [1]))
    two.write_text(second)
    with pytest.raises(ValueError, match=message) as error:
        bench.read_logs([one, two])
    assert str(two) in str(error.value)


def test_combine_on_the_command_line_names_the_option(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = benchmark(monkeypatch)
    missing = tmp_path / "missing.log"
    with pytest.raises(SystemExit):
        bench.main(["--combine", str(missing)])
    assert f"--combine: {missing}: cannot be read" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main(["--versus", str(missing)])
    assert "--versus goes with --combine" in capsys.readouterr().err
