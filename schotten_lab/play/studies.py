"""Studies by self-play, as tidy pandas tables: the first player's edge, folk wisdom, tournaments.

Every rate comes with its 95% intervals: Wilson's (:func:`~.arena.wilson`) and the exact binomial
(Clopper-Pearson) one, plus the exact two-sided binomial test of "no edge" (rate 1/2). A stalled
game (nobody can ever play or claim again) scores one half; the exact interval then uses the
score rounded down for its lower end and up for its upper end (so it only widens).

- **The first player** (:func:`first_player_games`, :func:`random_first_player_games`,
  :func:`first_player_table`): two copies of one bot; game ``g`` is the seeded deal ``(seed, g)``,
  the first player moves first. One row per game, then one summary row per bot. Seen from the seat
  of the player who moves first.
- **Sampling error** (:func:`running_estimate`, :func:`fair_coin_table`): the estimate and its
  interval after each game; the exact law of a fair coin's wins as fractions, for a class.
- **Which stones decide games** (:func:`stone_table`, :func:`endings_table`): how often the player
  holding stone ``s`` at the end won; how games ended (three adjacent stones or five).
- **Folk wisdom** (:func:`folk_games`, :func:`folk_table`): a :class:`~..bots.folk.FolkBot` variant
  against the baseline policy on the same deals, each deal played twice with the seats swapped
  (the duplicate format of bridge: both bots get the same cards, so luck cancels out in the pair).
  Seen from the variant's seat.
- **Tournament** (:func:`tournament`, :func:`rating_intervals`): a round robin
  (:func:`~.tournament.round_robin`) and its Elo-style ratings with bootstrap intervals.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import Bot, Budget, make_bot
from ..bots.advisor import PolicyBot
from ..bots.folk import ADVICE, FolkBot, check_advice
from ..core.words import NBSP, check_lang, number
from .arena import GameResult, timed_game, wilson
from .distributed import Runner, ordered_map
from .tournament import BotMaker, ratings, round_robin

if TYPE_CHECKING:
    import pandas as pd

OWNER = {0: "F", 1: "S", -1: "."}
"""A stone's owner at the end, seen from the first player: ``F`` first, ``S`` second, ``.`` nobody."""
GAME_COLUMNS = ["bot", "game", "first_score", "reason", "turns", "claimed", "seconds_per_move"]


def bot_maker(name: str) -> BotMaker:
    """A study bot by name: ``random``, ``greedy``, ``policy`` (the advisor's rollout policy, no search)
    or ``advisor-N`` (the advisor at N rollouts a move, reproducible); built afresh and seeded per game."""
    if name == "policy":
        return lambda g: PolicyBot(seed=g)
    if name.startswith("advisor-"):
        try:
            iterations = int(name.removeprefix("advisor-"))
        except ValueError:
            raise ValueError(f"bot: {name!r} is not advisor-N with N rollouts a move") from None
        budget = Budget(rollouts=iterations)  # checks N now, not in the middle of a study
        return lambda g: make_bot("advisor", budget=budget, seed=g)
    if name not in ("random", "greedy"):
        raise ValueError(f"bot: unknown {name!r}, expected random, greedy, policy or advisor-N")
    return lambda g: make_bot(name, seed=g)


def binomial_summary(score: float, games: int) -> dict[str, float]:
    """A rate ``score / games`` with its 95% Wilson and exact (Clopper-Pearson) intervals and the
    exact two-sided binomial test's p-value against a rate of 1/2 (score rounded to whole games)."""
    from scipy.stats import beta, binomtest

    if games <= 0:
        raise ValueError(f"games: must be positive, not {games}")
    if not 0 <= score <= games:
        raise ValueError(f"score: must lie between 0 and games ({games}), not {score}")
    low, high = wilson(score, games)
    down, up = math.floor(score), math.ceil(score)
    exact_low = 0.0 if down == 0 else float(beta.ppf(0.025, down, games - down + 1))
    exact_high = 1.0 if up == games else float(beta.ppf(0.975, up + 1, games - up))
    p_value = float(binomtest(round(score), games, 0.5).pvalue)
    return {
        "rate": score / games,
        "ci_low": low,
        "ci_high": high,
        "exact_low": min(exact_low, score / games),
        "exact_high": max(exact_high, score / games),
        "p_value": p_value,
    }


