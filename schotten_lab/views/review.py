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
from ..core.words import chance, check_lang, number, player as player_name, register, say
from ..game import new_game, replay, replay_states
from ..play.review import MAX_DEALS_FACTOR, SIGNIFICANCE, THRESHOLDS, UNCLEAR, GameReview, TurnReview, points
from .palette import PLAYER_COLORS

REVIEW_FORMATS = ("html", "htm")
LABEL_COLORS = {"inaccuracy": "#F9A825", "mistake": "#EF6C00", "blunder": "#C62828", UNCLEAR: "#9E9E9E"}
POINT_COLORS = {Player.SOUTH: PLAYER_COLORS[Player.SOUTH], Player.NORTH: "#757575"}
"""Unlabelled points by mover (north grey, not red: red marks a blunder)."""
LABEL_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

REVIEW_PAGE_PHRASES = register({
    "rv.chart_label": {"en": "{player}'s chance to win before each turn", "fr": "chances de victoire de {player} avant chaque tour"},
    "rv.turn_axis": {"en": "turn", "fr": "tour"},
    "rv.band": {"en": "95% interval of each estimate", "fr": "intervalle à 95 % de chaque estimation"},
    "rv.tip": {"en": "turn {turn}, {mover}: {played}; {seat} {chance}", "fr": "tour {turn}, {mover} : {played} ; {seat} {chance}"},
    "rv.head": {"en": "<b>Turn {turn}</b>, {player} played <b>{played}</b>", "fr": "<b>Tour {turn}</b>, {player} a joué <b>{played}</b>"},
    "rv.hidden": {"en": " (the hidden seat of a one-seat record: not reviewed).", "fr": " (le siège caché d'une partie vue d'un seul siège : coup non examiné)."},
    "rv.kind_exact": {"en": "exact (solved endgame)", "fr": "exactes (fin de partie résolue)"},
    "rv.kind_estimate": {"en": "estimate ± standard error", "fr": "estimations ± une erreur type"},
    "rv.chances": {
        "en": "{head}. {mover}'s chance to win, seen from {player}'s seat ({kind}): {before} with the advisor's best move, {after} after the move played (loss {loss}).",
        "fr": "{head}. Chances de victoire de {mover}, vues du siège de {player} ({kind}) : {before} avec le meilleur coup du conseiller, {after} après le coup joué (perte {loss}).",
    },
    "rv.interval": {"en": " (the loss's 95% interval: {low} to {high} points, on {deals} deals)",
                    "fr": " (intervalle à 95 % de la perte : de {low} à {high} points, sur {deals} donnes)"},
    "rv.exact_end": {"en": "<br>Exact endgame: {outcome}.", "fr": "<br>Fin de partie exacte : {outcome}."},
    "rv.as_good": {"en": "<br>Measured at least as good as the advisor's <b>{best}</b> on the same {deals} deals: a best move.",
                   "fr": "<br>Mesuré au moins aussi bon que le coup du conseiller, <b>{best}</b>, sur les mêmes {deals} donnes : un meilleur coup."},
    "rv.would": {"en": "<br>The advisor would have played <b>{best}</b>{reason}.", "fr": "<br>Le conseiller aurait joué <b>{best}</b>{reason}."},
    "rv.only": {"en": "<br>The only legal move.", "fr": "<br>Le seul coup permis."},
    "rv.choice_too": {"en": "<br>The advisor's choice too{reason}.", "fr": "<br>C'est aussi le choix du conseiller{reason}."},
    "rv.reason": {"en": ": {reason}", "fr": " : {reason}"},
    "rv.start": {"en": "start of the game", "fr": "début de la partie"},
    "rv.start_b": {"en": "<b>Start of the game.</b>", "fr": "<b>Début de la partie.</b>"},
    "rv.after_turn": {"en": "after turn {turn}: {player} played {played}", "fr": "après le tour {turn} : {player} a joué {played}"},
    "rv.no_label": {"en": "No turn lost enough to earn a label.", "fr": "Aucun coup n'a perdu assez pour mériter une étiquette."},
    "rv.moment": {"en": "turn {turn}, {player} to move (seen from that seat): played {played}; the advisor: {best}",
                  "fr": "tour {turn}, {player} joue (vu de son siège) : coup joué {played} ; le conseiller : {best}"},
    "rv.summary_head": {"en": "player|turns reviewed|best moves|inaccuracies|mistakes|blunders|unclear|average loss (points of %)",
                        "fr": "joueur|coups examinés|meilleurs coups|imprécisions|erreurs|gaffes|incertains|perte moyenne (points de %)"},
    "rv.moves_head": {"en": "turn|player|played|chance before (best move)|after|loss|label|the advisor's move",
                      "fr": "tour|joueur|coup joué|chances avant (meilleur coup)|après|perte|étiquette|le coup du conseiller"},
    "rv.title": {"en": "Game review: {players}", "fr": "Revue de partie : {players}"},
    "rv.vs": {"en": "{south} vs {north}", "fr": "{south} contre {north}"},
    "rv.won": {"en": "{winner} won ({reason})", "fr": "{winner} a gagné ({reason})"},
    "rv.blocked": {"en": "blocked", "fr": "bloquée"},
    "rv.unfinished": {"en": "unfinished", "fr": "inachevée"},
    "rv.reason_five": {"en": "five", "fr": "cinq bornes"},
    "rv.reason_adjacent": {"en": "adjacent", "fr": "trois bornes côte à côte"},
    "rv.result": {"en": "Result: {result}; {count} turns.", "fr": "Résultat : {result} ; {count} tours."},
    "rv.one_seat": {"en": "<b>A record seen from {player}'s seat:</b> only {player}'s turns are reviewed (the other hand is unknown).",
                    "fr": "<b>Une partie vue du siège de {player}</b> : seuls les coups de {player} sont examinés (l'autre main est inconnue)."},
    "rv.threshold": {"en": "{name} from {value}", "fr": "{name} à partir de {value}"},
    "rv.method": {
        "en": "Each turn is judged from the mover's seat: the position as that player saw it (their own hand; the opponent's hand and the deck order unknown). The advisor ranks the moves with {iterations} rollouts (seed {seed}); the best and the played move are then scored on the same {deals} fresh random deals (common random numbers), and on twice as many again while a label threshold lies inside the loss's 95% interval, up to {most} deals. Chances are Monte Carlo estimates ± one standard error, except in a solved endgame (exact). A loss is labelled by points of win probability ({thresholds}), an estimated one only when its whole 95% interval (±{sigma} standard errors) lies above the threshold; a loss estimated above the smallest threshold whose interval does not is <i>unclear</i>. A played move that measures at least as well as the advisor's on the same deals is a best move (its loss 0, never negative). Claims are not judged. The estimates are the advisor's heuristic rollouts' win rates, not perfect play.",
        "fr": "Chaque coup est jugé du siège de celui qui le joue : la position telle que ce joueur la voyait (sa propre main ; la main adverse et l'ordre de la pioche inconnus). Le conseiller classe les coups avec {iterations} parties simulées (graine {seed}) ; le meilleur coup et le coup joué sont ensuite évalués sur les mêmes {deals} donnes tirées au hasard (les mêmes pour les deux), puis sur deux fois plus tant qu'un seuil d'étiquette tombe dans l'intervalle à 95 % de la perte, jusqu'à {most} donnes. Les chances sont des estimations par Monte-Carlo ± une erreur type, sauf dans une fin de partie résolue (exactes). Une perte reçoit une étiquette selon les points de probabilité de victoire perdus ({thresholds}), une perte estimée seulement si tout son intervalle à 95 % (± {sigma} erreurs types) est au-dessus du seuil ; une perte estimée au-dessus du plus petit seuil dont l'intervalle ne l'est pas est <i>incertaine</i>. Un coup joué qui mesure au moins aussi bien que celui du conseiller sur les mêmes donnes est un meilleur coup (sa perte est 0, jamais négative). Les revendications ne sont pas jugées. Les estimations sont les taux de victoire des parties simulées du conseiller, pas un jeu parfait.",
    },
    "rv.chart_note": {
        "en": "{player}'s chance to win before each turn, as the mover saw it (at {opponent}'s turns: one minus {opponent}'s estimate). The shaded band is each estimate's 95% interval. Hover or click a point, click a move, or use the arrow keys to see that turn's board.",
        "fr": "Chances de victoire de {player} avant chaque tour, telles que les voyait celui qui jouait (aux tours de {opponent} : un moins l'estimation de {opponent}). La bande ombrée est l'intervalle à 95 % de chaque estimation. Survolez ou cliquez un point, cliquez un coup, ou utilisez les flèches du clavier pour voir le plateau de ce tour.",
    },
    "rv.h_summary": {"en": "Summary", "fr": "Bilan"},
    "rv.h_chart": {"en": "Win probability", "fr": "Probabilité de victoire"},
    "rv.h_moves": {"en": "Moves", "fr": "Coups"},
    "rv.h_moments": {"en": "Key moments", "fr": "Moments clés"},
    "rv.h_method": {"en": "How it was computed", "fr": "Comment c'est calculé"},
    "rv.no_unpack": {"en": "This browser cannot unpack the boards (it lacks DecompressionStream); the key moments below are drawn.",
                     "fr": "Ce navigateur ne sait pas décompresser les plateaux (il n'a pas DecompressionStream) ; les moments clés ci-dessous sont dessinés."},
})  # fmt: skip
"""The review page's words (en, fr); the labels themselves are :data:`~schotten_lab.play.review.REVIEW_PHRASES`' ``review.label_*``."""

