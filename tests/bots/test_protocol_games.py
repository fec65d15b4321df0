"""The bots as a hidden referee meets them: separate ``schotten-lab bot NAME`` processes, one request
line per turn (the observation, the history, a pending Headhunter's put-back), the engine judging
every answer; then hostile lines between valid requests, and a referee that goes away mid-game.
Every answer must be legal or the documented ``{"error": ...}`` line, and standard error stays empty."""

from __future__ import annotations

import io
import json
import selectors
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import positions
from strategies_tactics import tactics_positions

from schotten_lab.bots import Budget
from schotten_lab import game
from schotten_lab.bots import answer, make_bot
from schotten_lab.bots.protocol import MAX_LINE, REQUEST_FIELDS, RequestError, parse_request, request_lines
from schotten_lab.core import Player, Position
from schotten_lab.game.playout import random_states

ROOT = Path(__file__).resolve().parents[2]
BOTS = {"random": [], "greedy": [], "advisor": ["--iterations", "12"]}
"""Each bot's command-line options: a small advisor budget keeps the whole file near a minute."""
VARIANTS = [("base", False), ("tactics", False), ("base", True), ("tactics", True)]
ANSWER_SECONDS = 60.0
"""How long the referee waits for one answer before it calls the bot hung."""


class BotProcess:
    """One ``schotten-lab bot`` process driven as a referee drives it: a line out, a line back."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.process = subprocess.Popen(
            [sys.executable, "-m", "schotten_lab", "bot", name, "--seed", str(seed), *BOTS[name]],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        self.selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self.selector.register(self.process.stdout, selectors.EVENT_READ)

    def ask(self, line: str | bytes) -> dict[str, Any]:
        """Send one request line and return the answer object (one JSON object on one line)."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write((line.encode() if isinstance(line, str) else line) + b"\n")
        stdin.flush()
        assert self.selector.select(ANSWER_SECONDS), f"{self.name}: no answer within {ANSWER_SECONDS} s"
        raw = stdout.readline()
        assert raw.endswith(b"\n"), f"{self.name}: the answer line is cut: {raw[:200]!r}"
        reply = json.loads(raw)
        assert isinstance(reply, dict), reply
        return reply

    def close(self) -> tuple[int, bytes]:
        """End of input: the bot must exit by itself, 0, with nothing on standard error."""
        assert self.process.stdin is not None and self.process.stderr is not None
        try:
            self.process.stdin.close()
        except BrokenPipeError:  # the bot left first
            pass
        code = self.process.wait(timeout=ANSWER_SECONDS)
        err = self.process.stderr.read()
        self.selector.close()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        return code, err


@pytest.fixture(scope="module")
def bots() -> Any:
    """One long-lived process per bot for the games and the hostile lines; at the end of input each
    one exits 0 with nothing on standard error (no traceback, no warning, through everything)."""
    started = {name: BotProcess(name, seed) for seed, name in enumerate(BOTS, 1)}
    yield started
    for bot in started.values():
        assert bot.close() == (0, b""), bot.name


def referee(bots: dict[Player, BotProcess], variant: str, expert: bool, seed: int) -> game.GameState:
    """One whole game judged by the engine: every answer must be a legal turn for the player asked."""
    state = game.new_game(variant, expert, deal=game.deal(seed, 0, variant))
    history: list[dict[str, Any]] = []
    asked = 0
    while not state.over:
        mover = state.to_move
        reply = bots[mover].ask(json.dumps(state.observation(mover).to_dict() | {"history": history}))
        assert "error" not in reply, (bots[mover].name, reply)
        assert reply["player"] == mover.value, reply
        state, turn = game.apply_turn(state, reply)  # raises IllegalTurnError on an illegal answer
        if state.pending is None:
            history.append(turn.to_dict())  # the turn as JSON, for the request line
        asked += 1
        assert asked < 500, "the game does not end"
    return state


