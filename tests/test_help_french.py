"""``--help`` in French (issue 20): every command's and option's help text has its French, typeset,
and the English parser (the docs' CLI reference is generated from it) keeps its texts exactly."""

from __future__ import annotations

import argparse
import re

import pytest

from schotten_lab.cli import build_parser, main
from schotten_lab.cli.help_words import HELP_PHRASES, help_words, parser_texts, speak_help

from .core.test_french import french_problems


def _texts(parser: argparse.ArgumentParser) -> list[str]:
    return [str(getattr(holder, name)) for holder, name in parser_texts(parser)]


def test_every_help_text_of_the_parser_has_its_french() -> None:
    english = _texts(build_parser())
    assert len(english) >= 90
    for text in english:
        french = help_words(text, "fr")
        if text == "show this help message and exit":
            continue  # argparse's own: ARGPARSE_PHRASES
        assert french is not None, text
        assert french != text and not french_problems(french), (french, french_problems(french))
    assert all(set(texts) == {"en", "fr"} for texts in HELP_PHRASES.values())


def test_speaking_french_leaves_no_english_help_and_the_english_parser_unchanged() -> None:
    english = _texts(build_parser())
    parser = build_parser()
    speak_help(parser, "fr")
    french = _texts(parser)
    assert len(french) == len(english)
    left = [e for e, f in zip(english, french, strict=True) if e == f and e != "show this help message and exit"]
    assert not left, left
    assert _texts(build_parser()) == english  # a fresh (English) parser: what docs/_ext/cli_reference.py reads


@pytest.mark.parametrize("command", ["analyze", "claim", "advise", "report", "diagram", "replay", "review", "bot", "selfplay"])
def test_help_speaks_french_with_lang_fr_or_the_environment(command: str, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    with pytest.raises(SystemExit):
        main([command, "--help"])
    english = capsys.readouterr().out
    assert english == build_parser()._subparsers._group_actions[0].choices[command].format_help()  # type: ignore[union-attr]
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    with pytest.raises(SystemExit):
        main([command, "--help"])
    french = capsys.readouterr().out
    assert french.startswith(f"utilisation\u00a0: schotten-lab {command}")
    flat = re.sub(r"[ \n]+", " ", french)  # argparse wraps at ASCII spaces only: the no-break spaces stay
    sub = build_parser()._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
    for text in _texts(sub):
        if text != "show this help message and exit":
            assert re.sub(r"[ \n]+", " ", text) not in flat, text
            said = help_words(text, "fr")
            assert said is not None and re.sub(r"[ \n]+", " ", said) in flat, said
            assert not french_problems(said), french_problems(said)


def test_the_top_level_help_is_french() -> None:
    parser = build_parser()
    speak_help(parser, "fr")
    assert parser.description is not None and parser.description.startswith("Analyse stratégique exacte de Schotten Totten\u00a0:")
    assert parser.epilog is not None and parser.epilog.startswith("Codes de sortie\u00a0:")
