"""The advisor in the tactics variant: its view of the hidden cards, its deals, and its moves,
checked against the engine (which knows the true deal)."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schotten_lab.bots import Budget
from schotten_lab.bots import AdvisorBot, advise, answer, make_bot
from schotten_lab.bots.tactics_search import TacticsMove, candidates, play_move, tactics_view_of
from schotten_lab.bots.tactics_sim import TACTICS_CODE, from_state, hand_code
from schotten_lab.core.position import Position
from schotten_lab.core.rules import PLAYERS
from schotten_lab.game import GameState, apply_turn, new_game, observation_from_dict, state_from_position
from schotten_lab.game.playout import random_decision
from schotten_lab.play.arena import timed_game


def random_state(seed: int, turns: int, expert: bool = False, stop_at_pending: bool = False) -> GameState:
    """A tactics game after ``turns`` random decisions (sooner when it ends)."""
    rng = random.Random(seed)
    state = new_game("tactics", expert, seed=seed)
    for _ in range(turns):
        if state.over or (stop_at_pending and state.pending is not None):
            break
        previous = state
        state, _ = apply_turn(state, random_decision(state, rng))
        if state.over:
            return previous if previous.pending is None else state
    return state


def true_hidden(state: GameState) -> tuple[list[int], list[int]]:
    """The hidden cards of the mover, in the order :meth:`TacticsView.deal` takes them: the
    opponent's hand, then the deck from its top (clan, and tactics)."""
    them = state.hands[1 - PLAYERS.index(state.to_move)]
    clan = [hand_code(c) for c in them if not isinstance(c, str)] + [hand_code(c) for c in state.clan_deck]  # type: ignore[arg-type]
    tactics = [hand_code(c) for c in them if isinstance(c, str)] + [hand_code(c) for c in state.tactics_deck]  # type: ignore[arg-type]
    return clan, tactics


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 70), expert=st.booleans())
def test_the_view_deals_the_true_state_back_from_the_true_hidden_order(seed: int, turns: int, expert: bool) -> None:
    """The view sees exactly what is hidden: dealt in the true order, it is the engine's state; any
    sample keeps the table, the mover's hand, the hand sizes and the hidden cards (as multisets)."""
    state = random_state(seed, turns, expert)
    if state.over or state.pending is not None:
        return
    view = tactics_view_of(state.observation(state.to_move))
    clan, tactics = true_hidden(state)
    assert sorted(clan) == sorted(view.hidden_clan) and sorted(tactics) == sorted(view.hidden_tactics)
    dealt = view.deal(clan, tactics)
    truth = from_state(state)
    assert [sorted(h) for h in dealt.hands] == [sorted(h) for h in truth.hands]
    assert dealt.clan_deck == truth.clan_deck and dealt.tactics_deck == truth.tactics_deck
    assert dealt.sides == truth.sides and dealt.modes == truth.modes and dealt.claimed == truth.claimed
    assert dealt.discard == truth.discard and dealt.played == truth.played and dealt.jokers == truth.jokers
    assert dealt.gone == truth.gone
    for p in (0, 1):
        assert dealt.claimable(p) == truth.claimable(p)
    sample = view.sample(random.Random(seed))
    me = view.me
    assert sample.hands[me] == truth.hands[me] or sorted(sample.hands[me]) == sorted(truth.hands[me])
    assert len(sample.hands[1 - me]) == len(truth.hands[1 - me])
    assert len(sample.clan_deck) == len(truth.clan_deck) and len(sample.tactics_deck) == len(truth.tactics_deck)
    assert sorted(sample.hands[1 - me] + sample.clan_deck + sample.tactics_deck) == sorted(clan + tactics)


def test_the_deals_are_uniform_within_each_kind() -> None:
    """Each hidden tactics card lies in the opponent's hand in a share of the samples close to
    (tactics cards the opponent holds) / (hidden tactics cards), whatever the card."""
    state = random_state(11, 24)
    view = tactics_view_of(state.observation(state.to_move))
    assert view.opponent_tactics > 0 and len(view.hidden_tactics) > view.opponent_tactics
    rng = random.Random(0)
    counts: Counter[int] = Counter()
    n = 4000
    for _ in range(n):
        sim = view.sample(rng)
        counts.update(c for c in set(sim.hands[1 - view.me]) if c >= 54)
    share = view.opponent_tactics / len(view.hidden_tactics)
    single = [code for code, k in Counter(view.hidden_tactics).items() if k == 1]
    assert single
    for code in single:  # one copy: in the opponent's hand with probability exactly ``share``
        assert abs(counts[code] / n - share) < 0.035, (code, counts[code] / n, share)


def test_a_view_that_does_not_add_up_names_the_field() -> None:
    state = random_state(3, 10)
    obs = state.observation(state.to_move)
    opponent = state.to_move.opponent
    broken = type(obs)(**{**obs.__dict__, "hand_sizes": {state.to_move: obs.hand_sizes[state.to_move], opponent: 0}})
    with pytest.raises(ValueError, match=f"hand_sizes.{opponent.value}"):
        tactics_view_of(broken)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 60), expert=st.booleans())