@pytest.mark.heavy
@pytest.mark.parametrize(("variant", "expert"), VARIANTS, ids=["base", "tactics", "expert", "tactics-expert"])
def test_whole_games_through_the_bot_processes(bots: dict[str, BotProcess], variant: str, expert: bool) -> None:
    """Each bot plays each seat in each variant, against another bot, to the end of the game."""
    pairings = [("advisor", "greedy"), ("random", "advisor"), ("greedy", "random")]
    for index, (south, north) in enumerate(pairings):
        final = referee({Player.SOUTH: bots[south], Player.NORTH: bots[north]}, variant, expert, 100 + index)
        assert final.over and final.winner in (Player.SOUTH, Player.NORTH, None)
        record = game.record_from_game(final, {"south": south, "north": north})
        replayed = list(game.replay_states(record.to_dict()))  # the game's record replays, rule by rule
        assert replayed[-1].over and replayed[-1].winner == final.winner


def pending_state() -> game.GameState:
    return next(s for seed in range(100) for s in random_states("tactics", seed=seed) if s.pending is not None)


def hostile_lines() -> dict[str, bytes]:
    """Lines a careless or hostile referee may send, by what they are."""
    start = game.new_game("base", seed=3)
    base = start.observation(start.to_move).to_dict()
    tactics = game.new_game("tactics", seed=3)
    tactics_doc = tactics.observation(tactics.to_move).to_dict()
    pending = pending_state()
    pending_doc = pending.observation(pending.to_move).to_dict()
    over = next(s for s in random_states("base", seed=1) if s.over)

    def doc(value: object) -> bytes:
        return json.dumps(value).encode()

    duplicate = json.loads(json.dumps(pending_doc))
    hand = duplicate["hands"][pending.to_move.value]
    hand[1] = hand[0]  # a card twice in the hand over the limit while the Headhunter waits
    return {
        "empty": b"",
        "blank": b" \t ",
        "not JSON": b"hello",
        "cut JSON": doc(base)[:80],
        "bad UTF-8": b"\xff\xfe\x00{",
        "JSON list": b"[1, 2]",
        "JSON string": b'"south"',
        "JSON number": b"3",
        "JSON null": b"null",
        "no fields": b"{}",
        "unknown field in a stone": doc(base | {"stones": [{"south": [], "north": [], "mood": 1}] * 9}),
        "unknown field only": doc({"to_move": "south", "mood": "happy"}),
        "unknown player": doc(base | {"to_move": "east"}),
        "no player to move": doc({k: v for k, v in base.items() if k != "to_move"}),
        "unknown variant": doc(base | {"variant": "blitz"}),
        "wrong variant (tactics request said base)": doc(tactics_doc | {"variant": "base"}),
        "wrong variant (base request said tactics)": doc(base | {"variant": "tactics"}),
        "newer format": doc(base | {"format": "schotten-lab/position@2"}),
        "unknown card": doc(base | {"hands": {"south": ["Z9"] * 6, "north": None}}),
        "infinite deck": doc(base | {"deck": {"clan": 1e400}}),
        "huge number": b'{"deck": {"clan": 1' + b"0" * 5000 + b"}}",
        "deep nesting": b"[" * 100_000,
        "huge line": b'{"stones": "' + b"x" * (MAX_LINE + 10) + b'"}',
        "mover's hand hidden": doc(base | {"hands": {"south": None, "north": None}}),
        "counts do not add up": doc(base | {"hand_sizes": {"south": 6, "north": 5}}),
        "a card twice": doc(base | {"stones": [{"south": ["R1"], "north": []}] * 9}),
        "game over": doc(over.observation(over.to_move).to_dict()),
        "bad history": doc(base | {"history": "yes"}),
        "bad pending": doc(pending_doc | {"pending": {"kind": "headhunter", "return": 7}}),
        "pending hand with a card twice": doc(duplicate),
        "pending in the base game": doc(base | {"pending": {"kind": "headhunter", "return": 1}}),
    }


HOSTILE_WORDS = {
    "empty": "empty request",
    "not JSON": "not JSON",
    "JSON list": "not an array",
    "JSON null": "not null",
    "unknown field in a stone": "stones[0].mood: unknown field",
    "unknown field only": "stones: is missing",
    "unknown player": "to_move",
    "no player to move": "to_move",
    "unknown variant": "variant",
    "newer format": "format",
    "unknown card": "Z9",
    "huge line": f"longer than {MAX_LINE:,} bytes",
    "mover's hand hidden": "hands.south",
    "game over": "the game is over",
    "bad history": "history",
    "bad pending": "pending.return",
    "pending hand with a card twice": "appears 2 times",
    "pending in the base game": "pending",
}