def elo_gap(rate: float) -> float:
    """The Elo-scale gap that makes ``rate`` the expected score (400 log10 of the odds; +-inf at 1 or 0)."""
    if rate <= 0:
        return -math.inf
    if rate >= 1:
        return math.inf
    return 400 * math.log10(rate / (1 - rate))


# ---- the first player -------------------------------------------------------------------------


def _first_player_row(label: str, game: int, result: GameResult) -> tuple[Any, ...]:
    score = 0.5 if result.winner < 0 else float(result.winner == 0)
    decisions = sum(result.decisions)
    per_move = sum(result.seconds) / decisions if decisions else 0.0
    claimed = "".join(OWNER[o] for o in result.claimed)
    return (label, game, score, result.reason, result.turns, claimed, per_move)


def first_player_games(
    make: BotMaker | str,
    games: int,
    seed: int = 0,
    label: str = "bot",
    progress: Callable[[int], None] | None = None,
    runner: Runner = Runner(),
) -> pd.DataFrame:
    """``games`` games between two copies of one bot on the engine: one row per game.

    Game ``g`` is the seeded deal ``(seed, g)``; the first player (south) is ``make(2 g)``, the second
    ``make(2 g + 1)``. ``first_score`` is 1, 0 or 1/2 (stalled); ``claimed`` the stones' owners at the
    end as nine letters (:data:`OWNER`). ``make`` may be a :func:`bot_maker` name: then the games can
    run on other processes or a Dask cluster (``runner``), with the same rows in the same order.
    """
    import pandas as pd

    if isinstance(make, str):
        tasks = ((make, label, seed, g) for g in range(games))
        results: Iterable[tuple[Any, ...]] = ordered_map(_first_player_game, tasks, runner)
    elif runner.parallel:
        raise ValueError("runner: games on other processes need the bot by name (see bot_maker), not a function")
    else:
        results = (_first_player_row(label, g, timed_game((make(2 * g), make(2 * g + 1)), seed, index=g)) for g in range(games))
    rows = []
    for g, row in enumerate(results):
        rows.append(row)
        if progress is not None:
            progress(g)
    return pd.DataFrame(rows, columns=GAME_COLUMNS)


def _first_player_game(task: tuple[str, str, int, int]) -> tuple[Any, ...]:
    """One game of :func:`first_player_games` from a picklable task ``(bot name, label, seed, g)``."""
    name, label, seed, g = task
    make = bot_maker(name)
    return _first_player_row(label, g, timed_game((make(2 * g), make(2 * g + 1)), seed, index=g))


def random_first_player_games(games: int, seed: int = 0, label: str = "random (fast)") -> pd.DataFrame:
    """The same table for random-versus-random games played by the compiled kernel
    (:mod:`.fastplay`, thousands a second; its own games for ``(seed, g)``, first player alternating
    between the seats)."""
    import pandas as pd

    from .fastplay import random_games

    rows = []
    for g, record in enumerate(random_games(games, seed)):
        first = record["first"]
        winner = record["result"]["winner"]
        claimed = "".join("." if o is None else ("F" if o == first else "S") for o in record["result"]["claimed"])
        score = 0.5 if winner is None else float(winner == first)
        rows.append((label, g, score, record["result"]["reason"], len(record["turns"]), claimed, 0.0))
    return pd.DataFrame(rows, columns=GAME_COLUMNS)


