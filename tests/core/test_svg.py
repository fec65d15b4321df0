"""Diagram tests: parse the SVG with xml.etree and check what it draws."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from schotten_lab.core import Position
from schotten_lab.core.svg import Svg, position_svg

NS = "{http://www.w3.org/2000/svg}"
MIDGAME = "N8B8G8-R9R7/Y3P7N1-B4B5B6*@n/G2-/R1-P9P8/-N5/-/B9-/-/- Y1Y2R8P5B3G9 ?6 s d25"
HAS_CHROMIUM = Path("/usr/bin/chromium").exists()


@pytest.fixture(scope="module")
def position() -> Position:
    return Position.from_notation(MIDGAME)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Elements whose class attribute holds ``name`` as one of its words."""
    return [el for el in root.iter() if name in el.get("class", "").split()]


def text_of(el: ET.Element) -> str:
    return "".join(el.itertext())


def test_svg_is_a_str_that_jupyter_displays(position: Position, tmp_path: Path) -> None:
    svg = position_svg(position)
    assert isinstance(svg, Svg) and isinstance(svg, str)
    assert svg._repr_svg_() == str(svg)
    assert position._repr_svg_() == str(svg)
    out = svg.save(tmp_path / "d.svg")
    assert out.read_text(encoding="utf-8") == str(svg)
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert float(root.get("width", 0)) > 0 and float(root.get("height", 0)) > 0


def test_nine_stones_numbered(position: Position) -> None:
    stones = by_class(parse(position_svg(position)), "stone")
    assert [s.get("data-stone") for s in stones] == [str(n) for n in range(1, 10)]
    for s in stones:
        assert s.get("data-stone") in text_of(s)


def test_every_table_card_is_drawn_with_value_and_letter(position: Position) -> None:
    root = parse(position_svg(position))
    cards = by_class(root, "card")
    drawn = {(c.get("data-card"), c.get("data-place")) for c in cards}
    for number, stone in enumerate(position.stones, 1):
        for player in ("south", "north"):
            for card in getattr(stone, player):
                assert (str(card), f"stone {number} {player}") in drawn
    for c in cards:
        code = c.get("data-card", "")
        value, letter = code[1:], code[0]
        # value then colour letter, both printed: readable without colour
        assert text_of(c).replace(" ", "").endswith(f"{value}{letter}")
    on_table = sum(len(s.south) + len(s.north) for s in position.stones)
    assert len([c for c in cards if c.get("data-place", "").startswith("stone")]) == on_table == 17


def test_claimed_stone_is_marked(position: Position) -> None:
    root = parse(position_svg(position))
    claimed = by_class(root, "claimed")
    assert [(el.get("data-stone"), el.get("data-claimed")) for el in claimed] == [("2", "north")]
    assert "N" in text_of(by_class(claimed[0], "claim-marker")[0])
    assert by_class(root, "held")[0].get("data-player") == "north"


def test_hands_known_and_counted(position: Position) -> None:
    root = parse(position_svg(position))
    hands = {h.get("data-player"): h for h in by_class(root, "hand")}
    south, north = hands["south"], hands["north"]
    assert south.get("data-known") == "true" and south.get("data-count") == "6"
    assert [c.get("data-card") for c in by_class(south, "card")] == ["Y1", "Y2", "R8", "P5", "B3", "G9"]
    assert north.get("data-known") == "false" and north.get("data-count") == "6"
    assert len(by_class(north, "card-back")) == 6
    assert "6" in text_of(by_class(north, "hand-count")[0])


def test_deck_turn_and_first_complete(position: Position) -> None:
    root = parse(position_svg(position))
    assert by_class(root, "deck")[0].get("data-count") == "25"
    assert "25" in text_of(by_class(root, "deck")[0])
    assert "South to move" in text_of(by_class(root, "footer")[0])
    assert [el.get("data-player") for el in by_class(root, "first-complete")] == ["north"]