CHART_W, CHART_H = 860, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 34


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def chart_seat(review: GameReview, seat: Player | None = None) -> Player:
    """Whose chance the chart draws, throughout: ``seat`` if given (the reviewed player), else the
    reviewed seat of a one-seat record, else south."""
    return seat or review.seat or Player.SOUTH


def seat_name(review: GameReview, player: Player, lang: str = "en") -> str:
    """A player of the record by seat and name: ``"south (alice)"`` / « Sud (alice) »; a name that
    already says the seat (``"you (south)"``) alone, not ``"south (you (south))"``."""
    name = str(review.record.players.get(player.value) or "?")
    return name if player.value in name.lower() else f"{player_name(player, lang)} ({name})"


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


def chart_svg(review: GameReview, current: int | None = None, seat: Player | None = None, lang: str = "en") -> str:
    """The win-probability chart as inline SVG, from one seat throughout (:func:`chart_seat`): one
    point per turn coloured by label, its 95% interval drawn as a shaded band along the line and an
    error bar (±1.96 standard errors; none for an exact value), the ``current`` turn marked by a
    vertical cursor (the page script moves it); its words in ``lang``."""
    check_lang(lang)
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
        f'role="img" aria-label="{say("rv.chart_label", lang, player=_e(player_name(seat, lang)))}">'
    ]
    for level in (0.0, 0.25, 0.5, 0.75, 1.0):
        stroke = "#9E9E9E" if level == 0.5 else "#E6E6E6"
        parts.append(f'<line x1="{LEFT}" x2="{CHART_W - RIGHT}" y1="{y(level):.1f}" y2="{y(level):.1f}" stroke="{stroke}"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(level) + 4:.1f}" text-anchor="end" fill="#616161">{int(100 * level)}{_pct(lang)}</text>')
    step = max(1, n // 12)
    for turn in range(1, n + 1, step):
        parts.append(f'<text x="{x(turn):.1f}" y="{CHART_H - BOTTOM + 16}" text-anchor="middle" fill="#616161">{turn}</text>')
    parts.append(f'<text x="{LEFT + width / 2:.0f}" y="{CHART_H - 4}" text-anchor="middle" fill="#616161">{_e(say("rv.turn_axis", lang))}</text>')
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
            f"<title>{_e(say('rv.band', lang))}</title></polygon>"
        )
    if len(line) > 1:
        parts.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="{PLAYER_COLORS[seat]}" stroke-width="1.5"/>')
    for (turn, p, se), t in zip(points, review.turns):
        if p is None:
            continue
        color = LABEL_COLORS.get(t.label or "", POINT_COLORS[t.player])
        tip = say("rv.tip", lang, turn=turn, mover=t.player, played=t.played_words(lang), seat=seat, chance=chance(p, se, lang))
        tip += f" — {t.label_words(lang)}" if t.label else ""
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


