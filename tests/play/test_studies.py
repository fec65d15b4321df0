"""The study API: intervals and tests against slow exact twins, tables consistent with the games they
summarise, seats really swapped in the folk pairs, reproducible for a seed."""

from __future__ import annotations

import math
from fractions import Fraction

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile
from schotten_lab.bots.advisor import PolicyBot
from schotten_lab.play import studies
from schotten_lab.play.fastplay import available
from schotten_lab.play.tournament import first_player, ratings


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), summed term by term."""
    return sum(math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1))


def bisect(f: object, target: float) -> float:
    """The p in (0, 1) where the increasing function ``f`` reaches ``target`` (60 halvings)."""
    low, high = 0.0, 1.0
    for _ in range(60):
        mid = (low + high) / 2
        if f(mid) < target:  # type: ignore[operator]
            low = mid
        else:
            high = mid
    return (low + high) / 2


@profile(60)
@given(n=st.integers(1, 60), data=st.data())
def test_exact_interval_and_p_value_match_the_slow_binomial_sums(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    row = studies.binomial_summary(k, n)
    low = 0.0 if k == 0 else bisect(lambda p: binomial_tail(k, n, p), 0.025)
    high = 1.0 if k == n else bisect(lambda p: binomial_tail(k + 1, n, p), 1 - 0.025)
    assert row["exact_low"] == pytest.approx(low, abs=1e-7)
    assert row["exact_high"] == pytest.approx(high, abs=1e-7)
    assert row["ci_low"] <= row["rate"] == k / n <= row["ci_high"]
    assert row["exact_low"] <= row["rate"] <= row["exact_high"]
    # the p-value of "no edge" is the fair coin's exact chance of a count at least as far from n/2
    coin = studies.fair_coin_table(n).set_index("wins")
    assert row["p_value"] == pytest.approx(float(coin.loc[k, "as_far_from_half"]), rel=1e-9)


def test_fair_coin_table_is_exact() -> None:
    table = studies.fair_coin_table(10)
    assert sum(table["probability"]) == 1 and table["ways"].sum() == 2**10
    assert table.loc[5, "probability"] == Fraction(252, 1024) and table.loc[0, "as_far_from_half"] == Fraction(2, 1024)
    assert table.loc[5, "as_far_from_half"] == 1
    with pytest.raises(ValueError, match="games"):
        studies.fair_coin_table(0)


def test_binomial_summary_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="games"):
        studies.binomial_summary(0, 0)
    with pytest.raises(ValueError, match="score"):
        studies.binomial_summary(5, 4)
    half = studies.binomial_summary(2.5, 5)  # a stalled game: the exact interval widens, never narrows
    assert half["exact_low"] == studies.binomial_summary(2, 5)["exact_low"]
    assert half["exact_high"] == studies.binomial_summary(3, 5)["exact_high"]


def test_running_estimate_narrows_and_ends_at_the_total() -> None:
    scores = [1.0, 0.0, 0.5, 1.0] * 50
    run = studies.running_estimate(scores)
    assert list(run["games"]) == list(range(1, 201))
    assert run.iloc[-1]["score"] == sum(scores) and run.iloc[-1]["rate"] == sum(scores) / 200
    assert ((run["ci_low"] <= run["rate"]) & (run["rate"] <= run["ci_high"])).all()
    assert run.iloc[-1]["half_width"] < run.iloc[10]["half_width"] < run.iloc[0]["half_width"]
    some = studies.running_estimate(scores, at=[1, 50, 200, 999])
    assert list(some["games"]) == [1, 50, 200]
    assert studies.log_spaced(1000, 10)[0] == 1 and studies.log_spaced(1000, 10)[-1] == 1000


def test_first_player_games_agree_with_the_tournament_count_and_are_reproducible() -> None:
    make = studies.bot_maker("policy")
    games = studies.first_player_games(make, 12, seed=4, label="policy")
    again = studies.first_player_games(make, 12, seed=4, label="policy")
    timing = ["seconds_per_move"]
    assert games.drop(columns=timing).equals(again.drop(columns=timing))
    summary = studies.first_player_table(games).iloc[0]
    twin = first_player(lambda g: PolicyBot(seed=g), 12, seed=4).iloc[0]
    assert summary["first_score"] == twin["first_wins"] and summary["rate"] == pytest.approx(twin["rate"])
    for row in games.itertuples():
        check_claimed(row.claimed, row.first_score, row.reason)


def check_claimed(claimed: str, first_score: float, reason: str) -> None:
    """The stones' owners at the end show the reason the game ended, for the player who won."""
    assert len(claimed) == 9 and set(claimed) <= {"F", "S", "."}
    if first_score == 0.5:
        assert reason == "blocked"
        return
    mine = "F" if first_score == 1.0 else "S"
    held = [owner == mine for owner in claimed]
    if reason == "five":
        assert sum(held) >= 5
    else:
        assert reason == "adjacent" and any(all(held[s : s + 3]) for s in range(7))


@pytest.mark.skipif(not available(), reason="numba missing")
def test_fast_random_games_table() -> None:
    games = studies.random_first_player_games(200, seed=2)
    assert len(games) == 200 and (games["bot"] == "random (fast)").all()
    for row in games.itertuples():
        check_claimed(row.claimed, row.first_score, row.reason)
    assert games.equals(studies.random_first_player_games(200, seed=2))


