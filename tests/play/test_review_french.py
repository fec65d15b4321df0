"""The review in French: its text (table lines, turn details, summary), the moves in words, the CLI's
``--lang fr``; every line typeset as French and without English words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from schotten_lab.bots import Budget
from schotten_lab.core.rules import Player
from schotten_lab.game import read_record, seat_record
from schotten_lab.play.review import move_words, review_game
from schotten_lab.play.selfplay import Matchup, play_game

ENGLISH = re.compile(r"\b(south|north|stone|claim|loss|best|turns?|reviewed|average|pass|blunders?|mistakes?|"
                     r"inaccurac(y|ies)|unclear|the|and|hidden|seat|wrote|draw|put back|from|to)\b")


def english_words(text: str) -> set[str]:
    return {m.group(0) for m in ENGLISH.finditer(text)}


def french_problems(text: str) -> list[str]:
    from tests.core.test_french import french_problems as check

    return check(text)


@pytest.fixture(scope="module")
def game() -> dict:
    return play_game(Matchup("random", "greedy"), 3, 0)


@pytest.fixture(scope="module")
def review(game: dict):
    return review_game(game, budget=Budget(rollouts=16), seed=1)


def test_the_text_review_is_french_with_no_english_left(review) -> None:
    text = review.text("fr")
    assert text.count("\n") + 1 == len(review.turns) + len(review.summaries) + sum(t.allowed is not None for t in review.turns)
    for line in text.splitlines():
        assert not english_words(line), line
        assert not french_problems(line.replace("->", "")), (line, french_problems(line))
    assert "Sud" in text and "Nord" in text and "perte moyenne" in text
    assert any(t.label for t in review.turns) and re.search(r"GAFFE|ERREUR|IMPRÉCISION|INCERTAIN", text)
    assert "borne" in text and "\u00a0%" in text


def test_the_english_text_is_unchanged_in_shape(review) -> None:
    text = review.text()
    assert text == review.text("en")
    assert "average loss" in text and " -> " in text and "turns reviewed" in text
    assert all(t.played_words("en") == t.played for t in review.turns)


def test_a_one_seat_review_in_french(game: dict) -> None:
    review = review_game(seat_record(read_record(game), "north"), budget=Budget(rollouts=8), seed=0)
    text = review.text("fr")
    assert text.splitlines()[0] == "partie vue d’un seul siège\u00a0: seuls les coups de Nord sont examinés"
    assert "(siège caché\u00a0: coup non examiné)" in text
    assert all(not english_words(line) for line in text.splitlines())


def test_the_summary_line_agrees_in_french(review) -> None:
    line = review.summaries[Player.SOUTH].line("fr")
    assert line.startswith("Sud\u00a0: ") and "coups examinés" in line and "fois le meilleur coup" in line
    assert re.search(r"\d gaffes?, \d+ erreurs?, \d+ imprécisions?, \d+ incertains?", line)
    assert not re.search(r"\b[01] (gaffes|erreurs|imprécisions|incertains)\b", line)  # 0 and 1 are singular in French
    assert not re.search(r"\d\.\d", line)


def test_moves_in_words_in_french_tactics_cards_included() -> None:
    assert move_words({"card": "R8", "stone": 3}, [3], "fr") == "R8 sur la borne 3, revendique 3"
    assert move_words(None, [], "fr") == "passe"
    assert move_words({"card": "BANSHEE", "from": 2, "target": "SPY"}, [], "fr") == "Banshee\u00a0: défausser Espion de la borne 2"
    assert move_words({"card": "TRAITOR", "from": 2, "target": "R8", "stone": 5}, [], "fr") == (
        "Traître\u00a0: prendre R8 sur la borne 2 pour la borne 5")
    assert move_words({"card": "STRATEGIST", "from": 2, "target": "R8"}, [], "fr") == (
        "Stratège\u00a0: déplacer R8 de la borne 2 vers la défausse")
    headhunter = {"card": "HEADHUNTER", "decks": ["clan", "tactics"], "drawn": ["R1", "MUD"], "returned": ["R1", "R2"],
                  "returned_decks": ["clan", "clan"]}
    assert move_words(headhunter, [4], "fr") == "Chasseur de tête\u00a0: piocher dans Clan, Tactique (remet 2), revendique 4"
    assert move_words({"card": "JOKER", "stone": 1}, [], "fr") == "Joker sur la borne 1"
    assert move_words({"card": "JOKER", "stone": 1}, []) == "JOKER on stone 1"


def test_the_review_command_speaks_french(tmp_path: Path, game: dict, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from schotten_lab.cli import main

    record = tmp_path / "game.json"
    record.write_text(json.dumps(game), encoding="utf-8")
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    assert main(["review", str(record), "--iterations", "8", "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert "perte moyenne" in text and all(not english_words(line) for line in text.splitlines())
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    assert main(["review", str(record), "--iterations", "8"]) == 0
    assert capsys.readouterr().out == text
    assert main(["review", str(record), "--iterations", "8", "--lang", "en"]) == 0
    assert "average loss" in capsys.readouterr().out


def test_selfplay_speaks_french_header_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from schotten_lab.cli import main

    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    out = tmp_path / "games.jsonl"
    assert main(["selfplay", "--games", "2", "--engine", "python", "--expert", "--lang", "fr", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0] == "selfplay\u00a0: Sud random contre Nord random, jeu de base, variante expert, graine 0, moteur python, 1 processus"
    assert lines[-1].startswith("2 parties enregistrées dans ")
    for line in lines:
        assert not english_words(line.replace("random", "")), line
        assert not french_problems(line), line
    assert main(["selfplay", "--games", "1", "--engine", "python", "--lang", "fr", "-o", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("1 partie enregistrée dans ")
    assert main(["selfplay", "--games", "1", "--engine", "python", "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith("selfplay: south random vs north random, base, seed 0, engine python, jobs 1\n")


def test_a_rate_and_its_interval_in_french() -> None:
    from schotten_lab.play.studies import rate_text

    assert rate_text(0.502, 0.499, 0.504) == "50.2% (49.9\u201350.4%)"
    assert rate_text(0.502, 0.499, 0.504, "fr") == "50,2\u00a0% (49,9\u201350,4\u00a0%)"
    assert not french_problems(rate_text(0.4, 0.303, 0.503, "fr"))


def test_the_html_review_is_french(review, game: dict) -> None:
    import html as html_module

    from schotten_lab.game import read_record, seat_record
    from schotten_lab.views.review import review_html

    one_seat = review_game(seat_record(read_record(game), "north"), budget=Budget(rollouts=8), seed=0)
    for shown in (review, one_seat):
        page = review_html(shown, lang="fr")
        assert page.startswith('<!DOCTYPE html>\n<html lang="fr">')
        body = re.sub(r"<script.*?</script>", "", page, flags=re.S)
        body = re.sub(r"<style>.*?</style>|<svg.*?</svg>", "", body, flags=re.S)
        data = json.loads(re.search(r'id="review-data">(.*?)</script>', page, re.S).group(1).replace("<\\/", "</"))
        pieces = [html_module.unescape(p).strip() for text in [body, *data["details"], data["noUnpack"]] for p in re.split(r"<[^>]+>", text)]
        pieces = [p for p in pieces if p and p not in ("?!", "?", "??")]
        for text in pieces:
            assert not english_words(text.replace("random", "").replace("greedy", "")), text
            assert not french_problems(text.replace("->", "")), (text, french_problems(text))
    page = review_html(review, lang="fr")
    assert "Revue de partie\u00a0: " in page and "Bilan" in page and "Moments clés" in page and "perte moyenne" in page
    assert "chances de victoire de Sud avant chaque tour" in page


def test_advise_speaks_french_around_its_reasons(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from schotten_lab.cli import main

    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    for name in ("13_midgame", "23_tactics_midgame"):
        position = Path(__file__).resolve().parents[2] / "data" / "positions" / f"{name}.json"
        assert main(["advise", str(position), "--lang", "fr", "--iterations", "30", "--seed", "0", "--moves", "6"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[2].startswith("Vu du siège de Sud (Sud joue)\u00a0: ") and lines[3].startswith("recherche\u00a0: 30 parties simulées")
        assert lines[4].startswith("Sud joue\u00a0: ") and "de chances de gagner (Monte-Carlo" in lines[4]
        for line in lines:
            assert not english_words(line), line
            assert not french_problems(line.replace("--iterations", "")), (line, french_problems(line))


def test_advise_says_a_pending_headhunter_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from schotten_lab.cli import main
    from schotten_lab.game.playout import random_states

    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    state = next(s for s in random_states("tactics", seed=108) if s.pending is not None and s.pending.returns == 2)
    path = tmp_path / "pending.json"
    path.write_text(json.dumps(state.observation(state.to_move).to_dict()), encoding="utf-8")
    assert main(["advise", str(path), "-i", "40", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Chasseur de tête en cours\u00a0: " in out and "remet maintenant 2 cartes de sa main" in out
    assert "\u00a0» : prouvable à la fin du tour" not in out and "\u00a0»\u00a0: prouvable à la fin du tour" in out
    for line in out.splitlines():
        line = re.sub(r'\{"return": \[\.\.\.\]\}|"claim": \[[\d, ]+\]', "", line)
        assert not english_words(line), line
        assert not french_problems(line.replace('""', "")), (line, french_problems(line))
