"""The bot line protocol (docs/reference/formats.md, "The bot line protocol"): one answer line per request line, errors on their own line,
never a crash (fuzzed), through the real ``schotten-lab bot`` process too."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab import game
from schotten_lab.cli import main
from schotten_lab.bots import Budget, RandomBot, answer, make_bot, serve
from schotten_lab.core import Player, Position

ROOT = Path(__file__).resolve().parents[2]
START = game.new_game("base", deal=game.deal(3, 0, "base"))
REQUEST = START.observation(START.to_move).to_dict()


def request(**extra: Any) -> str:
    return json.dumps(REQUEST | extra)


def assert_legal_answer(reply: dict[str, Any], observation: Position) -> None:
    """A decision for the observation's mover: a card of its hand on an open stone with room."""
    assert "error" not in reply, reply
    assert reply["player"] == observation.to_move.value
    play = reply["play"]
    hand = [str(c) for c in observation.hands[observation.to_move] or ()]
    assert play["card"] in hand
    stone = observation.stone(play["stone"])
    assert stone.claimed is None and len(stone.side(observation.to_move)) < 3
    assert isinstance(reply["claim"], list)


def test_a_request_gets_a_legal_turn_and_history_is_accepted() -> None:
    bot = RandomBot(1)
    assert_legal_answer(answer(bot, request()), START.observation(START.to_move))
    assert_legal_answer(answer(bot, request(history=[])), START.observation(START.to_move))


BAD_LINES = {
    "": "empty request",
    "hello": "not JSON",
    "[1, 2]": "JSON object",
    "{}": "",
    json.dumps(REQUEST | {"to_move": "east"}): "to_move",
    json.dumps(REQUEST | {"history": "yes"}): "history",
    json.dumps(REQUEST | {"hands": {"south": None, "north": None}}): "hand",
    "[" * 100_000: "not JSON",
}


def test_bad_requests_get_an_error_naming_the_problem() -> None:
    bot = RandomBot(0)
    for line, words in BAD_LINES.items():
        reply = answer(bot, line)
        assert set(reply) == {"error"}, (line[:40], reply)
        assert words.lower() in reply["error"].lower(), (line[:40], reply)
        assert len(reply["error"]) <= 300


@pytest.mark.heavy
@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_no_line_stops_the_loop(garbage: str | bytes) -> None:
    out = io.StringIO()
    lines = [request().encode(), garbage, request()]
    count = serve(RandomBot(0), [line if isinstance(line, str | bytes) else "" for line in lines], out)
    assert count == 3
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(replies) == 3
    assert "error" not in replies[0] and "error" not in replies[2]


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(REQUEST) + ["history", "x"]), st.none() | st.integers() | st.text(max_size=5)))
def test_requests_with_mangled_fields_are_answered_with_one_object(changes: dict[str, Any]) -> None:
    reply = answer(RandomBot(0), json.dumps(REQUEST | changes))
    assert isinstance(reply, dict) and ("error" in reply or "play" in reply)
    json.dumps(reply)


def test_the_bot_process_answers_every_line_in_order() -> None:
    lines = [request(), "garbage", "", request(history=[]), '{"format": "schotten-lab/position@1"}', request()]
    stdin = "\n".join(lines) + "\n"
    runs = [
        subprocess.run(
            [sys.executable, "-m", "schotten_lab", "bot", "random", "--seed", "4"],
            cwd=ROOT, input=stdin.encode() + b"\xff\xfe\n", capture_output=True, timeout=120,
        )  # fmt: skip
        for _ in range(2)
    ]
    out = runs[0]
    assert out.returncode == 0, out.stderr
    assert runs[1].stdout == out.stdout  # --seed makes the answers reproducible
    replies = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert len(replies) == len(lines) + 1
    errors = [i for i, r in enumerate(replies) if "error" in r]
    assert errors == [1, 2, 4, 6]
    for i in (0, 3, 5):
        assert_legal_answer(replies[i], START.observation(START.to_move))


