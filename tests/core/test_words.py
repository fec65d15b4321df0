"""The one wording module: both languages for every phrase, one rounding rule for probabilities."""

from __future__ import annotations

from fractions import Fraction

import pytest

from schotten_lab.core import words
from schotten_lab.core.formations import Rank
from schotten_lab.core.rules import Player


def test_every_phrase_has_both_languages_with_the_same_fields() -> None:
    for key, texts in words.all_tables().items():
        assert set(texts) >= set(words.LANGS), key
        assert words.fields_of(texts["en"]) == words.fields_of(texts["fr"]), key


@pytest.mark.parametrize(
    ("p", "en", "fr"),
    [
        (Fraction(0), "0%", "0\u00a0%"),
        (Fraction(1), "100%", "100\u00a0%"),
        (Fraction(3, 8), "37.5%", "37,5\u00a0%"),
        (Fraction(1, 10_000), "<0.1%", "<0,1\u00a0%"),
        (Fraction(9_999, 10_000), ">99.9%", ">99,9\u00a0%"),
    ],
)
def test_percent_rounding_rule(p: Fraction, en: str, fr: str) -> None:
    assert words.percent(p) == en
    assert words.percent(p, "fr") == fr
    assert words.percent(float(p)) == en


def test_fractions() -> None:
    assert words.fraction(Fraction(3, 46)) == "3/46"
    assert words.fraction(Fraction(1)) == "1"
    assert words.fraction_percent(Fraction(1, 5)) == "1/5 (20.0%)"
    assert words.fraction_percent(Fraction(1, 5), "fr", approx=True) == "1/5 ≈ 20,0\u00a0%"
    assert words.fraction_percent(Fraction(0)) == "0"
    assert words.fraction_percent(Fraction(1), approx=True) == "100%"


def test_names_and_say() -> None:
    assert words.player(Player.SOUTH, "fr", capital=True) == "Sud"
    assert words.formation(Rank.COLOR_RUN.key, "fr") == "suite couleur"
    assert Rank.THREE_OF_A_KIND.label("en", size=4) == "four of a kind"
    assert words.color(5) == "brown"
    assert words.say("seen_by", "fr", viewer=Player.NORTH) == "vu par Nord"
    assert words.formation("color_run", "fr", form="def") == "la suite couleur"
    assert words.formation("three_of_a_kind", "fr", form="indef") == "un brelan"
    assert words.article("Espion", "le") == "l’Espion" and words.article("Joker", "de") == "de Joker"
    assert words.number(24_804, "fr") == "24\u00a0804" and words.number(24_804) == "24,804"
    assert words.join(["a", "b", "c"], "fr") == "a, b et c"
    with pytest.raises(words.WordsError, match="unknown language"):
        words.say("seen_by", "de", viewer="south")
    with pytest.raises(words.WordsError, match="needs the field"):
        words.say("seen_by", "en")
    with pytest.raises(words.WordsError, match="unknown phrase"):
        words.say("no such key")


def test_claim_explanations_render_in_both_languages() -> None:
    from schotten_lab.analysis import claim
    from schotten_lab.core import Position
    from schotten_lab.core.proof import ClaimStatus

    p = Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 s")
    verdict = claim(p, 1, "south")
    assert verdict.status is ClaimStatus.BEATEN and verdict.status == "beaten"
    assert verdict.explain("en") == verdict.reason
    assert verdict.explain("fr").startswith("Nord peut encore gagner\u00a0: R8 lui donnerait R9 R7 R8, soit une suite couleur")
    assert "qui bat le brelan de Sud (somme 24)" in verdict.explain("fr")
    assert verdict.to_dict()["facts"]["fact"] == "claim_beaten"  # type: ignore[index]


