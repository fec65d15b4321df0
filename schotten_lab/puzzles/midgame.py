"""Midgame puzzles ("what would you play?"): one move better than every other by a wide margin,
with 95% confidence, from the advisor's search. The answer is an **estimate**, not a proof.

A position of a self-play game with cards left in the deck is searched in two independent steps:

1. **screen** (:func:`screen`): every legal move plays the same :data:`SCREEN_DEALS` deals (the
   advisor's paired comparison, :func:`~schotten_lab.bots.advisor.compare_turns`); the position goes
   on when the best of them leads every other by :data:`SCREEN_GAP` or more; then a pilot of
   :data:`PILOT_DEALS` fresh deals must give each other move a mean margin of :data:`MIN_MARGIN` at
   least (the advisor's own search, :func:`~schotten_lab.bots.advisor.advise`, looks at ten moves
   only, and near-duplicates once: it cannot say that *every* move is worse);
2. **confirm** (:func:`confirm`): *every* legal move plays the same :data:`CONFIRM_DEALS` fresh deals
   (:func:`~schotten_lab.bots.advisor.compare_turns`: one random deal of the hidden cards and one
   rollout seed a deal, shared by all moves, so the moves are compared on equal luck). For each other
   move the paired difference (the screened move's value minus its value, deal by deal) gets a
   normal interval at the Bonferroni level ``1 - 0.05 / (moves - 1)``, so that all of them hold
   together with 95% confidence; the puzzle is kept when every interval's lower end is at least
   :data:`MIN_MARGIN`. The confirmed move was chosen on the screen's deals, not these: its estimate
   does not read high by selection.

The figures go into the puzzle's ``estimate`` field (:func:`estimate_of`); :func:`recheck` plays the
answer against the runner-up again on new deals (what the test suite does at a modest budget). The
estimates are the rollout policy's win chances (the advisor's own measure), not values under
perfect play.

The reason is the advisor's (:func:`~schotten_lab.bots.advisor.explain`, English); its French is
written here clause by clause (:func:`reason_fr`), the advisor having no French of its own yet.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from statistics import NormalDist
from typing import Any

from ..bots.advice import estimate as mean_and_error
from ..bots.advisor import compare_turns, explain, ordered_moves
from ..bots.determinize import view_of
from ..core.cards import CARDS
from ..core.formations import Rank
from ..core.position import Position
from ..core.words import formation, join, percent, player, say, typeset_fr
from ..game import Play, Turn
from .format import Puzzle
from .format_words import PuzzleProblem, problem

SCREEN_DEALS = 16
"""Deals every legal move plays in the screen."""
SCREEN_GAP = 0.12
"""A screened position goes on when every other move trails the screen's best by this much (2 deals of 16)."""
CONFIRM_DEALS = 200
"""Deals every legal move plays in the confirmation (the "large budget": moves × deals rollouts)."""
PILOT_DEALS = 40
"""Deals of a pilot run before the confirmation: a move whose mean margin there is under
:data:`MIN_MARGIN` stops the search (the confirmation's own deals are drawn apart, so its intervals
do not depend on the pilot's)."""
MIN_MARGIN = 0.05
"""The margin every other move must trail by, at the lower end of its simultaneous 95% interval."""
CONFIDENCE = 0.95
METHOD = "paired Monte Carlo over deals (the advisor's rollouts), Bonferroni intervals"
Move = tuple[int, int]


def play_of(move: Move) -> Play:
    """A placement ``(card index, stone 0-8)`` as the engine's :class:`~schotten_lab.game.Play`."""
    return Play(str(CARDS[move[0]]), move[1] + 1)


def turn_of(move: Move) -> Turn:
    """A placement ``(card index, stone 0-8)`` as a decision (claims made by the search)."""
    return Turn(play=play_of(move))