def test_hostile_lines_get_an_error_line_and_the_bot_serves_on(bots: dict[str, BotProcess]) -> None:
    """Every hostile line gets ``{"error": ...}`` (naming the problem, bounded), and the next valid
    request is answered legally, by every bot."""
    state = game.new_game("tactics", seed=7)
    valid = json.dumps(state.observation(state.to_move).to_dict())
    lines = hostile_lines()
    for bot in bots.values():
        for what, line in lines.items():
            reply = bot.ask(line)
            assert set(reply) == {"error"}, (bot.name, what, reply)
            assert len(reply["error"]) <= 300
            assert HOSTILE_WORDS.get(what, "").lower() in reply["error"].lower(), (bot.name, what, reply)
            after = bot.ask(valid)
            assert "error" not in after, (bot.name, what, after)
            game.apply_turn(state, after)


def test_a_referees_own_fields_are_ignored_and_named(bots: dict[str, BotProcess]) -> None:
    """A referee may add top-level fields of its own (the format lets each side add fields): the bot
    plays as without them, and its answer names what it ignored (a few names, each cut short)."""
    state = game.new_game("tactics", seed=11)
    request = state.observation(state.to_move).to_dict()
    extra = {"game_id": 7, "time_left_ms": 1500, "Z" * 100: None} | {f"f{k:02}": k for k in range(20)}
    for bot in bots.values():
        reply = bot.ask(json.dumps(request | extra))
        ignored = reply.pop("ignored_fields")
        assert ignored == ["Z" * 37 + "...", *(f"f{k:02}" for k in range(9))]  # the first 10 names, sorted
        game.apply_turn(state, reply)
    pending = pending_state()
    written = set(pending.observation(pending.to_move).to_dict()) | set(game.new_game("base", True).observation(Player.SOUTH).to_dict())
    assert written <= REQUEST_FIELDS  # every field the engine writes in a request is read, none ignored


def test_every_pending_headhunter_of_random_games_is_a_readable_request() -> None:
    """The engine's pending observations (2, 1 or 0 cards to put back, the hand over the limit) all
    pass the request check; the same hand one card short, or one card over, does not."""
    returns = set()
    for expert in (False, True):
        for seed in range(60):
            for state in random_states("tactics", expert, seed=seed):
                if state.pending is None:
                    continue
                returns.add(state.pending.returns)
                doc = state.observation(state.to_move).to_dict()
                assert parse_request(json.dumps(doc)).observation == state.observation(state.to_move)
                if state.pending.returns and state.clan_deck and state.tactics_deck:
                    for change in (-1, 1):
                        wrong = doc | {"pending": {"kind": "headhunter", "return": state.pending.returns + change}}
                        with pytest.raises(RequestError, match="pending"):
                            parse_request(json.dumps(wrong))
    assert returns == {0, 1, 2}


def test_a_pending_headhunter_request_is_answered_by_every_bot(bots: dict[str, BotProcess]) -> None:
    """With 2, 1 or 0 cards to put back (the decks ran short), every bot answers ``return`` alone."""
    states = {}
    for seed in range(100):
        for state in random_states("tactics", seed=seed):
            if state.pending is not None:
                states.setdefault(state.pending.returns, state)
        if len(states) == 3:
            break
    assert sorted(states) == [0, 1, 2]
    for returns, state in states.items():
        for bot in bots.values():
            reply = bot.ask(json.dumps(state.observation(state.to_move).to_dict()))
            assert set(reply) - {"estimate", "stderr", "reason"} == {"player", "return"}, reply
            assert len(reply["return"]) == returns
            after, _ = game.apply_turn(state, reply)
            assert after.pending is None