def test_any_of_the_sixes() -> None:
    from schotten_lab.analysis import claim
    from schotten_lab.core import Position

    # north has R6 Y6: any 6 off the table makes three 6s, which beats south's color
    p = Position.build({4: ("G1 G7 G8", "R6 Y6")}, south_hand="B1 B2 B3 B4 B5 B7")
    verdict = claim(p, 4, "south")
    assert [str(c) for c in verdict.alternatives] == ["B6", "G6", "P6", "N6"]
    assert "any of the 6s (B6 G6 P6 N6) would give north R6 Y6 and a 6, a three of a kind" in verdict.reason
    assert "n’importe lequel des 6 (B6 G6 P6 N6)" in verdict.explain("fr")


def test_chance_keeps_the_sign_the_error_and_the_language() -> None:
    assert words.chance(0.39, 0.049) == "39.0% ±4.9"
    assert words.chance(-0.02, 0.03) == "-2.0% ±3.0"  # a loss can be negative noise: no "<0.1%"
    assert words.chance(1.0) == "100.0%"
    assert words.chance(0.5, mark_exact=True) == "50.0% exact"
    assert words.chance(0.5, 0.01, mark_exact=True) == "50.0% ±1.0"
    assert words.chance(None) == "—"
    assert words.chance(0.375, 0.004, "fr") == "37,5\u00a0% ±\u00a00,4"


def test_french_typography_is_applied_to_the_words_not_to_the_fields() -> None:
    assert words.typeset_fr('Pioche: 35 cartes; "main"') == "Pioche\u00a0: 35 cartes\u00a0; «\u00a0main\u00a0»"
    assert words.typeset_fr("97,9%") == "97,9\u00a0%"
    # a field's text (a notation, a card code) is never typeset: only the phrase's own words
    assert words.say("card_place", "fr", card="?6", place="x: y") == "?6 (x: y)"


def test_default_language_from_the_environment() -> None:
    assert words.default_lang({"SCHOTTEN_LANG": "fr_FR.UTF-8"}) == "fr"
    assert words.default_lang({"SCHOTTEN_LANG": "de"}) == "en"
    assert words.default_lang({}) == "en"


PUBLIC_BEFORE_THE_SPLIT = (
    "ARTICLE_KINDS CHART_LABELS COLOR_NAMES DIAGRAM_LABELS FEMININE FORMATION_NAMES FORMS LANGS LANG_ENV NBSP PHRASES "
    "PLAYER_NAMES REPORT_LABELS TACTICS_WORDS Count Fact Facts InForms InWords Phrases TacticName WordsError all_tables "
    "article chance check_lang color default_lang estimate fields_of formation fraction fraction_percent join number "
    "percent phrase player register render say tactic typeset typeset_fr with_article"
).split()
"""Every public name core/words.py had when it held everything (920 lines), but ARTICLE_KINDS (new)."""


def test_the_words_modules_are_small_and_words_still_exports_every_name() -> None:
    import importlib
    from pathlib import Path

    assert set(PUBLIC_BEFORE_THE_SPLIT) <= set(words.__all__)
    for name in words.__all__:
        assert hasattr(words, name), name
    for module in ("typeset_words", "name_words", "position_words", "label_words"):
        part = importlib.import_module(f"schotten_lab.core.{module}")
        assert set(part.__all__) <= set(words.__all__), module
        for name in part.__all__:
            assert getattr(words, name) is getattr(part, name), (module, name)  # one object, re-exported
    for path in Path(words.__file__).parent.glob("*words*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 600, path.name


def test_a_value_quoted_in_a_message() -> None:
    assert [words.quoted(v, "en") for v in ("x", 0, 2.5, True)] == ["'x'", "0", "2.5", "True"]
    assert [words.quoted(v, "fr") for v in ("x", 0, 2.5, 12000)] == ["«\u00a0x\u00a0»", "0", "2,5", "12\u00a0000"]
    assert words.quoted("y" * 100, "en") == words.quoted("y" * 100, "fr") == f"{'y' * 40!r}… (100 characters)"
