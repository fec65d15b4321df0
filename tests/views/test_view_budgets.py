"""The views take the one search budget too (issue 18 item 5): ``PlayGame(budget=, advice_budget=)``,
``AdvisorPanel(budget=)`` and the classroom pool's advisor, each a :class:`Budget` of rollouts (a
level); the old spellings (a plain number, ``rollouts=``, ``advice_rollouts=``) still work with a
:class:`DeprecationWarning`, and a budget of seconds is refused naming the field, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from schotten_lab.bots import Budget  # noqa: E402
from schotten_lab.bots.budget import rollout_budget  # noqa: E402
from schotten_lab.core.errors import ArgumentError  # noqa: E402
from schotten_lab.views.editor import AdvisorPanel  # noqa: E402
from schotten_lab.views.play import PlayGame  # noqa: E402
from schotten_lab.views.play.thinking import make_opponent  # noqa: E402

from ..core.test_french import french_problems  # noqa: E402


def test_play_game_takes_budgets_and_the_old_spellings_warn(tmp_path: Path) -> None:
    game = PlayGame("advisor", Budget(rollouts=50), seed=1, save_dir=tmp_path, advice_budget=Budget(rollouts=20))
    assert int(game.strength.value) == 50 and game.advice_rollouts == 20
    with pytest.warns(DeprecationWarning, match=r"PlayGame\(rollouts=\.\.\.\) is deprecated: use PlayGame\(budget=Budget\(rollouts=50\)\)"):
        old = PlayGame("advisor", 50, seed=1, save_dir=tmp_path / "old")
    assert int(old.strength.value) == 50
    with pytest.warns(DeprecationWarning, match=r"use PlayGame\(advice_budget=Budget\(rollouts=20\)\)"):
        assert PlayGame("random", seed=1, save_dir=tmp_path / "a", advice_rollouts=20).advice_rollouts == 20
    with pytest.warns(DeprecationWarning, match=r"PlayGame\(rollouts=\.\.\.\)"):
        PlayGame("random", rollouts=70, seed=1, save_dir=tmp_path / "b")


def test_a_level_must_be_rollouts() -> None:
    with pytest.raises(ArgumentError, match=r"^budget: must be a number of rollouts here, Budget\(rollouts=N\), not Budget\(seconds=2\)$") as caught:
        PlayGame("advisor", Budget(seconds=2))
    assert not french_problems(caught.value.in_words("fr"))
    with pytest.raises(ArgumentError, match="^advice_budget: must be a number of rollouts here"):
        PlayGame("random", advice_budget=Budget(seconds=2))
    with pytest.raises(ArgumentError, match="^budget: must be a number of rollouts here"):
        AdvisorPanel(auto=False, background=False, budget=Budget(seconds=1))
    with pytest.raises(ArgumentError, match="^budget: given twice, as a Budget and as rollouts="):
        rollout_budget(5, "f", rollouts=6, default=Budget(rollouts=1))


def test_the_advisor_panel_and_the_pool_s_advisor_take_a_budget() -> None:
    assert AdvisorPanel(auto=False, background=False, budget=Budget(rollouts=200)).budget.value == 200
    assert AdvisorPanel(auto=False, background=False).budget.value == 1_000
    with pytest.warns(DeprecationWarning, match=r"AdvisorPanel\(budget=Budget\(rollouts=200\)\)"):
        assert AdvisorPanel(auto=False, background=False, rollouts=200).budget.value == 200
    assert make_opponent("advisor", Budget(rollouts=30), 1).budget == Budget(rollouts=30)  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=r"make_opponent\(rollouts=\.\.\.\)"):
        make_opponent("greedy", 30, 1)  # type: ignore[arg-type]
