"""Self-contained HTML: the analysis of a position as tables, and a whole offline report.

- :func:`analysis_html` — an HTML fragment (diagram + tables, no charts, no scripts) that notebooks'
  ``_repr_html_`` and widgets can reuse.
- :func:`write_report` — a complete page: the position's title and description, diagram, tables
  and the board charts. plotly.js is inlined once, gzip-compressed (about 1.9 MB instead of 4.8 MB)
  and unpacked by the browser (``DecompressionStream``), so the file opens offline and loads nothing
  from the network. ``schotten-lab report POSITION.json -o report.html`` calls it.
"""

from __future__ import annotations

import base64
import functools
import gzip
import html
import json
from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..analysis.board import game_over_words
from ..core.cards import Card
from ..core.files import check_output, write_text_atomic
from ..core.formations import RANKS_STRONGEST_FIRST
from ..core.rules import PLAYERS, SIDE_SIZE, Player
from ..core.svg import position_svg
from ..core.words import REPORT_LABELS, estimate, fraction, percent
from .diagram import first_refusal
from .palette import CARD_COLORS, CARD_TEXT_COLORS, NEUTRALS, PLAYER_COLORS, check_lang, player_label, rank_label

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from ..analysis.board import BoardAnalysis, StoneAnalysis
    from ..analysis.viewer import ViewerOutcome
    from ..core.position import Position


CSS = f"""
.schotten-report {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: {NEUTRALS['ink']};
  max-width: 1000px; margin: 0 auto; padding: 0 12px; }}
.schotten-report h1 {{ font-size: 1.5em; }} .schotten-report h2 {{ font-size: 1.2em; margin-top: 1.6em; }}
.schotten-report table {{ border-collapse: collapse; margin: .5em 0; font-size: .92em; }}
.schotten-report th, .schotten-report td {{ border: 1px solid {NEUTRALS['line']}; padding: 3px 7px;
  text-align: left; vertical-align: top; }}
.schotten-report th {{ background: #F5F5F5; }}
.schotten-report td.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
.schotten-report .card {{ display: inline-block; min-width: 2.1em; padding: 0 3px; margin: 1px;
  border-radius: 3px; font-weight: bold; text-align: center; border: 1px solid {NEUTRALS['ink']}; }}
.schotten-report .yes {{ font-weight: bold; }}
.schotten-report .diagram svg {{ max-width: 100%; height: auto; }}
.schotten-report code {{ font-size: .9em; }}
"""


def _w(lang: str) -> dict[str, str]:
    return REPORT_LABELS[check_lang(lang)]


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _prob(p: Fraction, lang: str) -> str:
    """A table cell: the percentage, with the exact fraction as its tooltip."""
    return f'<td class="num" title="{fraction(p)}">{_e(percent(p, lang))}</td>'


def _cards(cards: tuple[object, ...] | None, lang: str) -> str:
    """Cards as coloured chips; tactics pieces (elite troops) as dark chips with their name."""
    if not cards:
        return _w(lang)["empty"]
    chips = []
    for c in cards:
        if isinstance(c, Card):
            style = f"background:{CARD_COLORS[c.color]};color:{CARD_TEXT_COLORS[c.color]}"
        else:
            style = f"background:{NEUTRALS['ink']};color:{NEUTRALS['paper']}"
        chips.append(f'<span class="card" style="{style}">{_e(c)}</span>')
    return "".join(chips)


def _player(p: Player, lang: str) -> str:
    return _e(player_label(p, lang, capital=True))


