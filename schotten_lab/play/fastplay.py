"""Random-versus-random base games at thousands a second, as ``schotten-lab/game@1`` records.

:func:`random_games` is what ``selfplay`` uses when both players are ``random`` in the base game
(expert timing too). Each game is played by a numba kernel (:mod:`._kernel`) on arrays and bit
masks, then turned into a record (:func:`random_game_lines` writes the JSON text directly).

Game ``i`` of seed ``seed`` (the project's deal convention, ``game.deal``):
``rng = numpy.random.default_rng([seed, i])``; ``clan = rng.permutation(54)`` over card indices;
south's hand ``clan[0:6]``, north's ``clan[6:12]``, the deck ``clan[12:]`` top first; south moves
first in even games, north in odd ones. The players' choices come from a SplitMix64 stream seeded
with the next 64 raw bits of that same ``rng`` (``rng.bit_generator.random_raw()``), so a game
depends on ``(seed, i)`` only and splitting games between processes gives the same records. Building
a numpy generator costs about 20 us, so the kernel carries a bit-exact copy of numpy's
``SeedSequence``, ``PCG64`` and ``permutation`` (under 1 us; the tests compare it with numpy).

The random player (docs/reference/formats.md, "The bot line protocol"): each turn it places a uniformly random card of its hand on a
uniformly random stone with a free slot on its side (every card fits every such slot, so this is
uniform over the legal placements), claims every stone it can prove (base game: after placing;
expert: at the start of its turn, before placing) in ascending order, and stops claiming as soon
as the game is won; then it draws if the deck is not empty. A player with no legal placement
passes; a pass draws nothing (the hand is still full while the deck lasts). The game ends at once
on five stones (``"five"``, checked first) or three adjacent ones (``"adjacent"``); the turn that
ends it draws nothing.

The first call compiles the kernel (a few seconds); numba caches the machine code (``cache=True``)
in ``schotten_lab/play/__pycache__`` (or ``$NUMBA_CACHE_DIR``; numba falls back to a per-user cache
directory when the package directory is read-only), so later processes start at once.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, partial
from types import ModuleType
from typing import Any

import numpy as np

from ..core.cards import CARDS
from ..core.errors import interruption_behind
from ..core.kernel import ADJACENT, FIVE

FORMAT = "schotten-lab/game@1"
PLAYER_NAMES = ("south", "north")
REASONS = {FIVE: "five", ADJACENT: "adjacent"}
PLAYERS_FIELD = {"south": "random", "north": "random"}
BATCH = 256
"""Games played per kernel call: big enough to amortise the call, small enough to stream."""

_CARD_NAMES: tuple[str, ...] = tuple(str(c) for c in CARDS)


class FastPlayUnavailable(ImportError):
    """numba cannot be imported, so the fast kernel is unavailable (use the ``game`` engine instead)."""


def available() -> bool:
    """Whether the fast kernel can run here (numba importable)."""
    try:
        _kernel()
    except FastPlayUnavailable:
        return False
    return True


@cache
def _kernel() -> ModuleType:
    """The compiled kernel module (:mod:`._kernel`)."""
    try:
        return importlib.import_module("._kernel", __package__)
    except ImportError as error:
        raise FastPlayUnavailable(
            f"fast random self-play needs numba (pip install 'schotten-lab[game]'): {error}"
        ) from error


def _compiled(function: Any, *args: Any) -> Any:
    """``function(*args)`` for a compiled kernel function. A signal handled while it ran (Ctrl-C, or
    the command line's SIGTERM and SIGHUP) comes out of numba as a ``SystemError`` ("returned a result
    with an exception set") caused by the handler's exception: that exception is raised instead, so
    the interruption unwinds as it does from Python code (temporary files removed, exit 128 + signal)."""
    try:
        return function(*args)
    except SystemError as error:
        stop = interruption_behind(error)
        if stop is not None:
            raise stop from None
        raise


def _check_arguments(games: int, seed: int, start: int, expert: bool) -> None:
    if not isinstance(expert, (bool, np.bool_)):
        raise ValueError(f"expert must be True or False, not {expert!r}")
    for name, value in (("games", games), ("seed", seed), ("start", start)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"{name} must be a non-negative integer, not {value!r}")
    if start + games >= 1 << 62:
        raise ValueError(f"start + games must stay below 2**62, not {start + games}")


def seed_words(seed: int) -> np.ndarray:
    """A non-negative seed as numpy's ``SeedSequence`` reads it: little-endian 32-bit words."""
    seed = int(seed)
    words = [seed >> shift & 0xFFFFFFFF for shift in range(0, max(seed.bit_length(), 1), 32)]
    return np.array(words, dtype=np.uint64)


def deal_arrays(seed: int, indices: range) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's inputs for games ``indices`` (consecutive): the shuffled clan cards, the move
    seeds and the first players; the kernel's bit-exact copy of ``default_rng([seed, i])``."""
    clans, seeds = _compiled(_kernel().deal_games, seed_words(seed), indices.start, len(indices))
    firsts = (np.arange(indices.start, indices.stop) % 2).astype(np.int8)
    return clans, seeds, firsts


def deal_arrays_numpy(seed: int, indices: range) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`deal_arrays` made by numpy itself (``default_rng([seed, i])``), for tests and benchmarks."""
    clans = np.empty((len(indices), 54), dtype=np.int8)
    seeds = np.empty(len(indices), dtype=np.uint64)
    for row, i in enumerate(indices):
        rng = np.random.default_rng([seed, i])
        clans[row] = rng.permutation(54)
        seeds[row] = rng.bit_generator.random_raw()
    firsts = np.fromiter((i % 2 for i in indices), dtype=np.int8, count=len(indices))
    return clans, seeds, firsts


class _Batch:
    """The kernel's output for consecutive games, as Python lists (one ``tolist`` per array)."""

    def __init__(self, seed: int, indices: range, expert: bool) -> None:
        clans, seeds, firsts = deal_arrays(seed, indices)
        out = _compiled(_kernel().play_games, clans, seeds, firsts, expert)
        offsets, players, cards, stones, claims, draws, results, claimed = out
        self.indices = indices
        self.clans: list[list[int]] = clans.tolist()
        self.firsts: list[int] = firsts.tolist()
        self.offsets: list[int] = offsets.tolist()
        self.players: list[int] = players.tolist()
        self.cards: list[int] = cards.tolist()
        self.stones: list[int] = stones.tolist()
        self.claims: list[int] = claims.tolist()
        self.draws: list[int] = draws.tolist()
        self.results: list[list[int]] = results.tolist()
        self.claimed: list[list[int]] = claimed.tolist()


_CLAIM_LISTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s + 1 for s in range(9) if mask >> s & 1) for mask in range(512)
)


