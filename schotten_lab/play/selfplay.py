"""Self-play: many whole games between two bots, as ``schotten-lab/game@1`` records, reproducibly.

Game ``i`` of a run with seed ``S`` is fixed by ``(S, i)`` alone:

- its deal is ``game.deal(S, i, variant)``;
- south moves first in even games, north in odd games (:func:`~.loop.opening_player`: each seat
  opens half the games);
- each bot is built afresh for the game, seeded from ``(S, i, seat)`` (:func:`~.loop.bot_seed`);
- it is played by the one game loop, :func:`~.loop.play_game`.

So a run gives the same records in the same order whatever the number of processes (``jobs``) or
the Dask cluster it runs on (``dask``, :mod:`.distributed`), and
any single game can be replayed alone from its index. Random-vs-random base games may instead come
from the compiled ``fast`` kernel (``engine="fast"``, or ``"auto"`` when it is importable): those
games are also fixed by ``(S, i)``, but they are other games than the python engine's for the same
seed (the kernel draws its own random numbers).
"""

from __future__ import annotations

import importlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from ..core.reader_words import Quoted
from ..core.words import Fact, number, percent, register, render, say
from .distributed import ClusterError, Runner, ordered_map
from .loop import BotTurnError, Matchup, bot_seed, opening_player, play_game

Engine = Literal["auto", "python", "fast"]
ENGINES: tuple[Engine, ...] = ("auto", "python", "fast")


class SelfPlayError(RuntimeError):
    """A self-play run that cannot start: an unknown engine, a bad number of games. (A bot's
    illegal turn is :class:`~.loop.BotTurnError`, raised by the one game loop.) ``fact``: the message
    as a phrase (``selfplay_err.*``), said in any language by :meth:`in_words`."""

    fact: object = None

    @classmethod
    def of(cls, key: str, **fields: object) -> SelfPlayError:
        fact = Fact.of(key, **fields)
        error = cls(fact.in_words("en"))
        error.fact = fact
        return error

    def in_words(self, lang: str = "en") -> str:
        """The message in ``lang`` (its English is the ``str()``)."""
        return str(self) if lang == "en" or self.fact is None else render(self.fact, lang)


@dataclass(frozen=True, slots=True)
class EngineNames:
    """The engines a run may use: ``auto, python, fast`` / « « auto », « python » ou « fast » »."""

    names: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        if lang == "en":
            return ", ".join(self.names)
        quoted = [f"«\u00a0{name}\u00a0»" for name in self.names]
        return ", ".join(quoted[:-1]) + " ou " + quoted[-1]


Job = tuple[Matchup, int, int, int]
"""One task of a run: the matchup, the seed, and the games ``start .. stop-1``."""

FAST_MODULE = "schotten_lab.play.fastplay"
"""The compiled random-game kernel: ``random_games(games, seed, *, expert=False, start=0)`` yields the
game@1 records of random-vs-random base games ``start .. start+games-1``, game ``i`` fixed by
``(seed, i)``; ``random_game_lines(..., compact=True)`` the same records as compact JSON text."""

COMPACT = (",", ":")


def _play_range(job: Job) -> list[dict[str, Any]]:
    match, seed, start, stop = job
    return [play_game(match, seed, i) for i in range(start, stop)]


def _play_lines(job: Job) -> list[str]:
    return [json.dumps(record, separators=COMPACT) for record in _play_range(job)]


def _fast(name: str) -> Callable[..., Iterable[Any]]:
    function: Callable[..., Iterable[Any]] = getattr(importlib.import_module(FAST_MODULE), name)
    return function


def _fast_range(job: Job) -> list[dict[str, Any]]:
    match, seed, start, stop = job
    return list(_fast("random_games")(stop - start, seed, expert=match.expert, start=start))


def _fast_lines(job: Job) -> list[str]:
    match, seed, start, stop = job
    return list(_fast("random_game_lines")(stop - start, seed, expert=match.expert, start=start, compact=True))


def fast_available() -> bool:
    """Whether the compiled random-game kernel (``play/fastplay.py``, with numba) can run here."""
    try:
        module = importlib.import_module(FAST_MODULE)
    except ImportError:
        return False
    available = getattr(module, "available", None)
    return bool(available()) if callable(available) else True


def choose_engine(match: Matchup, engine: Engine) -> Literal["python", "fast"]:
    """The engine a run uses: ``fast`` only for random-vs-random base games (``auto``: when importable)."""
    if engine not in ENGINES:
        raise SelfPlayError.of("selfplay_err.engine", engine=Quoted(engine), engines=EngineNames(ENGINES))
    fits = match.south == match.north == "random" and match.variant == "base" and not match.options
    if engine == "python":
        return "python"
    if engine == "fast":
        if not fits:
            raise SelfPlayError.of("selfplay_err.fast_fits")
        if not fast_available():
            raise SelfPlayError.of("selfplay_err.fast_missing")
        return "fast"
    return "fast" if fits and fast_available() else "python"