def test_every_ranked_move_is_a_legal_turn_for_the_engine(seed: int, turns: int, expert: bool) -> None:
    """The advice lists only turns the engine accepts (play, claims, deck, or a Headhunter put-back),
    and the claims it shows are those the engine's own rules allow after that play."""
    state = random_state(seed, turns, expert, stop_at_pending=True)
    if state.over:
        return
    advice = advise(state.observation(state.to_move), budget=Budget(rollouts=40), seed=seed, explain_all=False)
    assert advice.moves and advice.best.win is not None
    assert advice.best.reason
    for move in advice.moves:
        after, turn = apply_turn(state, {"player": state.to_move.value, **move.turn_dict()})
        if state.pending is None and after.pending is None:  # a Headhunter's claims come with its put-back
            assert turn.to_dict()["claim"] == list(move.claims), move.label()
        if move.deck is not None and not after.over and after.pending is None:
            assert turn.to_dict().get("deck") == move.deck


def test_a_pending_headhunter_is_answered_by_the_search() -> None:
    """After a Headhunter the advisor chooses which cards to put back, among every choice."""
    for seed in range(200):
        state = random_state(seed, 200, stop_at_pending=True)
        if state.pending is not None and state.pending.returns == 2:
            break
    else:
        pytest.fail("no pending Headhunter in 200 random games")
    obs = state.observation(state.to_move)
    advice = advise(obs, budget=Budget(rollouts=60), seed=1)
    hand = obs.hands[state.to_move] or ()
    choices = {tuple(sorted(m.put_back)) for m in advice.moves}
    assert all(len(c) == 2 for c in choices)
    assert len(choices) == len({tuple(sorted(map(str, pair))) for pair in combinations(hand, 2)})
    decision = AdvisorBot(budget=Budget(rollouts=30), seed=2).decide(obs)
    assert set(decision.to_dict()) >= {"player", "return"} and "play" not in decision.to_dict()
    assert answer(AdvisorBot(budget=Budget(rollouts=30), seed=2), json.dumps(obs.to_dict())) == decision.to_dict()  # the line protocol too
    after, _ = apply_turn(state, decision)
    assert after.pending is None and after.to_move is state.to_move.opponent or after.over


def test_the_search_is_reproducible_with_an_iteration_budget() -> None:
    state = random_state(5, 20)
    obs = state.observation(state.to_move)
    one = advise(obs, budget=Budget(rollouts=60), seed=3)
    two = advise(obs, budget=Budget(rollouts=60), seed=3)
    assert [m.to_dict() for m in one.moves] == [m.to_dict() for m in two.moves]


def test_a_headhunter_move_plays_its_put_back_in_the_search() -> None:
    """Headhunter on the search state draws its decks and leaves the hand one card up (3 drawn, 2
    back), with no draw after: as in the engine with the same put-back."""
    for seed in range(300):
        state = random_state(seed, 30)
        plays = [p for p in state.legal_plays() if p.card == "HEADHUNTER" and len(p.decks) == 3]
        if plays and not state.over and not state.rules.expert:
            break
    else:
        pytest.fail("no Headhunter to play")
    sim = from_state(state)
    size = len(sim.hands[sim.to_move])
    me = sim.to_move
    play_move(sim, TacticsMove(plays[0]))
    assert len(sim.hands[me]) == size + 3 - 2 - 1  # the Headhunter itself left the hand
    assert TACTICS_CODE["HEADHUNTER"] in sim.discard


@pytest.mark.parametrize("expert", [False, True])
def test_the_advisor_plays_whole_legal_tactics_games(expert: bool) -> None:
    """The arena refuses illegal turns: a finished game is a legal one (the greedy bot opposite)."""
    result = timed_game((AdvisorBot(budget=Budget(rollouts=20), seed=1), make_bot("greedy", seed=2)), seed=7, expert=expert, variant="tactics")
    assert result.turns > 10 and result.winner in (-1, 0, 1)


def test_the_line_protocol_answers_a_tactics_request_with_a_deck() -> None:
    state = random_state(2, 6)
    line = json.dumps(state.observation(state.to_move).to_dict())
    reply = answer(AdvisorBot(budget=Budget(rollouts=20), seed=0), line)
    assert "error" not in reply and reply["player"] == state.to_move.value
    assert reply["deck"] in ("clan", "tactics") and "estimate" in reply and reply["reason"]
    apply_turn(state, reply)


def test_a_troop_with_a_chosen_identity_can_be_taken() -> None:
    """A Spy whose owner already chose B7 is named by its kind in a play (the engine's way): the
    search state finds it, and the advisor's Banshee on it is a legal turn."""
    position = Position.from_notation("B2-N4/-/R4R5R6*-Y7Y8[SPY=B7]/-/G3-P8/-/-/-/- B1G5N6Y6[BANSHEE][MUD]R1 ?7 s d35 tactics t5 p0:1")
    advice = advise(position, budget=Budget(rollouts=40), seed=0)
    spy = [m for m in advice.moves if m.play is not None and m.play.card == "BANSHEE" and m.play.target == "SPY"]
    assert spy
    state = state_from_position(position)
    for move in spy:
        after, _ = apply_turn(state, {"player": "south", **move.turn_dict()})
        assert "SPY" in after.discard


