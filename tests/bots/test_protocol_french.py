"""A bot request's errors in French (issue 20): the answer's ``error`` message is in the bot's
language (``bot --lang fr``, ``serve(..., lang="fr")``), its fields stay as the protocol says; the
English is word for word as before (pinned: the messages of the tree before they became facts), and
``advise`` on a bad request file says it in ``--lang``'s words."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from schotten_lab.bots import make_bot
from schotten_lab.bots.protocol import RequestError, answer, request_lines, serve
from schotten_lab.cli import main
from schotten_lab.core.position import Position
from schotten_lab.core.position_json import position_to_dict

from ..core.test_french import french_problems

ROOT = Path(__file__).resolve().parents[2]
ENGLISH: dict[str, str] = json.loads((Path(__file__).parent / "protocol_errors_en.json").read_text(encoding="utf-8"))
"""Each bad request's English error, as the protocol answered before its messages became facts."""


def bad_requests() -> dict[str, str]:
    """One bad request line for each kind of error, by name."""
    base = position_to_dict(Position.from_notation("-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s d42"))
    over = position_to_dict(Position.from_notation("R1R2R3-B1B2B4@s/R4R5R6-B5B6B8@s/R7R8R9-G1G2G4@s/-/-/-/-/-/- Y1Y2Y3Y4Y5Y6 ?6 n d24"))
    twice: Any = json.loads(json.dumps(base))
    twice["stones"][0]["south"] = ["R1"]
    bad_card: Any = json.loads(json.dumps(base))
    bad_card["stones"][0]["south"] = ["R0"]
    return {
        "empty": "", "not_json": "nope", "deep": "[" * 100_000, "array": "[1]", "string": '"hello"', "null": "null",
        "no_to_move": json.dumps({k: v for k, v in base.items() if k != "to_move"}),
        "history": json.dumps({**base, "history": 5}), "bad_card": json.dumps(bad_card), "illegal": json.dumps(twice),
        "game_over": json.dumps(over), "hidden": json.dumps({**base, "to_move": "north"}),
    }  # fmt: skip


def _errors(lang: str) -> dict[str, str]:
    bot = make_bot("random", seed=0)
    said = {name: answer(bot, line, lang)["error"] for name, line in bad_requests().items()}
    said["too_long"] = next(iter(request_lines(io.BytesIO(b"x" * 2000 + b"\n"), limit=1000))).in_words(lang)  # type: ignore[union-attr]
    return said


def test_every_error_pinned_has_a_request() -> None:
    assert set(bad_requests()) | {"too_long"} == set(ENGLISH)


def test_the_english_errors_are_unchanged() -> None:
    assert _errors("en") == ENGLISH


@pytest.mark.parametrize("name", sorted(ENGLISH))
def test_each_error_is_said_in_french(name: str) -> None:
    french = _errors("fr")[name]
    assert french != ENGLISH[name]
    assert not french_problems(french), (french, french_problems(french))


def test_a_bot_that_fails_is_quoted_in_french() -> None:
    class Broken:
        def decide(self, observation: object, history: object) -> object:
            raise ZeroDivisionError("division by zero")

    line = json.dumps(position_to_dict(Position.from_notation("-/-/-/-/-/-/-/-/- R1R2R3R4R5R6 ?6 s d42")))
    assert answer(Broken(), line)["error"] == "the bot could not decide: ZeroDivisionError: division by zero"  # type: ignore[arg-type]
    assert answer(Broken(), line, "fr")["error"] == (  # type: ignore[arg-type]
        "le bot n’a pas pu choisir son tour\u00a0: le programme répond «\u00a0ZeroDivisionError: division by zero\u00a0»")


def test_serve_answers_in_its_language_and_keeps_the_fields() -> None:
    out = io.StringIO()
    serve(make_bot("random", seed=0), ["nope", RequestError.of("req.empty")], out, lang="fr")
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [list(a) for a in answers] == [["error"], ["error"]]  # the protocol's field, as the spec says
    assert answers[1]["error"] == "requête vide\u00a0: un objet JSON position@1 est attendu sur la ligne"


def test_the_bot_command_speaks_french() -> None:
    lines = "\n".join(bad_requests()[name] for name in ("not_json", "hidden")) + "\n"
    out = subprocess.run([sys.executable, "-m", "schotten_lab", "bot", "random", "--lang", "fr"], cwd=ROOT, input=lines,
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert out.returncode == 0, out.stderr
    said = [json.loads(line)["error"] for line in out.stdout.splitlines()]
    assert said == [_errors("fr")["not_json"], _errors("fr")["hidden"]]
    assert said[1] == "main de Nord\u00a0: la position ne la montre pas, or Nord est le joueur qui joue"


def test_advise_on_a_bad_request_file_speaks_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "request.json"
    data = json.loads(bad_requests()["illegal"])
    path.write_text(json.dumps({**data, "history": []}), encoding="utf-8")
    assert main(["advise", str(path), "--iterations", "5"]) == 2
    assert capsys.readouterr().err.strip() == f"schotten-lab: error: {path}: {ENGLISH['illegal']}"
    assert main(["advise", str(path), "--iterations", "5", "--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"schotten-lab\u00a0: erreur\u00a0: {path}\u00a0: position illégale\u00a0: main de Sud\u00a0: la carte R1 apparaît 2 fois")
    assert not french_problems(err.replace(str(path), "X")), french_problems(err)


def test_the_french_quotes_field_names_as_the_rest_of_the_french_does() -> None:
    """A JSON field or value named in a French error is in « » (as ``record_words.Code`` writes it),
    never in straight double quotes."""
    from schotten_lab.bots.protocol import PROTOCOL_PHRASES

    assert [key for key, words in PROTOCOL_PHRASES.items() if '"' in words["fr"]] == []
    french = _errors("fr")
    assert french["no_to_move"] == ("il manque le champ «\u00a0to_move\u00a0»\u00a0: une requête nomme le joueur qui joue "
                                    "(«\u00a0south\u00a0» ou «\u00a0north\u00a0»)")  # fmt: skip
    assert french["history"] == "le champ «\u00a0history\u00a0» doit être une liste de tours (des objets)"
