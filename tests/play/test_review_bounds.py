"""The review's honest small samples and bounded cost: deals that all agree never give a ``±0.0``
estimate nor a label from 2 deals (rule of three); ``--iterations`` has a documented maximum."""

from __future__ import annotations

import json
import math
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.bots import Budget
from schotten_lab.cli.review import MAX_REVIEW_ITERATIONS
from schotten_lab.play import review_measure as review_module  # where the review scores its moves
from schotten_lab.play.review import (
    MAX_ITERATIONS,
    SIGNIFICANCE,
    ReviewError,
    label_for,
    loss_estimate,
    paired_scores,
    review_game,
)
from schotten_lab.play.selfplay import Matchup, play_game

ROOT = Path(__file__).resolve().parents[2]
GAME = play_game(Matchup("random", "greedy"), 3, 0)
TURN_A = {"play": {"card": "R1", "stone": 1}}
TURN_B = {"play": {"card": "R2", "stone": 2}}


def cli(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "schotten_lab", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, **kwargs)  # fmt: skip


def scripted(values: list[list[float]]) -> Any:
    """A stand-in for compare_turns giving these per-deal values."""
    return lambda position, turns, deals, seed, **options: [list(v) for v in values[: len(turns)]]


@pytest.mark.parametrize(("deals", "labelled"), [(2, False), (3, False), (5, False), (7, False), (8, True), (40, True)])
def test_a_loss_on_every_deal_is_labelled_only_from_eight_deals(monkeypatch: Any, deals: int, labelled: bool) -> None:
    monkeypatch.setattr(review_module, "compare_turns", scripted([[1.0] * deals, [0.0] * deals]))
    before, before_se, after, loss_se = paired_scores(None, TURN_A, TURN_B, deals, 0)
    assert (before, after) == (1.0, 0.0)
    assert before_se > 0 and loss_se is not None and loss_se > 0  # never ±0.0 from deals that agree
    assert (label_for(before - after, loss_se) == "blunder") is labelled  # its 95% interval 1 - 6/n above 0.2
    if deals == 2:
        assert loss_se == 1.0  # the rule-of-three bound (3 * 2 / 2 / 2 = 1.5) capped at the widest spread


def test_the_win_rate_shrinks_like_the_advisor(monkeypatch: Any) -> None:
    monkeypatch.setattr(review_module, "compare_turns", scripted([[1.0, 1.0]]))
    before, before_se, after, loss_se = paired_scores(None, TURN_A, TURN_A, 2, 0)
    assert (before, after, loss_se) == (1.0, 1.0, None)  # the same move: no loss, exactly
    assert before_se == pytest.approx(math.sqrt(0.75 * 0.25 / 4))  # p = (2 + 1) / (2 + 2)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([-1.0, -0.5, 0.0, 0.5, 1.0]), min_size=2, max_size=60))
def test_loss_estimate_is_the_sample_mean_with_its_error_or_the_bound(diffs: list[float]) -> None:
    mean, se = loss_estimate(diffs)
    n = len(diffs)
    assert mean == pytest.approx(statistics.fmean(diffs))
    if len(set(diffs)) > 1:
        assert se == pytest.approx(statistics.stdev(diffs) / math.sqrt(n))
    else:
        bound = 3 * (1 + abs(diffs[0])) / n  # rule of three: < 3/n of deals may differ, by <= 1 + |d|
        assert se == pytest.approx(min(bound / SIGNIFICANCE, 1.0))
        assert label_for(mean, se) in (None, "unclear") or n >= 6  # never a label from fewer than 6 agreeing deals
    assert se > 0


def test_a_two_deal_review_labels_nothing_and_shows_no_zero_error(monkeypatch: Any) -> None:
    monkeypatch.setattr(review_module, "MAX_DEALS_FACTOR", 0)  # no adaptive deals: 2 scoring deals a turn
    review = review_game(GAME, budget=Budget(rollouts=4), seed=0)
    for t in review.turns:
        if t.exact:
            continue
        assert t.label in (None, "unclear"), t
        assert t.before_stderr is not None and t.before_stderr > 0
        assert t.loss_stderr is None or t.loss_stderr > 0
    assert "±0.0" not in review.text()


def test_iterations_are_bounded_in_the_library_and_the_cli() -> None:
    assert MAX_REVIEW_ITERATIONS == MAX_ITERATIONS
    for bad in (0, MAX_ITERATIONS + 1, True, 2.5):
        with pytest.raises(ReviewError, match="iterations: must be a whole number of rollouts from 1 to 50,000"):
            review_game(GAME, iterations=bad)  # type: ignore[arg-type]  # the deprecated spelling: refused as before
    with pytest.raises(ReviewError, match="budget: a review needs a number of rollouts a turn, Budget.rollouts=N. with N from 1 to 50,000"):
        review_game(GAME, budget=Budget(rollouts=MAX_ITERATIONS + 1))
    start = time.monotonic()
    out = cli("review", "-", "--iterations", "99999999999", input=json.dumps(GAME))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == (
        "schotten-lab: error: --iterations: must be a whole number of rollouts a turn from 1 to 50,000, not 99999999999"
    )
    assert time.monotonic() - start < 60  # refused at once, not after hours of work


