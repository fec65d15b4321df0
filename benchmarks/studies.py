"""The studies of notebooks 11-13 at full size, written as data to ``data/studies/``.

    python benchmarks/studies.py --study first      [--scale full|ci] [--out data/studies] [--seed 0]
    python benchmarks/studies.py --study folk       ...
    python benchmarks/studies.py --study tournament ...
    python benchmarks/studies.py --study all        ...
    python benchmarks/studies.py --report           (the headline figures of the runs, as markdown)

- ``first``: the first player's score between two copies of each bot (random on the compiled kernel
  and on the engine, policy, greedy, the advisor at 30 and 100 rollouts a move): ``first_player.csv``
  (one row per bot, 95% Wilson and exact intervals), ``first_player_running.csv`` (the estimate and
  its interval after 1, 2, ... games, log-spaced), ``stones.csv`` (how often the holder of each stone
  won), ``endings.csv`` (three adjacent stones or five).
- ``folk``: each piece of folk advice (``bots/folk.py``) against the baseline policy, every deal
  played twice with the seats swapped: ``folk.csv``.
- ``tournament``: a round robin of random, greedy, policy and the advisor at 30 and 100 rollouts,
  seats alternating: ``tournament.csv`` and ``ratings.csv`` (bootstrap intervals).

Each study also writes ``<study>.json``: the exact command, the sizes, the seed, the seconds it took
and the git commit. ``--scale ci`` runs every study tiny (a smoke test of this script). At scale, the
first-player and folk games run on ``--jobs J`` local processes or a Dask cluster (``--dask
tcp://host:8786``, or ``--dask local``), with exactly the rows of one process (each game is fixed by
its seed and index); the tournament runs in one process. The studies are also independent, so they
can run side by side.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from schotten_lab.bots.folk import ADVICE  # noqa: E402
from schotten_lab.play import studies  # noqa: E402
from schotten_lab.play.distributed import ClusterError, Runner  # noqa: E402

SCALES: dict[str, dict[str, Any]] = {
    "full": {
        "fast_random": 100_000,
        "first": {"random": 1_000, "policy": 10_000, "greedy": 400, "advisor-30": 200, "advisor-100": 100},
        "folk_deals": 2_000,
        "tournament_bots": ["random", "greedy", "policy", "advisor-30", "advisor-100"],
        "tournament_games": 40,
        "resamples": 300,
    },
    "ci": {
        "fast_random": 2_000,
        "first": {"random": 10, "policy": 20, "greedy": 4, "advisor-30": 2},
        "folk_deals": 10,
        "tournament_bots": ["random", "greedy", "policy"],
        "tournament_games": 4,
        "resamples": 20,
    },
}


def log(message: str) -> None:
    print(f"[{datetime.now(timezone.utc):%H:%M:%S}] {message}", flush=True)


FIRST_ORDER = ("random (fast)", "random", "policy", "greedy")


RUNNER = Runner()
"""Where the games run (``--jobs`` / ``--dask``): the same rows in the same order as one process."""


def first(scale: dict[str, Any], seed: int, out: Path, bots: list[str] | None = None) -> dict[str, Any]:
    """The first-player study, one bot at a time: each bot's games go to ``games/first-<bot>.csv``
    (with the command that made them), and the summary tables are rebuilt from every bot's games
    found there, so a study split between processes (``--bots``) ends in one set of tables."""
    games_dir = out / "games"
    games_dir.mkdir(exist_ok=True)
    wanted = ["random (fast)", *scale["first"]] if bots is None else bots
    for name in wanted:
        started = time.perf_counter()
        if name == "random (fast)":
            table = studies.random_first_player_games(scale["fast_random"], seed)
        else:
            table = studies.first_player_games(name, scale["first"][name], seed, label=name, runner=RUNNER)
        slug = name.replace(" ", "-").replace("(", "").replace(")", "")
        table.to_csv(games_dir / f"first-{slug}.csv", index=False)
        meta = {"command": COMMAND, "games": len(table), "seconds": round(time.perf_counter() - started, 1), "commit": COMMIT}
        (games_dir / f"first-{slug}.json").write_text(json.dumps(meta) + "\n")
        log(f"{name}: {len(table)} games in {meta['seconds']} s, first player {table['first_score'].mean():.3f}")
    return summarize_first(out)


def summarize_first(out: Path) -> dict[str, Any]:
    """Rebuild the first-player tables from every bot's games in ``out/games``."""
    found = {path: json.loads(path.with_suffix(".json").read_text()) for path in sorted((out / "games").glob("first-*.csv"))}
    tables = [pd.read_csv(path) for path in found]
    rank = {name: i for i, name in enumerate(FIRST_ORDER)}
    tables.sort(key=lambda t: (rank.get(t["bot"].iloc[0], len(rank)), str(t["bot"].iloc[0])))
    games = pd.concat(tables, ignore_index=True)
    studies.first_player_table(games).to_csv(out / "first_player.csv", index=False)
    running = [
        studies.running_estimate(group["first_score"], at=studies.log_spaced(len(group))).assign(bot=bot)
        for bot, group in games.groupby("bot", sort=False)
    ]
    pd.concat(running, ignore_index=True).to_csv(out / "first_player_running.csv", index=False)
    studies.stone_table(games).to_csv(out / "stones.csv", index=False)
    studies.endings_table(games).to_csv(out / "endings.csv", index=False)
    return {
        "games": {str(t["bot"].iloc[0]): len(t) for t in tables},
        "commands": sorted({m["command"] for m in found.values()}),
        "bot_seconds": round(sum(m["seconds"] for m in found.values()), 1),
    }


