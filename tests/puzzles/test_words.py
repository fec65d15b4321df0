"""The puzzles' phrase table: both languages, the same fields, French typography."""

from __future__ import annotations

import re

from schotten_lab.core.rules import Player
from schotten_lab.core.words import fields_of, say
from schotten_lab.puzzles.words import PUZZLE_PHRASES, Capitalized


def test_every_phrase_has_both_languages_with_the_same_fields() -> None:
    for key, texts in PUZZLE_PHRASES.items():
        assert set(texts) == {"en", "fr"}, key
        assert fields_of(texts["en"]) == fields_of(texts["fr"]), key


def test_french_puts_a_no_break_space_before_high_punctuation() -> None:
    for key, texts in PUZZLE_PHRASES.items():
        assert not re.search(r"[^\u00a0][?:;!%]", texts["fr"]), key


def test_the_claim_question_reads_as_a_native_writes_it() -> None:
    assert say("pz_q_stone", "fr", player=Capitalized(Player.SOUTH), stone=4) == "Sud peut-il revendiquer la borne 4 maintenant\u00a0?"
    assert say("pz_q_stone", "en", player=Capitalized(Player.NORTH), stone=4) == "May North claim stone 4 now?"