def first_player_table(per_game: pd.DataFrame) -> pd.DataFrame:
    """One row per bot: games, the first player's score, stalled games, the rate with its intervals,
    the p-value of "no edge", the edge (rate - 1/2) and its Elo-scale gap, seconds per move."""
    import pandas as pd

    rows = []
    for bot, group in per_game.groupby("bot", sort=False):
        games = len(group)
        score = float(group["first_score"].sum())
        summary = binomial_summary(score, games)
        rows.append(
            {
                "bot": bot,
                "games": games,
                "first_score": score,
                "stalled": int((group["first_score"] == 0.5).sum()),
                **summary,
                "edge": summary["rate"] - 0.5,
                "elo_gap": elo_gap(summary["rate"]),
                "seconds_per_move": float(group["seconds_per_move"].mean()),
            }
        )
    return pd.DataFrame(rows)


# ---- sampling error, for teachers ----------------------------------------------------------------


def running_estimate(scores: Iterable[float], at: Sequence[int] | None = None) -> pd.DataFrame:
    """The estimate after each game (or after the game counts ``at``): games, score, rate and its
    95% Wilson interval, and the interval's half-width (which shrinks like 1/sqrt(games))."""
    import pandas as pd

    values = list(scores)
    wanted = set(range(1, len(values) + 1)) if at is None else {n for n in at if 1 <= n <= len(values)}
    rows = []
    total = 0.0
    for n, value in enumerate(values, 1):
        total += value
        if n in wanted:
            low, high = wilson(total, n)
            rows.append((n, total, total / n, low, high, (high - low) / 2))
    return pd.DataFrame(rows, columns=["games", "score", "rate", "ci_low", "ci_high", "half_width"])


def log_spaced(stop: int, points: int = 60) -> list[int]:
    """About ``points`` game counts from 1 to ``stop``, evenly spaced on a log scale (for plots)."""
    if stop < 1:
        return []
    return sorted({max(1, round(stop ** (i / (points - 1)))) for i in range(points)} | {stop})


def fair_coin_table(games: int) -> pd.DataFrame:
    """The exact law of the first player's wins in ``games`` games if the seat gave no edge (a fair
    coin): for each count ``k``, the number of win/loss sequences C(games, k), its probability and
    the probability of a count at least as far from games/2, as exact fractions (``Fraction``)."""
    import pandas as pd

    if games < 1:
        raise ValueError(f"games: must be positive, not {games}")
    total = 2**games
    ways = [math.comb(games, k) for k in range(games + 1)]
    rows = []
    for k in range(games + 1):
        distance = abs(2 * k - games)
        as_far = sum(w for j, w in enumerate(ways) if abs(2 * j - games) >= distance)
        rows.append((k, ways[k], Fraction(ways[k], total), Fraction(as_far, total)))
    return pd.DataFrame(rows, columns=["wins", "ways", "probability", "as_far_from_half"])


# ---- which stones decide games ---------------------------------------------------------------------


def stone_table(per_game: pd.DataFrame) -> pd.DataFrame:
    """Per bot and stone: of the games in which the stone was claimed, how often its holder won the
    game, with intervals. A measurement over finished games, not an experiment: holding a stone and
    winning may share causes (a stronger hand wins both)."""
    import pandas as pd

    rows = []
    for bot, group in per_game.groupby("bot", sort=False):
        decided = group[group["first_score"] != 0.5]
        winners = ["F" if score == 1.0 else "S" for score in decided["first_score"]]
        for stone in range(9):
            owners = [claimed[stone] for claimed in decided["claimed"]]
            held = sum(o != "." for o in owners)
            holder_won = sum(o == w for o, w in zip(owners, winners))
            row: dict[str, Any] = {"bot": bot, "stone": stone + 1, "games": len(decided), "claimed": held}
            row["holder_won"] = holder_won
            row.update(binomial_summary(holder_won, held) if held else {"rate": math.nan})
            rows.append(row)
    return pd.DataFrame(rows)


def endings_table(per_game: pd.DataFrame) -> pd.DataFrame:
    """Per bot: how the games ended, and the share won on three adjacent stones with its intervals."""
    import pandas as pd

    rows = []
    for bot, group in per_game.groupby("bot", sort=False):
        counts = group["reason"].value_counts()
        adjacent, five = int(counts.get("adjacent", 0)), int(counts.get("five", 0))
        row: dict[str, Any] = {"bot": bot, "games": len(group), "adjacent": adjacent, "five": five}
        row["blocked"] = len(group) - adjacent - five
        row.update(binomial_summary(adjacent, adjacent + five) if adjacent + five else {"rate": math.nan})
        rows.append(row)
    return pd.DataFrame(rows)


