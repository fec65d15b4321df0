"""Benchmarks of the exact analysis, each beside its slow twin (plain itertools enumeration).

    python benchmarks/run.py [--repeat 50]

Prints a table of median times (time.perf_counter, or time.process_time with --cpu; after a warm-up call) and the speed-up over the
slow twin, checks that both give the same answers, and compares the medians with the targets of
issue 2 (base game) and issue 4 (tactics) on a 2-core machine. Never run as a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import slow_twins as slow  # noqa: E402

from schotten_lab.analysis import analyze as analyze_cached, claim, stone_outcome  # noqa: E402
from schotten_lab.analysis.viewer import clear_caches  # noqa: E402
from schotten_lab.core import Position  # noqa: E402
from schotten_lab.core.cards import CARDS  # noqa: E402
from schotten_lab.core.rules import PLAYERS, RuleSet  # noqa: E402


def analyze(*args: Any, **kwargs: Any) -> Any:
    """analyze() with the viewer caches emptied first: the figures time the computation, not a look-up."""
    clear_caches()
    return analyze_cached(*args, **kwargs)


POSITIONS = ROOT / "data" / "positions"
EMPTY_SOUTH_HANDS = 25
JOKER_MUD = "[JOKER]G7-P2P3+mud/-/Y3-B9/-/-/-/-/-/- R7G3B6Y6P8N1[TRAITOR] ?7 s d37 tactics t6 p1:1"
"""An early tactics position: stone 1 under Mud fight, south's Joker and G7 against north's P2 P3 (48-card pool)."""
"""South hands the slow empty-vs-empty twin really enumerates before extrapolating to all 24,804."""


def load(name: str) -> Position:
    return Position.from_json((POSITIONS / name).read_text(encoding="utf-8"))


CLOCK = time.perf_counter
"""The timer: wall time, or ``time.process_time`` with ``--cpu`` (a shared machine's other jobs do not count)."""


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    """Median time of ``fn`` over ``repeat`` calls (:data:`CLOCK`), after one warm-up call."""
    fn()
    times = []
    for _ in range(repeat):
        start = CLOCK()
        fn()
        times.append(CLOCK() - start)
    return statistics.median(times)


def fmt_ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:,.3f}" if ms < 1 else f"{ms:,.2f}" if ms < 100 else f"{ms:,.0f}"


def fast_claims(position: Position) -> dict[tuple[int, str], tuple[bool, tuple[int, int] | None]]:
    out = {}
    for number in range(1, 10):
        for p in PLAYERS:
            v = claim(position, number, p)
            f = v.counter_formation
            out[number, p.value] = (v.claimable, None if f is None else (int(f.rank), f.total))
    return out


def slow_claims(position: Position) -> dict[tuple[int, str], tuple[bool, tuple[int, int] | None]]:
    twin = slow.tactics_claim if position.rules.tactics else slow.claim
    return {(n, p.value): twin(position, n, p.value) for n in range(1, 10) for p in PLAYERS}


Verdict = tuple[bool, "tuple[int, int] | None"]
StoneFacts = tuple[dict[str, Verdict], dict[str, dict[str, Fraction]], tuple[Fraction, Fraction, Fraction]]


def fast_analysis_facts(position: Position) -> dict[int, StoneFacts | None]:
    """The fast analysis in the slow twin's shape, to compare answers."""
    result = analyze(position)
    out: dict[int, StoneFacts | None] = {}
    for s in result.stones:
        if s.claims is None or s.odds is None or s.outcome is None:
            out[s.number] = None
            continue
        claims = {}
        for p in PLAYERS:
            v = s.claims[p]
            f = v.counter_formation
            claims[p.value] = (v.claimable, None if f is None else (int(f.rank), f.total))
        odds = {p.value: {r.key: s.odds[p].ranks[r] for r in s.odds[p].ranks} for p in PLAYERS}
        out[s.number] = (claims, odds, (s.outcome.south, s.outcome.north, s.outcome.tie))
    return out


