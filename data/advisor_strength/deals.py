"""How much of the advisor's losses against the strong greedy is the deal? From the logs of four
400-game matches on the same deals and seats (seed 0, games 0-399; the advisor south and first in
even games), each a different advisor (round 8's at 1,000 rollouts with and without reading the
opponent's plays, round 10's at 4,800 with and without the look-ahead): per deal, how many of the
four won it. Usage, from the repository's root:

    python data/advisor_strength/deals.py

Prints the deals by the number of advisors that won them, against what four independent games at
the same overall rate would give (a binomial), and the deals lost by all four."""
import re
from math import comb
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = {
    "1,000 rollouts, reading the plays": "r20_base1000_vs_greedy.log",
    "1,000 rollouts, uniform deals": "r20_base1000_uniform_deals_vs_greedy.log",
    "4,800 rollouts, plain": "r22_base4800_flat_vs_greedy.log",
    "4,800 rollouts, look-ahead 4": "r22_base4800_look4_vs_greedy.log",
}
LINE = re.compile(r"\s+after (\d+) games \(game (\d+)\): ([\d.]+) won")


def per_game(name: str) -> dict[int, float]:
    """Each game's score for the advisor (1, 1/2 or 0), from a log's running totals."""
    out: dict[int, float] = {}
    before = 0.0
    for line in (HERE / name).read_text().splitlines():
        m = LINE.match(line)
        if m:
            total = float(m.group(3))
            out[int(m.group(2))] = total - before
            before = total
    return out


scores = {label: per_game(name) for label, name in RUNS.items()}
for label, games in scores.items():
    print(f"{label}: {sum(games.values()):g}/{len(games)}")
deals = sorted(set.intersection(*(set(g) for g in scores.values())))
won = {d: sum(g[d] for g in scores.values()) for d in deals}
rate = sum(won.values()) / (len(deals) * len(scores))
k = len(scores)
print(f"{len(deals)} deals, {k} advisors, overall {rate:.1%}")
print("advisors that won the deal | deals | if every deal were alike (binomial)")
for wins in range(k, -1, -1):
    seen = sum(1 for d in deals if won[d] == wins)  # a half point matches no row
    expected = len(deals) * comb(k, wins) * rate**wins * (1 - rate) ** (k - wins)
    print(f"{wins} | {seen} | {expected:.1f}")
half = [d for d in deals if won[d] != int(won[d])]
if half:
    print(f"deals with a stalled game (a half point, in no row above): {half}")
print("lost by all four:", [d for d in deals if won[d] == 0])