T = TypeVar("T")


def _run(
    match: Matchup,
    games: int,
    seed: int,
    runner: Runner,
    chunk: int | None,
    work: Callable[[Job], list[T]],
    fast: bool,
) -> Iterator[T]:
    """``work`` over the games split in tasks of ``chunk`` games, run as ``runner`` says, in game order."""
    if games < 0:
        raise SelfPlayError.of("selfplay_err.games", games=str(games))
    # python games take milliseconds to seconds each: small tasks keep the progress bar moving (one
    # game at a time on one process); the fast kernel's games take microseconds: large tasks
    workers = runner.workers
    largest = 4096 if fast else 1 if not runner.parallel else 10
    size = chunk or max(1, min(largest, -(-games // (workers * 4))))
    tasks = [(match, seed, start, min(start + size, games)) for start in range(0, games, size)]
    if len(tasks) <= 1 and runner.dask is None:
        runner = Runner()  # no process pool for a single task
    for results in ordered_map(work, tasks, runner):
        yield from results


def _runner(jobs: int, dask: str | None) -> Runner:
    try:
        return Runner(jobs=jobs, dask=dask)
    except ClusterError as exc:
        raise SelfPlayError.of("selfplay_err.runner", problem=exc) from None


def selfplay(
    match: Matchup, games: int, seed: int, *, jobs: int = 1, engine: Engine = "auto", chunk: int | None = None,
    dask: str | None = None,
) -> Iterator[dict[str, Any]]:
    """The records of games ``0 .. games-1``, in game order, played on ``jobs`` processes, or on a Dask
    cluster (``dask``: a scheduler address, or ``"local"``; see :mod:`.distributed`).

    The records do not depend on ``jobs``, ``dask`` or ``chunk`` (games per task); see the module docstring.
    """
    fast = choose_engine(match, engine) == "fast"
    return _run(match, games, seed, _runner(jobs, dask), chunk, _fast_range if fast else _play_range, fast)


def selfplay_lines(
    match: Matchup, games: int, seed: int, *, jobs: int = 1, engine: Engine = "auto", chunk: int | None = None,
    dask: str | None = None,
) -> Iterator[str]:
    """The same records as :func:`selfplay`, each as one line of compact JSON (no newline): what
    ``schotten-lab selfplay`` writes. The fast kernel writes its text directly (no dicts)."""
    fast = choose_engine(match, engine) == "fast"
    return _run(match, games, seed, _runner(jobs, dask), chunk, _fast_lines if fast else _play_lines, fast)


_FIRST = re.compile(r'"first":"(south|north)"')


@dataclass
class Summary:
    """Wins per player and per seat order, end reasons and game lengths (in turns) of a run."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    first_wins: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)

    def add(self, record: Mapping[str, Any]) -> None:
        result = record.get("result") or {}
        winner = result.get("winner")
        self.games += 1
        self.wins[winner or "unfinished"] += 1
        if winner is not None and winner == record.get("first"):
            self.first_wins += 1
        self.reasons[result.get("reason") or "unfinished"] += 1
        self.lengths.append(len(record.get("turns") or ()))

    def add_line(self, line: str) -> None:
        """:meth:`add` for a record as one line of compact JSON (what :func:`selfplay_lines` yields),
        reading only the fields the summary needs: the ``result`` object (the last field), ``first``
        and the number of turns (each turn is one ``{"player":`` object). Anything else falls back
        to parsing the whole line. A test compares both ways on python and fast records."""
        at = line.rfind(',"result":')
        first = _FIRST.search(line)
        if at < 0 or first is None or not line.endswith("}"):
            self.add(json.loads(line))
            return
        try:
            result = json.loads(line[at + len(',"result":') : -1])
        except ValueError:
            self.add(json.loads(line))
            return
        self.add({"first": first.group(1), "result": result, "turns": range(line.count('{"player":'))})

    def to_dict(self) -> dict[str, Any]:
        n = len(self.lengths)
        return {
            "games": self.games,
            "wins": {"south": self.wins["south"], "north": self.wins["north"]}
            | ({"unfinished": self.wins["unfinished"]} if self.wins["unfinished"] else {}),
            "first_player_wins": self.first_wins,
            "reasons": dict(sorted(self.reasons.items())),
            "turns": {
                "min": min(self.lengths) if n else None,
                "mean": round(sum(self.lengths) / n, 2) if n else None,
                "max": max(self.lengths) if n else None,
            },
        }

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        """The summary in ``lang``: games, wins by seat (with their share), first player's wins, end
        reasons, game lengths."""
        d = self.to_dict()

        def share(count: int) -> str:
            return f" ({percent(count / self.games, lang) if lang != 'en' else f'{100 * count / self.games:.1f}%'})" if self.games else ""

        reason_names = {k: say(f"selfplay_reason_{k}", lang) if f"selfplay_reason_{k}" in SUMMARY_PHRASES else k
                        for k in d["reasons"]}
        counted = "{} ({})" if lang == "fr" else "{} {}"  # « cinq bornes (2) », "five 2"
        reasons = ", ".join(counted.format(reason_names[k], v) for k, v in d["reasons"].items()) or say("selfplay_none", lang)
        turns = d["turns"]
        south, north = d["wins"]["south"], d["wins"]["north"]
        lines = [
            say("selfplay_games", lang, n=self.games),
            say("selfplay_wins", lang, south=f"{south}{share(south)}", north=f"{north}{share(north)}"),
            say("selfplay_first", lang, n=f"{self.first_wins}{share(self.first_wins)}"),
            say("selfplay_reasons", lang, reasons=reasons),
            say("selfplay_turns", lang, min=turns["min"], mean=number(turns["mean"], lang) if turns["mean"] is not None else "None", max=turns["max"]),
        ]
        return "\n".join(lines)


SUMMARY_PHRASES = register({
    # a run that cannot start (SelfPlayError)
    "selfplay_err.engine": {"en": "unknown engine {engine}: expected one of {engines}", "fr": "moteur inconnu {engine} : {engines} attendu"},
    "selfplay_err.fast_fits": {"en": "the fast engine plays only random against random in the base game",
                               "fr": "le moteur rapide ne joue que des parties de random contre random, au jeu de base"},
    "selfplay_err.fast_missing": {"en": "the fast engine is not available (schotten_lab.play.fastplay cannot run here)",
                                  "fr": "le moteur rapide n'est pas disponible (schotten_lab.play.fastplay ne peut pas tourner ici)"},
    "selfplay_err.games": {"en": "games must be at least 0, not {games}", "fr": "le nombre de parties doit être au moins 0, et non {games}"},
    "selfplay_err.runner": {"en": "{problem}", "fr": "{problem}"},
    "selfplay_games": {"en": "games: {n}", "fr": "parties : {n}"},
    "selfplay_wins": {"en": "wins: south {south}, north {north}", "fr": "victoires : Sud {south}, Nord {north}"},
    "selfplay_first": {"en": "first player won: {n}", "fr": "victoires du premier joueur : {n}"},
    "selfplay_reasons": {"en": "reasons: {reasons}", "fr": "fins de partie : {reasons}"},
    "selfplay_none": {"en": "none", "fr": "aucune"},
    "selfplay_turns": {"en": "turns per game: min {min}, mean {mean}, max {max}", "fr": "tours par partie : au moins {min}, en moyenne {mean}, au plus {max}"},
    "selfplay_reason_five": {"en": "five", "fr": "cinq bornes"},
    "selfplay_reason_adjacent": {"en": "adjacent", "fr": "trois bornes côte à côte"},
    "selfplay_reason_blocked": {"en": "blocked", "fr": "bloquée"},
    "selfplay_reason_unfinished": {"en": "unfinished", "fr": "inachevée"},
    "selfplay_header": {
        "en": "selfplay: south {south} vs north {north}, {variant}{expert}, seed {seed}, engine {engine}, {runner}",
        "fr": "selfplay : Sud {south} contre Nord {north}, {variant}{expert}, graine {seed}, moteur {engine}, {runner}",
    },
    "selfplay_variant_base": {"en": "base", "fr": "jeu de base"},
    "selfplay_variant_tactics": {"en": "tactics", "fr": "variante tactique"},
    "selfplay_expert": {"en": " (expert)", "fr": ", variante expert"},
    "selfplay_wrote": {"en": "wrote {n} records to {name}", "fr": "{n} parties enregistrées dans {name}"},
    "selfplay_wrote_one": {"en": "wrote {n} records to {name}", "fr": "{n} partie enregistrée dans {name}"},
})  # fmt: skip
"""The words of :meth:`Summary.text` (English: the summary's historical text, reasons as their codes)."""


def summarize(records: Sequence[Mapping[str, Any]]) -> Summary:
    """The :class:`Summary` of some records."""
    summary = Summary()
    for record in records:
        summary.add(record)
    return summary


__all__ = [
    "ENGINES",
    "BotTurnError",
    "Matchup",
    "SelfPlayError",
    "Summary",
    "bot_seed",
    "choose_engine",
    "fast_available",
    "opening_player",
    "play_game",
    "selfplay",
    "selfplay_lines",
    "summarize",
]
