"""The one game loop (``play/loop.py``): the same records as a step-by-step referee written here, the
records of before the loop was shared (golden digests), the arena's summaries read from its records,
and one error, naming the bot, for an illegal answer."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import profile
from schotten_lab import game
from schotten_lab.bots import Bot, make_bot
from schotten_lab.core.position import Position
from schotten_lab.core.rules import PLAYERS, Player
from schotten_lab.play import BotTurnError, Matchup, opening_player, play_game, selfplay_lines
from schotten_lab.play.arena import GameResult, timed_game

VARIANTS = [("base", False), ("base", True), ("tactics", False), ("tactics", True)]


def referee(bots: Mapping[Player, Bot], deal: game.Deal, first: Player, expert: bool, names: dict[str, str]) -> dict[str, Any]:
    """The slow twin: the plainest loop over the engine (decide, apply, until the game is over)."""
    state = game.new_game(deal.variant, expert, deal=deal, first=first)
    while not state.over:
        decision = bots[state.to_move].decide(state.observation(state.to_move), state.turns)
        state, _turn = game.apply_turn(state, decision)
    return game.record_from_game(state, players=names).to_dict()


@profile(12)
@given(
    seed=st.integers(0, 2**32),
    index=st.integers(0, 50),
    rules=st.sampled_from(VARIANTS),
    south=st.sampled_from(["random", "greedy"]),
    north=st.sampled_from(["random", "greedy"]),
)
def test_the_loop_plays_what_a_plain_referee_plays(seed: int, index: int, rules: tuple[str, bool], south: str, north: str) -> None:
    variant, expert = rules
    match = Matchup(south, north, variant, expert)
    record = play_game(match, seed, index)
    twin = referee(
        {seat: match.bot(seat, seed, index) for seat in PLAYERS},
        game.deal(seed, index, variant), opening_player(index), expert, {"south": south, "north": north},
    )  # fmt: skip
    assert record == twin
    # the same game from the bots themselves, the deal and the first player given
    bots = [match.bot(seat, seed, index) for seat in PLAYERS]
    given_deal = play_game(bots, deal=game.deal(seed, index, variant), first=opening_player(index), expert=expert, names={"south": south, "north": north})
    assert given_deal == record
    game.validate_record(record)


# sha256 of the python engine's ``selfplay_lines`` of each run (one record a line, newline-ended),
# taken on main before the loops were merged (commit 1004725): the records must not change
GOLDEN = {
    ("random", "greedy", "base", False, 11, 6): "5f76ba9fa0771d96d3c016308b4314728f2149e8651f3caf8dacfc8ad4884ef1",
    ("greedy", "random", "base", True, 3, 6): "5443c7515be37ebc9d2b8c68a5c26f02fda5124838a23493cdbe95bdb5287650",
    ("random", "greedy", "tactics", False, 5, 6): "d9c28842121a7153e4a518fb283f53dfb02484c59a59d5d74aff6ddeb6eab900",
    ("random", "random", "tactics", False, 8, 10): "fd297dbad21d6a98b6023b8ed1863c4d6a4e47aaf08481f2252ceb07f8be30de",
}


@pytest.mark.parametrize("run", list(GOLDEN), ids=lambda run: "-".join(map(str, run)))
def test_selfplay_records_are_those_of_before_the_one_loop(run: tuple[str, str, str, bool, int, int]) -> None:
    south, north, variant, expert, seed, games = run
    lines = list(selfplay_lines(Matchup(south, north, variant, expert), games, seed, engine="python"))
    text = "\n".join(lines) + "\n"
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[run]


@pytest.mark.parametrize(("variant", "expert"), VARIANTS)
def test_the_arena_summarises_the_record_it_played(variant: str, expert: bool) -> None:
    """``timed_game`` is the loop's record read by seat (south moves first), plus the bots' clocks."""
    seed, index = 21, 3
    made = (lambda: make_bot("greedy", seed=1), lambda: make_bot("random", seed=2))
    result = timed_game([m() for m in made], seed, expert, index=index, variant=variant)
    record = play_game([m() for m in made], seed, index, first=Player.SOUTH, variant=variant, expert=expert)
    assert record["first"] == "south"
    owners = {"south": 0, "north": 1, None: -1}
    assert result.winner == owners[record["result"]["winner"]]
    assert result.reason == record["result"]["reason"] and result.turns == len(record["turns"])
    assert result.claimed == tuple(owners[o] for o in record["result"]["claimed"])
    # every decision is counted once: one a turn, plus one for each Headhunter put-back
    put_backs = sum(1 for t in record["turns"] if (t["play"] or {}).get("card") == "HEADHUNTER" and t["play"].get("decks"))
    assert sum(result.decisions) == len(record["turns"]) + put_backs
    assert all(s >= 0 for s in result.seconds)
    assert GameResult.of(record).winner == result.winner


class Scripted:
    """A bot answering a fixed decision on its ``at``-th call (1-based), else what ``inner`` decides."""

    def __init__(self, inner: Bot, at: int, answer: object) -> None:
        self.name, self.inner, self.at, self.answer, self.calls = "scripted", inner, at, answer, 0

    def decide(self, observation: Position, history: Sequence[game.Turn | Mapping[str, Any]] | None = None) -> dict[str, Any]:
        self.calls += 1
        if self.calls == self.at:
            return self.answer  # type: ignore[return-value]  # deliberately bad
        return self.inner.decide(observation, history)


@pytest.mark.parametrize(
    ("answer", "rule"),
    [
        ({"play": None, "claim": []}, "pass"),  # passing with a card to place
        ({"play": {"card": "R1", "stone": 10}, "claim": []}, "format"),
        ({"play": "R1", "claim": []}, "format"),
        ({"player": "south", "play": None, "claim": []}, "turn-order"),
    ],
)
def test_an_illegal_answer_raises_one_error_naming_the_bot(answer: dict[str, Any], rule: str) -> None:
    bad = Scripted(make_bot("random", seed=1), 2, answer)
    with pytest.raises(BotTurnError) as caught:
        play_game([make_bot("random", seed=0), bad], 4, 0)
    error = caught.value
    assert (error.seat, error.bot, error.turn, error.decision) == (Player.NORTH, "scripted", 4, answer)
    assert error.rule == rule
    assert "game 0, turn 4: scripted (north) decided an illegal turn" in str(error)


def test_the_loop_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="bots: expected two bots"):
        play_game([make_bot("random")], 1)
    with pytest.raises(ValueError, match="variant, expert: a Matchup carries its own"):
        play_game(Matchup(), 1, variant="tactics")


def test_north_opens_odd_games_unless_told() -> None:
    bots = lambda: [make_bot("random", seed=0), make_bot("random", seed=1)]  # noqa: E731
    assert play_game(bots(), 2, 1)["turns"][0]["player"] == "north"
    assert play_game(bots(), 2, 1, first="south")["turns"][0]["player"] == "south"
    assert play_game(bots(), 2, 0)["players"] == {"south": "random", "north": "random"}


class Recording:
    """A bot that plays like ``inner`` and keeps every history it was shown."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = "recording"
        self.shown: list[tuple[Player, tuple[game.Turn, ...]]] = []

    def decide(self, observation: Position, history: Sequence[game.Turn | Mapping[str, Any]] | None = None) -> game.Turn:
        seat = observation.to_move
        self.shown.append((seat, tuple(history or ())))  # type: ignore[arg-type]
        return self.inner.decide(observation, history)  # type: ignore[return-value]


