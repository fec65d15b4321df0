"""The search budget is one value (issue 18 item 5): :class:`Budget`, exactly one of ``rollouts``
and ``seconds``, checked once when made (bots/budget.py, the ``bot_opt.*`` phrases in English and
French); the keywords of earlier releases still work for one release, converted in one place with a
:class:`DeprecationWarning`, and give the very same answers."""

from __future__ import annotations

import math
import warnings
from pathlib import Path
from typing import Any

import pytest

import schotten_lab
from schotten_lab.bots import AdvisorBot, Budget, advise
from schotten_lab.bots.budget import DEFAULT, MAX_ROLLOUTS, MAX_SECONDS, budget_options, legacy_budget
from schotten_lab.cli import main
from schotten_lab.core.errors import ArgumentError, SchottenError
from schotten_lab.core.position import Position
from schotten_lab.play.review import review_game
from schotten_lab.play.selfplay import Matchup, play_game

from ..core.test_french import french_problems

MIDGAME = Path(__file__).resolve().parents[2] / "data" / "positions" / "13_midgame.json"
NBSP = "\u00a0"


def midgame() -> Position:
    return Position.from_json(MIDGAME.read_text(encoding="utf-8"))


def test_a_budget_is_one_of_two_values_with_a_dict_and_a_repr() -> None:
    assert Budget(rollouts=300).to_dict() == {"rollouts": 300} and Budget(seconds=2).to_dict() == {"seconds": 2.0}
    assert isinstance(Budget(seconds=2).seconds, float) and Budget(seconds=2) == Budget(seconds=2.0)
    assert repr(Budget(rollouts=300)) == "Budget(rollouts=300)" and repr(Budget(seconds=0.5)) == "Budget(seconds=0.5)"
    assert repr(Budget(seconds=2.0)) == "Budget(seconds=2)"
    assert str(Budget(rollouts=3000)) == "3,000 rollouts" and str(Budget(seconds=2)) == "2 s"
    assert eval(repr(Budget(seconds=0.25))) == Budget(seconds=0.25)  # noqa: S307 - a repr to paste back
    assert Budget(seconds=1).on_the_clock and not Budget(rollouts=1).on_the_clock
    assert DEFAULT == Budget(seconds=2.0) == Budget.of() and Budget.of(rollouts=5) == Budget(rollouts=5)
    assert Budget.of(seconds=0.5) == Budget(seconds=0.5)
    assert schotten_lab.Budget is Budget
    with pytest.raises(AttributeError):
        Budget(rollouts=3).rollouts = 4  # type: ignore[misc]  # frozen
    with pytest.raises(TypeError):
        Budget(300)  # type: ignore[misc]  # keyword only: which of the two is meant is always written


@pytest.mark.parametrize("budget", [Budget(rollouts=1), Budget(rollouts=MAX_ROLLOUTS), Budget(seconds=MAX_SECONDS),
                                    Budget(seconds=0.001), Budget(rollouts=300), Budget(seconds=2)])
def test_the_dict_goes_round(budget: Budget) -> None:
    assert Budget.from_dict(budget.to_dict()) == budget


BAD: list[tuple[dict[str, Any], str, str]] = [
    ({"seconds": 0}, "seconds: must be seconds a move, above 0 and at most 3600, not 0",
     f"seconds{NBSP}: un nombre de secondes par coup, plus de 0 et au plus 3600, est attendu, et non 0"),
    ({"seconds": -1.0}, "seconds: must be seconds a move, above 0 and at most 3600, not -1.0", ""),
    ({"seconds": math.nan}, "seconds: must be seconds a move, above 0 and at most 3600, not nan", ""),
    ({"seconds": math.inf}, "seconds: must be seconds a move, above 0 and at most 3600, not inf", ""),
    ({"seconds": "2"}, "seconds: must be seconds a move, above 0 and at most 3600, not '2'", ""),
    ({"seconds": True}, "seconds: must be seconds a move, above 0 and at most 3600, not True", ""),
    ({"rollouts": 0}, "rollouts: must be a whole number of rollouts from 1 to 10,000,000, not 0",
     f"rollouts{NBSP}: un nombre entier de parties simulées, de 1 à 10{NBSP}000{NBSP}000, est attendu, et non 0"),
    ({"rollouts": 2.5}, "rollouts: must be a whole number of rollouts from 1 to 10,000,000, not 2.5", ""),
    ({"rollouts": True}, "rollouts: must be a whole number of rollouts from 1 to 10,000,000, not True", ""),
    ({"rollouts": MAX_ROLLOUTS + 1}, "rollouts: must be a whole number of rollouts from 1 to 10,000,000, not 10000001", ""),
    ({}, "budget: must be exactly one of seconds and rollouts, e.g. Budget(seconds=2) or Budget(rollouts=300)",
     f"budget{NBSP}: exactement l’une des deux valeurs seconds et rollouts est attendue, par exemple Budget(seconds=2) "
     "ou Budget(rollouts=300)"),
    ({"seconds": 2, "rollouts": 300}, "budget: must be exactly one of seconds and rollouts, e.g. Budget(seconds=2) or "
     "Budget(rollouts=300)", ""),
]