def test_highlights(position: Position) -> None:
    root = parse(position_svg(position, highlight_stones=[1, 7], highlight_cards="R8 R9"))
    assert sorted(el.get("data-stone") for el in by_class(root, "highlight-stone")) == ["1", "7"]
    ringed = sorted(el.get("data-card") for el in by_class(root, "highlight-card"))
    assert ringed == ["R8", "R9"]  # R8 in south's hand, R9 on stone 1
    assert not by_class(parse(position_svg(position)), "highlight-stone")


def test_counterexample_as_tuple_and_as_verdict(position: Position) -> None:
    root = parse(position_svg(position, counterexample=(1, "north", ["R8"])))
    ghosts = by_class(root, "counterexample")
    assert [(g.get("data-card"), g.get("data-stone"), g.get("data-player")) for g in ghosts] == [("R8", "1", "north")]

    from schotten_lab.analysis.claims import claim

    verdict = claim(position, 1, "south")
    assert not verdict.claimable and verdict.counterexample
    root = parse(position_svg(position, counterexample=verdict))
    ghosts = by_class(root, "counterexample")
    assert {g.get("data-player") for g in ghosts} == {"north"}
    assert [g.get("data-card") for g in ghosts] == [str(c) for c in verdict.counterexample]


def test_viewer_north_sits_at_the_bottom_and_hides_south_hand(position: Position) -> None:
    root = parse(position_svg(position, viewer="north"))
    hands = {h.get("data-player"): h for h in by_class(root, "hand")}
    assert hands["south"].get("data-known") == "false"
    assert not by_class(hands["south"], "card")
    stones = {s.get("data-stone"): s for s in by_class(root, "stone")}

    def x_of(stone: ET.Element) -> float:
        return float(next(el for el in stone if el.tag == f"{NS}rect").get("x", 0))

    assert x_of(stones["1"]) > x_of(stones["9"])  # seen from north, stone 1 is on the right
    south_label = next(el for el in by_class(root, "player-label") if el.get("data-player") == "south")
    north_label = next(el for el in by_class(root, "player-label") if el.get("data-player") == "north")
    assert float(north_label.get("y", 0)) > float(south_label.get("y", 0))


def test_french_labels(position: Position) -> None:
    svg = position_svg(position, lang="fr")
    assert "Pioche\u00a0: " in svg and "à jouer" in svg and "Sud" in svg and "Pioche: " not in svg
    with pytest.raises(ValueError, match="language"):
        position_svg(position, lang="de")


def test_bad_highlight_is_refused(position: Position) -> None:
    with pytest.raises(ValueError, match="stone 10"):
        position_svg(position, highlight_stones=[10])


def test_empty_position_and_empty_hand() -> None:
    root = parse(position_svg(Position.empty()))
    assert len(by_class(root, "stone")) == 9
    assert not by_class(root, "card")
    end = Position.from_notation("-/-/-/-/-/-/-/-/- - ?0 n d0")
    root = parse(position_svg(end))
    hands = {h.get("data-player"): h for h in by_class(root, "hand")}
    assert hands["south"].get("data-count") == "0" and "empty" in text_of(hands["south"])


def test_core_svg_loads_no_jupyter_or_plotly() -> None:
    code = (
        "import sys, schotten_lab.core as c, schotten_lab.core.svg as s;"
        "s.position_svg(c.Position.empty());"
        "bad = [m for m in ('plotly', 'ipywidgets', 'IPython') if m in sys.modules];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])


@pytest.mark.browser
@pytest.mark.skipif(not HAS_CHROMIUM, reason="needs Debian's Chromium (/usr/bin/chromium)")
def test_save_png(position: Position, tmp_path: Path) -> None:
    from schotten_lab.views.export import save_png

    svg = position_svg(position)
    out = save_png(svg, tmp_path / "d.png", scale=1)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    root = parse(svg)
    assert (width, height) == (int(root.get("width", 0)), int(root.get("height", 0)))


def test_views_package_and_html_fragment_load_no_plotly() -> None:
    code = (
        "import sys, schotten_lab.views as v, schotten_lab.views.palette, schotten_lab.views.report as r;"
        "from schotten_lab.core import Position; from schotten_lab.analysis.board import analyze;"
        "html = r.analysis_html(analyze(Position.empty())); assert '<svg' in html;"
        "bad = [m for m in ('plotly', 'ipywidgets') if m in sys.modules]; assert not bad, bad;"
        "assert v.position_svg is not None"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])


