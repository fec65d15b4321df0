"""advise() and AdvisorBot: every legal move ranked, seeded, exact at an empty deck, never peeking."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor_games import endgame, played
from schotten_lab.bots import Budget
from schotten_lab.bots.advice import MIN_ROUND
from schotten_lab.bots.advisor import AdvisorBot, PolicyBot, advise, budget_width
from schotten_lab.bots.search_game import FIRST_ROUND_DEALS, MOST_WIDTH, PER_PIECE, ROLLOUTS_A_SECOND, SEARCH_WIDTH, width_for
from schotten_lab.bots.determinize import observation
from schotten_lab.bots.endgame import Solver, moves_of, solve_moves
from schotten_lab.core.errors import ArgumentError
from schotten_lab.core.position import Position
from schotten_lab.core.rules import TACTICS
from schotten_lab.game import apply_turn, legal_plays, new_game
from schotten_lab.play.arena import match, timed_game


def legal_moves(position: Position) -> set[tuple[str, int] | None]:
    """The placements the engine allows (its own rules code, independent of the advisor's)."""
    moves: set[tuple[str, int] | None] = set()
    for play in legal_plays(position):
        data = play.to_dict()
        moves.add((str(data["card"]), int(data["stone"])))
    return moves or {None}


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40), st.booleans())
def test_every_legal_move_is_ranked_once(seed: int, turns: int, expert: bool) -> None:
    sim = played(seed, turns, expert)
    if sim.winner >= 0:
        return
    position = observation(sim, sim.to_move)
    advice = advise(position, budget=Budget(rollouts=40), seed=seed)
    listed = [None if m.card is None else (str(m.card), m.stone) for m in advice.moves]
    assert len(listed) == len(set(listed))
    legal = legal_moves(position)
    assert set(listed) == legal or listed == [None]  # expert: claims that win leave no placement
    for move in advice.moves:
        assert move.win is None or 0.0 <= move.win <= 1.0
        probe = sim.copy()
        if move.card is not None:
            assert probe.turn(move.card.index, (move.stone or 1) - 1) == [s - 1 for s in move.claims]
    assert advice.best.win is not None and advice.best.change == 0.0
    assert advice.moves[0].reason


def test_seeded_and_blind_to_hidden_cards() -> None:
    sim = played(11, 12)
    other = sim.copy()
    hidden = other.hands[1 - other.to_move] + other.deck
    random.Random(5).shuffle(hidden)
    size = len(other.hands[1 - other.to_move])
    other.hands[1 - other.to_move], other.deck = hidden[:size], hidden[size:]
    first = advise(observation(sim, sim.to_move), budget=Budget(rollouts=120), seed=4)
    again = advise(observation(sim, sim.to_move), budget=Budget(rollouts=120), seed=4)
    swapped = advise(observation(other, other.to_move), budget=Budget(rollouts=120), seed=4)
    table = [(m.card, m.stone, m.win, m.samples) for m in first.moves]
    assert table == [(m.card, m.stone, m.win, m.samples) for m in again.moves]
    assert table == [(m.card, m.stone, m.win, m.samples) for m in swapped.moves]
    assert first.rollouts >= 120


def test_exact_at_an_empty_deck() -> None:
    for seed in range(40):
        sim = endgame(seed, 3)
        if sim is not None:
            break
    assert sim is not None
    advice = advise(observation(sim, sim.to_move), budget=Budget(rollouts=10), seed=0)
    assert advice.method == "exact endgame" and all(m.exact for m in advice.moves)
    values = {m: (v + 1) / 2 for m, v, _ in solve_moves(sim)}
    for move in advice.moves:
        key = (-1, -1) if move.card is None else (move.card.index, (move.stone or 1) - 1)
        assert move.win == values[key]
    assert advice.best.win == max(values.values())


