import sys, json, os
sys.path.insert(0, str(__import__('pathlib').Path(__file__).resolve().parents[2]))
from schotten_lab.bots import advisor as A, rollouts as R, inference as I
from schotten_lab.bots import Budget, make_bot
from schotten_lab.core.rules import Player
from schotten_lab.game import new_game, apply_turn
from schotten_lab.play.loop import seeded_deal
from schotten_lab.play.arena import wilson
N = int(sys.argv[1]); START = int(sys.argv[2]); kw = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
opp = kw.pop('opp', 'greedy'); expert = kw.pop('expert', False)
doubt = kw.pop('doubt', None); look = kw.pop('look', I.LOOK_BACK)
shown = dict(kw)
if 'iterations' in kw:  # the README's '{"iterations": 1000}': a Budget of rollouts
    kw['budget'] = Budget(rollouts=kw.pop('iterations'))
if doubt is not None:
    R.arrivals = lambda v, h, beats: I.arrivals(v, h, doubt, look, beats)
R.warm()
score = 0
for g in range(START, START+N):
    state = new_game('base', expert, deal=seeded_deal(0, g, 'base'), first=Player.SOUTH)
    adv_seat = Player.SOUTH if g % 2 == 0 else Player.NORTH
    other = make_bot(opp, seed=g)
    while not state.over:
        seat = state.to_move
        if seat == adv_seat:
            d = A.advise(state.observation(seat), seed=g*1000+len(state.turns), explain_all=False, history=state.turns if doubt is not None else None, **kw).decision()
        else:
            d = other.decide(state.observation(seat), state.turns)
        state, _ = apply_turn(state, d)
    w = state.winner
    score += 0.5 if w is None else float(w == adv_seat)
lo, hi = wilson(score, N)
print(json.dumps(dict(shown, doubt=doubt, look=look, opp=opp, expert=expert)), f'{score}/{N} = {score/N:.3f} [{lo:.3f}, {hi:.3f}]', flush=True)
