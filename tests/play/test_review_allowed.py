"""A review's key moments say what the played move allowed (the opponent's best reply, its facts and
the opponent's chance) next to the advisor's move, in English and French."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from schotten_lab.bots import Budget
from schotten_lab.game import read_record, replay_states, seat_record
from schotten_lab.play.review import LABELS, allowed_reply, review_game
from schotten_lab.play.selfplay import Matchup, play_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game() -> dict:
    # a game whose review at 16 rollouts labels moves (under the compiled rollouts' stream and the
    # review's simultaneous intervals, game 1 of seed 1 labels none, nor game 2)
    return play_game(Matchup("random", "greedy"), 4, 0)


@pytest.fixture(scope="module")
def review(game: dict):
    return review_game(game, budget=Budget(rollouts=16), seed=0)


def test_labelled_moves_say_what_they_allowed_and_the_others_do_not(review) -> None:
    states = list(replay_states(review.record))
    labelled = [t for t in review.turns if t.label in LABELS]
    assert labelled, "the random player makes labelled moves in this game"
    for t in review.turns:
        if t.label not in LABELS or states[t.turn - 1].over:
            assert t.allowed is None, t
            continue
        assert t.allowed is not None
        replier = states[t.turn - 1].to_move
        assert t.allowed["opponent"] is replier is t.player.opponent
        text = t.allowed_words("en")
        assert text.startswith(f"allowed {replier.value}'s best reply, ") and f"{replier.value}'s chance then" in text
        assert "your" not in text  # the mover's words ("your chance") are not said of the reply
        assert t.allowed_words("fr").startswith("a permis la meilleure réponse de ")
        assert t.to_dict()["allowed"] == text and text in review.text()


def test_the_reply_is_the_advisors_from_the_opponents_seat(review) -> None:
    states = list(replay_states(review.record))
    t = next(t for t in review.turns if t.allowed is not None)
    again = allowed_reply(states[t.turn - 1], 16, 0 * 1_000_003 + t.turn + 500_000)
    assert again == t.allowed  # reproducible
    move = t.allowed["move"]
    hand = states[t.turn - 1].observation(t.player.opponent).clan_hand(t.player.opponent)
    assert move.card is None or move.card in hand


def test_french_allowed_and_best_reasons_are_typeset(review) -> None:
    spec = importlib.util.spec_from_file_location("test_french", ROOT / "tests" / "core" / "test_french.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for t in review.turns:
        for text in (t.allowed_words("fr"), t.best_reason_words("fr")):
            assert not module.french_problems(text), (text, module.french_problems(text))


def test_a_one_seat_record_has_no_reply_to_show(game: dict) -> None:
    seen = seat_record(read_record(game), "south")
    assert all(t.allowed is None for t in review_game(seen, budget=Budget(rollouts=6), seed=0).turns)
