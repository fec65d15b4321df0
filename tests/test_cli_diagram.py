"""``schotten-lab diagram``: a position as an SVG or PNG file, with highlights, a refuted claim's
counterexample and a caption; bad arguments give exit code 2 and one line."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from schotten_lab.cli import main
from schotten_lab.views.export import find_chromium

ROOT = Path(__file__).resolve().parent.parent
OWN_HAND = ROOT / "data" / "positions" / "04_three_eights_r8_in_own_hand.json"
NOTATION = "N8B8R8-R9R7/-/-/-/-/-/-/-/- Y1Y2G8P5B3G9 ?6 s"  # south may claim stone 1


def classes(svg: Path, name: str) -> list[ET.Element]:
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    return [el for el in root.iter() if name in el.get("class", "").split()]


def test_diagram_refute_draws_the_counterexample_and_caption(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "own_hand.svg"
    code = main(["diagram", str(OWN_HAND), "-o", str(out), "--refute", "1:south", "--caption", "title"])
    assert code == 0 and capsys.readouterr().out == f"wrote {out}\n"
    ghosts = classes(out, "counterexample")
    assert [(g.get("data-card"), g.get("data-stone"), g.get("data-player")) for g in ghosts] == [("R8", "1", "north")]
    assert [el.get("data-stone") for el in classes(out, "highlight-stone")] == ["1"]
    caption = classes(out, "caption")
    assert len(caption) == 1 and caption[0].text == "Three 8s, R8 in south's own hand: still wait"


def test_diagram_defaults_frame_claimable_stones_and_flip(tmp_path: Path) -> None:
    out = tmp_path / "claimable.svg"
    assert main(["diagram", "-n", NOTATION, "-o", str(out), "--flip", "--cards", "G8"]) == 0
    assert [el.get("data-stone") for el in classes(out, "highlight-stone")] == ["1"]
    assert not classes(out, "counterexample") and not classes(out, "caption")
    assert [el.get("data-card") for el in classes(out, "highlight-card")] == ["G8"]
    # flipped: north's label is drawn below south's
    labels = {el.get("data-player"): float(el.get("y", 0)) for el in classes(out, "player-label")}
    assert labels["north"] > labels["south"]
    none = tmp_path / "none.svg"
    assert main(["diagram", "-n", NOTATION, "-o", str(none), "--highlight", "none"]) == 0
    assert not classes(none, "highlight-stone")


@pytest.mark.parametrize(
    "args, words",
    [
        (["-o", "x.gif"], "must end in .svg or .png"),
        (["-o", "x.svg", "--refute", "1"], "expected STONE:PLAYER"),
        (["-o", "x.svg", "--refute", "10:south"], "out of range"),
        (["-o", "x.svg", "--refute", "1:east"], "unknown player"),
        (["-o", "x.svg", "--highlight", "1,x"], "not a number"),
        (["-o", "x.svg", "--cards", "Q4"], "unknown card 'Q4'"),
    ],
)
def test_diagram_bad_arguments(args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["diagram", "-n", NOTATION, *args])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(find_chromium() is None, reason="PNG export needs Debian's chromium")
def test_diagram_png(tmp_path: Path) -> None:
    out = tmp_path / "d.png"
    assert main(["diagram", str(OWN_HAND), "-o", str(out), "--refute", "1:south", "--scale", "1"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