def _batches(games: int, seed: int, expert: bool, start: int) -> Iterator[_Batch]:
    _check_arguments(games, seed, start, expert)
    expert = bool(expert)
    _kernel()
    for low in range(start, start + games, BATCH):
        yield _Batch(seed, range(low, min(low + BATCH, start + games)), expert)


def random_games(games: int, seed: int, *, expert: bool = False, start: int = 0) -> Iterator[dict[str, Any]]:
    """Records of random-versus-random base games ``start .. start + games - 1`` of ``seed``.

    Raises :class:`FastPlayUnavailable` (an ``ImportError``) when numba is missing, and
    ``ValueError`` for a negative or non-integer count, seed or start, or a non-boolean ``expert``.
    """
    expert = bool(expert) if isinstance(expert, np.bool_) else expert
    names, claim_lists, player_names = _CARD_NAMES, _CLAIM_LISTS, PLAYER_NAMES
    for batch in _batches(games, seed, expert, start):
        players, cards, stones, claims, draws = batch.players, batch.cards, batch.stones, batch.claims, batch.draws
        for row in range(len(batch.indices)):
            clan = [names[c] for c in batch.clans[row]]
            turns: list[dict[str, Any]] = [
                {
                    "player": player_names[players[t]],
                    "play": None if cards[t] < 0 else {"card": names[cards[t]], "stone": stones[t]},
                    "claim": list(claim_lists[claims[t]]),
                    "draw": None if draws[t] < 0 else names[draws[t]],
                }
                for t in range(batch.offsets[row], batch.offsets[row + 1])
            ]
            winner, reason = batch.results[row]
            yield {
                "format": FORMAT,
                "variant": "base",
                "expert": expert,
                "players": dict(PLAYERS_FIELD),
                "first": PLAYER_NAMES[batch.firsts[row]],
                "deal": {"hands": {"south": clan[0:6], "north": clan[6:12]}, "clan": clan[12:], "tactics": []},
                "turns": turns,
                "result": {
                    "winner": PLAYER_NAMES[winner],
                    "reason": REASONS[reason],
                    "claimed": [None if c < 0 else PLAYER_NAMES[c] for c in batch.claimed[row]],
                },
            }