def test_a_winning_claim_is_found() -> None:
    # south holds stones 1 and 2; R8 on stone 3 makes a colour run no completion beats: three adjacent
    position = Position.build(
        {1: ("Y1 Y2 Y3", "B1 G2 P4"), 2: ("N7 N8 N9", "B2 G3 P5"), 3: ("R9 R7", "B9 G9")},
        south_hand="R8 R1 B4 G5 P6 N1",
        claimed={1: "south", 2: "south"},
        hand_sizes={"north": 6},
    )
    advice = advise(position, budget=Budget(rollouts=60), seed=1)
    assert advice.best.card is not None and str(advice.best.card) == "R8" and advice.best.stone == 3
    assert advice.best.claims == (3,) and advice.best.win == 1.0
    assert "wins the game" in advice.best.reason
    decision = AdvisorBot(budget=Budget(rollouts=60), seed=0).decide(position)
    assert decision.to_dict()["play"] == {"card": "R8", "stone": 3} and decision.to_dict()["claim"] == [3]


def test_bad_input_gets_a_named_error() -> None:
    hidden = Position.build(hand_sizes={"south": 6, "north": 6})
    with pytest.raises(ValueError, match="hands.south"):
        advise(hidden)
    with pytest.raises(ValueError, match="hands.south"):
        advise(Position.empty(TACTICS))
    with pytest.raises(ValueError, match="budget"):
        AdvisorBot(budget=0)
    with pytest.raises(ValueError, match="budget_seconds"):
        advise(Position.build(south_hand="R1 R2 R3 R4 R5 R6"), budget_seconds=-1)


def test_bots_play_whole_legal_games() -> None:
    """The arena refuses illegal moves, so a finished game is a legal one."""
    result = timed_game((AdvisorBot(budget=Budget(rollouts=10), seed=1), PolicyBot(seed=2)), seed=3)
    assert result.winner in (0, 1, -1) and result.turns > 10
    expert = timed_game((PolicyBot(seed=1), AdvisorBot(budget=Budget(rollouts=10), seed=2)), seed=4, expert=True)
    assert expert.turns > 10
    summary = match(lambda g: PolicyBot(seed=g), lambda g: PolicyBot(seed=g + 1), 4)
    assert summary.games == 4 and 0 <= summary.wins <= 4
    low, high = summary.interval
    assert 0.0 <= low <= summary.rate <= high <= 1.0


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30), st.booleans())
def test_the_ranking_follows_the_change_against_the_chosen_move(seed: int, turns: int, expert: bool) -> None:
    """The chosen move first (change 0); then every searched move by its change, which is never above
    0 under an iteration budget (successive halving keeps the chosen move ahead on the deals both
    played); a move that played as many deals as the chosen one has change = win - chosen win."""
    sim = played(seed, turns, expert)
    if sim.winner >= 0:
        return
    advice = advise(observation(sim, sim.to_move), budget=Budget(rollouts=80), seed=seed)
    best = advice.best
    assert best.change == 0.0 and best.win == advice.current
    searched = [m for m in advice.moves if m.win is not None]
    assert advice.moves[: len(searched)] == tuple(searched)  # moves not searched come last
    changes = [m.change for m in searched]
    assert all(c is not None and c <= 1e-12 for c in changes)
    assert changes == sorted(changes, reverse=True)  # type: ignore[type-var]
    if advice.method.startswith("Monte Carlo"):
        assert all(m.change_stderr is not None for m in searched[1:])
        if len(searched) > 1:  # the chosen move's estimate: 80 / 4 fresh deals, not the search's
            assert best.samples == 20 and advice.rollouts >= 100
            assert "ranked by the change" in advice.table()