def test_tactics_pieces_and_modes() -> None:
    pytest.importorskip("schotten_lab.core.tactics")
    empty = {"south": [], "north": [], "claimed": None, "first_complete": None, "modes": []}
    stones = [dict(empty) for _ in range(9)]
    stones[0] = {**empty, "south": ["N8", "B8", "JOKER"], "north": ["R9", "R7"]}
    stones[1] = {**empty, "south": ["SPY=B7", "B6"], "north": ["G1", "G2"], "modes": ["mud"]}
    stones[2] = {**empty, "north": ["P3"], "modes": ["blind"]}
    doc = {
        "format": "schotten-lab/position@1",
        "variant": "tactics",
        "expert": False,
        "to_move": "south",
        "stones": stones,
        "hands": {"south": ["Y1", "Y2", "R8", "P5", "B3", "TRAITOR", "G9"], "north": None},
        "hand_sizes": {"south": 7, "north": 7},
        "deck": {"clan": 30, "tactics": 8},
        "discard": [],
        "tactics_played": {"south": 2, "north": 1},
    }
    root = parse(position_svg(Position.from_dict(doc)))
    troops = {el.get("data-card") for el in by_class(root, "troop")}
    assert troops == {"JOKER", "SPY=B7"}
    spy = next(el for el in by_class(root, "troop") if el.get("data-card") == "SPY=B7")
    assert "7B" in text_of(spy).replace(" ", "") and "SPY" in text_of(spy)
    assert [el.get("data-card") for el in by_class(root, "tactics")] == ["TRAITOR"]
    modes = {el.get("data-modes") for el in by_class(root, "mode")}
    assert modes == {"mud", "blind"}
    footer = text_of(by_class(root, "footer")[0])
    assert "tactics played: South 2, North 1" in footer
    assert "+ 8 tactics" in text_of(by_class(root, "deck")[0])


def test_strict_counterexample_with_an_elite_troop_is_drawn_as_a_ghost() -> None:
    """A strict proof's counterexample may add an unplayed troop; the diagram draws it dashed."""
    import xml.etree.ElementTree as ET

    from schotten_lab.analysis import claim
    from schotten_lab.core import Position, RuleSet

    root = Path(__file__).resolve().parents[2]
    pos = Position.from_json((root / "data/positions/16_spy_completes_three_sevens.json").read_text())
    verdict = claim(pos, 6, "south", RuleSet("tactics", strict_proofs=True))
    assert verdict.counterexample is not None and str(verdict.counterexample[0]) == "JOKER"
    tree = ET.fromstring(str(position_svg(pos, counterexample=verdict)))
    ghosts = [g for g in tree.iter() if g.get("class") == "counterexample"]
    assert [g.get("data-card") for g in ghosts] == [str(c) for c in verdict.counterexample]


def test_bottom_flips_the_board_and_caption_wraps() -> None:
    """``bottom`` turns the board round without changing whose hand is hidden; a caption is escaped text."""
    import xml.etree.ElementTree as ET

    from schotten_lab.core import Position
    from schotten_lab.core.svg import position_svg

    position = Position.from_notation("N8B8R8-R9R7/-/-/-/-/-/-/-/- Y1Y2G8P5B3G9 Y4Y5Y6B1B2B4 s")
    caption = "a <long> caption " * 12
    root = ET.fromstring(position_svg(position, viewer="south", bottom="north", caption=caption))
    hands = {el.get("data-player"): el for el in root.iter() if "hand" in el.get("class", "").split()}
    assert hands["south"].get("data-known") == "true" and hands["north"].get("data-known") == "false"
    labels = {el.get("data-player"): float(el.get("y", 0)) for el in root.iter() if el.get("class") == "player-label"}
    assert labels["north"] > labels["south"]
    lines = [el.text or "" for el in root.iter() if el.get("class") == "caption"]
    assert len(lines) == 3 and " ".join(lines) == " ".join(caption.split())