@pytest.mark.parametrize(("fields", "english", "french"), BAD)
def test_a_bad_budget_is_refused_naming_the_field_in_both_languages(fields: dict[str, Any], english: str, french: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        Budget(**fields)
    error = caught.value
    assert isinstance(error, SchottenError) and isinstance(error, ValueError)
    assert str(error) == english and "\n" not in english
    said = error.in_words("fr")
    assert said != english and not french_problems(said), (said, french_problems(said))
    if french:
        assert said == french


@pytest.mark.parametrize("data", [{}, {"seconds": 1, "rollouts": 2}, {"minutes": 1}, [("seconds", 1)], "2", None])
def test_from_dict_refuses_anything_but_one_of_the_two_keys(data: object) -> None:
    with pytest.raises(ArgumentError, match="^budget: must be exactly one of seconds and rollouts"):
        Budget.from_dict(data)


def _without_time(advice: Any) -> dict[str, Any]:
    return advice.to_dict() | {"seconds": 0}  # type: ignore[no-any-return]


def test_the_old_keywords_warn_and_give_the_same_answers() -> None:
    position = midgame()
    new = _without_time(advise(position, budget=Budget(rollouts=60), seed=3))
    with pytest.warns(DeprecationWarning, match=r"advise\(iterations=\.\.\.\) is deprecated: use advise\(budget=Budget\(rollouts=60\)\)"):
        old = _without_time(advise(position, iterations=60, seed=3))
    assert old == new
    with pytest.warns(DeprecationWarning, match="iterations"):  # iterations win over seconds, as before: no clock read
        assert _without_time(advise(position, iterations=60, budget_seconds=0.001, seed=3)) == new
    with pytest.warns(DeprecationWarning, match=r"advise\(budget=Budget\(seconds=0.5\)\)"):
        assert advise(position, budget_seconds=0.5, seed=3).method == "Monte Carlo over deals"
    bot = AdvisorBot(budget=Budget(rollouts=40), seed=1).decide(position)
    with pytest.warns(DeprecationWarning, match=r"AdvisorBot\(budget=Budget\(rollouts=40\)\)"):
        old_bot = AdvisorBot(iterations=40, seed=1)
    assert old_bot.budget == Budget(rollouts=40) and old_bot.decide(position) == bot
    with pytest.warns(DeprecationWarning, match=r"AdvisorBot\(budget=Budget\(seconds=0.5\)\)"):
        assert AdvisorBot(budget=0.5).budget == Budget(seconds=0.5)
    with pytest.warns(DeprecationWarning, match=r"AdvisorBot\(budget=Budget\(rollouts=7\)\)"):
        assert AdvisorBot(budget=0.5, iterations=7).budget == Budget(rollouts=7)


def test_the_old_review_keyword_warns_and_reviews_the_same() -> None:
    game = play_game(Matchup("random", "greedy"), 2, 0)
    new = review_game(game, budget=Budget(rollouts=6), seed=1).to_dict()
    with pytest.warns(DeprecationWarning, match=r"review_game\(budget=Budget\(rollouts=6\)\)"):
        old = review_game(game, iterations=6, seed=1).to_dict()
    assert old == new and new["iterations"] == 6 and new["budget"] == {"rollouts": 6}


def test_a_budget_and_an_old_keyword_together_are_refused() -> None:
    with pytest.raises(ArgumentError, match=r"^budget: given twice, as a Budget and as iterations=\.\.\.; give the Budget alone$") as caught:
        advise(midgame(), budget=Budget(seconds=1), iterations=10)
    assert not french_problems(caught.value.in_words("fr"))
    with pytest.raises(ArgumentError, match="as a Budget and as budget_seconds="):
        advise(midgame(), budget=Budget(rollouts=10), budget_seconds=1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the default object stands for "not given": no error, one warning
        with pytest.raises(DeprecationWarning):
            legacy_budget(DEFAULT, "advise", iterations=5)


def test_the_conversion_is_one_function() -> None:
    with pytest.warns(DeprecationWarning):
        assert legacy_budget(None, "f", seconds=1.5) == Budget(seconds=1.5)
    with pytest.warns(DeprecationWarning):
        assert legacy_budget(None, "f", rollouts=9) == Budget(rollouts=9)
    assert legacy_budget(None, "f") is DEFAULT and legacy_budget(Budget(rollouts=3), "f") == Budget(rollouts=3)
    with pytest.raises(ArgumentError, match="^budget_seconds: must be seconds"):
        legacy_budget(None, "f", seconds=-1)
    with pytest.raises(ArgumentError, match="^budget: must be seconds a move.*not 'fast'"):
        legacy_budget("fast", "f")


def test_bot_options_make_one_budget() -> None:
    assert budget_options({"budget": 0.5, "seed": 1}) == {"budget": Budget(seconds=0.5), "seed": 1}
    assert budget_options({"iterations": 30}) == {"budget": Budget(rollouts=30)}
    assert budget_options({"rollouts": 30}) == {"budget": Budget(rollouts=30)}
    assert budget_options({"seconds": 1}) == {"budget": Budget(seconds=1)}
    assert budget_options({"budget": {"rollouts": 4}}) == {"budget": Budget(rollouts=4)}
    assert budget_options({"seed": 2}) == {"seed": 2}
    with pytest.raises(ArgumentError, match="^budget: must be exactly one"):
        budget_options({"budget": 1, "iterations": 3})
    with pytest.raises(ArgumentError, match="^iterations: must be a whole number"):
        budget_options({"iterations": 0})


@pytest.mark.parametrize(("flags", "expected"), [
    (["--iterations", "40"], {"rollouts": 40}),
    (["-i", "40"], {"rollouts": 40}),
    (["--budget", "0.2"], {"seconds": 0.2}),
])  # fmt: skip
def test_the_cli_s_two_spellings_are_one_budget(flags: list[str], expected: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["advise", "-n", "R8R9-/-B5/-/-/-/-/-/-/- R7B1G2Y4P5N3 ?6 s", "--json", *flags]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["budget"] == expected
    assert (doc["iterations"], doc["budget_seconds"]) == (expected.get("rollouts"), expected.get("seconds"))


def test_the_cli_refuses_both_spellings_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["advise", "-n", "x"], ["bot", "advisor"]):
        assert main([*command, "--iterations", "10", "--budget", "1"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not allowed with argument" in err, err
