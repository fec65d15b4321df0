"""The tactics advisor that sees the opponent's true hand (the decks stay hidden and shuffled): the
ceiling of any reading of the opponent's plays (round 16). Runs ``benchmarks/advisor.py`` with its
arguments, so the games, seats and seeds are the match's, game by game, with two patches:

- the game state notes itself whenever an observation of it is made (the loop makes the mover's
  just before its decision);
- every shuffle of a list holding exactly the hidden clan cards (or the hidden tactics cards) of the
  seat to move then puts the opponent's true cards of that kind first, the rest in their shuffled
  order: the tactics search deals the opponent the first cards of each kind
  (``TacticsView.deal``), so every deal gives it its true hand, and the random stream is untouched.

``SIGHT=clan`` or ``SIGHT=tactics`` shows one kind only (default both). From the repository's root:

    python data/advisor_strength/tactics_sighted.py --variant tactics --against greedy-tactics --iterations 1000 --games 100 --seed 0 --verbose
"""

import atexit
import os
import random
import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from schotten_lab.bots.tactics_sim import hand_code  # noqa: E402
from schotten_lab.core.rules import Player  # noqa: E402
from schotten_lab.game.state import GameState  # noqa: E402

CURRENT: list[tuple[GameState, object]] = []
SIGHTED = [0]
KINDS = os.environ.get("SIGHT", "clan,tactics").split(",")
atexit.register(lambda: print("sighted deals:", SIGHTED[0], file=sys.stderr))

_observation = GameState.observation


def observation(self, player):  # type: ignore[no-untyped-def]
    CURRENT[:] = [(self, player)]
    return _observation(self, player)


_shuffle = random.Random.shuffle


def shuffle(self, x):  # type: ignore[no-untyped-def]
    _shuffle(self, x)
    if not CURRENT or not x or not isinstance(x[0], int):
        return
    state, player = CURRENT[0]
    me = 0 if Player.parse(player) is Player.SOUTH else 1
    hand = [hand_code(c) for c in state.hands[1 - me]]
    for kind, held, deck in (
        ("clan", [c for c in hand if c < 54], [hand_code(c) for c in state.clan_deck]),
        ("tactics", [c for c in hand if c >= 54], [hand_code(c) for c in state.tactics_deck]),
    ):
        if kind in KINDS and len(x) == len(held) + len(deck) and sorted(x) == sorted(held + deck):
            left, rest = list(held), []
            for c in x:
                if c in left:
                    left.remove(c)
                else:
                    rest.append(c)
            x[:] = held + rest
            SIGHTED[0] += 1
            return


GameState.observation = observation  # type: ignore[method-assign]
random.Random.shuffle = shuffle  # type: ignore[method-assign]
sys.argv = ["benchmarks/advisor.py", *sys.argv[1:]]
runpy.run_path("benchmarks/advisor.py", run_name="__main__")
