"""French as good as English: every phrase and every curated explanation rendered in French, their
typography checked mechanically, and the committed sample (docs/french_sample.md) up to date."""

from __future__ import annotations

import importlib.util
import re
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from schotten_lab.core import words

ROOT = Path(__file__).resolve().parents[2]
NO_BREAK = "\u00a0\u202f"
ENGLISH = re.compile(
    r"\b(south|north|stones?|claim(s|ed)?|cannot|beats?|would|the|and|with|hand|deck|unseen|tie|"
    r"estimates?|samples|sum|run|color|draws?|card|cards|figures?|exact figures)\b"
)
CODE_WORDS = re.compile(
    r"\b(claim_now|threats|three_of_a_kind)\b|--strict|analyze\(\)|«\u00a0(south|north)\u00a0»"
    r"|«\u00a0(play\.)?(card|stone|from|target|decks|draw|claim|hands|player|play)\u00a0»"
    r"|--[\w-]+(/-\w)?|«\u00a0schotten-lab [^»]*»|«\u00a0(analyze|claim|advise|notation|report|diagram|replay|review|bot|selfplay|puzzles)\u00a0»"
)
"""Identifiers a French sentence may quote (a JSON field, an option, a JSON key « south » a reader
expects, a game record's field « play.stone », a command line's option or command): not English prose."""
JSON_SNIPPETS = re.compile(r'\{"\w+": \[[^\]]*\]\}|"\w+": \[[^\]]*\]')
"""A JSON answer a French sentence quotes as it must be typed (``{"return": [...]}``, ``"claim": [5, 9]``): code, not prose."""
JARGON = ("complétion", "invisible", "réserve publique", "au trait")
VERSIONS = re.compile(r"Safari 16\.4")


