"""The command line: every subcommand, the JSON schema, batch mode, and bad input (exit 2, one line)."""

from __future__ import annotations

import contextlib
import io
import json
import signal
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest

from schotten_lab import cli
from schotten_lab.cli import main
from schotten_lab.core import Position

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "data" / "positions"
THREE_EIGHTS = POSITIONS / "03_three_eights_r8_unseen.json"
OWN_HAND = POSITIONS / "04_three_eights_r8_in_own_hand.json"
CLAIMED = POSITIONS / "11_claimed_stones_midgame.json"
NOTATION = "N8B8G8-R9R7/-/-/Y3-P2/-/-/-/-/- Y1Y2P5B3G9N2 ?6 n d35"
RANKS = {"color_run", "three_of_a_kind", "color", "run", "sum"}


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Run the CLI in-process; return (exit code, stdout, stderr)."""
    if stdin is not None:
        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        if stdin is not None:
            sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schotten_lab", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def doc(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, name: str, content: str | dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


# ---- subprocess: the real entry point ----------------------------------------------------------


def test_python_m_analyze_readable() -> None:
    result = run_process("analyze", str(THREE_EIGHTS), "--viewer", "south")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Three 8s, R8 unseen: wait")
    assert "Stone 1" in result.stdout and "Stone 9" in result.stdout
    assert "R8" in result.stdout
    assert result.stderr == ""


def test_python_m_bad_input_is_one_line_without_traceback() -> None:
    result = run_process("claim", "no/such/file.json", "--stone", "1", "--player", "south")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "no/such/file.json: no such file" in result.stderr


def test_python_m_json_lines_batch() -> None:
    lines = [json.dumps(doc(THREE_EIGHTS)), "{not json", json.dumps(doc(CLAIMED))]
    result = run_process("analyze", "-", stdin="\n".join(lines) + "\n")
    assert result.returncode == 1
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in reports] == [1, 2, 3]
    assert "error" in reports[1] and "stones" not in reports[1]
    assert "stones" in reports[0] and "stones" in reports[2]


def test_python_m_help() -> None:
    result = run_process("--help")
    assert result.returncode == 0
    for command in ("analyze", "claim", "notation", "report"):
        assert command in result.stdout


# ---- analyze ----------------------------------------------------------------------------------------


def test_analyze_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["analyze", str(THREE_EIGHTS), "--json", "--viewer", "south"], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    assert {"stones", "cards"} <= set(report)
    assert [s["stone"] for s in report["stones"]] == list(range(1, 10))
    for s in report["stones"]:
        assert {"stone", "claimed", "claim", "odds", "outcome"} <= set(s)
        assert s["claimed"] is None
        for player in ("south", "north"):
            verdict = s["claim"][player]
            assert {"claimable", "counterexample", "reason"} <= set(verdict)
            assert isinstance(verdict["claimable"], bool) and isinstance(verdict["reason"], str)
            assert verdict["counterexample"] is None or all(isinstance(c, str) for c in verdict["counterexample"])
            assert set(s["odds"][player]) == RANKS
            assert sum(s["odds"][player].values()) == pytest.approx(1)
        assert set(s["outcome"]) == {"south", "north", "tie"}
        assert sum(s["outcome"].values()) == pytest.approx(1)
    first = report["stones"][0]
    assert first["claim"]["south"] == {**first["claim"]["south"], "claimable": False, "counterexample": ["R8"]}
    assert first["outcome"]["north"] == pytest.approx(1 / 47)
    assert first["odds"]["south"]["three_of_a_kind"] == 1
    assert len(report["cards"]) == 54
    for entry in report["cards"]:
        assert {"card", "where", "p_opponent_hand", "p_deck"} <= set(entry)
        assert 0 <= entry["p_opponent_hand"] <= 1 and 0 <= entry["p_deck"] <= 1
    r8 = next(c for c in report["cards"] if c["card"] == "R8")
    assert r8["where"] == "unseen" and r8["p_opponent_hand"] == pytest.approx(6 / 41)


def test_analyze_claimed_stones_have_null_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["analyze", str(CLAIMED), "--json"], capsys)
    assert code == 0
    stones = json.loads(out)["stones"]
    claimed = {s["stone"]: s["claimed"] for s in stones if s["claimed"] is not None}
    assert claimed == {1: "south", 3: "north", 8: "north"}
    for s in stones:
        if s["claimed"] is not None:
            assert s["claim"] is None and s["odds"] is None and s["outcome"] is None
    assert stones[5]["claim"]["south"]["claimable"] is True


def test_analyze_viewer_changes_the_cards(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["analyze", str(OWN_HAND), "--json", "--viewer", "south"], capsys)
    r8 = next(c for c in json.loads(out)["cards"] if c["card"] == "R8")
    assert r8["where"] == "south hand" and r8["p_opponent_hand"] == 0
    _, out, _ = run(["analyze", str(OWN_HAND), "--json", "--viewer", "north"], capsys)
    r8 = next(c for c in json.loads(out)["cards"] if c["card"] == "R8")
    assert r8["where"] == "unseen"


def test_analyze_readable_from_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, by_option, _ = run(["analyze", "--notation", NOTATION], capsys)
    assert code == 0 and "Stone 1" in by_option
    code, positional, _ = run(["analyze", NOTATION], capsys)
    assert code == 0 and positional == by_option


def test_analyze_json_lines_one_bad_line_does_not_stop_the_batch(
    capsys: pytest.CaptureFixture[str],
) -> None:
    good = json.dumps(doc(THREE_EIGHTS))
    unknown_card = json.dumps({**doc(THREE_EIGHTS), "discard": ["X9"]})
    duplicate = doc(THREE_EIGHTS)
    duplicate["stones"][1]["south"] = ["N8"]
    lines = [good, "", "[1, 2", unknown_card, json.dumps(duplicate), good]
    code, out, err = run(["analyze", "-", "--viewer", "south"], capsys, stdin="\n".join(lines) + "\n")
    assert code == 1 and err == ""
    reports = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in reports] == [1, 3, 4, 5, 6]  # the blank line 2 is skipped
    ok, bad_json, bad_card, illegal, ok_again = reports
    assert ok["stones"][0]["claim"]["south"]["counterexample"] == ["R8"]
    assert {**ok_again, "line": 1} == ok
    assert set(bad_json) == {"line", "error"} and "not valid JSON" in bad_json["error"]
    assert "discard[0]" in bad_card["error"] and "X9" in bad_card["error"]
    assert "illegal position" in illegal["error"] and "N8" in illegal["error"]


def test_analyze_json_lines_all_good_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    lines = "\n".join(json.dumps(doc(p)) for p in sorted(POSITIONS.glob("*.json")))
    code, out, _ = run(["analyze", "-"], capsys, stdin=lines)
    assert code == 0
    assert len(out.splitlines()) == len(list(POSITIONS.glob("*.json")))


def test_analyze_several_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.json")
    code, out, _ = run(["analyze", str(THREE_EIGHTS), missing, str(CLAIMED)], capsys)
    assert code == 1
    first, error, last = (json.loads(line) for line in out.splitlines())
    assert first["file"] == str(THREE_EIGHTS) and "stones" in first
    assert error == {"file": missing, "error": f"{missing}: no such file"}
    assert last["file"] == str(CLAIMED) and last["stones"][0]["claimed"] == "south"


def test_analyze_stdin_cannot_mix_with_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["analyze", "-", str(THREE_EIGHTS)], capsys, stdin="")
    assert code == 2 and "cannot be mixed" in err


# ---- claim ---------------------------------------------------------------------------------------------


def test_claim_not_claimable_with_counterexample(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["claim", str(OWN_HAND), "--stone", "1", "--player", "south"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "stone 1, south: not claimable"
    assert "R8" in lines[1] and "own hand" in lines[1]
    assert lines[2].startswith("counterexample: north adds R8")


def test_claim_claimable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["claim", str(CLAIMED), "-s", "6", "-p", "s"], capsys)
    assert code == 0
    assert out.splitlines()[0] == "stone 6, south: claimable"
    assert "P2" in out and "P5" in out


def test_claim_json_and_stdin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["claim", "-", "--stone", "1", "--player", "south", "--json"], capsys, stdin=THREE_EIGHTS.read_text()
    )
    assert code == 0
    verdict = json.loads(out)
    assert verdict["claimable"] is False and verdict["counterexample"] == ["R8"]
    assert isinstance(verdict["reason"], str)


def test_claim_from_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["claim", "--notation", NOTATION, "--stone", "1", "--player", "north"], capsys)
    assert code == 0 and out.startswith("stone 1, north: not claimable")


# ---- notation ------------------------------------------------------------------------------------------


def test_notation_of_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["notation", str(THREE_EIGHTS)], capsys)
    assert code == 0 and out == NOTATION + "\n"


def test_notation_to_json_round_trip(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(["notation", "--notation", NOTATION, "--to-json"], capsys)
    assert code == 0
    assert Position.from_json(out).notation == NOTATION
    path = write(tmp_path, "p.json", out)
    _, again, _ = run(["notation", path], capsys)
    assert again.strip() == NOTATION


def test_notation_normalises_pasted_input(capsys: pytest.CaptureFixture[str]) -> None:
    pasted = NOTATION.replace("R9R7", "9r7r").replace(" d35", "")
    code, out, _ = run(["notation", pasted], capsys)
    assert code == 0 and out.strip() == NOTATION


# ---- report ---------------------------------------------------------------------------------------------


def _hide_plotly(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(sys.modules):
        if name == "plotly" or name.startswith(("plotly.", "schotten_lab.views.")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "plotly", None)  # makes `import plotly` fail


def test_report_without_plotly_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    try:
        import schotten_lab.views.report  # noqa: F401
    except ImportError as exc:
        if (exc.name or "").split(".")[0] != "plotly":
            pytest.skip(f"schotten_lab.views.report is not available: {exc}")
    _hide_plotly(monkeypatch)
    out_file = tmp_path / "r.html"
    code, out, err = run(["report", str(THREE_EIGHTS), "-o", str(out_file)], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "plotly" in err and "pip install 'schotten-lab[notebooks]'" in err
    assert not out_file.exists()


def test_report_import_error_inside_the_writer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def write_report(*args: object, **kwargs: object) -> None:
        raise ModuleNotFoundError("No module named 'kaleido'", name="kaleido")

    fake = types.ModuleType("schotten_lab.views.report")
    fake.write_report = write_report  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "schotten_lab.views.report", fake)
    code, _, err = run(["report", str(THREE_EIGHTS), "-o", str(tmp_path / "r.html")], capsys)
    assert code == 2 and "kaleido" in err and "schotten-lab[notebooks]" in err


def test_report_passes_viewer_and_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[object, ...]] = []

    def write_report(position: Position, path: str, *, viewer: object = None, lang: str = "en",
                     title: object = None, description: object = None) -> None:
        calls.append((position.notation, path, viewer, lang, title))
        Path(path).write_text("<html></html>", encoding="utf-8")

    fake = types.ModuleType("schotten_lab.views.report")
    fake.write_report = write_report  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "schotten_lab.views.report", fake)
    out_file = str(tmp_path / "r.html")
    code, out, _ = run(["report", str(THREE_EIGHTS), "-o", out_file, "--viewer", "south", "--lang", "fr"], capsys)
    assert code == 0 and out == f"fichier écrit\u00a0: {out_file}\n"  # the last line in the report's language too
    assert calls == [(NOTATION, out_file, "south", "fr", json.loads(THREE_EIGHTS.read_text())["translations"]["fr"]["title"])]  # the French title


def test_report_for_real(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("plotly")
    try:
        import schotten_lab.views.report  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"schotten_lab.views.report is not available: {exc}")
    out_file = tmp_path / "report.html"
    code, _, err = run(["report", str(THREE_EIGHTS), "-o", str(out_file), "--lang", "fr"], capsys)
    assert code == 0, err
    assert out_file.stat().st_size > 1000


# ---- bad input: exit code 2 and one line naming the problem ------------------------------------------------


def _bad_documents(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """name -> (path of a bad position file, text the message must contain)."""
    base = doc(THREE_EIGHTS)
    unknown_card = json.loads(json.dumps(base))
    unknown_card["stones"][0]["south"][1] = "Z8"
    duplicate = json.loads(json.dumps(base))
    duplicate["stones"][4]["north"] = ["R9"]
    duplicate["deck"]["clan"] = 34
    wrong_type = {**base, "to_move": 3}
    too_few_stones = {**base, "stones": base["stones"][:8]}
    overfull = json.loads(json.dumps(base))
    overfull["stones"][0]["south"].append("Y8")
    overfull["deck"]["clan"] = 34
    return {
        "bad JSON": (write(tmp_path, "bad.json", '{"stones": [}'), "not valid JSON"),
        "not an object": (write(tmp_path, "list.json", "[1, 2]"), "must be a JSON object"),
        "unknown card": (write(tmp_path, "card.json", unknown_card), "stones[0].south[1]"),
        "duplicate card": (write(tmp_path, "dup.json", duplicate), "R9 appears 2 times"),
        "wrong type": (write(tmp_path, "type.json", wrong_type), "to_move"),
        "stone count": (write(tmp_path, "eight.json", too_few_stones), "stones"),
        "side over capacity": (write(tmp_path, "four.json", overfull), "stones[0].south"),
        "counts": (write(tmp_path, "counts.json", {**base, "deck": {"clan": 20}}), "deck.clan"),
        "unknown field": (write(tmp_path, "field.json", {**base, "colour": "red"}), "colour"),
        "not UTF-8": (write(tmp_path, "bin.json", ""), ""),
        "directory": (str(tmp_path), "is a directory"),
        "missing file": (str(tmp_path / "nope.json"), "no such file"),
    }


BAD_DOCUMENTS = [
    "bad JSON", "not an object", "unknown card", "duplicate card", "wrong type", "stone count",
    "side over capacity", "counts", "unknown field", "not UTF-8", "directory", "missing file",
]  # fmt: skip


@pytest.mark.parametrize("name", BAD_DOCUMENTS)
@pytest.mark.parametrize("command", ["analyze", "claim", "notation", "advise"])
def test_bad_position_file_exits_2_with_one_line(
    name: str, command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, needle = _bad_documents(tmp_path)[name]
    if name == "not UTF-8":
        Path(path).write_bytes(b'{"stones": "\xff\xfe"}')
        needle = "UTF-8"
    argv = [command, path] + (["--stone", "1", "--player", "south"] if command == "claim" else [])
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("schotten-lab: error: ") and err.endswith("\n") and err.count("\n") == 1
    assert needle in err


BAD_ARGUMENTS = [
    (["claim", str(THREE_EIGHTS), "--stone", "0", "--player", "south"], "stone 0 is out of range"),
    (["claim", str(THREE_EIGHTS), "--stone", "10", "--player", "south"], "stone 10 is out of range"),
    (["claim", str(THREE_EIGHTS), "--stone", "x", "--player", "south"], "--stone"),
    (["claim", str(THREE_EIGHTS), "--stone", "1", "--player", "east"], "unknown player 'east'"),
    (["claim", str(THREE_EIGHTS), "--stone", "1"], "--player"),
    (["claim", "--stone", "1", "--player", "south"], "a position is required"),
    (["analyze", str(THREE_EIGHTS), "--viewer", "west"], "unknown player 'west'"),
    (["analyze"], "a position is required"),
    (["analyze", "--notation", "N8B8G8-R9R7/-/- ?6 ?6 s"], "expected 9 stones"),
    (["analyze", "--notation", NOTATION, str(THREE_EIGHTS)], "not both"),
    (["notation", "--notation", NOTATION.replace("R9R7", "R9R7R8R6")], "stones[0].north"),
    (["notation", str(THREE_EIGHTS), "--notation", NOTATION], "not both"),
    (["report", str(THREE_EIGHTS)], "--output"),
    (["report", str(THREE_EIGHTS), "-o", "x.html", "--lang", "de"], "--lang"),
    (["frobnicate"], "invalid choice"),
]


@pytest.mark.parametrize(("argv", "needle"), BAD_ARGUMENTS, ids=[" ".join(a[:1] + a[2:]) for a, _ in BAD_ARGUMENTS])
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("schotten-lab: error: ") and err.count("\n") == 1
    assert needle in err


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([], capsys)
    assert code == 2 and "analyze" in out


# ---- internal errors -------------------------------------------------------------------------------------------


def test_internal_error_is_one_line_and_debug_shows_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom\nsecond line")

    import schotten_lab.cli.analyze as analyze_command

    monkeypatch.setattr(analyze_command, "_analyze", broken)
    code, out, err = run(["analyze", str(THREE_EIGHTS)], capsys)
    assert code == 3 and out == ""
    assert err.count("\n") == 1 and "internal error: RuntimeError: boom second line" in err
    with pytest.raises(RuntimeError, match="boom"):
        main(["--debug", "analyze", str(THREE_EIGHTS)])


# ---- tactics positions ----------------------------------------------------------------------------------------

SPY = POSITIONS / "16_spy_completes_three_sevens.json"
EXPERT = POSITIONS / "21_expert_claim_now_and_threat.json"
JOKER_COUNTER = POSITIONS / "20_counterexample_needs_the_wild_joker.json"
TACTICS_NAMES = {"JOKER", "SPY", "SHIELD", "BLIND", "MUD", "HEADHUNTER", "STRATEGIST", "BANSHEE", "TRAITOR"}


def test_analyze_tactics_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["analyze", str(SPY), "--json"], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    assert report["rules"] == {"variant": "tactics", "expert": False, "strict_proofs": False}
    assert report["claim_now"] == [6] and report["threats"] == []
    assert report["stones"][5]["south"] == ["R7", "B7", "SPY"]
    assert report["stones"][5]["claim"]["south"]["claimable"] is True
    tactics = {c["card"]: c for c in report["tactics_cards"]}
    assert set(tactics) == TACTICS_NAMES
    assert tactics["SPY"]["where"] == "played" and tactics["SPY"]["copies"] == 0
    assert tactics["JOKER"]["where"] == "unseen" and tactics["JOKER"]["copies"] == 2
    assert tactics["JOKER"]["p_opponent_hand"] + tactics["JOKER"]["p_deck"] == pytest.approx(1)
    # the base-game report has no tactics cards
    _, base, _ = run(["analyze", str(THREE_EIGHTS), "--json"], capsys)
    assert "tactics_cards" not in json.loads(base)


def test_analyze_tactics_readable_and_expert_timing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["analyze", str(EXPERT)], capsys)
    assert code == 0
    assert out.startswith("Expert variant: south claims stone 2 now, north threatens stone 6\n")
    assert "tactics (expert) game" in out
    assert "south can claim stone 2 at the start of the turn (expert rules); north threatens stone 6." in out
    assert "Claim proofs: rulebook" in out and "Tactics cards unseen by south: JOKER x2" in out
    _, data, _ = run(["analyze", str(EXPERT), "--json"], capsys)
    report = json.loads(data)
    assert report["rules"]["expert"] is True
    assert (report["claim_now"], report["threats"]) == ([2], [6])


def test_claim_tactics_counterexample_with_wild_joker(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["claim", str(JOKER_COUNTER), "-s", "1", "-p", "south"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "stone 1, south: not claimable"
    assert "JOKER" in lines[1]
    assert lines[2] == "counterexample: north adds N6: color run (sum 18)"


def test_claim_strict_blocks_what_the_rulebook_allows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["claim", str(SPY), "-s", "6", "-p", "south"], capsys)
    assert code == 0 and out.splitlines()[0] == "stone 6, south: claimable"
    code, out, _ = run(["claim", str(SPY), "-s", "6", "-p", "south", "--strict"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "stone 6, south: not claimable (strict proof)"
    assert "unplayed JOKER" in lines[1]
    assert lines[2] == "counterexample: north adds JOKER: color run (sum 21)"
    _, data, _ = run(["claim", str(SPY), "-s", "6", "-p", "south", "--strict", "--json"], capsys)
    verdict = json.loads(data)
    assert verdict["claimable"] is False and verdict["counterexample"] == ["JOKER"]
    assert verdict["counter_formation"] == "color_run" and "JOKER" in verdict["scenario"]


def test_analyze_strict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["analyze", str(SPY), "--strict", "--json"], capsys)
    assert code == 0
    report = json.loads(out)
    assert report["rules"]["strict_proofs"] is True
    assert report["claim_now"] == []
    assert report["stones"][5]["claim"]["south"]["scenario"] == "the opponent played the unplayed JOKER"
    _, readable, _ = run(["analyze", str(SPY), "--strict"], capsys)
    assert "Claim proofs: strict" in readable and "south can claim no stone" in readable


def test_strict_has_no_effect_on_base_positions(capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = run(["analyze", str(CLAIMED), "--json"], capsys)
    _, strict, _ = run(["analyze", str(CLAIMED), "--json", "--strict"], capsys)
    assert json.loads(strict) == json.loads(plain)
    assert json.loads(strict)["rules"]["strict_proofs"] is False
    code, out, _ = run(["claim", str(CLAIMED), "-s", "6", "-p", "s", "--strict"], capsys)
    assert code == 0 and out.splitlines()[0] == "stone 6, south: claimable"


def test_analyze_json_lines_strict(capsys: pytest.CaptureFixture[str]) -> None:
    lines = "\n".join(json.dumps(doc(p)) for p in (SPY, THREE_EIGHTS))
    code, out, _ = run(["analyze", "-", "--strict"], capsys, stdin=lines)
    assert code == 0
    spy, base = (json.loads(line) for line in out.splitlines())
    assert spy["rules"]["strict_proofs"] is True and spy["claim_now"] == []
    assert base["rules"]["strict_proofs"] is False


def _bad_tactics_documents(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """name -> (path of a bad tactics position file, the field the message must name)."""
    base = doc(SPY)

    def variant(name: str, edit: Any) -> str:
        data = json.loads(json.dumps(base))
        edit(data)
        return write(tmp_path, f"{name}.json", data)

    def two_jokers(d: dict[str, Any]) -> None:
        d["stones"][5]["south"] = ["R7", "JOKER", "JOKER"]  # B7 back to the deck, the SPY to the tactics deck
        d["tactics_played"] = {"south": 2, "north": 1}
        d["stones"][7]["modes"] = ["blind"]
        d["deck"] = {"clan": d["deck"]["clan"] + 1, "tactics": d["deck"]["tactics"] - 2}

    return {
        "unknown combat mode": (variant("mode", lambda d: d["stones"][5].update(modes=["fog"])), "stones[5].modes[0]"),
        "spy out of range": (variant("spy", lambda d: d["stones"][5]["south"].__setitem__(2, "SPY=B8")), "stones[5].south[2]"),
        "tactics played": (variant("played", lambda d: d.update(tactics_played={"south": 2, "north": 1})), "tactics_played"),
        "no clan deck": (variant("deck", lambda d: d.update(deck={"tactics": 8})), "deck.clan"),
        "identity in hand": (variant("hand", lambda d: d["hands"]["south"].__setitem__(0, "JOKER=R8")), "hands.south[0]"),
        "two jokers": (variant("jokers", two_jokers), "stones[5].south"),
        "tactics card in base": (variant("base", lambda d: d.update(variant="base")), "stones[5].south[2]"),
    }  # fmt: skip


BAD_TACTICS = [
    "unknown combat mode", "spy out of range", "tactics played", "no clan deck", "identity in hand", "two jokers",
    "tactics card in base",
]  # fmt: skip


@pytest.mark.parametrize("name", BAD_TACTICS)
@pytest.mark.parametrize("command", ["analyze", "claim"])
def test_bad_tactics_file_exits_2_naming_the_field(
    name: str, command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, field = _bad_tactics_documents(tmp_path)[name]
    argv = [command, path, "--strict"] + (["--stone", "6", "--player", "south"] if command == "claim" else [])
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("schotten-lab: error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert field in err, err


# ---- players in any case, spaced notation, bad cards ---------------------------------------------


@pytest.mark.parametrize("player", ["N", "n", "North", "NORTH"])
def test_players_in_any_case_on_the_command_line(player: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["claim", "--notation", NOTATION, "--stone", "1", "--player", player], capsys)
    assert code == 0 and out.startswith("stone 1, north: not claimable")
    spaced = NOTATION.replace("N8B8G8", "N8 B8 G8").replace(" n d35", f" {player} d35")
    code, out, err = run(["analyze", "--notation", spaced, "--viewer", player, "--json"], capsys)
    assert code == 0, err
    report = json.loads(out)
    assert report["notation"] == NOTATION and report["to_move"] == "north" and report["viewer"] == "north"


def test_bad_card_in_notation_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["analyze", "--notation", NOTATION.replace("R9R7", "R9R0")], capsys)
    assert code == 2 and "stone 1 north side" in err and "'R0'" in err and "not 1-9" in err
    assert "Traceback" not in err


# ---- Ctrl-C at start-up -------------------------------------------------------------------------


class _InterruptImport:
    """A meta-path finder that raises KeyboardInterrupt on importing the command line, as Ctrl-C would."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "schotten_lab.cli":
            raise KeyboardInterrupt


