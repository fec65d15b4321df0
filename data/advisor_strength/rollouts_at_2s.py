"""Rollouts the default advisor (2 s a move, compiled rollouts loaded) plays at each of its moves of
a game against the strong greedy (games of seed 0, the advisor south and first), from any
folder: python data/advisor_strength/rollouts_at_2s.py GAMES. One line a move (game, move,
rollouts, moves searched), then the least, the median and the most."""
import sys, statistics
sys.path.insert(0, str(__import__('pathlib').Path(__file__).resolve().parents[2]))
from schotten_lab.bots import advisor as A, rollouts as R, make_bot
from schotten_lab.core.rules import Player
from schotten_lab.game import new_game, apply_turn
from schotten_lab.play.loop import seeded_deal
R.warm()
counts = []
for g in range(int(sys.argv[1])):
    state = new_game('base', False, deal=seeded_deal(0, g, 'base'), first=Player.SOUTH)
    other = make_bot('greedy', seed=g)
    k = 0
    while not state.over:
        if state.to_move == Player.SOUTH:
            adv = A.advise(state.observation(Player.SOUTH), seed=k, explain_all=False, history=state.turns)
            if adv.rollouts:
                counts.append(adv.rollouts)
                print(g, k, adv.rollouts, len([m for m in adv.moves if m.samples]), flush=True)
            d = adv.decision(); k += 1
        else:
            d = other.decide(state.observation(state.to_move), state.turns)
        state, _ = apply_turn(state, d)
print('moves', len(counts), 'min', min(counts), 'median', statistics.median(counts), 'max', max(counts), 'first moves', counts[:3])
