"""What the advisor answers (:class:`Advice`, one :class:`MoveAdvice` a move) and the Monte Carlo
core both searches share (the base game's in :mod:`.advisor`, the tactics variant's in
:mod:`.tactics_search`): successive halving over moves on shared deals, estimates with standard
errors, each move's change against the chosen one measured deal by deal, and the chosen move's
reported estimate measured again on fresh deals (:func:`search`)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ..core.cards import Card
from ..core.errors import ArgumentError, excerpt
from ..core.rules import Player
from ..core.words import Facts, chance, number, register, say
from .words import outcome_words
from .budget import MAX_ROLLOUTS, MAX_SECONDS, Budget
from ..game import Play, Turn, deck_words, play_words, with_claims

MIN_ROUND = 4
"""Deals per successive-halving round (each candidate plays every deal of the round)."""
FRESH_SHARE = 0.2
"""Share of a search spent measuring the chosen move again on fresh deals, for its reported estimate."""
MAX_BUDGET = MAX_SECONDS
"""Longest time budget a move (seconds): more is a typo (:data:`.budget.MAX_SECONDS`)."""
MAX_ITERATIONS = MAX_ROLLOUTS
"""Largest rollout budget a move (:data:`.budget.MAX_ROLLOUTS`)."""


ADVICE_PHRASES = register({
    "adv.head": {"en": "{player} to move: {chance} to win ({method}, {rollouts} rollouts, {seconds} s)",
                 "fr": "{player} joue : {chance} de chances de gagner ({method}, {rollouts} parties simulées, {seconds} s)"},
    "adv.note": {"en": "  the chosen move's estimate: on fresh deals, not those that chose it; the others ranked by the change: each against the chosen one on the search's deals (fewer deals: dropped earlier, rougher)",
                 "fr": "  l'estimation du coup choisi : sur des donnes nouvelles, pas celles qui l'ont choisi ; les autres sont classés selon l'écart : chacun contre le coup choisi, sur les donnes de la recherche (moins de donnes : écarté plus tôt, plus approximatif)"},
    "adv.on_all": {"en": " on all {count} deals", "fr": " sur les {count} donnes"},
    "adv.not_searched": {"en": "not searched", "fr": "non étudié"},
    "adv.deals": {"en": "{count} deals", "fr": "{count} donnes"},
    "adv.more": {"en": "  ... {count} more", "fr": "  … et {count} autres"},
    "adv.method_exact_endgame": {"en": "exact endgame", "fr": "fin de partie calculée exactement"},
    "adv.method_wins_at_once": {"en": "exact: a move wins the game at once", "fr": "exact : un coup gagne tout de suite"},
    "adv.method_monte_carlo": {"en": "Monte Carlo over deals", "fr": "Monte-Carlo sur des donnes tirées au hasard"},
    "adv.method_monte_carlo_tactics": {"en": "Monte Carlo over deals (tactics)", "fr": "Monte-Carlo sur des donnes tirées au hasard, variante tactique"},
})  # fmt: skip
"""The words of :meth:`Advice.table` (en, fr)."""
METHOD_KEYS = {"exact endgame": "adv.method_exact_endgame", "exact: a move wins the game at once": "adv.method_wins_at_once",
               "Monte Carlo over deals": "adv.method_monte_carlo", "Monte Carlo over deals (tactics)": "adv.method_monte_carlo_tactics"}
"""The advisor's ``Advice.method`` texts, by phrase key."""


def _points(text: str, lang: str) -> str:
    """Points of win chance as written in ``lang`` (a decimal comma in French)."""
    return text if lang == "en" else text.replace(".", ",")


WINS_AT_ONCE = "exact: a move wins the game at once"
"""The advice's method when a move ends the game with a win: nothing is sampled."""

