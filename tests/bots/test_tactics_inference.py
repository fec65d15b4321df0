"""The tactics advisor's weighted deals (:mod:`schotten_lab.bots.tactics_inference`,
:meth:`.tactics_search.TacticsGame.deal_cards`).

- random players' histories, every kind of play in them, are read without error;
- every hand the strong tactics heuristic really held in its games fits what its plays say (no card
  of it counted as unfit), at every decision of seeded ``greedy-tactics`` games, both timings;
  the reading is not empty; the cards it played that came in after an older turn spend that turn's
  draws (:func:`~.inference.kept_draws`), which makes its true hands more likely;
- the reading uses only what the player to move has seen: turns that name every card drawn read
  the same as the turns a seat record shows;
- the deals follow the weights: each opponent hand's frequency matches ``doubt ** unfit``
  normalised, computed by enumeration on a small hidden set, also where nearly every hand has a
  card that does not fit; the law by classes (:func:`hand_law`, its draws and its ``chance``) gives
  every hand the probability of its slow twin, the enumeration of every hand (hypothesis);
- no history, a foreign, short or unreadable one leave the deals uniform and the random stream the
  one before (the same advice as without a reading); on the clock the reading stops in time;
- the batch of deals still gives the deal-by-deal rows with a reading.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import random_decision
from schotten_lab.bots import make_bot
from schotten_lab.bots.advice import deal_by_deal
from schotten_lab.bots.inference import UNIFORM, Arrivals, kept_draws, unfit
from schotten_lab.bots import tactics_inference, tactics_search
from schotten_lab.bots.tactics_inference import NOTHING_READ, Reading, hand_law, misfits, read_hand
from schotten_lab.bots.tactics_search import TacticsGame, TacticsView, tactics_view_of
from schotten_lab.bots.tactics_sim import hand_code
from schotten_lab.core.rules import Player
from schotten_lab.game import GameState, apply_turn, new_game, record_from_game, seat_record
from schotten_lab.game.deal import deal as make_deal


def _greedy_game(seed: int, expert: bool) -> list[tuple[GameState, tuple[Any, ...], tuple[int, ...]]]:
    """Every ordinary decision of a ``greedy-tactics`` game against itself: (the state, the history,
    the opponent's true hand as codes)."""
    state = new_game("tactics", expert, deal=make_deal(0, seed, "tactics"), first=Player.SOUTH)
    bots = {seat: make_bot("greedy-tactics", seed=seed * 2 + i) for i, seat in enumerate((Player.SOUTH, Player.NORTH))}
    seen = []
    while not state.over:
        seat = state.to_move
        if state.pending is None:
            other = state.hands[1 - (seat is Player.NORTH)]
            seen.append((state, tuple(state.turns), tuple(map(hand_code, other))))  # type: ignore[arg-type]
        state, _ = apply_turn(state, bots[seat].decide(state.observation(seat), state.turns))
    return seen


def _read(view: TacticsView, history: Any) -> Reading:
    return read_hand(view.me, view.expert, view.sides, view.claimed, view.hidden_clan, view.hidden_tactics, history)


@pytest.mark.parametrize("expert", [False, True])
def test_the_heuristics_real_hands_always_fit(expert: bool) -> None:
    """The opponent is the model: its true hand never has an unfit card, and cards of both kinds are read."""
    clan = tactics = decisions = 0
    for seed in range(5):
        for state, history, hand in _greedy_game(seed, expert):
            view = tactics_view_of(state.observation(state.to_move))
            found = _read(view, history)
            assert misfits(found, [c for c in hand if c < 54], [c for c in hand if c >= 54]) == 0, (seed, len(history), hand)
            decisions += 1
            clan += sum(1 for x in view.hidden_clan if not found.clan.uniform and found.clan.newer[x])
            tactics += sum(1 for x in set(view.hidden_tactics) if not found.tactics.uniform and found.tactics.newer[x])
    assert decisions > 150
    assert clan > 5 * decisions  # on average more than five unseen clan cards argued against a decision
    assert tactics > decisions  # and more than one tactics card


def test_the_played_cards_spend_draws() -> None:
    """A card played at a recent turn that an older turn's play rules out came in after that turn:
    one draw fewer for the hand from there on, and every turn's room at most an older one's."""
    assert kept_draws((0, 1, 2, 3, 4), [3, 0]) == (0, 1, 2, 2, 3)
    assert kept_draws((0, 1, 2, 3, 4), [2, 3]) == (0, 1, 1, 1, 2)
    assert kept_draws((0, 1, 1), [2, 0]) == (0, 0, 0)


def test_the_played_cards_make_the_true_hands_more_likely(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over six ``greedy-tactics`` games, the true hands' mean log chance under the deals' law is higher
    when the played cards spend draws than when they do not (and higher than uniform deals')."""
    decisions = [d for seed in range(6) for d in _greedy_game(seed, seed % 2 == 1)]

    def mean_log_chance() -> float:
        total = 0.0
        for state, history, hand in decisions:
            game = TacticsGame(state.observation(state.to_move), history=history)
            clan_law, tactics_law = game.laws
            view = game.view
            total += math.log(clan_law.chance(view.hidden_clan, [c for c in hand if c < 54]))
            total += math.log(tactics_law.chance(view.hidden_tactics, [c for c in hand if c >= 54]))
        return total / len(decisions)

    with_played = mean_log_chance()
    monkeypatch.setattr(tactics_inference, "kept_draws", lambda draws, came_after: tuple(draws))
    without = mean_log_chance()
    monkeypatch.setattr(tactics_search, "read_hand", lambda *args, **kwargs: NOTHING_READ)
    uniform = mean_log_chance()
    assert with_played > without + 0.1 > uniform + 0.1, (with_played, without, uniform)


def test_every_kind_of_play_is_read() -> None:
    """Random players make every kind of play (ruses, combat modes, Headhunters, passes): at each of
    their decisions the history is read (the heuristic scores every legal play), and read as something."""
    decisions = read = 0
    kinds: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game("tactics", seed % 2 == 1, seed=seed)
        while not state.over:
            if state.pending is None and state.turns:
                view = tactics_view_of(state.observation(state.to_move))
                decisions += 1
                read += not _read(view, state.turns).uniform
            state, turn = apply_turn(state, random_decision(state, rng))
            kinds.add("pass" if turn.play is None else turn.play.kind)
    assert {"clan", "troop", "mode", "BANSHEE", "TRAITOR", "STRATEGIST", "HEADHUNTER"} <= kinds
    assert read > 0.9 * decisions


def test_the_reading_uses_only_what_the_seat_saw() -> None:
    """The game's own turns name the opponent's draws and a Headhunter's cards; the turns of the
    seat's record hide them: the reading is the same."""
    for state, history, _hand in _greedy_game(3, False)[10::7]:
        view = tactics_view_of(state.observation(state.to_move))
        seat = state.to_move
        seen = seat_record(record_from_game(state), seat).turns
        assert _read(view, history) == _read(view, seen)


def test_no_history_or_a_foreign_one_leaves_the_deals_uniform() -> None:
    state, history, _ = _greedy_game(1, False)[24]
    view = tactics_view_of(state.observation(state.to_move))
    other, other_history, _ = _greedy_game(2, False)[24]
    assert _read(view, None) is NOTHING_READ and _read(view, []) is NOTHING_READ
    assert _read(view, other_history) is NOTHING_READ  # another game's table
    assert _read(view, history[:-1]) is NOTHING_READ  # one turn short
    assert _read(view, [{"player": "east", "play": None, "claim": []}]) is NOTHING_READ
    assert _read(view, [{"player": "south", "play": {"card": "Q9", "stone": 1}, "claim": []}]) is NOTHING_READ
    assert _read(view, ["not a turn"]) is NOTHING_READ
    assert not _read(view, history).uniform


def test_on_the_clock_the_reading_stops_at_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``until`` in the past reads nothing; far ahead, everything (the same as no clock); a clock
    that runs out after a few turns keeps the more recent turns' reading."""
    state, history, _ = _greedy_game(1, False)[30]
    view = tactics_view_of(state.observation(state.to_move))
    full = _read(view, history)
    args = (view.me, view.expert, view.sides, view.claimed, view.hidden_clan, view.hidden_tactics, history)
    assert read_hand(*args, until=0.0) is NOTHING_READ
    assert read_hand(*args, until=math.inf) == full
    ticks = iter(range(10**6))
    monkeypatch.setattr(tactics_inference.time, "perf_counter", lambda: float(next(ticks)))  # one tick a look
    short = read_hand(*args, until=2.5)  # three turns read
    monkeypatch.undo()
    assert not short.uniform and short != full and len(short.clan.draws) == 4 < len(full.clan.draws)


def test_without_a_reading_the_deals_are_the_uniform_stream() -> None:
    """No history: :meth:`TacticsGame.deal_cards` draws what :meth:`TacticsView.sample` always drew."""
    state, _history, _ = _greedy_game(1, True)[20]
    game = TacticsGame(state.observation(state.to_move))
    assert game.reading is NOTHING_READ
    for seed in range(5):
        a, b = random.Random(seed), random.Random(seed)
        assert game.deal(a).hands == game.view.sample(b).hands and a.random() == b.random()


def test_the_deals_follow_the_weights() -> None:
    """Five hidden clan cards and three tactics cards, the opponent holding two and one: each hand's
    frequency over 20,000 deals against the exact law ``doubt ** misfits`` normalised (every count
    within 4.5 standard deviations)."""
    state, _history, _ = _greedy_game(4, False)[30]
    game = TacticsGame(state.observation(state.to_move))
    hidden = list(game.view.hidden_clan)[:5]
    codes = sorted(set(game.view.hidden_tactics))[:3]
    game.view = dataclasses.replace(game.view, hidden_clan=tuple(hidden), opponent_clan=2, hidden_tactics=tuple(codes), opponent_tactics=1)
    newer = [0] * 54
    newer[hidden[0]], newer[hidden[1]], newer[hidden[2]] = 1, 1, 2
    tactics_newer = [0] * 64
    tactics_newer[codes[0]] = 1
    game.reading = weights = Reading(Arrivals(tuple(newer), (0, 1, 1)), Arrivals(tuple(tactics_newer), (0, 0)), 0.25)
    rng = random.Random(7)
    counts: dict[tuple[frozenset[int], int], int] = {}
    deals = 20_000
    for _ in range(deals):
        clan, tactics = game.deal_cards(rng)
        hand = (frozenset(clan[:2]), tactics[0])
        counts[hand] = counts.get(hand, 0) + 1
    law = {(frozenset(h), t): 0.25 ** misfits(weights, h, [t]) for h in itertools.combinations(hidden, 2) for t in codes}
    total = sum(law.values())
    assert set(counts) <= set(law) and len(set(law.values())) > 2
    for hand, weight in law.items():
        p = weight / total
        expected = deals * p
        assert abs(counts.get(hand, 0) - expected) <= 4.5 * math.sqrt(deals * p * (1 - p)) + 1, (hand, counts.get(hand), expected)


def _law_of_each_hand(law: Any, cards: list[int], hand: int) -> dict[tuple[int, ...], float]:
    """The probability :func:`hand_law`'s ``law`` gives each hand (as sorted positions in ``cards``)."""
    total = law.cumulative[-1]
    out: dict[tuple[int, ...], float] = {}
    previous = 0.0
    for counts, running in zip(law.counts, law.cumulative):
        weight, previous = running - previous, running
        hands = list(itertools.product(*(itertools.combinations(c, k) for c, k in zip(law.classes, counts))))
        for parts in hands:
            out[tuple(sorted(i for part in parts for i in part))] = weight / len(hands) / total
    return out


@given(
    st.integers(4, 11).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 4), min_size=n, max_size=n),  # each card's newer
            st.integers(0, min(n, 6)),  # the opponent's hand
            st.lists(st.integers(0, 3), min_size=4, max_size=4),  # draws' steps
            st.sampled_from([0.5, 0.1, 0.01, 1e-6]),
        )
    )
)
def test_the_law_by_classes_is_the_law_of_every_hand(case: tuple[list[int], int, list[int], float]) -> None:
    """Slow twin: every hand of the hidden cards, weighted ``doubt ** unfit`` and normalised, has the
    probability the law by classes gives it."""
    newer_of, hand, steps, doubt = case
    cards = [3 * k + 1 for k in range(len(newer_of))]
    newer = [0] * 54
    for x, j in zip(cards, newer_of):
        newer[x] = j
    arrivals = Arrivals(tuple(newer), tuple(itertools.accumulate([0, *steps])), doubt)
    hands = itertools.combinations(range(len(cards)), hand)
    weights = {h: doubt ** unfit([cards[i] for i in h], arrivals) for h in hands}
    total = sum(weights.values())
    law = hand_law(arrivals, cards, hand, doubt)
    found = _law_of_each_hand(law, cards, hand)
    assert set(found) == set(weights)
    for h, weight in weights.items():
        assert math.isclose(found[h], weight / total, rel_tol=1e-9, abs_tol=1e-15), h
        assert math.isclose(law.chance(cards, [cards[i] for i in h]), weight / total, rel_tol=1e-9, abs_tol=1e-15), h
    rng = random.Random(len(cards) * 7 + hand)
    dealt = hand_law(arrivals, cards, hand, doubt).deal(cards, rng)
    assert sorted(dealt) == cards  # every hidden card dealt once: the hand, then the decks
    uniform = _law_of_each_hand(hand_law(UNIFORM, cards, hand, doubt), cards, hand)
    assert all(math.isclose(p, 1 / math.comb(len(cards), hand)) for p in uniform.values())


