"""Chart tests: inspect ``fig.to_dict()`` against the analysis figures."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("plotly")

from schotten_lab.analysis.board import BoardAnalysis, analyze  # noqa: E402
from schotten_lab.analysis.odds import completion_odds  # noqa: E402
from schotten_lab.analysis.outcome import stone_outcome  # noqa: E402
from schotten_lab.analysis.pools import card_probabilities  # noqa: E402
from schotten_lab.core import Position, Rank  # noqa: E402
from schotten_lab.core.formations import RANKS_STRONGEST_FIRST  # noqa: E402
from schotten_lab.core.rules import PLAYERS, Player  # noqa: E402
from schotten_lab.views import charts  # noqa: E402
from schotten_lab.views.export import save_figure, save_figures  # noqa: E402

MIDGAME = "N8B8G8-R9R7/Y3P7N1-B4B5B6*@n/G2-/R1-P9P8/-N5/-/B9-/-/- Y1Y2R8P5B3G9 ?6 s d25"
HAS_CHROMIUM = Path("/usr/bin/chromium").exists()


@pytest.fixture(scope="module")
def position() -> Position:
    return Position.from_notation(MIDGAME)


@pytest.fixture(scope="module")
def analysis(position: Position) -> BoardAnalysis:
    return analyze(position)


def traces(fig) -> list[dict]:  # noqa: ANN001
    return fig.to_dict()["data"]


def title(fig) -> str:  # noqa: ANN001
    return fig.to_dict()["layout"]["title"]["text"]


def test_formation_odds_match_the_analysis(analysis: BoardAnalysis) -> None:
    fig = charts.formation_odds_chart(analysis)
    data = traces(fig)
    assert [t["type"] for t in data] == ["bar"] * 5
    assert [t["name"] for t in data] == [r.label() for r in RANKS_STRONGEST_FIRST]
    assert fig.to_dict()["layout"]["barmode"] == "stack"
    stones, sides = data[0]["x"]
    assert list(stones) == [str(n) for n in range(1, 10) for _ in PLAYERS]
    assert list(sides) == ["S", "N"] * 9
    for trace, rank in zip(data, RANKS_STRONGEST_FIRST):
        for i, y in enumerate(trace["y"]):
            sa = analysis.stones[i // 2]
            player = PLAYERS[i % 2]
            if sa.odds is None:
                assert y is None
            else:
                assert y == float(sa.odds[player].ranks[rank])
    # stone 1: south's three 8s are complete, north R9 R7 makes a color run only with R8
    south_1 = [t["y"][0] for t in data]
    assert south_1 == [0.0, 1.0, 0.0, 0.0, 0.0]
    p = completion_odds(analysis.position, 1, "north").ranks[Rank.COLOR_RUN]
    assert data[0]["y"][1] == float(p) and f"{p.numerator}/{p.denominator}" in data[0]["customdata"][1]


def test_outcome_chart_matches_the_analysis(analysis: BoardAnalysis, position: Position) -> None:
    data = traces(charts.outcome_chart(analysis))
    assert [t["name"] for t in data] == ["South", "tie (completion order)", "North"]
    keys = ("south", "tie", "north")
    for trace, key in zip(data, keys):
        assert list(trace["x"]) == [str(n) for n in range(1, 10)]
        for n, y in enumerate(trace["y"], 1):
            if n == 2:  # claimed by north
                assert y == (1.0 if key == "north" else 0.0)
            else:
                exact = getattr(stone_outcome(position, n), key)
                assert y == float(exact)
    for n in range(9):
        assert sum(t["y"][n] for t in data) == pytest.approx(1.0)
    assert "claimed" in data[2]["customdata"][1]


def test_card_map(analysis: BoardAnalysis, position: Position) -> None:
    fig = charts.card_map_chart(analysis, draws=3)
    data = traces(fig)
    assert [t["type"] for t in data] == ["heatmap", "heatmap"]
    chances = card_probabilities(position, "south", draws=3)
    opp, draw = data[0]["z"], data[1]["z"]
    assert len(opp) == 6 and all(len(row) == 9 for row in opp)
    for c in chances:
        i, j = c.card.index // 9, c.card.index % 9
        assert opp[i][j] == float(c.p_opponent_hand)
        assert draw[i][j] == float(c.p_draw)
    text = data[0]["text"]
    assert text[0][0] == "S4"  # R1 on south's side of stone 4
    assert text[0][7] == "hand"  # R8 in south's own hand
    assert text[1][8] == "S7"  # B9
    # unseen cards: 31 unseen, north holds 6 of them
    assert opp[0][1] == pytest.approx(6 / 31)
    assert "6/31" in data[0]["customdata"][0][1]
    assert "3/31" in data[1]["customdata"][0][1]
    assert "within 3 draws" in data[1]["name"] and title(fig).endswith("(chances in %)")


def test_strength_distribution(position: Position) -> None:
    odds = completion_odds(position, 5, "south")
    data = traces(charts.strength_chart(odds))
    total = sum(sum(t["y"]) for t in data)
    assert total == pytest.approx(1.0)
    names = [t["name"] for t in data]
    assert names == [r.label() for r in Rank if any(s // 100 == r for s in odds.strengths)]
    by_label = {x: y for t in data for x, y in zip(t["x"], t["y"])}
    for s, p in odds.strengths.items():
        assert by_label[charts.strength_label(s)] == float(p)
    both = traces(charts.strength_chart({"south": odds, "north": completion_odds(position, 5, "north")}))
    assert [t["name"] for t in both] == ["South", "North"]
    fig = charts.side_strength_chart(position, 4, "north", lang="fr")
    assert title(fig) == "Force finale du côté de Nord sur la borne 4"


def test_convergence(position: Position) -> None:
    fig = charts.convergence_chart(position, 4, samples=2000, points=6, seed=7)
    data = traces(fig)
    lower, upper, estimate, exact = data
    assert upper["fill"] == "tonexty"
    exact_p = stone_outcome(position, 4).south
    assert exact["y"] == [float(exact_p)] * 2
    assert list(estimate["x"])[-1] == 2000 and list(estimate["x"])[0] == 100
    assert all(lo <= est <= hi for lo, est, hi in zip(lower["y"], estimate["y"], upper["y"]))
    # the exact value sits inside the final ±2 s.e. band (seeded, so this is deterministic)
    assert lower["y"][-1] <= float(exact_p) <= upper["y"][-1]
    assert f"{exact_p.numerator}/{exact_p.denominator}" in exact["name"]
    with pytest.raises(ValueError):
        charts.convergence_chart(position, 4, who="east")


def test_formation_counts() -> None:
    data = traces(charts.formation_counts_chart())
    assert [t["y"][0] for t in data] == [42, 180, 462, 1470, 22650]
    assert sum(t["y"][0] for t in data) == 24_804
    assert "42 / 24,804" in data[0]["customdata"][0]
    log = charts.formation_counts_chart(log=True).to_dict()["layout"]["yaxis"]["type"]
    assert log == "log"


def test_french_labels(analysis: BoardAnalysis) -> None:
    odds = charts.formation_odds_chart(analysis, lang="fr")
    assert [t["name"] for t in traces(odds)] == ["suite couleur", "brelan", "couleur", "suite", "somme"]
    assert title(odds).startswith("Chances de chaque combinaison")
    assert odds.to_dict()["layout"]["yaxis"]["title"]["text"] == "probabilité"
    assert odds.to_dict()["layout"]["xaxis"]["title"]["text"] == "borne"
    outcome = charts.outcome_chart(analysis, lang="fr")
    assert [t["name"] for t in traces(outcome)] == ["Sud", "égalité (au premier côté complet)", "Nord"]
    cards = charts.card_map_chart(analysis, lang="fr")
    assert title(cards) == "Où sont les cartes, vu par Sud (chances en\u00a0%)"
    assert traces(cards)[0]["y"][0] == "R · rouge"
    assert traces(cards)[0]["text"][0][1] == "19"  # 6/31: a whole percent in the cell
    assert "19,4\u00a0%" in traces(cards)[0]["customdata"][0][1]  # the hover: a decimal comma
    assert title(charts.formation_counts_chart(lang="fr")).startswith("Combinaisons parmi les 24")
    with pytest.raises(ValueError, match="language"):
        charts.outcome_chart(analysis, lang="es")


def test_fraction_text() -> None:
    assert charts.fraction_text(Fraction(1, 3)) == "1/3 ≈ 33.3%"
    assert charts.fraction_text(Fraction(1, 3), "fr") == "1/3 ≈ 33,3\u00a0%"
    assert charts.fraction_text(Fraction(1)) == "100%"


def test_no_plotly_express() -> None:
    for name in ("charts.py", "study_charts.py", "chart_style.py"):
        source = (Path(charts.__file__).parent / name).read_text(encoding="utf-8")
        assert "plotly.express" not in source, name


def test_save_html_is_self_contained(analysis: BoardAnalysis, tmp_path: Path) -> None:
    out = save_figure(charts.outcome_chart(analysis), tmp_path / "outcome.html")
    text = out.read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]*\bsrc\s*=\s*[\"']?https?:", text)
    assert "Plotly.newPlot" in text and len(text) > 1_000_000  # plotly.js inlined
    with pytest.raises(ValueError, match="format"):
        save_figure(charts.outcome_chart(analysis), tmp_path / "outcome.gif")


@pytest.mark.browser
@pytest.mark.skipif(not HAS_CHROMIUM, reason="needs Debian's Chromium (/usr/bin/chromium)")
def test_save_png_and_svg(analysis: BoardAnalysis, tmp_path: Path) -> None:
    figs = {"counts": charts.formation_counts_chart(), "outcome": charts.outcome_chart(analysis)}
    written = save_figures(figs, tmp_path, ("png", "svg"), scale=1)
    assert sorted(p.name for p in written) == ["counts.png", "counts.svg", "outcome.png", "outcome.svg"]
    assert (tmp_path / "counts.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = (tmp_path / "outcome.svg").read_text(encoding="utf-8")
    assert text.lstrip().startswith("<svg") and "South" in text


@pytest.mark.browser
@pytest.mark.skipif(not HAS_CHROMIUM, reason="needs Debian's Chromium (/usr/bin/chromium)")
def test_save_figure_png(tmp_path: Path) -> None:
    png = save_figure(charts.formation_counts_chart(lang="fr"), tmp_path / "counts.png", scale=1)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_players_in_palette_order() -> None:
    from schotten_lab.views.palette import PLAYER_COLORS, RANK_COLORS, card_color

    assert set(PLAYER_COLORS) == {Player.SOUTH, Player.NORTH}
    assert set(RANK_COLORS) == set(Rank)
    from schotten_lab.core import Card

    assert card_color(Card.parse("R8")) == "#C62828"


def test_chart_data_is_what_the_charts_draw(analysis: BoardAnalysis) -> None:
    """The public ``*_data`` functions build exactly the traces of the charts (the panel reuses them)."""
    data = charts.board_chart_data(analysis, lang="fr")
    odds = traces(charts.formation_odds_chart(analysis, lang="fr"))
    assert [t["name"] for t in odds] == [s["name"] for s in data["odds"]["series"]]
    for trace, series in zip(odds, data["odds"]["series"], strict=True):
        assert list(trace["y"]) == series["y"] and list(trace["customdata"]) == series["customdata"]
    outcome = traces(charts.outcome_chart(analysis, lang="fr"))
    for trace, series in zip(outcome, data["outcome"]["series"], strict=True):
        assert list(trace["y"]) == series["y"] and list(trace["marker"]["pattern"]["shape"]) == series["shape"]
    cards = traces(charts.card_map_chart(analysis, lang="fr"))
    for trace, m in zip(cards, data["cards"]["maps"], strict=True):
        assert [list(r) for r in trace["z"]] == m["z"] and [list(r) for r in trace["text"]] == m["text"]
    assert data["outcome"]["series"][1]["y"][1] == 0.0 and data["outcome"]["series"][1]["shape"][1] == "x"


@pytest.mark.parametrize("value, text", [(0, "0"), (1, "100"), (0.004, "<1"), (0.995, ">99"), (0.1549, "15"),
                                         (0.05, "5")])
def test_cell_percent(value: float, text: str) -> None:
    assert charts.cell_percent(value) == text


def test_card_map_cells_fit_the_editor_panel(analysis: BoardAnalysis) -> None:
    """The labels that ran together ("5.0%15.0%15.0%") in the editor's 630-px panel: at that width
    every cell text, at the map's font size, is narrower than its cell."""
    fig = charts.card_map_chart(analysis)
    fig.update_layout(width=630, margin={"l": 50, "r": 10, "t": 50, "b": 40})
    layout = fig.to_dict()["layout"]
    plot_width = 630 - 50 - 10 - 12 - 40  # margins, colour bar and its ticks
    domain = layout["xaxis"]["domain"]
    cell = plot_width * (domain[1] - domain[0]) / 9 - 2  # xgap
    from schotten_lab.core.location import Location, Place
    from schotten_lab.core.rules import Player

    known = [Location.on_stone(3, Player.SOUTH), Location.in_hand(Player.NORTH), Location(Place.DISCARD)]
    texts = [t for trace in traces(fig) for row in trace["text"] for t in row]
    texts += [charts.where_short(w, lang) for w in known for lang in ("en", "fr")]
    texts += [charts.cell_percent(v) for v in (0, 0.004, 0.5, 0.995, 1)]
    widest = max(len(t) for t in texts)
    assert widest <= 4 and "100" in texts and "disc" in texts
    for text in texts:  # at the font size, each text is narrower than its cell
        assert sum(DEJAVU_EM[c] for c in text) * charts.MAP_FONT_SIZE < cell, text