M = TypeVar("M")
S = TypeVar("S")
Result = tuple[float | None, float | None, int]
Batch = Callable[[Sequence[M], int, int], list[list[float]]]
"""Play-outs in one call: ``batch(moves, deals, seed)``, each deal's scores, one per move, in order."""
ROUND_CALL = 32
"""Most deals a batch call plays on the clock (:func:`sequential_halving`): the clock is read between calls."""
CALL_SECONDS = 0.02
"""Longest a batch call should take on the clock, at the last call's pace (:func:`paced`)."""
FRESH_CALL = 16
"""Fresh deals a batch call on the clock (:func:`search`)."""
"""A move's win chance (``None``: not searched), its standard error (``None``: exact), its deals."""


@dataclass(frozen=True, slots=True)
class MoveAdvice:
    """One candidate turn: the placement (``card``/``stone`` ``None`` = pass), the claims it makes,
    its probability of winning seen from the mover's seat, and why.

    ``stderr`` is ``None`` when ``win`` is exact; ``samples`` counts the rollouts (deals) behind an
    estimate (0 for an exact value); ``win`` is ``None`` for a move the search did not try (the
    heuristic ranked it below the searched ones). ``change`` is this move's win chance minus the
    chosen (best) move's, so the best move has 0: exact values subtract; estimates are compared
    deal by deal on the deals both moves played (the search deals the same cards to every move), with
    ``change_stderr`` its standard error. Ranking by ``change`` is fair to a move the search dropped
    early: its own ``win`` rests on fewer deals, and may read higher than the chosen move's by luck.
    """

    card: Card | None
    stone: int | None
    claims: tuple[int, ...]
    win: float | None
    stderr: float | None
    samples: int
    change: float | None
    reason: str
    change_stderr: float | None = None
    play: Play | None = None
    deck: str | None = None
    put_back: tuple[str, ...] | None = None
    turns: int | None = None
    """With an exact win or loss, the turns to the end of the game under best play, this one and
    both players' included (1: this move ends the game); ``None`` otherwise."""
    facts: Facts | None = None
    """The structured facts ``reason`` renders in English (base game and expert variant:
    :mod:`.move_facts`; tactics variant: :mod:`.tactics_reasons`); ``None`` where the reason is
    English text only (a reason built by hand)."""

    def reason_words(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"`` or ``"fr"``), from its facts."""
        return self.reason if self.facts is None else self.facts.in_words(lang)

    def reason_untranslated(self, lang: str) -> bool:
        """Whether :meth:`reason_words` gives English text where ``lang`` was asked (a reason without facts)."""
        return lang != "en" and bool(self.reason) and self.facts is None

    def outcome_words(self, lang: str = "en") -> str:
        """The exact outcome in words: ``"wins at once"``, ``"wins in 3 turns"``, ``"loses in 5 turns
        at best"``; ``""`` for an estimate or an exact value without a distance."""
        return outcome_words(self.win if self.exact else None, self.turns, lang)

    @property
    def exact(self) -> bool:
        return self.win is not None and self.stderr is None

    @property
    def is_pass(self) -> bool:
        """No card played (and no Headhunter put-back to answer)."""
        return self.card is None and self.play is None and self.put_back is None

    def label(self, lang: str = "en") -> str:
        """This move in words: ``R8 on stone 3, claim 3``, ``pass``, ``put back R1 R2`` / « R8 sur la
        borne 3, revendique 3 », « passe », « remettre R1 R2 » (the deck drawn from in the tactics variant)."""
        if self.put_back is not None:
            text = say("move.put_back", lang, cards=" ".join(self.put_back) or say("move.nothing", lang))
            return with_claims(text, self.claims, lang)
        if self.play is not None:
            text = play_words(self.play, lang)
        else:
            text = say("move.pass", lang) if self.card is None else say("move.place", lang, card=str(self.card), stone=str(self.stone))
        text = with_claims(text, self.claims, lang)
        return say("move.draw", lang, move=text, deck=deck_words(self.deck, lang)) if self.deck else text

    def turn(self) -> Turn:
        """This move as a bot's decision (docs/reference/formats.md, "A turn"): its play, claims and, in the
        tactics variant, deck; or the cards put back answering a pending Headhunter."""
        if self.put_back is not None:  # the turn's claims were announced with the Headhunter
            return Turn(put_back=self.put_back)
        return Turn(play=self._play(), claim=self.claims, deck=self.deck)

    def turn_dict(self) -> dict[str, Any]:
        """:meth:`turn` as the advice's JSON writes it (``play``, ``claim`` and, in the tactics
        variant, ``deck``; or ``return``): the decision's fields, without a player."""
        if self.put_back is not None:
            return {"return": list(self.put_back)}
        play = self._play()
        out: dict[str, Any] = {"play": None if play is None else play.to_dict(), "claim": list(self.claims)}
        if self.deck is not None:
            out["deck"] = self.deck
        return out

    def _play(self) -> Play | None:
        if self.play is not None or self.card is None:
            return self.play
        return Play(str(self.card), self.stone)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.turn_dict(),
            "win": self.win,
            "stderr": self.stderr,
            "samples": self.samples,
            "change": self.change,
            "change_stderr": self.change_stderr,
            "turns": self.turns,
            "reason": self.reason,
            **({} if self.facts is None else {"facts": self.facts.to_dict()}),
        }


