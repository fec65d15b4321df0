"""Random-versus-random self-play speed: the numba kernel, its records, and a naive baseline.

    python benchmarks/fastplay.py [--games 20000] [--expert] [--baseline-games 200]

Pinned to one core (``os.sched_setaffinity``). Prints games per second for
  (a) the kernel alone (deals made beforehand; the deals timed apart, numpy's and the kernel's);
  (b) kernel + records: ``random_game_lines`` written as JSON lines to a file (default and compact
      separators), and ``random_games`` dicts passed through ``json.dumps`` to a file (what a caller
      that builds dicts pays);
the ``schotten-lab selfplay`` command itself writing the games to a file (when the command exists),
the JIT warm-up (a fresh process with an empty numba cache, then one with the cache filled), the
``game`` engine's own random playouts with their records (when the ``game`` layer has them), and the
baseline: the same games played by a naive pure-Python loop (lists, and at every claim a fresh
``core.formations.best_completion`` scan) with the same deal and the same random stream, whose
records must equal the kernel's (exit 1 otherwise). Never a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from schotten_lab.core.cards import CARDS, FULL_DECK, Card, mask_of  # noqa: E402
from schotten_lab.core.formations import best_completion, strength_of  # noqa: E402
from schotten_lab.play.fastplay import deal_arrays, random_game_lines, random_games  # noqa: E402

MASK64 = (1 << 64) - 1
NAMES = ("south", "north")


class SplitMix64:
    """The kernel's random stream, in plain Python integers."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        m = (self.next() >> 32) * n
        if m & 0xFFFFFFFF < n:
            threshold = ((1 << 32) - n) % n
            while m & 0xFFFFFFFF < threshold:
                m = (self.next() >> 32) * n
        return m >> 32


def naive_game(seed: int, i: int, expert: bool) -> dict[str, Any]:
    """One random game, written the obvious way: lists of cards, every proof scanned from scratch."""
    rng = np.random.default_rng([seed, i])
    clan = [CARDS[c] for c in rng.permutation(54).tolist()]
    moves = SplitMix64(int(rng.bit_generator.random_raw()))
    hands = [clan[0:6], clan[6:12]]
    deck = clan[12:]
    sides: list[list[list[Card]]] = [[[], []] for _ in range(9)]
    first: list[int | None] = [None] * 9
    claimed: list[int | None] = [None] * 9
    turns: list[dict[str, Any]] = []
    player, winner, reason = i % 2, None, ""

    def won(p: int) -> str:
        held = {s for s in range(9) if claimed[s] == p}
        if len(held) >= 5:
            return "five"
        return "adjacent" if any({s, s + 1, s + 2} <= held for s in range(7)) else ""

    def claims(p: int) -> list[int]:
        nonlocal winner, reason
        made = []
        pool = FULL_DECK & ~mask_of(c for s in sides for side in s for c in side)
        for s in range(9):
            mine, theirs = sides[s][p], sides[s][1 - p]
            if claimed[s] is not None or len(mine) < 3:
                continue
            if len(theirs) == 3:
                a, b = strength_of(mine), strength_of(theirs)
                ok = a > b or (a == b and first[s] == p)
            else:
                best = best_completion(theirs, pool)
                ok = best is None or best[0].strength <= strength_of(mine)
            if ok:
                claimed[s] = p
                made.append(s + 1)
                reason = won(p)
                if reason:
                    winner = p
                    break
        return made

    while winner is None:
        made = claims(player) if expert else []
        play = None
        if winner is None:
            open_stones = [s for s in range(9) if claimed[s] is None and len(sides[s][player]) < 3]
            hand = hands[player]
            if open_stones and hand:
                j = moves.below(len(hand))
                stone = open_stones[moves.below(len(open_stones))]
                card = hand[j]
                hand[j] = hand[-1]
                hand.pop()
                sides[stone][player].append(card)
                if len(sides[stone][player]) == 3 and len(sides[stone][1 - player]) < 3:
                    first[stone] = player
                play = {"card": str(card), "stone": stone + 1}
            if not expert:
                made = claims(player)
        drawn = None
        if winner is None and play is not None and deck:
            drawn = deck.pop(0)
            hands[player].append(drawn)
        turns.append({"player": NAMES[player], "play": play, "claim": made, "draw": None if drawn is None else str(drawn)})
        player = 1 - player
    names = [str(c) for c in clan]
    return {
        "format": "schotten-lab/game@1",
        "variant": "base",
        "expert": expert,
        "players": {"south": "random", "north": "random"},
        "first": NAMES[i % 2],
        "deal": {"hands": {"south": names[0:6], "north": names[6:12]}, "clan": names[12:], "tactics": []},
        "turns": turns,
        "result": {"winner": NAMES[winner], "reason": reason, "claimed": [None if c is None else NAMES[c] for c in claimed]},
    }


class Timer:
    """Wall and CPU time of a block (the CPU time of this process is what one core delivers when
    the machine is shared; both are printed)."""

    def __enter__(self) -> Timer:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu


def rate(label: str, games: int, timer: Timer) -> str:
    per_game = timer.cpu * 1e6 / games
    return (
        f"{label:<52} {games / timer.wall:>9,.0f} games/s wall  {games / timer.cpu:>9,.0f} games/s CPU"
        f"  ({per_game:,.1f} CPU us/game, {games:,} games)"
    )


