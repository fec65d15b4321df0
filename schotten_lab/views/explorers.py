"""Two small explorers of one position: a claim explorer and an odds explorer (ipywidgets).

- :class:`ClaimExplorer`: choose a stone and a player; see the verdict, its proof or the
  counterexample, and the diagram with the stone highlighted and the beating cards drawn as ghosts.
- :class:`OddsExplorer`: choose a stone of a player whose hand is known and the number of draws
  (an IntSlider); see ``reachable()``: the chance of reaching at least each formation.

The widgets only hold the choices; the answers come from :mod:`schotten_lab.analysis`.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import ipywidgets as W

from ..analysis.claims import ClaimVerdict, claim
from ..analysis.odds import reachable, still_possible
from ..analysis.pools import draws_left
from ..core.errors import AnalysisError, SchottenError
from ..core.formations import RANKS_STRONGEST_FIRST, Rank
from ..core.position import Position
from ..core.rules import PLAYERS, STONE_COUNT, Player
from ..core.words import fraction_percent

_PLAYER_OPTIONS = [("south", Player.SOUTH), ("north", Player.NORTH)]


def verdict_html(verdict: ClaimVerdict) -> str:
    """The verdict in words: claimable or not, the reason, the counterexample's cards."""
    head = "may claim" if verdict.claimable else "cannot claim"
    color = "#1b5e20" if verdict.claimable else "#8d6e00"
    parts = [
        f'<div class="sl-verdict" data-claimable="{str(verdict.claimable).lower()}">'
        f'<b style="color:{color}">{verdict.player.value} {head} stone {verdict.stone}</b>',
        f"<div>{html.escape(verdict.reason)}</div>",
    ]
    if verdict.own is not None:
        parts.append(f"<div>own side: {html.escape(str(verdict.own))}</div>")
    if verdict.counterexample:
        cards = " ".join(str(c) for c in verdict.counterexample)
        parts.append(
            f"<div>counterexample: {verdict.player.opponent.value} adds <b>{cards}</b>"
            f" for {html.escape(str(verdict.counter_formation))}</div>"
        )
    parts.append("</div>")
    return "".join(parts)


class ClaimExplorer:
    """Pick a stone and a player: the claim verdict with its proof or counterexample, and a diagram.

    ``stone`` (Dropdown), ``player`` (ToggleButtons), ``verdict`` (the last :class:`ClaimVerdict`),
    ``text`` and ``diagram`` (HTML widgets), ``widget`` (the layout).
    """

    def __init__(self, position: Position, stone: int = 1, player: Player | str = Player.SOUTH) -> None:
        self.position = position
        self.stone = W.Dropdown(options=list(range(1, STONE_COUNT + 1)), value=stone, description="Stone")
        self.player = W.ToggleButtons(options=_PLAYER_OPTIONS, value=Player.parse(player), description="Claimant")
        self.text = W.HTML()
        self.diagram = W.HTML()
        self.verdict: ClaimVerdict = claim(position, stone, player)
        self.stone.observe(lambda _: self.refresh(), "value")
        self.player.observe(lambda _: self.refresh(), "value")
        self.widget = W.VBox([W.HBox([self.stone, self.player]), self.text, self.diagram])
        self.refresh()

    def refresh(self) -> None:
        n, p = self.stone.value, self.player.value
        self.verdict = claim(self.position, n, p)
        self.text.value = verdict_html(self.verdict)
        self.diagram.value = self._svg(n, p)

    def _svg(self, n: int, p: Player) -> str:
        try:
            from ..core.svg import position_svg
        except ImportError:  # the diagram module is optional here
            return ""
        counter = None
        if self.verdict.counterexample:
            counter = (n, p.opponent, tuple(self.verdict.counterexample))
        return str(position_svg(self.position, highlight_stones=(n,), counterexample=counter))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def reachable_rows(position: Position, stone: int, player: Player | str, draws: int) -> list[tuple[Rank, Fraction, bool]]:
    """(rank, P(at least that rank with the hand and ``draws`` draws), still possible at all), strongest first."""
    odds = reachable(position, stone, player, draws)
    possible = still_possible(position, stone, player)
    return [(r, odds[r], possible[r]) for r in RANKS_STRONGEST_FIRST]


class OddsExplorer:
    """The chance that ``player``'s hand plus ``draws`` more cards completes a side into at least
    each formation. ``draws`` is an IntSlider from 0 to the draws the player still gets.

    ``stone`` (Dropdown), ``player`` (ToggleButtons), ``draws`` (IntSlider), ``rows`` (the last
    :func:`reachable_rows`), ``table`` (HTML), ``widget``.
    """

    def __init__(self, position: Position, stone: int = 1, player: Player | str | None = None) -> None:
        self.position = position
        known = [p for p in PLAYERS if position.hands[p] is not None]
        if not known:
            raise AnalysisError("the odds explorer needs a known hand: give the position a south or north hand")
        who = Player.parse(player) if player is not None else known[0]
        self.stone = W.Dropdown(options=list(range(1, STONE_COUNT + 1)), value=stone, description="Stone")
        self.player = W.ToggleButtons(options=[(p.value, p) for p in known], value=who, description="Player")
        self.draws = W.IntSlider(value=0, min=0, max=max(draws_left(position, who), 0), description="Draws")
        self.table = W.HTML()
        self.rows: list[tuple[Rank, Fraction, bool]] = []
        for w in (self.stone, self.player, self.draws):
            w.observe(lambda _: self.refresh(), "value")
        self.widget = W.VBox([W.HBox([self.stone, self.player]), self.draws, self.table])
        self.refresh()

    def refresh(self) -> None:
        p = self.player.value
        self.draws.max = max(draws_left(self.position, p), 0)
        n, k = self.stone.value, self.draws.value
        if self.position.stone(n).claimed is not None:
            self.rows = []
            self.table.value = f"<i>stone {n} is claimed</i>"
            return
        try:
            self.rows = reachable_rows(self.position, n, p, k)
        except SchottenError as exc:  # e.g. TooLargeError: shown in place of the table, never raised
            self.rows = []
            self.table.value = f"<i>stone {n}, {p.value}: {html.escape(str(exc))}</i>"
            return
        lines = [
            f"<tr><td>{r.label()}</td><td style='padding:0 8px'>{fraction_percent(prob, approx=True)}</td>"
            f"<td>{'' if ok else 'no longer possible'}</td></tr>"
            for r, prob, ok in self.rows
        ]
        self.table.value = (
            f"<div>stone {n}, {p.value}: at least each formation with the hand and {k} more draw(s)</div>"
            f"<table class='sl-reachable'>{''.join(lines)}</table>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["ClaimExplorer", "OddsExplorer", "reachable_rows", "verdict_html"]