# ---- folk wisdom ----------------------------------------------------------------------------------


def folk_games(
    advice: str,
    deals: int,
    seed: int = 0,
    baseline: str | None = None,
    progress: Callable[[int], None] | None = None,
    runner: Runner = Runner(),
) -> pd.DataFrame:
    """The variant following ``advice`` against the ``baseline`` (``None``: the plain policy) on
    ``deals`` seeded deals, each played twice (the variant first, then second): one row per game,
    ``variant_score`` 1, 0 or 1/2 from the variant's seat. The deals may run on other processes or a
    Dask cluster (``runner``): the same rows in the same order."""
    import pandas as pd

    check_advice(advice)
    check_advice(baseline)
    rows = []
    tasks = ((advice, baseline, seed, d) for d in range(deals))
    for d, pair in enumerate(ordered_map(_folk_deal, tasks, runner)):
        rows.extend(pair)
        if progress is not None:
            progress(d)
    return pd.DataFrame(rows, columns=["advice", "deal", "variant_seat", "variant_score", "reason", "turns"])


def _folk_deal(task: tuple[str, str | None, int, int]) -> list[tuple[Any, ...]]:
    """Both games of one deal of :func:`folk_games` (the variant first, then second)."""
    advice, baseline, seed, deal = task
    variant, base = FolkBot(advice), FolkBot(baseline)
    rows = []
    for variant_first in (True, False):
        bots: tuple[Bot, Bot] = (variant, base) if variant_first else (base, variant)
        result = timed_game(bots, seed, index=deal)
        seat = 0 if variant_first else 1
        score = 0.5 if result.winner < 0 else float(result.winner == seat)
        rows.append((advice, deal, "first" if variant_first else "second", score, result.reason, result.turns))
    return rows


def verdict(ci_low: float, ci_high: float) -> str:
    """``"held up"`` when the whole 95% interval of the variant's rate lies above 1/2,
    ``"backfired"`` when it lies below, else ``"no effect shown"``."""
    if ci_low > 0.5:
        return "held up"
    if ci_high < 0.5:
        return "backfired"
    return "no effect shown"


def folk_table(per_game: pd.DataFrame) -> pd.DataFrame:
    """One row per advice: games, the variant's score and rate with intervals against the baseline,
    the Elo-scale gap, the p-value of "no effect", how often the two games of a deal were split
    (each bot won once: the advice changed nothing that mattered), and the verdict."""
    import pandas as pd

    rows = []
    for advice, group in per_game.groupby("advice", sort=False):
        games = len(group)
        score = float(group["variant_score"].sum())
        summary = binomial_summary(score, games)
        pair_scores = group.groupby("deal")["variant_score"].sum()
        rows.append(
            {
                "advice": advice,
                "saying": ADVICE[str(advice)],
                "games": games,
                "variant_score": score,
                **summary,
                "elo_gap": elo_gap(summary["rate"]),
                "split_deals": float((pair_scores == 1.0).mean()),
                "verdict": verdict(summary["ci_low"], summary["ci_high"]),
            }
        )
    return pd.DataFrame(rows)


# ---- tournament ------------------------------------------------------------------------------------


def tournament(bots: Mapping[str, BotMaker], games: int, seed: int = 0) -> pd.DataFrame:
    """A round robin (:func:`~.tournament.round_robin`): one row per ordered pair, seats alternating,
    with exact intervals and the p-value added to its Wilson ones."""
    table = round_robin(bots, games, seed=seed)
    exact = [binomial_summary(float(s), int(g)) for s, g in zip(table["score"], table["games"])]
    table["exact_low"] = [e["exact_low"] for e in exact]
    table["exact_high"] = [e["exact_high"] for e in exact]
    table["p_value"] = [e["p_value"] for e in exact]
    return table


