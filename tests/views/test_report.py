"""Report tests: the file is written, self-contained, and holds the diagram and the exact figures."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("plotly")

from schotten_lab.analysis.board import analyze  # noqa: E402
from schotten_lab.analysis.outcome import stone_outcome  # noqa: E402
from schotten_lab.core import Player, Position  # noqa: E402
from schotten_lab.core.errors import OutputError  # noqa: E402
from schotten_lab.views.report import analysis_html, write_report  # noqa: E402

MIDGAME = "N8B8G8-R9R7/Y3P7N1-B4B5B6*@n/G2-/R1-P9P8/-N5/-/B9-/-/- Y1Y2R8P5B3G9 ?6 s d25"
# south's three 8s on stone 1 beat anything north can still make there: R8 is on the table
CLAIMABLE = "N8B8R8-R9R7/-/-/-/-/-/-/-/- Y1Y2G8P5B3G9 ?6 s"
REMOTE = re.compile(r"<(script|link|img|iframe)[^>]*\b(src|href)\s*=\s*[\"']?(https?:)?//", re.I)


@pytest.fixture(scope="module")
def position() -> Position:
    return Position.from_notation(MIDGAME)


@pytest.fixture(scope="module")
def report(position: Position, tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("report")
    with pytest.raises(OutputError, match="no such folder"):  # a mistyped folder is never created
        write_report(position, folder / "sub" / "report.html")
    assert not (folder / "sub").exists()
    path = write_report(position, folder / "report.html")
    assert path.exists() and path.name == "report.html"
    return path.read_text(encoding="utf-8")


def test_self_contained(report: str) -> None:
    assert report.startswith("<!DOCTYPE html>")
    assert not REMOTE.search(report), REMOTE.search(report)
    assert "<script src" not in report
    # plotly.js inlined exactly once (gzip, base64), three charts drawn with it
    assert report.count("window.PlotlyConfig") == 1 and report.count("Plotly.newPlot") == 1
    assert report.count('class="schotten-figure"') == 3
    for name in ("odds", "outcome", "cards"):
        assert f'id="schotten-chart-{name}"' in report
    assert len(report.encode("utf-8")) < 2_300_000  # plotly.min.js alone is 4.8 MB


def test_the_packed_plotly_is_plotly(report: str) -> None:
    import base64
    import gzip

    from plotly.offline import get_plotlyjs

    packed = re.search(r'<script id="schotten-plotly-gz" type="application/octet-stream">([^<]*)</script>', report)
    assert packed is not None
    assert gzip.decompress(base64.b64decode(packed.group(1))).decode("utf-8") == get_plotlyjs()
    specs = re.findall(r'<script type="application/json" class="schotten-figure">(.*?)</script>', report, re.S)
    figures = [json.loads(spec) for spec in specs]
    assert [f["div"] for f in figures] == ["schotten-chart-odds", "schotten-chart-outcome", "schotten-chart-cards"]
    assert [t["type"] for t in figures[2]["data"]] == ["heatmap", "heatmap"]


def test_title_description_and_grouped_empty_stones(tmp_path: Path) -> None:
    position = Position.from_notation("N8B8G8-R9R7/-/-/-/-/-/-/-/- Y1Y2R8P5B3G9 ?6 s")
    title, description = "Three 8s <b>& R8</b>", "First line.\n\nSecond <script>alert(1)</script> paragraph."
    text = write_report(position, tmp_path / "t.html", title=title, description=description).read_text("utf-8")
    assert "<title>Three 8s &lt;b&gt;&amp; R8&lt;/b&gt;</title>" in text
    assert "<h1>Three 8s &lt;b&gt;&amp; R8&lt;/b&gt;</h1>" in text
    assert "<p class='description'>First line.</p>" in text and "<script>alert" not in text
    stones = re.search(r"<table class='stones'>.*?</table>", text, re.S)
    assert stones is not None
    rows = re.findall(r"<tr data-stone='([^']*)'>", stones.group(0))
    assert rows == ["1", "2 3 4 5 6 7 8 9"]  # the eight empty stones share one row
    assert "<td class='num'>2, 3, 4, 5, 6, 7, 8, 9</td>" in stones.group(0)
    odds = re.search(r"<table class='odds'>.*?</table>", text, re.S)
    assert odds is not None
    assert re.findall(r"<tr data-stone='([^']*)' data-player='(\w+)'>", odds.group(0)) == [
        ("1", "south"), ("1", "north"), ("2 3 4 5 6 7 8 9", "south"), ("2 3 4 5 6 7 8 9", "north")]


def test_contains_the_diagram(report: str) -> None:
    svg = re.search(r"<svg .*?</svg>", report, re.S)
    assert svg is not None
    root = ET.fromstring(svg.group(0))
    stones = [el for el in root.iter() if "stone" in el.get("class", "").split()]
    assert len(stones) == 9
    # south cannot claim stone 1 (R8 is in south's own hand): the counterexample is drawn
    ghosts = [el for el in root.iter() if "counterexample" in el.get("class", "").split()]
    assert [g.get("data-card") for g in ghosts] == ["R8"]


def test_contains_the_numbers(report: str, position: Position) -> None:
    for n in (1, 3, 4, 7):
        o = stone_outcome(position, n)
        assert f'title="{o.south.numerator}/{o.south.denominator}"' in report
    assert "97.3%" in report  # P(south wins stone 1)
    assert "R8 is in south&#x27;s own hand" in report  # the claim explanation
    assert "6/31" in report  # each unseen card is in north's hand with probability 6/31
    assert "N8B8G8-R9R7" in report  # the notation


def test_claimable_stone_is_reported(tmp_path: Path) -> None:
    pos = Position.from_notation(CLAIMABLE)
    text = write_report(pos, tmp_path / "r.html").read_text(encoding="utf-8")
    assert "claimable by south" in text
    assert 'class="highlight-stone" data-stone="1"' in text


def test_french_report(position: Position, tmp_path: Path) -> None:
    text = write_report(position, tmp_path / "fr.html", lang="fr").read_text(encoding="utf-8")
    assert '<html lang="fr">' in text
    for word in ("Bornes", "Revendications", "revendiquée par Nord", "brelan", "Pioche"):
        assert word in text


def test_viewer_north(position: Position, tmp_path: Path) -> None:
    text = write_report(position, tmp_path / "n.html", viewer="north").read_text(encoding="utf-8")
    assert "Seen by north" in text
    assert 'data-player="south" data-count="6" data-known="false"' in text


def test_analysis_html_fragment(position: Position) -> None:
    fragment = analysis_html(analyze(position))
    assert "<script" not in fragment and "<html" not in fragment
    assert fragment.count("<table") == 3
    assert fragment.count("<tr data-stone=") >= 9
    assert "<svg" in fragment
    assert "<svg" not in analysis_html(analyze(position), diagram=False)


@pytest.mark.browser
@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's Chromium (/usr/bin/chromium)")
def test_charts_render_offline_in_chromium(position: Position, tmp_path: Path) -> None:
    import subprocess

    page = write_report(position, tmp_path / "report.html")
    cmd = [
        "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
        "--virtual-time-budget=10000", "--dump-dom", page.as_uri(),
    ]  # fmt: skip
    dom = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=True).stdout
    for name in ("odds", "outcome", "cards"):
        div = re.search(rf'<div id="schotten-chart-{name}"[^>]*class="([^"]*)"', dom)
        assert div is not None and "js-plotly-plot" in div.group(1), name
    assert dom.count('class="main-svg"') >= 3


def test_french_report_explains_in_french(position: Position, tmp_path: Path) -> None:
    import html

    text = write_report(position, tmp_path / "fr.html", lang="fr").read_text(encoding="utf-8")
    verdict = analyze(position).stones[0].claims[Player.SOUTH]  # type: ignore[index]
    french, english = verdict.explain("fr"), verdict.explain("en")
    assert french != english
    assert html.escape(french, quote=True) in text and html.escape(english, quote=True) not in text
    assert "97,3\u00a0%" in text and "97.3%" not in text  # P(south wins stone 1), a decimal comma
    assert "explications en anglais" not in text


def test_seen_by_the_viewer_beside_the_public_pool(tmp_path: Path) -> None:
    """South holds R6 for a colour run on stone 1 (notebook 04): from south's seat, counting that hand,
    the figure differs from the public pool's, and both are shown, labelled."""
    position = Position.build({1: ("R4 R5", "B7 G7"), 2: ("Y9", "P2 P3 P4"), 3: ("N1 N2 N3", "G8")},
                              south_hand="R6 R1 B2 Y8 G1 N9")
    a = analyze(position, "south")
    seat, public = a.stones[0].outcome_viewer, a.stones[0].outcome
    assert seat is not None and public is not None and seat.south != public.south
    text = write_report(position, tmp_path / "seat.html", viewer="south").read_text(encoding="utf-8")
    stones = re.search(r"<table class='stones'>.*?</table>", text, re.S)
    assert stones is not None
    assert "Seen by south, counting south&#x27;s hand" in stones.group(0) and "Public pool" in stones.group(0)
    row = re.search(r"<tr data-stone='1'>(.*?)</tr>", stones.group(0), re.S)
    assert row is not None
    titles = re.findall(r'title="([^"]*)"', row.group(1))
    from schotten_lab.core.words import fraction

    assert titles[0] == fraction(seat.south) and titles[3 if not seat.undecided else 4] == fraction(public.south)


def test_a_won_game_gives_no_odds(tmp_path: Path) -> None:
    position = Position.from_notation(
        "N8B8G8*-R9R7G3@s/Y1Y2Y3*-P2P3N5@s/R4R5R6*-B5B6Y9@s/-/-/-/-/-/- B1B2B4G1G2G4 ?6 n"  # legal: analysis validates
    )
    assert position.winner() is not None
    text = write_report(position, tmp_path / "won.html").read_text(encoding="utf-8")
    assert "The game is over" in text
    assert "P(south wins)" not in text and "schotten-plotly-gz" not in text and "<table class='odds'>" not in text