@dataclass(frozen=True)
class _Texts:
    """Pieces of JSON text for one choice of separators (``json.dumps``'s ``", "``/``": "`` or compact)."""

    turn_heads: tuple[str, ...]
    """A turn up to its claim list, indexed by ``(player * 55 + card + 1) * 10 + stone``."""
    claims: tuple[str, ...]
    draws: tuple[str, ...]
    comma: str
    colon: str

    def dumps(self, value: object) -> str:
        return json.dumps(value, separators=(self.comma, self.colon))


@cache
def _texts(compact: bool) -> _Texts:
    comma, colon = (",", ":") if compact else (", ", ": ")
    dumps = partial(json.dumps, separators=(comma, colon))
    heads = [""] * (2 * 55 * 10)
    for p, name in enumerate(PLAYER_NAMES):
        start = dumps({"player": name, "play": None, "claim": None})
        heads[(p * 55) * 10] = start[: -len("null}")]
        for c, card in enumerate(_CARD_NAMES):
            for stone in range(1, 10):
                start = dumps({"player": name, "play": {"card": card, "stone": stone}, "claim": None})
                heads[(p * 55 + c + 1) * 10 + stone] = start[: -len("null}")]
    claims = tuple(dumps(list(c)) for c in _CLAIM_LISTS)
    draws = tuple(comma + dumps({"draw": d})[1:] for d in (None, *_CARD_NAMES))
    return _Texts(tuple(heads), claims, draws, comma, colon)


def random_game_lines(
    games: int, seed: int, *, expert: bool = False, start: int = 0, compact: bool = False
) -> Iterator[str]:
    """The same games as :func:`random_games`, each exactly as ``json.dumps(record)`` writes it (with
    ``compact``: ``json.dumps(record, separators=(",", ":"))``), no newline; built from precomputed
    pieces of text, about four times faster than building dicts and dumping them."""
    expert = bool(expert) if isinstance(expert, np.bool_) else expert
    texts, names = _texts(compact), _CARD_NAMES
    heads, claim_texts, draw_texts, comma, colon = texts.turn_heads, texts.claims, texts.draws, texts.comma, texts.colon
    opening = texts.dumps({"format": FORMAT, "variant": "base", "expert": expert, "players": PLAYERS_FIELD})
    opening = opening[:-1] + comma
    player_texts = tuple(texts.dumps(p) for p in PLAYER_NAMES)
    owner_texts = {-1: "null", 0: player_texts[0], 1: player_texts[1]}
    reason_texts = {k: texts.dumps(v) for k, v in REASONS.items()}
    for batch in _batches(games, seed, expert, start):
        players, cards, stones = batch.players, batch.cards, batch.stones
        claims, draws = batch.claims, batch.draws
        for row in range(len(batch.indices)):
            clan = ['"' + names[c] + '"' for c in batch.clans[row]]
            low, high = batch.offsets[row], batch.offsets[row + 1]
            turns = comma.join([
                heads[(players[t] * 55 + cards[t] + 1) * 10 + stones[t]] + claim_texts[claims[t]]
                + draw_texts[draws[t] + 1]
                for t in range(low, high)
            ])  # fmt: skip
            winner, reason = batch.results[row]
            claimed = comma.join([owner_texts[c] for c in batch.claimed[row]])
            yield (
                f'{opening}"first"{colon}{player_texts[batch.firsts[row]]}{comma}'
                f'"deal"{colon}{{"hands"{colon}{{"south"{colon}[{comma.join(clan[0:6])}]{comma}'
                f'"north"{colon}[{comma.join(clan[6:12])}]}}{comma}'
                f'"clan"{colon}[{comma.join(clan[12:])}]{comma}"tactics"{colon}[]}}{comma}"turns"{colon}[{turns}]{comma}'
                f'"result"{colon}{{"winner"{colon}{player_texts[winner]}{comma}"reason"{colon}{reason_texts[reason]}{comma}'
                f'"claimed"{colon}[{claimed}]}}}}'
            )


__all__ = [
    "FastPlayUnavailable",
    "available",
    "deal_arrays",
    "deal_arrays_numpy",
    "random_game_lines",
    "random_games",
    "seed_words",
]
