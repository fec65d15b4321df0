"""``selfplay`` says when its records are not fixed by the seed (an advisor on a time budget), and
``--games 0`` is refused rather than summarized as ``min None``."""

from __future__ import annotations

import pytest

from schotten_lab.bots import Budget
from schotten_lab.cli import main
from schotten_lab.cli.selfplay import _on_the_clock
from schotten_lab.bots import make_bot


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


NOTE = "searches on a time budget, so the records depend on the machine's speed and load"


def test_a_time_budget_advisor_gets_a_one_line_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "selfplay", "--south", "advisor", "--south-option", "budget=0.02", "--north", "random",
                         "--games", "1", "--seed", "3", "--quiet")  # fmt: skip
    assert code == 0, err
    notes = [line for line in err.splitlines() if NOTE in line]
    assert notes == [
        "selfplay: note: south (advisor) searches on a time budget, so the records depend on the machine's speed and "
        "load, not only on --seed; for reproducible records use --south-option iterations=N"
    ]
    assert out.count("\n") == 1  # the one record, untouched by the note


def test_no_note_when_every_bot_is_fixed_by_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "selfplay", "--south", "advisor", "--south-option", "iterations=4", "--north", "greedy",
                       "--games", "1", "--seed", "3", "--quiet")  # fmt: skip
    assert code == 0, err
    assert NOTE not in err


def test_which_bots_are_on_the_clock() -> None:
    assert _on_the_clock(make_bot("advisor"))  # the default: 2 s a move
    assert _on_the_clock(make_bot("advisor", budget=Budget(seconds=0.5)))
    assert not _on_the_clock(make_bot("advisor", budget=Budget(rollouts=10)))
    assert not _on_the_clock(make_bot("greedy")) and not _on_the_clock(make_bot("random"))


def test_zero_games_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "selfplay", "--games", "0")
    assert code == 2 and out == ""
    assert err.strip() == (
        "schotten-lab: error: --games: must be at least 1 (there is nothing to play or summarize otherwise), not 0"
    )
    assert "None" not in err