def test_stone_and_ending_tables_on_hand_made_games() -> None:
    games = pd.DataFrame(
        [
            ("b", 0, 1.0, "adjacent", 30, "FFF.S....", 0.0),
            ("b", 1, 0.0, "five", 40, "SFSSS.S..", 0.0),
            ("b", 2, 0.5, "blocked", 50, "FFSS.....", 0.0),
        ],
        columns=studies.GAME_COLUMNS,
    )
    stones = studies.stone_table(games).set_index("stone")
    assert (stones["games"] == 2).all()  # the blocked game has no winner
    assert stones.loc[1, "claimed"] == 2 and stones.loc[1, "holder_won"] == 2  # F won game 0, S game 1
    assert stones.loc[2, "claimed"] == 2 and stones.loc[2, "holder_won"] == 1
    assert stones.loc[6, "claimed"] == 0 and math.isnan(stones.loc[6, "rate"])
    endings = studies.endings_table(games).iloc[0]
    assert (endings["adjacent"], endings["five"], endings["blocked"]) == (1, 1, 1) and endings["rate"] == 0.5


def test_folk_pairs_swap_seats_on_the_same_deal() -> None:
    # a variant against itself: each deal is the same game twice with the labels swapped, so the
    # variant wins exactly one of the two (every deal split, rate exactly 1/2)
    same = studies.folk_games("middle_first", 6, seed=1, baseline="middle_first")
    assert list(same["variant_seat"]) == ["first", "second"] * 6 and list(same["deal"]) == sorted(list(range(6)) * 2)
    row = studies.folk_table(same).iloc[0]
    assert row["rate"] == 0.5 and row["split_deals"] == 1.0 and row["verdict"] == "no effect shown"
    games = studies.folk_games("hide_pairs", 8, seed=1)
    assert games.equals(studies.folk_games("hide_pairs", 8, seed=1))
    table = studies.folk_table(games).iloc[0]
    assert table["games"] == 16 and table["ci_low"] <= table["rate"] <= table["ci_high"]
    assert table["saying"].startswith("don't show two cards")
    with pytest.raises(ValueError, match="advice"):
        studies.folk_games("nonsense", 1)


def test_verdicts() -> None:
    assert studies.verdict(0.51, 0.6) == "held up"
    assert studies.verdict(0.4, 0.49) == "backfired"
    assert studies.verdict(0.45, 0.55) == "no effect shown"
    assert studies.elo_gap(0.5) == 0 and studies.elo_gap(1.0) == math.inf
    assert studies.elo_gap(10 / 11) == pytest.approx(400)


def sweep_table() -> pd.DataFrame:
    rows = [("a", "b", 10, 10.0), ("b", "a", 10, 0.0), ("a", "c", 10, 7.0), ("c", "a", 10, 3.0), ("b", "c", 10, 4.0), ("c", "b", 10, 6.0)]
    return pd.DataFrame(rows, columns=["bot", "opponent", "games", "score"])


def test_ratings_match_a_direct_maximum_likelihood_fit() -> None:
    from scipy.optimize import minimize

    table = sweep_table()
    names = ["a", "b", "c"]

    def loss(x: list[float]) -> float:  # Bradley-Terry log-likelihood plus one drawn game vs strength 1
        s = dict(zip(names, x))
        total = sum(r.score * (s[r.bot] - math.log(math.exp(s[r.bot]) + math.exp(s[r.opponent]))) for r in table.itertuples())
        total += sum(0.5 * (v - math.log(math.exp(v) + 1)) + 0.5 * (0 - math.log(math.exp(v) + 1)) for v in x)
        return -total

    fit = minimize(loss, [0.0, 0.0, 0.0], method="BFGS", options={"gtol": 1e-10}).x
    mean = sum(fit) / 3
    direct = {n: 1500 + 400 * (v - mean) / math.log(10) for n, v in zip(names, fit)}
    elo = ratings(table)
    for n in names:
        assert elo[n] == pytest.approx(direct[n], abs=0.01)
    assert elo["a"] > elo["c"] > elo["b"] and math.isfinite(elo["a"])


def test_rating_intervals_hold_the_ratings_and_are_reproducible() -> None:
    table = sweep_table()
    out = studies.rating_intervals(table, resamples=60, seed=3)
    assert out.equals(studies.rating_intervals(table, resamples=60, seed=3))
    assert list(out["bot"]) == ["a", "c", "b"]
    assert ((out["elo_low"] <= out["elo"]) & (out["elo"] <= out["elo_high"])).all()


def test_tournament_table_and_bot_names() -> None:
    table = studies.tournament({"policy": studies.bot_maker("policy"), "random": studies.bot_maker("random")}, 4, seed=1)
    assert ((table["exact_low"] <= table["rate"]) & (table["rate"] <= table["exact_high"])).all()
    assert table["score"].sum() == 4
    with pytest.raises(ValueError, match="bot: unknown 'minimax'"):
        studies.bot_maker("minimax")
    with pytest.raises(ValueError, match="advisor-N"):
        studies.bot_maker("advisor-many")
    with pytest.raises(ValueError, match="^rollouts: must be a whole number of rollouts"):
        studies.bot_maker("advisor-0")


def test_games_on_other_processes_are_the_rows_of_one_process() -> None:
    """--jobs / --dask for the studies: a bot given by name (or a folk advice) runs on a process pool
    with exactly the rows, in the order, of one process; a bot given as a function cannot travel."""
    from schotten_lab.play.distributed import Runner

    pool = Runner(jobs=2)
    drop = ["seconds_per_move"]
    here = studies.first_player_games(studies.bot_maker("greedy"), 4, seed=5, label="greedy").drop(columns=drop)
    there = studies.first_player_games("greedy", 4, seed=5, label="greedy", runner=pool).drop(columns=drop)
    pd.testing.assert_frame_equal(here, there)
    advice = next(iter(studies.ADVICE))
    pd.testing.assert_frame_equal(studies.folk_games(advice, 3, seed=5), studies.folk_games(advice, 3, seed=5, runner=pool))
    with pytest.raises(ValueError, match="runner"):
        studies.first_player_games(studies.bot_maker("greedy"), 2, runner=pool)