def analysis_html(board_analysis: BoardAnalysis, *, lang: str = "en", diagram: bool = True) -> str:
    """An HTML fragment of a :class:`~schotten_lab.analysis.board.BoardAnalysis`: the diagram (claimable
    stones highlighted), the stones with their outcome odds, the claims with their explanations and
    counterexamples, and the formation odds. No scripts; safe to embed anywhere."""
    w = _w(lang)
    a = board_analysis
    pos = a.position
    viewer = Player.parse(a.viewer)
    claimable = [s.number for s in a.stones if s.claims and any(v.claimable for v in s.claims.values())]
    parts = [f'<div class="schotten-report schotten-analysis"><style>{CSS}</style>']
    parts.append(
        f"<p>{_e(w['seen_by'].format(viewer=player_label(viewer, lang), mover=player_label(pos.to_move, lang), deck=pos.deck))} "
        f"{_e(w['notation'])}: <code>{_e(pos.notation)}</code></p>"
    )
    if diagram:
        # show the viewer's most instructive refusal: the first counterexample against them
        refused = first_refusal(a, viewer)
        svg = position_svg(pos, highlight_stones=claimable, counterexample=refused, lang=lang, viewer=viewer)
        parts.append(f'<div class="diagram">{svg}</div>')
        if refused is not None:
            parts.append(f"<p>{_e(w['ghost'].format(stone=refused.stone))}</p>")
        parts.append(
            f"<p>{_e(w['highlight'].format(stones=', '.join(map(str, claimable))) if claimable else w['no_claim'])}</p>"
        )
    if pos.winner() is not None:  # the game is over: no odds
        parts.append(f"<p class='game-over'><b>{_e(game_over_words(pos, lang))}</b></p>")
        parts.append(_stones_table(a, lang))
    else:
        parts.append(_stones_table(a, lang))
        parts.append(_claims_table(a, lang))
        parts.append(_odds_table(a, lang))
        parts.append(_cards_summary(a, lang))
    parts.append(f"<p><small>{_e(w['fractions_mixed' if has_estimates(a) else 'fractions'])}</small></p></div>")
    return "\n".join(parts)


def has_estimates(board_analysis: BoardAnalysis) -> bool:
    """Whether any figure of the analysis's page is a Monte Carlo estimate (then no label says "exact"
    of the whole page: the estimates are marked ``≈ … ±`` and the notes say the others are exact)."""
    if board_analysis.position.winner() is not None:
        return False
    return any(s.outcome_viewer is not None and not s.outcome_viewer.exact for s in board_analysis.stones)


def _status(s: StoneAnalysis, lang: str) -> str:
    w = _w(lang)
    if s.claimed is not None:
        return _e(w["claimed_by"].format(who=player_label(s.claimed, lang)))
    who = [p for p in PLAYERS if s.claims and s.claims[p].claimable]
    if who:
        names = ", ".join(player_label(p, lang) for p in who)
        return f'<span class="yes">{_e(w["claimable_by"].format(who=names))}</span>'
    return _e(w["open"])


def _grouped(cells: list[tuple[int, str]]) -> list[str]:
    """Table rows ``(stone, cells)``: stones whose cells are identical (empty stones, mostly) share
    one row that lists their numbers (``3, 5, 6``)."""
    groups: dict[str, list[int]] = {}
    for number, row in cells:
        groups.setdefault(row, []).append(number)
    return [
        f"<tr data-stone='{' '.join(map(str, numbers))}'><td class='num'>{', '.join(map(str, numbers))}</td>"
        f"{row}</tr>"
        for row, numbers in groups.items()
    ]


def _viewer_cells(o: ViewerOutcome | None, lang: str, undecided: bool) -> str:
    """The viewer's outcome cells: exact fractions, or an estimate with its standard error."""
    keys = ("south", "tie", "north", *(("undecided",) if undecided else ()))
    if o is None:
        return "<td></td>" * len(keys)
    if o.exact:
        return "".join(_prob(getattr(o, k), lang) for k in keys)
    return "".join(f'<td class="num" title="{_e(_w(lang)["estimate"].format(n=o.samples))}">'
                   f"≈{_e(estimate(float(getattr(o, k)), o.stderr.get(k, 0.0), lang))}</td>" for k in keys)


def _stones_table(a: BoardAnalysis, lang: str) -> str:
    """Stones, cards, status and who wins: seen by the viewer (counting their hand) first when the
    viewer's hand is known, then from the public pool; nothing but the status once the game is over."""
    w = _w(lang)
    over = a.position.winner() is not None
    seat = not over and any(s.outcome_viewer is not None for s in a.stones)
    undecided = seat and any(s.outcome_viewer is not None and s.outcome_viewer.undecided for s in a.stones)
    probs = "" if over else f"<th>{_e(w['p_south'])}</th><th>{_e(w['p_tie'])}</th><th>{_e(w['p_north'])}</th>"
    group = ""
    if seat:
        viewer = player_label(a.viewer, lang)
        extra = f"<th>{_e(w['p_undecided'])}</th>" if undecided else ""
        group = (f"<tr><th colspan='4'></th><th colspan='{4 if undecided else 3}'>{_e(w['viewer_head'].format(viewer=viewer))}</th>"
                 f"<th colspan='3'>{_e(w['public_head'])}</th></tr>")
        probs = probs + extra + probs
    rows = [
        f"<h2>{_e(w['stones'])}</h2><table class='stones'><thead>{group}<tr><th>{_e(w['stone'])}</th>"
        f"<th>{_e(w['south'])}</th><th>{_e(w['north'])}</th><th>{_e(w['status'])}</th>{probs}</tr></thead><tbody>"
    ]
    cells = []
    for s in a.stones:
        stone = a.position.stone(s.number)
        odds = ""
        if not over:
            odds = (
                _prob(s.outcome.south, lang) + _prob(s.outcome.tie, lang) + _prob(s.outcome.north, lang)
                if s.outcome is not None
                else "<td></td><td></td><td></td>"
            )
        if seat:
            odds = _viewer_cells(s.outcome_viewer, lang, undecided) + odds
        cells.append(
            (s.number, f"<td>{_cards(stone.south, lang)}</td><td>{_cards(stone.north, lang)}</td>"
                       f"<td>{_status(s, lang)}</td>{odds}")
        )
    rows += _grouped(cells)
    rows.append("</tbody></table>")
    return "".join(rows)