@dataclass(frozen=True)
class Advice:
    """Every legal move of ``player``, best first, with the position's current estimate."""

    player: Player
    moves: tuple[MoveAdvice, ...]
    current: float
    current_stderr: float | None
    method: str
    rollouts: int
    seconds: float

    @property
    def best(self) -> MoveAdvice:
        return self.moves[0]

    def decision(self) -> Turn:
        """The best move as a bot's decision, with the estimate, the reason and (an estimate) its
        standard error as extra fields, written after the turn's own."""
        best = self.best
        extra: list[tuple[str, Any]] = [("estimate", None if best.win is None else round(best.win, 4)), ("reason", best.reason)]
        if best.stderr is not None:
            extra.append(("stderr", round(best.stderr, 4)))
        return replace(best.turn(), player=self.player, extra=tuple(extra))

    def table(self, limit: int | None = 10, lang: str = "en") -> str:
        """The ranking as text, one move a line: win chance (± standard error), deals behind it, the
        change against the chosen move (± its standard error, on the same deals; ``+0.0 on all 8
        deals`` when every shared deal gave the same difference, so a standard error of 0 from a few
        deals is never shown as if it were certain), reason; every word in ``lang``."""
        en = lang == "en"
        method = say(METHOD_KEYS[self.method], lang) if self.method in METHOD_KEYS else self.method
        head = say("adv.head", lang, player=self.player, chance=chance(self.current, self.current_stderr, lang, mark_exact=True),
                   method=method, rollouts=str(self.rollouts) if en else number(self.rollouts, lang),
                   seconds=f"{self.seconds:.2f}" if en else number(self.seconds, lang, 2))
        lines = [head]
        if self.method.startswith("Monte Carlo"):
            lines.append(say("adv.note", lang))
        for move in self.moves[:limit]:
            change = "" if move.change is None else _points(f"{100 * move.change:+.1f}", lang)
            if move.change_stderr:
                change += f" ±{100 * move.change_stderr:.1f}" if en else f" ±\u00a0{_points(f'{100 * move.change_stderr:.1f}', lang)}"
            elif move.change_stderr is not None:  # the same difference on every shared deal: no spread to show
                change += say("adv.on_all", lang, count=move.samples)
            win = say("adv.not_searched", lang) if move.win is None else chance(move.win, move.stderr, lang, mark_exact=True)
            deals = say("adv.deals", lang, count=move.samples) if move.samples else ""
            reason = "; ".join(part for part in (move.outcome_words(lang), move.reason_words(lang)) if part) if en else \
                "\u00a0; ".join(part for part in (move.outcome_words(lang), move.reason_words(lang)) if part)
            lines.append(f"  {move.label(lang):<26} {win:>14} {deals:>9} {change:>12}  {reason}")
        if limit is not None and len(self.moves) > limit:
            lines.append(say("adv.more", lang, count=len(self.moves) - limit))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The advice as plain JSON data: who moves (every chance is that player's), how it was
        computed, the current estimate, and every move best first (:meth:`MoveAdvice.to_dict`)."""
        return {
            "player": self.player.value,
            "method": self.method,
            "rollouts": self.rollouts,
            "seconds": round(self.seconds, 3),
            "current": self.current,
            "current_stderr": self.current_stderr,
            "moves": [move.to_dict() for move in self.moves],
        }

    def __str__(self) -> str:
        return self.table()


# ---- the search core ----------------------------------------------------------------------------------


def score(winner: int, me: int) -> float:
    """A finished game's value for ``me``: 1 won, 0 lost, one half stalled (``winner`` -1)."""
    return 0.5 if winner < 0 else float(winner == me)


def check_search(budget: object, seed: object, width: object = 1) -> None:
    """Refuse a search budget, seed or width the advisor cannot use, with an :class:`ArgumentError`
    naming the argument: ``budget`` a :class:`.budget.Budget` (whose values were checked when it was
    made), ``seed`` and ``width`` whole numbers (``width`` at least 0, or ``None``: by the budget)."""
    if not isinstance(budget, Budget):
        raise ArgumentError.of("bot_opt.budget_type", value=budget)  # bots/words.py
    check_seed(seed)
    check_width(width)


def check_width(width: object) -> None:
    """Refuse a search width that is neither ``None`` (by the budget) nor a whole number from 0 (the
    heuristic's first move alone searched), naming ``width``."""
    if width is not None:
        check_count("width", width, "moves", least=0)


def check_seed(seed: object) -> None:
    """Refuse a seed that is not a whole number (``random.Random`` would take a string, or ``None``:
    the clock, not reproducible)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"seed: must be a whole number, not {excerpt(seed)}")


def check_count(name: str, value: object, unit: str, most: int | None = None, least: int = 1) -> None:
    """Refuse ``value`` unless it is a whole number from ``least`` (to ``most``), naming the argument ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least or (most is not None and value > most):
        limits = f"from {least} to {most:,}" if most is not None else f"at least {least}"
        raise ArgumentError(f"{name}: must be a whole number of {unit} {limits}, not {excerpt(value)}")


def successive_halving(
    moves: Sequence[M],
    deal: Callable[[random.Random], S],
    play_out: Callable[[S, M, random.Random], float],
    rng: random.Random,
    deadline: float,
    iterations: int | None,
    batch: Batch[M] | None = None,
) -> tuple[dict[M, list[float]], int]:
    """Successive halving over ``moves`` with shared deals: each move's scores, deal by deal (every
    move plays the deals in the same order, so move A's ``k``-th score and move B's are on one deal).
    It is :func:`sequential_halving` on ``batch``, or on :func:`deal_by_deal` of ``deal`` and
    ``play_out`` without one: one halving for every variant.

    ``deal(rng)`` samples a hidden state; ``play_out(state, move, rollout_rng)`` plays ``move`` on a
    copy of it and returns the game's value for the mover (every move of a deal gets the same
    rollout seed: common random numbers); ``batch(moves, deals, seed)`` plays whole deals so (then
    ``deal`` and ``play_out`` are unused). Stops after ``iterations`` play-outs, or else at
    ``deadline`` (``time.perf_counter``), always between deals. Raises :class:`ArgumentError` for
    ``iterations`` that is not a whole number from 1, or a ``deadline`` that is not a finite time."""
    if iterations is not None:
        check_count("iterations", iterations, "rollouts")
    if iterations is None and (isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or not math.isfinite(deadline)):
        raise ArgumentError(f"deadline: must be a finite time (time.perf_counter), not {excerpt(deadline)}")
    if not moves:
        return {}, 0
    return sequential_halving(moves, batch or deal_by_deal(deal, play_out), rng, deadline, iterations)


def paced(seconds_per_deal: float, most: int) -> int:
    """The deals of a batch call on the clock: about :data:`CALL_SECONDS` at the last call's pace
    (``seconds_per_deal``), from 1 to ``most``, so that slow play-outs stop near the deadline."""
    return min(most, max(1, int(CALL_SECONDS / max(seconds_per_deal, 1e-9))))


def deal_by_deal(deal: Callable[[random.Random], S], play_out: Callable[[S, M, random.Random], float]) -> Batch[M]:
    """A :data:`Batch` from a variant's ``deal`` and ``play_out`` (a variant without a batch of its
    own; the tactics variant's batch gives these rows, and this is its slow twin): the deals from a
    generator seeded by the call's ``seed``, every move of a deal on a copy of the same state with the
    same rollout seed (common random numbers)."""

    def batch(moves: Sequence[M], deals: int, seed: int) -> list[list[float]]:
        rng = random.Random(seed)
        rows = []
        for _ in range(deals):
            state = deal(rng)
            rollout_seed = rng.getrandbits(32)
            rows.append([play_out(state, move, random.Random(rollout_seed)) for move in moves])
        return rows

    return batch


def sequential_halving(
    moves: Sequence[M], batch: Batch[M], rng: random.Random, deadline: float, iterations: int | None
) -> tuple[dict[M, list[float]], int]:
    """:func:`successive_halving` on batches, with the budget spread evenly over the halvings
    (Karnin, Koren and Somekh's sequential halving): with ``n`` moves, ``ceil(log2 n)`` rounds share
    the budget equally, each round's share split evenly among the moves still active, then the worse
    half is dropped (two always stay: the last round compares them); every round gives each active
    move at least :data:`MIN_ROUND` deals. So no move is dropped on 4 deals when the budget allows
    more, and the close contest between the last moves still gets the largest share. Without
    ``iterations`` the budget is the clock's: the first round (:data:`MIN_ROUND` deals, always played
    whole) measures the pace and the rest is planned from it; a round is played in calls of at most
    :data:`ROUND_CALL` deals and :func:`paced` (one deal first, before any pace is known), the clock
    read between calls, none started that would end past the deadline at the last call's pace: slow
    play-outs (the tactics variant's, in Python) overrun it by about one deal once the first round is
    played."""
    scores: dict[M, list[float]] = {m: [] for m in moves}
    sums = dict.fromkeys(moves, 0.0)
    active = list(moves)
    rounds = max(1, math.ceil(math.log2(len(active)))) if len(active) > 1 else 1
    total = 0
    started = time.perf_counter()
    budget = iterations
    per_deal = 0.0  # seconds a deal took in the last call (on the clock)
    first_round = MIN_ROUND * len(active)
    while True:
        if budget is None and total:  # the clock: plan the rest of the search at the pace measured so far
            pace = total / max(time.perf_counter() - started, 1e-9)
            planned = total + int(pace * max(deadline - time.perf_counter(), 0.0))
        else:
            planned = budget if budget is not None else MIN_ROUND * len(active) * rounds
        share = (planned - total) // max(rounds, 1)
        want = max(MIN_ROUND, share // len(active)) if total or budget is not None else MIN_ROUND
        played = 0
        while played < want:
            if budget is not None:
                deals = min(want - played, -(-(budget - total) // len(active)))
            else:  # the clock: one deal first (no pace known), then calls short enough to stop near the deadline
                deals = paced(per_deal, min(want - played, ROUND_CALL)) if total else 1
            called = time.perf_counter()
            for row in batch(active, deals, rng.getrandbits(32)):
                for move, s in zip(active, row):
                    scores[move].append(s)
                    sums[move] += s
            total += deals * len(active)
            played += deals
            now = time.perf_counter()
            per_deal = (now - called) / deals
            # on the clock: stop when another call like this one would end past the deadline, but
            # never before every move has played the first round's deals (none is chosen, or shown
            # at 0% ± 50, for having been reached before the clock ran out)
            if (total >= budget) if budget is not None else now + (now - called) > deadline and total >= first_round:
                return scores, total
        rounds = max(rounds - 1, 1)
        if len(active) > 2:
            active.sort(key=lambda m: sums[m] / len(scores[m]), reverse=True)
            active = active[: max(2, (len(active) + 1) // 2)]


def estimate(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0.5, the largest possible, from one value)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.5
    mean = sum(values) / n
    var = max(sum(v * v for v in values) / n - mean * mean, 0.0)
    return mean, math.sqrt(var / max(n - 1, 1)) if n > 1 else 0.5


def win_estimate(values: Sequence[float]) -> tuple[float, float]:
    """A win rate (values 0, 1/2 or 1) and its standard error, never 0 from a few deals: when every
    deal gave the same value the sample spread says nothing, so the error is the one of the rate
    shrunk towards 1/2 by one win and one loss added, sqrt(p(1-p)/(n+2)) with p = (wins+1)/(n+2)."""
    mean, se = estimate(values)
    n = len(values)
    if n > 1 and se == 0.0:
        shrunk = (sum(values) + 1) / (n + 2)
        se = math.sqrt(shrunk * (1 - shrunk) / (n + 2))
    return mean, se


def paired(scores: Sequence[float], chosen: Sequence[float]) -> tuple[float, float]:
    """A move's score minus the chosen move's, on the deals both played (the first ones), with its
    standard error: the fair comparison when a move was dropped after fewer deals."""
    return estimate([a - b for a, b in zip(scores, chosen)])


def change(
    move: M,
    chosen: M,
    results: Mapping[M, Result],
    scores: Mapping[M, Sequence[float]],
) -> tuple[float | None, float | None]:
    """``move``'s win chance minus the chosen move's, and its standard error (``None`` when exact):
    exact values subtract; estimates are compared deal by deal on the deals both played."""
    win, best = results[move][0], results[chosen][0]
    if win is None or best is None:
        return None, None
    if move == chosen:
        return 0.0, None
    if move not in scores or chosen not in scores:  # an exact value against an estimate (or two exact values)
        errors = [e for e in (results[move][1], results[chosen][1]) if e is not None]
        return win - best, math.sqrt(sum(e * e for e in errors)) if errors else None
    return paired(scores[move], scores[chosen])


def results_of(moves: Sequence[M], scores: Mapping[M, Sequence[float]]) -> dict[M, Result]:
    """Each move's win estimate, its standard error and its deals (``(None, None, 0)``: not searched)."""
    results: dict[M, Result] = {}
    for move in moves:
        found = scores.get(move)
        if found:
            mean, se = win_estimate(found)
            results[move] = (mean, se, len(found))
        else:
            results[move] = (None, None, 0)
    return results


def tempo(result: Result, turns: int | None) -> int:
    """How an exact result's distance to the end ranks it among equal values: a quicker win is
    better (``-turns``), a longer loss is better (``+turns``); 0 for an estimate, a stall, or no
    distance known."""
    win, error, _ = result
    if error is not None or win is None or turns is None:
        return 0
    return -turns if win == 1.0 else turns if win == 0.0 else 0


def ranked(
    moves: Sequence[M],
    results: Mapping[M, Result],
    scores: Mapping[M, Sequence[float]],
    turns: Mapping[M, int | None] | None = None,
    held: Mapping[M, int] | None = None,
) -> tuple[list[M], dict[M, tuple[float | None, float | None]]]:
    """The moves best first, and each one's change against the chosen one (with its standard error).

    The chosen move: a certain win (an exact 1) if there is one, the quickest first (``turns``: the
    turns to the end under best play, 1 for a move that wins at once), else the best exact value
    (among losses the longest resistance), or among the estimates the survivor of the halving (most
    deals), by mean; ties then by the stones the mover holds after the move (``held``). The others
    by their change (against the chosen move on the same deals), the same distance and stones,
    then deals; moves not searched last, in the given (heuristic) order."""
    turns = turns or {}
    held = held or {}

    def pace(m: M) -> tuple[int, int]:
        return tempo(results[m], turns.get(m)), held.get(m, 0)

    chosen = max(
        moves,
        key=lambda m: (results[m][0] == 1.0 and results[m][1] is None, results[m][0] is not None, results[m][2], results[m][0] or 0.0, *pace(m)),
    )
    changes = {m: change(m, chosen, results, scores) for m in moves}
    order = [chosen] + sorted(
        (m for m in moves if m != chosen),
        key=lambda m: (results[m][0] is not None, changes[m][0] or 0.0, *pace(m), results[m][2]),
        reverse=True,
    )
    return order, changes


def search(
    moves: Sequence[M],
    searched: Sequence[M],
    certain: Mapping[M, float],
    deal: Callable[[random.Random], S],
    play_out: Callable[[S, M, random.Random], float],
    rng: random.Random,
    window: tuple[float, float],
    iterations: int | None,
    held: Mapping[M, int] | None = None,
    batch: Batch[M] | None = None,
    measure: Batch[M] | None = None,
    costs: tuple[int, int] = (1, 1),
) -> tuple[list[M], dict[M, Result], dict[M, tuple[float | None, float | None]], int]:
    """The Monte Carlo search of both variants: ``(moves best first, each move's result, each move's
    change against the chosen one, rollouts played)``.

    ``certain`` maps the moves whose outcome is known without any deal (the game is over after them)
    to their exact value; a certain win is chosen without searching (one that ends the game with the
    most stones held, ``held``, if several do). Otherwise
    :func:`successive_halving` over ``searched`` picks the chosen move and ranks the others, then the
    chosen move plays :data:`FRESH_SHARE` of the search again on **fresh deals** (drawn after the
    search's, so independent of the deals that chose it) and its reported estimate is theirs: the
    best of several noisy estimates reads high (the winner's curse), a new sample of the one move
    does not. The choice and the changes are the search's, as without the fresh deals: with
    ``iterations`` the search plays ``iterations`` rollouts, then ``iterations / 4`` fresh deals
    (a fifth of the total); with a clock, ``window`` (start, end in ``time.perf_counter`` time) is
    split four fifths, one fifth. At least :data:`MIN_ROUND` fresh deals are played. A single
    searched move needs no fresh deals (nothing was selected). The deals and rollouts are ``batch``'s
    (:func:`successive_halving`), or without one :func:`deal_by_deal`'s of ``deal`` and ``play_out``;
    the fresh ones too (on the clock, :data:`MIN_ROUND` deals, then :func:`paced` calls of at most
    :data:`FRESH_CALL` deals while one more would end within the window). ``measure``, when given,
    plays the fresh deals instead of ``batch`` (values unbiased where the search's read high), and
    ``costs`` are the rollouts a play-out of ``batch`` and of ``measure`` plays: the rollouts
    returned count them all."""
    results: dict[M, Result] = {m: (v, None, 0) for m, v in certain.items()}
    at_once: dict[M, int | None] = {m: 1 for m in certain}  # the game ends with the move itself
    if any(v == 1.0 for v in certain.values()):
        results.update({m: (None, None, 0) for m in moves if m not in certain})
        order, changes = ranked(moves, results, {}, at_once, held)
        return order, results, changes, 0
    start, end = window
    batch = batch or deal_by_deal(deal, play_out)
    candidates = [m for m in searched if m not in certain]
    scores, playouts = successive_halving(
        candidates, deal, play_out, rng, start + (end - start) * (1 - FRESH_SHARE), iterations, batch
    )
    rollouts = playouts * costs[0]
    fresh_batch = measure or batch
    results.update({m: r for m, r in results_of(moves, scores).items() if m not in certain})
    order, changes = ranked(moves, results, scores, at_once)
    chosen = order[0]
    if chosen in scores and len(candidates) > 1:
        budget = None if iterations is None else max(MIN_ROUND, math.ceil(iterations * FRESH_SHARE / (1 - FRESH_SHARE)))
        fresh: list[float] = []
        last_call, per_deal = 0.0, 0.0  # on the clock: no call that would end past the window
        while len(fresh) < MIN_ROUND or (len(fresh) < budget if budget is not None else time.perf_counter() + last_call <= end):
            if budget is not None:
                deals = budget - len(fresh)
            else:
                deals = paced(per_deal, FRESH_CALL) if fresh else MIN_ROUND
            deals = max(deals, MIN_ROUND - len(fresh))
            called = time.perf_counter()
            fresh += [row[0] for row in fresh_batch([chosen], deals, rng.getrandbits(32))]
            last_call = time.perf_counter() - called
            per_deal = last_call / deals
        mean, se = win_estimate(fresh)
        results[chosen] = (mean, se, len(fresh))
        rollouts += len(fresh) * (costs[1] if measure is not None else costs[0])
    return order, results, changes, rollouts