def turn_detail_html(t: TurnReview, lang: str = "en") -> str:
    """The selected turn's figures as an HTML fragment, in ``lang``."""
    head = say("rv.head", lang, turn=t.turn, player=_e(player_name(t.player, lang)), played=_e(t.played_words(lang)))
    if not t.reviewed:
        return head + say("rv.hidden", lang)
    kind = say("rv.kind_exact" if t.exact else "rv.kind_estimate", lang)
    text = say("rv.chances", lang, head=head, mover=_e(player_name(t.player, lang, capital=True)), player=_e(player_name(t.player, lang)),
               kind=kind, before=chance(t.before, t.before_stderr, lang), after=chance(t.after, None, lang),
               loss=chance(t.loss, t.loss_stderr, lang))
    if t.label:
        text += f' <span class="lbl {t.label}">{_e(t.label_words(lang))}</span>'
    interval = t.interval()
    if t.label == UNCLEAR and interval is not None:
        text += say("rv.interval", lang, low=number(100 * interval[0], lang, 1), high=number(100 * interval[1], lang, 1), deals=t.deals)
    outcome = t.outcome_words(lang)
    if outcome:
        text += say("rv.exact_end", lang, outcome=_e(outcome))
    best = _e(t.best_words(lang))
    reason = t.best_reason_words(lang)
    said = say("rv.reason", lang, reason=_e(reason)) if reason else ""
    if t.as_good:
        text += say("rv.as_good", lang, best=best, deals=t.deals)
    elif not t.best_played:
        text += say("rv.would", lang, best=best, reason=said)
    elif t.moves == 1:
        text += say("rv.only", lang)
    else:
        text += say("rv.choice_too", lang, reason=said)
    return text


