import sys, os, json
sys.path.insert(0, str(__import__('pathlib').Path(__file__).resolve().parents[2]))
from schotten_lab.bots import rollout_kernel as K
from schotten_lab.bots.rollout_kernel import copy_state, rng_below, TO_MOVE, HANDS, HAND_N, DECK, DECK_N

def deal_into(base, hidden, opponent_cards, r, target, newer, draws, doubt):
    # the kernel's signature; no reading of the opponent's plays: its true hand is dealt (see init below)
    copy_state(base, target)
    n = len(hidden)
    for i in range(n - 1, 0, -1):
        j = rng_below(r, i + 1)
        x = hidden[i]
        hidden[i] = hidden[j]
        hidden[j] = x
    other = 1 - base[TO_MOVE]
    if base[HAND_N + other] > 0:
        for j in range(n):
            target[DECK + j] = hidden[j]
        target[DECK_N] = n
        return
    for j in range(opponent_cards):
        target[HANDS + 6 * other + j] = hidden[j]
    target[HAND_N + other] = opponent_cards
    for j in range(n - opponent_cards):
        target[DECK + j] = hidden[opponent_cards + j]
    target[DECK_N] = n - opponent_cards
K.deal_into = deal_into
from schotten_lab.bots import rollouts as R, advisor as A
from schotten_lab.bots import Budget, make_bot
from schotten_lab.core.rules import Player
from schotten_lab.game import new_game, apply_turn
from schotten_lab.play.loop import seeded_deal
from schotten_lab.play.arena import wilson
TRUE = []
orig_init = R.Rollouts.__init__
def init(self, view, *a, **k):
    orig_init(self, view, *a, **k)
    if TRUE:
        other = 1 - view.me
        for j, c in enumerate(TRUE):
            self._base[R.HANDS + 6*other + j] = c
        self._base[R.HAND_N + other] = len(TRUE)
        self._hidden = [c for c in self._hidden if c not in TRUE]
R.Rollouts.__init__ = init
A.Rollouts = R.Rollouts
N = int(sys.argv[1]); START = int(sys.argv[2]); kw = json.loads(sys.argv[3]); cheat = sys.argv[4] == 'cheat'
shown = dict(kw)
if 'iterations' in kw:  # the README's '{"iterations": 300}': a Budget of rollouts
    kw['budget'] = Budget(rollouts=kw.pop('iterations'))
R.warm()
score = 0
for g in range(START, START+N):
    state = new_game('base', False, deal=seeded_deal(0, g, 'base'), first=Player.SOUTH)
    adv_seat = Player.SOUTH if g % 2 == 0 else Player.NORTH
    other = make_bot('greedy', seed=g)
    while not state.over:
        seat = state.to_move
        if seat == adv_seat:
            if cheat:
                TRUE[:] = [c.index for c in state.observation(seat.opponent).clan_hand(seat.opponent)]
            d = A.advise(state.observation(seat), seed=g*1000+len(state.turns), explain_all=False, **kw).decision()
        else:
            d = other.decide(state.observation(seat), state.turns)
        state, _ = apply_turn(state, d)
    w = state.winner
    score += 0.5 if w is None else float(w == adv_seat)
lo, hi = wilson(score, N)
print('sighted' if cheat else 'uniform', json.dumps(shown), f'{score}/{N} = {score/N:.3f} [{lo:.3f}, {hi:.3f}]', flush=True)