def folk(scale: dict[str, Any], seed: int, out: Path) -> dict[str, Any]:
    per_game = []
    for advice in ADVICE:
        table, seconds = studies.timed(lambda: studies.folk_games(advice, scale["folk_deals"], seed, runner=RUNNER))
        per_game.append(table)
        log(f"{advice}: {len(table)} games in {seconds:.0f} s, variant {table['variant_score'].mean():.3f}")
    studies.folk_table(pd.concat(per_game, ignore_index=True)).to_csv(out / "folk.csv", index=False)
    return {"deals_per_advice": scale["folk_deals"], "games_per_advice": 2 * scale["folk_deals"]}


def tournament(scale: dict[str, Any], seed: int, out: Path) -> dict[str, Any]:
    bots = {name: studies.bot_maker(name) for name in scale["tournament_bots"]}
    table = studies.tournament(bots, scale["tournament_games"], seed)
    table.to_csv(out / "tournament.csv", index=False)
    studies.rating_intervals(table, scale["resamples"], seed).to_csv(out / "ratings.csv", index=False)
    return {"bots": scale["tournament_bots"], "games_per_pair": scale["tournament_games"], "resamples": scale["resamples"]}


COMMAND = "python benchmarks/studies.py"
COMMIT = "unknown"
STUDIES = {"first": first, "folk": folk, "tournament": tournament}


def report(out: Path) -> None:
    """Print the headline figures of the committed runs in ``out`` as markdown tables (for the README)."""
    first_table = pd.read_csv(out / "first_player.csv")
    print("| two equal bots | games | first player's score (95% Wilson) | exact 95% | p (no edge) |\n|---|---|---|---|---|")
    for r in first_table.itertuples():
        exact = f"{100 * r.exact_low:.1f}\u2013{100 * r.exact_high:.1f}%"
        print(f"| {r.bot} | {r.games:,} | {studies.rate_text(r.rate, r.ci_low, r.ci_high)} | {exact} | {r.p_value:.2g} |")
    folk_table = pd.read_csv(out / "folk.csv")
    print("\n| advice | games | score following it (95% Wilson) | Elo | p | verdict |\n|---|---|---|---|---|---|")
    for r in folk_table.itertuples():
        print(f"| {r.saying} | {r.games:,} | {studies.rate_text(r.rate, r.ci_low, r.ci_high)} | {r.elo_gap:+.0f} | {r.p_value:.2g} | {r.verdict} |")
    ratings = pd.read_csv(out / "ratings.csv")
    print("\n| bot | rating (95% bootstrap) |\n|---|---|")
    for r in ratings.itertuples():
        print(f"| {r.bot} | {r.elo:.0f} ({r.elo_low:.0f}\u2013{r.elo_high:.0f}) |")


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--study", choices=(*STUDIES, "all"), default="all")
    parser.add_argument("--scale", choices=tuple(SCALES), default="full")
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "studies")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", help="first study only: these bots (comma-separated, e.g. 'random (fast),policy'), "
                        "their games kept in games/ and the tables rebuilt from all the games there")
    parser.add_argument("--jobs", type=int, default=1, help="local processes for the first-player and folk games")
    parser.add_argument("--dask", metavar="ADDRESS", help="run those games on a Dask scheduler (tcp://host:port) or 'local'")
    parser.add_argument("--report", action="store_true", help="print the headline figures of the runs in --out and stop")
    args = parser.parse_args()
    if args.report:
        report(args.out)
        return
    global COMMAND, COMMIT, RUNNER
    try:
        RUNNER = Runner(jobs=args.jobs, dask=args.dask)
    except ClusterError as error:
        parser.error(str(error))
    COMMAND = command = "python benchmarks/studies.py " + shlex.join(sys.argv[1:])
    COMMIT = commit()  # the code that runs: taken at the start, not when the study ends
    args.out.mkdir(parents=True, exist_ok=True)
    for name in STUDIES if args.study == "all" else (args.study,):
        started = time.perf_counter()
        log(f"study {name}, scale {args.scale}")
        if name == "first" and args.bots:
            sizes = first(SCALES[args.scale], args.seed, args.out, [b.strip() for b in args.bots.split(",")])
        else:
            sizes = STUDIES[name](SCALES[args.scale], args.seed, args.out)
        meta = {
            "study": name,
            "command": command,
            "scale": args.scale,
            "seed": args.seed,
            "sizes": sizes,
            "seconds": round(time.perf_counter() - started, 1),
            "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "commit": COMMIT,
        }
        (args.out / f"{name}.json").write_text(json.dumps(meta, indent=2) + "\n")
        log(f"study {name} done in {meta['seconds']} s")


if __name__ == "__main__":
    main()