def screen(position: Position, seed: int) -> Move | None:
    """The move with the best mean over :data:`SCREEN_DEALS` deals played by every legal move
    (:func:`~schotten_lab.bots.advisor.compare_turns`) when every other move trails it by
    :data:`SCREEN_GAP` or more there, else ``None`` (also when a move wins the game at once: no
    puzzle to estimate)."""
    view = view_of(position)
    moves, claims = ordered_moves(view)
    if len(moves) < 2 or moves[0][0] < 0:
        return None
    base = view.deal(list(view.hidden))
    for move in moves:
        after = base.copy()
        after.turn(*move)
        if after.winner >= 0:
            return None
    values = compare_turns(position, [turn_of(m) for m in moves], SCREEN_DEALS, seed)
    sums = [sum(v) for v in values]
    top = max(range(len(moves)), key=lambda k: sums[k])  # ties: the first, in the advisor's order
    if any(k != top and sums[top] - sums[k] < SCREEN_GAP * SCREEN_DEALS for k in range(len(moves))):
        return None
    return moves[top]


def z_of(comparisons: int, confidence: float = CONFIDENCE) -> float:
    """The normal quantile of a two-sided interval at the Bonferroni level for ``comparisons`` intervals."""
    return NormalDist().inv_cdf(1 - (1 - confidence) / (2 * max(comparisons, 1)))


def confirm(position: Position, best: Move, deals: int, seed: int) -> dict[str, Any] | None:
    """The estimate of a midgame puzzle whose answer is ``best`` (:func:`estimate_of`), or ``None`` when
    some other legal move's margin is not surely above :data:`MIN_MARGIN`."""
    view = view_of(position)
    moves, _claims = ordered_moves(view)
    others = [m for m in moves if m != best]
    if not others or best not in moves:
        return None
    turns = [turn_of(best)] + [turn_of(m) for m in others]
    pilot = compare_turns(position, turns, PILOT_DEALS, seed ^ 0x5EED)
    if any(sum(a - b for a, b in zip(pilot[0], pilot[k])) < MIN_MARGIN * PILOT_DEALS for k in range(1, len(turns))):
        return None  # some move is not clearly worse even on the pilot deals: not worth the full search
    values = compare_turns(position, turns, deals, seed)
    return estimate_of(best, others, values, seed)


def estimate_of(best: Move, others: Sequence[Move], values: Sequence[Sequence[float]], seed: int) -> dict[str, Any] | None:
    """The ``estimate`` field from ``values[k][d]`` (move ``k``, ``best`` first, on deal ``d``), or
    ``None`` when a margin's simultaneous interval reaches below :data:`MIN_MARGIN`."""
    deals = len(values[0])
    z = z_of(len(others))
    margins = []
    for k, move in enumerate(others, 1):
        mean, error = mean_and_error([a - b for a, b in zip(values[0], values[k])])
        if mean - z * error < MIN_MARGIN:
            return None
        margins.append((mean, error, move, sum(values[k]) / deals))
    margin, error, second, second_win = min(margins)
    win, win_error = mean_and_error(values[0])
    z1 = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)
    return {
        "method": METHOD,
        "deals": deals,
        "seed": seed,
        "moves": len(others) + 1,
        "confidence": CONFIDENCE,
        "win": round(win, 4),
        "win_interval": [round(max(0.0, win - z1 * win_error), 4), round(min(1.0, win + z1 * win_error), 4)],
        "second": play_of(second).to_dict(),
        "second_win": round(second_win, 4),
        "margin": round(margin, 4),
        "margin_interval": [round(margin - z * error, 4), round(margin + z * error, 4)],
        "z": round(z, 3),
    }


def recheck(puzzle: Puzzle, deals: int, seed: int) -> tuple[float, float]:
    """The answer's margin over the estimate's runner-up on ``deals`` new deals (``seed``): the paired
    mean and its standard error (a cheap re-search: two moves, not all)."""
    assert puzzle.estimate is not None
    second = puzzle.estimate["second"]
    values = compare_turns(puzzle.position, [{"play": dict(puzzle.solution["play"])}, {"play": dict(second)}], deals, seed)
    return mean_and_error([a - b for a, b in zip(values[0], values[1])])