@pytest.mark.parametrize("name", sorted(BOTS))
def test_the_referee_going_away_mid_game_ends_the_bot_quietly(name: str) -> None:
    """End of input mid-game (after a request cut in the middle), or the referee closing its end of
    the answers: the bot exits by itself, 0, and writes nothing on standard error."""
    state = game.new_game("base", seed=5)
    line = json.dumps(state.observation(state.to_move).to_dict())
    bot = BotProcess(name, 0)
    assert "error" not in bot.ask(line)
    assert bot.process.stdin is not None
    bot.process.stdin.write(line.encode()[:50])  # a request cut by the end of input: an error answer
    code, err = bot.close()
    assert (code, err) == (0, b"")

    bot = BotProcess(name, 0)
    assert bot.process.stdin is not None and bot.process.stdout is not None
    bot.process.stdout.close()  # nobody reads the answers any more
    try:
        for _ in range(3):
            bot.process.stdin.write(line.encode() + b"\n")
            bot.process.stdin.flush()
    except BrokenPipeError:
        pass  # the bot already left
    code, err = bot.close()
    assert code == 0 and b"Traceback" not in err and err == b"", err


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", []),
        (b"0123456789\n", [b"0123456789\n"]),  # exactly the limit, then its newline
        (b"0123456789", [b"0123456789"]),  # the last line without its newline
        (b"0123456789A\nok\n", ["error", b"ok\n"]),  # one byte too many: an error, then the next line
        (b"x" * 35 + b"\n\n", ["error", b"\n"]),  # read in pieces to its end
        (b"x" * 35, ["error"]),  # cut by the end of input
    ],
)
def test_request_lines_bounds_each_line(data: bytes, expected: list[bytes | str]) -> None:
    got = list(request_lines(io.BytesIO(data), limit=10))
    assert [g if isinstance(g, bytes) else "error" for g in got] == expected
    assert all("longer than 10 bytes" in str(g) for g in got if not isinstance(g, bytes))


class _Endless(io.RawIOBase):
    """A stream of one line that never ends (``/dev/zero`` through a pipe), counting what was read."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def readline(self, size: int | None = -1) -> bytes:
        self.read_bytes += size if size and size > 0 else 1 << 16
        return b"\0" * (size if size and size > 0 else 1 << 16)


def test_a_line_that_never_ends_is_answered_at_once() -> None:
    stream = _Endless()
    first = next(request_lines(stream, limit=10))  # type: ignore[arg-type]
    assert isinstance(first, RequestError) and "longer than 10 bytes" in str(first)
    assert stream.read_bytes == 11  # the first limit + 1 bytes, nothing more before the answer


def test_the_bot_answers_an_endless_standard_input_and_stops_on_a_signal() -> None:
    with open("/dev/zero", "rb") as zeros:
        bot = subprocess.Popen([sys.executable, "-m", "schotten_lab", "bot", "greedy"], stdin=zeros,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        try:
            assert bot.stdout is not None
            answer = json.loads(bot.stdout.readline())
            assert "longer than 1,000,000 bytes" in answer["error"]
        finally:
            bot.terminate()
            _, err = bot.communicate(timeout=60)
    assert bot.returncode in (-15, 143) and b"Traceback" not in err, err


IN_PROCESS = {"random": make_bot("random", seed=0), "greedy": make_bot("greedy", seed=0), "advisor": make_bot("advisor", seed=0, budget=Budget(rollouts=8))}


def assert_answered_legally(position: Position, hide_opponent: bool) -> None:
    """Every bot answers a legal position (the mover's hand known) with a turn the engine accepts on
    it, or with an error that names the problem, never an internal failure of the bot."""
    doc = position.to_dict()
    if hide_opponent:
        doc["hands"][position.to_move.opponent.value] = None  # type: ignore[index]
    line = json.dumps(doc)
    for name, bot in IN_PROCESS.items():
        reply = answer(bot, line)
        if "error" in reply:
            assert "could not decide" not in reply["error"] and position.winner() is not None, (name, reply)
            continue
        game.apply_turn(game.state_from_position(position), reply)  # raises IllegalTurnError if illegal


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(position=positions(known_hands=True, expert=None), hide_opponent=st.booleans())
def test_any_legal_base_position_is_answered_legally(position: Position, hide_opponent: bool) -> None:
    assert_answered_legally(position, hide_opponent)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(position=tactics_positions(known_hands=True), hide_opponent=st.booleans())
def test_any_legal_tactics_position_is_answered_legally(position: Position, hide_opponent: bool) -> None:
    assert_answered_legally(position, hide_opponent)
