"""The slowest legal position for each public function: is every computation bounded?

    python benchmarks/worst_cases.py [--quick]

Runs every public analysis function (and the readers) on every candidate position, every stone
and every player, times each call once, then times the slowest case again (median of 3) and prints
one row per function: the worst time and the case that took it. Candidates: the 23 curated
positions of data/positions/ and the adversarial ones below (empty Mud fight and Blind-man's bluff
stones, both Jokers, complete sides facing empty ones under the strict proof, empty boards), all
legal. A function that refuses a case up front (``TooLargeError``) is timed to its refusal.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schotten_lab.analysis import (  # noqa: E402
    analyze,
    card_probabilities,
    claim,
    completion_odds,
    outs,
    reachable,
    reachable_monte_carlo,
    still_possible,
    stone_outcome,
    stone_outcome_monte_carlo,
    tactics_probabilities,
)
from schotten_lab.analysis.pools import draws_left  # noqa: E402
from schotten_lab.core import PLAYERS, Position, RuleSet, SchottenError, TooLargeError  # noqa: E402

ADVERSARIAL = {
    "empty base board": "-/-/-/-/-/-/-/-/- ?6 ?6 s d42",
    "empty base board, south's hand known": "-/-/-/-/-/-/-/-/- R1B2G3Y4P5N6 ?6 s d42",
    "empty tactics board": "-/-/-/-/-/-/-/-/- ?7 ?7 s d40 tactics t10 p0:0",
    "empty Mud fight stone, hand known": "-+mud/-/Y3-B9/-/-/-/-/-/- R7G3B6Y6P8N1[TRAITOR] ?7 s d40 tactics t7 p0:1",
    "Joker alone under Mud fight": "[JOKER]-+mud/-/Y3-B9/-/-/-/-/-/- R7G3B6Y6P8N1[TRAITOR] ?7 s d40 tactics t6 p1:1",
    "both Jokers under Mud fight": "[JOKER]-[JOKER]+mud/-/-/-/-/-/-/-/- R7G3B6Y6P8N1[TRAITOR] ?7 s d41 tactics t6 p1:2",
    "Mud fight and Blind-man's bluff, empty": "-+mud+blind/-/-/-/-/-/-/-/- R7G3B6Y6P8N1[TRAITOR] ?7 s d41 tactics t7 p1:1",
    "one clan card under Mud fight": "G7-+mud/-/Y3-B9/-/-/-/-/-/- R7G3B6Y6P8N1[TRAITOR] ?7 s d39 tactics t7 p0:1",
    "Joker and Spy under Mud fight": "[JOKER]-[SPY]+mud/-/-/-/-/-/-/-/- R7G3B6Y6P8N1[TRAITOR] ?7 s d41 tactics t6 p1:2",
    "complete side vs empty, strict proofs": "R7R8R9-/-/-/-/-/-/-/-/- ?7 ?7 n d37 tactics t10 p0:0",
    "weak complete side vs empty, base": "R1B2G4-/-/-/-/-/-/-/-/- Y5Y6Y7P1P2P3 ?6 n d39",
}

Case = tuple[str, Callable[[], object]]


def candidates() -> dict[str, Position]:
    out = {p.stem: Position.from_json(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "data" / "positions").glob("*.json"))}
    for name, text in ADVERSARIAL.items():
        out[name] = Position.from_notation(text).validate()
    return out


def cases(positions: dict[str, Position], quick: bool) -> dict[str, list[Case]]:
    """Every call to time, by function name: (description, call)."""
    by_function: dict[str, list[Case]] = {}

    def add(function: str, what: str, call: Callable[[], object]) -> None:
        by_function.setdefault(function, []).append((what, call))

    for name, p in positions.items():
        text, doc = p.notation, p.to_json()
        add("Position.from_json + validate", name, lambda doc=doc: Position.from_json(doc).validate())
        add("Position.from_notation + validate", name, lambda text=text: Position.from_notation(text).validate())
        add("analyze", name, lambda p=p: analyze(p))
        if p.rules.tactics:
            strict = RuleSet("tactics", p.rules.expert, strict_proofs=True)
            add("analyze (strict proofs)", name, lambda p=p, r=strict: analyze(p, rules=r))
            add("tactics_probabilities", name, lambda p=p: tactics_probabilities(p, "south"))
        add("card_probabilities", name, lambda p=p: card_probabilities(p, "south"))
        for n, s in enumerate(p.stones, 1):
            for who in PLAYERS:
                where = f"{name}, stone {n}, {who.value}"
                add("claim", where, lambda p=p, n=n, w=who: claim(p, n, w))
                add("completion_odds", where, lambda p=p, n=n, w=who: completion_odds(p, n, w))
                add("still_possible", where, lambda p=p, n=n, w=who: still_possible(p, n, w))
                add("outs", where, lambda p=p, n=n, w=who: outs(p, n, w, viewer="south"))
                if p.hands[who] is not None and s.claimed is None:
                    most = draws_left(p, who)
                    for draws in sorted({most, most // 2}):
                        add("reachable", f"{where}, {draws} draws", lambda p=p, n=n, w=who, d=draws: reachable(p, n, w, d))
                    if not quick:  # Monte Carlo where the exact count refuses
                        try:
                            reachable(p, n, who, 0)
                        except TooLargeError:
                            add("reachable_monte_carlo (1,000 samples)", f"{where}, {most} draws",
                                lambda p=p, n=n, w=who, d=most: reachable_monte_carlo(p, n, w, d))  # fmt: skip
            add("stone_outcome", f"{name}, stone {n}", lambda p=p, n=n: stone_outcome(p, n))
            if not quick and s.claimed is None:
                add("stone_outcome_monte_carlo (10,000 samples)", f"{name}, stone {n}",
                    lambda p=p, n=n: stone_outcome_monte_carlo(p, n))  # fmt: skip
    return by_function


def once(call: Callable[[], object]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        call()
        outcome = ""
    except TooLargeError:
        outcome = "refused (TooLargeError)"
    except SchottenError as exc:
        outcome = f"error: {type(exc).__name__}"
    return time.perf_counter() - start, outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip the Monte Carlo functions")
    args = parser.parse_args(argv)
    positions = candidates()
    analyze(positions["empty tactics board"])  # build the tables before timing
    total = time.perf_counter()
    print(f"{len(positions)} legal candidate positions\n")
    print(f"| function | calls | slowest (median of 3) | slowest case |")
    print("|---|---|---|---|")
    for function, calls in cases(positions, args.quick).items():
        timed = [(once(call), what, call) for what, call in calls]
        (_, _), what, call = max(timed, key=lambda t: t[0][0])
        again = [once(call) for _ in range(3)]
        median = statistics.median(t for t, _ in again)
        note = again[0][1]
        print(f"| {function} | {len(calls):,} | {median * 1000:,.1f} ms | {what}{'; ' + note if note else ''} |", flush=True)
    print(f"\ntotal {time.perf_counter() - total:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
