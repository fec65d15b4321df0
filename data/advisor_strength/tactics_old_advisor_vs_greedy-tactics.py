"""The advisor of commit 9193245 (a copy of that tree in /tmp/tactics_before, answering through the
bot line protocol) against greedy-tactics (this tree), tactics variant, engine as referee.

    python tactics_old_advisor_vs_greedy-tactics.py iterations 300 FIRST COUNT

Game g: the deal (0, g); the old advisor south (moving first) in even games, north in odd ones,
seeded g; greedy-tactics seeded g. One line a game with the running score (a stalled game: one half).
"""

import json
import os
import subprocess
import sys

from schotten_lab.bots import make_bot
from schotten_lab.game import read_turn
from schotten_lab.play.arena import timed_game

OLD_TREE = "/tmp/tactics_before"


class LineBot:
    """A bot answering through the line protocol from a subprocess of the old tree."""

    name = "old-advisor"

    def __init__(self, args: list[str]) -> None:
        env = dict(os.environ, PYTHONPATH=OLD_TREE)
        self.p = subprocess.Popen([sys.executable, "-m", "schotten_lab", "bot", "advisor", *args], cwd=OLD_TREE,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)

    def decide(self, observation, history=None):
        self.p.stdin.write(json.dumps(observation.to_dict()) + "\n")
        self.p.stdin.flush()
        return read_turn(json.loads(self.p.stdout.readline()))

    def close(self) -> None:
        self.p.stdin.close()
        self.p.wait()


mode, value, first, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
flag = ["--iterations", value] if mode == "iterations" else ["--budget", value]
score = 0.0
for g in range(first, first + n):
    old = LineBot([*flag, "--seed", str(g)])
    greedy = make_bot("greedy-tactics", seed=g)
    r = timed_game((old, greedy) if g % 2 == 0 else (greedy, old), 0, index=g, variant="tactics")
    old.close()
    s = 1.0 if r.winner == g % 2 else 0.5 if r.winner < 0 else 0.0
    score += s
    print(f"game {g}: old advisor {'south' if g % 2 == 0 else 'north'}, result {s}, running {score}/{g - first + 1}", flush=True)