def test_an_interrupted_review_says_so_and_writes_nothing(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    proc = subprocess.Popen(
        [sys.executable, "-m", "schotten_lab", "review", str(game), "--iterations", "20000", "-o", str(tmp_path / "r.html")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
        # Ctrl-C as a shell gives it: a run started in the background of a non-interactive shell, or an
        # xdist worker left ignoring SIGINT by an earlier test, passes SIG_IGN on to its children (seen in
        # /proc/PID/status SigIgn: the review never stopped)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    try:
        time.sleep(12)  # started, and searching the first turns (minutes of work)
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:  # never leave a search running behind a failed test
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, stderr
    assert stdout == ""
    assert "review: interrupted after" in stderr and "nothing written" in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_compare_turns_is_public_and_scores_the_same_deals_for_every_turn() -> None:
    from schotten_lab.bots import compare_turns
    from schotten_lab.bots.advisor import compare_turns as the_function
    from schotten_lab.game import read_record, replay_states

    assert compare_turns is the_function
    record = read_record(GAME)
    state = list(replay_states(record))[3]  # turn 5's mover, before the move
    position = state.observation(state.to_move).as_position()
    turn = record.turns[4]
    values = compare_turns(position, [{"play": turn["play"]}, {"play": turn["play"]}], 6, 1)
    assert len(values) == 2 and len(values[0]) == 6 and values[0] == values[1]  # same deals, same rollouts
    assert set(values[0]) <= {0.0, 0.5, 1.0}


def test_the_adaptive_budget_samples_an_undecided_loss_up_to_the_cap(monkeypatch: Any) -> None:
    """A loss near a threshold is scored on more deals, batch after batch (each with its own seed),
    up to the cap; a clear one stops after the first batch; the same move is scored once."""
    from schotten_lab.play.review import decided, measure_loss

    calls: list[tuple[int, int]] = []

    def fake(position: Any, turns: Any, deals: int, seed: int, **options: Any) -> list[list[float]]:
        calls.append((deals, seed))
        best = [1.0 if (seed + d) % 2 else 0.0 for d in range(deals)]  # about one half
        played = [b if d % 20 else 0.0 for d, b in enumerate(best)]  # a loss near 0.05: undecided
        return [best, played][: len(turns)]

    monkeypatch.setattr(review_module, "compare_turns", fake)
    near = measure_loss(None, [TURN_A], TURN_B, 10, 0, 40)
    assert [d for d, _ in calls] == [10, 10, 20] and near.deals == 40 and len({s for _, s in calls}) == 3
    assert near.loss >= 0 and not decided(near.loss, near.loss_stderr)
    calls.clear()
    monkeypatch.setattr(review_module, "compare_turns", scripted([[1.0] * 30, [0.0] * 30]))
    clear = measure_loss(None, [TURN_A], TURN_B, 30, 0, 120)
    assert clear.deals == 30 and clear.loss == 1.0 and not clear.as_good
    same = measure_loss(None, [TURN_A], TURN_A, 30, 0, 120)
    assert same.loss == 0.0 and same.loss_stderr is None and same.as_good
    monkeypatch.setattr(review_module, "compare_turns", scripted([[0.0] * 30, [1.0] * 30]))
    better = measure_loss(None, [TURN_A], TURN_B, 30, 0, 120)  # the played move (scored second) wins every deal
    assert better.as_good and better.loss == 0.0 and better.raw == -1.0 and better.before == better.after == 1.0


def test_the_best_is_the_candidate_that_measures_best_on_the_shared_deals(monkeypatch: Any) -> None:
    """With two candidates, the loss is measured against the better of them on the same deals."""
    from schotten_lab.play.review import measure_loss

    monkeypatch.setattr(review_module, "compare_turns", scripted([[0.5] * 40, [1.0] * 40, [0.0] * 40]))
    measured = measure_loss(None, [TURN_A, TURN_B], {"play": {"card": "R3", "stone": 3}}, 40, 0, 40)
    assert measured.best == 1 and measured.before == 1.0 and measured.loss == 1.0


def test_a_played_move_that_measures_better_is_the_best_move(monkeypatch: Any) -> None:
    """Issue 19: a loss of "-13.0% ±5.1". On the same deals the played move measured better than the
    advisor's: it is the best move, with no loss, never a negative one."""
    record = play_game(Matchup("random", "greedy"), 3, 0)
    monkeypatch.setattr(review_module, "CANDIDATES", 1)  # the advisor's move, then the played one
    monkeypatch.setattr(review_module, "compare_turns", lambda position, turns, deals, seed, **options: [[0.0] * deals, [1.0] * deals][: len(turns)])
    review = review_game(record, budget=Budget(rollouts=8), seed=0)
    for t in review.turns:
        if not t.exact:
            assert t.loss == 0.0 and t.best_played and t.label is None
    assert any(t.as_good for t in review.turns)
    assert "-" not in "".join(f"{t.loss}" for t in review.turns)


def test_the_interrupted_line_agrees_with_its_count_in_each_language() -> None:
    """``review``'s line on Ctrl-C (cli/review.py) in English and French, singular and plural."""
    from schotten_lab.cli import review as _review  # noqa: F401  (registers the command line's phrases)
    from schotten_lab.core.words import Count, say

    def line(n: int, lang: str) -> str:
        return say("cli.review_interrupted", lang, turns=Count(n, "cli.turns_one", "cli.turns_many"))

    assert line(1, "en") == "review: interrupted after 1 turn; nothing written"
    assert line(3, "en") == "review: interrupted after 3 turns; nothing written"
    assert line(1, "fr") == "review\u00a0: analyse interrompue après 1 tour\u00a0; rien n’a été écrit"
    assert line(3, "fr") == "review\u00a0: analyse interrompue après 3 tours\u00a0; rien n’a été écrit"