def test_an_iteration_budget_solves_endgames_by_nodes_not_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``iterations`` the endgame solver stops on a node count: a clock running 100 s a call
    (a machine under heavy load) changes nothing; without ``iterations`` it falls back to sampling."""
    import time as real_time

    from schotten_lab.bots import endgame as endgame_module

    sim = endgame(0, 5)
    assert sim is not None
    solver = Solver()
    for card, stone in moves_of(sim):
        child = sim.copy()
        child.turn(card, stone)
        if child.winner < 0:
            solver.value(child)
    assert solver.nodes > 1024  # the solver looks at the clock every 1024 nodes: this one does
    position = observation(sim, sim.to_move)
    calm = advise(position, budget=Budget(rollouts=40), seed=3)
    assert calm.method == "exact endgame"
    ticks = iter(range(10**9))
    monkeypatch.setattr(endgame_module.time, "perf_counter", lambda: 100.0 * next(ticks))
    loaded = advise(position, budget=Budget(rollouts=40), seed=3)
    assert [(m.card, m.stone, m.win, m.turns) for m in loaded.moves] == [(m.card, m.stone, m.win, m.turns) for m in calm.moves]
    assert advise(position, budget=Budget(seconds=1.0), seed=3).method == "Monte Carlo over deals"
    assert real_time.perf_counter is endgame_module.time.perf_counter


def test_a_time_budget_stops_between_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is read between rounds of deals (one call of the rollout kernel), never in the middle
    of one: when time runs out during the first round, every searched move has still played that
    round's deals (MIN_ROUND samples each), so no move is chosen, or shown at 0% ± 50, for having been
    reached before the clock ran out."""
    from schotten_lab.bots import advisor as advisor_module

    sim = played(11, 6, False)
    assert sim.winner < 0 and sim.deck
    position = observation(sim, sim.to_move)
    ticks = iter(range(10**9))
    monkeypatch.setattr(advisor_module.time, "perf_counter", lambda: 1000.0 * next(ticks))  # late at once
    advice = advise(position, budget=Budget(seconds=1.0), seed=2)
    searched = [m for m in advice.moves if m.win is not None]
    assert len(searched) > 1
    assert {m.samples for m in searched[1:]} == {MIN_ROUND}
    assert searched[0].samples == MIN_ROUND  # the chosen move's fresh deals: at least one round, clock or not


def test_a_change_alike_on_every_shared_deal_is_not_shown_as_certain() -> None:
    """A move that did exactly as the chosen one on each of its 8 deals has a sample standard error
    of 0: the table says the difference held on all 8 deals, never "±0.0" (a certainty it lacks)."""
    from schotten_lab.bots.advice import Advice, MoveAdvice
    from schotten_lab.core.cards import Card
    from schotten_lab.core.rules import Player

    chosen = MoveAdvice(Card.parse("G7"), 3, (), 0.8, 0.05, 74, 0.0, "chosen")
    alike = MoveAdvice(Card.parse("B8"), 7, (), 1.0, 0.095, 8, 0.0, "alike", change_stderr=0.0)
    worse = MoveAdvice(Card.parse("B8"), 8, (), 0.5, 0.1, 8, -0.25, "spread", change_stderr=0.125)
    lost = MoveAdvice(Card.parse("P5"), 6, (), 0.0, 0.1, 4, -1.0, "lost", change_stderr=0.0)
    lines = Advice(Player.SOUTH, (chosen, alike, worse, lost), 0.8, 0.05, "Monte Carlo over deals", 100, 0.1).table().splitlines()
    assert lines[3].endswith("+0.0 on all 8 deals  alike") and "±" not in lines[3].split("deals", 1)[1]
    assert lines[4].endswith("-25.0 ±12.5  spread")
    assert lines[5].endswith("-100.0 on all 4 deals  lost")
    assert lines[2].endswith("+0.0  chosen")  # the chosen move: no standard error, nothing to add