def test_the_deals_follow_the_weights_where_few_hands_fit() -> None:
    """Eight of ten hidden clan cards argued against at the opponent's last turn, one draw since, a
    hand of three and a doubt of one in a million: rejection at most 64 times kept a hand that does
    not fit most of the time; the law's deals give the only hand that fits (the two cards never argued
    against and one argued-against card drawn since) in all but one deal in thousands."""
    state, _history, _ = _greedy_game(4, False)[30]
    game = TacticsGame(state.observation(state.to_move))
    hidden = list(game.view.hidden_clan)[:10]
    game.view = dataclasses.replace(game.view, hidden_clan=tuple(hidden), opponent_clan=3)
    newer = [0] * 54
    for x in hidden[2:]:
        newer[x] = 1
    game.reading = Reading(Arrivals(tuple(newer), (0, 1), 1e-6), UNIFORM, 1e-6)
    rng = random.Random(3)
    fits = sum(misfits(game.reading, game.deal_cards(rng)[0][:3], []) == 0 for _ in range(5_000))
    assert fits >= 4_990
    assert math.comb(8, 1) / math.comb(10, 3) < 0.07  # a uniform shuffle fits 1 time in 15


def test_the_batch_gives_the_deal_by_deal_rows_with_a_reading() -> None:
    """Plain and compiled paths: a search reading the opponent's plays still plays each deal's
    moves as one deal at a time would, and the reading changes the rows."""
    for k, compiled in ((18, False), (30, True)):
        state, history, _ = _greedy_game(5, k % 2 == 0)[k]
        position = state.observation(state.to_move)
        game = TacticsGame(position, compiled=compiled, history=history)
        assert not game.reading.uniform
        moves = game.searched(game.moves()[0])
        rows = game.batch()(moves, 12, 3)
        assert rows == deal_by_deal(game.deal, game.play_out)(moves, 12, 3)
        assert rows != TacticsGame(position, compiled=compiled).batch()(moves, 12, 3)