def _claims_table(a: BoardAnalysis, lang: str) -> str:
    w = _w(lang)
    rows = [
        f"<h2>{_e(w['claims'])}</h2><table class='claims'><thead><tr><th>{_e(w['stone'])}</th>"
        f"<th>{_e(w['player'])}</th><th>{_e(w['verdict'])}</th><th>{_e(w['why'])}</th>"
        f"<th>{_e(w['counter'])}</th></tr></thead><tbody>"
    ]
    skipped = 0
    for s in a.stones:
        if s.claims is None:
            continue
        for p in PLAYERS:
            v = s.claims[p]
            if not v.claimable and v.own is None and not _complete(a.position.stone(s.number), p):
                skipped += 1
                continue
            verdict = f'<span class="yes">{_e(w["can"])}</span>' if v.claimable else _e(w["cannot"])
            rows.append(
                f"<tr data-stone='{s.number}' data-player='{p.value}'><td class='num'>{s.number}</td>"
                f"<td>{_player(p, lang)}</td><td>{verdict}</td><td>{_e(v.explain(lang))}</td>"
                f"<td>{_cards(v.counterexample, lang) if v.counterexample else ''}</td></tr>"
            )
    rows.append("</tbody></table>")
    if skipped:
        rows.append(f"<p>{_e(w['incomplete'].format(n=skipped))}</p>")
    return "".join(rows)


def _complete(stone: object, player: Player) -> bool:
    check = getattr(stone, "is_complete", None)
    if callable(check):
        return bool(check(player))
    return len(stone.side(player)) >= SIDE_SIZE  # type: ignore[attr-defined]


def _odds_table(a: BoardAnalysis, lang: str) -> str:
    w = _w(lang)
    head = "".join(f"<th>{_e(rank_label(r, lang))}</th>" for r in RANKS_STRONGEST_FIRST)
    rows = [
        f"<h2>{_e(w['odds'])}</h2><table class='odds'><thead><tr><th>{_e(w['stone'])}</th>"
        f"<th>{_e(w['side'])}</th>{head}</tr></thead><tbody>"
    ]
    groups: dict[tuple[str, ...], list[int]] = {}
    for s in a.stones:
        if s.odds is not None:
            key = tuple("".join(_prob(s.odds[p].ranks[r], lang) for r in RANKS_STRONGEST_FIRST) for p in PLAYERS)
            groups.setdefault(key, []).append(s.number)
    for key, numbers in groups.items():  # stones with the same odds (empty ones, mostly) share their rows
        for p, cells in zip(PLAYERS, key):
            rows.append(
                f"<tr data-stone='{' '.join(map(str, numbers))}' data-player='{p.value}'>"
                f"<td class='num'>{', '.join(map(str, numbers))}</td>"
                f"<td style='color:{PLAYER_COLORS[p]}'>{_player(p, lang)}</td>{cells}</tr>"
            )
    rows.append("</tbody></table>")
    return "".join(rows)


def _cards_summary(a: BoardAnalysis, lang: str) -> str:
    w = _w(lang)
    viewer = Player.parse(a.viewer)
    unseen = [c for c in a.cards if c.where == "unseen"]
    if not unseen:
        return ""
    first = unseen[0]
    text = w["unseen"].format(
        n=len(unseen),
        viewer=player_label(viewer, lang),
        opponent=player_label(viewer.opponent, lang),
        p=fraction(first.p_opponent_hand),
        q=fraction(first.p_deck),
    )
    return f"<h2>{_e(w['cards'])}</h2><p>{_e(text)}</p>"


