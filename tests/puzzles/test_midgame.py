"""Midgame puzzles: the estimate's rules, its French reason, and the committed ones re-checked cheaply
(every answer legal and its estimate consistent; one or two re-searched on new seeded deals)."""

from __future__ import annotations

import json

import pytest

from puzzle_set import committed
from schotten_lab.cli import main
from schotten_lab.puzzles import PuzzleFormatError, check_puzzle, puzzle_from_dict
from schotten_lab.puzzles.generate import question_words
from schotten_lab.puzzles.midgame import MIN_MARGIN, estimate_of, reason_fr, recheck, z_of
from schotten_lab.puzzles.prove import move_of


def midgames() -> list:
    return [p for p in committed() if p.kind == "midgame"]


def test_committed_midgame_puzzles_hold_their_estimates() -> None:
    puzzles = midgames()
    assert puzzles, "data/puzzles/midgame.jsonl has puzzles"
    for p in puzzles:
        assert check_puzzle(p) == [], p.id
        est = p.estimate
        assert est is not None and est["margin_interval"][0] >= MIN_MARGIN  # excludes the second move, widely
        assert est["z"] == pytest.approx(z_of(est["moves"] - 1), abs=1e-3)  # all the intervals together at 95%
        assert est["win"] - est["second_win"] == pytest.approx(est["margin"], abs=1e-3)  # paired on the same deals
        assert move_of(p.solution) != move_of({"play": est["second"]})
        assert p.id.startswith("m-") and p.position.deck > 0
        for lang in ("en", "fr"):
            assert est["second"]["card"] in p.explanation[lang] and question_words(p, lang)
        assert "borne" in p.explanation["fr"] and " stone " not in p.explanation["fr"]


def test_a_committed_answer_beats_its_runner_up_again_on_new_deals() -> None:
    puzzle = max(midgames(), key=lambda p: p.estimate["margin_interval"][0] / p.estimate["moves"])  # type: ignore[index]
    margin, error = recheck(puzzle, deals=240, seed=2026)  # two moves, not all: about a second
    assert margin - 1.96 * error > 0


def test_the_estimate_refuses_a_position_where_another_move_may_be_as_good() -> None:
    best, others = (0, 0), [(1, 0), (2, 0)]
    clear = [[1.0] * 30 + [0.0] * 10, [0.0] * 40, [1.0] * 10 + [0.0] * 30]
    est = estimate_of(best, others, clear, seed=1)
    assert est is not None and est["second"] == {"card": "R3", "stone": 1} and est["margin"] == pytest.approx(0.5)  # the closer one
    assert est["margin_interval"][0] > MIN_MARGIN and est["deals"] == 40 and est["moves"] == 3
    close = [clear[0], clear[1], [1.0] * 28 + [0.0] * 12]  # the third move nearly as good
    assert estimate_of(best, others, close, seed=1) is None


def _data() -> dict:
    return json.loads(midgames()[0].to_json())


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.pop("estimate"), "estimate"),
    (lambda d: d["estimate"].pop("margin_interval"), "estimate.margin_interval"),
    (lambda d: d["estimate"].update(second=d["solution"]["play"]), "estimate.second"),
    (lambda d: d["estimate"].update(margin_interval=[0.5, 0.6], margin=0.1), "estimate.margin_interval"),
    (lambda d: d["estimate"].update(deals=0), "estimate.deals"),
    (lambda d: d["estimate"].update(second={"card": d["estimate"]["second"]["card"], "stone": 10}), "estimate.second.stone"),
    (lambda d: d["estimate"].update(extra=1), "estimate.extra"),
])  # fmt: skip
def test_a_bad_estimate_is_refused_naming_its_field(change: object, field: str) -> None:
    data = _data()
    change(data)  # type: ignore[operator]
    with pytest.raises(PuzzleFormatError) as caught:
        puzzle_from_dict(data)
    assert caught.value.field == field


def test_an_estimate_whose_interval_reaches_zero_is_reported_by_check() -> None:
    data = _data()
    data["estimate"]["margin_interval"] = [-0.02, data["estimate"]["margin"] + 0.1]
    assert any("does not exclude" in problem for problem in check_puzzle(puzzle_from_dict(data)))


def test_the_advisor_reason_in_french() -> None:
    said = reason_fr("completes three of a kind (sum 21) on stone 2; north beats it with 3 of the 40 cards you have "
                     "not seen (the strongest: R7); claims stones 1, 4")  # fmt: skip
    assert said == ("complète la borne 2 avec un brelan (somme 21)\u00a0; Nord la bat avec 3 des 40 cartes que vous "
                    "n’avez pas vues (la plus forte\u00a0: R7)\u00a0; revendique les bornes 1 et 4")  # fmt: skip
    assert reason_fr("opens stone 4 with N9; color run still possible") == "ouvre la borne 4 avec N9\u00a0; suite couleur encore possible"
    with pytest.raises(ValueError, match="no French"):
        reason_fr("does something new")


def test_max_seconds_is_checked(capsys: pytest.CaptureFixture[str], tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # type: ignore[arg-type]
    code = main(["puzzles", "generate", "--kind", "midgame", "--count", "1", "--max-seconds", "nan", "-o", "x.jsonl"])
    assert code == 2 and "--max-seconds" in capsys.readouterr().err