def test_a_bot_keeps_a_tenth_of_its_budget_for_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the clock the search ends at nine tenths of the budget when only the best move's reason is
    written (a bot's answer), four fifths when every move's is or a reason can be costly (the tactics
    variant), and there at least 0.35 s before the end up to 35% of the budget (room for one costly
    reason: :data:`~schotten_lab.bots.search_game.COSTLY_REASON_SECONDS`); the rest is for the reasons
    and for a last call of play-outs that ends late. A clock that stands still at 100 s, and a search
    stopped once it has its window."""
    from schotten_lab.bots import search_game

    class Windowed(Exception):
        pass

    windows: list[tuple[float, float]] = []

    def search(*args: object, **kwargs: object) -> object:
        window = args[6]
        assert isinstance(window, tuple)
        windows.append(window)
        raise Windowed

    monkeypatch.setattr(search_game, "search", search)
    monkeypatch.setattr(search_game.time, "perf_counter", lambda: 100.0)
    for variant, explain_all, seconds, window in (
        ("base", False, 1.0, 0.9), ("base", True, 1.0, 0.8), ("tactics", False, 2.0, 1.6), ("tactics", False, 1.0, 0.65),
        ("tactics", False, 0.5, 0.325),
    ):  # fmt: skip
        state = new_game(variant, seed=5)
        with pytest.raises(Windowed):
            advise(state.observation(state.to_move), budget=Budget(seconds=seconds), seed=3, explain_all=explain_all)
        assert windows[-1] == (100.0, pytest.approx(100.0 + window))


def test_warm_compiles_every_entry_point_a_search_calls() -> None:
    """:func:`~schotten_lab.bots.rollouts.warm` compiles, besides the batch, the kernel functions a
    search calls from Python (the move ordering's ``placement_value``, the reading of the opponent's
    plays' ``beats``) and switches the tactics search to the compiled rules: none is compiled inside a
    bot's first move (about 0.6 s each on a fresh install, past a short budget)."""
    pytest.importorskip("numba")
    from schotten_lab.bots import rollouts, tactics_sim

    rollouts.warm()
    functions = rollouts.kernel(True)
    assert functions.placement_value.signatures and functions.beats.signatures and functions.play_batch.signatures
    assert tactics_sim.RULES is not tactics_sim.PLAIN_RULES and tactics_sim.RULES.side_best.signatures


def test_the_budget_chooses_how_many_moves_are_searched() -> None:
    """``width_for``: the 10 most promising moves at small budgets; more only while sequential halving's
    first round still gives each of them ``FIRST_ROUND_DEALS`` deals, and never fewer as the budget grows."""
    widths = [width_for(p) for p in range(0, 60_000, 50)]
    assert widths == sorted(widths) and widths[0] == SEARCH_WIDTH and widths[-1] == MOST_WIDTH
    for playouts, width in zip(range(0, 60_000, 50), widths):
        if width > SEARCH_WIDTH:
            assert width * math.ceil(math.log2(width)) * FIRST_ROUND_DEALS <= playouts
        if width < MOST_WIDTH:
            assert (width + 1) * math.ceil(math.log2(width + 1)) * FIRST_ROUND_DEALS > playouts or width == SEARCH_WIDTH
    assert width_for(1_000) == SEARCH_WIDTH < 18 <= width_for(4_800)


def test_a_large_budget_searches_every_card_and_a_small_one_the_ten_most_promising() -> None:
    sim = played(1, 12, False)  # a middle game: on bare stones a card is searched once
    position = observation(sim, sim.to_move)
    hand = {str(card) for card in position.clan_hand(position.to_move) or ()}
    small = advise(position, budget=Budget(rollouts=300), seed=1, explain_all=False)
    large = advise(position, budget=Budget(rollouts=4_800), seed=1, explain_all=False)
    assert sum(m.win is not None for m in small.moves) == SEARCH_WIDTH
    assert {str(m.card) for m in large.moves if m.win is not None} == hand  # every card, on up to 3 stones
    assert SEARCH_WIDTH < sum(m.win is not None for m in large.moves) <= PER_PIECE * len(hand)
    # a width given is kept, by advise and by the bot
    assert sum(m.win is not None for m in advise(position, budget=Budget(rollouts=4_800), seed=1, width=4).moves) == 4
    bot = AdvisorBot(budget=Budget(rollouts=600), seed=0, width=2)
    bot.decide(position)
    assert bot.last is not None and sum(m.win is not None for m in bot.last.moves) == 2
    with pytest.raises(ArgumentError, match="width"):
        AdvisorBot(budget=Budget(rollouts=600), width=-1)


def test_on_the_clock_the_width_follows_a_cautious_pace_and_tactics_keeps_ten() -> None:
    state = new_game("base", seed=3)
    position = state.observation(state.to_move).as_position()
    assert budget_width(position, Budget(seconds=0.05), compiled=True) == SEARCH_WIDTH
    assert budget_width(position, Budget(seconds=2.0), compiled=True) == width_for(2.0 * ROLLOUTS_A_SECOND[True]) > 18
    assert budget_width(position, Budget(seconds=2.0), compiled=False) == width_for(2.0 * ROLLOUTS_A_SECOND[False])
    assert budget_width(position, Budget(rollouts=4_800), compiled=True, lookahead=4) == width_for(4_800 / 16)
    tactics = new_game("tactics", seed=3)
    assert budget_width(tactics.observation(tactics.to_move).as_position(), Budget(rollouts=50_000), compiled=True) == SEARCH_WIDTH