def estimate_problems(puzzle: Puzzle) -> list[str]:
    """What does not hold in a midgame puzzle's estimate, without searching, in English (an empty list: consistent)."""
    return [str(p) for p in estimate_facts(puzzle)]


def estimate_facts(puzzle: Puzzle) -> list[PuzzleProblem]:
    """What does not hold in a midgame puzzle's estimate, each said in any language (``in_words(lang)``)."""
    est = puzzle.estimate or {}
    problems: list[PuzzleProblem] = []
    play = puzzle.solution.get("play")
    if est.get("second") == play:
        problems.append(problem("estimate.second", "pzf.second_same"))
    low, high = est["margin_interval"]
    if not low > 0:
        problems.append(problem("estimate.margin_interval", "pzf.margin_zero", low=low))
    if not low <= est["margin"] <= high:
        problems.append(problem("estimate.margin", "pzf.outside"))
    w_low, w_high = est["win_interval"]
    if not w_low <= est["win"] <= w_high:
        problems.append(problem("estimate.win", "pzf.outside"))
    return problems


# ---- words -------------------------------------------------------------------------------------------


def reason_en(position: Position, move: Move) -> str:
    """The advisor's reason for ``move`` (:func:`~schotten_lab.bots.advisor.explain`)."""
    view = view_of(position)
    _moves, claims = ordered_moves(view)
    return explain(position, view, move, claims[move])


_RANKS = {rank.label("en"): rank for rank in Rank}


def _formation_fr(text: str) -> str:
    """``three of a kind (sum 21)`` / ``sum 15`` in French, with its article: « un brelan (somme 21) »,
    « une somme de 15 »."""
    found = re.fullmatch(r"(.+) \(sum (\d+)\)", text)
    if found and found.group(1) in _RANKS:
        return f"{formation(_RANKS[found.group(1)].key, 'fr', form='indef')} ({formation('sum', 'fr')} {found.group(2)})"
    found = re.fullmatch(r"sum (\d+)", text)
    if found:
        return f"{formation('sum', 'fr', form='indef')} de {found.group(1)}"
    raise ValueError(f"reason: no French for the formation {text!r}")


def _who(name: str) -> str:
    return player(name, "fr")


def _cards_fr(text: str) -> str:
    """``R6, R9 or G7`` → ``R6, R9 ou G7``."""
    return re.sub(r" or ", " ou ", text)


_UNITS = {"cards": ("cartes", "f"), "pairs": ("paires", "f")}

_CLAUSES: tuple[tuple[str, Any], ...] = (
    (r"completes stone (\d)", lambda m: f"complète la borne {m[1]}"),
    (r"completes (.+) on stone (\d)", lambda m: f"complète la borne {m[2]} avec {_formation_fr(m[1])}"),
    (r"(opens|builds) stone (\d) with ([A-Z0-9 ]+)",
     lambda m: f"{'ouvre' if m[1] == 'opens' else 'poursuit'} la borne {m[2]} avec {m[3]}"),
    (r"(.+) still possible", lambda m: f"{_rank_fr(m[1])} encore possible"),
    (r"claims stones? ([\d, ]+?)( and wins the game)?",
     lambda m: _claims_fr(m[1]) + (" et gagne la partie" if m[2] else "")),
    (r"answers (south|north)'s complete (.+)", lambda m: f"répond au côté complet de {_who(m[1])}, {_formation_fr(m[2])}"),
    (r"(south|north) needs ([A-Z0-9 ]+) to beat it", lambda m: f"{_who(m[1])} a besoin de {m[2]} pour la battre"),
    (r"(south|north) beats it with any of the (\d+) (cards|pairs|sets of \d) you have not seen \(the strongest: ([A-Z0-9 ]+)\)",
     lambda m: f"{_who(m[1])} la bat avec n'importe {_any_of(m[3])} des {m[2]} {_unit(m[3])} que vous n'avez pas "
               f"{_seen(m[3])} ({_strongest(m[3])}\u00a0: {m[4]})"),
    (r"(south|north) beats it with (\d+) of the (\d+) (cards|pairs|sets of \d) you have not seen \(the strongest: ([A-Z0-9 ]+)\)",
     lambda m: f"{_who(m[1])} la bat avec {m[2]} des {m[3]} {_unit(m[4])} que vous n'avez pas {_seen(m[4])} "
               f"({_strongest(m[4])}\u00a0: {m[5]})"),
    (r"not claimable yet \(the proof counts your hand as unknown\), but (south|north) could beat it only with your (.+)",
     lambda m: f"pas encore revendicable (la preuve compte votre main comme inconnue), mais {_who(m[1])} ne pourrait "
               f"la battre qu'avec votre {_cards_fr(m[2])}"),
)  # fmt: skip