def same_analysis(fast: dict[int, StoneFacts | None], twin: dict[int, slow.StoneFacts | None]) -> bool:
    for number, entry in twin.items():
        mine = fast[number]
        if entry is None or mine is None:
            if entry is not mine:
                return False
            continue
        f_claims, f_odds, f_out = mine
        s_claims, s_odds, s_out = entry
        if f_claims != s_claims or f_out != s_out:
            return False
        if any(f_odds[p][k] != s_odds[p][k] for p in s_odds for k in s_odds[p]):
            return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=50, help="timed calls of each fast computation")
    parser.add_argument("--slow-repeat", type=int, default=3, help="timed calls of each slow twin")
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process instead of wall time")
    args = parser.parse_args(argv)
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time

    midgame = load("13_midgame.json")  # every stone has cards on both sides: the slow twin can finish
    early = load("03_three_eights_r8_unseen.json")  # seven empty stones
    empty = Position.empty()
    rows: list[tuple[str, float, float | None, str, str, str]] = []

    # 1. all 18 (stone, player) claim checks of a midgame position
    fast = median_seconds(lambda: fast_claims(midgame), args.repeat)
    twin = median_seconds(lambda: slow_claims(midgame), args.slow_repeat)
    agree = "yes" if fast_claims(midgame) == slow_claims(midgame) else "NO"
    rows.append(("claims, all 18 pairs (midgame)", fast, twin, agree, "", ""))
    empty_side = load("09_empty_opposite_side.json")  # complete sides facing empty ones
    fast = median_seconds(lambda: fast_claims(empty_side), args.repeat)
    twin = median_seconds(lambda: slow_claims(empty_side), args.slow_repeat)
    agree = "yes" if fast_claims(empty_side) == slow_claims(empty_side) else "NO"
    rows.append(("claims, all 18 pairs (empty opposite sides)", fast, twin, agree, "", ""))

    # 2. a single claim check: the opponent has 2 cards; then an empty opposite side (all 3-card hands)
    fast = median_seconds(lambda: claim(midgame, 5, "south"), args.repeat * 10)
    twin = median_seconds(lambda: slow.claim(midgame, 5, "south"), args.slow_repeat)
    agree = "yes" if fast_claims(midgame)[5, "south"] == slow.claim(midgame, 5, "south") else "NO"
    rows.append(("single claim (midgame, stone 5)", fast, twin, agree, "< 0.5 ms", _verdict(fast, 0.0005)))
    fast = median_seconds(lambda: claim(empty_side, 2, "south"), args.repeat * 10)
    twin = median_seconds(lambda: slow.claim(empty_side, 2, "south"), args.slow_repeat)
    agree = "yes" if fast_claims(empty_side)[2, "south"] == slow.claim(empty_side, 2, "south") else "NO"
    rows.append(("single claim (empty opposite side)", fast, twin, agree, "< 0.5 ms", _verdict(fast, 0.0005)))

    # 3. exact outcome of a stone with both sides empty (the whole deck as pool)
    fast = median_seconds(lambda: stone_outcome(empty, 1), args.repeat)
    pool = list(CARDS)
    start = CLOCK()
    slow.empty_outcome_counts(pool, EMPTY_SOUTH_HANDS)
    sliced = CLOCK() - start
    twin = sliced / EMPTY_SOUTH_HANDS * 24_804
    out = stone_outcome(empty, 1)
    agree = "sum=1" if out.south + out.north + out.tie == 1 and out.pairs == 24_804 * 20_825 else "NO"
    rows.append(("outcome, empty vs empty (est. twin)", fast, twin, agree, "< 10 ms", _verdict(fast, 0.010)))

    # 4. whole-position analysis
    fast = median_seconds(lambda: analyze(midgame), args.repeat)
    twin = median_seconds(lambda: slow.analyze(midgame), 1)
    agree = "yes" if same_analysis(fast_analysis_facts(midgame), slow.analyze(midgame)) else "NO"
    rows.append(("analyze() midgame, 9 stones", fast, twin, agree, "< 50 ms", _verdict(fast, 0.050)))
    fast = median_seconds(lambda: analyze(early), args.repeat)
    rows.append(("analyze() early game, 7 empty stones", fast, None, "", "< 50 ms", _verdict(fast, 0.050)))

    # 5. tactics: a Joker under Mud fight with both sides incomplete, then a whole tactics midgame
    joker_mud = Position.from_notation(JOKER_MUD)
    fast = median_seconds(lambda: stone_outcome(joker_mud, 1), args.repeat)
    twin = median_seconds(lambda: slow.tactics_outcome(joker_mud, 1), args.slow_repeat)
    out = stone_outcome(joker_mud, 1)
    agree = "yes" if (out.south, out.north, out.tie) == slow.tactics_outcome(joker_mud, 1) else "NO"
    rows.append(("tactics outcome, Joker + Mud, both incomplete", fast, twin, agree, "", ""))
    tactics_mid = load("23_tactics_midgame.json")  # troops, Mud fight and Blind-man's bluff; every stone touched
    fast = median_seconds(lambda: fast_claims(tactics_mid), args.repeat)
    twin = median_seconds(lambda: slow_claims(tactics_mid), args.slow_repeat)
    agree = "yes" if fast_claims(tactics_mid) == slow_claims(tactics_mid) else "NO"
    rows.append(("tactics claims, all 18 pairs (midgame)", fast, twin, agree, "", ""))
    fast = median_seconds(lambda: analyze(tactics_mid), args.repeat)
    twin = median_seconds(lambda: slow.tactics_analyze(tactics_mid), 1)
    agree = "yes" if same_analysis(fast_analysis_facts(tactics_mid), slow.tactics_analyze(tactics_mid)) else "NO"
    rows.append(("analyze() tactics midgame, 9 stones", fast, twin, agree, "< 100 ms", _verdict(fast, 0.100)))
    strict = RuleSet("tactics", strict_proofs=True)
    fast = median_seconds(lambda: analyze(tactics_mid, rules=strict), args.repeat)
    rows.append(("analyze() tactics midgame, strict proofs", fast, None, "", "< 100 ms", _verdict(fast, 0.100)))
    joker_early = median_seconds(lambda: analyze(joker_mud), args.repeat)
    rows.append(("analyze() tactics early game, Joker + Mud", joker_early, None, "", "< 100 ms", _verdict(joker_early, 0.100)))

    header = ("benchmark", "fast ms", "slow twin ms", "ratio", "agree", "target", "")
    table = [header] + [
        (
            name,
            fmt_ms(f),
            "-" if s is None else fmt_ms(s),
            "-" if s is None else f"{s / f:,.0f}x",
            agree,
            target,
            ok,
        )
        for name, f, s, agree, target, ok in rows
    ]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for i, r in enumerate(table):
        print("  ".join(c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths))).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print(
        f"\nmedians of {args.repeat} calls (x10 for single claims) after a warm-up; slow twins: "
        f"{args.slow_repeat} calls, analyze twin 1 call; the empty-vs-empty twin enumerates "
        f"{EMPTY_SOUTH_HANDS} of the 24,804 south hands against every north hand and is extrapolated; "
        "the tactics twins try every identity of every wild troop (no strict-proof twin)."
    )
    print(f"cold start (fresh interpreter: import, hand tables, first analyze()): {fmt_ms(cold_start())} ms")
    print(
        "cold start, tactics midgame (the same, plus the wild-troop and Mud fight tables it needs): "
        f"{fmt_ms(cold_start('23_tactics_midgame.json'))} ms"
    )
    failed = any(r[3] == "NO" for r in rows)
    if failed:
        print("MISMATCH between a fast computation and its slow twin", file=sys.stderr)
    return 1 if failed else 0


def cold_start(name: str = "13_midgame.json") -> float:
    """Seconds from a fresh interpreter's import of the analysis to its first analyze() of a position."""
    code = (
        f"import time; t = time.{CLOCK.__name__}(); "
        "from schotten_lab.analysis import analyze; from schotten_lab.core import Position; "
        f"analyze(Position.from_json(open({str(POSITIONS / name)!r}).read())); "
        f"print(time.{CLOCK.__name__}() - t)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return float(result.stdout)


def _verdict(seconds: float, target: float) -> str:
    return "ok" if seconds < target else "SLOW"


if __name__ == "__main__":
    sys.exit(main())
