"""A tactics game's review under several seeds: CPU seconds, labels and the turns whose label differs.

    python data/advisor_strength/tactics_review_stability.py CANDIDATES CAP SEEDS

The game is `greedy-tactics` against itself, game 0 of seed 0 (`play_game`); it is reviewed at the
default budget (200 rollouts a turn) with review seeds 0 to SEEDS - 1, the review's tactics
candidates set to CANDIDATES (`review_measure.CANDIDATES`, 12: every searched move, the tactics rule since
round 15; the advisor's top 2 before) and its cap to CAP times the rollouts (`TACTICS_MAX_DEALS_FACTOR`: 24 since
round 15; 3 before). Round 14's runs: `2 3 2` and `12 3 2` (logs `r26_tactics_review_2_3.log`,
`r26_tactics_review_12_3.log`); round 15's: `2 3 5`, `2 24 5`, `6 24 5` and `12 24 5` (logs
`r27_tactics_review_*_5.log`)."""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from schotten_lab.play import review_measure  # noqa: E402
from schotten_lab.play.loop import Matchup, play_game  # noqa: E402
from schotten_lab.play.review import review_game  # noqa: E402

review_measure.CANDIDATES = int(sys.argv[1])  # (TACTICS_CANDIDATES until round 15)
review_measure.TACTICS_MAX_DEALS_FACTOR = int(sys.argv[2])
record = play_game(Matchup("greedy-tactics", "greedy-tactics", variant="tactics"), 0, 0)
labels = []
for seed in range(int(sys.argv[3])):
    started = time.process_time()
    review = review_game(record, seed=seed)
    seconds = time.process_time() - started
    labels.append([turn.label for turn in review.turns])
    print("seed", seed, "CPU seconds", round(seconds, 1), "labels", sum(1 for label in labels[-1] if label), flush=True)
differ = [k + 1 for k in range(len(labels[0])) if len({seen[k] for seen in labels}) > 1]
print("turns", len(labels[0]), "differ", len(differ), differ)