def _pct(lang: str) -> str:
    return "\u00a0%" if lang == "fr" else "%"


def _boards(review: GameReview, lang: str = "en") -> list[str]:
    """The board before the first turn and after each turn (both hands shown in a full record; the
    reviewed seat's view in a one-seat record)."""
    seat = review.seat
    out = []
    for k, position in enumerate(replay(review.record, include_start=True)):
        turn = review.turns[k - 1] if k else None
        caption = say("rv.start", lang) if turn is None else say("rv.after_turn", lang, turn=k, player=turn.player, played=turn.played_words(lang))
        stones = _played_stone(review, k)
        out.append(str(position_svg(position, viewer=seat, highlight_stones=stones, caption=caption, lang=lang)))
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


def _key_moments(review: GameReview, lang: str = "en") -> str:
    moments = review.key_moments(3)
    if not moments:
        return f"<p>{_e(say('rv.no_label', lang))}</p>"
    before = _before_positions(review, {t.turn for t in moments})
    out = []
    for t in moments:
        caption = say("rv.moment", lang, turn=t.turn, player=t.player, played=t.played_words(lang), best=t.best_words(lang))
        svg = position_svg(before[t.turn], viewer=t.player, highlight_cards=_played_card(review, t.turn), caption=caption, lang=lang)
        out.append(f'<figure class="moment"><figcaption>{turn_detail_html(t, lang)}</figcaption>{svg}</figure>')
    return "".join(out)


def _head_row(key: str, lang: str) -> str:
    return "<tr>" + "".join(f"<th>{html.escape(cell, quote=False)}</th>" for cell in say(key, lang).split("|")) + "</tr>"


def _summary(review: GameReview, lang: str = "en") -> str:
    rows = []
    for player, s in review.summaries.items():
        counts = "".join(f"<td>{s.counts.get(label, 0)}</td>" for label in ("inaccuracy", "mistake", "blunder", UNCLEAR))
        loss = "—" if s.average_loss is None else points(s.average_loss, s.average_loss_stderr, lang)
        rows.append(f"<tr><td>{_e(seat_name(review, player, lang))}</td><td>{s.turns}</td><td>{s.best_moves}</td>{counts}<td>{loss}</td></tr>")
    return "<table>" + _head_row("rv.summary_head", lang) + "".join(rows) + "</table>"


def _moves(review: GameReview, lang: str = "en") -> str:
    rows = []
    for t in review.turns:
        label = f'<span class="lbl {t.label}">{_e(t.label_words(lang))}\u00a0{LABEL_MARKS.get(t.label, "")}</span>' if t.label else ""
        best = "" if not t.reviewed or t.best_played else _e(t.best_words(lang))
        rows.append(
            f'<tr class="mv" data-turn="{t.turn}"><td>{t.turn}</td><td>{_e(player_name(t.player, lang))}</td><td>{_e(t.played_words(lang))}</td>'
            f"<td>{chance(t.before, t.before_stderr, lang)}</td><td>{chance(t.after, None, lang)}</td><td>{chance(t.loss, t.loss_stderr, lang)}</td>"
            f"<td>{label}</td><td>{best}</td></tr>"
        )
    return '<table id="review-moves">' + _head_row("rv.moves_head", lang) + "".join(rows) + "</table>"


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
  if (!window.DecompressionStream) { board.textContent = data.noUnpack; show(0); return; }
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


