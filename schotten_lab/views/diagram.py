"""Diagrams for writers: a position drawn with the claims that matter, saved as SVG or PNG.

:func:`diagram` draws :func:`~schotten_lab.core.svg.position_svg` with what the analysis knows: the
stones claimable now, and the counterexample that refutes a claim (dashed cards on the opponent's
side). :func:`save_diagram` writes it by the file's extension. ``schotten-lab diagram`` calls both.
No plotly here: the command needs only the core and, for PNG, Debian's Chromium.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.files import check_output, write_text_atomic
from ..core.rules import PLAYERS, Player
from ..core.svg import Svg, position_svg

if TYPE_CHECKING:
    from ..analysis.board import BoardAnalysis
    from ..analysis.claims import ClaimVerdict
    from ..core.cards import Card
    from ..core.position import Position

DIAGRAM_FORMATS = (".svg", ".png")


def claimable_stones(position: Position) -> list[int]:
    """The stones one player or the other may claim now."""
    from ..analysis.claims import claim

    return [
        n for n, stone in enumerate(position.stones, 1)
        if stone.claimed is None and any(claim(position, n, p).claimable for p in PLAYERS)
    ]


def first_refusal(analysis: BoardAnalysis, player: Player | str) -> ClaimVerdict | None:
    """``player``'s first refused claim that has a counterexample (the most instructive one to draw)."""
    who = Player.parse(player)
    return next((s.claims[who] for s in analysis.stones if s.claims and s.claims[who].counterexample), None)


def diagram(
    position: Position,
    *,
    highlight_stones: Iterable[int] | None = None,
    highlight_cards: Iterable[Card | str] | str = (),
    refute: tuple[int, Player | str] | None = None,
    caption: str | None = None,
    lang: str = "en",
    viewer: Player | str | None = None,
    bottom: Player | str | None = None,
    legend: bool = False,
) -> Svg:
    """The diagram of ``position``.

    - ``highlight_stones``: the stones to frame; ``None`` frames the stones claimable now.
    - ``refute=(stone, player)``: the counterexample against ``player`` claiming ``stone`` is drawn
      as dashed cards on the opponent's side (nothing when the claim holds), and the stone is framed.
    - ``caption``, ``lang``, ``viewer``, ``bottom``, ``legend`` (the diagram's key, in ``lang``): as in
      :func:`~schotten_lab.core.svg.position_svg`.
    """
    from ..analysis.claims import claim

    stones = claimable_stones(position) if highlight_stones is None else [int(n) for n in highlight_stones]
    verdict = None
    if refute is not None:
        number, player = refute
        verdict = claim(position, int(number), player)
        stones = sorted({*stones, int(number)})
    return position_svg(
        position,
        highlight_stones=stones,
        highlight_cards=highlight_cards,
        counterexample=verdict if verdict is not None and verdict.counterexample else None,
        lang=lang,
        viewer=viewer,
        bottom=bottom,
        caption=caption,
        legend=legend,
    )


def save_diagram(svg: str, path: str | Path, *, scale: float = 2.0) -> Path:
    """Write a diagram as ``.svg`` (the text) or ``.png`` (through Chromium), atomically; return the
    path. Another extension, a folder or a symbolic link is refused (an ``OutputError``)."""
    path = check_output(path, ("svg", "png"))
    if path.suffix.lower() == ".png":
        from .export import save_png

        return save_png(svg, path, scale=scale)
    return write_text_atomic(path, str(svg))


__all__ = ["DIAGRAM_FORMATS", "claimable_stones", "diagram", "first_refusal", "save_diagram"]