def test_bot_options_reach_the_bot_and_bad_ones_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "random", "--option", "depth=3"]) == 2
    assert "bad options ['depth']" in capsys.readouterr().err
    assert main(["bot", "random", "--option", "=3"]) == 2
    assert "expected KEY=VALUE" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--budget", "0"], "budget: must be seconds a move"),
        (["--budget", "nan"], "budget: must be seconds a move"),
        (["--budget", "soon"], "--budget: expected seconds"),
        (["--option", "budget=\"1\""], "budget: must be seconds a move"),
        (["--option", "budget=1e9"], "at most 3600"),
        (["--iterations", "0"], "iterations: must be a whole number"),
        (["--option", "iterations=2.5"], "iterations: must be a whole number"),
        (["--option", "iterations=true"], "iterations: must be a whole number"),
        (["--option", "seed=3"], "use --seed"),
        (["--budget", "1", "--option", "budget=2"], "given twice"),
        (["--budget", "1", "--iterations", "3"], "--iterations: not allowed with argument --budget"),
        (["--option", "budget=1", "--option", "iterations=3"], "error: budget: must be exactly one of seconds and rollouts"),
        (["--iterations", "3", "--option", "budget=1"], "error: budget: must be exactly one of seconds and rollouts"),
    ],
)
def test_advisor_budgets_are_checked_with_one_line(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "advisor", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_the_advisor_budget_flags_reach_the_bot(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    built: list[dict[str, Any]] = []
    import schotten_lab.bots.protocol as protocol

    monkeypatch.setattr(protocol, "serve", lambda bot, lines, out, lang="en": built.append(vars(bot)) or 0)
    monkeypatch.setattr("schotten_lab.bots.serve", protocol.serve)
    assert main(["bot", "advisor", "--iterations", "30", "--seed", "2"]) == 0
    assert main(["bot", "advisor", "--budget", "0.5"]) == 0
    assert (built[0]["budget"], built[0]["seed"]) == (Budget(rollouts=30), 2)
    assert built[1]["budget"] == Budget(seconds=0.5)
    assert main(["bot", "greedy", "--budget", "1"]) == 2
    assert "bad options ['budget']" in capsys.readouterr().err


def test_selfplay_checks_advisor_options_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    for option, words in (("budget=-1", "--south-option: budget: must be"), ("seed=1", "use --seed")):
        assert main(["selfplay", "--games", "1", "--south", "advisor", "--south-option", option]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, err


def test_an_unknown_bot_name_is_a_one_line_usage_error() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "schotten_lab", "bot", "nobody"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "unknown bot 'nobody'" in out.stderr


def test_whole_games_played_through_request_lines_are_legal() -> None:
    """Every turn of tactics and expert games asked as a request line (the observation's JSON, with
    the history, and the pending Headhunter put-back): the answers are legal turns for the engine."""
    for variant, expert, index in (("tactics", False, 0), ("tactics", True, 1), ("base", True, 2)):
        bots = {p: make_bot("greedy" if p is Player.SOUTH else "random", seed=index) for p in Player}
        state = game.new_game(variant, expert, deal=game.deal(21, index, variant))
        history: list[dict[str, Any]] = []
        while not state.over:
            line = json.dumps(state.observation(state.to_move).to_dict() | {"history": history})
            reply = answer(bots[state.to_move], line)
            assert "error" not in reply, reply
            state, turn = game.apply_turn(state, reply)
            if state.pending is None:
                history.append(turn.to_dict())  # the turn as JSON, for the request line
            assert len(history) < 1000


def test_the_bot_answers_each_line_before_the_next_is_sent() -> None:
    """A referee writes one request and waits for its answer: the bot must not wait for more input."""
    with subprocess.Popen(
        [sys.executable, "-m", "schotten_lab", "bot", "random", "--seed", "1"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    ) as process:  # fmt: skip
        assert process.stdin is not None and process.stdout is not None
        for line in (request(), "oops", request()):
            process.stdin.write(line + "\n")
            process.stdin.flush()
            reply = json.loads(process.stdout.readline())  # blocks until the bot answers this line
            assert ("error" in reply) == (line == "oops")
        process.stdin.close()
        assert process.wait(timeout=60) == 0
