"""``schotten-lab advise``: the advisor's ranking of a position file or notation, as a table or
JSON, reproducible with ``--iterations``; bad input gives exit code 2 and one line naming the field."""

from __future__ import annotations

import inspect
import io
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from schotten_lab.bots import Budget
from schotten_lab.cli import advise as cli_advise
from schotten_lab.bots import AdvisorBot, advise
from schotten_lab.bots.advisor import MAX_BUDGET, MAX_ITERATIONS
from schotten_lab.cli import build_parser, main
from schotten_lab.core.load import load_position_text
from schotten_lab.game import GameState, apply_turn, headhunter_returns
from schotten_lab.game.playout import random_states

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "data" / "positions"
MIDGAME = POSITIONS / "13_midgame.json"  # base game, south to move, south's hand known
TACTICS = POSITIONS / "14_joker_turns_a_loss_into_a_claim.json"  # tactics, south to move
HIDDEN_MOVER = POSITIONS / "03_three_eights_r8_unseen.json"  # north to move, north's hand unknown
NOTATION = "N8B8G8-R9R7/-/-/Y3-P2/-/-/-/-/- Y1Y2P5B3G9N2 ?6 s d35"
GAME_OVER = "R9R8R7*-B1G2Y4@s/G9G8G7*-B2N3P5@s/Y9Y8Y7*-R1N4P6@s/-/-/-/-/-/- B3B4B5B6B7B8 ?6 n"
SECONDS = re.compile(r"\d+\.\d\d s\)")


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Run the CLI in-process; return (exit code, stdout, stderr)."""
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def position(path: Path) -> Any:
    return load_position_text(path.read_text(encoding="utf-8")).position


def test_table_is_the_advisors_ranking_from_the_movers_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["advise", str(MIDGAME), "--iterations", "120", "--seed", "3", "--moves", "4"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "A busy midgame" and lines[1] == ""  # the file's title, as analyze prints it
    assert lines[2].startswith("Seen from south's seat (south to move): every chance is south's")
    assert "north's hand and the deck order are sampled" in lines[2]
    assert lines[3] == "search: 120 rollouts, seed 3 (reproducible: the same answer on any machine)"
    expected = advise(position(MIDGAME), budget=Budget(rollouts=120), seed=3)
    table = expected.table(limit=4).splitlines()
    assert SECONDS.sub("", "\n".join(lines[4:])) == SECONDS.sub("", "\n".join(table))
    assert len(lines[4:]) == 2 + 4 + 1 and lines[-1] == f"  ... {len(expected.moves) - 4} more"
    assert lines[6].lstrip().startswith(expected.best.label())


def test_iterations_and_seed_give_the_same_output_twice(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", str(MIDGAME), "-i", "100", "--seed", "7"]
    first, second = run(argv, capsys)[1], run(argv, capsys)[1]
    assert SECONDS.sub("", first) == SECONDS.sub("", second)  # only the time taken differs
    other_seed = run(["advise", str(MIDGAME), "-i", "100", "--seed", "8"], capsys)[1]
    assert SECONDS.sub("", other_seed) != SECONDS.sub("", first)  # the seed does matter


def test_json_lists_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", str(MIDGAME), "-i", "100", "--json", "--moves", "2"]
    code, out, err = run(argv, capsys)
    assert code == 0 and err == ""
    doc = json.loads(out)
    expected = advise(position(MIDGAME), budget=Budget(rollouts=100), seed=0)
    assert doc["player"] == doc["seen_from"] == "south"
    assert doc["method"] == expected.method and doc["rollouts"] == expected.rollouts == 100 + 25  # + the fresh deals
    assert (doc["seed"], doc["iterations"], doc["budget_seconds"], doc["budget"]) == (0, 100, None, {"rollouts": 100})
    assert doc["current"] == expected.current and doc["current_stderr"] == expected.current_stderr
    assert doc["moves"] == [m.to_dict() for m in expected.moves]  # every move, not --moves of them
    assert len(doc["moves"]) > 2 and doc["moves"][0]["change"] == 0.0
    assert all(m["play"]["stone"] in range(1, 10) for m in doc["moves"])
    again = json.loads(run(argv, capsys)[1])
    assert {**again, "seconds": 0} == {**doc, "seconds": 0}


def test_tactics_moves_name_the_deck_to_draw_from(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["advise", str(TACTICS), "-i", "40", "--json"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["player"] == "south" and "tactics" in doc["method"]
    assert {m["deck"] for m in doc["moves"]} == {"clan", "tactics"}  # both decks hold cards: both are searched
    code, out, _ = run(["advise", str(TACTICS), "-i", "40", "-k", "3"], capsys)
    assert code == 0 and ", draw " in out.splitlines()[6]


@pytest.mark.parametrize(
    "argv",
    [["--notation", NOTATION], ["-n", NOTATION + " expert"], [NOTATION], ["-"]],
    ids=["--notation", "expert", "positional notation", "stdin"],
)
def test_notation_and_stdin(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["advise", *argv, "-i", "60", "--json"], capsys, stdin=NOTATION if argv == ["-"] else None)
    assert code == 0, err
    doc = json.loads(out)
    notation = argv[-1] if argv != ["-"] else NOTATION
    assert doc["moves"] == [m.to_dict() for m in advise(load_position_text(notation).position, budget=Budget(rollouts=60)).moves]


def test_default_is_the_bots_time_budget() -> None:
    assert Budget(seconds=cli_advise.DEFAULT_BUDGET) == inspect.signature(AdvisorBot).parameters["budget"].default
    args = build_parser().parse_args(["advise", str(MIDGAME)])
    assert args.iterations is None and args.budget is None and args.seed == 0 and args.moves == 10
    budget = cli_advise.search_budget(args.budget, args.iterations)
    assert cli_advise.search_line(budget, args.seed).startswith("search: 2 s time budget, seed 0 (the rollouts that fit depend")


def test_a_time_budget_says_it_is_not_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["advise", "-n", NOTATION, "--budget", "0.3", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["budget_seconds"] == 0.3 and doc["iterations"] is None and doc["budget"] == {"seconds": 0.3}
    code, out, _ = run(["advise", "-n", NOTATION, "--budget", "0.3"], capsys)
    assert code == 0 and "search: 0.3 s time budget" in out and "--iterations N is reproducible" in out


def test_help_says_which_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["advise", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "rollouts instead of a time budget: reproducible" in text
    assert "(default 2, like the advisor bot): not reproducible" in text


BAD = [
    ([str(HIDDEN_MOVER)], "hands.north: the hand of the player to move must be known"),
    (["-n", GAME_OVER], "claimed: the game is over (south has won)"),
    (["-n", NOTATION.replace("d35", "d30")], "deck.clan: card counts do not add up"),
    (["-n", NOTATION.replace("Y1", "Z1")], "unknown card"),
    (["nope.json"], "nope.json: no such file"),
    ([], "a position is required"),
    ([str(MIDGAME), "-n", NOTATION], "not both"),
    ([str(MIDGAME), "--iterations", "0"], f"--iterations/-i: must be a whole number of rollouts from 1 to {MAX_ITERATIONS:,}, not 0"),
    ([str(MIDGAME), "--iterations", str(MAX_ITERATIONS + 1)], "--iterations/-i: must be a whole number of rollouts"),
    ([str(MIDGAME), "--iterations", "lots"], "--iterations/-i: expected an integer, not 'lots'"),
    ([str(MIDGAME), "--budget", "0"], f"--budget/-b: must be seconds above 0 and at most {MAX_BUDGET:g}, not '0'"),
    ([str(MIDGAME), "--budget", str(MAX_BUDGET + 1)], "--budget/-b: must be seconds above 0"),
    ([str(MIDGAME), "--budget", "nan"], "--budget/-b: must be seconds above 0"),
    ([str(MIDGAME), "--budget", "soon"], "--budget/-b: expected seconds, not 'soon'"),
    ([str(MIDGAME), "--iterations", "10", "--budget", "1"], "--budget/-b: not allowed with argument --iterations"),
    ([str(MIDGAME), "--seed", "-1"], "--seed: must be a whole number, 0 or more, not -1"),
    ([str(MIDGAME), "--seed", "x"], "--seed: expected an integer"),
    ([str(MIDGAME), "--moves", "0"], "--moves/-k: must be a whole number, 1 or more, not 0"),
]


@pytest.mark.parametrize(("argv", "needle"), BAD, ids=[needle.split(":")[0] for _, needle in BAD])
def test_bad_input_exits_2_with_one_line_naming_the_field(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["advise", *argv], capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("schotten-lab: error: ") and err.count("\n") == 1
    assert needle in err


def test_bad_json_on_stdin(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["advise", "-"], capsys, stdin="{bad")
    assert code == 2 and err.count("\n") == 1 and "<stdin>: not valid JSON" in err


def pending_headhunter(expert: bool = False) -> GameState:
    """The first state of a random tactics game where a Headhunter waits for its 2-card put-back."""
    for seed in range(100):
        for state in random_states("tactics", expert, seed=seed):
            if state.pending is not None and state.pending.returns == 2:
                return state
    raise AssertionError("no pending Headhunter in 100 random games")


@pytest.mark.parametrize("expert", [False, True], ids=["tactics", "expert"])
def test_a_pending_headhunter_gets_its_put_backs_ranked(expert: bool, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The engine's observation document (``pending``, ``jokers_played``) is advised: every move is a
    choice of 2 cards of the hand to put back, every distinct choice is listed once, and the engine
    accepts each one as the answer; the table says what is asked."""
    state = pending_headhunter(expert)
    me = state.to_move
    observation = state.observation(me)
    path = tmp_path / "pending.json"
    path.write_text(json.dumps(observation.to_dict() | {"title": "Headhunter drew"}), encoding="utf-8")
    code, out, err = run(["advise", str(path), "-i", "40", "--json"], capsys)
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["pending"] == {"kind": "headhunter", "return": 2} and doc["player"] == me.value
    assert doc["moves"] == [m.to_dict() for m in advise(observation, budget=Budget(rollouts=40), seed=0).moves]
    hand = Counter(str(c) for c in observation.hands[me] or ())
    chosen = [tuple(sorted(m["return"])) for m in doc["moves"]]
    assert all(len(c) == 2 and not Counter(c) - hand for c in chosen)  # 2 cards, a sub-multiset of the hand
    assert sorted(chosen) == sorted({tuple(sorted(map(str, c))) for c in headhunter_returns(observation)})
    assert all(set(m) >= {"return", "win", "stderr", "change"} and "play" not in m for m in doc["moves"])
    for put_back in chosen:
        after, _ = apply_turn(state, {"return": list(put_back)})
        assert after.pending is None and (after.over or after.to_move is me.opponent)
        assert Counter(str(c) for c in after.hand(me)) == hand - Counter(put_back)

    code, out, err = run(["advise", str(path), "-i", "40", "-k", "3"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Headhunter drew" and lines[4].startswith(f"Headhunter pending: {me.value} has drawn and now puts 2 cards")
    rows = [line for line in lines if line.startswith("  put back ")]
    assert len(rows) == 3 and rows[0].startswith(f"  put back {' '.join(doc['moves'][0]['return'])}")


def test_a_put_back_that_proves_stones_says_how_to_claim_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Stones provable at the end of a Headhunter turn: the table says they are claimed with the
    Headhunter play or else added to the answer, and the engine agrees on both counts."""
    state = next(s for s in random_states("tactics", seed=108) if s.pending is not None and s.pending.returns == 2)
    path = tmp_path / "pending.json"
    path.write_text(json.dumps(state.observation(state.to_move).to_dict()), encoding="utf-8")
    code, out, _ = run(["advise", str(path), "-i", "40", "--json"], capsys)
    moves = json.loads(out)["moves"]
    code, out, _ = run(["advise", str(path), "-i", "40"], capsys)
    assert code == 0 and "put back" in out
    proved = sorted({n for m in advise(state.observation(state.to_move), budget=Budget(rollouts=40)).moves for n in m.claims})
    assert proved, "this game's Headhunter turn proves a stone"
    stones = ", ".join(map(str, proved))
    assert f"'claim {stones}': provable at the end of the turn; claimed with the Headhunter play, or else add" in out
    assert state.pending is not None
    announced = set(state.pending.claims)
    answer = {"return": moves[0]["return"]}
    after, turn = apply_turn(state, answer)
    assert set(turn.claim) == announced and set(proved) >= announced
    if set(proved) - announced:
        after, turn = apply_turn(state, answer | {"claim": sorted(set(proved) - announced)})
        assert set(turn.claim) == set(proved)


def test_an_observation_without_a_pending_headhunter_is_advised_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = pending_headhunter()
    state, _ = apply_turn(state, {"return": [str(c) for c in list(state.hand(state.to_move))[:2]]})
    observation = state.observation(state.to_move)
    path = tmp_path / "observation.json"
    doc = observation.to_dict()
    assert "jokers_played" in doc and "pending" not in doc  # an extra field of the engine's observations
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(["advise", str(path), "-i", "30", "--json"], capsys)
    assert code == 0 and err == "" and "pending" not in json.loads(out)
    assert json.loads(out)["moves"] == [m.to_dict() for m in advise(observation, budget=Budget(rollouts=30)).moves]


BAD_PENDING = [
    ({"pending": {"kind": "headhunter", "return": 8}}, "pending.return: Headhunter puts back 0 to 2 cards here, not 8"),
    ({"pending": {"kind": "headhunter", "return": True}}, "pending: must be {'kind': 'headhunter', 'return': N}"),
    ({"pending": {"kind": "strategist", "return": 2}}, "pending: must be"),
    ({"pending": "yes"}, "pending: must be"),
    ({"discard": []}, "pending: a pending Headhunter needs the tactics variant and the Headhunter in the discard pile"),
    ({"pending": {"kind": "headhunter", "return": 0}}, "hands.south: holds 9 cards: putting 0 back (pending Headhunter) leaves 9"),
    ({"pending": {"kind": "headhunter", "return": 1}}, "putting 1 back (pending Headhunter) leaves 8, but a hand holds 7 while"),
    ({"jokers_played": "north"}, "jokers_played: must be a list"),
    ({"surprise": 1}, "surprise: unknown field"),
]


@pytest.mark.parametrize(("change", "needle"), BAD_PENDING, ids=[n.split(":")[0] + str(i) for i, (_, n) in enumerate(BAD_PENDING)])
def test_a_malformed_pending_headhunter_is_one_line_naming_the_field(
    change: dict[str, Any], needle: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = pending_headhunter()
    doc = state.observation(state.to_move).to_dict() | change
    if "discard" in change:  # the Headhunter played is not in the discard pile: one tactics card fewer played
        doc["tactics_played"][state.to_move.value] -= 1
        doc["deck"]["tactics"] += 1
    path = tmp_path / "pending.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for argv, stdin in (([str(path)], None), (["-"], json.dumps(doc))):
        code, out, err = run(["advise", *argv, "-i", "10"], capsys, stdin=stdin)
        assert code == 2 and out == "" and err.startswith("schotten-lab: error: ") and err.count("\n") == 1
        assert needle in err, err


def test_the_real_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "schotten_lab", "advise", str(MIDGAME), "-i", "60", "-k", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0 and result.stderr == ""
    assert "south to move: " in result.stdout and "rollouts" in result.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "schotten_lab", "advise", str(HIDDEN_MOVER)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1 and "hands.north" in bad.stderr
    state = pending_headhunter()
    malformed = state.observation(state.to_move).to_dict() | {"pending": {"kind": "headhunter", "return": [2]}}
    bad = subprocess.run(
        [sys.executable, "-m", "schotten_lab", "advise", "-", "-i", "10"],
        cwd=ROOT, input=json.dumps(malformed), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert bad.stderr == "schotten-lab: error: <stdin>: pending: must be {'kind': 'headhunter', 'return': N}\n"


def test_the_readme_example_is_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "$ schotten-lab advise data/positions/13_midgame.json --iterations 1000 --moves 4\n"
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    code, out, _ = run(["advise", str(MIDGAME), "--iterations", "1000", "--moves", "4"], capsys)
    assert code == 0 and SECONDS.sub("", out) == SECONDS.sub("", shown)


def test_a_search_on_the_clock_loads_the_compiled_rollouts_first(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """On the clock, the compiled rollouts are loaded before the search starts (a one-shot 2 s search
    would otherwise play the plain path's ~50x fewer rollouts), a tactics position's too (its compiled
    rollouts are loaded with them); with --iterations, and for a position no search plays (a hidden
    mover, a finished game: refused), they are not."""
    from schotten_lab import bots
    from schotten_lab.bots import rollouts

    monkeypatch.setattr(cli_advise.importlib.util, "find_spec", lambda name: object())  # as if numba were there
    calls: list[str] = []
    monkeypatch.setattr(rollouts, "warm", lambda compiled=True: calls.append("warm"))

    def fake_advise(position: Any, **kwargs: Any) -> Any:
        calls.append("advise")
        raise ValueError("stop here")

    monkeypatch.setattr(bots, "advise", fake_advise)
    for argv, expected in [
        ([str(MIDGAME)], ["warm", "advise"]),
        ([str(MIDGAME), "--budget", "0.5"], ["warm", "advise"]),
        ([str(MIDGAME), "--iterations", "100"], ["advise"]),
        ([str(TACTICS)], ["warm", "advise"]),
        ([str(HIDDEN_MOVER)], ["advise"]),
        (["-n", GAME_OVER], ["advise"]),
    ]:
        calls.clear()
        code, _, err = run(["advise", *argv], capsys)
        assert code == 2 and "stop here" in err and err.count("\n") == 1
        assert calls == expected, argv


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "advise: compiling the fast rollouts (once per installation; up to a minute)…\n"),
    ("fr", "advise\xa0: compilation des parties simulées rapides (une fois par installation\xa0; jusqu’à une minute)…\n"),
])  # fmt: skip
def test_a_slow_load_says_why_once_and_a_quick_one_says_nothing(monkeypatch: pytest.MonkeyPatch, lang: str, line: str) -> None:
    import time

    from schotten_lab.bots import rollouts

    monkeypatch.setattr(cli_advise.importlib.util, "find_spec", lambda name: object())
    position = load_position_text(MIDGAME.read_text(encoding="utf-8")).position
    monkeypatch.setattr(rollouts, "warm", lambda compiled=True: time.sleep(0.3))
    monkeypatch.setattr(cli_advise, "SLOW_LOAD_SECONDS", 0.05)
    err = io.StringIO()
    assert cli_advise.load_compiled_rollouts(position, lang, err)
    assert err.getvalue() == line
    monkeypatch.setattr(cli_advise, "SLOW_LOAD_SECONDS", 5.0)
    monkeypatch.setattr(rollouts, "warm", lambda compiled=True: None)
    quiet = io.StringIO()
    assert cli_advise.load_compiled_rollouts(position, lang, quiet)
    time.sleep(0.1)
    assert quiet.getvalue() == ""


def test_without_numba_nothing_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_advise.importlib.util, "find_spec", lambda name: None)
    position = load_position_text(MIDGAME.read_text(encoding="utf-8")).position
    assert not cli_advise.load_compiled_rollouts(position, "en", io.StringIO())


def test_iterations_give_the_same_answer_compiled_or_plain(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Whether an earlier search on the clock loaded the compiled rollouts in this process or not,
    ``--iterations`` answers the same (the compiled and the plain kernel are one source)."""
    pytest.importorskip("numba")
    from schotten_lab.bots import rollouts

    argv = ["advise", str(MIDGAME), "--iterations", "400", "--seed", "5", "--json"]
    monkeypatch.setattr(rollouts, "_loaded", [False])  # 400 rollouts: the plain path
    plain = json.loads(run(argv, capsys)[1])
    monkeypatch.setattr(rollouts, "_loaded", [True])  # as after a search on the clock
    compiled = json.loads(run(argv, capsys)[1])
    for document in (plain, compiled):
        document.pop("seconds")
    assert plain == compiled
