"""The advisor's answers on 42 positions, recorded to compare two trees (issue 18 item 4: one search
over a game interface had to leave every answer unchanged).

    python scripts/advise_record.py OUT.json [--against BEFORE.json]

Records ``advise(position, budget=Budget(rollouts=300), seed=S).to_dict()`` (minus ``seconds``) for seeds 0 and 1
(and seed 0 with ``explain_all=False``) on every file of data/positions, the README's and issue 19's
positions, random base and expert games, empty-deck endgames, moves that win at once, random tactics
games and a pending Headhunter; and ``compare_turns`` on a base, a tactics and a Headhunter position.
With ``--against``, prints how many answers are identical and the first differences. About 3 minutes
on the plain rollouts. Writes only OUT.json.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bots"))

from advisor_games import before_the_win, endgame, played  # type: ignore[import-not-found]  # noqa: E402
from test_tactics_search import random_state  # type: ignore[import-not-found]  # noqa: E402
from schotten_lab.bots import Budget
from schotten_lab.bots.advisor import advise, compare_turns  # noqa: E402
from schotten_lab.bots.determinize import observation  # noqa: E402
from schotten_lab.core.load import load_position_text  # noqa: E402
from schotten_lab.core.position import Position  # noqa: E402
from schotten_lab.game import GameState, apply_turn, new_game  # noqa: E402
from schotten_lab.game.playout import random_decision  # noqa: E402


def record() -> dict[str, object]:
    positions: dict[str, Position] = {}
    for path in sorted((ROOT / "data/positions").glob("*.json")):
        positions[path.stem] = load_position_text(path.read_text()).position
    positions["readme"] = Position.from_notation("B1-/Y6R7-/P3-/-B3R6/-R2P1/P8-B7/R4-R9/R5N7-P6/-Y8 P2G7P5G9N6R1 ?6 s d26")
    positions["small"] = Position.from_notation("R8R9-/-B5/-/-/-/-/-/-/- R7B1G2Y4P5N3 ?6 s")
    positions["wins_at_once"] = Position.from_notation("R7R8R9*-B1B3Y5@s/G7G8G9*-Y1Y3P5@s/N7N8-P1P2/-/-/-/-/-/- N9R5R6Y2Y4Y6 ?6 s")
    positions["issue19_endgame"] = Position.from_notation(
        "P1-Y9P6P3*/G3G4P8-N4R2P2*@s/G2Y8-B9B4R4*/N6N1-B5R9/N5R7G8*-P9R8/Y3Y4N2*-/Y2P7R3*-G5N7/"
        "Y5B7R5-B2N8N9*@n/R1N3-P4B8Y7*@n ?5 G6Y1B3G9R6G1 n d0")
    for seed, turns, expert in ((1, 0, False), (2, 10, False), (3, 20, False), (4, 30, False), (5, 15, True), (6, 27, True)):
        sim = played(seed, turns, expert)
        if sim.winner < 0:
            positions[f"base_{seed}_{turns}_{expert}"] = observation(sim, sim.to_move)
    for seed, n, expert in ((0, 3, False), (1, 4, False), (2, 3, True), (0, 5, False)):
        sim = endgame(seed, n, expert)
        if sim is not None:
            positions[f"endgame_{seed}_{n}_{expert}"] = observation(sim, sim.to_move)
    for seed, expert in ((3, False), (4, True)):
        sim = before_the_win(seed, expert)
        if sim is not None:
            positions[f"before_win_{seed}_{expert}"] = observation(sim, sim.to_move)
    for seed, turns, expert in ((1, 10, False), (2, 30, False), (3, 50, True), (4, 70, False)):
        st = random_state(seed, turns, expert)
        if not st.over:
            positions[f"tactics_{seed}_{turns}_{expert}"] = st.observation(st.to_move)
    for seed in range(200):
        st = random_state(seed, 200, stop_at_pending=True)
        if st.pending is not None and st.pending.returns == 2 and len(st.observation(st.to_move).hands[st.to_move] or ()) >= 5:
            positions[f"headhunter_{seed}"] = st.observation(st.to_move)
            break

    out: dict[str, object] = {}
    for name, pos in positions.items():
        for seed in (0, 1):
            for kw in ({}, {"explain_all": False}) if seed == 0 else ({},):
                key = f"{name} seed={seed} {kw}"
                try:
                    d = advise(pos, budget=Budget(rollouts=300), seed=seed, **kw).to_dict()  # type: ignore[arg-type]
                    d.pop("seconds")
                except Exception as exc:  # record the refusal
                    d = {"error": f"{type(exc).__name__}: {exc}"}
                out[key] = d
                print(key, d.get("method", d.get("error")), flush=True)
    # compare_turns on a base and a tactics position
    for name in ("13_midgame", "23_tactics_midgame", "headhunter_" + [k for k in positions if k.startswith("headhunter_")][0].split("_")[1]):
        pos = positions[name]
        adv = advise(pos, budget=Budget(rollouts=100), seed=3)
        decided = [m.turn() for m in adv.moves[:4]]
        out[f"compare {name}"] = compare_turns(pos, decided, 30, 7)
    print(len(positions), "positions")
    return out


def compare(a: dict[str, object], b: dict[str, object]) -> None:
    """Print how many of ``a``'s answers ``b`` gives identically, and the first differences."""
    bad = [k for k in a if a[k] != b.get(k)]
    print(f"{len(a)} records, {len(a) - len(bad)} identical, {len(bad)} differ")
    for k in bad[:10]:
        x, y = a[k], b.get(k)
        print("DIFF", k)
        if isinstance(x, dict) and isinstance(y, dict):
            for f in x:
                if x[f] != y.get(f):
                    print("  ", f, str(x[f])[:200], "->", str(y.get(f))[:200])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="where to write the answers (JSON)")
    parser.add_argument("--against", type=Path, help="answers recorded before, to compare with")
    args = parser.parse_args()
    out = record()
    args.out.write_text(json.dumps(out, indent=1, sort_keys=True, default=str))
    if args.against is not None:
        compare(json.loads(args.against.read_text()), json.loads(args.out.read_text()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
