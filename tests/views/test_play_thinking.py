"""The advisor's searches in a pool of processes (views/play/thinking.py): a quiet pool answers as the
advisor in this process does (its slow twin, compared on random games), a search that shares the pool
is bounded by its reply's deadline, the page says when the class was busy, and a pool that stopped
gives one sentence and keeps the game."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile
from schotten_lab.bots import Budget
from schotten_lab.bots.advisor import AdvisorBot
from schotten_lab.core.position import Position
from schotten_lab.core.rules import Player
from schotten_lab.game import apply_turn, new_game
from schotten_lab.game.playout import random_decision
from schotten_lab.views.play import PlayGame, thinking
from schotten_lab.views.play.thinking import MIN_SECONDS, REPLY_MARGIN, SAFETY, PooledAdvisor, Search, SearchPool, Thought


@pytest.fixture(scope="module")
def pool() -> Iterator[SearchPool]:
    made = SearchPool(1)
    yield made
    made.close()


def observation_after(variant: str, seed: int, turns: int) -> Position | None:
    """The observation of the player to move after ``turns`` random turns of a seeded deal (``None``
    when the game is over by then)."""
    rng = random.Random(seed)
    state = new_game(variant, False, seed=seed, first=Player.SOUTH)
    for _ in range(turns):
        if state.over:
            return None
        state, _ = apply_turn(state, random_decision(state, rng))
    return None if state.over else state.observation(state.to_move)


@profile(12)
@given(variant=st.sampled_from(["base", "tactics"]), seed=st.integers(0, 10_000), turns=st.integers(0, 30),
       rollouts=st.sampled_from([8, 20, 50]))
def test_a_quiet_pool_answers_as_the_advisor_in_this_process(pool: SearchPool, variant: str, seed: int, turns: int,
                                                             rollouts: int) -> None:
    observation = observation_after(variant, seed, turns)
    if observation is None:
        return
    here, there = AdvisorBot(budget=Budget(rollouts=rollouts), seed=seed), PooledAdvisor(pool, Budget(rollouts=rollouts), seed)
    for _ in range(2):  # two decisions: the seed sequence is the advisor's too
        assert there.decide(observation).to_dict() == here.decide(observation).to_dict()
        assert there.last is not None and not there.last.bounded and not there.last.fewer


def test_the_pool_reads_the_history_as_the_advisor_does(pool: SearchPool) -> None:
    """The game's turns reach the worker: with the history, the pooled move is the in-process
    advisor's (which reads the opponent's plays from it, :mod:`schotten_lab.bots.inference`)."""
    rng, state = random.Random(4), new_game("base", False, seed=4, first=Player.SOUTH)
    for _ in range(14):
        state, _ = apply_turn(state, random_decision(state, rng))
    observation = state.observation(state.to_move)
    here, there = AdvisorBot(budget=Budget(rollouts=50), seed=9), PooledAdvisor(pool, Budget(rollouts=50), 9)
    assert there.decide(observation, state.turns).to_dict() == here.decide(observation, state.turns).to_dict()


def test_a_search_beside_another_is_given_its_deadline(pool: SearchPool, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[Search] = []
    real = thinking._Worker.send

    def spy(worker: thinking._Worker, key: int, request: Search) -> object:
        sent.append(request)
        return real(worker, key, request)

    monkeypatch.setattr(thinking._Worker, "send", spy)
    opening = new_game("base", False, seed=3, first=Player.SOUTH).observation(Player.SOUTH)
    started, long_one = threading.Event(), {}

    def another_session() -> None:  # another student's bot, at the strongest level
        started.set()
        long_one["thought"] = pool.think(opening, Budget(rollouts=3000), 1)

    other = threading.Thread(target=another_session)
    other.start()
    started.wait()
    while pool.busy == 0:  # the other search has been sent
        threading.Event().wait(0.01)
    asked = time.monotonic()
    thought = pool.think(opening, Budget(rollouts=300), 2)
    other.join()
    budget = pool.level_seconds(300)
    assert sent[0].deadline is None and not long_one["thought"].bounded  # alone: its rollouts exactly
    assert sent[1].deadline is not None and asked < sent[1].deadline <= time.monotonic() + budget + REPLY_MARGIN - SAFETY
    assert thought.asked == 300 and thought.rollouts >= 1
    if thought.bounded:  # it waited for the exact search (earliest first), then kept its clock (over by a deal at most)
        assert thought.seconds <= max(MIN_SECONDS, sent[1].deadline - asked) + 1.0
    else:  # fast rollouts: its share of the time left still covered its budget, so all its rollouts, as alone
        from schotten_lab.bots.advisor import advise

        assert thought.turn.to_dict() == advise(opening, budget=Budget(rollouts=300), seed=2, explain_all=False).decision().to_dict()


def test_searches_waiting_share_the_time_left_before_their_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[dict[str, object]] = []
    import schotten_lab.bots.advisor as advisor

    real = advisor.advise

    def spy(position: Position, **options: object) -> object:
        asked.append(options)
        return real(position, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(advisor, "advise", spy)
    opening = new_game("base", False, seed=3, first=Player.SOUTH).observation(Player.SOUTH)
    now = time.monotonic()
    shared = thinking.search(Search(opening, 300, 1, 5.0, now + 2.0), waiting=4)
    covered = thinking.search(Search(opening, 300, 1, 0.2, now + 2.0), waiting=1)
    late = thinking.search(Search(opening, 300, 1, 0.2, now - 1.0), waiting=1)
    quick = thinking.search(Search(opening, 300, 1, MIN_SECONDS / 2, now - 1.0), waiting=3)
    budgets = [options["budget"] for options in asked]
    assert all(isinstance(b, Budget) for b in budgets) and all("iterations" not in o and "budget_seconds" not in o for o in asked)
    assert 0.4 < float(budgets[0].seconds or 0) <= 0.5 and budgets[0].rollouts is None  # type: ignore[union-attr]  # two seconds, four searches
    assert shared.bounded
    for budget, thought in ((budgets[1], covered), (budgets[3], quick)):  # its rollouts fit its share, or the least clock
        assert budget == Budget(rollouts=300) and not thought.bounded
    assert budgets[2] == Budget(seconds=MIN_SECONDS) and late.bounded  # past its deadline: a few deals, a move all the same


def test_a_level_s_budget_is_its_rollouts_at_the_measured_pace(pool: SearchPool) -> None:
    assert pool.seconds_per_rollout > 0
    assert pool.level_seconds(300) == pytest.approx(1.25 * 300 * pool.seconds_per_rollout)
    assert pool.level_seconds(3000) == pytest.approx(10 * pool.level_seconds(300))


class BusyPool:
    """A pool that always answers the advisor's move after a search the clock cut short."""

    def think(self, observation: Position, budget: Budget, seed: int, history: object = ()) -> Thought:
        turn = AdvisorBot(budget=Budget(rollouts=4), seed=seed).decide(observation)
        return Thought(turn, 37, budget.rollouts or 0, 0.84, bounded=True)