def engine_rate(seed: int, expert: bool, games: int) -> Timer | None:
    """The ``game`` layer's own random playouts (other random choices), with their records, if present."""
    try:
        from schotten_lab.game import record_from_game
        from schotten_lab.game.playout import random_game
    except ImportError:
        return None
    with Timer() as timer:
        for i in range(games):
            record_from_game(random_game("base", expert, seed=seed, index=i)).to_dict()
    return timer


def cli_rate(seed: int, expert: bool, games: int) -> Timer | None:
    """``schotten-lab selfplay`` writing ``games`` random games to a file, start-up excluded: the time of
    a run of ``games + 1000`` games minus that of a run of 1,000 (None without the command)."""
    try:
        import schotten_lab.play.selfplay  # noqa: F401
    except ImportError:
        return None
    timers = []
    with tempfile.TemporaryDirectory() as folder:
        for n in (1000, games + 1000):
            command = [sys.executable, "-m", "schotten_lab", "selfplay", "--games", str(n), "--seed", str(seed),
                       "--out", str(Path(folder) / "games.jsonl")] + (["--expert"] if expert else [])  # fmt: skip
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            with Timer() as timer:
                subprocess.run(command, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            timer.cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            timers.append(timer)
    timers[1].wall -= timers[0].wall
    timers[1].cpu -= timers[0].cpu
    return timers[1]


def warm_up_seconds(cache_dir: str) -> tuple[float, float]:
    """(wall, CPU) seconds of a fresh process from import to its first game, with ``NUMBA_CACHE_DIR=cache_dir``."""
    code = (
        "import time; t = time.perf_counter()\n"
        "from schotten_lab.play.fastplay import random_games\n"
        "next(random_games(1, 0)); print(time.perf_counter() - t)"
    )
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir, PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return float(out.stdout.strip()), cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--baseline-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--expert", action="store_true")
    parser.add_argument("--no-warm-up", action="store_true", help="skip the two fresh-process JIT timings")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    games, seed, expert = args.games, args.seed, args.expert

    cold = warm = None
    if not args.no_warm_up:
        with tempfile.TemporaryDirectory() as cache:
            cold = warm_up_seconds(cache)
            warm = warm_up_seconds(cache)
    next(random_games(1, seed))  # compile or load in this process
    from schotten_lab.play.fastplay import _kernel, deal_arrays_numpy

    kernel = _kernel()
    with Timer() as numpy_deal:
        deal_arrays_numpy(seed, range(min(games, 5000)))
    with Timer() as deal:
        clans, seeds, firsts = deal_arrays(seed, range(games))
    with Timer() as play:
        kernel.play_games(clans, seeds, firsts, expert)

    out = Path(tempfile.mkstemp(suffix=".jsonl")[1])
    try:
        with Timer() as lines, out.open("w", encoding="utf-8") as f:
            for line in random_game_lines(games, seed, expert=expert):
                f.write(line + "\n")
        size = out.stat().st_size
        with Timer() as compact, out.open("w", encoding="utf-8") as f:
            for line in random_game_lines(games, seed, expert=expert, compact=True):
                f.write(line + "\n")
        with Timer() as dicts, out.open("w", encoding="utf-8") as f:
            for record in random_games(games, seed, expert=expert):
                f.write(json.dumps(record) + "\n")
    finally:
        out.unlink()

    baseline = args.baseline_games
    with Timer() as naive_timer:
        naive = [naive_game(seed, i, expert) for i in range(baseline)]
    agree = naive == list(random_games(baseline, seed, expert=expert))
    engine = engine_rate(seed, expert, max(1, baseline // 4))
    cli = cli_rate(seed, expert, games)

    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    print(f"random vs random, {'expert' if expert else 'base'} game, seed {seed}, pinned to core {cores}, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(rate("deals, numpy default_rng (reference)", min(games, 5000), numpy_deal))
    print(rate("deals, the kernel's bit-exact copy", games, deal))
    print(rate("(a) kernel alone (deals ready)", games, play))
    print(rate("(b) kernel + JSON lines to a file", games, lines) + f"  [{size / games:,.0f} bytes/game]")
    print(rate("    same, compact separators", games, compact))
    print(rate("    kernel + dicts + json.dumps to a file", games, dicts))
    if cli is not None:
        print(rate("schotten-lab selfplay --out FILE (start-up excluded)", games, cli))
    print(rate("baseline: naive pure-Python game", baseline, naive_timer))
    if engine is not None:
        print(rate("the game engine's random playout + record", max(1, baseline // 4), engine))
    print(f"speed-up of (b) over the baseline: {naive_timer.cpu / baseline / (lines.cpu / games):,.0f}x (CPU)")
    if cold and warm:
        print(f"JIT warm-up, import to first game in a fresh process: {cold[0]:.1f} s wall / {cold[1]:.1f} s CPU with an "
              f"empty numba cache, {warm[0]:.1f} s wall / {warm[1]:.1f} s CPU once cached")
    print(f"baseline records equal the kernel's: {agree}")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
