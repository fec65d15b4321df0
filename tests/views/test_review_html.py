"""The review page: self-contained (no script from the network), every turn listed and drawn, the
chart points where the review says; ``schotten-lab review`` writes it, refuses bad records in one line."""

from __future__ import annotations

import base64
import dataclasses
import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from schotten_lab.bots import Budget
from schotten_lab.cli.review import DEFAULT_REVIEW_ITERATIONS
from schotten_lab.core.errors import OutputError
from schotten_lab.core.rules import Player
from schotten_lab.game import read_record, seat_record
from schotten_lab.play.review import DEFAULT_ITERATIONS, review_game
from schotten_lab.play.selfplay import Matchup, play_game
from schotten_lab.views.review import chart_points, review_html, write_review

ROOT = Path(__file__).resolve().parents[2]
GAME = play_game(Matchup("random", "greedy"), 3, 0)
REVIEW = review_game(GAME, budget=Budget(rollouts=12), seed=0)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schotten_lab", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def boards(page: str) -> list[str]:
    packed = re.search(r'<script type="application/octet-stream" id="review-boards">([^<]*)</script>', page)
    assert packed
    return list(json.loads(gzip.decompress(base64.b64decode(packed.group(1)))))


def test_page_is_offline_and_complete() -> None:
    page = review_html(REVIEW)
    assert not re.search(r"<script[^>]*\bsrc\s*=", page, re.I)
    assert not re.search(r"""(src|href)\s*=\s*["']?https?:""", page, re.I)
    assert page.count('<tr class="mv"') == len(GAME["turns"])
    drawn = boards(page)
    assert len(drawn) == len(GAME["turns"]) + 1 and all(b.startswith("<svg") for b in drawn)
    details = json.loads(re.search(r'id="review-data">(.*?)</script>', page).group(1).replace("<\\/", "</"))["details"]
    assert len(details) == len(drawn)
    labelled = [t for t in REVIEW.turns if t.label]
    assert page.count('<figure class="moment">') == min(3, len([t for t in labelled if t.label != "unclear"]))
    for t in labelled:
        assert f"<td>{t.turn}</td>" in page
    assert len(page) < 300_000  # lean: the boards are packed


def test_chart_points_follow_the_review() -> None:
    page = review_html(REVIEW)
    points = chart_points(REVIEW)
    assert [turn for turn, _, _ in points] == list(range(1, len(GAME["turns"]) + 1))
    for (turn, chance, _), t in zip(points, REVIEW.turns):
        assert chance == pytest.approx(t.before if t.player.value == "south" else 1 - t.before)
    assert page.count('class="pt"') == len(points)
    assert page.count('class="band"') == 1 and "95% interval" in page  # the uncertainty is drawn


def test_the_chart_is_from_the_chosen_seat_and_the_title_names_each_player_once() -> None:
    """Issue 19: the play app's record names 'you (south)': the title said 'south (you (south)) vs ...'."""
    record = read_record(GAME)
    named = dataclasses.replace(REVIEW, record=dataclasses.replace(record, players={"south": "you (south)", "north": "advisor"}))
    page = review_html(named, seat=Player.NORTH)
    assert "<title>Game review: you (south) vs north (advisor)</title>" in page
    assert "North's chance to win before each turn" in page
    for (turn, chance, _), t in zip(chart_points(named, Player.NORTH), named.turns):
        assert chance == pytest.approx(t.before if t.player is Player.NORTH else 1 - t.before)


def test_one_seat_page_says_so_and_draws_that_seat_only() -> None:
    review = review_game(seat_record(read_record(GAME), "north"), budget=Budget(rollouts=6))
    page = review_html(review)
    assert "seen from north's seat" in page
    assert page.count('class="pt"') == sum(t.player.value == "north" for t in review.turns)
    assert "North's chance to win before each turn" in page


def test_write_is_atomic_and_refuses_bad_targets(tmp_path: Path) -> None:
    target = tmp_path / "review.html"
    target.write_text("old")
    write_review(REVIEW, target)
    assert target.read_text().startswith("<!DOCTYPE html>")
    with pytest.raises(OutputError):
        write_review(REVIEW, tmp_path / "review.png")
    source = tmp_path / "game.html"
    source.write_text("x")
    with pytest.raises(OutputError, match="input"):
        write_review(REVIEW, source, inputs=(source,))
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_cli_review_writes_html_and_refuses_bad_records(tmp_path: Path) -> None:
    assert DEFAULT_REVIEW_ITERATIONS == DEFAULT_ITERATIONS
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    out = cli("review", str(game), "-o", str(tmp_path / "r.html"), "--iterations", "6", "--seed", "2")
    assert out.returncode == 0, out.stderr
    assert "south:" in out.stdout and "wrote" in out.stdout
    assert (tmp_path / "r.html").read_text().count('<tr class="mv"') == len(GAME["turns"])
    out = cli("review", str(game), "-o", str(tmp_path / "r.json"), "--iterations", "6", "--seed", "2")
    assert out.returncode == 0, out.stderr
    figures = json.loads((tmp_path / "r.json").read_text())
    assert [t["turn"] for t in figures["turns"]] == list(range(1, len(GAME["turns"]) + 1))
    assert figures["iterations"] == 6 and figures["thresholds"] == {"blunder": 0.2, "mistake": 0.1, "inaccuracy": 0.05}
    bad = json.loads(json.dumps(GAME))
    bad["turns"][4]["play"]["card"] = bad["turns"][3]["play"]["card"]  # a card already on the table
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    out = cli("review", str(tmp_path / "bad.json"), "-o", str(tmp_path / "b.html"), "--iterations", "4")
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "turn 5" in out.stderr
    assert not (tmp_path / "b.html").exists()
    out = cli("review", str(game), "-o", str(game), "--iterations", "4")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    out = cli("review", str(game), "--iterations", "0")
    assert out.returncode == 2 and "--iterations" in out.stderr