def test_jokers_played_are_read_from_the_table_when_the_request_leaves_them_out() -> None:
    """A plain position@1 line (no ``jokers_played``) with north's Joker on the table: north may not
    play the second one, and a list that leaves north out is refused naming the field."""
    line = Position.from_notation("-[JOKER]/-/-/-/-/-/-/-/- ?7 B1G5N6Y6[JOKER]R1R2 n d41 tactics t8 p0:1").to_dict()
    reply = answer(AdvisorBot(budget=Budget(rollouts=30), seed=0), json.dumps(line))
    assert "error" not in reply and (reply["play"] or {}).get("card") != "JOKER"
    advice = advise(observation_from_dict(line), budget=Budget(rollouts=30), seed=0)
    assert not [m for m in advice.moves if m.play is not None and m.play.card == "JOKER"]
    refused = answer(AdvisorBot(budget=Budget(rollouts=30), seed=0), json.dumps(line | {"jokers_played": ["south"]}))
    assert "jokers_played" in refused["error"]


@pytest.mark.parametrize(
    "pending",
    [{"kind": "headhunter", "return": 8}, {"kind": "headhunter", "return": -1}, {"kind": "headhunter", "return": True}],
)
def test_a_pending_headhunter_that_cannot_be_is_refused_naming_the_field(pending: dict[str, object]) -> None:
    for seed in range(200):
        state = random_state(seed, 200, stop_at_pending=True)
        if state.pending is not None:
            break
    line = state.observation(state.to_move).to_dict() | {"pending": pending}
    reply = answer(AdvisorBot(budget=Budget(rollouts=20), seed=0), json.dumps(line))
    assert "pending" in reply["error"]
    without = {k: v for k, v in state.observation(state.to_move).to_dict().items() if k != "pending"}
    without["discard"] = [c for c in without["discard"] if c != "HEADHUNTER"]
    reply = answer(AdvisorBot(budget=Budget(rollouts=20), seed=0), json.dumps(without | {"pending": {"kind": "headhunter", "return": 1}}))
    assert "error" in reply


def test_no_search_width_still_searches_one_move() -> None:
    state = random_state(4, 12)
    advice = advise(state.observation(state.to_move), budget=Budget(rollouts=20), seed=0, width=0)
    assert advice.best.win is not None and advice.rollouts >= 20


def test_a_move_that_wins_the_game_draws_nothing() -> None:
    """The game ends with the claims: no deck to choose (nor to search twice)."""
    position = Position.from_notation("R1R2R3*-B1B5/R4R5R6*-G1G7/R7R8-/-/-/-/-/-/- R9Y1Y2Y3P1P2P3 ?7 s d28 tactics t10 p0:0")
    advice = advise(position, budget=Budget(rollouts=30), seed=0)
    winning = [m for m in advice.moves if m.claims == (1, 2, 3)]
    assert winning and all(m.deck is None for m in winning)
    assert advice.best in winning and advice.best.win == 1.0
    others = [m for m in advice.moves if m.claims != (1, 2, 3)]
    assert others and all(m.deck in ("clan", "tactics") for m in others)


def test_an_estimate_from_unanimous_deals_keeps_an_error() -> None:
    from schotten_lab.bots.advice import win_estimate

    assert win_estimate([1.0] * 8) == (1.0, pytest.approx(((9 / 10) * (1 / 10) / 10) ** 0.5))
    assert win_estimate([0.0, 1.0])[1] == pytest.approx(0.5)


def test_a_put_back_searches_the_most_promising_choices_with_more_deals() -> None:
    """After a Headhunter every choice is listed, the rollout's own first, and only the
    :data:`PUT_BACKS_SEARCHED` most promising (the cards the mover can best spare) are searched, so
    the chosen one rests on many deals (it was about 4 a choice with all 36 searched)."""
    from schotten_lab.bots.tactics_policy import keep_value, put_back_choice
    from schotten_lab.bots.tactics_search import PUT_BACKS_SEARCHED

    for seed in range(200):
        state = random_state(seed, 200, stop_at_pending=True)
        if state.pending is not None and state.pending.returns == 2 and len(state.observation(state.to_move).hands[state.to_move] or ()) >= 5:
            break
    else:
        pytest.fail("no pending Headhunter in 200 random games")
    obs = state.observation(state.to_move)
    view = tactics_view_of(obs)
    moves, searched, _claims = candidates(view, obs, 10)
    assert len(searched) == PUT_BACKS_SEARCHED < len(moves)
    assert searched[0].put_back == tuple(sorted(put_back_choice(sorted(view.hand), 2)))
    sim = view.neutral()
    given_up = [sum(keep_value(sim, view.me, c) for c in m.put_back or ()) for m in moves[1:]]
    assert given_up == sorted(given_up)  # after the rollout's own choice, least given up first
    advice = advise(obs, budget=Budget(rollouts=300), seed=1)
    assert advice.moves[0].samples >= 50
    assert sum(1 for m in advice.moves if m.samples) == PUT_BACKS_SEARCHED