def review_html(review: GameReview, *, title: str | None = None, seat: Player | None = None, lang: str = "en") -> str:
    """The complete review page (see the module docstring) as a string, in ``lang``; the chart from
    ``seat``'s side throughout (default: the reviewed seat of a one-seat record, else south)."""
    check_lang(lang)
    rec = review.record
    players = say("rv.vs", lang, south=seat_name(review, Player.SOUTH, lang), north=seat_name(review, Player.NORTH, lang))
    heading = title or say("rv.title", lang, players=players)
    if rec.winner:
        known = f"rv.reason_{rec.reason}" in REVIEW_PAGE_PHRASES
        result = say("rv.won", lang, winner=rec.winner, reason=say(f"rv.reason_{rec.reason}", lang) if known and lang != "en" else rec.reason)
    else:
        result = say("rv.blocked" if rec.reason == "blocked" else "rv.unfinished", lang)
    seat = chart_seat(review, seat)
    seat_note = f"<p>{say('rv.one_seat', lang, player=review.seat)}</p>" if review.seat else ""
    thresholds = ", ".join(say("rv.threshold", lang, name=say(f"review.label_{name}", lang), value=f"{100 * value:.0f}")
                           for name, value in reversed(THRESHOLDS))
    method = "<p>" + say("rv.method", lang, iterations=review.iterations, seed=review.seed, deals=max(review.iterations, 2),
                         most=MAX_DEALS_FACTOR * review.iterations, thresholds=thresholds,
                         sigma=number(SIGNIFICANCE, lang) if lang != "en" else f"{SIGNIFICANCE:g}") + "</p>"
    chart_note = "<p>" + say("rv.chart_note", lang, player=_e(player_name(seat, lang, capital=True)), opponent=_e(player_name(seat.opponent, lang))) + "</p>"
    details = [say("rv.start_b", lang)] + [turn_detail_html(t, lang) for t in review.turns]
    data = json.dumps({"details": details, "noUnpack": say("rv.no_unpack", lang)}, separators=(",", ":")).replace("</", "<\\/")
    packed = base64.b64encode(gzip.compress(json.dumps(_boards(review, lang)).encode("utf-8"), 9, mtime=0)).decode("ascii")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(heading)}</title>{_STYLE}</head><body>"
        f"<h1>{_e(heading)}</h1><p>{_e(say('rv.result', lang, result=result, count=len(rec.turns)))}</p>{seat_note}"
        f"<h2>{_e(say('rv.h_summary', lang))}</h2>{_summary(review, lang)}"
        f"<h2>{_e(say('rv.h_chart', lang))}</h2>{chart_note}{chart_svg(review, seat=seat, lang=lang)}"
        f'<div id="review-detail"></div><div id="review-board"></div>'
        f"<h2>{_e(say('rv.h_moves', lang))}</h2>{_moves(review, lang)}"
        f"<h2>{_e(say('rv.h_moments', lang))}</h2>{_key_moments(review, lang)}"
        f"<h2>{_e(say('rv.h_method', lang))}</h2>{method}"
        f'<script type="application/json" id="review-data">{data}</script>'
        f'<script type="application/octet-stream" id="review-boards">{packed}</script>'
        f"{_SCRIPT}</body></html>\n"
    )


def write_review(
    review: GameReview, path: str | Path, *, inputs: tuple[str | Path, ...] = (), title: str | None = None, seat: Player | None = None,
    lang: str = "en",
) -> Path:
    """Write :func:`review_html` to ``path`` (``.html``/``.htm``) atomically; a path that is one of
    ``inputs``, a symbolic link or a folder is refused with :class:`~schotten_lab.core.errors.OutputError`."""
    target = check_output(path, REVIEW_FORMATS, inputs)
    return write_text_atomic(target, review_html(review, title=title, seat=seat, lang=lang))


__all__ = ["REVIEW_PAGE_PHRASES", "chart_points", "chart_seat", "chart_svg", "review_html", "seat_name", "turn_detail_html", "write_review"]
