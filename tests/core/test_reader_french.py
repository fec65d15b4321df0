"""A position reader's own errors (bad JSON, a notation that does not read, a wrong field) in French:
every kind said in French with French typography, the English ``str()`` word for word as before, and
the CLI and the apps showing them in their language (issue 20)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from schotten_lab.cli import main
from schotten_lab.core.errors import CardError, NotationError, PositionFormatError, SchottenError
from schotten_lab.core.load import load_position_text
from schotten_lab.core.reader_words import READER_PHRASES

from .test_french import french_problems

ROOT = Path(__file__).resolve().parents[2]


def _sample():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("french_sample", ROOT / "scripts" / "french_sample.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_reader_error_kind_is_said_in_french_with_french_typography() -> None:
    sample = _sample()
    keys: set[str] = set()
    for text in sample.READER_INPUTS:
        exc = sample.reader_error(text)
        assert isinstance(exc, (PositionFormatError, NotationError, CardError)), text
        french = exc.in_words("fr")
        assert french != str(exc) and french_problems(french) == [], (text, french, french_problems(french))
        assert exc.in_words("en") == str(exc)
        keys.add(_key(exc))
    assert len(sample.READER_INPUTS) >= 55 and len(keys) >= 40


def _key(exc: SchottenError) -> str:
    fact = exc.fact
    while isinstance(fact, SchottenError):
        fact = fact.fact
    return str(getattr(fact, "key", ""))


ENGLISH = {
    "": "nothing to read: give a JSON document or a notation line",
    "R0-/-/-/-/-/-/-/-/- - - s": "stone 1 south side 'R0-': unknown card 'R0': the value '0' is not 1-9",
    "-/-/-/-/-/-/-/-/- ?x - s": "south hand '?x': an unknown hand is '?' and its size, e.g. '?6'",
    "-/-/-/-/-/-/-/-/- - - q": "player to move 'q': expected 's' or 'n' (or 'south', 'north', any case)",
    "R8-[SPY/-/-/-/-/-/-/-/- - - s": "stone 1 north side 'R8-[SPY': '[SPY' has no closing ']'",
    "R7[SPY=R3]-/-/-/-/-/-/-/-/- - - s d30 tactics": "stone 1 south side: SPY=R3: a spy is a 7 of any colour",
    '{"a": 1,}': "not valid JSON: Expecting property name enclosed in double quotes at line 1 column 9",
    '{"foo": 1, "bar": 2}': "bar: unknown field (and 1 more unknown)",
    '{"stones": 3}': "stones: must be a list of 9 stones, not the number 3",
    '{"stones": [{"modes": ["x"]}, {}, {}, {}, {}, {}, {}, {}, {}]}': "stones[0].modes[0]: is 'x'; a combat mode is 'blind' or 'mud'",
}


@pytest.mark.parametrize("text", sorted(ENGLISH))
def test_the_english_message_is_unchanged(text: str) -> None:
    with pytest.raises(SchottenError) as info:
        load_position_text(text)
    assert str(info.value) == ENGLISH[text]


def test_a_long_value_stays_cut_in_french() -> None:
    exc = _sample().reader_error('{"stones": [{"south": ["' + "a" * 500 + '"]}, {}, {}, {}, {}, {}, {}, {}, {}]}')
    french = exc.in_words("fr")
    assert "a" * 41 not in french and "(500 caractères)" in french and len(french) < 300


def test_the_french_says_the_field_in_words() -> None:
    exc = _sample().reader_error('{"stones": [{"south": ["R0"]}, {}, {}, {}, {}, {}, {}, {}, {}]}')
    assert exc.in_words("fr").startswith("borne 1, côté Sud, carte 1\u00a0: carte inconnue «\u00a0R0\u00a0»")


def test_every_reader_phrase_has_both_languages() -> None:
    assert len(READER_PHRASES) >= 55 and all(set(texts) == {"en", "fr"} for texts in READER_PHRASES.values())


def test_the_cli_says_a_bad_position_in_french_with_lang_fr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"stones": 3}', encoding="utf-8")
    assert main(["claim", str(bad), "-s", "1", "-p", "south", "--lang", "fr"]) == 2
    line = capsys.readouterr().err.strip()
    assert line == f"schotten-lab\u00a0: erreur\u00a0: {bad}\u00a0: bornes\u00a0: doit être une liste de 9 bornes, et non le nombre 3"
    assert main(["claim", str(bad), "-s", "1", "-p", "south", "--lang", "en"]) == 2
    assert capsys.readouterr().err.strip() == f"schotten-lab: error: {bad}: stones: must be a list of 9 stones, not the number 3"
    assert main(["analyze", "R0-/-/-/-/-/-/-/-/- - - s", "--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("schotten-lab\u00a0: erreur\u00a0: ") and "carte inconnue «\u00a0R0\u00a0»" in err and "\n" not in err


def test_the_apps_error_sentence_is_french() -> None:
    from schotten_lab.views.app import error_sentence

    exc = _sample().reader_error('{"stones": 3}')
    sentence = error_sentence('{"stones": 3}', exc, "fr")
    assert "bornes\u00a0: doit être une liste de 9 bornes" in sentence and "stones" not in sentence
    assert french_problems(sentence) == []
    assert "stones: must be a list of 9 stones" in error_sentence('{"stones": 3}', exc, "en")


def test_the_editor_says_a_bad_position_in_french() -> None:
    pytest.importorskip("ipywidgets")
    from schotten_lab.views.editor import BoardEditor

    editor = BoardEditor(lang="fr", charts=False, advisor=False)
    assert editor.load('{"stones": 3}') is False
    assert "bornes\u00a0: doit être une liste de 9 bornes, et non le nombre 3" in editor.message
    assert french_problems(editor.message) == []
