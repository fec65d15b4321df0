"""Two small explorers of one position: a claim explorer and an odds explorer (ipywidgets).

- :class:`ClaimExplorer`: choose a stone and a player; see the verdict, its proof or the
  counterexample, and the diagram with the stone highlighted and the beating cards drawn as ghosts.
- :class:`OddsExplorer`: choose a stone of a player whose hand is known and the number of draws
  (an IntSlider); see ``reachable()``: the chance of reaching at least each formation.

The widgets only hold the choices; the answers come from :mod:`schotten_lab.analysis`. Both take
``lang`` (``"en"``/``"fr"``, default from ``SCHOTTEN_LANG``): every label, the verdict's explanation,
the formations and the percentages are in that language (:data:`EXPLORER_PHRASES`).
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
from ..core.words import Count, check_lang, default_lang, fraction_percent, player as player_name, register, say, with_article

EXPLORER_PHRASES = register({
    "ex.may": {"en": "{player} may claim stone {stone}", "fr": "{player} peut revendiquer la borne {stone}"},
    "ex.cannot": {"en": "{player} cannot claim stone {stone}", "fr": "{player} ne peut pas revendiquer la borne {stone}"},
    "ex.own": {"en": "own side: {own}", "fr": "son côté : {own}"},
    "ex.counter": {"en": "counterexample: {opponent} adds {cards} for {formation}", "fr": "contre-exemple : {opponent} ajoute {cards}, soit {formation}"},
    "ex.stone": {"en": "Stone", "fr": "Borne"},
    "ex.claimant": {"en": "Claimant", "fr": "Qui revendique"},
    "ex.player": {"en": "Player", "fr": "Joueur"},
    "ex.draws": {"en": "Draws", "fr": "Tirages"},
    "ex.claimed": {"en": "stone {stone} is claimed", "fr": "la borne {stone} est revendiquée"},
    "ex.error": {"en": "stone {stone}, {player}: {error}", "fr": "borne {stone}, {player} : {error}"},
    "ex.gone": {"en": "no longer possible", "fr": "plus possible"},
    "ex.head": {"en": "stone {stone}, {player}: at least each formation with the hand and {draws}",
                "fr": "borne {stone}, {player} : au moins chaque combinaison, avec la main et {draws}"},
    "ex.draws_one": {"en": "{count} more draw(s)", "fr": "{count} tirage de plus"},
    "ex.draws_many": {"en": "{count} more draw(s)", "fr": "{count} tirages de plus"},
})  # fmt: skip
"""The explorers' words (en, fr)."""


def _lang(lang: str | None) -> str:
    return check_lang(default_lang() if lang is None else lang)


def _player_options(players: tuple[Player, ...] | list[Player], lang: str) -> list[tuple[str, Player]]:
    return [(player_name(p, lang), p) for p in players]


def verdict_html(verdict: ClaimVerdict, lang: str = "en") -> str:
    """The verdict in words: claimable or not, the reason, the counterexample's cards (in ``lang``)."""
    head = say("ex.may" if verdict.claimable else "ex.cannot", lang, player=verdict.player, stone=verdict.stone)
    color = "#1b5e20" if verdict.claimable else "#8d6e00"
    parts = [
        f'<div class="sl-verdict" data-claimable="{str(verdict.claimable).lower()}">'
        f'<b style="color:{color}">{html.escape(head)}</b>',
        f"<div>{html.escape(verdict.explain(lang))}</div>",
    ]
    if verdict.own is not None:
        own = verdict.own.describe(lang)
        parts.append(f"<div>{html.escape(say('ex.own', lang, own=own if lang == 'en' else with_article(own, lang, 'indef')))}</div>")
    if verdict.counterexample:
        cards = " ".join(str(c) for c in verdict.counterexample)
        formed = verdict.counter_formation.describe(lang) if verdict.counter_formation is not None else ""
        if lang != "en" and formed:
            formed = with_article(formed, lang, "indef")
        said = html.escape(say("ex.counter", lang, opponent=verdict.player.opponent, cards="\x00", formation=formed))
        parts.append(f"<div>{said.replace(chr(0), f'<b>{cards}</b>')}</div>")
    parts.append("</div>")
    return "".join(parts)


class ClaimExplorer:
    """Pick a stone and a player: the claim verdict with its proof or counterexample, and a diagram.

    ``stone`` (Dropdown), ``player`` (ToggleButtons), ``verdict`` (the last :class:`ClaimVerdict`),
    ``text`` and ``diagram`` (HTML widgets), ``widget`` (the layout).
    """

    def __init__(self, position: Position, stone: int = 1, player: Player | str = Player.SOUTH, lang: str | None = None) -> None:
        self.position = position
        self.lang = _lang(lang)
        self.stone = W.Dropdown(options=list(range(1, STONE_COUNT + 1)), value=stone, description=say("ex.stone", self.lang))
        self.player = W.ToggleButtons(options=_player_options(PLAYERS, self.lang), value=Player.parse(player),
                                      description=say("ex.claimant", self.lang))
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
        self.text.value = verdict_html(self.verdict, self.lang)
        self.diagram.value = self._svg(n, p)

    def _svg(self, n: int, p: Player) -> str:
        try:
            from ..core.svg import position_svg
        except ImportError:  # the diagram module is optional here
            return ""
        counter = None
        if self.verdict.counterexample:
            counter = (n, p.opponent, tuple(self.verdict.counterexample))
        return str(position_svg(self.position, highlight_stones=(n,), counterexample=counter, lang=self.lang))

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

    def __init__(self, position: Position, stone: int = 1, player: Player | str | None = None, lang: str | None = None) -> None:
        self.position = position
        self.lang = _lang(lang)
        known = [p for p in PLAYERS if position.hands[p] is not None]
        if not known:
            raise AnalysisError("the odds explorer needs a known hand: give the position a south or north hand")
        who = Player.parse(player) if player is not None else known[0]
        L = self.lang
        self.stone = W.Dropdown(options=list(range(1, STONE_COUNT + 1)), value=stone, description=say("ex.stone", L))
        self.player = W.ToggleButtons(options=_player_options(known, L), value=who, description=say("ex.player", L))
        self.draws = W.IntSlider(value=0, min=0, max=max(draws_left(position, who), 0), description=say("ex.draws", L))
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
        L = self.lang
        if self.position.stone(n).claimed is not None:
            self.rows = []
            self.table.value = f"<i>{html.escape(say('ex.claimed', L, stone=n))}</i>"
            return
        try:
            self.rows = reachable_rows(self.position, n, p, k)
        except SchottenError as exc:  # e.g. TooLargeError: shown in place of the table, never raised
            self.rows = []
            self.table.value = f"<i>{html.escape(say('ex.error', L, stone=n, player=p, error=str(exc)))}</i>"
            return
        lines = [
            f"<tr><td>{html.escape(r.label(L))}</td><td style='padding:0 8px'>{fraction_percent(prob, L, approx=True)}</td>"
            f"<td>{'' if ok else html.escape(say('ex.gone', L))}</td></tr>"
            for r, prob, ok in self.rows
        ]
        draws = Count(k, "ex.draws_one", "ex.draws_many")
        self.table.value = (
            f"<div>{html.escape(say('ex.head', L, stone=n, player=p, draws=draws))}</div>"
            f"<table class='sl-reachable'>{''.join(lines)}</table>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["EXPLORER_PHRASES", "ClaimExplorer", "OddsExplorer", "reachable_rows", "verdict_html"]