DEJAVU_EM = {**dict.fromkeys("0123456789", 0.636), "<": 0.838, ">": 0.838, "?": 0.531, "S": 0.635, "N": 0.748,
             "h": 0.634, "a": 0.613, "n": 0.634, "d": 0.635, "m": 0.974, "i": 0.278, "s": 0.521, "c": 0.550,
             "é": 0.615, "f": 0.352}
"""Advance widths of the card map's characters in DejaVu Sans (the charts' first font), in em."""


def test_outcome_seen_by_the_viewer() -> None:
    """``seat=True`` draws the viewer's figures (counting their hand), labelled in the title; the public
    chart is unchanged (the editor's panel draws it)."""
    position = Position.build({1: ("R4 R5", "B7 G7"), 2: ("Y9", "P2 P3 P4"), 3: ("N1 N2 N3", "G8")},
                              south_hand="R6 R1 B2 Y8 G1 N9")
    a = analyze(position, "south")
    fig = charts.outcome_chart(a, seat=True, lang="fr")
    assert title(fig) == "Qui gagne chaque borne, vu par Sud (qui connaît sa main)"
    data = traces(fig)
    for n, sa in enumerate(a.stones):
        seat = sa.outcome_viewer
        assert seat is not None
        assert [t["y"][n] for t in data[:3]] == [float(seat.south), float(seat.tie), float(seat.north)]
    assert data[0]["y"][0] != float(a.stones[0].outcome.south)  # type: ignore[union-attr]  # R6 counts
    public = traces(charts.outcome_chart(a))
    assert [t["y"][0] for t in public] == [float(a.stones[0].outcome.south), float(a.stones[0].outcome.tie),  # type: ignore[union-attr]
                                           float(a.stones[0].outcome.north)]  # type: ignore[union-attr]
    assert title(charts.outcome_chart(a)).startswith("Who wins each stone (random")