def test_ctrl_c_while_the_command_line_loads_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import schotten_lab.__main__ as entry

    monkeypatch.delitem(sys.modules, "schotten_lab.cli")
    monkeypatch.setattr(sys, "meta_path", [_InterruptImport(), *sys.meta_path])
    assert entry.main() == 130


class _ImportBrokenByCtrlC:
    """A meta-path finder that receives a real SIGINT while the command line loads and, as numpy's
    C import does, turns the interruption into an ImportError of its own."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "schotten_lab.cli":
            try:
                signal.raise_signal(signal.SIGINT)
            except KeyboardInterrupt:
                raise ImportError('PyCapsule_Import could not import module "datetime"') from None


def test_ctrl_c_that_breaks_an_extension_import_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import schotten_lab.__main__ as entry

    monkeypatch.delitem(sys.modules, "schotten_lab.cli")
    monkeypatch.setattr(sys, "meta_path", [_ImportBrokenByCtrlC(), *sys.meta_path])
    before = signal.getsignal(signal.SIGINT)
    assert entry.main() == 130
    assert signal.getsignal(signal.SIGINT) is before  # the Ctrl-C handler is the test runner's again


def test_an_import_error_without_ctrl_c_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    import schotten_lab.__main__ as entry

    class Broken:
        def find_spec(self, name: str, path: object = None, target: object = None) -> None:
            if name == "schotten_lab.cli":
                raise ImportError("a real missing module")

    monkeypatch.delitem(sys.modules, "schotten_lab.cli")
    monkeypatch.setattr(sys, "meta_path", [Broken(), *sys.meta_path])
    with pytest.raises(ImportError, match="a real missing module"):
        entry.main()


def test_the_package_loads_numpy_only_when_used() -> None:
    code = "import sys, schotten_lab; assert 'numpy' not in sys.modules; from schotten_lab import Position; print(Position)"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "schotten_lab.core.position.Position" in result.stdout


def _wait_until_numpy_loads(proc: subprocess.Popen[str], timeout: float = 60.0) -> bool:
    """Whether numpy's compiled core got mapped into ``proc`` (Linux's /proc/PID/maps) before it ended:
    the start-up is then inside the command line's imports, past the interpreter's own."""
    maps = Path(f"/proc/{proc.pid}/maps")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        with contextlib.suppress(OSError):
            if "_multiarray_umath" in maps.read_text():
                return True
        time.sleep(0.001)
    return False


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads /proc/PID/maps (Linux)")
def test_sigint_during_start_up_gives_no_traceback() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "schotten_lab", "analyze", str(THREE_EIGHTS)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # Ctrl-C once numpy starts loading (its C import can turn the interruption into an ImportError of its
    # own), not after a fixed sleep: on a loaded machine the interpreter's own start-up (runpy importing
    # the package, before any of our code runs) outlasted 0.15 s, and a Ctrl-C there is Python's traceback
    loading = _wait_until_numpy_loads(proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert loading, "the command ended before numpy loaded: the Ctrl-C did not land in its start-up"
    assert "Traceback" not in err
    assert proc.returncode in (0, 130)  # 0 when the analysis had finished already  # 0 when the analysis had finished already
