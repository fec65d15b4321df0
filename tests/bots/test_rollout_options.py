"""The rollouts' options (``policy``, ``explore``) are checked once, in bots/rollouts.py
(``check_policy``, ``check_explore``), and every caller refuses a bad one with the same sentence,
naming the field, in English and French (bots/words.py's ``bot_opt.*``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest

from schotten_lab.bots import Budget
from schotten_lab.bots import AdvisorBot, advise
from schotten_lab.bots.determinize import view_of
from schotten_lab.bots.rollouts import POLICIES, Rollouts, check_explore, check_policy
from schotten_lab.cli import main
from schotten_lab.core.errors import ArgumentError
from schotten_lab.core.position import Position

MIDGAME = Path(__file__).resolve().parents[2] / "data" / "positions" / "13_midgame.json"
NBSP = "\u00a0"


def midgame() -> Position:
    return Position.from_json(MIDGAME.read_text(encoding="utf-8"))


def test_good_values_pass() -> None:
    for name in POLICIES:
        assert check_policy(name) == name
    for share in (0, 0.0, 0.1, 1, 1.0):
        assert check_explore(share) == float(share) and isinstance(check_explore(share), float)


POLICY_EN = "policy: must be one of greedy, placement, not 'nope'"
POLICY_FR = (f"policy{NBSP}: l’une des politiques de simulation «{NBSP}greedy{NBSP}», «{NBSP}placement{NBSP}» "
             f"est attendue, et non «{NBSP}nope{NBSP}»")  # fmt: skip
EXPLORE_EN = "explore: must be a share of random placements from 0 to 1, not 2"
EXPLORE_FR = f"explore{NBSP}: une part de placements au hasard, de 0 à 1, est attendue, et non 2"


@pytest.mark.parametrize("call", [
    lambda: check_policy("nope"),
    lambda: advise(midgame(), budget=Budget(rollouts=10), policy="nope"),
    lambda: AdvisorBot(budget=Budget(rollouts=10), policy="nope"),
    lambda: Rollouts(view_of(midgame()), policy="nope"),
], ids=["check_policy", "advise", "AdvisorBot", "Rollouts"])  # fmt: skip
def test_every_caller_refuses_a_bad_policy_with_the_same_sentence(call: Callable[[], object]) -> None:
    with pytest.raises(ArgumentError) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == POLICY_EN
    assert caught.value.in_words("fr") == POLICY_FR


@pytest.mark.parametrize("call", [
    lambda: check_explore(2),
    lambda: advise(midgame(), budget=Budget(rollouts=10), explore=2),
    lambda: Rollouts(view_of(midgame()), explore=2),
], ids=["check_explore", "advise", "Rollouts"])  # fmt: skip
def test_every_caller_refuses_a_bad_explore_with_the_same_sentence(call: Callable[[], object]) -> None:
    with pytest.raises(ArgumentError) as caught:
        call()
    assert str(caught.value) == EXPLORE_EN
    assert caught.value.in_words("fr") == EXPLORE_FR


@pytest.mark.parametrize("value", [None, 3, ["greedy"], "Greedy", ""])
def test_a_policy_that_is_not_a_name_is_refused(value: object) -> None:
    with pytest.raises(ArgumentError, match=r"^policy: must be one of greedy, placement, not "):
        check_policy(value)


@pytest.mark.parametrize("value", [True, -0.1, 1.5, math.nan, math.inf, "0.1", None])
def test_an_explore_that_is_not_a_share_is_refused(value: object) -> None:
    with pytest.raises(ArgumentError, match=r"^explore: must be a share of random placements from 0 to 1, not "):
        check_explore(value)


def test_the_bot_command_says_it_in_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "advisor", "--option", "policy=nope"]) == 2
    assert capsys.readouterr().err == f"schotten-lab: error: {POLICY_EN}\n"
    assert main(["bot", "advisor", "--option", "policy=nope", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == f"schotten-lab{NBSP}: erreur{NBSP}: {POLICY_FR}\n"