def report_html(
    position: Position,
    viewer: Player | str | None = None,
    lang: str = "en",
    *,
    title: str | None = None,
    description: str | None = None,
) -> str:
    """The complete offline report page as a string (see :func:`write_report`)."""
    from ..analysis.board import analyze
    from .charts import board_charts

    w = _w(lang)
    a = analyze(position, viewer)
    figures = {} if position.winner() is not None else board_charts(a, lang=lang, seat=True)
    charts_head = f"<h2>{_e(w['charts'])}</h2>" if figures else ""
    heading = title.strip() if title and title.strip() else w["title"]
    about = "".join(f"<p class='description'>{_e(' '.join(part.split()))}</p>"
                    for part in (description or "").split("\n\n") if part.strip())
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(heading)}</title></head><body>"
        f'<div class="schotten-report"><h1>{_e(heading)}</h1>{about}</div>'
        f"{analysis_html(a, lang=lang)}"
        f'<div class="schotten-report">{charts_head}{_figures_html(figures, lang)}'
        f"<p><small>{_e(w['footer_mixed' if has_estimates(a) else 'footer'].format(day=date.today().isoformat()))}</small></p></div>"
        "</body></html>\n"
    )


@functools.lru_cache(maxsize=1)
def plotly_js_gzip_base64() -> str:
    """The plotly.js bundle that ships with plotly, gzip-compressed (deterministically) and base64-encoded."""
    from plotly.offline import get_plotlyjs

    return base64.b64encode(gzip.compress(get_plotlyjs().encode("utf-8"), 9, mtime=0)).decode("ascii")


_LOADER = """<script>
window.PlotlyConfig = {MathJaxConfig: 'local'};
(function () {
  var note = document.getElementById('schotten-charts-note');
  if (!window.DecompressionStream) { note.style.display = 'block'; return; }
  var packed = document.getElementById('schotten-plotly-gz').textContent;
  var bytes = Uint8Array.from(atob(packed), function (c) { return c.charCodeAt(0); });
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  new Response(stream).text().then(function (code) {
    var script = document.createElement('script');
    script.textContent = code;
    document.head.appendChild(script);
    document.querySelectorAll('script.schotten-figure').forEach(function (spec) {
      var fig = JSON.parse(spec.textContent);
      Plotly.newPlot(fig.div, fig.data, fig.layout, fig.config);
    });
  }).catch(function () { note.style.display = 'block'; });
})();
</script>"""


def _figures_html(figures: Mapping[str, go.Figure], lang: str = "en") -> str:
    """The figures as divs with their data as JSON, and plotly.js once, gzip-compressed, unpacked
    in the browser: no network, deterministic div ids. No figures: nothing, not even plotly.js."""
    if not figures:
        return ""
    config = {"displaylogo": False, "responsive": True}
    out = [f"<p id='schotten-charts-note' style='display:none'>{_e(_w(lang)['old_browser'])}</p>"]
    for name, fig in figures.items():
        spec = json.loads(fig.to_json())
        payload = json.dumps({"div": f"schotten-chart-{name}", "data": spec.get("data", []),
                              "layout": spec.get("layout", {}), "config": config}, separators=(",", ":"))
        payload = payload.replace("</", "<\\/")  # no "</script>" inside the script element
        out.append(f'<div id="schotten-chart-{name}" class="schotten-chart"></div>'
                   f'<script type="application/json" class="schotten-figure">{payload}</script>')
    out.append(f'<script id="schotten-plotly-gz" type="application/octet-stream">{plotly_js_gzip_base64()}</script>')
    out.append(_LOADER)
    return "\n".join(out)


REPORT_FORMATS = ("html", "htm")
"""The extensions :func:`write_report` accepts (anything else is refused: the report is HTML)."""


def write_report(
    position: Position,
    path: str | Path,
    viewer: Player | str | None = None,
    lang: str = "en",
    *,
    title: str | None = None,
    description: str | None = None,
) -> Path:
    """Write a self-contained HTML report of ``position`` to ``path``: the title and description (a
    curated position's, say; escaped), the diagram, the analysis as tables (claims with their
    explanations, odds, outcomes; identical rows of empty stones merged) and the charts, plotly.js
    inlined so the file works offline. ``viewer`` defaults to the player to move. Returns the path.

    The write is atomic (a failure leaves any previous file as it was); a path that is not ``.html``
    (or ``.htm``), a symbolic link or a folder is refused with :class:`~schotten_lab.core.errors.OutputError`."""
    path = check_output(path, REPORT_FORMATS)
    return write_text_atomic(path, report_html(position, viewer, lang, title=title, description=description))


__all__ = ["analysis_html", "has_estimates", "report_html", "write_report"]
