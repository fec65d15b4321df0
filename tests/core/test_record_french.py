"""A game record's reading errors and the command line's own messages in French (issue 20): every
kind said in French with French typography, the English ``str()`` word for word as before, and
``replay``/``review``/``selfplay`` and argparse speaking ``--lang``'s (or ``SCHOTTEN_LANG``'s) language."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from schotten_lab.cli import main
from schotten_lab.game import IllegalTurnError, RecordError, read_match, read_record, validate_record
from schotten_lab.game.observation import observation_from_dict
from schotten_lab.game.plays import Play
from schotten_lab.game.record_words import RECORD_PHRASES
from schotten_lab.core.errors import PositionFormatError

from .test_french import french_problems

ROOT = Path(__file__).resolve().parents[2]
RECORD = '{"format": "schotten-lab/game@1", "deal": {"hands": {"south": null, "north": null}, "clan": null}, "turns": [%s]}'


def _sample() -> ModuleType:
    spec = importlib.util.spec_from_file_location("french_sample", ROOT / "scripts" / "french_sample.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _record_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        validate_record(read_record(text))
    return caught.value


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("{", "record (format): not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
        ("[]", "record (format): a game record must be a JSON object, not []"),
        ('{"format": "x"}', "record, format (format): is 'x'; this version reads 'schotten-lab/game@1'"),
        ('{"format": "schotten-lab/game@1", "expert": 1}', "record, expert (format): must be true or false, not 1"),
        ('{"format": "schotten-lab/game@1", "first": "east"}', "record, first (format): is 'east'; expected 'south' or 'north'"),
        ('{"format": "schotten-lab/game@1", "deal": {"hands": {"south": ["R1"]}}}',
         "record, deal.hands.south (format): has 1 cards; expected 6"),
        ('{"format": "schotten-lab/game@1", "deal": {"hands": {"south": ["R0", "R2", "R3", "R4", "R5", "R6"]}}}',
         "record, deal.hands.south[0] (format): unknown card 'R0': the value '0' is not 1-9"),
        ('{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": [3]}',
         "turn 1, turns[0] (format): must be a turn object, not 3"),
        ('{"format": "schotten-lab/game@1", "deal": {"hands": {}}, "turns": [], "result": {"winner": "south", "reason": "five"}}',
         "record, result (result): result says winner south (five), but the turns give null (unfinished)"),
        (RECORD % '{"player": "north", "play": {"card": "R8", "stone": 3}}', "turn 1 (turn-order): it is south's turn, not 'north''s"),
        (RECORD % '{"player": "south", "play": {"card": "R8", "stone": 3, "foo": 1}}',
         "turn 1 (format): play.foo: unknown field for a R8 play (fields: card, stone)"),
        (RECORD % '{"player": "south", "play": {"card": "R8", "stone": 13}}', "turn 1 (format): play.stone must be a stone number 1-9, not 13"),
    ],
)  # fmt: skip
def test_a_record_error_keeps_its_english_and_says_itself_in_french(text: str, english: str) -> None:
    error = _record_error(text)
    assert str(error) == english and error.in_words("en") == english
    french = error.in_words("fr")
    assert french != english and not french_problems(french), (french, french_problems(french))


def test_every_record_error_of_the_sample_is_french_and_typeset() -> None:
    lines = list(_sample().record_lines())
    assert len(lines) >= 25
    bad = [(text, french_problems(text)) for _, text in lines if french_problems(text)]
    assert not bad, bad[:3]
    assert not any(" (format)" in text or "turn " in text or "record" in text for _, text in lines)


def test_a_play_and_an_observation_say_their_errors_in_french() -> None:
    with pytest.raises(IllegalTurnError) as caught:
        Play.from_dict({"card": "TRAITOR", "stone": 2, "from": 1, "target": 5})
    assert str(caught.value) == "illegal turn (format): play.target must be a card code such as 'R8' or 'JOKER', not 5"
    assert caught.value.in_words("fr") == (
        "coup illégal (forme)\u00a0: la carte visée doit être un code de carte comme «\u00a0R8\u00a0» ou «\u00a0JOKER\u00a0», et non 5"
    )
    with pytest.raises(PositionFormatError) as bad:
        observation_from_dict({"stones": [{"south": [], "north": []}] * 9, "jokers_played": "x"})
    assert str(bad.value) == "jokers_played: must be a list of 'south'/'north'"
    assert not french_problems(bad.value.in_words("fr").replace("jokers_played", "X"))
    with pytest.raises(RecordError) as match:
        read_match('{"format": "x"}')
    assert "un match est un objet" in match.value.in_words("fr")


def test_every_record_phrase_has_both_languages_and_french_typography() -> None:
    assert len(RECORD_PHRASES) >= 90 and all(set(texts) == {"en", "fr"} for texts in RECORD_PHRASES.values())


def _stderr(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


def test_replay_and_review_say_a_bad_record_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(RECORD % '{"player": "north", "play": {"card": "R8", "stone": 3}}', encoding="utf-8")
    english = f"schotten-lab: error: {bad}: turn 1 (turn-order): it is south's turn, not 'north''s"
    assert _stderr(["replay", str(bad)], capsys) == english
    french = f"schotten-lab\u00a0: erreur\u00a0: {bad}\u00a0: tour 1 (ordre des tours)\u00a0: c’est à Sud de jouer, et non à «\u00a0north\u00a0»"
    assert _stderr(["replay", str(bad), "--lang", "fr"], capsys) == french
    assert _stderr(["review", str(bad), "--lang", "fr"], capsys) == french
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    assert _stderr(["replay", str(bad)], capsys) == french
    missing = str(tmp_path / "nope.json")
    assert _stderr(["replay", missing], capsys) == f"schotten-lab\u00a0: erreur\u00a0: {missing}\u00a0: ce fichier n’existe pas"
    assert _stderr(["replay", missing, "--lang", "en"], capsys) == f"schotten-lab: error: {missing}: no such file"


@pytest.mark.parametrize(
    ("argv", "english", "french"),
    [
        (["analyze", "--bogus"], "unrecognized arguments: --bogus", "arguments inconnus\u00a0: --bogus"),
        (["claim"], "the following arguments are required: --stone/-s, --player/-p", "arguments obligatoires manquants\u00a0: --stone/-s"),
        (["claim", "x.json", "--stone"], "argument --stone/-s: expected one argument", "argument --stone/-s\u00a0: une valeur est attendue"),
        (["selfplay", "--games", "1", "--variant", "mud"], "invalid choice: 'mud'", "choix invalide\u00a0: «\u00a0mud\u00a0»"),
        (["diagram", "x.json", "-o", "x.svg", "--scale", "big"], "invalid float value: 'big'", "valeur invalide (nombre)\u00a0: «\u00a0big\u00a0»"),
        (["selfplay", "--games", "x"], "expected an integer, not 'x'", "un nombre entier est attendu, et non «\u00a0x\u00a0»"),
        (["selfplay", "--games", "0"], "--games: must be at least 1", "--games\u00a0: au moins 1"),
        (["selfplay", "--games", "1", "--south", "nobody"], "--south: unknown bot 'nobody'", "--south\u00a0: bot inconnu «\u00a0nobody\u00a0»"),
        (["claim", "x.json", "-s", "10", "-p", "south"], "stone 10 is out of range", "il n’y a pas de borne 10"),
        (["advise", "x.json", "--iterations", "0"], "must be a whole number of rollouts from 1 to 10,000,000, not 0",
         "un nombre entier de simulations de 1 à 10\u00a0000\u00a0000 est attendu, et non 0"),
        (["puzzles", "sheet", "-o", "x.html", "--seed", "-1"], "must be a whole number from 0 to 2147483647, not -1",
         "un nombre entier de 0 à 2147483647 est attendu, et non -1"),
    ],
)  # fmt: skip
def test_the_command_line_says_its_own_errors_in_french(argv: list[str], english: str, french: str,
                                                        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    line = _stderr(argv, capsys)
    argparse_said = not english.startswith("--")  # argparse's errors point to the help; the commands' own do not
    assert line.startswith("schotten-lab: error: ") and english in line and ("(see 'schotten-lab" in line) == argparse_said
    line = _stderr([*argv, "--lang", "fr"], capsys)
    assert line.startswith("schotten-lab\u00a0: erreur\u00a0: ") and french in line and ("(voir «\u00a0schotten-lab" in line) == argparse_said
    assert not french_problems(line), french_problems(line)
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    assert _stderr(argv, capsys) == line  # the environment's language, when --lang is not given


def test_help_speaks_french_with_lang_fr(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    with pytest.raises(SystemExit) as done:
        main(["replay", "--help", "--lang=fr"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation\u00a0: schotten-lab replay") and "\narguments\u00a0:\n" in out and "\noptions\u00a0:\n" in out
    assert "affiche cette aide et s’arrête" in out and "usage:" not in out and "positional arguments" not in out
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    english = capsys.readouterr().out
    assert english.startswith("usage: schotten-lab replay") and "\npositional arguments:\n" in english and "\noptions:\n" in english
