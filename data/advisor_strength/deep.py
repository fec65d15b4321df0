"""Games START..START+N of seed 0 against the strong greedy (base game unless "expert"), the advisor
south in even games, moving first (variants.py's setting), with the look-ahead of its play-outs
given or automatic. Usage, from the repository's root:

    python data/advisor_strength/deep.py N START '{"rollouts": 5000, "lookahead": 4, "reps": 4}'

"lookahead" absent: automatic (advisor.lookahead_for); "reps": rollouts.NEXT_TURN_ROLLOUTS. One line a game
(score, running total, CPU seconds per advisor move), then the total with its Wilson interval."""
import sys, json, time
sys.path.insert(0, str(__import__('pathlib').Path(__file__).resolve().parents[2]))
from schotten_lab.bots import advisor as A, rollouts as R
from schotten_lab.bots import Budget, make_bot
from schotten_lab.core.rules import Player
from schotten_lab.game import new_game, apply_turn
from schotten_lab.play.loop import seeded_deal
from schotten_lab.play.arena import wilson
N = int(sys.argv[1]); START = int(sys.argv[2]); kw = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
opp = kw.pop('opp', 'greedy'); expert = kw.pop('expert', False)
R.NEXT_TURN_ROLLOUTS = kw.pop('reps', R.NEXT_TURN_ROLLOUTS)
shown = dict(kw, reps=R.NEXT_TURN_ROLLOUTS, opp=opp, expert=expert)
kw['budget'] = Budget(rollouts=kw.pop('rollouts'))
R.warm()
score = 0; moves = 0; spent = 0.0
for g in range(START, START+N):
    state = new_game('base', expert, deal=seeded_deal(0, g, 'base'), first=Player.SOUTH)
    adv_seat = Player.SOUTH if g % 2 == 0 else Player.NORTH
    other = make_bot(opp, seed=g)
    while not state.over:
        seat = state.to_move
        if seat == adv_seat:
            t = time.process_time()
            d = A.advise(state.observation(seat), seed=g*1000+len(state.turns), explain_all=False, history=state.turns, **kw).decision()
            spent += time.process_time() - t; moves += 1
        else:
            d = other.decide(state.observation(seat), state.turns)
        state, _ = apply_turn(state, d)
    w = state.winner
    score += 0.5 if w is None else float(w == adv_seat)
    print(f'game {g}: {0.5 if w is None else float(w == adv_seat)} running {score}/{g-START+1} {spent/moves:.3f} s/move', flush=True)
lo, hi = wilson(score, N)
print(json.dumps(shown), f'{score}/{N} = {score/N:.3f} [{lo:.3f}, {hi:.3f}] {spent/moves:.3f} CPU s/move', flush=True)
