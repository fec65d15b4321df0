"""The game review as one self-contained, offline HTML page (no plotly, no script from the network).

:func:`review_html` draws a :class:`~schotten_lab.play.review.GameReview`: the summary per player,
the win-probability chart over the game (inline SVG; hover or click a turn to see its board), the
selected turn's board and figures, the move list, and the board at the key moments (the largest
labelled losses, drawn as inline SVG: they show without JavaScript). The per-turn boards are inline
SVG too, gzip-compressed in the page (a 40-turn game's 500 kB of SVG packs to about 10 kB) and
unpacked by the browser's ``DecompressionStream``; about fifteen lines of inline script toggle them.

:func:`write_review` writes the page atomically (:func:`~schotten_lab.core.files.write_text_atomic`).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from collections.abc import Mapping
from pathlib import Path

from ..core.files import check_output, write_text_atomic
from ..core.position import Position
from ..core.rules import Player
from ..core.svg import position_svg
from ..core.words import chance
from ..game import new_game, replay, replay_states
from ..play.review import MAX_DEALS_FACTOR, SIGNIFICANCE, THRESHOLDS, UNCLEAR, GameReview, TurnReview
from .palette import PLAYER_COLORS

REVIEW_FORMATS = ("html", "htm")
LABEL_COLORS = {"inaccuracy": "#F9A825", "mistake": "#EF6C00", "blunder": "#C62828", UNCLEAR: "#9E9E9E"}
POINT_COLORS = {Player.SOUTH: PLAYER_COLORS[Player.SOUTH], Player.NORTH: "#757575"}
"""Unlabelled points by mover (north grey, not red: red marks a blunder)."""
LABEL_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

CHART_W, CHART_H = 860, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 34


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def chart_seat(review: GameReview, seat: Player | None = None) -> Player:
    """Whose chance the chart draws, throughout: ``seat`` if given (the reviewed player), else the
    reviewed seat of a one-seat record, else south."""
    return seat or review.seat or Player.SOUTH


def seat_name(review: GameReview, player: Player) -> str:
    """A player of the record by seat and name: ``"south (alice)"``; a name that already says the seat
    (``"you (south)"``) alone, not ``"south (you (south))"``."""
    name = str(review.record.players.get(player.value) or "?")
    return name if player.value in name.lower() else f"{player.value} ({name})"


def chart_points(review: GameReview, seat: Player | None = None) -> list[tuple[int, float | None, float | None]]:
    """``(turn, chance, standard error)`` of :func:`chart_seat`'s player before each turn, as the mover
    saw it (the other player's estimate turned round: ``1 - p``); ``None`` for turns not reviewed."""
    seat = chart_seat(review, seat)
    out: list[tuple[int, float | None, float | None]] = []
    for t in review.turns:
        if t.before is None:
            out.append((t.turn, None, None))
        else:
            out.append((t.turn, t.before if t.player is seat else 1.0 - t.before, t.before_stderr))
    return out


def chart_svg(review: GameReview, current: int | None = None, seat: Player | None = None) -> str:
    """The win-probability chart as inline SVG, from one seat throughout (:func:`chart_seat`): one
    point per turn coloured by label, its 95% interval drawn as a shaded band along the line and an
    error bar (±1.96 standard errors; none for an exact value), the ``current`` turn marked by a
    vertical cursor (the page script moves it)."""
    seat = chart_seat(review, seat)
    points = chart_points(review, seat)
    n = max(len(points), 1)
    width = CHART_W - LEFT - RIGHT
    height = CHART_H - TOP - BOTTOM

    def x(turn: float) -> float:
        return LEFT + width * (turn - 0.5) / n

    def y(p: float) -> float:
        return TOP + height * (1.0 - min(max(p, 0.0), 1.0))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="review-chart" width="{CHART_W}" height="{CHART_H}" '
        f'viewBox="0 0 {CHART_W} {CHART_H}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="11" '
        f'role="img" aria-label="{_e(seat.value)}\'s chance to win before each turn">'
    ]
    for level in (0.0, 0.25, 0.5, 0.75, 1.0):
        stroke = "#9E9E9E" if level == 0.5 else "#E6E6E6"
        parts.append(f'<line x1="{LEFT}" x2="{CHART_W - RIGHT}" y1="{y(level):.1f}" y2="{y(level):.1f}" stroke="{stroke}"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(level) + 4:.1f}" text-anchor="end" fill="#616161">{int(100 * level)}%</text>')
    step = max(1, n // 12)
    for turn in range(1, n + 1, step):
        parts.append(f'<text x="{x(turn):.1f}" y="{CHART_H - BOTTOM + 16}" text-anchor="middle" fill="#616161">{turn}</text>')
    parts.append(f'<text x="{LEFT + width / 2:.0f}" y="{CHART_H - 4}" text-anchor="middle" fill="#616161">turn</text>')
    at, shown = (x(current), "visible") if current is not None and 1 <= current <= n else (0.0, "hidden")
    parts.append(
        f'<line id="review-cursor" x1="{at:.1f}" x2="{at:.1f}" y1="{TOP}" y2="{TOP + height}" stroke="#212121" '
        f'stroke-dasharray="3 3" visibility="{shown}"/>'
    )
    line = [f"{x(turn):.1f},{y(p):.1f}" for turn, p, _ in points if p is not None]
    known = [(turn, p, se or 0.0) for turn, p, se in points if p is not None]
    if len(known) > 1:  # the 95% band: up along the upper bounds, back along the lower ones
        upper = [f"{x(turn):.1f},{y(p + SIGNIFICANCE * se):.1f}" for turn, p, se in known]
        lower = [f"{x(turn):.1f},{y(p - SIGNIFICANCE * se):.1f}" for turn, p, se in reversed(known)]
        parts.append(
            f'<polygon class="band" points="{" ".join(upper + lower)}" fill="{PLAYER_COLORS[seat]}" fill-opacity="0.15" stroke="none">'
            "<title>95% interval of each estimate</title></polygon>"
        )
    if len(line) > 1:
        parts.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="{PLAYER_COLORS[seat]}" stroke-width="1.5"/>')
    for (turn, p, se), t in zip(points, review.turns):
        if p is None:
            continue
        color = LABEL_COLORS.get(t.label or "", POINT_COLORS[t.player])
        tip = f"turn {turn}, {t.player.value}: {t.played}; {seat.value} {chance(p, se)}" + (f" — {t.label}" if t.label else "")
        bar = ""
        if se:
            bar = (
                f'<line x1="{x(turn):.1f}" x2="{x(turn):.1f}" y1="{y(p - SIGNIFICANCE * se):.1f}" '
                f'y2="{y(p + SIGNIFICANCE * se):.1f}" stroke="{color}" stroke-opacity="0.5"/>'
            )
        marked = t.label in LABEL_MARKS
        radius = 5 if marked else 3.5
        stroke = ' stroke="#212121"' if marked else ""
        parts.append(
            f'<g class="pt" data-turn="{turn}" data-x="{x(turn):.1f}" style="cursor:pointer"><title>{_e(tip)}</title>{bar}'
            f'<circle cx="{x(turn):.1f}" cy="{y(p):.1f}" r="{radius}" fill="{color}"{stroke}/>'
            f'<rect x="{x(turn) - width / n / 2:.1f}" y="{TOP}" width="{width / n:.1f}" height="{height}" fill="transparent"/></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def turn_detail_html(t: TurnReview) -> str:
    """The selected turn's figures as an HTML fragment."""
    head = f"<b>Turn {t.turn}</b>, {_e(t.player.value)} played <b>{_e(t.played)}</b>"
    if not t.reviewed:
        return head + " (the hidden seat of a one-seat record: not reviewed)."
    kind = "exact (solved endgame)" if t.exact else "estimate ± standard error"
    text = (
        f"{head}. {_e(t.player.value.capitalize())}'s chance to win, seen from {_e(t.player.value)}'s seat ({kind}): "
        f"{chance(t.before, t.before_stderr)} with the advisor's best move, {chance(t.after)} after the move played "
        f"(loss {chance(t.loss, t.loss_stderr)})."
    )
    if t.label:
        text += f' <span class="lbl {t.label}">{_e(t.label)}</span>'
    interval = t.interval()
    if t.label == UNCLEAR and interval is not None:
        text += f" (the loss's 95% interval: {100 * interval[0]:.1f} to {100 * interval[1]:.1f} points, on {t.deals} deals)"
    outcome = t.outcome_words()
    if outcome:
        text += f"<br>Exact endgame: {_e(outcome)}."
    if t.as_good:
        text += f"<br>Measured at least as good as the advisor's <b>{_e(t.best)}</b> on the same {t.deals} deals: a best move."
    elif not t.best_played:
        text += f"<br>The advisor would have played <b>{_e(t.best)}</b>" + (f": {_e(t.best_reason)}." if t.best_reason else ".")
    elif t.moves == 1:
        text += "<br>The only legal move."
    else:
        text += "<br>The advisor's choice too" + (f": {_e(t.best_reason)}." if t.best_reason else ".")
    return text


def _boards(review: GameReview) -> list[str]:
    """The board before the first turn and after each turn (both hands shown in a full record; the
    reviewed seat's view in a one-seat record)."""
    seat = review.seat
    out = []
    for k, position in enumerate(replay(review.record, include_start=True)):
        caption = "start of the game" if k == 0 else f"after turn {k}: {review.turns[k - 1].player.value} played {review.turns[k - 1].played}"
        stones = _played_stone(review, k)
        out.append(str(position_svg(position, viewer=seat, highlight_stones=stones, caption=caption)))
    return out


def _played_stone(review: GameReview, k: int) -> tuple[int, ...]:
    """The stone turn ``k`` placed on (none for the start or a pass)."""
    play = review.record.turns[k - 1].get("play") if k else None
    return (int(play["stone"]),) if isinstance(play, Mapping) and "stone" in play else ()


def _played_card(review: GameReview, k: int) -> list[str]:
    play = review.record.turns[k - 1].get("play")
    return [str(play["card"])] if isinstance(play, Mapping) and "card" in play else []


def _before_positions(review: GameReview, turns: set[int]) -> dict[int, Position]:
    """The position before each of ``turns`` as its mover saw it."""
    rec = review.record
    states = [new_game(rec.variant, rec.expert, deal=rec.deal, first=rec.first), *replay_states(rec)]
    return {k: states[k - 1].observation(states[k - 1].to_move).as_position() for k in turns}


def _key_moments(review: GameReview) -> str:
    moments = review.key_moments(3)
    if not moments:
        return "<p>No turn lost enough to earn a label.</p>"
    before = _before_positions(review, {t.turn for t in moments})
    out = []
    for t in moments:
        caption = f"turn {t.turn}, {t.player.value} to move (seen from that seat): played {t.played}; the advisor: {t.best}"
        svg = position_svg(before[t.turn], viewer=t.player, highlight_cards=_played_card(review, t.turn), caption=caption)
        out.append(f'<figure class="moment"><figcaption>{turn_detail_html(t)}</figcaption>{svg}</figure>')
    return "".join(out)


def _summary(review: GameReview) -> str:
    rows = []
    for player, s in review.summaries.items():
        counts = "".join(f"<td>{s.counts.get(label, 0)}</td>" for label in ("inaccuracy", "mistake", "blunder", UNCLEAR))
        loss = "—" if s.average_loss is None else chance(s.average_loss, s.average_loss_stderr).replace("%", "")
        rows.append(f"<tr><td>{_e(seat_name(review, player))}</td><td>{s.turns}</td><td>{s.best_moves}</td>{counts}<td>{loss}</td></tr>")
    return (
        "<table><tr><th>player</th><th>turns reviewed</th><th>best moves</th><th>inaccuracies</th>"
        "<th>mistakes</th><th>blunders</th><th>unclear</th><th>average loss (points of %)</th></tr>" + "".join(rows) + "</table>"
    )


def _moves(review: GameReview) -> str:
    rows = []
    for t in review.turns:
        label = f'<span class="lbl {t.label}">{_e(t.label)} {LABEL_MARKS.get(t.label, "")}</span>' if t.label else ""
        best = "" if not t.reviewed or t.best_played else _e(t.best)
        rows.append(
            f'<tr class="mv" data-turn="{t.turn}"><td>{t.turn}</td><td>{_e(t.player.value)}</td><td>{_e(t.played)}</td>'
            f"<td>{chance(t.before, t.before_stderr)}</td><td>{chance(t.after)}</td><td>{chance(t.loss, t.loss_stderr)}</td>"
            f"<td>{label}</td><td>{best}</td></tr>"
        )
    return (
        '<table id="review-moves"><tr><th>turn</th><th>player</th><th>played</th><th>chance before (best move)</th>'
        "<th>after</th><th>loss</th><th>label</th><th>the advisor's move</th></tr>" + "".join(rows) + "</table>"
    )


_SCRIPT = """<script>
(function () {
  var data = JSON.parse(document.getElementById('review-data').textContent), boards = null, current = 0;
  var board = document.getElementById('review-board'), detail = document.getElementById('review-detail');
  function show(k) {
    current = Math.max(0, Math.min(k, data.details.length - 1));
    detail.innerHTML = data.details[current];
    if (boards) board.innerHTML = boards[current];
    var pt = document.querySelector('.pt[data-turn="' + current + '"]'), cur = document.getElementById('review-cursor');
    if (pt) { cur.setAttribute('x1', pt.dataset.x); cur.setAttribute('x2', pt.dataset.x); cur.setAttribute('visibility', 'visible'); }
    else cur.setAttribute('visibility', 'hidden');
    document.querySelectorAll('tr.mv').forEach(function (r) { r.classList.toggle('sel', r.dataset.turn == current); });
  }
  document.querySelectorAll('.pt, tr.mv').forEach(function (el) {
    el.addEventListener('click', function () { show(+el.dataset.turn); });
    if (el.classList.contains('pt')) el.addEventListener('mouseenter', function () { show(+el.dataset.turn); });
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.key === 'ArrowRight') show(current + 1); else if (ev.key === 'ArrowLeft') show(current - 1);
  });
  if (!window.DecompressionStream) { board.textContent = 'This browser cannot unpack the boards (it lacks DecompressionStream); the key moments below are drawn.'; show(0); return; }
  var bytes = Uint8Array.from(atob(document.getElementById('review-boards').textContent), function (c) { return c.charCodeAt(0); });
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
    .then(function (text) { boards = JSON.parse(text); show(current); });
  show(0);
})();
</script>"""

_STYLE = """<style>
body{font-family:DejaVu Sans,Verdana,Arial,sans-serif;color:#212121;max-width:900px;margin:1em auto;padding:0 8px}
table{border-collapse:collapse;font-size:13px;margin:.5em 0}td,th{border-bottom:1px solid #E0E0E0;padding:2px 6px;text-align:left}
tr.mv{cursor:pointer}tr.mv:hover{background:#F5F5F5}tr.sel{background:#E3F2FD}
.lbl{padding:0 4px;border-radius:3px;color:#fff}.inaccuracy{background:#F9A825}.mistake{background:#EF6C00}.blunder{background:#C62828}.unclear{background:#9E9E9E}
#review-detail{min-height:3em;margin:.5em 0}figure.moment{margin:1em 0}svg{max-width:100%;height:auto}
</style>"""


def review_html(review: GameReview, *, title: str | None = None, seat: Player | None = None) -> str:
    """The complete review page (see the module docstring) as a string; the chart from ``seat``'s
    side throughout (default: the reviewed seat of a one-seat record, else south)."""
    rec = review.record
    players = f"{seat_name(review, Player.SOUTH)} vs {seat_name(review, Player.NORTH)}"
    heading = title or f"Game review: {players}"
    result = (
        f"{rec.winner.value} won ({rec.reason})" if rec.winner else ("blocked" if rec.reason == "blocked" else "unfinished")
    )
    seat = chart_seat(review, seat)
    seat_note = (
        f"<p><b>A record seen from {review.seat.value}'s seat:</b> only {review.seat.value}'s turns are reviewed "
        "(the other hand is unknown).</p>"
        if review.seat
        else ""
    )
    thresholds = ", ".join(f"{name} from {100 * value:.0f}" for name, value in reversed(THRESHOLDS))
    method = (
        f"<p>Each turn is judged from the mover's seat: the position as that player saw it (their own hand; "
        f"the opponent's hand and the deck order unknown). The advisor ranks the moves with {review.iterations} "
        f"rollouts (seed {review.seed}); the best and the played move are then scored on the same "
        f"{max(review.iterations, 2)} fresh random deals (common random numbers), and on twice as many again while "
        f"a label threshold lies inside the loss's 95% interval, up to {MAX_DEALS_FACTOR * review.iterations} deals. "
        f"Chances are Monte Carlo estimates ± one standard error, except in a solved endgame (exact). A loss is "
        f"labelled by points of win probability ({thresholds}), an estimated one only when its whole 95% interval "
        f"(±{SIGNIFICANCE:g} standard errors) lies above the threshold; a loss estimated above the smallest threshold "
        f"whose interval does not is <i>unclear</i>. A played move that measures at least as well as the advisor's "
        f"on the same deals is a best move (its loss 0, never negative). Claims are not judged. "
        f"The estimates are the advisor's heuristic rollouts' win rates, not perfect play.</p>"
    )
    chart_note = (
        f"<p>{_e(seat.value.capitalize())}'s chance to win before each turn, as the mover saw it "
        f"(at {_e(seat.opponent.value)}'s turns: one minus {_e(seat.opponent.value)}'s estimate). "
        "The shaded band is each estimate's 95% interval. "
        "Hover or click a point, click a move, or use the arrow keys to see that turn's board.</p>"
    )
    details = ["<b>Start of the game.</b>"] + [turn_detail_html(t) for t in review.turns]
    data = json.dumps({"details": details}, separators=(",", ":")).replace("</", "<\\/")
    packed = base64.b64encode(gzip.compress(json.dumps(_boards(review)).encode("utf-8"), 9, mtime=0)).decode("ascii")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(heading)}</title>{_STYLE}</head><body>"
        f"<h1>{_e(heading)}</h1><p>Result: {_e(result)}; {len(rec.turns)} turns.</p>{seat_note}"
        f"<h2>Summary</h2>{_summary(review)}"
        f"<h2>Win probability</h2>{chart_note}{chart_svg(review, seat=seat)}"
        f'<div id="review-detail"></div><div id="review-board"></div>'
        f"<h2>Moves</h2>{_moves(review)}"
        f"<h2>Key moments</h2>{_key_moments(review)}"
        f"<h2>How it was computed</h2>{method}"
        f'<script type="application/json" id="review-data">{data}</script>'
        f'<script type="application/octet-stream" id="review-boards">{packed}</script>'
        f"{_SCRIPT}</body></html>\n"
    )


def write_review(
    review: GameReview, path: str | Path, *, inputs: tuple[str | Path, ...] = (), title: str | None = None, seat: Player | None = None
) -> Path:
    """Write :func:`review_html` to ``path`` (``.html``/``.htm``) atomically; a path that is one of
    ``inputs``, a symbolic link or a folder is refused with :class:`~schotten_lab.core.errors.OutputError`."""
    target = check_output(path, REVIEW_FORMATS, inputs)
    return write_text_atomic(target, review_html(review, title=title, seat=seat))


__all__ = ["chart_points", "chart_seat", "chart_svg", "review_html", "seat_name", "turn_detail_html", "write_review"]