def _rank_fr(label: str) -> str:
    if label in _RANKS:
        return _RANKS[label].label("fr")
    return _formation_fr(label)


def _claims_fr(stones: str) -> str:
    numbers = [s.strip() for s in stones.split(",") if s.strip()]
    if len(numbers) == 1:
        return f"revendique la borne {numbers[0]}"
    return f"revendique les bornes {join(numbers, 'fr')}"


def _feminine(unit: str) -> bool:
    return unit in _UNITS


def _unit(unit: str) -> str:
    if unit in _UNITS:
        return _UNITS[unit][0]
    return f"ensembles de {unit.rsplit(' ', 1)[1]} cartes"


def _any_of(unit: str) -> str:
    return "laquelle" if _feminine(unit) else "lequel"


def _seen(unit: str) -> str:
    return "vues" if _feminine(unit) else "vus"


def _strongest(unit: str) -> str:
    return "la plus forte" if _feminine(unit) else "le plus fort"


def reason_fr(reason: str) -> str:
    """The advisor's English reason in French, clause by clause (``ValueError`` for a clause it does not know)."""
    parts = []
    for clause in reason.split("; "):
        for pattern, words in _CLAUSES:
            found = re.fullmatch(pattern, clause)
            if found:
                parts.append(words(found))
                break
        else:
            raise ValueError(f"reason: no French for {clause!r}")
    return typeset_fr("; ".join(parts))


def explanation(position: Position, solution: Mapping[str, Any], est: Mapping[str, Any], reason: str) -> dict[str, str]:
    """The puzzle's explanation in English and French: the estimate's figures, then the advisor's reason."""
    play = solution["play"]
    second = est["second"]
    out = {}
    for lang in ("en", "fr"):
        why = reason if lang == "en" else reason_fr(reason)
        out[lang] = say(
            "pz_e_midgame", lang,
            card=play["card"], stone=play["stone"], win=percent(est["win"], lang),
            low=percent(est["win_interval"][0], lang), high=percent(est["win_interval"][1], lang),
            deals=est["deals"], others=est["moves"] - 1, margin=_points(est["margin"], lang),
            m_low=_points(est["margin_interval"][0], lang), m_high=_points(est["margin_interval"][1], lang),
            second_card=second["card"], second_stone=second["stone"], second_win=percent(est["second_win"], lang),
            reason=why,
        )  # fmt: skip
    return out


def _points(value: float, lang: str) -> str:
    """A margin in percentage points: ``12.5`` / ``12,5``."""
    text = f"{100 * value:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def seed_of(*parts: object) -> int:
    """A 32-bit seed from a description (the same on every run and machine)."""
    return random.Random(repr(parts)).getrandbits(32)


__all__ = [
    "CONFIRM_DEALS", "MIN_MARGIN", "PILOT_DEALS", "SCREEN_DEALS", "SCREEN_GAP", "confirm", "estimate_of", "estimate_facts", "estimate_problems",
    "explanation", "reason_en", "reason_fr", "recheck", "screen", "seed_of", "play_of", "turn_of", "z_of",
]  # fmt: skip