@pytest.mark.parametrize("variant, expert", VARIANTS)
def test_a_bot_never_sees_the_cards_its_opponent_drew(variant: str, expert: bool) -> None:
    """The loop shows each bot the turns as its seat saw them: the opponent's draws, Headhunter
    draws and put-back cards hidden (their decks kept), its own whole; the record keeps everything."""
    own_draws = hidden = put_backs = 0
    for index in range(12):
        bots = [Recording(make_bot("random", seed=index)), Recording(make_bot("random", seed=index + 100))]
        record = play_game(bots, 7, index, variant=variant, expert=expert)
        assert any(turn.get("draw") for turn in record["turns"])  # the record is whole
        for bot in bots:
            for seat, history in bot.shown:
                for turn in history:
                    if turn.player is seat:
                        own_draws += turn.draw is not None
                        continue
                    hidden += 1
                    assert turn.draw is None
                    assert turn.drawn is None or set(turn.drawn) <= {None}
                    if turn.put_back:
                        put_backs += 1
                        assert set(turn.put_back) <= {None}
                        assert turn.put_back_decks is not None and len(turn.put_back_decks) == len(turn.put_back)
                        assert set(turn.put_back_decks) <= {"clan", "tactics"}
    assert own_draws > 100 and hidden > 100
    if variant == "tactics":
        assert put_backs >= 1  # a Headhunter was played and its put-back hidden