@pytest.mark.parametrize("lang, said", [
    ("en", "(The class is busy: the bot thought for 0.8 s and played 37 rollouts instead of 300.)"),
    ("fr", "(La classe est très chargée\u00a0: le robot a réfléchi 0,8 s et joué 37 simulations au lieu de 300.)"),
])
def test_the_page_says_when_the_class_was_busy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str, said: str) -> None:
    monkeypatch.setattr("schotten_lab.views.play.thinking._pool", BusyPool())
    game = PlayGame("advisor", Budget(rollouts=300), seed=4, you_start=False, save_dir=tmp_path, lang=lang)
    assert isinstance(game.bot, PooledAdvisor) and len(game.state.turns) == 1
    assert game.message.endswith(said)


def test_a_quiet_class_says_nothing_more(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class QuietPool(BusyPool):
        def think(self, observation: Position, budget: Budget, seed: int, history: object = ()) -> Thought:
            thought = super().think(observation, budget, seed)
            return Thought(thought.turn, 375, budget.rollouts or 0, 0.2, bounded=False)

    monkeypatch.setattr("schotten_lab.views.play.thinking._pool", QuietPool())
    game = PlayGame("advisor", Budget(rollouts=300), seed=4, you_start=False, save_dir=tmp_path)
    assert "busy" not in game.message and "North played" in game.message


def test_a_stopped_pool_leaves_the_search_to_this_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stopped = SearchPool(1)
    stopped.close()
    for worker in stopped._workers:  # the answers' reader sees the pipe closed
        while worker.alive:
            threading.Event().wait(0.01)
    with pytest.raises(RuntimeError, match="no search worker is running"):
        stopped.think(new_game("base", False, seed=4, first=Player.SOUTH).observation(Player.SOUTH), Budget(rollouts=50), 1)
    monkeypatch.setattr("schotten_lab.views.play.thinking._pool", stopped)
    game = PlayGame("advisor", Budget(rollouts=50), seed=4, you_start=False, save_dir=tmp_path)
    alone = PlayGame("advisor", Budget(rollouts=50), seed=4, you_start=False, save_dir=tmp_path / "alone")
    assert isinstance(game.bot, PooledAdvisor) and game.bot.last is not None and not game.bot.last.bounded
    assert game.state.turns == alone.state.turns and "North played" in game.message


def test_a_pool_that_cannot_start_leaves_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[thinking._Worker] = []
    real = thinking._Worker.__init__

    def spy(worker: thinking._Worker, niceness: int) -> None:
        real(worker, niceness)
        made.append(worker)

    def failing(pool: SearchPool) -> float:
        raise RuntimeError("the search worker stopped")

    monkeypatch.setattr(thinking._Worker, "__init__", spy)
    monkeypatch.setattr(SearchPool, "_calibrate", failing)
    with pytest.raises(RuntimeError):
        SearchPool(2)
    assert len(made) == 2 and all(w.process.poll() is not None for w in made)


def test_the_pool_s_size_is_checked() -> None:
    for bad in (0, 65, True, 1.5):
        with pytest.raises(ValueError, match="^workers: must be a whole number from 1 to 64"):
            SearchPool(bad)  # type: ignore[arg-type]


def test_without_a_pool_the_advisor_searches_in_this_process() -> None:
    thinking.stop_pool()
    bot = thinking.make_opponent("advisor", Budget(rollouts=50), 3)
    assert isinstance(bot, AdvisorBot) and bot.budget == Budget(rollouts=50)
    assert type(thinking.make_opponent("greedy", Budget(rollouts=50), 3)).__name__ != "PooledAdvisor"


def test_the_pool_s_trace_says_each_search(pool: SearchPool, tmp_path: Path) -> None:
    import json

    pool.trace = tmp_path / "searches.jsonl"
    try:
        opening = new_game("base", False, seed=5, first=Player.SOUTH).observation(Player.SOUTH)
        thought = pool.think(opening, Budget(rollouts=20), 7)
    finally:
        pool.trace = None
    (line,) = [json.loads(text) for text in (tmp_path / "searches.jsonl").read_text().splitlines()]
    assert line["asked"] <= line["answered"] and line["rollouts"] == thought.rollouts and line["asked_rollouts"] == 20
    assert line["bounded"] is False and line["budget"] == pytest.approx(pool.level_seconds(20)) and line["cpu"] > 0


def test_only_a_monte_carlo_search_cut_short_is_said_fewer() -> None:
    turn = AdvisorBot(budget=Budget(rollouts=4), seed=0).decide(new_game("base", False, seed=1, first=Player.SOUTH).observation(Player.SOUTH))
    assert Thought(turn, 37, 300, 0.3, bounded=True).fewer
    assert not Thought(turn, 0, 300, 0.3, bounded=True).fewer  # the exact endgame, or a move that wins at once
    assert not Thought(turn, 375, 300, 0.3, bounded=True).fewer  # its rollouts all played
    assert not Thought(turn, 37, 300, 0.3, bounded=False).fewer  # not bounded by the clock: nothing to say