def _sample_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("french_sample", ROOT / "scripts" / "french_sample.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def french_problems(text: str) -> list[str]:
    """What a French sentence gets wrong in typography or vocabulary (empty when it is right)."""
    text = re.sub(r"\{\w+\}", "X", text)  # a label's fields, filled in by the view
    text = JSON_SNIPPETS.sub("X", text)
    problems = []
    for m in re.finditer(r"[:;!?%]", text):
        before, after = text[m.start() - 1 : m.start()], text[m.end() : m.end() + 1]
        if before in NO_BREAK or (m.group() in "!?" and before in "!?"):
            continue  # a space before the group, none inside it: « ?! »
        if m.group() != "%" and after not in ("", " ", "\u00a0", ")"):
            continue  # not punctuation: a card code "?6", "a:b"
        problems.append(f"no no-break space before {m.group()!r}: …{text[max(0, m.start() - 20) : m.end() + 5]}…")
    if re.search(r"\d\.\d", VERSIONS.sub("", text)):
        problems.append("a decimal point in a French number")
    if "'" in text or '"' in text:
        problems.append("a straight quote: write ’ and « »")
    if re.search(r"«(?!\u00a0)|(?<!\u00a0)»", text):
        problems.append("guillemets without their no-break spaces")
    english = ENGLISH.findall(CODE_WORDS.sub("", text))
    if english:
        problems.append(f"English words: {sorted({e[0] for e in english})}")
    problems += [f"jargon: {word!r}" for word in JARGON if word in text.lower()]
    if re.search(r"\b(sud|nord)\b", text):
        problems.append("« Sud » and « Nord » are capitalised in French")
    return problems


def test_the_checker_catches_what_the_issue_reported() -> None:
    for bad in ("Pioche: 35 cartes", "97,9%", "97.9 %", "sur borne 5 côté nord", "qui bat brelan (somme 24) de sud",
                "l'emporte", "complétion au hasard", "the stone"):
        assert french_problems(bad), bad
    assert len(french_problems("Pioche\u00a0: 35 cartes, 97,9\u00a0% ; ?6")) == 1  # the ';
    assert french_problems("Pioche\u00a0: 35 cartes, 97,9\u00a0%, ?6, «\u00a0Sud\u00a0»") == []


def test_every_phrase_renders_in_french_with_french_typography() -> None:
    import schotten_lab.analysis.board
    import schotten_lab.bots.move_facts
    import schotten_lab.bots.tactics_reasons
    import schotten_lab.cli.advise
    import schotten_lab.core.edit
    import schotten_lab.core.legality
    import schotten_lab.play.distributed
    import schotten_lab.play.review
    import schotten_lab.play.selfplay  # noqa: F401  (their tables register on import)

    sample = _sample_script()
    tables = dict(words.all_tables())  # every registered table, the other engineers' too
    rendered = dict(sample.phrase_lines(tables))
    assert set(rendered) == set(tables) >= set(sample.sampled_tables())
    bad = {key: french_problems(text) for key, text in rendered.items() if french_problems(text)}
    assert not bad


def test_every_sentence_of_the_sample_is_typeset() -> None:
    rows = _sample_script().sentences()
    assert len(rows) >= 300
    bad = [(where, text, french_problems(text)) for _, where, text in rows if french_problems(text)]
    assert not bad, bad[:5]


def test_the_committed_sample_is_up_to_date() -> None:
    committed = (ROOT / "docs" / "french_sample.md").read_text(encoding="utf-8")
    assert committed == _sample_script().markdown(), "run: PYTHONPATH=. python scripts/french_sample.py"


@pytest.mark.parametrize(
    ("key", "form", "text"),
    [
        ("color_run", "def", "la suite couleur"),
        ("three_of_a_kind", "def", "le brelan"),
        ("color", "indef", "une couleur"),
        ("run", "indef", "une suite"),
        ("sum", "def", "la somme"),
        ("three_of_a_kind", "indef", "un brelan"),
    ],
)
def test_formations_take_their_article(key: str, form: str, text: str) -> None:
    assert words.formation(key, "fr", form=form) == text


def test_numbers_and_estimates_in_french() -> None:
    assert words.percent(Fraction(979, 1000), "fr") == "97,9\u00a0%"
    assert words.estimate(0.239, 0.01, "fr") == "23,9\u00a0% ±\u00a01,0\u00a0%"
    assert words.number(2000, "fr") == "2\u00a0000" and words.number(0.25, "fr") == "0,25"
    assert words.say("estimate", "fr", samples=2000) == "estimation par Monte-Carlo sur 2\u00a0000 tirages"
    assert words.TacticName("BLIND").in_words("fr") == "Colin-Maillard" and str(words.TacticName("BLIND").in_words()) == "BLIND"


def test_an_elided_article_and_a_pronoun() -> None:
    assert words.say("scenario_troop", "fr", troop=words.TacticName("SPY")) == "l’adversaire jouait l’Espion, pas encore joué"
    from schotten_lab.core.rules import Player

    assert words.say("threat_again", "fr", opponent=Player.NORTH, cards="R8", formation="x", where="y").startswith("il lui faudrait R8")


def test_the_report_says_exact_only_when_every_figure_is() -> None:
    from schotten_lab.analysis import analyze
    from schotten_lab.core.load import load_position_text
    from schotten_lab.views.report import analysis_html, has_estimates

    def page(name: str, lang: str) -> tuple[bool, str]:
        text = (ROOT / "data" / "positions" / f"{name}.json").read_text(encoding="utf-8")
        a = analyze(load_position_text(text).position)
        return has_estimates(a), analysis_html(a, lang=lang, diagram=False)

    mixed, html_fr = page("04_three_eights_r8_in_own_hand", "fr")  # seen by south: Monte Carlo cells
    assert mixed and "±" in html_fr and "Toutes les probabilités sont exactes" not in html_fr
    assert "estimations par Monte-Carlo" in html_fr
    mixed, html_en = page("04_three_eights_r8_in_own_hand", "en")
    assert "Every probability is exact" not in html_en and "Monte Carlo estimates" in html_en
    exact, html_exact = page("13_midgame", "fr")  # no Monte Carlo cell: every figure exact
    assert not exact and "Toutes les probabilités sont exactes" in html_exact and "±" not in html_exact


def test_a_diagram_carries_its_key_in_its_language() -> None:
    from schotten_lab.core.load import load_position_text
    from schotten_lab.views.diagram import diagram

    text = (ROOT / "data" / "positions" / "04_three_eights_r8_in_own_hand.json").read_text(encoding="utf-8")
    position = load_position_text(text).position
    plain = diagram(position, refute=(1, "south"), lang="fr")
    assert 'class="legend"' not in plain  # the library's default: no key (reports explain themselves)
    svg = diagram(position, refute=(1, "south"), lang="fr", legend=True, highlight_cards=["R8"])
    marks = re.findall(r'class="legend" data-mark="(\w+)"', svg)
    assert marks == ["ghost", "frame", "ring", "back"]  # the dashed card, the frame, the ring, north's unknown hand
    key = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg.split('class="legend"', 1)[1]))
    assert "contre-exemple" in key and "bornes encadrées" in key and not french_problems(key.replace("&#x27;", "’"))
    english = diagram(position, refute=(1, "south"), legend=True)
    assert "counterexample" in english and "contre-exemple" not in english
    none = diagram(position, highlight_stones=[], legend=True)
    assert re.findall(r'data-mark="(\w+)"', none) == ["back"]  # only what the picture shows


@pytest.mark.parametrize(
    ("translations", "field"),
    [
        ({"de": {"title": "x"}}, "translations.'de'"),
        ({"fr": {"titre": "x"}}, "translations.'fr'.titre"),
        ({"fr": {"title": 3}}, "translations.'fr'.title"),
        ({"fr": "x"}, "translations.'fr'"),
        ([], "translations"),
    ],
)
def test_bad_translations_are_refused_naming_the_field(translations: object, field: str) -> None:
    import json

    from schotten_lab.core.errors import PositionFormatError
    from schotten_lab.core.load import load_position_text

    doc = json.loads((ROOT / "data" / "positions" / "01_three_eights_r8_on_table.json").read_text(encoding="utf-8"))
    assert load_position_text(json.dumps(doc)).translations["fr"]["title"].startswith("Trois 8")
    doc["translations"] = translations
    with pytest.raises(PositionFormatError) as caught:
        load_position_text(json.dumps(doc))
    assert field.replace("'", "") in str(caught.value).replace("'", "")