def rating_intervals(results: pd.DataFrame, resamples: int = 200, seed: int = 0, level: float = 0.95) -> pd.DataFrame:
    """The :func:`~.tournament.ratings` of a round robin with bootstrap intervals: each pair's score
    is redrawn from a binomial law at its observed rate (a parametric bootstrap), the ratings refitted,
    and the central ``level`` share of the refitted ratings kept."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    elo = ratings(results)
    pairs = [row for row in results.itertuples() if str(row.bot) < str(row.opponent)]
    fits = []
    for _ in range(resamples):
        rows = []
        for row in pairs:
            games = int(row.games)
            score = float(rng.binomial(games, float(row.score) / games))
            rows.append((row.bot, row.opponent, games, score))
            rows.append((row.opponent, row.bot, games, games - score))
        fits.append(ratings(pd.DataFrame(rows, columns=["bot", "opponent", "games", "score"])))
    sampled = pd.DataFrame(fits)
    tail = (1 - level) / 2
    return pd.DataFrame(
        {
            "bot": elo.index,
            "elo": elo.to_numpy(),
            "elo_low": [float(sampled[b].quantile(tail)) for b in elo.index],
            "elo_high": [float(sampled[b].quantile(1 - tail)) for b in elo.index],
        }
    )


FILES: dict[str, tuple[str, ...]] = {
    "first": ("first_player", "first_player_running", "stones", "endings"),
    "folk": ("folk",),
    "tournament": ("tournament", "ratings"),
}
"""The tables each study writes (``<name>.csv``), beside its ``<study>.json`` (command, sizes, seconds)."""


def read_study(folder: str | Path, study: str) -> tuple[dict[str, Any], dict[str, pd.DataFrame]]:
    """A committed run of ``study`` (a key of :data:`FILES`) from ``folder``: its ``<study>.json``
    (the command that made it, sizes, seconds) and its tables by name."""
    import pandas as pd

    if study not in FILES:
        raise ValueError(f"study: unknown {study!r}, expected one of {', '.join(FILES)}")
    folder = Path(folder)
    meta = json.loads((folder / f"{study}.json").read_text())
    return meta, {name: pd.read_csv(folder / f"{name}.csv") for name in FILES[study]}


def rate_text(rate: float, low: float, high: float, lang: str = "en") -> str:
    """``"50.2% (49.9-50.4%)"``: a rate and its interval in percent, one decimal; in French
    « 50,2 % (49,9–50,4 %) » (decimal comma, a no-break space before ``%``)."""
    if check_lang(lang) == "en":
        return f"{100 * rate:.1f}% ({100 * low:.1f}\u2013{100 * high:.1f}%)"
    return f"{number(100 * rate, lang, 1)}{NBSP}% ({number(100 * low, lang, 1)}\u2013{number(100 * high, lang, 1)}{NBSP}%)"


def with_rate_text(table: pd.DataFrame, column: str = "rate_95ci", lang: str = "en") -> pd.DataFrame:
    """``table`` with a ``column`` of :func:`rate_text` (Wilson interval) for display, in ``lang``."""
    texts = [rate_text(r, lo, hi, lang) for r, lo, hi in zip(table["rate"], table["ci_low"], table["ci_high"])]
    return table.assign(**{column: texts})


def timed(function: Callable[[], pd.DataFrame]) -> tuple[pd.DataFrame, float]:
    """``function()`` and the seconds it took (wall clock)."""
    started = time.perf_counter()
    table = function()
    return table, time.perf_counter() - started


__all__ = [
    "binomial_summary",
    "bot_maker",
    "elo_gap",
    "endings_table",
    "fair_coin_table",
    "first_player_games",
    "first_player_table",
    "folk_games",
    "folk_table",
    "log_spaced",
    "random_first_player_games",
    "rate_text",
    "read_study",
    "with_rate_text",
    "rating_intervals",
    "running_estimate",
    "stone_table",
    "timed",
    "tournament",
    "verdict",
]
